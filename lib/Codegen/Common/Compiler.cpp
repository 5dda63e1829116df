//===- Compiler.cpp - Programs to bundles ---------------------------------===//
//
// canonicalize -> fuse -> outline -> per target: kernels to code; schedules
// and kernel metadata to JSON; everything into one bundle. The targets'
// parts are in Host/HostPipeline.cpp (compileHost) and GPU/GpuPipeline.cpp
// (mapKernelsToGpu, compileGpu).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Compiler.h"

#include "Common/CompilerInternal.h"
#include "GPU/CompileGpu.h"
#include "Host/CompileHost.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Host/HostTuning.h"
#include "meld/Codegen/Passes.h"
#include "meld/Codegen/Schedule.h"
#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include <mutex>

using namespace mlir;
using namespace meld;
using llvm::json::Array;
using llvm::json::Object;

LogicalResult meld::outlineProgram(ModuleOp module, bool fuse,
                                   std::string *fusionReport,
                                   bool splitReductions, bool strictFp,
                                   int64_t maxConvImageBytes,
                                   bool rowViewEpilogues, bool hostOnly,
                                   const LaunchCosts *launchCosts,
                                   function_ref<LogicalResult(ModuleOp)>
                                       refineFusion) {
  PassManager fusePm(module.getContext());
  MeldFuseHorizontalOptions horizontal;
  if (hostOnly) {
    horizontal.maxFlatKernels = 1 << 16;
    horizontal.flatParamBytes = 1 << 22;
    horizontal.separateContractions = true;
  }
  if (launchCosts) {
    horizontal.launchNs = launchCosts->launchNs;
    horizontal.shareNs = launchCosts->shareNs;
    horizontal.bytesPerUs = launchCosts->bytesPerUs;
    horizontal.costThreads = launchCosts->threads;
    horizontal.blockElements = launchCosts->blockElements;
  }
  fusePm.addPass(createCanonicalizerPass());
  // Long reductions become a parallel partial stage and a final stage, also
  // unfused (a lone full sum is the case that needs it most).
  MeldSplitReductionsOptions split;
  split.strictFp = strictFp;
  if (fuse && splitReductions) {
    buildSplitFusionPipeline(fusePm, split, maxConvImageBytes,
                             rowViewEpilogues, horizontal,
                             /*hostOnly=*/hostOnly);
  } else if (fuse) {
    buildFusionPipeline(fusePm, maxConvImageBytes, rowViewEpilogues,
                        horizontal, /*hostOnly=*/hostOnly);
  } else {
    fusePm.addNestedPass<func::FuncOp>(createMeldOutlineSingletons());
    if (splitReductions)
      fusePm.addNestedPass<func::FuncOp>(createMeldSplitReductions(split));
  }
  if (failed(fusePm.run(module)))
    return failure();
  if (refineFusion && failed(refineFusion(module)))
    return failure();
  if (fusionReport) {
    llvm::raw_string_ostream os(*fusionReport);
    printFusionReport(module, os, MeldFusionReportOptions().dynamicDimEstimate);
  }
  PassManager outlinePm(module.getContext());
  outlinePm.addPass(createMeldOutlineKernels());
  outlinePm.addPass(createMeldDedupeKernels());
  return outlinePm.run(module);
}

void meld::codegen::keepKernelsOnly(ModuleOp module) {
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    if (!func->hasAttr(kKernelAttrName))
      func.erase();
}

namespace {
/// Records the first pass that failed and the op it ran on: a pass may
/// fail without a diagnostic of its own, and the error should say where.
struct FirstFailedPass : PassInstrumentation {
  std::mutex mutex;
  /// Every failure: the pass and the op it ran on. Nested passes run on
  /// functions in parallel, so the first to fail in time varies; the one
  /// reported is the first in the module's order.
  std::vector<std::pair<std::string, Operation *>> failures;

  void runAfterPassFailed(Pass *failed, Operation *on) override {
    std::string name = failed->getArgument().str();
    if (name.empty())
      name = failed->getName().str();
    std::lock_guard<std::mutex> lock(mutex);
    failures.emplace_back(std::move(name), on);
  }

