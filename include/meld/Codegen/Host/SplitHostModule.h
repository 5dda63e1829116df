//===- SplitHostModule.h - Host code in parts compiled in parallel -*- C++ -*-===//
//
// LLVM optimizes and emits one module on one thread: a model's host code
// (tens of kernels, GEMMs with unrolled register tiles) spent 1.5-2 s there
// on one core while the others idled. The host back end splits such a module
// into parts of about equal size, each holding whole kernels, and compiles
// them on separate threads into one object each (emitHostObject).
//
// llvm::SplitModule balances its parts by the number of globals in them, not
// by their size, and either keeps every local symbol's users together
// (one part, when every kernel calls the same local helper) or makes every
// local symbol external. Here a part's size is its instruction count,
// constants and local helpers are copied into every part that uses them, and
// only what must stay single (mutable local globals) joins its users.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_HOST_SPLITHOSTMODULE_H
#define MELD_CODEGEN_HOST_SPLITHOSTMODULE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <memory>

namespace meld::codegen {

/// Instructions in one part below which splitting does not pay: a part
/// costs a bitcode round trip and a thread (measured on the 2-core VM: a
/// module of a few small kernels compiled no faster in parts).
inline constexpr uint64_t kMinInstructionsPerHostPart = 4000;

/// The parts `module` compiles in when `threads` threads are free and
/// `requested` parts are asked for (0: as many as its size pays for, at
/// most `threads`). At most the number of independent groups of kernels.
unsigned countHostParts(const llvm::Module &module, unsigned requested,
                        unsigned threads);

/// Splits `module` into `parts` modules (fewer when it has fewer independent
/// groups of external definitions), in the same LLVMContext. Definitions
/// that refer to each other are one group, so every external definition is
/// in exactly one part and no part refers to another's; local functions
/// and constants are copied into each part whose groups reach them; a
/// mutable local global stays in one part with every function that uses
/// it. Deterministic: the parts depend only on `module` and `parts`.
llvm::SmallVector<std::unique_ptr<llvm::Module>>
splitHostModule(const llvm::Module &module, unsigned parts);

} // namespace meld::codegen

#endif // MELD_CODEGEN_HOST_SPLITHOSTMODULE_H
