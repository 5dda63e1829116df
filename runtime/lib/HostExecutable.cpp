//===- HostExecutable.cpp - Run bundles on the host CPU -------------------===//
//
// Load: validate every part of the metadata the executor relies on (so a
// malformed bundle is an error, never a crash), JIT the host object with
// ORC, and resolve each kernel's uniform entry point. Run: interpret the
// schedule over slots holding tensors or index values.
//
//===----------------------------------------------------------------------===//

#include "meld/Runtime/HostExecutable.h"

#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

using namespace meld;
using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
using llvm::json::Array;
using llvm::json::Object;
using JValue = llvm::json::Value;
using ref::ElementKind;

static Error runtimeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message.str());
}
static Error bundleError(const Twine &message) {
  return runtimeError("invalid bundle: " + message);
}

//===----------------------------------------------------------------------===//
// Tensors and the buffer pool
//===----------------------------------------------------------------------===//

static constexpr size_t kAlignment = 64;

static size_t roundedSize(size_t bytes) {
  return std::max<size_t>(kAlignment,
                          (bytes + kAlignment - 1) / kAlignment * kAlignment);
}

static std::shared_ptr<void> allocateStorage(size_t bytes) {
  void *p = std::aligned_alloc(kAlignment, roundedSize(bytes));
  if (!p)
    llvm::report_bad_alloc_error("meld runtime: out of host memory");
  return std::shared_ptr<void>(p, std::free);
}

Tensor::Tensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape),
      bytes(static_cast<size_t>(ref::numElements(shape)) *
            ref::storageBytes(kind)),
      storage(allocateStorage(bytes)) {}

