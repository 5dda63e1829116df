//===- GpuPipeline.cpp - Kernels to NVPTX and AMDGPU code -----------------===//
//
// The GPU back ends: kernels in buffer form to one gpu.module of GPU
// kernels (meld-map-to-gpu), then per chip to NVVM or ROCDL and a PTX or
// HSACO blob; mapKernelsToGpu and compileGpu are the GPU targets of
// compileToBundle (Common/Compiler.cpp).
//
//===----------------------------------------------------------------------===//

#include "GPU/CompileGpu.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/xxhash.h"

#include <unistd.h>

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
#ifndef MELD_LLVM_PREFIX
#define MELD_LLVM_PREFIX "/usr/lib/llvm-22"
#endif
#ifndef MELD_DEBIAN_AMDGCN
#define MELD_DEBIAN_AMDGCN "/usr/lib/x86_64-linux-gnu/amdgcn"
#endif

/// Whether `root` holds what the AMDGPU back end reads: the device
/// libraries and the linker.
static bool isRocmRoot(StringRef root) {
  llvm::SmallString<256> bitcode(root), lld(root);
  llvm::sys::path::append(bitcode, "amdgcn", "bitcode");
  llvm::sys::path::append(lld, "llvm", "bin", "ld.lld");
  return llvm::sys::fs::is_directory(bitcode) && llvm::sys::fs::exists(lld);
}

/// Whether `path` is a directory (not a link) of this user's that no one
/// else may write: the linker it names is run.
static bool isPrivateDirectory(StringRef path) {
  namespace fs = llvm::sys::fs;
  fs::file_status status;
  if (fs::status(path, status, /*Follow=*/false))
    return false;
  return status.type() == fs::file_type::directory_file &&
         status.getUser() == ::getuid() &&
         !(status.permissions() & (fs::group_write | fs::others_write));
}

std::string meld::resolveRocmRoot(StringRef configured, StringRef built) {
  namespace fs = llvm::sys::fs;
  if (!configured.empty())
    return configured.str();
  if (std::optional<std::string> env = llvm::sys::Process::GetEnv("ROCM_PATH"))
    if (!env->empty())
      return *env;
  if (built.empty())
    built = MELD_DEFAULT_ROCM_ROOT;
  if (isRocmRoot(built))
    return built.str();
  llvm::SmallString<256> root;
  if (!fs::is_directory(MELD_DEBIAN_AMDGCN) ||
      !llvm::sys::path::cache_directory(root))
    return "/opt/rocm";
  // Debian's layout linked into the one MLIR's ROCDL target expects, in the
  // user's cache directory ($XDG_CACHE_HOME, ~/.cache), named by what it
  // links to: built beside its place, private, then renamed into place.
  std::string targets =
      std::string(MELD_DEBIAN_AMDGCN) + "\n" + MELD_LLVM_PREFIX;
  llvm::sys::path::append(root, "meld",
                          "rocm-root-" +
                              llvm::utohexstr(llvm::xxh3_64bits(targets),
                                              /*LowerCase=*/true));
  if (isPrivateDirectory(root) && isRocmRoot(root))
    return std::string(root);
  if (fs::create_directories(llvm::sys::path::parent_path(root)))
    return "/opt/rocm";
  std::string temp =
      (root + ".tmp-" + std::to_string(llvm::sys::Process::getProcessId()))
          .str();
  (void)fs::remove_directories(temp);
  if (!fs::create_directory(temp, /*IgnoreExisting=*/false, fs::owner_all)) {
    (void)fs::create_link(MELD_DEBIAN_AMDGCN, temp + "/amdgcn");
    (void)fs::create_link(MELD_LLVM_PREFIX, temp + "/llvm");
    // (a broken root of this user's goes first; another process may have
    // put a good one in place meanwhile: then the rename fails, and that
    // one is used)
    if (isPrivateDirectory(root) && !isRocmRoot(root))
      (void)fs::remove_directories(root);
    if (fs::rename(temp, root))
      (void)fs::remove_directories(temp);
  }
  return isPrivateDirectory(root) && isRocmRoot(root)
             ? std::string(root)
             : std::string("/opt/rocm");
}

