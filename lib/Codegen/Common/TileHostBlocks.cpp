//===- TileHostBlocks.cpp - Row blocks for multi-threaded host kernels ----===//
//
// Tiles a kernel's output producer along its leading dimension with the
// upstream tile-and-fuse driver, fuses the producers whose slices move with
// the row, makes the loop write straight into the output buffer, and bounds
// it by the kernel's block-range arguments. Everything is tried on a copy of
// the kernel: a kernel that does not fit keeps its single block. The GPU
// pipeline runs it too, with a workgroup's rows per block. On the host a
// horizontal kernel's sub-kernels are each split so into one flat space of
// blocks, and leading unit dims are skipped (a batch of one).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "Host/VectorReads.h"

#include "llvm/Support/MathExtras.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

#include <numeric>

namespace meld {
#define GEN_PASS_DEF_MELDTILEHOSTBLOCKS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// The fewest rows a balanced gemm block is given (below, threads beyond
/// the blocks stay idle rather than repack the right operand for a few
/// rows each), and when the output is one block that its columns cannot
/// split (a width that is not whole 256-column blocks), the fewest rows a
/// thread's share of it is given: 77 x 1000 @ 1000 x 1009 ran on one
/// thread as one block of 77 rows, at 0.63x torch.matmul on 2 cores.
static constexpr int64_t kMinBalancedRows = 64;

/// The most static rows of an f32 gemm that take column blocks whatever
/// its width (a narrower last block; f32FewRowColumns).
static constexpr int64_t kF32FewRowColumnsMaxRows = 100;

/// Rows per block of a kernel whose blocks split only the columns of a
/// dynamic number of rows: any row count is one row block.
static constexpr int64_t kAllRows = int64_t(1) << 40;
static constexpr int64_t kMinSharedRows = 32;

/// A product of up to kStreamedRowsMaxRows rows with a plain right operand
/// of at least kStreamedRowsMinBytes is split into per-thread column blocks
/// of at least kHostStreamedRowsMinCols, which
/// meld-vectorize-host-contractions streams along whole rows of the operand.
static constexpr int64_t kStreamedRowsMaxRows = 4;
static constexpr int64_t kStreamedRowsMinBytes = 4 << 20;

/// Output rows per block of a convolution over an image of any size
/// (columns `[K, O_1, ..]`): the block is one GEMM of the filters by its
/// rows' pixels, 112 of them at 14 x 14, 448 at 56 x 56. A block's cost
/// grows with its filter matrix more than with its columns: 3x3 of 256
/// channels at 14 x 14 1.96 ms in blocks of 4 rows, 1.72 in blocks of 8;
/// 128 at 28 x 28 1.75 and 1.55; 1x1 2048 -> 512 at 7 x 7 (one block of
/// 49 pixels on one thread) 1.33 and 1.25; blocks of 2 rows ran 2x
/// slower at 7 x 7 and 14 x 14 (AMD EPYC Zen 4, 2 threads). Blocks of one
/// row had taken the register tiles' columns 7 at a time.
static constexpr int64_t kConvRowGroup = 8;
/// The fewest filters of each part of such a convolution whose filters the
/// threads split (RowPlan::splitThreads).
static constexpr int64_t kConvFilterBlockMinRows = 64;

/// Size assumed for a dynamic inner dimension when choosing block sizes.
static constexpr int64_t kAssumedDynamicDim = 1024;

/// A kernel result that is pure data movement (a window of a
/// concatenation, a concatenation itself) has no loop nest to split into
/// rows: `store` then stores an identity copy of it instead, whose row
/// slices move across the slices and inserts below it (the cleanup
/// patterns of the tile-and-fuse driver). Without it such a kernel is one
/// block: one thread on the host, and on the GPU one workgroup holding its
/// whole intermediates in workgroup memory (a broadcast concatenated with
/// itself and sliced across the seam, 88 x 121, needed 125 KiB).
static void copyDataMovement(bufferization::MaterializeInDestinationOp store) {
  Value source = store.getSource();
  auto type = dyn_cast<RankedTensorType>(source.getType());
  if (!type || type.getRank() == 0 || !type.hasStaticShape() ||
      !isa_and_nonnull<tensor::ExtractSliceOp, tensor::InsertSliceOp>(
          source.getDefiningOp()))
    return;
  OpBuilder b(store);
  Location loc = store.getLoc();
  Value init =
      tensor::EmptyOp::create(b, loc, type.getShape(), type.getElementType());
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  auto copy = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{source}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity},
      SmallVector<utils::IteratorType>(type.getRank(),
                                       utils::IteratorType::parallel),
      [](OpBuilder &b, Location loc, ValueRange args) {
        linalg::YieldOp::create(b, loc, args.front());
      });
  store.getSourceMutable().set(copy.getResult(0));
}

/// Whether a block loop of `func` reads a slice of a concatenation (an
/// insert_slice chain) computed whole before the loop.
static bool readsWholeConcat(func::FuncOp func) {
  WalkResult result = func.walk([](tensor::ExtractSliceOp slice) {
    auto loop = slice->getParentOfType<scf::ForOp>();
    auto insert = slice.getSource().getDefiningOp<tensor::InsertSliceOp>();
    if (loop && insert && !loop->isAncestor(insert))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Whether `op` copies its one input to its one output unchanged.
static bool isIdentityCopy(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumResults() != 1 ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  auto yield = cast<linalg::YieldOp>(op.getBody()->getTerminator());
  return yield.getNumOperands() == 1 &&
         yield.getOperand(0) == op.getBody()->getArgument(0);
}

/// The values of a concatenation stored whole by `anchor`: the chain of
/// insert_slice ops (at least one) that `stored` heads, down to the
/// tensor.empty it starts from, each value used once; null if `stored` is
/// no such chain.
static tensor::EmptyOp concatRoot(Value stored) {
  Value value = stored;
  if (!value.getDefiningOp<tensor::InsertSliceOp>())
    return {};
  while (auto insert = value.getDefiningOp<tensor::InsertSliceOp>()) {
    if (!value.hasOneUse())
      return {};
    value = insert.getDest();
  }
  auto empty = value.getDefiningOp<tensor::EmptyOp>();
  return empty && value.hasOneUse() ? empty : tensor::EmptyOp();
}

/// Concatenations stored whole are computed in their destination (what
/// upstream's empty-tensor elimination does, only where nothing else sees
/// the destination or the concatenation): one stored into an output
/// buffer nothing else writes (a kernel of one block), or one inserted into
/// the row block of the block loop's output, and what is inserted into
/// that one in turn. A GPU kernel then keeps no copy of it in workgroup
/// memory (a RoPE rotation's 8 heads of 128 x 64 in a block: 256 KiB); a
/// host kernel builds it in no scratch tensor.
static void writeConcatsInPlace(func::FuncOp func) {
  OpBuilder b(func.getContext());
  func.walk([&](bufferization::MaterializeInDestinationOp store) {
    auto dest = dyn_cast<BlockArgument>(store.getDest());
    tensor::EmptyOp empty = concatRoot(store.getSource());
    if (!dest || !empty || !dest.hasOneUse() ||
        !isa<MemRefType>(dest.getType()) ||
        cast<MemRefType>(dest.getType()).getShape() !=
            empty.getType().getShape())
      return;
    b.setInsertionPoint(empty);
    empty.replaceAllUsesWith(
        bufferization::ToTensorOp::create(b, empty.getLoc(), empty.getType(),
                                          dest, /*restrict=*/true,
                                          /*writable=*/true)
            .getResult());
    empty.erase();
  });
  // Concatenations inserted into the row block of the block loop's output,
  // and, once that one is, the values inserted into it: a concatenation
  // nested in it (a padding of two sides, a concatenation of rows then of
  // columns), or an op's result computed into an empty tensor (the padded
  // activation). Each is computed in its slice of the destination, so a
  // padded batch norm activation is written once, not built in three
  // scratch tensors and copied through them (4 x 96 x 81 x 81: 0.9 ms
  // against 0.3).
  llvm::DenseSet<Value> slicesMade;
  // The tensor a value inserted into `dest` is computed in a slice of: the
  // block loop's output row block, or a slice made here that nothing else
  // uses yet. (Not one seen through values already inserted into it, the
  // zeros before a two-sided padding's interior: bufferization then
  // copies the whole slice out and back, the inserts not known disjoint.)
  auto baseOf = [&](Value dest) -> Value {
    if (auto arg = dyn_cast<BlockArgument>(dest))
      return isa<scf::ForOp>(arg.getOwner()->getParentOp()) ? dest : Value();
    return slicesMade.contains(dest) && dest.hasOneUse() ? dest : Value();
  };
  // The empty tensor `stored` is built on: a concatenation's, or the one a
  // single-result op of one init computes into.
  auto rootOf = [](Value stored) -> tensor::EmptyOp {
    if (tensor::EmptyOp empty = concatRoot(stored))
      return empty;
    auto op = stored.getDefiningOp<DestinationStyleOpInterface>();
    if (!op || !stored.hasOneUse() || op->getNumResults() != 1 ||
        op.getNumDpsInits() != 1 || !isa<linalg::LinalgOp>(*op))
      return {};
    Value init = op.getDpsInitOperand(0)->get();
    auto empty = init.getDefiningOp<tensor::EmptyOp>();
    return empty && init.hasOneUse() ? empty : tensor::EmptyOp();
  };
  for (bool changed = true; changed;) {
    changed = false;
    func.walk([&](tensor::InsertSliceOp outer) {
      Value dest = outer.getDest();
      // The row block may store an identity copy of it (copyDataMovement).
      Value stored = outer.getSource();
      auto copy = stored.getDefiningOp<linalg::GenericOp>();
      if (copy && isIdentityCopy(copy))
        stored = copy.getDpsInputOperand(0)->get();
      else
        copy = nullptr;
      tensor::EmptyOp empty = rootOf(stored);
      Value base = empty ? baseOf(dest) : Value();
      if (!base || (isa<BlockArgument>(dest) && !concatRoot(stored)))
        return WalkResult::advance();
      // The slice goes as early as it can, so that it dominates the empty
      // tensors of concatenations nested in it too: after the last of the
      // values it needs that is an op of the empty tensor's block (before
      // the empty tensor's uses), else at the start of that block.
      DominanceInfo dominance(func);
      SmallVector<Value> needed = {base};
      llvm::append_range(needed, outer.getOffsets());
      llvm::append_range(needed, outer.getSizes());
      llvm::append_range(needed, outer.getStrides());
      Block *block = empty->getBlock();
      Operation *after = nullptr;
      for (Value v : needed) {
        Operation *def = v.getDefiningOp();
        if (def && def->getBlock() == block) {
          if (!after || after->isBeforeInBlock(def))
            after = def;
        } else if (!dominance.properlyDominates(v, empty)) {
          return WalkResult::advance();
        }
      }
      if (after && llvm::any_of(empty->getUsers(), [&](Operation *user) {
            Operation *inBlock = block->findAncestorOpInBlock(*user);
            return !inBlock || !after->isBeforeInBlock(inBlock);
          }))
        return WalkResult::advance();
      if (after)
        b.setInsertionPointAfter(after);
      else
        b.setInsertionPointToStart(block);
      Value slice = tensor::ExtractSliceOp::create(
          b, empty.getLoc(), empty.getType(), base, outer.getMixedOffsets(),
          outer.getMixedSizes(), outer.getMixedStrides());
      slicesMade.insert(slice);
      empty.replaceAllUsesWith(slice);
      empty.erase();
      if (copy) {
        copy.getResult(0).replaceAllUsesWith(stored);
        copy.erase();
      }
      changed = true;
      return WalkResult::interrupt();
    });
  }
}

/// The pass options that size blocks.
struct BlockParams {
  int64_t targetElements, rowMultiple, contractionRows, tileElements;
  bool fitSmallOutputs;
  int64_t contractionTileRows, balanceThreads;
  bool skipUnitDims, fusedRowCost;
  int64_t bf16ContractionRows, bf16SwappedRows, bf16ColumnBlockRows;
  int64_t f32ColumnBlockRows, convPanelColumns;
};

/// How one output's producer is to be split: its consumer, the rows per
/// block, the rows per loop iteration, and the column block of a few-row
/// gemm split along its columns (0 otherwise).
struct RowPlan {
  bufferization::MaterializeInDestinationOp store;
  linalg::LinalgOp consumer;
  RankedTensorType resultType;
  int64_t rows = 0, tileRows = 0, columnBlock = 0;
  /// The output dim the blocks split (after leading unit dims), and the
  /// consumer's loop that walks it.
  int64_t splitDim = 0, splitLoop = 0;
  /// A gemm of dynamic rows shared by `threads` threads: a block's rows are
  /// chosen at run time from the row count M (blockRows), `rows` at most
  /// and `minRows` at least; 0 when every block has `rows` rows.
  int64_t minRows = 0, threads = 0;

  /// Column blocks over a dynamic dim 1, counted at run time
  /// (kHostColumnBlockDimAttrName).
  bool dynamicColumns = false;
  /// The consumer's loop that column blocks split: the one walking the
  /// output's dim `columnDim` (1, or 2 for imageColumns).
  int64_t columnLoop = 1, columnDim = 1;
  /// Blocks of one row (image) of the split dim times a column block of
  /// its pixels, `rows` x columnBlocks() of them (convImageColumnBlock).
  bool imageColumns = false;
  /// With dynamic columns, threads to split the rows between (each block a
  /// part of them) when the column blocks are fewer (a convolution over a
  /// small image: its filters); 0 for never.
  int64_t splitThreads = 0;

  /// Blocks per row block: the column blocks of a gemm split along its
  /// columns, or 0 (also for dynamic columns, counted at run time).
  int64_t columnBlocks() const {
    return columnBlock && !dynamicColumns
               ? llvm::divideCeil(resultType.getDimSize(columnDim), columnBlock)
               : 0;
  }

  /// The output's leading dims whose product the blocks split: those up to
  /// the split dim, or `storedRowDims`, the dims a reshaped store merged.
  int64_t rowDims(int64_t storedRowDims) const {
    return splitDim > 0 ? splitDim + 1 : storedRowDims;
  }
};

/// Columns of one block of a gemm whose threads split its columns:
/// kHostColumnBlock, or, when those blocks do not share out evenly between
/// `threads` (768 columns are 3 blocks of 256: 2 on one thread of 2, a
/// 197 x 768 ViT projection at two thirds of the machine), the widest
/// multiple of 32 columns (whole register tiles) that divides the columns
/// into a multiple of `threads` blocks (768: 4 of 192).
static int64_t columnBlockWidth(int64_t cols, int64_t threads) {
  int64_t blocks = llvm::divideCeil(cols, kHostColumnBlock);
  if (threads <= 1 || blocks % threads == 0)
    return kHostColumnBlock;
  for (int64_t c = llvm::alignTo(blocks, threads); c <= 4 * blocks;
       c += threads)
    if (cols % c == 0 && (cols / c) % 32 == 0)
      return cols / c;
  return kHostColumnBlock;
}

/// The fewest rows of a gemm on AMX tiles blocked along k whose column
/// blocks are as wide as its panels (amxDepthBlockedWidth); fewer keep
/// blocks of kHostColumnBlock, more of them for the threads to share (in
/// one process on the Intel Xeon VM, 2 threads, GFLOP/s in blocks of
/// 1024 and of 256: 128 x 768 @ (50257 x 768)^T 983-1014 and 1105-1220;
/// 1024 rows of it 1334-1380 and 974-1002).
static constexpr int64_t kAmxWideColumnBlockMinRows = 256;

/// Columns of one block of a gemm on AMX tiles blocked along k
/// (kAmxDepthBlock): the widest multiple of 32 up to kAmxDepthBlockedCols
/// that splits `cols` into a multiple of `threads` blocks; else the widest
/// that does so with the last block partial and at most a tenth of the
/// blocks' columns past the output's (so the threads share out the columns
/// evenly: GPT-2's 50257 are 50 blocks of 1024, 2500 are 4 of 672, where
/// 832 would have left 4 columns for the fourth). Each copy of 32 rows of
/// the left operand then serves as many columns as a panel holds. 0 when
/// none of at least kHostColumnBlock does.
static int64_t amxDepthBlockedWidth(int64_t cols, int64_t threads) {
  threads = std::max<int64_t>(threads, 1);
  for (int64_t w = kAmxDepthBlockedCols; w >= kHostColumnBlock; w -= 32)
    if (cols % w == 0 && (cols / w) % threads == 0)
      return w;
  for (int64_t w = kAmxDepthBlockedCols; w >= kHostColumnBlock; w -= 32) {
    int64_t blocks = llvm::divideCeil(cols, w);
    if (blocks % threads == 0 && 10 * blocks * w <= 11 * cols)
      return w;
  }
  return 0;
}

/// A product `out[i, j] += a[j, k] * b[i, k]` (a convolution whose kernel
/// covers its input, such as a 1x1 convolution's weight gradient, lowers
/// so) with its operands swapped to `b[i, k] * a[j, k]`, the order of
/// `x @ W^T` that the blocks' column split and the register tiles' dot
/// products match. The multiply commutes exactly: the same sums.
static void putRowOperandFirst(linalg::GenericOp op) {
  MLIRContext *ctx = op.getContext();
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      maps.size() != 3 || maps[0] != AffineMap::get(3, 0, {j, k}, ctx) ||
      maps[1] != AffineMap::get(3, 0, {i, k}, ctx) ||
      maps[2] != AffineMap::get(3, 0, {i, j}, ctx))
    return;
  // The body: out + a * b (either order of each), nothing else.
  Block &body = op.getRegion().front();
  if (body.getNumArguments() != 3 || body.getOperations().size() != 3)
    return;
  auto mul = dyn_cast<arith::MulFOp>(body.front());
  auto add = dyn_cast<arith::AddFOp>(*std::next(body.begin()));
  auto both = [](Operation *o, Value x, Value y) {
    return (o->getOperand(0) == x && o->getOperand(1) == y) ||
           (o->getOperand(0) == y && o->getOperand(1) == x);
  };
  if (!mul || !add ||
      !both(mul, body.getArgument(0), body.getArgument(1)) ||
      !both(add, body.getArgument(2), mul.getResult()) ||
      body.getTerminator()->getOperands() != ValueRange{add.getResult()})
    return;
  // Swapped operands: the body's multiply now takes b * a, the same bits.
  Value a = op.getDpsInputs()[0], bOperand = op.getDpsInputs()[1];
  op->setOperand(0, bOperand);
  op->setOperand(1, a);
  op.setIndexingMapsAttr(ArrayAttr::get(
      ctx, {AffineMapAttr::get(maps[1]), AffineMapAttr::get(maps[0]),
            AffineMapAttr::get(maps[2])}));
}

/// The fewest multiply-adds of a column block of few rows taking dot
/// products (below, one thread does them all).
static constexpr int64_t kMinColumnBlockWork = int64_t(1) << 20;

/// The fewest columns of a block of a one-image convolution's pixels.
static constexpr int64_t kConvColumnBlockMinCols = 128;

/// The fewest columns of a register tile that a convolution's column
/// blocks over several images take as their width (convImageColumnBlock):
/// narrower, a block is a row or less, and its padded input copies the
/// taps' rows around each of them (3 rows per row for a 3x3 kernel).
static constexpr int64_t kConvPanelMinCols = 64;

/// The only op of `func` with reduction loops, or null when there is none
/// or more than one.
static linalg::LinalgOp soleContraction(func::FuncOp func) {
  linalg::LinalgOp contraction;
  int64_t contractions = 0;
  func.walk([&](linalg::LinalgOp op) {
    if (op.getNumReductionLoops() > 0 && ++contractions == 1)
      contraction = op;
  });
  return contractions == 1 ? contraction : linalg::LinalgOp();
}

/// Whether `op` is a sum of products that meld-vectorize-host-outer-
/// products takes once bufferized, over a window: f32, `out += a * b`
/// (reassociable, contracted: Host/VectorReads.h), two inputs, several
/// reduction loops, the output's last dim a loop that one input reads
/// together with reduction loops only (the filters) and the other, read
/// through a map that is no projected permutation (a window of a padded
/// input), does not read. (A grouped convolution's input reads its
/// filter's group: it keeps its blocks of whole groups.)
static bool isWindowProductSum(linalg::LinalgOp op) {
  auto generic = dyn_cast_or_null<linalg::GenericOp>(op.getOperation());
  if (!generic || generic.getNumDpsInputs() != 2 ||
      generic.getNumDpsInits() != 1 || generic.getNumReductionLoops() < 2 ||
      !meld::codegen::isProductSum(generic) ||
      llvm::any_of(generic->getOperandTypes(), [](Type t) {
        return !getElementTypeOrSelf(t).isF32();
      }))
    return false;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto last = dyn_cast_or_null<AffineDimExpr>(
      maps[2].getNumResults() ? maps[2].getResults().back() : AffineExpr());
  if (!last)
    return false;
  unsigned f = last.getPosition();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned i = 0; i < 2; ++i) {
    AffineMap shared = maps[i], other = maps[1 - i];
    if (!shared.isProjectedPermutation() || !shared.isFunctionOfDim(f) ||
        other.isFunctionOfDim(f) || other.isProjectedPermutation())
      continue;
    if (llvm::all_of(shared.getResults(), [&](AffineExpr e) {
          unsigned d = cast<AffineDimExpr>(e).getPosition();
          return d == f || iterators[d] == utils::IteratorType::reduction;
        }))
      return true;
  }
  return false;
}

/// A convolution's columns as its contraction reads them: the right
/// operand, a collapse of a copy whose last group holds the output pixels
/// (`rows` output rows of `rowLength`, static).
struct CopiedColumns {
  tensor::CollapseShapeOp collapse;
  int64_t rows = 0, rowLength = 0;
};

/// The columns that `contraction` (of two inputs) reads as a collapse of a
/// copy whose pixel group has two dims or more, static; none otherwise.
static std::optional<CopiedColumns>
copiedColumns(linalg::LinalgOp contraction) {
  if (!contraction || contraction.getNumDpsInputs() != 2)
    return std::nullopt;
  auto collapse =
      contraction.getDpsInputs()[1].getDefiningOp<tensor::CollapseShapeOp>();
  if (!collapse || !collapse.getSrc().getDefiningOp<linalg::LinalgOp>())
    return std::nullopt;
  ReassociationIndices pixels = collapse.getReassociationIndices().back();
  ArrayRef<int64_t> shape = collapse.getSrcType().getShape();
  if (pixels.size() < 2 || llvm::any_of(pixels, [&](int64_t d) {
        return ShapedType::isDynamic(shape[d]);
      }))
    return std::nullopt;
  CopiedColumns columns{collapse, shape[pixels.front()], 1};
  for (int64_t d : ArrayRef<int64_t>(pixels).drop_front())
    columns.rowLength *= shape[d];
  return columns;
}

/// Columns per block of `contraction` (the kernel's sole one), `[F, P]`
/// (`resultType`), when it is a one-image convolution whose columns the
/// kernel copies (its right operand a collapse of a copy's `[C, K.., O_1,
/// .., O_d]`): whole output rows, at least kConvColumnBlockMinCols
/// columns, in a number of blocks that is a multiple of `threads` (or at
/// least `threads`); 0 when there is no such convolution or split.
static int64_t convColumnBlock(linalg::LinalgOp contraction,
                               RankedTensorType resultType, int64_t threads) {
  std::optional<CopiedColumns> columns = copiedColumns(contraction);
  if (!columns || threads < 2 ||
      !columns->collapse.getSrcType().hasStaticShape())
    return 0;
  auto [collapse, rows, rowLength] = *columns;
  if (rows * rowLength != resultType.getDimSize(1))
    return 0;
  int64_t fallback = 0;
  for (int64_t m = 1; m < rows; ++m) {
    if (rows % m || m * rowLength < kConvColumnBlockMinCols ||
        rows / m < threads)
      continue;
    if ((rows / m) % threads == 0)
      return m * rowLength;
    if (!fallback)
      fallback = m * rowLength;
  }
  return fallback;
}

/// The one contraction that `consumer` is or reads through other linalg
/// ops (a part of a horizontal kernel, whose function holds several), or
/// null when there is none or more than one.
static linalg::LinalgOp feedingContraction(linalg::LinalgOp consumer) {
  if (consumer.getNumReductionLoops() > 0)
    return consumer;
  linalg::LinalgOp found;
  int64_t count = 0;
  SmallVector<Operation *> work = {consumer};
  llvm::SmallPtrSet<Operation *, 16> visited;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value operand : op->getOperands()) {
      auto def = operand.getDefiningOp<linalg::LinalgOp>();
      if (!def || !visited.insert(def).second)
        continue;
      if (def.getNumReductionLoops() > 0) {
        found = def;
        ++count;
        continue;
      }
      work.push_back(def);
    }
  }
  return count == 1 ? found : linalg::LinalgOp();
}

