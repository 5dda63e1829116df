//===- Executable.h - Bundles loaded on a device ----------------*- C++ -*-===//
//
// An Executable is a bundle loaded on one device through the backend
// interface: it runs a function's schedule eagerly on a stream, or captures
// one run into a graph (CapturedRun) that replays with one launch and can
// be pointed at new buffers without re-capture. meld.if / meld.while become
// conditional graph nodes where the device has them; elsewhere the captured
// run is a sequence of sub-graphs with host-evaluated predicates between
// them. Nothing here names a particular backend.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_EXECUTABLE_H
#define MELD_RUNTIME_EXECUTABLE_H

#include "meld/Bundle/Bundle.h"
#include "meld/Reference/HostTensor.h"
#include "meld/Runtime/Backend.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace meld::runtime {

/// Device memory, freed when the last reference goes.
class Buffer {
public:
  static llvm::Expected<std::shared_ptr<Buffer>>
  allocate(std::shared_ptr<Device> device, size_t bytes,
           MemoryKind kind = MemoryKind::Device);
  /// Wraps memory owned elsewhere (kept alive by `owner`).
  static std::shared_ptr<Buffer> wrap(std::shared_ptr<Device> device,
                                      void *data, size_t bytes,
                                      std::shared_ptr<void> owner);
  ~Buffer();
  void *data() const { return ptr; }
  size_t size() const { return bytes; }
  MemoryKind getKind() const { return kind; }
  Device &getDevice() const { return *device; }

private:
  /// Only allocate and wrap make buffers (one allocation with the
  /// shared_ptr's control block, through std::make_shared).
  struct Key {
    explicit Key() = default;
  };

public:
  explicit Buffer(Key) {}

private:
  std::shared_ptr<Device> device;
  void *ptr = nullptr;
  size_t bytes = 0;
  MemoryKind kind = MemoryKind::Device;
  std::shared_ptr<void> owner;
};

/// A dense row-major tensor in a buffer (compiled-code element layout, see
/// ref::storageBytes).
struct TensorRef {
  std::shared_ptr<Buffer> buffer;
  size_t offset = 0;
  ref::ElementKind kind = ref::ElementKind::F32;
  llvm::SmallVector<int64_t, 4> shape;

  void *data() const { return static_cast<char *>(buffer->data()) + offset; }
  size_t sizeInBytes() const {
    return static_cast<size_t>(ref::numElements(shape)) *
           ref::storageBytes(kind);
  }
};

/// The signature of one function in a bundle; -1 marks a dynamic dim.
struct TensorSpec {
  ref::ElementKind kind;
  llvm::SmallVector<int64_t> shape;
};
struct FunctionSignature {
  std::string name;
  std::vector<TensorSpec> inputs, outputs;
  /// Per input: the result its buffer is donated to (`meld.donate`), or -1.
  /// A run given no outputs writes that result into the input's buffer and
  /// returns the input's TensorRef for it; outputs given may be the donated
  /// inputs themselves, and no other output may overlap an input.
  std::vector<int64_t> donations;
};

/// What the last eager run did.
struct RunStats {
  int64_t launches = 0;
  /// Host row blocks (host devices) or GPU workgroups.
  int64_t blocks = 0;
  /// Bytes of schedule-allocated buffers alive at once, at most.
  int64_t peakBytes = 0;
  /// Buffers requested, and how many of them the pool served.
  int64_t allocations = 0;
  int64_t reused = 0;
};

struct ExecutableOptions {
  /// An eager meld.while running longer than this fails with an error.
  int64_t maxWhileIterations = 1'000'000;
  /// Use the device's conditional graph nodes for meld.if / meld.while when
  /// it has them; false forces host-evaluated predicates between
  /// sub-graphs (the strategy for devices without them).
  bool deviceConditionals = true;
};

class Executable;

/// One captured run of a function: a graph replayed with one launch (plus
/// host-evaluated predicates on devices without conditional nodes).
class CapturedRun {
public:
  ~CapturedRun();
  /// Replays the run on `stream`.
  llvm::Error replay(Stream &stream);
  /// Points the captured graph at new inputs and outputs of the same dtypes
  /// and shapes by updating node parameters (no re-capture, no
  /// re-instantiation).
  llvm::Error rebind(llvm::ArrayRef<TensorRef> inputs,
                     llvm::ArrayRef<TensorRef> outputs);
  /// Kernel nodes in the graph, and nodes updated per rebind.
  int64_t getNumKernelNodes() const;
  int64_t getNumBoundNodes() const;
  /// Sub-graphs (1 when control flow stays on the device).
  int64_t getNumGraphs() const;

  struct Impl;

private:
  friend class Executable;
  explicit CapturedRun(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

class Executable {
public:
  /// Validates the bundle's metadata and loads the binary that suits
  /// `device` best. Fails with MELD_ERROR_UNSUPPORTED when the bundle has
  /// no binary for the device.
  static llvm::Expected<std::unique_ptr<Executable>>
  load(std::shared_ptr<Device> device, bundle::Bundle bundle,
       ExecutableOptions options = {});
  ~Executable();

  const std::vector<FunctionSignature> &getFunctions() const;
  llvm::Expected<const FunctionSignature *>
  getFunction(llvm::StringRef name) const;
  Device &getDevice() const;

  /// Runs `function` (empty: "main", or the only one) eagerly on `stream`.
  /// With `outputs` empty the results are allocated and returned; else they
  /// are written into `outputs` (exactly the result dtypes and shapes).
  llvm::Expected<std::vector<TensorRef>>
  run(Stream &stream, llvm::StringRef function,
      llvm::ArrayRef<TensorRef> inputs, llvm::ArrayRef<TensorRef> outputs = {});
  /// Like run() with no outputs, taking the inputs: no copies of their
  /// references (a step over 200 parameters passes 600).
  llvm::Expected<std::vector<TensorRef>>
  run(Stream &stream, llvm::StringRef function,
      std::vector<TensorRef> &&inputs);
  /// Like run(), with one output per result required (what the C API
  /// calls).
  llvm::Error runInto(Stream &stream, llvm::StringRef function,
                      llvm::ArrayRef<TensorRef> inputs,
                      llvm::ArrayRef<TensorRef> outputs);

  /// Captures one run of `function` on these buffers.
  llvm::Expected<std::unique_ptr<CapturedRun>>
  capture(Stream &stream, llvm::StringRef function,
          llvm::ArrayRef<TensorRef> inputs, llvm::ArrayRef<TensorRef> outputs);

  /// Stats of the last eager run that finished (any thread).
  RunStats getLastRunStats() const;

  class Impl;

private:
  explicit Executable(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_EXECUTABLE_H
