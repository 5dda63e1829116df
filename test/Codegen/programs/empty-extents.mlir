// Zero-size extents that leave a non-empty result: a matmul over k = 0
// (all zeros), max and sum over an empty dimension (the reductions'
// identities) and a row sum of no rows, as onnx's *_empty_set node tests
// and an empty KV cache produce them. Host tiling used to crash on them
// (upstream's tile sizes divide by the zero extent).
// unittests/Codegen compares every function with the interpreter, fused
// and unfused, for the host and through the emulated GPU mapping, and
// checks the PTX and HSACO; here the bundle must match the interpreter.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --random-inputs --seed 3 > %t.ref
// RUN: meld-run %t.meldb --random-inputs --seed 3 > %t.out
// RUN: diff %t.ref %t.out
// RUN: FileCheck %s --input-file %t.out

// CHECK: result #0: tensor<4x5xf32>
// CHECK-NEXT: {{\[\[}}0, 0, 0, 0, 0],
// CHECK: result #1: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}-inf, -inf],
// CHECK: result #2: tensor<3x2xf32>
// CHECK-NEXT: {{\[\[}}0, 0],
func.func @main(%a: tensor<4x0xf32>, %b: tensor<0x5xf32>, %c: tensor<3x0x2xf32>) -> (tensor<4x5xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<0xf32>) {
  %m = meld.matmul %a, %b : tensor<4x0xf32>, tensor<0x5xf32> -> tensor<4x5xf32>
  %r = meld.reduce max %c dims = [1] : tensor<3x0x2xf32> -> tensor<3x2xf32>
  %t = meld.reduce sum %c dims = [1] : tensor<3x0x2xf32> -> tensor<3x2xf32>
  %s = meld.reduce sum %b dims = [1] : tensor<0x5xf32> -> tensor<0xf32>
  return %m, %r, %t, %s : tensor<4x5xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<0xf32>
}
