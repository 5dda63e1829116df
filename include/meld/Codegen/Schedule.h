//===- Schedule.h - Schedules and kernel metadata as JSON -------*- C++ -*-===//
//
// The bundle's description of kernels and schedules (docs/bundle-format.md).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_SCHEDULE_H
#define MELD_CODEGEN_SCHEDULE_H

#include "meld/Bundle/Bundle.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

namespace meld::codegen {

/// "f32", "bf16", "i1", ...; empty for a type that is not a meld element type.
std::string dtypeName(mlir::Type type);

/// Describes an outlined kernel in tensor form: its name and kind, its
/// inputs (tensors with dtype and static shape, or index scalars), and its
/// outputs with shapes as formulas of the inputs. Fails with an error when
/// a dynamic result size has no such formula.
mlir::FailureOr<llvm::json::Object> describeKernel(mlir::func::FuncOp kernel);

/// The schedule of program function `program` (after meld-outline-kernels):
/// `kernelIndex` maps kernel names to their index in the bundle; constant
/// tensors are added to `bundle` as blobs.
mlir::FailureOr<llvm::json::Object>
writeSchedule(mlir::func::FuncOp program,
              const llvm::StringMap<int64_t> &kernelIndex,
              bundle::Bundle &bundle);

} // namespace meld::codegen

#endif // MELD_CODEGEN_SCHEDULE_H
