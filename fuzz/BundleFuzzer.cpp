//===- BundleFuzzer.cpp - Fuzz the bundle reader and loader ---------------===//
//
// Input: a .meldb file (its checksum recomputed, so that mutations reach
// the parser behind it), or, when the first byte is '{', the metadata JSON
// of a bundle whose binaries are the reference bundle's real code. Either
// is read (Bundle::read), written back and read again (the same metadata),
// and loaded on the host device (runtime::Executable::load, which
// validates the metadata: functions, schedules, shape formulas, kernels,
// and what the JIT linker trusts in the host object: relocations and
// symbols inside their sections). Loading must never crash.
//
// A bundle carries machine code that runs by design: its checksum catches
// corruption, not forgery, and a bundle is trusted like an executable. So
// loaded bundles are not run (docs/testing.md).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "meld/Runtime/Backend.h"
#include "meld/Runtime/Executable.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace meld;

static bool isMetadata(llvm::StringRef input) {
  return input.starts_with("{");
}

static std::string bundleBytes(llvm::StringRef input) {
  if (!isMetadata(input))
    return fuzz::withValidChecksum(input);
  llvm::Expected<llvm::json::Value> metadata = llvm::json::parse(input);
  if (!metadata) {
    fuzz::rejected(metadata.takeError());
    return "";
  }
  llvm::json::Object *object = metadata->getAsObject();
  if (!object)
    return "";
  bundle::Bundle bundle;
  bundle.metadata = std::move(*object);
  bundle.blobs = fuzz::getReferenceBundle().blobs;
  return bundle.toBytes();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::shared_ptr<runtime::Device> device =
      runtime::createHostDevice(/*threads=*/1);
  llvm::StringRef input = fuzz::asText(data, size);
  std::string bytes = bundleBytes(input);
  llvm::Expected<bundle::Bundle> read = bundle::Bundle::read(bytes);
  if (!read) {
    fuzz::rejected(read.takeError());
    return 0;
  }
  std::string again = read->toBytes();
  llvm::Expected<bundle::Bundle> reread = bundle::Bundle::read(again);
  if (!reread)
    fuzz::reportFinding("a bundle that reads does not read back: " +
                            llvm::toString(reread.takeError()),
                        input);
  if (llvm::json::Value(llvm::json::Object(reread->metadata)) !=
          llvm::json::Value(llvm::json::Object(read->metadata)) ||
      reread->blobs != read->blobs)
    fuzz::reportFinding("a bundle changed through write and read", input);

  auto executable = runtime::Executable::load(device, std::move(*read));
  if (!executable) {
    fuzz::rejected(executable.takeError());
    return 0;
  }
  if (std::getenv("MELD_FUZZ_DEBUG"))
    llvm::errs() << "meld-fuzz: loaded " << (*executable)->getFunctions().size()
                 << " functions\n";
  return 0;
}
