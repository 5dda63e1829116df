//===- CudaBackend.cpp - NVIDIA GPUs through the CUDA driver API ----------===//
//
// The cuda backend. The driver library (libcuda.so.1) is opened with dlopen
// on first use and every entry point is resolved by its exported, versioned
// name, so the runtime builds and links without a driver and reports
// MELD_ERROR_UNAVAILABLE where there is none. cuda.h provides the types and
// prototypes only.
//
//  - A device is its primary context, made current on every call that needs
//    one (callers may use a device from any thread).
//  - Memory is cuMemAlloc (device) or mapped, portable pinned host memory;
//    all pointers are unified virtual addresses, so a copy is one
//    cuMemcpyAsync whatever the two sides are.
//  - Modules are cubins for the device's exact chip or PTX that the driver
//    JIT-compiles (the newest PTX the chip runs).
//  - On sm_90 and newer, a kernel launched right after another kernel on
//    the same stream is a programmatic dependent of it (cuLaunchKernelEx
//    with programmatic stream serialization; in captures, a programmatic
//    graph edge) when its module says that every kernel waits for its grid
//    dependencies (griddepcontrol.wait, emitted by Meld's sm_90 code): the
//    launch overlaps the end of the kernel before it.
//  - Capture is stream capture in relaxed mode (CU_STREAM_CAPTURE_MODE_
//    RELAXED): callers may allocate and load modules while a stream
//    captures, which the global and thread-local modes forbid.
//  - Every kernel launch passes a status cell (KernelStatus.h) in mapped
//    pinned memory as its last parameter: one per stream and kernel for
//    eager launches, one per capture and kernel for graphs. A stream
//    remembers the cells of the work it enqueued, eagerly or in graphs,
//    and reports a failed check (integer division by zero) when it
//    synchronizes.
//  - captureIf/captureWhile record conditional graph nodes. A small kernel
//    (ConditionSetter.cu, embedded at build time) copies the one-byte
//    predicate into the node's condition right before the node and, for
//    WHILE, again at the end of the body; each body is captured with
//    cuStreamBeginCaptureToGraph into the node's body graph on an internal
//    stream, so bodies nest.
//
//===----------------------------------------------------------------------===//

#include "GpuKernelArgs.h"
#include "KernelStatus.h"
#include "meld/Runtime/Backend.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <cuda.h>

#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

#ifdef MELD_CUDA_HAVE_CONDITION_SETTER
// kMeldCudaConditionSetter: the fatbin of ConditionSetter.cu.
#include "MeldCudaConditionSetter.inc"
#endif

#if CUDA_VERSION < 12030
#error "the cuda backend needs the CUDA 12.3 or newer headers"
#endif

using namespace meld::runtime;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;

namespace {

//===----------------------------------------------------------------------===//
// The driver library
//===----------------------------------------------------------------------===//

/// Entry points every device needs, as (name in cuda.h, exported symbol).
/// The names are those of the prototypes; where cuda.h maps one to a
/// versioned symbol (cuMemAlloc -> cuMemAlloc_v2) the member takes the
/// mapped name too, so its type is that of the versioned prototype.
#define MELD_CUDA_REQUIRED_ENTRY_POINTS(X)                                     \
  X(cuGetErrorName, "cuGetErrorName")                                          \
  X(cuGetErrorString, "cuGetErrorString")                                      \
  X(cuInit, "cuInit")                                                          \
  X(cuDriverGetVersion, "cuDriverGetVersion")                                  \
  X(cuDeviceGet, "cuDeviceGet")                                                \
  X(cuDeviceGetCount, "cuDeviceGetCount")                                      \
  X(cuDeviceGetName, "cuDeviceGetName")                                        \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute")                              \
  X(cuDeviceTotalMem, "cuDeviceTotalMem_v2")                                   \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain")                      \
  X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2")                 \
  X(cuCtxSetCurrent, "cuCtxSetCurrent")                                        \
  X(cuMemAlloc, "cuMemAlloc_v2")                                               \
  X(cuMemFree, "cuMemFree_v2")                                                 \
  X(cuMemHostAlloc, "cuMemHostAlloc")                                          \
  X(cuMemFreeHost, "cuMemFreeHost")                                            \
  X(cuMemcpyAsync, "cuMemcpyAsync")                                            \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx")                                  \
  X(cuModuleUnload, "cuModuleUnload")                                          \
  X(cuModuleGetFunction, "cuModuleGetFunction")                                \
  X(cuStreamCreate, "cuStreamCreate")                                          \
  X(cuStreamDestroy, "cuStreamDestroy_v2")                                     \
  X(cuStreamSynchronize, "cuStreamSynchronize")                                \
  X(cuStreamWaitEvent, "cuStreamWaitEvent")                                    \
  X(cuEventCreate, "cuEventCreate")                                            \
  X(cuEventDestroy, "cuEventDestroy_v2")                                       \
  X(cuEventRecord, "cuEventRecord")                                            \
  X(cuEventSynchronize, "cuEventSynchronize")                                  \
  X(cuEventQuery, "cuEventQuery")                                              \
  X(cuLaunchKernel, "cuLaunchKernel")                                          \
  X(cuStreamBeginCapture, "cuStreamBeginCapture_v2")                           \
  X(cuStreamEndCapture, "cuStreamEndCapture")                                  \
  X(cuGraphInstantiate, "cuGraphInstantiateWithFlags")                         \
  X(cuGraphLaunch, "cuGraphLaunch")                                            \
  X(cuGraphExecDestroy, "cuGraphExecDestroy")                                  \
  X(cuGraphDestroy, "cuGraphDestroy")                                          \
  X(cuGraphExecKernelNodeSetParams, "cuGraphExecKernelNodeSetParams_v2")       \
  X(cuGraphExecMemcpyNodeSetParams, "cuGraphExecMemcpyNodeSetParams")

/// Optional entry points: launches with attributes (programmatic dependent
/// launch) need cuLaunchKernelEx, from CUDA 12.0 on.
#define MELD_CUDA_OPTIONAL_ENTRY_POINTS(X)                                     \
  X(cuLaunchKernelEx, "cuLaunchKernelEx")

/// Entry points of conditional nodes (drivers for CUDA 12.3 and newer).
#define MELD_CUDA_CONDITIONAL_ENTRY_POINTS(X)                                  \
  X(cuGraphConditionalHandleCreate, "cuGraphConditionalHandleCreate")          \
  X(cuStreamBeginCaptureToGraph, "cuStreamBeginCaptureToGraph")

// Entry points whose prototype in cuda.h changed between versions, typed
// by the exact ABI of the symbol resolved.
using GetCaptureInfoV3Fn = CUresult(CUDAAPI *)(
    CUstream, CUstreamCaptureStatus *, cuuint64_t *, CUgraph *,
    const CUgraphNode **, const CUgraphEdgeData **, size_t *);
