//===- FusionPlanner.cpp - Fusion groups, policies and outlining ----------===//
//
// FusionPlanner keeps candidate groups over the top-level ops of one block in
// a union-find, plus a list of the groups in a topological order of the group
// graph. Merging groups A (earlier) and B creates a cycle exactly when a group
// between them depends on A and B depends on that group, so the check only
// searches the groups between the two; after a merge the smaller side of what
// it found moves around the merged group to keep the order topological.
// Merges along chains touch neighbours only. Outlining turns each final group
// into one meld.kernel and lays the block out in the list's order.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace meld;

using GroupId = FusionPlanner::GroupId;

/// End of the group list.
static constexpr GroupId kNone = ~0u;

//===----------------------------------------------------------------------===//
// Op classification
//===----------------------------------------------------------------------===//

/// Ops a pointwise kernel can hold: elementwise math and index remappings.
static bool isPointwiseOp(Operation *op) {
  return isComputeOp(op) &&
         !isa<ReduceOp, MatmulOp, BatchMatmulOp, ConvOp>(op);
}

/// Number of compute ops a node stands for.
static int64_t opCount(Operation *node) {
  if (auto kernel = dyn_cast<KernelOp>(node))
    return kernel.getBody().front().getOperations().size() - 1;
  return 1;
}

static bool isNode(Operation *op) {
  if (auto kernel = dyn_cast<KernelOp>(op))
    return kernel.getKind() != FusionKind::horizontal;
  return isComputeOp(op);
}

/// Calls `fn` on every op a node stands for.
static void forEachOpIn(Operation *node, function_ref<void(Operation *)> fn) {
  if (auto kernel = dyn_cast<KernelOp>(node)) {
    for (Operation &op : kernel.getBody().front().without_terminator())
      fn(&op);
    return;
  }
  fn(node);
}

/// Whether one of the ops `nodes` stand for is an `OpTs`.
template <typename... OpTs>
static bool holdsOp(ArrayRef<Operation *> nodes) {
  bool found = false;
  for (Operation *node : nodes)
    forEachOpIn(node, [&](Operation *op) { found |= isa<OpTs...>(op); });
  return found;
}

/// The value `v` stands for outside its kernel: a kernel body's argument
/// is the kernel's input; any other value is itself.
static Value kernelOperand(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    if (auto kernel = dyn_cast<KernelOp>(arg.getOwner()->getParentOp()))
      return kernel.getInputs()[arg.getArgNumber()];
  return v;
}

/// A gather in `nodes` whose operand (the tensor it reads at data-dependent
/// positions) is computed in `nodes` too, or null. A kernel computes its
/// values block by block, so the rows a gather picks may not exist yet
/// where it reads them: the operand must come from outside the kernel.
/// (Its indices are read at the gather's own positions and fuse freely.)
static Operation *findGatherOfInnerValue(ArrayRef<Operation *> nodes) {
  llvm::SmallPtrSet<Operation *, 32> inside;
  SmallVector<GatherOp> gathers;
  for (Operation *node : nodes) {
    inside.insert(node);
    forEachOpIn(node, [&](Operation *op) {
      inside.insert(op);
      if (auto gather = dyn_cast<GatherOp>(op))
        gathers.push_back(gather);
    });
  }
  for (GatherOp gather : gathers) {
    // Inside a kernel, the operand may come in through its body.
    Operation *def = kernelOperand(gather.getOperand()).getDefiningOp();
    if (def && inside.contains(def) && !isa<ConstantOp>(def))
      return gather;
  }
  return nullptr;
}

static std::string shapeString(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << type;
  return s;
}

//===----------------------------------------------------------------------===//
// FusionPlanner: groups
//===----------------------------------------------------------------------===//

/// Gap between neighbouring order keys, so groups can move without
/// renumbering the whole list.
static constexpr int64_t kKeyGap = 1 << 16;

FusionPlanner::FusionPlanner(Block &block, const FusionOptions &options)
    : block(block), options(options) {
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    GroupId id = ops.size();
    ops.push_back(&op);
    opIds[&op] = id;
    mergeable.push_back(isNode(&op));
    parent.push_back(id);
    groupMembers.push_back({&op});
    bool reduce = false, contract = false;
    forEachOpIn(&op, [&](Operation *inner) {
      reduce |= isa<ReduceOp>(inner);
      contract |= isa<MatmulOp, BatchMatmulOp, ConvOp>(inner);
    });
    groupHasReduction.push_back(reduce);
    groupHasContraction.push_back(contract);
    groupOps.push_back(opCount(&op));
    orderKey.push_back(static_cast<int64_t>(id) * kKeyGap);
    prev.push_back(id == 0 ? kNone : id - 1);
    next.push_back(id + 1);
  }
  if (ops.empty())
    head = kNone;
  else
    next.back() = kNone;
}

GroupId FusionPlanner::find(GroupId id) const {
  while (parent[id] != id) {
    parent[id] = parent[parent[id]];
    id = parent[id];
  }
  return id;
}

std::optional<GroupId> FusionPlanner::groupOf(Operation *op) const {
  auto it = op ? opIds.find(op) : opIds.end();
  if (it == opIds.end() || !mergeable[it->second])
    return std::nullopt;
  return find(it->second);
}

GroupId FusionPlanner::segmentOf(Operation *op) const {
  return find(opIds.find(op)->second);
}

void FusionPlanner::forEachSource(Operation *op,
                                  function_ref<void(GroupId)> fn) const {
  auto visit = [&](Operation *inner) {
    for (Value v : inner->getOperands()) {
      Operation *def = v.getDefiningOp();
      if (!def)
        continue;
      Operation *ancestor = block.findAncestorOpInBlock(*def);
      if (ancestor && ancestor != op)
        fn(segmentOf(ancestor));
    }
  };
  // Kernels are isolated: their operands are everything they read.
  if (isa<KernelOp>(op) || op->getNumRegions() == 0)
    visit(op);
  else
    op->walk(visit);
}

ArrayRef<Operation *> FusionPlanner::members(GroupId group) const {
  return groupMembers[find(group)];
}

bool FusionPlanner::hasReduction(GroupId group) const {
  return groupHasReduction[find(group)];
}

bool FusionPlanner::hasContraction(GroupId group) const {
  return groupHasContraction[find(group)];
}

FusionKind FusionPlanner::kindOf(GroupId group) const {
  if (hasContraction(group))
    return FusionKind::gemm;
  if (hasReduction(group))
    return FusionKind::reduction;
  return FusionKind::pointwise;
}

Operation *FusionPlanner::nodeOf(Operation *user) const {
  return block.findAncestorOpInBlock(*user);
}

SmallVector<GroupId> FusionPlanner::producers(GroupId group) const {
  group = find(group);
  llvm::SetVector<GroupId> result;
  for (Operation *node : members(group))
    forEachSource(node, [&](GroupId g) {
      if (g != group && mergeable[g])
        result.insert(g);
    });
  return result.takeVector();
}

