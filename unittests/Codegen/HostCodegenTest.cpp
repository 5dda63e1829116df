//===- HostCodegenTest.cpp - Compiled host code == reference interpreter --===//
//
// Every program in examples/, the fusion model suite and
// test/Codegen/programs (every element type), compiled fused and
// unfused for the host and run through the runtime, must give the reference
// interpreter's results on random inputs; so must random programs (the
// fusion differential generator) and, through the emulated GPU mapping,
// GEMMs of every shape the tiled GEMM handles. Tolerances: f64 and f32 results
// within atol 5e-5 + rtol 5e-4 (compiled code accumulates reductions and
// matmuls in f32 where the reference accumulates in double; the deepest model,
// a transformer block, differs by up to 2.3e-5 absolute); f16 and bf16 within
// 1e-2 + 1e-2; integers and booleans exactly. Long reductions split into two
// stages (full sums, means, maxima, a loss, a sum over the rows of a tall
// matrix) must also match, with their partial stage in many blocks, and strict
// floating point must keep float sums whole.
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Codegen/Passes.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Runtime/HostExecutable.h"
#include "meld/Testing/RandomProgram.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Host.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <map>

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
  static constexpr int64_t kEmulatedGridStrideLimit = 3;

  HostCodegen() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Compiles `module` for the host and checks every function with a body
  /// against the interpreter on random inputs. The emulated GPU mapping
  /// runs pointwise kernels on grids of at most 3 workgroups, so their
  /// grid-stride loops take several turns.
  void checkAgainstInterpreter(ModuleOp module, bool fuse,
                               const std::string &what, bool emulateGpu = false,
                               ArrayRef<int64_t> dynamicSizes = {1, 5}) {
    meld::CompileOptions options;
    options.fuse = fuse;
    options.emulateGpuOnHost = emulateGpu;
    options.gpuGridStrideLimit = kEmulatedGridStrideLimit;
    checkCompiled(module, options, what, /*metadata=*/nullptr, dynamicSizes);
  }

  /// checkAgainstInterpreter for the program file `file` (under
  /// test/Codegen/programs), fused, with every '?' at `size`.
  void checkProgramFileAt(const std::string &file, int64_t size,
                          bool emulateGpu = false) {
    std::string path =
        std::string(MELD_SOURCE_DIR) + "/test/Codegen/programs/" + file;
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &context);
    ASSERT_TRUE(module) << diagnostics;
    checkAgainstInterpreter(*module, /*fuse=*/true,
                            path + " (fused" +
                                (emulateGpu ? ", GPU mapping, " : ", ") +
                                std::to_string(size) + ")",
                            emulateGpu, {size});
  }

  /// Compiles `module` with `options` and loads the bundle on the host;
  /// null, with the failure recorded, if either step fails.
  std::unique_ptr<meld::runtime::HostExecutable>
  compileAndLoad(ModuleOp module, const meld::CompileOptions &options,
                 meld::runtime::HostOptions hostOptions = {}) {
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(module, options);
    if (failed(bundle)) {
      ADD_FAILURE() << diagnostics;
      return nullptr;
    }
    auto executable =
        meld::runtime::HostExecutable::load(std::move(*bundle), hostOptions);
    if (!executable) {
      ADD_FAILURE() << llvm::toString(executable.takeError());
      return nullptr;
    }
    return std::move(*executable);
  }

  /// checkAgainstInterpreter with any options; `metadata`, when given,
  /// receives the bundle's metadata.
  void checkCompiled(ModuleOp module, const meld::CompileOptions &options,
                     const std::string &what,
                     llvm::json::Object *metadata = nullptr,
                     ArrayRef<int64_t> dynamicSizes = {1, 5}) {
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(module, options);
    ASSERT_TRUE(succeeded(bundle)) << what << "\n" << diagnostics;
    if (metadata)
      *metadata = bundle->metadata;
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
      for (int64_t dynamicSize : dynamicSizes) {
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

/// A value that makes a program fail its runtime checks: argument `arg`'s
/// element `at` set to `value`, with the interpreter's message and the one
/// compiled code reports.
struct BadInput {
  int64_t arg, at, value;
  const char *interpreted, *compiled;
};

class CheckedInputs : public HostCodegen, public ::testing::Test {
protected:
  /// Compiles @main of `program` with each (fuse, emulateGpu) strategy and
  /// checks that every bad input fails in the interpreter and in compiled
  /// code with the expected messages (the latter naming the kernel), and
  /// that `args` then run to the interpreter's results: a failed check
  /// leaves the executable usable.
  void expectCheckedFailures(StringRef program,
                             ArrayRef<std::pair<bool, bool>> strategies,
                             int64_t seed, int64_t dynamicSize,
                             function_ref<void(std::vector<HostTensor> &)> prepare,
                             function_ref<std::vector<BadInput>(
                                 const std::vector<HostTensor> &)>
                                 badInputs) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(program, &context);
    ASSERT_TRUE(module) << diagnostics;
    auto func = module->lookupSymbol<func::FuncOp>("main");
    for (auto [fuse, emulateGpu] : strategies) {
      meld::CompileOptions options;
      options.fuse = fuse;
      options.emulateGpuOnHost = emulateGpu;
      meld::runtime::HostOptions hostOptions;
      hostOptions.threads = 2;
      auto executable = compileAndLoad(*module, options, hostOptions);
      ASSERT_TRUE(executable);
      FailureOr<std::vector<HostTensor>> args =
          meld::makeRandomArguments(func, seed, dynamicSize);
      ASSERT_TRUE(succeeded(args)) << diagnostics;
      prepare(*args);
      for (const BadInput &bad : badInputs(*args)) {
        SCOPED_TRACE(std::string(fuse ? "fused" : "unfused") +
                     (emulateGpu ? ", GPU mapping" : "") + ", argument " +
                     std::to_string(bad.arg) + " = " +
                     std::to_string(bad.value) + " at " +
                     std::to_string(bad.at));
        std::vector<HostTensor> inputs = *args;
        inputs[bad.arg].setInt(bad.at, bad.value);
        meld::Interpreter interpreter(*module);
        diagnostics.clear();
        EXPECT_TRUE(failed(interpreter.run("main", inputs)));
        EXPECT_NE(diagnostics.find(bad.interpreted), std::string::npos)
            << diagnostics;
        llvm::Expected<std::vector<HostTensor>> result =
            executable->run("main", inputs);
        ASSERT_FALSE(bool(result)) << "the bad value ran without an error";
        std::string message = llvm::toString(result.takeError());
        EXPECT_NE(message.find(bad.compiled), std::string::npos) << message;
        EXPECT_NE(message.find("kernel 'main_kernel_"), std::string::npos)
            << message;
      }
      meld::Interpreter interpreter(*module);
      FailureOr<std::vector<HostTensor>> expected =
          interpreter.run("main", *args);
      ASSERT_TRUE(succeeded(expected)) << diagnostics;
      llvm::Expected<std::vector<HostTensor>> actual =
          executable->run("main", *args);
      ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
      for (size_t i = 0; i < expected->size(); ++i)
        expectClose((*expected)[i], (*actual)[i],
                    "result #" + std::to_string(i));
    }
  }
};

// An integer division by zero fails the compiled run as it fails the
// interpreter (meld-lower-host-checks), whichever thread's blocks hold the
// zero, fused or not, and in the GPU mapping (emulated: its checks go
// through the same lowering as GPU kernels' up to the status cell); the
// executable still runs afterwards.
TEST_F(CheckedInputs, DivisionByZeroIsAnErrorLikeInTheInterpreter) {
  static constexpr StringLiteral kProgram = R"mlir(
func.func @main(%a: tensor<512x256xi32>, %b: tensor<512x256xi32>)
    -> (tensor<512x256xi32>, tensor<512xi32>) {
  %q = meld.div %a, %b : tensor<512x256xi32>
  %r = meld.add %q, %a : tensor<512x256xi32>
  %s = meld.reduce sum %r dims = [1] : tensor<512x256xi32> -> tensor<512xi32>
  return %r, %s : tensor<512x256xi32>, tensor<512xi32>
}
)mlir";
  expectCheckedFailures(
      kProgram,
      {std::pair(true, false), std::pair(false, false), std::pair(true, true)},
      /*seed=*/3, /*dynamicSize=*/1,
      [](std::vector<HostTensor> &args) {
        for (int64_t i = 0; i < args[1].size(); ++i)
          args[1].setInt(i, i % 7 + 1);
      },
      [](const std::vector<HostTensor> &args) {
        return std::vector<BadInput>{
            {1, 0, 0, "integer division by zero", "integer division by zero"},
            {1, args[1].size() - 5, 0, "integer division by zero",
             "integer division by zero"}};
      });
}

// An integer remainder by zero is an error like a division by zero, and
// a gather index outside [-size, size) is one too (the interpreter's
// message names the index; kernels report their status code 2): fused,
// unfused and through the GPU mapping, wherever the bad value is, and the
// executable runs on afterwards. An index in [-size, 0) counts from the
// end and is fine.
TEST_F(CheckedInputs, RemainderByZeroAndGatherOutOfBoundsAreErrors) {
  static constexpr StringLiteral kProgram = R"mlir(
func.func @main(%a: tensor<300x70xi32>, %b: tensor<300x70xi32>,
                %table: tensor<50x64xf32>, %ids: tensor<?x7xi64>)
    -> (tensor<300x70xi32>, tensor<?x7x64xf32>) {
  %r = meld.rem %a, %b : tensor<300x70xi32>
  %s = meld.add %r, %a : tensor<300x70xi32>
  %e = meld.gather %table, %ids axis = 0
      : (tensor<50x64xf32>, tensor<?x7xi64>) -> tensor<?x7x64xf32>
  %t = meld.tanh %e : tensor<?x7x64xf32>
  return %s, %t : tensor<300x70xi32>, tensor<?x7x64xf32>
}
)mlir";
  expectCheckedFailures(
      kProgram,
      {std::pair(true, false), std::pair(false, false), std::pair(true, true),
       std::pair(false, true)},
      /*seed=*/5, /*dynamicSize=*/40,
      [](std::vector<HostTensor> &args) {
        HostTensor &divisor = args[1];
        for (int64_t i = 0; i < divisor.size(); ++i)
          divisor.setInt(i, i % 7 - 3 == 0 ? 5 : i % 7 - 3);
        HostTensor &ids = args[3];
        for (int64_t i = 0; i < ids.size(); ++i)
          ids.setInt(i, i % 100 - 50); // Every index in [-50, 50).
      },
      [](const std::vector<HostTensor> &args) {
        return std::vector<BadInput>{
            {1, 0, 0, "integer division by zero", "integer division by zero"},
            {1, args[1].size() - 5, 0, "integer division by zero",
             "integer division by zero"},
            {3, 0, 50, "index 50 is out of bounds for axis 0 of size 50",
             "gather index out of bounds"},
            {3, args[3].size() - 1, -51,
             "index -51 is out of bounds for axis 0 of size 50",
             "gather index out of bounds"}};
      });
}

/// A pass that fails on every kernel without saying why, as a pass whose
/// cleanup does not converge may.
struct FailSilently
    : public PassWrapper<FailSilently, OperationPass<func::FuncOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailSilently)
  StringRef getArgument() const override { return "test-fail-silently"; }
  void runOnOperation() override { signalPassFailure(); }
};

// A code-generation pass that fails without a diagnostic of its own is
// named in the error, with the kernel it failed on, at the kernel's
// location.
class FailedPass : public HostCodegen, public ::testing::Test {};

TEST_F(FailedPass, IsNamedInTheError) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %y = meld.exp %x : tensor<4xf32>
      return %y : tensor<4xf32>
    })mlir",
                                                             &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.configurePassManager = [](PassManager &pm) {
    pm.addNestedPass<func::FuncOp>(std::make_unique<FailSilently>());
    return success();
  };
  EXPECT_TRUE(failed(meld::compileToBundle(*module, options)));
  EXPECT_NE(diagnostics.find("code generation for target 'host' failed in "
                             "pass 'test-fail-silently' on 'func.func' "
                             "@main_kernel_0"),
            std::string::npos)
      << diagnostics;
}

// Donated arguments are written in place (the runtime passes the input's
// buffer as the result's): an optimizer-style step whose second result
// recomputes the first's new value from the donated argument must still
// read every element before it is overwritten, on the host and in the GPU
// mapping (whose horizontal kernels put each result on workgroups of its
// own, and a large one on several: @main's 20000-element update takes 5),
// also where a reduction reads the new value (@row_norms: the GPU mapping
// reads the stored update rather than recomputing it in the sum).
class DonatedStep : public HostCodegen, public ::testing::TestWithParam<bool> {};

TEST_P(DonatedStep, ReadsEachElementBeforeItIsOverwritten) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @main(%g: tensor<20000xf32>,
                    %m: tensor<20000xf32> {meld.donate = 0 : i64},
                    %p: tensor<20000xf32> {meld.donate = 1 : i64},
                    %h: tensor<3x100xf32>,
                    %n: tensor<3x100xf32> {meld.donate = 2 : i64},
                    %q: tensor<3x100xf32> {meld.donate = 3 : i64})
        -> (tensor<20000xf32>, tensor<20000xf32>, tensor<3x100xf32>,
            tensor<3x100xf32>) {
      %m2 = meld.add %m, %g : tensor<20000xf32>
      %u = meld.mul %m2, %m2 : tensor<20000xf32>
      %p2 = meld.sub %p, %u : tensor<20000xf32>
      %n2 = meld.add %n, %h : tensor<3x100xf32>
      %v = meld.mul %n2, %n2 : tensor<3x100xf32>
      %q2 = meld.sub %q, %v : tensor<3x100xf32>
      return %m2, %p2, %n2, %q2 : tensor<20000xf32>, tensor<20000xf32>,
                                  tensor<3x100xf32>, tensor<3x100xf32>
    }
    func.func @rows(%g: tensor<96x512xf32>,
                    %m: tensor<96x512xf32> {meld.donate = 0 : i64},
                    %p: tensor<96x512xf32> {meld.donate = 1 : i64})
        -> (tensor<96x512xf32>, tensor<96x512xf32>) {
      %m2 = meld.add %m, %g : tensor<96x512xf32>
      %u = meld.mul %m2, %m2 : tensor<96x512xf32>
      %p2 = meld.sub %p, %u : tensor<96x512xf32>
      return %m2, %p2 : tensor<96x512xf32>, tensor<96x512xf32>
    }
    func.func @row_norms(%g: tensor<96x512xf32>,
                         %m: tensor<96x512xf32> {meld.donate = 0 : i64})
        -> (tensor<96x512xf32>, tensor<96x1xf32>) {
      %m2 = meld.add %m, %g : tensor<96x512xf32>
      %u = meld.mul %m2, %m2 : tensor<96x512xf32>
      %s = meld.reduce sum %u dims = [1] keep_dims
          : tensor<96x512xf32> -> tensor<96x1xf32>
      return %m2, %s : tensor<96x512xf32>, tensor<96x1xf32>
    })mlir",
                                                             &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true,
                          GetParam() ? "donated step (GPU mapping)"
                                     : "donated step",
                          /*emulateGpu=*/GetParam());
}

