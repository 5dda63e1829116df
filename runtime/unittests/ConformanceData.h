//===- ConformanceData.h - Cases of meld-conformance-data -------*- C++ -*-===//
//
// Reads the cases of a directory named by MELD_CONFORMANCE_DATA (written by
// unittests/Runtime/MakeConformanceData.cpp): each is a bundle, a function,
// and two sets of inputs ("a" and "b") with the reference interpreter's
// outputs. Helpers put a set into device buffers through the C API and
// compare results with the reference. Shared by the conformance, thread
// and C++ API tests; the helpers return statuses instead of asserting so
// that they work from any thread.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_UNITTESTS_CONFORMANCEDATA_H
#define MELD_RUNTIME_UNITTESTS_CONFORMANCEDATA_H

#include "meld/Reference/HostTensor.h"
#include "meld/Runtime/meld_runtime.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

namespace meld::runtime::testing {

struct TensorFile {
  ref::ElementKind kind;
  std::vector<int64_t> shape;
  std::string bytes;
};

/// Input sets 0 and 1 ("a", "b") and their outputs; cases whose function
/// can fail a runtime check also have set kFailingSet ("fails"): inputs on
/// which the interpreter fails with `failure` in its message, and the
/// outputs of set 0 (shapes only: there are no results to compare).
struct Case {
  static constexpr int kFailingSet = 2;
  std::string name, bundle, function;
  std::vector<TensorFile> inputs[3], outputs[3];
  std::string failure;
};

/// The directory of the cases ("" when MELD_CONFORMANCE_DATA is unset).
inline std::string conformanceDataDir() {
  const char *dir = std::getenv("MELD_CONFORMANCE_DATA");
  return dir ? dir : "";
}

inline bool readTensorFile(const std::string &dir, const llvm::json::Value &v,
                           TensorFile &f, std::string &error) {
  const llvm::json::Object *o = v.getAsObject();
  std::optional<llvm::StringRef> dtype =
      o ? o->getString("dtype") : std::nullopt;
  std::optional<llvm::StringRef> file = o ? o->getString("file") : std::nullopt;
  const llvm::json::Array *shape = o ? o->getArray("shape") : nullptr;
  std::optional<ref::ElementKind> kind =
      dtype ? ref::parseElementKind(*dtype) : std::nullopt;
  if (!kind || !file || !shape) {
    error = "malformed tensor entry";
    return false;
  }
  f.kind = *kind;
  for (const llvm::json::Value &d : *shape)
    f.shape.push_back(d.getAsInteger().value_or(-1));
  auto bytes = llvm::MemoryBuffer::getFile(dir + "/" + file->str());
  if (!bytes) {
    error = "missing data file " + file->str();
    return false;
  }
  f.bytes = (*bytes)->getBuffer().str();
  return true;
}

inline bool readCase(const std::string &dir, const std::string &manifest,
                     Case &c, std::string &error) {
  auto text = llvm::MemoryBuffer::getFile(manifest);
  if (!text) {
    error = "cannot read " + manifest;
    return false;
  }
  llvm::Expected<llvm::json::Value> json =
      llvm::json::parse((*text)->getBuffer());
  if (!json) {
    error = manifest + ": " + llvm::toString(json.takeError());
    return false;
  }
  const llvm::json::Object *o = json->getAsObject();
  if (!o) {
    error = manifest + ": not an object";
    return false;
  }
  c.name = llvm::sys::path::stem(manifest).str();
  c.bundle = (dir + "/" + o->getString("bundle").value_or("")).str();
  c.function = o->getString("function").value_or("").str();
  for (int set = 0; set < 2; ++set) {
    const llvm::json::Object *s = o->getObject(set ? "b" : "a");
    if (!s) {
      error = manifest + ": no input set";
      return false;
    }
    for (const char *key : {"inputs", "outputs"}) {
      const llvm::json::Array *tensors = s->getArray(key);
      if (!tensors) {
        error = manifest + ": no " + key;
        return false;
      }
      for (const llvm::json::Value &t : *tensors) {
        TensorFile f;
        if (!readTensorFile(dir, t, f, error))
          return false;
        (std::string(key) == "inputs" ? c.inputs : c.outputs)[set].push_back(
            std::move(f));
      }
    }
  }
  if (const llvm::json::Object *fails = o->getObject("fails")) {
    const llvm::json::Array *tensors = fails->getArray("inputs");
    std::optional<llvm::StringRef> message = fails->getString("error");
    if (!tensors || !message || message->empty()) {
      error = manifest + ": malformed failing set";
      return false;
    }
    for (const llvm::json::Value &t : *tensors) {
      TensorFile f;
      if (!readTensorFile(dir, t, f, error))
        return false;
      c.inputs[Case::kFailingSet].push_back(std::move(f));
    }
    c.outputs[Case::kFailingSet] = c.outputs[0];
    c.failure = message->str();
  }
  return true;
}

/// Every case of conformanceDataDir(), sorted by name; on failure none and
/// `error` says why.
inline std::vector<Case> readCases(std::string &error) {
  std::vector<Case> cases;
  std::string dir = conformanceDataDir();
  std::error_code ec;
  std::vector<std::string> manifests;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".json")
      manifests.push_back(it->path());
  std::sort(manifests.begin(), manifests.end());
  for (const std::string &m : manifests) {
    Case c;
    if (!readCase(dir, m, c, error))
      return {};
    cases.push_back(std::move(c));
  }
  return cases;
}

