// Kernels with several outputs, and results that leave as merged views:
// meld-tile-host-blocks tiles the output computed from the others and
// yields the others' tiles from the same loop, and stores a merged result
// through the inverse view of its buffer. Host code and the emulated GPU
// mapping must still give the interpreter's results, fused and unfused
// (unittests/Codegen/HostCodegenTest.cpp runs every file here). Here:
// every kernel is split into more than one host block, and the GPU
// targets compile it.
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --targets=host --cpu=skylake-avx512 --host-threads=2 \
// RUN:   --host-tuning=none -o %t.host.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s

// Functions print in the order their modules finish compiling (threads), so
// every kernel is matched on its own line, in any order.
// CHECK-DAG: func.func private @product_and_residual_kernel_0({{.*}}meld.host_parts = {{\[}}[1, 48, 2, 0]]
// CHECK-DAG: func.func private @softmax_stats_kernel_0({{.*}}meld.host_parts = {{\[}}[1, 1, 1, 0]]
// CHECK-DAG: func.func private @norm_stats_kernel_0({{.*}}meld.host_parts = {{\[}}[1, 48, 2, 0]]
// CHECK-DAG: func.func private @merged_views_kernel_0({{.*}}meld.rows_per_block = 128
// CHECK-DAG: func.func private @merged_views_kernel_1({{.*}}meld.rows_per_block = 8
// CHECK-DAG: func.func private @log_sum_exp_kernel_0({{.*}}meld.row_dims = 2 : i64, meld.rows_per_block = 5

// A down projection's product and the square of its residual sum, both
// outputs (the next norm reads the sum; the product leaves too).
func.func @product_and_residual(%h: tensor<96x160xf32>, %w: tensor<72x160xf32>, %x: tensor<2x48x72xf32>) -> (tensor<96x72xf32>, tensor<2x48x72xf32>) {
  %p = meld.matmul %h, %w transpose_rhs : tensor<96x160xf32>, tensor<72x160xf32> -> tensor<96x72xf32>
  %v = meld.reshape %p : tensor<96x72xf32> -> tensor<2x48x72xf32>
  %s = meld.add %x, %v : tensor<2x48x72xf32>
  %sq = meld.mul %s, %s : tensor<2x48x72xf32>
  return %p, %sq : tensor<96x72xf32>, tensor<2x48x72xf32>
}

// A softmax's row maxima and sums, read through kept dims.
func.func @softmax_stats(%x: tensor<3x5x40x72xf32>) -> (tensor<3x5x40x1xf32>, tensor<3x5x40x1xf32>) {
  %max = meld.reduce max %x dims = [3] keep_dims : tensor<3x5x40x72xf32> -> tensor<3x5x40x1xf32>
  %mb = meld.broadcast_in_dim %max, dims = [0, 1, 2, 3] : tensor<3x5x40x1xf32> -> tensor<3x5x40x72xf32>
  %d = meld.sub %x, %mb : tensor<3x5x40x72xf32>
  %e = meld.exp %d : tensor<3x5x40x72xf32>
  %sum = meld.reduce sum %e dims = [3] keep_dims : tensor<3x5x40x72xf32> -> tensor<3x5x40x1xf32>
  return %max, %sum : tensor<3x5x40x1xf32>, tensor<3x5x40x1xf32>
}

// A layer norm's mean and variance of a batch of one.
func.func @norm_stats(%x: tensor<1x77x300xf32>) -> (tensor<1x77x1xf32>, tensor<1x77x1xf32>) {
  %s = meld.reduce sum %x dims = [2] keep_dims : tensor<1x77x300xf32> -> tensor<1x77x1xf32>
  %n = meld.constant dense<300.0> : tensor<1x77x1xf32>
  %mean = meld.div %s, %n : tensor<1x77x1xf32>
  %mb = meld.broadcast_in_dim %mean, dims = [0, 1, 2] : tensor<1x77x1xf32> -> tensor<1x77x300xf32>
  %d = meld.sub %x, %mb : tensor<1x77x300xf32>
  %d2 = meld.mul %d, %d : tensor<1x77x300xf32>
  %v = meld.reduce sum %d2 dims = [2] keep_dims : tensor<1x77x300xf32> -> tensor<1x77x1xf32>
  %var = meld.div %v, %n : tensor<1x77x1xf32>
  return %mean, %var : tensor<1x77x1xf32>, tensor<1x77x1xf32>
}

