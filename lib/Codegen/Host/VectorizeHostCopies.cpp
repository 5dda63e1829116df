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

namespace {
struct MeldVectorizeHostCopiesPass
    : public meld::impl::MeldVectorizeHostCopiesBase<
          MeldVectorizeHostCopiesPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, int64_t>> copies;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<int64_t> stride = copyStride(op))
        copies.push_back({op, *stride});
    });
    for (auto [op, stride] : copies)
      vectorizeCopy(op, stride);
  }
};
} // namespace
