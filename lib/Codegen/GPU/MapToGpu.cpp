//===- MapToGpu.cpp - One GPU kernel per fused kernel ---------------------===//
//
// Turns each kernel function in buffer form (after meld-tile-host-blocks has
// split it into blocks of rows) into exactly one GPU kernel: one workgroup
// per block of rows, every linalg op of the block distributed over the
// workgroup's threads, intermediates in workgroup memory, and a barrier
// between ops. A fused kernel therefore stays one launch on the device,
// with its intermediates never touching global memory.
//
// Two ways to spread an op over threads:
//  - output-parallel: the op's parallel iterations are flattened and dealt
//    out round-robin (consecutive threads take consecutive elements of the
//    innermost dimension, so global accesses coalesce); each thread runs
//    the op's reduction loops, if any, for the elements it owns;
//  - cooperative reduction: for ops reducing many elements into few
//    outputs (the row statistics of softmax, LayerNorm, RMSNorm), every
//    thread folds a strided share of the reduced elements into a partial,
//    and `gpu.all_reduce` (upstream's lowering: subgroup shuffles, then a
//    workgroup-memory combine) joins the partials;
//  - tiled GEMM: for contractions, output tiles with a 4x4 register tile
//    of accumulators per thread, k slices staged in workgroup memory by
//    all threads between barriers, and the elementwise ops consuming the
//    result applied to the accumulators before the one store.
//
// With `emulate`, the same decomposition is emitted for the host: a loop
// over blocks, a loop over thread ids around every phase between barriers,
// and a serial combine of the partials in place of gpu.all_reduce. The
// compiled-code tests run that form against the reference interpreter, so
// the thread mapping is checked on real data on machines without a GPU.
//
// This file holds the pass and the kernel-level steps; the distribution of
// ops over threads is in MapToGpuDistribute.cpp, the tiled GEMMs in
// MapToGpuGemm.cpp (shared declarations: MapToGpuInternal.h).
//
//===----------------------------------------------------------------------===//

#include "GPU/MapToGpuInternal.h"

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

namespace meld {
#define GEN_PASS_DEF_MELDMAPTOGPU
#define GEN_PASS_DEF_MELDLOWERALLREDUCE
#define GEN_PASS_DEF_MELDFUSEELEMENTWISERECOMPUTE
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;
using namespace meld;
using namespace meld::maptogpu;

/// Computes kernel results in place: a buffer that is only copied into an
/// output argument nothing else touches (a result that is also used inside
/// the kernel, which bufferization computes into a fresh buffer) becomes
/// that output, so it needs no workgroup memory and no copy. The copy may
/// read the buffer through reshapes (a [S, N] intermediate stored as the
/// [1, S, N] output): the buffer becomes the output seen through the
/// inverse reshapes.
static void forwardCopiedResults(func::FuncOp func) {
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies) {
    auto output = dyn_cast<BlockArgument>(copy.getTarget());
    if (!output || output.getOwner() != &func.getBody().front() ||
        !output.hasOneUse() ||
        !cast<MemRefType>(output.getType()).getLayout().isIdentity())
      continue;
    // The reshapes between the buffer and the copy, outermost first.
    SmallVector<Operation *> views;
    Value source = copy.getSource();
    while (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
               source.getDefiningOp()) &&
           source.hasOneUse()) {
      views.push_back(source.getDefiningOp());
      source = source.getDefiningOp()->getOperand(0);
    }
    auto alloc = source.getDefiningOp<memref::AllocOp>();
    if (!alloc || !alloc.getType().getLayout().isIdentity() ||
        alloc->getBlock() != copy->getBlock() ||
        copy.getSource().getType() != output.getType() ||
        llvm::count_if(alloc->getUsers(), [](Operation *user) {
          return isa<memref::CopyOp>(user);
        }) != (views.empty() ? 1 : 0))
      continue;
    // The output seen as the buffer: each reshape undone, innermost last.
    OpBuilder b(alloc);
    Value replacement = output;
    for (Operation *view : views) {
      if (auto expand = dyn_cast<memref::ExpandShapeOp>(view))
        replacement = memref::CollapseShapeOp::create(
            b, view->getLoc(), replacement, expand.getReassociationIndices());
      else {
        auto collapse = cast<memref::CollapseShapeOp>(view);
        replacement = memref::ExpandShapeOp::create(
            b, view->getLoc(), collapse.getSrcType().getShape(), replacement,
            collapse.getReassociationIndices());
      }
    }
    if (replacement.getType() != alloc.getType())
      continue; // (a layout the reshapes do not give back)
    copy.erase();
    for (Operation *view : views)
      view->erase();
    alloc.replaceAllUsesWith(replacement);
    alloc.erase();
  }
}

