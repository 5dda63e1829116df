//===- CollapseHostLoops.cpp - One loop for the contiguous loops of a nest ===//
//
// meld-collapse-host-loops: a host generic's short innermost loop and the
// loops before it that every indexing map keeps together and every operand
// lays out contiguously are merged into one (upstream's
// collapseOpIterationDims), so that the innermost loop LLVM vectorizes runs
// over a whole image, not one short row of it (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace meld {
#define GEN_PASS_DEF_MELDCOLLAPSEHOSTLOOPS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// Whether every operand of `op` can be viewed with the loops `run` merged:
/// for each, the dims its map puts them at collapse (static, contiguous
/// strides). The maps are projected permutations that keep the run
/// together (areDimSequencesPreserved).
bool operandsCollapse(linalg::GenericOp op, const ReassociationIndices &run) {
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    // The operand dims of the run's loops, in order (none: a broadcast
    // operand that the run does not index).
    std::optional<unsigned> first = map.getResultPosition(
        getAffineDimExpr(run.front(), op.getContext()));
    if (!first)
      continue;
    SmallVector<ReassociationIndices> groups;
    for (int64_t r = 0; r < type.getRank();) {
      int64_t size = r == static_cast<int64_t>(*first)
                         ? static_cast<int64_t>(run.size())
                         : 1;
      groups.emplace_back(llvm::to_vector(llvm::seq<int64_t>(r, r + size)));
      r += size;
    }
    if (!memref::CollapseShapeOp::isGuaranteedCollapsible(type, groups))
      return false;
  }
  return true;
}

/// The innermost loop of `op` and the loops before it that merge with it,
/// when it is static and at least one does: the same iterator type, kept
/// together by every map, contiguous in every operand. A long parallel
/// innermost loop (more than `kShortRow` iterations) LLVM vectorizes as it
/// is, and meld-prefetch-next-tile strip-mines it in a row tile's nests (it
/// reads the tiles through their subviews, not a collapsed view of them);
/// a reduction's is merged whatever its length (that pass leaves
/// reductions alone, and LLVM unrolled a row of 80 and summed the rows
/// with gathers).
std::optional<ReassociationIndices> innerRun(linalg::GenericOp op) {
  constexpr int64_t kShortRow = 64;
  int64_t inner = op.getNumLoops() - 1;
  int64_t row = op.getStaticLoopRanges().back();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (ShapedType::isDynamic(row) ||
      (row > kShortRow && iterators[inner] != utils::IteratorType::reduction))
    return std::nullopt;
  ReassociationIndices run = {inner};
  for (int64_t d = inner - 1; d >= 0 && iterators[d] == iterators[inner];
       --d) {
    ReassociationIndices longer = {d};
    llvm::append_range(longer, run);
    if (!linalg::areDimSequencesPreserved(maps, {longer}) ||
        !operandsCollapse(op, longer))
      break;
    run = std::move(longer);
  }
  if (run.size() < 2)
    return std::nullopt;
  return run;
}

struct MeldCollapseHostLoopsPass
    : public meld::impl::MeldCollapseHostLoopsBase<MeldCollapseHostLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, SmallVector<ReassociationIndices>>>
        work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op.hasPureBufferSemantics() || op.hasIndexSemantics() ||
          op.getNumLoops() < 2 ||
          !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
            return map.isProjectedPermutation(/*allowZeroInResults=*/false);
          }))
        return;
      if (std::optional<ReassociationIndices> run = innerRun(op))
        work.emplace_back(op, SmallVector<ReassociationIndices>{*run});
    });
    IRRewriter rewriter(&getContext());
    for (auto &[op, runs] : work) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::CollapseResult> collapsed =
          linalg::collapseOpIterationDims(op, runs, rewriter);
      if (failed(collapsed)) {
        op.emitError("meld-collapse-host-loops: merging the loops failed");
        return signalPassFailure();
      }
      rewriter.eraseOp(op);
    }
  }
};

} // namespace
