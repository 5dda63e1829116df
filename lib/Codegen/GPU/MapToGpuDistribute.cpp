//===- MapToGpuDistribute.cpp - Linalg ops over a workgroup's threads -----===//
//
// meld-map-to-gpu's general mapping (MapToGpu.cpp has the pass): each
// linalg op of a block spread over the workgroup's threads, either
// output-parallel (round-robin, or 128-bit vectors for elementwise ops) or
// as a cooperative reduction (partials per thread joined by
// gpu.all_reduce, or serially when emulated); and the helpers the tiled
// GEMMs (MapToGpuGemm.cpp) use too.
//
//===----------------------------------------------------------------------===//

#include "GPU/MapToGpuInternal.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace meld;
using namespace meld::maptogpu;

/// A loop carrying `init` whose body yields its iteration arguments
/// unchanged until the caller sets the terminator's operands.
scf::ForOp meld::maptogpu::createLoop(OpBuilder &b, Location loc, Value lower,
                                      Value upper, Value step,
                                      ValueRange init) {
  return scf::ForOp::create(
      b, loc, lower, upper, step, init,
      [](OpBuilder &b, Location loc, Value, ValueRange args) {
        scf::YieldOp::create(b, loc, args);
      });
}

/// The product of `sizes`, 1 for none.
Value meld::maptogpu::product(OpBuilder &b, Location loc,
                              ArrayRef<OpFoldResult> sizes) {
  Value result = arith::ConstantIndexOp::create(b, loc, 1);
  for (OpFoldResult s : sizes)
    result = arith::MulIOp::create(b, loc, result,
                                   getValueOrCreateConstantIndexOp(b, loc, s));
  return result;
}

/// Splits `linear` into indices over `basis` (row-major, last fastest).
static SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<OpFoldResult> basis) {
  if (basis.empty())
    return {};
  if (basis.size() == 1)
    return {linear};
  auto op = affine::AffineDelinearizeIndexOp::create(b, loc, linear, basis,
                                                     /*hasOuterBound=*/true);
  return SmallVector<Value>(op.getResults());
}

/// The combining op of a single-output reduction whose body yields
/// `combiner(acc, f(inputs))`, with the accumulator used nowhere else and a
/// known neutral element; null otherwise.
Operation *meld::maptogpu::matchCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return nullptr;
  Block *body = op.getBlock();
  BlockArgument acc = body->getArguments().back();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Operation *combiner = yield.getOperand(0).getDefiningOp();
  if (!combiner || combiner->getBlock() != body ||
      combiner->getNumOperands() != 2 || combiner->getNumResults() != 1 ||
      combiner->getNumRegions() != 0 || !acc.hasOneUse() ||
      acc.getUses().begin()->getOwner() != combiner ||
      combiner->getResult(0).getType() != acc.getType() ||
      combiner->getOperand(0) == combiner->getOperand(1) ||
      !arith::getNeutralElement(combiner))
    return nullptr;
  return combiner;
}

/// Applies `combiner` to (lhs, rhs) in its operand order.
static Value combine(OpBuilder &b, Operation *combiner, Value lhs, Value rhs) {
  IRMapping map;
  map.map(combiner->getOperand(0), lhs);
  map.map(combiner->getOperand(1), rhs);
  return b.clone(*combiner, map)->getResult(0);
}

/// Indices of operand `map` at loop indices `ivs`.
SmallVector<Value> meld::maptogpu::applyIndexingMap(OpBuilder &b, Location loc,
                                                    AffineMap map,
                                                    ValueRange ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : map.getResults()) {
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      indices.push_back(ivs[dim.getPosition()]);
    else
      indices.push_back(affine::expandAffineExpr(b, loc, expr, ivs, {}));
  }
  return indices;
}

/// The buffer a view ultimately refers to.
Value meld::maptogpu::rootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Bytes one thread reads or writes at once per buffer of an elementwise
/// op at most: 128-bit accesses.
static constexpr int64_t kVectorBytes = 16;