Tensor Tensor::fromHost(const ref::HostTensor &tensor) {
  Tensor out(tensor.getKind(), tensor.getShape());
  std::string raw = ref::encodeRaw(tensor);
  std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

ref::HostTensor Tensor::toHost() const {
  return ref::decodeRaw(kind, shape,
                        StringRef(static_cast<const char *>(data()), bytes));
}

namespace {
/// Buffers by rounded size; freed buffers wait here for the next request of
/// the same size. Shared by every tensor it hands out, so it outlives them.
class BufferPool : public std::enable_shared_from_this<BufferPool> {
public:
  ~BufferPool() {
    for (auto &[size, p] : free)
      std::free(p);
  }

  std::shared_ptr<void> allocate(size_t bytes, RunStats &stats) {
    size_t size = roundedSize(bytes);
    void *p = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      auto it = free.find(size);
      if (it != free.end()) {
        p = it->second;
        free.erase(it);
        ++stats.reused;
      }
      live += size;
      stats.peakBytes = std::max(stats.peakBytes, live - runBaseline);
      ++stats.allocations;
    }
    if (!p)
      p = std::aligned_alloc(kAlignment, size);
    if (!p)
      llvm::report_bad_alloc_error("meld runtime: out of host memory");
    std::shared_ptr<BufferPool> self = shared_from_this();
    return std::shared_ptr<void>(p, [self, size](void *q) {
      std::lock_guard<std::mutex> lock(self->mutex);
      self->live -= size;
      self->free.emplace(size, q);
    });
  }

  /// Starts measuring a run's peak from what is alive now (the caller may
  /// still hold results of earlier runs; when it drops them during this
  /// run they go back to the pool and count against nothing).
  void startRun() {
    std::lock_guard<std::mutex> lock(mutex);
    runBaseline = live;
  }

private:
  std::mutex mutex;
  std::unordered_multimap<size_t, void *> free;
  int64_t live = 0, runBaseline = 0;
};

//===----------------------------------------------------------------------===//
// Parsed metadata
//===----------------------------------------------------------------------===//

using KernelEntry = void (*)(void **args, int64_t blockBegin, int64_t blockEnd);

struct KernelInput {
  bool isIndex = false;
  ElementKind kind = ElementKind::F32;
  llvm::SmallVector<int64_t> shape; // -1: dynamic
};

struct KernelInfo {
  std::string name, entryName;
  KernelEntry entry = nullptr;
  std::vector<KernelInput> inputs;
  std::vector<ElementKind> outputKinds;
  std::vector<std::vector<JValue>> outputShapes;
  JValue blocks = 1;
};

enum class IndexFn {
  Const,
  Add,
  Sub,
  Mul,
  Div,
  FloorDiv,
  CeilDiv,
  Rem,
  Max,
  Min
};

struct Region;
struct Step {
  enum Kind { Launch, Dim, Constant, Index, If, While } kind = Launch;
  int64_t kernel = -1;
  std::vector<int64_t> args, results, release;
  int64_t source = -1, dimIndex = 0, result = -1, pred = -1, value = 0;
  IndexFn fn = IndexFn::Const;
  Tensor constant;
  std::unique_ptr<Region> first, second; // then/else or cond/body
};

struct Region {
  std::vector<int64_t> args, yield;
  std::vector<Step> steps;
};

struct Function {
  FunctionSignature signature;
  Region body;
  int64_t numSlots = 0;
};

/// A schedule value: nothing yet, an index, or a tensor.
struct Slot {
  enum { Empty, IndexValue, TensorValue } state = Empty;
  int64_t index = 0;
  Tensor tensor;
};

//===----------------------------------------------------------------------===//
// Metadata parsing; every accessor checks what it reads.
//===----------------------------------------------------------------------===//

class Parser {
public:
  Parser(const bundle::Bundle &bundle) : bundle(bundle) {}

  Expected<const Object *> object(const JValue *v, const Twine &what) {
    if (!v || !v->getAsObject())
      return bundleError(what + " is not a JSON object");
    return v->getAsObject();
  }
  Expected<const Array *> array(const Object &o, StringRef key,
                                const Twine &what) {
    const Array *a = o.getArray(key);
    if (!a)
      return bundleError(what + " has no array '" + key + "'");
    return a;
  }
  Expected<int64_t> integer(const Object &o, StringRef key, const Twine &what) {
    std::optional<int64_t> i = o.getInteger(key);
    if (!i)
      return bundleError(what + " has no integer '" + key + "'");
    return *i;
  }
  Expected<StringRef> string(const Object &o, StringRef key,
                             const Twine &what) {
    std::optional<StringRef> s = o.getString(key);
    if (!s)
      return bundleError(what + " has no string '" + key + "'");
    return *s;
  }
  Expected<ElementKind> dtype(const Object &o, const Twine &what) {
    Expected<StringRef> name = string(o, "dtype", what);
    if (!name)
      return name.takeError();
    std::optional<ElementKind> kind = ref::parseElementKind(*name);
    if (!kind)
      return bundleError(what + " has unknown dtype '" + *name + "'");
    return *kind;
  }
  /// A static-or-dynamic shape: integers >= 0 or null.
  Expected<llvm::SmallVector<int64_t>> shape(const Object &o,
                                             const Twine &what) {
    Expected<const Array *> dims = array(o, "shape", what);
    if (!dims)
      return dims.takeError();
    llvm::SmallVector<int64_t> out;
    for (const JValue &d : **dims) {
      if (d.kind() == JValue::Null) {
        out.push_back(-1);
        continue;
      }
      std::optional<int64_t> i = d.getAsInteger();
      if (!i || *i < 0)
        return bundleError(what + " has a malformed shape");
      out.push_back(*i);
    }
    return out;
  }
  Expected<std::vector<int64_t>> slots(const Object &o, StringRef key,
                                       const Twine &what) {
    std::vector<int64_t> out;
    const Array *a = o.getArray(key);
    if (!a)
      return out.empty() && (key == "release")
                 ? Expected<std::vector<int64_t>>(out)
                 : Expected<std::vector<int64_t>>(
                       bundleError(what + " has no slot list '" + key + "'"));
    for (const JValue &v : *a) {
      std::optional<int64_t> i = v.getAsInteger();
      if (!i || *i < 0 || *i >= numSlots)
        return bundleError(what + " refers to a slot out of range");
      out.push_back(*i);
    }
    return out;
  }
  Expected<int64_t> slot(const Object &o, StringRef key, const Twine &what) {
    Expected<int64_t> i = integer(o, key, what);
    if (!i)
      return i.takeError();
    if (*i < 0 || *i >= numSlots)
      return bundleError(what + " refers to a slot out of range");
    return *i;
  }

  Expected<KernelInfo> kernel(const JValue &v, int64_t index);
  Expected<Function> function(const JValue &v, int64_t numKernels);

private:
  Error region(const Object &o, Region &out, const Twine &what);
  Error step(const Object &o, Step &out, const Twine &what);

  const bundle::Bundle &bundle;
  int64_t numSlots = 0;
  int64_t numKernels = 0;
};
} // namespace