/// The most bytes of one image's columns that a block of a convolution
/// over several images copies whole; past them its pixels are split too
/// (convImageColumnBlock).
/// (512 KiB had left the 2 x 1 phase of a strided 64-channel convolution's
/// input gradient at 32 x 32, 512 KiB an image, in blocks of 8 images:
/// 0.99 ms, 0.83 split; 3 -> 32 channels at 64 x 64 0.90 and 0.84 ms; images
/// of 4 x 4 to 14 x 14 ran the same either way: one process, Zen 4.)
static constexpr int64_t kConvImageColumnsMaxBytes = 64 * 1024;

/// Columns per block of `contraction` (the kernel's sole one), `[N, F, P]`
/// (`resultType`), when it is a convolution over several images whose
/// columns `[N, K, P]` the kernel copies (its right operand a collapse of
/// a copy's `[N, C, K.., O_1, .., O_d]`) and one image's columns take more
/// than kConvImageColumnsMaxBytes: whole output rows, at least
/// kConvColumnBlockMinCols columns (or the whole image); 0 otherwise. The
/// blocks are then one image by one column block each, so that a block's
/// columns stay in the core's cache while its GEMM reads them once per
/// register tile of filters: blocks of 8 images had copied 8 images'
/// columns (19 MB for 64 channels at 32 x 32) before reading them.
/// A block is exactly `panelColumns` pixels (the register tile's columns,
/// kConvPanelMinCols or more) where that is whole output rows of an image
/// of whole such blocks: its columns `[K, panelColumns]` are then the
/// contraction's packed panels as they are, which it reads in place where
/// it had copied each k block of them (and the filters' rows with it)
/// into a panel again (one process, Zen 5, 4 x 64 tiles: 64 channels at
/// 32 x 32 over 16 images 2.93 -> 2.72 ms; 16 -> 32 channels at 64 x 64
/// 1.64 -> 1.47).
static int64_t convImageColumnBlock(linalg::LinalgOp contraction,
                                    RankedTensorType resultType,
                                    int64_t panelColumns) {
  auto staticAfterFirst = [](ShapedType type) {
    return llvm::none_of(type.getShape().drop_front(), ShapedType::isDynamic);
  };
  std::optional<CopiedColumns> columns = copiedColumns(contraction);
  if (!columns || resultType.getRank() != 3 || !staticAfterFirst(resultType) ||
      resultType.getDimSize(0) == 1)
    return 0;
  auto [collapse, rows, rowLength] = *columns;
  if (!staticAfterFirst(collapse.getSrcType()) ||
      collapse.getResultType().getRank() != 3 ||
      collapse.getReassociationIndices().front().size() != 1)
    return 0;
  int64_t imagePixels = resultType.getDimSize(2);
  if (rows * rowLength != imagePixels ||
      collapse.getResultType().getDimSize(2) != imagePixels)
    return 0;
  int64_t bytes =
      collapse.getResultType().getDimSize(1) * imagePixels *
      llvm::divideCeil(
          collapse.getResultType().getElementType().getIntOrFloatBitWidth(), 8);
  if (bytes <= kConvImageColumnsMaxBytes)
    return 0;
  if (panelColumns >= kConvPanelMinCols && panelColumns % rowLength == 0 &&
      imagePixels % panelColumns == 0)
    return panelColumns;
  for (int64_t m = 1; m < rows; ++m)
    if (rows % m == 0 && m * rowLength >= kConvColumnBlockMinCols)
      return m * rowLength;
  return imagePixels;
}

/// The largest `m` such that a linalg op of `func` reads an input at
/// `d floordiv m`, `d` the loop of its output's dim that is the stored
/// result's dim `split` (of `resultType`; the dims aligned from the last,
/// as leading unit dims may have been folded away): the rows then come in
/// groups of m that read the same elements there. 1 when none does.
static int64_t rowGroup(func::FuncOp func, RankedTensorType resultType,
                        int64_t split) {
  int64_t group = 1;
  int64_t fromLast = resultType.getRank() - split;
  func.walk([&](linalg::LinalgOp op) {
    if (op.getNumDpsInits() != 1)
      return;
    auto outType =
        dyn_cast<ShapedType>(op.getDpsInitOperand(0)->get().getType());
    int64_t at = outType ? outType.getRank() - fromLast : -1;
    if (at < 0 || outType.getDimSize(at) != resultType.getDimSize(split))
      return;
    auto dim = dyn_cast<AffineDimExpr>(
        op.getMatchingIndexingMap(op.getDpsInitOperand(0)).getResult(at));
    if (!dim)
      return;
    for (OpOperand *in : op.getDpsInputOperands())
      for (AffineExpr e : op.getMatchingIndexingMap(in).getResults())
        e.walk([&](AffineExpr sub) {
          auto div = dyn_cast<AffineBinaryOpExpr>(sub);
          if (!div || div.getKind() != AffineExprKind::FloorDiv ||
              div.getLHS() != dim)
            return;
          if (auto m = dyn_cast<AffineConstantExpr>(div.getRHS()))
            group = std::max(group, m.getValue());
        });
  });
  return group;
}