using GetCaptureInfoV2Fn = CUresult(CUDAAPI *)(CUstream,
                                               CUstreamCaptureStatus *,
                                               cuuint64_t *, CUgraph *,
                                               const CUgraphNode **, size_t *);
using GraphAddNodeV2Fn = CUresult(CUDAAPI *)(CUgraphNode *, CUgraph,
                                             const CUgraphNode *,
                                             const CUgraphEdgeData *, size_t,
                                             CUgraphNodeParams *);
using UpdateCaptureDependenciesV2Fn = CUresult(CUDAAPI *)(
    CUstream, CUgraphNode *, const CUgraphEdgeData *, size_t, unsigned);

/// The driver library, loaded once per process and never unloaded.
struct Driver {
#define MELD_CUDA_MEMBER(name, symbol) decltype(&::name) name = nullptr;
  MELD_CUDA_REQUIRED_ENTRY_POINTS(MELD_CUDA_MEMBER)
  MELD_CUDA_CONDITIONAL_ENTRY_POINTS(MELD_CUDA_MEMBER)
  MELD_CUDA_OPTIONAL_ENTRY_POINTS(MELD_CUDA_MEMBER)
#undef MELD_CUDA_MEMBER
  GetCaptureInfoV3Fn getCaptureInfoV3 = nullptr;
  GetCaptureInfoV2Fn getCaptureInfoV2 = nullptr;
  GraphAddNodeV2Fn graphAddNode = nullptr;
  UpdateCaptureDependenciesV2Fn updateCaptureDependencies = nullptr;

  /// Empty when the driver is usable; else why not.
  std::string unavailable;
  /// cuInit reported CUDA_ERROR_NO_DEVICE.
  bool noDevice = false;
  /// The driver's CUDA version (12080 for 12.8).
  int version = 0;
  /// Whether every conditional-node entry point resolved.
  bool hasConditionalEntryPoints = false;

  Driver() { load(); }

  std::string versionString() const {
    return std::to_string(version / 1000) + "." +
           std::to_string(version % 1000 / 10);
  }

  /// "CUDA_ERROR_X (what it means)".
  std::string describe(CUresult result) const {
    const char *name = nullptr, *text = nullptr;
    if (!cuGetErrorName || cuGetErrorName(result, &name) != CUDA_SUCCESS)
      name = nullptr;
    if (!cuGetErrorString || cuGetErrorString(result, &text) != CUDA_SUCCESS)
      text = nullptr;
    std::string s = name ? name : "CUDA error " + std::to_string(result);
    if (text)
      s += std::string(" (") + text + ")";
    return s;
  }

private:
  void load() {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char *why = dlerror();
      unavailable =
          std::string("the CUDA driver library libcuda.so.1 cannot "
                      "be loaded (is the NVIDIA driver installed?): ") +
          (why ? why : "unknown error");
      return;
    }
    auto resolve = [&](const char *symbol) { return dlsym(lib, symbol); };
    // The version first, to explain a missing entry point.
    cuDriverGetVersion = reinterpret_cast<decltype(cuDriverGetVersion)>(
        resolve("cuDriverGetVersion"));
    if (!cuDriverGetVersion || cuDriverGetVersion(&version) != CUDA_SUCCESS)
      version = 0;
    std::string missing;
#define MELD_CUDA_RESOLVE(name, symbol)                                        \
  name = reinterpret_cast<decltype(name)>(resolve(symbol));                    \
  if (!name && missing.empty())                                                \
    missing = symbol;
    MELD_CUDA_REQUIRED_ENTRY_POINTS(MELD_CUDA_RESOLVE)
#undef MELD_CUDA_RESOLVE
    getCaptureInfoV3 = reinterpret_cast<GetCaptureInfoV3Fn>(
        resolve("cuStreamGetCaptureInfo_v3"));
    getCaptureInfoV2 = reinterpret_cast<GetCaptureInfoV2Fn>(
        resolve("cuStreamGetCaptureInfo_v2"));
    if (!getCaptureInfoV3 && !getCaptureInfoV2 && missing.empty())
      missing = "cuStreamGetCaptureInfo_v2";
    if (!missing.empty()) {
      unavailable = "the CUDA driver (version " + versionString() +
                    ") is too old: libcuda.so.1 has no " + missing +
                    " (the cuda backend needs a driver for CUDA 12.0 or newer)";
      return;
    }

#define MELD_CUDA_RESOLVE(name, symbol)                                        \
  name = reinterpret_cast<decltype(name)>(resolve(symbol));
    MELD_CUDA_OPTIONAL_ENTRY_POINTS(MELD_CUDA_RESOLVE)
#undef MELD_CUDA_RESOLVE

    hasConditionalEntryPoints = true;
#define MELD_CUDA_RESOLVE(name, symbol)                                        \
  name = reinterpret_cast<decltype(name)>(resolve(symbol));                    \
  hasConditionalEntryPoints &= name != nullptr;
    MELD_CUDA_CONDITIONAL_ENTRY_POINTS(MELD_CUDA_RESOLVE)
#undef MELD_CUDA_RESOLVE
    graphAddNode =
        reinterpret_cast<GraphAddNodeV2Fn>(resolve("cuGraphAddNode_v2"));
    updateCaptureDependencies = reinterpret_cast<UpdateCaptureDependenciesV2Fn>(
        resolve("cuStreamUpdateCaptureDependencies_v2"));
    hasConditionalEntryPoints &=
        graphAddNode && updateCaptureDependencies && getCaptureInfoV3;

    CUresult result = cuInit(0);
    if (result == CUDA_ERROR_NO_DEVICE) {
      noDevice = true;
      return;
    }
    if (result != CUDA_SUCCESS)
      unavailable =
          "the CUDA driver cannot be initialized: cuInit: " + describe(result);
  }
};

Driver &driver() {
  // Leaked on purpose: the library stays loaded, and nothing calls into the
  // driver from static destructors.
  static Driver *d = new Driver();
  return *d;
}

/// The error for a failed driver call.
Error driverError(CUresult result, StringRef call) {
  meld_status_t code = result == CUDA_ERROR_OUT_OF_MEMORY
                           ? MELD_ERROR_OUT_OF_MEMORY
                           : MELD_ERROR_DEVICE;
  return makeStatusError(code, call + ": " + driver().describe(result));
}

/// Success, or the error for a failed driver call.
Error check(CUresult result, StringRef call) {
  if (result == CUDA_SUCCESS)
    return Error::success();
  return driverError(result, call);
}

