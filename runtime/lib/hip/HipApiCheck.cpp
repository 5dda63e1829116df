//===- HipApiCheck.cpp - HipApi.h against the real HIP headers ------------===//
//
// Compiled only where hip/hip_runtime_api.h is installed (sources.cmake):
// checks at compile time that every value and layout HipApi.h declares
// matches ROCm's, so the dlopen-based backend cannot silently drift from
// the ABI. Defines nothing.
//
//===----------------------------------------------------------------------===//

#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__
#endif
#include <hip/hip_runtime_api.h>

#include "HipApi.h"

#include <cstddef>
#include <type_traits>

namespace api = meld::runtime::hipapi;

#define MELD_HIP_SAME_VALUE(NAME)                                              \
  static_assert(static_cast<long long>(api::NAME) ==                           \
                    static_cast<long long>(::NAME),                            \
                #NAME " differs from hip_runtime_api.h")

MELD_HIP_SAME_VALUE(hipSuccess);
MELD_HIP_SAME_VALUE(hipErrorInvalidValue);
MELD_HIP_SAME_VALUE(hipErrorOutOfMemory);
MELD_HIP_SAME_VALUE(hipErrorNotInitialized);
MELD_HIP_SAME_VALUE(hipErrorInvalidSymbol);
MELD_HIP_SAME_VALUE(hipErrorInsufficientDriver);
MELD_HIP_SAME_VALUE(hipErrorInvalidDeviceFunction);
MELD_HIP_SAME_VALUE(hipErrorNoDevice);
MELD_HIP_SAME_VALUE(hipErrorInvalidDevice);
MELD_HIP_SAME_VALUE(hipErrorNotFound);
MELD_HIP_SAME_VALUE(hipErrorNotReady);
MELD_HIP_SAME_VALUE(hipErrorStreamCaptureUnsupported);
MELD_HIP_SAME_VALUE(hipErrorStreamCaptureWrongThread);
MELD_HIP_SAME_VALUE(hipMemcpyDefault);
MELD_HIP_SAME_VALUE(hipStreamCaptureModeGlobal);
MELD_HIP_SAME_VALUE(hipStreamCaptureModeThreadLocal);
MELD_HIP_SAME_VALUE(hipStreamCaptureModeRelaxed);
MELD_HIP_SAME_VALUE(hipStreamCaptureStatusNone);
MELD_HIP_SAME_VALUE(hipStreamCaptureStatusActive);
MELD_HIP_SAME_VALUE(hipStreamCaptureStatusInvalidated);
#undef MELD_HIP_SAME_VALUE
static_assert(api::kStreamNonBlocking == hipStreamNonBlocking);
static_assert(api::kEventDisableTiming == hipEventDisableTiming);
static_assert(api::kHostMallocDefault == hipHostMallocDefault);
static_assert(api::kHostMallocPortable == hipHostMallocPortable);
static_assert(api::kHostMallocMapped == hipHostMallocMapped);

static_assert(sizeof(api::hipError_t) == sizeof(::hipError_t));
static_assert(sizeof(api::hipMemcpyKind) == sizeof(::hipMemcpyKind));
static_assert(sizeof(api::hipStreamCaptureMode) ==
              sizeof(::hipStreamCaptureMode));
static_assert(sizeof(api::hipStreamCaptureStatus) ==
              sizeof(::hipStreamCaptureStatus));
static_assert(std::is_same_v<api::hipDevice_t, ::hipDevice_t>);

static_assert(sizeof(api::dim3) == sizeof(::dim3));
#define MELD_HIP_SAME_FIELD(TYPE, FIELD)                                       \
  static_assert(offsetof(api::TYPE, FIELD) == offsetof(::TYPE, FIELD),         \
                #TYPE "::" #FIELD " differs from hip_runtime_api.h")
MELD_HIP_SAME_FIELD(dim3, x);
MELD_HIP_SAME_FIELD(dim3, y);
MELD_HIP_SAME_FIELD(dim3, z);
static_assert(sizeof(api::hipKernelNodeParams) ==
              sizeof(::hipKernelNodeParams));
MELD_HIP_SAME_FIELD(hipKernelNodeParams, blockDim);
MELD_HIP_SAME_FIELD(hipKernelNodeParams, extra);
MELD_HIP_SAME_FIELD(hipKernelNodeParams, func);
MELD_HIP_SAME_FIELD(hipKernelNodeParams, gridDim);
MELD_HIP_SAME_FIELD(hipKernelNodeParams, kernelParams);
MELD_HIP_SAME_FIELD(hipKernelNodeParams, sharedMemBytes);
#undef MELD_HIP_SAME_FIELD

// hipDeviceProp_t: the layout of the installed headers.
#if HIP_VERSION_MAJOR >= 6
static_assert(offsetof(hipDeviceProp_tR0600, gcnArchName) ==
              api::kGcnArchNameOffsetR0600);
static_assert(sizeof(hipDeviceProp_tR0600) <= api::kDevicePropBufferSize);
#else
static_assert(offsetof(hipDeviceProp_t, gcnArchName) ==
              api::kGcnArchNameOffsetR0000);
static_assert(sizeof(hipDeviceProp_t) <= api::kDevicePropBufferSize);
#endif
static_assert(sizeof(hipDeviceProp_t::gcnArchName) == api::kGcnArchNameSize);

// The entry points' signatures: each HipApi pointer type, with HipApi.h's
// types replaced by the real ones, is the type of a pointer to the real
// function (hipGetDeviceProperties is left out: it fills raw bytes).
namespace {
template <typename T> struct Real {
  using type = T;
};
template <typename T> using RealT = typename Real<T>::type;
template <typename T> struct Real<T *> {
  using type = RealT<T> *;
};
template <typename T> struct Real<const T> {
  using type = const RealT<T>;
};
template <typename R, typename... A> struct Real<R (*)(A...)> {
  using type = RealT<R> (*)(RealT<A>...);
};
#define MELD_HIP_REAL(TYPE)                                                    \
  template <> struct Real<api::TYPE> {                                         \
    using type = ::TYPE;                                                       \
  }
MELD_HIP_REAL(hipError_t);
MELD_HIP_REAL(hipMemcpyKind);
MELD_HIP_REAL(hipStreamCaptureMode);
MELD_HIP_REAL(hipStreamCaptureStatus);
MELD_HIP_REAL(hipKernelNodeParams);
MELD_HIP_REAL(ihipStream_t);
MELD_HIP_REAL(ihipEvent_t);
MELD_HIP_REAL(ihipModule_t);
MELD_HIP_REAL(ihipModuleSymbol_t);
MELD_HIP_REAL(ihipGraph);
MELD_HIP_REAL(hipGraphNode);
MELD_HIP_REAL(hipGraphExec);
#undef MELD_HIP_REAL
} // namespace

// Initializing a pointer of the mapped type from &NAME compiles only when
// the real function (or one of its C++ overloads) has exactly that type.
#define MELD_HIP_SAME_SIGNATURE(NAME)                                          \
  [[maybe_unused]] constexpr RealT<decltype(api::HipApi::NAME)> same_##NAME =  \
      &::NAME
MELD_HIP_SAME_SIGNATURE(hipInit);
MELD_HIP_SAME_SIGNATURE(hipGetDeviceCount);
MELD_HIP_SAME_SIGNATURE(hipGetErrorName);
MELD_HIP_SAME_SIGNATURE(hipGetErrorString);
MELD_HIP_SAME_SIGNATURE(hipGetDevice);
MELD_HIP_SAME_SIGNATURE(hipSetDevice);
MELD_HIP_SAME_SIGNATURE(hipDeviceGet);
MELD_HIP_SAME_SIGNATURE(hipDeviceGetName);
MELD_HIP_SAME_SIGNATURE(hipDeviceTotalMem);
MELD_HIP_SAME_SIGNATURE(hipMalloc);
MELD_HIP_SAME_SIGNATURE(hipFree);
MELD_HIP_SAME_SIGNATURE(hipHostMalloc);
MELD_HIP_SAME_SIGNATURE(hipHostFree);
MELD_HIP_SAME_SIGNATURE(hipMemcpyAsync);
MELD_HIP_SAME_SIGNATURE(hipModuleLoadData);
MELD_HIP_SAME_SIGNATURE(hipModuleUnload);
MELD_HIP_SAME_SIGNATURE(hipModuleGetFunction);
MELD_HIP_SAME_SIGNATURE(hipModuleLaunchKernel);
MELD_HIP_SAME_SIGNATURE(hipStreamCreateWithFlags);
MELD_HIP_SAME_SIGNATURE(hipStreamDestroy);
MELD_HIP_SAME_SIGNATURE(hipStreamSynchronize);
MELD_HIP_SAME_SIGNATURE(hipStreamWaitEvent);
MELD_HIP_SAME_SIGNATURE(hipEventCreateWithFlags);
MELD_HIP_SAME_SIGNATURE(hipEventDestroy);
MELD_HIP_SAME_SIGNATURE(hipEventRecord);
MELD_HIP_SAME_SIGNATURE(hipEventSynchronize);
MELD_HIP_SAME_SIGNATURE(hipEventQuery);
MELD_HIP_SAME_SIGNATURE(hipStreamBeginCapture);
MELD_HIP_SAME_SIGNATURE(hipStreamEndCapture);
MELD_HIP_SAME_SIGNATURE(hipStreamIsCapturing);
MELD_HIP_SAME_SIGNATURE(hipStreamGetCaptureInfo_v2);
MELD_HIP_SAME_SIGNATURE(hipGraphDestroy);
MELD_HIP_SAME_SIGNATURE(hipGraphInstantiate);
MELD_HIP_SAME_SIGNATURE(hipGraphExecDestroy);
MELD_HIP_SAME_SIGNATURE(hipGraphLaunch);
MELD_HIP_SAME_SIGNATURE(hipGraphExecKernelNodeSetParams);
MELD_HIP_SAME_SIGNATURE(hipGraphExecMemcpyNodeSetParams1D);
#undef MELD_HIP_SAME_SIGNATURE
