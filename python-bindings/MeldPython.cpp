//===- MeldPython.cpp - nanobind extension over the Meld JIT --------------===//
//
// The `meld._meld` extension: compiles meld IR with meld::jit::Jit, runs the
// Program on numpy arrays or DLPack tensors, captures and replays graphs,
// and turns compiler and runtime errors into Python exceptions. The `meld`
// package (meld/__init__.py) re-exports it; docs/python.md is the guide.
//
// Arrays in: numpy arrays (read through numpy's C API) and any other object
// nb::ndarray accepts (buffer-protocol objects, objects with __dlpack__) in
// host memory. A C-contiguous array
// whose data is 16-byte aligned is passed to the runtime without a copy;
// any other is copied into an aligned, contiguous temporary first.
//
// Arrays out: numpy arrays (PyArray_New) whose base is a capsule keeping the
// runtime::TensorRef of the result alive: no copy. bf16 results are uint16 bit
// patterns (numpy has no bfloat16).
//
// The GIL is released while compiling, running, replaying and interpreting.
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"
#include "meld/Runtime/Backend.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

// numpy's C API: the fast path for numpy arrays in and out (nb::ndarray
// covers every other array type).
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace nb = nanobind;
using namespace meld;

namespace {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

PyObject *meldErrorType = nullptr;
PyObject *compileErrorType = nullptr;
PyObject *executionErrorType = nullptr;

/// Thrown with the GIL held or not; turned into meld.CompileError.
struct CompileFailure {
  std::string diagnostics;
};
/// Turned into meld.ExecutionError with `status` and `code` attributes.
struct StatusFailure {
  std::string status;
  int code;
  std::string message;
};

/// Throws the C++ exception for `err` (which must be a failure).
[[noreturn]] void throwError(llvm::Error err) {
  std::optional<CompileFailure> compile;
  std::optional<StatusFailure> status;
  llvm::handleAllErrors(
      std::move(err),
      [&](const jit::CompileError &e) {
        if (compile)
          compile->diagnostics += "\n" + e.getDiagnostics();
        else
          compile = CompileFailure{e.getDiagnostics()};
      },
      [&](const runtime::StatusError &e) {
        if (!status)
          status = StatusFailure{meld_status_name(e.getCode()),
                                 static_cast<int>(e.getCode()), e.getMessage()};
      },
      [&](const llvm::ErrorInfoBase &e) {
        if (!status)
          status =
              StatusFailure{meld_status_name(MELD_ERROR_INTERNAL),
                            static_cast<int>(MELD_ERROR_INTERNAL), e.message()};
      });
  if (compile)
    throw *compile;
  if (status)
    throw *status;
  throw StatusFailure{meld_status_name(MELD_ERROR_INTERNAL),
                      static_cast<int>(MELD_ERROR_INTERNAL), "unknown error"};
}

template <typename T> T unwrap(llvm::Expected<T> value) {
  if (!value)
    throwError(value.takeError());
  return std::move(*value);
}

void check(llvm::Error err) {
  if (err)
    throwError(std::move(err));
}

void raiseWithAttributes(
    PyObject *type, const std::string &message,
    std::initializer_list<std::pair<const char *, nb::object>> attributes) {
  nb::str text(message.data(), message.size());
  nb::object instance = nb::steal(PyObject_CallOneArg(type, text.ptr()));
  if (!instance.is_valid())
    return; // PyObject_CallFunction set an error already.
  for (const auto &[name, value] : attributes)
    PyObject_SetAttrString(instance.ptr(), name, value.ptr());
  PyErr_SetObject(type, instance.ptr());
}

void translateException(const std::exception_ptr &p, void *) {
  try {
    std::rethrow_exception(p);
  } catch (const CompileFailure &e) {
    raiseWithAttributes(compileErrorType, e.diagnostics,
                        {{"diagnostics", nb::str(e.diagnostics.c_str())}});
  } catch (const StatusFailure &e) {
    std::string message = e.status + ": " + e.message;
    raiseWithAttributes(executionErrorType, message,
                        {{"status", nb::str(e.status.c_str())},
                         {"code", nb::int_(e.code)},
                         {"message", nb::str(e.message.c_str())}});
  }
}

//===----------------------------------------------------------------------===//
// dtypes
//===----------------------------------------------------------------------===//

namespace dl = nb::dlpack;

const char *numpyName(ref::ElementKind kind) {
  switch (kind) {
  case ref::ElementKind::F64:
    return "float64";
  case ref::ElementKind::F32:
    return "float32";
  case ref::ElementKind::F16:
    return "float16";
  case ref::ElementKind::BF16:
    return "uint16 (bf16 bit patterns) or bfloat16";
  case ref::ElementKind::I64:
    return "int64";
  case ref::ElementKind::I32:
    return "int32";
  case ref::ElementKind::I8:
    return "int8";
  case ref::ElementKind::I1:
    return "bool";
  }
  return "?";
}

/// Whether an array of dtype `dt` may be passed for an argument of `kind`.
bool accepts(ref::ElementKind kind, dl::dtype dt) {
  if (dt.lanes != 1)
    return false;
  auto code = static_cast<dl::dtype_code>(dt.code);
  switch (kind) {
  case ref::ElementKind::F64:
    return code == dl::dtype_code::Float && dt.bits == 64;
  case ref::ElementKind::F32:
    return code == dl::dtype_code::Float && dt.bits == 32;
  case ref::ElementKind::F16:
    return code == dl::dtype_code::Float && dt.bits == 16;
  case ref::ElementKind::BF16:
    return (code == dl::dtype_code::Bfloat || code == dl::dtype_code::UInt) &&
           dt.bits == 16;
  case ref::ElementKind::I64:
    return code == dl::dtype_code::Int && dt.bits == 64;
  case ref::ElementKind::I32:
    return code == dl::dtype_code::Int && dt.bits == 32;
  case ref::ElementKind::I8:
    return code == dl::dtype_code::Int && dt.bits == 8;
  case ref::ElementKind::I1:
    return code == dl::dtype_code::Bool && dt.bits == 8;
  }
  return false;
}

std::string describeDtype(dl::dtype dt) {
  const char *name = "?";
  switch (static_cast<dl::dtype_code>(dt.code)) {
  case dl::dtype_code::Int:
    name = "int";
    break;
  case dl::dtype_code::UInt:
    name = "uint";
    break;
  case dl::dtype_code::Float:
    name = "float";
    break;
  case dl::dtype_code::Bfloat:
    name = "bfloat";
    break;
  case dl::dtype_code::Complex:
    name = "complex";
    break;
  case dl::dtype_code::Bool:
    return "bool";
  default:
    return "dlpack dtype code " + std::to_string(dt.code) + " with " +
           std::to_string(dt.bits) + " bits";
  }
  return std::string(name) + std::to_string(dt.bits);
}

std::string formatSpec(const runtime::TensorSpec &spec) {
  std::string s = "tensor<";
  for (int64_t d : spec.shape)
    s += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  s += ref::toString(spec.kind).str() + ">";
  return s;
}

std::string formatShape(const int64_t *shape, size_t rank) {
  std::string s = "(";
  for (size_t i = 0; i < rank; ++i)
    s += std::to_string(shape[i]) + (rank == 1 || i + 1 < rank ? "," : "");
  return s + ")";
}

//===----------------------------------------------------------------------===//
// Arrays in
//===----------------------------------------------------------------------===//

using InArray = nb::ndarray<nb::ro, nb::device::cpu>;

std::atomic<int64_t> inputCopies{0};

struct AlignedFree {
  void operator()(void *p) const { std::free(p); }
};
using AlignedBytes = std::unique_ptr<char, AlignedFree>;

AlignedBytes allocateAligned(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  void *p = std::aligned_alloc(64, rounded ? rounded : 64);
  if (!p)
    throw std::bad_alloc();
  return AlignedBytes(static_cast<char *>(p));
}

/// Copies a strided array (strides in bytes) into contiguous row-major
/// `dst`.
void copyStrided(char *dst, const char *src, const int64_t *shape,
                 const int64_t *byteStrides, size_t rank, int64_t item) {
  if (rank == 0) {
    std::memcpy(dst, src, item);
    return;
  }
  llvm::SmallVector<int64_t, 4> index(rank, 0);
  int64_t total = ref::numElements(llvm::ArrayRef<int64_t>(shape, rank));
  for (int64_t n = 0; n < total; ++n) {
    int64_t offset = 0;
    for (size_t i = 0; i < rank; ++i)
      offset += index[i] * byteStrides[i];
    std::memcpy(dst + n * item, src + offset, item);
    for (size_t i = rank; i-- > 0;) {
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
    }
  }
}

/// The arguments of one call, converted and kept alive for its duration.
struct Arguments {
  std::vector<InArray> arrays;
  std::vector<AlignedBytes> copies;
  llvm::SmallVector<jit::HostView, 8> views;
  /// Per view: whether it is the caller's memory (not a copy).
  std::vector<bool> borrowed;
};

/// Retries an object that nb::ndarray does not take: ml_dtypes bfloat16
/// arrays (as uint16 bit patterns) and numpy arrays with a byte order or
/// layout that neither the buffer protocol nor DLPack exports.
bool castFallback(nb::handle obj, InArray &out) {
  if (!nb::hasattr(obj, "dtype") || !nb::hasattr(obj, "view"))
    return false;
  try {
    nb::object dtype = obj.attr("dtype");
    std::string name = nb::cast<std::string>(dtype.attr("name"));
    if (name == "bfloat16")
      return nb::try_cast(obj.attr("view")("uint16"), out, false);
    // Non-native byte order: numpy converts (a copy).
    if (nb::cast<std::string>(dtype.attr("byteorder")) == ">") {
      nb::object native = dtype.attr("newbyteorder")("=");
      nb::object converted = obj.attr("astype")(native);
      inputCopies.fetch_add(1, std::memory_order_relaxed);
      return nb::try_cast(converted, out, false);
    }
  } catch (nb::python_error &) {
    return false;
  }
  return false;
}

/// What convertArgument needs to know about an input array.
struct ArrayInfo {
  const char *data = nullptr;
  dl::dtype dtype;
  size_t rank = 0;
  const int64_t *shape = nullptr;
  /// Strides in bytes; empty: C-contiguous.
  llvm::SmallVector<int64_t, 4> byteStrides;
};

static_assert(sizeof(npy_intp) == sizeof(int64_t), "64-bit numpy expected");

/// The numpy fast path: a native-byte-order ndarray of a plain dtype.
bool numpyInfo(nb::handle obj, ArrayInfo &info) {
  if (!PyArray_Check(obj.ptr()))
    return false;
  auto *array = reinterpret_cast<PyArrayObject *>(obj.ptr());
  PyArray_Descr *descr = PyArray_DESCR(array);
  if (!PyArray_ISNOTSWAPPED(array))
    return false;
  uint8_t bits = static_cast<uint8_t>(PyArray_ITEMSIZE(array) * 8);
  switch (descr->kind) {
  case 'f':
    info.dtype = {static_cast<uint8_t>(dl::dtype_code::Float), bits, 1};
    break;
  case 'i':
    info.dtype = {static_cast<uint8_t>(dl::dtype_code::Int), bits, 1};
    break;
  case 'u':
    info.dtype = {static_cast<uint8_t>(dl::dtype_code::UInt), bits, 1};
    break;
  case 'b':
    info.dtype = {static_cast<uint8_t>(dl::dtype_code::Bool), bits, 1};
    break;
  default:
    return false; // complex, objects, ml_dtypes, ...: the generic path
  }
  info.data = static_cast<const char *>(PyArray_DATA(array));
  info.rank = static_cast<size_t>(PyArray_NDIM(array));
  info.shape = reinterpret_cast<const int64_t *>(PyArray_DIMS(array));
  if (!PyArray_IS_C_CONTIGUOUS(array)) {
    const npy_intp *strides = PyArray_STRIDES(array);
    info.byteStrides.assign(strides, strides + info.rank);
  }
  return true;
}

void convertArgument(const runtime::FunctionSignature &sig, size_t i,
                     nb::handle obj, Arguments &args) {
  const runtime::TensorSpec &spec = sig.inputs[i];
  ArrayInfo info;
  if (!numpyInfo(obj, info)) {
    InArray array;
    if (!nb::try_cast(obj, array, false) && !castFallback(obj, array))
      throw nb::type_error(
          ("@" + sig.name + ": argument " + std::to_string(i) + " must be a " +
           numpyName(spec.kind) + " array for " + formatSpec(spec) +
           " (a numpy array or an object with __dlpack__ in host memory), "
           "got " +
           nb::cast<std::string>(nb::str(obj.type().attr("__name__"))))
              .c_str());
    info.data = static_cast<const char *>(array.data());
    info.dtype = array.dtype();
    info.rank = array.ndim();
    info.shape = array.shape_ptr();
    if (const int64_t *strides = array.stride_ptr()) {
      int64_t item = static_cast<int64_t>(array.itemsize());
      for (size_t d = 0; d < info.rank; ++d)
        info.byteStrides.push_back(strides[d] * item);
    }
    args.arrays.push_back(std::move(array)); // keeps the memory alive
  }
  if (!accepts(spec.kind, info.dtype))
    throw nb::type_error(("@" + sig.name + ": argument " + std::to_string(i) +
                          " has dtype " + describeDtype(info.dtype) +
                          ", expected " + numpyName(spec.kind) + " for " +
                          formatSpec(spec))
                             .c_str());
  size_t rank = info.rank;
  const int64_t *shape = info.shape;
  bool shapeOk = rank == spec.shape.size();
  for (size_t d = 0; shapeOk && d < rank; ++d)
    shapeOk = spec.shape[d] < 0 || spec.shape[d] == shape[d];
  if (!shapeOk)
    throw nb::value_error(("@" + sig.name + ": argument " + std::to_string(i) +
                           " has shape " + formatShape(shape, rank) +
                           ", expected " + formatSpec(spec))
                              .c_str());

  int64_t item = ref::storageBytes(spec.kind);
  bool contiguous = true;
  if (!info.byteStrides.empty()) {
    int64_t expected = item;
    for (size_t d = rank; d-- > 0;) {
      if (shape[d] != 1 && info.byteStrides[d] != expected)
        contiguous = false;
      expected *= shape[d];
    }
  }
  jit::HostView view;
  view.kind = spec.kind;
  view.shape.assign(shape, shape + rank);
  bool aligned = reinterpret_cast<uintptr_t>(info.data) % 16 == 0;
  args.borrowed.push_back(contiguous && aligned);
  if (contiguous && aligned) {
    view.data = const_cast<char *>(info.data);
  } else {
    size_t bytes = view.sizeInBytes();
    AlignedBytes copy = allocateAligned(bytes);
    if (contiguous)
      std::memcpy(copy.get(), info.data, bytes);
    else
      copyStrided(copy.get(), info.data, shape, info.byteStrides.data(), rank,
                  item);
    view.data = copy.get();
    args.copies.push_back(std::move(copy));
    inputCopies.fetch_add(1, std::memory_order_relaxed);
  }
  args.views.push_back(std::move(view));
}

void convertArguments(const runtime::FunctionSignature &sig, nb::args inputs,
                      Arguments &args) {
  size_t n = nb::len(inputs);
  if (n != sig.inputs.size())
    throw nb::type_error(("@" + sig.name + " takes " +
                          std::to_string(sig.inputs.size()) + " input" +
                          (sig.inputs.size() == 1 ? "" : "s") + ", got " +
                          std::to_string(n))
                             .c_str());
  args.arrays.reserve(n);
  args.views.reserve(n);
  args.borrowed.reserve(n);
  for (size_t i = 0; i < n; ++i)
    convertArgument(sig, i, inputs[i], args);
}

//===----------------------------------------------------------------------===//
// Arrays out
//===----------------------------------------------------------------------===//

int numpyType(ref::ElementKind kind) {
  switch (kind) {
  case ref::ElementKind::F64:
    return NPY_FLOAT64;
  case ref::ElementKind::F32:
    return NPY_FLOAT32;
  case ref::ElementKind::F16:
    return NPY_FLOAT16;
  case ref::ElementKind::BF16:
    return NPY_UINT16; // bit patterns
  case ref::ElementKind::I64:
    return NPY_INT64;
  case ref::ElementKind::I32:
    return NPY_INT32;
  case ref::ElementKind::I8:
    return NPY_INT8;
  case ref::ElementKind::I1:
    return NPY_BOOL;
  }
  return NPY_FLOAT32;
}

/// A writable C-contiguous numpy array over `data`, kept alive by `owner`.
nb::object makeArray(ref::ElementKind kind, llvm::ArrayRef<int64_t> shape,
                     void *data, nb::capsule owner) {
  llvm::SmallVector<npy_intp, 4> dims(shape.begin(), shape.end());
  PyObject *array =
      PyArray_New(&PyArray_Type, static_cast<int>(dims.size()), dims.data(),
                  numpyType(kind), nullptr, data, 0, NPY_ARRAY_CARRAY, nullptr);
  if (!array)
    throw nb::python_error();
  // Steals the reference to the owner.
  if (PyArray_SetBaseObject(reinterpret_cast<PyArrayObject *>(array),
                            owner.release().ptr()) < 0) {
    Py_DECREF(array);
    throw nb::python_error();
  }
  return nb::steal(array);
}

/// A numpy array owning `tensor` (host memory), without a copy.
nb::object wrapTensor(runtime::TensorRef tensor) {
  auto *owned = new runtime::TensorRef(std::move(tensor));
  nb::capsule owner(owned, [](void *p) noexcept {
    delete static_cast<runtime::TensorRef *>(p);
  });
  return makeArray(owned->kind, owned->shape, owned->data(), std::move(owner));
}

/// A fresh numpy array holding a copy of `bytes`.
nb::object copyToArray(ref::ElementKind kind, llvm::ArrayRef<int64_t> shape,
                       const void *bytes, size_t size) {
  AlignedBytes storage = allocateAligned(size);
  if (size)
    std::memcpy(storage.get(), bytes, size);
  char *data = storage.release();
  nb::capsule owner(data, [](void *p) noexcept { std::free(p); });
  return makeArray(kind, shape, data, std::move(owner));
}

nb::tuple wrapTensors(std::vector<runtime::TensorRef> tensors) {
  nb::object result = nb::steal(PyTuple_New(tensors.size()));
  for (size_t i = 0; i < tensors.size(); ++i)
    PyTuple_SET_ITEM(result.ptr(), i,
                     wrapTensor(std::move(tensors[i])).release().ptr());
  return nb::borrow<nb::tuple>(result);
}

//===----------------------------------------------------------------------===//
// The JIT per device and cache directory
//===----------------------------------------------------------------------===//

std::mutex jitsMutex;
std::map<std::pair<std::string, std::string>, std::shared_ptr<jit::Jit>> &
jits() {
  static auto *map = new std::map<std::pair<std::string, std::string>,
                                  std::shared_ptr<jit::Jit>>();
  return *map;
}

std::shared_ptr<jit::Jit> getJit(const std::string &device,
                                 const std::string &cacheDir) {
  std::lock_guard<std::mutex> lock(jitsMutex);
  auto key = std::make_pair(device, cacheDir);
  auto it = jits().find(key);
  if (it != jits().end())
    return it->second;
  jit::JitOptions options;
  options.device = device;
  options.cacheDirectory = cacheDir;
  // The disk cache's size in MiB (0: no limit), read when the JIT is made.
  const char *limit = std::getenv("MELD_CACHE_MAX_MB");
  if (limit && *limit) {
    uint64_t mb;
    if (llvm::StringRef(limit).trim().getAsInteger(10, mb) ||
        mb >= (1ull << 44))
      throw nb::value_error(
          ("MELD_CACHE_MAX_MB must be a whole number of MiB, got '" +
           std::string(limit) + "'")
              .c_str());
    options.diskCacheBytes = mb << 20;
  }
  std::shared_ptr<jit::Jit> created = unwrap(jit::Jit::create(options));
  jits()[key] = created;
  return created;
}

//===----------------------------------------------------------------------===//
// Executable, Graph
//===----------------------------------------------------------------------===//

nb::object specToPython(const runtime::TensorSpec &spec) {
  nb::list dims;
  for (int64_t d : spec.shape)
    dims.append(d < 0 ? nb::object(nb::none()) : nb::object(nb::int_(d)));
  return nb::make_tuple(nb::str(ref::toString(spec.kind).str().c_str()),
                        nb::tuple(dims));
}

const char *outcomeName(jit::CacheOutcome outcome) {
  switch (outcome) {
  case jit::CacheOutcome::Compiled:
    return "compiled";
  case jit::CacheOutcome::MemoryHit:
    return "memory";
  case jit::CacheOutcome::DiskHit:
    return "disk";
  }
  return "?";
}

class PyExecutable;

class PyGraph {
public:
  PyGraph(std::shared_ptr<jit::Program> program,
          const runtime::FunctionSignature *signature,
          std::unique_ptr<jit::CapturedProgram> captured)
      : program(std::move(program)), signature(signature),
        captured(std::move(captured)) {}

