//===- RuntimeApiFuzzer.cpp - Fuzz the runtime's C API with call streams --===//
//
// Input: a byte stream read as a sequence of C API calls on the host
// backend: devices, buffers, streams, events, executables (the reference
// bundle, or bytes from the input), runs, captures, graphs. Arguments come
// from the input too: handles picked from those made so far (released ones
// included) or forged outright, sizes, offsets, dtypes, ranks and shapes
// of tensors, function names. Every call must return a status: double
// releases, use after release, capture misuse and tensors that do not fit
// their buffers are errors, never a crash, a hang or a sanitizer report.
// What the fuzzer owns (the memory behind src/dst pointers) is always
// valid, so any fault is the runtime's.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "meld/Runtime/meld_runtime.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace {
/// Reads the input a byte at a time; zeros once it is used up.
class Reader {
public:
  Reader(const uint8_t *data, size_t size) : p(data), end(data + size) {}
  bool done() const { return p == end; }
  uint8_t byte() { return p == end ? 0 : *p++; }
  uint64_t below(uint64_t bound) {
    uint64_t value = 0;
    for (int i = 0; i < 4; ++i)
      value = value << 8 | byte();
    return bound ? value % bound : 0;
  }
  uint64_t u64() {
    uint64_t value = 0;
    for (int i = 0; i < 8; ++i)
      value = value << 8 | byte();
    return value;
  }
  llvm::StringRef bytes(size_t count) {
    count = std::min<size_t>(count, end - p);
    llvm::StringRef result(reinterpret_cast<const char *>(p), count);
    p += count;
    return result;
  }

private:
  const uint8_t *p, *end;
};

/// meld_buffer_alloc as a C caller sees it: the memory kind is an int,
/// which may be outside the enum's values. (Forming such an enum value in
/// C++ is itself undefined, so the fuzzer calls through this type.)
using BufferAllocFromC = meld_status_t (*)(meld_device_t, size_t, int,
                                           meld_buffer_t *);

/// Handles of one kind made so far (a released one stays, to be misused).
struct Handles {
  std::vector<uint64_t> ids;
  uint64_t pick(Reader &in) {
    uint8_t choice = in.byte();
    if (ids.empty() || choice >= 240)
      return choice == 255 ? 0 : in.u64(); // forged
    return ids[choice % ids.size()];
  }
  void add(uint64_t id) {
    if (ids.size() < 16)
      ids.push_back(id);
  }
};

struct Machine {
  explicit Machine(Reader in) : in(in) {}

  Reader in;
  Handles devices, buffers, streams, events, exes, graphs, execs;
  std::vector<char> scratch = std::vector<char>(1 << 16, 0);
  std::string reference = meld::fuzz::getReferenceBundle().toBytes();

  template <typename H> H handle(Handles &from) { return H{from.pick(in)}; }

  const char *functionName() {
    switch (in.byte() % 4) {
    case 0:
      return "main";
    case 1:
      return "dyn";
    case 2:
      return "missing";
    default:
      return nullptr;
    }
  }

  std::vector<meld_tensor_t> tensors() {
    std::vector<meld_tensor_t> result(in.byte() % 4);
    for (meld_tensor_t &t : result) {
      t.buffer = handle<meld_buffer_t>(buffers);
      t.offset = in.byte() < 200 ? 0 : in.below(1 << 14);
      int dtype = in.byte() % 9; // 8 is no dtype
      std::memcpy(&t.dtype, &dtype, sizeof dtype);
      uint8_t rank = in.byte();
      t.rank = rank < 250 ? rank % 3 : static_cast<int32_t>(rank) - 252;
      for (int64_t &dim : t.shape)
        dim = static_cast<int64_t>(in.byte() % 12) - 1;
    }
    return result;
  }

