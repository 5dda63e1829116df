//===- RandomProgram.cpp - Random meld programs for testing ---------------===//
//
// The program works on four shapes built from two sizes M and N: [M, N],
// [N, M], [M] and [N]. Each step picks an op that consumes existing values of
// suitable shapes and produces one new value, so every program verifies.
// Data movement comes back to those shapes too: a window sliced across a
// concatenation (wholly in one piece, across the seam, or strided over
// both), rows shifted in past a constant row, rows gathered (repeated,
// negative indices), and a select of a comparison; and softmax's
// exp(x - max), so that the row-block tiling of real models is exercised.
//
//===----------------------------------------------------------------------===//

#include "meld/Testing/RandomProgram.h"
#include "meld/Dialect/Meld/IR/MeldOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <random>

using namespace mlir;
using namespace meld;

namespace {
class Generator {
public:
  Generator(MLIRContext *context, const RandomProgramOptions &options)
      : options(options), rng(options.seed), builder(context) {
    int64_t m = draw(1, options.maxDim), n = draw(1, options.maxDim);
    Type f32 = builder.getF32Type();
    shapes = {RankedTensorType::get({m, n}, f32),
              RankedTensorType::get({n, m}, f32),
              RankedTensorType::get({m}, f32), RankedTensorType::get({n}, f32)};
  }

  OwningOpRef<ModuleOp> build() {
    Location loc = builder.getUnknownLoc();
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    builder.setInsertionPointToEnd(module->getBody());
    SmallVector<Type> argTypes(shapes.begin(), shapes.end());
    auto func = func::FuncOp::create(builder, loc, "main",
                                     builder.getFunctionType(argTypes, {}));
    Block *body = func.addEntryBlock();
    builder.setInsertionPointToEnd(body);
    for (BlockArgument arg : body->getArguments())
      record(arg);
    for (int64_t i = 0; i < options.numOps; ++i)
      record(step(loc));

    SmallVector<Value> results;
    for (Value v : values)
      if (v.use_empty() && !isa<BlockArgument>(v))
        results.push_back(v);
    func::ReturnOp::create(builder, loc, results);
    func.setType(
        builder.getFunctionType(argTypes, TypeRange(ValueRange(results))));
    return module;
  }

private:
  int64_t draw(int64_t lo, int64_t hi) {
    return std::uniform_int_distribution<int64_t>(lo, hi)(rng);
  }

  /// An existing value of `type`, preferring recent ones.
  Value pick(Type type) {
    SmallVector<Value> &matching = byType[type];
    if (draw(1, 100) <= options.localityPercent) {
      size_t window = std::min<size_t>(matching.size(), 4);
      return matching[matching.size() - 1 - draw(0, window - 1)];
    }
    size_t first =
        options.window > 0 && matching.size() > size_t(options.window)
            ? matching.size() - options.window
            : 0;
    return matching[draw(first, matching.size() - 1)];
  }

  void record(Value v) {
    values.push_back(v);
    byType[v.getType()].push_back(v);
  }

