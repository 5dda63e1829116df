// RUN: meld-opt %s --pass-pipeline='builtin.module(gpu.module(meld-promote-loop-accumulators))' | FileCheck %s

// A thread's output element of an untiled contraction: loaded once before
// the k loop, carried in a register, stored once after it.

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @dot
  // CHECK: %[[INIT:.*]] = memref.load %[[C:.*]][%[[I:.*]]] : memref<129xf32>
  // CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32)
  // CHECK-NOT: memref.store
  // CHECK: arith.addf %[[ACC]]
  // CHECK: scf.yield
  // CHECK: memref.store %[[SUM]], %[[C]][%[[I]]] : memref<129xf32>
  gpu.func @dot(%a: memref<64xf32>, %b: memref<64x129xf32>,
                %c: memref<129xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %i = gpu.thread_id x
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %a[%k] : memref<64xf32>
      %y = memref.load %b[%k, %i] : memref<64x129xf32>
      %acc = memref.load %c[%i] : memref<129xf32>
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      memref.store %s, %c[%i] : memref<129xf32>
    }
    gpu.return
  }

  // Left alone: a barrier in the loop (other threads may read the element
  // between iterations), an index that moves with the loop, and a second
  // view of the buffer the loop also reads.
  // CHECK-LABEL: gpu.func @barrier
  // CHECK: scf.for
  // CHECK-NOT: iter_args
  // CHECK: gpu.barrier
  // CHECK: memref.store
  gpu.func @barrier(%a: memref<64xf32>, %c: memref<129xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %i = gpu.thread_id x
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %a[%k] : memref<64xf32>
      %acc = memref.load %c[%i] : memref<129xf32>
      %s = arith.addf %acc, %x : f32
      gpu.barrier
      memref.store %s, %c[%i] : memref<129xf32>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @moving_index
  // CHECK: scf.for
  // CHECK-NOT: iter_args
  // CHECK: memref.store
  gpu.func @moving_index(%a: memref<64xf32>, %c: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %a[%k] : memref<64xf32>
      %acc = memref.load %c[%k] : memref<64xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %c[%k] : memref<64xf32>
    }
    gpu.return
  }

  // CHECK-LABEL: gpu.func @aliased_view
  // CHECK: scf.for
  // CHECK-NOT: iter_args
  // CHECK: memref.store
  gpu.func @aliased_view(%c: memref<2x64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %row = memref.subview %c[1, 0] [1, 64] [1, 1]
        : memref<2x64xf32> to memref<64xf32, strided<[1], offset: 64>>
    %i = gpu.thread_id x
    scf.for %k = %c0 to %c64 step %c1 {
      %x = memref.load %row[%k] : memref<64xf32, strided<[1], offset: 64>>
      %acc = memref.load %c[%c0, %i] : memref<2x64xf32>
      %s = arith.addf %acc, %x : f32
      memref.store %s, %c[%c0, %i] : memref<2x64xf32>
    }
    gpu.return
  }
}
