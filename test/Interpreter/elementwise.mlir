// Elementwise ops in the reference interpreter, on inputs with exactly known
// results.
//
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.array([[1.5, -2.0, 0.0], [4.0, -0.0, 8.0]], dtype=np.float32)); np.save('%t.y.npy', np.array([[0.5, 4.0, -1.0], [2.0, 0.0, -8.0]], dtype=np.float32))"
// RUN: meld-run %s --entry float_binary --input %t.x.npy --input %t.y.npy | FileCheck %s --check-prefix=FBIN
// RUN: meld-run %s --entry int_binary | FileCheck %s --check-prefix=IBIN
// RUN: meld-run %s --entry nan_and_zeros | FileCheck %s --check-prefix=NAN
// RUN: meld-run %s --entry unary_int | FileCheck %s --check-prefix=IUN
// RUN: meld-run %s --entry unary_float | FileCheck %s --check-prefix=FUN
// RUN: meld-run %s --entry casts | FileCheck %s --check-prefix=CAST
// RUN: meld-run %s --entry compare_select | FileCheck %s --check-prefix=CMP
// RUN: meld-run %s --entry low_precision | FileCheck %s --check-prefix=LOWP
// RUN: meld-run %s --entry int_to_float_rounding | FileCheck %s --check-prefix=I2F
//
// The same programs after constant folding give the same results: the
// folders and the interpreter share the reference kernels.
// RUN: meld-opt %s -canonicalize | meld-run --entry int_binary | FileCheck %s --check-prefix=IBIN
// RUN: meld-opt %s -canonicalize | meld-run --entry nan_and_zeros | FileCheck %s --check-prefix=NAN
// RUN: meld-opt %s -canonicalize | meld-run --entry unary_int | FileCheck %s --check-prefix=IUN
// RUN: meld-opt %s -canonicalize | meld-run --entry unary_float | FileCheck %s --check-prefix=FUN
// RUN: meld-opt %s -canonicalize | meld-run --entry casts | FileCheck %s --check-prefix=CAST
// RUN: meld-opt %s -canonicalize | meld-run --entry compare_select | FileCheck %s --check-prefix=CMP
// RUN: meld-opt %s -canonicalize | meld-run --entry low_precision | FileCheck %s --check-prefix=LOWP
// RUN: meld-opt %s -canonicalize | meld-run --entry int_to_float_rounding | FileCheck %s --check-prefix=I2F

// FBIN: result #0: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}2, 2, -1],
// FBIN-NEXT: {{^}} [6, 0, 0]]
// FBIN-NEXT: result #1: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}1, -6, 1],
// FBIN-NEXT: {{^}} [2, -0, 16]]
// FBIN-NEXT: result #2: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}0.75, -8, -0],
// FBIN-NEXT: {{^}} [8, -0, -64]]
// FBIN-NEXT: result #3: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}3, -0.5, -0],
// FBIN-NEXT: {{^}} [2, nan, -1]]
// FBIN-NEXT: result #4: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}1.5, 4, 0],
// FBIN-NEXT: {{^}} [4, 0, 8]]
// FBIN-NEXT: result #5: tensor<2x3xf32>
// FBIN-NEXT: {{^\[\[}}0.5, -2, -1],
// FBIN-NEXT: {{^}} [2, -0, -8]]
func.func @float_binary(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = meld.add %x, %y : tensor<2x3xf32>
  %1 = meld.sub %x, %y : tensor<2x3xf32>
  %2 = meld.mul %x, %y : tensor<2x3xf32>
  %3 = meld.div %x, %y : tensor<2x3xf32>
  %4 = meld.max %x, %y : tensor<2x3xf32>
  %5 = meld.min %x, %y : tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5
      : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>,
        tensor<2x3xf32>, tensor<2x3xf32>
}

