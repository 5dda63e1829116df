//===- Fusion.h - Fusion planning and the cost model ------------*- C++ -*-===//
//
// The machinery shared by the fusion passes, the report and the explainer:
//
// - the cost model (estimated global-memory bytes and launches),
// - FusionPlanner, which tracks candidate groups over one block with a
//   union-find, checks merges for cycles and limits, and outlines the final
//   groups as meld.kernel ops,
// - the fusion policies: whether a producer group may merge into a consumer
//   group under a given pass, with the reason when it may not.
//
// Keeping the decisions here, and not inside each pass, is what lets
// `meld-explain-fusion` give the very reasons the passes acted on.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_TRANSFORMS_FUSION_H
#define MELD_DIALECT_MELD_TRANSFORMS_FUSION_H

#include "meld/Dialect/Meld/IR/MeldOps.h"
#include "meld/Dialect/Meld/Transforms/LaunchCosts.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace meld {

/// Limits and estimates shared by the fusion passes (documented in
/// Passes.td, where they are pass options).
struct FusionOptions {
  int64_t maxGroupOps = 256;
  int64_t maxKernelParamBytes = 4096;
  int64_t maxLiveValues = 64;
  int64_t maxPersistentRow = 8192;
  int64_t dynamicDimEstimate = 128;
  int64_t maxPrologueOps = 4;
  int64_t maxHorizontalKernels = 64;
  /// The same two limits for horizontal launches of flat pointwise kernels
  /// only (0: maxHorizontalKernels, maxKernelParamBytes).
  int64_t maxFlatKernels = 0;
  int64_t flatParamBytes = 0;
  /// An epilogue fuses into a convolution only when one image of the
  /// convolution's output takes at most this many bytes (0: any size): a
  /// GPU kernel holds that image in workgroup memory between the
  /// convolution and its epilogue.
  int64_t maxConvImageBytes = 0;
  /// An epilogue may view the product through reshapes that only add or
  /// drop unit dims or regroup its rows (the host's code generation
  /// computes it on the product's shape; the GPU's does not).
  bool rowViewEpilogues = true;
  /// A pointwise consumer that pads (concatenates along dims the producer's
  /// values are shorter in) may take a producer whose values stay outputs
  /// too (the host's code generation gives such outputs blocks of their
  /// own; the GPU's would compute the kernel in one workgroup).
  bool paddedOutputs = false;
  /// A convolution over its whole input (ConvOp::coversWholeInput, a 1x1
  /// convolution's weight gradient) may take as prologues the transposes
  /// that swap its operands' two leading dims (the host's code generation
  /// reads them in place; the GPU's does not).
  bool transposedConvOperands = false;
  /// A matmul's gemm kernel shares a horizontal launch only with other
  /// such kernels (the host's threads take a launch's blocks in contiguous
  /// home ranges, so a GEMM's few costly blocks beside a transpose's many
  /// cheap ones ran on one thread of two: a training step's forward, each
  /// GEMM beside the transpose of its weight the backward reads, 2x
  /// slower).
  bool separateContractions = false;
  /// What a launch costs: whether a horizontal launch pays.
  LaunchCosts costs;
};

/// FusionOptions from the limit options every fusion pass declares.
inline FusionOptions makeFusionOptions(int64_t maxGroupOps,
                                       int64_t maxKernelParamBytes,
                                       int64_t maxLiveValues,
                                       int64_t maxPersistentRow,
                                       int64_t dynamicDimEstimate) {
  FusionOptions options;
  options.maxGroupOps = maxGroupOps;
  options.maxKernelParamBytes = maxKernelParamBytes;
  options.maxLiveValues = maxLiveValues;
  options.maxPersistentRow = maxPersistentRow;
  options.dynamicDimEstimate = dynamicDimEstimate;
  return options;
}

/// Emits an error on `op` and fails when an option is out of range.
mlir::LogicalResult verifyFusionOptions(const FusionOptions &options,
                                        mlir::Operation *op);

//===----------------------------------------------------------------------===//
// Cost model
//===----------------------------------------------------------------------===//

/// Estimated global-memory traffic and launches of some kernels.
struct Cost {
  int64_t bytesRead = 0;
  int64_t bytesWritten = 0;
  int64_t launches = 0;