// A normalization that leaves as [B*S, N], and attention heads that leave
// as [B*H, D, S]: four blocks each.
func.func @merged_views(%x: tensor<4x128x96xf32>, %r: tensor<4x128x1xf32>, %q: tensor<4x8x64x32xf32>) -> (tensor<512x96xf32>, tensor<32x32x64xf32>) {
  %rb = meld.broadcast_in_dim %r, dims = [0, 1, 2] : tensor<4x128x1xf32> -> tensor<4x128x96xf32>
  %y = meld.mul %x, %rb : tensor<4x128x96xf32>
  %o = meld.reshape %y : tensor<4x128x96xf32> -> tensor<512x96xf32>
  %t = meld.transpose %q, perm = [0, 1, 3, 2] : tensor<4x8x64x32xf32> -> tensor<4x8x32x64xf32>
  %h = meld.reshape %t : tensor<4x8x32x64xf32> -> tensor<32x32x64xf32>
  return %o, %h : tensor<512x96xf32>, tensor<32x32x64xf32>
}

// A batch norm's statistics in training: the mean, 1 / std and the two
// updated running statistics, four per-channel stores none of which is
// computed from all the others, tiled over the channels through one
// copying generic (joinSiblingStores). (CHECK-DAG, as above: a label
// would split the output where this function happens to print.)
// CHECK-DAG: func.func private @batch_norm_statistics_kernel_0({{.*}}meld.rows_per_block =
func.func @batch_norm_statistics(%x: tensor<3x20x6x5xf32>, %rm: tensor<20xf32>, %rv: tensor<20xf32>) -> (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %mean = meld.reduce mean %x dims = [0, 2, 3] : tensor<3x20x6x5xf32> -> tensor<20xf32>
  %mr = meld.reshape %mean : tensor<20xf32> -> tensor<20x1x1xf32>
  %mb = meld.broadcast_in_dim %mr, dims = [1, 2, 3] : tensor<20x1x1xf32> -> tensor<3x20x6x5xf32>
  %c = meld.sub %x, %mb : tensor<3x20x6x5xf32>
  %sq = meld.mul %c, %c : tensor<3x20x6x5xf32>
  %var = meld.reduce mean %sq dims = [0, 2, 3] : tensor<3x20x6x5xf32> -> tensor<20xf32>
  %eps = meld.constant dense<1.0e-3> : tensor<20xf32>
  %ve = meld.add %var, %eps : tensor<20xf32>
  %r = meld.rsqrt %ve : tensor<20xf32>
  %k = meld.constant dense<0.9> : tensor<20xf32>
  %k2 = meld.constant dense<0.1> : tensor<20xf32>
  %a = meld.mul %rm, %k : tensor<20xf32>
  %bm = meld.mul %mean, %k2 : tensor<20xf32>
  %nrm = meld.add %a, %bm : tensor<20xf32>
  %a2 = meld.mul %rv, %k : tensor<20xf32>
  %bv = meld.mul %var, %k2 : tensor<20xf32>
  %nrv = meld.add %a2, %bv : tensor<20xf32>
  return %mean, %r, %nrm, %nrv : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
}

