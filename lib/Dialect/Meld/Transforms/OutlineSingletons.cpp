//===- OutlineSingletons.cpp - Groups of one for unfused ops --------------===//
//
// Completes fusion: every compute op not already in a meld.kernel gets a
// kernel of its own, so the schedule sees kernels only.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDOUTLINESINGLETONS
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

namespace {
struct MeldOutlineSingletonsPass
    : public meld::impl::MeldOutlineSingletonsBase<MeldOutlineSingletonsPass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options;
    recordUnfusedCost(getOperation(), options);
    if (failed(forEachFusionBlock(getOperation(), [&](Block &block) {
          return FusionPlanner(block, options)
              .outline(/*outlineSingletons=*/true);
        })))
      signalPassFailure();
  }
};
} // namespace
