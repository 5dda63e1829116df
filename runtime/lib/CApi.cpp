//===- CApi.cpp - The C API over executables and backends -----------------===//
//
// Handles are 64-bit ids into one table: kind (8 bits), generation (24 bits)
// and slot (32 bits). A released handle's slot gets a new generation, so
// every later use of the old id is MELD_ERROR_INVALID_HANDLE instead of a
// use after free; objects are reference-counted, so a graph keeps the
// buffers it was captured with alive even after their handles go.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/meld_runtime.h"

#include "meld/Runtime/Backend.h"
#include "meld/Runtime/Executable.h"

#include "llvm/Support/MemoryBuffer.h"

#include <cstring>
#include <mutex>

using namespace meld;
using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::Twine;

static_assert(static_cast<int>(ref::ElementKind::I1) == MELD_I1 &&
                  static_cast<int>(ref::ElementKind::F64) == MELD_F64 &&
                  static_cast<int>(ref::ElementKind::BF16) == MELD_BF16,
              "meld_dtype_t mirrors ref::ElementKind");

namespace {

thread_local std::string lastError;

meld_status_t ok() {
  lastError.clear();
  return MELD_OK;
}
meld_status_t fail(Error err) {
  std::string message;
  meld_status_t code = takeStatus(std::move(err), message);
  lastError = message;
  return code;
}
meld_status_t fail(meld_status_t code, const Twine &message) {
  lastError = message.str();
  return code;
}

enum class Kind : uint8_t {
  Device = 1,
  Buffer,
  Stream,
  Event,
  Executable,
  Graph,
  GraphExec
};

/// The integer a caller passed for a C enum. C lets a caller pass any int
/// where the API takes an enum, but in C++ reading an enum object that
/// holds a value outside the enum's range is undefined, so the API reads
/// the bytes and validates the integer.
template <typename Enum> int rawEnum(const Enum &value) {
  static_assert(sizeof(Enum) == sizeof(int), "C enums are int-sized here");
  int raw;
  std::memcpy(&raw, &value, sizeof raw);
  return raw;
}

const char *kindName(Kind k) {
  switch (k) {
  case Kind::Device:
    return "device";
  case Kind::Buffer:
    return "buffer";
  case Kind::Stream:
    return "stream";
  case Kind::Event:
    return "event";
  case Kind::Executable:
    return "executable";
  case Kind::Graph:
    return "graph";
  case Kind::GraphExec:
    return "graph exec";
  }
  return "?";
}

/// What a stream capture's recorded work points into without owning it:
/// the buffers its copies read and write. (Executables cannot run on a
/// capturing stream; meld_executable_capture's graphs hold their own.)
/// The C API keeps them alive from the call that records the work until
/// the last graph and graph exec made from it are released, so that
/// releasing a buffer a graph uses cannot leave the graph pointing at
/// freed memory.
using KeepAlive = std::vector<std::shared_ptr<const void>>;

struct StreamObject {
  std::shared_ptr<Device> device;
  std::unique_ptr<Stream> stream;
  std::mutex mutex;
  /// What the capture in progress recorded (see KeepAlive).
  KeepAlive captured;
};
struct EventObject {
  std::shared_ptr<Device> device;
  std::unique_ptr<Event> event;
};
struct ExecutableObject {
  std::shared_ptr<Device> device;
  std::unique_ptr<Executable> executable;
};
struct GraphObject {
  std::shared_ptr<Device> device;
  std::unique_ptr<Graph> graph;
  KeepAlive keepAlive;
};
struct GraphExecObject {
  std::shared_ptr<Device> device;
  /// A graph from meld_stream_end_capture, or a captured executable run.
  std::unique_ptr<GraphExec> exec;
  std::unique_ptr<CapturedRun> run;
  std::shared_ptr<ExecutableObject> executable;
  KeepAlive keepAlive;
  std::mutex mutex;
};

/// The handle kind of each object type (overloads on a null pointer).
constexpr Kind kindOf(const Device *) { return Kind::Device; }
constexpr Kind kindOf(const Buffer *) { return Kind::Buffer; }
constexpr Kind kindOf(const StreamObject *) { return Kind::Stream; }
constexpr Kind kindOf(const EventObject *) { return Kind::Event; }
constexpr Kind kindOf(const ExecutableObject *) { return Kind::Executable; }
constexpr Kind kindOf(const GraphObject *) { return Kind::Graph; }
constexpr Kind kindOf(const GraphExecObject *) { return Kind::GraphExec; }
template <typename T> constexpr Kind kindOf() {
  return kindOf(static_cast<const T *>(nullptr));
}

class HandleTable {
public:
  template <typename T> uint64_t add(std::shared_ptr<T> object) {
    std::lock_guard<std::mutex> lock(mutex);
    uint32_t slot;
    if (!freeSlots.empty()) {
      slot = freeSlots.back();
      freeSlots.pop_back();
    } else {
      slot = entries.size();
      entries.emplace_back();
    }
    Entry &e = entries[slot];
    e.kind = kindOf<T>();
    e.object = std::move(object);
    return (uint64_t(e.kind) << 56) | (uint64_t(e.generation) << 32) | slot;
  }

