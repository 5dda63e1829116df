//===- BundleTimes.cpp - Time compiled programs on every device -----------===//
//
// meld-bench-bundles [benchmark flags] <bundle.meldb>...
//
// For every function with static shapes in the bundles named (e.g. the
// benchmark models of bench/models compiled with meld-compile) and every
// backend with a device, the time of one run: captured once, then replayed
// with a stream synchronize per iteration, so the time is what a caller
// waits for. bytes_per_second counts each input read once and each output
// written once (the least traffic a run can have); compare it with the
// device's copy bandwidth, Bundle/<backend>/copy_64MiB. The inputs are fixed
// values in [-1, 1] (f32) or zeros; correctness is the conformance test's job,
// not this program's, and the bundles alone travel to a GPU machine (no input
// files).
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "benchmark/benchmark.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Target {
  std::string bundle, function;
};

/// Owns the handles of one timed function.
struct Handles {
  meld_device_t device = {};
  meld_stream_t stream = {};
  meld_executable_t exe = {};
  meld_graph_exec_t graph = {};
  std::vector<meld_buffer_t> buffers;
  ~Handles() {
    if (graph.id)
      meld_graph_exec_release(graph);
    for (meld_buffer_t b : buffers)
      meld_buffer_release(b);
    if (exe.id)
      meld_executable_release(exe);
    if (stream.id)
      meld_stream_release(stream);
    if (device.id)
      meld_device_release(device);
  }
  /// Buffers for input or output `i` of the function, filled for inputs.
  meld_status_t allocate(const char *function, int isOutput, int i,
                         meld_tensor_t &t, int64_t &bytes) {
    if (meld_status_t s =
            meld_executable_signature(exe, function, isOutput, i, &t))
      return s;
    int64_t count = 1;
    for (int d = 0; d < t.rank; ++d)
      count *= t.shape[d];
    bytes = count * static_cast<int64_t>(meld_dtype_size(t.dtype));
    if (meld_status_t s = meld_buffer_alloc(device, static_cast<size_t>(bytes),
                                            MELD_MEMORY_DEVICE, &t.buffer))
      return s;
    buffers.push_back(t.buffer);
    if (isOutput)
      return MELD_OK;
    std::vector<char> data(static_cast<size_t>(bytes), 0);
    if (t.dtype == MELD_F32)
      for (int64_t e = 0; e < count; ++e) {
        float v = static_cast<float>((e * 7919) % 2001 - 1000) / 1000.0f;
        std::memcpy(data.data() + 4 * e, &v, 4);
      }
    if (meld_status_t s =
            meld_buffer_write(stream, t.buffer, 0, data.data(), data.size()))
      return s;
    return meld_stream_synchronize(stream);
  }
};

#define CHECK_OK(call)                                                         \
  if ((call) != MELD_OK) {                                                     \
    state.SkipWithError(meld_last_error());                                    \
    return;                                                                    \
  }

void replay(benchmark::State &state, const std::string &backend,
            const Target &target) {
  Handles h;
  CHECK_OK(meld_device_open(backend.c_str(), 0, &h.device));
  CHECK_OK(meld_stream_create(h.device, &h.stream));
  CHECK_OK(meld_executable_load_file(h.device, target.bundle.c_str(), &h.exe));
  const char *function = target.function.c_str();
  int count = 0, numInputs = 0, numOutputs = 0;
  CHECK_OK(meld_executable_function_count(h.exe, &count));
  for (int f = 0; f < count; ++f) {
    const char *name = nullptr;
    int in = 0, out = 0;
    CHECK_OK(meld_executable_function_info(h.exe, f, &name, &in, &out));
    if (target.function == name) {
      numInputs = in;
      numOutputs = out;
    }
  }
  std::vector<meld_tensor_t> inputs(numInputs), outputs(numOutputs);
  int64_t bytes = 0;
  for (int isOutput = 0; isOutput < 2; ++isOutput)
    for (int i = 0; i < (isOutput ? numOutputs : numInputs); ++i) {
      int64_t b = 0;
      CHECK_OK(h.allocate(function, isOutput, i,
                          isOutput ? outputs[i] : inputs[i], b));
      bytes += b;
    }
  CHECK_OK(meld_executable_capture(h.exe, h.stream, function, inputs.data(),
                                   numInputs, outputs.data(), numOutputs,
                                   &h.graph));
  // One warm-up replay (module loads, first touch of memory).
  CHECK_OK(meld_graph_exec_launch(h.graph, h.stream));
  CHECK_OK(meld_stream_synchronize(h.stream));
  for (auto _ : state) {
    CHECK_OK(meld_graph_exec_launch(h.graph, h.stream));
    CHECK_OK(meld_stream_synchronize(h.stream));
  }
  state.SetBytesProcessed(state.iterations() * bytes);
}

