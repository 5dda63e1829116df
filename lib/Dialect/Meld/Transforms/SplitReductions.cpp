//===- SplitReductions.cpp - Two-stage reductions for long extents --------===//
//
// A reduction kernel whose outputs are few and whose reduced extent is huge
// (a full sum, a mean loss, a sum over the rows of a tall matrix) has
// little or nothing to split into row blocks: the host runs it on one
// thread and a GPU on one workgroup. This pass splits such a kernel in two:
//
//  - a *partial* stage per meld.reduce: the leading dimension (which the
//    reduction must cover) is cut into C chunks by giving the reduced
//    operand and everything it is computed from the shape [C, S0/C, ...],
//    and the reduction keeps the chunk dimension, so the kernel writes C
//    partial results per output. Its leading output dimension is parallel
//    and the kernel carries `meld.split_partials`, so code generation gives
//    every chunk a block of its own (host threads, GPU workgroups);
//    A reduction of only the last dimension of few, very long rows (say
//    4 x 1M) is split along the rows instead: the operand [R..., N] is
//    viewed as [R*C, N/C] (a row-major reshape, so a view of the inputs),
//    and the partial stage is an ordinary row reduction of R*C rows;
//  - a *final* stage that reduces the partials over the chunk dimension and
//    runs whatever followed the reductions in the kernel (`/ n` of a mean, a
//    loss epilogue).
//
// Halves are accumulated in f32 in both stages and rounded once at the end,
// as a one-stage reduction does. A split reassociates float sums and
// products, so with strict floating point only integer reductions and
// float max/min (exact in any order) are split.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/Transforms/Fusion.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "meld-split-reductions"

namespace meld {
#define GEN_PASS_DEF_MELDSPLITREDUCTIONS
#include "meld/Dialect/Meld/Transforms/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;

/// Fewest chunks worth a second launch.
static constexpr int64_t kMinPartials = 8;
/// Fewest reduced elements per output in one chunk, so the partials are at
/// most 1/64 of the data read.
static constexpr int64_t kMinChunkExtent = 64;
/// Fewest elements one chunk reads, so a block does real work.
static constexpr int64_t kMinChunkElements = 4096;
/// Largest value (in elements) computed before the reductions that the
/// final stage may recompute from the kernel's inputs.
static constexpr int64_t kMaxRecomputedElements = 4096;

namespace {
struct SplitLimits {
  bool strictFp;
  int64_t minElements, maxOutputs, maxPartials;
};
} // namespace

/// Whether reassociating `reduce` gives bit-identical results.
static bool isExact(ReduceOp reduce) {
  Type elem = getElementTypeOrSelf(reduce.getOperand().getType());
  return !isa<FloatType>(elem) || reduce.getKind() == ReduceKind::max ||
         reduce.getKind() == ReduceKind::min;
}

namespace {
/// How one reduction is split: `chunks` chunks (0: not split), cut from the
/// leading dimension, or with `rows` from the last dimension of each row.
struct Split {
  int64_t chunks = 0;
  bool rows = false;
};
} // namespace

/// The chunks of a reduction of only the last dimension: each of the R rows
/// (the product of the other dimensions) is cut into C chunks of at least
/// kMinChunkElements, R*C at most max-partials and at least kMinPartials.
static Split chooseRowPartials(RankedTensorType type, const SplitLimits &limits,
                               StringRef &why) {
  int64_t n = type.getShape().back();
  int64_t rows = type.getNumElements() / n;
  int64_t bound = std::min(limits.maxPartials / rows, n / kMinChunkElements);
  for (int64_t c = bound; c >= 2 && rows * c >= kMinPartials; --c)
    if (n % c == 0)
      return {c, /*rows=*/true};
  why = "the rows are too many or too short to cut into chunks";
  return {};
}

/// How `reduce` is split; no chunks when it stays whole (the reason in
/// `why`).
static Split choosePartials(ReduceOp reduce, const SplitLimits &limits,
                            StringRef &why) {
  auto type = cast<RankedTensorType>(reduce.getOperand().getType());
  switch (reduce.getKind()) {
  case ReduceKind::sum:
  case ReduceKind::prod:
  case ReduceKind::max:
  case ReduceKind::min:
  case ReduceKind::mean:
    break;
  default:
    return why = "argmax/argmin are not split", Split();
  }
  if (limits.strictFp && !isExact(reduce))
    return why = "strict floating point keeps float sums in order", Split();
  if (!type.hasStaticShape() || type.getRank() == 0)
    return why = "dynamic or rank-0 operand", Split();
  bool lastOnly =
      reduce.getDims().size() == 1 && reduce.getDims()[0] == type.getRank() - 1;
  if (!llvm::is_contained(reduce.getDims(), 0) && !lastOnly)
    return why = "neither the leading nor only the last dimension is reduced",
           Split();
  int64_t extent = 1, outputs = 1;
  for (int64_t d = 0; d < type.getRank(); ++d)
    (llvm::is_contained(reduce.getDims(), d) ? extent : outputs) *=
        type.getDimSize(d);
  if (extent * outputs < limits.minElements)
    return why = "too few elements", Split();
  if (outputs > limits.maxOutputs)
    return why = "too many outputs", Split();
  if (!llvm::is_contained(reduce.getDims(), 0))
    return chooseRowPartials(type, limits, why);
  int64_t bound =
      std::min({limits.maxPartials, extent / kMinChunkExtent,
                extent * outputs / kMinChunkElements, type.getDimSize(0)});
  for (int64_t c = bound; c >= kMinPartials; --c)
    if (type.getDimSize(0) % c == 0)
      return {c, /*rows=*/false};
  return why = "the leading dimension has no suitable divisor", Split();
}

/// `type` with its leading dimension cut into [chunks, size / chunks].
static RankedTensorType splitLeading(RankedTensorType type, int64_t chunks,
                                     int64_t dim = 0) {
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] /= chunks;
  shape.insert(shape.begin() + dim, chunks);
  return RankedTensorType::get(shape, type.getElementType());
}