  /// The innermost failure (a nested pass's, not the adaptor's that ran
  /// it on the enclosing op) on the op first in `module`, if any.
  std::optional<std::pair<std::string, Operation *>> first(ModuleOp module) {
    if (failures.empty())
      return std::nullopt;
    auto encloses = [&](Operation *op) {
      return llvm::any_of(failures, [&](const auto &f) {
        return f.second != op && op->isProperAncestor(f.second);
      });
    };
    std::optional<std::pair<std::string, Operation *>> found;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      for (auto &failure : failures)
        if (failure.second == op && !encloses(op)) {
          found = failure;
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    return found ? found : std::optional(failures.front());
  }
};
} // namespace

LogicalResult
meld::codegen::runPipeline(ModuleOp module, StringRef target,
                           const CompileOptions &options,
                           function_ref<void(OpPassManager &)> build) {
  PassManager pm(module.getContext());
  if (options.configurePassManager && failed(options.configurePassManager(pm)))
    return failure();
  build(pm);
  auto recorder = std::make_unique<FirstFailedPass>();
  FirstFailedPass *failedPass = recorder.get();
  pm.addInstrumentation(std::move(recorder));
  if (succeeded(pm.run(module)))
    return success();
  auto failure = failedPass->first(module);
  Operation *at = failure ? failure->second : module.getOperation();
  InFlightDiagnostic error = emitError(at->getLoc())
                             << "code generation for target '" << target
                             << "' failed";
  if (!failure)
    return error;
  error << " in pass '" << failure->first << "' on '"
        << at->getName().getStringRef() << "'";
  if (auto symbol = dyn_cast<SymbolOpInterface>(at))
    error << " @" << symbol.getName();
  return error;
}

void meld::codegen::KernelBlocks::collect(Operation *module) {
  module->walk([&](Operation *op) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol)
      return;
    if (auto rowsAttr = op->getAttrOfType<IntegerAttr>(kRowsPerBlockAttrName))
      rows[symbol.getName()] = rowsAttr.getInt();
    if (auto dims = op->getAttrOfType<IntegerAttr>(kRowDimsAttrName))
      rowDims[symbol.getName()] = dims.getInt();
    if (auto least = op->getAttrOfType<IntegerAttr>(kMinRowsPerBlockAttrName))
      if (auto threads = op->getAttrOfType<IntegerAttr>(kBlockThreadsAttrName))
        sharedRows[symbol.getName()] = {least.getInt(), threads.getInt()};
    if (auto count = op->getAttrOfType<IntegerAttr>(kGpuBlocksAttrName))
      groups[symbol.getName()] = count.getInt();
    if (auto count = op->getAttrOfType<IntegerAttr>(kGpuColumnBlocksAttrName))
      columns[symbol.getName()] = count.getInt();
    if (auto count = op->getAttrOfType<IntegerAttr>(kHostColumnBlocksAttrName))
      columns[symbol.getName()] = count.getInt();
    if (auto dim =
            op->getAttrOfType<DenseI64ArrayAttr>(kHostColumnBlockDimAttrName);
        dim && (dim.size() == 2 || dim.size() == 3))
      columnDims[symbol.getName()] = {dim[0], dim[1],
                                      dim.size() == 3 ? dim[2] : 0};
    if (auto limit = op->getAttrOfType<IntegerAttr>(kGpuGridStrideAttrName))
      gridStride[symbol.getName()] = limit.getInt();
    if (auto list = op->getAttrOfType<ArrayAttr>(kHostPartsAttrName)) {
      auto &record = parts[symbol.getName()];
      for (Attribute part : list) {
        auto values = cast<ArrayAttr>(part).getAsValueRange<IntegerAttr>();
        std::array<int64_t, 4> entry{};
        for (auto [i, v] : llvm::enumerate(values))
          if (i < entry.size())
            entry[i] = v.getSExtValue();
        record.push_back(entry);
      }
    }
  });
}

/// `a + b`, folded when both are integers.
static llvm::json::Value addFormula(llvm::json::Value a, llvm::json::Value b) {
  std::optional<int64_t> x = a.getAsInteger(), y = b.getAsInteger();
  if (x && y)
    return *x + *y;
  return Object{{"add", Array{std::move(a), std::move(b)}}};
}

