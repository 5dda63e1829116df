//===- Backend.h - The one interface a device backend implements -*- C++
//-*-===//
//
// Everything above this interface (executables, schedules, graphs of whole
// programs, the C API) is device-agnostic: it never names CUDA or HIP. A
// backend (host, cuda, hip) implements Backend, Device, Stream, Module,
// Event, Graph and GraphExec, and registers itself by name. It is the
// analogue of PyTorch's GraphImplInterface behind torch.accelerator.Graph,
// widened to memory, modules and launches.
//
// Conventions:
//  - Device pointers are plain `void *` (CUDA/HIP unified addressing; host
//    memory on the host backend). Stream::copy takes any two of them.
//  - Errors are llvm::Error values made with makeStatusError, carrying a
//    meld_status_t code (meld/Runtime/meld_runtime.h) and a message.
//  - Device, Backend, Module, Kernel and GraphExec::launch are thread-safe.
//    A Stream is used by one thread at a time (the C API locks it).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_BACKEND_H
#define MELD_RUNTIME_BACKEND_H

#include "meld/Runtime/meld_runtime.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace meld::runtime {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// An error with a C API status code.
class StatusError : public llvm::ErrorInfo<StatusError> {
public:
  static char ID;
  StatusError(meld_status_t code, std::string message)
      : code(code), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  meld_status_t getCode() const { return code; }
  const std::string &getMessage() const { return message; }

private:
  meld_status_t code;
  std::string message;
};

inline llvm::Error makeStatusError(meld_status_t code, const llvm::Twine &msg) {
  return llvm::make_error<StatusError>(code, msg.str());
}

/// The status code of `err` (MELD_ERROR_INTERNAL for errors made elsewhere)
/// and its message; consumes the error. MELD_OK for success.
meld_status_t takeStatus(llvm::Error err, std::string &message);

//===----------------------------------------------------------------------===//
// Launch descriptions
//===----------------------------------------------------------------------===//

/// One kernel argument: a dense row-major buffer, or an index scalar.
struct KernelArg {
  void *data = nullptr;
  /// Dims of a buffer argument (strides are row-major).
  llvm::SmallVector<int64_t, 4> shape;
  bool isIndex = false;
  int64_t index = 0;

  static KernelArg buffer(void *data, llvm::ArrayRef<int64_t> shape) {
    KernelArg a;
    a.data = data;
    a.shape.assign(shape.begin(), shape.end());
    return a;
  }
  static KernelArg indexValue(int64_t v) {
    KernelArg a;
    a.isIndex = true;
    a.index = v;
    return a;
  }
  /// A buffer's memref descriptor as compiled kernels take it: {allocated,
  /// aligned, offset, sizes[r], strides[r]} (docs/bundle-format.md).
  llvm::SmallVector<int64_t, 11> getDescriptor() const;
  /// The descriptor's 3 + 2 * rank words, written at `out`.
  void writeDescriptor(int64_t *out) const;
};

/// How a kernel runs: host kernels split `hostBlocks` row blocks over
/// threads; GPU kernels run `grid` workgroups of `block` threads.
struct LaunchConfig {
  int64_t hostBlocks = 1;
  int64_t grid[3] = {1, 1, 1};
  int64_t block[3] = {1, 1, 1};
};

//===----------------------------------------------------------------------===//
// Objects
//===----------------------------------------------------------------------===//

class Stream;

struct DeviceInfo {
  /// Backend name: "host", "cuda", "hip".
  std::string backend;
  /// Human-readable device name.
  std::string name;
  /// The bundle target it runs: "host", "nvptx", "amdgpu".
  std::string target;
  /// The chip: "sm_90", "gfx942"; the CPU name for host.
  std::string chip;
  uint64_t memoryBytes = 0;
  /// Whether captures can hold conditional (IF/WHILE) nodes evaluated on
  /// the device. Without them, executables fall back to host-evaluated
  /// predicates between sub-graphs.
  bool conditionalNodes = false;
};

/// One binary of a bundle, as the runtime hands it to a device.
struct ModuleImage {
  /// As in the bundle's binary entry; `triple` is set for host code.
  std::string target, chip, format, triple;
  llvm::StringRef bytes;
  /// Every kernel waits for the grids it depends on before it touches
  /// memory (the entry's "grid_dependency_wait"), so a backend may launch
  /// it before its predecessor has finished (CUDA: programmatic dependent
  /// launch).
  bool waitsForGridDependencies = false;
  /// Host code: the CPU features it was compiled for (`+a,+b,-c`; the
  /// entry's "features"), which the running CPU must have.
  std::string features;
};

/// A loaded kernel; owned by its Module.
class Kernel {
public:
  virtual ~Kernel();
};

class Module {
public:
  virtual ~Module();
  /// The kernel with this symbol (host: the host entry; GPU: the kernel
  /// name). Fails with MELD_ERROR_NOT_FOUND.
  virtual llvm::Expected<Kernel *> getKernel(llvm::StringRef symbol) = 0;
};

class Event {
public:
  virtual ~Event();
  virtual llvm::Error synchronize() = 0;
  /// Whether the work before the last record has finished.
  virtual llvm::Expected<bool> query() = 0;
};

