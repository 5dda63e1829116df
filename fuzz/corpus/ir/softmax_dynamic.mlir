// Row-wise numerically stable softmax over a batch with a dynamic number of
// rows: the row count is read with meld.dim and passed to the broadcasts
// through sizes(...).
//
//   y = exp(x - max(x, -1)) / sum(exp(x - max(x, -1)), -1)
//
// PyTorch:
//   torch.softmax(x, dim=-1)      for x of shape [N, 128], any N
//
// Shapes: x ?x128 -> y ?x128 (meld-run --random-inputs uses N = 4; see
// --dynamic-size).
func.func @main(%x: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %n = meld.dim %x, 0 : tensor<?x128xf32>
  %max = meld.reduce max %x dims = [1] : tensor<?x128xf32> -> tensor<?xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0] sizes(%n)
      : tensor<?xf32> -> tensor<?x128xf32>
  %shifted = meld.sub %x, %maxb : tensor<?x128xf32>
  %e = meld.exp %shifted : tensor<?x128xf32>
  %sum = meld.reduce sum %e dims = [1] : tensor<?x128xf32> -> tensor<?xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0] sizes(%n)
      : tensor<?xf32> -> tensor<?x128xf32>
  %y = meld.div %e, %sumb : tensor<?x128xf32>
  return %y : tensor<?x128xf32>
}