/// ceil(rows / `perBlock`), the rows being the product of the first `dims`
/// dims of `shape`; with `fold`, computed where the dims are integers.
static llvm::json::Value rowBlockFormula(const Array &shape, int64_t dims,
                                         int64_t perBlock, bool fold) {
  llvm::json::Value leading = shape[0];
  for (int64_t i = 1; i < dims; ++i) {
    std::optional<int64_t> x = leading.getAsInteger(),
                           y = shape[i].getAsInteger();
    leading = fold && x && y
                  ? llvm::json::Value(*x * *y)
                  : Object{{"mul", Array{std::move(leading), shape[i]}}};
  }
  if (std::optional<int64_t> x = leading.getAsInteger(); fold && x)
    return *x <= 0 ? 0 : (*x + perBlock - 1) / perBlock;
  return Object{{"ceildiv", Array{std::move(leading), perBlock}}};
}

std::optional<llvm::json::Value>
meld::codegen::KernelBlocks::count(const Object &kernel) const {
  StringRef name = *kernel.getString("name");
  if (auto g = groups.find(name); g != groups.end())
    return llvm::json::Value(g->second);
  const Array &outputs = *kernel.getArray("outputs");
  if (auto p = parts.find(name); p != parts.end()) {
    // Constant terms first, then the formulas: one add of each.
    int64_t fixed = 0;
    std::optional<llvm::json::Value> sum;
    for (const std::array<int64_t, 4> &part : p->second) {
      auto [output, perBlock, dims, columns] = part;
      if (perBlock <= 0 || output < 0 ||
          output >= static_cast<int64_t>(outputs.size())) {
        ++fixed;
        continue;
      }
      llvm::json::Value count =
          rowBlockFormula(*outputs[output].getAsObject()->getArray("shape"),
                          dims, perBlock, /*fold=*/true);
      if (columns > 0) {
        std::optional<int64_t> rowBlocks = count.getAsInteger();
        count = rowBlocks ? llvm::json::Value(*rowBlocks * columns)
                          : Object{{"mul", Array{std::move(count), columns}}};
      }
      if (std::optional<int64_t> c = count.getAsInteger())
        fixed += *c;
      else
        sum = sum ? addFormula(std::move(*sum), std::move(count))
                  : std::move(count);
    }
    return sum ? addFormula(fixed, std::move(*sum)) : llvm::json::Value(fixed);
  }
  auto r = rows.find(name);
  if (r == rows.end())
    return std::nullopt;
  // The rows the blocks run over: the leading dimension, or the product
  // of the leading dimensions merged into the rows (kRowDimsAttrName).
  auto d = rowDims.find(name);
  if (auto shared = sharedRows.find(name); shared != sharedRows.end()) {
    // The rows per block as meld-tile-host-blocks computes them (blockRows):
    // min(rows, max(least, ceil(ceil(M / threads) / 8) * 8)).
    auto [least, threads] = shared->second;
    llvm::json::Value m = (*outputs[0].getAsObject()->getArray("shape"))[0];
    Object share{{"ceildiv", Array{m, threads}}};
    Object tiles{{"mul", Array{Object{{"ceildiv", Array{std::move(share), 8}}},
                               8}}};
    Object perBlock{
        {"min", Array{r->second, Object{{"max", Array{least, std::move(tiles)}}}}}};
    return llvm::json::Value(
        Object{{"ceildiv", Array{std::move(m), std::move(perBlock)}}});
  }
  llvm::json::Value rowBlocks = rowBlockFormula(
      *outputs[0].getAsObject()->getArray("shape"),
      d != rowDims.end() ? d->second : 1, r->second, /*fold=*/false);
  if (auto c = columns.find(name); c != columns.end())
    return llvm::json::Value(
        Object{{"mul", Array{std::move(rowBlocks), c->second}}});
  if (auto c = columnDims.find(name); c != columnDims.end()) {
    const Array &shape = *outputs[0].getAsObject()->getArray("shape");
    auto [dim, width, threads] = c->second;
    if (dim < 0 || dim >= static_cast<int64_t>(shape.size()))
      return std::nullopt;
    auto columnBlocks = [&] {
      return llvm::json::Value(Object{{"ceildiv", Array{shape[dim], width}}});
    };
    llvm::json::Value count =
        Object{{"mul", Array{std::move(rowBlocks), columnBlocks()}}};
    if (threads < 2)
      return count;
    // Rows split in `threads` parts while the column blocks are fewer than
    // the threads: parts = threads - (threads - 1) * min(1, max(0, blocks -
    // threads + 1)).
    llvm::json::Value enough = Object{
        {"min",
         Array{1, Object{{"max",
                          Array{0, Object{{"sub", Array{columnBlocks(),
                                                        threads - 1}}}}}}}}};
    llvm::json::Value parts = Object{
        {"sub", Array{threads,
                      Object{{"mul", Array{threads - 1, std::move(enough)}}}}}};
    return llvm::json::Value(
        Object{{"mul", Array{std::move(count), std::move(parts)}}});
  }
  if (auto g = gridStride.find(name); g != gridStride.end())
    return llvm::json::Value(
        Object{{"min", Array{std::move(rowBlocks), g->second}}});
  return rowBlocks;
}

