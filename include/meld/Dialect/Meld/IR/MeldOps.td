//===- MeldOps.td - Meld dialect operations ----------------*- tablegen -*-===//
//
// The operations of the `meld` dialect. Every op works on ranked tensors with
// value semantics; broadcasting is explicit (`meld.broadcast_in_dim`).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_IR_MELDOPS_TD
#define MELD_DIALECT_MELD_IR_MELDOPS_TD

include "meld/Dialect/Meld/IR/MeldDialect.td"
include "meld/Dialect/Meld/IR/MeldEnums.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Meld_Tensor : RankedTensorOf<[F64, F32, F16, BF16, I64, I32, I8, I1]>;
def Meld_NumericTensor : RankedTensorOf<[F64, F32, F16, BF16, I64, I32, I8]>;
def Meld_FloatTensor : RankedTensorOf<[F64, F32, F16, BF16]>;
def Meld_BoolTensor : RankedTensorOf<[I1]>;
/// Integers and booleans: the operands of the bitwise ops.
def Meld_IntTensor : RankedTensorOf<[I64, I32, I8, I1]>;
/// Integers without i1: the operands of the shifts.
def Meld_SignedIntTensor : RankedTensorOf<[I64, I32, I8]>;
/// The element types an index tensor (meld.gather) may have.
def Meld_IndexTensor : RankedTensorOf<[I64, I32]>;
def Meld_PredTensor : 0DTensorOf<[I1]>,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getI1Type())">;

//===----------------------------------------------------------------------===//
// Base classes
//===----------------------------------------------------------------------===//

class Meld_Op<string mnemonic, list<Trait> traits = []> :
    Op<Meld_Dialect, mnemonic, traits>;

/// Operands and results have exactly the same type: unlike
/// SameOperandsAndResultType, a static and a dynamic size do not match.
def Meld_SameExactType : NativeOpTrait<"SameExactOperandsAndResultType"> {
  let cppNamespace = "::meld::trait";
}

class Meld_UnaryOp<string mnemonic, TypeConstraint tensorType,
                   string formula, list<Trait> traits = []> :
    Meld_Op<mnemonic, !listconcat(traits,
        [Pure, Elementwise, SameOperandsAndResultType, Meld_SameExactType])> {
  let summary = "elementwise " # mnemonic;
  let description = [{
    Applies `}] # formula # [{` to every element. The operand and the result
    have the same type.

    ```mlir
    %y = meld.}] # mnemonic # [{ %x : tensor<4x?xf32>
    ```
  }];
  let arguments = (ins tensorType:$operand);
  let results = (outs tensorType:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
  let hasFolder = 1;
}

class Meld_BinaryOp<string mnemonic, TypeConstraint tensorType,
                    string formula, list<Trait> traits = []> :
    Meld_Op<mnemonic, !listconcat(traits,
        [Pure, Elementwise, SameOperandsAndResultType, Meld_SameExactType])> {
  let summary = "elementwise " # mnemonic;
  let description = [{
    Computes `}] # formula # [{` element by element. Both operands and the
    result have exactly the same type: broadcasting is written explicitly with
    `meld.broadcast_in_dim`.

    ```mlir
    %z = meld.}] # mnemonic # [{ %x, %y : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins tensorType:$lhs, tensorType:$rhs);
  let results = (outs tensorType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

def Meld_AddOp : Meld_BinaryOp<"add", Meld_NumericTensor, "lhs + rhs",
                               [Commutative]>;
def Meld_SubOp : Meld_BinaryOp<"sub", Meld_NumericTensor, "lhs - rhs">;
def Meld_MulOp : Meld_BinaryOp<"mul", Meld_NumericTensor, "lhs * rhs",
                               [Commutative]>;
def Meld_DivOp : Meld_BinaryOp<"div", Meld_NumericTensor,
    "lhs / rhs (integers: truncating; division by zero is an error)">;
def Meld_MaxOp : Meld_BinaryOp<"max", Meld_NumericTensor,
    "max(lhs, rhs) (NaN if either is NaN)", [Commutative]>;
def Meld_MinOp : Meld_BinaryOp<"min", Meld_NumericTensor,
    "min(lhs, rhs) (NaN if either is NaN)", [Commutative]>;
def Meld_PowOp : Meld_BinaryOp<"pow", Meld_FloatTensor, "lhs ^ rhs">;

def Meld_RemOp : Meld_BinaryOp<"rem", Meld_NumericTensor,
    "remainder of lhs / rhs with the sign of lhs"> {
  let description = [{
    The remainder of the division truncated toward zero, `lhs - trunc(lhs /
    rhs) * rhs`, which has the sign of `lhs` (or is zero): C's `fmod` and
    `%`, `torch.fmod`, `numpy.fmod`, ONNX `Mod` with `fmod = 1`. It is not
    Python's `%` (`torch.remainder`), whose result has the sign of `rhs`.

    - Floats: exactly `fmod(lhs, rhs)`; the result is always representable,
      so nothing is rounded. `rem(x, 0)`, `rem(inf, y)` and NaN operands
      give NaN; `rem(x, inf)` is `x` for finite `x`.
    - Integers: `rem(x, 0)` is a run-time error, like `meld.div`;
      `rem(MIN, -1)` is 0.

    Both operands and the result have exactly the same type.

    ```mlir
    %r = meld.rem %x, %y : tensor<4x8xf32>
    %i = meld.rem %a, %b : tensor<16xi32>
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Bitwise ops
//===----------------------------------------------------------------------===//

def Meld_AndOp : Meld_BinaryOp<"and", Meld_IntTensor,
    "lhs & rhs (bitwise; logical and on i1)", [Commutative]>;
def Meld_OrOp : Meld_BinaryOp<"or", Meld_IntTensor,
    "lhs | rhs (bitwise; logical or on i1)", [Commutative]>;
def Meld_XorOp : Meld_BinaryOp<"xor", Meld_IntTensor,
    "lhs ^ rhs (bitwise exclusive or; logical xor on i1)", [Commutative]>;

class Meld_ShiftOp<string mnemonic, string direction, string beyond,
                   string torchName> :
    Meld_BinaryOp<mnemonic, Meld_SignedIntTensor,
                  "lhs shifted " # direction # " by rhs bits"> {
  let description = [{
    Shifts every element of `lhs` }] # direction # [{ by the number of bits
    in the matching element of `rhs`, on `i8`, `i32` and `i64` tensors (not
    `i1`). Every shift amount is defined: an amount outside `[0, bitwidth)`,
    negative ones included, gives }] # beyond # [{, as `torch.}] #
    torchName # [{` does on the CPU.

    ```mlir
    %y = meld.}] # mnemonic # [{ %x, %n : tensor<4x8xi32>
    ```
  }];
}

