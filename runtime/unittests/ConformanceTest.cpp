//===- ConformanceTest.cpp - Every program on every backend, via the C API ===//
//
// Runs the cases written by meld-conformance-data (a directory named by
// MELD_CONFORMANCE_DATA): each is a bundle, a function, and two sets of
// inputs with the reference interpreter's outputs. On every backend that
// has a device, each case must give the interpreter's results
//   - eagerly (meld_executable_run),
//   - captured once and replayed (meld_executable_capture + launch),
//   - replayed after rebinding to new buffers holding the second inputs,
//     and again after rebinding back (no re-capture);
// and where a case has inputs on which the interpreter fails a runtime
// check (integer division by zero), running on them, eagerly or replayed,
// must fail with the interpreter's message by the time the stream has
// synchronized, and the next run must succeed again.
// Backends without a device, and bundles without a binary for the device,
// skip. Tolerances as in the code generation tests: f64/f32 atol 5e-5 +
// rtol 5e-4 (GPU: 1e-4 + 1e-3, for fast math functions), f16/bf16 1e-2 +
// 1e-2, integers and booleans exact.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "ConformanceData.h"
#include "RuntimeTestSupport.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

#include <functional>
#include <iostream>

using namespace meld::runtime::testing;

namespace {

class Conformance : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    int count = 0;
    meld_status_t s = meld_device_count(GetParam(), &count);
    if (s == MELD_ERROR_UNAVAILABLE || (s == MELD_OK && count == 0))
      GTEST_SKIP() << "no " << GetParam() << " device: " << meld_last_error();
    MELD_ASSERT_OK(s);
    if (conformanceDataDir().empty())
      GTEST_SKIP() << "MELD_CONFORMANCE_DATA is not set";
    MELD_ASSERT_OK(meld_device_open(GetParam(), 0, &device));
    meld_device_info_t info;
    MELD_ASSERT_OK(meld_device_get_info(device, &info));
    gpu = std::string(info.target) != "host";
    std::cout << "device: " << info.name << " (" << info.target << " "
              << info.chip << ", conditional nodes: "
              << (info.conditional_nodes ? "yes" : "no") << ")\n";
    MELD_ASSERT_OK(meld_stream_create(device, &stream));
  }
  void TearDown() override {
    if (stream.id)
      EXPECT_EQ(meld_stream_release(stream), MELD_OK) << meld_last_error();
    if (device.id)
      EXPECT_EQ(meld_device_release(device), MELD_OK) << meld_last_error();
  }

  void allocate(const Case &c, int set, Buffers &b) {
    MELD_ASSERT_OK(allocateSet(device, stream, c, set, b));
  }

  void check(const Case &c, int set, const Buffers &b, const std::string &how) {
    MELD_ASSERT_OK(checkOutputs(stream, c, set, b, gpu, how));
  }

  /// Expects that work `launch` enqueues fails with `c.failure` by the time
  /// the stream has synchronized (host streams fail at once, GPU streams
  /// when they synchronize).
  void expectFailure(const Case &c, const std::string &how,
                     const std::function<meld_status_t()> &launch) {
    meld_status_t s = launch();
    if (s == MELD_OK)
      s = meld_stream_synchronize(stream);
    EXPECT_EQ(s, MELD_ERROR_EXECUTION) << how << ": " << meld_last_error();
    EXPECT_NE(std::string(meld_last_error()).find(c.failure), std::string::npos)
        << how << ": " << meld_last_error();
    // The failure is reported once.
    EXPECT_EQ(meld_stream_synchronize(stream), MELD_OK)
        << how << ": " << meld_last_error();
  }

  meld_device_t device = {};
  meld_stream_t stream = {};
  bool gpu = false;
};

