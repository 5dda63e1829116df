//===- MeldOps.h - Meld dialect operations ----------------------*- C++ -*-===//
//
// Declares the meld ops, and the conversions between MLIR tensor types and
// attributes and the reference HostTensor that folders and the interpreter
// share.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_DIALECT_MELD_IR_MELDOPS_H
#define MELD_DIALECT_MELD_IR_MELDOPS_H

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Reference/HostTensor.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Error.h"

#include "meld/Dialect/Meld/IR/MeldEnums.h.inc"

namespace meld {
/// Unit-free attribute on a `func.func` that `meld-outline-kernels` made from
/// a fusion group; its value is the group's FusionKind name.
inline constexpr llvm::StringLiteral kKernelAttrName = "meld.kernel";
/// Integer attribute on a foreach body (a host kernel over flattened
/// tensors, Codegen/Host/ForeachKernels.cpp): the argument whose size every
/// full-size value of the body has.
inline constexpr llvm::StringLiteral kForeachSizeArgAttrName =
    "meld.foreach_size_arg";
/// Integer attribute on an argument of a program function: the argument's
/// buffer is donated to that result, which compiled code then writes in
/// place of the argument (an optimizer's state updated in place). The
/// compiler checks that this is safe (codegen's schedule writer); the
/// interpreter ignores it (docs/dialect.md, "Donated arguments").
inline constexpr llvm::StringLiteral kDonateAttrName = "meld.donate";
/// Unit attribute meld-split-reductions puts on the partial stage of a
/// split reduction (a `meld.kernel`, then the function outlined from it):
/// each row of its leading output dimension is one block of work, so code
/// generation gives every row a block (host thread share, GPU workgroup) of
/// its own, and horizontal fusion never packs it with other kernels.
inline constexpr llvm::StringLiteral kSplitPartialsAttrName =
    "meld.split_partials";
/// Kernels in buffer form end with two `index` arguments: the range
/// [begin, end) of blocks one call computes (host threads split the grid).
inline constexpr int kBlockRangeArgs = 2;
} // namespace meld

namespace meld::trait {
/// Verifies that all tensor operands and results have exactly the same
/// shape (a static size never matches a dynamic one): elementwise ops must
/// not hide a shape assertion in their types.
mlir::LogicalResult verifySameExactShapes(mlir::Operation *op);

template <typename ConcreteType>
class SameExactOperandsAndResultType
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      SameExactOperandsAndResultType> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifySameExactShapes(op);
  }
};
} // namespace meld::trait

#define GET_OP_CLASSES
#include "meld/Dialect/Meld/IR/MeldOps.h.inc"

namespace meld {

/// The reference element kind of `type`, or nullopt for types meld does not
/// support.
std::optional<ref::ElementKind> getElementKind(mlir::Type type);
/// The MLIR type of `kind`.
mlir::Type getElementType(mlir::MLIRContext *context, ref::ElementKind kind);

/// Converts a constant of a supported element type to a HostTensor.
mlir::FailureOr<ref::HostTensor> toHostTensor(mlir::ElementsAttr attr);
/// Converts `tensor` to a dense attribute.
mlir::DenseElementsAttr toElementsAttr(mlir::MLIRContext *context,
                                       const ref::HostTensor &tensor);

/// Computes the result of `op`, a meld op without regions, from its tensor
/// operands (index operands are not passed) with the reference kernels.
/// `resultShape` is the result's concrete shape; it is only read by ops whose
/// result shape is not implied by their operands (iota, broadcast_in_dim,
/// reshape). This is the single definition of what these ops compute: the
/// folders and the interpreter both call it.
llvm::Expected<ref::HostTensor>
evaluateOp(mlir::Operation *op, llvm::ArrayRef<ref::HostTensor> operands,
           llvm::ArrayRef<int64_t> resultShape);

} // namespace meld

#endif // MELD_DIALECT_MELD_IR_MELDOPS_H
