//===- ForeachKernels.cpp - One body for a horizontal kernel's parts ------===//
//
// See meld/Codegen/Host/ForeachKernels.h. A part is a connected set of ops
// of a horizontal kernel; two parts share a body when they are the same
// ops on the same kinds of operands (rank-0 or full-shape, element types)
// whatever their shapes. The body computes over `tensor<?xT>`, with the
// rank-0 broadcasts sized by the first flattened argument.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Host/ForeachKernels.h"

#include "meld/Dialect/Meld/IR/MeldOps.h"
#include "meld/Dialect/Meld/Transforms/Fusion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace meld;

int64_t codegen::ForeachKernel::blocks(const ForeachPart &part) const {
  int64_t perBlock = bodies[part.body].elementsPerBlock;
  if (perBlock <= 0)
    return 1;
  return (part.elements + perBlock - 1) / perBlock;
}

namespace {

/// One part of a horizontal kernel, with what its body needs.
struct Part {
  SmallVector<Operation *> ops;
  /// Kernel arguments in first-use order, and the kernel results the part
  /// returns, in the kernel's order.
  SmallVector<BlockArgument> inputs;
  SmallVector<int64_t> results;
  /// The static shape of its full-size values.
  SmallVector<int64_t> shape;
  std::string signature;
};

bool isScalar(Type type) { return cast<RankedTensorType>(type).getRank() == 0; }

/// Splits `func`'s ops into parts; fails when some op is not flattenable
/// or a part does not return what it computes (exactly once each).
FailureOr<std::vector<Part>> splitParts(func::FuncOp func) {
  Block &entry = func.getBody().front();
  auto ret = cast<func::ReturnOp>(entry.getTerminator());
  llvm::EquivalenceClasses<Operation *> classes;
  for (Operation &op : entry.without_terminator()) {
    classes.insert(&op);
    for (Value operand : op.getOperands())
      if (Operation *def = operand.getDefiningOp())
        classes.unionSets(def, &op);
  }
  llvm::DenseMap<Operation *, size_t> partOf;
  std::vector<Part> parts;
  for (Operation &op : entry.without_terminator()) {
    Operation *leader = classes.getLeaderValue(&op);
    auto [it, inserted] = partOf.try_emplace(leader, parts.size());
    if (inserted)
      parts.emplace_back();
    parts[it->second].ops.push_back(&op);
  }
  llvm::DenseSet<Value> returned;
  for (auto [i, value] : llvm::enumerate(ret.getOperands())) {
    Operation *def = value.getDefiningOp();
    if (!def || !returned.insert(value).second)
      return failure();
    parts[partOf[classes.getLeaderValue(def)]].results.push_back(i);
  }
  for (Part &part : parts) {
    if (part.results.empty())
      return failure();
    llvm::DenseMap<Value, unsigned> token;
    llvm::raw_string_ostream os(part.signature);
    for (Operation *op : part.ops) {
      if (!isFlatPointwiseOp(op, part.shape))
        return failure();
      // A splat's value, not its shape, tells bodies apart.
      if (auto constant = dyn_cast<ConstantOp>(op))
        os << op->getName() << '{'
           << cast<DenseElementsAttr>(constant.getValue())
                  .getSplatValue<Attribute>()
           << "}(";
      else
        os << op->getName() << op->getAttrDictionary() << '(';
      for (Value operand : op->getOperands()) {
        auto arg = dyn_cast<BlockArgument>(operand);
        if (arg && !token.count(arg)) {
          token[arg] = token.size();
          part.inputs.push_back(arg);
        }
        os << (arg ? "a" : "v") << token[operand] << ',';
      }
      Value result = op->getResult(0);
      token[result] = token.size();
      os << ")->" << (isScalar(result.getType()) ? "s" : "f")
         << cast<RankedTensorType>(result.getType()).getElementType() << ';';
    }
    for (BlockArgument arg : part.inputs)
      os << "in " << (isScalar(arg.getType()) ? "s" : "f")
         << cast<RankedTensorType>(arg.getType()).getElementType() << ';';
    for (int64_t r : part.results)
      os << "out v" << token[ret.getOperand(r)] << ';';
    // The body sizes its broadcasts by a flattened input and returns
    // flattened values only.
    bool fullInput = llvm::any_of(part.inputs, [](BlockArgument arg) {
      return !isScalar(arg.getType());
    });
    bool fullOutputs = llvm::all_of(part.results, [&](int64_t r) {
      return !isScalar(ret.getOperand(r).getType());
    });
    if (part.shape.empty() || !fullInput || !fullOutputs)
      return failure();
  }
  return parts;
}

/// `type` with its shape flattened to one dynamic dimension (rank-0 types
/// stay as they are).
Type flattened(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  if (tensor.getRank() == 0)
    return type;
  return RankedTensorType::get({ShapedType::kDynamic},
                               tensor.getElementType());
}

/// The body of `part` as a kernel function named `name`, after `kernel`.
func::FuncOp buildBody(func::FuncOp kernel, const Part &part, StringRef name) {
  func::ReturnOp ret =
      cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  SmallVector<Type> inputs, results;
  for (BlockArgument arg : part.inputs)
    inputs.push_back(flattened(arg.getType()));
  for (int64_t r : part.results)
    results.push_back(flattened(ret.getOperand(r).getType()));
  OpBuilder b(kernel);
  Location loc = kernel.getLoc();
  auto body = func::FuncOp::create(b, loc, name,
                                   b.getFunctionType(inputs, results));
  body.setPrivate();
  body->setAttr(kKernelAttrName, b.getStringAttr("pointwise"));
  Block *entry = body.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping map;
  Value size;
  for (auto [arg, bodyArg] : llvm::zip(part.inputs, entry->getArguments())) {
    map.map(arg, bodyArg);
    if (!size && !isScalar(arg.getType())) {
      size = DimOp::create(b, loc, bodyArg, 0);
      body->setAttr(kForeachSizeArgAttrName,
                    b.getI64IntegerAttr(bodyArg.getArgNumber()));
    }
  }
  for (Operation *op : part.ops) {
    Type type = flattened(op->getResult(0).getType());
    Value value;
    if (auto constant = dyn_cast<ConstantOp>(op); constant && !isScalar(type)) {
      auto dense = cast<DenseElementsAttr>(constant.getValue());
      auto scalarType = RankedTensorType::get({}, dense.getElementType());
      Value scalar = ConstantOp::create(b, loc, scalarType,
                                        dense.resizeSplat(scalarType));
      value = BroadcastInDimOp::create(b, loc, type, scalar,
                                       ArrayRef<int64_t>{}, ValueRange{size});
    } else if (auto bcast = dyn_cast<BroadcastInDimOp>(op)) {
      value = BroadcastInDimOp::create(b, loc, type,
                                       map.lookup(bcast.getOperand()),
                                       ArrayRef<int64_t>{}, ValueRange{size});
    } else {
      Operation *clone = b.clone(*op, map);
      clone->getResult(0).setType(type);
      value = clone->getResult(0);
    }
    map.map(op->getResult(0), value);
  }
  SmallVector<Value> outs;
  for (int64_t r : part.results)
    outs.push_back(map.lookup(ret.getOperand(r)));
  func::ReturnOp::create(b, loc, outs);
  return body;
}

} // namespace

