//===- Kernels.cpp - Reference semantics of meld ops ----------------------===//
//
// Straightforward loops over HostTensors. Float math runs in double and is
// rounded once to the result kind; integer math runs in int64_t and is
// wrapped to the result width (two's complement).
//
//===----------------------------------------------------------------------===//

#include "meld/Reference/Kernels.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

using namespace meld::ref;
using llvm::ArrayRef;
using llvm::Expected;
using llvm::SmallVector;

template <typename... Args>
static llvm::Error makeError(const char *fmt, Args &&...args) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv(fmt, std::forward<Args>(args)...).str());
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  return "[" + formatShape(shape) + "]";
}

//===----------------------------------------------------------------------===//
// Scalar semantics
//===----------------------------------------------------------------------===//

static double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

double meld::ref::applyFloat(UnaryFn fn, double x) {
  switch (fn) {
  case UnaryFn::Neg:
    return -x;
  case UnaryFn::Abs:
    return std::fabs(x);
  case UnaryFn::Relu:
    // NaN propagates, like max(x, 0).
    return std::isnan(x) ? x : (x > 0.0 ? x : 0.0);
  case UnaryFn::Exp:
    return std::exp(x);
  case UnaryFn::Log:
    return std::log(x);
  case UnaryFn::Tanh:
    return std::tanh(x);
  case UnaryFn::Sigmoid:
    return sigmoid(x);
  case UnaryFn::Erf:
    return std::erf(x);
  case UnaryFn::Silu:
    return x * sigmoid(x);
  case UnaryFn::Sqrt:
    return std::sqrt(x);
  case UnaryFn::Rsqrt:
    return 1.0 / std::sqrt(x);
  case UnaryFn::GeluErf:
    return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0)));
  case UnaryFn::GeluTanh: {
    const double k = std::sqrt(2.0 / M_PI);
    return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
  }
  case UnaryFn::Sin:
    return std::sin(x);
  case UnaryFn::Cos:
    return std::cos(x);
  case UnaryFn::Floor:
    return std::floor(x);
  case UnaryFn::Ceil:
    return std::ceil(x);
  case UnaryFn::Round: {
    // Ties to even, whatever the floating-point environment's rounding
    // mode: std::round takes halves away from zero, so redo exact halves.
    double r = std::round(x);
    if (std::fabs(x - std::trunc(x)) == 0.5)
      r = 2.0 * std::round(x / 2.0);
    return r;
  }
  case UnaryFn::Not:
    llvm_unreachable("integer-only unary function applied to a float");
  }
  llvm_unreachable("unknown unary function");
}

int64_t meld::ref::applyInt(UnaryFn fn, int64_t x) {
  switch (fn) {
  case UnaryFn::Neg:
    return static_cast<int64_t>(0ull - static_cast<uint64_t>(x));
  case UnaryFn::Abs:
    return x < 0 ? static_cast<int64_t>(0ull - static_cast<uint64_t>(x)) : x;
  case UnaryFn::Relu:
    return x > 0 ? x : 0;
  case UnaryFn::Not:
    // The caller wraps to the width; on i1 that keeps bit 0: logical not.
    return ~x;
  default:
    llvm_unreachable("float-only unary function applied to an integer");
  }
}

double meld::ref::applyFloat(BinaryFn fn, double a, double b) {
  switch (fn) {
  case BinaryFn::Add:
    return a + b;
  case BinaryFn::Sub:
    return a - b;
  case BinaryFn::Mul:
    return a * b;
  case BinaryFn::Div:
    return a / b;
  case BinaryFn::Max:
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<double>::quiet_NaN();
    // max(-0, +0) is +0.
    return (a > b || (a == b && !std::signbit(a))) ? a : b;
  case BinaryFn::Min:
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<double>::quiet_NaN();
    return (a < b || (a == b && std::signbit(a))) ? a : b;
  case BinaryFn::Pow:
    return std::pow(a, b);
  case BinaryFn::Rem:
    // Exact: the remainder is representable in every float kind that holds
    // a and b, so rounding it to the result kind changes nothing.
    return std::fmod(a, b);
  case BinaryFn::And:
  case BinaryFn::Or:
  case BinaryFn::Xor:
  case BinaryFn::ShiftLeft:
  case BinaryFn::ShiftRight:
    llvm_unreachable("integer-only binary function applied to floats");
  }
  llvm_unreachable("unknown binary function");
}

Expected<int64_t> meld::ref::applyInt(BinaryFn fn, int64_t a, int64_t b,
                                      unsigned width) {
  // Unsigned arithmetic wraps without undefined behaviour; the caller wraps
  // the result to the element width.
  uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
  switch (fn) {
  case BinaryFn::Add:
    return static_cast<int64_t>(ua + ub);
  case BinaryFn::Sub:
    return static_cast<int64_t>(ua - ub);
  case BinaryFn::Mul:
    return static_cast<int64_t>(ua * ub);
  case BinaryFn::Div:
    if (b == 0)
      return makeError("integer division by zero");
    if (a == std::numeric_limits<int64_t>::min() && b == -1)
      return a; // Wraps, like the 64-bit hardware result would.
    return a / b;
  case BinaryFn::Max:
    return std::max(a, b);
  case BinaryFn::Min:
    return std::min(a, b);
  case BinaryFn::Pow:
    return makeError("pow is defined on float tensors only");
  case BinaryFn::Rem:
    if (b == 0)
      return makeError("integer division by zero");
    if (a == std::numeric_limits<int64_t>::min() && b == -1)
      return int64_t(0);
    return a % b; // Truncated: the sign of a.
  case BinaryFn::And:
    return a & b;
  case BinaryFn::Or:
    return a | b;
  case BinaryFn::Xor:
    return a ^ b;
  case BinaryFn::ShiftLeft:
    // a is sign-extended from `width` bits; shifting its 64 bits and
    // wrapping to the width equals the narrow shift.
    if (b < 0 || b >= static_cast<int64_t>(width))
      return 0;
    return static_cast<int64_t>(ua << b);
  case BinaryFn::ShiftRight:
    // Arithmetic; out-of-range amounts give the sign fill, a >> (width - 1).
    if (b < 0 || b >= static_cast<int64_t>(width))
      b = width - 1;
    return a >> b;
  }
  llvm_unreachable("unknown binary function");
}

