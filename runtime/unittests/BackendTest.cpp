//===- BackendTest.cpp - The backend registry and the host backend --------===//
//
// Backend-level behaviour that needs no compiled kernels: memory, copies,
// capture and replay of copy nodes, node updates, conditional nodes and
// capture misuse. Kernel launches through every backend are covered by the
// executable tests (unittests/Runtime) and the conformance test.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Backend.h"
#include "meld/Support/HostThreads.h"

#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <cstring>
#include <string>

using namespace meld::runtime;
using meld::runtime::testing::ScopedEnv;
using meld::runtime::testing::statusOf;
using meld::runtime::testing::take;

namespace {

TEST(Backends, RegistryHasHostCudaAndHip) {
  std::vector<std::string> names = getBackendNames();
  for (const char *name : {"host", "cuda", "hip"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  EXPECT_EQ(lookupBackend("tpu"), nullptr);
}

TEST(Backends, GpuDiscoveryNeverFailsHard) {
  for (const char *name : {"cuda", "hip"}) {
    llvm::Expected<int> n = lookupBackend(name)->getDeviceCount();
    if (n) {
      EXPECT_GE(*n, 0);
      continue;
    }
    EXPECT_EQ(statusOf(n.takeError()), MELD_ERROR_UNAVAILABLE) << name;
  }
}

class HostBackendTest : public ::testing::Test {
protected:
  void SetUp() override {
    device = take(lookupBackend("host")->openDevice(0));
    ASSERT_TRUE(device);
    stream = take(device->createStream());
    ASSERT_TRUE(stream);
  }
  void *alloc(size_t bytes) {
    void *p = take(device->allocate(bytes, MemoryKind::Device));
    allocations.push_back(p);
    return p;
  }
  void TearDown() override {
    for (void *p : allocations)
      device->deallocate(p, MemoryKind::Device);
  }
  std::shared_ptr<Device> device;
  std::unique_ptr<Stream> stream;
  std::vector<void *> allocations;
};

TEST_F(HostBackendTest, Info) {
  const DeviceInfo &info = device->getInfo();
  EXPECT_EQ(info.backend, "host");
  EXPECT_EQ(info.target, "host");
  EXPECT_TRUE(info.conditionalNodes);
  EXPECT_EQ(statusOf(lookupBackend("host")->openDevice(1).takeError()),
            MELD_ERROR_NOT_FOUND);
}

TEST(HostThreads, EnvironmentSetsTheDefaultCount) {
  unsigned hardware = llvm::hardware_concurrency().compute_thread_count();
  {
    ScopedEnv env("MELD_HOST_THREADS", "3");
    EXPECT_EQ(meld::defaultHostThreads(), 3u);
    // A device of "0 threads" takes the default; an explicit count wins.
    EXPECT_NE(createHostDevice(0)->getInfo().name.find("3 threads"),
              std::string::npos)
        << createHostDevice(0)->getInfo().name;
    EXPECT_NE(createHostDevice(5)->getInfo().name.find("5 threads"),
              std::string::npos);
  }
  {
    ScopedEnv env("MELD_HOST_THREADS", "100000");
    EXPECT_EQ(meld::defaultHostThreads(), meld::kMaxHostThreads);
  }
  // Not a positive count: ignored.
  for (const char *bad : {"0", "-2", "two", "3x", ""}) {
    ScopedEnv env("MELD_HOST_THREADS", bad);
    EXPECT_EQ(meld::defaultHostThreads(), std::max(1u, hardware)) << bad;
  }
}

TEST_F(HostBackendTest, AllocationsAreAligned) {
  for (size_t bytes : {1, 17, 4096})
    EXPECT_EQ(reinterpret_cast<uintptr_t>(alloc(bytes)) % 64, 0u);
}

TEST_F(HostBackendTest, CaptureRecordsAndReplaysWithUpdates) {
  int *a = static_cast<int *>(alloc(16)), *b = static_cast<int *>(alloc(16)),
      *c = static_cast<int *>(alloc(16));
  a[0] = 1;
  b[0] = 0;
  c[0] = 0;
  ASSERT_FALSE(stream->beginCapture());
  EXPECT_TRUE(stream->isCapturing());
  NodeId node = nullptr;
  ASSERT_FALSE(stream->copy(b, a, sizeof(int), &node));
  EXPECT_NE(node, nullptr);
  EXPECT_EQ(b[0], 0) << "captured work must not run";
  std::unique_ptr<Graph> graph = take(stream->endCapture());
  ASSERT_TRUE(graph);
  EXPECT_FALSE(stream->isCapturing());
  std::unique_ptr<GraphExec> exec = take(graph->instantiate());
  ASSERT_TRUE(exec);
  ASSERT_FALSE(exec->launch(*stream));
  EXPECT_EQ(b[0], 1);
  a[0] = 2;
  ASSERT_FALSE(exec->updateCopy(node, c, a, sizeof(int)));
  ASSERT_FALSE(exec->launch(*stream));
  EXPECT_EQ(b[0], 1);
  EXPECT_EQ(c[0], 2);
  EXPECT_EQ(statusOf(exec->updateCopy(&node, c, a, 4)),
            MELD_ERROR_INVALID_ARGUMENT);
}

TEST_F(HostBackendTest, ConditionalNodesReadThePredicateAtReplay) {
  uint8_t *pred = static_cast<uint8_t *>(alloc(1));
  int *one = static_cast<int *>(alloc(4)), *two = static_cast<int *>(alloc(4)),
      *out = static_cast<int *>(alloc(4));
  *one = 1;
  *two = 2;
  ASSERT_FALSE(stream->beginCapture());
  ASSERT_FALSE(stream->captureIf(
      pred, [&](Stream &s) { return s.copy(out, one, 4); },
      [&](Stream &s) { return s.copy(out, two, 4); }));
  std::unique_ptr<GraphExec> exec =
      take(take(stream->endCapture())->instantiate());
  for (uint8_t p : {1, 0, 1}) {
    *pred = p;
    ASSERT_FALSE(exec->launch(*stream));
    EXPECT_EQ(*out, p ? 1 : 2);
  }
}

TEST_F(HostBackendTest, WhileNodeRunsWhileThePredicateHolds) {
  // Each iteration takes the next predicate from a queue of bytes and
  // spreads a tally of ones by one byte, so after k iterations the tally
  // holds k + 1 ones: the trip count is data-dependent and the graph is
  // captured once.
  uint8_t *pred = static_cast<uint8_t *>(alloc(1));
  uint8_t *queue = static_cast<uint8_t *>(alloc(16));
  uint8_t *tally = static_cast<uint8_t *>(alloc(16));
  ASSERT_FALSE(stream->beginCapture());
  ASSERT_FALSE(stream->captureWhile(pred, [&](Stream &s) -> llvm::Error {
    if (llvm::Error e = s.copy(tally + 1, tally, 15))
      return e;
    if (llvm::Error e = s.copy(pred, queue, 1))
      return e;
    return s.copy(queue, queue + 1, 15);
  }));
  std::unique_ptr<GraphExec> exec =
      take(take(stream->endCapture())->instantiate());
  for (int trips : {0, 1, 5}) {
    std::memset(queue, 0, 16);
    std::memset(tally, 0, 16);
    tally[0] = 1;
    for (int i = 0; i + 1 < trips; ++i)
      queue[i] = 1;
    *pred = trips > 0;
    ASSERT_FALSE(exec->launch(*stream));
    int ones = 0;
    for (int i = 0; i < 16; ++i)
      ones += tally[i];
    EXPECT_EQ(ones - 1, trips);
    EXPECT_EQ(*pred, 0);
  }
}

TEST_F(HostBackendTest, CaptureMisuseIsAnError) {
  EXPECT_EQ(statusOf(stream->endCapture().takeError()), MELD_ERROR_CAPTURE);
  ASSERT_FALSE(stream->beginCapture());
  EXPECT_EQ(statusOf(stream->beginCapture()), MELD_ERROR_CAPTURE);
  EXPECT_EQ(statusOf(stream->synchronize()), MELD_ERROR_CAPTURE);
  ASSERT_TRUE(bool(stream->endCapture()));
  uint8_t p = 1;
  EXPECT_EQ(statusOf(stream->captureIf(
                &p, [](Stream &) { return llvm::Error::success(); },
                [](Stream &) { return llvm::Error::success(); })),
            MELD_ERROR_CAPTURE);
  EXPECT_FALSE(stream->synchronize());
}

} // namespace
