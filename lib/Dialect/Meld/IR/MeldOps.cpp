//===- MeldOps.cpp - Meld dialect operations ------------------------------===//
//
// Verifiers, folders and canonicalization patterns of the meld ops. Constant
// folding evaluates ops with the reference kernels (evaluateOp), the same
// code the interpreter runs, so folding can never change a program's meaning.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldOps.h"
#include "meld/Reference/Kernels.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace meld;
using ref::ElementKind;
using ref::HostTensor;

#include "meld/Dialect/Meld/IR/MeldEnums.cpp.inc"

#define GET_OP_CLASSES
#include "meld/Dialect/Meld/IR/MeldOps.cpp.inc"

LogicalResult meld::trait::verifySameExactShapes(Operation *op) {
  auto shapeOf = [](Type t) { return cast<RankedTensorType>(t).getShape(); };
  ArrayRef<int64_t> shape = shapeOf(op->getResult(0).getType());
  for (Type t : op->getOperandTypes())
    if (shapeOf(t) != shape)
      return op->emitOpError("operand type ")
             << t << " and result type " << op->getResult(0).getType()
             << " must have the same shape, with '?' in the same places; "
                "use meld.reshape or meld.broadcast_in_dim to change shapes";
  return success();
}

//===----------------------------------------------------------------------===//
// Element kinds and constants
//===----------------------------------------------------------------------===//

std::optional<ElementKind> meld::getElementKind(Type type) {
  if (type.isF64())
    return ElementKind::F64;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isSignlessInteger(64))
    return ElementKind::I64;
  if (type.isSignlessInteger(32))
    return ElementKind::I32;
  if (type.isSignlessInteger(8))
    return ElementKind::I8;
  if (type.isSignlessInteger(1))
    return ElementKind::I1;
  return std::nullopt;
}

Type meld::getElementType(MLIRContext *context, ElementKind kind) {
  Builder b(context);
  switch (kind) {
  case ElementKind::F64:
    return b.getF64Type();
  case ElementKind::F32:
    return b.getF32Type();
  case ElementKind::F16:
    return b.getF16Type();
  case ElementKind::BF16:
    return b.getBF16Type();
  case ElementKind::I64:
    return b.getI64Type();
  case ElementKind::I32:
    return b.getI32Type();
  case ElementKind::I8:
    return b.getI8Type();
  case ElementKind::I1:
    return b.getI1Type();
  }
  llvm_unreachable("unknown element kind");
}

static double toDouble(APFloat value) {
  bool losesInfo = false;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  return value.convertToDouble();
}

FailureOr<HostTensor> meld::toHostTensor(ElementsAttr attr) {
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  auto type = dyn_cast<RankedTensorType>(attr.getType());
  if (!dense || !type || !type.hasStaticShape() ||
      ref::numElements(type.getShape()) > ref::kMaxElements)
    return failure();
  std::optional<ElementKind> kind = getElementKind(type.getElementType());
  if (!kind)
    return failure();
  HostTensor tensor(*kind, type.getShape());
  if (tensor.isFloat()) {
    for (auto [i, v] : llvm::enumerate(dense.getValues<APFloat>()))
      tensor.setFloat(i, toDouble(v));
  } else {
    for (auto [i, v] : llvm::enumerate(dense.getValues<APInt>()))
      tensor.setInt(i, *kind == ElementKind::I1 ? v.getZExtValue()
                                                : v.getSExtValue());
  }
  return tensor;
}

DenseElementsAttr meld::toElementsAttr(MLIRContext *context,
                                       const HostTensor &tensor) {
  Type elementType = getElementType(context, tensor.getKind());
  auto type = RankedTensorType::get(tensor.getShape(), elementType);
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    SmallVector<APFloat> values;
    values.reserve(tensor.size());
    for (double v : tensor.floatData()) {
      APFloat f(v);
      bool losesInfo = false;
      f.convert(floatType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                &losesInfo);
      values.push_back(f);
    }
    return DenseElementsAttr::get(type, values);
  }
  unsigned width = ref::bitWidth(tensor.getKind());
  SmallVector<APInt> values;
  values.reserve(tensor.size());
  for (int64_t v : tensor.intData())
    values.push_back(APInt(width, static_cast<uint64_t>(v), /*isSigned=*/true,
                           /*implicitTrunc=*/true));
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// Reference evaluation
//===----------------------------------------------------------------------===//

static ref::CompareFn toRef(CompareDirection direction) {
  switch (direction) {
  case CompareDirection::eq:
    return ref::CompareFn::Eq;
  case CompareDirection::ne:
    return ref::CompareFn::Ne;
  case CompareDirection::lt:
    return ref::CompareFn::Lt;
  case CompareDirection::le:
    return ref::CompareFn::Le;
  case CompareDirection::gt:
    return ref::CompareFn::Gt;
  case CompareDirection::ge:
    return ref::CompareFn::Ge;
  }
  llvm_unreachable("unknown compare direction");
}

static ref::ReduceFn toRef(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::sum:
    return ref::ReduceFn::Sum;
  case ReduceKind::prod:
    return ref::ReduceFn::Prod;
  case ReduceKind::max:
    return ref::ReduceFn::Max;
  case ReduceKind::min:
    return ref::ReduceFn::Min;
  case ReduceKind::mean:
    return ref::ReduceFn::Mean;
  case ReduceKind::argmax:
    return ref::ReduceFn::ArgMax;
  case ReduceKind::argmin:
    return ref::ReduceFn::ArgMin;
  case ReduceKind::logsumexp:
    break; // (the verifier refuses it for meld.reduce)
  }
  llvm_unreachable("unknown reduce kind");
}

static ElementKind resultKind(Operation *op) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  return *getElementKind(type.getElementType());
}

