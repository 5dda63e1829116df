//===- CostModel.cpp - Estimated memory traffic and launches --------------===//
//
// The one place where Meld estimates what a kernel costs: the global-memory
// bytes it reads and writes, and one launch per kernel. Every fusion
// decision and the fusion report use these numbers.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace meld;

int64_t meld::estimateElements(Type type, int64_t dynamicDimEstimate) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 0;
  SmallVector<int64_t> shape;
  for (int64_t d : tensor.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? dynamicDimEstimate : d);
  return ref::numElements(shape); // Saturating.
}

int64_t meld::estimateBytes(Type type, int64_t dynamicDimEstimate) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return 0;
  int64_t elements = estimateElements(type, dynamicDimEstimate);
  // i1 is stored as one byte per element.
  int64_t bytes = std::max<int64_t>(1, tensor.getElementTypeBitWidth() / 8);
  if (elements > std::numeric_limits<int64_t>::max() / bytes / 1024)
    return std::numeric_limits<int64_t>::max() / 1024; // Sums stay finite.
  return elements * bytes;
}

bool meld::isComputeOp(Operation *op) {
  return isa_and_nonnull<MeldDialect>(op->getDialect()) &&
         !isa<ConstantOp, DimOp, IfOp, WhileOp, YieldOp, KernelOp>(op);
}

StringRef meld::kernelOfItsOwnReason(Operation *op) {
  if (isa<ScatterOp>(op))
    return "a meld.scatter writes at data-dependent positions, in order";
  if (isa<ArgsortOp>(op))
    return "a meld.argsort sorts each row in place, on one thread";
  if (isa<CumulativeOp>(op))
    return "a meld.cumulative carries each row's running value along its "
           "axis";
  if (isa<GroupedMatmulOp>(op))
    return "a meld.grouped_matmul picks each group's matrix at run time";
  return "";
}

bool meld::isEmbeddableConstant(Value value) {
  if (auto constant = value.getDefiningOp<ConstantOp>())
    return isa<SplatElementsAttr>(constant.getValue());
  if (auto constant = value.getDefiningOp<arith::ConstantOp>())
    return constant.getType().isIndex();
  return false;
}

Cost meld::estimateGroupCost(ArrayRef<Operation *> ops,
                             int64_t dynamicDimEstimate) {
  Cost cost;
  cost.launches = 1;
  if (ops.empty())
    return cost;
  Block *block = ops.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 16> members(ops.begin(), ops.end());
  auto inGroup = [&](Operation *op) {
    Operation *ancestor = op ? block->findAncestorOpInBlock(*op) : nullptr;
    return ancestor && members.contains(ancestor);
  };
  llvm::SmallDenseSet<Value, 16> read;
  for (Operation *op : ops) {
    for (Value operand : op->getOperands()) {
      if (inGroup(operand.getDefiningOp()) || isEmbeddableConstant(operand) ||
          !read.insert(operand).second)
        continue;
      cost.bytesRead += estimateBytes(operand.getType(), dynamicDimEstimate);
    }
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !inGroup(user); }))
        cost.bytesWritten +=
            estimateBytes(result.getType(), dynamicDimEstimate);
  }
  return cost;
}

/// Cost of every compute op in `kernel` (recursively) run as its own kernel.
static void addUnfusedCost(Operation *op, int64_t dynamicDimEstimate,
                           Cost &cost) {
  if (auto kernel = dyn_cast<KernelOp>(op)) {
    for (Operation &inner : kernel.getBody().front().without_terminator())
      addUnfusedCost(&inner, dynamicDimEstimate, cost);
    return;
  }
  if (!isComputeOp(op))
    return;
  SmallVector<Operation *> self{op};
  cost += estimateGroupCost(self, dynamicDimEstimate);
}

FunctionCost meld::estimateFunctionCost(func::FuncOp func,
                                        int64_t dynamicDimEstimate) {
  FunctionCost total;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      // Nested kernels of a horizontal kernel are visited by the walk too;
      // count each launch once, at the outermost kernel.
      if (op->getParentOfType<KernelOp>())
        return WalkResult::skip();
      SmallVector<Operation *> self{op};
      Cost c = estimateGroupCost(self, dynamicDimEstimate);
      total.fused += c;
      addUnfusedCost(op, dynamicDimEstimate, total.unfused);
      return WalkResult::skip();
    }
    if (isComputeOp(op)) {
      SmallVector<Operation *> self{op};
      total.fused += estimateGroupCost(self, dynamicDimEstimate);
      addUnfusedCost(op, dynamicDimEstimate, total.unfused);
    }
    return WalkResult::advance();
  });
  return total;
}

