//===- HostExecutable.h - Run bundles on the host CPU -----------*- C++ -*-===//
//
// A convenience over Executable for host code: loads a bundle on a host
// device of its own and runs functions on host tensors synchronously.
// Buffers come from a size-keyed pool and go back to it right after their
// last use (the schedule's release lists), kernels run their blocks on a
// thread pool, and meld.if / meld.while read their predicates from device
// (here: host) buffers.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_HOSTEXECUTABLE_H
#define MELD_RUNTIME_HOSTEXECUTABLE_H

#include "meld/Bundle/Bundle.h"
#include "meld/Runtime/Executable.h"
#include "meld/Reference/HostTensor.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace meld::runtime {

/// A dense row-major tensor in the compiled-code layout (see
/// ref::storageBytes), sharing its storage.
class Tensor {
public:
  Tensor() = default;
  /// Allocates uninitialized storage.
  Tensor(ref::ElementKind kind, llvm::ArrayRef<int64_t> shape);
  static Tensor fromHost(const ref::HostTensor &tensor);
  ref::HostTensor toHost() const;

  ref::ElementKind getKind() const { return kind; }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t numElements() const { return ref::numElements(shape); }
  size_t sizeInBytes() const { return bytes; }
  void *data() const { return storage.get(); }

private:
  friend class HostExecutable;
  ref::ElementKind kind = ref::ElementKind::F32;
  llvm::SmallVector<int64_t> shape;
  size_t bytes = 0;
  std::shared_ptr<void> storage;
};

struct HostOptions {
  /// Worker threads for kernel blocks; 0 means one per hardware thread.
  unsigned threads = 0;
  /// A meld.while running longer than this fails with an error.
  int64_t maxWhileIterations = 1'000'000;
};

class HostExecutable {
public:
  /// Validates the bundle's metadata and JITs its host object. Fails when
  /// the bundle has no host binary or was built for another target.
  static llvm::Expected<std::unique_ptr<HostExecutable>>
  load(bundle::Bundle bundle, HostOptions options = {});
  ~HostExecutable();

  const std::vector<FunctionSignature> &getFunctions() const;

  /// Runs `function` (empty: "main", or the only one) on `args`. Argument
  /// dtypes and shapes are checked against the signature.
  llvm::Expected<std::vector<Tensor>> run(llvm::StringRef function,
                                          llvm::ArrayRef<Tensor> args);
  llvm::Expected<std::vector<ref::HostTensor>>
  run(llvm::StringRef function, llvm::ArrayRef<ref::HostTensor> args);

  const RunStats &getLastRunStats() const;

  class Impl;

private:
  explicit HostExecutable(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_HOSTEXECUTABLE_H
