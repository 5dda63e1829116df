// RUN: meld-opt %s --meld-lower-dynamic-expand-shapes --split-input-file --verify-diagnostics | FileCheck %s

// One dimension split into two dynamic ones (batch x sequence) becomes a
// reinterpret_cast with row-major strides: expand-strided-metadata crashes
// on the expand_shape in MLIR 22.
// CHECK-LABEL: func.func @split_rows
// CHECK-SAME: (%[[M:.+]]: memref<?x32xf32>, %[[B:.+]]: index, %[[T:.+]]: index)
// CHECK: %[[C32:.+]] = arith.constant 32 : index
// CHECK: %[[S:.+]] = arith.muli %[[C32]], %[[T]] : index
// CHECK: memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[B]], %[[T]], 32], strides: [%[[S]], 32, 1]
// CHECK-NOT: memref.expand_shape
func.func @split_rows(%m: memref<?x32xf32>, %b: index, %t: index) -> memref<?x?x32xf32> {
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%b, %t, 32]
      : memref<?x32xf32> into memref<?x?x32xf32>
  return %e : memref<?x?x32xf32>
}

// At most one dynamic dim per group: expand-strided-metadata handles it.
// CHECK-LABEL: func.func @one_dynamic
// CHECK: memref.expand_shape
func.func @one_dynamic(%m: memref<?x32xf32>, %b: index) -> memref<?x4x8xf32> {
  %e = memref.expand_shape %m [[0], [1, 2]] output_shape [%b, 4, 8]
      : memref<?x32xf32> into memref<?x4x8xf32>
  return %e : memref<?x4x8xf32>
}

// -----

func.func @strided(%m: memref<?x32xf32, strided<[64, 1]>>, %b: index, %t: index) {
  // expected-error @+1 {{splits a dimension of a strided buffer into several dynamic ones}}
  %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%b, %t, 32]
      : memref<?x32xf32, strided<[64, 1]>> into memref<?x?x32xf32, strided<[?, 64, 1]>>
  return
}
