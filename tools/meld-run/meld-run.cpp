//===- meld-run.cpp - Run meld programs with the reference interpreter ----===//
//
// Parses and verifies a .mlir file, runs one function with the reference
// interpreter on .npy inputs (or deterministic random ones), prints the
// results and optionally writes them as .npy. Every failure (unreadable or
// malformed IR, bad .npy files, shape or dtype mismatches, run-time errors)
// is reported with a location and a non-zero exit code.
//
//===----------------------------------------------------------------------===//

#include "meld/Dialect/Meld/IR/MeldDialect.h"
#include "meld/Support/Limits.h"
#include "meld/Interpreter/Interpreter.h"
#include "meld/Interpreter/Npy.h"
#include "meld/Runtime/HostExecutable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
namespace cl = llvm::cl;

static cl::OptionCategory category("meld-run options");

static cl::opt<std::string> inputFile(cl::Positional,
                                      cl::desc("<program.mlir>"), cl::init("-"),
                                      cl::cat(category));
static cl::opt<std::string>
    entry("entry",
          cl::desc("Function to run (default: 'main', or the only "
                   "function in the module)"),
          cl::init(""), cl::cat(category));
static cl::list<std::string>
    inputs("input", cl::desc("An argument as a .npy file, in order"),
           cl::cat(category));
static cl::alias inputsAlias("i", cl::desc("Alias for --input"),
                             cl::aliasopt(inputs));
static cl::opt<bool> randomInputs(
    "random-inputs",
    cl::desc("Run on deterministic pseudo-random arguments (see --seed)"),
    cl::init(false), cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed for --random-inputs"),
                              cl::init(0), cl::cat(category));
static cl::opt<int64_t>
    dynamicSize("dynamic-size",
                cl::desc("Size of '?' dimensions for --random-inputs"),
                cl::init(4), cl::cat(category));
static cl::list<std::string>
    outputs("output", cl::desc("Write a result to this .npy file, in order"),
            cl::cat(category));
static cl::alias outputsAlias("o", cl::desc("Alias for --output"),
                              cl::aliasopt(outputs));
static cl::opt<bool> printResults("print",
                                  cl::desc("Print the results (default on)"),
                                  cl::init(true), cl::cat(category));
static cl::opt<bool> printInputs("print-inputs",
                                 cl::desc("Print the arguments too"),
                                 cl::init(false), cl::cat(category));
static cl::opt<int64_t>
    printThreshold("print-threshold",
                   cl::desc("Summarize tensors with more elements than this"),
                   cl::init(1000), cl::cat(category));
static cl::opt<unsigned>
    threads("host-threads",
            cl::desc("Host threads for compiled bundles (0: one per core)"),
            cl::init(0), cl::cat(category));
static cl::opt<bool> printStats(
    "print-stats",
    cl::desc("Print launches, blocks and peak buffer memory of a bundle run"),
    cl::init(false), cl::cat(category));
static cl::opt<int64_t> maxWhileIterations(
    "max-while-iterations",
    cl::desc("Stop a meld.while loop with an error after this many "
             "iterations"),
    cl::init(1'000'000), cl::cat(category));

static int fail(const Twine &message) {
  llvm::WithColor::error(llvm::errs(), "meld-run") << message << "\n";
  return 1;
}

/// Reads the --input files; fails with a message on the first bad one.
static FailureOr<std::vector<meld::ref::HostTensor>> readInputs() {
  std::vector<meld::ref::HostTensor> args;
  for (const std::string &path : inputs) {
    llvm::Expected<meld::ref::HostTensor> tensor = meld::readNpy(path);
    if (!tensor) {
      fail(llvm::toString(tensor.takeError()));
      return failure();
    }
    args.push_back(std::move(*tensor));
  }
  return args;
}

static void printTensors(llvm::StringRef what,
                         llvm::ArrayRef<meld::ref::HostTensor> tensors) {
  for (auto [i, tensor] : llvm::enumerate(tensors)) {
    llvm::outs() << what << " #" << i << ": " << tensor.getTypeString() << "\n";
    meld::printTensor(llvm::outs(), tensor, printThreshold);
  }
}

/// Writes the --output files and prints the results.
static int finish(llvm::ArrayRef<meld::ref::HostTensor> results) {
  if (!outputs.empty() && outputs.size() != results.size())
    return fail("--output was given " + Twine(outputs.size()) +
                " time(s) but the function returns " + Twine(results.size()) +
                " result(s)");
  for (auto [path, result] : llvm::zip(outputs, results))
    if (llvm::Error err = meld::writeNpy(path, result))
      return fail(llvm::toString(std::move(err)));
  if (printResults)
    printTensors("result", results);
  return 0;
}

