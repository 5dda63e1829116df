//===- Executable.cpp - Run and capture schedules on any device
//------------===//
//
// One walker interprets a function's schedule. Eagerly, it launches on a
// stream, takes intermediate buffers from a per-stream pool and reads
// meld.if / meld.while predicates back to the host. Capturing, it records
// the same launches into the stream's capture: intermediates come from a
// pool owned by the captured run, and control flow becomes conditional
// nodes (Stream::captureIf / captureWhile) or, on devices without them,
// separate sub-graphs with host-evaluated predicates between them. Every
// recorded node that touches a caller's buffer is remembered, so a captured
// run can be rebound to new buffers by updating just those nodes.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/Executable.h"

#include "Schedule.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>

using namespace meld;
using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
using ref::ElementKind;

static Error invalidArgument(const Twine &message) {
  return makeStatusError(MELD_ERROR_INVALID_ARGUMENT, message);
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

Expected<std::shared_ptr<Buffer>>
Buffer::allocate(std::shared_ptr<Device> device, size_t bytes,
                 MemoryKind kind) {
  Expected<void *> p = device->allocate(bytes, kind);
  if (!p)
    return p.takeError();
  auto b = std::make_shared<Buffer>(Key());
  b->device = std::move(device);
  b->ptr = *p;
  b->bytes = bytes;
  b->kind = kind;
  return b;
}

std::shared_ptr<Buffer> Buffer::wrap(std::shared_ptr<Device> device, void *data,
                                     size_t bytes,
                                     std::shared_ptr<void> owner) {
  auto b = std::make_shared<Buffer>(Key());
  b->device = std::move(device);
  b->ptr = data;
  b->bytes = bytes;
  b->owner = std::move(owner);
  return b;
}

Buffer::~Buffer() {
  if (!owner && ptr)
    device->deallocate(ptr, kind);
}

namespace {

/// Live and peak bytes of one run's pool allocations.
struct RunCounters {
  std::atomic<int64_t> live{0}, peak{0}, allocations{0}, reused{0};
  void add(int64_t bytes) {
    int64_t now = live += bytes;
    int64_t old = peak.load();
    while (now > old && !peak.compare_exchange_weak(old, now)) {
    }
  }
};

/// Device buffers by (stream, kind, size). A buffer freed by a run goes
/// back to the pool of the stream it was used on, so reusing it is ordered
/// after its last use by the stream itself; streams never share buffers.
/// A buffer asked for a schedule value (its function and slot) is, when
/// free, the one that value had in the run before: a host kernel's blocks
/// then write where the same threads wrote last time. (Handed out in the
/// order they came back, two equal results of a horizontal launch, each
/// written by one thread, traded buffers from run to run: 112 us a run
/// against 52 us for the same kernels launched apart.)
/// Owned by everything it hands out, so it outlives them.
class BufferPool : public std::enable_shared_from_this<BufferPool> {
public:
  explicit BufferPool(std::shared_ptr<Device> device)
      : device(std::move(device)) {}
  ~BufferPool() {
    for (auto &[key, p] : free)
      device->deallocate(p, std::get<1>(key));
  }

  /// `place`, when given, is the schedule value the buffer is for: its
  /// function's index and its slot.
  Expected<std::shared_ptr<Buffer>>
  allocate(size_t bytes, const void *stream, MemoryKind kind,
           const std::shared_ptr<RunCounters> &counters,
           std::optional<std::pair<size_t, size_t>> place = std::nullopt) {
    size_t size = std::max<size_t>(256, (bytes + 255) / 256 * 256);
    Key key{stream, kind, size};
    Place at{stream, place ? place->first : 0, place ? place->second : 0};
    void *p = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto [it, end] = free.equal_range(key);
      if (place)
        if (auto had = last.find(at); had != last.end())
          if (auto same = std::find_if(
                  it, end, [&](const auto &e) { return e.second == had->second; });
              same != end)
            it = same;
      if (it != end) {
        p = it->second;
        free.erase(it);
        if (counters)
          ++counters->reused;
      }
    }
    if (!p) {
      Expected<void *> fresh = device->allocate(size, kind);
      if (!fresh)
        return fresh.takeError();
      p = *fresh;
    }
    if (counters) {
      ++counters->allocations;
      counters->add(size);
    }
    if (place) {
      std::lock_guard<std::mutex> lock(mutex);
      last[at] = p;
    }
    std::shared_ptr<BufferPool> self = shared_from_this();
    std::shared_ptr<void> owner(p, [self, key, counters](void *q) {
      if (counters)
        counters->live -= std::get<2>(key);
      std::lock_guard<std::mutex> lock(self->mutex);
      self->free.emplace(key, q);
    });
    return Buffer::wrap(device, p, bytes, std::move(owner));
  }

private:
  using Key = std::tuple<const void *, MemoryKind, size_t>;
  /// (stream, function, slot).
  using Place = std::tuple<const void *, size_t, size_t>;
  std::shared_ptr<Device> device;
  std::mutex mutex;
  std::multimap<Key, void *> free;
  /// The buffer each schedule value had last.
  std::map<Place, void *> last;
};

/// A schedule value: nothing yet, an index, or a tensor. In captures a
/// tensor may be a caller's buffer (input or output #binding).
struct Value {
  enum { Empty, IndexValue, TensorValue } state = Empty;
  int64_t index = 0;
  TensorRef tensor;
  enum Binding : int8_t { Internal, Input, Output } binding = Internal;
  int32_t bindingIndex = -1;
};

/// A kernel or copy argument that may follow a caller's buffer.
struct BoundArg {
  KernelArg arg;
  Value::Binding binding = Value::Internal;
  int32_t index = -1;
};

/// A recorded node that touches a caller's buffer.
struct BoundNode {
  size_t graph = 0;
  NodeId node = nullptr;
  Kernel *kernel = nullptr; // null: a copy node
  LaunchConfig config;
  std::vector<BoundArg> args; // copy: {dst, src}
  size_t bytes = 0;
};

/// What a captured run replays: sub-graphs, and on devices without
/// conditional nodes the host-evaluated control flow between them.
struct Item {
  enum Kind { GraphItem, IfItem, WhileItem } kind = GraphItem;
  size_t graph = 0;
  /// If / While: the predicate on the device, and host-visible staging.
  const void *predicate = nullptr;
  std::shared_ptr<Buffer> staging;
  std::vector<Item> first, second; // then/else, or cond/body
};

} // namespace

