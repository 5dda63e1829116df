//===- JIT.h - Meld as an in-process JIT --------------------------*- C++
//-*-===//
//
// The embedding API: compile a meld program (IR text, a file, or an
// mlir::ModuleOp) in-process into a Program loaded on one device, run it on
// host or device memory, capture it into a graph and replay it, and read
// its fusion report. Compiled bundles are cached in memory and optionally
// on disk.
//
//   meld::jit::JitOptions options;
//   options.device = "best";
//   auto jit = meld::jit::Jit::create(options);
//   auto program = (*jit)->compile(irText);
//   auto outputs = (*program)->run("main", {x, w});  // HostViews
//
// Thread safety: a Jit and the Programs it returns may be used from any
// number of threads at once (compiles of the same program are done once).
// A CapturedProgram is used by one thread at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_JIT_JIT_H
#define MELD_JIT_JIT_H

#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Dialect/Meld/Transforms/LaunchCosts.h"
#include "meld/Reference/HostTensor.h"
#include "meld/Runtime/Executable.h"
#include "meld/Support/Limits.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace meld::jit {

/// The Meld version compiled into this library ("0.6.0").
llvm::StringRef getVersion();

/// The GNU build ID (hex) of the binary that holds Meld's compiler, the
/// linker's hash of its contents; empty when it has none. The compile
/// cache's keys carry it, so a rebuild with any change to the compiler
/// does not hand back an older build's programs.
llvm::StringRef getBuildId();

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A program that does not parse, verify or compile. The message holds every
/// diagnostic, each with its location ("<ir>:3:10: error: ...").
class CompileError : public llvm::ErrorInfo<CompileError> {
public:
  static char ID;
  explicit CompileError(std::string diagnostics)
      : diagnostics(std::move(diagnostics)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  const std::string &getDiagnostics() const { return diagnostics; }

private:
  std::string diagnostics;
};

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

struct CompileOptions {
  /// Bundle targets ("host", "nvptx", "amdgpu"). Empty: the device's own.
  /// A list without the device's target gives a Program that cannot load.
  std::vector<std::string> targets;
  /// Run the fusion passes; false gives one kernel per op.
  bool fuse = true;
  /// Strict floating point (host only): sums in program order, exact
  /// divisions, C library math functions instead of polynomial
  /// approximations.
  bool strictFp = false;
  /// LLVM optimization level of the generated code.
  unsigned optLevel = 3;
  /// The bounds a program must stay within (docs/limits.md); checked
  /// before anything parses, prints or compiles it.
  ProgramLimits limits;
  /// The host tuning table ("" for the default one, "none" for the
  /// heuristic; meld::CompileOptions::hostTuningFile), or GEMM tiles that
  /// override it. The cache key covers the tiles they resolve to.
  std::string hostTuningFile;
  std::optional<codegen::HostGemmTiles> hostGemmTiles;
  /// Host launch costs that override the table's (meld-tune-host measures
  /// launches through this); the cache key covers the costs they resolve
  /// to.
  std::optional<LaunchCosts> hostLaunchCosts;
  /// The CPU host code is compiled for ("" or "native": this machine), as
  /// LLVM names CPUs (`haswell`, `x86-64-v3`, `znver4`), with `+name` /
  /// `-name` feature edits on top (meld::CompileOptions::hostCpu). The JIT
  /// runs the code here, so a CPU with a feature this machine lacks is an
  /// error: this compiles for a narrower ISA (AVX2 code on an AVX-512
  /// machine), for portability or to measure it.
  std::string hostCpu;
  std::string hostFeatures;
};

struct JitOptions {
  /// "host", "cuda", "hip", or "best": the first of cuda and hip with a
  /// device present, else host.
  std::string device = "host";
  int deviceOrdinal = 0;
  /// Threads of the host device (0: one per hardware thread).
  unsigned hostThreads = 0;
  /// Compiled programs kept in memory (0 disables the memory cache). The
  /// least recently used one is dropped first.
  size_t memoryCacheEntries = 64;
  /// A directory for the on-disk cache (created when missing); empty: no
  /// disk cache.
  std::string cacheDirectory;
  /// The most bytes of entries the disk cache keeps (0: no limit). After
  /// each write the entries used longest ago (by modification time, which
  /// a disk hit renews) are removed until the rest fit; the entry just
  /// written stays.
  uint64_t diskCacheBytes = uint64_t(4) << 30;
  runtime::ExecutableOptions executable;
};

/// Where a Program came from.
enum class CacheOutcome { Compiled, MemoryHit, DiskHit };

struct CacheStats {
  int64_t compiles = 0;
  int64_t memoryHits = 0;
  int64_t diskHits = 0;
  /// Disk entries that failed validation (truncated, corrupt, or another
  /// program's) and were discarded and rebuilt.
  int64_t diskRejected = 0;
  int64_t diskWrites = 0;
  /// Disk entries removed to keep the cache within its size.
  int64_t diskEvicted = 0;
};

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

/// A dense row-major tensor in host memory, in the compiled-code element
/// layout (ref::storageBytes: i1 as one byte, f16/bf16 as their bits).
struct HostView {
  void *data = nullptr;
  ref::ElementKind kind = ref::ElementKind::F32;
  llvm::SmallVector<int64_t, 4> shape;

