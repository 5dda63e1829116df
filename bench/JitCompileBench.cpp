//===- JitCompileBench.cpp - JIT compile times, cold and cached -----------===//
//
// For each model of the suite (bench/models), through meld::jit on the
// host device:
//   Cold/<model>        a full compile (parse, fuse, codegen, load), caches
//                       off;
//   DiskCached/<model>  a fresh Jit (empty memory cache) finding the bundle
//                       in the on-disk cache: read, validate, load;
//   MemoryCached/<model> the same Jit asked again: a hash of the text and
//                       a table lookup.
// Ratios cold / cached are what docs/embedding.md reports.
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <benchmark/benchmark.h>

namespace jit = meld::jit;

namespace {

const char *const kModels[] = {"attention",    "gelu",    "layernorm",
                               "mlp_epilogue", "rmsnorm", "softmax"};

std::string readModel(llvm::StringRef name) {
  llvm::SmallString<256> path(MELD_SOURCE_DIR);
  llvm::sys::path::append(path, "bench", "models", name + ".mlir");
  auto file = llvm::MemoryBuffer::getFile(path);
  return file ? (*file)->getBuffer().str() : std::string();
}

std::unique_ptr<jit::Jit> makeJit(size_t memoryEntries,
                                  const std::string &directory) {
  jit::JitOptions options;
  options.memoryCacheEntries = memoryEntries;
  options.cacheDirectory = directory;
  auto created = jit::Jit::create(options);
  if (!created) {
    llvm::consumeError(created.takeError());
    return nullptr;
  }
  return std::move(*created);
}

bool compile(benchmark::State &state, jit::Jit &jit, const std::string &text,
             jit::CacheOutcome expected) {
  auto program = jit.compile(text);
  if (!program) {
    state.SkipWithError(llvm::toString(program.takeError()).c_str());
    return false;
  }
  if ((*program)->getCacheOutcome() != expected) {
    state.SkipWithError("unexpected cache outcome");
    return false;
  }
  return true;
}

void cold(benchmark::State &state, std::string text) {
  auto jit = makeJit(0, "");
  for (auto _ : state)
    if (!compile(state, *jit, text, jit::CacheOutcome::Compiled))
      return;
}

void diskCached(benchmark::State &state, std::string text) {
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("meld-bench-cache", dir)) {
    state.SkipWithError("no temporary directory");
    return;
  }
  std::string directory(dir);
  {
    auto warm = makeJit(0, directory);
    if (!compile(state, *warm, text, jit::CacheOutcome::Compiled))
      return;
  }
  auto jit = makeJit(0, directory);
  for (auto _ : state)
    if (!compile(state, *jit, text, jit::CacheOutcome::DiskHit))
      break;
  llvm::sys::fs::remove_directories(directory);
}

void memoryCached(benchmark::State &state, std::string text) {
  auto jit = makeJit(4, "");
  if (!compile(state, *jit, text, jit::CacheOutcome::Compiled))
    return;
  for (auto _ : state)
    if (!compile(state, *jit, text, jit::CacheOutcome::MemoryHit))
      return;
}

int registerAll = [] {
  for (const char *model : kModels) {
    std::string text = readModel(model);
    benchmark::RegisterBenchmark((std::string("Cold/") + model).c_str(), cold,
                                 text)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("DiskCached/") + model).c_str(),
                                 diskCached, text)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string("MemoryCached/") + model).c_str(),
                                 memoryCached, text)
        ->Unit(benchmark::kMicrosecond);
  }
  return 0;
}();

} // namespace

BENCHMARK_MAIN();