//===----------------------------------------------------------------------===//
// Executable state
//===----------------------------------------------------------------------===//

class Executable::Impl {
public:
  std::shared_ptr<Device> device;
  bundle::Bundle bundle;
  Schedule schedule;
  ExecutableOptions options;
  bool gpu = false;
  std::unique_ptr<Module> module;
  std::vector<Kernel *> kernels;
  std::vector<TensorRef> constants;
  std::vector<FunctionSignature> signatures;
  /// Per function: for each slot, the output it may be computed into
  /// directly (a top-level launch result that is returned), or -1.
  std::vector<std::vector<int32_t>> directOutputs;
  std::shared_ptr<BufferPool> pool;
  mutable std::mutex statsMutex;
  RunStats lastStats;

  Error checkArgs(const FunctionSignature &sig, llvm::ArrayRef<TensorRef> in,
                  llvm::ArrayRef<TensorRef> out, bool outputsRequired) const;
};

namespace {

/// Capture bookkeeping shared by a capture's walkers.
struct CaptureState {
  std::shared_ptr<BufferPool> pool;
  std::vector<std::unique_ptr<Graph>> graphs;
  std::vector<Item> items;
  std::vector<BoundNode> bound;
  std::vector<std::shared_ptr<Buffer>> keep;
  int64_t kernelNodes = 0;
  bool deviceConditionals = true;
};

/// Walks a schedule, eagerly or into a capture.
class Walker {
public:
  Walker(Executable::Impl &exe, const Function &function, Stream &stream,
         llvm::ArrayRef<TensorRef> outputs, CaptureState *capture)
      : counters(capture ? nullptr : std::make_shared<RunCounters>()), exe(exe),
        function(function), stream(&stream), outputs(outputs), capture(capture),
        slots(function.numSlots) {}
  /// An eager run into outputs that the walker may take: a launch computing
  /// into one moves it into its result, and leaves it without a buffer.
  Walker(Executable::Impl &exe, const Function &function, Stream &stream,
         llvm::MutableArrayRef<TensorRef> outputs)
      : Walker(exe, function, stream, outputs, nullptr) {
    movableOutputs = outputs;
  }

  /// Runs the function on `args`, which it takes (moves from).
  Error run(std::vector<Value> args, std::vector<Value> &results);

  RunStats stats;
  std::shared_ptr<RunCounters> counters;

private:
  /// Runs `region` on `args` (taken into its argument slots) and appends
  /// what it yields; `consume`: moves the yields out of their slots (the
  /// function's own body, whose slots die with the run).
  Error region(const Region &region, std::vector<Value> args,
               std::vector<Value> &yielded, bool consume = false);
  Error step(const Step &step);
  Error launch(const Step &step);
  Error ifStep(const Step &step);
  Error whileStep(const Step &step);
  Expected<bool> readPredicate(const Value &v, const Twine &what);
  Error checkPredicate(const Value &v, const Twine &what);
  /// `slot`: the schedule value of this function it is for, whose buffer
  /// of the run before it gets back when that is free (BufferPool).
  Expected<TensorRef> allocate(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                               MemoryKind memory = MemoryKind::Device,
                               std::optional<size_t> slot = std::nullopt);
  /// A tensor value in a fresh buffer.
  Expected<Value> allocateValue(ElementKind kind,
                                llvm::ArrayRef<int64_t> shape);
  /// Copies `src` into `dst` (same size), remembering caller buffers.
  Error copy(const Value &dst, const Value &src);
  /// Records `node` if any argument is a caller's buffer.
  void bind(NodeId node, Kernel *kernel, const LaunchConfig &config,
            llvm::ArrayRef<const Value *> values,
            llvm::ArrayRef<KernelArg> args, size_t bytes);
  /// Captures `body` as a conditional body on `s` (device conditionals).
  Error onStream(Stream &s, llvm::function_ref<Error()> body);
  /// Host-evaluated fallback: closes the current sub-graph, captures
  /// `body` as its own item list into `into`, and reopens.
  Error subProgram(std::vector<Item> &into, llvm::function_ref<Error()> body);
  /// Host-evaluated fallback for meld.if (`first`, `second`) and meld.while
  /// (`first` only): an item deciding on the byte at `predicate` between
  /// the sub-graphs before and after it.
  Error hostDecision(Item::Kind kind, const void *predicate,
                     llvm::function_ref<Error()> first,
                     llvm::function_ref<Error()> second = nullptr);
  Error closeGraph();
  Error openGraph();

  Executable::Impl &exe;
  const Function &function;
  Stream *stream;
  llvm::ArrayRef<TensorRef> outputs;
  llvm::MutableArrayRef<TensorRef> movableOutputs;
  CaptureState *capture;
  std::vector<Value> slots;
  /// Where closed sub-graphs go (fallback mode).
  std::vector<Item> *items = nullptr;
  int depth = 0;
};

} // namespace

Expected<TensorRef> Walker::allocate(ElementKind kind,
                                     llvm::ArrayRef<int64_t> shape,
                                     MemoryKind memory,
                                     std::optional<size_t> slot) {
  TensorRef t;
  t.kind = kind;
  t.shape.assign(shape.begin(), shape.end());
  size_t bytes = t.sizeInBytes();
  std::optional<std::pair<size_t, size_t>> place;
  if (slot)
    place = {static_cast<size_t>(&function - exe.schedule.functions.data()),
             *slot};
  Expected<std::shared_ptr<Buffer>> b =
      capture ? capture->pool->allocate(bytes, nullptr, memory, nullptr)
              : exe.pool->allocate(bytes, stream, memory, counters, place);
  if (!b)
    return b.takeError();
  t.buffer = std::move(*b);
  if (capture)
    capture->keep.push_back(t.buffer);
  return t;
}

Expected<Value> Walker::allocateValue(ElementKind kind,
                                      llvm::ArrayRef<int64_t> shape) {
  Expected<TensorRef> t = allocate(kind, shape);
  if (!t)
    return t.takeError();
  Value v;
  v.state = Value::TensorValue;
  v.tensor = std::move(*t);
  return v;
}

