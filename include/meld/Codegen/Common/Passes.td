//===- Passes.td - Passes every target runs ----------------*- tablegen -*-===//
//
// The passes every target's pipeline runs (lib/Codegen/Common): outlining,
// meld ops to linalg, the destination-passing kernel ABI, block tiling,
// elementwise fusion, the lowering of runtime checks into a kernel's
// status cell (host and GPU), and the buffer lowerings both back ends use.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_COMMON_PASSES_TD
#define MELD_CODEGEN_COMMON_PASSES_TD

include "mlir/Pass/PassBase.td"

def MeldOutlineKernels : Pass<"meld-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Turn fusion groups into kernel functions and programs into schedules";
  let description = [{
    Every `meld.kernel` (a horizontal group with its sub-groups inlined in
    order) becomes a private `func.func` carrying the `meld.kernel`
    attribute, and is replaced by a `meld.launch` of it. What remains of each
    program function is its schedule: launches, `meld.dim`, index
    arithmetic, constants, and `meld.if` / `meld.while`.

    Compute ops outside every kernel are an error: run `meld-fuse` (or
    `meld-outline-singletons` for one kernel per op) first.
  }];
  let dependentDialects = ["::meld::MeldDialect", "::mlir::func::FuncDialect"];
}

def MeldDedupeKernels : Pass<"meld-dedupe-kernels", "::mlir::ModuleOp"> {
  let summary = "Compile each distinct kernel once";
  let description = [{
    Kernel functions (`meld.kernel`) that are equal in everything but their
    name (attributes, type and body, locations aside, compared with
    upstream's `OperationEquivalence`, as `func-duplicate-function-elimination`
    does) become one: launches of the others launch the first, and the
    others are erased. A model's repeated layers (a ViT's 12 blocks) then
    compile their kernels once. Program functions are never merged: they
    are the bundle's entry points, whose names callers use.
  }];
  let dependentDialects = ["::meld::MeldDialect", "::mlir::func::FuncDialect"];
}

