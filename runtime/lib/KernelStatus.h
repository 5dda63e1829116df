//===- KernelStatus.h - Failed checks of compiled kernels -------*- C++ -*-===//
//
// A compiled kernel does not abort when one of its runtime checks fails (an
// integer division by zero): it stores the check's code in a 32-bit status
// cell and finishes (meld-lower-host-checks, meld-lower-gpu-checks). Host
// kernels return their cell's value; every GPU kernel takes a pointer to
// its cell as its last parameter (docs/bundle-format.md, GPU kernel ABI).
//
// For GPU backends: each kernel has a cell of its own, in host memory the
// device writes through its mapped address, so a code names its kernel and
// reading it costs no copy. A stream remembers the cells of the kernels it
// launched (directly or in the graphs it launched) and, once it has
// synchronized, reports the first nonzero one as an error and clears them.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_LIB_KERNELSTATUS_H
#define MELD_RUNTIME_LIB_KERNELSTATUS_H

#include "meld/Runtime/Backend.h"

#include "llvm/ADT/SmallPtrSet.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace meld::runtime {

/// What a failed check's code means (HostKernelStatus in
/// meld/Codegen/Passes.h, which the runtime does not link).
inline std::string describeKernelStatus(int32_t status) {
  if (status == 1)
    return "integer division by zero";
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
  /// The code a check stored, or 0. Only after the kernels that may write
  /// the cell have finished.
  int32_t read() const { return __atomic_load_n(word, __ATOMIC_ACQUIRE); }
  void clear() const { __atomic_store_n(word, 0, __ATOMIC_RELEASE); }
  const std::string &getKernel() const { return kernel; }

private:
  std::shared_ptr<void> page;
  int32_t *word;
  std::string kernel;
};

using StatusCellRef = std::shared_ptr<const StatusCell>;

/// Hands out status cells from pages of device-visible host memory. Not
/// thread-safe (a module allocates under its lock). A page lives as long as
/// one of its cells.
class StatusCellPool {
public:
  using Allocate = std::function<llvm::Expected<void *>(size_t bytes)>;
  using Free = std::function<void(void *)>;

  StatusCellPool(Allocate allocate, Free free)
      : allocatePage(std::move(allocate)), freePage(std::move(free)) {}

  /// A zeroed cell for `kernel`.
  llvm::Expected<StatusCellRef> allocate(llvm::StringRef kernel) {
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
    cell->clear();
    return cell;
  }

private:
  static constexpr size_t kCellsPerPage = 1024;
  Allocate allocatePage;
  Free freePage;
  std::shared_ptr<void> page;
  size_t used = 0;
};

/// The cells of the kernels a stream (or a graph) launched.
class StatusWatch {
public:
  void add(const StatusCellRef &cell) {
    if (seen.insert(cell.get()).second)
      cells.push_back(cell);
  }
  void add(const StatusWatch &other) {
    for (const StatusCellRef &cell : other.cells)
      add(cell);
  }
  void clear() {
    cells.clear();
    seen.clear();
  }

  /// After the launches have finished: the first failed check as an error
  /// (naming how many other kernels failed one too); clears every cell and
  /// forgets them.
  llvm::Error check() {
    const StatusCell *first = nullptr;
    int32_t firstStatus = 0;
    int64_t others = 0;
    for (const StatusCellRef &cell : cells) {
      int32_t status = cell->read();
      if (!status)
        continue;
      cell->clear();
      if (first) {
        ++others;
        continue;
      }
      first = cell.get();
      firstStatus = status;
    }
    llvm::Error error =
        first ? kernelStatusError(first->getKernel(), firstStatus, others)
              : llvm::Error::success();
    clear();
    return error;
  }

private:
  std::vector<StatusCellRef> cells;
  llvm::SmallPtrSet<const StatusCell *, 16> seen;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_LIB_KERNELSTATUS_H
