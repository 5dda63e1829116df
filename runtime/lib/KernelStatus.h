//===- KernelStatus.h - Failed checks of compiled kernels -------*- C++ -*-===//
//
// A compiled kernel does not abort when one of its runtime checks fails (an
// integer division by zero, a gather index out of bounds, a convolution's
// input shorter than its kernel): it stores the check's code in a 32-bit status
// cell and finishes (meld-lower-host-checks, meld-lower-gpu-checks). Host
// kernels return their cell's value; every GPU kernel takes a pointer to
// its cell as its last parameter (docs/bundle-format.md, GPU kernel ABI).
//
// For GPU backends: cells are host memory the device writes through its
// mapped address, so reading one costs no copy. A stream gives each
// kernel it launches eagerly a cell of its own (one per stream and
// kernel), and each capture gives each kernel captured a cell of its own,
// which its graph's replays write (CUDA and HIP never run two launches of
// one executable graph at once). A stream remembers the cells of the work
// it enqueued since it last synchronized (a replayed graph's by
// reference) and, once synchronized, reports the first nonzero one as an
// error, naming the kernel, and clears them all: a failure is reported
// once, by the stream that ran the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_LIB_KERNELSTATUS_H
#define MELD_RUNTIME_LIB_KERNELSTATUS_H

#include "meld/Runtime/Backend.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace meld::runtime {

/// What a failed check's code means (HostKernelStatus in
/// meld/Codegen/Passes.h, which the runtime does not link).
inline std::string describeKernelStatus(int32_t status) {
  if (status == 1)
    return "integer division by zero";
  if (status == 2)
    return "gather index out of bounds";
  if (status == 3)
    return "convolution input shorter than its kernel";
  return "runtime check " + std::to_string(status) + " failed";
}

/// The error of kernel `kernel` whose check reported `status`; `others`
/// more kernels failed a check too.
inline llvm::Error kernelStatusError(llvm::StringRef kernel, int32_t status,
                                     int64_t others = 0) {
  std::string message =
      "kernel '" + kernel.str() + "': " + describeKernelStatus(status);
  if (others)
    message += " (and a failed check in " + std::to_string(others) +
               (others > 1 ? " more kernels)" : " more kernel)");
  return makeStatusError(MELD_ERROR_EXECUTION, message);
}

/// One GPU kernel's status cell. It keeps the memory it lies in alive.
class StatusCell {
public:
  StatusCell(std::shared_ptr<void> page, int32_t *word, std::string kernel)
      : page(std::move(page)), word(word), kernel(std::move(kernel)) {}

  /// The kernel parameter: the cell's address as the device sees it
  /// (host memory mapped at the same unified address).
  uint64_t getDeviceAddress() const {
    return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(word));
  }
  /// The code a check stored, or 0, and the cell cleared, in one step.
  /// Only after the kernels that may write the cell have finished.
  int32_t take() const {
    return __atomic_exchange_n(word, 0, __ATOMIC_ACQ_REL);
  }
  const std::string &getKernel() const { return kernel; }

private:
  std::shared_ptr<void> page;
  int32_t *word;
  std::string kernel;
};

using StatusCellRef = std::shared_ptr<const StatusCell>;

/// Hands out status cells from pages of device-visible host memory; a
/// page lives as long as one of its cells. Thread-safe.
class StatusCellPool {
public:
  using Allocate = std::function<llvm::Expected<void *>(size_t bytes)>;
  using Free = std::function<void(void *)>;

  StatusCellPool(Allocate allocate, Free free)
      : allocatePage(std::move(allocate)), freePage(std::move(free)) {}

  /// A zeroed cell for `kernel`.
  llvm::Expected<StatusCellRef> allocate(llvm::StringRef kernel) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!page || used == kCellsPerPage) {
      llvm::Expected<void *> memory =
          allocatePage(kCellsPerPage * sizeof(int32_t));
      if (!memory)
        return memory.takeError();
      page = std::shared_ptr<void>(*memory, freePage);
      used = 0;
    }
    int32_t *word = static_cast<int32_t *>(page.get()) + used++;
    auto cell = std::make_shared<const StatusCell>(page, word, kernel.str());
    (void)cell->take();
    return cell;
  }

