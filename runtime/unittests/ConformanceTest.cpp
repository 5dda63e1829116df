//===- ConformanceTest.cpp - Every program on every backend, via the C API ===//
//
// Runs the cases written by meld-conformance-data (a directory named by
// MELD_CONFORMANCE_DATA): each is a bundle, a function, and two sets of
// inputs with the reference interpreter's outputs. On every backend that
// has a device, each case must give the interpreter's results
//   - eagerly (meld_executable_run),
//   - captured once and replayed (meld_executable_capture + launch),
//   - replayed after rebinding to new buffers holding the second inputs,
//     and again after rebinding back (no re-capture).
// Backends without a device, and bundles without a binary for the device,
// skip. Tolerances as in the code generation tests: f64/f32 atol 5e-5 +
// rtol 5e-4 (GPU: 1e-4 + 1e-3, for fast math functions), f16/bf16 1e-2 +
// 1e-2, integers and booleans exact.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "ConformanceData.h"
#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

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

  meld_device_t device = {};
  meld_stream_t stream = {};
  bool gpu = false;
};

TEST_P(Conformance, EagerCapturedAndRebound) {
  std::string error;
  std::vector<Case> cases = readCases(error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty()) << "no cases in " << conformanceDataDir();
  int ran = 0;
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
    MELD_ASSERT_OK(meld_graph_exec_release(graph));
    MELD_ASSERT_OK(meld_executable_release(exe));
    ++ran;
  }
  std::cout << GetParam() << ": " << ran << " of " << cases.size()
            << " cases ran\n";
  EXPECT_GT(ran, 0);
}

INSTANTIATE_TEST_SUITE_P(Backends, Conformance,
                         ::testing::Values("host", "cuda", "hip"),
                         [](const ::testing::TestParamInfo<const char *> &i) {
                           return std::string(i.param);
                         });

} // namespace
