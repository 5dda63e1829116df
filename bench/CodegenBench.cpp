//===- CodegenBench.cpp - Compiled host code: fusion, bandwidth, GEMM -----===//
//
// For every program in bench/models, in one run on this machine:
//   (a) the fused and the unfused (one kernel per op) bundle on the host
//       back end, both on all hardware threads;
//   (b) bytes/second against a plain multi-threaded memcpy moving the same
//       number of bytes (reads + writes), the practical bandwidth limit:
//       bandwidth/<model> runs the fused program through the JIT into
//       preallocated outputs (what a serving loop does) and pairs every
//       iteration with a memcpy on the same number of threads, so that the
//       ratio is taken between neighbouring measurements (this VM's
//       bandwidth drifts by 2x within a minute);
//   (c) the MLP epilogue (matmul + bias + tanh-GELU) against OpenBLAS sgemm
//       followed by a separate epilogue loop;
//   (d) compile time per model (the compile_ms counter).
// Every fused result is checked against the unfused one and the GEMM result
// against OpenBLAS (max_abs_diff counters); bench/report.py turns the JSON
// output into the ratios in docs/performance.md.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/JIT/JIT.h"
#include "meld/Runtime/HostExecutable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <benchmark/benchmark.h>
#include <cblas.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <thread>

using namespace mlir;
using meld::runtime::HostExecutable;
using meld::runtime::Tensor;