/// Chooses the blocks of the output `store` writes; fails, changing
/// nothing, when its producer cannot be split into row blocks. `gemm`: the
/// output is a matmul's (blocks of contraction rows). `columns`: a few-row
/// gemm may split its columns instead.
static FailureOr<RowPlan>
planRowBlocks(func::FuncOp func,
              bufferization::MaterializeInDestinationOp store,
              const BlockParams &generalParams, bool gemm, bool columns,
              bool dynamicColumns = false) {
  MLIRContext *ctx = func.getContext();
  auto consumer = store.getSource().getDefiningOp<linalg::LinalgOp>();
  if (!consumer || !consumer.hasPureTensorSemantics())
    return failure();
  // Several results only as a join of sibling stores (joinSiblingStores):
  // results of one shape, written through one map.
  for (OpOperand &init : consumer.getDpsInitsMutable())
    if (cast<ShapedType>(init.get().getType()).getShape() !=
            cast<ShapedType>(store.getSource().getType()).getShape() ||
        consumer.getMatchingIndexingMap(&init) !=
            consumer.getMatchingIndexingMap(consumer.getDpsInitOperand(0)))
      return failure();
  auto resultType = cast<RankedTensorType>(store.getSource().getType());
  if (resultType.getRank() == 0)
    return failure();
  // A bf16 gemm on AMX tiles or AVX512-BF16 dots takes its own blocks, of
  // whole 32-row blocks of tiles: a bf16 output, or, on AMX tiles, a
  // product of bf16 operands whose kernel stores another output of its (a
  // residual epilogue's f32 copy for the next norm: Llama's down
  // projection, which had taken the f32 tiles' blocks; not measured with
  // dots, which keep the f32 tiles' blocks for it).
  auto bf16Product = [&] {
    linalg::LinalgOp op = soleContraction(func);
    return op && op.getNumDpsInputs() == 2 &&
           llvm::all_of(op.getDpsInputs(), [](Value v) {
             return getElementTypeOrSelf(v.getType()).isBF16();
           });
  };
  bool amxTiles = generalParams.bf16ContractionRows > 0 &&
                  (resultType.getElementType().isBF16() ||
                   (gemm && generalParams.bf16ColumnBlockRows > 0 &&
                    bf16Product()));
  BlockParams params = generalParams;
  if (gemm && amxTiles) {
    params.contractionRows = params.bf16ContractionRows;
    params.contractionTileRows = 32;
  }
  // Leading unit dims (a batch of one image, of one sequence) would be one
  // block, one thread: the blocks split the first dim after them instead
  // (not the last: a row is split only by a gemm's column blocks). Not
  // through a reshaped store, whose rows are already merged dims.
  int64_t split = 0;
  if (params.skipUnitDims &&
      !store.getDest().getDefiningOp<memref::CollapseShapeOp>())
    while (split + 2 < resultType.getRank() &&
           resultType.getDimSize(split) == 1)
      ++split;
  // An empty iteration space (a sum over a zero-size dimension) has
  // nothing to split, and upstream's tile sizes would divide by it.
  bool emptyLoop = false;
  func.walk([&](linalg::LinalgOp op) {
    emptyLoop |= llvm::is_contained(op.getStaticLoopRanges(), 0);
  });
  if (emptyLoop)
    return failure();
  OpOperand *init = consumer.getDpsInitOperand(0);
  AffineMap outputMap = consumer.getMatchingIndexingMap(init);
  // The loop that walks the split dim (a convolution's loops run output
  // rows first: its output dim 1 is loop 2).
  if (static_cast<int64_t>(outputMap.getNumResults()) <= split)
    return failure();
  auto splitExpr = dyn_cast<AffineDimExpr>(outputMap.getResult(split));
  if (!splitExpr ||
      consumer.getIteratorTypesArray()[splitExpr.getPosition()] !=
          utils::IteratorType::parallel)
    return failure();

  auto extent = [](int64_t d) {
    return ShapedType::isDynamic(d) ? kAssumedDynamicDim
                                    : std::max<int64_t>(d, 1);
  };
  // The elements one output row costs: its inner output elements and,
  // for a reduction (a row sum, a loss), every element it reduces.
  // Contractions are sized by their output, as their register and cache
  // tiles are.
  int64_t inner = 1;
  for (int64_t d : resultType.getShape().drop_front(split + 1))
    inner *= extent(d);
  if (!linalg::isaContractionOpInterface(consumer)) {
    SmallVector<utils::IteratorType> iterators =
        consumer.getIteratorTypesArray();
    SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
    for (auto [type, range] : llvm::zip_equal(iterators, ranges))
      if (type == utils::IteratorType::reduction)
        inner *= extent(range);
  }
  // Or what the costliest op fused into the row computes per row: a layer
  // norm's variance, stored beside its mean, is an elementwise division of
  // one number per row that two reductions of the whole row feed.
  // Contractions and convolutions count by their output, as above.
  if (params.fusedRowCost && !linalg::isaContractionOpInterface(consumer)) {
    int64_t rowCount = 1;
    for (int64_t d : resultType.getShape().take_front(split + 1))
      rowCount *= extent(d);
    func.walk([&](linalg::LinalgOp op) {
      if (linalg::isaContractionOpInterface(op) ||
          linalg::isaConvolutionOpInterface(op))
        return;
      int64_t total = 1;
      for (int64_t range : op.getStaticLoopRanges())
        total *= extent(range);
      inner = std::max(inner, total / rowCount);
    });
  }
  int64_t rows;
  gemm &= params.contractionRows > 0;
  // Rows of the output's matrices in one row of the split dim (a batch
  // matmul's or a convolution's output beyond its rows and columns).
  int64_t middle = 1;
  if (gemm) {
    // A block holds `contractionRows` rows of the matmul's output (for a
    // batch matmul, whole matrices of fewer rows), a GEMM tile's height.
    ArrayRef<int64_t> shape = resultType.getShape();
    if (static_cast<int64_t>(shape.size()) > split + 2)
      for (int64_t d : shape.slice(split + 1, shape.size() - split - 2))
        middle *= extent(d);
    rows = std::max<int64_t>(1, params.contractionRows / middle);
  } else {
    rows = std::max<int64_t>(1, params.targetElements / inner);
  }
  if (params.rowMultiple > 1 && rows >= params.rowMultiple)
    rows -= rows % params.rowMultiple;
  // A row of a split reduction's partials is a whole chunk of the reduced
  // data: one block each.
  if (func->hasAttr(kSplitPartialsAttrName))
    rows = 1;
  // No more rows than the output has: its one block then has a static
  // size (a one-row matmul stays one row, not min(64, 1 - begin) rows).
  // Gemm kernels only: other kernels step through a block in row tiles
  // that divide it, which a small prime row count would make single rows.
  if (params.fitSmallOutputs && gemm && !resultType.isDynamicDim(split))
    rows = std::clamp<int64_t>(resultType.getDimSize(split), 1, rows);
  // A gemm of fewer rows than a block (a matrix-vector product, a decode
  // step's few tokens) would be one block, one thread: its columns are
  // split instead, when they are whole blocks (a partial last block has a
  // dynamic width, which the register tiles do not take), or when the
  // right operand is transposed and the rows few: those take dot products
  // along k (meld-vectorize-host-contractions), whatever the width. GPT-2's
  // language-model head, 50257 columns, ran a decode step's 154 MB of
  // weights on one thread.
  int64_t columnBlock = 0;
  // (A contraction over images and pixels, meld::isImageReduceContraction,
  // takes them whatever its pixels: a 1x1 convolution's weight gradient.)
  auto dotProducts = [&] {
    SmallVector<AffineMap> maps = consumer.getIndexingMapsArray();
    SmallVector<int64_t> loops = consumer.getStaticLoopRanges();
    AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
               k = getAffineDimExpr(2, ctx);
    auto generic = dyn_cast<linalg::GenericOp>(consumer.getOperation());
    if (generic && meld::isImageReduceContraction(generic))
      return resultType.getElementType().isF32() &&
             resultType.getDimSize(0) <=
                 8 * std::max<int64_t>(params.contractionTileRows, 1);
    return maps.size() == 3 && loops.size() == 3 &&
           maps[0] == AffineMap::get(3, 0, {i, k}, ctx) &&
           maps[1] == AffineMap::get(3, 0, {j, k}, ctx) &&
           resultType.getElementType().isF32() &&
           !ShapedType::isDynamic(loops[2]) && loops[2] % 16 == 0 &&
           resultType.getDimSize(0) <=
               8 * std::max<int64_t>(params.contractionTileRows, 1);
  };
  // AMX tiles take a partial last column block (its width dynamic), and
  // each column block packs only its own columns of the right operand,
  // where row blocks each packed all of it (GPT-2's language-model head in
  // bf16, 128 x 768 @ (50257 x 768)^T: 1160 GFLOP/s in column blocks, 926
  // in two row blocks, on a 2-core Intel Xeon).
  // Dynamic rows (a batch or a sequence of any length) take column blocks
  // too, each computing all the rows: one row block of them would be one
  // thread for any count below a block's rows (a 4-row x @ W^T of a
  // 2048 x 2048 weight took 1.46 ms with dynamic rows, 0.49 with static).
  // Whole blocks only: their many-row version packs panels, whose register
  // tiles do not take a partial block's dynamic width (GPT-2's head, 1024
  // x 768 @ (50257 x 768)^T, ran at 127 GFLOP/s so, 410 in row blocks).
  // And at least a block per thread: else the rows are shared out
  // (minRows below), which keeps every thread of a larger machine busy.
  bool dynamicRows = false;
  if (resultType.getRank() == 2 && resultType.isDynamicDim(0) &&
      !resultType.isDynamicDim(1)) {
    int64_t cols = resultType.getDimSize(1);
    int64_t width = columnBlockWidth(cols, params.balanceThreads);
    dynamicRows = cols % width == 0 &&
                  cols / width >= std::max<int64_t>(params.balanceThreads, 1);
  }
  // On AMX tiles, static rows up to bf16ColumnBlockRows split their columns
  // too, when there are enough of them for every thread: each block then
  // packs only its own columns of the right operand and reads all the
  // rows, where each row block of 512 packed all of W (in one process, 2
  // threads, 12 rounds, on the 2-core Intel Xeon, GFLOP/s in column
  // blocks and in row blocks: 1024 x 2048 @ (8192 x 2048)^T 1070-1102 and
  // 961-1083, 1024 x 8192 @ (2048 x 8192)^T 1130-1155 and 995-1116, 600 x
  // 4096 @ (4096 x 4096)^T 1231-1258 and 1045-1092, 4096 x 2048 @ (2048 x
  // 2048)^T 1148-1181 and 1036-1063, 1024 x 2048 @ 2048 x 2048 1350-1432
  // and 1183-1269; 2048 x 768 @ (3072 x 768)^T with GELU 728-989 and
  // 902-988).
  bool amxColumns =
      amxTiles && resultType.hasStaticShape() &&
      resultType.getDimSize(0) <= params.bf16ColumnBlockRows &&
      resultType.getRank() == 2 &&
      resultType.getDimSize(1) / kHostColumnBlock >=
          std::max<int64_t>(params.balanceThreads, 2);
  // Likewise an f32 `x @ W^T` of up to f32ColumnBlockRows static rows in
  // column blocks (Intel's AVX-512 tiles): in one process, 10
  // rounds on the 2-core Intel Xeon, GFLOP/s in column blocks and in row
  // blocks of 258 (two runs): 1024 x 2048 @ (8192 x 2048)^T 222 and
  // 196-209, 2048 x 768 @ (3072 x 768)^T 245 and 225-235, 1024 x 8192 @
  // (2048 x 8192)^T 281 and 261. Plain right operands lost (1024^3: 206
  // and 269-283), and keep their row blocks.
  auto transposedRight = [&] {
    linalg::LinalgOp op = soleContraction(func);
    if (!op || op.getNumLoops() != 3)
      return false;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
               k = getAffineDimExpr(2, ctx);
    return maps[0] == AffineMap::get(3, 0, {i, k}, ctx) &&
           maps[1] == AffineMap::get(3, 0, {j, k}, ctx);
  };
  // Their columns need not be whole blocks: the last block is then
  // narrower, and meld-vectorize-host-contractions versions each block by
  // its width (versionByColumns), so both widths take register tiles.
  // GPT-2's head, 128 x 768 @ (50257 x 768)^T, had taken two row blocks,
  // each packing all of W: in one process, interleaved with torch.matmul
  // on the Emerald Rapids Xeon, 0.92x torch at 50240 columns, 1.09-1.19x
  // at 50176 (whole blocks).
  bool f32TransposedColumns =
      gemm && params.f32ColumnBlockRows > 0 &&
      resultType.getElementType().isF32() && resultType.hasStaticShape() &&
      resultType.getRank() == 2 &&
      resultType.getDimSize(0) <= params.f32ColumnBlockRows &&
      resultType.getDimSize(1) / kHostColumnBlock >=
          std::max<int64_t>(params.balanceThreads, 2) &&
      transposedRight();
  // An f32 gemm of few static rows in column blocks too, the last one
  // narrower: each thread then packs and reads its share of the right
  // operand, where row blocks packed all of it on every thread. In one
  // process on the Emerald Rapids Xeon, against row blocks: 77 x 1000 @
  // 1000 x 1009 1.15x, 77 x 1000 @ 1000 x 1000 1.11x, 100 rows 1.09x; 128
  // rows 0.96x and 150 0.95x (their left operand, which every column
  // block packs, outweighs half of the right one).
  bool f32FewRowColumns =
      gemm && resultType.getElementType().isF32() &&
      resultType.hasStaticShape() && resultType.getRank() == 2 &&
      resultType.getDimSize(0) <= kF32FewRowColumnsMaxRows &&
      resultType.getDimSize(1) / kHostColumnBlock >=
          std::max<int64_t>(params.balanceThreads, 2);
  bool f32Columns = f32TransposedColumns &&
                    resultType.getDimSize(0) > params.contractionRows;
  if (columns && params.fitSmallOutputs && gemm && resultType.getRank() == 2 &&
      ((resultType.hasStaticShape() &&
        resultType.getDimSize(0) <= params.contractionRows) ||
       dynamicRows || amxColumns || f32Columns) &&
      resultType.getDimSize(1) >= 2 * kHostColumnBlock &&
      (resultType.getDimSize(1) % kHostColumnBlock == 0 || dotProducts() ||
       amxTiles || f32TransposedColumns || f32FewRowColumns) &&
      outputMap.getNumResults() == 2 &&
      outputMap.getResult(1) == getAffineDimExpr(1, ctx) &&
      consumer.getIteratorTypesArray()[1] == utils::IteratorType::parallel)
    columnBlock = columnBlockWidth(resultType.getDimSize(1),
                                   params.balanceThreads);
  // Static rows on AMX tiles blocked along k take column blocks as wide as
  // their panels (up to 1024 columns): with blocks of 256, each copy of the
  // left operand's rows served only 256 columns (docs/codegen.md, "bf16 on
  // AMX tiles", has the measurements).
  if (columnBlock && amxColumns) {
    linalg::LinalgOp op = soleContraction(func);
    int64_t depth = op ? op.getStaticLoopRanges().back() : 0;
    if (isAmxBlockedDepth(depth) &&
        resultType.getDimSize(0) >= kAmxWideColumnBlockMinRows)
      if (int64_t width = amxDepthBlockedWidth(resultType.getDimSize(1),
                                               params.balanceThreads))
        columnBlock = width;
  }
  // Few rows of `x @ W^T` too narrow for blocks of kHostColumnBlock but
  // long in k (a 1x1 convolution's weight gradient, 16 x 96 over the
  // batch's 25,600 pixels) would be one block, one thread, packing all of
  // W: a block per thread of whole vectors of columns takes dot products
  // along k instead.
  if (!columnBlock && columns && params.fitSmallOutputs && gemm &&
      params.balanceThreads > 1 && resultType.getRank() == 2 &&
      resultType.hasStaticShape() && dotProducts() &&
      outputMap.getNumResults() == 2 &&
      outputMap.getResult(1) == getAffineDimExpr(1, ctx) &&
      consumer.getIteratorTypesArray()[1] == utils::IteratorType::parallel) {
    int64_t cols = resultType.getDimSize(1);
    int64_t width =
        llvm::alignTo(llvm::divideCeil(cols, params.balanceThreads), 16);
    SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
    int64_t k = 1;
    for (int64_t range : ArrayRef(ranges).drop_front(2))
      k *= range;
    if (width < cols &&
        resultType.getDimSize(0) * width * k >= kMinColumnBlockWork)
      columnBlock = width;
  }
  // (A column block of dynamic rows computes all of them: its blocks are
  // counted as one row block of kAllRows rows times the column blocks.)
  if (columnBlock && dynamicRows)
    rows = kAllRows;
  // (Static rows in column blocks are one row block.)
  if (columnBlock && (amxColumns || f32Columns))
    rows = std::max(rows, resultType.getDimSize(0));
  // A one-image convolution whose kernel copies its columns splits its
  // pixels in whole output rows (convColumnBlock), so that each block
  // copies only its own columns (SliceAboveAlignedCollapse fuses the copy
  // into the block). Split by filters, every thread copied every column
  // (a ResNet-50's 7 x 7 stem at 224 in bf16: 0.78 ms so, 0.31 in blocks of
  // two output rows, in one process on a 2-core Zen 5).
  // (The kernel's sole contraction, found once for this rule and those
  // below: the consumer's producer when an epilogue follows.)
  linalg::LinalgOp sole = gemm ? soleContraction(func) : linalg::LinalgOp();
  if (params.fitSmallOutputs && gemm && resultType.getRank() == 2 &&
      resultType.hasStaticShape() && outputMap.getNumResults() == 2 &&
      outputMap.getResult(1) == getAffineDimExpr(1, ctx) &&
      consumer.getIteratorTypesArray()[1] == utils::IteratorType::parallel)
    if (int64_t width = convColumnBlock(sole, resultType, params.balanceThreads))
      columnBlock = width;
  // A convolution over several images of large columns: blocks of one
  // image by a column block of its pixels (convImageColumnBlock).
  bool imageColumns = false;
  int64_t imageColumnLoop = 0;
  if (params.fitSmallOutputs && gemm && !columnBlock && split == 0 &&
      resultType.getRank() == 3 && outputMap.getNumResults() == 3)
    if (auto dim = dyn_cast<AffineDimExpr>(outputMap.getResult(2));
        dim && consumer.getIteratorTypesArray()[dim.getPosition()] ==
                   utils::IteratorType::parallel)
      if (int64_t width = convImageColumnBlock(
              sole ? sole : feedingContraction(consumer), resultType,
              params.convPanelColumns)) {
        columnBlock = width;
        imageColumns = true;
        imageColumnLoop = dim.getPosition();
        rows = 1;
      }
  // A gemm of static rows whose dim 1 is dynamic: a convolution over images
  // of any size in its per-row form (`[F, O_1, .., O_d]`, each output row a
  // GEMM of the filters by that row's columns), or `W @ x` of any width (a
  // 1-D convolution over a sequence of any length). Split by rows, every
  // block copied the whole image's columns and the threads split the
  // filters (a 3x3 convolution of 64 channels at 56 x 56 ran 4.9x slower
  // than over a static image). Blocks of one output row (of
  // kHostColumnBlock columns) instead, each computing all the rows from
  // its own columns, counted at run time (kHostColumnBlockDimAttrName).
  // (The consumer may be the contraction itself, whose loops run output
  // rows first.)
  bool perRowColumns = false;
  std::optional<unsigned> columnLoop;
  if (outputMap.getNumResults() == resultType.getRank() &&
      resultType.getRank() >= 2)
    if (auto dim = dyn_cast<AffineDimExpr>(outputMap.getResult(1)))
      columnLoop = dim.getPosition();
  if (dynamicColumns && !columnBlock && gemm && params.fitSmallOutputs &&
      params.balanceThreads > 1 && split == 0 && sole && columnLoop &&
      !resultType.isDynamicDim(0) && resultType.isDynamicDim(1) &&
      consumer.getIteratorTypesArray()[*columnLoop] ==
          utils::IteratorType::parallel &&
      sole.getNumReductionLoops() == 1 && sole.getNumDpsInputs() == 2) {
    if (resultType.getRank() == 2) {
      columnBlock = kHostColumnBlock;
    } else {
      // A convolution: out[f, o_1, ..] with the filters `[F, K]` read at
      // (f, k) and the columns not at f. In the per-row form (loops o_1,
      // .., f, .., k) blocks of one output row; over columns [K, O_1, ..]
      // (loops f, o_1, .., k: MeldToLinalg's form over a dynamic image on
      // the host) blocks of kConvRowGroup rows, each one GEMM of the
      // filters by its rows' pixels (collapseConvRowGroups).
      SmallVector<AffineMap> maps = sole.getIndexingMapsArray();
      AffineMap out = maps[2];
      if (maps[0].getNumResults() == 2 && out.getNumResults() >= 3 &&
          out.getResult(0) == maps[0].getResult(0) &&
          out.getResult(1) != out.getResult(0) &&
          isa<AffineDimExpr>(maps[0].getResult(0)) &&
          !maps[1].isFunctionOfDim(
              cast<AffineDimExpr>(maps[0].getResult(0)).getPosition()))
        columnBlock =
            out.getResult(1) == getAffineDimExpr(0, ctx) ? 1 : kConvRowGroup;
    }
    perRowColumns = columnBlock > 0;
    if (perRowColumns)
      rows = resultType.getDimSize(0);
  }
  // A convolution's blocks of output rows fewer than the threads (a 7 x 7
  // image is one block) split its filters between them too, in parts of
  // kConvFilterBlockMinRows or more, chosen at run time: split always,
  // every block gathered its columns once per part (3x3 of 256 channels at
  // 14 x 14 1.72 -> 1.99 ms, where 2 blocks of 8 rows share out already).
  int64_t splitThreads = 0;
  if (perRowColumns && columnBlock > 1)
    for (int64_t t = params.balanceThreads; t > 1 && !splitThreads; --t)
      if (rows % t == 0 && rows / t >= kConvFilterBlockMinRows)
        splitThreads = t;
  // The blocks' contraction, when it is the only one, and its operands'
  // maps.
  linalg::LinalgOp contraction;
  // (Not for column blocks over a dynamic dim: the rules below size theirs
  // from a static column count.)
  if (columnBlock && !perRowColumns && params.balanceThreads > 0 && sole &&
      sole.getNumLoops() == 3)
    contraction = sole;
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  auto contractionMaps = [&](AffineMap lhs, AffineMap rhs) {
    SmallVector<AffineMap> maps = contraction.getIndexingMapsArray();
    return maps.size() == 3 && maps[0] == lhs && maps[1] == rhs;
  };
  // A bf16 `x @ W^T` of few rows on AVX512-BF16 dots (up to 64 computed as
  // (W x^T)^T, packing x once per block): one block per thread, the last
  // one partial, so x is packed once per thread and a packed panel of W is
  // never narrower than 256 columns (in one process, 2 threads, Zen 5:
  // 64 x 4096 @ (4096 x 4096)^T 912 GFLOP/s so, 875 in blocks of 256;
  // 128 x 2048 @ (8192 x 2048)^T 843 and 797).
  if (contraction && amxTiles &&
      resultType.getDimSize(0) <= params.bf16SwappedRows &&
      contractionMaps(AffineMap::get(3, 0, {i, k}, ctx),
                      AffineMap::get(3, 0, {j, k}, ctx)))
    columnBlock = llvm::alignTo(
        llvm::divideCeil(resultType.getDimSize(1), params.balanceThreads), 64);
  // A few rows (up to 4) of a plain right operand of 4 MiB or more (a
  // matrix-vector product from memory) are streamed along whole rows of it
  // (meld-vectorize-host-contractions' emitStreamedRows): one block per
  // thread, as wide as the columns share out, so each row of the weight is
  // read in runs of its whole width. Blocks of 256 columns read 1 KiB of
  // each row, 16 KiB apart for a 4096-wide weight: 16.9 GB/s of the
  // 2-core VM's 30, streamed 32 (1 x 4096 @ 4096 x 4096).
  if (contraction && resultType.getDimSize(0) <= kStreamedRowsMaxRows) {
    SmallVector<int64_t> loops = contraction.getStaticLoopRanges();
    int64_t cols = resultType.getDimSize(1);
    int64_t width = cols / params.balanceThreads;
    if (contractionMaps(AffineMap::get(3, 0, {i, k}, ctx),
                        AffineMap::get(3, 0, {k, j}, ctx)) &&
        resultType.getElementType().isF32() &&
        !ShapedType::isDynamic(loops[2]) &&
        loops[2] * cols * 4 >= kStreamedRowsMinBytes &&
        cols % params.balanceThreads == 0 && width % 16 == 0 &&
        width >= kHostStreamedRowsMinCols)
      columnBlock = width;
  }
  // Blocks of equal rows, whole register tiles, and at least one per
  // thread while they keep 64 rows or more: 300 rows in blocks of up to
  // 256 are two blocks of 152 and 148 rows, not 256 and 44 (which left a
  // thread idle for most of the kernel).
  // In an output of more dims, the split dim's rows count `middle` matrix
  // rows each, and blocks need not be whole register tiles of them (a
  // 1 x 96 x 4 x 4 patch convolution: 96 rows of 4 in two blocks).
  if (gemm && params.balanceThreads > 0 && !columnBlock &&
      !resultType.isDynamicDim(split)) {
    int64_t m = resultType.getDimSize(split);
    int64_t minRows = llvm::divideCeil(
        m <= rows ? kMinSharedRows : kMinBalancedRows, middle);
    int64_t count = std::max<int64_t>(
        llvm::divideCeil(m, rows),
        std::min<int64_t>(params.balanceThreads, m / minRows));
    int64_t step = middle == 1
                       ? std::max<int64_t>(params.contractionTileRows, 1)
                       : 1;
    rows = std::min<int64_t>(
        rows, llvm::alignTo(llvm::divideCeil(m, std::max<int64_t>(count, 1)),
                            step));
    rows = std::max<int64_t>(rows, 1);
    // Blocks of a dim whose rows count several matrix rows each (a
    // batched product's batches, a convolution's images) divide it: a
    // partial last block has a dynamic batch range, which the paired
    // kernels (vdpbf16ps dots, AMX tiles) do not take. 3 images in blocks
    // of 2 ran a ResNet-50's convolutions on the generic loops: 168 ms in
    // bf16, against 28 for 2 images, where blocks of 1 image take the
    // dots (one process, 2 threads, Zen 5).
    if (middle > 1)
      while (m % rows)
        --rows;
  }
  // A sum of products over a window with several reductions (a
  // convolution's weight gradient in MeldToLinalg's pixel-rows form, which
  // meld-vectorize-host-outer-products computes along the filters, packing
  // them a chunk of the reduction at a time for all of the block's rows):
  // one block per thread, computed whole (tileRows below), so that each
  // thread packs the filters once. (In blocks of 2 of 64 images, tiled one
  // image at a time, it packed them 64 times: a 3 x 3 gradient of 64
  // channels over 16 images of 32 x 32 ran 7.5 ms so.)
  bool windowSum = gemm && isWindowProductSum(soleContraction(func));
  if (windowSum && params.balanceThreads > 0 &&
      !resultType.isDynamicDim(split)) {
    // Blocks of whole images (a divisor of them) that keep the busiest
    // thread's rows fewest, the larger of equals (fewer packings): 64
    // images in 2 of 32 on 2 threads, 5 in 5 of 1 rather than one of 5.
    int64_t m = resultType.getDimSize(split);
    int64_t best = m;
    for (int64_t r = m; r >= 1; --r)
      if (m % r == 0 &&
          llvm::divideCeil(m / r, params.balanceThreads) * r <
              llvm::divideCeil(m / best, params.balanceThreads) * best)
        best = r;
    rows = best;
  }
  // Rows read through `row floordiv m` (a grouped convolution's filters,
  // m per group) are sliced correctly only at offsets that are multiples
  // of m, or by slices inside one group: tiling a floordiv map keeps it
  // on the slice's own rows (filters 3 to 5 of groups of 2, one slice,
  // read groups 0, 0, 1 of their padded input instead of 1, 2, 2). So
  // blocks and tiles are multiples of m, or divisors of it.
  int64_t group = columnBlock ? 1 : rowGroup(func, resultType, split);
  auto aligned = [&](int64_t n) {
    return group <= 1 || n % group == 0 || group % n == 0;
  };
  // The largest divisor of `group` and of `of` that is at most `n`.
  auto commonDivisor = [&](int64_t n, int64_t of) {
    int64_t d = std::min(n, std::gcd(group, of));
    while (group % d != 0 || of % d != 0)
      --d;
    return d;
  };
  if (!aligned(rows))
    rows = rows > group ? rows - rows % group : commonDivisor(rows, group);
  // Dynamic rows of a gemm: a block's rows are chosen at run time, as the
  // static rule above chooses them (one block per thread while blocks keep
  // kMinBalancedRows rows), so that 64-255 rows are not one block on one
  // thread (a dynamic 128 x 768 @ (50257 x 768)^T, GPT-2's head in a
  // prefill of 128 tokens, ran at 138 GFLOP/s on one thread of 2).
  int64_t minRows = 0;
  if (gemm && params.balanceThreads > 1 && !columnBlock && middle == 1 &&
      split == 0 && resultType.isDynamicDim(split) &&
      rows > kMinBalancedRows)
    minRows = kMinBalancedRows;
  // The rows one loop iteration computes: a divisor of the block's rows, so
  // that block boundaries fall on tile boundaries. Contractions keep whole
  // blocks (their register tiles need a multiple of `rowMultiple` rows).
  int64_t tileRows = rows;
  bool hasContraction = false;
  func.walk([&](linalg::LinalgOp op) {
    hasContraction |= linalg::isaContractionOpInterface(op);
  });
  if (params.tileElements > 0 && !hasContraction && !windowSum) {
    tileRows = std::clamp<int64_t>(params.tileElements / inner, 1, rows);
    while (rows % tileRows != 0)
      --tileRows;
    // Whole groups of rows that read their inputs through `row floordiv
    // m` (a grouped convolution's filters, m per group, read the group's
    // channels of its padded input): the fused producer of what a group
    // reads is then computed once per group, not once per row. 32 groups
    // of 32 channels at 7 x 7: 0.240 -> 0.171 ms; of 16 at 14 x 14: 0.155
    // -> 0.111 ms; 2 groups of 64 at 28 x 28 (blocks of 32 filters):
    // 0.462 -> 0.332 ms (Zen 5, 2 threads, conv + ReLU).
    // (A block inside a larger group is one tile.)
    if (group > tileRows && (rows % group == 0 || group % rows == 0))
      tileRows = std::min(group, rows);
    if (!aligned(tileRows))
      tileRows = commonDivisor(tileRows, rows);
  }
  RowPlan plan{store,      consumer,
               resultType, rows,
               tileRows,   columnBlock,
               split,      splitExpr.getPosition(),
               minRows,    minRows ? params.balanceThreads : 0};
  plan.dynamicColumns = perRowColumns;
  if (perRowColumns)
    plan.columnLoop = *columnLoop;
  plan.splitThreads = splitThreads;
  if (imageColumns) {
    plan.imageColumns = true;
    plan.columnDim = 2;
    plan.columnLoop = imageColumnLoop;
  }
  return plan;
}

