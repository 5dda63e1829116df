//===- FoldUnitExtentDims.cpp - Unit dims dropped, a matmul's rows kept ---===//
//
// meld-fold-unit-extent-dims: upstream's unit-extent-dims folding with a
// control function that keeps a contraction's unit row dimension, so a
// one-row matmul stays a matmul (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace meld {
#define GEN_PASS_DEF_MELDFOLDUNITEXTENTDIMS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// The loops of `op` whose unit extents may be dropped: all of them but a
/// contraction's row loop (the one before its column loop).
SmallVector<unsigned> droppableDims(Operation *op) {
  SmallVector<unsigned> dims;
  if (auto pad = dyn_cast<tensor::PadOp>(op)) {
    dims =
        llvm::to_vector(llvm::seq<unsigned>(0, pad.getSourceType().getRank()));
    return dims;
  }
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic)
    return dims;
  unsigned n = generic.getNumLoops();
  dims = llvm::to_vector(llvm::seq<unsigned>(0, n));
  if (meld::isContractionNest(generic))
    dims.erase(dims.begin() + (n - 3));
  return dims;
}

struct MeldFoldUnitExtentDimsPass
    : public meld::impl::MeldFoldUnitExtentDimsBase<
          MeldFoldUnitExtentDimsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::ControlDropUnitDims options;
    options.controlFn = droppableDims;
    linalg::populateFoldUnitExtentDimsPatterns(patterns, options);
    linalg::populateMoveInitOperandsToInputPattern(patterns);
    // As upstream's pass: a rewrite that did not converge is still valid.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};

} // namespace
