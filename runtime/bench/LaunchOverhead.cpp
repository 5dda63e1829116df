//===- LaunchOverhead.cpp - Eager launches vs. graph replay ---------------===//
//
// A chain of 100 small kernels (bench/runtime/chain100.mlir compiled with
// --no-fuse; the bundle is named by MELD_CHAIN_BUNDLE) on every backend
// with a device:
//   Eager          one meld_executable_run per iteration (100 launches)
//   Replay         one meld_graph_exec_launch of the captured run
//   RebindReplay   rebind to the other of two buffer sets, then replay
//   FreshCapture   capture + instantiate + replay + release, the cost that
//                  rebinding avoids
//   Replay10       ten replays back to back, then one synchronize: the
//                  steady state of a caller that keeps the device busy
// Every other iteration ends with a stream synchronize. The per_kernel
// counter is the iteration time divided by the kernels it ran.
//
// On CUDA each is run twice: as the backend launches by default (on sm_90
// each kernel is a programmatic dependent of the one before it) and with
// MELD_CUDA_PROGRAMMATIC_LAUNCH=0 (".../serial"), plain stream order.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "benchmark/benchmark.h"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

constexpr int kKernels = 100;
constexpr int64_t kElements = 1024;

struct Setup {
  meld_device_t device = {};
  meld_stream_t stream = {};
  meld_executable_t exe = {};
  meld_buffer_t buffers[4] = {};
  meld_tensor_t in[2], out[2];
  std::string error;

  bool open(const std::string &name) {
    const char *bundle = std::getenv("MELD_CHAIN_BUNDLE");
    if (!bundle)
      return fail("set MELD_CHAIN_BUNDLE to the compiled chain100 bundle");
    // "cuda/serial": the cuda backend without programmatic launches (read
    // when the device is opened; nothing else holds it here).
    std::string backend = name.substr(0, name.find('/'));
    bool serial = name.size() > backend.size();
    if (serial)
      setenv("MELD_CUDA_PROGRAMMATIC_LAUNCH", "0", 1);
    else
      unsetenv("MELD_CUDA_PROGRAMMATIC_LAUNCH");
    int n = 0;
    if (meld_device_count(backend.c_str(), &n) != MELD_OK || n == 0)
      return fail("no " + backend + " device");
    if (meld_device_open(backend.c_str(), 0, &device) ||
        meld_stream_create(device, &stream) ||
        meld_executable_load_file(device, bundle, &exe))
      return fail(meld_last_error());
    std::vector<float> ones(kElements, 1.0f);
    for (int i = 0; i < 4; ++i) {
      if (meld_buffer_alloc(device, kElements * 4, MELD_MEMORY_DEVICE,
                            &buffers[i]) ||
          meld_buffer_write(stream, buffers[i], 0, ones.data(), kElements * 4))
        return fail(meld_last_error());
      meld_tensor_t t = {};
      t.buffer = buffers[i];
      t.dtype = MELD_F32;
      t.rank = 1;
      t.shape[0] = kElements;
      (i < 2 ? in[i] : out[i - 2]) = t;
    }
    return meld_stream_synchronize(stream) == MELD_OK ||
           fail(meld_last_error());
  }
  bool fail(const std::string &message) {
    error = message;
    return false;
  }
  ~Setup() {
    for (meld_buffer_t b : buffers)
      if (b.id)
        meld_buffer_release(b);
    if (exe.id)
      meld_executable_release(exe);
    if (stream.id)
      meld_stream_release(stream);
    if (device.id)
      meld_device_release(device);
  }
};