template <typename T> static bool compareValues(CompareFn fn, T a, T b) {
  switch (fn) {
  case CompareFn::Eq:
    return a == b;
  case CompareFn::Ne:
    return a != b;
  case CompareFn::Lt:
    return a < b;
  case CompareFn::Le:
    return a <= b;
  case CompareFn::Gt:
    return a > b;
  case CompareFn::Ge:
    return a >= b;
  }
  llvm_unreachable("unknown comparison");
}

bool meld::ref::applyCompare(CompareFn fn, double a, double b) {
  return compareValues(fn, a, b);
}
bool meld::ref::applyCompare(CompareFn fn, int64_t a, int64_t b) {
  return compareValues(fn, a, b);
}

double meld::ref::castToFloat(const HostTensor &src, int64_t index,
                              ElementKind to) {
  if (src.isFloat() || to == ElementKind::F64)
    return roundToFloat(src.getAsDouble(index), to);
  // Round the integer straight to the target: going through double first
  // would round twice and could land on the wrong neighbour.
  const llvm::fltSemantics &semantics =
      to == ElementKind::F32   ? llvm::APFloat::IEEEsingle()
      : to == ElementKind::F16 ? llvm::APFloat::IEEEhalf()
                               : llvm::APFloat::BFloat();
  llvm::APFloat f(semantics);
  f.convertFromAPInt(llvm::APInt(64, static_cast<uint64_t>(src.getInt(index)),
                                 /*isSigned=*/true),
                     /*IsSigned=*/true, llvm::APFloat::rmNearestTiesToEven);
  bool losesInfo = false;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToDouble();
}

int64_t meld::ref::castToInt(const HostTensor &src, int64_t index,
                             ElementKind to) {
  if (!src.isFloat()) {
    int64_t v = src.getInt(index);
    return to == ElementKind::I1 ? (v != 0) : wrapToInt(v, to);
  }
  double v = src.getFloat(index);
  if (to == ElementKind::I1)
    return v != 0.0 ? 1 : 0; // NaN != 0 is true.
  if (std::isnan(v))
    return 0;
  double t = std::trunc(v);
  if (t <= static_cast<double>(minInt(to)))
    return minInt(to);
  // maxInt(i64) is not representable as a double; compare against 2^63.
  if (t >= std::ldexp(1.0, bitWidth(to) - 1))
    return maxInt(to);
  return static_cast<int64_t>(t);
}

//===----------------------------------------------------------------------===//
// Elementwise kernels
//===----------------------------------------------------------------------===//

static llvm::Error checkSameShape(const HostTensor &a, const HostTensor &b,
                                  const char *what) {
  if (a.getShape() != b.getShape())
    return makeError("{0}: shapes {1} and {2} differ", what,
                     shapeString(a.getShape()), shapeString(b.getShape()));
  return llvm::Error::success();
}

Expected<HostTensor> meld::ref::unary(UnaryFn fn, const HostTensor &x) {
  HostTensor r(x.getKind(), x.getShape());
  for (int64_t i = 0, e = x.size(); i < e; ++i) {
    if (x.isFloat())
      r.setFloat(i, applyFloat(fn, x.getFloat(i)));
    else
      r.setInt(i, applyInt(fn, x.getInt(i)));
  }
  return r;
}

Expected<HostTensor> meld::ref::binary(BinaryFn fn, const HostTensor &a,
                                       const HostTensor &b) {
  if (auto err = checkSameShape(a, b, "elementwise operands"))
    return std::move(err);
  HostTensor r(a.getKind(), a.getShape());
  for (int64_t i = 0, e = a.size(); i < e; ++i) {
    if (a.isFloat()) {
      r.setFloat(i, applyFloat(fn, a.getFloat(i), b.getFloat(i)));
      continue;
    }
    Expected<int64_t> v =
        applyInt(fn, a.getInt(i), b.getInt(i), bitWidth(a.getKind()));
    if (!v)
      return v.takeError();
    r.setInt(i, *v);
  }
  return r;
}

Expected<HostTensor> meld::ref::compare(CompareFn fn, const HostTensor &a,
                                        const HostTensor &b) {
  if (auto err = checkSameShape(a, b, "compare operands"))
    return std::move(err);
  HostTensor r(ElementKind::I1, a.getShape());
  for (int64_t i = 0, e = a.size(); i < e; ++i)
    r.setInt(i, a.isFloat() ? applyCompare(fn, a.getFloat(i), b.getFloat(i))
                            : applyCompare(fn, a.getInt(i), b.getInt(i)));
  return r;
}

Expected<HostTensor> meld::ref::select(const HostTensor &pred,
                                       const HostTensor &onTrue,
                                       const HostTensor &onFalse) {
  if (auto err = checkSameShape(pred, onTrue, "select operands"))
    return std::move(err);
  if (auto err = checkSameShape(onTrue, onFalse, "select operands"))
    return std::move(err);
  HostTensor r = onFalse;
  for (int64_t i = 0, e = pred.size(); i < e; ++i) {
    if (!pred.getInt(i))
      continue;
    if (r.isFloat())
      r.setFloat(i, onTrue.getFloat(i));
    else
      r.setInt(i, onTrue.getInt(i));
  }
  return r;
}

