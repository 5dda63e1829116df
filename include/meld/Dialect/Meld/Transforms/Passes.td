//===- Passes.td - Meld fusion passes ----------------------*- tablegen -*-===//
//
// The fusion passes. Each works on every block of a function (the body and
// the regions of meld.if / meld.while), forms fusion groups as meld.kernel
// ops, and never merges groups in a way that creates a cycle, breaks an
// iteration space, exceeds a limit, or increases estimated memory traffic.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_TRANSFORMS_PASSES_TD
#define MELD_DIALECT_MELD_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

/// Options shared by every fusion pass (see FusionOptions in Fusion.h).
defvar FusionLimitOptions = [
  Option<"maxGroupOps", "max-group-ops", "int64_t", /*default=*/"256",
         "Most ops one fusion group may hold">,
  Option<"maxKernelParamBytes", "max-kernel-param-bytes", "int64_t",
         /*default=*/"4096",
         "Most kernel-parameter bytes one group may need (8 per buffer or "
         "index argument)">,
  Option<"maxLiveValues", "max-live-values", "int64_t", /*default=*/"64",
         "Register-pressure proxy: most tensor values live at once inside "
         "a group">,
  Option<"maxPersistentRow", "max-persistent-row", "int64_t",
         /*default=*/"8192",
         "Largest row (elements) one block keeps on chip: reductions over "
         "trailing rows up to this size fuse their row-wise epilogues">,
  Option<"dynamicDimEstimate", "dynamic-dim-estimate", "int64_t",
         /*default=*/"128",
         "Size the cost model assumes for a dynamic ('?') dimension">
];

def MeldCheckLimits : Pass<"meld-check-limits"> {
  let summary = "Reject programs beyond Meld's limits with a located error";
  let description = [{
    Walks the op without recursion and fails at the first op beyond a
    limit: regions nested deeper than `max-nesting`, more than `max-ops`
    operations, a tensor with more than `max-tensor-elements` elements (or
    whose element count overflows 64 bits), or a constant larger than
    `max-constant-bytes`. meld-opt runs it before any other pass, and the
    JIT, meld-run and meld-compile run the same check (checkProgramLimits,
    meld/Support/Limits.h) before anything else. docs/limits.md lists the
    defaults. A limit of 0 disables that check.
  }];
  let options = [
    Option<"maxNesting", "max-nesting", "unsigned",
           /*default=*/"::meld::ProgramLimits().maxNesting",
           "Deepest nesting of regions">,
    Option<"maxOps", "max-ops", "uint64_t",
           /*default=*/"::meld::ProgramLimits().maxOps", "Most operations">,
    Option<"maxTensorElements", "max-tensor-elements", "uint64_t",
           /*default=*/"::meld::ProgramLimits().maxTensorElements",
           "Most elements of one tensor">,
    Option<"maxConstantBytes", "max-constant-bytes", "uint64_t",
           /*default=*/"::meld::ProgramLimits().maxConstantBytes",
           "Largest constant in bytes">
  ];
}

def MeldFusePointwise : Pass<"meld-fuse-pointwise", "::mlir::func::FuncOp"> {
  let summary = "Fuse chains of elementwise ops into pointwise kernels";
  let description = [{
    Groups producer→consumer chains of elementwise ops, including index
    remappings (`broadcast_in_dim`, `reshape`, `transpose`, `slice`,
    `concat`, `iota`), into `meld.kernel pointwise` groups.

    A producer with several consumers is first duplicated into each consumer
    when the cost model says recomputing it reads no more bytes than writing
    it once and reading it back (`k * in <= in + k * out`); otherwise it is
    fused into one consumer as an extra output, when that output has the
    consumer's iteration space and no cycle results.
  }];
  let options = !listconcat(FusionLimitOptions, [
    Option<"paddedOutputs", "padded-outputs", "bool", /*default=*/"false",
           "A consumer that pads a producer's values (concatenations along "
           "dims they are shorter in, the same leading dim) may take the "
           "producer when its values stay outputs too: host code gives "
           "each output blocks of its own (meld-tile-host-blocks); the "
           "pipeline sets it for host-only compiles">
  ]);
  let dependentDialects = ["::meld::MeldDialect"];
}

