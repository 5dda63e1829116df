//===- MeldToLinalg.cpp - meld ops to linalg, tensor, arith and math ------===//
//
// The one lowering step upstream cannot do for us. Everything it produces is
// upstream IR on tensors, so elementwise fusion, tiling, bufferization and
// the GPU and LLVM lowerings that follow are all upstream passes.
//
// Scalar semantics follow the reference interpreter (lib/Reference):
// NaN-propagating max/min (IEEE maximum/minimum), saturating float-to-int
// casts with NaN giving 0, wrapping integer arithmetic, integer division
// and remainder by zero giving 0 and out-of-bounds gather indices reading
// nothing (the interpreter reports an error; compiled code must not trap
// or read out of bounds), and shifts defined for every amount.
// Half-precision math runs in f32 and is rounded per op.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

namespace meld {
#define GEN_PASS_DEF_MELDCONVERTTOLINALG
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// Whether a divf's divisor is a constant: directly, or as an element of a
/// constant tensor (or a broadcast of one) that its linalg.generic reads.
/// Such a division stays a division: with `arcp` LLVM would multiply by
/// the constant's rounded reciprocal, which is not the quotient (x / 255 is
/// not x * (1/255)), and a quotient that is later rounded to an integer (a
/// quantization scale) would move by one. A run-time divisor (a row's sum)
/// keeps `arcp`, which is where it saves one division per element.
static bool hasConstantDivisor(Operation *div) {
  Value divisor = div->getOperand(1);
  if (matchPattern(divisor, m_Constant()))
    return true;
  auto arg = dyn_cast<BlockArgument>(divisor);
  if (!arg)
    return false;
  auto generic = dyn_cast<linalg::GenericOp>(arg.getOwner()->getParentOp());
  if (!generic || arg.getOwner() != generic.getBody() ||
      arg.getArgNumber() >= generic.getNumDpsInputs())
    return false;
  Value input = generic.getDpsInputOperand(arg.getArgNumber())->get();
  for (int hops = 0; hops < 4 && input; ++hops) {
    if (matchPattern(input, m_Constant()))
      return true;
    // through broadcasts and reshapes of a constant
    Operation *producer = input.getDefiningOp();
    if (!producer || producer->getNumOperands() == 0 ||
        !isa<linalg::BroadcastOp, linalg::GenericOp, tensor::ExpandShapeOp,
             tensor::CollapseShapeOp>(producer))
      return false;
    if (auto g = dyn_cast<linalg::GenericOp>(producer)) {
      if (g.getNumDpsInputs() != 1 ||
          !isa<linalg::YieldOp>(g.getBody()->front()) ||
          g.getBody()->front().getOperand(0) != g.getBody()->getArgument(0))
        return false;
    }
    input = producer->getOperand(0);
  }
  return false;
}

/// Whether a float computed in a generic's body is rounded to an integer
/// (roundeven, floor, ceil, trunc, round, or a conversion to an integer),
/// through float casts and through the generic's results into the generics
/// that read them. Such a quotient must be the division: one ulp from a
/// reciprocal multiply moves a tie (round(x / scale) of quantization).
static bool isRoundedToInteger(Value value, int depth = 0) {
  if (depth > 8)
    return false;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (isa<math::RoundEvenOp, math::RoundOp, math::FloorOp, math::CeilOp,
            math::TruncOp, arith::FPToSIOp, arith::FPToUIOp>(user))
      return true;
    if (isa<arith::TruncFOp, arith::ExtFOp>(user) &&
        isRoundedToInteger(user->getResult(0), depth + 1))
      return true;
    auto yield = dyn_cast<linalg::YieldOp>(user);
    if (!yield)
      continue;
    Value result = yield->getParentOp()->getResult(use.getOperandNumber());
    for (OpOperand &read : result.getUses()) {
      auto reader = dyn_cast<linalg::GenericOp>(read.getOwner());
      if (reader && reader.isDpsInput(&read) &&
          isRoundedToInteger(reader.getMatchingBlockArgument(&read), depth + 1))
        return true;
    }
  }
  return false;
}

namespace {

using utils::IteratorType;

bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

/// The type scalar float math runs in.
Type computeType(Type t) {
  return isHalf(t) ? Float32Type::get(t.getContext()) : t;
}

Value toCompute(OpBuilder &b, Location loc, Value v) {
  if (isHalf(v.getType()))
    return arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  return v;
}

Value fromCompute(OpBuilder &b, Location loc, Value v, Type to) {
  if (v.getType() == to)
    return v;
  return arith::TruncFOp::create(b, loc, to, v);
}

Value floatConst(OpBuilder &b, Location loc, Type t, double value) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, value));
}

Value intConst(OpBuilder &b, Location loc, Type t, int64_t value) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, value));
}

/// `tensor.dim` values for the dynamic dimensions of `v`.
SmallVector<Value> dynamicDims(OpBuilder &b, Location loc, Value v) {
  SmallVector<Value> dims;
  auto type = cast<RankedTensorType>(v.getType());
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (type.isDynamicDim(i))
      dims.push_back(tensor::DimOp::create(b, loc, v, i));
  return dims;
}

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange dynSizes) {
  return tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType(),
                                 dynSizes);
}

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

Value sigmoid(OpBuilder &b, Location loc, Value x) {
  Type t = x.getType();
  Value one = floatConst(b, loc, t, 1.0);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}

/// Float unary functions, computed in `x`'s type.
Value unaryFloat(OpBuilder &b, Location loc, Operation *op, Value x) {
  Type t = x.getType();
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](NegOp) { return arith::NegFOp::create(b, loc, x); })
      .Case([&](AbsOp) { return math::AbsFOp::create(b, loc, x); })
      .Case([&](ReluOp) {
        return arith::MaximumFOp::create(b, loc, x, floatConst(b, loc, t, 0));
      })
      .Case([&](ExpOp) { return math::ExpOp::create(b, loc, x); })
      .Case([&](LogOp) { return math::LogOp::create(b, loc, x); })
      .Case([&](TanhOp) { return math::TanhOp::create(b, loc, x); })
      .Case([&](SigmoidOp) { return sigmoid(b, loc, x); })
      .Case([&](ErfOp) { return math::ErfOp::create(b, loc, x); })
      .Case([&](SiluOp) {
        return arith::MulFOp::create(b, loc, x, sigmoid(b, loc, x));
      })
      .Case([&](SqrtOp) { return math::SqrtOp::create(b, loc, x); })
      .Case([&](RsqrtOp) { return math::RsqrtOp::create(b, loc, x); })
      .Case([&](SinOp) { return math::SinOp::create(b, loc, x); })
      .Case([&](CosOp) { return math::CosOp::create(b, loc, x); })
      .Case([&](FloorOp) { return math::FloorOp::create(b, loc, x); })
      .Case([&](CeilOp) { return math::CeilOp::create(b, loc, x); })
      .Case([&](RoundOp) { return math::RoundEvenOp::create(b, loc, x); })
      .Case([&](GeluOp gelu) -> Value {
        Value half = floatConst(b, loc, t, 0.5);
        Value one = floatConst(b, loc, t, 1.0);
        Value inner;
        if (gelu.getApproximate() == GeluApproximation::erf) {
          Value scaled = arith::MulFOp::create(
              b, loc, x, floatConst(b, loc, t, 1.0 / std::sqrt(2.0)));
          inner = math::ErfOp::create(b, loc, scaled);
        } else {
          Value x3 = arith::MulFOp::create(
              b, loc, arith::MulFOp::create(b, loc, x, x), x);
          Value poly = arith::AddFOp::create(
              b, loc, x,
              arith::MulFOp::create(b, loc, floatConst(b, loc, t, 0.044715),
                                    x3));
          Value k = floatConst(b, loc, t, std::sqrt(2.0 / M_PI));
          inner = math::TanhOp::create(b, loc,
                                       arith::MulFOp::create(b, loc, k, poly));
        }
        Value hx = arith::MulFOp::create(b, loc, half, x);
        return arith::MulFOp::create(b, loc, hx,
                                     arith::AddFOp::create(b, loc, one, inner));
      })
      .Default([](Operation *) { return Value(); });
}

Value unaryInt(OpBuilder &b, Location loc, Operation *op, Value x) {
  Type t = x.getType();
  Value zero = intConst(b, loc, t, 0);
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](NegOp) { return arith::SubIOp::create(b, loc, zero, x); })
      .Case([&](AbsOp) { return math::AbsIOp::create(b, loc, x); })
      .Case([&](ReluOp) { return arith::MaxSIOp::create(b, loc, x, zero); })
      .Case([&](NotOp) {
        // All ones: -1, or true for i1.
        return arith::XOrIOp::create(b, loc, x, intConst(b, loc, t, -1));
      })
      .Default([](Operation *) { return Value(); });
}

Value binaryFloat(OpBuilder &b, Location loc, Operation *op, Value x, Value y) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) { return arith::AddFOp::create(b, loc, x, y); })
      .Case([&](SubOp) { return arith::SubFOp::create(b, loc, x, y); })
      .Case([&](MulOp) { return arith::MulFOp::create(b, loc, x, y); })
      .Case([&](DivOp) { return arith::DivFOp::create(b, loc, x, y); })
      .Case([&](MaxOp) { return arith::MaximumFOp::create(b, loc, x, y); })
      .Case([&](MinOp) { return arith::MinimumFOp::create(b, loc, x, y); })
      .Case([&](PowOp) { return math::PowFOp::create(b, loc, x, y); })
      .Case([&](RemOp) { return arith::RemFOp::create(b, loc, x, y); })
      .Default([](Operation *) { return Value(); });
}

/// Signed division that never traps: x / 0 is 0 and MIN / -1 wraps to MIN.
/// With `check`, a cf.assert on a nonzero divisor comes first: the
/// interpreter fails on x / 0, and a checked kernel reports it to the
/// runtime (meld-lower-host-checks).
Value safeDivSI(OpBuilder &b, Location loc, Value x, Value y, bool check) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = intConst(b, loc, t, 0);
  if (check)
    cf::AssertOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, y, zero),
        kDivisionByZeroMessage);
  Value one = intConst(b, loc, t, 1);
  Value minusOne = intConst(b, loc, t, -1);
  Value min = arith::ConstantOp::create(
      b, loc, t, b.getIntegerAttr(t, APInt::getSignedMinValue(width)));
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
  Value overflow = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, min),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, minusOne));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value divisor = arith::SelectOp::create(b, loc, unsafe, one, y);
  Value q = arith::DivSIOp::create(b, loc, x, divisor);
  // With the divisor replaced by 1, q is x: MIN in the overflow case.
  return arith::SelectOp::create(b, loc, byZero, zero, q);
}

/// Truncated remainder that never traps: x % 0 and MIN % -1 are 0 (`check`
/// as for safeDivSI, with the same message: the interpreter reports both
/// as an integer division by zero).
Value safeRemSI(OpBuilder &b, Location loc, Value x, Value y, bool check) {
  Type t = x.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = intConst(b, loc, t, 0);
  Value byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y, zero);
  if (check)
    cf::AssertOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, y, zero),
        kDivisionByZeroMessage);
  Value min = arith::ConstantOp::create(
      b, loc, t, b.getIntegerAttr(t, APInt::getSignedMinValue(width)));
  Value overflow = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, min),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, y,
                            intConst(b, loc, t, -1)));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  // x % 1 is 0, the result of both unsafe cases.
  Value divisor =
      arith::SelectOp::create(b, loc, unsafe, intConst(b, loc, t, 1), y);
  return arith::RemSIOp::create(b, loc, x, divisor);
}

/// Shifts defined for every amount (arith's are poison from the bit width
/// on): an amount outside [0, width), negative ones included (unsigned
/// comparison), shifts everything out: 0 to the left, the sign fill
/// (a shift by width - 1) to the right.
Value shift(OpBuilder &b, Location loc, bool left, Value x, Value amount) {
  Type t = x.getType();
  int64_t width = t.getIntOrFloatBitWidth();
  Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        amount, intConst(b, loc, t, width));
  if (!left) {
    Value clamped = arith::SelectOp::create(b, loc, inRange, amount,
                                            intConst(b, loc, t, width - 1));
    return arith::ShRSIOp::create(b, loc, x, clamped);
  }
  Value zero = intConst(b, loc, t, 0);
  Value safe = arith::SelectOp::create(b, loc, inRange, amount, zero);
  Value shifted = arith::ShLIOp::create(b, loc, x, safe);
  return arith::SelectOp::create(b, loc, inRange, shifted, zero);
}

Value binaryInt(OpBuilder &b, Location loc, Operation *op, Value x, Value y,
                bool divisionChecks) {
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) { return arith::AddIOp::create(b, loc, x, y); })
      .Case([&](SubOp) { return arith::SubIOp::create(b, loc, x, y); })
      .Case([&](MulOp) { return arith::MulIOp::create(b, loc, x, y); })
      .Case([&](DivOp) { return safeDivSI(b, loc, x, y, divisionChecks); })
      .Case([&](RemOp) { return safeRemSI(b, loc, x, y, divisionChecks); })
      .Case([&](MaxOp) { return arith::MaxSIOp::create(b, loc, x, y); })
      .Case([&](MinOp) { return arith::MinSIOp::create(b, loc, x, y); })
      .Case([&](AndOp) { return arith::AndIOp::create(b, loc, x, y); })
      .Case([&](OrOp) { return arith::OrIOp::create(b, loc, x, y); })
      .Case([&](XorOp) { return arith::XOrIOp::create(b, loc, x, y); })
      .Case([&](ShiftLeftOp) { return shift(b, loc, /*left=*/true, x, y); })
      .Case([&](ShiftRightOp) { return shift(b, loc, /*left=*/false, x, y); })
      .Default([](Operation *) { return Value(); });
}

Value compare(OpBuilder &b, Location loc, CompareDirection dir, Value x,
              Value y) {
  Type t = x.getType();
  if (isa<FloatType>(t)) {
    arith::CmpFPredicate p;
    switch (dir) {
    case CompareDirection::eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    case CompareDirection::ne:
      p = arith::CmpFPredicate::UNE;
      break;
    case CompareDirection::lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CompareDirection::le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CompareDirection::gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CompareDirection::ge:
      p = arith::CmpFPredicate::OGE;
      break;
    }
    return arith::CmpFOp::create(b, loc, p, x, y);
  }
  // i1 compares as a boolean (false < true): unsigned.
  bool u = t.isInteger(1);
  arith::CmpIPredicate p;
  switch (dir) {
  case CompareDirection::eq:
    p = arith::CmpIPredicate::eq;
    break;
  case CompareDirection::ne:
    p = arith::CmpIPredicate::ne;
    break;
  case CompareDirection::lt:
    p = u ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case CompareDirection::le:
    p = u ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case CompareDirection::gt:
    p = u ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case CompareDirection::ge:
    p = u ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  }
  return arith::CmpIOp::create(b, loc, p, x, y);
}

/// Float to signed integer, saturating, NaN to 0 (like llvm.fptosi.sat).
Value saturatingFPToSI(OpBuilder &b, Location loc, Value x, IntegerType to) {
  Type ft = x.getType();
  if (ft.getIntOrFloatBitWidth() < 32) {
    x = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    ft = x.getType();
  }
  unsigned w = to.getWidth();
  double lo = -std::ldexp(1.0, w - 1), hi = std::ldexp(1.0, w - 1);
  Value loF = floatConst(b, loc, ft, lo), hiF = floatConst(b, loc, ft, hi);
  Value isNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value tooLow =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x, loF);
  Value tooHigh =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, hiF);
  Value zeroF = floatConst(b, loc, ft, 0.0);
  Value unsafe = arith::OrIOp::create(
      b, loc, isNan, arith::OrIOp::create(b, loc, tooLow, tooHigh));
  Value safe = arith::SelectOp::create(b, loc, unsafe, zeroF, x);
  Value r = arith::FPToSIOp::create(b, loc, to, safe);
  Value min = arith::ConstantOp::create(
      b, loc, to, b.getIntegerAttr(to, APInt::getSignedMinValue(w)));
  Value max = arith::ConstantOp::create(
      b, loc, to, b.getIntegerAttr(to, APInt::getSignedMaxValue(w)));
  r = arith::SelectOp::create(b, loc, tooLow, min, r);
  return arith::SelectOp::create(b, loc, tooHigh, max, r);
}

Value castScalar(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromF = dyn_cast<FloatType>(from);
  auto toF = dyn_cast<FloatType>(to);
  auto toI = dyn_cast<IntegerType>(to);
  if (fromF && toF) {
    if (fromF.getWidth() < toF.getWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    if (fromF.getWidth() > toF.getWidth())
      return arith::TruncFOp::create(b, loc, to, x);
    // f16 <-> bf16: through f32 (exact widening, one rounding).
    return arith::TruncFOp::create(
        b, loc, to, arith::ExtFOp::create(b, loc, b.getF32Type(), x));
  }
  if (fromF) {
    if (toI.getWidth() == 1) // NaN != 0 is true.
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   floatConst(b, loc, from, 0.0));
    return saturatingFPToSI(b, loc, x, toI);
  }
  auto fromI = cast<IntegerType>(from);
  if (toF)
    return fromI.getWidth() == 1
               ? arith::UIToFPOp::create(b, loc, to, x).getResult()
               : arith::SIToFPOp::create(b, loc, to, x).getResult();
  if (toI.getWidth() == 1)
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x,
                                 intConst(b, loc, from, 0));
  if (fromI.getWidth() == 1)
    return arith::ExtUIOp::create(b, loc, to, x);
  if (fromI.getWidth() < toI.getWidth())
    return arith::ExtSIOp::create(b, loc, to, x);
  return arith::TruncIOp::create(b, loc, to, x);
}

/// The scalar body of an elementwise op on element values `args`
/// (`divisionChecks`: see safeDivSI).
Value elementwiseScalar(OpBuilder &b, Location loc, Operation *op,
                        ValueRange args, Type resultElem, bool divisionChecks) {
  if (auto cast = dyn_cast<CastOp>(op))
    return castScalar(b, loc, args[0], resultElem);
  if (isa<BitcastOp>(op))
    return arith::BitcastOp::create(b, loc, resultElem, args[0]);
  if (auto cmp = dyn_cast<CompareOp>(op)) {
    Value x = toCompute(b, loc, args[0]), y = toCompute(b, loc, args[1]);
    return compare(b, loc, cmp.getDirection(), x, y);
  }
  if (isa<SelectOp>(op))
    return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
  if (isa<FloatType>(resultElem)) {
    SmallVector<Value> xs;
    for (Value a : args)
      xs.push_back(toCompute(b, loc, a));
    Value r = xs.size() == 1 ? unaryFloat(b, loc, op, xs[0])
              : isa<FmaOp>(op)
                  ? math::FmaOp::create(b, loc, xs[0], xs[1], xs[2]).getResult()
                  : binaryFloat(b, loc, op, xs[0], xs[1]);
    return r ? fromCompute(b, loc, r, resultElem) : Value();
  }
  return args.size() == 1
             ? unaryInt(b, loc, op, args[0])
             : binaryInt(b, loc, op, args[0], args[1], divisionChecks);
}

//===----------------------------------------------------------------------===//
// Structured ops
//===----------------------------------------------------------------------===//

