// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=padded-conv-columns' --meld-fold-unit-extent-dims --canonicalize --meld-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps | FileCheck %s

// Booleans cross kernel boundaries as bytes (the runtime's layout): their
// buffers are i8, written through an extension fused into the op that
// computes them and read through a truncation fused into the op that
// reads them, so that no i1 tensor is stored a byte at a time. The select
// keeps its own comparison.
// CHECK-LABEL: func.func private @mask_kernel_0(
// CHECK-SAME:    %{{.*}}: memref<4x8xf32>, %{{.*}}: memref<4x8xf32>, %{{.*}}: memref<4x8xi8>, %{{.*}}: memref<4x8xf32>, %{{.*}}: index, %{{.*}}: index)
// CHECK:         linalg.generic
// CHECK:           arith.cmpf ogt
// CHECK:           arith.select
// CHECK:         linalg.generic
// CHECK:           %[[B:.*]] = arith.cmpf ogt
// CHECK-NEXT:      %[[E:.*]] = arith.extui %[[B]] : i1 to i8
// CHECK-NEXT:      linalg.yield %[[E]] : i8
// CHECK-NOT:     tensor<4x8xi1>
// CHECK:         return
func.func @mask(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xi1>, tensor<4x8xf32>) {
  %m = meld.compare gt, %x, %y : tensor<4x8xf32>
  %z = meld.select %m, %x, %y : tensor<4x8xi1>, tensor<4x8xf32>
  return %m, %z : tensor<4x8xi1>, tensor<4x8xf32>
}

// A boolean input: its bytes truncated in the op that reads them; a
// gather's element read takes its byte.
// CHECK-LABEL: func.func private @use_mask_kernel_0(
// CHECK-SAME:    %[[M:.*]]: memref<4x8xi8>
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[M]]
// CHECK:         linalg.generic {{.*}} ins(%[[T]], %{{.*}} : tensor<4x8xi8>, tensor<4x8xf32>)
// CHECK:           arith.trunci %{{.*}} : i8 to i1
// CHECK:           arith.select
// CHECK-LABEL: func.func private @gather_mask_kernel_0(
// CHECK-SAME:    %[[G:.*]]: memref<4x8xi8>
// CHECK:         tensor.extract %{{.*}} : tensor<4x8xi8>
// CHECK-NEXT:    arith.trunci %{{.*}} : i8 to i1
func.func @use_mask(%m: tensor<4x8xi1>, %x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = meld.constant dense<0.0> : tensor<4x8xf32>
  %z = meld.select %m, %x, %zero : tensor<4x8xi1>, tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}

func.func @gather_mask(%m: tensor<4x8xi1>, %k: tensor<3xi64>) -> tensor<4x3xi1> {
  %g = meld.gather %m, %k axis = 1 : (tensor<4x8xi1>, tensor<3xi64>) -> tensor<4x3xi1>
  return %g : tensor<4x3xi1>
}

// One boolean input read twice by one op (as the rows' flag and as the
// columns'): each read fused in turn. Fusing the first erased the op while
// the loop still held its second use (a segfault on LAPACK's unrolled LDL
// factorization from the PyTorch frontend).
// CHECK-LABEL: func.func private @twice_kernel_0(
// CHECK-SAME:    %[[V:.*]]: memref<8xi8>
// CHECK:         %[[T:.*]] = bufferization.to_tensor %[[V]]
// CHECK:         linalg.generic {{.*}} ins(%[[T]], %[[T]], 
// CHECK-COUNT-2:   arith.trunci %{{.*}} : i8 to i1
// CHECK-NOT:     tensor<8xi1>
// CHECK:         return
func.func @twice(%v: tensor<8xi1>, %x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %r = meld.broadcast_in_dim %v, dims = [0] : tensor<8xi1> -> tensor<8x8xi1>
  %c = meld.broadcast_in_dim %v, dims = [1] : tensor<8xi1> -> tensor<8x8xi1>
  %a = meld.select %c, %x, %y : tensor<8x8xi1>, tensor<8x8xf32>
  %z = meld.select %r, %a, %y : tensor<8x8xi1>, tensor<8x8xf32>
  return %z : tensor<8x8xf32>
}
