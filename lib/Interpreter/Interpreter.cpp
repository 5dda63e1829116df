//===- Interpreter.cpp - Reference interpreter of the meld dialect --------===//
//
// A tree-walking interpreter: each function call gets a frame mapping SSA
// values to runtime values (tensors, or integers for `index`). Meld ops
// without regions are evaluated with meld::evaluateOp, the same code the
// folders use; control flow, calls and index arithmetic are handled here.
// After every op the result is checked against its declared type, so a
// program whose dynamic shapes disagree at run time fails loudly at the op
// where they first disagree.
//
//===----------------------------------------------------------------------===//

#include "meld/Interpreter/Interpreter.h"
#include "meld/Dialect/Meld/IR/MeldOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

#include <limits>

using namespace mlir;
using namespace meld;
using ref::ElementKind;
using ref::HostTensor;

struct Interpreter::Frame {
  DenseMap<Value, RuntimeValue> values;
  int64_t depth = 0;

  const HostTensor &tensor(Value v) {
    return std::get<HostTensor>(values.find(v)->second);
  }
  int64_t index(Value v) { return std::get<int64_t>(values.find(v)->second); }
  /// Binds `v`. The value is taken by copy first: inserting may rehash the
  /// map and move whatever a reference into it would point at.
  void bind(Value v, RuntimeValue value) { values[v] = std::move(value); }
};

Interpreter::Interpreter(ModuleOp module, InterpreterOptions options)
    : module(module), options(options) {}

/// Checks `tensor` against the declared `type`; `what` names it in the error.
static LogicalResult checkAgainstType(Location loc, const HostTensor &tensor,
                                      Type type, const Twine &what) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  std::optional<ElementKind> kind =
      tensorType ? meld::getElementKind(tensorType.getElementType())
                 : std::nullopt;
  if (!kind)
    return emitError(loc) << what << " has type " << type
                          << ", which the interpreter cannot represent";
  bool ok =
      *kind == tensor.getKind() && tensorType.getRank() == tensor.getRank();
  for (int64_t d = 0; ok && d < tensor.getRank(); ++d)
    ok = tensorType.isDynamicDim(d) ||
         tensorType.getDimSize(d) == tensor.getShape()[d];
  if (!ok)
    return emitError(loc) << what << " is a " << tensor.getTypeString()
                          << " but " << type << " is expected";
  return success();
}

FailureOr<std::vector<HostTensor>> Interpreter::run(StringRef name,
                                                    ArrayRef<HostTensor> args) {
  auto func = module.lookupSymbol<func::FuncOp>(name);
  if (!func || func.isExternal())
    return emitError(module.getLoc())
           << "no function named '" << name << "' with a body in the module";
  for (auto [i, type] : llvm::enumerate(func.getResultTypes()))
    if (!isa<RankedTensorType>(type))
      return func.emitError() << "result #" << i << " has type " << type
                              << "; an entry function must return tensors";
  std::vector<RuntimeValue> values(args.begin(), args.end());
  FailureOr<std::vector<RuntimeValue>> results = call(func, values, 0);
  if (failed(results))
    return failure();
  std::vector<HostTensor> tensors;
  for (RuntimeValue &v : *results)
    tensors.push_back(std::move(std::get<HostTensor>(v)));
  return tensors;
}

FailureOr<std::vector<RuntimeValue>>
Interpreter::call(func::FuncOp func, ArrayRef<RuntimeValue> args,
                  int64_t depth) {
  if (depth > options.maxCallDepth)
    return func.emitError() << "call depth exceeds " << options.maxCallDepth;
  FunctionType type = func.getFunctionType();
  if (args.size() != type.getNumInputs())
    return func.emitError()
           << "'" << func.getSymName() << "' takes " << type.getNumInputs()
           << " argument(s) but " << args.size() << " were given";
  Frame frame;
  frame.depth = depth;
  for (auto [i, arg] : llvm::enumerate(args)) {
    Type argType = type.getInput(i);
    bool isIndex = std::holds_alternative<int64_t>(arg);
    if (isIndex != argType.isIndex())
      return func.emitError()
             << "argument #" << i << " must be of type " << argType << " but "
             << (isIndex ? "an index" : "a tensor") << " was given";
    if (!isIndex &&
        failed(checkAgainstType(func.getLoc(), std::get<HostTensor>(arg),
                                argType, "argument #" + Twine(i))))
      return failure();
    frame.bind(func.getArgument(i), arg);
  }
  SmallVector<Value> returned;
  if (failed(runBlock(func.getBody().front(), frame, returned)))
    return failure();
  std::vector<RuntimeValue> results;
  for (Value v : returned)
    results.push_back(frame.values.find(v)->second);
  return results;
}