std::vector<codegen::ForeachKernel>
codegen::formForeachKernels(ModuleOp module) {
  std::vector<ForeachKernel> rewritten;
  for (auto kernel :
       llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    auto kind = kernel->getAttrOfType<StringAttr>(kKernelAttrName);
    if (!kind || kind.getValue() != "horizontal" || kernel.isExternal() ||
        !kernel.getBody().hasOneBlock())
      continue;
    FailureOr<std::vector<Part>> parts = splitParts(kernel);
    if (failed(parts) || parts->size() < 2)
      continue;
    ForeachKernel foreach;
    foreach.name = kernel.getSymName().str();
    int64_t numInputs = kernel.getNumArguments();
    llvm::StringMap<unsigned> bodyOf;
    for (const Part &part : *parts) {
      auto [it, inserted] =
          bodyOf.try_emplace(part.signature, foreach.bodies.size());
      if (inserted) {
        ForeachBody body;
        body.name = (foreach.name + "_each" + Twine(it->second)).str();
        buildBody(kernel, part, body.name);
        for (BlockArgument arg : part.inputs)
          body.flattened.push_back(!isScalar(arg.getType()));
        body.flattened.append(part.results.size(), true);
        foreach.bodies.push_back(std::move(body));
      }
      ForeachPart entry;
      entry.body = it->second;
      for (BlockArgument arg : part.inputs)
        entry.args.push_back(arg.getArgNumber());
      for (int64_t r : part.results)
        entry.args.push_back(numInputs + r);
      entry.output = part.results.front();
      entry.outputRank = part.shape.size();
      entry.elements = 1;
      for (int64_t d : part.shape)
        entry.elements *= d;
      foreach.parts.push_back(std::move(entry));
    }
    kernel.erase();
    rewritten.push_back(std::move(foreach));
  }
  return rewritten;
}
