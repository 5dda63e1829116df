//===- FuseGemmEpilogue.cpp - Fuse matmuls with epilogues and prologues
//----===//
//
// The pass shell; the policy lives in FusionPlanner::canFuse and the driver
// in fuseBlock, shared with the other fusion passes and the explainer.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDFUSEGEMMEPILOGUE
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {
struct MeldFuseGemmEpiloguePass
    : public meld::impl::MeldFuseGemmEpilogueBase<MeldFuseGemmEpiloguePass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options =
        makeFusionOptions(maxGroupOps, maxKernelParamBytes, maxLiveValues,
                          maxPersistentRow, dynamicDimEstimate);
    options.maxPrologueOps = maxPrologueOps;
    options.maxConvImageBytes = maxConvImageBytes;
    options.rowViewEpilogues = rowViewEpilogues;
    options.transposedConvOperands = transposedConvOperands;
    if (failed(
            runFusionPass(getOperation(), FusionPass::GemmEpilogue, options)))
      signalPassFailure();
  }
};
} // namespace
