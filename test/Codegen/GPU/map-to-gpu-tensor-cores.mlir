// RUN: meld-opt %s --meld-map-to-gpu=tensor-cores=true --canonicalize --cse | FileCheck %s
// RUN: meld-opt %s --meld-map-to-gpu --canonicalize --cse | FileCheck %s --check-prefix=PLAIN
// RUN: meld-opt %s --meld-map-to-gpu=mfma=true --canonicalize --cse | FileCheck %s --check-prefix=MFMA

// An f16 linear layer with a bias + ReLU epilogue (64-row blocks of a
// dynamic row count, 40-deep k, 96 columns). With tensor cores the 8 warps
// each own 16x32 of the 64x64 tile as two 16x16 accumulator fragments that
// start from the fill's zero; per staged k slice a warp loads one A
// fragment (column-major from the [k][m] slice) and two B fragments and
// multiplies; the fragments then go through a 64x64 workgroup tile to the
// threads, which apply the epilogue and store each output once.

// CHECK-LABEL: gpu.func @main_kernel_0
// Staged slices (16x64 f16 each) and the 64x64 f16 result tile, aligned
// for fragment loads.
// CHECK-SAME: workgroup(%{{.+}} : memref<2048xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}, %{{.+}} : memref<2048xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}, %{{.+}} : memref<8192xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// CHECK: %[[A:.+]] = memref.view {{.*}} to memref<16x64xf16>
// CHECK: %[[B:.+]] = memref.view {{.*}} to memref<16x64xf16>
// CHECK: %[[C:.+]] = memref.view {{.*}} to memref<64x64xf16>
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[WARP:.+]] = arith.divui %[[TID]], %c32
// CHECK: %[[ZERO:.+]] = gpu.subgroup_mma_constant_matrix %{{.+}} : !gpu.mma_matrix<16x16xf16, "COp">
// CHECK: %[[ACC:.+]]:10 = scf.for %{{.+}} iter_args(%{{.+}} = %[[ZERO]], %{{.+}} = %[[ZERO]],
// CHECK: gpu.barrier
// CHECK: %[[FA:.+]] = gpu.subgroup_mma_load_matrix %[[A]][%c0, %{{.+}}] {leadDimension = 64 : index, transpose} : memref<16x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
// CHECK: %[[FB0:.+]] = gpu.subgroup_mma_load_matrix %[[B]][%c0, %{{.+}}] {leadDimension = 64 : index} : memref<16x64xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
// CHECK: gpu.subgroup_mma_compute %[[FA]], %[[FB0]], %{{.+}} {a_transpose}
// CHECK: gpu.subgroup_mma_load_matrix %[[B]]
// CHECK: gpu.subgroup_mma_compute %[[FA]]
// CHECK: gpu.barrier
// CHECK: scf.yield
// CHECK: gpu.subgroup_mma_store_matrix %[[ACC]]#0, %[[C]]
// CHECK: gpu.subgroup_mma_store_matrix %[[ACC]]#1, %[[C]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[C]]
// CHECK: arith.maximumf
// CHECK: memref.store %{{.*}} : memref<?x96xf16, strided<[96, 1], offset: ?>>
// CHECK-NOT: linalg.
// CHECK: gpu.return