llvm::Expected<HostTensor> meld::evaluateOp(Operation *op,
                                            ArrayRef<HostTensor> operands,
                                            ArrayRef<int64_t> resultShape) {
  using R = llvm::Expected<HostTensor>;
  auto unary = [&](ref::UnaryFn fn) { return ref::unary(fn, operands[0]); };
  auto binary = [&](ref::BinaryFn fn) {
    return ref::binary(fn, operands[0], operands[1]);
  };
  return llvm::TypeSwitch<Operation *, R>(op)
      .Case([&](AddOp) { return binary(ref::BinaryFn::Add); })
      .Case([&](SubOp) { return binary(ref::BinaryFn::Sub); })
      .Case([&](MulOp) { return binary(ref::BinaryFn::Mul); })
      .Case([&](DivOp) { return binary(ref::BinaryFn::Div); })
      .Case([&](MaxOp) { return binary(ref::BinaryFn::Max); })
      .Case([&](MinOp) { return binary(ref::BinaryFn::Min); })
      .Case([&](PowOp) { return binary(ref::BinaryFn::Pow); })
      .Case([&](RemOp) { return binary(ref::BinaryFn::Rem); })
      .Case([&](AndOp) { return binary(ref::BinaryFn::And); })
      .Case([&](OrOp) { return binary(ref::BinaryFn::Or); })
      .Case([&](XorOp) { return binary(ref::BinaryFn::Xor); })
      .Case([&](ShiftLeftOp) { return binary(ref::BinaryFn::ShiftLeft); })
      .Case([&](ShiftRightOp) { return binary(ref::BinaryFn::ShiftRight); })
      .Case([&](NegOp) { return unary(ref::UnaryFn::Neg); })
      .Case([&](AbsOp) { return unary(ref::UnaryFn::Abs); })
      .Case([&](ReluOp) { return unary(ref::UnaryFn::Relu); })
      .Case([&](ExpOp) { return unary(ref::UnaryFn::Exp); })
      .Case([&](LogOp) { return unary(ref::UnaryFn::Log); })
      .Case([&](TanhOp) { return unary(ref::UnaryFn::Tanh); })
      .Case([&](SigmoidOp) { return unary(ref::UnaryFn::Sigmoid); })
      .Case([&](ErfOp) { return unary(ref::UnaryFn::Erf); })
      .Case([&](SiluOp) { return unary(ref::UnaryFn::Silu); })
      .Case([&](SqrtOp) { return unary(ref::UnaryFn::Sqrt); })
      .Case([&](RsqrtOp) { return unary(ref::UnaryFn::Rsqrt); })
      .Case([&](SinOp) { return unary(ref::UnaryFn::Sin); })
      .Case([&](CosOp) { return unary(ref::UnaryFn::Cos); })
      .Case([&](FloorOp) { return unary(ref::UnaryFn::Floor); })
      .Case([&](CeilOp) { return unary(ref::UnaryFn::Ceil); })
      .Case([&](RoundOp) { return unary(ref::UnaryFn::Round); })
      .Case([&](NotOp) { return unary(ref::UnaryFn::Not); })
      .Case([&](GeluOp gelu) {
        return unary(gelu.getApproximate() == GeluApproximation::tanh
                         ? ref::UnaryFn::GeluTanh
                         : ref::UnaryFn::GeluErf);
      })
      .Case([&](CastOp) -> R { return ref::cast(operands[0], resultKind(op)); })
      .Case([&](BitcastOp) -> R {
        return ref::bitcast(operands[0], resultKind(op));
      })
      .Case([&](CompareOp cmp) {
        return ref::compare(toRef(cmp.getDirection()), operands[0],
                            operands[1]);
      })
      .Case([&](SelectOp) {
        return ref::select(operands[0], operands[1], operands[2]);
      })
      .Case([&](FmaOp) {
        return ref::fma(operands[0], operands[1], operands[2]);
      })
      .Case([&](ConstantOp constant) -> R {
        FailureOr<HostTensor> value = toHostTensor(constant.getValue());
        if (failed(value))
          return llvm::createStringError(
              "the constant is unsupported or has more than 2^31 elements");
        return *value;
      })
      .Case([&](IotaOp iota) -> R {
        return ref::iota(resultKind(op), resultShape, iota.getDim());
      })
      .Case([&](BroadcastInDimOp bcast) {
        return ref::broadcastInDim(operands[0], bcast.getDims(), resultShape);
      })
      .Case([&](ReshapeOp) { return ref::reshape(operands[0], resultShape); })
      .Case([&](TransposeOp transpose) {
        return ref::transpose(operands[0], transpose.getPerm());
      })
      .Case([&](SliceOp slice) {
        return ref::slice(operands[0], slice.getStart(), slice.getLimit(),
                          slice.getStrideValues());
      })
      .Case([&](ConcatOp concat) {
        return ref::concat(operands, concat.getDim());
      })
      .Case([&](GatherOp gather) {
        return ref::gather(operands[0], operands[1], gather.getAxis());
      })
      .Case([&](ReduceOp reduce) {
        return ref::reduce(toRef(reduce.getKind()), operands[0],
                           reduce.getDims(), reduce.getKeepDims(),
                           resultKind(op));
      })
      .Case<MatmulOp, BatchMatmulOp>([&](auto contraction) {
        return ref::matmul(operands[0], operands[1],
                           contraction.getTransposeLhs(),
                           contraction.getTransposeRhs(), resultKind(op));
      })
      .Case([&](GroupedMatmulOp grouped) {
        return ref::groupedMatmul(operands[0], operands[1], operands[2],
                                  grouped.getTransposeLhs(),
                                  grouped.getTransposeRhs(), resultKind(op));
      })
      .Case([&](ScatterOp scatter) {
        return ref::scatter(operands[0], operands[1], operands[2],
                            scatter.getAxis(), scatter.getReduction());
      })
      .Case([&](CumulativeOp cumulative) {
        return ref::cumulative(operands[0], cumulative.getAxis(),
                               stringifyReduceKind(cumulative.getKind()));
      })
      .Case([&](ArgsortOp argsort) {
        return ref::argsort(operands[0], argsort.getAxis(),
                            argsort.getDescending());
      })
      .Case([&](ConvOp conv) {
        return ref::conv(operands[0], operands[1], conv.getStrides(),
                         conv.getDilations(), conv.getPaddingLow(),
                         conv.getPaddingHigh(), conv.getGroups(),
                         resultKind(op));
      })
      .Default([&](Operation *) -> R {
        return llvm::createStringError("op '" +
                                       op->getName().getStringRef().str() +
                                       "' has no reference evaluation");
      });
}

//===----------------------------------------------------------------------===//
// Folding helpers
//===----------------------------------------------------------------------===//

/// Constant folding is limited to small tensors: folding a large tensor would
/// bloat the IR and compile time for no runtime gain.
static constexpr int64_t kMaxFoldElements = 4096;

/// Folds `op` when all its operands are constants of at most
/// kMaxFoldElements elements and the result is also that small. Ops whose
/// evaluation fails (say, an integer division by zero) are left alone so the
/// interpreter reports the error with its location at run time.
static OpFoldResult foldConstantOperands(Operation *op,
                                         ArrayRef<Attribute> operands) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !resultType.hasStaticShape() ||
      ref::numElements(resultType.getShape()) > kMaxFoldElements)
    return {};
  SmallVector<HostTensor> values;
  for (Attribute attr : operands) {
    auto elements = dyn_cast_if_present<ElementsAttr>(attr);
    if (!elements || ref::numElements(elements.getShapedType().getShape()) >
                         kMaxFoldElements)
      return {};
    FailureOr<HostTensor> value = toHostTensor(elements);
    if (failed(value))
      return {};
    values.push_back(std::move(*value));
  }
  llvm::Expected<HostTensor> result =
      evaluateOp(op, values, resultType.getShape());
  if (!result) {
    llvm::consumeError(result.takeError());
    return {};
  }
  DenseElementsAttr attr = toElementsAttr(op->getContext(), *result);
  return attr.getType() == resultType ? attr : OpFoldResult();
}

/// A splat constant operand of a pure data-movement op gives a splat result
/// of any size: no element data is materialized.
static OpFoldResult foldSplatOperand(Attribute operand, Type resultType) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(operand);
  auto type = dyn_cast<RankedTensorType>(resultType);
  if (!splat || !type || !type.hasStaticShape())
    return {};
  return SplatElementsAttr::get(type, splat.getSplatValue<Attribute>());
}

