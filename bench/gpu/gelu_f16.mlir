// Elementwise GELU in half precision (GPU benchmark, scripts/gpu-suite.sh):
// eight halves per 128-bit global access.
//
// Shapes: x 4096x1024 -> y 4096x1024 (f16).
func.func @main(%x: tensor<4096x1024xf16>) -> tensor<4096x1024xf16> {
  %y = meld.gelu %x approximate = tanh : tensor<4096x1024xf16>
  return %y : tensor<4096x1024xf16>
}