Expected<KernelInfo> Parser::kernel(const JValue &v, int64_t index) {
  std::string what = ("kernel #" + Twine(index)).str();
  Expected<const Object *> o = object(&v, what);
  if (!o)
    return o.takeError();
  KernelInfo info;
  Expected<StringRef> name = string(**o, "name", what);
  if (!name)
    return name.takeError();
  info.name = name->str();
  Expected<StringRef> entry = string(**o, "host_entry", what);
  if (!entry)
    return entry.takeError();
  info.entryName = entry->str();
  what = "kernel '" + info.name + "'";
  Expected<const Array *> inputs = array(**o, "inputs", what);
  if (!inputs)
    return inputs.takeError();
  for (const JValue &in : **inputs) {
    Expected<const Object *> io = object(&in, what + " input");
    if (!io)
      return io.takeError();
    KernelInput input;
    Expected<StringRef> kind = string(**io, "kind", what + " input");
    if (!kind)
      return kind.takeError();
    input.isIndex = *kind == "index";
    if (!input.isIndex) {
      Expected<ElementKind> dt = dtype(**io, what + " input");
      if (!dt)
        return dt.takeError();
      input.kind = *dt;
      Expected<llvm::SmallVector<int64_t>> s = shape(**io, what + " input");
      if (!s)
        return s.takeError();
      input.shape = std::move(*s);
    }
    info.inputs.push_back(std::move(input));
  }
  Expected<const Array *> outputs = array(**o, "outputs", what);
  if (!outputs)
    return outputs.takeError();
  for (const JValue &out : **outputs) {
    Expected<const Object *> oo = object(&out, what + " output");
    if (!oo)
      return oo.takeError();
    Expected<ElementKind> dt = dtype(**oo, what + " output");
    if (!dt)
      return dt.takeError();
    Expected<const Array *> s = array(**oo, "shape", what + " output");
    if (!s)
      return s.takeError();
    info.outputKinds.push_back(*dt);
    info.outputShapes.emplace_back((*s)->begin(), (*s)->end());
  }
  if (const JValue *blocks = (*o)->get("host_blocks"))
    info.blocks = *blocks;
  return info;
}

Error Parser::region(const Object &o, Region &out, const Twine &what) {
  Expected<std::vector<int64_t>> args = slots(o, "args", what);
  if (!args)
    return args.takeError();
  out.args = std::move(*args);
  Expected<std::vector<int64_t>> yield = slots(o, "yield", what);
  if (!yield)
    return yield.takeError();
  out.yield = std::move(*yield);
  Expected<const Array *> steps = array(o, "steps", what);
  if (!steps)
    return steps.takeError();
  for (const JValue &s : **steps) {
    Expected<const Object *> so = object(&s, what + " step");
    if (!so)
      return so.takeError();
    Step st;
    if (Error err = step(**so, st, what + " step"))
      return err;
    out.steps.push_back(std::move(st));
  }
  return Error::success();
}

static std::optional<IndexFn> parseIndexFn(StringRef name) {
  return llvm::StringSwitch<std::optional<IndexFn>>(name)
      .Case("const", IndexFn::Const)
      .Case("add", IndexFn::Add)
      .Case("sub", IndexFn::Sub)
      .Case("mul", IndexFn::Mul)
      .Case("div", IndexFn::Div)
      .Case("floordiv", IndexFn::FloorDiv)
      .Case("ceildiv", IndexFn::CeilDiv)
      .Case("rem", IndexFn::Rem)
      .Case("max", IndexFn::Max)
      .Case("min", IndexFn::Min)
      .Default(std::nullopt);
}

