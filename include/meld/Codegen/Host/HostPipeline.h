//===- HostPipeline.h - Kernels to host object code -------------*- C++ -*-===//
//
// The host back end (lib/Codegen/Host): kernels in buffer form to the LLVM
// dialect, and the LLVM dialect to an x86-64 object with one uniform entry
// point per kernel.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_HOSTPIPELINE_H
#define MELD_CODEGEN_HOST_HOSTPIPELINE_H

#include "meld/Codegen/Host/ForeachKernels.h"
#include "meld/Codegen/Host/HostTarget.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <string>

namespace meld::codegen {

/// Rows of a gemm kernel's output per host block when no target says
/// otherwise (HostGemmTiles::blockRows).
inline constexpr int64_t kHostContractionRows = 64;

/// Buffer-form kernels to the LLVM dialect for the host CPU `target`, with
/// its GEMMs on `tiles`. `strictFp` keeps the C library's math functions
/// instead of meld-approximate-math. f32 exp scales by 2^k with ldexp on
/// AVX-512 targets, with two powers of two elsewhere or with `portableExp`.
void buildHostLLVMPipeline(mlir::OpPassManager &pm, const HostTarget &target,
                           const HostGemmTiles &tiles, bool strictFp = false,
                           bool portableExp = false);

/// The host code of one module in the LLVM dialect: an x86-64 (host triple)
/// relocatable object with, for each kernel `K`, the entry point
/// `int32_t meld_kernel_K(void **args, int64_t blockBegin, int64_t blockEnd)`
/// returning 0 or a failed check's `HostKernelStatus` (meld/Codegen/Passes.h).
struct HostObject {
  /// One relocatable object ("elf-relocatable"), or an `ar` archive of
  /// several ("elf-archive"): the parts compiled in parallel.
  std::string object;
  std::string format = "elf-relocatable";
  std::string triple;
  std::string cpu;
  /// The enabled features it was compiled for (`+a,+b,...`).
  std::string features;
};
/// With `assembly`, also the object's assembly text (meld-compile
/// --host-asm). Each of `foreach` gets its entry point from its table
/// (ForeachKernels.h), calling its bodies' C interfaces in `llvmModule`.
/// The code is optimized and emitted in `parts` parts on as many threads
/// (0: countHostParts' choice for meld::defaultHostThreads(), or one part
/// with `assembly`); more than one part gives an archive of their objects.
mlir::FailureOr<HostObject>
emitHostObject(mlir::ModuleOp llvmModule, const HostTarget &target,
               unsigned optLevel = 3, std::string *assembly = nullptr,
               llvm::ArrayRef<ForeachKernel> foreach = {}, unsigned parts = 0);

} // namespace meld::codegen

#endif // MELD_CODEGEN_HOST_HOSTPIPELINE_H