def Meld_ShiftLeftOp : Meld_ShiftOp<"shift_left", "left",
    "0 (every bit is shifted out)", "bitwise_left_shift">;
def Meld_ShiftRightOp : Meld_ShiftOp<"shift_right",
    "right, arithmetically (the sign bit fills the vacated bits)",
    "the sign fill: 0 for non-negative `lhs`, -1 for negative `lhs`",
    "bitwise_right_shift">;

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

def Meld_NegOp : Meld_UnaryOp<"neg", Meld_NumericTensor, "-x">;
def Meld_AbsOp : Meld_UnaryOp<"abs", Meld_NumericTensor, "|x|">;
def Meld_ReluOp : Meld_UnaryOp<"relu", Meld_NumericTensor, "max(x, 0)">;
def Meld_ExpOp : Meld_UnaryOp<"exp", Meld_FloatTensor, "e^x">;
def Meld_LogOp : Meld_UnaryOp<"log", Meld_FloatTensor, "ln(x)">;
def Meld_TanhOp : Meld_UnaryOp<"tanh", Meld_FloatTensor, "tanh(x)">;
def Meld_SigmoidOp : Meld_UnaryOp<"sigmoid", Meld_FloatTensor,
                                  "1 / (1 + e^-x)">;
def Meld_ErfOp : Meld_UnaryOp<"erf", Meld_FloatTensor, "erf(x)">;
def Meld_SiluOp : Meld_UnaryOp<"silu", Meld_FloatTensor, "x * sigmoid(x)">;
def Meld_SqrtOp : Meld_UnaryOp<"sqrt", Meld_FloatTensor, "sqrt(x)">;
def Meld_RsqrtOp : Meld_UnaryOp<"rsqrt", Meld_FloatTensor, "1 / sqrt(x)">;
def Meld_SinOp : Meld_UnaryOp<"sin", Meld_FloatTensor, "sin(x)">;
def Meld_CosOp : Meld_UnaryOp<"cos", Meld_FloatTensor, "cos(x)">;
def Meld_FloorOp : Meld_UnaryOp<"floor", Meld_FloatTensor,
    "floor(x) (the largest integer not above x)">;
def Meld_CeilOp : Meld_UnaryOp<"ceil", Meld_FloatTensor,
    "ceil(x) (the smallest integer not below x)">;

def Meld_RoundOp : Meld_UnaryOp<"round", Meld_FloatTensor,
    "round(x), ties to even"> {
  let description = [{
    Rounds every element to the nearest integer; a value exactly halfway
    between two integers goes to the even one (`round(0.5) = 0`,
    `round(1.5) = 2`, `round(-2.5) = -2`), as `numpy.round`, `torch.round`
    and ONNX `Round` do. It is not C's `round`, which rounds halves away
    from zero. Signed zeros, infinities and NaN are kept.

    ```mlir
    %y = meld.round %x : tensor<4x?xf32>
    ```
  }];
}

def Meld_NotOp : Meld_UnaryOp<"not", Meld_IntTensor,
    "~x (bitwise complement; logical not on i1)">;

