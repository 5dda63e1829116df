// meld.matmul and meld.batch_matmul in the reference interpreter.
//
// RUN: meld-run %s --entry matmul | FileCheck %s --check-prefix=MM
// RUN: meld-run %s --entry accumulate | FileCheck %s --check-prefix=ACC
// RUN: meld-run %s --entry batch | FileCheck %s --check-prefix=BMM
// RUN: %python -c "import numpy as np; np.save('%t.a.npy', np.arange(6, dtype=np.float32).reshape(2, 3)); np.save('%t.b.npy', np.arange(12, dtype=np.float32).reshape(3, 4))"
// RUN: meld-run %s --entry dynamic --input %t.a.npy --input %t.b.npy | FileCheck %s --check-prefix=DYN

// a = [[1, 2, 3], [4, 5, 6]], b = [[1, 0], [0, 1], [1, 1]]
// MM: result #0: tensor<2x2xf32>
// MM-NEXT: {{^\[\[}}4, 5],
// MM-NEXT: {{^}} [10, 11]]
// MM-NEXT: result #1: tensor<3x3xf32>
// MM-NEXT: {{^\[\[}}17, 22, 27],
// MM-NEXT: {{^}} [22, 29, 36],
// MM-NEXT: {{^}} [27, 36, 45]]
// MM-NEXT: result #2: tensor<2x2xf32>
// MM-NEXT: {{^\[\[}}14, 32],
// MM-NEXT: {{^}} [32, 77]]
// MM-NEXT: result #3: tensor<2x2xf32>
// MM-NEXT: {{^\[\[}}4, 10],
// MM-NEXT: {{^}} [5, 11]]
// MM-NEXT: result #4: tensor<1x1xi64>
// MM-NEXT: {{^\[\[}}-9223372036854775808]]
func.func @matmul() -> (tensor<2x2xf32>, tensor<3x3xf32>, tensor<2x2xf32>,
                        tensor<2x2xf32>, tensor<1x1xi64>) {
  %a = meld.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = meld.constant dense<[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]> : tensor<3x2xf32>
  %0 = meld.matmul %a, %b : tensor<2x3xf32>, tensor<3x2xf32> -> tensor<2x2xf32>
  // a^T a
  %1 = meld.matmul %a, %a transpose_lhs : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<3x3xf32>
  // a a^T
  %2 = meld.matmul %a, %a transpose_rhs : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  // b^T a^T = (a b)^T
  %3 = meld.matmul %b, %a transpose_lhs transpose_rhs
      : tensor<3x2xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
  // Integer products wrap: 2^62 * 2 = INT64_MIN.
  %c = meld.constant dense<[[4611686018427387904]]> : tensor<1x1xi64>
  %d = meld.constant dense<[[2]]> : tensor<1x1xi64>
  %4 = meld.matmul %c, %d : tensor<1x1xi64>, tensor<1x1xi64> -> tensor<1x1xi64>
  return %0, %1, %2, %3, %4 : tensor<2x2xf32>, tensor<3x3xf32>, tensor<2x2xf32>,
      tensor<2x2xf32>, tensor<1x1xi64>
}

// Wider accumulators: i8 -> i32 does not wrap at 8 bits, f16 -> f32 keeps
// what f16 would round away; an i8 result wraps, an f16 result rounds once.
// ACC: result #0: tensor<2x2xi32>
// ACC-NEXT: {{^\[\[}}-127, 16256],
// ACC-NEXT: {{^}} [-16384, -16255]]
// ACC-NEXT: result #1: tensor<2x2xi8>
// ACC-NEXT: {{^\[\[}}-127, -128],
// ACC-NEXT: {{^}} [0, -127]]
// ACC-NEXT: result #2: tensor<1x1xf32>
// ACC-NEXT: {{^\[\[}}2049]]
// ACC-NEXT: result #3: tensor<1x1xf16>
// ACC-NEXT: {{^\[\[}}2050]]
// ACC-NEXT: result #4: tensor<1x1xf32>
// ACC-NEXT: {{^\[\[}}257]]
func.func @accumulate() -> (tensor<2x2xi32>, tensor<2x2xi8>, tensor<1x1xf32>,
                            tensor<1x1xf16>, tensor<1x1xf32>) {
  %q = meld.constant dense<[[127, 127], [-128, 1]]> : tensor<2x2xi8>
  %0 = meld.matmul %q, %q : tensor<2x2xi8>, tensor<2x2xi8> -> tensor<2x2xi32>
  %1 = meld.matmul %q, %q : tensor<2x2xi8>, tensor<2x2xi8> -> tensor<2x2xi8>
  // 2048 * 1 + 1 * 1 = 2049: exact in f32, not representable in f16.
  %h = meld.constant dense<[[2048.0, 1.0]]> : tensor<1x2xf16>
  %o = meld.constant dense<[[1.0], [1.0]]> : tensor<2x1xf16>
  %2 = meld.matmul %h, %o : tensor<1x2xf16>, tensor<2x1xf16> -> tensor<1x1xf32>
  // 2048 + 1 + 1 accumulates exactly to 2050, then rounds once to f16.
  %h3 = meld.constant dense<[[2048.0, 1.0, 1.0]]> : tensor<1x3xf16>
  %o3 = meld.constant dense<[[1.0], [1.0], [1.0]]> : tensor<3x1xf16>
  %3 = meld.matmul %h3, %o3 : tensor<1x3xf16>, tensor<3x1xf16> -> tensor<1x1xf16>
  // bf16: 256 + 1 = 257 in the f32 accumulator.
  %b = meld.constant dense<[[256.0, 1.0]]> : tensor<1x2xbf16>
  %ob = meld.constant dense<[[1.0], [1.0]]> : tensor<2x1xbf16>
  %4 = meld.matmul %b, %ob : tensor<1x2xbf16>, tensor<2x1xbf16> -> tensor<1x1xf32>
  return %0, %1, %2, %3, %4 : tensor<2x2xi32>, tensor<2x2xi8>, tensor<1x1xf32>,
      tensor<1x1xf16>, tensor<1x1xf32>
}

