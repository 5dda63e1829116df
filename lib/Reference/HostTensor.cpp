//===- HostTensor.cpp - Dense host tensors for the reference --------------===//
//
// Element kinds, rounding and wrapping rules, and the HostTensor container.
//
//===----------------------------------------------------------------------===//

#include "meld/Reference/HostTensor.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSwitch.h"

#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

using namespace meld::ref;

bool meld::ref::isFloat(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
  case ElementKind::F32:
  case ElementKind::F16:
  case ElementKind::BF16:
    return true;
  default:
    return false;
  }
}

unsigned meld::ref::bitWidth(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
  case ElementKind::I64:
    return 64;
  case ElementKind::F32:
  case ElementKind::I32:
    return 32;
  case ElementKind::F16:
  case ElementKind::BF16:
    return 16;
  case ElementKind::I8:
    return 8;
  case ElementKind::I1:
    return 1;
  }
  llvm_unreachable("unknown element kind");
}

llvm::StringRef meld::ref::toString(ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return "f64";
  case ElementKind::F32:
    return "f32";
  case ElementKind::F16:
    return "f16";
  case ElementKind::BF16:
    return "bf16";
  case ElementKind::I64:
    return "i64";
  case ElementKind::I32:
    return "i32";
  case ElementKind::I8:
    return "i8";
  case ElementKind::I1:
    return "i1";
  }
  llvm_unreachable("unknown element kind");
}

std::optional<ElementKind> meld::ref::parseElementKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<ElementKind>>(name)
      .Case("f64", ElementKind::F64)
      .Case("f32", ElementKind::F32)
      .Case("f16", ElementKind::F16)
      .Case("bf16", ElementKind::BF16)
      .Case("i64", ElementKind::I64)
      .Case("i32", ElementKind::I32)
      .Case("i8", ElementKind::I8)
      .Case("i1", ElementKind::I1)
      .Default(std::nullopt);
}

static double roundThroughSemantics(double value,
                                    const llvm::fltSemantics &semantics) {
  llvm::APFloat f(value);
  bool losesInfo = false;
  f.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &losesInfo);
  return f.convertToDouble();
}

double meld::ref::roundToFloat(double value, ElementKind kind) {
  switch (kind) {
  case ElementKind::F64:
    return value;
  case ElementKind::F32:
    return static_cast<double>(static_cast<float>(value));
  case ElementKind::F16:
    return roundThroughSemantics(value, llvm::APFloat::IEEEhalf());
  case ElementKind::BF16:
    return roundThroughSemantics(value, llvm::APFloat::BFloat());
  default:
    llvm_unreachable("not a float kind");
  }
}

int64_t meld::ref::wrapToInt(int64_t value, ElementKind kind) {
  switch (kind) {
  case ElementKind::I64:
    return value;
  case ElementKind::I32:
    return static_cast<int32_t>(static_cast<uint32_t>(value));
  case ElementKind::I8:
    return static_cast<int8_t>(static_cast<uint8_t>(value));
  case ElementKind::I1:
    return value & 1;
  default:
    llvm_unreachable("not an integer kind");
  }
}

int64_t meld::ref::minInt(ElementKind kind) {
  return kind == ElementKind::I1 ? 0
                                 : -(int64_t(1) << (bitWidth(kind) - 2)) * 2;
}

int64_t meld::ref::maxInt(ElementKind kind) {
  return kind == ElementKind::I1 ? 1 : -(minInt(kind) + 1);
}

int64_t meld::ref::numElements(llvm::ArrayRef<int64_t> shape) {
  // Saturates instead of overflowing, so absurd shapes compare as huge.
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d == 0)
      return 0;
    if (d < 0 || n > std::numeric_limits<int64_t>::max() / d)
      n = std::numeric_limits<int64_t>::max();
    else
      n *= d;
  }
  return n;
}

llvm::SmallVector<int64_t>
meld::ref::rowMajorStrides(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

std::string meld::ref::formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string s;
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i)
      s += 'x';
    s += std::to_string(d);
  }
  return s;
}

HostTensor::HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape)
    : kind(kind), shape(shape) {
  if (ref::isFloat(kind))
    floats.assign(numElements(shape), 0.0);
  else
    ints.assign(numElements(shape), 0);
}

