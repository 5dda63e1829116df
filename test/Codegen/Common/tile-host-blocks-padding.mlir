// RUN: meld-compile %s --targets=host -o %t.meldb --mlir-print-ir-before=convert-linalg-to-loops 2>&1 | FileCheck %s

// A padded activation (MobileNetV2's TF-style "same" padding before a
// stride-2 depthwise convolution: ReLU6, then a zero row and a zero column
// concatenated): each image's block computes the activation straight into
// its slice of the output and writes the zero row and column beside it.
// It was built in three scratch tensors of the whole image (the
// activation, the rows, the columns) and copied through them (4 x 96 x 80
// x 80: 0.9 ms warm against 0.11). (Run against the interpreter:
// test/Codegen/programs/padded-activations.mlir.)

// CHECK-LABEL: func.func private @padded_kernel_0(
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           %[[IMAGE:.*]] = memref.subview %arg1[%{{.*}}, 0, 0, 0] [1, 96, 81, 81]
// CHECK:           %[[ROWS:.*]] = memref.subview %[[IMAGE]][0, 0, 0, 0] [1, 96, 81, 80]
// CHECK:           %[[PIXELS:.*]] = memref.subview %[[ROWS]][0, 0, 0, 0] [1, 96, 80, 80]
// CHECK:           linalg.generic
// CHECK-SAME:        outs(%[[PIXELS]] :
// CHECK:           arith.maximumf
// CHECK:           arith.minimumf
// CHECK:           %[[ROW:.*]] = memref.subview %[[ROWS]][0, 0, 80, 0] [1, 96, 1, 80]
// CHECK:           linalg.copy ins(%{{.*}}) outs(%[[ROW]] :
// CHECK:           %[[COLUMN:.*]] = memref.subview %[[IMAGE]][0, 0, 0, 80] [1, 96, 81, 1]
// CHECK:           linalg.copy ins(%{{.*}}) outs(%[[COLUMN]] :
// CHECK-NOT:       memref.copy
// CHECK:         return
func.func @padded(%x: tensor<4x96x80x80xf32>) -> tensor<4x96x81x81xf32> {
  %zero = meld.constant dense<0.000000e+00> : tensor<4x96x80x80xf32>
  %r = meld.max %x, %zero : tensor<4x96x80x80xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<4x96x80x80xf32>
  %a = meld.min %r, %six : tensor<4x96x80x80xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<4x96x1x80xf32>
  %rows = meld.concat %a, %row dim = 2 : (tensor<4x96x80x80xf32>, tensor<4x96x1x80xf32>) -> tensor<4x96x81x80xf32>
  %column = meld.constant dense<0.000000e+00> : tensor<4x96x81x1xf32>
  %padded = meld.concat %rows, %column dim = 3 : (tensor<4x96x81x80xf32>, tensor<4x96x81x1xf32>) -> tensor<4x96x81x81xf32>
  return %padded : tensor<4x96x81x81xf32>
}