/// The rows of each block of `plan` with `count` rows (an index value):
/// `plan.rows`, or, with `plan.minRows`, the rows shared out evenly between
/// the threads in whole 8-row tiles, within [minRows, rows]. Compiler.cpp's
/// block count computes the same (KernelBlocks::count).
static Value blockRows(OpBuilder &b, Location loc, const RowPlan &plan,
                       Value count) {
  auto c = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  if (!plan.minRows)
    return c(plan.rows);
  Value share = arith::CeilDivSIOp::create(b, loc, count, c(plan.threads));
  Value tiles = arith::MulIOp::create(
      b, loc, arith::CeilDivSIOp::create(b, loc, share, c(8)), c(8));
  return arith::MinSIOp::create(
      b, loc, c(plan.rows),
      arith::MaxSIOp::create(b, loc, c(plan.minRows), tiles));
}

/// A slice of a concatenation taken across it: `extract_slice` of
/// `insert_slice(src into dest)` where, along every dim, the insert covers
/// all of `dest` or the slice takes all of it (a row block of
/// `concat(-x[..., h:], x[..., :h])`, RoPE's rotate-half, is rows of each
/// piece). It becomes the insert of the slice of `src` into the slice of
/// `dest`, both slices the tile-and-fuse driver then fuses. Without it a
/// concat's `insert_slice` chain, which implements no tiling interface,
/// stayed outside the row loop and every block computed all of it.
/// The unit-stride slice `offsets`/`sizes` of `insert`'s result built
/// across it (see SliceAcrossInsertSlice), or null when along some dim the
/// insert does not cover the tensor and the slice does not take all of it.
static Value sliceAcross(OpBuilder &b, Location loc,
                         tensor::InsertSliceOp insert,
                         ArrayRef<OpFoldResult> offsets,
                         ArrayRef<OpFoldResult> sizes) {
  RankedTensorType dest = insert.getDestType();
  int64_t rank = dest.getRank();
  auto whole = [&](OpFoldResult offset, OpFoldResult size, int64_t d) {
    return isConstantIntValue(offset, 0) &&
           isConstantIntValue(size, dest.getDimSize(d));
  };
  SmallVector<OpFoldResult> pieceOffsets, pieceSizes, insertOffsets;
  for (int64_t d = 0; d < rank; ++d) {
    OpFoldResult insertOffset = insert.getMixedOffsets()[d];
    OpFoldResult insertSize = insert.getMixedSizes()[d];
    if (whole(insertOffset, insertSize, d)) {
      pieceOffsets.push_back(offsets[d]);
      pieceSizes.push_back(sizes[d]);
      insertOffsets.push_back(b.getIndexAttr(0));
    } else if (whole(offsets[d], sizes[d], d)) {
      pieceOffsets.push_back(b.getIndexAttr(0));
      pieceSizes.push_back(insertSize);
      insertOffsets.push_back(insertOffset);
    } else {
      return Value();
    }
  }
  SmallVector<OpFoldResult> ones(rank, b.getIndexAttr(1));
  Value piece = tensor::ExtractSliceOp::create(b, loc, insert.getSource(),
                                               pieceOffsets, pieceSizes, ones);
  Value into = tensor::ExtractSliceOp::create(b, loc, insert.getDest(),
                                              offsets, sizes, ones);
  return tensor::InsertSliceOp::create(b, loc, piece, into, insertOffsets,
                                       pieceSizes, ones)
      .getResult();
}

/// A rank-reducing `insert` (a concatenation's piece whose unit dims were
/// folded away: 1024x32 into 1x1024x64) replaced by the insert of its
/// source expanded back to the insert's rank, which the slice patterns
/// below take across; `insert` itself when it does not reduce the rank.
static FailureOr<tensor::InsertSliceOp>
fullRankInsert(PatternRewriter &rewriter, tensor::InsertSliceOp insert) {
  RankedTensorType source = insert.getSourceType();
  int64_t rank = insert.getDestType().getRank();
  if (source.getRank() == rank)
    return insert;
  std::optional<SmallVector<int64_t>> sizes =
      getConstantIntValues(insert.getMixedSizes());
  if (!sizes || !source.hasStaticShape())
    return failure();
  auto expandedType = RankedTensorType::get(*sizes, source.getElementType());
  std::optional<SmallVector<ReassociationIndices>> reassociation =
      getReassociationIndicesForReshape(source, expandedType);
  if (!reassociation)
    return failure();
  rewriter.setInsertionPoint(insert);
  Value expanded = tensor::ExpandShapeOp::create(
      rewriter, insert.getLoc(), expandedType, insert.getSource(),
      *reassociation);
  return rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
      insert, expanded, insert.getDest(), insert.getMixedOffsets(),
      insert.getMixedSizes(), insert.getMixedStrides());
}

struct SliceAcrossInsertSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp extract,
                                PatternRewriter &rewriter) const override {
    auto insert = extract.getSource().getDefiningOp<tensor::InsertSliceOp>();
    if (!insert || !insert.hasUnitStride() || !extract.hasUnitStride())
      return failure();
    RankedTensorType dest = insert.getDestType();
    int64_t rank = dest.getRank();
    if (!dest.hasStaticShape() || extract.getResultType().getRank() != rank)
      return failure();
    OpBuilder::InsertionGuard guard(rewriter);
    FailureOr<tensor::InsertSliceOp> full = fullRankInsert(rewriter, insert);
    if (failed(full))
      return failure();
    // (An insert made full-rank is a change of its own.)
    bool expanded = *full != insert;
    insert = *full;
    rewriter.setInsertionPoint(extract);
    Value across =
        sliceAcross(rewriter, extract.getLoc(), insert,
                    extract.getMixedOffsets(), extract.getMixedSizes());
    if (!across)
      return success(expanded);
    rewriter.replaceOp(extract, across);
    return success();
  }
};

/// The part of a slice that can cross a concatenation, split off: an
/// `extract_slice` of `insert_slice(src into dest)` that is partial along
/// dims where the insert covers all of `dest` (a row block's channels) and
/// also along dims where neither covers everything, or strided (a max
/// pool's nine strided windows of its padded input, a concat of -inf
/// borders along H and W). It becomes a unit-stride slice along the first
/// dims only, which SliceAcrossInsertSlice takes across, then the rest of
/// the slice within it. Every slice of the same insert in the block with
/// the same first part shares one, so the nine windows of a channel block
/// pad that block once; before, each thread padded all 64 channels of a
/// ResNet's 112 x 112 stem output (4.3 ms for the pool, Inductor 0.86).
struct SplitSliceAcrossInsertSlice
    : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp extract,
                                PatternRewriter &rewriter) const override {
    auto insert = extract.getSource().getDefiningOp<tensor::InsertSliceOp>();
    if (!insert || !insert.hasUnitStride())
      return failure();
    RankedTensorType dest = insert.getDestType();
    int64_t rank = dest.getRank();
    if (!dest.hasStaticShape() || insert.getSourceType().getRank() != rank ||
        extract.getResultType().getRank() != rank)
      return failure();
    auto whole = [&](OpFoldResult offset, OpFoldResult size, int64_t d) {
      return isConstantIntValue(offset, 0) &&
             isConstantIntValue(size, dest.getDimSize(d));
    };
    // Dims the slice takes part of across the insert (the insert covers
    // them), and whether any other dim keeps the slice from crossing.
    SmallVector<bool> crosses(rank, false);
    bool anyCrosses = false, blocked = !extract.hasUnitStride();
    for (int64_t d = 0; d < rank; ++d) {
      bool sliceWhole =
          whole(extract.getMixedOffsets()[d], extract.getMixedSizes()[d], d);
      if (whole(insert.getMixedOffsets()[d], insert.getMixedSizes()[d], d) &&
          !sliceWhole && isConstantIntValue(extract.getMixedStrides()[d], 1)) {
        crosses[d] = anyCrosses = true;
      } else if (!sliceWhole) {
        blocked = true;
      }
    }
    if (!anyCrosses || !blocked)
      return failure();
    auto firstPart = [&](tensor::ExtractSliceOp slice, int64_t d,
                         bool size) -> OpFoldResult {
      if (!crosses[d])
        return size ? rewriter.getIndexAttr(dest.getDimSize(d))
                    : rewriter.getIndexAttr(0);
      return size ? slice.getMixedSizes()[d] : slice.getMixedOffsets()[d];
    };
    auto sameFirstPart = [&](tensor::ExtractSliceOp other) {
      for (int64_t d = 0; d < rank; ++d) {
        if (!crosses[d])
          continue;
        if (!isEqualConstantIntOrValue(other.getMixedOffsets()[d],
                                       extract.getMixedOffsets()[d]) ||
            !isEqualConstantIntOrValue(other.getMixedSizes()[d],
                                       extract.getMixedSizes()[d]) ||
            !isConstantIntValue(other.getMixedStrides()[d], 1))
          return false;
      }
      return other.getResultType().getRank() == rank;
    };
    // This slice and its siblings with the same first part, in order.
    SmallVector<tensor::ExtractSliceOp> slices;
    for (Operation *user : insert.getResult().getUsers())
      if (auto other = dyn_cast<tensor::ExtractSliceOp>(user))
        if (other->getBlock() == extract->getBlock() && sameFirstPart(other))
          slices.push_back(other);
    llvm::sort(slices, [](tensor::ExtractSliceOp a, tensor::ExtractSliceOp b) {
      return a->isBeforeInBlock(b);
    });
    // The first part's offsets and sizes must be available at the first.
    for (int64_t d = 0; d < rank; ++d)
      for (OpFoldResult ofr :
           {extract.getMixedOffsets()[d], extract.getMixedSizes()[d]})
        if (auto v = dyn_cast<Value>(ofr))
          if (Operation *def = v.getDefiningOp();
              def && def->getBlock() == slices.front()->getBlock() &&
              !def->isBeforeInBlock(slices.front()))
            return failure();
    Location loc = extract.getLoc();
    SmallVector<OpFoldResult> offsets, sizes;
    for (int64_t d = 0; d < rank; ++d) {
      offsets.push_back(firstPart(extract, d, /*size=*/false));
      sizes.push_back(firstPart(extract, d, /*size=*/true));
    }
    // Built across the insert at once: as a slice of a slice, upstream's
    // merge of consecutive slices would put the two parts back together.
    rewriter.setInsertionPoint(slices.front());
    Value part = sliceAcross(rewriter, loc, insert, offsets, sizes);
    if (!part)
      return failure();
    for (tensor::ExtractSliceOp slice : slices) {
      SmallVector<OpFoldResult> restOffsets, restStrides;
      for (int64_t d = 0; d < rank; ++d) {
        restOffsets.push_back(crosses[d] ? rewriter.getIndexAttr(0)
                                         : slice.getMixedOffsets()[d]);
        restStrides.push_back(crosses[d] ? rewriter.getIndexAttr(1)
                                         : slice.getMixedStrides()[d]);
      }
      rewriter.setInsertionPoint(slice);
      rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
          slice, slice.getResultType(), part, restOffsets,
          slice.getMixedSizes(), restStrides);
    }
    return success();
  }
};