void Walker::bind(NodeId node, Kernel *kernel, const LaunchConfig &config,
                  llvm::ArrayRef<const Value *> values,
                  llvm::ArrayRef<KernelArg> args, size_t bytes) {
  if (!capture)
    return;
  if (kernel)
    ++capture->kernelNodes;
  if (llvm::none_of(
          values, [](const Value *v) { return v->binding != Value::Internal; }))
    return;
  BoundNode b;
  b.graph = capture->graphs.size();
  b.node = node;
  b.kernel = kernel;
  b.config = config;
  b.bytes = bytes;
  for (auto [v, a] : llvm::zip(values, args))
    b.args.push_back({a, v->binding, v->bindingIndex});
  capture->bound.push_back(std::move(b));
}

Error Walker::copy(const Value &dst, const Value &src) {
  size_t bytes = src.tensor.sizeInBytes();
  if (dst.tensor.kind != src.tensor.kind ||
      dst.tensor.shape != src.tensor.shape)
    return invalidArgument(
        "a result of type " + ref::toString(src.tensor.kind) +
        ref::formatShape(src.tensor.shape) +
        " does not fit its destination of type " +
        ref::toString(dst.tensor.kind) + ref::formatShape(dst.tensor.shape));
  if (dst.tensor.data() == src.tensor.data() || bytes == 0)
    return Error::success();
  NodeId node = nullptr;
  if (Error e = stream->copy(dst.tensor.data(), src.tensor.data(), bytes,
                             capture ? &node : nullptr))
    return e;
  bind(node, nullptr, {}, {&dst, &src},
       {KernelArg::buffer(dst.tensor.data(), dst.tensor.shape),
        KernelArg::buffer(src.tensor.data(), src.tensor.shape)},
       bytes);
  return Error::success();
}

Error Walker::launch(const Step &step) {
  const KernelInfo &kernel = exe.schedule.kernels[step.kernel];
  std::string what = "launch of kernel '" + kernel.name + "'";
  if (step.args.size() != kernel.inputs.size() ||
      step.results.size() != kernel.outputKinds.size())
    return bundleError(what + " passes the wrong number of operands");
  llvm::SmallVector<FormulaArg> formulaArgs;
  llvm::SmallVector<const Value *> values;
  formulaArgs.reserve(kernel.inputs.size());
  values.reserve(kernel.inputs.size() + step.results.size());
  for (auto [i, input] : llvm::enumerate(kernel.inputs)) {
    const Value &s = slots[step.args[i]];
    values.push_back(&s);
    if (input.isIndex) {
      if (s.state != Value::IndexValue)
        return bundleError(what + ": operand #" + Twine(i) +
                           " is not an index");
      formulaArgs.push_back({true, s.index, {}});
      continue;
    }
    bool matches = s.state == Value::TensorValue &&
                   s.tensor.kind == input.kind &&
                   s.tensor.shape.size() == input.shape.size();
    for (size_t d = 0; matches && d < input.shape.size(); ++d)
      matches = input.shape[d] < 0 || input.shape[d] == s.tensor.shape[d];
    if (!matches)
      return bundleError(what + ": operand #" + Twine(i) +
                         " does not have the kernel's type");
    formulaArgs.push_back({false, 0, s.tensor.shape});
  }

  // Results: computed into a caller's output when they are returned as is.
  std::vector<Value> results(step.results.size());
  for (auto [r, kind, formulas] :
       llvm::zip(results, kernel.outputKinds, kernel.outputShapes)) {
    llvm::SmallVector<int64_t> shape;
    for (const llvm::json::Value &f : formulas) {
      Expected<int64_t> d = evaluateFormula(f, formulaArgs);
      if (!d)
        return d.takeError();
      if (*d < 0)
        return executionError(what + ": result dimension " + Twine(*d) +
                              " is negative");
      shape.push_back(*d);
    }
    if (ref::numElements(shape) > ref::kMaxElements)
      return executionError(what + ": a result would have more than 2^31 "
                                   "elements");
    r.state = Value::TensorValue;
    size_t slot = step.results[&r - results.data()];
    int32_t out =
        depth == 0 && !outputs.empty()
            ? exe.directOutputs[&function - exe.schedule.functions.data()][slot]
            : -1;
    if (out >= 0 && outputs[out].buffer && outputs[out].kind == kind &&
        llvm::ArrayRef(outputs[out].shape) == llvm::ArrayRef(shape)) {
      if (movableOutputs.empty())
        r.tensor = outputs[out];
      else
        r.tensor = std::move(movableOutputs[out]);
      r.binding = Value::Output;
      r.bindingIndex = out;
      continue;
    }
    Expected<TensorRef> t = allocate(kind, shape, MemoryKind::Device, slot);
    if (!t)
      return t.takeError();
    r.tensor = std::move(*t);
  }

  llvm::SmallVector<KernelArg> args;
  args.reserve(values.size() + results.size());
  for (const Value *v : values)
    args.push_back(v->state == Value::IndexValue
                       ? KernelArg::indexValue(v->index)
                       : KernelArg::buffer(v->tensor.data(), v->tensor.shape));
  for (const Value &r : results) {
    values.push_back(&r);
    args.push_back(KernelArg::buffer(r.tensor.data(), r.tensor.shape));
  }

  LaunchConfig config;
  int64_t blocks = 0;
  if (exe.gpu) {
    for (int i = 0; i < 3; ++i) {
      Expected<int64_t> g = evaluateFormula(kernel.gpuGrid[i], formulaArgs);
      if (!g)
        return g.takeError();
      if (*g < 0 || *g > INT32_MAX)
        return executionError(what + ": grid size " + Twine(*g) +
                              " is out of range");
      config.grid[i] = *g;
      config.block[i] = kernel.gpuBlock[i];
    }
    blocks = config.grid[0] * config.grid[1] * config.grid[2];
  } else {
    Expected<int64_t> b = evaluateFormula(kernel.hostBlocks, formulaArgs);
    if (!b)
      return b.takeError();
    config.hostBlocks = blocks = std::max<int64_t>(*b, 0);
  }
  ++stats.launches;
  stats.blocks += blocks;
  if (blocks > 0) {
    NodeId node = nullptr;
    Kernel *k = exe.kernels[step.kernel];
    if (Error e = stream->launch(*k, config, args, capture ? &node : nullptr))
      return e;
    bind(node, k, config, values, args, 0);
  }
  for (auto [slot, r] : llvm::zip(step.results, results))
    slots[slot] = std::move(r);
  return Error::success();
}

