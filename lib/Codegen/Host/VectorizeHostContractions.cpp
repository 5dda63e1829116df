//===- VectorizeHostContractions.cpp - Register-tiled host matmuls --------===//
//
// tileUsingSCF (rows x cols x 1 register tiles) + linalg::vectorize +
// hoistRedundantVectorTransfers, all upstream; this pass picks the ops and
// the tile sizes, blocks and packs for the cache, and widens half-precision
// contractions to f32 so they take the same tiles.
//
//===----------------------------------------------------------------------===//

#include "Host/HostContractions.h"

#include "meld/Codegen/Host/HostTarget.h"
#include "meld/Codegen/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTCONTRACTIONS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

bool meld::isContractionNest(linalg::GenericOp op) {
  auto iterators = op.getIteratorTypesArray();
  int64_t n = iterators.size();
  return n >= 3 && op.getNumDpsInputs() == 2 && op.getNumDpsInits() == 1 &&
         iterators[n - 1] == utils::IteratorType::reduction &&
         llvm::count(iterators, utils::IteratorType::reduction) == 1;
}

bool meld::isImageReduceContraction(linalg::GenericOp op) {
  using utils::IteratorType;
  if (op.getNumLoops() != 4 || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 ||
      op.getIteratorTypesArray() !=
          SmallVector<IteratorType>{IteratorType::parallel,
                                    IteratorType::parallel,
                                    IteratorType::reduction,
                                    IteratorType::reduction})
    return false;
  MLIRContext *ctx = op.getContext();
  auto dim = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  // [N, rows, P] or [rows, N, P], rows walked by loop `row`.
  auto readsImages = [&](AffineMap map, unsigned row) {
    return map == AffineMap::get(4, 0, {dim(2), dim(row), dim(3)}, ctx) ||
           map == AffineMap::get(4, 0, {dim(row), dim(2), dim(3)}, ctx);
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  return readsImages(maps[0], 0) && readsImages(maps[1], 1) &&
         maps[2] == AffineMap::get(4, 0, {dim(0), dim(1)}, ctx);
}

/// Whether `op` is a contraction on buffers whose operands it reads at its
/// loops' values (projected permutations). A sliding window (a 1-D
/// depthwise convolution on its padded input, `x[f floordiv m, o * s + k]`)
/// is left to meld-vectorize-host-windows: tiled here, a map with
/// `floordiv` was sliced at tile offsets that are no multiple of m, and
/// read the wrong rows.
static bool isHostContraction(linalg::GenericOp op) {
  return op.hasPureBufferSemantics() && meld::isContractionNest(op) &&
         llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation();
         });
}

/// The multiply and the add of a contraction whose body is exactly
/// `out + lhs * rhs` (either operand order) with a reassociable sum, or
/// nothing.
static std::optional<std::pair<arith::MulFOp, arith::AddFOp>>
matchReassociableMulAdd(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  auto add = cast<linalg::YieldOp>(body.getTerminator())
                 .getValues()[0]
                 .getDefiningOp<arith::AddFOp>();
  if (body.getOperations().size() != 3 || !add ||
      !arith::bitEnumContainsAll(add.getFastmath(),
                                 arith::FastMathFlags::reassoc))
    return std::nullopt;
  Value acc = body.getArgument(2);
  if (add.getLhs() != acc && add.getRhs() != acc)
    return std::nullopt;
  auto mul = (add.getLhs() == acc ? add.getRhs() : add.getLhs())
                 .getDefiningOp<arith::MulFOp>();
  if (!mul ||
      !llvm::is_contained({mul.getLhs(), mul.getRhs()}, body.getArgument(0)) ||
      !llvm::is_contained({mul.getLhs(), mul.getRhs()}, body.getArgument(1)))
    return std::nullopt;
  return std::make_pair(mul, add);
}

/// The float zero fill of `op`'s output just before it, or null.
static linalg::FillOp zeroFillBefore(linalg::GenericOp op) {
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && fill.hasPureBufferSemantics() &&
      fill.getDpsInits()[0] == op.getDpsInits()[0] &&
      matchPattern(fill.value(), m_AnyZeroFloat()))
    return fill;
  return nullptr;
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

/// Whether `op` is a 2-D f32 matmul on buffers whose rows are contiguous:
/// `out[i][j] += lhs[i][k] * rhs[k][j]`, or `rhs[j][k]` when
/// `transposedRhs`.
static bool isF32MatmulOnRows(linalg::GenericOp op, bool transposedRhs) {
  MLIRContext *ctx = op.getContext();
  if (op.getNumLoops() != 3)
    return false;
  AffineExpr i = getAffineDimExpr(0, ctx), j = getAffineDimExpr(1, ctx),
             k = getAffineDimExpr(2, ctx);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap rhs = transposedRhs ? AffineMap::get(3, 0, {j, k}, ctx)
                                : AffineMap::get(3, 0, {k, j}, ctx);
  if (maps[0] != AffineMap::get(3, 0, {i, k}, ctx) || maps[1] != rhs ||
      maps[2] != AffineMap::get(3, 0, {i, j}, ctx))
    return false;
  return llvm::all_of(op->getOperands(), [](Value v) {
    auto type = dyn_cast<MemRefType>(v.getType());
    return type && type.getElementType().isF32() && type.isLastDimUnitStride();
  });
}

/// Steps of k per chunk of the dot products of emitTransposedDots.
static constexpr int64_t kDotDepthChunk = 1024;

/// Computes a contraction of few rows `C[i][j] += sum_k A[i][k] * B[j][k]`
/// (f32, a transposed right operand: PyTorch's `x @ W^T` at a small batch,
/// a decode step, an expert's rows) as dot products along the contiguous
/// k, each (row, column) with a vector of 16 partial sums carried across k
/// and reduced once at the end: where packing B's panels transposed copied
/// all of it per call (1x1024 @ (1024x1024)^T: 0.22 ms packed; 8 x 2048 @
/// (8192 x 2048)^T: 31.8 ms packed, 3.9 ms so). Tiles of 4 rows by
/// `tileColumns` columns (the last rows one by one, the last columns one
/// by one); per group of columns, every row, so that B streams from memory
/// once and A, the few rows, is read again from cache. k goes in chunks of
/// kDotDepthChunk steps, each chunk's sums added into C. Needs a static k,
/// a multiple of 16, and `reassoc` on the sum (j may be dynamic).
///
/// A contraction over images and pixels (meld::isImageReduceContraction,
/// a 1x1 convolution's weight gradient on its untransposed `[N, C, P]`
/// input and `[N, F, P]` output gradient) takes the same dot products,
/// each along one image's contiguous pixels and its sums carried over the
/// images: a chunk is 1024 pixels of one image, or as many whole images
/// as make up about 1024 pixels, and pixels past the last multiple of 16
/// are read in masked vectors (P static, of any length). Returns whether
/// it replaced `op`.
static bool emitTransposedDots(RewriterBase &rewriter, linalg::GenericOp op,
                               int64_t tileColumns) {
  constexpr int64_t kLanes = 16, kRows = 4;
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1],
        out = op.getDpsInits()[0];
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  // Images: 0 for the plain contraction, whose k is loop 2.
  int64_t images = 0, depth = ranges.back();
  bool lhsImageFirst = false, rhsImageFirst = false;
  MLIRContext *ctx = op.getContext();
  if (meld::isImageReduceContraction(op)) {
    images = ranges[2];
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    lhsImageFirst = maps[0].getResult(0) == getAffineDimExpr(2, ctx);
    rhsImageFirst = maps[1].getResult(0) == getAffineDimExpr(2, ctx);
    if (ShapedType::isDynamic(images) || images == 0 ||
        ShapedType::isDynamic(depth) || depth == 0 ||
        !op.hasPureBufferSemantics() ||
        !llvm::all_of(op->getOperands(), [](Value v) {
          auto type = dyn_cast<MemRefType>(v.getType());
          return type && type.getElementType().isF32() &&
                 type.isLastDimUnitStride();
        }))
      return false;
  } else if (!isF32MatmulOnRows(op, /*transposedRhs=*/true) ||
             // Vector loads along k need the operands contiguous.
             ShapedType::isDynamic(depth) || depth % kLanes != 0 ||
             depth == 0) {
    return false;
  }
  auto mulAdd = matchReassociableMulAdd(op);
  if (!mulAdd)
    return false;
  arith::FastMathFlags sumFlags = mulAdd->second.getFastmath();

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto lanes = VectorType::get({kLanes}, rewriter.getF32Type());
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value zero = arith::ConstantOp::create(rewriter, loc, lanes,
                                         DenseElementsAttr::get(lanes, 0.0f));
  Value rows = memref::DimOp::create(rewriter, loc, out, 0);
  // Columns may be dynamic: the last block of a head whose width is no
  // multiple of the column block (GPT-2's 50257) is a partial one.
  Value cols = memref::DimOp::create(rewriter, loc, out, 1);
  // An operand's indices at a row (or column), an image and a step.
  auto at = [&](bool imageFirst, Value row, Value image, Value k) {
    if (!image)
      return SmallVector<Value>{row, k};
    return imageFirst ? SmallVector<Value>{image, row, k}
                      : SmallVector<Value>{row, image, k};
  };
  // Steps [k0, k1) and `tail` masked lanes after them, of the images [n0,
  // n1) (none: the plain contraction), of the columns [j0, j0 + count) of
  // the rows `rowIds`: one accumulator per (row, column), each row of the
  // left operand loaded once per step and each of the right once for all
  // the rows.
  auto dots = [&](OpBuilder &b, ArrayRef<Value> rowIds, Value j0, int64_t count,
                  Value n0, Value n1, Value k0, Value k1, int64_t tail) {
    int64_t height = rowIds.size();
    SmallVector<Value> inits(height * count, zero);
    SmallVector<Value> columns;
    for (int64_t t = 0; t < count; ++t)
      columns.push_back(
          t == 0 ? j0
                 : arith::AddIOp::create(b, loc, j0, index(b, t)).getResult());
    // One step's products added to `sums`: its vectors loaded by `load`.
    auto step = [&](OpBuilder &nb, Location l, ValueRange sums,
                    function_ref<Value(Value, bool, Value)> load) {
      SmallVector<Value> xs;
      for (Value row : rowIds)
        xs.push_back(load(lhs, lhsImageFirst, row));
      SmallVector<Value> next(sums.begin(), sums.end());
      for (int64_t t = 0; t < count; ++t) {
        Value y = load(rhs, rhsImageFirst, columns[t]);
        for (int64_t r = 0; r < height; ++r)
          next[r * count + t] =
              vector::FMAOp::create(nb, l, xs[r], y, sums[r * count + t]);
      }
      return next;
    };
    // The steps of one image (null: the plain contraction).
    auto image = [&](OpBuilder &ib, Value n, ValueRange sums) {
      auto steps = scf::ForOp::create(
          ib, loc, k0, k1, index(ib, kLanes), sums,
          [&](OpBuilder &nb, Location l, Value kk, ValueRange carried) {
            scf::YieldOp::create(
                nb, l,
                step(nb, l, carried, [&](Value v, bool imageFirst, Value row) {
                  return vector::LoadOp::create(nb, l, lanes, v,
                                                at(imageFirst, row, n, kk));
                }));
          });
      SmallVector<Value> result = steps.getResults();
      if (tail == 0)
        return result;
      Value mask = vector::ConstantMaskOp::create(
          ib, loc, VectorType::get({kLanes}, ib.getI1Type()),
          ArrayRef<int64_t>{tail});
      return step(ib, loc, result, [&](Value v, bool imageFirst, Value row) {
        return vector::MaskedLoadOp::create(ib, loc, lanes, v,
                                            at(imageFirst, row, n, k1), mask,
                                            zero)
            .getResult();
      });
    };
    SmallVector<Value> sums;
    if (images == 0) {
      sums = image(b, Value(), inits);
    } else {
      sums = scf::ForOp::create(
                 b, loc, n0, n1, index(b, 1), inits,
                 [&](OpBuilder &nb, Location l, Value n, ValueRange carried) {
                   scf::YieldOp::create(nb, l, image(nb, n, carried));
                 })
                 .getResults();
    }
    for (int64_t r = 0; r < height; ++r)
      for (int64_t t = 0; t < count; ++t) {
        Value sum = vector::ReductionOp::create(
            b, loc, vector::CombiningKind::ADD, sums[r * count + t], Value(),
            sumFlags);
        Value old = memref::LoadOp::create(b, loc, out, {rowIds[r], columns[t]});
        Value updated = arith::AddFOp::create(b, loc, old, sum, sumFlags);
        memref::StoreOp::create(b, loc, updated, out, {rowIds[r], columns[t]});
      }
  };
  // `n` less its remainder by `multiple`.
  auto whole = [&](OpBuilder &b, Value n, int64_t multiple) -> Value {
    return arith::SubIOp::create(
        b, loc, n, arith::RemUIOp::create(b, loc, n, index(b, multiple)));
  };
  // A chunk of the `count` columns from `j0` (dots' images and steps), for
  // every row: 4 at a time, then one by one.
  Value byRows = whole(rewriter, rows, kRows);
  auto columnGroup = [&](OpBuilder &b, Value j0, int64_t count, Value n0,
                         Value n1, Value k0, Value k1, int64_t tail) {
    auto rowLoop = [&](Value begin, Value end, int64_t height) {
      meld::codegen::stepLoop(
          b, loc, begin, end, height, [&](OpBuilder &nb, Value row0) {
            SmallVector<Value> rowIds;
            for (int64_t r = 0; r < height; ++r)
              rowIds.push_back(
                  r == 0 ? row0
                         : arith::AddIOp::create(nb, loc, row0, index(nb, r))
                               .getResult());
            dots(nb, rowIds, j0, count, n0, n1, k0, k1, tail);
          });
    };
    rowLoop(index(b, 0), byRows, kRows);
    rowLoop(byRows, rows, 1);
  };
  // The `count` columns from `j0` over k, chunk by chunk: a chunk of B's
  // `count` rows stays in L1 while all the rows of A pass it. (Rows of
  // both operands whose stride is a multiple of 4 KiB, 1024 f32, fall into
  // the same L1 sets step for step; a chunk of 1024 steps takes one line
  // of each per set.) Images of fewer steps go several to a chunk.
  int64_t chunked = depth - depth % kDotDepthChunk;
  int64_t vectors = depth - depth % kLanes, tail = depth % kLanes;
  int64_t perChunk = std::max<int64_t>(1, kDotDepthChunk / depth);
  auto columns = [&](OpBuilder &b, Value j0, int64_t count) {
    // The chunks of the images [n0, n1) (null: the plain contraction).
    auto chunks = [&](OpBuilder &cb, Value n0, Value n1) {
      if (chunked > 0)
        meld::codegen::stepLoop(
            cb, loc, index(cb, 0), index(cb, chunked), kDotDepthChunk,
            [&](OpBuilder &nb, Value k0) {
              Value k1 =
                  arith::AddIOp::create(nb, loc, k0, index(nb, kDotDepthChunk));
              columnGroup(nb, j0, count, n0, n1, k0, k1, 0);
            });
      if (chunked < depth)
        columnGroup(cb, j0, count, n0, n1, index(cb, chunked),
                    index(cb, vectors), tail);
    };
    if (images == 0) {
      chunks(b, Value(), Value());
      return;
    }
    if (chunked > 0) {
      meld::codegen::stepLoop(b, loc, index(b, 0), index(b, images), 1,
                              [&](OpBuilder &nb, Value n) {
                                chunks(nb, n,
                                       arith::AddIOp::create(nb, loc, n,
                                                             index(nb, 1)));
                              });
      return;
    }
    int64_t grouped = images - images % perChunk;
    meld::codegen::stepLoop(
        b, loc, index(b, 0), index(b, grouped), perChunk,
        [&](OpBuilder &nb, Value n0) {
          chunks(nb, n0,
                 arith::AddIOp::create(nb, loc, n0, index(nb, perChunk)));
        });
    if (grouped < images)
      chunks(b, index(b, grouped), index(b, images));
  };
  // Columns `tileColumns` at a time, then one by one.
  Value byColumns = whole(rewriter, cols, tileColumns);
  meld::codegen::stepLoop(
      rewriter, loc, index(rewriter, 0), byColumns, tileColumns,
      [&](OpBuilder &b, Value j0) { columns(b, j0, tileColumns); });
  meld::codegen::stepLoop(rewriter, loc, byColumns, cols, 1,
                          [&](OpBuilder &b, Value j0) { columns(b, j0, 1); });
  rewriter.eraseOp(op);
  return true;
}

