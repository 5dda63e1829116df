// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-fold-unit-extent-dims))' | FileCheck %s

// Upstream's unit-extent-dims folding, except that a contraction keeps a
// unit row dim: a one-row matmul stays a matmul (rows, columns, k), which
// the host's register tiles take, instead of a matrix-vector product
// walking the weight down its columns.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mC = affine_map<(i, j, k) -> (i, j)>

// CHECK-LABEL: func.func @one_row_matmul
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<1x64xf32>, tensor<64x32xf32>)
// CHECK-SAME:      outs(%{{.*}} : tensor<1x32xf32>)
func.func @one_row_matmul(%a: tensor<1x64xf32>, %b: tensor<64x32xf32>,
                          %c: tensor<1x32xf32>) -> tensor<1x32xf32> {
  %r = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1x64xf32>, tensor<64x32xf32>)
      outs(%c : tensor<1x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}

// A unit batch is dropped (the batch matmul becomes a matmul); the unit
// row stays.
// CHECK-LABEL: func.func @unit_batch_one_row
// CHECK:         tensor.collapse_shape %arg0 {{\[\[}}0, 1], [2]] : tensor<1x1x64xf32> into tensor<1x64xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      outs(%{{.*}} : tensor<1x32xf32>)
#bA = affine_map<(b, i, j, k) -> (b, i, k)>
#bB = affine_map<(b, i, j, k) -> (b, k, j)>
#bC = affine_map<(b, i, j, k) -> (b, i, j)>
func.func @unit_batch_one_row(%a: tensor<1x1x64xf32>, %b: tensor<1x64x32xf32>,
                              %c: tensor<1x1x32xf32>) -> tensor<1x1x32xf32> {
  %r = linalg.generic {indexing_maps = [#bA, #bB, #bC],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1x1x64xf32>, tensor<1x64x32xf32>)
      outs(%c : tensor<1x1x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x1x32xf32>
  return %r : tensor<1x1x32xf32>
}

// Other ops lose their unit dims as upstream's pass drops them.
// CHECK-LABEL: func.func @elementwise
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK-SAME:      tensor<32xf32>
#id = affine_map<(i, j) -> (i, j)>
func.func @elementwise(%a: tensor<1x32xf32>) -> tensor<1x32xf32> {
  %r = linalg.generic {indexing_maps = [#id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<1x32xf32>) outs(%a : tensor<1x32xf32>) {
  ^bb0(%x: f32, %o: f32):
    %y = arith.mulf %x, %x : f32
    linalg.yield %y : f32
  } -> tensor<1x32xf32>
  return %r : tensor<1x32xf32>
}
