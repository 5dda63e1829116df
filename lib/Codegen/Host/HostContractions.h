//===- HostContractions.h - The host's AMX contraction emitter -*- C++ -*-===//
//
// The AMX emitter (AmxContractions.cpp) that meld-vectorize-host-
// contractions (VectorizeHostContractions.cpp) calls.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H
#define MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace meld::codegen {

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
