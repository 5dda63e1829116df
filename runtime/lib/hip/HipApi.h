//===- HipApi.h - The part of the HIP runtime API we call -------*- C++ -*-===//
//
// The hip backend loads libamdhip64 with dlopen at run time, so it builds
// and links on machines without ROCm. This header declares, in its own
// namespace, the few HIP types, constants and entry points it calls, copied
// from ROCm's hip/hip_runtime_api.h (AMD platform, __HIP_PLATFORM_AMD__).
// These C signatures, values and layouts are the same in HIP 5 and HIP 6.
// HipApiCheck.cpp static_asserts every one of them against the real header
// wherever one is installed (Debian 12's libamdhip64-dev is HIP 5.2; the
// check passes there).
//
// hipDeviceProp_t is the one unstable structure: HIP 6 reordered it (the
// "R0600" layout, exported as hipGetDevicePropertiesR0600) and kept the old
// one (R0000) behind hipGetDevicePropertiesR0000 / hipGetDeviceProperties.
// The backend reads only gcnArchName, at the offset of whichever layout the
// entry point it found fills, as LLVM's amdgpu-arch tool does
// (clang/tools/amdgpu-arch/AMDGPUArchByHIP.cpp uses the same offsets).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_LIB_HIP_HIPAPI_H
#define MELD_RUNTIME_LIB_HIP_HIPAPI_H

#include <cstddef>

namespace meld::runtime::hipapi {

// hipError_t: only the values the backend tests for.
enum hipError_t : int {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorNotInitialized = 3,
  hipErrorInvalidSymbol = 13,
  hipErrorInsufficientDriver = 35,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureWrongThread = 908,
};

enum hipMemcpyKind : int {
  // The direction from the pointers (unified virtual addressing).
  hipMemcpyDefault = 4,
};

enum hipStreamCaptureMode : int {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2,
};

enum hipStreamCaptureStatus : int {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive = 1,
  hipStreamCaptureStatusInvalidated = 2,
};

// Flags (macros in hip_runtime_api.h).
constexpr unsigned kStreamNonBlocking = 0x01;
constexpr unsigned kEventDisableTiming = 0x2;
constexpr unsigned kHostMallocDefault = 0x0;
constexpr unsigned kHostMallocPortable = 0x1;
constexpr unsigned kHostMallocMapped = 0x2;

// Opaque handles.
struct ihipStream_t;
struct ihipEvent_t;
struct ihipModule_t;
struct ihipModuleSymbol_t;
struct ihipGraph;
struct hipGraphNode;
struct hipGraphExec;

using hipDevice_t = int;
using hipStream_t = ihipStream_t *;
using hipEvent_t = ihipEvent_t *;
using hipModule_t = ihipModule_t *;
using hipFunction_t = ihipModuleSymbol_t *;
using hipGraph_t = ihipGraph *;
using hipGraphNode_t = hipGraphNode *;
using hipGraphExec_t = hipGraphExec *;

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
};

struct hipKernelNodeParams {
  dim3 blockDim;
  void **extra;
  void *func;
  dim3 gridDim;
  void **kernelParams;
  unsigned sharedMemBytes;
};

/// hipDeviceProp_t, as bytes: large enough for either layout.
constexpr size_t kDevicePropBufferSize = 4096;
/// offsetof(hipDeviceProp_tR0000, gcnArchName): HIP 5 (and HIP 6's
/// hipGetDevicePropertiesR0000 / unversioned hipGetDeviceProperties).
constexpr size_t kGcnArchNameOffsetR0000 = 396;
/// offsetof(hipDeviceProp_tR0600, gcnArchName): HIP 6+.
constexpr size_t kGcnArchNameOffsetR0600 = 1160;
constexpr size_t kGcnArchNameSize = 256;