  int64_t bytes() const { return bytesRead + bytesWritten; }
  Cost &operator+=(const Cost &other) {
    bytesRead += other.bytesRead;
    bytesWritten += other.bytesWritten;
    launches += other.launches;
    return *this;
  }
};

/// Elements of a tensor of `type` (0 for other types); dynamic dims count
/// as `dynamicDimEstimate`.
int64_t estimateElements(mlir::Type type, int64_t dynamicDimEstimate);

/// Bytes of a tensor of `type`; dynamic dims count as `dynamicDimEstimate`.
int64_t estimateBytes(mlir::Type type, int64_t dynamicDimEstimate);

/// True for ops that become (part of) a kernel: meld ops that compute,
/// except constants, meld.dim, control flow and groups themselves.
bool isComputeOp(mlir::Operation *op);

/// Why `op` must run in a kernel of its own, or an empty string: a
/// meld.scatter writes at data-dependent positions, in order; a meld.argsort
/// sorts each row in place, on one thread; a meld.grouped_matmul picks each
/// group's matrix at run time. Such an op fuses with no other op, shares no
/// launch, and is never recomputed in its readers (it is not cheap,
/// whatever its bytes).
llvm::StringRef kernelOfItsOwnReason(mlir::Operation *op);

/// Whether `op` computes element by element over `shape`: an elementwise
/// op, a broadcast of a rank-0 tensor or a splat constant, with one result,
/// no regions and static shapes, each full-size value of shape `shape`
/// (taken from the first one seen while `shape` is empty; rank-0 values
/// aside). Flat pointwise kernels are made of these: horizontal fusion
/// joins them with any others, and the host compiles a horizontal kernel
/// of them as foreach bodies (Codegen/Host/ForeachKernels.cpp).
bool isFlatPointwiseOp(mlir::Operation *op,
                       llvm::SmallVectorImpl<int64_t> &shape);

/// True for a constant that kernels embed instead of reading from memory:
/// splat meld.constant and index arith.constant.
bool isEmbeddableConstant(mlir::Value value);

/// Cost of one kernel made of `ops` (top-level ops of one block, any of which
/// may be meld.kernel): it reads every tensor defined outside `ops` that they
/// use (once each, embeddable constants free) and writes every result used
/// outside. One launch.
Cost estimateGroupCost(llvm::ArrayRef<mlir::Operation *> ops,
                       int64_t dynamicDimEstimate);

/// Cost of `func` as it is (each meld.kernel one launch, each compute op
/// outside a kernel one launch) and as it would be with no fusion at all
/// (every compute op, including those inside kernels, its own kernel).
struct FunctionCost {
  Cost unfused;
  Cost fused;
};
FunctionCost estimateFunctionCost(mlir::func::FuncOp func,
                                  int64_t dynamicDimEstimate);

/// The name of the function attribute holding the cost before fusion.
inline constexpr llvm::StringLiteral kUnfusedCostAttr = "meld.unfused_cost";

/// Records the function's unfused cost as `meld.unfused_cost` the first time
/// a fusion pass runs on it, so the report compares against the program as
/// written (recomputation duplicates ops and would inflate a later count).
void recordUnfusedCost(mlir::func::FuncOp func, const FusionOptions &options);

/// The recorded unfused cost, or the one estimated from the IR as it is.
Cost getUnfusedCost(mlir::func::FuncOp func, int64_t dynamicDimEstimate);

/// The fusion report of every function under `root` (what
/// meld-fusion-report prints): each group with its kind, ops and estimated
/// traffic, then launches and bytes before and after fusion.
void printFusionReport(mlir::Operation *root, llvm::raw_ostream &os,
                       int64_t dynamicDimEstimate);

//===----------------------------------------------------------------------===//
// Planning
//===----------------------------------------------------------------------===//

/// The passes whose policies decide merges.
enum class FusionPass { Pointwise, Reductions, GemmEpilogue };

/// Why a merge was refused, or nothing when it is allowed.
struct FusionDecision {
  bool allowed = true;
  std::string reason;
  /// Whether the refusal may lift once other groups merge (a cycle through a
  /// third group, an iteration space or cost that depends on what the
  /// groups hold), so the driver should ask again after the next merge.
  bool retry = false;

