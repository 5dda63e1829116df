//===- VectorizeHostOuterProducts.cpp - Register tiles of outer products --===//
//
// meld-vectorize-host-outer-products: a linalg.generic on buffers that sums
// products into an output whose last dim one input (the shared one) reads
// together with reduction loops only, and the other input does not read
// (a convolution's weight gradient over its padded input: `out[n, o.., f]
// += x[n, c, o s + k d..] * w[f, c, k..]`), becomes register tiles of rows
// by vectors along that dim, each step an outer product: the shared
// input's vectors times each row's element of the other, broadcast. A
// shared input read along the reduction (the filters above) is packed
// along f a chunk of the reduction at a time (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "Host/HostContractions.h"
#include "VectorReads.h"

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace meld {
#define GEN_PASS_DEF_MELDVECTORIZEHOSTOUTERPRODUCTS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

/// The most vectors along the shared dim in one register tile, and the
/// fewest rows it keeps: 6 x 4 tiles of AVX-512's 24 sums, 6 x 2 of
/// AVX2's 12 (as 3 x 4, a 3 x 3 weight gradient of 64 filters dilated by 2
/// ran 4.7 ms against 3.2 on AVX2 code, Zen 5, 2 threads).
constexpr int64_t kMaxTileVectors = 4;
constexpr int64_t kMinTileRows = 6;

/// The most bytes of the shared input that one chunk of the reductions
/// reads per register tile: every row tile walks the chunk, which stays in
/// L1 while it does.
constexpr int64_t kChunkBytes = 32 << 10;

/// The most bytes of a packed chunk on the kernel's stack.
constexpr int64_t kMaxStackBytes = 64 << 10;

/// The fewest elements along the shared dim taken.
constexpr int64_t kMinColumns = 4;

/// A generic this pass takes: its parallel loops first, the last one `f`
/// (the output's last dim); input `shared` reads f and otherwise only
/// reductions, along its contiguous last dim f or, `packed`, the innermost
/// reduction; the other input reads no f.
struct OuterProductSum : meld::codegen::ProductSumLoops {
  unsigned shared = 0;
  bool packed = false;
};

/// Whether `map`'s results are distinct loops (a projected permutation)
/// whose last one is loop `last`.
bool readsAlong(AffineMap map, unsigned last) {
  return map.getNumResults() > 0 && map.isProjectedPermutation() &&
         map.getResults().back() == getAffineDimExpr(last, map.getContext());
}

/// `op` as a sum of outer products this pass takes, or nullopt.
std::optional<OuterProductSum> matchOuterProductSum(linalg::GenericOp op) {
  std::optional<meld::codegen::ProductSumLoops> productSum =
      meld::codegen::matchProductSumLoops(op);
  if (!productSum)
    return std::nullopt;
  for (Value v : op->getOperands())
    if (cast<MemRefType>(v.getType()).getRank() == 0)
      return std::nullopt;
  OuterProductSum sum{*productSum};
  unsigned loops = sum.ranges.size();
  if (sum.parallel == 0)
    return std::nullopt;
  unsigned f = sum.parallel - 1;
  if (sum.ranges[f] < kMinColumns)
    return std::nullopt;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto unitStride = [&](Value v) {
    return cast<MemRefType>(v.getType()).isLastDimUnitStride();
  };
  // (The output reads every parallel loop: rows of one tile that shared an
  // element would each store their own sums to it.)
  if (!readsAlong(maps[2], f) ||
      maps[2].getNumResults() != static_cast<unsigned>(sum.parallel) ||
      !unitStride(op.getDpsInits()[0]))
    return std::nullopt;
  for (unsigned d = sum.parallel; d < loops; ++d)
    if (maps[2].isFunctionOfDim(d))
      return std::nullopt;
  // Along f, or else transposed (packed per chunk).
  for (bool packed : {false, true}) {
    for (unsigned i = 0; i < 2; ++i) {
      AffineMap map = maps[i];
      if (!readsAlong(map, packed ? loops - 1 : f) ||
          !map.isFunctionOfDim(f) || maps[1 - i].isFunctionOfDim(f) ||
          !unitStride(op.getDpsInputs()[i]))
        continue;
      if (llvm::all_of(map.getResults(), [&](AffineExpr e) {
            unsigned d = cast<AffineDimExpr>(e).getPosition();
            return d == f || d >= sum.parallel;
          })) {
        sum.shared = i;
        sum.packed = packed;
        return sum;
      }
    }
  }
  return std::nullopt;
}

/// Rewrites `op` (matched as `sum`) into register tiles of at most
/// `accumulators` vectors of `lanes` f32 sums.
void vectorizeOuterProducts(linalg::GenericOp op, const OuterProductSum &sum,
                            int64_t lanes, int64_t accumulators) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  unsigned loops = sum.ranges.size(), f = sum.parallel - 1;
  Type f32 = b.getF32Type();
  auto vectorType = VectorType::get({lanes}, f32);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  Value shared = op.getDpsInputs()[sum.shared];
  Value other = op.getDpsInputs()[1 - sum.shared];
  Value out = op.getDpsInits()[0];
  AffineMap sharedMap = maps[sum.shared], otherMap = maps[1 - sum.shared];

  // Constants and the packing buffer at the top of the function.
  meld::codegen::LoopIndices loopIndices(op, loops);
  Block &entry = loopIndices.entryBlock();
  auto atTop = [&]() -> OpBuilder & { return loopIndices.atTop(); };
  OpBuilder &top = atTop();
  auto index = [&](int64_t v) { return loopIndices.index(v); };
  auto indices = [&](OpBuilder &b, AffineMap map, ArrayRef<Value> dims) {
    return loopIndices.indices(b, map, dims);
  };

  // Columns: vectors of `lanes` along f, the last one masked when f is
  // not a multiple of them; tiles of `tileVectors` of them.
  int64_t columns = sum.ranges[f];
  int64_t vectors = llvm::divideCeil(columns, lanes);
  int64_t tileVectors = std::clamp<int64_t>(accumulators / kMinTileRows, 1,
                                            std::min(vectors, kMaxTileVectors));
  int64_t tailLanes = columns - (vectors - 1) * lanes;
  Value tailMask;
  if (tailLanes != lanes) {
    SmallVector<bool> bits(lanes, false);
    std::fill_n(bits.begin(), tailLanes, true);
    tailMask = arith::ConstantOp::create(
        atTop(), loc,
        DenseElementsAttr::get(VectorType::get({lanes}, top.getI1Type()),
                               ArrayRef(bits)));
  }
  Value zeros = arith::ConstantOp::create(
      atTop(), loc, DenseElementsAttr::get(vectorType, 0.0f));
  // A vector of `memref` at `at` (f's index last), `masked` when it is the
  // last and partial one.
  auto load = [&](OpBuilder &b, Value memref, SmallVector<Value> at,
                  bool masked) -> Value {
    if (masked)
      return vector::MaskedLoadOp::create(b, loc, vectorType, memref, at,
                                          tailMask, zeros);
    return vector::LoadOp::create(b, loc, vectorType, memref, at);
  };
  auto store = [&](OpBuilder &b, Value value, Value memref,
                   SmallVector<Value> at, bool masked) {
    if (masked)
      vector::MaskedStoreOp::create(b, loc, memref, at, tailMask, value);
    else
      vector::StoreOp::create(b, loc, value, memref, at);
  };

  // Rows: the other parallel loops' points, row-major.
  SmallVector<int64_t> rowRanges(sum.ranges.begin(), sum.ranges.begin() + f);
  int64_t rows = 1;
  for (int64_t r : rowRanges)
    rows *= r;
  int64_t tileRows =
      std::clamp<int64_t>(accumulators / tileVectors, 1, rows);

  // The reductions in chunks: the innermost ones whole, the next split so
  // that a chunk of the shared input for one tile's columns fits
  // kChunkBytes; the loops above the chunk (and its loop over chunks of
  // the split one) run outside the row tiles.
  SmallVector<int64_t> reductions(sum.ranges.begin() + sum.parallel,
                                  sum.ranges.end());
  // (A packed input's chunk holds all of f.)
  int64_t stepBytes = (sum.packed ? vectors : tileVectors) * lanes * 4;
  int64_t inner = 1;
  int64_t split = -1, block = 1;
  for (int64_t j = reductions.size() - 1; j >= 0; --j) {
    if (inner * reductions[j] * stepBytes <= kChunkBytes) {
      inner *= reductions[j];
      continue;
    }
    split = j;
    block = std::max<int64_t>(kChunkBytes / (inner * stepBytes), 1);
    while (reductions[j] % block)
      --block;
    break;
  }

  // A packed input: each chunk copied channels last, `packed[i.., f]` over
  // the chunk's loops (the split one from its chunk start), in tiles of
  // `lanes` x `lanes` transposed in registers.
  int64_t first = split < 0 ? 0 : split;
  int64_t numReductions = reductions.size();
  Value packed;
  if (sum.packed) {
    SmallVector<int64_t> shape;
    for (int64_t j = first; j < numReductions; ++j)
      shape.push_back(j == split ? block : reductions[j]);
    shape.push_back(vectors * lanes);
    // (A chunk is one step of the innermost reduction when that step
    // alone passes kChunkBytes: f above 8K floats. Past kMaxStackBytes the
    // buffer is on the heap.)
    auto type = MemRefType::get(shape, f32);
    if (type.getNumElements() * 4 <= kMaxStackBytes)
      packed = memref::AllocaOp::create(atTop(), loc, type,
                                        top.getI64IntegerAttr(64));
    else
      packed = meld::codegen::allocScratch(atTop(), loc, entry, type);
  }
  // The shared input's dims that hold f and the innermost reduction.
  unsigned fResult = 0;
  for (auto [r, e] : llvm::enumerate(sharedMap.getResults()))
    if (e == getAffineDimExpr(f, op.getContext()))
      fResult = r;
  auto packChunk = [&](OpBuilder &b, ArrayRef<Value> chunkIvs) {
    // The chunk's loops, the innermost (the steps) in tiles of `lanes`;
    // the split one's iterations are its chunk's, from its start.
    int64_t last = numReductions - 1;
    auto chunkRange = [&](int64_t j) {
      return j == split ? block : reductions[j];
    };
    int64_t steps = chunkRange(last);
    SmallVector<Value> lbs, ubs, st;
    for (int64_t j = first; j < last; ++j) {
      lbs.push_back(index(0));
      ubs.push_back(index(chunkRange(j)));
      st.push_back(index(1));
    }
    for (Value bound : {index(llvm::alignTo(steps, lanes)),
                        index(vectors * lanes)}) {
      lbs.push_back(index(0));
      ubs.push_back(bound);
      st.push_back(index(lanes));
    }
    auto square = VectorType::get({lanes, lanes}, f32);
    MLIRContext *ctx = op.getContext();
    int64_t rank = cast<MemRefType>(shared.getType()).getRank();
    AffineMap across = AffineMap::get(
        rank, 0,
        {getAffineDimExpr(fResult, ctx), getAffineDimExpr(rank - 1, ctx)},
        ctx);
    Value pad = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(0.0f));
    scf::buildLoopNest(
        b, loc, lbs, ubs, st, [&](OpBuilder &b, Location loc, ValueRange ivs) {
          // ivs: the chunk's loops (its own iterations), the last one a
          // step tile's start, then the column tile's start.
          SmallVector<Value> reductionIvs(
              chunkIvs.begin(), chunkIvs.begin() + std::max<int64_t>(split, 0));
          SmallVector<Value> local(ivs.drop_back());
          for (auto [j, iv] : llvm::enumerate(local))
            reductionIvs.push_back(
                first + static_cast<int64_t>(j) == split
                    ? arith::AddIOp::create(b, loc, chunkIvs.back(), iv)
                          .getResult()
                    : iv);
          Value column = ivs.back();
          SmallVector<Value> dims(f, nullptr);
          dims.push_back(column);
          llvm::append_range(dims, reductionIvs);
          SmallVector<bool> inBounds = {columns % lanes == 0,
                                        steps % lanes == 0};
          Value tile = vector::TransferReadOp::create(
              b, loc, square, shared, indices(b, sharedMap, dims), pad,
              across, inBounds);
          Value transposed = vector::TransposeOp::create(
              b, loc, tile, ArrayRef<int64_t>{1, 0});
          SmallVector<Value> at(local);
          at.push_back(column);
          vector::TransferWriteOp::create(
              b, loc, transposed, packed, at,
              ArrayRef<bool>{steps % lanes == 0, true});
        });
  };

  // One register tile: rows `rowIvs` (each a row's parallel indices) by
  // `count` vectors from column `column0` (the last one masked when
  // `maskedLast`), over the chunk of the reductions from `chunkIvs` (the
  // outer reductions' values, then the split one's chunk start).
  auto tile = [&](OpBuilder &b, ArrayRef<SmallVector<Value>> rowIvs,
                  Value column0, int64_t count, bool maskedLast,
                  ArrayRef<Value> chunkIvs) {
    auto column = [&](OpBuilder &b, int64_t v) {
      return v ? arith::AddIOp::create(b, loc, column0, index(v * lanes))
                     .getResult()
               : column0;
    };
    auto masked = [&](int64_t v) { return maskedLast && v == count - 1; };
    auto at = [&](ArrayRef<Value> rowIv, ArrayRef<Value> reductionIvs,
                  Value column) {
      SmallVector<Value> dims(rowIv);
      dims.push_back(column);
      llvm::append_range(dims, reductionIvs);
      dims.resize(loops);
      return dims;
    };
    SmallVector<Value> sums;
    for (ArrayRef<Value> rowIv : rowIvs)
      for (int64_t v = 0; v < count; ++v)
        sums.push_back(load(b, out,
                            indices(b, maps[2], at(rowIv, {}, column(b, v))),
                            masked(v)));
    // The chunk's loops: the split one within its chunk, then the rest.
    SmallVector<Value> lbs, ubs, steps;
    for (int64_t j = first; j < numReductions; ++j) {
      Value lb = index(0), ub = index(reductions[j]);
      if (j == split) {
        lb = chunkIvs.back();
        ub = arith::AddIOp::create(b, loc, lb, index(block));
      }
      lbs.push_back(lb);
      ubs.push_back(ub);
      steps.push_back(index(1));
    }
    scf::LoopNest nest = scf::buildLoopNest(
        b, loc, lbs, ubs, steps, sums,
        [&](OpBuilder &b, Location loc, ValueRange ivs,
            ValueRange sums) -> scf::ValueVector {
          SmallVector<Value> reductionIvs(
              chunkIvs.begin(), chunkIvs.begin() + std::max<int64_t>(split, 0));
          llvm::append_range(reductionIvs, ivs);
          SmallVector<Value> columns;
          for (int64_t v = 0; v < count; ++v) {
            if (!packed) {
              columns.push_back(load(
                  b, shared,
                  indices(b, sharedMap,
                          at(SmallVector<Value>(f, nullptr), reductionIvs,
                             column(b, v))),
                  masked(v)));
              continue;
            }
            // The chunk's own indices: the split loop's from its start.
            SmallVector<Value> local(ivs);
            if (split >= 0)
              local.front() =
                  arith::SubIOp::create(b, loc, ivs.front(), chunkIvs.back());
            local.push_back(column(b, v));
            columns.push_back(
                vector::LoadOp::create(b, loc, vectorType, packed, local));
          }
          SmallVector<Value> next;
          for (auto [r, rowIv] : llvm::enumerate(rowIvs)) {
            Value element = memref::LoadOp::create(
                b, loc, other,
                indices(b, otherMap, at(rowIv, reductionIvs, nullptr)));
            Value broadcast =
                vector::BroadcastOp::create(b, loc, vectorType, element);
            for (int64_t v = 0; v < count; ++v)
              next.push_back(vector::FMAOp::create(
                  b, loc, broadcast, columns[v], sums[r * count + v]));
          }
          return next;
        });
    for (auto [r, rowIv] : llvm::enumerate(rowIvs))
      for (int64_t v = 0; v < count; ++v)
        store(b, nest.results[r * count + v], out,
              indices(b, maps[2], at(rowIv, {}, column(b, v))), masked(v));
  };

  // The rows' parallel indices from a row number.
  auto rowIndices = [&](OpBuilder &b, Value row) {
    if (rowRanges.empty())
      return SmallVector<Value>();
    if (rowRanges.size() == 1)
      return SmallVector<Value>{row};
    SmallVector<int64_t> basis(rowRanges);
    return SmallVector<Value>(
        affine::AffineDelinearizeIndexOp::create(b, loc, row, basis,
                                                 /*hasOuterBound=*/true)
            .getResults());
  };
  // The row tiles (then a last one of the remaining rows) by the column
  // tiles, for one chunk of the reductions.
  auto rowTiles = [&](OpBuilder &b, ArrayRef<Value> chunkIvs) {
    auto tilesAt = [&](OpBuilder &b, Value start, int64_t count) {
      SmallVector<SmallVector<Value>> rowIvs;
      for (int64_t r = 0; r < count; ++r)
        rowIvs.push_back(rowIndices(
            b, r ? arith::AddIOp::create(b, loc, start, index(r)).getResult()
                 : start));
      // Whole tiles of whole vectors (in a loop when there are several),
      // then the rest, its last vector masked when f's is partial.
      int64_t wholeVectors = tailMask ? vectors - 1 : vectors;
      int64_t wholeTiles = wholeVectors / tileVectors;
      int64_t tileWidth = tileVectors * lanes;
      if (wholeTiles == 1)
        tile(b, rowIvs, index(0), tileVectors, false, chunkIvs);
      else if (wholeTiles > 1)
        scf::ForOp::create(b, loc, index(0), index(wholeTiles * tileWidth),
                           index(tileWidth), ValueRange{},
                           [&](OpBuilder &b, Location loc, Value column0,
                               ValueRange) {
                             tile(b, rowIvs, column0, tileVectors, false,
                                  chunkIvs);
                             scf::YieldOp::create(b, loc);
                           });
      if (int64_t rest = vectors - wholeTiles * tileVectors)
        tile(b, rowIvs, index(wholeTiles * tileWidth), rest, bool(tailMask),
             chunkIvs);
    };
    int64_t full = rows / tileRows * tileRows;
    if (full == tileRows)
      tilesAt(b, index(0), tileRows);
    else if (full)
      scf::ForOp::create(b, loc, index(0), index(full), index(tileRows),
                         ValueRange{},
                         [&](OpBuilder &b, Location loc, Value start,
                             ValueRange) {
                           tilesAt(b, start, tileRows);
                           scf::YieldOp::create(b, loc);
                         });
    if (rows > full)
      tilesAt(b, index(full), rows - full);
  };

  // The loops over chunks: the reductions above the split one, then its
  // chunks.
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t j = 0; j <= split; ++j) {
    lbs.push_back(index(0));
    ubs.push_back(index(reductions[j]));
    steps.push_back(index(j == split ? block : 1));
  }
  scf::buildLoopNest(b, loc, lbs, ubs, steps,
                     [&](OpBuilder &b, Location loc, ValueRange ivs) {
                       if (packed)
                         packChunk(b, SmallVector<Value>(ivs));
                       rowTiles(b, SmallVector<Value>(ivs));
                     });
  op.erase();
}

struct MeldVectorizeHostOuterProductsPass
    : public meld::impl::MeldVectorizeHostOuterProductsBase<
          MeldVectorizeHostOuterProductsPass> {
  using Base::Base;

  void runOnOperation() override {
    int64_t lanes = vectorBits / 32;
    if (lanes < 2 || maxAccumulators < 1)
      return;
    SmallVector<std::pair<linalg::GenericOp, OuterProductSum>> work;
    getOperation().walk([&](linalg::GenericOp op) {
      if (std::optional<OuterProductSum> sum = matchOuterProductSum(op))
        work.emplace_back(op, std::move(*sum));
    });
    for (auto &[op, sum] : work)
      vectorizeOuterProducts(op, sum, lanes, maxAccumulators);
  }
};

} // namespace
