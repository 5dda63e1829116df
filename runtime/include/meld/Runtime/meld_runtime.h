/*===- meld_runtime.h - The Meld runtime's stable C API -----------*- C -*-===*\
|*                                                                            *|
|* Devices, buffers, streams, events, executables (bundles), and graphs that  *|
|* capture work once and replay it. Every function returns a meld_status_t;   *|
|* on failure meld_last_error() describes it (per thread). Handles are        *|
|* checked: a released, foreign or mistyped handle is an error               *|
|* (MELD_ERROR_INVALID_HANDLE), never a crash. All functions are thread-safe. *|
|* docs/runtime.md is the guide.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef MELD_RUNTIME_MELD_RUNTIME_H
#define MELD_RUNTIME_MELD_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MELD_RUNTIME_API_VERSION 1

typedef enum meld_status_t {
  MELD_OK = 0,
  /** A bad argument: null pointer, wrong count, dtype or shape. */
  MELD_ERROR_INVALID_ARGUMENT = 1,
  /** A released, unknown or mistyped handle. */
  MELD_ERROR_INVALID_HANDLE = 2,
  /** A malformed or corrupt bundle. */
  MELD_ERROR_INVALID_BUNDLE = 3,
  /** No such backend, device, function or kernel. */
  MELD_ERROR_NOT_FOUND = 4,
  /** The backend's driver library or device is not present. */
  MELD_ERROR_UNAVAILABLE = 5,
  /** The operation is not supported here (e.g. no binary for the device). */
  MELD_ERROR_UNSUPPORTED = 6,
  /** Capture misuse: nested capture, end without begin, sync while capturing. */
  MELD_ERROR_CAPTURE = 7,
  MELD_ERROR_OUT_OF_MEMORY = 8,
  /** The program failed at run time (e.g. a meld.while ran too long). */
  MELD_ERROR_EXECUTION = 9,
  /** A driver call failed. */
  MELD_ERROR_DEVICE = 10,
  MELD_ERROR_INTERNAL = 11
} meld_status_t;

/** The calling thread's message for its last failed call ("" if none). */
const char *meld_last_error(void);
/** A short name for a status code ("MELD_ERROR_CAPTURE"). */
const char *meld_status_name(meld_status_t status);

typedef struct meld_device { uint64_t id; } meld_device_t;
typedef struct meld_buffer { uint64_t id; } meld_buffer_t;
typedef struct meld_stream { uint64_t id; } meld_stream_t;
typedef struct meld_event { uint64_t id; } meld_event_t;
typedef struct meld_executable { uint64_t id; } meld_executable_t;
typedef struct meld_graph { uint64_t id; } meld_graph_t;
typedef struct meld_graph_exec { uint64_t id; } meld_graph_exec_t;

/*===--------------------------------------------------------------------===*
 * Devices
 *===--------------------------------------------------------------------===*/

/** Devices of a backend ("host", "cuda", "hip"). A backend whose driver is
 *  missing reports MELD_ERROR_UNAVAILABLE; one without devices, 0. */
meld_status_t meld_device_count(const char *backend, int *count);
meld_status_t meld_device_open(const char *backend, int ordinal,
                               meld_device_t *device);
meld_status_t meld_device_release(meld_device_t device);

typedef struct meld_device_info {
  char backend[16];
  char name[128];
  /** Bundle target ("host", "nvptx", "amdgpu") and chip ("sm_90"). */
  char target[16];
  char chip[64];
  uint64_t memory_bytes;
  /** 1 when graphs keep meld.if / meld.while on the device. */
  int conditional_nodes;
} meld_device_info_t;
meld_status_t meld_device_get_info(meld_device_t device,
                                   meld_device_info_t *info);

/*===--------------------------------------------------------------------===*
 * Buffers
 *===--------------------------------------------------------------------===*/

typedef enum meld_memory_kind_t {
  MELD_MEMORY_DEVICE = 0,
  /** Host memory the device reads and writes directly (pinned). */
  MELD_MEMORY_HOST_VISIBLE = 1
} meld_memory_kind_t;

meld_status_t meld_buffer_alloc(meld_device_t device, size_t bytes,
                                meld_memory_kind_t kind,
                                meld_buffer_t *buffer);
meld_status_t meld_buffer_release(meld_buffer_t buffer);
meld_status_t meld_buffer_size(meld_buffer_t buffer, size_t *bytes);
/** The host address of a host-visible buffer (or any buffer on the host
 *  backend); MELD_ERROR_UNSUPPORTED for device memory of a GPU. */
meld_status_t meld_buffer_host_pointer(meld_buffer_t buffer, void **ptr);
/** Enqueue copies between host memory and a buffer. The host memory must
 *  stay valid until the stream is synchronized. */
meld_status_t meld_buffer_write(meld_stream_t stream, meld_buffer_t dst,
                                size_t offset, const void *src, size_t bytes);
meld_status_t meld_buffer_read(meld_stream_t stream, meld_buffer_t src,
                               size_t offset, void *dst, size_t bytes);