Error captureError(const Twine &message) {
  return makeStatusError(MELD_ERROR_CAPTURE, message);
}

CUdeviceptr toDevicePtr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

//===----------------------------------------------------------------------===//
// Launch dimensions
//===----------------------------------------------------------------------===//

struct LaunchDims {
  unsigned grid[3], block[3];
  /// A grid with no blocks: nothing to run.
  bool empty = false;
};

Expected<LaunchDims> getLaunchDims(const LaunchConfig &config) {
  LaunchDims dims;
  for (int i = 0; i < 3; ++i) {
    if (config.grid[i] < 0 || config.grid[i] > UINT_MAX ||
        config.block[i] < 1 || config.block[i] > UINT_MAX)
      return makeStatusError(
          MELD_ERROR_INVALID_ARGUMENT,
          "invalid launch dimensions: grid (" + Twine(config.grid[0]) + ", " +
              Twine(config.grid[1]) + ", " + Twine(config.grid[2]) +
              "), block (" + Twine(config.block[0]) + ", " +
              Twine(config.block[1]) + ", " + Twine(config.block[2]) + ")");
    dims.grid[i] = static_cast<unsigned>(config.grid[i]);
    dims.block[i] = static_cast<unsigned>(config.block[i]);
    dims.empty |= dims.grid[i] == 0;
  }
  return dims;
}

//===----------------------------------------------------------------------===//
// Chips
//===----------------------------------------------------------------------===//

/// An "sm_XY" chip: compute capability X.Y as 10 * X + Y, and the suffix of
/// arch-specific ('a': that chip only) or family ('f': that major version)
/// code.
struct Chip {
  int capability = 0;
  char suffix = 0;
};

/// CudaDevice::rate of a cubin that runs: above every PTX (rated 1 + its
/// capability).
constexpr int kCubinRate = 1 << 20;

std::optional<Chip> parseChip(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return std::nullopt;
  Chip c;
  if (chip.ends_with("a") || chip.ends_with("f")) {
    c.suffix = chip.back();
    chip = chip.drop_back();
  }
  if (chip.size() < 2 || chip.getAsInteger(10, c.capability))
    return std::nullopt;
  return c;
}

//===----------------------------------------------------------------------===//
// Devices and their objects
//===----------------------------------------------------------------------===//

class CudaDevice : public Device,
                   public std::enable_shared_from_this<CudaDevice> {
public:
  static Expected<std::shared_ptr<CudaDevice>> open(int ordinal);
  ~CudaDevice() override;

  const DeviceInfo &getInfo() const override { return info; }
  Expected<void *> allocate(size_t bytes, MemoryKind kind) override;
  void deallocate(void *ptr, MemoryKind kind) override;
  Expected<std::unique_ptr<Stream>> createStream() override;
  Expected<std::unique_ptr<Event>> createEvent() override;
  int rate(const ModuleImage &image) const override;
  Expected<std::unique_ptr<Module>>
  loadModule(const ModuleImage &image) override;

  /// Makes the primary context current on the calling thread.
  Error makeCurrent() const {
    return check(driver().cuCtxSetCurrent(context), "cuCtxSetCurrent");
  }
  CUcontext getContext() const { return context; }

  /// The condition-setter kernel; null without conditional nodes.
  CUfunction getConditionSetter() const { return conditionSetter; }
  /// Why there are no conditional nodes.
  const std::string &getNoConditionalsReason() const {
    return noConditionalsReason;
  }
  /// Whether kernels that wait for their grid dependencies are launched as
  /// programmatic dependents of the kernel before them: sm_90 or newer, a
  /// driver with cuLaunchKernelEx, and MELD_CUDA_PROGRAMMATIC_LAUNCH not
  /// "0" when the device was opened.
  bool hasProgrammaticLaunch() const { return programmaticLaunch; }
  /// Where the status cells of kernel launches come from.
  StatusCellPool &getStatusCells() const { return *statusCells; }

private:
  CudaDevice() = default;
  Error init(int ordinal);
  void loadConditionSetter();
  Expected<CUmodule> load(StringRef image, const char *what);

  CUdevice device = 0;
  CUcontext context = nullptr;
  int capability = 0;
  DeviceInfo info;
  CUmodule setterModule = nullptr;
  CUfunction conditionSetter = nullptr;
  std::string noConditionalsReason;
  bool programmaticLaunch = false;
  std::unique_ptr<StatusCellPool> statusCells;
};

using DeviceRef = std::shared_ptr<CudaDevice>;

class CudaKernel : public Kernel {
public:
  CudaKernel(CUfunction function, bool waitsForGridDependencies, StringRef name)
      : function(function), waitsForGridDependencies(waitsForGridDependencies),
        name(name.str()) {}
  CUfunction function;
  /// It starts with griddepcontrol.wait (see ModuleImage).
  bool waitsForGridDependencies;
  /// What a failed check names.
  std::string name;
};

class CudaModule : public Module {
public:
  CudaModule(DeviceRef device, CUmodule module, bool waitsForGridDependencies)
      : device(std::move(device)), module(module),
        waitsForGridDependencies(waitsForGridDependencies) {}
  ~CudaModule() override {
    kernels.clear();
    if (Error e = device->makeCurrent())
      llvm::consumeError(std::move(e));
    driver().cuModuleUnload(module);
  }

  Expected<Kernel *> getKernel(StringRef symbol) override {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = kernels.find(symbol);
    if (it != kernels.end())
      return it->second.get();
    if (Error e = device->makeCurrent())
      return std::move(e);
    CUfunction function = nullptr;
    CUresult result =
        driver().cuModuleGetFunction(&function, module, symbol.str().c_str());
    if (result == CUDA_ERROR_NOT_FOUND)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "the CUDA module has no kernel '" + symbol + "'");
    if (result != CUDA_SUCCESS)
      return driverError(result, "cuModuleGetFunction");
    auto kernel = std::make_unique<CudaKernel>(
        function, waitsForGridDependencies, symbol);
    Kernel *raw = kernel.get();
    kernels[symbol] = std::move(kernel);
    return raw;
  }

private:
  DeviceRef device;
  CUmodule module;
  bool waitsForGridDependencies;
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<CudaKernel>> kernels;
};

class CudaEvent : public Event {
public:
  CudaEvent(DeviceRef device, CUevent event)
      : device(std::move(device)), event(event) {}
  ~CudaEvent() override {
    if (Error e = device->makeCurrent())
      llvm::consumeError(std::move(e));
    driver().cuEventDestroy(event);
  }
  Error synchronize() override {
    if (Error e = device->makeCurrent())
      return e;
    return check(driver().cuEventSynchronize(event), "cuEventSynchronize");
  }
  Expected<bool> query() override {
    if (Error e = device->makeCurrent())
      return std::move(e);
    CUresult result = driver().cuEventQuery(event);
    if (result == CUDA_ERROR_NOT_READY)
      return false;
    if (result != CUDA_SUCCESS)
      return driverError(result, "cuEventQuery");
    return true;
  }
  CUevent get() const { return event; }

private:
  DeviceRef device;
  CUevent event;
};

