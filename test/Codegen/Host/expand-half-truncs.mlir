// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-expand-half-truncs))' | FileCheck %s

// f64 -> f16 and bf16 go through f32 rounded to odd: no call to
// compiler-rt's __truncdfhf2 / __truncdfbf2 is left for LLVM to emit, and
// the result is rounded once.

// CHECK-LABEL: func.func @to_f16
// CHECK-SAME:    (%[[X:.*]]: f64)
// CHECK:         %[[Y:.*]] = arith.truncf %[[X]] : f64 to f32
// CHECK:         %[[BACK:.*]] = arith.extf %[[Y]] : f32 to f64
// CHECK:         %[[INEXACT:.*]] = arith.cmpf one, %[[BACK]], %[[X]] : f64
// CHECK:         %[[BITS:.*]] = arith.bitcast %[[Y]] : f32 to i32
// CHECK:         %[[ABOVE:.*]] = arith.cmpf ogt, %{{.*}}, %{{.*}} : f64
// CHECK:         %[[STEP:.*]] = arith.select %[[ABOVE]], %c-1_i32, %c1_i32 : i32
// CHECK:         %[[ODD:.*]] = arith.addi %[[BITS]], %[[STEP]] : i32
// CHECK:         %[[FIX:.*]] = arith.andi %[[INEXACT]], %{{.*}} : i1
// CHECK:         %[[PICK:.*]] = arith.select %[[FIX]], %[[ODD]], %[[BITS]] : i32
// CHECK:         %[[ROUNDED:.*]] = arith.bitcast %[[PICK]] : i32 to f32
// CHECK:         %[[H:.*]] = arith.truncf %[[ROUNDED]] : f32 to f16
// CHECK:         return %[[H]] : f16
func.func @to_f16(%x: f64) -> f16 {
  %h = arith.truncf %x : f64 to f16
  return %h : f16
}

// Vectors too; to bf16 the last step is itself expanded on the integer
// bits (AVX512-BF16's vcvtneps2bf16 flushes subnormals to zero).
// CHECK-LABEL: func.func @to_bf16_vector
// CHECK:         arith.truncf %{{.*}} : vector<8xf64> to vector<8xf32>
// CHECK:         arith.select %{{.*}} : vector<8xi1>, vector<8xi32>
// CHECK-NOT:     arith.truncf
// CHECK:         arith.shrui %{{.*}} : vector<8xi32>
// CHECK:         arith.trunci %{{.*}} : vector<8xi32> to vector<8xi16>
// CHECK:         %[[B:.*]] = arith.bitcast %{{.*}} : vector<8xi16> to vector<8xbf16>
// CHECK:         return %[[B]] : vector<8xbf16>
func.func @to_bf16_vector(%x: vector<8xf64>) -> vector<8xbf16> {
  %b = arith.truncf %x : vector<8xf64> to vector<8xbf16>
  return %b : vector<8xbf16>
}

// f32 -> bf16 on the integer bits; f32 -> f16 (F16C's conversion keeps
// subnormals) and f64 -> f32 are left as they are.
// CHECK-LABEL: func.func @others
// CHECK-NOT:     arith.truncf %arg0 : f32 to bf16
// CHECK:         arith.bitcast %arg0 : f32 to i32
// CHECK:         arith.truncf %arg0 : f32 to f16
// CHECK:         arith.truncf %arg1 : f64 to f32
func.func @others(%x: f32, %y: f64) -> (bf16, f16, f32) {
  %b = arith.truncf %x : f32 to bf16
  %h = arith.truncf %x : f32 to f16
  %f = arith.truncf %y : f64 to f32
  return %b, %h, %f : bf16, f16, f32
}

// An explicit rounding mode other than to-nearest-even is not this pass's.
// CHECK-LABEL: func.func @toward_zero
// CHECK:         arith.truncf %arg0 toward_zero : f64 to f16
func.func @toward_zero(%x: f64) -> f16 {
  %h = arith.truncf %x toward_zero : f64 to f16
  return %h : f16
}
