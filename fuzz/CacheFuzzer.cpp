//===- CacheFuzzer.cpp - Fuzz the JIT's on-disk cache reader --------------===//
//
// Input: the bytes of a disk cache entry (checksum recomputed). The reader
// (CompileCache::parseEntry) must accept it only as a valid bundle whose
// `jit` metadata records exactly the key asked for, and an accepted entry
// is loaded on the host device the way a disk hit is (not run: see
// BundleFuzzer.cpp).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "../lib/JIT/CompileCache.h"
#include "meld/Runtime/Backend.h"
#include "meld/Runtime/Executable.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace meld;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::shared_ptr<runtime::Device> device =
      runtime::createHostDevice(/*threads=*/1);
  // The key the seed corpus's entries record (fuzz/corpus/cache).
  static const jit::CacheKey key{"00112233445566778899aabbccddeeff",
                                 "fuzz description",
                                 "func.func @main() {\n  return\n}\n"};
  llvm::StringRef input = fuzz::asText(data, size);
  std::string bytes = fuzz::withValidChecksum(input);
  std::optional<jit::CacheEntry> entry = jit::CompileCache::parseEntry(bytes, key);
  if (!entry) {
    fuzz::rejected(llvm::createStringError("not an entry for the key"));
    return 0;
  }
  if (entry->source != key.source)
    fuzz::reportFinding("an entry for another program was accepted", input);
  llvm::Expected<bundle::Bundle> read = bundle::Bundle::read(entry->bundleBytes);
  if (!read)
    fuzz::reportFinding("an accepted entry is not a bundle", input);
  auto executable = runtime::Executable::load(device, std::move(*read));
  if (!executable)
    fuzz::rejected(executable.takeError());
  else if (std::getenv("MELD_FUZZ_DEBUG"))
    llvm::errs() << "meld-fuzz: loaded the entry\n";
  return 0;
}
