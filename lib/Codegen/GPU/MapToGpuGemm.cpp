//===- MapToGpuGemm.cpp - Tiled GEMMs on GPU threads and matrix cores -----===//
//
// meld-map-to-gpu's mapping of contractions (MapToGpu.cpp has the pass):
// output tiles per workgroup with a 4x4 register tile of accumulators per
// thread, k slices staged in workgroup memory between barriers, and the
// elementwise epilogue applied to the accumulators before the one store;
// f16 GEMMs on NVIDIA tensor cores (gpu.subgroup_mma or nvgpu.mma.sync) or
// AMD matrix cores (amdgpu.mfma), emulated on the host like the rest.
//
//===----------------------------------------------------------------------===//

#include "GPU/MapToGpuInternal.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "meld-map-to-gpu"

using namespace mlir;
using namespace meld;
using namespace meld::maptogpu;

/// Outputs per thread along each of the two output dimensions of a tiled
/// contraction: every thread keeps a 4x4 register tile of accumulators.
static constexpr int64_t kMicroTile = 4;

/// The side of a gpu.subgroup_mma fragment (16x16x16 multiply-accumulate),
/// and the threads of a warp.
static constexpr int64_t kMmaSize = 16;

/// Threads of an AMD CDNA wavefront (wave64), the unit of amdgpu.mfma.
static constexpr int64_t kWavefrontSize = 64;

/// The 16x16 fragments of a 64x64 tile's rows one wavefront computes with
/// amdgpu.mfma.
static constexpr int64_t kMfmaFragments = 4;

/// The 16x8 fragments of its 16x32 part of a 64x64 tile one warp computes
/// with nvgpu.mma.sync (m16n8k16).
static constexpr int64_t kMmaSyncFragments = 4;

/// Whether `op`'s body is `out + a * b` in f16 with a and b its two
/// buffers: what a tensor core's f16 multiply-accumulate computes.
static bool isHalfMultiplyAccumulate(linalg::GenericOp op, OpOperand *lhs,
                                     OpOperand *rhs) {
  Block *body = op.getBlock();
  auto isF16 = [](Value v) { return v.getType().isF16(); };
  if (!llvm::hasNItems(body->without_terminator(), 2))
    return false;
  auto mul = dyn_cast<arith::MulFOp>(&body->front());
  auto add = dyn_cast<arith::AddFOp>(mul ? mul->getNextNode() : nullptr);
  if (!mul || !add || !isF16(mul.getResult()) ||
      body->getTerminator()->getOperand(0) != add.getResult())
    return false;
  Value a = op.getMatchingBlockArgument(lhs);
  Value b = op.getMatchingBlockArgument(rhs);
  Value out = op.getMatchingBlockArgument(op.getDpsInitOperand(0));
  bool multipliesInputs = (mul.getLhs() == a && mul.getRhs() == b) ||
                          (mul.getLhs() == b && mul.getRhs() == a);
  bool addsToOutput = (add.getLhs() == out && add.getRhs() == mul) ||
                      (add.getLhs() == mul && add.getRhs() == out);
  return multipliesInputs && addsToOutput && isF16(a) && isF16(b);
}

/// Whether `op` neither reads nor writes memory a kernel's ops share (index
/// arithmetic, views, constants, allocations).
static bool touchesNoBuffer(Operation *op) {
  return isMemoryEffectFree(op) || isa<memref::AllocOp, memref::AllocaOp>(op);
}

/// The next (previous) op of `op`'s block that touches a buffer.
static Operation *nextBufferOp(Operation *op, bool forward) {
  for (op = forward ? op->getNextNode() : op->getPrevNode(); op;
       op = forward ? op->getNextNode() : op->getPrevNode())
    if (!touchesNoBuffer(op))
      return op;
  return nullptr;
}

/// The dimension loop `dim` of `map` indexes, if it is one of its results.
static std::optional<unsigned> resultOfDim(AffineMap map, unsigned dim) {
  for (auto [pos, expr] : llvm::enumerate(map.getResults()))
    if (auto d = dyn_cast<AffineDimExpr>(expr); d && d.getPosition() == dim)
      return pos;
  return std::nullopt;
}

namespace {
/// A contraction computed as a tiled GEMM: the workgroup walks the output
/// in tiles of (4 threadRows) x (4 threadCols); k advances in slices of
/// `tileK` that all threads stage into workgroup memory together; each
/// thread accumulates its 4x4 outputs in registers and applies the
/// epilogue to them before the one store.
struct TiledContraction {
  linalg::GenericOp op;
  /// Loop dimensions: the batch (if any), the rows and columns of the
  /// output, the reduction.
  std::optional<unsigned> batch;
  unsigned m, n, k;
  /// The loop dimension of each output dimension, in order.
  SmallVector<unsigned> outDims;
  /// The operands indexed by (m, k) and (k, n), each perhaps by the batch.
  /// `rhs` is null when the body computes it (an implicit GEMM):
  /// `gathered` is then the value the body multiplies by, computed by
  /// `gatherOps` from the loop indices (never m's) and buffers outside.
  OpOperand *lhs, *rhs;
  Value gathered;
  SmallVector<Operation *> gatherOps;
  /// The value the output starts from when a fill writes it just before
  /// the contraction (the fill then disappears); null to read the output.
  Value initValue;
  linalg::GenericOp fill;
  /// Elementwise ops applied in registers, in order: each reads the
  /// previous one's result (the contraction's first), which no other op
  /// reads, so only the last one's result is stored.
  SmallVector<linalg::GenericOp> epilogue;
  int64_t threadRows, threadCols, tileK;
  /// Computed by warps with gpu.subgroup_mma fragments (kMmaSize cubes)
  /// instead of per-thread outer products; the tile is then 64x64.
  bool mma = false;

  int64_t tileRows() const { return kMicroTile * threadRows; }
  int64_t tileCols() const { return kMicroTile * threadCols; }
};
} // namespace

/// Bytes of workgroup memory `type` takes at its constant upper bound size
/// (`value` gives dynamic sizes their bounds), 16-byte aligned.
FailureOr<int64_t> meld::maptogpu::workgroupBytes(Value value) {
  auto type = cast<MemRefType>(value.getType());
  if (!type.getLayout().isIdentity())
    return failure();
  int64_t elements = 1;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    FailureOr<int64_t> bound =
        type.isDynamicDim(d) ? ValueBoundsConstraintSet::computeConstantBound(
                                   presburger::BoundType::UB, {value, d},
                                   /*stopCondition=*/nullptr, /*closedUB=*/true)
                             : FailureOr<int64_t>(type.getDimSize(d));
    if (failed(bound))
      return failure();
    elements *= std::max<int64_t>(*bound, 1);
  }
  return static_cast<int64_t>(llvm::alignTo(
      elements * llvm::divideCeil(type.getElementTypeBitWidth(), 8), 16));
}

/// The value a fill writes to every element: its scalar input or a value
/// from outside its body; null if `op` is not such a fill of all of `out`.
static Value fillValue(linalg::GenericOp op, Value out) {
  if (op.getNumDpsInits() != 1 || op.getDpsInitOperand(0)->get() != out ||
      op.getNumReductionLoops() != 0 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity() ||
      !llvm::hasSingleElement(*op.getBlock()))
    return nullptr;
  Value yielded = op.getBlock()->getTerminator()->getOperand(0);
  auto arg = dyn_cast<BlockArgument>(yielded);
  if (!arg)
    return yielded.getParentBlock() == op.getBlock() ? nullptr : yielded;
  if (arg.getOwner() != op.getBlock())
    return yielded;
  OpOperand &operand = op->getOpOperand(arg.getArgNumber());
  if (isa<ShapedType>(operand.get().getType()))
    return nullptr;
  return operand.get();
}