/// The shape a reduction's operand of type `full` is computed on in the
/// partial stage: [C, S0/C, ...], or for a row split [R*C, N/C].
static RankedTensorType splitShape(RankedTensorType full, Split split) {
  if (!split.rows)
    return splitLeading(full, split.chunks);
  int64_t n = full.getShape().back();
  return RankedTensorType::get(
      {full.getNumElements() / n * split.chunks, n / split.chunks},
      full.getElementType());
}

/// Ops of `body` (in order) that `roots` are computed from.
static SmallVector<Operation *> backwardSlice(Block &body, ValueRange roots) {
  llvm::SmallPtrSet<Operation *, 16> seen;
  SmallVector<Value> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != &body || !seen.insert(def).second)
      continue;
    llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ops;
  for (Operation &op : body)
    if (seen.contains(&op))
      ops.push_back(&op);
  return ops;
}

namespace {
/// Builds the partial stage of one reduction: the ops its operand is
/// computed from, recomputed on the split shape (splitShape) instead of the
/// full one.
class PartialBuilder {
public:
  PartialBuilder(OpBuilder &b, RankedTensorType full, Split split)
      : b(b), full(full), expanded(splitShape(full, split)),
        chunks(split.chunks), rows(split.rows) {}

  /// Clones `ops` (in order) into the insertion block; `inputs` maps the
  /// kernel's block arguments. Fails on an op that cannot be split.
  LogicalResult clone(ArrayRef<Operation *> ops, IRMapping &inputs) {
    plain = inputs;
    for (Operation *op : ops)
      if (failed(cloneOne(op)))
        return failure();
    return success();
  }

  /// `v` (of the full shape) on the split shape.
  Value split(Value v) {
    if (Value s = splitValues.lookup(v))
      return s;
    // A kernel input: a reshape, which code generation turns into a view.
    assert(isa<BlockArgument>(v) && "ops are cloned in order");
    Value s = ReshapeOp::create(b, v.getLoc(), withElement(v), plain.lookup(v),
                                ValueRange{});
    splitValues[v] = s;
    return s;
  }

private:
  RankedTensorType withElement(Value v) const {
    return RankedTensorType::get(expanded.getShape(),
                                 getElementTypeOrSelf(v.getType()));
  }
  bool isFull(Value v) const {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    return type && type.getShape() == full.getShape();
  }

