// Elementwise GELU, tanh approximation (benchmark size; memory bound: one
// read and one write of 16 MiB per call).
//
//   y = 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
//
// PyTorch:
//   torch.nn.functional.gelu(x, approximate="tanh")
//
// Shapes: x 4096x1024 -> y 4096x1024 (f32).
func.func @main(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %y = meld.gelu %x approximate = tanh : tensor<4096x1024xf32>
  return %y : tensor<4096x1024xf32>
}