/// Upstream's pattern `inner` that moves an `extract_slice` above the
/// reshape it reads, except above a reshape of a rank-0 tensor: a kernel of
/// all-unit dims folded to rank 0 (a fuzzer's 1 x 1 program) has slices of
/// dynamic size (clamped to the block range), and the moved slice became an
/// expand_shape of a rank-0 buffer to a dynamic dim, which bufferization
/// rejects. With `oneDynamicPerGroup`, not above a reshape that merges or
/// splits a dynamic dim with other dims than unit ones (a dynamic dim
/// alone in its group, or beside unit dims; static groups as they are): in
/// a kernel of dynamic shapes, such a slice gave a view that code
/// generation does not take (meld-lower-dynamic-expand-shapes refused
/// bf16 GPT-2's and Llama's kernels).
struct SliceAboveReshape : RewritePattern {
  SliceAboveReshape(std::unique_ptr<RewritePattern> inner, MLIRContext *ctx,
                    bool oneDynamicPerGroup)
      : RewritePattern(inner->getRootKind()->getStringRef(),
                       inner->getBenefit(), ctx),
        inner(std::move(inner)), oneDynamicPerGroup(oneDynamicPerGroup) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto slice = dyn_cast<tensor::ExtractSliceOp>(op);
    if (!slice)
      return failure();
    Operation *reshape = slice.getSource().getDefiningOp();
    if (!isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
            reshape))
      return inner->matchAndRewrite(op, rewriter);
    if (cast<RankedTensorType>(reshape->getOperand(0).getType()).getRank() == 0)
      return failure();
    if (oneDynamicPerGroup) {
      // The expanded side's dims, grouped.
      auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape);
      auto collapse = dyn_cast<tensor::CollapseShapeOp>(reshape);
      RankedTensorType expanded =
          expand ? expand.getResultType() : collapse.getSrcType();
      SmallVector<ReassociationIndices> groups =
          expand ? expand.getReassociationIndices()
                 : collapse.getReassociationIndices();
      auto dynamicDim = [&](int64_t d) { return expanded.isDynamicDim(d); };
      for (const ReassociationIndices &group : groups)
        if (llvm::any_of(group, dynamicDim) &&
            llvm::count_if(group, [&](int64_t d) {
              return dynamicDim(d) || expanded.getDimSize(d) != 1;
            }) > 1)
          return failure();
    }
    return inner->matchAndRewrite(op, rewriter);
  }

  std::unique_ptr<RewritePattern> inner;
  bool oneDynamicPerGroup;
};

/// Replaces each `tensor.dim` of a contraction's result (or of a reshape of
/// one) outside `loop` (an op the blocks' loop reads through its fused
/// copies) by the size the op reifies from its operands, until none is
/// left: the dims of the untiled contraction of a kernel of dynamic shapes
/// otherwise kept it alive.
static void resolveDimsOfUntiledOps(RewriterBase &rewriter, func::FuncOp func,
                                    Operation *loop) {
  for (int round = 0; round < 16; ++round) {
    SmallVector<tensor::DimOp> dims;
    func.walk([&](tensor::DimOp dim) {
      auto result = dyn_cast<OpResult>(dim.getSource());
      if (!result || !dim.getConstantIndex() ||
          loop->isAncestor(result.getOwner()) ||
          !isa<ReifyRankedShapedTypeOpInterface>(result.getOwner()))
        return;
      // Only the dims of a contraction's (or a convolution's) result, or of
      // a reshape of one: reading other ops' dims off their operands
      // changed views that code generation takes (bf16 GPT-2's kernels
      // came to split a strided buffer into several dynamic dims).
      Operation *owner = result.getOwner();
      if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(owner))
        owner = owner->getOperand(0).getDefiningOp();
      auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(owner);
      if (linalgOp && linalgOp.getNumReductionLoops() > 0)
        dims.push_back(dim);
    });
    bool changed = false;
    for (tensor::DimOp dim : dims) {
      // (Dims the reification made and nothing reads go at once, so the
      // rounds follow only the dims the blocks read.)
      if (dim->use_empty()) {
        rewriter.eraseOp(dim);
        continue;
      }
      auto result = cast<OpResult>(dim.getSource());
      int64_t index = *dim.getConstantIndex();
      if (index < 0 || index >= cast<ShapedType>(result.getType()).getRank())
        continue;
      rewriter.setInsertionPoint(dim);
      ReifiedRankedShapedTypeDims shapes;
      if (failed(reifyResultShapes(rewriter, result.getOwner(), shapes)))
        continue;
      OpFoldResult size = shapes[result.getResultNumber()][index];
      rewriter.replaceOp(
          dim, getValueOrCreateConstantIndexOp(rewriter, dim.getLoc(), size));
      changed = true;
    }
    // The dims the reification made that nothing reads.
    SmallVector<tensor::DimOp> unread;
    func.walk([&](tensor::DimOp dim) {
      if (dim->use_empty())
        unread.push_back(dim);
    });
    for (tensor::DimOp dim : unread)
      rewriter.eraseOp(dim);
    if (!changed)
      return;
  }
}

/// Whether `value` is a multiple of `factor` in every iteration: a
/// constant multiple, a product with one, a sum of two, or the induction
/// variable of an scf.for whose lower bound and step are.
static bool isMultipleOf(Value value, int64_t factor, int depth = 0) {
  if (factor == 1)
    return true;
  if (depth > 8)
    return false;
  if (std::optional<int64_t> c = getConstantIntValue(value))
    return *c % factor == 0;
  if (auto iv = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(iv.getOwner()->getParentOp());
    return loop && loop.getInductionVar() == iv &&
           isMultipleOf(loop.getLowerBound(), factor, depth + 1) &&
           isMultipleOf(loop.getStep(), factor, depth + 1);
  }
  Operation *op = value.getDefiningOp();
  if (auto mul = dyn_cast_or_null<arith::MulIOp>(op))
    return isMultipleOf(mul.getLhs(), factor, depth + 1) ||
           isMultipleOf(mul.getRhs(), factor, depth + 1);
  if (auto add = dyn_cast_or_null<arith::AddIOp>(op))
    return isMultipleOf(add.getLhs(), factor, depth + 1) &&
           isMultipleOf(add.getRhs(), factor, depth + 1);
  // (a block of images' rows of pixels, lowerConvByPixelRows: the offset
  // `[image, 0]` linearized by `(images, pixels)`)
  if (auto linear = dyn_cast_or_null<affine::AffineLinearizeIndexOp>(op)) {
    SmallVector<int64_t> basis(linear.getStaticBasis());
    ValueRange indices = linear.getMultiIndex();
    if (basis.size() != indices.size())
      basis.insert(basis.begin(), 1); // (no outer bound)
    int64_t stride = 1;
    for (int64_t i = indices.size() - 1; i >= 0; --i) {
      if (stride % factor == 0)
        return true; // (the outer indices' terms are multiples)
      if (!isMultipleOf(indices[i], factor, depth + 1))
        return false;
      if (i > 0) {
        if (ShapedType::isDynamic(basis[i]))
          return false;
        stride *= basis[i];
      }
    }
    return true;
  }
  return false;
}

/// Moves an `extract_slice` above the `tensor.collapse_shape` it reads when
/// each collapsed group is sliced in whole rows of its inner dims: static
/// inner sizes whose product `q` divides the slice's size and, provably,
/// its offset (isMultipleOf). The source is then sliced `[offset / q,
/// size / q]` along the group's first dim, in full along the others.
/// Upstream's pattern takes no dynamic offset there: a one-image
/// convolution's column blocks (the loop's induction variable, in steps of
/// whole output rows) sliced the columns copied from its padded input
/// (`[C, K_h, K_w, O_h, O_w]` viewed as `[K, P]`), the copy stayed outside
/// the loop, and every thread copied every column.
struct SliceAboveAlignedCollapse : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto collapse = slice.getSource().getDefiningOp<tensor::CollapseShapeOp>();
    if (!collapse || !slice.hasUnitStride() ||
        slice.getSourceType().getRank() != slice.getResultType().getRank())
      return failure();
    ArrayRef<int64_t> sourceShape = collapse.getSrcType().getShape();
    Location loc = slice.getLoc();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [group, offset, size] :
         llvm::zip_equal(collapse.getReassociationIndices(),
                         slice.getMixedOffsets(), slice.getMixedSizes())) {
      if (group.size() == 1) {
        offsets.push_back(offset);
        sizes.push_back(size);
        strides.push_back(rewriter.getIndexAttr(1));
        continue;
      }
      int64_t rows = 1;
      for (int64_t d : ArrayRef<int64_t>(group).drop_front()) {
        if (ShapedType::isDynamic(sourceShape[d]))
          return failure();
        rows *= sourceShape[d];
      }
      std::optional<int64_t> staticSize = getConstantIntValue(size);
      if (!staticSize || *staticSize % rows)
        return failure();
      std::optional<int64_t> staticOffset = getConstantIntValue(offset);
      if (staticOffset ? *staticOffset % rows
                       : !isMultipleOf(cast<Value>(offset), rows))
        return failure();
      AffineExpr o = rewriter.getAffineDimExpr(0);
      offsets.push_back(affine::makeComposedFoldedAffineApply(
          rewriter, loc, o.floorDiv(rows), {offset}));
      sizes.push_back(rewriter.getIndexAttr(*staticSize / rows));
      strides.push_back(rewriter.getIndexAttr(1));
      for (int64_t d : ArrayRef<int64_t>(group).drop_front()) {
        offsets.push_back(rewriter.getIndexAttr(0));
        sizes.push_back(rewriter.getIndexAttr(sourceShape[d]));
        strides.push_back(rewriter.getIndexAttr(1));
      }
    }
    Value part = tensor::ExtractSliceOp::create(rewriter, loc, collapse.getSrc(),
                                                offsets, sizes, strides);
    rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
        slice, slice.getResultType(), part, collapse.getReassociationIndices());
    return success();
  }
};

/// `consumer` with the stored producers among its inputs (`stored`) moved
/// after its other inputs. Upstream's tile-and-fuse fuses a stored producer
/// read after the consumer's other inputs and yields its tiles; read first
/// (an SGD step's new momentum, stored and read by the parameter update
/// fma(-lr, momentum, p)), the loop it builds fails the checks below and
/// the kernel stays one block. The order of inputs changes nothing else.
static linalg::LinalgOp storedProducersLast(IRRewriter &rewriter,
                                            linalg::LinalgOp consumer,
                                            const llvm::DenseSet<Value> &stored) {
  auto generic = dyn_cast<linalg::GenericOp>(consumer.getOperation());
  if (!generic || stored.empty())
    return consumer;
  SmallVector<unsigned> order;
  for (bool last : {false, true})
    for (auto [i, input] : llvm::enumerate(generic.getInputs()))
      if (stored.contains(input) == last)
        order.push_back(i);
  if (llvm::equal(order, llvm::seq<unsigned>(0, order.size())))
    return consumer;
  // The outputs keep their places after the inputs.
  Block &old = generic.getRegion().front();
  for (unsigned i = order.size(); i < old.getNumArguments(); ++i)
    order.push_back(i);
  SmallVector<AffineMap> oldMaps = generic.getIndexingMapsArray();
  SmallVector<AffineMap> maps;
  SmallVector<Type> types;
  SmallVector<Location> locs;
  for (unsigned i : order) {
    maps.push_back(oldMaps[i]);
    types.push_back(old.getArgument(i).getType());
    locs.push_back(old.getArgument(i).getLoc());
  }
  SmallVector<Value> inputs = llvm::map_to_vector(
      ArrayRef(order).take_front(generic.getNumDpsInputs()),
      [&](unsigned i) { return generic.getInputs()[i]; });
  rewriter.setInsertionPoint(generic);
  auto fresh = linalg::GenericOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(), inputs,
      generic.getOutputs(), maps, generic.getIteratorTypesArray());
  Block *body =
      rewriter.createBlock(&fresh.getRegion(), fresh.getRegion().end(), types,
                           locs);
  SmallVector<Value> mapped(old.getNumArguments());
  for (auto [position, i] : llvm::enumerate(order))
    mapped[i] = body->getArgument(position);
  rewriter.mergeBlocks(&old, body, mapped);
  rewriter.replaceOp(generic, fresh->getResults());
  return cast<linalg::LinalgOp>(fresh.getOperation());
}

/// Bounds `loop` to its blocks [blockBegin, blockEnd), `blockSize`
/// iterations each, and starts each of its results that one of `stores`
/// stores from that store's output buffer, so that the blocks compute
/// straight into it. Returns the loop's new upper bound.
static Value computeBlocksInPlace(
    OpBuilder &b, scf::ForOp loop,
    ArrayRef<bufferization::MaterializeInDestinationOp> stores,
    Value blockSize, Value blockBegin, Value blockEnd) {
  Location loc = loop.getLoc();
  b.setInsertionPoint(loop);
  for (bufferization::MaterializeInDestinationOp output : stores) {
    auto result = cast<OpResult>(output.getSource());
    loop.getInitArgsMutable()[result.getResultNumber()].set(
        bufferization::ToTensorOp::create(b, loc, result.getType(),
                                          output.getDest(), /*restrict=*/true,
                                          /*writable=*/true));
  }
  Value lower = arith::MulIOp::create(b, loc, blockBegin, blockSize);
  Value upper = arith::MinSIOp::create(
      b, loc, arith::MulIOp::create(b, loc, blockEnd, blockSize),
      loop.getUpperBound());
  loop.getLowerBoundMutable().set(lower);
  loop.getUpperBoundMutable().set(upper);
  return upper;
}

/// The most copies of producers that a block loop may fuse (as counted by
/// fusedCopies, an upper bound). A scan's log-step chain doubles them at
/// every step: 8873 counted (4778 made) for a cumsum over 4096 columns,
/// which compiles in 2 s and runs faster tiled than as one block (64 rows:
/// 1.2 ms against 13 on 2 threads); 141993 over a vocabulary of 50257,
/// where a top-p's cumsum of one row took 82 s to compile (one block: 1 s,
/// and 0.6-1.0 ms a call against 1.6; of 8 rows 61 s and 6.2 ms against
/// 4 s and 25 ms: the one block runs on one thread).
static constexpr int64_t kMaxFusedCopies = 16384;

/// Copies of its producers that tile-and-fuse would put into the block
/// loop of `consumer`, a bound: one per path from the consumer back to each
/// linalg op through the values it reads (each slice of a value fuses a
/// copy of its producer, and that copy's slices fuse their own).
static int64_t fusedCopies(Operation *consumer) {
  constexpr int64_t kSaturated = int64_t(1) << 40;
  Block *block = consumer->getBlock();
  llvm::DenseMap<Operation *, int64_t> paths;
  paths[consumer] = 1;
  int64_t total = 0;
  for (Operation &op : llvm::reverse(*block)) {
    auto it = paths.find(&op);
    if (it == paths.end())
      continue;
    int64_t count = it->second;
    if (&op != consumer && isa<linalg::LinalgOp>(op))
      total = std::min(total + count, kSaturated);
    op.walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && def->getBlock() == block)
          paths[def] = std::min(paths[def] + count, kSaturated);
    });
  }
  return total;
}

/// The contractions of `loop`'s blocks of several output rows (or of one
/// image) of a convolution over columns `[K, O_1, ..]` (filters `[F, K]`
/// read at (f, k), the output at (.., f, o_1, ..), loops .., f, o_1, ..,
/// k): their pixel loops become one, so that a block is one GEMM of the
/// filters by its pixels, `[K, P]`, whose dynamic width
/// meld-vectorize-host-contractions takes in masked register tiles.
static void collapseConvRowGroups(RewriterBase &rewriter, scf::ForOp loop) {
  SmallVector<linalg::GenericOp> contractions;
  loop.getBody()->walk([&](linalg::GenericOp op) {
    if (op.getNumDpsInputs() == 2 && op.getNumDpsInits() == 1 &&
        linalg::isaContractionOpInterface(op))
      contractions.push_back(op);
  });
  for (linalg::GenericOp op : contractions) {
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    AffineMap out = maps[2];
    // The output's filter dim, after an image's (a block of one image of a
    // dynamic batch), then the pixels.
    ArrayRef<AffineExpr> results = out.getResults();
    auto filters =
        llvm::find(results, maps[0].getNumResults() == 2 ? maps[0].getResult(0)
                                                         : AffineExpr());
    if (filters == results.end() || results.end() - filters < 3)
      continue;
    ReassociationIndices pixels;
    for (AffineExpr e : llvm::make_range(filters + 1, results.end())) {
      auto dim = dyn_cast<AffineDimExpr>(e);
      if (!dim || (!pixels.empty() && dim.getPosition() != pixels.back() + 1))
        break;
      pixels.push_back(dim.getPosition());
    }
    if (filters + 1 + pixels.size() != results.end() ||
        !linalg::areDimSequencesPreserved(maps, {pixels}))
      continue;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, {pixels}, rewriter);
    if (succeeded(collapsed))
      rewriter.replaceOp(op, collapsed->results);
  }
}

/// The blocks [begin, end) a loop of row blocks covers.
using RowBlockRange = llvm::function_ref<std::pair<Value, Value>()>;

