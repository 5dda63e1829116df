//===- Passes.td - GPU code-generation passes --------------*- tablegen -*-===//
//
// The passes of the GPU back ends (lib/Codegen/GPU): kernels to GPU
// kernels (meld-map-to-gpu), elementwise recomputation before it, the
// all-reduce lowering, and grid dependency control on NVIDIA sm_90+.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_GPU_PASSES_TD
#define MELD_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def MeldMapToGpu : Pass<"meld-map-to-gpu", "::mlir::ModuleOp"> {
  let summary = "Make each kernel one GPU kernel: row blocks on workgroups, ops on threads";
  let description = [{
    Runs on kernels in buffer form, after `meld-tile-host-blocks` and
    before buffer deallocation. Each kernel becomes exactly one `gpu.func`
    in one `gpu.module`, with the kernel's arguments minus the block range:
    workgroup `block_id.x` computes block `block_id.x` of rows (the grid is
    the kernel's block count), so a fused kernel stays one launch.

    Inside a workgroup every linalg op is distributed over the threads,
    with a barrier after each:
    - reductions with few outputs and many reduced elements (row
      statistics) are cooperative: each thread folds a strided share of the
      elements into a partial that starts at the combiner's neutral value,
      and `gpu.all_reduce` joins the partials (lowered here by upstream's
      all-reduce patterns to subgroup shuffles and a workgroup-memory
      combine); thread 0 folds the result into the output;
    - elementwise ops on 32-bit kernel buffers that are contiguous along
      the innermost loop (static extent and row strides divisible by 4)
      take 4 neighbouring elements per thread, with 128-bit `vector.load` /
      `vector.store` (alignment 16: the ABI's buffers are 16-byte aligned)
      and the body applied to vectors;
    - contractions (one reduction loop; (m, k) and (k, n) inputs, perhaps
      transposed or batched) are tiled GEMMs: output tiles of 64x64,
      32x128 or 16x256 with a 4x4 register tile per thread, k slices of
      16 (or 8) staged in workgroup memory by all threads between two
      barriers, and the elementwise ops that consume the result (and
      nothing else reads) applied to the accumulators before the one
      store; a kernel that is only such a GEMM with a static column
      count splits its column tiles over workgroups as well
      (`meld.gpu_column_blocks` per row block); with `tensor-cores`, an
      f16 contraction (`out + a * b`, started from a fill) is computed by
      the 8 warps of a 256-thread workgroup with `gpu.subgroup_mma_*`
      16x16x16 fragments from the staged slices, each warp 16x32 of the
      64x64 tile, and the accumulators go through a workgroup-memory tile
      to the threads that apply the epilogue; with `mfma` (AMD CDNA), the
      same by the 4 wavefronts of the workgroup with `amdgpu.mfma`
      16x16x16 f16 steps accumulating in f32, each wavefront 16x64 of the
      tile; with `mma-sync` (NVIDIA, instead of the fragments), each warp's
      16x32 as four m16n8k16 `nvgpu.mma.sync` fragments whose operands
      every lane gathers from the staged slices;
    - every other op is output-parallel: its parallel iterations are
      flattened and dealt out round-robin, so consecutive threads touch
      consecutive elements (coalesced), and each thread runs the reduction
      loops of the outputs it owns.

    With `grid-stride-limit`, a pointwise kernel (`meld.kernel =
    "pointwise"`) whose block loop has the shape meld-tile-host-blocks
    gives it strides over the grid: workgroup `w` of a grid of `G`
    computes blocks `w, w + G, ...` (`G` is `gpu.grid_dim`), and the
    kernel is marked `meld.gpu_grid_stride` so its launch grid is
    min(blocks, limit): a huge tensor runs on a bounded grid.

    A kernel that is not split into rows but whose ops fall into groups
    sharing no written buffer (a horizontal group's sub-kernels) runs group
    `i` on workgroup `i`; the group count is recorded as `meld.gpu_blocks`.
    A kernel result that is also used inside the kernel is computed in its
    output buffer.

    Intermediates become views of workgroup buffers as large as their
    constant upper bounds (upstream value-bounds analysis); an unbounded
    intermediate, more than 48 KiB of them, or a write to an output outside
    the block loop is an error naming the kernel. With `report-unfit`,
    the pass only checks the workgroup memory each kernel needs: it moves
    nothing to a `gpu.module` and lists the kernels whose intermediates do
    not fit (unbounded, or more than 48 KiB) in the module's
    `meld.gpu_unfit_kernels` (compileToBundle then splits their fusion
    groups).

    With `emulate`, the same decomposition is emitted as host code: a loop
    over the block range, a loop over thread ids around every phase between
    barriers, and a serial combine in place of `gpu.all_reduce`, so the
    mapping can be checked against the reference interpreter without a GPU;
    with `mfma` or `mma-sync` as well, each lane's operands and
    accumulators are kept in memory and a phase computes what
    `v_mfma_f32_16x16x16f16` or `mma.sync.m16n8k16` computes from them
    (`gpu.subgroup_mma` fragments are not emulated).
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per workgroup">,
    Option<"emulate", "emulate", "bool", "false",
           "Emit the thread mapping as host loops instead of GPU kernels">,
    Option<"tensorCores", "tensor-cores", "bool", "false",
           "Compute f16 tiled GEMMs with warp-level matrix multiply-"
           "accumulate (gpu.subgroup_mma: NVIDIA tensor cores); ignored "
           "when emulating">,
    Option<"mfma", "mfma", "bool", "false",
           "Compute f16 tiled GEMMs with wavefront-level matrix multiply-"
           "accumulate (amdgpu.mfma: AMD CDNA matrix cores, wave64); "
           "emulated, the instruction's documented semantics on the lanes' "
           "registers kept in memory">,
    Option<"mmaSync", "mma-sync", "bool", "false",
           "Compute f16 tiled GEMMs with nvgpu.mma.sync (PTX mma.sync "
           "m16n8k16, f16 accumulators) instead of gpu.subgroup_mma; "
           "emulated, the instruction's documented semantics on the lanes' "
           "registers kept in memory">,
    Option<"gridStrideLimit", "grid-stride-limit", "int64_t", "0",
           "With a positive value, the block loop of a pointwise kernel "
           "strides over a grid of at most this many workgroups (emulated: "
           "min(blocks, limit) workgroups); 0 keeps one block per workgroup">,
    Option<"reportUnfit", "report-unfit", "bool", "false",
           "List the kernels whose intermediates do not fit in workgroup "
           "memory in the module attribute meld.gpu_unfit_kernels instead "
           "of failing, and map nothing to the GPU">,
    Option<"moduleName", "module-name", "std::string", "\"meld_kernels\"",
           "Name of the gpu.module that receives the kernels">,
  ];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::affine::AffineDialect", "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect", "::mlir::amdgpu::AMDGPUDialect",
    "::mlir::nvgpu::NVGPUDialect"
  ];
}

def MeldFuseElementwiseRecompute
    : Pass<"meld-fuse-elementwise-recompute", "::mlir::func::FuncOp"> {
  let summary = "Fuse elementwise producers into all their consumers";
  let description = [{
    Upstream's elementwise fusion patterns with a control function that
    accepts every producer, not only single-use ones: a producer used by
    several consumers is recomputed in each of them and then disappears.
    GPU kernels use it so that elementwise intermediates (softmax's
    `exp(x - max)`, the broadcasts of a horizontal Adam step) cost a few
    instructions instead of a workgroup-memory buffer. A producer with other
    users is fused only while the fused body holds at most 64 operations:
    a chain whose steps each read the previous one twice (a max pool's
    running maximum and its indices) would otherwise double its body at
    every step.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def MeldPromoteLoopAccumulators
    : Pass<"meld-promote-loop-accumulators", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Carry a loop's accumulator in a register, not in memory";
  let description = [{
    A loop that loads one element of a buffer, updates it and stores it
    back at the same loop-invariant indices every iteration carries the
    element as an iteration argument instead: one load before the loop,
    one store after it. Such loops are what `convert-linalg-to-loops`
    makes of a contraction a GPU kernel does not tile (a batch of
    one-row products, attention's `q @ K^T` in a decode step): each thread
    walks k for its output element, and the global store of every step
    kept the loads of the next behind it (400 us for 32 x 1 x 64 @
    32 x 64 x 129 on an H100). Only where the loop touches that buffer
    through these two accesses and no other view, and does nothing with
    memory but loads and stores (no barrier, no atomic): another kernel
    argument is another buffer, since a contraction never writes an
    operand it reads.

    ```mlir
    scf.for %k = %c0 to %c64 step %c1 {
      %a = memref.load %A[%i, %k] : memref<?x64xf32>
      %acc = memref.load %C[%i] : memref<?xf32>
      %s = arith.addf %acc, %a : f32
      memref.store %s, %C[%i] : memref<?xf32>
    }
    // becomes
    %init = memref.load %C[%i] : memref<?xf32>
    %r = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %init) -> f32 {
      %a = memref.load %A[%i, %k] : memref<?x64xf32>
      %s = arith.addf %acc, %a : f32
      scf.yield %s : f32
    }
    memref.store %r, %C[%i] : memref<?xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::memref::MemRefDialect"
  ];
}

def MeldLowerAllReduce
    : Pass<"meld-lower-all-reduce", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.all_reduce with upstream's all-reduce patterns";
  let description = [{
    Applies `populateGpuAllReducePatterns`: each workgroup-wide
    `gpu.all_reduce` becomes a subgroup reduction by `gpu.shuffle`
    (butterfly), one value per subgroup in workgroup memory, and a final
    subgroup reduction of those. The patterns split blocks, so this runs
    after structured control flow has been lowered to `cf`. Upstream has
    the patterns but no pass that applies them.
  }];
  let dependentDialects = [
    "::mlir::cf::ControlFlowDialect", "::mlir::memref::MemRefDialect"
  ];
}

def MeldGridDependencyControl
    : Pass<"meld-grid-dependency-control", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Let each kernel start before the kernel it depends on ends";
  let description = [{
    For NVIDIA sm_90 and newer (programmatic dependent launch): every
    kernel of the module begins with `nvvm.griddepcontrol launch_dependents`
    (the kernels launched after it may be scheduled now) followed by
    `nvvm.griddepcontrol wait` (block until the grids this one depends on
    have completed and their memory is visible), before it touches memory.
    A runtime may then launch each kernel as a programmatic dependent of
    the one before it, so the launch and block scheduling of the next
    kernel overlap the end of this one; launched normally, both
    instructions do nothing. The bundle marks such binaries with
    `grid_dependency_wait`, and only those are launched that way: the wait
    is what keeps the overlap correct.

    ```mlir
    gpu.func @k(...) kernel {
      nvvm.griddepcontrol launch_dependents
      nvvm.griddepcontrol wait
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

#endif // MELD_CODEGEN_GPU_PASSES_TD
