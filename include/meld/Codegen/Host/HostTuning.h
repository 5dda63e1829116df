//===- HostTuning.h - Host GEMM tiles measured per CPU ----------*- C++ -*-===//
//
// A host tuning table holds, per CPU (LLVM's name) and ISA class, the GEMM
// tiles that `meld-tune-host` measured fastest on a machine of that kind.
// The compiler looks the target up in it and otherwise takes the documented
// heuristic (defaultGemmTiles). The table is JSON:
//
//   {"format": "meld-host-tuning", "version": 1,
//    "entries": [{"cpu": "znver4", "isa": "avx512",
//                 "gemm": {"tile_rows": 8, "tile_cols": 32, "k_block": 128,
//                          "block_rows": 128},
//                 "launch": {"launch_ns": 450, "share_ns": 1200,
//                            "bytes_per_us": 85000},
//                 "measured": {...}}]}
//
// "launch" holds what a host launch costs (meld::LaunchCosts), which
// horizontal fusion decides by; an entry without it takes the documented
// defaults (defaultLaunchCosts).
//
// A table that cannot be read, is not valid JSON, has another format or
// version, or holds values the code generator cannot use is ignored with a
// warning: a table is advice, never trusted blindly.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_HOSTTUNING_H
#define MELD_CODEGEN_HOST_HOSTTUNING_H

#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Dialect/Meld/Transforms/LaunchCosts.h"

#include "llvm/Support/JSON.h"

#include <functional>
#include <optional>
#include <string>

namespace meld::codegen {

/// The table format version this build reads and writes.
inline constexpr int64_t kHostTuningVersion = 1;

/// The table read when none is named: $MELD_HOST_TUNING ("none": no
/// table), else $XDG_CACHE_HOME/meld/host-tuning.json (~/.cache/meld/...).
std::string defaultHostTuningPath();

/// Whether `tiles` are values the host code generator takes (register tile
/// of 1-16 rows and a multiple of the vector lanes up to 8 vectors, k block
/// 16-1024, block rows a multiple of the tile rows up to 1024); else why
/// not.
std::optional<std::string> validateGemmTiles(const HostGemmTiles &tiles,
                                             const HostTarget &target);

/// The tiles for `target`: the entry of the table at `path` ("" for
/// defaultHostTuningPath(); a missing default table is silent; "none" for
/// none) for its CPU and ISA, else defaultGemmTiles. Problems with the
/// table go to `warn`.
HostGemmTiles
resolveGemmTiles(const HostTarget &target, llvm::StringRef path,
                 const std::function<void(const std::string &)> &warn);

/// What a host launch costs when no table says: meld-tune-host's
/// measurements on the 2-core Intel Xeon VM (2026-11-30, through
/// Program::run: a launch of one block 428-436 ns, handing blocks to the
/// worker 1226-1345 ns more, small kernels at 82-86 bytes per ns), rounded,
/// with `target`'s threads and the host's blocks of 16384 elements
/// (meld-tile-host-blocks' target-elements).
LaunchCosts defaultLaunchCosts(const HostTarget &target);

/// Whether `costs` are values the time model takes (launch and sharing
/// 0-1000000 ns, bandwidth 1-10^9 bytes per us); else why not.
std::optional<std::string> validateLaunchCosts(const LaunchCosts &costs);

/// The launch costs for `target`: the "launch" object of the table's
/// entry for its CPU and ISA (found as resolveGemmTiles finds it), else
/// defaultLaunchCosts. Problems with its "launch" object go to `warn` (a
/// table that is not usable at all is resolveGemmTiles's to warn of);
/// `source`, when given, receives "heuristic" or the table's path.
LaunchCosts
resolveLaunchCosts(const HostTarget &target, llvm::StringRef path,
                   const std::function<void(const std::string &)> &warn,
                   std::string *source = nullptr);

/// The launch costs a host-only compile for `target` fuses by: `given`'s
/// launch, sharing and bandwidth when given (threads and blocks are
/// `target`'s), else those of the table at `path` ("none": no table;
/// resolveLaunchCosts), else defaultLaunchCosts. `source` receives
/// "given", "heuristic" or the table's path.
LaunchCosts
hostLaunchCosts(const HostTarget &target, llvm::StringRef path,
                const std::optional<LaunchCosts> &given,
                const std::function<void(const std::string &)> &warn,
                std::string *source = nullptr);

/// Writes `tiles` (and `launch`, when given) as the entry for `target` into
/// the table at `path`, keeping the other CPUs' entries of a valid table;
/// `measured` is stored with it for the record.
llvm::Error writeGemmTiles(llvm::StringRef path, const HostTarget &target,
                           const HostGemmTiles &tiles,
                           llvm::json::Object measured,
                           const LaunchCosts *launch = nullptr);

} // namespace meld::codegen

#endif // MELD_CODEGEN_HOST_HOSTTUNING_H
