// The MLP epilogue at sizes that are not multiples of the host register
// tile (8 rows x 32 columns) or of the 64-row host block: a Linear layer of
// 1000 features on a batch of 500, bias and tanh-approximated GELU.
//
//   Y = GELU_tanh(X @ W + b)
//
// PyTorch:
//   torch.nn.functional.gelu(x @ w + b, approximate="tanh")
//
// Shapes: X 500x1000, W 1000x1000, b 1000 -> Y 500x1000 (f32).
func.func @main(%x: tensor<500x1000xf32>, %w: tensor<1000x1000xf32>,
                %bias: tensor<1000xf32>) -> tensor<500x1000xf32> {
  %h0 = meld.matmul %x, %w
      : tensor<500x1000xf32>, tensor<1000x1000xf32> -> tensor<500x1000xf32>
  %bb = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<1000xf32> -> tensor<500x1000xf32>
  %h1 = meld.add %h0, %bb : tensor<500x1000xf32>
  %y = meld.gelu %h1 approximate = tanh : tensor<500x1000xf32>
  return %y : tensor<500x1000xf32>
}