Error Parser::step(const Object &o, Step &out, const Twine &what) {
  Expected<StringRef> op = string(o, "op", what);
  if (!op)
    return op.takeError();
  std::string w = (what + " '" + *op + "'").str();
  Expected<std::vector<int64_t>> release = slots(o, "release", w);
  if (!release)
    return release.takeError();
  out.release = std::move(*release);
  auto take = [](auto expected, auto &into) -> Error {
    if (!expected)
      return expected.takeError();
    into = std::move(*expected);
    return Error::success();
  };
  if (*op == "launch") {
    out.kind = Step::Launch;
    if (Error e = take(integer(o, "kernel", w), out.kernel))
      return e;
    if (out.kernel < 0 || out.kernel >= numKernels)
      return bundleError(w + " launches kernel #" + Twine(out.kernel) +
                         ", which does not exist");
    if (Error e = take(slots(o, "args", w), out.args))
      return e;
    return take(slots(o, "results", w), out.results);
  }
  if (*op == "dim") {
    out.kind = Step::Dim;
    if (Error e = take(slot(o, "source", w), out.source))
      return e;
    if (Error e = take(integer(o, "index", w), out.dimIndex))
      return e;
    return take(slot(o, "result", w), out.result);
  }
  if (*op == "constant") {
    out.kind = Step::Constant;
    Expected<ElementKind> kind = dtype(o, w);
    if (!kind)
      return kind.takeError();
    Expected<llvm::SmallVector<int64_t>> s = shape(o, w);
    if (!s)
      return s.takeError();
    if (llvm::is_contained(*s, -1))
      return bundleError(w + " has a dynamic shape");
    int64_t blob = 0;
    if (Error e = take(integer(o, "blob", w), blob))
      return e;
    if (blob < 0 || blob >= static_cast<int64_t>(bundle.blobs.size()))
      return bundleError(w + " refers to blob #" + Twine(blob) +
                         ", which does not exist");
    const std::string &bytes = bundle.blobs[blob];
    if (ref::numElements(*s) > ref::kMaxElements ||
        bytes.size() != static_cast<size_t>(ref::numElements(*s)) *
                            ref::storageBytes(*kind))
      return bundleError(w + ": blob #" + Twine(blob) +
                         " does not match the constant's type");
    out.constant = Tensor(*kind, *s);
    std::memcpy(out.constant.data(), bytes.data(), bytes.size());
    return take(slot(o, "result", w), out.result);
  }
  if (*op == "index") {
    out.kind = Step::Index;
    Expected<StringRef> fn = string(o, "fn", w);
    if (!fn)
      return fn.takeError();
    std::optional<IndexFn> parsed = parseIndexFn(*fn);
    if (!parsed)
      return bundleError(w + " has unknown function '" + *fn + "'");
    out.fn = *parsed;
    if (out.fn == IndexFn::Const) {
      if (Error e = take(integer(o, "value", w), out.value))
        return e;
    } else {
      if (Error e = take(slots(o, "args", w), out.args))
        return e;
      if (out.args.size() != 2)
        return bundleError(w + " needs two arguments");
    }
    return take(slot(o, "result", w), out.result);
  }
  if (*op == "if" || *op == "while") {
    bool isIf = *op == "if";
    out.kind = isIf ? Step::If : Step::While;
    out.first = std::make_unique<Region>();
    out.second = std::make_unique<Region>();
    StringRef a = isIf ? "then" : "cond", b = isIf ? "else" : "body";
    Expected<const Object *> ra = object(o.get(a), w + " region '" + a + "'");
    if (!ra)
      return ra.takeError();
    Expected<const Object *> rb = object(o.get(b), w + " region '" + b + "'");
    if (!rb)
      return rb.takeError();
    if (Error e = region(**ra, *out.first, w + " region '" + a + "'"))
      return e;
    if (Error e = region(**rb, *out.second, w + " region '" + b + "'"))
      return e;
    if (isIf) {
      if (Error e = take(slot(o, "pred", w), out.pred))
        return e;
    } else {
      if (Error e = take(slots(o, "inits", w), out.args))
        return e;
      if (out.first->yield.size() != 1 ||
          out.first->args.size() != out.args.size() ||
          out.second->args.size() != out.args.size() ||
          out.second->yield.size() != out.args.size())
        return bundleError(w + " has regions that do not match its inits");
    }
    if (Error e = take(slots(o, "results", w), out.results))
      return e;
    size_t expected = isIf ? out.results.size() : out.args.size();
    if (out.results.size() != expected ||
        (isIf && (out.first->yield.size() != expected ||
                  out.second->yield.size() != expected)))
      return bundleError(w + " yields a different number of values than it "
                             "has results");
    return Error::success();
  }
  return bundleError(w + ": unknown schedule op");
}

Expected<Function> Parser::function(const JValue &v, int64_t kernels) {
  numKernels = kernels;
  Expected<const Object *> o = object(&v, "function");
  if (!o)
    return o.takeError();
  Function f;
  Expected<StringRef> name = string(**o, "name", "function");
  if (!name)
    return name.takeError();
  f.signature.name = name->str();
  std::string what = "function '" + f.signature.name + "'";
  Expected<int64_t> n = integer(**o, "num_slots", what);
  if (!n)
    return n.takeError();
  if (*n < 0 || *n > (int64_t(1) << 24))
    return bundleError(what + " has a bad slot count");
  numSlots = f.numSlots = *n;
  for (StringRef key : {"inputs", "outputs"}) {
    Expected<const Array *> specs = array(**o, key, what);
    if (!specs)
      return specs.takeError();
    for (const JValue &s : **specs) {
      Expected<const Object *> so = object(&s, what + " " + key);
      if (!so)
        return so.takeError();
      Expected<ElementKind> kind = dtype(**so, what + " " + key);
      if (!kind)
        return kind.takeError();
      Expected<llvm::SmallVector<int64_t>> shp = shape(**so, what + " " + key);
      if (!shp)
        return shp.takeError();
      (key == "inputs" ? f.signature.inputs : f.signature.outputs)
          .push_back({*kind, std::move(*shp)});
    }
  }
  Expected<const Object *> body = object((*o)->get("body"), what + " body");
  if (!body)
    return body.takeError();
  if (Error e = region(**body, f.body, what + " body"))
    return std::move(e);
  if (f.body.args.size() != f.signature.inputs.size() ||
      f.body.yield.size() != f.signature.outputs.size())
    return bundleError(what + ": the body does not match the signature");
  return f;
}

//===----------------------------------------------------------------------===//
// Execution
//===----------------------------------------------------------------------===//

class HostExecutable::Impl {
public:
  HostOptions options;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::vector<KernelInfo> kernels;
  std::vector<Function> functions;
  std::vector<FunctionSignature> signatures;
  std::shared_ptr<BufferPool> pool = std::make_shared<BufferPool>();
  std::unique_ptr<llvm::StdThreadPool> threads;
  RunStats stats;

