//===- CompileGpu.h - The GPU targets of compileToBundle --------*- C++ -*-===//
//
// The GPU targets' part of compileToBundle (Common/Compiler.cpp), defined
// in GPU/GpuPipeline.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_GPU_COMPILEGPU_H
#define MELD_LIB_CODEGEN_GPU_COMPILEGPU_H

#include "Common/CompilerInternal.h"

#include "meld/Bundle/Bundle.h"
#include "meld/Codegen/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/JSON.h"

namespace meld::codegen {

/// The workgroup memory a GPU kernel may use (meld-map-to-gpu's limit).
inline constexpr int64_t kGpuConvImageBytes = 48 * 1024;

/// The kernels of `outlined` as one gpu.module of GPU kernels
/// (chip-independent, so done once per target); `blocks` receives how each
/// kernel is split into workgroups.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
mapKernelsToGpu(mlir::ModuleOp outlined, const CompileOptions &options,
                llvm::StringRef target, KernelBlocks &blocks);

/// The kernels of `outlined` whose intermediates would not fit in a GPU
/// kernel's workgroup memory on `target` (meld-map-to-gpu's report-unfit),
/// by symbol name. Quiet: a kernel the mapping fails on for another reason
/// is left to mapKernelsToGpu to report.
llvm::StringSet<> findUnfitGpuKernels(mlir::ModuleOp outlined,
                                      const CompileOptions &options,
                                      llvm::StringRef target);

/// Compiles the mapped kernels for one GPU chip and adds one blob per GPU
/// module.
mlir::LogicalResult compileGpu(mlir::ModuleOp mapped, bundle::Bundle &bundle,
                               const CompileOptions &options, bool nvptx,
                               llvm::StringRef chip,
                               llvm::json::Array &binaries);

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_GPU_COMPILEGPU_H