/// Tiles the producer of `plan`'s output into a loop over the blocks of
/// `blockRange` (built once the loop is, since tiling erases the ops no
/// one uses yet) that writes straight into the output buffer; fails,
/// possibly leaving `func` half rewritten, when upstream's tile-and-fuse
/// does not give that loop. `alsoStored`: the kernel's other outputs, each
/// a producer of `plan`'s that its blocks compute row by row (a GEMM's
/// product that its residual epilogue reads, a softmax's row maximum): the
/// loop yields their tiles into their buffers too.
static LogicalResult applyRowBlocks(
    func::FuncOp func, const RowPlan &plan, RowBlockRange blockRange,
    ArrayRef<bufferization::MaterializeInDestinationOp> alsoStored = {}) {
  MLIRContext *ctx = func.getContext();
  linalg::LinalgOp consumer = plan.consumer;
  bufferization::MaterializeInDestinationOp store = plan.store;
  // A value read through several slices (a scan's log-step chain: x plus
  // x shifted, and again) multiplies the copies at every step: past
  // kMaxFusedCopies the kernel stays one block, each op computed once.
  if (fusedCopies(consumer) > kMaxFusedCopies)
    return failure();
  IRRewriter rewriter(ctx);
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  SmallVector<OpFoldResult> sizes(consumer.getNumLoops(),
                                  rewriter.getIndexAttr(0));
  if (plan.columnBlock)
    sizes[plan.columnLoop] = rewriter.getIndexAttr(plan.columnBlock);
  if (!plan.columnBlock || plan.imageColumns)
    sizes[plan.splitLoop] = rewriter.getIndexAttr(plan.tileRows);
  tiling.setTileSizes(sizes);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  // Fuse a producer when its slice moves with the row (row statistics,
  // elementwise prologues) and always for destinations (fills). A producer
  // the whole row block reads in full (a column statistic, a weight) stays
  // outside the loop and is computed once per call. A stored producer's
  // tiles are yielded, the first time it is fused.
  llvm::DenseSet<Value> stored, yielded;
  for (bufferization::MaterializeInDestinationOp other : alsoStored)
    stored.insert(other.getSource());
  consumer = storedProducersLast(rewriter, consumer, stored);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp slice, OpResult producer, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (isDestination)
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        if (llvm::all_of(slice.getMixedOffsets(), [](OpFoldResult offset) {
              return isConstantIntValue(offset, 0);
            }))
          return std::nullopt;
        scf::SCFTileAndFuseOptions::ControlFnResult fuse;
        fuse.yieldProducerReplacement =
            stored.contains(producer) && yielded.insert(producer).second;
        return fuse;
      });
  // Slices move above reshapes (another output's producer may reach the
  // consumer through one: a kept-dims statistic that the next reduction
  // reads; a concat's pieces are reshaped views) and across concats, so
  // that the producers themselves are fused.
  // (In a kernel of dynamic shapes without other outputs, not above a
  // reshape that splits or merges several dynamic dims in one group: see
  // SliceAboveReshape. Above one that only adds or drops static dims, a
  // convolution over an image of any size viewed with its unit batch, the
  // convolution is fused into the blocks: it had been computed whole in
  // every call, and only its epilogue split.)
  RewritePatternSet cleanup(ctx);
  bool dynamic = llvm::any_of(func.getArgumentTypes(), [](Type t) {
    auto shaped = dyn_cast<ShapedType>(t);
    return shaped && !shaped.hasStaticShape();
  });
  {
    RewritePatternSet bubbleUp(ctx);
    tensor::populateBubbleUpExtractSliceOpPatterns(bubbleUp);
    for (std::unique_ptr<RewritePattern> &pattern :
         bubbleUp.getNativePatterns()) {
      if (pattern->getRootKind() ==
          OperationName(tensor::ExtractSliceOp::getOperationName(), ctx))
        cleanup.add(std::make_unique<SliceAboveReshape>(
            std::move(pattern), ctx,
            /*oneDynamicPerGroup=*/alsoStored.empty() && dynamic));
      else if (!alsoStored.empty() || !dynamic)
        cleanup.add(std::move(pattern));
    }
  }
  tensor::populateMergeConsecutiveInsertExtractSlicePatterns(cleanup);
  tensor::populateFoldTensorEmptyPatterns(cleanup);
  cleanup.add<SliceAcrossInsertSlice, SplitSliceAcrossInsertSlice,
              SliceAboveAlignedCollapse>(ctx);
  options.cleanupPatterns = FrozenRewritePatternSet(std::move(cleanup));
  rewriter.setInsertionPoint(consumer);
  // Rows split between the threads while the column blocks are fewer: a
  // row tile of all the rows, or of a part, chosen at run time, outside
  // the column blocks' loop (the blocks' formula: Compiler.cpp).
  if (int64_t threads = plan.splitThreads) {
    Location loc = consumer.getLoc();
    auto index = [&](int64_t v) {
      return arith::ConstantIndexOp::create(rewriter, loc, v).getResult();
    };
    SmallVector<Range> ranges = consumer.createLoopRanges(rewriter, loc);
    Value extent = getValueOrCreateConstantIndexOp(
        rewriter, loc, ranges[plan.columnLoop].size);
    Value blocks = arith::CeilDivUIOp::create(rewriter, loc, extent,
                                              index(plan.columnBlock));
    Value few = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                      blocks, index(threads));
    int64_t rows = plan.resultType.getDimSize(plan.splitDim);
    sizes[plan.splitLoop] =
        arith::SelectOp::create(rewriter, loc, few, index(rows / threads),
                                index(rows))
            .getResult();
    options.tilingOptions.setTileSizes(sizes);
  }
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(consumer.getOperation()), options);
  bool rowsAndColumns = plan.splitThreads || plan.imageColumns;
  if (failed(tiled) || tiled->loops.size() != (rowsAndColumns ? 2 : 1))
    return failure();
  // A stored producer's loop result replaces it in its store only: an op
  // outside the loop that reads it whole (a statistic the slices could not
  // follow through a dynamic reshape) comes before the loop. Such an op
  // would compute every row in every block: the kernel stays one block.
  for (auto [original, replacement] : tiled->replacements) {
    if (!stored.contains(original)) {
      rewriter.replaceAllUsesWith(original, replacement);
      continue;
    }
    for (bufferization::MaterializeInDestinationOp other : alsoStored) {
      if (other.getSource() != original)
        continue;
      other.getSourceMutable().set(replacement);
      // A store before the loop (of a result stored earlier than the
      // tiled one) moves after it.
      Operation *loop = replacement.getDefiningOp();
      if (loop && loop->getBlock() == other->getBlock() &&
          other->isBeforeInBlock(loop))
        other->moveAfter(loop);
    }
  }
  // The blocks' sizes read the untiled ops' dynamic dims: read from
  // their operands' instead (a convolution over an image of any size had
  // stayed alive, computed whole in every call, for its result's dims).
  if (dynamic)
    resolveDimsOfUntiledOps(rewriter, func, tiled->loops.front());
  // The untiled ops are dead now; those with runtime checks (divisions,
  // gathers) would otherwise stay and compute every row in every block.
  // With several outputs the other dead ops go too: a stored producer
  // that is left is read outside the loop.
  SmallVector<Operation *> producers = llvm::map_to_vector(
      stored, [](Value original) { return original.getDefiningOp(); });
  if (!producers.empty())
    (void)runRegionDCE(rewriter, func->getRegions());
  eraseDeadCheckedOps(func);
  if (!producers.empty()) {
    (void)runRegionDCE(rewriter, func->getRegions());
    llvm::DenseSet<Operation *> live;
    func.walk([&](Operation *op) { live.insert(op); });
    if (llvm::any_of(producers,
                     [&](Operation *op) { return live.contains(op); }))
      return failure();
  }
  // Each result of the loop is one output's, its tiles computed into an
  // empty tensor.
  auto loop = dyn_cast<scf::ForOp>(tiled->loops.front().getOperation());
  SmallVector<bufferization::MaterializeInDestinationOp> stores{store};
  llvm::append_range(stores, alsoStored);
  if (!loop || loop.getNumResults() != stores.size())
    return failure();
  SmallVector<bool> claimed(stores.size(), false);
  for (bufferization::MaterializeInDestinationOp output : stores) {
    auto result = dyn_cast<OpResult>(output.getSource());
    if (!result || result.getOwner() != loop ||
        claimed[result.getResultNumber()] ||
        !loop.getInitArgs()[result.getResultNumber()]
             .getDefiningOp<tensor::EmptyOp>())
      return failure();
    claimed[result.getResultNumber()] = true;
  }

  // Rows and columns: one loop over both, a step per block, the rows'
  // part outside (block = part * column blocks + column block; with image
  // columns, image * column blocks + column block).
  if (rowsAndColumns) {
    SmallVector<scf::ForOp> nest = {
        loop, dyn_cast<scf::ForOp>(tiled->loops[1].getOperation())};
    if (!nest[1] || failed(coalesceLoops(rewriter, nest)))
      return failure();
  }
  // The loop computes into the output buffers themselves, and only the
  // rows (or columns) of blocks [begin, end), `tileRows` (`columnBlock`) at
  // a time.
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value whole = loop.getUpperBound();
  Value blockSize =
      plan.columnBlock
          ? arith::ConstantIndexOp::create(
                rewriter, loc, rowsAndColumns ? 1 : plan.columnBlock)
                .getResult()
          : blockRows(rewriter, loc, plan, whole);
  auto [blockBegin, blockEnd] = blockRange();
  Value upper = computeBlocksInPlace(rewriter, loop, stores, blockSize,
                                     blockBegin, blockEnd);
  // Blocks of run-time rows are at most one step of the loop, and end
  // before the rows do: a step's rows, min(step, whole - iv), end at the
  // block's end instead (else a block also computed, zero-filled first,
  // the rows of the blocks after it).
  if (plan.minRows)
    loop.getBody()->walk([&](affine::AffineMinOp min) {
      if (!llvm::is_contained(min.getOperands(), loop.getInductionVar()))
        return;
      for (OpOperand &operand : min->getOpOperands())
        if (operand.get() == whole)
          operand.set(upper);
    });
  // (Also blocks of one image of a dynamic batch, over a dynamic image:
  // one GEMM of the filters by the image's pixels.)
  if ((plan.dynamicColumns && plan.columnBlock > 1 &&
       plan.resultType.getRank() > 2) ||
      (!plan.columnBlock && plan.resultType.getRank() > 3 &&
       plan.resultType.isDynamicDim(plan.splitDim) &&
       llvm::any_of(plan.resultType.getShape().drop_front(plan.splitDim + 2),
                    ShapedType::isDynamic)))
    collapseConvRowGroups(rewriter, loop);
  return success();
}

/// The dim of the kernel's output buffer that dim `d` of `dest` (the buffer,
/// or a collapse of it whose group for `d` is one dim) is; nothing for
/// another view.
static std::optional<int64_t> bufferDimOf(Value dest, int64_t d) {
  if (isa<BlockArgument>(dest))
    return d;
  auto collapse = dest.getDefiningOp<memref::CollapseShapeOp>();
  if (!collapse || !isa<BlockArgument>(collapse.getSrc()))
    return std::nullopt;
  SmallVector<ReassociationIndices> groups = collapse.getReassociationIndices();
  if (d >= static_cast<int64_t>(groups.size()) || groups[d].size() != 1)
    return std::nullopt;
  return groups[d].front();
}

/// The buffer a store writes, seen through the view a reshaped store
/// writes through (a collapse or an expansion of it).
static Value unreshapedDest(Value dest) {
  if (auto collapse = dest.getDefiningOp<memref::CollapseShapeOp>())
    return collapse.getSrc();
  if (auto expand = dest.getDefiningOp<memref::ExpandShapeOp>())
    return expand.getSrc();
  return dest;
}

/// Which of the kernel's `numOutputs` outputs (the entry block's arguments
/// before the block range) `dest` is, seen directly or through the view a
/// reshaped store writes through; -1 for none.
static int64_t outputIndex(Block &entry, int64_t numOutputs, Value dest) {
  auto arg = dyn_cast<BlockArgument>(unreshapedDest(dest));
  if (!arg || arg.getOwner() != &entry)
    return -1;
  int64_t index = static_cast<int64_t>(arg.getArgNumber()) -
                  (static_cast<int64_t>(entry.getNumArguments()) -
                   kBlockRangeArgs - numOutputs);
  return index >= 0 && index < numOutputs ? index : -1;
}

/// True when `part` (a horizontal kernel's sub-kernel) holds a contraction:
/// it takes a gemm's blocks.
static bool holdsContraction(ArrayRef<Operation *> part) {
  for (Operation *op : part) {
    bool found = false;
    op->walk([&](linalg::LinalgOp l) {
      found |= linalg::isaContractionOpInterface(l);
    });
    if (found)
      return true;
  }
  return false;
}

/// Ops every part of a horizontal kernel may share: region-free ops that
/// read only the kernel's arguments (or other such ops) and write nothing,
/// such as the tensor views of its input buffers, constants and empties.
static bool isSharedRoot(Operation *op,
                         const llvm::DenseSet<Operation *> &roots) {
  if (op->getNumRegions() != 0)
    return false;
  if (!isMemoryEffectFree(op) &&
      !isa<bufferization::ToTensorOp, memref::CollapseShapeOp, memref::DimOp>(
          op))
    return false;
  return llvm::all_of(op->getOperands(), [&](Value v) {
    Operation *def = v.getDefiningOp();
    return !def || roots.contains(def);
  });
}

/// Whether `op` has a result that the kernel stores (an output).
static bool isStored(Operation *op) {
  return llvm::any_of(op->getUsers(), [](Operation *user) {
    return isa<bufferization::MaterializeInDestinationOp>(user);
  });
}

/// The independent sub-kernels of a horizontal kernel: its top-level ops
/// (shared roots aside) in groups joined by the values they pass, in block
/// order. A pure op of shared values that several ops read is copied for
/// each reader, except, without `copyStored`, one whose result the kernel
/// stores: its readers are then one sub-kernel with it, whose blocks
/// compute it once and store it beside what they compute from it (a batch
/// norm's output and its ReLU6 mask; copied, each block computed the
/// normalization twice and read its input twice).
static SmallVector<SmallVector<Operation *>>
horizontalParts(Block &entry, bool copyStored = true) {
  auto ofRoots = [](Operation &op, const llvm::DenseSet<Operation *> &roots) {
    return llvm::all_of(op.getOperands(), [&](Value v) {
      Operation *def = v.getDefiningOp();
      return !def || roots.contains(def);
    });
  };
  // A pure op of shared values that several ops read (a zero fill CSE
  // merged for two GEMMs' accumulators) would tie their sub-kernels: each
  // reader gets its own copy.
  {
    llvm::DenseSet<Operation *> roots;
    SmallVector<Operation *> shared;
    for (Operation &op : entry.without_terminator()) {
      if (isSharedRoot(&op, roots))
        roots.insert(&op);
      else if (ofRoots(op, roots) && op.getNumResults() == 1 && isPure(&op) &&
               !op.use_empty() && !op.getResult(0).hasOneUse() &&
               (copyStored || !isStored(&op)))
        shared.push_back(&op);
    }
    SmallVector<Operation *> copies;
    for (Operation *op : shared) {
      SmallVector<OpOperand *> uses = llvm::map_to_vector(
          llvm::drop_begin(op->getResult(0).getUses()),
          [](OpOperand &use) { return &use; });
      OpBuilder b(op);
      for (OpOperand *use : uses) {
        Operation *copy = b.clone(*op);
        use->set(copy->getResult(0));
        copies.push_back(copy);
      }
      copies.push_back(op);
    }
    // Each copy of an elementwise op, now read once, fuses into its
    // elementwise reader (as meld-fuse-elementwise-ops would have, had it
    // been read once there): otherwise the blocks computed it into a
    // scratch tile and read that back (a batch norm's output, 2.4 MiB per
    // image of [96, 80, 80], before its ReLU6 and its mask).
    IRRewriter rewriter(entry.getParentOp()->getContext());
    for (Operation *op : copies) {
      if (!isa<linalg::GenericOp>(op) || !op->hasOneUse())
        continue;
      OpOperand &use = *op->getUses().begin();
      auto reader = dyn_cast<linalg::GenericOp>(use.getOwner());
      if (!reader || reader->getBlock() != &entry ||
          !linalg::areElementwiseOpsFusable(&use))
        continue;
      rewriter.setInsertionPoint(reader);
      (void)fuseElementwiseProducer(rewriter, use);
    }
  }
  llvm::DenseSet<Operation *> roots;
  // Union-find over the members: `parent` chains end at a part's leader.
  llvm::DenseMap<Operation *, Operation *> parent;
  auto leader = [&](Operation *op) {
    while (parent.lookup(op) != op)
      op = parent[op] = parent.lookup(parent.lookup(op));
    return op;
  };
  SmallVector<Operation *> members;
  for (Operation &op : entry.without_terminator()) {
    if (isSharedRoot(&op, roots)) {
      roots.insert(&op);
      continue;
    }
    parent[&op] = &op;
    members.push_back(&op);
    op.walk([&](Operation *nested) {
      for (Value v : nested->getOperands())
        if (Operation *def = v.getDefiningOp())
          if (Operation *top = entry.findAncestorOpInBlock(*def))
            if (top != &op && parent.count(top))
              parent[leader(top)] = leader(&op);
    });
  }
  llvm::DenseMap<Operation *, size_t> index;
  SmallVector<SmallVector<Operation *>> parts;
  for (Operation *op : members) {
    auto [it, inserted] = index.try_emplace(leader(op), parts.size());
    if (inserted)
      parts.emplace_back();
    parts[it->second].push_back(op);
  }
  return parts;
}

/// A store of a result computed into an empty tensor: the result computed
/// in the store's buffer instead (its destination a to_tensor of the
/// buffer, as computeBlocksInPlace does for a block loop's results), where
/// bufferization would compute it into scratch and copy that.
static void computeInPlace(bufferization::MaterializeInDestinationOp store) {
  auto result = dyn_cast<OpResult>(store.getSource());
  auto op = result ? dyn_cast<DestinationStyleOpInterface>(result.getOwner())
                   : DestinationStyleOpInterface();
  if (!op || !isa<MemRefType>(store.getDest().getType()))
    return;
  OpOperand *init = op.getTiedOpOperand(result);
  if (!init->get().getDefiningOp<tensor::EmptyOp>() ||
      init->get().getType() != result.getType())
    return;
  OpBuilder b(op);
  init->set(bufferization::ToTensorOp::create(b, op.getLoc(), result.getType(),
                                              store.getDest(),
                                              /*restrict=*/true,
                                              /*writable=*/true));
}

/// Stores `store`'s merged value (a collapse_shape of a result of static
/// shape) unmerged into its output buffer seen through the inverse view,
/// an expand_shape at the top of `entry`. False, changing nothing, for
/// another store.
static bool storeUnmerged(bufferization::MaterializeInDestinationOp store,
                          Block &entry) {
  auto collapse = store.getSource().getDefiningOp<tensor::CollapseShapeOp>();
  auto dest = dyn_cast<BlockArgument>(store.getDest());
  auto destType = dest ? dyn_cast<MemRefType>(dest.getType()) : MemRefType();
  if (!collapse || !collapse.getSrcType().hasStaticShape() || !destType ||
      dest.getOwner() != &entry || !destType.getLayout().isIdentity())
    return false;
  auto b = OpBuilder::atBlockBegin(&entry);
  store.getDestMutable().set(memref::ExpandShapeOp::create(
      b, store.getLoc(),
      MemRefType::get(collapse.getSrcType().getShape(),
                      destType.getElementType()),
      dest, collapse.getReassociationIndices()));
  store.getSourceMutable().set(collapse.getSrc());
  return true;
}

