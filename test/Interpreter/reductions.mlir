// meld.reduce in the reference interpreter.
//
// RUN: meld-run %s --entry kinds | FileCheck %s --check-prefix=KIND
// RUN: meld-run %s --entry dims | FileCheck %s --check-prefix=DIMS
// RUN: meld-run %s --entry arg | FileCheck %s --check-prefix=ARG
// RUN: meld-run %s --entry empty | FileCheck %s --check-prefix=EMPTY
// RUN: meld-run %s --entry precision | FileCheck %s --check-prefix=PREC
//
// The same programs after constant folding give the same results: the
// folders and the interpreter share the reference kernels.
// RUN: meld-opt %s -canonicalize | meld-run --entry kinds | FileCheck %s --check-prefix=KIND
// RUN: meld-opt %s -canonicalize | meld-run --entry dims | FileCheck %s --check-prefix=DIMS
// RUN: meld-opt %s -canonicalize | meld-run --entry arg | FileCheck %s --check-prefix=ARG
// RUN: meld-opt %s -canonicalize | meld-run --entry empty | FileCheck %s --check-prefix=EMPTY
// RUN: meld-opt %s -canonicalize | meld-run --entry precision | FileCheck %s --check-prefix=PREC
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.array([[3.0, -1.0, 4.0, 1.0], [5.0, 9.0, -2.0, 6.0]], dtype=np.float64))"
// RUN: meld-run %s --entry dynamic --input %t.x.npy | FileCheck %s --check-prefix=DYN

// KIND: result #0: tensor<2xf32>
// KIND-NEXT: {{^}}[7, 18]{{$}}
// KIND-NEXT: result #1: tensor<2xf32>
// KIND-NEXT: {{^}}[-12, -540]{{$}}
// KIND-NEXT: result #2: tensor<2xf32>
// KIND-NEXT: {{^}}[4, 9]{{$}}
// KIND-NEXT: result #3: tensor<2xf32>
// KIND-NEXT: {{^}}[-1, -2]{{$}}
// KIND-NEXT: result #4: tensor<2xf32>
// KIND-NEXT: {{^}}[1.75, 4.5]{{$}}
// KIND-NEXT: result #5: tensor<2xi64>
// KIND-NEXT: {{^}}[2, 1]{{$}}
// KIND-NEXT: result #6: tensor<2xi64>
// KIND-NEXT: {{^}}[1, 2]{{$}}
func.func @kinds() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
                       tensor<2xf32>, tensor<2xi64>, tensor<2xi64>) {
  %x = meld.constant dense<[[3.0, -1.0, 4.0, 1.0], [5.0, 9.0, -2.0, 6.0]]> : tensor<2x4xf32>
  %0 = meld.reduce sum %x dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %1 = meld.reduce prod %x dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %2 = meld.reduce max %x dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %3 = meld.reduce min %x dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %4 = meld.reduce mean %x dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %5 = meld.reduce argmax %x dims = [1] : tensor<2x4xf32> -> tensor<2xi64>
  %6 = meld.reduce argmin %x dims = [1] : tensor<2x4xf32> -> tensor<2xi64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
      tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2xi64>
}

