//===- CompilerInternal.h - The driver parts targets share ------*- C++ -*-===//
//
// The pieces of the driver (Common/Compiler.cpp) that each target's part
// (Host/HostPipeline.cpp, GPU/GpuPipeline.cpp) uses: running a pipeline
// with errors that name the failed pass, and recording how the target
// splits kernels into blocks.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_COMMON_COMPILERINTERNAL_H
#define MELD_LIB_CODEGEN_COMMON_COMPILERINTERNAL_H

#include "meld/Codegen/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace meld::codegen {

/// Erases every function that is not an outlined kernel.
void keepKernelsOnly(mlir::ModuleOp module);

/// Runs the pipeline `build` makes on `module` (with
/// options.configurePassManager applied); on failure, reports that code
/// generation for `target` failed, in which pass and on which op.
mlir::LogicalResult
runPipeline(mlir::ModuleOp module, llvm::StringRef target,
            const CompileOptions &options,
            llvm::function_ref<void(mlir::OpPassManager &)> build);

/// How a target splits each kernel into blocks: rows per block for kernels
/// meld-tile-host-blocks split, or a fixed count for horizontal kernels
/// whose sub-kernels meld-map-to-gpu put on workgroups of their own.
struct KernelBlocks {
  llvm::StringMap<int64_t> rows, rowDims, groups, columns, gridStride;
  /// Host kernels of dynamic rows sharing them out at run time: their
  /// fewest rows per block and threads (kMinRowsPerBlockAttrName).
  llvm::StringMap<std::pair<int64_t, int64_t>> sharedRows;
  /// A horizontal host kernel's sub-kernels: [output, rows, row dims,
  /// column blocks] each (kHostPartsAttrName).
  llvm::StringMap<llvm::SmallVector<std::array<int64_t, 4>>> parts;
  /// Host gemm kernels whose column blocks split a dynamic dim of their
  /// first output: [dim, width, threads] (kHostColumnBlockDimAttrName;
  /// threads 0 when the rows are never split).
  llvm::StringMap<std::array<int64_t, 3>> columnDims;

  /// Records the block attributes of every kernel under `module`.
  void collect(mlir::Operation *module);

  /// ceil(rows / rows-per-block) of the kernel's first output (times the
  /// column blocks of a GEMM split both ways, or of a few-row host GEMM
  /// split along its columns; at most the limit of a
  /// grid-stride kernel), the group count, the sum of a horizontal host
  /// kernel's sub-kernel blocks, or nothing (one block).
  std::optional<llvm::json::Value>
  count(const llvm::json::Object &kernel) const;
};

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_COMMON_COMPILERINTERNAL_H