  nb::tuple replay() {
    std::vector<runtime::TensorRef> copies;
    {
      nb::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex);
      check(captured->replay());
      copies = unwrap(copyOutputs());
    }
    return wrapTensors(std::move(copies));
  }

  nb::tuple call(nb::args inputs) {
    Arguments args;
    convertArguments(*signature, inputs, args);
    std::vector<runtime::TensorRef> results;
    {
      nb::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex);
      results = unwrap(captured->run(args.views));
    }
    return wrapTensors(std::move(results));
  }

  /// Views of the capture's own buffers (host devices only).
  nb::tuple staticBuffers(bool outputs) {
    if (program->getDevice()->getInfo().target != "host")
      throw nb::value_error("static buffers are host memory only on the host "
                            "device; use replay() or the graph call");
    llvm::ArrayRef<runtime::TensorRef> refs =
        outputs ? captured->getOutputs() : captured->getInputs();
    nb::list list;
    for (const runtime::TensorRef &t : refs)
      list.append(wrapTensor(t));
    return nb::tuple(list);
  }

  int64_t numKernelNodes() {
    return captured->getCapturedRun().getNumKernelNodes();
  }
  int64_t numBoundNodes() {
    return captured->getCapturedRun().getNumBoundNodes();
  }
  int64_t numGraphs() { return captured->getCapturedRun().getNumGraphs(); }
  const std::string &function() const { return signature->name; }

