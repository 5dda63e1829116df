// RUN: meld-opt %s --meld-approximate-math | FileCheck %s --check-prefix=UPSTREAM
// RUN: meld-opt %s --meld-approximate-math=exp-by-ldexp | FileCheck %s
// RUN: meld-opt %s --meld-approximate-math=exp-two-step | FileCheck %s --check-prefix=TWO

// Without exp-by-ldexp, upstream's expansion: no math.exp left, 2^k built
// from exponent bits (a shift by 23).
// UPSTREAM-LABEL: func.func @exp_f32(
// UPSTREAM-NOT:     math.exp
// UPSTREAM:         arith.shli
// UPSTREAM-NOT:     llvm.intr.ldexp

// With it: below -104 (exp rounds to 0) the lanes compute exp(0) and the
// result is 0 after (scaling into zero or the subnormal range costs Intel's
// cores a microcode assist; NaN compares false and passes), clamp to 89
// (x > c ? c : x), k rounded by adding 1.5 * 2^23 in the fma that scales x
// (as a float: the sum minus 1.5 * 2^23; as an integer: its bits minus
// those of 1.5 * 2^23, so no float-to-int conversion sees a NaN),
// Cody-Waite reduction, a degree-7 polynomial by Horner's rule, ldexp by
// k.
// CHECK-LABEL: func.func @exp_f32(
// CHECK-SAME:    %[[X:.*]]: f32)
// CHECK-DAG:     %[[HI:.*]] = arith.constant 8.900000e+01 : f32
// CHECK-DAG:     %[[LO:.*]] = arith.constant -1.040000e+02 : f32
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[ROUNDER:.*]] = arith.constant 0x4B400000 : f32
// CHECK-DAG:     %[[ROUNDER_BITS:.*]] = arith.constant 1262485504 : i32
// CHECK:         %[[BELOW:.*]] = arith.cmpf olt, %[[X]], %[[LO]]
// CHECK:         %[[X1:.*]] = arith.select %[[BELOW]], %[[ZERO]], %[[X]]
// CHECK:         %[[ABOVE:.*]] = arith.cmpf ogt, %[[X1]], %[[HI]]
// CHECK:         %[[X2:.*]] = arith.select %[[ABOVE]], %[[HI]], %[[X1]]
// CHECK:         %[[S:.*]] = math.fma %[[X2]], %{{.*}}, %[[ROUNDER]]
// CHECK:         %[[K:.*]] = arith.subf %[[S]], %[[ROUNDER]]
// CHECK:         %[[F1:.*]] = math.fma %[[K]], %{{.*}}, %[[X2]]
// CHECK:         %[[F:.*]] = math.fma %[[K]], %{{.*}}, %[[F1]]
// CHECK-COUNT-7: math.fma %{{.*}}, %[[F]], %{{.*}}
// CHECK:         %[[SB:.*]] = arith.bitcast %[[S]] : f32 to i32
// CHECK:         %[[KI:.*]] = arith.subi %[[SB]], %[[ROUNDER_BITS]] : i32
// CHECK:         %[[SCALED:.*]] = llvm.intr.ldexp(%{{.*}}, %[[KI]]) : (f32, i32) -> f32
// CHECK:         %[[R:.*]] = arith.select %[[BELOW]], %[[ZERO]], %[[SCALED]]
// CHECK:         return %[[R]]
// With exp-two-step: the same reduction and polynomial, then 2^k as
// 2^(k >> 1) * 2^(k - (k >> 1)), each power built from exponent bits
// ((e + 127) << 23), multiplied in one after the other.
// TWO-LABEL: func.func @exp_f32(
// TWO-NOT:     llvm.intr.ldexp
// TWO:         %[[KI:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// TWO:         %[[HALF:.*]] = arith.shrsi %[[KI]], %{{.*}} : i32
// TWO:         %[[REST:.*]] = arith.subi %[[KI]], %[[HALF]] : i32
// TWO:         %[[E1:.*]] = arith.addi %[[HALF]], %{{.*}} : i32
// TWO:         %[[B1:.*]] = arith.shli %[[E1]], %{{.*}} : i32
// TWO:         %[[S1:.*]] = arith.bitcast %[[B1]] : i32 to f32
// TWO:         %[[P1:.*]] = arith.mulf %{{.*}}, %[[S1]] : f32
// TWO:         %[[E2:.*]] = arith.addi %[[REST]], %{{.*}} : i32
// TWO:         %[[B2:.*]] = arith.shli %[[E2]], %{{.*}} : i32
// TWO:         %[[S2:.*]] = arith.bitcast %[[B2]] : i32 to f32
// TWO:         %[[SCALED:.*]] = arith.mulf %[[P1]], %[[S2]] : f32
// TWO:         %[[R:.*]] = arith.select %{{.*}}, %{{.*}}, %[[SCALED]]
// TWO:         return %[[R]]
func.func @exp_f32(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// Vectors keep upstream's expansion (llvm.intr.ldexp takes a scalar
// exponent); host kernels reach the pass in scalar loops.
// CHECK-LABEL: func.func @exp_vector(
// CHECK-NOT:     llvm.intr.ldexp
// CHECK:         arith.shli
// CHECK:         return
func.func @exp_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.exp %x : vector<16xf32>
  return %y : vector<16xf32>
}