/// A horizontal sub-kernel that is one elementwise op takes a workgroup per
/// this many elements per thread (16: four 128-bit f32 vectors), up to
/// kMaxWorkgroupsPerGroup workgroups.
static constexpr int64_t kElementsPerThreadInGroups = 16;
static constexpr int64_t kMaxWorkgroupsPerGroup = 256;
static constexpr llvm::StringLiteral kGroupFirstBlock = "meld.group_first_block";
static constexpr llvm::StringLiteral kGroupBlocks = "meld.group_blocks";

/// Whether `op` is an elementwise loop nest the sibling merge may take:
/// parallel loops over static extents, identity output maps, and a body
/// that reads no buffer of its own (a gather's loads).
static bool isMergeableElementwise(linalg::GenericOp op) {
  if (op.getNumLoops() == 0 || op.getNumReductionLoops() != 0 ||
      !op.hasPureBufferSemantics())
    return false;
  if (llvm::any_of(op.getStaticLoopRanges(), ShapedType::isDynamic))
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  WalkResult inner = op.getRegion().walk([](Operation *nested) {
    return llvm::any_of(nested->getOperandTypes(), llvm::IsaPred<MemRefType>)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return !inner.wasInterrupted();
}

/// Merges elementwise siblings into one op per element: ops of one block
/// over the same loop extents that read a buffer at the same element (the
/// identity map) become a single linalg.generic computing all their
/// results. Each element is then read before any result overwrites it,
/// which is what a donated argument (meld.donate, written in place of its
/// result) needs: an optimizer step's parameter update recomputes the new
/// moment from the donated moment, and as ops of their own on different
/// workgroups (dispatchGroupsByBlock) or across a barrier, one would read
/// what the other already overwrote. It also reads the shared inputs once.
/// Only groups whose results nothing else in the kernel touches, and whose
/// inputs nothing after the group's first op writes, merge (the merged op
/// takes the last one's place, where the checks above make it equivalent).
static void mergeElementwiseSiblings(func::FuncOp func, IRRewriter &rewriter) {
  SmallVector<linalg::GenericOp> ops;
  func.walk([&](linalg::GenericOp op) {
    if (isMergeableElementwise(op))
      ops.push_back(op);
  });
  llvm::EquivalenceClasses<unsigned> groups;
  llvm::DenseMap<std::pair<Block *, Value>, unsigned> firstReader;
  for (auto [i, op] : llvm::enumerate(ops)) {
    groups.insert(i);
    for (OpOperand *input : op.getDpsInputOperands()) {
      auto type = dyn_cast<MemRefType>(input->get().getType());
      if (!type || type.getRank() != static_cast<int64_t>(op.getNumLoops()) ||
          !op.getMatchingIndexingMap(input).isIdentity())
        continue;
      auto [it, inserted] = firstReader.try_emplace(
          {op->getBlock(), rootBuffer(input->get())}, i);
      if (!inserted && ops[it->second].getStaticLoopRanges() ==
                           op.getStaticLoopRanges())
        groups.unionSets(it->second, i);
    }
  }
  llvm::MapVector<unsigned, SmallVector<linalg::GenericOp>> classes;
  for (auto [i, op] : llvm::enumerate(ops))
    classes[groups.getLeaderValue(i)].push_back(op);
  for (auto &entry : classes) {
    SmallVector<linalg::GenericOp> &members = entry.second;
    if (members.size() < 2)
      continue;
    llvm::sort(members, [](linalg::GenericOp a, linalg::GenericOp b) {
      return a->isBeforeInBlock(b);
    });
    llvm::SmallPtrSet<Operation *, 8> inGroup;
    llvm::DenseSet<Value> written, read;
    for (linalg::GenericOp m : members) {
      inGroup.insert(m);
      for (Value init : m.getDpsInits())
        written.insert(rootBuffer(init));
      for (Value input : m.getDpsInputs())
        if (isa<MemRefType>(input.getType()))
          read.insert(rootBuffer(input));
    }
    // Nothing else touches a result, and nothing after the first member
    // writes an input (nor does a member write another's input).
    Operation *first = members.front();
    bool safe = llvm::none_of(written, [&](Value w) { return read.contains(w); });
    func.walk([&](Operation *other) {
      if (!safe || inGroup.contains(other) || isa<ViewLikeOpInterface>(other) ||
          other->getParentOfType<linalg::GenericOp>())
        return;
      auto dps = dyn_cast<DestinationStyleOpInterface>(other);
      for (OpOperand &use : other->getOpOperands()) {
        if (!isa<MemRefType>(use.get().getType()))
          continue;
        Value root = rootBuffer(use.get());
        bool writes = !dps || dps.isDpsInit(&use);
        if (written.contains(root) ||
            (writes && read.contains(root) &&
             (other->getBlock() != first->getBlock() ||
              first->isBeforeInBlock(other))))
          safe = false;
      }
    });
    if (!safe)
      continue;
    // Inputs read by several members at the same element are read once.
    SmallVector<Value> inputs, outputs;
    SmallVector<AffineMap> maps;
    llvm::DenseMap<std::pair<Value, AffineMap>, unsigned> inputIndex;
    SmallVector<SmallVector<unsigned>> argOf;
    for (linalg::GenericOp m : members) {
      SmallVector<unsigned> &mine = argOf.emplace_back();
      for (OpOperand *input : m.getDpsInputOperands()) {
        AffineMap map = m.getMatchingIndexingMap(input);
        auto [it, inserted] =
            inputIndex.try_emplace({input->get(), map}, inputs.size());
        if (inserted) {
          inputs.push_back(input->get());
          maps.push_back(map);
        }
        mine.push_back(it->second);
      }
    }
    for (linalg::GenericOp m : members) {
      llvm::append_range(outputs, m.getDpsInits());
      for (OpOperand &init : m.getDpsInitsMutable())
        maps.push_back(m.getMatchingIndexingMap(&init));
    }
    // At the last member: every member's operands are defined there (the
    // second half of a concatenation writes a view made after the first).
    rewriter.setInsertionPoint(members.back());
    linalg::GenericOp::create(
        rewriter, first->getLoc(), TypeRange(), inputs, outputs, maps,
        members.front().getIteratorTypesArray(),
        [&](OpBuilder &b, Location loc, ValueRange args) {
          SmallVector<Value> yields;
          size_t out = inputs.size();
          for (auto [m, mine] : llvm::zip(members, argOf)) {
            Block &body = m.getRegion().front();
            IRMapping map;
            for (auto [i, arg] : llvm::enumerate(mine))
              map.map(body.getArgument(i), args[arg]);
            for (unsigned i = 0; i < m.getNumDpsInits(); ++i)
              map.map(body.getArgument(m.getNumDpsInputs() + i), args[out++]);
            for (Operation &op : body.without_terminator())
              b.clone(op, map);
            for (Value y : body.getTerminator()->getOperands())
              yields.push_back(map.lookupOrDefault(y));
          }
          linalg::YieldOp::create(b, loc, yields);
        });
    for (linalg::GenericOp m : members)
      rewriter.eraseOp(m);
  }
}

/// A horizontal kernel's sub-kernels on workgroups of their own: the linalg
/// ops of an unsplit kernel fall into groups that share no buffer one of
/// them writes (inputs only read may be shared), and group `i` runs under
/// `scf.if (block == i)`, `block` being the kernel's first block-range
/// argument (the workgroup id once on the GPU). A group that is one large
/// elementwise op (an optimizer's parameter update) takes a range of
/// workgroups, one per `elementsPerWorkgroup` elements, and its op records
/// the range (kGroupFirstBlock, kGroupBlocks) for distributeOverThreads;
/// so does an unsplit kernel that is one such op (a donated update whose
/// ops merged, mergeElementwiseSiblings). Returns the workgroup count.
static int64_t dispatchGroupsByBlock(func::FuncOp func,
                                     int64_t elementsPerWorkgroup) {
  Block &entry = func.getBody().front();
  SmallVector<linalg::LinalgOp> ops;
  bool nested = false;
  func.walk([&](linalg::LinalgOp op) {
    if (op->getBlock() == &entry)
      ops.push_back(op);
    else
      nested = true;
  });
  if (nested || ops.empty())
    return 1;
  llvm::EquivalenceClasses<unsigned> groups;
  llvm::DenseMap<Value, SmallVector<unsigned>> users;
  for (auto [i, op] : llvm::enumerate(ops)) {
    groups.insert(i);
    for (Value operand : op->getOperands())
      if (isa<MemRefType>(operand.getType()))
        users[rootBuffer(operand)].push_back(i);
  }
  for (auto [i, op] : llvm::enumerate(ops))
    for (Value init : op.getDpsInits())
      for (unsigned j : users[rootBuffer(init)])
        groups.unionSets(i, j);
  // Groups in the order of their first op.
  llvm::DenseMap<unsigned, int64_t> groupIndex;
  SmallVector<int64_t> groupOf;
  for (unsigned i = 0; i < ops.size(); ++i) {
    unsigned leader = groups.getLeaderValue(i);
    auto [it, inserted] = groupIndex.try_emplace(leader, groupIndex.size());
    groupOf.push_back(it->second);
  }
  int64_t count = groupIndex.size();
  // Workgroups per group: several only for a lone elementwise op.
  SmallVector<int64_t> opsIn(count, 0), blocks(count, 1);
  for (int64_t g : groupOf)
    ++opsIn[g];
  for (auto [i, op] : llvm::enumerate(ops)) {
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (opsIn[groupOf[i]] != 1 || !generic || !isMergeableElementwise(generic))
      continue;
    int64_t elements = 1;
    for (int64_t extent : generic.getStaticLoopRanges())
      elements *= extent;
    blocks[groupOf[i]] =
        std::clamp<int64_t>(llvm::divideCeil(elements, elementsPerWorkgroup),
                            1, kMaxWorkgroupsPerGroup);
  }
  if (count == 1 && blocks.front() == 1)
    return 1;

  OpBuilder b(func.getContext());
  Location loc = func.getLoc();
  b.setInsertionPoint(entry.getTerminator());
  Value block = entry.getArgument(entry.getNumArguments() - 2);
  SmallVector<scf::IfOp> branches;
  SmallVector<int64_t> first;
  int64_t total = 0;
  for (int64_t g = 0; g < count; ++g) {
    first.push_back(total);
    Value begin = arith::ConstantIndexOp::create(b, loc, total);
    total += blocks[g];
    Value mine;
    if (blocks[g] == 1) {
      mine = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, block,
                                   begin);
    } else {
      Value end = arith::ConstantIndexOp::create(b, loc, total);
      mine = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, block,
                                begin),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, block,
                                end));
    }
    branches.push_back(scf::IfOp::create(b, loc, mine, false));
  }
  for (auto [i, op] : llvm::enumerate(ops)) {
    int64_t g = groupOf[i];
    op->moveBefore(branches[g].thenBlock()->getTerminator());
    if (blocks[g] > 1) {
      op->setAttr(kGroupFirstBlock, b.getI64IntegerAttr(first[g]));
      op->setAttr(kGroupBlocks, b.getI64IntegerAttr(blocks[g]));
    }
  }
  return total;
}