private:
  /// Copies the capture's outputs into fresh host memory.
  llvm::Expected<std::vector<runtime::TensorRef>> copyOutputs() {
    const std::shared_ptr<runtime::Device> &device = program->getDevice();
    bool host = device->getInfo().target == "host";
    std::unique_ptr<runtime::Stream> stream;
    if (!host) {
      auto created = device->createStream();
      if (!created)
        return created.takeError();
      stream = std::move(*created);
    }
    std::vector<runtime::TensorRef> result;
    for (const runtime::TensorRef &t : captured->getOutputs()) {
      size_t bytes = t.sizeInBytes();
      AlignedBytes storage = allocateAligned(bytes);
      char *data = storage.get();
      auto owner = std::shared_ptr<void>(storage.release(), AlignedFree());
      runtime::TensorRef copy;
      copy.buffer = runtime::Buffer::wrap(device, data, bytes, owner);
      copy.kind = t.kind;
      copy.shape = t.shape;
      if (host) {
        if (bytes)
          std::memcpy(data, t.data(), bytes);
      } else if (bytes) {
        if (llvm::Error e = stream->copy(data, t.data(), bytes))
          return std::move(e);
      }
      result.push_back(std::move(copy));
    }
    if (stream)
      if (llvm::Error e = stream->synchronize())
        return std::move(e);
    return result;
  }

  std::shared_ptr<jit::Program> program;
  const runtime::FunctionSignature *signature;
  std::unique_ptr<jit::CapturedProgram> captured;
  std::mutex mutex;
};

