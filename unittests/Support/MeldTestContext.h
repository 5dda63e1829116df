//===- MeldTestContext.h - MLIR context for Meld unit tests -----*- C++ -*-===//
//
// An MLIRContext with the dialects Meld programs use, whose diagnostics are
// collected into a string that tests can inspect and print on failure.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_UNITTESTS_SUPPORT_MELDTESTCONTEXT_H
#define MELD_UNITTESTS_SUPPORT_MELDTESTCONTEXT_H

#include "meld/Dialect/Meld/IR/MeldDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>
#include <string>

namespace meld::testing {

struct MeldTestContext {
  MeldTestContext() {
    mlir::DialectRegistry registry;
    registry.insert<meld::MeldDialect, mlir::func::FuncDialect,
                    mlir::arith::ArithDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        &context, [this](mlir::Diagnostic &diag) {
          diagnostics += diag.str() + "\n";
          return mlir::success();
        });
  }

  mlir::MLIRContext context;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  /// Every diagnostic emitted so far, one per line.
  std::string diagnostics;
};

} // namespace meld::testing

#endif // MELD_UNITTESTS_SUPPORT_MELDTESTCONTEXT_H
