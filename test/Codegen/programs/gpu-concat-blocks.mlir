// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --emulate-gpu-on-host -o %t.emu.meldb
// RUN: meld-run %s --random-inputs --seed 9 > %t.ref
// RUN: meld-run %t.emu.meldb --random-inputs --seed 9 > %t.out
// RUN: diff %t.ref %t.out

// Concatenations a GPU kernel once held whole in workgroup memory, each
// more than its 48 KiB (the GPU targets failed to compile them):
// - RoPE's rotation of 8 heads of 128 x 64 behind a unit batch, whose
//   pieces have their unit dim folded away (rank-reducing inserts, which
//   the row slices now cross, meld-tile-host-blocks);
// - the same without the unit dim, one head block per workgroup, written
//   straight into the output (empty-tensor elimination before
//   bufferization);
// - ViT's class token before 196 patch rows, a concatenation along the
//   rows that row blocks cannot cross: one block, written straight into
//   the output (whole-concat-one-block).
// Run by unittests/Codegen on the host and the emulated GPU mapping, fused
// and unfused, against the interpreter.
func.func @main(%a: tensor<1x8x128x32xf32>, %b: tensor<1x8x128x32xf32>, %c: tensor<8x8x32x32xf32>, %d: tensor<8x8x32x32xf32>, %cls: tensor<1x1x256xf32>, %patches: tensor<1x256x96xf32>) -> (tensor<1x8x128x64xf32>, tensor<8x8x32x64xf32>, tensor<1x97x256xf32>) {
  %nb = meld.neg %b : tensor<1x8x128x32xf32>
  %rot = meld.concat %nb, %a dim = 3 : (tensor<1x8x128x32xf32>, tensor<1x8x128x32xf32>) -> tensor<1x8x128x64xf32>
  %cd = meld.concat %c, %d dim = 3 : (tensor<8x8x32x32xf32>, tensor<8x8x32x32xf32>) -> tensor<8x8x32x64xf32>
  %t = meld.transpose %patches, perm = [0, 2, 1] : tensor<1x256x96xf32> -> tensor<1x96x256xf32>
  %x = meld.concat %cls, %t dim = 1 : (tensor<1x1x256xf32>, tensor<1x96x256xf32>) -> tensor<1x97x256xf32>
  return %rot, %cd, %x : tensor<1x8x128x64xf32>, tensor<8x8x32x64xf32>, tensor<1x97x256xf32>
}
