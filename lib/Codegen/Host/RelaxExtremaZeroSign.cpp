//===- RelaxExtremaZeroSign.cpp - nsz on extrema whose zero sign is lost --===//
//
// meld-relax-extrema-zero-sign: a float max/min reduction whose every use
// cannot tell +0 from -0 (softmax's row maximum, subtracted and then
// exponentiated) gets the `nsz` flag on its combiner, which saves x86 the
// instructions that order -0 below +0 (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace meld {
#define GEN_PASS_DEF_MELDRELAXEXTREMAZEROSIGN
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// How many ops deep a zero's sign is followed before giving up.
constexpr int kMaxDepth = 8;

/// Whether no use of `value` (a scalar in a region) can tell whether it is
/// +0 or -0: each use maps both to the same result (exp, abs, a compare),
/// or to results that differ at most in the sign of a zero and are
/// themselves such values (add, sub, mul, max, min, negate).
bool zeroSignIsLost(Value value, int depth = 0) {
  if (depth > kMaxDepth)
    return false;
  for (Operation *user : value.getUsers()) {
    if (isa<math::ExpOp, math::Exp2Op, math::AbsFOp, arith::CmpFOp>(user))
      continue;
    if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::MaximumFOp,
            arith::MinimumFOp, arith::NegFOp>(user) &&
        zeroSignIsLost(user->getResult(0), depth + 1))
      continue;
    return false;
  }
  return true;
}

/// The combiner of `op` if it is a float max or min reduction (one output,
/// a body yielding max/min of an input and the accumulator), else null.
Operation *extremumCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return nullptr;
  Operation *yielded =
      op.getBlock()->getTerminator()->getOperand(0).getDefiningOp();
  if (!isa_and_nonnull<arith::MaximumFOp, arith::MinimumFOp>(yielded) ||
      !llvm::is_contained(yielded->getOperands(),
                          op.getMatchingBlockArgument(op.getDpsInitOperand(0))))
    return nullptr;
  return yielded;
}

/// Whether every use of `tensor` is an input of a linalg.generic whose
/// block argument for it loses the sign of a zero.
bool zeroSignIsLostByUsers(Value tensor) {
  for (OpOperand &use : tensor.getUses()) {
    auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
    if (!consumer || !consumer.isDpsInput(&use) ||
        !zeroSignIsLost(consumer.getMatchingBlockArgument(&use)))
      return false;
  }
  return !tensor.use_empty();
}

struct MeldRelaxExtremaZeroSignPass
    : public meld::impl::MeldRelaxExtremaZeroSignBase<
          MeldRelaxExtremaZeroSignPass> {
  void runOnOperation() override {
    getOperation().walk([](linalg::GenericOp op) {
      Operation *combiner = extremumCombiner(op);
      if (!combiner || !zeroSignIsLostByUsers(op->getResult(0)))
        return;
      auto fastmath = cast<arith::ArithFastMathInterface>(combiner);
      arith::FastMathFlags flags = fastmath.getFastMathFlagsAttr().getValue();
      combiner->setAttr(
          fastmath.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(op.getContext(),
                                        flags | arith::FastMathFlags::nsz));
    });
  }
};

} // namespace
