//===- MeldLibrary.cpp - libMeld.so ---------------------------------------===//
//
// libMeld.so is made of Meld's static libraries (linked as whole archives,
// see MeldInstall.cmake); a shared library needs at least one source.
//
//===----------------------------------------------------------------------===//

#include "meld/JIT/JIT.h"

/// Keeps a reference to the JIT so no linker drops it.
extern "C" const char *meld_version(void) {
  return meld::jit::getVersion().data();
}