// x[i, j, k] = 100 i + 10 j + k over a 2x3x4 tensor.
// DIMS: result #0: tensor<3xi32>
// DIMS-NEXT: {{^}}[412, 492, 572]{{$}}
// DIMS-NEXT: result #1: tensor<1x3x1xi32>
// DIMS-NEXT: {{^\[\[\[}}103],
// DIMS-NEXT: {{^}}  [113],
// DIMS-NEXT: {{^}}  [123]]]
// DIMS-NEXT: result #2: tensor<i32>
// DIMS-NEXT: {{^}}0{{$}}
// DIMS-NEXT: result #3: tensor<2x1x4xi32>
// DIMS-NEXT: {{^\[\[\[}}0, 1, 2, 3]],
// DIMS-NEXT: {{^}} {{\[\[}}100, 101, 102, 103]]]
// DIMS-NEXT: result #4: tensor<4x2xi32>
// DIMS-NEXT: {{^\[\[}}30, 330],
// DIMS-NEXT: {{^}} [33, 333],
// DIMS-NEXT: {{^}} [36, 336],
// DIMS-NEXT: {{^}} [39, 339]]
func.func @dims() -> (tensor<3xi32>, tensor<1x3x1xi32>, tensor<i32>,
                      tensor<2x1x4xi32>, tensor<4x2xi32>) {
  %i = meld.iota dim = 0 : tensor<2x3x4xi32>
  %j = meld.iota dim = 1 : tensor<2x3x4xi32>
  %k = meld.iota dim = 2 : tensor<2x3x4xi32>
  %c100 = meld.constant dense<100> : tensor<2x3x4xi32>
  %c10 = meld.constant dense<10> : tensor<2x3x4xi32>
  %a = meld.mul %i, %c100 : tensor<2x3x4xi32>
  %b = meld.mul %j, %c10 : tensor<2x3x4xi32>
  %ab = meld.add %a, %b : tensor<2x3x4xi32>
  %x = meld.add %ab, %k : tensor<2x3x4xi32>
  // Sum over i and k (listed out of order): 8 * 10 j + 4 * 100 + 2 * 6.
  %0 = meld.reduce sum %x dims = [2, 0] : tensor<2x3x4xi32> -> tensor<3xi32>
  %1 = meld.reduce max %x dims = [0, 2] keep_dims : tensor<2x3x4xi32> -> tensor<1x3x1xi32>
  %2 = meld.reduce min %x dims = [0, 1, 2] : tensor<2x3x4xi32> -> tensor<i32>
  %3 = meld.reduce min %x dims = [1] keep_dims : tensor<2x3x4xi32> -> tensor<2x1x4xi32>
  %t = meld.transpose %x, perm = [2, 0, 1] : tensor<2x3x4xi32> -> tensor<4x2x3xi32>
  %4 = meld.reduce sum %t dims = [2] : tensor<4x2x3xi32> -> tensor<4x2xi32>
  return %0, %1, %2, %3, %4 : tensor<3xi32>, tensor<1x3x1xi32>, tensor<i32>,
      tensor<2x1x4xi32>, tensor<4x2xi32>
}

// argmax/argmin return the first extreme index; a NaN counts as the extreme.
// ARG: result #0: tensor<3xi64>
// ARG-NEXT: {{^}}[1, 1, 0]{{$}}
// ARG-NEXT: result #1: tensor<3xi64>
// ARG-NEXT: {{^}}[0, 1, 0]{{$}}
// ARG-NEXT: result #2: tensor<2xf32>
// ARG-NEXT: {{^}}[nan, nan]{{$}}
// ARG-NEXT: result #3: tensor<2x1xi64>
// ARG-NEXT: {{^\[\[}}1],
// ARG-NEXT: {{^}} [2]]
// ARG-NEXT: result #4: tensor<4xi64>
// ARG-NEXT: {{^}}[1, 0, 0, 1]{{$}}
func.func @arg() -> (tensor<3xi64>, tensor<3xi64>, tensor<2xf32>, tensor<2x1xi64>,
                     tensor<4xi64>) {
  // Rows: a tie for the maximum (7 at 1 and 3); a NaN after the maximum; a
  // NaN first.
  %x = meld.constant dense<[[1.0, 7.0, 2.0, 7.0], [5.0, 0x7FC00000, 9.0, 0x7FC00000], [0x7FC00000, 1.0, 2.0, 3.0]]> : tensor<3x4xf32>
  %0 = meld.reduce argmax %x dims = [1] : tensor<3x4xf32> -> tensor<3xi64>
  %1 = meld.reduce argmin %x dims = [1] : tensor<3x4xf32> -> tensor<3xi64>
  %y = meld.slice %x start = [1, 0] limit = [3, 4] : tensor<3x4xf32> -> tensor<2x4xf32>
  %2 = meld.reduce max %y dims = [1] : tensor<2x4xf32> -> tensor<2xf32>
  %z = meld.constant dense<[[-3, 8, 8], [-9, -9, 0]]> : tensor<2x3xi8>
  %3 = meld.reduce argmax %z dims = [1] keep_dims : tensor<2x3xi8> -> tensor<2x1xi64>
  // Along dimension 0 of an integer matrix; ties keep the first row.
  %w = meld.constant dense<[[4, 1, 2, 2], [5, 1, 2, 3]]> : tensor<2x4xi32>
  %4 = meld.reduce argmax %w dims = [0] : tensor<2x4xi32> -> tensor<4xi64>
  return %0, %1, %2, %3, %4 : tensor<3xi64>, tensor<3xi64>, tensor<2xf32>,
      tensor<2x1xi64>, tensor<4xi64>
}