/// At most this many rounds of unfusing for the GPU (each splits every
/// group found unfit in the round before).
static constexpr int kMaxGpuFitRounds = 8;

/// The outer meld.kernel ops of `module`'s programs, or the meld.launch ops
/// that outlining put in their place, in the order meld-outline-kernels
/// visits them (so the i-th launch of the outlined module is the i-th
/// kernel of the fused one).
template <typename OpTy>
static SmallVector<OpTy> outerKernelsInOrder(ModuleOp module) {
  SmallVector<OpTy> found;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func->hasAttr(kKernelAttrName) || func.isExternal())
      continue;
    func.walk([&](OpTy op) {
      if (!op->template getParentOfType<KernelOp>())
        found.push_back(op);
    });
  }
  return found;
}

/// Whether unfusing `kernel` gives smaller kernels: a horizontal kernel's
/// sub-kernels, or more than one op that is not a constant.
static bool isSplittable(KernelOp kernel) {
  if (kernel.getKind() == FusionKind::horizontal)
    return true;
  int64_t ops = 0;
  for (Operation &op : kernel.getBody().front().without_terminator())
    ops += !op.hasTrait<OpTrait::ConstantLike>();
  return ops > 1;
}

/// A GPU kernel keeps its intermediates in workgroup memory, a row block's
/// worth when the row blocks split them. A group whose intermediates do not
/// fit there (data movement that row blocks cannot split: a permutation of
/// a reshaped tensor, a concatenation along rows, a gather whose rows feed
/// a reduction) is unfused (meld::unfuseKernels: first into the parts its
/// computing ops and the data movement after them fall into, then into
/// single ops), and the check repeats, until every kernel fits or the
/// unfit ones are single ops (mapKernelsToGpu then reports those). It runs
/// only when a GPU target is asked for; the host's plan is unchanged.
static LogicalResult fitKernelsToGpu(ModuleOp fused,
                                     const CompileOptions &options,
                                     StringRef target) {
  // A horizontal kernel puts each sub-kernel on workgroups of its own, and
  // a product on one (the GPU mapping tiles and splits the columns of a
  // gemm kernel, not of a sub-kernel): Llama's K and V projections in a
  // decode step, 2 x 4 MiB of weights, took 1.15 ms on an H100 as one such
  // kernel, where the Q projection's 16 MiB took 79 us as a kernel of its
  // own. Such kernels are unfused into their sub-kernels.
  SmallVector<KernelOp> horizontalGemms;
  for (KernelOp kernel : outerKernelsInOrder<KernelOp>(fused))
    if (kernel.getKind() == FusionKind::horizontal &&
        llvm::any_of(kernel.getBody().front().getOps<KernelOp>(),
                     [](KernelOp sub) {
                       return sub.getKind() == FusionKind::gemm;
                     }))
      horizontalGemms.push_back(kernel);
  if (!horizontalGemms.empty() && failed(unfuseKernels(horizontalGemms)))
    return failure();
  for (int round = 0; round < kMaxGpuFitRounds; ++round) {
    OwningOpRef<ModuleOp> outlined = fused.clone();
    {
      ScopedDiagnosticHandler quiet(fused.getContext(),
                                    [](Diagnostic &) { return success(); });
      PassManager pm(fused.getContext());
      pm.addPass(createMeldOutlineKernels());
      if (failed(pm.run(*outlined)))
        return success();
    }
    llvm::StringSet<> unfit =
        codegen::findUnfitGpuKernels(*outlined, options, target);
    if (unfit.empty())
      return success();
    SmallVector<KernelOp> kernels = outerKernelsInOrder<KernelOp>(fused);
    SmallVector<LaunchOp> launches = outerKernelsInOrder<LaunchOp>(*outlined);
    if (kernels.size() != launches.size())
      return success();
    SmallVector<KernelOp> split;
    for (auto [kernel, launch] : llvm::zip(kernels, launches))
      if (unfit.contains(launch.getCallee()) && isSplittable(kernel))
        split.push_back(kernel);
    if (split.empty())
      return success();
    if (failed(unfuseKernels(split)))
      return failure();
  }
  return success();
}

