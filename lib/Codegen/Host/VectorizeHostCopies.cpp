//===- VectorizeHostCopies.cpp - Affine copies as vector moves ------------===//
//
// meld-vectorize-host-copies: a linalg.generic on buffers that copies its
// input along an affine map whose innermost loop walks the input's last
// dim with a constant stride (a convolution's columns copied from its
// padded input) becomes loops around 64-byte vector transfers along that
// loop (see Passes.td).
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

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTCOPIES
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// The stride of the innermost loop along the last dim of `op`'s input
/// when `op` is a copy this pass vectorizes (see Passes.td).
static std::optional<int64_t> copyStride(linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 1 ||
      op.getNumDpsInits() != 1 || op.getNumLoops() == 0 ||
      op.getNumParallelLoops() != op.getNumLoops())
    return std::nullopt;
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 ||
      yield.getValues()[0] != body.getArgument(0))
    return std::nullopt;
  auto in = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto out = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!in || !out || in.getElementType() != out.getElementType() ||
      !in.getElementType().isIntOrFloat() || in.getRank() == 0 ||
      !in.isLastDimUnitStride() || !out.isLastDimUnitStride())
    return std::nullopt;
  unsigned width = in.getElementType().getIntOrFloatBitWidth();
  if (width < 8 || width > 64 || !llvm::isPowerOf2_32(width))
    return std::nullopt;
  // (Copies along projected permutations, plain copies and broadcasts,
  // stay with LLVM's loop vectorizer and meld-prefetch-next-tile.)
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!maps[1].isIdentity() || maps[0].isProjectedPermutation())
    return std::nullopt;
  int64_t inner = op.getNumLoops() - 1;
  ArrayRef<AffineExpr> reads = maps[0].getResults();
  for (AffineExpr e : reads.drop_back())
    if (e.isFunctionOfDim(inner))
      return std::nullopt;
  AffineExpr last = reads.back();
  if (!last.isPureAffine() || !last.isFunctionOfDim(inner))
    return std::nullopt;
  // The coefficient of the innermost loop: the last index with that loop
  // at 1, less it at 0.
  MLIRContext *ctx = op.getContext();
  auto at = [&](int64_t v) {
    SmallVector<AffineExpr> dims;
    for (int64_t d = 0; d <= inner; ++d)
      dims.push_back(d == inner ? getAffineConstantExpr(v, ctx)
                                : getAffineDimExpr(d, ctx));
    return last.replaceDims(dims);
  };
  auto stride = dyn_cast<AffineConstantExpr>(
      simplifyAffineExpr(at(1) - at(0), op.getNumLoops(), 0));
  if (!stride || stride.getValue() < 1 || stride.getValue() > meld::codegen::kMaxReadStride)
    return std::nullopt;
  return stride.getValue();
}

/// Rewrites `op` into loops over all but its innermost loop around a loop
/// over it in steps of one 64-byte vector, each step a masked read of one
/// vector (or of `stride` vectors, then every stride-th lane) and a masked
/// write.
static void vectorizeCopy(linalg::GenericOp op, int64_t stride) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value in = op.getDpsInputs()[0], out = op.getDpsInits()[0];
  Type elem = cast<MemRefType>(in.getType()).getElementType();
  int64_t lanes = 512 / elem.getIntOrFloatBitWidth();
  int64_t loops = op.getNumLoops();
  Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(loops, zeroIndex), steps(loops, one);
  steps.back() = arith::ConstantIndexOp::create(b, loc, lanes);
  SmallVector<Value> ubs = getValueOrCreateConstantIndexOp(
      b, loc, memref::getMixedSizes(b, loc, out));
  AffineMap read = op.getIndexingMapsArray()[0];
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elem));
  scf::buildLoopNest(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        SmallVector<Value> at;
        for (unsigned r = 0; r < read.getNumResults(); ++r)
          at.push_back(affine::makeComposedAffineApply(
                           nb, nloc, read.getSubMap({r}),
                           getAsOpFoldResult(ivs))
                           .getResult());
        Value v = meld::codegen::readStrided(nb, nloc, in, at, zero, lanes,
                                             stride, /*inBounds=*/false);
        vector::TransferWriteOp::create(nb, nloc, v, out, ivs,
                                        ArrayRef<bool>{false});
      });
  op.erase();
}

