//===- JIT.cpp - Meld as an in-process JIT --------------------------------===//
//
// Jit: device selection, the compile path (parse, compileToBundle, load)
// behind a two-level cache (memory LRU, then disk). Program: runs on host
// memory, device buffers or reference tensors. CapturedProgram: one
// captured run, replayed on new host memory by rebinding (host device) or
// through its own buffers (GPUs).
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"

#include "CompileCache.h"

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Codegen/Host/HostTuning.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <elf.h>
#include <link.h>
#include <list>
#include <map>
#include <mutex>

using namespace mlir;
using namespace meld;
using namespace meld::jit;
using runtime::Buffer;
using runtime::makeStatusError;
using runtime::TensorRef;

#ifndef MELD_VERSION_STRING
#define MELD_VERSION_STRING "unknown"
#endif

char CompileError::ID = 0;

llvm::StringRef meld::jit::getVersion() { return MELD_VERSION_STRING; }

namespace {
/// dl_iterate_phdr's search for the object holding an address and its
/// NT_GNU_BUILD_ID note.
struct BuildIdSearch {
  uintptr_t address;
  std::string id;
};
} // namespace

static int findBuildId(struct dl_phdr_info *info, size_t, void *data) {
  auto *search = static_cast<BuildIdSearch *>(data);
  bool holds = false;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum && !holds; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    holds = ph.p_type == PT_LOAD && search->address >= start &&
            search->address < start + ph.p_memsz;
  }
  if (!holds)
    return 0;
  for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_NOTE)
      continue;
    const char *note =
        reinterpret_cast<const char *>(info->dlpi_addr + ph.p_vaddr);
    const char *end = note + ph.p_memsz;
    while (note + sizeof(ElfW(Nhdr)) <= end) {
      const auto *header = reinterpret_cast<const ElfW(Nhdr) *>(note);
      const char *name = note + sizeof(ElfW(Nhdr));
      const char *desc = name + llvm::alignTo(header->n_namesz, 4);
      if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4 &&
          std::memcmp(name, "GNU", 4) == 0 && desc + header->n_descsz <= end) {
        search->id = llvm::toHex(llvm::StringRef(desc, header->n_descsz),
                                 /*LowerCase=*/true);
        return 1;
      }
      note = desc + llvm::alignTo(header->n_descsz, 4);
    }
  }
  return 1;
}

llvm::StringRef meld::jit::getBuildId() {
  static const std::string id = [] {
    BuildIdSearch search{reinterpret_cast<uintptr_t>(&findBuildId), {}};
    dl_iterate_phdr(findBuildId, &search);
    return search.id;
  }();
  return id;
}

void CompileError::log(llvm::raw_ostream &os) const { os << diagnostics; }

static llvm::Error compileError(std::string diagnostics) {
  if (diagnostics.empty())
    diagnostics = "compilation failed";
  while (!diagnostics.empty() && diagnostics.back() == '\n')
    diagnostics.pop_back();
  return llvm::make_error<CompileError>(std::move(diagnostics));
}

static llvm::Error invalidArgument(const llvm::Twine &message) {
  return makeStatusError(MELD_ERROR_INVALID_ARGUMENT, message);
}

//===----------------------------------------------------------------------===//
// Contexts and parsing
//===----------------------------------------------------------------------===//

static void addDialects(DialectRegistry &registry) {
  registry.insert<MeldDialect>();
  codegen::registerCodegenDialects(registry);
}

/// A fresh context for one compile. Threading is off: many threads compile
/// at once, each in its own context.
static std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  addDialects(registry);
  auto context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return context;
}

namespace {
/// Parses IR text, collecting diagnostics (with source lines and carets).
struct ParsedModule {
  std::unique_ptr<MLIRContext> context = makeContext();
  llvm::SourceMgr sourceMgr;
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream{diagnostics};
  SourceMgrDiagnosticHandler handler{sourceMgr, context.get(),
                                     diagnosticStream};
  OwningOpRef<ModuleOp> module;

  ParsedModule(llvm::StringRef text, llvm::StringRef bufferName,
               const ProgramLimits &limits) {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, bufferName), llvm::SMLoc());
    module = parseCheckedModule(sourceMgr, context.get(), limits);
  }
};
} // namespace

/// The limits a compile was checked under, for the cache key: a program
/// accepted under raised limits is not served to a caller with lower ones.
static std::string describeLimits(const ProgramLimits &limits) {
  return llvm::formatv("limits nesting {0} ops {1} elements {2} constant {3}\n",
                       limits.maxNesting, limits.maxOps,
                       limits.maxTensorElements, limits.maxConstantBytes)
      .str();
}

