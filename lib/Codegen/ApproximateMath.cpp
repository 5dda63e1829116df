//===- ApproximateMath.cpp - Vectorizable math functions for the host -----===//
//
// meld-approximate-math: upstream's polynomial approximations of the math
// dialect, and, where the host scales by powers of two in one instruction
// (AVX-512 vscalefps), a shorter f32 exp whose scaling by 2^k is one
// `llvm.intr.ldexp` instead of exponent-bit arithmetic and range fixes;
// elsewhere the same exp with 2^k as two exponent-bit powers of two.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace meld {
#define GEN_PASS_DEF_MELDAPPROXIMATEMATH
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// exp(x) for f32, after Cephes' expf: with
/// k = round(x / ln 2) and f = x - k ln 2 (|f| <= ln 2 / 2; ln 2 split into
/// a short high part and a low part, so k ln 2 loses nothing),
/// exp(x) = 2^k (1 + f (1 + f P(f))), P of degree 5 (Cephes' coefficients),
/// about 1 ulp. x is first clamped to [-104, 89], beyond which exp(x)
/// rounds to 0 or overflows to +inf anyway. The scaling by 2^k is ldexp,
/// which rounds correctly into the subnormal range and to +inf above the
/// largest float: no range fix-ups after it.
///
/// Without an ldexp instruction (`twoStep`), 2^k is two powers of two
/// built from exponent bits, 2^(k >> 1) and 2^(k - (k >> 1)), each a normal
/// float for every k in [-150, 128], multiplied in one after the other: the
/// first product is exact and the second rounds once, into the subnormal
/// range or to +inf as ldexp would. Two shifts, two adds and two multiplies
/// instead of one instruction.
///
/// k is rounded by adding 1.5 * 2^23 in the fma that scales x (floats of
/// that size have no fraction bits, so the sum holds round(x / ln 2) in its
/// low mantissa bits): k is that sum minus 1.5 * 2^23 as a float, and as an
/// integer its bits minus those of 1.5 * 2^23. No float-to-int conversion,
/// so a NaN x (which both clamps pass through, one vminps and one vmaxps on
/// x86) gives a defined exponent, and f and the result carry the NaN.
struct ExpF32ByScaling : OpRewritePattern<math::ExpOp> {
  ExpF32ByScaling(MLIRContext *context, bool twoStep)
      // Ahead of upstream's expansion of the same op (benefit 1).
      : OpRewritePattern(context, /*benefit=*/2), twoStep(twoStep) {}

  bool twoStep;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    // Scalars only: `llvm.intr.ldexp` takes a scalar exponent. Host kernels
    // reach here in scalar loops that LLVM vectorizes afterwards.
    Type type = op.getType();
    if (!type.isF32())
      return rewriter.notifyMatchFailure(op, "not a scalar f32");
    Location loc = op.getLoc();
    auto constant = [&](float value) -> Value {
      return arith::ConstantOp::create(rewriter, loc, type,
                                       rewriter.getF32FloatAttr(value));
    };
    // `x pred c ? c : x`: a NaN x compares false and stays (one
    // vminps/vmaxps on x86).
    auto clamp = [&](Value x, arith::CmpFPredicate pred, Value c) -> Value {
      Value beyond = arith::CmpFOp::create(rewriter, loc, pred, x, c);
      return arith::SelectOp::create(rewriter, loc, beyond, c, x);
    };
    auto fma = [&](Value a, Value b, Value c) -> Value {
      return math::FmaOp::create(rewriter, loc, a, b, c);
    };

    Value x = clamp(op.getOperand(), arith::CmpFPredicate::OGT, constant(89));
    x = clamp(x, arith::CmpFPredicate::OLT, constant(-104));
    constexpr float kRounder = 12582912.0f; // 1.5 * 2^23
    Value rounder = constant(kRounder);
    Value shifted = fma(x, constant(1.44269504088896341f), rounder);
    Value k = arith::SubFOp::create(rewriter, loc, shifted, rounder);
    Value f = fma(k, constant(-0.693359375f), x);
    f = fma(k, constant(2.12194440e-4f), f);
    Value p = constant(1.9875691500e-4f);
    for (float c : {1.3981999507e-3f, 8.3334519073e-3f, 4.1665795894e-2f,
                    1.6666665459e-1f, 5.0000001201e-1f, 1.0f, 1.0f})
      p = fma(p, f, constant(c));

    Type i32 = rewriter.getI32Type();
    auto i32Constant = [&](int32_t value) -> Value {
      return arith::ConstantOp::create(rewriter, loc, i32,
                                       rewriter.getI32IntegerAttr(value));
    };
    Value kInt = arith::SubIOp::create(
        rewriter, loc, arith::BitcastOp::create(rewriter, loc, i32, shifted),
        i32Constant(llvm::bit_cast<int32_t>(kRounder)));
    if (!twoStep) {
      rewriter.replaceOpWithNewOp<LLVM::LoadExpOp>(op, type, p, kInt);
      return success();
    }
    // 2^e for e in [-126, 127]: the exponent field e + 127.
    auto powerOfTwo = [&](Value e) -> Value {
      Value bits = arith::ShLIOp::create(
          rewriter, loc,
          arith::AddIOp::create(rewriter, loc, e, i32Constant(127)),
          i32Constant(23));
      return arith::BitcastOp::create(rewriter, loc, type, bits);
    };
    Value half = arith::ShRSIOp::create(rewriter, loc, kInt, i32Constant(1));
    Value rest = arith::SubIOp::create(rewriter, loc, kInt, half);
    Value scaled = arith::MulFOp::create(rewriter, loc, p, powerOfTwo(half));
    rewriter.replaceOpWithNewOp<arith::MulFOp>(op, scaled, powerOfTwo(rest));
    return success();
  }
};

struct MeldApproximateMathPass
    : public meld::impl::MeldApproximateMathBase<MeldApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    if (expByLdexp || expTwoStep)
      patterns.add<ExpF32ByScaling>(&getContext(),
                                    /*twoStep=*/!expByLdexp);
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
