// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-outline-singletons,meld-split-reductions,meld-fuse-horizontal))' | FileCheck %s
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-outline-singletons,meld-split-reductions{strict-fp=true}))' | FileCheck %s --check-prefix=STRICT
// RUN: not meld-opt %s -pass-pipeline='builtin.module(func.func(meld-split-reductions{max-partials=4}))' -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ERR

// Exact splits (integers, max/min) must not change results, in the
// interpreter too; float sums are reassociated, which unittests/Codegen
// checks within tolerances.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-outline-singletons,meld-split-reductions))' -o %t.mlir
// RUN: meld-run %s --entry tall_int --random-inputs --seed 1 --print-threshold=100000 > %t.int
// RUN: meld-run %t.mlir --entry tall_int --random-inputs --seed 1 --print-threshold=100000 > %t.int.split
// RUN: diff %t.int %t.int.split
// RUN: meld-run %s --entry broadcasts --random-inputs --seed 2 > %t.max
// RUN: meld-run %t.mlir --entry broadcasts --random-inputs --seed 2 > %t.max.split
// RUN: diff %t.max %t.max.split
// RUN: meld-run %s --entry in_loop --random-inputs --seed 3 > %t.loop
// RUN: meld-run %t.mlir --entry in_loop --random-inputs --seed 3 > %t.loop.split
// RUN: diff %t.loop %t.loop.split


// Reductions of many elements into few outputs that cover the leading
// dimension become a partial kernel (marked meld.split_partials, one block
// per chunk in code generation) and a final kernel; the compiler runs the
// pass after the other fusion passes, before horizontal fusion.
// ERR: max-partials at least 8

// An MSE loss: the prologue (sub, mul) is recomputed on 256 chunks of 8
// rows, read through reshapes of the inputs; the final kernel sums the 256
// partials and divides.
// CHECK-LABEL: func.func @mse(
// CHECK-SAME:      %[[P:[^:]+]]: tensor<2048x1024xf32>, %[[T:[^:]+]]: tensor<2048x1024xf32>)
// CHECK-NEXT:    %[[PART:.+]] = meld.kernel reduction(%[[P]], %[[T]]) : (tensor<2048x1024xf32>, tensor<2048x1024xf32>) -> tensor<256xf32> attributes {meld.split_partials} {
// CHECK-NEXT:    ^bb0(%[[A:[^:]+]]: tensor<2048x1024xf32>, %[[B:[^:]+]]: tensor<2048x1024xf32>):
// CHECK-NEXT:      %[[RA:.+]] = meld.reshape %[[A]] : tensor<2048x1024xf32> -> tensor<256x8x1024xf32>
// CHECK-NEXT:      %[[RB:.+]] = meld.reshape %[[B]] : tensor<2048x1024xf32> -> tensor<256x8x1024xf32>
// CHECK-NEXT:      %[[D:.+]] = meld.sub %[[RA]], %[[RB]] : tensor<256x8x1024xf32>
// CHECK-NEXT:      %[[SQ:.+]] = meld.mul %[[D]], %[[D]] : tensor<256x8x1024xf32>
// CHECK-NEXT:      %[[S:.+]] = meld.reduce sum %[[SQ]] dims = [1, 2] : tensor<256x8x1024xf32> -> tensor<256xf32>
// CHECK-NEXT:      meld.yield %[[S]] : tensor<256xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[FIN:.+]] = meld.kernel reduction(%[[PART]]) : (tensor<256xf32>) -> tensor<f32> {
// CHECK-NEXT:    ^bb0(%[[Q:[^:]+]]: tensor<256xf32>):
// CHECK-NEXT:      %[[N:.+]] = meld.constant dense<{{.*}}> : tensor<f32>
// CHECK-NEXT:      %[[T2:.+]] = meld.reduce sum %[[Q]] dims = [0] : tensor<256xf32> -> tensor<f32>
// CHECK-NEXT:      %[[L:.+]] = meld.div %[[T2]], %[[N]] : tensor<f32>
// CHECK-NEXT:      meld.yield %[[L]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[FIN]]
// STRICT-LABEL: func.func @mse(
// STRICT-NOT:    meld.split_partials
// STRICT:        meld.reduce sum %{{.+}} dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
// STRICT-NOT:    meld.kernel
// STRICT:        return
func.func @mse(%p: tensor<2048x1024xf32>, %t: tensor<2048x1024xf32>) -> tensor<f32> {
  %d = meld.sub %p, %t : tensor<2048x1024xf32>
  %sq = meld.mul %d, %d : tensor<2048x1024xf32>
  %s = meld.reduce sum %sq dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
  %n = meld.constant dense<2097152.0> : tensor<f32>
  %l = meld.div %s, %n : tensor<f32>
  return %l : tensor<f32>
}