// f64 keeps upstream's path (or libm), with or without the option.
// CHECK-LABEL: func.func @exp_f64(
// CHECK-NOT:     llvm.intr.ldexp
// CHECK:         return
func.func @exp_f64(%x: f64) -> f64 {
  %y = math.exp %x : f64
  return %y : f64
}

// f32 sin and cos, Meld's expansion with or without the exp options: in
// f64, reduced by n pi/2 (n = round(x 2/pi) by adding 1.5 * 2^52, then
// two-part Cody-Waite) or, from |x| = 2^20 on, by Payne-Hanek with three
// 32-bit windows of 192 bits of 2/pi, each shifted out of the three 64-bit
// limbs (no table read by index: a vector extract keeps LLVM's loop
// vectorizer off the loop); one rounding to f32; NaN for the infinities.
// cos is sin shifted by a quadrant.
// CHECK-LABEL: func.func @sin_cos_f32(
// CHECK-SAME:    %[[X:.*]]: f32)
// CHECK-NOT:     math.sin
// CHECK-NOT:     math.cos
// CHECK-NOT:     vector.extract
// CHECK-DAG:     arith.constant -2638381946312093631 : i64
// CHECK-DAG:     arith.constant -277156292786332224 : i64
// CHECK-DAG:     arith.constant -6703182060581546711 : i64
// CHECK-DAG:     %[[ROUNDER:.*]] = arith.constant 0x4338000000000000 : f64
// CHECK-DAG:     %[[LARGE:.*]] = arith.constant 0x49800000 : f32
// CHECK:         %[[XD:.*]] = arith.extf %[[X]] : f32 to f64
// CHECK:         %[[S:.*]] = arith.addf %{{.*}}, %[[ROUNDER]] : f64
// CHECK:         %[[K:.*]] = arith.subf %[[S]], %[[ROUNDER]] : f64
// CHECK-COUNT-3: arith.trunci %{{.*}} : i64 to i32
// CHECK:         arith.cmpf oge, %{{.*}}, %[[LARGE]] : f32
// CHECK:         %[[Y:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK:         %[[INF:.*]] = arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK:         %[[SIN:.*]] = arith.select %[[INF]], %{{.*}}, %[[Y]] : f32
// CHECK:         return %[[SIN]], %{{.*}} : f32, f32
func.func @sin_cos_f32(%x: f32) -> (f32, f32) {
  %s = math.sin %x : f32
  %c = math.cos %x : f32
  return %s, %c : f32, f32
}

// f64 sin is left to the lowering (libm's sin, which the host code's
// loader resolves like log and exp).
// CHECK-LABEL: func.func @sin_f64(
// CHECK:         math.sin %{{.*}} : f64
func.func @sin_f64(%x: f64) -> f64 {
  %s = math.sin %x : f64
  return %s : f64
}

// powf by a constant 2, 3 or 4 (scalar or splat) is products of its base;
// other exponents stay a powf (then upstream's expansion).
// CHECK-LABEL: func.func @pow_small_integers(
// CHECK-SAME:    %[[X:.*]]: f32, %[[V:.*]]: vector<16xf32>)
// CHECK:         %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK:         %[[VSQ:.*]] = arith.mulf %[[V]], %[[V]] : vector<16xf32>
// CHECK:         %[[CUBE:.*]] = arith.mulf %[[VSQ]], %[[V]] : vector<16xf32>
// CHECK:         %[[SQ2:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK:         %[[FOURTH:.*]] = arith.mulf %[[SQ2]], %[[SQ2]] : f32
// CHECK:         return %[[SQ]], %[[CUBE]], %[[FOURTH]]
func.func @pow_small_integers(%x: f32, %v: vector<16xf32>) -> (f32, vector<16xf32>, f32) {
  %two = arith.constant 2.0 : f32
  %three = arith.constant dense<3.0> : vector<16xf32>
  %four = arith.constant 4.0 : f32
  %a = math.powf %x, %two : f32
  %b = math.powf %v, %three : vector<16xf32>
  %c = math.powf %x, %four : f32
  return %a, %b, %c : f32, vector<16xf32>, f32
}

// CHECK-LABEL: func.func @pow_other(
// CHECK-NOT:     arith.mulf %arg0, %arg0
func.func @pow_other(%x: f32) -> f32 {
  %e = arith.constant 2.5 : f32
  %a = math.powf %x, %e : f32
  return %a : f32
}