/// Whether `op` is elementwise over `result`'s iteration space and reads it
/// (only) with the identity map; its other buffers must not be `result`'s
/// nor, read differently from the way it is written, its own output's.
static bool isEpilogueOf(linalg::GenericOp op, Value result) {
  auto type = cast<MemRefType>(result.getType());
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 0 ||
      op.getNumLoops() != type.getRank())
    return false;
  OpOperand *init = op.getDpsInitOperand(0);
  AffineMap initMap = op.getMatchingIndexingMap(init);
  bool reads = false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (operand.get() == result) {
      if (!map.isIdentity())
        return false;
      reads |=
          op.isDpsInput(&operand) || op.payloadUsesValueFromOperand(&operand);
      continue;
    }
    Value root = rootBuffer(operand.get());
    if (root == rootBuffer(result) ||
        (&operand != init && root == rootBuffer(init->get()) &&
         (operand.get() != init->get() || map != initMap)))
      return false;
  }
  return reads;
}

/// Whether `result` is a workgroup-private intermediate that only `users`
/// touch (besides its deallocation).
static bool onlyUsedBy(Value result, ArrayRef<Operation *> users) {
  if (!result.getDefiningOp<memref::AllocOp>())
    return false;
  return llvm::all_of(result.getUsers(), [&](Operation *user) {
    return isa<memref::DeallocOp>(user) || llvm::is_contained(users, user);
  });
}

/// The element type of the (k, n) operand.
static Type rhsElementType(const TiledContraction &c) {
  return c.rhs ? getElementTypeOrSelf(c.rhs->get().getType())
               : c.gathered.getType();
}

/// The value the body of `op`, a contraction of one input buffer, multiplies
/// that input by when it computes it from loop indices and buffers outside
/// the op: a convolution's columns, gathered from its input (lowerConv's
/// implicit im2col). `ops` receives the body ops that compute it, which
/// must read memory only (loads, perhaps under an scf.if for the padding),
/// serve that value alone and not read loop `m`. Null if the body is not
/// such.
static Value gatheredOperand(linalg::GenericOp op, unsigned m,
                             SmallVectorImpl<Operation *> &ops) {
  Block *body = op.getBlock();
  llvm::SmallPtrSet<Operation *, 16> dependent;
  auto definedBy = [&](Value v) -> Operation * {
    Operation *def = v.getDefiningOp();
    return def && def->getBlock() == body ? def : nullptr;
  };
  auto readsBlockArgs = [&](Operation &inst) {
    bool reads = false;
    inst.walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        auto arg = dyn_cast<BlockArgument>(v);
        Operation *def = definedBy(v);
        reads |=
            (arg && arg.getOwner() == body) || (def && dependent.contains(def));
      }
    });
    return reads;
  };
  for (Operation &inst : body->without_terminator()) {
    if (readsBlockArgs(inst))
      dependent.insert(&inst);
    else
      ops.push_back(&inst);
  }
  Value gathered;
  for (Operation *inst : dependent) {
    bool other = false;
    inst->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        Operation *def = definedBy(v);
        if (!def || dependent.contains(def))
          continue;
        other |= gathered && gathered != v;
        gathered = v;
      }
    });
    if (other)
      return nullptr;
  }
  if (!gathered || !gathered.getType().isIntOrFloat())
    return nullptr;
  for (Operation *inst : ops) {
    bool bad = false;
    inst->walk([&](Operation *nested) {
      if (auto index = dyn_cast<linalg::IndexOp>(nested))
        bad |= index.getDim() == m;
      else if (!isa<memref::LoadOp>(nested) &&
               !nested->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
               !isMemoryEffectFree(nested))
        bad = true;
    });
    if (bad)
      return nullptr;
  }
  return gathered;
}

/// Whether the gathered operand of `c` reads `buffer`'s root.
static bool gathersFrom(const TiledContraction &c, Value buffer) {
  bool reads = false;
  for (Operation *inst : c.gatherOps)
    inst->walk([&](memref::LoadOp load) {
      reads |= rootBuffer(load.getMemRef()) == rootBuffer(buffer);
    });
  return reads;
}

/// Matches `op` as a contraction to tile, with its fill and epilogue;
/// `reason` says why not otherwise. `workgroupBytesLeft` is what the
/// kernel's intermediates leave of the workgroup-memory limit; it is
/// updated for the staging buffers and the intermediates the epilogue
/// makes unnecessary.
static FailureOr<TiledContraction>
matchTiledContraction(linalg::GenericOp op, const Threads &threads,
                      int64_t &workgroupBytesLeft, StringRef &reason) {
  auto fail = [&](StringRef why) {
    reason = why;
    return failure();
  };
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() != 1)
    return fail("not a contraction (one output, one reduction loop)");
  unsigned numParallel = op.getNumParallelLoops();
  if (numParallel != 2 && numParallel != 3)
    return fail("not 2 or 3 parallel loops (matmul, batch matmul)");
  bool readsIndices = !op.getBlock()->getOps<linalg::IndexOp>().empty();
  TiledContraction c;
  c.op = op;
  SmallVector<unsigned> reduction;
  op.getReductionDims(reduction);
  c.k = reduction.front();
  AffineMap initMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!initMap.isProjectedPermutation() ||
      initMap.getNumResults() != numParallel)
    return fail("the output is not indexed by the parallel loops");
  for (AffineExpr expr : initMap.getResults())
    c.outDims.push_back(cast<AffineDimExpr>(expr).getPosition());
  c.n = c.outDims.back();
  c.m = c.outDims[numParallel - 2];
  if (numParallel == 3)
    c.batch = c.outDims.front();

  SmallVector<OpOperand *> buffers;
  for (OpOperand *input : op.getDpsInputOperands())
    if (isa<ShapedType>(input->get().getType()))
      buffers.push_back(input);
  c.lhs = c.rhs = nullptr;
  if (readsIndices) {
    // An implicit GEMM: the body computes the (k, n) operand.
    if (buffers.size() != 1)
      return fail("the body reads loop indices");
    c.gathered = gatheredOperand(op, c.m, c.gatherOps);
    if (!c.gathered)
      return fail("the body reads loop indices, not only for an operand");
    AffineMap map = op.getMatchingIndexingMap(buffers.front());
    if (!map.isProjectedPermutation() || !resultOfDim(map, c.m) ||
        !resultOfDim(map, c.k) || resultOfDim(map, c.n))
      return fail("the input is not indexed by (m, k)");
    c.lhs = buffers.front();
  } else if (buffers.size() != 2) {
    return fail("not two input buffers");
  }
  for (OpOperand *input :
       c.gathered ? ArrayRef<OpOperand *>() : ArrayRef<OpOperand *>(buffers)) {
    AffineMap map = op.getMatchingIndexingMap(input);
    bool hasM = resultOfDim(map, c.m).has_value();
    bool hasN = resultOfDim(map, c.n).has_value();
    if (!map.isProjectedPermutation() || !resultOfDim(map, c.k) || hasM == hasN)
      return fail("an input is not indexed by (m, k) or (k, n)");
    (hasM ? c.lhs : c.rhs) = input;
  }
  if (!c.lhs || (!c.rhs && !c.gathered))
    return fail("the inputs are not one (m, k) and one (k, n) operand");
  Value result = op.getDpsInitOperand(0)->get();
  // Whether `buffer` is (the root of) an operand the tiles read.
  auto readByTiles = [&](Value buffer) {
    return rootBuffer(buffer) == rootBuffer(c.lhs->get()) ||
           (c.rhs && rootBuffer(buffer) == rootBuffer(c.rhs->get())) ||
           gathersFrom(c, buffer);
  };
  if (readByTiles(result))
    return fail("the output aliases an input");
  if (Operation *combiner = matchCombiner(op);
      combiner && prefersCooperativeReduction(op, threads.blockSize))
    return fail("few outputs, many reduced elements: a cooperative "
                "reduction");

  // The tile shape wasting the fewest threads on the edges of the output
  // (as large as a block's rows can get, and no larger than the buffers a
  // block's views are taken from; 1024 assumed where unbounded), square
  // when that is as good.
  auto bound = [&](unsigned dim) {
    int64_t b = loopUpperBound(op, dim);
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      std::optional<unsigned> pos =
          resultOfDim(op.getMatchingIndexingMap(&operand), dim);
      Value buffer = operand.get();
      while (auto view = buffer.getDefiningOp<memref::SubViewOp>()) {
        if (view.getSourceType().getRank() != view.getType().getRank())
          break;
        buffer = view.getSource();
      }
      auto type = cast<MemRefType>(buffer.getType());
      if (pos && !type.isDynamicDim(*pos) &&
          (ShapedType::isDynamic(b) || type.getDimSize(*pos) < b))
        b = type.getDimSize(*pos);
    }
    return ShapedType::isDynamic(b) ? int64_t(1024) : std::max<int64_t>(b, 1);
  };
  int64_t rows = bound(c.m), cols = bound(c.n), best = -1;
  for (int64_t threadRows : {16, 8, 4}) {
    if (threads.blockSize % threadRows != 0)
      continue;
    int64_t threadCols = threads.blockSize / threadRows;
    int64_t tiles = llvm::divideCeil(rows, kMicroTile * threadRows) *
                    llvm::divideCeil(cols, kMicroTile * threadCols);
    if (best < 0 || tiles < best) {
      best = tiles;
      c.threadRows = threadRows;
      c.threadCols = threadCols;
    }
  }
  if (best < 0)
    return fail("the workgroup size is not a multiple of 4 threads");
  c.tileK = c.threadRows == c.threadCols ? 16 : 8;

  // A fill of the whole output just before: the accumulators start from
  // its value.
  if (auto fill = dyn_cast_or_null<linalg::GenericOp>(
          nextBufferOp(op, /*forward=*/false))) {
    if (Value value = fillValue(fill, result)) {
      c.fill = fill;
      c.initValue = value;
    }
  }

  // Elementwise consumers of the result that nothing else reads.
  int64_t saved = 0;
  Operation *last = op;
  while (auto next =
             dyn_cast_or_null<linalg::GenericOp>(nextBufferOp(last, true))) {
    if (!isEpilogueOf(next, result))
      break;
    Value out = next.getDpsInitOperand(0)->get();
    // Tiles store their final values while other tiles still read the
    // operands.
    if (readByTiles(out))
      break;
    SmallVector<Operation *> users{op, next};
    if (c.fill && c.epilogue.empty())
      users.push_back(c.fill);
    if (!c.epilogue.empty())
      users.push_back(c.epilogue.back());
    if (out != result && !onlyUsedBy(result, users))
      break;
    if (out != result) {
      FailureOr<int64_t> bytes = workgroupBytes(result);
      saved += succeeded(bytes) ? *bytes : 0;
    }
    c.epilogue.push_back(next);
    result = out;
    last = next;
  }

  auto elementBytes = [](Type type) {
    return static_cast<int64_t>(
        llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
  };
  // Matrix cores: on NVIDIA 8 warps, each 16x32 of a 64x64 tile, on AMD 4
  // wavefronts, each 16x64 of it, on k slices of 16, starting from a fill's
  // value; the accumulators reach the epilogue through a workgroup-memory
  // tile.
  int64_t resultTile = 0;
  bool matrixCores = ((threads.tensorCores || threads.mmaSync) &&
                      threads.blockSize == 8 * kWarpSize) ||
                     (threads.mfma && threads.blockSize == 4 * kWavefrontSize);
  if (matrixCores && !c.batch && c.initValue && c.rhs &&
      isHalfMultiplyAccumulate(op, c.lhs, c.rhs)) {
    c.mma = true;
    c.threadRows = c.threadCols = 16;
    c.tileK = kMmaSize;
    resultTile = c.tileRows() * c.tileCols() * 2;
  }
  int64_t staging =
      llvm::alignTo(
          c.tileK * c.tileRows() *
              elementBytes(getElementTypeOrSelf(c.lhs->get().getType())),
          16) +
      llvm::alignTo(c.tileK * c.tileCols() * elementBytes(rhsElementType(c)),
                    16) +
      resultTile;
  if (staging > workgroupBytesLeft + saved)
    return fail("no room in workgroup memory for the staged slices");
  workgroupBytesLeft += saved - staging;
  return c;
}

