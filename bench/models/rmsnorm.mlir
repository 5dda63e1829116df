// RMS normalization (LLaMA / T5 style) over the last dimension (benchmark size).
//
//   y = x * rsqrt(mean(x^2, -1) + eps) * weight,   eps = 1e-6
//
// PyTorch (LlamaRMSNorm.forward):
//   x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * weight
// (equivalently torch.nn.functional.rms_norm(x, (1024,), weight, eps=1e-6)).
//
// Shapes: x 4096x1024, weight 1024 -> y 4096x1024 (f32).
func.func @main(%x: tensor<4096x1024xf32>, %weight: tensor<1024xf32>)
    -> tensor<4096x1024xf32> {
  %sq = meld.mul %x, %x : tensor<4096x1024xf32>
  %ms = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<4096x1024xf32> -> tensor<4096x1xf32>
  %eps = meld.constant dense<1.0e-06> : tensor<4096x1xf32>
  %mse = meld.add %ms, %eps : tensor<4096x1xf32>
  %r = meld.rsqrt %mse : tensor<4096x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1]
      : tensor<4096x1xf32> -> tensor<4096x1024xf32>
  %xn = meld.mul %x, %rb : tensor<4096x1024xf32>
  %w = meld.broadcast_in_dim %weight, dims = [1]
      : tensor<1024xf32> -> tensor<4096x1024xf32>
  %y = meld.mul %xn, %w : tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}
