//===- Passes.td - Meld code-generation passes -------------*- tablegen -*-===//
//
// From fused programs to schedules and kernels: outlining, and the few
// lowering steps upstream MLIR has no answer for (meld ops to linalg, and
// the destination-passing kernel ABI). Everything after that is upstream.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_PASSES_TD
#define MELD_CODEGEN_PASSES_TD

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
    index before it too, which meld-lower-host-checks and
    meld-lower-gpu-checks turn into the kernel's error status), shift
    amounts outside the bit width giving 0 or the sign fill instead of
    poison. f16 and bf16 math runs in f32 and is rounded per op.
    Float sums and dot products carry the `reassoc` flag (so they vectorize
    with partial sums per lane) and float divisions the `arcp` flag (so a
    divisor invariant in a loop becomes one reciprocal and multiplications)
    unless `strict-fp` is set.
  }];
  let options = [
    Option<"strictFp", "strict-fp", "bool", /*default=*/"false",
           "Accumulate float sums in program order and divide exactly (no "
           "reassoc or arcp flag)">,
    Option<"divisionChecks", "division-checks", "bool", /*default=*/"false",
           "Check every integer divisor and gather index with a cf.assert "
           "(the host and GPU pipelines lower it into the kernel's error "
           "status)">
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
    When a kernel has one output whose producer iterates its leading output
    dimension in parallel and writes a fresh tensor, the producer is tiled
    along that dimension with the upstream tile-and-fuse driver and every
    producer whose slice depends on the row is fused into the loop: one
    iteration computes `rows-per-block` complete rows (for LayerNorm or
    softmax, the row statistics and the normalized row; for a matmul, rows
    with their epilogue) straight into the output buffer. The loop covers
    the blocks `[begin, end)` of the kernel's block-range arguments, so the
    runtime hands disjoint block ranges to its threads. The chosen size is
    recorded as the `meld.rows_per_block` attribute; kernels that cannot be
    split keep one block. The partial stage of a split reduction (marked
    `meld.split_partials` by `meld-split-reductions`) takes one row per
    block: each row is a whole chunk of the reduced data. With
    `tile-elements`, kernels without a contraction step through their block
    in smaller row tiles, so a persistent-row kernel's passes over a row
    (max, exp and sum, divide) read it from the L1 cache. With `contraction-rows`, gemm kernels get
    blocks of that many output rows instead (a GPU GEMM tile's height).
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
    Option<"fitSmallOutputs", "fit-small-outputs", "bool", "false",
           "Give a gemm output of fewer (static) rows than a block one block "
           "of exactly its rows, so the tiles inside have static sizes (a "
           "one-row matmul stays one row, not min(64, rows - begin)), and a "
           "gemm of fewer rows than row-multiple and whole 256-column "
           "blocks blocks of columns (meld.host_column_blocks), so threads "
           "share a matrix-vector product; the host pipeline sets it">,
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

def MeldPrefetchNextTile
    : Pass<"meld-prefetch-next-tile", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the next row tile while the current one is computed";
  let description = [{
    Runs on host kernels in loop form (after meld-tile-host-blocks,
    bufferization and the lowering of linalg to loops). A row-tile loop
    runs one loop nest per pass over its tile. Left to the hardware
    prefetcher, a pass that streams a tile from memory waits on its loads
    (a pointwise kernel such as GELU ran at 55% of a memcpy's bandwidth),
    and a later pass that reads the tile again (softmax's exp pass,
    LayerNorm's and RMSNorm's normalization) finds it in the cache and
    leaves the memory idle, while the tile's last pass stalls on the misses
    of its stores. The first elementwise nest that reads tiles of kernel
    arguments (a reduction would lose its vector accumulators) is
    strip-mined along its innermost loop into strips of `strip-lines` cache
    lines (64 bytes each), and each strip first prefetches
    (`memref.prefetch`, locality 3) its lines of the next tile: for reading,
    of the tiles it reads; for writing, at the same indices, of the tiles of
    the same sizes that it or later nests write. The next tile's passes then
    find their inputs in the cache and their output lines owned. On the
    last tile the prefetches read the current tile again (no address beyond
    the block range).

    Applies to innermost loops with constant bounds [0, n), n a multiple of
    a strip and more than one strip, and to tiles (subviews of function
    arguments) placed by the tile loop's induction variable alone. At most
    one nest per tile loop prefetches.
  }];
  let options = [
    Option<"stripLines", "strip-lines", "int64_t", /*default=*/"4",
           "Cache lines per strip (prefetched together)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"
  ];
}

def MeldFoldUnitExtentDims
    : Pass<"meld-fold-unit-extent-dims", "::mlir::func::FuncOp"> {
  let summary = "Drop unit dims of linalg ops, but not a matmul's unit rows";
  let description = [{
    Upstream's `linalg-fold-unit-extent-dims` patterns (with the move of
    init operands to inputs that its pass adds), except that a
    contraction (a `linalg.generic` with two inputs and one trailing
    reduction loop, at least three loops) keeps a unit row dimension (the
    loop before its column loop). Upstream would make a one-row matmul
    `x[1][k] @ W[k][n]` a matrix-vector product whose column loop walks
    `W` down its columns, which the host's register tiles do not take
    (they need rows, columns and k) and which elementwise fusion's reshape
    propagation then re-expands into a generic with two reduction loops.
    Kept, the row is a one-row register tile that reads `W` along its rows.
    Unit batch, column and reduction dims are still dropped (a unit batch
    is a matmul; a unit column is a dot product per row that LLVM
    vectorizes along k).
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::tensor::TensorDialect"
  ];
}

def MeldFuseElementwiseOps
    : Pass<"meld-fuse-elementwise-ops", "::mlir::func::FuncOp"> {
  let summary = "Elementwise fusion whose reshape propagation keeps "
                "contractions and argument views in place";
  let description = [{
    The patterns of upstream's `linalg-fuse-elementwise-ops` (fusion of
    single-use elementwise producers, reshape propagation by expansion,
    constant folding), with a control function that declines two reshape
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
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect", "::mlir::tensor::TensorDialect"
  ];
}

def MeldExpandHalfTruncs : Pass<"meld-expand-half-truncs"> {
  let summary = "Float truncations to f16/bf16 rounded as IEEE specifies, "
                "without libcalls";
  let description = [{
    An `arith.truncf` from f64 to f16 or bf16 (scalar or vector) becomes
    a truncation to f32 rounded to odd (rounded to nearest even, then, when
    that was inexact and left an even last bit, moved to the odd neighbour
    on the other side of the value) followed by the rounding to nearest
    even into the half type. With at least two more bits in f32 than in
    the half type, rounding to odd first gives the correctly rounded
    result, as `meld.cast` specifies and the interpreter computes it;
    truncating to f32 and then to the half type, both to nearest even,
    rounds twice and can be one unit off near ties. An `arith.truncf` from
    f32 to bf16 becomes upstream's integer expansion
    (`arith::populateExpandBFloat16Patterns`: round to nearest even on the
    bits, NaN kept quiet).

    LLVM lowers the f64 conversions on x86 to calls of compiler-rt's
    `__truncdfhf2` and `__truncdfbf2`. The host code's loader resolves
    them from the process only where libgcc_s happens to be loaded
    globally (meld-run, not a Python extension), and libgcc before GCC 13
    has no `__truncdfbf2` at all. On AVX512-BF16 CPUs LLVM lowers f32 to
    bf16 to `vcvtneps2bf16`, which flushes subnormal inputs and results to
    zero. Expanded, each cast is a few vector instructions. The host
    pipeline runs this before the LLVM conversion, also under strict
    floating point.

    ```mlir
    %h = arith.truncf %x : f64 to f16
    // becomes
    %y = arith.truncf %x : f64 to f32
    // ... %odd: %y, or its odd neighbour when %y is inexact and even
    %h = arith.truncf %odd : f32 to f16
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect"
  ];
}

def MeldRelaxExtremaZeroSign
    : Pass<"meld-relax-extrema-zero-sign", "::mlir::func::FuncOp"> {
  let summary = "Drop the zero-sign ordering of extrema nobody can observe";
  let description = [{
    A float max or min reduction (`linalg.generic` with reduction loops
    whose body yields `arith.maximumf` / `arith.minimumf` of an input and
    the accumulator) orders -0 below +0, as the interpreter does; on x86
    that costs three of the six vector instructions per step of a
    NaN-propagating maximum. When no use of the reduction's result can
    tell +0 from -0, the combiner gets the `nsz` fast-math flag, and LLVM
    drops those instructions (NaN still propagates). The result must only
    be read as inputs of `linalg.generic` ops whose block argument reaches,
    through `addf`, `subf`, `mulf`, `negf`, `maximumf` and `minimumf` (whose
    results differ at most in a zero's sign), only `exp`, `exp2`, `absf`
    and `cmpf`, which map +0 and -0 alike: softmax's row maximum, which is
    subtracted and exponentiated, is the case it is for. Runs on host
    kernels after elementwise fusion.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def MeldApproximateMath : Pass<"meld-approximate-math"> {
  let summary = "Replace math functions by polynomial approximations";
  let description = [{
    Applies upstream's polynomial approximations and f32 expansions of the
    math dialect (exp, log, tanh, erf, ...), so host kernels
    vectorize instead of calling libm once per element. The approximations
    are accurate to a few ulp in f32; the compiled-code tests check every
    model against the reference interpreter with them in place.

    f32 `math.sin` and `math.cos` take an expansion of Meld's own instead
    of upstream's (whose range reduction by one f32 multiple of pi/2 is
    off by tens of ulp from |x| ~ 100): computed in f64, reduced by
    k pi/2 in two parts (fdlibm's, exact for |x| < 2^20), or, from 2^20
    on, by Payne-Hanek reduction with a 192-bit table of 2/pi in integer
    arithmetic; Taylor polynomials of sin and cos on [-pi/4, pi/4] in f64
    and one rounding to f32. Within an ulp of the correctly rounded result
    over the whole f32 range; infinities give NaN.

    With `exp-by-ldexp`, f32 `math.exp` takes a shorter expansion (Cephes'
    expf: range reduction by k ln 2, a degree-7 polynomial) whose scaling
    by 2^k is one `llvm.intr.ldexp`, which also rounds into the subnormal
    range and overflows to +inf, so no range fix-ups follow it. Only for
    targets that lower ldexp to an instruction (x86 with AVX-512:
    vscalefps); elsewhere LLVM would call the C library's ldexpf per
    element. The host pipeline turns it on when the host CPU has AVX-512.
    With `exp-two-step` instead, the same expansion scales by 2^k as
    2^(k >> 1) * 2^(k - (k >> 1)), two powers of two built from exponent
    bits and two multiplies, which round as ldexp does (subnormal results
    and overflow included) on any target; the host pipeline uses it on CPUs
    without AVX-512 (upstream's expansion flushes results below the
    smallest normal float to zero).
  }];
  let options = [
    Option<"expByLdexp", "exp-by-ldexp", "bool", /*default=*/"false",
           "Expand f32 exp with ldexp for the scaling by 2^k">,
    Option<"expTwoStep", "exp-two-step", "bool", /*default=*/"false",
           "Expand f32 exp with two exponent-bit powers of two for the "
           "scaling by 2^k (exp-by-ldexp takes precedence)">
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect", "::mlir::x86vector::X86VectorDialect",
    "::mlir::LLVM::LLVMDialect"
  ];
}

def MeldVectorizeHostContractions
    : Pass<"meld-vectorize-host-contractions", "::mlir::func::FuncOp"> {
  let summary = "Register-tile and vectorize matmul loops for the host";
  let description = [{
    Runs on kernels in buffer form. Each f32 contraction (a linalg.generic
    with two inputs, parallel loops and one trailing reduction loop: matmul,
    batch matmul, transposed variants) whose batch, column and reduction
    ranges are static (the rows may be dynamic: a kernel's last block of
    rows may be partial) is tiled with upstream's `tileUsingSCF` into
    `rows x cols x 1` tiles, each tile is vectorized with
    `linalg::vectorize`, and `hoistRedundantVectorTransfers` keeps the
    accumulator tile in registers across the reduction loop. Partial tiles
    are peeled off with upstream's `peelForLoopAndSimplifyBounds` and so
    are static: a last k block shorter than the others, a last column
    tile narrower than `cols` (split again into tiles of power-of-two
    widths, 28 -> 16, 8, 4, since LLVM scalarizes odd vector widths), and
    a block's last row tile (when dynamic, computed one row at a time on
    `1 x cols` tiles). Before the
    register tiles, the contraction is blocked for the cache (one batch
    at a time, up to 256 along k, one register tile's columns) and the
    block's operands are promoted
    with `linalg::promoteSubViews` into buffers on the kernel's stack: the
    right operand's panel when at least four register tiles of rows share
    it (packed, its rows no longer collide in a few L1 sets), and the
    output block when it is a kernel argument (whose accumulators upstream
    hoisting leaves in memory; the pass hoists them out of the stack
    buffer itself). A transposed right operand (`B[j][k]`, per batch too) is packed
    transposed instead, with `linalg.transpose`, and the op reads the
    panel as `B[k][j]` (contiguous along the register tile's columns).
    With
    `fused-multiply-add`, each tile's product and its reduction over the
    unit k tile become one `vector.fma` per step of k (upstream lowers the
    reduction to a separate add). An f16 or bf16 contraction whose sum
    has `reassoc` is first rewritten to accumulate in f32: its left
    operand is extended into an f32 buffer, its output into (or, after a
    zero fill, zeroed in) an f32 copy that is rounded to halves once at
    the end, and its right operand is extended per step of k, so it takes
    the f32 tiles. Other contractions (integers, f64, strict halves, or
    with dynamic columns or reduction) keep scalar loops, with the reduction
    loop moved outside the innermost parallel loop when the right operand
    is walked along its rows, so that loop is contiguous and vectorizes.
  }];
  let options = [
    Option<"tileRows", "tile-rows", "int64_t", "8", "Rows of a register tile">,
    Option<"tileCols", "tile-cols", "int64_t", "32",
           "Columns of a register tile (a multiple of the vector width)">,
    Option<"fusedMultiplyAdd", "fused-multiply-add", "bool", "true",
           "Accumulate register tiles with fused multiply-adds (false for "
           "strict floating point: a multiply, then an add)">,
  ];
  let dependentDialects = [
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

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
    the block loop is an error naming the kernel.

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
    instructions instead of a workgroup-memory buffer.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
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

#endif // MELD_CODEGEN_PASSES_TD