private:
  static constexpr size_t kCellsPerPage = 1024;
  std::mutex mutex;
  Allocate allocatePage;
  Free freePage;
  std::shared_ptr<void> page;
  size_t used = 0;
};

/// The cells one scope (a stream's eager launches, or one capture) gives
/// the kernels it launches: one per kernel.
class StatusCellMap {
public:
  /// The cell of `kernel`, named `name`, allocated from `pool` on first
  /// use. (A kernel destroyed and another made at its address gets a cell
  /// of its own: the name is compared too.)
  llvm::Expected<StatusCellRef> get(const void *kernel, llvm::StringRef name,
                                    StatusCellPool &pool) {
    StatusCellRef &cell = cells[kernel];
    if (!cell || cell->getKernel() != name) {
      llvm::Expected<StatusCellRef> fresh = pool.allocate(name);
      if (!fresh)
        return fresh.takeError();
      cell = std::move(*fresh);
    }
    return cell;
  }
  void clear() { cells.clear(); }

private:
  llvm::DenseMap<const void *, StatusCellRef> cells;
};

class StatusWatch;
using StatusWatchRef = std::shared_ptr<const StatusWatch>;

/// The cells of the work a stream enqueued (or a graph holds): cells of
/// its own, and the cells of the graphs it replayed, by reference.
class StatusWatch {
public:
  void add(const StatusCellRef &cell) {
    if (seen.insert(cell.get()).second)
      cells.push_back(cell);
  }
  void add(const StatusWatchRef &graph) {
    if (seen.insert(graph.get()).second)
      graphs.push_back(graph);
  }
  bool contains(const StatusCellRef &cell) const {
    return seen.contains(cell.get());
  }
  void clear() {
    cells.clear();
    graphs.clear();
    seen.clear();
  }

  /// After the work has finished: the first failed check as an error
  /// (naming how many other kernels failed one too); clears every cell
  /// and forgets them.
  llvm::Error check() {
    Failure failure;
    take(failure);
    clear();
    if (!failure.first)
      return llvm::Error::success();
    return kernelStatusError(failure.first->getKernel(), failure.status,
                             failure.others);
  }

private:
  struct Failure {
    const StatusCell *first = nullptr;
    int32_t status = 0;
    int64_t others = 0;
  };
  void take(Failure &failure) const {
    for (const StatusCellRef &cell : cells) {
      int32_t status = cell->take();
      if (!status)
        continue;
      if (failure.first) {
        ++failure.others;
        continue;
      }
      failure.first = cell.get();
      failure.status = status;
    }
    for (const StatusWatchRef &graph : graphs)
      graph->take(failure);
  }

  std::vector<StatusCellRef> cells;
  std::vector<StatusWatchRef> graphs;
  llvm::SmallPtrSet<const void *, 16> seen;
};

/// The status cells of one captured graph: which kernel has which, and
/// the list of them that a stream replaying the graph watches. Its
/// executable graphs share the cells (the drivers never run two launches
/// of one executable graph at once); a rebind to a kernel the capture did
/// not launch adds a cell.
class GraphStatusCells {
public:
  GraphStatusCells(StatusCellMap cells, StatusWatch watched)
      : cells(std::move(cells)),
        watched(std::make_shared<const StatusWatch>(std::move(watched))) {}

  /// The cell of `kernel` (see StatusCellMap::get), watched. Not
  /// thread-safe.
  llvm::Expected<StatusCellRef> get(const void *kernel, llvm::StringRef name,
                                    StatusCellPool &pool) {
    llvm::Expected<StatusCellRef> cell = cells.get(kernel, name, pool);
    if (cell && !watched->contains(*cell)) {
      // A new list: streams may hold the old one.
      auto extended = std::make_shared<StatusWatch>(*watched);
      extended->add(*cell);
      watched = std::move(extended);
    }
    return cell;
  }
  const StatusWatchRef &getWatched() const { return watched; }

private:
  StatusCellMap cells;
  StatusWatchRef watched;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_LIB_KERNELSTATUS_H
