//===- Schedule.cpp - Schedules and kernel metadata as bundle JSON --------===//
//
// Describes outlined kernels (argument kinds, result dtypes, and result
// shapes as formulas in the argument dims and index arguments) and turns
// each program function into a schedule: launches, dims, index arithmetic,
// constants, and if/while, with per-step release lists from liveness so the
// runtime frees (and reuses) every buffer right after its last use.
// docs/bundle-format.md specifies the JSON.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Schedule.h"

#include "meld/Dialect/Meld/IR/MeldOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace meld;
using llvm::json::Array;
using llvm::json::Object;
using JValue = llvm::json::Value;

std::string meld::codegen::dtypeName(Type type) {
  std::optional<ref::ElementKind> kind = getElementKind(type);
  return kind ? ref::toString(*kind).str() : std::string();
}

/// {"dtype": ..., "shape": [...]} with null for dynamic dims.
static Object describeTensor(RankedTensorType type) {
  Array shape;
  for (int64_t d : type.getShape())
    shape.push_back(ShapedType::isDynamic(d) ? JValue(nullptr) : JValue(d));
  return Object{{"dtype", codegen::dtypeName(type.getElementType())},
                {"shape", std::move(shape)}};
}

static JValue binaryExpr(StringRef fn, JValue a, JValue b) {
  // Fold constants so static shapes stay plain integers.
  std::optional<int64_t> x = a.getAsInteger(), y = b.getAsInteger();
  if (x && y) {
    if (fn == "add")
      return *x + *y;
    if (fn == "sub")
      return *x - *y;
    if (fn == "mul")
      return *x * *y;
  }
  return Object{{fn, Array{std::move(a), std::move(b)}}};
}

namespace {
/// Symbolic shapes of the values of one kernel body.
class ShapeFormulas {
public:
  explicit ShapeFormulas(func::FuncOp kernel) {
    for (BlockArgument arg : kernel.getArguments()) {
      int64_t i = arg.getArgNumber();
      if (arg.getType().isIndex()) {
        scalars.insert({arg, Object{{"arg", i}}});
        continue;
      }
      auto type = cast<RankedTensorType>(arg.getType());
      SmallVector<JValue> dims;
      for (int64_t d = 0; d < type.getRank(); ++d)
        dims.push_back(type.isDynamicDim(d)
                           ? JValue(Object{{"dim", Array{i, d}}})
                           : JValue(type.getDimSize(d)));
      shapes[arg] = std::move(dims);
    }
  }

  LogicalResult visit(Operation *op);

  FailureOr<Array> shapeOf(Value v, Operation *user) {
    auto it = shapes.find(v);
    if (it == shapes.end())
      return user->emitError("cannot derive the shape of a kernel result");
    Array out;
    for (const JValue &d : it->second)
      out.push_back(d);
    return out;
  }

private:
  /// Result dim `i` of `type`: static, or `dynamic` when it is dynamic.
  static JValue dimOr(RankedTensorType type, int64_t i, JValue dynamic) {
    return type.isDynamicDim(i) ? std::move(dynamic)
                                : JValue(type.getDimSize(i));
  }
  LogicalResult setFromSizes(Operation *op, ValueRange dynSizes) {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<JValue> dims;
    auto it = dynSizes.begin();
    for (int64_t i = 0; i < type.getRank(); ++i) {
      if (!type.isDynamicDim(i)) {
        dims.push_back(type.getDimSize(i));
        continue;
      }
      auto s = scalars.find(*it++);
      if (s == scalars.end())
        return op->emitOpError("has a dynamic size code generation cannot "
                               "express as a formula of the kernel arguments");
      dims.push_back(s->second);
    }
    shapes[op->getResult(0)] = std::move(dims);
    return success();
  }

  /// The formula of index value `v`, or null when it has none.
  JValue scalar(Value v) const {
    auto it = scalars.find(v);
    return it == scalars.end() ? JValue(nullptr) : it->second;
  }
  LogicalResult setScalar(Operation *op, JValue value) {
    if (value.kind() == JValue::Null)
      return op->emitOpError("computes an index code generation cannot "
                             "express as a formula of the kernel arguments");
    scalars.insert_or_assign(op->getResult(0), std::move(value));
    return success();
  }
  LogicalResult setBinary(Operation *op, StringRef fn) {
    JValue a = scalar(op->getOperand(0)), b = scalar(op->getOperand(1));
    if (a.kind() == JValue::Null || b.kind() == JValue::Null)
      return setScalar(op, nullptr);
    return setScalar(op, binaryExpr(fn, std::move(a), std::move(b)));
  }

