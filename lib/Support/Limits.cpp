//===- Limits.cpp - Bounds on the programs Meld accepts ---------*- C++ -*-===//
//
// Neither check recurses: the point is to reject, with a location, the
// programs that would overflow the stack of the parser, the verifier, the
// passes, the printer or the interpreter. For the same reason the errors go
// through mlir::emitError on a location, never Operation::emitError, which
// prints the op (and everything nested in it) as a note.
//
//===----------------------------------------------------------------------===//

#include "meld/Support/Limits.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace meld {

//===----------------------------------------------------------------------===//
// Program text
//===----------------------------------------------------------------------===//

static Location locationOf(const llvm::SourceMgr &sourceMgr, unsigned bufferId,
                           const char *pointer, MLIRContext *context) {
  auto [line, column] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(pointer), bufferId);
  return FileLineColLoc::get(
      context, sourceMgr.getMemoryBuffer(bufferId)->getBufferIdentifier(),
      line, column);
}

/// One buffer: a single pass over every byte, so a NUL byte is found in
/// comments and strings too. Brackets inside comments and strings do not
/// nest; `->`, `>=` and `<=` are not brackets.
static LogicalResult checkBuffer(const llvm::SourceMgr &sourceMgr,
                                 unsigned bufferId, MLIRContext *context,
                                 const ProgramLimits &limits) {
  llvm::StringRef text = sourceMgr.getMemoryBuffer(bufferId)->getBuffer();
  const char *begin = text.begin(), *end = text.end();
  auto next = [&](const char *p) { return p + 1 < end ? p[1] : '\0'; };
  unsigned depth = 0;
  enum class State { Code, Comment, String } state = State::Code;
  for (const char *p = begin; p != end; ++p) {
    char c = *p;
    if (c == '\0')
      return emitError(locationOf(sourceMgr, bufferId, p, context))
             << "the program text holds a NUL byte (offset " << (p - begin)
             << "); a program is text, and nothing after a NUL byte may be "
                "ignored";
    if (state == State::Comment) {
      if (c == '\n')
        state = State::Code;
      continue;
    }
    if (state == State::String) {
      if (c == '\\' && next(p) != '\0' && next(p) != '\n')
        ++p;
      else if (c == '"' || c == '\n')
        state = State::Code;
      continue;
    }
    switch (c) {
    case '/':
      if (next(p) == '/')
        state = State::Comment;
      break;
    case '"':
      state = State::String;
      break;
    case '{':
    case '(':
    case '[':
    case '<':
      if (c == '<' && next(p) == '=')
        break;
      if (limits.maxNesting && ++depth > limits.maxNesting)
        return emitError(locationOf(sourceMgr, bufferId, p, context))
               << "the program nests deeper than " << limits.maxNesting
               << " levels of regions, types, attributes or brackets; "
                  "raise the limit with --max-nesting (see docs/limits.md)";
      break;
    case '>':
      if ((p != begin && p[-1] == '-') || next(p) == '=')
        break;
      [[fallthrough]];
    case '}':
    case ')':
    case ']':
      if (depth)
        --depth;
      break;
    default:
      break;
    }
  }
  return success();
}

