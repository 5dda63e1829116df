//===- VectorizeHostWindows.cpp - Sliding-window sums in registers --------===//
//
// meld-vectorize-host-windows: a linalg.generic on buffers that reduces
// windows of an input along its last parallel loop (a grouped or
// depthwise convolution on its padded input, `out[.., o] += w[..] *
// x[.., o * s + k * d]`) becomes loops around a block of vector
// accumulators held in registers across the reduction loops (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"
#include "VectorReads.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExprVisitor.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTWINDOWS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {
/// How one input of a window reduction is read.
struct WindowRead {
  /// The coefficient of the vector loop in the input's last index; 0: the
  /// input does not depend on it (one element, broadcast).
  int64_t stride = 0;
  /// The largest last index over the loops' static ranges with the vector
  /// loop at 0 (nullopt: unknown), for proving full vectors in bounds.
  std::optional<int64_t> reach;
};

/// A generic this pass takes: its parallel loops first, the last of them
/// the vector loop, then its reductions.
struct Window {
  int64_t parallel = 0;
  SmallVector<WindowRead> reads;
};
} // namespace

/// Whether every op of the body maps elementwise onto vectors: scalar
/// int or float operands and results, no regions, no side effects.
static bool hasElementwiseBody(linalg::GenericOp op) {
  for (Operation &inner : op.getRegion().front().without_terminator()) {
    if (!inner.hasTrait<OpTrait::Elementwise>() || inner.getNumRegions() ||
        inner.getNumResults() != 1 || !isPure(&inner))
      return false;
    for (Type t : llvm::concat<Type>(inner.getOperandTypes(),
                                     inner.getResultTypes()))
      if (!t.isIntOrFloat())
        return false;
  }
  return true;
}

/// `op` as a window reduction (see Passes.td), or nullopt.
static std::optional<Window> matchWindow(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumDpsInputs() < 1 || op.getNumReductionLoops() < 1 ||
      op.getNumParallelLoops() < 1 || op.hasIndexSemantics() ||
      !hasElementwiseBody(op))
    return std::nullopt;
  int64_t loops = op.getNumLoops(), parallel = op.getNumParallelLoops();
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  for (int64_t i = 0; i < loops; ++i)
    if ((iters[i] == utils::IteratorType::parallel) != (i < parallel))
      return std::nullopt;
  auto out = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!out || !out.getElementType().isF32() || !out.isLastDimUnitStride() ||
      out.getRank() != parallel)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap outMap = maps.back();
  for (int64_t i = 0; i < parallel; ++i)
    if (outMap.getResult(i) != getAffineDimExpr(i, op.getContext()))
      return std::nullopt;
  int64_t vectorLoop = parallel - 1;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  Window window;
  window.parallel = parallel;
  bool anyWindow = false;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<MemRefType>(in->get().getType());
    if (!type || !type.getElementType().isIntOrFloat())
      return std::nullopt;
    AffineMap map = maps[in->getOperandNumber()];
    WindowRead read;
    if (map.getNumResults() == 0 ||
        !map.getResults().back().isFunctionOfDim(vectorLoop)) {
      for (AffineExpr e : map.getResults())
        if (e.isFunctionOfDim(vectorLoop))
          return std::nullopt;
      window.reads.push_back(read);
      continue;
    }
    AffineExpr last = map.getResults().back();
    for (AffineExpr e : map.getResults().drop_back())
      if (e.isFunctionOfDim(vectorLoop))
        return std::nullopt;
    if (!type.isLastDimUnitStride() || !meld::codegen::isLinear(last))
      return std::nullopt;
    SmallVector<int64_t> at(loops, 0);
    std::optional<int64_t> base = meld::codegen::evaluate(last, at);
    at[vectorLoop] = 1;
    std::optional<int64_t> step = meld::codegen::evaluate(last, at);
    if (!base || !step || *step - *base < 1 || *step - *base > meld::codegen::kMaxReadStride)
      return std::nullopt;
    read.stride = *step - *base;
    // The reach: each other loop at its last iteration where its
    // coefficient is positive (all are, in a convolution's windows).
    bool known = true;
    int64_t reach = *base;
    for (int64_t i = 0; i < loops; ++i) {
      if (i == vectorLoop)
        continue;
      SmallVector<int64_t> one(loops, 0);
      one[i] = 1;
      int64_t coeff = *meld::codegen::evaluate(last, one) - *base;
      if (coeff > 0 && i >= parallel)
        anyWindow = true;
      if (coeff < 0 || (coeff > 0 && ShapedType::isDynamic(ranges[i])))
        known = false;
      else if (coeff > 0)
        reach += coeff * (ranges[i] - 1);
    }
    if (known)
      read.reach = reach;
    window.reads.push_back(read);
  }
  if (!anyWindow)
    return std::nullopt;
  return window;
}