  size_t sizeInBytes() const {
    return static_cast<size_t>(ref::numElements(shape)) *
           ref::storageBytes(kind);
  }
};

class Program;

/// One captured run of a program function. Replaying costs one graph
/// launch; on the host device new host memory is bound without any copy
/// (the graph's nodes are rebound), on GPUs inputs and outputs are copied
/// through the buffers the capture owns.
class CapturedProgram {
public:
  ~CapturedProgram();
  /// Replays on the capture's own buffers and waits: the inputs given at
  /// capture, or the ones a copying run(...) put there last.
  llvm::Error replay();
  /// Replays on new inputs, writing the results into `outputs` (host
  /// memory of exactly the result dtypes and shapes).
  llvm::Error run(llvm::ArrayRef<HostView> inputs,
                  llvm::ArrayRef<HostView> outputs);
  /// Replays on new inputs and returns the results in fresh host memory:
  /// memory no live result holds, which may be a buffer that an earlier
  /// result of this capture gave back when its last reference went (so a
  /// large result is not memory the kernels fault in on every call).
  llvm::Expected<std::vector<runtime::TensorRef>>
  run(llvm::ArrayRef<HostView> inputs);
  /// The device buffers the capture owns (the ones replay() uses).
  llvm::ArrayRef<runtime::TensorRef> getInputs() const;
  llvm::ArrayRef<runtime::TensorRef> getOutputs() const;
  /// The underlying graph: node counts, rebinding to device buffers.
  runtime::CapturedRun &getCapturedRun();

  struct Impl;

private:
  friend class Program;
  explicit CapturedProgram(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

/// A compiled program loaded on the Jit's device. Thread-safe.
class Program {
public:
  ~Program();

  const std::vector<runtime::FunctionSignature> &getFunctions() const;
  /// The fusion report (as meld-fusion-report prints it).
  const std::string &getFusionReport() const;
  /// The bundle (docs/bundle-format.md), e.g. to write a .meldb file.
  llvm::StringRef getBundleBytes() const;
  /// How this compile call got the program: compiled, or from the memory
  /// or disk cache.
  CacheOutcome getCacheOutcome() const;
  runtime::Executable &getExecutable() const;
  const std::shared_ptr<runtime::Device> &getDevice() const;

  /// Runs `function` (empty: "main" or the only one) on host memory and
  /// waits. Results go into `outputs`, or into fresh host memory when
  /// `outputs` is empty (then returned).
  llvm::Expected<std::vector<runtime::TensorRef>>
  run(llvm::StringRef function, llvm::ArrayRef<HostView> inputs,
      llvm::ArrayRef<HostView> outputs = {});
  /// Runs on device buffers on the caller's stream (asynchronous).
  llvm::Expected<std::vector<runtime::TensorRef>>
  run(runtime::Stream &stream, llvm::StringRef function,
      llvm::ArrayRef<runtime::TensorRef> inputs,
      llvm::ArrayRef<runtime::TensorRef> outputs = {});
  /// Runs on reference tensors (converted to and from the device layout).
  llvm::Expected<std::vector<ref::HostTensor>>
  run(llvm::StringRef function, llvm::ArrayRef<ref::HostTensor> inputs);
  /// Runs the program as written through the reference interpreter, the
  /// definition of its meaning.
  llvm::Expected<std::vector<ref::HostTensor>>
  interpret(llvm::StringRef function,
            llvm::ArrayRef<ref::HostTensor> inputs) const;

  /// Captures one run of `function` on copies of `inputs`.
  llvm::Expected<std::unique_ptr<CapturedProgram>>
  capture(llvm::StringRef function, llvm::ArrayRef<HostView> inputs);

  struct Impl;

private:
  friend class Jit;
  friend class CompileCache;
  Program(std::shared_ptr<Impl> impl, CacheOutcome outcome);
  /// Shared by every Program the cache hands out for the same key.
  std::shared_ptr<Impl> impl;
  CacheOutcome outcome;
};

//===----------------------------------------------------------------------===//
// The compiler
//===----------------------------------------------------------------------===//

class Jit {
public:
  /// Opens the device and the cache directory.
  static llvm::Expected<std::unique_ptr<Jit>> create(JitOptions options = {});
  ~Jit();

  /// Compiles meld IR text. `bufferName` names it in diagnostics.
  llvm::Expected<std::shared_ptr<Program>>
  compile(llvm::StringRef irText, const CompileOptions &options = {},
          llvm::StringRef bufferName = "<ir>");
  llvm::Expected<std::shared_ptr<Program>>
  compileFile(llvm::StringRef path, const CompileOptions &options = {});
  /// Compiles a module built or parsed by the caller (left unchanged). On
  /// a cache miss its context gets the code-generation dialects; no other
  /// thread may use that context during the call.
  llvm::Expected<std::shared_ptr<Program>>
  compile(mlir::ModuleOp module, const CompileOptions &options = {});

  const std::shared_ptr<runtime::Device> &getDevice() const;
  CacheStats getCacheStats() const;
  /// Drops the memory cache (Programs in use stay valid).
  void clearMemoryCache();

  class Impl;

private:
  explicit Jit(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace meld::jit

#endif // MELD_JIT_JIT_H
