//===- HipBackend.cpp - AMD GPUs through the HIP runtime ------------------===//
//
// The hip backend drives AMD GPUs through libamdhip64, which it loads with
// dlopen on first use ("libamdhip64.so", then ".so.6", ".so.5"; the
// MELD_HIP_LIBRARY environment variable names another file), so Meld builds
// and links without ROCm. The types and entry points it calls are declared
// in HipApi.h.
//
// Discovery never aborts: without the library the backend is unavailable
// (MELD_ERROR_UNAVAILABLE); with it but without an AMD GPU (hipInit or
// hipGetDeviceCount report hipErrorNoDevice / hipErrorInvalidDevice) it has
// 0 devices. Debian 12's libamdhip64 5.2 was checked on a machine without
// /dev/kfd: both calls return those errors quietly, so no /dev/kfd guard is
// needed.
//
// Devices run bundle binaries of target "amdgpu", format "hsaco", for their
// exact chip (gcnArchName without its ":sramecc+:xnack-" feature suffix).
// Streams are non-blocking HIP streams; captures use relaxed mode (the
// runtime may allocate while capturing), and the NodeId of a captured
// launch or copy is the node hipStreamGetCaptureInfo_v2 reports as the
// capture's last one. HIP graphs have no conditional nodes, so captureIf /
// captureWhile are unsupported and executables evaluate meld.if / meld.while
// predicates on the host between sub-graphs.
//
// Every kernel launch passes a status cell (KernelStatus.h) in mapped
// pinned host memory as its last parameter: one per stream and kernel for
// eager launches, one per capture and kernel for graphs; a stream reports
// a failed check (integer division by zero) of the work it enqueued,
// eagerly or in a graph, when it synchronizes.
//
//===----------------------------------------------------------------------===//

#include "GpuKernelArgs.h"
#include "HipApi.h"
#include "KernelStatus.h"

#include "meld/Runtime/Backend.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

using namespace meld::runtime;
using namespace meld::runtime::hipapi;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;