  DenseMap<Value, SmallVector<JValue>> shapes;
  DenseMap<Value, JValue> scalars;
};
} // namespace

LogicalResult ShapeFormulas::visit(Operation *op) {
  // Static results are their own formulas.
  bool allStatic = true;
  for (Value r : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(r.getType());
    if (!type)
      continue;
    if (!type.hasStaticShape()) {
      allStatic = false;
      continue;
    }
    SmallVector<JValue> dims;
    for (int64_t d : type.getShape())
      dims.push_back(d);
    shapes[r] = std::move(dims);
  }
  if (allStatic && !isa<DimOp, arith::ConstantIndexOp, arith::AddIOp,
                        arith::SubIOp, arith::MulIOp>(op))
    return success();
  for (Value v : op->getOperands())
    if (auto type = dyn_cast<RankedTensorType>(v.getType()))
      if (!shapes.count(v) ||
          static_cast<int64_t>(shapes[v].size()) != type.getRank())
        return op->emitOpError("has an operand whose shape code generation "
                               "cannot express as a formula");
  auto operandDims = [&](Value v) -> SmallVector<JValue> & {
    return shapes[v];
  };
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](DimOp d) {
        SmallVector<JValue> &dims = operandDims(d.getSource());
        if (d.getIndex() >= dims.size())
          return setScalar(d, nullptr);
        return setScalar(d, dims[d.getIndex()]);
      })
      .Case([&](arith::ConstantIndexOp c) { return setScalar(c, c.value()); })
      .Case([&](arith::AddIOp a) { return setBinary(a, "add"); })
      .Case([&](arith::SubIOp a) { return setBinary(a, "sub"); })
      .Case([&](arith::MulIOp a) { return setBinary(a, "mul"); })
      .Case([&](BroadcastInDimOp o) {
        return setFromSizes(o, o.getDynamicSizes());
      })
      .Case([&](ReshapeOp o) { return setFromSizes(o, o.getDynamicSizes()); })
      .Case([&](IotaOp o) { return setFromSizes(o, o.getDynamicSizes()); })
      .Case([&](TransposeOp o) {
        auto type = cast<RankedTensorType>(o.getType());
        SmallVector<JValue> dims;
        auto &src = operandDims(o.getOperand());
        for (int64_t i = 0; i < type.getRank(); ++i)
          dims.push_back(dimOr(type, i, src[o.getPerm()[i]]));
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](SliceOp o) {
        // Dynamic result dims are operand dims kept whole.
        auto type = cast<RankedTensorType>(o.getType());
        SmallVector<JValue> dims;
        auto &src = operandDims(o.getOperand());
        for (int64_t i = 0; i < type.getRank(); ++i)
          dims.push_back(dimOr(type, i, src[i]));
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](GatherOp o) {
        // operand.shape[:axis] + indices.shape + operand.shape[axis + 1:].
        auto &src = operandDims(o.getOperand());
        auto &indices = operandDims(o.getIndices());
        int64_t axis = o.getAxis();
        SmallVector<JValue> dims(src.begin(), src.begin() + axis);
        dims.append(indices.begin(), indices.end());
        dims.append(src.begin() + axis + 1, src.end());
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](ReduceOp o) {
        auto &src = operandDims(o.getOperand());
        SmallVector<JValue> dims;
        for (int64_t i = 0; i < static_cast<int64_t>(src.size()); ++i) {
          bool reduced = llvm::is_contained(o.getDims(), i);
          if (!reduced)
            dims.push_back(src[i]);
          else if (o.getKeepDims())
            dims.push_back(1);
        }
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](ConcatOp o) {
        SmallVector<JValue> dims = operandDims(o.getInputs().front());
        int64_t axis = o.getDim();
        JValue total = 0;
        for (Value in : o.getInputs())
          total = binaryExpr("add", std::move(total), operandDims(in)[axis]);
        dims[axis] = std::move(total);
        shapes[o] = std::move(dims);
        return success();
      })
      .Case<MatmulOp, BatchMatmulOp>([&](Operation *o) {
        auto &lhs = operandDims(o->getOperand(0));
        auto &rhs = operandDims(o->getOperand(1));
        bool tl = o->hasAttr("transpose_lhs"), tr = o->hasAttr("transpose_rhs");
        int64_t r = lhs.size();
        SmallVector<JValue> dims(lhs.begin(), lhs.end() - 2);
        dims.push_back(lhs[tl ? r - 1 : r - 2]);
        dims.push_back(rhs[tr ? r - 2 : r - 1]);
        shapes[o->getResult(0)] = std::move(dims);
        return success();
      })
      .Case([&](GroupedMatmulOp o) {
        auto &lhs = operandDims(o.getLhs());
        auto &rhs = operandDims(o.getRhs());
        bool tl = o.getTransposeLhs(), tr = o.getTransposeRhs();
        int64_t first = o.groupsRows() ? 1 : 0;
        SmallVector<JValue> dims;
        if (!o.groupsRows())
          dims.push_back(operandDims(o.getOffsets())[0]);
        dims.push_back(lhs[tl ? 1 : 0]);
        dims.push_back(rhs[tr ? first : first + 1]);
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](ScatterOp o) {
        SmallVector<JValue> dims = operandDims(o.getOperand());
        shapes[o] = std::move(dims);
        return success();
      })
      .Case([&](ConvOp o) {
        // O = (S + pads - span) floordiv stride + 1 along a dynamic spatial
        // dim, written as min(ceildiv(f + 1, stride), 2 f + 1) with f = S +
        // pads - span: equal for f >= 0, and negative when the padded input
        // is shorter than the dilated kernel (f < 0), which the runtime
        // reports as an error instead of allocating an empty result.
        auto type = cast<RankedTensorType>(o.getType());
        auto &src = operandDims(o.getInput());
        ArrayRef<int64_t> kernel =
            cast<RankedTensorType>(o.getFilter().getType())
                .getShape()
                .drop_front(2);
        SmallVector<JValue> dims = {src[0]};
        for (int64_t i = 1; i < type.getRank(); ++i) {
          if (!type.isDynamicDim(i)) {
            dims.push_back(type.getDimSize(i));
            continue;
          }
          int64_t j = i - 2;
          int64_t span = o.getDilations()[j] * (kernel[j] - 1) + 1;
          int64_t f0 = o.getPaddingLow()[j] + o.getPaddingHigh()[j] - span;
          JValue fits =
              Object{{"ceildiv", Array{binaryExpr("add", src[i], f0 + 1),
                                       o.getStrides()[j]}}};
          dims.push_back(binaryExpr(
              "min", std::move(fits),
              binaryExpr("add", binaryExpr("mul", src[i], 2), 2 * f0 + 1)));
        }
        shapes[o] = std::move(dims);
        return success();
      })
      .Default([&](Operation *o) -> LogicalResult {
        // Elementwise ops keep their (last) operand's shape.
        if (o->getNumResults() == 1 && o->getNumOperands() >= 1 &&
            isa<RankedTensorType>(o->getResult(0).getType())) {
          Value src = o->getOperand(o->getNumOperands() - 1);
          auto it = shapes.find(src);
          if (it != shapes.end()) {
            // Copied before inserting: the insertion may grow the map and
            // move the operand's entry.
            SmallVector<JValue> dims = it->second;
            shapes[o->getResult(0)] = std::move(dims);
            return success();
          }
        }
        return o->emitOpError("has a result shape code generation cannot "
                              "express as a formula of the kernel arguments");
      });
}

