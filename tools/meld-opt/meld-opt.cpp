//===- meld-opt.cpp - Meld optimizer driver -------------------------------===//
//
// An mlir-opt-style driver that knows the meld dialect and just the upstream
// dialects and passes Meld programs use: func, arith (index arithmetic for
// dynamic sizes), and the generic transforms (canonicalize, cse, inline,
// symbol-dce, ...).
//
// Before MLIR's own driver sees a file, meld-opt checks its text (NUL bytes,
// nesting depth) and puts meld-check-limits first in the pipeline, so that a
// pathological program gets a located error instead of a stack overflow
// (meld/Support/Limits.h, docs/limits.md).
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Codegen/Passes.h"
#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Support/Limits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

/// The NUL-byte and nesting checks on the raw file, with the diagnostics
/// printed like the parser's.
static LogicalResult checkText(const llvm::MemoryBuffer &file,
                               const meld::ProgramLimits &limits) {
  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(file.getMemBufferRef(),
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  return meld::checkProgramText(sourceMgr, &context, limits);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
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

  meld::registerProgramLimitsCLOptions();
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv,
      "Meld optimizer driver: verify, canonicalize and fuse meld programs\n",
      registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  meld::ProgramLimits limits = meld::getProgramLimitsFromCL();
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (failed(checkText(*file, limits)))
    return EXIT_FAILURE;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }

  MlirOptMainConfig pipeline = config;
  config.setPassPipelineSetupFn([pipeline, limits](PassManager &pm) {
    pm.addPass(meld::createMeldCheckLimits(
        {limits.maxNesting, limits.maxOps, limits.maxTensorElements,
         limits.maxConstantBytes}));
    return pipeline.setupPassPipeline(pm);
  });
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return EXIT_FAILURE;
  output->keep();
  return EXIT_SUCCESS;
}