LogicalResult Interpreter::runBlock(Block &block, Frame &frame,
                                    SmallVectorImpl<Value> &yielded) {
  for (Operation &op : block) {
    if (op.hasTrait<OpTrait::IsTerminator>()) {
      if (!isa<func::ReturnOp, meld::YieldOp>(op))
        return op.emitError() << "the interpreter does not support the "
                              << "terminator '" << op.getName() << "'";
      llvm::append_range(yielded, op.getOperands());
      return success();
    }
    if (failed(execute(&op, frame)))
      return failure();
  }
  return block.getParentOp()->emitError("block has no terminator");
}

/// Concrete result shape of an op with one index operand per dynamic dim.
static FailureOr<SmallVector<int64_t>>
resolveShape(Operation *op, ValueRange dynamicSizes,
             function_ref<int64_t(Value)> index, int64_t maxElements) {
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<int64_t> shape;
  auto sizes = dynamicSizes.begin();
  int64_t count = 1;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    int64_t size = type.isDynamicDim(d) ? index(*sizes++) : type.getDimSize(d);
    if (size < 0)
      return op->emitOpError("dynamic size ")
             << size << " for dimension " << d << " is negative";
    if (size != 0 && count > maxElements / size)
      return op->emitOpError("result would have more than ")
             << maxElements << " elements";
    count *= size;
    shape.push_back(size);
  }
  return shape;
}

/// Index arithmetic from the arith dialect, for computing dynamic sizes.
static FailureOr<int64_t> evaluateIndexOp(Operation *op, int64_t a, int64_t b) {
  auto fail = [&](const char *msg) -> FailureOr<int64_t> {
    return op->emitOpError(msg);
  };
  return TypeSwitch<Operation *, FailureOr<int64_t>>(op)
      // Index arithmetic wraps like the 64-bit hardware it stands for.
      .Case([&](arith::AddIOp) { return int64_t(uint64_t(a) + uint64_t(b)); })
      .Case([&](arith::SubIOp) { return int64_t(uint64_t(a) - uint64_t(b)); })
      .Case([&](arith::MulIOp) { return int64_t(uint64_t(a) * uint64_t(b)); })
      .Case([&](arith::MaxSIOp) { return std::max(a, b); })
      .Case([&](arith::MinSIOp) { return std::min(a, b); })
      .Case<arith::DivSIOp, arith::CeilDivSIOp, arith::FloorDivSIOp,
            arith::RemSIOp>([&](Operation *) -> FailureOr<int64_t> {
        if (b == 0)
          return fail("index division by zero");
        if (a == std::numeric_limits<int64_t>::min() && b == -1)
          return isa<arith::RemSIOp>(op) ? int64_t(0) : a; // Wraps.
        if (isa<arith::RemSIOp>(op))
          return a % b;
        int64_t q = a / b;
        bool inexact = q * b != a;
        if (inexact && isa<arith::CeilDivSIOp>(op) && ((a < 0) == (b < 0)))
          ++q;
        if (inexact && isa<arith::FloorDivSIOp>(op) && ((a < 0) != (b < 0)))
          --q;
        return q;
      })
      .Default([&](Operation *) { return fail("is not supported on index"); });
}