  LogicalResult cloneOne(Operation *op) {
    bool fullResult =
        llvm::any_of(op->getResults(), [&](Value r) { return isFull(r); });
    if (!fullResult) {
      // Computed on other shapes (a bias vector, a scalar): as it is.
      // Reshaping or slicing a value of the full shape: not splittable.
      if (llvm::any_of(op->getOperands(), [&](Value v) { return isFull(v); }))
        return failure();
      b.clone(*op, plain);
      return success();
    }
    Location loc = op->getLoc();
    if (auto constant = dyn_cast<ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense)
        return failure();
      Value s = ConstantOp::create(
          b, loc, cast<ElementsAttr>(dense.reshape(withElement(constant))));
      splitValues[constant.getResult()] = s;
      return success();
    }
    if (auto bcast = dyn_cast<BroadcastInDimOp>(op))
      return cloneBroadcast(bcast);
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        !llvm::all_of(op->getOperands(), [&](Value v) { return isFull(v); }))
      return failure(); // iota, or an op that moves elements
    IRMapping map;
    for (Value v : op->getOperands())
      map.map(v, split(v));
    Operation *clone = b.clone(*op, map);
    clone->getResult(0).setType(withElement(op->getResult(0)));
    splitValues[op->getResult(0)] = clone->getResult(0);
    return success();
  }

  LogicalResult cloneBroadcast(BroadcastInDimOp op) {
    Value operand = op.getOperand();
    if (isFull(operand)) {
      // Same shape: dims are the identity, the broadcast a copy.
      splitValues[op.getResult()] = split(operand);
      return success();
    }
    auto type = cast<RankedTensorType>(operand.getType());
    Value source = plain.lookup(operand);
    if (rows) {
      // Rows of [R*C, N/C] mix the original rows: only a broadcast of one
      // element (a scalar) stays a broadcast.
      if (type.getNumElements() != 1)
        return failure();
      Location loc = op.getLoc();
      Value scalar = source;
      if (type.getRank() != 0)
        scalar = ReshapeOp::create(
            b, loc, RankedTensorType::get({}, type.getElementType()), source,
            ValueRange{});
      splitValues[op.getResult()] = BroadcastInDimOp::create(
          b, loc, withElement(op), scalar, ArrayRef<int64_t>{}, ValueRange{});
      return success();
    }
    SmallVector<int64_t> dims;
    for (auto [i, d] : llvm::enumerate(op.getDims())) {
      if (d != 0) {
        dims.push_back(d + 1);
        continue;
      }
      if (type.getDimSize(i) == 1) {
        dims.push_back(0); // broadcast along the chunks and within them
        continue;
      }
      // The operand runs along the split dimension: split it too.
      source = ReshapeOp::create(b, op.getLoc(), splitLeading(type, chunks, i),
                                 source, ValueRange{});
      dims.push_back(0);
      dims.push_back(1);
    }
    splitValues[op.getResult()] = BroadcastInDimOp::create(
        b, op.getLoc(), withElement(op), source, dims, ValueRange{});
    return success();
  }

  OpBuilder &b;
  RankedTensorType full, expanded;
  int64_t chunks;
  bool rows;
  IRMapping plain;
  llvm::DenseMap<Value, Value> splitValues;
};
} // namespace

/// The element type a reduction of `elem` accumulates in.
static Type accumulatorType(Type elem) {
  if (elem.isF16() || elem.isBF16())
    return Float32Type::get(elem.getContext());
  return elem;
}