meld_status_t meld_buffer_copy(meld_stream_t stream, meld_buffer_t dst,
                               meld_buffer_t src, size_t bytes);

/*===--------------------------------------------------------------------===*
 * Streams and events
 *===--------------------------------------------------------------------===*/

meld_status_t meld_stream_create(meld_device_t device, meld_stream_t *stream);
meld_status_t meld_stream_release(meld_stream_t stream);
meld_status_t meld_stream_synchronize(meld_stream_t stream);

meld_status_t meld_event_create(meld_device_t device, meld_event_t *event);
meld_status_t meld_event_release(meld_event_t event);
meld_status_t meld_event_record(meld_event_t event, meld_stream_t stream);
meld_status_t meld_stream_wait_event(meld_stream_t stream, meld_event_t event);
meld_status_t meld_event_synchronize(meld_event_t event);

/*===--------------------------------------------------------------------===*
 * Executables: a bundle loaded on a device
 *===--------------------------------------------------------------------===*/

typedef enum meld_dtype_t {
  MELD_F64 = 0,
  MELD_F32 = 1,
  MELD_F16 = 2,
  MELD_BF16 = 3,
  MELD_I64 = 4,
  MELD_I32 = 5,
  MELD_I8 = 6,
  /** One byte per element, 0 or 1. */
  MELD_I1 = 7
} meld_dtype_t;

/** Bytes per element of `dtype` in a buffer (f16 and bf16: 2, i1: 1); 0
 *  for a value that is not a meld_dtype_t. */
size_t meld_dtype_size(meld_dtype_t dtype);

#define MELD_MAX_RANK 8

/** A dense row-major tensor view of a buffer (offset in bytes). */
typedef struct meld_tensor {
  meld_buffer_t buffer;
  size_t offset;
  meld_dtype_t dtype;
  int32_t rank;
  int64_t shape[MELD_MAX_RANK];
} meld_tensor_t;

meld_status_t meld_executable_load(meld_device_t device, const void *bundle,
                                   size_t bytes, meld_executable_t *exe);
meld_status_t meld_executable_load_file(meld_device_t device, const char *path,
                                        meld_executable_t *exe);
meld_status_t meld_executable_release(meld_executable_t exe);

meld_status_t meld_executable_function_count(meld_executable_t exe, int *count);
/** Name, argument and result counts of function `index`. */
meld_status_t meld_executable_function_info(meld_executable_t exe, int index,
                                            const char **name, int *inputs,
                                            int *outputs);
/** The signature of input (is_output = 0) or output `index` of `function`
 *  ("" or NULL: main); dynamic dims are -1; the buffer is unset. */
meld_status_t meld_executable_signature(meld_executable_t exe,
                                        const char *function, int is_output,
                                        int index, meld_tensor_t *spec);

/** Runs `function` eagerly on `stream`, writing its results into
 *  `outputs` (caller-allocated, exactly the result shapes). */
meld_status_t meld_executable_run(meld_executable_t exe, meld_stream_t stream,
                                  const char *function,
                                  const meld_tensor_t *inputs, int num_inputs,
                                  const meld_tensor_t *outputs,
                                  int num_outputs);

/** Captures one run of `function` on these buffers into a graph, once; the
 *  schedule's meld.if / meld.while become conditional nodes where the
 *  device has them. The graph owns the intermediate buffers. */
meld_status_t meld_executable_capture(meld_executable_t exe,
                                      meld_stream_t stream,
                                      const char *function,
                                      const meld_tensor_t *inputs,
                                      int num_inputs,
                                      const meld_tensor_t *outputs,
                                      int num_outputs,
                                      meld_graph_exec_t *graph);

/*===--------------------------------------------------------------------===*
 * Graphs
 *===--------------------------------------------------------------------===*/

/** Starts recording everything enqueued on `stream` (nothing runs). */
meld_status_t meld_stream_begin_capture(meld_stream_t stream);
meld_status_t meld_stream_end_capture(meld_stream_t stream,
                                      meld_graph_t *graph);
meld_status_t meld_stream_is_capturing(meld_stream_t stream, int *capturing);

meld_status_t meld_graph_instantiate(meld_graph_t graph,
                                     meld_graph_exec_t *exec);
meld_status_t meld_graph_release(meld_graph_t graph);

/** Replays the graph on `stream`. */
meld_status_t meld_graph_exec_launch(meld_graph_exec_t exec,
                                     meld_stream_t stream);
/** For graphs made by meld_executable_capture: points the graph at new
 *  input and output buffers of the same dtypes and shapes, updating node
 *  parameters in place (no re-capture, no re-instantiation). */
meld_status_t meld_graph_exec_rebind(meld_graph_exec_t exec,
                                     const meld_tensor_t *inputs,
                                     int num_inputs,
                                     const meld_tensor_t *outputs,
                                     int num_outputs);
meld_status_t meld_graph_exec_release(meld_graph_exec_t exec);

#ifdef __cplusplus
}
#endif

#endif /* MELD_RUNTIME_MELD_RUNTIME_H */