/// Whether every element of `view` whose innermost index is a multiple of
/// `width` lies at a multiple of `width` elements from its kernel
/// argument's start (16-byte aligned by the ABI): each subview on the way
/// starts at a multiple of `width` along dims whose stride is not one
/// (rows of a row-block tile, whatever the row), and at a known multiple
/// along the others. A window at column 22 of a [66, 192] tensor is not:
/// its 128-bit accesses would be misaligned (a fault on the GPU and in the
/// emulated mapping).
static bool startsAligned(Value view, int64_t width) {
  while (Operation *def = view.getDefiningOp()) {
    if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp>(def)) {
      view = def->getOperand(0);
      continue;
    }
    auto subview = dyn_cast<memref::SubViewOp>(def);
    if (!subview)
      return false;
    auto [strides, offset] = subview.getSourceType().getStridesAndOffset();
    for (auto [stride, start] :
         llvm::zip_equal(strides, subview.getMixedOffsets())) {
      if (ShapedType::isDynamic(stride))
        return false;
      std::optional<int64_t> known = getConstantIntValue(start);
      if (stride % width != 0 && (!known || (*known * stride) % width != 0))
        return false;
    }
    view = subview.getSource();
  }
  return isa<BlockArgument>(view);
}

/// Elements one thread takes at once along the innermost loop of an
/// elementwise op, or 0 when it goes element by element: as many as make
/// 128-bit accesses of its widest element type (4 for f32, 8 for f16 and
/// bf16; a f16 -> f32 cast reads 64 bits and writes 128), when every
/// buffer element is a whole number of bytes (not i1, which LLVM packs in
/// vectors), the body is elementwise-mappable, and each buffer indexed by
/// that loop is a kernel argument (16-byte aligned by the ABI) walked
/// contiguously with a static extent and row strides divisible by the
/// width, from an aligned start (startsAligned).
int64_t meld::maptogpu::vectorWidth(linalg::GenericOp op) {
  unsigned n = op.getNumLoops();
  if (n == 0 || op.getNumReductionLoops() != 0)
    return 0;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return 0;
  for (Operation &inst : op.getBlock()->without_terminator())
    if (isa<linalg::IndexOp>(inst) ||
        !OpTrait::hasElementwiseMappableTraits(&inst) ||
        inst.getNumResults() != 1)
      return 0;
  int64_t widestBytes = 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      if (!operand.get().getType().isIntOrFloat())
        return 0;
      continue;
    }
    unsigned bits = type.getElementTypeBitWidth();
    if (bits < 8 || bits % 8 != 0 || bits / 8 > kVectorBytes)
      return 0;
    widestBytes = std::max<int64_t>(widestBytes, bits / 8);
  }
  if (widestBytes == 0)
    return 0;
  int64_t width = kVectorBytes / widestBytes;
  int64_t inner = op.getStaticLoopRanges()[n - 1];
  if (width < 2 || ShapedType::isDynamic(inner) || inner % width != 0)
    return 0;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type)
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isFunctionOfDim(n - 1))
      continue; // the same element for the whole vector: a broadcast
    auto last = dyn_cast<AffineDimExpr>(map.getResults().back());
    if (!last || last.getPosition() != n - 1 ||
        !isa<BlockArgument>(rootBuffer(operand.get())))
      return 0;
    auto [strides, offset] = type.getStridesAndOffset();
    if (strides.back() != 1)
      return 0;
    for (int64_t stride : ArrayRef<int64_t>(strides).drop_back())
      if (ShapedType::isDynamic(stride) || stride % width != 0)
        return 0;
    if (!startsAligned(operand.get(), width))
      return 0;
  }
  return width;
}

/// Deals the points of the iteration space `basis` (row-major) out to the
/// workgroup's threads round-robin: thread t runs `body` on points t,
/// t + blockSize, ... so neighbouring threads take neighbouring points.
/// A barrier follows.
static void
distributeRoundRobin(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> basis,
                     const Threads &threads,
                     function_ref<void(OpBuilder &, SmallVector<Value>)> body) {
  Value total = product(b, loc, basis);
  threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
    auto loop = scf::ForOp::create(b, loc, tid, total, threads.size(b, loc));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(b, delinearize(b, loc, loop.getInductionVar(), basis));
  });
  threads.barrier(b, loc);
}

