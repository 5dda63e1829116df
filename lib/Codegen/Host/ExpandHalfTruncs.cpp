//===- ExpandHalfTruncs.cpp - Float truncations to halves, IEEE-rounded ---===//
//
// meld-expand-half-truncs: an `arith.truncf` from f64 to f16 or bf16
// becomes a truncation to f32 rounded to odd, then a rounding to nearest
// even into the half type; f32 to bf16 becomes upstream's integer
// expansion. LLVM lowers the first on x86 to calls of compiler-rt's
// __truncdfhf2 and __truncdfbf2, which the host code's loader cannot count
// on finding, and the second on AVX512-BF16 CPUs to vcvtneps2bf16, which
// flushes subnormals to zero (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace meld {
#define GEN_PASS_DEF_MELDEXPANDHALFTRUNCS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// truncf f64 -> f16/bf16 as truncf(roundToOddF32(x)). Rounding to odd
/// keeps, in the last bit of the f32, whether anything nonzero was dropped:
/// with at least two more bits than the half type (24 against 11 or 8),
/// the second rounding then gives the correctly rounded double
/// (Boldo and Melquiond, "Emulation of FMA and correctly rounded sums:
/// proved algorithms using rounding to odd", 2008). Two roundings to
/// nearest even are not: a double just above a tie of the half type can
/// round down onto the tie in f32 and then to even.
struct TruncDoubleToHalf : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getIn().getType());
    Type to = getElementTypeOrSelf(op.getType());
    if (!from.isF64() || !(to.isF16() || to.isBF16()))
      return rewriter.notifyMatchFailure(op, "not f64 to f16 or bf16");
    if (std::optional<arith::RoundingMode> mode = op.getRoundingmode();
        mode && *mode != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "not rounded to nearest even");
    auto like = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(op.getType()))
        return vector.clone(element);
      return element;
    };
    Type f32 = like(rewriter.getF32Type()), i32 = like(rewriter.getI32Type());
    Location loc = op.getLoc();
    auto i32Constant = [&](int64_t value) {
      return createScalarOrSplatConstant(rewriter, loc, i32, value);
    };
    Value x = op.getIn();
    // y: x rounded to nearest even; exact when it converts back to x (a
    // NaN compares unordered and stays as it is).
    Value y = arith::TruncFOp::create(rewriter, loc, f32, x);
    Value back = arith::ExtFOp::create(rewriter, loc, x.getType(), y);
    Value inexact = arith::CmpFOp::create(rewriter, loc,
                                          arith::CmpFPredicate::ONE, back, x);
    // An inexact y with an even last bit: the neighbour of x on the other
    // side is odd, one step of the magnitude's bits toward zero when y is
    // above x in magnitude (infinity becomes the largest float), else away
    // from it (a zero becomes the smallest subnormal of x's sign).
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, y);
    Value one = i32Constant(1);
    Value even = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        arith::AndIOp::create(rewriter, loc, bits, one), i32Constant(0));
    Value above =
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT,
                              math::AbsFOp::create(rewriter, loc, back),
                              math::AbsFOp::create(rewriter, loc, x));
    Value step =
        arith::SelectOp::create(rewriter, loc, above, i32Constant(-1), one);
    Value odd = arith::AddIOp::create(rewriter, loc, bits, step);
    Value fix = arith::AndIOp::create(rewriter, loc, inexact, even);
    Value rounded = arith::BitcastOp::create(
        rewriter, loc, f32,
        arith::SelectOp::create(rewriter, loc, fix, odd, bits));
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, op.getType(), rounded);
    return success();
  }
};

struct MeldExpandHalfTruncsPass
    : public meld::impl::MeldExpandHalfTruncsBase<MeldExpandHalfTruncsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    meld::populateExpandHalfTruncsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void meld::populateExpandHalfTruncsPatterns(RewritePatternSet &patterns) {
  patterns.add<TruncDoubleToHalf>(patterns.getContext());
  // f32 -> bf16 (also the second step above) rounded on the integer bits,
  // subnormals included.
  arith::populateExpandBFloat16Patterns(patterns);
}
