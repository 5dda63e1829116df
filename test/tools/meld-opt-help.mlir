// meld-opt is an mlir-opt-style driver: it knows the meld dialect and the
// generic transforms Meld programs use.
//
// RUN: meld-opt --help | FileCheck %s

// CHECK: OVERVIEW: Meld optimizer driver
// CHECK: Available Dialects: {{.*}}meld
// CHECK: --split-input-file
// CHECK: --canonicalize {{ *}}- {{ *}}Canonicalize operations
// CHECK: --cse {{ *}}- {{ *}}Eliminate common sub-expressions
// CHECK: --verify-diagnostics