/// The inputs' count when `op` interleaves them (meld-convert-to-linalg's
/// form of a concatenation along the last dim of inputs one element long
/// there: its last loop `l` runs over the output's last dim, of the count,
/// and the body picks input `k` where `l == k`, which it reads at the
/// other loops), with a power of two of them and whole bytes of a power of
/// two each; 0 otherwise.
static int64_t interleavedInputs(linalg::GenericOp op) {
  int64_t count = op.getNumDpsInputs();
  if (!op.hasPureBufferSemantics() || count < 2 || count > 8 ||
      !llvm::isPowerOf2_64(count) || op.getNumDpsInits() != 1 ||
      op.getNumLoops() < 2 || op.getNumParallelLoops() != op.getNumLoops())
    return 0;
  int64_t last = op.getNumLoops() - 1;
  auto out = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!out || !out.getElementType().isIntOrFloat() ||
      out.getDimSize(last) != count || !out.areTrailingDimsContiguous(2))
    return 0;
  unsigned width = out.getElementType().getIntOrFloatBitWidth();
  if (width < 8 || width > 64 || !llvm::isPowerOf2_32(width))
    return 0;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (!maps.back().isIdentity())
    return 0;
  // Each input at the other loops in order (a trailing 0 for its unit dim),
  // its rows contiguous.
  MLIRContext *ctx = op.getContext();
  for (int64_t k = 0; k < count; ++k) {
    auto type = dyn_cast<MemRefType>(op.getDpsInputs()[k].getType());
    ArrayRef<AffineExpr> reads = maps[k].getResults();
    if (!type || type.getElementType() != out.getElementType())
      return 0;
    if (reads.size() == static_cast<size_t>(last) + 1) {
      if (reads.back() != getAffineConstantExpr(0, ctx) ||
          type.getShape().back() != 1)
        return 0;
      reads = reads.drop_back();
      // (The unit dim's stride is free; the row is the dim before it.)
      SmallVector<int64_t> strides;
      int64_t offset;
      if (type.getRank() < 2 ||
          failed(type.getStridesAndOffset(strides, offset)) ||
          strides[type.getRank() - 2] != 1)
        return 0;
    } else if (!type.isLastDimUnitStride()) {
      return 0;
    }
    if (reads.size() != static_cast<size_t>(last))
      return 0;
    for (auto [d, e] : llvm::enumerate(reads))
      if (e != getAffineDimExpr(d, ctx))
        return 0;
  }
  // picked = in[count - 1]; for k = count - 2 .. 0:
  //   picked = select(index(last) == k, in[k], picked)
  Block &body = op.getRegion().front();
  Value picked = cast<linalg::YieldOp>(body.getTerminator()).getValues()[0];
  for (int64_t k = 0; k + 1 < count; ++k) {
    auto select = picked.getDefiningOp<arith::SelectOp>();
    auto cmp = select ? select.getCondition().getDefiningOp<arith::CmpIOp>()
                      : arith::CmpIOp();
    auto index = cmp ? cmp.getLhs().getDefiningOp<linalg::IndexOp>()
                     : linalg::IndexOp();
    std::optional<int64_t> at =
        cmp ? getConstantIntValue(cmp.getRhs()) : std::nullopt;
    if (!index || static_cast<int64_t>(index.getDim()) != last ||
        cmp.getPredicate() != arith::CmpIPredicate::eq || at != k ||
        select.getTrueValue() != body.getArgument(k))
      return 0;
    picked = select.getFalseValue();
  }
  return picked == body.getArgument(count - 1) ? count : 0;
}

/// Rewrites the interleave `op` of `count` inputs into loops over all but
/// its last two loops around a loop over the rows in steps of one 64-byte
/// vector of each input: `count` masked reads, `vector.interleave`s into
/// `count` vectors' lanes in the output's order, one masked write to the
/// output's last two dims seen as one.
static void vectorizeInterleave(linalg::GenericOp op, int64_t count) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value out = op.getDpsInits()[0];
  auto outType = cast<MemRefType>(out.getType());
  Type elem = outType.getElementType();
  int64_t lanes = 512 / elem.getIntOrFloatBitWidth();
  int64_t rank = outType.getRank();
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0; d < rank - 2; ++d)
    groups.push_back({d});
  groups.push_back({rank - 2, rank - 1});
  Value rows = memref::CollapseShapeOp::create(b, loc, out, groups);
  Value zeroIndex = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> lbs(rank - 1, zeroIndex), steps(rank - 1, one);
  steps.back() = arith::ConstantIndexOp::create(b, loc, lanes);
  SmallVector<Value> ubs = getValueOrCreateConstantIndexOp(
      b, loc, memref::getMixedSizes(b, loc, out));
  ubs.pop_back();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elem));
  Value countIndex = arith::ConstantIndexOp::create(b, loc, count);
  auto vectorType = VectorType::get({lanes}, elem);
  scf::buildLoopNest(
      b, loc, lbs, ubs, steps,
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        SmallVector<Value> parts;
        for (Value in : op.getDpsInputs()) {
          // An input with its trailing unit dim is read along the dim
          // before it.
          SmallVector<Value> at(ivs);
          bool unitDim = cast<MemRefType>(in.getType()).getRank() == rank;
          if (unitDim)
            at.push_back(zeroIndex);
          AffineMap row =
              unitDim ? AffineMap::get(at.size(), 0,
                                       {nb.getAffineDimExpr(at.size() - 2)},
                                       nb.getContext())
                      : AffineMap::getMinorIdentityMap(at.size(), 1,
                                                       nb.getContext());
          parts.push_back(vector::TransferReadOp::create(
              nb, nloc, vectorType, in, at, zero, row, ArrayRef<bool>{false}));
        }
        // Interleaved pairs, half as many vectors each round: for 4, (a, c)
        // and (b, d), then those two, give a0 b0 c0 d0 a1 ...
        while (parts.size() > 1) {
          size_t half = parts.size() / 2;
          SmallVector<Value> next;
          for (size_t k = 0; k < half; ++k)
            next.push_back(vector::InterleaveOp::create(nb, nloc, parts[k],
                                                        parts[k + half]));
          parts = next;
        }
        SmallVector<Value> at(ivs.drop_back());
        at.push_back(arith::MulIOp::create(nb, nloc, ivs.back(), countIndex));
        vector::TransferWriteOp::create(nb, nloc, parts.front(), rows, at,
                                        ArrayRef<bool>{false});
      });
  op.erase();
}

namespace {
struct MeldVectorizeHostCopiesPass
    : public meld::impl::MeldVectorizeHostCopiesBase<
          MeldVectorizeHostCopiesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> copies, interleaves;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<int64_t> stride = copyStride(op))
        copies.push_back({op, *stride});
      else if (int64_t count = interleavedInputs(op))
        interleaves.push_back({op, count});
    });
    for (auto [op, stride] : copies)
      vectorizeCopy(op, stride);
    for (auto [op, count] : interleaves)
      vectorizeInterleave(op, count);
  }
};
} // namespace