void meld::recordUnfusedCost(func::FuncOp func, const FusionOptions &options) {
  if (func->hasAttr(kUnfusedCostAttr))
    return;
  Cost cost = estimateFunctionCost(func, options.dynamicDimEstimate).unfused;
  Builder b(func.getContext());
  func->setAttr(
      kUnfusedCostAttr,
      b.getDictionaryAttr({
          b.getNamedAttr("bytes_read", b.getI64IntegerAttr(cost.bytesRead)),
          b.getNamedAttr("bytes_written",
                         b.getI64IntegerAttr(cost.bytesWritten)),
          b.getNamedAttr("launches", b.getI64IntegerAttr(cost.launches)),
          b.getNamedAttr("dynamic_dim_estimate",
                         b.getI64IntegerAttr(options.dynamicDimEstimate)),
      }));
}

Cost meld::getUnfusedCost(func::FuncOp func, int64_t dynamicDimEstimate) {
  auto dict = func->getAttrOfType<DictionaryAttr>(kUnfusedCostAttr);
  auto get = [&](StringRef name) -> std::optional<int64_t> {
    if (auto attr = dict ? dict.getAs<IntegerAttr>(name) : IntegerAttr())
      return attr.getInt();
    return std::nullopt;
  };
  std::optional<int64_t> read = get("bytes_read"),
                         written = get("bytes_written"),
                         launches = get("launches"),
                         estimate = get("dynamic_dim_estimate");
  // A record made with another estimate for '?' dims does not compare.
  if (read && written && launches && estimate == dynamicDimEstimate)
    return Cost{*read, *written, *launches};
  return estimateFunctionCost(func, dynamicDimEstimate).unfused;
}

double LaunchCosts::estimateNs(int64_t bytes, int64_t blocks) const {
  int64_t used = std::clamp<int64_t>(blocks, 1, threads);
  double bytesPerNs = static_cast<double>(bytesPerUs) / 1000.0 *
                      static_cast<double>(used) / static_cast<double>(threads);
  return static_cast<double>(launchNs) +
         (blocks > 1 ? static_cast<double>(shareNs) : 0.0) +
         static_cast<double>(bytes) / bytesPerNs;
}

int64_t LaunchCosts::blocksFor(int64_t elements) const {
  if (blockElements <= 0)
    return std::max<int64_t>(1, elements);
  return std::max<int64_t>(1, llvm::divideCeil(elements, blockElements));
}

std::string LaunchCosts::str() const {
  return llvm::formatv("launch {0} ns, sharing {1} ns, {2} B/us, {3} "
                       "thread(s), blocks of {4} elements",
                       launchNs, shareNs, bytesPerUs, threads, blockElements)
      .str();
}

LogicalResult meld::verifyFusionOptions(const FusionOptions &options,
                                        Operation *op) {
  auto check = [&](int64_t value, int64_t min, StringRef name) {
    if (value >= min)
      return true;
    op->emitError() << "fusion option " << name << "=" << value
                    << " is out of range; it must be at least " << min;
    return false;
  };
  bool ok = check(options.maxGroupOps, 1, "max-group-ops") &&
            check(options.maxKernelParamBytes, 8, "max-kernel-param-bytes") &&
            check(options.maxLiveValues, 1, "max-live-values") &&
            check(options.maxPersistentRow, 1, "max-persistent-row") &&
            check(options.dynamicDimEstimate, 1, "dynamic-dim-estimate") &&
            check(options.maxPrologueOps, 0, "max-prologue-ops") &&
            check(options.maxHorizontalKernels, 1, "max-horizontal-kernels") &&
            check(options.costs.launchNs, 0, "launch-ns") &&
            check(options.costs.shareNs, 0, "share-ns") &&
            check(options.costs.bytesPerUs, 1, "bytes-per-us") &&
            check(options.costs.threads, 1, "cost-threads") &&
            check(options.costs.blockElements, 0, "block-elements");
  return success(ok);
}
