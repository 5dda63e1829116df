// Shapes too large for the host are errors at the op, never a crash or an
// unbounded allocation (found by fuzzing meld-run). The tools reject these
// programs before anything runs (test/tools/limits.mlir); with those limits
// off, the interpreter's and the folder's own guards still hold.
// RUN: not meld-run --max-tensor-elements=0 --max-constant-bytes=0 %s --entry matmul --random-inputs 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: not meld-run --max-tensor-elements=0 --max-constant-bytes=0 %s --entry constant 2>&1 | FileCheck %s --check-prefix=CONST
// RUN: not meld-run --max-tensor-elements=0 --max-constant-bytes=0 %s --entry argument --random-inputs 2>&1 | FileCheck %s --check-prefix=ARG
// RUN: not meld-run --max-tensor-elements=0 --max-constant-bytes=0 %s --entry empty_rows --random-inputs 2>&1 | FileCheck %s --check-prefix=REDUCE
// RUN: meld-opt --max-tensor-elements=0 --max-constant-bytes=0 %s --canonicalize | FileCheck %s --check-prefix=FOLD

// MATMUL: huge-shapes.mlir:[[@LINE+2]]:8: error: 'meld.matmul' op matmul: the result would have more than 2147483648 elements
func.func @matmul(%a: tensor<4294967296x0xf32>, %b: tensor<0x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  %0 = meld.matmul %a, %b : tensor<4294967296x0xf32>, tensor<0x4294967296xf32> -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}

// CONST: huge-shapes.mlir:[[@LINE+5]]:8: error: 'meld.constant' op the constant is unsupported or has more than 2^31 elements
// The element count overflows int64; folding must not fold it to dense<>.
// FOLD-LABEL: func.func @constant
// FOLD: meld.exp
func.func @constant() -> tensor<4611686018427387904x4xf32> {
  %0 = meld.constant dense<1.0> : tensor<4611686018427387904x4xf32>
  %1 = meld.exp %0 : tensor<4611686018427387904x4xf32>
  return %1 : tensor<4611686018427387904x4xf32>
}

// ARG: error: argument #0 would have more than 2147483648 elements
func.func @argument(%a: tensor<100000000000xf32>) -> tensor<100000000000xf32> {
  return %a : tensor<100000000000xf32>
}

// REDUCE: huge-shapes.mlir:[[@LINE+2]]:8: error: 'meld.reduce' op reduce: the result would have more than 2147483648 elements
func.func @empty_rows(%x: tensor<0x4294967296xf32>) -> tensor<4294967296xf32> {
  %0 = meld.reduce sum %x dims = [0] : tensor<0x4294967296xf32> -> tensor<4294967296xf32>
  return %0 : tensor<4294967296xf32>
}
