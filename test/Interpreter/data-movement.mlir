// Creation and data-movement ops in the reference interpreter.
//
// RUN: meld-run %s --entry creation | FileCheck %s --check-prefix=CREATE
// RUN: meld-run %s --entry broadcast | FileCheck %s --check-prefix=BCAST
// RUN: meld-run %s --entry reshape_transpose | FileCheck %s --check-prefix=PERM
// RUN: meld-run %s --entry slice_concat | FileCheck %s --check-prefix=SLICE
//
// The same programs after constant folding give the same results: the
// folders and the interpreter share the reference kernels.
// RUN: meld-opt %s -canonicalize | meld-run --entry creation | FileCheck %s --check-prefix=CREATE
// RUN: meld-opt %s -canonicalize | meld-run --entry broadcast | FileCheck %s --check-prefix=BCAST
// RUN: meld-opt %s -canonicalize | meld-run --entry reshape_transpose | FileCheck %s --check-prefix=PERM
// RUN: meld-opt %s -canonicalize | meld-run --entry slice_concat | FileCheck %s --check-prefix=SLICE
//
// Inputs from .npy files: C and Fortran order, bool, and bf16 stored as
// uint16 bit patterns. Results written with --output read back in numpy.
// RUN: %python -c "import numpy as np; a = np.arange(6, dtype=np.int64).reshape(2, 3); np.save('%t.c.npy', a); np.save('%t.f.npy', np.asfortranarray(a)); np.save('%t.b.npy', np.array([True, False, True])); np.save('%t.h.npy', np.array([0x3FC0, 0xC000], dtype=np.uint16))"
// RUN: meld-run %s --entry inputs --input %t.c.npy --input %t.f.npy --input %t.b.npy --input %t.h.npy --output %t.o0.npy --output %t.o1.npy --output %t.o2.npy --output %t.o3.npy | FileCheck %s --check-prefix=NPY
// RUN: %python -c "import numpy as np; o = [np.load('%t.o%%d.npy' %% i) for i in range(4)]; print([(x.dtype.str, x.shape, x.tolist()) for x in o])" | FileCheck %s --check-prefix=OUT

// CREATE: result #0: tensor<2x3xi32>
// CREATE-NEXT: {{^\[\[}}0, 1, 2],
// CREATE-NEXT: {{^}} [0, 1, 2]]
// CREATE-NEXT: result #1: tensor<3x2xf32>
// CREATE-NEXT: {{^\[\[}}0, 0],
// CREATE-NEXT: {{^}} [1, 1],
// CREATE-NEXT: {{^}} [2, 2]]
// CREATE-NEXT: result #2: tensor<2x2xbf16>
// CREATE-NEXT: {{^\[\[}}1.5, 1.5],
// CREATE-NEXT: {{^}} [1.5, 1.5]]
// CREATE-NEXT: result #3: tensor<i8>
// CREATE-NEXT: {{^}}-7{{$}}
// CREATE-NEXT: result #4: tensor<0x3xf32>
// CREATE-NEXT: {{^}}[]{{$}}
// CREATE-NEXT: result #5: tensor<2xi64>
// CREATE-NEXT: {{^}}[-9223372036854775808, 9223372036854775807]{{$}}
func.func @creation() -> (tensor<2x3xi32>, tensor<3x2xf32>, tensor<2x2xbf16>,
                          tensor<i8>, tensor<0x3xf32>, tensor<2xi64>) {
  %0 = meld.iota dim = 1 : tensor<2x3xi32>
  %1 = meld.iota dim = 0 : tensor<3x2xf32>
  %2 = meld.constant dense<1.5> : tensor<2x2xbf16>
  %3 = meld.constant dense<-7> : tensor<i8>
  %4 = meld.iota dim = 1 : tensor<0x3xf32>
  %5 = meld.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xi32>, tensor<3x2xf32>,
      tensor<2x2xbf16>, tensor<i8>, tensor<0x3xf32>, tensor<2xi64>
}