  Value step(Location loc) {
    RankedTensorType mn = shapes[0], nm = shapes[1], m = shapes[2],
                     n = shapes[3];
    RankedTensorType any = shapes[draw(0, 3)];
    switch (draw(0, 14)) {
    case 0:
    case 1:
    case 2: { // Binary elementwise.
      Value a = pick(any), b = pick(any);
      switch (draw(0, 4)) {
      case 0:
        return AddOp::create(builder, loc, a, b);
      case 1:
        return SubOp::create(builder, loc, a, b);
      case 2:
        return MulOp::create(builder, loc, a, b);
      case 3:
        return MaxOp::create(builder, loc, a, b);
      default:
        return MinOp::create(builder, loc, a, b);
      }
    }
    case 3:
    case 4: { // Unary elementwise (bounded functions keep values finite).
      Value a = pick(any);
      switch (draw(0, 7)) {
      case 6:
        return SinOp::create(builder, loc, a);
      case 7:
        return CosOp::create(builder, loc, a);
      case 0:
        return TanhOp::create(builder, loc, a);
      case 1:
        return SigmoidOp::create(builder, loc, a);
      case 2:
        return NegOp::create(builder, loc, a);
      case 3:
        return AbsOp::create(builder, loc, a);
      case 4:
        return ReluOp::create(builder, loc, a);
      default:
        return GeluOp::create(builder, loc, a, GeluApproximation::tanh);
      }
    }
    case 5: { // Broadcast a vector over the rows or columns of [M, N].
      bool row = draw(0, 1);
      Value v = pick(row ? n : m);
      return BroadcastInDimOp::create(
          builder, loc, mn, v, ArrayRef<int64_t>{row ? 1 : 0}, ValueRange());
    }
    case 6: { // Reduce [M, N] over one dim.
      bool rows = draw(0, 1);
      ReduceKind kind = draw(0, 1) ? ReduceKind::sum : ReduceKind::max;
      return ReduceOp::create(builder, loc, rows ? m : n, kind, pick(mn),
                              ArrayRef<int64_t>{rows ? 1 : 0},
                              /*keep_dims=*/false);
    }
    case 7: { // Transpose between [M, N] and [N, M].
      bool fromMN = draw(0, 1);
      return TransposeOp::create(builder, loc, fromMN ? nm : mn,
                                 pick(fromMN ? mn : nm),
                                 ArrayRef<int64_t>{1, 0});
    }
    case 8: // [M, N] x [N, N] weights -> [M, N].
      return MatmulOp::create(builder, loc, mn, pick(mn), weights(loc), false,
                              false);
    case 10: { // A window of a concatenation of two [M, N] values.
      int64_t dim = draw(0, 1), size = mn.getDimSize(dim);
      SmallVector<int64_t> doubled(mn.getShape());
      doubled[dim] *= 2;
      Value joined = ConcatOp::create(
          builder, loc, RankedTensorType::get(doubled, mn.getElementType()),
          ValueRange{pick(mn), pick(mn)}, dim);
      SmallVector<int64_t> start(2, 0), limit(mn.getShape()), strides(2, 1);
      if (draw(0, 2) == 0) { // every other element, over both pieces
        start[dim] = draw(0, 1);
        strides[dim] = 2;
        limit[dim] = start[dim] + 2 * size - 1;
      } else { // a window at any offset: one piece or across the seam
        start[dim] = draw(0, size);
        limit[dim] = start[dim] + size;
      }
      return SliceOp::create(builder, loc, mn, joined, start, limit,
                             builder.getDenseI64ArrayAttr(strides));
    }
    case 11: { // Rows shifted by one, a constant row coming in.
      int64_t rows = mn.getDimSize(0), cols = mn.getDimSize(1);
      auto rowType = RankedTensorType::get({1, cols}, mn.getElementType());
      Value fill = ConstantOp::create(
          builder, loc,
          SplatElementsAttr::get(rowType, builder.getF32FloatAttr(0.25f)));
      bool down = draw(0, 1);
      SmallVector<Value> pieces = {fill, pick(mn)};
      if (!down)
        std::swap(pieces[0], pieces[1]);
      Value joined = ConcatOp::create(
          builder, loc,
          RankedTensorType::get({rows + 1, cols}, mn.getElementType()),
          pieces, 0);
      int64_t first = down ? 0 : 1;
      return SliceOp::create(builder, loc, mn, joined,
                             ArrayRef<int64_t>{first, 0},
                             ArrayRef<int64_t>{first + rows, cols},
                             DenseI64ArrayAttr());
    }
    case 12: { // Rows gathered by constant indices (repeats, negatives).
      int64_t rows = mn.getDimSize(0);
      SmallVector<int64_t> idx;
      for (int64_t i = 0; i < rows; ++i)
        idx.push_back(draw(-rows, rows - 1));
      auto idxType = RankedTensorType::get({rows}, builder.getI64Type());
      Value indices = ConstantOp::create(
          builder, loc, DenseElementsAttr::get(idxType, ArrayRef(idx)));
      return GatherOp::create(builder, loc, mn, pick(mn), indices, 0);
    }
    case 13: { // select(a > b, a, c).
      Value a = pick(any), b = pick(any), c = pick(any);
      auto type = cast<RankedTensorType>(a.getType());
      Value pred = CompareOp::create(
          builder, loc,
          RankedTensorType::get(type.getShape(), builder.getI1Type()),
          CompareDirection::gt, a, b);
      return SelectOp::create(builder, loc, type, pred, a, c);
    }
    case 14: { // exp(x - max over the row), as softmax computes it.
      Value x = pick(mn);
      Value rowMax = ReduceOp::create(builder, loc, m, ReduceKind::max, x,
                                      ArrayRef<int64_t>{1},
                                      /*keep_dims=*/false);
      Value spread = BroadcastInDimOp::create(
          builder, loc, mn, rowMax, ArrayRef<int64_t>{0}, ValueRange());
      return ExpOp::create(builder, loc, SubOp::create(builder, loc, x, spread));
    }
    default: { // A splat constant scale: x * c.
      Value a = pick(any);
      auto type = cast<RankedTensorType>(a.getType());
      Value c = ConstantOp::create(
          builder, loc,
          SplatElementsAttr::get(type, builder.getF32FloatAttr(0.5f)));
      return MulOp::create(builder, loc, a, c);
    }
    }
  }

  /// A dense [N, N] weight matrix whose rows sum to less than 2, so that
  /// chains of matmuls stay in range at any N.
  Value weights(Location loc) {
    int64_t n = shapes[0].getDimSize(1);
    auto type = RankedTensorType::get({n, n}, builder.getF32Type());
    SmallVector<float> data(n * n, 0.0f);
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        data[i * n + j] = (i == j) ? 1.0f : 1.0f / static_cast<float>(n);
    return ConstantOp::create(builder, loc,
                              DenseElementsAttr::get(type, ArrayRef(data)));
  }

  RandomProgramOptions options;
  std::mt19937_64 rng;
  OpBuilder builder;
  SmallVector<RankedTensorType, 4> shapes;
  SmallVector<Value> values;
  llvm::DenseMap<Type, SmallVector<Value>> byType;
};
} // namespace

OwningOpRef<ModuleOp>
meld::buildRandomProgram(MLIRContext *context,
                         const RandomProgramOptions &options) {
  return Generator(context, options).build();
}