/// The extents of a convolution's dims that are dynamic, as index values
/// computed before it (null where static): the batch, and each spatial dim
/// of its input and of its result.
struct ConvExtents {
  Value batch;
  SmallVector<Value> input, output;

  /// The batch, when it is dynamic (the dynamic sizes of a type whose only
  /// dynamic dim is the batch).
  SmallVector<Value> batchOnly() const {
    return batch ? SmallVector<Value>{batch} : SmallVector<Value>{};
  }
  /// The dynamic sizes of the convolution's result type `type`.
  SmallVector<Value> result(RankedTensorType type) const {
    SmallVector<Value> perDim = {batch, nullptr};
    llvm::append_range(perDim, output);
    return of(type, perDim);
  }
  /// The dynamic sizes of `type`, whose dim i has the extent `perDim[i]`
  /// (null for a static dim).
  static SmallVector<Value> of(RankedTensorType type, ArrayRef<Value> perDim) {
    SmallVector<Value> sizes;
    for (auto [i, v] : llvm::enumerate(perDim))
      if (type.isDynamicDim(i)) {
        assert(v && "a dynamic dim without its extent");
        sizes.push_back(v);
      }
    return sizes;
  }
};

class Lowering {
public:
  Lowering(RewriterBase &rewriter, bool strictFp, bool divisionChecks,
           bool paddedConvColumns, int64_t outerProductMinImages)
      : b(rewriter), divisionChecks(divisionChecks),
        paddedConvColumns(paddedConvColumns),
        outerProductMinImages(outerProductMinImages),
        sumFlags(strictFp ? arith::FastMathFlags::none
                          : arith::FastMathFlags::reassoc) {}

  LogicalResult lower(Operation *op);

private:
  LogicalResult lowerElementwise(Operation *op);
  LogicalResult lowerBroadcast(BroadcastInDimOp op);
  LogicalResult lowerReshape(ReshapeOp op);
  LogicalResult lowerReduce(ReduceOp op);
  LogicalResult lowerContraction(Operation *op, bool transposeLhs,
                                 bool transposeRhs);
  LogicalResult lowerConcat(ConcatOp op);
  /// A concatenation along the last dim of inputs one element long there
  /// (an interleave: the phases of a strided convolution's input gradient
  /// put together) as one generic that picks input `k` at position `k`
  /// into `init`, so each output row is written once, in order; inserted
  /// slices copied each input at a stride of the input count, element by
  /// element. Fails for any other concatenation.
  LogicalResult lowerInterleave(ConcatOp op, Value init);
  LogicalResult lowerGather(GatherOp op);
  LogicalResult lowerConv(ConvOp op);
  LogicalResult lowerConvOverImage(ConvOp op, const ConvExtents &extents,
                                   int64_t depth, int64_t kernelSize);
  LogicalResult lowerConvByPixelRows(ConvOp op, const ConvExtents &extents);
  LogicalResult lowerWholeInputConv(ConvOp op);
  /// A copy of `src` into a fresh `type` (dynamic sizes `sizes`), element
  /// `i` read at `read(i)`.
  Value copyThroughMap(Location loc, Value src, RankedTensorType type,
                       AffineMap read, ValueRange sizes);
  /// The extents of `op`'s dynamic dims (ConvExtents), computed before it.
  ConvExtents convExtents(ConvOp op);
  /// The columns `[N, K, P]` of a convolution over one image, copied from
  /// its zero-padded input (`padded-conv-columns`).
  Value paddedColumns(ConvOp op, const ConvExtents &extents);
  /// A convolution's input with its zero padding (the input itself when it
  /// has none).
  Value paddedInput(ConvOp op, const ConvExtents &extents);
  /// A grouped convolution (depthwise: one channel per group) as one
  /// generic over the padded input, with no columns.
  LogicalResult lowerGroupedConv(ConvOp op, const ConvExtents &extents);
  /// A generic summing the products of `inputs`' two elements into a
  /// zero-filled `type` (dynamic sizes `batch`): `out += in0 * in1` in the
  /// result's element type, with the maps of both inputs and the result.
  Value sumOfProducts(Location loc, ValueRange inputs, RankedTensorType type,
                      ValueRange batch, ArrayRef<AffineMap> maps,
                      ArrayRef<utils::IteratorType> iters);
  /// The generic of sumOfProducts adding into `init` (its element type
  /// the sums'), built with `nb`.
  Value addProducts(OpBuilder &nb, Location loc, ValueRange inputs,
                    Value init, ArrayRef<AffineMap> maps,
                    ArrayRef<utils::IteratorType> iters);
  /// A convolution's contraction: the filter as `[F, K]` times `columns`
  /// into a zero-filled `type` (dynamic sizes `batch`), with the indexing
  /// maps of the filter, the columns and the result.
  Value convContraction(Location loc, Value filter, Value columns,
                        RankedTensorType type, ValueRange batch,
                        ArrayRef<AffineMap> maps,
                        ArrayRef<utils::IteratorType> iters);
  LogicalResult lowerScatter(ScatterOp op);
  /// meld.argsort: the indices along the axis, then a heapsort of each
  /// row's in place (kSerialLoopAttrName).
  LogicalResult lowerArgsort(ArgsortOp op);
  /// meld.cumulative: a loop along each row carrying the running value.
  LogicalResult lowerCumulative(CumulativeOp op);
  /// `init` through `rowBody` once per row of `sizes` along `axis` (its
  /// coordinates, the axis entry unset), serially: on the host
  /// (paddedConvColumns) an axis other than the first in blocks of the
  /// first dim's rows that meld-tile-host-blocks shares between threads
  /// (kGroupedRowBlocksAttrName), elsewhere one loop
  /// (kSerialLoopAttrName: one GPU thread). The last loop's results.
  ValueRange
  forEachRow(Location loc, ArrayRef<Value> sizes, int64_t axis, Value init,
             function_ref<Value(OpBuilder &, Location, Value, ArrayRef<Value>)>
                 rowBody);
  /// meld.grouped_matmul: on the host a loop over the groups, each a
  /// contraction of its rows (or contraction positions) that the host's
  /// matmul path tiles; elsewhere generics that read each position's group
  /// matrix at its index.
  LogicalResult lowerGroupedMatmul(GroupedMatmulOp op);
  /// A host grouped matmul's groups of the contraction (`x^T dy` per
  /// group, into the zero-filled `out`, `size` positions): blocks of groups
  /// that meld-tile-host-blocks shares between threads, each group's
  /// positions in chunks of a static length, zero-padded, each chunk a
  /// static matmul that the host's register tiles take.
  Value groupedContractions(GroupedMatmulOp op, Value out, Value size);
  /// The group of position `p` (index) of a grouped matmul, as i64: the
  /// first g with `offsets[g] > p`, or the number of groups (none). A chain
  /// of selects, with no buffer: GPU kernels cannot hold a per-position one
  /// of dynamic size.
  Value groupAt(OpBuilder &nb, Location loc, Value offsets, Value p);
  /// Index `i` (any integer type) along a dimension of i64 `size`, a
  /// negative one counted from the end: the i64 index, and whether it is
  /// in bounds (asserted with division checks, for the kernel's status).
  std::pair<Value, Value> checkedIndex(OpBuilder &nb, Location loc, Value i,
                                       Value size);
  LogicalResult lowerSlice(SliceOp op);
  LogicalResult lowerIota(IotaOp op);

  /// Result dynamic sizes of an op whose result has `operand`'s shape. In
  /// a foreach body (kForeachSizeArgAttrName), whose full-size values all
  /// have one size, that of the size argument: one SSA size lets tiling and
  /// fusion treat all its loops as one iteration space.
  SmallVector<Value> sameShapeDims(Location loc, Value operand) {
    auto type = cast<RankedTensorType>(operand.getType());
    auto func = operand.getParentRegion()->getParentOfType<func::FuncOp>();
    if (auto arg = func ? func->getAttrOfType<IntegerAttr>(
                              meld::kForeachSizeArgAttrName)
                        : IntegerAttr();
        arg && type.getRank() == 1 && type.isDynamicDim(0))
      return {tensor::DimOp::create(
          b, loc, func.getArgument(arg.getInt()), 0)};
    return dynamicDims(b, loc, operand);
  }

  RewriterBase &b;
  bool divisionChecks;
  /// Gather per-image convolution columns from a zero-padded input copy
  /// (lowerConvOverImage).
  bool paddedConvColumns;
  /// The fewest images (input channels of a weight gradient) that take
  /// lowerConvByPixelRows' sums of outer products (the pass option): their
  /// kernel is one block per thread of whole images, so fewer than 2 per
  /// thread of 2 leave a thread idle. A first convolution's gradient (3
  /// channels, 32 filters, 16 images of 64 x 64), one block on one thread:
  /// 0.62-0.84 ms against the columns' 0.71-1.13 on Zen 5's AVX-512, but
  /// 1.6-1.75 against 1.1-1.2 in AVX2 code on the same machine; so 4 by
  /// default and 2 with AVX-512's tiles (2 and 3 images 1.16x and 1.14-1.22x
  /// the columns, MobileNetV2's first gradient, 3 channels by 32 filters
  /// over 4 images of 80 x 80 at stride 2, 1.21-1.37x: one process, Zen 5).
  int64_t outerProductMinImages;
  /// Flags of the additions that accumulate sums and dot products:
  /// reassoc lets them vectorize (partial sums per lane) unless strict-fp.
  arith::FastMathFlags sumFlags;
};

LogicalResult Lowering::lower(Operation *op) {
  b.setInsertionPoint(op);
  Location loc = op->getLoc();
  if (op->hasTrait<OpTrait::Elementwise>() || isa<GeluOp>(op))
    return lowerElementwise(op);
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](ConstantOp c) {
        b.replaceOpWithNewOp<arith::ConstantOp>(c,
                                                cast<TypedAttr>(c.getValue()));
        return success();
      })
      .Case([&](DimOp d) {
        b.replaceOpWithNewOp<tensor::DimOp>(d, d.getSource(),
                                            static_cast<int64_t>(d.getIndex()));
        return success();
      })
      .Case([&](BroadcastInDimOp o) { return lowerBroadcast(o); })
      .Case([&](ReshapeOp o) { return lowerReshape(o); })
      .Case([&](TransposeOp o) {
        auto type = cast<RankedTensorType>(o.getType());
        SmallVector<Value> dyn;
        for (int64_t i = 0; i < type.getRank(); ++i)
          if (type.isDynamicDim(i))
            dyn.push_back(
                tensor::DimOp::create(b, loc, o.getOperand(), o.getPerm()[i]));
        Value init = emptyTensor(b, loc, type, dyn);
        auto t = linalg::TransposeOp::create(b, loc, o.getOperand(), init,
                                             o.getPerm());
        b.replaceOp(o, t->getResults());
        return success();
      })
      .Case([&](SliceOp o) { return lowerSlice(o); })
      .Case([&](ConcatOp o) { return lowerConcat(o); })
      .Case([&](GatherOp o) { return lowerGather(o); })
      .Case([&](ConvOp o) { return lowerConv(o); })
      .Case([&](ScatterOp o) { return lowerScatter(o); })
      .Case([&](ArgsortOp o) { return lowerArgsort(o); })
      .Case([&](CumulativeOp o) { return lowerCumulative(o); })
      .Case([&](GroupedMatmulOp o) { return lowerGroupedMatmul(o); })
      .Case([&](IotaOp o) { return lowerIota(o); })
      .Case([&](ReduceOp o) { return lowerReduce(o); })
      .Case([&](MatmulOp o) {
        return lowerContraction(o, o.getTransposeLhs(), o.getTransposeRhs());
      })
      .Case([&](BatchMatmulOp o) {
        return lowerContraction(o, o.getTransposeLhs(), o.getTransposeRhs());
      })
      .Default([&](Operation *o) {
        return o->emitOpError("cannot be lowered to linalg");
      });
}

LogicalResult Lowering::lowerElementwise(Operation *op) {
  Location loc = op->getLoc();
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = type.getRank();
  Value shapeSource = op->getOperand(op->getNumOperands() - 1);
  Value init = emptyTensor(b, loc, type, sameShapeDims(loc, shapeSource));
  SmallVector<AffineMap> maps(op->getNumOperands() + 1,
                              b.getMultiDimIdentityMap(rank));
  SmallVector<IteratorType> iters(rank, IteratorType::parallel);
  bool failedBody = false;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, op->getOperands(), ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value r = elementwiseScalar(nb, nloc, op, args.drop_back(),
                                    type.getElementType(), divisionChecks);
        if (!r) {
          failedBody = true;
          r = args.back();
        }
        linalg::YieldOp::create(nb, nloc, r);
      });
  if (failedBody) {
    b.eraseOp(generic);
    return op->emitOpError("has no scalar lowering for element type ")
           << type.getElementType();
  }
  b.replaceOp(op, generic->getResults());
  return success();
}

LogicalResult Lowering::lowerBroadcast(BroadcastInDimOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  auto srcType = cast<RankedTensorType>(op.getOperand().getType());
  Value init = emptyTensor(b, loc, type, op.getDynamicSizes());
  SmallVector<AffineExpr> exprs;
  for (auto [i, d] : llvm::enumerate(op.getDims())) {
    bool expanded = srcType.getDimSize(i) == 1 && type.getDimSize(d) != 1;
    exprs.push_back(expanded ? b.getAffineConstantExpr(0)
                             : b.getAffineDimExpr(d));
  }
  SmallVector<AffineMap> maps = {
      AffineMap::get(type.getRank(), 0, exprs, b.getContext()),
      b.getMultiDimIdentityMap(type.getRank())};
  SmallVector<IteratorType> iters(type.getRank(), IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{op.getOperand()}, ValueRange{init},
      maps, iters, [](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, args[0]);
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

LogicalResult Lowering::lowerReshape(ReshapeOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value src = op.getOperand();
  auto srcType = cast<RankedTensorType>(src.getType());
  // Collapse to one dimension, then expand to the result shape.
  Value flat;
  if (srcType.getRank() == 1) {
    flat = src;
  } else if (srcType.getRank() == 0) {
    flat = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get({1}, srcType.getElementType()), src,
        ArrayRef<ReassociationIndices>{});
  } else {
    ReassociationIndices all;
    for (int64_t i = 0; i < srcType.getRank(); ++i)
      all.push_back(i);
    flat = tensor::CollapseShapeOp::create(b, loc, src,
                                           ArrayRef<ReassociationIndices>{all});
  }
  Value result;
  auto flatType = cast<RankedTensorType>(flat.getType());
  if (type.getRank() == 0) {
    result = tensor::CollapseShapeOp::create(b, loc, type, flat,
                                             ArrayRef<ReassociationIndices>{});
  } else if (type.getRank() == 1) {
    result = flatType == type
                 ? flat
                 : tensor::CastOp::create(b, loc, type, flat).getResult();
  } else {
    ReassociationIndices all;
    SmallVector<OpFoldResult> outShape;
    auto dyn = op.getDynamicSizes().begin();
    for (int64_t i = 0; i < type.getRank(); ++i) {
      all.push_back(i);
      if (type.isDynamicDim(i))
        outShape.push_back(*dyn++);
      else
        outShape.push_back(b.getIndexAttr(type.getDimSize(i)));
    }
    if (!flatType.isDynamicDim(0) && !type.hasStaticShape())
      flat = tensor::CastOp::create(
          b, loc,
          RankedTensorType::get({ShapedType::kDynamic}, type.getElementType()),
          flat);
    else if (flatType.isDynamicDim(0) && type.hasStaticShape())
      flat = tensor::CastOp::create(
          b, loc,
          RankedTensorType::get({type.getNumElements()}, type.getElementType()),
          flat);
    result = tensor::ExpandShapeOp::create(
        b, loc, type, flat, ArrayRef<ReassociationIndices>{all}, outShape);
  }
  b.replaceOp(op, result);
  return success();
}

LogicalResult Lowering::lowerInterleave(ConcatOp op, Value init) {
  auto type = cast<RankedTensorType>(op.getType());
  int64_t rank = type.getRank(), last = rank - 1;
  ValueRange inputs = op.getInputs();
  if (op.getDim() != last || inputs.size() < 2 ||
      llvm::any_of(inputs, [&](Value in) {
        return cast<RankedTensorType>(in.getType()).getDimSize(last) != 1 ||
               matchPattern(in, m_Constant());
      }))
    return failure();
  Location loc = op.getLoc();
  SmallVector<AffineExpr> exprs;
  for (int64_t i = 0; i < last; ++i)
    exprs.push_back(b.getAffineDimExpr(i));
  exprs.push_back(b.getAffineConstantExpr(0));
  SmallVector<AffineMap> maps(inputs.size(),
                              AffineMap::get(rank, 0, exprs, b.getContext()));
  maps.push_back(b.getMultiDimIdentityMap(rank));
  SmallVector<IteratorType> iters(rank, IteratorType::parallel);
  int64_t count = inputs.size();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, inputs, ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value position = linalg::IndexOp::create(nb, nloc, last);
        Value picked = args[count - 1];
        for (int64_t k = count - 2; k >= 0; --k) {
          Value isK = arith::CmpIOp::create(
              nb, nloc, arith::CmpIPredicate::eq, position,
              arith::ConstantIndexOp::create(nb, nloc, k));
          picked = arith::SelectOp::create(nb, nloc, isK, args[k], picked);
        }
        linalg::YieldOp::create(nb, nloc, picked);
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

LogicalResult Lowering::lowerConcat(ConcatOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t axis = op.getDim();
  Value first = op.getInputs().front();
  SmallVector<Value> dyn;
  Value total;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!type.isDynamicDim(i))
      continue;
    if (i != axis) {
      dyn.push_back(tensor::DimOp::create(b, loc, first, i));
      continue;
    }
    for (Value in : op.getInputs()) {
      Value d = tensor::DimOp::create(b, loc, in, i);
      total = total ? arith::AddIOp::create(b, loc, total, d).getResult() : d;
    }
    dyn.push_back(total);
  }
  Value acc = emptyTensor(b, loc, type, dyn);
  if (succeeded(lowerInterleave(op, acc)))
    return success();
  OpFoldResult offset = b.getIndexAttr(0);
  // The pieces are inserted computed ones first, constants after (their
  // slices are disjoint, so the order is free): a padding's interior is
  // then inserted straight into the concatenation's empty tensor, which
  // meld-tile-host-blocks turns into a slice of the output that the
  // interior is computed in (one-shot bufferization copies a slice taken
  // through earlier inserts).
  struct Piece {
    Value in;
    SmallVector<OpFoldResult> offsets, sizes;
  };
  SmallVector<Piece> computed, constants;
  for (Value in : op.getInputs()) {
    auto inType = cast<RankedTensorType>(in.getType());
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes;
    offsets[axis] = offset;
    for (int64_t i = 0; i < type.getRank(); ++i)
      sizes.push_back(
          inType.isDynamicDim(i)
              ? OpFoldResult(tensor::DimOp::create(b, loc, in, i).getResult())
              : OpFoldResult(b.getIndexAttr(inType.getDimSize(i))));
    (matchPattern(in, m_Constant()) ? constants : computed)
        .push_back({in, offsets, sizes});
    // Advance the offset along the axis.
    OpFoldResult size = sizes[axis];
    auto offAttr = dyn_cast<Attribute>(offset);
    auto sizeAttr = dyn_cast<Attribute>(size);
    if (offAttr && sizeAttr) {
      offset = b.getIndexAttr(cast<IntegerAttr>(offAttr).getInt() +
                              cast<IntegerAttr>(sizeAttr).getInt());
    } else {
      Value o = getValueOrCreateConstantIndexOp(b, loc, offset);
      Value s = getValueOrCreateConstantIndexOp(b, loc, size);
      offset = arith::AddIOp::create(b, loc, o, s).getResult();
    }
  }
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  for (const Piece &piece : llvm::concat<const Piece>(computed, constants))
    acc = tensor::InsertSliceOp::create(b, loc, piece.in, acc, piece.offsets,
                                        piece.sizes, strides);
  b.replaceOp(op, acc);
  return success();
}

