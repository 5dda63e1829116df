//===- LowerStridedCopies.cpp - Copies between strided buffers as loops ---===//
//
// meld-lower-strided-copies: a memref.copy between buffers that are not both
// contiguous becomes a linalg.copy, which linalg-to-loops lowers to loops.
// MemRefToLLVM lowers such a copy to a call of `memrefCopy` from MLIR's
// runner utilities, which neither host code objects nor GPU kernels link:
// a concat along an inner dimension failed to load (see Passes.td).
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace meld {
#define GEN_PASS_DEF_MELDLOWERSTRIDEDCOPIES
#include "meld/Codegen/Passes.h.inc"
} // namespace meld

using namespace mlir;

namespace {
bool isContiguous(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  return type && memref::isStaticShapeAndContiguousRowMajor(type);
}

struct MeldLowerStridedCopiesPass
    : public meld::impl::MeldLowerStridedCopiesBase<
          MeldLowerStridedCopiesPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      // Identity layouts (static or dynamic sizes) lower to one memcpy.
      auto source = cast<MemRefType>(copy.getSource().getType());
      auto target = cast<MemRefType>(copy.getTarget().getType());
      bool identity = source.getLayout().isIdentity() &&
                      target.getLayout().isIdentity();
      if (!identity &&
          !(isContiguous(copy.getSource()) && isContiguous(copy.getTarget())))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};
} // namespace
