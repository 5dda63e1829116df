// Linear layer with a fused bias + GELU epilogue (benchmark size): the first
// half of a transformer MLP block, a matmul whose epilogue a fusing compiler
// should apply in registers instead of round-tripping through memory.
//
//   y = GELU_tanh(x @ W + bias)
//
// PyTorch:
//   torch.nn.functional.gelu(x @ W + bias, approximate="tanh")
// i.e. nn.Linear(1024, 1024) -> nn.GELU(approximate="tanh") with the weight
// stored as [in, out].
//
// Shapes: x 512x1024, W 1024x1024, bias 1024 -> y 512x1024 (f32).
func.func @main(%x: tensor<512x1024xf32>, %w: tensor<1024x1024xf32>,
                %bias: tensor<1024xf32>) -> tensor<512x1024xf32> {
  %h0 = meld.matmul %x, %w
      : tensor<512x1024xf32>, tensor<1024x1024xf32> -> tensor<512x1024xf32>
  %bb = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<1024xf32> -> tensor<512x1024xf32>
  %h1 = meld.add %h0, %bb : tensor<512x1024xf32>
  %y = meld.gelu %h1 approximate = tanh : tensor<512x1024xf32>
  return %y : tensor<512x1024xf32>
}