def Meld_GeluOp : Meld_Op<"gelu",
    [Pure, Elementwise, SameOperandsAndResultType, Meld_SameExactType]> {
  let summary = "elementwise GELU";
  let description = [{
    The Gaussian error linear unit. `approximate = erf` (the default) computes
    `0.5 * x * (1 + erf(x / sqrt(2)))`; `approximate = tanh` computes
    `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))`, the form
    used by GPT-2 and by `torch.nn.functional.gelu(approximate="tanh")`.

    ```mlir
    %y = meld.gelu %x : tensor<8x64xf32>
    %z = meld.gelu %x approximate = tanh : tensor<8x64xf32>
    ```
  }];
  let arguments = (ins Meld_FloatTensor:$operand,
      DefaultValuedAttr<Meld_GeluApproximation,
                        "::meld::GeluApproximation::erf">:$approximate);
  let results = (outs Meld_FloatTensor:$result);
  let assemblyFormat = [{
    $operand (`approximate` `=` $approximate^)? attr-dict `:` type($result)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Other elementwise ops
//===----------------------------------------------------------------------===//

def Meld_CastOp : Meld_Op<"cast",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise element-type conversion";
  let description = [{
    Converts every element to the result's element type; the shapes match.
    Float to float rounds to nearest-even. Integer to float rounds to nearest.
    Float to integer rounds toward zero and saturates to the integer range;
    NaN becomes 0. Integer to integer sign-extends or truncates (wraps).
    Anything to `i1` is `x != 0`; `i1` converts to 0 or 1.

    ```mlir
    %h = meld.cast %x : tensor<4x8xf32> to tensor<4x8xf16>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_BitcastOp : Meld_Op<"bitcast",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise reinterpretation of an element's bits";
  let description = [{
    Reads every element's bits as the result's element type, which has the
    same width: `f32` and `i32`, `f64` and `i64` (either way). Nothing is
    converted or rounded: a NaN keeps its sign and payload. Frontends read
    a float's sign bit (a negative NaN's too) or step to the next float with
    it; `meld.cast` converts values instead.

    ```mlir
    %bits = meld.bitcast %x : tensor<8xf32> to tensor<8xi32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand) `to` type($result)";
  let hasVerifier = 1;
}

def Meld_CompareOp : Meld_Op<"compare",
    [Pure, Elementwise, SameTypeOperands,
     DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "elementwise comparison";
  let description = [{
    Compares two tensors of the same type element by element and returns an
    `i1` tensor of the same shape. Integers compare as signed values, except
    `i1`, which compares as a boolean (`false < true`). Float
    comparisons are ordered: every comparison with NaN is false except `ne`,
    which is true.

    ```mlir
    %m = meld.compare lt, %x, %y : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Meld_CompareDirection:$direction,
                       Meld_Tensor:$lhs, Meld_Tensor:$rhs);
  let results = (outs Meld_BoolTensor:$result);
  let assemblyFormat = "$direction `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
}

def Meld_FmaOp : Meld_Op<"fma",
    [Pure, Elementwise, SameOperandsAndResultType, Meld_SameExactType]> {
  let summary = "elementwise fused multiply-add";
  let description = [{
    `result[i] = a[i] * b[i] + c[i]`, rounded once (IEEE 754 fusedMultiplyAdd),
    under strict floating point too. Outside strict floating point a
    `meld.mul` feeding a `meld.add` may also become one fused multiply-add;
    `meld.fma` says so explicitly, so that a program can reproduce code
    that rounds once (PyTorch's CPU `addcmul`, `lerp` and `add` with
    `alpha` do) bit for bit. All operands and the result have exactly the
    same float type.

    ```mlir
    %r = meld.fma %a, %b, %c : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Meld_FloatTensor:$a, Meld_FloatTensor:$b,
                       Meld_FloatTensor:$c);
  let results = (outs Meld_FloatTensor:$result);
  let assemblyFormat = "$a `,` $b `,` $c attr-dict `:` type($result)";
}

def Meld_SelectOp : Meld_Op<"select",
    [Pure, Elementwise, AllTypesMatch<["on_true", "on_false", "result"]>,
     Meld_SameExactType]> {
  let summary = "elementwise choice";
  let description = [{
    `result[i] = pred[i] ? on_true[i] : on_false[i]`. The predicate is an `i1`
    tensor with the shape of the other operands (the Elementwise trait
    verifies it).

    ```mlir
    %r = meld.select %m, %x, %y : tensor<4x8xi1>, tensor<4x8xf32>
    ```
  }];
  let arguments = (ins Meld_BoolTensor:$pred, Meld_Tensor:$on_true,
                       Meld_Tensor:$on_false);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,` type($result)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Data movement and creation
//===----------------------------------------------------------------------===//

def Meld_ConstantOp : Meld_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "tensor constant";
  let description = [{
    A tensor of static shape given by a dense or splat elements attribute.

    ```mlir
    %c = meld.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %z = meld.constant dense<0.0> : tensor<4x8xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_IotaOp : Meld_Op<"iota", [Pure]> {
  let summary = "index sequence along one dimension";
  let description = [{
    `result[i0, ..., in] = i_dim`: each element holds its own index along
    `dim`. Dynamic result dimensions take their sizes from the `sizes`
    operands, one `index` per `?`, in order.

    ```mlir
    %i = meld.iota dim = 1 : tensor<4x8xi32>
    %j = meld.iota dim = 0 sizes(%n) : tensor<?xi64>
    ```
  }];
  let arguments = (ins I64Attr:$dim, Variadic<Index>:$dynamic_sizes);
  let results = (outs Meld_NumericTensor:$result);
  let assemblyFormat = [{
    `dim` `=` $dim (`sizes` `(` $dynamic_sizes^ `)`)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Meld_DimOp : Meld_Op<"dim", [Pure]> {
  let summary = "size of one tensor dimension";
  let description = [{
    Returns the size of dimension `index` of `source` as an `index`. Folds to
    a constant when the dimension is static.

    ```mlir
    %n = meld.dim %x, 0 : tensor<?x64xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$source, I64Attr:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `,` $index attr-dict `:` type($source)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_BroadcastInDimOp : Meld_Op<"broadcast_in_dim", [Pure]> {
  let summary = "explicit broadcast";
  let description = [{
    Broadcasts `operand` into the result shape. Operand dimension `i` becomes
    result dimension `dims[i]`; `dims` is strictly increasing. Each operand
    dimension has size 1 (it is expanded) or the size of its result
    dimension. Result dimensions not named in `dims` are new. Dynamic result
    dimensions take their sizes from the `sizes` operands, one `index` per `?`.

    ```mlir
    // Bias of a linear layer, broadcast over the rows.
    %b2 = meld.broadcast_in_dim %b, dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
    %b3 = meld.broadcast_in_dim %b, dims = [1] sizes(%n) : tensor<64xf32> -> tensor<?x64xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, DenseI64ArrayAttr:$dims,
                       Variadic<Index>:$dynamic_sizes);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dims (`sizes` `(` $dynamic_sizes^ `)`)? attr-dict
    `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_ReshapeOp : Meld_Op<"reshape", [Pure]> {
  let summary = "row-major reshape";
  let description = [{
    Reinterprets the elements, in row-major order, with the result shape. The
    element counts must match (checked statically when both shapes are
    static, and by the interpreter otherwise). Dynamic result dimensions take
    their sizes from the `sizes` operands, one `index` per `?`.

    ```mlir
    %r = meld.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
    %s = meld.reshape %y sizes(%n) : tensor<?x8xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, Variadic<Index>:$dynamic_sizes);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand (`sizes` `(` $dynamic_sizes^ `)`)? attr-dict
    `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_TransposeOp : Meld_Op<"transpose", [Pure]> {
  let summary = "dimension permutation";
  let description = [{
    `result` dimension `i` is `operand` dimension `perm[i]`.

    ```mlir
    %t = meld.transpose %x, perm = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    ```

    Canonicalization swaps the group matrices of a `meld.grouped_matmul`
    over the contraction that only this transpose reads: perm `[0, 2, 1]`
    of `lhs_g^T rhs_g` is `rhs_g^T lhs_g`, the same op with its operands
    exchanged (an expert layer's weight gradient, computed in the weight's
    own layout with no copy).
  }];
  let arguments = (ins Meld_Tensor:$operand, DenseI64ArrayAttr:$perm);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` `perm` `=` $perm attr-dict `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Meld_SliceOp : Meld_Op<"slice", [Pure]> {
  let summary = "strided slice with static bounds";
  let description = [{
    Takes elements `start[d], start[d] + strides[d], ...` below `limit[d]`
    along every dimension `d`. Result dimension `d` has size
    `ceil((limit[d] - start[d]) / strides[d])`. `strides` defaults to all 1.
    Bounds are checked statically for static dimensions and by the
    interpreter for dynamic ones.

    A dynamic operand dimension can be kept whole: `start = 0`,
    `limit = -1`, `stride = 1` on that dimension takes all of it, and the
    result dimension is then dynamic too. This is the only form with a
    dynamic result dimension, and `-1` is only a limit there.

    ```mlir
    %s = meld.slice %x start = [0, 2] limit = [4, 8] strides = [1, 2]
        : tensor<4x8xf32> -> tensor<4x3xf32>
    // Every image of a batch of any size, every other pixel from (1, 1).
    %w = meld.slice %img start = [0, 0, 1, 1] limit = [-1, 3, 8, 8]
        strides = [1, 1, 2, 2] : tensor<?x3x8x8xf32> -> tensor<?x3x4x4xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, DenseI64ArrayAttr:$start,
                       DenseI64ArrayAttr:$limit,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand `start` `=` $start `limit` `=` $limit (`strides` `=` $strides^)?
    attr-dict `:` type($operand) `->` type($result)
  }];
  let extraClassDeclaration = [{
    /// The limit that, with start 0 and stride 1, keeps a dynamic
    /// dimension whole.
    static constexpr int64_t kWholeDim = -1;
    /// The strides, with the default of 1 filled in.
    ::llvm::SmallVector<int64_t> getStrideValues();
    /// Whether dimension `d` is kept whole (start 0, limit -1, stride 1).
    bool isWholeDim(int64_t d);
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_ConcatOp : Meld_Op<"concat", [Pure]> {
  let summary = "concatenation along one dimension";
  let description = [{
    Joins the inputs along `dim`. All inputs have the same element type and
    rank, and agree on every other dimension.

    ```mlir
    %c = meld.concat %a, %b dim = 0
        : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<5x8xf32>
    ```
  }];
  let arguments = (ins Variadic<Meld_Tensor>:$inputs, I64Attr:$dim);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $inputs `dim` `=` $dim attr-dict `:` functional-type($inputs, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_GatherOp : Meld_Op<"gather", [Pure]> {
  let summary = "slices of one dimension picked by an index tensor";
  let description = [{
    Picks, along dimension `axis` of `operand`, the slices that `indices`
    names: `numpy.take(operand, indices, axis)`, ONNX `Gather`, and
    `torch.index_select` generalized to an index tensor of any rank. With
    `r = rank(indices)`,

    ```
    result[i_0, ..., i_(axis-1), j_0, ..., j_(r-1), k_(axis+1), ...] =
        operand[i_0, ..., i_(axis-1), indices[j_0, ..., j_(r-1)], k_(axis+1), ...]
    ```

    so the result shape is `operand.shape[:axis] + indices.shape +
    operand.shape[axis + 1:]`, with `?` exactly where those have it.
    `indices` are `i64` or `i32`. A negative index counts from the end
    (`index + size`); an index outside `[-size, size)` is a run-time error
    (compiled kernels report it like an integer division by zero and never
    read out of bounds). Any dimension may be dynamic.

    ```mlir
    // The embedding lookup of a language model: token ids to rows.
    %e = meld.gather %table, %ids axis = 0
        : (tensor<256x64xf32>, tensor<?x?xi64>) -> tensor<?x?x64xf32>
    // Columns 2, 0 and -1 (the last) of every row.
    %c = meld.gather %x, %cols axis = 1
        : (tensor<4x8xf32>, tensor<3xi32>) -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, Meld_IndexTensor:$indices,
                       I64Attr:$axis);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `axis` `=` $axis attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

def Meld_ReduceOp : Meld_Op<"reduce", [Pure]> {
  let summary = "reduction over a set of dimensions";
  let description = [{
    Reduces `operand` over the dimensions in `dims` (unique, any order) with
    `kind`:

    - `sum`, `prod`, `max`, `min`: numeric tensors; the result has the
      operand's element type. `max`/`min` propagate NaN.
    - `mean`: float tensors; `sum / count`.
    - `argmax`, `argmin`: exactly one dimension; the result is `i64` and holds
      the index of the first maximum (minimum); a NaN counts as the maximum
      (minimum) so its index is returned.

    Without `keep_dims` the reduced dimensions are removed; with it they stay
    with size 1. An empty reduced extent yields the kind's identity (0, 1,
    -inf, +inf; NaN for `mean`); `argmax`/`argmin` of an empty extent is an
    error.

    ```mlir
    %s = meld.reduce sum %x dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
    %m = meld.reduce max %x dims = [1] keep_dims : tensor<4x8xf32> -> tensor<4x1xf32>
    %i = meld.reduce argmax %x dims = [1] : tensor<4x8xf32> -> tensor<4xi64>
    ```
  }];
  let arguments = (ins Meld_ReduceKind:$kind, Meld_NumericTensor:$operand,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keep_dims);
  let results = (outs Meld_NumericTensor:$result);
  let assemblyFormat = [{
    $kind $operand `dims` `=` $dims (`keep_dims` $keep_dims^)? attr-dict
    `:` type($operand) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Meld_ContractionOp<string mnemonic, int rank> :
    Meld_Op<mnemonic, [Pure]> {
  let arguments = (ins Meld_NumericTensor:$lhs, Meld_NumericTensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Meld_NumericTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? attr-dict
    `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The rank every operand and the result must have.
    static constexpr int64_t kRank = }] # rank # [{;
  }];
}

def Meld_MatmulOp : Meld_ContractionOp<"matmul", 2> {
  let summary = "matrix product";
  let description = [{
    `result[m, n] = sum_k lhs[m, k] * rhs[k, n]`, where `transpose_lhs`
    reads `lhs` as `[k, m]` and `transpose_rhs` reads `rhs` as `[n, k]`.
    Both operands have the same element type. The result has that element
    type, or a wider accumulator type: `f32` for `f16`/`bf16` operands and
    `i32` for `i8` operands. Low-precision float operands are always
    accumulated in at least `f32` precision.

    ```mlir
    %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
    %s = meld.matmul %q, %k transpose_rhs
        : tensor<16x64xf16>, tensor<16x64xf16> -> tensor<16x16xf32>
    ```
  }];
}

def Meld_BatchMatmulOp : Meld_ContractionOp<"batch_matmul", 3> {
  let summary = "batched matrix product";
  let description = [{
    `result[b, m, n] = sum_k lhs[b, m, k] * rhs[b, k, n]`, with the batch
    dimension equal on both operands; the transpose flags and element-type
    rules are those of `meld.matmul` and apply to the last two dimensions.

    ```mlir
    %y = meld.batch_matmul %a, %b
        : tensor<4x8x16xf32>, tensor<4x16x32xf32> -> tensor<4x8x32xf32>
    ```
  }];
}

def Meld_GroupedMatmulOp : Meld_Op<"grouped_matmul", [Pure]> {
  let summary = "matrix products over groups of rows, or of the contraction, "
                "that offsets delimit";
  let description = [{
    Mixture-of-experts layers: `torch._grouped_mm` and
    `torch.nn.functional.grouped_mm` with offsets. `offsets` (`i32` or
    `i64`, one per group) ends each group; group `g` takes the positions
    `p` (rows of `lhs`, or steps of the contraction) with
    `g = min { g : offsets[g] > p }`, so nondecreasing offsets give the
    ranges `[offsets[g - 1], offsets[g])` (from 0 for the first group), and
    positions at or past the largest offset belong to no group. Any
    offsets are valid: a decreasing one ends an empty group, and one past
    the end is cut to it. The number of groups is static, at least 1, and
    so is `rhs`'s count of matrices in the rows form.

    Two forms, told apart by the operands' ranks:

    - **Groups of rows** (`lhs` of rank 2, `rhs` of rank 3): `lhs` is
      `[m, k]` and `rhs` holds a matrix per group, `[g, k, n]` (or
      `[g, n, k]` with `transpose_rhs`); row `p` of the `[m, n]` result is
      `lhs[p] @ rhs[group(p)]`, and 0 for a row in no group. The forward
      pass of an expert layer, and its input gradient.
    - **Groups of the contraction** (both of rank 2): `lhs` is `[m, r]` (or
      `[r, m]` with `transpose_lhs`) and `rhs` `[r, n]` (or `[n, r]` with
      `transpose_rhs`); the result is `[g, m, n]`, `result[g]` the sum over
      the positions `p` of group `g` of `lhs[:, p] * rhs[p, :]` (0 for an
      empty group). An expert layer's weight gradient.

    Operands are floats; element types and accumulation follow
    `meld.matmul`. It is a kernel of its own. Host code loops over the
    groups, each group's rows a matmul on the register tiles (a group of
    the contraction, whose length is known only at run time, runs on
    plain loops); GPU code computes each output element's sum with the
    group's matrix read at its index.

    ```mlir
    // Tokens sorted by expert, 4 experts.
    %y = meld.grouped_matmul %x, %w, %offs
        : (tensor<16x64xf32>, tensor<4x64x128xf32>, tensor<4xi32>) -> tensor<16x128xf32>
    // Each expert's weight gradient: x^T dy over its rows.
    %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs
        : (tensor<16x64xf32>, tensor<16x128xf32>, tensor<4xi32>) -> tensor<4x64x128xf32>
    ```
  }];
  let arguments = (ins Meld_FloatTensor:$lhs, Meld_FloatTensor:$rhs,
                       Meld_IndexTensor:$offsets, UnitAttr:$transpose_lhs,
                       UnitAttr:$transpose_rhs);
  let results = (outs Meld_FloatTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` $offsets (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether the groups split the rows of `lhs` (else the contraction).
    bool groupsRows() {
      return ::mlir::cast<::mlir::RankedTensorType>(getRhs().getType())
                 .getRank() == 3;
    }
  }];
}

def Meld_ScatterOp : Meld_Op<"scatter", [Pure]> {
  let summary = "updates written or combined at positions an index tensor picks";
  let description = [{
    ONNX `ScatterElements`, `torch.scatter` / `scatter_reduce` (and, with
    indices broadcast over a slice, `index_put` / `ScatterND`): the result
    is `operand`, then for every position `p` of `updates`, in row-major
    order,

    ```
    q = p with q[axis] = indices[p]   (negative: + operand.shape[axis])
    result[q] = updates[p]                   (reduction = "none")
    result[q] = result[q] op updates[p]      (add, mul, max, min)
    ```

    so with `"none"` the last update of a position wins. `indices` and
    `updates` have the same shape and the operand's rank, and every
    dimension but `axis` no larger than the operand's; indices are `i64`
    or `i32`, and one outside `[-size, size)` is a run-time error
    (compiled kernels report it like an integer division by zero). The
    result has the operand's type; any dimension may be dynamic.

    It is a kernel of its own: its writes land at data-dependent positions.
    Compiled code runs the updates in order on one thread (host) or one
    GPU thread.

    ```mlir
    // Accumulate rows of %u into rows %ids of %table (index_add).
    %r = meld.scatter %table, %ids, %u axis = 0 reduction = "add"
        : (tensor<100x64xf32>, tensor<8x64xi64>, tensor<8x64xf32>) -> tensor<100x64xf32>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, Meld_IndexTensor:$indices,
                       Meld_Tensor:$updates, I64Attr:$axis,
                       StrAttr:$reduction);
  let results = (outs Meld_Tensor:$result);
  let assemblyFormat = [{
    $operand `,` $indices `,` $updates `axis` `=` $axis
    `reduction` `=` $reduction attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Meld_ArgsortOp : Meld_Op<"argsort", [Pure]> {
  let summary = "the stable sorting permutation along one dimension";
  let description = [{
    `torch.sort` / `torch.argsort` / `torch.topk` and ONNX `TopK`: each
    row of `operand` along `axis` is sorted, and the result holds, at each
    position of a row, the `i64` index (along `axis`) of the element that
    goes there. The sorted values are a `meld.gather` away (`values[p] =
    operand[result[p]]` along `axis`); the first `k` positions are a top-k.

    The order is total, so the permutation is unique: ascending (or
    `descending`) by value, equal values in index order (a stable sort),
    NaN greater than every number (last ascending, first descending), `-0`
    equal to `+0`; integers signed, `i1` with `false < true`. The result
    has the operand's shape; any dimension may be dynamic.

    It is a kernel of its own: compiled code runs a heapsort of each row's
    indices, comparing (value, index) pairs, on one thread (host) or one
    GPU thread: for the rows of a routing top-k or the token-expert pairs
    of a mixture-of-experts layer, not for sorting millions of elements.

    ```mlir
    // The 64 experts of each of 8 tokens, best first (a router's top-k).
    %order = meld.argsort %logits axis = 1 descending
        : (tensor<8x64xf32>) -> tensor<8x64xi64>
    // Token-expert pairs grouped by expert, in token order within each.
    %perm = meld.argsort %expert_ids axis = 0 : (tensor<?xi64>) -> tensor<?xi64>
    ```
  }];
  let arguments = (ins Meld_Tensor:$operand, I64Attr:$axis,
                       UnitAttr:$descending);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = [{
    $operand `axis` `=` $axis (`descending` $descending^)? attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_CumulativeOp : Meld_Op<"cumulative",
    [Pure, SameOperandsAndResultType]> {
  let summary = "the running sum, product, maximum, minimum or log-sum-exp along one dimension";
  let description = [{
    `torch.cumsum` / `torch.cumprod` / `torch.cummax` / `torch.cummin` /
    `torch.logcumsumexp` and ONNX `CumSum`: each position of a row along
    `axis` holds the sum (`sum`), product (`prod`), maximum (`max`),
    minimum (`min`) or log-sum-exp (`logsumexp`, floats only) of the row's
    elements up to and including it, in index order. Integers wrap at their
    width. An extreme moves to each later element that is NaN or not beyond
    it (`>=` for `max`), as `torch.cummax` updates: a tie or a `-0` after
    `+0` takes over, and after a NaN the result stays NaN. The log-sum-exp
    starts at `-inf` and takes each element `v` into the running `r` as
    PyTorch's `_log_add_exp_helper` does: `log1p(exp(min - max)) + max` of
    the two, or `v` when both are the same infinity; a NaN stays. Floats
    combine one element at a time, in order, as PyTorch's CPU kernels do:
    `f32` and `f64` carried in `f64`, `f16` and `bf16` in `f32`, each
    position the running value rounded to the type. Any dimension may be
    dynamic; an empty row gives an empty result.

    It is a kernel of its own: each row is one loop along `axis` carrying
    the running value, rows in blocks shared by the host's threads (one
    GPU thread). The frontends had written a scan as log2(n) steps of
    shifted adds, which fused into the copies of a block loop.

    ```mlir
    // A top-p sampler's cumulative probabilities over the vocabulary.
    %c = meld.cumulative sum %p axis = 1 : tensor<8x50257xf32>
    ```
  }];
  let arguments = (ins Meld_ReduceKind:$kind, Meld_NumericTensor:$operand,
                       I64Attr:$axis);
  let results = (outs Meld_NumericTensor:$result);
  let assemblyFormat = [{
    $kind $operand `axis` `=` $axis attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Meld_ConvOp : Meld_Op<"conv", [Pure]> {
  let summary = "N-d convolution, channels first, with groups";
  let description = [{
    The convolution of ONNX `Conv` and `torch.nn.functional.conv1d/2d/3d`
    (a cross-correlation): `input` is `[N, C, S_1, ..., S_d]`, `filter` is
    `[F, C / groups, K_1, ..., K_d]` and the result `[N, F, O_1, ..., O_d]`
    with, for `g = f / (F / groups)`,

    ```
    result[n, f, o...] = sum over c < C / groups, k... of
        filter[f, c, k...] * input[n, g * (C / groups) + c, i...],
    i_j = o_j * strides[j] + k_j * dilations[j] - padding_low[j]
    ```

    where an `i_j` outside `[0, S_j)` reads 0 (zero padding). So
    `O_j = (S_j + padding_low[j] + padding_high[j] - dilations[j] * (K_j - 1)
    - 1) / strides[j] + 1`, and at least 1. `d` is 1 to 3; `strides` and
    `dilations` are at least 1, the paddings at least 0, and `groups`
    divides both `C` and `F`. The batch and the spatial dims may be
    dynamic, the channels and the filter not; a dynamic `S_j` gives a
    dynamic `O_j`, and an input whose padded extent is shorter than the
    dilated kernel has no output: the interpreter and the runtime refuse
    it.
    `input` and `filter` are `f16`, `bf16`, `f32` or `f64`, of one type;
    the result is of that type, or `f32` for halves, and products are
    accumulated at the result's precision (halves in `f32`, as a
    `meld.matmul` of halves: frontends round the result once, after the
    bias).

    Fusion treats it as a contraction: epilogues (bias, batch-norm scale
    and shift, activations, residual adds) fuse into its kernel. Code
    generation computes it as a GEMM over an implicit im2col, per image.

    ```mlir
    // A 3x3 convolution of 16 to 32 channels, stride 2, padding 1.
    %y = meld.conv %x, %w strides = [2, 2] dilations = [1, 1]
        padding_low = [1, 1] padding_high = [1, 1] groups = 1
        : (tensor<?x16x32x32xf32>, tensor<32x16x3x3xf32>) -> tensor<?x32x16x16xf32>
    // A 1-D convolution over a dynamic batch and length: 4 wide, stride 2.
    %a = meld.conv %s, %k strides = [2] dilations = [1]
        padding_low = [0] padding_high = [0] groups = 1
        : (tensor<?x8x?xf32>, tensor<16x8x4xf32>) -> tensor<?x16x?xf32>
    // The same on bf16, summed in f32.
    %z = meld.conv %xb, %wb strides = [2, 2] dilations = [1, 1]
        padding_low = [1, 1] padding_high = [1, 1] groups = 1
        : (tensor<?x16x32x32xbf16>, tensor<32x16x3x3xbf16>) -> tensor<?x32x16x16xf32>
    ```
  }];
  let arguments = (ins Meld_FloatTensor:$input, Meld_FloatTensor:$filter,
                       DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$dilations,
                       DenseI64ArrayAttr:$padding_low,
                       DenseI64ArrayAttr:$padding_high, I64Attr:$groups);
  let results = (outs Meld_FloatTensor:$result);
  let assemblyFormat = [{
    $input `,` $filter `strides` `=` $strides `dilations` `=` $dilations
    `padding_low` `=` $padding_low `padding_high` `=` $padding_high
    `groups` `=` $groups attr-dict `:` functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// The number of spatial dimensions (1 to 3).
    int64_t getSpatialRank() {
      return ::llvm::cast<::mlir::RankedTensorType>(getInput().getType())
                 .getRank() - 2;
    }
    /// Whether each output element's window is the whole unpadded input:
    /// no groups, padding, strides or dilations, static shapes, and a
    /// kernel as large as the input (so one output pixel). A 1x1
    /// convolution's weight gradient, batch and channels swapped, has
    /// this form: `out[c, f] = sum over (n, pixel) of in[c, n, pixel] *
    /// filter[f, n, pixel]`.
    bool coversWholeInput();
    /// Whether this is a depthwise convolution's weight gradient as
    /// meld.torch writes it: one image whose `G * N` channels are the
    /// input's N images of each of the G groups' channel, a filter `[G, N,
    /// ...]` per group (the output gradient's images), no padding, static
    /// shapes.
    bool isDepthwiseWeightGradient();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Structured control flow
//===----------------------------------------------------------------------===//

def Meld_IfOp : Meld_Op<"if", [RecursiveMemoryEffects, NoRegionArguments]> {
  let summary = "two-way choice on a device predicate";
  let description = [{
    Runs `then` when the `tensor<i1>` predicate holds and `else` otherwise;
    each region ends in `meld.yield` with values of the result types. The
    predicate stays a tensor so the choice can be made on the device (a CUDA
    conditional IF node) without a host round trip.

    ```mlir
    %r = meld.if %p -> (tensor<4xf32>) {
      meld.yield %a : tensor<4xf32>
    } else {
      %n = meld.neg %a : tensor<4xf32>
      meld.yield %n : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Meld_PredTensor:$pred);
  let results = (outs Variadic<Meld_Tensor>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $pred (`->` `(` type($results)^ `)`)? $thenRegion `else` $elseRegion
    attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Meld_WhileOp : Meld_Op<"while",
    [RecursiveMemoryEffects,
     DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "loop with a device predicate";
  let description = [{
    A loop over loop-carried tensors. Both regions take the current values as
    block arguments (the types of `inits`). `cond` yields a `tensor<i1>`:
    when it holds, `body` runs and yields the next values; otherwise the loop
    ends and its results are the current values. The trip count may depend
    on data: the predicate is computed on the device (a CUDA conditional
    WHILE node).

    ```mlir
    %r = meld.while (%x0 : tensor<4xf32>) cond {
    ^bb0(%x: tensor<4xf32>):
      %s = meld.reduce sum %x dims = [0] : tensor<4xf32> -> tensor<f32>
      %p = meld.compare lt, %s, %limit : tensor<f32>
      meld.yield %p : tensor<i1>
    } do {
    ^bb0(%x: tensor<4xf32>):
      %y = meld.add %x, %x : tensor<4xf32>
      meld.yield %y : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<Meld_Tensor>:$inits);
  let results = (outs Variadic<Meld_Tensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` ($inits^ `:` type($inits))? `)` `cond` $cond `do` $body attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fusion groups
//===----------------------------------------------------------------------===//

def Meld_KernelOp : Meld_Op<"kernel",
    [IsolatedFromAbove, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "a fusion group: the ops of one future kernel";
  let description = [{
    Holds the ops that will become one device kernel. The body is isolated
    from above: everything it reads comes in through `inputs` (tensors, and
    `index` values for dynamic sizes), bound to the block arguments, and
    everything it produces for the outside leaves through `meld.yield` as
    the results (several results are allowed). Because groups are ordinary
    SSA ops in their parent block, groups cannot form cycles.

    `kind` says what code generation will build:

    - `pointwise`: elementwise ops and index remappings (broadcast_in_dim,
      reshape, transpose, slice, concat, gather, iota); no reductions or
      contractions.
    - `reduction`: one or more `meld.reduce` with elementwise prologues and
      epilogues; no contractions.
    - `gemm`: exactly one `meld.matmul` or `meld.batch_matmul` with
      elementwise prologue and epilogue ops; no reductions.
    - `horizontal`: independent groups launched together; the body holds
      only nested non-horizontal `meld.kernel` ops.

    ```mlir
    %y = meld.kernel pointwise (%x, %b) : (tensor<8x64xf32>, tensor<64xf32>) -> (tensor<8x64xf32>) {
    ^bb0(%a: tensor<8x64xf32>, %c: tensor<64xf32>):
      %bb = meld.broadcast_in_dim %c, dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
      %s = meld.add %a, %bb : tensor<8x64xf32>
      %g = meld.gelu %s : tensor<8x64xf32>
      meld.yield %g : tensor<8x64xf32>
    }
    ```
  }];
  let arguments = (ins Meld_FusionKind:$kind,
                       Variadic<AnyTypeOf<[Meld_Tensor, Index]>>:$inputs);
  let results = (outs Variadic<Meld_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind `(` $inputs `)` `:` functional-type($inputs, $results)
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Meld_LaunchOp : Meld_Op<"launch",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "one kernel launch in a schedule";
  let description = [{
    Runs the outlined kernel function `callee` (a `func.func` carrying the
    `meld.kernel` attribute, made by `meld-outline-kernels`) on `inputs` and
    returns its results. After outlining, a program function is a schedule:
    `meld.launch`, `meld.dim`, `meld.constant`, and `meld.if` / `meld.while`
    whose predicates are device tensors.

    ```mlir
    %y = meld.launch @main_kernel_0(%x, %b) : (tensor<8x64xf32>, tensor<64xf32>) -> tensor<8x64xf32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyTypeOf<[Meld_Tensor, Index]>>:$inputs);
  let results = (outs Variadic<Meld_Tensor>:$results);
  let assemblyFormat = [{
    $callee `(` $inputs `)` attr-dict `:` functional-type($inputs, $results)
  }];
}

def Meld_YieldOp : Meld_Op<"yield",
    [Pure, ReturnLike, Terminator,
     ParentOneOf<["IfOp", "WhileOp", "KernelOp"]>]> {
  let summary = "region terminator";
  let description = [{
    Ends a region of `meld.if`, `meld.while` or `meld.kernel`, passing values
    to the parent: its results (`meld.if`, `meld.kernel`, `meld.while` body)
    or the loop predicate (`meld.while` cond).
  }];
  let arguments = (ins Variadic<Meld_Tensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // MELD_DIALECT_MELD_IR_MELDOPS_TD
