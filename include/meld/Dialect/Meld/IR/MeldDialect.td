//===- MeldDialect.td - Meld dialect definition ------------*- tablegen -*-===//
//
// The `meld` dialect: value-semantics tensor programs with structured control
// flow, the input of Meld's fusion passes and code generators.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_IR_MELDDIALECT_TD
#define MELD_DIALECT_MELD_IR_MELDDIALECT_TD

include "mlir/IR/OpBase.td"

def Meld_Dialect : Dialect {
  let name = "meld";
  let summary = "Tensor programs for Meld's kernel-fusion compiler";
  let description = [{
    The `meld` dialect describes tensor programs with value semantics: every op
    takes ranked tensors and produces new ranked tensors, and nothing aliases.
    Programs are `func.func` operations in a `builtin.module`.

    **Element types.** `f64`, `f32`, `f16`, `bf16`, `i64`, `i32`, `i8` and
    `i1`. Integers are signless in the IR and interpreted as two's-complement
    signed values; `i1` holds 0 (false) or 1 (true).

    **Shapes.** Tensors are ranked; any dimension may be dynamic (`?`). Ops
    that create a shape (`meld.broadcast_in_dim`, `meld.reshape`, `meld.iota`)
    take one `index` operand per dynamic result dimension, which `meld.dim`
    (or `arith` index arithmetic on it) provides.

    **Broadcasting is explicit.** Elementwise ops require all tensor operands
    and the result to have exactly the same type. A program that wants numpy-
    style broadcasting writes `meld.broadcast_in_dim`, which makes the
    expansion visible to the verifier, the fusion passes and the cost model.

    **Reference semantics.** The reference interpreter (`meld-run`) defines
    what every op computes; docs/dialect.md states the numerical rules.
  }];
  let cppNamespace = "::meld";
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let hasConstantMaterializer = 1;
}

#endif // MELD_DIALECT_MELD_IR_MELDDIALECT_TD
