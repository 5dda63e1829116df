// RUN: meld-opt %s --meld-map-to-gpu | FileCheck %s
// RUN: meld-opt %s --meld-map-to-gpu=emulate=true | FileCheck %s --check-prefix=EMU

// A softmax kernel as meld-compile hands it to meld-map-to-gpu (fused,
// tiled into blocks of 2 rows, bufferized): two row reductions and the
// normalization. It becomes one GPU kernel: a workgroup per block of rows,
// cooperative reductions through gpu.all_reduce, the row statistics in
// workgroup memory, a barrier between ops.

// CHECK: module attributes {gpu.container_module}
// CHECK: gpu.module @meld_kernels
// CHECK: gpu.func @main_kernel_0(%{{.*}}: memref<4x512xf32>, %{{.*}}: memref<4x512xf32>)
// CHECK-SAME: workgroup(%[[WG0:.+]] : memref<16xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}, %[[WG1:.+]] : memref<16xi8, #gpu.address_space<workgroup>> {llvm.align = 32 : i64})
// CHECK-SAME: kernel
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, meld.rows_per_block = 2 : i64
// CHECK: %[[BLOCK:.+]] = gpu.block_id x
// CHECK: arith.muli %[[BLOCK]]
// CHECK: memref.memory_space_cast %[[WG0]]
// CHECK: memref.view
// CHECK: gpu.thread_id x
// CHECK: gpu.barrier
// The row maximum: per-thread partials from -inf, one all-reduce, thread 0
// folds it into the statistic.
// CHECK: %[[NEG_INF:.+]] = arith.constant 0xFF800000 : f32
// CHECK: %[[PARTIAL:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %[[NEG_INF]]) -> (f32)
// CHECK: arith.maximumf %[[ACC]]
// CHECK: gpu.all_reduce %[[PARTIAL]] uniform
// CHECK: arith.maximumf
// CHECK: gpu.yield
// CHECK: gpu.barrier
// CHECK: arith.cmpi eq
// CHECK: scf.if
// CHECK: memref.store
// The sum of exponentials, the same way.
// CHECK: gpu.all_reduce {{.*}} uniform
// CHECK: arith.addf
// The normalization: 4 neighbouring elements per thread, 128-bit accesses,
// the row statistics broadcast from workgroup memory.
// CHECK: vector.load {{.*}} {alignment = 16 : i64} : memref<2x512xf32, {{.*}}>, vector<4xf32>
// CHECK: math.exp {{.*}} : vector<4xf32>
// CHECK: arith.divf {{.*}} : vector<4xf32>
// CHECK: vector.store {{.*}} {alignment = 16 : i64} : memref<2x512xf32, {{.*}}>, vector<4xf32>
// CHECK: gpu.return

// A horizontal kernel: two independent updates, each on a workgroup of its
// own (the bundle launches it with a grid of 2).
// CHECK: gpu.func @two_updates
// CHECK-SAME: meld.gpu_blocks = 2 : i64
// CHECK: %[[BLOCK2:.+]] = gpu.block_id x
// CHECK: %[[IS0:.+]] = arith.cmpi eq, %[[BLOCK2]], %c0
// CHECK: scf.if %[[IS0]]
// CHECK: arith.mulf
// CHECK: %[[IS1:.+]] = arith.cmpi eq, %[[BLOCK2]], %c1
// CHECK: scf.if %[[IS1]]
// CHECK: arith.negf
// CHECK-NOT: func.func

// Two updates reading the same buffers at the same element merge into one
// op, which reads each element of %m once, before either result is
// written (a donated %m may be %om's buffer); the merged update (20000
// elements) takes 5 workgroups, the small one the sixth.
// CHECK: gpu.func @merged_updates
// CHECK-SAME: meld.gpu_blocks = 6 : i64
// CHECK: %[[BLOCK3:.+]] = gpu.block_id x
// CHECK-DAG: arith.cmpi sge, %[[BLOCK3]], %c0
// CHECK-DAG: arith.cmpi slt, %[[BLOCK3]], %c5
// CHECK: scf.if
// CHECK: scf.for
// CHECK-COUNT-3: vector.load
// CHECK-NOT: vector.load
// CHECK: vector.store
// CHECK-NEXT: vector.store
// CHECK: arith.cmpi eq, %[[BLOCK3]], %c5
// CHECK: scf.if
// CHECK: arith.negf
// CHECK-NOT: func.func