/// A loop over [lower, upper) by `step` run by every thread alike (its
/// bounds are uniform), `body` given the induction variable.
static void uniformLoop(OpBuilder &b, Location loc, Value lower, Value upper,
                        Value step,
                        function_ref<void(OpBuilder &, Value)> body) {
  auto loop = scf::ForOp::create(b, loc, lower, upper, step);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(loop.getBody()->getTerminator());
  body(b, loop.getInductionVar());
}

/// Emits `c` in place of its ops: for every batch, row tile and column tile
/// of the output (only row tile `rowTile` and column tile `columnBlock` if
/// given), the k loop over
/// staged slices, then the epilogue on the accumulators and one store per
/// output. `entry` receives the staging buffers (and, emulated, the
/// per-thread accumulators).
static void emitTiledContraction(OpBuilder &b, const TiledContraction &c,
                                 const Threads &threads, Block &entry,
                                 Value rowTile, Value columnBlock) {
  linalg::GenericOp op = c.op;
  Location loc = op.getLoc();
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto lhsType = cast<MemRefType>(c.lhs->get().getType());
  OpOperand *init = op.getDpsInitOperand(0);
  Type accType = getElementTypeOrSelf(init->get().getType());
  int64_t tileM = c.tileRows(), tileN = c.tileCols(), tileK = c.tileK;
  constexpr int64_t kAccs = kMicroTile * kMicroTile;

  // Staging buffers [k][m] and [k][n] (workgroup memory once on the GPU),
  // and the emulated threads' accumulators, which outlive each phase.
  Value lhsTile, rhsTile, accs, resultTile;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&entry);
    auto alloc = [&](MemRefType type) -> Value {
      if (threads.emulate)
        return memref::AllocaOp::create(b, loc, type);
      return memref::AllocOp::create(b, loc, type);
    };
    lhsTile = alloc(MemRefType::get({tileK, tileM}, lhsType.getElementType()));
    rhsTile = alloc(MemRefType::get({tileK, tileN}, rhsElementType(c)));
    if (threads.emulate)
      accs = alloc(MemRefType::get({threads.blockSize, kAccs}, accType));
    if (c.mma)
      resultTile = alloc(MemRefType::get({tileM, tileN}, accType));
  }

  SmallVector<Range> ranges =
      cast<linalg::LinalgOp>(op.getOperation()).createLoopRanges(b, loc);
  auto extent = [&](unsigned dim) {
    return getValueOrCreateConstantIndexOp(b, loc, ranges[dim].size);
  };
  Value zero = cst(0), one = cst(1);
  Value sizeM = extent(c.m), sizeN = extent(c.n), sizeK = extent(c.k);
  Value sizeB = c.batch ? extent(*c.batch) : one;
  auto lessThan = [&](OpBuilder &b, Value lhs, Value rhs) -> Value {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lhs, rhs);
  };
  auto andOf = [&](OpBuilder &b, Value lhs, Value rhs) -> Value {
    return arith::AndIOp::create(b, loc, lhs, rhs);
  };
  auto add = [&](OpBuilder &b, Value lhs, Value rhs) -> Value {
    return arith::AddIOp::create(b, loc, lhs, rhs);
  };

  uniformLoop(b, loc, zero, sizeB, one, [&](OpBuilder &b, Value batch) {
    auto rowTiles = [&](OpBuilder &b, Value m0) {
      auto columnTile = [&](OpBuilder &b, Value n0) {
        // The loop indices of output (row, col).
        auto loopIndices = [&](Value row, Value col) {
          SmallVector<Value> ivs(op.getNumLoops(), zero);
          ivs[c.m] = row;
          ivs[c.n] = col;
          if (c.batch)
            ivs[*c.batch] = batch;
          return ivs;
        };
        // Thread `tid`'s register tile: rows ty, ty + threadRows, ...,
        // columns tx, tx + threadCols, ... of the tile, so neighbouring
        // threads store neighbouring columns and read neighbouring words
        // of the staged slices.
        auto position = [&](OpBuilder &b, Value tid, int64_t i, int64_t j) {
          Value tx = arith::RemUIOp::create(b, loc, tid, cst(c.threadCols));
          Value ty = arith::DivUIOp::create(b, loc, tid, cst(c.threadCols));
          Value r = add(b, ty, cst(i * c.threadRows));
          Value col = add(b, tx, cst(j * c.threadCols));
          return std::make_pair(r, col);
        };
        auto inOutput = [&](OpBuilder &b, Value row, Value col) {
          return andOf(b, lessThan(b, row, sizeM), lessThan(b, col, sizeN));
        };
        // The accumulators' initial values: the fill's, or the output's.
        auto initial = [&](OpBuilder &b, Value tid) {
          SmallVector<Value> values;
          for (int64_t a = 0; a < kAccs; ++a) {
            if (c.initValue) {
              values.push_back(c.initValue);
              continue;
            }
            auto [r, col] = position(b, tid, a / kMicroTile, a % kMicroTile);
            Value row = add(b, m0, r), column = add(b, n0, col);
            auto ifOp = scf::IfOp::create(
                b, loc, accType, inOutput(b, row, column), /*else=*/true);
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(ifOp.thenBlock());
            Value loaded = memref::LoadOp::create(
                b, loc, init->get(),
                applyIndexingMap(b, loc, op.getMatchingIndexingMap(init),
                                 loopIndices(row, column)));
            scf::YieldOp::create(b, loc, loaded);
            b.setInsertionPointToStart(ifOp.elseBlock());
            scf::YieldOp::create(
                b, loc,
                arith::ConstantOp::create(b, loc, b.getZeroAttr(accType))
                    .getResult());
            values.push_back(ifOp.getResult(0));
          }
          return values;
        };
        // Staging the slice k0 .. k0 + tileK of `operand` along `dim` (m or
        // n, from `x0`) into its tile, zero outside the operand, in two
        // halves: `fetch` loads thread tid's share of the slice (elements
        // tid, tid + blockSize, ... of the tile, consecutive threads taking
        // elements consecutive in the operand's innermost dimension, so the
        // global reads coalesce) and `deposit` stores it into the tile. On
        // the GPU the next slice is fetched while the current one is
        // multiplied, so the loads' latency hides behind the arithmetic.
        struct Share {
          OpOperand *operand;
          unsigned dim;
          Value x0, size, tile;
          int64_t width;
        };
        Share lhsShare{c.lhs, c.m, m0, sizeM, lhsTile, tileM};
        Share rhsShare{c.rhs, c.n, n0, sizeN, rhsTile, tileN};
        // Element i of thread tid's share: its position (kk, x) in the
        // tile, and whether it is inside the tile at all.
        // (A gathered operand is fetched along n: a convolution's
        // neighbouring pixels.)
        auto sharePosition = [&](OpBuilder &b, Value tid, const Share &s,
                                 int64_t i) {
          bool kInner =
              s.operand &&
              cast<AffineDimExpr>(
                  op.getMatchingIndexingMap(s.operand).getResults().back())
                      .getPosition() == c.k;
          Value l = add(b, tid, cst(i * threads.blockSize));
          Value inner = cst(kInner ? tileK : s.width);
          Value outerIdx = arith::DivUIOp::create(b, loc, l, inner);
          Value innerIdx = arith::RemUIOp::create(b, loc, l, inner);
          Value kk = kInner ? innerIdx : outerIdx;
          Value x = kInner ? outerIdx : innerIdx;
          Value inTile;
          if ((i + 1) * threads.blockSize > s.width * tileK)
            inTile = lessThan(b, l, cst(s.width * tileK));
          return std::make_tuple(kk, x, inTile);
        };
        auto shareSize = [&](const Share &s) {
          return llvm::divideCeilSigned(s.width * tileK, threads.blockSize);
        };
        auto fetch = [&](OpBuilder &b, Value tid, Value k0, const Share &s) {
          Type type = s.operand
                          ? getElementTypeOrSelf(s.operand->get().getType())
                          : c.gathered.getType();
          SmallVector<Value> values;
          for (int64_t i = 0; i < shareSize(s); ++i) {
            auto [kk, x, inTile] = sharePosition(b, tid, s, i);
            Value gk = add(b, k0, kk), gx = add(b, s.x0, x);
            Value inside =
                andOf(b, lessThan(b, gk, sizeK), lessThan(b, gx, s.size));
            if (inTile)
              inside = andOf(b, inside, inTile);
            auto ifOp = scf::IfOp::create(b, loc, type, inside,
                                          /*else=*/true);
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointToStart(ifOp.thenBlock());
            SmallVector<Value> ivs(op.getNumLoops(), zero);
            ivs[c.k] = gk;
            ivs[s.dim] = gx;
            if (c.batch)
              ivs[*c.batch] = batch;
            Value loaded;
            if (s.operand) {
              loaded = memref::LoadOp::create(
                  b, loc, s.operand->get(),
                  applyIndexingMap(b, loc, op.getMatchingIndexingMap(s.operand),
                                   ivs));
            } else {
              // The gathering ops at these loop indices.
              IRMapping map;
              for (Operation *inst : c.gatherOps) {
                if (auto index = dyn_cast<linalg::IndexOp>(inst))
                  map.map(index.getResult(), ivs[index.getDim()]);
                else
                  b.clone(*inst, map);
              }
              loaded = map.lookupOrDefault(c.gathered);
            }
            scf::YieldOp::create(b, loc, loaded);
            b.setInsertionPointToStart(ifOp.elseBlock());
            scf::YieldOp::create(
                b, loc,
                arith::ConstantOp::create(b, loc, b.getZeroAttr(type))
                    .getResult());
            values.push_back(ifOp.getResult(0));
          }
          return values;
        };
        auto deposit = [&](OpBuilder &b, Value tid, ValueRange values,
                           const Share &s) {
          for (auto [i, value] : llvm::enumerate(values)) {
            auto [kk, x, inTile] =
                sharePosition(b, tid, s, static_cast<int64_t>(i));
            OpBuilder::InsertionGuard guard(b);
            if (inTile) {
              auto ifOp = scf::IfOp::create(b, loc, inTile,
                                            /*withElseRegion=*/false);
              b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
            }
            memref::StoreOp::create(b, loc, value, s.tile, ValueRange{kk, x});
          }
        };
        auto fetchBoth = [&](OpBuilder &b, Value tid, Value k0) {
          SmallVector<Value> values = fetch(b, tid, k0, lhsShare);
          llvm::append_range(values, fetch(b, tid, k0, rhsShare));
          return values;
        };
        auto depositBoth = [&](OpBuilder &b, Value tid, ValueRange values) {
          int64_t lhsCount = shareSize(lhsShare);
          deposit(b, tid, values.take_front(lhsCount), lhsShare);
          deposit(b, tid, values.drop_front(lhsCount), rhsShare);
        };
        auto stageBoth = [&](OpBuilder &b, Value tid, Value k0) {
          depositBoth(b, tid, fetchBoth(b, tid, k0));
        };
        // The contraction's body on the staged slices, for the k steps of
        // this slice that are inside the operands: one outer product of
        // the thread's 4 rows and 4 columns per step.
        auto multiply = [&](OpBuilder &b, Value tid, Value k0,
                            ValueRange before) -> SmallVector<Value> {
          Value steps = arith::MinSIOp::create(
              b, loc, cst(tileK), arith::SubIOp::create(b, loc, sizeK, k0));
          auto loop = createLoop(b, loc, zero, steps, one, before);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(loop.getBody()->getTerminator());
          Value kk = loop.getInductionVar();
          SmallVector<Value> a, w;
          for (int64_t i = 0; i < kMicroTile; ++i) {
            auto [r, col] = position(b, tid, i, i);
            a.push_back(
                memref::LoadOp::create(b, loc, lhsTile, ValueRange{kk, r}));
            w.push_back(
                memref::LoadOp::create(b, loc, rhsTile, ValueRange{kk, col}));
          }
          Block *body = op.getBlock();
          SmallVector<Value> after;
          for (int64_t idx = 0; idx < kAccs; ++idx) {
            IRMapping map;
            for (OpOperand &operand : op->getOpOperands())
              map.map(op.getMatchingBlockArgument(&operand), operand.get());
            map.map(op.getMatchingBlockArgument(c.lhs), a[idx / kMicroTile]);
            if (c.rhs)
              map.map(op.getMatchingBlockArgument(c.rhs), w[idx % kMicroTile]);
            else
              map.map(c.gathered, w[idx % kMicroTile]);
            map.map(op.getMatchingBlockArgument(init),
                    loop.getRegionIterArgs()[idx]);
            for (Operation &inst : body->without_terminator())
              if (!llvm::is_contained(c.gatherOps, &inst))
                b.clone(inst, map);
            after.push_back(
                map.lookupOrDefault(body->getTerminator()->getOperand(0)));
          }
          loop.getBody()->getTerminator()->setOperands(after);
          return SmallVector<Value>(loop.getResults());
        };
        // The epilogue on the accumulators and one store per output.
        auto finish = [&](OpBuilder &b, Value tid, ValueRange values) {
          for (int64_t idx = 0; idx < kAccs; ++idx) {
            auto [r, col] =
                position(b, tid, idx / kMicroTile, idx % kMicroTile);
            Value row = add(b, m0, r), column = add(b, n0, col);
            auto ifOp = scf::IfOp::create(b, loc, inOutput(b, row, column),
                                          /*withElseRegion=*/false);
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
            SmallVector<Value> ivs = loopIndices(row, column);
            Value value = values[idx];
            Value target = init->get();
            AffineMap targetMap = op.getMatchingIndexingMap(init);
            for (linalg::GenericOp e : c.epilogue) {
              SmallVector<Value> eIvs;
              for (unsigned d : c.outDims)
                eIvs.push_back(ivs[d]);
              IRMapping map;
              for (OpOperand &operand : e->getOpOperands()) {
                BlockArgument arg = e.getMatchingBlockArgument(&operand);
                if (operand.get() == target)
                  map.map(arg, value);
                else if (!isa<ShapedType>(operand.get().getType()))
                  map.map(arg, operand.get());
                else if (!arg.use_empty())
                  map.map(arg,
                          memref::LoadOp::create(
                              b, loc, operand.get(),
                              applyIndexingMap(
                                  b, loc, e.getMatchingIndexingMap(&operand),
                                  eIvs)));
              }
              Block *body = e.getBlock();
              for (Operation &inst : body->without_terminator()) {
                if (auto index = dyn_cast<linalg::IndexOp>(inst)) {
                  map.map(index.getResult(), eIvs[index.getDim()]);
                  continue;
                }
                b.clone(inst, map);
              }
              value = map.lookupOrDefault(body->getTerminator()->getOperand(0));
              OpOperand *out = e.getDpsInitOperand(0);
              target = out->get();
              targetMap = e.getMatchingIndexingMap(out);
              ivs = eIvs;
            }
            memref::StoreOp::create(b, loc, value, target,
                                    applyIndexingMap(b, loc, targetMap, ivs));
          }
        };

        Value kStep = cst(tileK);
        // On the GPU: the k loop, carrying `accs` (updated by `step` from
        // the staged slice at k0) and the thread's share of the next
        // slice, fetched before the step and deposited after the barrier
        // that ends it, so the global loads are in flight while the
        // arithmetic runs. The barriers make a slice visible before it is
        // read and keep it until every thread has read it. Returns the
        // final accumulators.
        auto pipelinedKLoop =
            [&](OpBuilder &b, Value tid, SmallVector<Value> accs,
                function_ref<SmallVector<Value>(OpBuilder &, Value, ValueRange)>
                    step) {
              size_t numAccs = accs.size();
              llvm::append_range(accs, fetchBoth(b, tid, zero));
              auto kLoop = createLoop(b, loc, zero, sizeK, kStep, accs);
              OpBuilder::InsertionGuard guard(b);
              b.setInsertionPoint(kLoop.getBody()->getTerminator());
              Value k0 = kLoop.getInductionVar();
              ValueRange carried = kLoop.getRegionIterArgs();
              depositBoth(b, tid, carried.drop_front(numAccs));
              threads.barrier(b, loc);
              SmallVector<Value> prefetched =
                  fetchBoth(b, tid, add(b, k0, kStep));
              SmallVector<Value> next =
                  step(b, k0, carried.take_front(numAccs));
              threads.barrier(b, loc);
              llvm::append_range(next, prefetched);
              kLoop.getBody()->getTerminator()->setOperands(next);
              return SmallVector<Value>(kLoop.getResults().take_front(numAccs));
            };
        // The matrix cores' results, in the tile, to the threads that
        // apply the epilogue and store (the same outputs as without matrix
        // cores).
        auto finishFromResultTile = [&](OpBuilder &b, Value tid) {
          threads.barrier(b, loc);
          SmallVector<Value> values;
          for (int64_t idx = 0; idx < kAccs; ++idx) {
            auto [r, col] =
                position(b, tid, idx / kMicroTile, idx % kMicroTile);
            values.push_back(
                memref::LoadOp::create(b, loc, resultTile, ValueRange{r, col}));
          }
          finish(b, tid, values);
          // The tile is reused by the next output tile.
          threads.barrier(b, loc);
        };
        // A GEMM on matrix instructions whose operands every lane gathers
        // into registers from the staged slices (amdgpu.mfma,
        // nvgpu.mma.sync). On the GPU the registers are vectors carried by
        // the pipelined k loop; emulated, they are kept in memory
        // (laneA/laneB/laneAccs) and a phase computes what the instruction
        // computes from all lanes' registers, as its ISA documents it, so
        // the lanes' gathers and the result placement are checked against
        // the interpreter.
        using ElementFn = function_ref<Value(OpBuilder &, Value, int64_t)>;
        struct LaneRegisterGemm {
          /// Accumulator fragments per lane; A elements per lane and k step;
          /// B and accumulator elements per lane, fragment (and k step).
          int64_t fragments, aElements, bElements, accElements;
          /// The accumulators' initial value (of their element type).
          Value init;
          /// Element i of the lane's A operand at k step `ks`, of its B
          /// operand for fragment f, and where accumulator element i of
          /// fragment f goes in the result tile.
          function_ref<Value(OpBuilder &, Value, int64_t, int64_t)> aElement;
          function_ref<Value(OpBuilder &, Value, int64_t, int64_t, int64_t)>
              bElement;
          function_ref<std::pair<Value, Value>(OpBuilder &, Value, int64_t,
                                               int64_t)>
              resultAt;
          /// GPU: the accumulator vector type, the instruction on a lane's
          /// elements, and accumulator element i of a vector.
          Type accVectorType;
          function_ref<Value(OpBuilder &, ArrayRef<Value>, ArrayRef<Value>,
                             Value)>
              multiply;
          function_ref<Value(OpBuilder &, Value, int64_t)> accElement;
          /// Emulated: the new accumulator element i of lane `tid` from the
          /// old one, reading other lanes' A registers (lane, element) and
          /// B registers of the same fragment (lane, element).
          function_ref<Value(OpBuilder &, Value, int64_t, Value, ElementFn,
                             ElementFn)>
              emulate;
        };
        auto laneRegisterGemm = [&](const LaneRegisterGemm &g) {
          auto storeResult = [&](OpBuilder &b, Value tid, int64_t f, int64_t i,
                                 Value value) {
            auto [row, col] = g.resultAt(b, tid, f, i);
            if (value.getType() != accType)
              value = arith::TruncFOp::create(b, loc, accType, value);
            memref::StoreOp::create(b, loc, value, resultTile,
                                    ValueRange{row, col});
          };
          if (!threads.emulate) {
            Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
            Value initAcc =
                vector::BroadcastOp::create(b, loc, g.accVectorType, g.init);
            SmallVector<Value> fragments = pipelinedKLoop(
                b, tid, SmallVector<Value>(g.fragments, initAcc),
                [&](OpBuilder &b, Value, ValueRange accs) {
                  SmallVector<Value> next(accs);
                  for (int64_t ks = 0; ks < tileK; ks += kMmaSize) {
                    SmallVector<Value> a;
                    for (int64_t i = 0; i < g.aElements; ++i)
                      a.push_back(g.aElement(b, tid, ks, i));
                    for (int64_t f = 0; f < g.fragments; ++f) {
                      SmallVector<Value> w;
                      for (int64_t i = 0; i < g.bElements; ++i)
                        w.push_back(g.bElement(b, tid, ks, f, i));
                      next[f] = g.multiply(b, a, w, next[f]);
                    }
                  }
                  return next;
                });
            for (int64_t f = 0; f < g.fragments; ++f)
              for (int64_t i = 0; i < g.accElements; ++i)
                storeResult(b, tid, f, i, g.accElement(b, fragments[f], i));
          } else {
            // The lanes' registers, [thread][element] for A and
            // [thread][fragment][element] for B and the accumulators, at
            // the kernel's entry like the other scratch.
            Value laneA, laneB, laneAccs;
            {
              OpBuilder::InsertionGuard guard(b);
              b.setInsertionPointToStart(&entry);
              int64_t size = threads.blockSize;
              laneA = memref::AllocaOp::create(
                  b, loc, MemRefType::get({size, g.aElements}, accType));
              laneB = memref::AllocaOp::create(
                  b, loc,
                  MemRefType::get({size, g.fragments, g.bElements}, accType));
              laneAccs = memref::AllocaOp::create(
                  b, loc,
                  MemRefType::get({size, g.fragments, g.accElements},
                                  g.init.getType()));
            }
            auto regAt = [&](Value tid, int64_t f, int64_t i) {
              return SmallVector<Value>{tid, cst(f), cst(i)};
            };
            threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
              for (int64_t f = 0; f < g.fragments; ++f)
                for (int64_t i = 0; i < g.accElements; ++i)
                  memref::StoreOp::create(b, loc, g.init, laneAccs,
                                          regAt(tid, f, i));
            });
            uniformLoop(
                b, loc, zero, sizeK, kStep, [&](OpBuilder &b, Value k0) {
                  threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
                    stageBoth(b, tid, k0);
                  });
                  for (int64_t ks = 0; ks < tileK; ks += kMmaSize) {
                    threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
                      for (int64_t i = 0; i < g.aElements; ++i)
                        memref::StoreOp::create(b, loc,
                                                g.aElement(b, tid, ks, i),
                                                laneA, ValueRange{tid, cst(i)});
                      for (int64_t f = 0; f < g.fragments; ++f)
                        for (int64_t i = 0; i < g.bElements; ++i)
                          memref::StoreOp::create(b, loc,
                                                  g.bElement(b, tid, ks, f, i),
                                                  laneB, regAt(tid, f, i));
                    });
                    threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
                      for (int64_t f = 0; f < g.fragments; ++f) {
                        auto readA = [&](OpBuilder &b, Value lane,
                                         int64_t e) -> Value {
                          return memref::LoadOp::create(
                              b, loc, laneA, ValueRange{lane, cst(e)});
                        };
                        auto readB = [&](OpBuilder &b, Value lane,
                                         int64_t e) -> Value {
                          return memref::LoadOp::create(b, loc, laneB,
                                                        regAt(lane, f, e));
                        };
                        for (int64_t i = 0; i < g.accElements; ++i) {
                          Value acc = memref::LoadOp::create(b, loc, laneAccs,
                                                             regAt(tid, f, i));
                          memref::StoreOp::create(
                              b, loc, g.emulate(b, tid, i, acc, readA, readB),
                              laneAccs, regAt(tid, f, i));
                        }
                      }
                    });
                  }
                });
            threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
              for (int64_t f = 0; f < g.fragments; ++f)
                for (int64_t i = 0; i < g.accElements; ++i)
                  storeResult(b, tid, f, i,
                              memref::LoadOp::create(b, loc, laneAccs,
                                                     regAt(tid, f, i)));
            });
          }
          threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
            finishFromResultTile(b, tid);
          });
        };
        // One term of an emulated multiply-accumulate, in f32.
        Type f32 = b.getF32Type();
        auto product = [&](OpBuilder &b, Value a, Value w) -> Value {
          return arith::MulFOp::create(b, loc,
                                       arith::ExtFOp::create(b, loc, f32, a),
                                       arith::ExtFOp::create(b, loc, f32, w));
        };
        if (c.mma && threads.mmaSync) {
          // Warp w computes rows 16 (w / 2) .. + 16 and columns 32 (w % 2)
          // .. + 32 of the tile as four 16x8 fragments (columns 8 f .. + 8)
          // with mma.sync m16n8k16 (f16 accumulators, as the contraction's
          // f16 sum). Lane l, with g = l / 4 and t = l % 4, holds (PTX ISA,
          // mma.m16n8k16 fragments): A elements i < 8 at row
          // g + 8 ((i / 2) % 2), k 2 t + i % 2 + 8 (i / 4), as registers of
          // two; B elements i < 4 at k 2 t + i % 2 + 8 (i / 2), column g;
          // accumulator elements i < 4 at row g + 8 (i / 2), column
          // 2 t + i % 2.
          struct Lane {
            /// The warp's first thread, the warp's tile offsets, g and 2 t.
            Value base, rowOffset, colOffset, group, pair;
          };
          auto laneOf = [&](OpBuilder &b, Value tid) {
            Value warp = arith::DivUIOp::create(b, loc, tid, cst(kWarpSize));
            Value lane = arith::RemUIOp::create(b, loc, tid, cst(kWarpSize));
            return Lane{
                arith::SubIOp::create(b, loc, tid, lane),
                arith::MulIOp::create(
                    b, loc, arith::DivUIOp::create(b, loc, warp, cst(2)),
                    cst(kMmaSize)),
                arith::MulIOp::create(
                    b, loc, arith::RemUIOp::create(b, loc, warp, cst(2)),
                    cst(2 * kMmaSize)),
                arith::DivUIOp::create(b, loc, lane, cst(4)),
                arith::MulIOp::create(
                    b, loc, arith::RemUIOp::create(b, loc, lane, cst(4)),
                    cst(2))};
          };
          auto registers = [&](OpBuilder &b, ArrayRef<Value> elements) {
            auto type = VectorType::get(
                {static_cast<int64_t>(elements.size()) / 2, 2}, accType);
            return vector::FromElementsOp::create(b, loc, type, elements)
                .getResult();
          };
          laneRegisterGemm(LaneRegisterGemm{
              kMmaSyncFragments, 8, 4, 4, c.initValue,
              [&](OpBuilder &b, Value tid, int64_t ks, int64_t i) -> Value {
                Lane l = laneOf(b, tid);
                Value row = add(b, l.group, cst(8 * ((i / 2) % 2)));
                Value k = add(b, l.pair, cst(ks + i % 2 + 8 * (i / 4)));
                return memref::LoadOp::create(
                    b, loc, lhsTile, ValueRange{k, add(b, l.rowOffset, row)});
              },
              [&](OpBuilder &b, Value tid, int64_t ks, int64_t f,
                  int64_t i) -> Value {
                Lane l = laneOf(b, tid);
                Value k = add(b, l.pair, cst(ks + i % 2 + 8 * (i / 2)));
                Value column = add(b, l.colOffset, add(b, l.group, cst(8 * f)));
                return memref::LoadOp::create(b, loc, rhsTile,
                                              ValueRange{k, column});
              },
              [&](OpBuilder &b, Value tid, int64_t f, int64_t i) {
                Lane l = laneOf(b, tid);
                return std::pair<Value, Value>{
                    add(b, l.rowOffset, add(b, l.group, cst(8 * (i / 2)))),
                    add(b, l.colOffset, add(b, l.pair, cst(8 * f + i % 2)))};
              },
              VectorType::get({2, 2}, accType),
              [&](OpBuilder &b, ArrayRef<Value> a, ArrayRef<Value> w,
                  Value acc) -> Value {
                return nvgpu::MmaSyncOp::create(b, loc, registers(b, a),
                                                registers(b, w), acc,
                                                ArrayRef<int64_t>{16, 8, 16});
              },
              [&](OpBuilder &b, Value acc, int64_t i) -> Value {
                return vector::ExtractOp::create(
                    b, loc, acc, ArrayRef<int64_t>{i / 2, i % 2});
              },
              // Accumulator element i of lane l (row r = l / 4 + 8 (i / 2),
              // column c = 2 (l % 4) + i % 2) becomes, rounded to f16,
              // itself plus sum_k A(r, k) B(k, c), where lane
              // 4 (r % 8) + (k % 8) / 2 holds A(r, k) as element
              // k % 2 + 2 (r / 8) + 4 (k / 8), and lane 4 c + (k % 8) / 2
              // holds B(k, c) as element k % 2 + 2 (k / 8).
              [&](OpBuilder &b, Value tid, int64_t i, Value acc,
                  ElementFn readA, ElementFn readB) -> Value {
                Lane l = laneOf(b, tid);
                Value col = add(b, l.pair, cst(i % 2));
                Value sum = arith::ExtFOp::create(b, loc, f32, acc);
                for (int64_t k = 0; k < kMmaSize; ++k) {
                  Value aLane =
                      add(b, l.base,
                          add(b, arith::MulIOp::create(b, loc, l.group, cst(4)),
                              cst((k % 8) / 2)));
                  Value bLane =
                      add(b, l.base,
                          add(b, arith::MulIOp::create(b, loc, col, cst(4)),
                              cst((k % 8) / 2)));
                  Value a = readA(b, aLane, k % 2 + 2 * (i / 2) + 4 * (k / 8));
                  Value w = readB(b, bLane, k % 2 + 2 * (k / 8));
                  sum = arith::AddFOp::create(b, loc, sum, product(b, a, w));
                }
                return arith::TruncFOp::create(b, loc, accType, sum);
              }});
          return;
        }
        if (c.mma && threads.mfma) {
          // Wavefront w computes rows 16 w .. + 16 of the tile as four
          // 16x16 fragments (columns 16 f .. + 16) with
          // v_mfma_f32_16x16x16f16, accumulating in f32. Lane l holds, of
          // each 16x16x16 step (AMD CDNA3 ISA, matrix layouts): of A, row
          // l % 16 at k 4 (l / 16) + i; of B, column l % 16 at k
          // 4 (l / 16) + i; of the accumulator, row 4 (l / 16) + i and
          // column l % 16 (i < 4).
          struct Lane {
            /// The wavefront's first thread, its rows' offset, l % 16 and
            /// 4 (l / 16).
            Value base, rowOffset, column, k;
          };
          auto laneOf = [&](OpBuilder &b, Value tid) {
            Value wave =
                arith::DivUIOp::create(b, loc, tid, cst(kWavefrontSize));
            Value lane =
                arith::RemUIOp::create(b, loc, tid, cst(kWavefrontSize));
            return Lane{arith::SubIOp::create(b, loc, tid, lane),
                        arith::MulIOp::create(b, loc, wave, cst(kMmaSize)),
                        arith::RemUIOp::create(b, loc, lane, cst(kMmaSize)),
                        arith::MulIOp::create(
                            b, loc,
                            arith::DivUIOp::create(b, loc, lane, cst(kMmaSize)),
                            cst(4))};
          };
          auto operandType = VectorType::get({4}, accType);
          auto f32x4 = VectorType::get({4}, f32);
          laneRegisterGemm(LaneRegisterGemm{
              kMfmaFragments, 4, 4, 4,
              arith::ExtFOp::create(b, loc, f32, c.initValue),
              [&](OpBuilder &b, Value tid, int64_t ks, int64_t i) -> Value {
                Lane l = laneOf(b, tid);
                return memref::LoadOp::create(
                    b, loc, lhsTile,
                    ValueRange{add(b, l.k, cst(ks + i)),
                               add(b, l.rowOffset, l.column)});
              },
              [&](OpBuilder &b, Value tid, int64_t ks, int64_t f,
                  int64_t i) -> Value {
                Lane l = laneOf(b, tid);
                return memref::LoadOp::create(
                    b, loc, rhsTile,
                    ValueRange{add(b, l.k, cst(ks + i)),
                               add(b, l.column, cst(f * kMmaSize))});
              },
              [&](OpBuilder &b, Value tid, int64_t f, int64_t i) {
                Lane l = laneOf(b, tid);
                return std::pair<Value, Value>{
                    add(b, l.rowOffset, add(b, l.k, cst(i))),
                    add(b, l.column, cst(f * kMmaSize))};
              },
              f32x4,
              [&](OpBuilder &b, ArrayRef<Value> a, ArrayRef<Value> w,
                  Value acc) -> Value {
                auto vectorOf = [&](ArrayRef<Value> elements) {
                  return vector::FromElementsOp::create(b, loc, operandType,
                                                        elements)
                      .getResult();
                };
                return amdgpu::MFMAOp::create(b, loc, f32x4, kMmaSize, kMmaSize,
                                              kMmaSize, /*blocks=*/1,
                                              vectorOf(a), vectorOf(w), acc);
              },
              [&](OpBuilder &b, Value acc, int64_t i) -> Value {
                return vector::ExtractOp::create(b, loc, acc, i);
              },
              // Accumulator element i of lane l (row r = 4 (l / 16) + i,
              // column c = l % 16) gains sum_k A(r, k) B(k, c), where lane
              // r + 16 (k / 4) holds A(r, k) and lane c + 16 (k / 4) holds
              // B(k, c), as element k % 4.
              [&](OpBuilder &b, Value tid, int64_t i, Value acc,
                  ElementFn readA, ElementFn readB) -> Value {
                Lane l = laneOf(b, tid);
                Value row = add(b, l.k, cst(i));
                Value sum = acc;
                for (int64_t k = 0; k < kMmaSize; ++k) {
                  Value group = cst(kMmaSize * (k / 4));
                  Value a = readA(b, add(b, l.base, add(b, row, group)), k % 4);
                  Value w =
                      readB(b, add(b, l.base, add(b, l.column, group)), k % 4);
                  sum = arith::AddFOp::create(b, loc, sum, product(b, a, w));
                }
                return sum;
              }});
          return;
        }
        if (c.mma && !threads.emulate) {
          // Warp w computes rows 16 (w / 2) .. + 16 and columns 32 (w % 2)
          // .. + 32 of the tile as two 16x16 fragments: A from the [k][m]
          // slice (column-major, hence `transpose`), B from the [k][n]
          // slice.
          Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
          Value warp = arith::DivUIOp::create(b, loc, tid, cst(kWarpSize));
          Value rowOffset = arith::MulIOp::create(
              b, loc, arith::DivUIOp::create(b, loc, warp, cst(2)),
              cst(kMmaSize));
          Value colOffset = arith::MulIOp::create(
              b, loc, arith::RemUIOp::create(b, loc, warp, cst(2)),
              cst(2 * kMmaSize));
          Value colOffsets[] = {colOffset, add(b, colOffset, cst(kMmaSize))};
          auto fragment = [&](StringRef kind) {
            return gpu::MMAMatrixType::get({kMmaSize, kMmaSize}, accType, kind);
          };
          Value zeroFragment = gpu::SubgroupMmaConstantMatrixOp::create(
              b, loc, fragment("COp"), c.initValue);
          SmallVector<Value> fragments = pipelinedKLoop(
              b, tid, {zeroFragment, zeroFragment},
              [&](OpBuilder &b, Value, ValueRange accs) {
                SmallVector<Value> next(accs);
                for (int64_t ks = 0; ks < tileK; ks += kMmaSize) {
                  Value a = gpu::SubgroupMmaLoadMatrixOp::create(
                      b, loc, fragment("AOp"), lhsTile,
                      ValueRange{cst(ks), rowOffset}, b.getIndexAttr(tileM),
                      b.getUnitAttr());
                  for (int f = 0; f < 2; ++f) {
                    Value w = gpu::SubgroupMmaLoadMatrixOp::create(
                        b, loc, fragment("BOp"), rhsTile,
                        ValueRange{cst(ks), colOffsets[f]},
                        b.getIndexAttr(tileN), UnitAttr());
                    next[f] = gpu::SubgroupMmaComputeOp::create(
                        b, loc, fragment("COp"), a, w, next[f],
                        /*a_transpose=*/b.getUnitAttr(),
                        /*b_transpose=*/UnitAttr());
                  }
                }
                return next;
              });
          for (int f = 0; f < 2; ++f)
            gpu::SubgroupMmaStoreMatrixOp::create(
                b, loc, fragments[f], resultTile,
                ValueRange{rowOffset, colOffsets[f]}, b.getIndexAttr(tileN),
                UnitAttr());
          finishFromResultTile(b, tid);
          return;
        }
        if (!threads.emulate) {
          // Every thread keeps its accumulators in registers across the k
          // loop.
          Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
          finish(b, tid,
                 pipelinedKLoop(b, tid, initial(b, tid),
                                [&](OpBuilder &b, Value k0, ValueRange accs) {
                                  return multiply(b, tid, k0, accs);
                                }));
          return;
        }
        // Emulated, each phase is a loop over the threads, and the
        // accumulators wait in the threads' rows of `accs` in between.
        auto load = [&](OpBuilder &b, Value tid) {
          SmallVector<Value> values;
          for (int64_t a = 0; a < kAccs; ++a)
            values.push_back(
                memref::LoadOp::create(b, loc, accs, ValueRange{tid, cst(a)}));
          return values;
        };
        auto store = [&](OpBuilder &b, Value tid, ValueRange values) {
          for (auto [a, value] : llvm::enumerate(values))
            memref::StoreOp::create(b, loc, value, accs,
                                    ValueRange{tid, cst(a)});
        };
        threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
          store(b, tid, initial(b, tid));
        });
        uniformLoop(b, loc, zero, sizeK, kStep, [&](OpBuilder &b, Value k0) {
          threads.forEach(
              b, loc, [&](OpBuilder &b, Value tid) { stageBoth(b, tid, k0); });
          threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
            store(b, tid, multiply(b, tid, k0, load(b, tid)));
          });
        });
        threads.forEach(b, loc, [&](OpBuilder &b, Value tid) {
          finish(b, tid, load(b, tid));
        });
      };
      if (columnBlock)
        columnTile(b, arith::MulIOp::create(b, loc, columnBlock, cst(tileN)));
      else
        uniformLoop(b, loc, zero, sizeN, cst(tileN), columnTile);
    };
    if (rowTile)
      rowTiles(b, arith::MulIOp::create(b, loc, rowTile, cst(tileM)));
    else
      uniformLoop(b, loc, zero, sizeM, cst(tileM), rowTiles);
  });
  threads.barrier(b, loc);
}

