//===- MakeConformanceData.cpp - Cases for the runtime conformance test ---===//
//
// meld-conformance-data <out-dir> [targets] [program.mlir...]
//
// Compiles every program of the code generation suite (examples/, the
// fusion model suite, test/Codegen/programs), or the programs named, for
// the given targets
// (default host,nvptx,amdgpu), runs each function through the reference
// interpreter on two sets of random inputs of the same shapes, and writes
// one case per function: <name>.meldb and <name>.json, whose "a" and "b"
// entries list raw input and expected output files (compiled-code layout,
// see ref::encodeRaw). The runtime's ConformanceTest runs them on every
// backend; the files need no MLIR to read, so they travel to GPU machines.
//
//===----------------------------------------------------------------------===//

#include "../Codegen/ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Interpreter/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;

static bool writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "cannot write " << path << ": " << ec.message() << "\n";
    return false;
  }
  os << bytes;
  return true;
}

static llvm::json::Array
tensorList(const std::vector<meld::ref::HostTensor> &ts, const std::string &dir,
           const std::string &prefix) {
  llvm::json::Array out;
  for (auto [i, t] : llvm::enumerate(ts)) {
    std::string file = prefix + std::to_string(i) + ".bin";
    writeFile(dir + "/" + file, meld::ref::encodeRaw(t));
    llvm::json::Array shape;
    for (int64_t d : t.getShape())
      shape.push_back(d);
    out.push_back(
        llvm::json::Object{{"file", file},
                           {"dtype", meld::ref::toString(t.getKind())},
                           {"shape", std::move(shape)}});
  }
  return out;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: meld-conformance-data <out-dir> [targets] "
                    "[program.mlir...]\n";
    return 2;
  }
  std::string outDir = argv[1];
  meld::CompileOptions options;
  options.targets.clear();
  for (llvm::StringRef t :
       llvm::split(argc > 2 ? argv[2] : "host,nvptx,amdgpu", ','))
    options.targets.push_back(t.str());
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir)) {
    llvm::errs() << "cannot create " << outDir << ": " << ec.message() << "\n";
    return 1;
  }

  DialectRegistry registry;
  registry.insert<meld::MeldDialect, func::FuncDialect, arith::ArithDialect>();
  meld::codegen::registerCodegenDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  int cases = 0, failures = 0;
  // Programs named after the targets replace the suite (the benchmark
  // models, for timing runs on a device).
  std::vector<std::string> programs(argv + std::min(argc, 3), argv + argc);
  if (programs.empty())
    programs = meld::testing::codegenTestPrograms();
  for (const std::string &file : programs) {
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(file, &context);
    if (!module) {
      ++failures;
      continue;
    }
    FailureOr<meld::bundle::Bundle> bundle =
        meld::compileToBundle(*module, options);
    if (failed(bundle)) {
      llvm::errs() << file << ": does not compile\n";
      ++failures;
      continue;
    }
    std::string stem = (llvm::sys::path::parent_path(file).rsplit('/').second +
                        "_" + llvm::sys::path::stem(file))
                           .str();
    std::string bundleFile = stem + ".meldb";
    if (!writeFile(outDir + "/" + bundleFile, bundle->toBytes()))
      return 1;
    for (auto func : module->getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      std::string name = stem + "." + func.getSymName().str();
      llvm::json::Object manifest{{"bundle", bundleFile},
                                  {"function", func.getSymName().str()}};
      bool ok = true;
      for (auto [key, seed] : {std::pair("a", 1), std::pair("b", 3)}) {
        FailureOr<std::vector<meld::ref::HostTensor>> args =
            meld::makeRandomArguments(func, seed, /*dynamicSize=*/5);
        meld::Interpreter interpreter(*module);
        FailureOr<std::vector<meld::ref::HostTensor>> expected =
            failed(args)
                ? FailureOr<std::vector<meld::ref::HostTensor>>(failure())
                : interpreter.run(func.getSymName(), *args);
        if (failed(expected)) {
          llvm::errs() << name << ": the interpreter failed\n";
          ok = false;
          break;
        }
        manifest[key] = llvm::json::Object{
            {"inputs", tensorList(*args, outDir, name + "." + key + ".in")},
            {"outputs",
             tensorList(*expected, outDir, name + "." + key + ".out")}};
      }
      if (!ok) {
        ++failures;
        continue;
      }
      std::string text;
      llvm::raw_string_ostream os(text);
      os << llvm::json::Value(std::move(manifest));
      writeFile(outDir + "/" + name + ".json", text);
      ++cases;
    }
  }
  llvm::outs() << "wrote " << cases << " cases to " << outDir << "\n";
  return failures ? 1 : 0;
}
