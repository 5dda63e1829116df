// meld-opt is an mlir-opt-style driver: it knows the meld dialect, Meld's
// fusion and code generation passes, and every upstream dialect and pass (so
// each stage of the code generation pipeline can be reproduced alone).
//
// RUN: meld-opt --help | FileCheck %s

// CHECK: OVERVIEW: Meld optimizer driver
// CHECK: Available Dialects: {{.*}}linalg{{.*}}meld{{.*}}nvvm{{.*}}rocdl
// CHECK-DAG: --canonicalize {{ *}}- {{ *}}Canonicalize operations
// CHECK-DAG: --cse {{ *}}- {{ *}}Eliminate common sub-expressions
// CHECK-DAG: --meld-fuse {{ *}}- {{ *}}Run every fusion pass
// CHECK-DAG: --meld-outline-kernels {{ *}}- {{ *}}Turn fusion groups into kernel functions
// CHECK-DAG: --meld-convert-to-linalg {{ *}}- {{ *}}Lower meld tensor ops to linalg
// CHECK-DAG: --meld-kernel-to-dps {{ *}}- {{ *}}Give kernel functions the buffer ABI
// CHECK-DAG: --split-input-file
// CHECK-DAG: --verify-diagnostics
