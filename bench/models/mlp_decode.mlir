// The MLP epilogue of bench/models/mlp_epilogue.mlir for one token (a batch
// of one, as in autoregressive decoding): a matrix-vector product, bound by
// reading the 4 MiB weight once, with bias + GELU on its 1024 results.
//
//   y = GELU_tanh(x @ W + bias)
//
// PyTorch:
//   torch.nn.functional.gelu(x @ W + bias, approximate="tanh")
//
// Shapes: x 1x1024, W 1024x1024, bias 1024 -> y 1x1024 (f32).
func.func @main(%x: tensor<1x1024xf32>, %w: tensor<1024x1024xf32>,
                %bias: tensor<1024xf32>) -> tensor<1x1024xf32> {
  %h0 = meld.matmul %x, %w
      : tensor<1x1024xf32>, tensor<1024x1024xf32> -> tensor<1x1024xf32>
  %bb = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<1024xf32> -> tensor<1x1024xf32>
  %h1 = meld.add %h0, %bb : tensor<1x1024xf32>
  %y = meld.gelu %h1 approximate = tanh : tensor<1x1024xf32>
  return %y : tensor<1x1024xf32>
}