// Integer division truncates toward zero; results wrap to the width.
// IBIN: result #0: tensor<5xi32>
// IBIN-NEXT: {{^}}[3, -3, -3, 3, 0]{{$}}
// IBIN-NEXT: result #1: tensor<4xi8>
// IBIN-NEXT: {{^}}[-128, 127, -128, 2]{{$}}
// IBIN-NEXT: result #2: tensor<3xi64>
// IBIN-NEXT: {{^}}[-9223372036854775808, 9223372036854775807, 5]{{$}}
// IBIN-NEXT: result #3: tensor<3xi32>
// IBIN-NEXT: {{^}}[1, 5, -7]{{$}}
// IBIN-NEXT: result #4: tensor<3xi32>
// IBIN-NEXT: {{^}}[-2, 3, -8]{{$}}
// IBIN-NEXT: result #5: tensor<2xi64>
// IBIN-NEXT: {{^}}[-9223372036854775808, 1]{{$}}
func.func @int_binary() -> (tensor<5xi32>, tensor<4xi8>, tensor<3xi64>,
                            tensor<3xi32>, tensor<3xi32>, tensor<2xi64>) {
  %a = meld.constant dense<[7, -7, 7, -7, 1]> : tensor<5xi32>
  %b = meld.constant dense<[2, 2, -2, -2, 2]> : tensor<5xi32>
  %0 = meld.div %a, %b : tensor<5xi32>
  // 127 + 1 wraps; -128 - 1 wraps; -128 * -1 wraps; -128 / -1 wraps.
  %c = meld.constant dense<[127, -128, -128, 4]> : tensor<4xi8>
  %d = meld.constant dense<[1, 1, -1, 2]> : tensor<4xi8>
  %e = meld.add %c, %d : tensor<4xi8>
  %f = meld.sub %c, %d : tensor<4xi8>
  %g = meld.mul %c, %d : tensor<4xi8>
  %h = meld.div %c, %d : tensor<4xi8>
  %e0 = meld.slice %e start = [0] limit = [1] : tensor<4xi8> -> tensor<1xi8>
  %f1 = meld.slice %f start = [1] limit = [2] : tensor<4xi8> -> tensor<1xi8>
  %g2 = meld.slice %g start = [2] limit = [3] : tensor<4xi8> -> tensor<1xi8>
  %h3 = meld.slice %h start = [3] limit = [4] : tensor<4xi8> -> tensor<1xi8>
  %1 = meld.concat %e0, %f1, %g2, %h3 dim = 0
      : (tensor<1xi8>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
  // INT64_MAX + 1 and INT64_MIN - 1 wrap.
  %i = meld.constant dense<[9223372036854775807, -9223372036854775808, 3]> : tensor<3xi64>
  %j = meld.constant dense<[1, -1, 2]> : tensor<3xi64>
  %2 = meld.add %i, %j : tensor<3xi64>
  %k = meld.constant dense<[1, 5, -8]> : tensor<3xi32>
  %l = meld.constant dense<[-2, 3, -7]> : tensor<3xi32>
  %3 = meld.max %k, %l : tensor<3xi32>
  %4 = meld.min %k, %l : tensor<3xi32>
  // INT64_MIN / -1 wraps to INT64_MIN.
  %m = meld.constant dense<[-9223372036854775808, 5]> : tensor<2xi64>
  %n = meld.constant dense<[-1, 5]> : tensor<2xi64>
  %5 = meld.div %m, %n : tensor<2xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<5xi32>, tensor<4xi8>, tensor<3xi64>,
                                   tensor<3xi32>, tensor<3xi32>, tensor<2xi64>
}

// max/min propagate NaN; max(-0, +0) = +0, min(-0, +0) = -0; x / 0 is inf.
// NAN: result #0: tensor<4xf64>
// NAN-NEXT: {{^}}[nan, nan, 0, 2]{{$}}
// NAN-NEXT: result #1: tensor<4xf64>
// NAN-NEXT: {{^}}[nan, nan, -0, 1]{{$}}
// NAN-NEXT: result #2: tensor<4xf64>
// NAN-NEXT: {{^}}[inf, -inf, nan, 0.5]{{$}}
// NAN-NEXT: result #3: tensor<4xf64>
// NAN-NEXT: {{^}}[8, 1, nan, 1]{{$}}
func.func @nan_and_zeros() -> (tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>) {
  %a = meld.constant dense<[0x7FF8000000000000, 1.0, -0.0, 1.0]> : tensor<4xf64>
  %b = meld.constant dense<[1.0, 0x7FF8000000000000, 0.0, 2.0]> : tensor<4xf64>
  %0 = meld.max %a, %b : tensor<4xf64>
  %1 = meld.min %a, %b : tensor<4xf64>
  %c = meld.constant dense<[1.0, -1.0, 0.0, 1.0]> : tensor<4xf64>
  %d = meld.constant dense<[0.0, 0.0, 0.0, 2.0]> : tensor<4xf64>
  %2 = meld.div %c, %d : tensor<4xf64>
  %e = meld.constant dense<[2.0, 0.0, -8.0, 1.0]> : tensor<4xf64>
  %f = meld.constant dense<[3.0, 0.0, 0.5, 0x7FF8000000000000]> : tensor<4xf64>
  // pow(1, NaN) is 1; pow of a negative base to a fraction is NaN.
  %3 = meld.pow %e, %f : tensor<4xf64>
  return %0, %1, %2, %3 : tensor<4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<4xf64>
}

// IUN: result #0: tensor<4xi8>
// IUN-NEXT: {{^}}[-5, 0, -128, 3]{{$}}
// IUN-NEXT: result #1: tensor<4xi8>
// IUN-NEXT: {{^}}[5, 0, -128, 3]{{$}}
// IUN-NEXT: result #2: tensor<4xi8>
// IUN-NEXT: {{^}}[5, 0, 0, 0]{{$}}
// IUN-NEXT: result #3: tensor<2xi64>
// IUN-NEXT: {{^}}[-9223372036854775808, 9223372036854775807]{{$}}
func.func @unary_int() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xi64>) {
  %a = meld.constant dense<[5, 0, -128, -3]> : tensor<4xi8>
  %0 = meld.neg %a : tensor<4xi8>
  %1 = meld.abs %a : tensor<4xi8>
  %2 = meld.relu %a : tensor<4xi8>
  %b = meld.constant dense<[-9223372036854775808, -9223372036854775807]> : tensor<2xi64>
  %3 = meld.abs %b : tensor<2xi64>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<2xi64>
}