/// The entry points, resolved with dlsym. Named after the HIP functions.
struct HipApi {
  hipError_t (*hipInit)(unsigned flags);
  hipError_t (*hipGetDeviceCount)(int *count);
  const char *(*hipGetErrorName)(hipError_t error);
  const char *(*hipGetErrorString)(hipError_t error);
  hipError_t (*hipGetDevice)(int *device);
  hipError_t (*hipSetDevice)(int device);
  hipError_t (*hipDeviceGet)(hipDevice_t *device, int ordinal);
  hipError_t (*hipDeviceGetName)(char *name, int len, hipDevice_t device);
  hipError_t (*hipDeviceTotalMem)(size_t *bytes, hipDevice_t device);
  /// One of the three, with the byte offset of gcnArchName in what it fills.
  hipError_t (*hipGetDeviceProperties)(void *prop, int device);
  size_t gcnArchNameOffset;

  hipError_t (*hipMalloc)(void **ptr, size_t size);
  hipError_t (*hipFree)(void *ptr);
  hipError_t (*hipHostMalloc)(void **ptr, size_t size, unsigned flags);
  hipError_t (*hipHostFree)(void *ptr);
  hipError_t (*hipMemcpyAsync)(void *dst, const void *src, size_t sizeBytes,
                               hipMemcpyKind kind, hipStream_t stream);

  hipError_t (*hipModuleLoadData)(hipModule_t *module, const void *image);
  hipError_t (*hipModuleUnload)(hipModule_t module);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *function,
                                     hipModule_t module, const char *name);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t f, unsigned gridDimX,
                                      unsigned gridDimY, unsigned gridDimZ,
                                      unsigned blockDimX, unsigned blockDimY,
                                      unsigned blockDimZ,
                                      unsigned sharedMemBytes,
                                      hipStream_t stream, void **kernelParams,
                                      void **extra);

  hipError_t (*hipStreamCreateWithFlags)(hipStream_t *stream, unsigned flags);
  hipError_t (*hipStreamDestroy)(hipStream_t stream);
  hipError_t (*hipStreamSynchronize)(hipStream_t stream);
  hipError_t (*hipStreamWaitEvent)(hipStream_t stream, hipEvent_t event,
                                   unsigned flags);
  hipError_t (*hipEventCreateWithFlags)(hipEvent_t *event, unsigned flags);
  hipError_t (*hipEventDestroy)(hipEvent_t event);
  hipError_t (*hipEventRecord)(hipEvent_t event, hipStream_t stream);
  hipError_t (*hipEventSynchronize)(hipEvent_t event);
  hipError_t (*hipEventQuery)(hipEvent_t event);

  hipError_t (*hipStreamBeginCapture)(hipStream_t stream,
                                      hipStreamCaptureMode mode);
  hipError_t (*hipStreamEndCapture)(hipStream_t stream, hipGraph_t *graph);
  hipError_t (*hipStreamIsCapturing)(hipStream_t stream,
                                     hipStreamCaptureStatus *status);
  hipError_t (*hipStreamGetCaptureInfo_v2)(hipStream_t stream,
                                           hipStreamCaptureStatus *status,
                                           unsigned long long *id,
                                           hipGraph_t *graph,
                                           const hipGraphNode_t **dependencies,
                                           size_t *numDependencies);
  hipError_t (*hipGraphDestroy)(hipGraph_t graph);
  hipError_t (*hipGraphInstantiate)(hipGraphExec_t *exec, hipGraph_t graph,
                                    hipGraphNode_t *errorNode, char *logBuffer,
                                    size_t bufferSize);
  hipError_t (*hipGraphExecDestroy)(hipGraphExec_t exec);
  hipError_t (*hipGraphLaunch)(hipGraphExec_t exec, hipStream_t stream);
  hipError_t (*hipGraphExecKernelNodeSetParams)(
      hipGraphExec_t exec, hipGraphNode_t node,
      const hipKernelNodeParams *params);
  hipError_t (*hipGraphExecMemcpyNodeSetParams1D)(hipGraphExec_t exec,
                                                  hipGraphNode_t node,
                                                  void *dst, const void *src,
                                                  size_t count,
                                                  hipMemcpyKind kind);
};

} // namespace meld::runtime::hipapi

#endif // MELD_RUNTIME_LIB_HIP_HIPAPI_H
