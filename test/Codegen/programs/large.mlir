// Shapes large enough for the code paths that small programs never reach:
// a long column reduction that meld-split-reductions turns into a grid of
// partial sums and a second stage, and a matmul with a bias + GELU epilogue
// whose sizes are not multiples of the GPU tiles (64-row blocks, 4x4
// register tiles, workgroup-memory k slices), so every edge of the tiled
// GEMM is taken; and the same in f16, which NVIDIA targets compute on
// tensor cores (gpu.subgroup_mma fragments, wmma.mma.sync in the PTX).
// unittests/Codegen compares them with the interpreter (compiled for the
// host and through the emulated GPU mapping, which has no tensor cores)
// and the runtime's conformance cases run them on real devices.
//
// RUN: meld-opt %s --meld-fuse --meld-split-reductions | FileCheck %s
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// CHECK-LABEL: func.func @column_sums
// CHECK: meld.split_partials
// CHECK-LABEL: func.func @linear_gelu
// CHECK-LABEL: func.func @half_linear_relu

func.func @column_sums(%x: tensor<1024x256xf32>) -> tensor<256xf32> {
  %s = meld.reduce sum %x dims = [0] : tensor<1024x256xf32> -> tensor<256xf32>
  return %s : tensor<256xf32>
}

func.func @linear_gelu(%x: tensor<200x300xf32>, %w: tensor<300x136xf32>,
                       %bias: tensor<136xf32>) -> tensor<200x136xf32> {
  %h = meld.matmul %x, %w
      : tensor<200x300xf32>, tensor<300x136xf32> -> tensor<200x136xf32>
  %b = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<136xf32> -> tensor<200x136xf32>
  %a = meld.add %h, %b : tensor<200x136xf32>
  %y = meld.gelu %a approximate = tanh : tensor<200x136xf32>
  return %y : tensor<200x136xf32>
}

func.func @half_linear_relu(%x: tensor<100x72xf16>, %w: tensor<72x90xf16>,
                            %bias: tensor<90xf16>) -> tensor<100x90xf16> {
  %h = meld.matmul %x, %w
      : tensor<100x72xf16>, tensor<72x90xf16> -> tensor<100x90xf16>
  %b = meld.broadcast_in_dim %bias, dims = [1]
      : tensor<90xf16> -> tensor<100x90xf16>
  %a = meld.add %h, %b : tensor<100x90xf16>
  %y = meld.relu %a : tensor<100x90xf16>
  return %y : tensor<100x90xf16>
}