LogicalResult Lowering::lowerSlice(SliceOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  SmallVector<int64_t> strides = op.getStrideValues();
  SmallVector<OpFoldResult> offsets, sizes, steps;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    offsets.push_back(b.getIndexAttr(op.getStart()[i]));
    steps.push_back(b.getIndexAttr(strides[i]));
    // A dynamic result dimension is a dynamic operand dimension kept whole
    // (the verifier allows no other).
    if (type.isDynamicDim(i)) {
      if (!op.isWholeDim(i))
        return op.emitOpError("result dimension ")
               << i << " is dynamic but the slice does not keep it whole";
      sizes.push_back(
          tensor::DimOp::create(b, op.getLoc(), op.getOperand(), i)
              .getResult());
    } else {
      sizes.push_back(b.getIndexAttr(type.getDimSize(i)));
    }
  }
  b.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, type, op.getOperand(),
                                               offsets, sizes, steps);
  return success();
}

/// `acc` combined with `v` by a sum, product, maximum or minimum (NaN
/// propagating for floats; or / and for booleans); a float sum carries
/// `addFlags`.
static Value combineReduced(OpBuilder &b, Location loc, ReduceKind kind,
                            Value acc, Value v,
                            arith::FastMathFlags addFlags =
                                arith::FastMathFlags::none) {
  bool isFloat = isa<FloatType>(acc.getType());
  bool isBool = acc.getType().isInteger(1);
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::mean:
    return isFloat ? arith::AddFOp::create(b, loc, acc, v, addFlags).getResult()
                   : arith::AddIOp::create(b, loc, acc, v).getResult();
  case ReduceKind::prod:
    return isFloat ? arith::MulFOp::create(b, loc, acc, v).getResult()
                   : arith::MulIOp::create(b, loc, acc, v).getResult();
  case ReduceKind::max:
    return isFloat  ? arith::MaximumFOp::create(b, loc, acc, v).getResult()
           : isBool ? arith::OrIOp::create(b, loc, acc, v).getResult()
                    : arith::MaxSIOp::create(b, loc, acc, v).getResult();
  case ReduceKind::min:
    return isFloat  ? arith::MinimumFOp::create(b, loc, acc, v).getResult()
           : isBool ? arith::AndIOp::create(b, loc, acc, v).getResult()
                    : arith::MinSIOp::create(b, loc, acc, v).getResult();
  default:
    llvm_unreachable("not a combining reduction");
  }
}

/// `tensor[at]` where `inBounds` holds, else 0 (of `elem`): the load is
/// only executed in bounds.
static Value extractOrZero(OpBuilder &b, Location loc, Value inBounds,
                           Value tensor, ValueRange at, Type elem) {
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &tb, Location tloc) {
        scf::YieldOp::create(
            tb, tloc, ValueRange{tensor::ExtractOp::create(tb, tloc, tensor, at)});
      },
      [&](OpBuilder &eb, Location eloc) {
        Value zero = isa<FloatType>(elem) ? floatConst(eb, eloc, elem, 0.0)
                                          : intConst(eb, eloc, elem, 0);
        scf::YieldOp::create(eb, eloc, zero);
      });
  return ifOp.getResult(0);
}

/// A generic over the result: the index tensor is its one input (read at
/// the result dims it occupies), the operand is read with tensor.extract at
/// the index, made non-negative. An index out of bounds reads nothing and
/// gives 0 (after a cf.assert with `divisionChecks`): the read sits in an
/// scf.if, so no block of any kernel reads outside the operand, empty
/// operand dimensions included.
LogicalResult Lowering::lowerGather(GatherOp op) {
  Location loc = op.getLoc();
  Value x = op.getOperand(), indices = op.getIndices();
  auto type = cast<RankedTensorType>(op.getType());
  auto xType = cast<RankedTensorType>(x.getType());
  auto indexType = cast<RankedTensorType>(indices.getType());
  int64_t axis = op.getAxis();
  int64_t count = indexType.getRank();
  int64_t rank = type.getRank();
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    if (d < axis)
      dyn.push_back(tensor::DimOp::create(b, loc, x, d));
    else if (d < axis + count)
      dyn.push_back(tensor::DimOp::create(b, loc, indices, d - axis));
    else
      dyn.push_back(tensor::DimOp::create(b, loc, x, d - count + 1));
  }
  Value init = emptyTensor(b, loc, type, dyn);
  Type i64 = b.getI64Type();
  Value size =
      xType.isDynamicDim(axis)
          ? arith::IndexCastOp::create(b, loc, i64,
                                       tensor::DimOp::create(b, loc, x, axis))
                .getResult()
          : intConst(b, loc, i64, xType.getDimSize(axis));
  SmallVector<AffineExpr> indexExprs;
  for (int64_t j = 0; j < count; ++j)
    indexExprs.push_back(b.getAffineDimExpr(axis + j));
  SmallVector<AffineMap> maps = {
      AffineMap::get(rank, 0, indexExprs, b.getContext()),
      b.getMultiDimIdentityMap(rank)};
  SmallVector<IteratorType> iters(rank, IteratorType::parallel);
  Type elem = type.getElementType();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{indices}, ValueRange{init}, maps,
      iters, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        auto [i, inBounds] = checkedIndex(nb, nloc, args[0], size);
        SmallVector<Value> at;
        for (int64_t d = 0; d < xType.getRank(); ++d) {
          if (d == axis)
            at.push_back(arith::IndexCastOp::create(nb, nloc,
                                                    nb.getIndexType(), i));
          else
            at.push_back(linalg::IndexOp::create(
                nb, nloc, d < axis ? d : d + count - 1));
        }
        linalg::YieldOp::create(
            nb, nloc, extractOrZero(nb, nloc, inBounds, x, at, elem));
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

std::pair<Value, Value> Lowering::checkedIndex(OpBuilder &nb, Location loc,
                                               Value i, Value size) {
  Type i64 = nb.getI64Type();
  if (!i.getType().isInteger(64))
    i = arith::ExtSIOp::create(nb, loc, i64, i);
  Value negative = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt, i,
                                         intConst(nb, loc, i64, 0));
  i = arith::SelectOp::create(nb, loc, negative,
                              arith::AddIOp::create(nb, loc, i, size), i);
  // Unsigned: a still negative index is out of bounds too.
  Value inBounds =
      arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult, i, size);
  if (divisionChecks)
    cf::AssertOp::create(nb, loc, inBounds, kGatherIndexMessage);
  return {i, inBounds};
}

/// The value of an index built from constants, static dims (tensor.dim)
/// and products of them, before canonicalization folds it.
static std::optional<int64_t> staticIndex(Value v) {
  if (std::optional<int64_t> c = getConstantIntValue(v))
    return c;
  if (auto dim = v.getDefiningOp<tensor::DimOp>()) {
    auto type = cast<RankedTensorType>(dim.getSource().getType());
    std::optional<int64_t> d = dim.getConstantIndex();
    if (d && !type.isDynamicDim(*d))
      return type.getDimSize(*d);
  } else if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
    std::optional<int64_t> l = staticIndex(mul.getLhs());
    std::optional<int64_t> r = staticIndex(mul.getRhs());
    if (l && r)
      return *l * *r;
  }
  return std::nullopt;
}

/// A loop over [0, count) that GPU kernels run on one thread
/// (kSerialLoopAttrName), carrying `inits`; `body` builds an iteration and
/// its scf.yield. A loop of one trip would be folded away with its mark,
/// and its body run by every thread of the workgroup at once: a 1-D
/// argsort was heapsorted in place by 256 threads (wrong indices on an
/// H200), a scatter of one update added by each. So a count that is the
/// constant 1 runs as two trips, the second empty.
static scf::ForOp buildSerialLoop(OpBuilder &b, Location loc, Value count,
                                  ValueRange inits,
                                  function_ref<void(OpBuilder &, Location,
                                                    Value, ValueRange)>
                                      body) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  scf::ForOp loop;
  if (staticIndex(count) == 1) {
    Value two = arith::ConstantIndexOp::create(b, loc, 2);
    loop = scf::ForOp::create(
        b, loc, zero, two, one, inits,
        [&](OpBuilder &lb, Location l, Value i, ValueRange iter) {
          Value first =
              arith::CmpIOp::create(lb, l, arith::CmpIPredicate::eq, i, zero);
          auto only = scf::IfOp::create(
              lb, l, first,
              [&](OpBuilder &tb, Location tl) { body(tb, tl, zero, iter); },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, iter);
              });
          scf::YieldOp::create(lb, l, only.getResults());
        });
  } else {
    loop = scf::ForOp::create(b, loc, zero, count, one, inits, body);
  }
  loop->setAttr(kSerialLoopAttrName, b.getUnitAttr());
  return loop;
}

/// meld.scatter as a copy of the operand and a loop over the updates in
/// row-major order that writes (or combines) each at its position: the
/// order the interpreter follows, so duplicate positions give its result.
/// The loop is marked kSerialLoopAttrName: GPU kernels run it on one
/// thread. An index out of bounds fails the kernel's check (with division
/// checks) and is skipped.
LogicalResult Lowering::lowerScatter(ScatterOp op) {
  Location loc = op.getLoc();
  Value x = op.getOperand(), indices = op.getIndices(),
        updates = op.getUpdates();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t rank = type.getRank(), axis = op.getAxis();
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, x, d));
  Value copy = linalg::CopyOp::create(b, loc, x, emptyTensor(b, loc, type, dyn))
                   .getResult(0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> sizes;
  Value count = one;
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(tensor::DimOp::create(b, loc, updates, d));
    count = arith::MulIOp::create(b, loc, count, sizes.back());
  }
  Type i64 = b.getI64Type();
  Value size = arith::IndexCastOp::create(b, loc, i64,
                                          tensor::DimOp::create(b, loc, x, axis));
  std::optional<ReduceKind> combiner =
      llvm::StringSwitch<std::optional<ReduceKind>>(op.getReduction())
          .Case("add", ReduceKind::sum)
          .Case("mul", ReduceKind::prod)
          .Case("max", ReduceKind::max)
          .Case("min", ReduceKind::min)
          .Default(std::nullopt);
  auto loop = buildSerialLoop(
      b, loc, count, ValueRange{copy},
      [&](OpBuilder &lb, Location l, Value p, ValueRange iter) {
        SmallVector<Value> at(rank);
        Value rest = p;
        for (int64_t d = rank - 1; d >= 0; --d) {
          at[d] = arith::RemUIOp::create(lb, l, rest, sizes[d]);
          rest = arith::DivUIOp::create(lb, l, rest, sizes[d]);
        }
        auto [i, inBounds] = checkedIndex(
            lb, l, tensor::ExtractOp::create(lb, l, indices, at), size);
        SmallVector<Value> dest = at;
        dest[axis] = arith::IndexCastOp::create(lb, l, lb.getIndexType(), i);
        Value update = tensor::ExtractOp::create(lb, l, updates, at);
        Value acc = iter[0];
        auto ifOp = scf::IfOp::create(
            lb, l, inBounds,
            [&](OpBuilder &tb, Location tl) {
              Value v = update;
              if (combiner)
                v = combineReduced(
                    tb, tl, *combiner,
                    tensor::ExtractOp::create(tb, tl, acc, dest), v);
              scf::YieldOp::create(
                  tb, tl,
                  ValueRange{tensor::InsertOp::create(tb, tl, v, acc, dest)});
            },
            [&](OpBuilder &eb, Location el) {
              scf::YieldOp::create(eb, el, ValueRange{acc});
            });
        scf::YieldOp::create(lb, l, ifOp.getResults());
      });
  b.replaceOp(op, loop->getResults());
  return success();
}

/// The first dim's rows of a host block of a row-serial op (argsort,
/// cumulative) before meld-tile-host-blocks sizes them
/// (kGroupedRowBlocksAttrName): one, so that the loop over the blocks is
/// never a single iteration that canonicalization folds away before (8
/// rows of a cumsum over 50257 columns, in one block of 8, had run on one
/// thread: 309 us, now 120-137, torch 113-129).
static constexpr int64_t kSerialRowBlockRows = 1;

/// meld.argsort as a loop over the rows (forEachRow) that sets each row's
/// indices along the axis and heapsorts them in place: a max-heap by
/// (value, index), the total order the op defines, so the unstable
/// heapsort gives the one stable permutation. O(n log n) compares per row
/// and no scratch buffer: the result is the only tensor written.
LogicalResult Lowering::lowerArgsort(ArgsortOp op) {
  Location loc = op.getLoc();
  Value x = op.getOperand();
  auto type = cast<RankedTensorType>(op.getType());
  Type elem = cast<RankedTensorType>(x.getType()).getElementType();
  int64_t rank = type.getRank(), axis = op.getAxis();
  bool descending = op.getDescending();
  SmallVector<Value> dyn;
  for (int64_t d = 0; d < rank; ++d)
    if (type.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, x, d));
  Type i64 = b.getI64Type();
  Value init = emptyTensor(b, loc, type, dyn);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value two = arith::ConstantIndexOp::create(b, loc, 2);
  SmallVector<Value> sizes(rank);
  for (int64_t d = 0; d < rank; ++d)
    sizes[d] = tensor::DimOp::create(b, loc, x, d);
  Value n = sizes[axis];

  // Heapsorts the indices of the row at `row` (its axis entry unused) in
  // `acc`.
  auto sortRow = [&](OpBuilder &lb, Location l, Value acc,
                     ArrayRef<Value> row) -> Value {
    auto at = [&](Value i) {
      SmallVector<Value> p(row);
      p[axis] = i;
      return p;
    };
    // The element at i64 index `i` of the row, halves widened.
    auto key = [&](OpBuilder &nb, Location nl, Value i) -> Value {
      Value v = tensor::ExtractOp::create(
          nb, nl, x,
          at(arith::IndexCastOp::create(nb, nl, nb.getIndexType(), i)));
      if (isa<FloatType>(elem) && elem.getIntOrFloatBitWidth() < 32)
        v = arith::ExtFOp::create(nb, nl, nb.getF32Type(), v);
      return v;
    };
    // Whether value u is smaller: NaN the greatest, i1 unsigned.
    auto less = [&](OpBuilder &nb, Location nl, Value u, Value v) -> Value {
      if (!isa<FloatType>(elem))
        return arith::CmpIOp::create(nb, nl,
                                     elem.isInteger(1)
                                         ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt,
                                     u, v);
      Value lt = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OLT, u, v);
      Value nanOnlyV = arith::AndIOp::create(
          nb, nl,
          arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::ORD, u, u),
          arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::UNO, v, v));
      return arith::OrIOp::create(nb, nl, lt, nanOnlyV);
    };
    Value yes = arith::ConstantIntOp::create(lb, l, 1, 1);
    // Whether the element at index a goes before the one at index c.
    auto before = [&](OpBuilder &nb, Location nl, Value a, Value c) -> Value {
      Value ka = key(nb, nl, a), kc = key(nb, nl, c);
      Value first = descending ? less(nb, nl, kc, ka) : less(nb, nl, ka, kc);
      Value last = descending ? less(nb, nl, ka, kc) : less(nb, nl, kc, ka);
      Value notLast = arith::XOrIOp::create(nb, nl, last, yes);
      Value byIndex =
          arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, a, c);
      return arith::OrIOp::create(
          nb, nl, first, arith::AndIOp::create(nb, nl, notLast, byIndex));
    };
    // Sifts the index at `root` down the heap of the row's first `end`.
    auto sift = [&](OpBuilder &nb, Location nl, Value perm, Value root,
                    Value end) -> Value {
      Value no = arith::ConstantIntOp::create(nb, nl, 0, 1);
      auto w =
          scf::WhileOp::create(
              nb, nl, TypeRange{perm.getType(), root.getType(), no.getType()},
              ValueRange{perm, root, no},
              [&](OpBuilder &wb, Location wl, ValueRange args) {
                Value child = arith::AddIOp::create(
                    wb, wl, arith::MulIOp::create(wb, wl, args[1], two), one);
                Value more = arith::AndIOp::create(
                    wb, wl, arith::XOrIOp::create(wb, wl, args[2], yes),
                    arith::CmpIOp::create(wb, wl, arith::CmpIPredicate::ult,
                                          child, end));
                scf::ConditionOp::create(wb, wl, more, args);
              },
              [&](OpBuilder &ab, Location al, ValueRange args) {
                Value p = args[0], parent = args[1];
                Value child = arith::AddIOp::create(
                    ab, al, arith::MulIOp::create(ab, al, parent, two), one);
                Value right = arith::AddIOp::create(ab, al, child, one);
                Value hasRight = arith::CmpIOp::create(
                    ab, al, arith::CmpIPredicate::ult, right, end);
                right = arith::SelectOp::create(ab, al, hasRight, right, child);
                Value left = tensor::ExtractOp::create(ab, al, p, at(child));
                Value other = tensor::ExtractOp::create(ab, al, p, at(right));
                // The child that goes last (the larger of a max-heap).
                Value takeRight = arith::AndIOp::create(
                    ab, al, hasRight, before(ab, al, left, other));
                Value c =
                    arith::SelectOp::create(ab, al, takeRight, right, child);
                Value pc =
                    arith::SelectOp::create(ab, al, takeRight, other, left);
                Value pr = tensor::ExtractOp::create(ab, al, p, at(parent));
                Value swap = before(ab, al, pr, pc);
                p = tensor::InsertOp::create(
                    ab, al, arith::SelectOp::create(ab, al, swap, pc, pr), p,
                    at(parent));
                p = tensor::InsertOp::create(
                    ab, al, arith::SelectOp::create(ab, al, swap, pr, pc), p,
                    at(c));
                Value done = arith::XOrIOp::create(ab, al, swap, yes);
                scf::YieldOp::create(
                    ab, al,
                    ValueRange{p,
                               arith::SelectOp::create(ab, al, swap, c, parent),
                               done});
              });
      return w.getResult(0);
    };
    // `acc` through `body` at indices top - 1 down to top - trips.
    auto downFrom =
        [&](Value top, Value trips, Value init,
            function_ref<Value(OpBuilder &, Location, Value, Value)> body) {
          return scf::ForOp::create(
                     lb, l, zero, trips, one, ValueRange{init},
                     [&](OpBuilder &db, Location dl, Value i, ValueRange it) {
                       Value at = arith::SubIOp::create(
                           db, dl, arith::SubIOp::create(db, dl, top, one), i);
                       scf::YieldOp::create(
                           db, dl, ValueRange{body(db, dl, at, it[0])});
                     })
              .getResult(0);
        };
    // Heapify: sift every parent, the last first.
    Value half = arith::DivUIOp::create(lb, l, n, two);
    Value heap = downFrom(half, half, acc,
                          [&](OpBuilder &hb, Location hl, Value s, Value p) {
                            return sift(hb, hl, p, s, n);
                          });
    // Move the root (the last in order) behind the heap, n - 1 times.
    Value count = arith::SelectOp::create(
        lb, l, arith::CmpIOp::create(lb, l, arith::CmpIPredicate::ugt, n, zero),
        arith::SubIOp::create(lb, l, n, one), zero);
    Value sorted = downFrom(
        n, count, heap, [&](OpBuilder &sb, Location sl, Value e, Value p) {
          Value top = tensor::ExtractOp::create(sb, sl, p, at(zero));
          Value last = tensor::ExtractOp::create(sb, sl, p, at(e));
          p = tensor::InsertOp::create(sb, sl, last, p, at(zero));
          p = tensor::InsertOp::create(sb, sl, top, p, at(e));
          return sift(sb, sl, p, zero, e);
        });
    return sorted;
  };
  // Each row's indices set in place, then sorted.
  Value sorted = forEachRow(
      loc, sizes, axis, init,
      [&](OpBuilder &lb, Location l, Value acc, ArrayRef<Value> row) {
        auto fill = scf::ForOp::create(
            lb, l, zero, n, one, ValueRange{acc},
            [&](OpBuilder &fb, Location fl, Value i, ValueRange f) {
              SmallVector<Value> p(row);
              p[axis] = i;
              scf::YieldOp::create(
                  fb, fl,
                  ValueRange{tensor::InsertOp::create(
                      fb, fl, arith::IndexCastOp::create(fb, fl, i64, i), f[0],
                      p)});
            });
        return sortRow(lb, l, fill.getResult(0), row);
      })[0];
  b.replaceOp(op, sorted);
  return success();
}

