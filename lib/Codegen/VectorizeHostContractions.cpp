//===- VectorizeHostContractions.cpp - Register-tiled host matmuls --------===//
//
// tileUsingSCF (rows x cols x 1 register tiles) + linalg::vectorize +
// hoistRedundantVectorTransfers, all upstream; this pass only picks the ops
// and the tile sizes.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTCONTRACTIONS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// Whether `op` is a contraction on buffers: two inputs, one output,
/// parallel loops then exactly one reduction loop, last.
static bool isHostContraction(linalg::GenericOp op) {
  auto iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  return op.hasPureBufferSemantics() && n >= 3 && op.getNumDpsInputs() == 2 &&
         op.getNumDpsInits() == 1 &&
         iterators[n - 1] == utils::IteratorType::reduction &&
         llvm::count(iterators, utils::IteratorType::reduction) == 1;
}

/// Moves a contraction's reduction loop outside its innermost parallel loop
/// ((i, j, k) -> (i, k, j) for a matmul) when the right operand is walked
/// along j (rows of B): the inner loop then runs contiguously over B and the
/// output and LLVM vectorizes it. With a transposed B the k loop is the
/// contiguous one and stays inner.
static void interchangeForContiguousRows(RewriterBase &rewriter,
                                         linalg::GenericOp op) {
  int64_t n = op.getNumLoops();
  if (op.getIndexingMapsArray()[1].getResults().back() !=
      getAffineDimExpr(n - 2, op.getContext()))
    return;
  SmallVector<unsigned> order = llvm::to_vector(llvm::seq<unsigned>(0, n));
  std::swap(order[n - 1], order[n - 2]);
  rewriter.setInsertionPoint(op);
  (void)linalg::interchangeGenericOp(rewriter, op, order);
}

/// Tiles a contraction into cache blocks: slices of `kReductionBlock` along
/// k (outermost) and one register tile's columns, so the right operand's
/// `kReductionBlock x tileCols` panel (32 KiB for f32) stays in L1 while
/// every row tile of the block walks it, instead of each row tile streaming
/// the operand's whole column panel from L2 or L3. Returns the op to
/// register-tile (`op` itself when there is nothing to block).
static FailureOr<Operation *> tileForCache(RewriterBase &rewriter,
                                           linalg::GenericOp op,
                                           ArrayRef<int64_t> ranges,
                                           int64_t tileCols) {
  constexpr int64_t kReductionBlock = 256;
  int64_t n = op.getNumLoops();
  int64_t k = ranges[n - 1], kBlock = std::min(k, kReductionBlock);
  while (k % kBlock != 0)
    --kBlock;
  if (ranges[n - 2] == tileCols && kBlock == k)
    return op.getOperation();
  SmallVector<OpFoldResult> sizes(n, rewriter.getIndexAttr(0));
  sizes[n - 2] = rewriter.getIndexAttr(tileCols);
  sizes[n - 1] = rewriter.getIndexAttr(kBlock);
  // Loops: k blocks, then column tiles (the batch and row loops come with
  // the register tiles inside).
  SmallVector<int64_t> interchange = llvm::to_vector(llvm::seq<int64_t>(0, n));
  std::swap(interchange[n - 3], interchange[n - 1]);
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  options.setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return failure();
  rewriter.eraseOp(op);
  return tiled->tiledOps.front();
}

/// Whether `value` is (a view of) one of the kernel's argument buffers.
static bool isArgumentBuffer(Value value) {
  while (auto view = value.getDefiningOp<memref::SubViewOp>())
    value = view.getSource();
  return isa<BlockArgument>(value);
}

/// Packs the cache block's right operand when the contraction reads it
/// transposed (`B[j][k]`, attention's `Q @ K^T`): a `linalg.transpose` into
/// a `kBlock x tileCols` buffer on the kernel's stack, which the op then
/// reads as `B[k][j]`. The register tiles load rows of consecutive columns
/// from it, where the transposed operand took one gathered element per
/// column for every step of k. Returns whether it did.
static bool packTransposedPanel(linalg::GenericOp op, Block &entry) {
  int64_t n = op.getNumLoops();
  MLIRContext *ctx = op.getContext();
  AffineExpr j = getAffineDimExpr(n - 2, ctx), k = getAffineDimExpr(n - 1, ctx);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  OpOperand *rhs = op.getDpsInputOperand(1);
  auto type = dyn_cast<MemRefType>(rhs->get().getType());
  if (maps[1] != AffineMap::get(n, 0, {j, k}, ctx) || !type ||
      !type.hasStaticShape())
    return false;
  Location loc = op.getLoc();
  OpBuilder b(op);
  Value packed;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&entry);
    packed = memref::AllocaOp::create(
        b, loc,
        MemRefType::get({type.getDimSize(1), type.getDimSize(0)},
                        type.getElementType()),
        b.getI64IntegerAttr(64));
  }
  linalg::TransposeOp::create(b, loc, rhs->get(), packed,
                              ArrayRef<int64_t>{1, 0});
  rhs->set(packed);
  maps[1] = AffineMap::get(n, 0, {k, j}, ctx);
  op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
  return true;
}