INSTANTIATE_TEST_SUITE_P(HostAndGpuMapping, DonatedStep, ::testing::Bool());

// The host's f32 exp (meld-approximate-math: a Cephes-style polynomial
// scaled by ldexp on AVX-512 hosts, by two exponent-bit powers of two on
// the others; the portable one runs on every host) within 2 ulp of the
// correctly rounded exp over the whole range, subnormal results included,
// and exact where exp is: NaN, +-inf, overflow, underflow to 0,
// exp(0) = 1.
class CompiledExp : public HostCodegen,
                    public ::testing::TestWithParam<bool> {};

TEST_P(CompiledExp, WithinTwoUlpEverywhere) {
  bool portable = GetParam();
  if (!portable && !llvm::sys::getHostCPUFeatures().lookup("avx512f"))
    GTEST_SKIP() << "the host has no AVX-512: no ldexp exp";
  std::vector<float> values = {0.0f,     -0.0f,   1.0f,     -1.0f,    88.72f,
                               88.7228f, 88.73f,  89.0f,    100.0f,   -87.33f,
                               -87.34f,  -100.0f, -103.27f, -103.98f, -104.0f,
                               -104.5f,  -150.0f, 1e-8f,    -1e-8f,   0.34657f};
  for (float x = -106.0f; x <= 91.0f; x += 0.0137f)
    values.push_back(x);
  values.push_back(std::numeric_limits<float>::infinity());
  values.push_back(-std::numeric_limits<float>::infinity());
  values.push_back(std::numeric_limits<float>::quiet_NaN());
  // Whole row tiles (the host path vectorizes them) plus a remainder.
  int64_t n = static_cast<int64_t>(values.size());
  std::string program = "func.func @main(%x: tensor<" + std::to_string(n) +
                        "xf32>) -> tensor<" + std::to_string(n) +
                        "xf32> {\n  %y = meld.exp %x : tensor<" +
                        std::to_string(n) + "xf32>\n  return %y : tensor<" +
                        std::to_string(n) + "xf32>\n}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.portableHostExp = portable;
  auto executable = compileAndLoad(*module, options);
  ASSERT_TRUE(executable);
  HostTensor x(meld::ref::ElementKind::F32, {n});
  for (int64_t i = 0; i < n; ++i)
    x.setFloat(i, values[i]);
  llvm::Expected<std::vector<HostTensor>> y = executable->run("main", {x});
  ASSERT_TRUE(bool(y)) << llvm::toString(y.takeError());
  // Distance in units in the last place: adjacent floats of one sign
  // have adjacent bit patterns, subnormals included.
  auto ulps = [](float a, float b) {
    int32_t ia, ib;
    std::memcpy(&ia, &a, 4);
    std::memcpy(&ib, &b, 4);
    return std::abs(int64_t(ia) - int64_t(ib));
  };
  int64_t failures = 0;
  for (int64_t i = 0; i < n; ++i) {
    float in = values[i];
    float expected = static_cast<float>(std::exp(static_cast<double>(in)));
    float actual = static_cast<float>((*y)[0].getFloat(i));
    bool ok = std::isnan(expected) ? std::isnan(actual)
              : (std::isinf(expected) || expected == 0.0f || expected == 1.0f)
                  ? actual == expected
                  : ulps(actual, expected) <= 2;
    if (!ok && failures++ < 10)
      ADD_FAILURE() << "exp(" << in << ") = " << actual << ", correctly "
                    << "rounded " << expected << " (" << ulps(actual, expected)
                    << " ulp)";
  }
}

INSTANTIATE_TEST_SUITE_P(Scalings, CompiledExp, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool> &info) {
                           return info.param ? "TwoPowersOfTwo" : "Ldexp";
                         });

// The host's f32 sin and cos (meld-approximate-math: computed in f64 with
// a two-part Cody-Waite reduction below 2^20 and Payne-Hanek above, and
// rounded once) against the interpreter's, std::sin and std::cos in double
// rounded to f32: within 1 ulp (either side may be 1/2 ulp from the exact
// value; in practice they agree), densely on [-100, 100], next to the
// multiples of pi/2 up to 10^4 (where the reduction matters most), at
// large magnitudes up to the largest float, and exactly NaN for NaN and
// the infinities, and +-0 for +-0 (sin).
class CompiledSinCos : public HostCodegen, public ::testing::Test {};

TEST_F(CompiledSinCos, WithinOneUlpOfTheInterpreter) {
  std::vector<float> values = {0.0f, -0.0f, 1e-30f, -1e-30f, 1e-8f, 0.5f,
                               3.14159265f, 1e5f, 1048575.9f, 1048576.0f,
                               -1048576.0f, 3e7f, 1e10f, -1e15f, 1e20f,
                               3.4e38f, -3.4e38f};
  for (float x = -100.0f; x <= 100.0f; x += 0.00731f)
    values.push_back(x);
  for (int k = 1; k < 6400; ++k) {
    float x = static_cast<float>(k * M_PI / 2);
    values.push_back(x);
    values.push_back(std::nextafter(x, 0.0f));
    values.push_back(-std::nextafter(x, 1e30f));
  }
  for (float x = 1.0f; x < 3e38f; x *= 1.37f) {
    values.push_back(x);
    values.push_back(-x * 1.0001f);
  }
  values.push_back(std::numeric_limits<float>::infinity());
  values.push_back(-std::numeric_limits<float>::infinity());
  values.push_back(std::numeric_limits<float>::quiet_NaN());
  int64_t n = static_cast<int64_t>(values.size());
  std::string type = "tensor<" + std::to_string(n) + "xf32>";
  std::string program = "func.func @main(%x: " + type + ") -> (" + type +
                        ", " + type + ") {\n  %s = meld.sin %x : " + type +
                        "\n  %c = meld.cos %x : " + type +
                        "\n  return %s, %c : " + type + ", " + type + "\n}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &context);
  ASSERT_TRUE(module) << diagnostics;
  auto executable = compileAndLoad(*module, meld::CompileOptions());
  ASSERT_TRUE(executable);
  HostTensor x(meld::ref::ElementKind::F32, {n});
  for (int64_t i = 0; i < n; ++i)
    x.setFloat(i, values[i]);
  llvm::Expected<std::vector<HostTensor>> y = executable->run("main", {x});
  ASSERT_TRUE(bool(y)) << llvm::toString(y.takeError());
  meld::Interpreter interpreter(*module);
  FailureOr<std::vector<HostTensor>> expected = interpreter.run("main", {x});
  ASSERT_TRUE(succeeded(expected)) << diagnostics;
  auto bits = [](float v) {
    int32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  };
  int64_t failures = 0;
  for (int r = 0; r < 2; ++r)
    for (int64_t i = 0; i < n; ++i) {
      float want = static_cast<float>((*expected)[r].getFloat(i));
      float got = static_cast<float>((*y)[r].getFloat(i));
      bool ok = std::isnan(want)
                    ? std::isnan(got)
                    : (want == 0.0f ? bits(got) == bits(want)
                                    : std::abs(int64_t(bits(got)) -
                                               int64_t(bits(want))) <= 1);
      if (!ok && failures++ < 10)
        ADD_FAILURE() << (r ? "cos(" : "sin(") << values[i] << ") = " << got
                      << ", the interpreter says " << want;
    }
}

class ProgramFile : public HostCodegen,
                    public ::testing::TestWithParam<std::string> {};

TEST_P(ProgramFile, FusedAndUnfusedMatchTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true, GetParam() + " (fused)");
  checkAgainstInterpreter(*module, /*fuse=*/false, GetParam() + " (unfused)");
}

// The programs with bf16 compiled for an AVX2 CPU (x86-64-v3: no
// AVX512-BF16, which every x86-64 host this runs on can run): LLVM moves
// bf16 vectors there by widening them to f32 and narrowing back through
// compiler-rt's __truncsfbf2, which the host loader defines itself (a
// process with an older libgcc has none: on a Zen 3 EPYC these programs
// failed to load, "Symbols not found: [ __truncsfbf2 ]").
TEST_P(ProgramFile, Bf16OnAvx2MatchesTheInterpreter) {
  auto text = llvm::MemoryBuffer::getFile(GetParam());
  ASSERT_TRUE(bool(text));
  if (!(*text)->getBuffer().contains("bf16"))
    GTEST_SKIP() << "no bf16";
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.hostCpu = "x86-64-v3";
  checkCompiled(*module, options, GetParam() + " (x86-64-v3)");
}

// Host code in parts (meld/Codegen/Host/SplitHostModule.h), compiled on
// threads of their own into one object each, loaded from one archive: every
// program unfused (a kernel per op, so that parts have several to share) in
// three parts still gives the interpreter's results.
TEST_P(ProgramFile, HostCodeInPartsMatchesTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.fuse = false;
  options.hostCodegenParts = 3;
  llvm::json::Object metadata;
  checkCompiled(*module, options, GetParam() + " (in 3 parts)", &metadata);
  if (HasFatalFailure())
    return;
  const llvm::json::Object &host =
      *(*metadata.getArray("binaries"))[0].getAsObject();
  size_t kernels = metadata.getArray("kernels")->size();
  EXPECT_EQ(*host.getString("format"),
            kernels > 1 ? "elf-archive" : "elf-relocatable")
      << kernels << " kernels";
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

// A pointwise kernel's block loop strides over a grid capped at the
// limit (meld-map-to-gpu grid-stride-limit): the launch metadata asks for
// min(blocks, limit) workgroups, and emulated on that grid the kernel
// computes every block exactly once, for row counts below, at and far
// above the limit. A kernel with a reduction keeps one block per workgroup.
class GridStride : public HostCodegen, public ::testing::Test {};

TEST_F(GridStride, PointwiseKernelsStrideOverACappedGrid) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @main(%x: tensor<?x64xf32>, %y: tensor<?x64xf32>)
        -> (tensor<?x64xf32>, tensor<?xf32>) {
      %s = meld.add %x, %y : tensor<?x64xf32>
      %e = meld.exp %s : tensor<?x64xf32>
      %r = meld.reduce sum %x dims = [1] : tensor<?x64xf32> -> tensor<?xf32>
      return %e, %r : tensor<?x64xf32>, tensor<?xf32>
    })mlir",
                                                             &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.emulateGpuOnHost = true;
  options.fuse = false;
  options.gpuGridStrideLimit = kEmulatedGridStrideLimit;
  llvm::json::Object metadata;
  checkCompiled(*module, options, "grid-stride (GPU mapping)", &metadata,
                {1, 3, 16, 47, 48, 49, 700});
  // Unfused, 16 rows per block: the grids of the add and the exp kernels
  // are capped, the row sum's is not.
  const llvm::json::Array &kernels = *metadata.getArray("kernels");
  ASSERT_EQ(kernels.size(), 3u);
  int strided = 0;
  for (const llvm::json::Value &k : kernels) {
    std::string blocks =
        llvm::formatv("{0}", *k.getAsObject()->get("host_blocks")).str();
    if (StringRef(blocks).starts_with(R"({"min":[{"ceildiv":[{"dim":[)") &&
        StringRef(blocks).ends_with(R"(,0]},16]},3]})"))
      ++strided;
    else
      EXPECT_EQ(blocks.find("min"), std::string::npos) << blocks;
  }
  EXPECT_EQ(strided, 2);

  // For a GPU: the grid formula has the real limit, and the kernel reads
  // its grid size.
  options.emulateGpuOnHost = false;
  options.targets = {"nvptx"};
  options.nvptxChips = {"sm_90"};
  options.gpuGridStrideLimit = meld::codegen::kGpuGridStrideLimit;
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  int capped = 0;
  for (const llvm::json::Value &k : *bundle->metadata.getArray("kernels")) {
    std::string grid = llvm::formatv(
        "{0}",
        (*k.getAsObject()->getObject("gpu_launch")->getArray("grid"))[0]);
    if (StringRef(grid).ends_with(
            ",0]},16]}," + std::to_string(meld::codegen::kGpuGridStrideLimit) +
            "]}"))
      ++capped;
  }
  EXPECT_EQ(capped, 2);
  const std::string &ptx =
      bundle->blobs[*(*bundle->metadata.getArray("binaries"))[0]
                         .getAsObject()
                         ->getInteger("blob")];
  EXPECT_NE(ptx.find("%nctaid.x"), std::string::npos);
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

// Convolutions over dynamic spatial dims (meld.conv's dynamic extents) at a
// size whose output rows span several register tiles and vector widths:
// the program files run every '?' at 1 and 5 only.
class DynamicConv : public HostCodegen, public ::testing::Test {};

TEST_F(DynamicConv, WideImagesMatchTheInterpreter) {
  checkProgramFileAt("conv-dynamic-spatial.mlir", 37);
  checkProgramFileAt("conv-dynamic-spatial.mlir", 37, /*emulateGpu=*/true);
}

// Host GEMMs over dynamic columns and depths at sizes past a column block
// (256) and a k block: whole register tiles, masked partial column tiles,
// partial k blocks and column blocks counted at run time, against the
// interpreter (the program files run every '?' at 1 and 5 only).
class DynamicColumns : public HostCodegen, public ::testing::Test {};

TEST_F(DynamicColumns, WideSizesMatchTheInterpreter) {
  for (int64_t size : {37, 300})
    checkProgramFileAt("dynamic-columns.mlir", size);
}

// A zero-filled GEMM over a dynamic depth of 0, where no k block runs and
// the fill alone writes the output, and of 300 (several k blocks), on
// buffers the runtime fills with NaNs (the program files run every '?' at
// 1 and 5 only).
class ZeroFilledSums : public HostCodegen, public ::testing::Test {};

TEST_F(ZeroFilledSums, EmptyAndDeepDynamicDepthsMatchTheInterpreter) {
  for (int64_t size : {0, 300})
    checkProgramFileAt("zero-filled-sums.mlir", size);
}

// Contractions on the GPU are tiled GEMMs (meld-map-to-gpu): k slices staged
// in workgroup memory, 4x4 accumulators per thread, the elementwise epilogue
// applied in registers. Sizes are not multiples of the 64x64 (or 32x128,
// 16x256) output tile or of the 16-deep k slice, so every edge is taken;
// dynamic rows run with 1, 5, 70 and 130 (three 64-row workgroups).
struct GemmProgram {
  const char *name;
  const char *source;
  /// Whether the contraction has an elementwise epilogue to apply in
  /// registers.
  bool epilogue;
  /// Workgroups per row block (meld.gpu_column_blocks): column tiles of a
  /// GEMM that is the whole kernel, 0 when the columns fit one tile.
  int64_t columnBlocks;
};

