// Single-head scaled dot-product attention, no mask (benchmark size):
// 256 tokens, head dimension 64.
//
//   S = Q @ K^T / sqrt(64)           (= / 8)
//   P = softmax(S, -1)               (numerically stable, max-subtracted)
//   O = P @ V
//
// PyTorch:
//   torch.softmax(Q @ K.T / 8, dim=-1) @ V
// (equivalently torch.nn.functional.scaled_dot_product_attention(Q, K, V)
// for Q, K, V of shape [256, 64]).
//
// Shapes: Q 256x64, K 256x64, V 256x64 -> O 256x64 (f32).
func.func @main(%q: tensor<256x64xf32>, %k: tensor<256x64xf32>,
                %v: tensor<256x64xf32>) -> tensor<256x64xf32> {
  // Scores: Q @ K^T, scaled by 1/sqrt(d) = 1/8.
  %qk = meld.matmul %q, %k transpose_rhs
      : tensor<256x64xf32>, tensor<256x64xf32> -> tensor<256x256xf32>
  %scale = meld.constant dense<0.125> : tensor<256x256xf32>
  %s = meld.mul %qk, %scale : tensor<256x256xf32>

  // Softmax over the keys.
  %max = meld.reduce max %s dims = [1] keep_dims
      : tensor<256x256xf32> -> tensor<256x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1]
      : tensor<256x1xf32> -> tensor<256x256xf32>
  %shifted = meld.sub %s, %maxb : tensor<256x256xf32>
  %e = meld.exp %shifted : tensor<256x256xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims
      : tensor<256x256xf32> -> tensor<256x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1]
      : tensor<256x1xf32> -> tensor<256x256xf32>
  %p = meld.div %e, %sumb : tensor<256x256xf32>

  // Weighted sum of the values.
  %o = meld.matmul %p, %v
      : tensor<256x256xf32>, tensor<256x64xf32> -> tensor<256x64xf32>
  return %o : tensor<256x64xf32>
}
