//===- meld_runtime.hpp - C++ wrapper over the C API ------------*- C++ -*-===//
//
// Header-only RAII classes over meld_runtime.h: each owns one handle and
// releases it when it goes (move-only). A failed call throws meld::rt::Error,
// which carries the status and meld_last_error()'s message; destructors
// never throw (a failed release there is ignored: use close() to see it).
// Objects keep what they depend on alive inside the runtime, so a Stream or
// an Executable may outlive the Device it came from. docs/runtime.md has an
// example.
//
// The namespace is meld::rt because meld::runtime holds the runtime's own
// C++ classes (Device, Stream, ... in Backend.h and Executable.h). Needs
// C++17 and exceptions; depends on nothing but the C API.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_MELD_RUNTIME_HPP
#define MELD_RUNTIME_MELD_RUNTIME_HPP

#include "meld/Runtime/meld_runtime.h"

#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if !defined(__cpp_exceptions) && !defined(__EXCEPTIONS) && !defined(_CPPUNWIND)
#error "meld_runtime.hpp reports errors as exceptions; build with them on"
#endif

namespace meld::rt {

/// A failed runtime call: what() is "MELD_ERROR_...: message".
class Error : public std::runtime_error {
public:
  Error(meld_status_t status, const std::string &message)
      : std::runtime_error(std::string(meld_status_name(status)) + ": " +
                           message),
        code(status), text(message) {}
  meld_status_t status() const noexcept { return code; }
  /// meld_last_error() at the time of the failure.
  const std::string &message() const noexcept { return text; }

private:
  meld_status_t code;
  std::string text;
};

/// Throws Error for anything but MELD_OK.
inline void check(meld_status_t status) {
  if (status != MELD_OK)
    throw Error(status, meld_last_error());
}

namespace detail {
/// Owns one handle of type H, released with Release.
template <typename H, meld_status_t (*Release)(H)> class Handle {
public:
  Handle() = default;
  /// Takes ownership of `handle`.
  explicit Handle(H handle) : h(handle) {}
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  Handle(Handle &&other) noexcept : h(other.detach()) {}
  Handle &operator=(Handle &&other) noexcept {
    if (this != &other) {
      reset();
      h = other.detach();
    }
    return *this;
  }
  ~Handle() { reset(); }

  /// The C handle, still owned by this object.
  H get() const { return h; }
  explicit operator bool() const { return h.id != 0; }
  /// Gives up ownership: the caller releases the returned handle.
  H detach() noexcept { return std::exchange(h, H{}); }
  /// Releases the handle now. If that fails (a stream that is capturing)
  /// it throws and the object keeps the handle.
  void close() {
    if (!h.id)
      return;
    check(Release(h));
    h = H{};
  }

protected:
  void reset() noexcept {
    if (h.id)
      (void)Release(detach());
  }
  H h{};
};

/// Calls `create(args..., &handle)` and returns the handle.
template <typename H, typename... CallArgs, typename... Args>
H create(meld_status_t (*fn)(CallArgs...), Args... args) {
  H handle{};
  check(fn(args..., &handle));
  return handle;
}
} // namespace detail

class Buffer;
class Event;
class Executable;
class Graph;
class GraphExec;
class Stream;

/// A dense row-major view of a buffer, as the C API takes it.
using Tensor = meld_tensor_t;

class Device : public detail::Handle<meld_device_t, meld_device_release> {
public:
  using Handle::Handle;
  /// Devices of `backend` ("host", "cuda", "hip"); 0 when its driver
  /// library is missing (MELD_ERROR_UNAVAILABLE) or it has none.
  static int count(const char *backend) {
    int n = 0;
    meld_status_t s = meld_device_count(backend, &n);
    if (s == MELD_ERROR_UNAVAILABLE)
      return 0;
    check(s);
    return n;
  }
  static Device open(const char *backend, int ordinal = 0) {
    return Device(
        detail::create<meld_device_t>(meld_device_open, backend, ordinal));
  }
  meld_device_info_t info() const {
    meld_device_info_t i;
    check(meld_device_get_info(h, &i));
    return i;
  }
};

class Buffer : public detail::Handle<meld_buffer_t, meld_buffer_release> {
public:
  using Handle::Handle;
  Buffer() = default;
  Buffer(const Device &device, size_t bytes,
         meld_memory_kind_t kind = MELD_MEMORY_DEVICE)
      : Handle(detail::create<meld_buffer_t>(meld_buffer_alloc, device.get(),
                                             bytes, kind)) {}
  size_t size() const {
    size_t bytes = 0;
    check(meld_buffer_size(h, &bytes));
    return bytes;
  }
  /// For host-visible buffers and host devices (see the C API).
  void *hostPointer() const {
    void *p = nullptr;
    check(meld_buffer_host_pointer(h, &p));
    return p;
  }
  /// A view of the buffer as a tensor of `dtype` and `shape`.
  Tensor tensor(meld_dtype_t dtype, const std::vector<int64_t> &shape,
                size_t offset = 0) const {
    if (shape.size() > MELD_MAX_RANK)
      throw Error(MELD_ERROR_INVALID_ARGUMENT,
                  "rank " + std::to_string(shape.size()) +
                      " exceeds MELD_MAX_RANK");
    Tensor t = {};
    t.buffer = h;
    t.offset = offset;
    t.dtype = dtype;
    t.rank = static_cast<int32_t>(shape.size());
    for (size_t d = 0; d < shape.size(); ++d)
      t.shape[d] = shape[d];
    return t;
  }
  /// A view with the dtype and shape of `spec` (e.g. from
  /// Executable::input): dynamic dims must be filled in first.
  Tensor tensor(const Tensor &spec, size_t offset = 0) const {
    Tensor t = spec;
    t.buffer = h;
    t.offset = offset;
    return t;
  }
};

class Graph : public detail::Handle<meld_graph_t, meld_graph_release> {
public:
  using Handle::Handle;
  GraphExec instantiate() const;
};

class Stream : public detail::Handle<meld_stream_t, meld_stream_release> {
public:
  using Handle::Handle;
  Stream() = default;
  explicit Stream(const Device &device)
      : Handle(
            detail::create<meld_stream_t>(meld_stream_create, device.get())) {}
  /// Enqueued copies; host memory must stay valid until synchronize().
  void write(const Buffer &dst, const void *src, size_t bytes,
             size_t offset = 0) const {
    check(meld_buffer_write(h, dst.get(), offset, src, bytes));
  }
  void read(const Buffer &src, void *dst, size_t bytes,
            size_t offset = 0) const {
    check(meld_buffer_read(h, src.get(), offset, dst, bytes));
  }
  void copy(const Buffer &dst, const Buffer &src, size_t bytes) const {
    check(meld_buffer_copy(h, dst.get(), src.get(), bytes));
  }
  void synchronize() const { check(meld_stream_synchronize(h)); }
  void wait(const Event &event) const;

