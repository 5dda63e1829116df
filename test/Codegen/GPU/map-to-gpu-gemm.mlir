// RUN: meld-opt %s --meld-map-to-gpu --canonicalize --cse | FileCheck %s
// RUN: meld-opt %s --meld-map-to-gpu=emulate=true --canonicalize | FileCheck %s --check-prefix=EMU

// A linear layer with a bias + GELU epilogue as meld-compile hands it to
// meld-map-to-gpu (fused, 64-row blocks of a dynamic row count, 40-deep k,
// 96 columns: no size a multiple of its tile). The matmul becomes a tiled
// GEMM: 64x64 output tiles, k slices of 16 staged in workgroup memory by
// all threads between barriers (each slice fetched into registers while
// the one before is multiplied), 16 register accumulators per thread, and
// the epilogue applied to the accumulators before the one store per
// output; the matmul's result is never stored. The kernel is nothing but
// the GEMM, so its 96 columns are split over workgroups too: two per row
// block, workgroup x computing column tile x % 2 of row block x / 2.

// CHECK-LABEL: gpu.func @main_kernel_0
// Only the two staged slices live in workgroup memory (the 64x96
// intermediate is gone).
// CHECK-SAME: workgroup(%[[WA:.+]] : memref<4096xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}, %[[WB:.+]] : memref<4096xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// CHECK-SAME: kernel
// CHECK-SAME: meld.gpu_column_blocks = 2 : i64, meld.rows_per_block = 64 : i64
// CHECK: %[[BLOCK:.+]] = gpu.block_id x
// CHECK: %[[A_CAST:.+]] = memref.memory_space_cast %[[WA]]
// CHECK: %[[A:.+]] = memref.view %[[A_CAST]]{{.*}} to memref<16x64xf32>
// CHECK: %[[B_CAST:.+]] = memref.memory_space_cast %[[WB]]
// CHECK: %[[B:.+]] = memref.view %[[B_CAST]]{{.*}} to memref<16x64xf32>
// CHECK-NOT: memref.alloc
// CHECK: %[[ROW_BLOCK:.+]] = arith.divui %[[BLOCK]], %c2
// CHECK: %[[COLUMN:.+]] = arith.remui %[[BLOCK]], %c2
// CHECK: %[[FIRST_ROW:.+]] = arith.muli %[[ROW_BLOCK]], %c64
// CHECK: scf.for %{{.*}} = %[[FIRST_ROW]] to
// CHECK: %[[N0:.+]] = arith.muli %[[COLUMN]], %c64
// CHECK: %[[TID:.+]] = gpu.thread_id x
// Cooperative staging: thread t fetches elements t, t + 256, t + 512 and
// t + 768 of each 16x64 slice, zero outside the operands; the first slice
// before the k loop.
// CHECK: memref.load %{{.*}} : memref<?x40xf32, strided<[40, 1], offset: ?>>
// CHECK-COUNT-3: memref.load %{{.*}} : memref<?x40xf32, strided<[40, 1], offset: ?>>
// CHECK-COUNT-4: memref.load %{{.*}} : memref<40x96xf32>
// The k loop carries the thread's 4x4 accumulators, from the fill's zero,
// and its share of the next slice.
// CHECK: %[[ACC:.+]]:24 = scf.for %[[K0:.+]] = %{{.*}} to %{{.*}} step %c16 iter_args(%{{.*}} = %[[ZERO:[^,]+]],
// The share goes into workgroup memory ...
// CHECK-COUNT-4: memref.store %{{.*}}, %[[A]]
// CHECK-COUNT-4: memref.store %{{.*}}, %[[B]]
// CHECK: gpu.barrier
// ... and the next slice is fetched before the outer products, so its
// loads are in flight while they run.
// CHECK: arith.addi %[[K0]], %c16
// CHECK-COUNT-4: memref.load %{{.*}} : memref<?x40xf32, strided<[40, 1], offset: ?>>
// CHECK-COUNT-4: memref.load %{{.*}} : memref<40x96xf32>
// Outer products from workgroup memory into the accumulators.
// CHECK: scf.for {{.*}} iter_args
// CHECK: memref.load %[[A]]
// CHECK: memref.load %[[B]]
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: scf.yield
// The epilogue on each accumulator (bias load, GELU), then its only store.
// CHECK: scf.if
// CHECK: %[[BIAS:.+]] = memref.load %{{.*}} : memref<96xf32>
// CHECK: arith.addf %[[ACC]]#0, %[[BIAS]]
// CHECK: math.tanh
// CHECK: memref.store %{{.*}} : memref<?x96xf32, strided<[96, 1], offset: ?>>
// CHECK-COUNT-15: memref.store %{{.*}} : memref<?x96xf32, strided<[96, 1], offset: ?>>
// CHECK-NOT: memref.store
// CHECK-NOT: linalg.
// CHECK: gpu.barrier
// CHECK: gpu.return