/// Distributes every linalg op of `func` over the threads of a workgroup.
static LogicalResult distributeOverThreads(func::FuncOp func,
                                           const Threads &threads) {
  IRRewriter rewriter(func.getContext());
  forwardCopiedResults(func);
  // Copies become linalg ops, and every linalg op a generic, so that one
  // distribution covers fills, transposes, matmuls and copies alike.
  SmallVector<memref::CopyOp> copies;
  func.walk([&](memref::CopyOp copy) { copies.push_back(copy); });
  for (memref::CopyOp copy : copies) {
    rewriter.setInsertionPoint(copy);
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
  }
  SmallVector<linalg::LinalgOp> named;
  func.walk([&](linalg::LinalgOp op) {
    if (!isa<linalg::GenericOp>(op))
      named.push_back(op);
  });
  for (linalg::LinalgOp op : named) {
    rewriter.setInsertionPoint(op);
    if (failed(linalg::generalizeNamedOp(rewriter, op)))
      return op.emitError("cannot generalize this op for GPU threads");
  }
  mergeElementwiseSiblings(func, rewriter);
  if (!func->hasAttr(kRowsPerBlockAttrName)) {
    int64_t groups = dispatchGroupsByBlock(
        func, threads.blockSize * kElementsPerThreadInGroups);
    if (groups > 1)
      func->setAttr(kGpuBlocksAttrName, rewriter.getI64IntegerAttr(groups));
  }

  SmallVector<linalg::GenericOp> ops;
  func.walk([&](linalg::GenericOp op) { ops.push_back(op); });
  for (linalg::GenericOp op : ops)
    if (!op.hasPureBufferSemantics())
      return op.emitError("expected a linalg op on buffers");
  tileContractions(func, threads);
  ops.clear();
  func.walk([&](linalg::GenericOp op) { ops.push_back(op); });
  for (linalg::GenericOp op : ops) {
    if (!op.hasPureBufferSemantics())
      return op.emitError("expected a linalg op on buffers");
    rewriter.setInsertionPoint(op);
    Operation *combiner = matchCombiner(op);
    if (combiner && prefersCooperativeReduction(op, threads.blockSize)) {
      distributeReduction(rewriter, op, combiner, threads,
                          func.getBody().front());
      threads.barrier(rewriter, op.getLoc());
    } else {
      // A sub-kernel over several workgroups numbers its threads across
      // them (dispatchGroupsByBlock).
      Threads spread = threads;
      if (auto blocks = op->getAttrOfType<IntegerAttr>(kGroupBlocks)) {
        Location loc = op.getLoc();
        Block &entry = func.getBody().front();
        Value block = entry.getArgument(entry.getNumArguments() - 2);
        Value first = arith::ConstantIndexOp::create(
            rewriter, loc,
            op->getAttrOfType<IntegerAttr>(kGroupFirstBlock).getInt());
        spread.workgroups = blocks.getInt();
        spread.firstThread = arith::MulIOp::create(
            rewriter, loc, arith::SubIOp::create(rewriter, loc, block, first),
            arith::ConstantIndexOp::create(rewriter, loc, threads.blockSize));
      }
      if (int64_t width = vectorWidth(op))
        distributeVectorized(rewriter, op, width, spread);
      else if (failed(distributeOutputs(rewriter, op, spread)))
        return failure();
    }
    rewriter.eraseOp(op);
  }
  // Loops that must run in order (meld.scatter's updates) run on thread 0,
  // after the other threads' writes and before their next reads.
  SmallVector<scf::ForOp> serial;
  func.walk([&](scf::ForOp loop) {
    if (loop->hasAttr(kSerialLoopAttrName))
      serial.push_back(loop);
  });
  for (scf::ForOp loop : serial) {
    if (loop->getNumResults())
      return loop.emitError("an in-order loop with results cannot run on "
                            "one GPU thread");
    Location loc = loop.getLoc();
    rewriter.setInsertionPoint(loop);
    threads.barrier(rewriter, loc);
    Operation *outer = nullptr;
    threads.forEach(rewriter, loc, [&](OpBuilder &b, Value tid) {
      Value first = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq, tid,
          arith::ConstantIndexOp::create(b, loc, 0));
      auto only = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
      loop->moveBefore(only.thenBlock()->getTerminator());
      outer = only;
    });
    if (threads.emulate)
      outer = outer->getParentOp(); // the loop over emulated threads
    rewriter.setInsertionPointAfter(outer);
    threads.barrier(rewriter, loc);
  }
  return success();
}

