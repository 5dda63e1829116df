//===- Limits.h - Bounds on the programs Meld accepts -----------*- C++ -*-===//
//
// Every entry point (meld-opt, meld-run, meld-compile, the C++ JIT, the
// Python bindings and the frontends above them) checks a program against
// these bounds before anything recurses over it or allocates for it, so
// that a hostile or pathological program gets a located error instead of a
// stack overflow, an out-of-memory abort or a silently truncated file.
//
// Two checks, in order:
//  - checkProgramText, on the raw text before the parser sees it: no NUL
//    byte anywhere, and brackets ({ ( [ <) nested no deeper than the limit.
//    The MLIR parser recurses once per nested region, type or attribute,
//    so this bounds its stack.
//  - checkProgramLimits, on a parsed or built module, without recursion:
//    region nesting, the number of ops, tensor element counts (with
//    overflow-checked shape arithmetic) and constant sizes.
//
// docs/limits.md lists every limit, its default, its option and its error.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_SUPPORT_LIMITS_H
#define MELD_SUPPORT_LIMITS_H

#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <optional>

namespace llvm {
class SourceMgr;
namespace cl {
class OptionCategory;
} // namespace cl
} // namespace llvm

// Declarations only: the JIT's public header includes this one, and an
// application embedding Meld does not compile against MLIR.
namespace mlir {
class MLIRContext;
class ModuleOp;
class Operation;
class Type;
template <typename OpTy>
class OwningOpRef;
} // namespace mlir

namespace meld {

/// The bounds; the defaults are documented in docs/limits.md. A limit of 0
/// disables that check.
struct ProgramLimits {
  /// Deepest nesting of regions in a module, and of brackets in program
  /// text. Each level costs the parser and the passes about 2 KiB of stack;
  /// the default leaves a wide margin on an 8 MiB stack, even under ASan.
  unsigned maxNesting = 256;
  /// Most operations in one module.
  uint64_t maxOps = uint64_t(1) << 22;
  /// Most elements of one tensor (static dims; the dynamic ones count as 1).
  /// Also checks that the count does not overflow 64 bits, unless 0.
  uint64_t maxTensorElements = uint64_t(1) << 32;
  /// Largest constant, in bytes once materialized (splats included).
  uint64_t maxConstantBytes = uint64_t(1) << 32;
};

/// Checks the text of every buffer of `sourceMgr` before it is parsed: a NUL
/// byte anywhere, or brackets nested deeper than `limits.maxNesting`, is an
/// error at its line and column, emitted on `context`.
llvm::LogicalResult checkProgramText(const llvm::SourceMgr &sourceMgr,
                                     mlir::MLIRContext *context,
                                     const ProgramLimits &limits);

/// Checks a module (or any op) iteratively: region nesting, op count,
/// tensor element counts of every value and constant sizes. Emits an error
/// at the first op over a limit.
llvm::LogicalResult checkProgramLimits(mlir::Operation *root,
                                       const ProgramLimits &limits);

/// Parses the last buffer added to `sourceMgr` as a module between the two
/// checks: checkProgramText, the parser (and verifier), then
/// checkProgramLimits. Null on any error, which is emitted on `context`.
mlir::OwningOpRef<mlir::ModuleOp>
parseCheckedModule(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *context,
                   const ProgramLimits &limits);

/// The number of elements of `type` (a shaped type; dynamic dims count as
/// 1), or std::nullopt when the product overflows int64_t.
std::optional<int64_t> getCheckedElementCount(mlir::Type type);

/// Registers --max-nesting, --max-ops, --max-tensor-elements and
/// --max-constant-bytes for a tool; call before parsing the command line.
/// Returns their category (for cl::HideUnrelatedOptions).
llvm::cl::OptionCategory &registerProgramLimitsCLOptions();

/// The limits given on the command line (the defaults when registered but
/// not given).
ProgramLimits getProgramLimitsFromCL();

} // namespace meld

#endif // MELD_SUPPORT_LIMITS_H