def MeldFuseReductions : Pass<"meld-fuse-reductions", "::mlir::func::FuncOp"> {
  let summary = "Fuse reductions with their prologues, epilogues and siblings";
  let description = [{
    Merges each `meld.reduce` with the elementwise groups that produce its
    operand (prologue, e.g. `x * x` before a sum), the elementwise groups
    that consume its result in the reduced shape (epilogue, e.g. `/ n`,
    `rsqrt`), and the other reductions over the same rows (softmax's max and
    sum, LayerNorm's mean and variance).

    When the reduced dimensions are the trailing ones and a row has at most
    `max-persistent-row` elements, one block can keep a whole row on chip
    (a persistent-row reduction): then elementwise groups in the full row
    shape that consume broadcast reduction results fuse too, and softmax,
    LayerNorm and RMSNorm become one kernel each. Otherwise they take two:
    the reductions with their prologues, and the row-wise epilogue.

    A prologue that reads a contraction's product and has other users too
    stays out of a reduction over other than trailing dims (a convolution's
    bias before a training batch norm) when the contraction's epilogue can
    take it (`max-conv-image-bytes`, `row-view-epilogues`: as
    meld-fuse-gemm-epilogue's, which the pipeline sets alike).
  }];
  let options = !listconcat(FusionLimitOptions, [
    Option<"maxConvImageBytes", "max-conv-image-bytes", "int64_t",
           /*default=*/"0",
           "meld-fuse-gemm-epilogue's limit, for the prologues left to it">,
    Option<"rowViewEpilogues", "row-view-epilogues", "bool",
           /*default=*/"true",
           "meld-fuse-gemm-epilogue's option, for the prologues left to it">
  ]);
  let dependentDialects = ["::meld::MeldDialect"];
}

def MeldFuseGemmEpilogue
    : Pass<"meld-fuse-gemm-epilogue", "::mlir::func::FuncOp"> {
  let summary = "Fuse matmuls with elementwise epilogues and cheap prologues";
  let description = [{
    Merges each `meld.matmul` / `meld.batch_matmul` / `meld.conv` with the
    elementwise
    group consuming its result in the product's shape (bias add,
    activations, scaling, residual add, cast), applied in registers before
    the store, and with a cheap elementwise prologue on an operand (at most
    `max-prologue-ops` elementwise ops whose result has the operand's shape
    and no other user, e.g. a dequantizing cast and scale).

    An epilogue may view the product through reshapes that move no element
    across its tiles: those that only add or drop unit dims, and (with
    `row-view-epilogues`) those that regroup its rows and keep its columns,
    including a view that is the kernel's result (a language-model head's
    `[B*S, V]` logits returned as `[B, S, V]`).

    A `meld.conv` takes no prologue (it reads each input element once per
    kernel tap), except with `transposed-conv-operands`: a convolution
    whose window is its whole input (no groups, padding, strides or
    dilations; one output pixel) of at least 64 pixels per image takes a
    lone `meld.transpose` of an operand that swaps its two leading dims. That is how PyTorch's 1x1
    convolutions' weight gradients arrive (`[N, C, H, W]` input and
    `[N, F, H, W]` output gradient, each transposed to put the batch
    second); host code generation then contracts over the images and
    pixels of the tensors as they are.
  }];
  let options = !listconcat(FusionLimitOptions, [
    Option<"maxPrologueOps", "max-prologue-ops", "int64_t", /*default=*/"4",
           "Most elementwise ops a fused operand prologue may have">,
    Option<"maxConvImageBytes", "max-conv-image-bytes", "int64_t",
           /*default=*/"0",
           "An epilogue fuses into a meld.conv only when one image of its "
           "output takes at most this many bytes (0: any); code generation "
           "for GPUs sets 48 KiB, the workgroup memory that holds the image "
           "between the convolution and the epilogue">,
    Option<"rowViewEpilogues", "row-view-epilogues", "bool",
           /*default=*/"true",
           "Epilogues may view the product through reshapes that regroup "
           "its rows and keep its columns (PyTorch's [B*S, N] product as "
           "[B, S, N] activations), as they may through reshapes that only "
           "add or drop unit dims; code generation for GPUs turns it off">,
    Option<"transposedConvOperands", "transposed-conv-operands", "bool",
           /*default=*/"false",
           "A meld.conv over its whole input (a 1x1 convolution's weight "
           "gradient: batch and channels swapped, one output pixel) takes "
           "the transposes that swap its operands' two leading dims as "
           "prologues, so that code generation reads the untransposed "
           "tensors in place; set for host-only compiles">
  ]);
  let dependentDialects = ["::meld::MeldDialect"];
}

