//===- KernelsTest.cpp - Tests for the reference kernels ------------------===//
//
// Hand-computed expectations for each kernel family, including the edge
// cases the dialect documentation promises (NaN propagation, saturating
// casts, empty reductions, argmax ties).
//
//===----------------------------------------------------------------------===//

#include "meld/Reference/Kernels.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace meld::ref;

static HostTensor floats(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                         std::initializer_list<double> values) {
  HostTensor t(kind, shape);
  int64_t i = 0;
  for (double v : values)
    t.setFloat(i++, v);
  EXPECT_EQ(i, t.size());
  return t;
}

static HostTensor ints(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                       std::initializer_list<int64_t> values) {
  HostTensor t(kind, shape);
  int64_t i = 0;
  for (int64_t v : values)
    t.setInt(i++, v);
  EXPECT_EQ(i, t.size());
  return t;
}

static std::vector<double> floatValues(const HostTensor &t) {
  return t.floatData();
}

TEST(Kernels, BinaryFloat) {
  HostTensor a = floats(ElementKind::F32, {3}, {1, -2, 3});
  HostTensor b = floats(ElementKind::F32, {3}, {4, 5, -6});
  EXPECT_EQ(floatValues(cantFail(binary(BinaryFn::Add, a, b))),
            (std::vector<double>{5, 3, -3}));
  EXPECT_EQ(floatValues(cantFail(binary(BinaryFn::Mul, a, b))),
            (std::vector<double>{4, -10, -18}));
  EXPECT_EQ(floatValues(cantFail(binary(BinaryFn::Max, a, b))),
            (std::vector<double>{4, 5, 3}));
}

TEST(Kernels, MaxMinPropagateNaN) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(applyFloat(BinaryFn::Max, nan, 1.0)));
  EXPECT_TRUE(std::isnan(applyFloat(BinaryFn::Min, 1.0, nan)));
  EXPECT_FALSE(std::signbit(applyFloat(BinaryFn::Max, -0.0, 0.0)));
  EXPECT_TRUE(std::signbit(applyFloat(BinaryFn::Min, 0.0, -0.0)));
}

TEST(Kernels, BinaryShapeMismatchIsAnError) {
  HostTensor a(ElementKind::F32, {2}), b(ElementKind::F32, {3});
  llvm::Expected<HostTensor> r = binary(BinaryFn::Add, a, b);
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_NE(llvm::toString(r.takeError()).find("differ"), std::string::npos);
}

TEST(Kernels, IntegerArithmeticWrapsAndDivisionTruncates) {
  HostTensor a = ints(ElementKind::I8, {3}, {100, -7, 7});
  HostTensor b = ints(ElementKind::I8, {3}, {100, 2, -2});
  EXPECT_EQ(cantFail(binary(BinaryFn::Add, a, b)).intData(),
            (std::vector<int64_t>{-56, -5, 5}));
  EXPECT_EQ(cantFail(binary(BinaryFn::Div, a, b)).intData(),
            (std::vector<int64_t>{1, -3, -3}));
  HostTensor zero = ints(ElementKind::I8, {3}, {1, 0, 1});
  llvm::Expected<HostTensor> r = binary(BinaryFn::Div, a, zero);
  ASSERT_FALSE(static_cast<bool>(r));
  EXPECT_EQ(llvm::toString(r.takeError()), "integer division by zero");
}

