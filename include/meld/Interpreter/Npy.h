//===- Npy.h - Reading and writing numpy .npy files -------------*- C++ -*-===//
//
// The interpreter's file format for inputs and outputs: numpy's .npy
// (versions 1.0 to 3.0, little-endian, C or Fortran order). bf16 has no numpy
// dtype; bf16 tensors are stored as their uint16 bit patterns ('<u2'), which
// is what `ml_dtypes` bfloat16 arrays give with `.view(np.uint16)`.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_INTERPRETER_NPY_H
#define MELD_INTERPRETER_NPY_H

#include "meld/Reference/HostTensor.h"

#include "llvm/Support/Error.h"

namespace meld {

/// Parses the contents of a .npy file. Malformed, truncated or unsupported
/// files give an error that says what is wrong.
llvm::Expected<ref::HostTensor> parseNpy(llvm::StringRef bytes);
/// Reads and parses the .npy file at `path`.
llvm::Expected<ref::HostTensor> readNpy(llvm::StringRef path);
/// The .npy (version 1.0) encoding of `tensor`.
std::string serializeNpy(const ref::HostTensor &tensor);
/// Writes `tensor` to `path` as .npy.
llvm::Error writeNpy(llvm::StringRef path, const ref::HostTensor &tensor);

} // namespace meld

#endif // MELD_INTERPRETER_NPY_H