class PyExecutable {
public:
  PyExecutable(std::shared_ptr<jit::Jit> jit,
               std::shared_ptr<jit::Program> program)
      : jit(std::move(jit)), program(std::move(program)) {}

  const runtime::FunctionSignature &
  resolve(const std::optional<std::string> &function) const {
    const auto &functions = program->getFunctions();
    std::string name = function.value_or("");
    if (name.empty()) {
      for (const auto &f : functions)
        if (f.name == "main")
          return f;
      if (functions.size() == 1)
        return functions.front();
      throw nb::value_error("the program has no @main and several functions: "
                            "pass function=");
    }
    for (const auto &f : functions)
      if (f.name == name)
        return f;
    std::string known;
    for (const auto &f : functions)
      known += (known.empty() ? "@" : ", @") + f.name;
    throw nb::value_error(
        ("no function @" + name + " in the program (it has " + known + ")")
            .c_str());
  }

  nb::tuple call(nb::args inputs, std::optional<std::string> function,
                 std::optional<nb::sequence> out) {
    const runtime::FunctionSignature &sig = resolve(function);
    Arguments args;
    convertArguments(sig, inputs, args);
    Arguments outs;
    if (out) {
      size_t n = nb::len(*out);
      if (n != sig.outputs.size())
        throw nb::type_error(("@" + sig.name + " has " +
                              std::to_string(sig.outputs.size()) +
                              " results, out= has " + std::to_string(n))
                                 .c_str());
      for (size_t i = 0; i < n; ++i)
        convertOutput(sig, i, (*out)[i], outs);
    }
    // A donated argument (meld.donate) passed without a copy is written in
    // place: it must be writable.
    for (auto [j, result] : llvm::enumerate(sig.donations)) {
      if (result < 0 || out || !args.borrowed[j])
        continue;
      nb::handle obj = inputs[j];
      if (PyArray_Check(obj.ptr()) &&
          !PyArray_ISWRITEABLE(reinterpret_cast<PyArrayObject *>(obj.ptr())))
        throw nb::value_error(("@" + sig.name + ": argument " +
                               std::to_string(j) + " is donated to result " +
                               std::to_string(result) +
                               " (meld.donate), which is written in its "
                               "place, but the array is read-only")
                                  .c_str());
    }
    std::vector<runtime::TensorRef> results;
    {
      nb::gil_scoped_release release;
      results = unwrap(program->run(sig.name, args.views, outs.views));
    }
    if (out) {
      nb::list list;
      for (size_t i = 0; i < sig.outputs.size(); ++i)
        list.append((*out)[i]);
      return nb::tuple(list);
    }
    // A donated result computed in its argument's memory is that argument:
    // the caller's array itself, or a fresh copy when the argument was
    // copied on the way in (the copy dies with `args`).
    std::vector<nb::object> donated(results.size());
    for (auto [j, result] : llvm::enumerate(sig.donations)) {
      if (result < 0 || results[result].data() != args.views[j].data)
        continue;
      const runtime::TensorRef &r = results[result];
      donated[result] = args.borrowed[j]
                            ? nb::borrow(inputs[j])
                            : copyToArray(r.kind, r.shape, r.data(),
                                          r.sizeInBytes());
    }
    nb::object tuple = nb::steal(PyTuple_New(results.size()));
    for (size_t i = 0; i < results.size(); ++i) {
      nb::object item = donated[i] ? std::move(donated[i])
                                   : wrapTensor(std::move(results[i]));
      PyTuple_SET_ITEM(tuple.ptr(), i, item.release().ptr());
    }
    return nb::borrow<nb::tuple>(tuple);
  }

