//===- HostTensorTest.cpp - Tests for HostTensor --------------------------===//

#include "meld/Reference/HostTensor.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace meld::ref;

TEST(HostTensor, ZeroFilledWithShape) {
  HostTensor t(ElementKind::F32, {2, 3});
  EXPECT_EQ(t.size(), 6);
  EXPECT_EQ(t.getRank(), 2);
  EXPECT_EQ(t.getTypeString(), "tensor<2x3xf32>");
  for (int64_t i = 0; i < t.size(); ++i)
    EXPECT_EQ(t.getFloat(i), 0.0);
  HostTensor scalar(ElementKind::I1, {});
  EXPECT_EQ(scalar.size(), 1);
  EXPECT_EQ(scalar.getTypeString(), "tensor<i1>");
}

TEST(HostTensor, FloatStoresAreRounded) {
  HostTensor f32(ElementKind::F32, {1});
  f32.setFloat(0, 0.1);
  EXPECT_EQ(f32.getFloat(0), static_cast<double>(0.1f));

  // 1 + 2^-11 is halfway between two f16 values: ties to even gives 1.
  HostTensor f16(ElementKind::F16, {1});
  f16.setFloat(0, 1.0 + std::ldexp(1.0, -11));
  EXPECT_EQ(f16.getFloat(0), 1.0);
  f16.setFloat(0, 70000.0); // Beyond f16's max (65504): overflows to inf.
  EXPECT_TRUE(std::isinf(f16.getFloat(0)));

  // bf16 keeps 8 significand bits: 1 + 2^-8 rounds to 1, 1 + 2^-7 stays.
  HostTensor bf16(ElementKind::BF16, {1});
  bf16.setFloat(0, 1.0 + std::ldexp(1.0, -8));
  EXPECT_EQ(bf16.getFloat(0), 1.0);
  bf16.setFloat(0, 1.0 + std::ldexp(1.0, -7));
  EXPECT_EQ(bf16.getFloat(0), 1.0 + std::ldexp(1.0, -7));
}

TEST(HostTensor, IntStoresWrap) {
  HostTensor i8(ElementKind::I8, {1});
  i8.setInt(0, 130);
  EXPECT_EQ(i8.getInt(0), -126);
  HostTensor i32(ElementKind::I32, {1});
  i32.setInt(0, int64_t(1) << 32 | 5);
  EXPECT_EQ(i32.getInt(0), 5);
  HostTensor i1(ElementKind::I1, {1});
  i1.setInt(0, 3);
  EXPECT_EQ(i1.getInt(0), 1);
}

TEST(HostTensor, IntRanges) {
  EXPECT_EQ(minInt(ElementKind::I8), -128);
  EXPECT_EQ(maxInt(ElementKind::I8), 127);
  EXPECT_EQ(minInt(ElementKind::I32), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(maxInt(ElementKind::I32), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(minInt(ElementKind::I64), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(maxInt(ElementKind::I64), std::numeric_limits<int64_t>::max());
}

TEST(HostTensor, KindNamesRoundTrip) {
  for (ElementKind k :
       {ElementKind::F64, ElementKind::F32, ElementKind::F16, ElementKind::BF16,
        ElementKind::I64, ElementKind::I32, ElementKind::I8, ElementKind::I1})
    EXPECT_EQ(parseElementKind(toString(k)), k);
  EXPECT_FALSE(parseElementKind("f8").has_value());
}

TEST(HostTensor, IdenticalTreatsNaNsAsEqualButSignedZerosAsDifferent) {
  HostTensor a(ElementKind::F64, {2}), b(ElementKind::F64, {2});
  a.setFloat(0, std::nan(""));
  b.setFloat(0, std::nan(""));
  EXPECT_TRUE(a.identical(b));
  b.setFloat(1, -0.0);
  EXPECT_FALSE(a.identical(b));
}

TEST(HostTensor, Strides) {
  EXPECT_EQ(rowMajorStrides({2, 3, 4}), (llvm::SmallVector<int64_t>{12, 4, 1}));
  EXPECT_EQ(numElements({}), 1);
  EXPECT_EQ(numElements({3, 0}), 0);
}
