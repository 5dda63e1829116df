//===- Compiler.h - Programs to bundles -------------------------*- C++ -*-===//
//
// The whole compiler in one call: canonicalize, fuse (or not), outline,
// generate code for each requested target, and pack everything into a
// bundle. meld-compile is a thin command-line wrapper around it.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_COMPILER_H
#define MELD_CODEGEN_COMPILER_H

#include "meld/Bundle/Bundle.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Dialect/Meld/Transforms/LaunchCosts.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <functional>
#include <optional>

#include <string>
#include <vector>

namespace meld {

struct CompileOptions {
  /// Any of "host", "nvptx", "amdgpu".
  std::vector<std::string> targets = {"host"};
  /// Run the fusion passes; otherwise every op is its own kernel.
  bool fuse = true;
  /// NVPTX chips (PTX is emitted per chip) and AMDGPU chips.
  std::vector<std::string> nvptxChips = {"sm_80", "sm_90"};
  std::vector<std::string> amdgpuChips = {"gfx90a", "gfx942"};
  /// CUDA toolkit (libdevice for math functions) and ROCm device-library
  /// roots; empty means the defaults (/usr/local/cuda; for ROCm,
  /// resolveRocmRoot's).
  std::string cudaPath;
  std::string rocmDeviceLibs;
  unsigned optLevel = 3;
  /// The CPU host code is compiled for: "" (or "native") for this machine,
  /// else LLVM's name for one (znver4, sapphirerapids, haswell,
  /// x86-64-v3), with `hostFeatures` (`+name,-name,...`) applied on top
  /// (codegen::HostTarget). An unknown name is a compile error.
  std::string hostCpu;
  std::string hostFeatures;
  /// The host tuning table to read (docs/codegen.md, "Host GEMM tiles"):
  /// "" for the default one (codegen::defaultHostTuningPath(); none is
  /// fine), "none" for none (the heuristic).
  std::string hostTuningFile;
  /// Host GEMM tiles to use instead of the table's or the heuristic's
  /// (meld-tune-host times candidates through this).
  std::optional<codegen::HostGemmTiles> hostGemmTiles;
  /// Host launch costs to fuse by instead of the table's or the defaults:
  /// their launch, sharing and bandwidth (threads and blocks are the
  /// target's). meld-tune-host measures launches through this; a program
  /// compiled for a GPU target as well fuses by a GPU's.
  std::optional<LaunchCosts> hostLaunchCosts;
  /// Hardware threads host GEMM blocks are balanced over (0: this
  /// machine's).
  int64_t hostThreads = 0;
  /// When set, receives the assembly of the host object.
  std::string *hostAssembly = nullptr;
  /// Parts the host code is optimized and emitted in, each on its own
  /// thread (codegen::splitHostModule): 0 for as many as its size pays
  /// for, up to meld::defaultHostThreads(); 1 for one part.
  unsigned hostCodegenParts = 0;
  /// Compile the host code through the GPU kernel mapping (workgroups and
  /// threads emulated by loops; see meld-map-to-gpu), so that the GPU
  /// decomposition can be checked on the host against the interpreter.
  bool emulateGpuOnHost = false;
  /// With emulateGpuOnHost: f16 tiled GEMMs as the AMD matrix-core mapping
  /// computes them (amdgpu.mfma's documented semantics on the lanes'
  /// registers, kept in memory), so that mapping is checked on the host.
  bool emulateMfma = false;
  /// With emulateGpuOnHost: f16 tiled GEMMs as the mma.sync mapping
  /// computes them (mmaSync's, emulated the same way).
  bool emulateMmaSync = false;
  /// The most workgroups a pointwise GPU kernel is launched with: beyond,
  /// each workgroup strides over the grid, computing every grid-size-th
  /// block (meld-map-to-gpu grid-stride-limit; also the emulated grid). 0
  /// launches one workgroup per block.
  int64_t gpuGridStrideLimit = codegen::kGpuGridStrideLimit;
  /// Strict floating point: reductions and contractions accumulate in
  /// program order (no reassociation, so no partial sums per vector lane),
  /// divisions divide (no multiplication by a hoisted reciprocal), and math
  /// functions call the C library instead of meld's polynomial
  /// approximations. Slower; results closer to the reference interpreter.
  bool strictFp = false;
  /// Host f32 exp as hosts without AVX-512 compute it (2^k as two powers of
  /// two) also on AVX-512 hosts, so that path can be checked anywhere.
  bool portableHostExp = false;
  /// Split reductions of many elements into few outputs (full sums, means,
  /// sums over the rows of a tall matrix) into a partial stage over many
  /// blocks and a final stage (meld-split-reductions; only exact ones, integer
  /// and max/min, under strictFp).
  bool splitReductions = true;
  /// Compute f16 matmuls on matrix cores: NVIDIA tensor cores (warp-level
  /// 16x16x16 multiply-accumulate) and, when every AMD chip asked for is a
  /// CDNA one (gfx908, gfx90a, gfx94x, gfx950), AMD's (amdgpu.mfma,
  /// accumulating in f32). Their sums round differently from one rounding
  /// per operation.
  bool tensorCores = true;
  /// With tensorCores: NVIDIA's f16 GEMMs through nvgpu.mma.sync (PTX
  /// mma.sync m16n8k16, operands gathered per lane; the default since it
  /// matched the interpreter on an H100 and ran 9% faster) rather than
  /// WMMA fragments (false).
  bool mmaSync = true;
  /// When set, receives the fusion report of the program (as
  /// meld-fusion-report prints it) after fusion, before outlining.
  std::string *fusionReport = nullptr;
  /// Called on every pass manager code generation runs (meld-compile uses
  /// it for --mlir-timing and the IR printing options).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
};

/// Compiles every program function of `module` (which is left unchanged)
/// into a bundle. Errors are reported as diagnostics on the module's
/// context, at the location of the op a target cannot compile.
mlir::FailureOr<bundle::Bundle> compileToBundle(mlir::ModuleOp module,
                                                const CompileOptions &options);

/// The part of compileToBundle before code generation: canonicalize, fuse
/// (when `fuse`), split long reductions into two stages (when
/// `splitReductions`; only the exact ones with `strictFp`), outline kernels.
/// `module` is transformed in place. With `fusionReport`, the fusion report
/// is written there before outlining. `maxConvImageBytes` limits the
/// convolutions epilogues fuse into and `rowViewEpilogues` lets epilogues
/// view the product through row-preserving reshapes (FusionOptions; both
/// set for GPU targets). `hostOnly`: the program is compiled for the host
/// alone, whose kernels take their parameters as an array: horizontal
/// launches of flat pointwise kernels are not bounded by a GPU launch's
/// parameter space (the host runs them as one body and a table).
/// `launchCosts`, when given, are the target's launch costs horizontal
/// fusion decides by (else a GPU's, meld::LaunchCosts' defaults).
/// `refineFusion`, when given, runs on the fused module before the report
/// and outlining (compileToBundle unfuses there the groups a GPU kernel
/// cannot hold).
mlir::LogicalResult outlineProgram(mlir::ModuleOp module, bool fuse,
                                   std::string *fusionReport = nullptr,
                                   bool splitReductions = false,
                                   bool strictFp = false,
                                   int64_t maxConvImageBytes = 0,
                                   bool rowViewEpilogues = true,
                                   bool hostOnly = false,
                                   const LaunchCosts *launchCosts = nullptr,
                                   llvm::function_ref<mlir::LogicalResult(
                                       mlir::ModuleOp)>
                                       refineFusion = nullptr);

/// The ROCm root the AMDGPU back end reads (`amdgcn/bitcode`,
/// `llvm/bin/ld.lld`): `configured` when given; else `$ROCM_PATH` when
/// set; else `built`, the root of links the build made (Debian's device
/// libraries and LLVM in that layout), while it has both; else, where
/// Debian's device libraries are installed (a wheel installed from a build
/// tree since removed), such a root of links made once in the user's cache
/// directory (`$XDG_CACHE_HOME/meld`, `~/.cache/meld`; private to the user,
/// named by the links' targets; made again when broken); else /opt/rocm.
/// An empty `built` means the build's own.
std::string resolveRocmRoot(llvm::StringRef configured,
                            llvm::StringRef built = "");

} // namespace meld

#endif // MELD_CODEGEN_COMPILER_H
