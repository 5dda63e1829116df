// meld-compile caps a pointwise GPU kernel's grid at --gpu-grid-stride-limit
// workgroups (default 4096), each striding over the grid; 0 launches one
// workgroup per block, and a negative limit is an error.
//
// RUN: meld-compile %s --targets=nvptx --nvptx-chips=sm_90 -o %t.meldb --mlir-print-ir-after=meld-map-to-gpu 2>&1 | FileCheck %s --check-prefix=CAPPED
// RUN: meld-compile %s --targets=nvptx --nvptx-chips=sm_90 -o %t.meldb --gpu-grid-stride-limit=0 --mlir-print-ir-after=meld-map-to-gpu 2>&1 | FileCheck %s --check-prefix=BLOCKS
// RUN: not meld-compile %s --targets=nvptx -o %t.meldb --gpu-grid-stride-limit=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// CAPPED: meld.gpu_grid_stride = 4096
// CAPPED: gpu.grid_dim x
// BLOCKS-NOT: gpu.grid_dim
// BLOCKS-NOT: meld.gpu_grid_stride
// NEGATIVE: --gpu-grid-stride-limit must be 0 or positive, not -1
func.func @main(%x: tensor<?x1024xf32>, %y: tensor<?x1024xf32>)
    -> tensor<?x1024xf32> {
  %s = meld.add %x, %y : tensor<?x1024xf32>
  %e = meld.exp %s : tensor<?x1024xf32>
  return %e : tensor<?x1024xf32>
}