namespace {

//===----------------------------------------------------------------------===//
// Loading libamdhip64
//===----------------------------------------------------------------------===//

constexpr const char *kLibraryNames[] = {"libamdhip64.so", "libamdhip64.so.6",
                                         "libamdhip64.so.5"};
constexpr const char *kLibraryEnv = "MELD_HIP_LIBRARY";

/// Loads the HIP runtime and resolves every entry point of HipApi. The
/// library stays loaded for the life of the process (never dlclosed: HIP
/// objects may outlive the backend until exit).
Expected<std::shared_ptr<const HipApi>> loadHipApi() {
  std::vector<std::string> names;
  if (const char *env = std::getenv(kLibraryEnv); env && *env)
    names.push_back(env);
  else
    names.assign(std::begin(kLibraryNames), std::end(kLibraryNames));

  void *lib = nullptr;
  std::string tried;
  for (const std::string &name : names) {
    lib = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (lib)
      break;
    const char *why = dlerror();
    tried += "\n  " + (why ? std::string(why) : name);
  }
  if (!lib)
    return makeStatusError(
        MELD_ERROR_UNAVAILABLE,
        Twine("hip: the HIP runtime (libamdhip64) cannot be loaded; install "
              "ROCm (Debian: libamdhip64-5) or set ") +
            kLibraryEnv + " to its path:" + tried);

  auto api = std::make_shared<HipApi>();
  std::vector<const char *> missing;
  auto bind = [&](const char *name, auto &fn) {
    void *sym = dlsym(lib, name);
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
    if (!sym)
      missing.push_back(name);
  };
  auto bindFirst = [&](std::initializer_list<const char *> choices,
                       auto &fn) -> const char * {
    for (const char *name : choices)
      if (void *sym = dlsym(lib, name)) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(sym);
        return name;
      }
    missing.push_back(*choices.begin());
    return nullptr;
  };
#define MELD_HIP_BIND(NAME) bind(#NAME, api->NAME)
  MELD_HIP_BIND(hipInit);
  MELD_HIP_BIND(hipGetDeviceCount);
  MELD_HIP_BIND(hipGetErrorName);
  MELD_HIP_BIND(hipGetErrorString);
  MELD_HIP_BIND(hipGetDevice);
  MELD_HIP_BIND(hipSetDevice);
  MELD_HIP_BIND(hipDeviceGet);
  MELD_HIP_BIND(hipDeviceGetName);
  MELD_HIP_BIND(hipDeviceTotalMem);
  MELD_HIP_BIND(hipMalloc);
  MELD_HIP_BIND(hipFree);
  MELD_HIP_BIND(hipHostFree);
  MELD_HIP_BIND(hipMemcpyAsync);
  MELD_HIP_BIND(hipModuleLoadData);
  MELD_HIP_BIND(hipModuleUnload);
  MELD_HIP_BIND(hipModuleGetFunction);
  MELD_HIP_BIND(hipModuleLaunchKernel);
  MELD_HIP_BIND(hipStreamCreateWithFlags);
  MELD_HIP_BIND(hipStreamDestroy);
  MELD_HIP_BIND(hipStreamSynchronize);
  MELD_HIP_BIND(hipStreamWaitEvent);
  MELD_HIP_BIND(hipEventCreateWithFlags);
  MELD_HIP_BIND(hipEventDestroy);
  MELD_HIP_BIND(hipEventRecord);
  MELD_HIP_BIND(hipEventSynchronize);
  MELD_HIP_BIND(hipEventQuery);
  MELD_HIP_BIND(hipStreamBeginCapture);
  MELD_HIP_BIND(hipStreamEndCapture);
  MELD_HIP_BIND(hipStreamIsCapturing);
  MELD_HIP_BIND(hipStreamGetCaptureInfo_v2);
  MELD_HIP_BIND(hipGraphDestroy);
  MELD_HIP_BIND(hipGraphInstantiate);
  MELD_HIP_BIND(hipGraphExecDestroy);
  MELD_HIP_BIND(hipGraphLaunch);
  MELD_HIP_BIND(hipGraphExecKernelNodeSetParams);
  MELD_HIP_BIND(hipGraphExecMemcpyNodeSetParams1D);
#undef MELD_HIP_BIND
  // hipHostMalloc is deprecated in HIP 6 in favour of hipExtHostAlloc (same
  // signature and flags).
  bindFirst({"hipHostMalloc", "hipExtHostAlloc"}, api->hipHostMalloc);
  // The versioned entry point fixes the layout it fills (see HipApi.h).
  if (const char *name =
          bindFirst({"hipGetDevicePropertiesR0600",
                     "hipGetDevicePropertiesR0000", "hipGetDeviceProperties"},
                    api->hipGetDeviceProperties))
    api->gcnArchNameOffset = StringRef(name).ends_with("R0600")
                                 ? kGcnArchNameOffsetR0600
                                 : kGcnArchNameOffsetR0000;

  if (!missing.empty()) {
    std::string names;
    for (size_t i = 0; i < missing.size() && i < 4; ++i)
      names += std::string(i ? ", " : "") + missing[i];
    if (missing.size() > 4)
      names += " and " + std::to_string(missing.size() - 4) + " more";
    return makeStatusError(MELD_ERROR_UNAVAILABLE,
                           "hip: the loaded HIP runtime lacks " + names +
                               " (HIP 5.2 or newer is needed)");
  }
  return std::shared_ptr<const HipApi>(std::move(api));
}

using ApiRef = std::shared_ptr<const HipApi>;

/// The driver's error for `call`, or success.
Error checkHip(const HipApi &api, hipError_t err, const char *call) {
  if (err == hipSuccess)
    return Error::success();
  meld_status_t code = MELD_ERROR_DEVICE;
  if (err == hipErrorOutOfMemory)
    code = MELD_ERROR_OUT_OF_MEMORY;
  else if (err >= hipErrorStreamCaptureUnsupported &&
           err <= hipErrorStreamCaptureWrongThread)
    code = MELD_ERROR_CAPTURE;
  const char *name = api.hipGetErrorName(err);
  const char *text = api.hipGetErrorString(err);
  std::string what = name ? name : "hipError " + std::to_string(int(err));
  // HIP 5 returns the name as the string too.
  if (text && what != text)
    what += std::string(" ") + text;
  return makeStatusError(code, Twine(call) + ": " + what);
}

