//===- ProgramFiles.h - The programs the code generation tests compile ----===//
//
// Every .mlir file defining a function under examples/, the fusion model
// suite and test/Codegen/programs (some model-suite files only run the
// examples through other tools and define nothing).
//
//===----------------------------------------------------------------------===//

#ifndef MELD_UNITTESTS_CODEGEN_PROGRAMFILES_H
#define MELD_UNITTESTS_CODEGEN_PROGRAMFILES_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <string>
#include <vector>

namespace meld::testing {

inline std::vector<std::string> codegenTestPrograms() {
  std::vector<std::string> files;
  for (const char *dir :
       {"examples", "test/Fusion/models", "test/Codegen/programs"}) {
    llvm::SmallString<256> root(MELD_SOURCE_DIR);
    llvm::sys::path::append(root, dir);
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec;
         it.increment(ec)) {
      if (llvm::sys::path::extension(it->path()) != ".mlir")
        continue;
      auto text = llvm::MemoryBuffer::getFile(it->path());
      if (text && (*text)->getBuffer().contains("func.func @"))
        files.push_back(it->path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

} // namespace meld::testing

#endif // MELD_UNITTESTS_CODEGEN_PROGRAMFILES_H