  Expected<std::vector<Tensor>> run(StringRef name,
                                    llvm::ArrayRef<Tensor> args);

private:
  Error runRegion(const Region &region, std::vector<Slot> &slots,
                  llvm::ArrayRef<Slot> args, std::vector<Slot> &yielded);
  Error runStep(const Step &step, std::vector<Slot> &slots);
  Error launch(const Step &step, std::vector<Slot> &slots);
  Expected<const Tensor *> tensorAt(std::vector<Slot> &slots, int64_t i,
                                    const Twine &what);
  Expected<int64_t> indexAt(std::vector<Slot> &slots, int64_t i,
                            const Twine &what);
  Expected<bool> predicate(const Slot &slot, const Twine &what);
};

Expected<const Tensor *>
HostExecutable::Impl::tensorAt(std::vector<Slot> &slots, int64_t i,
                               const Twine &what) {
  if (slots[i].state != Slot::TensorValue)
    return runtimeError(what + ": slot " + Twine(i) + " holds no tensor");
  return &slots[i].tensor;
}

Expected<int64_t> HostExecutable::Impl::indexAt(std::vector<Slot> &slots,
                                                int64_t i, const Twine &what) {
  if (slots[i].state != Slot::IndexValue)
    return runtimeError(what + ": slot " + Twine(i) + " holds no index");
  return slots[i].index;
}

Expected<bool> HostExecutable::Impl::predicate(const Slot &slot,
                                               const Twine &what) {
  if (slot.state != Slot::TensorValue ||
      slot.tensor.getKind() != ElementKind::I1 ||
      slot.tensor.numElements() != 1)
    return runtimeError(what + ": the predicate is not a one-element i1 "
                               "tensor");
  return *static_cast<const uint8_t *>(slot.tensor.data()) != 0;
}

/// Evaluates a shape or block-count formula over a kernel's arguments.
static Expected<int64_t> evaluate(const JValue &f,
                                  llvm::ArrayRef<const Slot *> args) {
  if (std::optional<int64_t> i = f.getAsInteger())
    return *i;
  const Object *o = f.getAsObject();
  if (!o || o->size() != 1)
    return bundleError("malformed formula");
  const auto &[key, value] = *o->begin();
  const Array *operands = value.getAsArray();
  if (key == "arg") {
    std::optional<int64_t> i = value.getAsInteger();
    if (!i || *i < 0 || *i >= static_cast<int64_t>(args.size()) ||
        args[*i]->state != Slot::IndexValue)
      return bundleError("formula reads a missing index argument");
    return args[*i]->index;
  }
  if (!operands || operands->size() != 2)
    return bundleError("malformed formula '" + key.str() + "'");
  if (key == "dim") {
    std::optional<int64_t> a = (*operands)[0].getAsInteger();
    std::optional<int64_t> d = (*operands)[1].getAsInteger();
    if (!a || !d || *a < 0 || *a >= static_cast<int64_t>(args.size()) ||
        args[*a]->state != Slot::TensorValue || *d < 0 ||
        *d >= static_cast<int64_t>(args[*a]->tensor.getShape().size()))
      return bundleError("formula reads a missing dimension");
    return args[*a]->tensor.getShape()[*d];
  }
  Expected<int64_t> a = evaluate((*operands)[0], args);
  if (!a)
    return a.takeError();
  Expected<int64_t> b = evaluate((*operands)[1], args);
  if (!b)
    return b.takeError();
  int64_t r = 0;
  if (key == "add"   ? llvm::AddOverflow(*a, *b, r)
      : key == "sub" ? llvm::SubOverflow(*a, *b, r)
      : key == "mul" ? llvm::MulOverflow(*a, *b, r)
                     : false)
    return runtimeError("shape arithmetic overflows");
  if (key == "add" || key == "sub" || key == "mul")
    return r;
  if (key == "ceildiv") {
    if (*b <= 0)
      return bundleError("formula divides by a non-positive value");
    return *a <= 0 ? 0 : (*a + *b - 1) / *b;
  }
  return bundleError("unknown formula function '" + key.str() + "'");
}

static Expected<int64_t> applyIndexFn(IndexFn fn, int64_t a, int64_t b) {
  int64_t r = 0;
  switch (fn) {
  case IndexFn::Const:
    return a;
  case IndexFn::Add:
    if (llvm::AddOverflow(a, b, r))
      return runtimeError("index addition overflows");
    return r;
  case IndexFn::Sub:
    if (llvm::SubOverflow(a, b, r))
      return runtimeError("index subtraction overflows");
    return r;
  case IndexFn::Mul:
    if (llvm::MulOverflow(a, b, r))
      return runtimeError("index multiplication overflows");
    return r;
  case IndexFn::Max:
    return std::max(a, b);
  case IndexFn::Min:
    return std::min(a, b);
  default:
    break;
  }
  if (b == 0)
    return runtimeError("index division by zero");
  if (a == INT64_MIN && b == -1)
    return runtimeError("index division overflows");
  switch (fn) {
  case IndexFn::Div:
    return a / b;
  case IndexFn::Rem:
    return a % b;
  case IndexFn::FloorDiv:
    return llvm::divideFloorSigned(a, b);
  case IndexFn::CeilDiv:
    return llvm::divideCeilSigned(a, b);
  default:
    llvm_unreachable("handled above");
  }
}

