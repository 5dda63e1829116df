//===- FuseHorizontal.cpp - Launch independent kernels together -----------===//
//
// Kernels at the same depth of the block's dependence graph (the longest
// chain of kernels above them) have no path between them, so any set of
// them can share one launch. Within a depth, kernels that share an input or
// an iteration space are packed greedily (first fit) into horizontal
// kernels bounded by the kernel-parameter budget.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
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

namespace {
/// A horizontal launch being packed.
struct Bucket {
  SmallVector<KernelOp> kernels;
  llvm::SetVector<Value> inputs;
  int64_t results = 0;

  int64_t paramBytes() const {
    return 8 * (static_cast<int64_t>(inputs.size()) + results);
  }
};
} // namespace

static bool sharesInputOrSpace(const Bucket &bucket, KernelOp kernel) {
  for (Value input : kernel.getInputs())
    if (bucket.inputs.contains(input))
      return true;
  for (KernelOp other : bucket.kernels)
    for (Type a : other.getResultTypes())
      for (Type b : kernel.getResultTypes())
        if (cast<RankedTensorType>(a).getShape() ==
            cast<RankedTensorType>(b).getShape())
          return true;
  return false;
}

/// Replaces the kernels of `bucket` by one horizontal kernel.
static void outlineHorizontal(Bucket &bucket) {
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
    bool candidate = kernel && kernel.getKind() != FusionKind::horizontal;
    depth[&op] = d + (kernel ? 1 : 0);
    if (candidate)
      byDepth[d].push_back(kernel);
  }

  bool changed = false;
  for (auto &[d, kernels] : byDepth) {
    SmallVector<Bucket> buckets;
    for (KernelOp kernel : kernels) {
      int64_t results = kernel.getNumResults();
      Bucket *fit = nullptr;
      for (Bucket &b : buckets) {
        if (static_cast<int64_t>(b.kernels.size()) >=
                options.maxHorizontalKernels ||
            !sharesInputOrSpace(b, kernel))
          continue;
        llvm::SetVector<Value> inputs = b.inputs;
        inputs.insert(kernel.getInputs().begin(), kernel.getInputs().end());
        if (8 * (static_cast<int64_t>(inputs.size()) + b.results + results) >
            options.maxKernelParamBytes)
          continue;
        fit = &b;
        break;
      }
      if (!fit) {
        buckets.emplace_back();
        fit = &buckets.back();
      }
      fit->kernels.push_back(kernel);
      fit->inputs.insert(kernel.getInputs().begin(), kernel.getInputs().end());
      fit->results += results;
    }
    for (Bucket &b : buckets)
      if (b.kernels.size() > 1) {
        outlineHorizontal(b);
        changed = true;
      }
  }
  if (!changed || sortTopologically(&block))
    return success();
  return block.getParentOp()->emitError(
      "internal error: horizontal groups form a cycle; please report this "
      "program");
}

namespace {
struct MeldFuseHorizontalPass
    : public meld::impl::MeldFuseHorizontalBase<MeldFuseHorizontalPass> {
  using Base::Base;

  void runOnOperation() override {
    FusionOptions options = makeFusionOptions(
        maxGroupOps, maxKernelParamBytes, maxLiveValues, maxPersistentRow,
        dynamicDimEstimate);
    options.maxHorizontalKernels = maxHorizontalKernels;
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
