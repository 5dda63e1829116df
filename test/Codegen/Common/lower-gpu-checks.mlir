// RUN: meld-opt %s --pass-pipeline='builtin.module(gpu.module(meld-lower-gpu-checks))' | FileCheck %s

// Every GPU kernel takes its status cell as its last parameter, before its
// workgroup attributions; a failed check stores its code there (1: integer
// division by zero) and the thread goes on. Device functions are left alone.

// CHECK-LABEL: gpu.func @divide(
// CHECK-SAME:    %[[A:[^:]*]]: memref<8xi32>, %[[B:[^:]*]]: memref<8xi32>, %[[Q:[^:]*]]: memref<8xi32>, %[[STATUS:[^:]*]]: !llvm.ptr)
// CHECK-SAME:    workgroup(%[[SCRATCH:[^:]*]] : memref<8xi32, #gpu.address_space<workgroup>>)
// CHECK-SAME:    kernel
// CHECK:         %[[I:.*]] = gpu.thread_id x
// CHECK:         %[[D:.*]] = memref.load %[[B]][%[[I]]]
// CHECK:         %[[NZ:.*]] = arith.cmpi ne, %[[D]]
// CHECK:         %[[FAILED:.*]] = arith.xori %[[NZ]], %true
// CHECK:         scf.if %[[FAILED]] {
// CHECK:           %[[CODE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:           llvm.store %[[CODE]], %[[STATUS]] : i32, !llvm.ptr
// CHECK:         }
// CHECK:         arith.divsi
// CHECK:         memref.store %{{.*}}, %[[SCRATCH]][%[[I]]]
// CHECK-NOT:     cf.assert
// CHECK-LABEL: gpu.func @copy(
// CHECK-SAME:    %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: memref<8xf32>, %{{[^:]*}}: !llvm.ptr)
// CHECK-NOT:     llvm.store
// CHECK:         gpu.return
// CHECK-LABEL: gpu.func @helper(
// CHECK-SAME:    %{{[^:]*}}: f32) -> f32 {
gpu.module @meld_kernels {
  gpu.func @divide(%a: memref<8xi32>, %b: memref<8xi32>, %q: memref<8xi32>)
      workgroup(%scratch: memref<8xi32, #gpu.address_space<workgroup>>)
      kernel {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %i = gpu.thread_id x
    %x = memref.load %a[%i] : memref<8xi32>
    %y = memref.load %b[%i] : memref<8xi32>
    %nz = arith.cmpi ne, %y, %zero : i32
    cf.assert %nz, "integer division by zero"
    %z = arith.cmpi eq, %y, %zero : i32
    %d = arith.select %z, %one, %y : i32
    %r = arith.divsi %x, %d : i32
    memref.store %r, %scratch[%i] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %r, %q[%i] : memref<8xi32>
    gpu.return
  }

  // A kernel without checks still takes the status cell (one launch ABI
  // for every kernel).
  gpu.func @copy(%a: memref<8xf32>, %b: memref<8xf32>) kernel {
    %i = gpu.thread_id x
    %x = memref.load %a[%i] : memref<8xf32>
    memref.store %x, %b[%i] : memref<8xf32>
    gpu.return
  }

  gpu.func @helper(%x: f32) -> f32 {
    gpu.return %x : f32
  }
}
