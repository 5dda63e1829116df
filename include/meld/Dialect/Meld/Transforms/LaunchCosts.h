//===- LaunchCosts.h - What a launch costs on a target ----------*- C++ -*-===//
//
// The time model horizontal fusion decides by (meld-fuse-horizontal), in a
// header of its own so that the JIT's API can take it without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_TRANSFORMS_LAUNCHCOSTS_H
#define MELD_DIALECT_MELD_TRANSFORMS_LAUNCHCOSTS_H

#include <cstdint>
#include <string>

namespace meld {

/// What a launch costs on the target the program is fused for: the time
/// model horizontal fusion decides by (docs/fusion.md, "Launch costs").
/// A launch of `bytes` over `blocks` blocks is estimated at
///
///   launchNs + (blocks > 1 ? shareNs : 0)
///            + bytes / (bytesPerUs / 1000 * min(blocks, threads) / threads)
///
/// nanoseconds: a fixed cost per launch, a cost for handing blocks to other
/// threads (the host's workers; 0 on a GPU, where every launch is spread),
/// and the memory traffic at the share of the bandwidth its blocks can use.
/// A kernel's blocks are its output elements over `blockElements`, at
/// least one (0: a block per element). The defaults are a GPU's: a kernel
/// node of a CUDA graph took about 1 us on the H200 (docs/gpu-results.md),
/// and a launch is spread over the whole device (`threads` 1). The host's
/// are measured by meld-tune-host (meld/Codegen/Host/HostTuning.h).
struct LaunchCosts {
  int64_t launchNs = 1000;
  int64_t shareNs = 0;
  int64_t bytesPerUs = 3000000;
  int64_t threads = 1;
  int64_t blockElements = 0;

  /// Estimated nanoseconds of one launch.
  double estimateNs(int64_t bytes, int64_t blocks) const;
  /// Estimated blocks of a launch computing `elements` output elements.
  int64_t blocksFor(int64_t elements) const;
  /// "launch 1000 ns, sharing 0 ns, 3000000 B/us, 1 thread(s), blocks of 0
  /// elements".
  std::string str() const;
};

} // namespace meld

#endif // MELD_DIALECT_MELD_TRANSFORMS_LAUNCHCOSTS_H
