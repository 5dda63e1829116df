//===- DifferentialFuzzer.cpp - Interpreter vs fusion vs compiled code ----===//
//
// Input: the parameters of a random program (meld/Testing/RandomProgram.h:
// a DAG of elementwise ops, broadcasts, transposes, reductions over any
// axes, matmuls, concatenations sliced back, gathers and selects): its
// seed, op count, dimension sizes (up to 143 with the size byte's top bit)
// and locality. The
// program is checked four ways against the reference interpreter on the
// same pseudo-random arguments:
//  - fused by the fusion pipeline and interpreted: bit-identical;
//  - compiled for the host, fused and unfused, and run: within atol 5e-5 +
//    rtol 5e-4 (compiled code reassociates sums and uses polynomial math,
//    as unittests/Codegen states); and the same through the GPU kernel
//    mapping emulated on the host (workgroups, threads, barriers and
//    workgroup-memory intermediates as loops and buffers), which checks the
//    GPU decomposition on real data without a GPU;
//  - compiled for NVPTX: the PTX must be accepted by ptxas (when
//    /usr/local/cuda/bin/ptxas exists);
//  - compiled for AMDGPU: every binary must be an ELF code object (LLVM's
//    AMDGPU backend assembles and links it; unittests/Codegen checks the
//    kernel descriptors of the model programs' code objects).
// A verified program that any target fails to compile is a finding, as is
// any mismatch, but for the GPU mapping's documented refusal of a kernel
// whose unsplit intermediates exceed workgroup memory (docs/limits.md).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "meld/Codegen/Compiler.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Runtime/HostExecutable.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using meld::ref::HostTensor;

static std::string describe(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

static bool close(const HostTensor &expected, const HostTensor &actual) {
  if (expected.getKind() != actual.getKind() ||
      expected.getShape() != actual.getShape())
    return false;
  for (int64_t i = 0, n = expected.size(); i < n; ++i) {
    double e = expected.getAsDouble(i), a = actual.getAsDouble(i);
    if (std::isnan(e) || std::isnan(a)) {
      if (std::isnan(e) != std::isnan(a))
        return false;
      continue;
    }
    if (std::isinf(e) || std::isinf(a)) {
      if (e != a)
        return false;
      continue;
    }
    if (std::abs(e - a) > 5e-5 + 5e-4 * std::abs(e))
      return false;
  }
  return true;
}

/// Compiled for the host (or, with `emulateGpu`, through the GPU kernel
/// mapping emulated on the host: workgroups and threads as loops), fused or
/// not, run, and compared with the interpreter's `expected`.
static void checkHost(ModuleOp module, bool fuse, bool emulateGpu,
                      llvm::ArrayRef<HostTensor> args,
                      llvm::ArrayRef<HostTensor> expected,
                      llvm::StringRef text) {
  OwningOpRef<ModuleOp> copy = module.clone();
  meld::CompileOptions options;
  options.fuse = fuse;
  options.emulateGpuOnHost = emulateGpu;
  options.optLevel = 1;
  std::string how = llvm::formatv("(fuse={0}{1})", fuse ? "true" : "false",
                                  emulateGpu ? ", emulated GPU mapping" : "");
  FailureOr<meld::bundle::Bundle> bundle = compileToBundle(*copy, options);
  if (failed(bundle))
    meld::fuzz::reportFinding("host code generation failed " + how, text);
  meld::runtime::HostOptions hostOptions;
  hostOptions.threads = 2;
  auto executable =
      meld::runtime::HostExecutable::load(std::move(*bundle), hostOptions);
  if (!executable)
    meld::fuzz::reportFinding("the host bundle does not load: " +
                                  llvm::toString(executable.takeError()),
                              text);
  llvm::Expected<std::vector<HostTensor>> actual =
      (*executable)->run("main", args);
  if (!actual)
    meld::fuzz::reportFinding("the host code fails: " +
                                  llvm::toString(actual.takeError()),
                              text);
  if (actual->size() != expected.size())
    meld::fuzz::reportFinding("host code: wrong number of results", text);
  for (size_t i = 0; i < expected.size(); ++i)
    if (!close(expected[i], (*actual)[i]))
      meld::fuzz::reportFinding("host code " + how + " result #" +
                                    llvm::Twine(i) +
                                    " differs from the interpreter",
                                text);
}

/// The binaries of `module` compiled for one GPU target and chip; a
/// failure to compile, or a binary entry without its blob, is a finding.
static std::vector<llvm::StringRef>
compileForGpu(ModuleOp module, llvm::StringRef target, llvm::StringRef chip,
              meld::bundle::Bundle &bundle, llvm::StringRef text) {
  OwningOpRef<ModuleOp> copy = module.clone();
  meld::CompileOptions options;
  options.targets = {target.str()};
  (target == "nvptx" ? options.nvptxChips : options.amdgpuChips) = {
      chip.str()};
  bool overWorkgroupMemory = false;
  FailureOr<meld::bundle::Bundle> compiled = [&] {
    ScopedDiagnosticHandler watch(module.getContext(), [&](Diagnostic &d) {
      overWorkgroupMemory |= llvm::StringRef(d.str()).contains(
          "bytes of workgroup memory for its intermediates");
      return success();
    });
    return compileToBundle(*copy, options);
  }();
  // A documented refusal (docs/limits.md): a kernel whose intermediates
  // cannot be split into rows and exceed a GPU's workgroup memory.
  if (failed(compiled) && overWorkgroupMemory)
    return {};
  if (failed(compiled))
    meld::fuzz::reportFinding(target + " code generation failed", text);
  bundle = std::move(*compiled);
  std::vector<llvm::StringRef> binaries;
  for (const llvm::json::Value &binary : *bundle.metadata.getArray("binaries")) {
    const llvm::json::Object *object = binary.getAsObject();
    std::optional<int64_t> blob =
        object ? object->getInteger("blob") : std::nullopt;
    if (!blob || *blob < 0 || static_cast<size_t>(*blob) >= bundle.blobs.size())
      meld::fuzz::reportFinding(target + " binary without its blob", text);
    binaries.push_back(bundle.blobs[*blob]);
  }
  return binaries;
}

static void checkPtxas(ModuleOp module, llvm::StringRef text) {
  static const bool havePtxas =
      llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas");
  meld::bundle::Bundle bundle;
  for (llvm::StringRef ptx : compileForGpu(module, "nvptx", "sm_90", bundle,
                                           text)) {
    if (!havePtxas)
      return;
    llvm::SmallString<128> path;
    int fd;
    if (llvm::sys::fs::createTemporaryFile("meld-fuzz", "ptx", fd, path))
      return;
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << ptx;
    }
    std::string error;
    int rc = llvm::sys::ExecuteAndWait(
        "/usr/local/cuda/bin/ptxas",
        {"ptxas", "-arch=sm_90", "-o", "/dev/null", path.str()}, std::nullopt,
        {}, /*SecondsToWait=*/60, 0, &error);
    llvm::sys::fs::remove(path);
    if (rc != 0)
      meld::fuzz::reportFinding("ptxas rejects the PTX (" + error + ")", text);
  }
}

