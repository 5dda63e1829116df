// Elementwise GELU on 64 MiB (GPU benchmark, scripts/gpu-suite.sh): large
// enough that its pointwise kernel has more workgroups than the grid-stride
// cap (meld-compile --gpu-grid-stride-limit, default 4096), so the suite
// times the capped grid-stride launch against one workgroup per block.
//
// Shapes: x 16384x1024 -> y 16384x1024 (f32).
func.func @main(%x: tensor<16384x1024xf32>) -> tensor<16384x1024xf32> {
  %y = meld.gelu %x approximate = tanh : tensor<16384x1024xf32>
  return %y : tensor<16384x1024xf32>
}
