//===- TileHostBlocks.cpp - Row blocks for multi-threaded host kernels ----===//
//
// Tiles a kernel's output producer along its leading dimension with the
// upstream tile-and-fuse driver, fuses the producers whose slices move with
// the row, makes the loop write straight into the output buffer, and bounds
// it by the kernel's block-range arguments. Everything is tried on a copy of
// the kernel: a kernel that does not fit keeps its single block. The GPU
// pipeline runs it too, with a workgroup's rows per block.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "llvm/Support/MathExtras.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

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
static constexpr int64_t kMinSharedRows = 32;

/// Size assumed for a dynamic inner dimension when choosing block sizes.
static constexpr int64_t kAssumedDynamicDim = 1024;

/// How a kernel was split: rows per block, and for a few-row gemm split
/// along its columns instead, the number of column blocks (0 otherwise).
struct Blocks {
  int64_t rows = 0, columnBlocks = 0;
};

/// Tiles `func` (a kernel in the buffer ABI) in place; fails, possibly
/// leaving `func` half rewritten, when it cannot be split into row blocks.
static FailureOr<Blocks>
tileIntoRowBlocks(func::FuncOp func, int64_t targetElements,
                  int64_t rowMultiple, int64_t contractionRows,
                  int64_t tileElements, bool fitSmallOutputs,
                  int64_t contractionTileRows, int64_t balanceThreads) {
  MLIRContext *ctx = func.getContext();
  Block &entry = func.getBody().front();
  unsigned numArgs = entry.getNumArguments();
  if (numArgs < kBlockRangeArgs)
    return failure();
  Value blockBegin = entry.getArgument(numArgs - 2);
  Value blockEnd = entry.getArgument(numArgs - 1);

  SmallVector<bufferization::MaterializeInDestinationOp> stores;
  func.walk([&](bufferization::MaterializeInDestinationOp m) {
    stores.push_back(m);
  });
  if (stores.size() != 1)
    return failure();
  bufferization::MaterializeInDestinationOp store = stores.front();
  auto consumer = store.getSource().getDefiningOp<linalg::LinalgOp>();
  if (!consumer || consumer->getNumResults() != 1 ||
      !consumer.hasPureTensorSemantics())
    return failure();
  auto resultType = cast<RankedTensorType>(store.getSource().getType());
  if (resultType.getRank() == 0)
    return failure();
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
  if (outputMap.getNumResults() == 0 ||
      outputMap.getResult(0) != getAffineDimExpr(0, ctx) ||
      consumer.getIteratorTypesArray()[0] != utils::IteratorType::parallel)
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
  for (int64_t d : resultType.getShape().drop_front())
    inner *= extent(d);
  if (!linalg::isaContractionOpInterface(consumer)) {
    SmallVector<utils::IteratorType> iterators =
        consumer.getIteratorTypesArray();
    SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
    for (auto [type, range] : llvm::zip_equal(iterators, ranges))
      if (type == utils::IteratorType::reduction)
        inner *= extent(range);
  }
  int64_t rows;
  auto kind = func->getAttrOfType<StringAttr>(kKernelAttrName);
  bool gemm = contractionRows > 0 && kind && kind.getValue() == "gemm";
  if (gemm) {
    // A block holds `contractionRows` rows of the matmul's output (for a
    // batch matmul, whole matrices of fewer rows), a GEMM tile's height.
    int64_t middle = 1;
    ArrayRef<int64_t> shape = resultType.getShape();
    if (shape.size() > 2)
      for (int64_t d : shape.slice(1, shape.size() - 2))
        middle *= extent(d);
    rows = std::max<int64_t>(1, contractionRows / middle);
  } else {
    rows = std::max<int64_t>(1, targetElements / inner);
  }
  if (rowMultiple > 1 && rows >= rowMultiple)
    rows -= rows % rowMultiple;
  // A row of a split reduction's partials is a whole chunk of the reduced
  // data: one block each.
  if (func->hasAttr(kSplitPartialsAttrName))
    rows = 1;
  // No more rows than the output has: its one block then has a static
  // size (a one-row matmul stays one row, not min(64, 1 - begin) rows).
  // Gemm kernels only: other kernels step through a block in row tiles
  // that divide it, which a small prime row count would make single rows.
  if (fitSmallOutputs && gemm && !resultType.isDynamicDim(0))
    rows = std::clamp<int64_t>(resultType.getDimSize(0), 1, rows);
  // A gemm of fewer rows than a block (a matrix-vector product, a decode
  // step's few tokens) would be one block, one thread: its columns are
  // split instead, when they are whole blocks (a partial last block would
  // have a dynamic width, which the register tiles do not take).
  int64_t columnBlock = 0;
  if (fitSmallOutputs && gemm && resultType.getRank() == 2 &&
      resultType.hasStaticShape() && resultType.getDimSize(0) <= contractionRows &&
      resultType.getDimSize(1) >= 2 * kHostColumnBlock &&
      resultType.getDimSize(1) % kHostColumnBlock == 0 &&
      outputMap.getNumResults() == 2 &&
      outputMap.getResult(1) == getAffineDimExpr(1, ctx) &&
      consumer.getIteratorTypesArray()[1] == utils::IteratorType::parallel)
    columnBlock = kHostColumnBlock;
  // Blocks of equal rows, whole register tiles, and at least one per
  // thread while they keep 64 rows or more: 300 rows in blocks of up to
  // 256 are two blocks of 152 and 148 rows, not 256 and 44 (which left a
  // thread idle for most of the kernel).
  if (gemm && balanceThreads > 0 && !columnBlock &&
      resultType.getRank() == 2 && !resultType.isDynamicDim(0)) {
    int64_t m = resultType.getDimSize(0);
    int64_t minRows = m <= rows ? kMinSharedRows : kMinBalancedRows;
    int64_t count = std::max<int64_t>(
        llvm::divideCeil(m, rows),
        std::min<int64_t>(balanceThreads, m / minRows));
    int64_t step = std::max<int64_t>(contractionTileRows, 1);
    rows = std::min<int64_t>(
        rows, llvm::alignTo(llvm::divideCeil(m, std::max<int64_t>(count, 1)),
                            step));
    rows = std::max<int64_t>(rows, 1);
  }
  // The rows one loop iteration computes: a divisor of the block's rows, so
  // that block boundaries fall on tile boundaries. Contractions keep whole
  // blocks (their register tiles need a multiple of `rowMultiple` rows).
  int64_t tileRows = rows;
  bool hasContraction = false;
  func.walk([&](linalg::LinalgOp op) {
    hasContraction |= linalg::isaContractionOpInterface(op);
  });
  if (tileElements > 0 && !hasContraction) {
    tileRows = std::clamp<int64_t>(tileElements / inner, 1, rows);
    while (rows % tileRows != 0)
      --tileRows;
  }

  IRRewriter rewriter(ctx);
  scf::SCFTilingOptions tiling;
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
  SmallVector<OpFoldResult> sizes(consumer.getNumLoops(),
                                  rewriter.getIndexAttr(0));
  if (columnBlock)
    sizes[1] = rewriter.getIndexAttr(columnBlock);
  else
    sizes[0] = rewriter.getIndexAttr(tileRows);
  tiling.setTileSizes(sizes);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  // Fuse a producer when its slice moves with the row (row statistics,
  // elementwise prologues) and always for destinations (fills). A producer
  // the whole row block reads in full (a column statistic, a weight) stays
  // outside the loop and is computed once per call.
  options.setFusionControlFn(
      [](tensor::ExtractSliceOp slice, OpResult, bool isDestination)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (isDestination ||
            llvm::any_of(slice.getMixedOffsets(), [](OpFoldResult offset) {
              return !isConstantIntValue(offset, 0);
            }))
          return scf::SCFTileAndFuseOptions::ControlFnResult{};
        return std::nullopt;
      });
  rewriter.setInsertionPoint(consumer);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(consumer.getOperation()), options);
  if (failed(tiled) || tiled->loops.size() != 1)
    return failure();
  for (auto [original, replacement] : tiled->replacements)
    rewriter.replaceAllUsesWith(original, replacement);
  // The untiled ops are dead now; those with runtime checks (divisions,
  // gathers) would otherwise stay and compute every row in every block.
  eraseDeadCheckedOps(func);
  auto loop = dyn_cast<scf::ForOp>(tiled->loops.front().getOperation());
  if (!loop || loop.getInitArgs().size() != 1 ||
      !loop.getInitArgs()[0].getDefiningOp<tensor::EmptyOp>() ||
      store.getSource() != loop.getResult(0))
    return failure();

  // The loop computes into the output buffer itself, and only the rows (or
  // columns) of blocks [begin, end), `tileRows` (`columnBlock`) at a time.
  Location loc = loop.getLoc();
  rewriter.setInsertionPoint(loop);
  Value output = bufferization::ToTensorOp::create(
      rewriter, loc, resultType, store.getDest(), /*restrict=*/true,
      /*writable=*/true);
  loop.getInitArgsMutable()[0].set(output);
  Value blockSize = arith::ConstantIndexOp::create(
      rewriter, loc, columnBlock ? columnBlock : rows);
  Value lower = arith::MulIOp::create(rewriter, loc, blockBegin, blockSize);
  Value upper = arith::MinSIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, blockEnd, blockSize),
      loop.getUpperBound());
  loop.getLowerBoundMutable().set(lower);
  loop.getUpperBoundMutable().set(upper);
  Blocks blocks;
  blocks.rows = rows;
  if (columnBlock)
    blocks.columnBlocks =
        llvm::divideCeil(resultType.getDimSize(1), columnBlock);
  return blocks;
}