Error Walker::checkPredicate(const Value &v, const Twine &what) {
  if (v.state != Value::TensorValue || v.tensor.kind != ElementKind::I1 ||
      ref::numElements(v.tensor.shape) != 1)
    return executionError(what + ": the predicate is not a one-element i1 "
                                 "tensor");
  return Error::success();
}

/// Reads the predicate byte at `predicate` on the host through
/// host-visible `staging`, after the work before it on `stream`.
static Expected<bool> readPredicateByte(Stream &stream, void *staging,
                                        const void *predicate) {
  if (Error e = stream.copy(staging, predicate, 1))
    return std::move(e);
  if (Error e = stream.synchronize())
    return std::move(e);
  return *static_cast<const uint8_t *>(staging) != 0;
}

Expected<bool> Walker::readPredicate(const Value &v, const Twine &what) {
  if (Error e = checkPredicate(v, what))
    return std::move(e);
  Expected<TensorRef> staging =
      allocate(ElementKind::I1, {1}, MemoryKind::HostVisible);
  if (!staging)
    return staging.takeError();
  return readPredicateByte(*stream, staging->data(), v.tensor.data());
}

Error Walker::onStream(Stream &s, llvm::function_ref<Error()> body) {
  Stream *outer = stream;
  stream = &s;
  ++depth;
  Error e = body();
  --depth;
  stream = outer;
  return e;
}

Error Walker::closeGraph() {
  Expected<std::unique_ptr<Graph>> g = stream->endCapture();
  if (!g)
    return g.takeError();
  Item item;
  item.graph = capture->graphs.size();
  capture->graphs.push_back(std::move(*g));
  items->push_back(std::move(item));
  return Error::success();
}

Error Walker::openGraph() { return stream->beginCapture(); }

Error Walker::subProgram(std::vector<Item> &into,
                         llvm::function_ref<Error()> body) {
  std::vector<Item> *outer = items;
  items = &into;
  ++depth;
  Error e = openGraph();
  if (!e)
    e = body();
  if (!e)
    e = closeGraph();
  --depth;
  items = outer;
  return e;
}

Error Walker::hostDecision(Item::Kind kind, const void *predicate,
                           llvm::function_ref<Error()> first,
                           llvm::function_ref<Error()> second) {
  Item item;
  item.kind = kind;
  item.predicate = predicate;
  Expected<TensorRef> staging =
      allocate(ElementKind::I1, {1}, MemoryKind::HostVisible);
  if (!staging)
    return staging.takeError();
  item.staging = staging->buffer;
  if (Error e = closeGraph())
    return e;
  if (Error e = subProgram(item.first, first))
    return e;
  if (second)
    if (Error e = subProgram(item.second, second))
      return e;
  items->push_back(std::move(item));
  return openGraph();
}

Error Walker::ifStep(const Step &step) {
  Value pred = slots[step.pred];
  if (!capture) {
    Expected<bool> taken = readPredicate(pred, "meld.if");
    if (!taken)
      return taken.takeError();
    std::vector<Value> yielded;
    if (Error e = region(*taken ? *step.first : *step.second, {}, yielded))
      return e;
    for (auto [slot, value] : llvm::zip(step.results, yielded))
      slots[slot] = std::move(value);
    return Error::success();
  }
  if (Error e = checkPredicate(pred, "meld.if"))
    return e;
  // The conditional reads its predicate through a fixed address: one in a
  // caller's buffer (a predicate that is also an argument or a result)
  // moves when a replay binds other buffers, so it is staged in a buffer
  // of the run's own first.
  if (pred.binding != Value::Internal) {
    Expected<Value> staged = allocateValue(ElementKind::I1, pred.tensor.shape);
    if (!staged)
      return staged.takeError();
    if (Error e = copy(*staged, pred))
      return e;
    pred = std::move(*staged);
  }
  // Both branches write their results into the same buffers.
  std::vector<Value> results(step.results.size());
  auto branch = [&](const Region &r) -> Error {
    std::vector<Value> yielded;
    if (Error e = region(r, {}, yielded))
      return e;
    for (auto [result, value] : llvm::zip(results, yielded)) {
      if (value.state != Value::TensorValue)
        return executionError("meld.if yields an index; only tensors can be "
                              "captured");
      if (result.state == Value::Empty) {
        Expected<Value> r =
            allocateValue(value.tensor.kind, value.tensor.shape);
        if (!r)
          return r.takeError();
        result = std::move(*r);
      } else if (result.tensor.shape != value.tensor.shape) {
        return executionError("the branches of meld.if yield different "
                              "shapes; such a program cannot be captured");
      }
      if (Error e = copy(result, value))
        return e;
    }
    return Error::success();
  };
  if (capture->deviceConditionals) {
    if (Error e = stream->captureIf(
            pred.tensor.data(),
            [&](Stream &s) {
              return onStream(s, [&] { return branch(*step.first); });
            },
            [&](Stream &s) {
              return onStream(s, [&] { return branch(*step.second); });
            }))
      return e;
  } else if (Error e = hostDecision(
                 Item::IfItem, pred.tensor.data(),
                 [&] { return branch(*step.first); },
                 [&] { return branch(*step.second); })) {
    return e;
  }
  for (auto [slot, value] : llvm::zip(step.results, results))
    slots[slot] = std::move(value);
  return Error::success();
}