/// Makes `ordinal` the calling thread's current HIP device for a scope,
/// restoring the previous one after.
class DeviceScope {
public:
  DeviceScope(const HipApi &api, int ordinal) : api(api) {
    int current = -1;
    if (api.hipGetDevice(&current) == hipSuccess && current == ordinal)
      return;
    status = api.hipSetDevice(ordinal);
    if (status == hipSuccess)
      previous = current;
  }
  ~DeviceScope() {
    if (previous >= 0)
      (void)api.hipSetDevice(previous);
  }
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;
  Error check() const { return checkHip(api, status, "hipSetDevice"); }

private:
  const HipApi &api;
  hipError_t status = hipSuccess;
  int previous = -1;
};

/// The HIP grid and block of `config`.
Error getDims(const LaunchConfig &config, dim3 &grid, dim3 &block) {
  unsigned *dst[] = {&grid.x, &grid.y, &grid.z, &block.x, &block.y, &block.z};
  const int64_t src[] = {config.grid[0],  config.grid[1],  config.grid[2],
                         config.block[0], config.block[1], config.block[2]};
  for (int i = 0; i < 6; ++i) {
    if (src[i] < 1 || src[i] > int64_t(UINT32_MAX))
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             "hip: launch dimension " + Twine(src[i]) +
                                 " is out of range");
    *dst[i] = unsigned(src[i]);
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Modules, events, graphs
//===----------------------------------------------------------------------===//

class HipKernel : public Kernel {
public:
  HipKernel(hipFunction_t function, StringRef name)
      : function(function), name(name.str()) {}
  hipFunction_t function;
  /// What a failed check names.
  std::string name;
};

/// Status cells in mapped, portable pinned host memory of device
/// `ordinal`.
std::shared_ptr<StatusCellPool> makeStatusCells(ApiRef api, int ordinal) {
  return std::make_shared<StatusCellPool>(
      [api, ordinal](size_t bytes) -> Expected<void *> {
        DeviceScope scope(*api, ordinal);
        if (Error err = scope.check())
          return err;
        void *page = nullptr;
        if (Error err = checkHip(
                *api,
                api->hipHostMalloc(&page, bytes,
                                   kHostMallocMapped | kHostMallocPortable),
                "hipHostMalloc"))
          return err;
        return page;
      },
      [api](void *page) { (void)api->hipHostFree(page); });
}

class HipModule : public Module {
public:
  HipModule(ApiRef api, int ordinal, std::unique_ptr<uint64_t[]> image,
            hipModule_t module)
      : api(std::move(api)), ordinal(ordinal), image(std::move(image)),
        module(module) {}
  ~HipModule() override {
    DeviceScope scope(*api, ordinal);
    (void)api->hipModuleUnload(module);
  }

  Expected<Kernel *> getKernel(StringRef symbol) override {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = kernels.find(symbol);
    if (it != kernels.end())
      return it->second.get();
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    hipFunction_t function = nullptr;
    hipError_t err =
        api->hipModuleGetFunction(&function, module, symbol.str().c_str());
    if (err == hipErrorNotFound || err == hipErrorInvalidSymbol ||
        err == hipErrorInvalidDeviceFunction)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "hip: the module has no kernel '" + symbol + "'");
    if (Error e = checkHip(*api, err, "hipModuleGetFunction"))
      return e;
    auto kernel = std::make_unique<HipKernel>(function, symbol);
    Kernel *raw = kernel.get();
    kernels[symbol] = std::move(kernel);
    return raw;
  }

private:
  ApiRef api;
  int ordinal;
  /// The code object, kept for the module's lifetime (HIP may read it
  /// lazily).
  std::unique_ptr<uint64_t[]> image;
  hipModule_t module;
  std::mutex mutex;
  llvm::StringMap<std::unique_ptr<HipKernel>> kernels;
};