/// True when `attr` is a splat whose every element equals `value` (for
/// floats, bit-for-bit, so -0.0 and +0.0 differ).
static bool isSplatOf(Attribute attr, double value) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  if (!splat)
    return false;
  if (isa<FloatType>(splat.getElementType())) {
    APFloat v = splat.getSplatValue<APFloat>();
    APFloat expected(value);
    bool losesInfo = false;
    expected.convert(v.getSemantics(), APFloat::rmNearestTiesToEven,
                     &losesInfo);
    return v.bitwiseIsEqual(expected);
  }
  return splat.getSplatValue<APInt>().getSExtValue() ==
         static_cast<int64_t>(value);
}

static bool isFloatTensor(Value v) {
  return isa<FloatType>(getElementTypeOrSelf(v.getType()));
}

//===----------------------------------------------------------------------===//
// Elementwise folders
//===----------------------------------------------------------------------===//

// x + 0 -> x. For floats only x + (-0.0) is an identity: (-0.0) + (+0.0) is
// +0.0, so folding x + 0.0 would change the sign of a zero.
OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  double zero = isFloatTensor(getLhs()) ? -0.0 : 0.0;
  if (isSplatOf(adaptor.getRhs(), zero))
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

// x - 0 -> x (x - (+0.0) is exact for every x, including -0.0).
OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0.0))
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1.0))
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1.0))
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

// max(x, x) -> x and min(x, x) -> x hold for NaN too.
OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1.0))
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getOperand().getDefiningOp<NegOp>())
    return inner.getOperand();
  return foldConstantOperands(*this, adaptor.getOperands());
}

// abs and relu are idempotent.
OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getDefiningOp<AbsOp>())
    return getOperand();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult ReluOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getDefiningOp<ReluOp>())
    return getOperand();
  return foldConstantOperands(*this, adaptor.getOperands());
}

// floor, ceil and round give integers, which all three leave alone.
template <typename OpTy> static OpFoldResult foldRounding(OpTy op, Attribute x) {
  if (op.getOperand().template getDefiningOp<FloorOp>() ||
      op.getOperand().template getDefiningOp<CeilOp>() ||
      op.getOperand().template getDefiningOp<RoundOp>())
    return op.getOperand();
  return foldConstantOperands(op, x);
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldRounding(*this, adaptor.getOperand());
}
OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldRounding(*this, adaptor.getOperand());
}
OpFoldResult RoundOp::fold(FoldAdaptor adaptor) {
  return foldRounding(*this, adaptor.getOperand());
}

OpFoldResult NotOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getOperand().getDefiningOp<NotOp>())
    return inner.getOperand();
  return foldConstantOperands(*this, adaptor.getOperands());
}

// x & x -> x and x | x -> x.
OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldConstantOperands(*this, adaptor.getOperands());
}

#define MELD_CONSTANT_FOLDER(OP)                                               \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldConstantOperands(*this, adaptor.getOperands());                 \
  }
MELD_CONSTANT_FOLDER(ExpOp)
MELD_CONSTANT_FOLDER(LogOp)
MELD_CONSTANT_FOLDER(TanhOp)
MELD_CONSTANT_FOLDER(SigmoidOp)
MELD_CONSTANT_FOLDER(ErfOp)
MELD_CONSTANT_FOLDER(SiluOp)
MELD_CONSTANT_FOLDER(SqrtOp)
MELD_CONSTANT_FOLDER(RsqrtOp)
MELD_CONSTANT_FOLDER(SinOp)
MELD_CONSTANT_FOLDER(CosOp)
MELD_CONSTANT_FOLDER(RemOp)
MELD_CONSTANT_FOLDER(XorOp)
MELD_CONSTANT_FOLDER(ShiftLeftOp)
MELD_CONSTANT_FOLDER(ShiftRightOp)
MELD_CONSTANT_FOLDER(GatherOp)
MELD_CONSTANT_FOLDER(ArgsortOp)
MELD_CONSTANT_FOLDER(CumulativeOp)
MELD_CONSTANT_FOLDER(GeluOp)
MELD_CONSTANT_FOLDER(CompareOp)
MELD_CONSTANT_FOLDER(ReduceOp)
#undef MELD_CONSTANT_FOLDER

LogicalResult CastOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (in.getShape() != out.getShape())
    return emitOpError("operand shape ")
           << in << " and result shape " << out
           << " differ; meld.cast only changes the element type";
  return success();
}

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  return foldConstantOperands(*this, adaptor.getOperands());
}

LogicalResult BitcastOp::verify() {
  Type from = cast<RankedTensorType>(getOperand().getType()).getElementType();
  Type to = cast<RankedTensorType>(getType()).getElementType();
  // (Meld's integers are i1, i8, i32 and i64: a float shares 32 and 64 bits)
  auto width = [](Type t) -> unsigned {
    if (t.isF32() || t.isInteger(32))
      return 32;
    return t.isF64() || t.isInteger(64) ? 64 : 0;
  };
  if (width(from) == 0 || width(from) != width(to) ||
      isa<FloatType>(from) == isa<FloatType>(to))
    return emitOpError("reinterprets ")
           << from << " as " << to
           << "; meld.bitcast takes f32 and i32, or f64 and i64, either way";
  return success();
}

LogicalResult
CompareOp::inferReturnTypes(MLIRContext *context, std::optional<Location>,
                            ValueRange operands, DictionaryAttr,
                            OpaqueProperties, RegionRange,
                            SmallVectorImpl<Type> &inferredReturnTypes) {
  if (operands.empty())
    return failure();
  auto type = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!type)
    return failure();
  inferredReturnTypes.push_back(
      RankedTensorType::get(type.getShape(), IntegerType::get(context, 1)));
  return success();
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse())
    return getOnTrue();
  if (auto pred = dyn_cast_if_present<SplatElementsAttr>(adaptor.getPred()))
    return pred.getSplatValue<bool>() ? getOnTrue() : getOnFalse();
  return foldConstantOperands(*this, adaptor.getOperands());
}

//===----------------------------------------------------------------------===//
// Shape helpers
//===----------------------------------------------------------------------===//

static bool dimsCompatible(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

static std::string dimString(int64_t d) {
  return ShapedType::isDynamic(d) ? "?" : std::to_string(d);
}

/// Ops that create a shape take one index operand per dynamic result dim.
static LogicalResult verifyDynamicSizes(Operation *op, RankedTensorType type,
                                        ValueRange sizes) {
  if (sizes.size() != type.getNumDynamicDims())
    return op->emitOpError("result type ")
           << type << " has " << type.getNumDynamicDims()
           << " dynamic dimension(s) but " << sizes.size()
           << " size operand(s) were given; pass one index per '?' with "
              "sizes(...)";
  return success();
}

static LogicalResult verifySameElementType(Operation *op, Type a, Type b) {
  if (getElementTypeOrSelf(a) != getElementTypeOrSelf(b))
    return op->emitOpError("operand element type ")
           << getElementTypeOrSelf(a) << " differs from result element type "
           << getElementTypeOrSelf(b);
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp, IotaOp, DimOp
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::verify() {
  if (!isa<DenseElementsAttr>(getValue()))
    return emitOpError("value must be a dense elements attribute (dense<...>)");
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  int64_t dim = static_cast<int64_t>(getDim());
  if (dim < 0 || dim >= type.getRank())
    return emitOpError("dim ") << dim << " is out of range for " << type;
  return verifyDynamicSizes(*this, type, getDynamicSizes());
}

LogicalResult DimOp::verify() {
  auto type = cast<RankedTensorType>(getSource().getType());
  int64_t index = static_cast<int64_t>(getIndex());
  if (index < 0 || index >= type.getRank())
    return emitOpError("index ") << index << " is out of range for " << type;
  return success();
}

OpFoldResult DimOp::fold(FoldAdaptor) {
  auto type = cast<RankedTensorType>(getSource().getType());
  int64_t size = type.getDimSize(getIndex());
  if (ShapedType::isDynamic(size))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), size);
}