  /// Benchmark helper: nanoseconds per Program::run (the C++ JIT API, no
  /// Python in the loop) on these inputs, results in fresh host memory.
  double benchRun(nb::args inputs, int64_t iterations) {
    const runtime::FunctionSignature &sig = resolve(std::nullopt);
    Arguments args;
    convertArguments(sig, inputs, args);
    nb::gil_scoped_release release;
    auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < iterations; ++i)
      unwrap(program->run(sig.name, args.views));
    return std::chrono::duration<double, std::nano>(
               std::chrono::steady_clock::now() - start)
               .count() /
           static_cast<double>(std::max<int64_t>(iterations, 1));
  }

  nb::tuple interpret(nb::args inputs, std::optional<std::string> function) {
    const runtime::FunctionSignature &sig = resolve(function);
    Arguments args;
    convertArguments(sig, inputs, args);
    std::vector<ref::HostTensor> tensors;
    std::vector<std::string> encoded;
    {
      nb::gil_scoped_release release;
      std::vector<ref::HostTensor> in;
      for (const jit::HostView &v : args.views)
        in.push_back(
            ref::decodeRaw(v.kind, v.shape,
                           llvm::StringRef(static_cast<const char *>(v.data),
                                           v.sizeInBytes())));
      tensors = unwrap(program->interpret(sig.name, in));
      for (const ref::HostTensor &t : tensors)
        encoded.push_back(ref::encodeRaw(t));
    }
    nb::list list;
    for (size_t i = 0; i < tensors.size(); ++i)
      list.append(copyToArray(tensors[i].getKind(), tensors[i].getShape(),
                              encoded[i].data(), encoded[i].size()));
    return nb::tuple(list);
  }

  PyGraph *capture(nb::args inputs, std::optional<std::string> function) {
    const runtime::FunctionSignature &sig = resolve(function);
    Arguments args;
    convertArguments(sig, inputs, args);
    std::unique_ptr<jit::CapturedProgram> captured;
    {
      nb::gil_scoped_release release;
      captured = unwrap(program->capture(sig.name, args.views));
    }
    return new PyGraph(program, &sig, std::move(captured));
  }

  nb::list functions() const {
    nb::list list;
    for (const auto &f : program->getFunctions())
      list.append(signatureToPython(f));
    return list;
  }

  nb::object signature(std::optional<std::string> function) const {
    return signatureToPython(resolve(function));
  }

  std::string fusionReport() const { return program->getFusionReport(); }
  nb::bytes bundleBytes() const {
    llvm::StringRef b = program->getBundleBytes();
    return nb::bytes(b.data(), b.size());
  }
  const char *cacheOutcome() const {
    return outcomeName(program->getCacheOutcome());
  }
  std::string device() const { return program->getDevice()->getInfo().backend; }
  std::string deviceName() const {
    return program->getDevice()->getInfo().name;
  }

  nb::dict lastRunStats() const {
    runtime::RunStats s = program->getExecutable().getLastRunStats();
    nb::dict d;
    d["launches"] = s.launches;
    d["blocks"] = s.blocks;
    d["peak_bytes"] = s.peakBytes;
    d["allocations"] = s.allocations;
    d["reused"] = s.reused;
    return d;
  }

