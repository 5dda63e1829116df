//===- LowerDynamicExpandShapes.cpp - Dynamic expand_shape as a cast ------===//
//
// meld-lower-dynamic-expand-shapes: a memref.expand_shape of a contiguous
// buffer that splits one dimension into several dynamic ones becomes a
// memref.reinterpret_cast with row-major strides. Upstream's
// expand-strided-metadata (MLIR 22) crashes on such an expand_shape, which
// a reshape of a `?x32` matmul result back into `?x?x32` (batch and sequence
// dims) produces (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace meld {
#define GEN_PASS_DEF_MELDLOWERDYNAMICEXPANDSHAPES
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {
/// Whether some reassociation group of `expand` has two or more dynamic
/// result dimensions (the case expand-strided-metadata cannot take).
bool splitsIntoDynamicDims(memref::ExpandShapeOp expand) {
  MemRefType result = expand.getResultType();
  for (const ReassociationIndices &group :
       expand.getReassociationIndices()) {
    int dynamic = 0;
    for (int64_t dim : group)
      dynamic += result.isDynamicDim(dim);
    if (dynamic > 1)
      return true;
  }
  return false;
}

LogicalResult lowerExpandShape(memref::ExpandShapeOp expand) {
  MemRefType source = expand.getSrcType();
  MemRefType result = expand.getResultType();
  if (!source.getLayout().isIdentity() || !result.getLayout().isIdentity())
    return expand.emitOpError(
        "splits a dimension of a strided buffer into several dynamic ones, "
        "which code generation does not support");
  OpBuilder builder(expand);
  Location loc = expand.getLoc();
  SmallVector<OpFoldResult> sizes = expand.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(sizes.size());
  OpFoldResult stride = builder.getIndexAttr(1);
  for (int64_t dim = static_cast<int64_t>(sizes.size()) - 1; dim >= 0;
       --dim) {
    strides[dim] = stride;
    std::optional<int64_t> a = getConstantIntValue(stride);
    std::optional<int64_t> b = getConstantIntValue(sizes[dim]);
    if (a && b) {
      stride = builder.getIndexAttr(*a * *b);
      continue;
    }
    stride = arith::MulIOp::create(
                 builder, loc,
                 getValueOrCreateConstantIndexOp(builder, loc, stride),
                 getValueOrCreateConstantIndexOp(builder, loc, sizes[dim]))
                 .getResult();
  }
  auto cast = memref::ReinterpretCastOp::create(
      builder, loc, result, expand.getSrc(), builder.getIndexAttr(0), sizes,
      strides);
  expand.replaceAllUsesWith(cast.getResult());
  expand.erase();
  return success();
}

struct MeldLowerDynamicExpandShapesPass
    : public meld::impl::MeldLowerDynamicExpandShapesBase<
          MeldLowerDynamicExpandShapesPass> {
  void runOnOperation() override {
    SmallVector<memref::ExpandShapeOp> expands;
    getOperation()->walk([&](memref::ExpandShapeOp expand) {
      if (splitsIntoDynamicDims(expand))
        expands.push_back(expand);
    });
    for (memref::ExpandShapeOp expand : expands)
      if (failed(lowerExpandShape(expand)))
        return signalPassFailure();
  }
};
} // namespace