Expected<HostTensor> meld::ref::fma(const HostTensor &a, const HostTensor &b,
                                    const HostTensor &c) {
  if (auto err = checkSameShape(a, b, "fma operands"))
    return std::move(err);
  if (auto err = checkSameShape(a, c, "fma operands"))
    return std::move(err);
  HostTensor r(a.getKind(), a.getShape());
  bool single = a.getKind() == ElementKind::F32;
  for (int64_t i = 0, e = a.size(); i < e; ++i) {
    double x = a.getFloat(i), y = b.getFloat(i), z = c.getFloat(i);
    r.setFloat(i, single ? static_cast<double>(std::fmaf(
                               static_cast<float>(x), static_cast<float>(y),
                               static_cast<float>(z)))
                         : std::fma(x, y, z));
  }
  return r;
}

HostTensor meld::ref::cast(const HostTensor &x, ElementKind to) {
  HostTensor r(to, x.getShape());
  for (int64_t i = 0, e = x.size(); i < e; ++i) {
    if (isFloat(to))
      r.setFloat(i, castToFloat(x, i, to));
    else
      r.setInt(i, castToInt(x, i, to));
  }
  return r;
}

HostTensor meld::ref::bitcast(const HostTensor &x, ElementKind to) {
  HostTensor r(to, x.getShape());
  for (int64_t i = 0, e = x.size(); i < e; ++i) {
    switch (x.getKind()) {
    case ElementKind::F32:
      r.setInt(i, llvm::bit_cast<int32_t>(static_cast<float>(x.getFloat(i))));
      break;
    case ElementKind::F64:
      r.setInt(i, llvm::bit_cast<int64_t>(x.getFloat(i)));
      break;
    case ElementKind::I32:
      r.floatData()[i] = static_cast<double>(
          llvm::bit_cast<float>(static_cast<int32_t>(x.getInt(i))));
      break;
    default:
      r.floatData()[i] = llvm::bit_cast<double>(x.getInt(i));
      break;
    }
  }
  return r;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

/// Copies element `from` of `src` into element `to` of `dst` (same kind).
static void copyElement(const HostTensor &src, int64_t from, HostTensor &dst,
                        int64_t to) {
  if (src.isFloat())
    dst.floatData()[to] = src.getFloat(from);
  else
    dst.intData()[to] = src.getInt(from);
}

/// Advances the multi-index `index` within `shape` (row-major); returns false
/// after the last element.
static bool nextIndex(SmallVector<int64_t> &index, ArrayRef<int64_t> shape) {
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (++index[d] < shape[d])
      return true;
    index[d] = 0;
  }
  return false;
}

HostTensor meld::ref::iota(ElementKind kind, ArrayRef<int64_t> shape,
                           int64_t dim) {
  HostTensor r(kind, shape);
  if (r.size() == 0)
    return r;
  SmallVector<int64_t> index(shape.size(), 0);
  int64_t linear = 0;
  do {
    if (isFloat(kind))
      r.setFloat(linear, static_cast<double>(index[dim]));
    else
      r.setInt(linear, index[dim]);
    ++linear;
  } while (nextIndex(index, shape));
  return r;
}

Expected<HostTensor> meld::ref::broadcastInDim(const HostTensor &x,
                                               ArrayRef<int64_t> dims,
                                               ArrayRef<int64_t> shape) {
  if (static_cast<int64_t>(dims.size()) != x.getRank())
    return makeError("broadcast_in_dim: {0} dims for an operand of rank {1}",
                     dims.size(), x.getRank());
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (d < 0 || d >= static_cast<int64_t>(shape.size()))
      return makeError("broadcast_in_dim: dimension {0} out of range", d);
    int64_t size = x.getShape()[i];
    if (size != 1 && size != shape[d])
      return makeError("broadcast_in_dim: operand dimension {0} has size {1}, "
                       "which is neither 1 nor the result size {2}",
                       i, size, shape[d]);
  }
  HostTensor r(x.getKind(), shape);
  if (r.size() == 0)
    return r;
  SmallVector<int64_t> srcStrides = rowMajorStrides(x.getShape());
  SmallVector<int64_t> index(shape.size(), 0);
  int64_t linear = 0;
  do {
    int64_t src = 0;
    for (auto [i, d] : llvm::enumerate(dims))
      if (x.getShape()[i] != 1)
        src += index[d] * srcStrides[i];
    copyElement(x, src, r, linear++);
  } while (nextIndex(index, shape));
  return r;
}

Expected<HostTensor> meld::ref::reshape(const HostTensor &x,
                                        ArrayRef<int64_t> shape) {
  if (numElements(shape) != x.size())
    return makeError("reshape: cannot reshape {0} elements {1} into {2}",
                     x.size(), shapeString(x.getShape()), shapeString(shape));
  HostTensor r(x.getKind(), shape);
  r.floatData() = x.floatData();
  r.intData() = x.intData();
  return r;
}

Expected<HostTensor> meld::ref::transpose(const HostTensor &x,
                                          ArrayRef<int64_t> perm) {
  if (static_cast<int64_t>(perm.size()) != x.getRank())
    return makeError("transpose: permutation of size {0} for rank {1}",
                     perm.size(), x.getRank());
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(x.getShape()[p]);
  HostTensor r(x.getKind(), shape);
  if (r.size() == 0)
    return r;
  SmallVector<int64_t> srcStrides = rowMajorStrides(x.getShape());
  SmallVector<int64_t> index(shape.size(), 0);
  int64_t linear = 0;
  do {
    int64_t src = 0;
    for (auto [i, p] : llvm::enumerate(perm))
      src += index[i] * srcStrides[p];
    copyElement(x, src, r, linear++);
  } while (nextIndex(index, shape));
  return r;
}

