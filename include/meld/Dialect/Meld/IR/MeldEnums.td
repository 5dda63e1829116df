//===- MeldEnums.td - Meld dialect enumerations ------------*- tablegen -*-===//
//
// Enumerations used as attributes by meld ops. They are plain integer enum
// attributes so that they print as bare keywords (`meld.compare lt, ...`).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_IR_MELDENUMS_TD
#define MELD_DIALECT_MELD_IR_MELDENUMS_TD

include "mlir/IR/EnumAttr.td"

def Meld_CompareDirection : I32EnumAttr<"CompareDirection",
    "comparison direction", [
      I32EnumAttrCase<"eq", 0>,
      I32EnumAttrCase<"ne", 1>,
      I32EnumAttrCase<"lt", 2>,
      I32EnumAttrCase<"le", 3>,
      I32EnumAttrCase<"gt", 4>,
      I32EnumAttrCase<"ge", 5>
    ]> {
  let cppNamespace = "::meld";
}

def Meld_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind", [
      I32EnumAttrCase<"sum", 0>,
      I32EnumAttrCase<"prod", 1>,
      I32EnumAttrCase<"max", 2>,
      I32EnumAttrCase<"min", 3>,
      I32EnumAttrCase<"mean", 4>,
      I32EnumAttrCase<"argmax", 5>,
      I32EnumAttrCase<"argmin", 6>,
      // (meld.cumulative only: the running log-sum-exp)
      I32EnumAttrCase<"logsumexp", 7>
    ]> {
  let cppNamespace = "::meld";
}

def Meld_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "GELU formulation", [
      I32EnumAttrCase<"erf", 0>,
      I32EnumAttrCase<"tanh", 1>
    ]> {
  let cppNamespace = "::meld";
}

def Meld_FusionKind : I32EnumAttr<"FusionKind", "fusion group kind", [
      I32EnumAttrCase<"pointwise", 0>,
      I32EnumAttrCase<"reduction", 1>,
      I32EnumAttrCase<"gemm", 2>,
      I32EnumAttrCase<"horizontal", 3>
    ]> {
  let cppNamespace = "::meld";
}

#endif // MELD_DIALECT_MELD_IR_MELDENUMS_TD