private:
  static nb::object signatureToPython(const runtime::FunctionSignature &f) {
    nb::list ins, outs;
    for (const auto &s : f.inputs)
      ins.append(specToPython(s));
    for (const auto &s : f.outputs)
      outs.append(specToPython(s));
    nb::object sigType = nb::module_::import_("meld").attr("Signature");
    return sigType(f.name, nb::tuple(ins), nb::tuple(outs));
  }

  /// Output arrays must be writable, C-contiguous, aligned and exactly the
  /// result dtype and static shape: results are written in place.
  void convertOutput(const runtime::FunctionSignature &sig, size_t i,
                     nb::handle obj, Arguments &outs) {
    const runtime::TensorSpec &spec = sig.outputs[i];
    ArrayInfo info;
    nb::ndarray<nb::device::cpu> array;
    bool writable = true;
    if (numpyInfo(obj, info)) {
      writable =
          PyArray_ISWRITEABLE(reinterpret_cast<PyArrayObject *>(obj.ptr()));
    } else if (nb::try_cast(obj, array, false)) {
      info.data = static_cast<const char *>(array.data());
      info.dtype = array.dtype();
      info.rank = array.ndim();
      info.shape = array.shape_ptr();
      if (const int64_t *strides = array.stride_ptr())
        for (size_t d = 0; d < info.rank; ++d)
          info.byteStrides.push_back(strides[d] *
                                     static_cast<int64_t>(array.itemsize()));
      outs.arrays.push_back(InArray(array));
    } else {
      writable = false;
    }
    if (!writable)
      throw nb::type_error(("@" + sig.name + ": out[" + std::to_string(i) +
                            "] must be a writable " + numpyName(spec.kind) +
                            " array for " + formatSpec(spec))
                               .c_str());
    if (!accepts(spec.kind, info.dtype))
      throw nb::type_error(("@" + sig.name + ": out[" + std::to_string(i) +
                            "] has dtype " + describeDtype(info.dtype) +
                            ", expected " + numpyName(spec.kind))
                               .c_str());
    size_t rank = info.rank;
    const int64_t *shape = info.shape;
    bool ok = rank == spec.shape.size();
    for (size_t d = 0; ok && d < rank; ++d)
      ok = spec.shape[d] < 0 || spec.shape[d] == shape[d];
    if (!ok)
      throw nb::value_error(("@" + sig.name + ": out[" + std::to_string(i) +
                             "] has shape " + formatShape(shape, rank) +
                             ", expected " + formatSpec(spec))
                                .c_str());
    bool contiguous = true;
    int64_t expected = ref::storageBytes(spec.kind);
    for (size_t d = info.byteStrides.size(); d-- > 0;) {
      if (shape[d] != 1 && info.byteStrides[d] != expected)
        contiguous = false;
      expected *= shape[d];
    }
    if (!contiguous || reinterpret_cast<uintptr_t>(info.data) % 16 != 0)
      throw nb::value_error(
          ("@" + sig.name + ": out[" + std::to_string(i) +
           "] must be C-contiguous and 16-byte aligned (results are "
           "written in place)")
              .c_str());
    jit::HostView view;
    view.data = const_cast<char *>(info.data);
    view.kind = spec.kind;
    view.shape.assign(shape, shape + rank);
    outs.views.push_back(std::move(view));
  }

  std::shared_ptr<jit::Jit> jit;
  std::shared_ptr<jit::Program> program;
};

