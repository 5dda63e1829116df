//===- meld-compile.cpp - Compile meld programs into bundles --------------===//
//
//   meld-compile model.mlir --targets=host,nvptx,amdgpu -o model.meldb
//
// Parses and verifies the program, fuses it (unless --no-fuse), outlines the
// kernels, generates code for each target and writes one .meldb bundle
// (docs/bundle-format.md). --print-metadata prints the bundle's JSON
// (kernels, launch formulas, schedules) instead of, or as well as, writing.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Codegen/Passes.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Support/Limits.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("meld-compile options");
static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<program.mlir>"), cl::init("-"),
                                      cl::cat(category));
static cl::opt<std::string> outputFile("o", cl::desc("Output bundle"),
                                       cl::value_desc("file.meldb"),
                                       cl::init(""), cl::cat(category));
static cl::list<std::string> targets("targets",
                                     cl::desc("Targets: host, nvptx, amdgpu"),
                                     cl::CommaSeparated, cl::cat(category));
static cl::opt<bool> noFuse("no-fuse",
                            cl::desc("One kernel per op (no fusion)"),
                            cl::init(false), cl::cat(category));
static cl::opt<bool> strictFp(
    "strict-fp",
    cl::desc("Strict floating point (host only): sums in program order, "
             "C library math functions"),
    cl::init(false), cl::cat(category));
static cl::opt<bool> splitReductions(
    "split-reductions",
    cl::desc("Split long reductions (full sums, means, sums over the rows of "
             "a tall matrix) into a parallel partial stage and a final stage "
             "(default on; --split-reductions=false keeps one kernel)"),
    cl::init(true), cl::cat(category));
static cl::opt<bool> tensorCores(
    "tensor-cores",
    cl::desc("Compute f16 matmuls on matrix cores: NVIDIA tensor cores, "
             "and AMD CDNA's MFMA when every --amdgpu-chips chip has it "
             "(default on; --tensor-cores=false keeps the plain tiled GEMM)"),
    cl::init(true), cl::cat(category));
static cl::opt<bool> mmaSync(
    "mma-sync",
    cl::desc("With --tensor-cores, compute NVIDIA's f16 matmuls with PTX "
             "mma.sync m16n8k16 (nvgpu.mma.sync; default on) rather than "
             "WMMA fragments (--mma-sync=false)"),
    cl::init(true), cl::cat(category));
static cl::opt<int64_t> gridStrideLimit(
    "gpu-grid-stride-limit",
    cl::desc("The most workgroups a pointwise GPU kernel is launched with; "
             "beyond, its workgroups stride over the grid (default 4096; 0 "
             "launches one workgroup per block)"),
    cl::init(meld::codegen::kGpuGridStrideLimit), cl::cat(category));
static cl::opt<bool> emulateGpu(
    "emulate-gpu-on-host",
    cl::desc("Compile the host code through the GPU kernel mapping "
             "(workgroups and threads as loops), to check it with meld-run"),
    cl::init(false), cl::cat(category));
static cl::list<std::string>
    nvptxChips("nvptx-chips", cl::desc("NVPTX chips (default sm_80,sm_90)"),
               cl::CommaSeparated, cl::cat(category));
static cl::list<std::string>
    amdgpuChips("amdgpu-chips",
                cl::desc("AMDGPU chips (default gfx90a,gfx942)"),
                cl::CommaSeparated, cl::cat(category));
static cl::opt<std::string> cudaPath("cuda-path",
                                     cl::desc("CUDA toolkit (libdevice)"),
                                     cl::init(""), cl::cat(category));
static cl::opt<std::string>
    rocmPath("rocm-path",
             cl::desc("ROCm root (amdgcn/bitcode device libraries)"),
             cl::init(""), cl::cat(category));
static cl::opt<unsigned> optLevel("O", cl::desc("Optimization level"),
                                  cl::init(3), cl::Prefix, cl::cat(category));
static cl::opt<bool>
    printMetadata("print-metadata",
                  cl::desc("Print the bundle metadata (JSON) to stdout"),
                  cl::init(false), cl::cat(category));

static cl::opt<bool> printFusionReport(
    "fusion-report",
    cl::desc("Print the fusion report (what fused, and why the rest did "
             "not) to stderr"),
    cl::init(false), cl::cat(category));