ValueRange Lowering::forEachRow(
    Location loc, ArrayRef<Value> sizes, int64_t axis, Value init,
    function_ref<Value(OpBuilder &, Location, Value, ArrayRef<Value>)>
        rowBody) {
  int64_t rank = sizes.size();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<int64_t> rowDims;
  Value rows = one;
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis) {
      rowDims.push_back(d);
      rows = arith::MulIOp::create(b, loc, rows, sizes[d]);
    }
  // The coordinates of row `r` of the rows over `dims` (the others unset).
  auto rowAt = [&](OpBuilder &lb, Location l, Value r, ArrayRef<int64_t> dims) {
    SmallVector<Value> row(rank);
    Value rest = r;
    for (int64_t d : llvm::reverse(dims)) {
      row[d] = arith::RemUIOp::create(lb, l, rest, sizes[d]);
      rest = arith::DivUIOp::create(lb, l, rest, sizes[d]);
    }
    return row;
  };
  if (paddedConvColumns && axis != 0) {
    // Host: blocks of the first dim's rows.
    Value step = arith::ConstantIndexOp::create(b, loc, kSerialRowBlockRows);
    Value inner = one;
    for (int64_t d : ArrayRef(rowDims).drop_front())
      inner = arith::MulIOp::create(b, loc, inner, sizes[d]);
    auto blocks = scf::ForOp::create(
        b, loc, zero, sizes[0], step, ValueRange{init},
        [&](OpBuilder &bb, Location bl, Value lo, ValueRange blockIter) {
          Value hi = arith::MinSIOp::create(
              bb, bl, arith::AddIOp::create(bb, bl, lo, step), sizes[0]);
          Value count = arith::MulIOp::create(
              bb, bl, arith::SubIOp::create(bb, bl, hi, lo), inner);
          auto rowsLoop = scf::ForOp::create(
              bb, bl, zero, count, one, ValueRange{blockIter[0]},
              [&](OpBuilder &lb, Location l, Value r, ValueRange iter) {
                SmallVector<Value> row =
                    rowAt(lb, l, arith::RemUIOp::create(lb, l, r, inner),
                          ArrayRef(rowDims).drop_front());
                row[0] = arith::AddIOp::create(
                    lb, l, lo, arith::DivUIOp::create(lb, l, r, inner));
                scf::YieldOp::create(lb, l,
                                     ValueRange{rowBody(lb, l, iter[0], row)});
              });
          rowsLoop->setAttr(kSerialLoopAttrName, bb.getUnitAttr());
          scf::YieldOp::create(bb, bl, rowsLoop.getResults());
        });
    blocks->setAttr(kGroupedRowBlocksAttrName, b.getUnitAttr());
    return blocks->getResults();
  }
  auto loop = buildSerialLoop(
      b, loc, rows, ValueRange{init},
      [&](OpBuilder &lb, Location l, Value r, ValueRange iter) {
        scf::YieldOp::create(
            lb, l,
            ValueRange{rowBody(lb, l, iter[0], rowAt(lb, l, r, rowDims))});
      });
  return loop->getResults();
}

/// PyTorch's `_log_add_exp_helper(v, acc)`, the running step of
/// logcumsumexp: with mn and mx the smaller and larger (acc where it is
/// NaN), log1p(exp(mn - mx)) + mx, or `v` when both are the same infinity.
/// log1p(e) as log(u) * e / (u - 1), u = 1 + e (e where u rounds to 1),
/// which keeps its digits for small e.
static Value logAddExp(OpBuilder &b, Location loc, Value v, Value acc) {
  using P = arith::CmpFPredicate;
  auto cmp = [&](P p, Value l, Value r) {
    return arith::CmpFOp::create(b, loc, p, l, r).getResult();
  };
  auto sel = [&](Value c, Value t, Value f) {
    return arith::SelectOp::create(b, loc, c, t, f).getResult();
  };
  Value accNan = cmp(P::UNO, acc, acc);
  Value mn = sel(accNan, acc, sel(cmp(P::OLT, acc, v), acc, v));
  Value mx = sel(accNan, acc, sel(cmp(P::OLT, v, acc), acc, v));
  Type type = v.getType();
  Value oneF =
      arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, 1.0));
  Value zeroF =
      arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, 0.0));
  Value e = math::ExpOp::create(b, loc, arith::SubFOp::create(b, loc, mn, mx));
  Value u = arith::AddFOp::create(b, loc, oneF, e);
  Value scaled = arith::DivFOp::create(
      b, loc, arith::MulFOp::create(b, loc, math::LogOp::create(b, loc, u), e),
      arith::SubFOp::create(b, loc, u, oneF));
  Value log1p = sel(cmp(P::OEQ, u, oneF), e, scaled);
  Value sum = arith::AddFOp::create(b, loc, log1p, mx);
  // (mn != mx, NaN included) or mn finite
  Value finite = cmp(P::OEQ, arith::SubFOp::create(b, loc, mn, mn), zeroF);
  Value general = arith::OrIOp::create(b, loc, cmp(P::UNE, mn, mx), finite);
  return sel(general, sum, v);
}

/// meld.cumulative as, for each row, a loop along the axis that carries
/// the running value (f32 and f64 in f64, halves in f32, integers in their
/// type) and writes it at every position (forEachRow: rows in blocks on
/// the host, one GPU thread).
LogicalResult Lowering::lowerCumulative(CumulativeOp op) {
  Location loc = op.getLoc();
  Value x = op.getOperand();
  auto type = cast<RankedTensorType>(op.getType());
  Type elem = type.getElementType();
  int64_t rank = type.getRank(), axis = op.getAxis();
  ReduceKind kind = op.getKind();
  bool prod = kind == ReduceKind::prod;
  bool extreme = kind == ReduceKind::max || kind == ReduceKind::min;
  bool max = kind == ReduceKind::max;
  bool logSumExp = kind == ReduceKind::logsumexp;
  SmallVector<Value> dyn, sizes(rank);
  for (int64_t d = 0; d < rank; ++d) {
    sizes[d] = tensor::DimOp::create(b, loc, x, d);
    if (type.isDynamicDim(d))
      dyn.push_back(sizes[d]);
  }
  Value init = emptyTensor(b, loc, type, dyn);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  bool isFloat = isa<FloatType>(elem);
  Type carried = !isFloat                            ? elem
                 : elem.getIntOrFloatBitWidth() < 32 ? Type(b.getF32Type())
                                                     : Type(b.getF64Type());
  Value result = forEachRow(
      loc, sizes, axis, init,
      [&](OpBuilder &lb, Location l, Value acc, ArrayRef<Value> row) {
        Value start;
        if (isFloat) {
          double inf = std::numeric_limits<double>::infinity();
          double first = prod                            ? 1.0
                         : logSumExp || (extreme && max) ? -inf
                         : !extreme                      ? 0.0
                                                         : inf;
          start = arith::ConstantOp::create(lb, l, carried,
                                            lb.getFloatAttr(carried, first));
        } else {
          unsigned bits = carried.getIntOrFloatBitWidth();
          APInt first = prod       ? APInt(bits, 1)
                        : !extreme ? APInt(bits, 0)
                        : max      ? APInt::getSignedMinValue(bits)
                                   : APInt::getSignedMaxValue(bits);
          start = arith::ConstantOp::create(lb, l, carried,
                                            lb.getIntegerAttr(carried, first));
        }
        auto walk = scf::ForOp::create(
            lb, l, zero, sizes[axis], one, ValueRange{acc, start},
            [&](OpBuilder &wb, Location wl, Value i, ValueRange it) {
              SmallVector<Value> p(row);
              p[axis] = i;
              Value v = tensor::ExtractOp::create(wb, wl, x, p);
              if (carried != elem)
                v = arith::ExtFOp::create(wb, wl, carried, v);
              Value next;
              if (logSumExp) {
                next = logAddExp(wb, wl, v, it[1]);
              } else if (extreme) {
                // The later element when it is NaN or not beyond the
                // running one (torch.cummax's update: ties move on).
                Value takes;
                if (isFloat)
                  takes = arith::OrIOp::create(
                      wb, wl,
                      arith::CmpFOp::create(wb, wl, arith::CmpFPredicate::UNO,
                                            v, v),
                      arith::CmpFOp::create(wb, wl,
                                            max ? arith::CmpFPredicate::OGE
                                                : arith::CmpFPredicate::OLE,
                                            v, it[1]));
                else
                  takes = arith::CmpIOp::create(wb, wl,
                                                max ? arith::CmpIPredicate::sge
                                                    : arith::CmpIPredicate::sle,
                                                v, it[1]);
                next = arith::SelectOp::create(wb, wl, takes, v, it[1]);
              } else if (isFloat) {
                next = prod ? Value(arith::MulFOp::create(wb, wl, it[1], v))
                            : Value(arith::AddFOp::create(wb, wl, it[1], v));
              } else {
                next = prod ? Value(arith::MulIOp::create(wb, wl, it[1], v))
                            : Value(arith::AddIOp::create(wb, wl, it[1], v));
              }
              Value out = next;
              if (carried != elem)
                out = arith::TruncFOp::create(wb, wl, elem, next);
              scf::YieldOp::create(
                  wb, wl,
                  ValueRange{tensor::InsertOp::create(wb, wl, out, it[0], p),
                             next});
            });
        return walk.getResult(0);
      })[0];
  b.replaceOp(op, result);
  return success();
}

Value Lowering::groupAt(OpBuilder &nb, Location loc, Value offsets,
                       Value p) {
  int64_t groups = cast<RankedTensorType>(offsets.getType()).getDimSize(0);
  Type i64 = nb.getI64Type();
  p = arith::IndexCastOp::create(nb, loc, i64, p);
  Value group = intConst(nb, loc, i64, groups);
  for (int64_t g = groups - 1; g >= 0; --g) {
    Value off = tensor::ExtractOp::create(
        nb, loc, offsets, ValueRange{arith::ConstantIndexOp::create(nb, loc, g)});
    if (!off.getType().isInteger(64))
      off = arith::ExtSIOp::create(nb, loc, i64, off);
    Value past =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::sgt, off, p);
    group = arith::SelectOp::create(nb, loc, past, intConst(nb, loc, i64, g),
                                    group);
  }
  return group;
}

/// The rows of a grouped matmul's host block before meld-tile-host-blocks
/// sizes them (kGroupedRowBlocksAttrName).
static constexpr int64_t kGroupedRowBlockRows = 32;

/// The maps of a matmul's loops m, n, k: `lhs[m, k]` and `rhs[k, n]`
/// (`rhs[n, k]` when `transposeRhs`) into `out[m, n]`, and its iterators.
static SmallVector<AffineMap> matmulMaps(MLIRContext *ctx, bool transposeRhs) {
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  return {AffineMap::get(3, 0, {d(0), d(2)}, ctx),
          AffineMap::get(3, 0,
                         transposeRhs ? ArrayRef<AffineExpr>{d(1), d(2)}
                                      : ArrayRef<AffineExpr>{d(2), d(1)},
                         ctx),
          AffineMap::get(3, 0, {d(0), d(1)}, ctx)};
}
static SmallVector<IteratorType> matmulIterators() {
  return {IteratorType::parallel, IteratorType::parallel,
          IteratorType::reduction};
}

/// Positions per chunk of a host grouped matmul's groups of the
/// contraction: whole chunks of the most, then the group's last positions
/// zero-padded to the fewest of these that holds them (a static reduction,
/// which the register tiles need; a dynamic one kept plain loops).
static constexpr int64_t kGroupedChunks[] = {16, 64, 256};

