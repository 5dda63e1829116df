//===- FusionReport.cpp - Fusion report, explanations and DOT -------------===//
//
// Three read-only views of the fusion result: a text report of groups and
// estimated costs, remarks explaining every producer/consumer pair that was
// not fused (using the very policies the passes applied), and a Graphviz
// DOT graph of the groups. Also registers the passes and `meld-fuse`.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace meld {
#define GEN_PASS_DEF_MELDFUSIONREPORT
#define GEN_PASS_DEF_MELDEXPLAINFUSION
#define GEN_PASS_DEF_MELDFUSIONDOT
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// "matmul, add, gelu" for a kernel, the op name for a single op.
static std::string describeOps(Operation *op) {
  auto kernel = dyn_cast<KernelOp>(op);
  if (!kernel)
    return op->getName().stripDialect().str();
  SmallVector<std::string> names;
  if (kernel.getKind() == FusionKind::horizontal) {
    // Name the first few sub-kernels; a foreach-style launch can hold many.
    int64_t count = 0, shown = 3;
    for (Operation &inner : kernel.getBody().front().without_terminator()) {
      if (count++ < shown)
        names.push_back(
            "[" + stringifyFusionKind(cast<KernelOp>(inner).getKind()).str() +
            ": " + describeOps(&inner) + "]");
    }
    if (count > shown)
      names.push_back("... " + std::to_string(count - shown) + " more");
    return llvm::join(names, ", ");
  }
  for (Operation &inner : kernel.getBody().front().without_terminator()) {
    if (isa<ConstantOp>(inner))
      continue;
    if (auto nested = dyn_cast<KernelOp>(inner))
      names.push_back("[" + stringifyFusionKind(nested.getKind()).str() + ": " +
                      describeOps(nested) + "]");
    else
      names.push_back(inner.getName().stripDialect().str());
  }
  return llvm::join(names, ", ");
}

/// `text` for a double-quoted DOT string ("\n" line breaks are kept).
static std::string escape(StringRef text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"' || (c == '\\' && (i + 1 >= text.size() || text[i + 1] != 'n')))
      out += '\\';
    out += c;
  }
  return out;
}

static std::string ratio(int64_t before, int64_t after) {
  if (after == 0)
    return "n/a";
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.2fx", double(before) / after);
  return s;
}

void meld::printFusionReport(Operation *root, llvm::raw_ostream &os,
                             int64_t dynamicDimEstimate) {
  root->walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    os << "meld fusion report: @" << func.getSymName() << "\n";
    int64_t index = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      bool isKernel = isa<KernelOp>(op);
      if (!isKernel && !isComputeOp(op))
        return WalkResult::advance();
      if (op->getParentOfType<KernelOp>())
        return WalkResult::skip();
      SmallVector<Operation *> self{op};
      Cost c = estimateGroupCost(self, dynamicDimEstimate);
      std::string kind =
          isKernel ? stringifyFusionKind(cast<KernelOp>(op).getKind()).str()
                   : "unfused";
      int64_t ops = 0;
      if (isKernel)
        op->walk([&](Operation *inner) { ops += isComputeOp(inner); });
      else
        ops = 1;
      os << "  group " << index++ << ": " << kind << ", ";
      if (isKernel && cast<KernelOp>(op).getKind() == FusionKind::horizontal)
        os << describeHorizontalJoin(cast<KernelOp>(op)) << ", ";
      os << ops << (ops == 1 ? " op" : " ops") << " (" << describeOps(op)
         << "), reads " << c.bytesRead << " B, writes " << c.bytesWritten
         << " B";
      if (op->hasAttr(kGpuUnfusedAttrName))
        os << ", unfused for the GPU (the group it was in needed more "
              "workgroup memory than a GPU kernel has)";
      os << "\n";
      return isKernel ? WalkResult::skip() : WalkResult::advance();
    });
    // meld-fuse-horizontal's decisions, by the target's launch costs.
    if (auto decisions =
            func->getAttrOfType<ArrayAttr>(kHorizontalLaunchesAttrName))
      for (Attribute a : decisions) {
        auto d = dyn_cast<DictionaryAttr>(a);
        auto get = [&](StringRef name) {
          auto v = d ? d.getAs<IntegerAttr>(name) : IntegerAttr();
          return v ? v.getInt() : 0;
        };
        auto joined = d ? d.getAs<BoolAttr>("joined") : BoolAttr();
        if (!joined)
          continue;
        HorizontalEstimate estimate{static_cast<double>(get("joined_ns")),
                                    static_cast<double>(get("apart_ns"))};
        os << "  horizontal: " << get("kernels")
           << " independent kernels at depth " << get("depth") << " "
           << (joined.getValue() ? "share a launch" : "keep their launches")
           << ": " << estimate.str() << " by the target's launch costs\n";
      }
    Cost before = getUnfusedCost(func, dynamicDimEstimate);
    Cost after = estimateFunctionCost(func, dynamicDimEstimate).fused;
    os << "  before fusion: " << before.launches << " launches, "
       << before.bytes() << " bytes\n";
    os << "  after fusion:  " << after.launches << " launches, "
       << after.bytes() << " bytes (" << ratio(before.launches, after.launches)
       << " fewer launches, " << ratio(before.bytes(), after.bytes())
       << " fewer bytes)\n";
  });
}

