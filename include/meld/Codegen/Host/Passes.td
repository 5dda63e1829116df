//===- Passes.td - Host code-generation passes -------------*- tablegen -*-===//
//
// The passes of the host back end (lib/Codegen/Host): unit-dim folding and
// extrema relaxation before bufferization, register-tiled matmuls,
// prefetching, vectorizable math and IEEE-rounded half truncations.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_PASSES_TD
#define MELD_CODEGEN_HOST_PASSES_TD

include "mlir/Pass/PassBase.td"

def MeldVectorizeHostCopies
    : Pass<"meld-vectorize-host-copies", "::mlir::func::FuncOp"> {
  let summary = "Copies along an affine map as 64-byte vector moves";
  let description = [{
    Runs on host kernels on buffers, before the lowering of linalg to
    loops. A `linalg.generic` that only copies its one input into its
    output (the body yields the input), all loops parallel, the output
    written through the identity map and the input read through a map
    that is not a projected permutation, both with contiguous rows, whose
    innermost
    loop appears in the input's map only in its last index, as `l * s +`
    (an expression of the other loops), with `s` from 1 to 4, is a loop
    nest over the other loops around a loop over the innermost one in
    steps of one 64-byte vector: a `vector.transfer_read` of the vector
    (of `s` vectors, then the lanes at multiples of `s`, through a
    `vector.shuffle`, for `s` > 1) and a `vector.transfer_write`. Reads
    and the last partial vector are masked at the ends of the buffers'
    rows.

    A convolution's columns are such a copy (meld-convert-to-linalg's
    `padded-conv-columns`: `col[n, c, k_1.., o_1..] = x_padded[n, c, o_j *
    s_j + k_j * d_j]`). Left to convert-linalg-to-loops, LLVM fully
    unrolled the loop over an output row's 56 pixels and then moved them
    one 16-bit element at a time: a ResNet-50's 3 x 3 convolution at
    56 x 56 spent 40% of its time there.

    An interleave of 2, 4 or 8 inputs (meld-convert-to-linalg's form of a
    concatenation along the last dim of inputs one element long there:
    all loops parallel, the output's last dim of the input count and its
    last two dims contiguous, written through the identity map, each input
    read at the other loops, with or without its trailing unit dim, and a
    body that picks input `k` where the last loop's index is `k`) becomes
    loops over the other dims around a loop over the rows in steps of one
    64-byte vector of each input: a masked read of each, rounds of
    `vector.interleave` (inputs `k` and `k + count / 2` first), and one
    masked write of the output's last two dims seen as one. The phases of
    a stride-2 convolution's input gradient are put together so, which had
    been strided scalar copies.
  }];
  let dependentDialects = [
    "::mlir::vector::VectorDialect", "::mlir::scf::SCFDialect",
    "::mlir::affine::AffineDialect"
  ];
}