static cl::opt<std::string> dumpBinaries(
    "dump-binaries",
    cl::desc("Also write every binary of the bundle into this directory "
             "(<target>-<chip>-<module>.ptx / .hsaco, host.o, or host.a "
             "for host code compiled in parts)"),
    cl::value_desc("dir"), cl::init(""), cl::cat(category));

static cl::opt<std::string>
    hostCpu("cpu",
            cl::desc("Host CPU to compile for, as LLVM names it (znver4, "
                     "sapphirerapids, skylake-avx512, haswell, x86-64-v3); "
                     "default: this machine's"),
            cl::value_desc("name"), cl::init(""), cl::cat(category));
static cl::opt<std::string> hostFeatures(
    "cpu-features",
    cl::desc("Host CPU features to add or remove, e.g. +avx512f,-amx-tile"),
    cl::value_desc("list"), cl::init(""), cl::cat(category));
static cl::opt<unsigned> hostCodegenParts(
    "host-codegen-parts",
    cl::desc("Parts the host code is optimized and emitted in, each on its "
             "own thread; more than one gives an archive of objects "
             "(default 0: as many as the code's size pays for, up to this "
             "machine's threads)"),
    cl::init(0), cl::cat(category));
static cl::opt<unsigned> hostThreads(
    "host-threads",
    cl::desc("Threads the host code's blocks are balanced over (default: "
             "this machine's hardware threads)"),
    cl::value_desc("n"), cl::init(0), cl::cat(category));
static cl::opt<std::string> hostTuning(
    "host-tuning",
    cl::desc("Host tuning table (meld-tune-host); default: $MELD_HOST_TUNING "
             "or ~/.cache/meld/host-tuning.json; 'none' for the heuristic"),
    cl::value_desc("file"), cl::init(""), cl::cat(category));
static cl::list<int64_t> hostGemmTiles(
    "host-gemm-tiles",
    cl::desc("Host GEMM tiles instead of the table's: tile rows, tile "
             "columns, k block, block rows (e.g. 8,32,128,128)"),
    cl::CommaSeparated, cl::cat(category));
static cl::list<int64_t> hostLaunchCosts(
    "host-launch-costs",
    cl::desc("Host launch costs horizontal fusion decides by, instead of the "
             "table's: launch ns, sharing ns, bytes per us (e.g. 450,1200,"
             "85000)"),
    cl::CommaSeparated, cl::cat(category));