namespace {
struct MeldFusionReportPass
    : public meld::impl::MeldFusionReportBase<MeldFusionReportPass> {
  using Base::Base;

  void runOnOperation() override {
    printFusionReport(getOperation(), llvm::outs(), dynamicDimEstimate);
  }
};

struct MeldExplainFusionPass
    : public meld::impl::MeldExplainFusionBase<MeldExplainFusionPass> {
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
    (void)forEachFusionBlock(getOperation(), [&](Block &block) {
      FusionPlanner planner(block, options);
      for (Operation &op : block) {
        std::optional<FusionPlanner::GroupId> consumer = planner.groupOf(&op);
        if (!consumer)
          continue;
        for (FusionPlanner::GroupId producer : planner.producers(*consumer))
          explain(planner, producer, *consumer);
      }
      explainHorizontal(block);
      explainHorizontalPacking(block, options);
      return success();
    });
  }

  /// Horizontal launches are packed last, from groups that were final, and
  /// never fuse with their producers or consumers; say so at every edge.
  static void explainHorizontal(Block &block) {
    auto isHorizontal = [](Operation *op) {
      auto kernel = dyn_cast_if_present<KernelOp>(op);
      return kernel && kernel.getKind() == FusionKind::horizontal;
    };
    for (Operation &op : block) {
      if (!isa<KernelOp>(op) && !isComputeOp(&op))
        continue;
      llvm::SmallPtrSet<Operation *, 4> seen;
      for (Value operand : op.getOperands()) {
        Operation *producer = operand.getDefiningOp();
        if (!producer || !(isHorizontal(producer) || isHorizontal(&op)) ||
            !seen.insert(producer).second ||
            (!isa<KernelOp>(producer) && !isComputeOp(producer)))
          continue;
        InFlightDiagnostic remark = op.emitRemark();
        remark << "not fused with its "
               << (isa<KernelOp>(producer)
                       ? stringifyFusionKind(cast<KernelOp>(producer).getKind())
                       : StringRef("unfused"))
               << " producer '" << describeOps(producer)
               << "': horizontal launches are packed last from groups that "
                  "were already final, and do not fuse with their producers "
                  "or consumers";
        remark.attachNote(producer->getLoc()) << "producer is here";
      }
    }
  }

  /// Emits the reason the pass responsible for this pair gave.
  void explain(const FusionPlanner &planner, FusionPlanner::GroupId producer,
               FusionPlanner::GroupId consumer) {
    FusionKind pk = planner.kindOf(producer), ck = planner.kindOf(consumer);
    FusionPass pass = FusionPass::Pointwise;
    StringRef passName = "meld-fuse-pointwise";
    if (pk == FusionKind::gemm || ck == FusionKind::gemm) {
      pass = FusionPass::GemmEpilogue;
      passName = "meld-fuse-gemm-epilogue";
    } else if (pk == FusionKind::reduction || ck == FusionKind::reduction) {
      pass = FusionPass::Reductions;
      passName = "meld-fuse-reductions";
    }
    Operation *consumerOp = planner.members(consumer).front();
    Operation *producerOp = planner.members(producer).front();
    FusionDecision d = planner.canFuse(pass, producer, consumer);
    InFlightDiagnostic remark = consumerOp->emitRemark();
    remark << "not fused with its " << stringifyFusionKind(pk) << " producer '"
           << describeOps(producerOp) << "': ";
    if (d.allowed)
      remark << passName << " would fuse them; it has not run since they "
             << "were formed";
    else
      remark << d.reason;
    remark.attachNote(producerOp->getLoc()) << "producer is here";
  }
};

