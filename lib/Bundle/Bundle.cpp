//===- Bundle.cpp - The .meldb container ----------------------------------===//
//
// Layout (all integers little-endian):
//   magic[8] "MELDBNDL" | u32 version | u32 blob count | u64 metadata size
//   | u64 checksum | metadata (UTF-8 JSON) | per blob: u64 size, bytes
// The checksum is xxh3-64 of everything after the header.
//
//===----------------------------------------------------------------------===//

#include "meld/Bundle/Bundle.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"

#include <cstring>
#include <optional>

using namespace meld::bundle;
using llvm::Expected;
using llvm::StringRef;

static constexpr size_t kHeaderSize = 8 + 4 + 4 + 8 + 8;

static llvm::Error bundleError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "invalid bundle: " + message);
}

bool meld::bundle::looksLikeBundle(StringRef bytes) {
  return bytes.size() >= sizeof(kMagic) &&
         std::memcmp(bytes.data(), kMagic, sizeof(kMagic)) == 0;
}

std::string Bundle::toBytes() const {
  std::string body;
  llvm::raw_string_ostream bodyStream(body);
  std::string json;
  llvm::raw_string_ostream jsonStream(json);
  jsonStream << llvm::json::Value(llvm::json::Object(metadata));
  bodyStream << json;
  for (const std::string &blob : blobs) {
    char size[8];
    llvm::support::endian::write64le(size, blob.size());
    bodyStream.write(size, 8);
    bodyStream << blob;
  }
  std::string out(kHeaderSize, '\0');
  std::memcpy(out.data(), kMagic, 8);
  llvm::support::endian::write32le(out.data() + 8, kVersion);
  llvm::support::endian::write32le(out.data() + 12, blobs.size());
  llvm::support::endian::write64le(out.data() + 16, json.size());
  llvm::support::endian::write64le(
      out.data() + 24,
      llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(body.data()), body.size())));
  return out + body;
}

void Bundle::write(llvm::raw_ostream &os) const { os << toBytes(); }

/// Deeper JSON than any compiler-written schedule (three levels per nested
/// meld.if / meld.while body, so about 800 at the default nesting limit of
/// docs/limits.md), and shallow enough that llvm::json::parse and the
/// runtime's schedule reader, which recurse, stay far from the end of the
/// stack (100,000 levels overflowed it).
static constexpr size_t kMaxMetadataNesting = 4096;

/// The offset of the first bracket nested deeper than kMaxMetadataNesting,
/// outside strings.
static std::optional<size_t> findTooDeepNesting(StringRef json) {
  size_t depth = 0;
  bool inString = false;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxMetadataNesting)
        return i;
    } else if ((c == ']' || c == '}') && depth) {
      --depth;
    }
  }
  return std::nullopt;
}

Expected<Bundle> Bundle::read(StringRef bytes) {
  if (bytes.size() < kHeaderSize)
    return bundleError("truncated header (" + llvm::Twine(bytes.size()) +
                       " bytes, need " + llvm::Twine(kHeaderSize) + ")");
  if (!looksLikeBundle(bytes))
    return bundleError("bad magic (not a .meldb file)");
  const char *p = bytes.data();
  uint32_t version = llvm::support::endian::read32le(p + 8);
  if (version != kVersion)
    return bundleError("format version " + llvm::Twine(version) +
                       " is not supported (this reader understands " +
                       llvm::Twine(kVersion) + ")");
  uint32_t numBlobs = llvm::support::endian::read32le(p + 12);
  uint64_t jsonSize = llvm::support::endian::read64le(p + 16);
  uint64_t checksum = llvm::support::endian::read64le(p + 24);
  StringRef body = bytes.drop_front(kHeaderSize);
  uint64_t actual = llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(body.data()), body.size()));
  if (jsonSize > body.size())
    return bundleError("truncated metadata");
  if (actual != checksum)
    return bundleError("checksum mismatch (the file is corrupt or truncated)");

  StringRef metadata = body.take_front(jsonSize);
  if (std::optional<size_t> offset = findTooDeepNesting(metadata))
    return bundleError("metadata nests deeper than " +
                       llvm::Twine(kMaxMetadataNesting) + " levels (at byte " +
                       llvm::Twine(*offset) + ")");
  Bundle bundle;
  Expected<llvm::json::Value> json = llvm::json::parse(metadata);
  if (!json)
    return bundleError("metadata is not JSON: " +
                       llvm::toString(json.takeError()));
  llvm::json::Object *object = json->getAsObject();
  if (!object)
    return bundleError("metadata is not a JSON object");
  bundle.metadata = std::move(*object);
  StringRef rest = body.drop_front(jsonSize);
  for (uint32_t i = 0; i < numBlobs; ++i) {
    if (rest.size() < 8)
      return bundleError("truncated blob table at blob " + llvm::Twine(i));
    uint64_t size = llvm::support::endian::read64le(rest.data());
    rest = rest.drop_front(8);
    if (size > rest.size())
      return bundleError("truncated blob " + llvm::Twine(i));
    bundle.blobs.push_back(rest.take_front(size).str());
    rest = rest.drop_front(size);
  }
  if (!rest.empty())
    return bundleError(llvm::Twine(rest.size()) + " trailing bytes");
  return bundle;
}

Expected<Bundle> Bundle::readFile(StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer)
    return llvm::createStringError(buffer.getError(),
                                   "cannot read '" + path +
                                       "': " + buffer.getError().message());
  return read((*buffer)->getBuffer());
}