/// Whether every store's value is one of `roots`' values or computed on
/// the way to them (in their backward slices).
static bool
computedFrom(ArrayRef<bufferization::MaterializeInDestinationOp> roots,
             ArrayRef<bufferization::MaterializeInDestinationOp> stores) {
  SetVector<Operation *> slice;
  for (bufferization::MaterializeInDestinationOp root : roots) {
    Operation *producer = root.getSource().getDefiningOp();
    BackwardSliceOptions options;
    options.omitBlockArguments = true;
    options.inclusive = true;
    if (!producer || failed(getBackwardSlice(producer, &slice, options)))
      return false;
  }
  return llvm::all_of(stores, [&](bufferization::MaterializeInDestinationOp s) {
    Operation *op = s.getSource().getDefiningOp();
    return op && slice.contains(op);
  });
}

/// Of a kernel's stores, the one whose value is computed from all the
/// others' (an epilogue and the product it reads, a softmax's sum and the
/// row maxima it subtracts): tiling it fuses their producers into its loop.
/// None when no store is, or when a stored value is not an op's result
/// inside the kernel.
static std::optional<size_t>
rootStore(ArrayRef<bufferization::MaterializeInDestinationOp> stores) {
  if (stores.size() == 1)
    return 0;
  for (size_t index = 0; index < stores.size(); ++index)
    if (computedFrom(stores[index], stores))
      return index;
  return std::nullopt;
}

/// Splits a horizontal host kernel into one flat space of blocks: each
/// sub-kernel's row blocks (or one block, for a sub-kernel that cannot be
/// split), one after another. Block range [begin, end) runs the part of
/// each sub-kernel's blocks it covers, so threads share the sub-kernels
/// the way they share one kernel's rows. Returns, per sub-kernel, the
/// output its blocks are counted on (-1: none), its rows per block (0: one
/// block), its row dims and its column blocks per row block (0: none), for
/// kHostPartsAttrName. A sub-kernel of several outputs is split only with
/// `severalOutputs`. Fails, possibly leaving `func` half rewritten, when a
/// planned sub-kernel cannot be tiled.
static FailureOr<SmallVector<std::array<int64_t, 4>>>
tileHorizontal(func::FuncOp func, const BlockParams &params,
               ArrayRef<int64_t> rowDims, bool severalOutputs) {
  Block &entry = func.getBody().front();
  unsigned numArgs = entry.getNumArguments();
  SmallVector<SmallVector<Operation *>> parts =
      horizontalParts(entry, /*copyStored=*/!severalOutputs);
  if (parts.size() < 2)
    return failure();
  int64_t numOutputs = rowDims.size();
  int64_t firstOutput = numArgs - kBlockRangeArgs - numOutputs;

  struct Part {
    std::optional<RowPlan> plan;
    int64_t output = -1;
    /// The part's other outputs, which its blocks compute with the root's.
    SmallVector<bufferization::MaterializeInDestinationOp> alsoStored;

    /// The output's leading dims whose product its blocks split.
    int64_t rowDims(ArrayRef<int64_t> outputRowDims) const {
      int64_t stored = output >= 0 ? outputRowDims[output] : 1;
      return plan ? plan->rowDims(stored) : stored;
    }
  };
  SmallVector<Part> planned;
  llvm::DenseMap<Operation *, size_t> partOfStore;
  for (SmallVector<Operation *> &ops : parts) {
    Part part;
    SmallVector<bufferization::MaterializeInDestinationOp> stores;
    for (Operation *op : ops)
      if (auto store = dyn_cast<bufferization::MaterializeInDestinationOp>(op)) {
        stores.push_back(store);
        partOfStore[op] = planned.size();
      }
    // Several stores (with `severalOutputs`): blocks of the one computed
    // from all the others (a batch norm backward's channel sums and their
    // product with 1 / std), whose loop yields the others' tiles, as a
    // kernel's own root does.
    std::optional<size_t> root =
        severalOutputs || stores.size() == 1 ? rootStore(stores)
                                             : std::nullopt;
    if (root) {
      part.output = outputIndex(entry, numOutputs, stores[*root].getDest());
      std::swap(stores[*root], stores.front());
      part.alsoStored.assign(std::next(stores.begin()), stores.end());
    }
    if (part.output >= 0) {
      // A padding's store (data movement) gets the identity copy that a
      // kernel's own does, so that its rows split too.
      if (part.alsoStored.empty())
        copyDataMovement(stores.front());
      FailureOr<RowPlan> plan =
          planRowBlocks(func, stores.front(), params, holdsContraction(ops),
                        /*columns=*/true);
      if (succeeded(plan)) {
        part.plan = *plan;
        part.plan->minRows = 0; // (kHostPartsAttrName counts fixed rows)
      }
    }
    // A part computed whole stores a merged result unmerged, into its
    // buffer's inverse view (one block: nothing is counted on its dims).
    // Bufferization had computed it into scratch and copied that: a
    // training step's `[N, C, H, W]` to `[C, N, H, W]` transposes beside a
    // convolution, 4 MiB of memcpy each per call.
    if (!part.plan)
      for (bufferization::MaterializeInDestinationOp store : stores) {
        (void)storeUnmerged(store, entry);
        computeInPlace(store);
      }
    planned.push_back(std::move(part));
  }

  // The block ranges of parts 0 to `last`, [begin, end) of each one's own
  // blocks: the call's range less the blocks of the parts before it,
  // clamped to its count, from the output buffers' dims. Built where they
  // are used (at the top of the function), since tiling a part erases the
  // ops no one uses yet.
  Location loc = func.getLoc();
  auto blockRanges = [&](size_t last) {
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value offset = zero, count;
    SmallVector<std::pair<Value, Value>> ranges;
    for (size_t i = 0; i <= last; ++i) {
      const Part &part = planned[i];
      if (i)
        offset = arith::AddIOp::create(b, loc, offset, count);
      count = arith::ConstantIndexOp::create(b, loc, 1);
      if (part.plan) {
        Value out = entry.getArgument(firstOutput + part.output);
        Value rows = memref::DimOp::create(b, loc, out, 0);
        for (int64_t d = 1; d < part.rowDims(rowDims); ++d)
          rows = arith::MulIOp::create(b, loc, rows,
                                       memref::DimOp::create(b, loc, out, d));
        count = arith::CeilDivSIOp::create(
            b, loc, rows,
            arith::ConstantIndexOp::create(b, loc, part.plan->rows));
        if (int64_t columns = part.plan->columnBlocks())
          count = arith::MulIOp::create(
              b, loc, count, arith::ConstantIndexOp::create(b, loc, columns));
      }
      auto clamp = [&](Value v) -> Value {
        Value local = arith::SubIOp::create(b, loc, v, offset);
        return arith::MinSIOp::create(
            b, loc, arith::MaxSIOp::create(b, loc, local, zero), count);
      };
      ranges.emplace_back(clamp(entry.getArgument(numArgs - 2)),
                          clamp(entry.getArgument(numArgs - 1)));
    }
    return ranges;
  };
  for (size_t index = 0; index < planned.size(); ++index) {
    const Part &part = planned[index];
    if (part.plan &&
        failed(applyRowBlocks(
            func, *part.plan, [&] { return blockRanges(index).back(); },
            part.alsoStored)))
      return failure();
  }

  // A part runs only in a range that holds some of its blocks: a one-block
  // part otherwise, and what a tiled part leaves outside its loop (a
  // producer every row reads in full), would run in every range.
  SmallVector<std::pair<Value, Value>> ranges =
      blockRanges(planned.size() - 1);
  for (SmallVector<Operation *> &ops :
       horizontalParts(entry, /*copyStored=*/!severalOutputs)) {
    std::optional<size_t> index;
    for (Operation *op : ops)
      if (auto it = partOfStore.find(op); it != partOfStore.end())
        index = it->second;
    if (!index)
      continue;
    auto [begin, end] = ranges[*index];
    OpBuilder b(entry.getTerminator());
    Value runs =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, begin, end);
    auto guard = scf::IfOp::create(b, loc, runs, /*withElseRegion=*/false);
    Operation *yield = guard.thenBlock()->getTerminator();
    for (Operation *op : ops)
      op->moveBefore(yield);
  }
  SmallVector<std::array<int64_t, 4>> record;
  for (const Part &part : planned)
    record.push_back({part.output, part.plan ? part.plan->rows : 0,
                      part.rowDims(rowDims),
                      part.plan ? part.plan->columnBlocks() : 0});
  return record;
}

/// An output stored through the inverse of the view it leaves as: the
/// unmerged result's shape and how the buffer's dims group its dims.
struct MergedOutput {
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> shape;

  /// The buffer's rows per row of result dim `split`, the dims after it in
  /// its group; sets `bufferRowDims` to the buffer dims the rows run over.
  /// None when dims before it are not unit dims.
  std::optional<int64_t> rowsPerSplitRow(int64_t split,
                                         int64_t &bufferRowDims) const {
    for (auto [index, group] : llvm::enumerate(groups)) {
      if (!llvm::is_contained(group, split))
        continue;
      int64_t scale = 1;
      for (int64_t d : group)
        if (d > split)
          scale *= shape[d];
      for (int64_t d = 0; d < split; ++d)
        if (shape[d] != 1)
          return std::nullopt;
      bufferRowDims = index + 1;
      return scale;
    }
    return std::nullopt;
  }
};

/// Most stores joinSiblingStores joins when their types differ.
static constexpr size_t kMaxMixedJoin = 8;

/// Stores of which none is computed from all the others, all of one
/// static shape once unit dims are dropped, made the results of one
/// generic that copies them (a "join"), which then is every store's
/// producer: tiling it fuses every producer into one loop over their common
/// rows. A batch norm's kernel stores four per-channel vectors, the mean,
/// 1 / std and the two updated running statistics, and the running mean is
/// not in the slice of the others: the kernel was one block, its
/// reductions over the whole batch on one thread. An attention's
/// log-sum-exp (PyTorch's decomposition) stores a kept-dims row maximum,
/// whether it is infinite (i1 stored as i8) and the log of the sum: three
/// element types, [H, S, 1] and [H, S] shapes, and on a GPU one workgroup
/// for all of them. A store of another shape collapses its value and its
/// output buffer to the common one (`outputRowDims` then records how many
/// of the buffer's leading dims the common first dim spans). Stores that
/// came before the last value move after the join. False (nothing changed)
/// unless every store's value is an op's result into an output buffer.
static bool joinSiblingStores(
    MutableArrayRef<bufferization::MaterializeInDestinationOp> stores,
    Block &entry, int64_t numOutputs, MutableArrayRef<int64_t> outputRowDims,
    bool reduction) {
  if (stores.size() < 2)
    return false;
  // Stores of several types or shapes only in a reduction kernel, and a
  // few of them: a max pool's 29 window values and indices (one f32, the
  // rest i64), joined, sent upstream's tile-and-fuse cleanup into a
  // compile that did not end.
  bool uniform = llvm::all_of(stores, [&](auto store) {
    return store.getSource().getType() == stores.front().getSource().getType();
  });
  if (!uniform && (!reduction || stores.size() > kMaxMixedJoin))
    return false;
  auto squeezed = [](RankedTensorType type) {
    SmallVector<int64_t> shape;
    for (int64_t size : type.getShape())
      if (size != 1)
        shape.push_back(size);
    return shape;
  };
  // Stores of several shapes in a reduction kernel: a group of one shape
  // whose values are computed from every other store's value joins alone
  // (a batch norm's backward stores per-channel sums and scales and the
  // input gradient [N, C, H, W], which the last per-channel sum, the
  // previous convolution's bias gradient, reads: the kernel was one block,
  // its reductions over the whole batch on one thread). Tiling the join
  // by channels then fuses the gradient into the channels' blocks.
  auto shapeOf = [&](bufferization::MaterializeInDestinationOp store)
      -> std::optional<SmallVector<int64_t>> {
    auto type = dyn_cast<RankedTensorType>(store.getSource().getType());
    if (!type || !type.hasStaticShape())
      return std::nullopt;
    return squeezed(type);
  };
  if (reduction && !uniform) {
    std::optional<SmallVector<int64_t>> first = shapeOf(stores.front());
    bool oneShape = first && llvm::all_of(stores, [&](auto store) {
                      return shapeOf(store) == first;
                    });
    if (!oneShape) {
      for (bufferization::MaterializeInDestinationOp lead : stores) {
        std::optional<SmallVector<int64_t>> shape = shapeOf(lead);
        if (!shape)
          return false;
        SmallVector<bufferization::MaterializeInDestinationOp> group;
        for (bufferization::MaterializeInDestinationOp store : stores)
          if (shapeOf(store) == shape)
            group.push_back(store);
        // (Each group once, from its first store.)
        if (group.size() >= 2 && group.front() == lead &&
            computedFrom(group, stores))
          return joinSiblingStores(group, entry, numOutputs, outputRowDims,
                                   reduction);
      }
      return false;
    }
  }
  auto firstType =
      dyn_cast<RankedTensorType>(stores.front().getSource().getType());
  if (!firstType || !firstType.hasStaticShape())
    return false;
  SmallVector<int64_t> shape = squeezed(firstType);
  if (shape.empty())
    return false;
  for (bufferization::MaterializeInDestinationOp store : stores) {
    auto type = dyn_cast<RankedTensorType>(store.getSource().getType());
    if (!type || !type.hasStaticShape() || squeezed(type) != shape ||
        !store.getSource().getDefiningOp<linalg::LinalgOp>())
      return false;
    if (type.getShape() == ArrayRef<int64_t>(shape))
      continue;
    // A store to collapse: its buffer must be an output (or an output's
    // plain reshape) of the shape it stores.
    auto arg = dyn_cast<BlockArgument>(unreshapedDest(store.getDest()));
    auto memref = arg ? dyn_cast<MemRefType>(arg.getType()) : MemRefType();
    if (!memref || arg.getOwner() != &entry ||
        !memref.getLayout().isIdentity() ||
        !getReassociationIndicesForCollapse(memref.getShape(), shape))
      return false;
  }
  // After every value it copies.
  Operation *last = nullptr;
  for (bufferization::MaterializeInDestinationOp store : stores) {
    Operation *def = store.getSource().getDefiningOp();
    if (def->getBlock() != &entry || store->getBlock() != &entry)
      return false;
    if (!last || last->isBeforeInBlock(def))
      last = def;
  }
  OpBuilder b(last->getContext());
  Location loc = stores.front().getLoc();
  SmallVector<Value> sources, inits;
  SmallVector<Type> types;
  for (bufferization::MaterializeInDestinationOp store : stores) {
    Value source = store.getSource();
    auto type = cast<RankedTensorType>(source.getType());
    if (type.getShape() != ArrayRef<int64_t>(shape)) {
      b.setInsertionPointAfterValue(source);
      source = tensor::CollapseShapeOp::create(
          b, loc, source,
          *getReassociationIndicesForCollapse(type.getShape(), shape));
      // The buffer seen with the common shape, at the top (the row loop is
      // built before the store).
      Value dest = unreshapedDest(store.getDest());
      auto memref = cast<MemRefType>(dest.getType());
      SmallVector<ReassociationIndices> groups =
          *getReassociationIndicesForCollapse(memref.getShape(), shape);
      b.setInsertionPointToStart(&entry);
      store.getDestMutable().set(
          memref::CollapseShapeOp::create(b, loc, dest, groups));
      int64_t output = outputIndex(entry, numOutputs, dest);
      if (output >= 0)
        outputRowDims[output] = groups.front().size();
    }
    sources.push_back(source);
    types.push_back(RankedTensorType::get(shape, type.getElementType()));
  }
  for (Value source : sources) {
    Operation *def = source.getDefiningOp();
    if (last->isBeforeInBlock(def))
      last = def;
  }
  b.setInsertionPointAfter(last);
  for (Type type : types) {
    auto tensor = cast<RankedTensorType>(type);
    inits.push_back(tensor::EmptyOp::create(b, loc, tensor.getShape(),
                                            tensor.getElementType()));
  }
  AffineMap id = b.getMultiDimIdentityMap(shape.size());
  auto join = linalg::GenericOp::create(
      b, loc, types, sources, inits,
      SmallVector<AffineMap>(2 * stores.size(), id),
      SmallVector<utils::IteratorType>(shape.size(),
                                       utils::IteratorType::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        linalg::YieldOp::create(nb, nloc, args.take_front(stores.size()));
      });
  Operation *after = join;
  for (auto [store, result] : llvm::zip(stores, join.getResults())) {
    store.getSourceMutable().set(result);
    if (store->isBeforeInBlock(after))
      store->moveAfter(after);
    after = store;
  }
  return true;
}

/// Rows of a grouped matmul's block when the rows are dynamic. Static rows
/// are shared evenly between the threads (a block reads the matrices of
/// every group it meets, so blocks are no smaller than threads need), in
/// multiples of 8 past 8: a decode step's 8 rows (one per expert) take
/// both threads, 4 experts each (OLMoE's 8 experts of 2048 x 2048 on the
/// 2-core Zen 5: 2.1 ms on one thread, 0.7-1.7 ms on two, the memory's
/// run-to-run spread; in blocks of at least 32 rows one thread streamed
/// them all).
static constexpr int64_t kGroupedRowsPerBlock = 128;

