//===- Npy.cpp - Reading and writing numpy .npy files ---------------------===//
//
// A small, strict .npy codec. The header is a Python dict literal; we accept
// exactly the keys numpy writes ('descr', 'fortran_order', 'shape') and
// reject anything we cannot represent rather than guessing.
//
//===----------------------------------------------------------------------===//

#include "meld/Interpreter/Npy.h"
#include "meld/Reference/Kernels.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <numeric>

using namespace meld;
using ref::ElementKind;
using ref::HostTensor;

static llvm::Error npyError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

namespace {
/// How an element kind is laid out in a .npy file.
struct NpyDtype {
  ElementKind kind;
  const char *descr;
  unsigned itemSize;
};
} // namespace

static constexpr NpyDtype kDtypes[] = {
    {ElementKind::F64, "<f8", 8}, {ElementKind::F32, "<f4", 4},
    {ElementKind::F16, "<f2", 2}, {ElementKind::BF16, "<u2", 2},
    {ElementKind::I64, "<i8", 8}, {ElementKind::I32, "<i4", 4},
    {ElementKind::I8, "|i1", 1},  {ElementKind::I1, "|b1", 1},
};

static const NpyDtype *findDtype(llvm::StringRef descr) {
  // numpy writes '|' for single-byte types but accepts '<' and '=' too.
  std::string normalized = descr.str();
  if (normalized.size() == 3 && (normalized[0] == '=' || normalized[0] == '<'))
    normalized[0] = '<';
  for (const NpyDtype &d : kDtypes) {
    std::string mine = d.descr;
    if (d.itemSize == 1 && normalized.size() == 3 && normalized[0] == '<')
      mine[0] = '<';
    if (normalized == mine)
      return &d;
  }
  return nullptr;
}

static const NpyDtype &dtypeOf(ElementKind kind) {
  for (const NpyDtype &d : kDtypes)
    if (d.kind == kind)
      return d;
  llvm_unreachable("every element kind has a dtype");
}

