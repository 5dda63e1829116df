//===- HipBackendTest.cpp - The hip backend -------------------------------===//
//
// Discovery must be clean everywhere: without libamdhip64 the backend is
// unavailable, with it but without an AMD GPU it has 0 devices, and neither
// aborts. The device tests (memory, copies, capture and replay of copy
// nodes, capture misuse) skip unless an AMD GPU is present. Kernel launches
// are covered by the executable and conformance tests.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Backend.h"

#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <cstring>
#include <optional>

using namespace meld::runtime;
using meld::runtime::testing::ScopedEnv;
using meld::runtime::testing::statusOf;
using meld::runtime::testing::take;

namespace {

TEST(HipBackend, IsRegistered) {
  std::shared_ptr<Backend> backend = lookupBackend("hip");
  ASSERT_TRUE(backend);
  EXPECT_EQ(backend->getName(), "hip");
}

TEST(HipBackend, DiscoveryIsClean) {
  std::shared_ptr<Backend> backend = lookupBackend("hip");
  ASSERT_TRUE(backend);
  llvm::Expected<int> count = backend->getDeviceCount();
  if (!count) {
    std::string message;
    EXPECT_EQ(takeStatus(count.takeError(), message), MELD_ERROR_UNAVAILABLE)
        << message;
    EXPECT_NE(message.find("hip"), std::string::npos) << message;
    EXPECT_EQ(statusOf(backend->openDevice(0).takeError()),
              MELD_ERROR_UNAVAILABLE);
    return;
  }
  EXPECT_GE(*count, 0);
  // The count is stable.
  EXPECT_EQ(take(backend->getDeviceCount()), *count);
  // With 0 devices this is openDevice(0).
  EXPECT_EQ(statusOf(backend->openDevice(*count).takeError()),
            MELD_ERROR_NOT_FOUND);
  EXPECT_EQ(statusOf(backend->openDevice(-1).takeError()),
            MELD_ERROR_NOT_FOUND);
}

/// Whether the hip backend was built (not the NoGpuBackends stand-in).
bool hipBackendBuilt() {
  llvm::Expected<int> count = createHipBackend()->getDeviceCount();
  if (count)
    return true;
  std::string message;
  takeStatus(count.takeError(), message);
  return message.find("not built") == std::string::npos;
}

TEST(HipBackend, MissingLibraryIsUnavailable) {
  if (!hipBackendBuilt())
    GTEST_SKIP() << "built without the GPU backends";
  ScopedEnv env("MELD_HIP_LIBRARY", "/nonexistent/libamdhip64.so");
  std::shared_ptr<Backend> backend = createHipBackend();
  llvm::Expected<int> count = backend->getDeviceCount();
  ASSERT_FALSE(count);
  std::string message;
  EXPECT_EQ(takeStatus(count.takeError(), message), MELD_ERROR_UNAVAILABLE);
  EXPECT_NE(message.find("libamdhip64"), std::string::npos) << message;
  EXPECT_NE(message.find("MELD_HIP_LIBRARY"), std::string::npos) << message;
  EXPECT_EQ(statusOf(backend->openDevice(0).takeError()),
            MELD_ERROR_UNAVAILABLE);
}

TEST(HipBackend, LibraryWithoutHipIsUnavailable) {
  if (!hipBackendBuilt())
    GTEST_SKIP() << "built without the GPU backends";
  // A library that loads but has none of the HIP entry points.
  ScopedEnv env("MELD_HIP_LIBRARY", "libc.so.6");
  std::shared_ptr<Backend> backend = createHipBackend();
  llvm::Expected<int> count = backend->getDeviceCount();
  ASSERT_FALSE(count);
  std::string message;
  EXPECT_EQ(takeStatus(count.takeError(), message), MELD_ERROR_UNAVAILABLE);
  EXPECT_NE(message.find("hipInit"), std::string::npos) << message;
}

//===----------------------------------------------------------------------===//
// With an AMD GPU
//===----------------------------------------------------------------------===//

class HipDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    std::shared_ptr<Backend> backend = lookupBackend("hip");
    ASSERT_TRUE(backend);
    llvm::Expected<int> count = backend->getDeviceCount();
    if (!count)
      GTEST_SKIP() << "hip is unavailable: "
                   << llvm::toString(count.takeError());
    if (*count == 0)
      GTEST_SKIP() << "no AMD GPU";
    device = take(backend->openDevice(0));
    ASSERT_TRUE(device);
    stream = take(device->createStream());
    ASSERT_TRUE(stream);
  }
  void TearDown() override {
    if (stream && !stream->isCapturing())
      llvm::consumeError(stream->synchronize());
    stream.reset();
    for (auto [p, kind] : allocations)
      device->deallocate(p, kind);
  }
  void *alloc(size_t bytes, MemoryKind kind = MemoryKind::Device) {
    void *p = take(device->allocate(bytes, kind));
    EXPECT_NE(p, nullptr);
    if (p)
      allocations.push_back({p, kind});
    return p;
  }
  /// Host-visible memory holding `n` ints.
  int *pinned(size_t n) {
    return static_cast<int *>(alloc(n * sizeof(int), MemoryKind::HostVisible));
  }

  std::shared_ptr<Device> device;
  std::unique_ptr<Stream> stream;
  std::vector<std::pair<void *, MemoryKind>> allocations;
};