FailureOr<Object> meld::codegen::describeKernel(func::FuncOp kernel) {
  Object desc;
  desc["name"] = kernel.getSymName().str();
  desc["kind"] =
      cast<StringAttr>(kernel->getAttr(kKernelAttrName)).getValue().str();
  Array inputs;
  for (Type t : kernel.getArgumentTypes()) {
    if (t.isIndex()) {
      inputs.push_back(Object{{"kind", "index"}});
      continue;
    }
    Object input = describeTensor(cast<RankedTensorType>(t));
    input["kind"] = "tensor";
    inputs.push_back(std::move(input));
  }
  desc["inputs"] = std::move(inputs);

  ShapeFormulas formulas(kernel);
  for (Operation &op : kernel.getBody().front().without_terminator())
    if (failed(formulas.visit(&op)))
      return failure();
  auto ret = cast<func::ReturnOp>(kernel.getBody().front().getTerminator());
  Array outputs;
  for (Value v : ret.getOperands()) {
    FailureOr<Array> shape = formulas.shapeOf(v, ret);
    if (failed(shape))
      return failure();
    outputs.push_back(Object{
        {"dtype",
         dtypeName(cast<RankedTensorType>(v.getType()).getElementType())},
        {"shape", std::move(*shape)}});
  }
  desc["outputs"] = std::move(outputs);
  return desc;
}

