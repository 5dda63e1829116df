//===- HostTuning.cpp - Host GEMM tiles measured per CPU ------------------===//

#include "meld/Codegen/Host/HostTuning.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>

using namespace meld::codegen;
namespace json = llvm::json;

std::string meld::codegen::defaultHostTuningPath() {
  if (std::optional<std::string> path =
          llvm::sys::Process::GetEnv("MELD_HOST_TUNING"))
    return *path;
  llvm::SmallString<256> dir;
  if (std::optional<std::string> cache =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME");
      cache && !cache->empty())
    dir = *cache;
  else if (std::optional<std::string> home =
               llvm::sys::Process::GetEnv("HOME");
           home && !home->empty())
    llvm::sys::path::append(dir, *home, ".cache");
  else
    return "";
  llvm::sys::path::append(dir, "meld", "host-tuning.json");
  return std::string(dir);
}

std::optional<std::string>
meld::codegen::validateGemmTiles(const HostGemmTiles &tiles,
                                 const HostTarget &target) {
  int64_t lanes = target.f32Lanes();
  if (tiles.tileRows < 1 || tiles.tileRows > 16)
    return "tile_rows must be 1 to 16";
  if (tiles.tileCols < lanes || tiles.tileCols > 8 * lanes ||
      tiles.tileCols % lanes != 0)
    return "tile_cols must be a multiple of " + std::to_string(lanes) +
           " up to " + std::to_string(8 * lanes);
  if (tiles.kBlock < 16 || tiles.kBlock > 1024)
    return "k_block must be 16 to 1024";
  if (tiles.blockRows < tiles.tileRows || tiles.blockRows > 1024 ||
      tiles.blockRows % tiles.tileRows != 0)
    return "block_rows must be a multiple of tile_rows up to 1024";
  return std::nullopt;
}

/// The table at `path`, or an error saying why it is not usable.
static llvm::Expected<json::Value> readTable(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(file.getError(), "cannot read it: " +
                                                        file.getError().message());
  llvm::Expected<json::Value> table = json::parse((*file)->getBuffer());
  if (!table)
    return llvm::createStringError("not valid JSON: " +
                                   llvm::toString(table.takeError()));
  const json::Object *o = table->getAsObject();
  if (!o || o->getString("format") != "meld-host-tuning")
    return llvm::createStringError("not a meld host tuning table");
  std::optional<int64_t> version = o->getInteger("version");
  if (version != kHostTuningVersion)
    return llvm::createStringError(
        "version " + (version ? std::to_string(*version) : "missing") +
        ", this build reads version " + std::to_string(kHostTuningVersion));
  if (!o->getArray("entries"))
    return llvm::createStringError("no \"entries\" list");
  return table;
}

/// readTable through a cache of the tables read, by path, while the file's
/// size and modification time stay the same: a compile looks a table up
/// for its tiles and its launch costs, both in the cache key and in the
/// pipeline (it had been read and parsed four times per compile).
static llvm::Expected<json::Value> readTableCached(llvm::StringRef path) {
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status))
    return readTable(path); // (its error)
  struct Read {
    llvm::sys::TimePoint<> modified;
    uint64_t size;
    json::Value table;
  };
  static std::mutex mutex;
  static llvm::StringMap<Read> tables;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = tables.find(path);
  if (it != tables.end() &&
      it->second.modified == status.getLastModificationTime() &&
      it->second.size == status.getSize())
    return it->second.table;
  llvm::Expected<json::Value> table = readTable(path);
  if (!table) {
    tables.erase(path);
    return table.takeError();
  }
  tables.insert_or_assign(
      path, Read{status.getLastModificationTime(), status.getSize(), *table});
  return table;
}

static bool matches(const json::Object &entry, const HostTarget &target) {
  return entry.getString("cpu") == target.cpu &&
         entry.getString("isa") == hostIsaName(target.isa);
}

/// The entry of the table at `path` ("" for the default one) for
/// `target`'s CPU and ISA; nothing when there is no table or entry (a
/// missing default table is silent), and a warning through `warn` when the
/// table is not usable. `file` receives the table's path.
static std::optional<json::Object>
findEntry(const HostTarget &target, llvm::StringRef path,
          const std::function<void(const std::string &)> &warn,
          std::string &file) {
  bool named = !path.empty();
  file = named ? path.str() : defaultHostTuningPath();
  // "none" (here or in $MELD_HOST_TUNING): no table.
  if (file.empty() || file == "none" ||
      (!named && !llvm::sys::fs::exists(file)))
    return std::nullopt;
  llvm::Expected<json::Value> table = readTableCached(file);
  if (!table) {
    if (warn)
      warn("ignoring host tuning table '" + file +
           "': " + llvm::toString(table.takeError()));
    return std::nullopt;
  }
  for (const json::Value &e : *table->getAsObject()->getArray("entries"))
    if (const json::Object *entry = e.getAsObject();
        entry && matches(*entry, target))
      return *entry;
  return std::nullopt;
}

