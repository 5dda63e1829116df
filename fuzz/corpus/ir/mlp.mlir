// Two-layer MLP block (the feed-forward layer of a GPT-2 style transformer).
//
//   y = GELU_tanh(x @ W1 + b1) @ W2 + b2
//
// PyTorch:
//   h = torch.nn.functional.gelu(x @ W1 + b1, approximate="tanh")
//   y = h @ W2 + b2
// i.e. nn.Linear(64, 256) -> nn.GELU(approximate="tanh") -> nn.Linear(256, 64)
// with the weights stored as [in, out].
//
// Shapes: x 8x64, W1 64x256, b1 256, W2 256x64, b2 64 -> y 8x64.
func.func @main(%x: tensor<8x64xf32>, %w1: tensor<64x256xf32>,
                %b1: tensor<256xf32>, %w2: tensor<256x64xf32>,
                %b2: tensor<64xf32>) -> tensor<8x64xf32> {
  // First linear layer.
  %h0 = meld.matmul %x, %w1
      : tensor<8x64xf32>, tensor<64x256xf32> -> tensor<8x256xf32>
  %b1r = meld.broadcast_in_dim %b1, dims = [1]
      : tensor<256xf32> -> tensor<8x256xf32>
  %h1 = meld.add %h0, %b1r : tensor<8x256xf32>
  // Activation.
  %h = meld.gelu %h1 approximate = tanh : tensor<8x256xf32>
  // Second linear layer.
  %y0 = meld.matmul %h, %w2
      : tensor<8x256xf32>, tensor<256x64xf32> -> tensor<8x64xf32>
  %b2r = meld.broadcast_in_dim %b2, dims = [1]
      : tensor<64xf32> -> tensor<8x64xf32>
  %y = meld.add %y0, %b2r : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
