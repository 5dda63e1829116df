//===- Compiler.cpp - Programs to bundles ---------------------------------===//
//
// canonicalize -> fuse -> outline -> per target: kernels to code; schedules
// and kernel metadata to JSON; everything into one bundle.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Compiler.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Passes.h"
#include "meld/Codegen/Schedule.h"
#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <mutex>

using namespace mlir;
using namespace meld;
using llvm::json::Array;
using llvm::json::Object;

#ifndef MELD_DEFAULT_CUDA_PATH
#define MELD_DEFAULT_CUDA_PATH "/usr/local/cuda"
#endif
#ifndef MELD_DEFAULT_ROCM_ROOT
#define MELD_DEFAULT_ROCM_ROOT "/opt/rocm"
#endif

/// The workgroup memory a GPU kernel may use (meld-map-to-gpu's limit).
static constexpr int64_t kGpuConvImageBytes = 48 * 1024;

LogicalResult meld::outlineProgram(ModuleOp module, bool fuse,
                                   std::string *fusionReport,
                                   bool splitReductions, bool strictFp,
                                   int64_t maxConvImageBytes) {
  PassManager fusePm(module.getContext());
  fusePm.addPass(createCanonicalizerPass());
  // Long reductions become a parallel partial stage and a final stage, also
  // unfused (a lone full sum is the case that needs it most).
  MeldSplitReductionsOptions split;
  split.strictFp = strictFp;
  if (fuse && splitReductions) {
    buildSplitFusionPipeline(fusePm, split, maxConvImageBytes);
  } else if (fuse) {
    buildFusionPipeline(fusePm, maxConvImageBytes);
  } else {
    fusePm.addNestedPass<func::FuncOp>(createMeldOutlineSingletons());
    if (splitReductions)
      fusePm.addNestedPass<func::FuncOp>(createMeldSplitReductions(split));
  }
  if (failed(fusePm.run(module)))
    return failure();
  if (fusionReport) {
    llvm::raw_string_ostream os(*fusionReport);
    printFusionReport(module, os, MeldFusionReportOptions().dynamicDimEstimate);
  }
  PassManager outlinePm(module.getContext());
  outlinePm.addPass(createMeldOutlineKernels());
  return outlinePm.run(module);
}

