//===- CudaBackendStub.cpp - The cuda backend without the CUDA headers ----===//
//
// Built instead of CudaBackend.cpp when cuda.h was not found at configure
// time (see sources.cmake): the backend exists, so callers get a clear
// MELD_ERROR_UNAVAILABLE instead of "no such backend".
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Backend.h"

using namespace meld::runtime;

namespace {
class UnavailableCudaBackend : public Backend {
public:
  llvm::StringRef getName() const override { return "cuda"; }
  llvm::Expected<int> getDeviceCount() override { return unavailable(); }
  llvm::Expected<std::shared_ptr<Device>> openDevice(int) override {
    return unavailable();
  }

private:
  static llvm::Error unavailable() {
    return makeStatusError(
        MELD_ERROR_UNAVAILABLE,
        "the cuda backend was built without the CUDA headers (cuda.h was "
        "not found at configure time; set MELD_CUDA_INCLUDE_DIR)");
  }
};
} // namespace

std::shared_ptr<Backend> meld::runtime::createCudaBackend() {
  return std::make_shared<UnavailableCudaBackend>();
}
