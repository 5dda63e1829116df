//===- FuseReductions.cpp - Fuse reductions with their neighbours
//-----------===//
//
// The pass shell; the policy lives in FusionPlanner::canFuse and the driver
// in fuseBlock, shared with the other fusion passes and the explainer.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDFUSEREDUCTIONS
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {
struct MeldFuseReductionsPass
    : public meld::impl::MeldFuseReductionsBase<MeldFuseReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options =
        makeFusionOptions(maxGroupOps, maxKernelParamBytes, maxLiveValues,
                          maxPersistentRow, dynamicDimEstimate);
    options.maxConvImageBytes = maxConvImageBytes;
    options.rowViewEpilogues = rowViewEpilogues;
    if (failed(runFusionPass(getOperation(), FusionPass::Reductions, options)))
      signalPassFailure();
  }
};
} // namespace
