//===- HostContractions.h - Shared by the host contraction emitters -*- C++ -*-===//
//
// What meld-vectorize-host-contractions (VectorizeHostContractions.cpp)
// shares with its AMX emitter (AmxContractions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H
#define MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <utility>

namespace meld::codegen {

/// The multiply and the add of a contraction whose body is exactly
/// `out + lhs * rhs` (either operand order) with a reassociable sum, or
/// nothing.
std::optional<std::pair<mlir::arith::MulFOp, mlir::arith::AddFOp>>
matchReassociableMulAdd(mlir::linalg::GenericOp op);

/// Computes a matmul on buffers on AMX tiles: batched or not, whose right
/// operand is `B[k][j]` or `B[j][k]`, with static batch and reduction
/// ranges and any rows and columns; bf16 operands summed in f32 (a bf16
/// output rounded once; the sum needs `reassoc`), or, with `int8` (the CPU
/// has AMX-INT8), i8 operands summed in i32. Returns false, changing
/// nothing, for another op.
bool emitAmxContraction(mlir::RewriterBase &rewriter,
                        mlir::linalg::GenericOp op, bool int8);

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H
