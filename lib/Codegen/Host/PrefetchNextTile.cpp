//===- PrefetchNextTile.cpp - Overlap a row tile's compute with memory ----===//
//
// meld-prefetch-next-tile: in a host kernel's row-tile loop, the first
// elementwise loop nest that reads tiles of the kernel's arguments (a
// pointwise kernel's only pass, or a pass that reads a tile again from the
// cache while the memory sits idle) prefetches the next iteration's tiles
// it reads, and of the outputs it and the tile's later nests write, a few
// cache lines per strip of its innermost loop (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/RegionUtils.h"

namespace meld {
#define GEN_PASS_DEF_MELDPREFETCHNEXTTILE
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {

constexpr int64_t kCacheLineBytes = 64;

/// The innermost loop of the nest rooted at `root`, if each loop of the
/// nest holds at most one loop (and other ops); null otherwise.
scf::ForOp innermostLoop(scf::ForOp root) {
  scf::ForOp loop = root;
  while (true) {
    scf::ForOp child;
    for (Operation &op : *loop.getBody()) {
      if (!isa<LoopLikeOpInterface>(op))
        continue;
      auto nested = dyn_cast<scf::ForOp>(op);
      if (!nested || child)
        return nullptr;
      child = nested;
    }
    if (!child)
      return loop;
    loop = child;
  }
}

/// `memref` if it is a tile of a kernel argument that `tileLoop` steps
/// through: a unit-stride subview (not rank-reducing) in the tile loop's
/// body, of a function
/// argument, whose offsets are the loop's induction variable or values
/// defined above the loop; null otherwise.
memref::SubViewOp tileOfArgument(Value memref, scf::ForOp tileLoop) {
  auto subview = memref.getDefiningOp<memref::SubViewOp>();
  if (!subview || subview->getBlock() != tileLoop.getBody() ||
      !isa<BlockArgument>(subview.getSource()) || !subview.hasUnitStride() ||
      subview.getSourceType().getRank() != subview.getType().getRank())
    return nullptr;
  for (Value offset : subview.getOffsets())
    if (offset != tileLoop.getInductionVar() &&
        !tileLoop.isDefinedOutsideOfLoop(offset))
      return nullptr;
  return subview;
}

struct MeldPrefetchNextTilePass
    : public meld::impl::MeldPrefetchNextTileBase<MeldPrefetchNextTilePass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (!func->hasAttr(meld::kKernelAttrName) || stripLines < 1)
      return;
    SmallVector<scf::ForOp> tileLoops;
    func.walk([&](scf::ForOp loop) {
      if (!loop.getBody()->getOps<memref::SubViewOp>().empty())
        tileLoops.push_back(loop);
    });
    for (scf::ForOp tileLoop : tileLoops)
      prefetchInTile(tileLoop);
  }

  /// Finds the first elementwise nest of `tileLoop` that reads tiles of
  /// arguments and makes it prefetch them (softmax's exp pass, LayerNorm's
  /// normalization, a pointwise kernel's only pass).
  void prefetchInTile(scf::ForOp tileLoop) {
    for (auto nest :
         llvm::to_vector(tileLoop.getBody()->getOps<scf::ForOp>())) {
      scf::ForOp inner = innermostLoop(nest);
      if (!inner)
        continue;
      SmallVector<memref::LoadOp> loads;
      inner.getBody()->walk([&](memref::LoadOp load) {
        if (tileOfArgument(load.getMemRef(), tileLoop) &&
            !load.getIndices().empty() &&
            load.getIndices().back() == inner.getInductionVar())
          loads.push_back(load);
      });
      if (loads.empty())
        continue;
      // The tiles of the same sizes that this nest or later ones write
      // (prefetched at the first read tile's indices, which are inside
      // them).
      auto readTile =
          loads.front().getMemRef().getDefiningOp<memref::SubViewOp>();
      SetVector<Operation *> written;
      for (Operation *later = nest; later; later = later->getNextNode())
        later->walk([&](memref::StoreOp store) {
          memref::SubViewOp tile = tileOfArgument(store.getMemRef(), tileLoop);
          if (tile && tile.getMixedSizes() == readTile.getMixedSizes())
            written.insert(tile);
        });
      if (prefetchInNest(tileLoop, nest, inner, loads, written.getArrayRef()))
        return;
    }
  }