def MeldOutlineSingletons
    : Pass<"meld-outline-singletons", "::mlir::func::FuncOp"> {
  let summary = "Put every op not yet in a fusion group into a group of one";
  let description = [{
    After fusion every computing op must live in exactly one `meld.kernel`.
    This pass wraps each remaining one (elementwise, data movement,
    reduction, contraction) into a kernel of its own kind. Constants stay
    outside as data (splat constants are cloned into the kernels that read
    them), and so do `meld.dim`, index arithmetic, calls and control flow,
    whose regions are processed recursively.
  }];
  let dependentDialects = ["::meld::MeldDialect"];
}

defvar HorizontalOptions = [
  Option<"maxHorizontalKernels", "max-horizontal-kernels", "int64_t",
         /*default=*/"64", "Most sub-kernels in one horizontal launch">,
  Option<"maxFlatKernels", "max-flat-kernels", "int64_t",
         /*default=*/"0", "Most flat pointwise sub-kernels in one "
         "horizontal launch (0: max-horizontal-kernels); host code "
         "compiles them as one body and a table">,
  Option<"flatParamBytes", "flat-param-bytes", "int64_t",
         /*default=*/"0", "Parameter bytes of a horizontal launch of flat "
         "pointwise sub-kernels (0: max-kernel-param-bytes); the host "
         "passes parameters as an array, not in a GPU launch's parameter "
         "space">,
  // The time model a horizontal launch must pay by (meld::LaunchCosts); the
  // defaults are a GPU's, the compiler gives the host's measured ones.
  Option<"launchNs", "launch-ns", "int64_t", /*default=*/"1000",
         "Nanoseconds one launch costs">,
  Option<"shareNs", "share-ns", "int64_t", /*default=*/"0",
         "Nanoseconds a launch of more than one block further costs for "
         "handing blocks to other threads (the host's workers)">,
  Option<"bytesPerUs", "bytes-per-us", "int64_t", /*default=*/"3000000",
         "Memory bandwidth of all threads, in bytes per microsecond">,
  Option<"costThreads", "cost-threads", "int64_t", /*default=*/"1",
         "Threads a launch's blocks are shared among (1: every launch uses "
         "the whole device)">,
  Option<"blockElements", "block-elements", "int64_t", /*default=*/"0",
         "Output elements per block a launch's blocks are estimated by (0: "
         "one per element)">,
  Option<"separateContractions", "separate-contractions", "bool",
         /*default=*/"false",
         "A matmul's gemm kernel shares a launch only with other such "
         "kernels (the host: its threads take a launch's blocks in home "
         "ranges, and a GEMM's few costly blocks beside many cheap ones ran "
         "on one thread)">
];

def MeldFuseHorizontal : Pass<"meld-fuse-horizontal", "::mlir::func::FuncOp"> {
  let summary = "Launch independent kernels together";
  let description = [{
    Packs `meld.kernel` groups with no path between them that share an input
    or an iteration space (e.g. the Q/K/V projections of one input), and
    flat pointwise groups (elementwise ops, rank-0 broadcasts and splat
    constants over one static shape) with any other flat pointwise groups
    (e.g. one optimizer update across many parameters of many sizes, like a
    foreach kernel) into
    `meld.kernel horizontal` groups: one launch that dispatches its
    sub-kernels by block index. Packing is greedy first-fit within
    `max-kernel-param-bytes` and `max-horizontal-kernels`, so a set that does
    not fit one launch takes the fewest that fit.

    A packed set becomes one launch only when that pays by the target's
    launch costs (`launch-ns`, `share-ns`, `bytes-per-us`, `cost-threads`,
    `block-elements`; meld::LaunchCosts): its estimated time as one launch
    must be below the sum of its kernels' times apart. On a GPU (the
    defaults) a launch saved always pays. On the host, where the compiler
    passes the costs meld-tune-host measured, joining two small kernels
    that each run on one thread into a launch of two blocks does not: it
    hands a block to a worker, which costs more than the launch it saves.
    The decisions are recorded on the function (`meld.horizontal_launches`)
    for the fusion report.
  }];
  let options = !listconcat(FusionLimitOptions, HorizontalOptions);
  let dependentDialects = ["::meld::MeldDialect"];
}