// With AMD matrix cores (mfma) the 4 wavefronts of 64 lanes each own 16x64
// of the tile as four f32 accumulators of 4 per lane (zero from the fill).
// Per 16-deep k step lane l gathers 4 consecutive k of A's row l % 16 (from
// the [k][m] slice) and of each fragment's column l % 16 (from the [k][n]
// slice); after the k loop each accumulator element, rounded to f16, goes to
// row 4 (l / 16) + i of the result tile, and the threads apply the epilogue
// from there as above.
// MFMA-LABEL: gpu.func @main_kernel_0
// MFMA: %[[A:.+]] = memref.view {{.*}} to memref<16x64xf16>
// MFMA: %[[B:.+]] = memref.view {{.*}} to memref<16x64xf16>
// MFMA: %[[C:.+]] = memref.view {{.*}} to memref<64x64xf16>
// MFMA: %[[TID:.+]] = gpu.thread_id x
// MFMA-DAG: %[[WAVE:.+]] = arith.divui %[[TID]], %c64
// MFMA-DAG: %[[LANE:.+]] = arith.remui %[[TID]], %c64
// MFMA: scf.for {{.*}} iter_args(%[[ACC0:[^ ]+]] = %[[ZERO:[^,]+]], %{{[^ ]+}} = %[[ZERO]], %{{[^ ]+}} = %[[ZERO]], %{{[^ ]+}} = %[[ZERO]],
// MFMA-SAME: -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>,
// MFMA: gpu.barrier
// MFMA: %[[ROW0:.+]] = arith.muli %[[WAVE]], %c16
// MFMA: %[[COL:.+]] = arith.remui %[[LANE]], %c16
// MFMA: %[[KG:.+]] = arith.divui %[[LANE]], %c16
// MFMA: %[[K0:.+]] = arith.muli %[[KG]], %c4
// MFMA: %[[AROW:.+]] = arith.addi %[[ROW0]], %[[COL]]
// MFMA: memref.load %[[A]][%[[K0]], %[[AROW]]]
// MFMA: memref.load %[[B]][%[[K0]], %[[COL]]]
// MFMA: %[[FA:.+]] = vector.from_elements {{.*}} : vector<4xf16>
// MFMA: %[[FB:.+]] = vector.from_elements {{.*}} : vector<4xf16>
// MFMA: amdgpu.mfma 16x16x16 %[[FA]] * %[[FB]] + %[[ACC0]] {{.*}} : vector<4xf16>, vector<4xf16>, vector<4xf32>
// MFMA-COUNT-3: amdgpu.mfma 16x16x16 %[[FA]] *
// MFMA: gpu.barrier
// MFMA: scf.yield
// MFMA: vector.extract
// MFMA: arith.truncf {{.*}} : f32 to f16
// MFMA: memref.store {{.*}}, %[[C]]
// MFMA: gpu.barrier
// MFMA: memref.load %[[C]]
// MFMA: arith.maximumf
// MFMA: memref.store %{{.*}} : memref<?x96xf16, strided<[96, 1], offset: ?>>
// MFMA-NOT: subgroup_mma
// MFMA: gpu.return

// Without the option the same kernel is the CUDA-core tiled GEMM.
// PLAIN-LABEL: gpu.func @main_kernel_0
// PLAIN-NOT: subgroup_mma
// PLAIN: gpu.return

#map = affine_map<(d0)[s0] -> (-d0 + s0, 64)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func private @main_kernel_0(%arg0: memref<?x40xf16>, %arg1: memref<40x96xf16>, %arg2: memref<96xf16>, %arg3: index, %arg4: memref<?x96xf16>, %arg5: index, %arg6: index) attributes {llvm.emit_c_interface, meld.kernel = "gemm", meld.rows_per_block = 64 : i64} {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f16
    %dim = memref.dim %arg0, %c0 : memref<?x40xf16>
    %0 = arith.muli %arg5, %c64 : index
    %1 = arith.muli %arg6, %c64 : index
    %2 = arith.minsi %1, %dim : index
    scf.for %arg7 = %0 to %2 step %c64 {
      %3 = affine.min #map(%arg7)[%dim]
      %subview = memref.subview %arg0[%arg7, 0] [%3, 40] [1, 1] : memref<?x40xf16> to memref<?x40xf16, strided<[40, 1], offset: ?>>
      %alloc = memref.alloc(%3) {alignment = 64 : i64} : memref<?x96xf16>
      linalg.fill ins(%cst : f16) outs(%alloc : memref<?x96xf16>)
      linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%subview, %arg1 : memref<?x40xf16, strided<[40, 1], offset: ?>>, memref<40x96xf16>) outs(%alloc : memref<?x96xf16>) {
      ^bb0(%in: f16, %in_5: f16, %out: f16):
        %4 = arith.mulf %in, %in_5 : f16
        %5 = arith.addf %out, %4 fastmath<reassoc> : f16
        linalg.yield %5 : f16
      }
      %subview_4 = memref.subview %arg4[%arg7, 0] [%3, 96] [1, 1] : memref<?x96xf16> to memref<?x96xf16, strided<[96, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg2 : memref<?x96xf16>, memref<96xf16>) outs(%subview_4 : memref<?x96xf16, strided<[96, 1], offset: ?>>) {
      ^bb0(%in: f16, %in_5: f16, %out: f16):
        %4 = arith.addf %in, %in_5 : f16
        %5 = arith.maximumf %4, %cst : f16
        linalg.yield %5 : f16
      }
    }
    return
  }
}