/// The deepest k that emitSwappedTiles takes: its W tile's rows (6 x k
/// f32) stay in L1 for every panel of x's rows.
static constexpr int64_t kSwappedMaxDepth = 1024;

/// Computes `C[i][j] += sum_k A[i][k] * B[j][k]` (f32, PyTorch's `x @
/// W^T` over a batch of up to a few hundred rows) as `(B A^T)^T`: the
/// rows of A (few, the same for every block of columns) are packed once
/// per call, transposed, into panels of 64 along k, at the kernel's entry;
/// each register tile then broadcasts 6 rows of B (the weight), read in
/// place along k, against 4 vectors of 16 of A's rows, over the whole of
/// k, and its 6 x 64 sums are written transposed (16 x 16 transposes, a
/// row of 6 per output row). The weight is never copied, where packing it
/// transposed into panels took 15-18% of the kernel's time. The columns
/// (B's rows) may be dynamic: tiles of 6, then one of the rest. Needs the
/// left operand to be the kernel's argument, static rows, a static k that
/// is a multiple of 16 and at most kSwappedMaxDepth, and `reassoc` on the
/// sum (each sum is added to the output's value once, at the end; after a
/// zero fill, which it removes, simply stored). Returns whether it replaced
/// `op`.
static bool emitSwappedTiles(RewriterBase &rewriter, linalg::GenericOp op,
                             llvm::DenseMap<Value, Value> &packedLhs) {
  constexpr int64_t kLanes = 16, kTileRows = 6, kPanelVectors = 4;
  if (!isF32MatmulOnRows(op, /*transposedRhs=*/true))
    return false;
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1],
        out = op.getDpsInits()[0];
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rows = ranges[0], depth = ranges[2];
  if (ShapedType::isDynamic(rows) || ShapedType::isDynamic(depth) ||
      rows == 0 || depth == 0 || depth % kLanes != 0 ||
      depth > kSwappedMaxDepth)
    return false;
  auto mulAdd = matchReassociableMulAdd(op);
  auto func = op->getParentOfType<func::FuncOp>();
  if (!mulAdd || !func || !func.getBody().hasOneBlock())
    return false;
  // A is packed at the kernel's entry, before the blocks' loops.
  Block &entry = func.getBody().front();
  auto lhsArg = dyn_cast<BlockArgument>(lhs);
  if (!lhsArg || lhsArg.getOwner() != &entry)
    return false;
  arith::FastMathFlags sumFlags = mulAdd->second.getFastmath();
  linalg::FillOp fill = zeroFillBefore(op);

  Location loc = op.getLoc();
  Type f32 = rewriter.getF32Type();
  auto lanes = VectorType::get({kLanes}, f32);
  auto square = VectorType::get({kLanes, kLanes}, f32);
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };

  // A^T, [k][rows padded to 16], its padding zeros (masked reads); one
  // for the versions of an op (versionByColumns) that share A.
  int64_t padded = llvm::alignTo(rows, kLanes);
  Value &packed = packedLhs[lhs];
  if (!packed) {
    rewriter.setInsertionPointToStart(&entry);
    packed = meld::codegen::allocScratch(rewriter, loc, entry,
                                         MemRefType::get({depth, padded}, f32));
    Value zero = arith::ConstantOp::create(rewriter, loc, f32,
                                           rewriter.getZeroAttr(f32));
    meld::codegen::stepLoop(
        rewriter, loc, index(rewriter, 0), index(rewriter, padded), kLanes,
        [&](OpBuilder &ib, Value i0) {
          meld::codegen::stepLoop(
              ib, loc, index(ib, 0), index(ib, depth), kLanes,
              [&](OpBuilder &kb, Value k0) {
                Value block = vector::TransferReadOp::create(
                    kb, loc, square, lhs, {i0, k0}, zero,
                    ArrayRef<bool>{rows % kLanes == 0, true});
                Value transposed =
                    vector::TransposeOp::create(kb, loc, block, {1, 0});
                vector::TransferWriteOp::create(kb, loc, transposed, packed,
                                                {k0, i0},
                                                ArrayRef<bool>{true, true});
              });
        });
  }

  rewriter.setInsertionPoint(op);
  Value zeros = arith::ConstantOp::create(rewriter, loc, lanes,
                                          DenseElementsAttr::get(lanes, 0.0f));
  Value zeroSquare = arith::ConstantOp::create(
      rewriter, loc, square, DenseElementsAttr::get(square, 0.0f));
  // Panels of A's rows: its vectors of 16 rows in as few panels of up to
  // 4 as they take, their sizes as even as can be (77 rows: 3 + 2 vectors,
  // where 4 + 1 left a tile of 6 broadcasts per 6 multiply-adds).
  SmallVector<std::pair<int64_t, int64_t>> panels;
  int64_t rowVectors = padded / kLanes;
  int64_t panelCount = llvm::divideCeil(rowVectors, kPanelVectors);
  for (int64_t i = 0, p = 0; i < panelCount; ++i) {
    int64_t vectors = rowVectors / panelCount + (i < rowVectors % panelCount);
    panels.push_back({p, vectors});
    p += kLanes * vectors;
  }
  // The outputs of B's rows [j0, j0 + height) for every row of A.
  auto tile = [&](OpBuilder &b, Value j0, int64_t height) {
    SmallVector<Value> wRows;
    for (int64_t a = 0; a < height; ++a)
      wRows.push_back(
          a ? arith::AddIOp::create(b, loc, j0, index(b, a)).getResult() : j0);
    for (auto [panel, panelVectors] : panels) {
      int64_t p = panel, vectors = panelVectors;
      SmallVector<Value> inits(height * vectors, zeros);
      auto steps = scf::ForOp::create(
          b, loc, index(b, 0), index(b, depth), index(b, 1), inits,
          [&](OpBuilder &kb, Location l, Value k, ValueRange sums) {
            SmallVector<Value> xs;
            for (int64_t v = 0; v < vectors; ++v)
              xs.push_back(vector::LoadOp::create(
                  kb, l, lanes, packed, {k, index(kb, p + kLanes * v)}));
            SmallVector<Value> next;
            for (int64_t a = 0; a < height; ++a) {
              Value w = vector::BroadcastOp::create(
                  kb, l, lanes,
                  memref::LoadOp::create(kb, l, rhs, {wRows[a], k}));
              for (int64_t v = 0; v < vectors; ++v)
                next.push_back(vector::FMAOp::create(kb, l, w, xs[v],
                                                     sums[a * vectors + v]));
            }
            scf::YieldOp::create(kb, l, next);
          });
      // Each vector of 16 of A's rows for the tile's `height` columns:
      // transposed, a row of `height` sums per output row.
      for (int64_t v = 0; v < vectors; ++v) {
        Value block = zeroSquare;
        for (int64_t a = 0; a < height; ++a)
          block =
              vector::InsertOp::create(b, loc, steps.getResult(a * vectors + v),
                                       block, ArrayRef<int64_t>{a});
        Value transposed = vector::TransposeOp::create(b, loc, block, {1, 0});
        auto piece = VectorType::get({height}, f32);
        for (int64_t r = 0; r < kLanes && p + kLanes * v + r < rows; ++r) {
          Value sums = vector::ExtractStridedSliceOp::create(
              b, loc,
              vector::ExtractOp::create(b, loc, transposed,
                                        ArrayRef<int64_t>{r}),
              ArrayRef<int64_t>{0}, ArrayRef<int64_t>{height},
              ArrayRef<int64_t>{1});
          SmallVector<Value> at = {index(b, p + kLanes * v + r), j0};
          if (!fill)
            sums = arith::AddFOp::create(
                b, loc, vector::LoadOp::create(b, loc, piece, out, at), sums,
                sumFlags);
          vector::StoreOp::create(b, loc, sums, out, at);
        }
      }
    }
  };
  Value cols = memref::DimOp::create(rewriter, loc, out, 1);
  Value whole = arith::SubIOp::create(
      rewriter, loc, cols,
      arith::RemUIOp::create(rewriter, loc, cols, index(rewriter, kTileRows)));
  meld::codegen::stepLoop(
      rewriter, loc, index(rewriter, 0), whole, kTileRows,
      [&](OpBuilder &b, Value j0) { tile(b, j0, kTileRows); });
  // The last 1 to 5 columns as one tile of their count.
  SmallVector<int64_t> lastCounts =
      llvm::to_vector(llvm::seq<int64_t>(1, kTileRows));
  auto last = scf::IndexSwitchOp::create(
      rewriter, loc, TypeRange{},
      arith::SubIOp::create(rewriter, loc, cols, whole), lastCounts,
      lastCounts.size());
  for (auto [region, count] : llvm::zip(last.getCaseRegions(), lastCounts)) {
    OpBuilder cb = OpBuilder::atBlockBegin(&region.emplaceBlock());
    tile(cb, whole, count);
    scf::YieldOp::create(cb, loc);
  }
  OpBuilder db =
      OpBuilder::atBlockBegin(&last.getDefaultRegion().emplaceBlock());
  scf::YieldOp::create(db, loc);
  rewriter.eraseOp(op);
  if (fill)
    rewriter.eraseOp(fill);
  return true;
}

/// Computes a contraction of at most 4 rows with a plain right operand
/// (`x[i][k] * W[k][j]`, ONNX's MatMul, a decode step's matrix-vector
/// product) by streaming whole rows of W: for each step of k, every
/// 16-column vector of the block's columns of W is loaded once and added,
/// times each row's x[i][k], into the rows of the output, which stay in L1
/// (a block of up to 4 rows of 2048 columns is 32 KiB). Four steps of k
/// (eight for one row, and for two with 32 vector registers) share each
/// load and store of the output. The rows of W are read in runs of the
/// block's whole width, where register tiles of 1 x 256 read 1 KiB of each
/// row, 16 KiB apart for a 4096-wide W, at a third of the memory's
/// bandwidth. Returns false, changing nothing, for another op.
static bool emitStreamedRows(RewriterBase &rewriter, linalg::GenericOp op,
                             int64_t vectorRegisters) {
  constexpr int64_t kLanes = 16, kMaxRows = 4;
  if (!isF32MatmulOnRows(op, /*transposedRhs=*/false))
    return false;
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1],
        out = op.getDpsInits()[0];
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t rows = ranges[0], cols = ranges[1], depth = ranges[2];
  if (llvm::any_of(ranges, ShapedType::isDynamic) || rows < 1 ||
      rows > kMaxRows || cols % kLanes != 0 || cols == 0 || depth == 0)
    return false;
  if (!matchReassociableMulAdd(op))
    return false;
  // Steps of k per pass over the columns: 8 rows of W streamed at once
  // for one row of x, and for two with 32 vector registers; 4 for more
  // (whose broadcasts of x would not fit). In one process on the Zen 5
  // EPYC, 8 against 4: 1 x 4096 @ 4096 x 4096 1.23x (53 GFLOP/s, 107 GB/s
  // of W on 2 threads), 1 x 768 @ 768 x 3072 1.20x, the same AVX2 code
  // 1.21x; 2 rows 1.18x with AVX-512's 32 registers but 0.87x in AVX2
  // code (16 of them); 16 steps 0.65x.
  int64_t kSteps = rows == 1 || (rows == 2 && vectorRegisters >= 32) ? 8 : 4;

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto lanes = VectorType::get({kLanes}, rewriter.getF32Type());
  auto index = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, v);
  };
  SmallVector<Value> rowIds;
  for (int64_t r = 0; r < rows; ++r)
    rowIds.push_back(index(r));
  Value zero = index(0), colEnd = index(cols), lanesStep = index(kLanes);
  // Steps [k0, k0 + count) of k: each row's x[r][k] broadcast, then every
  // vector of columns loaded once and added into each row's output.
  auto steps = [&](OpBuilder &b, Value k0, int64_t count) {
    SmallVector<Value> ks;
    for (int64_t t = 0; t < count; ++t)
      ks.push_back(t == 0 ? k0
                          : arith::AddIOp::create(b, loc, k0, index(t))
                                .getResult());
    SmallVector<Value> xs;
    for (Value row : rowIds)
      for (Value kk : ks)
        xs.push_back(vector::BroadcastOp::create(
            b, loc, lanes, memref::LoadOp::create(b, loc, lhs, {row, kk})));
    scf::ForOp::create(
        b, loc, zero, colEnd, lanesStep, ValueRange{},
        [&](OpBuilder &nb, Location l, Value jj, ValueRange) {
          SmallVector<Value> ws;
          for (Value kk : ks)
            ws.push_back(vector::LoadOp::create(nb, l, lanes, rhs, {kk, jj}));
          for (auto [r, row] : llvm::enumerate(rowIds)) {
            Value acc = vector::LoadOp::create(nb, l, lanes, out, {row, jj});
            for (int64_t t = 0; t < count; ++t)
              acc = vector::FMAOp::create(nb, l, xs[r * count + t], ws[t], acc);
            vector::StoreOp::create(nb, l, acc, out, {row, jj});
          }
          scf::YieldOp::create(nb, l);
        });
  };
  int64_t grouped = depth - depth % kSteps;
  auto kLoop = [&](int64_t begin, int64_t end, int64_t count) {
    if (begin >= end)
      return;
    scf::ForOp::create(rewriter, loc, index(begin), index(end), index(count),
                       ValueRange{},
                       [&](OpBuilder &b, Location l, Value k0, ValueRange) {
                         steps(b, k0, count);
                         scf::YieldOp::create(b, l);
                       });
  };
  kLoop(0, grouped, kSteps);
  kLoop(grouped, depth, 1);
  rewriter.eraseOp(op);
  return true;
}