/// Output-parallel with 128-bit accesses: thread t computes the groups of
/// `width` neighbouring outputs t, t + blockSize, ... (vectorWidth) with
/// vector loads and stores (aligned to their size) and the body applied to
/// vectors.
void meld::maptogpu::distributeVectorized(OpBuilder &b, linalg::GenericOp op,
                                          int64_t width,
                                          const Threads &threads) {
  Location loc = op.getLoc();
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  unsigned n = ranges.size();
  SmallVector<OpFoldResult> basis;
  for (const Range &r : ranges)
    basis.push_back(r.size);
  basis.back() = b.getIndexAttr(*getConstantIntValue(basis.back()) / width);
  Block *body = op.getBlock();
  auto alignOf = [&](Value buffer) {
    auto type = cast<MemRefType>(buffer.getType());
    return llvm::Align(width * type.getElementTypeBitWidth() / 8);
  };
  distributeRoundRobin(
      b, loc, basis, threads, [&](OpBuilder &b, SmallVector<Value> ivs) {
        ivs.back() = arith::MulIOp::create(
            b, loc, ivs.back(), arith::ConstantIndexOp::create(b, loc, width));
        auto vectorOf = [&](Type t) { return VectorType::get({width}, t); };
        IRMapping map;
        auto splat = [&](Value scalar) -> Value {
          return vector::BroadcastOp::create(b, loc, vectorOf(scalar.getType()),
                                             scalar);
        };
        for (OpOperand &operand : op->getOpOperands()) {
          BlockArgument arg = op.getMatchingBlockArgument(&operand);
          if (arg.use_empty())
            continue;
          Value source = operand.get();
          if (!isa<MemRefType>(source.getType())) {
            map.map(arg, splat(source));
            continue;
          }
          AffineMap indexing = op.getMatchingIndexingMap(&operand);
          SmallVector<Value> indices = applyIndexingMap(b, loc, indexing, ivs);
          if (indexing.isFunctionOfDim(n - 1))
            map.map(arg, vector::LoadOp::create(
                             b, loc, vectorOf(arg.getType()), source, indices,
                             /*nontemporal=*/false, alignOf(source)));
          else
            map.map(arg,
                    splat(memref::LoadOp::create(b, loc, source, indices)));
        }
        for (Operation &inst : body->without_terminator()) {
          OperationState state(inst.getLoc(), inst.getName());
          for (Value operand : inst.getOperands())
            state.addOperands(map.lookupOrNull(operand)
                                  ? map.lookup(operand)
                                  : splat(operand)); // defined outside the body
          state.propertiesAttr = inst.getPropertiesAsAttribute();
          state.addAttributes(llvm::to_vector(inst.getDiscardableAttrs()));
          state.addTypes(vectorOf(inst.getResult(0).getType()));
          map.map(inst.getResult(0), b.create(state)->getResult(0));
        }
        for (OpOperand &init : op.getDpsInitsMutable()) {
          Value yielded = body->getTerminator()->getOperand(
              init.getOperandNumber() - op.getNumDpsInputs());
          Value result =
              map.lookupOrNull(yielded) ? map.lookup(yielded) : splat(yielded);
          vector::StoreOp::create(
              b, loc, result, init.get(),
              applyIndexingMap(b, loc, op.getMatchingIndexingMap(&init), ivs),
              /*nontemporal=*/false, alignOf(init.get()));
        }
      });
}

