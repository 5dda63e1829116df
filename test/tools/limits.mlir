// Every tool rejects a pathological program with a located error instead of
// crashing (a stack overflow in the parser at about 5,000 levels) or
// silently ignoring part of the file. The programs are generated
// (Inputs/pathological.py); docs/limits.md lists the limits.
//
// RUN: %python %S/Inputs/pathological.py deep-if 20000 > %t.if.mlir
// RUN: not meld-opt %t.if.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not meld-run --random-inputs %t.if.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: not meld-compile --targets=host -o %t.meldb %t.if.mlir 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: if.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the program nests deeper than 256 levels of regions, types, attributes or brackets; raise the limit with --max-nesting
// DEEP-NOT: Stack dump
//
// RUN: %python %S/Inputs/pathological.py deep-scf 20000 > %t.scf.mlir
// RUN: not meld-opt %t.scf.mlir 2>&1 | FileCheck %s --check-prefix=DEEP-SCF
// DEEP-SCF: scf.mlir:{{[0-9]+}}:{{[0-9]+}}: error: the program nests deeper than 256 levels
//
// Types and attributes nest in the parser too.
// RUN: %python %S/Inputs/pathological.py deep-type 20000 > %t.type.mlir
// RUN: not meld-opt %t.type.mlir 2>&1 | FileCheck %s --check-prefix=DEEP-TYPE
// DEEP-TYPE: type.mlir:1:{{[0-9]+}}: error: the program nests deeper than 256 levels
// RUN: %python %S/Inputs/pathological.py deep-attr 20000 > %t.attr.mlir
// RUN: not meld-opt %t.attr.mlir 2>&1 | FileCheck %s --check-prefix=DEEP-ATTR
// DEEP-ATTR: attr.mlir:1:{{[0-9]+}}: error: the program nests deeper than 256 levels
//
// Under the limit every tool takes the program, and the limit can be raised.
// RUN: %python %S/Inputs/pathological.py deep-if 200 > %t.ok.mlir
// RUN: meld-opt %t.ok.mlir -o /dev/null
// RUN: meld-run --random-inputs %t.ok.mlir | FileCheck %s --check-prefix=RESULT
// RUN: %python %S/Inputs/pathological.py deep-if 300 > %t.raised.mlir
// RUN: not meld-opt %t.raised.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEEP-RAISED
// RUN: meld-opt --max-nesting=400 %t.raised.mlir -o /dev/null
// RUN: meld-run --max-nesting=400 --random-inputs %t.raised.mlir | FileCheck %s --check-prefix=RESULT
// DEEP-RAISED: error: the program nests deeper than 256 levels
// RESULT-NOT: error
// RESULT: result #0: tensor<4xf32>
//
// Regions are counted on the parsed module too (meld-check-limits), for
// modules that a frontend builds without text.
// RUN: not meld-opt --pass-pipeline='builtin.module(meld-check-limits{max-nesting=50})' %t.ok.mlir 2>&1 | FileCheck %s --check-prefix=REGIONS
// REGIONS: ok.mlir:{{[0-9]+}}:{{[0-9]+}}: error: regions nest deeper than 50 levels
// REGIONS-NOT: see current operation
//
// A NUL byte anywhere is an error at its line and column: in a comment, in
// a string, or after the end of the program (where the parser would stop).
// RUN: %python %S/Inputs/pathological.py nul comment > %t.nul1.mlir
// RUN: not meld-opt %t.nul1.mlir 2>&1 | FileCheck %s --check-prefix=NUL1
// NUL1: nul1.mlir:1:14: error: the program text holds a NUL byte (offset 13)
// RUN: %python %S/Inputs/pathological.py nul string > %t.nul2.mlir
// RUN: not meld-run --random-inputs %t.nul2.mlir 2>&1 | FileCheck %s --check-prefix=NUL2
// NUL2: nul2.mlir:4:{{[0-9]+}}: error: the program text holds a NUL byte
// RUN: %python %S/Inputs/pathological.py nul end > %t.nul3.mlir
// RUN: not meld-compile --targets=host -o %t.meldb %t.nul3.mlir 2>&1 | FileCheck %s --check-prefix=NUL3
// NUL3: nul3.mlir:4:1: error: the program text holds a NUL byte (offset 84)
//
// Op counts, element counts (overflow-checked) and constant sizes.
// RUN: %python %S/Inputs/pathological.py many-ops 100 > %t.ops.mlir
// RUN: not meld-opt --max-ops=50 %t.ops.mlir 2>&1 | FileCheck %s --check-prefix=OPS
// RUN: meld-opt --max-ops=200 %t.ops.mlir -o /dev/null
// OPS: error: the program has more than 50 operations; raise the limit with --max-ops
// RUN: not meld-opt -split-input-file %s 2>&1 | FileCheck %s --check-prefix=SIZES

// SIZES: limits.mlir:[[# @LINE + 1]]:14: error: the element count of 'tensor<9223372036854775807x4xf32>' overflows a 64-bit integer
func.func @f(%a: tensor<9223372036854775807x4xf32>) -> tensor<9223372036854775807x4xf32> {
  return %a : tensor<9223372036854775807x4xf32>
}

// -----

func.func @f() -> tensor<100000x100000xf32> {
  // SIZES: limits.mlir:[[# @LINE + 1]]:8: error: 'tensor<100000x100000xf32>' has 10000000000 elements, more than the limit of 4294967296; raise it with --max-tensor-elements
  %c = meld.constant dense<1.0> : tensor<100000x100000xf32>
  return %c : tensor<100000x100000xf32>
}

// -----

func.func @f() -> tensor<60000x60000xf32> {
  // SIZES: limits.mlir:[[# @LINE + 1]]:8: error: a constant of 'tensor<60000x60000xf32>' takes more than the limit of 4294967296 bytes; raise it with --max-constant-bytes
  %c = meld.constant dense<1.0> : tensor<60000x60000xf32>
  return %c : tensor<60000x60000xf32>
}
