// meld.scatter: accumulate (add) rows into a table with duplicate
// positions, overwrite (none: the last update of a position wins), max on
// integers, mul and min along the last axis of a dynamic batch, and a
// scatter between two other kernels. The random integer inputs lie in
// [-8, 7], so every scattered axis has 8 entries (negative indices count
// from the end) and the 12 updates of a column hit some rows twice.
// unittests/Codegen compares every function with the interpreter at two
// sizes of the '?' dims, fused and unfused, for the host and through the
// emulated GPU mapping (where the updates run on thread 0), and checks the
// PTX and HSACO; here two must match exactly through the tools.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry index_add --random-inputs --seed 7 > %t.ref
// RUN: meld-run %t.meldb --entry index_add --random-inputs --seed 7 > %t.out
// RUN: diff %t.ref %t.out
// RUN: meld-run %s --entry overwrite --random-inputs --seed 3 > %t.ref2
// RUN: meld-run %t.meldb --entry overwrite --random-inputs --seed 3 > %t.out2
// RUN: diff %t.ref2 %t.out2
// RUN: meld-compile %s --targets=nvptx --no-fuse -o %t.gpu.meldb \
// RUN:   --mlir-print-ir-after=meld-map-to-gpu 2>&1 | FileCheck %s

func.func @index_add(%table: tensor<8x16xf32>, %ids: tensor<12x16xi64>, %rows: tensor<12x16xf32>) -> tensor<8x16xf32> {
  %r = meld.scatter %table, %ids, %rows axis = 0 reduction = "add" : (tensor<8x16xf32>, tensor<12x16xi64>, tensor<12x16xf32>) -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

func.func @overwrite(%x: tensor<8x5xf32>, %i: tensor<12x5xi32>, %u: tensor<12x5xf32>) -> tensor<8x5xf32> {
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "none" : (tensor<8x5xf32>, tensor<12x5xi32>, tensor<12x5xf32>) -> tensor<8x5xf32>
  return %r : tensor<8x5xf32>
}

func.func @int_max(%x: tensor<8x3xi32>, %i: tensor<10x3xi64>, %u: tensor<10x3xi32>) -> tensor<8x3xi32> {
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "max" : (tensor<8x3xi32>, tensor<10x3xi64>, tensor<10x3xi32>) -> tensor<8x3xi32>
  return %r : tensor<8x3xi32>
}

func.func @last_axis(%x: tensor<?x8xf32>, %i: tensor<?x5xi64>, %u: tensor<?x5xf32>) -> (tensor<?x8xf32>, tensor<?x8xf32>) {
  %m = meld.scatter %x, %i, %u axis = 1 reduction = "mul" : (tensor<?x8xf32>, tensor<?x5xi64>, tensor<?x5xf32>) -> tensor<?x8xf32>
  %n = meld.scatter %x, %i, %u axis = 1 reduction = "min" : (tensor<?x8xf32>, tensor<?x5xi64>, tensor<?x5xf32>) -> tensor<?x8xf32>
  return %m, %n : tensor<?x8xf32>, tensor<?x8xf32>
}

// One update: no loop over updates is left, and the GPU kernel must still
// add it on one thread (every thread of the workgroup had added it).
// CHECK-LABEL: gpu.func @one_update_kernel_0
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %[[TID]]
// CHECK: scf.if %[[FIRST]]
// CHECK: memref.store
// CHECK: } {meld.serial}
// CHECK: gpu.barrier
func.func @one_update(%x: tensor<8xf32>, %i: tensor<1xi64>, %u: tensor<1xf32>) -> tensor<8xf32> {
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "add" : (tensor<8xf32>, tensor<1xi64>, tensor<1xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// The operand and the updates come from other kernels, and the result
// feeds one.
func.func @between(%x: tensor<8x4xf32>, %i: tensor<6x4xi64>, %u: tensor<6x4xf32>) -> tensor<8x4xf32> {
  %e = meld.exp %x : tensor<8x4xf32>
  %v = meld.mul %u, %u : tensor<6x4xf32>
  %s = meld.scatter %e, %i, %v axis = 0 reduction = "add" : (tensor<8x4xf32>, tensor<6x4xi64>, tensor<6x4xf32>) -> tensor<8x4xf32>
  %y = meld.tanh %s : tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