Error HostExecutable::Impl::launch(const Step &step, std::vector<Slot> &slots) {
  const KernelInfo &kernel = kernels[step.kernel];
  std::string what = "launch of kernel '" + kernel.name + "'";
  if (step.args.size() != kernel.inputs.size() ||
      step.results.size() != kernel.outputKinds.size())
    return bundleError(what + " passes the wrong number of operands");
  llvm::SmallVector<const Slot *> args;
  for (auto [i, input] : llvm::enumerate(kernel.inputs)) {
    const Slot &s = slots[step.args[i]];
    args.push_back(&s);
    if (input.isIndex) {
      if (s.state != Slot::IndexValue)
        return bundleError(what + ": operand #" + Twine(i) +
                           " is not an index");
      continue;
    }
    bool matches = s.state == Slot::TensorValue &&
                   s.tensor.getKind() == input.kind &&
                   s.tensor.getShape().size() == input.shape.size();
    for (size_t d = 0; matches && d < input.shape.size(); ++d)
      matches = input.shape[d] < 0 || input.shape[d] == s.tensor.getShape()[d];
    if (!matches)
      return bundleError(what + ": operand #" + Twine(i) +
                         " does not have the kernel's type");
  }
  std::vector<Tensor> outputs;
  for (auto [kind, formulas] :
       llvm::zip(kernel.outputKinds, kernel.outputShapes)) {
    llvm::SmallVector<int64_t> shape;
    for (const JValue &f : formulas) {
      Expected<int64_t> d = evaluate(f, args);
      if (!d)
        return d.takeError();
      if (*d < 0)
        return runtimeError(what + ": result dimension " + Twine(*d) +
                            " is negative");
      shape.push_back(*d);
    }
    if (ref::numElements(shape) > ref::kMaxElements)
      return runtimeError(what + ": a result would have more than 2^31 "
                                 "elements");
    Tensor t;
    t.kind = kind;
    t.shape = shape;
    t.bytes =
        static_cast<size_t>(ref::numElements(shape)) * ref::storageBytes(kind);
    t.storage = pool->allocate(t.bytes, stats);
    outputs.push_back(std::move(t));
  }

  // Memref descriptors: {allocated, aligned, offset, sizes..., strides...}.
  std::vector<llvm::SmallVector<int64_t, 8>> descriptors;
  descriptors.reserve(args.size() + outputs.size());
  llvm::SmallVector<void *> argv;
  auto addTensor = [&](const Tensor &t) {
    llvm::SmallVector<int64_t, 8> d;
    int64_t p = reinterpret_cast<int64_t>(t.data());
    d.append({p, p, 0});
    d.append(t.getShape().begin(), t.getShape().end());
    llvm::SmallVector<int64_t> strides = ref::rowMajorStrides(t.getShape());
    d.append(strides.begin(), strides.end());
    descriptors.push_back(std::move(d));
    argv.push_back(descriptors.back().data());
  };
  for (const Slot *s : args) {
    if (s->state == Slot::IndexValue)
      argv.push_back(const_cast<int64_t *>(&s->index));
    else
      addTensor(s->tensor);
  }
  for (const Tensor &t : outputs)
    addTensor(t);

  Expected<int64_t> blocks = evaluate(kernel.blocks, args);
  if (!blocks)
    return blocks.takeError();
  ++stats.launches;
  stats.blocks += std::max<int64_t>(*blocks, 0);
  int64_t workers = threads ? threads->getMaxConcurrency() : 1;
  int64_t chunks = std::min<int64_t>(workers, *blocks);
  if (chunks <= 1) {
    if (*blocks > 0)
      kernel.entry(argv.data(), 0, *blocks);
  } else {
    llvm::ThreadPoolTaskGroup group(*threads);
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t begin = *blocks * c / chunks, end = *blocks * (c + 1) / chunks;
      group.async([&, begin, end] { kernel.entry(argv.data(), begin, end); });
    }
    group.wait();
  }
  for (auto [slot, t] : llvm::zip(step.results, outputs)) {
    slots[slot].state = Slot::TensorValue;
    slots[slot].tensor = std::move(t);
  }
  return Error::success();
}

