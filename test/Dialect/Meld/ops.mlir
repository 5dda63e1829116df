// RUN: meld-opt %s | meld-opt | FileCheck %s
// RUN: meld-opt %s --mlir-print-op-generic | meld-opt | FileCheck %s

// Round trip of every meld op and every optional piece of syntax, through the
// custom and the generic form.

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @binary_f32(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x?xf32>, %[[B:[^:]+]]: tensor<4x?xf32>)
func.func @binary_f32(%a: tensor<4x?xf32>, %b: tensor<4x?xf32>) -> tensor<4x?xf32> {
  // CHECK: %[[ADD:.+]] = meld.add %[[A]], %[[B]] : tensor<4x?xf32>
  %0 = meld.add %a, %b : tensor<4x?xf32>
  // CHECK: %[[SUB:.+]] = meld.sub %[[ADD]], %[[B]] : tensor<4x?xf32>
  %1 = meld.sub %0, %b : tensor<4x?xf32>
  // CHECK: %[[MUL:.+]] = meld.mul %[[SUB]], %[[B]] : tensor<4x?xf32>
  %2 = meld.mul %1, %b : tensor<4x?xf32>
  // CHECK: %[[DIV:.+]] = meld.div %[[MUL]], %[[B]] : tensor<4x?xf32>
  %3 = meld.div %2, %b : tensor<4x?xf32>
  // CHECK: %[[MAX:.+]] = meld.max %[[DIV]], %[[B]] : tensor<4x?xf32>
  %4 = meld.max %3, %b : tensor<4x?xf32>
  // CHECK: %[[MIN:.+]] = meld.min %[[MAX]], %[[B]] : tensor<4x?xf32>
  %5 = meld.min %4, %b : tensor<4x?xf32>
  // CHECK: %[[POW:.+]] = meld.pow %[[MIN]], %[[B]] : tensor<4x?xf32>
  %6 = meld.pow %5, %b : tensor<4x?xf32>
  // CHECK: return %[[POW]] : tensor<4x?xf32>
  return %6 : tensor<4x?xf32>
}

// Integer arithmetic on every integer width; pow is float-only.
// CHECK-LABEL: func.func @binary_int(
func.func @binary_int(%a: tensor<3xi64>, %b: tensor<2x2xi32>, %c: tensor<i8>)
    -> (tensor<3xi64>, tensor<2x2xi32>, tensor<i8>) {
  // CHECK: meld.add %{{.+}}, %{{.+}} : tensor<3xi64>
  %0 = meld.add %a, %a : tensor<3xi64>
  // CHECK: meld.sub %{{.+}}, %{{.+}} : tensor<3xi64>
  %1 = meld.sub %0, %a : tensor<3xi64>
  // CHECK: meld.div %{{.+}}, %{{.+}} : tensor<2x2xi32>
  %2 = meld.div %b, %b : tensor<2x2xi32>
  // CHECK: meld.mul %{{.+}}, %{{.+}} : tensor<2x2xi32>
  %3 = meld.mul %2, %b : tensor<2x2xi32>
  // CHECK: meld.max %{{.+}}, %{{.+}} : tensor<i8>
  %4 = meld.max %c, %c : tensor<i8>
  // CHECK: meld.min %{{.+}}, %{{.+}} : tensor<i8>
  %5 = meld.min %4, %c : tensor<i8>
  return %1, %3, %5 : tensor<3xi64>, tensor<2x2xi32>, tensor<i8>
}

