//===- VectorReads.h - Strided vector reads of a buffer's rows -*- C++ -*-===//
//
// The vector read that meld-vectorize-host-copies (VectorizeHostCopies.cpp)
// and meld-vectorize-host-windows (VectorizeHostWindows.cpp) both make of
// a buffer's last dim at a constant stride, the checks of an index
// expression that the windows and meld-vectorize-host-taps
// (VectorizeHostTaps.cpp) make to find that stride, and what the taps and
// meld-vectorize-host-outer-products (VectorizeHostOuterProducts.cpp) share:
// the check of the sums of products they take, and the index constants and
// map indices of the loops they build.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_VECTORREADS_H
#define MELD_LIB_CODEGEN_HOST_VECTORREADS_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace meld::codegen {

/// The constant value of `e` with `dims` substituted, if it folds to one.
inline std::optional<int64_t> evaluate(mlir::AffineExpr e,
                                       llvm::ArrayRef<int64_t> dims) {
  llvm::SmallVector<mlir::AffineExpr> values;
  for (int64_t v : dims)
    values.push_back(mlir::getAffineConstantExpr(v, e.getContext()));
  auto c = llvm::dyn_cast<mlir::AffineConstantExpr>(
      mlir::simplifyAffineExpr(e.replaceDims(values), dims.size(), 0));
  if (!c)
    return std::nullopt;
  return c.getValue();
}

/// Whether `e` is linear in the loops: sums of loops times constants.
inline bool isLinear(mlir::AffineExpr e) {
  bool linear = true;
  e.walk([&](mlir::AffineExpr sub) {
    switch (sub.getKind()) {
    case mlir::AffineExprKind::Mod:
    case mlir::AffineExprKind::FloorDiv:
    case mlir::AffineExprKind::CeilDiv:
    case mlir::AffineExprKind::SymbolId:
      linear = false;
      break;
    case mlir::AffineExprKind::Mul: {
      auto mul = llvm::cast<mlir::AffineBinaryOpExpr>(sub);
      linear &= llvm::isa<mlir::AffineConstantExpr>(mul.getLHS()) ||
                llvm::isa<mlir::AffineConstantExpr>(mul.getRHS());
      break;
    }
    default:
      break;
    }
  });
  return linear;
}

/// Whether the body of `op` is `out + in0 * in1` (either order of either
/// op), the add allowed to reassociate and the product to contract into
/// it (the rewrites sum in another order, with fused multiply-adds).
inline bool isProductSum(mlir::linalg::GenericOp op) {
  using namespace mlir;
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 3 || body.getNumArguments() != 3)
    return false;
  auto yield = llvm::cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add || !arith::bitEnumContainsAll(add.getFastmath(),
                                         arith::FastMathFlags::reassoc))
    return false;
  Value out = body.getArgument(2);
  Value product = add.getLhs() == out ? add.getRhs() : add.getLhs();
  if (add.getLhs() != out && add.getRhs() != out)
    return false;
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul || !arith::bitEnumContainsAll(mul.getFastmath(),
                                         arith::FastMathFlags::contract))
    return false;
  Value in0 = body.getArgument(0), in1 = body.getArgument(1);
  return (mul.getLhs() == in0 && mul.getRhs() == in1) ||
         (mul.getLhs() == in1 && mul.getRhs() == in0);
}

/// The static loops of a generic on f32 buffers that sums products of two
/// inputs into one output (`isProductSum`, no `linalg.index`): their
/// ranges, the parallel ones first and then at least one reduction.
struct ProductSumLoops {
  llvm::SmallVector<int64_t> ranges;
  int64_t parallel = 0;
};

/// `op`'s loops as ProductSumLoops, or nullopt.
inline std::optional<ProductSumLoops>
matchProductSumLoops(mlir::linalg::GenericOp op) {
  using namespace mlir;
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || op.hasIndexSemantics() ||
      !isProductSum(op))
    return std::nullopt;
  for (Value v : op->getOperands()) {
    auto type = llvm::dyn_cast<MemRefType>(v.getType());
    if (!type || !type.getElementType().isF32())
      return std::nullopt;
  }
  ProductSumLoops loops;
  loops.ranges = op.getStaticLoopRanges();
  if (llvm::any_of(loops.ranges, ShapedType::isDynamic))
    return std::nullopt;
  loops.parallel = op.getNumParallelLoops();
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [i, iterator] : llvm::enumerate(iterators))
    if ((iterator == utils::IteratorType::parallel) !=
        (static_cast<int64_t>(i) < loops.parallel))
      return std::nullopt;
  if (loops.parallel == static_cast<int64_t>(loops.ranges.size()))
    return std::nullopt;
  return loops;
}

/// Index constants made once each at the start of a function's entry block
/// (each inserted at its very start, so that it dominates loops built
/// before it was asked for), and the indices of a map's results at given
/// loop values.
class LoopIndices {
public:
  LoopIndices(mlir::Operation *op, unsigned loops)
      : entry(op->getParentOfType<mlir::FunctionOpInterface>()
                  .getFunctionBody()
                  .front()),
        top(op->getContext()), loc(op->getLoc()), loops(loops) {}

  /// A builder at the very start of the entry block.
  mlir::OpBuilder &atTop() {
    top.setInsertionPointToStart(&entry);
    return top;
  }
  mlir::Block &entryBlock() { return entry; }

  /// The index constant `v`.
  mlir::Value index(int64_t v) {
    mlir::Value &c = constants[v];
    if (!c)
      c = mlir::arith::ConstantIndexOp::create(atTop(), loc, v);
    return c;
  }

  /// The indices of `map`'s results with the loops at `dims` (null for a
  /// loop the map does not read), constants folded.
  llvm::SmallVector<mlir::Value> indices(mlir::OpBuilder &b,
                                         mlir::AffineMap map,
                                         llvm::ArrayRef<mlir::Value> dims) {
    using namespace mlir;
    SmallVector<OpFoldResult> operands;
    for (Value d : dims)
      operands.push_back(d ? OpFoldResult(d) : OpFoldResult(b.getIndexAttr(0)));
    return llvm::map_to_vector(map.getResults(), [&](AffineExpr e) -> Value {
      return getValueOrCreateConstantIndexOp(
          b, loc,
          affine::makeComposedFoldedAffineApply(
              b, loc, AffineMap::get(loops, 0, e), operands));
    });
  }

private:
  mlir::Block &entry;
  mlir::OpBuilder top;
  mlir::Location loc;
  unsigned loops;
  llvm::DenseMap<int64_t, mlir::Value> constants;
};

/// The largest stride along a buffer's last dim that readStrided takes.
inline constexpr int64_t kMaxReadStride = 4;

/// `lanes` elements of `source` from `indices`, `stride` apart along its
/// last dim: one `vector.transfer_read` of `lanes * stride` elements
/// (padded with `pad` past the end, unless `inBounds`), then, for a stride
/// above 1, the lanes at its multiples through a `vector.shuffle`.
inline mlir::Value readStrided(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value source, mlir::ValueRange indices,
                               mlir::Value pad, int64_t lanes, int64_t stride,
                               bool inBounds) {
  auto type = mlir::VectorType::get({lanes * stride}, pad.getType());
  mlir::Value v = mlir::vector::TransferReadOp::create(
      b, loc, type, source, indices, pad, llvm::ArrayRef<bool>{inBounds});
  if (stride == 1)
    return v;
  llvm::SmallVector<int64_t> every;
  for (int64_t i = 0; i < lanes; ++i)
    every.push_back(i * stride);
  return mlir::vector::ShuffleOp::create(b, loc, v, v, every);
}

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_HOST_VECTORREADS_H
