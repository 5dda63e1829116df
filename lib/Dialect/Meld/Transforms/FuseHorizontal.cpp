//===- FuseHorizontal.cpp - Launch independent kernels together -----------===//
//
// Kernels at the same depth of the block's dependence graph (the longest
// chain of kernels above them) have no path between them, so any set of
// them can share one launch. Within a depth, kernels that share an input or
// an iteration space, and flat pointwise kernels with any other flat
// pointwise kernels (an optimizer step's parameters of many sizes), are packed
// greedily (first fit) into horizontal kernels bounded by the
// kernel-parameter budget.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

#include <map>

namespace meld {
#define GEN_PASS_DEF_MELDFUSEHORIZONTAL
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

bool meld::isFlatPointwiseOp(Operation *op, SmallVectorImpl<int64_t> &shape) {
  auto fits = [&](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return false;
    if (tensor.getRank() == 0)
      return true;
    if (shape.empty())
      shape.assign(tensor.getShape().begin(), tensor.getShape().end());
    return tensor.getShape() == ArrayRef<int64_t>(shape);
  };
  if (op->getNumRegions() != 0 || op->getNumResults() != 1 ||
      !fits(op->getResult(0).getType()))
    return false;
  if (auto bcast = dyn_cast<BroadcastInDimOp>(op))
    return cast<RankedTensorType>(bcast.getOperand().getType()).getRank() ==
               0 &&
           bcast.getDynamicSizes().empty();
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    return dense && dense.isSplat();
  }
  return op->hasTrait<OpTrait::Elementwise>() &&
         llvm::all_of(op->getOperandTypes(), fits);
}

/// Whether `kernel` computes element by element over one static shape (an
/// optimizer step's update of one parameter): isFlatPointwiseOp. Such
/// kernels join any other at their depth: each is a plain loop over its
/// own elements.
static bool isFlatPointwise(KernelOp kernel) {
  if (kernel.getKind() != FusionKind::pointwise)
    return false;
  SmallVector<int64_t> shape;
  for (Operation &op : kernel.getBody().front().without_terminator())
    if (!isFlatPointwiseOp(&op, shape))
      return false;
  return !shape.empty();
}

namespace {
/// A horizontal launch being packed.
struct Bucket {
  SmallVector<KernelOp> kernels;
  llvm::SetVector<Value> inputs;
  int64_t results = 0;
  /// Whether every member is a flat pointwise kernel (isFlatPointwise).
  bool pointwise = true;

  /// Parameter bytes once `kernel` joins.
  int64_t paramBytesWith(KernelOp kernel) const {
    llvm::SmallDenseSet<Value, 8> fresh;
    for (Value input : kernel.getInputs())
      if (!inputs.contains(input))
        fresh.insert(input);
    int64_t params =
        inputs.size() + fresh.size() + results + kernel.getNumResults();
    return 8 * params;
  }

  void add(KernelOp kernel) {
    kernels.push_back(kernel);
    pointwise &= isFlatPointwise(kernel);
    inputs.insert(kernel.getInputs().begin(), kernel.getInputs().end());
    results += kernel.getNumResults();
  }
};
} // namespace

/// Replaces the kernels of `bucket` by one horizontal kernel.
static KernelOp outlineHorizontal(Bucket &bucket) {
  KernelOp last = bucket.kernels.back();
  OpBuilder builder(last);
  SmallVector<Value> outputs;
  for (KernelOp k : bucket.kernels)
    for (Value r : k.getResults())
      if (!r.use_empty())
        outputs.push_back(r);
  Location loc = builder.getFusedLoc(llvm::map_to_vector(
      bucket.kernels, [](KernelOp k) { return k.getLoc(); }));
  auto horizontal =
      KernelOp::create(builder, loc, TypeRange(ValueRange(outputs)),
                       FusionKind::horizontal, bucket.inputs.getArrayRef());
  Block *body = builder.createBlock(&horizontal.getBody());
  IRMapping map;
  for (Value input : bucket.inputs)
    map.map(input, body->addArgument(input.getType(), input.getLoc()));
  for (KernelOp k : bucket.kernels)
    builder.clone(*k, map);
  YieldOp::create(builder, loc, llvm::map_to_vector(outputs, [&](Value v) {
                    return map.lookup(v);
                  }));
  for (auto [output, result] : llvm::zip(outputs, horizontal.getResults()))
    output.replaceAllUsesWith(result);
  for (KernelOp k : llvm::reverse(bucket.kernels))
    k.erase();
  return horizontal;
}