static cl::opt<std::string>
    hostAsm("host-asm",
            cl::desc("Also write the host code's assembly to this file "
                     "('-' for stdout)"),
            cl::value_desc("file"), cl::init(""), cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "meld-compile") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Pass names first, so that --mlir-print-ir-before/after=<pass> know them.
  registerAllPasses();
  meld::registerAllMeldPasses();
  meld::registerMeldCodegenPasses();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::HideUnrelatedOptions({&category, &meld::registerProgramLimitsCLOptions()});
  cl::ParseCommandLineOptions(
      argc, argv, "meld-compile: compile a meld program into a bundle\n");
  if (outputFile.empty() && !printMetadata)
    return fail("no output: give -o <file.meldb> or --print-metadata");

  // A CPU or feature LLVM does not know is an error before anything runs.
  if (llvm::Expected<meld::codegen::HostTarget> target =
          meld::codegen::HostTarget::get(hostCpu, hostFeatures);
      !target)
    return fail(llvm::toString(target.takeError()));
  if (!hostGemmTiles.empty() && hostGemmTiles.size() != 4)
    return fail("--host-gemm-tiles takes four numbers: tile rows, tile "
                "columns, k block, block rows");
  if (!hostLaunchCosts.empty() && hostLaunchCosts.size() != 3)
    return fail("--host-launch-costs takes three numbers: launch ns, sharing "
                "ns, bytes per us");

  DialectRegistry registry;
  registry.insert<meld::MeldDialect>();
  meld::codegen::registerCodegenDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // IR dumps (--mlir-print-ir-*) come in the program's order: with MLIR's
  // threads, a pass on functions prints each as its thread finishes it, an
  // order that changes from run to run (and FileCheck tests read it).
  if (llvm::any_of(cl::getRegisteredOptions(), [](const auto &entry) {
        return entry.first.starts_with("mlir-print-ir") &&
               entry.second->getNumOccurrences() > 0;
      }))
    context.disableMultithreading();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFile, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = meld::parseCheckedModule(
      sourceMgr, &context, meld::getProgramLimitsFromCL());
  if (!module)
    return 1;

  meld::CompileOptions options;
  if (!targets.empty())
    options.targets.assign(targets.begin(), targets.end());
  options.fuse = !noFuse;
  options.emulateGpuOnHost = emulateGpu;
  options.strictFp = strictFp;
  options.splitReductions = splitReductions;
  options.tensorCores = tensorCores;
  options.mmaSync = mmaSync;
  if (gridStrideLimit < 0) {
    llvm::errs() << "meld-compile: --gpu-grid-stride-limit must be 0 or "
                    "positive, not "
                 << gridStrideLimit << "\n";
    return 1;
  }
  options.gpuGridStrideLimit = gridStrideLimit;
  if (!nvptxChips.empty())
    options.nvptxChips.assign(nvptxChips.begin(), nvptxChips.end());
  if (!amdgpuChips.empty())
    options.amdgpuChips.assign(amdgpuChips.begin(), amdgpuChips.end());
  options.cudaPath = cudaPath;
  options.rocmDeviceLibs = rocmPath;
  options.optLevel = optLevel;
  options.hostCpu = hostCpu;
  options.hostFeatures = hostFeatures;
  options.hostTuningFile = hostTuning;
  options.hostThreads = hostThreads;
  options.hostCodegenParts = hostCodegenParts;
  if (!hostGemmTiles.empty()) {
    meld::codegen::HostGemmTiles tiles;
    tiles.tileRows = hostGemmTiles[0];
    tiles.tileCols = hostGemmTiles[1];
    tiles.kBlock = hostGemmTiles[2];
    tiles.blockRows = hostGemmTiles[3];
    options.hostGemmTiles = tiles;
  }
  if (!hostLaunchCosts.empty()) {
    meld::LaunchCosts costs;
    costs.launchNs = hostLaunchCosts[0];
    costs.shareNs = hostLaunchCosts[1];
    costs.bytesPerUs = hostLaunchCosts[2];
    options.hostLaunchCosts = costs;
  }
  std::string assembly;
  if (!hostAsm.empty())
    options.hostAssembly = &assembly;
  options.configurePassManager = [](PassManager &pm) {
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    applyDefaultTimingPassManagerCLOptions(pm);
    return success();
  };

  std::string fusionReport;
  if (printFusionReport)
    options.fusionReport = &fusionReport;
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  llvm::errs() << fusionReport;
  if (failed(bundle))
    return 1;

  if (!hostAsm.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> out =
        openOutputFile(hostAsm, &errorMessage);
    if (!out)
      return fail(errorMessage);
    out->os() << assembly;
    out->keep();
  }
  if (!dumpBinaries.empty()) {
    if (std::error_code ec = llvm::sys::fs::create_directories(dumpBinaries))
      return fail("cannot create '" + dumpBinaries + "': " + ec.message());
    for (const llvm::json::Value &v : *bundle->metadata.getArray("binaries")) {
      const llvm::json::Object &b = *v.getAsObject();
      StringRef target = *b.getString("target");
      std::string name =
          target == "host"
              ? std::string(*b.getString("format") == "elf-archive" ? "host.a"
                                                                    : "host.o")
              : (target + "-" + *b.getString("chip") + "-" +
                 *b.getString("module") + "." + *b.getString("format"))
                    .str();
      llvm::SmallString<256> path(dumpBinaries);
      llvm::sys::path::append(path, name);
      std::unique_ptr<llvm::ToolOutputFile> out =
          openOutputFile(path, &errorMessage);
      if (!out)
        return fail(errorMessage);
      out->os() << bundle->blobs[*b.getInteger("blob")];
      out->keep();
    }
  }
  if (printMetadata)
    llvm::outs() << llvm::formatv(
        "{0:2}\n", llvm::json::Value(llvm::json::Object(bundle->metadata)));
  if (!outputFile.empty()) {
    std::unique_ptr<llvm::ToolOutputFile> out =
        openOutputFile(outputFile, &errorMessage);
    if (!out)
      return fail(errorMessage);
    bundle->write(out->os());
    out->keep();
  }
  return 0;
}
