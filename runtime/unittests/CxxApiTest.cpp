//===- CxxApiTest.cpp - The C++ wrapper (meld_runtime.hpp) ----------------===//
//
// The header-only C++ classes on real bundles (the conformance cases, see
// ConformanceData.h), on the host: eager runs, capture, replay, rebinding,
// stream capture of copies, events, errors as exceptions with the C API's
// status and message, and RAII releases.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.hpp"

#include "ConformanceData.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>

using namespace meld::runtime::testing;
namespace rt = meld::rt;

namespace {

/// Expects `body` to throw rt::Error with `status` and a message
/// containing `text`.
template <typename F>
void expectError(F body, meld_status_t status, const std::string &text) {
  try {
    body();
    ADD_FAILURE() << "no error; expected " << meld_status_name(status);
  } catch (const rt::Error &e) {
    EXPECT_EQ(e.status(), status) << e.what();
    EXPECT_NE(e.message().find(text), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(meld_status_name(status)),
              std::string::npos)
        << e.what();
  }
}

class RuntimeCxxApi : public ::testing::Test {
protected:
  void SetUp() override {
    if (conformanceDataDir().empty())
      GTEST_SKIP() << "MELD_CONFORMANCE_DATA is not set";
    std::string error;
    cases = readCases(error);
    ASSERT_TRUE(error.empty()) << error;
    device = rt::Device::open("host");
    stream = rt::Stream(device);
  }

  const Case &named(const std::string &name) {
    auto it = std::find_if(cases.begin(), cases.end(),
                           [&](const Case &c) { return c.name == name; });
    if (it == cases.end())
      throw std::runtime_error("no case " + name);
    return *it;
  }

  /// Buffers holding input set `set` of `c`, and poisoned outputs.
  struct Set {
    std::vector<rt::Buffer> buffers;
    std::vector<rt::Tensor> inputs, outputs;
  };
  Set upload(const Case &c, int set) {
    Set s;
    for (int output = 0; output < 2; ++output)
      for (const TensorFile &f : output ? c.outputs[set] : c.inputs[set]) {
        rt::Buffer &b = s.buffers.emplace_back(device, f.bytes.size());
        (output ? s.outputs : s.inputs).push_back(b.tensor(tensorOf({}, f)));
        std::string bytes =
            output ? std::string(f.bytes.size(), '\x7f') : f.bytes;
        stream.write(b, bytes.data(), bytes.size());
        stream.synchronize(); // `bytes` goes now
      }
    return s;
  }

  /// Compares the outputs of `s` with the reference outputs of `set`.
  void check(const Case &c, int set, const Set &s, const std::string &how) {
    size_t first = c.inputs[set].size();
    for (size_t i = 0; i < c.outputs[set].size(); ++i) {
      std::string bytes(c.outputs[set][i].bytes.size(), '\0');
      stream.read(s.buffers[first + i], bytes.data(), bytes.size());
      stream.synchronize();
      expectClose(c.outputs[set][i], bytes, false,
                  c.name + " (" + how + ") result #" + std::to_string(i));
    }
  }

