//===- ForeachKernels.h - One body for a horizontal kernel's parts -*- C++ -*-===//
//
// A horizontal kernel of many pointwise parts that compute the same thing on
// tensors of different sizes (an optimizer step over every parameter) is
// compiled as one body over a flattened, dynamically sized 1-D tensor, and
// a table-driven entry point that runs each part's blocks through it: one
// flat space of blocks over all the tensors, with a block-to-part table.
// Compile time then grows with the number of distinct bodies, not with the
// number of parts (docs/codegen.md, "Foreach kernels").
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_FOREACHKERNELS_H
#define MELD_CODEGEN_HOST_FOREACHKERNELS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace meld::codegen {

/// One body function: a part's computation over `tensor<?xT>` (and the
/// rank-0 tensors it reads), compiled as a kernel of its own.
struct ForeachBody {
  std::string name;
  /// Per body argument (inputs, then outputs): true when it is a flattened
  /// tensor, false for a rank-0 tensor passed as it is.
  llvm::SmallVector<bool> flattened;
  /// Elements per block of the compiled body (its rows per block), or 0
  /// when it is not split (one block per part).
  int64_t elementsPerBlock = 0;
};

/// One part: which body runs it on which of the kernel's arguments.
struct ForeachPart {
  unsigned body = 0;
  /// The kernel's argument (its inputs, then its outputs) for each body
  /// argument.
  llvm::SmallVector<int64_t> args;
  /// The kernel's output the part's blocks are counted on, and its rank
  /// and element count (static).
  int64_t output = 0;
  int64_t outputRank = 1;
  int64_t elements = 0;
};

/// A horizontal kernel rewritten into bodies and a table of parts.
struct ForeachKernel {
  std::string name;
  std::vector<ForeachBody> bodies;
  std::vector<ForeachPart> parts;

  /// Blocks of `part` (elementsPerBlock of its body; one when unsplit).
  int64_t blocks(const ForeachPart &part) const;
};

/// Rewrites every horizontal kernel of `module` (meld-level kernel
/// functions) whose parts are all pointwise over static shapes (elementwise
/// ops, broadcasts of rank-0 tensors, splat constants) into one body per
/// distinct computation, and erases the kernel itself: its entry point is
/// emitted from the returned table (emitHostObject). Other kernels are left
/// as they are.
std::vector<ForeachKernel> formForeachKernels(mlir::ModuleOp module);

} // namespace meld::codegen

#endif // MELD_CODEGEN_HOST_FOREACHKERNELS_H
