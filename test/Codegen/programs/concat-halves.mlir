// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --no-fuse --emulate-gpu-on-host -o %t.emu.meldb
// RUN: meld-run %s --random-inputs --seed 3 > %t.ref
// RUN: meld-run %t.emu.meldb --random-inputs --seed 3 > %t.out
// RUN: diff %t.ref %t.out

// A concatenation of one tensor with itself, and windows of it: unfused, the
// concatenation is a kernel of two copies into views of its output, which
// the GPU mapping merges into one op (both read the input at the same
// element). The merged op once stood where the first copy was, before the
// second half's view was made: the mapping failed on dominance (found by
// the differential fuzzer's generator, random program 15). Run by
// unittests/Codegen on the host and the emulated GPU mapping, fused and
// unfused, against the interpreter.
func.func @main(%x: tensor<4x5xf32>, %y: tensor<4x5xf32>) -> (tensor<4x10xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<8x5xf32>) {
  %c = meld.concat %x, %x dim = 1 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x10xf32>
  %w = meld.slice %c start = [0, 4] limit = [4, 9] : tensor<4x10xf32> -> tensor<4x5xf32>
  %d = meld.concat %x, %y dim = 1 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x10xf32>
  %s = meld.slice %d start = [0, 1] limit = [4, 10] strides = [1, 2] : tensor<4x10xf32> -> tensor<4x5xf32>
  %r = meld.concat %y, %x dim = 0 : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<8x5xf32>
  return %c, %w, %s, %r : tensor<4x10xf32>, tensor<4x5xf32>, tensor<4x5xf32>, tensor<8x5xf32>
}
