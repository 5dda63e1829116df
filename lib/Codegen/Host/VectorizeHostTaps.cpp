//===- VectorizeHostTaps.cpp - Few-output window sums along their taps ----===//
//
// meld-vectorize-host-taps: a linalg.generic on buffers that sums products
// of two inputs into few outputs over a long innermost reduction (a
// depthwise convolution's weight gradient: 3 x 3 outputs per channel, each
// a sum over the images' pixels) keeps one vector of sums per output in
// registers and walks the innermost loop in vector chunks (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"
#include "VectorReads.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <map>
#include <optional>

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTTAPS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// The most lanes apart two taps of one input may be (a stride-2
/// convolution's taps: every other pixel).
constexpr int64_t kMaxTapStride = 2;

/// The fewest taps (iterations of the innermost loop) taken: fewer than a
/// vector's lanes take a vector of the next power of two lanes, at least
/// this many (a 5 x 5 image's rows: one masked chunk of 5 of 8 lanes).
constexpr int64_t kMinTaps = 4;

/// A generic this pass takes: `out += in0 * in1`, its parallel loops
/// first; the innermost loop a reduction that input `i` reads along its
/// last dim with stride `strides[i]`.
struct TapSum : meld::codegen::ProductSumLoops {
  SmallVector<int64_t, 2> strides;
};

/// The coefficient of loop `loop` in `e` when `e` is a sum of loops times
/// constants (no divisions, modulos or symbols).
std::optional<int64_t> coefficient(AffineExpr e, unsigned loop,
                                   unsigned loops) {
  if (!meld::codegen::isLinear(e))
    return std::nullopt;
  SmallVector<int64_t> at(loops, 0);
  std::optional<int64_t> base = meld::codegen::evaluate(e, at);
  at[loop] = 1;
  std::optional<int64_t> step = meld::codegen::evaluate(e, at);
  if (!base || !step)
    return std::nullopt;
  return *step - *base;
}

/// `op` as a sum of products this pass takes, or nullopt.
std::optional<TapSum> matchTapSum(linalg::GenericOp op, int64_t lanes,
                                  int64_t maxAccumulators) {
  std::optional<meld::codegen::ProductSumLoops> productSum =
      meld::codegen::matchProductSumLoops(op);
  if (!productSum)
    return std::nullopt;
  for (Value v : op->getOperands())
    if (auto type = cast<MemRefType>(v.getType());
        type.getRank() && !type.isLastDimUnitStride())
      return std::nullopt;
  TapSum sum{*productSum, {}};
  unsigned loops = sum.ranges.size();
  if (loops < 2)
    return std::nullopt;
  unsigned inner = loops - 1;
  if (sum.ranges[inner] < kMinTaps)
    return std::nullopt;
  int64_t outputs = 1;
  for (int64_t d = 0; d < sum.parallel; ++d)
    outputs *= sum.ranges[d];
  if (outputs > maxAccumulators)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  for (AffineExpr e : maps.back().getResults())
    for (unsigned d = sum.parallel; d < loops; ++d)
      if (e.isFunctionOfDim(d))
        return std::nullopt;
  for (AffineMap map : ArrayRef(maps).drop_back()) {
    if (map.getNumResults() == 0)
      return std::nullopt;
    for (AffineExpr e : map.getResults().drop_back())
      if (e.isFunctionOfDim(inner))
        return std::nullopt;
    std::optional<int64_t> stride =
        coefficient(map.getResults().back(), inner, loops);
    if (!stride || *stride < 1 || *stride > kMaxTapStride)
      return std::nullopt;
    sum.strides.push_back(*stride);
  }
  return sum;
}

