//===- HostContractions.h - The host's paired-k contraction emitter -*- C++ -*-===//
//
// The emitter of products over pairs (quads) of k (PairedContractions.cpp:
// AMX tiles, AVX512-BF16 dot products) that meld-vectorize-host-
// contractions (VectorizeHostContractions.cpp) calls.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H
#define MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace meld::codegen {

/// The instructions a paired product runs on.
enum class PairedKernel {
  /// AMX tiles: tdpbf16ps (tdpbssd for i8) on 2 x 2 tiles of 16 x 16 sums.
  AmxTiles,
  /// AVX512-BF16: vdpbf16ps on register tiles of `rows` x 16 `vectors`
  /// f32 sums, each step one pair of k.
  Avx512Dots,
};

/// The register tile of `PairedKernel::Avx512Dots`: rows, and vectors of
/// 16 f32 sums per row (swapped products take 4 x 4 whatever it is).
struct DotTile {
  int64_t rows = 8, vectors = 2;
};

/// Whether emitPairedContraction takes `op` (on dots: `int8` false).
bool isPairedContraction(mlir::linalg::GenericOp op, bool int8);

/// Computes a matmul on buffers with `kernel`: batched or not, whose right
/// operand is `B[k][j]` or `B[j][k]`, with static batch and reduction
/// ranges and any rows and columns; bf16 operands summed in f32 (a bf16
/// output rounded once; the sum needs `reassoc`), or, with `int8` on AMX
/// tiles (the CPU has AMX-INT8), i8 operands summed in i32. Returns false,
/// changing nothing, for another op.
bool emitPairedContraction(mlir::RewriterBase &rewriter,
                           mlir::linalg::GenericOp op, PairedKernel kernel,
                           bool int8, DotTile dotTile = {});

/// A 64-byte aligned scratch buffer of `type` on the heap, allocated at
/// `b`'s insertion point and freed before the terminator of `entry`, the
/// kernel's block.
mlir::Value allocScratch(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Block &entry, mlir::MemRefType type);

/// A loop without results from `begin` to `end` by `step`, whose body is
/// `body(b, iv)`, built at `b`'s insertion point.
void stepLoop(mlir::OpBuilder &b, mlir::Location loc, mlir::Value begin,
              mlir::Value end, int64_t step,
              llvm::function_ref<void(mlir::OpBuilder &, mlir::Value)> body);

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_HOST_HOSTCONTRACTIONS_H