// FUN: result #0: tensor<5xf64>
// FUN-NEXT: {{^}}[-0, -1, 4, nan, inf]{{$}}
// FUN-NEXT: result #1: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 1, 4, nan, inf]{{$}}
// FUN-NEXT: result #2: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 1, 0, nan, 0]{{$}}
// FUN-NEXT: result #3: tensor<5xf64>
// FUN-NEXT: {{^}}[1, 2.71828, 0.0183156, nan, 0]{{$}}
// FUN-NEXT: result #4: tensor<5xf64>
// FUN-NEXT: {{^}}[-inf, 0, nan, nan, nan]{{$}}
// FUN-NEXT: result #5: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 0.761594, -0.999329, nan, -1]{{$}}
// FUN-NEXT: result #6: tensor<5xf64>
// FUN-NEXT: {{^}}[0.5, 0.731059, 0.0179862, nan, 0]{{$}}
// FUN-NEXT: result #7: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 0.842701, -1, nan, -1]{{$}}
// FUN-NEXT: result #8: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 0.731059, -0.0719448, nan, nan]{{$}}
// FUN-NEXT: result #9: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 1, nan, nan, nan]{{$}}
// FUN-NEXT: result #10: tensor<5xf64>
// FUN-NEXT: {{^}}[inf, 1, nan, nan, nan]{{$}}
// FUN-NEXT: result #11: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 0.841345, -0.000126685, nan, nan]{{$}}
// FUN-NEXT: result #12: tensor<5xf64>
// FUN-NEXT: {{^}}[0, 0.841192, -7.02459e-05, nan, nan]{{$}}
func.func @unary_float() -> (tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
                             tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
                             tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
                             tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
                             tensor<5xf64>) {
  // 0, 1, -4, NaN, -inf. silu and gelu follow their formulas, so at -inf
  // they compute -inf * 0 = NaN.
  %a = meld.constant dense<[0.0, 1.0, -4.0, 0x7FF8000000000000, 0xFFF0000000000000]> : tensor<5xf64>
  %0 = meld.neg %a : tensor<5xf64>
  %1 = meld.abs %a : tensor<5xf64>
  %2 = meld.relu %a : tensor<5xf64>
  %3 = meld.exp %a : tensor<5xf64>
  %4 = meld.log %a : tensor<5xf64>
  %5 = meld.tanh %a : tensor<5xf64>
  %6 = meld.sigmoid %a : tensor<5xf64>
  %7 = meld.erf %a : tensor<5xf64>
  %8 = meld.silu %a : tensor<5xf64>
  %9 = meld.sqrt %a : tensor<5xf64>
  %10 = meld.rsqrt %a : tensor<5xf64>
  %11 = meld.gelu %a : tensor<5xf64>
  %12 = meld.gelu %a approximate = tanh : tensor<5xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12
      : tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
        tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
        tensor<5xf64>, tensor<5xf64>, tensor<5xf64>, tensor<5xf64>,
        tensor<5xf64>
}