/// Rewrites `op` (matched as `sum`) into loops over its reductions, the
/// innermost in chunks of `lanes`, carrying one vector of sums per output.
void vectorizeTaps(linalg::GenericOp op, const TapSum &sum, int64_t lanes) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  unsigned loops = sum.ranges.size(), inner = loops - 1;
  Type f32 = b.getF32Type();
  auto vectorType = VectorType::get({lanes}, f32);
  Value zeros = arith::ConstantOp::create(b, loc, DenseElementsAttr::get(
                                                      vectorType, 0.0f));
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();

  // The outputs: every point of the parallel loops, each one's sums.
  SmallVector<SmallVector<int64_t>> points(1);
  for (int64_t d = 0; d < sum.parallel; ++d) {
    SmallVector<SmallVector<int64_t>> longer;
    for (const SmallVector<int64_t> &p : points)
      for (int64_t v = 0; v < sum.ranges[d]; ++v) {
        longer.push_back(p);
        longer.back().push_back(v);
      }
    points = std::move(longer);
  }

  meld::codegen::LoopIndices loopIndices(op, loops);
  auto index = [&](int64_t v) { return loopIndices.index(v); };
  auto indices = [&](OpBuilder &b, AffineMap map, ArrayRef<Value> dims) {
    return loopIndices.indices(b, map, dims);
  };

  // One chunk of `count` taps from `tap`: each input loaded once per
  // output that reads a different part of it, the products added.
  auto chunk = [&](OpBuilder &b, ArrayRef<Value> reductionIvs, Value tap,
                   int64_t count, ValueRange sums) {
    SmallVector<Value> next(sums);
    SmallVector<std::map<SmallVector<int64_t>, Value>> loaded(2);
    for (auto [p, point] : llvm::enumerate(points)) {
      SmallVector<Value> dims = llvm::map_to_vector(point, index);
      llvm::append_range(dims, reductionIvs);
      dims.push_back(tap);
      SmallVector<Value, 2> operands;
      for (unsigned i = 0; i < 2; ++i) {
        // The parallel loops this input reads: outputs equal on them
        // share its vector.
        SmallVector<int64_t> key;
        for (int64_t d = 0; d < sum.parallel; ++d)
          if (maps[i].isFunctionOfDim(d))
            key.push_back(point[d]);
        Value &vector = loaded[i][key];
        if (!vector) {
          Value memref = op.getDpsInputs()[i];
          SmallVector<Value> at = indices(b, maps[i], dims);
          int64_t stride = sum.strides[i];
          // `count` taps `stride` apart: lanes up to (count - 1) * stride.
          int64_t width = lanes * stride, needed = (count - 1) * stride + 1;
          auto wide = VectorType::get({width}, f32);
          if (needed == width) {
            vector = vector::LoadOp::create(b, loc, wide, memref, at);
          } else {
            SmallVector<bool> bits(width, false);
            std::fill_n(bits.begin(), needed, true);
            Value mask = arith::ConstantOp::create(
                b, loc,
                DenseElementsAttr::get(
                    VectorType::get({width}, b.getI1Type()), ArrayRef(bits)));
            Value pass = arith::ConstantOp::create(
                b, loc, DenseElementsAttr::get(wide, 0.0f));
            vector = vector::MaskedLoadOp::create(b, loc, wide, memref, at,
                                                  mask, pass);
          }
          if (stride > 1) {
            SmallVector<int64_t> even;
            for (int64_t l = 0; l < lanes; ++l)
              even.push_back(l * stride);
            vector = vector::ShuffleOp::create(b, loc, vector, vector, even);
          }
        }
        operands.push_back(vector);
      }
      next[p] = vector::FMAOp::create(b, loc, operands[0], operands[1], next[p]);
    }
    return next;
  };

  // Loops over the reductions before the innermost one, then the full
  // chunks of the innermost, then its remainder.
  int64_t taps = sum.ranges[inner], full = taps / lanes * lanes;
  SmallVector<Value> lbs, ubs, steps;
  for (unsigned d = sum.parallel; d < inner; ++d) {
    lbs.push_back(index(0));
    ubs.push_back(index(sum.ranges[d]));
    steps.push_back(index(1));
  }
  SmallVector<Value> initial(points.size(), zeros);
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, initial,
      [&](OpBuilder &b, Location loc, ValueRange ivs,
          ValueRange sums) -> scf::ValueVector {
        SmallVector<Value> reductionIvs(ivs);
        SmallVector<Value> after(sums);
        if (full)
          after = scf::ForOp::create(
                      b, loc, index(0), index(full), index(lanes), sums,
                      [&](OpBuilder &b, Location loc, Value tap,
                          ValueRange sums) {
                        scf::YieldOp::create(
                            b, loc, chunk(b, reductionIvs, tap, lanes, sums));
                      })
                      .getResults();
        if (taps > full)
          after = chunk(b, reductionIvs, index(full), taps - full, after);
        return after;
      });
  // (With no reduction loop but the innermost, buildLoopNest ran the body
  // in place and returns its values.)
  SmallVector<Value> sums = nest.results;

  // Each output adds its sums' lanes.
  Value out = op.getDpsInits()[0];
  auto reassoc = arith::FastMathFlagsAttr::get(ctx, arith::FastMathFlags::reassoc);
  for (auto [p, point] : llvm::enumerate(points)) {
    SmallVector<Value> dims = llvm::map_to_vector(point, index);
    dims.append(loops - sum.parallel, index(0));
    SmallVector<Value> at = indices(b, maps.back(), dims);
    Value total = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::ADD, sums[p], Value(),
        reassoc.getValue());
    Value old = memref::LoadOp::create(b, loc, out, at);
    Value updated = arith::AddFOp::create(b, loc, old, total, reassoc);
    memref::StoreOp::create(b, loc, updated, out, at);
  }
  op.erase();
}

struct MeldVectorizeHostTapsPass
    : public meld::impl::MeldVectorizeHostTapsBase<MeldVectorizeHostTapsPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t lanes = vectorBits / 32;
    if (lanes < 2)
      return;
    SmallVector<std::pair<linalg::GenericOp, TapSum>> work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<TapSum> sum = matchTapSum(op, lanes, maxAccumulators))
        work.emplace_back(op, std::move(*sum));
    });
    for (auto &[op, sum] : work)
      vectorizeTaps(op, sum,
                    std::min<int64_t>(lanes, llvm::PowerOf2Ceil(
                                                 sum.ranges.back())));
  }
};

} // namespace
