//===- Codegen.h - Kernel code generation for each target -------*- C++ -*-===//
//
// The pipelines that take outlined kernels (functions carrying the
// `meld.kernel` attribute) to code: a shared part to buffers, then one part
// per target. Every step but meld-convert-to-linalg and meld-kernel-to-dps
// is an upstream MLIR pass.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_CODEGEN_H
#define MELD_CODEGEN_CODEGEN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace meld::codegen {

/// Registers every dialect, extension and LLVM IR translation the code
/// generation pipelines need.
void registerCodegenDialects(mlir::DialectRegistry &registry);

/// How kernels are split into blocks of rows before bufferization.
enum class BlockTiling {
  /// One block per kernel.
  None,
  /// About 16K output elements per block, whole 8-row register tiles, or
  /// kHostContractionRows rows of a gemm kernel's output: the host threads'
  /// unit of work.
  Host,
  /// About 1K output elements per block (one row of a wide row kernel), or
  /// kGpuContractionRows rows of a gemm kernel's output: a GPU workgroup's
  /// unit of work.
  Gpu,
};

/// Kernels (tensor form, meld ops) to linalg on buffers in the kernel ABI
/// (inputs, outputs, block range): meld-convert-to-linalg, elementwise
/// fusion, meld-kernel-to-dps, meld-tile-host-blocks as `tiling` says,
/// one-shot bufferization, and (with `deallocate`) the buffer deallocation
/// pipeline. `strictFp` keeps float sums in program order.
void buildKernelBufferPipeline(mlir::OpPassManager &pm,
                               BlockTiling tiling = BlockTiling::None,
                               bool deallocate = true, bool strictFp = false);

/// Threads per GPU workgroup in the kernels meld-map-to-gpu makes.
inline constexpr int64_t kGpuBlockSize = 256;

/// The grid a pointwise GPU kernel runs on at most (meld-map-to-gpu
/// grid-stride-limit): a few waves of 256-thread workgroups on current
/// GPUs (an H100 holds 132 x 8 of them at once), so huge tensors take
/// grid-stride loops instead of millions of workgroups.
inline constexpr int64_t kGpuGridStrideLimit = 4096;

/// Rows of a gemm kernel's output per GPU workgroup: the height of the
/// largest output tile meld-map-to-gpu's tiled GEMM uses.
inline constexpr int64_t kGpuContractionRows = 64;

/// Rows of a gemm kernel's output per host block: eight 8-row register
/// tiles, which share each packed panel of the right operand
/// (meld-vectorize-host-contractions).
inline constexpr int64_t kHostContractionRows = 64;

/// Buffer-form kernels to the LLVM dialect for the host CPU. `strictFp`
/// keeps the C library's math functions instead of meld-approximate-math.
/// f32 exp scales by 2^k with ldexp on AVX-512 hosts, with two powers of two
/// elsewhere or with `portableExp`.
void buildHostLLVMPipeline(mlir::OpPassManager &pm, bool strictFp = false,
                           bool portableExp = false);

/// The host code of one module in the LLVM dialect: an x86-64 (host triple)
/// relocatable object with, for each kernel `K`, the entry point
/// `int32_t meld_kernel_K(void **args, int64_t blockBegin, int64_t blockEnd)`
/// returning 0 or a failed check's `HostKernelStatus` (meld/Codegen/Passes.h).
struct HostObject {
  std::string object;
  std::string triple;
  std::string cpu;
};
mlir::FailureOr<HostObject> emitHostObject(mlir::ModuleOp llvmModule,
                                           unsigned optLevel = 3);

/// The host entry-point symbol of kernel `name`.
std::string hostEntryName(llvm::StringRef kernelName);

} // namespace meld::codegen

#endif // MELD_CODEGEN_CODEGEN_H
