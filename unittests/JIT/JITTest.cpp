//===- JITTest.cpp - The embedding API ------------------------------------===//
//
// meld::jit on the host device: every example compiled from text, from a
// file and from a caller's ModuleOp gives the interpreter's results; host
// memory in and out (zero-copy where aligned, copies where not); capture
// and replay on new memory (including data-dependent control flow); the
// compile options; errors with diagnostics; the memory and disk caches
// (hits, eviction, corrupt/truncated/foreign entries rebuilt); and many
// threads compiling and running at once.
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"
#include "../Support/MeldTestContext.h"
#include "meld/Interpreter/Interpreter.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <thread>

using namespace mlir;
using meld::ref::ElementKind;
using meld::ref::HostTensor;
namespace jit = meld::jit;
namespace rt = meld::runtime;
using rt::testing::statusOf;

namespace {

std::string examplePath(llvm::StringRef name) {
  llvm::SmallString<256> path(MELD_SOURCE_DIR);
  llvm::sys::path::append(path, "examples", name + ".mlir");
  return std::string(path);
}

std::string readExample(llvm::StringRef name) {
  auto file = llvm::MemoryBuffer::getFile(examplePath(name));
  EXPECT_TRUE(bool(file)) << name.str();
  return file ? (*file)->getBuffer().str() : "";
}

std::vector<std::string> exampleNames() {
  std::vector<std::string> names;
  std::error_code ec;
  llvm::SmallString<256> dir(MELD_SOURCE_DIR);
  llvm::sys::path::append(dir, "examples");
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      names.push_back(llvm::sys::path::stem(it->path()).str());
  llvm::sort(names);
  return names;
}

/// The error's message, which must be a CompileError.
std::string compileDiagnostics(llvm::Error e) {
  std::string text;
  bool isCompileError = false;
  llvm::handleAllErrors(
      std::move(e),
      [&](const jit::CompileError &c) {
        isCompileError = true;
        text = c.getDiagnostics();
      },
      [&](const llvm::ErrorInfoBase &other) { text = other.message(); });
  EXPECT_TRUE(isCompileError) << text;
  return text;
}

void expectClose(const HostTensor &e, const HostTensor &a,
                 const std::string &what, double atol = 1e-4,
                 double rtol = 1e-3) {
  ASSERT_EQ(e.getTypeString(), a.getTypeString()) << what;
  for (int64_t i = 0, bad = 0; i < e.size() && bad < 5; ++i) {
    bool ok = !e.isFloat()
                  ? e.getInt(i) == a.getInt(i)
                  : (std::isnan(e.getFloat(i)) && std::isnan(a.getFloat(i))) ||
                        std::abs(e.getFloat(i) - a.getFloat(i)) <=
                            atol + rtol * std::abs(e.getFloat(i));
    if (!ok && ++bad)
      ADD_FAILURE() << what << ": element " << i << " is " << a.getAsDouble(i)
                    << ", the reference says " << e.getAsDouble(i);
  }
}

class Jit : public meld::testing::MeldTestContext, public ::testing::Test {
protected:
  void SetUp() override {
    jit = MELD_TAKE(jit::Jit::create());
    ASSERT_TRUE(jit);
  }

  /// Random arguments for `function` of examples/<name>.mlir.
  std::vector<HostTensor> randomArgs(llvm::StringRef name, uint64_t seed,
                                     llvm::StringRef function = "") {
    OwningOpRef<ModuleOp> module =
        parseSourceFile<ModuleOp>(examplePath(name), &context);
    EXPECT_TRUE(module) << diagnostics;
    if (!module)
      return {};
    func::FuncOp func = meld::findEntryFunction(*module, function);
    EXPECT_TRUE(func) << diagnostics;
    if (!func)
      return {};
    auto args = meld::makeRandomArguments(func, seed, /*dynamicSize=*/24);
    EXPECT_TRUE(succeeded(args)) << diagnostics;
    return succeeded(args) ? *args : std::vector<HostTensor>{};
  }

  void expectMatchesInterpreter(jit::Program &program, llvm::StringRef function,
                                llvm::ArrayRef<HostTensor> args,
                                const std::string &what) {
    auto expected = MELD_TAKE(program.interpret(function, args));
    auto actual = MELD_TAKE(program.run(function, args));
    ASSERT_EQ(expected.size(), actual.size()) << what;
    ASSERT_FALSE(expected.empty()) << what;
    for (size_t i = 0; i < expected.size(); ++i)
      expectClose(expected[i], actual[i],
                  what + " result #" + std::to_string(i));
  }

  std::unique_ptr<jit::Jit> jit;
};

/// A 16-byte aligned copy of `t` in the device layout, and a view on it.
/// Move-only: the view points into the heap block, which a move keeps.
struct AlignedTensor {
  std::unique_ptr<char[]> storage;
  jit::HostView view;

