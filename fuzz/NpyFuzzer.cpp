//===- NpyFuzzer.cpp - Fuzz the .npy reader -------------------------------===//
//
// Input: a .npy file. parseNpy must return a tensor or an error; a tensor
// it returns must survive serializeNpy and parseNpy unchanged.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "meld/Interpreter/Npy.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes = meld::fuzz::asText(data, size);
  llvm::Expected<meld::ref::HostTensor> tensor = meld::parseNpy(bytes);
  if (!tensor) {
    meld::fuzz::rejected(tensor.takeError());
    return 0;
  }
  std::string written = meld::serializeNpy(*tensor);
  llvm::Expected<meld::ref::HostTensor> again = meld::parseNpy(written);
  if (!again)
    meld::fuzz::reportFinding("a tensor parseNpy returned does not read back: " +
                                  llvm::toString(again.takeError()),
                              bytes);
  if (!again->identical(*tensor))
    meld::fuzz::reportFinding("a tensor changed through serializeNpy/parseNpy",
                              bytes);
  return 0;
}
