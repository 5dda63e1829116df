// RMS normalization (LLaMA / T5 style) over the last dimension.
//
//   y = x * rsqrt(mean(x^2, -1) + eps) * weight,   eps = 1e-6
//
// PyTorch (LlamaRMSNorm.forward):
//   x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * weight
// (equivalently torch.nn.functional.rms_norm(x, (64,), weight, eps=1e-6)).
//
// Shapes: x 16x64, weight 64 -> y 16x64.
func.func @main(%x: tensor<16x64xf32>, %weight: tensor<64xf32>)
    -> tensor<16x64xf32> {
  %sq = meld.mul %x, %x : tensor<16x64xf32>
  %ms = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<16x64xf32> -> tensor<16x1xf32>
  %eps = meld.constant dense<1.0e-06> : tensor<16x1xf32>
  %mse = meld.add %ms, %eps : tensor<16x1xf32>
  %r = meld.rsqrt %mse : tensor<16x1xf32>
  %rb = meld.broadcast_in_dim %r, dims = [0, 1]
      : tensor<16x1xf32> -> tensor<16x64xf32>
  %xn = meld.mul %x, %rb : tensor<16x64xf32>
  %w = meld.broadcast_in_dim %weight, dims = [1]
      : tensor<64xf32> -> tensor<16x64xf32>
  %y = meld.mul %xn, %w : tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
