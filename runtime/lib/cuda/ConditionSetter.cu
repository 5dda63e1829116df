//===- ConditionSetter.cu - Sets a conditional graph node's condition -----===//
//
// The kernel the cuda backend launches in front of every conditional (IF /
// WHILE) graph node it captures, and at the end of every WHILE body: it
// reads the one-byte Meld predicate and sets the node's condition from it.
//
// Built ahead of time with nvcc into a fatbin (sources.cmake) that the
// backend embeds and loads with cuModuleLoadData. cudaGraphSetConditional is
// a device-runtime builtin that the driver resolves when it loads the module
// (libcudadevrt does not define it), so the kernel is compiled whole-program,
// without -rdc or a device link step.
//
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

extern "C" __global__ void
meld_set_condition(cudaGraphConditionalHandle handle,
                   const unsigned char *predicate) {
  cudaGraphSetConditional(handle, *predicate ? 1u : 0u);
}
