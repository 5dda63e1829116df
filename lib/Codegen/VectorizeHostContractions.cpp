//===- VectorizeHostContractions.cpp - Register-tiled host matmuls --------===//
//
// tileUsingSCF (rows x cols x 1 register tiles) + linalg::vectorize +
// hoistRedundantVectorTransfers, all upstream; this pass only picks the ops
// and the tile sizes.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTCONTRACTIONS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// Whether `op` is a contraction on buffers: two inputs, one output,
/// parallel loops then exactly one reduction loop, last.
static bool isHostContraction(linalg::GenericOp op) {
  auto iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  return op.hasPureBufferSemantics() && n >= 3 && op.getNumDpsInputs() == 2 &&
         op.getNumDpsInits() == 1 &&
         iterators[n - 1] == utils::IteratorType::reduction &&
         llvm::count(iterators, utils::IteratorType::reduction) == 1;
}

/// Moves a contraction's reduction loop outside its innermost parallel loop
/// ((i, j, k) -> (i, k, j) for a matmul) when the right operand is walked
/// along j (rows of B): the inner loop then runs contiguously over B and the
/// output and LLVM vectorizes it. With a transposed B the k loop is the
/// contiguous one and stays inner.
static void interchangeForContiguousRows(RewriterBase &rewriter,
                                         linalg::GenericOp op) {
  int64_t n = op.getNumLoops();
  if (op.getIndexingMapsArray()[1].getResults().back() !=
      getAffineDimExpr(n - 2, op.getContext()))
    return;
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, n));
  std::swap(order[n - 1], order[n - 2]);
  rewriter.setInsertionPoint(op);
  (void)linalg::interchangeGenericOp(rewriter, op, order);
}

namespace {
struct MeldVectorizeHostContractionsPass
    : public meld::impl::MeldVectorizeHostContractionsBase<
          MeldVectorizeHostContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<linalg::GenericOp> contractions;
    func.walk([&](linalg::GenericOp op) {
      if (isHostContraction(op))
        contractions.push_back(op);
    });
    if (contractions.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : contractions) {
      int64_t n = op.getNumLoops();
      // Batch dims 1, then rows x cols, then 1 along the reduction.
      SmallVector<int64_t> sizes(n, 1);
      sizes[n - 3] = tileRows;
      sizes[n - 2] = tileCols;
      // Register tiles for f32 loop nests that tile exactly (every tile full
      // and static); everything else stays scalar loops.
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      bool exact = getElementTypeOrSelf(op.getDpsInits()[0].getType()).isF32();
      for (int64_t i = 0; i < n; ++i)
        exact &= !ShapedType::isDynamic(ranges[i]) && ranges[i] % sizes[i] == 0;
      if (!exact) {
        interchangeForContiguousRows(rewriter, op);
        continue;
      }
      scf::SCFTilingOptions options;
      SmallVector<OpFoldResult> tileSizes;
      for (int64_t s : sizes)
        tileSizes.push_back(rewriter.getIndexAttr(s));
      options.setTileSizes(tileSizes);
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue;
      rewriter.eraseOp(op);
      for (Operation *t : tiled->tiledOps) {
        if (failed(linalg::vectorizeOpPrecondition(t)))
          continue;
        rewriter.setInsertionPoint(t);
        // On buffers the vector form writes the output itself.
        if (succeeded(linalg::vectorize(rewriter, t)))
          rewriter.eraseOp(t);
      }
    }
    // Fold the tiles' subviews into the transfers (hoisting does not look
    // through views), move invariant code out of the loops, then the
    // accumulator's read and write leave the reduction loop.
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    func.walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
    linalg::hoistRedundantVectorTransfers(func);
  }
};
} // namespace
