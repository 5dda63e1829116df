//===- CompileCache.h - The JIT's compiled-program cache --------*- C++ -*-===//
//
// Two levels: loaded Programs in memory (least recently used dropped
// first), and bundles on disk named by their key. Disk entries are written
// atomically (a unique temporary file renamed into place) and validated on
// read (the bundle checksum, and the key recorded in the bundle's `jit`
// metadata); an entry that fails is removed and rebuilt, never loaded.
// The disk level is bounded in bytes: a write removes the entries used
// longest ago (a hit renews an entry's modification time) until it fits.
// Concurrent requests for one key compile it once.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_JIT_COMPILECACHE_H
#define MELD_LIB_JIT_COMPILECACHE_H

#include "meld/JIT/JIT.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"

#include <list>
#include <mutex>

namespace meld::jit {

/// A cache key: a hash naming the entry, and the full identity it stands
/// for (what the program was compiled as, and its text), compared on every
/// hit so that a hash collision can never hand out another program.
struct CacheKey {
  std::string hash;
  std::string description;
  std::string source;
};

/// What a compile produces and the disk cache stores.
struct CacheEntry {
  /// The bundle, with a `jit` metadata object: cache_key, description,
  /// source, fusion_report.
  std::string bundleBytes;
  std::string fusionReport;
  /// The program text (for the interpreter).
  std::string source;
};

class CompileCache {
public:
  static llvm::Expected<std::unique_ptr<CompileCache>>
  create(size_t memoryEntries, llvm::StringRef directory,
         uint64_t diskBytes = 0);

  /// The key of `source` compiled as `description` says (compiler version,
  /// device, options); the hash is XXH3-128 in hex.
  static CacheKey makeKey(std::string description, std::string source);

  using LoadFn = llvm::function_ref<llvm::Expected<std::shared_ptr<Program>>(
      const CacheEntry &, CacheOutcome)>;
  using CompileFn = llvm::function_ref<llvm::Expected<CacheEntry>()>;

  /// The program for `key`: from memory, else from disk, else compiled
  /// (and stored at both levels).
  llvm::Expected<std::shared_ptr<Program>>
  getOrCreate(const CacheKey &key, LoadFn load, CompileFn compile);

  CacheStats getStats() const;
  void clearMemory();

  /// The disk file of `key` (for tests and tools).
  std::string getDiskPath(llvm::StringRef key) const;

  /// The entry that the bytes of a disk file hold, when they are a valid
  /// bundle recorded for exactly `key`; std::nullopt for anything else.
  static std::optional<CacheEntry> parseEntry(llvm::StringRef bytes,
                                              const CacheKey &key);

private:
  CompileCache(size_t memoryEntries, std::string directory, uint64_t diskBytes)
      : capacity(memoryEntries), directory(std::move(directory)),
        diskBytes(diskBytes) {}

  std::shared_ptr<Program> lookupMemory(const CacheKey &key);
  void insertMemory(const CacheKey &key, std::shared_ptr<Program> program);
  std::optional<CacheEntry> readDisk(const CacheKey &key);
  void writeDisk(llvm::StringRef key, llvm::StringRef bytes);
  void discardDisk(llvm::StringRef key);
  /// Removes the entries used longest ago, other than `kept`, until the
  /// directory's entries fit in diskBytes.
  void trimDisk(llvm::StringRef kept);
  static std::shared_ptr<Program> relabel(const std::shared_ptr<Program> &p,
                                          CacheOutcome outcome);

  size_t capacity;
  std::string directory;
  uint64_t diskBytes;

  mutable std::mutex mutex;
  CacheStats stats;
  struct MemoryEntry {
    CacheKey key;
    std::shared_ptr<Program> program;
  };
  /// Most recently used first.
  std::list<MemoryEntry> lru;
  llvm::StringMap<decltype(lru)::iterator> index;
  /// A lock per key being built, so one thread compiles it.
  llvm::StringMap<std::shared_ptr<std::mutex>> building;
};

} // namespace meld::jit

#endif // MELD_LIB_JIT_COMPILECACHE_H