  void beginCapture() const { check(meld_stream_begin_capture(h)); }
  Graph endCapture() const {
    return Graph(detail::create<meld_graph_t>(meld_stream_end_capture, h));
  }
  bool isCapturing() const {
    int capturing = 0;
    check(meld_stream_is_capturing(h, &capturing));
    return capturing != 0;
  }
};

class Event : public detail::Handle<meld_event_t, meld_event_release> {
public:
  using Handle::Handle;
  Event() = default;
  explicit Event(const Device &device)
      : Handle(detail::create<meld_event_t>(meld_event_create, device.get())) {}
  void record(const Stream &stream) const {
    check(meld_event_record(h, stream.get()));
  }
  void synchronize() const { check(meld_event_synchronize(h)); }
};

inline void Stream::wait(const Event &event) const {
  check(meld_stream_wait_event(h, event.get()));
}

class GraphExec
    : public detail::Handle<meld_graph_exec_t, meld_graph_exec_release> {
public:
  using Handle::Handle;
  void launch(const Stream &stream) const {
    check(meld_graph_exec_launch(h, stream.get()));
  }
  /// For graphs from Executable::capture: new buffers of the same dtypes
  /// and shapes, no re-capture.
  void rebind(const std::vector<Tensor> &inputs,
              const std::vector<Tensor> &outputs) const {
    check(meld_graph_exec_rebind(
        h, inputs.data(), static_cast<int>(inputs.size()), outputs.data(),
        static_cast<int>(outputs.size())));
  }
};

inline GraphExec Graph::instantiate() const {
  return GraphExec(
      detail::create<meld_graph_exec_t>(meld_graph_instantiate, h));
}

struct FunctionInfo {
  std::string name;
  int inputs = 0, outputs = 0;
};

class Executable
    : public detail::Handle<meld_executable_t, meld_executable_release> {
public:
  using Handle::Handle;
  Executable() = default;
  /// Loads a bundle file.
  Executable(const Device &device, const std::string &path)
      : Handle(detail::create<meld_executable_t>(meld_executable_load_file,
                                                 device.get(), path.c_str())) {}
  /// Loads a bundle from memory (copied; `bundle` may go afterwards).
  Executable(const Device &device, const void *bundle, size_t bytes)
      : Handle(detail::create<meld_executable_t>(meld_executable_load,
                                                 device.get(), bundle, bytes)) {
  }

  std::vector<FunctionInfo> functions() const {
    int n = 0;
    check(meld_executable_function_count(h, &n));
    std::vector<FunctionInfo> fns(n);
    for (int i = 0; i < n; ++i) {
      const char *name = nullptr;
      check(meld_executable_function_info(h, i, &name, &fns[i].inputs,
                                          &fns[i].outputs));
      fns[i].name = name;
    }
    return fns;
  }
  /// The dtype and shape of input or output `index` of `function` ("":
  /// main); dynamic dims are -1 and the buffer is unset.
  Tensor input(int index, const std::string &function = "") const {
    return signature(function, false, index);
  }
  Tensor output(int index, const std::string &function = "") const {
    return signature(function, true, index);
  }

  /// Runs `function` eagerly on `stream` into `outputs`.
  void run(const Stream &stream, const std::vector<Tensor> &inputs,
           const std::vector<Tensor> &outputs,
           const std::string &function = "") const {
    check(meld_executable_run(h, stream.get(), function.c_str(), inputs.data(),
                              static_cast<int>(inputs.size()), outputs.data(),
                              static_cast<int>(outputs.size())));
  }
  /// Captures one run of `function` on these buffers (nothing runs yet).
  GraphExec capture(const Stream &stream, const std::vector<Tensor> &inputs,
                    const std::vector<Tensor> &outputs,
                    const std::string &function = "") const {
    return GraphExec(detail::create<meld_graph_exec_t>(
        meld_executable_capture, h, stream.get(), function.c_str(),
        inputs.data(), static_cast<int>(inputs.size()), outputs.data(),
        static_cast<int>(outputs.size())));
  }

private:
  Tensor signature(const std::string &function, bool isOutput,
                   int index) const {
    Tensor t = {};
    check(meld_executable_signature(h, function.c_str(), isOutput, index, &t));
    return t;
  }
};

} // namespace meld::rt

#endif // MELD_RUNTIME_MELD_RUNTIME_HPP