// A sum over the rows of a tall integer matrix: 256 x 64 partials, also
// with strict floating point (integer sums are exact in any order).
// CHECK-LABEL: func.func @tall_int(
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<65536x64xi32>) -> tensor<256x64xi32> attributes {meld.split_partials}
// CHECK:           meld.reshape %{{.+}} : tensor<65536x64xi32> -> tensor<256x256x64xi32>
// CHECK:           meld.reduce sum %{{.+}} dims = [1] : tensor<256x256x64xi32> -> tensor<256x64xi32>
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<256x64xi32>) -> tensor<64xi32>
// CHECK:           meld.reduce sum %{{.+}} dims = [0] : tensor<256x64xi32> -> tensor<64xi32>
// STRICT-LABEL: func.func @tall_int(
// STRICT:        -> tensor<256x64xi32> attributes {meld.split_partials}
func.func @tall_int(%x: tensor<65536x64xi32>) -> tensor<64xi32> {
  %s = meld.reduce sum %x dims = [0] : tensor<65536x64xi32> -> tensor<64xi32>
  return %s : tensor<64xi32>
}

// A mean of halves: both stages accumulate in f32, the final one divides
// by the element count, rounds to f16 once and restores the kept dims.
// CHECK-LABEL: func.func @mean_f16(
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<2048x1024xf16>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK:           %[[C:.+]] = meld.cast %{{.+}} : tensor<256x8x1024xf16> to tensor<256x8x1024xf32>
// CHECK:           meld.reduce sum %[[C]] dims = [1, 2] : tensor<256x8x1024xf32> -> tensor<256xf32>
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<256xf32>) -> tensor<1x1xf16>
// CHECK:           %[[S:.+]] = meld.reduce sum %{{.+}} dims = [0] : tensor<256xf32> -> tensor<f32>
// CHECK:           %[[N:.+]] = meld.constant dense<{{.+}}> : tensor<f32>
// CHECK:           %[[M:.+]] = meld.div %[[S]], %[[N]] : tensor<f32>
// CHECK:           %[[H:.+]] = meld.cast %[[M]] : tensor<f32> to tensor<f16>
// CHECK:           meld.reshape %[[H]] : tensor<f16> -> tensor<1x1xf16>
func.func @mean_f16(%x: tensor<2048x1024xf16>) -> tensor<1x1xf16> {
  %m = meld.reduce mean %x dims = [0, 1] keep_dims : tensor<2048x1024xf16> -> tensor<1x1xf16>
  return %m : tensor<1x1xf16>
}

// Broadcast operands: a row vector keeps its shape (its dimension moves
// from 1 to 2), a column vector is split like the data.
// CHECK-LABEL: func.func @broadcasts(
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<1024xf32>, tensor<2048xf32>, tensor<2048x1024xf32>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK:           meld.broadcast_in_dim %{{.+}}, dims = [2] : tensor<1024xf32> -> tensor<256x8x1024xf32>
// CHECK:           %[[COL:.+]] = meld.reshape %{{.+}} : tensor<2048xf32> -> tensor<256x8xf32>
// CHECK:           meld.broadcast_in_dim %[[COL]], dims = [0, 1] : tensor<256x8xf32> -> tensor<256x8x1024xf32>
// CHECK:           meld.reduce max %{{.+}} dims = [1, 2] : tensor<256x8x1024xf32> -> tensor<256xf32>
// CHECK:         meld.reduce max %{{.+}} dims = [0] : tensor<256xf32> -> tensor<f32>
// STRICT-LABEL: func.func @broadcasts(
// STRICT:        meld.split_partials
func.func @broadcasts(%x: tensor<2048x1024xf32>, %b: tensor<1024xf32>, %c: tensor<2048xf32>) -> tensor<f32> {
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<1024xf32> -> tensor<2048x1024xf32>
  %cb = meld.broadcast_in_dim %c, dims = [0] : tensor<2048xf32> -> tensor<2048x1024xf32>
  %y = meld.add %x, %bb : tensor<2048x1024xf32>
  %z = meld.mul %y, %cb : tensor<2048x1024xf32>
  %m = meld.reduce max %z dims = [0, 1] : tensor<2048x1024xf32> -> tensor<f32>
  return %m : tensor<f32>
}