const GemmProgram kGemmPrograms[] = {
    {"odd_sizes", R"mlir(
      func.func @main(%x: tensor<70x37xf32>, %w: tensor<37x93xf32>)
          -> tensor<70x93xf32> {
        %y = meld.matmul %x, %w
            : tensor<70x37xf32>, tensor<37x93xf32> -> tensor<70x93xf32>
        return %y : tensor<70x93xf32>
      })mlir",
     false, 2},
    {"dynamic_rows", R"mlir(
      func.func @main(%x: tensor<?x48xf32>, %w: tensor<48x80xf32>)
          -> tensor<?x80xf32> {
        %y = meld.matmul %x, %w
            : tensor<?x48xf32>, tensor<48x80xf32> -> tensor<?x80xf32>
        return %y : tensor<?x80xf32>
      })mlir",
     false, 2},
    {"dynamic_all", R"mlir(
      func.func @main(%x: tensor<?x?xf32>, %w: tensor<?x?xf32>)
          -> tensor<?x?xf32> {
        %y = meld.matmul %x, %w
            : tensor<?x?xf32>, tensor<?x?xf32> -> tensor<?x?xf32>
        return %y : tensor<?x?xf32>
      })mlir",
     false, 0},
    {"transposed", R"mlir(
      func.func @main(%a: tensor<37x70xf32>, %b: tensor<93x37xf32>,
                      %c: tensor<70x37xf32>) -> (tensor<70x93xf32>,
                                                 tensor<70x70xf32>) {
        %y = meld.matmul %a, %b transpose_lhs transpose_rhs
            : tensor<37x70xf32>, tensor<93x37xf32> -> tensor<70x93xf32>
        %z = meld.matmul %c, %c transpose_rhs
            : tensor<70x37xf32>, tensor<70x37xf32> -> tensor<70x70xf32>
        return %y, %z : tensor<70x93xf32>, tensor<70x70xf32>
      })mlir",
     false, 2},
    {"batch", R"mlir(
      func.func @main(%q: tensor<3x20x24xf32>, %k: tensor<3x33x24xf32>,
                      %v: tensor<3x33x17xf32>) -> tensor<3x20x17xf32> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<3x20x24xf32>, tensor<3x33x24xf32> -> tensor<3x20x33xf32>
        %o = meld.batch_matmul %s, %v
            : tensor<3x20x33xf32>, tensor<3x33x17xf32> -> tensor<3x20x17xf32>
        return %o : tensor<3x20x17xf32>
      })mlir",
     false, 0},
    {"bias_gelu", R"mlir(
      func.func @main(%x: tensor<?x40xf32>, %w: tensor<40x100xf32>,
                      %bias: tensor<100xf32>) -> tensor<?x100xf32> {
        %n = meld.dim %x, 0 : tensor<?x40xf32>
        %h = meld.matmul %x, %w
            : tensor<?x40xf32>, tensor<40x100xf32> -> tensor<?x100xf32>
        %bb = meld.broadcast_in_dim %bias, dims = [1] sizes(%n)
            : tensor<100xf32> -> tensor<?x100xf32>
        %a = meld.add %h, %bb : tensor<?x100xf32>
        %y = meld.gelu %a approximate = tanh : tensor<?x100xf32>
        return %y : tensor<?x100xf32>
      })mlir",
     true, 2},
    {"residual_halves", R"mlir(
      func.func @main(%x: tensor<70x40xf16>, %w: tensor<40x50xf16>,
                      %r: tensor<70x50xf32>) -> tensor<70x50xf32> {
        %h = meld.matmul %x, %w
            : tensor<70x40xf16>, tensor<40x50xf16> -> tensor<70x50xf32>
        %y = meld.add %h, %r : tensor<70x50xf32>
        return %y : tensor<70x50xf32>
      })mlir",
     true, 0},
};

void PrintTo(const GemmProgram &program, std::ostream *os) {
  *os << program.name;
}

/// Keeps a copy of the module meld-map-to-gpu produces.
struct KeepMappedModule : public PassInstrumentation {
  OwningOpRef<ModuleOp> *mapped;
  explicit KeepMappedModule(OwningOpRef<ModuleOp> *mapped) : mapped(mapped) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() == "meld-map-to-gpu")
      *mapped = cast<ModuleOp>(op->clone());
  }
};

class TiledGemm : public HostCodegen,
                  public ::testing::TestWithParam<GemmProgram> {};

TEST_P(TiledGemm, EmulatedMatchesTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  checkAgainstInterpreter(*module, /*fuse=*/true,
                          std::string(GetParam().name) + " (GPU mapping)",
                          /*emulateGpu=*/true, {1, 5, 70, 130});
  checkAgainstInterpreter(*module, /*fuse=*/true, GetParam().name);
}

// The GPU kernels have no contraction left as a linalg op: each is a k loop
// carrying 16 accumulators around two barriers and the staging stores into
// workgroup memory; with an epilogue, that is applied after the k loop and
// the contraction's result is no intermediate (the only workgroup buffers
// are the staged slices).
TEST_P(TiledGemm, ContractionsAreTiledInWorkgroupMemory) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  OwningOpRef<ModuleOp> mapped;
  meld::CompileOptions options;
  options.targets = {"nvptx"};
  options.nvptxChips = {"sm_90"};
  options.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepMappedModule>(&mapped));
    return success();
  };
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, options)))
      << diagnostics;
  ASSERT_TRUE(mapped);
  int kernels = 0;
  mapped->walk([&](gpu::GPUFuncOp func) {
    ++kernels;
    std::string name = func.getName().str();
    func.walk([&](linalg::LinalgOp op) {
      EXPECT_EQ(op.getNumReductionLoops(), 0u)
          << name << ": a contraction was not tiled";
    });
    int kLoops = 0;
    func.walk([&](scf::ForOp loop) {
      // The k loop (it carries the 16 accumulators and the thread's share
      // of the next slice), not the loop over one slice's steps inside it.
      auto outer = loop->getParentOfType<scf::ForOp>();
      if (loop.getNumRegionIterArgs() <= 16 ||
          (outer && outer.getNumRegionIterArgs() > 16))
        return;
      ++kLoops;
      int barriers = 0, staged = 0;
      loop.walk([&](gpu::BarrierOp) { ++barriers; });
      loop.walk([&](memref::StoreOp store) {
        auto view = store.getMemRef().getDefiningOp<memref::ViewOp>();
        staged +=
            view && view.getSource().getDefiningOp<memref::MemorySpaceCastOp>();
      });
      EXPECT_EQ(barriers, 2) << name;
      // Every prefetched element goes into workgroup memory.
      EXPECT_EQ(staged, static_cast<int>(loop.getNumRegionIterArgs()) - 16)
          << name << ": the share of both slices";
    });
    EXPECT_EQ(kLoops, 1) << name;
    auto columns =
        func->getAttrOfType<IntegerAttr>(meld::kGpuColumnBlocksAttrName);
    EXPECT_EQ(columns ? columns.getInt() : 0, GetParam().columnBlocks) << name;
    EXPECT_EQ(func.getNumWorkgroupAttributions(), 2u)
        << name << ": only the two staged slices live in workgroup memory";
    if (GetParam().epilogue) {
      int separate = 0;
      func.walk([&](Operation *op) {
        separate += isa<linalg::LinalgOp, vector::StoreOp>(op);
      });
      EXPECT_EQ(separate, 0) << name << ": the epilogue is a separate op";
    }
  });
  EXPECT_GT(kernels, 0);
}

INSTANTIATE_TEST_SUITE_P(Programs, TiledGemm,
                         ::testing::ValuesIn(kGemmPrograms),
                         [](const ::testing::TestParamInfo<GemmProgram> &info) {
                           return std::string(info.param.name);
                         });

/// The vector shapes of the `vector.fma` ops (register tiles) that
/// meld-vectorize-host-contractions leaves, per shape how many, how many
/// transposed panels it packs ("linalg.transpose"), and how many AMX tile
/// products it emits ("amx.tile_mulf", "amx.tile_muli").
struct KeepRegisterTiles : public PassInstrumentation {
  std::map<std::string, int> *tiles;
  explicit KeepRegisterTiles(std::map<std::string, int> *tiles)
      : tiles(tiles) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() != "meld-vectorize-host-contractions")
      return;
    op->walk([&](vector::FMAOp fma) {
      std::string shape;
      llvm::raw_string_ostream os(shape);
      os << fma.getType();
      ++(*tiles)[shape];
    });
    op->walk([&](linalg::TransposeOp) { ++(*tiles)["linalg.transpose"]; });
    op->walk([&](amx::TileMulFOp) { ++(*tiles)["amx.tile_mulf"]; });
    op->walk([&](amx::TileMulIOp) { ++(*tiles)["amx.tile_muli"]; });
    op->walk([&](x86vector::DotBF16Op) { ++(*tiles)["x86vector.avx512.dot"]; });
  }
};

/// Options compiling for `cpu` (with `features` on top) by the heuristic's
/// tiles, balanced over 2 threads, that count each register tile's shape
/// into `tiles`.
static meld::CompileOptions
tileCountingOptions(std::map<std::string, int> &tiles, const std::string &cpu,
                    const std::string &features = "") {
  meld::CompileOptions options;
  options.hostCpu = cpu;
  options.hostFeatures = features;
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  options.configurePassManager = [&tiles](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepRegisterTiles>(&tiles));
    return success();
  };
  return options;
}

// Host GEMMs whose sizes are not multiples of the register tile still run
// on register tiles: a partial last column tile or k block is peeled off
// as a block of its own, its columns split into tiles of power-of-two
// widths (26 -> 16, 8, 2), and a block's partial last row tile (from rows
// that are not a multiple of 8, or the partial last block of 64 rows) is
// peeled off: a tile of its own when static (20 rows: 8, 8, 4; an output
// of fewer than 64 rows is one static block, 37 rows: 8 x 4, then 5), row
// by row on 1-row tiles when dynamic. Fewer rows than a tile take wider
// tiles (one row: 1 x 256), as do dynamic rows at run time when there are
// fewer than 4 (a copy of the matmul for few rows). Results equal the
// interpreter's, for odd static sizes, a prime k, dynamic rows, a
// transposed right operand (packed transposed, also per batch), a batch,
// and f16/bf16 matmuls (accumulated in f32 on the same tiles).
/// The first kernel's host block count formula in bundle `metadata`, as
/// JSON text ("" when it has none: one block).
static std::string firstKernelBlocks(const llvm::json::Object &metadata) {
  const llvm::json::Array *kernels = metadata.getArray("kernels");
  const llvm::json::Value *blocks =
      kernels && !kernels->empty()
          ? (*kernels)[0].getAsObject()->get("host_blocks")
          : nullptr;
  std::string formula;
  if (blocks)
    llvm::raw_string_ostream(formula) << *blocks;
  return formula;
}

struct OddGemm {
  const char *name, *source;
  /// Register tiles (vector.fma shapes) the program must have.
  std::vector<const char *> tiles;
  /// When set, the first kernel's host block count formula (JSON).
  const char *hostBlocks = nullptr;
};