Expected<HostTensor> meld::ref::slice(const HostTensor &x,
                                      ArrayRef<int64_t> start,
                                      ArrayRef<int64_t> limit,
                                      ArrayRef<int64_t> strides) {
  SmallVector<int64_t> shape;
  SmallVector<int64_t> limits(limit);
  for (int64_t d = 0; d < x.getRank(); ++d) {
    // The whole dimension, whatever its size.
    if (start[d] == 0 && limits[d] == -1 && strides[d] == 1)
      limits[d] = x.getShape()[d];
    if (start[d] < 0 || start[d] > limits[d] || limits[d] > x.getShape()[d] ||
        strides[d] <= 0)
      return makeError("slice: range [{0}, {1}) step {2} is out of bounds for "
                       "dimension {3} of size {4}",
                       start[d], limits[d], strides[d], d, x.getShape()[d]);
    shape.push_back((limits[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  HostTensor r(x.getKind(), shape);
  if (r.size() == 0)
    return r;
  SmallVector<int64_t> srcStrides = rowMajorStrides(x.getShape());
  SmallVector<int64_t> index(shape.size(), 0);
  int64_t linear = 0;
  do {
    int64_t src = 0;
    for (int64_t d = 0; d < x.getRank(); ++d)
      src += (start[d] + index[d] * strides[d]) * srcStrides[d];
    copyElement(x, src, r, linear++);
  } while (nextIndex(index, shape));
  return r;
}

Expected<HostTensor> meld::ref::concat(ArrayRef<HostTensor> inputs,
                                       int64_t dim) {
  if (inputs.empty())
    return makeError("concat: no inputs");
  const HostTensor &first = inputs.front();
  SmallVector<int64_t> shape(first.getShape());
  shape[dim] = 0;
  for (const HostTensor &in : inputs) {
    for (int64_t d = 0; d < first.getRank(); ++d)
      if (d != dim && in.getShape()[d] != first.getShape()[d])
        return makeError("concat: inputs {0} and {1} differ outside "
                         "dimension {2}",
                         shapeString(first.getShape()),
                         shapeString(in.getShape()), dim);
    shape[dim] += in.getShape()[dim];
  }
  HostTensor r(first.getKind(), shape);
  // Copy row blocks: everything before `dim` is the outer loop.
  int64_t outer = numElements(ArrayRef<int64_t>(shape).take_front(dim));
  int64_t inner = numElements(ArrayRef<int64_t>(shape).drop_front(dim + 1));
  int64_t dst = 0;
  for (int64_t o = 0; o < outer; ++o)
    for (const HostTensor &in : inputs) {
      int64_t block = in.getShape()[dim] * inner;
      for (int64_t k = 0; k < block; ++k)
        copyElement(in, o * block + k, r, dst++);
    }
  return r;
}

Expected<HostTensor> meld::ref::gather(const HostTensor &x,
                                       const HostTensor &indices,
                                       int64_t axis) {
  if (axis < 0 || axis >= x.getRank())
    return makeError("gather: axis {0} is out of range for rank {1}", axis,
                     x.getRank());
  if (indices.isFloat() || indices.getKind() == ElementKind::I1)
    return makeError("gather: indices must be i64 or i32, not {0}",
                     toString(indices.getKind()));
  ArrayRef<int64_t> xs = x.getShape();
  SmallVector<int64_t> shape(xs.take_front(axis));
  llvm::append_range(shape, indices.getShape());
  llvm::append_range(shape, xs.drop_front(axis + 1));
  if (numElements(shape) > kMaxElements)
    return makeError("gather: the result would have more than {0} elements",
                     kMaxElements);
  int64_t size = xs[axis];
  int64_t outer = numElements(xs.take_front(axis));
  int64_t inner = numElements(xs.drop_front(axis + 1));
  int64_t count = indices.size();
  HostTensor r(x.getKind(), shape);
  // Every index is read when the result has elements, and only then: a
  // compiled kernel checks the index of each element it computes.
  if (r.size() == 0)
    return r;
  SmallVector<int64_t> rows;
  rows.reserve(count);
  for (int64_t j = 0; j < count; ++j) {
    int64_t i = indices.getInt(j);
    if (i < -size || i >= size)
      return makeError("index {0} is out of bounds for axis {1} of size {2}",
                       i, axis, size);
    rows.push_back(i < 0 ? i + size : i);
  }
  int64_t dst = 0;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t row : rows)
      for (int64_t k = 0; k < inner; ++k)
        copyElement(x, (o * size + row) * inner + k, r, dst++);
  return r;
}

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

Expected<HostTensor> meld::ref::reduce(ReduceFn fn, const HostTensor &x,
                                       ArrayRef<int64_t> dims, bool keepDims,
                                       ElementKind resultKind) {
  SmallVector<bool> reduced(x.getRank(), false);
  for (int64_t d : dims) {
    if (d < 0 || d >= x.getRank() || reduced[d])
      return makeError("reduce: bad or repeated dimension {0}", d);
    reduced[d] = true;
  }
  bool isArg = fn == ReduceFn::ArgMax || fn == ReduceFn::ArgMin;
  if (isArg && dims.size() != 1)
    return makeError("reduce: argmax/argmin take exactly one dimension");

  // The output keeps reduced dims as size 1 while accumulating; they are
  // dropped at the end unless keepDims.
  SmallVector<int64_t> keptShape;
  int64_t count = 1;
  for (int64_t d = 0; d < x.getRank(); ++d) {
    keptShape.push_back(reduced[d] ? 1 : x.getShape()[d]);
    if (reduced[d])
      count *= x.getShape()[d];
  }
  if (isArg && count == 0)
    return makeError("reduce: argmax/argmin of an empty dimension");
  int64_t outSize = numElements(keptShape);
  if (outSize > kMaxElements)
    return makeError("reduce: the result would have more than {0} elements",
                     kMaxElements);

  // Accumulators: floats in double, integers in int64 (wrapping).
  bool isF = x.isFloat();
  std::vector<double> accF(outSize);
  std::vector<int64_t> accI(outSize);
  std::vector<int64_t> argIndex(outSize, -1);
  for (int64_t o = 0; o < outSize; ++o) {
    switch (fn) {
    case ReduceFn::Sum:
    case ReduceFn::Mean:
      accF[o] = 0.0;
      accI[o] = 0;
      break;
    case ReduceFn::Prod:
      accF[o] = 1.0;
      accI[o] = 1;
      break;
    case ReduceFn::Max:
    case ReduceFn::ArgMax:
      accF[o] = -std::numeric_limits<double>::infinity();
      accI[o] = isF ? 0 : minInt(x.getKind());
      break;
    case ReduceFn::Min:
    case ReduceFn::ArgMin:
      accF[o] = std::numeric_limits<double>::infinity();
      accI[o] = isF ? 0 : maxInt(x.getKind());
      break;
    }
  }

  if (x.size() != 0) {
    SmallVector<int64_t> outStrides = rowMajorStrides(keptShape);
    int64_t argDim = isArg ? dims.front() : 0;
    SmallVector<int64_t> index(x.getRank(), 0);
    int64_t linear = 0;
    do {
      int64_t o = 0;
      for (int64_t d = 0; d < x.getRank(); ++d)
        if (!reduced[d])
          o += index[d] * outStrides[d];
      if (isF) {
        double v = x.getFloat(linear);
        double &acc = accF[o];
        switch (fn) {
        case ReduceFn::Sum:
        case ReduceFn::Mean:
          acc += v;
          break;
        case ReduceFn::Prod:
          acc *= v;
          break;
        case ReduceFn::Max:
        case ReduceFn::Min:
          acc = applyFloat(fn == ReduceFn::Max ? BinaryFn::Max : BinaryFn::Min,
                           acc, v);
          break;
        case ReduceFn::ArgMax:
        case ReduceFn::ArgMin: {
          // The first NaN wins; otherwise the first strict improvement.
          bool accIsNaN = argIndex[o] >= 0 && std::isnan(acc);
          bool better = fn == ReduceFn::ArgMax ? v > acc : v < acc;
          if (argIndex[o] < 0 || (!accIsNaN && (std::isnan(v) || better))) {
            acc = v;
            argIndex[o] = index[argDim];
          }
          break;
        }
        }
      } else {
        int64_t v = x.getInt(linear);
        int64_t &acc = accI[o];
        switch (fn) {
        case ReduceFn::Sum:
        case ReduceFn::Mean:
          acc = static_cast<int64_t>(static_cast<uint64_t>(acc) +
                                     static_cast<uint64_t>(v));
          break;
        case ReduceFn::Prod:
          acc = static_cast<int64_t>(static_cast<uint64_t>(acc) *
                                     static_cast<uint64_t>(v));
          break;
        case ReduceFn::Max:
          acc = std::max(acc, v);
          break;
        case ReduceFn::Min:
          acc = std::min(acc, v);
          break;
        case ReduceFn::ArgMax:
        case ReduceFn::ArgMin: {
          bool better = fn == ReduceFn::ArgMax ? v > acc : v < acc;
          if (argIndex[o] < 0 || better) {
            acc = v;
            argIndex[o] = index[argDim];
          }
          break;
        }
        }
      }
      ++linear;
    } while (nextIndex(index, x.getShape()));
  }

  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < x.getRank(); ++d)
    if (!reduced[d] || keepDims)
      shape.push_back(keptShape[d]);
  HostTensor r(resultKind, shape);
  for (int64_t o = 0; o < outSize; ++o) {
    if (isArg)
      r.setInt(o, argIndex[o]);
    else if (fn == ReduceFn::Mean)
      r.setFloat(o, accF[o] / static_cast<double>(count));
    else if (isF)
      r.setFloat(o, accF[o]);
    else
      r.setInt(o, accI[o]);
  }
  return r;
}

Expected<HostTensor> meld::ref::matmul(const HostTensor &lhs,
                                       const HostTensor &rhs, bool transposeLhs,
                                       bool transposeRhs,
                                       ElementKind resultKind) {
  int64_t rank = lhs.getRank();
  if (rank < 2 || rhs.getRank() != rank)
    return makeError("matmul: operand ranks {0} and {1} are not equal and >= 2",
                     lhs.getRank(), rhs.getRank());
  ArrayRef<int64_t> ls = lhs.getShape(), rs = rhs.getShape();
  if (ls.drop_back(2) != rs.drop_back(2))
    return makeError("matmul: batch dimensions {0} and {1} differ",
                     shapeString(ls.drop_back(2)),
                     shapeString(rs.drop_back(2)));
  int64_t m = transposeLhs ? ls[rank - 1] : ls[rank - 2];
  int64_t kL = transposeLhs ? ls[rank - 2] : ls[rank - 1];
  int64_t kR = transposeRhs ? rs[rank - 1] : rs[rank - 2];
  int64_t n = transposeRhs ? rs[rank - 2] : rs[rank - 1];
  if (kL != kR)
    return makeError("matmul: contracting sizes {0} and {1} differ", kL, kR);
  int64_t batch = numElements(ls.drop_back(2));
  SmallVector<int64_t> shape(ls.drop_back(2));
  shape.append({m, n});
  if (numElements(shape) > kMaxElements)
    return makeError("matmul: the result would have more than {0} elements",
                     kMaxElements);
  HostTensor r(resultKind, shape);
  int64_t lhsMat = ls[rank - 2] * ls[rank - 1];
  int64_t rhsMat = rs[rank - 2] * rs[rank - 1];
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double accF = 0.0;
        uint64_t accI = 0;
        for (int64_t k = 0; k < kL; ++k) {
          int64_t li = b * lhsMat + (transposeLhs ? k * m + i : i * kL + k);
          int64_t ri = b * rhsMat + (transposeRhs ? j * kL + k : k * n + j);
          if (lhs.isFloat())
            accF += lhs.getFloat(li) * rhs.getFloat(ri);
          else
            accI += static_cast<uint64_t>(lhs.getInt(li)) *
                    static_cast<uint64_t>(rhs.getInt(ri));
        }
        int64_t o = (b * m + i) * n + j;
        if (isFloat(resultKind))
          r.setFloat(o, accF);
        else
          r.setInt(o, static_cast<int64_t>(accI));
      }
  return r;
}

Expected<HostTensor> meld::ref::groupedMatmul(const HostTensor &lhs,
                                              const HostTensor &rhs,
                                              const HostTensor &offsets,
                                              bool transposeLhs,
                                              bool transposeRhs,
                                              ElementKind resultKind) {
  bool rows = rhs.getRank() == 3;
  if (lhs.getRank() != 2 || (rhs.getRank() != 2 && !rows) ||
      offsets.getRank() != 1 || offsets.isFloat() ||
      offsets.getKind() == ElementKind::I1 || lhs.getKind() != rhs.getKind() ||
      (rows && transposeLhs))
    return makeError("grouped_matmul: operands of shapes {0}, {1} and "
                     "offsets {2} do not fit",
                     shapeString(lhs.getShape()), shapeString(rhs.getShape()),
                     shapeString(offsets.getShape()));
  ArrayRef<int64_t> ls = lhs.getShape(), rs = rhs.getShape();
  int64_t groups = offsets.getShape()[0];
  int64_t m = transposeLhs ? ls[1] : ls[0];
  int64_t kL = transposeLhs ? ls[0] : ls[1];
  ArrayRef<int64_t> mat = rows ? rs.drop_front() : rs;
  int64_t kR = transposeRhs ? mat[1] : mat[0];
  int64_t n = transposeRhs ? mat[0] : mat[1];
  if (kL != kR || (rows && rs[0] != groups))
    return makeError("grouped_matmul: operands of shapes {0} and {1} with {2} "
                     "groups do not fit",
                     shapeString(ls), shapeString(rs), groups);
  // The group of position p: the first g whose offset is past p.
  auto groupOf = [&](int64_t p) {
    for (int64_t g = 0; g < groups; ++g)
      if (offsets.getInt(g) > p)
        return g;
    return groups;
  };
  SmallVector<int64_t> shape =
      rows ? SmallVector<int64_t>{m, n} : SmallVector<int64_t>{groups, m, n};
  if (numElements(shape) > kMaxElements)
    return makeError("grouped_matmul: the result would have more than {0} "
                     "elements",
                     kMaxElements);
  HostTensor r(resultKind, shape);
  int64_t rhsMat = kR * n;
  auto lhsAt = [&](int64_t i, int64_t k) {
    return transposeLhs ? k * m + i : i * kL + k;
  };
  auto rhsAt = [&](int64_t g, int64_t k, int64_t j) {
    return g * rhsMat + (transposeRhs ? j * kR + k : k * n + j);
  };
  // Sums in double (floats) or int64 (integers), rounded once, as matmul.
  auto dot = [&](int64_t i, int64_t j, int64_t g, int64_t rhsGroup,
                 bool byContraction, int64_t out) {
    double accF = 0.0;
    uint64_t accI = 0;
    for (int64_t k = 0; k < kL; ++k) {
      if (byContraction && groupOf(k) != g)
        continue;
      int64_t li = lhsAt(i, k), ri = rhsAt(rhsGroup, k, j);
      if (lhs.isFloat())
        accF += lhs.getFloat(li) * rhs.getFloat(ri);
      else
        accI += static_cast<uint64_t>(lhs.getInt(li)) *
                static_cast<uint64_t>(rhs.getInt(ri));
    }
    if (isFloat(resultKind))
      r.setFloat(out, accF);
    else
      r.setInt(out, static_cast<int64_t>(accI));
  };
  if (rows) {
    for (int64_t i = 0; i < m; ++i) {
      int64_t g = groupOf(i);
      for (int64_t j = 0; j < n; ++j) {
        if (g == groups) {
          if (isFloat(resultKind))
            r.setFloat(i * n + j, 0.0);
          else
            r.setInt(i * n + j, 0);
          continue;
        }
        dot(i, j, g, g, /*byContraction=*/false, i * n + j);
      }
    }
    return r;
  }
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        dot(i, j, g, 0, /*byContraction=*/true, (g * m + i) * n + j);
  return r;
}

Expected<HostTensor> meld::ref::conv(const HostTensor &x,
                                     const HostTensor &filter,
                                     ArrayRef<int64_t> strides,
                                     ArrayRef<int64_t> dilations,
                                     ArrayRef<int64_t> paddingLow,
                                     ArrayRef<int64_t> paddingHigh,
                                     int64_t groups, ElementKind resultKind) {
  int64_t rank = x.getRank(), d = rank - 2;
  if (d < 1 || filter.getRank() != rank ||
      static_cast<int64_t>(strides.size()) != d ||
      static_cast<int64_t>(dilations.size()) != d ||
      static_cast<int64_t>(paddingLow.size()) != d ||
      static_cast<int64_t>(paddingHigh.size()) != d)
    return makeError("conv: input of rank {0}, filter of rank {1} and {2} "
                     "strides do not fit",
                     rank, filter.getRank(), strides.size());
  if (!x.isFloat() || x.getKind() != filter.getKind() || !isFloat(resultKind))
    return makeError("conv: takes float input and filter of one type, and "
                     "gives floats");
  ArrayRef<int64_t> xs = x.getShape(), fs = filter.getShape();
  int64_t batch = xs[0], channels = xs[1], features = fs[0];
  if (groups < 1 || channels % groups || features % groups ||
      fs[1] * groups != channels)
    return makeError("conv: {0} groups do not split {1} channels into {2} "
                     "filters of {3}",
                     groups, channels, features, fs[1]);
  SmallVector<int64_t> shape = {batch, features};
  for (int64_t j = 0; j < d; ++j) {
    int64_t span = dilations[j] * (fs[2 + j] - 1) + 1;
    int64_t padded = xs[2 + j] + paddingLow[j] + paddingHigh[j];
    if (strides[j] < 1 || dilations[j] < 1 || padded < span)
      return makeError("conv: spatial dim {0} has no output", j);
    shape.push_back((padded - span) / strides[j] + 1);
  }
  if (numElements(shape) > kMaxElements)
    return makeError("conv: the result would have more than {0} elements",
                     kMaxElements);
  HostTensor r(resultKind, shape);
  ArrayRef<int64_t> outSpatial = ArrayRef<int64_t>(shape).drop_front(2);
  ArrayRef<int64_t> kernel = fs.drop_front(2);
  int64_t perGroup = channels / groups, featuresPerGroup = features / groups;
  SmallVector<int64_t> xStrides = rowMajorStrides(xs);
  int64_t kernelSize = numElements(kernel);
  int64_t pixels = numElements(outSpatial);
  SmallVector<int64_t> o(d), k(d);
  int64_t dst = 0;
  for (int64_t n = 0; n < batch; ++n)
    for (int64_t f = 0; f < features; ++f) {
      int64_t g = f / featuresPerGroup;
      for (int64_t p = 0; p < pixels; ++p) {
        for (int64_t j = d - 1, rest = p; j >= 0; --j) {
          o[j] = rest % outSpatial[j];
          rest /= outSpatial[j];
        }
        double acc = 0.0;
        for (int64_t c = 0; c < perGroup; ++c)
          for (int64_t q = 0; q < kernelSize; ++q) {
            for (int64_t j = d - 1, rest = q; j >= 0; --j) {
              k[j] = rest % kernel[j];
              rest /= kernel[j];
            }
            int64_t at = n * xStrides[0] + (g * perGroup + c) * xStrides[1];
            bool inside = true;
            for (int64_t j = 0; j < d && inside; ++j) {
              int64_t i = o[j] * strides[j] + k[j] * dilations[j] -
                          paddingLow[j];
              inside = i >= 0 && i < xs[2 + j];
              at += i * xStrides[2 + j];
            }
            if (inside)
              acc += filter.getFloat((f * perGroup + c) * kernelSize + q) *
                     x.getFloat(at);
          }
        r.setFloat(dst++, acc);
      }
    }
  return r;
}

/// Calls `fn(at)` for each row of a tensor of `shape` along `axis` (in
/// range), `at(i)` the row-major index of the row's element i.
static void forEachAxisRow(
    ArrayRef<int64_t> shape, int64_t axis,
    llvm::function_ref<void(llvm::function_ref<int64_t(int64_t)>)> fn) {
  int64_t size = shape[axis];
  int64_t outer = numElements(shape.take_front(axis));
  int64_t inner = numElements(shape.drop_front(axis + 1));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < inner; ++k) {
      int64_t base = o * size * inner + k;
      fn([&](int64_t i) { return base + i * inner; });
    }
}

