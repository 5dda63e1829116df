//===- RuntimeTest.cpp - The runtime on compiled programs -----------------===//
//
// What the conformance test does not cover: the C API's errors on real
// bundles (bad arguments, released handles, capture misuse, a bundle with no
// binary for the device), both control-flow strategies of captured runs
// (conditional nodes, and host-evaluated predicates between sub-graphs, the
// HIP strategy) against the interpreter. Host backend; compiled
// in-process. Eight threads sharing executables: runtime/unittests/
// ThreadTest.cpp, on the conformance cases (it needs no MLIR, so it also
// runs in the standalone runtime build under ThreadSanitizer).
//
//===----------------------------------------------------------------------===//

#include "../Support/MeldTestContext.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Runtime/Executable.h"
#include "meld/Runtime/meld_runtime.h"

#include "mlir/Parser/Parser.h"
#include "llvm/Support/Path.h"

#include "RuntimeTestSupport.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace mlir;
using meld::ref::ElementKind;
using meld::ref::HostTensor;
namespace rt = meld::runtime;

namespace {

#define MELD_EXPECT_STATUS(call, status, text)                                 \
  do {                                                                         \
    meld_status_t s_ = (call);                                                 \
    EXPECT_EQ(s_, status) << #call << ": " << meld_last_error();               \
    EXPECT_NE(std::string(meld_last_error()).find(text), std::string::npos)    \
        << #call << ": " << meld_last_error();                                 \
  } while (0)

void expectClose(const HostTensor &e, const HostTensor &a,
                 const std::string &what) {
  ASSERT_EQ(e.getTypeString(), a.getTypeString()) << what;
  for (int64_t i = 0, bad = 0; i < e.size() && bad < 5; ++i) {
    bool ok = !e.isFloat() ? e.getInt(i) == a.getInt(i)
                           : std::abs(e.getFloat(i) - a.getFloat(i)) <=
                                 5e-5 + 5e-4 * std::abs(e.getFloat(i));
    if (!ok && ++bad)
      ADD_FAILURE() << what << ": element " << i << " is " << a.getAsDouble(i)
                    << ", the reference says " << e.getAsDouble(i);
  }
}

class Runtime : public meld::testing::MeldTestContext, public ::testing::Test {
protected:
  Runtime() {
    DialectRegistry registry;
    meld::codegen::registerCodegenDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses examples/<name>.mlir and compiles it for `targets`.
  std::string compile(const std::string &name,
                      std::vector<std::string> targets = {"host"}) {
    llvm::SmallString<256> path(MELD_SOURCE_DIR);
    llvm::sys::path::append(path, "examples", name + ".mlir");
    module = parseSourceFile<ModuleOp>(path, &context);
    EXPECT_TRUE(module) << diagnostics;
    if (!module)
      return "";
    meld::CompileOptions options;
    options.targets = std::move(targets);
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    EXPECT_TRUE(succeeded(bundle)) << diagnostics;
    return succeeded(bundle) ? bundle->toBytes() : "";
  }

  /// Reference inputs and outputs of @main for `seed`.
  std::pair<std::vector<HostTensor>, std::vector<HostTensor>>
  reference(uint64_t seed) {
    auto func = module->lookupSymbol<func::FuncOp>("main");
    FailureOr<std::vector<HostTensor>> args =
        meld::makeRandomArguments(func, seed, 5);
    EXPECT_TRUE(succeeded(args));
    meld::Interpreter interpreter(*module);
    FailureOr<std::vector<HostTensor>> out = interpreter.run("main", *args);
    EXPECT_TRUE(succeeded(out)) << diagnostics;
    return {*args, *out};
  }

  OwningOpRef<ModuleOp> module;
};

//===----------------------------------------------------------------------===//
// Captured control flow, both strategies, through the C++ API
//===----------------------------------------------------------------------===//

rt::TensorRef hostTensor(const std::shared_ptr<rt::Device> &device,
                         const HostTensor &t) {
  rt::TensorRef r;
  r.kind = t.getKind();
  r.shape.assign(t.getShape().begin(), t.getShape().end());
  std::string raw = meld::ref::encodeRaw(t);
  r.buffer =
      MELD_TAKE(rt::Buffer::allocate(device, std::max<size_t>(raw.size(), 1)));
  std::memcpy(r.data(), raw.data(), raw.size());
  return r;
}

rt::TensorRef emptyLike(const std::shared_ptr<rt::Device> &device,
                        const HostTensor &t) {
  rt::TensorRef r = hostTensor(device, t);
  std::memset(r.data(), 0x7f, r.sizeInBytes());
  return r;
}

HostTensor toHost(const rt::TensorRef &t) {
  return meld::ref::decodeRaw(
      t.kind, t.shape,
      llvm::StringRef(static_cast<const char *>(t.data()), t.sizeInBytes()));
}

class ControlFlow
    : public Runtime,
      public ::testing::WithParamInterface<std::tuple<const char *, bool>> {};

TEST_P(ControlFlow, CapturedOnceReplaysEveryTripCount) {
  auto [program, deviceConditionals] = GetParam();
  std::string bytes = compile(program);
  ASSERT_FALSE(bytes.empty());
  std::shared_ptr<rt::Device> device = rt::createHostDevice(2);
  rt::ExecutableOptions options;
  options.deviceConditionals = deviceConditionals;
  auto exe = MELD_TAKE(rt::Executable::load(
      device, MELD_TAKE(meld::bundle::Bundle::read(bytes)), options));
  ASSERT_TRUE(exe);
  auto stream = MELD_TAKE(device->createStream());
  ASSERT_TRUE(stream);

  auto [inA, outA] = reference(1);
  std::vector<rt::TensorRef> in, out;
  for (const HostTensor &t : inA)
    in.push_back(hostTensor(device, t));
  for (const HostTensor &t : outA)
    out.push_back(emptyLike(device, t));
  auto captured = MELD_TAKE(exe->capture(*stream, "main", in, out));
  ASSERT_TRUE(captured);
  // One graph with conditional nodes, or sub-graphs around host decisions.
  if (deviceConditionals)
    EXPECT_EQ(captured->getNumGraphs(), 1);
  else
    EXPECT_GT(captured->getNumGraphs(), 1);
  ASSERT_FALSE(captured->replay(*stream));
  for (size_t i = 0; i < outA.size(); ++i)
    expectClose(outA[i], toHost(out[i]), "replay result #" + std::to_string(i));

  // New inputs with other trip counts and branches: rebind, replay.
  std::set<int64_t> tripCounts;
  for (uint64_t seed : {2, 3, 4, 5, 6}) {
    auto [inB, outB] = reference(seed);
    tripCounts.insert(outB.back().getInt(0));
    std::vector<rt::TensorRef> in2, out2;
    for (const HostTensor &t : inB)
      in2.push_back(hostTensor(device, t));
    for (const HostTensor &t : outB)
      out2.push_back(emptyLike(device, t));
    ASSERT_FALSE(captured->rebind(in2, out2));
    ASSERT_FALSE(captured->replay(*stream));
    for (size_t i = 0; i < outB.size(); ++i)
      expectClose(outB[i], toHost(out2[i]),
                  "seed " + std::to_string(seed) + " result #" +
                      std::to_string(i));
  }
  EXPECT_GT(tripCounts.size(), 1u) << "the inputs should exercise several "
                                      "trip counts";
}

INSTANTIATE_TEST_SUITE_P(
    Strategies, ControlFlow,
    ::testing::Combine(::testing::Values("while_loop", "branch_and_loop"),
                       ::testing::Bool()),
    [](const auto &info) {
      return std::string(std::get<0>(info.param)) + (std::get<1>(info.param)
                                                         ? "_conditional_nodes"
                                                         : "_host_predicates");
    });

//===----------------------------------------------------------------------===//
// The C API's errors
//===----------------------------------------------------------------------===//

class CApi : public Runtime {
protected:
  void SetUp() override {
    MELD_ASSERT_OK(meld_device_open("host", 0, &device));
    MELD_ASSERT_OK(meld_stream_create(device, &stream));
  }
  void TearDown() override {
    meld_stream_release(stream);
    meld_device_release(device);
  }
  meld_tensor_t tensor(meld_buffer_t b, meld_dtype_t dtype,
                       std::vector<int64_t> shape) {
    meld_tensor_t t = {};
    t.buffer = b;
    t.dtype = dtype;
    t.rank = shape.size();
    for (size_t i = 0; i < shape.size(); ++i)
      t.shape[i] = shape[i];
    return t;
  }
  meld_device_t device = {};
  meld_stream_t stream = {};
};

TEST_F(CApi, DevicesAndBackends) {
  int n = -1;
  MELD_ASSERT_OK(meld_device_count("host", &n));
  EXPECT_EQ(n, 1);
  meld_device_t d;
  MELD_EXPECT_STATUS(meld_device_open("tpu", 0, &d), MELD_ERROR_NOT_FOUND,
                     "no backend 'tpu'");
  MELD_EXPECT_STATUS(meld_device_open("host", 3, &d), MELD_ERROR_NOT_FOUND,
                     "#3");
  for (const char *gpu : {"cuda", "hip"}) {
    meld_status_t s = meld_device_count(gpu, &n);
    EXPECT_TRUE(s == MELD_OK || s == MELD_ERROR_UNAVAILABLE) << gpu;
  }
  meld_device_info_t info;
  MELD_ASSERT_OK(meld_device_get_info(device, &info));
  EXPECT_STREQ(info.backend, "host");
  EXPECT_EQ(info.conditional_nodes, 1);
  MELD_EXPECT_STATUS(meld_device_get_info(device, nullptr),
                     MELD_ERROR_INVALID_ARGUMENT, "null");
}

TEST(CApiDtypes, SizesAreTheBufferLayout) {
  EXPECT_EQ(meld_dtype_size(MELD_F64), 8u);
  EXPECT_EQ(meld_dtype_size(MELD_F32), 4u);
  EXPECT_EQ(meld_dtype_size(MELD_F16), 2u);
  EXPECT_EQ(meld_dtype_size(MELD_BF16), 2u);
  EXPECT_EQ(meld_dtype_size(MELD_I64), 8u);
  EXPECT_EQ(meld_dtype_size(MELD_I32), 4u);
  EXPECT_EQ(meld_dtype_size(MELD_I8), 1u);
  EXPECT_EQ(meld_dtype_size(MELD_I1), 1u);
  EXPECT_EQ(meld_dtype_size(static_cast<meld_dtype_t>(42)), 0u);
  EXPECT_EQ(meld_dtype_size(static_cast<meld_dtype_t>(-1)), 0u);
}

TEST_F(CApi, HandlesAreChecked) {
  meld_buffer_t b;
  MELD_ASSERT_OK(meld_buffer_alloc(device, 64, MELD_MEMORY_DEVICE, &b));
  size_t size = 0;
  MELD_ASSERT_OK(meld_buffer_size(b, &size));
  EXPECT_EQ(size, 64u);
  MELD_ASSERT_OK(meld_buffer_release(b));
  // Use after free, double free, null and mistyped handles.
  MELD_EXPECT_STATUS(meld_buffer_size(b, &size), MELD_ERROR_INVALID_HANDLE,
                     "released");
  MELD_EXPECT_STATUS(meld_buffer_release(b), MELD_ERROR_INVALID_HANDLE,
                     "released");
  MELD_EXPECT_STATUS(meld_buffer_size(meld_buffer_t{0}, &size),
                     MELD_ERROR_INVALID_HANDLE, "null buffer");
  MELD_EXPECT_STATUS(meld_buffer_size(meld_buffer_t{stream.id}, &size),
                     MELD_ERROR_INVALID_HANDLE, "got a stream handle");
  // A new buffer in the same slot does not revive the old handle.
  meld_buffer_t c;
  MELD_ASSERT_OK(meld_buffer_alloc(device, 64, MELD_MEMORY_DEVICE, &c));
  EXPECT_NE(c.id, b.id);
  MELD_EXPECT_STATUS(meld_buffer_size(b, &size), MELD_ERROR_INVALID_HANDLE,
                     "released");
  char data[8] = {};
  MELD_EXPECT_STATUS(meld_buffer_write(stream, c, 60, data, 8),
                     MELD_ERROR_INVALID_ARGUMENT, "outside the buffer");
  // Sizes no host can hold, including the last values of size_t, which
  // wrapped around when rounded up to the alignment (a 64-byte allocation
  // for a buffer that claimed SIZE_MAX bytes).
  meld_buffer_t huge;
  for (size_t bytes : {SIZE_MAX, SIZE_MAX - 10, size_t(1) << 60})
    MELD_EXPECT_STATUS(
        meld_buffer_alloc(device, bytes, MELD_MEMORY_HOST_VISIBLE, &huge),
        MELD_ERROR_OUT_OF_MEMORY, "more than the host can address");
  MELD_ASSERT_OK(meld_buffer_release(c));
}

TEST_F(CApi, GraphsKeepTheBuffersTheyUseAlive) {
  // Found by fuzz/RuntimeApiFuzzer.cpp: a buffer released after a capture
  // recorded a copy into it was freed, and launching the graph wrote into
  // freed memory (ASan: heap-use-after-free). A graph now holds the
  // buffers its work points into.
  constexpr size_t kBytes = 256;
  meld_buffer_t a, b, c;
  for (meld_buffer_t *buffer : {&a, &b, &c})
    MELD_ASSERT_OK(
        meld_buffer_alloc(device, kBytes, MELD_MEMORY_HOST_VISIBLE, buffer));
  void *pa = nullptr, *pc = nullptr;
  MELD_ASSERT_OK(meld_buffer_host_pointer(a, &pa));
  MELD_ASSERT_OK(meld_buffer_host_pointer(c, &pc));
  for (size_t i = 0; i < kBytes; ++i)
    static_cast<unsigned char *>(pa)[i] = static_cast<unsigned char>(i);

  MELD_ASSERT_OK(meld_stream_begin_capture(stream));
  MELD_ASSERT_OK(meld_buffer_copy(stream, b, a, kBytes));
  MELD_ASSERT_OK(meld_buffer_copy(stream, c, b, kBytes));
  meld_graph_t graph;
  MELD_ASSERT_OK(meld_stream_end_capture(stream, &graph));
  meld_graph_exec_t exec;
  MELD_ASSERT_OK(meld_graph_instantiate(graph, &exec));
  // Every handle goes but the graph exec's.
  for (meld_buffer_t buffer : {a, b, c})
    MELD_ASSERT_OK(meld_buffer_release(buffer));
  MELD_ASSERT_OK(meld_graph_release(graph));
  std::memset(pc, 0, kBytes);
  MELD_ASSERT_OK(meld_graph_exec_launch(exec, stream));
  MELD_ASSERT_OK(meld_stream_synchronize(stream));
  // Both copies ran on memory the graph kept alive.
  for (size_t i = 0; i < kBytes; ++i)
    ASSERT_EQ(static_cast<unsigned char *>(pc)[i], static_cast<unsigned char>(i))
        << "byte " << i;
  MELD_ASSERT_OK(meld_graph_exec_release(exec));
}

TEST_F(CApi, BadBundlesAndArguments) {
  std::string bytes = compile("softmax");
  ASSERT_FALSE(bytes.empty());
  meld_executable_t exe;
  // Corrupt and truncated bundles.
  std::string corrupt = bytes;
  corrupt[corrupt.size() / 2] ^= 1;
  MELD_EXPECT_STATUS(
      meld_executable_load(device, corrupt.data(), corrupt.size(), &exe),
      MELD_ERROR_INVALID_BUNDLE, "checksum");
  MELD_EXPECT_STATUS(meld_executable_load(device, bytes.data(), 20, &exe),
                     MELD_ERROR_INVALID_BUNDLE, "invalid bundle");
  MELD_EXPECT_STATUS(
      meld_executable_load_file(device, "/nonexistent.meldb", &exe),
      MELD_ERROR_NOT_FOUND, "cannot read");
  MELD_ASSERT_OK(
      meld_executable_load(device, bytes.data(), bytes.size(), &exe));

  meld_tensor_t spec;
  MELD_ASSERT_OK(meld_executable_signature(exe, "main", 0, 0, &spec));
  std::vector<int64_t> shape(spec.shape, spec.shape + spec.rank);
  size_t bytesNeeded = 4;
  for (int64_t d : shape)
    bytesNeeded *= d;
  meld_buffer_t in, out, small;
  MELD_ASSERT_OK(
      meld_buffer_alloc(device, bytesNeeded, MELD_MEMORY_DEVICE, &in));
  MELD_ASSERT_OK(
      meld_buffer_alloc(device, bytesNeeded, MELD_MEMORY_DEVICE, &out));
  MELD_ASSERT_OK(meld_buffer_alloc(device, 16, MELD_MEMORY_DEVICE, &small));
  meld_tensor_t x = tensor(in, MELD_F32, shape),
                y = tensor(out, MELD_F32, shape);

  MELD_ASSERT_OK(meld_executable_run(exe, stream, "main", &x, 1, &y, 1));
  MELD_EXPECT_STATUS(meld_executable_run(exe, stream, "nope", &x, 1, &y, 1),
                     MELD_ERROR_NOT_FOUND, "no function 'nope'");
  MELD_EXPECT_STATUS(meld_executable_run(exe, stream, "main", &x, 0, &y, 1),
                     MELD_ERROR_INVALID_ARGUMENT, "takes 1 argument");
  MELD_EXPECT_STATUS(meld_executable_run(exe, stream, "main", &x, 1, &y, 0),
                     MELD_ERROR_INVALID_ARGUMENT, "result(s)");
  meld_tensor_t wrongDtype = tensor(in, MELD_I32, shape);
  MELD_EXPECT_STATUS(
      meld_executable_run(exe, stream, "main", &wrongDtype, 1, &y, 1),
      MELD_ERROR_INVALID_ARGUMENT, "does not match the signature");
  std::vector<int64_t> otherShape = shape;
  otherShape.back() += 1;
  meld_tensor_t wrongShape = tensor(in, MELD_F32, otherShape);
  MELD_EXPECT_STATUS(
      meld_executable_run(exe, stream, "main", &wrongShape, 1, &y, 1),
      MELD_ERROR_INVALID_ARGUMENT, "does not match the signature");
  meld_tensor_t tooSmall = tensor(small, MELD_F32, shape);
  MELD_EXPECT_STATUS(
      meld_executable_run(exe, stream, "main", &tooSmall, 1, &y, 1),
      MELD_ERROR_INVALID_ARGUMENT, "but its buffer has 16");
  meld_tensor_t misaligned = x;
  misaligned.offset = 4;
  MELD_EXPECT_STATUS(
      meld_executable_run(exe, stream, "main", &misaligned, 1, &y, 1),
      MELD_ERROR_INVALID_ARGUMENT, "bytes at offset 4");

  // A released input buffer.
  meld_buffer_t gone;
  MELD_ASSERT_OK(
      meld_buffer_alloc(device, bytesNeeded, MELD_MEMORY_DEVICE, &gone));
  MELD_ASSERT_OK(meld_buffer_release(gone));
  meld_tensor_t freed = tensor(gone, MELD_F32, shape);
  MELD_EXPECT_STATUS(meld_executable_run(exe, stream, "main", &freed, 1, &y, 1),
                     MELD_ERROR_INVALID_HANDLE, "released");

  // Rebinding checks shapes too; raw graphs cannot be rebound.
  meld_graph_exec_t g;
  MELD_ASSERT_OK(
      meld_executable_capture(exe, stream, "main", &x, 1, &y, 1, &g));
  MELD_EXPECT_STATUS(meld_graph_exec_rebind(g, &tooSmall, 1, &y, 1),
                     MELD_ERROR_INVALID_ARGUMENT, "does not fit");
  MELD_ASSERT_OK(meld_graph_exec_release(g));
  for (meld_buffer_t b : {in, out, small})
    MELD_ASSERT_OK(meld_buffer_release(b));
  MELD_ASSERT_OK(meld_executable_release(exe));
  MELD_EXPECT_STATUS(meld_executable_release(exe), MELD_ERROR_INVALID_HANDLE,
                     "released");
}

TEST_F(CApi, NoBinaryForTheDevice) {
  std::string bytes = compile("softmax", {"nvptx"});
  ASSERT_FALSE(bytes.empty());
  meld_executable_t exe;
  MELD_EXPECT_STATUS(
      meld_executable_load(device, bytes.data(), bytes.size(), &exe),
      MELD_ERROR_UNSUPPORTED, "has no binary for device");
}

TEST_F(CApi, CaptureMisuse) {
  std::string bytes = compile("softmax");
  meld_executable_t exe;
  MELD_ASSERT_OK(
      meld_executable_load(device, bytes.data(), bytes.size(), &exe));
  meld_tensor_t spec;
  MELD_ASSERT_OK(meld_executable_signature(exe, nullptr, 0, 0, &spec));
  size_t n = 4;
  for (int i = 0; i < spec.rank; ++i)
    n *= spec.shape[i];
  meld_buffer_t in, out;
  MELD_ASSERT_OK(meld_buffer_alloc(device, n, MELD_MEMORY_DEVICE, &in));
  MELD_ASSERT_OK(meld_buffer_alloc(device, n, MELD_MEMORY_DEVICE, &out));
  spec.buffer = in;
  meld_tensor_t y = spec;
  y.buffer = out;

  meld_graph_t graph;
  MELD_EXPECT_STATUS(meld_stream_end_capture(stream, &graph),
                     MELD_ERROR_CAPTURE, "without a matching begin");
  MELD_ASSERT_OK(meld_stream_begin_capture(stream));
  int capturing = 0;
  MELD_ASSERT_OK(meld_stream_is_capturing(stream, &capturing));
  EXPECT_EQ(capturing, 1);
  MELD_EXPECT_STATUS(meld_stream_begin_capture(stream), MELD_ERROR_CAPTURE,
                     "already capturing");
  MELD_EXPECT_STATUS(meld_stream_synchronize(stream), MELD_ERROR_CAPTURE,
                     "while it captures");
  meld_graph_exec_t g;
  MELD_EXPECT_STATUS(
      meld_executable_capture(exe, stream, nullptr, &spec, 1, &y, 1, &g),
      MELD_ERROR_CAPTURE, "already capturing");
  // Eager runs take pool buffers and may read predicates on the host, so
  // they are not captured; meld_executable_capture is the way.
  MELD_EXPECT_STATUS(meld_executable_run(exe, stream, nullptr, &spec, 1, &y, 1),
                     MELD_ERROR_CAPTURE, "use capture()");
  meld_buffer_t scratch;
  MELD_ASSERT_OK(meld_buffer_alloc(device, n, MELD_MEMORY_DEVICE, &scratch));
  MELD_ASSERT_OK(meld_buffer_copy(stream, scratch, in, n));
  MELD_ASSERT_OK(meld_stream_end_capture(stream, &graph));
  meld_graph_exec_t exec;
  MELD_ASSERT_OK(meld_graph_instantiate(graph, &exec));
  MELD_EXPECT_STATUS(meld_graph_exec_rebind(exec, &spec, 1, &y, 1),
                     MELD_ERROR_UNSUPPORTED, "meld_executable_capture");
  MELD_ASSERT_OK(meld_stream_begin_capture(stream));
  MELD_EXPECT_STATUS(meld_graph_exec_launch(exec, stream), MELD_ERROR_CAPTURE,
                     "capturing");
  MELD_EXPECT_STATUS(meld_stream_release(stream), MELD_ERROR_CAPTURE,
                     "end the capture first");
  meld_graph_t discarded;
  MELD_ASSERT_OK(meld_stream_end_capture(stream, &discarded));
  MELD_ASSERT_OK(meld_graph_release(discarded));
  MELD_ASSERT_OK(meld_graph_exec_launch(exec, stream));
  MELD_ASSERT_OK(meld_stream_synchronize(stream));
  MELD_ASSERT_OK(meld_graph_exec_release(exec));
  MELD_ASSERT_OK(meld_graph_release(graph));
  MELD_ASSERT_OK(meld_buffer_release(in));
  MELD_ASSERT_OK(meld_buffer_release(out));
  MELD_ASSERT_OK(meld_buffer_release(scratch));
  MELD_ASSERT_OK(meld_executable_release(exe));
}

} // namespace
