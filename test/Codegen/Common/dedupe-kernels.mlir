// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-dedupe-kernels | FileCheck %s
// RUN: meld-compile %s --targets=host --print-metadata -o %t.meldb | FileCheck %s --check-prefix=BUNDLE

// Two layers of one model compute the same kernels on different values:
// each distinct kernel is compiled once, and every launch of an equal one
// launches it. Equal programs (@same_layer is @layer's first half) keep
// their own names: they are entry points. A kernel that differs in one op
// (log for exp) stays apart.

// CHECK:     func.func private @layer_kernel_0(
// CHECK-NOT: func.func private @layer_kernel_1(
// CHECK:     func.func @layer(
// CHECK:       %[[A:.*]] = meld.launch @layer_kernel_0(
// CHECK:       meld.launch @layer_kernel_0(%[[A]])
// CHECK-NOT: func.func private @same_layer_kernel
// CHECK:     func.func @same_layer(
// CHECK:       meld.launch @layer_kernel_0(
// CHECK:     func.func private @other_kernel_0(
// CHECK:     func.func @other(
// CHECK:       meld.launch @other_kernel_0(

// BUNDLE:     "kernels": [
// BUNDLE:     "name": "layer_kernel_0"
// BUNDLE:     "name": "other_kernel_0"
// BUNDLE-NOT: "name": "{{.*}}_kernel_{{[0-9]+}}"
func.func @layer(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = meld.matmul %x, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %b = meld.exp %a : tensor<64x64xf32>
  %c = meld.matmul %b, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %d = meld.exp %c : tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

func.func @same_layer(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = meld.matmul %x, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %b = meld.exp %a : tensor<64x64xf32>
  return %b : tensor<64x64xf32>
}

func.func @other(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = meld.matmul %x, %x : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %b = meld.log %a : tensor<64x64xf32>
  return %b : tensor<64x64xf32>
}
