// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 skip-unit-dims' | FileCheck %s
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048' | FileCheck %s --check-prefix=OFF
// RUN: meld-compile %s --targets=host --print-metadata -o %t.meldb | FileCheck %s --check-prefix=COUNT

// A batch of one (a ViT's 1 x 197 x 768 activations) was one block, one
// thread: with skip-unit-dims the blocks split the first dim after the
// leading unit dims, 16 rows of 768 each (16K elements), and count rows
// over the dims up to it (meld.row_dims = 2).

// CHECK-LABEL: func.func private @pointwise_kernel_0
// CHECK-SAME:    meld.row_dims = 2
// CHECK-SAME:    meld.rows_per_block = 16
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %c2
// CHECK:           tensor.extract_slice %{{.*}}[0, %[[ROW]], 0] [1, %{{.*}}, 768]

// OFF-LABEL: func.func private @pointwise_kernel_0
// OFF-SAME:    meld.rows_per_block = 1
// OFF:         scf.for %{{.*}} step %c1

// COUNT-LABEL: "kernels": [
// COUNT:      "host_blocks": {
// COUNT-NEXT:   "ceildiv": [
// COUNT-NEXT:     {
// COUNT-NEXT:       "mul": [
// COUNT-NEXT:         1,
// COUNT-NEXT:         197
// COUNT:          16
// COUNT:      "name": "pointwise_kernel_0"
func.func @pointwise(%x: tensor<1x197x768xf32>) -> tensor<1x197x768xf32> {
  %y = meld.exp %x : tensor<1x197x768xf32>
  return %y : tensor<1x197x768xf32>
}

// A convolution of one image: its loops run output rows first, so the
// blocks (16 of its 768 output channels each) tile the loop that walks the
// output's channel dim, loop 1, not loop 0.

// COUNT:      "host_blocks": {
// COUNT-NEXT:   "ceildiv": [
// COUNT-NEXT:     {
// COUNT-NEXT:       "mul": [
// COUNT-NEXT:         1,
// COUNT-NEXT:         768
// COUNT:          16
// COUNT:      "name": "patches_kernel_0"
func.func @patches(%x: tensor<1x3x224x224xf32>, %w: tensor<768x3x16x16xf32>) -> tensor<1x768x14x14xf32> {
  %y = meld.conv %x, %w strides = [16, 16] dilations = [1, 1] padding_low = [0, 0] padding_high = [0, 0] groups = 1 : (tensor<1x3x224x224xf32>, tensor<768x3x16x16xf32>) -> tensor<1x768x14x14xf32>
  return %y : tensor<1x768x14x14xf32>
}