//===----------------------------------------------------------------------===//
// Schedules
//===----------------------------------------------------------------------===//

namespace {
class ScheduleWriter {
public:
  ScheduleWriter(const llvm::StringMap<int64_t> &kernelIndex,
                 bundle::Bundle &bundle)
      : kernelIndex(kernelIndex), bundle(bundle) {}

  FailureOr<Object> writeFunction(func::FuncOp func);

private:
  int64_t slot(Value v) {
    auto [it, inserted] = slots.try_emplace(v, slots.size());
    return it->second;
  }
  Array slotsOf(ValueRange values) {
    Array out;
    for (Value v : values)
      out.push_back(slot(v));
    return out;
  }
  FailureOr<Object> writeRegion(Region &region);
  FailureOr<Object> writeStep(Operation &op);

  const llvm::StringMap<int64_t> &kernelIndex;
  bundle::Bundle &bundle;
  DenseMap<Value, int64_t> slots;
};
} // namespace

FailureOr<Object> ScheduleWriter::writeRegion(Region &region) {
  Block &block = region.front();
  // Liveness: each value defined in this block dies at the step (op of this
  // block) holding its last use; values the terminator uses are handed to
  // the parent and never released here.
  DenseMap<Operation *, int64_t> position;
  for (auto [i, op] : llvm::enumerate(block))
    position[&op] = i;
  DenseMap<int64_t, SmallVector<Value>> releaseAt;
  auto noteDefinition = [&](Value v, int64_t definedAt) {
    int64_t last = definedAt;
    bool escapes = false;
    for (Operation *user : v.getUsers()) {
      Operation *ancestor = block.findAncestorOpInBlock(*user);
      if (!ancestor)
        continue;
      if (ancestor == block.getTerminator()) {
        escapes = true;
        break;
      }
      last = std::max(last, position[ancestor]);
    }
    if (!escapes && last >= 0)
      releaseAt[last].push_back(v);
  };
  for (BlockArgument arg : block.getArguments())
    if (!arg.use_empty())
      noteDefinition(arg, -1);
  for (Operation &op : block)
    for (Value r : op.getResults())
      noteDefinition(r, position[&op]);

  Object out;
  out["args"] = slotsOf(block.getArguments());
  Array steps;
  for (Operation &op : block.without_terminator()) {
    FailureOr<Object> step = writeStep(op);
    if (failed(step))
      return failure();
    auto it = releaseAt.find(position[&op]);
    if (it != releaseAt.end() && !it->second.empty())
      (*step)["release"] = slotsOf(it->second);
    steps.push_back(std::move(*step));
  }
  out["steps"] = std::move(steps);
  out["yield"] = slotsOf(block.getTerminator()->getOperands());
  return out;
}

