// Sums of a few very long rows (GPU benchmark, scripts/gpu-suite.sh): too
// few rows to fill a GPU one workgroup per row, so meld-split-reductions
// runs them in two stages (a grid of partial sums, then their sum).
//
// Shapes: x 16x1048576 -> s 16 (f32).
func.func @main(%x: tensor<16x1048576xf32>) -> tensor<16xf32> {
  %s = meld.reduce sum %x dims = [1] : tensor<16x1048576xf32> -> tensor<16xf32>
  return %s : tensor<16xf32>
}
