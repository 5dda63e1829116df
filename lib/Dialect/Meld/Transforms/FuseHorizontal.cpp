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
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <map>
#include <optional>

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
bool meld::isFlatPointwiseKernel(KernelOp kernel) {
  if (kernel.getKind() == FusionKind::horizontal) {
    Block &body = kernel.getBody().front();
    return llvm::all_of(body.without_terminator(), [](Operation &inner) {
      auto part = dyn_cast<KernelOp>(inner);
      return part && isFlatPointwiseKernel(part);
    });
  }
  if (kernel.getKind() != FusionKind::pointwise)
    return false;
  SmallVector<int64_t> shape;
  for (Operation &op : kernel.getBody().front().without_terminator())
    if (!isFlatPointwiseOp(&op, shape))
      return false;
  return !shape.empty();
}

namespace {
/// Whether `kernel` is a gemm kernel of a matmul (separateContractions;
/// a convolution's keeps sharing: beside it the host computes the
/// transposes of a weight gradient's operands whole, one block, which
/// balances the threads' home ranges).
static bool isMatmulKernel(KernelOp kernel) {
  if (kernel.getKind() != FusionKind::gemm)
    return false;
  bool matmul = false;
  kernel.getBody().walk([&](Operation *op) {
    matmul |= isa<MatmulOp, BatchMatmulOp>(op);
  });
  return matmul;
}

/// A horizontal launch being packed.
struct Bucket {
  SmallVector<KernelOp> kernels;
  llvm::SetVector<Value> inputs;
  /// The shapes of the members' results (their iteration spaces).
  llvm::SmallDenseSet<ArrayRef<int64_t>, 4> spaces;
  int64_t results = 0;
  /// Whether every member is a flat pointwise kernel (isFlatPointwise).
  bool pointwise = true;
  /// Whether its last member is a gemm kernel: all are, or none, under
  /// FusionOptions::separateContractions (unset while empty).
  std::optional<bool> gemms;

  /// A bucket of the kernels of `kernel` (its parts when it is horizontal).
  static Bucket of(KernelOp kernel) {
    Bucket bucket;
    if (kernel.getKind() != FusionKind::horizontal) {
      bucket.add(kernel);
      return bucket;
    }
    for (Operation &part : kernel.getBody().front().without_terminator())
      bucket.add(cast<KernelOp>(part));
    return bucket;
  }

  /// Whether `kernel` may join by the packing's policy (limits aside): it
  /// shares an input or an iteration space with a member, or it and every
  /// member are flat pointwise. fuseHorizontally finds these buckets
  /// through its indexes (byInput, bySpace, pointwiseBuckets).
  bool invites(KernelOp kernel) const {
    if (pointwise && isFlatPointwiseKernel(kernel))
      return true;
    return llvm::any_of(kernel.getInputs(),
                        [&](Value v) { return inputs.contains(v); }) ||
           llvm::any_of(kernel.getResultTypes(), [&](Type t) {
             return spaces.contains(cast<RankedTensorType>(t).getShape());
           });
  }

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

  /// Whether `kernel` keeps the bucket's kind (separateContractions).
  bool keepsKind(KernelOp kernel) const {
    return !gemms || *gemms == isMatmulKernel(kernel);
  }

  void add(KernelOp kernel) {
    kernels.push_back(kernel);
    gemms = isMatmulKernel(kernel);
    pointwise &= isFlatPointwiseKernel(kernel);
    inputs.insert(kernel.getInputs().begin(), kernel.getInputs().end());
    for (Type t : kernel.getResultTypes())
      spaces.insert(cast<RankedTensorType>(t).getShape());
    results += kernel.getNumResults();
  }
};
} // namespace

/// Estimated blocks of `kernel` (its parts' when it is horizontal: each
/// part takes at least one).
static int64_t estimateBlocks(KernelOp kernel, const FusionOptions &options) {
  if (kernel.getKind() == FusionKind::horizontal) {
    int64_t blocks = 0;
    for (Operation &part : kernel.getBody().front().without_terminator())
      blocks += estimateBlocks(cast<KernelOp>(part), options);
    return blocks;
  }
  int64_t elements = 1;
  for (Type t : kernel.getResultTypes())
    elements =
        std::max(elements, estimateElements(t, options.dynamicDimEstimate));
  return options.costs.blocksFor(elements);
}