class HipEvent : public Event {
public:
  HipEvent(ApiRef api, hipEvent_t event) : api(std::move(api)), event(event) {}
  ~HipEvent() override { (void)api->hipEventDestroy(event); }

  Error synchronize() override {
    return checkHip(*api, api->hipEventSynchronize(event),
                    "hipEventSynchronize");
  }
  Expected<bool> query() override {
    hipError_t err = api->hipEventQuery(event);
    if (err == hipErrorNotReady)
      return false;
    if (Error e = checkHip(*api, err, "hipEventQuery"))
      return e;
    return true;
  }

  const ApiRef api;
  const hipEvent_t event;
};

/// A captured hipGraph_t. Shared by its Graph and the GraphExecs made from
/// it: a GraphExec's node updates name nodes of this graph, which must stay
/// alive for HIP to map them to the executable's copies.
class GraphHandle {
public:
  GraphHandle(ApiRef api, int ordinal, hipGraph_t graph,
              std::shared_ptr<StatusCellPool> statusCells)
      : api(std::move(api)), ordinal(ordinal), graph(graph),
        statusCells(std::move(statusCells)) {}
  ~GraphHandle() { (void)api->hipGraphDestroy(graph); }
  GraphHandle(const GraphHandle &) = delete;
  GraphHandle &operator=(const GraphHandle &) = delete;

  const ApiRef api;
  /// The device it was captured on.
  const int ordinal;
  const hipGraph_t graph;
  /// Where the status cells of its kernels come from.
  const std::shared_ptr<StatusCellPool> statusCells;
};

class HipStream;

class HipGraphExec : public GraphExec {
public:
  HipGraphExec(std::shared_ptr<GraphHandle> graph, hipGraphExec_t exec,
               GraphStatusCells cells)
      : api(graph->api), graph(std::move(graph)), exec(exec),
        cells(std::move(cells)) {}
  ~HipGraphExec() override { (void)api->hipGraphExecDestroy(exec); }

  Error launch(Stream &stream) override;
  Error updateKernel(NodeId node, Kernel &kernel, const LaunchConfig &config,
                     llvm::ArrayRef<KernelArg> args) override {
    if (!node)
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             "hip: updateKernel: no node");
    hipKernelNodeParams params{};
    if (Error err = getDims(config, params.gridDim, params.blockDim))
      return err;
    auto &k = static_cast<HipKernel &>(kernel);
    std::lock_guard<std::mutex> lock(mutex);
    Expected<StatusCellRef> cell = cells.get(&k, k.name, *graph->statusCells);
    if (!cell)
      return cell.takeError();
    GpuKernelArgs packed(args, (*cell)->getDeviceAddress());
    params.func = k.function;
    params.kernelParams = packed.data();
    params.extra = nullptr;
    params.sharedMemBytes = 0;
    // Some HIP versions resolve the function on the current device.
    DeviceScope scope(*api, graph->ordinal);
    if (Error err = scope.check())
      return err;
    return checkHip(*api,
                    api->hipGraphExecKernelNodeSetParams(
                        exec, static_cast<hipGraphNode_t>(node), &params),
                    "hipGraphExecKernelNodeSetParams");
  }
  Error updateCopy(NodeId node, void *dst, const void *src,
                   size_t bytes) override {
    if (!node)
      return makeStatusError(MELD_ERROR_INVALID_ARGUMENT,
                             "hip: updateCopy: no node");
    std::lock_guard<std::mutex> lock(mutex);
    return checkHip(*api,
                    api->hipGraphExecMemcpyNodeSetParams1D(
                        exec, static_cast<hipGraphNode_t>(node), dst, src,
                        bytes, hipMemcpyDefault),
                    "hipGraphExecMemcpyNodeSetParams1D");
  }

private:
  const ApiRef api;
  const std::shared_ptr<GraphHandle> graph;
  const hipGraphExec_t exec;
  /// The status cells its nodes pass.
  GraphStatusCells cells;
  /// Serializes launches and updates of this executable graph.
  std::mutex mutex;
};

