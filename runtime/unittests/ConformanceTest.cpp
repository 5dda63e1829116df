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

#include "meld/Reference/HostTensor.h"
#include "meld/Runtime/meld_runtime.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdlib>

using meld::ref::ElementKind;
using meld::ref::HostTensor;

namespace {

struct TensorFile {
  ElementKind kind;
  std::vector<int64_t> shape;
  std::string bytes;
};

struct Case {
  std::string name, bundle, function;
  std::vector<TensorFile> inputs[2], outputs[2];
};

std::string dataDir() {
  const char *dir = std::getenv("MELD_CONFORMANCE_DATA");
  return dir ? dir : "";
}

bool readCase(const std::string &dir, const std::string &manifest, Case &c,
              std::string &error) {
  auto text = llvm::MemoryBuffer::getFile(manifest);
  if (!text) {
    error = "cannot read " + manifest;
    return false;
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*text)->getBuffer());
  if (!json) {
    error = llvm::toString(json.takeError());
    return false;
  }
  const llvm::json::Object *o = json->getAsObject();
  c.name = llvm::sys::path::stem(manifest).str();
  c.bundle = (dir + "/" + o->getString("bundle").value_or("")).str();
  c.function = o->getString("function").value_or("").str();
  for (int set = 0; set < 2; ++set) {
    const llvm::json::Object *s = o->getObject(set ? "b" : "a");
    if (!s) {
      error = "no input set";
      return false;
    }
    for (const char *key : {"inputs", "outputs"})
      for (const llvm::json::Value &t : *s->getArray(key)) {
        const llvm::json::Object *to = t.getAsObject();
        TensorFile f;
        f.kind = *meld::ref::parseElementKind(*to->getString("dtype"));
        for (const llvm::json::Value &d : *to->getArray("shape"))
          f.shape.push_back(*d.getAsInteger());
        auto bytes = llvm::MemoryBuffer::getFile(dir + "/" +
                                                 to->getString("file")->str());
        if (!bytes) {
          error = "missing data file";
          return false;
        }
        f.bytes = (*bytes)->getBuffer().str();
        (std::string(key) == "inputs" ? c.inputs : c.outputs)[set].push_back(
            std::move(f));
      }
  }
  return true;
}

std::vector<Case> readCases(std::string &error) {
  std::vector<Case> cases;
  std::string dir = dataDir();
  std::error_code ec;
  std::vector<std::string> manifests;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".json")
      manifests.push_back(it->path());
  std::sort(manifests.begin(), manifests.end());
  for (const std::string &m : manifests) {
    Case c;
    if (!readCase(dir, m, c, error))
      return {};
    cases.push_back(std::move(c));
  }
  return cases;
}

void expectClose(const TensorFile &expected, const std::string &actualBytes,
                 bool gpu, const std::string &what) {
  HostTensor e =
      meld::ref::decodeRaw(expected.kind, expected.shape, expected.bytes);
  HostTensor a =
      meld::ref::decodeRaw(expected.kind, expected.shape, actualBytes);
  bool half =
      expected.kind == ElementKind::F16 || expected.kind == ElementKind::BF16;
  double atol = half ? 1e-2 : gpu ? 1e-4 : 5e-5;
  double rtol = half ? 1e-2 : gpu ? 1e-3 : 5e-4;
  int64_t reported = 0;
  for (int64_t i = 0; i < e.size(); ++i) {
    bool ok;
    if (!e.isFloat()) {
      ok = e.getInt(i) == a.getInt(i);
    } else {
      double x = e.getFloat(i), y = a.getFloat(i);
      ok = (std::isnan(x) && std::isnan(y)) || x == y ||
           std::abs(x - y) <= atol + rtol * std::abs(x);
    }
    if (!ok && reported++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is " << a.getAsDouble(i)
                    << ", the reference says " << e.getAsDouble(i);
  }
}

/// Device buffers for one input set and its outputs.
struct Buffers {
  std::vector<meld_buffer_t> buffers;
  std::vector<meld_tensor_t> inputs, outputs;
  ~Buffers() {
    for (meld_buffer_t b : buffers)
      meld_buffer_release(b);
  }
};

meld_tensor_t tensorOf(meld_buffer_t b, const TensorFile &f) {
  meld_tensor_t t = {};
  t.buffer = b;
  t.dtype = static_cast<meld_dtype_t>(f.kind);
  t.rank = static_cast<int32_t>(f.shape.size());
  for (size_t d = 0; d < f.shape.size(); ++d)
    t.shape[d] = f.shape[d];
  return t;
}

class Conformance : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    int count = 0;
    meld_status_t s = meld_device_count(GetParam(), &count);
    if (s == MELD_ERROR_UNAVAILABLE || (s == MELD_OK && count == 0))
      GTEST_SKIP() << "no " << GetParam() << " device: " << meld_last_error();
    MELD_ASSERT_OK(s);
    if (dataDir().empty())
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
    for (const TensorFile &f : c.inputs[set]) {
      meld_buffer_t buf;
      MELD_ASSERT_OK(
          meld_buffer_alloc(device, f.bytes.size(), MELD_MEMORY_DEVICE, &buf));
      b.buffers.push_back(buf);
      MELD_ASSERT_OK(
          meld_buffer_write(stream, buf, 0, f.bytes.data(), f.bytes.size()));
      b.inputs.push_back(tensorOf(buf, f));
    }
    for (const TensorFile &f : c.outputs[set]) {
      meld_buffer_t buf;
      MELD_ASSERT_OK(
          meld_buffer_alloc(device, f.bytes.size(), MELD_MEMORY_DEVICE, &buf));
      b.buffers.push_back(buf);
      // Poison, so a result that is never written shows.
      std::string poison(f.bytes.size(), '\x7f');
      MELD_ASSERT_OK(
          meld_buffer_write(stream, buf, 0, poison.data(), poison.size()));
      b.outputs.push_back(tensorOf(buf, f));
    }
    MELD_ASSERT_OK(meld_stream_synchronize(stream));
  }

  void check(const Case &c, int set, const Buffers &b, const std::string &how) {
    for (size_t i = 0; i < c.outputs[set].size(); ++i) {
      const TensorFile &f = c.outputs[set][i];
      std::string bytes(f.bytes.size(), '\0');
      MELD_ASSERT_OK(meld_buffer_read(stream, b.outputs[i].buffer, 0,
                                      bytes.data(), bytes.size()));
      MELD_ASSERT_OK(meld_stream_synchronize(stream));
      expectClose(f, bytes, gpu,
                  c.name + " (" + how + ") result #" + std::to_string(i));
    }
  }

  meld_device_t device = {};
  meld_stream_t stream = {};
  bool gpu = false;
};

TEST_P(Conformance, EagerCapturedAndRebound) {
  std::string error;
  std::vector<Case> cases = readCases(error);
  ASSERT_TRUE(error.empty()) << error;
  ASSERT_FALSE(cases.empty()) << "no cases in " << dataDir();
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