/// A recorded node of a graph, for parameter updates (opaque to callers).
using NodeId = void *;

class GraphExec {
public:
  virtual ~GraphExec();
  /// Replays the graph on `stream` (asynchronously).
  virtual llvm::Error launch(Stream &stream) = 0;
  /// Rebinds a kernel node to new arguments without re-instantiating.
  virtual llvm::Error updateKernel(NodeId node, Kernel &kernel,
                                   const LaunchConfig &config,
                                   llvm::ArrayRef<KernelArg> args) = 0;
  /// Rebinds a copy node.
  virtual llvm::Error updateCopy(NodeId node, void *dst, const void *src,
                                 size_t bytes) = 0;
};

class Graph {
public:
  virtual ~Graph();
  virtual llvm::Expected<std::unique_ptr<GraphExec>> instantiate() = 0;
};

/// A body of a conditional node: captures its work into `stream`.
using CaptureBody = llvm::function_ref<llvm::Error(Stream &stream)>;

class Stream {
public:
  virtual ~Stream();

  /// Enqueues a kernel. While capturing, records it instead and, when
  /// `node` is given, returns the recorded node.
  virtual llvm::Error launch(Kernel &kernel, const LaunchConfig &config,
                             llvm::ArrayRef<KernelArg> args,
                             NodeId *node = nullptr) = 0;
  /// Copies `bytes` between any two device or host-visible pointers (or
  /// plain host memory when not capturing).
  virtual llvm::Error copy(void *dst, const void *src, size_t bytes,
                           NodeId *node = nullptr) = 0;
  /// Waits for everything enqueued so far. Fails while capturing.
  virtual llvm::Error synchronize() = 0;
  virtual llvm::Error record(Event &event) = 0;
  /// Makes later work on this stream wait for `event`.
  virtual llvm::Error wait(Event &event) = 0;

  virtual llvm::Error beginCapture() = 0;
  virtual llvm::Expected<std::unique_ptr<Graph>> endCapture() = 0;
  virtual bool isCapturing() const = 0;

  /// While capturing: records a node that runs `thenBody` when the one-byte
  /// device value at `predicate` is nonzero at that point of the replay,
  /// else `elseBody`. MELD_ERROR_UNSUPPORTED when the device has no
  /// conditional nodes.
  virtual llvm::Error captureIf(const void *predicate, CaptureBody thenBody,
                                CaptureBody elseBody) = 0;
  /// While capturing: records a node that runs `body` while the one-byte
  /// value at `predicate` is nonzero. The predicate is read before the
  /// first iteration and after each one, so `body` must leave the next
  /// value there.
  virtual llvm::Error captureWhile(const void *predicate, CaptureBody body) = 0;
};

enum class MemoryKind {
  /// Device memory (host memory on the host backend).
  Device,
  /// Host memory the device can read and write (pinned).
  HostVisible,
};

class Device {
public:
  virtual ~Device();
  virtual const DeviceInfo &getInfo() const = 0;

  virtual llvm::Expected<void *> allocate(size_t bytes, MemoryKind kind) = 0;
  virtual void deallocate(void *ptr, MemoryKind kind) = 0;

  virtual llvm::Expected<std::unique_ptr<Stream>> createStream() = 0;
  virtual llvm::Expected<std::unique_ptr<Event>> createEvent() = 0;

  /// How well this device runs `image`: negative when it cannot, higher is
  /// better (an exact cubin beats PTX to JIT).
  virtual int rate(const ModuleImage &image) const = 0;
  virtual llvm::Expected<std::unique_ptr<Module>>
  loadModule(const ModuleImage &image) = 0;
};

class Backend {
public:
  virtual ~Backend();
  virtual llvm::StringRef getName() const = 0;
  /// Devices present; MELD_ERROR_UNAVAILABLE when the backend's driver
  /// library cannot be loaded (0 devices is not an error).
  virtual llvm::Expected<int> getDeviceCount() = 0;
  virtual llvm::Expected<std::shared_ptr<Device>> openDevice(int ordinal) = 0;
};

/// Registers a backend under its name (replacing one of the same name).
void registerBackend(std::shared_ptr<Backend> backend);
/// The backend called `name`, or nullptr. The built-in backends (host,
/// cuda, hip) are registered on first use.
std::shared_ptr<Backend> lookupBackend(llvm::StringRef name);
/// Names of all registered backends.
std::vector<std::string> getBackendNames();

/// The built-in backends.
std::shared_ptr<Backend> createHostBackend();

/// How many host launches of this process ran on the threads of an OpenMP
/// runtime that was already loaded (libgomp, PyTorch's for one) instead of
/// the host device's own workers (docs/runtime.md, "Worker threads"); for
/// tests and diagnostics.
uint64_t hostOpenMpLaunches();
/// A host device of its own with `threads` workers for kernel blocks (0:
/// meld::defaultHostThreads(), $MELD_HOST_THREADS or one per hardware
/// thread), outside the registry.
std::shared_ptr<Device> createHostDevice(unsigned threads);
std::shared_ptr<Backend> createCudaBackend();
std::shared_ptr<Backend> createHipBackend();

} // namespace meld::runtime

#endif // MELD_RUNTIME_BACKEND_H
