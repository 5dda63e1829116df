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

static void BM_FuseRandomProgram(benchmark::State &state) {
  MLIRContext context;
  context.loadDialect<meld::MeldDialect, func::FuncDialect,
                      arith::ArithDialect>();
  // Single-threaded: the numbers measure the algorithm, not the scheduler.
  context.disableMultithreading();
  meld::RandomProgramOptions options;
  options.seed = 42;
  options.numOps = state.range(0);
  options.maxDim = 64;
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
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_FuseRandomProgram)
    ->Arg(100)
    ->Arg(1000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

BENCHMARK_MAIN();
