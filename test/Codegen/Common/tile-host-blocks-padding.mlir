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

// A padding of both sides (a stride-1 "same" convolution's input: zeros,
// the activation, zeros, along the rows and then the columns): the
// concatenations insert their computed piece first (meld-convert-to-linalg;
// the slices are disjoint), so the activation is computed in its slice
// too.

// CHECK-LABEL: func.func private @border_kernel_0(
// CHECK-NOT:     memref.alloc
// CHECK:         scf.for
// CHECK:           %[[IMAGE:.*]] = memref.subview %arg1[%{{.*}}, 0, 0, 0] [1, 24, 42, 42]
// CHECK:           %[[ROWS:.*]] = memref.subview %[[IMAGE]][0, 0, 0, 1] [1, 24, 42, 40]
// CHECK:           %[[PIXELS:.*]] = memref.subview %[[ROWS]][0, 0, 1, 0] [1, 24, 40, 40]
// (each row of 40, 42 apart, one vector: meld-vectorize-host-rows)
// CHECK:           %[[ROW:.*]] = memref.subview %[[PIXELS]]
// CHECK:           vector.transfer_write %{{.*}}, %[[ROW]]
// CHECK-NOT:       memref.copy
// CHECK:         return
func.func @border(%x: tensor<4x24x40x40xf32>) -> tensor<4x24x42x42xf32> {
  %zero = meld.constant dense<0.000000e+00> : tensor<4x24x40x40xf32>
  %r = meld.max %x, %zero : tensor<4x24x40x40xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<4x24x40x40xf32>
  %a = meld.min %r, %six : tensor<4x24x40x40xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<4x24x1x40xf32>
  %rows = meld.concat %row, %a, %row dim = 2 : (tensor<4x24x1x40xf32>, tensor<4x24x40x40xf32>, tensor<4x24x1x40xf32>) -> tensor<4x24x42x40xf32>
  %column = meld.constant dense<0.000000e+00> : tensor<4x24x42x1xf32>
  %padded = meld.concat %column, %rows, %column dim = 3 : (tensor<4x24x42x1xf32>, tensor<4x24x42x40xf32>, tensor<4x24x42x1xf32>) -> tensor<4x24x42x42xf32>
  return %padded : tensor<4x24x42x42xf32>
}
