//===- NpyTest.cpp - Tests for the .npy codec -----------------------------===//

#include "meld/Interpreter/Npy.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace meld;
using ref::ElementKind;
using ref::HostTensor;

/// A .npy v1 file with the given header dict and raw data.
static std::string npyFile(const std::string &dict, const std::string &data) {
  std::string header = dict;
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  return out + header + data;
}

static std::string errorOf(llvm::Expected<HostTensor> t) {
  if (t)
    return "";
  return llvm::toString(t.takeError());
}

TEST(Npy, RoundTripsEveryKind) {
  for (ElementKind kind :
       {ElementKind::F64, ElementKind::F32, ElementKind::F16, ElementKind::BF16,
        ElementKind::I64, ElementKind::I32, ElementKind::I8, ElementKind::I1}) {
    HostTensor t(kind, {2, 3});
    for (int64_t i = 0; i < t.size(); ++i) {
      if (t.isFloat())
        t.setFloat(i, 0.5 * i - 1.25);
      else
        t.setInt(i, kind == ElementKind::I1 ? i % 2 : i * 37 - 100);
    }
    llvm::Expected<HostTensor> back = parseNpy(serializeNpy(t));
    ASSERT_TRUE(static_cast<bool>(back)) << llvm::toString(back.takeError());
    EXPECT_TRUE(back->identical(t)) << ref::toString(kind).str();
  }
}

TEST(Npy, ScalarsAndVectorsUsePythonTupleSyntax) {
  HostTensor scalar(ElementKind::F32, {});
  EXPECT_NE(serializeNpy(scalar).find("'shape': ()"), std::string::npos);
  HostTensor vec(ElementKind::F32, {4});
  EXPECT_NE(serializeNpy(vec).find("'shape': (4,)"), std::string::npos);
  EXPECT_EQ(serializeNpy(vec).size() % 16, 0u);
}

TEST(Npy, ReadsFortranOrder) {
  // A 2x3 array [[0,1,2],[3,4,5]] stored column-major.
  float data[] = {0, 3, 1, 4, 2, 5};
  std::string bytes =
      npyFile("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }",
              std::string(reinterpret_cast<char *>(data), sizeof(data)));
  llvm::Expected<HostTensor> t = parseNpy(bytes);
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(t->getShape(), (llvm::ArrayRef<int64_t>{2, 3}));
  EXPECT_EQ(t->floatData(), (std::vector<double>{0, 1, 2, 3, 4, 5}));
}

TEST(Npy, RejectsGarbage) {
  EXPECT_NE(errorOf(parseNpy("hello world")).find("not a .npy file"),
            std::string::npos);
  EXPECT_NE(
      errorOf(parseNpy(llvm::StringRef("\x93NUMPY\x01", 7))).find("truncated"),
      std::string::npos);
  EXPECT_NE(errorOf(parseNpy(llvm::StringRef("\x93NUMPY\x09\x00\x10\x00", 10)))
                .find("version"),
            std::string::npos);
}

TEST(Npy, RejectsTruncatedAndOversizedData) {
  std::string dict =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }";
  EXPECT_NE(errorOf(parseNpy(npyFile(dict, std::string(15, '\0'))))
                .find("truncated .npy data"),
            std::string::npos);
  EXPECT_NE(
      errorOf(parseNpy(npyFile(dict, std::string(17, '\0')))).find("after the"),
      std::string::npos);
  // A header claiming an enormous shape must not allocate.
  std::string huge =
      "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, "
      "4294967296, 4294967296), }";
  EXPECT_NE(errorOf(parseNpy(npyFile(huge, ""))).find("too large"),
            std::string::npos);
}

TEST(Npy, RejectsUnsupportedDtypesAndHeaders) {
  EXPECT_NE(
      errorOf(parseNpy(npyFile(
                  "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
                  std::string(8, '\0'))))
          .find("unsupported .npy dtype '<c8'"),
      std::string::npos);
  EXPECT_NE(
      errorOf(parseNpy(npyFile(
                  "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }",
                  std::string(4, '\0'))))
          .find("big-endian"),
      std::string::npos);
  EXPECT_NE(
      errorOf(parseNpy(npyFile(
                  "{'descr': '<f4', 'fortran_order': False, 'shape': (1, x), }",
                  std::string(4, '\0'))))
          .find("bad dimension"),
      std::string::npos);
  EXPECT_NE(errorOf(parseNpy(npyFile("{'descr': '<f4', 'shape': (1,), }",
                                     std::string(4, '\0'))))
                .find("fortran_order"),
            std::string::npos);
  EXPECT_NE(
      errorOf(parseNpy(npyFile(
                  "{'descr': '|b1', 'fortran_order': False, 'shape': (1,), }",
                  std::string(1, '\x07'))))
          .find("not 0 or 1"),
      std::string::npos);
}

TEST(Npy, MissingFileNamesThePath) {
  llvm::Expected<HostTensor> t = readNpy("/nonexistent/dir/x.npy");
  std::string err = errorOf(std::move(t));
  EXPECT_NE(err.find("/nonexistent/dir/x.npy"), std::string::npos);
}