/// A captured CUgraph, shared by the Graph and its executable graphs: node
/// updates name nodes of the graph an executable graph was instantiated
/// from, so it must live as long as they do.
class GraphHandle {
public:
  GraphHandle(DeviceRef device, CUgraph graph)
      : device(std::move(device)), graph(graph) {}
  ~GraphHandle() {
    if (Error e = device->makeCurrent())
      llvm::consumeError(std::move(e));
    driver().cuGraphDestroy(graph);
  }
  const DeviceRef &getDevice() const { return device; }
  CUgraph get() const { return graph; }

private:
  DeviceRef device;
  CUgraph graph;
};

class CudaStream;

class CudaGraphExec : public GraphExec {
public:
  CudaGraphExec(std::shared_ptr<GraphHandle> graph, CUgraphExec exec,
                GraphStatusCells cells)
      : graph(std::move(graph)), exec(exec), cells(std::move(cells)) {}
  ~CudaGraphExec() override {
    if (Error e = graph->getDevice()->makeCurrent())
      llvm::consumeError(std::move(e));
    driver().cuGraphExecDestroy(exec);
  }

  Error launch(Stream &stream) override;
  Error updateKernel(NodeId node, Kernel &kernel, const LaunchConfig &config,
                     llvm::ArrayRef<KernelArg> args) override;
  Error updateCopy(NodeId node, void *dst, const void *src,
                   size_t bytes) override;

private:
  std::shared_ptr<GraphHandle> graph;
  CUgraphExec exec;
  /// The status cells its nodes pass.
  GraphStatusCells cells;
  /// Graph objects are not internally synchronized.
  std::mutex mutex;
};

class CudaGraph : public Graph {
public:
  CudaGraph(std::shared_ptr<GraphHandle> graph, GraphStatusCells cells)
      : graph(std::move(graph)), cells(std::move(cells)) {}
  Expected<std::unique_ptr<GraphExec>> instantiate() override {
    if (Error e = graph->getDevice()->makeCurrent())
      return std::move(e);
    CUgraphExec exec = nullptr;
    if (Error e = check(driver().cuGraphInstantiate(&exec, graph->get(), 0),
                        "cuGraphInstantiate"))
      return std::move(e);
    return std::make_unique<CudaGraphExec>(graph, exec, cells);
  }

private:
  std::shared_ptr<GraphHandle> graph;
  /// The status cells of the kernels captured into it.
  GraphStatusCells cells;
};

/// The state of a stream capture, as the driver reports it.
struct CaptureInfo {
  CUgraph graph = nullptr;
  /// The nodes the next captured node will depend on (a copy).
  llvm::SmallVector<CUgraphNode, 4> dependencies;
};

/// A stream, or the internal stream that captures a conditional node's
/// body (which cannot begin or end captures of its own).
class CudaStream : public Stream {
public:
  CudaStream(DeviceRef device, CUstream stream, bool isBody)
      : device(std::move(device)), stream(stream), isBody(isBody) {}
  ~CudaStream() override;

  Error launch(Kernel &kernel, const LaunchConfig &config,
               llvm::ArrayRef<KernelArg> args, NodeId *node) override;
  Error copy(void *dst, const void *src, size_t bytes, NodeId *node) override;
  Error synchronize() override;
  Error record(Event &event) override;
  Error wait(Event &event) override;

  Error beginCapture() override;
  Expected<std::unique_ptr<Graph>> endCapture() override;
  bool isCapturing() const override { return capturing; }

  Error captureIf(const void *predicate, CaptureBody thenBody,
                  CaptureBody elseBody) override {
    CaptureBody bodies[] = {thenBody, elseBody};
    return captureConditional(CU_GRAPH_COND_TYPE_IF, predicate, bodies);
  }
  Error captureWhile(const void *predicate, CaptureBody body) override {
    return captureConditional(CU_GRAPH_COND_TYPE_WHILE, predicate, body);
  }

  CUstream get() const { return stream; }
  /// Kernels a graph launched here will run: their checks are reported by
  /// the next synchronize.
  void watch(const StatusWatchRef &kernels) { launched.add(kernels); }

private:
  /// While capturing: the node just captured, into `*node` when asked for.
  Error getCapturedNode(NodeId *node);
  Expected<CaptureInfo> getCaptureInfo();
  /// Enqueues the condition setter: `handle` = (*predicate != 0).
  Error setCondition(CUgraphConditionalHandle handle, const void *predicate);
  Error captureConditional(CUgraphConditionalNodeType type,
                           const void *predicate,
                           llvm::ArrayRef<CaptureBody> bodies);
  /// Captures `body` into `graph`, the body of a conditional node; for
  /// WHILE, ends it by re-evaluating the condition.
  Error captureBody(CUgraph graph, CaptureBody body,
                    CUgraphConditionalNodeType type,
                    CUgraphConditionalHandle handle, const void *predicate);

  DeviceRef device;
  CUstream stream;
  bool isBody;
  bool capturing = false;
  /// The last operation enqueued here was a kernel launch and nothing
  /// else (a copy, an event wait, a conditional node) came after it: the
  /// next kernel may be launched as its programmatic dependent.
  bool afterKernel = false;
  /// The stream that captures the bodies of this stream's conditional
  /// nodes (created on first use).
  std::unique_ptr<CudaStream> bodyStream;
  /// The cells of eager launches (one per kernel), and those of the
  /// work enqueued since the last synchronize.
  StatusCellMap eagerCells;
  StatusWatch launched;
  /// The cells of the capture (one per kernel), and those its launches
  /// passed: this stream's, or for a body stream its parent's.
  StatusCellMap captureCellsOwn;
  StatusWatch captured;
  StatusCellMap *captureCells = &captureCellsOwn;
  StatusWatch *captureKernels = &captured;
};

//===----------------------------------------------------------------------===//
// CudaDevice
//===----------------------------------------------------------------------===//

Expected<std::shared_ptr<CudaDevice>> CudaDevice::open(int ordinal) {
  std::shared_ptr<CudaDevice> device(new CudaDevice());
  if (Error e = device->init(ordinal))
    return std::move(e);
  CudaDevice *raw = device.get();
  std::weak_ptr<CudaDevice> weak = device;
  device->statusCells = std::make_unique<StatusCellPool>(
      [raw](size_t bytes) {
        return raw->allocate(bytes, MemoryKind::HostVisible);
      },
      // A page outliving its device went with the device's context.
      [weak](void *page) {
        if (DeviceRef d = weak.lock())
          d->deallocate(page, MemoryKind::HostVisible);
      });
  return device;
}