/// meld.compile's ``limits`` mapping ({"max_nesting": 512, ...}) over the
/// defaults.
ProgramLimits toLimits(const std::optional<std::map<std::string, uint64_t>> &given) {
  ProgramLimits limits;
  if (!given)
    return limits;
  for (const auto &[key, value] : *given) {
    if (key == "max_nesting") {
      if (value > std::numeric_limits<unsigned>::max())
        throw nb::value_error("limits['max_nesting'] is too large");
      limits.maxNesting = static_cast<unsigned>(value);
    } else if (key == "max_ops") {
      limits.maxOps = value;
    } else if (key == "max_tensor_elements") {
      limits.maxTensorElements = value;
    } else if (key == "max_constant_bytes") {
      limits.maxConstantBytes = value;
    } else {
      throw nb::value_error(
          ("unknown limit '" + key +
           "' (max_nesting, max_ops, max_tensor_elements, max_constant_bytes)")
              .c_str());
    }
  }
  return limits;
}

PyExecutable *compileText(const std::string &text, const std::string &device,
                          bool fuse, bool strictFp,
                          std::optional<std::vector<std::string>> targets,
                          std::optional<std::string> cacheDir,
                          unsigned optLevel, const std::string &name,
                          bool isFile, const ProgramLimits &limits,
                          const std::string &hostTuning,
                          std::optional<std::vector<int64_t>> hostTiles,
                          const std::string &hostCpu,
                          const std::string &hostFeatures) {
  std::shared_ptr<jit::Jit> jit;
  std::shared_ptr<jit::Program> program;
  {
    nb::gil_scoped_release release;
    jit = getJit(device, cacheDir.value_or(""));
    jit::CompileOptions options;
    options.fuse = fuse;
    options.strictFp = strictFp;
    options.optLevel = optLevel;
    options.limits = limits;
    options.hostTuningFile = hostTuning;
    options.hostCpu = hostCpu;
    options.hostFeatures = hostFeatures;
    if (hostTiles) {
      if (hostTiles->size() != 4)
        throw nb::value_error("host GEMM tiles are four numbers");
      codegen::HostGemmTiles tiles;
      tiles.tileRows = (*hostTiles)[0];
      tiles.tileCols = (*hostTiles)[1];
      tiles.kBlock = (*hostTiles)[2];
      tiles.blockRows = (*hostTiles)[3];
      options.hostGemmTiles = tiles;
    }
    if (targets)
      options.targets = *targets;
    program = isFile ? unwrap(jit->compileFile(text, options))
                     : unwrap(jit->compile(text, options, name));
  }
  return new PyExecutable(std::move(jit), std::move(program));
}

} // namespace

