// Layer normalization over the last dimension (benchmark size).
//
//   mu  = mean(x, -1)
//   var = mean((x - mu)^2, -1)          (biased variance, as PyTorch uses)
//   y   = (x - mu) / sqrt(var + eps) * gamma + beta,   eps = 1e-5
//
// PyTorch:
//   torch.nn.functional.layer_norm(x, (1024,), weight=gamma, bias=beta, eps=1e-5)
//
// Shapes: x 4096x1024, gamma 1024, beta 1024 -> y 4096x1024 (f32).
func.func @main(%x: tensor<4096x1024xf32>, %gamma: tensor<1024xf32>,
                %beta: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %mean = meld.reduce mean %x dims = [1] keep_dims
      : tensor<4096x1024xf32> -> tensor<4096x1xf32>
  %meanb = meld.broadcast_in_dim %mean, dims = [0, 1]
      : tensor<4096x1xf32> -> tensor<4096x1024xf32>
  %xc = meld.sub %x, %meanb : tensor<4096x1024xf32>
  %sq = meld.mul %xc, %xc : tensor<4096x1024xf32>
  %var = meld.reduce mean %sq dims = [1] keep_dims
      : tensor<4096x1024xf32> -> tensor<4096x1xf32>
  %eps = meld.constant dense<1.0e-05> : tensor<4096x1xf32>
  %vare = meld.add %var, %eps : tensor<4096x1xf32>
  %rstd = meld.rsqrt %vare : tensor<4096x1xf32>
  %rstdb = meld.broadcast_in_dim %rstd, dims = [0, 1]
      : tensor<4096x1xf32> -> tensor<4096x1024xf32>
  %xn = meld.mul %xc, %rstdb : tensor<4096x1024xf32>
  %g = meld.broadcast_in_dim %gamma, dims = [1]
      : tensor<1024xf32> -> tensor<4096x1024xf32>
  %b = meld.broadcast_in_dim %beta, dims = [1]
      : tensor<1024xf32> -> tensor<4096x1024xf32>
  %scaled = meld.mul %xn, %g : tensor<4096x1024xf32>
  %y = meld.add %scaled, %b : tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}