SmallVector<GroupId> FusionPlanner::consumers(GroupId group) const {
  group = find(group);
  llvm::SetVector<GroupId> result;
  forEachUser(group, [&](GroupId g) {
    if (g != group && mergeable[g])
      result.insert(g);
  });
  return result.takeVector();
}

SmallVector<GroupId> FusionPlanner::siblings(GroupId group) const {
  group = find(group);
  llvm::SetVector<GroupId> result;
  for (Operation *node : members(group))
    for (Value operand : node->getOperands()) {
      if (isEmbeddableConstant(operand))
        continue;
      for (Operation *user : operand.getUsers())
        if (Operation *n = nodeOf(user))
          if (std::optional<GroupId> g = groupOf(n); g && *g != group)
            result.insert(*g);
    }
  return result.takeVector();
}

bool FusionPlanner::allUsesIn(GroupId group, GroupId other) const {
  group = find(group);
  other = find(other);
  for (Operation *node : members(group))
    for (Operation *user : node->getUsers()) {
      std::optional<GroupId> g = groupOf(nodeOf(user));
      if (!g || (*g != group && *g != other))
        return false;
    }
  return true;
}

SmallVector<Value> FusionPlanner::outputs(GroupId group) const {
  group = find(group);
  SmallVector<Value> result;
  for (Operation *node : members(group))
    for (Value v : node->getResults())
      if (llvm::any_of(v.getUsers(), [&](Operation *user) {
            return groupOf(nodeOf(user)) != std::optional<GroupId>(group);
          }))
        result.push_back(v);
  return result;
}

SmallVector<Operation *> FusionPlanner::mergedMembers(GroupId a,
                                                      GroupId b) const {
  // Members are kept in block order, so the union is a linear merge.
  ArrayRef<Operation *> x = members(a), y = members(b);
  SmallVector<Operation *> ops(x.size() + y.size());
  std::merge(x.begin(), x.end(), y.begin(), y.end(), ops.begin(),
             [&](Operation *l, Operation *r) {
               return opIds.lookup(l) < opIds.lookup(r);
             });
  return ops;
}

void FusionPlanner::unlink(GroupId g) {
  if (prev[g] != kNone)
    next[prev[g]] = next[g];
  else
    head = next[g];
  if (next[g] != kNone)
    prev[next[g]] = prev[g];
  prev[g] = next[g] = kNone;
}

void FusionPlanner::renumber() {
  int64_t key = 0;
  for (GroupId g = head; g != kNone; g = next[g], key += kKeyGap)
    orderKey[g] = key;
}

void FusionPlanner::insertBefore(GroupId anchor, ArrayRef<GroupId> groups) {
  if (groups.empty())
    return;
  GroupId left = prev[anchor];
  for (GroupId g : groups) {
    prev[g] = left;
    if (left != kNone)
      next[left] = g;
    else
      head = g;
    left = g;
  }
  next[left] = anchor;
  prev[anchor] = left;
  // Spread keys over the gap before the anchor; renumber when it is full.
  int64_t low = prev[groups.front()] == kNone ? orderKey[anchor] - kKeyGap
                                              : orderKey[prev[groups.front()]];
  int64_t step = (orderKey[anchor] - low) / (groups.size() + 1);
  if (step < 1) {
    renumber();
    return;
  }
  for (auto [i, g] : llvm::enumerate(groups))
    orderKey[g] = low + step * static_cast<int64_t>(i + 1);
}

void FusionPlanner::insertAfter(GroupId anchor, ArrayRef<GroupId> groups) {
  if (groups.empty())
    return;
  GroupId right = next[anchor];
  if (right != kNone) {
    insertBefore(right, groups);
    return;
  }
  GroupId left = anchor;
  for (GroupId g : groups) {
    prev[g] = left;
    next[left] = g;
    orderKey[g] = orderKey[left] + kKeyGap;
    left = g;
  }
  next[left] = kNone;
}

void FusionPlanner::replaceInList(GroupId slot, GroupId g) {
  GroupId left = prev[slot], right = next[slot];
  int64_t key = orderKey[slot];
  unlink(slot);
  prev[g] = left;
  next[g] = right;
  if (left != kNone)
    next[left] = g;
  else
    head = g;
  if (right != kNone)
    prev[right] = g;
  orderKey[g] = key;
}

GroupId FusionPlanner::merge(GroupId a, GroupId b) {
  a = find(a);
  b = find(b);
  if (a == b)
    return a;
  GroupId first = orderKey[a] < orderKey[b] ? a : b;
  GroupId second = first == a ? b : a;
  // Either what `second` needs from between the two moves before `first`
  // and the merged group takes `first`'s place, or what depends on `first`
  // from between moves after `second` and the merged group takes `second`'s
  // place, whichever set is smaller. The legality check has ruled out a
  // group in both.
  Between between = searchBetween(first, second);
  assert(!between.cycleThrough && "merging would create a cycle");
  SmallVector<GroupId> movers = std::move(between.groups);
  llvm::sort(movers,
             [&](GroupId x, GroupId y) { return orderKey[x] < orderKey[y]; });
  for (GroupId g : movers)
    unlink(g);
  if (between.forward)
    insertAfter(second, movers);
  else
    insertBefore(first, movers);
  GroupId slot = between.forward ? second : first;

  GroupId root = groupMembers[a].size() >= groupMembers[b].size() ? a : b;
  GroupId other = root == a ? b : a;
  SmallVector<Operation *> merged = mergedMembers(root, other);
  parent[other] = root;
  groupMembers[root].assign(merged.begin(), merged.end());
  groupMembers[other].clear();
  groupHasReduction[root] = groupHasReduction[root] || groupHasReduction[other];
  groupHasContraction[root] =
      groupHasContraction[root] || groupHasContraction[other];
  groupOps[root] += groupOps[other];

  GroupId gone = slot == first ? second : first;
  unlink(gone);
  if (root != slot)
    replaceInList(slot, root);
  return root;
}

//===----------------------------------------------------------------------===//
// FusionPlanner: legality
//===----------------------------------------------------------------------===//

void FusionPlanner::forEachUser(GroupId group,
                                function_ref<void(GroupId)> fn) const {
  for (Operation *op : groupMembers[group])
    for (Operation *user : op->getUsers()) {
      auto it = opIds.find(nodeOf(user));
      if (it != opIds.end())
        fn(find(it->second));
    }
}