  template <typename T> Expected<std::shared_ptr<T>> get(uint64_t id) {
    std::lock_guard<std::mutex> lock(mutex);
    Expected<Entry *> e = find(id, kindOf<T>());
    if (!e)
      return e.takeError();
    return std::static_pointer_cast<T>((*e)->object);
  }

  /// Drops the handle; the object lives on while others hold it.
  template <typename T> Error remove(uint64_t id) {
    std::shared_ptr<void> object; // destroyed outside the lock
    std::lock_guard<std::mutex> lock(mutex);
    Expected<Entry *> e = find(id, kindOf<T>());
    if (!e)
      return e.takeError();
    object = std::move((*e)->object);
    (*e)->generation = ((*e)->generation + 1) & 0xffffff;
    if (!(*e)->generation)
      (*e)->generation = 1;
    freeSlots.push_back(static_cast<uint32_t>(id));
    return Error::success();
  }

private:
  struct Entry {
    Kind kind = Kind::Device;
    uint32_t generation = 1;
    std::shared_ptr<void> object;
  };

  Expected<Entry *> find(uint64_t id, Kind kind) {
    Kind actual = static_cast<Kind>(id >> 56);
    uint32_t generation = (id >> 32) & 0xffffff;
    uint32_t slot = static_cast<uint32_t>(id);
    if (id == 0)
      return makeStatusError(MELD_ERROR_INVALID_HANDLE,
                             Twine("null ") + kindName(kind) + " handle");
    if (actual != kind)
      return makeStatusError(
          MELD_ERROR_INVALID_HANDLE,
          Twine("expected a ") + kindName(kind) + " handle, got " +
              (actual >= Kind::Device && actual <= Kind::GraphExec
                   ? Twine("a ") + kindName(actual) + " handle"
                   : Twine("garbage")));
    if (slot >= entries.size() || !entries[slot].object ||
        entries[slot].generation != generation || entries[slot].kind != kind)
      return makeStatusError(MELD_ERROR_INVALID_HANDLE,
                             Twine("the ") + kindName(kind) +
                                 " handle was released (or never existed)");
    return &entries[slot];
  }