std::string HostTensor::getTypeString() const {
  std::string s = "tensor<" + formatShape(shape);
  if (!shape.empty())
    s += 'x';
  return s + toString(kind).str() + ">";
}

double HostTensor::getAsDouble(int64_t index) const {
  return isFloat() ? floats[index] : static_cast<double>(ints[index]);
}

bool HostTensor::identical(const HostTensor &other) const {
  if (kind != other.kind || shape != other.shape)
    return false;
  if (!isFloat())
    return ints == other.ints;
  for (size_t i = 0; i < floats.size(); ++i) {
    double a = floats[i], b = other.floats[i];
    if (std::isnan(a) && std::isnan(b))
      continue;
    if (std::memcmp(&a, &b, sizeof(double)) != 0)
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Raw element layout
//===----------------------------------------------------------------------===//

unsigned meld::ref::storageBytes(ElementKind kind) {
  return kind == ElementKind::I1 ? 1 : bitWidth(kind) / 8;
}

static const llvm::fltSemantics &halfSemantics(ElementKind kind) {
  return kind == ElementKind::F16 ? llvm::APFloat::IEEEhalf()
                                  : llvm::APFloat::BFloat();
}

template <typename T> static void storeRaw(char *p, T v) {
  std::memcpy(p, &v, sizeof(T)); // Meld's hosts are little-endian.
}
template <typename T> static T loadRaw(const char *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

std::string meld::ref::encodeRaw(const HostTensor &tensor) {
  ElementKind kind = tensor.getKind();
  unsigned width = storageBytes(kind);
  std::string out(static_cast<size_t>(tensor.size()) * width, '\0');
  char *p = out.data();
  for (int64_t i = 0; i < tensor.size(); ++i, p += width) {
    switch (kind) {
    case ElementKind::F64:
      storeRaw<double>(p, tensor.getFloat(i));
      break;
    case ElementKind::F32:
      storeRaw<float>(p, static_cast<float>(tensor.getFloat(i)));
      break;
    case ElementKind::F16:
    case ElementKind::BF16: {
      llvm::APFloat f(tensor.getFloat(i));
      bool losesInfo = false;
      f.convert(halfSemantics(kind), llvm::APFloat::rmNearestTiesToEven,
                &losesInfo);
      storeRaw<uint16_t>(
          p, static_cast<uint16_t>(f.bitcastToAPInt().getZExtValue()));
      break;
    }
    case ElementKind::I64:
      storeRaw<int64_t>(p, tensor.getInt(i));
      break;
    case ElementKind::I32:
      storeRaw<int32_t>(p, static_cast<int32_t>(tensor.getInt(i)));
      break;
    case ElementKind::I8:
    case ElementKind::I1:
      storeRaw<int8_t>(p, static_cast<int8_t>(tensor.getInt(i)));
      break;
    }
  }
  return out;
}

HostTensor meld::ref::decodeRaw(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                                llvm::StringRef bytes) {
  HostTensor tensor(kind, shape);
  unsigned width = storageBytes(kind);
  assert(bytes.size() == static_cast<size_t>(tensor.size()) * width &&
         "raw data does not match the shape");
  const char *p = bytes.data();
  for (int64_t i = 0; i < tensor.size(); ++i, p += width) {
    switch (kind) {
    case ElementKind::F64:
      tensor.setFloat(i, loadRaw<double>(p));
      break;
    case ElementKind::F32:
      tensor.setFloat(i, loadRaw<float>(p));
      break;
    case ElementKind::F16:
    case ElementKind::BF16: {
      llvm::APFloat f(halfSemantics(kind), llvm::APInt(16, loadRaw<uint16_t>(p)));
      bool losesInfo = false;
      f.convert(llvm::APFloat::IEEEdouble(),
                llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      tensor.setFloat(i, f.convertToDouble());
      break;
    }
    case ElementKind::I64:
      tensor.setInt(i, loadRaw<int64_t>(p));
      break;
    case ElementKind::I32:
      tensor.setInt(i, loadRaw<int32_t>(p));
      break;
    case ElementKind::I8:
      tensor.setInt(i, loadRaw<int8_t>(p));
      break;
    case ElementKind::I1:
      tensor.setInt(i, loadRaw<uint8_t>(p) != 0);
      break;
    }
  }
  return tensor;
}