Value Lowering::groupedContractions(GroupedMatmulOp op, Value out,
                                    Value size) {
  Location loc = op.getLoc();
  Value lhs = op.getLhs(), rhs = op.getRhs(), offsets = op.getOffsets();
  bool tl = op.getTransposeLhs(), tr = op.getTransposeRhs();
  auto type = cast<RankedTensorType>(out.getType());
  Type outElem = type.getElementType();
  // Half-precision sums are kept in f32 over the chunks and rounded once.
  Type sumElem = outElem.getIntOrFloatBitWidth() < 32 ? b.getF32Type()
                                                      : outElem;
  int64_t groups = type.getDimSize(0);
  MLIRContext *ctx = b.getContext();
  auto index = [&](OpBuilder &nb, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(nb, loc, v);
  };
  // Loops m, n, p (a chunk's positions): part[m, n] += xT[m, p] * y[p, n]
  // (y[n, p] when `tr`).
  SmallVector<AffineMap> maps = matmulMaps(ctx, tr);
  SmallVector<IteratorType> iters = matmulIterators();
  // `v`'s `extent` positions from `at` along `dim`, zero-padded to `chunk`
  // (static) when `extent` is fewer.
  auto chunkOf = [&](OpBuilder &nb, Value v, int64_t dim, Value at,
                     Value extent, int64_t chunk) -> Value {
    auto vType = cast<RankedTensorType>(v.getType());
    SmallVector<OpFoldResult> offs(2, nb.getIndexAttr(0)),
        sizes = tensor::getMixedSizes(nb, loc, v),
        strides(2, nb.getIndexAttr(1));
    offs[dim] = at;
    sizes[dim] = extent;
    SmallVector<int64_t> shape(vType.getShape());
    shape[dim] = ShapedType::kDynamic;
    Value slice = tensor::ExtractSliceOp::create(
        nb, loc, RankedTensorType::get(shape, vType.getElementType()), v,
        offs, sizes, strides);
    SmallVector<OpFoldResult> low(2, nb.getIndexAttr(0)),
        high(2, nb.getIndexAttr(0));
    high[dim] = OpFoldResult(
        arith::SubIOp::create(nb, loc, index(nb, chunk), extent).getResult());
    shape[dim] = chunk;
    Value zeroElem = arith::ConstantOp::create(
        nb, loc, cast<TypedAttr>(nb.getZeroAttr(vType.getElementType())));
    return tensor::PadOp::create(
        nb, loc, RankedTensorType::get(shape, vType.getElementType()), slice,
        low, high, zeroElem);
  };
  // part += (the chunk of `count` positions from `at`, padded to `chunk`).
  auto addChunk = [&](OpBuilder &nb, Value part, Value at, Value count,
                      int64_t chunk) -> Value {
    Value x = chunkOf(nb, lhs, tl ? 0 : 1, at, count, chunk);
    Value y = chunkOf(nb, rhs, tr ? 1 : 0, at, count, chunk);
    if (tl) {
      // [chunk, m] -> [m, chunk]: the tiles read the left operand by rows.
      auto xType = cast<RankedTensorType>(x.getType());
      SmallVector<Value> dyn;
      if (xType.isDynamicDim(1))
        dyn.push_back(tensor::DimOp::create(nb, loc, x, 1));
      Value init = emptyTensor(
          nb, loc,
          RankedTensorType::get({xType.getDimSize(1), chunk},
                                xType.getElementType()),
          dyn);
      x = linalg::TransposeOp::create(nb, loc, x, init,
                                      ArrayRef<int64_t>{1, 0})
              .getResult()[0];
    }
    return addProducts(nb, loc, {x, y}, part, maps, iters);
  };
  // Group `g`'s matrix, `len` (> 0) positions from `first`, into `acc`.
  auto groupProduct = [&](OpBuilder &nb, Value acc, Value g, Value first,
                          Value len) -> Value {
    auto partType = RankedTensorType::get(type.getShape().drop_front(),
                                          sumElem);
    SmallVector<Value> partDyn;
    for (int64_t i = 1; i < 3; ++i)
      if (type.isDynamicDim(i))
        partDyn.push_back(tensor::DimOp::create(nb, loc, acc, i));
    SmallVector<OpFoldResult> offs = {g, nb.getIndexAttr(0),
                                      nb.getIndexAttr(0)};
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(nb, loc, acc);
    sizes[0] = nb.getIndexAttr(1);
    SmallVector<OpFoldResult> strides(3, nb.getIndexAttr(1));
    // The sums go straight into the group's (zero-filled) matrix, or into
    // an f32 one rounded once at the end.
    Value part =
        sumElem == outElem
            ? tensor::ExtractSliceOp::create(nb, loc, partType, acc, offs,
                                             sizes, strides)
                  .getResult()
            : linalg::FillOp::create(
                  nb, loc, ValueRange{floatConst(nb, loc, sumElem, 0.0)},
                  ValueRange{emptyTensor(nb, loc, partType, partDyn)})
                  .getResult(0);
    int64_t most = kGroupedChunks[std::size(kGroupedChunks) - 1];
    Value whole = arith::MulIOp::create(
        nb, loc, arith::DivUIOp::create(nb, loc, len, index(nb, most)),
        index(nb, most));
    part = scf::ForOp::create(
               nb, loc, index(nb, 0), whole, index(nb, most),
               ValueRange{part},
               [&](OpBuilder &cb, Location cl, Value c, ValueRange iter) {
                 Value at = arith::AddIOp::create(cb, cl, first, c);
                 scf::YieldOp::create(
                     cb, cl,
                     addChunk(cb, iter[0], at, index(cb, most), most));
               })
               .getResult(0);
    // The last positions: a chain of versions by their count.
    Value at = arith::AddIOp::create(nb, loc, first, whole);
    Value rest = arith::SubIOp::create(nb, loc, len, whole);
    std::function<Value(OpBuilder &, size_t)> last =
        [&](OpBuilder &vb, size_t i) -> Value {
      int64_t chunk = kGroupedChunks[i];
      if (i + 1 == std::size(kGroupedChunks))
        return addChunk(vb, part, at, rest, chunk);
      Value fits = arith::CmpIOp::create(vb, loc, arith::CmpIPredicate::ule,
                                         rest, index(vb, chunk));
      return scf::IfOp::create(
                 vb, loc, fits,
                 [&](OpBuilder &tb, Location tl2) {
                   scf::YieldOp::create(tb, tl2,
                                        addChunk(tb, part, at, rest, chunk));
                 },
                 [&](OpBuilder &eb, Location el) {
                   scf::YieldOp::create(eb, el, last(eb, i + 1));
                 })
          .getResult(0);
    };
    Value some = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ugt,
                                       rest, index(nb, 0));
    part = scf::IfOp::create(
               nb, loc, some,
               [&](OpBuilder &tb, Location tl2) {
                 scf::YieldOp::create(tb, tl2, last(tb, 0));
               },
               [&](OpBuilder &eb, Location el) {
                 scf::YieldOp::create(eb, el, part);
               })
               .getResult(0);
    if (sumElem != outElem) {
      auto outPart = RankedTensorType::get(partType.getShape(), outElem);
      Value init = emptyTensor(nb, loc, outPart, partDyn);
      auto id = AffineMap::getMultiDimIdentityMap(2, ctx);
      part = linalg::GenericOp::create(
                 nb, loc, TypeRange{outPart}, ValueRange{part},
                 ValueRange{init}, ArrayRef<AffineMap>{id, id},
                 ArrayRef<IteratorType>{IteratorType::parallel,
                                        IteratorType::parallel},
                 [&](OpBuilder &gb, Location gl, ValueRange args) {
                   linalg::YieldOp::create(
                       gb, gl, castScalar(gb, gl, args[0], outElem));
                 })
                 .getResult(0);
    }
    return tensor::InsertSliceOp::create(nb, loc, part, acc, offs, sizes,
                                         strides);
  };

  // Blocks of groups: each zero-fills its groups' matrices (the output
  // buffer, once meld-tile-host-blocks writes the loop into it) and finds
  // its first group's start, the running maximum of the offsets before it
  // (a position belongs to the first group whose offset is past it).
  Value c0 = index(b, 0), c1 = index(b, 1), count = index(b, groups);
  Value step = index(b, groups > 1 ? std::min<int64_t>(kGroupedRowBlockRows,
                                                       llvm::divideCeil(groups, 2))
                                   : 1);
  auto blocks = scf::ForOp::create(
      b, loc, c0, count, step, ValueRange{out},
      [&](OpBuilder &lb, Location bl, Value lo, ValueRange iter) {
        Value hi = arith::MinSIOp::create(
            lb, bl, arith::AddIOp::create(lb, bl, lo, step), count);
        Value height = arith::SubIOp::create(lb, bl, hi, lo);
        SmallVector<OpFoldResult> offs = {lo, lb.getIndexAttr(0),
                                          lb.getIndexAttr(0)};
        SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(lb, bl, iter[0]);
        sizes[0] = height;
        SmallVector<int64_t> shape(type.getShape());
        shape[0] = ShapedType::kDynamic;
        SmallVector<Value> dyn = {height};
        for (int64_t i = 1; i < 3; ++i)
          if (type.isDynamicDim(i))
            dyn.push_back(tensor::DimOp::create(lb, bl, iter[0], i));
        Value zeros =
            linalg::FillOp::create(
                lb, bl, ValueRange{floatConst(lb, bl, outElem, 0.0)},
                ValueRange{emptyTensor(
                    lb, bl, RankedTensorType::get(shape, outElem), dyn)})
                .getResult(0);
        Value cleared = tensor::InsertSliceOp::create(
            lb, bl, zeros, iter[0], offs, sizes,
            SmallVector<OpFoldResult>(3, lb.getIndexAttr(1)));
        auto offsetAt = [&](OpBuilder &nb, Value g) -> Value {
          return arith::IndexCastOp::create(
              nb, bl, nb.getIndexType(),
              tensor::ExtractOp::create(nb, bl, offsets, ValueRange{g}));
        };
        Value before =
            scf::ForOp::create(
                lb, bl, c0, lo, c1, ValueRange{c0},
                [&](OpBuilder &nb, Location nl, Value g, ValueRange running) {
                  scf::YieldOp::create(
                      nb, nl,
                      ValueRange{arith::MaxSIOp::create(
                          nb, nl, running[0], offsetAt(nb, g))});
                })
                .getResult(0);
        Value start = arith::MinSIOp::create(lb, bl, before, size);
        auto loop = scf::ForOp::create(
            lb, bl, lo, hi, c1, ValueRange{cleared, start},
            [&](OpBuilder &nb, Location nl, Value g, ValueRange carried) {
              Value acc = carried[0], first = carried[1];
              Value end = arith::MinSIOp::create(
                  nb, nl, arith::MaxSIOp::create(nb, nl, offsetAt(nb, g), first),
                  size);
              Value len = arith::SubIOp::create(nb, nl, end, first);
              Value some = arith::CmpIOp::create(
                  nb, nl, arith::CmpIPredicate::sgt, len, c0);
              auto product = scf::IfOp::create(
                  nb, nl, some,
                  [&](OpBuilder &tb, Location tl2) {
                    scf::YieldOp::create(
                        tb, tl2, groupProduct(tb, acc, g, first, len));
                  },
                  [&](OpBuilder &eb, Location el) {
                    scf::YieldOp::create(eb, el, acc);
                  });
              scf::YieldOp::create(nb, nl,
                                   ValueRange{product.getResult(0), end});
            });
        loop->setAttr(kSerialLoopAttrName, lb.getUnitAttr());
        scf::YieldOp::create(lb, bl, loop.getResult(0));
      });
  blocks->setAttr(kGroupedRowBlocksAttrName, b.getUnitAttr());
  return blocks.getResult(0);
}

LogicalResult Lowering::lowerGroupedMatmul(GroupedMatmulOp op) {
  Location loc = op.getLoc();
  Value lhs = op.getLhs(), rhs = op.getRhs(), offsets = op.getOffsets();
  auto type = cast<RankedTensorType>(op.getType());
  Type outElem = type.getElementType();
  bool rows = op.groupsRows(), tl = op.getTransposeLhs(),
       tr = op.getTransposeRhs();
  int64_t groups = cast<RankedTensorType>(offsets.getType()).getDimSize(0);
  MLIRContext *ctx = b.getContext();
  auto d = [&](int64_t i) { return b.getAffineDimExpr(i); };
  int64_t mDim = tl ? 1 : 0;
  Value zero = floatConst(b, loc, outElem, 0.0);
  SmallVector<Value> dyn;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!type.isDynamicDim(i))
      continue;
    int64_t j = rows ? i : i - 1; // m, n of the result
    dyn.push_back(j == 0 ? tensor::DimOp::create(b, loc, lhs, mDim).getResult()
                         : tensor::DimOp::create(b, loc, rhs,
                                                 tr ? rows : rows + 1)
                               .getResult());
  }
  Value out = linalg::FillOp::create(b, loc, ValueRange{zero},
                                     ValueRange{emptyTensor(b, loc, type, dyn)})
                  .getResult(0);
  // Loops m, n, k of a group's contraction.
  SmallVector<IteratorType> matmulIters = matmulIterators();

  if (paddedConvColumns) {
    // Host: each group's positions [start, end) as one contraction, end
    // the group's offset held in [start, size], size that of the grouped
    // dim: the rows of lhs, or the contraction (groupedContractions).
    // Groups of rows run in row blocks [lo, hi), each group's rows clipped
    // to the block: a loop over the blocks that meld-tile-host-blocks
    // shares out between threads (kGroupedRowBlocksAttrName).
    Value size = tensor::DimOp::create(b, loc, lhs, rows || tl ? 0 : 1);
    Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
    Value c1 = arith::ConstantIndexOp::create(b, loc, 1);
    Value count = arith::ConstantIndexOp::create(b, loc, groups);
    auto groupProduct = [&](Value acc, Value g, Value start,
                            Value len) -> Value {
      // v's slice [at, at + extent) along `dim` (none when negative), and
      // without its first dim, at index `first`, when that is given.
      auto sliceOf = [&](Value v, int64_t dim, Value at, Value extent,
                         Value first) {
        auto vType = cast<RankedTensorType>(v.getType());
        SmallVector<OpFoldResult> offs(vType.getRank(), b.getIndexAttr(0)),
            sizes = tensor::getMixedSizes(b, loc, v),
            strides(vType.getRank(), b.getIndexAttr(1));
        if (dim >= 0) {
          offs[dim] = at;
          sizes[dim] = extent;
        }
        if (first) {
          offs[0] = first;
          sizes[0] = b.getIndexAttr(1);
        }
        SmallVector<int64_t> shape;
        for (int64_t i = first ? 1 : 0; i < vType.getRank(); ++i)
          shape.push_back(i == dim ? ShapedType::kDynamic
                                   : vType.getDimSize(i));
        auto sliceType =
            RankedTensorType::get(shape, vType.getElementType());
        return tensor::ExtractSliceOp::create(b, loc, sliceType, v, offs,
                                              sizes, strides)
            .getResult();
      };
      Value x = sliceOf(lhs, 0, start, len, {});
      Value w = sliceOf(rhs, -1, {}, {}, g);
      // The products add into the group's rows of the block, which the
      // block zero-filled (a group's rows are its own): bufferized in
      // place. Into a zero-filled tensor of their own, each group's rows
      // had a buffer of their own, allocated, filled and copied into the
      // block's: OLMoE's f32 experts at 128 rows each spent most of their
      // time loading the output tiles of those buffers.
      Value part = sliceOf(acc, 0, start, len, {});
      part =
          addProducts(b, loc, {x, w}, part, matmulMaps(ctx, tr), matmulIters);
      SmallVector<OpFoldResult> offs = {start, b.getIndexAttr(0)};
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, part);
      return tensor::InsertSliceOp::create(
                 b, loc, part, acc, offs, sizes,
                 SmallVector<OpFoldResult>(2, b.getIndexAttr(1)))
          .getResult();
    };
    auto groupLoop = [&](Value init, Value lo, Value hi) {
      return scf::ForOp::create(
          b, loc, c0, count, c1, ValueRange{init, c0},
          [&](OpBuilder &lb, Location l, Value g, ValueRange iter) {
            Value acc = iter[0], start = iter[1];
            Value off = arith::IndexCastOp::create(
                lb, l, lb.getIndexType(),
                tensor::ExtractOp::create(lb, l, offsets, ValueRange{g}));
            Value end = arith::MinSIOp::create(
                lb, l, arith::MaxSIOp::create(lb, l, off, start), size);
            auto clip = [&](Value v) -> Value {
              return arith::MinSIOp::create(
                  lb, l, arith::MaxSIOp::create(lb, l, v, lo), hi);
            };
            Value first = clip(start);
            Value len = arith::SubIOp::create(lb, l, clip(end), first);
            // An empty group (most of them in a decode step's experts)
            // leaves the output as it is, with no pass over its matrix.
            Value some = arith::CmpIOp::create(lb, l, arith::CmpIPredicate::sgt,
                                               len, c0);
            auto product = scf::IfOp::create(
                lb, l, some,
                [&](OpBuilder &tb, Location tl) {
                  OpBuilder::InsertionGuard guard(b);
                  b.setInsertionPoint(tb.getInsertionBlock(),
                                      tb.getInsertionPoint());
                  scf::YieldOp::create(
                      b, tl, ValueRange{groupProduct(acc, g, first, len)});
                },
                [&](OpBuilder &eb, Location el) {
                  scf::YieldOp::create(eb, el, ValueRange{acc});
                });
            scf::YieldOp::create(lb, l,
                                 ValueRange{product.getResult(0), end});
          });
    };
    if (!rows) {
      b.replaceOp(op, groupedContractions(op, out, size));
      return success();
    }
    // A block zero-fills its rows (those in no group stay 0), then runs
    // the groups' rows in it. Blocks of kGroupedRowBlockRows rows (or half
    // of fewer static rows), until meld-tile-host-blocks sizes them for
    // the threads (a loop of one block would be folded away, with its
    // mark: a decode step's 8 rows would stay on one thread).
    int64_t blockRows = kGroupedRowBlockRows;
    if (!type.isDynamicDim(0) && type.getDimSize(0) > 1)
      blockRows = std::min<int64_t>(blockRows, llvm::divideCeil(type.getDimSize(0), 2));
    Value step = arith::ConstantIndexOp::create(b, loc, blockRows);
    auto blocks = scf::ForOp::create(
        b, loc, c0, size, step, ValueRange{out},
        [&](OpBuilder &lb, Location bl, Value lo, ValueRange iter) {
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(lb.getInsertionBlock(), lb.getInsertionPoint());
          Value hi = arith::MinSIOp::create(
              b, bl, arith::AddIOp::create(b, bl, lo, step), size);
          Value height = arith::SubIOp::create(b, bl, hi, lo);
          SmallVector<Value> partDyn = {height};
          int64_t n = type.getDimSize(1);
          if (ShapedType::isDynamic(n))
            partDyn.push_back(tensor::DimOp::create(b, bl, iter[0], 1));
          auto partType =
              RankedTensorType::get({ShapedType::kDynamic, n}, outElem);
          SmallVector<OpFoldResult> offs = {lo, b.getIndexAttr(0)};
          SmallVector<OpFoldResult> sizes = {
              height, ShapedType::isDynamic(n)
                          ? OpFoldResult(partDyn.back())
                          : OpFoldResult(b.getIndexAttr(n))};
          // The block's rows of the output, filled in place.
          Value rowsOf = tensor::ExtractSliceOp::create(
              b, bl, partType, iter[0], offs, sizes,
              SmallVector<OpFoldResult>(2, b.getIndexAttr(1)));
          Value zeros = linalg::FillOp::create(b, bl, ValueRange{zero},
                                               ValueRange{rowsOf})
                            .getResult(0);
          Value cleared = tensor::InsertSliceOp::create(
              b, bl, zeros, iter[0], offs, sizes,
              SmallVector<OpFoldResult>(2, b.getIndexAttr(1)));
          auto loop = groupLoop(cleared, lo, hi);
          loop->setAttr(kSerialLoopAttrName, b.getUnitAttr());
          scf::YieldOp::create(b, bl, loop.getResult(0));
        });
    blocks->setAttr(kGroupedRowBlocksAttrName, b.getUnitAttr());
    b.replaceOp(op, blocks.getResult(0));
    return success();
  }

  // Elsewhere: generics that find each position's group and read its
  // matrix there, each step `acc + (keep ? x * y : 0)`.
  Type i64 = b.getI64Type();
  auto addProductIf = [&](OpBuilder &nb, Location nl, Value keep, Value x,
                          Value y, Value acc) -> Value {
    Value product =
        arith::MulFOp::create(nb, nl, castScalar(nb, nl, x, outElem),
                              castScalar(nb, nl, y, outElem));
    product = arith::SelectOp::create(nb, nl, keep, product,
                                      floatConst(nb, nl, outElem, 0.0));
    return arith::AddFOp::create(nb, nl, acc, product, sumFlags);
  };
  Value groupCount = intConst(b, loc, i64, groups);
  if (rows) {
    // Loops m, n, k: out[m, n] += lhs[m, k] * rhs[group(m), k, n].
    SmallVector<AffineMap> maps = {AffineMap::get(3, 0, {d(0), d(2)}, ctx),
                                   AffineMap::get(3, 0, {d(0), d(1)}, ctx)};
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{type}, ValueRange{lhs}, ValueRange{out}, maps,
        matmulIters, [&](OpBuilder &nb, Location nl, ValueRange args) {
          Value g =
              groupAt(nb, nl, offsets, linalg::IndexOp::create(nb, nl, 0));
          Value inGroup = arith::CmpIOp::create(
              nb, nl, arith::CmpIPredicate::slt, g, groupCount);
          Value at = arith::IndexCastOp::create(
              nb, nl, nb.getIndexType(),
              arith::SelectOp::create(nb, nl, inGroup, g,
                                      intConst(nb, nl, i64, 0)));
          Value n = linalg::IndexOp::create(nb, nl, 1);
          Value k = linalg::IndexOp::create(nb, nl, 2);
          Value w = tensor::ExtractOp::create(
              nb, nl, rhs, tr ? ValueRange{at, n, k} : ValueRange{at, k, n});
          linalg::YieldOp::create(
              nb, nl, addProductIf(nb, nl, inGroup, args[0], w, args[1]));
        });
    b.replaceOp(op, generic->getResults());
    return success();
  }
  // Loops g, m, n, p: out[g, m, n] += lhs[m, p] * rhs[p, n] where
  // group(p) == g.
  SmallVector<AffineMap> maps = {
      AffineMap::get(4, 0,
                     tl ? ArrayRef<AffineExpr>{d(3), d(1)}
                        : ArrayRef<AffineExpr>{d(1), d(3)},
                     ctx),
      AffineMap::get(4, 0,
                     tr ? ArrayRef<AffineExpr>{d(2), d(3)}
                        : ArrayRef<AffineExpr>{d(3), d(2)},
                     ctx),
      AffineMap::get(4, 0, {d(0), d(1), d(2)}, ctx)};
  SmallVector<IteratorType> iters(4, IteratorType::parallel);
  iters[3] = IteratorType::reduction;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{lhs, rhs}, ValueRange{out}, maps,
      iters, [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value g = arith::IndexCastOp::create(
            nb, nl, i64, linalg::IndexOp::create(nb, nl, 0));
        Value mine = arith::CmpIOp::create(
            nb, nl, arith::CmpIPredicate::eq,
            groupAt(nb, nl, offsets, linalg::IndexOp::create(nb, nl, 3)), g);
        linalg::YieldOp::create(
            nb, nl, addProductIf(nb, nl, mine, args[0], args[1], args[2]));
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

/// Whether `op` pads its input on any side.
static bool hasPadding(ConvOp op) {
  auto nonzero = [](int64_t p) { return p != 0; };
  return llvm::any_of(op.getPaddingLow(), nonzero) ||
         llvm::any_of(op.getPaddingHigh(), nonzero);
}

/// Appends to `at` the index into a convolution's input along spatial dim
/// `j` of the position `padded` in the zero-padded input (`padded` less the
/// low padding), and returns `inside` and'ed with whether it lies in the
/// input (unsigned: a position left of the input is outside too; `inside`
/// null for the first dim).
static Value appendInputIndex(OpBuilder &nb, Location nloc, ConvOp op,
                              const ConvExtents &extents, int64_t j,
                              Value padded, SmallVectorImpl<Value> &at,
                              Value inside) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(nb, nloc, v).getResult();
  };
  Value i = padded;
  if (int64_t low = op.getPaddingLow()[j])
    i = arith::SubIOp::create(nb, nloc, i, index(low));
  at.push_back(i);
  int64_t size =
      cast<RankedTensorType>(op.getInput().getType()).getDimSize(2 + j);
  Value in = arith::CmpIOp::create(
      nb, nloc, arith::CmpIPredicate::ult, i,
      ShapedType::isDynamic(size) ? extents.input[j] : index(size));
  return inside ? arith::AndIOp::create(nb, nloc, inside, in).getResult() : in;
}