def MeldConvertToLinalg : Pass<"meld-convert-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Lower meld tensor ops to linalg, tensor, arith and math";
  let description = [{
    Rewrites every meld compute op of a function into upstream ops on
    tensors: elementwise ops and broadcasts into `linalg.generic`,
    reductions and contractions into `linalg.generic` with reduction
    iterators (accumulating f16/bf16 in f32 and i8 in i32 where the op says
    so), transposes into `linalg.transpose`, reshapes into
    `tensor.collapse_shape` / `tensor.expand_shape`, slices and concats into
    `tensor.extract_slice` / `tensor.insert_slice`, gathers into a
    `linalg.generic` over the result that reads the index tensor and
    `tensor.extract`s from the operand. Scalar semantics follow
    the reference interpreter: NaN-propagating max/min, saturating
    float-to-int casts, integer division and remainder by zero giving 0
    instead of trapping, a gather index out of bounds giving 0 without
    reading (with `division-checks`, a `cf.assert` on the divisor or the
    index before it too, and on a convolution's input along a dynamic
    spatial dim holding its dilated kernel, which meld-lower-host-checks
    and meld-lower-gpu-checks turn into the kernel's error status), shift
    amounts outside the bit width giving 0 or the sign fill instead of
    poison. f16 and bf16 math runs in f32 and is rounded per op.
    Float sums and dot products carry the `reassoc` flag (so they vectorize
    with partial sums per lane) and float divisions the `arcp` flag (so a
    divisor invariant in a loop becomes one reciprocal and multiplications)
    unless `strict-fp` is set.

    A convolution whose columns are gathered per image (no groups, static
    shapes) gathers them from its input, or with `padded-conv-columns`
    (the host pipeline's choice) from a zero-padded copy of its input by a
    copy generic over `[N, C, K_1.., O_1..]` with an affine map (no
    conditional per column element: its inner loop over an output row's
    pixels is a contiguous or strided copy that LLVM vectorizes), viewed
    as `[N, K, P]` through a `tensor.collapse_shape`.
  }];
  let options = [
    Option<"paddedConvColumns", "padded-conv-columns", "bool",
           /*default=*/"false",
           "Gather a convolution's per-image columns from a zero-padded copy "
           "of its input with an affine copy (vectorizable rows) instead of "
           "a read per column element that checks the padding">,
    Option<"strictFp", "strict-fp", "bool", /*default=*/"false",
           "Accumulate float sums in program order and divide exactly (no "
           "reassoc or arcp flag)">,
    Option<"divisionChecks", "division-checks", "bool", /*default=*/"false",
           "Check every integer divisor, gather index and dynamic "
           "convolution input extent with a cf.assert (the host and GPU "
           "pipelines lower it into the kernel's error status)">,
    Option<"outerProductMinImages", "outer-product-min-images", "int64_t",
           /*default=*/"4",
           "With padded-conv-columns, the fewest images (a weight "
           "gradient's input channels) whose f32 convolution of few output "
           "pixels sums outer products over the padded input instead of "
           "copying its columns (the host pipeline sets 2 with AVX-512's "
           "4-vector register tiles)">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::cf::ControlFlowDialect", "::mlir::scf::SCFDialect"
  ];
}

def MeldKernelToDestinationStyle
    : Pass<"meld-kernel-to-dps", "::mlir::ModuleOp"> {
  let summary = "Give kernel functions the buffer ABI: inputs, then outputs";
  let description = [{
    Rewrites each `meld.kernel` function `(tensors..., index...) -> (tensors...)`
    into `(memrefs..., index..., out memrefs...) -> ()`: inputs are read
    through `bufferization.to_tensor restrict`, and each result is written
    with `bufferization.materialize_in_destination` into its output buffer,
    so one-shot bufferization computes straight into the caller's buffers.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

def MeldTileHostBlocks : Pass<"meld-tile-host-blocks", "::mlir::func::FuncOp"> {
  let summary = "Split host kernels into blocks of rows that threads share";
  let description = [{
    Runs on kernel functions in the buffer ABI (after `meld-kernel-to-dps`).
    When a kernel has an output whose producer iterates its leading output
    dimension in parallel and writes a fresh tensor, the producer is tiled
    along that dimension with the upstream tile-and-fuse driver and every
    producer whose slice depends on the row is fused into the loop: one
    iteration computes `rows-per-block` complete rows (for LayerNorm or
    softmax, the row statistics and the normalized row; for a matmul, rows
    with their epilogue) straight into the output buffer. The loop covers
    the blocks `[begin, end)` of the kernel's block-range arguments, so the
    runtime hands disjoint block ranges to its threads. The chosen size is
    recorded as the `meld.rows_per_block` attribute; kernels that cannot be
    split keep one block. A kernel with several outputs is split when one
    output is computed from all the others (a matmul's product and its
    residual epilogue, a softmax's row maxima and sums): that one is tiled,
    and the loop yields the others' tiles into their buffers (upstream's
    producer replacements), its slices moving above reshapes; the blocks
    are then counted on its output (`meld.host_parts` when it is not the
    first). A static result that leaves the kernel as a merged view
    (`[B, S, N]` as `[B*S, N]`) is stored through the inverse view of its
    buffer and split like any other, its blocks counted in the buffer's
    rows. The partial stage of a split reduction (marked
    `meld.split_partials` by `meld-split-reductions`) takes one row per
    block: each row is a whole chunk of the reduced data. With
    `tile-elements`, kernels without a contraction step through their block
    in smaller row tiles, so a persistent-row kernel's passes over a row
    (max, exp and sum, divide) read it from the L1 cache. With `contraction-rows`, gemm kernels get
    blocks of that many output rows instead (a GPU GEMM tile's height).
    With `horizontal`, a horizontal kernel's independent sub-kernels are
    each split the same way into one flat space of blocks, so that threads
    share a horizontal launch of two GEMMs, or of many small pointwise
    sub-kernels, as they share one kernel's rows. A gemm kernel of static
    rows whose output's dim 1 is dynamic (`W @ x` of any width; a
    convolution over images of any size, per output row) is split along
    that dim instead, in blocks of 256 columns or of one output row, each
    computing all the rows; the runtime counts them from that dim's extent
    (`meld.host_column_block_dim = [dim, width]`). A concatenation that
    a block stores whole (a padding) is computed in its slice of the output,
    and so is what it is built of (a nested concatenation, an op computing
    into an empty tensor), as upstream's empty-tensor elimination would: a
    padded activation is written once, not built in scratch tensors and
    copied through them.
  }];
  let options = [
    Option<"targetElements", "target-elements", "int64_t", "16384",
           "Elements one block should compute: its output elements, times "
           "the reduced elements of each when the output comes from a "
           "reduction (a row sum reads a whole row per output)">,
    Option<"rowMultiple", "row-multiple", "int64_t", "8",
           "Blocks of at least this many rows hold a multiple of it (whole "
           "register tiles for meld-vectorize-host-contractions)">,
    Option<"tileElements", "tile-elements", "int64_t", "0",
           "Elements one iteration of the row loop computes in kernels "
           "without a contraction (0: a whole block). Smaller than a block, "
           "it keeps a row's passes (statistics, then the normalized row) "
           "in the L1 cache; it is rounded to a divisor of the block's rows">,
    Option<"contractionRows", "contraction-rows", "int64_t", "0",
           "Rows of matmul output per block of a gemm kernel (a batch "
           "matmul's leading dimension counts whole matrices); 0 sizes "
           "gemm kernels by target-elements like every other kernel">,
    Option<"bf16ContractionRows", "bf16-contraction-rows", "int64_t", "0",
           "Rows of matmul output per block of a bf16 gemm kernel, in whole "
           "blocks of 32 rows (AMX tiles, AVX512-BF16 dots; the host "
           "pipeline sets 512 for CPUs with amx-bf16 or avx512bf16); 0: "
           "contraction-rows">,
    Option<"bf16SwappedRows", "bf16-swapped-rows", "int64_t", "0",
           "A bf16 gemm `x @ W^T` of up to this many (static) rows whose "
           "threads split its columns takes one column block per thread "
           "(AVX512-BF16 dots pack x once per block for up to 64 rows, W's "
           "panels per block above; the host pipeline sets 256 for them); "
           "0: never">,
    Option<"bf16ColumnBlockRows", "bf16-column-block-rows", "int64_t", "0",
           "A bf16 gemm of up to this many static rows (more than "
           "bf16-contraction-rows), with at least one column block per "
           "thread, splits only its columns: each block computes all the "
           "rows and packs only its own columns of the right operand, where "
           "row blocks each packed all of it (AMX tiles; the host pipeline "
           "sets 4096 for CPUs with amx-bf16); 0: never">,
    Option<"f32ColumnBlockRows", "f32-column-block-rows", "int64_t", "0",
           "An f32 `x @ W^T` gemm of more static rows than contraction-rows "
           "and up to this many, whose columns are whole 256-column blocks, "
           "at least one per thread, splits only its columns: each block "
           "computes all the rows and packs only its own columns of W, "
           "where each row block packed all of it (the host pipeline sets "
           "4096 with Intel's AVX-512 tiles); 0: never">,
    Option<"convPanelColumns", "conv-panel-columns", "int64_t", "0",
           "The columns of the host contractions' register tile: a "
           "convolution over several images whose columns are split into "
           "column blocks takes blocks of exactly this many pixels where "
           "they are whole output rows and this is 64 or more, so that each "
           "block's columns are its GEMM's packed panels (a panel whose rows "
           "are contiguous is read in place, not packed again); 0: blocks "
           "of at least 128 pixels">,
    Option<"contractionTileRows", "contraction-tile-rows", "int64_t", "8",
           "With balance-contractions: gemm blocks hold whole register "
           "tiles of this many rows">,
    Option<"balanceThreads", "balance-threads", "int64_t", "0",
           "Split a static-row gemm output into blocks of equal rows, at "
           "most contraction-rows, and at least this many blocks (threads) "
           "of 64 rows or more (a batch's or channel's rows counting the "
           "matrix rows they hold); 0: blocks of contraction-rows">,
    Option<"fitSmallOutputs", "fit-small-outputs", "bool", "false",
           "Give a gemm output of fewer (static) rows than a block one block "
           "of exactly its rows, so the tiles inside have static sizes (a "
           "one-row matmul stays one row, not min(64, rows - begin)), and a "
           "gemm of fewer rows than row-multiple and whole 256-column "
           "blocks blocks of columns (meld.host_column_blocks), so threads "
           "share a matrix-vector product; the host pipeline sets it">,
    Option<"skipUnitDims", "skip-unit-dims", "bool", "false",
           "Split the first output dim after leading unit dims (a batch of "
           "one) instead of the leading dim, never the last; the blocks "
           "count rows over the dims up to it (meld.row_dims). The host "
           "pipeline sets it">,
    Option<"wholeConcatOneBlock", "whole-concat-one-block", "bool", "false",
           "Leave a kernel one block when its row blocks would read slices "
           "of a concatenation computed whole before the block loop (one "
           "along the split dim, whose seams the slices cannot cross); the "
           "GPU pipeline sets it, where that concatenation would be an "
           "intermediate in every workgroup's memory, while one block "
           "writes it straight into its output">,
    Option<"fusedRowCost", "fused-row-cost", "bool", "false",
           "Size the blocks of a kernel without a contraction by the costliest "
           "op fused into a row, not only by the tiled one (a layer norm's "
           "variance, one number per row, reads two reductions of the whole "
           "row); the host pipeline sets it">,
    Option<"mergeDims", "merge-leading-dims", "bool", "false",
           "In a kernel without a contraction, merge the leading dims of "
           "its rows into one before splitting it, where every op keeps "
           "them together (upstream's CollapseDimensions): 8 sequences of "
           "128 tokens are 1024 rows, not 8 blocks of 128; the kernel is "
           "split as it is when the merged one cannot be. The GPU pipeline "
           "sets it, whose workgroups need more blocks than threads do">,
    Option<"horizontal", "horizontal", "bool", "false",
           "Split a horizontal kernel's sub-kernels into row blocks each, "
           "in one flat space of blocks (meld.host_parts): block range "
           "[begin, end) runs the blocks of each sub-kernel it covers, and a "
           "sub-kernel that cannot be split is one block; the host pipeline "
           "sets it (GPU kernels put sub-kernels on workgroups instead)">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::affine::AffineDialect"
  ];
}

def MeldLowerHostChecks
    : Pass<"meld-lower-host-checks", "::mlir::func::FuncOp"> {
  let summary = "Turn a host kernel's runtime checks into its error status";
  let description = [{
    Runs on host kernels (functions with the `meld.kernel` attribute) in
    loop form, before the lowering to LLVM. Every kernel gets a trailing
    `!llvm.ptr` argument, the status cell its entry point passes in
    (docs/bundle-format.md, host kernel ABI), and each `cf.assert` in it
    (the checks meld-convert-to-linalg puts before integer divisions and
    gathers) becomes a store of the check's code to that cell when the condition is
    false: the kernel finishes, and the runtime turns the code into an
    error naming the kernel. A `cf.assert` outside a kernel, or with a
    message that is not a known check, is an error (upstream would lower
    it into a call to abort).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::LLVM::LLVMDialect"
  ];
}

def MeldLowerGpuChecks
    : Pass<"meld-lower-gpu-checks", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Turn a GPU kernel's runtime checks into its status cell";
  let description = [{
    Runs on the GPU kernels of a `gpu.module` in loop form (after
    meld-map-to-gpu and the lowering of linalg to loops), before the
    lowering to NVVM or ROCDL. Every kernel gets a trailing `!llvm.ptr`
    parameter, the status cell the runtime passes with each launch (a
    32-bit word of host memory mapped into the device; docs/bundle-format.md,
    GPU kernel ABI), and each `cf.assert` in it becomes a store of the
    check's code to that cell when the condition is false, as in
    meld-lower-host-checks. Every thread that fails a check stores the same
    code; the kernel finishes, and the runtime reports the code as an error
    naming the kernel when the stream that ran it synchronizes. Upstream
    would lower `cf.assert` into `__assertfail`, which traps and leaves the
    context unusable. A `cf.assert` outside a kernel, or with a message
    that is not a known check, is an error.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::LLVM::LLVMDialect"
  ];
}

def MeldFuseStoredProducers
    : Pass<"meld-fuse-stored-producers", "::mlir::func::FuncOp"> {
  let summary = "Fuses a stored elementwise producer into its elementwise "
                "reader, which then yields both";
  let description = [{
    A kernel result that another elementwise op of the kernel reads (an
    optimizer's new state: Adagrad's sum of squares, which the parameter's
    update divides by its square root) is a producer with two uses, the
    reader and a store. `meld-fuse-elementwise-ops` fuses single-use
    producers only (upstream's pattern would compute this one twice), so
    after `meld-tile-host-blocks` each row tile runs two loops: one stores
    the state, the next reads it back. This pass fuses a `linalg.generic`
    with parallel loops whose other uses are all stores (the source of a
    `tensor.insert_slice`, a row tile into its output, or of a
    `bufferization.materialize_in_destination`) into its parallel
    `linalg.generic` reader with upstream's `fuseElementwiseOps`; the fused
    op yields the producer's result too, and the stores take it.

    ```mlir
    %sum = linalg.generic ... ins(%g, %s) { fma }
    %p = linalg.generic ... ins(%g, %p0, %sum) { sqrt, div, add }
    tensor.insert_slice %sum ...
    // becomes
    %r:2 = linalg.generic ... ins(%g, %s, %p0) { fma, sqrt, div, add; yield %sum, %p }
    tensor.insert_slice %r#0 ...
    ```

    One loop then overlaps the memory traffic of the state with the
    divisions of the update: Adagrad, Adam, AdamW and SGD steps over 64
    and 200 parameters took 1.1x to 1.36x less time (docs/optimizers.md).
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def MeldFuseElementwiseOps
    : Pass<"meld-fuse-elementwise-ops", "::mlir::func::FuncOp"> {
  let summary = "Elementwise fusion whose reshape propagation keeps "
                "contractions and argument views in place";
  let description = [{
    The patterns of upstream's `linalg-fuse-elementwise-ops` (fusion of
    single-use elementwise producers, reshape propagation by expansion,
    constant folding), with a control function that declines these reshape
    folds:
    - into or out of a contraction (a `linalg.generic` with two inputs and
      one trailing reduction loop, at least three loops): expanding its
      loops turns `rows x cols x k` into batch-like nests whose right
      operand has no batch dim, which the host's register tiles do not
      take;
    - of a `tensor.collapse_shape` of a kernel argument into its consumer:
      on buffers it is a free view, and propagating it only moves reshapes
      inward, between ops that then no longer tile together.

    Host kernels need both after `meld-fold-unit-extent-dims`: the
    broadcast of a `1 x N` bias reads it through a unit-dim collapse,
    which upstream's pass propagated into the epilogue (`M x 1 x N`) and
    from there into the matmul (a 4-loop contraction that the host
    pipeline failed to compile).

    ```mlir
    %c = tensor.collapse_shape %bias [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
    %z = linalg.generic ... ins(%matmul, %c : tensor<3x4xf32>, tensor<4xf32>)
    // stays 2-D, and the matmul keeps its three loops
    ```

    Through ops computed from a contraction (its epilogue), reshapes move
    only so that those ops take the shape of the contraction's result:
    by expansion (a result's `tensor.expand_shape` folded up into its
    producer, a `tensor.collapse_shape` operand into its reader), and by
    collapsing (upstream's reshape propagation by collapsing: an op reading
    a `tensor.expand_shape` takes its source, its loops collapsed, and the
    expand follows it). Moving only towards the product's shape, the two
    never undo each other, and the epilogue ends up on the product's
    shape with the views at the kernel's result, where
    `meld-tile-host-blocks` fuses the product into the epilogue's blocks.
    A view left between the two kept the product out of the blocks, and
    every thread computed all of it: PyTorch's `[8, 128, 3072]` view of a
    linear layer's `[1024, 3072]` product for its GELU, or batch norm on a
    convolution's `[1, C, H, W]` whose product drops the batch of one.

    ```mlir
    %e = tensor.expand_shape %matmul_plus_bias [[0, 1], [2]] ... into tensor<8x128x3072xf32>
    %g = linalg.generic ... ins(%e : tensor<8x128x3072xf32>)   // GELU
    // becomes one 2-D generic (bias and GELU) on tensor<1024x3072xf32>,
    // then the expand_shape of its result
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::tensor::TensorDialect"
  ];
}

def MeldLowerStridedCopies
    : Pass<"meld-lower-strided-copies"> {
  let summary = "Copies between non-contiguous buffers as linalg.copy";
  let description = [{
    After bufferization, a `memref.copy` whose source or target is a
    strided view (a concat along an inner dimension writes each operand
    into a column block of the result) becomes a `linalg.copy`, which the
    linalg-to-loops lowering turns into loops. MemRefToLLVM would lower it
    to a call of `memrefCopy` from MLIR's runner utilities, a symbol that
    neither host code objects nor GPU kernels have. Copies between buffers
    with identity layouts stay `memref.copy` (one memcpy).

    ```mlir
    memref.copy %a, %sub : memref<2x2xf32> to memref<2x2xf32, strided<[4, 1]>>
    // becomes
    linalg.copy ins(%a : memref<2x2xf32>) outs(%sub : memref<2x2xf32, strided<[4, 1]>>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def MeldLowerDynamicExpandShapes
    : Pass<"meld-lower-dynamic-expand-shapes"> {
  let summary = "Dynamic splits of a contiguous buffer as reinterpret_cast";
  let description = [{
    A `memref.expand_shape` that splits one dimension of a contiguous
    buffer into two or more dynamic dimensions (a `?x32` matmul result
    reshaped back into batch x sequence x 32) becomes a
    `memref.reinterpret_cast` to the same sizes with row-major strides.
    Upstream's `expand-strided-metadata` crashes on such an expand_shape in
    MLIR 22; the cast describes the same view and it lowers it. A split of
    a strided (non-identity) buffer is reported as an error instead.

    ```mlir
    %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%b, %t, 32]
        : memref<?x32xf32> into memref<?x?x32xf32>
    // becomes
    %s = arith.muli %t, %c32 : index
    %e = memref.reinterpret_cast %m to offset: [0], sizes: [%b, %t, 32],
        strides: [%s, 32, 1] : memref<?x32xf32> to memref<?x?x32xf32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // MELD_CODEGEN_COMMON_PASSES_TD
