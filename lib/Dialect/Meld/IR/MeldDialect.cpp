//===- MeldDialect.cpp - Meld dialect -------------------------------------===//
//
// Registers the meld ops and materializes folded constants: tensors become
// meld.constant, `index` values (folded meld.dim) become arith.constant.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Dialect/Meld/IR/MeldOps.h"

using namespace mlir;
using namespace meld;

#include "meld/Dialect/Meld/IR/MeldOpsDialect.cpp.inc"

void MeldDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "meld/Dialect/Meld/IR/MeldOps.cpp.inc"
      >();
}

Operation *MeldDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  if (isa<IndexType>(type)) {
    if (auto intAttr = dyn_cast<IntegerAttr>(value))
      return arith::ConstantOp::create(builder, loc, type, intAttr);
    return nullptr;
  }
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}