class HipGraph : public Graph {
public:
  HipGraph(std::shared_ptr<GraphHandle> graph, GraphStatusCells cells)
      : graph(std::move(graph)), cells(std::move(cells)) {}

  Expected<std::unique_ptr<GraphExec>> instantiate() override {
    const HipApi &api = *graph->api;
    hipGraphExec_t exec = nullptr;
    char log[1024] = {0};
    hipError_t err = api.hipGraphInstantiate(&exec, graph->graph, nullptr, log,
                                             sizeof(log) - 1);
    if (Error e = checkHip(api, err, "hipGraphInstantiate")) {
      if (!log[0])
        return e;
      std::string message;
      meld_status_t code = takeStatus(std::move(e), message);
      return makeStatusError(code, message + ": " + log);
    }
    return std::make_unique<HipGraphExec>(graph, exec, cells);
  }

private:
  std::shared_ptr<GraphHandle> graph;
  /// The status cells of the kernels captured into it.
  GraphStatusCells cells;
};

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

class HipStream : public Stream {
public:
  HipStream(ApiRef api, int ordinal, hipStream_t stream,
            std::shared_ptr<StatusCellPool> statusCells)
      : api(std::move(api)), ordinal(ordinal), stream(stream),
        statusCells(std::move(statusCells)) {}
  ~HipStream() override {
    if (capturing) {
      hipGraph_t graph = nullptr;
      if (api->hipStreamEndCapture(stream, &graph) == hipSuccess && graph)
        (void)api->hipGraphDestroy(graph);
    }
    (void)api->hipStreamDestroy(stream);
  }

  hipStream_t getHandle() const { return stream; }

  Error launch(Kernel &kernel, const LaunchConfig &config,
               llvm::ArrayRef<KernelArg> args, NodeId *node) override {
    dim3 grid, block;
    if (Error err = getDims(config, grid, block))
      return err;
    auto &k = static_cast<HipKernel &>(kernel);
    Expected<StatusCellRef> cell =
        (capturing ? captureCells : eagerCells).get(&k, k.name, *statusCells);
    if (!cell)
      return cell.takeError();
    GpuKernelArgs packed(args, (*cell)->getDeviceAddress());
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    if (Error err = checkHip(*api,
                             api->hipModuleLaunchKernel(
                                 k.function, grid.x, grid.y, grid.z, block.x,
                                 block.y, block.z, /*sharedMemBytes=*/0, stream,
                                 packed.data(), /*extra=*/nullptr),
                             "hipModuleLaunchKernel"))
      return err;
    (capturing ? captured : launched).add(*cell);
    return getCapturedNode(node);
  }