  /// Strip-mines `inner` into strips of `stripLines` cache lines; at the
  /// top of each strip, prefetches the strip's lines of the next tile for
  /// each of `loads` (for reading) and at the same indices in each of
  /// `written` (for writing).
  bool prefetchInNest(scf::ForOp tileLoop, scf::ForOp nest, scf::ForOp inner,
                      MutableArrayRef<memref::LoadOp> loads,
                      ArrayRef<Operation *> written) {
    // Elementwise nests only: every store writes the element of the
    // innermost index. A reduction strip-mined into lines would reduce each
    // strip on its own instead of keeping vector accumulators along the row.
    if (inner.getNumRegionIterArgs() != 0)
      return false;
    WalkResult stores = inner.getBody()->walk([&](memref::StoreOp store) {
      if (store.getIndices().empty() ||
          store.getIndices().back() != inner.getInductionVar())
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (stores.wasInterrupted())
      return false;
    Type elementType =
        cast<MemRefType>(loads.front().getMemRef().getType()).getElementType();
    if (!elementType.isIntOrFloat() || elementType.getIntOrFloatBitWidth() < 8)
      return false;
    for (memref::LoadOp load : loads) {
      if (cast<MemRefType>(load.getMemRef().getType()).getElementType() !=
          elementType)
        return false;
      for (Value index : load.getIndices().drop_back())
        if (!inner.isDefinedOutsideOfLoop(index))
          return false;
    }
    int64_t lineElements =
        kCacheLineBytes / (elementType.getIntOrFloatBitWidth() / 8);
    int64_t stripElements = stripLines * lineElements;
    std::optional<int64_t> lb = getConstantIntValue(inner.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(inner.getUpperBound());
    std::optional<int64_t> step = getConstantIntValue(inner.getStep());
    if (lb != 0 || !ub || step != 1 || *ub % stripElements != 0 ||
        *ub == stripElements)
      return false;

    // The next tile: the tile loop's induction variable plus its step if
    // every tile placed by it, at its current sizes, still fits in its
    // memref there; the current one otherwise (the last iteration, or a
    // partial last tile): no address outside the memrefs.
    Location loc = tileLoop.getLoc();
    OpBuilder b(nest);
    Value iv = tileLoop.getInductionVar();
    SmallVector<memref::SubViewOp> tiles;
    for (memref::LoadOp load : loads)
      tiles.push_back(load.getMemRef().getDefiningOp<memref::SubViewOp>());
    for (Operation *tile : written) {
      auto subview = cast<memref::SubViewOp>(tile);
      // Its sizes must be known where the prefetching nest starts.
      if (llvm::all_of(subview.getSizes(), [&](Value size) {
            Operation *def = size.getDefiningOp();
            return !def || def->getBlock() != tileLoop.getBody() ||
                   def->isBeforeInBlock(nest);
          }))
        tiles.push_back(subview);
    }
    Value nextIv = arith::AddIOp::create(b, loc, iv, tileLoop.getStep());
    Value inRange;
    for (memref::SubViewOp tile : tiles) {
      for (auto [d, offset] : llvm::enumerate(tile.getMixedOffsets())) {
        if (dyn_cast<Value>(offset) != iv)
          continue;
        Value size =
            getValueOrCreateConstantIndexOp(b, loc, tile.getMixedSizes()[d]);
        Value dim = memref::DimOp::create(b, loc, tile.getSource(), d);
        Value last = arith::AddIOp::create(b, loc, nextIv, size);
        Value fits =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, last, dim);
        inRange = inRange ? arith::AndIOp::create(b, loc, inRange, fits) : fits;
      }
    }
    if (!inRange)
      return false;
    Value next = arith::SelectOp::create(b, loc, inRange, nextIv, iv);

    // One prefetch per (memref, indices but the innermost, read or write),
    // on the tile's memref at the tile's next offsets.
    struct Target {
      memref::SubViewOp tile;
      SmallVector<Value> outer;
      bool isWrite;
    };
    SmallVector<Target> targets;
    auto addTarget = [&](memref::SubViewOp tile, ValueRange outer,
                         bool isWrite) {
      for (Target &t : targets)
        if (t.tile.getSource() == tile.getSource() && t.isWrite == isWrite &&
            llvm::equal(t.outer, outer))
          return;
      targets.push_back({tile, llvm::to_vector(outer), isWrite});
    };
    for (auto [i, tile] : llvm::enumerate(tiles)) {
      bool isWrite = i >= loads.size();
      memref::LoadOp load = loads[isWrite ? 0 : i];
      addTarget(tile, load.getIndices().drop_back(), isWrite);
    }

    // for j in [0, n)  ->  for s in [0, n) step S {
    //                        for l in [s, s + S) step L: prefetch ...[l]
    //                        for j in [s, s + S) { body } }
    b.setInsertionPoint(inner);
    Value strip = arith::ConstantIndexOp::create(b, loc, stripElements);
    Value line = arith::ConstantIndexOp::create(b, loc, lineElements);
    Value start = inner.getInductionVar();
    Block *body = inner.getBody();
    b.setInsertionPointToStart(body);
    Value end = arith::AddIOp::create(b, loc, start, strip);
    auto prefetches = scf::ForOp::create(b, loc, start, end, line);
    auto elements = scf::ForOp::create(b, loc, start, end, inner.getStep());
    elements.getBody()->getOperations().splice(
        elements.getBody()->begin(), body->getOperations(),
        std::next(Block::iterator(elements)), std::prev(body->end()));
    replaceAllUsesInRegionWith(start, elements.getInductionVar(),
                               elements.getRegion());
    inner.setStep(strip);
    b.setInsertionPointToStart(prefetches.getBody());
    for (Target &t : targets) {
      SmallVector<Value> indices(t.outer);
      indices.push_back(prefetches.getInductionVar());
      for (auto [index, offset] :
           llvm::zip_equal(indices, t.tile.getMixedOffsets())) {
        Value base = dyn_cast<Value>(offset) == iv
                         ? next
                         : getValueOrCreateConstantIndexOp(b, loc, offset);
        index = arith::AddIOp::create(b, loc, base, index);
      }
      memref::PrefetchOp::create(b, loc, t.tile.getSource(), indices, t.isWrite,
                                 /*localityHint=*/3,
                                 /*isDataCache=*/true);
    }
    return true;
  }
};

} // namespace