//===----------------------------------------------------------------------===//
// BroadcastInDimOp
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  ArrayRef<int64_t> dims = getDims();
  if (static_cast<int64_t>(dims.size()) != in.getRank())
    return emitOpError("dims has ")
           << dims.size() << " entries but the operand has rank "
           << in.getRank() << "; give one result dimension per operand "
           << "dimension";
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= out.getRank())
      return emitOpError("dims[")
             << i << "] = " << d << " is out of range for result rank "
             << out.getRank();
    if (i > 0 && d <= dims[i - 1])
      return emitOpError("dims must be strictly increasing, but dims[")
             << i << "] = " << d << " follows " << dims[i - 1];
    int64_t inSize = in.getDimSize(i), outSize = out.getDimSize(d);
    if (!ShapedType::isDynamic(inSize) && inSize != 1 &&
        !ShapedType::isDynamic(outSize) && inSize != outSize)
      return emitOpError("operand dimension ")
             << i << " of size " << inSize << " cannot broadcast to result "
             << "dimension " << d << " of size " << outSize
             << "; it must be 1 or equal";
  }
  return verifyDynamicSizes(*this, out, getDynamicSizes());
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  auto out = cast<RankedTensorType>(getType());
  if (getOperand().getType() == out && out.hasStaticShape() &&
      llvm::equal(getDims(), llvm::seq<int64_t>(0, out.getRank())))
    return getOperand();
  // broadcast(broadcast(x)) -> one broadcast from x.
  if (auto inner = getOperand().getDefiningOp<BroadcastInDimOp>()) {
    SmallVector<int64_t> dims;
    for (int64_t d : inner.getDims())
      dims.push_back(getDims()[d]);
    getOperandMutable().assign(inner.getOperand());
    setDims(dims);
    return getResult();
  }
  // broadcast(reshape(x)) where the reshape only adds unit dims ([C] ->
  // [C, 1, 1], numpy's alignment of a per-channel vector) -> a broadcast
  // from x. Fusion sees the reduction it broadcasts: a batch norm's mean
  // and variance then share one reduction kernel, where the reshape had
  // left the squared deviations materialized between two.
  if (auto reshape = getOperand().getDefiningOp<ReshapeOp>()) {
    auto from = cast<RankedTensorType>(reshape.getOperand().getType());
    auto mid = cast<RankedTensorType>(reshape.getType());
    if (from.hasStaticShape() && mid.hasStaticShape() &&
        llvm::none_of(from.getShape(), [](int64_t d) { return d == 1; })) {
      SmallVector<int64_t> dims;
      int64_t next = 0;
      for (auto [i, d] : llvm::enumerate(mid.getShape())) {
        if (d == 1)
          continue;
        if (next >= from.getRank() || from.getDimSize(next) != d)
          break;
        dims.push_back(getDims()[i]);
        ++next;
      }
      if (next == from.getRank()) {
        getOperandMutable().assign(reshape.getOperand());
        setDims(dims);
        return getResult();
      }
    }
  }
  if (OpFoldResult splat = foldSplatOperand(adaptor.getOperand(), out))
    return splat;
  return foldConstantOperands(*this, adaptor.getOperand());
}

//===----------------------------------------------------------------------===//
// ReshapeOp
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  int64_t inCount = ref::numElements(in.getShape());
  int64_t outCount = ref::numElements(out.getShape());
  if (in.hasStaticShape() && out.hasStaticShape() && inCount != outCount)
    return emitOpError("cannot reshape ")
           << in << " (" << inCount << " elements) into " << out << " ("
           << outCount << " elements)";
  return verifyDynamicSizes(*this, out, getDynamicSizes());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  auto out = cast<RankedTensorType>(getType());
  if (getOperand().getType() == out && out.hasStaticShape())
    return getOperand();
  // reshape(reshape(x)) -> reshape(x): only the final shape matters.
  if (auto inner = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  if (OpFoldResult splat = foldSplatOperand(adaptor.getOperand(), out))
    return splat;
  return foldConstantOperands(*this, adaptor.getOperand());
}

//===----------------------------------------------------------------------===//
// TransposeOp
//===----------------------------------------------------------------------===//

LogicalResult TransposeOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  ArrayRef<int64_t> perm = getPerm();
  if (static_cast<int64_t>(perm.size()) != in.getRank())
    return emitOpError("perm has ") << perm.size() << " entries for an "
                                    << "operand of rank " << in.getRank();
  SmallVector<bool> seen(in.getRank(), false);
  for (int64_t p : perm) {
    if (p < 0 || p >= in.getRank() || seen[p])
      return emitOpError("perm must be a permutation of 0..")
             << in.getRank() - 1 << ", but contains " << p;
    seen[p] = true;
  }
  if (out.getRank() != in.getRank())
    return emitOpError("result rank ")
           << out.getRank() << " differs from operand rank " << in.getRank();
  for (auto [i, p] : llvm::enumerate(perm))
    if (out.getDimSize(i) != in.getDimSize(p))
      return emitOpError("result dimension ")
             << i << " is " << dimString(out.getDimSize(i))
             << " but operand dimension " << p << " is "
             << dimString(in.getDimSize(p));
  return success();
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getPerm(), llvm::seq<int64_t>(0, getPerm().size())))
    return getOperand();
  // transpose(transpose(x)) -> one transpose, or x if they cancel.
  if (auto inner = getOperand().getDefiningOp<TransposeOp>()) {
    SmallVector<int64_t> perm;
    for (int64_t p : getPerm())
      perm.push_back(inner.getPerm()[p]);
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
      return inner.getOperand();
    getOperandMutable().assign(inner.getOperand());
    setPerm(perm);
    return getResult();
  }
  if (OpFoldResult splat = foldSplatOperand(adaptor.getOperand(), getType()))
    return splat;
  return foldConstantOperands(*this, adaptor.getOperand());
}

namespace {
/// transpose(grouped_matmul over the contraction, [0, 2, 1]) -> the grouped
/// matmul of the exchanged operands: (lhs_g^T rhs_g)^T = rhs_g^T lhs_g. An
/// operand that was read along the positions' rows (`transpose_lhs`,
/// `[positions, m]`) is a right operand not transposed, and the other way
/// round. The weight gradient of transformers' experts, permuted to
/// nn.Linear's [out, in] layout, was a copy of every expert's matrix.
struct TransposeOfGroupedContraction : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto grouped = op.getOperand().getDefiningOp<GroupedMatmulOp>();
    if (!grouped || grouped.groupsRows() || !grouped->hasOneUse() ||
        !llvm::equal(op.getPerm(), ArrayRef<int64_t>{0, 2, 1}))
      return failure();
    rewriter.replaceOpWithNewOp<GroupedMatmulOp>(
        op, op.getType(), grouped.getRhs(), grouped.getLhs(),
        grouped.getOffsets(), /*transpose_lhs=*/!grouped.getTransposeRhs(),
        /*transpose_rhs=*/!grouped.getTransposeLhs());
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<TransposeOfGroupedContraction>(context);
}

