//===- Schedule.h - Parsed bundle metadata ----------------------*- C++ -*-===//
//
// The runtime's view of a bundle's metadata (docs/bundle-format.md): kernels
// with their argument types and shape/launch formulas, and one schedule per
// program function. The parser checks everything the executor relies on, so
// a malformed bundle is an error, never a crash.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_RUNTIME_LIB_SCHEDULE_H
#define MELD_RUNTIME_LIB_SCHEDULE_H

#include "meld/Bundle/Bundle.h"
#include "meld/Reference/HostTensor.h"
#include "meld/Runtime/Executable.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace meld::runtime {

llvm::Error bundleError(const llvm::Twine &message);
llvm::Error executionError(const llvm::Twine &message);

struct KernelInput {
  bool isIndex = false;
  ref::ElementKind kind = ref::ElementKind::F32;
  llvm::SmallVector<int64_t> shape; // -1: dynamic
};

struct KernelInfo {
  std::string name, hostEntry;
  std::vector<KernelInput> inputs;
  std::vector<ref::ElementKind> outputKinds;
  std::vector<std::vector<llvm::json::Value>> outputShapes;
  /// Host row blocks, and the GPU grid and workgroup size (formulas).
  llvm::json::Value hostBlocks = 1;
  std::vector<llvm::json::Value> gpuGrid;
  int64_t gpuBlock[3] = {1, 1, 1};
  bool hasGpuLaunch = false;
};

/// A kernel argument as formulas see it.
struct FormulaArg {
  bool isIndex = false;
  int64_t index = 0;
  llvm::ArrayRef<int64_t> shape;
};

/// Evaluates a shape, block-count or grid formula over a kernel's arguments.
llvm::Expected<int64_t> evaluateFormula(const llvm::json::Value &f,
                                        llvm::ArrayRef<FormulaArg> args);

enum class IndexFn { Const, Add, Sub, Mul, Div, FloorDiv, CeilDiv, Rem, Max, Min };
llvm::Expected<int64_t> applyIndexFn(IndexFn fn, int64_t a, int64_t b);

struct Region;
struct Step {
  enum Kind { Launch, Dim, Constant, Index, If, While } kind = Launch;
  int64_t kernel = -1;
  std::vector<int64_t> args, results, release;
  int64_t source = -1, dimIndex = 0, result = -1, pred = -1, value = 0;
  IndexFn fn = IndexFn::Const;
  /// Constant steps: the index of the constant in Schedule::constants.
  int64_t constant = -1;
  std::unique_ptr<Region> first, second; // then/else or cond/body
};

struct Region {
  std::vector<int64_t> args, yield;
  /// Per yielded slot: whether no later yield reads the same slot.
  std::vector<bool> lastYield;
  std::vector<Step> steps;
};

struct Function {
  FunctionSignature signature;
  Region body;
  int64_t numSlots = 0;
};

struct ConstantData {
  ref::ElementKind kind;
  llvm::SmallVector<int64_t> shape;
  /// Raw elements in the compiled-code layout.
  llvm::StringRef bytes;
};

/// Everything parsed from a bundle's metadata. Constants point into the
/// bundle's blobs, so the bundle must outlive it.
struct Schedule {
  std::vector<KernelInfo> kernels;
  std::vector<Function> functions;
  std::vector<ConstantData> constants;
  /// The binaries: target, chip, format, triple, and the blob.
  struct Binary {
    std::string target, chip, format, triple, features;
    int64_t blob = -1;
    bool waitsForGridDependencies = false;
  };
  std::vector<Binary> binaries;

  static llvm::Expected<Schedule> parse(const bundle::Bundle &bundle);
  /// The function called `name` (empty: "main" or the only one).
  llvm::Expected<const Function *> lookup(llvm::StringRef name) const;
};

} // namespace meld::runtime

#endif // MELD_RUNTIME_LIB_SCHEDULE_H