struct MeldFusionDotPass
    : public meld::impl::MeldFusionDotBase<MeldFusionDotPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::raw_ostream &os = llvm::outs();
    getOperation().walk([&](func::FuncOp func) {
      if (func.isExternal())
        return;
      os << "digraph \"" << escape(func.getSymName()) << "\" {\n"
         << "  node [shape=box, fontname=\"monospace\"];\n";
      llvm::DenseMap<Operation *, int64_t> ids;
      auto idOf = [&](Operation *op) {
        auto [it, inserted] = ids.try_emplace(op, ids.size());
        return it->second;
      };
      for (BlockArgument arg : func.getArguments())
        os << "  arg" << arg.getArgNumber() << " [shape=ellipse, label=\"%arg"
           << arg.getArgNumber() << "\"];\n";
      func.walk<WalkOrder::PreOrder>([&](Operation *op) {
        bool isKernel = isa<KernelOp>(op);
        // Control flow and calls carry values between groups: draw them too.
        bool isCarrier = isa<IfOp, WhileOp, func::CallOp>(op);
        if ((!isKernel && !isCarrier && !isComputeOp(op)) ||
            op->getParentOfType<KernelOp>())
          return isKernel ? WalkResult::skip() : WalkResult::advance();
        int64_t id = idOf(op);
        std::string label =
            isKernel ? stringifyFusionKind(cast<KernelOp>(op).getKind()).str() +
                           "\\n" + describeOps(op)
                     : op->getName().getStringRef().str();
        os << "  n" << id << " [label=\"" << escape(label) << "\""
           << (isKernel ? ", style=filled, fillcolor=\"#dde8f7\"" : "")
           << (isCarrier ? ", shape=diamond" : "") << "];\n";
        for (Value operand : op->getOperands()) {
          if (auto arg = dyn_cast<BlockArgument>(operand)) {
            if (arg.getOwner()->getParentOp() == func)
              os << "  arg" << arg.getArgNumber() << " -> n" << id << ";\n";
            continue;
          }
          Operation *def = operand.getDefiningOp();
          if (ids.count(def))
            os << "  n" << ids[def] << " -> n" << id << ";\n";
        }
        return isKernel ? WalkResult::skip() : WalkResult::advance();
      });
      os << "}\n";
    });
  }
};
} // namespace

static void addFusionPasses(OpPassManager &pm,
                            const MeldSplitReductionsOptions *split,
                            int64_t maxConvImageBytes, bool rowViewEpilogues,
                            const MeldFuseHorizontalOptions &horizontal,
                            bool hostOnly) {
  OpPassManager &funcPm = pm.nest<func::FuncOp>();
  MeldFusePointwiseOptions pointwise;
  pointwise.paddedOutputs = hostOnly;
  funcPm.addPass(createMeldFusePointwise(pointwise));
  MeldFuseReductionsOptions reductions;
  reductions.maxConvImageBytes = maxConvImageBytes;
  reductions.rowViewEpilogues = rowViewEpilogues;
  funcPm.addPass(createMeldFuseReductions(reductions));
  MeldFuseGemmEpilogueOptions epilogues;
  epilogues.maxConvImageBytes = maxConvImageBytes;
  epilogues.rowViewEpilogues = rowViewEpilogues;
  epilogues.transposedConvOperands = hostOnly;
  funcPm.addPass(createMeldFuseGemmEpilogue(epilogues));
  funcPm.addPass(createMeldOutlineSingletons());
  if (split)
    funcPm.addPass(createMeldSplitReductions(*split));
  funcPm.addPass(createMeldFuseHorizontal(horizontal));
}

void meld::buildFusionPipeline(OpPassManager &pm, int64_t maxConvImageBytes,
                               bool rowViewEpilogues,
                               const MeldFuseHorizontalOptions &horizontal,
                               bool hostOnly) {
  addFusionPasses(pm, nullptr, maxConvImageBytes, rowViewEpilogues,
                  horizontal, hostOnly);
}

void meld::buildSplitFusionPipeline(OpPassManager &pm,
                                    const MeldSplitReductionsOptions &split,
                                    int64_t maxConvImageBytes,
                                    bool rowViewEpilogues,
                                    const MeldFuseHorizontalOptions &horizontal,
                                    bool hostOnly) {
  addFusionPasses(pm, &split, maxConvImageBytes, rowViewEpilogues, horizontal,
                  hostOnly);
}

void meld::registerAllMeldPasses() {
  registerMeldPasses();
  PassPipelineRegistration<>(
      "meld-fuse",
      "Run every fusion pass in order: pointwise, reductions, GEMM "
      "epilogues, singletons, horizontal",
      [](OpPassManager &pm) { buildFusionPipeline(pm); });
}