LogicalResult meld::fuseHorizontally(Block &block,
                                     const FusionOptions &options) {
  // Depth of every op: kernels add one, other ops pass depth through.
  llvm::DenseMap<Operation *, int64_t> depth;
  std::map<int64_t, SmallVector<KernelOp>> byDepth;
  for (Operation &op : block) {
    int64_t d = 0;
    op.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp())
          if (Operation *top = block.findAncestorOpInBlock(*def))
            if (top != &op)
              d = std::max(d, depth.lookup(top));
    });
    auto kernel = dyn_cast<KernelOp>(op);
    // The partial stage of a split reduction needs its own grid; a scatter
    // runs its updates in order on one thread of its own kernel.
    bool candidate =
        kernel && kernel.getKind() != FusionKind::horizontal &&
        !kernel->hasAttr(kSplitPartialsAttrName) &&
        !kernel.getBody()
             .walk([](ScatterOp) { return WalkResult::interrupt(); })
             .wasInterrupted();
    depth[&op] = d + (kernel ? 1 : 0);
    if (candidate)
      byDepth[d].push_back(kernel);
  }

  // Sort key of every op: (depth, index in the block). Ordering by it is
  // topological: a consumer is never shallower than its producers, and ties
  // keep the original order. A horizontal kernel takes the key of its first
  // member, which precedes every consumer of every member.
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> key;
  int64_t index = 0;
  for (Operation &op : block)
    key[&op] = {depth.lookup(&op), index++};

  bool changed = false;
  for (auto &[d, kernels] : byDepth) {
    SmallVector<Bucket> buckets;
    // Buckets by the inputs and iteration spaces they hold, so a kernel
    // only looks at buckets it could join.
    llvm::DenseMap<Value, SmallVector<size_t>> byInput;
    llvm::DenseMap<ArrayRef<int64_t>, SmallVector<size_t>> bySpace;
    // Buckets of flat pointwise kernels only: such a kernel may join any
    // of them. Their parts are independent loops over their own elements, so
    // a launch saved costs nothing (and on the host, one body serves all
    // parts of the same computation: Codegen/Host/ForeachKernels.cpp).
    SmallVector<size_t> pointwiseBuckets;
    for (KernelOp kernel : kernels) {
      SmallVector<size_t> candidates;
      bool pointwise = isFlatPointwise(kernel);
      if (pointwise)
        llvm::append_range(candidates, pointwiseBuckets);
      for (Value input : kernel.getInputs())
        llvm::append_range(candidates, byInput.lookup(input));
      for (Type t : kernel.getResultTypes())
        llvm::append_range(
            candidates, bySpace.lookup(cast<RankedTensorType>(t).getShape()));
      llvm::sort(candidates);
      candidates.erase(llvm::unique(candidates), candidates.end());
      std::optional<size_t> fit;
      for (size_t i : candidates) {
        const Bucket &b = buckets[i];
        bool flat = pointwise && b.pointwise;
        int64_t maxKernels = flat && options.maxFlatKernels > 0
                                 ? options.maxFlatKernels
                                 : options.maxHorizontalKernels;
        int64_t maxBytes = flat && options.flatParamBytes > 0
                               ? options.flatParamBytes
                               : options.maxKernelParamBytes;
        if (static_cast<int64_t>(b.kernels.size()) < maxKernels &&
            b.paramBytesWith(kernel) <= maxBytes) {
          fit = i;
          break;
        }
      }
      if (!fit) {
        fit = buckets.size();
        buckets.emplace_back();
        if (pointwise)
          pointwiseBuckets.push_back(*fit);
      }
      buckets[*fit].add(kernel);
      if (!buckets[*fit].pointwise)
        llvm::erase(pointwiseBuckets, *fit);
      for (Value input : kernel.getInputs()) {
        SmallVector<size_t> &list = byInput[input];
        if (list.empty() || list.back() != *fit)
          list.push_back(*fit);
      }
      for (Type t : kernel.getResultTypes()) {
        SmallVector<size_t> &list =
            bySpace[cast<RankedTensorType>(t).getShape()];
        if (list.empty() || list.back() != *fit)
          list.push_back(*fit);
      }
    }
    for (Bucket &b : buckets)
      if (b.kernels.size() > 1) {
        std::pair<int64_t, int64_t> first = key.lookup(b.kernels.front());
        key[outlineHorizontal(b)] = first;
        changed = true;
      }
  }
  if (!changed)
    return success();
  Operation *terminator = &block.back();
  SmallVector<Operation *> order;
  for (Operation &op : block)
    if (&op != terminator)
      order.push_back(&op);
  // Keys are distinct (each holds an index in the block), so the order is
  // total and a plain sort keeps ties as they were.
  llvm::sort(order, [&](Operation *a, Operation *b) {
    return key.lookup(a) < key.lookup(b);
  });
  for (Operation *op : order)
    op->moveBefore(terminator);
  return success();
}

namespace {
struct MeldFuseHorizontalPass
    : public meld::impl::MeldFuseHorizontalBase<MeldFuseHorizontalPass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options =
        makeFusionOptions(maxGroupOps, maxKernelParamBytes, maxLiveValues,
                          maxPersistentRow, dynamicDimEstimate);
    options.maxHorizontalKernels = maxHorizontalKernels;
    options.maxFlatKernels = maxFlatKernels;
    options.flatParamBytes = flatParamBytes;
    if (failed(verifyFusionOptions(options, getOperation())))
      return signalPassFailure();
    recordUnfusedCost(getOperation(), options);
    if (failed(forEachFusionBlock(getOperation(), [&](Block &block) {
          return fuseHorizontally(block, options);
        })))
      signalPassFailure();
  }
};
} // namespace
