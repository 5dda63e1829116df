// A convolution over a dynamic length with no padding has no output for an
// input shorter than its kernel: the reference interpreter refuses it, and
// so does the runtime, from the result's shape formula (negative exactly
// when the padded input cannot hold the dilated kernel), before the
// kernel runs; an input as long as the kernel gives one output.
//
// A residual added to the convolution's result sizes the fused kernel's
// output by its own extent, so the formula does not refuse the input
// there: the kernel's own check does (`division-checks`, status 3), and
// takes no windows. For GPU targets the residual stays out of the
// convolution's kernel (an unbounded image), whose formula refuses it.
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: not meld-run %s --entry main --random-inputs --dynamic-size 2 2>&1 | FileCheck %s --check-prefix=INTERP
// RUN: not meld-run %t.meldb --entry main --random-inputs --dynamic-size 2 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not meld-run %t.meldb --entry main --random-inputs --dynamic-size 4 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: meld-run %t.meldb --entry main --random-inputs --dynamic-size 5 | FileCheck %s --check-prefix=FITS
// RUN: meld-run %t.meldb --entry main --random-inputs --dynamic-size 12 | FileCheck %s --check-prefix=LONG
// RUN: not meld-run %t.meldb --entry residual --random-inputs --dynamic-size 2 2>&1 | FileCheck %s --check-prefix=RESIDUAL
// RUN: meld-compile %s --targets=host --emulate-gpu-on-host -o %t.gpu.meldb
// RUN: not meld-run %t.gpu.meldb --entry residual --random-inputs --dynamic-size 2 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: meld-compile %s --targets=host -o %t.meldb --print-metadata | FileCheck %s --check-prefix=FORMULA

// INTERP: conv: spatial dim 0 has no output
// SHORT: launch of kernel 'main_kernel_0': result dimension {{-[0-9]+}} is negative
// RESIDUAL: kernel 'residual_kernel_0': convolution input shorter than its kernel
// GPU: launch of kernel 'residual_kernel_0': result dimension -1 is negative
// FITS: result #0: tensor<1x4x1xf32>
// LONG: result #0: tensor<1x4x4xf32>
// The output length: min(ceildiv(L - 5 + 1, 2), 2 (L - 5) + 1).
// FORMULA:            "min": [
// FORMULA-NEXT:         {
// FORMULA-NEXT:           "ceildiv": [
// FORMULA-NEXT:             {
// FORMULA-NEXT:               "add": [
// FORMULA-NEXT:                 {
// FORMULA-NEXT:                   "dim": [
// FORMULA-NEXT:                     0,
// FORMULA-NEXT:                     2
// FORMULA-NEXT:                   ]
// FORMULA-NEXT:                 },
// FORMULA-NEXT:                 -4
// FORMULA-NEXT:               ]
// FORMULA-NEXT:             },
// FORMULA-NEXT:             2
// FORMULA-NEXT:           ]
// FORMULA-NEXT:         },
// FORMULA-NEXT:         {
// FORMULA-NEXT:           "add": [
// FORMULA-NEXT:             {
// FORMULA-NEXT:               "mul": [
// FORMULA-NEXT:                 {
// FORMULA-NEXT:                   "dim": [
// FORMULA-NEXT:                     0,
// FORMULA-NEXT:                     2
// FORMULA-NEXT:                   ]
// FORMULA-NEXT:                 },
// FORMULA-NEXT:                 2
// FORMULA-NEXT:               ]
// FORMULA-NEXT:             },
// FORMULA-NEXT:             -9
// FORMULA-NEXT:           ]

// Kernel 3 with dilation 2 spans 5 elements; stride 2.
func.func @main(%x: tensor<1x2x?xf32>, %w: tensor<4x2x3xf32>) -> tensor<1x4x?xf32> {
  %c = meld.conv %x, %w strides = [2] dilations = [2] padding_low = [0] padding_high = [0] groups = 1 : (tensor<1x2x?xf32>, tensor<4x2x3xf32>) -> tensor<1x4x?xf32>
  return %c : tensor<1x4x?xf32>
}

// The residual (the add's last operand) sizes the kernel's output.
func.func @residual(%x: tensor<1x2x?xf32>, %w: tensor<2x2x3xf32>, %r: tensor<1x2x?xf32>) -> tensor<1x2x?xf32> {
  %c = meld.conv %x, %w strides = [1] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<1x2x?xf32>, tensor<2x2x3xf32>) -> tensor<1x2x?xf32>
  %y = meld.add %c, %r : tensor<1x2x?xf32>
  return %y : tensor<1x2x?xf32>
}
