// `index` values at function boundaries. (Regression test: meld-run used to
// crash here, with a bad std::variant access or a bad cast, instead of
// running or reporting an error.)
//
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: %python -c "import numpy as np; np.save('%t/n.npy', np.array(3, dtype=np.int64))"
// An entry function cannot return an index: it has no .npy form.
// RUN: not meld-run %t/result.mlir 2>&1 | FileCheck %s --check-prefix=RESULT
// Nor take one, from --random-inputs or from a file.
// RUN: not meld-run %t/argument.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=ARGUMENT
// RUN: not meld-run %t/argument.mlir --input %t/n.npy 2>&1 | FileCheck %s --check-prefix=ARGUMENT-NPY
// Calls between functions pass and return index values.
// RUN: meld-run %t/call.mlir | FileCheck %s --check-prefix=CALL

// RESULT: result.mlir:[[@LINE+3]]:1: error: result #0 has type 'index'; an entry function must return tensors
// RESULT-NOT: PLEASE submit a bug report
//--- result.mlir
func.func @main() -> index {
  %c = arith.constant 3 : index
  return %c : index
}

// ARGUMENT: argument.mlir:[[@LINE+4]]:1: error: argument #0 has type 'index', which the interpreter cannot represent
// ARGUMENT-NOT: PLEASE submit a bug report
// ARGUMENT-NPY: argument.mlir:[[@LINE+2]]:1: error: argument #0 {{.*}}'index'
//--- argument.mlir
func.func @main(%n: index) -> tensor<?xi32> {
  %0 = meld.iota dim = 0 sizes(%n) : tensor<?xi32>
  return %0 : tensor<?xi32>
}

// CALL: result #0: tensor<3xi32>
// CALL-NEXT: {{^}}[0, 1, 2]{{$}}
//--- call.mlir
func.func @iota(%n: index) -> tensor<?xi32> {
  %0 = meld.iota dim = 0 sizes(%n) : tensor<?xi32>
  return %0 : tensor<?xi32>
}

func.func @numel(%x: tensor<?xf32>) -> index {
  %n = meld.dim %x, 0 : tensor<?xf32>
  return %n : index
}

func.func @main() -> tensor<?xi32> {
  %x = meld.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %c = meld.cast %x : tensor<3xf32> to tensor<3xf32>
  %d = meld.reshape %c : tensor<3xf32> -> tensor<3xf32>
  %e = meld.concat %d dim = 0 : (tensor<3xf32>) -> tensor<?xf32>
  %n = func.call @numel(%e) : (tensor<?xf32>) -> index
  %0 = func.call @iota(%n) : (index) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