Error Walker::whileStep(const Step &step) {
  std::vector<Value> current;
  for (int64_t s : step.args)
    current.push_back(slots[s]);
  if (!capture) {
    for (int64_t iteration = 0;; ++iteration) {
      std::vector<Value> pred;
      if (Error e = region(*step.first, current, pred))
        return e;
      Expected<bool> again = readPredicate(pred.front(), "meld.while");
      if (!again)
        return again.takeError();
      if (!*again)
        break;
      if (iteration >= exe.options.maxWhileIterations)
        return executionError("meld.while ran more than " +
                              Twine(exe.options.maxWhileIterations) +
                              " iterations");
      std::vector<Value> next;
      if (Error e = region(*step.second, current, next))
        return e;
      current = std::move(next);
    }
    for (auto [slot, value] : llvm::zip(step.results, current))
      slots[slot] = std::move(value);
    return Error::success();
  }

  // Captured: the loop-carried values live in fixed buffers; the condition
  // region runs before the loop and at the end of every iteration, leaving
  // the predicate in one fixed byte.
  std::vector<Value> carried;
  for (const Value &v : current) {
    if (v.state != Value::TensorValue)
      return executionError("meld.while carries an index; only tensors can "
                            "be captured");
    Expected<Value> c = allocateValue(v.tensor.kind, v.tensor.shape);
    if (!c)
      return c.takeError();
    if (Error e = copy(*c, v))
      return e;
    carried.push_back(std::move(*c));
  }
  Value pred; // allocated like the first predicate
  auto condition = [&]() -> Error {
    std::vector<Value> yielded;
    if (Error e = region(*step.first, carried, yielded))
      return e;
    if (Error e = checkPredicate(yielded.front(), "meld.while"))
      return e;
    if (pred.state == Value::Empty) {
      Expected<Value> p =
          allocateValue(ElementKind::I1, yielded.front().tensor.shape);
      if (!p)
        return p.takeError();
      pred = std::move(*p);
    }
    return copy(pred, yielded.front());
  };
  auto body = [&]() -> Error {
    std::vector<Value> next;
    if (Error e = region(*step.second, carried, next))
      return e;
    // Stage values that are themselves carried buffers, so a permutation of
    // the carried values does not overwrite one before it is read.
    for (Value &n : next) {
      if (n.state != Value::TensorValue)
        return executionError("meld.while yields an index; only tensors can "
                              "be captured");
      bool isCarried = llvm::any_of(carried, [&](const Value &c) {
        return c.tensor.data() == n.tensor.data();
      });
      if (!isCarried)
        continue;
      Expected<Value> staged = allocateValue(n.tensor.kind, n.tensor.shape);
      if (!staged)
        return staged.takeError();
      if (Error e = copy(*staged, n))
        return e;
      n = std::move(*staged);
    }
    for (auto [c, n] : llvm::zip(carried, next))
      if (c.tensor.shape != n.tensor.shape)
        return executionError("a meld.while loop changes the shape of a "
                              "carried value; it cannot be captured");
      else if (Error e = copy(c, n))
        return e;
    return condition();
  };
  if (Error e = condition())
    return e;
  if (capture->deviceConditionals) {
    if (Error e = stream->captureWhile(
            pred.tensor.data(), [&](Stream &s) { return onStream(s, body); }))
      return e;
  } else if (Error e =
                 hostDecision(Item::WhileItem, pred.tensor.data(), body)) {
    return e;
  }
  for (auto [slot, value] : llvm::zip(step.results, carried))
    slots[slot] = std::move(value);
  return Error::success();
}

Error Walker::step(const Step &step) {
  switch (step.kind) {
  case Step::Launch:
    return launch(step);
  case Step::Dim: {
    const Value &v = slots[step.source];
    if (v.state != Value::TensorValue)
      return bundleError("meld.dim reads a slot that holds no tensor");
    if (step.dimIndex < 0 ||
        step.dimIndex >= static_cast<int64_t>(v.tensor.shape.size()))
      return bundleError("meld.dim index out of range");
    Value r;
    r.state = Value::IndexValue;
    r.index = v.tensor.shape[step.dimIndex];
    slots[step.result] = std::move(r);
    return Error::success();
  }
  case Step::Constant: {
    Value r;
    r.state = Value::TensorValue;
    r.tensor = exe.constants[step.constant];
    slots[step.result] = std::move(r);
    return Error::success();
  }
  case Step::Index: {
    int64_t a = step.value, b = 0;
    if (step.fn != IndexFn::Const) {
      const Value &x = slots[step.args[0]], &y = slots[step.args[1]];
      if (x.state != Value::IndexValue || y.state != Value::IndexValue)
        return bundleError("index arithmetic on a slot that holds no index");
      a = x.index;
      b = y.index;
    }
    Expected<int64_t> r = applyIndexFn(step.fn, a, b);
    if (!r)
      return r.takeError();
    Value v;
    v.state = Value::IndexValue;
    v.index = *r;
    slots[step.result] = std::move(v);
    return Error::success();
  }
  case Step::If:
    return ifStep(step);
  case Step::While:
    return whileStep(step);
  }
  llvm_unreachable("unknown step kind");
}

Error Walker::region(const Region &r, std::vector<Value> args,
                     std::vector<Value> &yielded, bool consume) {
  if (args.size() != r.args.size())
    return bundleError("a region receives the wrong number of values");
  for (auto [slot, value] : llvm::zip(r.args, args))
    slots[slot] = std::move(value);
  yielded.reserve(yielded.size() + r.yield.size());
  for (const Step &s : r.steps) {
    if (Error e = step(s))
      return e;
    for (int64_t slot : s.release)
      slots[slot] = Value();
  }
  for (int64_t slot : r.yield)
    if (slots[slot].state == Value::Empty)
      return bundleError("a region yields a value it never defined");
  for (auto [i, slot] : llvm::enumerate(r.yield)) {
    // A slot yielded again later is copied until its last yield.
    yielded.push_back(consume && r.lastYield[i] ? std::move(slots[slot])
                                                : slots[slot]);
  }
  return Error::success();
}

