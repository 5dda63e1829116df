// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --no-fuse --emulate-gpu-on-host -o %t.emu.meldb
// RUN: meld-run %s --random-inputs --seed 3 > %t.ref
// RUN: meld-run %t.emu.meldb --random-inputs --seed 3 > %t.out
// RUN: diff %t.ref %t.out

// Windows of columns that start off a 128-bit boundary (column 22 of 192,
// column 1 of 8) next to ones that start on it (column 4, 96): unfused,
// each slice is a kernel of one copy, which the GPU mapping reads and
// writes four f32 at a time only where every access is aligned. Found by
// the differential fuzzer (its sizes up to 143): a window at column 22 was
// read with 16-byte-aligned vector loads, which faulted in the emulated
// mapping (and is a misaligned access on a GPU). Run by unittests/Codegen
// on the host and the emulated GPU mapping, fused and unfused, against the
// interpreter; PtxAndHsacoAreValid compiles it for both GPU targets.
func.func @main(%a: tensor<66x192xf32>, %b: tensor<3x8xf32>) -> (tensor<66x96xf32>, tensor<66x96xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %off = meld.slice %a start = [0, 22] limit = [66, 118] : tensor<66x192xf32> -> tensor<66x96xf32>
  %on = meld.slice %a start = [0, 96] limit = [66, 192] : tensor<66x192xf32> -> tensor<66x96xf32>
  %odd = meld.slice %b start = [0, 1] limit = [3, 5] : tensor<3x8xf32> -> tensor<3x4xf32>
  %even = meld.slice %b start = [0, 4] limit = [3, 8] : tensor<3x8xf32> -> tensor<3x4xf32>
  return %off, %on, %odd, %even : tensor<66x96xf32>, tensor<66x96xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}
