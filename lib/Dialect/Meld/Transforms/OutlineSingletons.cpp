//===- OutlineSingletons.cpp - Groups of one for unfused ops --------------===//
//
// Completes fusion: every compute op not already in a meld.kernel gets a
// kernel of its own, so the schedule sees kernels only.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

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
          warnAboutForeignOps(block);
          return FusionPlanner(block, options)
              .outline(/*outlineSingletons=*/true);
        })))
      signalPassFailure();
  }

  /// Ops the fusion passes do not understand stay where they are; say so,
  /// since the result then has computation outside every kernel.
  static void warnAboutForeignOps(Block &block) {
    for (Operation &op : block) {
      Dialect *dialect = op.getDialect();
      bool known = isa_and_nonnull<MeldDialect, func::FuncDialect>(dialect);
      bool indexArith =
          isa_and_nonnull<arith::ArithDialect>(dialect) &&
          llvm::all_of(op.getResultTypes(), [](Type t) { return t.isIndex(); });
      if (!known && !indexArith)
        op.emitWarning() << "'" << op.getName()
                         << "' is not a meld op: fusion leaves it outside "
                            "every kernel";
    }
  }
};
} // namespace
