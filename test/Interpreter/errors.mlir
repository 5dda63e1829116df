// Run-time failures of meld-run: each one is an error with a location (the
// op, the function, the file or the .npy path) and a non-zero exit code; no
// result is printed.
//
// RUN: rm -rf %t && split-file --leading-lines %s %t
// RUN: %python -c "import numpy as np; d = '%t/'; np.save(d + 'f3.npy', np.arange(3, dtype=np.float32)); np.save(d + 'f4.npy', np.arange(4, dtype=np.float32)); np.save(d + 'f23.npy', np.zeros((2, 3), dtype=np.float32)); np.save(d + 'f24.npy', np.zeros((2, 4), dtype=np.float32)); np.save(d + 'f6.npy', np.zeros(6, dtype=np.float32)); np.save(d + 'd23.npy', np.zeros((2, 3), dtype=np.float64)); np.save(d + 'e20.npy', np.zeros((2, 0), dtype=np.float32)); np.save(d + 'i3.npy', np.array([6, 7, 8], dtype=np.int32)); np.save(d + 'z3.npy', np.array([1, 0, 2], dtype=np.int32)); np.save(d + 'u4.npy', np.arange(3, dtype=np.uint32)); np.save(d + 'be.npy', np.arange(3, dtype='>f4')); np.save(d + 'b3.npy', np.array([True, False, True])); b = bytearray(open(d + 'b3.npy', 'rb').read()); b[-1] = 2; open(d + 'bool2.npy', 'wb').write(b); open(d + 'garbage.npy', 'w').write('this is not a numpy file'); g = open(d + 'f23.npy', 'rb').read(); open(d + 'trunc_data.npy', 'wb').write(g[:-5]); open(d + 'trunc_header.npy', 'wb').write(g[:20]); open(d + 'extra.npy', 'wb').write(g + b'xy')"
//
// Errors while running ops:
// RUN: not meld-run %t/ops.mlir --entry divide --input %t/i3.npy --input %t/z3.npy 2>&1 | FileCheck %s --check-prefix=DIV
// RUN: not meld-run %t/ops.mlir --entry remainder --input %t/i3.npy --input %t/z3.npy 2>&1 | FileCheck %s --check-prefix=REM
// RUN: not meld-run %t/ops.mlir --entry gather --input %t/f3.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not meld-run %t/ops.mlir --entry add --input %t/f3.npy --input %t/f4.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not meld-run %t/ops.mlir --entry matmul --input %t/f24.npy 2>&1 | FileCheck %s --check-prefix=RESULT
// RUN: not meld-run %t/ops.mlir --entry broadcast --input %t/f3.npy --input %t/f4.npy 2>&1 | FileCheck %s --check-prefix=BCAST
// RUN: not meld-run %t/ops.mlir --entry concat --input %t/f23.npy --input %t/f24.npy 2>&1 | FileCheck %s --check-prefix=CONCAT
// RUN: not meld-run %t/ops.mlir --entry reshape --input %t/f3.npy 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: not meld-run %t/ops.mlir --entry argmax_empty --input %t/e20.npy 2>&1 | FileCheck %s --check-prefix=ARGMAX
// RUN: not meld-run %t/ops.mlir --entry slice_dynamic --input %t/f3.npy 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: not meld-run %t/ops.mlir --entry negative_size 2>&1 | FileCheck %s --check-prefix=NEGSIZE
// RUN: not meld-run %t/ops.mlir --entry huge_size 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not meld-run %t/ops.mlir --entry index_div_zero 2>&1 | FileCheck %s --check-prefix=IDXDIV
// RUN: not meld-run %t/ops.mlir --entry float_arith --input %t/f3.npy 2>&1 | FileCheck %s --check-prefix=ARITH
// RUN: not meld-run %t/ops.mlir --entry caller --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not meld-run %t/loop.mlir --max-while-iterations=100 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not meld-run %t/ops.mlir --entry recurse --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=RECURSE
//
// Bad arguments:
// RUN: not meld-run %t/args.mlir --input %t/f23.npy 2>&1 | FileCheck %s --check-prefix=NARGS
// RUN: not meld-run %t/args.mlir --input %t/f23.npy --input %t/f3.npy --input %t/f3.npy 2>&1 | FileCheck %s --check-prefix=NARGS3
// RUN: not meld-run %t/args.mlir --input %t/d23.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not meld-run %t/args.mlir --input %t/f23.npy --input %t/f3.npy 2>&1 | FileCheck %s --check-prefix=DTYPE2
// RUN: not meld-run %t/args.mlir --input %t/f6.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not meld-run %t/args.mlir --input %t/f24.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not meld-run %t/args.mlir --input %t/missing.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not meld-run %t/args.mlir --input %t/garbage.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=GARBAGE
// RUN: not meld-run %t/args.mlir --input %t/trunc_data.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: not meld-run %t/args.mlir --input %t/trunc_header.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=TRUNCH
// RUN: not meld-run %t/args.mlir --input %t/extra.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=EXTRA
// RUN: not meld-run %t/args.mlir --input %t/u4.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=UNSUP
// RUN: not meld-run %t/args.mlir --input %t/be.npy --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=BIGEND
// RUN: not meld-run %t/bool.mlir --input %t/bool2.npy 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not meld-run %t/args.mlir --random-inputs --input %t/i3.npy 2>&1 | FileCheck %s --check-prefix=RANDIN
// RUN: not meld-run %t/args.mlir --random-inputs --dynamic-size=-1 2>&1 | FileCheck %s --check-prefix=NEGDYN
//
// Bad files and options:
// RUN: not meld-run %t/malformed.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not meld-run %t/invalid.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: not meld-run %t/does-not-exist.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=NOFILE
// RUN: not meld-run %t/args.mlir --random-inputs --output %t/o1.npy --output %t/o2.npy 2>&1 | FileCheck %s --check-prefix=OUTCOUNT
// RUN: not meld-run %t/args.mlir --random-inputs --output %t/no-such-dir/o.npy 2>&1 | FileCheck %s --check-prefix=OUTDIR
// RUN: not meld-run %t/ops.mlir --entry no_such_function --random-inputs 2>&1 | FileCheck %s --check-prefix=ENTRY
// RUN: not meld-run %t/ops.mlir --random-inputs 2>&1 | FileCheck %s --check-prefix=NOMAIN
// RUN: not meld-run %t/ops.mlir --entry external --random-inputs 2>&1 | FileCheck %s --check-prefix=EXTERNAL

