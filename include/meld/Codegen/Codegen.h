//===- Codegen.h - Kernel code generation for each target -------*- C++ -*-===//
//
// The pipelines that take outlined kernels (functions carrying the
// `meld.kernel` attribute) to code: a shared part to buffers, then one part
// per target (meld/Codegen/Host/HostPipeline.h,
// meld/Codegen/GPU/GpuPipeline.h). Every step but meld-convert-to-linalg
// and meld-kernel-to-dps is an upstream MLIR pass.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_CODEGEN_H
#define MELD_CODEGEN_CODEGEN_H

#include "meld/Codegen/GPU/GpuPipeline.h"
#include "meld/Codegen/Host/HostPipeline.h"

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
/// pipeline. `strictFp` keeps float sums in program order. Host gemm blocks
/// take `hostTiles`' block rows (kHostContractionRows without), balanced
/// over `hostThreads` threads (0: not balanced); bf16 gemm blocks take
/// `hostBf16ContractionRows` rows when it is set (AMX tiles, AVX512-BF16
/// dots), bf16 `x @ W^T` gemms of up to `hostBf16SwappedRows` rows one
/// column block per thread (AVX512-BF16 dots), and bf16 gemms of up to
/// `hostBf16ColumnBlockRows` rows column blocks of all their rows (AMX
/// tiles), and f32 `x @ W^T` gemms of up to `hostF32ColumnBlockRows` rows
/// likewise.
void buildKernelBufferPipeline(mlir::OpPassManager &pm,
                               BlockTiling tiling = BlockTiling::None,
                               bool deallocate = true, bool strictFp = false,
                               const HostGemmTiles *hostTiles = nullptr,
                               int64_t hostThreads = 0,
                               int64_t hostBf16ContractionRows = 0,
                               int64_t hostBf16SwappedRows = 0,
                               int64_t hostBf16ColumnBlockRows = 0,
                               int64_t hostF32ColumnBlockRows = 0);

/// The host entry-point symbol of kernel `name`.
std::string hostEntryName(llvm::StringRef kernelName);

} // namespace meld::codegen

#endif // MELD_CODEGEN_CODEGEN_H