static void checkAmdgpu(ModuleOp module, llvm::StringRef text) {
  meld::bundle::Bundle bundle;
  for (llvm::StringRef object : compileForGpu(module, "amdgpu", "gfx942",
                                              bundle, text))
    if (!object.starts_with("\x7f"
                            "ELF"))
      meld::fuzz::reportFinding("an AMDGPU binary is not an ELF code object",
                                text);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 8)
    return 0;
  MLIRContext &context = meld::fuzz::getContext();
  meld::RandomProgramOptions options;
  for (int i = 0; i < 4; ++i)
    options.seed = options.seed << 8 | data[i];
  options.numOps = 2 + data[4] % 24;
  // Mostly small programs; with the top bit, sizes up to 143, which the
  // host's row tiles and the GPU mapping's blocks split.
  options.maxDim = data[5] & 0x80 ? 16 + (data[5] & 0x7f) : 1 + data[5] % 9;
  options.localityPercent = data[6] % 101;
  options.window = data[7] % 6;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  std::string text = describe(*module);
  if (std::getenv("MELD_FUZZ_DEBUG")) // the program, before anything can crash
    llvm::errs() << text << "\n";
  if (failed(verify(*module)))
    meld::fuzz::reportFinding("the random program does not verify", text);

  auto entry = module->lookupSymbol<func::FuncOp>("main");
  FailureOr<std::vector<HostTensor>> args =
      meld::makeRandomArguments(entry, options.seed, /*dynamicSize=*/3);
  if (failed(args))
    meld::fuzz::reportFinding("no arguments for the random program", text);
  meld::Interpreter interpreter(*module);
  FailureOr<std::vector<HostTensor>> expected = interpreter.run("main", *args);
  if (failed(expected))
    meld::fuzz::reportFinding("the interpreter fails on the random program",
                              text);

  OwningOpRef<ModuleOp> fused = module->clone();
  PassManager pm(&context);
  meld::buildFusionPipeline(pm);
  if (failed(pm.run(*fused)) || failed(verify(*fused)))
    meld::fuzz::reportFinding("fusion fails on the random program", text);
  FailureOr<std::vector<HostTensor>> fusedResults =
      meld::Interpreter(*fused).run("main", *args);
  if (failed(fusedResults) || fusedResults->size() != expected->size())
    meld::fuzz::reportFinding("the fused program fails in the interpreter",
                              text);
  for (size_t i = 0; i < expected->size(); ++i)
    if (!(*fusedResults)[i].identical((*expected)[i]))
      meld::fuzz::reportFinding("fusion changed result #" + llvm::Twine(i),
                                text);

  for (bool emulateGpu : {false, true}) {
    checkHost(*module, /*fuse=*/true, emulateGpu, *args, *expected, text);
    checkHost(*module, /*fuse=*/false, emulateGpu, *args, *expected, text);
  }
  checkPtxas(*module, text);
  checkAmdgpu(*module, text);
  return 0;
}
