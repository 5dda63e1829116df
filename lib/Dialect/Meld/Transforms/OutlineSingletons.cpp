//===- OutlineSingletons.cpp - Groups of one for unfused ops --------------===//
//
// Completes fusion: every compute op not already in a meld.kernel gets a
// kernel of its own, so the schedule sees kernels only.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace meld {
#define GEN_PASS_DEF_MELDOUTLINESINGLETONS
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// Ops that only move data (their row blocks are where the GPU's tiling
/// stops following a fused producer).
static bool movesData(Operation *op) {
  return isa<ReshapeOp, TransposeOp, SliceOp, ConcatOp, GatherOp>(op);
}

/// The parts `ops` (a kernel's body, in order) split into: the connected
/// groups of ops once the edges from an op that computes to an op that
/// moves data are cut. Each part lists ops in order.
static SmallVector<SmallVector<Operation *>>
splitAtDataMovement(ArrayRef<Operation *> ops) {
  llvm::DenseMap<Operation *, unsigned> index;
  for (auto [i, op] : llvm::enumerate(ops))
    index[op] = i;
  llvm::EquivalenceClasses<unsigned> parts;
  for (unsigned i = 0; i < ops.size(); ++i)
    parts.insert(i);
  for (auto [i, op] : llvm::enumerate(ops))
    for (Value operand : op->getOperands()) {
      auto producer = index.find(operand.getDefiningOp());
      if (producer == index.end() ||
          (movesData(op) && !movesData(ops[producer->second])))
        continue;
      parts.unionSets(i, producer->second);
    }
  llvm::MapVector<unsigned, SmallVector<Operation *>> byLeader;
  for (auto [i, op] : llvm::enumerate(ops))
    byLeader[parts.getLeaderValue(i)].push_back(op);
  return llvm::to_vector(llvm::make_second_range(byLeader));
}

LogicalResult meld::unfuseKernels(ArrayRef<KernelOp> kernels) {
  llvm::SetVector<Block *> blocks;
  for (KernelOp kernel : kernels)
    blocks.insert(kernel->getBlock());
  // The kernels there before, but those unfused: the others are new.
  llvm::SmallPtrSet<Operation *, 16> before;
  for (Block *block : blocks)
    for (KernelOp kernel : block->getOps<KernelOp>())
      before.insert(kernel);
  // A group unfused the first time keeps the parts that computing ops and
  // the data movement after them fall into; the second time, or when it is
  // one such part, each op is a kernel of its own.
  SmallVector<SmallVector<Operation *>> parts;
  for (KernelOp kernel : kernels) {
    before.erase(kernel);
    Block &body = kernel.getBody().front();
    // A horizontal kernel's sub-kernels are groups of their own again, as
    // fusion made them (not marked unfused).
    SmallVector<Operation *> ops;
    for (Operation &op : body.without_terminator()) {
      if (isa<KernelOp>(op))
        before.insert(&op);
      else if (!op.hasTrait<OpTrait::ConstantLike>())
        ops.push_back(&op);
    }
    if (!kernel->hasAttr(kGpuUnfusedAttrName) && ops.size() > 1) {
      SmallVector<SmallVector<Operation *>> split = splitAtDataMovement(ops);
      if (split.size() > 1)
        for (SmallVector<Operation *> &part : split)
          if (part.size() > 1)
            parts.push_back(std::move(part));
    }
    for (auto [arg, input] :
         llvm::zip(body.getArguments(), kernel.getInputs()))
      arg.replaceAllUsesWith(input);
    Operation *yield = body.getTerminator();
    kernel->replaceAllUsesWith(yield->getOperands());
    yield->erase();
    kernel->getBlock()->getOperations().splice(kernel->getIterator(),
                                               body.getOperations());
    kernel.erase();
  }
  FusionOptions options;
  for (Block *block : blocks) {
    FusionPlanner planner(*block, options);
    for (ArrayRef<Operation *> part : parts) {
      if (part.front()->getBlock() != block)
        continue;
      FusionPlanner::GroupId group = *planner.groupOf(part.front());
      for (Operation *op : part.drop_front()) {
        FusionPlanner::GroupId other = *planner.groupOf(op);
        if (planner.checkMergeLegality(group, other).allowed)
          group = planner.merge(group, other);
      }
    }
    if (failed(planner.outline(/*outlineSingletons=*/true)))
      return failure();
    for (KernelOp kernel : block->getOps<KernelOp>())
      if (!before.contains(kernel))
        kernel->setAttr(kGpuUnfusedAttrName,
                        UnitAttr::get(kernel.getContext()));
  }
  return success();
}

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
