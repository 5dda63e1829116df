//===- Passes.h - Meld code-generation passes -------------------*- C++ -*-===//
//
// Outlining and the Meld-specific lowering steps (generated from Passes.td),
// and the pipelines that take kernels to host, NVPTX and AMDGPU code.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_PASSES_H
#define MELD_CODEGEN_PASSES_H

#include "meld/Dialect/Meld/IR/MeldOps.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace meld {

/// Whether `op` has the loop structure of a contraction as the host's
/// register tiles take it: two inputs, one output, at least three loops,
/// all parallel (batch dims, rows, columns) but the last, a reduction (k).
/// Shared by meld-vectorize-host-contractions and
/// meld-fold-unit-extent-dims (which keeps such an op's unit row dim).
bool isContractionNest(mlir::linalg::GenericOp op);

/// Whether `op` is a contraction over images and pixels, loops `i, j, n,
/// p` (two parallel, two reductions): `out[i, j] += lhs[n, i, p] *
/// rhs[n, j, p]`, either operand `[rows, N, P]` instead (`(i, n, p)`). A
/// 1x1 convolution's weight gradient read in place (meld-convert-to-linalg);
/// meld-vectorize-host-contractions computes it as dot products along p.
bool isImageReduceContraction(mlir::linalg::GenericOp op);

/// Adds the patterns of meld-fuse-elementwise-ops: upstream's elementwise
/// fusion, reshape propagation and constant folding, the reshapes kept off
/// contractions and kernel arguments' views.
void populateFuseElementwiseOpsPatterns(mlir::RewritePatternSet &patterns);

/// Fuses the elementwise producer of `operand` into its reader with
/// upstream's linalg::fuseElementwiseOps: the reader's results (and the
/// producer's, which the fused op yields too when the producer has other
/// uses) are replaced by the fused op's, the reader is erased, and the
/// producer too once nothing reads it. Fails, changing nothing, when
/// upstream's fusion does.
mlir::LogicalResult fuseElementwiseProducer(mlir::RewriterBase &rewriter,
                                            mlir::OpOperand &operand);

/// Erases the `linalg.generic` ops on tensors under `root` whose results
/// are unused and whose bodies have no effect but runtime checks
/// (`cf.assert`). Elementwise fusion leaves such a producer behind once
/// every consumer computes its body (checks included) itself: the checks
/// make it look effectful, so no dead-code elimination would take it, and
/// it would cost a second computation and an intermediate buffer.
void eraseDeadCheckedOps(mlir::Operation *root);

/// Adds the patterns of meld-expand-half-truncs: `arith.truncf` from f64 to
/// f16 or bf16 through f32 rounded to odd, correctly rounded without the
/// compiler-rt calls LLVM emits for it on x86, and from f32 to bf16 on the
/// integer bits (subnormals kept).
void populateExpandHalfTruncsPatterns(mlir::RewritePatternSet &patterns);

/// Marks a loop that must run in order on one thread (meld.scatter's
/// updates): meld-map-to-gpu runs it on thread 0 of the workgroup, between
/// barriers.
inline constexpr llvm::StringLiteral kSerialLoopAttrName = "meld.serial";

/// Marks the host loop over row blocks of a grouped matmul (groups of rows,
/// meld-convert-to-linalg): its step is the rows of a block and its body
/// computes rows [lo, lo + step); meld-tile-host-blocks bounds it by the
/// kernel's block range, so that threads share the blocks.
inline constexpr llvm::StringLiteral kGroupedRowBlocksAttrName =
    "meld.grouped_row_blocks";

/// With kRowsPerBlockAttrName (then the most rows of a block), a host
/// kernel of dynamic rows whose blocks share the rows out at run time: a
/// block's rows are min(rows, max(this, ceil(ceil(M / threads) / 8) * 8))
/// for M rows and kBlockThreadsAttrName threads.
inline constexpr llvm::StringLiteral kMinRowsPerBlockAttrName =
    "meld.min_rows_per_block";
inline constexpr llvm::StringLiteral kBlockThreadsAttrName =
    "meld.block_threads";

/// The kernel attribute holding the rows one host block computes.
inline constexpr llvm::StringLiteral kRowsPerBlockAttrName =
    "meld.rows_per_block";

/// The kernel attribute, with kRowsPerBlockAttrName, counting the leading
/// dimensions of the kernel's first output that its block rows run over,
/// when more than one: the output was stored through a reshape that merged
/// them (a unit batch dimension folded into the next), so the row blocks
/// are counted on their product.
inline constexpr llvm::StringLiteral kRowDimsAttrName = "meld.row_dims";

/// The attribute meld-tile-host-blocks (fit-small-outputs) sets on a host
/// gemm kernel of fewer rows than a register tile whose blocks split the
/// columns instead: its one row block is this many blocks, block `x`
/// computing columns [x * kHostColumnBlock, (x + 1) * kHostColumnBlock).
inline constexpr llvm::StringLiteral kHostColumnBlocksAttrName =
    "meld.host_column_blocks";