/// Runs a compiled bundle (.meldb) on the host back end.
static int runBundle(llvm::StringRef bytes) {
  llvm::Expected<meld::bundle::Bundle> bundle =
      meld::bundle::Bundle::read(bytes);
  if (!bundle)
    return fail(inputFile + ": " + llvm::toString(bundle.takeError()));
  meld::runtime::HostOptions options;
  options.threads = threads;
  options.maxWhileIterations = maxWhileIterations;
  auto executable =
      meld::runtime::HostExecutable::load(std::move(*bundle), options);
  if (!executable)
    return fail(inputFile + ": " + llvm::toString(executable.takeError()));
  const meld::runtime::FunctionSignature *signature = nullptr;
  for (const auto &f : (*executable)->getFunctions())
    if (f.name == (entry.empty() ? "main" : entry.getValue()) ||
        (entry.empty() && (*executable)->getFunctions().size() == 1))
      signature = &f;
  if (!signature)
    return fail("the bundle has no function '" +
                (entry.empty() ? std::string("main") : entry.getValue()) + "'");

  std::vector<meld::ref::HostTensor> args;
  if (randomInputs) {
    std::mt19937_64 rng(seed);
    for (const meld::runtime::TensorSpec &spec : signature->inputs) {
      SmallVector<int64_t> shape;
      for (int64_t d : spec.shape)
        shape.push_back(d < 0 ? dynamicSize.getValue() : d);
      if (meld::ref::numElements(shape) > meld::ref::kMaxElements)
        return fail("a random argument would have more than 2^31 elements");
      args.push_back(meld::makeRandomTensor(spec.kind, shape, rng));
    }
  } else {
    FailureOr<std::vector<meld::ref::HostTensor>> read = readInputs();
    if (failed(read))
      return 1;
    args = std::move(*read);
  }
  if (printInputs)
    printTensors("argument", args);
  llvm::Expected<std::vector<meld::ref::HostTensor>> results =
      (*executable)->run(signature->name, args);
  if (!results)
    return fail(llvm::toString(results.takeError()));
  if (printStats) {
    const meld::runtime::RunStats &stats = (*executable)->getLastRunStats();
    llvm::outs() << "launches: " << stats.launches
                 << ", blocks: " << stats.blocks
                 << ", peak buffer bytes: " << stats.peakBytes
                 << ", allocations: " << stats.allocations
                 << " (reused: " << stats.reused << ")\n";
  }
  return finish(*results);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions({&category, &meld::registerProgramLimitsCLOptions()});
  cl::ParseCommandLineOptions(
      argc, argv,
      "meld-run: run a meld program with the reference interpreter\n");

  if (randomInputs && !inputs.empty())
    return fail("--random-inputs and --input cannot be combined");
  if (dynamicSize < 0)
    return fail("--dynamic-size must not be negative");
  if (maxWhileIterations < 0)
    return fail("--max-while-iterations must not be negative");

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFile, &errorMessage);
  if (!file)
    return fail(errorMessage);
  if (meld::bundle::looksLikeBundle(file->getBuffer()))
    return runBundle(file->getBuffer());

  DialectRegistry registry;
  registry.insert<meld::MeldDialect, func::FuncDialect, arith::ArithDialect>();
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);

  OwningOpRef<ModuleOp> module = meld::parseCheckedModule(
      sourceMgr, &context, meld::getProgramLimitsFromCL());
  if (!module)
    return 1; // The parser or verifier has reported the error.

  func::FuncOp func = meld::findEntryFunction(*module, entry);
  if (!func)
    return 1;
  if (func.isExternal())
    return fail("function '" + func.getSymName() + "' has no body");

  std::vector<meld::ref::HostTensor> args;
  if (randomInputs) {
    FailureOr<std::vector<meld::ref::HostTensor>> random =
        meld::makeRandomArguments(func, seed, dynamicSize);
    if (failed(random))
      return 1;
    args = std::move(*random);
  } else {
    FailureOr<std::vector<meld::ref::HostTensor>> read = readInputs();
    if (failed(read))
      return 1;
    args = std::move(*read);
  }
  if (printInputs)
    printTensors("argument", args);

  meld::InterpreterOptions options;
  options.maxWhileIterations = maxWhileIterations;
  meld::Interpreter interpreter(*module, options);
  FailureOr<std::vector<meld::ref::HostTensor>> results =
      interpreter.run(func.getSymName(), args);
  if (failed(results))
    return 1;

  return finish(*results);
}