FusionPlanner::Between FusionPlanner::searchBetween(GroupId first,
                                                    GroupId second) const {
  Between result;
  SmallVector<GroupId> forwardStack{first}, backwardStack{second};
  SmallVector<GroupId> forwardFound, backwardFound;
  llvm::SmallDenseSet<GroupId, 16> forwardSeen, backwardSeen;
  int64_t low = orderKey[first], high = orderKey[second];
  while (true) {
    if (forwardStack.empty()) {
      result.forward = true;
      result.groups = std::move(forwardFound);
      return result;
    }
    GroupId g = forwardStack.pop_back_val();
    forEachUser(g, [&](GroupId user) {
      if (result.cycleThrough || user == g)
        return;
      if (user == second) {
        if (g != first)
          result.cycleThrough = groupMembers[g].front();
        return;
      }
      if (orderKey[user] > high || !forwardSeen.insert(user).second)
        return;
      if (backwardSeen.contains(user))
        result.cycleThrough = groupMembers[user].front();
      forwardFound.push_back(user);
      forwardStack.push_back(user);
    });
    if (result.cycleThrough)
      return result;

    if (backwardStack.empty()) {
      result.groups = std::move(backwardFound);
      return result;
    }
    g = backwardStack.pop_back_val();
    for (Operation *op : groupMembers[g])
      forEachSource(op, [&](GroupId source) {
        if (result.cycleThrough || source == g)
          return;
        if (source == first) {
          if (g != second)
            result.cycleThrough = groupMembers[g].front();
          return;
        }
        if (orderKey[source] < low || !backwardSeen.insert(source).second)
          return;
        if (forwardSeen.contains(source))
          result.cycleThrough = groupMembers[source].front();
        backwardFound.push_back(source);
        backwardStack.push_back(source);
      });
    if (result.cycleThrough)
      return result;
  }
}

int64_t FusionPlanner::liveValues(ArrayRef<Operation *> ops) const {
  // Values defined in the group live from their definition to their last
  // use inside it (to the end when used outside); inputs from the start.
  llvm::SmallDenseMap<Operation *, int64_t, 32> indexOf;
  for (auto [i, op] : llvm::enumerate(ops))
    indexOf[op] = i;
  llvm::DenseMap<Value, int64_t> lastUse;
  for (auto [i, op] : llvm::enumerate(ops))
    for (Value operand : op->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        lastUse[operand] = i;
  int64_t end = ops.size();
  SmallVector<int64_t> delta(ops.size() + 2, 0);
  for (auto [value, last] : lastUse) {
    auto def = indexOf.find(value.getDefiningOp());
    int64_t start = def == indexOf.end() ? 0 : def->second;
    delta[start] += 1;
    delta[last + 1] -= 1;
  }
  for (auto [i, op] : llvm::enumerate(ops))
    for (Value result : op->getResults())
      if (!lastUse.count(result) ||
          llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !indexOf.count(nodeOf(user));
          })) {
        delta[i] += 1;
        delta[end] -= 1;
      }
  int64_t live = 0, peak = 0;
  for (int64_t d : delta) {
    live += d;
    peak = std::max(peak, live);
  }
  return peak;
}

FusionDecision FusionPlanner::checkMergeLegality(GroupId a, GroupId b) const {
  a = find(a);
  b = find(b);
  int64_t ops = groupOps[a] + groupOps[b];
  if (ops > options.maxGroupOps)
    return FusionDecision::refuse(
        llvm::formatv("limit: the group would hold {0} ops "
                      "(max-group-ops={1})",
                      ops, options.maxGroupOps));

  SmallVector<Operation *> merged = mergedMembers(a, b);
  StringRef ownKernel;
  for (Operation *node : merged)
    forEachOpIn(node, [&](Operation *op) {
      if (ownKernel.empty())
        ownKernel = kernelOfItsOwnReason(op);
    });
  if (!ownKernel.empty())
    return FusionDecision::refuse(
        llvm::formatv("kinds: {0}: it is a kernel of its own", ownKernel));
  if (findGatherOfInnerValue(merged))
    return FusionDecision::refuse(
        "incompatible iteration space: a meld.gather would read, at "
        "data-dependent positions, a tensor the kernel computes block by "
        "block");
  // Upper bounds first: every parameter and every live value is an operand
  // or a result of some op, so small groups skip the exact counts.
  int64_t bound = 0;
  for (Operation *op : merged)
    bound += op->getNumOperands() + op->getNumResults();
  if (8 * bound > options.maxKernelParamBytes) {
    // One pointer per distinct buffer read or written, one slot per index.
    llvm::SmallDenseSet<Value, 16> params;
    llvm::SmallPtrSet<Operation *, 32> set(merged.begin(), merged.end());
    for (Operation *op : merged) {
      for (Value operand : op->getOperands()) {
        Operation *def = operand.getDefiningOp();
        if ((!def || !set.contains(def)) && !isEmbeddableConstant(operand))
          params.insert(operand);
      }
      for (Value result : op->getResults())
        if (llvm::any_of(result.getUsers(), [&](Operation *user) {
              return !set.contains(nodeOf(user));
            }))
          params.insert(result);
    }
    int64_t paramBytes = 8 * static_cast<int64_t>(params.size());
    if (paramBytes > options.maxKernelParamBytes)
      return FusionDecision::refuse(
          llvm::formatv("limit: the kernel would take {0} parameter bytes "
                        "(max-kernel-param-bytes={1})",
                        paramBytes, options.maxKernelParamBytes));
  }
  if (bound > options.maxLiveValues) {
    int64_t live = liveValues(merged);
    if (live > options.maxLiveValues)
      return FusionDecision::refuse(llvm::formatv(
          "limit: {0} tensor values would be live at once inside the kernel "
          "(max-live-values={1})",
          live, options.maxLiveValues));
  }
  // Last, as the most expensive check.
  GroupId first = orderKey[a] < orderKey[b] ? a : b;
  Operation *through = searchBetween(first, first == a ? b : a).cycleThrough;
  if (through)
    return FusionDecision::refuse(
        "cycle: a path between the groups runs through '" +
            through->getName().getStringRef().str() + "' outside both",
        /*retry=*/true);
  return FusionDecision::allow();
}

//===----------------------------------------------------------------------===//
// Policies
//===----------------------------------------------------------------------===//

/// The rows a reduction works on: its operand type and reduced dims.
namespace {
struct RowSignature {
  RankedTensorType operand;
  SmallVector<int64_t> dims;

  bool operator==(const RowSignature &o) const {
    return operand == o.operand && dims == o.dims;
  }
  /// Shape of one reduced result without and with kept dims.
  SmallVector<int64_t> reducedShape(bool keepDims) const {
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < operand.getRank(); ++d) {
      if (!llvm::is_contained(dims, d))
        shape.push_back(operand.getDimSize(d));
      else if (keepDims)
        shape.push_back(1);
    }
    return shape;
  }
};
} // namespace

static RowSignature signatureOf(ReduceOp reduce) {
  RowSignature sig{cast<RankedTensorType>(reduce.getOperand().getType()),
                   SmallVector<int64_t>(reduce.getDims())};
  llvm::sort(sig.dims);
  return sig;
}