// Remainders of floats and integers; bitwise ops on integers and i1;
// shifts on integers.
// CHECK-LABEL: func.func @binary_rem_bitwise(
// CHECK-SAME: %[[F:[^:]+]]: tensor<?x4xf16>, %[[I:[^:]+]]: tensor<3xi32>, %[[P:[^:]+]]: tensor<2x?xi1>, %[[C:[^:]+]]: tensor<i8>
func.func @binary_rem_bitwise(%f: tensor<?x4xf16>, %i: tensor<3xi32>, %p: tensor<2x?xi1>, %c: tensor<i8>)
    -> (tensor<?x4xf16>, tensor<3xi32>, tensor<2x?xi1>, tensor<i8>) {
  // CHECK: %[[FR:.+]] = meld.rem %[[F]], %[[F]] : tensor<?x4xf16>
  %0 = meld.rem %f, %f : tensor<?x4xf16>
  // CHECK: %[[IR:.+]] = meld.rem %[[I]], %[[I]] : tensor<3xi32>
  %1 = meld.rem %i, %i : tensor<3xi32>
  // CHECK: %[[AND:.+]] = meld.and %[[IR]], %[[I]] : tensor<3xi32>
  %2 = meld.and %1, %i : tensor<3xi32>
  // CHECK: %[[OR:.+]] = meld.or %[[AND]], %[[I]] : tensor<3xi32>
  %3 = meld.or %2, %i : tensor<3xi32>
  // CHECK: %[[XOR:.+]] = meld.xor %[[OR]], %[[I]] : tensor<3xi32>
  %4 = meld.xor %3, %i : tensor<3xi32>
  // CHECK: %[[SHL:.+]] = meld.shift_left %[[XOR]], %[[I]] : tensor<3xi32>
  %5 = meld.shift_left %4, %i : tensor<3xi32>
  // CHECK: %[[SHR:.+]] = meld.shift_right %[[SHL]], %[[I]] : tensor<3xi32>
  %6 = meld.shift_right %5, %i : tensor<3xi32>
  // CHECK: %[[PAND:.+]] = meld.and %[[P]], %[[P]] : tensor<2x?xi1>
  %7 = meld.and %p, %p : tensor<2x?xi1>
  // CHECK: %[[PXOR:.+]] = meld.xor %[[PAND]], %[[P]] : tensor<2x?xi1>
  %8 = meld.xor %7, %p : tensor<2x?xi1>
  // CHECK: %[[CSHR:.+]] = meld.shift_right %[[C]], %[[C]] : tensor<i8>
  %9 = meld.shift_right %c, %c : tensor<i8>
  // CHECK: return %[[FR]], %[[SHR]], %[[PXOR]], %[[CSHR]]
  return %0, %6, %8, %9 : tensor<?x4xf16>, tensor<3xi32>, tensor<2x?xi1>, tensor<i8>
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @unary_trig_rounding(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x3xf32>
func.func @unary_trig_rounding(%x: tensor<?x3xf32>) -> tensor<?x3xf32> {
  // CHECK: %[[SIN:.+]] = meld.sin %[[X]] : tensor<?x3xf32>
  %0 = meld.sin %x : tensor<?x3xf32>
  // CHECK: %[[COS:.+]] = meld.cos %[[SIN]] : tensor<?x3xf32>
  %1 = meld.cos %0 : tensor<?x3xf32>
  // CHECK: %[[FLOOR:.+]] = meld.floor %[[COS]] : tensor<?x3xf32>
  %2 = meld.floor %1 : tensor<?x3xf32>
  // CHECK: %[[CEIL:.+]] = meld.ceil %[[X]] : tensor<?x3xf32>
  %3 = meld.ceil %x : tensor<?x3xf32>
  // CHECK: %[[ROUND:.+]] = meld.round %[[X]] : tensor<?x3xf32>
  %4 = meld.round %x : tensor<?x3xf32>
  // CHECK: %[[S1:.+]] = meld.add %[[FLOOR]], %[[CEIL]]
  %5 = meld.add %2, %3 : tensor<?x3xf32>
  // CHECK: %[[S2:.+]] = meld.add %[[S1]], %[[ROUND]]
  %6 = meld.add %5, %4 : tensor<?x3xf32>
  return %6 : tensor<?x3xf32>
}

// CHECK-LABEL: func.func @unary_not(
func.func @unary_not(%x: tensor<5xi64>, %p: tensor<?xi1>) -> (tensor<5xi64>, tensor<?xi1>) {
  // CHECK: meld.not %{{.+}} : tensor<5xi64>
  %0 = meld.not %x : tensor<5xi64>
  // CHECK: meld.not %{{.+}} : tensor<?xi1>
  %1 = meld.not %p : tensor<?xi1>
  return %0, %1 : tensor<5xi64>, tensor<?xi1>
}

// CHECK-LABEL: func.func @unary_float(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x3xf64>
func.func @unary_float(%x: tensor<?x3xf64>) -> tensor<?x3xf64> {
  // CHECK: %[[NEG:.+]] = meld.neg %[[X]] : tensor<?x3xf64>
  %0 = meld.neg %x : tensor<?x3xf64>
  // CHECK: %[[ABS:.+]] = meld.abs %[[NEG]] : tensor<?x3xf64>
  %1 = meld.abs %0 : tensor<?x3xf64>
  // CHECK: %[[RELU:.+]] = meld.relu %[[ABS]] : tensor<?x3xf64>
  %2 = meld.relu %1 : tensor<?x3xf64>
  // CHECK: %[[EXP:.+]] = meld.exp %[[RELU]] : tensor<?x3xf64>
  %3 = meld.exp %2 : tensor<?x3xf64>
  // CHECK: %[[LOG:.+]] = meld.log %[[EXP]] : tensor<?x3xf64>
  %4 = meld.log %3 : tensor<?x3xf64>
  // CHECK: %[[TANH:.+]] = meld.tanh %[[LOG]] : tensor<?x3xf64>
  %5 = meld.tanh %4 : tensor<?x3xf64>
  // CHECK: %[[SIG:.+]] = meld.sigmoid %[[TANH]] : tensor<?x3xf64>
  %6 = meld.sigmoid %5 : tensor<?x3xf64>
  // CHECK: %[[ERF:.+]] = meld.erf %[[SIG]] : tensor<?x3xf64>
  %7 = meld.erf %6 : tensor<?x3xf64>
  // CHECK: %[[SILU:.+]] = meld.silu %[[ERF]] : tensor<?x3xf64>
  %8 = meld.silu %7 : tensor<?x3xf64>
  // CHECK: %[[SQRT:.+]] = meld.sqrt %[[SILU]] : tensor<?x3xf64>
  %9 = meld.sqrt %8 : tensor<?x3xf64>
  // CHECK: %[[RSQRT:.+]] = meld.rsqrt %[[SQRT]] : tensor<?x3xf64>
  %10 = meld.rsqrt %9 : tensor<?x3xf64>
  // CHECK: return %[[RSQRT]]
  return %10 : tensor<?x3xf64>
}

// CHECK-LABEL: func.func @unary_int(
func.func @unary_int(%x: tensor<5xi8>) -> tensor<5xi8> {
  // CHECK: meld.neg %{{.+}} : tensor<5xi8>
  %0 = meld.neg %x : tensor<5xi8>
  // CHECK: meld.abs %{{.+}} : tensor<5xi8>
  %1 = meld.abs %0 : tensor<5xi8>
  // CHECK: meld.relu %{{.+}} : tensor<5xi8>
  %2 = meld.relu %1 : tensor<5xi8>
  return %2 : tensor<5xi8>
}

// The default approximation (erf) is not printed; tanh is.
// CHECK-LABEL: func.func @gelu(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8xbf16>
func.func @gelu(%x: tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>) {
  // CHECK: %[[G0:.+]] = meld.gelu %[[X]] : tensor<8xbf16>
  %0 = meld.gelu %x : tensor<8xbf16>
  // CHECK: %[[G1:.+]] = meld.gelu %[[X]] approximate = tanh : tensor<8xbf16>
  %1 = meld.gelu %x approximate = tanh : tensor<8xbf16>
  // CHECK: %[[G2:.+]] = meld.gelu %[[X]] : tensor<8xbf16>
  %2 = meld.gelu %x approximate = erf : tensor<8xbf16>
  // CHECK: return %[[G0]], %[[G1]], %[[G2]]
  return %0, %1, %2 : tensor<8xbf16>, tensor<8xbf16>, tensor<8xbf16>
}

// CHECK-LABEL: func.func @unary_f16(
func.func @unary_f16(%x: tensor<f16>) -> tensor<f16> {
  // CHECK: meld.exp %{{.+}} : tensor<f16>
  %0 = meld.exp %x : tensor<f16>
  // CHECK: meld.gelu %{{.+}} approximate = tanh : tensor<f16>
  %1 = meld.gelu %0 approximate = tanh : tensor<f16>
  return %1 : tensor<f16>
}

//===----------------------------------------------------------------------===//
// Cast, compare, select
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @cast(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x?xf32>
func.func @cast(%x: tensor<2x?xf32>) -> tensor<2x?xf64> {
  // CHECK: %[[H:.+]] = meld.cast %[[X]] : tensor<2x?xf32> to tensor<2x?xf16>
  %h = meld.cast %x : tensor<2x?xf32> to tensor<2x?xf16>
  // CHECK: %[[B:.+]] = meld.cast %[[H]] : tensor<2x?xf16> to tensor<2x?xbf16>
  %b = meld.cast %h : tensor<2x?xf16> to tensor<2x?xbf16>
  // CHECK: %[[I8:.+]] = meld.cast %[[B]] : tensor<2x?xbf16> to tensor<2x?xi8>
  %i8 = meld.cast %b : tensor<2x?xbf16> to tensor<2x?xi8>
  // CHECK: %[[I1:.+]] = meld.cast %[[I8]] : tensor<2x?xi8> to tensor<2x?xi1>
  %i1 = meld.cast %i8 : tensor<2x?xi8> to tensor<2x?xi1>
  // CHECK: %[[I32:.+]] = meld.cast %[[I1]] : tensor<2x?xi1> to tensor<2x?xi32>
  %i32 = meld.cast %i1 : tensor<2x?xi1> to tensor<2x?xi32>
  // CHECK: %[[I64:.+]] = meld.cast %[[I32]] : tensor<2x?xi32> to tensor<2x?xi64>
  %i64 = meld.cast %i32 : tensor<2x?xi32> to tensor<2x?xi64>
  // CHECK: %[[F64:.+]] = meld.cast %[[I64]] : tensor<2x?xi64> to tensor<2x?xf64>
  %f64 = meld.cast %i64 : tensor<2x?xi64> to tensor<2x?xf64>
  // CHECK: return %[[F64]]
  return %f64 : tensor<2x?xf64>
}

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[Y:[^:]+]]: tensor<4xf32>, %[[P:[^:]+]]: tensor<i1>
func.func @compare(%x: tensor<4xf32>, %y: tensor<4xf32>, %p: tensor<i1>)
    -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
        tensor<4xi1>, tensor<i1>) {
  // CHECK: meld.compare eq, %[[X]], %[[Y]] : tensor<4xf32>
  %0 = meld.compare eq, %x, %y : tensor<4xf32>
  // CHECK: meld.compare ne, %[[X]], %[[Y]] : tensor<4xf32>
  %1 = meld.compare ne, %x, %y : tensor<4xf32>
  // CHECK: meld.compare lt, %[[X]], %[[Y]] : tensor<4xf32>
  %2 = meld.compare lt, %x, %y : tensor<4xf32>
  // CHECK: meld.compare le, %[[X]], %[[Y]] : tensor<4xf32>
  %3 = meld.compare le, %x, %y : tensor<4xf32>
  // CHECK: meld.compare gt, %[[X]], %[[Y]] : tensor<4xf32>
  %4 = meld.compare gt, %x, %y : tensor<4xf32>
  // CHECK: meld.compare ge, %[[X]], %[[Y]] : tensor<4xf32>
  %5 = meld.compare ge, %x, %y : tensor<4xf32>
  // Booleans compare too.
  // CHECK: meld.compare eq, %[[P]], %[[P]] : tensor<i1>
  %6 = meld.compare eq, %p, %p : tensor<i1>
  return %0, %1, %2, %3, %4, %5, %6
      : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>,
        tensor<4xi1>, tensor<i1>
}

// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[P:[^:]+]]: tensor<?x2xi1>, %[[X:[^:]+]]: tensor<?x2xi32>, %[[Y:[^:]+]]: tensor<?x2xi32>
func.func @select(%p: tensor<?x2xi1>, %x: tensor<?x2xi32>, %y: tensor<?x2xi32>,
                  %q: tensor<i1>) -> (tensor<?x2xi32>, tensor<i1>) {
  // CHECK: meld.select %[[P]], %[[X]], %[[Y]] : tensor<?x2xi1>, tensor<?x2xi32>
  %0 = meld.select %p, %x, %y : tensor<?x2xi1>, tensor<?x2xi32>
  // CHECK: meld.select %{{.+}}, %{{.+}}, %{{.+}} : tensor<i1>, tensor<i1>
  %1 = meld.select %q, %q, %q : tensor<i1>, tensor<i1>
  return %0, %1 : tensor<?x2xi32>, tensor<i1>
}

//===----------------------------------------------------------------------===//
// Creation: constant, iota, dim
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @constants(
func.func @constants() -> (tensor<2xf64>, tensor<2x2xf32>, tensor<3xf16>,
                           tensor<bf16>, tensor<2xi64>, tensor<4xi32>,
                           tensor<2xi8>, tensor<3xi1>) {
  // CHECK: meld.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf64>
  %0 = meld.constant dense<[1.5, -2.0]> : tensor<2xf64>
  // CHECK: meld.constant dense<0.000000e+00> : tensor<2x2xf32>
  %1 = meld.constant dense<0.0> : tensor<2x2xf32>
  // CHECK: meld.constant dense<[1.000000e+00, 2.500000e-01, -0.000000e+00]> : tensor<3xf16>
  %2 = meld.constant dense<[1.0, 0.25, -0.0]> : tensor<3xf16>
  // CHECK: meld.constant dense<3.000000e+00> : tensor<bf16>
  %3 = meld.constant dense<3.0> : tensor<bf16>
  // CHECK: meld.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  %4 = meld.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
  // CHECK: meld.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %5 = meld.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  // CHECK: meld.constant dense<[-128, 127]> : tensor<2xi8>
  %6 = meld.constant dense<[-128, 127]> : tensor<2xi8>
  // CHECK: meld.constant dense<[true, false, true]> : tensor<3xi1>
  %7 = meld.constant dense<[true, false, true]> : tensor<3xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7
      : tensor<2xf64>, tensor<2x2xf32>, tensor<3xf16>, tensor<bf16>,
        tensor<2xi64>, tensor<4xi32>, tensor<2xi8>, tensor<3xi1>
}

// CHECK-LABEL: func.func @iota(
// CHECK-SAME: %[[N:[^:]+]]: index, %[[M:[^:]+]]: index
func.func @iota(%n: index, %m: index)
    -> (tensor<4x8xi32>, tensor<?xi64>, tensor<?x3x?xf32>) {
  // CHECK: meld.iota dim = 1 : tensor<4x8xi32>
  %0 = meld.iota dim = 1 : tensor<4x8xi32>
  // CHECK: meld.iota dim = 0 sizes(%[[N]]) : tensor<?xi64>
  %1 = meld.iota dim = 0 sizes(%n) : tensor<?xi64>
  // CHECK: meld.iota dim = 2 sizes(%[[N]], %[[M]]) : tensor<?x3x?xf32>
  %2 = meld.iota dim = 2 sizes(%n, %m) : tensor<?x3x?xf32>
  return %0, %1, %2 : tensor<4x8xi32>, tensor<?xi64>, tensor<?x3x?xf32>
}

// CHECK-LABEL: func.func @dim(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x64xf32>
func.func @dim(%x: tensor<?x64xf32>) -> (index, index) {
  // CHECK: %[[D0:.+]] = meld.dim %[[X]], 0 : tensor<?x64xf32>
  %0 = meld.dim %x, 0 : tensor<?x64xf32>
  // CHECK: %[[D1:.+]] = meld.dim %[[X]], 1 : tensor<?x64xf32>
  %1 = meld.dim %x, 1 : tensor<?x64xf32>
  // CHECK: return %[[D0]], %[[D1]] : index, index
  return %0, %1 : index, index
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @broadcast(
// CHECK-SAME: %[[B:[^:]+]]: tensor<64xf32>, %[[N:[^:]+]]: index, %[[S:[^:]+]]: tensor<i8>
func.func @broadcast(%b: tensor<64xf32>, %n: index, %s: tensor<i8>)
    -> (tensor<8x64xf32>, tensor<?x64xf32>, tensor<?x2x?xi8>) {
  // CHECK: meld.broadcast_in_dim %[[B]], dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
  %0 = meld.broadcast_in_dim %b, dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
  // CHECK: meld.broadcast_in_dim %[[B]], dims = [1] sizes(%[[N]]) : tensor<64xf32> -> tensor<?x64xf32>
  %1 = meld.broadcast_in_dim %b, dims = [1] sizes(%n) : tensor<64xf32> -> tensor<?x64xf32>
  // A rank-0 operand has empty dims.
  // CHECK: meld.broadcast_in_dim %[[S]], dims = [] sizes(%[[N]], %[[N]]) : tensor<i8> -> tensor<?x2x?xi8>
  %2 = meld.broadcast_in_dim %s, dims = [] sizes(%n, %n) : tensor<i8> -> tensor<?x2x?xi8>
  return %0, %1, %2 : tensor<8x64xf32>, tensor<?x64xf32>, tensor<?x2x?xi8>
}

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<?x8xi64>, %[[N:[^:]+]]: index
func.func @reshape(%x: tensor<4x8xf32>, %y: tensor<?x8xi64>, %n: index)
    -> (tensor<32xf32>, tensor<?xi64>, tensor<f32>) {
  // CHECK: meld.reshape %[[X]] : tensor<4x8xf32> -> tensor<32xf32>
  %0 = meld.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
  // CHECK: meld.reshape %[[Y]] sizes(%[[N]]) : tensor<?x8xi64> -> tensor<?xi64>
  %1 = meld.reshape %y sizes(%n) : tensor<?x8xi64> -> tensor<?xi64>
  // CHECK: %[[S:.+]] = meld.slice
  %s = meld.slice %x start = [0, 0] limit = [1, 1] : tensor<4x8xf32> -> tensor<1x1xf32>
  // CHECK: meld.reshape %[[S]] : tensor<1x1xf32> -> tensor<f32>
  %2 = meld.reshape %s : tensor<1x1xf32> -> tensor<f32>
  return %0, %1, %2 : tensor<32xf32>, tensor<?xi64>, tensor<f32>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[X:[^:]+]]: tensor<2x?x4xi1>
func.func @transpose(%x: tensor<2x?x4xi1>) -> tensor<4x2x?xi1> {
  // CHECK: meld.transpose %[[X]], perm = [2, 0, 1] : tensor<2x?x4xi1> -> tensor<4x2x?xi1>
  %0 = meld.transpose %x, perm = [2, 0, 1] : tensor<2x?x4xi1> -> tensor<4x2x?xi1>
  return %0 : tensor<4x2x?xi1>
}

// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<?xi32>
func.func @slice(%x: tensor<4x8xf32>, %y: tensor<?xi32>)
    -> (tensor<4x3xf32>, tensor<2x8xf32>, tensor<2xi32>) {
  // CHECK: meld.slice %[[X]] start = [0, 2] limit = [4, 8] strides = [1, 2] : tensor<4x8xf32> -> tensor<4x3xf32>
  %0 = meld.slice %x start = [0, 2] limit = [4, 8] strides = [1, 2]
      : tensor<4x8xf32> -> tensor<4x3xf32>
  // Without strides the attribute stays absent.
  // CHECK: meld.slice %[[X]] start = [1, 0] limit = [3, 8] : tensor<4x8xf32> -> tensor<2x8xf32>
  %1 = meld.slice %x start = [1, 0] limit = [3, 8] : tensor<4x8xf32> -> tensor<2x8xf32>
  // CHECK: meld.slice %[[Y]] start = [1] limit = [5] strides = [3] : tensor<?xi32> -> tensor<2xi32>
  %2 = meld.slice %y start = [1] limit = [5] strides = [3] : tensor<?xi32> -> tensor<2xi32>
  return %0, %1, %2 : tensor<4x3xf32>, tensor<2x8xf32>, tensor<2xi32>
}

// A dynamic dimension kept whole: start 0, limit -1, stride 1.
// CHECK-LABEL: func.func @slice_whole_dims(
// CHECK-SAME: %[[X:[^:]+]]: tensor<?x3x8x8xf32>, %[[Y:[^:]+]]: tensor<?x?xi8>
func.func @slice_whole_dims(%x: tensor<?x3x8x8xf32>, %y: tensor<?x?xi8>)
    -> (tensor<?x3x4x4xf32>, tensor<?x?xi8>, tensor<?x2xi8>) {
  // CHECK: meld.slice %[[X]] start = [0, 0, 1, 1] limit = [-1, 3, 8, 8] strides = [1, 1, 2, 2] : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
  %0 = meld.slice %x start = [0, 0, 1, 1] limit = [-1, 3, 8, 8] strides = [1, 1, 2, 2]
      : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
  // CHECK: meld.slice %[[Y]] start = [0, 0] limit = [-1, -1] : tensor<?x?xi8> -> tensor<?x?xi8>
  %1 = meld.slice %y start = [0, 0] limit = [-1, -1] : tensor<?x?xi8> -> tensor<?x?xi8>
  // CHECK: meld.slice %[[Y]] start = [0, 1] limit = [-1, 5] strides = [1, 2] : tensor<?x?xi8> -> tensor<?x2xi8>
  %2 = meld.slice %y start = [0, 1] limit = [-1, 5] strides = [1, 2] : tensor<?x?xi8> -> tensor<?x2xi8>
  return %0, %1, %2 : tensor<?x3x4x4xf32>, tensor<?x?xi8>, tensor<?x2xi8>
}

// CHECK-LABEL: func.func @gather(
// CHECK-SAME: %[[T:[^:]+]]: tensor<256x64xf32>, %[[IDS:[^:]+]]: tensor<?x?xi64>, %[[X:[^:]+]]: tensor<?x8x?xi1>, %[[J:[^:]+]]: tensor<3xi32>, %[[K:[^:]+]]: tensor<i64>
func.func @gather(%t: tensor<256x64xf32>, %ids: tensor<?x?xi64>, %x: tensor<?x8x?xi1>,
                  %j: tensor<3xi32>, %k: tensor<i64>)
    -> (tensor<?x?x64xf32>, tensor<?x3x?xi1>, tensor<?x?xi1>) {
  // CHECK: meld.gather %[[T]], %[[IDS]] axis = 0 : (tensor<256x64xf32>, tensor<?x?xi64>) -> tensor<?x?x64xf32>
  %0 = meld.gather %t, %ids axis = 0 : (tensor<256x64xf32>, tensor<?x?xi64>) -> tensor<?x?x64xf32>
  // CHECK: meld.gather %[[X]], %[[J]] axis = 1 : (tensor<?x8x?xi1>, tensor<3xi32>) -> tensor<?x3x?xi1>
  %1 = meld.gather %x, %j axis = 1 : (tensor<?x8x?xi1>, tensor<3xi32>) -> tensor<?x3x?xi1>
  // A rank-0 index removes the axis.
  // CHECK: meld.gather %[[X]], %[[K]] axis = 1 : (tensor<?x8x?xi1>, tensor<i64>) -> tensor<?x?xi1>
  %2 = meld.gather %x, %k axis = 1 : (tensor<?x8x?xi1>, tensor<i64>) -> tensor<?x?xi1>
  return %0, %1, %2 : tensor<?x?x64xf32>, tensor<?x3x?xi1>, tensor<?x?xi1>
}

// CHECK-LABEL: func.func @concat(
// CHECK-SAME: %[[A:[^:]+]]: tensor<2x8xf32>, %[[B:[^:]+]]: tensor<3x8xf32>, %[[C:[^:]+]]: tensor<?x8xf32>
func.func @concat(%a: tensor<2x8xf32>, %b: tensor<3x8xf32>, %c: tensor<?x8xf32>)
    -> (tensor<5x8xf32>, tensor<?x8xf32>, tensor<2x16xf32>, tensor<2x8xf32>) {
  // CHECK: meld.concat %[[A]], %[[B]] dim = 0 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<5x8xf32>
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<5x8xf32>
  // CHECK: meld.concat %[[A]], %[[C]], %[[B]] dim = 0 : (tensor<2x8xf32>, tensor<?x8xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  %1 = meld.concat %a, %c, %b dim = 0
      : (tensor<2x8xf32>, tensor<?x8xf32>, tensor<3x8xf32>) -> tensor<?x8xf32>
  // CHECK: meld.concat %[[A]], %[[A]] dim = 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
  %2 = meld.concat %a, %a dim = 1 : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x16xf32>
  // CHECK: meld.concat %[[A]] dim = 0 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %3 = meld.concat %a dim = 0 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0, %1, %2, %3 : tensor<5x8xf32>, tensor<?x8xf32>, tensor<2x16xf32>, tensor<2x8xf32>
}

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @reduce(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4x8xf32>, %[[Y:[^:]+]]: tensor<2x?x3xi32>
func.func @reduce(%x: tensor<4x8xf32>, %y: tensor<2x?x3xi32>)
    -> (tensor<4xf32>, tensor<4x1xf32>, tensor<4xi64>, tensor<8xi64>,
        tensor<f32>, tensor<?xi32>, tensor<1x?x1xi32>, tensor<2x3xi32>,
        tensor<1x8xf32>) {
  // CHECK: meld.reduce sum %[[X]] dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  %0 = meld.reduce sum %x dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  // CHECK: meld.reduce max %[[X]] dims = [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
  %1 = meld.reduce max %x dims = [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
  // CHECK: meld.reduce argmax %[[X]] dims = [1] : tensor<4x8xf32> -> tensor<4xi64>
  %2 = meld.reduce argmax %x dims = [1] : tensor<4x8xf32> -> tensor<4xi64>
  // CHECK: meld.reduce argmin %[[X]] dims = [0] : tensor<4x8xf32> -> tensor<8xi64>
  %3 = meld.reduce argmin %x dims = [0] : tensor<4x8xf32> -> tensor<8xi64>
  // Dimensions may be listed in any order.
  // CHECK: meld.reduce mean %[[X]] dims = [1, 0] : tensor<4x8xf32> -> tensor<f32>
  %4 = meld.reduce mean %x dims = [1, 0] : tensor<4x8xf32> -> tensor<f32>
  // CHECK: meld.reduce prod %[[Y]] dims = [0, 2] : tensor<2x?x3xi32> -> tensor<?xi32>
  %5 = meld.reduce prod %y dims = [0, 2] : tensor<2x?x3xi32> -> tensor<?xi32>
  // CHECK: meld.reduce min %[[Y]] dims = [0, 2] keep_dims : tensor<2x?x3xi32> -> tensor<1x?x1xi32>
  %6 = meld.reduce min %y dims = [0, 2] keep_dims : tensor<2x?x3xi32> -> tensor<1x?x1xi32>
  // CHECK: meld.reduce sum %[[Y]] dims = [1] : tensor<2x?x3xi32> -> tensor<2x3xi32>
  %7 = meld.reduce sum %y dims = [1] : tensor<2x?x3xi32> -> tensor<2x3xi32>
  // CHECK: meld.reduce mean %[[X]] dims = [0] keep_dims : tensor<4x8xf32> -> tensor<1x8xf32>
  %8 = meld.reduce mean %x dims = [0] keep_dims : tensor<4x8xf32> -> tensor<1x8xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8
      : tensor<4xf32>, tensor<4x1xf32>, tensor<4xi64>, tensor<8xi64>,
        tensor<f32>, tensor<?xi32>, tensor<1x?x1xi32>, tensor<2x3xi32>,
        tensor<1x8xf32>
}

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x64xf32>, %[[W:[^:]+]]: tensor<64x32xf32>, %[[Q:[^:]+]]: tensor<16x64xf16>, %[[K:[^:]+]]: tensor<16x64xf16>
func.func @matmul(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>,
                  %q: tensor<16x64xf16>, %k: tensor<16x64xf16>,
                  %a: tensor<?x4xi8>, %b: tensor<4x?xi8>)
    -> (tensor<8x32xf32>, tensor<16x16xf32>, tensor<64x64xf16>,
        tensor<?x?xi32>, tensor<32x8xf32>, tensor<?x?xi8>) {
  // CHECK: meld.matmul %[[X]], %[[W]] : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %0 = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  // CHECK: meld.matmul %[[Q]], %[[K]] transpose_rhs : tensor<16x64xf16>, tensor<16x64xf16> -> tensor<16x16xf32>
  %1 = meld.matmul %q, %k transpose_rhs
      : tensor<16x64xf16>, tensor<16x64xf16> -> tensor<16x16xf32>
  // CHECK: meld.matmul %[[Q]], %[[K]] transpose_lhs : tensor<16x64xf16>, tensor<16x64xf16> -> tensor<64x64xf16>
  %2 = meld.matmul %q, %k transpose_lhs
      : tensor<16x64xf16>, tensor<16x64xf16> -> tensor<64x64xf16>
  // CHECK: meld.matmul %{{.+}}, %{{.+}} : tensor<?x4xi8>, tensor<4x?xi8> -> tensor<?x?xi32>
  %3 = meld.matmul %a, %b : tensor<?x4xi8>, tensor<4x?xi8> -> tensor<?x?xi32>
  // CHECK: meld.matmul %[[W]], %[[X]] transpose_lhs transpose_rhs : tensor<64x32xf32>, tensor<8x64xf32> -> tensor<32x8xf32>
  %4 = meld.matmul %w, %x transpose_lhs transpose_rhs
      : tensor<64x32xf32>, tensor<8x64xf32> -> tensor<32x8xf32>
  // CHECK: meld.matmul %{{.+}}, %{{.+}} transpose_lhs transpose_rhs : tensor<4x?xi8>, tensor<?x4xi8> -> tensor<?x?xi8>
  %5 = meld.matmul %b, %a transpose_lhs transpose_rhs
      : tensor<4x?xi8>, tensor<?x4xi8> -> tensor<?x?xi8>
  return %0, %1, %2, %3, %4, %5
      : tensor<8x32xf32>, tensor<16x16xf32>, tensor<64x64xf16>,
        tensor<?x?xi32>, tensor<32x8xf32>, tensor<?x?xi8>
}

// CHECK-LABEL: func.func @batch_matmul(
// CHECK-SAME: %[[A:[^:]+]]: tensor<4x8x16xf32>, %[[B:[^:]+]]: tensor<4x16x32xf32>, %[[C:[^:]+]]: tensor<?x8x16xbf16>
func.func @batch_matmul(%a: tensor<4x8x16xf32>, %b: tensor<4x16x32xf32>,
                        %c: tensor<?x8x16xbf16>)
    -> (tensor<4x8x32xf32>, tensor<4x32x8xf32>, tensor<?x8x8xf32>,
        tensor<?x16x16xbf16>) {
  // CHECK: meld.batch_matmul %[[A]], %[[B]] : tensor<4x8x16xf32>, tensor<4x16x32xf32> -> tensor<4x8x32xf32>
  %0 = meld.batch_matmul %a, %b
      : tensor<4x8x16xf32>, tensor<4x16x32xf32> -> tensor<4x8x32xf32>
  // CHECK: meld.batch_matmul %[[B]], %[[A]] transpose_lhs transpose_rhs : tensor<4x16x32xf32>, tensor<4x8x16xf32> -> tensor<4x32x8xf32>
  %1 = meld.batch_matmul %b, %a transpose_lhs transpose_rhs
      : tensor<4x16x32xf32>, tensor<4x8x16xf32> -> tensor<4x32x8xf32>
  // CHECK: meld.batch_matmul %[[C]], %[[C]] transpose_rhs : tensor<?x8x16xbf16>, tensor<?x8x16xbf16> -> tensor<?x8x8xf32>
  %2 = meld.batch_matmul %c, %c transpose_rhs
      : tensor<?x8x16xbf16>, tensor<?x8x16xbf16> -> tensor<?x8x8xf32>
  // CHECK: meld.batch_matmul %[[C]], %[[C]] transpose_lhs : tensor<?x8x16xbf16>, tensor<?x8x16xbf16> -> tensor<?x16x16xbf16>
  %3 = meld.batch_matmul %c, %c transpose_lhs
      : tensor<?x8x16xbf16>, tensor<?x8x16xbf16> -> tensor<?x16x16xbf16>
  return %0, %1, %2, %3
      : tensor<4x8x32xf32>, tensor<4x32x8xf32>, tensor<?x8x8xf32>,
        tensor<?x16x16xbf16>
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @if_results(
// CHECK-SAME: %[[P:[^:]+]]: tensor<i1>, %[[A:[^:]+]]: tensor<4xf32>, %[[B:[^:]+]]: tensor<?xi64>
func.func @if_results(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<?xi64>)
    -> (tensor<4xf32>, tensor<?xi64>) {
  // CHECK: %[[R:.+]]:2 = meld.if %[[P]] -> (tensor<4xf32>, tensor<?xi64>) {
  // CHECK-NEXT: meld.yield %[[A]], %[[B]] : tensor<4xf32>, tensor<?xi64>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[N:.+]] = meld.neg %[[A]] : tensor<4xf32>
  // CHECK-NEXT: meld.yield %[[N]], %[[B]] : tensor<4xf32>, tensor<?xi64>
  // CHECK-NEXT: }
  %r:2 = meld.if %p -> (tensor<4xf32>, tensor<?xi64>) {
    meld.yield %a, %b : tensor<4xf32>, tensor<?xi64>
  } else {
    %n = meld.neg %a : tensor<4xf32>
    meld.yield %n, %b : tensor<4xf32>, tensor<?xi64>
  }
  // CHECK: return %[[R]]#0, %[[R]]#1
  return %r#0, %r#1 : tensor<4xf32>, tensor<?xi64>
}

// CHECK-LABEL: func.func @if_no_results(
// CHECK-SAME: %[[P:[^:]+]]: tensor<i1>
func.func @if_no_results(%p: tensor<i1>) {
  // CHECK: meld.if %[[P]] {
  // CHECK-NEXT: meld.yield{{$}}
  // CHECK-NEXT: } else {
  // CHECK-NEXT: meld.yield{{$}}
  // CHECK-NEXT: }
  meld.if %p {
    meld.yield
  } else {
    meld.yield
  }
  return
}

// CHECK-LABEL: func.func @while_loop(
// CHECK-SAME: %[[X:[^:]+]]: tensor<4xf32>, %[[I:[^:]+]]: tensor<i32>, %[[N:[^:]+]]: tensor<i32>
func.func @while_loop(%x0: tensor<4xf32>, %i0: tensor<i32>, %n: tensor<i32>)
    -> (tensor<4xf32>, tensor<i32>) {
  // CHECK: %[[W:.+]]:2 = meld.while(%[[X]], %[[I]] : tensor<4xf32>, tensor<i32>) cond {
  // CHECK-NEXT: ^bb0(%[[CX:.+]]: tensor<4xf32>, %[[CI:.+]]: tensor<i32>):
  // CHECK-NEXT: %[[C:.+]] = meld.compare lt, %[[CI]], %[[N]] : tensor<i32>
  // CHECK-NEXT: meld.yield %[[C]] : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: ^bb0(%[[BX:.+]]: tensor<4xf32>, %[[BI:.+]]: tensor<i32>):
  // CHECK-NEXT: %[[Y:.+]] = meld.add %[[BX]], %[[BX]] : tensor<4xf32>
  // CHECK-NEXT: meld.yield %[[Y]], %[[BI]] : tensor<4xf32>, tensor<i32>
  // CHECK-NEXT: }
  %r:2 = meld.while (%x0, %i0 : tensor<4xf32>, tensor<i32>) cond {
  ^bb0(%x: tensor<4xf32>, %i: tensor<i32>):
    %c = meld.compare lt, %i, %n : tensor<i32>
    meld.yield %c : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>, %i: tensor<i32>):
    %y = meld.add %x, %x : tensor<4xf32>
    meld.yield %y, %i : tensor<4xf32>, tensor<i32>
  }
  // CHECK: return %[[W]]#0, %[[W]]#1
  return %r#0, %r#1 : tensor<4xf32>, tensor<i32>
}

// Three loop-carried values of different element types and a dynamic shape.
// CHECK-LABEL: func.func @while_three(
func.func @while_three(%a: tensor<?xf64>, %b: tensor<i64>, %c: tensor<2xi1>)
    -> (tensor<?xf64>, tensor<i64>, tensor<2xi1>) {
  // CHECK: %[[W:.+]]:3 = meld.while(%{{.+}}, %{{.+}}, %{{.+}} : tensor<?xf64>, tensor<i64>, tensor<2xi1>) cond {
  // CHECK: ^bb0(%{{.+}}: tensor<?xf64>, %{{.+}}: tensor<i64>, %{{.+}}: tensor<2xi1>):
  // CHECK: } do {
  // CHECK: ^bb0(%{{.+}}: tensor<?xf64>, %{{.+}}: tensor<i64>, %{{.+}}: tensor<2xi1>):
  // CHECK: meld.yield %{{.+}}, %{{.+}}, %{{.+}} : tensor<?xf64>, tensor<i64>, tensor<2xi1>
  %r:3 = meld.while (%a, %b, %c : tensor<?xf64>, tensor<i64>, tensor<2xi1>) cond {
  ^bb0(%x: tensor<?xf64>, %i: tensor<i64>, %m: tensor<2xi1>):
    %zero = meld.constant dense<0> : tensor<i64>
    %p = meld.compare gt, %i, %zero : tensor<i64>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<?xf64>, %i: tensor<i64>, %m: tensor<2xi1>):
    %one = meld.constant dense<1> : tensor<i64>
    %j = meld.sub %i, %one : tensor<i64>
    meld.yield %x, %j, %m : tensor<?xf64>, tensor<i64>, tensor<2xi1>
  }
  // CHECK: return %[[W]]#0, %[[W]]#1, %[[W]]#2
  return %r#0, %r#1, %r#2 : tensor<?xf64>, tensor<i64>, tensor<2xi1>
}

// A loop without loop-carried values.
// CHECK-LABEL: func.func @while_no_values(
func.func @while_no_values(%p: tensor<i1>) {
  // CHECK: meld.while() cond {
  // CHECK-NEXT: meld.yield %{{.+}} : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: meld.yield{{$}}
  // CHECK-NEXT: }
  meld.while () cond {
    meld.yield %p : tensor<i1>
  } do {
    meld.yield
  }
  return
}

// An if nested in a while body.
// CHECK-LABEL: func.func @nested(
func.func @nested(%x0: tensor<3xi32>, %p: tensor<i1>) -> tensor<3xi32> {
  // CHECK: meld.while
  // CHECK: } do {
  // CHECK: meld.if %{{.+}} -> (tensor<3xi32>) {
  // CHECK: } else {
  // CHECK: }
  // CHECK: meld.yield %{{.+}} : tensor<3xi32>
  %r = meld.while (%x0 : tensor<3xi32>) cond {
  ^bb0(%x: tensor<3xi32>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<3xi32>):
    %y = meld.if %p -> (tensor<3xi32>) {
      meld.yield %x : tensor<3xi32>
    } else {
      %n = meld.neg %x : tensor<3xi32>
      meld.yield %n : tensor<3xi32>
    }
    meld.yield %y : tensor<3xi32>
  }
  return %r : tensor<3xi32>
}

// Discardable attributes go in the attr-dict of every custom form.
// CHECK-LABEL: func.func @attributes(
func.func @attributes(%a: tensor<2xf32>, %p: tensor<i1>) -> tensor<2xf32> {
  // CHECK: meld.add %{{.+}}, %{{.+}} {tag = "x"} : tensor<2xf32>
  %0 = meld.add %a, %a {tag = "x"} : tensor<2xf32>
  // CHECK: meld.reduce sum %{{.+}} dims = [0] keep_dims {tag = 1 : i64} : tensor<2xf32> -> tensor<1xf32>
  %1 = meld.reduce sum %0 dims = [0] keep_dims {tag = 1} : tensor<2xf32> -> tensor<1xf32>
  // CHECK: meld.if %{{.+}} -> (tensor<2xf32>) {
  // CHECK: } {tag}
  %2 = meld.if %p -> (tensor<2xf32>) {
    meld.yield %0 : tensor<2xf32>
  } else {
    meld.yield %a : tensor<2xf32>
  } {tag}
  return %2 : tensor<2xf32>
}

//===----------------------------------------------------------------------===//
// Fusion groups
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @kernels(
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x64xf32>, %[[B:[^:]+]]: tensor<64xf32>, %[[W:[^:]+]]: tensor<64x32xf32>, %[[N:[^:]+]]: index, %[[D:[^:]+]]: tensor<?xf32>
func.func @kernels(%x: tensor<8x64xf32>, %b: tensor<64xf32>, %w: tensor<64x32xf32>,
                   %n: index, %d: tensor<?xf32>)
    -> (tensor<8x64xf32>, tensor<8xf32>, tensor<8x32xf32>, tensor<?xf32>, tensor<8x64xf32>) {
  // CHECK: %[[P:.+]] = meld.kernel pointwise(%[[X]], %[[B]]) : (tensor<8x64xf32>, tensor<64xf32>) -> tensor<8x64xf32> {
  // CHECK-NEXT: ^bb0(%[[A:.+]]: tensor<8x64xf32>, %[[C:.+]]: tensor<64xf32>):
  // CHECK-NEXT: %[[BB:.+]] = meld.broadcast_in_dim %[[C]], dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
  // CHECK-NEXT: %[[S:.+]] = meld.add %[[A]], %[[BB]] : tensor<8x64xf32>
  // CHECK-NEXT: meld.yield %[[S]] : tensor<8x64xf32>
  // CHECK-NEXT: }
  %y = meld.kernel pointwise (%x, %b) : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>) {
  ^bb0(%a: tensor<8x64xf32>, %c: tensor<64xf32>):
    %bb = meld.broadcast_in_dim %c, dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
    %s = meld.add %a, %bb : tensor<8x64xf32>
    meld.yield %s : tensor<8x64xf32>
  }
  // CHECK: %[[R:.+]] = meld.kernel reduction(%[[X]]) : (tensor<8x64xf32>) -> tensor<8xf32> {
  // CHECK: meld.reduce sum
  %r = meld.kernel reduction (%x) : (tensor<8x64xf32>) -> (tensor<8xf32>) {
  ^bb0(%a: tensor<8x64xf32>):
    %s = meld.reduce sum %a dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
    meld.yield %s : tensor<8xf32>
  }
  // CHECK: %[[G:.+]] = meld.kernel gemm(%[[X]], %[[W]]) : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32> {
  // CHECK: meld.matmul
  // CHECK: meld.relu
  %g = meld.kernel gemm (%x, %w) : (tensor<8x64xf32>, tensor<64x32xf32>) -> (tensor<8x32xf32>) {
  ^bb0(%a: tensor<8x64xf32>, %c: tensor<64x32xf32>):
    %m = meld.matmul %a, %c : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
    %t = meld.relu %m : tensor<8x32xf32>
    meld.yield %t : tensor<8x32xf32>
  }
  // Index inputs carry dynamic sizes into the group.
  // CHECK: %[[H:.+]]:2 = meld.kernel horizontal(%[[X]], %[[D]], %[[N]]) : (tensor<8x64xf32>, tensor<?xf32>, index) -> (tensor<8x64xf32>, tensor<?xf32>) {
  // CHECK-NEXT: ^bb0(%[[HA:.+]]: tensor<8x64xf32>, %[[HE:.+]]: tensor<?xf32>, %[[HM:.+]]: index):
  // CHECK-NEXT: %[[K0:.+]] = meld.kernel pointwise(%[[HA]]) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
  // CHECK: %[[K1:.+]] = meld.kernel pointwise(%[[HE]], %[[HM]]) : (tensor<?xf32>, index) -> tensor<?xf32> {
  // CHECK: arith.muli
  // CHECK: meld.iota dim = 0 sizes(
  // CHECK: meld.yield %[[K0]], %[[K1]] : tensor<8x64xf32>, tensor<?xf32>
  %h:2 = meld.kernel horizontal (%x, %d, %n) : (tensor<8x64xf32>, tensor<?xf32>, index) -> (tensor<8x64xf32>, tensor<?xf32>) {
  ^bb0(%a: tensor<8x64xf32>, %e: tensor<?xf32>, %m: index):
    %p = meld.kernel pointwise (%a) : (tensor<8x64xf32>) -> (tensor<8x64xf32>) {
    ^bb0(%z: tensor<8x64xf32>):
      %q = meld.exp %z : tensor<8x64xf32>
      meld.yield %q : tensor<8x64xf32>
    }
    %o = meld.kernel pointwise (%e, %m) : (tensor<?xf32>, index) -> (tensor<?xf32>) {
    ^bb0(%z: tensor<?xf32>, %k: index):
      %c2 = arith.constant 2 : index
      %kk = arith.muli %k, %c2 : index
      %i = meld.iota dim = 0 sizes(%kk) : tensor<?xf32>
      %sl = meld.neg %z : tensor<?xf32>
      meld.yield %sl : tensor<?xf32>
    }
    meld.yield %p, %o : tensor<8x64xf32>, tensor<?xf32>
  }
  // No inputs, no results.
  // CHECK: meld.kernel pointwise() : () -> () {
  // CHECK-NEXT: meld.yield{{$}}
  meld.kernel pointwise () : () -> () {
    meld.yield
  }
  // Attributes print after the `attributes` keyword.
  // CHECK: %[[E:.+]] = meld.kernel pointwise(%[[X]]) : (tensor<8x64xf32>) -> tensor<8x64xf32> attributes {tag = 1 : i64} {
  %e = meld.kernel pointwise (%x) : (tensor<8x64xf32>) -> (tensor<8x64xf32>) attributes {tag = 1} {
  ^bb0(%a: tensor<8x64xf32>):
    meld.yield %a : tensor<8x64xf32>
  }
  // CHECK: return %[[P]], %[[R]], %[[G]], %[[H]]#1, %[[E]]
  return %y, %r, %g, %h#1, %e : tensor<8x64xf32>, tensor<8xf32>, tensor<8x32xf32>, tensor<?xf32>, tensor<8x64xf32>
}

// CHECK-LABEL: func.func @convolutions(
func.func @convolutions(%x: tensor<?x16x32x32xf32>, %w: tensor<32x16x3x3xf32>,
                        %d: tensor<16x1x3x3xf32>, %s: tensor<2x4x20xf64>,
                        %k: tensor<6x4x3xf64>, %l: tensor<?x8x?xf32>,
                        %m: tensor<16x8x4xf32>)
    -> (tensor<?x32x16x16xf32>, tensor<?x16x32x32xf32>, tensor<2x6x20xf64>,
        tensor<?x16x?xf32>) {
  // CHECK: meld.conv %{{.+}}, %{{.+}} strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x16x32x32xf32>, tensor<32x16x3x3xf32>) -> tensor<?x32x16x16xf32>
  %a = meld.conv %x, %w strides = [2, 2] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<?x16x32x32xf32>, tensor<32x16x3x3xf32>) -> tensor<?x32x16x16xf32>
  // CHECK: groups = 16
  %b = meld.conv %x, %d strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 16 : (tensor<?x16x32x32xf32>, tensor<16x1x3x3xf32>) -> tensor<?x16x32x32xf32>
  // CHECK: meld.conv %{{.+}}, %{{.+}} strides = [2] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<?x8x?xf32>, tensor<16x8x4xf32>) -> tensor<?x16x?xf32>
  %e = meld.conv %l, %m strides = [2] dilations = [1] padding_low = [0] padding_high = [0] groups = 1 : (tensor<?x8x?xf32>, tensor<16x8x4xf32>) -> tensor<?x16x?xf32>
  // CHECK: dilations = [2] padding_low = [3] padding_high = [1]
  %c = meld.conv %s, %k strides = [1] dilations = [2] padding_low = [3] padding_high = [1] groups = 1 : (tensor<2x4x20xf64>, tensor<6x4x3xf64>) -> tensor<2x6x20xf64>
  return %a, %b, %c, %e : tensor<?x32x16x16xf32>, tensor<?x16x32x32xf32>, tensor<2x6x20xf64>, tensor<?x16x?xf32>
}

// CHECK-LABEL: func.func @grouped_matmuls(
func.func @grouped_matmuls(%x: tensor<?x64xbf16>, %w: tensor<4x128x64xbf16>, %o: tensor<4xi32>,
                           %dy: tensor<?x128xbf16>) -> (tensor<?x128xf32>, tensor<4x64x128xbf16>) {
  // CHECK: meld.grouped_matmul %{{.+}}, %{{.+}}, %{{.+}} transpose_rhs : (tensor<?x64xbf16>, tensor<4x128x64xbf16>, tensor<4xi32>) -> tensor<?x128xf32>
  %y = meld.grouped_matmul %x, %w, %o transpose_rhs : (tensor<?x64xbf16>, tensor<4x128x64xbf16>, tensor<4xi32>) -> tensor<?x128xf32>
  // CHECK: meld.grouped_matmul %{{.+}}, %{{.+}}, %{{.+}} transpose_lhs : (tensor<?x64xbf16>, tensor<?x128xbf16>, tensor<4xi32>) -> tensor<4x64x128xbf16>
  %dw = meld.grouped_matmul %x, %dy, %o transpose_lhs : (tensor<?x64xbf16>, tensor<?x128xbf16>, tensor<4xi32>) -> tensor<4x64x128xbf16>
  return %y, %dw : tensor<?x128xf32>, tensor<4x64x128xbf16>
}

// CHECK-LABEL: func.func @scatters(
func.func @scatters(%t: tensor<100x64xf32>, %i: tensor<8x64xi64>, %u: tensor<8x64xf32>,
                    %d: tensor<?x8xi32>, %j: tensor<?x3xi32>, %v: tensor<?x3xi32>)
    -> (tensor<100x64xf32>, tensor<?x8xi32>) {
  // CHECK: meld.scatter %{{.+}}, %{{.+}}, %{{.+}} axis = 0 reduction = "add" : (tensor<100x64xf32>, tensor<8x64xi64>, tensor<8x64xf32>) -> tensor<100x64xf32>
  %a = meld.scatter %t, %i, %u axis = 0 reduction = "add" : (tensor<100x64xf32>, tensor<8x64xi64>, tensor<8x64xf32>) -> tensor<100x64xf32>
  // CHECK: axis = 1 reduction = "none"
  %b = meld.scatter %d, %j, %v axis = 1 reduction = "none" : (tensor<?x8xi32>, tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x8xi32>
  return %a, %b : tensor<100x64xf32>, tensor<?x8xi32>
}

// CHECK-LABEL: func @cumulative
// CHECK: meld.cumulative sum %{{.*}} axis = 1 : tensor<8x50257xf32>
// CHECK: meld.cumulative prod %{{.*}} axis = 0 : tensor<?xi64>
func.func @cumulative(%p: tensor<8x50257xf32>, %n: tensor<?xi64>) -> (tensor<8x50257xf32>, tensor<?xi64>) {
  %a = meld.cumulative sum %p axis = 1 : tensor<8x50257xf32>
  %b = meld.cumulative prod %n axis = 0 : tensor<?xi64>
  return %a, %b : tensor<8x50257xf32>, tensor<?xi64>
}

// CHECK-LABEL: func @argsort
// CHECK: meld.argsort %{{.*}} axis = 1 descending : (tensor<8x64xf32>) -> tensor<8x64xi64>
// CHECK: meld.argsort %{{.*}} axis = 0 : (tensor<?xi32>) -> tensor<?xi64>
func.func @argsort(%x: tensor<8x64xf32>, %ids: tensor<?xi32>) -> (tensor<8x64xi64>, tensor<?xi64>) {
  %a = meld.argsort %x axis = 1 descending : (tensor<8x64xf32>) -> tensor<8x64xi64>
  %b = meld.argsort %ids axis = 0 : (tensor<?xi32>) -> tensor<?xi64>
  return %a, %b : tensor<8x64xi64>, tensor<?xi64>
}
