// RUN: meld-opt %s '--meld-convert-to-linalg=division-checks=true' | FileCheck %s
// RUN: meld-opt %s --meld-convert-to-linalg | FileCheck %s --check-prefix=UNCHECKED

// The lowerings of meld-convert-to-linalg that define what compiled code
// does where arith alone would be undefined or read out of bounds.

// A gather is a generic over the result reading the index tensor at the
// result dims it occupies: the index is widened to i64, made non-negative
// (index + size), checked (unsigned: still negative is out of bounds too)
// and only then read from the operand, inside an scf.if, so an index out
// of bounds reads nothing. Result sizes come from the indices' and the
// operand's dims.
// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[T:[^:]+]]: tensor<?x64xf32>, %[[IDS:[^:]+]]: tensor<?x?xi32>
// CHECK-DAG:     %[[B:.*]] = tensor.dim %[[IDS]], %c0
// CHECK-DAG:     %[[S:.*]] = tensor.dim %[[IDS]], %c1
// CHECK:         %[[INIT:.*]] = tensor.empty(%[[B]], %[[S]]) : tensor<?x?x64xf32>
// CHECK:         %[[ROWS:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x64xf32>
// CHECK:         %[[SIZE:.*]] = arith.index_cast %[[ROWS]] : index to i64
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME:      ins(%[[IDS]] : tensor<?x?xi32>) outs(%[[INIT]] : tensor<?x?x64xf32>)
// CHECK:         ^bb0(%[[I:.*]]: i32, %{{.*}}: f32):
// CHECK:           %[[I64:.*]] = arith.extsi %[[I]] : i32 to i64
// CHECK:           %[[NEG:.*]] = arith.cmpi slt, %[[I64]], %{{.*}} : i64
// CHECK:           %[[UP:.*]] = arith.addi %[[I64]], %[[SIZE]] : i64
// CHECK:           %[[J:.*]] = arith.select %[[NEG]], %[[UP]], %[[I64]] : i64
// CHECK:           %[[OK:.*]] = arith.cmpi ult, %[[J]], %[[SIZE]] : i64
// CHECK:           cf.assert %[[OK]], "gather index out of bounds"
// CHECK:           %[[ROW:.*]] = arith.index_cast %[[J]] : i64 to index
// CHECK:           %[[COL:.*]] = linalg.index 2 : index
// CHECK:           %[[V:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK:             %[[E:.*]] = tensor.extract %[[T]][%[[ROW]], %[[COL]]] : tensor<?x64xf32>
// CHECK:             scf.yield %[[E]] : f32
// CHECK:           } else {
// CHECK:             scf.yield %{{.*}} : f32
// CHECK:           linalg.yield %[[V]] : f32
// UNCHECKED-LABEL: func.func @gather(
// UNCHECKED-NOT:   cf.assert
// UNCHECKED:       scf.if
func.func @gather(%t: tensor<?x64xf32>, %ids: tensor<?x?xi32>) -> tensor<?x?x64xf32> attributes {meld.kernel = "pointwise"} {
  %e = meld.gather %t, %ids axis = 0 : (tensor<?x64xf32>, tensor<?x?xi32>) -> tensor<?x?x64xf32>
  return %e : tensor<?x?x64xf32>
}

// A dynamic dimension kept whole takes its size from the operand.
// CHECK-LABEL: func.func @window(
// CHECK-SAME:    %[[X:[^:]+]]: tensor<?x3x8x8xf32>
// CHECK:         %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x8x8xf32>
// CHECK:         tensor.extract_slice %[[X]][0, 0, 1, 1] [%[[N]], 3, 4, 4] [1, 1, 2, 2] : tensor<?x3x8x8xf32> to tensor<?x3x4x4xf32>
func.func @window(%x: tensor<?x3x8x8xf32>) -> tensor<?x3x4x4xf32> attributes {meld.kernel = "pointwise"} {
  %w = meld.slice %x start = [0, 0, 1, 1] limit = [-1, 3, 8, 8] strides = [1, 1, 2, 2] : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
  return %w : tensor<?x3x4x4xf32>
}

// Shifts are poison in arith from the bit width on; an amount outside
// [0, 8) (unsigned compare: negative too) shifts in 0 from a safe amount
// to the left, and becomes 7, the sign fill, to the right.
// CHECK-LABEL: func.func @shifts(
// CHECK:         ^bb0(%[[X:.*]]: i8, %[[N:.*]]: i8, %{{.*}}: i8):
// CHECK:           %[[IN:.*]] = arith.cmpi ult, %[[N]], %c8_i8 : i8
// CHECK:           %[[SAFE:.*]] = arith.select %[[IN]], %[[N]], %c0_i8 : i8
// CHECK:           %[[L:.*]] = arith.shli %[[X]], %[[SAFE]] : i8
// CHECK:           %[[R:.*]] = arith.select %[[IN]], %[[L]], %c0_i8 : i8
// CHECK:           linalg.yield %[[R]] : i8
// CHECK:         ^bb0(%[[X2:.*]]: i8, %[[N2:.*]]: i8, %{{.*}}: i8):
// CHECK:           %[[IN2:.*]] = arith.cmpi ult, %[[N2]], %c8_i8 : i8
// CHECK:           %[[AMT:.*]] = arith.select %[[IN2]], %[[N2]], %c7_i8 : i8
// CHECK:           %[[R2:.*]] = arith.shrsi %[[X2]], %[[AMT]] : i8
// CHECK:           linalg.yield %[[R2]] : i8
func.func @shifts(%x: tensor<4xi8>, %n: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>) attributes {meld.kernel = "pointwise"} {
  %l = meld.shift_left %x, %n : tensor<4xi8>
  %r = meld.shift_right %x, %n : tensor<4xi8>
  return %l, %r : tensor<4xi8>, tensor<4xi8>
}

// An integer remainder checks its divisor like a division and divides by
// 1 where x % 0 or MIN % -1 would trap (both give 0); a float remainder is
// arith.remf (fmod) in f32 for halves, exact; round is roundeven; not on
// i1 is xor with true.
// CHECK-LABEL: func.func @rem_round_not(
// CHECK:         ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[Z:.*]] = arith.cmpi eq, %[[B]], %{{.*}} : i32
// CHECK:           %[[NZ:.*]] = arith.cmpi ne, %[[B]], %{{.*}} : i32
// CHECK:           cf.assert %[[NZ]], "integer division by zero"
// CHECK:           %[[UNSAFE:.*]] = arith.ori %[[Z]], %{{.*}} : i1
// CHECK:           %[[D:.*]] = arith.select %[[UNSAFE]], %{{.*}}, %[[B]] : i32
// CHECK:           arith.remsi %[[A]], %[[D]] : i32
// CHECK:         arith.remf %{{.*}}, %{{.*}} : f32
// CHECK:         math.roundeven %{{.*}} : f32
// CHECK:         arith.xori %{{.*}}, %true : i1
func.func @rem_round_not(%a: tensor<4xi32>, %b: tensor<4xi32>, %x: tensor<4xf16>, %p: tensor<4xi1>) -> (tensor<4xi32>, tensor<4xf16>, tensor<4xf16>, tensor<4xi1>) attributes {meld.kernel = "pointwise"} {
  %r = meld.rem %a, %b : tensor<4xi32>
  %f = meld.rem %x, %x : tensor<4xf16>
  %o = meld.round %x : tensor<4xf16>
  %n = meld.not %p : tensor<4xi1>
  return %r, %f, %o, %n : tensor<4xi32>, tensor<4xf16>, tensor<4xf16>, tensor<4xi1>
}