/// Checks that the ops a tiled kernel runs outside its block loop (once per
/// workgroup) write only workgroup-private intermediates: every workgroup
/// recomputes them, and a write to an output would race.
static LogicalResult checkPerBlockWrites(func::FuncOp func) {
  for (Operation &op : func.getBody().front()) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp)
      continue;
    for (Value out : linalgOp.getDpsInits()) {
      if (!rootBuffer(out).getDefiningOp<memref::AllocOp>())
        return op.emitError("writes a kernel output outside the kernel's "
                            "block loop; it cannot run as one GPU kernel");
    }
  }
  return success();
}

/// Whether `value` is `arg * step`: `arg` itself when `step` is 1, or an
/// arith.muli of `arg` and the constant `step` (then `*scale`).
static bool isScaled(Value value, Value arg, int64_t step, Operation *&scale) {
  scale = nullptr;
  if (value == arg)
    return step == 1;
  auto mul = value.getDefiningOp<arith::MulIOp>();
  if (!mul)
    return false;
  for (auto [x, c] : {std::pair(mul.getLhs(), mul.getRhs()),
                      std::pair(mul.getRhs(), mul.getLhs())})
    if (x == arg && getConstantIntValue(c) == step) {
      scale = mul;
      return true;
    }
  return false;
}

/// Makes the block loop of a pointwise kernel a grid-stride loop: the
/// kernel's block loop, `for r = begin * s to min(end * s, rows) step s`
/// (meld-tile-host-blocks), becomes `for r = begin * s to rows step s * G`
/// on a grid of G workgroups: `gpu.grid_dim` on a GPU, and emulated the
/// grid the launch metadata asks for, min(ceildiv(rows, s), limit). The
/// kernel is marked kGpuGridStrideAttrName = `limit`, so its grid is
/// capped at `limit` workgroups. Kernels of another shape are left alone
/// (one block per workgroup).
static void strideOverGrid(func::FuncOp func, int64_t limit, bool emulate) {
  auto kind = func->getAttrOfType<StringAttr>(kKernelAttrName);
  if (limit <= 0 || !kind || kind.getValue() != "pointwise" ||
      !func->hasAttr(kRowsPerBlockAttrName) ||
      func->hasAttr(kGpuBlocksAttrName) ||
      func->hasAttr(kGpuColumnBlocksAttrName))
    return;
  Block &entry = func.getBody().front();
  unsigned n = entry.getNumArguments();
  Value begin = entry.getArgument(n - 2), end = entry.getArgument(n - 1);
  auto loops = entry.getOps<scf::ForOp>();
  if (!llvm::hasSingleElement(loops))
    return;
  scf::ForOp loop = *loops.begin();
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  auto min = loop.getUpperBound().getDefiningOp<arith::MinSIOp>();
  Operation *beginScale = nullptr, *endScale = nullptr;
  if (!step || *step <= 0 || !min ||
      !isScaled(loop.getLowerBound(), begin, *step, beginScale))
    return;
  Value rows;
  for (auto [x, other] : {std::pair(min.getLhs(), min.getRhs()),
                          std::pair(min.getRhs(), min.getLhs())}) {
    Operation *scale = nullptr;
    if (!rows && isScaled(x, end, *step, scale) &&
        isa_and_nonnull<memref::DimOp, arith::ConstantOp>(
            other.getDefiningOp())) {
      rows = other;
      endScale = scale;
    }
  }
  if (!rows)
    return;
  // The block range reaches the body only through the loop's bounds.
  Operation *beginUser = beginScale ? beginScale : loop.getOperation();
  Operation *endUser = endScale ? endScale : min.getOperation();
  if (!llvm::all_of(begin.getUsers(),
                    [&](Operation *u) { return u == beginUser; }) ||
      !llvm::all_of(end.getUsers(),
                    [&](Operation *u) { return u == endUser; }) ||
      !min->hasOneUse() || (beginScale && !beginScale->hasOneUse()) ||
      (endScale && !endScale->hasOneUse()))
    return;

  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value grid;
  if (emulate) {
    Value blocks = arith::CeilDivSIOp::create(b, loc, rows, loop.getStep());
    grid = arith::MinSIOp::create(
        b, loc, blocks, arith::ConstantIndexOp::create(b, loc, limit));
  } else {
    grid = gpu::GridDimOp::create(b, loc, gpu::Dimension::x);
  }
  Value stride = arith::MulIOp::create(b, loc, loop.getStep(), grid);
  loop.getUpperBoundMutable().assign(rows);
  loop.getStepMutable().assign(stride);
  min.erase();
  if (endScale)
    endScale->erase();
  func->setAttr(kGpuGridStrideAttrName, b.getI64IntegerAttr(limit));
}

