//===- GpuPipeline.h - Kernels to NVPTX and AMDGPU code ---------*- C++ -*-===//
//
// The parameters of the GPU back ends (lib/Codegen/GPU): how kernels are
// split over workgroups and threads by meld-map-to-gpu. compileToBundle
// (meld/Codegen/Compiler.h) runs the GPU pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_GPU_GPUPIPELINE_H
#define MELD_CODEGEN_GPU_GPUPIPELINE_H

#include <cstdint>

namespace meld::codegen {

/// Threads per GPU workgroup in the kernels meld-map-to-gpu makes.
inline constexpr int64_t kGpuBlockSize = 256;

/// The grid a pointwise GPU kernel runs on at most (meld-map-to-gpu
/// grid-stride-limit): a few waves of 256-thread workgroups on current
/// GPUs (an H100 holds 132 x 8 of them at once), so huge tensors take
/// grid-stride loops instead of millions of workgroups.
inline constexpr int64_t kGpuGridStrideLimit = 4096;

/// Rows of a gemm kernel's output per GPU workgroup: the height of the
/// largest output tile meld-map-to-gpu's tiled GEMM uses.
inline constexpr int64_t kGpuContractionRows = 64;

} // namespace meld::codegen

#endif // MELD_CODEGEN_GPU_GPUPIPELINE_H
