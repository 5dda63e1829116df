//===- meld-opt.cpp - Meld optimizer driver -------------------------------===//
//
// An mlir-opt-style driver that knows the meld dialect and just the upstream
// dialects and passes Meld programs use: func, arith (index arithmetic for
// dynamic sizes), and the generic transforms (canonicalize, cse, inline,
// symbol-dce, ...).
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Codegen/Passes.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  // Upstream's passes and dialects too, so that every stage of the code
  // generation pipeline can be reproduced and tested with meld-opt alone.
  mlir::registerAllPasses();
  meld::registerAllMeldPasses();
  meld::registerMeldCodegenPasses();

  mlir::DialectRegistry registry;
  registry.insert<meld::MeldDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv,
      "Meld optimizer driver: verify, canonicalize and fuse meld "
      "programs\n",
      registry));
}