/// Copies the float buffer `from` into `to` of the same shape, each element
/// extended or truncated to `to`'s element type.
static void convertBuffer(OpBuilder &b, Location loc, Value from, Value to) {
  Type toElem = getElementTypeOrSelf(to.getType());
  bool wider = toElem.getIntOrFloatBitWidth() >
               getElementTypeOrSelf(from.getType()).getIntOrFloatBitWidth();
  int64_t rank = cast<MemRefType>(from.getType()).getRank();
  SmallVector<AffineMap> identity(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  linalg::GenericOp::create(
      b, loc, TypeRange{}, ValueRange{from}, ValueRange{to}, identity,
      parallel, [&](OpBuilder &nb, Location l, ValueRange args) {
        Value v =
            wider ? arith::ExtFOp::create(nb, l, toElem, args[0]).getResult()
                  : arith::TruncFOp::create(nb, l, toElem, args[0]).getResult();
        linalg::YieldOp::create(nb, l, v);
      });
}

/// Computes a half-precision (f16, bf16) contraction in f32: its body
/// `out + lhs * rhs` in halves (rounded to a half after every step when
/// LLVM promotes it, and never vectorized) becomes the same contraction of
/// the extended operands into an f32 copy of the output, rounded to halves
/// once at the end (closer to the reference, which rounds once), so it
/// takes the f32 register tiles. The copy is a heap buffer of the kernel,
/// allocated once at its entry when its shape is static; a zero fill of
/// the output just before becomes a fill of the copy. Needs `reassoc` on
/// the sum (not under strict floating point, which keeps the per-step
/// rounding). Returns the f32 contraction, or null when `op` is not such
/// a contraction.
static linalg::GenericOp widenHalfContraction(RewriterBase &rewriter,
                                              linalg::GenericOp op) {
  Value out = op.getDpsInits()[0];
  auto outType = dyn_cast<MemRefType>(out.getType());
  if (!outType ||
      !(outType.getElementType().isF16() || outType.getElementType().isBF16()))
    return nullptr;
  Type half = outType.getElementType();
  for (Value input : op.getDpsInputs()) {
    auto type = dyn_cast<MemRefType>(input.getType());
    if (!type || type.getElementType() != half)
      return nullptr;
  }
  auto mulAdd = matchReassociableMulAdd(op);
  if (!mulAdd)
    return nullptr;
  arith::MulFOp mul = mulAdd->first;
  arith::AddFOp add = mulAdd->second;

  // A zero fill of the output just before: the f32 copy starts as zeros.
  linalg::FillOp fill = zeroFillBefore(op);

  Location loc = op.getLoc();
  Type f32 = rewriter.getF32Type();
  auto func = op->getParentOfType<func::FuncOp>();
  Block &entry = func.getBody().front();
  // An f32 buffer shaped like `like`: once at the kernel's entry, of the
  // shape's constant bounds when its dynamic sizes have them (a block of
  // at most 64 rows; a view of it then), else around the op (released
  // after it).
  SmallVector<Value> releaseAfter;
  auto wideBuffer = [&](Value like) -> Value {
    auto type = cast<MemRefType>(like.getType());
    SmallVector<int64_t> bounds(type.getShape());
    bool bounded = func.getBody().hasOneBlock();
    for (int64_t d = 0; bounded && d < type.getRank(); ++d) {
      if (!type.isDynamicDim(d))
        continue;
      FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB, {like, d}, /*stopCondition=*/nullptr,
          /*closedUB=*/true);
      bounded = succeeded(bound) && *bound >= 0;
      if (bounded)
        bounds[d] = *bound;
    }
    if (bounded) {
      rewriter.setInsertionPointToStart(&entry);
      Value buffer =
          memref::AllocOp::create(rewriter, loc, MemRefType::get(bounds, f32),
                                  rewriter.getI64IntegerAttr(64));
      rewriter.setInsertionPoint(entry.getTerminator());
      memref::DeallocOp::create(rewriter, loc, buffer);
      if (type.hasStaticShape())
        return buffer;
      rewriter.setInsertionPoint(op);
      SmallVector<OpFoldResult> offsets(type.getRank(),
                                        rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> strides(type.getRank(),
                                        rewriter.getIndexAttr(1));
      SmallVector<OpFoldResult> sizes =
          memref::getMixedSizes(rewriter, loc, like);
      return memref::SubViewOp::create(rewriter, loc, buffer, offsets, sizes,
                                       strides)
          .getResult();
    }
    rewriter.setInsertionPoint(op);
    SmallVector<Value> sizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        sizes.push_back(memref::DimOp::create(rewriter, loc, like, d));
    Value buffer = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), f32), sizes,
        rewriter.getI64IntegerAttr(64));
    releaseAfter.push_back(buffer);
    return buffer;
  };
  // The left operand in f32 too: a register tile broadcasts one of its
  // elements per row and step of k, which in halves took a load, a
  // conversion and a broadcast each (one FMA takes an f32 from memory);
  // the right operand's row of the step is converted as one vector.
  Value lhs = op.getDpsInputs()[0];
  Value wideLhs = wideBuffer(lhs);
  rewriter.setInsertionPoint(op);
  convertBuffer(rewriter, loc, lhs, wideLhs);
  Value wide = wideBuffer(out);
  rewriter.setInsertionPoint(op);
  // The output's starting value: zeros, or its halves.
  if (fill) {
    // The fill's own zero, sign included.
    Value zero =
        rewriter.createOrFold<arith::ExtFOp>(loc, f32, fill.value());
    linalg::FillOp::create(rewriter, loc, ValueRange{zero}, ValueRange{wide});
    // The rounding below writes every element of `out`.
    rewriter.eraseOp(fill);
  } else {
    convertBuffer(rewriter, loc, out, wide);
  }
  auto widened = linalg::GenericOp::create(
      rewriter, loc, TypeRange{}, ValueRange{wideLhs, op.getDpsInputs()[1]},
      ValueRange{wide}, op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &b, Location l, ValueRange args) {
        Value x = args[0];
        Value y = arith::ExtFOp::create(b, l, f32, args[1]);
        Value p = arith::MulFOp::create(b, l, x, y, mul.getFastmath());
        Value s = arith::AddFOp::create(b, l, args[2], p, add.getFastmath());
        linalg::YieldOp::create(b, l, s);
      });
  convertBuffer(rewriter, loc, wide, out);
  for (Value buffer : releaseAfter)
    memref::DeallocOp::create(rewriter, loc, buffer);
  rewriter.eraseOp(op);
  return widened;
}

/// The attribute that marks the pieces a contraction is cut into while it
/// is blocked and tiled (loop peeling clones them).
static constexpr StringLiteral kPieceAttrName = "meld.contraction_piece";
/// A piece whose column tiling is done.
static constexpr StringLiteral kDoneAttrName = "meld.contraction_tile";
/// Marks the k loop of a register tile (registerTile).
static constexpr StringLiteral kKLoopAttrName = "meld.contraction_k_loop";
/// Marks, with one id per contraction, a contraction whose output a zero
/// fill just before initializes, the fill, and the k loops of the
/// contraction's register tiles, which then start their sums at zero
/// instead of reading the fill's zeros (startSumsAtZero).
static constexpr StringLiteral kZeroFillAttrName =
    "meld.contraction_zero_fill";
/// Marks, with the contraction's zero-fill id, its loop over k blocks
/// (tileForCache): the register tiles start at zero in its first block.
static constexpr StringLiteral kKBlocksAttrName = "meld.contraction_k_blocks";

/// Peels the loops among `loops` whose step does not divide their trip
/// count, innermost first: a main loop of whole tiles, whose sizes become
/// static, and one partial iteration (upstream's peeling, which clones the
/// body and so the inner main and partial loops too).
static void peelPartialTiles(RewriterBase &rewriter,
                             ArrayRef<LoopLikeOpInterface> loops) {
  for (LoopLikeOpInterface loop : llvm::reverse(loops)) {
    auto forOp = dyn_cast<scf::ForOp>(loop.getOperation());
    scf::ForOp partial;
    if (forOp)
      (void)scf::peelForLoopAndSimplifyBounds(rewriter, forOp, partial);
  }
}

/// Folds the constant sizes peeling leaves into the types of the subviews
/// and of the ops reading them.
static LogicalResult foldPieceShapes(func::FuncOp func) {
  MLIRContext *ctx = func.getContext();
  RewritePatternSet patterns(ctx);
  memref::SubViewOp::getCanonicalizationPatterns(patterns, ctx);
  memref::CastOp::getCanonicalizationPatterns(patterns, ctx);
  affine::AffineMinOp::getCanonicalizationPatterns(patterns, ctx);
  affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
  scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
  return applyPatternsGreedily(func, std::move(patterns));
}

/// The marked pieces of `func`, unmarked.
static SmallVector<linalg::GenericOp> takePieces(func::FuncOp func) {
  SmallVector<linalg::GenericOp> pieces;
  func.walk([&](linalg::GenericOp op) {
    if (op->removeAttr(kPieceAttrName))
      pieces.push_back(op);
  });
  return pieces;
}

/// The k block of a contraction over `k` for blocks of `maxBlock`: a
/// divisor of k in [maxBlock / 2, maxBlock] when there is one (no partial
/// block), else maxBlock (k itself up to maxBlock).
static int64_t reductionBlock(int64_t k, int64_t maxBlock) {
  if (ShapedType::isDynamic(k))
    return maxBlock;
  if (k <= maxBlock)
    return k;
  for (int64_t block = maxBlock; block >= maxBlock / 2; --block)
    if (k % block == 0)
      return block;
  return maxBlock;
}

/// Tiles a contraction into cache blocks: slices of up to 256 along k
/// (outermost) and one register tile's columns, so the right operand's
/// `kBlock x tileCols` panel (32 KiB for f32) stays in L1 while every row
/// tile of the block walks it, instead of each row tile streaming the
/// operand's whole column panel from L2 or L3. A last partial slice or
/// column tile is peeled off as a block of its own. Marks the blocks with
/// kPieceAttrName (`op` itself when there is nothing to block); returns
/// whether it blocked.
static FailureOr<bool> tileForCache(RewriterBase &rewriter,
                                    linalg::GenericOp op,
                                    ArrayRef<int64_t> ranges,
                                    int64_t tileCols, int64_t maxKBlock) {
  int64_t n = op.getNumLoops();
  int64_t k = ranges[n - 1], kBlock = reductionBlock(k, maxKBlock);
  op->setAttr(kPieceAttrName, rewriter.getUnitAttr());
  bool batched = llvm::any_of(ranges.drop_back(3),
                              [](int64_t range) { return range != 1; });
  if (!ShapedType::isDynamic(ranges[n - 2]) && ranges[n - 2] <= tileCols &&
      kBlock == k && !batched)
    return false;
  // One batch at a time: a block's panels are those of one matrix.
  SmallVector<OpFoldResult> sizes(n, rewriter.getIndexAttr(1));
  sizes[n - 3] = rewriter.getIndexAttr(0);
  sizes[n - 2] = rewriter.getIndexAttr(tileCols);
  sizes[n - 1] = rewriter.getIndexAttr(kBlock);
  // Loops: batches, k blocks, then column tiles (the row loops come with
  // the register tiles inside).
  SmallVector<int64_t> interchange = llvm::to_vector(llvm::seq<int64_t>(0, n));
  std::swap(interchange[n - 3], interchange[n - 1]);
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  options.setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(tiled))
    return failure();
  if (tiled->tiledOps.size() != 1) {
    // Not one block per iteration: keep the op, drop the loops.
    if (!tiled->loops.empty())
      rewriter.eraseOp(tiled->loops.front());
    return failure();
  }
  rewriter.eraseOp(op);
  // A zero-filled contraction in more than one k block: its loop over the
  // blocks (loops: batches, k blocks, column tiles) tells its register
  // tiles which block is the first, and the block says it has one (a
  // register tile that then finds no such loop reads the fill). Not a
  // dynamic k, which may have no block at all: only the fill writes the
  // output then.
  Operation *block = tiled->tiledOps.front();
  if (auto id = block->getAttrOfType<IntegerAttr>(kZeroFillAttrName);
      id && (ShapedType::isDynamic(k) || kBlock < k)) {
    block->setAttr(kKBlocksAttrName, id);
    if (!ShapedType::isDynamic(k) &&
        tiled->loops.size() == static_cast<size_t>(n - 1))
      tiled->loops[n - 3]->setAttr(kKBlocksAttrName, id);
  }
  peelPartialTiles(rewriter, tiled->loops);
  return true;
}

/// The side of the square tiles a packed panel is transposed in: one
/// vector<16x16xf32>, which convert-vector-to-llvm lowers to in-register
/// shuffles (shuffle16x16).
static constexpr int64_t kTransposeTile = 16;

/// The k block of a few rows times a plain right operand read in place by
/// more than one register tile (see its use).
static constexpr int64_t kFewRowsKBlock = 32;

/// Register tiles of rows that share a packed panel of the right operand
/// before packing it pays: fewer rows read it in place (promoteBlockOperands,
/// the versions of dynamic rows, the short k blocks of few static rows).
static constexpr int64_t kPanelRowTiles = 4;

/// The versions of a bf16 contraction with dynamic rows of a plain right
/// operand where the CPU has AVX512-BF16 dots: for up to 4 rows, widened
/// (streamed); for more, on the dots.
static constexpr StringLiteral kWidenedRowsVersionAttrName =
    "meld.widened_rows_version";
static constexpr StringLiteral kDotRowsVersionAttrName =
    "meld.dot_rows_version";

/// Splits `op` (and a fill of its output just before it) into the two
/// versions above, under a test of its row count, each marked `pending`
/// for the pass to take in turn.
static void versionFewPlainRows(RewriterBase &rewriter, linalg::GenericOp op,
                                StringRef pending) {
  Location loc = op.getLoc();
  Value out = op.getDpsInits()[0];
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && fill.getDpsInits()[0] != out)
    fill = nullptr;
  rewriter.setInsertionPoint(fill ? fill.getOperation() : op.getOperation());
  int64_t rowDim = cast<MemRefType>(out.getType()).getRank() - 2;
  Value rows = memref::DimOp::create(rewriter, loc, out, rowDim);
  Value few = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ule, rows,
      arith::ConstantIndexOp::create(rewriter, loc, 4));
  auto version = [&](StringRef mark) {
    return [&, mark](OpBuilder &b, Location l) {
      if (fill)
        b.clone(*fill);
      Operation *copy = b.clone(*op);
      copy->setAttr(mark, b.getUnitAttr());
      copy->setAttr(pending, b.getUnitAttr());
      scf::YieldOp::create(b, l);
    };
  };
  scf::IfOp::create(rewriter, loc, few, version(kWidenedRowsVersionAttrName),
                    version(kDotRowsVersionAttrName));
  rewriter.eraseOp(op);
  if (fill)
    rewriter.eraseOp(fill);
}

/// Transposes an f32 panel 16 x 16 elements at a time in vector registers
/// (a read of 16 rows, vector.transpose, a write of 16 rows) when its two
/// dims are whole tiles; otherwise it stays a linalg.transpose, whose loops
/// move one element at a time. Packing a transposed right operand that way
/// took about 30% of a 256x768 @ (3072x768)^T GEMM (perf).
static void vectorizePanelTranspose(linalg::TransposeOp transpose) {
  auto type = cast<MemRefType>(transpose.getInit().getType());
  int64_t rank = type.getRank();
  if (!type.getElementType().isF32() || !type.hasStaticShape() ||
      type.getDimSize(rank - 1) % kTransposeTile != 0 ||
      type.getDimSize(rank - 2) % kTransposeTile != 0)
    return;
  IRRewriter rewriter(transpose);
  SmallVector<OpFoldResult> sizes(rank, rewriter.getIndexAttr(1));
  sizes[rank - 1] = sizes[rank - 2] = rewriter.getIndexAttr(kTransposeTile);
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  rewriter.setInsertionPoint(transpose);
  FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(transpose.getOperation()), options);
  if (failed(tiled))
    return;
  rewriter.eraseOp(transpose);
  for (Operation *tile : tiled->tiledOps) {
    rewriter.setInsertionPoint(tile);
    if (succeeded(linalg::vectorize(rewriter, tile)))
      rewriter.eraseOp(tile);
  }
}

