//===- Interpreter.h - Reference interpreter of the meld dialect -*- C++
//-*-===//
//
// Executes meld programs on the host, op by op, with the reference kernels.
// It defines what every program means: fused, compiled, captured and replayed
// results are all checked against it.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_INTERPRETER_INTERPRETER_H
#define MELD_INTERPRETER_INTERPRETER_H

#include "meld/Reference/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <random>
#include <variant>
#include <vector>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace meld {

/// A value during interpretation: a tensor, or an integer for `index`.
using RuntimeValue = std::variant<ref::HostTensor, int64_t>;

struct InterpreterOptions {
  /// A meld.while that runs more iterations than this is stopped with an
  /// error instead of hanging.
  int64_t maxWhileIterations = 1'000'000;
  /// Nested func.call depth limit (guards against unbounded recursion).
  int64_t maxCallDepth = 256;
  /// No tensor may have more elements than this (guards against a dynamic
  /// size operand asking for more memory than the host has).
  int64_t maxTensorElements = ref::kMaxElements;
};

/// Runs functions of one module. Errors are reported as MLIR diagnostics at
/// the location of the op (or function) that failed; install a diagnostic
/// handler on the context to collect them.
class Interpreter {
public:
  explicit Interpreter(mlir::ModuleOp module, InterpreterOptions options = {});

  /// Runs the function named `name` on `args` and returns its results.
  /// Arguments are checked against the function type: element type, rank and
  /// every static dimension; dynamic dimensions are bound from the arguments.
  mlir::FailureOr<std::vector<ref::HostTensor>>
  run(llvm::StringRef name, llvm::ArrayRef<ref::HostTensor> args);

private:
  struct Frame;
  mlir::FailureOr<std::vector<RuntimeValue>>
  call(mlir::func::FuncOp func, llvm::ArrayRef<RuntimeValue> args,
       int64_t depth);
  mlir::LogicalResult runBlock(mlir::Block &block, Frame &frame,
                               llvm::SmallVectorImpl<mlir::Value> &yielded);
  mlir::LogicalResult execute(mlir::Operation *op, Frame &frame);

  mlir::ModuleOp module;
  InterpreterOptions options;
};

/// Finds the function a tool should run: `name` when given, else `main`, else
/// the module's only function. Emits an error and returns null otherwise.
mlir::func::FuncOp findEntryFunction(mlir::ModuleOp module,
                                     llvm::StringRef name);

/// A tensor of pseudo-random values drawn from `rng`: floats uniform in
/// [-1, 1), integers uniform in [-8, 8), booleans 0/1.
ref::HostTensor makeRandomTensor(ref::ElementKind kind,
                                 llvm::ArrayRef<int64_t> shape,
                                 std::mt19937_64 &rng);

/// Makes deterministic pseudo-random arguments for `func`: floats uniform in
/// [-1, 1), integers uniform in [-8, 8), booleans 0/1. Dynamic dimensions
/// get size `dynamicSize`. Fails with an error on `func` when an argument is
/// not a ranked tensor of a meld element type.
mlir::FailureOr<std::vector<ref::HostTensor>>
makeRandomArguments(mlir::func::FuncOp func, uint64_t seed,
                    int64_t dynamicSize);

/// Prints `tensor` like numpy: nested brackets, and only the first and last
/// `edgeItems` entries per dimension when it has more than `threshold`
/// elements.
void printTensor(llvm::raw_ostream &os, const ref::HostTensor &tensor,
                 int64_t threshold = 1000, int64_t edgeItems = 3);

} // namespace meld

#endif // MELD_INTERPRETER_INTERPRETER_H
