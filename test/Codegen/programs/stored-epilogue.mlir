// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-compile %s --emulate-gpu-on-host -o %t.emu.meldb

// A GEMM epilogue's result (%e) both stored into concatenations (a strided
// window of one, rows shifted past a constant row in another) and read by
// later elementwise ops of the same kernel (a compare, a select, a tanh).
// meld-fuse-stored-producers fused %e into a reader that comes after one
// of those stores, whose use of %e then came before the fused op that
// defines it: host code generation failed on dominance (found by the
// differential fuzzer, 2026-11-27). A producer now fuses only into a
// reader that precedes all of its stores. Run by unittests/Codegen on the
// host and the emulated GPU mapping, fused and unfused, against the
// interpreter.
func.func @main(%a: tensor<48x16xf32>, %w: tensor<16x16xf32>) -> (tensor<48x16xf32>, tensor<48x16xf32>) {
  %m = meld.matmul %a, %w : tensor<48x16xf32>, tensor<16x16xf32> -> tensor<48x16xf32>
  %e = meld.max %m, %a : tensor<48x16xf32>
  %c = meld.concat %e, %a dim = 1 : (tensor<48x16xf32>, tensor<48x16xf32>) -> tensor<48x32xf32>
  %s = meld.slice %c start = [0, 1] limit = [48, 32] strides = [1, 2] : tensor<48x32xf32> -> tensor<48x16xf32>
  %i = meld.constant dense<[-24, 37, 26, -9, 4, 41, 6, 19, 8, 21, 34, 23, -12, 1, 38, 3, 16, 5, 18, 31, 20, -15, 46, 35, 0, 13, 2, 15, 28, 17, -18, 43, 32, -3, 10, 47, 12, 25, 14, -21, 40, 29, -6, 7, 44, 9, 22, 11]> : tensor<48xi64>
  %g = meld.gather %a, %i axis = 0 : (tensor<48x16xf32>, tensor<48xi64>) -> tensor<48x16xf32>
  %p = meld.compare gt, %e, %g : tensor<48x16xf32>
  %r = meld.select %p, %e, %s : tensor<48x16xi1>, tensor<48x16xf32>
  %z = meld.constant dense<2.500000e-01> : tensor<1x16xf32>
  %d = meld.concat %e, %z dim = 0 : (tensor<48x16xf32>, tensor<1x16xf32>) -> tensor<49x16xf32>
  %u = meld.slice %d start = [1, 0] limit = [49, 16] : tensor<49x16xf32> -> tensor<48x16xf32>
  %t = meld.tanh %u : tensor<48x16xf32>
  return %r, %t : tensor<48x16xf32>, tensor<48x16xf32>
}