  std::mutex mutex;
  std::vector<Entry> entries;
  std::vector<uint32_t> freeSlots;
};

HandleTable &handles() {
  static HandleTable *table = new HandleTable(); // lives past static dtors
  return *table;
}

template <typename T, typename H> Expected<std::shared_ptr<T>> get(H h) {
  return handles().get<T>(h.id);
}

#define MELD_GET(type, var, handle)                                            \
  Expected<std::shared_ptr<type>> var##OrErr = get<type>(handle);              \
  if (!var##OrErr)                                                             \
    return fail(var##OrErr.takeError());                                       \
  std::shared_ptr<type> var = std::move(*var##OrErr);

#define MELD_CHECK_OUT(ptr)                                                    \
  if (!(ptr))                                                                  \
    return fail(MELD_ERROR_INVALID_ARGUMENT, #ptr " is null");

Expected<std::vector<TensorRef>> toTensors(const meld_tensor_t *tensors, int n,
                                           const char *what) {
  std::vector<TensorRef> out;
  if (n < 0 || (n > 0 && !tensors))
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           Twine("bad ") + what + " array");
  for (int i = 0; i < n; ++i) {
    const meld_tensor_t &t = tensors[i];
    Expected<std::shared_ptr<Buffer>> b = get<Buffer>(t.buffer);
    if (!b)
      return makeStatusError(MELD_ERROR_INVALID_HANDLE,
                             Twine(what) + " #" + Twine(i) + ": " +
                                 llvm::toString(b.takeError()));
    int dtype = rawEnum(t.dtype);
    if (dtype < MELD_F64 || dtype > MELD_I1 || t.rank < 0 ||
        t.rank > MELD_MAX_RANK)
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             Twine(what) + " #" + Twine(i) +
                                 " has a bad dtype or rank");
    TensorRef r;
    r.buffer = std::move(*b);
    r.offset = t.offset;
    r.kind = static_cast<ref::ElementKind>(dtype);
    for (int d = 0; d < t.rank; ++d) {
      if (t.shape[d] < 0)
        return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                               Twine(what) + " #" + Twine(i) +
                                   " has a negative dimension");
      r.shape.push_back(t.shape[d]);
    }
    out.push_back(std::move(r));
  }
  return out;
}

/// The inputs and outputs of a run, capture or rebind.
struct RunTensors {
  std::vector<TensorRef> inputs, outputs;
};
Expected<RunTensors> toRunTensors(const meld_tensor_t *inputs, int numInputs,
                                  const meld_tensor_t *outputs,
                                  int numOutputs) {
  Expected<std::vector<TensorRef>> in = toTensors(inputs, numInputs, "input");
  if (!in)
    return in.takeError();
  Expected<std::vector<TensorRef>> out =
      toTensors(outputs, numOutputs, "output");
  if (!out)
    return out.takeError();
  return RunTensors{std::move(*in), std::move(*out)};
}

/// Drops a handle (see HandleTable::remove).
template <typename T> meld_status_t release(uint64_t id) {
  if (Error e = handles().remove<T>(id))
    return fail(std::move(e));
  return ok();
}

Error checkSameDevice(const ExecutableObject &e, const StreamObject &s) {
  if (e.device != s.device)
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           "the executable and the stream belong to "
                           "different devices");
  return Error::success();
}

const char *functionName(const char *name) { return name ? name : ""; }

/// A new handle for what `create` made (a stream, event, executable, graph
/// or graph exec of `device`), stored in `member` of a new Object.
template <typename Object, typename T, typename H>
meld_status_t addObject(std::shared_ptr<Device> device,
                        Expected<std::unique_ptr<T>> created,
                        std::unique_ptr<T> Object::*member, H *handle) {
  if (!created)
    return fail(created.takeError());
  auto object = std::make_shared<Object>();
  object->device = std::move(device);
  (*object).*member = std::move(*created);
  handle->id = handles().add<Object>(std::move(object));
  return ok();
}

} // namespace

