// A module without any function is reported as such.
//
// RUN: not meld-run %s --random-inputs 2>&1 | FileCheck %s

// CHECK: empty-module.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// CHECK-SAME: the module has no functions to run
module {
}