const OddGemm kOddGemms[] = {
    {"linear_100x1000x90",
     R"mlir(
      func.func @main(%x: tensor<100x1000xf32>, %w: tensor<1000x90xf32>,
                      %b: tensor<90xf32>) -> tensor<100x90xf32> {
        %h = meld.matmul %x, %w
            : tensor<100x1000xf32>, tensor<1000x90xf32> -> tensor<100x90xf32>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<90xf32> -> tensor<100x90xf32>
        %a = meld.add %h, %bb : tensor<100x90xf32>
        %y = meld.relu %a : tensor<100x90xf32>
        return %y : tensor<100x90xf32>
      })mlir",
     // (90 columns: two tiles of 32 and one of 26, masked as 32: the
     // partial column tile whose width fills three quarters of a power
     // of two, where it was 16, 8 and 2.)
     {"vector<8x32xf32>", "vector<1x32xf32>"}},
    {"prime_k_37x1009x40",
     R"mlir(
      func.func @main(%x: tensor<37x1009xf32>, %w: tensor<1009x40xf32>)
          -> tensor<37x40xf32> {
        %h = meld.matmul %x, %w
            : tensor<37x1009xf32>, tensor<1009x40xf32> -> tensor<37x40xf32>
        return %h : tensor<37x40xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x8xf32>", "vector<5x32xf32>",
      "vector<5x8xf32>"}},
    {"dynamic_rows",
     R"mlir(
      func.func @main(%x: tensor<?x64xf32>, %w: tensor<64x48xf32>)
          -> tensor<?x48xf32> {
        %h = meld.matmul %x, %w
            : tensor<?x64xf32>, tensor<64x48xf32> -> tensor<?x48xf32>
        return %h : tensor<?x48xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x16xf32>", "vector<1x32xf32>",
      "vector<1x16xf32>"}},
    {"transposed_rhs_70x64x50",
     R"mlir(
      func.func @main(%q: tensor<70x64xf32>, %k: tensor<50x64xf32>)
          -> tensor<70x50xf32> {
        %s = meld.matmul %q, %k transpose_rhs
            : tensor<70x64xf32>, tensor<50x64xf32> -> tensor<70x50xf32>
        return %s : tensor<70x50xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x16xf32>", "vector<8x2xf32>",
      "vector<1x32xf32>", "vector<1x16xf32>", "vector<1x2xf32>",
      "linalg.transpose"}},
    {"batch_3x20x30x50",
     R"mlir(
      func.func @main(%a: tensor<3x20x30xf32>, %b: tensor<3x30x50xf32>)
          -> tensor<3x20x50xf32> {
        %c = meld.batch_matmul %a, %b
            : tensor<3x20x30xf32>, tensor<3x30x50xf32> -> tensor<3x20x50xf32>
        return %c : tensor<3x20x50xf32>
      })mlir",
     {"vector<1x8x32xf32>", "vector<1x8x16xf32>", "vector<1x8x2xf32>",
      "vector<1x4x32xf32>", "vector<1x4x16xf32>", "vector<1x4x2xf32>"}},
    {"batch_transposed_rhs_4x70x64x50",
     R"mlir(
      func.func @main(%q: tensor<4x70x64xf32>, %k: tensor<4x50x64xf32>)
          -> tensor<4x70x50xf32> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<4x70x64xf32>, tensor<4x50x64xf32> -> tensor<4x70x50xf32>
        return %s : tensor<4x70x50xf32>
      })mlir",
     {"vector<1x8x32xf32>", "vector<1x8x16xf32>", "vector<1x8x2xf32>",
      "vector<1x6x32xf32>", "linalg.transpose"}},
    // One row (a matrix-vector product) keeps its row dim and takes
    // 1 x 256 tiles that stream the weight's rows, unpacked (600 columns:
    // one block; 1024: four blocks of 256 columns for the threads).
    {"one_row_1x300x600",
     R"mlir(
      func.func @main(%x: tensor<1x300xf32>, %w: tensor<300x600xf32>,
                      %b: tensor<600xf32>) -> tensor<1x600xf32> {
        %h = meld.matmul %x, %w
            : tensor<1x300xf32>, tensor<300x600xf32> -> tensor<1x600xf32>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<600xf32> -> tensor<1x600xf32>
        %a = meld.add %h, %bb : tensor<1x600xf32>
        %y = meld.gelu %a approximate = tanh : tensor<1x600xf32>
        return %y : tensor<1x600xf32>
      })mlir",
     // (600 = 2 x 256 + 64 + 24, the 24 masked as 32.)
     {"vector<1x256xf32>", "vector<1x64xf32>", "vector<1x32xf32>"}},
    {"one_row_column_blocks_1x300x1024",
     R"mlir(
      func.func @main(%x: tensor<1x300xf32>, %w: tensor<300x1024xf32>,
                      %b: tensor<1024xf32>) -> tensor<1x1024xf32> {
        %h = meld.matmul %x, %w
            : tensor<1x300xf32>, tensor<300x1024xf32> -> tensor<1x1024xf32>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<1024xf32> -> tensor<1x1024xf32>
        %a = meld.add %h, %bb : tensor<1x1024xf32>
        %y = meld.relu %a : tensor<1x1024xf32>
        return %y : tensor<1x1024xf32>
      })mlir",
     {"vector<1x256xf32>"},
     R"({"mul":[{"ceildiv":[1,1]},4]})"},
    {"half_one_row_column_blocks_1x300x512",
     R"mlir(
      func.func @main(%x: tensor<1x300xf16>, %w: tensor<300x512xf16>,
                      %b: tensor<512xf16>) -> tensor<1x512xf16> {
        %h = meld.matmul %x, %w
            : tensor<1x300xf16>, tensor<300x512xf16> -> tensor<1x512xf16>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<512xf16> -> tensor<1x512xf16>
        %a = meld.add %h, %bb : tensor<1x512xf16>
        return %a : tensor<1x512xf16>
      })mlir",
     {"vector<1x256xf32>"},
     R"({"mul":[{"ceildiv":[1,1]},2]})"},
    // A transposed right operand (decoding's q @ K^T, PyTorch's x @ W^T)
    // with one row is dot products along k on 16-lane partial sums; with
    // more rows its packed panels stay one tile wide, dynamic rows too.
    {"one_row_transposed_rhs_1x64x300",
     R"mlir(
      func.func @main(%q: tensor<1x64xf32>, %k: tensor<300x64xf32>)
          -> tensor<1x300xf32> {
        %s = meld.matmul %q, %k transpose_rhs
            : tensor<1x64xf32>, tensor<300x64xf32> -> tensor<1x300xf32>
        return %s : tensor<1x300xf32>
      })mlir",
     {"vector<16xf32>"}},
    {"dynamic_rows_transposed_rhs",
     R"mlir(
      func.func @main(%q: tensor<?x64xf32>, %k: tensor<300x64xf32>)
          -> tensor<?x300xf32> {
        %s = meld.matmul %q, %k transpose_rhs
            : tensor<?x64xf32>, tensor<300x64xf32> -> tensor<?x300xf32>
        return %s : tensor<?x300xf32>
      })mlir",
     // Fewer than 32 rows take dot products (4 rows per pass), more the
     // packed transposed panels' register tiles.
     {"vector<16xf32>", "vector<8x32xf32>", "vector<1x32xf32>",
      "linalg.transpose"}},
    // Halves accumulate in f32 on the same tiles (widened operands).
    {"half_linear_gelu_70x300x90",
     R"mlir(
      func.func @main(%x: tensor<70x300xf16>, %w: tensor<300x90xf16>,
                      %b: tensor<90xf16>) -> tensor<70x90xf16> {
        %h = meld.matmul %x, %w
            : tensor<70x300xf16>, tensor<300x90xf16> -> tensor<70x90xf16>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<90xf16> -> tensor<70x90xf16>
        %a = meld.add %h, %bb : tensor<70x90xf16>
        %y = meld.gelu %a approximate = tanh : tensor<70x90xf16>
        return %y : tensor<70x90xf16>
      })mlir",
     {"vector<8x32xf32>", "vector<1x32xf32>"}},
    {"bf16_dynamic_rows",
     R"mlir(
      func.func @main(%x: tensor<?x64xbf16>, %w: tensor<64x48xbf16>)
          -> tensor<?x48xbf16> {
        %h = meld.matmul %x, %w
            : tensor<?x64xbf16>, tensor<64x48xbf16> -> tensor<?x48xbf16>
        return %h : tensor<?x48xbf16>
      })mlir",
     {"vector<8x32xf32>", "vector<8x16xf32>", "vector<1x32xf32>",
      "vector<1x16xf32>"}},
    {"half_batch_transposed_rhs_4x70x64x50",
     R"mlir(
      func.func @main(%q: tensor<4x70x64xf16>, %k: tensor<4x50x64xf16>)
          -> tensor<4x70x50xf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<4x70x64xf16>, tensor<4x50x64xf16> -> tensor<4x70x50xf16>
        return %s : tensor<4x70x50xf16>
      })mlir",
     {"vector<1x8x32xf32>", "vector<1x8x16xf32>", "vector<1x8x2xf32>",
      "vector<1x6x32xf32>", "linalg.transpose"}},
    // Square register tiles (as many rows as columns) of a widened product
    // whose transposed right operand is read in place: MLIR 22's
    // canonicalization of shape_cast(broadcast) had turned the operand's
    // broadcast along the rows into one along the columns, and each such
    // tile came out transposed (as did the 2 x 2 partial tiles of
    // half_batch_transposed_rhs_4x70x64x50 on 4 x 64 tiles).
    {"half_batch_transposed_rhs_1x8x8x8",
     R"mlir(
      func.func @main(%q: tensor<1x8x8xf16>, %k: tensor<1x8x8xf16>)
          -> tensor<1x8x8xf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<1x8x8xf16>, tensor<1x8x8xf16> -> tensor<1x8x8xf16>
        return %s : tensor<1x8x8xf16>
      })mlir",
     {"vector<8x8xf32>"}},
    {"bf16_batch_transposed_rhs_1x8x8x8",
     R"mlir(
      func.func @main(%q: tensor<1x8x8xbf16>, %k: tensor<1x8x8xbf16>)
          -> tensor<1x8x8xbf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<1x8x8xbf16>, tensor<1x8x8xbf16> -> tensor<1x8x8xbf16>
        return %s : tensor<1x8x8xbf16>
      })mlir",
     {"vector<8x8xf32>"}},
    {"half_batch_transposed_rhs_1x2x8x2",
     R"mlir(
      func.func @main(%q: tensor<1x2x8xf16>, %k: tensor<1x2x8xf16>)
          -> tensor<1x2x2xf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<1x2x8xf16>, tensor<1x2x8xf16> -> tensor<1x2x2xf16>
        return %s : tensor<1x2x2xf16>
      })mlir",
     {"vector<2x2xf32>"}},
    {"bf16_batch_transposed_rhs_1x2x8x2",
     R"mlir(
      func.func @main(%q: tensor<1x2x8xbf16>, %k: tensor<1x2x8xbf16>)
          -> tensor<1x2x2xbf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<1x2x8xbf16>, tensor<1x2x8xbf16> -> tensor<1x2x2xbf16>
        return %s : tensor<1x2x2xbf16>
      })mlir",
     {"vector<2x2xf32>"}},
    {"half_transposed_rhs_8x8x8",
     R"mlir(
      func.func @main(%q: tensor<8x8xf16>, %k: tensor<8x8xf16>)
          -> tensor<8x8xf16> {
        %s = meld.matmul %q, %k transpose_rhs
            : tensor<8x8xf16>, tensor<8x8xf16> -> tensor<8x8xf16>
        return %s : tensor<8x8xf16>
      })mlir",
     {"vector<8x8xf32>"}},
    // Epilogues with a broadcast operand whose unit dim is dropped (a
    // 1 x N bias, an M x 1 column, a kept-dims column maximum) leave the
    // matmul rows x columns x k: elementwise fusion had moved the
    // operand's unit-dim view into the matmul, which then took no tiles
    // (static rows: the host pipeline failed) or 1 x 1 x N ones.
    {"bias_one_by_n_epilogue_3x5x4",
     R"mlir(
      func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
                      %c: tensor<1x4xf32>) -> tensor<3x4xf32> {
        %y = meld.matmul %a, %b
            : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
        %cb = meld.broadcast_in_dim %c, dims = [0, 1]
            : tensor<1x4xf32> -> tensor<3x4xf32>
        %z = meld.add %y, %cb : tensor<3x4xf32>
        return %z : tensor<3x4xf32>
      })mlir",
     {"vector<3x4xf32>"}},
    {"column_epilogue_dynamic_rows",
     R"mlir(
      func.func @main(%x: tensor<?x64xf32>, %w: tensor<64x48xf32>,
                      %c: tensor<?x1xf32>) -> tensor<?x48xf32> {
        %n = meld.dim %x, 0 : tensor<?x64xf32>
        %h = meld.matmul %x, %w
            : tensor<?x64xf32>, tensor<64x48xf32> -> tensor<?x48xf32>
        %cb = meld.broadcast_in_dim %c, dims = [0, 1] sizes(%n)
            : tensor<?x1xf32> -> tensor<?x48xf32>
        %y = meld.mul %h, %cb : tensor<?x48xf32>
        return %y : tensor<?x48xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x16xf32>", "vector<1x32xf32>",
      "vector<1x16xf32>"}},
    {"half_bias_one_by_n_epilogue_dynamic_rows",
     R"mlir(
      func.func @main(%x: tensor<?x64xf16>, %w: tensor<64x48xf16>,
                      %b: tensor<1x48xf16>) -> tensor<?x48xf16> {
        %n = meld.dim %x, 0 : tensor<?x64xf16>
        %h = meld.matmul %x, %w
            : tensor<?x64xf16>, tensor<64x48xf16> -> tensor<?x48xf16>
        %bb = meld.broadcast_in_dim %b, dims = [0, 1] sizes(%n)
            : tensor<1x48xf16> -> tensor<?x48xf16>
        %y = meld.add %h, %bb : tensor<?x48xf16>
        return %y : tensor<?x48xf16>
      })mlir",
     {"vector<8x32xf32>", "vector<8x16xf32>", "vector<1x32xf32>",
      "vector<1x16xf32>"}},
    {"column_max_scale_37x64x40",
     R"mlir(
      func.func @main(%x: tensor<37x64xf32>, %w: tensor<64x40xf32>,
                      %v: tensor<6x40xf32>) -> tensor<37x40xf32> {
        %h = meld.matmul %x, %w
            : tensor<37x64xf32>, tensor<64x40xf32> -> tensor<37x40xf32>
        %m = meld.reduce max %v dims = [0] keep_dims
            : tensor<6x40xf32> -> tensor<1x40xf32>
        %mb = meld.broadcast_in_dim %m, dims = [0, 1]
            : tensor<1x40xf32> -> tensor<37x40xf32>
        %y = meld.mul %h, %mb : tensor<37x40xf32>
        return %y : tensor<37x40xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x8xf32>", "vector<5x32xf32>",
      "vector<5x8xf32>"}},
    // Many rows: blocks of 128 rows or more, which the AVX-512
    // heuristic's tiles compute on 4 x 64 register tiles (wideTileRows),
    // with a partial column tile and k block.
    {"many_rows_transposed_rhs_300x200x90",
     R"mlir(
      func.func @main(%x: tensor<300x200xf32>, %w: tensor<90x200xf32>,
                      %b: tensor<90xf32>) -> tensor<300x90xf32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<300x200xf32>, tensor<90x200xf32> -> tensor<300x90xf32>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<90xf32> -> tensor<300x90xf32>
        %y = meld.add %h, %bb : tensor<300x90xf32>
        return %y : tensor<300x90xf32>
      })mlir",
     {"vector<8x32xf32>"}},
    {"many_rows_260x300x130",
     R"mlir(
      func.func @main(%x: tensor<260x300xf32>, %w: tensor<300x130xf32>)
          -> tensor<260x130xf32> {
        %h = meld.matmul %x, %w
            : tensor<260x300xf32>, tensor<300x130xf32> -> tensor<260x130xf32>
        return %h : tensor<260x130xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<8x2xf32>"}},
    {"scalar_epilogue_70x300x90",
     R"mlir(
      func.func @main(%x: tensor<70x300xf32>, %w: tensor<300x90xf32>,
                      %s: tensor<f32>) -> tensor<70x90xf32> {
        %h = meld.matmul %x, %w
            : tensor<70x300xf32>, tensor<300x90xf32> -> tensor<70x90xf32>
        %sb = meld.broadcast_in_dim %s, dims = []
            : tensor<f32> -> tensor<70x90xf32>
        %y = meld.mul %h, %sb : tensor<70x90xf32>
        return %y : tensor<70x90xf32>
      })mlir",
     {"vector<8x32xf32>"}},
    // A few static rows of a plain right operand in two register tiles,
    // unpacked, in short k blocks (301 steps: no divisor from 16 to 32,
    // so a partial last k block).
    {"few_static_rows_12x301x96",
     R"mlir(
      func.func @main(%x: tensor<12x301xf32>, %w: tensor<301x96xf32>)
          -> tensor<12x96xf32> {
        %h = meld.matmul %x, %w
            : tensor<12x301xf32>, tensor<301x96xf32> -> tensor<12x96xf32>
        return %h : tensor<12x96xf32>
      })mlir",
     {"vector<8x32xf32>", "vector<4x32xf32>"}},
};

void PrintTo(const OddGemm &program, std::ostream *os) { *os << program.name; }

class HostGemm : public HostCodegen,
                 public ::testing::TestWithParam<OddGemm> {};

TEST_P(HostGemm, OddShapesRunOnRegisterTiles) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  std::map<std::string, int> tiles;
  meld::CompileOptions options;
  options.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepRegisterTiles>(&tiles));
    return success();
  };
  // The tiles and blocks these cases were written for, on every machine
  // (the heuristic's depend on its ISA, a tuning table's on its owner).
  options.hostGemmTiles = meld::codegen::HostGemmTiles{8, 32, 256, 64};
  options.hostThreads = 2;
  // bf16 products on the widened f32 tiles, also on a CPU with AMX or
  // AVX512-BF16 (whose tiles and dots AmxGemm and Bf16Dots test).
  options.hostFeatures = "-amx-tile,-avx512bf16";
  llvm::json::Object metadata;
  // Dynamic rows take every version: 1 and 3 (fewer than 4), 7 (fewer
  // than 32), 64, 70 and 133 (packed).
  checkCompiled(*module, options, GetParam().name, &metadata,
                {1, 3, 7, 64, 70, 133});
  if (const char *hostBlocks = GetParam().hostBlocks)
    EXPECT_EQ(firstKernelBlocks(metadata), hostBlocks) << GetParam().name;
  for (const char *tile : GetParam().tiles)
    EXPECT_GT(tiles[tile], 0)
        << GetParam().name << ": no " << tile << " register tiles";
  // Every tile's width is a power of two ("vector<...x16xf32>", or a dot
  // product's "vector<16xf32>").
  for (const auto &[tile, count] : tiles) {
    if (tile == "linalg.transpose")
      continue;
    StringRef head = StringRef(tile).rsplit("xf32").first;
    StringRef width = head.contains('x') ? head.rsplit('x').second : head;
    width.consume_front("vector<");
    uint64_t columns = 0;
    EXPECT_TRUE(!width.getAsInteger(10, columns) &&
                llvm::isPowerOf2_64(columns))
        << GetParam().name << ": " << count << " " << tile << " tiles";
    // A transposed right operand's packed panels stay one tile (32
    // columns) wide, whatever the rows.
    if (StringRef(GetParam().name).contains("transposed"))
      EXPECT_LE(columns, 32u) << GetParam().name << ": " << tile << " tiles";
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, HostGemm, ::testing::ValuesIn(kOddGemms),
                         [](const ::testing::TestParamInfo<OddGemm> &info) {
                           return std::string(info.param.name);
                         });