/// Test failures for elements of `actualBytes` that differ from the
/// reference. Tolerances: f64/f32 atol 5e-5 + rtol 5e-4 (GPU: 1e-4 + 1e-3,
/// for fast math functions), f16/bf16 1e-2 + 1e-2, integers and booleans
/// exact. Returns whether all matched.
inline bool expectClose(const TensorFile &expected,
                        const std::string &actualBytes, bool gpu,
                        const std::string &what) {
  ref::HostTensor e =
      ref::decodeRaw(expected.kind, expected.shape, expected.bytes);
  ref::HostTensor a =
      ref::decodeRaw(expected.kind, expected.shape, actualBytes);
  bool half = expected.kind == ref::ElementKind::F16 ||
              expected.kind == ref::ElementKind::BF16;
  double atol = half ? 1e-2 : gpu ? 1e-4 : 5e-5;
  double rtol = half ? 1e-2 : gpu ? 1e-3 : 5e-4;
  int64_t reported = 0;
  for (int64_t i = 0; i < e.size(); ++i) {
    bool ok;
    if (!e.isFloat()) {
      ok = e.getInt(i) == a.getInt(i);
    } else {
      double x = e.getFloat(i), y = a.getFloat(i);
      ok = (std::isnan(x) && std::isnan(y)) || x == y ||
           std::abs(x - y) <= atol + rtol * std::abs(x);
    }
    if (!ok && reported++ < 5)
      ADD_FAILURE() << what << ": element " << i << " is " << a.getAsDouble(i)
                    << ", the reference says " << e.getAsDouble(i);
  }
  return reported == 0;
}

inline meld_tensor_t tensorOf(meld_buffer_t b, const TensorFile &f) {
  meld_tensor_t t = {};
  t.buffer = b;
  t.dtype = static_cast<meld_dtype_t>(f.kind);
  t.rank = static_cast<int32_t>(f.shape.size());
  for (size_t d = 0; d < f.shape.size(); ++d)
    t.shape[d] = f.shape[d];
  return t;
}

/// Device buffers for one input set and its outputs.
struct Buffers {
  std::vector<meld_buffer_t> buffers;
  std::vector<meld_tensor_t> inputs, outputs;
  Buffers() = default;
  Buffers(const Buffers &) = delete;
  Buffers &operator=(const Buffers &) = delete;
  ~Buffers() {
    for (meld_buffer_t b : buffers)
      meld_buffer_release(b);
  }
};

/// Fills every output with 0x7f bytes, so a result that is never written
/// shows.
inline meld_status_t poisonOutputs(meld_stream_t stream, const Case &c, int set,
                                   const Buffers &b) {
  for (size_t i = 0; i < b.outputs.size(); ++i) {
    std::string poison(c.outputs[set][i].bytes.size(), '\x7f');
    if (meld_status_t s = meld_buffer_write(stream, b.outputs[i].buffer, 0,
                                            poison.data(), poison.size()))
      return s;
  }
  return meld_stream_synchronize(stream);
}

/// Allocates buffers for input set `set` of `c` and its outputs, writes
/// the inputs and poisons the outputs.
inline meld_status_t allocateSet(meld_device_t device, meld_stream_t stream,
                                 const Case &c, int set, Buffers &b) {
  for (int output = 0; output < 2; ++output)
    for (const TensorFile &f : output ? c.outputs[set] : c.inputs[set]) {
      meld_buffer_t buf;
      if (meld_status_t s = meld_buffer_alloc(device, f.bytes.size(),
                                              MELD_MEMORY_DEVICE, &buf))
        return s;
      b.buffers.push_back(buf);
      (output ? b.outputs : b.inputs).push_back(tensorOf(buf, f));
      if (output)
        continue;
      if (meld_status_t s =
              meld_buffer_write(stream, buf, 0, f.bytes.data(), f.bytes.size()))
        return s;
    }
  return poisonOutputs(stream, c, set, b);
}

/// Reads the outputs in `b` back through `stream` and compares them with
/// the reference outputs of set `set` (test failures for mismatches).
/// MELD_OK when the reads worked, whatever the comparison said.
inline meld_status_t checkOutputs(meld_stream_t stream, const Case &c, int set,
                                  const Buffers &b, bool gpu,
                                  const std::string &how) {
  for (size_t i = 0; i < c.outputs[set].size(); ++i) {
    const TensorFile &f = c.outputs[set][i];
    std::string bytes(f.bytes.size(), '\0');
    if (meld_status_t s = meld_buffer_read(stream, b.outputs[i].buffer, 0,
                                           bytes.data(), bytes.size()))
      return s;
    if (meld_status_t s = meld_stream_synchronize(stream))
      return s;
    expectClose(f, bytes, gpu,
                c.name + " (" + how + ") result #" + std::to_string(i));
  }
  return MELD_OK;
}

} // namespace meld::runtime::testing

#endif // MELD_RUNTIME_UNITTESTS_CONFORMANCEDATA_H