Error Walker::run(std::vector<Value> args, std::vector<Value> &results) {
  std::vector<Value> yielded;
  if (capture) {
    items = &capture->items;
    if (Error e = openGraph())
      return e;
  }
  if (Error e =
          region(function.body, std::move(args), yielded, /*consume=*/true)) {
    if (capture && stream->isCapturing())
      if (Expected<std::unique_ptr<Graph>> g = stream->endCapture(); !g)
        llvm::consumeError(g.takeError());
    return e;
  }
  for (auto [i, v] : llvm::enumerate(yielded))
    if (v.state != Value::TensorValue)
      return bundleError("function '" + function.signature.name +
                         "' returns something that is not a tensor");
  if (!outputs.empty()) {
    for (auto [i, v] : llvm::enumerate(yielded)) {
      // A result with no output of its own (a run that only writes the
      // donated results in place) keeps the buffer it was computed in.
      if (!outputs[i].buffer)
        continue;
      // Computed in place already (what copy() would find).
      const TensorRef &o = outputs[i];
      if (o.data() == v.tensor.data() && o.kind == v.tensor.kind &&
          o.shape == v.tensor.shape)
        continue;
      Value out;
      out.state = Value::TensorValue;
      out.tensor = outputs[i];
      out.binding = Value::Output;
      out.bindingIndex = i;
      if (Error e = copy(out, v))
        return e;
    }
  }
  if (capture)
    if (Error e = closeGraph())
      return e;
  results = std::move(yielded);
  if (counters) {
    stats.peakBytes = counters->peak;
    stats.allocations = counters->allocations;
    stats.reused = counters->reused;
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Executable
//===----------------------------------------------------------------------===//

Error Executable::Impl::checkArgs(const FunctionSignature &sig,
                                  llvm::ArrayRef<TensorRef> in,
                                  llvm::ArrayRef<TensorRef> out,
                                  bool outputsRequired) const {
  std::string what = "function '" + sig.name + "'";
  if (in.size() != sig.inputs.size())
    return invalidArgument(what + " takes " + Twine(sig.inputs.size()) +
                           " argument(s), got " + Twine(in.size()));
  if ((outputsRequired || !out.empty()) && out.size() != sig.outputs.size())
    return invalidArgument(what + " has " + Twine(sig.outputs.size()) +
                           " result(s), got " + Twine(out.size()) +
                           " output buffer(s)");
  auto check = [&](const TensorSpec &spec, const TensorRef &t,
                   const Twine &name) -> Error {
    if (!t.buffer)
      return invalidArgument(what + ": " + name + " has no buffer");
    if (&t.buffer->getDevice() != device.get())
      return invalidArgument(what + ": " + name +
                             " is a buffer of another device");
    bool matches = t.kind == spec.kind && t.shape.size() == spec.shape.size();
    for (size_t d = 0; matches && d < spec.shape.size(); ++d)
      matches =
          t.shape[d] >= 0 && (spec.shape[d] < 0 || spec.shape[d] == t.shape[d]);
    if (!matches)
      return invalidArgument(what + ": " + name + " has type " +
                             ref::toString(t.kind) + ref::formatShape(t.shape) +
                             ", which does not match the signature's " +
                             ref::toString(spec.kind) +
                             ref::formatShape(spec.shape));
    if (ref::numElements(t.shape) > ref::kMaxElements ||
        t.offset > t.buffer->size() ||
        t.sizeInBytes() > t.buffer->size() - t.offset)
      return invalidArgument(what + ": " + name + " needs " +
                             Twine(t.sizeInBytes()) + " bytes at offset " +
                             Twine(t.offset) + ", but its buffer has " +
                             Twine(t.buffer->size()));
    if (reinterpret_cast<uintptr_t>(t.data()) % 16)
      return invalidArgument(what + ": " + name +
                             " is not 16-byte aligned (kernels use 128-bit "
                             "accesses)");
    return Error::success();
  };
  for (auto [i, spec, t] : llvm::enumerate(sig.inputs, in))
    if (Error e = check(spec, t, "argument #" + Twine(i)))
      return e;
  if (!out.empty())
    for (auto [i, spec, t] : llvm::enumerate(sig.outputs, out))
      if (Error e = check(spec, t, "output #" + Twine(i)))
        return e;
  // An output may share memory with an input only when it is the very
  // buffer of an input donated to it: a kernel reads each donated element
  // before it writes it (checked at compile time), but any other overlap
  // would let a kernel overwrite what it has yet to read.
  for (auto [i, o] : llvm::enumerate(out)) {
    auto *oBegin = static_cast<const char *>(o.data());
    const char *oEnd = oBegin + o.sizeInBytes();
    for (auto [j, t] : llvm::enumerate(in)) {
      auto *iBegin = static_cast<const char *>(t.data());
      const char *iEnd = iBegin + t.sizeInBytes();
      if (oBegin >= iEnd || iBegin >= oEnd || o.sizeInBytes() == 0 ||
          t.sizeInBytes() == 0)
        continue;
      bool donated = sig.donations.size() == in.size() &&
                     sig.donations[j] == static_cast<int64_t>(i) &&
                     oBegin == iBegin && oEnd == iEnd;
      if (!donated)
        return invalidArgument(what + ": output #" + Twine(i) +
                               " overlaps argument #" + Twine(j) +
                               ", which is not donated to it (meld.donate)");
    }
  }
  return Error::success();
}

Executable::Executable(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Executable::~Executable() = default;

const std::vector<FunctionSignature> &Executable::getFunctions() const {
  return impl->signatures;
}

Expected<const FunctionSignature *>
Executable::getFunction(StringRef name) const {
  Expected<const Function *> f = impl->schedule.lookup(name);
  if (!f)
    return f.takeError();
  return &(*f)->signature;
}

Device &Executable::getDevice() const { return *impl->device; }

RunStats Executable::getLastRunStats() const {
  std::lock_guard<std::mutex> lock(impl->statsMutex);
  return impl->lastStats;
}

static std::vector<Value> inputValues(std::vector<TensorRef> &&inputs) {
  std::vector<Value> values(inputs.size());
  for (auto [v, t] : llvm::zip_equal(values, inputs)) {
    v.state = Value::TensorValue;
    v.tensor = std::move(t);
  }
  return values;
}

static std::vector<Value> inputValues(llvm::ArrayRef<TensorRef> inputs,
                                      bool bound) {
  std::vector<Value> values;
  values.reserve(inputs.size());
  for (auto [i, t] : llvm::enumerate(inputs)) {
    Value v;
    v.state = Value::TensorValue;
    v.tensor = t;
    if (bound) {
      v.binding = Value::Input;
      v.bindingIndex = i;
    }
    values.push_back(std::move(v));
  }
  return values;
}

/// An eager run of `name`; `outputsRequired`: one output per result, else
/// none (the results are then allocated). `taken`: the inputs' references,
/// moved into the run (else they are copied from `inputs`).
static Expected<std::vector<Value>>
runEagerly(Executable::Impl &impl, Stream &stream, StringRef name,
           llvm::ArrayRef<TensorRef> inputs, llvm::ArrayRef<TensorRef> outputs,
           bool outputsRequired, std::vector<TensorRef> *taken = nullptr) {
  Expected<const Function *> function = impl.schedule.lookup(name);
  if (!function)
    return function.takeError();
  if (Error e = impl.checkArgs((*function)->signature, inputs, outputs,
                               outputsRequired))
    return std::move(e);
  if (stream.isCapturing())
    return makeStatusError(MELD_ERROR_CAPTURE,
                           "eager runs read predicates back to the host and "
                           "cannot be captured; use capture()");
  // With no outputs given, donated results are written into their
  // arguments' buffers; the others are allocated.
  std::vector<TensorRef> donated;
  const FunctionSignature &sig = (*function)->signature;
  if (outputs.empty() && llvm::any_of(sig.donations,
                                      [](int64_t r) { return r >= 0; })) {
    donated.resize(sig.outputs.size());
    for (auto [arg, result] : llvm::enumerate(sig.donations))
      if (result >= 0)
        donated[result] = inputs[arg];
  }
  std::optional<Walker> walker;
  if (!donated.empty())
    walker.emplace(impl, **function, stream, llvm::MutableArrayRef(donated));
  else
    walker.emplace(impl, **function, stream, outputs, nullptr);
  std::vector<Value> results;
  if (Error e = walker->run(taken ? inputValues(std::move(*taken))
                                  : inputValues(inputs, false),
                            results))
    return std::move(e);
  // A donated result that no launch computed in place has been copied into
  // its argument's buffer.
  for (auto [v, out] : llvm::zip(results, donated))
    if (out.buffer)
      v.tensor = std::move(out);
  {
    std::lock_guard<std::mutex> lock(impl.statsMutex);
    impl.lastStats = walker->stats;
  }
  return results;
}

static std::vector<TensorRef> tensorsOf(std::vector<Value> &&values) {
  std::vector<TensorRef> out;
  out.reserve(values.size());
  for (Value &v : values)
    out.push_back(std::move(v.tensor));
  return out;
}

Expected<std::vector<TensorRef>>
Executable::run(Stream &stream, StringRef name,
                llvm::ArrayRef<TensorRef> inputs,
                llvm::ArrayRef<TensorRef> outputs) {
  Expected<std::vector<Value>> results =
      runEagerly(*impl, stream, name, inputs, outputs, false);
  if (!results)
    return results.takeError();
  if (!outputs.empty())
    return std::vector<TensorRef>(outputs.begin(), outputs.end());
  return tensorsOf(std::move(*results));
}

Expected<std::vector<TensorRef>>
Executable::run(Stream &stream, StringRef name,
                std::vector<TensorRef> &&inputs) {
  Expected<std::vector<Value>> results =
      runEagerly(*impl, stream, name, inputs, {}, false, &inputs);
  if (!results)
    return results.takeError();
  return tensorsOf(std::move(*results));
}

Error Executable::runInto(Stream &stream, StringRef name,
                          llvm::ArrayRef<TensorRef> inputs,
                          llvm::ArrayRef<TensorRef> outputs) {
  return runEagerly(*impl, stream, name, inputs, outputs, true).takeError();
}

struct CapturedRun::Impl {
  std::shared_ptr<Device> device;
  const FunctionSignature *signature = nullptr;
  CaptureState state;
  std::vector<std::unique_ptr<GraphExec>> execs;
  std::vector<TensorRef> inputs, outputs;
  std::mutex mutex;

  Error replay(Stream &stream, llvm::ArrayRef<Item> items) {
    for (const Item &item : items) {
      switch (item.kind) {
      case Item::GraphItem:
        if (Error e = execs[item.graph]->launch(stream))
          return e;
        break;
      case Item::IfItem: {
        Expected<bool> p = read(stream, item);
        if (!p)
          return p.takeError();
        if (Error e = replay(stream, *p ? item.first : item.second))
          return e;
        break;
      }
      case Item::WhileItem:
        for (int64_t i = 0;; ++i) {
          Expected<bool> p = read(stream, item);
          if (!p)
            return p.takeError();
          if (!*p)
            break;
          if (i == (int64_t(1) << 30))
            return makeStatusError(MELD_ERROR_EXECUTION,
                                   "a captured meld.while ran more than 2^30 "
                                   "iterations");
          if (Error e = replay(stream, item.first))
            return e;
        }
        break;
      }
    }
    return Error::success();
  }

  Expected<bool> read(Stream &stream, const Item &item) {
    return readPredicateByte(stream, item.staging->data(), item.predicate);
  }
};

CapturedRun::CapturedRun(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
CapturedRun::~CapturedRun() = default;

Error CapturedRun::replay(Stream &stream) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  return impl->replay(stream, impl->state.items);
}

int64_t CapturedRun::getNumKernelNodes() const {
  return impl->state.kernelNodes;
}
int64_t CapturedRun::getNumBoundNodes() const {
  return impl->state.bound.size();
}
int64_t CapturedRun::getNumGraphs() const { return impl->execs.size(); }

Error CapturedRun::rebind(llvm::ArrayRef<TensorRef> inputs,
                          llvm::ArrayRef<TensorRef> outputs) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  auto same = [&](llvm::ArrayRef<TensorRef> now,
                  llvm::ArrayRef<TensorRef> before, StringRef what) -> Error {
    if (now.size() != before.size())
      return invalidArgument("rebind: expected " + Twine(before.size()) + " " +
                             what + "s, got " + Twine(now.size()));
    for (auto [i, a, b] : llvm::enumerate(now, before)) {
      if (!a.buffer)
        return invalidArgument("rebind: " + what + " #" + Twine(i) +
                               " has no buffer");
      if (&a.buffer->getDevice() != impl->device.get())
        return invalidArgument("rebind: " + what + " #" + Twine(i) +
                               " is a buffer of another device");
      if (a.kind != b.kind || a.shape != b.shape)
        return invalidArgument(
            "rebind: " + what + " #" + Twine(i) + " has type " +
            ref::toString(a.kind) + ref::formatShape(a.shape) +
            " but the graph was captured with " + ref::toString(b.kind) +
            ref::formatShape(b.shape));
      if (a.offset > a.buffer->size() ||
          a.sizeInBytes() > a.buffer->size() - a.offset)
        return invalidArgument("rebind: " + what + " #" + Twine(i) +
                               " does not fit in its buffer");
      if (reinterpret_cast<uintptr_t>(a.data()) % 16)
        return invalidArgument("rebind: " + what + " #" + Twine(i) +
                               " is not 16-byte aligned");
    }
    return Error::success();
  };
  if (Error e = same(inputs, impl->inputs, "input"))
    return e;
  if (Error e = same(outputs, impl->outputs, "output"))
    return e;
  for (const BoundNode &b : impl->state.bound) {
    llvm::SmallVector<KernelArg> args;
    for (const BoundArg &a : b.args) {
      KernelArg k = a.arg;
      if (a.binding == Value::Input)
        k.data = inputs[a.index].data();
      else if (a.binding == Value::Output)
        k.data = outputs[a.index].data();
      args.push_back(std::move(k));
    }
    GraphExec &exec = *impl->execs[b.graph];
    if (Error e =
            b.kernel
                ? exec.updateKernel(b.node, *b.kernel, b.config, args)
                : exec.updateCopy(b.node, args[0].data, args[1].data, b.bytes))
      return e;
  }
  impl->inputs.assign(inputs.begin(), inputs.end());
  impl->outputs.assign(outputs.begin(), outputs.end());
  return Error::success();
}

Expected<std::unique_ptr<CapturedRun>>
Executable::capture(Stream &stream, StringRef name,
                    llvm::ArrayRef<TensorRef> inputs,
                    llvm::ArrayRef<TensorRef> outputs) {
  Expected<const Function *> function = impl->schedule.lookup(name);
  if (!function)
    return function.takeError();
  if (Error e = impl->checkArgs((*function)->signature, inputs, outputs, true))
    return std::move(e);
  if (stream.isCapturing())
    return makeStatusError(MELD_ERROR_CAPTURE,
                           "the stream is already capturing");
  auto run = std::make_unique<CapturedRun::Impl>();
  run->device = impl->device;
  run->signature = &(*function)->signature;
  run->state.pool = std::make_shared<BufferPool>(impl->device);
  run->state.deviceConditionals = impl->options.deviceConditionals &&
                                  impl->device->getInfo().conditionalNodes;
  run->inputs.assign(inputs.begin(), inputs.end());
  run->outputs.assign(outputs.begin(), outputs.end());
  {
    Walker walker(*impl, **function, stream, outputs, &run->state);
    std::vector<Value> results;
    if (Error e = walker.run(inputValues(inputs, true), results))
      return std::move(e);
  }
  for (std::unique_ptr<Graph> &g : run->state.graphs) {
    Expected<std::unique_ptr<GraphExec>> exec = g->instantiate();
    if (!exec)
      return exec.takeError();
    run->execs.push_back(std::move(*exec));
  }
  return std::unique_ptr<CapturedRun>(new CapturedRun(std::move(run)));
}

Expected<std::unique_ptr<Executable>>
Executable::load(std::shared_ptr<Device> device, bundle::Bundle bundle,
                 ExecutableOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->device = device;
  impl->options = options;
  impl->bundle = std::move(bundle);
  Expected<Schedule> schedule = Schedule::parse(impl->bundle);
  if (!schedule)
    return schedule.takeError();
  impl->schedule = std::move(*schedule);
  impl->pool = std::make_shared<BufferPool>(device);
  const DeviceInfo &info = device->getInfo();
  impl->gpu = info.target != "host";

  // The binary that suits the device best.
  const Schedule::Binary *best = nullptr;
  int bestRate = -1;
  std::string available;
  for (const Schedule::Binary &b : impl->schedule.binaries) {
    ModuleImage image{b.target,
                      b.chip,
                      b.format,
                      b.triple,
                      impl->bundle.blobs[b.blob],
                      b.waitsForGridDependencies,
                      b.features};
    int r = device->rate(image);
    if (r > bestRate) {
      bestRate = r;
      best = &b;
    }
    available += (available.empty() ? "" : ", ") + b.target +
                 (b.chip.empty() ? "" : " " + b.chip) + " " + b.format +
                 (b.triple.empty() ? "" : " for " + b.triple);
  }
  if (!best || bestRate < 0)
    return makeStatusError(
        MELD_ERROR_UNSUPPORTED,
        "the bundle has no binary for device '" + info.name + "' (target " +
            info.target + ", chip " + info.chip + "); it has: " +
            (available.empty() ? std::string("none") : available) +
            ". Compile it with --targets=" + info.target);
  Expected<std::unique_ptr<Module>> module = device->loadModule(
      {best->target, best->chip, best->format, best->triple,
       impl->bundle.blobs[best->blob], best->waitsForGridDependencies,
       best->features});
  if (!module)
    return module.takeError();
  impl->module = std::move(*module);
  for (const KernelInfo &k : impl->schedule.kernels) {
    if (impl->gpu && !k.hasGpuLaunch)
      return bundleError("kernel '" + k.name + "' has no 'gpu_launch'");
    if (!impl->gpu && k.hostEntry.empty())
      return bundleError("kernel '" + k.name + "' has no 'host_entry'");
    Expected<Kernel *> kernel =
        impl->module->getKernel(impl->gpu ? k.name : k.hostEntry);
    if (!kernel) {
      std::string message;
      meld_status_t code = takeStatus(kernel.takeError(), message);
      return makeStatusError(code, "kernel '" + k.name +
                                       "' cannot be loaded: " + message);
    }
    impl->kernels.push_back(*kernel);
  }

  // Constants live on the device for the executable's lifetime.
  if (!impl->schedule.constants.empty()) {
    Expected<std::unique_ptr<Stream>> stream = device->createStream();
    if (!stream)
      return stream.takeError();
    for (const ConstantData &c : impl->schedule.constants) {
      TensorRef t;
      t.kind = c.kind;
      t.shape.assign(c.shape.begin(), c.shape.end());
      Expected<std::shared_ptr<Buffer>> b =
          Buffer::allocate(device, std::max<size_t>(c.bytes.size(), 1));
      if (!b)
        return b.takeError();
      t.buffer = std::move(*b);
      if (!c.bytes.empty())
        if (Error e = (*stream)->copy(t.data(), c.bytes.data(), c.bytes.size()))
          return std::move(e);
      impl->constants.push_back(std::move(t));
    }
    if (Error e = (*stream)->synchronize())
      return std::move(e);
  }

  for (const Function &f : impl->schedule.functions) {
    impl->signatures.push_back(f.signature);
    std::vector<int32_t> direct(f.numSlots, -1);
    llvm::SmallDenseSet<int64_t> launched;
    for (const Step &s : f.body.steps)
      if (s.kind == Step::Launch)
        launched.insert(s.results.begin(), s.results.end());
    for (auto [j, slot] : llvm::enumerate(f.body.yield))
      if (launched.contains(slot) && direct[slot] < 0)
        direct[slot] = j;
    impl->directOutputs.push_back(std::move(direct));
  }
  return std::unique_ptr<Executable>(new Executable(std::move(impl)));
}