static std::optional<StringRef> indexFunction(Operation *op) {
  return TypeSwitch<Operation *, std::optional<StringRef>>(op)
      .Case([](arith::AddIOp) { return StringRef("add"); })
      .Case([](arith::SubIOp) { return StringRef("sub"); })
      .Case([](arith::MulIOp) { return StringRef("mul"); })
      .Case([](arith::DivSIOp) { return StringRef("div"); })
      .Case([](arith::FloorDivSIOp) { return StringRef("floordiv"); })
      .Case([](arith::CeilDivSIOp) { return StringRef("ceildiv"); })
      .Case([](arith::RemSIOp) { return StringRef("rem"); })
      .Case([](arith::MaxSIOp) { return StringRef("max"); })
      .Case([](arith::MinSIOp) { return StringRef("min"); })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<Object> ScheduleWriter::writeStep(Operation &op) {
  if (auto launch = dyn_cast<LaunchOp>(op)) {
    auto it = kernelIndex.find(launch.getCallee());
    if (it == kernelIndex.end())
      return launch.emitOpError("launches an unknown kernel");
    return Object{{"op", "launch"},
                  {"kernel", it->second},
                  {"args", slotsOf(launch.getInputs())},
                  {"results", slotsOf(launch.getResults())}};
  }
  if (auto dim = dyn_cast<DimOp>(op))
    return Object{{"op", "dim"},
                  {"source", slot(dim.getSource())},
                  {"index", static_cast<int64_t>(dim.getIndex())},
                  {"result", slot(dim)}};
  if (auto c = dyn_cast<ConstantOp>(op)) {
    FailureOr<ref::HostTensor> value = toHostTensor(c.getValue());
    if (failed(value))
      return c.emitOpError("has a value code generation cannot encode");
    Array shape;
    for (int64_t d : value->getShape())
      shape.push_back(d);
    int64_t blob = bundle.addBlob(ref::encodeRaw(*value));
    return Object{{"op", "constant"},
                  {"dtype", ref::toString(value->getKind()).str()},
                  {"shape", std::move(shape)},
                  {"blob", blob},
                  {"result", slot(c)}};
  }
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto attr = dyn_cast<IntegerAttr>(c.getValue());
    if (!attr || !c.getType().isIndex())
      return c.emitOpError("in a schedule must be an index constant");
    return Object{{"op", "index"},
                  {"fn", "const"},
                  {"value", attr.getInt()},
                  {"result", slot(c)}};
  }
  if (std::optional<StringRef> fn = indexFunction(&op))
    return Object{{"op", "index"},
                  {"fn", *fn},
                  {"args", slotsOf(op.getOperands())},
                  {"result", slot(op.getResult(0))}};
  if (auto ifOp = dyn_cast<IfOp>(op)) {
    FailureOr<Object> thenRegion = writeRegion(ifOp.getThenRegion());
    if (failed(thenRegion))
      return failure();
    FailureOr<Object> elseRegion = writeRegion(ifOp.getElseRegion());
    if (failed(elseRegion))
      return failure();
    return Object{{"op", "if"},
                  {"pred", slot(ifOp.getPred())},
                  {"then", std::move(*thenRegion)},
                  {"else", std::move(*elseRegion)},
                  {"results", slotsOf(ifOp.getResults())}};
  }
  if (auto whileOp = dyn_cast<WhileOp>(op)) {
    FailureOr<Object> cond = writeRegion(whileOp.getCond());
    if (failed(cond))
      return failure();
    FailureOr<Object> body = writeRegion(whileOp.getBody());
    if (failed(body))
      return failure();
    return Object{{"op", "while"},
                  {"inits", slotsOf(whileOp.getInits())},
                  {"cond", std::move(*cond)},
                  {"body", std::move(*body)},
                  {"results", slotsOf(whileOp.getResults())}};
  }
  return op.emitOpError("cannot appear in a schedule (only meld.launch, "
                        "meld.dim, constants, index arithmetic, meld.if and "
                        "meld.while can)");
}

/// Why writing result `result` of `program` into the buffer of `arg`,
/// donated to it, would change what the program computes, or an empty
/// string when it would not. The result must come from a top-level launch whose kernel
/// computes it element by element over one shape, from the argument's
/// element at the same index (so each element is read before it is
/// overwritten, on every target), with nothing else in the kernel and
/// nothing after the launch reading the argument.
static std::string donationProblem(func::FuncOp program, BlockArgument arg,
                                   int64_t result) {
  Block &entry = program.getBody().front();
  Operation *ret = entry.getTerminator();
  Value value = ret->getOperand(result);
  auto launch = value.getDefiningOp<LaunchOp>();
  if (!launch || launch->getBlock() != &entry)
    return std::string("the result is not computed by a kernel at the "
                       "function's top level");
  for (OpOperand &use : arg.getUses()) {
    Operation *user = entry.findAncestorOpInBlock(*use.getOwner());
    if (user == ret)
      return std::string("the function also returns the argument");
    if (user != launch.getOperation() && launch->isBeforeInBlock(user))
      return ("'" + user->getName().getStringRef() +
              "' reads the argument after the kernel that overwrites it")
          .str();
  }
  auto kernel = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      launch, launch.getCalleeAttr());
  if (!kernel || kernel.isExternal())
    return std::string("its kernel is not found");
  auto out = cast<OpResult>(value).getResultNumber();
  Block &body = kernel.getBody().front();
  Value written = body.getTerminator()->getOperand(out);
  auto shape = cast<RankedTensorType>(arg.getType()).getShape();
  // The ops the written value depends on, and whether the argument is one
  // of its sources.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work{written};
  bool fromArgument = false;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (auto a = dyn_cast<BlockArgument>(v)) {
      fromArgument |= launch.getInputs()[a.getArgNumber()] == arg;
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (def->getBlock() != &body)
      return std::string("its kernel computes the result in nested regions");
    if (slice.insert(def))
      llvm::append_range(work, def->getOperands());
  }
  if (!fromArgument)
    return std::string("the result does not depend on the argument's "
                       "elements");
  for (auto [i, input] : llvm::enumerate(launch.getInputs())) {
    if (input != arg)
      continue;
    for (Operation *user : body.getArgument(i).getUsers()) {
      auto type = user->getNumResults() == 1
                      ? dyn_cast<RankedTensorType>(user->getResult(0).getType())
                      : RankedTensorType();
      bool sameElement = user->hasTrait<OpTrait::Elementwise>() && type &&
                         type.getShape() == shape;
      if (!sameElement)
        return ("'" + user->getName().getStringRef() +
                "' in its kernel reads the argument at other elements than "
                "the result's")
            .str();
      if (!slice.contains(user))
        return ("'" + user->getName().getStringRef() +
                "' in its kernel reads the argument for another result")
            .str();
    }
  }
  // Every op between the argument and the write is elementwise over the
  // same shape (or a rank-0 value, a broadcast of one, or a splat).
  for (Operation *op : slice) {
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || type.getRank() == 0)
      continue;
    bool sameElement = op->getNumResults() == 1 && type.getShape() == shape &&
                       (op->hasTrait<OpTrait::Elementwise>() ||
                        isa<ConstantOp>(op) ||
                        (isa<BroadcastInDimOp>(op) &&
                         cast<RankedTensorType>(op->getOperand(0).getType())
                                 .getRank() == 0));
    if (!sameElement)
      return ("the result goes through '" + op->getName().getStringRef() +
              "', which does not compute it element by element")
          .str();
  }
  return std::string();
}

