// RUN: meld-opt %s -canonicalize -split-input-file | FileCheck %s

// Constant folding refuses operands of more than 4096 elements (non-splat).
// RUN: %python -c "P=chr(37);Q=chr(34);[print('func.func @sum_'+str(n)+'() -> tensor<i32> {'+P+'c = meld.constant dense<'+Q+'0x'+'01000000'*(n-1)+'02000000'+Q+'> : tensor<'+str(n)+'xi32> '+P+'s = meld.reduce sum '+P+'c dims = [0] : tensor<'+str(n)+'xi32> -> tensor<i32> return '+P+'s : tensor<i32> }') for n in (4096, 4097)]" > %t.big.mlir
// RUN: meld-opt %t.big.mlir -canonicalize | FileCheck %s --check-prefix=BIG

// BIG-LABEL: func.func @sum_4096
// BIG-NEXT: %[[C:.+]] = meld.constant dense<4097> : tensor<i32>
// BIG-NEXT: return %[[C]]
// BIG-LABEL: func.func @sum_4097
// BIG: %[[S:.+]] = meld.reduce sum
// BIG-NEXT: return %[[S]]

//===----------------------------------------------------------------------===//
// Algebraic identities
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @add_zero_int(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xi32>, %[[Y:[^:]+]]: tensor<4xi64>
// CHECK-NOT: meld.add
// CHECK: return %[[X]], %[[X]], %[[Y]]
func.func @add_zero_int(%x: tensor<4xi32>, %y: tensor<4xi64>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi64>) {
  %z = meld.constant dense<0> : tensor<4xi32>
  %0 = meld.add %x, %z : tensor<4xi32>
  // Constants move to the right of commutative ops, then fold.
  %1 = meld.add %z, %x : tensor<4xi32>
  %z64 = meld.constant dense<0> : tensor<4xi64>
  %2 = meld.add %y, %z64 : tensor<4xi64>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi64>
}

// -----

// x + (-0.0) is x for every x, including -0.0.
// CHECK-LABEL: func.func @add_negative_zero(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<2x2xf16>
// CHECK-NOT: meld.add
// CHECK: return %[[X]], %[[Y]]
func.func @add_negative_zero(%x: tensor<4xf32>, %y: tensor<2x2xf16>) -> (tensor<4xf32>, tensor<2x2xf16>) {
  %z = meld.constant dense<-0.0> : tensor<4xf32>
  %0 = meld.add %x, %z : tensor<4xf32>
  %zh = meld.constant dense<-0.0> : tensor<2x2xf16>
  %1 = meld.add %zh, %y : tensor<2x2xf16>
  return %0, %1 : tensor<4xf32>, tensor<2x2xf16>
}

// -----

// x + 0.0 is not x: (-0.0) + (+0.0) is +0.0. It must stay.
// CHECK-LABEL: func.func @add_positive_zero_not_folded(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
// CHECK: %[[Z:.+]] = meld.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.+]] = meld.add %[[X]], %[[Z]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @add_positive_zero_not_folded(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = meld.constant dense<0.0> : tensor<4xf32>
  %0 = meld.add %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A non-splat zero-ish constant is no identity either.
// CHECK-LABEL: func.func @add_mixed_zeros_not_folded(
// CHECK: meld.add
func.func @add_mixed_zeros_not_folded(%x: tensor<2xf32>) -> tensor<2xf32> {
  %z = meld.constant dense<[-0.0, 0.0]> : tensor<2xf32>
  %0 = meld.add %x, %z : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @sub_zero(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<3xi8>
// CHECK-NOT: meld.sub
// CHECK: return %[[X]], %[[Y]]
func.func @sub_zero(%x: tensor<4xf32>, %y: tensor<3xi8>) -> (tensor<4xf32>, tensor<3xi8>) {
  %z = meld.constant dense<0.0> : tensor<4xf32>
  %0 = meld.sub %x, %z : tensor<4xf32>
  %zi = meld.constant dense<0> : tensor<3xi8>
  %1 = meld.sub %y, %zi : tensor<3xi8>
  return %0, %1 : tensor<4xf32>, tensor<3xi8>
}

// -----

// x - (-0.0) is not x for x = -0.0, and 0 - x is not x: both stay.
// CHECK-LABEL: func.func @sub_not_folded(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<3xi8>
// CHECK-DAG: %[[NZ:.+]] = meld.constant dense<-0.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[ZI:.+]] = meld.constant dense<0> : tensor<3xi8>
// CHECK-DAG: %[[R0:.+]] = meld.sub %[[X]], %[[NZ]] : tensor<4xf32>
// CHECK-DAG: %[[R1:.+]] = meld.sub %[[ZI]], %[[Y]] : tensor<3xi8>
// CHECK: return %[[R0]], %[[R1]]
func.func @sub_not_folded(%x: tensor<4xf32>, %y: tensor<3xi8>) -> (tensor<4xf32>, tensor<3xi8>) {
  %z = meld.constant dense<-0.0> : tensor<4xf32>
  %0 = meld.sub %x, %z : tensor<4xf32>
  %zi = meld.constant dense<0> : tensor<3xi8>
  %1 = meld.sub %zi, %y : tensor<3xi8>
  return %0, %1 : tensor<4xf32>, tensor<3xi8>
}

// -----

// CHECK-LABEL: func.func @mul_one(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xbf16>, %[[Y:[^:]+]]: tensor<3xi32>
// CHECK-NOT: meld.mul
// CHECK: return %[[X]], %[[X]], %[[Y]]
func.func @mul_one(%x: tensor<4xbf16>, %y: tensor<3xi32>) -> (tensor<4xbf16>, tensor<4xbf16>, tensor<3xi32>) {
  %one = meld.constant dense<1.0> : tensor<4xbf16>
  %0 = meld.mul %x, %one : tensor<4xbf16>
  %1 = meld.mul %one, %x : tensor<4xbf16>
  %onei = meld.constant dense<1> : tensor<3xi32>
  %2 = meld.mul %y, %onei : tensor<3xi32>
  return %0, %1, %2 : tensor<4xbf16>, tensor<4xbf16>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @mul_not_one(
// CHECK: meld.mul
func.func @mul_not_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = meld.constant dense<[1.0, 1.0, 1.0, 2.0]> : tensor<4xf32>
  %0 = meld.mul %x, %c : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @div_one(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf64>, %[[Y:[^:]+]]: tensor<2xi64>
// CHECK-NOT: meld.div
// CHECK: return %[[X]], %[[Y]]
func.func @div_one(%x: tensor<4xf64>, %y: tensor<2xi64>) -> (tensor<4xf64>, tensor<2xi64>) {
  %one = meld.constant dense<1.0> : tensor<4xf64>
  %0 = meld.div %x, %one : tensor<4xf64>
  %onei = meld.constant dense<1> : tensor<2xi64>
  %1 = meld.div %y, %onei : tensor<2xi64>
  return %0, %1 : tensor<4xf64>, tensor<2xi64>
}

// -----

// 1 / x is not x.
// CHECK-LABEL: func.func @div_one_lhs_not_folded(
// CHECK: meld.div
func.func @div_one_lhs_not_folded(%x: tensor<4xf64>) -> tensor<4xf64> {
  %one = meld.constant dense<1.0> : tensor<4xf64>
  %0 = meld.div %one, %x : tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// CHECK-LABEL: func.func @pow_one(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
// CHECK-NOT: meld.pow
// CHECK: return %[[X]]
func.func @pow_one(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = meld.constant dense<1.0> : tensor<4xf32>
  %0 = meld.pow %x, %one : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @pow_two_not_folded(
// CHECK: meld.pow
func.func @pow_two_not_folded(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = meld.constant dense<2.0> : tensor<4xf32>
  %0 = meld.pow %x, %two : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @max_min_same(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xi8>
// CHECK-NOT: meld.max
// CHECK-NOT: meld.min
// CHECK: return %[[X]], %[[Y]]
func.func @max_min_same(%x: tensor<4xf32>, %y: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi8>) {
  %0 = meld.max %x, %x : tensor<4xf32>
  %1 = meld.min %y, %y : tensor<4xi8>
  return %0, %1 : tensor<4xf32>, tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @max_different_not_folded(
// CHECK: meld.max
// CHECK: meld.min
func.func @max_different_not_folded(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = meld.max %x, %y : tensor<4xf32>
  %1 = meld.min %x, %y : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @neg_neg(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xi8>
// CHECK-NOT: meld.neg
// CHECK: return %[[X]], %[[Y]]
func.func @neg_neg(%x: tensor<4xf32>, %y: tensor<4xi8>) -> (tensor<4xf32>, tensor<4xi8>) {
  %0 = meld.neg %x : tensor<4xf32>
  %1 = meld.neg %0 : tensor<4xf32>
  %2 = meld.neg %y : tensor<4xi8>
  %3 = meld.neg %2 : tensor<4xi8>
  return %1, %3 : tensor<4xf32>, tensor<4xi8>
}

// -----

// A single neg stays; the inner one of three negs survives.
// CHECK-LABEL: func.func @neg_three(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
// CHECK-NEXT: %[[N:.+]] = meld.neg %[[X]] : tensor<4xf32>
// CHECK-NEXT: return %[[N]]
func.func @neg_three(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.neg %x : tensor<4xf32>
  %1 = meld.neg %0 : tensor<4xf32>
  %2 = meld.neg %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @abs_abs(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>
// CHECK-NEXT: %[[A:.+]] = meld.abs %[[X]] : tensor<4xf32>
// CHECK-NEXT: return %[[A]], %[[A]]
func.func @abs_abs(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = meld.abs %x : tensor<4xf32>
  %1 = meld.abs %0 : tensor<4xf32>
  %2 = meld.abs %1 : tensor<4xf32>
  return %1, %2 : tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @relu_relu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xi32>
// CHECK-NEXT: %[[R:.+]] = meld.relu %[[X]] : tensor<4xi32>
// CHECK-NEXT: return %[[R]]
func.func @relu_relu(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = meld.relu %x : tensor<4xi32>
  %1 = meld.relu %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// abs(neg(x)) and relu(abs(x)) are not simplified by these folders.
// CHECK-LABEL: func.func @abs_neg_not_folded(
// CHECK: meld.neg
// CHECK: meld.abs
// CHECK: meld.relu
func.func @abs_neg_not_folded(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.neg %x : tensor<4xf32>
  %1 = meld.abs %0 : tensor<4xf32>
  %2 = meld.relu %1 : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @cast_same_type(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x4xf16>
// CHECK-NOT: meld.cast
// CHECK: return %[[X]]
func.func @cast_same_type(%x: tensor<?x4xf16>) -> tensor<?x4xf16> {
  %0 = meld.cast %x : tensor<?x4xf16> to tensor<?x4xf16>
  return %0 : tensor<?x4xf16>
}

// -----

// Round trips through a narrower type are not identities.
// CHECK-LABEL: func.func @cast_round_trip_not_folded(
// CHECK: meld.cast
// CHECK: meld.cast
func.func @cast_round_trip_not_folded(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.cast %x : tensor<4xf32> to tensor<4xf16>
  %1 = meld.cast %0 : tensor<4xf16> to tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @select_same_branches(
// CHECK-SAME: %[[P:[^:]+]]: tensor<4xi1>, %[[X:[^:]+]]: tensor<4xf32>
// CHECK-NOT: meld.select
// CHECK: return %[[X]]
func.func @select_same_branches(%p: tensor<4xi1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.select %p, %x, %x : tensor<4xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @select_splat_pred(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>
// CHECK-NOT: meld.select
// CHECK: return %[[X]], %[[Y]]
func.func @select_splat_pred(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %t = meld.constant dense<true> : tensor<4xi1>
  %f = meld.constant dense<false> : tensor<4xi1>
  %0 = meld.select %t, %x, %y : tensor<4xi1>, tensor<4xf32>
  %1 = meld.select %f, %x, %y : tensor<4xi1>, tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A non-splat predicate with non-constant branches stays.
// CHECK-LABEL: func.func @select_mixed_pred_not_folded(
// CHECK: meld.select
func.func @select_mixed_pred_not_folded(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %p = meld.constant dense<[true, false]> : tensor<2xi1>
  %0 = meld.select %p, %x, %y : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @fold_binary_int(
// CHECK-NEXT: %[[A:.+]] = meld.constant dense<[11, 18, -27, 40]> : tensor<4xi32>
// CHECK-NEXT: %[[S:.+]] = meld.constant dense<[9, 22, -33, 40]> : tensor<4xi32>
// CHECK-NEXT: %[[M:.+]] = meld.constant dense<[10, -40, -90, 0]> : tensor<4xi32>
// CHECK-NEXT: %[[D:.+]] = meld.constant dense<[10, -10, -10, 0]> : tensor<4xi32>
// CHECK-NEXT: %[[MX:.+]] = meld.constant dense<[10, 20, 3, 40]> : tensor<4xi32>
// CHECK-NEXT: %[[MN:.+]] = meld.constant dense<[1, -2, -30, 0]> : tensor<4xi32>
// CHECK-NEXT: return %[[A]], %[[S]], %[[M]], %[[D]], %[[MX]], %[[MN]]
func.func @fold_binary_int() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %a = meld.constant dense<[10, 20, -30, 40]> : tensor<4xi32>
  %b = meld.constant dense<[1, -2, 3, 0]> : tensor<4xi32>
  %0 = meld.add %a, %b : tensor<4xi32>
  %1 = meld.sub %a, %b : tensor<4xi32>
  %2 = meld.mul %a, %b : tensor<4xi32>
  // Integer division truncates toward zero; the last divisor is 0 in %b, so
  // divide by a safe constant instead.
  %c = meld.constant dense<[1, -2, 3, 7]> : tensor<4xi32>
  %d = meld.constant dense<[10, 20, -30, 0]> : tensor<4xi32>
  %3 = meld.div %d, %c : tensor<4xi32>
  %4 = meld.max %a, %b : tensor<4xi32>
  %5 = meld.min %a, %b : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Integer results wrap to the element width.
// CHECK-LABEL: func.func @fold_wrap_i8(
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<[-128, 126, -128]> : tensor<3xi8>
// CHECK-NEXT: return %[[C]]
func.func @fold_wrap_i8() -> tensor<3xi8> {
  %a = meld.constant dense<[127, -1, -128]> : tensor<3xi8>
  %b = meld.constant dense<[1, 127, 0]> : tensor<3xi8>
  %0 = meld.add %a, %b : tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// Division by zero is an error at run time: it is not folded.
// CHECK-LABEL: func.func @fold_div_by_zero(
// CHECK-DAG: %[[A:.+]] = meld.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-DAG: %[[B:.+]] = meld.constant dense<[1, 0, 3]> : tensor<3xi32>
// CHECK: %[[D:.+]] = meld.div %[[A]], %[[B]] : tensor<3xi32>
// CHECK: return %[[D]]
func.func @fold_div_by_zero() -> tensor<3xi32> {
  %a = meld.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = meld.constant dense<[1, 0, 3]> : tensor<3xi32>
  %0 = meld.div %a, %b : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @fold_div_by_splat_zero(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2xi8>
// CHECK: %[[Z:.+]] = meld.constant dense<0> : tensor<2xi8>
// CHECK: %[[D:.+]] = meld.div %[[X]], %[[Z]] : tensor<2xi8>
// CHECK: %[[E:.+]] = meld.div %{{.+}}, %[[Z]] : tensor<2xi8>
// CHECK: return %[[D]], %[[E]]
func.func @fold_div_by_splat_zero(%x: tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>) {
  %z = meld.constant dense<0> : tensor<2xi8>
  %0 = meld.div %x, %z : tensor<2xi8>
  %c = meld.constant dense<[5, 0]> : tensor<2xi8>
  %1 = meld.div %c, %z : tensor<2xi8>
  return %0, %1 : tensor<2xi8>, tensor<2xi8>
}

// -----

// Round half to even; fmod-style remainders with the dividend's sign
// (rem(x, inf) = x; MIN % -1 = 0); shifts with amounts past the width and
// negative (0 to the left, the sign fill to the right); bitwise ops; a
// gather with a negative index.
// CHECK-LABEL: func.func @fold_frontend_ops(
// CHECK-NEXT: meld.constant dense<[0.000000e+00, 2.000000e+00, 2.000000e+00, -0.000000e+00, -2.000000e+00, 3.000000e+00]> : tensor<6xf32>
// CHECK-NEXT: meld.constant dense<[1.500000e+00, -1.500000e+00, 1.500000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: meld.constant dense<[1, -1, 1, -1, 0]> : tensor<5xi8>
// CHECK-NEXT: meld.constant dense<[8, -128, 0, 0, -16]> : tensor<5xi8>
// CHECK-NEXT: meld.constant dense<[-16, -1, 0, 0, -1]> : tensor<5xi8>
// CHECK-NEXT: meld.constant dense<[false, true]> : tensor<2xi1>
// CHECK-NEXT: meld.constant dense<[6, 12, -6]> : tensor<3xi32>
// CHECK-NEXT: meld.constant dense<{{\[\[}}5, 6], [1, 2], [3, 4]]> : tensor<3x2xi32>
// CHECK-NEXT: return
func.func @fold_frontend_ops() -> (tensor<6xf32>, tensor<4xf32>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<2xi1>, tensor<3xi32>, tensor<3x2xi32>) {
  %h = meld.constant dense<[0.5, 1.5, 2.5, -0.5, -2.5, 2.6]> : tensor<6xf32>
  %r = meld.round %h : tensor<6xf32>
  %a = meld.constant dense<[5.5, -5.5, 5.5, 1.0]> : tensor<4xf32>
  %b = meld.constant dense<[2.0, 2.0, -2.0, 0x7F800000]> : tensor<4xf32>
  %fr = meld.rem %a, %b : tensor<4xf32>
  %ia = meld.constant dense<[7, -7, 7, -7, -128]> : tensor<5xi8>
  %ib = meld.constant dense<[2, 2, -2, -2, -1]> : tensor<5xi8>
  %ir = meld.rem %ia, %ib : tensor<5xi8>
  %x = meld.constant dense<[1, 1, 1, 1, -1]> : tensor<5xi8>
  %n = meld.constant dense<[3, 7, 8, -1, 4]> : tensor<5xi8>
  %shl = meld.shift_left %x, %n : tensor<5xi8>
  %y = meld.constant dense<[-128, -128, 64, 64, -1]> : tensor<5xi8>
  %m = meld.constant dense<[3, 9, 9, -2, 1]> : tensor<5xi8>
  %shr = meld.shift_right %y, %m : tensor<5xi8>
  %p = meld.constant dense<[true, false]> : tensor<2xi1>
  %np = meld.not %p : tensor<2xi1>
  %u = meld.constant dense<[12, 10, -1]> : tensor<3xi32>
  %v = meld.constant dense<[10, 6, 5]> : tensor<3xi32>
  %and = meld.and %u, %v : tensor<3xi32>
  %or = meld.or %and, %v : tensor<3xi32>
  %xor = meld.xor %or, %u : tensor<3xi32>
  %t = meld.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = meld.constant dense<[2, -3, 1]> : tensor<3xi64>
  %g = meld.gather %t, %i axis = 0 : (tensor<3x2xi32>, tensor<3xi64>) -> tensor<3x2xi32>
  return %r, %fr, %ir, %shl, %shr, %np, %xor, %g : tensor<6xf32>, tensor<4xf32>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<2xi1>, tensor<3xi32>, tensor<3x2xi32>
}

// -----

// An integer remainder by zero and a gather index out of bounds are left
// for run time, where they are errors.
// CHECK-LABEL: func.func @fold_rem_gather_errors(
// CHECK: meld.rem
// CHECK: meld.gather
func.func @fold_rem_gather_errors() -> (tensor<2xi32>, tensor<1x2xi32>) {
  %a = meld.constant dense<[5, 6]> : tensor<2xi32>
  %z = meld.constant dense<[1, 0]> : tensor<2xi32>
  %0 = meld.rem %a, %z : tensor<2xi32>
  %t = meld.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = meld.constant dense<[3]> : tensor<1xi64>
  %1 = meld.gather %t, %i axis = 0 : (tensor<3x2xi32>, tensor<1xi64>) -> tensor<1x2xi32>
  return %0, %1 : tensor<2xi32>, tensor<1x2xi32>
}

// -----

// floor, ceil and round of an integer-valued result, not of a not, and
// and or of one value twice, are their operands.
// CHECK-LABEL: func.func @rounding_not_and_or(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<4xi32>
// CHECK-NEXT: %[[R:.+]] = meld.round %[[X]]
// CHECK-NEXT: %[[C:.+]] = meld.ceil %[[X]]
// CHECK-NEXT: return %[[R]], %[[C]], %[[I]], %[[I]], %[[I]]
func.func @rounding_not_and_or(%x: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %r = meld.round %x : tensor<4xf32>
  %0 = meld.floor %r : tensor<4xf32>
  %c = meld.ceil %x : tensor<4xf32>
  %1 = meld.round %c : tensor<4xf32>
  %n = meld.not %i : tensor<4xi32>
  %2 = meld.not %n : tensor<4xi32>
  %3 = meld.and %i, %i : tensor<4xi32>
  %4 = meld.or %i, %i : tensor<4xi32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Float division by zero is well defined (inf, NaN) and folds.
// CHECK-LABEL: func.func @fold_float_div_by_zero(
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<[0x7F800000, 0xFF800000, 2.500000e-01]> : tensor<3xf32>
// CHECK-NEXT: return %[[C]]
func.func @fold_float_div_by_zero() -> tensor<3xf32> {
  %a = meld.constant dense<[1.0, -1.0, 1.0]> : tensor<3xf32>
  %b = meld.constant dense<[0.0, 0.0, 4.0]> : tensor<3xf32>
  %0 = meld.div %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @fold_binary_float(
// CHECK-NEXT: %[[A:.+]] = meld.constant dense<[3.500000e+00, -1.000000e+00, 8.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %[[P:.+]] = meld.constant dense<[2.250000e+00, 2.500000e-01, 1.600000e+01]> : tensor<3xf64>
// CHECK-NEXT: return %[[A]], %[[P]]
func.func @fold_binary_float() -> (tensor<3xf64>, tensor<3xf64>) {
  %a = meld.constant dense<[1.5, 0.5, 4.0]> : tensor<3xf64>
  %b = meld.constant dense<[2.0, -1.5, 4.0]> : tensor<3xf64>
  %0 = meld.add %a, %b : tensor<3xf64>
  %two = meld.constant dense<[2.0, 2.0, 2.0]> : tensor<3xf64>
  %1 = meld.pow %a, %two : tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3xf64>
}

// -----

// max/min propagate NaN; max(-0, +0) is +0 and min(-0, +0) is -0.
// CHECK-LABEL: func.func @fold_max_min_float(
// CHECK-NEXT: %[[MX:.+]] = meld.constant dense<[0x7FF8000000000000, 0.000000e+00, 2.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: %[[MN:.+]] = meld.constant dense<[0x7FF8000000000000, -0.000000e+00, 1.000000e+00]> : tensor<3xf64>
// CHECK-NEXT: return %[[MX]], %[[MN]]
func.func @fold_max_min_float() -> (tensor<3xf64>, tensor<3xf64>) {
  %a = meld.constant dense<[0x7FF8000000000000, -0.0, 1.0]> : tensor<3xf64>
  %b = meld.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf64>
  %0 = meld.max %a, %b : tensor<3xf64>
  %1 = meld.min %a, %b : tensor<3xf64>
  return %0, %1 : tensor<3xf64>, tensor<3xf64>
}

// -----

// CHECK-LABEL: func.func @fold_unary(
// CHECK-NEXT: %[[EXP:.+]] = meld.constant dense<[1.000000e+00, 2.71828175, 54.5981483, 0.135335281]> : tensor<4xf32>
// CHECK-NEXT: %[[LOG:.+]] = meld.constant dense<[0xFF800000, 0.000000e+00, 1.38629436, {{0x[7F]FC00000}}]> : tensor<4xf32>
// CHECK-NEXT: %[[TANH:.+]] = meld.constant dense<[0.000000e+00, 0.761594176, 0.999329328, -0.964027583]> : tensor<4xf32>
// CHECK-NEXT: %[[SIG:.+]] = meld.constant dense<[5.000000e-01, 0.731058597, 0.982013761, 0.119202919]> : tensor<4xf32>
// CHECK-NEXT: %[[ERF:.+]] = meld.constant dense<[0.000000e+00, 0.842700779, 1.000000e+00, -0.995322287]> : tensor<4xf32>
// CHECK-NEXT: %[[SILU:.+]] = meld.constant dense<[0.000000e+00, 0.731058597, 3.92805505, -0.238405839]> : tensor<4xf32>
// CHECK-NEXT: %[[SQRT:.+]] = meld.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, {{0x[7F]FC00000}}]> : tensor<4xf32>
// CHECK-NEXT: %[[RSQRT:.+]] = meld.constant dense<[0x7F800000, 1.000000e+00, 5.000000e-01, {{0x[7F]FC00000}}]> : tensor<4xf32>
// CHECK-NEXT: %[[GELU:.+]] = meld.constant dense<[0.000000e+00, 0.841344773, 3.9998734, -0.0455002636]> : tensor<4xf32>
// CHECK-NEXT: %[[GELUT:.+]] = meld.constant dense<[0.000000e+00, 8.411920e-01, 3.99992967, -0.0454023071]> : tensor<4xf32>
// CHECK-NEXT: %[[RELU:.+]] = meld.constant dense<[0.000000e+00, 1.000000e+00, 4.000000e+00, 0.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[NEG:.+]] = meld.constant dense<[-0.000000e+00, -1.000000e+00, -4.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %[[ABS:.+]] = meld.constant dense<[0.000000e+00, 1.000000e+00, 4.000000e+00, 2.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: return %[[EXP]], %[[LOG]], %[[TANH]], %[[SIG]], %[[ERF]], %[[SILU]], %[[SQRT]], %[[RSQRT]], %[[GELU]], %[[GELUT]], %[[RELU]], %[[NEG]], %[[ABS]]
func.func @fold_unary() -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %a = meld.constant dense<[0.0, 1.0, 4.0, -2.0]> : tensor<4xf32>
  %0 = meld.exp %a : tensor<4xf32>
  %1 = meld.log %a : tensor<4xf32>
  %2 = meld.tanh %a : tensor<4xf32>
  %3 = meld.sigmoid %a : tensor<4xf32>
  %4 = meld.erf %a : tensor<4xf32>
  %5 = meld.silu %a : tensor<4xf32>
  %6 = meld.sqrt %a : tensor<4xf32>
  %7 = meld.rsqrt %a : tensor<4xf32>
  %8 = meld.gelu %a : tensor<4xf32>
  %9 = meld.gelu %a approximate = tanh : tensor<4xf32>
  %10 = meld.relu %a : tensor<4xf32>
  %11 = meld.neg %a : tensor<4xf32>
  %12 = meld.abs %a : tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Integer neg and abs wrap: -(-128) is -128 in i8.
// CHECK-LABEL: func.func @fold_unary_int(
// CHECK-NEXT: %[[N:.+]] = meld.constant dense<[-5, 0, -128, 3]> : tensor<4xi8>
// CHECK-NEXT: %[[A:.+]] = meld.constant dense<[5, 0, -128, 3]> : tensor<4xi8>
// CHECK-NEXT: %[[R:.+]] = meld.constant dense<[5, 0, 0, 0]> : tensor<4xi8>
// CHECK-NEXT: return %[[N]], %[[A]], %[[R]]
func.func @fold_unary_int() -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>) {
  %a = meld.constant dense<[5, 0, -128, -3]> : tensor<4xi8>
  %0 = meld.neg %a : tensor<4xi8>
  %1 = meld.abs %a : tensor<4xi8>
  %2 = meld.relu %a : tensor<4xi8>
  return %0, %1, %2 : tensor<4xi8>, tensor<4xi8>, tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @fold_compare(
// CHECK-NEXT: %[[EQ:.+]] = meld.constant dense<[false, true, false, false]> : tensor<4xi1>
// CHECK-NEXT: %[[NE:.+]] = meld.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: %[[LT:.+]] = meld.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-NEXT: %[[LE:.+]] = meld.constant dense<[true, true, false, false]> : tensor<4xi1>
// CHECK-NEXT: %[[GT:.+]] = meld.constant dense<[false, false, true, false]> : tensor<4xi1>
// CHECK-NEXT: %[[GE:.+]] = meld.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-NEXT: %[[ILT:.+]] = meld.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT: return %[[EQ]], %[[NE]], %[[LT]], %[[LE]], %[[GT]], %[[GE]], %[[ILT]]
func.func @fold_compare() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>) {
  // The last lane compares NaN: only ne holds.
  %a = meld.constant dense<[1.0, 2.0, 3.0, 0x7FC00000]> : tensor<4xf32>
  %b = meld.constant dense<[2.0, 2.0, 2.0, 0x7FC00000]> : tensor<4xf32>
  %0 = meld.compare eq, %a, %b : tensor<4xf32>
  %1 = meld.compare ne, %a, %b : tensor<4xf32>
  %2 = meld.compare lt, %a, %b : tensor<4xf32>
  %3 = meld.compare le, %a, %b : tensor<4xf32>
  %4 = meld.compare gt, %a, %b : tensor<4xf32>
  %5 = meld.compare ge, %a, %b : tensor<4xf32>
  // Integers compare as signed values.
  %i = meld.constant dense<[-1, 1]> : tensor<2xi8>
  %j = meld.constant dense<[1, -1]> : tensor<2xi8>
  %6 = meld.compare lt, %i, %j : tensor<2xi8>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @fold_cast(
// CHECK-NEXT: %[[I8:.+]] = meld.constant dense<[2, -2, 127, -128, 0, 0]> : tensor<6xi8>
// CHECK-NEXT: %[[I1:.+]] = meld.constant dense<[true, true, true, true, true, false]> : tensor<6xi1>
// CHECK-NEXT: %[[W:.+]] = meld.constant dense<[44, 127, 127]> : tensor<3xi8>
// CHECK-NEXT: %[[H:.+]] = meld.constant dense<[1.000980e+00, 0x7C00]> : tensor<2xf16>
// CHECK-NEXT: %[[F:.+]] = meld.constant dense<[1.000000e+00, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-NEXT: return %[[I8]], %[[I1]], %[[W]], %[[H]], %[[F]]
func.func @fold_cast() -> (tensor<6xi8>, tensor<6xi1>, tensor<3xi8>, tensor<2xf16>, tensor<3xf32>) {
  // Float to int truncates and saturates; NaN becomes 0; to i1 is x != 0.
  %a = meld.constant dense<[2.7, -2.7, 300.0, -300.0, 0x7FC00000, 0.0]> : tensor<6xf32>
  %0 = meld.cast %a : tensor<6xf32> to tensor<6xi8>
  %1 = meld.cast %a : tensor<6xf32> to tensor<6xi1>
  // Int to int wraps.
  %i = meld.constant dense<[300, -129, 127]> : tensor<3xi32>
  %2 = meld.cast %i : tensor<3xi32> to tensor<3xi8>
  // Float to float rounds to nearest even: 65520 rounds up to inf in f16.
  %f = meld.constant dense<[1.0009765625, 65520.0]> : tensor<2xf64>
  %3 = meld.cast %f : tensor<2xf64> to tensor<2xf16>
  %b = meld.constant dense<[true, false, true]> : tensor<3xi1>
  %4 = meld.cast %b : tensor<3xi1> to tensor<3xf32>
  return %0, %1, %2, %3, %4 : tensor<6xi8>, tensor<6xi1>, tensor<3xi8>, tensor<2xf16>, tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @fold_select(
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<[1, 20, 3]> : tensor<3xi32>
// CHECK-NEXT: return %[[C]]
func.func @fold_select() -> tensor<3xi32> {
  %p = meld.constant dense<[true, false, true]> : tensor<3xi1>
  %a = meld.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = meld.constant dense<[10, 20, 30]> : tensor<3xi32>
  %0 = meld.select %p, %a, %b : tensor<3xi1>, tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @fold_reduce(
// CHECK-NEXT: %[[SUM:.+]] = meld.constant dense<[6, 15]> : tensor<2xi32>
// CHECK-NEXT: %[[MAX:.+]] = meld.constant dense<{{\[\[}}3], [6]]> : tensor<2x1xi32>
// CHECK-NEXT: %[[PROD:.+]] = meld.constant dense<720> : tensor<i32>
// CHECK-NEXT: %[[MIN:.+]] = meld.constant dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-NEXT: %[[ARGMAX:.+]] = meld.constant dense<2> : tensor<2xi64>
// CHECK-NEXT: %[[ARGMIN:.+]] = meld.constant dense<0> : tensor<3xi64>
// CHECK-NEXT: %[[MEAN:.+]] = meld.constant dense<[1.500000e+00, 3.500000e+00]> : tensor<2xf32>
// CHECK-NEXT: return %[[SUM]], %[[MAX]], %[[PROD]], %[[MIN]], %[[ARGMAX]], %[[ARGMIN]], %[[MEAN]]
func.func @fold_reduce() -> (tensor<2xi32>, tensor<2x1xi32>, tensor<i32>, tensor<3xi32>, tensor<2xi64>, tensor<3xi64>, tensor<2xf32>) {
  %a = meld.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = meld.reduce sum %a dims = [1] : tensor<2x3xi32> -> tensor<2xi32>
  %1 = meld.reduce max %a dims = [1] keep_dims : tensor<2x3xi32> -> tensor<2x1xi32>
  %2 = meld.reduce prod %a dims = [1, 0] : tensor<2x3xi32> -> tensor<i32>
  %3 = meld.reduce min %a dims = [0] : tensor<2x3xi32> -> tensor<3xi32>
  %4 = meld.reduce argmax %a dims = [1] : tensor<2x3xi32> -> tensor<2xi64>
  %5 = meld.reduce argmin %a dims = [0] : tensor<2x3xi32> -> tensor<3xi64>
  %f = meld.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %6 = meld.reduce mean %f dims = [1] : tensor<2x2xf32> -> tensor<2xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2xi32>, tensor<2x1xi32>, tensor<i32>, tensor<3xi32>, tensor<2xi64>, tensor<3xi64>, tensor<2xf32>
}

// -----

// argmax of an empty dimension is a run-time error: not folded.
// CHECK-LABEL: func.func @fold_argmax_empty(
// CHECK: meld.reduce argmax
func.func @fold_argmax_empty() -> tensor<2xi64> {
  %a = meld.constant dense<> : tensor<2x0xf32>
  %0 = meld.reduce argmax %a dims = [1] : tensor<2x0xf32> -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @fold_data_movement(
// CHECK-NEXT: %[[A:.+]] = meld.constant dense<{{\[\[}}1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK-NEXT: %[[T:.+]] = meld.constant dense<{{\[\[}}1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// CHECK-NEXT: %[[R:.+]] = meld.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
// CHECK-NEXT: %[[B:.+]] = meld.constant dense<{{\[\[\[}}1, 2, 3], [4, 5, 6]], {{\[\[}}1, 2, 3], [4, 5, 6]]]> : tensor<2x2x3xi32>
// CHECK-NEXT: %[[S:.+]] = meld.constant dense<{{\[\[}}1, 3], [4, 6]]> : tensor<2x2xi32>
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<{{\[\[}}1, 2, 3, 1, 2, 3], [4, 5, 6, 4, 5, 6]]> : tensor<2x6xi32>
// CHECK-NEXT: %[[E:.+]] = meld.constant dense<{{\[\[}}1, 1, 1], [2, 2, 2]]> : tensor<2x3xi32>
// CHECK-NEXT: return %[[A]], %[[T]], %[[R]], %[[B]], %[[S]], %[[C]], %[[E]]
func.func @fold_data_movement() -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<6xi32>, tensor<2x2x3xi32>, tensor<2x2xi32>, tensor<2x6xi32>, tensor<2x3xi32>) {
  %a = meld.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %0 = meld.transpose %a, perm = [1, 0] : tensor<2x3xi32> -> tensor<3x2xi32>
  %1 = meld.reshape %a : tensor<2x3xi32> -> tensor<6xi32>
  %2 = meld.broadcast_in_dim %a, dims = [1, 2] : tensor<2x3xi32> -> tensor<2x2x3xi32>
  %3 = meld.slice %a start = [0, 0] limit = [2, 3] strides = [1, 2] : tensor<2x3xi32> -> tensor<2x2xi32>
  %4 = meld.concat %a, %a dim = 1 : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x6xi32>
  // A size-1 dimension expands.
  %c = meld.constant dense<[[1], [2]]> : tensor<2x1xi32>
  %5 = meld.broadcast_in_dim %c, dims = [0, 1] : tensor<2x1xi32> -> tensor<2x3xi32>
  return %a, %0, %1, %2, %3, %4, %5 : tensor<2x3xi32>, tensor<3x2xi32>, tensor<6xi32>, tensor<2x2x3xi32>, tensor<2x2xi32>, tensor<2x6xi32>, tensor<2x3xi32>
}

// -----

// Concatenation along the first dimension of float constants.
// CHECK-LABEL: func.func @fold_concat_float(
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf16>
// CHECK-NEXT: return %[[C]]
func.func @fold_concat_float() -> tensor<3xf16> {
  %a = meld.constant dense<[1.0]> : tensor<1xf16>
  %b = meld.constant dense<[2.0, 3.0]> : tensor<2xf16>
  %0 = meld.concat %a, %b dim = 0 : (tensor<1xf16>, tensor<2xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

// Results of up to 4096 elements fold; bigger ones do not.
// CHECK-LABEL: func.func @fold_limit(
// CHECK-NEXT: %[[SMALL:.+]] = meld.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %[[FOLDED:.+]] = meld.constant dense<"0x01000000020000000100000002000000{{[0-9A-F]*}}"> : tensor<2048x2xi32>
// CHECK-NEXT: %[[LARGE:.+]] = meld.broadcast_in_dim %[[SMALL]], dims = [1] : tensor<2xi32> -> tensor<2049x2xi32>
// CHECK-NEXT: return %[[FOLDED]], %[[LARGE]]
func.func @fold_limit() -> (tensor<2048x2xi32>, tensor<2049x2xi32>) {
  %c = meld.constant dense<[1, 2]> : tensor<2xi32>
  %0 = meld.broadcast_in_dim %c, dims = [1] : tensor<2xi32> -> tensor<2048x2xi32>
  %1 = meld.broadcast_in_dim %c, dims = [1] : tensor<2xi32> -> tensor<2049x2xi32>
  return %0, %1 : tensor<2048x2xi32>, tensor<2049x2xi32>
}

// -----

// Elementwise ops on constants bigger than the limit are not folded, even
// when the operands are splats.
// CHECK-LABEL: func.func @fold_limit_elementwise(
// CHECK: meld.add
func.func @fold_limit_elementwise() -> tensor<4097xi32> {
  %a = meld.constant dense<1> : tensor<4097xi32>
  %b = meld.constant dense<2> : tensor<4097xi32>
  %0 = meld.add %a, %b : tensor<4097xi32>
  return %0 : tensor<4097xi32>
}

// -----

// Small splats fold through elementwise ops.
// CHECK-LABEL: func.func @fold_splat_elementwise(
// CHECK-NEXT: %[[C:.+]] = meld.constant dense<3> : tensor<4096xi32>
// CHECK-NEXT: return %[[C]]
func.func @fold_splat_elementwise() -> tensor<4096xi32> {
  %a = meld.constant dense<1> : tensor<4096xi32>
  %b = meld.constant dense<2> : tensor<4096xi32>
  %0 = meld.add %a, %b : tensor<4096xi32>
  return %0 : tensor<4096xi32>
}

//===----------------------------------------------------------------------===//
// Data-movement folders
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @transpose_transpose(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
// CHECK-NEXT: %[[T:.+]] = meld.transpose %[[X]], perm = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_transpose(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = meld.transpose %x, perm = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = meld.transpose %0, perm = [1, 2, 0] : tensor<3x4x2xf32> -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// -----

// Composition is not commutative: here the outer permutation is applied
// to a different inner one.
// CHECK-LABEL: func.func @transpose_transpose_order(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
// CHECK-NEXT: %[[T:.+]] = meld.transpose %[[X]], perm = [1, 0, 2] : tensor<2x3x4xf32> -> tensor<3x2x4xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_transpose_order(%x: tensor<2x3x4xf32>) -> tensor<3x2x4xf32> {
  %0 = meld.transpose %x, perm = [0, 2, 1] : tensor<2x3x4xf32> -> tensor<2x4x3xf32>
  %1 = meld.transpose %0, perm = [2, 0, 1] : tensor<2x4x3xf32> -> tensor<3x2x4xf32>
  return %1 : tensor<3x2x4xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_cancel(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>, %[[Y:[^:]+]]: tensor<?x5xi8>
// CHECK-NOT: meld.transpose
// CHECK: return %[[X]], %[[Y]]
func.func @transpose_cancel(%x: tensor<2x3x4xf32>, %y: tensor<?x5xi8>) -> (tensor<2x3x4xf32>, tensor<?x5xi8>) {
  %0 = meld.transpose %x, perm = [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
  %1 = meld.transpose %0, perm = [2, 0, 1] : tensor<3x4x2xf32> -> tensor<2x3x4xf32>
  %2 = meld.transpose %y, perm = [1, 0] : tensor<?x5xi8> -> tensor<5x?xi8>
  %3 = meld.transpose %2, perm = [1, 0] : tensor<5x?xi8> -> tensor<?x5xi8>
  return %1, %3 : tensor<2x3x4xf32>, tensor<?x5xi8>
}

// -----

// CHECK-LABEL: func.func @transpose_identity(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x?xf32>
// CHECK-NOT: meld.transpose
// CHECK: return %[[X]]
func.func @transpose_identity(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = meld.transpose %x, perm = [0, 1] : tensor<2x?xf32> -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

// A square transpose has the operand's type but is no identity.
// CHECK-LABEL: func.func @transpose_square_not_folded(
// CHECK: meld.transpose
func.func @transpose_square_not_folded(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = meld.transpose %x, perm = [1, 0] : tensor<3x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_reshape(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3x4xf32>
// CHECK-NEXT: %[[R:.+]] = meld.reshape %[[X]] : tensor<2x3x4xf32> -> tensor<4x6xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape(%x: tensor<2x3x4xf32>) -> tensor<4x6xf32> {
  %0 = meld.reshape %x : tensor<2x3x4xf32> -> tensor<24xf32>
  %1 = meld.reshape %0 : tensor<24xf32> -> tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}

// -----

// reshape(reshape(x)) back to the type of x is x.
// CHECK-LABEL: func.func @reshape_round_trip(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
// CHECK-NOT: meld.reshape
// CHECK: return %[[X]]
func.func @reshape_round_trip(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = meld.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
  %1 = meld.reshape %0 : tensor<6xf32> -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// The dynamic sizes of the outer reshape are kept.
// CHECK-LABEL: func.func @reshape_reshape_dynamic(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x4xf32>, %[[N:[^:]+]]: index, %[[M:[^:]+]]: index
// CHECK-NEXT: %[[R:.+]] = meld.reshape %[[X]] sizes(%[[M]]) : tensor<?x4xf32> -> tensor<?x2xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_reshape_dynamic(%x: tensor<?x4xf32>, %n: index, %m: index) -> tensor<?x2xf32> {
  %0 = meld.reshape %x sizes(%n) : tensor<?x4xf32> -> tensor<?xf32>
  %1 = meld.reshape %0 sizes(%m) : tensor<?xf32> -> tensor<?x2xf32>
  return %1 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_same_type(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
// CHECK-NOT: meld.reshape
// CHECK: return %[[X]]
func.func @reshape_same_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = meld.reshape %x : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// With dynamic shapes the same type does not prove the same shape.
// CHECK-LABEL: func.func @reshape_same_dynamic_type_not_folded(
// CHECK: meld.reshape
func.func @reshape_same_dynamic_type_not_folded(%x: tensor<?x?xf32>, %n: index, %m: index) -> tensor<?x?xf32> {
  %0 = meld.reshape %x sizes(%n, %m) : tensor<?x?xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_identity(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x3xf32>
// CHECK-NOT: meld.broadcast_in_dim
// CHECK: return %[[X]]
func.func @broadcast_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = meld.broadcast_in_dim %x, dims = [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A dynamic dimension may expand from 1 at run time: not an identity.
// CHECK-LABEL: func.func @broadcast_dynamic_not_folded(
// CHECK: meld.broadcast_in_dim
func.func @broadcast_dynamic_not_folded(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %0 = meld.broadcast_in_dim %x, dims = [0] sizes(%n) : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_broadcast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<3xf32>
// CHECK-NEXT: %[[B:.+]] = meld.broadcast_in_dim %[[X]], dims = [1] : tensor<3xf32> -> tensor<5x3x2xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_broadcast(%x: tensor<3xf32>) -> tensor<5x3x2xf32> {
  %0 = meld.broadcast_in_dim %x, dims = [0] : tensor<3xf32> -> tensor<3x2xf32>
  %1 = meld.broadcast_in_dim %0, dims = [1, 2] : tensor<3x2xf32> -> tensor<5x3x2xf32>
  return %1 : tensor<5x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_broadcast_2d(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x1xf32>, %[[N:[^:]+]]: index
// CHECK-NEXT: %[[B:.+]] = meld.broadcast_in_dim %[[X]], dims = [0, 3] sizes(%[[N]]) : tensor<4x1xf32> -> tensor<4x2x?x6xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_broadcast_2d(%x: tensor<4x1xf32>, %n: index) -> tensor<4x2x?x6xf32> {
  %0 = meld.broadcast_in_dim %x, dims = [0, 2] : tensor<4x1xf32> -> tensor<4x2x6xf32>
  %1 = meld.broadcast_in_dim %0, dims = [0, 1, 3] sizes(%n) : tensor<4x2x6xf32> -> tensor<4x2x?x6xf32>
  return %1 : tensor<4x2x?x6xf32>
}

// -----

// CHECK-LABEL: func.func @splat_propagation(
// CHECK-DAG: %[[A:.+]] = meld.constant dense<2.500000e+00> : tensor<1024x1024xf32>
// CHECK-DAG: %[[B:.+]] = meld.constant dense<2.500000e+00> : tensor<1048576xf32>
// CHECK-DAG: %[[C:.+]] = meld.constant dense<2.500000e+00> : tensor<10x1024xf32>
// CHECK-DAG: %[[D:.+]] = meld.constant dense<2.500000e+00> : tensor<512x2048xf32>
// CHECK-NOT: meld.broadcast_in_dim
// CHECK-NOT: meld.reshape
// CHECK-NOT: meld.transpose
// CHECK-NOT: meld.slice
// CHECK: return %[[A]], %[[B]], %[[D]], %[[C]]
func.func @splat_propagation() -> (tensor<1024x1024xf32>, tensor<1048576xf32>, tensor<512x2048xf32>, tensor<10x1024xf32>) {
  %c = meld.constant dense<2.5> : tensor<f32>
  %0 = meld.broadcast_in_dim %c, dims = [] : tensor<f32> -> tensor<1024x1024xf32>
  %1 = meld.reshape %0 : tensor<1024x1024xf32> -> tensor<1048576xf32>
  %r = meld.reshape %0 : tensor<1024x1024xf32> -> tensor<2048x512xf32>
  %2 = meld.transpose %r, perm = [1, 0] : tensor<2048x512xf32> -> tensor<512x2048xf32>
  %3 = meld.slice %0 start = [0, 0] limit = [10, 1024] : tensor<1024x1024xf32> -> tensor<10x1024xf32>
  return %0, %1, %2, %3 : tensor<1024x1024xf32>, tensor<1048576xf32>, tensor<512x2048xf32>, tensor<10x1024xf32>
}

// -----

// CHECK-LABEL: func.func @slice_full_range(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>
// CHECK-NOT: meld.slice
// CHECK: return %[[X]]
func.func @slice_full_range(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = meld.slice %x start = [0, 0] limit = [4, 8] strides = [1, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// Keeping a dynamic dimension whole, with the others taken whole too, is
// the identity.
// CHECK-LABEL: func.func @slice_whole_dims(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x8x?xf32>
// CHECK-NOT: meld.slice
// CHECK: return %[[X]]
func.func @slice_whole_dims(%x: tensor<?x8x?xf32>) -> tensor<?x8x?xf32> {
  %0 = meld.slice %x start = [0, 0, 0] limit = [-1, 8, -1] : tensor<?x8x?xf32> -> tensor<?x8x?xf32>
  return %0 : tensor<?x8x?xf32>
}

// -----

// A partial slice stays; so does a slice of a dynamic dimension, whose
// result type may equal the operand's without selecting everything, and a
// dynamic dimension kept whole next to a partial one.
// CHECK-LABEL: func.func @slice_partial_not_folded(
// CHECK: meld.slice
// CHECK: meld.slice
// CHECK: meld.slice
func.func @slice_partial_not_folded(%x: tensor<4x8xf32>, %y: tensor<?xf32>, %z: tensor<?x8xf32>) -> (tensor<4x4xf32>, tensor<2xf32>, tensor<?x7xf32>) {
  %0 = meld.slice %x start = [0, 0] limit = [4, 8] strides = [1, 2] : tensor<4x8xf32> -> tensor<4x4xf32>
  %1 = meld.slice %y start = [0] limit = [2] : tensor<?xf32> -> tensor<2xf32>
  %2 = meld.slice %z start = [0, 1] limit = [-1, 8] : tensor<?x8xf32> -> tensor<?x7xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<2xf32>, tensor<?x7xf32>
}

// -----

// CHECK-LABEL: func.func @concat_single(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x8xf32>
// CHECK-NOT: meld.concat
// CHECK: return %[[X]]
func.func @concat_single(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %0 = meld.concat %x dim = 0 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func @concat_two_not_folded(
// CHECK: meld.concat
func.func @concat_two_not_folded(%x: tensor<2x8xf32>) -> tensor<4x8xf32> {
  %0 = meld.concat %x, %x dim = 0 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// meld.dim, meld.if
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @dim_static(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x8xf32>
// CHECK-DAG: %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG: %[[D0:.+]] = meld.dim %[[X]], 0 : tensor<?x8xf32>
// CHECK: return %[[C8]], %[[D0]] : index, index
func.func @dim_static(%x: tensor<?x8xf32>) -> (index, index) {
  %0 = meld.dim %x, 1 : tensor<?x8xf32>
  %1 = meld.dim %x, 0 : tensor<?x8xf32>
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: func.func @if_true(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>
// CHECK-NEXT: %[[E:.+]] = meld.exp %[[A]] : tensor<4xf32>
// CHECK-NEXT: return %[[E]]
func.func @if_true(%a: tensor<4xf32>) -> tensor<4xf32> {
  %p = meld.constant dense<true> : tensor<i1>
  %r = meld.if %p -> (tensor<4xf32>) {
    %e = meld.exp %a : tensor<4xf32>
    meld.yield %e : tensor<4xf32>
  } else {
    %n = meld.tanh %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @if_false(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<2xi32>
// CHECK-NEXT: %[[T:.+]] = meld.tanh %[[A]] : tensor<4xf32>
// CHECK-NEXT: return %[[T]], %[[B]]
func.func @if_false(%a: tensor<4xf32>, %b: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>) {
  %p = meld.constant dense<false> : tensor<i1>
  %r:2 = meld.if %p -> (tensor<4xf32>, tensor<2xi32>) {
    %e = meld.exp %a : tensor<4xf32>
    meld.yield %e, %b : tensor<4xf32>, tensor<2xi32>
  } else {
    %n = meld.tanh %a : tensor<4xf32>
    meld.yield %n, %b : tensor<4xf32>, tensor<2xi32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<2xi32>
}

// -----

// A predicate computed from constants folds first; then the if is inlined.
// CHECK-LABEL: func.func @if_folded_predicate(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4xf32>
// CHECK-NOT: meld.if
// CHECK: %[[N:.+]] = meld.neg %[[A]] : tensor<4xf32>
// CHECK-NEXT: return %[[N]]
func.func @if_folded_predicate(%a: tensor<4xf32>) -> tensor<4xf32> {
  %x = meld.constant dense<1> : tensor<i32>
  %y = meld.constant dense<2> : tensor<i32>
  %p = meld.compare gt, %x, %y : tensor<i32>
  %r = meld.if %p -> (tensor<4xf32>) {
    meld.yield %a : tensor<4xf32>
  } else {
    %n = meld.neg %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An if without results on a constant predicate disappears.
// CHECK-LABEL: func.func @if_no_results(
// CHECK-NEXT: return
func.func @if_no_results() {
  %p = meld.constant dense<true> : tensor<i1>
  meld.if %p {
    meld.yield
  } else {
    meld.yield
  }
  return
}

// -----

// A non-constant predicate keeps the if.
// CHECK-LABEL: func.func @if_unknown_predicate(
// CHECK: meld.if
func.func @if_unknown_predicate(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %r = meld.if %p -> (tensor<4xf32>) {
    meld.yield %a : tensor<4xf32>
  } else {
    %n = meld.neg %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A grouped matmul over the contraction read only through perm [0, 2, 1]
// computes the transposed matrices itself, its operands exchanged (and
// each one's transpose flag the other's, negated).
// CHECK-LABEL: func.func @transposed_grouped_contraction(
// CHECK-SAME: %[[X:[^:]+]]: tensor<40x12xf32>, %[[DY:[^:]+]]: tensor<20x40xf32>, %[[O:[^:]+]]: tensor<3xi32>
// CHECK-NEXT: %[[G:.+]] = meld.grouped_matmul %[[DY]], %[[X]], %[[O]] : (tensor<20x40xf32>, tensor<40x12xf32>, tensor<3xi32>) -> tensor<3x20x12xf32>
// CHECK-NEXT: return %[[G]]
func.func @transposed_grouped_contraction(%x: tensor<40x12xf32>, %dy: tensor<20x40xf32>, %o: tensor<3xi32>) -> tensor<3x20x12xf32> {
  %g = meld.grouped_matmul %x, %dy, %o transpose_lhs transpose_rhs : (tensor<40x12xf32>, tensor<20x40xf32>, tensor<3xi32>) -> tensor<3x12x20xf32>
  %t = meld.transpose %g, perm = [0, 2, 1] : tensor<3x12x20xf32> -> tensor<3x20x12xf32>
  return %t : tensor<3x20x12xf32>
}

// -----

// Not when the product is read elsewhere too, nor for groups of rows.
// CHECK-LABEL: func.func @transposed_grouped_kept(
// CHECK: meld.grouped_matmul %{{.*}}, %{{.*}}, %{{.*}} transpose_lhs :
// CHECK: meld.transpose
// CHECK: meld.grouped_matmul %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: meld.transpose
func.func @transposed_grouped_kept(%x: tensor<40x12xf32>, %dy: tensor<40x20xf32>, %o: tensor<3xi32>, %w: tensor<3x12x20xf32>) -> (tensor<3x20x12xf32>, tensor<3x12x20xf32>, tensor<20x40xf32>) {
  %g = meld.grouped_matmul %x, %dy, %o transpose_lhs : (tensor<40x12xf32>, tensor<40x20xf32>, tensor<3xi32>) -> tensor<3x12x20xf32>
  %t = meld.transpose %g, perm = [0, 2, 1] : tensor<3x12x20xf32> -> tensor<3x20x12xf32>
  %y = meld.grouped_matmul %x, %w, %o : (tensor<40x12xf32>, tensor<3x12x20xf32>, tensor<3xi32>) -> tensor<40x20xf32>
  %u = meld.transpose %y, perm = [1, 0] : tensor<40x20xf32> -> tensor<20x40xf32>
  return %t, %g, %u : tensor<3x20x12xf32>, tensor<3x12x20xf32>, tensor<20x40xf32>
}

// -----

// A broadcast of a reshape that only adds unit dims (a per-channel vector
// aligned for numpy's broadcasting, [C] -> [C, 1, 1]) broadcasts the
// vector itself; a reshape that moves elements, or a vector with unit dims
// of its own, stays.
// CHECK-LABEL: func.func @broadcast_of_unit_reshape(
// CHECK-SAME:    %[[V:.*]]: tensor<144xf32>, %[[U:.*]]: tensor<1x6xf32>, %[[W:.*]]: tensor<6xf32>
// CHECK:         %[[A:.*]] = meld.broadcast_in_dim %[[V]], dims = [1] : tensor<144xf32> -> tensor<4x144x40x40xf32>
// CHECK:         %[[R:.*]] = meld.reshape %[[U]]
// CHECK:         meld.broadcast_in_dim %[[R]], dims = [1, 2]
// CHECK:         %[[S:.*]] = meld.reshape %[[W]] : tensor<6xf32> -> tensor<2x3xf32>
// CHECK:         meld.broadcast_in_dim %[[S]], dims = [1, 2]
func.func @broadcast_of_unit_reshape(%v: tensor<144xf32>, %u: tensor<1x6xf32>, %w: tensor<6xf32>) -> (tensor<4x144x40x40xf32>, tensor<2x6x1xf32>, tensor<5x2x3xf32>) {
  %r = meld.reshape %v : tensor<144xf32> -> tensor<144x1x1xf32>
  %b = meld.broadcast_in_dim %r, dims = [1, 2, 3] : tensor<144x1x1xf32> -> tensor<4x144x40x40xf32>
  %ru = meld.reshape %u : tensor<1x6xf32> -> tensor<6x1xf32>
  %bu = meld.broadcast_in_dim %ru, dims = [1, 2] : tensor<6x1xf32> -> tensor<2x6x1xf32>
  %rw = meld.reshape %w : tensor<6xf32> -> tensor<2x3xf32>
  %bw = meld.broadcast_in_dim %rw, dims = [1, 2] : tensor<2x3xf32> -> tensor<5x2x3xf32>
  return %b, %bu, %bw : tensor<4x144x40x40xf32>, tensor<2x6x1xf32>, tensor<5x2x3xf32>
}

// -----

// A constant running sum and product fold (the i32 sum wraps).
// CHECK-LABEL: func.func @fold_cumulative(
// CHECK-NEXT: meld.constant dense<{{\[}}[1.000000e+00, 3.000000e+00, 6.000000e+00], [4.000000e+00, 9.000000e+00, 1.500000e+01]]> : tensor<2x3xf32>
// CHECK-NEXT: meld.constant dense<[2147483647, -2147483648, -2147483646]> : tensor<3xi32>
// CHECK-NEXT: meld.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 1.000000e+01, 1.800000e+01]]> : tensor<2x3xf32>
func.func @fold_cumulative() -> (tensor<2x3xf32>, tensor<3xi32>, tensor<2x3xf32>) {
  %x = meld.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %a = meld.cumulative sum %x axis = 1 : tensor<2x3xf32>
  %i = meld.constant dense<[2147483647, 1, 2]> : tensor<3xi32>
  %b = meld.cumulative sum %i axis = 0 : tensor<3xi32>
  %c = meld.cumulative prod %x axis = 0 : tensor<2x3xf32>
  return %a, %b, %c : tensor<2x3xf32>, tensor<3xi32>, tensor<2x3xf32>
}

// -----

// A constant argsort folds: ascending with NaN last and the tied 1.0s in
// index order, descending with NaN first and the ties still in index order.
// CHECK-LABEL: func.func @fold_argsort(
// CHECK-NEXT: meld.constant dense<[1, 3, 4, 0, 2]> : tensor<5xi64>
// CHECK-NEXT: meld.constant dense<[2, 0, 3, 4, 1]> : tensor<5xi64>
func.func @fold_argsort() -> (tensor<5xi64>, tensor<5xi64>) {
  %x = meld.constant dense<[3.0, -1.0, 0x7FC00000, 1.0, 1.0]> : tensor<5xf32>
  %a = meld.argsort %x axis = 0 : (tensor<5xf32>) -> tensor<5xi64>
  %d = meld.argsort %x axis = 0 descending : (tensor<5xf32>) -> tensor<5xi64>
  return %a, %d : tensor<5xi64>, tensor<5xi64>
}
