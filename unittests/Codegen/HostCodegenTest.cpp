//===- HostCodegenTest.cpp - Compiled host code == reference interpreter --===//
//
// Every program in examples/, the fusion model suite and
// test/Codegen/programs (every element type), compiled fused and
// unfused for the host and run through the runtime, must give the reference
// interpreter's results on random inputs; so must random programs (the
// fusion differential generator). Tolerances: f64 and f32 results within
// atol 5e-5 + rtol 5e-4 (compiled code accumulates reductions and matmuls
// in f32 where the reference accumulates in double; the deepest model, a
// transformer block, differs by up to 2.3e-5 absolute);
// f16 and bf16 within 1e-2 + 1e-2; integers and booleans exactly.
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Runtime/HostExecutable.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using meld::ref::HostTensor;

namespace {

/// Checks `actual` against the reference within the stated tolerances.
void expectClose(const HostTensor &expected, const HostTensor &actual,
                 const std::string &what) {
  ASSERT_EQ(expected.getTypeString(), actual.getTypeString()) << what;
  using meld::ref::ElementKind;
  bool half = expected.getKind() == ElementKind::F16 ||
              expected.getKind() == ElementKind::BF16;
  double atol = half ? 1e-2 : 5e-5, rtol = half ? 1e-2 : 5e-4;
  int64_t reported = 0;
  for (int64_t i = 0; i < expected.size(); ++i) {
    bool ok;
    if (!expected.isFloat()) {
      ok = expected.getInt(i) == actual.getInt(i);
    } else {
      double e = expected.getFloat(i), a = actual.getFloat(i);
      ok = (std::isnan(e) && std::isnan(a)) || e == a ||
           std::abs(e - a) <= atol + rtol * std::abs(e);
    }
    if (!ok && reported++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is "
                    << actual.getAsDouble(i) << ", the reference says "
                    << expected.getAsDouble(i);
  }
}

class HostCodegen : public meld::testing::MeldTestContext {
protected:
  HostCodegen() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Compiles `module` for the host and checks every function with a body
  /// against the interpreter on random inputs.
  void checkAgainstInterpreter(ModuleOp module, bool fuse,
                               const std::string &what,
                               bool emulateGpu = false) {
    meld::CompileOptions options;
    options.fuse = fuse;
    options.emulateGpuOnHost = emulateGpu;
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(module, options);
    ASSERT_TRUE(succeeded(bundle)) << what << "\n" << diagnostics;
    // Through the serialized form, as meld-run sees it.
    llvm::Expected<meld::bundle::Bundle> reread =
        meld::bundle::Bundle::read(bundle->toBytes());
    ASSERT_TRUE(bool(reread)) << llvm::toString(reread.takeError());
    meld::runtime::HostOptions hostOptions;
    hostOptions.threads = 2;
    auto executable =
        meld::runtime::HostExecutable::load(std::move(*reread), hostOptions);
    ASSERT_TRUE(bool(executable)) << llvm::toString(executable.takeError());

    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      std::string name = what + " @" + func.getSymName().str();
      for (int64_t dynamicSize : {1, 5}) {
        FailureOr<std::vector<HostTensor>> args =
            meld::makeRandomArguments(func, /*seed=*/dynamicSize, dynamicSize);
        ASSERT_TRUE(succeeded(args)) << diagnostics;
        meld::Interpreter interpreter(module);
        FailureOr<std::vector<HostTensor>> expected =
            interpreter.run(func.getSymName(), *args);
        ASSERT_TRUE(succeeded(expected)) << name << "\n" << diagnostics;
        llvm::Expected<std::vector<HostTensor>> actual =
            (*executable)->run(func.getSymName(), *args);
        ASSERT_TRUE(bool(actual))
            << name << ": " << llvm::toString(actual.takeError());
        ASSERT_EQ(expected->size(), actual->size()) << name;
        for (size_t i = 0; i < expected->size(); ++i)
          expectClose((*expected)[i], (*actual)[i],
                      name + " result #" + std::to_string(i));
      }
    }
  }
};

class ProgramFile : public HostCodegen,
                    public ::testing::TestWithParam<std::string> {};

TEST_P(ProgramFile, FusedAndUnfusedMatchTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true, GetParam() + " (fused)");
  checkAgainstInterpreter(*module, /*fuse=*/false, GetParam() + " (unfused)");
}

// The GPU kernels' decomposition (workgroups over row blocks, ops over
// threads, cooperative reductions, workgroup-memory intermediates, in-place
// results) emulated on the host: the same programs must still give the
// interpreter's results.
TEST_P(ProgramFile, GpuMappingMatchesTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true,
                          GetParam() + " (fused, GPU mapping)",
                          /*emulateGpu=*/true);
  // Unfused, every op is a kernel of its own; the Adam model's ~1,000 of
  // them take 40 s to compile through the mapping, and single-op kernels
  // are covered by the smaller programs and the unfused random programs.
  int64_t ops = 0;
  module->walk([&](Operation *) { ++ops; });
  if (ops > 500)
    return;
  checkAgainstInterpreter(*module, /*fuse=*/false,
                          GetParam() + " (unfused, GPU mapping)",
                          /*emulateGpu=*/true);
}

std::string testName(const ::testing::TestParamInfo<std::string> &info) {
  std::string name =
      llvm::sys::path::parent_path(info.param).rsplit('/').second.str() + "_" +
      llvm::sys::path::stem(info.param).str();
  for (char &c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    Programs, ProgramFile,
    ::testing::ValuesIn(meld::testing::codegenTestPrograms()), testName);

class RandomProgram : public HostCodegen,
                      public ::testing::TestWithParam<int> {};

TEST_P(RandomProgram, CompiledMatchesTheInterpreter) {
  meld::RandomProgramOptions options;
  options.seed = 5000 + GetParam();
  options.numOps = 6 + GetParam() % 20;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  ASSERT_TRUE(succeeded(verify(*module))) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/GetParam() % 4 != 3,
                          "random program " + std::to_string(GetParam()));
  checkAgainstInterpreter(*module, /*fuse=*/GetParam() % 4 != 3,
                          "random program " + std::to_string(GetParam()) +
                              " (GPU mapping)",
                          /*emulateGpu=*/true);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomProgram, ::testing::Range(0, 24));

} // namespace