/// The reference: one buffer copied into another on the device, 64 MiB
/// each way (bytes_per_second counts the read and the write, like the
/// functions' counter).
void copy(benchmark::State &state, const std::string &backend) {
  Handles h;
  const size_t bytes = size_t(64) << 20;
  CHECK_OK(meld_device_open(backend.c_str(), 0, &h.device));
  CHECK_OK(meld_stream_create(h.device, &h.stream));
  meld_buffer_t src, dst;
  CHECK_OK(meld_buffer_alloc(h.device, bytes, MELD_MEMORY_DEVICE, &src));
  h.buffers.push_back(src);
  CHECK_OK(meld_buffer_alloc(h.device, bytes, MELD_MEMORY_DEVICE, &dst));
  h.buffers.push_back(dst);
  std::vector<char> zeros(bytes, 0);
  CHECK_OK(meld_buffer_write(h.stream, src, 0, zeros.data(), bytes));
  CHECK_OK(meld_buffer_copy(h.stream, dst, src, bytes));
  CHECK_OK(meld_stream_synchronize(h.stream));
  for (auto _ : state) {
    CHECK_OK(meld_buffer_copy(h.stream, dst, src, bytes));
    CHECK_OK(meld_stream_synchronize(h.stream));
  }
  state.SetBytesProcessed(state.iterations() * int64_t(2 * bytes));
}

/// The functions of `bundle` whose signatures are static, loaded on the
/// host device (every bundle has host code).
bool listFunctions(const std::string &bundle, std::vector<Target> &targets) {
  meld_device_t device;
  meld_executable_t exe;
  if (meld_device_open("host", 0, &device))
    return false;
  bool ok = meld_executable_load_file(device, bundle.c_str(), &exe) == MELD_OK;
  int count = 0;
  if (ok)
    ok = meld_executable_function_count(exe, &count) == MELD_OK;
  for (int f = 0; ok && f < count; ++f) {
    const char *name = nullptr;
    int in = 0, out = 0;
    ok = meld_executable_function_info(exe, f, &name, &in, &out) == MELD_OK;
    bool dynamic = false;
    for (int isOutput = 0; ok && isOutput < 2; ++isOutput)
      for (int i = 0; ok && i < (isOutput ? out : in); ++i) {
        meld_tensor_t t;
        ok = meld_executable_signature(exe, name, isOutput, i, &t) == MELD_OK;
        for (int d = 0; ok && d < t.rank; ++d)
          dynamic |= t.shape[d] < 0;
      }
    if (ok && !dynamic)
      targets.push_back({bundle, name});
  }
  if (!ok)
    std::fprintf(stderr, "meld-bench-bundles: %s: %s\n", bundle.c_str(),
                 meld_last_error());
  if (exe.id && count >= 0)
    meld_executable_release(exe);
  meld_device_release(device);
  return ok;
}

} // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  static std::vector<Target> targets;
  for (int i = 1; i < argc; ++i)
    if (!listFunctions(argv[i], targets))
      return 1;
  if (targets.empty()) {
    std::fprintf(stderr, "usage: meld-bench-bundles [benchmark flags] "
                         "<bundle.meldb>...\n");
    return 2;
  }
  for (const char *backend : {"host", "cuda", "hip"}) {
    int n = 0;
    if (meld_device_count(backend, &n) != MELD_OK || n == 0)
      continue;
    benchmark::RegisterBenchmark(
        ("Bundle/" + std::string(backend) + "/copy_64MiB").c_str(), copy,
        std::string(backend))
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
    for (const Target &t : targets) {
      std::string stem = t.bundle.substr(t.bundle.find_last_of('/') + 1);
      stem = stem.substr(0, stem.find('.'));
      benchmark::RegisterBenchmark(
          ("Bundle/" + std::string(backend) + "/" + stem + "." + t.function)
              .c_str(),
          replay, std::string(backend), t)
          ->Unit(benchmark::kMicrosecond)
          ->UseRealTime();
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
