//===- PromoteLoopAccumulators.cpp - Accumulators in registers ------------===//
//
// meld-promote-loop-accumulators: a loop that loads an element of a buffer,
// updates it and stores it back at the same loop-invariant indices every
// iteration (a thread's output element of a contraction that is not tiled,
// lowered by convert-linalg-to-loops) carries the element in a register
// instead, loaded once before the loop and stored once after it (see
// Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "MapToGpuInternal.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace meld {
#define GEN_PASS_DEF_MELDPROMOTELOOPACCUMULATORS
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

/// Whether `op`, inside a loop, may touch memory other than through plain
/// loads and stores (a barrier, a call, an atomic): promotion then keeps
/// the element in memory.
static bool hasOtherMemoryEffects(Operation *op) {
  if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return !effects || !effects.hasNoEffect();
}

/// The buffer `op` loads from or stores to, if it is a load or a store.
static Value accessedBuffer(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return load.getMemRef();
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return store.getMemRef();
  return {};
}

/// Promotes the accumulators of `loop` (see the file comment).
static void promote(RewriterBase &rewriter, scf::ForOp loop) {
  // Every buffer the loop touches, by the buffer it views; a loop that does
  // anything else with memory is left alone.
  llvm::DenseMap<Value, int64_t> rootAccesses;
  bool other = false;
  loop.getBody()->walk([&](Operation *op) {
    if (Value buffer = accessedBuffer(op))
      ++rootAccesses[meld::maptogpu::rootBuffer(buffer)];
    else
      other |= hasOtherMemoryEffects(op);
  });
  if (other)
    return;
  SmallVector<std::pair<memref::LoadOp, memref::StoreOp>> pairs;
  for (auto store : loop.getBody()->getOps<memref::StoreOp>()) {
    Value buffer = store.getMemRef();
    // The only two accesses of the root buffer in the loop, so no other
    // view of it (another kernel argument is another buffer: the
    // contractions this serves never write an operand they read).
    if (rootAccesses.lookup(meld::maptogpu::rootBuffer(buffer)) != 2 ||
        !loop.isDefinedOutsideOfLoop(buffer) ||
        !llvm::all_of(store.getIndices(), [&](Value index) {
          return loop.isDefinedOutsideOfLoop(index);
        }))
      continue;
    memref::LoadOp load;
    for (auto candidate : loop.getBody()->getOps<memref::LoadOp>())
      if (candidate.getMemRef() == buffer &&
          candidate.getIndices() == store.getIndices() &&
          candidate->isBeforeInBlock(store))
        load = candidate;
    if (load)
      pairs.emplace_back(load, store);
  }
  if (pairs.empty())
    return;
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits;
  for (auto [load, store] : pairs)
    inits.push_back(memref::LoadOp::create(rewriter, load.getLoc(),
                                           load.getMemRef(),
                                           load.getIndices()));
  FailureOr<LoopLikeOpInterface> grown =
      cast<LoopLikeOpInterface>(loop.getOperation())
          .replaceWithAdditionalYields(
              rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
              [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                return llvm::map_to_vector(pairs, [](auto pair) {
                  return pair.second.getValueToStore();
                });
              });
  if (failed(grown))
    return;
  auto newLoop = cast<scf::ForOp>(grown->getOperation());
  unsigned first = newLoop.getNumResults() - pairs.size();
  rewriter.setInsertionPointAfter(newLoop);
  for (auto [i, pair] : llvm::enumerate(pairs)) {
    auto [load, store] = pair;
    BlockArgument carried = newLoop.getRegionIterArgs()[first + i];
    memref::StoreOp::create(rewriter, store.getLoc(),
                            newLoop.getResult(first + i), store.getMemRef(),
                            store.getIndices());
    rewriter.replaceOp(load, carried);
    rewriter.eraseOp(store);
  }
}

namespace {
struct MeldPromoteLoopAccumulatorsPass
    : public meld::impl::MeldPromoteLoopAccumulatorsBase<
          MeldPromoteLoopAccumulatorsPass> {
  void runOnOperation() override {
    // Innermost loops first: an accumulator promoted out of a k loop may
    // then leave the loop around it too.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    IRRewriter rewriter(&getContext());
    for (scf::ForOp loop : loops)
      promote(rewriter, loop);
  }
};
} // namespace
