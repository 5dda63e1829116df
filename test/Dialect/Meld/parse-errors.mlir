// RUN: not meld-opt %s -split-input-file 2>&1 | FileCheck %s

// Malformed syntax: every error is reported with the file, line and column
// of the offending token, and meld-opt exits with a failure.

// CHECK: parse-errors.mlir:[[@LINE+1]]:1: error: custom op 'this' is unknown
this is not mlir

// -----

func.func @truncated_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:20: error: expected SSA operand
  %0 = meld.add %a,
}

// -----

func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:8: error: custom op 'meld.frobnicate' is unknown
  %0 = meld.frobnicate %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @missing_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:19: error: expected ':'
  %0 = meld.neg %a
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_array(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:38: error: custom op 'meld.transpose' expected integer value
  %0 = meld.transpose %a, perm = [1, : tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @missing_keyword(%a: tensor<4xf32>) -> tensor<f32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:27: error: custom op 'meld.reduce' expected 'dims'
  %0 = meld.reduce sum %a [0] : tensor<4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @missing_arrow(%a: tensor<4xf32>) -> tensor<2x2xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:39: error: expected '->'
  %0 = meld.reshape %a : tensor<4xf32> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @undefined_value(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:17: error: use of undeclared SSA value name
  %0 = meld.neg %undefined : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unclosed_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:34: error: expected '>' in tensor type
  %0 = meld.neg %a : tensor<4xf32
  return %0 : tensor<4xf32>
}

// -----

func.func @if_without_else(%p: tensor<i1>) {
  meld.if %p {
    meld.yield
  }
  // CHECK: parse-errors.mlir:[[@LINE+1]]:3: error: custom op 'meld.if' expected 'else'
  return
}

// -----

func.func @garbage_in_body(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: parse-errors.mlir:[[@LINE+1]]:9: error: @ identifier expected to start with letter or '_'
  %0 = @@@
  return %a : tensor<4xf32>
}

// -----

// The file ends in the middle of a function: the error points at the end of
// the file, which is the end of the next line.
func.func @unterminated(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
// CHECK: parse-errors.mlir:[[@LINE]]:{{[0-9]+}}: error: expected operation name in quotes