// A batch norm's backward in training: the per-channel sums of the output
// gradient and of its product with the centered input, the input gradient
// [N, C, H, W] computed from them, the weight's gradient, and the sum of
// the input gradient per channel (the previous convolution's bias
// gradient), which reads the input gradient. Stores of two shapes: the
// three per-channel ones join alone (their values read the fourth), and
// the join's channel blocks fuse the input gradient's slices. It was one
// block on one thread (a small CNN's training step spent 9.6% of its time
// in three such kernels).
// CHECK-DAG: func.func private @batch_norm_backward_kernel_0({{.*}}meld.rows_per_block = 8 :
func.func @batch_norm_backward(%dy: tensor<3x20x24x20xf32>, %x: tensor<3x20x24x20xf32>, %mean: tensor<20xf32>, %rstd: tensor<20xf32>, %w: tensor<20xf32>) -> (tensor<20xf32>, tensor<3x20x24x20xf32>, tensor<20xf32>, tensor<20xf32>) {
  %sdy = meld.reduce sum %dy dims = [0, 2, 3] : tensor<3x20x24x20xf32> -> tensor<20xf32>
  %mr = meld.reshape %mean : tensor<20xf32> -> tensor<20x1x1xf32>
  %mb = meld.broadcast_in_dim %mr, dims = [1, 2, 3] : tensor<20x1x1xf32> -> tensor<3x20x24x20xf32>
  %c = meld.sub %x, %mb : tensor<3x20x24x20xf32>
  %p = meld.mul %dy, %c : tensor<3x20x24x20xf32>
  %sp = meld.reduce sum %p dims = [0, 2, 3] : tensor<3x20x24x20xf32> -> tensor<20xf32>
  %inv = meld.constant dense<6.9444444e-4> : tensor<20xf32>
  %mdy = meld.mul %sdy, %inv : tensor<20xf32>
  %r2 = meld.mul %rstd, %rstd : tensor<20xf32>
  %spm = meld.mul %sp, %inv : tensor<20xf32>
  %k = meld.mul %spm, %r2 : tensor<20xf32>
  %rw = meld.mul %rstd, %w : tensor<20xf32>
  %mdyb = meld.broadcast_in_dim %mdy, dims = [1] : tensor<20xf32> -> tensor<3x20x24x20xf32>
  %kb = meld.broadcast_in_dim %k, dims = [1] : tensor<20xf32> -> tensor<3x20x24x20xf32>
  %rwb = meld.broadcast_in_dim %rw, dims = [1] : tensor<20xf32> -> tensor<3x20x24x20xf32>
  %ck = meld.mul %c, %kb : tensor<3x20x24x20xf32>
  %d0 = meld.sub %dy, %mdyb : tensor<3x20x24x20xf32>
  %d1 = meld.sub %d0, %ck : tensor<3x20x24x20xf32>
  %dx = meld.mul %d1, %rwb : tensor<3x20x24x20xf32>
  %gw = meld.mul %sp, %rstd : tensor<20xf32>
  %gb = meld.reduce sum %dx dims = [0, 2, 3] : tensor<3x20x24x20xf32> -> tensor<20xf32>
  return %sdy, %dx, %gw, %gb : tensor<20xf32>, tensor<3x20x24x20xf32>, tensor<20xf32>, tensor<20xf32>
}

// PyTorch's log-sum-exp (an attention's decomposition): the kept-dims row
// maximum, whether it is infinite (i1), and the log of the row sum twice,
// none computed from all the others, of three element types and two
// shapes: joined into one generic over their rows (joinSiblingStores). It
// was one block: one thread, and one workgroup on a GPU.
func.func @log_sum_exp(%x: tensor<1x6x40x72xf32>) -> (tensor<1x6x40x1xf32>, tensor<1x6x40x1xi1>, tensor<1x6x40xf32>, tensor<1x6x40xf32>) {
  %max = meld.reduce max %x dims = [3] keep_dims : tensor<1x6x40x72xf32> -> tensor<1x6x40x1xf32>
  %abs = meld.abs %max : tensor<1x6x40x1xf32>
  %inf = meld.constant dense<0x7F800000> : tensor<1x6x40x1xf32>
  %isinf = meld.compare eq, %abs, %inf : tensor<1x6x40x1xf32>
  %zero = meld.constant dense<0.0> : tensor<1x6x40x1xf32>
  %m = meld.select %isinf, %zero, %max : tensor<1x6x40x1xi1>, tensor<1x6x40x1xf32>
  %mb = meld.broadcast_in_dim %m, dims = [0, 1, 2, 3] : tensor<1x6x40x1xf32> -> tensor<1x6x40x72xf32>
  %d = meld.sub %x, %mb : tensor<1x6x40x72xf32>
  %e = meld.exp %d : tensor<1x6x40x72xf32>
  %sum = meld.reduce sum %e dims = [3] : tensor<1x6x40x72xf32> -> tensor<1x6x40xf32>
  %log = meld.log %sum : tensor<1x6x40xf32>
  return %max, %isinf, %log, %log : tensor<1x6x40x1xf32>, tensor<1x6x40x1xi1>, tensor<1x6x40xf32>, tensor<1x6x40xf32>
}