// The AVX-512 heuristic (compiled on any machine, not run) differs by
// vendor: on an AMD core (znver4) it computes blocks of 128 rows or more on
// 4 x 64 register tiles and fewer on 8 x 32; on an Intel core
// (skylake-avx512, sapphirerapids) every block on 6 x 64. AVX2's keeps its
// 6 x 16 tiles everywhere.
class HeuristicTiles : public HostCodegen, public ::testing::Test {};

TEST_F(HeuristicTiles, FollowTheIsaAndTheVendor) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<512x256xf32>, %w: tensor<256x128xf32>,
                    %y: tensor<48x256xf32>) -> (tensor<512x128xf32>, tensor<48x128xf32>) {
      %a = meld.matmul %x, %w : tensor<512x256xf32>, tensor<256x128xf32> -> tensor<512x128xf32>
      %b = meld.matmul %y, %w : tensor<48x256xf32>, tensor<256x128xf32> -> tensor<48x128xf32>
      return %a, %b : tensor<512x128xf32>, tensor<48x128xf32>
    })mlir";
  for (const char *cpu :
       {"znver4", "skylake-avx512", "sapphirerapids", "haswell"}) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << diagnostics;
    std::map<std::string, int> tiles;
    meld::CompileOptions options = tileCountingOptions(tiles, cpu);
    ASSERT_TRUE(succeeded(meld::compileToBundle(*module, options)))
        << cpu << "\n" << diagnostics;
    bool amd = StringRef(cpu) == "znver4", avx2 = StringRef(cpu) == "haswell";
    bool intel = !amd && !avx2;
    // (Intel's 256-row blocks end in a partial 4 x 64 tile.)
    if (amd)
      EXPECT_GT(tiles.count("vector<4x64xf32>"), 0u) << cpu;
    EXPECT_EQ(tiles.count("vector<8x32xf32>") > 0, amd) << cpu;
    EXPECT_EQ(tiles.count("vector<6x64xf32>") > 0, intel) << cpu;
    EXPECT_EQ(tiles.count("vector<6x16xf32>") > 0, avx2) << cpu;
  }
}

// Zen 5 (full-width AVX-512 AMD cores) updates 128 KiB of a block's output
// per k block before the next columns'; every other core 512 KiB.
TEST_F(HeuristicTiles, OutputChunksFollowTheCore) {
  for (auto [cpu, bytes] :
       {std::pair<const char *, int64_t>{"znver5", 128 * 1024},
        {"znver4", 512 * 1024},
        {"sapphirerapids", 512 * 1024},
        {"haswell", 512 * 1024}}) {
    llvm::Expected<meld::codegen::HostTarget> target =
        meld::codegen::HostTarget::get(cpu);
    ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
    EXPECT_EQ(meld::codegen::outputChunkBytes(*target), bytes) << cpu;
  }
}

// AVX2's plain f32 right operands are packed in blocks of panels
// (panelBlockBytes): a 3-D `panels x k block x 16` buffer, each
// row tile sweeping the block's column tiles. Compiled for a Haswell (AVX2,
// which every x86-64 host this runs on has) and run against the
// interpreter: several column blocks (400 columns in k blocks of 300:
// blocks of 208 and 192), output chunks whose last one is a single panel
// (4096 columns), dynamic rows, and a width that is no
// multiple of 16 (blocks of one panel, as on every other ISA); GELU fused
// after the dynamic rows' product. A transposed right operand (`x @ W^T`)
// in blocks of 256 rows, static and dynamic (208 columns: a block of 192
// and a last one of a single panel), and in blocks of fewer rows (one panel).
TEST_F(HeuristicTiles, Avx2PanelBlocksMatchTheInterpreter) {
  const char *source = R"mlir(
    func.func @blocks(%x: tensor<140x600xf32>, %w: tensor<600x400xf32>)
        -> tensor<140x400xf32> {
      %h = meld.matmul %x, %w : tensor<140x600xf32>, tensor<600x400xf32> -> tensor<140x400xf32>
      return %h : tensor<140x400xf32>
    }
    func.func @chunks(%x: tensor<96x256xf32>, %w: tensor<256x4096xf32>)
        -> tensor<96x4096xf32> {
      %h = meld.matmul %x, %w : tensor<96x256xf32>, tensor<256x4096xf32> -> tensor<96x4096xf32>
      return %h : tensor<96x4096xf32>
    }
    func.func @dynamic_rows(%x: tensor<?x520xf32>, %w: tensor<520x96xf32>)
        -> tensor<?x96xf32> {
      %h = meld.matmul %x, %w : tensor<?x520xf32>, tensor<520x96xf32> -> tensor<?x96xf32>
      %y = meld.gelu %h approximate = tanh : tensor<?x96xf32>
      return %y : tensor<?x96xf32>
    }
    func.func @odd_width(%x: tensor<130x300xf32>, %w: tensor<300x100xf32>)
        -> tensor<130x100xf32> {
      %h = meld.matmul %x, %w : tensor<130x300xf32>, tensor<300x100xf32> -> tensor<130x100xf32>
      return %h : tensor<130x100xf32>
    }
    func.func @transposed(%x: tensor<512x320xf32>, %w: tensor<208x320xf32>)
        -> tensor<512x208xf32> {
      %h = meld.matmul %x, %w transpose_rhs : tensor<512x320xf32>, tensor<208x320xf32> -> tensor<512x208xf32>
      return %h : tensor<512x208xf32>
    }
    func.func @transposed_dynamic_rows(%x: tensor<?x320xf32>, %w: tensor<208x320xf32>)
        -> tensor<?x208xf32> {
      %h = meld.matmul %x, %w transpose_rhs : tensor<?x320xf32>, tensor<208x320xf32> -> tensor<?x208xf32>
      return %h : tensor<?x208xf32>
    }
    func.func @transposed_few_rows(%x: tensor<130x320xf32>, %w: tensor<208x320xf32>)
        -> tensor<130x208xf32> {
      %h = meld.matmul %x, %w transpose_rhs : tensor<130x320xf32>, tensor<208x320xf32> -> tensor<130x208xf32>
      return %h : tensor<130x208xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module) << diagnostics;
  std::map<std::string, int> panelBuffers;
  struct KeepPanelBlocks : public PassInstrumentation {
    std::map<std::string, int> *buffers;
    explicit KeepPanelBlocks(std::map<std::string, int> *buffers)
        : buffers(buffers) {}
    void runAfterPass(Pass *pass, Operation *op) override {
      if (pass->getArgument() != "meld-vectorize-host-contractions")
        return;
      auto func = dyn_cast<func::FuncOp>(op);
      // On the stack, or on the heap past 192 KiB (256 KiB blocks).
      op->walk([&](Operation *o) {
        if (isa<memref::AllocaOp, memref::AllocOp>(o) &&
            cast<MemRefType>(o->getResult(0).getType()).getRank() == 3)
          ++(*buffers)[func ? func.getSymName().str() : ""];
      });
    }
  };
  meld::CompileOptions options;
  options.hostCpu = "haswell";
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  options.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepPanelBlocks>(&panelBuffers));
    return success();
  };
  checkCompiled(*module, options, "avx2 panel blocks", nullptr,
                {1, 7, 70, 133});
  // The kernels are outlined: count them by the program function's name.
  auto blocksIn = [&](StringRef name) {
    int count = 0;
    for (const auto &[func, n] : panelBuffers)
      if (StringRef(func).contains(name))
        count += n;
    return count;
  };
  EXPECT_GT(blocksIn("blocks"), 0);
  EXPECT_GT(blocksIn("chunks"), 0);
  EXPECT_GT(blocksIn("dynamic_rows"), 0);
  EXPECT_EQ(blocksIn("odd_width"), 0);
  // A transposed right operand in blocks of 256 rows or more (static, or
  // dynamic rows in blocks of 256); not in blocks of fewer.
  EXPECT_GT(blocksIn("transposed"), 0);
  EXPECT_GT(blocksIn("transposed_dynamic_rows"), 0);
  EXPECT_EQ(blocksIn("transposed_few_rows"), 0);
}

// An f32 `x @ W^T` on an Intel core with AVX-512 splits its columns between
// the threads (f32ColumnBlockRows), also when they are no multiple of a
// block's 256: the last block, 88 of 600 columns, is a version of its own
// (versionByColumns) on register tiles of 64 and 24 columns (masked as
// 32), where its dynamic width had left it to scalar loops (160 rows: up
// to 128 take the swapped tiles, IntelSwappedRowsMatchTheInterpreter).
// Compiled for a
// Sapphire Rapids on any machine; run against the interpreter where this
// machine takes the same path (an Intel core with AVX-512), skipped elsewhere,
// saying so.
TEST_F(HeuristicTiles, IntelColumnBlocksEndInAPartialBlock) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<160x96xf32>, %w: tensor<600x96xf32>,
                    %b: tensor<600xf32>) -> tensor<160x600xf32> {
      %h = meld.matmul %x, %w transpose_rhs
          : tensor<160x96xf32>, tensor<600x96xf32> -> tensor<160x600xf32>
      %bb = meld.broadcast_in_dim %b, dims = [1]
          : tensor<600xf32> -> tensor<160x600xf32>
      %y = meld.add %h, %bb : tensor<160x600xf32>
      return %y : tensor<160x600xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module) << diagnostics;
  std::map<std::string, int> tiles;
  meld::CompileOptions options =
      tileCountingOptions(tiles, "sapphirerapids");
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  // One block of all 160 rows times 3 of columns (256, 256, 88).
  EXPECT_EQ(firstKernelBlocks(bundle->metadata),
            R"({"mul":[{"ceildiv":[160,160]},3]})");
  EXPECT_GT(tiles["vector<6x64xf32>"], 0);
  EXPECT_GT(tiles["vector<6x32xf32>"], 0);

  if (meld::codegen::f32ColumnBlockRows(
          meld::codegen::HostTarget::native()) == 0)
    GTEST_SKIP() << "this CPU splits no f32 columns (an Intel core with "
                    "AVX-512, or AVX2): the column blocks were compiled, not "
                    "run";
  meld::CompileOptions native;
  native.hostTuningFile = "none";
  native.hostThreads = 2;
  checkCompiled(*module, native, "intel_column_blocks");
}

// Zen 5 computes up to 64 static rows of an f32 `x @ W^T` (k up to 1024)
// swapped (kZen5F32SwappedMaxRows), more on its 4 x 64 tiles; run against
// the interpreter where this CPU runs Zen 5's code.
TEST_F(HeuristicTiles, Zen5SwappedRowsMatchTheInterpreter) {
  // (Without the system features a VM may mask, which GEMMs do not use:
  // one Zen 5 VM also lacked movdir64b, movdiri and prefetchi.)
  const char *features =
      "-mwaitx,-pku,-rdpru,-wbnoinvd,-movdir64b,-movdiri,-prefetchi";
  std::map<std::string, int> tiles;
  meld::CompileOptions options =
      tileCountingOptions(tiles, "znver5", features);
  llvm::Expected<meld::codegen::HostTarget> zen5 =
      meld::codegen::HostTarget::get("znver5", features);
  ASSERT_TRUE(bool(zen5)) << llvm::toString(zen5.takeError());
  bool runs =
      zen5->missingFrom(meld::codegen::HostTarget::native()).empty();
  for (auto [rows, depth] : {std::pair{33, 96}, std::pair{40, 1024},
                             std::pair{64, 208}, std::pair{65, 96},
                             std::pair{77, 96}, std::pair{48, 1040}}) {
    std::string source = llvm::formatv(R"mlir(
      func.func @main(%x: tensor<{0}x{1}xf32>, %w: tensor<600x{1}xf32>) -> tensor<{0}x600xf32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<{0}x{1}xf32>, tensor<600x{1}xf32> -> tensor<{0}x600xf32>
        return %h : tensor<{0}x600xf32>
      })mlir",
                                       rows, depth);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << diagnostics;
    tiles.clear();
    ASSERT_TRUE(succeeded(meld::compileToBundle(*module, options)))
        << diagnostics;
    bool swapped = rows <= 64 && depth <= 1024;
    std::string what = llvm::formatv("{0} x {1}", rows, depth).str();
    EXPECT_EQ(tiles["vector<16xf32>"] > 0, swapped) << what;
    if (runs)
      checkCompiled(*module, options, "Zen 5 swapped rows " + what);
  }
  if (!runs)
    GTEST_SKIP() << "this CPU cannot run Zen 5's code: the tiles were "
                    "compiled, not run";
}

// On Intel's AVX-512 cores, 31 to 128 static rows of an f32 `x @ W^T`
// (k up to 1024) are computed swapped, (W x^T)^T: x packed transposed at
// the kernel's entry, 6 rows of W by 64 of x per register tile, W read in
// place, the sums written transposed. Compiled for a Skylake-AVX512 (an
// Intel core), its threads splitting the columns (600 = 256 + 256 + 88:
// tiles of 6, then one of the last 4 columns of each block), for row counts
// that leave partial panels of x's rows (31, 40, 77, 100) and whole ones
// (64, 128), with and without a bias epilogue, and run against the
// interpreter where this CPU has AVX-512. 129 rows and a k of 1040 keep the
// packed panels.
TEST_F(HeuristicTiles, IntelSwappedRowsMatchTheInterpreter) {
  std::map<std::string, int> tiles;
  meld::CompileOptions options = tileCountingOptions(tiles, "x86-64-v4");
  bool runs = meld::codegen::HostTarget::native().hasFeature("avx512f") &&
              meld::codegen::HostTarget::native().hasFeature("avx512bw") &&
              meld::codegen::HostTarget::native().hasFeature("avx512dq") &&
              meld::codegen::HostTarget::native().hasFeature("avx512vl");
  for (auto [rows, depth, bias] :
       {std::tuple{31, 96, true}, std::tuple{40, 96, false},
        std::tuple{64, 1024, false}, std::tuple{77, 96, true},
        std::tuple{100, 48, false}, std::tuple{128, 96, true},
        std::tuple{129, 96, false}, std::tuple{77, 1040, false}}) {
    std::string result = bias ? "%y" : "%h";
    std::string source = llvm::formatv(R"mlir(
      func.func @main(%x: tensor<{0}x{1}xf32>, %w: tensor<600x{1}xf32>,
                      %b: tensor<600xf32>) -> tensor<{0}x600xf32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<{0}x{1}xf32>, tensor<600x{1}xf32> -> tensor<{0}x600xf32>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<600xf32> -> tensor<{0}x600xf32>
        %y = meld.add %h, %bb : tensor<{0}x600xf32>
        return {2} : tensor<{0}x600xf32>
      })mlir",
                                       rows, depth, result);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << diagnostics;
    tiles.clear();
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    ASSERT_TRUE(succeeded(bundle)) << diagnostics;
    bool swapped = rows <= 128 && depth <= 1024;
    std::string what =
        llvm::formatv("{0} x {1}, bias {2}", rows, depth, bias).str();
    // Swapped: tiles of 6 W rows by 1 to 4 vectors of x's rows, one
    // vector.fma per row of W and vector; no register tile of 6 x 64.
    EXPECT_EQ(tiles["vector<16xf32>"] > 0, swapped) << what;
    EXPECT_EQ(tiles["vector<6x64xf32>"] > 0, !swapped) << what;
    if (runs)
      checkCompiled(*module, options, "swapped rows " + what);
  }
  if (!runs)
    GTEST_SKIP() << "this CPU has no AVX-512: the swapped tiles were "
                    "compiled, not run";
}

