// Row-tile kernels wide enough for meld-prefetch-next-tile (rows of 512
// f32, several 64-element strips): softmax, LayerNorm and RMSNorm, with a
// row count (37) that leaves a partial last block, so the last tile's
// clamped prefetch is taken too. unittests/Codegen compares them with the
// interpreter; this file checks that the compiled host kernels prefetch.
//
// RUN: meld-compile %s --targets=host -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-prefetch-next-tile 2>&1 | FileCheck %s
// CHECK: memref.prefetch {{.*}}, read, locality<3>, data
// CHECK: memref.prefetch {{.*}}, write, locality<3>, data

func.func @softmax(%x: tensor<37x512xf32>) -> tensor<37x512xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims
      : tensor<37x512xf32> -> tensor<37x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1]
      : tensor<37x1xf32> -> tensor<37x512xf32>
  %shifted = meld.sub %x, %maxb : tensor<37x512xf32>
  %e = meld.exp %shifted : tensor<37x512xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims
      : tensor<37x512xf32> -> tensor<37x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1]
      : tensor<37x1xf32> -> tensor<37x512xf32>
  %y = meld.div %e, %sumb : tensor<37x512xf32>
  return %y : tensor<37x512xf32>
}

func.func @layernorm(%x: tensor<37x512xf32>, %gamma: tensor<512xf32>,
                     %beta: tensor<512xf32>) -> tensor<37x512xf32> {
  %mean = meld.reduce mean %x dims = [1] keep_dims
      : tensor<37x512xf32> -> tensor<37x1xf32>
  %meanb = meld.broadcast_in_dim %mean, dims = [0, 1]
      : tensor<37x1xf32> -> tensor<37x512xf32>
  %c = meld.sub %x, %meanb : tensor<37x512xf32>
  %sq = meld.mul %c, %c : tensor<37x512xf32>
  %var = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<37x512xf32> -> tensor<37x1xf32>
  %eps = meld.constant dense<1.0e-5> : tensor<37x1xf32>
  %ve = meld.add %var, %eps : tensor<37x1xf32>
  %r = meld.rsqrt %ve : tensor<37x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1]
      : tensor<37x1xf32> -> tensor<37x512xf32>
  %n = meld.mul %c, %rb : tensor<37x512xf32>
  %g = meld.broadcast_in_dim %gamma, dims = [1]
      : tensor<512xf32> -> tensor<37x512xf32>
  %b = meld.broadcast_in_dim %beta, dims = [1]
      : tensor<512xf32> -> tensor<37x512xf32>
  %ng = meld.mul %n, %g : tensor<37x512xf32>
  %y = meld.add %ng, %b : tensor<37x512xf32>
  return %y : tensor<37x512xf32>
}

func.func @rmsnorm(%x: tensor<37x512xf32>, %w: tensor<512xf32>)
    -> tensor<37x512xf32> {
  %sq = meld.mul %x, %x : tensor<37x512xf32>
  %ms = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<37x512xf32> -> tensor<37x1xf32>
  %eps = meld.constant dense<1.0e-6> : tensor<37x1xf32>
  %mse = meld.add %ms, %eps : tensor<37x1xf32>
  %r = meld.rsqrt %mse : tensor<37x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1]
      : tensor<37x1xf32> -> tensor<37x512xf32>
  %n = meld.mul %x, %rb : tensor<37x512xf32>
  %wb = meld.broadcast_in_dim %w, dims = [1]
      : tensor<512xf32> -> tensor<37x512xf32>
  %y = meld.mul %n, %wb : tensor<37x512xf32>
  return %y : tensor<37x512xf32>
}