/// Erases every function that is not an outlined kernel.
static void keepKernelsOnly(ModuleOp module) {
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

static LogicalResult runPipeline(ModuleOp module, StringRef target,
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

namespace {
/// How a target splits each kernel into blocks: rows per block for kernels
/// meld-tile-host-blocks split, or a fixed count for horizontal kernels
/// whose sub-kernels meld-map-to-gpu put on workgroups of their own.
struct KernelBlocks {
  llvm::StringMap<int64_t> rows, rowDims, groups, columns, gridStride;

  void collect(Operation *module) {
    module->walk([&](Operation *op) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (!symbol)
        return;
      if (auto rowsAttr = op->getAttrOfType<IntegerAttr>(kRowsPerBlockAttrName))
        rows[symbol.getName()] = rowsAttr.getInt();
      if (auto dims = op->getAttrOfType<IntegerAttr>(kRowDimsAttrName))
        rowDims[symbol.getName()] = dims.getInt();
      if (auto count = op->getAttrOfType<IntegerAttr>(kGpuBlocksAttrName))
        groups[symbol.getName()] = count.getInt();
      if (auto count = op->getAttrOfType<IntegerAttr>(kGpuColumnBlocksAttrName))
        columns[symbol.getName()] = count.getInt();
      if (auto count =
              op->getAttrOfType<IntegerAttr>(kHostColumnBlocksAttrName))
        columns[symbol.getName()] = count.getInt();
      if (auto limit = op->getAttrOfType<IntegerAttr>(kGpuGridStrideAttrName))
        gridStride[symbol.getName()] = limit.getInt();
    });
  }

  /// ceil(rows / rows-per-block) of the kernel's first output (times the
  /// column blocks of a GEMM split both ways, or of a few-row host GEMM
  /// split along its columns; at most the limit of a
  /// grid-stride kernel), the group count, or nothing (one block).
  std::optional<llvm::json::Value> count(const Object &kernel) const {
    StringRef name = *kernel.getString("name");
    if (auto g = groups.find(name); g != groups.end())
      return llvm::json::Value(g->second);
    auto r = rows.find(name);
    if (r == rows.end())
      return std::nullopt;
    const Array &outputs = *kernel.getArray("outputs");
    const Array &shape = *outputs[0].getAsObject()->getArray("shape");
    // The rows the blocks run over: the leading dimension, or the product
    // of the leading dimensions merged into the rows (kRowDimsAttrName).
    llvm::json::Value leading = shape[0];
    if (auto d = rowDims.find(name); d != rowDims.end())
      for (int64_t i = 1; i < d->second; ++i)
        leading = Object{{"mul", Array{std::move(leading), shape[i]}}};
    llvm::json::Value rowBlocks =
        Object{{"ceildiv", Array{leading, r->second}}};
    if (auto c = columns.find(name); c != columns.end())
      return llvm::json::Value(
          Object{{"mul", Array{std::move(rowBlocks), c->second}}});
    if (auto g = gridStride.find(name); g != gridStride.end())
      return llvm::json::Value(
          Object{{"min", Array{std::move(rowBlocks), g->second}}});
    return rowBlocks;
  }
};
} // namespace

/// Compiles the kernels for the host; `blocks` receives how each kernel is
/// split into blocks.
static FailureOr<Object> compileHost(ModuleOp outlined, bundle::Bundle &bundle,
                                     const CompileOptions &options,
                                     KernelBlocks &blocks) {
  OwningOpRef<ModuleOp> module = outlined.clone();
  keepKernelsOnly(*module);
  bool emulate = options.emulateGpuOnHost;
  if (failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        codegen::buildKernelBufferPipeline(
            pm,
            emulate ? codegen::BlockTiling::Gpu : codegen::BlockTiling::Host,
            /*deallocate=*/!emulate, options.strictFp);
      })))
    return failure();
  if (emulate &&
      failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        MeldMapToGpuOptions map;
        map.emulate = true;
        map.mfma = options.emulateMfma;
        map.mmaSync = options.emulateMmaSync;
        map.blockSize = codegen::kGpuBlockSize;
        map.gridStrideLimit = options.gpuGridStrideLimit;
        pm.addPass(createMeldMapToGpu(map));
        pm.addPass(createCanonicalizerPass());
        bufferization::buildBufferDeallocationPipeline(pm);
      })))
    return failure();
  blocks.collect(*module);
  if (failed(runPipeline(*module, "host", options, [&](OpPassManager &pm) {
        codegen::buildHostLLVMPipeline(pm, options.strictFp,
                                       options.portableHostExp);
      })))
    return failure();
  FailureOr<codegen::HostObject> object =
      codegen::emitHostObject(*module, options.optLevel);
  if (failed(object))
    return failure();
  int64_t blob = bundle.addBlob(std::move(object->object));
  return Object{{"target", "host"},
                {"format", "elf-relocatable"},
                {"triple", object->triple},
                {"cpu", object->cpu},
                {"blob", blob}};
}

/// Whether AMD `chip` ("gfx90a", "gfx942:sramecc+", ...) has the CDNA
/// matrix cores (v_mfma_f32_16x16x16f16, wave64).
static bool hasMfma(StringRef chip) {
  chip = chip.take_until([](char c) { return c == ':'; });
  return llvm::is_contained(
      {"gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"}, chip);
}