// On AVX2, an f32 `x @ W^T` of more rows than a row block and up to
// kAvx2F32ColumnBlockMaxRows splits its columns between the threads too
// (three row blocks of 768 rows kept one of two threads idle a third of
// the time); 1024 rows keep their row blocks. Compiled for a Haswell and
// run against the interpreter (AVX2 runs on every x86-64 host here).
TEST_F(HeuristicTiles, Avx2ColumnBlocksOfMidRows) {
  meld::CompileOptions options;
  options.hostCpu = "haswell";
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  for (auto [rows, blocks] :
       {std::pair{520, R"({"mul":[{"ceildiv":[520,520]},3]})"},
        std::pair{1024, R"({"ceildiv":[1024,256]})"}}) {
    std::string source = llvm::formatv(R"mlir(
      func.func @main(%x: tensor<{0}x96xf32>, %w: tensor<600x96xf32>)
          -> tensor<{0}x600xf32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<{0}x96xf32>, tensor<600x96xf32> -> tensor<{0}x600xf32>
        return %h : tensor<{0}x600xf32>
      })mlir",
                                       rows);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module) << diagnostics;
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    ASSERT_TRUE(succeeded(bundle)) << diagnostics;
    EXPECT_EQ(firstKernelBlocks(bundle->metadata), blocks) << rows << " rows";
    checkCompiled(*module, options, "avx2 column blocks");
  }
}

// Few static rows of an f32 `x @ W` (up to kF32FewRowColumnsMaxRows) split
// their columns between the threads, the last block narrower (600 = 2 x
// 256 + 88), so that each thread packs its share of W rather than all of
// it: one block of the 77 rows times 3 of columns, on any host CPU, run
// against the interpreter.
TEST_F(HeuristicTiles, FewRowsOfAPlainRightOperandSplitTheColumns) {
  const char *source = R"mlir(
    func.func @main(%x: tensor<77x96xf32>, %w: tensor<96x600xf32>,
                    %b: tensor<600xf32>) -> tensor<77x600xf32> {
      %h = meld.matmul %x, %w
          : tensor<77x96xf32>, tensor<96x600xf32> -> tensor<77x600xf32>
      %bb = meld.broadcast_in_dim %b, dims = [1]
          : tensor<600xf32> -> tensor<77x600xf32>
      %y = meld.add %h, %bb : tensor<77x600xf32>
      return %y : tensor<77x600xf32>
    })mlir";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  EXPECT_EQ(firstKernelBlocks(bundle->metadata),
            R"({"mul":[{"ceildiv":[77,77]},3]})");
  checkCompiled(*module, options, "few_rows_plain_columns");
}

// bf16 products on AMX tiles (tdpbf16ps: blocks of 2 x 2 tiles of 16 x 16
// f32 sums, the right operand packed in pairs along k), and i8 ones
// (tdpbssd: i32 sums, quads along k). Compiled for a
// Sapphire Rapids on any machine, where the products must be AMX tile
// products; run against the interpreter where this CPU has AMX-BF16 (and
// skipped, saying so, where it has not). The shapes take every edge: rows
// that are no multiple of 32 (dynamic: 1, 7, 33, 70, 133), a depth that is
// no multiple of 32 or odd (the rows then copied into a padded buffer,
// the pairs' second row zero), columns past a panel of 256 or a last
// partial one, transposed and batched right operands (up to 64 rows of
// `x @ W^T` swapped: W's rows on the tiles' rows, x packed; dynamic rows
// take both versions), and epilogues.
struct AmxProgram {
  const char *name, *source;
  /// Up to 4 static rows of `x @ W^T` (kAmxRowDotsMaxRows): AVX512-BF16
  /// dots along rows on a CPU with AMX too, not the tiles.
  bool dotsWithAmx = false;
};

const AmxProgram kAmxPrograms[] = {
    {"k100_n300",
     R"mlir(
      func.func @main(%x: tensor<?x100xbf16>, %w: tensor<100x300xbf16>)
          -> tensor<?x300xbf16> {
        %h = meld.matmul %x, %w
            : tensor<?x100xbf16>, tensor<100x300xbf16> -> tensor<?x300xbf16>
        return %h : tensor<?x300xbf16>
      })mlir"},
    {"k64_n48",
     R"mlir(
      func.func @main(%x: tensor<?x64xbf16>, %w: tensor<64x48xbf16>)
          -> tensor<?x48xbf16> {
        %h = meld.matmul %x, %w
            : tensor<?x64xbf16>, tensor<64x48xbf16> -> tensor<?x48xbf16>
        return %h : tensor<?x48xbf16>
      })mlir"},
    {"odd_k1101_n300",
     R"mlir(
      func.func @main(%x: tensor<40x1101xbf16>, %w: tensor<1101x300xbf16>)
          -> tensor<40x300xbf16> {
        %h = meld.matmul %x, %w
            : tensor<40x1101xbf16>, tensor<1101x300xbf16> -> tensor<40x300xbf16>
        return %h : tensor<40x300xbf16>
      })mlir"},
    {"transposed_k96_n70",
     R"mlir(
      func.func @main(%x: tensor<?x96xbf16>, %w: tensor<70x96xbf16>)
          -> tensor<?x70xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<?x96xbf16>, tensor<70x96xbf16> -> tensor<?x70xbf16>
        return %h : tensor<?x70xbf16>
      })mlir"},
    {"transposed_odd_k37_n33",
     R"mlir(
      func.func @main(%x: tensor<?x37xbf16>, %w: tensor<33x37xbf16>)
          -> tensor<?x33xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<?x37xbf16>, tensor<33x37xbf16> -> tensor<?x33xbf16>
        return %h : tensor<?x33xbf16>
      })mlir"},
    {"batch_transposed_4x70x64x50",
     R"mlir(
      func.func @main(%q: tensor<4x70x64xbf16>, %k: tensor<4x50x64xbf16>)
          -> tensor<4x70x50xbf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<4x70x64xbf16>, tensor<4x50x64xbf16> -> tensor<4x70x50xbf16>
        return %s : tensor<4x70x50xbf16>
      })mlir"},
    {"batch_transposed_2x8x64x50",
     R"mlir(
      func.func @main(%q: tensor<2x8x64xbf16>, %k: tensor<2x50x64xbf16>)
          -> tensor<2x8x50xbf16> {
        %s = meld.batch_matmul %q, %k transpose_rhs
            : tensor<2x8x64xbf16>, tensor<2x50x64xbf16> -> tensor<2x8x50xbf16>
        return %s : tensor<2x8x50xbf16>
      })mlir"},
    // Few static rows of `x @ W^T`: with dots, products along k of both
    // operands' rows (a last partial step of 13, a last partial tile of
    // columns); on tiles, swapped from 5 rows (up to 4 take the dots there
    // too).
    {"few_transposed_3x77x47",
     R"mlir(
      func.func @main(%x: tensor<3x77xbf16>, %w: tensor<47x77xbf16>)
          -> tensor<3x47xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<3x77xbf16>, tensor<47x77xbf16> -> tensor<3x47xbf16>
        return %h : tensor<3x47xbf16>
      })mlir",
     /*dotsWithAmx=*/true},
    {"few_transposed_7x77x47",
     R"mlir(
      func.func @main(%x: tensor<7x77xbf16>, %w: tensor<47x77xbf16>)
          -> tensor<7x47xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<7x77xbf16>, tensor<47x77xbf16> -> tensor<7x47xbf16>
        return %h : tensor<7x47xbf16>
      })mlir"},
    {"decode_attention_4x1x40x19_scaled",
     R"mlir(
      func.func @main(%q: tensor<4x1x40xbf16>, %k: tensor<4x19x40xbf16>,
                      %s: tensor<4x1x19xbf16>) -> tensor<4x1x19xbf16> {
        %p = meld.batch_matmul %q, %k transpose_rhs
            : tensor<4x1x40xbf16>, tensor<4x19x40xbf16> -> tensor<4x1x19xbf16>
        %y = meld.mul %p, %s : tensor<4x1x19xbf16>
        return %y : tensor<4x1x19xbf16>
      })mlir",
     /*dotsWithAmx=*/true},
    // Threads split the columns of an output of up to 512 rows, the last
    // column block partial (a dynamic width).
    {"column_blocks_transposed_40x96x600",
     R"mlir(
      func.func @main(%x: tensor<40x96xbf16>, %w: tensor<600x96xbf16>)
          -> tensor<40x600xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<40x96xbf16>, tensor<600x96xbf16> -> tensor<40x600xbf16>
        return %h : tensor<40x600xbf16>
      })mlir"},
    // On tiles, up to 4096 static rows split their columns too, each
    // column block computing all of them (600 > a bf16 block's 512): a
    // depth no multiple of 32, a last partial column block, an epilogue.
    {"column_blocks_all_rows_transposed_600x40x520",
     R"mlir(
      func.func @main(%x: tensor<600x40xbf16>, %w: tensor<520x40xbf16>)
          -> tensor<600x520xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<600x40xbf16>, tensor<520x40xbf16> -> tensor<600x520xbf16>
        return %h : tensor<600x520xbf16>
      })mlir"},
    {"column_blocks_all_rows_gelu_544x64x512",
     R"mlir(
      func.func @main(%x: tensor<544x64xbf16>, %w: tensor<64x512xbf16>,
                      %b: tensor<512xbf16>) -> tensor<544x512xbf16> {
        %h = meld.matmul %x, %w
            : tensor<544x64xbf16>, tensor<64x512xbf16> -> tensor<544x512xbf16>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<512xbf16> -> tensor<544x512xbf16>
        %s = meld.add %h, %bb : tensor<544x512xbf16>
        %y = meld.gelu %s approximate = tanh : tensor<544x512xbf16>
        return %y : tensor<544x512xbf16>
      })mlir"},
    {"column_blocks_70x64x520",
     R"mlir(
      func.func @main(%x: tensor<70x64xbf16>, %w: tensor<64x520xbf16>)
          -> tensor<70x520xbf16> {
        %h = meld.matmul %x, %w
            : tensor<70x64xbf16>, tensor<64x520xbf16> -> tensor<70x520xbf16>
        return %h : tensor<70x520xbf16>
      })mlir"},
    // Blocks of k (depths of multiples of 256 past one, at least 96
    // static rows): the sums carried between the blocks, each block's
    // rows copied (a last partial block of rows zero-padded); three
    // blocks (first, middle, last) under a partial panel of columns, two
    // under column blocks of 288 with an epilogue (and with a second
    // output computed in f32 from the bf16 sums: the blocks pass counts
    // the blocks on it), two column blocks of 576 the last one partial
    // (256 rows), f32 sums, i8 into i32 and a batch.
    {"depth_blocked_100x768x300",
     R"mlir(
      func.func @main(%x: tensor<100x768xbf16>, %w: tensor<768x300xbf16>)
          -> tensor<100x300xbf16> {
        %h = meld.matmul %x, %w
            : tensor<100x768xbf16>, tensor<768x300xbf16> -> tensor<100x300xbf16>
        return %h : tensor<100x300xbf16>
      })mlir"},
    {"depth_blocked_transposed_gelu_130x512x576",
     R"mlir(
      func.func @main(%x: tensor<130x512xbf16>, %w: tensor<576x512xbf16>,
                      %b: tensor<576xbf16>) -> tensor<130x576xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<130x512xbf16>, tensor<576x512xbf16> -> tensor<130x576xbf16>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<576xbf16> -> tensor<130x576xbf16>
        %s = meld.add %h, %bb : tensor<130x576xbf16>
        %y = meld.gelu %s approximate = tanh : tensor<130x576xbf16>
        return %y : tensor<130x576xbf16>
      })mlir"},
    {"depth_blocked_f32_sums_96x512x70",
     R"mlir(
      func.func @main(%x: tensor<96x512xbf16>, %w: tensor<512x70xbf16>)
          -> tensor<96x70xf32> {
        %h = meld.matmul %x, %w
            : tensor<96x512xbf16>, tensor<512x70xbf16> -> tensor<96x70xf32>
        return %h : tensor<96x70xf32>
      })mlir"},
    {"int8_depth_blocked_100x768x70",
     R"mlir(
      func.func @main(%x: tensor<100x768xi8>, %w: tensor<70x768xi8>)
          -> tensor<100x70xi32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<100x768xi8>, tensor<70x768xi8> -> tensor<100x70xi32>
        return %h : tensor<100x70xi32>
      })mlir"},
    {"depth_blocked_wide_partial_256x512x1100",
     R"mlir(
      func.func @main(%x: tensor<256x512xbf16>, %w: tensor<1100x512xbf16>)
          -> tensor<256x1100xbf16> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<256x512xbf16>, tensor<1100x512xbf16> -> tensor<256x1100xbf16>
        return %h : tensor<256x1100xbf16>
      })mlir"},
    {"depth_blocked_residual_f32_130x512x576",
     R"mlir(
      func.func @main(%x: tensor<130x512xbf16>, %w: tensor<576x512xbf16>,
                      %r: tensor<130x576xbf16>)
          -> (tensor<130x576xbf16>, tensor<130x576xi1>) {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<130x512xbf16>, tensor<576x512xbf16> -> tensor<130x576xbf16>
        %s = meld.add %h, %r : tensor<130x576xbf16>
        %c = meld.cast %s : tensor<130x576xbf16> to tensor<130x576xf32>
        %z = meld.constant dense<0.0> : tensor<130x576xf32>
        %p = meld.compare gt, %c, %z : tensor<130x576xf32>
        return %s, %p : tensor<130x576xbf16>, tensor<130x576xi1>
      })mlir"},
    {"batch_depth_blocked_2x97x512x40",
     R"mlir(
      func.func @main(%q: tensor<2x97x512xbf16>, %k: tensor<2x512x40xbf16>)
          -> tensor<2x97x40xbf16> {
        %s = meld.batch_matmul %q, %k
            : tensor<2x97x512xbf16>, tensor<2x512x40xbf16> -> tensor<2x97x40xbf16>
        return %s : tensor<2x97x40xbf16>
      })mlir"},
    // bf16 operands summed into an f32 output (no rounding to bf16).
    {"f32_sums_k100_n70",
     R"mlir(
      func.func @main(%x: tensor<?x100xbf16>, %w: tensor<100x70xbf16>)
          -> tensor<?x70xf32> {
        %h = meld.matmul %x, %w
            : tensor<?x100xbf16>, tensor<100x70xbf16> -> tensor<?x70xf32>
        return %h : tensor<?x70xf32>
      })mlir"},
    // i8 operands summed in i32 (tdpbssd, quads along k): a depth that is
    // no multiple of 4 or 64, plain and transposed right operands.
    {"int8_k130_n70",
     R"mlir(
      func.func @main(%x: tensor<?x130xi8>, %w: tensor<130x70xi8>)
          -> tensor<?x70xi32> {
        %h = meld.matmul %x, %w
            : tensor<?x130xi8>, tensor<130x70xi8> -> tensor<?x70xi32>
        return %h : tensor<?x70xi32>
      })mlir"},
    {"int8_transposed_k67_n40",
     R"mlir(
      func.func @main(%x: tensor<?x67xi8>, %w: tensor<40x67xi8>)
          -> tensor<?x40xi32> {
        %h = meld.matmul %x, %w transpose_rhs
            : tensor<?x67xi8>, tensor<40x67xi8> -> tensor<?x40xi32>
        return %h : tensor<?x40xi32>
      })mlir"},
    {"batch_3x20x33x17",
     R"mlir(
      func.func @main(%a: tensor<3x20x33xbf16>, %b: tensor<3x33x17xbf16>)
          -> tensor<3x20x17xbf16> {
        %s = meld.batch_matmul %a, %b
            : tensor<3x20x33xbf16>, tensor<3x33x17xbf16> -> tensor<3x20x17xbf16>
        return %s : tensor<3x20x17xbf16>
      })mlir"},
    {"bias_gelu_70x64x40",
     R"mlir(
      func.func @main(%x: tensor<70x64xbf16>, %w: tensor<64x40xbf16>,
                      %b: tensor<40xbf16>) -> tensor<70x40xbf16> {
        %h = meld.matmul %x, %w
            : tensor<70x64xbf16>, tensor<64x40xbf16> -> tensor<70x40xbf16>
        %bb = meld.broadcast_in_dim %b, dims = [1]
            : tensor<40xbf16> -> tensor<70x40xbf16>
        %a = meld.add %h, %bb : tensor<70x40xbf16>
        %y = meld.gelu %a approximate = tanh : tensor<70x40xbf16>
        return %y : tensor<70x40xbf16>
      })mlir"},
    // Convolutions: one GEMM per image of the filters (the same for every
    // image: a left operand without the batch dim) by the image's bf16
    // columns, summed in f32, the bias and ReLU after; a depth (27, 147)
    // no multiple of a pair's or a tile's, filters and pixels in partial
    // tiles.
    {"conv_3x3_3x9x9_to_20",
     R"mlir(
      func.func @main(%x: tensor<2x3x9x9xbf16>, %w: tensor<20x3x3x3xbf16>,
                      %bias: tensor<20xf32>) -> tensor<2x20x9x9xbf16> {
        %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1]
            padding_low = [1, 1] padding_high = [1, 1] groups = 1
            : (tensor<2x3x9x9xbf16>, tensor<20x3x3x3xbf16>)
            -> tensor<2x20x9x9xf32>
        %b = meld.broadcast_in_dim %bias, dims = [1]
            : tensor<20xf32> -> tensor<2x20x9x9xf32>
        %a = meld.add %c, %b : tensor<2x20x9x9xf32>
        %r = meld.relu %a : tensor<2x20x9x9xf32>
        %y = meld.cast %r : tensor<2x20x9x9xf32> to tensor<2x20x9x9xbf16>
        return %y : tensor<2x20x9x9xbf16>
      })mlir"},
    {"conv_stem_7x7_stride2",
     R"mlir(
      func.func @main(%x: tensor<1x3x23x23xbf16>, %w: tensor<40x3x7x7xbf16>)
          -> tensor<1x40x12x12xf32> {
        %c = meld.conv %x, %w strides = [2, 2] dilations = [1, 1]
            padding_low = [3, 3] padding_high = [3, 3] groups = 1
            : (tensor<1x3x23x23xbf16>, tensor<40x3x7x7xbf16>)
            -> tensor<1x40x12x12xf32>
        return %c : tensor<1x40x12x12xf32>
      })mlir"},
    // Images in blocks: 3 of them (blocks of one image each: a block of 2
    // and one of 1 would give the last a dynamic batch range), and a
    // dynamic batch (blocks of up to 32 images, the last partial).
    {"conv_3_images_8x10x10_to_16",
     R"mlir(
      func.func @main(%x: tensor<3x8x10x10xbf16>, %w: tensor<16x8x3x3xbf16>)
          -> tensor<3x16x10x10xf32> {
        %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1]
            padding_low = [1, 1] padding_high = [1, 1] groups = 1
            : (tensor<3x8x10x10xbf16>, tensor<16x8x3x3xbf16>)
            -> tensor<3x16x10x10xf32>
        return %c : tensor<3x16x10x10xf32>
      })mlir"},
    {"conv_dynamic_images_8x6x6_to_24",
     R"mlir(
      func.func @main(%x: tensor<?x8x6x6xbf16>, %w: tensor<24x8x3x3xbf16>)
          -> tensor<?x24x6x6xbf16> {
        %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1]
            padding_low = [1, 1] padding_high = [1, 1] groups = 1
            : (tensor<?x8x6x6xbf16>, tensor<24x8x3x3xbf16>)
            -> tensor<?x24x6x6xf32>
        %y = meld.cast %c : tensor<?x24x6x6xf32> to tensor<?x24x6x6xbf16>
        return %y : tensor<?x24x6x6xbf16>
      })mlir"},
};