// Two reductions of one input: a partial kernel each (never packed into
// one horizontal launch, which would take their grids away), one final
// kernel for both.
// CHECK-LABEL: func.func @siblings(
// CHECK-NOT:     horizontal
// CHECK:         %[[S:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<4096x256xf32>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK:           meld.reduce sum
// CHECK:         %[[M:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<4096x256xf32>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK:           meld.reduce max
// CHECK:         meld.kernel reduction(%[[S]], %[[M]]) : (tensor<256xf32>, tensor<256xf32>) -> tensor<f32>
// CHECK:           meld.reduce sum
// CHECK:           meld.reduce max
// CHECK:           meld.div
func.func @siblings(%x: tensor<4096x256xf32>) -> tensor<f32> {
  %s = meld.reduce sum %x dims = [0, 1] : tensor<4096x256xf32> -> tensor<f32>
  %m = meld.reduce max %x dims = [0, 1] : tensor<4096x256xf32> -> tensor<f32>
  %r = meld.div %s, %m : tensor<f32>
  return %r : tensor<f32>
}

// Inside control flow: the loop condition's reduction is split in place.
// CHECK-LABEL: func.func @in_loop(
// CHECK:         meld.while
// CHECK:           meld.kernel reduction(%{{.+}}) : (tensor<1024x1024xf32>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK:             meld.abs %{{.+}} : tensor<256x4x1024xf32>
// CHECK:           meld.kernel reduction(%{{.+}}) : (tensor<256xf32>) -> tensor<i1>
// CHECK:             meld.compare ge
func.func @in_loop(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %y = meld.while (%x : tensor<1024x1024xf32>) cond {
  ^bb0(%yc: tensor<1024x1024xf32>):
    %a = meld.abs %yc : tensor<1024x1024xf32>
    %m = meld.reduce max %a dims = [0, 1] : tensor<1024x1024xf32> -> tensor<f32>
    %tol = meld.constant dense<0.01> : tensor<f32>
    %go = meld.compare ge, %m, %tol : tensor<f32>
    meld.yield %go : tensor<i1>
  } do {
  ^bb0(%yb: tensor<1024x1024xf32>):
    %half = meld.constant dense<0.5> : tensor<1024x1024xf32>
    %yn = meld.mul %yb, %half : tensor<1024x1024xf32>
    meld.yield %yn : tensor<1024x1024xf32>
  }
  return %y : tensor<1024x1024xf32>
}