// BCAST: result #0: tensor<2x3xi32>
// BCAST-NEXT: {{^\[\[}}10, 20, 30],
// BCAST-NEXT: {{^}} [10, 20, 30]]
// BCAST-NEXT: result #1: tensor<3x2xi32>
// BCAST-NEXT: {{^\[\[}}10, 10],
// BCAST-NEXT: {{^}} [20, 20],
// BCAST-NEXT: {{^}} [30, 30]]
// BCAST-NEXT: result #2: tensor<2x3x2xi32>
// BCAST-NEXT: {{^\[\[\[}}1, 1],
// BCAST-NEXT: {{^}}  [1, 1],
// BCAST-NEXT: {{^}}  [1, 1]],
// BCAST-NEXT: {{^}} {{\[\[}}2, 2],
// BCAST-NEXT: {{^}}  [2, 2],
// BCAST-NEXT: {{^}}  [2, 2]]]
// BCAST-NEXT: result #3: tensor<2x2xi1>
// BCAST-NEXT: {{^\[\[}}true, true],
// BCAST-NEXT: {{^}} [true, true]]
// BCAST-NEXT: result #4: tensor<2x3xi32>
// BCAST-NEXT: {{^\[\[}}10, 20, 30],
// BCAST-NEXT: {{^}} [10, 20, 30]]
func.func @broadcast() -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<2x3x2xi32>,
                           tensor<2x2xi1>, tensor<2x3xi32>) {
  %v = meld.constant dense<[10, 20, 30]> : tensor<3xi32>
  // A new leading dimension; a new trailing dimension.
  %0 = meld.broadcast_in_dim %v, dims = [1] : tensor<3xi32> -> tensor<2x3xi32>
  %1 = meld.broadcast_in_dim %v, dims = [0] : tensor<3xi32> -> tensor<3x2xi32>
  // Size-1 dimensions expand; the size-2 dimension maps to result dim 0.
  %c = meld.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %2 = meld.broadcast_in_dim %c, dims = [0, 1] : tensor<2x1xi32> -> tensor<2x3x2xi32>
  // A rank-0 operand fills everything.
  %t = meld.constant dense<true> : tensor<i1>
  %3 = meld.broadcast_in_dim %t, dims = [] : tensor<i1> -> tensor<2x2xi1>
  // A size-1 dimension that also maps to a size-1 dimension.
  %r = meld.constant dense<[[10, 20, 30]]> : tensor<1x3xi32>
  %4 = meld.broadcast_in_dim %r, dims = [0, 1] : tensor<1x3xi32> -> tensor<2x3xi32>
  return %0, %1, %2, %3, %4 : tensor<2x3xi32>, tensor<3x2xi32>,
      tensor<2x3x2xi32>, tensor<2x2xi1>, tensor<2x3xi32>
}