/// The emulated grid: a loop over blocks [begin, end), each running the
/// kernel body with the block range [b, b + 1).
static void wrapInBlockLoop(func::FuncOp func) {
  Block &entry = func.getBody().front();
  unsigned n = entry.getNumArguments();
  Value begin = entry.getArgument(n - 2), end = entry.getArgument(n - 1);
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(&entry);
  Location loc = func.getLoc();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(b, loc, begin, end, one);
  Block *body = loop.getBody();
  // Everything after the loop but the return and the emulated partials'
  // stack buffers moves into it.
  auto ops =
      llvm::make_range(std::next(loop->getIterator()), std::prev(entry.end()));
  for (Operation &op : llvm::make_early_inc_range(ops)) {
    if (isa<memref::AllocaOp>(op))
      op.moveBefore(loop);
    else
      op.moveBefore(body->getTerminator());
  }
  b.setInsertionPointToStart(body);
  Value next = arith::AddIOp::create(b, loc, loop.getInductionVar(), one);
  begin.replaceUsesWithIf(loop.getInductionVar(), [&](OpOperand &use) {
    return use.getOwner() != loop;
  });
  end.replaceUsesWithIf(next, [&](OpOperand &use) {
    return use.getOwner() != loop && use.getOwner() != next.getDefiningOp();
  });
}

