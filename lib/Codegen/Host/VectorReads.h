//===- VectorReads.h - Strided vector reads of a buffer's rows -*- C++ -*-===//
//
// The vector read that meld-vectorize-host-copies (VectorizeHostCopies.cpp)
// and meld-vectorize-host-windows (VectorizeHostWindows.cpp) both make of
// a buffer's last dim at a constant stride.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_VECTORREADS_H
#define MELD_LIB_CODEGEN_HOST_VECTORREADS_H

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/SmallVector.h"

namespace meld::codegen {

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
