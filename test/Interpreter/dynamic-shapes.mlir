// Dynamic shapes in the reference interpreter: meld.dim, index arithmetic
// from arith, and sizes(...) operands.
//
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t.b.npy', np.array([10.0, 20.0, 30.0], dtype=np.float32)); np.save('%t.v.npy', np.zeros(7, dtype=np.int32))"
// RUN: meld-run %s --entry flatten_and_bias --input %t.x.npy --input %t.b.npy | FileCheck %s --check-prefix=FLAT
// RUN: meld-run %s --entry index_arith --input %t.v.npy | FileCheck %s --check-prefix=IDX
// RUN: meld-run %s --entry concat_slice --input %t.x.npy --input %t.x.npy | FileCheck %s --check-prefix=CAT
// RUN: meld-run %s --entry flatten_and_bias --random-inputs --dynamic-size=6 | FileCheck %s --check-prefix=RAND
// RUN: meld-run %s --entry flatten_and_bias --random-inputs | FileCheck %s --check-prefix=RAND4

// FLAT: result #0: tensor<6xf32>
// FLAT-NEXT: {{^}}[0, 1, 2, 3, 4, 5]{{$}}
// FLAT-NEXT: result #1: tensor<2x3xf32>
// FLAT-NEXT: {{^\[\[}}10, 21, 32],
// FLAT-NEXT: {{^}} [13, 24, 35]]
// FLAT-NEXT: result #2: tensor<3x2xf32>
// FLAT-NEXT: {{^\[\[}}0, 1],
// FLAT-NEXT: {{^}} [2, 3],
// FLAT-NEXT: {{^}} [4, 5]]
// With --random-inputs every '?' is --dynamic-size (default 4).
// RAND: result #0: tensor<36xf32>
// RAND: result #1: tensor<6x6xf32>
// RAND: result #2: tensor<18x2xf32>
// RAND4: result #0: tensor<16xf32>
// RAND4: result #1: tensor<4x4xf32>
// RAND4: result #2: tensor<8x2xf32>
func.func @flatten_and_bias(%x: tensor<?x?xf32>, %b: tensor<?xf32>)
    -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?x2xf32>) {
  %d0 = meld.dim %x, 0 : tensor<?x?xf32>
  %d1 = meld.dim %x, 1 : tensor<?x?xf32>
  %n = arith.muli %d0, %d1 : index
  %0 = meld.reshape %x sizes(%n) : tensor<?x?xf32> -> tensor<?xf32>
  // Broadcast the bias over the rows of x, then add.
  %bb = meld.broadcast_in_dim %b, dims = [1] sizes(%d0, %d1) : tensor<?xf32> -> tensor<?x?xf32>
  %1 = meld.add %x, %bb : tensor<?x?xf32>
  // Reshape to (n / 2) x 2.
  %c2 = arith.constant 2 : index
  %h = arith.divsi %n, %c2 : index
  %2 = meld.reshape %0 sizes(%h) : tensor<?xf32> -> tensor<?x2xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<?x?xf32>, tensor<?x2xf32>
}