/// The intermediates of `func` (its memref.allocs) and the bytes of
/// workgroup memory each takes: as large as its size can get (a block's
/// last rows may be fewer than rows-per-block). Fails, with an error
/// naming the kernel when `emitErrors`, when an intermediate is unbounded
/// or they need more than kWorkgroupMemoryLimit together.
static LogicalResult
workgroupIntermediates(func::FuncOp func, bool emitErrors,
                       SmallVectorImpl<memref::AllocOp> &allocs,
                       SmallVectorImpl<int64_t> &allocBytes) {
  func.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
  int64_t bytes = 0;
  for (memref::AllocOp alloc : allocs) {
    FailureOr<int64_t> size = workgroupBytes(alloc.getResult());
    if (failed(size)) {
      if (!emitErrors)
        return failure();
      return alloc.emitError("kernel '")
             << func.getSymName()
             << "' needs an intermediate buffer of unbounded size, which a "
                "GPU kernel cannot place in workgroup memory";
    }
    allocBytes.push_back(*size);
    bytes += *size;
  }
  if (bytes <= kWorkgroupMemoryLimit)
    return success();
  if (!emitErrors)
    return failure();
  return func.emitError("kernel '")
         << func.getSymName() << "' needs " << bytes
         << " bytes of workgroup memory for its intermediates, more than "
            "the "
         << kWorkgroupMemoryLimit << " a GPU kernel may use";
}

