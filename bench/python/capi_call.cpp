//===- capi_call.cpp - Per-call time of meld_executable_run
//----------------===//
//
// The C-API side of bench/python/call_overhead.py: loads a bundle on the
// host device through the C API, allocates its inputs and outputs once,
// and times meld_executable_run + meld_stream_synchronize in a loop with no
// Python involved. Prints one JSON line: {"ns_per_call": best-of-repeats}.
//
//   meld-bench-capi-call BUNDLE [ITERATIONS] [REPEATS]
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                            \
  do {                                                                         \
    meld_status_t s = (call);                                                  \
    if (s != MELD_OK) {                                                        \
      std::fprintf(stderr, "%s: %s: %s\n", #call, meld_status_name(s),         \
                   meld_last_error());                                         \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static int allocate(meld_device_t dev, meld_executable_t exe, int isOutput,
                    int count, std::vector<meld_tensor_t> &tensors) {
  for (int i = 0; i < count; ++i) {
    meld_tensor_t t;
    CHECK(meld_executable_signature(exe, "", isOutput, i, &t));
    size_t bytes = meld_dtype_size(t.dtype);
    for (int d = 0; d < t.rank; ++d) {
      if (t.shape[d] < 0) {
        std::fprintf(stderr, "dynamic shapes are not supported here\n");
        return 1;
      }
      bytes *= static_cast<size_t>(t.shape[d]);
    }
    CHECK(meld_buffer_alloc(dev, bytes ? bytes : 16, MELD_MEMORY_DEVICE,
                            &t.buffer));
    void *host = nullptr;
    CHECK(meld_buffer_host_pointer(t.buffer, &host));
    std::fill_n(static_cast<unsigned char *>(host), bytes, 0);
    tensors.push_back(t);
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s BUNDLE [ITERATIONS] [REPEATS]\n", argv[0]);
    return 2;
  }
  long iterations = argc > 2 ? std::atol(argv[2]) : 20000;
  int repeats = argc > 3 ? std::atoi(argv[3]) : 5;

  meld_device_t dev;
  meld_stream_t stream;
  meld_executable_t exe;
  CHECK(meld_device_open("host", 0, &dev));
  CHECK(meld_stream_create(dev, &stream));
  CHECK(meld_executable_load_file(dev, argv[1], &exe));
  const char *name = nullptr;
  int numInputs = 0, numOutputs = 0;
  CHECK(meld_executable_function_info(exe, 0, &name, &numInputs, &numOutputs));
  std::vector<meld_tensor_t> inputs, outputs;
  if (allocate(dev, exe, 0, numInputs, inputs) ||
      allocate(dev, exe, 1, numOutputs, outputs))
    return 1;

  auto once = [&]() -> meld_status_t {
    meld_status_t s = meld_executable_run(
        exe, stream, "", inputs.data(), numInputs, outputs.data(), numOutputs);
    if (s != MELD_OK)
      return s;
    return meld_stream_synchronize(stream);
  };
  for (int i = 0; i < 200; ++i) // warm up
    CHECK(once());
  double best = 1e300;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    for (long i = 0; i < iterations; ++i)
      CHECK(once());
    double ns = std::chrono::duration<double, std::nano>(
                    std::chrono::steady_clock::now() - start)
                    .count() /
                static_cast<double>(iterations);
    best = std::min(best, ns);
  }
  std::printf("{\"ns_per_call\": %.1f, \"iterations\": %ld, \"repeats\": %d}\n",
              best, iterations, repeats);

  for (meld_tensor_t &t : inputs)
    meld_buffer_release(t.buffer);
  for (meld_tensor_t &t : outputs)
    meld_buffer_release(t.buffer);
  meld_executable_release(exe);
  meld_stream_release(stream);
  meld_device_release(dev);
  return 0;
}
