// meld.gather (the embedding lookup of a transformer, columns by i32 and
// negative indices, booleans, a rank-0 index, a middle axis) and meld.slice
// keeping a dynamic batch dimension whole, on dynamic shapes. The random
// integer inputs lie in [-8, 7], so every gathered axis has at least 8
// entries and the indices stay in bounds (an index out of bounds is an
// error, which unittests/Codegen checks). unittests/Codegen compares every
// function with the interpreter at two sizes of the '?' dims, fused and
// unfused, for the host and through the emulated GPU mapping, and checks
// the PTX and HSACO; here two functions must match exactly through the
// tools, the window at two batch sizes.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry lookup --random-inputs --seed 7 --dynamic-size 3 > %t.ref
// RUN: meld-run %t.meldb --entry lookup --random-inputs --seed 7 --dynamic-size 3 > %t.out
// RUN: diff %t.ref %t.out
// RUN: meld-run %s --entry window --random-inputs --seed 2 --dynamic-size 2 > %t.ref2
// RUN: meld-run %t.meldb --entry window --random-inputs --seed 2 --dynamic-size 2 > %t.out2
// RUN: diff %t.ref2 %t.out2
// RUN: meld-run %s --entry window --random-inputs --seed 2 --dynamic-size 7 > %t.ref3
// RUN: meld-run %t.meldb --entry window --random-inputs --seed 2 --dynamic-size 7 > %t.out3
// RUN: diff %t.ref3 %t.out3

// The embedding lookup of a transformer: token ids (any batch, any length)
// pick rows of the table, and the position embeddings are added in the
// same kernel.
func.func @embed(%table: tensor<256x64xf32>, %ids: tensor<?x?xi64>, %pos: tensor<?x64xf32>) -> tensor<?x?x64xf32> {
  %e = meld.gather %table, %ids axis = 0 : (tensor<256x64xf32>, tensor<?x?xi64>) -> tensor<?x?x64xf32>
  %b = meld.dim %ids, 0 : tensor<?x?xi64>
  %s = meld.dim %ids, 1 : tensor<?x?xi64>
  %p = meld.broadcast_in_dim %pos, dims = [1, 2] sizes(%b, %s) : tensor<?x64xf32> -> tensor<?x?x64xf32>
  %y = meld.add %e, %p : tensor<?x?x64xf32>
  return %y : tensor<?x?x64xf32>
}

// Columns of a matrix with dynamic rows picked by i32 indices (negative
// ones count from the end), a gather of booleans along the last axis, and
// a gather by a rank-0 index (the axis goes away).
func.func @lookup(%x: tensor<?x12xf32>, %cols: tensor<5xi32>, %m: tensor<?x3x9xi1>, %k: tensor<4xi64>, %v: tensor<?x10xi8>, %j: tensor<i64>) -> (tensor<?x5xf32>, tensor<?x3x4xi1>, tensor<?xi8>) {
  %c = meld.gather %x, %cols axis = 1 : (tensor<?x12xf32>, tensor<5xi32>) -> tensor<?x5xf32>
  %n = meld.neg %c : tensor<?x5xf32>
  %g = meld.gather %m, %k axis = 2 : (tensor<?x3x9xi1>, tensor<4xi64>) -> tensor<?x3x4xi1>
  %s = meld.gather %v, %j axis = 1 : (tensor<?x10xi8>, tensor<i64>) -> tensor<?xi8>
  return %n, %g, %s : tensor<?x5xf32>, tensor<?x3x4xi1>, tensor<?xi8>
}

// A gather along a middle axis of a 3-d tensor with dynamic outer dims,
// indexed by a 2-d tensor, then a row sum.
func.func @middle(%x: tensor<?x16x?xf32>, %idx: tensor<2x3xi64>) -> (tensor<?x2x3x?xf32>, tensor<?x2x3xf32>) {
  %g = meld.gather %x, %idx axis = 1 : (tensor<?x16x?xf32>, tensor<2x3xi64>) -> tensor<?x2x3x?xf32>
  %e = meld.exp %g : tensor<?x2x3x?xf32>
  %s = meld.reduce sum %e dims = [3] : tensor<?x2x3x?xf32> -> tensor<?x2x3xf32>
  return %e, %s : tensor<?x2x3x?xf32>, tensor<?x2x3xf32>
}

// A convolution-like window of a batch of any size: every other pixel
// from (1, 1) of every channel, the batch dimension kept whole.
func.func @window(%img: tensor<?x3x8x8xf32>) -> tensor<?x3x4x4xf32> {
  %w = meld.slice %img start = [0, 0, 1, 1] limit = [-1, 3, 8, 8] strides = [1, 1, 2, 2] : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
  %r = meld.relu %w : tensor<?x3x4x4xf32>
  return %r : tensor<?x3x4x4xf32>
}