//===----------------------------------------------------------------------===//
// SliceOp
//===----------------------------------------------------------------------===//

SmallVector<int64_t> SliceOp::getStrideValues() {
  if (std::optional<ArrayRef<int64_t>> strides = getStrides())
    return SmallVector<int64_t>(*strides);
  return SmallVector<int64_t>(getStart().size(), 1);
}

bool SliceOp::isWholeDim(int64_t d) {
  return getStart()[d] == 0 && getLimit()[d] == kWholeDim &&
         getStrideValues()[d] == 1;
}

LogicalResult SliceOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  int64_t rank = in.getRank();
  SmallVector<int64_t> strides = getStrideValues();
  if (static_cast<int64_t>(getStart().size()) != rank ||
      static_cast<int64_t>(getLimit().size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank)
    return emitOpError("start, limit and strides need ")
           << rank << " entries each (the operand rank)";
  if (out.getRank() != rank)
    return emitOpError("result rank ")
           << out.getRank() << " differs from operand rank " << rank;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t start = getStart()[d], limit = getLimit()[d], step = strides[d];
    if (step <= 0)
      return emitOpError("strides[")
             << d << "] = " << step << " must be positive";
    // start = 0, limit = -1, stride = 1: a dynamic dimension kept whole.
    if (limit == kWholeDim) {
      if (start != 0 || step != 1)
        return emitOpError("dimension ")
               << d << ": limit -1 (the whole dimension) needs start 0 and "
               << "stride 1, got start " << start << " and stride " << step;
      if (!in.isDynamicDim(d))
        return emitOpError("dimension ")
               << d << ": limit -1 keeps a dynamic dimension whole, but the "
               << "operand's has the static size " << in.getDimSize(d)
               << "; write limit " << in.getDimSize(d) << " instead";
      if (!out.isDynamicDim(d))
        return emitOpError("result dimension ")
               << d << " is " << out.getDimSize(d) << " but the slice keeps "
               << "the dynamic operand dimension whole; make it '?'";
      continue;
    }
    if (start < 0 || start > limit)
      return emitOpError("dimension ")
             << d << ": need 0 <= start <= limit, got start " << start
             << " and limit " << limit;
    int64_t size = in.getDimSize(d);
    if (!ShapedType::isDynamic(size) && limit > size)
      return emitOpError("dimension ") << d << ": limit " << limit
                                       << " exceeds the operand size " << size;
    int64_t expected = (limit - start + step - 1) / step;
    if (out.getDimSize(d) != expected) {
      InFlightDiagnostic diag = emitOpError("result dimension ")
                                << d << " is " << dimString(out.getDimSize(d))
                                << " but the slice selects " << expected
                                << " element(s)";
      if (out.isDynamicDim(d))
        diag << "; only start = 0, limit = -1, stride = 1 on a dynamic "
                "operand dimension gives a dynamic result dimension";
      return diag;
    }
  }
  return success();
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  // With equal types the slice selects everything: a static dimension of
  // the same size is taken whole with stride 1, and the verifier allows a
  // dynamic result dimension only for a dimension kept whole.
  if (getOperand().getType() == getType())
    return getOperand();
  if (OpFoldResult splat = foldSplatOperand(adaptor.getOperand(), getType()))
    return splat;
  return foldConstantOperands(*this, adaptor.getOperand());
}

//===----------------------------------------------------------------------===//
// ConcatOp
//===----------------------------------------------------------------------===//

LogicalResult ConcatOp::verify() {
  if (getInputs().empty())
    return emitOpError("needs at least one input");
  auto out = cast<RankedTensorType>(getType());
  int64_t dim = static_cast<int64_t>(getDim());
  if (dim < 0 || dim >= out.getRank())
    return emitOpError("dim ")
           << dim << " is out of range for result rank " << out.getRank();
  int64_t total = 0;
  bool dynamic = false;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    auto in = cast<RankedTensorType>(input.getType());
    if (failed(verifySameElementType(*this, in, out)))
      return failure();
    if (in.getRank() != out.getRank())
      return emitOpError("input #")
             << i << " has rank " << in.getRank() << " but the result has rank "
             << out.getRank();
    for (int64_t d = 0; d < out.getRank(); ++d)
      if (d != dim && !dimsCompatible(in.getDimSize(d), out.getDimSize(d)))
        return emitOpError("input #")
               << i << " has size " << in.getDimSize(d) << " in dimension " << d
               << " but the result has " << out.getDimSize(d)
               << "; only dimension " << dim << " may differ";
    if (in.isDynamicDim(dim))
      dynamic = true;
    else
      total += in.getDimSize(dim);
  }
  if (!dynamic && !out.isDynamicDim(dim) && out.getDimSize(dim) != total)
    return emitOpError("result dimension ")
           << dim << " is " << out.getDimSize(dim)
           << " but the inputs add up to " << total;
  if (dynamic && !out.isDynamicDim(dim))
    return emitOpError("result dimension ")
           << dim << " must be dynamic because an input's is";
  return success();
}

OpFoldResult ConcatOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 && getInputs()[0].getType() == getType())
    return getInputs()[0];
  return foldConstantOperands(*this, adaptor.getOperands());
}

