// RUN: meld-opt %s --meld-lower-strided-copies | FileCheck %s

// A copy into a column block of a wider buffer (a concat along an inner
// dimension) becomes a linalg.copy; MemRefToLLVM would call memrefCopy.
// CHECK-LABEL: func.func @into_column_block
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<2x2xf32>) outs(%{{.*}} : memref<2x2xf32, strided<[4, 1], offset: 2>>)
func.func @into_column_block(%a: memref<2x2xf32>, %out: memref<2x4xf32>) {
  %sub = memref.subview %out[0, 2] [2, 2] [1, 1]
      : memref<2x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 2>>
  memref.copy %a, %sub : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1], offset: 2>>
  return
}

// Identity layouts, static or dynamic, stay one memcpy.
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy
// CHECK: memref.copy
// CHECK-NOT: linalg.copy
func.func @contiguous(%a: memref<2x4xf32>, %b: memref<2x4xf32>,
                      %c: memref<?x4xf32>, %d: memref<?x4xf32>) {
  memref.copy %a, %b : memref<2x4xf32> to memref<2x4xf32>
  memref.copy %c, %d : memref<?x4xf32> to memref<?x4xf32>
  return
}
