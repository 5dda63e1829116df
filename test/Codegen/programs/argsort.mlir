// meld.argsort: a router's descending order, ties (floored values, random
// integers and booleans, whose rows have many equal elements: the stable
// order keeps them in index order), NaNs (the square roots of negative
// inputs: last ascending, first descending), halves, f64 along a middle
// axis, dynamic rows and a dynamic 1-D axis (token-expert pairs), and an
// argsort between two other kernels. unittests/Codegen compares every
// function with the interpreter at two sizes of the '?' dims, fused and
// unfused, for the host and through the emulated GPU mapping (where the
// rows run on thread 0), and checks the PTX and HSACO; here two must match
// exactly through the tools. The GPU kernels of a single row still run
// the sort on thread 0 (FileCheck of the mapped IR).
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry ties --random-inputs --seed 7 > %t.ref
// RUN: meld-run %t.meldb --entry ties --random-inputs --seed 7 > %t.out
// RUN: diff %t.ref %t.out
// RUN: meld-run %s --entry nans --random-inputs --seed 3 > %t.ref2
// RUN: meld-run %t.meldb --entry nans --random-inputs --seed 3 > %t.out2
// RUN: diff %t.ref2 %t.out2
// RUN: meld-compile %s --targets=nvptx --no-fuse -o %t.gpu.meldb \
// RUN:   --mlir-print-ir-after=meld-map-to-gpu 2>&1 | FileCheck %s

func.func @router(%logits: tensor<8x64xf32>) -> tensor<8x64xi64> {
  %r = meld.argsort %logits axis = 1 descending : (tensor<8x64xf32>) -> tensor<8x64xi64>
  return %r : tensor<8x64xi64>
}

func.func @ties(%x: tensor<?x16xf32>) -> (tensor<?x16xi64>, tensor<?x16xi64>) {
  %x2 = meld.add %x, %x : tensor<?x16xf32>
  %x4 = meld.add %x2, %x2 : tensor<?x16xf32>
  %f = meld.floor %x4 : tensor<?x16xf32>
  %a = meld.argsort %f axis = 1 : (tensor<?x16xf32>) -> tensor<?x16xi64>
  %d = meld.argsort %f axis = 1 descending : (tensor<?x16xf32>) -> tensor<?x16xi64>
  return %a, %d : tensor<?x16xi64>, tensor<?x16xi64>
}

func.func @nans(%x: tensor<7x9xf32>) -> (tensor<7x9xi64>, tensor<7x9xi64>) {
  %s = meld.sqrt %x : tensor<7x9xf32>
  %a = meld.argsort %s axis = 0 : (tensor<7x9xf32>) -> tensor<7x9xi64>
  %d = meld.argsort %s axis = 1 descending : (tensor<7x9xf32>) -> tensor<7x9xi64>
  return %a, %d : tensor<7x9xi64>, tensor<7x9xi64>
}

func.func @ints(%x: tensor<?x4xi32>, %b: tensor<2x10xi1>) -> (tensor<?x4xi64>, tensor<2x10xi64>) {
  %a = meld.argsort %x axis = 0 : (tensor<?x4xi32>) -> tensor<?x4xi64>
  %d = meld.argsort %b axis = 1 descending : (tensor<2x10xi1>) -> tensor<2x10xi64>
  return %a, %d : tensor<?x4xi64>, tensor<2x10xi64>
}

func.func @halves(%x: tensor<3x33xbf16>, %y: tensor<5x6xf16>, %z: tensor<2x5x3xf64>) -> (tensor<3x33xi64>, tensor<5x6xi64>, tensor<2x5x3xi64>) {
  %a = meld.argsort %x axis = 1 : (tensor<3x33xbf16>) -> tensor<3x33xi64>
  %b = meld.argsort %y axis = 1 descending : (tensor<5x6xf16>) -> tensor<5x6xi64>
  %c = meld.argsort %z axis = 1 : (tensor<2x5x3xf64>) -> tensor<2x5x3xi64>
  return %a, %b, %c : tensor<3x33xi64>, tensor<5x6xi64>, tensor<2x5x3xi64>
}

// One row (1-D, and 1 x 40): no loop over rows is left, and the GPU kernel
// must still sort on one thread (256 threads heapsorting the same row in
// place gave wrong indices on an H200).
// CHECK-LABEL: gpu.func @one_row_kernel_0
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %[[TID]]
// CHECK: scf.if %[[FIRST]]
// CHECK: } {meld.serial}
// CHECK: gpu.barrier
// CHECK-LABEL: gpu.func @experts_kernel_0
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[FIRST:.+]] = arith.cmpi eq, %[[TID]]
// CHECK: scf.if %[[FIRST]]
// CHECK: } {meld.serial}
// CHECK: gpu.barrier
func.func @one_row(%x: tensor<1x40xf32>) -> tensor<1x40xi64> {
  %r = meld.argsort %x axis = 1 descending : (tensor<1x40xf32>) -> tensor<1x40xi64>
  return %r : tensor<1x40xi64>
}

func.func @experts(%ids: tensor<?xi64>) -> tensor<?xi64> {
  %r = meld.argsort %ids axis = 0 : (tensor<?xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

func.func @between(%x: tensor<4x37xf32>) -> tensor<4x37xf32> {
  %sq = meld.mul %x, %x : tensor<4x37xf32>
  %r = meld.argsort %sq axis = 1 : (tensor<4x37xf32>) -> tensor<4x37xi64>
  %f = meld.cast %r : tensor<4x37xi64> to tensor<4x37xf32>
  %y = meld.add %f, %x : tensor<4x37xf32>
  return %y : tensor<4x37xf32>
}