//===----------------------------------------------------------------------===//
// GatherOp
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0 || axis >= in.getRank())
    return emitOpError("axis ")
           << axis << " is out of range for the operand " << in
           << "; it names one of its dimensions, 0 to " << in.getRank() - 1;
  SmallVector<int64_t> expected(in.getShape().take_front(axis));
  llvm::append_range(expected, indices.getShape());
  llvm::append_range(expected, in.getShape().drop_front(axis + 1));
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result type ")
           << out << " does not match operand.shape[:axis] + indices.shape + "
           << "operand.shape[axis + 1:], expected "
           << RankedTensorType::get(expected, out.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> dims = getDims();
  if (dims.empty())
    return emitOpError("dims must name at least one dimension to reduce");
  SmallVector<bool> reduced(in.getRank(), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= in.getRank())
      return emitOpError("reduction dimension ")
             << d << " is out of range for " << in;
    if (reduced[d])
      return emitOpError("reduction dimension ") << d << " is repeated";
    reduced[d] = true;
  }
  ReduceKind kind = getKind();
  bool isArg = kind == ReduceKind::argmax || kind == ReduceKind::argmin;
  if (kind == ReduceKind::logsumexp)
    return emitOpError("logsumexp is a running form only (meld.cumulative); "
                       "reduce with max, sub, exp, sum and log");
  if (kind == ReduceKind::mean && !isa<FloatType>(in.getElementType()))
    return emitOpError("mean needs a float operand, got ") << in;
  if (isArg) {
    if (dims.size() != 1)
      return emitOpError(stringifyReduceKind(kind))
             << " reduces exactly one dimension, got " << dims.size();
    if (!out.getElementType().isSignlessInteger(64))
      return emitOpError(stringifyReduceKind(kind))
             << " returns i64 indices, but the result element type is "
             << out.getElementType();
  } else if (failed(verifySameElementType(*this, in, out))) {
    return failure();
  }
  SmallVector<int64_t> expected;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if (!reduced[d])
      expected.push_back(in.getDimSize(d));
    else if (getKeepDims())
      expected.push_back(1);
  }
  if (out.getShape() != ArrayRef<int64_t>(expected)) {
    auto expectedType = RankedTensorType::get(expected, out.getElementType());
    return emitOpError("result type ")
           << out << " does not match the reduced shape, expected "
           << expectedType
           << (getKeepDims() ? "" : " (add keep_dims to keep size-1 dims)");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MatmulOp, BatchMatmulOp
//===----------------------------------------------------------------------===//

/// The element type a contraction of `operand` elements may produce: the
/// same type, or the accumulator type for low-precision inputs.
static bool isValidAccumulatorType(Type operand, Type result) {
  if (operand == result)
    return true;
  if (operand.isF16() || operand.isBF16())
    return result.isF32();
  if (operand.isSignlessInteger(8))
    return result.isSignlessInteger(32);
  return false;
}

template <typename OpTy> static LogicalResult verifyContraction(OpTy op) {
  constexpr int64_t rank = OpTy::kRank;
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  auto out = cast<RankedTensorType>(op.getType());
  for (auto [name, type] : {std::pair<StringRef, RankedTensorType>{"lhs", lhs},
                            {"rhs", rhs},
                            {"result", out}})
    if (type.getRank() != rank)
      return op.emitOpError()
             << name << " must have rank " << rank << ", got " << type;
  if (lhs.getElementType() != rhs.getElementType())
    return op.emitOpError("lhs and rhs element types differ: ")
           << lhs.getElementType() << " vs " << rhs.getElementType()
           << "; insert a meld.cast";
  if (!isValidAccumulatorType(lhs.getElementType(), out.getElementType()))
    return op.emitOpError("result element type ")
           << out.getElementType() << " is not valid for "
           << lhs.getElementType()
           << " operands; use the operand type (or f32 for f16/bf16, i32 "
              "for i8)";
  int64_t r = rank - 2; // Index of the row dim of the matrices.
  int64_t m = lhs.getDimSize(op.getTransposeLhs() ? r + 1 : r);
  int64_t kL = lhs.getDimSize(op.getTransposeLhs() ? r : r + 1);
  int64_t kR = rhs.getDimSize(op.getTransposeRhs() ? r + 1 : r);
  int64_t n = rhs.getDimSize(op.getTransposeRhs() ? r : r + 1);
  if (!dimsCompatible(kL, kR))
    return op.emitOpError("contracting dimensions differ: lhs has ")
           << dimString(kL) << ", rhs has " << dimString(kR);
  if (rank == 3 && !dimsCompatible(lhs.getDimSize(0), rhs.getDimSize(0)))
    return op.emitOpError("batch dimensions differ: lhs has ")
           << dimString(lhs.getDimSize(0)) << ", rhs has "
           << dimString(rhs.getDimSize(0));
  if (rank == 3 && !dimsCompatible(lhs.getDimSize(0), out.getDimSize(0)))
    return op.emitOpError("result batch dimension ")
           << dimString(out.getDimSize(0)) << " differs from the operands' "
           << dimString(lhs.getDimSize(0));
  if (!dimsCompatible(out.getDimSize(r), m) ||
      !dimsCompatible(out.getDimSize(r + 1), n))
    return op.emitOpError("result shape ")
           << out << " does not match the product shape " << dimString(m) << "x"
           << dimString(n);
  return success();
}

LogicalResult MatmulOp::verify() { return verifyContraction(*this); }
LogicalResult BatchMatmulOp::verify() { return verifyContraction(*this); }

//===----------------------------------------------------------------------===//
// GroupedMatmulOp
//===----------------------------------------------------------------------===//

LogicalResult GroupedMatmulOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto offsets = cast<RankedTensorType>(getOffsets().getType());
  auto out = cast<RankedTensorType>(getType());
  bool rows = groupsRows();
  if (lhs.getRank() != 2 || (rhs.getRank() != 2 && !rows))
    return emitOpError("takes lhs of rank 2 and rhs of rank 3 (groups of "
                       "rows) or 2 (groups of the contraction), got ")
           << lhs << " and " << rhs;
  if (offsets.getRank() != 1 || offsets.isDynamicDim(0) ||
      offsets.getDimSize(0) < 1)
    return emitOpError("offsets must have rank 1 and a static size (the "
                       "number of groups, at least 1), got ")
           << offsets;
  if (rows && getTransposeLhs())
    return emitOpError("transpose_lhs is only for groups of the contraction "
                       "(rhs of rank 2)");
  if (lhs.getElementType() != rhs.getElementType())
    return emitOpError("lhs and rhs element types differ: ")
           << lhs.getElementType() << " vs " << rhs.getElementType()
           << "; insert a meld.cast";
  if (!isValidAccumulatorType(lhs.getElementType(), out.getElementType()))
    return emitOpError("result element type ")
           << out.getElementType() << " is not valid for "
           << lhs.getElementType()
           << " operands; use the operand type (or f32 for f16/bf16, i32 "
              "for i8)";
  int64_t groups = offsets.getDimSize(0);
  int64_t m = lhs.getDimSize(getTransposeLhs() ? 1 : 0);
  int64_t kL = lhs.getDimSize(getTransposeLhs() ? 0 : 1);
  int64_t first = rows ? 1 : 0; // The matrix dims of rhs.
  int64_t kR = rhs.getDimSize(getTransposeRhs() ? first + 1 : first);
  int64_t n = rhs.getDimSize(getTransposeRhs() ? first : first + 1);
  if (!dimsCompatible(kL, kR))
    return emitOpError("contracting dimensions differ: lhs has ")
           << dimString(kL) << ", rhs has " << dimString(kR);
  if (rows && rhs.getDimSize(0) != groups)
    return emitOpError("rhs has ")
           << dimString(rhs.getDimSize(0)) << " matrices for "
           << dimString(groups) << " offsets";
  SmallVector<int64_t> expected =
      rows ? SmallVector<int64_t>{m, n} : SmallVector<int64_t>{groups, m, n};
  if (out.getRank() != static_cast<int64_t>(expected.size()) ||
      llvm::any_of(llvm::zip(out.getShape(), expected), [](auto p) {
        return !dimsCompatible(std::get<0>(p), std::get<1>(p));
      }))
    return emitOpError("result shape ")
           << out << " does not match the product shape "
           << llvm::join(llvm::map_range(expected, dimString), "x");
  return success();
}