/// Copies a cache block's operands into buffers on the kernel's stack
/// (upstream's subview promotion, allocated once at the kernel's entry):
/// - the right operand's `kBlock x tileCols` panel, when `rows` register
///   tiles of `tileRows` rows are at least 4 per panel: in the matrix its
///   rows lie a whole matrix row apart, so they share a handful of L1 sets
///   and evict one another; packed, the panel is 32 KiB of consecutive
///   lines that every row tile then reads from L1;
/// - the output block, when it is a kernel argument: the register tiles'
///   accumulators then stay in registers across the k loop (upstream's
///   transfer hoisting cannot tell an argument buffer from the operands
///   the loop reads, so each step of k loaded and stored them).
/// A transposed right operand is packed transposed (packTransposedPanel)
/// whatever the rows. Returns the op to register-tile.
static Operation *promoteBlockOperands(linalg::GenericOp op, int64_t rows,
                                       int64_t tileRows) {
  Block &entry =
      op->getParentOfType<FunctionOpInterface>().getFunctionBody().front();
  SmallVector<int64_t> operands;
  if (!packTransposedPanel(op, entry) && rows >= 4 * tileRows)
    operands.push_back(1);
  if (isArgumentBuffer(op.getDpsInits()[0]))
    operands.push_back(2);
  if (operands.empty())
    return op;
  auto copy = [](OpBuilder &b, Value from, Value to) {
    linalg::CopyOp::create(b, from.getLoc(), from, to);
    return success();
  };
  linalg::LinalgPromotionOptions promotion;
  promotion.setOperandsToPromote(operands)
      .setAllocationDeallocationFns(
          [&entry](OpBuilder &b, memref::SubViewOp view, ArrayRef<Value>,
                   DataLayout &) -> std::optional<Value> {
            MemRefType type = view.getType();
            if (!type.hasStaticShape())
              return std::nullopt;
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(&entry);
            return memref::AllocaOp::create(
                       b, view.getLoc(),
                       MemRefType::get(type.getShape(), type.getElementType()),
                       b.getI64IntegerAttr(64))
                .getResult();
          },
          [](OpBuilder &, Value) { return success(); })
      .setCopyInOutFns(copy, copy);
  OpBuilder builder(op);
  FailureOr<linalg::LinalgOp> promoted =
      linalg::promoteSubViews(builder, op, promotion);
  return succeeded(promoted) ? promoted->getOperation() : op.getOperation();
}

/// Keeps a register tile's accumulator in registers across its k loop: a
/// transfer_read and transfer_write of the same loop-invariant slice of a
/// kernel-local buffer, the only accesses to it in the loop, become the
/// loop's iter_arg (read before, write after). Upstream's
/// hoistRedundantVectorTransfers declines these when the buffer is copied
/// in and out around the loop nest (promoteBlockOperands), though nothing
/// else can reach a buffer the kernel allocated itself.
static void hoistLocalAccumulators(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<std::pair<vector::TransferReadOp, vector::TransferWriteOp>> pairs;
  func.walk([&](scf::ForOp loop) {
    for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
      Value buffer = read.getBase();
      if (!buffer.getDefiningOp<memref::AllocaOp>() ||
          llvm::any_of(read.getIndices(), [&](Value index) {
            return !loop.isDefinedOutsideOfLoop(index);
          }))
        continue;
      vector::TransferWriteOp write;
      bool other = false;
      for (Operation *user : buffer.getUsers()) {
        if (user == read || !loop->isAncestor(user))
          continue;
        auto w = dyn_cast<vector::TransferWriteOp>(user);
        if (w && !write && w->getBlock() == loop.getBody() &&
            w.getIndices() == read.getIndices() &&
            w.getVectorType() == read.getVectorType() &&
            w.getPermutationMap() == read.getPermutationMap())
          write = w;
        else
          other = true;
      }
      if (write && !other && read->isBeforeInBlock(write))
        pairs.push_back({read, write});
    }
  });
  for (auto [read, write] : pairs) {
    auto loop = cast<scf::ForOp>(read->getParentOp());
    loop.moveOutOfLoop(read);
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(loop.getOperation())
            .replaceWithAdditionalYields(
                rewriter, read.getResult(),
                /*replaceInitOperandUsesInLoop=*/true,
                [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                  return SmallVector<Value>{write.getVector()};
                });
    if (failed(replaced))
      continue;
    write->moveAfter(replaced->getOperation());
    write.getValueToStoreMutable().assign(
        replaced->getOperation()->getResults().back());
  }
}