Error HostExecutable::Impl::runStep(const Step &step,
                                    std::vector<Slot> &slots) {
  switch (step.kind) {
  case Step::Launch:
    return launch(step, slots);
  case Step::Dim: {
    Expected<const Tensor *> t = tensorAt(slots, step.source, "meld.dim");
    if (!t)
      return t.takeError();
    if (step.dimIndex < 0 ||
        step.dimIndex >= static_cast<int64_t>((*t)->getShape().size()))
      return bundleError("meld.dim index out of range");
    slots[step.result].state = Slot::IndexValue;
    slots[step.result].index = (*t)->getShape()[step.dimIndex];
    return Error::success();
  }
  case Step::Constant:
    slots[step.result].state = Slot::TensorValue;
    slots[step.result].tensor = step.constant;
    return Error::success();
  case Step::Index: {
    int64_t a = step.value, b = 0;
    if (step.fn != IndexFn::Const) {
      Expected<int64_t> x = indexAt(slots, step.args[0], "index arithmetic");
      if (!x)
        return x.takeError();
      Expected<int64_t> y = indexAt(slots, step.args[1], "index arithmetic");
      if (!y)
        return y.takeError();
      a = *x;
      b = *y;
    }
    Expected<int64_t> r = applyIndexFn(step.fn, a, b);
    if (!r)
      return r.takeError();
    slots[step.result].state = Slot::IndexValue;
    slots[step.result].index = *r;
    return Error::success();
  }
  case Step::If: {
    Expected<bool> taken = predicate(slots[step.pred], "meld.if");
    if (!taken)
      return taken.takeError();
    std::vector<Slot> yielded;
    if (Error e =
            runRegion(*taken ? *step.first : *step.second, slots, {}, yielded))
      return e;
    for (auto [slot, value] : llvm::zip(step.results, yielded))
      slots[slot] = std::move(value);
    return Error::success();
  }
  case Step::While: {
    std::vector<Slot> current;
    for (int64_t s : step.args)
      current.push_back(slots[s]);
    for (int64_t iteration = 0;; ++iteration) {
      std::vector<Slot> pred;
      if (Error e = runRegion(*step.first, slots, current, pred))
        return e;
      Expected<bool> again = predicate(pred.front(), "meld.while");
      if (!again)
        return again.takeError();
      if (!*again)
        break;
      if (iteration >= options.maxWhileIterations)
        return runtimeError("meld.while ran more than " +
                            Twine(options.maxWhileIterations) + " iterations");
      std::vector<Slot> next;
      if (Error e = runRegion(*step.second, slots, current, next))
        return e;
      current = std::move(next);
    }
    for (auto [slot, value] : llvm::zip(step.results, current))
      slots[slot] = std::move(value);
    return Error::success();
  }
  }
  llvm_unreachable("unknown step kind");
}

Error HostExecutable::Impl::runRegion(const Region &region,
                                      std::vector<Slot> &slots,
                                      llvm::ArrayRef<Slot> args,
                                      std::vector<Slot> &yielded) {
  if (args.size() != region.args.size())
    return bundleError("a region receives the wrong number of values");
  for (auto [slot, value] : llvm::zip(region.args, args))
    slots[slot] = value;
  for (const Step &step : region.steps) {
    if (Error e = runStep(step, slots))
      return e;
    for (int64_t s : step.release)
      slots[s] = Slot();
  }
  for (int64_t s : region.yield) {
    if (slots[s].state == Slot::Empty)
      return bundleError("a region yields a value it never defined");
    yielded.push_back(slots[s]);
  }
  return Error::success();
}

Expected<std::vector<Tensor>>
HostExecutable::Impl::run(StringRef name, llvm::ArrayRef<Tensor> args) {
  const Function *function = nullptr;
  if (name.empty() && functions.size() == 1)
    function = &functions.front();
  for (const Function &f : functions)
    if (f.signature.name == (name.empty() ? StringRef("main") : name))
      function = &f;
  if (!function)
    return runtimeError(name.empty()
                            ? Twine("the bundle has several functions and "
                                    "none is named 'main'; name one")
                            : "the bundle has no function '" + name + "'");
  const FunctionSignature &sig = function->signature;
  std::string what = "function '" + sig.name + "'";
  if (args.size() != sig.inputs.size())
    return runtimeError(what + " takes " + Twine(sig.inputs.size()) +
                        " argument(s), got " + Twine(args.size()));
  for (auto [i, spec, arg] : llvm::enumerate(sig.inputs, args)) {
    bool matches = arg.getKind() == spec.kind &&
                   arg.getShape().size() == spec.shape.size() && arg.data();
    for (size_t d = 0; matches && d < spec.shape.size(); ++d)
      matches = spec.shape[d] < 0 || spec.shape[d] == arg.getShape()[d];
    if (!matches)
      return runtimeError(what + ": argument #" + Twine(i) + " has type " +
                          ref::toString(arg.getKind()) +
                          ref::formatShape(arg.getShape()) +
                          ", which does not match the signature");
  }
  stats = RunStats();
  pool->startRun();
  std::vector<Slot> slots(function->numSlots);
  std::vector<Slot> inputs;
  for (const Tensor &t : args) {
    Slot s;
    s.state = Slot::TensorValue;
    s.tensor = t;
    inputs.push_back(std::move(s));
  }
  std::vector<Slot> yielded;
  if (Error e = runRegion(function->body, slots, inputs, yielded))
    return std::move(e);
  std::vector<Tensor> results;
  for (Slot &s : yielded) {
    if (s.state != Slot::TensorValue)
      return bundleError(what + " returns something that is not a tensor");
    results.push_back(std::move(s.tensor));
  }
  return results;
}

