//===- PairedContractions.cpp - Matmuls over pairs of k -------------------===//
//
// A bf16 matmul runs on instructions that multiply pairs of bf16 along k
// and sum them into f32: on a CPU with AMX (Sapphire Rapids and later), on
// upstream's `amx` dialect (and, with AMX-INT8, an i8 one summed in i32),
// elsewhere with AVX512-BF16 (Zen 4 and later, Cooper Lake) on
// `x86vector.avx512.dot` (vdpbf16ps). Both read the right operand packed
// per panel of columns into the layout the instructions read, 32-bit words
// along k (row k/2 holds B[k][j] and B[k+1][j] side by side; four rows per
// word for i8), with vector interleaves for `B[k][j]` and 16 x 16
// transposes of words for `B[j][k]`, and the left operand's rows in place.
//
// - AMX tiles: blocks of 32 x 32 outputs in 2 x 2 tiles of 16 x 16 f32
//   (i32) accumulators (4 of the 8 tile registers; the other 4 hold two
//   tiles of 16 rows of 64 bytes of each operand), each updated by
//   `amx.tile_mulf` (tdpbf16ps; `amx.tile_muli`, tdpbssd, for i8) per 64
//   bytes of k for the whole reduction. Few rows of `x @ W^T` swap the
//   operands' roles.
// - AVX512-BF16 dots: register tiles of rows x 16-lane vectors of f32
//   sums, each step of k a pair: one word of each row broadcast, one
//   vector of the panel per 16 columns, a vdpbf16ps per sum. Few rows of
//   `x @ W^T` take dots along k of both operands' rows instead, unpacked.
//
// Float sums stay in f32 and are rounded to bf16 once, as the widened f32
// path does.
//
//===----------------------------------------------------------------------===//

#include "Host/HostContractions.h"

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/X86Vector/X86VectorDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace {
/// Rows of a tile, and of a block of outputs (2 x 2 tiles).
constexpr int64_t kTileRows = 16, kBlock = 32;
/// Bytes of the right operand's packed panel (padded k x its columns).
constexpr int64_t kPanelBytes = 512 * 1024;
/// Products on AMX tiles blocked along k (kAmxDepthBlock, Passes.h): per
/// block, the panel holds kDepthBlock x up to kDepthBlockedPanelCols of
/// the right operand (512 KiB, in L2), each 32 rows of the left operand
/// are copied into a contiguous 32 x kDepthBlock buffer (16 KiB, in L1) and
/// the sums carried in an f32 buffer between blocks. A tile of the left
/// operand read in place has its 16 rows a row of the operand apart (4 KiB
/// for a depth of 2048: one set of the L1), so every tile came from L2
/// with the panel's, and the tiles waited on their loads.
constexpr int64_t kDepthBlock = meld::kAmxDepthBlock,
                  kDepthBlockedPanelCols = meld::kAmxDepthBlockedCols,
                  kDepthBlockedMinRows = meld::kAmxDepthBlockedMinRows;
/// Most rows of `x @ W^T` computed as (W x^T)^T, on tiles and with dots
/// (x's rows then one panel).
constexpr int64_t kSwappedMaxRows = 64;
/// Most static rows of `x @ W^T` computed with dots along k of x's and W's
/// rows (no panel), and most dynamic rows (a version of the product for
/// them). Dynamic rows are not swapped: that version lost to the dots at
/// every count up to 64 on the 2-core Zen 5 (40 x 2048 @ (2048 x 2048)^T:
/// 290 GFLOP/s swapped, 658 on dots; 48 x 768 @ (3072 x 768)^T 320 and
/// 599; an expert layer's groups of 50 rows 336 and 507), W packed above
/// (96 rows: 843 packed, 786 on dots). Static rows are swapped from 33
/// (64 x 2048 @ (2048 x 2048)^T: 863 swapped, 762 on dots).
constexpr int64_t kRowDotsMaxRows = 32, kDynamicRowDotsMaxRows = 64;
/// Bytes of a right operand's whole buffer past which dots along rows
/// prefetch W's next rows: a typical L3's share (32 MiB), past which W
/// streams from memory on every call (an expert layer's matrices).
constexpr int64_t kStreamedRhsBytes = 32 << 20;
} // namespace

/// The element types of a product on AMX tiles: its operands' (bf16, or
/// i8 with AMX-INT8), its sums' (f32, i32) and its output's (bf16 or f32;
/// i32), and the flags of a float sum.
struct AmxTypes {
  Type operand, sum, out;
  arith::FastMathFlags sumFlags = arith::FastMathFlags::none;
  /// Whether the left operand has the batch dims (a convolution's filters,
  /// `A[i][k]`, serve every image).
  bool batchedLhs = true;
};

/// `v` extended from the block argument `arg` (extf for floats, extsi for
/// integers), or `v` itself when `extended` is false.
static bool isExtendedArg(Value v, BlockArgument arg, bool extended) {
  if (!extended)
    return v == arg;
  Operation *ext = v.getDefiningOp();
  return ext && isa<arith::ExtFOp, arith::ExtSIOp>(ext) &&
         ext->getOperand(0) == arg;
}

/// The types of `op` when it is a matmul for AMX tiles: `C[b..][i][j] +=
/// A[b..][i][k] * B[b..][k][j]` (or `B[b..][j][k]` when `transposedRhs` is
/// set; A may be `A[i][k]`, the same for every batch) on buffers with
/// contiguous rows and a static reduction range (batches, rows and columns
/// may be dynamic: a thread's block of any), with bf16 operands summed in
/// bf16 or f32 (a reassociable sum), or i8 operands summed in i32
/// (`int8`: the CPU has AMX-INT8).
static std::optional<AmxTypes> matchAmxMatmul(linalg::GenericOp op,
                                              bool int8, bool &transposedRhs) {
  if (!op.hasPureBufferSemantics() || !meld::isContractionNest(op))
    return std::nullopt;
  int64_t n = op.getNumLoops();
  MLIRContext *ctx = op.getContext();
  auto map = [&](int64_t a, int64_t b, bool batched = true) {
    SmallVector<AffineExpr> results;
    for (int64_t d = 0; batched && d < n - 3; ++d)
      results.push_back(getAffineDimExpr(d, ctx));
    results.push_back(getAffineDimExpr(a, ctx));
    results.push_back(getAffineDimExpr(b, ctx));
    return AffineMap::get(n, 0, results, ctx);
  };
  int64_t i = n - 3, j = n - 2, k = n - 1;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  bool batchedLhs = maps[0] == map(i, k);
  if ((!batchedLhs && maps[0] != map(i, k, /*batched=*/false)) ||
      maps[2] != map(i, j))
    return std::nullopt;
  if (maps[1] == map(k, j))
    transposedRhs = false;
  else if (maps[1] == map(j, k))
    transposedRhs = true;
  else
    return std::nullopt;
  SmallVector<Type> types;
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.isLastDimUnitStride())
      return std::nullopt;
    types.push_back(type.getElementType());
  }
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ShapedType::isDynamic(ranges[k]))
    return std::nullopt;
  if (ranges[k] == 0 || ranges[j] == 0 || types[0] != types[1])
    return std::nullopt;
  Type operand = types[0], out = types[2];
  bool halves = operand.isBF16() && (out.isBF16() || out.isF32());
  bool bytes = int8 && operand.isSignlessInteger(8) &&
               out.isSignlessInteger(32);
  if (!halves && !bytes)
    return std::nullopt;
  // The body: out + lhs * rhs, the operands extended when the sum is wider.
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != (operand == out ? 3u : 5u))
    return std::nullopt;
  Operation *add = cast<linalg::YieldOp>(body.getTerminator())
                       .getValues()[0]
                       .getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
    return std::nullopt;
  Value acc = body.getArgument(2);
  Value product = add->getOperand(0) == acc ? add->getOperand(1)
                                            : add->getOperand(0);
  Operation *mul = product.getDefiningOp();
  if (!llvm::is_contained(add->getOperands(), acc) || !mul ||
      !isa<arith::MulFOp, arith::MulIOp>(mul))
    return std::nullopt;
  bool extended = operand != out;
  BlockArgument x = body.getArgument(0), y = body.getArgument(1);
  if (!(isExtendedArg(mul->getOperand(0), x, extended) &&
        isExtendedArg(mul->getOperand(1), y, extended)) &&
      !(isExtendedArg(mul->getOperand(0), y, extended) &&
        isExtendedArg(mul->getOperand(1), x, extended)))
    return std::nullopt;
  AmxTypes result{operand, bytes ? out : Float32Type::get(ctx), out};
  result.batchedLhs = batchedLhs;
  if (auto addf = dyn_cast<arith::AddFOp>(add)) {
    if (!arith::bitEnumContainsAll(addf.getFastmath(),
                                   arith::FastMathFlags::reassoc))
      return std::nullopt;
    result.sumFlags = addf.getFastmath();
  }
  return result;
}