TEST_F(HipDeviceTest, Info) {
  const DeviceInfo &info = device->getInfo();
  EXPECT_EQ(info.backend, "hip");
  EXPECT_EQ(info.target, "amdgpu");
  EXPECT_EQ(info.chip.rfind("gfx", 0), 0u) << info.chip;
  EXPECT_EQ(info.chip.find(':'), std::string::npos) << info.chip;
  EXPECT_FALSE(info.conditionalNodes);
  EXPECT_GT(info.memoryBytes, 0u);
  EXPECT_FALSE(info.name.empty());
  // Opening it again gives the same device.
  EXPECT_EQ(take(lookupBackend("hip")->openDevice(0)), device);
}

ModuleImage image(const char *target, llvm::StringRef chip,
                  const char *format) {
  ModuleImage m;
  m.target = target;
  m.chip = chip.str();
  m.format = format;
  m.bytes = "not a code object";
  return m;
}

TEST_F(HipDeviceTest, RatesOnlyItsOwnHsaco) {
  const std::string chip = device->getInfo().chip;
  EXPECT_EQ(device->rate(image("amdgpu", chip, "hsaco")), 2);
  EXPECT_LT(device->rate(image("amdgpu", "gfx000", "hsaco")), 0);
  EXPECT_LT(device->rate(image("amdgpu", chip, "llvm-ir")), 0);
  EXPECT_LT(device->rate(image("nvptx", "sm_90", "cubin")), 0);
  EXPECT_LT(device->rate(image("host", "x86-64", "object")), 0);
  EXPECT_EQ(
      statusOf(device->loadModule(image("nvptx", "sm_90", "ptx")).takeError()),
      MELD_ERROR_UNSUPPORTED);
}

TEST_F(HipDeviceTest, CopyRoundTrip) {
  constexpr size_t n = 1 << 16, bytes = n * sizeof(int);
  std::vector<int> in(n), out(n, -1);
  for (size_t i = 0; i < n; ++i)
    in[i] = int(i * 7 + 1);
  void *a = alloc(bytes), *b = alloc(bytes);
  int *visible = pinned(n);
  ASSERT_TRUE(a && b && visible);
  NodeId node = &node;
  // Pageable host -> device -> device -> host-visible -> pageable host.
  ASSERT_FALSE(llvm::errorToBool(stream->copy(a, in.data(), bytes, &node)));
  EXPECT_EQ(node, nullptr) << "no node outside a capture";
  ASSERT_FALSE(llvm::errorToBool(stream->copy(b, a, bytes)));
  ASSERT_FALSE(llvm::errorToBool(stream->copy(visible, b, bytes)));
  std::unique_ptr<Event> event = take(device->createEvent());
  ASSERT_TRUE(event);
  ASSERT_FALSE(llvm::errorToBool(stream->record(*event)));
  ASSERT_FALSE(llvm::errorToBool(event->synchronize()));
  EXPECT_TRUE(take(event->query()));
  EXPECT_EQ(std::memcmp(visible, in.data(), bytes), 0);
  ASSERT_FALSE(llvm::errorToBool(stream->copy(out.data(), visible, bytes)));
  ASSERT_FALSE(llvm::errorToBool(stream->synchronize()));
  EXPECT_EQ(out, in);

  // A second stream ordered after the first by an event.
  std::unique_ptr<Stream> other = take(device->createStream());
  ASSERT_TRUE(other);
  std::vector<int> back(n, 0);
  ASSERT_FALSE(llvm::errorToBool(stream->copy(a, visible, bytes)));
  ASSERT_FALSE(llvm::errorToBool(stream->record(*event)));
  ASSERT_FALSE(llvm::errorToBool(other->wait(*event)));
  ASSERT_FALSE(llvm::errorToBool(other->copy(back.data(), a, bytes)));
  ASSERT_FALSE(llvm::errorToBool(other->synchronize()));
  EXPECT_EQ(back, in);
}

