//===- HostExecutable.cpp - Run bundles on the host CPU -------------------===//
//
// Host tensors are wrapped as buffers of the executable's host device (no
// copies) and results share the pool buffers they were computed in.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/HostExecutable.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace meld;
using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using ref::ElementKind;

static constexpr size_t kAlignment = 64;

static std::shared_ptr<void> allocateStorage(size_t bytes) {
  size_t size =
      std::max(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
  void *p = std::aligned_alloc(kAlignment, size);
  if (!p)
    llvm::report_bad_alloc_error("meld runtime: out of host memory");
  // MELD_POISON_BUFFERS=1: every buffer starts as all-ones bytes (NaNs,
  // -1s), so that code reading an element it never wrote shows in its
  // results (fresh pages are zeros, which a zero-initialized sum would
  // have read anyway). For tests and debugging.
  static const bool poison = [] {
    const char *value = std::getenv("MELD_POISON_BUFFERS");
    return value && *value && StringRef(value) != "0";
  }();
  if (poison)
    std::memset(p, 0xff, size);
  return std::shared_ptr<void>(p, std::free);
}

Tensor::Tensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape),
      bytes(static_cast<size_t>(ref::numElements(shape)) *
            ref::storageBytes(kind)),
      storage(allocateStorage(bytes)) {}

Tensor Tensor::fromHost(const ref::HostTensor &tensor) {
  Tensor out(tensor.getKind(), tensor.getShape());
  std::string raw = ref::encodeRaw(tensor);
  std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

ref::HostTensor Tensor::toHost() const {
  return ref::decodeRaw(kind, shape,
                        StringRef(static_cast<const char *>(data()), bytes));
}

class HostExecutable::Impl {
public:
  std::shared_ptr<Device> device;
  std::unique_ptr<Executable> executable;
  std::unique_ptr<Stream> stream;
  std::mutex mutex;
  RunStats stats;
};

HostExecutable::HostExecutable(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
HostExecutable::~HostExecutable() = default;

const std::vector<FunctionSignature> &HostExecutable::getFunctions() const {
  return impl->executable->getFunctions();
}

const RunStats &HostExecutable::getLastRunStats() const { return impl->stats; }

Expected<std::vector<Tensor>> HostExecutable::run(StringRef function,
                                                  llvm::ArrayRef<Tensor> args) {
  std::vector<TensorRef> inputs;
  for (const Tensor &t : args) {
    TensorRef r;
    r.kind = t.getKind();
    r.shape.assign(t.getShape().begin(), t.getShape().end());
    if (t.data())
      r.buffer = Buffer::wrap(impl->device, t.data(), t.sizeInBytes(),
                              t.storage);
    inputs.push_back(std::move(r));
  }
  std::lock_guard<std::mutex> lock(impl->mutex);
  Expected<std::vector<TensorRef>> results =
      impl->executable->run(*impl->stream, function, inputs);
  if (!results)
    return results.takeError();
  impl->stats = impl->executable->getLastRunStats();
  std::vector<Tensor> out;
  for (TensorRef &r : *results) {
    Tensor t;
    t.kind = r.kind;
    t.shape.assign(r.shape.begin(), r.shape.end());
    t.bytes = r.sizeInBytes();
    void *data = r.data();
    t.storage = std::shared_ptr<void>(r.buffer, data);
    out.push_back(std::move(t));
  }
  return out;
}

Expected<std::vector<ref::HostTensor>>
HostExecutable::run(StringRef function, llvm::ArrayRef<ref::HostTensor> args) {
  std::vector<Tensor> in;
  for (const ref::HostTensor &t : args)
    in.push_back(Tensor::fromHost(t));
  Expected<std::vector<Tensor>> out = run(function, in);
  if (!out)
    return out.takeError();
  std::vector<ref::HostTensor> results;
  for (const Tensor &t : *out)
    results.push_back(t.toHost());
  return results;
}

Expected<std::unique_ptr<HostExecutable>>
HostExecutable::load(bundle::Bundle bundle, HostOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->device = createHostDevice(options.threads);
  ExecutableOptions exeOptions;
  exeOptions.maxWhileIterations = options.maxWhileIterations;
  Expected<std::unique_ptr<Executable>> exe =
      Executable::load(impl->device, std::move(bundle), exeOptions);
  if (!exe)
    return exe.takeError();
  impl->executable = std::move(*exe);
  Expected<std::unique_ptr<Stream>> stream = impl->device->createStream();
  if (!stream)
    return stream.takeError();
  impl->stream = std::move(*stream);
  return std::unique_ptr<HostExecutable>(new HostExecutable(std::move(impl)));
}