/// The input element a convolution's column `k` (input channel `channel`
/// and kernel tap, k = c * taps + the tap's row-major index) reads for the
/// output pixel at `pixel` of image `n`: yields it, or 0 for a tap in the
/// padding (a column generic's body).
static void yieldConvTap(OpBuilder &nb, Location nloc, ConvOp op,
                         const ConvExtents &extents, Value n, Value channel,
                         Value k, ArrayRef<Value> pixel) {
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(nb, nloc, v).getResult();
  };
  auto mul = [&](Value a, int64_t v) {
    return v == 1 ? a : arith::MulIOp::create(nb, nloc, a, index(v));
  };
  Value x = op.getInput();
  auto xType = cast<RankedTensorType>(x.getType());
  ArrayRef<int64_t> kernel =
      cast<RankedTensorType>(op.getFilter().getType()).getShape().drop_front(2);
  int64_t stride = 1;
  for (int64_t t : kernel)
    stride *= t;
  SmallVector<Value> at = {n, channel};
  Value inside;
  for (auto [j, o] : llvm::enumerate(pixel)) {
    stride /= kernel[j];
    Value tap = arith::RemUIOp::create(
        nb, nloc, arith::DivUIOp::create(nb, nloc, k, index(stride)),
        index(kernel[j]));
    Value i = arith::AddIOp::create(nb, nloc, mul(o, op.getStrides()[j]),
                                    mul(tap, op.getDilations()[j]));
    inside = appendInputIndex(nb, nloc, op, extents, j, i, at, inside);
  }
  linalg::YieldOp::create(
      nb, nloc,
      hasPadding(op) ? extractOrZero(nb, nloc, inside, x, at, xType.getElementType())
             : tensor::ExtractOp::create(nb, nloc, x, at).getResult());
}

/// A convolution whose columns for one image take at most this many bytes
/// is one GEMM per image over all its pixels (lowerConvOverImage), not one
/// per output row. 16 MiB: every convolution of a ResNet-50 at 224 (the
/// 7 x 7 stem's columns are 7.4 MB).
static constexpr int64_t kConvImagePanelMaxBytes = 16 << 20;

/// A host convolution whose output image has fewer pixels than this, a
/// deep kernel and enough images (a weight gradient: batch and channels
/// swapped, the output gradient as the kernel) takes its pixels of all
/// images as rows (lowerConvByPixelRows). (16 pixels fill an AVX-512
/// vector of the image form: a 256-channel 3x3 over 32 images of 4 x 4 ran
/// 217 GFLOP/s so and 179 as pixel rows; 9 pixels 66 against 173.)
static constexpr int64_t kConvPixelRowsBelow = 16;

/// The fewest rows (output pixels of all images) that take that form. A
/// network's first convolution's weight gradient (3 input channels, so 3
/// images of 3 x 3 pixels: 27 rows, its taps 16 images of 64 x 64) ran in
/// the image form, per image a GEMM of the filters by 9 pixels over
/// columns 9 times the input (an im2col), at 50 GFLOP/s, 2.33 ms; as 27
/// pixel rows 1.14 ms (Zen 5, 2 threads; at 161 x 161, stride 2, 0.86 ->
/// 0.43 ms).
static constexpr int64_t kConvPixelRowsMin = 16;

ConvExtents Lowering::convExtents(ConvOp op) {
  Location loc = op.getLoc();
  Value x = op.getInput();
  auto xType = cast<RankedTensorType>(x.getType());
  ArrayRef<int64_t> kernel =
      cast<RankedTensorType>(op.getFilter().getType()).getShape().drop_front(2);
  auto index = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  ConvExtents extents;
  if (xType.isDynamicDim(0))
    extents.batch = tensor::DimOp::create(b, loc, x, 0);
  for (int64_t j = 0, d = op.getSpatialRank(); j < d; ++j) {
    if (!xType.isDynamicDim(2 + j)) {
      extents.input.push_back(nullptr);
      extents.output.push_back(nullptr);
      continue;
    }
    // O = (S + pads - span) / stride + 1 for an input whose padding holds
    // the dilated kernel (fit >= 0). The result's shape formula
    // (describeKernel) makes the runtime refuse any other input when it
    // sizes the kernel's output; an epilogue sized by another operand (a
    // residual) does not, so the kernel checks too, and takes no windows
    // (O = 0) after a failed check. (An epilogue whose operand is longer
    // than the convolution's result is a program whose dynamic dims
    // disagree, which compiled kernels, unlike the interpreter, do not
    // check anywhere: docs/dialect.md.)
    Value size = tensor::DimOp::create(b, loc, x, 2 + j);
    int64_t span = op.getDilations()[j] * (kernel[j] - 1) + 1;
    Value fit = arith::AddIOp::create(
        b, loc, size,
        index(op.getPaddingLow()[j] + op.getPaddingHigh()[j] - span));
    Value fits =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, fit, index(0));
    if (divisionChecks)
      cf::AssertOp::create(b, loc, fits, kConvInputMessage);
    Value windows = arith::AddIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, fit, index(op.getStrides()[j])),
        index(1));
    extents.input.push_back(size);
    extents.output.push_back(
        arith::SelectOp::create(b, loc, fits, windows, index(0)));
  }
  return extents;
}

/// meld.conv over an implicit im2col, per image, its result `[N, F, O...]`
/// computed directly, so that tiling into row blocks slices it per image
/// and fuses the column gather (a generic that reads 0 for taps in the
/// padding) into each block.
///
/// Without groups the columns are `col[n, o_1 .. o_(d-1), k, o_d]` (k over
/// input channels and kernel offsets) and the contraction's loops `n, o_1 ..
/// o_(d-1), f, o_d, k` make it, per image and output row, a GEMM of the filters
/// `[F, K]` by the row's pixels: the host's register tiles run over
/// filters and along contiguous output pixels. With groups each filter
/// reads its own group's columns, `col[n, f, o.., k, o_d]` (a depthwise
/// convolution's are exactly its channel's taps), and the loops are
/// `n, f, o..., k`.
LogicalResult Lowering::lowerConv(ConvOp op) {
  Location loc = op.getLoc();
  MLIRContext *ctx = b.getContext();
  Value filter = op.getFilter();
  auto type = cast<RankedTensorType>(op.getType());
  auto fType = cast<RankedTensorType>(filter.getType());
  // The columns hold input elements (halves stay halves; the contraction
  // widens them).
  Type elem = fType.getElementType();
  int64_t d = op.getSpatialRank(), groups = op.getGroups();
  bool grouped = groups > 1;
  int64_t features = fType.getDimSize(0), perGroup = fType.getDimSize(1);
  int64_t featuresPerGroup = features / groups;
  ArrayRef<int64_t> kernel = fType.getShape().drop_front(2);
  ArrayRef<int64_t> outSpatial = type.getShape().drop_front(2);
  int64_t kernelSize = 1;
  for (int64_t k : kernel)
    kernelSize *= k;
  int64_t depth = perGroup * kernelSize;
  if (paddedConvColumns && succeeded(lowerWholeInputConv(op)))
    return success();
  ConvExtents extents = convExtents(op);
  SmallVector<Value> batch = extents.batchOnly();
  // (A dynamic batch keeps the per-row form for GPU kernels, whose
  // epilogue reads the result directly; host kernels slice the image form
  // per image either way. Dynamic spatial dims keep it everywhere: its
  // columns per block are one output row's, bounded whatever the image's
  // size.)
  bool staticImage = llvm::none_of(outSpatial, ShapedType::isDynamic);
  if (!grouped && paddedConvColumns && type.hasStaticShape()) {
    int64_t outPixels = 1;
    for (int64_t o : outSpatial)
      outPixels *= o;
    if (outPixels < kConvPixelRowsBelow &&
        outPixels * type.getDimSize(0) >= kConvPixelRowsMin &&
        depth >= 64 * outPixels)
      return lowerConvByPixelRows(op, extents);
  }
  if (!grouped && d > 1 && staticImage &&
      (type.hasStaticShape() || paddedConvColumns)) {
    int64_t panelBytes = depth * elem.getIntOrFloatBitWidth() / 8;
    for (int64_t o : outSpatial)
      panelBytes *= o;
    if (panelBytes <= kConvImagePanelMaxBytes)
      return lowerConvOverImage(op, extents, depth, kernelSize);
  }

  // Grouped convolutions on the host run directly on the padded input,
  // their sums in registers (meld-vectorize-host-windows). Measured on a
  // Zen 5 (2 threads, one image, 3 x 3 + ReLU unless named; per-row
  // columns -> direct): 144 channels at 56 x 56 0.92 -> 0.062 ms, 7 x 7 on
  // 96 channels 2.8 -> 0.157 ms, 32 groups of 4 channels at 28 x 28 0.69
  // -> 0.055 ms, 8 groups of 16 1.36 -> 0.103 ms, 2 groups of 64 11.5 ->
  // 0.332 ms (with meld-tile-host-blocks' tiles of whole groups), 576
  // channels at 14 x 14 0.127 -> 0.048 ms.
  if (grouped && paddedConvColumns)
    return lowerGroupedConv(op, extents);

  // The columns: [N, (F,) O_1 .. O_(d-1), K, O_d], so that the panel one
  // output row multiplies, [K, O_d], is contiguous. Over a dynamic image
  // on the host, [N, K, O_1, .., O_d] instead: the panel of several whole
  // output rows, [K, R, O_2, ..], is contiguous too, and
  // meld-tile-host-blocks' blocks of R rows multiply the filters by it as
  // one GEMM (collapseConvRowGroups).
  bool depthFirst = !grouped && paddedConvColumns && !staticImage;
  SmallVector<int64_t> colShape = {type.getDimSize(0)};
  SmallVector<Value> colExtents = {extents.batch};
  if (grouped) {
    colShape.push_back(features);
    colExtents.push_back(nullptr);
  }
  if (depthFirst) {
    colShape.push_back(depth);
    colExtents.push_back(nullptr);
    llvm::append_range(colShape, outSpatial);
    llvm::append_range(colExtents, extents.output);
  } else {
    llvm::append_range(colShape, outSpatial.drop_back());
    llvm::append_range(colExtents, ArrayRef(extents.output).drop_back());
    colShape.push_back(depth);
    colExtents.push_back(nullptr);
    colShape.push_back(outSpatial.back());
    colExtents.push_back(extents.output.back());
  }
  auto colType = RankedTensorType::get(colShape, elem);
  int64_t colRank = colShape.size(), lead = grouped ? 2 : 1;
  int64_t kDim = depthFirst ? 1 : lead + d - 1;
  auto pixelDim = [&](int64_t j) {
    if (depthFirst)
      return 2 + j;
    return j + 1 < d ? lead + j : kDim + 1;
  };
  auto gather = linalg::GenericOp::create(
      b, loc, TypeRange{colType}, ValueRange{},
      ValueRange{
          emptyTensor(b, loc, colType, ConvExtents::of(colType, colExtents))},
      SmallVector<AffineMap>{b.getMultiDimIdentityMap(colRank)},
      SmallVector<IteratorType>(colRank, IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        auto index = [&](int64_t v) {
          return arith::ConstantIndexOp::create(nb, nloc, v).getResult();
        };
        auto mul = [&](Value a, int64_t v) {
          return v == 1 ? a : arith::MulIOp::create(nb, nloc, a, index(v));
        };
        Value k = linalg::IndexOp::create(nb, nloc, kDim);
        Value channel = arith::DivUIOp::create(nb, nloc, k, index(kernelSize));
        if (grouped) {
          Value group = arith::DivUIOp::create(
              nb, nloc, linalg::IndexOp::create(nb, nloc, 1),
              index(featuresPerGroup));
          channel = arith::AddIOp::create(nb, nloc, channel,
                                          mul(group, perGroup));
        }
        SmallVector<Value> pixel;
        for (int64_t j = 0; j < d; ++j)
          pixel.push_back(linalg::IndexOp::create(nb, nloc, pixelDim(j)));
        yieldConvTap(nb, nloc, op, extents,
                     linalg::IndexOp::create(nb, nloc, 0), channel, k, pixel);
      });

  // Depth first, a 1x1 convolution of stride 1 without padding multiplies
  // its input itself, `[N, C, O..]`.
  Value columns = gather.getResult(0);
  auto isOne = [](int64_t v) { return v == 1; };
  if (depthFirst && kernelSize == 1 && !hasPadding(op) &&
      llvm::all_of(op.getStrides(), isOne) &&
      llvm::all_of(op.getDilations(), isOne)) {
    b.eraseOp(gather);
    columns = op.getInput();
  }

  // Loops: n, o_1 .. o_(d-1), f, o_d, k; grouped, or depth first: n, f,
  // o..., k.
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  bool filtersFirst = grouped || depthFirst;
  int64_t loops = d + 3, k = d + 2, f = filtersFirst ? 1 : d;
  SmallVector<AffineExpr> pixels;
  for (int64_t j = 0; j < d; ++j)
    pixels.push_back(dim(filtersFirst ? 2 + j : j + 1 == d ? d + 1 : 1 + j));
  SmallVector<AffineExpr> wE = {dim(f), dim(k)};
  SmallVector<AffineExpr> colE = {dim(0)}, outE = {dim(0), dim(f)};
  if (grouped)
    colE.push_back(dim(f));
  if (depthFirst) {
    colE.push_back(dim(k));
    colE.append(pixels);
  } else {
    colE.append(pixels.begin(), pixels.end() - 1);
    colE.push_back(dim(k));
    colE.push_back(pixels.back());
  }
  outE.append(pixels);
  SmallVector<IteratorType> iters(loops, IteratorType::parallel);
  iters[k] = IteratorType::reduction;
  b.replaceOp(op,
              convContraction(loc, filter, columns, type, extents.result(type),
                              {AffineMap::get(loops, 0, wE, ctx),
                               AffineMap::get(loops, 0, colE, ctx),
                               AffineMap::get(loops, 0, outE, ctx)},
                              iters));
  return success();
}

Value Lowering::convContraction(Location loc, Value filter, Value columns,
                                RankedTensorType type, ValueRange batch,
                                ArrayRef<AffineMap> maps,
                                ArrayRef<IteratorType> iters) {
  auto fType = cast<RankedTensorType>(filter.getType());
  SmallVector<ReassociationIndices> flat = {{0}, {}};
  for (int64_t i = 1; i < fType.getRank(); ++i)
    flat[1].push_back(i);
  Value weights = tensor::CollapseShapeOp::create(b, loc, filter, flat);
  return sumOfProducts(loc, {weights, columns}, type, batch, maps, iters);
}

Value Lowering::sumOfProducts(Location loc, ValueRange inputs,
                              RankedTensorType type, ValueRange batch,
                              ArrayRef<AffineMap> maps,
                              ArrayRef<IteratorType> iters) {
  Value init = linalg::FillOp::create(
                   b, loc,
                   ValueRange{floatConst(b, loc, type.getElementType(), 0.0)},
                   ValueRange{emptyTensor(b, loc, type, batch)})
                   .getResult(0);
  return addProducts(b, loc, inputs, init, maps, iters);
}

Value Lowering::addProducts(OpBuilder &nb, Location loc, ValueRange inputs,
                            Value init, ArrayRef<AffineMap> maps,
                            ArrayRef<IteratorType> iters) {
  Type sum = getElementTypeOrSelf(init.getType());
  return linalg::GenericOp::create(
             nb, loc, TypeRange{init.getType()}, inputs, ValueRange{init},
             maps, iters,
             [&](OpBuilder &gb, Location gl, ValueRange args) {
               Value r = arith::AddFOp::create(
                   gb, gl, args[2],
                   arith::MulFOp::create(gb, gl,
                                         castScalar(gb, gl, args[0], sum),
                                         castScalar(gb, gl, args[1], sum)),
                   sumFlags);
               linalg::YieldOp::create(gb, gl, r);
             })
      .getResult(0);
}

/// meld.conv without groups whose columns for one image fit
/// kConvImagePanelMaxBytes: one GEMM per image, the filters `[F, K]` by the
/// columns of all its pixels, `col[n, k, p]` with p over O_1 .. O_d
/// row-major, into `[N, F, P]`, expanded to `[N, F, O...]`. Per output row
/// the GEMM was only O_d columns wide (7 or 14 in a ResNet's last stages,
/// where the host's 16-column register tiles ran half empty), and each row
/// reloaded the filters: one conv of a ResNet-50 at 224 ran 1.2x (3x3 at
/// 56 x 56) to 2.4x (1x1, 256 -> 64 channels) faster this way. A 1x1
/// convolution with unit strides and no padding needs no columns: they
/// are its input, viewed as `[N, C, P]`. With a dynamic batch only on the
/// host (`padded-conv-columns`): GPU kernels keep the per-row form, whose
/// result an epilogue reads directly (through the reshape it would need an
/// intermediate of unbounded size).
LogicalResult Lowering::lowerConvOverImage(ConvOp op,
                                           const ConvExtents &extents,
                                           int64_t depth, int64_t kernelSize) {
  Location loc = op.getLoc();
  MLIRContext *ctx = b.getContext();
  Value x = op.getInput();
  auto type = cast<RankedTensorType>(op.getType());
  Type elem = getElementTypeOrSelf(x.getType()), sum = type.getElementType();
  int64_t d = op.getSpatialRank();
  ArrayRef<int64_t> outSpatial = type.getShape().drop_front(2);
  assert(llvm::none_of(outSpatial, ShapedType::isDynamic) &&
         "the image form takes static spatial dims");
  SmallVector<Value> batch = extents.batchOnly();
  int64_t pixels = 1;
  for (int64_t o : outSpatial)
    pixels *= o;
  auto isOne = [](int64_t v) { return v == 1; };
  bool pointwise = kernelSize == 1 && !hasPadding(op) &&
                   llvm::all_of(op.getStrides(), isOne) &&
                   llvm::all_of(op.getDilations(), isOne);
  // [N, C or F, O_1 .. O_d] as [N, C or F, P].
  SmallVector<ReassociationIndices> image = {{0}, {1}, {}};
  for (int64_t j = 0; j < d; ++j)
    image[2].push_back(2 + j);
  Value columns;
  if (pointwise) {
    columns = tensor::CollapseShapeOp::create(b, loc, x, image);
  } else if (paddedConvColumns) {
    columns = paddedColumns(op, extents);
  } else {
    auto colType =
        RankedTensorType::get({type.getDimSize(0), depth, pixels}, elem);
    columns =
        linalg::GenericOp::create(
            b, loc, TypeRange{colType}, ValueRange{},
            ValueRange{emptyTensor(b, loc, colType, batch)},
            SmallVector<AffineMap>{b.getMultiDimIdentityMap(3)},
            SmallVector<IteratorType>(3, IteratorType::parallel),
            [&](OpBuilder &nb, Location nloc, ValueRange) {
              auto index = [&](int64_t v) {
                return arith::ConstantIndexOp::create(nb, nloc, v).getResult();
              };
              Value k = linalg::IndexOp::create(nb, nloc, 1);
              Value p = linalg::IndexOp::create(nb, nloc, 2);
              SmallVector<Value> pixel;
              int64_t pixelStride = pixels;
              for (int64_t j = 0; j < d; ++j) {
                pixelStride /= outSpatial[j];
                pixel.push_back(arith::RemUIOp::create(
                    nb, nloc,
                    arith::DivUIOp::create(nb, nloc, p, index(pixelStride)),
                    index(outSpatial[j])));
              }
              yieldConvTap(
                  nb, nloc, op, extents, linalg::IndexOp::create(nb, nloc, 0),
                  arith::DivUIOp::create(nb, nloc, k, index(kernelSize)), k,
                  pixel);
            })
            .getResult(0);
  }
  // Loops n, f, p, k.
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  auto flatType = RankedTensorType::get(
      {type.getDimSize(0), type.getDimSize(1), pixels}, sum);
  Value flat = convContraction(
      loc, op.getFilter(), columns, flatType, batch,
      {AffineMap::get(4, 0, {dim(1), dim(3)}, ctx),
       AffineMap::get(4, 0, {dim(0), dim(3), dim(2)}, ctx),
       AffineMap::get(4, 0, {dim(0), dim(1), dim(2)}, ctx)},
      {IteratorType::parallel, IteratorType::parallel, IteratorType::parallel,
       IteratorType::reduction});
  b.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, flat, image);
  return success();
}