// BMM: result #0: tensor<2x2x2xf32>
// BMM-NEXT: {{^\[\[\[}}5, 11],
// BMM-NEXT: {{^}}  [11, 25]],
// BMM-NEXT: {{^}} {{\[\[}}1, 0],
// BMM-NEXT: {{^}}  [0, 1]]]
// BMM-NEXT: result #1: tensor<2x2x2xf32>
// BMM-NEXT: {{^\[\[\[}}7, 10],
// BMM-NEXT: {{^}}  [15, 22]],
// BMM-NEXT: {{^}} {{\[\[}}1, 0],
// BMM-NEXT: {{^}}  [0, 1]]]
// BMM-NEXT: result #2: tensor<2x2x2xf32>
// BMM-NEXT: {{^\[\[\[}}10, 14],
// BMM-NEXT: {{^}}  [14, 20]],
// BMM-NEXT: {{^}} {{\[\[}}1, 0],
// BMM-NEXT: {{^}}  [0, 1]]]
// BMM-NEXT: result #3: tensor<3x1x1xi32>
// BMM-NEXT: {{^\[\[\[}}2]],
// BMM-NEXT: {{^}} {{\[\[}}8]],
// BMM-NEXT: {{^}} {{\[\[}}18]]]
func.func @batch() -> (tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x2x2xf32>,
                       tensor<3x1x1xi32>) {
  // Batch 0: [[1, 2], [3, 4]]; batch 1: [[0, 1], [1, 0]].
  %a = meld.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]]]> : tensor<2x2x2xf32>
  %0 = meld.batch_matmul %a, %a transpose_rhs : tensor<2x2x2xf32>, tensor<2x2x2xf32> -> tensor<2x2x2xf32>
  %1 = meld.batch_matmul %a, %a : tensor<2x2x2xf32>, tensor<2x2x2xf32> -> tensor<2x2x2xf32>
  %2 = meld.batch_matmul %a, %a transpose_lhs : tensor<2x2x2xf32>, tensor<2x2x2xf32> -> tensor<2x2x2xf32>
  // Batch b is the dot product [b + 1, b + 1] . [b + 1, b + 1] = 2 (b + 1)^2.
  %i = meld.iota dim = 0 : tensor<3x1x2xi8>
  %one = meld.constant dense<1> : tensor<3x1x2xi8>
  %l = meld.add %i, %one : tensor<3x1x2xi8>
  %r = meld.transpose %l, perm = [0, 2, 1] : tensor<3x1x2xi8> -> tensor<3x2x1xi8>
  %s = meld.add %r, %r : tensor<3x2x1xi8>
  %t = meld.sub %s, %r : tensor<3x2x1xi8>
  %3 = meld.batch_matmul %l, %t : tensor<3x1x2xi8>, tensor<3x2x1xi8> -> tensor<3x1x1xi32>
  return %0, %1, %2, %3 : tensor<2x2x2xf32>, tensor<2x2x2xf32>, tensor<2x2x2xf32>,
      tensor<3x1x1xi32>
}

// DYN: result #0: tensor<2x4xf32>
// DYN-NEXT: {{^\[\[}}20, 23, 26, 29],
// DYN-NEXT: {{^}} [56, 68, 80, 92]]
func.func @dynamic(%a: tensor<?x?xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = meld.matmul %a, %b : tensor<?x?xf32>, tensor<?x4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
