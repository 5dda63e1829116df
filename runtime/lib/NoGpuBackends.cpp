//===- NoGpuBackends.cpp - cuda and hip when built without them -----------===//
//
// With -DMELD_RUNTIME_GPU_BACKENDS=OFF the cuda and hip backends still
// exist, so callers get a clear MELD_ERROR_UNAVAILABLE instead of "no such
// backend".
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Backend.h"

using namespace meld::runtime;

namespace {
class UnavailableBackend : public Backend {
public:
  explicit UnavailableBackend(llvm::StringRef name) : name(name) {}
  llvm::StringRef getName() const override { return name; }
  llvm::Expected<int> getDeviceCount() override { return unavailable(); }
  llvm::Expected<std::shared_ptr<Device>> openDevice(int) override {
    return unavailable();
  }

private:
  llvm::Error unavailable() const {
    return makeStatusError(MELD_ERROR_UNAVAILABLE,
                           "the " + name +
                               " backend was not built "
                               "(MELD_RUNTIME_GPU_BACKENDS=OFF)");
  }
  std::string name;
};
} // namespace

std::shared_ptr<Backend> meld::runtime::createCudaBackend() {
  return std::make_shared<UnavailableBackend>("cuda");
}
std::shared_ptr<Backend> meld::runtime::createHipBackend() {
  return std::make_shared<UnavailableBackend>("hip");
}