NB_MODULE(_meld, m) {
  // Executables held by other libraries' caches until the interpreter
  // exits (TorchDynamo's compiled graphs, an autograd graph still holding
  // a compiled backward) are alive at nanobind's teardown check, which
  // would report them as leaks on every such exit.
  nb::set_leak_warnings(false);
  if (_import_array() < 0)
    throw nb::python_error();
  m.doc() = "Meld's JIT: compile meld IR, run it on numpy arrays and DLPack "
            "tensors, capture and replay graphs (see docs/python.md)";

  meldErrorType = PyErr_NewExceptionWithDoc(
      "meld.Error", "Base class of Meld's errors.", PyExc_Exception, nullptr);
  compileErrorType = PyErr_NewExceptionWithDoc(
      "meld.CompileError",
      "A program that does not parse, verify or compile; str() and "
      ".diagnostics hold every diagnostic with its location "
      "('<ir>:3:10: error: ...').",
      meldErrorType, nullptr);
  nb::object executionBases =
      nb::make_tuple(nb::handle(meldErrorType), nb::handle(PyExc_RuntimeError));
  executionErrorType = PyErr_NewExceptionWithDoc(
      "meld.ExecutionError",
      "A runtime failure; .status is the C API status name "
      "('MELD_ERROR_EXECUTION'), .code its number, .message the text.",
      meldErrorType ? executionBases.ptr() : nullptr, nullptr);
  m.attr("Error") = nb::handle(meldErrorType);
  m.attr("CompileError") = nb::handle(compileErrorType);
  m.attr("ExecutionError") = nb::handle(executionErrorType);
  nb::register_exception_translator(translateException);

  m.attr("version") = jit::getVersion().str();

  nb::class_<PyGraph>(m, "Graph",
                      "One captured run of a function (Executable.capture).")
      .def("replay", &PyGraph::replay,
           "Replays on the captured buffers; returns copies of the outputs.")
      .def("__call__", &PyGraph::call,
           "Replays on new inputs (same dtypes and shapes as the captured "
           "ones); returns fresh output arrays.")
      .def_prop_ro(
          "inputs", [](PyGraph &g) { return g.staticBuffers(false); },
          "Writable views of the captured input buffers (host device).")
      .def_prop_ro(
          "outputs", [](PyGraph &g) { return g.staticBuffers(true); },
          "Views of the captured output buffers (host device); replay() "
          "overwrites them.")
      .def_prop_ro("num_kernel_nodes", &PyGraph::numKernelNodes)
      .def_prop_ro("num_bound_nodes", &PyGraph::numBoundNodes)
      .def_prop_ro("num_graphs", &PyGraph::numGraphs)
      .def_prop_ro("function", &PyGraph::function);

  nb::class_<PyExecutable>(m, "Executable",
                           "A compiled program loaded on a device.")
      .def("__call__", &PyExecutable::call, nb::arg("inputs"),
           nb::arg("function") = nb::none(), nb::arg("out") = nb::none(),
           "Runs a function (default @main) and returns a tuple of arrays.")
      .def("run", &PyExecutable::call, nb::arg("inputs"),
           nb::arg("function") = nb::none(), nb::arg("out") = nb::none())
      .def("interpret", &PyExecutable::interpret, nb::arg("inputs"),
           nb::arg("function") = nb::none(),
           "Runs the program through the reference interpreter.")
      .def("capture", &PyExecutable::capture, nb::arg("inputs"),
           nb::arg("function") = nb::none(),
           "Captures one run on copies of the inputs into a Graph.")
      .def("_bench_run", &PyExecutable::benchRun, nb::arg("inputs"),
           nb::arg("iterations"),
           "ns per Program::run call (C++ loop), for bench/python.")
      .def("fusion_report", &PyExecutable::fusionReport)
      .def("bundle_bytes", &PyExecutable::bundleBytes)
      .def("signature", &PyExecutable::signature,
           nb::arg("function") = nb::none())
      .def("last_run_stats", &PyExecutable::lastRunStats)
      .def_prop_ro("functions", &PyExecutable::functions)
      .def_prop_ro("cache_outcome", &PyExecutable::cacheOutcome)
      .def_prop_ro("device", &PyExecutable::device)
      .def_prop_ro("device_name", &PyExecutable::deviceName,
                   "The device in words: 'host CPU (znver4, 2 threads)', "
                   "a GPU's name.");

  m.def(
      "_compile",
      [](const std::string &text, const std::string &device, bool fuse,
         bool strictFp, std::optional<std::vector<std::string>> targets,
         std::optional<std::string> cacheDir, unsigned optLevel,
         const std::string &name,
         std::optional<std::map<std::string, uint64_t>> limits,
         const std::string &hostTuning,
         std::optional<std::vector<int64_t>> hostTiles,
         const std::string &hostCpu, const std::string &hostFeatures) {
        return compileText(text, device, fuse, strictFp, std::move(targets),
                           std::move(cacheDir), optLevel, name, false,
                           toLimits(limits), hostTuning, std::move(hostTiles),
                           hostCpu, hostFeatures);
      },
      nb::arg("text"), nb::arg("device"), nb::arg("fuse"), nb::arg("strict_fp"),
      nb::arg("targets").none(), nb::arg("cache_dir").none(),
      nb::arg("opt_level"), nb::arg("name"), nb::arg("limits").none(),
      nb::arg("host_tuning"), nb::arg("host_tiles").none(),
      nb::arg("host_cpu") = "", nb::arg("host_features") = "",
      nb::rv_policy::take_ownership);
  m.def(
      "_compile_file",
      [](const std::string &path, const std::string &device, bool fuse,
         bool strictFp, std::optional<std::vector<std::string>> targets,
         std::optional<std::string> cacheDir, unsigned optLevel,
         std::optional<std::map<std::string, uint64_t>> limits,
         const std::string &hostTuning,
         std::optional<std::vector<int64_t>> hostTiles,
         const std::string &hostCpu, const std::string &hostFeatures) {
        return compileText(path, device, fuse, strictFp, std::move(targets),
                           std::move(cacheDir), optLevel, path, true,
                           toLimits(limits), hostTuning, std::move(hostTiles),
                           hostCpu, hostFeatures);
      },
      nb::arg("path"), nb::arg("device"), nb::arg("fuse"), nb::arg("strict_fp"),
      nb::arg("targets").none(), nb::arg("cache_dir").none(),
      nb::arg("opt_level"), nb::arg("limits").none(), nb::arg("host_tuning"),
      nb::arg("host_tiles").none(), nb::arg("host_cpu") = "",
      nb::arg("host_features") = "",
      nb::rv_policy::take_ownership);
  m.def(
      "_clear_memory_cache",
      [](const std::string &device, std::optional<std::string> cacheDir) {
        getJit(device, cacheDir.value_or(""))->clearMemoryCache();
      },
      nb::arg("device"), nb::arg("cache_dir").none());
  m.def(
      "_cache_stats",
      [](const std::string &device, std::optional<std::string> cacheDir) {
        jit::CacheStats s =
            getJit(device, cacheDir.value_or(""))->getCacheStats();
        nb::dict d;
        d["compiles"] = s.compiles;
        d["memory_hits"] = s.memoryHits;
        d["disk_hits"] = s.diskHits;
        d["disk_rejected"] = s.diskRejected;
        d["disk_writes"] = s.diskWrites;
        d["disk_evicted"] = s.diskEvicted;
        return d;
      },
      nb::arg("device"), nb::arg("cache_dir").none());
  m.def(
      "_input_copies",
      [] { return inputCopies.load(std::memory_order_relaxed); },
      "Inputs copied so far (non-contiguous or misaligned arrays).");
}