namespace {
struct MeldTileHostBlocksPass
    : public meld::impl::MeldTileHostBlocksBase<MeldTileHostBlocksPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(kKernelAttrName) || func.isExternal())
      return;
    // Work on a copy so that a kernel that cannot be split stays intact.
    OwningOpRef<func::FuncOp> copy = func.clone();
    // A result reshaped just before the store (a kept-dims reduction's
    // unit dim) is stored unreshaped into the output buffer seen through
    // the inverse reshape, so the op computing it can be tiled. A reshaped
    // empty tensor (such a reduction's destination) is an empty tensor of
    // the new shape, which the loop can take as its destination.
    Block &entry = copy->getBody().front();
    int64_t rowDims = 1;
    copy->walk([&](bufferization::MaterializeInDestinationOp store) {
      auto expand = store.getSource().getDefiningOp<tensor::ExpandShapeOp>();
      auto dest = dyn_cast<BlockArgument>(store.getDest());
      auto destType =
          dest ? dyn_cast<MemRefType>(dest.getType()) : MemRefType();
      if (!expand || !destType || dest.getOwner() != &entry ||
          !destType.getLayout().isIdentity() ||
          !expand.getSrc().getDefiningOp<linalg::LinalgOp>())
        return;
      // At the top, so the row loop (built before the store) can use it.
      auto b = OpBuilder::atBlockBegin(&entry);
      Value flat = memref::CollapseShapeOp::create(
          b, store.getLoc(), dest, expand.getReassociationIndices());
      store.getSourceMutable().set(expand.getSrc());
      store.getDestMutable().set(flat);
      rowDims = expand.getReassociationIndices().front().size();
    });
    {
      RewritePatternSet patterns(func.getContext());
      tensor::populateFoldTensorEmptyPatterns(patterns);
      if (failed(applyPatternsGreedily(*copy, std::move(patterns))))
        return;
    }
    FailureOr<Blocks> blocks =
        tileIntoRowBlocks(*copy, targetElements, rowMultiple, contractionRows,
                          tileElements, fitSmallOutputs, contractionTileRows,
                          balanceThreads);
    if (failed(blocks))
      return;
    func.getBody().takeBody(copy->getBody());
    // Intermediates of the fused producers are slices of whole-tensor
    // tensor.empty ops: make them tile-sized empties inside the loop, so a
    // block allocates a few rows of scratch, not a whole tensor per call.
    RewritePatternSet patterns(func.getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    IntegerType i64 = IntegerType::get(func.getContext(), 64);
    func->setAttr(kRowsPerBlockAttrName, IntegerAttr::get(i64, blocks->rows));
    if (rowDims > 1)
      func->setAttr(kRowDimsAttrName, IntegerAttr::get(i64, rowDims));
    if (blocks->columnBlocks)
      func->setAttr(kHostColumnBlocksAttrName,
                    IntegerAttr::get(i64, blocks->columnBlocks));
  }
};
} // namespace