LogicalResult Interpreter::execute(Operation *op, Frame &frame) {
  auto indexOf = [&](Value v) { return frame.index(v); };

  // Index values: sizes of dynamic dimensions and arithmetic on them.
  if (auto dim = dyn_cast<meld::DimOp>(op)) {
    const HostTensor &t = frame.tensor(dim.getSource());
    frame.bind(dim.getResult(),
               t.getShape()[static_cast<int64_t>(dim.getIndex())]);
    return success();
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto intAttr = dyn_cast<IntegerAttr>(constant.getValue());
    if (!intAttr || !constant.getType().isIndex())
      return op->emitOpError("the interpreter supports index constants only");
    frame.bind(constant.getResult(), intAttr.getInt());
    return success();
  }
  if (op->getDialect() && isa<arith::ArithDialect>(op->getDialect())) {
    if (op->getNumOperands() != 2 || op->getNumResults() != 1 ||
        !op->getResult(0).getType().isIndex())
      return op->emitOpError("the interpreter supports arith only on index");
    FailureOr<int64_t> v = evaluateIndexOp(op, indexOf(op->getOperand(0)),
                                           indexOf(op->getOperand(1)));
    if (failed(v))
      return failure();
    frame.bind(op->getResult(0), *v);
    return success();
  }

  // Calls.
  if (auto callOp = dyn_cast<func::CallOp>(op)) {
    auto callee = module.lookupSymbol<func::FuncOp>(callOp.getCallee());
    if (!callee || callee.isExternal())
      return op->emitOpError("callee '")
             << callOp.getCallee() << "' has no body to interpret";
    std::vector<RuntimeValue> args;
    for (Value v : callOp.getOperands())
      args.push_back(frame.values.find(v)->second);
    FailureOr<std::vector<RuntimeValue>> results =
        call(callee, args, frame.depth + 1);
    if (failed(results)) {
      // Name the call sites too, but only the innermost few: unbounded
      // recursion would otherwise print one line per frame.
      if (frame.depth < 16)
        op->emitError("in the call from here");
      return failure();
    }
    for (auto [res, value] : llvm::zip(callOp.getResults(), *results))
      frame.bind(res, std::move(value));
    return success();
  }

  // Structured control flow and fusion groups: run one region and bind the
  // values it yields to the op's results.
  auto runInto = [&](Block &block, ValueRange results) -> LogicalResult {
    SmallVector<Value> yielded;
    if (failed(runBlock(block, frame, yielded)))
      return failure();
    std::vector<RuntimeValue> values;
    for (Value v : yielded)
      values.push_back(frame.values.find(v)->second);
    for (auto [res, value] : llvm::zip(results, values))
      frame.bind(res, std::move(value));
    return success();
  };
  if (auto ifOp = dyn_cast<meld::IfOp>(op)) {
    bool taken = frame.tensor(ifOp.getPred()).getInt(0) != 0;
    Region &region = taken ? ifOp.getThenRegion() : ifOp.getElseRegion();
    return runInto(region.front(), ifOp.getResults());
  }
  if (auto kernel = dyn_cast<meld::KernelOp>(op)) {
    Block &body = kernel.getBody().front();
    for (auto [arg, input] :
         llvm::zip(body.getArguments(), kernel.getInputs())) {
      frame.bind(arg, frame.values.find(input)->second);
    }
    return runInto(body, kernel.getResults());
  }
  if (auto whileOp = dyn_cast<meld::WhileOp>(op)) {
    std::vector<RuntimeValue> current;
    for (Value v : whileOp.getInits())
      current.push_back(frame.values.find(v)->second);
    for (int64_t iteration = 0;; ++iteration) {
      Block &cond = whileOp.getCond().front();
      for (auto [arg, value] : llvm::zip(cond.getArguments(), current))
        frame.bind(arg, value);
      SmallVector<Value> predicate;
      if (failed(runBlock(cond, frame, predicate)))
        return failure();
      if (frame.tensor(predicate.front()).getInt(0) == 0)
        break;
      if (iteration >= options.maxWhileIterations)
        return op->emitOpError("ran more than ")
               << options.maxWhileIterations
               << " iterations; raise the limit (meld-run "
                  "--max-while-iterations) if the loop is meant to run longer";
      Block &body = whileOp.getBody().front();
      for (auto [arg, value] : llvm::zip(body.getArguments(), current))
        frame.bind(arg, value);
      SmallVector<Value> next;
      if (failed(runBlock(body, frame, next)))
        return failure();
      for (auto [slot, v] : llvm::zip(current, next))
        slot = frame.values.find(v)->second;
    }
    for (auto [res, value] : llvm::zip(whileOp.getResults(), current))
      frame.bind(res, std::move(value));
    return success();
  }

  // Every other meld op: the reference kernels.
  if (!isa_and_nonnull<meld::MeldDialect>(op->getDialect()) ||
      op->getNumRegions() != 0 || op->getNumResults() != 1)
    return op->emitError() << "the interpreter does not support '"
                           << op->getName() << "'";
  SmallVector<HostTensor> operands;
  SmallVector<Value> indexOperands;
  for (Value v : op->getOperands()) {
    if (v.getType().isIndex())
      indexOperands.push_back(v);
    else
      operands.push_back(frame.tensor(v));
  }
  // Only the ops that create a shape read it; the others derive theirs.
  SmallVector<int64_t> shape;
  if (isa<meld::IotaOp, meld::BroadcastInDimOp, meld::ReshapeOp>(op)) {
    FailureOr<SmallVector<int64_t>> resolved =
        resolveShape(op, indexOperands, indexOf, options.maxTensorElements);
    if (failed(resolved))
      return failure();
    shape = std::move(*resolved);
  }
  llvm::Expected<HostTensor> result = meld::evaluateOp(op, operands, shape);
  if (!result)
    return op->emitOpError(llvm::toString(result.takeError()));
  if (failed(checkAgainstType(op->getLoc(), *result, op->getResult(0).getType(),
                              "the result of '" + op->getName().getStringRef() +
                                  "'")))
    return failure();
  frame.bind(op->getResult(0), std::move(*result));
  return success();
}