HorizontalEstimate meld::estimateHorizontalJoin(ArrayRef<KernelOp> kernels,
                                                const FusionOptions &options) {
  HorizontalEstimate estimate;
  int64_t blocks = 0;
  SmallVector<Operation *> ops;
  for (KernelOp kernel : kernels) {
    int64_t b = estimateBlocks(kernel, options);
    Cost cost = estimateGroupCost({kernel.getOperation()},
                                  options.dynamicDimEstimate);
    estimate.apartNs += options.costs.estimateNs(cost.bytes(), b);
    blocks += b;
    ops.push_back(kernel);
  }
  Cost joined = estimateGroupCost(ops, options.dynamicDimEstimate);
  estimate.joinedNs = options.costs.estimateNs(joined.bytes(), blocks);
  // Whole nanoseconds, as the pass records them for the report.
  estimate.joinedNs = std::round(estimate.joinedNs);
  estimate.apartNs = std::round(estimate.apartNs);
  return estimate;
}

std::string HorizontalEstimate::str() const {
  return llvm::formatv("about {0:F2} us as one launch against {1:F2} us apart",
                       joinedNs / 1000.0, apartNs / 1000.0)
      .str();
}

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

/// Why `kernel` may not share a launch: a split reduction's partial stage
/// needs its own grid; an op of a kernel of its own (kernelOfItsOwnReason)
/// runs alone. Empty when it may.
static StringRef launchOfItsOwn(KernelOp kernel) {
  if (kernel->hasAttr(kSplitPartialsAttrName))
    return "the partial stage of a split reduction needs a grid of its own";
  StringRef reason;
  kernel.getBody().walk([&](Operation *op) {
    reason = kernelOfItsOwnReason(op);
    // A horizontal launch's parts take static block counts; a convolution
    // over a dynamic image is split into blocks of output rows counted at
    // run time (docs/codegen.md). Sharing a launch, a ResNet's 1x1
    // convolution and its strided shortcut over a dynamic 14 x 14 image
    // ran 22.8 ms, apart 4.0 (2.6 over a static image; AMD EPYC Zen 4, 2
    // threads).
    if (auto conv = dyn_cast<ConvOp>(op);
        reason.empty() && conv &&
        llvm::any_of(conv.getType().getShape().drop_front(2),
                     ShapedType::isDynamic))
      reason = "a convolution over dynamic spatial dims runs in blocks of "
               "output rows counted at run time";
    return reason.empty() ? WalkResult::advance() : WalkResult::interrupt();
  });
  return reason;
}

/// The depth of every op of `block` in its dependence graph (kernels add
/// one, other ops pass depth through), and the kernels at each depth that
/// are not horizontal already (`withHorizontal`: those too) and may share
/// a launch.
static void kernelsByDepth(Block &block, bool withHorizontal,
                           llvm::DenseMap<Operation *, int64_t> &depth,
                           std::map<int64_t, SmallVector<KernelOp>> &byDepth) {
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
    depth[&op] = d + (kernel ? 1 : 0);
    if (kernel && launchOfItsOwn(kernel).empty() &&
        (withHorizontal || kernel.getKind() != FusionKind::horizontal))
      byDepth[d].push_back(kernel);
  }
}

/// The most kernels and parameter bytes of a launch that `flat` kernels
/// (all flat pointwise) share.
static std::pair<int64_t, int64_t> launchLimits(const FusionOptions &options,
                                                bool flat) {
  return {flat && options.maxFlatKernels > 0 ? options.maxFlatKernels
                                             : options.maxHorizontalKernels,
          flat && options.flatParamBytes > 0 ? options.flatParamBytes
                                             : options.maxKernelParamBytes};
}

