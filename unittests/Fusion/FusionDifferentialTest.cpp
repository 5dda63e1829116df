//===- FusionDifferentialTest.cpp - fused == unfused on random programs ---===//
//
// Builds hundreds of random programs (elementwise ops, broadcasts,
// transposes, reductions, matmuls), runs the fusion pipeline (and each pass
// alone), and checks with the reference interpreter that the fused program
// computes bit-identical results: fusion only regroups ops, and the
// interpreter rounds each op the same way inside a kernel or outside.
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using meld::ref::HostTensor;

namespace {
class FusionDifferential : public ::testing::TestWithParam<int>,
                           protected meld::testing::MeldTestContext {
protected:
  std::vector<HostTensor> interpret(ModuleOp module, uint64_t seed) {
    auto func = module.lookupSymbol<func::FuncOp>("main");
    std::vector<HostTensor> args =
        *meld::makeRandomArguments(func, seed, /*dynamicSize=*/4);
    meld::Interpreter interpreter(module);
    FailureOr<std::vector<HostTensor>> results = interpreter.run("main", args);
    EXPECT_TRUE(succeeded(results)) << diagnostics;
    return succeeded(results) ? *results : std::vector<HostTensor>{};
  }

  /// Runs `buildPipeline` on a copy of `module` and checks it against the
  /// original; returns the number of kernels it formed.
  int64_t
  checkFusedEqualsUnfused(ModuleOp module,
                          function_ref<void(OpPassManager &)> buildPipeline,
                          uint64_t seed) {
    OwningOpRef<ModuleOp> fused = module.clone();
    PassManager pm(&context);
    buildPipeline(pm);
    EXPECT_TRUE(succeeded(pm.run(*fused))) << diagnostics;
    EXPECT_TRUE(succeeded(verify(*fused))) << diagnostics;
    std::vector<HostTensor> expected = interpret(module, seed);
    std::vector<HostTensor> actual = interpret(*fused, seed);
    EXPECT_EQ(expected.size(), actual.size());
    for (size_t i = 0; i < std::min(expected.size(), actual.size()); ++i)
      EXPECT_TRUE(expected[i].identical(actual[i]))
          << "result #" << i << " differs after fusion";
    int64_t kernels = 0;
    fused->walk([&](meld::KernelOp) { ++kernels; });
    return kernels;
  }
};
} // namespace

TEST_P(FusionDifferential, FullPipelineKeepsResults) {
  meld::RandomProgramOptions options;
  options.seed = GetParam();
  options.numOps = 8 + GetParam() % 40;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  ASSERT_TRUE(succeeded(verify(*module))) << diagnostics;
  checkFusedEqualsUnfused(
      *module, [](OpPassManager &pm) { meld::buildFusionPipeline(pm); },
      GetParam());

  // Every compute op ends up in exactly one kernel.
  OwningOpRef<ModuleOp> fused = module->clone();
  PassManager pm(&context);
  meld::buildFusionPipeline(pm);
  ASSERT_TRUE(succeeded(pm.run(*fused)));
  fused->walk([&](Operation *op) {
    if (isa_and_nonnull<meld::MeldDialect>(op->getDialect()) &&
        !isa<meld::KernelOp, meld::YieldOp, meld::ConstantOp>(op))
      EXPECT_TRUE(op->getParentOfType<meld::KernelOp>())
          << op->getName().getStringRef().str() << " is outside a kernel";
  });
}

TEST_P(FusionDifferential, EachPassAloneKeepsResults) {
  meld::RandomProgramOptions options;
  options.seed = 1000 + GetParam();
  options.numOps = 8 + GetParam() % 24;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  using Factory = std::unique_ptr<Pass> (*)();
  for (Factory create :
       {static_cast<Factory>(meld::createMeldFusePointwise),
        static_cast<Factory>(meld::createMeldFuseReductions),
        static_cast<Factory>(meld::createMeldFuseGemmEpilogue),
        static_cast<Factory>(meld::createMeldOutlineSingletons)})
    checkFusedEqualsUnfused(
        *module,
        [&](OpPassManager &pm) { pm.nest<func::FuncOp>().addPass(create()); },
        GetParam());
}

TEST_P(FusionDifferential, FusionNeverIncreasesTrafficOrLaunches) {
  meld::RandomProgramOptions options;
  options.seed = 2000 + GetParam();
  options.numOps = 16 + GetParam() % 32;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  PassManager pm(&context);
  meld::buildFusionPipeline(pm);
  ASSERT_TRUE(succeeded(pm.run(*module)));
  auto func = module->lookupSymbol<func::FuncOp>("main");
  meld::Cost before = meld::getUnfusedCost(func, 128);
  meld::Cost after = meld::estimateFunctionCost(func, 128).fused;
  EXPECT_LE(after.bytes(), before.bytes());
  EXPECT_LE(after.launches, before.launches);
}

INSTANTIATE_TEST_SUITE_P(Seeds, FusionDifferential, ::testing::Range(0, 300));