  explicit AlignedTensor(const HostTensor &t, size_t misalign = 0) {
    std::string bytes = meld::ref::encodeRaw(t);
    storage = std::make_unique<char[]>(bytes.size() + 64);
    char *base = storage.get();
    base += (16 - reinterpret_cast<uintptr_t>(base) % 16) % 16 + misalign;
    std::memcpy(base, bytes.data(), bytes.size());
    view.data = base;
    view.kind = t.getKind();
    view.shape.assign(t.getShape().begin(), t.getShape().end());
  }
  HostTensor decode() const {
    return meld::ref::decodeRaw(
        view.kind, view.shape,
        llvm::StringRef(static_cast<const char *>(view.data),
                        view.sizeInBytes()));
  }
};

HostTensor decode(const rt::TensorRef &t) {
  return meld::ref::decodeRaw(
      t.kind, t.shape,
      llvm::StringRef(static_cast<const char *>(t.data()), t.sizeInBytes()));
}

//===----------------------------------------------------------------------===//
// Compiling and running
//===----------------------------------------------------------------------===//

TEST_F(Jit, EveryExampleFromTextMatchesTheInterpreter) {
  std::vector<std::string> names = exampleNames();
  ASSERT_GE(names.size(), 9u);
  for (const std::string &name : names) {
    auto program = MELD_TAKE(jit->compile(readExample(name), {}, name));
    ASSERT_TRUE(program) << name;
    EXPECT_EQ(program->getCacheOutcome(), jit::CacheOutcome::Compiled);
    for (const rt::FunctionSignature &sig : program->getFunctions())
      for (uint64_t seed : {1, 2})
        expectMatchesInterpreter(
            *program, sig.name, randomArgs(name, seed, sig.name),
            name + " @" + sig.name + " seed " + std::to_string(seed));
  }
}

TEST_F(Jit, CompilesFilesAndCallerModules) {
  auto fromFile = MELD_TAKE(jit->compileFile(examplePath("layernorm")));
  ASSERT_TRUE(fromFile);
  std::vector<HostTensor> args = randomArgs("layernorm", 3);
  expectMatchesInterpreter(*fromFile, "", args, "layernorm from a file");

  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(examplePath("mlp"), &context);
  ASSERT_TRUE(module) << diagnostics;
  std::string before;
  llvm::raw_string_ostream(before) << *module;
  auto fromModule = MELD_TAKE(jit->compile(*module));
  ASSERT_TRUE(fromModule);
  std::string after;
  llvm::raw_string_ostream(after) << *module;
  EXPECT_EQ(before, after) << "the caller's module was changed";
  expectMatchesInterpreter(*fromModule, "", randomArgs("mlp", 4),
                           "mlp from a ModuleOp");
}

TEST_F(Jit, FusionReportAndOptions) {
  std::string text = readExample("layernorm");
  auto fused = MELD_TAKE(jit->compile(text));
  ASSERT_TRUE(fused);
  const std::string &report = fused->getFusionReport();
  EXPECT_NE(report.find("meld fusion report: @main"), std::string::npos)
      << report;
  EXPECT_NE(report.find("after fusion:  1 launches"), std::string::npos)
      << report;

  jit::CompileOptions noFuse;
  noFuse.fuse = false;
  auto unfused = MELD_TAKE(jit->compile(text, noFuse));
  ASSERT_TRUE(unfused);
  EXPECT_EQ(unfused->getCacheOutcome(), jit::CacheOutcome::Compiled)
      << "other options must not hit the cache";
  std::vector<HostTensor> args = randomArgs("layernorm", 5);
  expectMatchesInterpreter(*unfused, "", args, "layernorm unfused");
  (void)MELD_TAKE(fused->run("", args));
  int64_t fusedLaunches = fused->getExecutable().getLastRunStats().launches;
  int64_t unfusedLaunches = unfused->getExecutable().getLastRunStats().launches;
  EXPECT_EQ(fusedLaunches, 1);
  EXPECT_GT(unfusedLaunches, 5);

  // Strict floating point: sums in program order, C library exp.
  jit::CompileOptions strict;
  strict.strictFp = true;
  for (llvm::StringRef name : {"softmax", "gelu", "layernorm"}) {
    auto program = MELD_TAKE(jit->compile(readExample(name), strict));
    ASSERT_TRUE(program) << name.str();
    expectMatchesInterpreter(*program, "", randomArgs(name, 6),
                             name.str() + " strict-fp");
  }
  strict.targets = {"host", "nvptx"};
  auto gpuStrict = jit->compile(text, strict);
  ASSERT_FALSE(gpuStrict);
  EXPECT_NE(compileDiagnostics(gpuStrict.takeError())
                .find("strict floating point is not supported for target "
                      "'nvptx'"),
            std::string::npos);
}

/// `value` in C's %a notation (exact).
std::string hexFloat(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%a", value);
  return text;
}

/// Doubles that tell a correctly rounded cast from a doubly rounded one:
/// ties of f16, bf16 and f32 and their nearest neighbours in normal and
/// subnormal binades (through f32, a double just above a half-precision
/// tie lands on the tie and then rounds to even), values around each
/// type's overflow threshold and underflow to zero, signed zeros,
/// infinities, NaN, and random doubles of every magnitude.
std::vector<double> castProbes() {
  std::vector<double> values = {0.0,
                                -0.0,
                                INFINITY,
                                -INFINITY,
                                NAN,
                                1.0,
                                -1.0,
                                1.0 / 3.0,
                                65504.0,
                                65519.99,
                                65520.0,
                                -65520.0,
                                65536.0,
                                0x1.fefp127, // bf16's largest + half an ulp
                                0x1.fefp127 * (1 - 0x1p-40),
                                0x1.fffffep127, // f32's largest
                                0x1.fffffefp127,
                                0x1.ffffffp127, // f32 overflows to infinity
                                -0x1.ffffffp127,
                                1e300,
                                -1e300,
                                1e-300,
                                5e-324,
                                0x1p-25, // half of f16's smallest subnormal
                                0x1p-25 * (1 + 0x1p-40),
                                0x1p-134,
                                0x1p-134 * (1 + 0x1p-40),
                                0x1p-150,
                                0x1p-150 * (1 + 0x1p-40)};
  for (int precision : {11, 8, 24})
    for (int exponent :
         {-149, -140, -133, -126, -24, -20, -14, -1, 0, 7, 15, 100, 127})
      for (int k : {0, 1, 2, 5}) {
        double tie = std::ldexp(1.0 + (2 * k + 1) * std::ldexp(1.0, -precision),
                                exponent);
        for (double nudge : {-0x1p-40, 0.0, 0x1p-40}) {
          values.push_back(tie * (1 + nudge));
          values.push_back(-tie * (1 + nudge));
        }
      }
  // f16 subnormals: ties (k + 1/2) 2^-24 and their neighbours.
  for (int k : {0, 1, 2, 3, 100, 1022})
    for (double nudge : {-0x1p-40, 0.0, 0x1p-40})
      values.push_back((k + 0.5) * 0x1p-24 * (1 + nudge));
  std::mt19937_64 random(11);
  std::uniform_int_distribution<int> exponents(-160, 130);
  std::uniform_real_distribution<double> mantissas(1.0, 2.0);
  for (int i = 0; i < 400; ++i)
    values.push_back((i % 2 ? -1 : 1) *
                     std::ldexp(mantissas(random), exponents(random)));
  return values;
}

// Every cast between f64, f32, f16 and bf16, compiled through the JIT and
// loaded in this process, equals the interpreter's bit for bit (NaN as
// NaN): each is one correctly rounded conversion. f64 to f16 and bf16 are
// the ones LLVM lowers to compiler-rt calls (__truncdfhf2, __truncdfbf2)
// that the loader could not resolve (meld-expand-half-truncs computes them
// inline).
TEST_F(Jit, EveryFloatCastMatchesTheInterpreterBitForBit) {
  const std::pair<const char *, ElementKind> types[] = {
      {"f64", ElementKind::F64},
      {"f32", ElementKind::F32},
      {"f16", ElementKind::F16},
      {"bf16", ElementKind::BF16}};
  std::vector<double> probes = castProbes();
  std::string n = std::to_string(probes.size());
  std::string text;
  for (auto [from, fromKind] : types)
    for (auto [to, toKind] : types)
      if (fromKind != toKind) {
        std::string in = "tensor<" + n + "x" + from + ">",
                    out = "tensor<" + n + "x" + to + ">";
        text += std::string("func.func @cast_") + from + "_" + to +
                "(%x: " + in + ") -> " + out +
                " {\n  %y = meld.cast %x : " + in + " to " + out +
                "\n  return %y : " + out + "\n}\n";
      }
  auto program = MELD_TAKE(jit->compile(text));
  ASSERT_TRUE(program);
  for (auto [from, fromKind] : types)
    for (auto [to, toKind] : types) {
      if (fromKind == toKind)
        continue;
      std::string function = std::string("cast_") + from + "_" + to;
      // The probes rounded to the source type (setFloat rounds).
      HostTensor x(fromKind, {static_cast<int64_t>(probes.size())});
      for (size_t i = 0; i < probes.size(); ++i)
        x.setFloat(i, probes[i]);
      auto expected = MELD_TAKE(program->interpret(function, {x}));
      auto actual = MELD_TAKE(program->run(function, {x}));
      ASSERT_EQ(expected.size(), 1u) << function;
      ASSERT_EQ(actual.size(), 1u) << function;
      for (int64_t i = 0, bad = 0; i < x.size() && bad < 5; ++i) {
        double e = expected[0].getFloat(i), a = actual[0].getFloat(i);
        bool same = std::isnan(e)
                        ? std::isnan(a)
                        : e == a && std::signbit(e) == std::signbit(a);
        if (!same && ++bad)
          ADD_FAILURE() << function << "(" << hexFloat(x.getFloat(i))
                        << ") = " << hexFloat(a) << ", the interpreter says "
                        << hexFloat(e);
      }
    }
}

TEST_F(Jit, HostMemoryInAndOut) {
  auto program = MELD_TAKE(jit->compile(readExample("softmax")));
  ASSERT_TRUE(program);
  std::vector<HostTensor> args = randomArgs("softmax", 7);
  auto expected = MELD_TAKE(program->interpret("", args));
  ASSERT_EQ(expected.size(), 1u);

  // Results in fresh host memory.
  AlignedTensor x(args[0]);
  auto results = MELD_TAKE(program->run("", {x.view}));
  ASSERT_EQ(results.size(), 1u);
  expectClose(expected[0], decode(results[0]), "fresh results");

  // Results written into caller memory, aligned and not.
  for (size_t misalign : {0, 4}) {
    AlignedTensor in(args[0], misalign), out(expected[0], misalign);
    std::memset(out.view.data, 0, out.view.sizeInBytes());
    auto written = MELD_TAKE(program->run("main", {in.view}, {out.view}));
    ASSERT_EQ(written.size(), 1u);
    EXPECT_EQ(written[0].data(), out.view.data);
    expectClose(expected[0], out.decode(),
                "caller memory misaligned by " + std::to_string(misalign));
  }
}

// A captured run's fresh results come from buffers that earlier results
// gave back when their callers dropped them (so a large result is not new
// memory faulted in on every call), never from one still held.
TEST_F(Jit, CapturedRunResultsReuseDroppedBuffers) {
  auto program = MELD_TAKE(jit->compile(readExample("softmax")));
  ASSERT_TRUE(program);
  std::vector<HostTensor> first = randomArgs("softmax", 21),
                          second = randomArgs("softmax", 22);
  AlignedTensor firstIn(first[0]), secondIn(second[0]);
  auto captured = MELD_TAKE(program->capture("", {firstIn.view}));
  ASSERT_TRUE(captured);
  auto expectedFirst = MELD_TAKE(program->interpret("", first));
  auto expectedSecond = MELD_TAKE(program->interpret("", second));

  auto held = MELD_TAKE(captured->run({firstIn.view}));
  ASSERT_EQ(held.size(), 1u);
  const void *heldData = held[0].data();
  // While `held` lives, another run writes elsewhere and leaves it intact.
  auto other = MELD_TAKE(captured->run({secondIn.view}));
  ASSERT_EQ(other.size(), 1u);
  EXPECT_NE(other[0].data(), heldData);
  expectClose(expectedFirst[0], decode(held[0]), "a held result");
  expectClose(expectedSecond[0], decode(other[0]), "the other result");
  // Dropped, its buffer serves the next run.
  const void *otherData = other[0].data();
  other.clear();
  auto reused = MELD_TAKE(captured->run({firstIn.view}));
  ASSERT_EQ(reused.size(), 1u);
  EXPECT_EQ(reused[0].data(), otherData);
  expectClose(expectedFirst[0], decode(reused[0]), "a reused buffer");
  expectClose(expectedFirst[0], decode(held[0]), "the held result after");
}

// An eager run's results get back the buffers they had in the run before
// when those are free, whatever order the caller dropped them in: two
// equal results of one horizontal launch, each written by one thread,
// would otherwise trade buffers (and caches) from run to run.
TEST_F(Jit, EagerResultsGetTheirOwnBuffersBack) {
  auto program = MELD_TAKE(jit->compile(
      "func.func @main(%a: tensor<65536xf32>, %b: tensor<65536xf32>) -> "
      "(tensor<65536xf32>, tensor<65536xf32>) {\n"
      "  %x = meld.mul %a, %a : tensor<65536xf32>\n"
      "  %y = meld.add %b, %b : tensor<65536xf32>\n"
      "  return %x, %y : tensor<65536xf32>, tensor<65536xf32>\n}\n"));
  ASSERT_TRUE(program);
  std::vector<float> a(65536), b(65536);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = 0.001f * static_cast<float>(i % 977);
    b[i] = -0.5f * static_cast<float>(i % 13);
  }
  jit::HostView views[2] = {{a.data(), ElementKind::F32, {65536}},
                            {b.data(), ElementKind::F32, {65536}}};
  auto results = MELD_TAKE(program->run("main", views));
  ASSERT_EQ(results.size(), 2u);
  const void *x = results[0].data(), *y = results[1].data();
  for (bool reversed : {true, false, true}) {
    // Dropped in either order, each buffer comes back to its result.
    if (reversed)
      results.pop_back();
    results.clear();
    results = MELD_TAKE(program->run("main", views));
    ASSERT_EQ(results.size(), 2u);
    EXPECT_EQ(results[0].data(), x);
    EXPECT_EQ(results[1].data(), y);
    const float *px = static_cast<const float *>(results[0].data());
    const float *py = static_cast<const float *>(results[1].data());
    for (size_t i = 0; i < a.size(); i += 4099) {
      EXPECT_EQ(px[i], a[i] * a[i]);
      EXPECT_EQ(py[i], b[i] + b[i]);
    }
  }
}

