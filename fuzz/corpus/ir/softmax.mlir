// Numerically stable softmax over the last dimension.
//
//   y = exp(x - max(x, -1)) / sum(exp(x - max(x, -1)), -1)
//
// PyTorch:
//   torch.softmax(x, dim=-1)
// Subtracting the row maximum keeps exp() from overflowing; it does not
// change the result mathematically.
//
// Shapes: x 8x64 -> y 8x64.
func.func @main(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims
      : tensor<8x64xf32> -> tensor<8x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1]
      : tensor<8x1xf32> -> tensor<8x64xf32>
  %shifted = meld.sub %x, %maxb : tensor<8x64xf32>
  %e = meld.exp %shifted : tensor<8x64xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims
      : tensor<8x64xf32> -> tensor<8x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1]
      : tensor<8x1xf32> -> tensor<8x64xf32>
  %y = meld.div %e, %sumb : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