/// Kernels in buffer form to one gpu.module holding one GPU kernel per
/// kernel (meld-map-to-gpu); f16 GEMMs on matrix cores: NVIDIA tensor cores
/// (`tensorCores`, through `mmaSync` or fragments) or AMD CDNA's (`mfma`);
/// pointwise kernels on grids of at most `gridStrideLimit` workgroups.
static void buildGpuMappingPipeline(OpPassManager &pm, bool tensorCores,
                                    bool mmaSync, bool mfma,
                                    int64_t gridStrideLimit) {
  MeldMapToGpuOptions map;
  map.blockSize = codegen::kGpuBlockSize;
  map.gridStrideLimit = gridStrideLimit;
  map.tensorCores = tensorCores;
  map.mmaSync = mmaSync;
  map.mfma = mfma;
  pm.addPass(createMeldMapToGpu(map));
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createMeldLowerStridedCopies());
  gpuPm.addPass(createConvertLinalgToLoopsPass());
  gpuPm.addPass(createMeldLowerGpuChecks());
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
}

/// Whether the kernels for NVIDIA `chip` ("sm_90", "sm_90a", ...) wait
/// for their grid dependencies (meld-grid-dependency-control): sm_90 and
/// newer have griddepcontrol.
static bool hasGridDependencyControl(StringRef chip) {
  unsigned capability = 0;
  chip.consume_front("sm_");
  chip = chip.take_while(llvm::isDigit);
  return !chip.getAsInteger(10, capability) && capability >= 90;
}

static void buildGpuLoweringPipeline(OpPassManager &pm, bool nvptx,
                                     StringRef chip) {
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createMeldLowerDynamicExpandShapes());
  gpuPm.addPass(memref::createExpandStridedMetadataPass());
  gpuPm.addPass(createLowerAffinePass());
  gpuPm.addPass(createSCFToControlFlowPass());
  gpuPm.addPass(createMeldLowerAllReduce());
  if (nvptx) {
    if (hasGridDependencyControl(chip))
      gpuPm.addPass(createMeldGridDependencyControl());
    gpuPm.addPass(createConvertNVGPUToNVVMPass());
    gpuPm.addPass(createConvertGpuOpsToNVVMOps());
  } else {
    // The AMDGPU back end has no lowering for llvm.tanh and the ROCDL
    // conversion emits it; expand tanh into exp, which maps to OCML.
    math::MathExpandOpsPassOptions expand;
    expand.opMnemonics = {"tanh"};
    gpuPm.addPass(math::createMathExpandOpsPass(expand));
    ConvertAMDGPUToROCDLPassOptions mfma;
    mfma.chipset = chip.str();
    gpuPm.addPass(createConvertAMDGPUToROCDLPass(mfma));
    ConvertGpuOpsToROCDLOpsOptions rocdl;
    rocdl.chipset = chip.str();
    gpuPm.addPass(createConvertGpuOpsToROCDLOps(rocdl));
  }
  gpuPm.addPass(createCanonicalizerPass());
  gpuPm.addPass(createCSEPass());
  gpuPm.addPass(createReconcileUnrealizedCastsPass());
}

/// The kernels of `outlined` as one gpu.module of GPU kernels
/// (chip-independent, so done once per target); `blocks` receives how each
/// kernel is split into workgroups.
static FailureOr<OwningOpRef<ModuleOp>>
mapKernelsToGpu(ModuleOp outlined, const CompileOptions &options,
                StringRef target, KernelBlocks &blocks) {
  OwningOpRef<ModuleOp> module = outlined.clone();
  keepKernelsOnly(*module);
  if (failed(runPipeline(*module, target, options, [&](OpPassManager &pm) {
        codegen::buildKernelBufferPipeline(pm, codegen::BlockTiling::Gpu,
                                           /*deallocate=*/false);
        // One mapping serves every chip of the target: AMD's matrix cores
        // only when each chip asked for has them.
        bool nvidiaTensorCores = options.tensorCores && target == "nvptx";
        buildGpuMappingPipeline(
            pm, nvidiaTensorCores, nvidiaTensorCores && options.mmaSync,
            options.tensorCores && target == "amdgpu" &&
                llvm::all_of(options.amdgpuChips,
                             [](const std::string &c) { return hasMfma(c); }),
            options.gpuGridStrideLimit);
      })))
    return failure();
  blocks.collect(*module);
  return module;
}