/// Whether AMD `chip` ("gfx90a", "gfx942:sramecc+", ...) has the CDNA
/// matrix cores (v_mfma_f32_16x16x16f16, wave64).
static bool hasMfma(StringRef chip) {
  chip = chip.take_until([](char c) { return c == ':'; });
  return llvm::is_contained(
      {"gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"}, chip);
}

/// meld-map-to-gpu's options for `target`: f16 GEMMs on matrix cores,
/// NVIDIA tensor cores (through mma.sync or fragments) or AMD CDNA's (one
/// mapping serves every chip of the target: AMD's matrix cores only when
/// each chip asked for has them); pointwise kernels on grids of at most
/// the grid-stride limit.
static MeldMapToGpuOptions gpuMapOptions(const CompileOptions &options,
                                         StringRef target) {
  MeldMapToGpuOptions map;
  map.blockSize = codegen::kGpuBlockSize;
  map.gridStrideLimit = options.gpuGridStrideLimit;
  map.tensorCores = options.tensorCores && target == "nvptx";
  map.mmaSync = map.tensorCores && options.mmaSync;
  map.mfma = options.tensorCores && target == "amdgpu" &&
             llvm::all_of(options.amdgpuChips,
                          [](const std::string &c) { return hasMfma(c); });
  return map;
}

/// Kernels in buffer form to one gpu.module holding one GPU kernel per
/// kernel (meld-map-to-gpu with `map`).
static void buildGpuMappingPipeline(OpPassManager &pm,
                                    const MeldMapToGpuOptions &map) {
  pm.addPass(createMeldMapToGpu(map));
  OpPassManager &gpuPm = pm.nest<gpu::GPUModuleOp>();
  gpuPm.addPass(createMeldLowerStridedCopies());
  gpuPm.addPass(createConvertLinalgToLoopsPass());
  gpuPm.addPass(createMeldPromoteLoopAccumulators());
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

FailureOr<OwningOpRef<ModuleOp>>
meld::codegen::mapKernelsToGpu(ModuleOp outlined, const CompileOptions &options,
                               StringRef target, KernelBlocks &blocks) {
  OwningOpRef<ModuleOp> module = outlined.clone();
  keepKernelsOnly(*module);
  if (failed(runPipeline(*module, target, options, [&](OpPassManager &pm) {
        codegen::buildKernelBufferPipeline(pm, codegen::BlockTiling::Gpu,
                                           /*deallocate=*/false);
        buildGpuMappingPipeline(pm, gpuMapOptions(options, target));
      })))
    return failure();
  blocks.collect(*module);
  return module;
}

llvm::StringSet<>
meld::codegen::findUnfitGpuKernels(ModuleOp outlined,
                                   const CompileOptions &options,
                                   StringRef target) {
  OwningOpRef<ModuleOp> module = outlined.clone();
  keepKernelsOnly(*module);
  llvm::StringSet<> unfit;
  // Diagnostics of a mapping that fails here come again from
  // mapKernelsToGpu; this check says nothing.
  ScopedDiagnosticHandler quiet(module->getContext(),
                                [](Diagnostic &) { return success(); });
  PassManager pm(module->getContext());
  codegen::buildKernelBufferPipeline(pm, codegen::BlockTiling::Gpu,
                                     /*deallocate=*/false);
  MeldMapToGpuOptions map = gpuMapOptions(options, target);
  map.reportUnfit = true;
  pm.addPass(createMeldMapToGpu(map));
  if (failed(pm.run(*module)))
    return unfit;
  if (auto names = (*module)->getAttrOfType<ArrayAttr>(
          kGpuUnfitKernelsAttrName))
    for (auto name : names.getAsValueRange<StringAttr>())
      unfit.insert(name);
  return unfit;
}

LogicalResult meld::codegen::compileGpu(ModuleOp mapped, bundle::Bundle &bundle,
                                        const CompileOptions &options,
                                        bool nvptx, StringRef chip,
                                        Array &binaries) {
  StringRef target = nvptx ? "nvptx" : "amdgpu";
  OwningOpRef<ModuleOp> module = mapped.clone();
  std::string cuda =
      options.cudaPath.empty() ? MELD_DEFAULT_CUDA_PATH : options.cudaPath;
  std::string rocm =
      nvptx ? std::string() : resolveRocmRoot(options.rocmDeviceLibs);
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