void PrintTo(const AmxProgram &program, std::ostream *os) {
  *os << program.name;
}

class AmxGemm : public HostCodegen,
                public ::testing::TestWithParam<AmxProgram> {};

TEST_P(AmxGemm, RunOnTilesAndMatchTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  std::map<std::string, int> tiles;
  meld::CompileOptions forSapphireRapids;
  forSapphireRapids.hostCpu = "sapphirerapids";
  forSapphireRapids.hostTuningFile = "none";
  forSapphireRapids.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepRegisterTiles>(&tiles));
    return success();
  };
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, forSapphireRapids)))
      << diagnostics;
  if (GetParam().dotsWithAmx) {
    EXPECT_EQ(tiles["amx.tile_mulf"] + tiles["amx.tile_muli"], 0)
        << GetParam().name;
    EXPECT_GT(tiles["x86vector.avx512.dot"], 0) << GetParam().name;
  } else {
    EXPECT_GT(tiles["amx.tile_mulf"] + tiles["amx.tile_muli"], 0)
        << GetParam().name;
  }
  // Not under strict floating point (tdpbf16ps sums pairs in f32; the
  // pipeline leaves the tiles off altogether there).
  tiles.clear();
  forSapphireRapids.strictFp = true;
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, forSapphireRapids)))
      << diagnostics;
  EXPECT_EQ(tiles["amx.tile_mulf"] + tiles["amx.tile_muli"], 0)
      << GetParam().name;

  if (!llvm::sys::getHostCPUFeatures().lookup("amx-bf16") ||
      !llvm::sys::getHostCPUFeatures().lookup("amx-int8"))
    GTEST_SKIP() << "this CPU has no AMX-BF16 and AMX-INT8: the tiles were "
                    "compiled, not run";
  meld::CompileOptions options;
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  checkCompiled(*module, options, GetParam().name, nullptr,
                {1, 7, 33, 70, 133});
}

INSTANTIATE_TEST_SUITE_P(Programs, AmxGemm, ::testing::ValuesIn(kAmxPrograms),
                         [](const ::testing::TestParamInfo<AmxProgram> &info) {
                           return std::string(info.param.name);
                         });

// The same bf16 programs on AVX512-BF16 dot products (vdpbf16ps: register
// tiles of 4 x 64 f32 sums, each step of k one pair, the right operand
// packed in pairs as for AMX tiles; rows fewer than a tile's, or a depth
// that is odd, copied into a padded buffer). Compiled for a Zen 4 on any
// machine, where every bf16 product must be dots (the i8 ones have none;
// up to 8 static rows of `x @ W^T` take dots along k of both operands'
// rows instead of a packed panel);
// run against the interpreter where this CPU has AVX512-BF16 (with AMX
// turned off where it has that too), skipped elsewhere, saying so.
class Bf16Dots : public HostCodegen,
                 public ::testing::TestWithParam<AmxProgram> {};

TEST_P(Bf16Dots, RunOnDotsAndMatchTheInterpreter) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(GetParam().source, &context);
  ASSERT_TRUE(module) << diagnostics;
  bool bytes = StringRef(GetParam().name).starts_with("int8");
  std::map<std::string, int> tiles;
  meld::CompileOptions forZen4;
  forZen4.hostCpu = "znver4";
  forZen4.hostTuningFile = "none";
  forZen4.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepRegisterTiles>(&tiles));
    return success();
  };
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, forZen4)))
      << diagnostics;
  EXPECT_EQ(tiles["x86vector.avx512.dot"] > 0, !bytes) << GetParam().name;
  // Not under strict floating point (vdpbf16ps sums pairs in f32 and
  // flushes denormals).
  tiles.clear();
  forZen4.strictFp = true;
  ASSERT_TRUE(succeeded(meld::compileToBundle(*module, forZen4)))
      << diagnostics;
  EXPECT_EQ(tiles["x86vector.avx512.dot"], 0) << GetParam().name;

  if (!llvm::sys::getHostCPUFeatures().lookup("avx512bf16"))
    GTEST_SKIP() << "this CPU has no AVX512-BF16: the dots were compiled, "
                    "not run";
  meld::CompileOptions options;
  options.hostTuningFile = "none";
  options.hostThreads = 2;
  options.hostFeatures = "-amx-tile";
  // (Dynamic rows of `x @ W^T` take dots along rows up to 64, 4 rows at a
  // time then one tile of the last 1 to 3: 1, 2, 7, 33, 62; the packed W
  // above.)
  checkCompiled(*module, options, GetParam().name, nullptr,
                {1, 2, 7, 33, 62, 70, 133, 290});
}

INSTANTIATE_TEST_SUITE_P(Programs, Bf16Dots, ::testing::ValuesIn(kAmxPrograms),
                         [](const ::testing::TestParamInfo<AmxProgram> &info) {
                           return std::string(info.param.name);
                         });

// Every odd-shaped GEMM on other tiles than the cases were written for:
// the heuristic's for this machine (with its thread count), the AVX2
// heuristic's 6 x 16 tiles (which run on any x86-64 host), and tiles a
// tuning table may choose (12 rows, 48 or 64 columns, short k blocks,
// blocks of several sizes), each against the interpreter.
struct TileConfig {
  const char *name;
  std::optional<meld::codegen::HostGemmTiles> tiles;
};
class HostGemmTiles
    : public HostCodegen,
      public ::testing::TestWithParam<std::tuple<OddGemm, TileConfig>> {};

TEST_P(HostGemmTiles, MatchTheInterpreter) {
  const auto &[program, config] = GetParam();
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(program.source, &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.hostTuningFile = "none";
  options.hostGemmTiles = config.tiles;
  checkCompiled(*module, options,
                std::string(program.name) + " on " + config.name, nullptr,
                {1, 7, 70, 133});
}

static const TileConfig kTileConfigs[] = {
    {"heuristic", std::nullopt},
    {"avx2_6x16", meld::codegen::HostGemmTiles{6, 16, 512, 258}},
    // Intel's AVX-512 heuristic, and the k blocks of 768 it takes for
    // transposed right operands (transposedKBlock).
    {"intel_6x64", meld::codegen::HostGemmTiles{6, 64, 128, 258}},
    {"intel_6x64_k768", meld::codegen::HostGemmTiles{6, 64, 768, 258}},
    {"rows12_k100", meld::codegen::HostGemmTiles{12, 32, 100, 96}},
    {"cols64_blocks128", meld::codegen::HostGemmTiles{4, 64, 256, 128}},
    {"cols48_k32", meld::codegen::HostGemmTiles{8, 48, 32, 16}},
};

INSTANTIATE_TEST_SUITE_P(
    Programs, HostGemmTiles,
    ::testing::Combine(::testing::ValuesIn(kOddGemms),
                       ::testing::ValuesIn(kTileConfigs)),
    [](const ::testing::TestParamInfo<std::tuple<OddGemm, TileConfig>> &info) {
      return std::string(std::get<0>(info.param).name) + "_" +
             std::get<1>(info.param).name;
    });

// The matrix-core mappings of f16 GEMMs (amdgpu.mfma, nvgpu.mma.sync),
// emulated: each lane's operands are gathered from the staged slices as the
// GPU kernel gathers them, and a phase computes from every lane's registers
// what the instruction computes, per the layout AMD or NVIDIA documents. Sizes
// take every edge: k not a multiple of 16, columns over two tiles, dynamic
// rows.
class EmulatedMatrixCores : public HostCodegen,
                            public ::testing::TestWithParam<bool> {};

TEST_P(EmulatedMatrixCores, MatchTheInterpreter) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @linear_relu(%x: tensor<?x37xf16>, %w: tensor<37x93xf16>,
                           %bias: tensor<93xf16>) -> tensor<?x93xf16> {
      %n = meld.dim %x, 0 : tensor<?x37xf16>
      %h = meld.matmul %x, %w
          : tensor<?x37xf16>, tensor<37x93xf16> -> tensor<?x93xf16>
      %bb = meld.broadcast_in_dim %bias, dims = [1] sizes(%n)
          : tensor<93xf16> -> tensor<?x93xf16>
      %a = meld.add %h, %bb : tensor<?x93xf16>
      %y = meld.relu %a : tensor<?x93xf16>
      return %y : tensor<?x93xf16>
    }
    func.func @square(%x: tensor<64x64xf16>, %w: tensor<64x64xf16>)
        -> tensor<64x64xf16> {
      %y = meld.matmul %x, %w
          : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      return %y : tensor<64x64xf16>
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module) << diagnostics;
  OwningOpRef<ModuleOp> mapped;
  meld::CompileOptions options;
  options.emulateGpuOnHost = true;
  bool amd = GetParam();
  options.emulateMfma = amd;
  options.emulateMmaSync = !amd;
  options.configurePassManager = [&](PassManager &pm) {
    pm.addInstrumentation(std::make_unique<KeepMappedModule>(&mapped));
    return success();
  };
  checkCompiled(*module, options, amd ? "emulated MFMA" : "emulated mma.sync",
                /*metadata=*/nullptr, {1, 5, 70, 130});
  // The emulated lanes' registers are there: the matrix-core path ran
  // (accumulators: f32 per MFMA lane, f16 per mma.sync lane).
  ASSERT_TRUE(mapped);
  int registerFiles = 0;
  mapped->walk([&](memref::AllocaOp alloca) {
    MemRefType type = alloca.getType();
    registerFiles += type.getRank() == 2 && type.getShape()[1] == (amd ? 4 : 8);
  });
  EXPECT_EQ(registerFiles, 2) << "one A register file per kernel";
}

INSTANTIATE_TEST_SUITE_P(Mappings, EmulatedMatrixCores, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool> &info) {
                           return info.param ? "AmdMfma" : "NvidiaMmaSync";
                         });

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

// Sizes up to 96: the row blocks split (host tiles of 2048 elements, GPU
// workgroups of 1024), and the slices of concatenations, shifted rows and
// gathers move into them.
TEST_P(RandomProgram, LargeCompiledMatchesTheInterpreter) {
  meld::RandomProgramOptions options;
  options.seed = 7000 + GetParam();
  options.numOps = 10 + GetParam() % 16;
  options.maxDim = 96;
  OwningOpRef<ModuleOp> module = meld::buildRandomProgram(&context, options);
  ASSERT_TRUE(succeeded(verify(*module))) << diagnostics;
  std::string name = "large random program " + std::to_string(GetParam());
  checkAgainstInterpreter(*module, /*fuse=*/true, name);
  checkAgainstInterpreter(*module, /*fuse=*/true, name + " (GPU mapping)",
                          /*emulateGpu=*/true);
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomProgram, ::testing::Range(0, 24));