  void step() {
    switch (in.byte() % 34) {
    case 0: {
      meld_device_t d;
      int ordinal = static_cast<int>(in.byte() % 4) - 1;
      if (meld_device_open(in.byte() % 8 ? "host" : "cuda", ordinal, &d) ==
          MELD_OK)
        devices.add(d.id);
      break;
    }
    case 1:
      meld_device_release(handle<meld_device_t>(devices));
      break;
    case 2: {
      meld_device_info_t info;
      meld_device_get_info(handle<meld_device_t>(devices), &info);
      break;
    }
    case 3: {
      meld_buffer_t b;
      size_t bytes = in.byte() < 250 ? in.below(1 << 12) : in.u64();
      int kind = in.byte() % 3; // 2 is no memory kind
      auto alloc = reinterpret_cast<BufferAllocFromC>(&meld_buffer_alloc);
      if (alloc(handle<meld_device_t>(devices), bytes, kind, &b) == MELD_OK)
        buffers.add(b.id);
      break;
    }
    case 4:
      meld_buffer_release(handle<meld_buffer_t>(buffers));
      break;
    case 5: {
      size_t bytes;
      meld_buffer_size(handle<meld_buffer_t>(buffers), &bytes);
      break;
    }
    case 6: {
      meld_buffer_t b = handle<meld_buffer_t>(buffers);
      void *pointer = nullptr;
      size_t bytes = 0;
      if (meld_buffer_host_pointer(b, &pointer) == MELD_OK &&
          meld_buffer_size(b, &bytes) == MELD_OK && pointer)
        std::memset(pointer, in.byte(), bytes);
      break;
    }
    case 7:
      meld_buffer_write(handle<meld_stream_t>(streams),
                        handle<meld_buffer_t>(buffers), in.below(1 << 13),
                        scratch.data(), in.below(scratch.size() + 1));
      break;
    case 8:
      meld_buffer_read(handle<meld_stream_t>(streams),
                       handle<meld_buffer_t>(buffers), in.below(1 << 13),
                       scratch.data(), in.below(scratch.size() + 1));
      break;
    case 9:
      meld_buffer_copy(handle<meld_stream_t>(streams),
                       handle<meld_buffer_t>(buffers),
                       handle<meld_buffer_t>(buffers), in.below(1 << 13));
      break;
    case 10: {
      meld_stream_t s;
      if (meld_stream_create(handle<meld_device_t>(devices), &s) == MELD_OK)
        streams.add(s.id);
      break;
    }
    case 11:
      meld_stream_release(handle<meld_stream_t>(streams));
      break;
    case 12:
      meld_stream_synchronize(handle<meld_stream_t>(streams));
      break;
    case 13: {
      meld_event_t e;
      if (meld_event_create(handle<meld_device_t>(devices), &e) == MELD_OK)
        events.add(e.id);
      break;
    }
    case 14:
      meld_event_release(handle<meld_event_t>(events));
      break;
    case 15:
      meld_event_record(handle<meld_event_t>(events),
                        handle<meld_stream_t>(streams));
      break;
    case 16:
      meld_stream_wait_event(handle<meld_stream_t>(streams),
                             handle<meld_event_t>(events));
      break;
    case 17:
      meld_event_synchronize(handle<meld_event_t>(events));
      break;
    case 18: {
      meld_executable_t e;
      if (meld_executable_load(handle<meld_device_t>(devices),
                               reference.data(), reference.size(),
                               &e) == MELD_OK)
        exes.add(e.id);
      break;
    }
    case 19: {
      meld_executable_t e;
      llvm::StringRef bytes = in.bytes(in.below(256));
      if (meld_executable_load(handle<meld_device_t>(devices), bytes.data(),
                               bytes.size(), &e) == MELD_OK)
        exes.add(e.id);
      break;
    }
    case 20:
      meld_executable_release(handle<meld_executable_t>(exes));
      break;
    case 21: {
      int count;
      meld_executable_function_count(handle<meld_executable_t>(exes), &count);
      break;
    }
    case 22: {
      const char *name;
      int inputs, outputs;
      meld_executable_function_info(handle<meld_executable_t>(exes),
                                    static_cast<int>(in.byte()) - 2, &name,
                                    &inputs, &outputs);
      break;
    }
    case 23: {
      meld_tensor_t spec;
      meld_executable_signature(handle<meld_executable_t>(exes),
                                functionName(), in.byte() % 2,
                                static_cast<int>(in.byte() % 5) - 1, &spec);
      break;
    }
    case 24: {
      meld_executable_t e = handle<meld_executable_t>(exes);
      meld_stream_t s = handle<meld_stream_t>(streams);
      const char *name = functionName();
      std::vector<meld_tensor_t> inputs = tensors(), outputs = tensors();
      meld_executable_run(e, s, name, inputs.data(),
                          static_cast<int>(inputs.size()), outputs.data(),
                          static_cast<int>(outputs.size()));
      break;
    }
    case 25: {
      meld_executable_t e = handle<meld_executable_t>(exes);
      meld_stream_t s = handle<meld_stream_t>(streams);
      const char *name = functionName();
      std::vector<meld_tensor_t> inputs = tensors(), outputs = tensors();
      meld_graph_exec_t g;
      if (meld_executable_capture(e, s, name, inputs.data(),
                                  static_cast<int>(inputs.size()),
                                  outputs.data(),
                                  static_cast<int>(outputs.size()),
                                  &g) == MELD_OK)
        execs.add(g.id);
      break;
    }
    case 26:
      meld_stream_begin_capture(handle<meld_stream_t>(streams));
      break;
    case 27: {
      meld_graph_t g;
      if (meld_stream_end_capture(handle<meld_stream_t>(streams), &g) ==
          MELD_OK)
        graphs.add(g.id);
      break;
    }
    case 28: {
      int capturing;
      meld_stream_is_capturing(handle<meld_stream_t>(streams), &capturing);
      break;
    }
    case 29: {
      meld_graph_exec_t x;
      if (meld_graph_instantiate(handle<meld_graph_t>(graphs), &x) == MELD_OK)
        execs.add(x.id);
      break;
    }
    case 30:
      meld_graph_release(handle<meld_graph_t>(graphs));
      break;
    case 31:
      meld_graph_exec_launch(handle<meld_graph_exec_t>(execs),
                             handle<meld_stream_t>(streams));
      break;
    case 32: {
      meld_graph_exec_t x = handle<meld_graph_exec_t>(execs);
      std::vector<meld_tensor_t> inputs = tensors(), outputs = tensors();
      meld_graph_exec_rebind(x, inputs.data(), static_cast<int>(inputs.size()),
                             outputs.data(), static_cast<int>(outputs.size()));
      break;
    }
    default:
      meld_graph_exec_release(handle<meld_graph_exec_t>(execs));
      break;
    }
  }

  /// Releases everything made (again, for the released ones), so that
  /// inputs do not accumulate live handles.
  void releaseAll() {
    for (uint64_t id : execs.ids)
      meld_graph_exec_release(meld_graph_exec_t{id});
    for (uint64_t id : graphs.ids)
      meld_graph_release(meld_graph_t{id});
    for (uint64_t id : streams.ids) {
      meld_graph_t g;
      if (meld_stream_end_capture(meld_stream_t{id}, &g) == MELD_OK)
        meld_graph_release(g);
      meld_stream_release(meld_stream_t{id});
    }
    for (uint64_t id : events.ids)
      meld_event_release(meld_event_t{id});
    for (uint64_t id : exes.ids)
      meld_executable_release(meld_executable_t{id});
    for (uint64_t id : buffers.ids)
      meld_buffer_release(meld_buffer_t{id});
    for (uint64_t id : devices.ids)
      meld_device_release(meld_device_t{id});
  }
};
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Machine machine(Reader(data, size));
  for (int steps = 0; steps < 128 && !machine.in.done(); ++steps)
    machine.step();
  machine.releaseAll();
  return 0;
}