/// Whether one block can hold a whole row: the reduced dims are the trailing
/// dims and the row is static and small enough. Explains itself when not.
static FusionDecision isPersistentRow(const RowSignature &sig,
                                      const FusionOptions &options) {
  int64_t rank = sig.operand.getRank();
  int64_t k = sig.dims.size();
  for (int64_t i = 0; i < k; ++i)
    if (sig.dims[i] != rank - k + i)
      return FusionDecision::refuse("the reduced dimensions are not the "
                                    "trailing ones");
  int64_t row = 1;
  for (int64_t d : sig.dims) {
    if (sig.operand.isDynamicDim(d))
      return FusionDecision::refuse("the row length is dynamic");
    row *= sig.operand.getDimSize(d);
  }
  if (row > options.maxPersistentRow)
    return FusionDecision::refuse(
        llvm::formatv("rows of {0} elements exceed max-persistent-row={1}", row,
                      options.maxPersistentRow));
  return FusionDecision::allow();
}

/// A reshape that only adds or drops unit dims (PyTorch's views between a
/// linear layer's 2-D product and its 3-D activations, `[197, 3072]` to
/// `[1, 197, 3072]`): every element keeps its place in the product's rows
/// and columns, so it moves nothing across tiles.
static bool isUnitDimReshape(Operation *op) {
  auto reshape = dyn_cast<ReshapeOp>(op);
  if (!reshape)
    return false;
  auto from = dyn_cast<RankedTensorType>(reshape->getOperand(0).getType());
  auto to = dyn_cast<RankedTensorType>(reshape->getResult(0).getType());
  if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape())
    return false;
  auto nonUnit = [](RankedTensorType t) {
    SmallVector<int64_t> dims;
    for (int64_t d : t.getShape())
      if (d != 1)
        dims.push_back(d);
    return dims;
  };
  return nonUnit(from) == nonUnit(to);
}

/// Whether `to` regroups the rows of `from` and keeps its columns: both
/// static, the same last dim and the same number of elements (a linear
/// layer's `[1024, 3072]` product viewed as `[8, 128, 3072]` activations):
/// every element keeps its row-major place, so a product's row tiles are
/// whole rows of either shape.
static bool isRowRegrouping(Type from, Type to) {
  auto a = dyn_cast<RankedTensorType>(from);
  auto b = dyn_cast<RankedTensorType>(to);
  return a && b && a.hasStaticShape() && b.hasStaticShape() && a.getRank() &&
         b.getRank() && a.getShape().back() == b.getShape().back() &&
         a.getNumElements() == b.getNumElements();
}

/// Which reshapes findRemapping counts as moving nothing.
enum class ReshapeViews {
  /// None: every reshape moves elements.
  none,
  /// Those that only add or drop unit dims.
  unitDims,
  /// Those, and those that regroup rows (isRowRegrouping).
  rows,
};

/// Whether `op` is a unit-stride slice of a value that `nodes` read from
/// outside (an argument of a fused kernel, or a result of another group),
/// or of such a slice: each element keeps its index up to a constant
/// offset, and what it is cut from is already in memory, so a reduction's
/// rows read it in place (the interior of a padded input gradient, cropped
/// before a batch norm's backward sums).
static bool isInputCrop(Operation *op, ArrayRef<Operation *> nodes) {
  auto slice = dyn_cast<SliceOp>(op);
  if (!slice || (slice.getStrides() &&
                 llvm::any_of(*slice.getStrides(),
                              [](int64_t s) { return s != 1; })))
    return false;
  Value source = slice.getOperand();
  if (isa<BlockArgument>(source))
    return true;
  Operation *def = source.getDefiningOp();
  return isInputCrop(def, nodes) ||
         llvm::none_of(nodes, [&](Operation *node) {
           return node == def || node->isAncestor(def);
         });
}

/// The fewest pixels per image of a convolution over its whole input that
/// takes its operands' transposes as prologues. Its dot products run
/// along each image's pixels, and over fewer the sums' reductions and the
/// masked tail of each image cost more than the transposes save. Zen 5 VM,
/// 2 threads, warm, transposed operands read in place against transpose
/// kernels plus one product, `[4, C, P]` and `[4, F, P]`: C x F = 16 x 96
/// at 80 x 80 pixels 0.27 against 0.46 ms, 24 x 144 at 40 x 40 0.15 and
/// 0.21, 64 x 384 at 10 x 10 0.07 and 0.09, 96 x 576 at 10 x 10 0.14 both
/// ways, 320 x 1280 at 5 x 5 0.38 against 0.19.
static constexpr int64_t kWholeInputConvMinPixels = 64;

/// Whether `op` transposes the two leading dims of its operand.
static bool swapsLeadingDims(TransposeOp op) {
  ArrayRef<int64_t> perm = op.getPerm();
  return perm.size() >= 3 && perm[0] == 1 && perm[1] == 0 &&
         llvm::equal(perm.drop_front(2),
                     llvm::seq<int64_t>(2, static_cast<int64_t>(perm.size())));
}

/// Whether `producer` transposes an operand of the convolution in
/// `consumer` in one of the forms that host code generation reads in
/// place (`transposed-conv-operands`), the weight gradients that
/// PyTorch's lowering computes with batch and channels swapped:
/// - a convolution over its whole input (ConvOp::coversWholeInput) of at
///   least kWholeInputConvMinPixels pixels per image (a 1x1 convolution's
///   weight gradient), its input or its filter a lone meld.transpose of
///   the two leading dims;
/// - a depthwise convolution's weight gradient
///   (ConvOp::isDepthwiseWeightGradient),
///   its filter such a transpose of the output gradient, its input such a
///   transpose of the input, `[C, N, ...]`, reshaped to `[1, C * N, ...]`.
static bool isConvOperandTranspose(ArrayRef<Operation *> producer,
                                   ArrayRef<Operation *> consumer) {
  SmallVector<Operation *> ops;
  for (Operation *node : producer)
    forEachOpIn(node, [&](Operation *op) { ops.push_back(op); });
  if (producer.size() != 1 || producer[0]->getNumResults() != 1 ||
      ops.empty() || ops.size() > 2)
    return false;
  auto transpose = dyn_cast<TransposeOp>(ops[0]);
  if (!transpose || !swapsLeadingDims(transpose))
    return false;
  // A reshape after it merges its two leading dims behind a unit dim.
  bool merged = ops.size() == 2;
  if (merged) {
    auto reshape = dyn_cast<ReshapeOp>(ops[1]);
    auto from = cast<RankedTensorType>(transpose.getType());
    auto to = reshape ? dyn_cast<RankedTensorType>(reshape.getType()) : nullptr;
    if (!reshape || reshape.getOperand() != transpose.getResult() || !to ||
        !from.hasStaticShape() || !to.hasStaticShape() ||
        to.getRank() != from.getRank() || to.getDimSize(0) != 1 ||
        to.getDimSize(1) != from.getDimSize(0) * from.getDimSize(1) ||
        to.getShape().drop_front(2) != from.getShape().drop_front(2))
      return false;
  }
  Value swapped = producer[0]->getResult(0);
  bool found = false;
  for (Operation *node : consumer)
    forEachOpIn(node, [&](Operation *op) {
      auto conv = dyn_cast<ConvOp>(op);
      if (!conv)
        return;
      bool input = kernelOperand(conv.getInput()) == swapped,
           filter = kernelOperand(conv.getFilter()) == swapped;
      if (conv.isDepthwiseWeightGradient()) {
        found |= merged ? input : filter;
        return;
      }
      if (merged || !conv.coversWholeInput())
        return;
      int64_t pixels = 1;
      for (int64_t size : cast<RankedTensorType>(conv.getInput().getType())
                              .getShape()
                              .drop_front(2))
        pixels *= size;
      found |= pixels >= kWholeInputConvMinPixels && (input || filter);
    });
  return found;
}