namespace {

struct Compiled {
  std::unique_ptr<HostExecutable> executable;
  double compileMs = 0;
};

struct Model {
  std::string name;
  std::vector<Tensor> args;
  Compiled fused, unfused;
  std::vector<Tensor> fusedResult;
  std::shared_ptr<meld::jit::Program> program; // fused, through the JIT
  double maxAbsDiff = 0;
  int64_t bytes = 0; // arguments read + results written
};

/// Threads of every run: MELD_BENCH_THREADS, or one per hardware thread.
unsigned numThreads() {
  if (const char *env = std::getenv("MELD_BENCH_THREADS"))
    if (int n = std::atoi(env); n > 0)
      return n;
  return llvm::hardware_concurrency().compute_thread_count();
}

meld::jit::Jit &jit() {
  static std::unique_ptr<meld::jit::Jit> instance = [] {
    meld::jit::JitOptions options;
    options.hostThreads = numThreads();
    auto created = meld::jit::Jit::create(options);
    if (!created)
      llvm::report_fatal_error(created.takeError());
    return std::move(*created);
  }();
  return *instance;
}

meld::jit::HostView viewOf(const Tensor &t) {
  meld::jit::HostView view;
  view.data = t.data();
  view.kind = t.getKind();
  view.shape.assign(t.getShape().begin(), t.getShape().end());
  return view;
}

Compiled compile(ModuleOp module, bool fuse) {
  meld::CompileOptions options;
  options.fuse = fuse;
  auto start = std::chrono::steady_clock::now();
  FailureOr<meld::bundle::Bundle> bundle =
      meld::compileToBundle(module, options);
  if (failed(bundle))
    llvm::report_fatal_error("benchmark model does not compile");
  meld::runtime::HostOptions hostOptions;
  hostOptions.threads = numThreads();
  auto exe = HostExecutable::load(std::move(*bundle), hostOptions);
  if (!exe)
    llvm::report_fatal_error(exe.takeError());
  Compiled out;
  out.compileMs = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
  out.executable = std::move(*exe);
  return out;
}

std::vector<Tensor> run(HostExecutable &exe, llvm::ArrayRef<Tensor> args) {
  auto out = exe.run("main", args);
  if (!out)
    llvm::report_fatal_error(out.takeError());
  return std::move(*out);
}

double maxAbsDiff(const Tensor &a, const Tensor &b) {
  if (a.getKind() != meld::ref::ElementKind::F32 ||
      a.numElements() != b.numElements())
    return INFINITY;
  auto *x = static_cast<const float *>(a.data());
  auto *y = static_cast<const float *>(b.data());
  double m = 0;
  for (int64_t i = 0; i < a.numElements(); ++i)
    m = std::max(m, static_cast<double>(std::abs(x[i] - y[i])));
  return m;
}

std::vector<std::unique_ptr<Model>> &models() {
  static std::vector<std::unique_ptr<Model>> all;
  return all;
}

void loadModels(MLIRContext &context) {
  llvm::SmallString<256> dir(MELD_SOURCE_DIR);
  llvm::sys::path::append(dir, "bench", "models");
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  for (const std::string &file : files) {
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(file, &context);
    if (!module)
      llvm::report_fatal_error("cannot parse " + llvm::Twine(file));
    auto model = std::make_unique<Model>();
    model->name = llvm::sys::path::stem(file).str();
    auto func = module->lookupSymbol<func::FuncOp>("main");
    FailureOr<std::vector<meld::ref::HostTensor>> args =
        meld::makeRandomArguments(func, /*seed=*/1, /*dynamicSize=*/1024);
    if (failed(args))
      llvm::report_fatal_error("cannot make arguments");
    for (const meld::ref::HostTensor &t : *args) {
      model->args.push_back(Tensor::fromHost(t));
      model->bytes += model->args.back().sizeInBytes();
    }
    model->fused = compile(*module, /*fuse=*/true);
    auto program = jit().compile(*module);
    if (!program)
      llvm::report_fatal_error(program.takeError());
    model->program = std::move(*program);
    model->unfused = compile(*module, /*fuse=*/false);
    model->fusedResult = run(*model->fused.executable, model->args);
    std::vector<Tensor> reference =
        run(*model->unfused.executable, model->args);
    for (auto [a, b] : llvm::zip(model->fusedResult, reference)) {
      model->bytes += a.sizeInBytes();
      model->maxAbsDiff = std::max(model->maxAbsDiff, maxAbsDiff(a, b));
    }
    models().push_back(std::move(model));
  }
}

void runModel(benchmark::State &state, Model *model, bool fused) {
  Compiled &c = fused ? model->fused : model->unfused;
  for (auto _ : state) {
    std::vector<Tensor> out = run(*c.executable, model->args);
    benchmark::DoNotOptimize(out.front().data());
  }
  state.SetBytesProcessed(state.iterations() * model->bytes);
  const meld::runtime::RunStats &stats = c.executable->getLastRunStats();
  state.counters["launches"] = stats.launches;
  state.counters["peak_MiB"] = stats.peakBytes / double(1 << 20);
  state.counters["compile_ms"] = c.compileMs;
  state.counters["max_abs_diff_vs_unfused"] = model->maxAbsDiff;
  state.counters["threads"] = numThreads();
}

/// The fused program into preallocated outputs, each iteration paired with
/// a memcpy of the same traffic on as many threads (a thread pool, like the
/// runtime's). The iteration time is the program's; `pct_of_memcpy` is the
/// median over iterations of memcpy time / program time.
void runBandwidth(benchmark::State &state, Model *model) {
  std::vector<meld::jit::HostView> inputs, outputs;
  std::vector<Tensor> results;
  for (const Tensor &t : model->args)
    inputs.push_back(viewOf(t));
  for (const Tensor &t : model->fusedResult) {
    results.emplace_back(t.getKind(), t.getShape());
    outputs.push_back(viewOf(results.back()));
  }
  size_t half = model->bytes / 2;
  std::vector<char> src(half, 1), dst(half, 0);
  unsigned threads = numThreads();
  llvm::StdThreadPool pool(llvm::hardware_concurrency(threads));
  auto copy = [&] {
    llvm::ThreadPoolTaskGroup group(pool);
    for (unsigned t = 0; t < threads; ++t)
      group.async([&, t] {
        size_t b = half * t / threads, e = half * (t + 1) / threads;
        std::memcpy(dst.data() + b, src.data() + b, e - b);
      });
    group.wait();
  };
  using Clock = std::chrono::steady_clock;
  auto seconds = [](Clock::duration d) {
    return std::chrono::duration<double>(d).count();
  };
  std::vector<double> copyTimes, ratios;
  for (auto _ : state) {
    Clock::time_point t0 = Clock::now();
    copy();
    Clock::time_point t1 = Clock::now();
    auto out = model->program->run("main", inputs, outputs);
    Clock::time_point t2 = Clock::now();
    if (!out)
      llvm::report_fatal_error(out.takeError());
    benchmark::DoNotOptimize(dst.data());
    state.SetIterationTime(seconds(t2 - t1));
    copyTimes.push_back(seconds(t1 - t0));
    ratios.push_back(seconds(t1 - t0) / seconds(t2 - t1));
  }
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
  };
  state.SetBytesProcessed(state.iterations() * model->bytes);
  state.counters["memcpy_ms"] = 1e3 * median(copyTimes);
  state.counters["pct_of_memcpy"] = 100 * median(ratios);
  double diff = 0;
  for (auto [a, b] : llvm::zip(results, model->fusedResult))
    diff = std::max(diff, maxAbsDiff(a, b));
  state.counters["max_abs_diff_vs_bundle"] = diff;
  state.counters["threads"] = threads;
}