/// Seconds per kernel (Google Benchmark prints it with an SI prefix: 1.2u
/// is 1.2 microseconds).
void perKernel(benchmark::State &state, int runsPerIteration = 1) {
  state.counters["per_kernel"] = benchmark::Counter(
      static_cast<double>(state.iterations()) * kKernels * runsPerIteration,
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

#define CHECK_OK(call)                                                         \
  if ((call) != MELD_OK) {                                                     \
    state.SkipWithError(meld_last_error());                                    \
    return;                                                                    \
  }

void Eager(benchmark::State &state, const std::string &backend) {
  Setup s;
  if (!s.open(backend))
    return state.SkipWithError(s.error.c_str());
  for (auto _ : state) {
    CHECK_OK(meld_executable_run(s.exe, s.stream, nullptr, &s.in[0], 1,
                                 &s.out[0], 1));
    CHECK_OK(meld_stream_synchronize(s.stream));
  }
  perKernel(state);
}

/// Opens `backend` and captures the chain on the first buffer set into
/// `g`; skips the benchmark and returns false when either fails.
bool openAndCapture(benchmark::State &state, const std::string &backend,
                    Setup &s, meld_graph_exec_t &g) {
  if (!s.open(backend)) {
    state.SkipWithError(s.error.c_str());
    return false;
  }
  if (meld_executable_capture(s.exe, s.stream, nullptr, &s.in[0], 1, &s.out[0],
                              1, &g) != MELD_OK) {
    state.SkipWithError(meld_last_error());
    return false;
  }
  return true;
}

void Replay(benchmark::State &state, const std::string &backend) {
  Setup s;
  meld_graph_exec_t g;
  if (!openAndCapture(state, backend, s, g))
    return;
  for (auto _ : state) {
    CHECK_OK(meld_graph_exec_launch(g, s.stream));
    CHECK_OK(meld_stream_synchronize(s.stream));
  }
  meld_graph_exec_release(g);
  perKernel(state);
}

void RebindReplay(benchmark::State &state, const std::string &backend) {
  Setup s;
  meld_graph_exec_t g;
  if (!openAndCapture(state, backend, s, g))
    return;
  int which = 0;
  for (auto _ : state) {
    which ^= 1;
    CHECK_OK(meld_graph_exec_rebind(g, &s.in[which], 1, &s.out[which], 1));
    CHECK_OK(meld_graph_exec_launch(g, s.stream));
    CHECK_OK(meld_stream_synchronize(s.stream));
  }
  meld_graph_exec_release(g);
  perKernel(state);
}

void Replay10(benchmark::State &state, const std::string &backend) {
  Setup s;
  meld_graph_exec_t g;
  if (!openAndCapture(state, backend, s, g))
    return;
  for (auto _ : state) {
    for (int i = 0; i < 10; ++i)
      CHECK_OK(meld_graph_exec_launch(g, s.stream));
    CHECK_OK(meld_stream_synchronize(s.stream));
  }
  meld_graph_exec_release(g);
  perKernel(state, 10);
}

void FreshCapture(benchmark::State &state, const std::string &backend) {
  Setup s;
  if (!s.open(backend))
    return state.SkipWithError(s.error.c_str());
  int which = 0;
  for (auto _ : state) {
    which ^= 1;
    meld_graph_exec_t g;
    CHECK_OK(meld_executable_capture(s.exe, s.stream, nullptr, &s.in[which], 1,
                                     &s.out[which], 1, &g));
    CHECK_OK(meld_graph_exec_launch(g, s.stream));
    CHECK_OK(meld_stream_synchronize(s.stream));
    CHECK_OK(meld_graph_exec_release(g));
  }
  perKernel(state);
}

} // namespace

int main(int argc, char **argv) {
  for (const char *backend : {"host", "cuda", "cuda/serial", "hip"}) {
    std::string device(backend);
    device = device.substr(0, device.find('/'));
    int n = 0;
    if (meld_device_count(device.c_str(), &n) != MELD_OK || n == 0)
      continue;
    for (auto [name, fn] :
         {std::pair("Eager", &Eager), std::pair("Replay", &Replay),
          std::pair("RebindReplay", &RebindReplay),
          std::pair("FreshCapture", &FreshCapture),
          std::pair("Replay10", &Replay10)})
      benchmark::RegisterBenchmark(
          (std::string("Chain100/") + backend + "/" + name).c_str(), fn,
          std::string(backend))
          ->Unit(benchmark::kMicrosecond);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