Error CudaDevice::init(int ordinal) {
  Driver &d = driver();
  if (Error e = check(d.cuDeviceGet(&device, ordinal), "cuDeviceGet"))
    return e;
  if (Error e = check(d.cuDevicePrimaryCtxRetain(&context, device),
                      "cuDevicePrimaryCtxRetain"))
    return e;
  if (Error e = makeCurrent())
    return e;

  char name[256] = {0};
  if (Error e = check(d.cuDeviceGetName(name, int(sizeof(name)) - 1, device),
                      "cuDeviceGetName"))
    return e;
  int major = 0, minor = 0, unified = 0;
  size_t memory = 0;
  for (auto [attribute, value] :
       {std::pair{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &major},
        std::pair{CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &minor},
        std::pair{CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING, &unified}})
    if (Error e = check(d.cuDeviceGetAttribute(value, attribute, device),
                        "cuDeviceGetAttribute"))
      return e;
  if (Error e = check(d.cuDeviceTotalMem(&memory, device), "cuDeviceTotalMem"))
    return e;
  if (!unified)
    return makeStatusError(MELD_ERROR_UNSUPPORTED,
                           "CUDA device #" + Twine(ordinal) + " (" + name +
                               ") has no unified addressing");

  capability = 10 * major + minor;
  const char *programmatic = std::getenv("MELD_CUDA_PROGRAMMATIC_LAUNCH");
  programmaticLaunch = capability >= 90 && d.cuLaunchKernelEx &&
                       !(programmatic && StringRef(programmatic) == "0");
  info.backend = "cuda";
  info.name = name;
  info.target = "nvptx";
  info.chip = "sm_" + std::to_string(capability);
  info.memoryBytes = memory;
  loadConditionSetter();
  info.conditionalNodes = conditionSetter != nullptr;
  return Error::success();
}

void CudaDevice::loadConditionSetter() {
  Driver &d = driver();
  // IF nodes with an else body (size 2) came with CUDA 12.8.
  if (d.version < 12080 || !d.hasConditionalEntryPoints) {
    noConditionalsReason = "conditional graph nodes need a driver for CUDA "
                           "12.8 or newer (this one is for CUDA " +
                           d.versionString() + ")";
    return;
  }
#ifdef MELD_CUDA_HAVE_CONDITION_SETTER
  StringRef image(reinterpret_cast<const char *>(kMeldCudaConditionSetter),
                  sizeof(kMeldCudaConditionSetter));
  Expected<CUmodule> module = load(image, "the condition-setter kernel");
  if (!module) {
    noConditionalsReason = llvm::toString(module.takeError());
    return;
  }
  setterModule = *module;
  CUresult result = d.cuModuleGetFunction(&conditionSetter, setterModule,
                                          "meld_set_condition");
  if (result != CUDA_SUCCESS) {
    conditionSetter = nullptr;
    noConditionalsReason =
        "the condition-setter kernel is missing: " +
        llvm::toString(driverError(result, "cuModuleGetFunction"));
  }
#else
  noConditionalsReason = "the runtime was built without nvcc, so it has no "
                         "kernel to set conditional graph nodes' conditions";
#endif
}

CudaDevice::~CudaDevice() {
  if (!context)
    return;
  Driver &d = driver();
  if (Error e = makeCurrent())
    llvm::consumeError(std::move(e));
  if (setterModule)
    d.cuModuleUnload(setterModule);
  d.cuDevicePrimaryCtxRelease(device);
}

Expected<void *> CudaDevice::allocate(size_t bytes, MemoryKind kind) {
  if (Error e = makeCurrent())
    return std::move(e);
  // The driver refuses empty allocations; give them a distinct address.
  bytes = std::max<size_t>(bytes, 1);
  if (kind == MemoryKind::HostVisible) {
    void *p = nullptr;
    if (Error e = check(driver().cuMemHostAlloc(&p, bytes,
                                                CU_MEMHOSTALLOC_PORTABLE |
                                                    CU_MEMHOSTALLOC_DEVICEMAP),
                        "cuMemHostAlloc"))
      return std::move(e);
    return p;
  }
  CUdeviceptr p = 0;
  if (Error e = check(driver().cuMemAlloc(&p, bytes), "cuMemAlloc"))
    return std::move(e);
  return reinterpret_cast<void *>(static_cast<uintptr_t>(p));
}

void CudaDevice::deallocate(void *ptr, MemoryKind kind) {
  if (!ptr)
    return;
  if (Error e = makeCurrent()) {
    llvm::consumeError(std::move(e));
    return;
  }
  if (kind == MemoryKind::HostVisible)
    driver().cuMemFreeHost(ptr);
  else
    driver().cuMemFree(toDevicePtr(ptr));
}

Expected<std::unique_ptr<Stream>> CudaDevice::createStream() {
  if (Error e = makeCurrent())
    return std::move(e);
  CUstream stream = nullptr;
  if (Error e = check(driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
                      "cuStreamCreate"))
    return std::move(e);
  return std::make_unique<CudaStream>(shared_from_this(), stream,
                                      /*isBody=*/false);
}

Expected<std::unique_ptr<Event>> CudaDevice::createEvent() {
  if (Error e = makeCurrent())
    return std::move(e);
  CUevent event = nullptr;
  if (Error e = check(driver().cuEventCreate(&event, CU_EVENT_DISABLE_TIMING),
                      "cuEventCreate"))
    return std::move(e);
  return std::make_unique<CudaEvent>(shared_from_this(), event);
}

int CudaDevice::rate(const ModuleImage &image) const {
  if (image.target != "nvptx")
    return -1;
  std::optional<Chip> chip = parseChip(image.chip);
  if (!chip)
    return -1;
  bool sameMajor = chip->capability / 10 == capability / 10;
  if (image.format == "cubin") {
    // Exactly this chip ('a': its arch-specific features; 'f': code for the
    // chip's family, which runs on its later minor versions). Beats any PTX.
    bool runs = chip->suffix == 'f'
                    ? sameMajor && chip->capability <= capability
                    : chip->capability == capability;
    return runs ? kCubinRate : -1;
  }
  if (image.format == "ptx") {
    // The driver compiles PTX for this chip or any earlier one; the newest
    // such PTX wins (sm_90 PTX on an H100 may use griddepcontrol, sm_80
    // PTX may not).
    bool runs = chip->suffix == 'a' ? chip->capability == capability
                : chip->suffix == 'f'
                    ? sameMajor && chip->capability <= capability
                    : chip->capability <= capability;
    return runs ? 1 + chip->capability : -1;
  }
  return -1;
}

