//===- FuseElementwiseOps.cpp - Elementwise fusion for host kernels -------===//
//
// meld-fuse-elementwise-ops: the patterns of upstream's
// linalg-fuse-elementwise-ops, with a control function that keeps reshape
// propagation off contractions and off the views of kernel arguments (see
// Passes.td). Upstream's pass takes no control function. Also
// eraseDeadCheckedOps, which meld-tile-host-blocks and the GPU's
// meld-fuse-elementwise-recompute use too.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace meld {
#define GEN_PASS_DEF_MELDFUSEELEMENTWISEOPS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// Whether `op` is a contraction nest (meld::isContractionNest).
static bool isContraction(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && meld::isContractionNest(generic);
}

/// Upstream's default: a producer fuses when `fused` is its only use.
static bool isOnlyUse(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  return producer && producer->hasOneUse();
}

/// Whether the producer of `fused` fuses into its reader: its only use,
/// except that a gather (a body that reads a tensor at computed indices,
/// such as a convolution's columns) stays out of a contraction, whose
/// inner loop it would turn into index arithmetic and a load per
/// multiply-add instead of a register-tiled product.
static bool mayFuseProducer(OpOperand *fused) {
  if (!isOnlyUse(fused))
    return false;
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || !isContraction(fused->getOwner()))
    return true;
  return !producer.getRegion()
              .walk([](tensor::ExtractOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

/// Whether `op` computes from a contraction's result: the contraction
/// itself, or an op reading one through other ops of the kernel.
static bool computesFromContraction(Operation *op) {
  SmallVector<Operation *> worklist = {op};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Operation *next = worklist.pop_back_val();
    if (!next || !seen.insert(next).second)
      continue;
    if (isContraction(next))
      return true;
    for (Value operand : next->getOperands())
      worklist.push_back(operand.getDefiningOp());
  }
  return false;
}

/// Whether reshape propagation may fold the reshape at one end of `fused`
/// into the op at the other end: a `tensor.expand_shape` of a result into
/// the op that produced it (`fused` is the reshape's source), or a
/// reshape producing an operand into the op that reads it. A result's
/// reshape stays below whatever computes from a contraction: moved up the
/// epilogue it reaches the contraction, and stands between the two, where
/// meld-tile-host-blocks cannot fuse the contraction into the epilogue's
/// blocks, so every thread computed the whole of it (a convolution with
/// its batch norm, once batch norm's per-channel views fused as its
/// epilogue: a ResNet-50-style CNN took 3.5x as long).
static bool mayFoldReshape(OpOperand *fused) {
  if (!isOnlyUse(fused))
    return false;
  Operation *producer = fused->get().getDefiningOp();
  Operation *owner = fused->getOwner();
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(owner))
    return !computesFromContraction(producer);
  if (isContraction(owner))
    return false;
  if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(producer))
    return !isa<BlockArgument>(collapse.getSrc());
  return true;
}

void meld::populateFuseElementwiseOpsPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  linalg::populateElementwiseOpsFusionPatterns(patterns, mayFuseProducer);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, mayFoldReshape);
  tensor::populateBubbleUpExpandShapePatterns(patterns);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
  linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
  context->getLoadedDialect<linalg::LinalgDialect>()
      ->getCanonicalizationPatterns(patterns);
  linalg::populateConstantFoldLinalgOperations(patterns, isOnlyUse);
}

/// Whether everything `op` does besides computing its results is checking
/// (cf.assert).
static bool hasOnlyCheckEffects(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics())
    return false;
  WalkResult result = op.getRegion().walk([](Operation *inner) {
    if (isa<cf::AssertOp>(inner) ||
        inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    return effects && effects.hasNoEffect() ? WalkResult::advance()
                                            : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

void meld::eraseDeadCheckedOps(Operation *root) {
  // Post-order, so a producer whose last user goes is visited after it.
  SmallVector<linalg::GenericOp> ops;
  root->walk([&](linalg::GenericOp op) { ops.push_back(op); });
  for (linalg::GenericOp op : llvm::reverse(ops))
    if (op->use_empty() && hasOnlyCheckEffects(op))
      op->erase();
}

namespace {

struct MeldFuseElementwiseOpsPass
    : public meld::impl::MeldFuseElementwiseOpsBase<
          MeldFuseElementwiseOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    meld::populateFuseElementwiseOpsPatterns(patterns);
    // As upstream's pass: top-down for compile time, and a rewrite that did
    // not converge is still valid.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
    meld::eraseDeadCheckedOps(getOperation());
  }
};

} // namespace