// Emulated: the same decomposition as host loops, no GPU ops.
// EMU-LABEL: func.func private @main_kernel_0
// EMU-NOT: gpu.
// EMU: memref.alloca() : memref<256xf32>
// EMU: scf.for %[[BLOCK:.+]] = %{{.*}} to %{{.*}} step
// EMU: scf.for %{{.+}} = %c0{{.*}} to %c256
// EMU: arith.maximumf
// EMU: memref.store {{.*}} : memref<256xf32>
// EMU-NOT: gpu.
// EMU: return

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func private @main_kernel_0(%arg0: memref<4x512xf32>, %arg1: memref<4x512xf32>, %arg2: index, %arg3: index) attributes {llvm.emit_c_interface, meld.kernel = "reduction", meld.rows_per_block = 2 : i64} {
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 0xFF800000 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = arith.muli %arg2, %c2 : index
    %1 = arith.muli %arg3, %c2 : index
    %2 = arith.minsi %1, %c4 : index
    scf.for %arg4 = %0 to %2 step %c2 {
      %subview = memref.subview %arg0[%arg4, 0] [2, 512] [1, 1] : memref<4x512xf32> to memref<2x512xf32, strided<[512, 1], offset: ?>>
      %alloc = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
      %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<2xf32>
      linalg.fill ins(%cst : f32) outs(%alloc_1 : memref<2xf32>)
      linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%subview : memref<2x512xf32, strided<[512, 1], offset: ?>>) outs(%alloc_1 : memref<2xf32>) {
      ^bb0(%in: f32, %out: f32):
        %3 = arith.maximumf %out, %in : f32
        linalg.yield %3 : f32
      }
      linalg.fill ins(%cst_0 : f32) outs(%alloc : memref<2xf32>)
      linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%subview, %alloc_1 : memref<2x512xf32, strided<[512, 1], offset: ?>>, memref<2xf32>) outs(%alloc : memref<2xf32>) {
      ^bb0(%in: f32, %in_3: f32, %out: f32):
        %3 = arith.subf %in, %in_3 : f32
        %4 = math.exp %3 : f32
        %5 = arith.addf %out, %4 fastmath<reassoc> : f32
        linalg.yield %5 : f32
      }
      %subview_2 = memref.subview %arg1[%arg4, 0] [2, 512] [1, 1] : memref<4x512xf32> to memref<2x512xf32, strided<[512, 1], offset: ?>>
      linalg.generic {indexing_maps = [#map, #map1, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%subview, %alloc_1, %alloc : memref<2x512xf32, strided<[512, 1], offset: ?>>, memref<2xf32>, memref<2xf32>) outs(%subview_2 : memref<2x512xf32, strided<[512, 1], offset: ?>>) {
      ^bb0(%in: f32, %in_3: f32, %in_4: f32, %out: f32):
        %3 = arith.subf %in, %in_3 : f32
        %4 = math.exp %3 : f32
        %5 = arith.divf %4, %in_4 : f32
        linalg.yield %5 : f32
      }
    }
    return
  }
  func.func private @two_updates(%a: memref<64xf32>, %b: memref<32xf32>, %oa: memref<64xf32>, %ob: memref<32xf32>, %begin: index, %end: index) attributes {meld.kernel = "horizontal"} {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : memref<64xf32>) outs(%oa : memref<64xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %x : f32
      linalg.yield %y : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : memref<32xf32>) outs(%ob : memref<32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
    return
  }
  func.func private @merged_updates(%g: memref<20000xf32>, %m: memref<20000xf32>, %p: memref<20000xf32>, %b: memref<32xf32>, %om: memref<20000xf32>, %op: memref<20000xf32>, %ob: memref<32xf32>, %begin: index, %end: index) attributes {meld.kernel = "horizontal"} {
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m, %g : memref<20000xf32>, memref<20000xf32>) outs(%om : memref<20000xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%m, %g, %p : memref<20000xf32>, memref<20000xf32>, memref<20000xf32>) outs(%op : memref<20000xf32>) {
    ^bb0(%x: f32, %y: f32, %q: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      %u = arith.mulf %s, %s : f32
      %r = arith.subf %q, %u : f32
      linalg.yield %r : f32
    }
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : memref<32xf32>) outs(%ob : memref<32xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.negf %x : f32
      linalg.yield %y : f32
    }
    return
  }
}
