// A ResNet layer's 3x3 convolution (64 -> 64 channels, 56x56, batch 8,
// padding 1) with its ReLU epilogue, for the GPU benchmark
// (scripts/gpu-suite.sh; bench/gpu/torch_peers.py times the same in torch).
func.func @main(%x: tensor<8x64x56x56xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<8x64x56x56xf32> {
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<8x64x56x56xf32>, tensor<64x64x3x3xf32>) -> tensor<8x64x56x56xf32>
  %y = meld.relu %c : tensor<8x64x56x56xf32>
  return %y : tensor<8x64x56x56xf32>
}
