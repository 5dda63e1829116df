//===- ApproximateMath.cpp - Vectorizable math functions for the host -----===//
//
// meld-approximate-math: upstream's polynomial approximations of the math
// dialect, and, where the host scales by powers of two in one instruction
// (AVX-512 vscalefps), a shorter f32 exp whose scaling by 2^k is one
// `llvm.intr.ldexp` instead of exponent-bit arithmetic and range fixes;
// elsewhere the same exp with 2^k as two exponent-bit powers of two. f32
// sin and cos are Meld's own, accurate over the whole range.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Approximation.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
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
/// about 1 ulp. x is first clamped to 89, beyond which exp(x) overflows
/// to +inf anyway, and below -104, where exp(x) rounds to 0, the result is
/// 0 (those lanes compute exp(0)). The scaling by 2^k is ldexp,
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

    // Lanes whose exp rounds to 0 (x < -104, below 2^-150: a causal mask's
    // -inf scores in a softmax) compute exp(0) and are set to 0 after:
    // scaling into zero or the subnormal range costs Intel's cores a
    // microcode assist for the whole vector (on the Intel Xeon VM, a bf16
    // attention's softmax over 8 x 32 x 128 x 128 causal scores spent most
    // of its time on the vscalefps after them). Only genuinely subnormal
    // results, from x in [-104, -87.3], still take it.
    Value input = op.getOperand();
    Value rounded = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, input, constant(-104));
    Value zero = constant(0);
    Value x = arith::SelectOp::create(rewriter, loc, rounded, zero, input);
    x = clamp(x, arith::CmpFPredicate::OGT, constant(89));
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
      Value scaled = LLVM::LoadExpOp::create(rewriter, loc, type, p, kInt);
      rewriter.replaceOpWithNewOp<arith::SelectOp>(op, rounded, zero, scaled);
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
    scaled = arith::MulFOp::create(rewriter, loc, scaled, powerOfTwo(rest));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, rounded, zero, scaled);
    return success();
  }
};