/// Output-parallel: thread t computes the outputs t, t + blockSize, ... of
/// the flattened parallel iteration space, each as a 1-wide tile of `op`
/// (its reduction loops stay whole and sequential).
LogicalResult meld::maptogpu::distributeOutputs(OpBuilder &b,
                                                linalg::LinalgOp op,
                                                const Threads &threads) {
  Location loc = op.getLoc();
  SmallVector<Range> ranges = op.createLoopRanges(b, loc);
  SmallVector<unsigned> parallel;
  op.getParallelDims(parallel);
  SmallVector<OpFoldResult> basis;
  for (unsigned d : parallel)
    basis.push_back(ranges[d].size);
  LogicalResult result = success();
  distributeRoundRobin(
      b, loc, basis, threads, [&](OpBuilder &b, SmallVector<Value> ivs) {
        SmallVector<OpFoldResult> offsets(ranges.size(), b.getIndexAttr(0));
        SmallVector<OpFoldResult> sizes;
        for (const Range &r : ranges)
          sizes.push_back(r.size);
        for (auto [i, d] : llvm::enumerate(parallel)) {
          offsets[d] = ivs[i];
          sizes[d] = b.getIndexAttr(1);
        }
        if (failed(cast<TilingInterface>(op.getOperation())
                       .getTiledImplementation(b, offsets, sizes)))
          result = op.emitError("cannot split this op over GPU threads");
      });
  return result;
}

/// Cooperative reduction: for each output element of the block, all threads
/// fold strided shares of the reduced elements into partials, which are
/// then combined across the workgroup and folded into the output by
/// thread 0.
void meld::maptogpu::distributeReduction(OpBuilder &b, linalg::GenericOp op,
                                         Operation *combiner,
                                         const Threads &threads, Block &entry) {
  Location loc = op.getLoc();
  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  SmallVector<unsigned> parallel, reduction;
  op.getParallelDims(parallel);
  op.getReductionDims(reduction);
  SmallVector<OpFoldResult> pBasis, rBasis;
  for (unsigned d : parallel)
    pBasis.push_back(ranges[d].size);
  for (unsigned d : reduction)
    rBasis.push_back(ranges[d].size);
  Type accType = combiner->getResult(0).getType();
  TypedAttr neutralAttr = *arith::getNeutralElement(combiner);
  Block *body = op.getBlock();
  OpOperand *init = op.getDpsInitOperand(0);

  // Emulated partials live in one stack buffer for the whole kernel.
  Value partials;
  if (threads.emulate) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&entry);
    partials = memref::AllocaOp::create(
        b, loc, MemRefType::get({threads.blockSize}, accType));
  }

  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto outer = scf::ForOp::create(b, loc, zero, product(b, loc, pBasis), one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(outer.getBody()->getTerminator());
  SmallVector<Value> pIvs =
      delinearize(b, loc, outer.getInductionVar(), pBasis);
  Value neutral = arith::ConstantOp::create(b, loc, neutralAttr);

  // One thread's partial: the body run over elements tid, tid + blockSize,
  // ... of the flattened reduction space, starting from the neutral value.
  auto partialOf = [&](OpBuilder &b, Value tid) -> Value {
    auto inner = createLoop(b, loc, tid, product(b, loc, rBasis),
                            threads.size(b, loc), ValueRange{neutral});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(inner.getBody()->getTerminator());
    SmallVector<Value> rIvs =
        delinearize(b, loc, inner.getInductionVar(), rBasis);
    SmallVector<Value> ivs(ranges.size());
    for (auto [i, d] : llvm::enumerate(parallel))
      ivs[d] = pIvs[i];
    for (auto [i, d] : llvm::enumerate(reduction))
      ivs[d] = rIvs[i];
    IRMapping map;
    for (OpOperand *input : op.getDpsInputOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(input);
      if (!isa<MemRefType>(input->get().getType())) {
        map.map(arg, input->get());
        continue;
      }
      SmallVector<Value> indices =
          applyIndexingMap(b, loc, op.getMatchingIndexingMap(input), ivs);
      map.map(arg, memref::LoadOp::create(b, loc, input->get(), indices));
    }
    map.map(op.getMatchingBlockArgument(init), inner.getRegionIterArgs()[0]);
    for (Operation &inst : body->without_terminator()) {
      if (auto index = dyn_cast<linalg::IndexOp>(inst)) {
        map.map(index.getResult(), ivs[index.getDim()]);
        continue;
      }
      b.clone(inst, map);
    }
    Value next = map.lookup(body->getTerminator()->getOperand(0));
    inner.getBody()->getTerminator()->setOperands(next);
    return inner.getResult(0);
  };

  Value total;
  if (threads.emulate) {
    threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
      memref::StoreOp::create(b, loc, partialOf(b, tid), partials, tid);
    });
    auto fold = createLoop(b, loc, zero, threads.size(b, loc), one,
                           ValueRange{neutral});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(fold.getBody()->getTerminator());
      Value part =
          memref::LoadOp::create(b, loc, partials, fold.getInductionVar());
      fold.getBody()->getTerminator()->setOperands(
          combine(b, combiner, fold.getRegionIterArgs()[0], part));
    }
    total = fold.getResult(0);
  } else {
    Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value partial = partialOf(b, tid);
    auto allReduce =
        gpu::AllReduceOp::create(b, loc, partial, gpu::AllReduceOperationAttr(),
                                 /*uniform=*/true);
    Block *region =
        b.createBlock(&allReduce.getBody(), {}, {accType, accType}, {loc, loc});
    b.setInsertionPointToStart(region);
    gpu::YieldOp::create(
        b, loc,
        combine(b, combiner, region->getArgument(0), region->getArgument(1)));
    b.setInsertionPointAfter(allReduce);
    total = allReduce.getResult();
    // The lowering reuses one workgroup buffer for every all-reduce: no
    // thread may start the next one while another still reads this one.
    threads.barrier(b, loc);
  }

  // Thread 0 folds the block's total into the output element.
  SmallVector<Value> outIvs(ranges.size(), zero);
  for (auto [i, d] : llvm::enumerate(parallel))
    outIvs[d] = pIvs[i];
  auto store = [&](OpBuilder &b) {
    SmallVector<Value> indices =
        applyIndexingMap(b, loc, op.getMatchingIndexingMap(init), outIvs);
    Value old = memref::LoadOp::create(b, loc, init->get(), indices);
    memref::StoreOp::create(b, loc, combine(b, combiner, old, total),
                            init->get(), indices);
  };
  if (threads.emulate) {
    store(b);
    return;
  }
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid, zero);
  auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  store(b);
}

