//===- Schedule.cpp - Parse and check bundle metadata ---------------------===//

#include "Schedule.h"

#include "meld/Runtime/Backend.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

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

Error meld::runtime::bundleError(const Twine &message) {
  return makeStatusError(MELD_ERROR_INVALID_BUNDLE,
                         "invalid bundle: " + message);
}
Error meld::runtime::executionError(const Twine &message) {
  return makeStatusError(MELD_ERROR_EXECUTION, message);
}

namespace {
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

public:
  std::vector<ConstantData> constants;

private:
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
  if (std::optional<StringRef> entry = (*o)->getString("host_entry"))
    info.hostEntry = entry->str();
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
    info.hostBlocks = *blocks;
  if (const Object *gpu = (*o)->getObject("gpu_launch")) {
    const Array *grid = gpu->getArray("grid");
    const Array *block = gpu->getArray("block");
    if (!grid || !block || grid->size() != 3 || block->size() != 3)
      return bundleError(what + " has a malformed 'gpu_launch'");
    info.gpuGrid.assign(grid->begin(), grid->end());
    for (int i = 0; i < 3; ++i) {
      std::optional<int64_t> b = (*block)[i].getAsInteger();
      if (!b || *b < 1 || *b > 1024)
        return bundleError(what + " has a malformed workgroup size");
      info.gpuBlock[i] = *b;
    }
    info.hasGpuLaunch = true;
  }
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
  llvm::SmallDenseSet<int64_t> later;
  out.lastYield.assign(out.yield.size(), false);
  for (size_t i = out.yield.size(); i-- > 0;)
    out.lastYield[i] = later.insert(out.yield[i]).second;
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
    out.constant = static_cast<int64_t>(constants.size());
    constants.push_back({*kind, *s, bytes});
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
  f.signature.donations.assign(f.signature.inputs.size(), -1);
  if (const JValue *d = (*o)->get("donations")) {
    const Array *pairs = d->getAsArray();
    if (!pairs)
      return bundleError(what + ": donations is not an array");
    llvm::SmallDenseSet<int64_t> taken;
    for (const JValue &pair : *pairs) {
      const Array *p = pair.getAsArray();
      std::optional<int64_t> arg = p && p->size() == 2
                                       ? (*p)[0].getAsInteger()
                                       : std::nullopt;
      std::optional<int64_t> result =
          p && p->size() == 2 ? (*p)[1].getAsInteger() : std::nullopt;
      if (!arg || !result || *arg < 0 ||
          *arg >= static_cast<int64_t>(f.signature.inputs.size()) ||
          *result < 0 ||
          *result >= static_cast<int64_t>(f.signature.outputs.size()) ||
          f.signature.donations[*arg] >= 0 || !taken.insert(*result).second)
        return bundleError(what + ": a donation is not a distinct [argument, "
                                  "result] pair");
      const TensorSpec &in = f.signature.inputs[*arg];
      const TensorSpec &out = f.signature.outputs[*result];
      if (in.kind != out.kind || in.shape != out.shape)
        return bundleError(what + ": argument #" + llvm::Twine(*arg) +
                           " is donated to result #" + llvm::Twine(*result) +
                           " of another type");
      f.signature.donations[*arg] = *result;
    }
  }
  return f;
}

/// Evaluates a shape or block-count formula over a kernel's arguments.
Expected<int64_t>
meld::runtime::evaluateFormula(const JValue &f,
                               llvm::ArrayRef<FormulaArg> args) {
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
        !args[*i].isIndex)
      return bundleError("formula reads a missing index argument");
    return args[*i].index;
  }
  if (!operands || operands->size() != 2)
    return bundleError("malformed formula '" + key.str() + "'");
  if (key == "dim") {
    std::optional<int64_t> a = (*operands)[0].getAsInteger();
    std::optional<int64_t> d = (*operands)[1].getAsInteger();
    if (!a || !d || *a < 0 || *a >= static_cast<int64_t>(args.size()) ||
        args[*a].isIndex || *d < 0 ||
        *d >= static_cast<int64_t>(args[*a].shape.size()))
      return bundleError("formula reads a missing dimension");
    return args[*a].shape[*d];
  }
  Expected<int64_t> a = evaluateFormula((*operands)[0], args);
  if (!a)
    return a.takeError();
  Expected<int64_t> b = evaluateFormula((*operands)[1], args);
  if (!b)
    return b.takeError();
  int64_t r = 0;
  if (key == "add"   ? llvm::AddOverflow(*a, *b, r)
      : key == "sub" ? llvm::SubOverflow(*a, *b, r)
      : key == "mul" ? llvm::MulOverflow(*a, *b, r)
                     : false)
    return executionError("shape arithmetic overflows");
  if (key == "add" || key == "sub" || key == "mul")
    return r;
  if (key == "ceildiv") {
    if (*b <= 0)
      return bundleError("formula divides by a non-positive value");
    return *a <= 0 ? 0 : (*a + *b - 1) / *b;
  }
  if (key == "min")
    return std::min(*a, *b);
  if (key == "max")
    return std::max(*a, *b);
  return bundleError("unknown formula function '" + key.str() + "'");
}