/// Moves `func` into `gpuModule` as a `gpu.func` kernel with the same
/// arguments but the block range, which becomes [block_id.x, block_id.x+1);
/// intermediates become workgroup attributions.
static LogicalResult moveToGpuFunc(func::FuncOp func,
                                   gpu::GPUModuleOp gpuModule,
                                   int64_t blockSize) {
  Location loc = func.getLoc();
  Block &entry = func.getBody().front();
  unsigned n = entry.getNumArguments();
  OpBuilder b(func.getContext());

  SmallVector<memref::AllocOp> allocs;
  SmallVector<int64_t> allocBytes;
  if (failed(workgroupIntermediates(func, /*emitErrors=*/true, allocs,
                                    allocBytes)))
    return failure();

  b.setInsertionPointToStart(&entry);
  Value block = gpu::BlockIdOp::create(b, loc, gpu::Dimension::x);
  Value next = arith::AddIOp::create(b, loc, block,
                                     arith::ConstantIndexOp::create(b, loc, 1));
  entry.getArgument(n - 2).replaceAllUsesWith(block);
  entry.getArgument(n - 1).replaceAllUsesWith(next);
  entry.eraseArguments(n - 2, 2);
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  b.setInsertionPoint(ret);
  gpu::ReturnOp::create(b, ret.getLoc());
  ret.erase();

  b.setInsertionPointToEnd(gpuModule.getBody());
  auto type =
      FunctionType::get(func.getContext(), entry.getArgumentTypes(), {});
  auto gpuFunc = gpu::GPUFuncOp::create(b, loc, func.getSymName(), type);
  gpuFunc->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), b.getUnitAttr());
  gpuFunc.setKnownBlockSize(
      ArrayRef<int32_t>{static_cast<int32_t>(blockSize), 1, 1});
  // How the kernel is split into workgroups, for the launch metadata
  // (kHostPartsAttrName: the blocks counted on an output other than the
  // first, the one whose computation holds the others').
  for (StringRef name : {kRowsPerBlockAttrName, kRowDimsAttrName,
                         kHostPartsAttrName, kGpuBlocksAttrName,
                         kGpuColumnBlocksAttrName, kGpuGridStrideAttrName})
    if (Attribute value = func->getAttr(name))
      gpuFunc->setAttr(name, value);
  gpuFunc.getBody().takeBody(func.getBody());

  // The constant buffers the kernel reads (bufferization's memref.global
  // of a dense constant, such as a max pool's -inf border) are copied into
  // the GPU module, where the kernel can reference them.
  auto host = gpuModule->getParentOfType<ModuleOp>();
  WalkResult globals = gpuFunc.walk([&](memref::GetGlobalOp get) {
    if (SymbolTable::lookupSymbolIn(gpuModule, get.getNameAttr()))
      return WalkResult::advance();
    auto global = dyn_cast_or_null<memref::GlobalOp>(
        SymbolTable::lookupSymbolIn(host, get.getNameAttr()));
    if (!global) {
      get.emitError("kernel '") << func.getSymName()
                                << "' reads a global that is not found";
      return WalkResult::interrupt();
    }
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(gpuModule.getBody());
    b.clone(*global);
    return WalkResult::advance();
  });
  if (globals.wasInterrupted())
    return failure();

  // Each intermediate is a byte buffer in workgroup memory, seen through
  // memref.view with the alloc's own (possibly dynamic) sizes.
  auto workgroup =
      gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
  for (auto [alloc, size] : llvm::zip(allocs, allocBytes)) {
    Location allocLoc = alloc.getLoc();
    Type i8 = b.getI8Type();
    BlockArgument buffer = gpuFunc.addWorkgroupAttribution(
        MemRefType::get({size}, i8, nullptr, workgroup), allocLoc);
    // Byte buffers holding wider elements: align them for 128-bit
    // accesses and tensor-core fragments (256-bit), or the shared
    // variables get alignment 1.
    gpuFunc.setWorkgroupAttributionAttr(
        gpuFunc.getNumWorkgroupAttributions() - 1,
        LLVM::LLVMDialect::getAlignAttrName(), b.getI64IntegerAttr(32));
    b.setInsertionPoint(alloc);
    Value flat = memref::MemorySpaceCastOp::create(
        b, allocLoc, MemRefType::get({size}, i8), buffer);
    Value zero = arith::ConstantIndexOp::create(b, allocLoc, 0);
    Value view = memref::ViewOp::create(b, allocLoc, alloc.getType(), flat,
                                        zero, alloc.getDynamicSizes());
    alloc.replaceAllUsesWith(view);
    alloc.erase();
  }
  func.erase();
  return success();
}

