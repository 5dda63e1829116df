//===- FusionScaling.cpp - How fusion time grows with program size --------===//
//
// Times the full `meld-fuse` pipeline on random programs of 100, 1,000 and
// 10,000 ops (the generator of the differential test). Program construction
// is outside the timed region; each iteration fuses a fresh clone.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"

#include <benchmark/benchmark.h>

using namespace mlir;

/// Fuses random programs of state.range(0) ops; state.range(1) is the window
/// operands are drawn from (0: anywhere earlier, so edges span the program).
static void BM_FuseRandomProgram(benchmark::State &state) {
  MLIRContext context;
  context
      .loadDialect<meld::MeldDialect, func::FuncDialect, arith::ArithDialect>();
  // Single-threaded: the numbers measure the algorithm, not the scheduler.
  context.disableMultithreading();
  meld::RandomProgramOptions options;
  options.seed = 42;
  options.numOps = state.range(0);
  options.maxDim = 64;
  options.window = state.range(1);
  OwningOpRef<ModuleOp> program = meld::buildRandomProgram(&context, options);
  int64_t kernels = 0;
  for (auto _ : state) {
    state.PauseTiming();
    OwningOpRef<ModuleOp> module = program->clone();
    PassManager pm(&context);
    meld::buildFusionPipeline(pm);
    state.ResumeTiming();
    if (failed(pm.run(*module)))
      state.SkipWithError("fusion failed");
    state.PauseTiming();
    kernels = 0;
    module->walk([&](meld::KernelOp) { ++kernels; });
    module = nullptr;
    state.ResumeTiming();
  }
  state.counters["ops"] = options.numOps;
  state.counters["kernels"] = kernels;
}
// Global edges: 30% of operands come from anywhere earlier in the program,
// the hardest case for the dependence search.
BENCHMARK(BM_FuseRandomProgram)
    ->ArgNames({"ops", "window"})
    ->Args({100, 0})
    ->Args({1000, 0})
    ->Args({10000, 0})
    ->Unit(benchmark::kMillisecond);
// Local edges, as in layer-by-layer models: operands come from the last 64
// values of their type.
BENCHMARK(BM_FuseRandomProgram)
    ->ArgNames({"ops", "window"})
    ->Args({100, 64})
    ->Args({1000, 64})
    ->Args({10000, 64})
    ->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