Expected<CUmodule> CudaDevice::load(StringRef image, const char *what) {
  if (Error e = makeCurrent())
    return std::move(e);
  // A NUL-terminated (PTX), suitably aligned copy.
  std::string data = image.str();
  std::vector<char> log(16384, 0);
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(
                                    static_cast<uintptr_t>(log.size() - 1))};
  CUmodule module = nullptr;
  CUresult result =
      driver().cuModuleLoadDataEx(&module, data.c_str(), 2, options, values);
  if (result == CUDA_SUCCESS)
    return module;
  std::string message = std::string("cannot load ") + what +
                        ": cuModuleLoadDataEx: " + driver().describe(result);
  StringRef text = StringRef(log.data()).trim();
  if (!text.empty())
    message += "\n" + text.str();
  return makeStatusError(result == CUDA_ERROR_OUT_OF_MEMORY
                             ? MELD_ERROR_OUT_OF_MEMORY
                             : MELD_ERROR_DEVICE,
                         message);
}

Expected<std::unique_ptr<Module>>
CudaDevice::loadModule(const ModuleImage &image) {
  if (rate(image) < 0)
    return makeStatusError(MELD_ERROR_UNSUPPORTED,
                           "the " + image.target + " " + image.format +
                               " for '" + image.chip + "' cannot run on " +
                               info.name + " (" + info.chip + ")");
  std::string what = "the " + image.format + " module for " + image.chip;
  Expected<CUmodule> module = load(image.bytes, what.c_str());
  if (!module)
    return module.takeError();
  return std::make_unique<CudaModule>(shared_from_this(), *module,
                                      image.waitsForGridDependencies);
}

//===----------------------------------------------------------------------===//
// CudaStream
//===----------------------------------------------------------------------===//

CudaStream::~CudaStream() {
  bodyStream.reset();
  Driver &d = driver();
  if (Error e = device->makeCurrent())
    llvm::consumeError(std::move(e));
  if (capturing) {
    // Abandon the capture.
    CUgraph graph = nullptr;
    if (d.cuStreamEndCapture(stream, &graph) == CUDA_SUCCESS && graph)
      d.cuGraphDestroy(graph);
  }
  d.cuStreamDestroy(stream);
}

Error CudaStream::launch(Kernel &kernel, const LaunchConfig &config,
                         llvm::ArrayRef<KernelArg> args, NodeId *node) {
  if (node)
    *node = nullptr;
  Expected<LaunchDims> dims = getLaunchDims(config);
  if (!dims)
    return dims.takeError();
  if (dims->empty)
    return Error::success();
  if (Error e = device->makeCurrent())
    return e;
  auto &k = static_cast<CudaKernel &>(kernel);
  Expected<StatusCellRef> cell = (capturing ? *captureCells : eagerCells)
                                     .get(&k, k.name, device->getStatusCells());
  if (!cell)
    return cell.takeError();
  GpuKernelArgs params(args, (*cell)->getDeviceAddress());
  bool programmatic = afterKernel && k.waitsForGridDependencies &&
                      device->hasProgrammaticLaunch();
  afterKernel = false;
  if (programmatic) {
    // The kernel may start before the one before it ends: its blocks wait
    // in griddepcontrol.wait until that grid has completed and its memory
    // is visible, which hides the launch latency between the two.
    CUlaunchAttribute attribute;
    std::memset(&attribute, 0, sizeof(attribute));
    attribute.id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attribute.value.programmaticStreamSerializationAllowed = 1;
    CUlaunchConfig launchConfig;
    std::memset(&launchConfig, 0, sizeof(launchConfig));
    launchConfig.gridDimX = dims->grid[0];
    launchConfig.gridDimY = dims->grid[1];
    launchConfig.gridDimZ = dims->grid[2];
    launchConfig.blockDimX = dims->block[0];
    launchConfig.blockDimY = dims->block[1];
    launchConfig.blockDimZ = dims->block[2];
    launchConfig.hStream = stream;
    launchConfig.attrs = &attribute;
    launchConfig.numAttrs = 1;
    if (Error e = check(driver().cuLaunchKernelEx(&launchConfig, k.function,
                                                  params.data(),
                                                  /*extra=*/nullptr),
                        "cuLaunchKernelEx"))
      return e;
  } else if (Error e = check(driver().cuLaunchKernel(
                                 k.function, dims->grid[0], dims->grid[1],
                                 dims->grid[2], dims->block[0], dims->block[1],
                                 dims->block[2],
                                 /*sharedMemBytes=*/0, stream, params.data(),
                                 /*extra=*/nullptr),
                             "cuLaunchKernel")) {
    return e;
  }
  afterKernel = true;
  (capturing ? *captureKernels : launched).add(*cell);
  return getCapturedNode(node);
}

Error CudaStream::copy(void *dst, const void *src, size_t bytes, NodeId *node) {
  if (node)
    *node = nullptr;
  if (bytes == 0)
    return Error::success();
  if (Error e = device->makeCurrent())
    return e;
  afterKernel = false;
  if (Error e = check(driver().cuMemcpyAsync(toDevicePtr(dst), toDevicePtr(src),
                                             bytes, stream),
                      "cuMemcpyAsync"))
    return e;
  return getCapturedNode(node);
}

Error CudaStream::synchronize() {
  if (capturing)
    return captureError("cannot synchronize a stream while it captures");
  if (Error e = device->makeCurrent())
    return e;
  if (Error e =
          check(driver().cuStreamSynchronize(stream), "cuStreamSynchronize")) {
    // The work failed anyway: clear its cells, so that no later stream
    // reports them.
    llvm::consumeError(launched.check());
    return e;
  }
  return launched.check();
}

Error CudaStream::record(Event &event) {
  if (Error e = device->makeCurrent())
    return e;
  return check(
      driver().cuEventRecord(static_cast<CudaEvent &>(event).get(), stream),
      "cuEventRecord");
}

Error CudaStream::wait(Event &event) {
  if (Error e = device->makeCurrent())
    return e;
  afterKernel = false;
  return check(driver().cuStreamWaitEvent(
                   stream, static_cast<CudaEvent &>(event).get(), 0),
               "cuStreamWaitEvent");
}

Error CudaStream::beginCapture() {
  if (isBody)
    return captureError("cannot begin a capture inside a conditional body");
  if (capturing)
    return captureError("the stream is already capturing (nested captures "
                        "are not supported)");
  if (Error e = device->makeCurrent())
    return e;
  if (Error e = check(
          driver().cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_RELAXED),
          "cuStreamBeginCapture"))
    return e;
  capturing = true;
  afterKernel = false;
  captured.clear();
  captureCellsOwn.clear();
  return Error::success();
}

