//===- RandomProgram.h - Random meld programs for testing -------*- C++ -*-===//
//
// Builds random but valid meld programs: DAGs of elementwise ops,
// broadcasts, transposes, reductions and matmuls over a few related shapes.
// Used by the fused == unfused differential test and the fusion-scaling
// benchmark.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_TESTING_RANDOMPROGRAM_H
#define MELD_TESTING_RANDOMPROGRAM_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace meld {

struct RandomProgramOptions {
  uint64_t seed = 0;
  /// Number of compute ops in the function body.
  int64_t numOps = 32;
  /// Dimension sizes are drawn from [1, maxDim].
  int64_t maxDim = 6;
  /// Probability (percent) that an op takes its operand from the most recent
  /// values rather than any earlier one: higher gives longer chains.
  int64_t localityPercent = 70;
  /// The other operands come from the last `window` values of their type
  /// (0: from any earlier value, which gives edges spanning the program).
  int64_t window = 0;
};

/// A module with one function `@main` built from `options`. Every argument
/// is a static f32 tensor; results are the values nothing else uses.
mlir::OwningOpRef<mlir::ModuleOp>
buildRandomProgram(mlir::MLIRContext *context,
                   const RandomProgramOptions &options);

} // namespace meld

#endif // MELD_TESTING_RANDOMPROGRAM_H