namespace {
/// acc + (sum over unit dims of x * y) -> fma(x, y, acc). A vectorized
/// register tile reduces its product over a k tile of 1; upstream lowers
/// that multi-reduction to an add of the product, a multiply and a
/// dependent add per step of k, where one FMA does both.
struct UnitReductionToFma : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    auto accType = dyn_cast<VectorType>(op.getAcc().getType());
    auto mul = op.getSource().getDefiningOp<arith::MulFOp>();
    if (op.getKind() != vector::CombiningKind::ADD || !accType || !mul)
      return rewriter.notifyMatchFailure(op, "not a sum of products");
    VectorType sourceType = op.getSourceVectorType();
    for (int64_t d : op.getReductionDims())
      if (sourceType.getDimSize(d) != 1)
        return rewriter.notifyMatchFailure(op, "reduces more than one term");
    // Dropping unit dims keeps the kept dims in order: a shape cast.
    Location loc = op.getLoc();
    Value x = vector::ShapeCastOp::create(rewriter, loc, accType, mul.getLhs());
    Value y = vector::ShapeCastOp::create(rewriter, loc, accType, mul.getRhs());
    rewriter.replaceOpWithNewOp<vector::FMAOp>(op, x, y, op.getAcc());
    return success();
  }
};

struct MeldVectorizeHostContractionsPass
    : public meld::impl::MeldVectorizeHostContractionsBase<
          MeldVectorizeHostContractionsPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<linalg::GenericOp> contractions;
    func.walk([&](linalg::GenericOp op) {
      if (isHostContraction(op))
        contractions.push_back(op);
    });
    if (contractions.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : contractions) {
      int64_t n = op.getNumLoops();
      // Batch dims 1, then rows x cols, then 1 along the reduction.
      SmallVector<int64_t> sizes(n, 1);
      sizes[n - 3] = tileRows;
      sizes[n - 2] = tileCols;
      // Register tiles for f32 loop nests that tile exactly (every tile full
      // and static); everything else stays scalar loops.
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      bool exact = getElementTypeOrSelf(op.getDpsInits()[0].getType()).isF32();
      for (int64_t i = 0; i < n; ++i)
        exact &= !ShapedType::isDynamic(ranges[i]) && ranges[i] % sizes[i] == 0;
      if (!exact) {
        interchangeForContiguousRows(rewriter, op);
        continue;
      }
      FailureOr<Operation *> blocked =
          tileForCache(rewriter, op, ranges, tileCols);
      if (failed(blocked))
        continue;
      if (*blocked != op.getOperation())
        blocked = promoteBlockOperands(cast<linalg::GenericOp>(*blocked),
                                       ranges[n - 3], tileRows);
      scf::SCFTilingOptions options;
      SmallVector<OpFoldResult> tileSizes;
      for (int64_t s : sizes)
        tileSizes.push_back(rewriter.getIndexAttr(s));
      options.setTileSizes(tileSizes);
      rewriter.setInsertionPoint(*blocked);
      FailureOr<scf::SCFTilingResult> tiled =
          scf::tileUsingSCF(rewriter, cast<TilingInterface>(*blocked), options);
      if (failed(tiled))
        continue;
      rewriter.eraseOp(*blocked);
      for (Operation *t : tiled->tiledOps) {
        if (failed(linalg::vectorizeOpPrecondition(t)))
          continue;
        rewriter.setInsertionPoint(t);
        // On buffers the vector form writes the output itself.
        if (succeeded(linalg::vectorize(rewriter, t)))
          rewriter.eraseOp(t);
      }
    }
    // Fold the tiles' subviews into the transfers (hoisting does not look
    // through views), drop single-iteration loops, merge equal index
    // computations, move invariant code out of the loops, then the
    // accumulator's read and write leave the reduction loop.
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(func, std::move(patterns))))
      return signalPassFailure();
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
    func.walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
    linalg::hoistRedundantVectorTransfers(func);
    hoistLocalAccumulators(rewriter, func);
    if (!fusedMultiplyAdd)
      return;
    RewritePatternSet fma(&getContext());
    fma.add<UnitReductionToFma>(&getContext());
    if (failed(applyPatternsGreedily(func, std::move(fma))))
      return signalPassFailure();
  }
};
} // namespace
