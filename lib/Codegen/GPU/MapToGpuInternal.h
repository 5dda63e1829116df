//===- MapToGpuInternal.h - Shared pieces of meld-map-to-gpu ----*- C++ -*-===//
//
// meld-map-to-gpu is spread over three files: MapToGpu.cpp (the pass:
// each kernel to one GPU kernel, horizontal dispatch, grid-stride loops,
// workgroup memory), MapToGpuDistribute.cpp (ops over a workgroup's
// threads: output-parallel, vectorized, cooperative reductions; and the
// helpers all three use) and MapToGpuGemm.cpp (tiled GEMMs on SIMT threads,
// tensor cores or AMD matrix cores). This header declares what they share.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_GPU_MAPTOGPUINTERNAL_H
#define MELD_LIB_CODEGEN_GPU_MAPTOGPUINTERNAL_H

#include "meld/Codegen/Passes.h"

namespace meld::maptogpu {

/// Workgroup memory a kernel may use for its intermediates (the static
/// shared-memory limit of NVIDIA GPUs; AMD GPUs have 64 KiB).
inline constexpr int64_t kWorkgroupMemoryLimit = 48 * 1024;

/// Where the threads of a workgroup come from: on a GPU every thread runs
/// the code and reads its id; emulated, a loop over thread ids wraps each
/// phase.
struct Threads {
  bool emulate;
  int64_t blockSize;
  /// Tiled GEMMs may use gpu.subgroup_mma (never when emulating).
  bool tensorCores = false;
  /// Tiled GEMMs may use amdgpu.mfma (emulated: its documented semantics
  /// on the lanes' registers kept in memory).
  bool mfma = false;
  /// Tiled GEMMs may use nvgpu.mma.sync (PTX mma.sync m16n8k16; emulated
  /// like mfma).
  bool mmaSync = false;

  /// A horizontal sub-kernel spread over `workgroups` workgroups (an
  /// elementwise op, which needs no barrier): this workgroup's first
  /// thread in the sub-kernel's numbering, and the workgroup count.
  mlir::Value firstThread;
  int64_t workgroups = 1;

  /// Emits `body(tid)` as run by every thread of the workgroup (`tid`
  /// counts across the sub-kernel's workgroups, see firstThread).
  void
  forEach(mlir::OpBuilder &b, mlir::Location loc,
          llvm::function_ref<void(mlir::OpBuilder &, mlir::Value)> body) const {
    auto offset = [&](mlir::Value tid) -> mlir::Value {
      return firstThread ? mlir::arith::AddIOp::create(b, loc, tid, firstThread)
                         : tid;
    };
    if (!emulate) {
      mlir::Value tid =
          mlir::gpu::ThreadIdOp::create(b, loc, mlir::gpu::Dimension::x);
      body(b, offset(tid));
      return;
    }
    mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, loc, 0);
    mlir::Value one = mlir::arith::ConstantIndexOp::create(b, loc, 1);
    mlir::Value threads =
        mlir::arith::ConstantIndexOp::create(b, loc, blockSize);
    auto loop = mlir::scf::ForOp::create(b, loc, zero, threads, one);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    body(b, offset(loop.getInductionVar()));
  }

  /// Makes the writes of one phase visible to the next.
  void barrier(mlir::OpBuilder &b, mlir::Location loc) const {
    if (!emulate)
      mlir::gpu::BarrierOp::create(b, loc);
  }

  /// The threads that share the work (all of a sub-kernel's workgroups).
  mlir::Value size(mlir::OpBuilder &b, mlir::Location loc) const {
    return mlir::arith::ConstantIndexOp::create(b, loc,
                                                blockSize * workgroups);
  }
};

//===----------------------------------------------------------------------===//
// MapToGpuDistribute.cpp
//===----------------------------------------------------------------------===//

/// A loop carrying `init` whose body yields its iteration arguments
/// unchanged until the caller sets the terminator's operands.
mlir::scf::ForOp createLoop(mlir::OpBuilder &b, mlir::Location loc,
                            mlir::Value lower, mlir::Value upper,
                            mlir::Value step, mlir::ValueRange init);

/// The product of `sizes`, 1 for none.
mlir::Value product(mlir::OpBuilder &b, mlir::Location loc,
                    llvm::ArrayRef<mlir::OpFoldResult> sizes);

/// The combining op of a single-output reduction with a known neutral
/// element; null otherwise.
mlir::Operation *matchCombiner(mlir::linalg::GenericOp op);

/// Indices of operand `map` at loop indices `ivs`.
llvm::SmallVector<mlir::Value> applyIndexingMap(mlir::OpBuilder &b,
                                                mlir::Location loc,
                                                mlir::AffineMap map,
                                                mlir::ValueRange ivs);

/// The buffer a view ultimately refers to.
mlir::Value rootBuffer(mlir::Value value);

/// Elements one thread takes at once along the innermost loop of an
/// elementwise op (any number of outputs, each with the identity map), or
/// 0 when it goes element by element. The widest element type sets it.
int64_t vectorWidth(mlir::linalg::GenericOp op);

/// Distributes elementwise `op` over the threads `width` elements at a
/// time (vectorWidth).
void distributeVectorized(mlir::OpBuilder &b, mlir::linalg::GenericOp op,
                          int64_t width, const Threads &threads);

/// Distributes `op`'s parallel iterations over the threads round-robin,
/// each thread running the reduction loops of the outputs it owns.
mlir::LogicalResult distributeOutputs(mlir::OpBuilder &b,
                                      mlir::linalg::LinalgOp op,
                                      const Threads &threads);

/// Reduces `op` with every thread of the workgroup (a cooperative
/// reduction), `combiner` (matchCombiner) joining the partials.
void distributeReduction(mlir::OpBuilder &b, mlir::linalg::GenericOp op,
                         mlir::Operation *combiner, const Threads &threads,
                         mlir::Block &entry);

/// The largest value loop `dim` of `op` can take; ShapedType::kDynamic if
/// unbounded.
int64_t loopUpperBound(mlir::linalg::LinalgOp op, unsigned dim);

/// Whether `op` is better reduced by the whole workgroup than by one thread
/// per output.
bool prefersCooperativeReduction(mlir::linalg::GenericOp op, int64_t blockSize);

//===----------------------------------------------------------------------===//
// MapToGpuGemm.cpp
//===----------------------------------------------------------------------===//

/// Bytes of workgroup memory `value`'s type takes at its constant upper
/// bound size, 16-byte aligned; failure when a size is unbounded.
mlir::FailureOr<int64_t> workgroupBytes(mlir::Value value);

/// Replaces every contraction of `func` that matches by a tiled GEMM with
/// its epilogue applied in registers.
void tileContractions(mlir::func::FuncOp func, const Threads &threads);

} // namespace meld::maptogpu

#endif // MELD_LIB_CODEGEN_GPU_MAPTOGPUINTERNAL_H
