// Host GEMMs over dynamic columns and depths (meld-vectorize-host-
// contractions' masked partial column tiles, meld-tile-host-blocks' column
// blocks counted at run time): attention's scores and their product with V
// over a sequence of any length, a product of static rows by a dynamic
// number of columns (a 1-D convolution over a sequence of any length is
// one) with a ReLU, a dynamic depth, a transposed right operand of dynamic
// rows, and bf16 operands. unittests/Codegen compares every function with
// the interpreter at the '?' sizes 1 and 5 (fused and unfused, host and
// emulated GPU), and DynamicColumns.WideSizesMatchTheInterpreter at 37 and
// 300 (several column blocks, partial column tiles and k blocks).
//
// RUN: meld-compile %s --targets=host -o %t.meldb
// RUN: meld-run %t.meldb --entry columns --random-inputs --seed 3 --dynamic-size 300 | FileCheck %s --check-prefix=COLUMNS
// COLUMNS: result #0: tensor<24x300xf32>
// RUN: meld-compile %s --targets=host --print-metadata \
// RUN:   --mlir-print-ir-after=meld-tile-host-blocks 2>&1 -o %t.meldb | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: func.func private @columns_kernel_0
// BLOCKS-SAME: meld.host_column_block_dim = array<i64: 1, 256>

// tanh(Q K^T) V over 4 heads of a dynamic sequence: the scores' columns and
// the second product's depth are the sequence (tanh, bounded, where exp of
// random scores summed over 300 keys cancels beyond the f32 tolerance).
func.func @attention(%q: tensor<4x?x32xf32>, %k: tensor<4x?x32xf32>, %v: tensor<4x?x32xf32>) -> tensor<4x?x32xf32> {
  %s = meld.batch_matmul %q, %k transpose_rhs : tensor<4x?x32xf32>, tensor<4x?x32xf32> -> tensor<4x?x?xf32>
  %e = meld.tanh %s : tensor<4x?x?xf32>
  %o = meld.batch_matmul %e, %v : tensor<4x?x?xf32>, tensor<4x?x32xf32> -> tensor<4x?x32xf32>
  return %o : tensor<4x?x32xf32>
}

// 24 static rows by a dynamic number of columns, then a ReLU: column
// blocks of 256 counted at run time, the last one partial.
func.func @columns(%a: tensor<24x40xf32>, %b: tensor<40x?xf32>) -> tensor<24x?xf32> {
  %c = meld.matmul %a, %b : tensor<24x40xf32>, tensor<40x?xf32> -> tensor<24x?xf32>
  %r = meld.relu %c : tensor<24x?xf32>
  return %r : tensor<24x?xf32>
}

// A dynamic depth (and rows): k blocks of 256, the last one partial.
func.func @depth(%a: tensor<?x?xf32>, %b: tensor<?x24xf32>) -> tensor<?x24xf32> {
  %c = meld.matmul %a, %b : tensor<?x?xf32>, tensor<?x24xf32> -> tensor<?x24xf32>
  return %c : tensor<?x24xf32>
}

// `x @ W^T` of a weight with a dynamic number of rows: dynamic columns of
// a transposed right operand, its partial panel packed transposed.
func.func @transposed(%x: tensor<40x48xf32>, %w: tensor<?x48xf32>) -> tensor<40x?xf32> {
  %c = meld.matmul %x, %w transpose_rhs : tensor<40x48xf32>, tensor<?x48xf32> -> tensor<40x?xf32>
  return %c : tensor<40x?xf32>
}

// bf16 operands widened to f32 tiles, the last column tile masked (an f32
// result: the emulated GPU mapping sums a bf16 result in bf16).
func.func @halves(%a: tensor<16x40xbf16>, %b: tensor<40x?xbf16>) -> tensor<16x?xf32> {
  %c = meld.matmul %a, %b : tensor<16x40xbf16>, tensor<40x?xbf16> -> tensor<16x?xf32>
  return %c : tensor<16x?xf32>
}
