//===- HostTensor.h - Dense host tensors for the reference -----*- C++ -*-===//
//
// The value type of Meld's reference semantics: a dense, row-major tensor on
// the host. It knows nothing about MLIR so that both the interpreter and the
// dialect's constant folders can use it, which keeps a single definition of
// what every op computes.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_REFERENCE_HOSTTENSOR_H
#define MELD_REFERENCE_HOSTTENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace meld::ref {

/// The element types of the meld dialect.
enum class ElementKind : uint8_t { F64, F32, F16, BF16, I64, I32, I8, I1 };

/// True for f64, f32, f16 and bf16.
bool isFloat(ElementKind kind);
/// Bits per element (1 for i1).
unsigned bitWidth(ElementKind kind);
/// The MLIR spelling: "f32", "bf16", "i1", ...
llvm::StringRef toString(ElementKind kind);
/// The inverse of toString.
std::optional<ElementKind> parseElementKind(llvm::StringRef name);

/// Rounds `value` to the nearest value of float kind `kind` (ties to even).
double roundToFloat(double value, ElementKind kind);
/// Wraps `value` to integer kind `kind` (two's complement; i1 keeps bit 0).
int64_t wrapToInt(int64_t value, ElementKind kind);
/// Smallest and largest value of integer kind `kind`.
int64_t minInt(ElementKind kind);
int64_t maxInt(ElementKind kind);

/// Number of elements of `shape`; 1 for rank 0; saturates at INT64_MAX.
int64_t numElements(llvm::ArrayRef<int64_t> shape);
/// The most elements a reference tensor may have: kernels refuse to build
/// larger results, so no shape can make the host allocate without bound.
inline constexpr int64_t kMaxElements = int64_t(1) << 31;
/// Row-major strides of `shape`.
llvm::SmallVector<int64_t> rowMajorStrides(llvm::ArrayRef<int64_t> shape);
/// "2x3", "" for rank 0: the shape as MLIR prints it inside tensor<...>.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

/// A dense row-major tensor. Float elements are stored as double, always
/// already rounded to the element kind; integer elements as int64_t, always
/// already wrapped to the element width. Exactly one of the two vectors is
/// used, according to the kind.
class HostTensor {
public:
  HostTensor() = default;
  /// A zero-filled tensor.
  HostTensor(ElementKind kind, llvm::ArrayRef<int64_t> shape);

  ElementKind getKind() const { return kind; }
  bool isFloat() const { return ref::isFloat(kind); }
  llvm::ArrayRef<int64_t> getShape() const { return shape; }
  int64_t getRank() const { return shape.size(); }
  int64_t size() const { return numElements(shape); }
  /// "tensor<2x3xf32>".
  std::string getTypeString() const;

  /// Element `index` (row-major) of a float tensor.
  double getFloat(int64_t index) const { return floats[index]; }
  /// Element `index` of an integer tensor.
  int64_t getInt(int64_t index) const { return ints[index]; }
  /// Element `index` as a double, whatever the kind.
  double getAsDouble(int64_t index) const;
  /// Stores `value` rounded to the float kind.
  void setFloat(int64_t index, double value) {
    floats[index] = roundToFloat(value, kind);
  }
  /// Stores `value` wrapped to the integer kind.
  void setInt(int64_t index, int64_t value) {
    ints[index] = wrapToInt(value, kind);
  }

  /// Raw storage, for bulk I/O.
  std::vector<double> &floatData() { return floats; }
  std::vector<int64_t> &intData() { return ints; }
  const std::vector<double> &floatData() const { return floats; }
  const std::vector<int64_t> &intData() const { return ints; }

  /// Same kind, shape and bit-identical elements (NaNs compare equal).
  bool identical(const HostTensor &other) const;

private:
  ElementKind kind = ElementKind::F32;
  llvm::SmallVector<int64_t> shape;
  std::vector<double> floats;
  std::vector<int64_t> ints;
};

/// Bytes per element in the compiled-code (and .npy) layout: i1 takes one
/// byte, f16 and bf16 two (their bit patterns).
unsigned storageBytes(ElementKind kind);

/// The elements of `tensor`, row-major, in the compiled-code layout.
std::string encodeRaw(const HostTensor &tensor);

/// The inverse of encodeRaw; `bytes` must hold exactly the elements.
HostTensor decodeRaw(ElementKind kind, llvm::ArrayRef<int64_t> shape,
                     llvm::StringRef bytes);

} // namespace meld::ref

#endif // MELD_REFERENCE_HOSTTENSOR_H
