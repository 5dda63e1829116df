//===- Kernels.h - Reference semantics of meld ops --------------*- C++ -*-===//
//
// One function per meld op family, computing on HostTensors. They define what
// the ops mean: the interpreter executes programs with them and the dialect's
// folders fold constants with them, so the two can never disagree. They are
// written for clarity, not speed. Every precondition that depends on runtime
// data (bounds of dynamic dimensions, division by zero, ...) is checked and
// reported as an llvm::Error; static preconditions are the op verifiers' job
// and are re-checked here only where a violation could corrupt memory.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_REFERENCE_KERNELS_H
#define MELD_REFERENCE_KERNELS_H

#include "meld/Reference/HostTensor.h"

#include "llvm/Support/Error.h"

namespace meld::ref {

enum class UnaryFn {
  Neg,
  Abs,
  Relu,
  Exp,
  Log,
  Tanh,
  Sigmoid,
  Erf,
  Silu,
  Sqrt,
  Rsqrt,
  GeluErf,
  GeluTanh,
  Sin,
  Cos,
  Floor,
  Ceil,
  /// Round half to even.
  Round,
  /// Bitwise complement (integers only; logical not on i1).
  Not
};
enum class BinaryFn {
  Add,
  Sub,
  Mul,
  Div,
  Max,
  Min,
  Pow,
  /// Truncated remainder (fmod); the result has the sign of the dividend.
  Rem,
  /// Bitwise ops (integers only).
  And,
  Or,
  Xor,
  /// Shifts (integers only); amounts outside [0, width) shift everything
  /// out: 0 to the left, the sign fill to the right.
  ShiftLeft,
  ShiftRight
};
enum class CompareFn { Eq, Ne, Lt, Le, Gt, Ge };
enum class ReduceFn { Sum, Prod, Max, Min, Mean, ArgMax, ArgMin };

/// Scalar semantics, shared by the tensor kernels below.
double applyFloat(UnaryFn fn, double x);
int64_t applyInt(UnaryFn fn, int64_t x);
double applyFloat(BinaryFn fn, double a, double b);
/// Fails on integer division by zero (div and rem) and on pow, which is
/// float-only. `width` is the element width in bits: the shifts need it.
llvm::Expected<int64_t> applyInt(BinaryFn fn, int64_t a, int64_t b,
                                 unsigned width = 64);
bool applyCompare(CompareFn fn, double a, double b);
bool applyCompare(CompareFn fn, int64_t a, int64_t b);
/// Converts one element between kinds (the rules of meld.cast).
double castToFloat(const HostTensor &src, int64_t index, ElementKind to);
int64_t castToInt(const HostTensor &src, int64_t index, ElementKind to);

llvm::Expected<HostTensor> unary(UnaryFn fn, const HostTensor &x);
llvm::Expected<HostTensor> binary(BinaryFn fn, const HostTensor &a,
                                  const HostTensor &b);
llvm::Expected<HostTensor> compare(CompareFn fn, const HostTensor &a,
                                   const HostTensor &b);
llvm::Expected<HostTensor> select(const HostTensor &pred,
                                  const HostTensor &onTrue,
                                  const HostTensor &onFalse);
/// `a * b + c` with one rounding (floats of one kind, same shapes): exact
/// for f32 and f64 (fmaf, fma); halves round the f64 fma to the half.
llvm::Expected<HostTensor> fma(const HostTensor &a, const HostTensor &b,
                               const HostTensor &c);
HostTensor cast(const HostTensor &x, ElementKind to);
/// Each element's bits read as `to` (f32 and i32, f64 and i64).
HostTensor bitcast(const HostTensor &x, ElementKind to);

HostTensor iota(ElementKind kind, llvm::ArrayRef<int64_t> shape, int64_t dim);
llvm::Expected<HostTensor> broadcastInDim(const HostTensor &x,
                                          llvm::ArrayRef<int64_t> dims,
                                          llvm::ArrayRef<int64_t> shape);
llvm::Expected<HostTensor> reshape(const HostTensor &x,
                                   llvm::ArrayRef<int64_t> shape);
llvm::Expected<HostTensor> transpose(const HostTensor &x,
                                     llvm::ArrayRef<int64_t> perm);
/// x[start:limit:strides] per dimension; a limit of -1 with start 0 and
/// stride 1 takes the whole dimension.
llvm::Expected<HostTensor> slice(const HostTensor &x,
                                 llvm::ArrayRef<int64_t> start,
                                 llvm::ArrayRef<int64_t> limit,
                                 llvm::ArrayRef<int64_t> strides);
llvm::Expected<HostTensor> concat(llvm::ArrayRef<HostTensor> inputs,
                                  int64_t dim);
/// numpy.take(x, indices, axis): negative indices count from the end; an
/// index outside [-size, size) is an error.
llvm::Expected<HostTensor> gather(const HostTensor &x,
                                  const HostTensor &indices, int64_t axis);
/// Reduces `x` over `dims`; `resultKind` is the result's element kind (i64
/// for argmax/argmin, the operand's kind otherwise).
llvm::Expected<HostTensor> reduce(ReduceFn fn, const HostTensor &x,
                                  llvm::ArrayRef<int64_t> dims, bool keepDims,
                                  ElementKind resultKind);
/// Batched matrix product over the last two dimensions; the leading
/// dimensions (none for matmul, one for batch_matmul) must agree. Products
/// are accumulated in double (floats) or int64 (integers) and rounded once.
llvm::Expected<HostTensor> matmul(const HostTensor &lhs, const HostTensor &rhs,
                                  bool transposeLhs, bool transposeRhs,
                                  ElementKind resultKind);

/// meld.grouped_matmul: with `rhs` of rank 3, row p of `lhs` times
/// `rhs[group(p)]` (0 for a row in no group); with `rhs` of rank 2, the
/// result's matrix g is the sum of `lhs[:, p] * rhs[p, :]` over the
/// contraction's positions p of group g. `group(p)` is the first g with
/// `offsets[g] > p` (none when there is no such g).
llvm::Expected<HostTensor> groupedMatmul(const HostTensor &lhs,
                                         const HostTensor &rhs,
                                         const HostTensor &offsets,
                                         bool transposeLhs, bool transposeRhs,
                                         ElementKind resultKind);

/// meld.scatter: `x` with `updates` written (reduction "none") or
/// combined ("add", "mul", "max", "min") at the positions `indices` picks
/// along `axis`, in row-major order of the updates; an index outside
/// [-size, size) is an error.
llvm::Expected<HostTensor> scatter(const HostTensor &x,
                                   const HostTensor &indices,
                                   const HostTensor &updates, int64_t axis,
                                   llvm::StringRef reduction);

/// meld.cumulative: the running `kind` ("sum", "prod", "max", "min") of
/// `x` along `axis`, in index order: sums and products carried in f64
/// (f32, f64) or f32 (halves), each position rounded to the type, integers
/// wrapped; an extreme moves to the later element when it is NaN or not
/// beyond the running one.
llvm::Expected<HostTensor> cumulative(const HostTensor &x, int64_t axis,
                                      llvm::StringRef kind);

/// meld.argsort: the i64 permutation that sorts each row of `x` along
/// `axis`, ascending or descending, equal values in index order, NaN
/// greater than every number, -0 equal to +0.
llvm::Expected<HostTensor> argsort(const HostTensor &x, int64_t axis,
                                   bool descending);

/// N-d convolution as meld.conv defines it: `x` [N, C, S...], `filter`
/// [F, C / groups, K...]; the result's spatial sizes follow from the
/// input, padding, dilation and stride (the high padding is implied by
/// them). Products are accumulated in double and rounded once, to
/// `resultKind` (the operands' kind, or f32 for halves).
llvm::Expected<HostTensor> conv(const HostTensor &x, const HostTensor &filter,
                                llvm::ArrayRef<int64_t> strides,
                                llvm::ArrayRef<int64_t> dilations,
                                llvm::ArrayRef<int64_t> paddingLow,
                                llvm::ArrayRef<int64_t> paddingHigh,
                                int64_t groups, ElementKind resultKind);

} // namespace meld::ref

#endif // MELD_REFERENCE_KERNELS_H