// Index arithmetic on n = 7, shown through the sizes of iotas.
// IDX: result #0: tensor<9xi32>
// IDX-NEXT: {{^}}[0, 1, 2, 3, 4, 5, 6, 7, 8]{{$}}
// IDX: result #1: tensor<4xi32>
// IDX: result #2: tensor<14xi32>
// IDX-NEXT: {{^}}[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]{{$}}
// IDX: result #3: tensor<3xi32>
// IDX: result #4: tensor<4xi32>
// IDX: result #5: tensor<4xi32>
// IDX: result #6: tensor<3xi32>
// IDX: result #7: tensor<1xi32>
// IDX: result #8: tensor<10xi32>
// IDX: result #9: tensor<7xi32>
// IDX: result #10: tensor<0x7xf32>
// IDX-NEXT: {{^}}[]{{$}}
// IDX: result #11: tensor<7x2xi64>
// IDX-NEXT: {{^\[\[}}0, 1],
func.func @index_arith(%v: tensor<?xi32>)
    -> (tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?x?xf32>, tensor<?x2xi64>) {
  %n = meld.dim %v, 0 : tensor<?xi32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c10 = arith.constant 10 : index
  %add = arith.addi %n, %c2 : index
  %sub = arith.subi %n, %c3 : index
  %mul = arith.muli %n, %c2 : index
  // 7 / 2 truncates to 3; ceil(7 / 2) = 4; floor(-7 / 2) = -4; ceil(-7 / 2) = -3.
  %div = arith.divsi %n, %c2 : index
  %ceil = arith.ceildivsi %n, %c2 : index
  %neg = arith.subi %c0, %n : index
  %floorneg = arith.floordivsi %neg, %c2 : index
  %floorabs = arith.subi %c0, %floorneg : index
  %ceilneg = arith.ceildivsi %neg, %c2 : index
  %ceilabs = arith.subi %c0, %ceilneg : index
  %rem = arith.remsi %n, %c3 : index
  %max = arith.maxsi %n, %c10 : index
  %min = arith.minsi %n, %c10 : index
  %0 = meld.iota dim = 0 sizes(%add) : tensor<?xi32>
  %1 = meld.iota dim = 0 sizes(%sub) : tensor<?xi32>
  %2 = meld.iota dim = 0 sizes(%mul) : tensor<?xi32>
  %3 = meld.iota dim = 0 sizes(%div) : tensor<?xi32>
  %4 = meld.iota dim = 0 sizes(%ceil) : tensor<?xi32>
  %5 = meld.iota dim = 0 sizes(%floorabs) : tensor<?xi32>
  %6 = meld.iota dim = 0 sizes(%ceilabs) : tensor<?xi32>
  %7 = meld.iota dim = 0 sizes(%rem) : tensor<?xi32>
  %8 = meld.iota dim = 0 sizes(%max) : tensor<?xi32>
  %9 = meld.iota dim = 0 sizes(%min) : tensor<?xi32>
  // Sizes bind to the '?' dimensions in order.
  %10 = meld.iota dim = 1 sizes(%c0, %n) : tensor<?x?xf32>
  %11 = meld.iota dim = 1 sizes(%n) : tensor<?x2xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>, tensor<?xi32>,
        tensor<?x?xf32>, tensor<?x2xi64>
}

// CAT: result #0: tensor<4x3xf32>
// CAT-NEXT: {{^\[\[}}0, 1, 2],
// CAT-NEXT: {{^}} [3, 4, 5],
// CAT-NEXT: {{^}} [0, 1, 2],
// CAT-NEXT: {{^}} [3, 4, 5]]
// CAT-NEXT: result #1: tensor<2x2xf32>
// CAT-NEXT: {{^\[\[}}1, 2],
// CAT-NEXT: {{^}} [4, 5]]
// CAT-NEXT: result #2: tensor<2x1xf32>
// CAT-NEXT: {{^\[\[}}3],
// CAT-NEXT: {{^}} [12]]
func.func @concat_slice(%a: tensor<?x?xf32>, %b: tensor<?x3xf32>)
    -> (tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x1xf32>) {
  %0 = meld.concat %a, %b dim = 0 : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = meld.slice %b start = [0, 1] limit = [2, 3] : tensor<?x3xf32> -> tensor<2x2xf32>
  %c = meld.cast %1 : tensor<2x2xf32> to tensor<2x2xf32>
  %d = meld.reduce sum %a dims = [1] keep_dims : tensor<?x?xf32> -> tensor<?x1xf32>
  %e = meld.reshape %c : tensor<2x2xf32> -> tensor<2x2xf32>
  %f = meld.broadcast_in_dim %e, dims = [0, 1] : tensor<2x2xf32> -> tensor<2x2xf32>
  %g = meld.concat %f dim = 0 : (tensor<2x2xf32>) -> tensor<?x2xf32>
  return %0, %g, %d : tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x1xf32>
}