TEST_F(Jit, CapturedRunsReplayOnNewMemory) {
  for (llvm::StringRef name : {"softmax", "branch_and_loop", "while_loop"}) {
    auto program = MELD_TAKE(jit->compile(readExample(name)));
    ASSERT_TRUE(program) << name.str();
    std::vector<HostTensor> first = randomArgs(name, 11);
    std::vector<AlignedTensor> firstIn;
    std::vector<jit::HostView> firstViews;
    for (const HostTensor &t : first)
      firstIn.emplace_back(t);
    for (const AlignedTensor &t : firstIn)
      firstViews.push_back(t.view);
    auto captured = MELD_TAKE(program->capture("", firstViews));
    ASSERT_TRUE(captured) << name.str();
    EXPECT_GT(captured->getCapturedRun().getNumKernelNodes(), 0);

    // replay() on the captured copies of the first inputs.
    ASSERT_FALSE(bool(captured->replay())) << name.str();
    auto expectedFirst = MELD_TAKE(program->interpret("", first));
    for (auto [e, t] : llvm::zip_equal(expectedFirst, captured->getOutputs()))
      expectClose(e, decode(t), name.str() + " replay()");

    // New inputs: several seeds (other branches and trip counts), through
    // the rebinding path (aligned) and the copying path (misaligned).
    for (uint64_t seed : {12, 13, 14, 15}) {
      std::vector<HostTensor> args = randomArgs(name, seed);
      if (name == "branch_and_loop" && seed % 2)
        for (double &v : args[0].floatData())
          v = -std::abs(v) * 40; // the else branch, more iterations
      auto expected = MELD_TAKE(program->interpret("", args));
      size_t misalign = seed == 15 ? 8 : 0;
      std::vector<AlignedTensor> in, out;
      for (const HostTensor &t : args)
        in.emplace_back(t, misalign);
      for (const HostTensor &t : expected)
        out.emplace_back(t, misalign);
      std::vector<jit::HostView> inViews, outViews;
      for (AlignedTensor &t : in)
        inViews.push_back(t.view);
      for (AlignedTensor &t : out) {
        std::memset(t.view.data, 0xff, t.view.sizeInBytes());
        outViews.push_back(t.view);
      }
      llvm::Error e = captured->run(inViews, outViews);
      ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
      for (auto [exp, o] : llvm::zip_equal(expected, out))
        expectClose(exp, o.decode(),
                    name.str() + " replay, seed " + std::to_string(seed));
      // Fresh outputs.
      auto fresh = MELD_TAKE(captured->run(inViews));
      for (auto [exp, t] : llvm::zip_equal(expected, fresh))
        expectClose(exp, decode(t), name.str() + " replay to fresh memory");
    }
    // After replays on caller memory, replay() is back on its own buffers,
    // which hold the inputs last copied in (seed 15's, misaligned).
    ASSERT_FALSE(bool(captured->replay()));
    std::vector<HostTensor> owned;
    for (const rt::TensorRef &t : captured->getInputs())
      owned.push_back(decode(t));
    auto expectedOwned = MELD_TAKE(program->interpret("", owned));
    for (auto [e, t] : llvm::zip_equal(expectedOwned, captured->getOutputs()))
      expectClose(e, decode(t), name.str() + " replay() after rebinding");

    // Wrong shapes and counts are errors, not crashes.
    std::string message;
    EXPECT_EQ(statusOf(captured->run({}, {}), &message),
              MELD_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(message.find("the captured run takes"), std::string::npos)
        << message;
  }
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST_F(Jit, CompileErrorsCarryDiagnostics) {
  auto syntax = jit->compile("func.func @main(%x: tensor<4xf32>) {\n"
                             "  %y = meld.bogus %x : tensor<4xf32>\n"
                             "}\n",
                             {}, "bad.mlir");
  ASSERT_FALSE(syntax);
  std::string text = compileDiagnostics(syntax.takeError());
  EXPECT_NE(text.find("bad.mlir:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("meld.bogus"), std::string::npos) << text;

  auto verifier =
      jit->compile("func.func @main(%x: tensor<4xf32>, %y: tensor<5xf32>) -> "
                   "tensor<4xf32> {\n"
                   "  %z = meld.add %x, %y : (tensor<4xf32>, tensor<5xf32>) -> "
                   "tensor<4xf32>\n"
                   "  return %z : tensor<4xf32>\n}\n");
  ASSERT_FALSE(verifier);
  text = compileDiagnostics(verifier.takeError());
  EXPECT_NE(text.find("<ir>:2:"), std::string::npos) << text;
  EXPECT_NE(text.find("error"), std::string::npos) << text;

  jit::CompileOptions badTarget;
  badTarget.targets = {"tpu"};
  auto unknown = jit->compile(readExample("gelu"), badTarget);
  ASSERT_FALSE(unknown);
  EXPECT_NE(
      compileDiagnostics(unknown.takeError()).find("unknown target 'tpu'"),
      std::string::npos);

  std::string message;
  auto missing = jit->compileFile("/nonexistent/model.mlir");
  ASSERT_FALSE(missing);
  EXPECT_EQ(statusOf(missing.takeError(), &message), MELD_ERROR_NOT_FOUND);
  EXPECT_NE(message.find("/nonexistent/model.mlir"), std::string::npos);

  // Failures are not cached: the same text fails again.
  auto again = jit->compile("func.func @main(", {}, "bad.mlir");
  ASSERT_FALSE(again);
  EXPECT_FALSE(compileDiagnostics(again.takeError()).empty());
  EXPECT_EQ(jit->getCacheStats().compiles, 0);
}

/// `depth` meld.if ops, each in the then-branch of the one before.
static std::string nestedIfs(int depth) {
  std::string text = "func.func @main(%p: tensor<i1>, %a: tensor<4xf32>) -> "
                     "tensor<4xf32> {\n";
  for (int i = 0; i < depth; ++i)
    text += "%r" + std::to_string(i) + " = meld.if %p -> (tensor<4xf32>) {\n";
  text += "meld.yield %a : tensor<4xf32>\n";
  for (int i = depth - 1; i >= 0; --i) {
    text += "} else {\nmeld.yield %a : tensor<4xf32>\n}\n";
    if (i)
      text += "meld.yield %r" + std::to_string(i) + " : tensor<4xf32>\n";
  }
  return text + "return %r0 : tensor<4xf32>\n}\n";
}

TEST_F(Jit, ProgramsBeyondTheLimitsAreCompileErrors) {
  // Text: checked before the parser recurses (20,000 levels overflow it).
  auto deep = jit->compile(nestedIfs(20000), {}, "deep.mlir");
  ASSERT_FALSE(deep);
  std::string text = compileDiagnostics(deep.takeError());
  EXPECT_NE(text.find("deep.mlir:256:30: error"), std::string::npos) << text;
  EXPECT_NE(text.find("nests deeper than 256 levels"), std::string::npos)
      << text;

  const char withNul[] = "func.func @main() {\n  return\n}\n\0// ignored?\n";
  auto nul = jit->compile(llvm::StringRef(withNul, sizeof(withNul) - 1));
  ASSERT_FALSE(nul);
  text = compileDiagnostics(nul.takeError());
  EXPECT_NE(text.find("<ir>:4:1: error: the program text holds a NUL byte"),
            std::string::npos)
      << text;

  // A caller's module is checked before it is printed (for the cache key)
  // or verified, which both recurse.
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(nestedIfs(300), &context);
  ASSERT_TRUE(module) << diagnostics;
  auto fromModule = jit->compile(*module);
  ASSERT_FALSE(fromModule);
  text = compileDiagnostics(fromModule.takeError());
  EXPECT_NE(text.find("regions nest deeper than 256 levels"),
            std::string::npos)
      << text;
  jit::CompileOptions raised;
  raised.limits.maxNesting = 400;
  auto accepted = MELD_TAKE(jit->compile(*module, raised));
  ASSERT_TRUE(accepted);
  HostTensor p(ElementKind::I1, {}), a(ElementKind::F32, {4});
  p.setInt(0, 1);
  for (int64_t i = 0; i < 4; ++i)
    a.setFloat(i, 0.5 * static_cast<double>(i) - 1);
  expectMatchesInterpreter(*accepted, "", {p, a}, "300 nested ifs");

  jit::CompileOptions fewOps;
  fewOps.limits.maxOps = 3;
  auto tooMany = jit->compile(readExample("gelu"), fewOps);
  ASSERT_FALSE(tooMany);
  EXPECT_NE(compileDiagnostics(tooMany.takeError())
                .find("more than 3 operations; raise the limit"),
            std::string::npos);
}

TEST_F(Jit, RunErrorsAreStatusCodes) {
  auto program = MELD_TAKE(jit->compile(readExample("softmax")));
  ASSERT_TRUE(program);
  std::string message;
  HostTensor wrongShape(ElementKind::F32, {8, 32});
  EXPECT_EQ(statusOf(program->run("", {wrongShape}).takeError(), &message),
            MELD_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message.find("8x32"), std::string::npos) << message;
  HostTensor wrongKind(ElementKind::I32, {8, 64});
  EXPECT_EQ(statusOf(program->run("", {wrongKind}).takeError(), &message),
            MELD_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message.find("i32"), std::string::npos) << message;
  EXPECT_EQ(statusOf(program->run("", std::vector<HostTensor>{}).takeError(),
                     &message),
            MELD_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(statusOf(program->run("nope", {wrongKind}).takeError(), &message),
            MELD_ERROR_NOT_FOUND);
  jit::HostView null;
  null.shape = {8, 64};
  EXPECT_EQ(statusOf(program->run("", {null}).takeError(), &message),
            MELD_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(message.find("no data"), std::string::npos) << message;

  jit::JitOptions badDevice;
  badDevice.device = "tpu";
  EXPECT_EQ(statusOf(jit::Jit::create(badDevice).takeError(), &message),
            MELD_ERROR_NOT_FOUND);
  EXPECT_NE(message.find("tpu"), std::string::npos) << message;
}

TEST_F(Jit, BestDeviceIsOneThatExists) {
  jit::JitOptions best;
  best.device = "best";
  auto bestJit = MELD_TAKE(jit::Jit::create(best));
  ASSERT_TRUE(bestJit);
  const rt::DeviceInfo &info = bestJit->getDevice()->getInfo();
  auto program = MELD_TAKE(bestJit->compile(readExample("gelu")));
  ASSERT_TRUE(program) << info.name;
  expectMatchesInterpreter(*program, "", randomArgs("gelu", 8),
                           "gelu on " + info.name);
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

class JitCache : public Jit {
protected:
  void SetUp() override {
    Jit::SetUp();
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("meld-jit-cache", dir));
    cacheDir = std::string(dir);
  }
  void TearDown() override { llvm::sys::fs::remove_directories(cacheDir); }

  std::unique_ptr<jit::Jit> makeJit(size_t memoryEntries = 64) {
    jit::JitOptions options;
    options.cacheDirectory = cacheDir;
    options.memoryCacheEntries = memoryEntries;
    return MELD_TAKE(jit::Jit::create(options));
  }

  /// The .meldb entries in the cache directory.
  std::vector<std::string> entries() {
    std::vector<std::string> files;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(cacheDir, ec), end;
         it != end && !ec; it.increment(ec))
      files.push_back(it->path());
    llvm::sort(files);
    return files;
  }

  std::string cacheDir;
};

TEST_F(JitCache, MemoryHitsShareTheProgram) {
  auto cached = makeJit(/*memoryEntries=*/2);
  std::string softmax = readExample("softmax");
  auto a = MELD_TAKE(cached->compile(softmax));
  auto b = MELD_TAKE(cached->compile(softmax));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->getCacheOutcome(), jit::CacheOutcome::Compiled);
  EXPECT_EQ(b->getCacheOutcome(), jit::CacheOutcome::MemoryHit);
  EXPECT_EQ(&a->getExecutable(), &b->getExecutable());
  // Capacity 2: two more programs push softmax out (least recently used).
  (void)MELD_TAKE(cached->compile(readExample("gelu")));
  (void)MELD_TAKE(cached->compile(readExample("rmsnorm")));
  cached->clearMemoryCache();
  auto c = MELD_TAKE(cached->compile(softmax));
  ASSERT_TRUE(c);
  EXPECT_EQ(c->getCacheOutcome(), jit::CacheOutcome::DiskHit);
  jit::CacheStats stats = cached->getCacheStats();
  EXPECT_EQ(stats.compiles, 3);
  EXPECT_EQ(stats.memoryHits, 1);
  EXPECT_EQ(stats.diskHits, 1);
  EXPECT_EQ(stats.diskWrites, 3);

  auto noMemory = makeJit(/*memoryEntries=*/0);
  auto d = MELD_TAKE(noMemory->compile(softmax));
  auto e = MELD_TAKE(noMemory->compile(softmax));
  ASSERT_TRUE(d && e);
  EXPECT_EQ(d->getCacheOutcome(), jit::CacheOutcome::DiskHit);
  EXPECT_EQ(e->getCacheOutcome(), jit::CacheOutcome::DiskHit);
}

TEST_F(JitCache, DiskEntriesSurviveAndBadOnesAreRebuilt) {
  std::string softmax = readExample("softmax");
  std::vector<HostTensor> args = randomArgs("softmax", 21);
  {
    auto first = makeJit();
    auto p = MELD_TAKE(first->compile(softmax));
    ASSERT_TRUE(p);
    EXPECT_EQ(p->getCacheOutcome(), jit::CacheOutcome::Compiled);
  }
  std::vector<std::string> files = entries();
  ASSERT_EQ(files.size(), 1u) << "no temporary files are left behind";
  std::string path = files[0];
  std::string good = (*llvm::MemoryBuffer::getFile(path))->getBuffer().str();

  auto reopen = [&]() {
    auto fresh = makeJit();
    auto p = MELD_TAKE(fresh->compile(softmax));
    EXPECT_TRUE(p);
    if (p)
      expectMatchesInterpreter(*p, "", args, "softmax from the cache");
    return std::make_pair(p ? p->getCacheOutcome()
                            : jit::CacheOutcome::Compiled,
                          fresh->getCacheStats());
  };
  auto write = [&](llvm::StringRef bytes) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << bytes;
  };

  auto [outcome, stats] = reopen();
  EXPECT_EQ(outcome, jit::CacheOutcome::DiskHit);

  // A flipped byte in a blob (the checksum catches it), a truncated file,
  // an empty file, and another program's valid bundle under this key: each
  // is discarded and rebuilt, and the rebuilt entry is valid again.
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x20;
  std::string foreign;
  {
    auto other = makeJit();
    auto gelu = MELD_TAKE(other->compile(readExample("gelu")));
    ASSERT_TRUE(gelu);
    foreign = gelu->getBundleBytes().str();
  }
  for (const std::string &bad :
       {flipped, good.substr(0, good.size() / 3), std::string(), foreign}) {
    write(bad);
    auto [badOutcome, badStats] = reopen();
    EXPECT_EQ(badOutcome, jit::CacheOutcome::Compiled);
    EXPECT_EQ(badStats.diskRejected, 1);
    EXPECT_EQ(badStats.diskWrites, 1);
    auto [goodOutcome, goodStats] = reopen();
    EXPECT_EQ(goodOutcome, jit::CacheOutcome::DiskHit) << "rebuilt entry";
  }
}

TEST_F(JitCache, TheDiskCacheKeepsItsSizeDroppingTheLeastRecentlyUsed) {
  // A limit one byte short of three programs' entries. A disk hit renews
  // softmax, so writing rmsnorm's entry removes gelu's (used longest ago),
  // never the one just written.
  std::vector<std::string> names = {"softmax", "gelu", "rmsnorm"};
  uint64_t total = 0;
  {
    auto unbounded = makeJit(/*memoryEntries=*/0);
    for (const std::string &name : names)
      ASSERT_TRUE(MELD_TAKE(unbounded->compile(readExample(name))));
    for (const std::string &file : entries()) {
      uint64_t size;
      ASSERT_FALSE(llvm::sys::fs::file_size(file, size));
      total += size;
    }
    llvm::sys::fs::remove_directories(cacheDir);
  }
  jit::JitOptions options;
  options.cacheDirectory = cacheDir;
  options.memoryCacheEntries = 0;
  options.diskCacheBytes = total - 1;
  auto bounded = MELD_TAKE(jit::Jit::create(options));
  ASSERT_TRUE(bounded);
  auto compile = [&](const std::string &name) {
    auto p = MELD_TAKE(bounded->compile(readExample(name)));
    EXPECT_TRUE(p) << name;
    return p ? p->getCacheOutcome() : jit::CacheOutcome::Compiled;
  };
  // The entry that compiling `name` writes.
  auto written = [&](const std::string &name) {
    std::vector<std::string> before = entries();
    EXPECT_EQ(compile(name), jit::CacheOutcome::Compiled);
    for (const std::string &file : entries())
      if (!llvm::is_contained(before, file))
        return file;
    ADD_FAILURE() << name << " wrote no entry";
    return std::string();
  };
  auto age = [&](const std::string &file, int seconds) {
    // (file times can be coarse: set them apart rather than sleep)
    int fd;
    ASSERT_FALSE(llvm::sys::fs::openFileForReadWrite(
        file, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None));
    auto when = std::chrono::time_point_cast<std::chrono::nanoseconds>(
        std::chrono::system_clock::now() - std::chrono::seconds(seconds));
    EXPECT_FALSE(llvm::sys::fs::setLastAccessAndModificationTime(fd, when));
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  };
  std::string softmax = written("softmax"), gelu = written("gelu");
  age(softmax, 300);
  age(gelu, 200);
  EXPECT_EQ(compile("softmax"), jit::CacheOutcome::DiskHit); // renewed
  std::string rmsnorm = written("rmsnorm");
  std::vector<std::string> kept = {softmax, rmsnorm};
  llvm::sort(kept);
  EXPECT_EQ(entries(), kept) << "gelu's entry, used longest ago, goes";
  EXPECT_EQ(bounded->getCacheStats().diskEvicted, 1);
  EXPECT_EQ(compile("softmax"), jit::CacheOutcome::DiskHit);
  EXPECT_EQ(compile("rmsnorm"), jit::CacheOutcome::DiskHit);
  EXPECT_EQ(compile("gelu"), jit::CacheOutcome::Compiled) << "evicted";
}

TEST_F(JitCache, KeysCarryTheCompilersBuildId) {
  // The linker's hash of the binary holding the compiler: a rebuild with a
  // changed compiler makes new keys, where the version alone (the commit
  // the build was configured at) stayed the same.
  llvm::StringRef id = jit::getBuildId();
  ASSERT_EQ(id.size(), 40u) << id.str();
  EXPECT_TRUE(llvm::all_of(id, llvm::isHexDigit));
  auto cached = makeJit();
  ASSERT_TRUE(MELD_TAKE(cached->compile(readExample("gelu"))));
  std::vector<std::string> files = entries();
  ASSERT_EQ(files.size(), 1u);
  std::string entry =
      (*llvm::MemoryBuffer::getFile(files[0]))->getBuffer().str();
  EXPECT_NE(entry.find(("build " + id).str()), std::string::npos);
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

TEST_F(JitCache, EightThreadsCompileAndRun) {
  auto shared = makeJit();
  std::vector<std::string> names = {"softmax", "gelu", "layernorm", "mlp"};
  std::vector<std::string> texts;
  std::vector<std::vector<HostTensor>> args, expected;
  for (const std::string &name : names) {
    texts.push_back(readExample(name));
    args.push_back(randomArgs(name, 31));
    auto program = MELD_TAKE(jit->compile(texts.back()));
    ASSERT_TRUE(program);
    expected.push_back(MELD_TAKE(program->interpret("", args.back())));
  }
  std::vector<std::string> failures(8);
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 6; ++round) {
        size_t which = (t + round) % names.size();
        auto program = shared->compile(texts[which]);
        if (!program) {
          failures[t] = llvm::toString(program.takeError());
          return;
        }
        auto results = (*program)->run("", args[which]);
        if (!results) {
          failures[t] = llvm::toString(results.takeError());
          return;
        }
        for (auto [e, a] : llvm::zip_equal(expected[which], *results))
          for (int64_t i = 0; i < e.size(); ++i)
            if (std::abs(e.getAsDouble(i) - a.getAsDouble(i)) >
                1e-4 + 1e-3 * std::abs(e.getAsDouble(i))) {
              failures[t] =
                  names[which] + ": wrong element " + std::to_string(i);
              return;
            }
      }
    });
  for (std::thread &t : threads)
    t.join();
  for (int t = 0; t < 8; ++t)
    EXPECT_EQ(failures[t], "") << "thread " << t;
  jit::CacheStats stats = shared->getCacheStats();
  EXPECT_EQ(stats.compiles, int64_t(names.size()))
      << "each program is compiled once however many threads ask";
  EXPECT_EQ(stats.memoryHits, 8 * 6 - int64_t(names.size()));
}

} // namespace