/// Whether `op` (a contraction widened from halves, widenHalfContraction)
/// reads its right operand, a half, only through extensions to f32.
static bool rhsReadWidened(linalg::GenericOp op) {
  BlockArgument arg = op.getRegion().front().getArgument(1);
  return isa<Float16Type, BFloat16Type>(arg.getType()) && !arg.use_empty() &&
         llvm::all_of(arg.getUsers(), [](Operation *user) {
           auto ext = dyn_cast<arith::ExtFOp>(user);
           return ext && ext.getType().isF32();
         });
}

/// Makes `op`'s right operand, now an f32 buffer, read as it is: its block
/// argument f32, the extensions of rhsReadWidened dropped.
static void readRhsAsF32(linalg::GenericOp op) {
  BlockArgument arg = op.getRegion().front().getArgument(1);
  arg.setType(Float32Type::get(op.getContext()));
  for (Operation *user : llvm::make_early_inc_range(arg.getUsers())) {
    user->getResult(0).replaceAllUsesWith(arg);
    user->erase();
  }
}

/// A 64-byte aligned buffer for packed panels, allocated at the start of
/// `entry` (the kernel's block): on the stack up to kTransposedPanelBytes,
/// a larger one (long k blocks, blocks of panels) on the heap, freed at the
/// kernel's end.
static Value allocPanelBuffer(OpBuilder &b, Location loc, Block &entry,
                              MemRefType type) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&entry);
  int64_t bytes = type.getNumElements() * type.getElementTypeBitWidth() / 8;
  if (bytes <= meld::codegen::kTransposedPanelBytes)
    return memref::AllocaOp::create(b, loc, type, b.getI64IntegerAttr(64));
  return meld::codegen::allocScratch(b, loc, entry, type);
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
  // B[batch...][j][k]: the batch dims (a block has one batch) lead.
  SmallVector<AffineExpr> transposed, packedExprs;
  for (int64_t d = 0; d + 3 < n; ++d)
    transposed.push_back(getAffineDimExpr(d, ctx));
  packedExprs = transposed;
  transposed.append({j, k});
  packedExprs.append({k, j});
  if (maps[1] != AffineMap::get(n, 0, transposed, ctx) || !type)
    return false;
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape(type.getShape());
  // A partial panel (the last column tile or k block of a dynamic count)
  // is packed into a buffer of its static bounds and read through a view
  // of its own size.
  Location loc = op.getLoc();
  OpBuilder b(op);
  SmallVector<OpFoldResult> sizes;
  for (int64_t d = 0; d < rank; ++d) {
    sizes.push_back(memref::getMixedSize(b, loc, rhs->get(), d));
    if (!type.isDynamicDim(d))
      continue;
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB,
        ValueBoundsConstraintSet::Variable(rhs->get(), d),
        /*stopCondition=*/nullptr, /*closedUB=*/true);
    if (failed(bound) || *bound <= 0)
      return false;
    shape[d] = *bound;
  }
  std::swap(shape[rank - 2], shape[rank - 1]);
  std::swap(sizes[rank - 2], sizes[rank - 1]);
  SmallVector<int64_t> permutation =
      llvm::to_vector(llvm::seq<int64_t>(0, rank));
  std::swap(permutation[rank - 2], permutation[rank - 1]);
  // A widened half contraction's panel is packed in f32, converted 16 x 16
  // elements at a time and transposed as f32.
  bool widen = type.hasStaticShape() && rhsReadWidened(op) &&
               shape[rank - 1] % kTransposeTile == 0 &&
               shape[rank - 2] % kTransposeTile == 0 &&
               llvm::all_of(ArrayRef<int64_t>(shape).drop_back(2),
                            [](int64_t size) { return size == 1; });
  Type f32 = b.getF32Type();
  Value packed = allocPanelBuffer(
      b, loc, entry,
      MemRefType::get(shape, widen ? f32 : type.getElementType()));
  if (widen) {
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value step = arith::ConstantIndexOp::create(b, loc, kTransposeTile);
    auto square = [&](Type elem) {
      return VectorType::get({kTransposeTile, kTransposeTile}, elem);
    };
    Value padding = arith::ConstantOp::create(
        b, loc, type.getElementType(), b.getZeroAttr(type.getElementType()));
    auto bound = [&](int64_t d) {
      return arith::ConstantIndexOp::create(b, loc, type.getDimSize(d));
    };
    // (The leading dims, a block's one batch, are 1.)
    scf::ForOp::create(
        b, loc, zero, bound(rank - 2), step, ValueRange{},
        [&](OpBuilder &jb, Location l, Value j0, ValueRange) {
          scf::ForOp::create(
              jb, l, zero, bound(rank - 1), step, ValueRange{},
              [&](OpBuilder &kb, Location kl, Value k0, ValueRange) {
                SmallVector<Value> from(rank - 2, zero), to(rank - 2, zero);
                from.append({j0, k0});
                to.append({k0, j0});
                Value rows = vector::TransferReadOp::create(
                    kb, kl, square(type.getElementType()), rhs->get(), from,
                    padding, ArrayRef<bool>{true, true});
                Value wide = arith::ExtFOp::create(kb, kl, square(f32), rows);
                Value transposed =
                    vector::TransposeOp::create(kb, kl, wide, {1, 0});
                vector::TransferWriteOp::create(kb, kl, transposed, packed, to,
                                                ArrayRef<bool>{true, true});
                scf::YieldOp::create(kb, kl);
              });
          scf::YieldOp::create(jb, l);
        });
  } else {
    if (!type.hasStaticShape()) {
      SmallVector<OpFoldResult> zeros(rank, b.getIndexAttr(0)),
          ones(rank, b.getIndexAttr(1));
      packed = memref::SubViewOp::create(b, loc, packed, zeros, sizes, ones);
    }
    auto transpose =
        linalg::TransposeOp::create(b, loc, rhs->get(), packed, permutation);
    vectorizePanelTranspose(transpose);
  }
  rhs->set(packed);
  maps[1] = AffineMap::get(n, 0, packedExprs, ctx);
  op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
  if (widen)
    readRhsAsF32(op);
  return true;
}

/// The elements of `type` in a 64-byte cache line.
static int64_t elementsPerLine(Type type) {
  return std::max<int64_t>(1, 64 * 8 / type.getIntOrFloatBitWidth());
}

/// `values`, computed in `loop`'s body before `before` (an op of that
/// body), as the next iteration of `loop` computes them: their computation
/// cloned before `before` with the induction variable moved on by a step
/// (kept on the last iteration). Values that do not depend on it come
/// back as they are.
static SmallVector<Value> atNextIteration(scf::ForOp loop, ValueRange values,
                                          Operation *before) {
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *o) {
    return o->getBlock() == loop.getBody() && o->isBeforeInBlock(before);
  };
  options.omitBlockArguments = true;
  options.inclusive = true;
  for (Value v : values)
    if (Operation *def = v.getDefiningOp(); def && options.filter(def))
      (void)getBackwardSlice(def, &slice, options);
  OpBuilder b(before);
  Location loc = before->getLoc();
  Value iv = loop.getInductionVar();
  Value next = arith::AddIOp::create(b, loc, iv, loop.getStep());
  Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, next,
                                       loop.getUpperBound());
  next = arith::SelectOp::create(b, loc, inside, next, iv);
  IRMapping mapping;
  mapping.map(iv, next);
  for (Operation *o : slice)
    b.clone(*o, mapping);
  return llvm::map_to_vector(
      values, [&](Value v) { return mapping.lookupOrDefault(v); });
}

/// The most bytes of a block's packed left operand (rows x k block).
static constexpr int64_t kLeftPackBytes = 256 * 1024;

/// Whether a cache block of a plain right operand also packs its left
/// operand's `rows x kBlock` slice: when the slice is a k block of longer
/// rows, inside a column-tile loop that does not move it (each column tile
/// of the block then reads the packed copy, made once per k block by
/// hoistLeftPack), and its rows' upper bound fits kLeftPackBytes. In the
/// matrix the slice's rows lie a whole matrix row apart: a register tile's
/// rows, 4 or 8 KiB apart in a 1024- or 2048-wide matrix, fell into one
/// L1 set with the output tile's rows and evicted one another (2048^3 ran
/// at 164 GFLOP/s, 2048x2064x2048 at 213, on an Intel Xeon).
static bool packsLeftOperand(linalg::GenericOp op) {
  auto view = op.getDpsInputs()[0].getDefiningOp<memref::SubViewOp>();
  auto colLoop = op->getParentOfType<scf::ForOp>();
  if (!view || !colLoop || op->getBlock() != colLoop.getBody() ||
      !colLoop.isDefinedOutsideOfLoop(view.getSource()))
    return false;
  MemRefType source = view.getSourceType();
  int64_t rank = source.getRank();
  if (rank < 2 || view.getType().getRank() != rank ||
      !source.getElementType().isIntOrFloat())
    return false;
  // Only the slice's offsets along k may be values the loop computes; they
  // must not depend on the column tile.
  SmallVector<Value> worklist(view->getOperands().drop_front());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (v == colLoop.getInductionVar())
      return false;
    Operation *def = v.getDefiningOp();
    if (def && colLoop->isAncestor(def))
      llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<OpFoldResult> sizes = view.getMixedSizes();
  std::optional<int64_t> kSize = getConstantIntValue(sizes.back());
  if (!kSize || source.isDynamicDim(rank - 1) ||
      *kSize >= source.getDimSize(rank - 1))
    return false;
  int64_t bytes = *kSize * source.getElementTypeBitWidth() / 8;
  for (OpFoldResult size : ArrayRef(sizes).drop_back()) {
    FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
        presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(size),
        /*stopCondition=*/nullptr,
        /*closedUB=*/true);
    if (failed(bound) || *bound <= 0)
      return false;
    bytes *= *bound;
  }
  return bytes <= kLeftPackBytes;
}

/// Moves the copy that packs `op`'s left operand (promoted by
/// promoteBlockOperands) before the column-tile loop around `op`, with the
/// views it reads and writes: it packs the same slice for every column
/// tile.
static void hoistLeftPack(linalg::GenericOp op) {
  auto colLoop = op->getParentOfType<scf::ForOp>();
  Value packed = op.getDpsInputs()[0];
  if (!colLoop)
    return;
  linalg::CopyOp copy;
  for (Operation *user : packed.getUsers())
    if (auto c = dyn_cast<linalg::CopyOp>(user);
        c && c.getOutputs().front() == packed &&
        c->getBlock() == colLoop.getBody())
      copy = c;
  if (!copy)
    return;
  moveLoopInvariantCode(cast<LoopLikeOpInterface>(colLoop.getOperation()));
  if (llvm::all_of(copy->getOperands(), [&](Value v) {
        return colLoop.isDefinedOutsideOfLoop(v);
      }))
    copy->moveBefore(colLoop);
}

/// Whether `op`'s right operand (a plain `(k, n)` one) is already laid out
/// as its packed panel: a block whose rows are exactly its columns, one
/// after the other (a convolution's columns copied per block of the
/// register tile's width, meld-tile-host-blocks' conv-panel-columns), of
/// the output's element type. Packing it would copy it as it is (a
/// narrower one is packed widened: rhsReadWidened).
static bool rightOperandIsPanel(linalg::GenericOp op) {
  auto type = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  return type && type.getRank() >= 2 && type.hasStaticShape() &&
         type.areTrailingDimsContiguous(2) &&
         type.getElementType() ==
             getElementTypeOrSelf(op.getDpsInits()[0].getType());
}

/// Copies a cache block's operands into buffers on the kernel's stack
/// (upstream's subview promotion, allocated once at the kernel's entry):
/// - the right operand's `kBlock x tileCols` panel, when `rows` register
///   tiles of `tileRows` rows are at least 4 per panel: in the matrix its
///   rows lie a whole matrix row apart, so they share a handful of L1 sets
///   and evict one another; packed, the panel is 32 KiB of consecutive
///   lines that every row tile then reads from L1;
/// - with it, the left operand's `rows x kBlock` slice (packsLeftOperand),
///   packed once per k block for every column tile (hoistLeftPack).
/// A right operand that is its panel already (rightOperandIsPanel) is
/// read in place, the left one with it (one tile of columns: no column-tile
/// loop to pack it once for). In one process on Zen 5, a 3x3 convolution
/// of 64 channels at 32 x 32 over 16 images, its columns in blocks of 64
/// pixels: 2.77 ms with both packed, 2.63 so.
/// A transposed right operand is packed transposed (packTransposedPanel)
/// whatever the rows. `fewRows`: the block is a version for few dynamic
/// rows (versionByRows), too few to repay a panel. Returns the op to
/// register-tile.
static Operation *promoteBlockOperands(linalg::GenericOp op, int64_t rows,
                                       int64_t tileRows, bool fewRows) {
  Block &entry =
      op->getParentOfType<FunctionOpInterface>().getFunctionBody().front();
  SmallVector<int64_t> operands;
  // Dynamic rows: a block of rows whose last one may be partial, unless
  // they are known to be few (versionByRows).
  if (!packTransposedPanel(op, entry) && !fewRows &&
      (ShapedType::isDynamic(rows) || rows >= kPanelRowTiles * tileRows)) {
    if (!rightOperandIsPanel(op)) {
      if (packsLeftOperand(op))
        operands.push_back(0);
      operands.push_back(1);
    }
  }
  if (operands.empty())
    return op;
  // A widened half contraction's panel is packed in f32 (rhsReadWidened).
  bool widen = rhsReadWidened(op);
  Type panelElem = widen ? Type(Float32Type::get(op.getContext())) : Type();
  auto copy = [](OpBuilder &b, Value from, Value to) {
    if (getElementTypeOrSelf(from.getType()) ==
        getElementTypeOrSelf(to.getType()))
      linalg::CopyOp::create(b, from.getLoc(), from, to);
    else
      convertBuffer(b, from.getLoc(), from, to);
    return success();
  };
  linalg::LinalgPromotionOptions promotion;
  promotion.setOperandsToPromote(operands)
      .setAllocationDeallocationFns(
          [&entry, panelElem](OpBuilder &b, memref::SubViewOp view,
                              ArrayRef<Value> bounds,
                              DataLayout &) -> std::optional<Value> {
            // The view's static bounding box (a partial block's rows are
            // a prefix of it).
            SmallVector<int64_t> shape;
            for (Value bound : bounds) {
              std::optional<int64_t> size = getConstantIntValue(bound);
              if (!size)
                return std::nullopt;
              shape.push_back(*size);
            }
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(&entry);
            return memref::AllocaOp::create(
                       b, view.getLoc(),
                       MemRefType::get(shape,
                                       panelElem ? panelElem
                                                 : view.getType().getElementType()),
                       b.getI64IntegerAttr(64))
                .getResult();
          },
          [](OpBuilder &, Value) { return success(); })
      .setCopyInOutFns(copy, copy);
  OpBuilder builder(op);
  FailureOr<linalg::LinalgOp> promoted =
      linalg::promoteSubViews(builder, op, promotion);
  if (failed(promoted))
    return op.getOperation();
  if (widen)
    readRhsAsF32(cast<linalg::GenericOp>(promoted->getOperation()));
  if (llvm::is_contained(operands, 0))
    hoistLeftPack(cast<linalg::GenericOp>(promoted->getOperation()));
  return promoted->getOperation();
}

