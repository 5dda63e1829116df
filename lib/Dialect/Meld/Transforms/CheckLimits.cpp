//===- CheckLimits.cpp - Reject programs beyond Meld's limits -------------===//
//
// The pass form of checkProgramLimits (meld/Support/Limits.h), so that
// meld-opt and custom pipelines apply the same bounds as the JIT and the
// other tools.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Support/Limits.h"

namespace meld {
#define GEN_PASS_DEF_MELDCHECKLIMITS
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {
struct CheckLimitsPass
    : public meld::impl::MeldCheckLimitsBase<CheckLimitsPass> {
  using MeldCheckLimitsBase::MeldCheckLimitsBase;

  void runOnOperation() override {
    meld::ProgramLimits limits;
    limits.maxNesting = maxNesting;
    limits.maxOps = maxOps;
    limits.maxTensorElements = maxTensorElements;
    limits.maxConstantBytes = maxConstantBytes;
    if (failed(meld::checkProgramLimits(getOperation(), limits)))
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};
} // namespace
