//===- BufferPipeline.cpp - Kernels to linalg on buffers ------------------===//
//
// The part of code generation every target shares: kernels (meld ops on
// tensors) to linalg on buffers in the kernel ABI, split into blocks of
// rows as the target asks; and the dialects and symbol names all targets
// use. The host (Host/HostPipeline.cpp) and GPU (GPU/GpuPipeline.cpp)
// pipelines take it from there.
//
//===----------------------------------------------------------------------===//

#include "meld/Codegen/Codegen.h"
#include "meld/Codegen/Passes.h"

#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void meld::codegen::registerCodegenDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllGPUToLLVMIRTranslations(registry);
}

std::string meld::codegen::hostEntryName(llvm::StringRef kernelName) {
  return ("meld_kernel_" + kernelName).str();
}

void meld::codegen::buildKernelBufferPipeline(OpPassManager &pm,
                                              BlockTiling tiling,
                                              bool deallocate, bool strictFp,
                                              const HostGemmTiles *hostTiles,
                                              int64_t hostThreads,
                                              int64_t hostBf16ContractionRows,
                                              int64_t hostBf16SwappedRows,
                                              int64_t hostBf16ColumnBlockRows,
                                              int64_t hostF32ColumnBlockRows) {
  MeldConvertToLinalgOptions toLinalg;
  toLinalg.strictFp = strictFp;
  // Kernels report integer division by zero through their status cell
  // (meld-lower-host-checks, meld-lower-gpu-checks).
  toLinalg.divisionChecks = true;
  // GPU kernels gather a convolution's columns in the contraction's k loop
  // (one read per product), which a copy through a reshape would prevent.
  toLinalg.paddedConvColumns = tiling != BlockTiling::Gpu;
  // With AVX-512's register tiles of 4 vectors (64 columns), a weight
  // gradient of 2 or 3 input channels sums outer products too: faster than
  // its columns there, slower in AVX2 code (MeldToLinalg.cpp,
  // outerProductMinImages).
  if (hostTiles && hostTiles->tileCols >= 64)
    toLinalg.outerProductMinImages = 2;
  pm.addNestedPass<func::FuncOp>(createMeldConvertToLinalg(toLinalg));
  pm.addPass(createCanonicalizerPass());
  // Drop the unit dims of kept-dims reductions and their broadcasts, so no
  // reshape stands between a row statistic and its consumers (tile-and-fuse
  // cannot fuse through one). On the host a one-row matmul keeps its row
  // (it stays a register-tiled matmul); the GPU mapping takes the
  // matrix-vector form.
  if (tiling == BlockTiling::Gpu)
    pm.addNestedPass<func::FuncOp>(createLinalgFoldUnitExtentDimsPass());
  else
    pm.addNestedPass<func::FuncOp>(createMeldFoldUnitExtentDims());
  pm.addPass(createCanonicalizerPass());
  if (tiling == BlockTiling::Gpu)
    pm.addNestedPass<func::FuncOp>(createMeldFuseElementwiseRecompute());
  else
    pm.addNestedPass<func::FuncOp>(createMeldFuseElementwiseOps());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Results unchanged, so also under strictFp; GPU maxima are one
  // max.NaN instruction either way.
  if (tiling != BlockTiling::Gpu)
    pm.addNestedPass<func::FuncOp>(createMeldRelaxExtremaZeroSign());
  pm.addPass(createMeldKernelToDestinationStyle());
  if (tiling != BlockTiling::None) {
    MeldTileHostBlocksOptions blocks;
    if (tiling == BlockTiling::Gpu) {
      blocks.targetElements = 1024;
      blocks.rowMultiple = 1;
      blocks.contractionRows = kGpuContractionRows;
      blocks.skipUnitDims = true;
      blocks.wholeConcatOneBlock = true;
      blocks.fusedRowCost = true;
      blocks.mergeDims = true;
    } else {
      // 8 KiB of f32 per row tile: a tile and its intermediates stay in L1.
      blocks.tileElements = 2048;
      blocks.contractionRows =
          hostTiles ? hostTiles->blockRows : kHostContractionRows;
      if (hostTiles) {
        blocks.contractionTileRows = hostTiles->tileRows;
        blocks.convPanelColumns = hostTiles->tileCols;
      }
      blocks.balanceThreads = hostThreads;
      blocks.bf16ContractionRows = hostBf16ContractionRows;
      blocks.bf16SwappedRows = hostBf16SwappedRows;
      blocks.bf16ColumnBlockRows = hostBf16ColumnBlockRows;
      blocks.f32ColumnBlockRows = hostF32ColumnBlockRows;
      blocks.fitSmallOutputs = true;
      blocks.horizontal = true;
      blocks.skipUnitDims = true;
      blocks.fusedRowCost = true;
    }
    pm.addNestedPass<func::FuncOp>(createMeldTileHostBlocks(blocks));
    if (tiling == BlockTiling::Host)
      pm.addNestedPass<func::FuncOp>(createMeldFuseStoredProducers());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = false;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // CSE makes a tiled loop's store of its row block into the output a copy
  // of a subview onto itself, which canonicalization then erases.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // A host row tile's scratch rows have the same static size every
  // iteration: one allocation per block range, not a malloc and free per
  // tile. (GPU kernels place them in workgroup memory instead.)
  if (tiling == BlockTiling::Host)
    pm.addNestedPass<func::FuncOp>(
        bufferization::createBufferLoopHoistingPass());
  if (deallocate)
    bufferization::buildBufferDeallocationPipeline(pm);
}
