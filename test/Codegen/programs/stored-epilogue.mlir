// RUN: meld-compile %s --targets=host -o %t.meldb
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
func.func @main(%a: tensor<94x71xf32>, %w: tensor<71x71xf32>) -> (tensor<94x71xf32>, tensor<94x71xf32>) {
  %m = meld.matmul %a, %w : tensor<94x71xf32>, tensor<71x71xf32> -> tensor<94x71xf32>
  %e = meld.max %m, %a : tensor<94x71xf32>
  %c = meld.concat %e, %a dim = 1 : (tensor<94x71xf32>, tensor<94x71xf32>) -> tensor<94x142xf32>
  %s = meld.slice %c start = [0, 1] limit = [94, 142] strides = [1, 2] : tensor<94x142xf32> -> tensor<94x71xf32>
  %i = meld.constant dense<[-47, 37, 74, -30, 54, 91, -13, 71, 14, 4, 88, 31, 21, 11, 48, 38, 28, 65, -39, 45, 82, -22, 62, 5, -5, 79, 22, 12, 2, 39, 29, 19, 56, 46, 36, 73, -31, 53, 90, -14, 70, 13, 3, 87, 30, 20, 10, 47, 37, 27, 64, -40, 44, 81, -23, 61, 4, -6, 78, 21, 11, 1, 38, 28, 18, 55, 45, 35, 72, -32, 52, 89, -15, 69, 12, 2, 86, 29, 19, 9, 46, 36, 26, 63, -41, 43, 80, -24, 60, 3, -7, 77, 20, 10]> : tensor<94xi64>
  %g = meld.gather %a, %i axis = 0 : (tensor<94x71xf32>, tensor<94xi64>) -> tensor<94x71xf32>
  %p = meld.compare gt, %e, %g : tensor<94x71xf32>
  %r = meld.select %p, %e, %s : tensor<94x71xi1>, tensor<94x71xf32>
  %z = meld.constant dense<2.500000e-01> : tensor<1x71xf32>
  %d = meld.concat %e, %z dim = 0 : (tensor<94x71xf32>, tensor<1x71xf32>) -> tensor<95x71xf32>
  %u = meld.slice %d start = [1, 0] limit = [95, 71] : tensor<95x71xf32> -> tensor<94x71xf32>
  %t = meld.tanh %u : tensor<94x71xf32>
  return %r, %t : tensor<94x71xf32>, tensor<94x71xf32>
}