TEST_P(Conformance, EagerCapturedAndRebound) {
  std::string error;
  std::vector<Case> cases = readCases(error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty()) << "no cases in " << conformanceDataDir();
  int ran = 0, failing = 0;
  for (const Case &c : cases) {
    SCOPED_TRACE(c.name);
    meld_executable_t exe;
    meld_status_t s = meld_executable_load_file(device, c.bundle.c_str(), &exe);
    if (s == MELD_ERROR_UNSUPPORTED) {
      std::cout << c.name << ": skipped: " << meld_last_error() << "\n";
      continue;
    }
    MELD_ASSERT_OK(s);
    const char *fn = c.function.c_str();
    Buffers a, b;
    allocate(c, 0, a);
    allocate(c, 1, b);
    // Eager.
    MELD_ASSERT_OK(meld_executable_run(exe, stream, fn, a.inputs.data(),
                                       a.inputs.size(), a.outputs.data(),
                                       a.outputs.size()));
    check(c, 0, a, "eager");
    MELD_ASSERT_OK(meld_executable_run(exe, stream, fn, b.inputs.data(),
                                       b.inputs.size(), b.outputs.data(),
                                       b.outputs.size()));
    check(c, 1, b, "eager, second inputs");
    // Captured once, replayed, rebound both ways.
    Buffers ca, cb;
    allocate(c, 0, ca);
    allocate(c, 1, cb);
    meld_graph_exec_t graph;
    MELD_ASSERT_OK(meld_executable_capture(exe, stream, fn, ca.inputs.data(),
                                           ca.inputs.size(), ca.outputs.data(),
                                           ca.outputs.size(), &graph));
    MELD_ASSERT_OK(meld_graph_exec_launch(graph, stream));
    check(c, 0, ca, "replay");
    MELD_ASSERT_OK(meld_graph_exec_rebind(graph, cb.inputs.data(),
                                          cb.inputs.size(), cb.outputs.data(),
                                          cb.outputs.size()));
    MELD_ASSERT_OK(meld_graph_exec_launch(graph, stream));
    check(c, 1, cb, "replay on new buffers");
    MELD_ASSERT_OK(meld_graph_exec_rebind(graph, ca.inputs.data(),
                                          ca.inputs.size(), ca.outputs.data(),
                                          ca.outputs.size()));
    MELD_ASSERT_OK(meld_graph_exec_launch(graph, stream));
    MELD_ASSERT_OK(meld_graph_exec_launch(graph, stream));
    check(c, 0, ca, "replay after rebinding back");
    if (!c.failure.empty()) {
      // Inputs that fail a check, eagerly and replayed; then the same
      // executable and graph run correctly again.
      Buffers f;
      allocate(c, Case::kFailingSet, f);
      expectFailure(c, "eager, failing inputs", [&] {
        return meld_executable_run(exe, stream, fn, f.inputs.data(),
                                   f.inputs.size(), f.outputs.data(),
                                   f.outputs.size());
      });
      MELD_ASSERT_OK(poisonOutputs(stream, c, 1, b));
      MELD_ASSERT_OK(meld_executable_run(exe, stream, fn, b.inputs.data(),
                                         b.inputs.size(), b.outputs.data(),
                                         b.outputs.size()));
      check(c, 1, b, "eager, after failing inputs");
      MELD_ASSERT_OK(meld_graph_exec_rebind(graph, f.inputs.data(),
                                            f.inputs.size(), f.outputs.data(),
                                            f.outputs.size()));
      expectFailure(c, "replay, failing inputs",
                    [&] { return meld_graph_exec_launch(graph, stream); });
      MELD_ASSERT_OK(meld_graph_exec_rebind(graph, cb.inputs.data(),
                                            cb.inputs.size(), cb.outputs.data(),
                                            cb.outputs.size()));
      MELD_ASSERT_OK(poisonOutputs(stream, c, 1, cb));
      MELD_ASSERT_OK(meld_graph_exec_launch(graph, stream));
      check(c, 1, cb, "replay after failing inputs");
      ++failing;
    }
    MELD_ASSERT_OK(meld_graph_exec_release(graph));
    MELD_ASSERT_OK(meld_executable_release(exe));
    ++ran;
  }
  std::cout << GetParam() << ": " << ran << " of " << cases.size()
            << " cases ran, " << failing << " with failing inputs\n";
  EXPECT_GT(ran, 0);
  // The suite's checked division has inputs that fail (other case
  // directories, such as the benchmark models', may have none).
  if (llvm::any_of(cases, [](const Case &c) {
        return c.name == "programs_checked-division.main";
      }))
    EXPECT_GT(failing, 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, Conformance,
                         ::testing::Values("host", "cuda", "hip"),
                         [](const ::testing::TestParamInfo<const char *> &i) {
                           return std::string(i.param);
                         });

} // namespace
