//===- HostTuning.cpp - Host GEMM tiles measured per CPU ------------------===//

#include "meld/Codegen/Host/HostTuning.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

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

static bool matches(const json::Object &entry, const HostTarget &target) {
  return entry.getString("cpu") == target.cpu &&
         entry.getString("isa") == hostIsaName(target.isa);
}

HostGemmTiles meld::codegen::resolveGemmTiles(
    const HostTarget &target, llvm::StringRef path,
    const std::function<void(const std::string &)> &warn) {
  HostGemmTiles heuristic = defaultGemmTiles(target);
  bool named = !path.empty();
  std::string file = named ? path.str() : defaultHostTuningPath();
  // "none" (here or in $MELD_HOST_TUNING): the heuristic.
  if (file.empty() || file == "none" ||
      (!named && !llvm::sys::fs::exists(file)))
    return heuristic;
  auto ignore = [&](const std::string &why) {
    if (warn)
      warn("ignoring host tuning table '" + file + "': " + why);
    return heuristic;
  };
  llvm::Expected<json::Value> table = readTable(file);
  if (!table)
    return ignore(llvm::toString(table.takeError()));
  for (const json::Value &e : *table->getAsObject()->getArray("entries")) {
    const json::Object *entry = e.getAsObject();
    if (!entry || !matches(*entry, target))
      continue;
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
  return heuristic;
}

llvm::Error meld::codegen::writeGemmTiles(llvm::StringRef path,
                                          const HostTarget &target,
                                          const HostGemmTiles &tiles,
                                          json::Object measured) {
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
  entries.push_back(json::Object{
      {"cpu", target.cpu},
      {"isa", hostIsaName(target.isa)},
      {"gemm", json::Object{{"tile_rows", tiles.tileRows},
                            {"tile_cols", tiles.tileCols},
                            {"k_block", tiles.kBlock},
                            {"block_rows", tiles.blockRows}}},
      {"measured", std::move(measured)}});
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