/// "file:line:col: error: message", then its notes.
static void printDiagnostic(llvm::raw_ostream &os, const Diagnostic &d) {
  auto printLocation = [&](Location loc) {
    if (auto file = dyn_cast<FileLineColLoc>(loc))
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
    else
      os << loc;
  };
  printLocation(d.getLocation());
  switch (d.getSeverity()) {
  case DiagnosticSeverity::Error:
    os << ": error: ";
    break;
  case DiagnosticSeverity::Warning:
    os << ": warning: ";
    break;
  case DiagnosticSeverity::Note:
    os << ": note: ";
    break;
  case DiagnosticSeverity::Remark:
    os << ": remark: ";
    break;
  }
  os << d << "\n";
  for (const Diagnostic &note : d.getNotes()) {
    printLocation(note.getLocation());
    os << ": note: " << note << "\n";
  }
}

static std::string printModule(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo(false));
  return text;
}

//===----------------------------------------------------------------------===//
// Host memory
//===----------------------------------------------------------------------===//

/// Bytes of the 64-byte aligned host buffer of a result of `bytes`.
static size_t resultBufferBytes(size_t bytes) {
  return (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
}

/// `rounded` (resultBufferBytes) bytes of 64-byte aligned host memory for a
/// result of `bytes`, or the error saying there is none.
static llvm::Expected<void *> alignedResultMemory(size_t rounded,
                                                  size_t bytes) {
  if (void *data = std::aligned_alloc(64, rounded))
    return data;
  return makeStatusError(MELD_ERROR_OUT_OF_MEMORY,
                         "out of host memory allocating " +
                             llvm::Twine(bytes) + " bytes for a result");
}

/// 64-byte aligned plain host memory owned by the returned buffer (for
/// results leaving a device that does not use host memory).
static llvm::Expected<std::shared_ptr<Buffer>>
allocateHostMemory(const std::shared_ptr<runtime::Device> &device,
                   size_t bytes) {
  llvm::Expected<void *> memory =
      alignedResultMemory(resultBufferBytes(bytes), bytes);
  if (!memory)
    return memory.takeError();
  void *data = *memory;
  return Buffer::wrap(
      device, data, bytes,
      std::shared_ptr<void>(data, [](void *p) { std::free(p); }));
}

static bool isAligned(const void *p) {
  return reinterpret_cast<uintptr_t>(p) % 16 == 0;
}

static llvm::Error checkView(const HostView &view, const llvm::Twine &what) {
  for (int64_t d : view.shape)
    if (d < 0)
      return invalidArgument(what + " has a negative dimension");
  if (ref::numElements(view.shape) > ref::kMaxElements)
    return invalidArgument(what + " has more than 2^31 elements");
  if (!view.data && view.sizeInBytes())
    return invalidArgument(what + " has no data");
  return llvm::Error::success();
}

static TensorRef makeRef(std::shared_ptr<Buffer> buffer, const HostView &view) {
  TensorRef t;
  t.buffer = std::move(buffer);
  t.kind = view.kind;
  t.shape.assign(view.shape.begin(), view.shape.end());
  return t;
}

static TensorRef makeRef(std::shared_ptr<Buffer> buffer,
                         const TensorRef &like) {
  TensorRef t;
  t.buffer = std::move(buffer);
  t.kind = like.kind;
  t.shape = like.shape;
  return t;
}

/// Caller memory as a tensor, borrowed: its buffer's owner is the memory
/// itself with no control block (never freed, and no allocation for it).
static TensorRef borrowView(const std::shared_ptr<runtime::Device> &device,
                            const HostView &view) {
  return makeRef(Buffer::wrap(device, view.data, view.sizeInBytes(),
                              std::shared_ptr<void>(std::shared_ptr<void>(),
                                                    view.data)),
                 view);
}

/// Caller memory as tensors, borrowed (never freed by their buffers).
static std::vector<TensorRef>
borrowViews(const std::shared_ptr<runtime::Device> &device,
            llvm::ArrayRef<HostView> views) {
  std::vector<TensorRef> refs;
  refs.reserve(views.size());
  for (const HostView &view : views)
    refs.push_back(borrowView(device, view));
  return refs;
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

struct Program::Impl {
  std::shared_ptr<runtime::Device> device;
  std::unique_ptr<runtime::Executable> executable;
  std::string bundleBytes;
  std::string fusionReport;
  /// The program text, for the interpreter.
  std::string source;
  /// The limits it was compiled under (part of the cache key), which the
  /// interpreter parses it under again.
  ProgramLimits limits;
  bool hostMemory = false;

  std::mutex streamMutex;
  std::vector<std::unique_ptr<runtime::Stream>> idleStreams;

  /// A stream for one call, returned to the pool when the lease ends.
  struct StreamLease {
    Impl *impl;
    std::unique_ptr<runtime::Stream> stream;
    StreamLease(Impl *impl, std::unique_ptr<runtime::Stream> stream)
        : impl(impl), stream(std::move(stream)) {}
    StreamLease(StreamLease &&) = default;
    ~StreamLease() {
      if (!stream)
        return;
      std::lock_guard<std::mutex> lock(impl->streamMutex);
      impl->idleStreams.push_back(std::move(stream));
    }
  };
  llvm::Expected<StreamLease> leaseStream() {
    {
      std::lock_guard<std::mutex> lock(streamMutex);
      if (!idleStreams.empty()) {
        std::unique_ptr<runtime::Stream> stream = std::move(idleStreams.back());
        idleStreams.pop_back();
        return StreamLease(this, std::move(stream));
      }
    }
    auto stream = device->createStream();
    if (!stream)
      return stream.takeError();
    return StreamLease(this, std::move(*stream));
  }

  /// A copy of `view` in a new device buffer (enqueued on `stream`).
  llvm::Expected<TensorRef> copyToDevice(runtime::Stream &stream,
                                         const HostView &view) {
    auto buffer = Buffer::allocate(device, view.sizeInBytes());
    if (!buffer)
      return buffer.takeError();
    if (view.sizeInBytes())
      if (llvm::Error e =
              stream.copy((*buffer)->data(), view.data, view.sizeInBytes()))
        return std::move(e);
    return makeRef(std::move(*buffer), view);
  }

  /// Views checked and in device memory: caller memory itself when the
  /// device reads host memory and it is aligned, else a copy (or always a
  /// copy, with `alwaysCopy`). The caller memory read in place is one
  /// borrowed buffer spanning all of it, each view at its offset: a step
  /// over 200 parameters passes 600 arrays, and a buffer of each cost a
  /// fifth of the call.
  llvm::Expected<std::vector<TensorRef>>
  stageInputs(runtime::Stream &stream, llvm::ArrayRef<HostView> inputs,
              bool alwaysCopy = false) {
    auto inPlace = [&](const HostView &view) {
      return !alwaysCopy && hostMemory && view.data && isAligned(view.data);
    };
    uintptr_t lo = UINTPTR_MAX, hi = 0;
    for (const HostView &view : inputs) {
      if (!inPlace(view))
        continue;
      auto begin = reinterpret_cast<uintptr_t>(view.data);
      lo = std::min(lo, begin);
      hi = std::max(hi, begin + view.sizeInBytes());
    }
    std::shared_ptr<Buffer> span;
    if (lo != UINTPTR_MAX) {
      auto *base = reinterpret_cast<char *>(lo);
      span = Buffer::wrap(device, base, hi - lo,
                          std::shared_ptr<void>(std::shared_ptr<void>(), base));
    }
    std::vector<TensorRef> refs;
    refs.reserve(inputs.size());
    for (auto [i, view] : llvm::enumerate(inputs)) {
      if (llvm::Error e = checkView(view, "argument #" + llvm::Twine(i)))
        return std::move(e);
      if (inPlace(view)) {
        TensorRef t = makeRef(span, view);
        t.offset = reinterpret_cast<uintptr_t>(view.data) - lo;
        refs.push_back(std::move(t));
        continue;
      }
      auto copy = copyToDevice(stream, view);
      if (!copy)
        return copy.takeError();
      refs.push_back(std::move(*copy));
    }
    return refs;
  }
};

Program::Program(std::shared_ptr<Impl> impl, CacheOutcome outcome)
    : impl(std::move(impl)), outcome(outcome) {}
Program::~Program() = default;

const std::vector<runtime::FunctionSignature> &Program::getFunctions() const {
  return impl->executable->getFunctions();
}
const std::string &Program::getFusionReport() const {
  return impl->fusionReport;
}
llvm::StringRef Program::getBundleBytes() const { return impl->bundleBytes; }
CacheOutcome Program::getCacheOutcome() const { return outcome; }
runtime::Executable &Program::getExecutable() const {
  return *impl->executable;
}
const std::shared_ptr<runtime::Device> &Program::getDevice() const {
  return impl->device;
}

llvm::Expected<std::vector<TensorRef>>
Program::run(runtime::Stream &stream, llvm::StringRef function,
             llvm::ArrayRef<TensorRef> inputs,
             llvm::ArrayRef<TensorRef> outputs) {
  return impl->executable->run(stream, function, inputs, outputs);
}

/// Copies device results into fresh host memory (waits for the stream).
static llvm::Expected<std::vector<TensorRef>>
copyToHost(const std::shared_ptr<runtime::Device> &device,
           runtime::Stream &stream, llvm::ArrayRef<TensorRef> results) {
  std::vector<TensorRef> host;
  for (const TensorRef &r : results) {
    auto buffer = allocateHostMemory(device, r.sizeInBytes());
    if (!buffer)
      return buffer.takeError();
    if (r.sizeInBytes())
      if (llvm::Error e =
              stream.copy((*buffer)->data(), r.data(), r.sizeInBytes()))
        return std::move(e);
    host.push_back(makeRef(std::move(*buffer), r));
  }
  if (llvm::Error e = stream.synchronize())
    return std::move(e);
  return host;
}

/// Writes `results` into caller memory unless they are that memory already.
static llvm::Error copyOut(runtime::Stream &stream,
                           llvm::ArrayRef<TensorRef> results,
                           llvm::ArrayRef<HostView> outputs) {
  for (auto [r, view] : llvm::zip_equal(results, outputs))
    if (r.data() != view.data && r.sizeInBytes())
      if (llvm::Error e = stream.copy(view.data, r.data(), r.sizeInBytes()))
        return e;
  return stream.synchronize();
}

llvm::Expected<std::vector<TensorRef>>
Program::run(llvm::StringRef function, llvm::ArrayRef<HostView> inputs,
             llvm::ArrayRef<HostView> outputs) {
  auto lease = impl->leaseStream();
  if (!lease)
    return lease.takeError();
  runtime::Stream &stream = *lease->stream;
  auto in = impl->stageInputs(stream, inputs);
  if (!in)
    return in.takeError();
  if (outputs.empty()) {
    auto results = impl->executable->run(stream, function, std::move(*in));
    if (!results)
      return results.takeError();
    if (impl->hostMemory) {
      if (llvm::Error e = stream.synchronize())
        return std::move(e);
      return results;
    }
    return copyToHost(impl->device, stream, *results);
  }
  auto out = impl->stageInputs(stream, outputs);
  if (!out)
    return out.takeError();
  auto results = impl->executable->run(stream, function, *in, *out);
  if (!results)
    return results.takeError();
  if (llvm::Error e = copyOut(stream, *results, outputs))
    return std::move(e);
  return borrowViews(impl->device, outputs);
}

/// Reference tensors in the compiled-code layout, and views on them.
namespace {
struct EncodedTensors {
  std::vector<std::string> bytes;
  std::vector<HostView> views;

  explicit EncodedTensors(llvm::ArrayRef<ref::HostTensor> tensors) {
    for (const ref::HostTensor &t : tensors)
      bytes.push_back(ref::encodeRaw(t));
    for (auto [t, b] : llvm::zip_equal(tensors, bytes)) {
      HostView view;
      view.data = b.data();
      view.kind = t.getKind();
      view.shape.assign(t.getShape().begin(), t.getShape().end());
      views.push_back(std::move(view));
    }
  }
};
} // namespace

llvm::Expected<std::vector<ref::HostTensor>>
Program::run(llvm::StringRef function, llvm::ArrayRef<ref::HostTensor> inputs) {
  EncodedTensors encoded(inputs);
  auto results = run(function, encoded.views);
  if (!results)
    return results.takeError();
  std::vector<ref::HostTensor> tensors;
  for (const TensorRef &r : *results)
    tensors.push_back(ref::decodeRaw(
        r.kind, r.shape,
        llvm::StringRef(static_cast<const char *>(r.data()), r.sizeInBytes())));
  return tensors;
}

llvm::Expected<std::vector<ref::HostTensor>>
Program::interpret(llvm::StringRef function,
                   llvm::ArrayRef<ref::HostTensor> inputs) const {
  ParsedModule parsed(impl->source, "<program>", impl->limits);
  if (!parsed.module)
    return compileError(parsed.diagnostics);
  func::FuncOp entry = findEntryFunction(*parsed.module, function);
  if (!entry)
    return makeStatusError(MELD_ERROR_NOT_FOUND, parsed.diagnostics);
  Interpreter interpreter(*parsed.module);
  FailureOr<std::vector<ref::HostTensor>> results =
      interpreter.run(entry.getSymName(), inputs);
  if (failed(results))
    return makeStatusError(MELD_ERROR_EXECUTION, parsed.diagnostics);
  return std::move(*results);
}

//===----------------------------------------------------------------------===//
// CapturedProgram
//===----------------------------------------------------------------------===//

/// Host buffers of the results of CapturedProgram::run(inputs) that their
/// callers have dropped, by size, for the next calls: each call's results
/// were fresh memory that the kernels writing them faulted in page by page
/// (GPT-2's 103 MB of bf16 logits at batch 8: a fifth of its prefill's
/// time on the Intel Xeon VM, under torch.compile, which replays captures).
/// At most kKeptPerSize buffers of a size are kept; the rest are freed.
namespace {
struct ResultBuffers : std::enable_shared_from_this<ResultBuffers> {
  static constexpr size_t kKeptPerSize = 2;
  std::mutex mutex;
  std::multimap<size_t, void *> free;
  ~ResultBuffers() {
    for (auto &[size, p] : free)
      std::free(p);
  }

  /// A buffer of `bytes` that comes back here when its last owner drops it.
  llvm::Expected<std::shared_ptr<Buffer>>
  allocate(const std::shared_ptr<runtime::Device> &device, size_t bytes) {
    size_t rounded = resultBufferBytes(bytes);
    void *data = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (auto it = free.find(rounded); it != free.end()) {
        data = it->second;
        free.erase(it);
      }
    }
    if (!data) {
      llvm::Expected<void *> memory = alignedResultMemory(rounded, bytes);
      if (!memory)
        return memory.takeError();
      data = *memory;
    }
    std::shared_ptr<ResultBuffers> self = shared_from_this();
    return Buffer::wrap(device, data, bytes,
                        std::shared_ptr<void>(data, [self, rounded](void *p) {
                          std::lock_guard<std::mutex> lock(self->mutex);
                          if (self->free.count(rounded) < kKeptPerSize)
                            self->free.emplace(rounded, p);
                          else
                            std::free(p);
                        }));
  }
};
} // namespace

struct CapturedProgram::Impl {
  std::shared_ptr<Program::Impl> program;
  std::unique_ptr<runtime::Stream> stream;
  std::unique_ptr<runtime::CapturedRun> captured;
  std::vector<TensorRef> inputs, outputs;
  std::shared_ptr<ResultBuffers> results = std::make_shared<ResultBuffers>();
  /// Whether the graph points at `inputs` / `outputs` (not caller memory).
  bool boundToOwned = true;
  std::mutex mutex;

  llvm::Error launch() {
    if (llvm::Error e = captured->replay(*stream))
      return e;
    return stream->synchronize();
  }
  llvm::Error bindOwned() {
    if (boundToOwned)
      return llvm::Error::success();
    if (llvm::Error e = captured->rebind(inputs, outputs))
      return e;
    boundToOwned = true;
    return llvm::Error::success();
  }
  /// Replays on caller memory: rebinds to it when the device reads host
  /// memory and every view is aligned, else copies through the buffers.
  llvm::Error run(llvm::ArrayRef<HostView> in, llvm::ArrayRef<HostView> out) {
    if (in.size() != inputs.size() || out.size() != outputs.size())
      return invalidArgument(
          "the captured run takes " + llvm::Twine(inputs.size()) +
          " inputs and " + llvm::Twine(outputs.size()) + " outputs, not " +
          llvm::Twine(in.size()) + " and " + llvm::Twine(out.size()));
    auto check = [](llvm::ArrayRef<HostView> views,
                    llvm::ArrayRef<TensorRef> bound,
                    llvm::StringRef what) -> llvm::Error {
      for (auto [i, view, t] : llvm::enumerate(views, bound)) {
        if (llvm::Error e = checkView(view, what + " #" + llvm::Twine(i)))
          return e;
        if (view.kind != t.kind ||
            llvm::ArrayRef(view.shape) != llvm::ArrayRef(t.shape))
          return invalidArgument(
              what + " #" + llvm::Twine(i) + " has type " +
              ref::toString(view.kind) + ref::formatShape(view.shape) +
              ", but the run was captured with " + ref::toString(t.kind) +
              ref::formatShape(t.shape));
      }
      return llvm::Error::success();
    };
    if (llvm::Error e = check(in, inputs, "input"))
      return e;
    if (llvm::Error e = check(out, outputs, "output"))
      return e;
    auto allAligned = [](llvm::ArrayRef<HostView> views) {
      return llvm::all_of(views,
                          [](const HostView &v) { return isAligned(v.data); });
    };
    if (program->hostMemory && allAligned(in) && allAligned(out)) {
      boundToOwned = false;
      if (llvm::Error e = captured->rebind(borrowViews(program->device, in),
                                           borrowViews(program->device, out)))
        return e;
      return launch();
    }
    if (llvm::Error e = bindOwned())
      return e;
    for (auto [view, t] : llvm::zip_equal(in, inputs))
      if (t.sizeInBytes())
        if (llvm::Error e = stream->copy(t.data(), view.data, t.sizeInBytes()))
          return e;
    if (llvm::Error e = captured->replay(*stream))
      return e;
    for (auto [view, t] : llvm::zip_equal(out, outputs))
      if (t.sizeInBytes())
        if (llvm::Error e = stream->copy(view.data, t.data(), t.sizeInBytes()))
          return e;
    return stream->synchronize();
  }
};

CapturedProgram::CapturedProgram(std::unique_ptr<Impl> impl)
    : impl(std::move(impl)) {}
CapturedProgram::~CapturedProgram() = default;

llvm::Error CapturedProgram::replay() {
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (llvm::Error e = impl->bindOwned())
    return e;
  return impl->launch();
}

llvm::Error CapturedProgram::run(llvm::ArrayRef<HostView> inputs,
                                 llvm::ArrayRef<HostView> outputs) {
  std::lock_guard<std::mutex> lock(impl->mutex);
  return impl->run(inputs, outputs);
}

llvm::Expected<std::vector<TensorRef>>
CapturedProgram::run(llvm::ArrayRef<HostView> inputs) {
  std::vector<TensorRef> results;
  std::vector<HostView> views;
  for (const TensorRef &t : impl->outputs) {
    auto buffer =
        impl->results->allocate(impl->program->device, t.sizeInBytes());
    if (!buffer)
      return buffer.takeError();
    HostView view;
    view.data = (*buffer)->data();
    view.kind = t.kind;
    view.shape.assign(t.shape.begin(), t.shape.end());
    views.push_back(std::move(view));
    results.push_back(makeRef(std::move(*buffer), t));
  }
  if (llvm::Error e = run(inputs, views))
    return std::move(e);
  return results;
}

llvm::ArrayRef<TensorRef> CapturedProgram::getInputs() const {
  return impl->inputs;
}
llvm::ArrayRef<TensorRef> CapturedProgram::getOutputs() const {
  return impl->outputs;
}
runtime::CapturedRun &CapturedProgram::getCapturedRun() {
  return *impl->captured;
}

llvm::Expected<std::unique_ptr<CapturedProgram>>
Program::capture(llvm::StringRef function, llvm::ArrayRef<HostView> inputs) {
  auto state = std::make_unique<CapturedProgram::Impl>();
  state->program = impl;
  auto stream = impl->device->createStream();
  if (!stream)
    return stream.takeError();
  state->stream = std::move(*stream);
  runtime::Stream &s = *state->stream;
  // The capture owns its inputs (copies), so replay() never reads memory
  // the caller may have freed.
  auto owned = impl->stageInputs(s, inputs, /*alwaysCopy=*/true);
  if (!owned)
    return owned.takeError();
  state->inputs = std::move(*owned);
  // One eager run sizes the results (dynamic dims follow the inputs) and
  // gives the buffers the graph writes.
  auto results = impl->executable->run(s, function, state->inputs);
  if (!results)
    return results.takeError();
  // The graph writes buffers of its own: an eager result may be a
  // constant's buffer or an input (a function that returns one), which no
  // node of the graph would write, so a replay into new outputs would
  // return uninitialized memory. Kernels write these buffers directly; a
  // constant or an input is copied by a node of the graph.
  for (TensorRef &t : *results) {
    auto buffer = Buffer::allocate(impl->device, t.sizeInBytes());
    if (!buffer)
      return buffer.takeError();
    t = makeRef(std::move(*buffer), t);
  }
  state->outputs = std::move(*results);
  if (llvm::Error e = s.synchronize())
    return std::move(e);
  auto captured =
      impl->executable->capture(s, function, state->inputs, state->outputs);
  if (!captured)
    return captured.takeError();
  state->captured = std::move(*captured);
  return std::unique_ptr<CapturedProgram>(
      new CapturedProgram(std::move(state)));
}

//===----------------------------------------------------------------------===//
// Jit
//===----------------------------------------------------------------------===//

class Jit::Impl {
public:
  JitOptions options;
  std::shared_ptr<runtime::Device> device;
  std::unique_ptr<CompileCache> cache;

  /// The bundle compile options for this device.
  meld::CompileOptions bundleOptions(const jit::CompileOptions &options) const {
    const runtime::DeviceInfo &info = device->getInfo();
    meld::CompileOptions result;
    result.targets = options.targets;
    if (result.targets.empty())
      result.targets = {info.target};
    if (info.target == "nvptx")
      result.nvptxChips = {info.chip};
    if (info.target == "amdgpu")
      result.amdgpuChips = {info.chip};
    result.fuse = options.fuse;
    result.strictFp = options.strictFp;
    result.optLevel = options.optLevel;
    result.hostTuningFile = options.hostTuningFile;
    result.hostGemmTiles = options.hostGemmTiles;
    result.hostLaunchCosts = options.hostLaunchCosts;
    result.hostCpu = options.hostCpu;
    result.hostFeatures = options.hostFeatures;
    return result;
  }

  /// The host CPU `options` compile for, which must run here: an error
  /// names the CPU or feature LLVM does not know, or the features this
  /// machine lacks.
  static llvm::Expected<codegen::HostTarget>
  hostTarget(const meld::CompileOptions &options) {
    auto target =
        codegen::HostTarget::get(options.hostCpu, options.hostFeatures);
    if (!target)
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             llvm::toString(target.takeError()));
    std::vector<std::string> missing =
        target->missingFrom(codegen::HostTarget::native());
    if (!missing.empty())
      return makeStatusError(
          MELD_ERROR_INVALID_ARGUMENT,
          "host CPU '" + target->cpu + "' needs " + llvm::join(missing, ", ") +
              ", which this machine (" + codegen::HostTarget::native().cpu +
              ") lacks; the JIT runs the code it compiles here (host features "
              "'-" +
              llvm::join(missing, ",-") + "' compile without them)");
    return target;
  }

  /// The host GEMM tiles `options` resolve to (the tuning table is read
  /// again, so a new table makes new keys), and where they come from.
  static std::string hostTiles(const meld::CompileOptions &options,
                               const codegen::HostTarget &host) {
    if (options.hostGemmTiles)
      return options.hostGemmTiles->str() + " (given)";
    codegen::HostGemmTiles tiles =
        options.hostTuningFile == "none"
            ? codegen::defaultGemmTiles(host)
            : codegen::resolveGemmTiles(host, options.hostTuningFile, {});
    return tiles.str() + " (" + tiles.source + ", table version " +
           std::to_string(codegen::kHostTuningVersion) + ")";
  }

  /// The host launch costs `options` resolve to (fusion decides by them).
  static std::string hostLaunchCosts(const meld::CompileOptions &options,
                                     codegen::HostTarget host) {
    if (options.hostThreads > 0)
      host.threads = options.hostThreads;
    std::string source;
    return codegen::hostLaunchCosts(host, options.hostTuningFile,
                                    options.hostLaunchCosts, {}, &source)
               .str() +
           " (" + source + ")";
  }

  /// What the cache key covers besides the program text.
  std::string describe(const meld::CompileOptions &options,
                       const codegen::HostTarget &host) const {
    const runtime::DeviceInfo &info = device->getInfo();
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "meld " << getVersion() << "\nbuild " << getBuildId() << "\nbundle "
       << bundle::kVersion << "\ndevice " << info.backend << " " << info.target
       << " " << info.chip << "\nhost " << host.description()
       << "\nhost-gemm-tiles " << hostTiles(options, host)
       << "\nhost-launch-costs " << hostLaunchCosts(options, host)
       << "\ntargets";
    for (const std::string &t : options.targets)
      os << " " << t;
    os << "\nnvptx";
    for (const std::string &c : options.nvptxChips)
      os << " " << c;
    os << "\namdgpu";
    for (const std::string &c : options.amdgpuChips)
      os << " " << c;
    os << "\nfuse " << options.fuse << " strict-fp " << options.strictFp << " O"
       << options.optLevel << "\n";
    return text;
  }

  /// Compiles `module` into an entry (bundle bytes with the JIT metadata).
  llvm::Expected<CacheEntry> build(ModuleOp module,
                                   const meld::CompileOptions &options,
                                   std::string &diagnostics,
                                   const CacheKey &key) {
    CacheEntry entry;
    meld::CompileOptions withReport = options;
    withReport.fusionReport = &entry.fusionReport;
    FailureOr<bundle::Bundle> bundle = compileToBundle(module, withReport);
    if (failed(bundle))
      return compileError(diagnostics);
    entry.source = key.source;
    bundle->metadata["jit"] =
        llvm::json::Object{{"cache_key", key.hash},
                           {"description", key.description},
                           {"source", entry.source},
                           {"fusion_report", entry.fusionReport}};
    entry.bundleBytes = bundle->toBytes();
    return entry;
  }

  llvm::Expected<std::shared_ptr<Program>> load(const CacheEntry &entry,
                                                CacheOutcome outcome,
                                                const ProgramLimits &limits) {
    auto bundle = bundle::Bundle::read(entry.bundleBytes);
    if (!bundle)
      return bundle.takeError();
    auto executable = runtime::Executable::load(device, std::move(*bundle),
                                                options.executable);
    if (!executable)
      return executable.takeError();
    auto impl = std::make_shared<Program::Impl>();
    impl->device = device;
    impl->executable = std::move(*executable);
    impl->bundleBytes = entry.bundleBytes;
    impl->fusionReport = entry.fusionReport;
    impl->source = entry.source;
    impl->limits = limits;
    impl->hostMemory = device->getInfo().target == "host";
    return std::shared_ptr<Program>(new Program(std::move(impl), outcome));
  }

  /// The cache around `compile`, which makes the entry on a miss.
  llvm::Expected<std::shared_ptr<Program>>
  getOrCompile(const CacheKey &key, const ProgramLimits &limits,
               llvm::function_ref<llvm::Expected<CacheEntry>()> compile) {
    return cache->getOrCreate(
        key,
        [&](const CacheEntry &entry,
            CacheOutcome outcome) -> llvm::Expected<std::shared_ptr<Program>> {
          return load(entry, outcome, limits);
        },
        compile);
  }
};

