//===- GpuKernelArgs.h - The GPU kernel parameter ABI -----------*- C++ -*-===//
//
// Packs kernel arguments the way every Meld GPU kernel takes them
// (docs/bundle-format.md, "GPU kernel ABI"): per buffer the expanded memref
// descriptor {allocated, aligned, offset, sizes[r], strides[r]} as separate
// parameters, per index argument one int64_t, and last the address of the
// kernel's status cell (KernelStatus.h). Shared by the cuda and hip
// backends.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_LIB_GPUKERNELARGS_H
#define MELD_RUNTIME_LIB_GPUKERNELARGS_H

#include "meld/Runtime/Backend.h"

#include <cstdint>
#include <vector>

namespace meld::runtime {

/// Parameter storage plus the `void **kernelParams` array pointing into it.
/// Stable addresses: `params` points into `storage`, which never grows
/// after construction.
class GpuKernelArgs {
public:
  GpuKernelArgs(llvm::ArrayRef<KernelArg> args, uint64_t statusCell) {
    size_t words = 1;
    for (const KernelArg &a : args)
      words += a.isIndex ? 1 : 3 + 2 * a.shape.size();
    storage.reserve(words);
    for (const KernelArg &a : args) {
      if (a.isIndex)
        push(a.index);
      else
        for (int64_t v : a.getDescriptor())
          push(v);
    }
    push(static_cast<int64_t>(statusCell));
  }
  GpuKernelArgs(const GpuKernelArgs &) = delete;
  GpuKernelArgs &operator=(const GpuKernelArgs &) = delete;

  /// The array to pass as kernelParams.
  void **data() { return params.data(); }
  size_t size() const { return params.size(); }

private:
  void push(int64_t v) {
    storage.push_back(v);
    params.push_back(&storage.back());
  }
  std::vector<int64_t> storage;
  std::vector<void *> params;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_LIB_GPUKERNELARGS_H