/// The host's launch costs for `options`: given, else the tuning table's
/// or the defaults, over the threads the code is shaped for.
static FailureOr<LaunchCosts>
resolveHostLaunchCosts(const CompileOptions &options, ModuleOp input,
                       std::string &source) {
  llvm::Expected<codegen::HostTarget> target =
      codegen::HostTarget::get(options.hostCpu, options.hostFeatures);
  if (!target)
    return emitError(input.getLoc(), llvm::toString(target.takeError()));
  if (options.hostThreads > 0)
    target->threads = options.hostThreads;
  LaunchCosts costs = codegen::hostLaunchCosts(
      *target, options.hostTuningFile, options.hostLaunchCosts,
      [&](const std::string &warning) {
        emitWarning(input.getLoc(), warning);
      },
      &source);
  if (options.hostLaunchCosts)
    if (std::optional<std::string> invalid =
            codegen::validateLaunchCosts(costs))
      return emitError(input.getLoc(), "host launch costs: ") << *invalid;
  return costs;
}

FailureOr<bundle::Bundle> meld::compileToBundle(ModuleOp input,
                                                const CompileOptions &options) {
  for (const std::string &target : options.targets)
    if (target != "host" && target != "nvptx" && target != "amdgpu")
      return emitError(input.getLoc()) << "unknown target '" << target
                                       << "' (expected host, nvptx or amdgpu)";
  for (const std::string &target : options.targets)
    if (options.strictFp && target != "host")
      return emitError(input.getLoc())
             << "strict floating point is not supported for target '" << target
             << "': its reductions combine partial sums across threads";

  OwningOpRef<ModuleOp> module = input.clone();
  // A GPU kernel keeps a convolution's output image in workgroup memory
  // for its epilogue: larger images leave the epilogue to a kernel of its
  // own. Nor does the GPU mapping compute an epilogue that views the
  // product through reshapes on the product's shape.
  bool gpu = options.emulateGpuOnHost ||
             llvm::any_of(options.targets,
                          [](const std::string &t) { return t != "host"; });
  // The target whose mapping decides which groups a GPU kernel can hold
  // (NVIDIA's and AMD's have the same workgroup memory limit; an emulated
  // GPU mapping is checked as NVIDIA's).
  std::string gpuTarget = "nvptx";
  for (const std::string &target : options.targets)
    if (target != "host") {
      gpuTarget = target;
      break;
    }
  auto fitGpu = [&](ModuleOp fused) {
    return fitKernelsToGpu(fused, options, gpuTarget);
  };
  // A program for the host alone fuses by the host's launch costs.
  std::optional<LaunchCosts> hostCosts;
  std::string hostCostsSource;
  if (!gpu) {
    FailureOr<LaunchCosts> costs =
        resolveHostLaunchCosts(options, input, hostCostsSource);
    if (failed(costs))
      return failure();
    hostCosts = *costs;
  }
  if (failed(outlineProgram(
          *module, options.fuse, options.fusionReport, options.splitReductions,
          options.strictFp, gpu ? codegen::kGpuConvImageBytes : 0,
          /*rowViewEpilogues=*/!gpu, /*hostOnly=*/!gpu,
          hostCosts ? &*hostCosts : nullptr,
          gpu && options.fuse ? function_ref<LogicalResult(ModuleOp)>(fitGpu)
                              : nullptr)))
    return failure();

  bundle::Bundle bundle;
  Array kernels;
  llvm::StringMap<int64_t> kernelIndex;
  SmallVector<func::FuncOp> programs;
  for (auto func : module->getOps<func::FuncOp>()) {
    if (!func->hasAttr(kKernelAttrName)) {
      if (!func.isExternal())
        programs.push_back(func);
      continue;
    }
    FailureOr<Object> desc = codegen::describeKernel(func);
    if (failed(desc))
      return failure();
    (*desc)["host_entry"] = codegen::hostEntryName(func.getSymName());
    kernelIndex[func.getSymName()] = kernels.size();
    kernels.push_back(std::move(*desc));
  }
  Array functions;
  for (func::FuncOp program : programs) {
    FailureOr<Object> schedule =
        codegen::writeSchedule(program, kernelIndex, bundle);
    if (failed(schedule))
      return failure();
    if (auto cost = program->getAttrOfType<DictionaryAttr>("meld.unfused_cost"))
      if (auto launches = cost.getAs<IntegerAttr>("launches"))
        (*schedule)["unfused_launches"] = launches.getInt();
    functions.push_back(std::move(*schedule));
  }

  Array binaries;
  bool gpuLaunchesWritten = false;
  for (const std::string &target : options.targets) {
    if (target == "host") {
      codegen::KernelBlocks blocks;
      FailureOr<Object> host =
          codegen::compileHost(*module, bundle, options, blocks);
      if (failed(host))
        return failure();
      for (llvm::json::Value &k : kernels) {
        Object &kernel = *k.getAsObject();
        if (std::optional<llvm::json::Value> count = blocks.count(kernel))
          kernel["host_blocks"] = std::move(*count);
      }
      // The launch costs its kernels were fused by (a program for the host
      // alone), for the record.
      if (hostCosts)
        (*host)["launch_costs"] = Object{
            {"launch_ns", hostCosts->launchNs},
            {"share_ns", hostCosts->shareNs},
            {"bytes_per_us", hostCosts->bytesPerUs},
            {"threads", hostCosts->threads},
            {"block_elements", hostCosts->blockElements},
            {"source", hostCostsSource}};
      binaries.push_back(std::move(*host));
      continue;
    }
    bool nvptx = target == "nvptx";
    codegen::KernelBlocks blocks;
    FailureOr<OwningOpRef<ModuleOp>> mapped =
        codegen::mapKernelsToGpu(*module, options, target, blocks);
    if (failed(mapped))
      return failure();
    for (const std::string &chip :
         nvptx ? options.nvptxChips : options.amdgpuChips)
      if (failed(codegen::compileGpu(**mapped, bundle, options, nvptx, chip,
                                     binaries)))
        return failure();
    // Every GPU target maps kernels the same way: one launch each.
    if (gpuLaunchesWritten)
      continue;
    gpuLaunchesWritten = true;
    for (llvm::json::Value &k : kernels) {
      Object &kernel = *k.getAsObject();
      kernel["gpu_launch"] =
          Object{{"grid", Array{blocks.count(kernel).value_or(1), 1, 1}},
                 {"block", Array{codegen::kGpuBlockSize, 1, 1}}};
    }
  }

  bundle.metadata["format"] = "meld-bundle";
  bundle.metadata["version"] = static_cast<int64_t>(bundle::kVersion);
  bundle.metadata["fused"] = options.fuse;
  bundle.metadata["kernels"] = std::move(kernels);
  bundle.metadata["functions"] = std::move(functions);
  bundle.metadata["binaries"] = std::move(binaries);
  return bundle;
}
