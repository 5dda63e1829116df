//===- IrFuzzer.cpp - Fuzz the parser, verifier, limits and fusion --------===//
//
// Input: program text. It goes through everything a compile does before
// code generation: the text checks, the parser and verifier, the module
// limits, then the fusion pipeline. A program that parses and verifies is
// also run by the interpreter before and after fusion, on the same
// pseudo-random arguments. Findings, besides crashes, leaks and undefined
// behaviour:
//  - the fusion pipeline fails, or leaves invalid IR, on a verified program;
//  - the fused program computes anything but bit-identical results (fusion
//    only regroups ops; the interpreter rounds each op the same way inside
//    a kernel or outside).
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "meld/Dialect/Meld/Transforms/Passes.h"
#include "meld/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <vector>

using namespace mlir;
using meld::ref::HostTensor;

static std::optional<std::vector<HostTensor>>
interpret(ModuleOp module, llvm::StringRef name,
          llvm::ArrayRef<HostTensor> args) {
  meld::InterpreterOptions options;
  options.maxWhileIterations = 1000;
  options.maxCallDepth = 16;
  options.maxTensorElements = 1 << 16;
  meld::Interpreter interpreter(module, options);
  FailureOr<std::vector<HostTensor>> results = interpreter.run(name, args);
  if (failed(results))
    return std::nullopt;
  return std::move(*results);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text = meld::fuzz::asText(data, size);
  MLIRContext &context = meld::fuzz::getContext();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.mlir"), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = meld::parseCheckedModule(
      sourceMgr, &context, meld::fuzz::getFuzzLimits());
  if (!module)
    return 0;

  func::FuncOp entry = meld::findEntryFunction(*module, "");
  std::optional<std::vector<HostTensor>> expected;
  std::vector<HostTensor> args;
  if (entry && !entry.isExternal()) {
    FailureOr<std::vector<HostTensor>> random =
        meld::makeRandomArguments(entry, /*seed=*/size, /*dynamicSize=*/3);
    if (succeeded(random)) {
      args = std::move(*random);
      expected = interpret(*module, entry.getSymName(), args);
    }
  }

  OwningOpRef<ModuleOp> fused = module->clone();
  PassManager pm(&context);
  meld::buildFusionPipeline(pm);
  if (failed(pm.run(*fused)))
    meld::fuzz::reportFinding("the fusion pipeline failed on a verified "
                              "program",
                              text);
  if (failed(verify(*fused)))
    meld::fuzz::reportFinding("fusion left invalid IR", text);
  if (!expected)
    return 0;
  std::optional<std::vector<HostTensor>> actual =
      interpret(*fused, entry.getSymName(), args);
  if (!actual)
    meld::fuzz::reportFinding("the interpreter fails on the fused program "
                              "but not on the original",
                              text);
  if (actual->size() != expected->size())
    meld::fuzz::reportFinding("fusion changed the number of results", text);
  for (size_t i = 0; i < actual->size(); ++i)
    if (!(*actual)[i].identical((*expected)[i]))
      meld::fuzz::reportFinding("fusion changed result #" + llvm::Twine(i),
                                text);
  return 0;
}