/// The fewest filters that take them: meld-vectorize-host-outer-products'
/// least (fewer are left to scalar loops).
static constexpr int64_t kOuterProductMinFilters = 4;

/// meld.conv of few output pixels per image and a deep kernel, such as a
/// convolution's weight gradient (its input `[C, N, H, W]`, the output
/// gradient `[F, N, OH, OW]` as the kernel, the result `[C, F, k_1, k_2]`):
/// the image form's GEMM per image, filters `[F, K]` by `[K, P]`, runs its
/// vector columns over P pixels (9 of a 16-lane vector) and reads all the
/// filters once per image (64 images of a 3 x 3 gradient over 16 images of
/// 32 x 32: 4 MiB each, 256 MiB per call). Here the pixels of all images
/// are the rows instead: the columns `col[n, o_1 .. o_d, c, k_1 .. k_d]`,
/// copied from the padded input at `(n, c, o_j s_j + k_j d_j)` (contiguous
/// along the last tap), collapse to `[N P, K]`, and one contraction
/// `out[m, f] += col[m, k] * w[f, k]` (x @ W^T, rows m, the filters' rows
/// as columns) gives `[N P, F]`, transposed to `[N, F, O...]`. Row blocks
/// share the filters across images. Host only (`padded-conv-columns`),
/// static shapes.
///
/// In f32 outside strict-fp mode, with more than one output pixel per
/// image, at least outerProductMinImages images and
/// kOuterProductMinFilters filters, there are no columns: one generic over
/// the padded input, loops `n, o.., f, c, k..`, sums `out[n, o.., f] +=
/// padded[n, c, o s + k d..] * w[f, c, k..]`, which
/// meld-vectorize-host-outer-products computes in register tiles along f
/// (the filters packed channels last a chunk of the reduction at a time),
/// then transposed to `[N, F, O...]`. The columns
/// were 9 times the input (a block of 8 images of a 3 x 3 gradient over
/// 16 images of 32 x 32: 4.7 MiB, past L2): 64 channels by 64 filters
/// 3.8-4.1 -> 3.0-3.2 ms, the strided one (dilation 2, 32 -> 64) 2.4 ->
/// 2.1 ms (Zen 5, 2 threads; in AVX2 code 5.6-6.0 -> 5.5 and 3.2-3.5 ->
/// 3.2 ms). A 1 x 1 output (a 1x1 convolution's gradient: its columns are
/// the input itself) keeps the contraction: as outer products
/// MobileNetV2's step ran 12% slower.
LogicalResult Lowering::lowerConvByPixelRows(ConvOp op,
                                             const ConvExtents &extents) {
  Location loc = op.getLoc();
  MLIRContext *ctx = b.getContext();
  Value x = op.getInput();
  auto xType = cast<RankedTensorType>(x.getType());
  Type elem = xType.getElementType();
  auto type = cast<RankedTensorType>(op.getType());
  Type sum = type.getElementType();
  int64_t d = op.getSpatialRank();
  ArrayRef<int64_t> kernel =
      cast<RankedTensorType>(op.getFilter().getType()).getShape().drop_front(2);
  ArrayRef<int64_t> outSpatial = type.getShape().drop_front(2);
  int64_t n = type.getDimSize(0), f = type.getDimSize(1), pixels = 1;
  for (int64_t o : outSpatial)
    pixels *= o;
  Value padded = paddedInput(op, extents);
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  if (sumFlags == arith::FastMathFlags::reassoc && elem.isF32() &&
      sum.isF32() && pixels > 1 && n >= outerProductMinImages &&
      f >= kOuterProductMinFilters) {
    // Loops n, o_1 .. o_d, f, c, k_1 .. k_d: `out[n, o.., f] += padded[n,
    // c, o_j s_j + k_j d_j] * w[f, c, k..]`, which meld-vectorize-host-outer-
    // products computes in register tiles along f, the filters packed
    // channels last a chunk of the reduction at a time and each row's
    // input element broadcast; no columns.
    int64_t loops = 3 + 2 * d, fLoop = 1 + d;
    SmallVector<AffineExpr> read = {dim(0), dim(fLoop + 1)};
    SmallVector<AffineExpr> wE = {dim(fLoop), dim(fLoop + 1)}, outE = {dim(0)};
    for (int64_t j = 0; j < d; ++j) {
      read.push_back(dim(1 + j) * op.getStrides()[j] +
                     dim(fLoop + 2 + j) * op.getDilations()[j]);
      wE.push_back(dim(fLoop + 2 + j));
      outE.push_back(dim(1 + j));
    }
    outE.push_back(dim(fLoop));
    SmallVector<int64_t> lastShape = {n};
    llvm::append_range(lastShape, outSpatial);
    lastShape.push_back(f);
    SmallVector<IteratorType> iters(loops, IteratorType::reduction);
    std::fill_n(iters.begin(), fLoop + 1, IteratorType::parallel);
    Value last = sumOfProducts(loc, {padded, op.getFilter()},
                               RankedTensorType::get(lastShape, sum), {},
                               {AffineMap::get(loops, 0, read, ctx),
                                AffineMap::get(loops, 0, wE, ctx),
                                AffineMap::get(loops, 0, outE, ctx)},
                               iters);
    SmallVector<AffineExpr> back = {dim(0)};
    for (int64_t j = 0; j < d; ++j)
      back.push_back(dim(2 + j));
    back.push_back(dim(1));
    b.replaceOp(op, copyThroughMap(loc, last, type,
                                   AffineMap::get(2 + d, 0, back, ctx), {}));
    return success();
  }
  // Loops n, o_1 .. o_d, c, k_1 .. k_d.
  int64_t loops = 2 + 2 * d;
  SmallVector<int64_t> shape = {n};
  llvm::append_range(shape, outSpatial);
  shape.push_back(xType.getDimSize(1));
  llvm::append_range(shape, kernel);
  auto colType = RankedTensorType::get(shape, elem);
  SmallVector<AffineExpr> read = {dim(0), dim(1 + d)};
  for (int64_t j = 0; j < d; ++j)
    read.push_back(dim(1 + j) * op.getStrides()[j] +
                   dim(2 + d + j) * op.getDilations()[j]);
  Value columns = copyThroughMap(loc, padded, colType,
                                 AffineMap::get(loops, 0, read, ctx), {});
  SmallVector<ReassociationIndices> rows = {{}, {}};
  for (int64_t j = 0; j <= d; ++j) {
    rows[0].push_back(j);
    rows[1].push_back(1 + d + j);
  }
  columns = tensor::CollapseShapeOp::create(b, loc, columns, rows);
  // Loops m, f, k.
  auto flatType = RankedTensorType::get({n * pixels, f}, sum);
  Value flat = convContraction(loc, op.getFilter(), columns, flatType, {},
                               {AffineMap::get(3, 0, {dim(1), dim(2)}, ctx),
                                AffineMap::get(3, 0, {dim(0), dim(2)}, ctx),
                                AffineMap::get(3, 0, {dim(0), dim(1)}, ctx)},
                               {IteratorType::parallel, IteratorType::parallel,
                                IteratorType::reduction});
  Value perImage = tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get({n, pixels, f}, sum), flat,
      SmallVector<ReassociationIndices>{{0, 1}, {2}});
  auto imageType = RankedTensorType::get({n, f, pixels}, sum);
  Value image =
      copyThroughMap(loc, perImage, imageType,
                     AffineMap::get(3, 0, {dim(0), dim(2), dim(1)}, ctx), {});
  SmallVector<ReassociationIndices> spatial = {{0}, {1}, {}};
  for (int64_t j = 0; j < d; ++j)
    spatial[2].push_back(2 + j);
  b.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, image, spatial);
  return success();
}

/// The value that `v` transposes the two leading dims of (a
/// linalg.transpose, a meld.transpose lowered: the convolution's prologue
/// that meld-fuse-gemm-epilogue's transposed-conv-operands gives it), or
/// null.
static Value untransposedOperand(Value v) {
  auto t = v.getDefiningOp<linalg::TransposeOp>();
  if (!t)
    return nullptr;
  for (auto [i, p] : llvm::enumerate(t.getPermutation()))
    if (p != (i < 2 ? 1 - static_cast<int64_t>(i) : static_cast<int64_t>(i)))
      return nullptr;
  return t.getInput();
}

/// The value `[N, C, ...]` whose transpose of the two leading dims `v`
/// (`[1, C * N, ...]`) reshapes, through collapses and expansions (which
/// keep the elements' order), or null: a depthwise convolution's weight
/// gradient's input, its channel c * N + n the input's image n, channel c.
static Value untransposedMergedOperand(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Value src = v;
  while (Operation *def = src.getDefiningOp()) {
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      break;
    src = def->getOperand(0);
  }
  Value x = untransposedOperand(src);
  auto from = dyn_cast<RankedTensorType>(src.getType());
  if (!x || !type || !from || !type.hasStaticShape() ||
      !from.hasStaticShape() || type.getRank() != from.getRank() ||
      type.getDimSize(0) != 1 ||
      type.getDimSize(1) != from.getDimSize(0) * from.getDimSize(1) ||
      type.getShape().drop_front(2) != from.getShape().drop_front(2))
    return nullptr;
  return x;
}

/// meld.conv over its whole input (ConvOp::coversWholeInput) whose input
/// or filter is a transpose of its two leading dims (the prologues that
/// meld-fuse-gemm-epilogue's transposed-conv-operands gives it): a 1x1
/// convolution's weight gradient, `out[c, f] = sum over n, p of x[n, c, p]
/// * g[n, f, p]` on the untransposed input `x` and output gradient `g`
/// (`[N, C, H, W]` and `[N, F, H, W]`, pixels flattened to p), read in
/// place. One contraction, loops `c, f, n, p` (two reductions), which
/// meld-vectorize-host-contractions computes as dot products along each
/// image's contiguous pixels (emitTransposedDots); the transposes had
/// copied both tensors whole (9% of MobileNetV2's training step, as
/// memmove and transpose kernels). Host only, f32 outside strict-fp mode.
/// Fails, changing nothing, for any other convolution.
LogicalResult Lowering::lowerWholeInputConv(ConvOp op) {
  auto type = cast<RankedTensorType>(op.getType());
  if (sumFlags != arith::FastMathFlags::reassoc || !op.coversWholeInput() ||
      !type.getElementType().isF32() ||
      !getElementTypeOrSelf(op.getInput().getType()).isF32())
    return failure();
  Value x = untransposedOperand(op.getInput()),
        g = untransposedOperand(op.getFilter());
  if (!x && !g)
    return failure();
  Location loc = op.getLoc();
  MLIRContext *ctx = b.getContext();
  int64_t d = op.getSpatialRank();
  // [N, C, O...] (or [C, N, O...]) as [N, C, P].
  SmallVector<ReassociationIndices> image = {{0}, {1}, {}};
  for (int64_t j = 0; j < d; ++j)
    image[2].push_back(2 + j);
  auto flat = [&](Value v) -> Value {
    return tensor::CollapseShapeOp::create(b, loc, v, image);
  };
  // Loops c, f, n, p.
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  // An operand of rows `row`: [N, rows, P] untransposed, else [rows, N, P].
  auto read = [&](bool untransposed, int64_t row) {
    SmallVector<AffineExpr> e = {dim(2), dim(row), dim(3)};
    if (!untransposed)
      std::swap(e[0], e[1]);
    return AffineMap::get(4, 0, e, ctx);
  };
  AffineMap xMap = read(x != nullptr, 0), gMap = read(g != nullptr, 1);
  llvm::SmallSetVector<Operation *, 2> transposes;
  for (Value v : {op.getInput(), op.getFilter()})
    if (auto t = v.getDefiningOp<linalg::TransposeOp>())
      transposes.insert(t);
  Value sums = sumOfProducts(
      loc, {flat(x ? x : op.getInput()), flat(g ? g : op.getFilter())},
      RankedTensorType::get({type.getDimSize(0), type.getDimSize(1)},
                            type.getElementType()),
      {},
      {xMap, gMap, AffineMap::get(4, 0, {dim(0), dim(1)}, ctx)},
      {IteratorType::parallel, IteratorType::parallel, IteratorType::reduction,
       IteratorType::reduction});
  SmallVector<ReassociationIndices> pixel = {{0}, {}};
  for (int64_t j = 0; j < d + 1; ++j)
    pixel[1].push_back(1 + j);
  b.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, sums, pixel);
  for (Operation *t : transposes)
    if (t->use_empty())
      b.eraseOp(t);
  return success();
}

Value Lowering::copyThroughMap(Location loc, Value src, RankedTensorType type,
                               AffineMap read, ValueRange sizes) {
  int64_t rank = type.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{src},
             ValueRange{emptyTensor(b, loc, type, sizes)},
             SmallVector<AffineMap>{read, b.getMultiDimIdentityMap(rank)},
             SmallVector<IteratorType>(rank, IteratorType::parallel),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc, args[0]);
             })
      .getResult(0);
}

Value Lowering::paddedInput(ConvOp op, const ConvExtents &extents) {
  Location loc = op.getLoc();
  Value x = op.getInput();
  auto xType = cast<RankedTensorType>(x.getType());
  Type elem = xType.getElementType();
  int64_t d = op.getSpatialRank();
  // Only the extent the windows read, (O - 1) s + (K - 1) dil + 1 along
  // each spatial dim: the reads' affine maps then cover their operand
  // exactly, which a map over unit output dims, folded, needs (a strided
  // window that skips the last padded row read 4 rows of 4 through a map
  // over 3 taps).
  auto type = cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> kernel =
      cast<RankedTensorType>(op.getFilter().getType()).getShape().drop_front(2);
  // Along a dynamic spatial dim that extent, (O - 1) s + span, is computed
  // from the output's.
  SmallVector<int64_t> read(xType.getShape());
  SmallVector<Value> readExtents = {extents.batch, nullptr};
  for (int64_t j = 0; j < d; ++j) {
    int64_t o = type.getDimSize(2 + j), full = read[2 + j];
    int64_t span = (kernel[j] - 1) * op.getDilations()[j] + 1;
    if (ShapedType::isDynamic(o)) {
      Value stride = arith::ConstantIndexOp::create(b, loc, op.getStrides()[j]);
      Value last = arith::SubIOp::create(
          b, loc, arith::MulIOp::create(b, loc, extents.output[j], stride),
          stride);
      readExtents.push_back(arith::AddIOp::create(
          b, loc, last, arith::ConstantIndexOp::create(b, loc, span)));
      continue;
    }
    full += op.getPaddingLow()[j] + op.getPaddingHigh()[j];
    read[2 + j] = std::min(full, (o - 1) * op.getStrides()[j] + span);
    readExtents.push_back(nullptr);
  }
  auto paddedType = RankedTensorType::get(read, elem);
  if (!hasPadding(op)) {
    if (paddedType == xType && llvm::none_of(ArrayRef(readExtents).drop_front(),
                                             [](Value v) { return v; }))
      return x;
    SmallVector<OpFoldResult> offsets(read.size(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes, strides(read.size(), b.getIndexAttr(1));
    for (int64_t i = 0, e = read.size(); i < e; ++i)
      sizes.push_back(readExtents[i] ? OpFoldResult(readExtents[i])
                                     : OpFoldResult(b.getIndexAttr(read[i])));
    return tensor::ExtractSliceOp::create(b, loc, paddedType, x, offsets, sizes,
                                          strides);
  }
  int64_t rank = paddedType.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{paddedType}, ValueRange{},
             ValueRange{emptyTensor(b, loc, paddedType,
                                    ConvExtents::of(paddedType, readExtents))},
             SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
             SmallVector<IteratorType>(rank, IteratorType::parallel),
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               SmallVector<Value> at = {linalg::IndexOp::create(nb, nloc, 0),
                                        linalg::IndexOp::create(nb, nloc, 1)};
               Value inside;
               for (int64_t j = 0; j < d; ++j)
                 inside = appendInputIndex(
                     nb, nloc, op, extents, j,
                     linalg::IndexOp::create(nb, nloc, 2 + j), at, inside);
               linalg::YieldOp::create(
                   nb, nloc, extractOrZero(nb, nloc, inside, x, at, elem));
             })
      .getResult(0);
}