/// Returns the text after `'key':` in the header dict, trimmed.
static std::optional<llvm::StringRef> findKey(llvm::StringRef header,
                                              llvm::StringRef key) {
  std::string quoted = "'" + key.str() + "'";
  size_t pos = header.find(quoted);
  if (pos == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = header.drop_front(pos + quoted.size()).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  return rest.ltrim();
}

template <typename T> static T loadLE(const char *p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v; // Hosts Meld supports are little-endian, like the files.
}

llvm::Expected<HostTensor> meld::parseNpy(llvm::StringRef bytes) {
  static constexpr char kMagic[] = "\x93NUMPY";
  if (!bytes.starts_with(llvm::StringRef(kMagic, 6)))
    return npyError("not a .npy file (missing the \\x93NUMPY magic)");
  if (bytes.size() < 10)
    return npyError("truncated .npy header");
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return npyError("truncated .npy header");
    headerLen = loadLE<uint32_t>(bytes.data() + 8);
    headerStart = 12;
  } else {
    return npyError(llvm::formatv("unsupported .npy version {0}", major));
  }
  if (bytes.size() < headerStart + headerLen)
    return npyError("truncated .npy header");
  llvm::StringRef header = bytes.substr(headerStart, headerLen);

  // 'descr': '<f4'
  std::optional<llvm::StringRef> descrText = findKey(header, "descr");
  if (!descrText || descrText->empty() ||
      (descrText->front() != '\'' && descrText->front() != '"'))
    return npyError("the .npy header has no 'descr' string");
  char quote = descrText->front();
  llvm::StringRef descr = descrText->drop_front();
  descr = descr.take_until([&](char c) { return c == quote; });
  if (!descr.empty() && descr.front() == '>' && descr.size() == 3 &&
      descr[2] != '1')
    return npyError("big-endian .npy data ('" + descr +
                    "') is not supported; save with dtype.newbyteorder('<')");
  const NpyDtype *dtype = findDtype(descr);
  if (!dtype)
    return npyError("unsupported .npy dtype '" + descr +
                    "'; Meld reads f8, f4, f2, i8, i4, i1, b1, and u2 "
                    "(bf16 bit patterns)");

  // 'fortran_order': False
  std::optional<llvm::StringRef> orderText = findKey(header, "fortran_order");
  if (!orderText)
    return npyError("the .npy header has no 'fortran_order'");
  bool fortran;
  if (orderText->starts_with("False"))
    fortran = false;
  else if (orderText->starts_with("True"))
    fortran = true;
  else
    return npyError("bad 'fortran_order' value in the .npy header");

  // 'shape': (2, 3)
  std::optional<llvm::StringRef> shapeText = findKey(header, "shape");
  if (!shapeText || !shapeText->starts_with("("))
    return npyError("the .npy header has no 'shape' tuple");
  llvm::StringRef tuple =
      shapeText->drop_front().take_until([](char c) { return c == ')'; });
  if (tuple.size() == shapeText->size() - 1)
    return npyError("unterminated 'shape' tuple in the .npy header");
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<llvm::StringRef> parts;
  tuple.split(parts, ',');
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    int64_t d;
    if (part.getAsInteger(10, d) || d < 0)
      return npyError("bad dimension '" + part + "' in the .npy shape");
    shape.push_back(d);
  }

  // Guard the element count against overflow before allocating.
  int64_t count = 1;
  for (int64_t d : shape)
    if (d != 0 && count > std::numeric_limits<int64_t>::max() / d)
      return npyError("the .npy shape is too large");
    else
      count *= d;
  if (ref::numElements(shape) > ref::kMaxElements)
    return npyError("the .npy shape is too large");
  llvm::StringRef data = bytes.drop_front(headerStart + headerLen);
  uint64_t expectedBytes = static_cast<uint64_t>(count) * dtype->itemSize;
  if (count > 0 &&
      expectedBytes / dtype->itemSize != static_cast<uint64_t>(count))
    return npyError("the .npy shape is too large");
  if (data.size() < expectedBytes)
    return npyError(llvm::formatv(
        "truncated .npy data: shape needs {0} bytes, the file has {1}",
        expectedBytes, data.size()));
  if (data.size() > expectedBytes)
    return npyError(llvm::formatv(
        "the .npy file has {0} bytes of data after the {1} the shape needs",
        data.size() - expectedBytes, expectedBytes));

  // Fortran order is the row-major layout of the reversed shape.
  llvm::SmallVector<int64_t> storedShape(shape);
  if (fortran)
    std::reverse(storedShape.begin(), storedShape.end());
  if (dtype->kind == ElementKind::I1)
    for (int64_t i = 0; i < count; ++i)
      if (static_cast<uint8_t>(data[i]) > 1)
        return npyError(llvm::formatv("bool element {0} holds {1}, not 0 or 1",
                                      i, static_cast<unsigned>(
                                             static_cast<uint8_t>(data[i]))));
  HostTensor tensor = ref::decodeRaw(dtype->kind, storedShape,
                                     data.take_front(expectedBytes));
  if (!fortran || shape.size() < 2)
    return fortran ? ref::reshape(tensor, shape) : std::move(tensor);
  llvm::SmallVector<int64_t> perm(shape.size());
  std::iota(perm.rbegin(), perm.rend(), 0);
  return ref::transpose(tensor, perm);
}

llvm::Expected<HostTensor> meld::readNpy(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer)
    return npyError("cannot read '" + path +
                    "': " + buffer.getError().message());
  llvm::Expected<HostTensor> tensor = parseNpy((*buffer)->getBuffer());
  if (!tensor)
    return npyError("'" + path + "': " + llvm::toString(tensor.takeError()));
  return tensor;
}

std::string meld::serializeNpy(const HostTensor &tensor) {
  const NpyDtype &dtype = dtypeOf(tensor.getKind());
  // numpy spells shapes as Python tuples: "()", "(4,)", "(2, 3)".
  std::string shape;
  for (auto [i, d] : llvm::enumerate(tensor.getShape()))
    shape += (i ? ", " : "") + std::to_string(d);
  if (tensor.getRank() == 1)
    shape += ",";
  std::string header = "{'descr': '" + std::string(dtype.descr) +
                       "', 'fortran_order': False, 'shape': (" + shape + "), }";
  // Pad with spaces so that the data starts on a 64-byte boundary.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::string out("\x93NUMPY\x01\x00", 8);
  uint16_t headerSize = static_cast<uint16_t>(header.size());
  out.append(reinterpret_cast<const char *>(&headerSize), 2);
  out += header;
  out += ref::encodeRaw(tensor);
  return out;
}

llvm::Error meld::writeNpy(llvm::StringRef path, const HostTensor &tensor) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return npyError("cannot write '" + path + "': " + ec.message());
  os << serializeNpy(tensor);
  os.close();
  if (os.has_error())
    return npyError("cannot write '" + path + "': " + os.error().message());
  return llvm::Error::success();
}