/// The donated arguments of `program` (kDonateAttrName): [argument,
/// result] pairs, each checked by donationProblem.
static FailureOr<Array> writeDonations(func::FuncOp program) {
  Array pairs;
  llvm::SmallDenseMap<int64_t, int64_t> donor;
  int64_t numResults = program.getNumResults();
  for (BlockArgument arg : program.getArguments()) {
    Attribute given = program.getArgAttr(arg.getArgNumber(), kDonateAttrName);
    if (!given)
      continue;
    auto attr = dyn_cast<IntegerAttr>(given);
    auto fail = [&]() {
      return mlir::emitError(arg.getLoc(), "argument #")
             << arg.getArgNumber() << " cannot be donated: ";
    };
    if (!attr)
      return fail() << "'" << kDonateAttrName
                    << "' takes the index of a result";
    int64_t result = attr.getInt();
    if (result < 0 || result >= numResults)
      return fail() << "the function has no result #" << result;
    if (program.getFunctionType().getResult(result) != arg.getType())
      return fail() << "its type " << arg.getType() << " is not result #"
                    << result << "'s, "
                    << program.getFunctionType().getResult(result);
    if (auto [it, inserted] = donor.try_emplace(result, arg.getArgNumber());
        !inserted)
      return fail() << "argument #" << it->second << " is already donated to "
                    << "result #" << result;
    std::string problem = donationProblem(program, arg, result);
    if (!problem.empty())
      return fail() << "result #" << result
                    << " cannot be written in its place: " << problem;
    pairs.push_back(Array{static_cast<int64_t>(arg.getArgNumber()), result});
  }
  return pairs;
}

FailureOr<Object> ScheduleWriter::writeFunction(func::FuncOp func) {
  Object out;
  out["name"] = func.getSymName().str();
  auto describe = [](TypeRange types) {
    Array out;
    for (Type t : types)
      out.push_back(describeTensor(cast<RankedTensorType>(t)));
    return out;
  };
  for (Type t : func.getFunctionType().getInputs())
    if (!isa<RankedTensorType>(t) ||
        codegen::dtypeName(cast<RankedTensorType>(t).getElementType()).empty())
      return func.emitError("argument type ")
             << t << " is not a ranked tensor of a meld element type";
  for (Type t : func.getFunctionType().getResults())
    if (!isa<RankedTensorType>(t))
      return func.emitError("result type ") << t << " is not a ranked tensor";
  out["inputs"] = describe(func.getFunctionType().getInputs());
  out["outputs"] = describe(func.getFunctionType().getResults());
  FailureOr<Object> body = writeRegion(func.getBody());
  if (failed(body))
    return failure();
  out["body"] = std::move(*body);
  out["num_slots"] = static_cast<int64_t>(slots.size());
  FailureOr<Array> donations = writeDonations(func);
  if (failed(donations))
    return failure();
  if (!donations->empty())
    out["donations"] = std::move(*donations);
  return out;
}

FailureOr<Object>
meld::codegen::writeSchedule(func::FuncOp program,
                             const llvm::StringMap<int64_t> &kernelIndex,
                             bundle::Bundle &bundle) {
  return ScheduleWriter(kernelIndex, bundle).writeFunction(program);
}