Jit::Jit(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Jit::~Jit() = default;

static llvm::Expected<std::shared_ptr<runtime::Device>>
openDevice(const JitOptions &options) {
  std::string name = options.device;
  if (name == "best") {
    name = "host";
    for (const char *candidate : {"cuda", "hip"}) {
      std::shared_ptr<runtime::Backend> backend =
          runtime::lookupBackend(candidate);
      if (!backend)
        continue;
      llvm::Expected<int> count = backend->getDeviceCount();
      if (!count) {
        llvm::consumeError(count.takeError());
        continue;
      }
      if (*count > options.deviceOrdinal) {
        name = candidate;
        break;
      }
    }
  }
  if (name == "host") {
    if (options.deviceOrdinal != 0)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "the host backend has one device (#0), not #" +
                                 llvm::Twine(options.deviceOrdinal));
    return runtime::createHostDevice(options.hostThreads);
  }
  std::shared_ptr<runtime::Backend> backend = runtime::lookupBackend(name);
  if (!backend)
    return makeStatusError(MELD_ERROR_NOT_FOUND,
                           "no backend named '" + name +
                               "' (expected host, cuda, hip or best)");
  return backend->openDevice(options.deviceOrdinal);
}

llvm::Expected<std::unique_ptr<Jit>> Jit::create(JitOptions options) {
  auto device = openDevice(options);
  if (!device)
    return device.takeError();
  auto cache =
      CompileCache::create(options.memoryCacheEntries, options.cacheDirectory,
                           options.diskCacheBytes);
  if (!cache)
    return cache.takeError();
  auto impl = std::make_unique<Impl>();
  impl->options = std::move(options);
  impl->device = std::move(*device);
  impl->cache = std::move(*cache);
  return std::unique_ptr<Jit>(new Jit(std::move(impl)));
}

