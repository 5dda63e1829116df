//===- main.cpp - Meld embedded in a host application ---------------------===//
//
//   meld-embed [program.mlir]
//
// Compiles a meld program in-process (the file, or the MLP block below)
// for the best device present, prints its fusion report, runs it on random
// host arrays, then captures one run into a graph and replays it on new
// arrays, checking every result against Meld's reference interpreter.
// Exits 1 on any error or mismatch.
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"

#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>
#include <random>

using meld::ref::HostTensor;
namespace jit = meld::jit;

/// A two-layer MLP block: matmul + bias + GELU, then matmul + residual.
static const char *kProgram = R"mlir(
func.func @main(%x: tensor<64x128xf32>, %w1: tensor<128x256xf32>,
                %b1: tensor<256xf32>, %w2: tensor<256x128xf32>)
    -> tensor<64x128xf32> {
  %h = meld.matmul %x, %w1
      : tensor<64x128xf32>, tensor<128x256xf32> -> tensor<64x256xf32>
  %bb = meld.broadcast_in_dim %b1, dims = [1]
      : tensor<256xf32> -> tensor<64x256xf32>
  %hb = meld.add %h, %bb : tensor<64x256xf32>
  %g = meld.gelu %hb : tensor<64x256xf32>
  %o = meld.matmul %g, %w2
      : tensor<64x256xf32>, tensor<256x128xf32> -> tensor<64x128xf32>
  %y = meld.add %o, %x : tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}
)mlir";

static int fail(llvm::Error error) {
  llvm::errs() << "meld-embed: " << llvm::toString(std::move(error)) << "\n";
  return 1;
}

/// Random arguments of the function's signature (dynamic dims become 16).
static std::vector<HostTensor>
randomInputs(const meld::runtime::FunctionSignature &sig,
             std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int64_t> integer(-8, 7);
  std::vector<HostTensor> inputs;
  for (const meld::runtime::TensorSpec &spec : sig.inputs) {
    llvm::SmallVector<int64_t> shape(spec.shape);
    for (int64_t &d : shape)
      if (d < 0)
        d = 16;
    HostTensor t(spec.kind, shape);
    for (int64_t i = 0; i < t.size(); ++i) {
      if (t.isFloat())
        t.setFloat(i, real(rng));
      else
        t.setInt(i, spec.kind == meld::ref::ElementKind::I1 ? integer(rng) & 1
                                                            : integer(rng));
    }
    inputs.push_back(std::move(t));
  }
  return inputs;
}

/// Largest |expected - actual| / (1e-3 + 1e-3 |expected|) over all results.
static double worstError(const std::vector<HostTensor> &expected,
                         const std::vector<HostTensor> &actual) {
  if (expected.size() != actual.size())
    return INFINITY;
  double worst = 0;
  for (size_t r = 0; r < expected.size(); ++r) {
    if (expected[r].getTypeString() != actual[r].getTypeString())
      return INFINITY;
    for (int64_t i = 0; i < expected[r].size(); ++i) {
      double e = expected[r].getAsDouble(i), a = actual[r].getAsDouble(i);
      if (std::isnan(e) && std::isnan(a))
        continue;
      worst = std::max(worst, std::abs(e - a) / (1e-3 + 1e-3 * std::abs(e)));
    }
  }
  return worst;
}

int main(int argc, char **argv) {
  jit::JitOptions options;
  options.device = "best";
  auto compiler = jit::Jit::create(options);
  if (!compiler)
    return fail(compiler.takeError());
  llvm::outs() << "meld " << jit::getVersion() << " on "
               << (*compiler)->getDevice()->getInfo().name << "\n";

  auto program = argc > 1 ? (*compiler)->compileFile(argv[1])
                          : (*compiler)->compile(kProgram, {}, "mlp-block");
  if (!program)
    return fail(program.takeError());
  llvm::outs() << (*program)->getFusionReport();

  std::mt19937_64 rng(42);
  for (const meld::runtime::FunctionSignature &sig :
       (*program)->getFunctions()) {
    // Eager run on host memory against the interpreter.
    std::vector<HostTensor> inputs = randomInputs(sig, rng);
    auto expected = (*program)->interpret(sig.name, inputs);
    if (!expected)
      return fail(expected.takeError());
    auto actual = (*program)->run(sig.name, inputs);
    if (!actual)
      return fail(actual.takeError());
    double eager = worstError(*expected, *actual);

    // Capture once, replay on new inputs (written into caller memory).
    std::vector<std::string> storage;
    auto views = [&](const std::vector<HostTensor> &tensors) {
      std::vector<jit::HostView> result;
      for (const HostTensor &t : tensors) {
        storage.push_back(meld::ref::encodeRaw(t));
        jit::HostView v;
        v.data = storage.back().data();
        v.kind = t.getKind();
        v.shape.assign(t.getShape().begin(), t.getShape().end());
        result.push_back(v);
      }
      return result;
    };
    storage.reserve(64);
    auto graph = (*program)->capture(sig.name, views(inputs));
    if (!graph)
      return fail(graph.takeError());
    std::vector<HostTensor> next = randomInputs(sig, rng);
    auto nextExpected = (*program)->interpret(sig.name, next);
    if (!nextExpected)
      return fail(nextExpected.takeError());
    auto replayed = (*graph)->run(views(next));
    if (!replayed)
      return fail(replayed.takeError());
    std::vector<HostTensor> replayedTensors;
    for (const meld::runtime::TensorRef &t : *replayed)
      replayedTensors.push_back(meld::ref::decodeRaw(
          t.kind, t.shape,
          llvm::StringRef(static_cast<const char *>(t.data()),
                          t.sizeInBytes())));
    double replay = worstError(*nextExpected, replayedTensors);

    llvm::outs() << "@" << sig.name << ": eager vs interpreter "
                 << (eager <= 1 ? "ok" : "MISMATCH") << ", captured graph ("
                 << (*graph)->getCapturedRun().getNumKernelNodes()
                 << " kernel nodes) replayed on new inputs "
                 << (replay <= 1 ? "ok" : "MISMATCH") << "\n";
    if (eager > 1 || replay > 1)
      return 1;
  }
  return 0;
}