/// y = GELU_tanh(x @ W + bias): OpenBLAS sgemm, then the epilogue as a
/// separate pass over y on all threads.
void runBlasEpilogue(benchmark::State &state, Model *model) {
  const Tensor &x = model->args[0], &w = model->args[1], &bias = model->args[2];
  int64_t m = x.getShape()[0], k = x.getShape()[1], n = w.getShape()[1];
  Tensor y(meld::ref::ElementKind::F32, {m, n});
  auto *yp = static_cast<float *>(y.data());
  auto *bp = static_cast<const float *>(bias.data());
  unsigned threads = numThreads();
  auto epilogue = [&](int64_t rowBegin, int64_t rowEnd) {
    for (int64_t i = rowBegin; i < rowEnd; ++i)
      for (int64_t j = 0; j < n; ++j) {
        float v = yp[i * n + j] + bp[j];
        yp[i * n + j] =
            0.5f * v *
            (1.0f + std::tanh(0.7978845608f * (v + 0.044715f * v * v * v)));
      }
  };
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f,
                static_cast<const float *>(x.data()), k,
                static_cast<const float *>(w.data()), n, 0.0f, yp, n);
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < threads; ++t)
      workers.emplace_back(epilogue, m * t / threads, m * (t + 1) / threads);
    epilogue(0, m / threads);
    for (std::thread &worker : workers)
      worker.join();
    benchmark::DoNotOptimize(yp);
  }
  state.counters["GFLOPS"] = benchmark::Counter(
      2.0 * m * n * k, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["max_abs_diff_vs_meld"] =
      maxAbsDiff(y, model->fusedResult.front());
  state.counters["threads"] = threads;
}

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  DialectRegistry registry;
  registry.insert<meld::MeldDialect>();
  meld::codegen::registerCodegenDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  loadModels(context);
  for (auto &model : models()) {
    Model *m = model.get();
    benchmark::RegisterBenchmark(("fused/" + m->name).c_str(), runModel, m,
                                 true)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("unfused/" + m->name).c_str(), runModel, m,
                                 false)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark(("bandwidth/" + m->name).c_str(), runBandwidth,
                                 m)
        ->Unit(benchmark::kMillisecond)
        ->UseManualTime();
    if (m->name == "mlp_epilogue" || m->name == "mlp_odd" ||
        m->name == "mlp_decode")
      benchmark::RegisterBenchmark(("openblas+epilogue/" + m->name).c_str(),
                                   runBlasEpilogue, m)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