  static FusionDecision allow() { return {}; }
  static FusionDecision refuse(std::string reason, bool retry = false) {
    return {false, std::move(reason), retry};
  }
};

/// Candidate fusion groups over the top-level ops of one block. Each node is
/// a compute op or an existing meld.kernel; groups are sets of nodes.
class FusionPlanner {
public:
  FusionPlanner(mlir::Block &block, const FusionOptions &options);

  using GroupId = unsigned;

  /// The group of `op`, a compute op or kernel directly in the block.
  std::optional<GroupId> groupOf(mlir::Operation *op) const;
  llvm::ArrayRef<mlir::Operation *> members(GroupId group) const;
  /// The kind the group would have as a kernel.
  FusionKind kindOf(GroupId group) const;
  bool hasReduction(GroupId group) const;
  bool hasContraction(GroupId group) const;

  /// Groups producing values this group uses / using values it produces.
  llvm::SmallVector<GroupId> producers(GroupId group) const;
  llvm::SmallVector<GroupId> consumers(GroupId group) const;
  /// Groups reading a value this group reads.
  llvm::SmallVector<GroupId> siblings(GroupId group) const;
  /// True when every use of the group's results is inside `other`.
  bool allUsesIn(GroupId group, GroupId other) const;

  /// Checks cycle and limit rules for merging `a` and `b` (not the
  /// pass-specific policy): refuses with the reason when they fail.
  FusionDecision checkMergeLegality(GroupId a, GroupId b) const;
  /// The policy of `pass` for merging `producer` into `consumer`, including
  /// the legality checks.
  FusionDecision canFuse(FusionPass pass, GroupId producer,
                         GroupId consumer) const;

  /// Merges two groups; returns the surviving id.
  GroupId merge(GroupId a, GroupId b);

  /// Replaces every group of two or more nodes by one meld.kernel (member
  /// kernels are flattened into it), then restores a topological order.
  /// With `outlineSingletons`, single compute ops become kernels too.
  mlir::LogicalResult outline(bool outlineSingletons = false);

  const FusionOptions &getOptions() const { return options; }
  mlir::Block &getBlock() const { return block; }

private:
  GroupId find(GroupId id) const;
  /// The group (mergeable or not) of a top-level op.
  GroupId segmentOf(mlir::Operation *op) const;
  /// Calls `fn` with the group of every op whose results `op` (or an op
  /// nested in it) reads.
  void forEachSource(mlir::Operation *op,
                     llvm::function_ref<void(GroupId)> fn) const;
  /// What lies between `first` and `second` (earlier, later) in the current
  /// order: searching forward from `first` and backward from `second` in
  /// lockstep, it stops at the first sign of a path first -> X -> second (a
  /// cycle once they merge) or when either search runs dry, and returns the
  /// exhausted side: `first`'s descendants or `second`'s ancestors there.
  struct Between {
    mlir::Operation *cycleThrough = nullptr;
    bool forward = false;
    llvm::SmallVector<GroupId> groups;
  };
  Between searchBetween(GroupId first, GroupId second) const;
  /// Calls `fn` with the group of every top-level op reading `group`'s
  /// results.
  void forEachUser(GroupId group, llvm::function_ref<void(GroupId)> fn) const;
  /// List surgery for the topological group order.
  void unlink(GroupId g);
  void insertBefore(GroupId anchor, llvm::ArrayRef<GroupId> groups);
  void insertAfter(GroupId anchor, llvm::ArrayRef<GroupId> groups);
  /// Puts `g` where `slot` is in the list and takes `slot` out.
  void replaceInList(GroupId slot, GroupId g);
  void renumber();
  mlir::Operation *nodeOf(mlir::Operation *user) const;
  /// Ops whose results the group makes visible outside it.
  llvm::SmallVector<mlir::Value> outputs(GroupId group) const;
  llvm::SmallVector<mlir::Operation *> mergedMembers(GroupId a,
                                                     GroupId b) const;
  int64_t liveValues(llvm::ArrayRef<mlir::Operation *> ops) const;

