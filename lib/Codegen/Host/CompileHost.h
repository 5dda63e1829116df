//===- CompileHost.h - The host target of compileToBundle -------*- C++ -*-===//
//
// The host's part of compileToBundle (Common/Compiler.cpp), defined in
// Host/HostPipeline.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_LIB_CODEGEN_HOST_COMPILEHOST_H
#define MELD_LIB_CODEGEN_HOST_COMPILEHOST_H

#include "Common/CompilerInternal.h"

#include "meld/Bundle/Bundle.h"
#include "meld/Codegen/Compiler.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/JSON.h"

namespace meld::codegen {

/// Compiles the kernels for the host; `blocks` receives how each kernel is
/// split into blocks.
mlir::FailureOr<llvm::json::Object> compileHost(mlir::ModuleOp outlined,
                                                bundle::Bundle &bundle,
                                                const CompileOptions &options,
                                                KernelBlocks &blocks);

} // namespace meld::codegen

#endif // MELD_LIB_CODEGEN_HOST_COMPILEHOST_H
