//===- Backend.cpp - The backend registry and runtime errors
//---------------===//

#include "meld/Runtime/Backend.h"

#include "meld/Reference/HostTensor.h"

#include <map>
#include <mutex>

using namespace meld::runtime;

char StatusError::ID = 0;

meld_status_t meld::runtime::takeStatus(llvm::Error err, std::string &message) {
  meld_status_t code = MELD_OK;
  message.clear();
  llvm::handleAllErrors(
      std::move(err),
      [&](const StatusError &e) {
        if (code == MELD_OK)
          code = e.getCode();
        message += (message.empty() ? "" : "; ") + e.getMessage();
      },
      [&](const llvm::ErrorInfoBase &e) {
        if (code == MELD_OK)
          code = MELD_ERROR_INTERNAL;
        message += (message.empty() ? "" : "; ") + e.message();
      });
  return code;
}

llvm::SmallVector<int64_t, 11> KernelArg::getDescriptor() const {
  llvm::SmallVector<int64_t, 11> d(3 + 2 * shape.size());
  writeDescriptor(d.data());
  return d;
}

void KernelArg::writeDescriptor(int64_t *out) const {
  int64_t p = static_cast<int64_t>(reinterpret_cast<intptr_t>(data));
  size_t rank = shape.size();
  out[0] = out[1] = p;
  out[2] = 0;
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    out[3 + d] = shape[d];
    out[3 + rank + d] = stride;
    stride *= shape[d];
  }
}

Kernel::~Kernel() = default;
Module::~Module() = default;
Event::~Event() = default;
GraphExec::~GraphExec() = default;
Graph::~Graph() = default;
Stream::~Stream() = default;
Device::~Device() = default;
Backend::~Backend() = default;

namespace {
struct Registry {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<Backend>> backends;
  Registry() {
    for (std::shared_ptr<Backend> b :
         {createHostBackend(), createCudaBackend(), createHipBackend()})
      backends[b->getName().str()] = std::move(b);
  }
};
Registry &registry() {
  static Registry r;
  return r;
}
} // namespace

void meld::runtime::registerBackend(std::shared_ptr<Backend> backend) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.backends[backend->getName().str()] = std::move(backend);
}

std::shared_ptr<Backend> meld::runtime::lookupBackend(llvm::StringRef name) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.backends.find(name.str());
  return it == r.backends.end() ? nullptr : it->second;
}

std::vector<std::string> meld::runtime::getBackendNames() {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (auto &[name, b] : r.backends)
    names.push_back(name);
  return names;
}