/// The fewest rows of a block whose transposed right operand (`x @ W^T`)
/// is packed in blocks of panels (packPanelBlock). On the Zen 3 EPYC, 2
/// threads, in one process, against blocks of one panel: 1024 x 2048 @
/// (8192 x 2048)^T 1.20x, 512 x 768 @ (3072 x 768)^T 1.10x, 256 rows of it
/// 1.05x, 128 rows 1.02x, but 197 rows (one block) 0.96x and 384 rows
/// (blocks of 192) 0.86x.
static constexpr int64_t kTransposedPanelBlockMinRows = 256;

/// The `kBlock x tileCols` panel of a packPanelBlock buffer (`panels x
/// kBlock x tileCols`) that holds the column tile starting at `col`.
static Value panelOf(OpBuilder &b, Location loc, Value packed, Value col) {
  auto type = cast<MemRefType>(packed.getType());
  int64_t depth = type.getDimSize(1), tileCols = type.getDimSize(2);
  Value panel = arith::DivUIOp::create(
      b, loc, col, arith::ConstantIndexOp::create(b, loc, tileCols));
  SmallVector<OpFoldResult> offsets = {panel, b.getIndexAttr(0),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1), b.getIndexAttr(depth),
                                     b.getIndexAttr(tileCols)};
  SmallVector<OpFoldResult> strides(3, b.getIndexAttr(1));
  auto viewType = memref::SubViewOp::inferRankReducedResultType(
      {depth, tileCols}, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, viewType, packed, offsets, sizes,
                                   strides);
}

/// Packs a cache block of a right operand (`B[k][j]`, or transposed,
/// `B[j][k]`; static, f32) that spans several register tiles' columns
/// into panels: `packed[c]` is the `kBlock x tileCols` panel of column
/// tile c, consecutive, packed once per block before its row tiles
/// (panel-block-bytes). The block's
/// register tiles then run row tile by row tile, each sweeping the
/// block's column tiles (redirectToPanels): a row tile's slice of the
/// left operand stays in L1 while the panels stream past it from L2, where
/// one panel in L1 with every row tile streaming the left operand past it
/// ran at 65-75% of the FMA peak of an AVX2 core with 32 KiB of L1 (Zen
/// 3), 85-90% so (bench/gemm, performance.md). Returns the packed buffer,
/// or null when the block is not such a block.
static Value packPanelBlock(linalg::GenericOp op, int64_t tileCols,
                            Block &entry) {
  MLIRContext *ctx = op.getContext();
  if (op.getNumLoops() != 3)
    return {};
  AffineExpr j = getAffineDimExpr(1, ctx), k = getAffineDimExpr(2, ctx);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap plain = AffineMap::get(3, 0, {k, j}, ctx);
  bool transposed = maps[1] == AffineMap::get(3, 0, {j, k}, ctx);
  if (maps[1] != plain && !transposed)
    return {};
  Value rhs = op.getDpsInputs()[1];
  auto type = dyn_cast<MemRefType>(rhs.getType());
  if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
      !type.getElementType().isF32())
    return {};
  int64_t depth = type.getDimSize(transposed ? 1 : 0),
          cols = type.getDimSize(transposed ? 0 : 1);
  if (cols % tileCols != 0 || cols < 2 * tileCols ||
      (transposed && depth % kTransposeTile != 0))
    return {};
  auto packedType = MemRefType::get({cols / tileCols, depth, tileCols},
                                    type.getElementType());
  Location loc = op.getLoc();
  OpBuilder b(op);
  Value packed = allocPanelBuffer(b, loc, entry, packedType);
  // A transposed operand (`B[j][k]`, `x @ W^T`'s weight) is transposed
  // into the panels in 16 x 16 squares, panel by panel (each panel's 16
  // rows of the weight read along k). The block then reads it through a
  // transposed view, `B^T[k][j]`, whose register tiles' pieces
  // redirectToPanels points at the panels as for a plain operand.
  if (transposed) {
    SmallVector<ReassociationIndices> split = {{0, 1}, {2}};
    Value rows = memref::ExpandShapeOp::create(
        b, loc, SmallVector<int64_t>{cols / tileCols, tileCols, depth}, rhs,
        split);
    auto transpose = linalg::TransposeOp::create(b, loc, rows, packed,
                                                 ArrayRef<int64_t>{0, 2, 1});
    vectorizePanelTranspose(transpose);
    b.setInsertionPoint(op);
    Value view = memref::TransposeOp::create(
        b, loc, rhs,
        AffineMapAttr::get(
            AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx)));
    op.getDpsInputOperand(1)->set(view);
    maps[1] = plain;
    op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
    return packed;
  }
  // Row by row of the block: each step of k reads its `cols` contiguous
  // floats of the operand once and writes them to every panel. Panel by
  // panel (each reading 64 bytes from every row, rows 4-8 KiB apart) ran
  // 1024 x 1024 x 1024 8% slower on a Zen 3 core (performance.md, "Zen 3,
  // 2026-12-03").
  auto index = [&](OpBuilder &ib, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(ib, loc, v);
  };
  auto vecType = VectorType::get({tileCols}, type.getElementType());
  Value pad = ub::PoisonOp::create(b, loc, type.getElementType());
  scf::ForOp::create(
      b, loc, index(b, 0), index(b, depth), index(b, 1), ValueRange{},
      [&](OpBuilder &kb, Location l, Value k, ValueRange) {
        scf::ForOp::create(
            kb, l, index(kb, 0), index(kb, cols / tileCols), index(kb, 1),
            ValueRange{},
            [&](OpBuilder &pb, Location pl, Value panel, ValueRange) {
              Value col =
                  arith::MulIOp::create(pb, pl, panel, index(pb, tileCols));
              Value v = vector::TransferReadOp::create(pb, pl, vecType, rhs,
                                                       ValueRange{k, col}, pad,
                                                       ArrayRef<bool>{true});
              vector::TransferWriteOp::create(
                  pb, pl, v, packed, ValueRange{panel, k, index(pb, 0)},
                  ArrayRef<bool>{true});
              scf::YieldOp::create(pb, pl);
            });
        scf::YieldOp::create(kb, l);
      });
  return packed;
}

/// Makes the register tiles of a block packed by packPanelBlock (the
/// pieces reading `rhs`, the block's right operand, at a whole column
/// tile) read their panel of `packed` instead.
static LogicalResult redirectToPanels(func::FuncOp func, Value rhs,
                                      Value packed) {
  auto packedType = cast<MemRefType>(packed.getType());
  int64_t depth = packedType.getDimSize(1), tileCols = packedType.getDimSize(2);
  LogicalResult result = success();
  func.walk([&](linalg::GenericOp tile) {
    if (!tile->hasAttr(kPieceAttrName) || tile.getNumDpsInputs() != 2)
      return;
    OpOperand *operand = tile.getDpsInputOperand(1);
    auto view = operand->get().getDefiningOp<memref::SubViewOp>();
    if (!view || view.getSource() != rhs)
      return;
    SmallVector<OpFoldResult> offsets = view.getMixedOffsets();
    std::optional<int64_t> row = getConstantIntValue(offsets[0]);
    std::optional<int64_t> width = getConstantIntValue(view.getMixedSizes()[1]);
    std::optional<int64_t> height =
        getConstantIntValue(view.getMixedSizes()[0]);
    if (!row || *row != 0 || !width || *width != tileCols || !height ||
        *height != depth || !view.hasUnitStride()) {
      result = failure();
      return;
    }
    OpBuilder b(view);
    Location loc = view.getLoc();
    operand->set(panelOf(b, loc, packed,
                         getValueOrCreateConstantIndexOp(b, loc, offsets[1])));
  });
  return result;
}

/// Prefetches, before a register tile's k loop, the accumulator tile of the
/// next iteration of the row-tile loop around it (this tile's own on the
/// last): one prefetch per cache line of the tile that `read` loads from the
/// output in memory. A k block walks the whole block of the output (a
/// 256 x 3072 block is 3 MiB), so each tile's first load came from L3 or
/// memory, stalling the k loop that needs it at once: 9% of a
/// 1024x768x3072 GEMM in perf.
static void prefetchNextAccumulator(vector::TransferReadOp read) {
  auto rowLoop = read->getParentOfType<scf::ForOp>();
  auto type = dyn_cast<MemRefType>(read.getBase().getType());
  VectorType vector = read.getVectorType();
  if (!rowLoop || read->getBlock() != rowLoop.getBody() || !type ||
      !read.getPermutationMap().isMinorIdentity() ||
      !type.getElementType().isIntOrFloat())
    return;
  int64_t lineElems = elementsPerLine(type.getElementType());
  int64_t lines = vector.getNumElements() /
                  vector.getShape().back() *
                  llvm::divideCeil(vector.getShape().back(), lineElems);
  if (lines > 64)
    return;
  SmallVector<Value> base = atNextIteration(rowLoop, read.getIndices(), read);
  OpBuilder b(read);
  Location loc = read.getLoc();
  // Every line: the leading vector dims element by element, the last by
  // lines.
  ArrayRef<int64_t> shape = vector.getShape();
  int64_t rank = shape.size(), lead = base.size() - rank;
  SmallVector<int64_t> position(rank, 0);
  while (true) {
    SmallVector<Value> indices = base;
    for (int64_t d = 0; d < rank; ++d)
      if (position[d] != 0)
        indices[lead + d] = arith::AddIOp::create(
            b, loc, base[lead + d],
            arith::ConstantIndexOp::create(b, loc, position[d]));
    memref::PrefetchOp::create(b, loc, read.getBase(), indices,
                               /*isWrite=*/true, /*localityHint=*/3,
                               /*isDataCache=*/true);
    int64_t d = rank - 1;
    position[d] += lineElems;
    while (d > 0 && position[d] >= shape[d]) {
      position[d] = 0;
      ++position[--d];
    }
    if (position[0] >= shape[0])
      break;
  }
}

/// prefetchNextAccumulator for each register tile's k loop whose
/// accumulators come from the output in memory (not a kernel-local buffer).
static void prefetchNextAccumulators(func::FuncOp func) {
  SmallVector<vector::TransferReadOp> reads;
  func.walk([&](scf::ForOp loop) {
    if (!loop->hasAttr(kKLoopAttrName))
      return;
    for (Value init : loop.getInitArgs())
      if (auto read = init.getDefiningOp<vector::TransferReadOp>();
          read && read->getBlock() == loop->getBlock() &&
          !isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
              read.getBase().getDefiningOp()))
        reads.push_back(read);
  });
  for (vector::TransferReadOp read : reads)
    prefetchNextAccumulator(read);
}