Expected<HostTensor> meld::ref::cumulative(const HostTensor &x, int64_t axis,
                                           llvm::StringRef kind) {
  int64_t rank = x.getRank();
  if (axis < 0 || axis >= rank)
    return makeError("cumulative: axis {0} is out of range for rank {1}", axis,
                     rank);
  ArrayRef<int64_t> xs = x.getShape();
  int64_t size = xs[axis];
  HostTensor r(x.getKind(), xs);
  // The running value in the type the compiled code carries it in (as
  // PyTorch's CPU kernels do): f64 for f64 and f32, f32 for halves.
  ElementKind carried =
      bitWidth(x.getKind()) >= 32 ? ElementKind::F64 : ElementKind::F32;
  bool prod = kind == "prod", max = kind == "max", min = kind == "min";
  bool logSumExp = kind == "logsumexp";
  if (!prod && !max && !min && !logSumExp && kind != "sum")
    return makeError("cumulative: unknown kind '{0}'", kind);
  if (logSumExp && !x.isFloat())
    return makeError("cumulative: logsumexp of integers");
  double inf = std::numeric_limits<double>::infinity();
  forEachAxisRow(xs, axis, [&](llvm::function_ref<int64_t(int64_t)> row) {
    double facc = prod ? 1.0 : max || logSumExp ? -inf : min ? inf : 0.0;
    uint64_t iacc = prod ? 1 : 0;
    int64_t eacc = max ? minInt(x.getKind()) : maxInt(x.getKind());
    for (int64_t i = 0; i < size; ++i) {
      int64_t at = row(i);
      if (x.isFloat()) {
        double v = x.getFloat(at);
        // An extreme takes the later element when it is NaN or not
        // beyond the running one (torch.cummax: ties and -0/+0 move on,
        // a NaN stays).
        if (max || min) {
          facc = std::isnan(v) || (max ? v >= facc : v <= facc) ? v : facc;
        } else if (logSumExp) {
          // PyTorch's _log_add_exp_helper(v, facc), in the carried type
          // (double, float for halves)
          auto step = [&](auto v, auto acc) -> double {
            auto mn = std::isnan(acc) ? acc : std::min(v, acc);
            auto mx = std::isnan(acc) ? acc : std::max(v, acc);
            return mn != mx || std::isfinite(mn)
                       ? std::log1p(std::exp(mn - mx)) + mx
                       : v;
          };
          facc = carried == ElementKind::F64
                     ? step(v, facc)
                     : step(static_cast<float>(v), static_cast<float>(facc));
        } else {
          facc = roundToFloat(prod ? facc * v : facc + v, carried);
        }
        r.setFloat(at, facc);
      } else if (max || min) {
        int64_t v = x.getInt(at);
        eacc = (max ? v >= eacc : v <= eacc) ? v : eacc;
        r.setInt(at, eacc);
      } else {
        uint64_t v = static_cast<uint64_t>(x.getInt(at));
        iacc = prod ? iacc * v : iacc + v;
        r.setInt(at, static_cast<int64_t>(iacc));
      }
    }
  });
  return r;
}

