// The maximum over 8 windows with the index of its first maximum, as
// PyTorch's max pools with indices decompose: each step's running maximum
// feeds both the next comparison and the next maximum, and the comparison
// both selects. On GPU targets meld-fuse-elementwise-recompute fuses every
// elementwise producer into every consumer; fully inlined, each step
// doubled the previous one's body (2^k operations: 511 here, and at 12
// windows the compile ran for minutes; a 3-D max pool's 27 never ended,
// test/Codegen/Host/pool-indices-join.mlir). Recomputed
// producers are now bounded by the fused body's size, so the chain is cut
// into several generics.
//
// RUN: meld-compile %s --targets=nvptx -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-fuse-elementwise-recompute 2>&1 | FileCheck %s
// CHECK-LABEL: func.func private @main_kernel_0
// CHECK-COUNT-3: linalg.generic
//
// unittests/Codegen (ProgramFile) compares it with the interpreter, fused
// and unfused, on the host and through the emulated GPU mapping.

func.func @main(%x: tensor<8x6x8xf32>) -> (tensor<1x6x8xf32>, tensor<1x6x8xi64>) {
  %w0 = meld.slice %x start = [0, 0, 0] limit = [1, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w1 = meld.slice %x start = [1, 0, 0] limit = [2, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w2 = meld.slice %x start = [2, 0, 0] limit = [3, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w3 = meld.slice %x start = [3, 0, 0] limit = [4, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w4 = meld.slice %x start = [4, 0, 0] limit = [5, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w5 = meld.slice %x start = [5, 0, 0] limit = [6, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w6 = meld.slice %x start = [6, 0, 0] limit = [7, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %w7 = meld.slice %x start = [7, 0, 0] limit = [8, 6, 8] strides = [1, 1, 1] : tensor<8x6x8xf32> -> tensor<1x6x8xf32>
  %i0 = meld.constant dense<0> : tensor<1x6x8xi64>
  %c1 = meld.constant dense<1> : tensor<1x6x8xi64>
  %g1 = meld.compare gt, %w1, %w0 : tensor<1x6x8xf32>
  %n1 = meld.compare ne, %w1, %w1 : tensor<1x6x8xf32>
  %o1 = meld.or %g1, %n1 : tensor<1x6x8xi1>
  %m1 = meld.select %o1, %w1, %w0 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j1 = meld.select %o1, %c1, %i0 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c2 = meld.constant dense<2> : tensor<1x6x8xi64>
  %g2 = meld.compare gt, %w2, %m1 : tensor<1x6x8xf32>
  %n2 = meld.compare ne, %w2, %w2 : tensor<1x6x8xf32>
  %o2 = meld.or %g2, %n2 : tensor<1x6x8xi1>
  %m2 = meld.select %o2, %w2, %m1 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j2 = meld.select %o2, %c2, %j1 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c3 = meld.constant dense<3> : tensor<1x6x8xi64>
  %g3 = meld.compare gt, %w3, %m2 : tensor<1x6x8xf32>
  %n3 = meld.compare ne, %w3, %w3 : tensor<1x6x8xf32>
  %o3 = meld.or %g3, %n3 : tensor<1x6x8xi1>
  %m3 = meld.select %o3, %w3, %m2 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j3 = meld.select %o3, %c3, %j2 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c4 = meld.constant dense<4> : tensor<1x6x8xi64>
  %g4 = meld.compare gt, %w4, %m3 : tensor<1x6x8xf32>
  %n4 = meld.compare ne, %w4, %w4 : tensor<1x6x8xf32>
  %o4 = meld.or %g4, %n4 : tensor<1x6x8xi1>
  %m4 = meld.select %o4, %w4, %m3 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j4 = meld.select %o4, %c4, %j3 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c5 = meld.constant dense<5> : tensor<1x6x8xi64>
  %g5 = meld.compare gt, %w5, %m4 : tensor<1x6x8xf32>
  %n5 = meld.compare ne, %w5, %w5 : tensor<1x6x8xf32>
  %o5 = meld.or %g5, %n5 : tensor<1x6x8xi1>
  %m5 = meld.select %o5, %w5, %m4 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j5 = meld.select %o5, %c5, %j4 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c6 = meld.constant dense<6> : tensor<1x6x8xi64>
  %g6 = meld.compare gt, %w6, %m5 : tensor<1x6x8xf32>
  %n6 = meld.compare ne, %w6, %w6 : tensor<1x6x8xf32>
  %o6 = meld.or %g6, %n6 : tensor<1x6x8xi1>
  %m6 = meld.select %o6, %w6, %m5 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j6 = meld.select %o6, %c6, %j5 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  %c7 = meld.constant dense<7> : tensor<1x6x8xi64>
  %g7 = meld.compare gt, %w7, %m6 : tensor<1x6x8xf32>
  %n7 = meld.compare ne, %w7, %w7 : tensor<1x6x8xf32>
  %o7 = meld.or %g7, %n7 : tensor<1x6x8xi1>
  %m7 = meld.select %o7, %w7, %m6 : tensor<1x6x8xi1>, tensor<1x6x8xf32>
  %j7 = meld.select %o7, %c7, %j6 : tensor<1x6x8xi1>, tensor<1x6x8xi64>
  return %m7, %j7 : tensor<1x6x8xf32>, tensor<1x6x8xi64>
}
