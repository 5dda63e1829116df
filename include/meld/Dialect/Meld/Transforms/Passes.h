//===- Passes.h - Meld fusion passes ----------------------------*- C++ -*-===//
//
// Declares the fusion passes (generated from Passes.td) and the `meld-fuse`
// pipeline that runs them in order.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_TRANSFORMS_PASSES_H
#define MELD_DIALECT_MELD_TRANSFORMS_PASSES_H

#include "meld/Dialect/Meld/IR/MeldOps.h"
#include "meld/Support/Limits.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace meld {

#define GEN_PASS_DECL
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"

/// Adds the full fusion pipeline to `pm` (nested on functions): pointwise,
/// reductions, GEMM epilogues, singletons, horizontal. `maxConvImageBytes`
/// and `rowViewEpilogues` are meld-fuse-gemm-epilogue's options of those
/// names. `hostOnly` (code generation for the host alone) sets
/// meld-fuse-pointwise's padded-outputs and meld-fuse-gemm-epilogue's
/// transposed-conv-operands.
void buildFusionPipeline(mlir::OpPassManager &pm,
                         int64_t maxConvImageBytes = 0,
                         bool rowViewEpilogues = true,
                         const MeldFuseHorizontalOptions &horizontal = {},
                         bool hostOnly = false);

/// The fusion pipeline code generation runs: buildFusionPipeline with
/// meld-split-reductions (with `split`) before horizontal fusion, so the
/// final stages of split reductions may still share launches.
void buildSplitFusionPipeline(mlir::OpPassManager &pm,
                              const MeldSplitReductionsOptions &split,
                              int64_t maxConvImageBytes = 0,
                              bool rowViewEpilogues = true,
                              const MeldFuseHorizontalOptions &horizontal = {},
                              bool hostOnly = false);

/// Registers every Meld pass and the `meld-fuse` pipeline.
void registerAllMeldPasses();

#define GEN_PASS_REGISTRATION
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"

} // namespace meld

#endif // MELD_DIALECT_MELD_TRANSFORMS_PASSES_H