  Error copy(void *dst, const void *src, size_t bytes, NodeId *node) override {
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    if (Error err = checkHip(
            *api,
            api->hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, stream),
            "hipMemcpyAsync"))
      return err;
    return getCapturedNode(node);
  }

  Error synchronize() override {
    if (isCapturing())
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "hip: cannot synchronize a capturing stream");
    if (Error err = checkHip(*api, api->hipStreamSynchronize(stream),
                             "hipStreamSynchronize")) {
      // The work failed anyway: clear its cells, so that no later stream
      // reports them.
      llvm::consumeError(launched.check());
      return err;
    }
    return launched.check();
  }

  /// Kernels a graph launched here will run: their checks are reported by
  /// the next synchronize.
  void watch(const StatusWatchRef &kernels) { launched.add(kernels); }

  Error record(Event &event) override {
    return checkHip(
        *api, api->hipEventRecord(static_cast<HipEvent &>(event).event, stream),
        "hipEventRecord");
  }

  Error wait(Event &event) override {
    return checkHip(*api,
                    api->hipStreamWaitEvent(
                        stream, static_cast<HipEvent &>(event).event, 0),
                    "hipStreamWaitEvent");
  }

  Error beginCapture() override {
    if (isCapturing())
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "hip: the stream is already capturing (captures "
                             "do not nest)");
    // Relaxed: the runtime may allocate (hipMalloc) while capturing.
    if (Error err = checkHip(
            *api,
            api->hipStreamBeginCapture(stream, hipStreamCaptureModeRelaxed),
            "hipStreamBeginCapture"))
      return err;
    capturing = true;
    captured.clear();
    captureCells.clear();
    return Error::success();
  }

  Expected<std::unique_ptr<Graph>> endCapture() override {
    if (!capturing)
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "hip: endCapture without beginCapture");
    capturing = false;
    hipGraph_t graph = nullptr;
    hipError_t err = api->hipStreamEndCapture(stream, &graph);
    if (err != hipSuccess && graph)
      (void)api->hipGraphDestroy(graph);
    if (Error e = checkHip(*api, err, "hipStreamEndCapture"))
      return e;
    if (!graph)
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "hip: hipStreamEndCapture returned no graph");
    GraphStatusCells cells(std::move(captureCells), std::move(captured));
    captured.clear();
    captureCells.clear();
    return std::make_unique<HipGraph>(
        std::make_shared<GraphHandle>(api, ordinal, graph, statusCells),
        std::move(cells));
  }

  bool isCapturing() const override {
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    if (api->hipStreamIsCapturing(stream, &status) != hipSuccess)
      return capturing;
    return capturing || status != hipStreamCaptureStatusNone;
  }

  Error captureIf(const void *, CaptureBody, CaptureBody) override {
    return makeStatusError(
        MELD_ERROR_UNSUPPORTED,
        "hip: HIP graphs have no conditional nodes; the executable layer "
        "evaluates meld.if predicates on the host for HIP devices");
  }
  Error captureWhile(const void *, CaptureBody) override {
    return makeStatusError(
        MELD_ERROR_UNSUPPORTED,
        "hip: HIP graphs have no conditional nodes; the executable layer "
        "evaluates meld.while predicates on the host for HIP devices");
  }

private:
  /// After enqueuing one operation: when `node` is given, the node the
  /// capture recorded for it (the capture's single last node), or null when
  /// not capturing.
  Error getCapturedNode(NodeId *node) {
    if (!node)
      return Error::success();
    *node = nullptr;
    hipStreamCaptureStatus status = hipStreamCaptureStatusNone;
    const hipGraphNode_t *deps = nullptr;
    size_t numDeps = 0;
    if (Error err =
            checkHip(*api,
                     api->hipStreamGetCaptureInfo_v2(stream, &status, nullptr,
                                                     nullptr, &deps, &numDeps),
                     "hipStreamGetCaptureInfo_v2"))
      return err;
    if (status == hipStreamCaptureStatusNone)
      return Error::success();
    if (status != hipStreamCaptureStatusActive)
      return makeStatusError(MELD_ERROR_CAPTURE,
                             "hip: the capture was invalidated");
    if (numDeps != 1 || !deps || !deps[0])
      return makeStatusError(MELD_ERROR_INTERNAL,
                             "hip: the capture has " + Twine(numDeps) +
                                 " last nodes, expected 1");
    *node = deps[0];
    return Error::success();
  }

  const ApiRef api;
  const int ordinal;
  const hipStream_t stream;
  /// Whether beginCapture started a capture that endCapture has not ended.
  bool capturing = false;
  /// Where status cells come from; the cells of eager launches and of the
  /// capture (one per kernel each); those of the work enqueued since the
  /// last synchronize, and of the capture.
  const std::shared_ptr<StatusCellPool> statusCells;
  StatusCellMap eagerCells, captureCells;
  StatusWatch launched, captured;
};

