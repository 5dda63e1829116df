//===- HostThreads.h - Threads of the host backend --------------*- C++ -*-===//
//
// How many threads the host backend runs kernel blocks on, when nobody
// says: $MELD_HOST_THREADS (a positive count, like OMP_NUM_THREADS), else
// one per hardware thread this process may run on (its CPU affinity, so
// `taskset -c 0` gives one). The runtime's host device takes it and the
// host code generator shapes GEMM blocks for it, so both agree.
// Header-only: the runtime builds without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_SUPPORT_HOSTTHREADS_H
#define MELD_SUPPORT_HOSTTHREADS_H

#include "llvm/Support/Threading.h"

#include <algorithm>
#include <cstdlib>

namespace meld {

/// The most threads $MELD_HOST_THREADS may ask for.
inline constexpr unsigned kMaxHostThreads = 1024;

/// $MELD_HOST_THREADS when it is a positive count (at most
/// kMaxHostThreads), else the hardware threads of this process's affinity.
/// Anything else in the variable is ignored.
inline unsigned defaultHostThreads() {
  if (const char *env = std::getenv("MELD_HOST_THREADS"); env && *env) {
    char *end = nullptr;
    long long count = std::strtoll(env, &end, 10);
    if (end && !*end && count > 0)
      return static_cast<unsigned>(
          std::min<long long>(count, kMaxHostThreads));
  }
  return std::max(1u, llvm::hardware_concurrency().compute_thread_count());
}

} // namespace meld

#endif // MELD_SUPPORT_HOSTTHREADS_H