/// The first op of `nodes` that moves elements between positions
/// (transpose, reshape, slice, concat, gather), or null. A reduction's rows
/// and a product's tiles are only available where they are computed, so
/// groups fused with them may broadcast and combine elements but not move
/// them; the reshapes of `views` move nothing, and with `crops` neither do
/// crops of inputs (isInputCrop).
static Operation *findRemapping(ArrayRef<Operation *> nodes,
                                ReshapeViews views = ReshapeViews::none,
                                bool crops = false) {
  auto isView = [&](Operation *op) {
    if (views == ReshapeViews::none || !isa<ReshapeOp>(op))
      return false;
    return isUnitDimReshape(op) ||
           (views == ReshapeViews::rows &&
            isRowRegrouping(op->getOperand(0).getType(),
                            op->getResult(0).getType()));
  };
  Operation *found = nullptr;
  for (Operation *node : nodes)
    forEachOpIn(node, [&](Operation *op) {
      if (!found &&
          isa<TransposeOp, ReshapeOp, SliceOp, ConcatOp, GatherOp>(op) &&
          !isView(op) && !(crops && isInputCrop(op, nodes)))
        found = op;
    });
  return found;
}

/// A merge recomputes a costly elementwise op of the producer (a
/// transcendental: tens of instructions an element) this many times more
/// than it computes now at most: beyond, the consumer broadcasts its result
/// (RoPE's cos and sin of the positions, [1, S, D], read by every batch and
/// head) and the op stays in a kernel of its own. At 8, the keys' 8 heads of
/// a Llama-1B layer (grouped-query attention) fused a clone of cos and sin
/// while the queries' 32 read them from memory all the same: its bf16
/// prefill of 128 tokens took 27.8-29.8 ms so, 26.3-26.7 at 4 (Intel Xeon
/// VM, 2 threads, a process each).
static constexpr int64_t kMaxRecomputeFactor = 4;

static bool isCostlyElementwise(Operation *op) {
  return isa<ExpOp, LogOp, TanhOp, SigmoidOp, ErfOp, SiluOp, SinOp, CosOp,
             PowOp, GeluOp>(op);
}

/// A costly elementwise op of `producer` that a merge with `consumer`
/// would compute more than kMaxRecomputeFactor times as often (the
/// consumer's largest value over the op's result), with that factor; or
/// null.
static std::pair<Operation *, int64_t>
recomputedCostlyOp(ArrayRef<Operation *> producer,
                   ArrayRef<Operation *> consumer, int64_t dynamicDimEstimate) {
  int64_t space = 0;
  for (Operation *node : consumer)
    forEachOpIn(node, [&](Operation *op) {
      for (Type t : op->getResultTypes())
        space = std::max(space, estimateElements(t, dynamicDimEstimate));
    });
  for (Operation *node : producer) {
    Operation *found = nullptr;
    int64_t factor = 0;
    forEachOpIn(node, [&](Operation *op) {
      if (found || !isCostlyElementwise(op) || op->getNumResults() != 1)
        return;
      int64_t elements =
          estimateElements(op->getResult(0).getType(), dynamicDimEstimate);
      // One element (a rank-0 bias correction of Adam's, pow(beta, step))
      // is invariant in the consumer's loops, which compute it once.
      if (elements > 1 && space / elements > kMaxRecomputeFactor) {
        found = op;
        factor = space / elements;
      }
    });
    if (found)
      return {found, factor};
  }
  return {nullptr, 0};
}

static bool sameShape(Type a, ArrayRef<int64_t> shape) {
  auto t = dyn_cast<RankedTensorType>(a);
  return t && t.getShape() == shape;
}

/// Whether `space` pads `type` by concatenations of `consumer`: both
/// static, the same leading dim, and `space` longer only along dims that a
/// concatenation in `consumer` joins (an activation padded for the
/// convolution that reads it, whose batch norm's ReLU6 mask is the
/// producer's other output; or, the other way round, a producer that pads
/// beside a consumer of its unpadded values, the mask). The merged
/// kernel's outputs then take row blocks of their own on the host
/// (meld-tile-host-blocks), the ops they share computed in each: the
/// unpadded activation is no longer written and read back.
static bool isPaddedBy(Type type, RankedTensorType space,
                       ArrayRef<Operation *> consumer) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape() || !space.hasStaticShape() ||
      t.getRank() != space.getRank() || t.getRank() == 0 ||
      t.getDimSize(0) != space.getDimSize(0))
    return false;
  llvm::SmallDenseSet<int64_t> joined;
  for (Operation *node : consumer)
    forEachOpIn(node, [&](Operation *op) {
      if (auto concat = dyn_cast<ConcatOp>(op))
        joined.insert(concat.getDim());
    });
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (t.getDimSize(d) != space.getDimSize(d) &&
        (t.getDimSize(d) > space.getDimSize(d) || !joined.contains(d)))
      return false;
  return true;
}

