// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --targets=nvptx -o %t.gpu.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 | FileCheck %s
// RUN: meld-compile %s --emulate-gpu-on-host -o %t.emu.meldb
// RUN: meld-run %s --random-inputs --seed 4 > %t.ref
// RUN: meld-run %t.emu.meldb --random-inputs --seed 4 > %t.out
// RUN: diff %t.ref %t.out

// A kernel whose result is pure data movement: a broadcast concatenated
// with itself and sliced across the seam (found by the differential
// fuzzer: as one workgroup it needed 125 KiB of workgroup memory and the
// GPU compile was refused). Its result is stored through an identity copy,
// which gives the row blocks a loop nest to split; the slices of a block
// then move across the concatenation. Run by unittests/Codegen too (host and emulated GPU
// mapping, fused and unfused, against the interpreter).

// CHECK-LABEL: func.func private @main_kernel_0
// CHECK: scf.for
func.func @main(%a: tensor<121xf32>) -> tensor<88x121xf32> {
  %0 = meld.broadcast_in_dim %a, dims = [1] : tensor<121xf32> -> tensor<88x121xf32>
  %1 = meld.concat %0, %0 dim = 1 : (tensor<88x121xf32>, tensor<88x121xf32>) -> tensor<88x242xf32>
  %2 = meld.slice %1 start = [0, 117] limit = [88, 238] : tensor<88x242xf32> -> tensor<88x121xf32>
  return %2 : tensor<88x121xf32>
}
