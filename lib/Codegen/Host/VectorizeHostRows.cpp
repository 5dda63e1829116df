//===- VectorizeHostRows.cpp - Short rows of elementwise nests as vectors -===//
//
// meld-vectorize-host-rows: an elementwise linalg.generic on buffers whose
// innermost loop is short and not a multiple of the vector length (a 5 x 5
// or 20-pixel row of an image that the row's strides keep apart from the
// next) becomes loops over its other dims around one vector operation per
// row, vectorized by upstream's linalg vectorizer, instead of a loop that
// LLVM fully unrolls and moves through scalar inserts (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTROWS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// Whether every output of `op` that its innermost loop reduces combines
/// its terms by an operation whose order does not matter: integer
/// arithmetic, a float max or min, or a float add or multiply that may
/// reassociate (`reassoc`, which strict-fp code never has). The vector
/// form reduces a row's lanes with one `vector.multi_reduction`, which
/// the host pipeline lowers to LLVM's ordered sum (the scalar loop's
/// order); the check keeps the form valid under a lowering that
/// reassociates.
bool reassociates(linalg::GenericOp op) {
  for (OpOperand &init : op.getDpsInitsMutable())
    for (Operation *user : op.getMatchingBlockArgument(&init).getUsers()) {
      if (isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
              arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp, arith::MaxUIOp,
              arith::MinUIOp, arith::MaximumFOp, arith::MinimumFOp,
              arith::MaxNumFOp, arith::MinNumFOp>(user))
        continue;
      if (isa<arith::AddFOp, arith::MulFOp>(user) &&
          arith::bitEnumContainsAll(
              cast<arith::ArithFastMathInterface>(user).getFastMathFlagsAttr()
                  .getValue(),
              arith::FastMathFlags::reassoc))
        continue;
      return false;
    }
  return true;
}

/// Whether `op` is a loop nest whose innermost loop this pass vectorizes:
/// static loops, the innermost of 2 to `maxRow` iterations, not a
/// multiple of `lanes`, and parallel (elementwise), or a reduction whose
/// outputs reassociate; each operand either reads it as its last dim,
/// with unit stride, or not at all; int and float elements of a byte or
/// more; a body without side effects or halves.
bool takesRow(linalg::GenericOp op, int64_t lanes, int64_t maxRow) {
  if (!op.hasPureBufferSemantics() || op.hasIndexSemantics() ||
      op.getNumLoops() == 0)
    return false;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t row = ranges.back();
  unsigned inner = op.getNumLoops() - 1;
  if (op.getIteratorTypesArray()[inner] != utils::IteratorType::parallel &&
      !reassociates(op))
    return false;
  if (llvm::any_of(ranges, ShapedType::isDynamic) || row < 2 ||
      row > maxRow || row % lanes == 0)
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    // (Not i1, nor any width but whole bytes of a power of two: a vector
    // of i1 or i24 in memory is packed in bits, a memref of them holds a
    // byte or 4 per element.)
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type || !type.getElementType().isIntOrFloat() ||
        type.getElementTypeBitWidth() < 8 ||
        !llvm::isPowerOf2_64(type.getElementTypeBitWidth()))
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return false;
    std::optional<unsigned> at = map.getResultPosition(
        getAffineDimExpr(inner, op.getContext()));
    if (!at)
      continue;
    if (*at + 1 != map.getNumResults())
      return false;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) ||
        strides.back() != 1)
      return false;
  }
  // A body with side effects (a division's cf.assert on its divisor)
  // stays scalar, and so does one on halves: their vector reductions and
  // conversions are not legal on every target (LLVM cannot promote a
  // vector sum of bf16; meld-expand-half-truncs rounds scalars).
  auto half = [](Type t) {
    return isa<Float16Type, BFloat16Type>(getElementTypeOrSelf(t));
  };
  for (Operation &bodyOp : op.getRegion().front().without_terminator())
    if (!isMemoryEffectFree(&bodyOp) ||
        llvm::any_of(bodyOp.getOperandTypes(), half) ||
        llvm::any_of(bodyOp.getResultTypes(), half))
      return false;
  return succeeded(linalg::vectorizeOpPrecondition(op));
}

struct MeldVectorizeHostRowsPass
    : public meld::impl::MeldVectorizeHostRowsBase<MeldVectorizeHostRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t lanes = std::max<int64_t>(vectorBits / 32, 1);
    SmallVector<linalg::GenericOp> work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (takesRow(op, lanes, maxRow))
        work.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : work) {
      // One iteration of every loop but the innermost: the row.
      SmallVector<OpFoldResult> tiles(op.getNumLoops(),
                                      rewriter.getIndexAttr(1));
      tiles.back() = rewriter.getIndexAttr(0);
      scf::SCFTilingOptions options;
      options.setTileSizes(tiles);
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled) || tiled->tiledOps.size() != 1) {
        op.emitError("meld-vectorize-host-rows: tiling the rows failed");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
      Operation *row = tiled->tiledOps.front();
      rewriter.setInsertionPoint(row);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, row);
      if (failed(vectorized)) {
        row->emitError("meld-vectorize-host-rows: vectorizing a row failed");
        return signalPassFailure();
      }
      rewriter.eraseOp(row);
    }
  }
};

} // namespace