/// Keeps a register tile's accumulator in registers across its k loop: a
/// transfer_read and transfer_write of the same loop-invariant slice of a
/// buffer, the only accesses to it in the loop, become the loop's iter_arg
/// (read before, write after). The buffer is one the kernel allocated
/// itself, or, in a register tile's k loop, the contraction's output: a
/// kernel argument, which upstream's hoistRedundantVectorTransfers cannot
/// tell from the argument operands the loop reads, though a contraction
/// whose output overlapped an operand would read its own partial sums in
/// any order of its loops, so none does (the output used to be copied into
/// a stack buffer and back around every k block for this: 18% of a
/// 1024x2048x2048 GEMM in perf). Upstream also declines a kernel-local
/// buffer of dynamic size (a partial block's matmul result).
static void hoistAccumulators(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<std::pair<vector::TransferReadOp, vector::TransferWriteOp>> pairs;
  func.walk([&](scf::ForOp loop) {
    for (auto read : loop.getBody()->getOps<vector::TransferReadOp>()) {
      Value buffer = read.getBase();
      bool local = isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
          buffer.getDefiningOp());
      if (!(local || (loop->hasAttr(kKLoopAttrName) &&
                      loop.isDefinedOutsideOfLoop(buffer))) ||
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
        // (A masked tile's read and write take one mask, made before the
        // loop.)
        if (w && !write && w->getBlock() == loop.getBody() &&
            w.getIndices() == read.getIndices() &&
            w.getVectorType() == read.getVectorType() &&
            w.getPermutationMap() == read.getPermutationMap() &&
            w.getMask() == read.getMask() &&
            (!read.getMask() || loop.isDefinedOutsideOfLoop(read.getMask())))
          write = w;
        else
          other = true;
      }
      if (write && !other && read->isBeforeInBlock(write))
        pairs.push_back({read, write});
    }
  });
  for (auto [read, w] : pairs) {
    vector::TransferWriteOp write = w; // A lambda below captures it.
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

/// Marks a copy of a contraction that versionByRows made for a small
/// dynamic row count, with its row tile (computed unpacked).
static constexpr StringLiteral kRowTileAttrName = "meld.contraction_row_tile";

/// Makes an `scf.if` on `condition` before `op`, moves `op` into its else
/// branch and puts a clone of it in its then branch, whose operands
/// `mapOperands` may map (building at the branch's start); returns the
/// clone.
static Operation *
cloneUnderIf(RewriterBase &rewriter, Operation *op, Value condition,
             function_ref<void(IRMapping &)> mapOperands = nullptr) {
  // A fill of the output before `op` (the ops computing `condition` may
  // come between) goes into both branches, next to each version, where the
  // version's handling of a zero fill finds it (zeroFillBefore).
  linalg::FillOp fill;
  Value out = cast<DestinationStyleOpInterface>(op).getDpsInits()[0];
  for (Operation *prev = op->getPrevNode(); prev && !fill;
       prev = prev->getPrevNode()) {
    fill = dyn_cast<linalg::FillOp>(prev);
    if (fill && fill.getDpsInits()[0] != out)
      fill = nullptr;
    if (!fill && !isMemoryEffectFree(prev))
      break;
  }
  auto branch = scf::IfOp::create(rewriter, op->getLoc(), condition,
                                  /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(branch.thenBlock());
  IRMapping mapping;
  if (mapOperands)
    mapOperands(mapping);
  if (fill)
    rewriter.clone(*fill, mapping);
  Operation *copy = rewriter.clone(*op, mapping);
  rewriter.moveOpBefore(op, branch.elseBlock()->getTerminator());
  if (fill)
    rewriter.moveOpBefore(fill, op);
  return copy;
}

/// Puts a contraction whose row count is dynamic under `scf.if`s on it:
/// for each (bound, row tile) of `versions`, in increasing bounds, fewer
/// rows than the bound run a copy marked kRowTileAttrName (and `pending`),
/// and the op itself runs past the last bound. Returns false when the row
/// count cannot be read off the output.
static bool versionByRows(RewriterBase &rewriter, linalg::GenericOp op,
                          StringRef pending,
                          ArrayRef<std::pair<int64_t, int64_t>> versions) {
  int64_t n = op.getNumLoops();
  OpOperand *init = op.getDpsInitOperand(0);
  std::optional<unsigned> pos =
      op.getMatchingIndexingMap(init).getResultPosition(
          getAffineDimExpr(n - 3, op.getContext()));
  if (!pos || !isa<MemRefType>(init->get().getType()))
    return false;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value rows = memref::DimOp::create(rewriter, loc, init->get(), *pos);
  for (auto [bound, rowTile] : versions) {
    rewriter.setInsertionPoint(op);
    Value below = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ult, rows,
        arith::ConstantIndexOp::create(rewriter, loc, bound));
    Operation *copy = cloneUnderIf(rewriter, op, below);
    copy->setAttr(kRowTileAttrName, rewriter.getI64IntegerAttr(rowTile));
    copy->setAttr(pending, rewriter.getUnitAttr());
  }
  return true;
}

/// Marks a copy of a contraction that versionByColumns made for one static
/// width of its columns.
static constexpr StringLiteral kColumnVersionAttrName =
    "meld.contraction_column_version";

/// Puts a contraction whose column count is dynamic, with every other loop
/// range static but its rows, under `scf.if`s on that count: a copy of it
/// for each width a block of the output's columns can have (the block's
/// upper bound, and what is left of the whole output past its whole
/// blocks), its operands viewed at that static width, marked `pending`
/// and kColumnVersionAttrName; the op itself, dynamic, runs for any other
/// width. A column block of `x @ W^T` (TileHostBlocks) whose columns are
/// no multiple of its width ends so: its dynamic width had left it to
/// scalar loops. Returns whether it versioned.
static bool versionByColumns(RewriterBase &rewriter, linalg::GenericOp op,
                             StringRef pending) {
  int64_t n = op.getNumLoops();
  AffineExpr colDim = getAffineDimExpr(n - 2, op.getContext());
  OpOperand *init = op.getDpsInitOperand(0);
  std::optional<unsigned> pos =
      op.getMatchingIndexingMap(init).getResultPosition(colDim);
  if (!pos || op->hasAttr(kColumnVersionAttrName))
    return false;
  // The whole matrix's columns: those of a view of a static buffer that an
  // operand takes its block's columns from (the output's, or W's under an
  // epilogue, whose sums go to a buffer of the block's own width).
  std::optional<int64_t> total;
  for (OpOperand &operand : op->getOpOperands()) {
    auto view = operand.get().getDefiningOp<memref::SubViewOp>();
    std::optional<unsigned> at =
        op.getMatchingIndexingMap(&operand).getResultPosition(colDim);
    if (!total && view && at &&
        view.getSourceType().getRank() == view.getType().getRank() &&
        !view.getSourceType().isDynamicDim(*at))
      total = view.getSourceType().getDimSize(*at);
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value cols = memref::DimOp::create(rewriter, loc, init->get(), *pos);
  FailureOr<int64_t> width = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(cols),
      /*stopCondition=*/nullptr, /*closedUB=*/true);
  if (!total || failed(width) || *width <= 0) {
    rewriter.eraseOp(cols.getDefiningOp());
    return false;
  }
  SmallVector<int64_t> widths = {*width};
  if (int64_t rest = *total % *width)
    widths.push_back(rest);
  for (int64_t w : widths) {
    rewriter.setInsertionPoint(op);
    Value equal = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, cols,
        arith::ConstantIndexOp::create(rewriter, loc, w));
    // Each operand that the columns index, viewed at width `w`.
    Operation *copy = cloneUnderIf(rewriter, op, equal, [&](IRMapping &map) {
      for (OpOperand &operand : op->getOpOperands()) {
        auto type = dyn_cast<MemRefType>(operand.get().getType());
        std::optional<unsigned> at =
            op.getMatchingIndexingMap(&operand).getResultPosition(colDim);
        if (!type || !at)
          continue;
        SmallVector<OpFoldResult> offsets, sizes, strides;
        for (int64_t d = 0; d < type.getRank(); ++d) {
          offsets.push_back(rewriter.getIndexAttr(0));
          strides.push_back(rewriter.getIndexAttr(1));
          sizes.push_back(d == *at ? rewriter.getIndexAttr(w)
                                   : memref::getMixedSize(rewriter, loc,
                                                          operand.get(), d));
        }
        map.map(operand.get(),
                memref::SubViewOp::create(rewriter, loc, operand.get(),
                                          offsets, sizes, strides)
                    .getResult());
      }
    });
    copy->setAttr(kColumnVersionAttrName, rewriter.getUnitAttr());
    copy->setAttr(pending, rewriter.getUnitAttr());
  }
  op->setAttr(kColumnVersionAttrName, rewriter.getUnitAttr());
  return true;
}

/// Replaces each collapse of a whole contiguous buffer of static shape (a
/// convolution's filters `[F, C, K...]` viewed as `[F, K]`) by a
/// reinterpret_cast to the collapsed shape. Folded into the loads, a
/// collapse turns each read's index back into the source's, with a
/// division and remainder per collapsed dim: the filters' broadcasts in
/// a convolution's register tiles, and its padded row copies, computed
/// `affine.delinearize_index` at every step of k.
static void viewCollapsedAsReinterpreted(RewriterBase &rewriter,
                                         func::FuncOp func) {
  SmallVector<memref::CollapseShapeOp> collapses;
  func.walk([&](memref::CollapseShapeOp collapse) {
    MemRefType source = collapse.getSrcType();
    MemRefType result = collapse.getResultType();
    if (source.hasStaticShape() && source.getLayout().isIdentity() &&
        result.getLayout().isIdentity())
      collapses.push_back(collapse);
  });
  for (memref::CollapseShapeOp collapse : collapses) {
    MemRefType result = collapse.getResultType();
    rewriter.setInsertionPoint(collapse);
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        collapse, result, collapse.getSrc(), /*offset=*/0, result.getShape(),
        computeStrides(result.getShape()));
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

/// shape_cast(broadcast(x)) that only drops or inserts unit dims ->
/// broadcast(shape_cast(x)), x's dims moved to where the cast puts theirs.
/// UnitReductionToFma casts a widened tile's broadcast operands this way
/// (their transfers' permutation maps lowered to reads and broadcasts),
/// and MLIR 22's canonicalization of shape_cast(broadcast(x)) into
/// broadcast(x) whenever x's shape broadcasts to the cast's (upstream
/// issue 190614, fixed after 22) is wrong when that moves x's dims: a
/// transposed right operand's `B[j][0]`, vector<2x1>, broadcast to the
/// tile's vector<2x2x1> (i, j, k) and cast to vector<2x2>, became
/// vector<2x1> stretched along its unit dim, `B[i]` where `B[j]` was
/// meant, on every tile with as many rows as columns.
struct ShapeCastOfBroadcast : OpRewritePattern<vector::ShapeCastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ShapeCastOp op,
                                PatternRewriter &rewriter) const override {
    auto broadcast = op.getSource().getDefiningOp<vector::BroadcastOp>();
    if (!broadcast)
      return rewriter.notifyMatchFailure(op, "not a cast of a broadcast");
    auto sourceType = dyn_cast<VectorType>(broadcast.getSourceType());
    VectorType wideType = broadcast.getResultVectorType();
    VectorType resultType = op.getResultVectorType();
    if (!sourceType || sourceType.isScalable() || wideType.isScalable() ||
        resultType.getRank() == 0)
      return rewriter.notifyMatchFailure(op, "not fixed-size vectors");
    ArrayRef<int64_t> wide = wideType.getShape(),
                      result = resultType.getShape(),
                      source = sourceType.getShape();
    // The cast keeps the broadcast's non-unit dims in order: the result
    // position of each.
    SmallVector<int64_t> position(wide.size(), -1);
    int64_t next = 0, rank = result.size();
    for (int64_t d = 0, e = wide.size(); d < e; ++d) {
      if (wide[d] == 1)
        continue;
      while (next < rank && result[next] == 1)
        ++next;
      if (next == rank || result[next] != wide[d])
        return rewriter.notifyMatchFailure(op, "not a reshape of unit dims");
      position[d] = next++;
    }
    for (; next < rank; ++next)
      if (result[next] != 1)
        return rewriter.notifyMatchFailure(op, "not a reshape of unit dims");
    // x's dims are the broadcast's trailing ones. Those of non-unit
    // broadcast dims (x's own or stretched) go to their result positions,
    // the result's trailing dims from the first of them; x's other dims
    // are unit dims and go.
    int64_t lead = wide.size() - source.size();
    SmallVector<int64_t> shape;
    int64_t first = rank - 1;
    for (int64_t s = 0, e = source.size(); s < e; ++s)
      if (position[lead + s] >= 0) {
        first = position[lead + s];
        break;
      }
    shape.assign(rank - first, 1);
    for (int64_t s = 0, e = source.size(); s < e; ++s)
      if (position[lead + s] >= 0)
        shape[position[lead + s] - first] = source[s];
    Value x = broadcast.getSource();
    if (ArrayRef<int64_t>(shape) != source)
      x = vector::ShapeCastOp::create(
          rewriter, op.getLoc(),
          VectorType::get(shape, sourceType.getElementType()), x);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(op, resultType, x);
    return success();
  }
};