/// Packs `kernels` (independent, of one depth) first fit into buckets
/// within the launch limits.
static SmallVector<Bucket> packDepth(ArrayRef<KernelOp> kernels,
                                     const FusionOptions &options) {
  SmallVector<Bucket> buckets;
  // Buckets by the inputs and iteration spaces they hold, so a kernel
  // only looks at buckets it could join.
  llvm::DenseMap<Value, SmallVector<size_t>> byInput;
  llvm::DenseMap<ArrayRef<int64_t>, SmallVector<size_t>> bySpace;
  // Buckets of flat pointwise kernels only: such a kernel may join any
  // of them. Their parts are independent loops over their own elements, so
  // they lose nothing by sharing a launch (and on the host, one body serves
  // all parts of the same computation: Codegen/Host/ForeachKernels.cpp);
  // whether the launch saved pays is the time model's question.
  SmallVector<size_t> pointwiseBuckets;
  for (KernelOp kernel : kernels) {
    SmallVector<size_t> candidates;
    bool pointwise = isFlatPointwiseKernel(kernel);
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
      auto [maxKernels, maxBytes] =
          launchLimits(options, pointwise && b.pointwise);
      if (static_cast<int64_t>(b.kernels.size()) < maxKernels &&
          b.paramBytesWith(kernel) <= maxBytes &&
          (!options.separateContractions || b.keepsKind(kernel))) {
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
  return buckets;
}

LogicalResult meld::fuseHorizontally(Block &block,
                                     const FusionOptions &options) {
  llvm::DenseMap<Operation *, int64_t> depth;
  std::map<int64_t, SmallVector<KernelOp>> byDepth;
  kernelsByDepth(block, /*withHorizontal=*/false, depth, byDepth);

  // Sort key of every op: (depth, index in the block). Ordering by it is
  // topological: a consumer is never shallower than its producers, and ties
  // keep the original order. A horizontal kernel takes the key of its first
  // member, which precedes every consumer of every member.
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> key;
  int64_t index = 0;
  for (Operation &op : block)
    key[&op] = {depth.lookup(&op), index++};

  bool changed = false;
  SmallVector<Attribute> decisions;
  // One decision's record: its kernels, the estimate, whether they joined.
  auto recordDecision = [&](ArrayRef<KernelOp> members,
                            const HorizontalEstimate &estimate, int64_t d) {
    Builder b(block.getParentOp()->getContext());
    auto ns = [&](double value) {
      return b.getI64IntegerAttr(static_cast<int64_t>(value));
    };
    return b.getDictionaryAttr({
        b.getNamedAttr("kernels", b.getI64IntegerAttr(members.size())),
        b.getNamedAttr("depth", b.getI64IntegerAttr(d)),
        b.getNamedAttr("joined_ns", ns(estimate.joinedNs)),
        b.getNamedAttr("apart_ns", ns(estimate.apartNs)),
        b.getNamedAttr("joined", b.getBoolAttr(estimate.pays())),
    });
  };
  for (auto &[d, kernels] : byDepth) {
    SmallVector<Bucket> buckets = packDepth(kernels, options);
    for (Bucket &b : buckets) {
      if (b.kernels.size() < 2)
        continue;
      HorizontalEstimate estimate = estimateHorizontalJoin(b.kernels, options);
      decisions.push_back(recordDecision(b.kernels, estimate, d));
      if (!estimate.pays())
        continue;
      std::pair<int64_t, int64_t> first = key.lookup(b.kernels.front());
      key[outlineHorizontal(b)] = first;
      changed = true;
    }
  }
  // For the fusion report: on the function, after its other blocks'.
  auto func = block.getParentOp()->getParentOfType<func::FuncOp>();
  if (auto self = dyn_cast<func::FuncOp>(block.getParentOp()))
    func = self;
  if (func && !decisions.empty()) {
    SmallVector<Attribute> all;
    if (auto old = func->getAttrOfType<ArrayAttr>(kHorizontalLaunchesAttrName))
      llvm::append_range(all, old.getValue());
    llvm::append_range(all, decisions);
    func->setAttr(kHorizontalLaunchesAttrName,
                  ArrayAttr::get(func.getContext(), all));
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

std::string meld::describeHorizontalJoin(KernelOp kernel) {
  Block &body = kernel.getBody().front();
  int64_t parts = body.getOperations().size() - 1;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << parts << " kernels, ";
  if (isFlatPointwiseKernel(kernel))
    os << "all flat pointwise (independent loops over their own elements: "
          "any of them join)";
  else
    os << "sharing an input or an iteration space";
  return text;
}

void meld::explainHorizontalPacking(Block &block,
                                    const FusionOptions &options) {
  llvm::DenseMap<Operation *, int64_t> depth;
  std::map<int64_t, SmallVector<KernelOp>> byDepth;
  kernelsByDepth(block, /*withHorizontal=*/true, depth, byDepth);
  // The packing of each depth's non-horizontal kernels, made when first
  // asked for.
  std::map<int64_t, SmallVector<Bucket>> packedByDepth;
  for (Operation &op : block) {
    auto kernel = dyn_cast<KernelOp>(op);
    if (!kernel)
      continue;
    if (kernel.getKind() == FusionKind::horizontal) {
      Bucket parts = Bucket::of(kernel);
      kernel.emitRemark() << "launched horizontally: "
                          << describeHorizontalJoin(kernel) << "; "
                          << estimateHorizontalJoin(parts.kernels, options)
                                 .str()
                          << " (" << options.costs.str() << ")";
      continue;
    }
    if (StringRef reason = launchOfItsOwn(kernel); !reason.empty()) {
      kernel.emitRemark() << "launched alone: " << reason;
      continue;
    }
    int64_t d = depth.lookup(kernel) - 1;
    SmallVector<KernelOp> others;
    for (KernelOp other : byDepth[d])
      if (other != kernel)
        others.push_back(other);
    // Alone at its depth (the longest chain of kernels above it), where
    // independent kernels are packed: a chain, nothing to say.
    if (others.empty())
      continue;
    InFlightDiagnostic remark = kernel.emitRemark();
    remark << "launched alone: ";
    // Packed with others, but one launch did not pay by the time model.
    auto [at, fresh] = packedByDepth.try_emplace(d);
    SmallVector<Bucket> &buckets = at->second;
    if (fresh) {
      SmallVector<KernelOp> packable;
      for (KernelOp k : byDepth[d])
        if (k.getKind() != FusionKind::horizontal)
          packable.push_back(k);
      buckets = packDepth(packable, options);
    }
    auto packed = llvm::find_if(buckets, [&](const Bucket &b) {
      return llvm::is_contained(b.kernels, kernel);
    });
    if (packed != buckets.end() && packed->kernels.size() > 1) {
      remark << "it and " << packed->kernels.size() - 1
             << " other kernel(s) at its depth would take "
             << estimateHorizontalJoin(packed->kernels, options).str()
             << " by the target's launch costs (" << options.costs.str()
             << ")";
      continue;
    }
    // The launches it could have joined, by the packing's own policy.
    bool flat = isFlatPointwiseKernel(kernel);
    std::optional<Bucket> could;
    KernelOp other;
    for (KernelOp candidate : others) {
      Bucket bucket = Bucket::of(candidate);
      if (bucket.invites(kernel)) {
        could = std::move(bucket);
        other = candidate;
        break;
      }
    }
    if (!could) {
      remark << "it shares no input and no iteration space with the "
             << others.size() << " other kernel(s) at its depth";
      if (!flat)
        remark << ", and only flat pointwise kernels join any other";
      continue;
    }
    int64_t members = could->kernels.size();
    int64_t bytes = could->paramBytesWith(kernel);
    auto [maxKernels, maxBytes] =
        launchLimits(options, flat && could->pointwise);
    remark << "the launch it could share (" << members << " kernel(s)) ";
    if (members + 1 > maxKernels)
      remark << "holds the most kernels a launch may (" << maxKernels << ")";
    else if (bytes > maxBytes)
      remark << "would take " << bytes
             << " bytes of kernel parameters, over the budget of " << maxBytes;
    else if (options.separateContractions && !could->keepsKind(kernel))
      remark << "is of " << (isMatmulKernel(kernel) ? "non-" : "")
             << "matmul kernels, and a matmul's gemm kernels share launches "
                "only with others here (separate-contractions)";
    else
      remark << "was packed before it reached that launch (first fit)";
    remark.attachNote(other.getLoc()) << "that launch is here";
  }
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
    options.costs = {launchNs, shareNs, bytesPerUs, costThreads, blockElements};
    options.separateContractions = separateContractions;
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