// PERM: result #0: tensor<3x2xi32>
// PERM-NEXT: {{^\[\[}}0, 1],
// PERM-NEXT: {{^}} [2, 3],
// PERM-NEXT: {{^}} [4, 5]]
// PERM-NEXT: result #1: tensor<3x2xi32>
// PERM-NEXT: {{^\[\[}}0, 3],
// PERM-NEXT: {{^}} [1, 4],
// PERM-NEXT: {{^}} [2, 5]]
// PERM-NEXT: result #2: tensor<4x2x3xi32>
// PERM-NEXT: {{^\[\[\[}}0, 4, 8],
// PERM-NEXT: {{^}}  [12, 16, 20]],
// PERM-NEXT: {{^}} {{\[\[}}1, 5, 9],
// PERM-NEXT: {{^}}  [13, 17, 21]],
// PERM-NEXT: {{^}} {{\[\[}}2, 6, 10],
// PERM-NEXT: {{^}}  [14, 18, 22]],
// PERM-NEXT: {{^}} {{\[\[}}3, 7, 11],
// PERM-NEXT: {{^}}  [15, 19, 23]]]
// PERM-NEXT: result #3: tensor<f32>
// PERM-NEXT: {{^}}5{{$}}
// PERM-NEXT: result #4: tensor<1x1x3xf32>
// PERM-NEXT: {{^\[\[\[}}5, 5, 5]]]
func.func @reshape_transpose() -> (tensor<3x2xi32>, tensor<3x2xi32>,
                                   tensor<4x2x3xi32>, tensor<f32>,
                                   tensor<1x1x3xf32>) {
  %a = meld.constant dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>
  // Reshape keeps the row-major order; transpose does not.
  %0 = meld.reshape %a : tensor<2x3xi32> -> tensor<3x2xi32>
  %1 = meld.transpose %a, perm = [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
  // x[i, j, k] = 12 i + 4 j + k; result[k, i, j] = x[i, j, k].
  %i = meld.iota dim = 0 : tensor<24xi32>
  %x = meld.reshape %i : tensor<24xi32> -> tensor<2x3x4xi32>
  %2 = meld.transpose %x, perm = [2, 0, 1] : tensor<2x3x4xi32> -> tensor<4x2x3xi32>
  // Rank 0 <-> rank 3.
  %s = meld.constant dense<[[5.0]]> : tensor<1x1xf32>
  %3 = meld.reshape %s : tensor<1x1xf32> -> tensor<f32>
  %4 = meld.broadcast_in_dim %3, dims = [] : tensor<f32> -> tensor<1x1x3xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xi32>, tensor<3x2xi32>,
      tensor<4x2x3xi32>, tensor<f32>, tensor<1x1x3xf32>
}

// SLICE: result #0: tensor<2x2xi32>
// SLICE-NEXT: {{^\[\[}}5, 7],
// SLICE-NEXT: {{^}} [13, 15]]
// SLICE-NEXT: result #1: tensor<3xi32>
// SLICE-NEXT: {{^}}[1, 4, 7]{{$}}
// SLICE-NEXT: result #2: tensor<0x4xi32>
// SLICE-NEXT: {{^}}[]{{$}}
// SLICE-NEXT: result #3: tensor<2x5xf32>
// SLICE-NEXT: {{^\[\[}}1, 2, 3, 4, 5],
// SLICE-NEXT: {{^}} [6, 7, 8, 9, 10]]
// SLICE-NEXT: result #4: tensor<5x1xf32>
// SLICE-NEXT: {{^\[\[}}1],
// SLICE-NEXT: {{^}} [4],
// SLICE-NEXT: {{^}} [7],
// SLICE-NEXT: {{^}} [9],
// SLICE-NEXT: {{^}} [10]]
func.func @slice_concat() -> (tensor<2x2xi32>, tensor<3xi32>, tensor<0x4xi32>,
                              tensor<2x5xf32>, tensor<5x1xf32>) {
  %i = meld.iota dim = 0 : tensor<16xi32>
  %x = meld.reshape %i : tensor<16xi32> -> tensor<4x4xi32>
  // Rows 1 and 3, columns 1 and 3.
  %0 = meld.slice %x start = [1, 1] limit = [4, 4] strides = [2, 2]
      : tensor<4x4xi32> -> tensor<2x2xi32>
  // A stride that does not divide the range: 1, 4, 7 (below 9).
  %j = meld.iota dim = 0 : tensor<9xi32>
  %1 = meld.slice %j start = [1] limit = [9] strides = [3] : tensor<9xi32> -> tensor<3xi32>
  %2 = meld.slice %x start = [2, 0] limit = [2, 4] : tensor<4x4xi32> -> tensor<0x4xi32>
  %a = meld.constant dense<[[1.0, 2.0], [6.0, 7.0]]> : tensor<2x2xf32>
  %b = meld.constant dense<[[3.0], [8.0]]> : tensor<2x1xf32>
  %c = meld.constant dense<[[4.0, 5.0], [9.0, 10.0]]> : tensor<2x2xf32>
  %3 = meld.concat %a, %b, %c dim = 1
      : (tensor<2x2xf32>, tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x5xf32>
  %d = meld.constant dense<[[1.0], [4.0]]> : tensor<2x1xf32>
  %e = meld.constant dense<[[7.0]]> : tensor<1x1xf32>
  %f = meld.constant dense<> : tensor<0x1xf32>
  %g = meld.constant dense<[[9.0], [10.0]]> : tensor<2x1xf32>
  %4 = meld.concat %d, %e, %f, %g dim = 0
      : (tensor<2x1xf32>, tensor<1x1xf32>, tensor<0x1xf32>, tensor<2x1xf32>) -> tensor<5x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<3xi32>, tensor<0x4xi32>,
      tensor<2x5xf32>, tensor<5x1xf32>
}

// A Fortran-order file holds the same logical array as the C-order one.
// NPY: result #0: tensor<3x2xi64>
// NPY-NEXT: {{^\[\[}}0, 3],
// NPY-NEXT: {{^}} [1, 4],
// NPY-NEXT: {{^}} [2, 5]]
// NPY-NEXT: result #1: tensor<2x3xi1>
// NPY-NEXT: {{^\[\[}}true, true, true],
// NPY-NEXT: {{^}} [true, true, true]]
// NPY-NEXT: result #2: tensor<3xi1>
// NPY-NEXT: {{^}}[false, true, false]{{$}}
// NPY-NEXT: result #3: tensor<2xbf16>
// NPY-NEXT: {{^}}[-2, 1.5]{{$}}
// OUT: [('<i8', (3, 2), {{\[\[}}0, 3], [1, 4], [2, 5]]), ('|b1', (2, 3), {{\[\[}}True, True, True], [True, True, True]]), ('|b1', (3,), [False, True, False]), ('<u2', (2,), [49152, 16320])]
func.func @inputs(%c: tensor<2x3xi64>, %f: tensor<2x3xi64>, %b: tensor<3xi1>,
                  %h: tensor<2xbf16>)
    -> (tensor<3x2xi64>, tensor<2x3xi1>, tensor<3xi1>, tensor<2xbf16>) {
  %0 = meld.transpose %f, perm = [1, 0] : tensor<2x3xi64> -> tensor<3x2xi64>
  %1 = meld.compare eq, %c, %f : tensor<2x3xi64>
  %t = meld.constant dense<true> : tensor<3xi1>
  %2 = meld.compare ne, %b, %t : tensor<3xi1>
  %3 = meld.reshape %h : tensor<2xbf16> -> tensor<2xbf16>
  %4 = meld.slice %3 start = [1] limit = [2] : tensor<2xbf16> -> tensor<1xbf16>
  %5 = meld.slice %3 start = [0] limit = [1] : tensor<2xbf16> -> tensor<1xbf16>
  %6 = meld.concat %4, %5 dim = 0 : (tensor<1xbf16>, tensor<1xbf16>) -> tensor<2xbf16>
  return %0, %1, %2, %6 : tensor<3x2xi64>, tensor<2x3xi1>, tensor<3xi1>, tensor<2xbf16>
}