struct MeldVectorizeHostContractionsPass
    : public meld::impl::MeldVectorizeHostContractionsBase<
          MeldVectorizeHostContractionsPass> {
  using Base::Base;

  /// Vectorizes a register tile of static shape, or one whose only dynamic
  /// range is its columns, at most `maxCols` of them (the partial column
  /// tile of a dynamic column count): that one as a tile of `maxCols`
  /// columns whose reads and writes of the columns past its own are masked
  /// off (upstream's masked vectorization; AVX-512's and AVX2's masked
  /// loads and stores), where it had taken scalar loops.
  /// A static column count that is not a power of two (one registerTile
  /// kept whole, see maskedWidth) is likewise a tile of the next power of
  /// two, masked.
  static LogicalResult vectorizeTile(RewriterBase &rewriter,
                                     linalg::GenericOp tile, int64_t maxCols) {
    SmallVector<int64_t> ranges = tile.getStaticLoopRanges();
    int64_t n = ranges.size();
    SmallVector<int64_t> vectorSizes;
    for (int64_t i = 0; i < n; ++i) {
      if (!ShapedType::isDynamic(ranges[i]))
        continue;
      if (i != n - 2 || maxCols <= 0)
        return failure();
      vectorSizes = ranges;
      vectorSizes[i] = maxCols;
    }
    if (n >= 2 && !ShapedType::isDynamic(ranges[n - 2]) &&
        !llvm::isPowerOf2_64(ranges[n - 2])) {
      vectorSizes = ranges;
      vectorSizes[n - 2] = llvm::PowerOf2Ceil(ranges[n - 2]);
    }
    // (Upstream reads a flag per vector size.)
    SmallVector<bool> scalable(vectorSizes.size(), false);
    if (!tile.hasPureBufferSemantics() ||
        failed(linalg::vectorizeOpPrecondition(tile, vectorSizes, scalable)))
      return failure();
    rewriter.setInsertionPoint(tile);
    // On buffers the vector form writes the output itself.
    FailureOr<linalg::VectorizationResult> vectorized =
        linalg::vectorize(rewriter, tile, vectorSizes, scalable);
    if (failed(vectorized))
      return failure();
    Block *block = tile->getBlock();
    rewriter.eraseOp(tile);
    if (!vectorSizes.empty())
      return unmaskTile(rewriter, block);
    return success();
  }

  /// Lowers the masks of a masked register tile's ops in `block` (where
  /// later folds would move other ops into their regions): the reads and
  /// writes become transfers with a mask operand; the multiply-add over the
  /// unit step of k (f32 multiplies and adds, which cannot trap) computes
  /// every lane, as the lanes past the columns, read as padding, are never
  /// written.
  static LogicalResult unmaskTile(RewriterBase &rewriter, Block *block) {
    SmallVector<vector::MaskOp> masks;
    for (Operation &op : *block)
      op.walk([&](vector::MaskOp mask) { masks.push_back(mask); });
    for (vector::MaskOp mask : masks) {
      Operation *masked = mask.getMaskableOp();
      if (!masked ||
          isa<vector::TransferReadOp, vector::TransferWriteOp>(masked))
        continue;
      rewriter.setInsertionPoint(mask);
      Operation *clone = rewriter.clone(*masked);
      rewriter.replaceOp(mask, clone->getResults());
    }
    MLIRContext *ctx = block->getParentOp()->getContext();
    // Broadcast dims out of the transfers' maps first (reads of the
    // operands, then vector.broadcast), so each masked transfer the mask
    // lowering meets has a plain map.
    RewritePatternSet permutations(ctx);
    vector::populateVectorTransferPermutationMapLoweringPatterns(permutations);
    if (failed(applyPatternsGreedily(block->getParentOp(),
                                     std::move(permutations))))
      return failure();
    RewritePatternSet patterns(ctx);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    return applyPatternsGreedily(block->getParentOp(), std::move(patterns));
  }

  /// Register-tiles and vectorizes one cache block: `rows x cols x 1`
  /// tiles of power-of-two column widths, the partial row tile peeled off
  /// and, when its row count is dynamic, computed on `1 x cols` tiles.
  /// A piece that cannot be tiled stays a loop nest.
  LogicalResult registerTile(RewriterBase &rewriter, func::FuncOp func,
                             Operation *block, int64_t blockRows,
                             int64_t blockCols, Value packedPanels = {}) {
    auto op = cast<linalg::GenericOp>(block);
    // Promotion's views have constant sizes but dynamic types.
    op->setAttr(kPieceAttrName, rewriter.getUnitAttr());
    if (failed(foldPieceShapes(func)))
      return failure();
    SmallVector<linalg::GenericOp> folded = takePieces(func);
    if (folded.size() != 1)
      return success();
    op = folded.front();
    int64_t n = op.getNumLoops();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t cols = blockCols;
    if (!ShapedType::isDynamic(ranges[n - 2]))
      cols = std::min(cols, ranges[n - 2]);
    // Row and column tiles (batch dims by 1), the partial row tile peeled.
    SmallVector<int64_t> sizes(n, 1);
    sizes[n - 3] = blockRows;
    sizes[n - 2] = cols;
    sizes[n - 1] = 0;
    Value rhs = op.getDpsInputs()[1];
    if (failed(tilePieces(rewriter, func, op, sizes, /*peel=*/true)))
      return failure();
    if (packedPanels && failed(redirectToPanels(func, rhs, packedPanels)))
      return func.emitError(
          "a register tile of a packed panel block is not one panel wide");
    // A column tile narrower than tileCols whose width is not a power of
    // two is split into ones that are (28 -> 16, 8, 4): LLVM legalizes a
    // vector of 28 floats element by element (a 256x250x60 matmul ran 7x
    // slower than 256x256x64). Unless it is f32 and fills three quarters
    // of the next power of two or more (maskedWidth): then it is one tile
    // of that width, masked.
    SmallVector<linalg::GenericOp> pieces = takePieces(func);
    while (!pieces.empty()) {
      linalg::GenericOp piece = pieces.pop_back_val();
      int64_t width = piece.getStaticLoopRanges()[n - 2];
      if (ShapedType::isDynamic(width) || llvm::isPowerOf2_64(width) ||
          maskedWidth(piece, width)) {
        piece->setAttr(kDoneAttrName, rewriter.getUnitAttr());
        continue;
      }
      SmallVector<int64_t> split(n, 0);
      split[n - 2] = llvm::bit_floor(static_cast<uint64_t>(width));
      if (failed(tilePieces(rewriter, func, piece, split, /*peel=*/true)))
        return failure();
      llvm::append_range(pieces, takePieces(func));
    }
    func.walk([&](linalg::GenericOp t) {
      if (t->removeAttr(kDoneAttrName))
        t->setAttr(kPieceAttrName, rewriter.getUnitAttr());
    });
    // Then steps of k, each a tile of the accumulator updated by one
    // multiply-add: whole tiles as they are; the partial one (fewer than
    // tileRows rows, a dynamic count) row by row, each row's accumulator
    // kept across its k loop.
    for (linalg::GenericOp t : takePieces(func)) {
      SmallVector<int64_t> tileRanges = t.getStaticLoopRanges();
      SmallVector<int64_t> steps(n, 0);
      steps[n - 1] = 1;
      if (ShapedType::isDynamic(tileRanges[n - 3]))
        steps[n - 3] = 1;
      if (failed(tilePieces(rewriter, func, t, steps, /*peel=*/false,
                            kKLoopAttrName)))
        return failure();
      for (linalg::GenericOp step : takePieces(func)) {
        // A step of a zero-filled contraction outside a k loop reads the
        // fill.
        auto loop = dyn_cast<scf::ForOp>(step->getParentOp());
        if (auto id = step->getAttrOfType<IntegerAttr>(kZeroFillAttrName);
            id && !(loop && loop->hasAttr(kKLoopAttrName)))
          keptFills.insert(id.getInt());
        (void)vectorizeTile(rewriter, step, cols);
      }
    }
    return success();
  }

  /// Whether a register tile `width` columns wide (static, not a power of
  /// two) is computed as one masked tile of the next power of two (the
  /// lanes past its columns masked off in its reads and writes), not
  /// split into tiles of powers of two: f32 operands and result (masked
  /// loads of halves are element by element on AVX2), at least three
  /// quarters of the lanes used, and more than 8 columns. A 1 x 1
  /// convolution over 5 x 5 images (25 columns) was three k loops, of 16,
  /// 8 and 1 columns, 4 sums each, where the FMA units take 8 in flight:
  /// now one loop of 8 vector sums.
  static bool maskedWidth(linalg::GenericOp piece, int64_t width) {
    uint64_t up = llvm::PowerOf2Ceil(width);
    return width > 8 && 4 * static_cast<uint64_t>(width) >= 3 * up &&
           llvm::all_of(piece->getOperandTypes(), [](Type t) {
             return getElementTypeOrSelf(t).isF32();
           });
  }

  /// Tiles `op` by `sizes` (0: not tiled), peeling partial tiles when
  /// `peel`; marks the tiles as pieces, with their shapes folded, and the
  /// innermost loop with `innerLoopAttr` when there is one.
  static LogicalResult tilePieces(RewriterBase &rewriter, func::FuncOp func,
                                  linalg::GenericOp op, ArrayRef<int64_t> sizes,
                                  bool peel, StringRef innerLoopAttr = {}) {
    SmallVector<OpFoldResult> tileSizes;
    for (int64_t size : sizes)
      tileSizes.push_back(rewriter.getIndexAttr(size));
    scf::SCFTilingOptions options;
    options.setTileSizes(tileSizes);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(tiled))
      return success();
    rewriter.eraseOp(op);
    for (Operation *t : tiled->tiledOps)
      t->setAttr(kPieceAttrName, rewriter.getUnitAttr());
    if (!innerLoopAttr.empty() && !tiled->loops.empty()) {
      Operation *inner = tiled->loops.back();
      inner->setAttr(innerLoopAttr, rewriter.getUnitAttr());
      // (A zero-filled contraction's marks: startSumsAtZero.)
      for (StringRef mark : {kZeroFillAttrName, kKBlocksAttrName})
        if (Attribute id = tiled->tiledOps.front()->getAttr(mark))
          inner->setAttr(mark, id);
    }
    if (peel)
      peelPartialTiles(rewriter, tiled->loops);
    return foldPieceShapes(func);
  }

  /// Splits a contraction whose k is blocked into chunks of `chunkCols`
  /// columns (a partial last one peeled), each then blocked for the cache
  /// on its own: the k blocks of a chunk update only its share of the
  /// output block, which stays in L2 from one k block to the next, where
  /// the k blocks over all columns walked the whole output block (256 x
  /// 8192 f32 is 8 MiB) from L3 or memory once per k block. Returns the
  /// chunks (`op` itself when it is not split), their shapes folded.
  static FailureOr<SmallVector<linalg::GenericOp>>
  chunkColumns(RewriterBase &rewriter, func::FuncOp func, linalg::GenericOp op,
               ArrayRef<int64_t> ranges, int64_t chunkCols, int64_t kBlock) {
    int64_t n = op.getNumLoops();
    if (ShapedType::isDynamic(ranges[n - 2]) ||
        ranges[n - 2] < 2 * chunkCols || ranges[n - 1] <= kBlock)
      return SmallVector<linalg::GenericOp>{op};
    SmallVector<int64_t> sizes(n, 0);
    sizes[n - 2] = chunkCols;
    if (failed(tilePieces(rewriter, func, op, sizes, /*peel=*/true)))
      return failure();
    // Untiled, `op` is left as it was.
    SmallVector<linalg::GenericOp> chunks = takePieces(func);
    if (chunks.empty())
      chunks.push_back(op);
    return chunks;
  }

  /// The zero fills that stay: a register tile of their contraction reads
  /// them (startSumsAtZero).
  llvm::DenseSet<int64_t> keptFills;

  /// Starts the sums of the register tiles of zero-filled contractions
  /// (kZeroFillAttrName) at zero, in the first k block when there are
  /// several (kKBlocksAttrName), and removes each fill that no part of
  /// its contraction then reads: the fill had written the whole output
  /// (10 MB for a 1x1 convolution of 96 filters over 4 images of 80 x 80)
  /// for the tiles to read back, 5% of a MobileNetV2 training step in
  /// `memset` (the Intel Xeon VM). Each tile's accumulator, hoisted out of
  /// its k loop (hoistAccumulators), is read before any write of its
  /// elements, each element in one tile per k block, so zeros there are
  /// the fill's values whether the fill stays or not.
  void startSumsAtZero(RewriterBase &rewriter, func::FuncOp func) {
    llvm::DenseSet<int64_t> keep = keptFills, started;
    // Pieces left as loop nests read the fill.
    func.walk([&](linalg::GenericOp op) {
      if (auto id = op->getAttrOfType<IntegerAttr>(kZeroFillAttrName))
        keep.insert(id.getInt());
    });
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kKLoopAttrName) && loop->hasAttr(kZeroFillAttrName))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      int64_t id = loop->getAttrOfType<IntegerAttr>(kZeroFillAttrName).getInt();
      // A tile that still writes memory in its k loop (its accumulator not
      // hoisted, a step not vectorized) reads the fill there.
      bool writes = false;
      loop.getBody()->walk([&](Operation *op) {
        auto effects = dyn_cast<MemoryEffectOpInterface>(op);
        writes |= effects
                      ? effects.hasEffect<MemoryEffects::Write>()
                      : !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
      });
      // In k blocks, the sums start at zero in the first only; a tile
      // whose loop over them is gone (not one that a single block folded)
      // keeps reading.
      scf::ForOp blocks;
      if (loop->hasAttr(kKBlocksAttrName)) {
        for (Operation *p = loop->getParentOp(); p && !blocks;
             p = p->getParentOp())
          if (auto attr = p->getAttrOfType<IntegerAttr>(kKBlocksAttrName);
              attr && attr.getInt() == id && isa<scf::ForOp>(p))
            blocks = cast<scf::ForOp>(p);
        writes |= !blocks;
      }
      if (writes) {
        keep.insert(id);
        continue;
      }
      // Every accumulator must be one the tile reads only to start its
      // sums; another reads the fill.
      bool any = false, all = true;
      for (auto [init, result] :
           llvm::zip(loop.getInitArgs(), loop.getResults())) {
        auto read = init.getDefiningOp<vector::TransferReadOp>();
        auto write = result.hasOneUse()
                         ? dyn_cast<vector::TransferWriteOp>(
                               *result.getUsers().begin())
                         : vector::TransferWriteOp();
        if (!read || !read->hasOneUse() || !write ||
            write.getBase() != read.getBase() ||
            write.getIndices() != read.getIndices() ||
            write.getPermutationMap() != read.getPermutationMap() ||
            write.getMask() != read.getMask()) {
          all = false;
          continue;
        }
        any = true;
        Location loc = read.getLoc();
        rewriter.setInsertionPoint(read);
        Value zeros = arith::ConstantOp::create(
            rewriter, loc, rewriter.getZeroAttr(read.getVectorType()));
        if (!blocks) {
          rewriter.replaceOp(read, zeros);
          continue;
        }
        Value first = arith::CmpIOp::create(
            rewriter, loc, arith::CmpIPredicate::eq,
            blocks.getInductionVar(),
            arith::ConstantIndexOp::create(rewriter, loc, 0));
        auto start = scf::IfOp::create(rewriter, loc,
                                       TypeRange{read.getVectorType()}, first,
                                       /*withElseRegion=*/true);
        rewriter.replaceAllUsesWith(read.getResult(), start.getResult(0));
        OpBuilder thenBuilder = start.getThenBodyBuilder();
        scf::YieldOp::create(thenBuilder, loc, zeros);
        OpBuilder elseBuilder = start.getElseBodyBuilder();
        auto yield = scf::YieldOp::create(elseBuilder, loc, read.getResult());
        rewriter.moveOpBefore(read, yield);
      }
      if (any)
        started.insert(id);
      if (!all || !any)
        keep.insert(id);
    }
    func.walk([&](Operation *op) {
      auto id = op->getAttrOfType<IntegerAttr>(kZeroFillAttrName);
      op->removeAttr(kKBlocksAttrName);
      if (!id)
        return;
      op->removeAttr(kZeroFillAttrName);
      if (isa<linalg::FillOp>(op) && started.contains(id.getInt()) &&
          !keep.contains(id.getInt()))
        rewriter.eraseOp(op);
    });
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    keptFills.clear();
    int64_t zeroFills = 0;
    // The dots' accumulators, and a row's pair and the panel's vectors,
    // must fit the 32 vector registers.
    if (avx512Bf16Dots &&
        (dotTileRows < 1 || dotTileVectors < 1 ||
         dotTileRows * dotTileVectors + dotTileRows + dotTileVectors > 32)) {
      func.emitError() << "dot-tile-rows x dot-tile-vectors ("
                       << static_cast<int64_t>(dotTileRows) << " x "
                       << static_cast<int64_t>(dotTileVectors)
                       << ") must be at least 1 x 1, with the sums, a row's "
                          "pair and the panel's vectors in 32 registers";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    // One contraction at a time: blocking and tiling fold shapes across
    // the function, which may move the others.
    constexpr StringLiteral kPending = "meld.pending_contraction";
    // Contractions over images and pixels take dot products along the
    // pixels, in the tiles of `x @ W^T`'s (else they stay scalar loops).
    SmallVector<linalg::GenericOp> overImages;
    func.walk([&](linalg::GenericOp op) {
      if (meld::isImageReduceContraction(op))
        overImages.push_back(op);
    });
    for (linalg::GenericOp op : overImages)
      (void)emitTransposedDots(rewriter, op, transposedDotColumns);
    func.walk([&](linalg::GenericOp op) {
      if (isHostContraction(op))
        op->setAttr(kPending, rewriter.getUnitAttr());
    });
    bool any = false, widenedAny = false;
    // The transposed left operands of the swapped tiles, by operand.
    llvm::DenseMap<Value, Value> packedLhs;
    // The most static rows of `x @ W^T` that take the dot products of few
    // rows (fewRows below): 5 register tiles in a kernel whose threads
    // split the columns, else one; the swapped tiles take more.
    auto staticDotRows = [&] {
      return (func->hasAttr(meld::kHostColumnBlocksAttrName) ? 5 : 1) *
             static_cast<int64_t>(tileRows);
    };
    while (true) {
      linalg::GenericOp op;
      func.walk([&](linalg::GenericOp g) {
        if (!op && g->removeAttr(kPending))
          op = g;
      });
      if (!op)
        break;
      any = true;
      int64_t n = op.getNumLoops();
      // Register tiles for f32 contractions (halves widened to f32 first)
      // whose batch ranges are static; the rows, columns and reduction may
      // be dynamic (a block of rows whose last one is partial; attention's
      // scores and their product with V over a sequence of any length, a
      // convolution's output rows over images of any size): whole tiles
      // static, the last partial column tile masked (vectorizeTile), a
      // partial k block a loop of fewer steps. Dynamic columns had taken
      // scalar loops: 64 x 576 @ 576 x ? 2.4x, 12 heads of 128 x 64
      // attention 1.6x slower than static (one process, Zen 4, 2 threads),
      // then 1.0-1.3x and 0.8x. Everything else stays scalar loops.
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      bool tileable = true;
      for (int64_t i = 0; i < n; ++i)
        tileable &= i >= n - 3 || !ShapedType::isDynamic(ranges[i]);
      // bf16 on AMX tiles where the CPU has them; up to 4 static rows of a
      // plain right operand stream its rows instead (emitStreamedRows on
      // the widened product: a 1 x 4096 @ 4096 x 4096 decode step ran at
      // 30 GFLOP/s so, 19 with the right operand packed for the tiles).
      // (The widened op below keeps the indexing maps.)
      bool rhsAlongColumns = op.getIndexingMapsArray()[1].getResults().back() ==
                             getAffineDimExpr(n - 2, op.getContext());
      bool fewPlainRows = !ShapedType::isDynamic(ranges[n - 3]) &&
                          ranges[n - 3] <= 4 && rhsAlongColumns;
      // Up to kAmxRowDotsMaxRows static rows of `x @ W^T` take the dots
      // along rows below where the CPU has both (tile loads of W's rows
      // read 16 rows a whole row apart, the dots stream them).
      bool fewTransposedRows = avx512Bf16Dots && !rhsAlongColumns &&
                               !ShapedType::isDynamic(ranges[n - 3]) &&
                               ranges[n - 3] <= meld::codegen::kAmxRowDotsMaxRows;
      // Dynamic rows of it likewise, in a version for up to
      // kAmxRowDotsMaxRows of them (a decode step's experts, a row each):
      // on the tiles, 8 experts' rows of 2048 @ 64 x (2048 x 2048)^T took
      // 4.7 ms, torch's loop of `torch.mm` 2.6 (Emerald Rapids).
      auto dotRows = op->getAttrOfType<IntegerAttr>(kRowTileAttrName);
      bool amxTransposedDots =
          amx && avx512Bf16Dots && !rhsAlongColumns &&
          meld::codegen::isPairedContraction(op, /*int8=*/false);
      if (amxTransposedDots && !dotRows && ShapedType::isDynamic(ranges[n - 3]))
        (void)versionByRows(rewriter, op, kPending,
                            {{meld::codegen::kAmxRowDotsMaxRows + 1, 1}});
      fewTransposedRows |= amxTransposedDots && dotRows;
      if (amx && !fewPlainRows && !fewTransposedRows &&
          meld::codegen::emitPairedContraction(
              rewriter, op, meld::codegen::PairedKernel::AmxTiles, amxInt8))
        continue;
      // bf16 on AVX512-BF16 dots elsewhere, but for the same few rows:
      // dynamic rows of a plain right operand are first versioned, up to 4
      // of them taking the widened path (whose versions by rows below
      // stream them: packed for the dots, one dynamic row of a 4096 x 4096
      // weight took 3.2 ms, streamed 1.1), more the dots.
      if (avx512Bf16Dots && !fewPlainRows && rhsAlongColumns &&
          ShapedType::isDynamic(ranges[n - 3]) &&
          !op->hasAttr(kDotRowsVersionAttrName) &&
          !op->hasAttr(kWidenedRowsVersionAttrName) &&
          meld::codegen::isPairedContraction(op, /*int8=*/false)) {
        versionFewPlainRows(rewriter, op, kPending);
        continue;
      }
      if (avx512Bf16Dots && !fewPlainRows &&
          !op->hasAttr(kWidenedRowsVersionAttrName) &&
          meld::codegen::emitPairedContraction(
              rewriter, op, meld::codegen::PairedKernel::Avx512Dots,
              /*int8=*/false, {dotTileRows, dotTileVectors}))
        continue;
      if (tileable) {
        if (linalg::GenericOp widened = widenHalfContraction(rewriter, op)) {
          op = widened;
          widenedAny = true;
        }
      }
      bool f32Output =
          getElementTypeOrSelf(op.getDpsInits()[0].getType()).isF32();
      tileable &= f32Output;
      // Dynamic columns, all else static but the rows, of a column block
      // whose widths are known: a version per width, whose register tiles
      // need no masks.
      bool onlyColumnsDynamic = true;
      for (int64_t i = 0; i < n; ++i)
        onlyColumnsDynamic &= i == n - 3 || (i == n - 2) ==
                                                ShapedType::isDynamic(ranges[i]);
      // More static rows of `x @ W^T` than the dot products below take
      // (fewRows), up to swapped-rows, are computed swapped, (W x^T)^T: W
      // read in place, x packed once per call; dynamic columns too (before
      // versionByColumns, so that the zero fill stays next to the op). On
      // the Intel Xeon VM (Granite Rapids class), 2 threads, one process
      // against the packed panels: 128 x 768 @ (50257 x 768)^T 1.19x, 128 x
      // 768 @ (3072 x 768)^T 1.11x, 64 rows 1.23x, 32 rows 1.44x, 77 rows
      // 1.13x, 100 rows 1.00x; 160 to 256 rows 0.94-1.06x, k of 2048 not
      // ahead in a model of the nest, so neither is taken.
      if (tileable && f32Output && !rhsAlongColumns && swappedRows > 0 &&
          !op->hasAttr(kRowTileAttrName) &&
          !ShapedType::isDynamic(ranges[n - 3]) &&
          ranges[n - 3] > staticDotRows() && ranges[n - 3] <= swappedRows &&
          emitSwappedTiles(rewriter, op, packedLhs))
        continue;
      if (onlyColumnsDynamic && f32Output && op.hasPureBufferSemantics() &&
          versionByColumns(rewriter, op, kPending))
        continue;
      if (!tileable) {
        interchangeForContiguousRows(rewriter, op);
        continue;
      }
      // Few rows, static or in a version for few of them (versionByRows
      // puts dynamic rows under tests of their count), are computed
      // unpacked: packing the right operand's panels costs more than a
      // few rows' products (a 1 x 1024 @ 1024 x 1024 product took 227 us
      // packed, 4 rows 300 us; 54 and 63 us streamed, on the 2-core VM).
      // Fewer rows than a register tile get as many accumulators in wider
      // tiles (one row: 1 x 256; four: 4 x 64), so a matrix-vector
      // product streams long runs of each row of the right operand, where
      // 32 columns at a time took two cache lines per row 4 KiB apart.
      auto rowTileAttr = op->getAttrOfType<IntegerAttr>(kRowTileAttrName);
      op->removeAttr(kRowTileAttrName);
      int64_t versionRowTile = rowTileAttr ? rowTileAttr.getInt() : 0;
      int64_t rows = ranges[n - 3];
      // Below 4 rows one at a time, below a packed panel's 4 row tiles 4
      // at a time (1 x 64 tiles for the last rows: 8 x 32 tiles had left
      // up to 7 rows to 1 x 32 tiles, whose unpacked panel rows, 4 KiB
      // apart, thrash a few L1 sets: 31 rows took 1.36 ms against 0.59);
      // the op itself goes on as the version for more.
      if (ShapedType::isDynamic(rows) && !versionRowTile)
        (void)versionByRows(rewriter, op, kPending,
                            {{4, 1}, {kPanelRowTiles * tileRows, 4}});
      int64_t rowTile = versionRowTile ? versionRowTile : tileRows;
      int64_t height = versionRowTile ? versionRowTile
                       : !ShapedType::isDynamic(rows) && rows < tileRows
                           ? std::max<int64_t>(rows, 1)
                           : tileRows;
      // Not with a transposed right operand: its panels are packed
      // transposed (packTransposedPanel) whatever the rows, and stay one
      // register tile wide; one row at a time, it takes dot products
      // along k instead.
      int64_t cols = tileCols;
      // Few rows take dot products too (the right operand streamed once):
      // packing all of it transposed for so few rows cost 4x torch's time
      // at 8 x 2048 @ (8192 x 2048)^T. Few: up to 5 register tiles in a
      // kernel whose threads split the columns (TileHostBlocks); else one
      // register tile, and never a row block of a larger gemm. Past 30
      // rows the packed panels win: in one process on the Emerald Rapids
      // Xeon, 32-48 rows of 2048 @ (2048 x 2048)^T ran 1.11-1.35x faster
      // packed, 30 rows 0.92x, 24 rows 1.02x. Dynamic rows (one thread: no
      // column blocks) in their versions for fewer than 4 and fewer than
      // kPanelRowTiles register tiles (24 rows of 6 x 64 tiles): dot
      // products there still beat packing all of the right operand (8 x
      // 2048 @ (8192 x 2048)^T: 23.7 ms packed).
      bool fewRows = versionRowTile ? versionRowTile < tileRows
                                    : !ShapedType::isDynamic(rows) &&
                                          rows <= staticDotRows();
      if (!rhsAlongColumns && fewRows &&
          emitTransposedDots(rewriter, op, transposedDotColumns))
        continue;
      // A few rows of a plain right operand over a wide block stream whole
      // rows of it (TileHostBlocks gives a large one's few rows blocks of
      // 1024 columns or more).
      if (rhsAlongColumns && !ShapedType::isDynamic(ranges[n - 2]) &&
          ranges[n - 2] >= meld::kHostStreamedRowsMinCols &&
          emitStreamedRows(rewriter, op, vectorRegisters))
        continue;
      // Blocks of many rows take tiles of half the rows and twice the
      // columns: the same accumulators, half the broadcasts of the left
      // operand per step of k and twice the columns per packed panel.
      if (wideTileRows > 0 && !versionRowTile &&
          !ShapedType::isDynamic(rows) && rows >= wideTileRows &&
          tileRows % 2 == 0) {
        rowTile = tileRows / 2;
        cols = tileCols * 2;
      }
      if (height < tileRows && rhsAlongColumns)
        cols *= std::max<int64_t>(
            1, tileRows / static_cast<int64_t>(
                              llvm::bit_ceil(static_cast<uint64_t>(height))));
      // Chunks of whole column tiles whose rows of the output take up to
      // outputChunkBytes (512 KiB: 512 columns of 256 f32 rows).
      // Dynamic rows are chunked for the most rows a block has (its kernel's
      // rows per block): GPT-2's head, 128 dynamic rows of 768 @ (50257 x
      // 768)^T in blocks of 64, walked 12.8 MB of output per k block.
      int64_t chunkRows = rows;
      if (ShapedType::isDynamic(rows) && !versionRowTile)
        if (auto perBlock =
                func->getAttrOfType<IntegerAttr>(meld::kRowsPerBlockAttrName);
            perBlock && perBlock.getInt() <= 4096)
          chunkRows = perBlock.getInt();
      int64_t chunkCols = 0;
      if (outputChunkBytes > 0 && !ShapedType::isDynamic(chunkRows))
        chunkCols =
            std::max<int64_t>(1, outputChunkBytes / (4 * chunkRows) / cols) *
            cols;
      // A transposed right operand packed transposed may take longer k
      // blocks (transposed-k-block): each panel then reads longer runs of
      // its rows, which a weight streamed from memory needs (a 128 x 768 @
      // (50257 x 768)^T language-model head ran at 147 GFLOP/s in k blocks
      // of 128, 211 in one of 768, on an Intel Xeon).
      int64_t blockK =
          !rhsAlongColumns && transposedKBlock > 0 ? transposedKBlock : kBlock;
      // A few static rows of a plain right operand in more than one
      // register tile, unpacked: every row tile reads the same k block of
      // the right operand's columns in place, rows a matrix row apart
      // (16 KiB for a 4096-wide weight), which fall into few sets of each
      // cache. Short k blocks keep those lines in L2 for the next row
      // tile; long ones sent it back to memory (8 x 4096 @ 4096 x 4096 in
      // 6 x 64 tiles: 33 GFLOP/s in k blocks of 128, 69 in blocks of 32,
      // torch 61, on an Intel Xeon (Emerald Rapids)).
      if (rhsAlongColumns && !versionRowTile && !ShapedType::isDynamic(rows) &&
          rows > tileRows && rows < kPanelRowTiles * tileRows)
        blockK = std::min(blockK, kFewRowsKBlock);
      // Blocks of several register tiles' columns whose right operand is
      // packed panel by panel (packPanelBlock), for as many rows as pack a
      // panel at all: panelBlockBytes of panels per block; a transposed
      // one for blocks of kTransposedPanelBlockMinRows rows or more. Only
      // columns of whole register tiles: a partial block's panels (1009
      // columns) would be packed as one buffer, rows of odd length, and
      // 77 x 1000 @ 1000 x 1009 ran 0.83x the blocks of one panel.
      int64_t blockCols = cols;
      bool panelBlocks =
          panelBlockBytes > 0 && n == 3 && !versionRowTile &&
          (rhsAlongColumns || (!ShapedType::isDynamic(chunkRows) &&
                               chunkRows >= kTransposedPanelBlockMinRows)) &&
          rowTile == tileRows && cols == tileCols &&
          !ShapedType::isDynamic(ranges[n - 2]) && ranges[n - 2] >= 2 * cols &&
          ranges[n - 2] % cols == 0 &&
          (ShapedType::isDynamic(rows) || rows >= kPanelRowTiles * tileRows);
      if (panelBlocks)
        blockCols = std::max<int64_t>(
            2 * cols, panelBlockBytes /
                          (4 * (ShapedType::isDynamic(ranges[n - 1])
                                    ? blockK
                                    : std::min(blockK, ranges[n - 1]))) /
                          cols * cols);
      // A zero fill of the output just before: the register tiles start
      // their sums at zero, and the fill goes (startSumsAtZero).
      // (Every dim but k indexes the output: none sums across tiles.)
      AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
      if (linalg::FillOp fill = zeroFillBefore(op);
          fill && matchPattern(fill.value(), m_PosZeroFloat()) &&
          static_cast<int64_t>(outMap.getNumResults()) == n - 1 &&
          !outMap.isFunctionOfDim(n - 1)) {
        auto id = rewriter.getI64IntegerAttr(++zeroFills);
        fill->setAttr(kZeroFillAttrName, id);
        op->setAttr(kZeroFillAttrName, id);
      }
      FailureOr<SmallVector<linalg::GenericOp>> chunks =
          chunkCols
              ? chunkColumns(rewriter, func, op, ranges, chunkCols, blockK)
              : SmallVector<linalg::GenericOp>{op};
      if (failed(chunks))
        return signalPassFailure();
      // A chunk that cannot be blocked stays a loop nest.
      bool blocked = false, anyPiece = false;
      for (linalg::GenericOp chunk : *chunks) {
        FailureOr<bool> chunkBlocked = tileForCache(
            rewriter, chunk, chunk.getStaticLoopRanges(), blockCols, blockK);
        if (failed(chunkBlocked)) {
          chunk->removeAttr(kPieceAttrName);
          continue;
        }
        blocked |= *chunkBlocked;
        anyPiece = true;
      }
      if (!anyPiece)
        continue;
      if (failed(foldPieceShapes(func)))
        return signalPassFailure();
      Block &entry = func.getFunctionBody().front();
      for (linalg::GenericOp block : takePieces(func)) {
        if (Value packed =
                panelBlocks ? packPanelBlock(block, cols, entry) : Value()) {
          if (failed(
                  registerTile(rewriter, func, block, rowTile, cols, packed)))
            return signalPassFailure();
          continue;
        }
        Operation *toTile =
            blocked ? promoteBlockOperands(block,
                                            block.getStaticLoopRanges()[n - 3],
                                            tileRows, versionRowTile != 0)
                     : block.getOperation();
        if (failed(registerTile(rewriter, func, toTile, rowTile, cols)))
          return signalPassFailure();
      }
    }
    if (!any)
      return;
    // Fold the tiles' subviews into the transfers (hoisting does not look
    // through views), drop single-iteration loops, merge equal index
    // computations, move invariant code out of the loops, then the
    // accumulator's read and write leave the reduction loop.
    viewCollapsedAsReinterpreted(rewriter, func);
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, &getContext());
    // Not converging leaves valid IR, only less folded: upstream's fold of
    // a vector transfer through a memref.expand_shape builds the source
    // indices before it declines the transfer (a permutation map that is
    // not a minor identity, a vector of higher rank than the source), so a
    // tile that reads a buffer through an expand_shape never settles.
    (void)applyPatternsGreedily(func, std::move(patterns));
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
    func.walk([](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
    linalg::hoistRedundantVectorTransfers(func);
    hoistAccumulators(rewriter, func);
    prefetchNextAccumulators(func);
    startSumsAtZero(rewriter, func);
    func.walk([](scf::ForOp loop) { loop->removeAttr(kKLoopAttrName); });
    func.walk([](linalg::GenericOp op) {
      op->removeAttr(kColumnVersionAttrName);
    });
    if (!fusedMultiplyAdd)
      return;
    RewritePatternSet fma(&getContext());
    fma.add<UnitReductionToFma, ShapeCastOfBroadcast>(&getContext());
    // A widened tile extends its operands after their broadcast to the
    // tile's shape (rows x cols conversions per step); reads become
    // reads + broadcasts and the extension moves before the broadcast.
    if (widenedAny) {
      vector::populateVectorTransferPermutationMapLoweringPatterns(fma);
      vector::populateSinkVectorOpsPatterns(fma);
    }
    if (failed(applyPatternsGreedily(func, std::move(fma))))
      return signalPassFailure();
  }
};
} // namespace
