// The benchmark MLP epilogue in half precision (GPU benchmark,
// scripts/gpu-suite.sh): a matmul on tensor cores (WMMA fragments, or PTX
// mma.sync with meld-compile --mma-sync) with bias + GELU in registers.
//
// Shapes: x 512x1024, W 1024x1024, bias 1024 -> y 512x1024 (f16).
func.func @main(%x: tensor<512x1024xf16>, %w: tensor<1024x1024xf16>,
                %bias: tensor<1024xf16>) -> tensor<512x1024xf16> {
  %h0 = meld.matmul %x, %w
      : tensor<512x1024xf16>, tensor<1024x1024xf16> -> tensor<512x1024xf16>
  %bb = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<1024xf16> -> tensor<512x1024xf16>
  %h1 = meld.add %h0, %bb : tensor<512x1024xf16>
  %y = meld.gelu %h1 approximate = tanh : tensor<512x1024xf16>
  return %y : tensor<512x1024xf16>
}
