// RUN: meld-opt %s --meld-lower-host-checks | FileCheck %s

// Every host kernel takes its status cell last; a failed check stores its
// code there (1: integer division by zero) and the kernel goes on.
// Functions that are not kernels are left alone.

// CHECK-LABEL: func.func @divide(
// CHECK-SAME:    %[[A:[^:]*]]: memref<8xi32>, %[[B:[^:]*]]: memref<8xi32>, %[[Q:[^:]*]]: memref<8xi32>, %[[STATUS:[^:]*]]: !llvm.ptr)
// CHECK:         scf.for %[[I:.*]] =
// CHECK:           %[[D:.*]] = memref.load %[[B]][%[[I]]]
// CHECK:           %[[NZ:.*]] = arith.cmpi ne, %[[D]]
// CHECK:           %[[FAILED:.*]] = arith.xori %[[NZ]], %true
// CHECK:           scf.if %[[FAILED]] {
// CHECK:             %[[CODE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:             llvm.store %[[CODE]], %[[STATUS]] : i32, !llvm.ptr
// CHECK:           }
// CHECK:           arith.divsi
// CHECK-NOT:     cf.assert
func.func @divide(%a: memref<8xi32>, %b: memref<8xi32>, %q: memref<8xi32>)
    attributes {meld.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %nz = arith.cmpi ne, %y, %zero : i32
    cf.assert %nz, "integer division by zero"
    %z = arith.cmpi eq, %y, %zero : i32
    %d = arith.select %z, %one, %y : i32
    %r = arith.divsi %x, %d : i32
    memref.store %r, %q[%i] : memref<8xi32>
  }
  return
}

// A kernel without checks still takes the status cell (one entry-point
// ABI for every kernel).
// CHECK-LABEL: func.func @copy(
// CHECK-SAME:    %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: !llvm.ptr)
// CHECK-NOT:     llvm.store
// CHECK:         return
func.func @copy(%a: memref<8xf32>, %b: memref<8xf32>) attributes {meld.kernel} {
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  return
}

// CHECK-LABEL: func.func @helper(
// CHECK-SAME:    %{{[^:]*}}: f32) -> f32
func.func @helper(%x: f32) -> f32 {
  return %x : f32
}