TEST(Kernels, RemainderBitwiseAndShifts) {
  HostTensor a = ints(ElementKind::I8, {4}, {7, -7, -128, 5});
  HostTensor b = ints(ElementKind::I8, {4}, {3, 3, -1, -2});
  // Truncated: the sign of the dividend; MIN % -1 is 0.
  EXPECT_EQ(cantFail(binary(BinaryFn::Rem, a, b)).intData(),
            (std::vector<int64_t>{1, -1, 0, 1}));
  EXPECT_EQ(llvm::toString(
                binary(BinaryFn::Rem, a, ints(ElementKind::I8, {4}, {1, 0, 1, 1}))
                    .takeError()),
            "integer division by zero");
  HostTensor f = floats(ElementKind::F32, {3}, {5.5, -5.5, 1});
  HostTensor g = floats(ElementKind::F32, {3}, {2, 2, 0});
  std::vector<double> fr = floatValues(cantFail(binary(BinaryFn::Rem, f, g)));
  EXPECT_EQ(fr[0], 1.5);
  EXPECT_EQ(fr[1], -1.5);
  EXPECT_TRUE(std::isnan(fr[2]));
  EXPECT_EQ(cantFail(binary(BinaryFn::Xor, a, b)).intData(),
            (std::vector<int64_t>{4, -6, 127, -5}));
  // Amounts outside [0, 8) shift everything out: 0, or the sign fill.
  HostTensor x = ints(ElementKind::I8, {5}, {1, 1, -3, -3, 64});
  HostTensor n = ints(ElementKind::I8, {5}, {7, 8, -1, 9, 1});
  EXPECT_EQ(cantFail(binary(BinaryFn::ShiftLeft, x, n)).intData(),
            (std::vector<int64_t>{-128, 0, 0, 0, -128}));
  EXPECT_EQ(cantFail(binary(BinaryFn::ShiftRight, x, n)).intData(),
            (std::vector<int64_t>{0, 0, -1, -1, 32}));
  // not: the complement; on i1 the logical not.
  EXPECT_EQ(cantFail(unary(UnaryFn::Not, x)).intData(),
            (std::vector<int64_t>{-2, -2, 2, 2, -65}));
  EXPECT_EQ(cantFail(unary(UnaryFn::Not, ints(ElementKind::I1, {2}, {0, 1})))
                .intData(),
            (std::vector<int64_t>{1, 0}));
}

TEST(Kernels, RoundIsHalfToEven) {
  HostTensor x =
      floats(ElementKind::F64, {6}, {0.5, 1.5, 2.5, -0.5, -2.5, 2.5000001});
  std::vector<double> r = floatValues(cantFail(unary(UnaryFn::Round, x)));
  EXPECT_EQ(r, (std::vector<double>{0, 2, 2, -0.0, -2, 3}));
  EXPECT_TRUE(std::signbit(r[3]));
}

TEST(Kernels, GatherTakesAlongAnAxis) {
  HostTensor x = ints(ElementKind::I32, {2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor cols = ints(ElementKind::I64, {2, 2}, {2, -3, 0, -1});
  HostTensor r = cantFail(gather(x, cols, 1));
  EXPECT_EQ(r.getShape(), (llvm::ArrayRef<int64_t>{2, 2, 2}));
  EXPECT_EQ(r.intData(), (std::vector<int64_t>{3, 1, 1, 3, 6, 4, 4, 6}));
  llvm::Expected<HostTensor> bad =
      gather(x, ints(ElementKind::I32, {1}, {-4}), 1);
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "index -4 is out of bounds for axis 1 of size 3");
  // An empty result reads no index.
  HostTensor empty(ElementKind::F32, {0, 3});
  EXPECT_EQ(cantFail(gather(empty, ints(ElementKind::I64, {1}, {9}), 1))
                .getShape(),
            (llvm::ArrayRef<int64_t>{0, 1}));
}

TEST(Kernels, UnaryActivations) {
  HostTensor x = floats(ElementKind::F64, {3}, {-1, 0, 2});
  std::vector<double> gelu = floatValues(cantFail(unary(UnaryFn::GeluErf, x)));
  EXPECT_NEAR(gelu[0], -0.15865525393145707, 1e-15);
  EXPECT_EQ(gelu[1], 0.0);
  EXPECT_NEAR(gelu[2], 1.9544997361036416, 1e-15);
  std::vector<double> geluTanh =
      floatValues(cantFail(unary(UnaryFn::GeluTanh, x)));
  EXPECT_NEAR(geluTanh[0], -0.15880800939172324, 1e-15);
  std::vector<double> silu = floatValues(cantFail(unary(UnaryFn::Silu, x)));
  EXPECT_NEAR(silu[2], 2.0 / (1.0 + std::exp(-2.0)), 1e-15);
  EXPECT_EQ(floatValues(cantFail(unary(UnaryFn::Relu, x))),
            (std::vector<double>{0, 0, 2}));
}

TEST(Kernels, CastRules) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  HostTensor x = floats(ElementKind::F32, {5}, {2.7, -2.7, 1e10, nan, 0});
  EXPECT_EQ(cast(x, ElementKind::I8).intData(),
            (std::vector<int64_t>{2, -2, 127, 0, 0}));
  EXPECT_EQ(cast(x, ElementKind::I1).intData(),
            (std::vector<int64_t>{1, 1, 1, 1, 0}));
  HostTensor big = floats(ElementKind::F64, {2}, {1e300, -1e300});
  EXPECT_EQ(cast(big, ElementKind::I64).intData(),
            (std::vector<int64_t>{std::numeric_limits<int64_t>::max(),
                                  std::numeric_limits<int64_t>::min()}));
  HostTensor i = ints(ElementKind::I32, {2}, {300, -1});
  EXPECT_EQ(cast(i, ElementKind::I8).intData(), (std::vector<int64_t>{44, -1}));
  EXPECT_EQ(cast(i, ElementKind::F16).floatData(),
            (std::vector<double>{300, -1}));
}

