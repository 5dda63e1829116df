//===- FusePointwise.cpp - Fuse chains of elementwise ops -----------------===//
//
// The pass shell; the policy lives in FusionPlanner::canFuse and the driver
// in fuseBlock, shared with the other fusion passes and the explainer.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDFUSEPOINTWISE
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {
struct MeldFusePointwisePass
    : public meld::impl::MeldFusePointwiseBase<MeldFusePointwisePass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options =
        makeFusionOptions(maxGroupOps, maxKernelParamBytes, maxLiveValues,
                          maxPersistentRow, dynamicDimEstimate);
    options.paddedOutputs = paddedOutputs;
    if (failed(runFusionPass(getOperation(), FusionPass::Pointwise, options)))
      signalPassFailure();
  }
};
} // namespace