llvm::Expected<std::shared_ptr<Program>>
Jit::compile(llvm::StringRef irText, const jit::CompileOptions &options,
             llvm::StringRef bufferName) {
  meld::CompileOptions bundleOptions = impl->bundleOptions(options);
  auto host = Impl::hostTarget(bundleOptions);
  if (!host)
    return host.takeError();
  CacheKey key = CompileCache::makeKey(
      impl->describe(bundleOptions, *host) + describeLimits(options.limits),
      irText.str());
  return impl->getOrCompile(key, options.limits,
                            [&]() -> llvm::Expected<CacheEntry> {
    ParsedModule parsed(irText, bufferName, options.limits);
    if (!parsed.module)
      return compileError(parsed.diagnostics);
    return impl->build(*parsed.module, bundleOptions, parsed.diagnostics, key);
  });
}

llvm::Expected<std::shared_ptr<Program>>
Jit::compileFile(llvm::StringRef path, const jit::CompileOptions &options) {
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!file)
    return makeStatusError(MELD_ERROR_NOT_FOUND,
                           "cannot read '" + path +
                               "': " + file.getError().message());
  return compile((*file)->getBuffer(), options, path);
}

llvm::Expected<std::shared_ptr<Program>>
Jit::compile(ModuleOp module, const jit::CompileOptions &options) {
  // One handler collects the diagnostics of the limits, the verifier and
  // the compile.
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  ScopedDiagnosticHandler handler(module->getContext(), [&](Diagnostic &d) {
    printDiagnostic(os, d);
    return success();
  });
  // The limits come first: printing the module for the cache key recurses.
  if (failed(checkProgramLimits(module, options.limits)))
    return compileError(diagnostics);
  meld::CompileOptions bundleOptions = impl->bundleOptions(options);
  auto host = Impl::hostTarget(bundleOptions);
  if (!host)
    return host.takeError();
  CacheKey key = CompileCache::makeKey(impl->describe(bundleOptions, *host) +
                                           describeLimits(options.limits),
                                       printModule(module));
  return impl->getOrCompile(key, options.limits,
                            [&]() -> llvm::Expected<CacheEntry> {
    // Only a compile needs the code-generation dialects in the caller's
    // context; a cache hit leaves it alone.
    DialectRegistry registry;
    addDialects(registry);
    module->getContext()->appendDialectRegistry(registry);
    module->getContext()->loadAllAvailableDialects();
    if (failed(verify(module)))
      return compileError(diagnostics);
    return impl->build(module, bundleOptions, diagnostics, key);
  });
}

const std::shared_ptr<runtime::Device> &Jit::getDevice() const {
  return impl->device;
}
CacheStats Jit::getCacheStats() const { return impl->cache->getStats(); }
void Jit::clearMemoryCache() { impl->cache->clearMemory(); }