  std::vector<Case> cases;
  rt::Device device;
  rt::Stream stream;
};

TEST_F(RuntimeCxxApi, RunCaptureReplayRebind) {
  // meld.if and a meld.while: the captured graph has conditional nodes.
  const Case &c = named("examples_branch_and_loop.main");
  rt::Executable exe(device, c.bundle);
  std::vector<rt::FunctionInfo> fns = exe.functions();
  ASSERT_EQ(fns.size(), 1u);
  EXPECT_EQ(fns[0].name, c.function);
  EXPECT_EQ(fns[0].inputs, static_cast<int>(c.inputs[0].size()));
  EXPECT_EQ(fns[0].outputs, static_cast<int>(c.outputs[0].size()));
  rt::Tensor spec = exe.input(0);
  EXPECT_EQ(spec.dtype, static_cast<meld_dtype_t>(c.inputs[0][0].kind));
  EXPECT_EQ(spec.rank, static_cast<int32_t>(c.inputs[0][0].shape.size()));

  Set a = upload(c, 0), b = upload(c, 1);
  exe.run(stream, a.inputs, a.outputs, c.function);
  check(c, 0, a, "eager");

  Set ca = upload(c, 0);
  rt::GraphExec graph = exe.capture(stream, ca.inputs, ca.outputs);
  graph.launch(stream);
  check(c, 0, ca, "replay");
  graph.rebind(b.inputs, b.outputs);
  graph.launch(stream);
  check(c, 1, b, "rebound");
  graph.rebind(ca.inputs, ca.outputs);
  graph.launch(stream);
  graph.launch(stream);
  check(c, 0, ca, "rebound back");
}

TEST_F(RuntimeCxxApi, EventsAndStreamCapture) {
  const Case &c = named("examples_softmax.main");
  rt::Executable exe(device, c.bundle);
  Set a = upload(c, 0);
  rt::Stream other(device);
  rt::Event done(device);
  exe.run(stream, a.inputs, a.outputs);
  done.record(stream);
  other.wait(done);
  done.synchronize();

  // A graph of one copy, captured on `other` and replayed twice.
  const TensorFile &out = c.outputs[0][0];
  rt::Buffer copy(device, out.bytes.size());
  other.beginCapture();
  EXPECT_TRUE(other.isCapturing());
  other.copy(copy, a.buffers[c.inputs[0].size()], out.bytes.size());
  rt::Graph g = other.endCapture();
  EXPECT_FALSE(other.isCapturing());
  rt::GraphExec replay = g.instantiate();
  g.close(); // the instantiated graph does not need it
  replay.launch(other);
  replay.launch(other);
  std::string bytes(out.bytes.size(), '\0');
  other.read(copy, bytes.data(), bytes.size());
  other.synchronize();
  expectClose(out, bytes, false, "copied softmax result");
  std::memcpy(bytes.data(), copy.hostPointer(), bytes.size());
  expectClose(out, bytes, false, "softmax result through hostPointer");
}

TEST_F(RuntimeCxxApi, ErrorsAreExceptionsWithTheCApiMessage) {
  const Case &c = named("examples_softmax.main");
  rt::Executable exe(device, c.bundle);
  Set a = upload(c, 0);
  expectError([&] { rt::Device::open("tpu"); }, MELD_ERROR_NOT_FOUND,
              "no backend 'tpu'");
  expectError([&] { rt::Executable(device, "/nonexistent.meldb"); },
              MELD_ERROR_NOT_FOUND, "cannot read '/nonexistent.meldb'");
  std::string garbage = "not a bundle";
  expectError([&] { rt::Executable(device, garbage.data(), garbage.size()); },
              MELD_ERROR_INVALID_BUNDLE, "");
  // One output too many: the C API's count check.
  std::vector<rt::Tensor> outputs = a.outputs;
  outputs.push_back(a.outputs[0]);
  expectError([&] { exe.run(stream, a.inputs, outputs); },
              MELD_ERROR_INVALID_ARGUMENT, "result(s), got 2 output");
  expectError([&] { exe.run(stream, a.inputs, a.outputs, "nope"); },
              MELD_ERROR_NOT_FOUND, "nope");
  expectError([&] { exe.input(7); }, MELD_ERROR_NOT_FOUND, "no input #7");
  expectError(
      [&] {
        rt::Tensor wrong = a.inputs[0];
        wrong.shape[0] += 1;
        exe.capture(stream, {wrong}, a.outputs);
      },
      MELD_ERROR_INVALID_ARGUMENT, "");
  expectError([&] { a.buffers[0].tensor(MELD_F32, std::vector<int64_t>(9)); },
              MELD_ERROR_INVALID_ARGUMENT, "exceeds MELD_MAX_RANK");
  expectError([&] { stream.endCapture(); }, MELD_ERROR_CAPTURE, "");
  // A moved-from object holds no handle; using it is an error, not a
  // crash.
  rt::Stream moved = std::move(stream);
  EXPECT_FALSE(stream);
  expectError([&] { stream.synchronize(); }, MELD_ERROR_INVALID_HANDLE,
              "null stream handle");
  moved.synchronize();
  // The result is still right after all that.
  exe.run(moved, a.inputs, a.outputs);
  moved.synchronize();
  std::string bytes(c.outputs[0][0].bytes.size(), '\0');
  moved.read(a.buffers[c.inputs[0].size()], bytes.data(), bytes.size());
  moved.synchronize();
  expectClose(c.outputs[0][0], bytes, false, "softmax after errors");
}

TEST_F(RuntimeCxxApi, HandlesAreReleasedByDestructors) {
  meld_buffer_t raw;
  {
    rt::Buffer b(device, 64);
    raw = b.get();
    EXPECT_EQ(b.size(), 64u);
  }
  size_t bytes = 0;
  EXPECT_EQ(meld_buffer_size(raw, &bytes), MELD_ERROR_INVALID_HANDLE);
  // detach() hands the handle over; close() releases and reports.
  rt::Buffer b(device, 16);
  meld_buffer_t kept = b.detach();
  EXPECT_FALSE(b);
  EXPECT_EQ(meld_buffer_size(kept, &bytes), MELD_OK);
  rt::Buffer adopted(kept);
  adopted.close();
  EXPECT_EQ(meld_buffer_size(kept, &bytes), MELD_ERROR_INVALID_HANDLE);
  // A stream that is capturing cannot be closed; the error says so and
  // the object keeps its handle.
  rt::Stream s(device);
  s.beginCapture();
  expectError([&] { s.close(); }, MELD_ERROR_CAPTURE, "end the capture first");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s.isCapturing());
  s.endCapture();
  s.close();
  EXPECT_FALSE(s);
}

} // namespace