/// Replaces every contraction of `func` that matches by a tiled GEMM with
/// its epilogue applied in registers; the others keep the general mapping
/// (the reason is in the debug output, `-debug-only=meld-map-to-gpu`).
///
/// A row-block kernel that is nothing but one such contraction (and its
/// fill and epilogue) splits its output tiles over workgroups too: with R
/// row tiles in a block (its rows of the output, when static) and C column
/// tiles (when static), block `x` of the kernel computes row tile
/// `(x % RC) / C` and column tile `x % C` of row block `x / RC`, and `RC`
/// is recorded as `meld.gpu_column_blocks`, so the launch has a workgroup
/// per output tile rather than per row block. (A convolution's row block
/// is an image, its rows the filters: a ResNet's last stages, 7 x 7 pixels
/// by 512 or 2048 filters, had one column tile, so one workgroup looped
/// over 8 or 32 row tiles.)
void meld::maptogpu::tileContractions(func::FuncOp func,
                                      const Threads &threads) {
  Block &entry = func.getBody().front();
  int64_t used = 0;
  func.walk([&](memref::AllocOp alloc) {
    FailureOr<int64_t> bytes = workgroupBytes(alloc.getResult());
    used += succeeded(bytes) ? *bytes : 0;
  });
  int64_t left = kWorkgroupMemoryLimit - used;
  SmallVector<linalg::GenericOp> ops;
  func.walk([&](linalg::GenericOp op) { ops.push_back(op); });
  SmallVector<TiledContraction, 2> matches;
  llvm::SmallPtrSet<Operation *, 8> claimed;
  for (linalg::GenericOp op : ops) {
    if (claimed.contains(op))
      continue;
    StringRef reason;
    FailureOr<TiledContraction> c =
        matchTiledContraction(op, threads, left, reason);
    if (failed(c)) {
      if (op.getNumReductionLoops() != 0)
        LLVM_DEBUG(llvm::dbgs()
                   << "not tiled (" << reason << "): " << op << "\n");
      continue;
    }
    claimed.insert(op);
    if (c->fill)
      claimed.insert(c->fill);
    for (linalg::GenericOp e : c->epilogue)
      claimed.insert(e);
    matches.push_back(*c);
  }

  Value rowTile, columnBlock;
  if (matches.size() == 1 && claimed.size() == ops.size() &&
      func->hasAttr(kRowsPerBlockAttrName) &&
      matches.front().op->getBlock() != &entry) {
    const TiledContraction &c = matches.front();
    linalg::GenericOp op = c.op;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    auto tilesOf = [&](unsigned dim, int64_t tile) {
      return ShapedType::isDynamic(ranges[dim])
                 ? int64_t(1)
                 : llvm::divideCeil(ranges[dim], tile);
    };
    int64_t rows = tilesOf(c.m, c.tileRows()),
            columns = tilesOf(c.n, c.tileCols());
    int64_t count = rows * columns;
    if (count > 1) {
      unsigned n = entry.getNumArguments();
      Value begin = entry.getArgument(n - 2), end = entry.getArgument(n - 1);
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      Location loc = func.getLoc();
      Value countValue = arith::ConstantIndexOp::create(b, loc, count);
      auto rowBlock = arith::DivUIOp::create(b, loc, begin, countValue);
      auto tile = arith::RemUIOp::create(b, loc, begin, countValue);
      Value rowEnd = arith::AddIOp::create(
          b, loc, rowBlock, arith::ConstantIndexOp::create(b, loc, 1));
      begin.replaceUsesWithIf(rowBlock, [&](OpOperand &use) {
        return use.getOwner() != rowBlock && use.getOwner() != tile;
      });
      end.replaceAllUsesWith(rowEnd);
      // (A single row or column tile is the whole range: no index.)
      Value columnsValue;
      if (rows > 1 && columns > 1)
        columnsValue = arith::ConstantIndexOp::create(b, loc, columns);
      if (rows > 1)
        rowTile = columns > 1
                      ? arith::DivUIOp::create(b, loc, tile, columnsValue)
                      : tile.getResult();
      if (columns > 1)
        columnBlock = rows > 1
                          ? arith::RemUIOp::create(b, loc, tile, columnsValue)
                          : tile.getResult();
      func->setAttr(kGpuColumnBlocksAttrName, b.getI64IntegerAttr(count));
    }
  }

  OpBuilder b(func.getContext());
  for (const TiledContraction &c : matches) {
    linalg::GenericOp op = c.op;
    Operation *last = c.epilogue.empty() ? op : c.epilogue.back();
    b.setInsertionPoint(last);
    emitTiledContraction(b, c, threads, entry, rowTile, columnBlock);
    // The results the epilogue consumed in registers.
    SmallVector<Value> intermediates{op.getDpsInitOperand(0)->get()};
    for (linalg::GenericOp e : c.epilogue)
      if (e != c.epilogue.back())
        intermediates.push_back(e.getDpsInitOperand(0)->get());
    SmallVector<Operation *> dead{op};
    if (c.fill)
      dead.push_back(c.fill);
    dead.append(c.epilogue.begin(), c.epilogue.end());
    for (Operation *d : dead)
      d->erase();
    for (Value v : intermediates) {
      auto alloc = v.getDefiningOp<memref::AllocOp>();
      if (!alloc || !llvm::all_of(alloc->getUsers(), [](Operation *user) {
            return isa<memref::DeallocOp>(user);
          }))
        continue;
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        user->erase();
      alloc.erase();
    }
  }
}
