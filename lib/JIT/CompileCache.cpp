//===- CompileCache.cpp - The JIT's compiled-program cache ----------------===//

#include "CompileCache.h"

#include "meld/Bundle/Bundle.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>
#include <cstring>

using namespace meld;
using namespace meld::jit;

llvm::Expected<std::unique_ptr<CompileCache>>
CompileCache::create(size_t memoryEntries, llvm::StringRef directory,
                     uint64_t diskBytes) {
  if (!directory.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(directory))
      return runtime::makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                                      "cannot create the cache directory '" +
                                          directory + "': " + ec.message());
  return std::unique_ptr<CompileCache>(
      new CompileCache(memoryEntries, directory.str(), diskBytes));
}

CacheKey CompileCache::makeKey(std::string description, std::string source) {
  // The description's length first, so no two pairs hash the same text.
  std::string text = std::to_string(description.size()) + ":" + description;
  text += source;
  llvm::XXH128_hash_t hash =
      llvm::xxh3_128bits(llvm::arrayRefFromStringRef(text));
  uint64_t words[2] = {hash.high64, hash.low64};
  std::string hex;
  for (uint64_t w : words)
    hex += llvm::utohexstr(w, /*LowerCase=*/true, /*Width=*/16);
  return CacheKey{std::move(hex), std::move(description), std::move(source)};
}

static bool sameIdentity(const CacheKey &a, const CacheKey &b) {
  return a.hash == b.hash && a.description == b.description &&
         a.source == b.source;
}

std::string CompileCache::getDiskPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory);
  llvm::sys::path::append(path, key + ".meldb");
  return std::string(path);
}

std::shared_ptr<Program>
CompileCache::relabel(const std::shared_ptr<Program> &p, CacheOutcome outcome) {
  return std::shared_ptr<Program>(new Program(p->impl, outcome));
}

std::shared_ptr<Program> CompileCache::lookupMemory(const CacheKey &key) {
  auto it = index.find(key.hash);
  if (it == index.end() || !sameIdentity(it->second->key, key))
    return nullptr;
  lru.splice(lru.begin(), lru, it->second);
  return it->second->program;
}

void CompileCache::insertMemory(const CacheKey &key,
                                std::shared_ptr<Program> program) {
  if (!capacity || index.count(key.hash))
    return;
  lru.push_front(MemoryEntry{key, std::move(program)});
  index[key.hash] = lru.begin();
  while (lru.size() > capacity) {
    index.erase(lru.back().key.hash);
    lru.pop_back();
  }
}

void CompileCache::clearMemory() {
  std::lock_guard<std::mutex> lock(mutex);
  index.clear();
  lru.clear();
}

CacheStats CompileCache::getStats() const {
  std::lock_guard<std::mutex> lock(mutex);
  return stats;
}

void CompileCache::discardDisk(llvm::StringRef key) {
  (void)llvm::sys::fs::remove(getDiskPath(key));
  std::lock_guard<std::mutex> lock(mutex);
  ++stats.diskRejected;
}

std::optional<CacheEntry> CompileCache::readDisk(const CacheKey &key) {
  std::string path = getDiskPath(key.hash);
  if (!llvm::sys::fs::exists(path))
    return std::nullopt;
  // Read, not mapped (IsVolatile): another process may truncate or rewrite
  // the entry while it is read, and a mapped page past the new end of the
  // file is a SIGBUS (test_concurrency's corrupter killed a worker so).
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false,
                                          /*IsVolatile=*/true);
  if (!file) {
    discardDisk(key.hash);
    return std::nullopt;
  }
  std::optional<CacheEntry> entry = parseEntry((*file)->getBuffer(), key);
  if (!entry) {
    discardDisk(key.hash);
    return entry;
  }
  // Used now: the last entry that trimDisk removes.
  int fd;
  if (!llvm::sys::fs::openFileForReadWrite(
          path, fd, llvm::sys::fs::CD_OpenExisting, llvm::sys::fs::OF_None)) {
    (void)llvm::sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::time_point_cast<std::chrono::nanoseconds>(
                std::chrono::system_clock::now()));
    (void)llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  }
  return entry;
}