// A contraction whose body reads loop indices (a causal mask) is not tiled:
// it stays output-parallel, one thread per output with its own k loop, and
// takes no workgroup memory.
// CHECK-LABEL: gpu.func @masked
// CHECK-NOT: workgroup(
// CHECK: %[[T:.+]] = gpu.thread_id x
// CHECK: scf.for %{{.*}} = %[[T]] to %c1024 step %c256
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: linalg.index
// CHECK: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// Emulated: the staged slices and every thread's accumulators are stack
// buffers; the phases are loops over the 256 thread ids.
// EMU-LABEL: func.func private @main_kernel_0
// EMU-NOT: gpu.
// EMU-DAG: memref.alloca() : memref<16x64xf32>
// EMU-DAG: memref.alloca() : memref<16x64xf32>
// EMU-DAG: %[[ACCS:.+]] = memref.alloca() : memref<256x16xf32>
// EMU: scf.for
// EMU: scf.for %{{.+}} = %c0{{.*}} to %c256
// EMU: memref.store %{{.*}}, %[[ACCS]]
// EMU: math.tanh
// EMU-NOT: gpu.
// EMU: return

#map = affine_map<(d0)[s0] -> (-d0 + s0, 64)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
module {
  func.func private @main_kernel_0(%arg0: memref<?x40xf32>, %arg1: memref<40x96xf32>, %arg2: memref<96xf32>, %arg3: index, %arg4: memref<?x96xf32>, %arg5: index, %arg6: index) attributes {llvm.emit_c_interface, meld.kernel = "gemm", meld.rows_per_block = 64 : i64} {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 5.000000e-01 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 4.471500e-02 : f32
    %cst_3 = arith.constant 0.797884583 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x40xf32>
    %0 = arith.muli %arg5, %c64 : index
    %1 = arith.muli %arg6, %c64 : index
    %2 = arith.minsi %1, %dim : index
    scf.for %arg7 = %0 to %2 step %c64 {
      %3 = affine.min #map(%arg7)[%dim]
      %subview = memref.subview %arg0[%arg7, 0] [%3, 40] [1, 1] : memref<?x40xf32> to memref<?x40xf32, strided<[40, 1], offset: ?>>
      %alloc = memref.alloc(%3) {alignment = 64 : i64} : memref<?x96xf32>
      linalg.fill ins(%cst : f32) outs(%alloc : memref<?x96xf32>)
      linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%subview, %arg1 : memref<?x40xf32, strided<[40, 1], offset: ?>>, memref<40x96xf32>) outs(%alloc : memref<?x96xf32>) {
      ^bb0(%in: f32, %in_5: f32, %out: f32):
        %4 = arith.mulf %in, %in_5 : f32
        %5 = arith.addf %out, %4 fastmath<reassoc> : f32
        linalg.yield %5 : f32
      }
      %subview_4 = memref.subview %arg4[%arg7, 0] [%3, 96] [1, 1] : memref<?x96xf32> to memref<?x96xf32, strided<[96, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%alloc, %arg2 : memref<?x96xf32>, memref<96xf32>) outs(%subview_4 : memref<?x96xf32, strided<[96, 1], offset: ?>>) {
      ^bb0(%in: f32, %in_5: f32, %out: f32):
        %4 = arith.addf %in, %in_5 : f32
        %5 = arith.mulf %4, %4 : f32
        %6 = arith.mulf %5, %4 : f32
        %7 = arith.mulf %6, %cst_2 : f32
        %8 = arith.addf %4, %7 : f32
        %9 = arith.mulf %8, %cst_3 : f32
        %10 = math.tanh %9 : f32
        %11 = arith.mulf %4, %cst_0 : f32
        %12 = arith.addf %10, %cst_1 : f32
        %13 = arith.mulf %11, %12 : f32
        linalg.yield %13 : f32
      }
    }
    return
  }
  func.func private @masked(%a: memref<32x16xf32>, %b: memref<16x32xf32>, %c: memref<32x32xf32>, %begin: index, %end: index) attributes {meld.kernel = "gemm"} {
    linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<32x16xf32>, memref<16x32xf32>) outs(%c : memref<32x32xf32>) {
    ^bb0(%x: f32, %y: f32, %acc: f32):
      %k = linalg.index 2 : index
      %n = linalg.index 1 : index
      %keep = arith.cmpi ule, %k, %n : index
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %acc, %p : f32
      %r = arith.select %keep, %s, %acc : f32
      linalg.yield %r : f32
    }
    return
  }
}