TEST(Kernels, CompareIsOrderedForNaN) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  HostTensor a = floats(ElementKind::F32, {2}, {nan, 1});
  HostTensor b = floats(ElementKind::F32, {2}, {nan, 1});
  EXPECT_EQ(cantFail(compare(CompareFn::Eq, a, b)).intData(),
            (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(cantFail(compare(CompareFn::Ne, a, b)).intData(),
            (std::vector<int64_t>{1, 0}));
}

TEST(Kernels, BroadcastInDim) {
  HostTensor b = floats(ElementKind::F32, {3}, {1, 2, 3});
  HostTensor r = cantFail(broadcastInDim(b, {1}, {2, 3}));
  EXPECT_EQ(floatValues(r), (std::vector<double>{1, 2, 3, 1, 2, 3}));
  HostTensor col = floats(ElementKind::F32, {2, 1}, {1, 2});
  EXPECT_EQ(floatValues(cantFail(broadcastInDim(col, {0, 1}, {2, 3}))),
            (std::vector<double>{1, 1, 1, 2, 2, 2}));
  EXPECT_FALSE(static_cast<bool>(broadcastInDim(b, {1}, {2, 4})));
  llvm::consumeError(broadcastInDim(b, {1}, {2, 4}).takeError());
}

TEST(Kernels, TransposeSliceConcatReshape) {
  HostTensor x = floats(ElementKind::F32, {2, 3}, {0, 1, 2, 3, 4, 5});
  EXPECT_EQ(floatValues(cantFail(transpose(x, {1, 0}))),
            (std::vector<double>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(floatValues(cantFail(slice(x, {0, 0}, {2, 3}, {1, 2}))),
            (std::vector<double>{0, 2, 3, 5}));
  HostTensor y = floats(ElementKind::F32, {2, 1}, {9, 8});
  HostTensor c = cantFail(concat({x, y}, 1));
  EXPECT_EQ(c.getShape(), (llvm::ArrayRef<int64_t>{2, 4}));
  EXPECT_EQ(floatValues(c), (std::vector<double>{0, 1, 2, 9, 3, 4, 5, 8}));
  EXPECT_EQ(cantFail(reshape(x, {3, 2})).getShape(),
            (llvm::ArrayRef<int64_t>{3, 2}));
  llvm::Expected<HostTensor> bad = reshape(x, {4});
  ASSERT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
  llvm::Expected<HostTensor> oob = slice(x, {0, 0}, {3, 3}, {1, 1});
  ASSERT_FALSE(static_cast<bool>(oob));
  llvm::consumeError(oob.takeError());
}

TEST(Kernels, Reductions) {
  HostTensor x = floats(ElementKind::F32, {2, 3}, {1, 5, 3, 4, -2, 6});
  EXPECT_EQ(floatValues(cantFail(
                reduce(ReduceFn::Sum, x, {1}, false, ElementKind::F32))),
            (std::vector<double>{9, 8}));
  HostTensor kept =
      cantFail(reduce(ReduceFn::Max, x, {0}, true, ElementKind::F32));
  EXPECT_EQ(kept.getShape(), (llvm::ArrayRef<int64_t>{1, 3}));
  EXPECT_EQ(floatValues(kept), (std::vector<double>{4, 5, 6}));
  EXPECT_EQ(floatValues(cantFail(
                reduce(ReduceFn::Mean, x, {0, 1}, false, ElementKind::F32))),
            (std::vector<double>{17.0f / 6.0f}));
  EXPECT_EQ(cantFail(reduce(ReduceFn::ArgMax, x, {1}, false, ElementKind::I64))
                .intData(),
            (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(cantFail(reduce(ReduceFn::ArgMin, x, {0}, false, ElementKind::I64))
                .intData(),
            (std::vector<int64_t>{0, 1, 0}));
}

TEST(Kernels, ArgmaxTiesAndNaN) {
  double nan = std::numeric_limits<double>::quiet_NaN();
  HostTensor ties = floats(ElementKind::F32, {4}, {1, 3, 3, 0});
  EXPECT_EQ(
      cantFail(reduce(ReduceFn::ArgMax, ties, {0}, false, ElementKind::I64))
          .intData(),
      (std::vector<int64_t>{1}));
  HostTensor withNaN = floats(ElementKind::F32, {4}, {1, nan, 3, nan});
  EXPECT_EQ(
      cantFail(reduce(ReduceFn::ArgMax, withNaN, {0}, false, ElementKind::I64))
          .intData(),
      (std::vector<int64_t>{1}));
}

TEST(Kernels, EmptyReductionsGiveIdentities) {
  HostTensor empty(ElementKind::F32, {2, 0});
  EXPECT_EQ(floatValues(cantFail(
                reduce(ReduceFn::Sum, empty, {1}, false, ElementKind::F32))),
            (std::vector<double>{0, 0}));
  EXPECT_EQ(floatValues(cantFail(
                reduce(ReduceFn::Prod, empty, {1}, false, ElementKind::F32))),
            (std::vector<double>{1, 1}));
  std::vector<double> mx = floatValues(
      cantFail(reduce(ReduceFn::Max, empty, {1}, false, ElementKind::F32)));
  EXPECT_TRUE(std::isinf(mx[0]) && mx[0] < 0);
  llvm::Expected<HostTensor> arg =
      reduce(ReduceFn::ArgMax, empty, {1}, false, ElementKind::I64);
  ASSERT_FALSE(static_cast<bool>(arg));
  llvm::consumeError(arg.takeError());
}

TEST(Kernels, MatmulWithTransposesAndAccumulation) {
  HostTensor a = floats(ElementKind::F32, {2, 3}, {1, 2, 3, 4, 5, 6});
  HostTensor b = floats(ElementKind::F32, {3, 2}, {7, 8, 9, 10, 11, 12});
  EXPECT_EQ(floatValues(cantFail(matmul(a, b, false, false, ElementKind::F32))),
            (std::vector<double>{58, 64, 139, 154}));
  HostTensor at = cantFail(transpose(a, {1, 0}));
  HostTensor bt = cantFail(transpose(b, {1, 0}));
  EXPECT_EQ(floatValues(cantFail(matmul(at, bt, true, true, ElementKind::F32))),
            (std::vector<double>{58, 64, 139, 154}));
  // i8 x i8 accumulated into i32 does not wrap at 8 bits.
  HostTensor i = ints(ElementKind::I8, {1, 2}, {100, 100});
  HostTensor j = ints(ElementKind::I8, {2, 1}, {100, 100});
  EXPECT_EQ(cantFail(matmul(i, j, false, false, ElementKind::I32)).intData(),
            (std::vector<int64_t>{20000}));
  llvm::Expected<HostTensor> bad = matmul(a, a, false, false, ElementKind::F32);
  ASSERT_FALSE(static_cast<bool>(bad));
  llvm::consumeError(bad.takeError());
}

TEST(Kernels, IotaAndSelect) {
  HostTensor io = iota(ElementKind::I32, {2, 3}, 1);
  EXPECT_EQ(io.intData(), (std::vector<int64_t>{0, 1, 2, 0, 1, 2}));
  HostTensor p = ints(ElementKind::I1, {3}, {1, 0, 1});
  HostTensor t = floats(ElementKind::F32, {3}, {1, 2, 3});
  HostTensor f = floats(ElementKind::F32, {3}, {-1, -2, -3});
  EXPECT_EQ(floatValues(cantFail(select(p, t, f))),
            (std::vector<double>{1, -2, 3}));
}