Expected<std::unique_ptr<Graph>> CudaStream::endCapture() {
  if (isBody)
    return captureError("end of capture inside a conditional body");
  if (!capturing)
    return captureError("end of capture without a matching begin");
  if (Error e = device->makeCurrent())
    return std::move(e);
  capturing = false;
  afterKernel = false;
  CUgraph graph = nullptr;
  CUresult result = driver().cuStreamEndCapture(stream, &graph);
  if (result == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
    return captureError("the capture was invalidated: an operation enqueued "
                        "while capturing failed or cannot be captured "
                        "(cuStreamEndCapture: " +
                        driver().describe(result) + ")");
  if (result == CUDA_ERROR_STREAM_CAPTURE_UNJOINED)
    return captureError("the capture forked work onto another stream that "
                        "was not joined back (cuStreamEndCapture: " +
                        driver().describe(result) + ")");
  if (result != CUDA_SUCCESS)
    return driverError(result, "cuStreamEndCapture");
  if (!graph)
    return captureError("the capture produced no graph");
  GraphStatusCells cells(std::move(captureCellsOwn), std::move(captured));
  captured.clear();
  captureCellsOwn.clear();
  return std::make_unique<CudaGraph>(
      std::make_shared<GraphHandle>(device, graph), std::move(cells));
}

Expected<CaptureInfo> CudaStream::getCaptureInfo() {
  Driver &d = driver();
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  CaptureInfo info;
  const CUgraphNode *nodes = nullptr;
  size_t count = 0;
  CUresult result =
      d.getCaptureInfoV3
          ? d.getCaptureInfoV3(stream, &status, nullptr, &info.graph, &nodes,
                               nullptr, &count)
          : d.getCaptureInfoV2(stream, &status, nullptr, &info.graph, &nodes,
                               &count);
  if (result != CUDA_SUCCESS)
    return driverError(result, "cuStreamGetCaptureInfo");
  if (status == CU_STREAM_CAPTURE_STATUS_INVALIDATED)
    return captureError("the capture was invalidated by an earlier operation "
                        "that failed or cannot be captured");
  if (status != CU_STREAM_CAPTURE_STATUS_ACTIVE)
    return captureError("the stream is not capturing");
  info.dependencies.assign(nodes, nodes + count);
  return info;
}

Error CudaStream::getCapturedNode(NodeId *node) {
  if (!node || !capturing)
    return Error::success();
  Expected<CaptureInfo> info = getCaptureInfo();
  if (!info)
    return info.takeError();
  // Right after an operation, the stream depends on exactly its node.
  if (info->dependencies.size() != 1)
    return makeStatusError(MELD_ERROR_INTERNAL,
                           "the captured stream depends on " +
                               Twine(info->dependencies.size()) +
                               " nodes instead of the one just captured");
  *node = static_cast<NodeId>(info->dependencies.front());
  return Error::success();
}

Error CudaStream::setCondition(CUgraphConditionalHandle handle,
                               const void *predicate) {
  CUdeviceptr p = toDevicePtr(predicate);
  void *params[] = {&handle, &p};
  afterKernel = false;
  return check(driver().cuLaunchKernel(device->getConditionSetter(), 1, 1, 1, 1,
                                       1, 1, 0, stream, params, nullptr),
               "cuLaunchKernel (condition setter)");
}

Error CudaStream::captureConditional(CUgraphConditionalNodeType type,
                                     const void *predicate,
                                     llvm::ArrayRef<CaptureBody> bodies) {
  if (!capturing)
    return captureError("conditional nodes exist only in captures");
  if (!device->getConditionSetter())
    return makeStatusError(MELD_ERROR_UNSUPPORTED,
                           "this CUDA device has no conditional graph nodes: " +
                               device->getNoConditionalsReason());
  if (Error e = device->makeCurrent())
    return e;
  Driver &d = driver();

  // The condition lives in the graph being captured (a body graph when
  // nested) and is set from the predicate right before the node.
  Expected<CaptureInfo> info = getCaptureInfo();
  if (!info)
    return info.takeError();
  CUgraphConditionalHandle handle = 0;
  if (Error e = check(d.cuGraphConditionalHandleCreate(
                          &handle, info->graph, device->getContext(),
                          /*defaultLaunchValue=*/0, /*flags=*/0),
                      "cuGraphConditionalHandleCreate"))
    return e;
  if (Error e = setCondition(handle, predicate))
    return e;

  // The node, after the setter; then the stream goes on after the node.
  info = getCaptureInfo();
  if (!info)
    return info.takeError();
  CUgraphNodeParams params;
  std::memset(&params, 0, sizeof(params));
  params.type = CU_GRAPH_NODE_TYPE_CONDITIONAL;
  params.conditional.handle = handle;
  params.conditional.type = type;
  params.conditional.size = static_cast<unsigned>(bodies.size());
  params.conditional.ctx = device->getContext();
  CUgraphNode node = nullptr;
  if (Error e =
          check(d.graphAddNode(&node, info->graph, info->dependencies.data(),
                               nullptr, info->dependencies.size(), &params),
                "cuGraphAddNode (conditional node)"))
    return e;
  llvm::SmallVector<CUgraph, 2> bodyGraphs(params.conditional.phGraph_out,
                                           params.conditional.phGraph_out +
                                               bodies.size());
  if (Error e =
          check(d.updateCaptureDependencies(stream, &node, nullptr, 1,
                                            CU_STREAM_SET_CAPTURE_DEPENDENCIES),
                "cuStreamUpdateCaptureDependencies"))
    return e;
  afterKernel = false;

  for (size_t i = 0; i < bodies.size(); ++i)
    if (Error e =
            captureBody(bodyGraphs[i], bodies[i], type, handle, predicate))
      return e;
  return Error::success();
}

Error CudaStream::captureBody(CUgraph graph, CaptureBody body,
                              CUgraphConditionalNodeType type,
                              CUgraphConditionalHandle handle,
                              const void *predicate) {
  Driver &d = driver();
  if (!bodyStream) {
    CUstream s = nullptr;
    if (Error e = check(d.cuStreamCreate(&s, CU_STREAM_NON_BLOCKING),
                        "cuStreamCreate"))
      return e;
    bodyStream = std::make_unique<CudaStream>(device, s, /*isBody=*/true);
  }
  bodyStream->captureKernels = captureKernels;
  bodyStream->captureCells = captureCells;
  CudaStream &inner = *bodyStream;
  if (Error e = check(
          d.cuStreamBeginCaptureToGraph(inner.stream, graph, nullptr, nullptr,
                                        0, CU_STREAM_CAPTURE_MODE_RELAXED),
          "cuStreamBeginCaptureToGraph"))
    return e;
  inner.capturing = true;
  inner.afterKernel = false;

  Error err = body(inner);
  if (Error e = device->makeCurrent())
    err = llvm::joinErrors(std::move(err), std::move(e));
  // A WHILE body ends by re-evaluating the condition for the next iteration.
  if (!err && type == CU_GRAPH_COND_TYPE_WHILE)
    err = inner.setCondition(handle, predicate);
  // An IF body may be empty; give the graph a node all the same.
  if (!err) {
    Expected<CaptureInfo> info = inner.getCaptureInfo();
    if (!info) {
      err = info.takeError();
    } else if (info->dependencies.empty()) {
      CUgraphNodeParams params;
      std::memset(&params, 0, sizeof(params));
      params.type = CU_GRAPH_NODE_TYPE_EMPTY;
      CUgraphNode node = nullptr;
      err = check(d.graphAddNode(&node, graph, nullptr, nullptr, 0, &params),
                  "cuGraphAddNode (empty node)");
    }
  }

  inner.capturing = false;
  CUgraph captured = nullptr;
  CUresult result = d.cuStreamEndCapture(inner.stream, &captured);
  if (err)
    return err;
  if (result == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
    return captureError("the capture of a conditional body was invalidated: "
                        "an operation in it failed or cannot be captured "
                        "(cuStreamEndCapture: " +
                        d.describe(result) + ")");
  return check(result, "cuStreamEndCapture (conditional body)");
}

//===----------------------------------------------------------------------===//
// CudaGraphExec
//===----------------------------------------------------------------------===//

Error CudaGraphExec::launch(Stream &stream) {
  std::lock_guard<std::mutex> lock(mutex);
  if (Error e = graph->getDevice()->makeCurrent())
    return e;
  auto &cudaStream = static_cast<CudaStream &>(stream);
  if (Error e = check(driver().cuGraphLaunch(exec, cudaStream.get()),
                      "cuGraphLaunch"))
    return e;
  cudaStream.watch(cells.getWatched());
  return Error::success();
}

Error CudaGraphExec::updateKernel(NodeId node, Kernel &kernel,
                                  const LaunchConfig &config,
                                  llvm::ArrayRef<KernelArg> args) {
  Expected<LaunchDims> dims = getLaunchDims(config);
  if (!dims)
    return dims.takeError();
  if (!node) {
    // An empty launch records no node, and stays empty.
    if (dims->empty)
      return Error::success();
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           "no kernel node to update (the captured launch "
                           "had an empty grid)");
  }
  if (dims->empty)
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           "a captured kernel node cannot be updated to an "
                           "empty grid");
  auto &k = static_cast<CudaKernel &>(kernel);
  std::lock_guard<std::mutex> lock(mutex);
  Expected<StatusCellRef> cell =
      cells.get(&k, k.name, graph->getDevice()->getStatusCells());
  if (!cell)
    return cell.takeError();
  GpuKernelArgs params(args, (*cell)->getDeviceAddress());
  CUDA_KERNEL_NODE_PARAMS p;
  std::memset(&p, 0, sizeof(p));
  p.func = k.function;
  p.gridDimX = dims->grid[0];
  p.gridDimY = dims->grid[1];
  p.gridDimZ = dims->grid[2];
  p.blockDimX = dims->block[0];
  p.blockDimY = dims->block[1];
  p.blockDimZ = dims->block[2];
  p.kernelParams = params.data();
  if (Error e = graph->getDevice()->makeCurrent())
    return e;
  return check(driver().cuGraphExecKernelNodeSetParams(
                   exec, static_cast<CUgraphNode>(node), &p),
               "cuGraphExecKernelNodeSetParams");
}