/// The 2-D slice `source[batch..][:][:]` (`source` itself without batch
/// indices).
static Value slice2d(OpBuilder &b, Location loc, Value source,
                     ValueRange batch) {
  if (batch.empty())
    return source;
  auto type = cast<MemRefType>(source.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> offsets(batch.begin(), batch.end());
  SmallVector<OpFoldResult> sizes(rank - 2, b.getIndexAttr(1));
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  for (int64_t d = rank - 2; d < rank; ++d) {
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(memref::getMixedSize(b, loc, source, d));
  }
  MemRefType sliceType = memref::SubViewOp::inferRankReducedResultType(
      type.getShape().take_back(2), type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, sliceType, source, offsets, sizes,
                                   strides);
}

bool meld::codegen::isPairedContraction(linalg::GenericOp op, bool int8) {
  bool transposedRhs = false;
  return matchAmxMatmul(op, int8, transposedRhs).has_value();
}

bool meld::codegen::emitPairedContraction(RewriterBase &rewriter,
                                          linalg::GenericOp op,
                                          PairedKernel kernel, bool int8,
                                          DotTile dotTile) {
  bool dots = kernel == PairedKernel::Avx512Dots;
  bool transposedRhs = false;
  std::optional<AmxTypes> types =
      matchAmxMatmul(op, int8 && !dots, transposedRhs);
  if (!types)
    return false;
  auto func = op->getParentOfType<func::FuncOp>();
  if (!func || !func.getBody().hasOneBlock())
    return false;
  arith::FastMathFlags sumFlags = types->sumFlags;
  Type elem = types->operand, sumType = types->sum, outElem = types->out;
  bool integer = isa<IntegerType>(sumType);
  // Elements per 32-bit word of a tile row (pairs of bf16, quads of i8),
  // and per 64-byte tile row: the steps of k per tile (the panel's depth
  // is padded to whole tiles either way: its transposed packing moves 16
  // words of k at a time).
  int64_t word = integer ? 4 : 2, tileDepth = 16 * word;
  int64_t elemBytes = 4 / word;
  int64_t n = op.getNumLoops();
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t depth = ranges[n - 1];
  int64_t paddedDepth = llvm::alignTo(depth, tileDepth);
  // The steps of k each product instruction takes, and the outputs a block
  // computes: 32 x 32 on tiles, a register tile with dots.
  int64_t stepDepth = dots ? word : tileDepth;
  // How a product is laid out on the tiles. Few rows of `x @ W^T` are
  // computed as (W x^T)^T (`swapped`): W's rows (the output's columns)
  // take the tiles' rows, loaded in place, x is packed, transposed, into
  // the panel, and the sums are written transposed. The rows then read W
  // once, where packing W for the panel wrote and read it again: a 1 x
  // 4096 @ (4096 x 4096)^T decode step ran at 37.5 GFLOP/s so, 30.4 with
  // W packed; 32 rows 950 and 721. On tiles up to 64 rows are swapped (on
  // the Intel Xeon VM, 2 threads, one process, 16 rounds, each layout
  // compiled twice: 64 x 2048 @ (8192 x 2048)^T 1123-1127 GFLOP/s swapped,
  // 771-874 not; 48 x 2048 @ (8192 x 2048)^T 792-821 and 657-705; 64 x 768
  // @ (3072 x 768)^T 728-852 and 572-639; 40 x 4096 @ (4096 x 4096)^T
  // 682-732 and 584-676). With more rows swapping stops paying (128 x
  // 2048 @ (8192 x 2048)^T 1035-1100 swapped, 883-1050 not; 128 x 8192 @
  // (2048 x 8192)^T 1010-1055 and 981-1050; 100 x 4096 @ (4096 x 4096)^T
  // 859-896 and 921-961; 256 x 768 @ (3072 x 768)^T 1440 and 1794 on
  // 2026-11-28), so they keep W in the panel.
  struct Layout {
    bool swapped;
    /// The register tile with dots (rows, vectors of 16 columns).
    DotTile tile;
    /// Rows and columns of a block of outputs.
    int64_t blockRows, blockCols;
    /// Columns per packed panel: 32 to 256, the panel at most
    /// kPanelBytes, and no more than the product has.
    int64_t panelCols;
    /// Whether reads of whole panels stay inside the packed operand.
    bool wholePanels;
    /// Whether the product runs in blocks of k (kDepthBlock), and the
    /// steps of k a panel holds: kDepthBlock, or the padded depth.
    bool depthBlocked;
    int64_t panelDepth;
  };
  int64_t rows = ranges[n - 3];
  auto layoutFor = [&](bool swap) {
    // Swapped dots take 4 x 4 tiles, whatever the option: x's rows are the
    // vectors' lanes, and 8 x 2 tiles wrote their sums through twice the
    // transposes (48 x 768 @ (3072 x 768)^T: 719 GFLOP/s on 8 x 2, 834 on
    // 4 x 4, in one process).
    DotTile tile = swap ? DotTile{4, 4} : dotTile;
    int64_t blockRows = dots ? tile.rows : kBlock;
    int64_t blockCols = dots ? 16 * tile.vectors : kBlock;
    // (Not swapped, and only for rows no swapped layout takes: blocked,
    // the plain layout is the only one, and the buffers below are its.)
    bool blocked = !dots && !swap && meld::isAmxBlockedDepth(depth) &&
                   !ShapedType::isDynamic(rows) &&
                   rows >= kDepthBlockedMinRows &&
                   (!transposedRhs || rows > kSwappedMaxRows);
    int64_t panelDepth = blocked ? kDepthBlock : paddedDepth;
    int64_t maxWidth = blocked ? kDepthBlockedPanelCols : 256;
    // The panel's columns: the output's, or its rows when swapped.
    int64_t panelSource = ranges[swap ? n - 3 : n - 2];
    // (Whole blocks of columns: the blocks walk the panel's padded width.)
    int64_t width = std::clamp<int64_t>(
        kPanelBytes / (elemBytes * panelDepth) / blockCols * blockCols,
        blockCols,
        std::max<int64_t>(maxWidth / blockCols * blockCols, blockCols));
    if (!ShapedType::isDynamic(panelSource))
      width = std::min<int64_t>(width, llvm::alignTo(panelSource, blockCols));
    return Layout{swap,
                  tile,
                  blockRows,
                  blockCols,
                  width,
                  !ShapedType::isDynamic(panelSource) &&
                      panelSource % blockCols == 0,
                  blocked,
                  panelDepth};
  };
  Layout plainLayout = layoutFor(false), swappedLayout = layoutFor(true);
  // With dots, up to 64 rows are swapped (fewer than 33 take dots along
  // rows, below): W's rows are then read in place by the broadcasts and
  // x's rows packed, one panel of them, where packing W cost more than
  // their products (in one process, 2 threads, Zen 5: 64 x 4096 @ (4096 x
  // 4096)^T 886 GFLOP/s swapped, 740 not; 48 x 768 @ (3072 x 768)^T 805
  // and 611). With more rows swapping loses (128 x 2048 @ (8192 x 2048)^T
  // 847 and 865; 256 x 768 @ (3072 x 768)^T 807 and 902), the sums being
  // written through 4 x 16 transposes.
  bool mayPlain = !transposedRhs || ShapedType::isDynamic(rows) ||
                  rows > kSwappedMaxRows;
  bool maySwap = transposedRhs && (ShapedType::isDynamic(rows)
                                       ? !dots
                                       : rows <= kSwappedMaxRows);
  int64_t panelCols =
      std::max(mayPlain ? plainLayout.panelCols : 0,
               maySwap ? swappedLayout.panelCols : 0);
  // The layout being emitted (set by `product`).
  Layout current{};

  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1],
        out = op.getDpsInits()[0];
  // A zero fill of the output just before: the sums are stored, not added.
  auto fill = dyn_cast_or_null<linalg::FillOp>(op->getPrevNode());
  if (fill && !(fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == out &&
                (matchPattern(fill.value(), m_AnyZeroFloat()) ||
                 matchPattern(fill.value(), m_Zero()))))
    fill = nullptr;
  bool accumulate = !fill;

  Location loc = op.getLoc();
  // Few static rows of `x @ W^T` with dots (a decode step, attention's
  // scores for one query): packing W would cost more than their products,
  // so each output is a dot product along k of x's and W's rows, both read
  // in place, 32 elements per vdpbf16ps, its 16 lanes summed once at the
  // end.
  bool alongRows = dots && transposedRhs && !ShapedType::isDynamic(rows) &&
                   rows <= kRowDotsMaxRows;
  // Scratch buffers, allocated once at the kernel's entry: the packed panel
  // of the right operand, a block's rows of the left one padded along k
  // (for a last partial block of rows, or a depth no multiple of a step's),
  // and, on tiles, a block of sums.
  Block &entry = func.getBody().front();
  rewriter.setInsertionPointToStart(&entry);
  auto alloc = [&](ArrayRef<int64_t> shape, Type type) -> Value {
    return meld::codegen::allocScratch(rewriter, loc, entry,
                                       MemRefType::get(shape, type));
  };
  // Blocked along k (never with another layout: its rows are static), the
  // panel's and the sums' rows are padded by a line (1024 columns of bf16
  // pairs are 4 KiB: a tile's 16 rows would share one set of the L1), and
  // the sums of every row of the product are carried between blocks.
  bool depthBlocked = plainLayout.depthBlocked;
  int64_t panelRowPad = depthBlocked ? 64 / elemBytes : 0;
  Value panel =
      alongRows ? Value()
                : alloc({(depthBlocked ? kDepthBlock : paddedDepth) / word,
                         word * panelCols + panelRowPad},
                        elem);
  Value depthBlockRows =
      depthBlocked ? alloc({kBlock, kDepthBlock}, elem) : Value();
  Value carriedSums =
      depthBlocked
          ? alloc({static_cast<int64_t>(llvm::alignTo(rows, kBlock)),
                   panelCols + 64 / 4},
                  sumType)
          : Value();
  Value rowsBuffer =
      alongRows || depthBlocked ? Value()
                : alloc({std::max(mayPlain ? plainLayout.blockRows : 0,
                                  maySwap ? swappedLayout.blockRows : 0),
                         paddedDepth},
                        elem);
  Value sums = dots ? Value() : alloc({kBlock, kBlock}, sumType);
  Value zeroElem = arith::ConstantOp::create(rewriter, loc, elem,
                                             rewriter.getZeroAttr(elem));
  // The padding along k stays zero: copies write only the first `depth`.
  if (rowsBuffer && paddedDepth != depth)
    linalg::FillOp::create(rewriter, loc, ValueRange{zeroElem},
                           ValueRange{rowsBuffer});

  rewriter.setInsertionPoint(op);
  auto index = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto tile = [&](int64_t rows, int64_t rowWidth, Type type) {
    return amx::TileType::get({rows, rowWidth}, type);
  };
  amx::TileType operandTile = tile(kTileRows, tileDepth, elem);
  amx::TileType accTile = tile(kTileRows, kTileRows, sumType);
  auto line = VectorType::get({16}, elem);
  auto minIndex = [&](OpBuilder &b, Value x, Value y) -> Value {
    return arith::MinSIOp::create(b, loc, x, y);
  };

  // Packs columns [j0, j0 + width) of the right operand `B` (a 2-D slice)
  // into `panel`, words along k by rows, zeros past its end; with `kBase`,
  // only its block of k from there (kDepthBlock steps, all inside B).
  auto pack = [&](OpBuilder &b, Value B, Value j0, Value paddedWidth,
                  Value kBase = Value()) {
    Value zero = index(b, 0);
    // B's row (or column, when transposed) of the panel's step `k`.
    auto atDepth = [&](OpBuilder &nb, Value k) -> Value {
      return kBase ? arith::AddIOp::create(nb, loc, kBase, k).getResult() : k;
    };
    if (!transposedRhs) {
      // B[k][j]: the `word` rows of each word interleaved, 16 columns at a
      // time (for quads, rows 0 and 2 and rows 1 and 3 first).
      bool inBounds = current.wholePanels;
      auto readRow = [&](OpBuilder &nb, Value row, Value col) -> Value {
        return vector::TransferReadOp::create(
            nb, loc, line, B, {atDepth(nb, row), col}, zeroElem, {inBounds});
      };
      Value zeros = arith::ConstantOp::create(
          b, loc, line, DenseElementsAttr::get(line, rewriter.getZeroAttr(elem)));
      // Words [begin, end) with `rowsIn` of their rows in B.
      auto wordLoop = [&](int64_t begin, int64_t end, int64_t rowsIn) {
        if (begin >= end)
          return;
        meld::codegen::stepLoop(
            b, loc, index(b, begin), index(b, end), 1,
            [&](OpBuilder &kb, Value kw) {
              Value k = arith::MulIOp::create(kb, loc, kw, index(kb, word));
              meld::codegen::stepLoop(
                  kb, loc, zero, paddedWidth, 16, [&](OpBuilder &jb, Value jj) {
                    Value col = arith::AddIOp::create(jb, loc, j0, jj);
                    SmallVector<Value> rowsRead;
                    for (int64_t r = 0; r < word; ++r)
                      rowsRead.push_back(
                          r < rowsIn ? readRow(jb,
                                               r ? arith::AddIOp::create(
                                                       jb, loc, k, index(jb, r))
                                                       .getResult()
                                                 : k,
                                               col)
                                     : zeros);
                    Value packed =
                        word == 2 ? vector::InterleaveOp::create(
                                        jb, loc, rowsRead[0], rowsRead[1])
                                        .getResult()
                                  : vector::InterleaveOp::create(
                                        jb, loc,
                                        vector::InterleaveOp::create(
                                            jb, loc, rowsRead[0], rowsRead[2]),
                                        vector::InterleaveOp::create(
                                            jb, loc, rowsRead[1], rowsRead[3]))
                                        .getResult();
                    Value at =
                        arith::MulIOp::create(jb, loc, jj, index(jb, word));
                    vector::TransferWriteOp::create(
                        jb, loc, packed, panel, {kw, at}, ArrayRef<bool>{true});
                  });
            });
      };
      if (kBase) {
        wordLoop(0, kDepthBlock / word, word);
        return;
      }
      wordLoop(0, depth / word, word);
      wordLoop(depth / word, llvm::divideCeil(depth, word), depth % word);
      wordLoop(llvm::divideCeil(depth, word), paddedDepth / word, 0);
      return;
    }
    // B[j][k]: 16 rows of 16 words, transposed as 32-bit words.
    auto block = VectorType::get({16, 16 * word}, elem);
    auto square = VectorType::get({16, 16}, rewriter.getI32Type());
    SmallVector<bool> inBounds = {current.wholePanels,
                                  depth % tileDepth == 0};
    meld::codegen::stepLoop(
        b, loc, zero, paddedWidth, 16, [&](OpBuilder &jb, Value jj) {
          Value row = arith::AddIOp::create(jb, loc, j0, jj);
          Value at = arith::MulIOp::create(jb, loc, jj, index(jb, word));
          int64_t words = (kBase ? kDepthBlock : paddedDepth) / word;
          meld::codegen::stepLoop(
              jb, loc, zero, index(jb, words), 16,
              [&](OpBuilder &kb, Value k2) {
                Value k = arith::MulIOp::create(kb, loc, k2, index(kb, word));
                Value rowsRead = vector::TransferReadOp::create(
                    kb, loc, block, B, {row, atDepth(kb, k)}, zeroElem,
                    inBounds);
                // (A chain of 1-D bitcasts and inserts canonicalizes into 256
                // scalars; the 2-D bitcasts keep one 16 x 16 transpose, lowered
                // to shuffles.)
                Value words2d =
                    vector::BitCastOp::create(kb, loc, square, rowsRead);
                Value transposed =
                    vector::TransposeOp::create(kb, loc, words2d, {1, 0});
                Value packed =
                    vector::BitCastOp::create(kb, loc, block, transposed);
                vector::TransferWriteOp::create(kb, loc, packed, panel,
                                                {k2, at},
                                                ArrayRef<bool>{true, true});
              });
        });
  };

  // Writes the vector `sums` to C at `at`, added to the output's own values
  // first when there was no zero fill, then rounded to the output's type
  // (bf16) when it is narrower; `inBounds` as for both transfers.
  auto writeSums = [&](OpBuilder &b, Value sums, Value C, ValueRange at,
                       ArrayRef<bool> inBounds) {
    auto type = cast<VectorType>(sums.getType());
    VectorType outType = type.clone(outElem);
    if (accumulate) {
      Value old = vector::TransferReadOp::create(
          b, loc, outType, C, at,
          arith::ConstantOp::create(b, loc, outElem, b.getZeroAttr(outElem))
              .getResult(),
          inBounds);
      if (outElem != sumType)
        old = arith::ExtFOp::create(b, loc, type, old);
      sums = integer ? arith::AddIOp::create(b, loc, old, sums).getResult()
                     : arith::AddFOp::create(b, loc, old, sums, sumFlags)
                           .getResult();
    }
    if (outElem != sumType)
      sums = arith::TruncFOp::create(b, loc, outType, sums);
    vector::TransferWriteOp::create(b, loc, sums, C, at, inBounds);
  };

  // Whether W's buffer (the one `w` views) streams from memory on every
  // call (kStreamedRhsBytes): its products of few rows, which read W in
  // place, then prefetch W's next rows into L2 as they go. Each first read
  // of a line of W had waited on the memory: on the 2-core Zen 5, an
  // expert layer's 16 dynamic rows per expert of 2048 x 2048 (OLMoE's)
  // went from 300 to 430 GFLOP/s so, 48 swapped rows of 8192 x 8192 from
  // 575 to 635. Not with fewer than 4 rows, which the memory's bandwidth
  // bounds (2 rows of 8192 x 8192: 102 GFLOP/s without, 93 with), nor for
  // a W that stays in cache, where the extra loads cost (16 x 4096 @ (4096
  // x 4096)^T 455 -> 420).
  auto streamed = [&](Value w) {
    auto root = cast<MemRefType>(
        memref::skipViewLikeOps(cast<TypedValue<MemRefType>>(w)).getType());
    return root.hasStaticShape() &&
           root.getNumElements() * elemBytes > kStreamedRhsBytes;
  };
  // `rows` clamped to the last of `w`'s (prefetches stay in bounds).
  auto clampedRow = [&](OpBuilder &b, Value w, Value row) -> Value {
    return arith::MinSIOp::create(
        b, loc, row,
        arith::SubIOp::create(b, loc, memref::DimOp::create(b, loc, w, 0),
                              arith::ConstantIndexOp::create(b, loc, 1)));
  };
  auto prefetchLine = [&](OpBuilder &b, Value w, Value row, Value k) {
    memref::PrefetchOp::create(b, loc, w, ValueRange{row, k},
                               /*isWrite=*/false, /*localityHint=*/2,
                               /*isDataCache=*/true);
  };

  // The 32 x 32 blocks of outputs on tiles from (i0, j0 + jj) for every
  // jj < paddedWidth, the left operand's 32 rows read from `A` at `aRow`,
  // over `steps` steps of k from the panel's first (the padded depth, or
  // one block of k); in blocks of k, the sums start from zero in the first
  // block and from `carriedSums` in the others, and go back to it in all
  // but the last.
  enum class DepthBlock { Whole, First, Middle, Last };
  auto tileBlocks = [&](OpBuilder &b, Value A, Value aRow, Value C, Value i0,
                        Value j0, Value paddedWidth,
                        DepthBlock part = DepthBlock::Whole) {
    Value zero = index(b, 0);
    int64_t steps = part == DepthBlock::Whole ? paddedDepth : kDepthBlock;
    meld::codegen::stepLoop(
        b, loc, zero, paddedWidth, kBlock, [&](OpBuilder &jb, Value jj) {
          Value sixteen = index(jb, kTileRows);
          // The tile `t`'s row and column in the block (2 x 2 tiles).
          auto tileRow = [&](int t) { return t / 2 ? sixteen : zero; };
          auto tileCol = [&](int t) { return t % 2 ? sixteen : zero; };
          // The tile `t`'s place in the carried sums.
          auto carriedAt = [&](int t) -> SmallVector<Value> {
            return {arith::AddIOp::create(jb, loc, i0, tileRow(t)),
                    arith::AddIOp::create(jb, loc, jj, tileCol(t))};
          };
          SmallVector<Value> inits;
          for (int t = 0; t < 4; ++t)
            inits.push_back(
                part == DepthBlock::Whole || part == DepthBlock::First
                    ? amx::TileZeroOp::create(jb, loc, accTile).getResult()
                    : amx::TileLoadOp::create(jb, loc, accTile, carriedSums,
                                              carriedAt(t))
                          .getResult());
          Value aRow1 =
              arith::AddIOp::create(jb, loc, aRow, index(jb, kTileRows));
          Value at0 = arith::MulIOp::create(jb, loc, jj, index(jb, word));
          Value at1 =
              arith::AddIOp::create(jb, loc, at0, index(jb, word * kTileRows));
          auto mul = [&](OpBuilder &kb, Location l, Value a, Value b,
                         Value acc) -> Value {
            if (integer)
              return amx::TileMulIOp::create(kb, l, accTile, a, b, acc,
                                             /*isZextLhs=*/nullptr);
            return amx::TileMulFOp::create(kb, l, accTile, a, b, acc);
          };
          // Swapped, W's rows are the tiles' rows, read in place (a step of k
          // is a line of each): a W from memory (`streamed`) gets the next
          // block's 32 rows prefetched into L2, a line of each per step. The
          // tile loads had waited on the memory, each row a short run of its
          // own: 8 x 768 @ (50257 x 768)^T (GPT-2's head at a decode batch of
          // 8) ran at 53-55 GFLOP/s, now 94-98, torch 70-76 (Emerald Rapids).
          SmallVector<Value> nextRows;
          if (current.swapped && part == DepthBlock::Whole && streamed(A))
            for (int64_t r = 0; r < 2 * kTileRows; ++r)
              nextRows.push_back(
                  clampedRow(jb, A,
                             arith::AddIOp::create(
                                 jb, loc, aRow, index(jb, 2 * kTileRows + r))));
          auto loop = scf::ForOp::create(
              jb, loc, zero, index(jb, steps), index(jb, tileDepth), inits,
              [&](OpBuilder &kb, Location l, Value k, ValueRange acc) {
                for (Value row : nextRows)
                  prefetchLine(kb, A, row, k);
                Value k2 = arith::DivUIOp::create(kb, l, k, index(kb, word));
                Value a0 = amx::TileLoadOp::create(kb, l, operandTile, A,
                                                   ValueRange{aRow, k});
                Value a1 = amx::TileLoadOp::create(kb, l, operandTile, A,
                                                   ValueRange{aRow1, k});
                Value b0 = amx::TileLoadOp::create(kb, l, operandTile, panel,
                                                   ValueRange{k2, at0});
                Value b1 = amx::TileLoadOp::create(kb, l, operandTile, panel,
                                                   ValueRange{k2, at1});
                SmallVector<Value> next = {
                    mul(kb, l, a0, b0, acc[0]), mul(kb, l, a0, b1, acc[1]),
                    mul(kb, l, a1, b0, acc[2]), mul(kb, l, a1, b1, acc[3])};
                scf::YieldOp::create(kb, l, next);
              });
          if (part == DepthBlock::First || part == DepthBlock::Middle) {
            for (int t = 0; t < 4; ++t)
              amx::TileStoreOp::create(jb, loc, carriedSums, carriedAt(t),
                                       loop.getResult(t));
            return;
          }
          for (int t = 0; t < 4; ++t)
            amx::TileStoreOp::create(jb, loc, sums,
                                     ValueRange{tileRow(t), tileCol(t)},
                                     loop.getResult(t));
          // The block, rounded to bf16 when the output is (added to the
          // output's own values when there was no zero fill), 16 x 16 at a
          // time, transposed when swapped; transfers past the output's ends
          // are masked, which leaves exactly the block's valid part: a block
          // reaches past the rows or columns it computes only at the output's
          // last ones.
          // (Scalar stores of a swapped block's columns, 2 bytes each and a
          // row of the output apart, cost as much as its products at K = 768.)
          Value col0 = arith::AddIOp::create(jb, loc, j0, jj);
          auto square = VectorType::get({16, 16}, sumType);
          for (int t = 0; t < 4; ++t) {
            Value r0 = tileRow(t), c0 = tileCol(t);
            Value block = vector::TransferReadOp::create(
                jb, loc, square, sums, {r0, c0}, /*padding=*/std::nullopt,
                ArrayRef<bool>{true, true});
            Value i = arith::AddIOp::create(jb, loc, i0, r0);
            Value j = arith::AddIOp::create(jb, loc, col0, c0);
            SmallVector<Value> at = {i, j};
            if (current.swapped) {
              block = vector::TransposeOp::create(jb, loc, block, {1, 0});
              at = {j, i};
            }
            writeSums(jb, block, C, at, {false, false});
          }
        });
  };

  // The register tiles of outputs computed with dots from (i0, j0 + jj)
  // for every jj < paddedWidth, the left operand's rows read from `A` at
  // `aRow`, the first `validRows` of them written (all when null).
  auto dotBlocks = [&](OpBuilder &b, Value A, Value aRow, Value C, Value i0,
                       Value j0, Value paddedWidth, Value validRows) {
    int64_t tileRows = current.tile.rows, vectors = current.tile.vectors;
    auto sumVector = VectorType::get({16}, sumType);
    auto pairs = VectorType::get({32}, elem);
    auto wordType = rewriter.getI32Type();
    Value zero = index(b, 0);
    Value zeros = arith::ConstantOp::create(
        b, loc, sumVector,
        DenseElementsAttr::get(sumVector, b.getZeroAttr(sumType)));
    meld::codegen::stepLoop(
        b, loc, zero, paddedWidth, current.blockCols,
        [&](OpBuilder &jb, Value jj) {
          SmallVector<Value> inits(tileRows * vectors, zeros);
          Value at = arith::MulIOp::create(jb, loc, jj, index(jb, word));
          SmallVector<Value> rowsAt;
          for (int64_t r = 0; r < tileRows; ++r)
            rowsAt.push_back(
                arith::AddIOp::create(jb, loc, aRow, index(jb, r)));
          // One step of k: the pair k2 of every row, times the panel's.
          auto step = [&](OpBuilder &kb, Location l, Value k2,
                          ValueRange acc) -> SmallVector<Value> {
            Value k = arith::MulIOp::create(kb, l, k2, index(kb, word));
            SmallVector<Value> columns;
            for (int64_t v = 0; v < vectors; ++v)
              columns.push_back(vector::LoadOp::create(
                  kb, l, pairs, panel,
                  ValueRange{k2, arith::AddIOp::create(kb, l, at,
                                                       index(kb, 32 * v))}));
            SmallVector<Value> next;
            for (int64_t r = 0; r < tileRows; ++r) {
              // The row's pair at k as one word, in every lane.
              Value pair =
                  vector::LoadOp::create(kb, l, VectorType::get({word}, elem),
                                         A, ValueRange{rowsAt[r], k});
              Value asWord = vector::ExtractOp::create(
                  kb, l,
                  vector::BitCastOp::create(
                      kb, l, VectorType::get({1}, wordType), pair),
                  ArrayRef<int64_t>{0});
              Value lanes = vector::BitCastOp::create(
                  kb, l, pairs,
                  vector::BroadcastOp::create(
                      kb, l, VectorType::get({16}, wordType), asWord));
              for (int64_t v = 0; v < vectors; ++v)
                next.push_back(x86vector::DotBF16Op::create(
                    kb, l, sumVector, acc[r * vectors + v], lanes, columns[v]));
            }
            return next;
          };
          auto stepLoop = [&](OpBuilder &lb, int64_t begin, int64_t end,
                              ValueRange acc) -> SmallVector<Value> {
            if (begin >= end)
              return llvm::to_vector(acc);
            auto loop = scf::ForOp::create(
                lb, loc, index(lb, begin), index(lb, end), index(lb, 1), acc,
                [&](OpBuilder &kb, Location l, Value k2, ValueRange carried) {
                  scf::YieldOp::create(kb, l, step(kb, l, k2, carried));
                });
            return SmallVector<Value>(loop.getResults());
          };
          int64_t pairCount = llvm::divideCeil(depth, word);
          SmallVector<Value> sumsOut;
          if (current.swapped && streamed(A)) {
            // W's rows are read in place, a word at a time: each 64-byte line
            // of the next tile's rows is prefetched once, 16 words ahead of
            // its own steps.
            int64_t perLine = 64 / (word * elemBytes);
            SmallVector<Value> nextRows;
            for (int64_t r = 0; r < tileRows; ++r)
              nextRows.push_back(
                  clampedRow(jb, A,
                             arith::AddIOp::create(jb, loc, rowsAt[r],
                                                   index(jb, tileRows))));
            int64_t lined = pairCount / perLine * perLine;
            SmallVector<Value> carried(inits);
            if (lined > 0) {
              auto lines = scf::ForOp::create(
                  jb, loc, zero, index(jb, lined), index(jb, perLine), inits,
                  [&](OpBuilder &lb, Location l, Value k2, ValueRange acc) {
                    Value k = arith::MulIOp::create(lb, l, k2, index(lb, word));
                    for (Value row : nextRows)
                      prefetchLine(lb, A, row, k);
                    auto inner = scf::ForOp::create(
                        lb, l, k2,
                        arith::AddIOp::create(lb, l, k2, index(lb, perLine)),
                        index(lb, 1), acc,
                        [&](OpBuilder &kb, Location il, Value kk,
                            ValueRange innerAcc) {
                          scf::YieldOp::create(kb, il,
                                               step(kb, il, kk, innerAcc));
                        });
                    scf::YieldOp::create(lb, l, inner.getResults());
                  });
              carried.assign(lines.getResults().begin(),
                             lines.getResults().end());
            }
            sumsOut = stepLoop(jb, lined, pairCount, carried);
          } else {
            sumsOut = stepLoop(jb, 0, pairCount, inits);
          }
          // Each row's sums, rounded to bf16 when the output is (added to the
          // output's own values when there was no zero fill), masked past the
          // output's last column.
          Value col0 = arith::AddIOp::create(jb, loc, j0, jj);
          if (current.swapped) {
            // The tile's rows are the output's columns: each vector of sums
            // (16 of its rows) for all the tile's rows is a block written
            // transposed, masked at the output's ends (which also drops the
            // rows of a partial tile).
            auto block = VectorType::get({tileRows, 16}, sumType);
            for (int64_t v = 0; v < vectors; ++v) {
              Value sums = arith::ConstantOp::create(
                  jb, loc, block,
                  DenseElementsAttr::get(block, jb.getZeroAttr(sumType)));
              for (int64_t r = 0; r < tileRows; ++r)
                sums =
                    vector::InsertOp::create(jb, loc, sumsOut[r * vectors + v],
                                             sums, ArrayRef<int64_t>{r});
              Value sum = vector::TransposeOp::create(jb, loc, sums, {1, 0});
              Value row =
                  arith::AddIOp::create(jb, loc, col0, index(jb, 16 * v));
              writeSums(jb, sum, C, {row, i0}, {false, false});
            }
            return;
          }
          for (int64_t r = 0; r < tileRows; ++r) {
            auto writeRow = [&](OpBuilder &wb) {
              Value i = arith::AddIOp::create(wb, loc, i0, index(wb, r));
              for (int64_t v = 0; v < vectors; ++v) {
                Value j =
                    arith::AddIOp::create(wb, loc, col0, index(wb, 16 * v));
                writeSums(wb, sumsOut[r * vectors + v], C, {i, j},
                          {current.wholePanels});
              }
            };
            if (!validRows) {
              writeRow(jb);
              continue;
            }
            Value valid = arith::CmpIOp::create(
                jb, loc, arith::CmpIPredicate::ult, index(jb, r), validRows);
            scf::IfOp::create(jb, loc, valid, [&](OpBuilder &tb, Location l) {
              writeRow(tb);
              scf::YieldOp::create(tb, l);
            });
          }
        });
  };
  auto blocks = [&](OpBuilder &b, Value A, Value aRow, Value C, Value i0,
                    Value j0, Value paddedWidth, Value validRows) {
    if (dots)
      dotBlocks(b, A, aRow, C, i0, j0, paddedWidth, validRows);
    else
      tileBlocks(b, A, aRow, C, i0, j0, paddedWidth);
  };

  // Copies rows [i0, i0 + count) of `A`, steps [k0, k0 + kDepthBlock) of
  // k, into depthBlockRows, and zeros into its rows past them (a last
  // partial block of rows).
  auto copyDepthBlock = [&](OpBuilder &b, Value A, Value i0, Value k0,
                            Value count) {
    auto run = VectorType::get({tileDepth}, elem);
    Value zero = index(b, 0);
    meld::codegen::stepLoop(
        b, loc, zero, count, 1, [&](OpBuilder &rb, Value r) {
          Value i = arith::AddIOp::create(rb, loc, i0, r);
          for (int64_t kk = 0; kk < kDepthBlock; kk += tileDepth) {
            Value k = arith::AddIOp::create(rb, loc, k0, index(rb, kk));
            Value v = vector::LoadOp::create(rb, loc, run, A, ValueRange{i, k});
            vector::StoreOp::create(rb, loc, v, depthBlockRows,
                                    ValueRange{r, index(rb, kk)});
          }
        });
    meld::codegen::stepLoop(
        b, loc, count, index(b, kBlock), 1, [&](OpBuilder &rb, Value r) {
          Value zeros = arith::ConstantOp::create(
              rb, loc, run, DenseElementsAttr::get(run, rb.getZeroAttr(elem)));
          for (int64_t kk = 0; kk < kDepthBlock; kk += tileDepth)
            vector::StoreOp::create(rb, loc, zeros, depthBlockRows,
                                    ValueRange{r, index(rb, kk)});
        });
  };

  // One 2-D product in `layout`: column panels, then blocks of rows.
  auto product = [&](OpBuilder &b, const Layout &layout, Value x, Value w,
                     Value C) {
    current = layout;
    bool swapped = layout.swapped;
    int64_t blockRows = layout.blockRows, blockCols = layout.blockCols;
    int64_t panelCols = layout.panelCols;
    Value A = swapped ? w : x, B = swapped ? x : w;
    Value zero = index(b, 0), rowStep = index(b, blockRows),
          colStep = index(b, blockCols);
    Value rows = memref::DimOp::create(b, loc, A, 0);
    Value colEnd = memref::DimOp::create(b, loc, C, swapped ? 0 : 1);
    meld::codegen::stepLoop(
        b, loc, zero, colEnd, panelCols, [&](OpBuilder &pb, Value j0) {
          Value width = minIndex(pb, index(pb, panelCols),
                                 arith::SubIOp::create(pb, loc, colEnd, j0));
          Value paddedWidth = arith::MulIOp::create(
              pb, loc,
              arith::DivUIOp::create(
                  pb, loc,
                  arith::AddIOp::create(pb, loc, width,
                                        index(pb, blockCols - 1)),
                  colStep),
              colStep);
          if (layout.depthBlocked) {
            // Per block of k, the panel's columns of it, then every block of
            // rows from a contiguous copy of its rows' part of it.
            auto depthBlock = [&](OpBuilder &kb, Value k0, DepthBlock part) {
              pack(kb, B, j0, paddedWidth, k0);
              meld::codegen::stepLoop(
                  kb, loc, zero, rows, blockRows, [&](OpBuilder &ib, Value i0) {
                    Value count = minIndex(
                        ib, rowStep, arith::SubIOp::create(ib, loc, rows, i0));
                    copyDepthBlock(ib, A, i0, k0, count);
                    tileBlocks(ib, depthBlockRows, index(ib, 0), C, i0, j0,
                               paddedWidth, part);
                  });
            };
            depthBlock(pb, zero, DepthBlock::First);
            meld::codegen::stepLoop(pb, loc, index(pb, kDepthBlock),
                                    index(pb, depth - kDepthBlock), kDepthBlock,
                                    [&](OpBuilder &mb, Value k0) {
                                      depthBlock(mb, k0, DepthBlock::Middle);
                                    });
            depthBlock(pb, index(pb, depth - kDepthBlock), DepthBlock::Last);
            return;
          }
          pack(pb, B, j0, paddedWidth);
          meld::codegen::stepLoop(
              pb, loc, zero, rows, blockRows, [&](OpBuilder &ib, Value i0) {
                Value count = minIndex(
                    ib, rowStep, arith::SubIOp::create(ib, loc, rows, i0));
                // Rows copied into the padded buffer.
                auto padded = [&](OpBuilder &cb) {
                  Value z = index(cb, 0);
                  meld::codegen::stepLoop(
                      cb, loc, z, count, 1, [&](OpBuilder &rb, Value r) {
                        Value i = arith::AddIOp::create(rb, loc, i0, r);
                        meld::codegen::stepLoop(
                            rb, loc, z, index(rb, depth), 1,
                            [&](OpBuilder &kb, Value k) {
                              Value v = memref::LoadOp::create(
                                  kb, loc, A, ValueRange{i, k});
                              memref::StoreOp::create(kb, loc, v, rowsBuffer,
                                                      ValueRange{r, k});
                            });
                      });
                  blocks(cb, rowsBuffer, z, C, i0, j0, paddedWidth, count);
                };
                if (depth % stepDepth != 0) {
                  padded(ib);
                  return;
                }
                Value whole = arith::CmpIOp::create(
                    ib, loc, arith::CmpIPredicate::eq, count, rowStep);
                scf::IfOp::create(
                    ib, loc, whole,
                    [&](OpBuilder &tb, Location l) {
                      blocks(tb, A, i0, C, i0, j0, paddedWidth, Value());
                      scf::YieldOp::create(tb, l);
                    },
                    [&](OpBuilder &eb, Location l) {
                      padded(eb);
                      scf::YieldOp::create(eb, l);
                    });
              });
        });
  };

  // One 2-D product of few rows along k: tiles of up to 4 rows of x by up
  // to 8 rows of W (16 accumulators at most), W's rows outer so that each
  // is read from memory once.
  // Dynamic rows (at most kDynamicRowDotsMaxRows at run time) take tiles
  // of 4 rows, then one tile of the rest.
  auto rowDotProduct = [&](OpBuilder &b, Value x, Value w, Value C) {
    bool dynamicRows = ShapedType::isDynamic(rows);
    int64_t tileRows = dynamicRows ? 4 : std::min<int64_t>(rows, 4);
    int64_t tileCols = std::clamp<int64_t>(16 / tileRows, 1, 8);
    bool prefetch = tileRows == 4 && streamed(w);
    auto sumVector = VectorType::get({16}, sumType);
    auto run = VectorType::get({32}, elem);
    Value zeros = arith::ConstantOp::create(
        b, loc, sumVector,
        DenseElementsAttr::get(sumVector, b.getZeroAttr(sumType)));
    int64_t wholeDepth = depth / 32 * 32;
    // The outputs [i0, i0 + nRows) x [j0, j0 + nCols).
    auto dotTile = [&](OpBuilder &tb, Value i0, int64_t nRows, Value j0,
                       int64_t nCols) {
      SmallVector<Value> xRows, wRows;
      for (int64_t r = 0; r < nRows; ++r)
        xRows.push_back(r ? arith::AddIOp::create(tb, loc, i0, index(tb, r))
                                .getResult()
                          : i0);
      for (int64_t c = 0; c < nCols; ++c)
        wRows.push_back(c ? arith::AddIOp::create(tb, loc, j0, index(tb, c))
                                .getResult()
                          : j0);
      SmallVector<Value> nextWRows;
      if (prefetch)
        for (Value row : wRows)
          nextWRows.push_back(clampedRow(
              tb, w, arith::AddIOp::create(tb, loc, row, index(tb, nCols))));
      // One step of 32 along k from `k`, read masked past the depth when
      // `tail` (the missing elements zero in both operands).
      auto step = [&](OpBuilder &kb, Value k, ValueRange acc, bool tail) {
        auto read = [&](Value source, Value row) -> Value {
          if (!tail)
            return vector::LoadOp::create(kb, loc, run, source,
                                          ValueRange{row, k});
          return vector::TransferReadOp::create(kb, loc, run, source,
                                                {row, k}, zeroElem,
                                                ArrayRef<bool>{false});
        };
        SmallVector<Value> xs, ws, next;
        for (Value row : xRows)
          xs.push_back(read(x, row));
        for (Value row : wRows)
          ws.push_back(read(w, row));
        // The next tile's rows of W, at this step's k.
        if (!tail)
          for (Value row : nextWRows)
            prefetchLine(kb, w, row, k);
        for (int64_t r = 0; r < nRows; ++r)
          for (int64_t c = 0; c < nCols; ++c)
            next.push_back(x86vector::DotBF16Op::create(
                kb, loc, sumVector, acc[r * nCols + c], xs[r], ws[c]));
        return next;
      };
      SmallVector<Value> acc(nRows * nCols, zeros);
      if (wholeDepth > 0) {
        auto steps = scf::ForOp::create(
            tb, loc, index(tb, 0), index(tb, wholeDepth), index(tb, 32), acc,
            [&](OpBuilder &kb, Location l, Value k, ValueRange carried) {
              scf::YieldOp::create(kb, l, step(kb, k, carried, false));
            });
        acc.assign(steps.getResults().begin(), steps.getResults().end());
      }
      if (wholeDepth != depth)
        acc = step(tb, index(tb, wholeDepth), acc, true);
      for (int64_t r = 0; r < nRows; ++r)
        for (int64_t c = 0; c < nCols; ++c) {
          Value sum = vector::ReductionOp::create(
              tb, loc, vector::CombiningKind::ADD, acc[r * nCols + c],
              sumFlags);
          SmallVector<Value> at = {xRows[r], wRows[c]};
          if (accumulate) {
            Value old = memref::LoadOp::create(tb, loc, C, at);
            if (outElem != sumType)
              old = arith::ExtFOp::create(tb, loc, sumType, old);
            sum = arith::AddFOp::create(tb, loc, old, sum, sumFlags);
          }
          if (outElem != sumType)
            sum = arith::TruncFOp::create(tb, loc, outElem, sum);
          memref::StoreOp::create(tb, loc, sum, C, at);
        }
    };
    auto columnTiles = [&](OpBuilder &cb, Value j0, int64_t nCols) {
      if (!dynamicRows) {
        for (int64_t i0 = 0; i0 < rows; i0 += tileRows)
          dotTile(cb, index(cb, i0), std::min(tileRows, rows - i0), j0, nCols);
        return;
      }
      Value count = memref::DimOp::create(cb, loc, x, 0);
      Value whole = arith::MulIOp::create(
          cb, loc, arith::DivUIOp::create(cb, loc, count, index(cb, tileRows)),
          index(cb, tileRows));
      meld::codegen::stepLoop(cb, loc, index(cb, 0), whole, tileRows,
                              [&](OpBuilder &rb, Value i0) {
                                dotTile(rb, i0, tileRows, j0, nCols);
                              });
      // The last rows (fewer than a tile) as one tile of their count:
      // each of them alone had 4 accumulators, bound by the dots' latency
      // (19 rows of 2048 x 2048: 592 -> 677 GFLOP/s).
      SmallVector<int64_t> lastCounts =
          llvm::to_vector(llvm::seq<int64_t>(1, tileRows));
      auto lastRows = scf::IndexSwitchOp::create(
          cb, loc, TypeRange{}, arith::SubIOp::create(cb, loc, count, whole),
          lastCounts, lastCounts.size());
      for (auto [region, last] :
           llvm::zip(lastRows.getCaseRegions(), lastCounts)) {
        OpBuilder rb = OpBuilder::atBlockBegin(&region.emplaceBlock());
        dotTile(rb, whole, last, j0, nCols);
        scf::YieldOp::create(rb, loc);
      }
      OpBuilder db =
          OpBuilder::atBlockBegin(&lastRows.getDefaultRegion().emplaceBlock());
      scf::YieldOp::create(db, loc);
    };
    Value cols = memref::DimOp::create(b, loc, C, 1);
    Value wholeCols = arith::MulIOp::create(
        b, loc,
        arith::DivUIOp::create(b, loc, cols, index(b, tileCols)),
        index(b, tileCols));
    meld::codegen::stepLoop(
        b, loc, index(b, 0), wholeCols, tileCols,
        [&](OpBuilder &cb, Value j0) { columnTiles(cb, j0, tileCols); });
    if (tileCols > 1)
      meld::codegen::stepLoop(
          b, loc, wholeCols, cols, 1,
          [&](OpBuilder &cb, Value j0) { columnTiles(cb, j0, 1); });
  };

  // Batch dimensions one at a time.
  SmallVector<Value> batch;
  std::function<void(OpBuilder &, int64_t)> batchLoop = [&](OpBuilder &b,
                                                            int64_t d) {
    if (d == n - 3) {
      Value x = slice2d(b, loc, lhs,
                        types->batchedLhs ? ValueRange(batch) : ValueRange()),
            w = slice2d(b, loc, rhs, batch),
            C = slice2d(b, loc, out, batch);
      if (alongRows) {
        rowDotProduct(b, x, w, C);
        return;
      }
      if (!ShapedType::isDynamic(rows) || !transposedRhs) {
        product(b, maySwap ? swappedLayout : plainLayout, x, w, C);
        return;
      }
      // Dynamic rows of `x @ W^T`: swapped for few (on tiles), with dots
      // along rows for few (with dots: a decode step of any batch, an
      // expert's rows).
      Value count = memref::DimOp::create(b, loc, x, 0);
      scf::IfOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, count,
                                index(b, dots ? kDynamicRowDotsMaxRows
                                              : kSwappedMaxRows)),
          [&](OpBuilder &tb, Location l) {
            if (dots)
              rowDotProduct(tb, x, w, C);
            else
              product(tb, swappedLayout, x, w, C);
            scf::YieldOp::create(tb, l);
          },
          [&](OpBuilder &eb, Location l) {
            product(eb, plainLayout, x, w, C);
            scf::YieldOp::create(eb, l);
          });
      return;
    }
    // (A dynamic batch range: a block of a dynamic batch of images.)
    Value batchSize = ShapedType::isDynamic(ranges[d])
                          ? memref::DimOp::create(b, loc, out, d).getResult()
                          : index(b, ranges[d]);
    meld::codegen::stepLoop(b, loc, index(b, 0), batchSize, 1,
                            [&](OpBuilder &nb, Value iv) {
                              batch.push_back(iv);
                              batchLoop(nb, d + 1);
                              batch.pop_back();
                            });
  };
  batchLoop(rewriter, 0);
  rewriter.eraseOp(op);
  if (fill)
    rewriter.eraseOp(fill);
  return true;
}

void meld::codegen::stepLoop(OpBuilder &b, Location loc, Value begin, Value end,
                             int64_t step,
                             function_ref<void(OpBuilder &, Value)> body) {
  scf::ForOp::create(b, loc, begin, end,
                     arith::ConstantIndexOp::create(b, loc, step), ValueRange{},
                     [&](OpBuilder &nb, Location l, Value iv, ValueRange) {
                       body(nb, iv);
                       scf::YieldOp::create(nb, l);
                     });
}

Value meld::codegen::allocScratch(OpBuilder &b, Location loc, Block &entry,
                                  MemRefType type) {
  Value buffer =
      memref::AllocOp::create(b, loc, type, b.getI64IntegerAttr(64));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(entry.getTerminator());
  memref::DeallocOp::create(b, loc, buffer);
  return buffer;
}
