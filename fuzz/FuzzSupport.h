//===- FuzzSupport.h - Shared pieces of Meld's fuzz targets -----*- C++ -*-===//
//
// One MLIR context per fuzzer process (a fresh one per input would spend
// most of the time loading dialects), diagnostics swallowed (a rejected
// input is the expected outcome, not a finding), tight limits so that one
// input runs in milliseconds, and `reportFinding` for what is a bug: it
// prints why and aborts, which libFuzzer records as a crash with the input.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_FUZZ_FUZZSUPPORT_H
#define MELD_FUZZ_FUZZSUPPORT_H

#include "meld/Bundle/Bundle.h"
#include "meld/Support/Limits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace meld::fuzz {

/// The context every target shares: the meld, func, arith and scf dialects
/// (the ones a meld program may use) and those code generation loads,
/// threading off.
mlir::MLIRContext &getContext();

/// Limits small enough that the interpreter and the passes finish each
/// input quickly; the fuzzer explores shapes, not sizes.
ProgramLimits getFuzzLimits();

/// Consumes an error that rejected an input; with MELD_FUZZ_DEBUG set in
/// the environment, prints it first (to see why seeds are rejected).
void rejected(llvm::Error error);

/// Prints `why` and the input, then aborts (libFuzzer saves the input).
[[noreturn]] void reportFinding(const llvm::Twine &why, llvm::StringRef input);

/// A bundle compiled once per process for the host from a fixed program
/// (a matmul, reductions, a meld.if, and a function with a dynamic dim):
/// the real code that the bundle and runtime fuzzers load, so that they
/// exercise the metadata and the API rather than fuzz machine code, which
/// a bundle carries and runs by design.
const bundle::Bundle &getReferenceBundle();

/// The program text of getReferenceBundle (its functions: "main", "dyn").
llvm::StringRef getReferenceProgram();

/// `bytes` with the bundle checksum recomputed when they start with a
/// bundle header, so that mutations reach the parser behind the checksum.
std::string withValidChecksum(llvm::StringRef bytes);

inline llvm::StringRef asText(const uint8_t *data, size_t size) {
  return llvm::StringRef(reinterpret_cast<const char *>(data), size);
}

} // namespace meld::fuzz

#endif // MELD_FUZZ_FUZZSUPPORT_H