HostGemmTiles meld::codegen::resolveGemmTiles(
    const HostTarget &target, llvm::StringRef path,
    const std::function<void(const std::string &)> &warn) {
  HostGemmTiles heuristic = defaultGemmTiles(target);
  std::string file;
  std::optional<json::Object> entry = findEntry(target, path, warn, file);
  if (!entry)
    return heuristic;
  auto ignore = [&](const std::string &why) {
    if (warn)
      warn("ignoring host tuning table '" + file + "': " + why);
    return heuristic;
  };
  const json::Object *gemm = entry->getObject("gemm");
  if (!gemm)
    return ignore("the entry for " + target.cpu + " has no \"gemm\" object");
  HostGemmTiles tiles;
  std::optional<int64_t> rows = gemm->getInteger("tile_rows"),
                         cols = gemm->getInteger("tile_cols"),
                         kBlock = gemm->getInteger("k_block"),
                         blockRows = gemm->getInteger("block_rows");
  if (!rows || !cols || !kBlock || !blockRows)
    return ignore("the entry for " + target.cpu +
                  " lacks tile_rows, tile_cols, k_block or block_rows");
  tiles.tileRows = *rows;
  tiles.tileCols = *cols;
  tiles.kBlock = *kBlock;
  tiles.blockRows = *blockRows;
  if (std::optional<std::string> invalid = validateGemmTiles(tiles, target))
    return ignore("the entry for " + target.cpu + ": " + *invalid);
  tiles.source = file;
  return tiles;
}

meld::LaunchCosts
meld::codegen::defaultLaunchCosts(const HostTarget &target) {
  LaunchCosts costs;
  costs.launchNs = 450;
  costs.shareNs = 1200;
  costs.bytesPerUs = 85000;
  costs.threads = std::max<int64_t>(1, target.threads);
  costs.blockElements = 16384;
  return costs;
}

std::optional<std::string>
meld::codegen::validateLaunchCosts(const LaunchCosts &costs) {
  if (costs.launchNs < 0 || costs.launchNs > 1000000 || costs.shareNs < 0 ||
      costs.shareNs > 1000000)
    return "launch_ns and share_ns must be 0 to 1000000";
  if (costs.bytesPerUs < 1 || costs.bytesPerUs > 1000000000)
    return "bytes_per_us must be 1 to 1000000000";
  return std::nullopt;
}

meld::LaunchCosts meld::codegen::resolveLaunchCosts(
    const HostTarget &target, llvm::StringRef path,
    const std::function<void(const std::string &)> &warn,
    std::string *source) {
  LaunchCosts defaults = defaultLaunchCosts(target);
  if (source)
    *source = "heuristic";
  std::string file;
  // A table that is not usable at all was warned of by resolveGemmTiles,
  // which every compile calls too.
  std::optional<json::Object> entry = findEntry(target, path, {}, file);
  // An entry of a table written before launches were measured has none.
  const json::Object *launch = entry ? entry->getObject("launch") : nullptr;
  if (!launch)
    return defaults;
  LaunchCosts costs = defaults;
  std::optional<int64_t> launchNs = launch->getInteger("launch_ns"),
                         shareNs = launch->getInteger("share_ns"),
                         bytesPerUs = launch->getInteger("bytes_per_us");
  std::optional<std::string> invalid;
  if (!launchNs || !shareNs || !bytesPerUs) {
    invalid = "lacks launch_ns, share_ns or bytes_per_us";
  } else {
    costs.launchNs = *launchNs;
    costs.shareNs = *shareNs;
    costs.bytesPerUs = *bytesPerUs;
    invalid = validateLaunchCosts(costs);
  }
  if (invalid) {
    if (warn)
      warn("ignoring the launch costs of host tuning table '" + file +
           "': the entry for " + target.cpu + " " + *invalid);
    return defaults;
  }
  if (source)
    *source = file;
  return costs;
}

meld::LaunchCosts meld::codegen::hostLaunchCosts(
    const HostTarget &target, llvm::StringRef path,
    const std::optional<LaunchCosts> &given,
    const std::function<void(const std::string &)> &warn,
    std::string *source) {
  if (source)
    *source = "heuristic";
  LaunchCosts costs = path == "none"
                          ? defaultLaunchCosts(target)
                          : resolveLaunchCosts(target, path, warn, source);
  if (given) {
    costs.launchNs = given->launchNs;
    costs.shareNs = given->shareNs;
    costs.bytesPerUs = given->bytesPerUs;
    if (source)
      *source = "given";
  }
  return costs;
}

llvm::Error meld::codegen::writeGemmTiles(llvm::StringRef path,
                                          const HostTarget &target,
                                          const HostGemmTiles &tiles,
                                          json::Object measured,
                                          const LaunchCosts *launch) {
  json::Array entries;
  if (llvm::sys::fs::exists(path)) {
    // Keep the other machines' entries of a valid table; an invalid one is
    // replaced.
    if (llvm::Expected<json::Value> table = readTable(path)) {
      for (json::Value &e : *table->getAsObject()->getArray("entries"))
        if (const json::Object *entry = e.getAsObject();
            entry && !matches(*entry, target))
          entries.push_back(std::move(e));
    } else {
      llvm::consumeError(table.takeError());
    }
  }
  json::Object entry{
      {"cpu", target.cpu},
      {"isa", hostIsaName(target.isa)},
      {"gemm", json::Object{{"tile_rows", tiles.tileRows},
                            {"tile_cols", tiles.tileCols},
                            {"k_block", tiles.kBlock},
                            {"block_rows", tiles.blockRows}}},
      {"measured", std::move(measured)}};
  if (launch)
    entry["launch"] = json::Object{{"launch_ns", launch->launchNs},
                                   {"share_ns", launch->shareNs},
                                   {"bytes_per_us", launch->bytesPerUs}};
  entries.push_back(std::move(entry));
  json::Value table = json::Object{{"format", "meld-host-tuning"},
                                   {"version", kHostTuningVersion},
                                   {"entries", std::move(entries)}};
  llvm::SmallString<256> dir(path);
  llvm::sys::path::remove_filename(dir);
  if (!dir.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(dir))
      return llvm::createStringError(ec, "cannot create " + std::string(dir));
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return llvm::createStringError(ec, "cannot write " + path.str());
  os << llvm::formatv("{0:2}", table) << "\n";
  return llvm::Error::success();
}
