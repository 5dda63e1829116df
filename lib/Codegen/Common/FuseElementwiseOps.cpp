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
#define GEN_PASS_DEF_MELDFUSESTOREDPRODUCERS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// Whether `op` is a contraction nest (meld::isContractionNest), or one
/// over images and pixels (meld::isImageReduceContraction).
static bool isContraction(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && (meld::isContractionNest(generic) ||
                     meld::isImageReduceContraction(generic));
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
/// multiply-add instead of a register-tiled product; and that nothing
/// fuses into a reader whose map for it is not a projected permutation
/// (a convolution's columns copied from its padded input: each padded
/// element is read once per kernel tap, and fused, its check of the
/// padding would run per column element, in a loop that no longer
/// vectorizes).
static bool mayFuseProducer(OpOperand *fused) {
  if (!isOnlyUse(fused))
    return false;
  auto producer = fused->get().getDefiningOp<linalg::GenericOp>();
  if (auto reader = dyn_cast<linalg::LinalgOp>(fused->getOwner());
      producer && reader &&
      !reader.getMatchingIndexingMap(fused).isProjectedPermutation())
    return false;
  if (!producer || !isContraction(fused->getOwner()))
    return true;
  return !producer.getRegion()
              .walk([](tensor::ExtractOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

/// The contractions `op` computes from: itself, or those whose results it
/// reads through other ops of the kernel.
static SmallVector<linalg::GenericOp> contractionsBehind(Operation *op) {
  SmallVector<linalg::GenericOp> found;
  SmallVector<Operation *> worklist = {op};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Operation *next = worklist.pop_back_val();
    if (!next || !seen.insert(next).second)
      continue;
    if (isContraction(next)) {
      found.push_back(cast<linalg::GenericOp>(next));
      continue;
    }
    for (Value operand : next->getOperands())
      worklist.push_back(operand.getDefiningOp());
  }
  return found;
}

/// Whether `type` has the shape of one of `products`' results.
static bool isProductShape(ArrayRef<linalg::GenericOp> products, Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped && llvm::any_of(products, [&](linalg::GenericOp product) {
           return cast<ShapedType>(product->getResult(0).getType())
                      .getShape() == shaped.getShape();
         });
}

/// Whether a reshape may move through ops computed from contractions
/// (their epilogues) so that `op` ends up with the shape `to`: only when
/// that is the shape of a contraction `op` computes from (one that
/// computes from none moves freely). Reshapes move towards the products'
/// shape and never away from it, so the two directions below never undo
/// each other, and an epilogue ends up on its product's shape, where
/// meld-tile-host-blocks fuses the product into the epilogue's blocks. An
/// expand_shape left between the two kept it out, so every thread computed
/// the whole product: a convolution, whose output drops the batch of one,
/// with its batch norm on `[1, C, H, W]` (a ResNet-50-style CNN took 3.5x
/// as long), or a linear layer's `[1024, 3072]` product with GELU on
/// PyTorch's `[8, 128, 3072]` view of it.
static bool reachesProductShape(Operation *op, Type to) {
  SmallVector<linalg::GenericOp> products = contractionsBehind(op);
  return products.empty() || isProductShape(products, to);
}

/// Whether reshape propagation may fold the reshape at one end of `fused`
/// into the op at the other end, by expanding that op: a
/// `tensor.expand_shape` of a result into the op that produced it (`fused`
/// is the reshape's source), or a collapse producing an operand into the
/// op that reads it (which then reads the collapse's source). Never into a
/// contraction, nor a collapse of a kernel argument into its consumer;
/// through epilogues only towards their product's shape
/// (reachesProductShape).
static bool mayFoldReshape(OpOperand *fused) {
  if (!isOnlyUse(fused))
    return false;
  Operation *producer = fused->get().getDefiningOp();
  Operation *owner = fused->getOwner();
  if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(owner))
    return !isContraction(producer) &&
           reachesProductShape(producer, owner->getResult(0).getType());
  if (isContraction(owner))
    return false;
  auto collapse = dyn_cast_or_null<tensor::CollapseShapeOp>(producer);
  if (!collapse)
    return reachesProductShape(owner, Type());
  return !isa<BlockArgument>(collapse.getSrc()) &&
         reachesProductShape(owner, collapse.getSrc().getType());
}

/// Whether an op reading `fused`, the result of a `tensor.expand_shape`,
/// may take the expand's source instead, its loops collapsed as the
/// expand's dims are (the expand then follows it): only through an
/// epilogue, towards its product's shape (reachesProductShape). A
/// product's epilogue through PyTorch's views (`[1024, 3072]` as
/// `[8, 128, 3072]` and back) then computes on the product's shape, one
/// elementwise op with it, and the views meet and cancel or end at the
/// kernel's result.
static bool mayCollapseIntoReshape(OpOperand *fused) {
  auto expand = fused->get().getDefiningOp<tensor::ExpandShapeOp>();
  Operation *owner = fused->getOwner();
  return expand && !isContraction(owner) &&
         isProductShape(contractionsBehind(owner), expand.getSrc().getType());
}

void meld::populateFuseElementwiseOpsPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  linalg::populateElementwiseOpsFusionPatterns(patterns, mayFuseProducer);
  linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, mayFoldReshape);
  linalg::populateFoldReshapeOpsByCollapsingPatterns(patterns,
                                                     mayCollapseIntoReshape);
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

LogicalResult meld::fuseElementwiseProducer(RewriterBase &rewriter,
                                            OpOperand &operand) {
  Operation *producer = operand.get().getDefiningOp();
  Operation *reader = operand.getOwner();
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, &operand);
  if (failed(fused))
    return failure();
  for (auto [original, replacement] : fused->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  rewriter.eraseOp(reader);
  if (producer->use_empty())
    rewriter.eraseOp(producer);
  return success();
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

//===----------------------------------------------------------------------===//
// meld-fuse-stored-producers
//===----------------------------------------------------------------------===//

/// Whether `op` is a linalg.generic on tensors with parallel loops only.
static bool isParallelGeneric(Operation *op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op);
  return generic && generic.hasPureTensorSemantics() &&
         generic.getNumParallelLoops() == generic.getNumLoops();
}

/// Whether the producer of `fused` is elementwise and, besides `fused`,
/// only stored after its reader: each other use is the source of a
/// `tensor.insert_slice` (a row tile's result, into the loop's output) or
/// of a `bufferization.materialize_in_destination` (a kernel result), in
/// the reader's block after it.
static bool isStoredElementwiseInput(OpOperand *fused) {
  Operation *producer = fused->get().getDefiningOp();
  if (!isParallelGeneric(producer) || !isParallelGeneric(fused->getOwner()) ||
      producer->hasOneUse())
    return false;
  Operation *consumer = fused->getOwner();
  return llvm::all_of(producer->getUses(), [&](OpOperand &use) {
    if (&use == fused)
      return true;
    // The fused op takes the reader's place: a store before it (a
    // concatenation's insert of the producer, read again afterwards) would
    // use the fused result before it is defined.
    Operation *user = use.getOwner();
    if (user->getBlock() != consumer->getBlock() ||
        !consumer->isBeforeInBlock(user))
      return false;
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(user))
      return use.get() == insert.getSource();
    if (auto store = dyn_cast<bufferization::MaterializeInDestinationOp>(user))
      return use.get() == store.getSource();
    return false;
  });
}

namespace {
/// Fuses a stored elementwise producer into its elementwise reader
/// (isStoredElementwiseInput); the fused op yields the producer's result
/// too, for its stores. Upstream's pattern computes such a producer twice
/// and keeps the original for its other uses.
struct FuseStoredProducer : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : consumer->getOpOperands()) {
      if (!isStoredElementwiseInput(&operand) ||
          !linalg::areElementwiseOpsFusable(&operand))
        continue;
      if (failed(meld::fuseElementwiseProducer(rewriter, operand)))
        return rewriter.notifyMatchFailure(consumer, "fusion failed");
      return success();
    }
    return failure();
  }
};

struct MeldFuseStoredProducersPass
    : public meld::impl::MeldFuseStoredProducersBase<
          MeldFuseStoredProducersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<FuseStoredProducer>(&getContext());
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};
} // namespace