LogicalResult checkProgramText(const llvm::SourceMgr &sourceMgr,
                               MLIRContext *context,
                               const ProgramLimits &limits) {
  for (unsigned id = 1, e = sourceMgr.getNumBuffers(); id <= e; ++id)
    if (failed(checkBuffer(sourceMgr, id, context, limits)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

std::optional<int64_t> getCheckedElementCount(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return 1;
  int64_t count = 1;
  for (int64_t size : shaped.getShape()) {
    if (ShapedType::isDynamic(size))
      continue;
    if (size < 0 || llvm::MulOverflow(count, size, count))
      return std::nullopt;
  }
  return count;
}

static LogicalResult checkType(Location loc, Type type,
                               const ProgramLimits &limits) {
  if (!limits.maxTensorElements || !isa<ShapedType>(type))
    return success();
  std::optional<int64_t> count = getCheckedElementCount(type);
  if (!count)
    return emitError(loc) << "the element count of " << type
                          << " overflows a 64-bit integer";
  if (static_cast<uint64_t>(*count) > limits.maxTensorElements)
    return emitError(loc) << type << " has " << *count
                          << " elements, more than the limit of "
                          << limits.maxTensorElements
                          << "; raise it with --max-tensor-elements";
  return success();
}

/// Bytes of one element once materialized (i1 takes a byte).
static uint64_t elementBytes(Type elementType) {
  if (elementType.isIntOrFloat())
    return llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8);
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * elementBytes(complex.getElementType());
  return 8;
}

static LogicalResult checkConstants(Operation *op,
                                    const ProgramLimits &limits) {
  for (NamedAttribute attr : op->getAttrs()) {
    auto elements = dyn_cast<ElementsAttr>(attr.getValue());
    if (!elements)
      continue;
    if (failed(checkType(op->getLoc(), elements.getType(), limits)))
      return failure();
    std::optional<int64_t> count = getCheckedElementCount(elements.getType());
    uint64_t perElement = elementBytes(elements.getElementType());
    if (limits.maxConstantBytes &&
        (!count || static_cast<uint64_t>(*count) >
                       limits.maxConstantBytes / perElement))
      return emitError(op->getLoc())
             << "a constant of " << elements.getType()
             << " takes more than the limit of " << limits.maxConstantBytes
             << " bytes; raise it with --max-constant-bytes";
  }
  return success();
}

LogicalResult checkProgramLimits(Operation *root,
                                 const ProgramLimits &limits) {
  struct Item {
    Operation *op;
    unsigned depth;
  };
  llvm::SmallVector<Item> worklist{{root, 0}};
  uint64_t ops = 0;
  while (!worklist.empty()) {
    auto [op, depth] = worklist.pop_back_val();
    if (limits.maxOps && ++ops > limits.maxOps)
      return emitError(root->getLoc())
             << "the program has more than " << limits.maxOps
             << " operations; raise the limit with --max-ops";
    for (Type type : op->getResultTypes())
      if (failed(checkType(op->getLoc(), type, limits)))
        return failure();
    if (failed(checkConstants(op, limits)))
      return failure();
    for (Region &region : op->getRegions()) {
      if (region.empty())
        continue;
      if (limits.maxNesting && depth + 1 > limits.maxNesting)
        return emitError(op->getLoc())
               << "regions nest deeper than " << limits.maxNesting
               << " levels; raise the limit with --max-nesting (see "
                  "docs/limits.md)";
      for (Block &block : region) {
        for (BlockArgument argument : block.getArguments())
          if (failed(checkType(argument.getLoc(), argument.getType(), limits)))
            return failure();
        for (Operation &nested : block)
          worklist.push_back({&nested, depth + 1});
      }
    }
  }
  return success();
}

OwningOpRef<ModuleOp> parseCheckedModule(llvm::SourceMgr &sourceMgr,
                                         MLIRContext *context,
                                         const ProgramLimits &limits) {
  if (failed(checkProgramText(sourceMgr, context, limits)))
    return nullptr;
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);
  if (!module || failed(checkProgramLimits(*module, limits)))
    return nullptr;
  return module;
}

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

namespace {
struct LimitsCLOptions {
  llvm::cl::OptionCategory category{"Meld program limits (docs/limits.md)"};
  llvm::cl::opt<unsigned> maxNesting{
      "max-nesting",
      llvm::cl::desc("Deepest nesting of regions, and of brackets in the "
                     "program text (0: no limit)"),
      llvm::cl::init(ProgramLimits().maxNesting), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> maxOps{
      "max-ops", llvm::cl::desc("Most operations in a program (0: no limit)"),
      llvm::cl::init(ProgramLimits().maxOps), llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> maxTensorElements{
      "max-tensor-elements",
      llvm::cl::desc("Most elements of one tensor (0: no limit)"),
      llvm::cl::init(ProgramLimits().maxTensorElements),
      llvm::cl::cat(category)};
  llvm::cl::opt<uint64_t> maxConstantBytes{
      "max-constant-bytes",
      llvm::cl::desc("Largest constant in bytes (0: no limit)"),
      llvm::cl::init(ProgramLimits().maxConstantBytes),
      llvm::cl::cat(category)};
};
} // namespace

static llvm::ManagedStatic<LimitsCLOptions> clOptions;

llvm::cl::OptionCategory &registerProgramLimitsCLOptions() {
  return clOptions->category;
}

ProgramLimits getProgramLimitsFromCL() {
  ProgramLimits limits;
  if (!clOptions.isConstructed())
    return limits;
  limits.maxNesting = clOptions->maxNesting;
  limits.maxOps = clOptions->maxOps;
  limits.maxTensorElements = clOptions->maxTensorElements;
  limits.maxConstantBytes = clOptions->maxConstantBytes;
  return limits;
}

} // namespace meld