/// A grouped matmul's loop over row blocks (kGroupedRowBlocksAttrName,
/// meld-convert-to-linalg) as the kernel's blocks: bounded by the block
/// range, with blocks of a static number of rows written straight into the
/// output buffer, as applyRowBlocks does. False, leaving `func` as it is,
/// when the kernel's only store is not of such a loop's result.
static bool tileGroupedRows(func::FuncOp func, int64_t threads) {
  Block &entry = func.getBody().front();
  scf::ForOp loop;
  SmallVector<bufferization::MaterializeInDestinationOp> stores;
  func.walk([&](Operation *op) {
    if (auto f = dyn_cast<scf::ForOp>(op);
        f && f->hasAttr(kGroupedRowBlocksAttrName))
      loop = f;
    if (auto store = dyn_cast<bufferization::MaterializeInDestinationOp>(op))
      stores.push_back(store);
  });
  if (!loop || stores.size() != 1 || loop->getBlock() != &entry ||
      stores.front().getSource() != loop.getResult(0) ||
      !isa<BlockArgument>(stores.front().getDest()) ||
      entry.getNumArguments() < kBlockRangeArgs)
    return false;
  auto type = cast<RankedTensorType>(loop.getResult(0).getType());
  int64_t rows = kGroupedRowsPerBlock;
  if (!type.isDynamicDim(0)) {
    rows = std::max<int64_t>(
        1, llvm::divideCeil(type.getDimSize(0), std::max<int64_t>(threads, 1)));
    if (rows > 8)
      rows = llvm::alignTo(rows, 8);
  }
  OpBuilder b(loop);
  Value step = arith::ConstantIndexOp::create(b, loop.getLoc(), rows);
  // The body reads the step as its block's height, in `lo + step`: only
  // that use changes (the constant may be shared: 32 groups made the group
  // loop's bound the new step).
  Value oldStep = loop.getStep();
  Value iv = loop.getInductionVar();
  for (Operation *user : llvm::to_vector(iv.getUsers()))
    if (auto add = dyn_cast<arith::AddIOp>(user))
      for (OpOperand &operand : add->getOpOperands())
        if (operand.get() == oldStep)
          operand.set(step);
  loop.getStepMutable().assign(step);
  unsigned numArgs = entry.getNumArguments();
  computeBlocksInPlace(b, loop, stores, step, entry.getArgument(numArgs - 2),
                       entry.getArgument(numArgs - 1));
  func->setAttr(kRowsPerBlockAttrName,
                IntegerAttr::get(IntegerType::get(func.getContext(), 64), rows));
  return true;
}

/// The dims of a kernel's rows (the stored values' dims other than unit
/// dims and the last), for merge-leading-dims; 0 when the kernel holds a contraction or
/// a convolution (whose blocks are planned on their own rows).
static int64_t kernelRowDims(func::FuncOp func) {
  int64_t rows = 0, stores = 0;
  bool contraction = false;
  func.walk([&](Operation *op) {
    auto store = dyn_cast<bufferization::MaterializeInDestinationOp>(op);
    if (!store)
      return;
    ++stores;
    // The value stored, and what a reshape before the store reshapes (a
    // [B*S, N] result computed as [B, S, N]).
    SmallVector<Value> stored{store.getSource()};
    if (Operation *def = store.getSource().getDefiningOp();
        isa_and_nonnull<tensor::CollapseShapeOp, tensor::ExpandShapeOp>(def))
      stored.push_back(def->getOperand(0));
    for (Value value : stored)
      if (auto type = dyn_cast<RankedTensorType>(value.getType());
          type && type.getRank() > 0) {
        int64_t dims = llvm::count_if(type.getShape(),
                                      [](int64_t size) { return size != 1; });
        rows = std::max<int64_t>(rows, dims - (type.getShape().back() != 1));
      }
  });
  func.walk([&](linalg::LinalgOp op) {
    contraction |= linalg::isaContractionOpInterface(op) ||
                   linalg::isaConvolutionOpInterface(op);
  });
  // (Not a kernel of many outputs: a max pool's 29 window values and
  // indices, merged, sent the tile-and-fuse cleanup into a compile that
  // did not end.)
  return contraction || stores > static_cast<int64_t>(kMaxMixedJoin) ? 0
                                                                     : rows;
}

/// The leading `rows` dims of a kernel merged into one (merge-leading-dims):
/// the blocks split only one dim, the first that is not a unit dim, so a
/// batch of 8 sequences of 128 tokens was 8 blocks, 8 GPU workgroups for
/// Llama's 8 x 128 x 2048 activations, where merged they are 1024 rows.
/// Every linalg op whose first `rows` loops of more than one iteration
/// (and the unit loops among and before them; fewer where a reduction
/// loop comes first) are parallel and stay together in all its maps has
/// them collapsed into one loop (upstream's collapseOpIterationDims), and the reshapes between
/// ops folded away. False when no op changed.
static bool mergeLeadingDims(func::FuncOp func, int64_t rows) {
  // Each op once (upstream's pattern would collapse a collapsed op again).
  SmallVector<std::pair<linalg::GenericOp, ReassociationIndices>> ops;
  func.walk([&](linalg::GenericOp op) {
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    ReassociationIndices dims;
    for (int64_t d = 0, merged = 0;
         d < op.getNumLoops() && merged < rows &&
         iterators[d] == utils::IteratorType::parallel;
         ++d) {
      dims.push_back(d);
      merged += ranges[d] != 1;
    }
    if (dims.size() >= 2 &&
        linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), {dims}))
      ops.emplace_back(op, dims);
  });
  if (ops.empty())
    return false;
  IRRewriter rewriter(func.getContext());
  for (auto &[op, dims] : ops) {
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, {dims}, rewriter);
    if (failed(collapsed))
      return false;
    rewriter.replaceOp(op, collapsed->results);
  }
  RewritePatternSet patterns(func.getContext());
  tensor::populateReassociativeReshapeFoldingPatterns(patterns);
  tensor::populateFoldTensorEmptyPatterns(patterns);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns,
                                                     func.getContext());
  tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns,
                                                       func.getContext());
  linalg::FillOp::getCanonicalizationPatterns(patterns, func.getContext());
  if (failed(applyPatternsGreedily(func, std::move(patterns))))
    return false;
  return true;
}

namespace {
struct MeldTileHostBlocksPass
    : public meld::impl::MeldTileHostBlocksBase<MeldTileHostBlocksPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kKernelAttrName) || func.isExternal())
      return;
    // Blocks of the merged leading dims when the kernel takes them; else
    // of its first dim.
    auto kind = func->getAttrOfType<StringAttr>(kKernelAttrName);
    // The most dims that merge and then split (a RoPE's cos table read
    // along the tokens of [B, H, S, D] merges B and H, not S).
    OwningOpRef<func::FuncOp> merged;
    if (mergeDims && !(kind && kind.getValue() == "horizontal"))
      for (int64_t rows = kernelRowDims(func); rows >= 2 && !merged; --rows) {
        merged = func.clone();
        if (mergeLeadingDims(*merged, rows))
          tile(*merged);
        if (!(*merged)->hasAttr(kRowsPerBlockAttrName))
          merged = nullptr;
      }
    if (merged) {
      func.getBody().takeBody(merged->getBody());
      func->setAttrs((*merged)->getAttrDictionary());
    } else {
      tile(func);
    }
    writeConcatsInPlace(func);
  }

  /// Splits `copy` of `func` into parts (tileHorizontal), first with
  /// parts of several outputs when `severalOutputs` (then, if that fails,
  /// without), and on success makes it `func`'s body, with the parts
  /// recorded (kHostPartsAttrName). `func` stays as it is otherwise.
  void splitIntoParts(func::FuncOp func, OwningOpRef<func::FuncOp> &copy,
                      const BlockParams &params,
                      ArrayRef<int64_t> outputRowDims, bool severalOutputs) {
    // A part of several outputs that its blocks cannot compute fails the
    // split: then such parts are one block each, the others split.
    OwningOpRef<func::FuncOp> retry = copy->clone();
    FailureOr<SmallVector<std::array<int64_t, 4>>> parts =
        tileHorizontal(*copy, params, outputRowDims, severalOutputs);
    if (failed(parts) && severalOutputs) {
      copy = std::move(retry);
      parts = tileHorizontal(*copy, params, outputRowDims,
                             /*severalOutputs=*/false);
    }
    if (failed(parts))
      return;
    func.getBody().takeBody(copy->getBody());
    IntegerType i64 = IntegerType::get(func.getContext(), 64);
    SmallVector<Attribute> record;
    for (const std::array<int64_t, 4> &part : *parts)
      record.push_back(ArrayAttr::get(
          func.getContext(),
          llvm::map_to_vector(part, [&](int64_t v) -> Attribute {
            return IntegerAttr::get(i64, v);
          })));
    func->setAttr(kHostPartsAttrName,
                  ArrayAttr::get(func.getContext(), record));
    // Few-row contractions of a sub-kernel whose threads split its
    // columns take dot products (meld-vectorize-host-contractions reads
    // this; the count is in the parts).
    if (llvm::any_of(*parts, [](const std::array<int64_t, 4> &part) {
          return part[3] > 0;
        }))
      func->setAttr(kHostColumnBlocksAttrName, IntegerAttr::get(i64, 1));
    RewritePatternSet patterns(func.getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
  }

  void tile(func::FuncOp func) {
    func.walk([](linalg::GenericOp op) { putRowOperandFirst(op); });
    if (tileGroupedRows(func, balanceThreads))
      return;
    // Work on a copy so that a kernel that cannot be split stays intact.
    OwningOpRef<func::FuncOp> copy = func.clone();
    // A result reshaped just before the store (a kept-dims reduction's
    // unit dim) is stored unreshaped into the output buffer seen through
    // the inverse reshape, so the op computing it can be tiled. A reshaped
    // empty tensor (such a reduction's destination) is an empty tensor of
    // the new shape, which the loop can take as its destination.
    Block &entry = copy->getBody().front();
    // The leading dims each output's rows run over (kRowDimsAttrName).
    int64_t numOutputs = 0;
    copy->walk([&](bufferization::MaterializeInDestinationOp) { ++numOutputs; });
    SmallVector<int64_t> outputRowDims(std::max<int64_t>(numOutputs, 1), 1);
    // Likewise a result that leaves as a merged view (PyTorch's [B, S, N]
    // activations as [B*S, N], a transposed [B, H, S, D] as [B*H, S, D]):
    // stored unmerged into the output buffer seen through the inverse
    // view (not in horizontal kernels, whose parts count blocks on their
    // outputs' own dims). Static shapes: a block's rows are counted in the
    // buffer's rows (`mergedOutputs`).
    auto kind = func->getAttrOfType<StringAttr>(kKernelAttrName);
    bool horizontalKernel = kind && kind.getValue() == "horizontal";
    llvm::DenseMap<int64_t, MergedOutput> mergedOutputs;
    copy->walk([&](bufferization::MaterializeInDestinationOp store) {
      Operation *reshape = store.getSource().getDefiningOp();
      auto dest = dyn_cast<BlockArgument>(store.getDest());
      auto destType =
          dest ? dyn_cast<MemRefType>(dest.getType()) : MemRefType();
      if (!isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
              reshape) ||
          !destType || dest.getOwner() != &entry ||
          !destType.getLayout().isIdentity() ||
          !reshape->getOperand(0).getDefiningOp<linalg::LinalgOp>())
        return;
      int64_t output = outputIndex(entry, numOutputs, dest);
      // At the top, so the row loop (built before the store) can use it.
      auto b = OpBuilder::atBlockBegin(&entry);
      if (auto expand = dyn_cast<tensor::ExpandShapeOp>(reshape)) {
        store.getDestMutable().set(memref::CollapseShapeOp::create(
            b, store.getLoc(), dest, expand.getReassociationIndices()));
        if (output >= 0)
          outputRowDims[output] =
              expand.getReassociationIndices().front().size();
      } else {
        auto collapse = cast<tensor::CollapseShapeOp>(reshape);
        if (horizontalKernel || output < 0)
          return;
        MergedOutput merged = {
            collapse.getReassociationIndices(),
            llvm::to_vector(collapse.getSrcType().getShape())};
        if (!storeUnmerged(store, entry))
          return;
        mergedOutputs[output] = std::move(merged);
        return;
      }
      store.getSourceMutable().set(reshape->getOperand(0));
    });
    {
      RewritePatternSet patterns(func.getContext());
      tensor::populateFoldTensorEmptyPatterns(patterns);
      if (failed(applyPatternsGreedily(*copy, std::move(patterns))))
        return;
    }
    BlockParams params{targetElements,      rowMultiple,
                       contractionRows,     tileElements,
                       fitSmallOutputs,     contractionTileRows,
                       balanceThreads,      skipUnitDims,
                       fusedRowCost,        bf16ContractionRows,
                       bf16SwappedRows,     bf16ColumnBlockRows,
                       f32ColumnBlockRows,  convPanelColumns};
    IntegerType i64 = IntegerType::get(func.getContext(), 64);
    if (kind && kind.getValue() == "horizontal") {
      if (horizontal)
        splitIntoParts(func, copy, params, outputRowDims,
                       /*severalOutputs=*/true);
      return;
    }
    SmallVector<bufferization::MaterializeInDestinationOp> stores;
    copy->walk([&](bufferization::MaterializeInDestinationOp m) {
      stores.push_back(m);
    });
    std::optional<size_t> root = rootStore(stores);
    if (!root &&
        joinSiblingStores(stores, entry, numOutputs, outputRowDims,
                          kind && kind.getValue() == "reduction"))
      root = rootStore(stores);
    // A pointwise kernel of several outputs, none computed from all the
    // others nor joined (a padded activation and a mask of the unpadded
    // one, both from a batch norm's output): each output takes blocks of
    // its own, as a horizontal kernel's parts do, the ops they share
    // computed in each (elementwise, cheaper than a kernel on one
    // thread). Not a foreach kernel's body, whose blocks the runtime
    // counts by its rows per block (ForeachKernels).
    if (!root && horizontal && kind && kind.getValue() == "pointwise" &&
        !func->hasAttr(kForeachSizeArgAttrName) &&
        stores.size() > 1 && mergedOutputs.empty() &&
        entry.getNumArguments() >= kBlockRangeArgs) {
      splitIntoParts(func, copy, params, outputRowDims,
                     /*severalOutputs=*/false);
      return;
    }
    if (!root || entry.getNumArguments() < kBlockRangeArgs)
      return;
    bufferization::MaterializeInDestinationOp rootOutput = stores[*root];
    stores.erase(stores.begin() + *root);
    copyDataMovement(rootOutput);
    bool gemm = contractionRows > 0 && kind && kind.getValue() == "gemm";
    FailureOr<RowPlan> plan =
        planRowBlocks(*copy, rootOutput, params, gemm, /*columns=*/true,
                      /*dynamicColumns=*/true);
    // Rows per block chosen at run time: for the kernel's only output, the
    // first, stored as it is (kMinRowsPerBlockAttrName).
    if (succeeded(plan) && plan->minRows &&
        (!stores.empty() || mergedOutputs.count(0) ||
         outputIndex(entry, numOutputs, rootOutput.getDest()) != 0 ||
         plan->rowDims(outputRowDims[0]) > 1))
      plan->minRows = 0;
    unsigned numArgs = entry.getNumArguments();
    if (failed(plan) ||
        failed(applyRowBlocks(
            *copy, *plan,
            [&] {
              return std::make_pair(entry.getArgument(numArgs - 2),
                                    entry.getArgument(numArgs - 1));
            },
            stores)) ||
        (wholeConcatOneBlock && readsWholeConcat(*copy)))
      return;
    // The blocks are counted on the root's output.
    int64_t output = outputIndex(entry, numOutputs, rootOutput.getDest());
    if (output < 0) {
      if (!stores.empty())
        return;
      output = 0;
    }
    int64_t rowDims = plan->rowDims(outputRowDims[output]);
    int64_t rowsPerBlock = plan->rows;
    if (auto merged = mergedOutputs.find(output);
        merged != mergedOutputs.end()) {
      // The buffer's rows are the merged dims of the group that holds the
      // split dim (those before it are unit dims): a block of `rows` of
      // the split dim is `rows` times the rest of its group.
      std::optional<int64_t> scale =
          merged->second.rowsPerSplitRow(plan->splitDim, rowDims);
      if (!scale || plan->columnBlock)
        return;
      rowsPerBlock *= *scale;
    }
    // Dynamic column blocks are counted on the kernel's first output, along
    // the dim of its buffer that the result's dim 1 is.
    std::optional<int64_t> columnDim;
    if (plan->dynamicColumns) {
      columnDim = bufferDimOf(rootOutput.getDest(), 1);
      if (output != 0 || !columnDim)
        return;
    }
    if (output != 0) {
      std::array<int64_t, 4> part{output, rowsPerBlock, rowDims,
                                  plan->columnBlocks()};
      func->setAttr(kHostPartsAttrName,
                    ArrayAttr::get(func.getContext(),
                                   {ArrayAttr::get(
                                       func.getContext(),
                                       llvm::map_to_vector(
                                           part, [&](int64_t v) -> Attribute {
                                             return IntegerAttr::get(i64, v);
                                           }))}));
    }
    func.getBody().takeBody(copy->getBody());
    // Intermediates of the fused producers are slices of whole-tensor
    // tensor.empty ops: make them tile-sized empties inside the loop, so a
    // block allocates a few rows of scratch, not a whole tensor per call.
    RewritePatternSet patterns(func.getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    func->setAttr(kRowsPerBlockAttrName, IntegerAttr::get(i64, rowsPerBlock));
    if (plan->minRows) {
      func->setAttr(kMinRowsPerBlockAttrName,
                    IntegerAttr::get(i64, plan->minRows));
      func->setAttr(kBlockThreadsAttrName,
                    IntegerAttr::get(i64, plan->threads));
    }
    if (rowDims > 1)
      func->setAttr(kRowDimsAttrName, IntegerAttr::get(i64, rowDims));
    if (int64_t columns = plan->columnBlocks())
      func->setAttr(kHostColumnBlocksAttrName, IntegerAttr::get(i64, columns));
    if (plan->dynamicColumns) {
      SmallVector<int64_t> dim = {*columnDim, plan->columnBlock};
      if (plan->splitThreads)
        dim.push_back(plan->splitThreads);
      func->setAttr(kHostColumnBlockDimAttrName,
                    DenseI64ArrayAttr::get(func.getContext(), dim));
    }
  }
};
} // namespace