def MeldSplitReductions
    : Pass<"meld-split-reductions", "::mlir::func::FuncOp"> {
  let summary = "Split long reductions into a parallel partial stage and a "
                "final stage";
  let description = [{
    A `reduction` kernel whose reductions cover the leading dimension and
    reduce at least `min-elements` elements into at most `max-outputs`
    outputs (a full sum or mean, a loss, a sum over the rows of a tall
    matrix) becomes two kernels:

    - one *partial* kernel per `meld.reduce`: the leading dimension is cut
      into C chunks (the largest divisor of it up to `max-partials` that
      leaves every chunk at least 64 reduced elements per output and 4096
      elements in all; at least 8 chunks, or no split), by recomputing the
      reduced operand's elementwise prologue on the shape `[C, S0/C, ...]`,
      and the reduction keeps the chunk dimension: `C x outputs` partial
      results. The kernel is marked `meld.split_partials`: code generation
      gives each chunk a block of its own, and `meld-fuse-horizontal` leaves
      it alone;
    - a *final* kernel reducing the partials over the chunks and running the
      kernel's epilogue (a mean's division, a loss's scale).

    A reduction of only the last dimension of few, very long rows (`R` rows
    of `N`) is split along the rows instead: the partial kernel is a row
    reduction of the view `[R*C, N/C]` (C the largest divisor of N with
    `R*C <= max-partials` and chunks of at least 4096 elements; at least 8
    partials), the final kernel reduces `[R..., C]` over the chunks. Its
    prologue may broadcast scalars only.

    Sums, products, max, min and means are split (halves accumulate in f32
    in both stages and round once); argmax/argmin, reductions that leave the
    leading dimension (other than the long rows above), dynamic shapes, a reduction of a reduction, and
    kernels that also return values computed before their reductions keep
    one kernel. A split reassociates float sums and products: with
    `strict-fp` only integer reductions and float max/min are split. The
    compiler runs this pass after the other fusion passes and before
    `meld-fuse-horizontal`.
  }];
  let options = [
    Option<"strictFp", "strict-fp", "bool", /*default=*/"false",
           "Split only reductions that are exact in any order (integers, "
           "float max/min)">,
    Option<"minElements", "min-elements", "int64_t", /*default=*/"262144",
           "Fewest elements a reduction reads before it is split">,
    Option<"maxOutputs", "max-outputs", "int64_t", /*default=*/"16384",
           "Most outputs a split reduction may have">,
    Option<"maxPartials", "max-partials", "int64_t", /*default=*/"256",
           "Most chunks (partial results per output) of a split reduction">
  ];
  let dependentDialects = ["::meld::MeldDialect"];
}

def MeldFusionReport : Pass<"meld-fusion-report", "::mlir::ModuleOp"> {
  let summary = "Print the fusion groups and their estimated cost";
  let description = [{
    Prints, for every function, each fusion group (`meld.kernel`) with its
    kind, ops, estimated global-memory bytes read and written, and the
    function's bytes and launches before fusion (every op its own kernel)
    and after. The IR is not changed. Run it after fusion:
    `meld-opt --meld-fuse --meld-fusion-report`.
  }];
  let options = [
    Option<"dynamicDimEstimate", "dynamic-dim-estimate", "int64_t",
           /*default=*/"128",
           "Size the cost model assumes for a dynamic ('?') dimension">
  ];
}

def MeldExplainFusion : Pass<"meld-explain-fusion", "::mlir::func::FuncOp"> {
  let summary = "Emit a remark for every producer/consumer pair not fused";
  let description = [{
    For every edge between two fusion groups (or unfused ops) that remains,
    emits a remark at the consumer saying why the fusion passes did not
    merge them: a cycle, an incompatible iteration space or kind, the cost
    model, or a limit. It also emits a remark at every kernel saying why it
    shares a horizontal launch or has one of its own: the kernels of a
    horizontal launch share an input or an iteration space, or are all
    flat pointwise; a kernel is alone when no other kernel is at its depth
    in the dependence graph, when it shares no input and no iteration space
    with those that are, when the launch it could share is full
    (`max-horizontal-kernels`, the parameter budget), or when it may not
    share one (a split reduction's partial stage, a scatter). The reasons
    come from the same checks the passes run, so
    `meld-opt --meld-fuse --meld-explain-fusion` explains the result.
  }];
  let options = !listconcat(FusionLimitOptions, HorizontalOptions);
}

def MeldFusionDot : Pass<"meld-fusion-dot", "::mlir::ModuleOp"> {
  let summary = "Print the fusion groups as a Graphviz DOT graph";
  let description = [{
    Prints one digraph per function to stdout: a node per fusion group
    (labelled with its kind and ops) or unfused op, an edge per value passed
    between them. `meld-opt --meld-fuse --meld-fusion-dot x.mlir | dot -Tsvg`.
  }];
}

#endif // MELD_DIALECT_MELD_TRANSFORMS_PASSES_TD
