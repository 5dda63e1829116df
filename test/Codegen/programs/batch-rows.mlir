// Kernels over the rows of a batch ([B, S, N] activations, [B, H, S, S]
// scores): on a GPU their leading dims are merged into one before the
// blocks split them (meld-tile-host-blocks' merge-leading-dims), so the
// blocks split B x S rows, not B. unittests/Codegen compares them with the
// interpreter through the emulated GPU mapping and on the host; this file
// checks that the GPU pipeline merges them (the block loop runs over the
// merged rows).
//
// RUN: meld-compile %s --targets=nvptx -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s
// (Unmerged, the blocks would be 1 sequence of 20 rows, 1 of the 2 batches
// of 3 heads, and 2 sequences of 10 rows: 20 rows of the merged result.)
// CHECK-DAG: func.func private @rms_norm_kernel_0({{.*}}meld.row_dims = 2 : i64, meld.rows_per_block = 14 :
// CHECK-DAG: func.func private @masked_scores_kernel_0({{.*}}meld.row_dims = 2 : i64, meld.rows_per_block = 1 :
// CHECK-DAG: func.func private @merged_result_kernel_0({{.*}}meld.rows_per_block = 21 :

// An RMS norm of 3 sequences of 20 tokens, scaled by a weight.
func.func @rms_norm(%x: tensor<3x20x72xf32>, %w: tensor<72xf32>) -> tensor<3x20x72xf32> {
  %sq = meld.mul %x, %x : tensor<3x20x72xf32>
  %ms = meld.reduce mean %sq dims = [2] keep_dims : tensor<3x20x72xf32> -> tensor<3x20x1xf32>
  %eps = meld.constant dense<1.0e-5> : tensor<3x20x1xf32>
  %a = meld.add %ms, %eps : tensor<3x20x1xf32>
  %r = meld.rsqrt %a : tensor<3x20x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2] : tensor<3x20x1xf32> -> tensor<3x20x72xf32>
  %y = meld.mul %x, %rb : tensor<3x20x72xf32>
  %wb = meld.broadcast_in_dim %w, dims = [2] : tensor<72xf32> -> tensor<3x20x72xf32>
  %z = meld.mul %y, %wb : tensor<3x20x72xf32>
  return %z : tensor<3x20x72xf32>
}

// A softmax of 2 x 3 heads of 24 x 24 scores under a causal mask read as
// [S, S] (broadcast over the batch and the heads).
func.func @masked_scores(%s: tensor<2x3x24x24xf32>, %mask: tensor<24x24xi1>) -> tensor<2x3x24x24xf32> {
  %mb = meld.broadcast_in_dim %mask, dims = [2, 3] : tensor<24x24xi1> -> tensor<2x3x24x24xi1>
  %ninf = meld.constant dense<0xFF800000> : tensor<2x3x24x24xf32>
  %m = meld.select %mb, %s, %ninf : tensor<2x3x24x24xi1>, tensor<2x3x24x24xf32>
  %max = meld.reduce max %m dims = [3] keep_dims : tensor<2x3x24x24xf32> -> tensor<2x3x24x1xf32>
  %xb = meld.broadcast_in_dim %max, dims = [0, 1, 2, 3] : tensor<2x3x24x1xf32> -> tensor<2x3x24x24xf32>
  %d = meld.sub %m, %xb : tensor<2x3x24x24xf32>
  %e = meld.exp %d : tensor<2x3x24x24xf32>
  %sum = meld.reduce sum %e dims = [3] keep_dims : tensor<2x3x24x24xf32> -> tensor<2x3x24x1xf32>
  %sb = meld.broadcast_in_dim %sum, dims = [0, 1, 2, 3] : tensor<2x3x24x1xf32> -> tensor<2x3x24x24xf32>
  %p = meld.div %e, %sb : tensor<2x3x24x24xf32>
  return %p : tensor<2x3x24x24xf32>
}

// A gated product whose result leaves merged, [B * S, N].
func.func @merged_result(%g: tensor<4x10x48xf32>, %u: tensor<4x10x48xf32>) -> tensor<40x48xf32> {
  %s = meld.sigmoid %g : tensor<4x10x48xf32>
  %gs = meld.mul %g, %s : tensor<4x10x48xf32>
  %z = meld.mul %gs, %u : tensor<4x10x48xf32>
  %m = meld.reshape %z : tensor<4x10x48xf32> -> tensor<40x48xf32>
  return %m : tensor<40x48xf32>
}