Error CudaGraphExec::updateCopy(NodeId node, void *dst, const void *src,
                                size_t bytes) {
  if (!node) {
    // An empty copy records no node, and stays empty.
    if (bytes == 0)
      return Error::success();
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           "no copy node to update (the captured copy was "
                           "empty)");
  }
  if (bytes == 0)
    return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                           "a captured copy node cannot be updated to copy "
                           "nothing");
  CUDA_MEMCPY3D p;
  std::memset(&p, 0, sizeof(p));
  p.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
  p.srcDevice = toDevicePtr(src);
  p.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
  p.dstDevice = toDevicePtr(dst);
  p.WidthInBytes = bytes;
  p.Height = 1;
  p.Depth = 1;
  std::lock_guard<std::mutex> lock(mutex);
  const DeviceRef &device = graph->getDevice();
  if (Error e = device->makeCurrent())
    return e;
  return check(
      driver().cuGraphExecMemcpyNodeSetParams(
          exec, static_cast<CUgraphNode>(node), &p, device->getContext()),
      "cuGraphExecMemcpyNodeSetParams");
}

//===----------------------------------------------------------------------===//
// CudaBackend
//===----------------------------------------------------------------------===//

class CudaBackend : public Backend {
public:
  StringRef getName() const override { return "cuda"; }

  Expected<int> getDeviceCount() override {
    Driver &d = driver();
    if (!d.unavailable.empty())
      return makeStatusError(MELD_ERROR_UNAVAILABLE, d.unavailable);
    if (d.noDevice)
      return 0;
    int count = 0;
    CUresult result = d.cuDeviceGetCount(&count);
    if (result == CUDA_ERROR_NO_DEVICE)
      return 0;
    if (result != CUDA_SUCCESS)
      return driverError(result, "cuDeviceGetCount");
    return count;
  }

  Expected<std::shared_ptr<Device>> openDevice(int ordinal) override {
    Expected<int> count = getDeviceCount();
    if (!count)
      return count.takeError();
    if (ordinal < 0 || ordinal >= *count)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "there is no CUDA device #" + Twine(ordinal) +
                                 " (" + Twine(*count) + " present)");
    std::lock_guard<std::mutex> lock(mutex);
    size_t index = static_cast<size_t>(ordinal);
    if (devices.size() < static_cast<size_t>(*count))
      devices.resize(static_cast<size_t>(*count));
    // One device object per ordinal while anyone holds it.
    if (std::shared_ptr<CudaDevice> device = devices[index].lock())
      return device;
    Expected<std::shared_ptr<CudaDevice>> device = CudaDevice::open(ordinal);
    if (!device)
      return device.takeError();
    devices[index] = *device;
    return std::shared_ptr<Device>(std::move(*device));
  }

private:
  std::mutex mutex;
  std::vector<std::weak_ptr<CudaDevice>> devices;
};

} // namespace

std::shared_ptr<Backend> meld::runtime::createCudaBackend() {
  return std::make_shared<CudaBackend>();
}
