//===- VectorReads.h - Strided vector reads of a buffer's rows -*- C++ -*-===//
//
// The vector read that meld-vectorize-host-copies (VectorizeHostCopies.cpp)
// and meld-vectorize-host-windows (VectorizeHostWindows.cpp) both make of
// a buffer's last dim at a constant stride, the checks of an index
// expression that the windows and meld-vectorize-host-taps
// (VectorizeHostTaps.cpp) make to find that stride, and the body check of
// the sums of products that the taps and meld-vectorize-host-outer-products
// (VectorizeHostOuterProducts.cpp) take.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_VECTORREADS_H
#define MELD_LIB_CODEGEN_HOST_VECTORREADS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AffineExpr.h"
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