//===----------------------------------------------------------------------===//
// ScatterOp
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getIndices().getType());
  auto updates = cast<RankedTensorType>(getUpdates().getType());
  auto out = cast<RankedTensorType>(getType());
  if (out != in)
    return emitOpError("result type ")
           << out << " must be the operand's, " << in;
  if (failed(verifySameElementType(*this, in, updates)))
    return failure();
  if (!llvm::is_contained({"none", "add", "mul", "max", "min"},
                          getReduction()))
    return emitOpError("reduction '")
           << getReduction() << "' is not one of none, add, mul, max, min";
  if (getReduction() != "none" && in.getElementType().isInteger(1) &&
      getReduction() != "max" && getReduction() != "min")
    return emitOpError("reduction '") << getReduction() << "' on booleans";
  int64_t axis = static_cast<int64_t>(getAxis());
  if (axis < 0 || axis >= in.getRank())
    return emitOpError("axis ") << axis << " is out of range for " << in;
  if (indices.getShape() != updates.getShape() ||
      indices.getRank() != in.getRank())
    return emitOpError("indices ")
           << indices << " and updates " << updates
           << " must have one shape, of the operand's rank " << in.getRank();
  for (int64_t d = 0; d < in.getRank(); ++d)
    if (d != axis && !in.isDynamicDim(d) && !updates.isDynamicDim(d) &&
        updates.getDimSize(d) > in.getDimSize(d))
      return emitOpError("updates ")
             << updates << " are larger than the operand " << in
             << " in dimension " << d;
  return success();
}

//===----------------------------------------------------------------------===//
// ArgsortOp
//===----------------------------------------------------------------------===//

/// That `axis` names a dimension of `operand`, the operand of `op` (a sort
/// or a scan along it).
static LogicalResult verifyAxisOf(Operation *op, uint64_t axis,
                                  RankedTensorType operand) {
  int64_t dim = static_cast<int64_t>(axis);
  if (dim >= 0 && dim < operand.getRank())
    return success();
  return op->emitOpError("axis ")
         << dim << " is out of range for the operand " << operand
         << "; it names one of its dimensions, 0 to " << operand.getRank() - 1;
}

LogicalResult ArgsortOp::verify() {
  auto in = cast<RankedTensorType>(getOperand().getType());
  auto out = cast<RankedTensorType>(getType());
  if (failed(verifyAxisOf(*this, getAxis(), in)))
    return failure();
  if (out.getShape() != in.getShape())
    return emitOpError("result type ")
           << out << " must have the operand's shape, "
           << RankedTensorType::get(in.getShape(), out.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// CumulativeOp
//===----------------------------------------------------------------------===//

LogicalResult CumulativeOp::verify() {
  if (failed(verifyAxisOf(*this, getAxis(), cast<RankedTensorType>(getType()))))
    return failure();
  ReduceKind kind = getKind();
  if (kind != ReduceKind::sum && kind != ReduceKind::prod &&
      kind != ReduceKind::max && kind != ReduceKind::min &&
      kind != ReduceKind::logsumexp)
    return emitOpError("kind ")
           << stringifyReduceKind(kind)
           << " has no running form (sum, prod, max, min, logsumexp)";
  if (kind == ReduceKind::logsumexp &&
      !isa<FloatType>(getElementTypeOrSelf(getType())))
    return emitOpError("logsumexp needs a float operand, got ") << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// ConvOp
//===----------------------------------------------------------------------===//

bool ConvOp::coversWholeInput() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto filter = cast<RankedTensorType>(getFilter().getType());
  auto isZero = [](int64_t v) { return v == 0; };
  auto isOne = [](int64_t v) { return v == 1; };
  return getGroups() == 1 && in.hasStaticShape() && filter.hasStaticShape() &&
         llvm::all_of(getPaddingLow(), isZero) &&
         llvm::all_of(getPaddingHigh(), isZero) &&
         llvm::all_of(getStrides(), isOne) &&
         llvm::all_of(getDilations(), isOne) &&
         in.getShape().drop_front(2) == filter.getShape().drop_front(2);
}

bool ConvOp::isDepthwiseWeightGradient() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto filter = cast<RankedTensorType>(getFilter().getType());
  int64_t groups = getGroups();
  auto isZero = [](int64_t v) { return v == 0; };
  return groups > 1 && in.hasStaticShape() && filter.hasStaticShape() &&
         in.getDimSize(0) == 1 && filter.getDimSize(0) == groups &&
         in.getDimSize(1) == groups * filter.getDimSize(1) &&
         llvm::all_of(getPaddingLow(), isZero) &&
         llvm::all_of(getPaddingHigh(), isZero);
}

LogicalResult ConvOp::verify() {
  auto in = cast<RankedTensorType>(getInput().getType());
  auto filter = cast<RankedTensorType>(getFilter().getType());
  auto out = cast<RankedTensorType>(getType());
  Type elem = in.getElementType();
  if (filter.getElementType() != elem)
    return emitOpError("input and filter element types differ: ")
           << elem << " vs " << filter.getElementType() << "; insert a meld.cast";
  // Halves are summed in f32, as matmuls of halves are.
  if (out.getElementType() != (isa<Float16Type, BFloat16Type>(elem)
                                   ? Float32Type::get(getContext())
                                   : elem))
    return emitOpError("result element type ")
           << out.getElementType() << " is not valid for " << elem
           << " operands; use the operand type (or f32 for f16/bf16)";
  int64_t d = in.getRank() - 2;
  if (d < 1 || d > 3)
    return emitOpError("input ")
           << in << " must be [N, C, spatial...] with 1 to 3 spatial dims";
  if (filter.getRank() != in.getRank() || out.getRank() != in.getRank())
    return emitOpError("input ")
           << in << ", filter " << filter << " and result " << out
           << " must have the same rank";
  for (auto [name, values] :
       {std::pair<StringRef, ArrayRef<int64_t>>{"strides", getStrides()},
        {"dilations", getDilations()},
        {"padding_low", getPaddingLow()},
        {"padding_high", getPaddingHigh()}}) {
    if (static_cast<int64_t>(values.size()) != d)
      return emitOpError() << name << " has " << values.size()
                           << " entries for " << d << " spatial dims";
    int64_t least = name.starts_with("padding") ? 0 : 1;
    if (llvm::any_of(values, [&](int64_t v) { return v < least; }))
      return emitOpError() << name << " must be at least " << least;
  }
  if (!filter.hasStaticShape() || in.isDynamicDim(1))
    return emitOpError("the filter and the input's channels must be static: "
                       "input ")
           << in << ", filter " << filter;
  int64_t groups = getGroups(), channels = in.getDimSize(1);
  int64_t features = filter.getDimSize(0);
  if (groups < 1 || channels % groups || features % groups)
    return emitOpError("groups = ")
           << groups << " must divide the input channels (" << channels
           << ") and the filters (" << features << ")";
  if (filter.getDimSize(1) * groups != channels)
    return emitOpError("filter ")
           << filter << " must have C / groups = " << channels / groups
           << " input channels";
  SmallVector<int64_t> expected = {in.getDimSize(0), features};
  for (int64_t j = 0; j < d; ++j) {
    int64_t span = getDilations()[j] * (filter.getDimSize(2 + j) - 1) + 1;
    // A dynamic spatial dim gives a dynamic output dim; the kernels check
    // at run time that its padded input holds the dilated kernel.
    if (in.isDynamicDim(2 + j)) {
      expected.push_back(ShapedType::kDynamic);
      continue;
    }
    int64_t padded =
        in.getDimSize(2 + j) + getPaddingLow()[j] + getPaddingHigh()[j];
    if (padded < span)
      return emitOpError("spatial dim ")
             << j << ": the padded input (" << padded
             << ") is smaller than the dilated kernel (" << span << ")";
    expected.push_back((padded - span) / getStrides()[j] + 1);
  }
  if (out.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result type ")
           << out << " does not match the convolution's shape, expected "
           << RankedTensorType::get(expected, out.getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// IfOp, WhileOp
//===----------------------------------------------------------------------===//

/// Checks that `region` ends in a meld.yield of values of types `expected`.
static LogicalResult verifyYield(Operation *op, Region &region,
                                 StringRef regionName, TypeRange expected) {
  Block &block = region.front();
  auto yield = block.empty() ? YieldOp() : dyn_cast<YieldOp>(block.back());
  if (!yield)
    return op->emitOpError()
           << regionName << " region must end with meld.yield";
  if (yield.getValues().getTypes() != expected) {
    std::string want, got;
    llvm::raw_string_ostream wantOs(want), gotOs(got);
    llvm::interleaveComma(expected, wantOs);
    llvm::interleaveComma(yield.getValues().getTypes(), gotOs);
    return yield.emitOpError()
           << "in the " << regionName << " region of " << op->getName()
           << " yields (" << got << ") but (" << want << ") is expected";
  }
  return success();
}

LogicalResult IfOp::verify() {
  if (failed(verifyYield(*this, getThenRegion(), "then", getResultTypes())))
    return failure();
  return verifyYield(*this, getElseRegion(), "else", getResultTypes());
}

namespace {
/// meld.if on a constant predicate is replaced by the taken region.
struct InlineConstantIf : public OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr pred;
    if (!matchPattern(op.getPred(), m_Constant(&pred)))
      return rewriter.notifyMatchFailure(op, "predicate is not a constant");
    Region &taken =
        pred.getSplatValue<bool>() ? op.getThenRegion() : op.getElseRegion();
    Block *block = &taken.front();
    Operation *yield = block->getTerminator();
    SmallVector<Value> results(yield->getOperands());
    rewriter.inlineBlockBefore(block, op);
    rewriter.replaceOp(op, results);
    rewriter.eraseOp(yield);
    return success();
  }
};
} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<InlineConstantIf>(context);
}

LogicalResult WhileOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  llvm::append_range(inferredReturnTypes, operands.getTypes());
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange types = getInits().getTypes();
  for (auto [name, region] :
       {std::pair<StringRef, Region *>{"cond", &getCond()},
        {"body", &getBody()}}) {
    TypeRange argTypes = region->front().getArgumentTypes();
    if (argTypes != types)
      return emitOpError() << name << " region takes " << argTypes.size()
                           << " argument(s) of types (" << argTypes
                           << ") but the loop carries (" << types << ")";
  }
  auto predType = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (failed(verifyYield(*this, getCond(), "cond", TypeRange(predType))))
    return failure();
  return verifyYield(*this, getBody(), "body", types);
}

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