namespace {
struct MeldMapToGpuPass
    : public meld::impl::MeldMapToGpuBase<MeldMapToGpuPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Threads threads{emulate, blockSize, tensorCores && !emulate,
                    mfma,    mmaSync,   /*firstThread=*/Value(),
                    /*workgroups=*/1};
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func->hasAttr(kKernelAttrName) && !func.isExternal())
        kernels.push_back(func);
    for (func::FuncOp func : kernels) {
      if (func->hasAttr(kRowsPerBlockAttrName) &&
          failed(checkPerBlockWrites(func)))
        return signalPassFailure();
      if (failed(distributeOverThreads(func, threads)))
        return signalPassFailure();
      strideOverGrid(func, gridStrideLimit, emulate);
    }
    if (reportUnfit) {
      SmallVector<Attribute> unfit;
      for (func::FuncOp func : kernels) {
        SmallVector<memref::AllocOp> allocs;
        SmallVector<int64_t> allocBytes;
        if (failed(workgroupIntermediates(func, /*emitErrors=*/false, allocs,
                                          allocBytes)))
          unfit.push_back(func.getSymNameAttr());
      }
      module->setAttr(kGpuUnfitKernelsAttrName,
                      ArrayAttr::get(module.getContext(), unfit));
      return;
    }
    if (emulate) {
      for (func::FuncOp func : kernels)
        wrapInBlockLoop(func);
      return;
    }
    if (kernels.empty())
      return;
    OpBuilder b(module.getContext());
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    b.getUnitAttr());
    b.setInsertionPointToEnd(module.getBody());
    auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), moduleName);
    for (func::FuncOp func : kernels)
      if (failed(moveToGpuFunc(func, gpuModule, blockSize)))
        return signalPassFailure();
  }
};

/// Whether `value` is a kernel result, returned directly or through
/// reshapes (a kept-dims reduction's unit dim). The pass runs before
/// meld-kernel-to-dps, so results are still returned, not stored.
static bool isKernelResult(Value value) {
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(user))
      return isKernelResult(user->getResult(0));
    return isa<func::ReturnOp>(user);
  });
}

/// The most operations a fused body may hold when its producer is
/// recomputed (MeldFuseElementwiseRecomputePass).
static constexpr int64_t kMaxRecomputedOps = 64;

struct MeldFuseElementwiseRecomputePass
    : public meld::impl::MeldFuseElementwiseRecomputeBase<
          MeldFuseElementwiseRecomputePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Every elementwise producer fuses into every consumer, also when it
    // has other users: recomputing is cheaper than an intermediate buffer.
    // Not a producer that the kernel also returns into a reduction (a layer
    // norm's mean into its variance): the mean is computed anyway, and a
    // variance that reads it keeps the kernel's outputs in one chain, which
    // meld-tile-host-blocks needs to split the kernel into row blocks (with
    // the mean recomputed inside the variance, neither output's computation
    // held the other's, and GPT-2's layer-norm statistics ran as one
    // workgroup).
    //
    // A producer with other users is recomputed only while the fused body
    // stays within kMaxRecomputedOps operations: each fusion copies the
    // producer's body, so a chain whose every step feeds the next two (a
    // max pool's running maximum, read by the next maximum and by the next
    // index's select) doubled its body at every step and its compile never
    // ended. Past the bound the producer stays, as any unfused producer.
    linalg::populateElementwiseOpsFusionPatterns(patterns, [](OpOperand *use) {
      auto consumer = dyn_cast<linalg::LinalgOp>(use->getOwner());
      if (consumer && consumer.getNumReductionLoops() != 0 &&
          isKernelResult(use->get()))
        return false;
      auto producer = use->get().getDefiningOp<linalg::LinalgOp>();
      if (!consumer || !producer || producer->hasOneUse())
        return true;
      auto bodyOps = [](linalg::LinalgOp op) {
        return static_cast<int64_t>(op.getBlock()->getOperations().size());
      };
      return bodyOps(producer) + bodyOps(consumer) <= kMaxRecomputedOps;
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
    // A producer with checks (a division, a gather) is left behind by the
    // fusion; each consumer now checks what it reads.
    meld::eraseDeadCheckedOps(getOperation());
  }
};

struct MeldLowerAllReducePass
    : public meld::impl::MeldLowerAllReduceBase<MeldLowerAllReducePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