  mlir::Block &block;
  FusionOptions options;
  /// Every top-level op but the terminator is a group of its own at first;
  /// only compute ops and kernels (`mergeable`) ever merge. The groups are
  /// kept in a list whose order is always a topological order of the group
  /// graph, which makes the cycle check exact and local: merging A (earlier)
  /// and B creates a cycle exactly when some group between them that B
  /// depends on depends directly on A, so only B's ancestors after A are
  /// searched. After a merge those ancestors move before the merged group.
  llvm::SmallVector<mlir::Operation *> ops;
  /// Index of each top-level op in the original block order.
  llvm::DenseMap<mlir::Operation *, GroupId> opIds;
  llvm::SmallVector<bool> mergeable;
  mutable llvm::SmallVector<GroupId> parent;
  llvm::SmallVector<llvm::SmallVector<mlir::Operation *, 4>> groupMembers;
  llvm::SmallVector<bool> groupHasReduction, groupHasContraction;
  llvm::SmallVector<int64_t> groupOps;
  llvm::SmallVector<GroupId> next, prev;
  GroupId head = 0;
  llvm::SmallVector<int64_t> orderKey;
};

/// Applies `fn` to every block that fusion works on in `func`: the body and
/// the regions of meld.if / meld.while, innermost first.
mlir::LogicalResult
forEachFusionBlock(mlir::func::FuncOp func,
                   llvm::function_ref<mlir::LogicalResult(mlir::Block &)> fn);

/// Marks the kernels unfuseKernels made (the fusion report says why).
inline constexpr llvm::StringLiteral kGpuUnfusedAttrName = "meld.gpu_unfused";

/// Undoes the fusion of `kernels` (outer meld.kernel ops): their ops go
/// back into the enclosing block, each in a kernel of its own (marked
/// kGpuUnfusedAttrName), and the sub-kernels of a horizontal kernel become
/// kernels of their own. Code generation uses it for groups a GPU kernel
/// cannot hold.
mlir::LogicalResult unfuseKernels(llvm::ArrayRef<KernelOp> kernels);

/// Duplicates cheap multi-use elementwise producers into each consumer when
/// the cost model prefers recomputation (pointwise pass, step one).
void recomputeCheapProducers(mlir::Block &block, const FusionOptions &options);

/// Runs one of the producer/consumer fusion passes on `func`: checks the
/// options, records the unfused cost, and fuses every block.
mlir::LogicalResult runFusionPass(mlir::func::FuncOp func, FusionPass pass,
                                  const FusionOptions &options);

/// Runs a pass's greedy merge loop over `block` and outlines the result.
mlir::LogicalResult fuseBlock(mlir::Block &block, FusionPass pass,
                              const FusionOptions &options);

/// Whether `kernel` is flat pointwise: made of isFlatPointwiseOp ops (or,
/// horizontal, of such kernels only).
bool isFlatPointwiseKernel(KernelOp kernel);

/// Estimated time of independent kernels as one horizontal launch and
/// apart, by FusionOptions::costs.
struct HorizontalEstimate {
  double joinedNs = 0;
  double apartNs = 0;
  /// Whether one launch is estimated faster.
  bool pays() const { return joinedNs < apartNs; }
  /// "about 1.20 us as one launch against 0.45 us apart".
  std::string str() const;
};
HorizontalEstimate estimateHorizontalJoin(llvm::ArrayRef<KernelOp> kernels,
                                          const FusionOptions &options);

/// The function attribute recording meld-fuse-horizontal's decisions for
/// the fusion report: one dictionary per packed set of kernels (kernels,
/// depth, joined_ns, apart_ns, joined).
inline constexpr llvm::StringLiteral kHorizontalLaunchesAttrName =
    "meld.horizontal_launches";

/// Why the kernels of horizontal kernel `kernel` share its launch.
std::string describeHorizontalJoin(KernelOp kernel);

/// Emits a remark at every horizontal kernel of `block` saying why its
/// kernels share a launch, and at every other kernel with independent
/// kernels at its depth why it has a launch of its own, by the policy of
/// fuseHorizontally (depth, shared inputs and iteration spaces, flat
/// pointwise kernels, the limits in `options`).
void explainHorizontalPacking(mlir::Block &block, const FusionOptions &options);

/// Packs independent kernels of `block` into horizontal kernels.
mlir::LogicalResult fuseHorizontally(mlir::Block &block,
                                     const FusionOptions &options);

} // namespace meld

#endif // MELD_DIALECT_MELD_TRANSFORMS_FUSION_H