/// Splits `kernel` into partial stages and a final stage; leaves it alone
/// (returning failure) when it does not qualify.
static LogicalResult splitKernel(KernelOp kernel, const SplitLimits &limits) {
  if (kernel.getKind() != FusionKind::reduction)
    return failure();
  for (Type t : kernel.getOperandTypes())
    if (!isa<RankedTensorType>(t) ||
        !cast<RankedTensorType>(t).hasStaticShape())
      return failure();
  Block &body = kernel.getBody().front();

  // Values computed from a reduction's result: the final stage.
  llvm::DenseSet<Value> afterReduce;
  SmallVector<ReduceOp> reduces;
  SmallVector<Operation *> finalOps;
  for (Operation &op : body.without_terminator()) {
    bool after = llvm::any_of(op.getOperands(),
                              [&](Value v) { return afterReduce.contains(v); });
    if (auto reduce = dyn_cast<ReduceOp>(op)) {
      if (after)
        return failure(); // a reduction of a reduction: three stages
      reduces.push_back(reduce);
    } else if (!after) {
      continue;
    } else {
      finalOps.push_back(&op);
    }
    afterReduce.insert(op.getResults().begin(), op.getResults().end());
  }
  auto yield = cast<YieldOp>(body.getTerminator());
  if (!llvm::all_of(yield.getValues(),
                    [&](Value v) { return afterReduce.contains(v); }))
    return failure(); // a value before the reductions leaves the kernel

  SmallVector<Split> partials;
  for (ReduceOp reduce : reduces) {
    StringRef why;
    partials.push_back(choosePartials(reduce, limits, why));
    if (!partials.back().chunks) {
      LLVM_DEBUG(llvm::dbgs()
                 << "not split (" << why << "): " << reduce << "\n");
      return failure();
    }
  }

  // What the final stage reads from before the reductions: kernel inputs,
  // and small values it recomputes.
  SmallVector<Value> outside;
  for (Operation *op : finalOps)
    for (Value v : op->getOperands())
      if (!afterReduce.contains(v))
        outside.push_back(v);
  SmallVector<Operation *> recomputed = backwardSlice(body, outside);
  for (Operation *op : recomputed)
    for (Value r : op->getResults())
      if (auto type = dyn_cast<RankedTensorType>(r.getType());
          !type || type.getNumElements() > kMaxRecomputedElements)
        return failure();

  OpBuilder b(kernel);
  Location loc = kernel.getLoc();
  SmallVector<KernelOp> built;
  auto giveUp = [&] {
    for (KernelOp k : llvm::reverse(built))
      k.erase();
    return failure();
  };
  auto usedInputs = [&](ArrayRef<Operation *> ops, ValueRange extra) {
    llvm::SmallSetVector<unsigned, 8> used;
    auto note = [&](Value v) {
      if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body)
        used.insert(arg.getArgNumber());
    };
    for (Operation *op : ops)
      for (Value v : op->getOperands())
        note(v);
    for (Value v : extra)
      note(v);
    SmallVector<unsigned> sorted(used.begin(), used.end());
    llvm::sort(sorted);
    return sorted;
  };

  // One partial stage per reduction.
  SmallVector<Value> partialResults;
  for (auto [reduce, how] : llvm::zip(reduces, partials)) {
    Value operand = reduce.getOperand();
    auto full = cast<RankedTensorType>(operand.getType());
    SmallVector<Operation *> slice = backwardSlice(body, operand);
    SmallVector<unsigned> args = usedInputs(slice, operand);
    Type acc = accumulatorType(full.getElementType());
    // Leading split: [C, kept dims...] over the chunk's part of S0 and the
    // other reduced dims; row split: one partial per row of [R*C, N/C].
    SmallVector<int64_t> kept, dims{1};
    if (how.rows) {
      kept.push_back(splitShape(full, how).getDimSize(0));
    } else {
      kept.push_back(how.chunks);
      for (int64_t d = 1; d < full.getRank(); ++d) {
        if (llvm::is_contained(reduce.getDims(), d))
          dims.push_back(d + 1);
        else
          kept.push_back(full.getDimSize(d));
      }
    }
    auto partialType = RankedTensorType::get(kept, acc);
    SmallVector<Value> inputs = llvm::map_to_vector(
        args, [&](unsigned i) { return kernel.getInputs()[i]; });
    auto partial = KernelOp::create(b, reduce.getLoc(), TypeRange{partialType},
                                    FusionKind::reduction, inputs);
    built.push_back(partial);
    partial->setAttr(kSplitPartialsAttrName, b.getUnitAttr());
    Block *partialBody = b.createBlock(&partial.getBody());
    IRMapping map;
    for (unsigned i : args)
      map.map(body.getArgument(i),
              partialBody->addArgument(body.getArgument(i).getType(),
                                       body.getArgument(i).getLoc()));
    PartialBuilder builder(b, full, how);
    if (failed(builder.clone(slice, map)))
      return giveUp();
    Value split = builder.split(operand);
    if (acc != full.getElementType())
      split = CastOp::create(
          b, reduce.getLoc(),
          RankedTensorType::get(
              cast<RankedTensorType>(split.getType()).getShape(), acc),
          split);
    ReduceKind kind = reduce.getKind() == ReduceKind::mean ? ReduceKind::sum
                                                           : reduce.getKind();
    Value result = ReduceOp::create(b, reduce.getLoc(), partialType, kind,
                                    split, dims, /*keep_dims=*/false);
    YieldOp::create(b, reduce.getLoc(), result);
    b.setInsertionPoint(kernel);
    partialResults.push_back(partial.getResult(0));
  }

  // The final stage: the partials reduced, then the kernel's epilogue.
  SmallVector<unsigned> args = usedInputs(finalOps, {});
  for (unsigned i : usedInputs(recomputed, {}))
    if (!llvm::is_contained(args, i))
      args.push_back(i);
  llvm::sort(args);
  SmallVector<Value> inputs(partialResults);
  for (unsigned i : args)
    inputs.push_back(kernel.getInputs()[i]);
  auto final = KernelOp::create(b, loc, kernel.getResultTypes(),
                                FusionKind::reduction, inputs);
  built.push_back(final);
  Block *finalBody = b.createBlock(&final.getBody());
  IRMapping map;
  SmallVector<Value> partialArgs;
  for (Value p : partialResults)
    partialArgs.push_back(finalBody->addArgument(p.getType(), p.getLoc()));
  for (unsigned i : args)
    map.map(body.getArgument(i),
            finalBody->addArgument(body.getArgument(i).getType(),
                                   body.getArgument(i).getLoc()));
  for (Operation *op : recomputed)
    b.clone(*op, map);
  for (auto [reduce, partial, how] :
       llvm::zip(reduces, partialArgs, partials)) {
    Location rloc = reduce.getLoc();
    auto full = cast<RankedTensorType>(reduce.getOperand().getType());
    auto partialType = cast<RankedTensorType>(partial.getType());
    Type accElem = partialType.getElementType();
    auto reducedType =
        RankedTensorType::get(partialType.getShape().drop_front(), accElem);
    int64_t chunkDim = 0;
    Value partials = partial;
    if (how.rows) {
      // [R*C] -> [R..., C], reduced over the chunks of each row.
      SmallVector<int64_t> byRow(full.getShape().drop_back());
      reducedType = RankedTensorType::get(byRow, accElem);
      byRow.push_back(how.chunks);
      chunkDim = byRow.size() - 1;
      partials =
          ReshapeOp::create(b, rloc, RankedTensorType::get(byRow, accElem),
                            partial, ValueRange{});
    }
    ReduceKind kind = reduce.getKind() == ReduceKind::mean ? ReduceKind::sum
                                                           : reduce.getKind();
    Value v = ReduceOp::create(b, rloc, reducedType, kind, partials,
                               ArrayRef<int64_t>{chunkDim},
                               /*keep_dims=*/false);
    if (reduce.getKind() == ReduceKind::mean) {
      int64_t count = 1;
      for (int64_t d : reduce.getDims())
        count *= full.getDimSize(d);
      auto countAttr = DenseElementsAttr::get(
          reducedType,
          b.getFloatAttr(reducedType.getElementType(), double(count)));
      v = DivOp::create(
          b, rloc, v,
          ConstantOp::create(b, rloc, cast<ElementsAttr>(countAttr)));
    }
    auto resultType = cast<RankedTensorType>(reduce.getType());
    if (reducedType.getElementType() != resultType.getElementType())
      v = CastOp::create(b, rloc,
                         RankedTensorType::get(reducedType.getShape(),
                                               resultType.getElementType()),
                         v);
    if (reduce.getKeepDims())
      v = ReshapeOp::create(b, rloc, resultType, v, ValueRange{});
    map.map(reduce.getResult(), v);
  }
  for (Operation *op : finalOps)
    b.clone(*op, map);
  YieldOp::create(b, yield.getLoc(),
                  llvm::map_to_vector(yield.getValues(),
                                      [&](Value v) { return map.lookup(v); }));
  kernel.replaceAllUsesWith(final.getResults());
  kernel.erase();
  return success();
}

namespace {
struct MeldSplitReductionsPass
    : public meld::impl::MeldSplitReductionsBase<MeldSplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (minElements < 1 || maxOutputs < 1 || maxPartials < kMinPartials) {
      getOperation().emitError()
          << "meld-split-reductions: min-elements and max-outputs must be "
             "positive and max-partials at least "
          << kMinPartials;
      return signalPassFailure();
    }
    SplitLimits limits{strictFp, minElements, maxOutputs, maxPartials};
    (void)forEachFusionBlock(getOperation(), [&](Block &block) {
      // Kernels of this block only; sub-kernels of a horizontal kernel
      // (this pass runs before meld-fuse-horizontal in the compiler) stay.
      for (auto kernel : llvm::make_early_inc_range(block.getOps<KernelOp>()))
        (void)splitKernel(kernel, limits);
      return success();
    });
  }
};
} // namespace