/// The attribute meld-tile-host-blocks sets on a gemm kernel whose blocks
/// split a dynamic dim 1 of its output (a convolution over images of any
/// size, several output rows per block; `W @ x` of any width): [dim, width],
/// the dim of the first output buffer that the blocks split and the
/// block's static extent along it. The kernel's one row block is
/// ceil(extent / width) blocks, block `x` computing [x * width, (x + 1) *
/// width). [dim, width, threads]: when those blocks are fewer than
/// `threads`, the rows (a convolution's filters) are split too, into
/// `threads` parts: `threads` * ceil(extent / width) blocks, block `x`
/// computing part x / ceil(extent / width) of the rows.
inline constexpr llvm::StringLiteral kHostColumnBlockDimAttrName =
    "meld.host_column_block_dim";

/// The attribute meld-tile-host-blocks (horizontal) sets on a horizontal
/// host kernel whose sub-kernels share one flat space of blocks: per
/// sub-kernel, in block order, [output, rows, row dims, column blocks]. Its
/// blocks are ceil(rows of that output (its first `row dims` dims) / rows),
/// times `column blocks` when that is not 0 (a few-row gemm split along its
/// columns), or one block when `rows` is 0 (`output` is then unused).
inline constexpr llvm::StringLiteral kHostPartsAttrName = "meld.host_parts";

/// Columns of one such block (the columns must be a multiple): one 1 x 256
/// register tile, 16 accumulators. A 4096 x 4096 matrix-vector product,
/// which streams its weight from memory, took 1.8-2.1 ms in one block and
/// 1.5 ms in 16 on the 2-core VM; 1 x 128 tiles were slower than 1 x 256.
inline constexpr int64_t kHostColumnBlock = 256;

/// A bf16 (or i8) product on AMX tiles deeper than kAmxDepthBlock steps of
/// k (a multiple of them), with at least kAmxDepthBlockedMinRows static
/// rows, runs in blocks of k (meld-vectorize-host-contractions): per block,
/// a panel of kAmxDepthBlock x up to kAmxDepthBlockedCols of the right
/// operand, which meld-tile-host-blocks makes a thread's column block as
/// wide as it can (the left operand's rows are copied once per block of k
/// for all the panel's columns).
inline constexpr int64_t kAmxDepthBlock = 256;
inline constexpr int64_t kAmxDepthBlockedCols = 1024;
inline constexpr int64_t kAmxDepthBlockedMinRows = 96;
/// Whether a product of depth `depth` on AMX tiles runs in blocks of k
/// (rows aside).
inline constexpr bool isAmxBlockedDepth(int64_t depth) {
  return depth > kAmxDepthBlock && depth % kAmxDepthBlock == 0;
}

/// The narrowest column block whose few rows (up to 4) of a plain right
/// operand meld-vectorize-host-contractions streams along whole rows of the
/// operand; meld-tile-host-blocks gives such a product of a large operand
/// one block this wide or wider per thread.
inline constexpr int64_t kHostStreamedRowsMinCols = 1024;

/// The attribute meld-map-to-gpu sets on a kernel whose independent
/// sub-kernels (a horizontal group's) run on workgroups of their own: how
/// many workgroups the kernel is launched with.
inline constexpr llvm::StringLiteral kGpuBlocksAttrName = "meld.gpu_blocks";

/// The attribute meld-map-to-gpu sets on a row-block kernel whose GEMM also
/// splits its output tiles over workgroups: each row block is this many
/// workgroups, block `x` computing output tile `x % C` of row block `x / C`
/// (MapToGpuGemm.cpp, tileContractions).
inline constexpr llvm::StringLiteral kGpuColumnBlocksAttrName =
    "meld.gpu_column_blocks";

/// The attribute meld-map-to-gpu sets on a pointwise kernel whose block
/// loop strides over the grid: its grid is capped at this many workgroups,
/// each of which computes every grid-size-th block.
inline constexpr llvm::StringLiteral kGpuGridStrideAttrName =
    "meld.gpu_grid_stride";

/// The module attribute meld-map-to-gpu sets with `report-unfit`: the
/// names of the kernels whose intermediates do not fit in workgroup memory.
inline constexpr llvm::StringLiteral kGpuUnfitKernelsAttrName =
    "meld.gpu_unfit_kernels";

/// The message of the check meld-convert-to-linalg puts before an integer
/// division or remainder (`division-checks`), a `cf.assert` on a nonzero
/// divisor.
inline constexpr llvm::StringLiteral kDivisionByZeroMessage =
    "integer division by zero";

/// The message of the check meld-convert-to-linalg puts before a gather
/// reads its operand (`division-checks`): a `cf.assert` on the index being
/// in bounds.
inline constexpr llvm::StringLiteral kGatherIndexMessage =
    "gather index out of bounds";

/// The message of the check meld-convert-to-linalg puts before a
/// convolution over a dynamic spatial dim (`division-checks`): a
/// `cf.assert` that its padded input holds the dilated kernel. (The
/// runtime refuses such an input from the result's shape formula when the
/// convolution's extent sizes the kernel's output; an epilogue sized by
/// another operand, a residual, hides it there.)
inline constexpr llvm::StringLiteral kConvInputMessage =
    "convolution input shorter than its kernel";

/// What a host kernel entry returns (docs/bundle-format.md, host kernel
/// ABI): 0, or the code of a runtime check that failed.
enum class HostKernelStatus : int32_t {
  Ok = 0,
  IntegerDivisionByZero = 1,
  GatherIndexOutOfBounds = 2,
  ConvInputShorterThanKernel = 3
};

#define GEN_PASS_DECL
#include "meld/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "meld/Codegen/Passes.h.inc"

} // namespace meld

#endif // MELD_CODEGEN_PASSES_H
