//===- Passes.td - Meld code-generation passes -------------*- tablegen -*-===//
//
// From fused programs to schedules and kernels: outlining, and the few
// lowering steps upstream MLIR has no answer for (meld ops to linalg, and
// the destination-passing kernel ABI). Everything after that is upstream.
// The passes are declared next to their targets: Common/Passes.td (every
// target), Host/Passes.td and GPU/Passes.td; one Passes.h.inc holds them
// all.
//
//===----------------------------------------------------------------------===//

#ifndef MELD_CODEGEN_PASSES_TD
#define MELD_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"
include "meld/Codegen/Common/Passes.td"
include "meld/Codegen/Host/Passes.td"
include "meld/Codegen/GPU/Passes.td"

#endif // MELD_CODEGEN_PASSES_TD