/// Compiles the mapped kernels for one GPU chip and adds one blob per GPU
/// module.
static LogicalResult compileGpu(ModuleOp mapped, bundle::Bundle &bundle,
                                const CompileOptions &options, bool nvptx,
                                StringRef chip, Array &binaries) {
  StringRef target = nvptx ? "nvptx" : "amdgpu";
  OwningOpRef<ModuleOp> module = mapped.clone();
  std::string cuda =
      options.cudaPath.empty() ? MELD_DEFAULT_CUDA_PATH : options.cudaPath;
  std::string rocm = options.rocmDeviceLibs.empty() ? MELD_DEFAULT_ROCM_ROOT
                                                    : options.rocmDeviceLibs;
  std::string toolkit = nvptx ? cuda : rocm;
  // Every kernel became the GPU kernel of the same name.
  Array kernelNames;
  module->walk([&](gpu::GPUFuncOp func) {
    kernelNames.push_back(func.getName().str());
  });
  if (failed(runPipeline(*module, target, options, [&](OpPassManager &pm) {
        if (nvptx) {
          GpuNVVMAttachTargetOptions attach;
          attach.chip = chip.str();
          // PTX 8.1: kernel parameters up to 32 KB (horizontal kernels pass
          // hundreds of buffers); needs a CUDA 12.1 or newer driver.
          attach.features = "+ptx81";
          attach.optLevel = options.optLevel;
          pm.addPass(createGpuNVVMAttachTarget(attach));
        } else {
          GpuROCDLAttachTargetOptions attach;
          attach.chip = chip.str();
          attach.abiVersion = "500";
          attach.optLevel = options.optLevel;
          pm.addPass(createGpuROCDLAttachTarget(attach));
        }
        buildGpuLoweringPipeline(pm, nvptx, chip);
        GpuModuleToBinaryPassOptions toBinary;
        toBinary.toolkitPath = toolkit;
        toBinary.compilationTarget = nvptx ? "isa" : "bin";
        pm.addPass(createGpuModuleToBinaryPass(toBinary));
      })))
    return failure();

  LogicalResult result = success();
  module->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      StringRef bytes = object.getObject().getValue();
      if (nvptx && bytes.contains(".extern .func __nv_")) {
        emitError(binary.getLoc())
            << "nvptx: kernel module '" << binary.getSymName()
            << "' calls CUDA libdevice math functions, but no libdevice was "
               "found under '"
            << cuda << "' (set the CUDA toolkit path)";
        result = failure();
        return;
      }
      int64_t blob = bundle.addBlob(bytes.str());
      Object entry{{"target", target},
                   {"chip", chip.str()},
                   {"format", nvptx ? "ptx" : "hsaco"},
                   {"module", binary.getSymName().str()},
                   {"kernels", Array(kernelNames)},
                   {"blob", blob}};
      if (nvptx && hasGridDependencyControl(chip))
        entry["grid_dependency_wait"] = true;
      binaries.push_back(std::move(entry));
    }
  });
  return result;
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
  // own.
  bool gpu = options.emulateGpuOnHost ||
             llvm::any_of(options.targets,
                          [](const std::string &t) { return t != "host"; });
  if (failed(outlineProgram(*module, options.fuse, options.fusionReport,
                            options.splitReductions, options.strictFp,
                            gpu ? kGpuConvImageBytes : 0)))
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
      KernelBlocks blocks;
      FailureOr<Object> host = compileHost(*module, bundle, options, blocks);
      if (failed(host))
        return failure();
      for (llvm::json::Value &k : kernels) {
        Object &kernel = *k.getAsObject();
        if (std::optional<llvm::json::Value> count = blocks.count(kernel))
          kernel["host_blocks"] = std::move(*count);
      }
      binaries.push_back(std::move(*host));
      continue;
    }
    bool nvptx = target == "nvptx";
    KernelBlocks blocks;
    FailureOr<OwningOpRef<ModuleOp>> mapped =
        mapKernelsToGpu(*module, options, target, blocks);
    if (failed(mapped))
      return failure();
    for (const std::string &chip :
         nvptx ? options.nvptxChips : options.amdgpuChips)
      if (failed(compileGpu(**mapped, bundle, options, nvptx, chip, binaries)))
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