// CAST: result #0: tensor<7xi8>
// CAST-NEXT: {{^}}[2, -2, 127, -128, 0, 127, -128]{{$}}
// CAST-NEXT: result #1: tensor<7xi1>
// CAST-NEXT: {{^}}[true, true, true, true, true, true, true]{{$}}
// CAST-NEXT: result #2: tensor<4xi8>
// CAST-NEXT: {{^}}[44, 127, -1, 0]{{$}}
// CAST-NEXT: result #3: tensor<4xi1>
// CAST-NEXT: {{^}}[true, true, true, true]{{$}}
// CAST-NEXT: result #4: tensor<2xi64>
// CAST-NEXT: {{^}}[9223372036854775807, -9223372036854775808]{{$}}
// CAST-NEXT: result #5: tensor<3xf32>
// CAST-NEXT: {{^}}[1, 0, 1]{{$}}
// CAST-NEXT: result #6: tensor<3xi32>
// CAST-NEXT: {{^}}[1, 0, 1]{{$}}
// CAST-NEXT: result #7: tensor<2xf32>
// CAST-NEXT: {{^}}[1.67772e+07, -3]{{$}}
func.func @casts() -> (tensor<7xi8>, tensor<7xi1>, tensor<4xi8>, tensor<4xi1>,
                       tensor<2xi64>, tensor<3xf32>, tensor<3xi32>,
                       tensor<2xf32>) {
  // Float to int truncates toward zero and saturates; NaN is 0; inf saturates.
  %a = meld.constant dense<[2.7, -2.7, 300.0, -300.0, 0x7FC00000, 0x7F800000, 0xFF800000]> : tensor<7xf32>
  %0 = meld.cast %a : tensor<7xf32> to tensor<7xi8>
  // Anything to i1 is x != 0, so NaN is true.
  %1 = meld.cast %a : tensor<7xf32> to tensor<7xi1>
  // Integer to integer wraps, but to i1 is x != 0 (256 is true, not bit 0).
  %b = meld.constant dense<[300, -129, 255, 256]> : tensor<4xi32>
  %2 = meld.cast %b : tensor<4xi32> to tensor<4xi8>
  %3 = meld.cast %b : tensor<4xi32> to tensor<4xi1>
  %c = meld.constant dense<[1.0e20, -1.0e20]> : tensor<2xf64>
  %4 = meld.cast %c : tensor<2xf64> to tensor<2xi64>
  %d = meld.constant dense<[true, false, true]> : tensor<3xi1>
  %5 = meld.cast %d : tensor<3xi1> to tensor<3xf32>
  %6 = meld.cast %d : tensor<3xi1> to tensor<3xi32>
  // 16777217 is not an f32: it rounds to 16777216 (nearest even).
  %e = meld.constant dense<[16777217, -3]> : tensor<2xi64>
  %7 = meld.cast %e : tensor<2xi64> to tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<7xi8>, tensor<7xi1>, tensor<4xi8>, tensor<4xi1>, tensor<2xi64>,
        tensor<3xf32>, tensor<3xi32>, tensor<2xf32>
}

// Float comparisons are ordered (NaN compares false except ne); integers
// compare as signed values.
// CMP: result #0: tensor<4xi1>
// CMP-NEXT: {{^}}[false, true, false, false]{{$}}
// CMP-NEXT: result #1: tensor<4xi1>
// CMP-NEXT: {{^}}[true, false, true, true]{{$}}
// CMP-NEXT: result #2: tensor<4xi1>
// CMP-NEXT: {{^}}[true, false, false, false]{{$}}
// CMP-NEXT: result #3: tensor<4xi1>
// CMP-NEXT: {{^}}[true, true, false, false]{{$}}
// CMP-NEXT: result #4: tensor<4xi1>
// CMP-NEXT: {{^}}[false, false, true, false]{{$}}
// CMP-NEXT: result #5: tensor<4xi1>
// CMP-NEXT: {{^}}[false, true, true, false]{{$}}
// CMP-NEXT: result #6: tensor<3xi1>
// CMP-NEXT: {{^}}[true, false, false]{{$}}
// CMP-NEXT: result #7: tensor<4xf32>
// CMP-NEXT: {{^}}[1, 2, 30, 40]{{$}}
// CMP-NEXT: result #8: tensor<2xi1>
// CMP-NEXT: {{^}}[false, true]{{$}}
func.func @compare_select() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
                                tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
                                tensor<3xi1>, tensor<4xf32>, tensor<2xi1>) {
  %a = meld.constant dense<[1.0, 2.0, 3.0, 0x7FC00000]> : tensor<4xf32>
  %b = meld.constant dense<[2.0, 2.0, 2.0, 0x7FC00000]> : tensor<4xf32>
  %0 = meld.compare eq, %a, %b : tensor<4xf32>
  %1 = meld.compare ne, %a, %b : tensor<4xf32>
  %2 = meld.compare lt, %a, %b : tensor<4xf32>
  %3 = meld.compare le, %a, %b : tensor<4xf32>
  %4 = meld.compare gt, %a, %b : tensor<4xf32>
  %5 = meld.compare ge, %a, %b : tensor<4xf32>
  %i = meld.constant dense<[-1, 127, 0]> : tensor<3xi8>
  %j = meld.constant dense<[1, -128, 0]> : tensor<3xi8>
  %6 = meld.compare lt, %i, %j : tensor<3xi8>
  %c = meld.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
  %p = meld.compare ne, %a, %b : tensor<4xf32>
  %q = meld.compare lt, %a, %b : tensor<4xf32>
  // r = [1, 20, 30, 40]; then lanes where a == b (only lane 1) take a.
  %r = meld.select %q, %a, %c : tensor<4xi1>, tensor<4xf32>
  %s = meld.select %p, %r, %a : tensor<4xi1>, tensor<4xf32>
  // Booleans compare too: false < true.
  %t = meld.constant dense<[true, false]> : tensor<2xi1>
  %u = meld.constant dense<[false, true]> : tensor<2xi1>
  %7 = meld.compare lt, %t, %u : tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6, %s, %7
      : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
        tensor<4xi1>, tensor<3xi1>, tensor<4xf32>, tensor<2xi1>
}

