//===- MakeConformanceData.cpp - Cases for the runtime conformance test ---===//
//
// meld-conformance-data [--wmma] <out-dir> [targets] [program.mlir...]
//
// Compiles every program of the code generation suite (examples/, the
// fusion model suite, test/Codegen/programs), or the programs named, for
// the given targets (default host,nvptx,amdgpu), runs each function
// through the reference interpreter on two sets of random inputs of the
// same shapes, and writes one case per function: <name>.meldb and
// <name>.json, whose "a" and "b" entries list raw input and expected
// output files (compiled-code layout, see ref::encodeRaw). A function on
// which the interpreter fails a check compiled kernels also report
// (integer division by zero) once the last element of one integer input
// is set to a value in [-16, 16] gets a "fails" entry too: those inputs
// and the interpreter's message (without the op's name). The runtime's
// ConformanceTest runs them on every backend; the files need no MLIR to
// read, so they travel to GPU machines. --wmma compiles NVIDIA's f16 matmuls
// with WMMA fragments instead of the default mma.sync
// (CompileOptions::mmaSync = false), to keep that path tried on a GPU.
//
//===----------------------------------------------------------------------===//

#include "../Codegen/ProgramFiles.h"
#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Compiler.h"
#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Interpreter/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

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

namespace {
/// Inputs on which the interpreter fails a runtime check, and its message.
struct Failing {
  std::vector<meld::ref::HostTensor> inputs;
  std::string message;
};
} // namespace

/// The first of input set "a" with the last element of one integer input
/// set to a value in [-16, 16] on which the interpreter fails, if any.
static std::optional<Failing> findFailingInputs(ModuleOp module,
                                                func::FuncOp func) {
  FailureOr<std::vector<meld::ref::HostTensor>> args =
      meld::makeRandomArguments(func, /*seed=*/1, /*dynamicSize=*/5);
  if (failed(args))
    return std::nullopt;
  std::string message;
  // The message without the op ("'meld.div' op integer division by
  // zero"): the runtime names the kernel instead.
  ScopedDiagnosticHandler capture(module.getContext(), [&](Diagnostic &d) {
    if (message.empty() && d.getSeverity() == DiagnosticSeverity::Error) {
      std::string text = d.str();
      llvm::StringRef rest = llvm::StringRef(text).split("' op ").second;
      message = rest.empty() ? text : rest.str();
    }
    return success();
  });
  for (meld::ref::HostTensor &t : *args) {
    if (t.isFloat() || t.getKind() == meld::ref::ElementKind::I1 ||
        t.size() == 0)
      continue;
    int64_t original = t.getInt(t.size() - 1);
    for (int64_t value = -16; value <= 16; ++value) {
      t.setInt(t.size() - 1, value);
      meld::Interpreter interpreter(module);
      message.clear();
      // Only checks compiled kernels report (integer division by zero);
      // other failures of the interpreter are not a kernel's to report.
      if (failed(interpreter.run(func.getSymName(), *args)) &&
          llvm::StringRef(message).contains("division by zero"))
        return Failing{*args, message};
    }
    t.setInt(t.size() - 1, original);
  }
  return std::nullopt;
}

int main(int argc, char **argv) {
  meld::CompileOptions options;
  // --wmma: WMMA fragments instead of mma.sync; --cpu=<name>: the host
  // code's CPU (scripts/gpu-suite.sh carries the cases to another machine).
  for (; argc > 1 && llvm::StringRef(argv[1]).starts_with("--"); --argc, ++argv) {
    llvm::StringRef flag = argv[1];
    if (flag == "--wmma")
      options.mmaSync = false;
    else if (flag.consume_front("--cpu="))
      options.hostCpu = flag.str();
    else
      argc = 0; // an unknown flag: print the usage
  }
  if (argc < 2) {
    llvm::errs() << "usage: meld-conformance-data [--wmma] [--cpu=<name>] "
                    "<out-dir> [targets] [program.mlir...]\n";
    return 2;
  }
  std::string outDir = argv[1];
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
  int cases = 0, failures = 0, failing = 0;
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
      if (std::optional<Failing> f = findFailingInputs(*module, func)) {
        manifest["fails"] = llvm::json::Object{
            {"inputs", tensorList(f->inputs, outDir, name + ".fails.in")},
            {"error", f->message}};
        ++failing;
      }
      std::string text;
      llvm::raw_string_ostream os(text);
      os << llvm::json::Value(std::move(manifest));
      writeFile(outDir + "/" + name + ".json", text);
      ++cases;
    }
  }
  llvm::outs() << "wrote " << cases << " cases (" << failing
               << " with failing inputs) to " << outDir << "\n";
  return failures ? 1 : 0;
}
