//===- CollapseHostLoops.cpp - One loop for the contiguous loops of a nest ===//
//
// meld-collapse-host-loops: the adjacent loops of a host generic that every
// indexing map keeps together and every operand lays out contiguously are
// merged into one (upstream's collapseOpIterationDims), so that the
// innermost loop LLVM vectorizes runs over a whole image, not one short
// row of it (see Passes.td).
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
    std::optional<unsigned> first;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      if (map.getDimPosition(r) == static_cast<unsigned>(run.front()))
        first = r;
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

/// The runs of two or more adjacent loops of `op` that merge: the same
/// iterator type, kept together by every map, contiguous in every operand.
SmallVector<ReassociationIndices> mergeableRuns(linalg::GenericOp op) {
  SmallVector<ReassociationIndices> runs;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  auto merges = [&](const ReassociationIndices &run) {
    return linalg::areDimSequencesPreserved(maps, {run}) &&
           operandsCollapse(op, run);
  };
  ReassociationIndices run;
  auto close = [&] {
    if (run.size() >= 2)
      runs.push_back(run);
    run.clear();
  };
  for (int64_t d = 0, e = op.getNumLoops(); d < e; ++d) {
    if (!run.empty() && iterators[d] == iterators[run.back()]) {
      ReassociationIndices longer = run;
      longer.push_back(d);
      if (merges(longer)) {
        run = std::move(longer);
        continue;
      }
    }
    close();
    run.push_back(d);
  }
  close();
  return runs;
}

struct MeldCollapseHostLoopsPass
    : public meld::impl::MeldCollapseHostLoopsBase<MeldCollapseHostLoopsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<linalg::GenericOp, SmallVector<ReassociationIndices>>>
        work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (!op.hasPureBufferSemantics() || op.hasIndexSemantics() ||
          !llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
            return map.isProjectedPermutation(/*allowZeroInResults=*/false);
          }))
        return;
      SmallVector<ReassociationIndices> runs = mergeableRuns(op);
      if (!runs.empty())
        work.emplace_back(op, std::move(runs));
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