/// The largest value loop `dim` of `op` can take: the smallest constant
/// upper bound of the operand dimensions it indexes (a block's row count is
/// dynamic but at most rows-per-block); ShapedType::kDynamic if unbounded.
int64_t meld::maptogpu::loopUpperBound(linalg::LinalgOp op, unsigned dim) {
  int64_t best = ShapedType::kDynamic;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    for (auto [pos, expr] : llvm::enumerate(map.getResults())) {
      auto d = dyn_cast<AffineDimExpr>(expr);
      if (!d || d.getPosition() != dim)
        continue;
      FailureOr<int64_t> bound = ValueBoundsConstraintSet::computeConstantBound(
          presburger::BoundType::UB, {operand.get(), static_cast<int64_t>(pos)},
          /*stopCondition=*/nullptr, /*closedUB=*/true);
      if (succeeded(bound) && (ShapedType::isDynamic(best) || *bound < best))
        best = *bound;
    }
  }
  return best;
}

/// Whether `op` is better reduced by the whole workgroup than by one thread
/// per output: few outputs, many reduced elements each.
bool meld::maptogpu::prefersCooperativeReduction(linalg::GenericOp op,
                                                 int64_t blockSize) {
  int64_t outputs = 1, reduced = 1;
  for (auto [d, type] : llvm::enumerate(op.getIteratorTypesArray())) {
    int64_t bound = loopUpperBound(op, d);
    int64_t r = ShapedType::isDynamic(bound) ? 1024 : bound;
    (type == utils::IteratorType::parallel ? outputs : reduced) *= r;
  }
  return reduced >= blockSize / 4 && outputs <= 64;
}