TEST_F(HipDeviceTest, CaptureAndReplayCopies) {
  constexpr size_t n = 4096, bytes = n * sizeof(int);
  int *in = pinned(n), *out = pinned(n), *out2 = pinned(n);
  void *a = alloc(bytes), *b = alloc(bytes);
  ASSERT_TRUE(in && out && out2 && a && b);
  std::memset(out, 0, bytes);
  std::memset(out2, 0, bytes);

  ASSERT_FALSE(llvm::errorToBool(stream->beginCapture()));
  EXPECT_TRUE(stream->isCapturing());
  NodeId n1 = nullptr, n2 = nullptr, n3 = nullptr;
  ASSERT_FALSE(llvm::errorToBool(stream->copy(a, in, bytes, &n1)));
  ASSERT_FALSE(llvm::errorToBool(stream->copy(b, a, bytes, &n2)));
  ASSERT_FALSE(llvm::errorToBool(stream->copy(out, b, bytes, &n3)));
  std::unique_ptr<Graph> graph = take(stream->endCapture());
  ASSERT_TRUE(graph);
  EXPECT_FALSE(stream->isCapturing());
  EXPECT_TRUE(n1 && n2 && n3);
  EXPECT_NE(n1, n2);
  EXPECT_NE(n2, n3);
  // Nothing ran during the capture.
  EXPECT_EQ(out[0], 0);

  std::unique_ptr<GraphExec> exec = take(graph->instantiate());
  ASSERT_TRUE(exec);
  // Keep replaying after the Graph is gone.
  graph.reset();
  for (int rep = 1; rep <= 3; ++rep) {
    for (size_t i = 0; i < n; ++i)
      in[i] = int(i) * rep;
    ASSERT_FALSE(llvm::errorToBool(exec->launch(*stream)));
    ASSERT_FALSE(llvm::errorToBool(stream->synchronize()));
    for (size_t i = 0; i < n; i += 97)
      ASSERT_EQ(out[i], int(i) * rep) << "replay " << rep << " at " << i;
  }

  // Retarget the last copy.
  ASSERT_FALSE(llvm::errorToBool(exec->updateCopy(n3, out2, b, bytes)));
  for (size_t i = 0; i < n; ++i)
    in[i] = -int(i);
  ASSERT_FALSE(llvm::errorToBool(exec->launch(*stream)));
  ASSERT_FALSE(llvm::errorToBool(stream->synchronize()));
  EXPECT_EQ(std::memcmp(out2, in, bytes), 0);
  EXPECT_EQ(out[1], 3) << "the old destination is no longer written";
}

TEST_F(HipDeviceTest, CaptureMisuse) {
  EXPECT_EQ(statusOf(stream->endCapture().takeError()), MELD_ERROR_CAPTURE);
  ASSERT_FALSE(llvm::errorToBool(stream->beginCapture()));
  EXPECT_EQ(statusOf(stream->beginCapture()), MELD_ERROR_CAPTURE);
  EXPECT_EQ(statusOf(stream->synchronize()), MELD_ERROR_CAPTURE);

  void *predicate = alloc(1);
  auto body = [](Stream &) { return llvm::Error::success(); };
  std::string message;
  EXPECT_EQ(takeStatus(stream->captureIf(predicate, body, body), message),
            MELD_ERROR_UNSUPPORTED);
  EXPECT_NE(message.find("host"), std::string::npos) << message;
  EXPECT_EQ(statusOf(stream->captureWhile(predicate, body)),
            MELD_ERROR_UNSUPPORTED);
  EXPECT_TRUE(stream->isCapturing());

  std::unique_ptr<Graph> graph = take(stream->endCapture());
  EXPECT_TRUE(graph);
  EXPECT_FALSE(stream->isCapturing());
  EXPECT_FALSE(llvm::errorToBool(stream->synchronize()));
}

TEST_F(HipDeviceTest, DestroyingACapturingStreamIsSafe) {
  void *a = alloc(64), *b = alloc(64);
  ASSERT_FALSE(llvm::errorToBool(stream->beginCapture()));
  ASSERT_FALSE(llvm::errorToBool(stream->copy(a, b, 64)));
  stream.reset();
}

} // namespace