//===----------------------------------------------------------------------===//
// Two-stage reductions (meld-split-reductions)
//===----------------------------------------------------------------------===//

// Reductions of millions of elements into few outputs: each becomes a
// partial kernel over 256 chunks and a final kernel. The same tolerances
// hold (the two stages accumulate in f32 like one stage does; chunked sums
// are if anything closer to the reference's double sums).
constexpr const char *kLongReductions = R"mlir(
  func.func @sum_all(%x: tensor<2048x1024xf32>) -> tensor<f32> {
    %s = meld.reduce sum %x dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
    return %s : tensor<f32>
  }
  func.func @mean_all(%x: tensor<2048x1024xf32>) -> tensor<1x1xf32> {
    %m = meld.reduce mean %x dims = [0, 1] keep_dims
        : tensor<2048x1024xf32> -> tensor<1x1xf32>
    return %m : tensor<1x1xf32>
  }
  func.func @max_all(%x: tensor<2048x1024xf32>) -> tensor<f32> {
    %m = meld.reduce max %x dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
    return %m : tensor<f32>
  }
  func.func @sum_tall(%x: tensor<65536x64xf32>) -> tensor<64xf32> {
    %s = meld.reduce sum %x dims = [0] : tensor<65536x64xf32> -> tensor<64xf32>
    return %s : tensor<64xf32>
  }
  func.func @sum_f16(%x: tensor<2048x1024xf16>) -> tensor<f16> {
    %s = meld.reduce sum %x dims = [0, 1] : tensor<2048x1024xf16> -> tensor<f16>
    return %s : tensor<f16>
  }
  func.func @sum_int(%x: tensor<2048x1024xi32>) -> tensor<i32> {
    %s = meld.reduce sum %x dims = [0, 1] : tensor<2048x1024xi32> -> tensor<i32>
    return %s : tensor<i32>
  }
  func.func @min_int_cols(%x: tensor<16384x128xi32>) -> tensor<128xi32> {
    %m = meld.reduce min %x dims = [0] : tensor<16384x128xi32> -> tensor<128xi32>
    return %m : tensor<128xi32>
  }
  func.func @prod_odd_int(%x: tensor<2048x1024xi32>) -> tensor<i32> {
    %two = meld.constant dense<2> : tensor<2048x1024xi32>
    %one = meld.constant dense<1> : tensor<2048x1024xi32>
    %d = meld.mul %x, %two : tensor<2048x1024xi32>
    %y = meld.add %d, %one : tensor<2048x1024xi32>
    %p = meld.reduce prod %y dims = [0, 1] : tensor<2048x1024xi32> -> tensor<i32>
    return %p : tensor<i32>
  }
  func.func @prod_near_one(%x: tensor<512x512xf32>) -> tensor<f32> {
    %k = meld.constant dense<0.001> : tensor<512x512xf32>
    %one = meld.constant dense<1.0> : tensor<512x512xf32>
    %s = meld.mul %x, %k : tensor<512x512xf32>
    %y = meld.add %s, %one : tensor<512x512xf32>
    %p = meld.reduce prod %y dims = [0, 1] : tensor<512x512xf32> -> tensor<f32>
    return %p : tensor<f32>
  }
  func.func @mse(%p: tensor<2048x1024xf32>, %t: tensor<2048x1024xf32>) -> tensor<f32> {
    %d = meld.sub %p, %t : tensor<2048x1024xf32>
    %sq = meld.mul %d, %d : tensor<2048x1024xf32>
    %s = meld.reduce sum %sq dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
    %n = meld.constant dense<2097152.0> : tensor<f32>
    %l = meld.div %s, %n : tensor<f32>
    return %l : tensor<f32>
  }
  func.func @sum_long_rows(%x: tensor<4x262144xf32>) -> tensor<4xf32> {
    %s = meld.reduce sum %x dims = [1] : tensor<4x262144xf32> -> tensor<4xf32>
    return %s : tensor<4xf32>
  }
  func.func @max_long_rows(%x: tensor<4x262144xf32>) -> tensor<4x1xf32> {
    %m = meld.reduce max %x dims = [1] keep_dims
        : tensor<4x262144xf32> -> tensor<4x1xf32>
    return %m : tensor<4x1xf32>
  }
  func.func @mean_sq_long_rows(%x: tensor<2x2x262144xf16>) -> tensor<2x2x1xf16> {
    %h = meld.constant dense<0.5> : tensor<2x2x262144xf16>
    %y = meld.mul %x, %h : tensor<2x2x262144xf16>
    %sq = meld.mul %y, %y : tensor<2x2x262144xf16>
    %m = meld.reduce mean %sq dims = [2] keep_dims
        : tensor<2x2x262144xf16> -> tensor<2x2x1xf16>
    return %m : tensor<2x2x1xf16>
  }
  func.func @halve_until_small(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %y = meld.while (%x : tensor<1024x1024xf32>) cond {
    ^bb0(%yc: tensor<1024x1024xf32>):
      %a = meld.abs %yc : tensor<1024x1024xf32>
      %m = meld.reduce max %a dims = [0, 1] : tensor<1024x1024xf32> -> tensor<f32>
      %tol = meld.constant dense<0.01> : tensor<f32>
      %go = meld.compare ge, %m, %tol : tensor<f32>
      meld.yield %go : tensor<i1>
    } do {
    ^bb0(%yb: tensor<1024x1024xf32>):
      %half = meld.constant dense<0.5> : tensor<1024x1024xf32>
      %yn = meld.mul %yb, %half : tensor<1024x1024xf32>
      meld.yield %yn : tensor<1024x1024xf32>
    }
    return %y : tensor<1024x1024xf32>
  }
)mlir";

class LongReductions : public HostCodegen, public ::testing::Test {};

/// How many blocks the kernel `kernel` runs in on the host (1 without
/// `host_blocks`); static shapes make the formula a constant.
int64_t hostBlocks(const llvm::json::Object &kernel) {
  const llvm::json::Value *blocks = kernel.get("host_blocks");
  if (!blocks)
    return 1;
  if (std::optional<int64_t> n = blocks->getAsInteger())
    return *n;
  const llvm::json::Array &args = *blocks->getAsObject()->getArray("ceildiv");
  int64_t a = *args[0].getAsInteger(), b = *args[1].getAsInteger();
  return (a + b - 1) / b;
}

/// Whether a kernel that function `func` launches is the partial stage of
/// a split reduction into `chunks` chunks: `chunks` rows of partials, one
/// block each. (Launches name kernels by index; equal kernels of several
/// functions are one kernel, meld-dedupe-kernels.)
bool hasPartialStage(const llvm::json::Object &metadata, StringRef func,
                     int64_t chunks) {
  const llvm::json::Array &kernels = *metadata.getArray("kernels");
  llvm::SmallVector<int64_t> launched;
  for (const llvm::json::Value &f : *metadata.getArray("functions")) {
    const llvm::json::Object &function = *f.getAsObject();
    if (function.getString("name") != func)
      continue;
    // Launches anywhere in the schedule, loop and branch bodies included.
    std::function<void(const llvm::json::Value &)> visit =
        [&](const llvm::json::Value &v) {
          if (const llvm::json::Object *o = v.getAsObject()) {
            if (o->getString("op") == "launch")
              launched.push_back(*o->getInteger("kernel"));
            for (const auto &entry : *o)
              visit(entry.second);
          } else if (const llvm::json::Array *a = v.getAsArray()) {
            for (const llvm::json::Value &e : *a)
              visit(e);
          }
        };
    visit(*function.get("body"));
  }
  for (int64_t index : launched) {
    const llvm::json::Object &kernel = *kernels[index].getAsObject();
    const llvm::json::Object &output =
        *(*kernel.getArray("outputs"))[0].getAsObject();
    const llvm::json::Array &shape = *output.getArray("shape");
    if (!shape.empty() && shape[0].getAsInteger() == chunks &&
        hostBlocks(kernel) == chunks)
      return true;
  }
  return false;
}

/// The chunks each function of kLongReductions is split into.
int64_t expectedChunks(StringRef func) {
  return func == "prod_near_one" ? 64 : 256;
}

TEST_F(LongReductions, SplitIntoManyBlocks) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kLongReductions, &context);
  ASSERT_TRUE(module) << diagnostics;
  for (bool emulateGpu : {false, true})
    for (bool fuse : {true, false}) {
      meld::CompileOptions options;
      options.fuse = fuse;
      options.emulateGpuOnHost = emulateGpu;
      std::string what = std::string("long reductions (") +
                         (fuse ? "fused" : "unfused") +
                         (emulateGpu ? ", GPU mapping)" : ")");
      llvm::json::Object metadata;
      checkCompiled(*module, options, what, &metadata);
      // Every function's reduction has a partial stage the runtime's
      // threads (or the GPU's workgroups) share.
      for (auto func : module->getOps<func::FuncOp>())
        EXPECT_TRUE(hasPartialStage(metadata, func.getSymName(),
                                    expectedChunks(func.getSymName())))
            << what << " @" << func.getSymName().str();
    }
}

// meld-relax-extrema-zero-sign lets softmax's row maximum ignore the sign
// of zeros (it is subtracted, then exponentiated); the results still equal
// the interpreter's on rows with NaN, infinities and zeros of both signs,
// and a row maximum that is returned keeps max(-0, +0) = +0.
class CompiledExtrema : public HostCodegen, public ::testing::Test {};

TEST_F(CompiledExtrema, KeepTheirMeaning) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @softmax(%x: tensor<16x64xf32>) -> tensor<16x64xf32> {
      %max = meld.reduce max %x dims = [1] keep_dims
          : tensor<16x64xf32> -> tensor<16x1xf32>
      %maxb = meld.broadcast_in_dim %max, dims = [0, 1]
          : tensor<16x1xf32> -> tensor<16x64xf32>
      %s = meld.sub %x, %maxb : tensor<16x64xf32>
      %e = meld.exp %s : tensor<16x64xf32>
      %sum = meld.reduce sum %e dims = [1] keep_dims
          : tensor<16x64xf32> -> tensor<16x1xf32>
      %sumb = meld.broadcast_in_dim %sum, dims = [0, 1]
          : tensor<16x1xf32> -> tensor<16x64xf32>
      %y = meld.div %e, %sumb : tensor<16x64xf32>
      return %y : tensor<16x64xf32>
    }
    func.func @row_max(%x: tensor<16x64xf32>) -> tensor<16xf32> {
      %max = meld.reduce max %x dims = [1]
          : tensor<16x64xf32> -> tensor<16xf32>
      return %max : tensor<16xf32>
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module) << diagnostics;
  auto executable = compileAndLoad(*module, meld::CompileOptions());
  ASSERT_TRUE(executable);
  FailureOr<std::vector<HostTensor>> args = meld::makeRandomArguments(
      module->lookupSymbol<func::FuncOp>("softmax"), /*seed=*/3, 1);
  ASSERT_TRUE(succeeded(args)) << diagnostics;
  HostTensor &x = (*args)[0];
  auto set = [&](int64_t row, int64_t col, float v) {
    x.setFloat(row * 64 + col, v);
  };
  set(0, 37, NAN);
  for (int64_t c = 0; c < 64; ++c) {
    set(1, c, c % 3 ? -0.0f : 0.0f);   // zeros of both signs
    set(3, c, -INFINITY);              // exp(-inf - -inf) = NaN
    set(4, c, c % 2 ? -0.0f : -1.0f);  // the maximum is -0
    set(5, c, c == 63 ? 0.0f : -0.0f); // +0 only at the end
  }
  set(2, 5, INFINITY);
  // A single +0 among -0s, at different places of the row.
  for (int64_t row = 6; row < 16; ++row)
    for (int64_t c = 0; c < 64; ++c)
      set(row, c, c == (row - 6) * 7 ? 0.0f : -0.0f);
  for (const char *name : {"softmax", "row_max"}) {
    meld::Interpreter interpreter(*module);
    FailureOr<std::vector<HostTensor>> expected = interpreter.run(name, *args);
    ASSERT_TRUE(succeeded(expected)) << diagnostics;
    llvm::Expected<std::vector<HostTensor>> actual =
        executable->run(name, *args);
    ASSERT_TRUE(bool(actual)) << llvm::toString(actual.takeError());
    const HostTensor &e = (*expected)[0], &a = (*actual)[0];
    ASSERT_EQ(e.size(), a.size());
    for (int64_t i = 0; i < e.size(); ++i) {
      double ev = e.getFloat(i), av = a.getFloat(i);
      EXPECT_TRUE(
          (std::isnan(ev) && std::isnan(av)) ||
          ((ev == av || std::abs(ev - av) <= 1e-6 + 1e-5 * std::abs(ev)) &&
           std::signbit(ev) == std::signbit(av)))
          << name << " element " << i << ": " << av << ", the reference says "
          << ev;
    }
  }
}

// max/min propagate NaN through both stages.
TEST_F(LongReductions, SplitMaxPropagatesNaN) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kLongReductions, &context);
  ASSERT_TRUE(module) << diagnostics;
  for (bool emulateGpu : {false, true}) {
    meld::CompileOptions options;
    options.emulateGpuOnHost = emulateGpu;
    auto executable = compileAndLoad(*module, options);
    ASSERT_TRUE(executable);
    auto func = module->lookupSymbol<func::FuncOp>("max_all");
    FailureOr<std::vector<HostTensor>> args =
        meld::makeRandomArguments(func, /*seed=*/7, /*dynamicSize=*/1);
    ASSERT_TRUE(succeeded(args)) << diagnostics;
    (*args)[0].setFloat(1234567, NAN);
    llvm::Expected<std::vector<HostTensor>> result =
        executable->run("max_all", *args);
    ASSERT_TRUE(bool(result)) << llvm::toString(result.takeError());
    EXPECT_TRUE(std::isnan((*result)[0].getFloat(0)));
  }
}

// Strict floating point keeps float sums and products in one kernel (a
// split reassociates them); integer reductions and max/min are exact in
// any order and still split. (Results are not compared: a strict f32 sum
// of 2M elements in program order is itself outside the tolerances.)
TEST_F(LongReductions, StrictFpSplitsOnlyExactReductions) {
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(kLongReductions, &context);
  ASSERT_TRUE(module) << diagnostics;
  meld::CompileOptions options;
  options.strictFp = true;
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(*module, options);
  ASSERT_TRUE(succeeded(bundle)) << diagnostics;
  for (StringRef func :
       {"sum_all", "mean_all", "sum_tall", "sum_f16", "prod_near_one", "mse",
        "sum_long_rows", "mean_sq_long_rows"})
    EXPECT_FALSE(hasPartialStage(bundle->metadata, func, expectedChunks(func)))
        << func.str();
  for (StringRef func : {"max_all", "sum_int", "min_int_cols", "prod_odd_int",
                         "halve_until_small", "max_long_rows"})
    EXPECT_TRUE(hasPartialStage(bundle->metadata, func, expectedChunks(func)))
        << func.str();
}

} // namespace
