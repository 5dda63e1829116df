//===- GridDependencyControl.cpp - Programmatic dependent launch ----------===//
//
// meld-grid-dependency-control: every kernel of an sm_90 module lets its
// dependents launch and then waits for the grids it depends on, first
// thing, so that a runtime may overlap consecutive kernels (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

namespace meld {
#define GEN_PASS_DEF_MELDGRIDDEPENDENCYCONTROL
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {
struct MeldGridDependencyControlPass
    : public meld::impl::MeldGridDependencyControlBase<
          MeldGridDependencyControlPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel() || func.getBody().empty())
        continue;
      auto builder = OpBuilder::atBlockBegin(&func.getBody().front());
      // Dependents may be scheduled as soon as every block of this grid
      // has started; each waits in its own griddepcontrol.wait, so the
      // earliest unfinished grid is always fully resident.
      NVVM::GriddepcontrolOp::create(
          builder, func.getLoc(), NVVM::GridDepActionKind::launch_dependents);
      NVVM::GriddepcontrolOp::create(builder, func.getLoc(),
                                     NVVM::GridDepActionKind::wait);
    }
  }
};
} // namespace
