// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-fuse-elementwise-ops))' | FileCheck %s

// Upstream's elementwise fusion and reshape propagation, except that a
// reshape is not folded into a contraction, nor a collapse of a kernel
// argument into its consumer.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mC = affine_map<(i, j, k) -> (i, j)>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (j)>
#col = affine_map<(i, j) -> (i)>

// A matmul plus the broadcast of a 1 x N bias, whose unit dim
// meld-fold-unit-extent-dims dropped through a collapse of the argument:
// the broadcast fuses into the add, the collapse stays on the argument, and
// the matmul keeps its three loops (upstream made the add 3x1x4 and the
// matmul a four-loop nest the host pipeline could not compile).
// CHECK-LABEL: func.func @bias_one_by_n
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<3x5xf32>, tensor<5x4xf32>)
// CHECK:         %[[BIAS:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<1x4xf32> into tensor<4xf32>
// CHECK:         %[[Z:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[MM]], %[[BIAS]] : tensor<3x4xf32>, tensor<4xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return %[[Z]] : tensor<3x4xf32>
func.func @bias_one_by_n(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
                         %c: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<3x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>) outs(%acc : tensor<3x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  %cc = tensor.collapse_shape %c [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %e1 = tensor.empty() : tensor<3x4xf32>
  %cb = linalg.generic {indexing_maps = [#row, #id],
                        iterator_types = ["parallel", "parallel"]}
      ins(%cc : tensor<4xf32>) outs(%e1 : tensor<3x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<3x4xf32>
  %e2 = tensor.empty() : tensor<3x4xf32>
  %z = linalg.generic {indexing_maps = [#id, #id, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y, %cb : tensor<3x4xf32>, tensor<3x4xf32>) outs(%e2 : tensor<3x4xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// The same with an M x 1 column (the collapse keeps the rows).
// CHECK-LABEL: func.func @column
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      ins(%arg0, %arg1 : tensor<3x5xf32>, tensor<5x4xf32>)
// CHECK:         %[[COL:.*]] = tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<3x1xf32> into tensor<3xf32>
// CHECK:         linalg.generic
// CHECK-SAME:      ins(%[[MM]], %[[COL]] : tensor<3x4xf32>, tensor<3xf32>)
// CHECK-NOT:     tensor.expand_shape
func.func @column(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
                  %c: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<3x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<3x4xf32>) -> tensor<3x4xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x5xf32>, tensor<5x4xf32>) outs(%acc : tensor<3x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  %cc = tensor.collapse_shape %c [[0, 1]] : tensor<3x1xf32> into tensor<3xf32>
  %e1 = tensor.empty() : tensor<3x4xf32>
  %z = linalg.generic {indexing_maps = [#id, #col, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y, %cc : tensor<3x4xf32>, tensor<3xf32>) outs(%e1 : tensor<3x4xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.mulf %x, %v : f32
    linalg.yield %s : f32
  } -> tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// A collapse of an op's result still folds into its consumer, as upstream:
// a one-row matmul's epilogue, whose unit row meld-fold-unit-extent-dims
// dropped, takes the row back and no reshape remains between the two.
// CHECK-LABEL: func.func @one_row_epilogue
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT:     tensor.collapse_shape
// CHECK:         %[[Z:.*]] = linalg.generic
// CHECK-SAME:      ins(%[[MM]], %{{.*}} : tensor<1x32xf32>, tensor<1x32xf32>)
// CHECK-NOT:     tensor.expand_shape
// CHECK:         return %[[Z]] : tensor<1x32xf32>
func.func @one_row_epilogue(%a: tensor<1x64xf32>, %b: tensor<64x32xf32>,
                            %c: tensor<32xf32>) -> tensor<1x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<1x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<1x32xf32>) -> tensor<1x32xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<1x64xf32>, tensor<64x32xf32>) outs(%acc : tensor<1x32xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<1x32xf32>
  %yc = tensor.collapse_shape %y [[0, 1]] : tensor<1x32xf32> into tensor<32xf32>
  %e1 = tensor.empty() : tensor<32xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(j) -> (j)>, affine_map<(j) -> (j)>, affine_map<(j) -> (j)>],
                       iterator_types = ["parallel"]}
      ins(%yc, %c : tensor<32xf32>, tensor<32xf32>) outs(%e1 : tensor<32xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    linalg.yield %s : f32
  } -> tensor<32xf32>
  %ze = tensor.expand_shape %z [[0, 1]] output_shape [1, 32] : tensor<32xf32> into tensor<1x32xf32>
  return %ze : tensor<1x32xf32>
}

// An expand_shape of a contraction's result is not folded into the
// contraction (its loops stay rows, columns, k).
// CHECK-LABEL: func.func @expanded_result
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:      outs(%{{.*}} : tensor<6x4xf32>)
// CHECK:         tensor.expand_shape %[[MM]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 4]
func.func @expanded_result(%a: tensor<6x5xf32>, %b: tensor<5x4xf32>)
    -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<6x5xf32>, tensor<5x4xf32>) outs(%acc : tensor<6x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  %ye = tensor.expand_shape %y [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  return %ye : tensor<2x3x4xf32>
}

// Nor is it moved up an epilogue when that takes the epilogue off the
// product's shape: it would stop at the contraction, between it and the
// epilogue, where meld-tile-host-blocks cannot fuse the contraction into
// the epilogue's blocks (every thread then computed the whole product).
// The epilogue keeps the product's shape and the expand_shape stays on its
// result.
// CHECK-LABEL: func.func @expanded_epilogue_result
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT:     tensor.expand_shape
// CHECK:         %[[Z:.*]] = linalg.generic
// CHECK-SAME:      ins(%[[MM]], %arg2 : tensor<6x4xf32>, tensor<4xf32>)
// CHECK:         %[[ZE:.*]] = tensor.expand_shape %[[Z]] {{\[\[}}0, 1], [2]] output_shape [1, 6, 4]
// CHECK:         return %[[ZE]]
func.func @expanded_epilogue_result(%a: tensor<6x5xf32>, %b: tensor<5x4xf32>,
                                    %c: tensor<4xf32>) -> tensor<1x6x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<6x5xf32>, tensor<5x4xf32>) outs(%acc : tensor<6x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  %e1 = tensor.empty() : tensor<6x4xf32>
  %z = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y, %c : tensor<6x4xf32>, tensor<4xf32>) outs(%e1 : tensor<6x4xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<6x4xf32>
  %ze = tensor.expand_shape %z [[0, 1], [2]] output_shape [1, 6, 4] : tensor<6x4xf32> into tensor<1x6x4xf32>
  return %ze : tensor<1x6x4xf32>
}

// An epilogue on a view of the product that regroups its rows (PyTorch's
// [B*S, N] product as [B, S, N]): the op on the view is collapsed onto the
// product's shape, fuses with the bias add, and the view moves to the
// result. Reshapes move through epilogues only towards the product's shape,
// so the two directions never undo each other.
// CHECK-LABEL: func.func @row_view_epilogue
// CHECK:         %[[MM:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT:     tensor.expand_shape
// CHECK:         %[[Z:.*]] = linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel"]
// CHECK-SAME:      ins(%[[MM]], %arg2 : tensor<6x4xf32>, tensor<4xf32>)
// CHECK:           arith.addf
// CHECK:           arith.mulf
// CHECK-NOT:     linalg.generic
// CHECK:         %[[ZE:.*]] = tensor.expand_shape %[[Z]] {{\[\[}}0, 1], [2]] output_shape [2, 3, 4]
// CHECK:         return %[[ZE]]
func.func @row_view_epilogue(%a: tensor<6x5xf32>, %b: tensor<5x4xf32>,
                             %c: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<6x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e0 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %y = linalg.generic {indexing_maps = [#mA, #mB, #mC],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<6x5xf32>, tensor<5x4xf32>) outs(%acc : tensor<6x4xf32>) {
  ^bb0(%x: f32, %w: f32, %o: f32):
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  %e1 = tensor.empty() : tensor<6x4xf32>
  %z = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%y, %c : tensor<6x4xf32>, tensor<4xf32>) outs(%e1 : tensor<6x4xf32>) {
  ^bb0(%x: f32, %v: f32, %o: f32):
    %s = arith.addf %x, %v : f32
    linalg.yield %s : f32
  } -> tensor<6x4xf32>
  %ze = tensor.expand_shape %z [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %e2 = tensor.empty() : tensor<2x3x4xf32>
  %sq = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>],
                        iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ze : tensor<2x3x4xf32>) outs(%e2 : tensor<2x3x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %x : f32
    linalg.yield %m : f32
  } -> tensor<2x3x4xf32>
  return %sq : tensor<2x3x4xf32>
}