LogicalResult KernelOp::verify() {
  Block &body = getBody().front();
  if (body.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("body takes (")
           << body.getArgumentTypes() << ") but the inputs are ("
           << getInputs().getTypes() << ")";
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  Block &body = getBody().front();
  if (failed(verifyYield(*this, getBody(), "body", getResultTypes())))
    return failure();
  FusionKind kind = getKind();
  int64_t contractions = 0, reductions = 0;
  for (Operation &op : body.without_terminator()) {
    if (kind == FusionKind::horizontal) {
      auto nested = dyn_cast<KernelOp>(op);
      if (!nested || nested.getKind() == FusionKind::horizontal)
        return op.emitOpError("cannot be in a horizontal meld.kernel, which "
                              "holds only non-horizontal meld.kernel ops");
      continue;
    }
    if (isa<KernelOp, IfOp, WhileOp>(op))
      return op.emitOpError("cannot be inside a meld.kernel; control flow "
                            "and nested groups stay in the schedule");
    bool indexArith =
        isa<arith::ArithDialect>(op.getDialect()) &&
        llvm::all_of(op.getResultTypes(), [](Type t) { return t.isIndex(); });
    if (!isa<MeldDialect>(op.getDialect()) && !indexArith)
      return op.emitOpError("cannot be inside a meld.kernel: only meld ops "
                            "and arith index arithmetic can");
    if (isa<MatmulOp, BatchMatmulOp, ConvOp>(op))
      ++contractions;
    if (isa<ReduceOp>(op))
      ++reductions;
  }
  auto kindError = [&](StringRef what) {
    return emitOpError() << stringifyFusionKind(kind) << " kernel " << what;
  };
  switch (kind) {
  case FusionKind::pointwise:
    if (contractions || reductions)
      return kindError("cannot hold reductions or contractions");
    break;
  case FusionKind::reduction:
    if (!reductions)
      return kindError("needs at least one meld.reduce");
    if (contractions)
      return kindError("cannot hold contractions");
    break;
  case FusionKind::gemm:
    if (contractions != 1)
      return kindError("needs exactly one meld.matmul or meld.batch_matmul, "
                       "found ")
             << contractions;
    if (reductions)
      return kindError("cannot hold reductions");
    break;
  case FusionKind::horizontal:
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getCalleeAttr());
  if (!callee)
    return emitOpError("refers to '")
           << getCallee() << "', which is not a function in the module";
  if (!callee->hasAttr(kKernelAttrName))
    return emitOpError("callee '")
           << getCallee() << "' is not an outlined kernel (it has no '"
           << kKernelAttrName << "' attribute)";
  auto type = dyn_cast<FunctionType>(callee.getFunctionType());
  // The kernel is either in tensor form (same type as the launch) or in the
  // buffer form meld-kernel-to-dps gives it: inputs, one output buffer per
  // result, the block range, and no results. Booleans are i8 buffers (a
  // byte each, as the runtime stores them).
  auto bufferOf = [](Type t) -> Type {
    if (auto tensor = dyn_cast<RankedTensorType>(t)) {
      Type elem = tensor.getElementType();
      if (elem.isInteger(1))
        elem = IntegerType::get(t.getContext(), 8);
      return MemRefType::get(tensor.getShape(), elem);
    }
    return t;
  };
  auto matchesBufferForm = [&] {
    if (!type.getResults().empty() ||
        type.getNumInputs() !=
            getInputs().size() + getResults().size() + kBlockRangeArgs)
      return false;
    SmallVector<Type> expected;
    for (Type t : getInputs().getTypes())
      expected.push_back(bufferOf(t));
    for (Type t : getResults().getTypes())
      expected.push_back(bufferOf(t));
    expected.append(kBlockRangeArgs, IndexType::get(getContext()));
    return llvm::equal(type.getInputs(), expected);
  };
  if (!type || ((!llvm::equal(type.getInputs(), getInputs().getTypes()) ||
                 !llvm::equal(type.getResults(), getResults().getTypes())) &&
                !matchesBufferForm()))
    return emitOpError("types ")
           << FunctionType::get(getContext(), getInputs().getTypes(),
                                getResults().getTypes())
           << " do not match kernel '" << getCallee() << "' of type "
           << callee.getFunctionType();
  return success();
}
