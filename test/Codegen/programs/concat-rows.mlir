// Concatenations inside a row-blocked kernel: RoPE's rotate-half
// (concat(-x[..., h:], x[..., :h]) along the last dim, of a transposed
// projection) and a concat of two computed pieces along the columns.
// meld-tile-host-blocks moves each block's slice across the concat's
// insert_slice chain into its pieces, so the pieces are computed per block
// inside the loop; before, the chain stayed outside the loop and every
// block computed all of it (the query RoPE of a Llama-1B layer's batch-8
// prefill, 8 blocks: 63.8 ms, now 3.0 ms). A concat along the split dim is not
// moved (the blocks cut across its pieces). unittests/Codegen compares
// every function with the interpreter, fused and unfused, for the host and
// the emulated GPU mapping.
//
// The kernels are printed in no fixed order: one check prefix each.
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROPE
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COLS
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ROWS
// The pieces (the transposed halves, the negation) inside the loop:
// ROPE-LABEL: func.func private @rope_kernel_0(
// ROPE-NOT: arith.negf
// ROPE: scf.for
// ROPE: linalg.transpose
// ROPE: arith.negf
// ROPE: tensor.insert_slice
// ROPE: tensor.insert_slice
// ROPE: scf.yield
// COLS-LABEL: func.func private @columns_kernel_0(
// COLS-NOT: math.exp
// COLS: scf.for
// COLS: math.exp
// COLS: tensor.insert_slice
// COLS: scf.yield
// Along the split dim the concat stays before the loop:
// ROWS-LABEL: func.func private @along_rows_kernel_0(
// ROWS: math.exp
// ROWS: tensor.insert_slice
// ROWS: scf.for
// ROPE-NOT: error
// COLS-NOT: error
// ROWS-NOT: error

func.func @rope(%x: tensor<64x96xf32>, %cos: tensor<1x16x16xf32>, %sin: tensor<1x16x16xf32>) -> tensor<24x16x16xf32> {
  %r = meld.reshape %x : tensor<64x96xf32> -> tensor<4x16x6x16xf32>
  %t = meld.transpose %r, perm = [0, 2, 1, 3] : tensor<4x16x6x16xf32> -> tensor<4x6x16x16xf32>
  %c1 = meld.reshape %cos : tensor<1x16x16xf32> -> tensor<1x1x16x16xf32>
  %s1 = meld.reshape %sin : tensor<1x16x16xf32> -> tensor<1x1x16x16xf32>
  %cb = meld.broadcast_in_dim %c1, dims = [0, 1, 2, 3] : tensor<1x1x16x16xf32> -> tensor<4x6x16x16xf32>
  %m1 = meld.mul %t, %cb : tensor<4x6x16x16xf32>
  %a = meld.slice %t start = [0, 0, 0, 0] limit = [4, 6, 16, 8] : tensor<4x6x16x16xf32> -> tensor<4x6x16x8xf32>
  %b = meld.slice %t start = [0, 0, 0, 8] limit = [4, 6, 16, 16] : tensor<4x6x16x16xf32> -> tensor<4x6x16x8xf32>
  %n = meld.neg %b : tensor<4x6x16x8xf32>
  %cat = meld.concat %n, %a dim = 3 : (tensor<4x6x16x8xf32>, tensor<4x6x16x8xf32>) -> tensor<4x6x16x16xf32>
  %sb = meld.broadcast_in_dim %s1, dims = [0, 1, 2, 3] : tensor<1x1x16x16xf32> -> tensor<4x6x16x16xf32>
  %m2 = meld.mul %cat, %sb : tensor<4x6x16x16xf32>
  %o = meld.add %m1, %m2 : tensor<4x6x16x16xf32>
  %f = meld.reshape %o : tensor<4x6x16x16xf32> -> tensor<24x16x16xf32>
  return %f : tensor<24x16x16xf32>
}

func.func @columns(%x: tensor<300x40xf32>, %y: tensor<300x24xf32>) -> tensor<300x64xf32> {
  %e = meld.exp %x : tensor<300x40xf32>
  %n = meld.neg %y : tensor<300x24xf32>
  %cat = meld.concat %e, %n dim = 1 : (tensor<300x40xf32>, tensor<300x24xf32>) -> tensor<300x64xf32>
  %s = meld.mul %cat, %cat : tensor<300x64xf32>
  return %s : tensor<300x64xf32>
}

func.func @along_rows(%x: tensor<60x64xf32>, %y: tensor<20x64xf32>) -> tensor<80x64xf32> {
  %e = meld.exp %x : tensor<60x64xf32>
  %n = meld.neg %y : tensor<20x64xf32>
  %cat = meld.concat %e, %n dim = 0 : (tensor<60x64xf32>, tensor<20x64xf32>) -> tensor<80x64xf32>
  %s = meld.mul %cat, %cat : tensor<80x64xf32>
  return %s : tensor<80x64xf32>
}
