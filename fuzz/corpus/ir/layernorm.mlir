// Layer normalization over the last dimension.
//
//   mu  = mean(x, -1)
//   var = mean((x - mu)^2, -1)          (biased variance, as PyTorch uses)
//   y   = (x - mu) / sqrt(var + eps) * gamma + beta,   eps = 1e-5
//
// PyTorch:
//   torch.nn.functional.layer_norm(x, (64,), weight=gamma, bias=beta, eps=1e-5)
//
// Shapes: x 16x64, gamma 64, beta 64 -> y 16x64.
func.func @main(%x: tensor<16x64xf32>, %gamma: tensor<64xf32>,
                %beta: tensor<64xf32>) -> tensor<16x64xf32> {
  %mean = meld.reduce mean %x dims = [1] keep_dims
      : tensor<16x64xf32> -> tensor<16x1xf32>
  %meanb = meld.broadcast_in_dim %mean, dims = [0, 1]
      : tensor<16x1xf32> -> tensor<16x64xf32>
  %xc = meld.sub %x, %meanb : tensor<16x64xf32>
  %sq = meld.mul %xc, %xc : tensor<16x64xf32>
  %var = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<16x64xf32> -> tensor<16x1xf32>
  %eps = meld.constant dense<1.0e-05> : tensor<16x1xf32>
  %vare = meld.add %var, %eps : tensor<16x1xf32>
  %rstd = meld.rsqrt %vare : tensor<16x1xf32>
  %rstdb = meld.broadcast_in_dim %rstd, dims = [0, 1]
      : tensor<16x1xf32> -> tensor<16x64xf32>
  %xn = meld.mul %xc, %rstdb : tensor<16x64xf32>
  %g = meld.broadcast_in_dim %gamma, dims = [1]
      : tensor<64xf32> -> tensor<16x64xf32>
  %b = meld.broadcast_in_dim %beta, dims = [1]
      : tensor<64xf32> -> tensor<16x64xf32>
  %scaled = meld.mul %xn, %g : tensor<16x64xf32>
  %y = meld.add %scaled, %b : tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
