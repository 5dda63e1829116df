//===- OpenMpTest.cpp - Host launches on a loaded OpenMP runtime ----------===//
//
// With libgomp loaded in the process (as PyTorch loads it), host launches
// of several blocks run on libgomp's threads instead of the host device's
// own workers (docs/runtime.md, "Worker threads"). Every conformance case
// runs on a 4-thread host device, from the main thread and from four
// threads at once (one launch at a time takes the team; the others drain
// their blocks alone), and must match its reference outputs; some
// launches must have run on OpenMP. A test binary of its own: the runtime
// looks for libgomp once per process and the host device reads
// MELD_HOST_THREADS when it is first opened.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Backend.h"
#include "meld/Runtime/meld_runtime.h"

#include "ConformanceData.h"
#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <dlfcn.h>
#include <thread>

using namespace meld::runtime::testing;

namespace {

/// Runs input set 0 of every case in `cases` on `stream` and checks it.
void runAll(meld_device_t device, meld_stream_t stream,
            const std::vector<Case> &cases,
            const std::vector<meld_executable_t> &exes,
            const std::string &where) {
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case &c = cases[i];
    Buffers b;
    meld_status_t s = allocateSet(device, stream, c, 0, b);
    if (s == MELD_OK)
      s = meld_executable_run(exes[i], stream, c.function.c_str(),
                              b.inputs.data(), b.inputs.size(),
                              b.outputs.data(), b.outputs.size());
    if (s == MELD_OK)
      s = checkOutputs(stream, c, 0, b, false, where);
    EXPECT_EQ(s, MELD_OK) << c.name << " (" << where
                          << "): " << meld_status_name(s) << ": "
                          << meld_last_error();
  }
}

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MELD_UNDER_TSAN 1
#endif
#endif

TEST(RuntimeOpenMp, LaunchesRunOnLoadedLibgomp) {
#ifdef MELD_UNDER_TSAN
  GTEST_SKIP() << "libgomp's barriers are not instrumented for "
                  "ThreadSanitizer, which would report the blocks' writes";
#endif
  if (conformanceDataDir().empty())
    GTEST_SKIP() << "MELD_CONFORMANCE_DATA is not set";
  if (!dlopen("libgomp.so.1", RTLD_NOW | RTLD_GLOBAL))
    GTEST_SKIP() << "no libgomp.so.1 to load: " << dlerror();
  std::string error;
  std::vector<Case> cases = readCases(error);
  ASSERT_TRUE(error.empty()) << error;

  ScopedEnv threads("MELD_HOST_THREADS", "4");
  meld_device_t device;
  MELD_ASSERT_OK(meld_device_open("host", 0, &device));
  std::vector<meld_executable_t> exes;
  for (const Case &c : cases) {
    meld_executable_t exe;
    MELD_ASSERT_OK(meld_executable_load_file(device, c.bundle.c_str(), &exe));
    exes.push_back(exe);
  }
  meld_stream_t stream;
  MELD_ASSERT_OK(meld_stream_create(device, &stream));
  uint64_t before = meld::runtime::hostOpenMpLaunches();
  runAll(device, stream, cases, exes, "main thread");
  EXPECT_GT(meld::runtime::hostOpenMpLaunches(), before)
      << "no launch ran on libgomp's threads";

  std::vector<std::thread> others;
  for (int t = 0; t < 4; ++t)
    others.emplace_back([&, t] {
      meld_stream_t own;
      ASSERT_EQ(meld_stream_create(device, &own), MELD_OK) << meld_last_error();
      runAll(device, own, cases, exes, "thread " + std::to_string(t));
      EXPECT_EQ(meld_stream_release(own), MELD_OK) << meld_last_error();
    });
  for (std::thread &t : others)
    t.join();

  EXPECT_EQ(meld_stream_release(stream), MELD_OK) << meld_last_error();
  for (meld_executable_t exe : exes)
    EXPECT_EQ(meld_executable_release(exe), MELD_OK) << meld_last_error();
  EXPECT_EQ(meld_device_release(device), MELD_OK) << meld_last_error();
}

} // namespace