// An empty reduced extent yields the identity of the kind.
// EMPTY: result #0: tensor<2xf32>
// EMPTY-NEXT: {{^}}[0, 0]{{$}}
// EMPTY-NEXT: result #1: tensor<2xf32>
// EMPTY-NEXT: {{^}}[1, 1]{{$}}
// EMPTY-NEXT: result #2: tensor<2xf32>
// EMPTY-NEXT: {{^}}[-inf, -inf]{{$}}
// EMPTY-NEXT: result #3: tensor<2xf32>
// EMPTY-NEXT: {{^}}[inf, inf]{{$}}
// EMPTY-NEXT: result #4: tensor<2xf32>
// EMPTY-NEXT: {{^}}[nan, nan]{{$}}
// EMPTY-NEXT: result #5: tensor<2xi8>
// EMPTY-NEXT: {{^}}[-128, -128]{{$}}
// EMPTY-NEXT: result #6: tensor<2xi8>
// EMPTY-NEXT: {{^}}[127, 127]{{$}}
// EMPTY-NEXT: result #7: tensor<0xf32>
// EMPTY-NEXT: {{^}}[]{{$}}
func.func @empty() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>,
                       tensor<2xf32>, tensor<2xi8>, tensor<2xi8>, tensor<0xf32>) {
  %x = meld.constant dense<> : tensor<2x0xf32>
  %0 = meld.reduce sum %x dims = [1] : tensor<2x0xf32> -> tensor<2xf32>
  %1 = meld.reduce prod %x dims = [1] : tensor<2x0xf32> -> tensor<2xf32>
  %2 = meld.reduce max %x dims = [1] : tensor<2x0xf32> -> tensor<2xf32>
  %3 = meld.reduce min %x dims = [1] : tensor<2x0xf32> -> tensor<2xf32>
  %4 = meld.reduce mean %x dims = [1] : tensor<2x0xf32> -> tensor<2xf32>
  %y = meld.constant dense<> : tensor<2x0xi8>
  %5 = meld.reduce max %y dims = [1] : tensor<2x0xi8> -> tensor<2xi8>
  %6 = meld.reduce min %y dims = [1] : tensor<2x0xi8> -> tensor<2xi8>
  // Reducing the non-empty dimension of an empty tensor gives an empty result.
  %7 = meld.reduce sum %x dims = [0] : tensor<2x0xf32> -> tensor<0xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>,
      tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi8>, tensor<2xi8>,
      tensor<0xf32>
}

// Integer sums wrap to the element width; float sums are rounded once.
// PREC: result #0: tensor<i8>
// PREC-NEXT: {{^}}-56{{$}}
// PREC-NEXT: result #1: tensor<f16>
// PREC-NEXT: {{^}}2050{{$}}
// PREC-NEXT: result #2: tensor<bf16>
// PREC-NEXT: {{^}}4{{$}}
// PREC-NEXT: result #3: tensor<i64>
// PREC-NEXT: {{^}}-9223372036854775808{{$}}
func.func @precision() -> (tensor<i8>, tensor<f16>, tensor<bf16>, tensor<i64>) {
  // 100 + 100 = 200, which is -56 in i8.
  %a = meld.constant dense<[100, 100]> : tensor<2xi8>
  %0 = meld.reduce sum %a dims = [0] : tensor<2xi8> -> tensor<i8>
  // 2048 + 1 + 1 = 2050 exactly, although 2048 + 1 alone rounds to 2048.
  %h = meld.constant dense<[2048.0, 1.0, 1.0]> : tensor<3xf16>
  %1 = meld.reduce sum %h dims = [0] : tensor<3xf16> -> tensor<f16>
  // mean(1, 2, 3, 10) = 4.
  %b = meld.constant dense<[1.0, 2.0, 3.0, 10.0]> : tensor<4xbf16>
  %2 = meld.reduce mean %b dims = [0] : tensor<4xbf16> -> tensor<bf16>
  // The product 2^62 * 2 wraps to INT64_MIN.
  %c = meld.constant dense<[4611686018427387904, 2]> : tensor<2xi64>
  %3 = meld.reduce prod %c dims = [0] : tensor<2xi64> -> tensor<i64>
  return %0, %1, %2, %3 : tensor<i8>, tensor<f16>, tensor<bf16>, tensor<i64>
}

// Results print with their run-time shapes.
// DYN: result #0: tensor<2xf64>
// DYN-NEXT: {{^}}[7, 18]{{$}}
// DYN-NEXT: result #1: tensor<1x4xf64>
// DYN-NEXT: {{^\[\[}}4, 4, 1, 3.5]]
func.func @dynamic(%x: tensor<?x?xf64>) -> (tensor<?xf64>, tensor<1x?xf64>) {
  %0 = meld.reduce sum %x dims = [1] : tensor<?x?xf64> -> tensor<?xf64>
  %1 = meld.reduce mean %x dims = [0] keep_dims : tensor<?x?xf64> -> tensor<1x?xf64>
  return %0, %1 : tensor<?xf64>, tensor<1x?xf64>
}