void CompileCache::trimDisk(llvm::StringRef kept) {
  struct File {
    std::string path;
    uint64_t size;
    llvm::sys::TimePoint<> used;
  };
  std::vector<File> files;
  uint64_t total = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(directory, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(it->path(), status))
      continue;
    // A temporary file an hour old is a writer's that died: it goes.
    // (Younger ones are another writer's, left alone.)
    if (name.contains(".meldb.tmp-")) {
      if (status.getLastModificationTime() <
          std::chrono::system_clock::now() - std::chrono::hours(1))
        (void)llvm::sys::fs::remove(it->path());
      continue;
    }
    if (!name.ends_with(".meldb"))
      continue;
    total += status.getSize();
    if (name.drop_back(strlen(".meldb")) != kept)
      files.push_back(
          {it->path(), status.getSize(), status.getLastModificationTime()});
  }
  if (total <= diskBytes)
    return;
  llvm::sort(files, [](const File &a, const File &b) {
    return a.used < b.used || (a.used == b.used && a.path < b.path);
  });
  int64_t removed = 0;
  for (const File &file : files) {
    if (total <= diskBytes)
      break;
    // (another process may have removed or renewed it: it no longer counts)
    if (!llvm::sys::fs::remove(file.path, /*IgnoreNonExisting=*/false))
      ++removed;
    total -= file.size;
  }
  std::lock_guard<std::mutex> lock(mutex);
  stats.diskEvicted += removed;
}

std::optional<CacheEntry> CompileCache::parseEntry(llvm::StringRef bytes,
                                                   const CacheKey &key) {
  // Bundle::read checks magic, version, sizes and the checksum.
  auto bundle = bundle::Bundle::read(bytes);
  if (!bundle) {
    llvm::consumeError(bundle.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *jit = bundle->metadata.getObject("jit");
  auto field = [&](llvm::StringRef name) {
    return jit ? jit->getString(name) : std::nullopt;
  };
  std::optional<llvm::StringRef> recordedKey = field("cache_key"),
                                 description = field("description"),
                                 source = field("source"),
                                 report = field("fusion_report");
  if (!recordedKey || *recordedKey != key.hash || !description ||
      *description != key.description || !source || *source != key.source ||
      !report)
    return std::nullopt;
  CacheEntry entry;
  entry.bundleBytes = bytes.str();
  entry.source = source->str();
  entry.fusionReport = report->str();
  return entry;
}

void CompileCache::writeDisk(llvm::StringRef key, llvm::StringRef bytes) {
  // Write a unique temporary file, then rename it into place: readers see
  // the whole entry or none, even with several processes writing.
  int fd;
  llvm::SmallString<256> temp;
  if (llvm::sys::fs::createUniqueFile(getDiskPath(key) + ".tmp-%%%%%%%%", fd,
                                      temp))
    return;
  bool ok;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
    os.close();
    ok = !os.has_error();
    if (!ok)
      os.clear_error();
  }
  if (!ok || llvm::sys::fs::rename(temp, getDiskPath(key))) {
    (void)llvm::sys::fs::remove(temp);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    ++stats.diskWrites;
  }
  if (diskBytes)
    trimDisk(key);
}

llvm::Expected<std::shared_ptr<Program>>
CompileCache::getOrCreate(const CacheKey &key, LoadFn load, CompileFn compile) {
  std::shared_ptr<std::mutex> keyLock;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (std::shared_ptr<Program> hit = lookupMemory(key)) {
      ++stats.memoryHits;
      return relabel(hit, CacheOutcome::MemoryHit);
    }
    std::shared_ptr<std::mutex> &slot = building[key.hash];
    if (!slot)
      slot = std::make_shared<std::mutex>();
    keyLock = slot;
  }
  std::lock_guard<std::mutex> building(*keyLock);
  llvm::scope_exit forget([&] {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = this->building.find(key.hash);
    // Nobody else waits when only the map and this thread hold it.
    if (it != this->building.end() && it->second.use_count() <= 2)
      this->building.erase(it);
  });
  {
    // Another thread may have built it while this one waited.
    std::lock_guard<std::mutex> lock(mutex);
    if (std::shared_ptr<Program> hit = lookupMemory(key)) {
      ++stats.memoryHits;
      return relabel(hit, CacheOutcome::MemoryHit);
    }
  }
  auto remember = [&](std::shared_ptr<Program> program, int64_t &counter) {
    std::lock_guard<std::mutex> lock(mutex);
    ++counter;
    insertMemory(key, program);
    return program;
  };
  if (!directory.empty()) {
    if (std::optional<CacheEntry> entry = readDisk(key)) {
      llvm::Expected<std::shared_ptr<Program>> program =
          load(*entry, CacheOutcome::DiskHit);
      if (program)
        return remember(std::move(*program), stats.diskHits);
      // A valid bundle this device cannot load is not this key's program.
      llvm::consumeError(program.takeError());
      discardDisk(key.hash);
    }
  }
  llvm::Expected<CacheEntry> entry = compile();
  if (!entry)
    return entry.takeError();
  llvm::Expected<std::shared_ptr<Program>> program =
      load(*entry, CacheOutcome::Compiled);
  if (!program)
    return program.takeError();
  if (!directory.empty())
    writeDisk(key.hash, entry->bundleBytes);
  return remember(std::move(*program), stats.compiles);
}