def MeldVectorizeHostWindows
    : Pass<"meld-vectorize-host-windows", "::mlir::func::FuncOp"> {
  let summary = "Sliding-window reductions with their sums in registers";
  let description = [{
    Runs on host kernels on buffers, before the lowering of linalg to
    loops. A `linalg.generic` whose loops are parallel ones followed by
    reductions, with one f32 output written through the identity map of
    the parallel loops, elementwise arith or math ops in its body, and an
    input whose last index is `o * s + k * d + ...` (`o` the last parallel
    loop, `s` from 1 to 4, `k` a reduction loop: a sliding window) takes
    its sums in registers. `o` goes in blocks of whole vectors of
    `vector-bits`, up to `max-accumulators` of them (a whole row when it
    fits, else 4 per block, the last one masked), and, with the room left,
    the parallel loop before it (output rows) in blocks of the largest
    divisor of its static count; the reduction loops run inside, in their
    order, carrying the block's vectors as loop values. Each input that
    depends on `o` only in its last index is read as one vector (`s`
    vectors, then every `s`-th lane) per accumulator and reduction step;
    one that does not depend on `o` is one element, broadcast. The body's
    ops apply to the vectors with their attributes (fast-math flags
    included), so each output element sums its terms in the loops' order,
    as the scalar loops did. Reads of full vectors that stay in the
    input's static last dim are in bounds; others, and the last partial
    vector of an output row, are masked. An output filled just before the
    generic (a convolution's zeros) starts its sums at the fill's value,
    and the fill goes (the loops write every element).

    A grouped or depthwise convolution on its padded input
    (meld-convert-to-linalg's `padded-conv-columns`: `out[n, f, o..] +=
    w[f, c, k..] * x_padded[n, g(f) * C_g + c, o_j * s_j + k_j * d_j]`) is
    such a reduction. Left to convert-linalg-to-loops, LLVM vectorized
    the output loop with the sum in memory (it could not tell the output
    from the padded input apart): one store per tap, and one chain of
    dependent multiply-adds per vector.

    ```mlir
    linalg.generic {indexing_maps = [
        affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d2 + d4)>,
        affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>,
        affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>],
        iterator_types = ["parallel", "parallel", "parallel",
                          "reduction", "reduction"]}
        ins(%padded, %w : memref<1x62x62xf32>, memref<1x7x7xf32>)
        outs(%out : memref<1x56x56xf32>) { ... }
    // becomes loops over d0 and d1 (by 2 rows) around
    //   scf.for %kh ... iter_args(8 x vector<16xf32>)
    //     scf.for %kw ... iter_args(8 x vector<16xf32>)
    //       vector.transfer_read %padded (one per accumulator), the weight
    //       broadcast, the body's mulf and addf on vectors
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Bits per vector (512 with AVX-512, 256 with AVX2)">,
    Option<"maxAccumulators", "max-accumulators", "int64_t",
           /*default=*/"8", "Vectors of sums per block">
  ];
  let dependentDialects = [
    "::mlir::vector::VectorDialect", "::mlir::scf::SCFDialect",
    "::mlir::affine::AffineDialect", "::mlir::memref::MemRefDialect"
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

def MeldCollapseHostLoops
    : Pass<"meld-collapse-host-loops", "::mlir::func::FuncOp"> {
  let summary = "Merge the contiguous loops of a host loop nest into one";
  let description = [{
    Runs on host kernels on buffers, just before `convert-linalg-to-loops`:
    a `linalg.generic` that no host vectorizing pass took becomes scalar
    loops that LLVM's loop vectorizer takes along the innermost one. Over
    a small image that loop is short: a batch norm's normalize over 192
    channels of 20 x 20 pixels ran 20 iterations per row, which LLVM
    vectorized with gathers, at 6 GB/s, where 32 x 32 pixels ran at 170.
    When the innermost loop is short (static, 64 iterations or fewer), it
    and the loops before it of the same iterator type that every indexing
    map keeps together, in order (or leaves out: a per-channel operand),
    and that every operand's strides lay out contiguously, are merged into
    one loop (upstream's `collapseOpIterationDims`, the operands viewed
    through `memref.collapse_shape`): the pixels of an image become one
    loop of 400. A long parallel innermost loop is left as it is: LLVM
    vectorizes it, and meld-prefetch-next-tile strip-mines it in a row
    tile (it finds the tiles it prefetches through their subviews, which a
    merged view hides). A reduction's innermost loop merges at any static
    length (that pass leaves reductions alone): a batch norm backward's
    channel sums over 80 x 80 pixels, whose rows of 80 LLVM unrolled and
    summed with gathers, ran at 14 GB/s from memory, merged at 56 (2
    threads). A generic whose body reads its indices (`linalg.index`)
    is left alone too, since merged loops would decode them with
    divisions.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect"
  ];
}

def MeldVectorizeHostTaps
    : Pass<"meld-vectorize-host-taps", "::mlir::func::FuncOp"> {
  let summary = "Few-output window sums vectorized along their taps";
  let description = [{
    Runs on host kernels on buffers, before meld-vectorize-host-windows. A
    `linalg.generic` that sums products of two inputs (`out += a * b`, the
    add with `reassoc` and the product with `contract`: never in strict-fp
    code) over static loops whose
    parallel iterations are few (at most `max-accumulators` outputs: a
    depthwise convolution's weight gradient, 3 x 3 outputs per channel, is
    a convolution of the input by the output gradient) and whose innermost
    loop is a reduction of at least 4 taps that each input reads along its
    last dim with stride 1 or 2 and the output not at all, keeps one
    vector of sums per output (of the lanes of a `vector-bits` vector of
    f32, or the next power of two above fewer taps: 16 lanes for a 10 x 10
    image's rows of 10, 8 for rows of 5) in
    registers: loops over the other reductions around chunks of the
    innermost one, each chunk loading a vector of each input per output
    that reads it (stride 2: twice as many lanes, the even ones kept by a
    shuffle; an input no parallel loop indexes is loaded once and shared)
    and adding the products into the output's sums (`vector.fma`), a last
    masked chunk for the loop's remainder; then each output adds its sums'
    lanes. meld-vectorize-host-windows vectorized these along the 3-wide
    output row instead (3 of 16 lanes, a vector load per tap and output
    row).
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Bits per vector (512 with AVX-512, 256 with AVX2)">,
    Option<"maxAccumulators", "max-accumulators", "int64_t",
           /*default=*/"16", "The most outputs (vectors of sums) taken">
  ];
  let dependentDialects = [
    "::mlir::vector::VectorDialect", "::mlir::scf::SCFDialect",
    "::mlir::affine::AffineDialect", "::mlir::memref::MemRefDialect"
  ];
}

def MeldVectorizeHostOuterProducts
    : Pass<"meld-vectorize-host-outer-products", "::mlir::func::FuncOp"> {
  let summary = "Sums of products along a shared contiguous output dim, "
                "as register tiles of outer products";
  let description = [{
    Runs on host kernels on buffers, after meld-vectorize-host-taps. A
    `linalg.generic` on f32 buffers that sums products of two inputs (`out
    += a * b`, the add with `reassoc` and the product with `contract`:
    never in strict-fp code) over static loops, its parallel loops first,
    where the output reads every parallel loop, its contiguous last dim
    the last parallel loop `f` (4 or more); one input (the shared one)
    reads f and otherwise only reduction loops, along its contiguous last
    dim either f or the innermost reduction; and the other reads no f
    (through any affine map: a window of a padded input), is computed in
    register tiles of rows (the points of the other parallel loops) by up
    to 4 vectors of the lanes of a `vector-bits` vector along f (the last
    one masked), at most `max-accumulators` vectors of sums per tile and
    at least 6 rows: each step of the reductions loads the shared input's
    vectors once and adds their products with each row's element of the
    other input, broadcast (`vector.fma`), into the tile's sums. The
    reductions run in chunks: the innermost loops whole and the next in
    blocks, so that a chunk of the shared input (a tile's columns of it,
    or all of f when packed) is at most 32 KiB, which every row tile then
    reads from L1; the tiles load their sums from the output and store
    them back once per chunk, the column tiles in a loop. A shared input
    read along the reduction (`w[f, c, k..]`) is packed along f before
    each chunk, `lanes x lanes` tiles read across its f and innermost
    dims (`vector.transfer_read` with a permutation map), transposed in
    registers (`vector.transpose`) and written to a buffer on the stack
    (on the heap past 64 KiB).

    A convolution's weight gradient over few output pixels (3 x 3, or few
    of a small image, MeldToLinalg's pixel-rows form) is such a generic:
    `out[n, o.., f] += padded[n, c, o s + k d..] * w[f, c, k..]`, the
    output gradient `w` packed. It had copied its input into columns nine
    times its size (72 rows of 16K elements per block of 8 images: 4.7
    MiB, past L2) for a contraction: a 3 x 3 gradient of 64 channels over
    16 images of 32 x 32 ran at 294 GFLOP/s so, about 400 now.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "Bits per vector (512 with AVX-512, 256 with AVX2)">,
    Option<"maxAccumulators", "max-accumulators", "int64_t",
           /*default=*/"24", "The most vectors of sums in a register tile">
  ];
  let dependentDialects = [
    "::mlir::vector::VectorDialect", "::mlir::scf::SCFDialect",
    "::mlir::affine::AffineDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

def MeldVectorizeHostRows
    : Pass<"meld-vectorize-host-rows", "::mlir::func::FuncOp"> {
  let summary = "Short rows of elementwise loop nests as one vector each";
  let description = [{
    Runs on host kernels on buffers, after meld-collapse-host-loops and
    before `convert-linalg-to-loops`. A `linalg.generic` (static loops,
    maps that are projected permutations, no `linalg.index`, a body
    without side effects, elements of a byte or more) whose innermost loop
    runs `max-row` or fewer iterations, not a multiple of the lanes of a
    `vector-bits` vector of 32-bit elements, and which each operand reads
    along its last dim with unit stride (or not at all), is tiled to one
    row per iteration of its other loops (upstream's `tileUsingSCF`), and
    each row vectorized whole by upstream's linalg vectorizer: a
    `vector<...x20xf32>` read, the body on vectors, a write, which LLVM
    splits into its vector registers. The innermost loop is parallel, or a
    reduction whose outputs combine by an operation whose order does not
    matter (integers, float max and min, float adds and multiplies with
    `reassoc`; never in strict-fp code): the row's lanes are then summed
    by one `vector.multi_reduction` (LLVM's ordered sum today). Left to LLVM as a scalar loop, such a row (a 20-pixel row
    of a padded image's interior, the 5 x 5 images of a network's last
    layers) was fully unrolled and moved through scalar inserts and
    gathers: a convolution's input gradient cut from its padded form ran
    at 4 GB/s.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "int64_t", /*default=*/"512",
           "The target's vector width in bits (256 on AVX2)">,
    Option<"maxRow", "max-row", "int64_t", /*default=*/"64",
           "The longest innermost loop taken (longer ones LLVM vectorizes "
           "as a loop)">
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect"
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

    `math.powf` by a constant exponent of 2, 3 or 4 (a scalar or a splat)
    becomes products of its base (x * x, (x * x) * x, (x * x) * (x * x)),
    which agree with pow on zeros, infinities and NaN: GPT-2's GELU cubes
    its input with torch.pow, a libm call per element before.
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
    widths, 20 -> 16, 4, since LLVM scalarizes odd vector widths; an f32
    one that fills three quarters of the next power of two or more, 28
    of 32, is one tile of 32 with the columns past its own masked off), and
    a block's last row tile (when dynamic, computed one row at a time on
    `1 x cols` tiles). Before the
    register tiles, the contraction is blocked for the cache (one batch
    at a time, up to 256 along k, one register tile's columns; when k
    takes several blocks and the output's rows are wider than twice
    `output-chunk-bytes`, the columns are first split into chunks of that
    many bytes of output, each blocked on its own, so the k blocks update
    a part of the output that stays in L2) and the
    block's operands are promoted
    with `linalg::promoteSubViews` into buffers on the kernel's stack: the
    right operand's panel when at least four register tiles of rows share
    it (packed, its rows no longer collide in a few L1 sets), with it the
    left operand's k block (up to 256 KiB, copied once per k block for
    every column tile). The output stays where it is: the pass hoists
    each register tile's accumulator out of its k loop itself. A
    contraction whose column range is dynamic, all else static but its
    rows (a last, narrower column block), is first versioned by width:
    a copy at the block's width and one at the last block's, each on
    register tiles, the dynamic op for any other. A transposed right operand (`B[j][k]`, per batch too) is packed
    transposed instead, with `linalg.transpose`, and the op reads the
    panel as `B[k][j]` (contiguous along the register tile's columns).
    Few rows of it (static: up to 5 register tiles in a kernel whose
    threads split the columns, else one; dynamic: their versions for
    fewer than 4 and fewer than 4 register tiles) take dot products along
    k instead, nothing packed: tiles of 4 rows by `transposed-dot-columns`
    rows of B (6 on Intel's AVX-512 cores), the columns the outer loop,
    so B streams
    once while the few rows are read again from cache, and k in chunks of
    1024 steps. With `swapped-rows` (the host pipeline sets 128 on Intel's
    AVX-512 cores), more static rows than those, up to that many, with k a
    multiple of 16 up to 1024 and a reassociable sum, are computed swapped,
    (B A^T)^T: A, the kernel's argument, is packed transposed once per call
    at the kernel's entry (16 x 16 transposes, its rows padded to 16 by
    masked reads), each register tile broadcasts 6 rows of B, read in place
    along k, against up to 4 vectors of 16 of A's rows over all of k, and
    writes its sums transposed, a vector of 6 per output row (added to the
    output's values, or stored after a zero fill, which it removes); the
    columns, static or dynamic, go in tiles of 6, then one of the last 1 to
    5. B is never packed.
    With `wide-tile-rows`, a cache block of at least that many static
    rows takes register tiles of half `tile-rows` and twice `tile-cols`
    (the same accumulators, half the broadcasts per step of k; the host
    pipeline sets 128 with the heuristic's tiles on an AMD core with
    AVX-512). With `transposed-k-block`, a transposed right operand's
    cache blocks take up to that many steps of k instead of `k-block`
    (longer runs of each row of a weight streamed from memory; the host
    pipeline sets 768 on an Intel core with AVX-512, up to 2048 where it
    has AMX and 2 MiB of L2; a panel past 192 KiB is on the heap). With
    `fused-multiply-add`, each tile's product and its reduction over the
    unit k tile become one `vector.fma` per step of k (upstream lowers the
    reduction to a separate add). An f16 or bf16 contraction whose sum
    has `reassoc` is first rewritten to accumulate in f32: its left
    operand is extended into an f32 buffer, its output into (or, after a
    zero fill, zeroed in) an f32 copy that is rounded to halves once at
    the end, and its right operand is extended per step of k, or, where
    its block packs the right operand's panels, as each panel is packed
    (transposed ones 16 x 16 elements at a time), so it takes the f32
    tiles. With `amx` (the host pipeline sets it for CPUs with
    amx-bf16, except under strict floating point), a bf16 contraction whose
    sum has `reassoc` runs on AMX tiles instead: blocks of 32 x 32 outputs
    in 2 x 2 tiles of 16 x 16 f32 sums carried across the whole reduction
    in steps of 32 (`amx.tile_mulf`, tdpbf16ps), the left operand's tiles
    loaded from its rows (from a zero-padded copy for a block of fewer than
    32 rows or a depth that is no multiple of 32), the right operand packed
    per panel of up to 256 columns (at most 512 KiB) into the pairs layout
    along k (vector interleaves of rows of `B[k][j]`, 16 x 16 transposes of
    32-bit pairs of `B[j][k]`), and the sums rounded to bf16 once (added to
    the output's values when no zero fill precedes) and written 16 x 16 at
    a time. Up to 32 rows of `x @ W^T` are computed as (W x^T)^T: W's rows
    on the tiles' rows, loaded in place, x packed, the sums written
    transposed (dynamic rows get both versions). The columns may be
    dynamic (a thread's last column block). bf16 operands summed into an
    f32 output take the same tiles without the rounding; with `amx-int8`,
    i8 operands summed into i32 (exact) take `amx.tile_muli` (tdpbssd),
    quads of i8 along k in the panel. With `avx512-bf16-dots` too (the
    host pipeline sets it for CPUs with avx512bf16, except under strict
    floating point), up to 4 static rows of a bf16 `x @ W^T` take the dots
    along rows below instead of the tiles, and dynamic rows a version for
    up to 4 of them on the dots. With `avx512-bf16-dots` alone,
    such a bf16 contraction runs on AVX512-BF16 dot products instead: the
    same packed panels and padded row copies, register tiles of `dot-tile-rows` x `dot-tile-vectors` 16-lane f32 sums
    carried across the whole reduction one pair of k at a time (each row's
    pair broadcast as one 32-bit word, one `x86vector.avx512.dot`,
    vdpbf16ps, per vector of sums). Up to 32 static rows of `x @ W^T` take
    dots along k of both operands' rows instead, read in place (tiles of up
    to 4 rows of x by up to 8 of W, 32 elements of k per vdpbf16ps, each
    sum's lanes added once; dynamic rows in a version for up to 32); up to
    64 (dynamic rows in a version for few) are swapped as on the tiles, the
    sums written through 4 x 16 transposes. Up to 4 static rows of a plain
    right operand keep the widened path, which streams its rows; dynamic
    rows of one are first split into a version for up to 4 (widened) and
    one for more (dots).
    Other contractions (integers, f64, strict halves, or
    with dynamic columns or reduction) keep scalar loops, with the reduction
    loop moved outside the innermost parallel loop when the right operand
    is walked along its rows, so that loop is contiguous and vectorizes.
  }];
  let options = [
    Option<"tileRows", "tile-rows", "int64_t", "8", "Rows of a register tile">,
    Option<"tileCols", "tile-cols", "int64_t", "32",
           "Columns of a register tile (a multiple of the vector width)">,
    Option<"kBlock", "k-block", "int64_t", "256",
           "Reduction steps per cache block (the right operand's packed "
           "panel is k-block x tile-cols)">,
    Option<"wideTileRows", "wide-tile-rows", "int64_t", "0",
           "Cache blocks of at least this many (static) rows take register "
           "tiles of half tile-rows and twice tile-cols, 4 x 64 for 8 x 32 "
           "(0: never)">,
    Option<"transposedKBlock", "transposed-k-block", "int64_t", "0",
           "Reduction steps per cache block of a contraction whose right "
           "operand is read transposed and packed transposed (0: k-block)">,
    Option<"panelBlockBytes", "panel-block-bytes", "int64_t", "0",
           "Cache blocks of a plain f32 right operand (or of a transposed "
           "one, in blocks of 256 rows or more) span this many bytes of its "
           "k-block x tile-cols panels, packed once per block (row by row, "
           "or transposed in 16 x 16 squares); each row tile then sweeps "
           "the block's column tiles (0: blocks of one panel, which every "
           "row tile walks)">,
    Option<"outputChunkBytes", "output-chunk-bytes", "int64_t", "524288",
           "Bytes of a cache block's output that its k blocks update "
           "before the next columns' (the block's columns are split into "
           "chunks of whole tiles that size; 0: all columns at once)">,
    Option<"vectorRegisters", "vector-registers", "int64_t", "16",
           "Vector registers of the target (32 with AVX-512, 16 with AVX2): "
           "streamed rows of a plain right operand take 8 steps of k for 2 "
           "rows with 32 (their 16 broadcasts of x fit), 4 with 16">,
    Option<"fusedMultiplyAdd", "fused-multiply-add", "bool", "true",
           "Accumulate register tiles with fused multiply-adds (false for "
           "strict floating point: a multiply, then an add)">,
    Option<"amx", "amx", "bool", "false",
           "Compute bf16 contractions with a reassociable sum on AMX tiles "
           "(tdpbf16ps; for CPUs with amx-bf16)">,
    Option<"amxInt8", "amx-int8", "bool", "false",
           "With amx: also i8 x i8 -> i32 contractions (tdpbssd; for CPUs "
           "with amx-int8)">,
    Option<"avx512Bf16Dots", "avx512-bf16-dots", "bool", "false",
           "Compute bf16 contractions with a reassociable sum by AVX512-BF16 "
           "dot products (vdpbf16ps; for CPUs with avx512bf16; with amx, "
           "only up to 4 static rows of x @ W^T)">,
    Option<"transposedDotColumns", "transposed-dot-columns", "int64_t", "4",
           "Columns of a tile of the f32 dot products that few rows of "
           "x @ W^T take (4 rows by this many; the host pipeline sets 6 "
           "on Intel's AVX-512 cores)">,
    Option<"swappedRows", "swapped-rows", "int64_t", "0",
           "Static rows of an f32 x @ W^T, more than the dot products "
           "take and up to this many, with k at most 1024, computed as "
           "(W x^T)^T: x packed transposed once per call, register tiles "
           "of 6 rows of W read in place by 64 rows of x, the sums written "
           "transposed (0: never)">,
    Option<"dotTileRows", "dot-tile-rows", "int64_t", "8",
           "With avx512-bf16-dots: rows of a register tile of sums">,
    Option<"dotTileVectors", "dot-tile-vectors", "int64_t", "2",
           "With avx512-bf16-dots: 16-lane f32 vectors per row of a "
           "register tile">,
  ];
  let dependentDialects = [
    "::mlir::amx::AMXDialect", "::mlir::x86vector::X86VectorDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::affine::AffineDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect"
  ];
}

#endif // MELD_CODEGEN_HOST_PASSES_TD