/// A grouped convolution (depthwise: one channel per group) computes
/// `out[n, f, o] += w[f, c, k] * padded[n, g(f) * C_g + c, o * s + k *
/// dil]`, g(f) = f / (F / groups), in one generic, loops `n, f, o_1 ..
/// o_d, c, k_1 .. k_d`: a sliding-window sum that
/// meld-vectorize-host-windows computes in blocks of vector accumulators
/// along the output rows, reading the padded input contiguously (or
/// strided) with the weights broadcast. The columns of the grouped form
/// held C_g x taps x pixels elements per filter, gathered with scalar
/// code, for a contraction that the register tiles do not take (one filter
/// row per group). Host only (`padded-conv-columns`).
LogicalResult Lowering::lowerGroupedConv(ConvOp op,
                                         const ConvExtents &extents) {
  MLIRContext *ctx = b.getContext();
  auto fType = cast<RankedTensorType>(op.getFilter().getType());
  int64_t d = op.getSpatialRank();
  int64_t filtersPerGroup = fType.getDimSize(0) / op.getGroups();
  int64_t perGroup = fType.getDimSize(1);
  // loops: 0 n, 1 f, 2 .. d + 1 o_1 .. o_d, d + 2 c, d + 3 .. 2d + 2 k_1 ..
  // k_d
  int64_t loops = 3 + 2 * d, channelLoop = 2 + d;
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  auto tapDim = [&](int64_t j) { return dim(channelLoop + 1 + j); };
  SmallVector<AffineExpr> read = {
      dim(0), dim(1).floorDiv(filtersPerGroup) * perGroup + dim(channelLoop)};
  SmallVector<AffineExpr> weight = {dim(1), dim(channelLoop)};
  SmallVector<AffineExpr> out = {dim(0), dim(1)};
  for (int64_t j = 0; j < d; ++j) {
    read.push_back(dim(2 + j) * op.getStrides()[j] +
                   tapDim(j) * op.getDilations()[j]);
    weight.push_back(tapDim(j));
    out.push_back(dim(2 + j));
  }
  SmallVector<utils::IteratorType> iters(loops, utils::IteratorType::parallel);
  for (int64_t j = 0; j <= d; ++j)
    iters[channelLoop + j] = utils::IteratorType::reduction;
  auto type = cast<RankedTensorType>(op.getType());
  Value input = paddedInput(op, extents), filter = op.getFilter();
  // A depthwise convolution's weight gradient whose prologues transposed
  // its operands (meld-fuse-gemm-epilogue's transposed-conv-operands)
  // reads them in place: its input's channel f * N + c is the
  // untransposed input's image c, channel f; its filter's `[f, c]` the
  // output gradient's `[c, f]`. The transposes had copied both:
  // MobileNetV2's largest, with them, 1.24 ms cold, 0.50 without.
  if (op.isDepthwiseWeightGradient() && type.hasStaticShape()) {
    Value x = untransposedMergedOperand(op.getInput());
    if (x && cast<RankedTensorType>(x.getType()).getDimSize(0) == perGroup) {
      // The extent of each spatial dim that the windows read, as the
      // padded input's (a crop of the untransposed input).
      auto cropped = cast<RankedTensorType>(input.getType());
      auto xsType = cast<RankedTensorType>(x.getType());
      SmallVector<int64_t> sizes(xsType.getShape().take_front(2));
      llvm::append_range(sizes, cropped.getShape().drop_front(2));
      if (ArrayRef(sizes) != xsType.getShape())
        x = tensor::ExtractSliceOp::create(
            b, op.getLoc(),
            RankedTensorType::get(sizes, xsType.getElementType()), x,
            SmallVector<OpFoldResult>(sizes.size(), b.getIndexAttr(0)),
            getAsIndexOpFoldResult(ctx, sizes),
            SmallVector<OpFoldResult>(sizes.size(), b.getIndexAttr(1)));
      input = x;
      read[0] = dim(channelLoop);
      read[1] = dim(1);
    }
    if (Value g = untransposedOperand(filter)) {
      filter = g;
      std::swap(weight[0], weight[1]);
    }
  }
  b.replaceOp(op, sumOfProducts(op.getLoc(), {input, filter}, type,
                                extents.result(type),
                                {AffineMap::get(loops, 0, read, ctx),
                                 AffineMap::get(loops, 0, weight, ctx),
                                 AffineMap::get(loops, 0, out, ctx)},
                                iters));
  return success();
}

/// The padded input (paddedInput) is a generic over `[N, C, S_1 + pads,
/// ..]`, cut to the extent the windows read, that reads 0 in the padding:
/// C x (S + pads) checked reads, where the columns take
/// C x taps x P elements. The columns are a copy over `[N, C, K_1 .. K_d,
/// O_1 .. O_d]` that reads the padded input at `(n, c, o_j * s_j + k_j *
/// d_j)`, an affine map: the loop over an output row's pixels is a plain
/// contiguous (or strided) copy that LLVM vectorizes, where each column
/// element of the other form decoded its pixel and tap with divisions and
/// branched on the padding (a ResNet-50's 3 x 3 convolutions at 56 x 56
/// spent more time gathering than multiplying). Collapsed to `[N, K, P]`:
/// k = c * taps + the tap's row-major index, p the pixels row-major.
Value Lowering::paddedColumns(ConvOp op, const ConvExtents &extents) {
  Location loc = op.getLoc();
  MLIRContext *ctx = b.getContext();
  Value x = op.getInput();
  auto xType = cast<RankedTensorType>(x.getType());
  Type elem = xType.getElementType();
  auto type = cast<RankedTensorType>(op.getType());
  int64_t d = op.getSpatialRank();
  ArrayRef<int64_t> kernel =
      cast<RankedTensorType>(op.getFilter().getType()).getShape().drop_front(2);
  Value padded = paddedInput(op, extents);
  SmallVector<Value> batch = extents.batchOnly();
  // Loops n, c, k_1 .. k_d, o_1 .. o_d.
  int64_t loops = 2 + 2 * d;
  SmallVector<int64_t> shape = {type.getDimSize(0), xType.getDimSize(1)};
  llvm::append_range(shape, kernel);
  llvm::append_range(shape, type.getShape().drop_front(2));
  auto colType = RankedTensorType::get(shape, elem);
  auto dim = [&](int64_t i) { return b.getAffineDimExpr(i); };
  SmallVector<AffineExpr> read = {dim(0), dim(1)};
  for (int64_t j = 0; j < d; ++j)
    read.push_back(dim(2 + d + j) * op.getStrides()[j] +
                   dim(2 + j) * op.getDilations()[j]);
  Value columns = copyThroughMap(loc, padded, colType,
                                 AffineMap::get(loops, 0, read, ctx), batch);
  SmallVector<ReassociationIndices> groups = {{0}, {}, {}};
  for (int64_t j = 0; j <= d; ++j)
    groups[1].push_back(1 + j);
  for (int64_t j = 0; j < d; ++j)
    groups[2].push_back(2 + d + j);
  return tensor::CollapseShapeOp::create(b, loc, columns, groups);
}

LogicalResult Lowering::lowerIota(IotaOp op) {
  Location loc = op.getLoc();
  auto type = cast<RankedTensorType>(op.getType());
  Value init = emptyTensor(b, loc, type, op.getDynamicSizes());
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(type.getRank())};
  SmallVector<IteratorType> iters(type.getRank(), IteratorType::parallel);
  int64_t dim = op.getDim();
  Type elem = type.getElementType();
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{}, ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange) {
        Value idx = linalg::IndexOp::create(nb, nloc, dim);
        Value i64 = arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), idx);
        linalg::YieldOp::create(nb, nloc, castScalar(nb, nloc, i64, elem));
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

LogicalResult Lowering::lowerReduce(ReduceOp op) {
  Location loc = op.getLoc();
  Value x = op.getOperand();
  auto srcType = cast<RankedTensorType>(x.getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  Type inElem = srcType.getElementType();
  Type outElem = resultType.getElementType();
  int64_t rank = srcType.getRank();
  SmallVector<bool> reduced(rank, false);
  for (int64_t d : op.getDims())
    reduced[d] = true;

  // Accumulate without the reduced dims; expand afterwards for keep_dims.
  SmallVector<int64_t> shape;
  SmallVector<Value> dyn;
  SmallVector<AffineExpr> outExprs;
  SmallVector<IteratorType> iters;
  for (int64_t d = 0; d < rank; ++d) {
    iters.push_back(reduced[d] ? IteratorType::reduction
                               : IteratorType::parallel);
    if (reduced[d])
      continue;
    shape.push_back(srcType.getDimSize(d));
    outExprs.push_back(b.getAffineDimExpr(d));
    if (srcType.isDynamicDim(d))
      dyn.push_back(tensor::DimOp::create(b, loc, x, d));
  }
  AffineMap inMap = b.getMultiDimIdentityMap(rank);
  AffineMap outMap = AffineMap::get(rank, 0, outExprs, b.getContext());

  ReduceKind kind = op.getKind();
  bool isFloat = isa<FloatType>(inElem);
  Type acc = isFloat ? computeType(inElem) : inElem;
  Value result;
  if (kind == ReduceKind::argmax || kind == ReduceKind::argmin) {
    int64_t argDim = op.getDims().front();
    auto valType = RankedTensorType::get(shape, acc);
    auto idxType = RankedTensorType::get(shape, b.getI64Type());
    Value initV = arith::ConstantOp::create(
        b, loc, acc,
        isFloat ? TypedAttr(b.getFloatAttr(
                      acc, kind == ReduceKind::argmax ? -INFINITY : INFINITY))
                : TypedAttr(b.getIntegerAttr(
                      acc, kind == ReduceKind::argmax
                               ? APInt::getSignedMinValue(
                                     acc.getIntOrFloatBitWidth())
                               : APInt::getSignedMaxValue(
                                     acc.getIntOrFloatBitWidth()))));
    Value initI = intConst(b, loc, b.getI64Type(), -1);
    Value vals =
        linalg::FillOp::create(b, loc, ValueRange{initV},
                               ValueRange{emptyTensor(b, loc, valType, dyn)})
            .getResult(0);
    Value idxs =
        linalg::FillOp::create(b, loc, ValueRange{initI},
                               ValueRange{emptyTensor(b, loc, idxType, dyn)})
            .getResult(0);
    bool isMax = kind == ReduceKind::argmax;
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{valType, idxType}, ValueRange{x},
        ValueRange{vals, idxs}, {inMap, outMap, outMap}, iters,
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          Value v = isFloat ? toCompute(nb, nloc, args[0]) : args[0];
          Value a = args[1], ai = args[2];
          Value i = arith::IndexCastOp::create(
              nb, nloc, nb.getI64Type(),
              linalg::IndexOp::create(nb, nloc, argDim));
          Value none =
              arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, ai,
                                    intConst(nb, nloc, nb.getI64Type(), 0));
          Value take;
          if (isFloat) {
            // The first NaN wins; otherwise the first strict improvement.
            Value better = arith::CmpFOp::create(
                nb, nloc,
                isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
                v, a);
            Value vNan = arith::CmpFOp::create(nb, nloc,
                                               arith::CmpFPredicate::UNO, v, v);
            Value aNan = arith::CmpFOp::create(nb, nloc,
                                               arith::CmpFPredicate::UNO, a, a);
            Value improve = arith::AndIOp::create(
                nb, nloc,
                arith::XOrIOp::create(
                    nb, nloc, aNan,
                    arith::ConstantIntOp::create(nb, nloc, 1, 1)),
                arith::OrIOp::create(nb, nloc, vNan, better));
            take = arith::OrIOp::create(nb, nloc, none, improve);
          } else {
            Value better = arith::CmpIOp::create(
                nb, nloc,
                isMax ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt,
                v, a);
            take = arith::OrIOp::create(nb, nloc, none, better);
          }
          linalg::YieldOp::create(
              nb, nloc,
              ValueRange{arith::SelectOp::create(nb, nloc, take, v, a),
                         arith::SelectOp::create(nb, nloc, take, i, ai)});
        });
    Value idx = generic.getResult(1);
    // Convert the i64 indices to the result element type.
    auto outType = RankedTensorType::get(shape, outElem);
    SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(shape.size()));
    SmallVector<IteratorType> piters(shape.size(), IteratorType::parallel);
    result = linalg::GenericOp::create(
                 b, loc, TypeRange{outType}, ValueRange{idx},
                 ValueRange{emptyTensor(b, loc, outType, dyn)}, maps, piters,
                 [&](OpBuilder &nb, Location nloc, ValueRange args) {
                   linalg::YieldOp::create(
                       nb, nloc, castScalar(nb, nloc, args[0], outElem));
                 })
                 .getResult(0);
  } else {
    TypedAttr init;
    unsigned w = acc.getIntOrFloatBitWidth();
    switch (kind) {
    case ReduceKind::sum:
    case ReduceKind::mean:
      init = isFloat ? TypedAttr(b.getFloatAttr(acc, 0.0))
                     : TypedAttr(b.getIntegerAttr(acc, 0));
      break;
    case ReduceKind::prod:
      init = isFloat ? TypedAttr(b.getFloatAttr(acc, 1.0))
                     : TypedAttr(b.getIntegerAttr(acc, 1));
      break;
    case ReduceKind::max:
      init =
          isFloat
              ? TypedAttr(b.getFloatAttr(acc, -INFINITY))
              : TypedAttr(b.getIntegerAttr(acc, APInt::getSignedMinValue(w)));
      break;
    case ReduceKind::min:
      init =
          isFloat
              ? TypedAttr(b.getFloatAttr(acc, INFINITY))
              : TypedAttr(b.getIntegerAttr(acc, APInt::getSignedMaxValue(w)));
      break;
    default:
      llvm_unreachable("handled above");
    }
    auto accType = RankedTensorType::get(shape, acc);
    Value initV = arith::ConstantOp::create(b, loc, init);
    Value filled =
        linalg::FillOp::create(b, loc, ValueRange{initV},
                               ValueRange{emptyTensor(b, loc, accType, dyn)})
            .getResult(0);
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{accType}, ValueRange{x}, ValueRange{filled},
        {inMap, outMap}, iters,
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          Value v = isFloat ? toCompute(nb, nloc, args[0]) : args[0];
          linalg::YieldOp::create(
              nb, nloc, combineReduced(nb, nloc, kind, args[1], v, sumFlags));
        });
    result = generic.getResult(0);
    // Mean divides by the reduced element count; then round to the result.
    Value count;
    if (kind == ReduceKind::mean) {
      int64_t staticCount = 1;
      for (int64_t d : op.getDims()) {
        if (srcType.isDynamicDim(d)) {
          Value dv = tensor::DimOp::create(b, loc, x, d);
          count =
              count ? arith::MulIOp::create(b, loc, count, dv).getResult() : dv;
        } else {
          staticCount *= srcType.getDimSize(d);
        }
      }
      Value sc = arith::ConstantIndexOp::create(b, loc, staticCount);
      count = count ? arith::MulIOp::create(b, loc, count, sc).getResult() : sc;
      count = arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
    }
    if (count || acc != outElem) {
      auto outType = RankedTensorType::get(shape, outElem);
      SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(shape.size()));
      SmallVector<IteratorType> piters(shape.size(), IteratorType::parallel);
      result = linalg::GenericOp::create(
                   b, loc, TypeRange{outType}, ValueRange{result},
                   ValueRange{emptyTensor(b, loc, outType, dyn)}, maps, piters,
                   [&](OpBuilder &nb, Location nloc, ValueRange args) {
                     Value v = args[0];
                     if (count) {
                       Value n = arith::SIToFPOp::create(nb, nloc, acc, count);
                       v = arith::DivFOp::create(nb, nloc, v, n);
                     }
                     linalg::YieldOp::create(nb, nloc,
                                             castScalar(nb, nloc, v, outElem));
                   })
                   .getResult(0);
    }
  }

  if (op.getKeepDims() && !op.getDims().empty()) {
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices pending;
    for (int64_t d = 0; d < rank; ++d) {
      pending.push_back(d);
      if (!reduced[d]) {
        groups.push_back(pending);
        pending.clear();
      }
    }
    if (!groups.empty())
      groups.back().append(pending.begin(), pending.end());
    result = tensor::ExpandShapeOp::create(b, loc, resultType, result, groups);
  }
  b.replaceOp(op, result);
  return success();
}

LogicalResult Lowering::lowerContraction(Operation *op, bool transposeLhs,
                                         bool transposeRhs) {
  Location loc = op->getLoc();
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  Type outElem = type.getElementType();
  int64_t rank = type.getRank(); // 2 or 3
  int64_t batch = rank - 2;
  // Loop dims: [b], m, n, k.
  int64_t m = batch, n = batch + 1, k = batch + 2, loops = batch + 3;
  auto d = [&](int64_t i) { return b.getAffineDimExpr(i); };
  SmallVector<AffineExpr> lhsE, rhsE, outE;
  for (int64_t i = 0; i < batch; ++i) {
    lhsE.push_back(d(i));
    rhsE.push_back(d(i));
    outE.push_back(d(i));
  }
  lhsE.append(transposeLhs ? SmallVector<AffineExpr>{d(k), d(m)}
                           : SmallVector<AffineExpr>{d(m), d(k)});
  rhsE.append(transposeRhs ? SmallVector<AffineExpr>{d(n), d(k)}
                           : SmallVector<AffineExpr>{d(k), d(n)});
  outE.append({d(m), d(n)});
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, lhsE, ctx),
                                 AffineMap::get(loops, 0, rhsE, ctx),
                                 AffineMap::get(loops, 0, outE, ctx)};
  SmallVector<IteratorType> iters(loops, IteratorType::parallel);
  iters[k] = IteratorType::reduction;

  SmallVector<Value> dyn;
  for (int64_t i = 0; i < rank; ++i) {
    if (!type.isDynamicDim(i))
      continue;
    if (i < batch)
      dyn.push_back(tensor::DimOp::create(b, loc, lhs, i));
    else if (i == m)
      dyn.push_back(tensor::DimOp::create(b, loc, lhs, transposeLhs ? k : m));
    else
      dyn.push_back(tensor::DimOp::create(b, loc, rhs, transposeRhs ? m : n));
  }
  bool isFloat = isa<FloatType>(outElem);
  Value zero =
      isFloat ? floatConst(b, loc, outElem, 0.0) : intConst(b, loc, outElem, 0);
  Value init =
      linalg::FillOp::create(b, loc, ValueRange{zero},
                             ValueRange{emptyTensor(b, loc, type, dyn)})
          .getResult(0);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{lhs, rhs}, ValueRange{init}, maps,
      iters, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = castScalar(nb, nloc, args[0], outElem);
        Value y = castScalar(nb, nloc, args[1], outElem);
        Value r =
            isFloat
                ? arith::AddFOp::create(nb, nloc, args[2],
                                        arith::MulFOp::create(nb, nloc, x, y),
                                        sumFlags)
                      .getResult()
                : arith::AddIOp::create(nb, nloc, args[2],
                                        arith::MulIOp::create(nb, nloc, x, y))
                      .getResult();
        linalg::YieldOp::create(nb, nloc, r);
      });
  b.replaceOp(op, generic->getResults());
  return success();
}

struct MeldConvertToLinalgPass
    : public meld::impl::MeldConvertToLinalgBase<MeldConvertToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    // Schedules (functions that launch kernels) stay as they are.
    if (!getOperation()->hasAttr(kKernelAttrName) &&
        getOperation()
            .walk([](LaunchOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      return;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<MeldDialect>(op->getDialect()))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    Lowering lowering(rewriter, strictFp, divisionChecks, paddedConvColumns,
                      outerProductMinImages);
    for (Operation *op : ops) {
      if (isa<KernelOp, LaunchOp, IfOp, WhileOp, YieldOp>(op)) {
        op->emitOpError("must be outlined before lowering to linalg (run "
                        "meld-outline-kernels)");
        return signalPassFailure();
      }
      if (failed(lowering.lower(op)))
        return signalPassFailure();
    }
    // Outside strict-fp a multiplication and the addition of its product
    // may be one fused multiply-add (contract: a matmul's inner step is an
    // FMA, not a multiply and a dependent add), and a division may be a
    // multiplication by the divisor's reciprocal (arcp): LLVM then computes
    // 1/s once where s is invariant in a loop (softmax, LayerNorm, RMSNorm:
    // one division per row, not one per element).
    if (!strictFp)
      getOperation().walk([](Operation *op) {
        auto fmf = dyn_cast<arith::ArithFastMathInterface>(op);
        if (!fmf ||
            !isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp>(
                op))
          return;
        arith::FastMathFlags flags = arith::FastMathFlags::contract;
        if (isa<arith::DivFOp>(op) && !hasConstantDivisor(op) &&
            !isRoundedToInteger(op->getResult(0)))
          flags = flags | arith::FastMathFlags::arcp;
        op->setAttr(fmf.getFastMathAttrName(),
                    arith::FastMathFlagsAttr::get(
                        op->getContext(),
                        fmf.getFastMathFlagsAttr().getValue() | flags));
      });
  }
};

} // namespace