/// Rewrites `op` (matched as `window`) into loops over its parallel loops,
/// the vector loop in steps of `vectors` vectors of `lanes` and the loop
/// before it in steps of `rows`, around its reduction loops, which carry
/// the block's `rows x vectors` accumulators; the body's ops applied to
/// vectors.
static void vectorizeWindow(linalg::GenericOp op, const Window &window,
                            int64_t lanes, int64_t maxAccumulators) {
  // An output filled just before (a convolution's zeros) starts the sums
  // at the fill's value instead of being read: the loops write every
  // element, so the fill goes (a memset of the whole output, and a read of
  // it, less); not when the generic also reads the output as an input.
  Value initial;
  if (auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
      fill && fill.hasPureBufferSemantics() &&
      fill.getDpsInits()[0] == op.getDpsInits()[0] &&
      !llvm::is_contained(op.getDpsInputs(), op.getDpsInits()[0]) &&
      fill.getInputs()[0].getType() ==
          getElementTypeOrSelf(op.getDpsInits()[0].getType())) {
    initial = fill.getInputs()[0];
    fill.erase();
  }
  OpBuilder b(op);
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  int64_t loops = op.getNumLoops(), parallel = window.parallel;
  int64_t vectorLoop = parallel - 1, rowLoop = parallel - 2;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  Value out = op.getDpsInits()[0];
  auto outType = cast<MemRefType>(out.getType());
  auto accType = VectorType::get({lanes}, outType.getElementType());

  // Vectors per block along the vector loop: a whole static row when it
  // takes at most maxAccumulators vectors, else 4 (the last block masked).
  int64_t width = ranges[vectorLoop];
  int64_t vectors = 4;
  if (!ShapedType::isDynamic(width)) {
    auto rowVectors = static_cast<int64_t>(llvm::divideCeil(width, lanes));
    if (rowVectors <= maxAccumulators)
      vectors = std::max<int64_t>(rowVectors, 1);
  }
  // Rows per block: the largest divisor of a static row count that keeps
  // the accumulators within maxAccumulators.
  int64_t rows = 1;
  if (rowLoop >= 0 && !ShapedType::isDynamic(ranges[rowLoop]))
    for (int64_t r = std::max<int64_t>(maxAccumulators / vectors, 1); r > 1;
         --r)
      if (ranges[rowLoop] % r == 0) {
        rows = r;
        break;
      }
  int64_t blockWidth = vectors * lanes;
  // The last block's first element: vector v of every block reads in
  // bounds when it does there.
  std::optional<int64_t> lastBlock;
  if (!ShapedType::isDynamic(width))
    lastBlock = llvm::alignTo(width, blockWidth) - blockWidth;
  auto outInBounds = [&](int64_t v) {
    return lastBlock && *lastBlock + (v + 1) * lanes <= width;
  };

  SmallVector<Range> loopRanges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  auto sizeOf = [&](int64_t i) {
    return getValueOrCreateConstantIndexOp(b, loc, loopRanges[i].size);
  };
  Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(parallel, zeroIndex), ubs, steps(parallel, one);
  for (int64_t i = 0; i < parallel; ++i)
    ubs.push_back(sizeOf(i));
  steps[vectorLoop] = arith::ConstantIndexOp::create(b, loc, blockWidth);
  if (rows > 1)
    steps[rowLoop] = arith::ConstantIndexOp::create(b, loc, rows);
  SmallVector<Value> reductionLbs(loops - parallel, zeroIndex),
      reductionSteps(loops - parallel, one), reductionUbs;
  for (int64_t i = parallel; i < loops; ++i)
    reductionUbs.push_back(sizeOf(i));

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  Block &body = op.getRegion().front();
  Value zeroAcc = arith::ConstantOp::create(
      b, loc, b.getZeroAttr(outType.getElementType()));
  scf::buildLoopNest(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &pb, Location ploc, ValueRange outer) {
        // The loops' values for accumulator (r, v).
        auto loopValues = [&](OpBuilder &nb, int64_t r, int64_t v,
                              ValueRange reductions) {
          SmallVector<OpFoldResult> values(outer.begin(), outer.end());
          auto shifted = [&](int64_t i, int64_t by) {
            values[i] = by ? affine::makeComposedFoldedAffineApply(
                                 nb, ploc,
                                 getAffineDimExpr(0, ctx) + by,
                                 {values[i]})
                           : values[i];
          };
          if (rows > 1)
            shifted(rowLoop, r);
          shifted(vectorLoop, v * lanes);
          llvm::append_range(values, reductions);
          return values;
        };
        auto indices = [&](OpBuilder &nb, AffineMap map,
                           ArrayRef<OpFoldResult> values) {
          return getValueOrCreateConstantIndexOp(
              nb, ploc,
              affine::makeComposedFoldedMultiResultAffineApply(nb, ploc, map,
                                                               values));
        };
        // Accumulator (r, v)'s place in the output.
        auto outIndices = [&](int64_t r, int64_t v) {
          SmallVector<OpFoldResult> values = loopValues(pb, r, v, {});
          values.resize(parallel);
          return getValueOrCreateConstantIndexOp(pb, ploc, values);
        };
        SmallVector<Value> accs;
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t v = 0; v < vectors; ++v)
            accs.push_back(
                initial ? vector::BroadcastOp::create(pb, ploc, accType,
                                                      initial)
                              .getResult()
                        : vector::TransferReadOp::create(
                              pb, ploc, accType, out, outIndices(r, v),
                              zeroAcc, ArrayRef<bool>{outInBounds(v)})
                              .getResult());
        scf::LoopNest nest = scf::buildLoopNest(
            pb, ploc, reductionLbs, reductionUbs, reductionSteps, accs,
            [&](OpBuilder &nb, Location nloc, ValueRange reductions,
                ValueRange iter) -> scf::ValueVector {
              scf::ValueVector next;
              // Broadcast elements, once per step (and row, when they
              // depend on it).
              DenseMap<std::pair<int64_t, int64_t>, Value> broadcasts;
              for (int64_t r = 0; r < rows; ++r)
                for (int64_t v = 0; v < vectors; ++v) {
                  SmallVector<OpFoldResult> values =
                      loopValues(nb, r, v, reductions);
                  IRMapping mapping;
                  for (auto [i, in] : llvm::enumerate(op.getDpsInputs())) {
                    const WindowRead &read = window.reads[i];
                    Type elem = getElementTypeOrSelf(in.getType());
                    Value vec;
                    if (!read.stride) {
                      bool perRow = rows > 1 && llvm::any_of(
                          maps[i].getResults(), [&](AffineExpr e) {
                            return e.isFunctionOfDim(rowLoop);
                          });
                      Value &shared = broadcasts[{i, perRow ? r : 0}];
                      if (!shared)
                        shared = vector::BroadcastOp::create(
                            nb, nloc, VectorType::get({lanes}, elem),
                            memref::LoadOp::create(
                                nb, nloc, in, indices(nb, maps[i], values)));
                      vec = shared;
                    } else {
                      int64_t extent =
                          cast<MemRefType>(in.getType()).getShape().back();
                      // Vector v of the last block, whose full read
                      // reaches furthest, from its first element.
                      bool inBounds =
                          lastBlock && read.reach &&
                          !ShapedType::isDynamic(extent) &&
                          (*lastBlock + v * lanes) * read.stride +
                                  *read.reach + lanes * read.stride <=
                              extent;
                      Value pad = arith::ConstantOp::create(
                          nb, nloc, nb.getZeroAttr(elem));
                      vec = meld::codegen::readStrided(
                          nb, nloc, in, indices(nb, maps[i], values), pad,
                          lanes, read.stride, inBounds);
                    }
                    mapping.map(body.getArgument(i), vec);
                  }
                  mapping.map(body.getArguments().back(),
                              iter[r * vectors + v]);
                  for (Operation &inner : body.without_terminator()) {
                    OperationState state(nloc, inner.getName());
                    for (Value operand : inner.getOperands()) {
                      // Scalars from outside the body are broadcast.
                      if (!mapping.contains(operand))
                        mapping.map(operand,
                                    vector::BroadcastOp::create(
                                        nb, nloc,
                                        VectorType::get({lanes},
                                                        operand.getType()),
                                        operand));
                      state.addOperands(mapping.lookup(operand));
                    }
                    state.addTypes(VectorType::get(
                        {lanes}, inner.getResult(0).getType()));
                    state.addAttributes(inner.getAttrs());
                    Operation *vectorOp = nb.create(state);
                    mapping.map(inner.getResult(0), vectorOp->getResult(0));
                  }
                  next.push_back(mapping.lookupOrDefault(
                      body.getTerminator()->getOperand(0)));
                }
              return next;
            });
        // (A window has at least one reduction loop: the nest's results
        // are the sums.)
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t v = 0; v < vectors; ++v)
            vector::TransferWriteOp::create(
                pb, ploc, nest.results[r * vectors + v], out,
                outIndices(r, v), ArrayRef<bool>{outInBounds(v)});
      });
  op.erase();
}

namespace {
struct MeldVectorizeHostWindowsPass
    : public meld::impl::MeldVectorizeHostWindowsBase<
          MeldVectorizeHostWindowsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (vectorBits < 64 || !llvm::isPowerOf2_64(vectorBits) ||
        maxAccumulators < 1) {
      getOperation().emitError()
          << "meld-vectorize-host-windows: vector-bits must be a power of "
             "two of at least 64 and max-accumulators at least 1";
      return signalPassFailure();
    }
    SmallVector<std::pair<linalg::GenericOp, Window>> windows;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<Window> window = matchWindow(op))
        windows.push_back({op, *window});
    });
    for (auto &[op, window] : windows)
      vectorizeWindow(op, window, vectorBits / 32, maxAccumulators);
  }
};
} // namespace