// A few very long rows, reduced along the last dimension only: each row
// is cut into chunks of at least 4096 elements, at most 256 partials in
// all. The partial kernel is a row reduction of [R*C, N/C], a view of the
// input; the final kernel views the partials as [R, C] and reduces the
// chunks. 8 rows of 65536: 16 chunks a row, 128 partials.
// CHECK-LABEL: func.func @rows(
// CHECK:         %[[P:.+]] = meld.kernel reduction(%arg0) : (tensor<8x65536xf32>) -> tensor<128xf32> attributes {meld.split_partials}
// CHECK:           %[[V:.+]] = meld.reshape %{{.+}} : tensor<8x65536xf32> -> tensor<128x4096xf32>
// CHECK:           meld.reduce sum %[[V]] dims = [1] : tensor<128x4096xf32> -> tensor<128xf32>
// CHECK:         meld.kernel reduction(%[[P]]) : (tensor<128xf32>) -> tensor<8xf32> {
// CHECK:           %[[B:.+]] = meld.reshape %{{.+}} : tensor<128xf32> -> tensor<8x16xf32>
// CHECK:           meld.reduce sum %[[B]] dims = [1] : tensor<8x16xf32> -> tensor<8xf32>
// STRICT-LABEL: func.func @rows(
// STRICT-NOT:     meld.split_partials
// STRICT:         meld.reduce sum %{{.+}} dims = [1] : tensor<8x65536xf32> -> tensor<8xf32>
func.func @rows(%x: tensor<8x65536xf32>) -> tensor<8xf32> {
  %s = meld.reduce sum %x dims = [1] : tensor<8x65536xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// A row mean of squares of halves (RMS-like): the prologue is recomputed on
// the [256, 4096] view (a scalar broadcast stays one), accumulated in f32;
// the final stage divides by the whole row length and rounds once.
// CHECK-LABEL: func.func @mean_sq_rows(
// CHECK:         meld.kernel reduction(%arg1, %arg0) : (tensor<f16>, tensor<2x2x262144xf16>) -> tensor<256xf32> attributes {meld.split_partials}
// CHECK-NEXT:    ^bb0(%[[S:.+]]: tensor<f16>, %{{.+}}: tensor<2x2x262144xf16>):
// CHECK-NEXT:      %[[H:.+]] = meld.broadcast_in_dim %[[S]], dims = [] : tensor<f16> -> tensor<256x4096xf16>
// CHECK:           %[[X:.+]] = meld.reshape %{{.+}} : tensor<2x2x262144xf16> -> tensor<256x4096xf16>
// CHECK:           %[[Y:.+]] = meld.mul %[[X]], %[[H]] : tensor<256x4096xf16>
// CHECK:           %[[SQ:.+]] = meld.mul %[[Y]], %[[Y]] : tensor<256x4096xf16>
// CHECK:           %[[F:.+]] = meld.cast %[[SQ]] : tensor<256x4096xf16> to tensor<256x4096xf32>
// CHECK:           meld.reduce sum %[[F]] dims = [1] : tensor<256x4096xf32> -> tensor<256xf32>
// CHECK:         meld.kernel reduction(%{{.+}}) : (tensor<256xf32>) -> tensor<2x2x1xf16> {
// CHECK:           meld.reshape %{{.+}} : tensor<256xf32> -> tensor<2x2x64xf32>
// CHECK:           meld.reduce sum %{{.+}} dims = [2] : tensor<2x2x64xf32> -> tensor<2x2xf32>
// CHECK:           meld.constant dense<2.621440e+05> : tensor<2x2xf32>
// CHECK:           meld.div
// CHECK:           meld.cast %{{.+}} : tensor<2x2xf32> to tensor<2x2xf16>
// CHECK:           meld.reshape %{{.+}} : tensor<2x2xf16> -> tensor<2x2x1xf16>
func.func @mean_sq_rows(%x: tensor<2x2x262144xf16>, %h: tensor<f16>) -> tensor<2x2x1xf16> {
  %hb = meld.broadcast_in_dim %h, dims = [] : tensor<f16> -> tensor<2x2x262144xf16>
  %y = meld.mul %x, %hb : tensor<2x2x262144xf16>
  %sq = meld.mul %y, %y : tensor<2x2x262144xf16>
  %m = meld.reduce mean %sq dims = [2] keep_dims : tensor<2x2x262144xf16> -> tensor<2x2x1xf16>
  return %m : tensor<2x2x1xf16>
}

// Kept whole: too small, rows too many to need chunks (a row sum of
// 4096 x 1024 has 4096 row blocks already), a per-row broadcast in a row
// reduction's prologue (rows of the [R*C, N/C] view mix the original
// rows), argmax.
// CHECK-LABEL: func.func @small(
// CHECK-NOT:     meld.split_partials
// CHECK:         meld.reduce sum %{{.+}} dims = [0, 1] : tensor<64x64xf32> -> tensor<f32>
func.func @small(%x: tensor<64x64xf32>) -> tensor<f32> {
  %s = meld.reduce sum %x dims = [0, 1] : tensor<64x64xf32> -> tensor<f32>
  return %s : tensor<f32>
}

// CHECK-LABEL: func.func @many_rows(
// CHECK-NOT:     meld.split_partials
// CHECK:         meld.reduce sum %{{.+}} dims = [1] : tensor<4096x1024xf32> -> tensor<4096xf32>
func.func @many_rows(%x: tensor<4096x1024xf32>) -> tensor<4096xf32> {
  %s = meld.reduce sum %x dims = [1] : tensor<4096x1024xf32> -> tensor<4096xf32>
  return %s : tensor<4096xf32>
}

// CHECK-LABEL: func.func @row_bias(
// CHECK-NOT:     meld.split_partials
// CHECK:         meld.reduce max %{{.+}} dims = [1] : tensor<8x65536xf32> -> tensor<8xf32>
func.func @row_bias(%x: tensor<8x65536xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %bb = meld.broadcast_in_dim %b, dims = [0] : tensor<8xf32> -> tensor<8x65536xf32>
  %y = meld.sub %x, %bb : tensor<8x65536xf32>
  %s = meld.reduce max %y dims = [1] : tensor<8x65536xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// CHECK-LABEL: func.func @argmax(
// CHECK-NOT:     meld.split_partials
// CHECK:         meld.reduce argmax
func.func @argmax(%x: tensor<65536x8xf32>) -> tensor<8xi64> {
  %i = meld.reduce argmax %x dims = [0] : tensor<65536x8xf32> -> tensor<8xi64>
  return %i : tensor<8xi64>
}