FusionDecision FusionPlanner::canFuse(FusionPass pass, GroupId producer,
                                      GroupId consumer) const {
  producer = find(producer);
  consumer = find(consumer);
  FusionKind pk = kindOf(producer), ck = kindOf(consumer);
  auto kinds = [&](StringRef why) {
    return FusionDecision::refuse(("kinds: a " + stringifyFusionKind(pk) +
                                   " producer and a " +
                                   stringifyFusionKind(ck) + " consumer " + why)
                                      .str());
  };

  switch (pass) {
  case FusionPass::Pointwise: {
    if (pk != FusionKind::pointwise || ck != FusionKind::pointwise)
      return kinds("are not pointwise fusion");
    if (!allUsesIn(producer, consumer)) {
      // The producer's value stays an output: it must have the consumer's
      // iteration space, the shape of the consumer's outputs.
      SmallVector<Value> consumerOutputs = outputs(consumer);
      if (consumerOutputs.empty())
        return FusionDecision::refuse("the consumer has no outputs");
      auto space = cast<RankedTensorType>(consumerOutputs.front().getType());
      for (Value out : outputs(producer))
        if (!sameShape(out.getType(), space.getShape()) &&
            !(options.paddedOutputs &&
              (isPaddedBy(out.getType(), space, members(consumer)) ||
               isPaddedBy(space, cast<RankedTensorType>(out.getType()),
                          members(producer)))))
          return FusionDecision::refuse(
              "incompatible iteration space: the producer's " +
              shapeString(out.getType()) +
              " is also used elsewhere and would be an extra output of a "
              "kernel iterating over " +
              shapeString(space));
    }
    break;
  }
  case FusionPass::Reductions: {
    if (pk == FusionKind::gemm || ck == FusionKind::gemm)
      return kinds("do not fuse: reductions and contractions stay apart");
    if (pk != FusionKind::reduction && ck != FusionKind::reduction)
      return kinds("have no reduction");
    std::optional<RowSignature> sig;
    bool keepDims = false;
    for (GroupId g : {producer, consumer})
      for (Operation *node : members(g)) {
        bool mismatch = false;
        forEachOpIn(node, [&](Operation *op) {
          auto reduce = dyn_cast<ReduceOp>(op);
          if (!reduce)
            return;
          keepDims |= reduce.getKeepDims();
          RowSignature s = signatureOf(reduce);
          if (!sig)
            sig = s;
          else if (!(*sig == s))
            mismatch = true;
        });
        if (mismatch)
          return FusionDecision::refuse(
              "incompatible iteration space: the reductions work on "
              "different rows");
      }
    FusionDecision persistent = isPersistentRow(*sig, options);
    ArrayRef<int64_t> rowShape = sig->operand.getShape();
    SmallVector<int64_t> reduced = sig->reducedShape(false);
    SmallVector<int64_t> kept = sig->reducedShape(true);
    // The values the elementwise side hands on must be whole rows or reduced
    // rows; values inside it are broadcasts computed per element.
    for (GroupId g : {producer, consumer}) {
      if (kindOf(g) != FusionKind::pointwise)
        continue;
      // A prologue may crop its inputs (isInputCrop).
      if (Operation *remap = findRemapping(members(g), ReshapeViews::none,
                                           /*crops=*/g == producer))
        return FusionDecision::refuse(
            "incompatible iteration space: '" +
            remap->getName().getStringRef().str() +
            "' moves elements across rows, which a reduction kernel only "
            "sees one row at a time");
      bool isEpilogue = g == consumer;
      for (Value out : outputs(g)) {
        Type t = out.getType();
        bool inRow = sameShape(t, rowShape);
        bool inReduced = sameShape(t, reduced) || sameShape(t, kept);
        if (!inRow && !inReduced)
          return FusionDecision::refuse(
              "incompatible iteration space: " + shapeString(t) +
              " is neither a row shape nor a reduced shape of the reduction "
              "over " +
              shapeString(sig->operand));
        if (inRow && !inReduced && isEpilogue && !persistent.allowed)
          return FusionDecision::refuse(
              "incompatible iteration space: the epilogue works on whole "
              "rows, which needs a persistent-row reduction, but " +
              persistent.reason);
      }
    }
    // A prologue that reads a contraction's product and is used elsewhere
    // too, before a reduction over other than trailing dims (a
    // convolution's bias before a training batch norm's statistics, whose
    // normalization reads it as well), is left to the contraction's
    // epilogue: in the reduction's kernel it was an extra output of the
    // full shape beside the per-channel statistics, written once more, and
    // a kernel of outputs of several shapes runs as one block on one
    // thread; in the epilogue it is the product's own store.
    int64_t rank = sig->operand.getRank();
    bool trailing = llvm::equal(
        sig->dims, llvm::seq<int64_t>(rank - sig->dims.size(), rank));
    if (pk == FusionKind::pointwise && ck == FusionKind::reduction &&
        !trailing && !allUsesIn(producer, consumer) &&
        outputs(producer).size() == 1)
      for (GroupId p : producers(producer))
        if (kindOf(p) == FusionKind::gemm &&
            canFuse(FusionPass::GemmEpilogue, p, producer).allowed)
          return FusionDecision::refuse(
              "cost: the prologue reads a contraction's product and is "
              "also used elsewhere: it joins the contraction's epilogue, "
              "not the reduction over other than trailing dims (where it "
              "would be an extra output of the full shape)");
    break;
  }
  case FusionPass::GemmEpilogue: {
    if (pk == FusionKind::gemm && ck == FusionKind::pointwise) {
      // Epilogue: elementwise on the product's tiles, and every value it
      // hands on has the product's shape.
      if (Operation *remap = findRemapping(
              members(consumer), options.rowViewEpilogues
                                     ? ReshapeViews::rows
                                     : ReshapeViews::unitDims))
        return FusionDecision::refuse(
            "incompatible iteration space: '" +
            remap->getName().getStringRef().str() +
            "' moves elements of the product across tiles");
      Type product;
      for (Operation *node : members(producer))
        forEachOpIn(node, [&](Operation *op) {
          if (isa<MatmulOp, BatchMatmulOp, ConvOp>(op))
            product = op->getResult(0).getType();
        });
      if (options.maxConvImageBytes > 0 && holdsOp<ConvOp>(members(producer))) {
        // One image: every dimension but the batch. Dynamic spatial dims
        // leave it unbounded.
        auto type = cast<RankedTensorType>(product);
        if (llvm::any_of(type.getShape().drop_front(), ShapedType::isDynamic))
          return FusionDecision::refuse(llvm::formatv(
              "limit: one image of the convolution's output has dynamic "
              "spatial dims, so it may take more than {0} bytes "
              "(max-conv-image-bytes)",
              options.maxConvImageBytes));
        int64_t bytes = llvm::divideCeil(type.getElementTypeBitWidth(), 8);
        for (int64_t d : type.getShape().drop_front())
          bytes *= d;
        if (bytes > options.maxConvImageBytes)
          return FusionDecision::refuse(llvm::formatv(
              "limit: one image of the convolution's output takes {0} bytes "
              "(max-conv-image-bytes={1})",
              bytes, options.maxConvImageBytes));
      }
      auto shape = cast<RankedTensorType>(product).getShape();
      for (Value out : outputs(consumer))
        if (!sameShape(out.getType(), shape) &&
            !(options.rowViewEpilogues &&
              isRowRegrouping(product, out.getType())))
          return FusionDecision::refuse(
              "incompatible iteration space: the epilogue produces " +
              shapeString(out.getType()) + " but the product is " +
              shapeString(product));
      break;
    }
    if (pk == FusionKind::pointwise && ck == FusionKind::gemm) {
      // Prologue: a few elementwise ops feeding only this contraction.
      if (!allUsesIn(producer, consumer))
        return FusionDecision::refuse(
            "cost: the prologue's result is also used elsewhere, so it "
            "would be recomputed for every tile and still written");
      if (holdsOp<ConvOp>(members(consumer))) {
        // (Except transposes that code generation reads in place.)
        if (options.transposedConvOperands &&
            isConvOperandTranspose(members(producer), members(consumer)))
          break;
        return FusionDecision::refuse(
            "cost: a convolution reads each input element once per kernel "
            "tap, so a prologue would be recomputed for every tap");
      }
      int64_t ops = 0;
      bool cheap = true;
      for (Operation *node : members(producer))
        forEachOpIn(node, [&](Operation *op) {
          ++ops;
          cheap &=
              op->hasTrait<OpTrait::Elementwise>() || isa<BroadcastInDimOp>(op);
        });
      if (!cheap)
        return FusionDecision::refuse(
            "kinds: only elementwise prologues fuse into a contraction");
      if (ops > options.maxPrologueOps)
        return FusionDecision::refuse(llvm::formatv(
            "limit: the prologue has {0} ops (max-prologue-ops={1})", ops,
            options.maxPrologueOps));
      break;
    }
    return kinds("are not a contraction with an elementwise epilogue or "
                 "prologue");
  }
  }

  if (pass != FusionPass::GemmEpilogue) {
    auto [costly, factor] = recomputedCostlyOp(
        members(producer), members(consumer), options.dynamicDimEstimate);
    if (costly)
      return FusionDecision::refuse(llvm::formatv(
          "cost: fused, the producer's '{0}' of {1} would be computed {2} "
          "times for each element it computes now, once per element of the "
          "consumer's broadcast of it (at most {3})",
          costly->getName().getStringRef(),
          shapeString(costly->getResult(0).getType()), factor,
          kMaxRecomputeFactor));
  }

  // No byte check here: under the cost model a merge never moves more bytes
  // than the two groups apart (the union reads each outside value once, and
  // a value it writes was written before). The decisions that can add
  // traffic are recomputation (recomputeCheapProducers) and prologues that
  // would be re-read per tile (refused above); those consult the model.
  return checkMergeLegality(producer, consumer);
}