Expected<HostTensor> meld::ref::argsort(const HostTensor &x, int64_t axis,
                                        bool descending) {
  int64_t rank = x.getRank();
  if (axis < 0 || axis >= rank)
    return makeError("argsort: axis {0} is out of range for rank {1}", axis,
                     rank);
  ArrayRef<int64_t> xs = x.getShape();
  int64_t size = xs[axis];
  HostTensor r(ElementKind::I64, xs);
  // `a` goes before `b` (positions of one row): by value, NaN the greatest.
  auto less = [&](int64_t a, int64_t b) {
    if (!x.isFloat())
      return x.getInt(a) < x.getInt(b);
    double u = x.getFloat(a), v = x.getFloat(b);
    return std::isnan(u) ? false : std::isnan(v) || u < v;
  };
  std::vector<int64_t> order(size);
  forEachAxisRow(xs, axis, [&](llvm::function_ref<int64_t(int64_t)> at) {
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
      return descending ? less(at(j), at(i)) : less(at(i), at(j));
    });
    for (int64_t i = 0; i < size; ++i)
      r.setInt(at(i), order[i]);
  });
  return r;
}

Expected<HostTensor> meld::ref::scatter(const HostTensor &x,
                                        const HostTensor &indices,
                                        const HostTensor &updates,
                                        int64_t axis, llvm::StringRef reduction) {
  int64_t rank = x.getRank();
  if (axis < 0 || axis >= rank || indices.getRank() != rank ||
      indices.getShape() != updates.getShape())
    return makeError("scatter: indices {0} and updates {1} do not fit the "
                     "operand {2} along axis {3}",
                     shapeString(indices.getShape()),
                     shapeString(updates.getShape()),
                     shapeString(x.getShape()), axis);
  if (indices.isFloat() || indices.getKind() == ElementKind::I1 ||
      updates.getKind() != x.getKind())
    return makeError("scatter: integer indices and updates of the operand's "
                     "type");
  ArrayRef<int64_t> xs = x.getShape(), us = updates.getShape();
  for (int64_t d = 0; d < rank; ++d)
    if (d != axis && us[d] > xs[d])
      return makeError("scatter: updates {0} are larger than the operand {1}",
                       shapeString(us), shapeString(xs));
  HostTensor r = x;
  SmallVector<int64_t> xStrides = rowMajorStrides(xs);
  SmallVector<int64_t> at(rank, 0);
  for (int64_t p = 0; p < updates.size(); ++p) {
    for (int64_t d = rank - 1, rest = p; d >= 0; --d) {
      at[d] = rest % us[d];
      rest /= us[d];
    }
    int64_t i = indices.getInt(p);
    if (i < -xs[axis] || i >= xs[axis])
      return makeError("index {0} is out of bounds for axis {1} of size {2}",
                       i, axis, xs[axis]);
    at[axis] = i < 0 ? i + xs[axis] : i;
    int64_t q = 0;
    for (int64_t d = 0; d < rank; ++d)
      q += at[d] * xStrides[d];
    if (x.isFloat()) {
      double old = r.getFloat(q), u = updates.getFloat(p), v = u;
      if (reduction == "add")
        v = old + u;
      else if (reduction == "mul")
        v = old * u;
      else if (reduction == "max")
        v = applyFloat(BinaryFn::Max, old, u);
      else if (reduction == "min")
        v = applyFloat(BinaryFn::Min, old, u);
      r.setFloat(q, v);
    } else {
      int64_t old = r.getInt(q), u = updates.getInt(p), v = u;
      if (reduction == "add")
        v = static_cast<int64_t>(static_cast<uint64_t>(old) +
                                 static_cast<uint64_t>(u));
      else if (reduction == "mul")
        v = static_cast<int64_t>(static_cast<uint64_t>(old) *
                                 static_cast<uint64_t>(u));
      else if (reduction == "max")
        v = std::max(old, u);
      else if (reduction == "min")
        v = std::min(old, u);
      r.setInt(q, v);
    }
  }
  return r;
}
