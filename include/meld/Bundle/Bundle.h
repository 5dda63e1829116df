//===- Bundle.h - The .meldb container --------------------------*- C++ -*-===//
//
// One file holding a compiled program: JSON metadata (kernels, their
// argument and shape formulas, the schedule, constants) and binary blobs
// (per-target code, constant data). docs/bundle-format.md is the
// specification; this is its only reader and writer.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_BUNDLE_BUNDLE_H
#define MELD_BUNDLE_BUNDLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace meld::bundle {

/// Current format version; readers reject any other. Version 2: host kernel
/// entry points return a status; version 3: GPU kernels take a status cell
/// (docs/bundle-format.md).
inline constexpr uint32_t kVersion = 3;
/// The first eight bytes of every bundle.
inline constexpr char kMagic[8] = {'M', 'E', 'L', 'D', 'B', 'N', 'D', 'L'};

struct Bundle {
  /// The metadata object (see docs/bundle-format.md).
  llvm::json::Object metadata;
  /// Binary payloads; metadata refers to them by index.
  std::vector<std::string> blobs;

  /// Appends a blob and returns its index.
  int64_t addBlob(std::string bytes) {
    blobs.push_back(std::move(bytes));
    return static_cast<int64_t>(blobs.size()) - 1;
  }

  /// Serializes the bundle (header, metadata, blobs, checksum).
  void write(llvm::raw_ostream &os) const;
  std::string toBytes() const;

  /// Parses and validates `bytes`: magic, version, sizes, checksum, and that
  /// the metadata is a JSON object. Errors name what is wrong.
  static llvm::Expected<Bundle> read(llvm::StringRef bytes);
  static llvm::Expected<Bundle> readFile(llvm::StringRef path);
};

/// True when `bytes` start with the bundle magic.
bool looksLikeBundle(llvm::StringRef bytes);

} // namespace meld::bundle

#endif // MELD_BUNDLE_BUNDLE_H