//===----------------------------------------------------------------------===//
// Outlining
//===----------------------------------------------------------------------===//

/// Builds one meld.kernel from `members` (top-level ops of one block, in
/// order), flattening member kernels; returns the new kernel.
static KernelOp outlineGroup(ArrayRef<Operation *> members, FusionKind kind,
                             llvm::SmallPtrSetImpl<Operation *> &deadConsts) {
  Block *block = members.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 32> set(members.begin(), members.end());
  auto inGroup = [&](Operation *op) {
    Operation *ancestor = op ? block->findAncestorOpInBlock(*op) : nullptr;
    return ancestor && set.contains(ancestor);
  };

  llvm::SetVector<Value> inputs;
  SmallVector<Value> outputs;
  for (Operation *op : members) {
    for (Value operand : op->getOperands())
      if (!inGroup(operand.getDefiningOp()) && !isEmbeddableConstant(operand))
        inputs.insert(operand);
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !inGroup(user); }))
        outputs.push_back(result);
  }

  OpBuilder builder(members.back());
  Location loc =
      members.size() == 1
          ? members.front()->getLoc()
          : builder.getFusedLoc(llvm::map_to_vector(
                members, [](Operation *op) { return op->getLoc(); }));
  auto kernel = KernelOp::create(builder, loc, TypeRange(ValueRange(outputs)),
                                 kind, inputs.getArrayRef());
  Block *body = builder.createBlock(&kernel.getBody());
  IRMapping map;
  for (Value input : inputs)
    map.map(input, body->addArgument(input.getType(), input.getLoc()));

  // Clones `op` into the body, embedding constants it reads on first use.
  auto cloneInto = [&](Operation *op) {
    for (Value operand : op->getOperands())
      if (!map.contains(operand) && isEmbeddableConstant(operand)) {
        Operation *constant = operand.getDefiningOp();
        map.map(operand, builder.clone(*constant)->getResult(0));
        deadConsts.insert(constant);
      }
    builder.clone(*op, map);
  };
  for (Operation *op : members) {
    auto member = dyn_cast<KernelOp>(op);
    if (!member) {
      cloneInto(op);
      continue;
    }
    Block &inner = member.getBody().front();
    for (auto [arg, input] :
         llvm::zip(inner.getArguments(), member.getInputs()))
      map.map(arg, map.lookupOrDefault(input));
    for (Operation &innerOp : inner.without_terminator())
      cloneInto(&innerOp);
    for (auto [result, yielded] :
         llvm::zip(member.getResults(), inner.getTerminator()->getOperands()))
      map.map(result, map.lookupOrDefault(yielded));
  }
  YieldOp::create(builder, loc, llvm::map_to_vector(outputs, [&](Value v) {
                    return map.lookupOrDefault(v);
                  }));

  for (auto [output, result] : llvm::zip(outputs, kernel.getResults()))
    output.replaceUsesWithIf(
        result, [&](OpOperand &use) { return !inGroup(use.getOwner()); });
  for (Operation *op : llvm::reverse(members))
    op->erase();
  return kernel;
}

/// Erases constants that outlining embedded into kernels and left unused.
static void eraseDeadConstants(llvm::SmallPtrSetImpl<Operation *> &consts) {
  for (Operation *op : consts)
    if (op->use_empty())
      op->erase();
  consts.clear();
}

LogicalResult FusionPlanner::outline(bool outlineSingletons) {
  llvm::SmallPtrSet<Operation *, 16> deadConsts;
  // The op each group becomes: its kernel, or its one member left as is.
  llvm::DenseMap<GroupId, Operation *> groupOp;
  for (GroupId id = 0; id < ops.size(); ++id) {
    if (find(id) != id)
      continue;
    ArrayRef<Operation *> members = groupMembers[id];
    bool single = members.size() == 1;
    if (!mergeable[id] ||
        (single && (isa<KernelOp>(members.front()) || !outlineSingletons))) {
      groupOp[id] = members.front();
      continue;
    }
    SmallVector<Operation *> sorted(members);
    groupOp[id] = outlineGroup(sorted, kindOf(id), deadConsts);
  }
  // The group list is a topological order: lay the block out in it.
  Operation *terminator = block.empty() ? nullptr : &block.back();
  if (!terminator || !terminator->hasTrait<OpTrait::IsTerminator>())
    return block.getParentOp()->emitError(
        "internal error: fusion expects a block with a terminator");
  for (GroupId g = head; g != kNone; g = next[g])
    groupOp[g]->moveBefore(terminator);
  eraseDeadConstants(deadConsts);
  return success();
}

