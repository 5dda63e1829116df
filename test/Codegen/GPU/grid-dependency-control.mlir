// RUN: meld-opt %s --pass-pipeline='builtin.module(gpu.module(meld-grid-dependency-control))' | FileCheck %s

// Every kernel lets its dependents launch, then waits for the grids it
// depends on, before anything else; other functions are left alone.

// CHECK-LABEL: gpu.module @kernels
gpu.module @kernels {
  // CHECK-LABEL: gpu.func @scale
  // CHECK-NEXT: nvvm.griddepcontrol launch_dependents
  // CHECK-NEXT: nvvm.griddepcontrol wait
  // CHECK-NEXT: gpu.thread_id x
  gpu.func @scale(%a: memref<256xf32>) kernel {
    %i = gpu.thread_id x
    %v = memref.load %a[%i] : memref<256xf32>
    %s = arith.addf %v, %v : f32
    memref.store %s, %a[%i] : memref<256xf32>
    gpu.return
  }
  // CHECK-LABEL: gpu.func @helper
  // CHECK-NOT: nvvm.griddepcontrol
  // CHECK: gpu.return
  gpu.func @helper(%x: f32) -> f32 {
    gpu.return %x : f32
  }
}