func::FuncOp meld::findEntryFunction(ModuleOp module, StringRef name) {
  if (!name.empty()) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func)
      emitError(module.getLoc()) << "no function named '" << name << "'";
    return func;
  }
  if (auto main = module.lookupSymbol<func::FuncOp>("main"))
    return main;
  auto funcs = module.getOps<func::FuncOp>();
  if (llvm::range_size(funcs) == 1)
    return *funcs.begin();
  if (funcs.empty()) {
    emitError(module.getLoc()) << "the module has no functions to run";
    return nullptr;
  }
  emitError(module.getLoc())
      << "the module has no 'main' function and more than one function; "
         "choose one with --entry";
  return nullptr;
}

HostTensor meld::makeRandomTensor(ElementKind kind, ArrayRef<int64_t> shape,
                                  std::mt19937_64 &rng) {
  HostTensor tensor(kind, shape);
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int64_t> integer(-8, 7), boolean(0, 1);
  for (int64_t j = 0; j < tensor.size(); ++j) {
    if (tensor.isFloat())
      tensor.setFloat(j, real(rng));
    else if (tensor.getKind() == ElementKind::I1)
      tensor.setInt(j, boolean(rng));
    else
      tensor.setInt(j, integer(rng));
  }
  return tensor;
}

FailureOr<std::vector<HostTensor>>
meld::makeRandomArguments(func::FuncOp func, uint64_t seed,
                          int64_t dynamicSize) {
  std::mt19937_64 rng(seed);
  std::vector<HostTensor> args;
  for (auto [i, t] : llvm::enumerate(func.getFunctionType().getInputs())) {
    auto type = dyn_cast<RankedTensorType>(t);
    std::optional<ElementKind> kind =
        type ? meld::getElementKind(type.getElementType()) : std::nullopt;
    if (!kind)
      return func.emitError() << "argument #" << i << " has type " << t
                              << ", which the interpreter cannot represent; "
                                 "random inputs are ranked tensors of meld "
                                 "element types";
    SmallVector<int64_t> shape;
    for (int64_t d : type.getShape())
      shape.push_back(ShapedType::isDynamic(d) ? dynamicSize : d);
    if (ref::numElements(shape) > ref::kMaxElements)
      return func.emitError() << "argument #" << i << " would have more than "
                              << ref::kMaxElements << " elements";
    HostTensor tensor = makeRandomTensor(*kind, shape, rng);
    args.push_back(std::move(tensor));
  }
  return args;
}

static void printElement(llvm::raw_ostream &os, const HostTensor &t,
                         int64_t i) {
  if (!t.isFloat()) {
    if (t.getKind() == ElementKind::I1)
      os << (t.getInt(i) ? "true" : "false");
    else
      os << t.getInt(i);
    return;
  }
  double v = t.getFloat(i);
  if (std::isnan(v))
    os << "nan";
  else if (std::isinf(v))
    os << (v < 0 ? "-inf" : "inf");
  else
    os << llvm::format("%.6g", v);
}

static void printLevel(llvm::raw_ostream &os, const HostTensor &t, int64_t dim,
                       int64_t offset, bool summarize, int64_t edgeItems) {
  ArrayRef<int64_t> shape = t.getShape();
  if (dim == t.getRank()) {
    printElement(os, t, offset);
    return;
  }
  int64_t stride = ref::numElements(shape.drop_front(dim + 1));
  os << '[';
  bool skip = summarize && shape[dim] > 2 * edgeItems;
  std::string separator = dim + 1 < t.getRank()
                              ? ",\n" + std::string(dim + 1, ' ')
                              : std::string(", ");
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i > 0)
      os << separator;
    if (skip && i == edgeItems) {
      os << "..." << separator;
      i = shape[dim] - edgeItems;
    }
    printLevel(os, t, dim + 1, offset + i * stride, summarize, edgeItems);
  }
  os << ']';
}

void meld::printTensor(llvm::raw_ostream &os, const HostTensor &tensor,
                       int64_t threshold, int64_t edgeItems) {
  printLevel(os, tensor, 0, 0, tensor.size() > threshold, edgeItems);
  os << '\n';
}