//===----------------------------------------------------------------------===//
// Driving the passes
//===----------------------------------------------------------------------===//

LogicalResult
meld::forEachFusionBlock(func::FuncOp func,
                         function_ref<LogicalResult(Block &)> fn) {
  // Post-order: regions of meld.if / meld.while before their parent block.
  SmallVector<Block *> blocks;
  func.walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (isa<IfOp, WhileOp>(op))
      for (Region &region : op->getRegions())
        for (Block &b : region)
          blocks.push_back(&b);
  });
  for (Block &b : func.getBody())
    blocks.push_back(&b);
  for (Block *b : blocks)
    if (failed(fn(*b)))
      return failure();
  return success();
}

void meld::recomputeCheapProducers(Block &block, const FusionOptions &options) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  int64_t budget = ops.size(); // At most double the ops of the block.
  for (Operation *op : llvm::reverse(ops)) {
    if (!isPointwiseOp(op) || op->getNumResults() != 1 ||
        !kernelOfItsOwnReason(op).empty())
      continue;
    Value result = op->getResult(0);
    llvm::SetVector<Operation *> users;
    for (Operation *user : result.getUsers())
      users.insert(block.findAncestorOpInBlock(*user));
    int64_t k = users.size();
    // A gather never fuses with the producer of the tensor it reads
    // (findGatherOfInnerValue): a copy for it would only add a kernel.
    if (k < 2 || k - 1 > budget ||
        !llvm::all_of(users, [](Operation *u) { return isPointwiseOp(u); }) ||
        llvm::any_of(result.getUsers(), [&](Operation *u) {
          auto gather = dyn_cast<GatherOp>(u);
          return gather && gather.getOperand() == result;
        }))
      continue;
    int64_t in = 0;
    llvm::SmallDenseSet<Value, 4> read;
    for (Value operand : op->getOperands())
      if (!isEmbeddableConstant(operand) && read.insert(operand).second)
        in += estimateBytes(operand.getType(), options.dynamicDimEstimate);
    int64_t out = estimateBytes(result.getType(), options.dynamicDimEstimate);
    // Recompute in every consumer: k reads of the inputs. Materialize: one
    // read of the inputs, one write, k reads of the result.
    if ((k - 1) * in > k * out)
      continue;
    for (Operation *user : users.getArrayRef().drop_front()) {
      OpBuilder builder(user);
      Operation *clone = builder.clone(*op);
      user->replaceUsesOfWith(result, clone->getResult(0));
      --budget;
    }
  }
}

namespace {
/// Which neighbours a group absorbs.
enum class Side { Producers, Consumers, Siblings };
} // namespace

/// Merges neighbours of `group` on one side under `pass` until none
/// qualifies; returns the final id. A refusal that may lift after other
/// merges (FusionDecision::retry) is asked again after the next merge; the
/// others are final for this group.
static GroupId absorbNeighbours(FusionPlanner &planner, GroupId group,
                                FusionPass pass, Side side,
                                function_ref<bool(GroupId)> candidate) {
  auto neighbours = [&](GroupId g) {
    switch (side) {
    case Side::Producers:
      return planner.producers(g);
    case Side::Consumers:
      return planner.consumers(g);
    case Side::Siblings:
      return planner.siblings(g);
    }
    llvm_unreachable("unknown side");
  };
  SmallVector<GroupId> worklist = neighbours(group), deferred;
  llvm::DenseSet<GroupId> refused;
  while (!worklist.empty()) {
    GroupId n = worklist.pop_back_val();
    if (n == group || refused.contains(n) || !candidate(n))
      continue;
    FusionDecision d = side == Side::Producers
                           ? planner.canFuse(pass, n, group)
                           : planner.canFuse(pass, group, n);
    if (!d.allowed) {
      refused.insert(n);
      if (d.retry)
        deferred.push_back(n);
      continue;
    }
    group = planner.merge(group, n);
    for (GroupId g : deferred)
      refused.erase(g);
    deferred.clear();
    worklist = neighbours(group);
  }
  return group;
}

LogicalResult meld::runFusionPass(func::FuncOp func, FusionPass pass,
                                  const FusionOptions &options) {
  if (failed(verifyFusionOptions(options, func)))
    return failure();
  recordUnfusedCost(func, options);
  return forEachFusionBlock(
      func, [&](Block &block) { return fuseBlock(block, pass, options); });
}

LogicalResult meld::fuseBlock(Block &block, FusionPass pass,
                              const FusionOptions &options) {
  if (pass == FusionPass::Pointwise)
    recomputeCheapProducers(block, options);
  FusionPlanner planner(block, options);
  SmallVector<Operation *> nodes;
  for (Operation &op : block)
    if (planner.groupOf(&op))
      nodes.push_back(&op);
  auto kindIs = [&](FusionKind kind) {
    return [&planner, kind](GroupId g) { return planner.kindOf(g) == kind; };
  };
  auto any = [](GroupId) { return true; };
  // Runs `absorbNeighbours` once per group of kind `kind` reached through
  // `order`: a group's neighbours were all examined when it was built, so
  // visiting it again through another member would only repeat refusals.
  auto sweep = [&](ArrayRef<Operation *> order, FusionKind kind, Side side,
                   function_ref<bool(GroupId)> candidate) {
    llvm::DenseSet<GroupId> done;
    for (Operation *op : order) {
      GroupId g = *planner.groupOf(op);
      if (planner.kindOf(g) != kind || done.contains(g))
        continue;
      done.insert(absorbNeighbours(planner, g, pass, side, candidate));
    }
  };
  SmallVector<Operation *> reversed(llvm::reverse(nodes));

  switch (pass) {
  case FusionPass::Pointwise:
    // Consumers first, so chains grow upward from their last op.
    sweep(reversed, FusionKind::pointwise, Side::Producers,
          kindIs(FusionKind::pointwise));
    break;
  case FusionPass::Reductions:
    // Prologues first, then epilogues and reductions downstream.
    sweep(nodes, FusionKind::reduction, Side::Producers,
          kindIs(FusionKind::pointwise));
    sweep(nodes, FusionKind::reduction, Side::Consumers, any);
    // Reductions over the same rows of the same input share one pass over
    // it even when nothing downstream joins them.
    sweep(nodes, FusionKind::reduction, Side::Siblings,
          kindIs(FusionKind::reduction));
    break;
  case FusionPass::GemmEpilogue:
    // Epilogues, then prologues of the grown groups.
    sweep(nodes, FusionKind::gemm, Side::Consumers,
          kindIs(FusionKind::pointwise));
    sweep(nodes, FusionKind::gemm, Side::Producers,
          kindIs(FusionKind::pointwise));
    break;
  }
  return planner.outline();
}