extern "C" {

const char *meld_last_error(void) { return lastError.c_str(); }

size_t meld_dtype_size(meld_dtype_t dtype) {
  int d = rawEnum(dtype);
  if (d < MELD_F64 || d > MELD_I1)
    return 0;
  return ref::storageBytes(static_cast<ref::ElementKind>(d));
}

const char *meld_status_name(meld_status_t status) {
  switch (status) {
  case MELD_OK:
    return "MELD_OK";
  case MELD_ERROR_INVALID_ARGUMENT:
    return "MELD_ERROR_INVALID_ARGUMENT";
  case MELD_ERROR_INVALID_HANDLE:
    return "MELD_ERROR_INVALID_HANDLE";
  case MELD_ERROR_INVALID_BUNDLE:
    return "MELD_ERROR_INVALID_BUNDLE";
  case MELD_ERROR_NOT_FOUND:
    return "MELD_ERROR_NOT_FOUND";
  case MELD_ERROR_UNAVAILABLE:
    return "MELD_ERROR_UNAVAILABLE";
  case MELD_ERROR_UNSUPPORTED:
    return "MELD_ERROR_UNSUPPORTED";
  case MELD_ERROR_CAPTURE:
    return "MELD_ERROR_CAPTURE";
  case MELD_ERROR_OUT_OF_MEMORY:
    return "MELD_ERROR_OUT_OF_MEMORY";
  case MELD_ERROR_EXECUTION:
    return "MELD_ERROR_EXECUTION";
  case MELD_ERROR_DEVICE:
    return "MELD_ERROR_DEVICE";
  case MELD_ERROR_INTERNAL:
    return "MELD_ERROR_INTERNAL";
  }
  return "MELD_ERROR_UNKNOWN";
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

static Expected<std::shared_ptr<Backend>> backendNamed(const char *name) {
  if (!name)
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT, "backend is null");
  std::shared_ptr<Backend> b = lookupBackend(name);
  if (!b) {
    std::string names;
    for (const std::string &n : getBackendNames())
      names += (names.empty() ? "" : ", ") + n;
    return makeStatusError(MELD_ERROR_NOT_FOUND, Twine("no backend '") + name +
                                                     "' (have: " + names + ")");
  }
  return b;
}

meld_status_t meld_device_count(const char *backend, int *count) {
  MELD_CHECK_OUT(count);
  Expected<std::shared_ptr<Backend>> b = backendNamed(backend);
  if (!b)
    return fail(b.takeError());
  Expected<int> n = (*b)->getDeviceCount();
  if (!n)
    return fail(n.takeError());
  *count = *n;
  return ok();
}

meld_status_t meld_device_open(const char *backend, int ordinal,
                               meld_device_t *device) {
  MELD_CHECK_OUT(device);
  Expected<std::shared_ptr<Backend>> b = backendNamed(backend);
  if (!b)
    return fail(b.takeError());
  Expected<std::shared_ptr<Device>> d = (*b)->openDevice(ordinal);
  if (!d)
    return fail(d.takeError());
  device->id = handles().add<Device>(std::move(*d));
  return ok();
}

meld_status_t meld_device_release(meld_device_t device) {
  return release<Device>(device.id);
}

meld_status_t meld_device_get_info(meld_device_t device,
                                   meld_device_info_t *info) {
  MELD_CHECK_OUT(info);
  MELD_GET(Device, d, device);
  const DeviceInfo &i = d->getInfo();
  std::memset(info, 0, sizeof(*info));
  auto put = [](char *dst, size_t n, const std::string &s) {
    std::strncpy(dst, s.c_str(), n - 1);
  };
  put(info->backend, sizeof(info->backend), i.backend);
  put(info->name, sizeof(info->name), i.name);
  put(info->target, sizeof(info->target), i.target);
  put(info->chip, sizeof(info->chip), i.chip);
  info->memory_bytes = i.memoryBytes;
  info->conditional_nodes = i.conditionalNodes;
  return ok();
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

meld_status_t meld_buffer_alloc(meld_device_t device, size_t bytes,
                                meld_memory_kind_t kind,
                                meld_buffer_t *buffer) {
  MELD_CHECK_OUT(buffer);
  MELD_GET(Device, d, device);
  int memoryKind = rawEnum(kind);
  if (memoryKind != MELD_MEMORY_DEVICE &&
      memoryKind != MELD_MEMORY_HOST_VISIBLE)
    return fail(MELD_ERROR_INVALID_ARGUMENT, "unknown memory kind");
  Expected<std::shared_ptr<Buffer>> b = Buffer::allocate(
      d, std::max<size_t>(bytes, 1),
      memoryKind == MELD_MEMORY_DEVICE ? MemoryKind::Device
                                       : MemoryKind::HostVisible);
  if (!b)
    return fail(b.takeError());
  buffer->id = handles().add<Buffer>(std::move(*b));
  return ok();
}

meld_status_t meld_buffer_release(meld_buffer_t buffer) {
  return release<Buffer>(buffer.id);
}

meld_status_t meld_buffer_size(meld_buffer_t buffer, size_t *bytes) {
  MELD_CHECK_OUT(bytes);
  MELD_GET(Buffer, b, buffer);
  *bytes = b->size();
  return ok();
}

meld_status_t meld_buffer_host_pointer(meld_buffer_t buffer, void **ptr) {
  MELD_CHECK_OUT(ptr);
  MELD_GET(Buffer, b, buffer);
  if (b->getKind() != MemoryKind::HostVisible &&
      b->getDevice().getInfo().target != "host")
    return fail(MELD_ERROR_UNSUPPORTED,
                "the buffer is device memory; allocate it with "
                "MELD_MEMORY_HOST_VISIBLE to map it");
  *ptr = b->data();
  return ok();
}

static meld_status_t enqueueCopy(meld_stream_t stream, void *dst,
                                 const void *src, size_t bytes,
                                 const std::shared_ptr<Buffer> &a,
                                 const std::shared_ptr<Buffer> *b) {
  MELD_GET(StreamObject, s, stream);
  if (&a->getDevice() != s->device.get() ||
      (b && &(*b)->getDevice() != s->device.get()))
    return fail(MELD_ERROR_INVALID_ARGUMENT,
                "the buffer and the stream belong to different devices");
  std::lock_guard<std::mutex> lock(s->mutex);
  if (Error e = s->stream->copy(dst, src, bytes))
    return fail(std::move(e));
  if (s->stream->isCapturing()) {
    s->captured.push_back(a);
    if (b)
      s->captured.push_back(*b);
  }
  return ok();
}

static Error checkRange(const Buffer &b, size_t offset, size_t bytes) {
  if (offset > b.size() || bytes > b.size() - offset)
    return makeStatusError(
        MELD_ERROR_INVALID_ARGUMENT,
        "the range [" + Twine(offset) + ", " + Twine(offset + bytes) +
            ") is outside the buffer of " + Twine(b.size()) + " bytes");
  return Error::success();
}

meld_status_t meld_buffer_write(meld_stream_t stream, meld_buffer_t dst,
                                size_t offset, const void *src, size_t bytes) {
  MELD_GET(Buffer, b, dst);
  if (bytes && !src)
    return fail(MELD_ERROR_INVALID_ARGUMENT, "src is null");
  if (Error e = checkRange(*b, offset, bytes))
    return fail(std::move(e));
  return enqueueCopy(stream, static_cast<char *>(b->data()) + offset, src,
                     bytes, b, nullptr);
}

meld_status_t meld_buffer_read(meld_stream_t stream, meld_buffer_t src,
                               size_t offset, void *dst, size_t bytes) {
  MELD_GET(Buffer, b, src);
  if (bytes && !dst)
    return fail(MELD_ERROR_INVALID_ARGUMENT, "dst is null");
  if (Error e = checkRange(*b, offset, bytes))
    return fail(std::move(e));
  return enqueueCopy(stream, dst, static_cast<char *>(b->data()) + offset,
                     bytes, b, nullptr);
}

meld_status_t meld_buffer_copy(meld_stream_t stream, meld_buffer_t dst,
                               meld_buffer_t src, size_t bytes) {
  MELD_GET(Buffer, d, dst);
  MELD_GET(Buffer, s, src);
  if (Error e = checkRange(*d, 0, bytes))
    return fail(std::move(e));
  if (Error e = checkRange(*s, 0, bytes))
    return fail(std::move(e));
  return enqueueCopy(stream, d->data(), s->data(), bytes, d, &s);
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

meld_status_t meld_stream_create(meld_device_t device, meld_stream_t *stream) {
  MELD_CHECK_OUT(stream);
  MELD_GET(Device, d, device);
  return addObject(d, d->createStream(), &StreamObject::stream, stream);
}

meld_status_t meld_stream_release(meld_stream_t stream) {
  MELD_GET(StreamObject, s, stream);
  meld_status_t failure = MELD_OK;
  std::string failureMessage;
  {
    std::lock_guard<std::mutex> lock(s->mutex);
    if (s->stream->isCapturing())
      return fail(MELD_ERROR_CAPTURE,
                  "the stream is capturing; end the capture first");
    // Work in flight finishes before the stream (and the pool buffers keyed
    // by it) can go.
    if (Error e = s->stream->synchronize()) {
      std::string message;
      meld_status_t code = takeStatus(std::move(e), message);
      if (code != MELD_ERROR_EXECUTION)
        return fail(code, message);
      // A failed check in work that has finished: the stream goes all the
      // same, and the failure is reported.
      failure = code;
      failureMessage = std::move(message);
    }
  }
  meld_status_t released = release<StreamObject>(stream.id);
  if (failure != MELD_OK && released == MELD_OK)
    return fail(failure, failureMessage);
  return released;
}

meld_status_t meld_stream_synchronize(meld_stream_t stream) {
  MELD_GET(StreamObject, s, stream);
  std::lock_guard<std::mutex> lock(s->mutex);
  if (Error e = s->stream->synchronize())
    return fail(std::move(e));
  return ok();
}

meld_status_t meld_event_create(meld_device_t device, meld_event_t *event) {
  MELD_CHECK_OUT(event);
  MELD_GET(Device, d, device);
  return addObject(d, d->createEvent(), &EventObject::event, event);
}

meld_status_t meld_event_release(meld_event_t event) {
  return release<EventObject>(event.id);
}

/// Calls `action` (record or wait) on the stream with the event, both of
/// one device, under the stream's lock.
static meld_status_t onStreamWithEvent(meld_stream_t stream, meld_event_t event,
                                       Error (Stream::*action)(Event &)) {
  MELD_GET(EventObject, e, event);
  MELD_GET(StreamObject, s, stream);
  if (e->device != s->device)
    return fail(MELD_ERROR_INVALID_ARGUMENT,
                "the event and the stream belong to different devices");
  std::lock_guard<std::mutex> lock(s->mutex);
  if (Error err = ((*s->stream).*action)(*e->event))
    return fail(std::move(err));
  return ok();
}

meld_status_t meld_event_record(meld_event_t event, meld_stream_t stream) {
  return onStreamWithEvent(stream, event, &Stream::record);
}

meld_status_t meld_stream_wait_event(meld_stream_t stream, meld_event_t event) {
  return onStreamWithEvent(stream, event, &Stream::wait);
}

meld_status_t meld_event_synchronize(meld_event_t event) {
  MELD_GET(EventObject, e, event);
  if (Error err = e->event->synchronize())
    return fail(std::move(err));
  return ok();
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

static meld_status_t loadExecutable(meld_device_t device,
                                    Expected<bundle::Bundle> bundle,
                                    meld_executable_t *exe) {
  MELD_GET(Device, d, device);
  if (!bundle)
    return fail(makeStatusError(MELD_ERROR_INVALID_BUNDLE,
                                llvm::toString(bundle.takeError())));
  return addObject(d, Executable::load(d, std::move(*bundle)),
                   &ExecutableObject::executable, exe);
}

meld_status_t meld_executable_load(meld_device_t device, const void *bundle,
                                   size_t bytes, meld_executable_t *exe) {
  MELD_CHECK_OUT(exe);
  if (!bundle && bytes)
    return fail(MELD_ERROR_INVALID_ARGUMENT, "bundle is null");
  return loadExecutable(device,
                        bundle::Bundle::read(llvm::StringRef(
                            static_cast<const char *>(bundle), bytes)),
                        exe);
}

meld_status_t meld_executable_load_file(meld_device_t device, const char *path,
                                        meld_executable_t *exe) {
  MELD_CHECK_OUT(exe);
  MELD_CHECK_OUT(path);
  auto file = llvm::MemoryBuffer::getFile(path);
  if (!file)
    return fail(MELD_ERROR_NOT_FOUND, Twine("cannot read '") + path +
                                          "': " + file.getError().message());
  return loadExecutable(device, bundle::Bundle::read((*file)->getBuffer()),
                        exe);
}

meld_status_t meld_executable_release(meld_executable_t exe) {
  return release<ExecutableObject>(exe.id);
}

meld_status_t meld_executable_function_count(meld_executable_t exe,
                                             int *count) {
  MELD_CHECK_OUT(count);
  MELD_GET(ExecutableObject, e, exe);
  *count = static_cast<int>(e->executable->getFunctions().size());
  return ok();
}

meld_status_t meld_executable_function_info(meld_executable_t exe, int index,
                                            const char **name, int *inputs,
                                            int *outputs) {
  MELD_GET(ExecutableObject, e, exe);
  const std::vector<FunctionSignature> &fns = e->executable->getFunctions();
  if (index < 0 || index >= static_cast<int>(fns.size()))
    return fail(MELD_ERROR_NOT_FOUND, "no function #" + Twine(index) +
                                          " (the bundle has " +
                                          Twine(fns.size()) + ")");
  if (name)
    *name = fns[index].name.c_str(); // lives as long as the executable
  if (inputs)
    *inputs = static_cast<int>(fns[index].inputs.size());
  if (outputs)
    *outputs = static_cast<int>(fns[index].outputs.size());
  return ok();
}

meld_status_t meld_executable_signature(meld_executable_t exe,
                                        const char *function, int is_output,
                                        int index, meld_tensor_t *spec) {
  MELD_CHECK_OUT(spec);
  MELD_GET(ExecutableObject, e, exe);
  Expected<const FunctionSignature *> sig =
      e->executable->getFunction(functionName(function));
  if (!sig)
    return fail(sig.takeError());
  const std::vector<TensorSpec> &specs =
      is_output ? (*sig)->outputs : (*sig)->inputs;
  if (index < 0 || index >= static_cast<int>(specs.size()))
    return fail(MELD_ERROR_NOT_FOUND, Twine("no ") +
                                          (is_output ? "output" : "input") +
                                          " #" + Twine(index));
  const TensorSpec &s = specs[index];
  if (s.shape.size() > MELD_MAX_RANK)
    return fail(MELD_ERROR_UNSUPPORTED, "the tensor's rank exceeds "
                                        "MELD_MAX_RANK");
  std::memset(spec, 0, sizeof(*spec));
  spec->dtype = static_cast<meld_dtype_t>(s.kind);
  spec->rank = static_cast<int32_t>(s.shape.size());
  for (size_t d = 0; d < s.shape.size(); ++d)
    spec->shape[d] = s.shape[d];
  return ok();
}

meld_status_t meld_executable_run(meld_executable_t exe, meld_stream_t stream,
                                  const char *function,
                                  const meld_tensor_t *inputs, int num_inputs,
                                  const meld_tensor_t *outputs,
                                  int num_outputs) {
  MELD_GET(ExecutableObject, e, exe);
  MELD_GET(StreamObject, s, stream);
  if (Error err = checkSameDevice(*e, *s))
    return fail(std::move(err));
  Expected<RunTensors> t =
      toRunTensors(inputs, num_inputs, outputs, num_outputs);
  if (!t)
    return fail(t.takeError());
  std::lock_guard<std::mutex> lock(s->mutex);
  if (Error err = e->executable->runInto(*s->stream, functionName(function),
                                         t->inputs, t->outputs))
    return fail(std::move(err));
  return ok();
}

meld_status_t
meld_executable_capture(meld_executable_t exe, meld_stream_t stream,
                        const char *function, const meld_tensor_t *inputs,
                        int num_inputs, const meld_tensor_t *outputs,
                        int num_outputs, meld_graph_exec_t *graph) {
  MELD_CHECK_OUT(graph);
  MELD_GET(ExecutableObject, e, exe);
  MELD_GET(StreamObject, s, stream);
  if (Error err = checkSameDevice(*e, *s))
    return fail(std::move(err));
  Expected<RunTensors> t =
      toRunTensors(inputs, num_inputs, outputs, num_outputs);
  if (!t)
    return fail(t.takeError());
  std::lock_guard<std::mutex> lock(s->mutex);
  Expected<std::unique_ptr<CapturedRun>> run = e->executable->capture(
      *s->stream, functionName(function), t->inputs, t->outputs);
  if (!run)
    return fail(run.takeError());
  auto object = std::make_shared<GraphExecObject>();
  object->device = e->device;
  object->run = std::move(*run);
  object->executable = e;
  graph->id = handles().add<GraphExecObject>(std::move(object));
  return ok();
}

//===----------------------------------------------------------------------===//
// Graphs
//===----------------------------------------------------------------------===//

meld_status_t meld_stream_begin_capture(meld_stream_t stream) {
  MELD_GET(StreamObject, s, stream);
  std::lock_guard<std::mutex> lock(s->mutex);
  if (Error e = s->stream->beginCapture())
    return fail(std::move(e));
  s->captured.clear();
  return ok();
}

meld_status_t meld_stream_end_capture(meld_stream_t stream,
                                      meld_graph_t *graph) {
  MELD_CHECK_OUT(graph);
  MELD_GET(StreamObject, s, stream);
  std::lock_guard<std::mutex> lock(s->mutex);
  Expected<std::unique_ptr<Graph>> ended = s->stream->endCapture();
  KeepAlive captured = std::move(s->captured);
  s->captured.clear();
  if (!ended)
    return fail(ended.takeError());
  auto object = std::make_shared<GraphObject>();
  object->device = s->device;
  object->graph = std::move(*ended);
  object->keepAlive = std::move(captured);
  graph->id = handles().add<GraphObject>(std::move(object));
  return ok();
}

meld_status_t meld_stream_is_capturing(meld_stream_t stream, int *capturing) {
  MELD_CHECK_OUT(capturing);
  MELD_GET(StreamObject, s, stream);
  std::lock_guard<std::mutex> lock(s->mutex);
  *capturing = s->stream->isCapturing();
  return ok();
}

meld_status_t meld_graph_instantiate(meld_graph_t graph,
                                     meld_graph_exec_t *exec) {
  MELD_CHECK_OUT(exec);
  MELD_GET(GraphObject, g, graph);
  Expected<std::unique_ptr<GraphExec>> instantiated = g->graph->instantiate();
  if (!instantiated)
    return fail(instantiated.takeError());
  auto object = std::make_shared<GraphExecObject>();
  object->device = g->device;
  object->exec = std::move(*instantiated);
  object->keepAlive = g->keepAlive;
  exec->id = handles().add<GraphExecObject>(std::move(object));
  return ok();
}

meld_status_t meld_graph_release(meld_graph_t graph) {
  return release<GraphObject>(graph.id);
}

meld_status_t meld_graph_exec_launch(meld_graph_exec_t exec,
                                     meld_stream_t stream) {
  MELD_GET(GraphExecObject, g, exec);
  MELD_GET(StreamObject, s, stream);
  if (g->device != s->device)
    return fail(MELD_ERROR_INVALID_ARGUMENT,
                "the graph and the stream belong to different devices");
  std::lock_guard<std::mutex> streamLock(s->mutex);
  if (s->stream->isCapturing())
    return fail(MELD_ERROR_CAPTURE,
                "cannot launch a graph on a stream that is capturing");
  std::lock_guard<std::mutex> lock(g->mutex);
  if (Error e =
          g->run ? g->run->replay(*s->stream) : g->exec->launch(*s->stream))
    return fail(std::move(e));
  return ok();
}

meld_status_t meld_graph_exec_rebind(meld_graph_exec_t exec,
                                     const meld_tensor_t *inputs,
                                     int num_inputs,
                                     const meld_tensor_t *outputs,
                                     int num_outputs) {
  MELD_GET(GraphExecObject, g, exec);
  if (!g->run)
    return fail(MELD_ERROR_UNSUPPORTED,
                "only graphs made by meld_executable_capture know their "
                "inputs and outputs");
  Expected<RunTensors> t =
      toRunTensors(inputs, num_inputs, outputs, num_outputs);
  if (!t)
    return fail(t.takeError());
  std::lock_guard<std::mutex> lock(g->mutex);
  if (Error e = g->run->rebind(t->inputs, t->outputs))
    return fail(std::move(e));
  return ok();
}

meld_status_t meld_graph_exec_release(meld_graph_exec_t exec) {
  return release<GraphExecObject>(exec.id);
}

} // extern "C"