Error HipGraphExec::launch(Stream &stream) {
  std::lock_guard<std::mutex> lock(mutex);
  auto &hipStream = static_cast<HipStream &>(stream);
  if (Error err =
          checkHip(*api, api->hipGraphLaunch(exec, hipStream.getHandle()),
                   "hipGraphLaunch"))
    return err;
  hipStream.watch(cells.getWatched());
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Devices and the backend
//===----------------------------------------------------------------------===//

class HipDevice : public Device {
public:
  static Expected<std::shared_ptr<HipDevice>> open(ApiRef api, int ordinal) {
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    hipDevice_t device = 0;
    if (Error err =
            checkHip(*api, api->hipDeviceGet(&device, ordinal), "hipDeviceGet"))
      return err;

    DeviceInfo info;
    info.backend = "hip";
    info.target = "amdgpu";
    info.conditionalNodes = false;
    char name[256] = {0};
    if (Error err = checkHip(
            *api, api->hipDeviceGetName(name, sizeof(name) - 1, device),
            "hipDeviceGetName"))
      return err;
    info.name = name;
    size_t memory = 0;
    if (Error err = checkHip(*api, api->hipDeviceTotalMem(&memory, device),
                             "hipDeviceTotalMem"))
      return err;
    info.memoryBytes = memory;

    // hipDeviceProp_t as zeroed, 8-byte-aligned bytes (see HipApi.h).
    std::vector<uint64_t> props(kDevicePropBufferSize / sizeof(uint64_t), 0);
    if (Error err =
            checkHip(*api, api->hipGetDeviceProperties(props.data(), ordinal),
                     "hipGetDeviceProperties"))
      return err;
    const char *arch =
        reinterpret_cast<const char *>(props.data()) + api->gcnArchNameOffset;
    StringRef chip(arch, strnlen(arch, kGcnArchNameSize));
    // "gfx90a:sramecc+:xnack-" -> "gfx90a".
    chip = chip.take_until([](char c) { return c == ':'; });
    if (!chip.starts_with("gfx"))
      return makeStatusError(MELD_ERROR_DEVICE,
                             "hip: device " + Twine(ordinal) +
                                 " reports no gfx architecture (gcnArchName "
                                 "'" +
                                 chip + "')");
    info.chip = chip.str();
    return std::make_shared<HipDevice>(std::move(api), ordinal,
                                       std::move(info));
  }

  HipDevice(ApiRef api, int ordinal, DeviceInfo info)
      : api(api), ordinal(ordinal), info(std::move(info)),
        statusCells(makeStatusCells(api, ordinal)) {}

  const DeviceInfo &getInfo() const override { return info; }

  Expected<void *> allocate(size_t bytes, MemoryKind kind) override {
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    // Distinct, non-null pointers even for empty buffers.
    bytes = std::max<size_t>(bytes, 1);
    void *ptr = nullptr;
    Error err =
        kind == MemoryKind::Device
            ? checkHip(*api, api->hipMalloc(&ptr, bytes), "hipMalloc")
            : checkHip(*api,
                       api->hipHostMalloc(&ptr, bytes, kHostMallocDefault),
                       "hipHostMalloc");
    if (err)
      return err;
    return ptr;
  }

  void deallocate(void *ptr, MemoryKind kind) override {
    if (!ptr)
      return;
    DeviceScope scope(*api, ordinal);
    if (kind == MemoryKind::Device)
      (void)api->hipFree(ptr);
    else
      (void)api->hipHostFree(ptr);
  }

  Expected<std::unique_ptr<Stream>> createStream() override {
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    hipStream_t stream = nullptr;
    if (Error err = checkHip(
            *api, api->hipStreamCreateWithFlags(&stream, kStreamNonBlocking),
            "hipStreamCreateWithFlags"))
      return err;
    return std::make_unique<HipStream>(api, ordinal, stream, statusCells);
  }

  Expected<std::unique_ptr<Event>> createEvent() override {
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    hipEvent_t event = nullptr;
    if (Error err = checkHip(
            *api, api->hipEventCreateWithFlags(&event, kEventDisableTiming),
            "hipEventCreateWithFlags"))
      return err;
    return std::make_unique<HipEvent>(api, event);
  }

  int rate(const ModuleImage &image) const override {
    return image.target == "amdgpu" && image.format == "hsaco" &&
                   image.chip == info.chip
               ? 2
               : -1;
  }

  Expected<std::unique_ptr<Module>>
  loadModule(const ModuleImage &image) override {
    if (rate(image) < 0)
      return makeStatusError(MELD_ERROR_UNSUPPORTED,
                             "hip: a " + image.target + " " + image.format +
                                 " binary for '" + image.chip +
                                 "' does not run on " + info.chip);
    // An 8-byte-aligned copy that lives as long as the module.
    size_t words = (image.bytes.size() + 7) / 8;
    auto copy = std::make_unique<uint64_t[]>(std::max<size_t>(words, 1));
    std::memcpy(copy.get(), image.bytes.data(), image.bytes.size());
    DeviceScope scope(*api, ordinal);
    if (Error err = scope.check())
      return err;
    hipModule_t module = nullptr;
    if (Error err = checkHip(*api, api->hipModuleLoadData(&module, copy.get()),
                             "hipModuleLoadData"))
      return err;
    return std::make_unique<HipModule>(api, ordinal, std::move(copy), module);
  }

private:
  const ApiRef api;
  const int ordinal;
  const DeviceInfo info;
  /// Where the status cells of kernel launches come from.
  const std::shared_ptr<StatusCellPool> statusCells;
};

class HipBackend : public Backend {
public:
  StringRef getName() const override { return "hip"; }

  Expected<int> getDeviceCount() override {
    std::lock_guard<std::mutex> lock(mutex);
    if (Error err = initialize())
      return err;
    return deviceCount;
  }

  Expected<std::shared_ptr<Device>> openDevice(int ordinal) override {
    std::lock_guard<std::mutex> lock(mutex);
    if (Error err = initialize())
      return err;
    if (ordinal < 0 || ordinal >= deviceCount)
      return makeStatusError(MELD_ERROR_NOT_FOUND,
                             "hip: no device " + Twine(ordinal) + " (" +
                                 Twine(deviceCount) + " present)");
    std::shared_ptr<HipDevice> &device = devices[ordinal];
    if (!device) {
      Expected<std::shared_ptr<HipDevice>> opened =
          HipDevice::open(api, ordinal);
      if (!opened)
        return opened.takeError();
      device = std::move(*opened);
    }
    return std::shared_ptr<Device>(device);
  }

private:
  /// Loads the library and counts the devices, once; later calls repeat
  /// the outcome. Called with `mutex` held.
  Error initialize() {
    if (!initialized) {
      initialized = true;
      initStatus = discover(initMessage);
    }
    if (initStatus != MELD_OK)
      return makeStatusError(initStatus, initMessage);
    return Error::success();
  }

  meld_status_t discover(std::string &message) {
    Expected<ApiRef> loaded = loadHipApi();
    if (!loaded)
      return takeStatus(loaded.takeError(), message);
    api = std::move(*loaded);
    // Without an AMD GPU, hipInit reports hipErrorInvalidDevice (HIP 5.2)
    // or hipErrorNoDevice, as does hipGetDeviceCount: 0 devices. Any other
    // failure means the installed stack cannot be used.
    auto noDevice = [](hipError_t err) {
      return err == hipErrorNoDevice || err == hipErrorInvalidDevice;
    };
    int count = 0;
    hipError_t err = api->hipInit(0);
    const char *call = "hipInit";
    if (err == hipSuccess) {
      err = api->hipGetDeviceCount(&count);
      call = "hipGetDeviceCount";
    }
    if (noDevice(err))
      count = 0;
    else if (Error e = checkHip(*api, err, call)) {
      std::string driver;
      takeStatus(std::move(e), driver);
      message = "hip: the HIP runtime cannot be initialized: " + driver;
      return MELD_ERROR_UNAVAILABLE;
    }
    deviceCount = std::max(count, 0);
    devices.resize(deviceCount);
    return MELD_OK;
  }

  std::mutex mutex;
  bool initialized = false;
  meld_status_t initStatus = MELD_OK;
  std::string initMessage;
  ApiRef api;
  int deviceCount = 0;
  std::vector<std::shared_ptr<HipDevice>> devices;
};

} // namespace

std::shared_ptr<Backend> meld::runtime::createHipBackend() {
  return std::make_shared<HipBackend>();
}