Expected<int64_t> meld::runtime::applyIndexFn(IndexFn fn, int64_t a,
                                              int64_t b) {
  int64_t r = 0;
  switch (fn) {
  case IndexFn::Const:
    return a;
  case IndexFn::Add:
    if (llvm::AddOverflow(a, b, r))
      return executionError("index addition overflows");
    return r;
  case IndexFn::Sub:
    if (llvm::SubOverflow(a, b, r))
      return executionError("index subtraction overflows");
    return r;
  case IndexFn::Mul:
    if (llvm::MulOverflow(a, b, r))
      return executionError("index multiplication overflows");
    return r;
  case IndexFn::Max:
    return std::max(a, b);
  case IndexFn::Min:
    return std::min(a, b);
  default:
    break;
  }
  if (b == 0)
    return executionError("index division by zero");
  if (a == INT64_MIN && b == -1)
    return executionError("index division overflows");
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

Expected<Schedule> Schedule::parse(const bundle::Bundle &bundle) {
  const Object &meta = bundle.metadata;
  if (meta.getString("format") != StringRef("meld-bundle"))
    return bundleError("metadata 'format' is not 'meld-bundle'");
  const Array *kernels = meta.getArray("kernels");
  const Array *functions = meta.getArray("functions");
  const Array *binaries = meta.getArray("binaries");
  if (!kernels || !functions || !binaries)
    return bundleError("metadata lacks 'kernels', 'functions' or 'binaries'");
  Schedule s;
  Parser parser(bundle);
  for (auto [i, k] : llvm::enumerate(*kernels)) {
    Expected<KernelInfo> info = parser.kernel(k, i);
    if (!info)
      return info.takeError();
    s.kernels.push_back(std::move(*info));
  }
  for (const JValue &f : *functions) {
    Expected<Function> fn = parser.function(f, s.kernels.size());
    if (!fn)
      return fn.takeError();
    s.functions.push_back(std::move(*fn));
  }
  s.constants = std::move(parser.constants);
  for (const JValue &b : *binaries) {
    const Object *o = b.getAsObject();
    if (!o)
      return bundleError("a binary entry is not a JSON object");
    Binary bin;
    std::optional<StringRef> target = o->getString("target");
    std::optional<int64_t> blob = o->getInteger("blob");
    if (!target || !blob || *blob < 0 ||
        *blob >= static_cast<int64_t>(bundle.blobs.size()))
      return bundleError("a binary entry is malformed");
    bin.target = target->str();
    bin.blob = *blob;
    bin.chip = o->getString("chip").value_or(o->getString("cpu").value_or(""));
    bin.format = o->getString("format").value_or("").str();
    bin.triple = o->getString("triple").value_or("").str();
    bin.features = o->getString("features").value_or("").str();
    bin.waitsForGridDependencies =
        o->getBoolean("grid_dependency_wait").value_or(false);
    s.binaries.push_back(std::move(bin));
  }
  return s;
}

Expected<const Function *> Schedule::lookup(StringRef name) const {
  if (name.empty() && functions.size() == 1)
    return &functions.front();
  for (const Function &f : functions)
    if (f.signature.name == (name.empty() ? StringRef("main") : name))
      return &f;
  return makeStatusError(
      MELD_ERROR_NOT_FOUND,
      name.empty() ? Twine("the bundle has several functions and none is "
                           "named 'main'; name one")
                   : "the bundle has no function '" + name + "'");
}