/// sin(x) or cos(x) for f32, computed in f64 and rounded once (within an
/// ulp of the correctly rounded result for every f32 x; upstream's
/// expansion reduces by one f32 multiple of pi/2 and is off by tens of ulp
/// from |x| ~ 100 on).
///
/// x = n pi/2 + r, |r| <= pi/4 (slightly more where n rounds the other
/// way), then sin(x) is sin(r), cos(r), -sin(r) or -cos(r) by n mod 4 (cos
/// shifts n by one). Two reductions, selected per element:
///  - |x| < 2^20: n = round(x 2/pi) (by adding 1.5 * 2^52, so n is also
///    in the low bits of the sum), r = (x - n P1) - n P1t with fdlibm's
///    pio2_1 (33 bits: n P1 is exact for |n| < 2^20) and pio2_1t = pi/2 -
///    pio2_1; r is off by ~1e-20 at most, far below an f32 ulp of
///    sin(r), even next to the zeros.
///  - |x| >= 2^20 (finite): Payne-Hanek on the 24-bit mantissa m of |x|,
///    as in ARM's optimized-routines sinf (reduce_large): m times the
///    96 bits of 2/pi that matter for |x|'s exponent (from a 192-bit table,
///    read as three 32-bit windows) is the quadrant count in the top two
///    bits and r/(pi/2) below them, exact modulo 4; r keeps 33 bits.
/// sin(r) and cos(r) are Taylor polynomials in f64 to r^13 and r^14
/// (truncation below 1e-15 on [-pi/4, pi/4]). Infinities give NaN, NaN
/// stays NaN.
struct SinCosF32 : RewritePattern {
  SinCosF32(MLIRContext *context)
      // Ahead of upstream's expansion of the same ops (benefit 1).
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<math::SinOp, math::CosOp>(op))
      return rewriter.notifyMatchFailure(op, "not sin or cos");
    Type f32 = rewriter.getF32Type();
    if (op->getResult(0).getType() != f32)
      return rewriter.notifyMatchFailure(op, "not a scalar f32");
    bool isCos = isa<math::CosOp>(op);
    Location loc = op->getLoc();
    Type f64 = rewriter.getF64Type();
    Type i32 = rewriter.getI32Type();
    Type i64 = rewriter.getI64Type();
    auto f64c = [&](double v) -> Value {
      return arith::ConstantOp::create(rewriter, loc, f64,
                                       rewriter.getF64FloatAttr(v));
    };
    auto i32c = [&](int32_t v) -> Value {
      return arith::ConstantOp::create(rewriter, loc, i32,
                                       rewriter.getI32IntegerAttr(v));
    };
    auto i64c = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(rewriter, loc, i64,
                                       rewriter.getI64IntegerAttr(v));
    };
    auto mul = [&](Value a, Value b) -> Value {
      return arith::MulFOp::create(rewriter, loc, a, b);
    };
    auto add = [&](Value a, Value b) -> Value {
      return arith::AddFOp::create(rewriter, loc, a, b);
    };
    auto sub = [&](Value a, Value b) -> Value {
      return arith::SubFOp::create(rewriter, loc, a, b);
    };

    Value x = op->getOperand(0);
    Value xd = arith::ExtFOp::create(rewriter, loc, f64, x);
    Value ax = math::AbsFOp::create(rewriter, loc, x);

    // |x| < 2^20: Cody-Waite in two parts.
    constexpr double kRounder = 0x1.8p52;
    Value shifted = add(mul(xd, f64c(0x1.45f306dc9c883p-1)), f64c(kRounder));
    Value k = sub(shifted, f64c(kRounder));
    Value nSmall = arith::TruncIOp::create(
        rewriter, loc, i32, arith::BitcastOp::create(rewriter, loc, i64, shifted));
    Value rSmall = sub(sub(xd, mul(k, f64c(0x1.921fb544p+0))),
                       mul(k, f64c(0x1.0b4611a626331p-34)));

    // |x| >= 2^20: Payne-Hanek.
    Value bits = arith::BitcastOp::create(rewriter, loc, i32, ax);
    auto shr = [&](Value v, int32_t n) -> Value {
      return arith::ShRUIOp::create(rewriter, loc, v, i32c(n));
    };
    auto andi = [&](Value v, int32_t m) -> Value {
      return arith::AndIOp::create(rewriter, loc, v, i32c(m));
    };
    Value first = andi(shr(bits, 26), 15);
    // Word i of ARM's table of 2/pi is the 32 bits of its first 192
    // fraction bits B ending at byte i: (B >> (184 - 8 i)) & 0xffffffff,
    // taken here from B's three 64-bit limbs by shifts and selects (a table
    // read by index is a vector extract, which keeps LLVM's loop
    // vectorizer from widening the whole loop: sin and cos ran scalar).
    static constexpr uint64_t kLimbs[3] = {
        0xdb6295993c439041, 0xfc2757d1f534ddc0, 0xa2f9836e4e441529};
    auto word = [&](int32_t offset) -> Value {
      // s = 184 - 8 (first + offset) in [0, 184]: limb q = s / 64 and the
      // one above it (zero past the top), shifted by r = s % 64.
      Value i = arith::AddIOp::create(rewriter, loc, first, i32c(offset));
      Value s64 = arith::ExtUIOp::create(
          rewriter, loc, i64,
          arith::SubIOp::create(
              rewriter, loc, i32c(184),
              arith::ShLIOp::create(rewriter, loc, i, i32c(3))));
      Value q = arith::ShRUIOp::create(rewriter, loc, s64, i64c(6));
      Value r = arith::AndIOp::create(rewriter, loc, s64, i64c(63));
      auto limb = [&](int64_t k) {
        return i64c(static_cast<int64_t>(kLimbs[k]));
      };
      auto is = [&](int64_t k) -> Value {
        return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                     q, i64c(k));
      };
      Value isZero = is(0), isOne = is(1);
      auto pick = [&](Value a, Value b, Value c) -> Value {
        return arith::SelectOp::create(
            rewriter, loc, isZero, a,
            arith::SelectOp::create(rewriter, loc, isOne, b, c));
      };
      Value lowLimb = pick(limb(0), limb(1), limb(2));
      Value highLimb = pick(limb(1), limb(2), i64c(0));
      Value fromLow = arith::ShRUIOp::create(rewriter, loc, lowLimb, r);
      // (a shift by 64 is undefined: r = 0 takes nothing from above)
      Value fromHigh = arith::SelectOp::create(
          rewriter, loc,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, r,
                                i64c(0)),
          i64c(0),
          arith::ShLIOp::create(
              rewriter, loc, highLimb,
              arith::SubIOp::create(rewriter, loc, i64c(64), r)));
      return arith::TruncIOp::create(
          rewriter, loc, i32,
          arith::OrIOp::create(rewriter, loc, fromLow, fromHigh));
    };
    Value mantissa = arith::ShLIOp::create(
        rewriter, loc,
        arith::OrIOp::create(rewriter, loc, andi(bits, 0xffffff),
                             i32c(0x800000)),
        andi(shr(bits, 23), 7));
    auto wide = [&](Value v) -> Value {
      return arith::ExtUIOp::create(rewriter, loc, i64, v);
    };
    Value m64 = wide(mantissa);
    Value low = wide(arith::MulIOp::create(rewriter, loc, mantissa, word(0)));
    Value middle = arith::MulIOp::create(rewriter, loc, m64, wide(word(4)));
    Value high = arith::MulIOp::create(rewriter, loc, m64, wide(word(8)));
    Value fixed = arith::AddIOp::create(
        rewriter, loc,
        arith::OrIOp::create(
            rewriter, loc, arith::ShRUIOp::create(rewriter, loc, high, i64c(32)),
            arith::ShLIOp::create(rewriter, loc, low, i64c(32))),
        middle);
    Value quadrants = arith::ShRUIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, fixed, i64c(int64_t(1) << 61)),
        i64c(62));
    fixed = arith::SubIOp::create(
        rewriter, loc, fixed,
        arith::ShLIOp::create(rewriter, loc, quadrants, i64c(62)));
    Value rLarge = mul(arith::SIToFPOp::create(rewriter, loc, f64, fixed),
                       f64c(0x1.921fb54442d18p-62));
    Value nLarge = arith::TruncIOp::create(rewriter, loc, i32, quadrants);
    // That reduced |x|: x < 0 is -(n pi/2 + r).
    Value negative = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OLT, x,
        arith::ConstantOp::create(rewriter, loc, f32,
                                  rewriter.getF32FloatAttr(0.0f)));
    rLarge = arith::SelectOp::create(
        rewriter, loc, negative, arith::NegFOp::create(rewriter, loc, rLarge),
        rLarge);
    nLarge = arith::SelectOp::create(
        rewriter, loc, negative,
        arith::SubIOp::create(rewriter, loc, i32c(0), nLarge), nLarge);

    Value large = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OGE, ax,
        arith::ConstantOp::create(rewriter, loc, f32,
                                  rewriter.getF32FloatAttr(0x1p20f)));
    Value r = arith::SelectOp::create(rewriter, loc, large, rLarge, rSmall);
    Value n = arith::SelectOp::create(rewriter, loc, large, nLarge, nSmall);
    if (isCos)
      n = arith::AddIOp::create(rewriter, loc, n, i32c(1));

    // Taylor polynomials in z = r^2, Horner from the highest term.
    Value z = mul(r, r);
    auto horner = [&](ArrayRef<double> coefficients) -> Value {
      Value p = f64c(coefficients.back());
      for (double c : llvm::reverse(coefficients.drop_back()))
        p = add(mul(p, z), f64c(c));
      return p;
    };
    // sin r = r + r z (-1/3! + z (1/5! - ...)), to r^13; r itself where
    // z underflows to 0, so that sin(-0) is -0.
    Value sinR = add(r, mul(mul(r, z),
                            horner({-1.0 / 6, 1.0 / 120, -1.0 / 5040,
                                    1.0 / 362880, -1.0 / 39916800,
                                    1.0 / 6227020800})));
    sinR = arith::SelectOp::create(
        rewriter, loc,
        arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ, z,
                              f64c(0.0)),
        r, sinR);
    // cos r = 1 - z/2 + z^2 (1/4! - z (1/6! - ...)), to r^14.
    Value cosR = add(sub(f64c(1.0), mul(z, f64c(0.5))),
                     mul(mul(z, z), horner({1.0 / 24, -1.0 / 720,
                                            1.0 / 40320, -1.0 / 3628800,
                                            1.0 / 479001600,
                                            -1.0 / 87178291200})));
    auto bitSet = [&](int32_t bit) -> Value {
      return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                   andi(n, bit), i32c(0));
    };
    Value v = arith::SelectOp::create(rewriter, loc, bitSet(1), cosR, sinR);
    v = arith::SelectOp::create(rewriter, loc, bitSet(2),
                                arith::NegFOp::create(rewriter, loc, v), v);
    Value result = arith::TruncFOp::create(rewriter, loc, f32, v);
    Value infinite = arith::CmpFOp::create(
        rewriter, loc, arith::CmpFPredicate::OEQ, ax,
        arith::ConstantOp::create(
            rewriter, loc, f32,
            rewriter.getF32FloatAttr(std::numeric_limits<float>::infinity())));
    rewriter.replaceOpWithNewOp<arith::SelectOp>(
        op, infinite,
        arith::ConstantOp::create(
            rewriter, loc, f32,
            rewriter.getF32FloatAttr(std::numeric_limits<float>::quiet_NaN())),
        result);
    return success();
  }
};

/// powf(x, n) for a constant n of 2, 3 or 4 (a scalar or a splat): x * x,
/// (x * x) * x, (x * x) * (x * x). GPT-2's tanh GELU cubes its input with
/// torch.pow, which took a libm call per element (4% of a prefill in
/// perf); the products give the same results for zeros, infinities and
/// NaN, and are within an ulp or two elsewhere.
struct PowFBySmallInteger : public OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    APFloat exponent(0.0);
    if (!matchPattern(op.getRhs(), m_ConstantFloat(&exponent)))
      return failure();
    double n = exponent.convertToDouble();
    if (n != 2.0 && n != 3.0 && n != 4.0)
      return failure();
    Location loc = op.getLoc();
    Value x = op.getLhs();
    Value square = arith::MulFOp::create(rewriter, loc, x, x,
                                         op.getFastmathAttr());
    Value result = square;
    if (n == 3.0)
      result = arith::MulFOp::create(rewriter, loc, square, x,
                                     op.getFastmathAttr());
    else if (n == 4.0)
      result = arith::MulFOp::create(rewriter, loc, square, square,
                                     op.getFastmathAttr());
    rewriter.replaceOp(op, result);
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
    patterns.add<SinCosF32, PowFBySmallInteger>(&getContext());
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
