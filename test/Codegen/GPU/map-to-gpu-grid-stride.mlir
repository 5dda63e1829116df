// RUN: meld-opt %s --meld-map-to-gpu=grid-stride-limit=4096 | FileCheck %s
// RUN: meld-opt %s '--meld-map-to-gpu=emulate=true grid-stride-limit=3' | FileCheck %s --check-prefix=EMU
// RUN: meld-opt %s --meld-map-to-gpu | FileCheck %s --check-prefix=OFF

// A pointwise kernel as meld-compile hands it to meld-map-to-gpu (blocks of
// 16 rows, bufferized): its block loop strides over the grid. Workgroup
// `block_id` starts at its block's first row and steps 16 rows times the
// grid size, up to all the rows; the kernel says its grid is capped.

// CHECK-LABEL: gpu.func @pointwise(
// CHECK-SAME:    meld.gpu_grid_stride = 4096
// CHECK-DAG:     %[[BLOCK:.*]] = gpu.block_id x
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[ROWS:.*]] = memref.dim %{{.*}}, %c0
// CHECK:         %[[FIRST:.*]] = arith.muli %[[BLOCK]], %[[C16]]
// CHECK:         %[[GRID:.*]] = gpu.grid_dim x
// CHECK:         %[[STRIDE:.*]] = arith.muli %[[C16]], %[[GRID]]
// CHECK:         scf.for %{{.*}} = %[[FIRST]] to %[[ROWS]] step %[[STRIDE]]

// Emulated, the grid is min(ceildiv(rows, 16), limit) workgroups (what
// the launch metadata asks for), each a turn of the block-range loop.
// EMU-LABEL: func.func private @pointwise(
// EMU-SAME:    meld.gpu_grid_stride = 3
// EMU:         scf.for %[[W:.*]] = %arg3 to %arg4
// EMU:           %[[ROWS:.*]] = memref.dim
// EMU:           %[[FIRST:.*]] = arith.muli %[[W]], %c16
// EMU:           %[[BLOCKS:.*]] = arith.ceildivsi %[[ROWS]], %c16
// EMU:           %[[GRID:.*]] = arith.minsi %[[BLOCKS]], %c3
// EMU:           %[[STRIDE:.*]] = arith.muli %c16{{.*}}, %[[GRID]]
// EMU:           scf.for %{{.*}} = %[[FIRST]] to %[[ROWS]] step %[[STRIDE]]

// Without a limit, one block per workgroup.
// OFF-LABEL: gpu.func @pointwise(
// OFF-NOT:     gpu.grid_dim
// OFF-NOT:     meld.gpu_grid_stride

#map = affine_map<(d0)[s0] -> (-d0 + s0, 16)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
func.func private @pointwise(%arg0: memref<?x64xf32>, %arg1: memref<?x64xf32>, %arg2: memref<?x64xf32>, %arg3: index, %arg4: index) attributes {llvm.emit_c_interface, meld.kernel = "pointwise", meld.rows_per_block = 16 : i64} {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %dim = memref.dim %arg0, %c0 : memref<?x64xf32>
  %0 = arith.muli %arg3, %c16 : index
  %1 = arith.muli %arg4, %c16 : index
  %2 = arith.minsi %1, %dim : index
  scf.for %arg5 = %0 to %2 step %c16 {
    %3 = affine.min #map(%arg5)[%dim]
    %subview = memref.subview %arg0[%arg5, 0] [%3, 64] [1, 1] : memref<?x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    %subview_0 = memref.subview %arg1[%arg5, 0] [%3, 64] [1, 1] : memref<?x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    %subview_1 = memref.subview %arg2[%arg5, 0] [%3, 64] [1, 1] : memref<?x64xf32> to memref<?x64xf32, strided<[64, 1], offset: ?>>
    linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%subview, %subview_0 : memref<?x64xf32, strided<[64, 1], offset: ?>>, memref<?x64xf32, strided<[64, 1], offset: ?>>) outs(%subview_1 : memref<?x64xf32, strided<[64, 1], offset: ?>>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %4 = arith.addf %in, %in_2 fastmath<contract> : f32
      linalg.yield %4 : f32
    }
  }
  return
}