//===----------------------------------------------------------------------===//
// Loading
//===----------------------------------------------------------------------===//

HostExecutable::HostExecutable(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
HostExecutable::~HostExecutable() = default;

const std::vector<FunctionSignature> &HostExecutable::getFunctions() const {
  return impl->signatures;
}

const RunStats &HostExecutable::getLastRunStats() const { return impl->stats; }

Expected<std::vector<Tensor>> HostExecutable::run(StringRef function,
                                                  llvm::ArrayRef<Tensor> args) {
  return impl->run(function, args);
}

Expected<std::vector<ref::HostTensor>>
HostExecutable::run(StringRef function, llvm::ArrayRef<ref::HostTensor> args) {
  std::vector<Tensor> in;
  for (const ref::HostTensor &t : args)
    in.push_back(Tensor::fromHost(t));
  Expected<std::vector<Tensor>> out = impl->run(function, in);
  if (!out)
    return out.takeError();
  std::vector<ref::HostTensor> results;
  for (const Tensor &t : *out)
    results.push_back(t.toHost());
  return results;
}

Expected<std::unique_ptr<HostExecutable>>
HostExecutable::load(bundle::Bundle bundle, HostOptions options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  const Object &meta = bundle.metadata;
  if (meta.getString("format") != StringRef("meld-bundle"))
    return bundleError("metadata 'format' is not 'meld-bundle'");

  Parser parser(bundle);
  const Array *kernels = meta.getArray("kernels");
  const Array *functions = meta.getArray("functions");
  const Array *binaries = meta.getArray("binaries");
  if (!kernels || !functions || !binaries)
    return bundleError("metadata lacks 'kernels', 'functions' or 'binaries'");
  for (auto [i, k] : llvm::enumerate(*kernels)) {
    Expected<KernelInfo> info = parser.kernel(k, i);
    if (!info)
      return info.takeError();
    impl->kernels.push_back(std::move(*info));
  }
  for (const JValue &f : *functions) {
    Expected<Function> fn = parser.function(f, impl->kernels.size());
    if (!fn)
      return fn.takeError();
    impl->signatures.push_back(fn->signature);
    impl->functions.push_back(std::move(*fn));
  }

  const Object *host = nullptr;
  for (const JValue &b : *binaries)
    if (const Object *o = b.getAsObject())
      if (o->getString("target") == StringRef("host"))
        host = o;
  if (!host)
    return runtimeError("the bundle has no host binary (compile it with "
                        "--targets=host)");
  std::optional<int64_t> blob = host->getInteger("blob");
  std::optional<StringRef> triple = host->getString("triple");
  if (!blob || *blob < 0 ||
      *blob >= static_cast<int64_t>(bundle.blobs.size()) || !triple)
    return bundleError("the host binary entry is malformed");
  llvm::Triple hostTriple(llvm::sys::getProcessTriple());
  llvm::Triple objectTriple(*triple);
  if (objectTriple.getArch() != hostTriple.getArch() ||
      objectTriple.getOS() != hostTriple.getOS())
    return runtimeError("the bundle's host code is for '" + *triple +
                        "', but this process runs on '" + hostTriple.str() +
                        "'");

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  Expected<std::unique_ptr<llvm::orc::LLJIT>> jit =
      llvm::orc::LLJITBuilder().create();
  if (!jit)
    return jit.takeError();
  impl->jit = std::move(*jit);
  auto generator =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          impl->jit->getDataLayout().getGlobalPrefix());
  if (!generator)
    return generator.takeError();
  impl->jit->getMainJITDylib().addGenerator(std::move(*generator));
  if (Error e = impl->jit->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(
          bundle.blobs[*blob], "meld-host-kernels")))
    return std::move(e);
  for (KernelInfo &k : impl->kernels) {
    Expected<llvm::orc::ExecutorAddr> addr = impl->jit->lookup(k.entryName);
    if (!addr)
      return runtimeError(
          "host code of kernel '" + k.name +
          "' cannot be loaded: " + llvm::toString(addr.takeError()));
    k.entry = addr->toPtr<KernelEntry>();
  }
  unsigned threads = options.threads
                         ? options.threads
                         : llvm::hardware_concurrency().compute_thread_count();
  if (threads > 1)
    impl->threads = std::make_unique<llvm::StdThreadPool>(
        llvm::hardware_concurrency(threads));
  return std::unique_ptr<HostExecutable>(new HostExecutable(std::move(impl)));
}