// f16 and bf16 results are rounded once, to nearest even.
// LOWP: result #0: tensor<3xf16>
// LOWP-NEXT: {{^}}[2048, 2052, 65504]{{$}}
// LOWP-NEXT: result #1: tensor<3xbf16>
// LOWP-NEXT: {{^}}[1, 1.01562, 256]{{$}}
// LOWP-NEXT: result #2: tensor<2xf16>
// LOWP-NEXT: {{^}}[inf, 6.10352e-05]{{$}}
func.func @low_precision() -> (tensor<3xf16>, tensor<3xbf16>, tensor<2xf16>) {
  // 2048 + 1 is a tie between 2048 and 2050: even wins. 2048 + 3 = 2051 is a
  // tie between 2050 and 2052: even (2052) wins.
  %a = meld.constant dense<[2048.0, 2048.0, 65504.0]> : tensor<3xf16>
  %b = meld.constant dense<[1.0, 3.0, 0.0]> : tensor<3xf16>
  %0 = meld.add %a, %b : tensor<3xf16>
  %c = meld.constant dense<[1.0, 1.0, 255.0]> : tensor<3xf32>
  %d = meld.constant dense<[0.00390625, 0.01171875, 1.0]> : tensor<3xf32>
  %e = meld.add %c, %d : tensor<3xf32>
  %1 = meld.cast %e : tensor<3xf32> to tensor<3xbf16>
  // 65504 * 2 overflows f16; 2^-14 is the smallest normal f16.
  %f = meld.constant dense<[65504.0, 0.0001220703125]> : tensor<2xf16>
  %g = meld.constant dense<[2.0, 0.5]> : tensor<2xf16>
  %2 = meld.mul %f, %g : tensor<2xf16>
  return %0, %1, %2 : tensor<3xf16>, tensor<3xbf16>, tensor<2xf16>
}

// Integer to float rounds once, to nearest: no double rounding through f64.
// 2^60 + 2^36 + 1 is just above the midpoint of two f32 neighbours, so it
// rounds up to 2^60 + 2^37 (via f64 it would first lose the +1, land exactly
// on the midpoint and round to even, 2^60). The same for bf16 with
// 2^60 + 2^52 + 1 -> 2^60 + 2^53. The results are cast back to i64 so that
// they print exactly.
// I2F: result #0: tensor<2xi64>
// I2F-NEXT: {{^}}[1152921642045800448, 1157425104234217472]{{$}}
// I2F-NEXT: result #1: tensor<2xi64>
// I2F-NEXT: {{^}}[1152921504606846976, 1161928703861587968]{{$}}
func.func @int_to_float_rounding() -> (tensor<2xi64>, tensor<2xi64>) {
  %a = meld.constant dense<[1152921573326323713, 1157425104234217473]> : tensor<2xi64>
  %f = meld.cast %a : tensor<2xi64> to tensor<2xf32>
  %0 = meld.cast %f : tensor<2xf32> to tensor<2xi64>
  %h = meld.cast %a : tensor<2xi64> to tensor<2xbf16>
  %1 = meld.cast %h : tensor<2xbf16> to tensor<2xi64>
  return %0, %1 : tensor<2xi64>, tensor<2xi64>
}