//--- ops.mlir

// DIV: ops.mlir:[[@LINE+2]]:8: error: 'meld.div' op integer division by zero
func.func @divide(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = meld.div %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// REM: ops.mlir:[[@LINE+2]]:8: error: 'meld.rem' op integer division by zero
func.func @remainder(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = meld.rem %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// The indices (6, 7, 8) are past the 3 elements (and past -3).
// GATHER: ops.mlir:[[@LINE+2]]:8: error: 'meld.gather' op index 6 is out of bounds for axis 0 of size 3
func.func @gather(%x: tensor<?xf32>, %i: tensor<3xi32>) -> tensor<3xf32> {
  %0 = meld.gather %x, %i axis = 0 : (tensor<?xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// SHAPE: ops.mlir:[[@LINE+2]]:8: error: 'meld.add' op elementwise operands: shapes [3] and [4] differ
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = meld.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// Every result is checked against its declared type.
// RESULT: ops.mlir:[[@LINE+3]]:8: error: the result of 'meld.matmul' is a tensor<2x3xf32> but 'tensor<4x3xf32>' is expected
func.func @matmul(%a: tensor<?x4xf32>) -> tensor<4x3xf32> {
  %w = meld.constant dense<1.0> : tensor<4x3xf32>
  %0 = meld.matmul %a, %w : tensor<?x4xf32>, tensor<4x3xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// BCAST: ops.mlir:[[@LINE+3]]:8: error: 'meld.broadcast_in_dim' op broadcast_in_dim: operand dimension 0 has size 3, which is neither 1 nor the result size 4
func.func @broadcast(%a: tensor<?xf32>, %like: tensor<?xf32>) -> tensor<?xf32> {
  %n = meld.dim %like, 0 : tensor<?xf32>
  %0 = meld.broadcast_in_dim %a, dims = [0] sizes(%n) : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// CONCAT: ops.mlir:[[@LINE+2]]:8: error: 'meld.concat' op concat: inputs [2x3] and [2x4] differ outside dimension 0
func.func @concat(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = meld.concat %a, %b dim = 0 : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// RESHAPE: ops.mlir:[[@LINE+3]]:8: error: 'meld.reshape' op reshape: cannot reshape 3 elements [3] into [5x2]
func.func @reshape(%a: tensor<?xf32>) -> tensor<?x2xf32> {
  %c5 = arith.constant 5 : index
  %0 = meld.reshape %a sizes(%c5) : tensor<?xf32> -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// ARGMAX: ops.mlir:[[@LINE+2]]:8: error: 'meld.reduce' op reduce: argmax/argmin of an empty dimension
func.func @argmax_empty(%a: tensor<2x?xf32>) -> tensor<2xi64> {
  %0 = meld.reduce argmax %a dims = [1] : tensor<2x?xf32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// SLICE: ops.mlir:[[@LINE+2]]:8: error: 'meld.slice' op slice: range [1, 4) step 1 is out of bounds for dimension 0 of size 3
func.func @slice_dynamic(%a: tensor<?xf32>) -> tensor<3xf32> {
  %0 = meld.slice %a start = [1] limit = [4] : tensor<?xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// NEGSIZE: ops.mlir:[[@LINE+4]]:8: error: 'meld.iota' op dynamic size -3 for dimension 0 is negative
func.func @negative_size() -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c = arith.constant -3 : index
  %0 = meld.iota dim = 0 sizes(%c) : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// HUGE: ops.mlir:[[@LINE+3]]:8: error: 'meld.iota' op result would have more than 2147483648 elements
func.func @huge_size() -> tensor<?x?xi8> {
  %c = arith.constant 4294967296 : index
  %0 = meld.iota dim = 0 sizes(%c, %c) : tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

// IDXDIV: ops.mlir:[[@LINE+4]]:8: error: 'arith.divsi' op index division by zero
func.func @index_div_zero() -> tensor<?xf32> {
  %c = arith.constant 3 : index
  %z = arith.constant 0 : index
  %d = arith.divsi %c, %z : index
  %0 = meld.iota dim = 0 sizes(%d) : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// ARITH: ops.mlir:[[@LINE+2]]:8: error: 'arith.addf' op the interpreter supports arith only on index
func.func @float_arith(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = arith.addf %a, %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// An error in a callee names the call site too.
// CALL: ops.mlir:[[@LINE+4]]:8: error: 'meld.div' op integer division by zero
// CALL: ops.mlir:[[@LINE+8]]:8: error: in the call from here
func.func @callee(%a: tensor<3xi32>) -> tensor<3xi32> {
  %z = meld.constant dense<[1, 0, 1]> : tensor<3xi32>
  %0 = meld.div %a, %z : tensor<3xi32>
  return %0 : tensor<3xi32>
}

func.func @caller(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = func.call @callee(%a) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// Unbounded recursion stops at the call depth limit instead of overflowing
// the stack.
// RECURSE: ops.mlir:[[@LINE+1]]:1: error: call depth exceeds 256
func.func @recurse(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = func.call @recurse(%a) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// EXTERNAL: meld-run: error: function 'external' has no body
func.func private @external(tensor<2xf32>) -> tensor<2xf32>

// The module has no @main, so --entry is needed; unknown names are errors.
// ENTRY: ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no function named 'no_such_function'
// NOMAIN: ops.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the module has no 'main' function and more than one function; choose one with --entry

//--- loop.mlir

// LOOP: loop.mlir:[[@LINE+3]]:8: error: 'meld.while' op ran more than 100 iterations; raise the limit (meld-run --max-while-iterations) if the loop is meant to run longer
func.func @main() -> tensor<i32> {
  %x0 = meld.constant dense<0> : tensor<i32>
  %r = meld.while (%x0 : tensor<i32>) cond {
  ^bb0(%x: tensor<i32>):
    %one = meld.constant dense<1> : tensor<i32>
    %p = meld.compare lt, %x, %one : tensor<i32>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<i32>):
    meld.yield %x : tensor<i32>
  }
  return %r : tensor<i32>
}

//--- args.mlir

// NARGS: args.mlir:[[@LINE+11]]:1: error: 'main' takes 2 argument(s) but 1 were given
// NARGS3: args.mlir:[[@LINE+10]]:1: error: 'main' takes 2 argument(s) but 3 were given
// DTYPE: args.mlir:[[@LINE+9]]:1: error: argument #0 is a tensor<2x3xf64> but 'tensor<2x3xf32>' is expected
// DTYPE2: args.mlir:[[@LINE+8]]:1: error: argument #1 is a tensor<3xf32> but 'tensor<?xi32>' is expected
// RANK: args.mlir:[[@LINE+7]]:1: error: argument #0 is a tensor<6xf32> but 'tensor<2x3xf32>' is expected
// STATIC: args.mlir:[[@LINE+6]]:1: error: argument #0 is a tensor<2x4xf32> but 'tensor<2x3xf32>' is expected
// OUTCOUNT: meld-run: error: --output was given 2 time(s) but the function returns 1 result(s)
// OUTDIR: meld-run: error: cannot write '{{.*}}no-such-dir{{/|\\}}o.npy': {{.+}}
// RANDIN: meld-run: error: --random-inputs and --input cannot be combined
// NEGDYN: meld-run: error: --dynamic-size must not be negative
// The .npy errors name the file.
func.func @main(%a: tensor<2x3xf32>, %b: tensor<?xi32>) -> tensor<2x3xf32> {
  return %a : tensor<2x3xf32>
}
// MISSING: meld-run: error: cannot read '{{.*}}missing.npy': {{[Nn]}}o such file or directory
// GARBAGE: meld-run: error: '{{.*}}garbage.npy': not a .npy file (missing the \x93NUMPY magic)
// TRUNC: meld-run: error: '{{.*}}trunc_data.npy': truncated .npy data: shape needs 24 bytes, the file has 19
// TRUNCH: meld-run: error: '{{.*}}trunc_header.npy': truncated .npy header
// EXTRA: meld-run: error: '{{.*}}extra.npy': the .npy file has 2 bytes of data after the 24 the shape needs
// UNSUP: meld-run: error: '{{.*}}u4.npy': unsupported .npy dtype '<u4'; Meld reads f8, f4, f2, i8, i4, i1, b1, and u2 (bf16 bit patterns)
// BIGEND: meld-run: error: '{{.*}}be.npy': big-endian .npy data ('>f4') is not supported

//--- bool.mlir

// BOOL: meld-run: error: '{{.*}}bool2.npy': bool element 2 holds 2, not 0 or 1
func.func @main(%a: tensor<3xi1>) -> tensor<3xi1> {
  return %a : tensor<3xi1>
}

//--- malformed.mlir

func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  // MALFORMED: malformed.mlir:[[@LINE+1]]:23: error: expected ':'
  %0 = meld.add %a, %a
  return %0 : tensor<3xf32>
}

//--- invalid.mlir

// The verifier runs before the interpreter.
func.func @main(%a: tensor<4xf32>) -> tensor<2xf32> {
  // INVALID: invalid.mlir:[[@LINE+1]]:8: error: 'meld.slice' op dimension 0: limit 5 exceeds the operand size 4
  %0 = meld.slice %a start = [3] limit = [5] : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// NOFILE: meld-run: error: cannot open input file '{{.*}}does-not-exist.mlir': {{[Nn]}}o such file or directory

// No error leaves a result behind (these come after the errors above).
// DIV-NOT: result #
// SHAPE-NOT: result #
// LOOP-NOT: result #
// OUTCOUNT-NOT: result #
