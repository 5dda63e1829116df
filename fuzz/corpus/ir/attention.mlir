// Causal scaled dot-product attention for 4 (batch * heads) sequences of
// 16 tokens with head dimension 32.
//
//   S = Q @ K^T / sqrt(32)
//   S = S + M,   M[i, j] = 0 if j <= i else -inf   (causal mask)
//   P = softmax(S, -1)                               (numerically stable)
//   O = P @ V
//
// PyTorch:
//   torch.nn.functional.scaled_dot_product_attention(Q, K, V, is_causal=True)
// with Q, K, V of shape [4, 16, 32].
//
// The mask is built on the fly from two iotas, a compare and a select.
func.func @main(%q: tensor<4x16x32xf32>, %k: tensor<4x16x32xf32>,
                %v: tensor<4x16x32xf32>) -> tensor<4x16x32xf32> {
  // Scores: Q @ K^T, scaled by 1/sqrt(d).
  %qk = meld.batch_matmul %q, %k transpose_rhs
      : tensor<4x16x32xf32>, tensor<4x16x32xf32> -> tensor<4x16x16xf32>
  %scale = meld.constant dense<0.17677669529663687> : tensor<4x16x16xf32>
  %s = meld.mul %qk, %scale : tensor<4x16x16xf32>

  // Additive causal mask: 0 where key j <= query i, -inf elsewhere.
  %row = meld.iota dim = 0 : tensor<16x16xi32>
  %col = meld.iota dim = 1 : tensor<16x16xi32>
  %allowed = meld.compare le, %col, %row : tensor<16x16xi32>
  %zero = meld.constant dense<0.0> : tensor<16x16xf32>
  %ninf = meld.constant dense<0xFF800000> : tensor<16x16xf32>
  %mask = meld.select %allowed, %zero, %ninf
      : tensor<16x16xi1>, tensor<16x16xf32>
  %maskb = meld.broadcast_in_dim %mask, dims = [1, 2]
      : tensor<16x16xf32> -> tensor<4x16x16xf32>
  %sm = meld.add %s, %maskb : tensor<4x16x16xf32>

  // Softmax over the keys.
  %max = meld.reduce max %sm dims = [2] keep_dims
      : tensor<4x16x16xf32> -> tensor<4x16x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1, 2]
      : tensor<4x16x1xf32> -> tensor<4x16x16xf32>
  %shifted = meld.sub %sm, %maxb : tensor<4x16x16xf32>
  %e = meld.exp %shifted : tensor<4x16x16xf32>
  %sum = meld.reduce sum %e dims = [2] keep_dims
      : tensor<4x16x16xf32> -> tensor<4x16x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1, 2]
      : tensor<4x16x1xf32> -> tensor<4x16x16xf32>
  %p = meld.div %e, %sumb : tensor<4x16x16xf32>

  // Weighted sum of the values.
  %o = meld.batch_matmul %p, %v
      : tensor<4x16x16xf32>, tensor<4x16x32xf32> -> tensor<4x16x32xf32>
  return %o : tensor<4x16x32xf32>
}
