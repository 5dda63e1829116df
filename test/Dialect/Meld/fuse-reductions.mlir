// RUN: meld-opt %s --meld-fuse-pointwise --meld-fuse-reductions | FileCheck %s
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise{max-persistent-row=16},meld-fuse-reductions{max-persistent-row=16}))' | FileCheck %s --check-prefix=ROW16
// RUN: meld-opt %s --meld-fuse | FileCheck %s --check-prefix=FULL

// Fusion must not change results (softmax and LayerNorm in both forms, the
// non-trailing reduction).
// RUN: meld-opt %s --meld-fuse -o %t.default.mlir
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise{max-persistent-row=16},meld-fuse-reductions{max-persistent-row=16},meld-outline-singletons))' -o %t.row16.mlir
// RUN: meld-run %s --entry softmax --random-inputs --seed 1 --print-threshold=100000 > %t.softmax
// RUN: meld-run %t.default.mlir --entry softmax --random-inputs --seed 1 --print-threshold=100000 > %t.softmax.default
// RUN: meld-run %t.row16.mlir --entry softmax --random-inputs --seed 1 --print-threshold=100000 > %t.softmax.row16
// RUN: diff %t.softmax %t.softmax.default
// RUN: diff %t.softmax %t.softmax.row16
// RUN: meld-run %s --entry layernorm --random-inputs --seed 2 --print-threshold=100000 > %t.ln
// RUN: meld-run %t.default.mlir --entry layernorm --random-inputs --seed 2 --print-threshold=100000 > %t.ln.default
// RUN: meld-run %t.row16.mlir --entry layernorm --random-inputs --seed 2 --print-threshold=100000 > %t.ln.row16
// RUN: diff %t.ln %t.ln.default
// RUN: diff %t.ln %t.ln.row16
// RUN: meld-run %s --entry softmax_cols --random-inputs --seed 3 --print-threshold=100000 > %t.cols
// RUN: meld-run %t.default.mlir --entry softmax_cols --random-inputs --seed 3 --print-threshold=100000 > %t.cols.default
// RUN: diff %t.cols %t.cols.default

// Known bugs, kept last so that the checks above still run (one label per
// function, so FileCheck reports each).
// Regression (fixed): independent reductions over the same rows are not merged (see
// @sibling_reductions); a persistent-row kernel takes a transpose that
// reads other rows (see @row_then_transpose).
// RUN: meld-opt %s --meld-fuse | FileCheck %s --check-prefix=FIXED

//===----------------------------------------------------------------------===//
// Prologues and reduced-space epilogues
//===----------------------------------------------------------------------===//

// RMSNorm statistics: the x * x prologue and the epilogue in the reduced
// shape (/ n, + eps, rsqrt) join the sum. Nothing in the full row shape
// leaves the kernel, so this is one kernel even when rows (64) exceed
// max-persistent-row=16.
// CHECK-LABEL: func.func @rms_stats(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<16x64xf32>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%[[X]]) : (tensor<16x64xf32>) -> tensor<16xf32> {
// CHECK-NEXT:    ^bb0(%[[A:.+]]: tensor<16x64xf32>):
// CHECK-NEXT:      %[[SQ:.+]] = meld.mul %[[A]], %[[A]]
// CHECK-NEXT:      %[[S:.+]] = meld.reduce sum %[[SQ]] dims = [1]
// CHECK-NEXT:      %[[N:.+]] = meld.constant dense<6.400000e+01> : tensor<16xf32>
// CHECK-NEXT:      %[[M:.+]] = meld.div %[[S]], %[[N]]
// CHECK-NEXT:      %[[EPS:.+]] = meld.constant dense<9.99999997E-7> : tensor<16xf32>
// CHECK-NEXT:      %[[ME:.+]] = meld.add %[[M]], %[[EPS]]
// CHECK-NEXT:      %[[R:.+]] = meld.rsqrt %[[ME]]
// CHECK-NEXT:      meld.yield %[[R]] : tensor<16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
// ROW16-LABEL: func.func @rms_stats(
// ROW16-NEXT:    %[[K:.+]] = meld.kernel reduction
// ROW16-NEXT:    ^bb0
// ROW16-NEXT:      meld.mul
// ROW16-NEXT:      meld.reduce sum
// ROW16:           meld.rsqrt
// ROW16-NEXT:      meld.yield
// ROW16-NEXT:    }
// ROW16-NEXT:    return %[[K]]
func.func @rms_stats(%x: tensor<16x64xf32>) -> tensor<16xf32> {
  %sq = meld.mul %x, %x : tensor<16x64xf32>
  %s = meld.reduce sum %sq dims = [1] : tensor<16x64xf32> -> tensor<16xf32>
  %n = meld.constant dense<64.0> : tensor<16xf32>
  %m = meld.div %s, %n : tensor<16xf32>
  %eps = meld.constant dense<1.0e-06> : tensor<16xf32>
  %me = meld.add %m, %eps : tensor<16xf32>
  %r = meld.rsqrt %me : tensor<16xf32>
  return %r : tensor<16xf32>
}

//===----------------------------------------------------------------------===//
// Persistent rows: softmax and LayerNorm
//===----------------------------------------------------------------------===//

// Softmax over rows of 64. By default a row fits one block: both
// reductions, the row-wise sub/exp between them and the final div are one
// kernel with one result.
// CHECK-LABEL: func.func @softmax(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%[[X]]) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce max
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.sub
// CHECK-NEXT:      meld.exp
// CHECK-NEXT:      meld.reduce sum
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.div
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
// With max-persistent-row=16 the 64-element rows do not fit: two kernels,
// the reductions with their prologue (writing exp and the sums), then the
// row-wise division.
// ROW16-LABEL: func.func @softmax(
// ROW16-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>)
// ROW16-NEXT:    %[[R:.+]]:2 = meld.kernel reduction(%[[X]]) : (tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x1xf32>) {
// ROW16-NEXT:    ^bb0
// ROW16-NEXT:      meld.reduce max
// ROW16-NEXT:      meld.broadcast_in_dim
// ROW16-NEXT:      meld.sub
// ROW16-NEXT:      meld.exp
// ROW16-NEXT:      meld.reduce sum
// ROW16-NEXT:      meld.yield
// ROW16-NEXT:    }
// ROW16-NEXT:    %[[P:.+]] = meld.kernel pointwise(%[[R]]#1, %[[R]]#0) : (tensor<8x1xf32>, tensor<8x64xf32>) -> tensor<8x64xf32> {
// ROW16-NEXT:    ^bb0
// ROW16-NEXT:      meld.broadcast_in_dim
// ROW16-NEXT:      meld.div
// ROW16-NEXT:      meld.yield
// ROW16-NEXT:    }
// ROW16-NEXT:    return %[[P]]
func.func @softmax(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<8x64xf32> -> tensor<8x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<8x1xf32> -> tensor<8x64xf32>
  %shifted = meld.sub %x, %maxb : tensor<8x64xf32>
  %e = meld.exp %shifted : tensor<8x64xf32>
  %sum = meld.reduce sum %e dims = [1] keep_dims : tensor<8x64xf32> -> tensor<8x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1] : tensor<8x1xf32> -> tensor<8x64xf32>
  %y = meld.div %e, %sumb : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// LayerNorm (mean, variance, normalize, scale, shift): one kernel of 15 ops
// by default, reading x, gamma and beta.
// CHECK-LABEL: func.func @layernorm(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<16x64xf32>, %[[G:[^:]+]]: tensor<64xf32>, %[[B:[^:]+]]: tensor<64xf32>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%[[X]], %[[G]], %[[B]]) : (tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<16x64xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce mean
// CHECK:           meld.reduce mean
// CHECK:           meld.rsqrt
// CHECK:           meld.add
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
// Rows of 64 > 16: the two means with their prologue (x - mean, squared)
// form one kernel writing the two 16x1 statistics; the normalization
// (recomputing x - mean) is a second, pointwise kernel.
// ROW16-LABEL: func.func @layernorm(
// ROW16-SAME:      %[[X:[^:]+]]: tensor<16x64xf32>, %[[G:[^:]+]]: tensor<64xf32>, %[[B:[^:]+]]: tensor<64xf32>)
// ROW16-NEXT:    %[[R:.+]]:2 = meld.kernel reduction(%[[X]]) : (tensor<16x64xf32>) -> (tensor<16x1xf32>, tensor<16x1xf32>) {
// ROW16-NEXT:    ^bb0
// ROW16-NEXT:      meld.reduce mean
// ROW16-NEXT:      meld.broadcast_in_dim
// ROW16-NEXT:      meld.sub
// ROW16-NEXT:      meld.mul
// ROW16-NEXT:      meld.reduce mean
// ROW16-NEXT:      meld.yield
// ROW16-NEXT:    }
// ROW16-NEXT:    %[[P:.+]] = meld.kernel pointwise(
// ROW16-NOT:       meld.reduce
// ROW16:           meld.rsqrt
// ROW16-NOT:       meld.reduce
// ROW16:           meld.yield
// ROW16-NEXT:    }
// ROW16-NEXT:    return %[[P]]
func.func @layernorm(%x: tensor<16x64xf32>, %gamma: tensor<64xf32>,
                     %beta: tensor<64xf32>) -> tensor<16x64xf32> {
  %mean = meld.reduce mean %x dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %meanb = meld.broadcast_in_dim %mean, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %xc = meld.sub %x, %meanb : tensor<16x64xf32>
  %sq = meld.mul %xc, %xc : tensor<16x64xf32>
  %var = meld.reduce mean %sq dims = [1] keep_dims : tensor<16x64xf32> -> tensor<16x1xf32>
  %eps = meld.constant dense<1.0e-05> : tensor<16x1xf32>
  %vare = meld.add %var, %eps : tensor<16x1xf32>
  %rstd = meld.rsqrt %vare : tensor<16x1xf32>
  %rstdb = meld.broadcast_in_dim %rstd, dims = [0, 1] : tensor<16x1xf32> -> tensor<16x64xf32>
  %xn = meld.mul %xc, %rstdb : tensor<16x64xf32>
  %g = meld.broadcast_in_dim %gamma, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %b = meld.broadcast_in_dim %beta, dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %scaled = meld.mul %xn, %g : tensor<16x64xf32>
  %y = meld.add %scaled, %b : tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}

// Softmax over columns (dims = [0]): the reduced dimension is not the
// trailing one, so no persistent row even with the default limit; two
// kernels as in the ROW16 softmax.
// CHECK-LABEL: func.func @softmax_cols(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<64x8xf32>)
// CHECK-NEXT:    %[[R:.+]]:2 = meld.kernel reduction(%[[X]]) : (tensor<64x8xf32>) -> (tensor<64x8xf32>, tensor<1x8xf32>) {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce max %{{.+}} dims = [0]
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.sub
// CHECK-NEXT:      meld.exp
// CHECK-NEXT:      meld.reduce sum %{{.+}} dims = [0]
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[P:.+]] = meld.kernel pointwise(%[[R]]#1, %[[R]]#0) : (tensor<1x8xf32>, tensor<64x8xf32>) -> tensor<64x8xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.div
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[P]]
func.func @softmax_cols(%x: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %max = meld.reduce max %x dims = [0] keep_dims : tensor<64x8xf32> -> tensor<1x8xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<1x8xf32> -> tensor<64x8xf32>
  %shifted = meld.sub %x, %maxb : tensor<64x8xf32>
  %e = meld.exp %shifted : tensor<64x8xf32>
  %sum = meld.reduce sum %e dims = [0] keep_dims : tensor<64x8xf32> -> tensor<1x8xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1] : tensor<1x8xf32> -> tensor<64x8xf32>
  %y = meld.div %e, %sumb : tensor<64x8xf32>
  return %y : tensor<64x8xf32>
}

//===----------------------------------------------------------------------===//
// Reductions over different rows
//===----------------------------------------------------------------------===//

// Row sums of x, then the max of exp of those sums: the second reduction's
// rows are the first one's results, so they stay in separate groups (the
// exp joins the second as its prologue; the first reduce stays alone).
// CHECK-LABEL: func.func @different_rows(
// CHECK-NEXT:    %[[S:.+]] = meld.reduce sum %{{.+}} dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%[[S]]) : (tensor<8xf32>) -> tensor<f32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.exp
// CHECK-NEXT:      meld.reduce max
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @different_rows(%x: tensor<8x64xf32>) -> tensor<f32> {
  %r = meld.reduce sum %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  %e = meld.exp %r : tensor<8xf32>
  %t = meld.reduce max %e dims = [0] : tensor<8xf32> -> tensor<f32>
  return %t : tensor<f32>
}

// Row and column sums of the same x, with a reduced-space epilogue each:
// different rows, two kernels.
// CHECK-LABEL: func.func @rows_and_columns(
// CHECK-NEXT:    %[[R:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<8x64xf32>) -> tensor<8xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce sum %{{.+}} dims = [1]
// CHECK-NEXT:      meld.neg
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[C:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<8x64xf32>) -> tensor<64xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce sum %{{.+}} dims = [0]
// CHECK-NEXT:      meld.abs
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]], %[[C]]
func.func @rows_and_columns(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<64xf32>) {
  %r = meld.reduce sum %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  %rn = meld.neg %r : tensor<8xf32>
  %c = meld.reduce sum %x dims = [0] : tensor<8x64xf32> -> tensor<64xf32>
  %ca = meld.abs %c : tensor<64xf32>
  return %rn, %ca : tensor<8xf32>, tensor<64xf32>
}

// LayerNorm statistics computed as E[x^2] - E[x]^2: the two means are over
// the same rows and meet in the variance, so they share one kernel.
// CHECK-LABEL: func.func @sibling_stats(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<8x64xf32>) -> tensor<8xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce mean
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.reduce mean
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.sub
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @sibling_stats(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  %m = meld.reduce mean %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  %sq = meld.mul %x, %x : tensor<8x64xf32>
  %m2 = meld.reduce mean %sq dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  %mm = meld.mul %m, %m : tensor<8xf32>
  %v = meld.sub %m2, %mm : tensor<8xf32>
  return %v : tensor<8xf32>
}

// Regression (fixed): the pass promises to merge "the other reductions over the same
// rows", but two reductions over the same rows of the same x with no common
// consumer stay apart (the driver only merges along producer/consumer
// edges), so x is read by two kernels (meld-fuse then packs them into a
// horizontal launch, whose sub-kernels still each read x). Expected: one
// reduction kernel with two results.
// FIXED-LABEL: func.func @sibling_reductions(
// FIXED-NEXT:    %[[K:.+]]:2 = meld.kernel reduction(%{{.+}}) : (tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
// FIXED-NEXT:    ^bb0
// FIXED-NEXT:      meld.reduce sum
// FIXED-NEXT:      meld.reduce max
// FIXED-NEXT:      meld.yield
// FIXED-NEXT:    }
// FIXED-NEXT:    return %[[K]]#0, %[[K]]#1
func.func @sibling_reductions(%x: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %s = meld.reduce sum %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  %m = meld.reduce max %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  return %s, %m : tensor<8xf32>, tensor<8xf32>
}

// Regression (fixed): a persistent-row kernel holds whole rows, so its row-wise epilogue
// must only combine elements of one row. Here rows are 64 long and x is
// 64x64: the transpose of x - max has the row shape, so the shape-based
// check lets it into the reduction kernel, though output row i needs
// element i of every row (every row's max). Expected: the transpose is not
// in the reduction kernel.
// FIXED-LABEL: func.func @row_then_transpose(
// FIXED:         meld.kernel reduction
// FIXED-NOT:       meld.transpose
// FIXED:           meld.yield
// FIXED-NEXT:    }
func.func @row_then_transpose(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<64x64xf32> -> tensor<64x1xf32>
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<64x1xf32> -> tensor<64x64xf32>
  %s = meld.sub %x, %maxb : tensor<64x64xf32>
  %t = meld.transpose %s, perm = [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  return %t : tensor<64x64xf32>
}

//===----------------------------------------------------------------------===//
// Contractions stay apart
//===----------------------------------------------------------------------===//

// A reduction of a matmul result: the reductions pass leaves both alone,
// and after the whole pipeline they are two kernels, gemm and reduction.
// CHECK-LABEL: func.func @gemm_then_reduce(
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul
// CHECK-NEXT:    %[[S:.+]] = meld.reduce sum %[[Y]]
// CHECK-NEXT:    return %[[S]]
// FULL-LABEL: func.func @gemm_then_reduce(
// FULL-NEXT:    %[[G:.+]] = meld.kernel gemm(
// FULL-NEXT:    ^bb0
// FULL-NEXT:      meld.matmul
// FULL-NEXT:      meld.yield
// FULL-NEXT:    }
// FULL-NEXT:    %[[R:.+]] = meld.kernel reduction(%[[G]])
// FULL-NEXT:    ^bb0
// FULL-NEXT:      meld.reduce sum
// FULL-NEXT:      meld.yield
// FULL-NEXT:    }
// FULL-NEXT:    return %[[R]]
func.func @gemm_then_reduce(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<8xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %s = meld.reduce sum %y dims = [1] : tensor<8x32xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// The elementwise op between them may join the reduction as its prologue,
// but the matmul never does.
// CHECK-LABEL: func.func @gemm_exp_reduce(
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%[[Y]]) : (tensor<8x32xf32>) -> tensor<8xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.exp
// CHECK-NEXT:      meld.reduce sum
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @gemm_exp_reduce(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<8xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %e = meld.exp %y : tensor<8x32xf32>
  %s = meld.reduce sum %e dims = [1] : tensor<8x32xf32> -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// A reduction feeding a matmul: the row-wise epilogue joins the reduction,
// the matmul stays out, also after the whole pipeline.
// CHECK-LABEL: func.func @reduce_then_gemm(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel reduction(%{{.+}}) : (tensor<8x64xf32>) -> tensor<8x64xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce max
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.sub
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul %[[K]]
// CHECK-NEXT:    return %[[Y]]
// FULL-LABEL: func.func @reduce_then_gemm(
// FULL-NEXT:    %[[K:.+]] = meld.kernel reduction(
// FULL-NOT:       meld.matmul
// FULL:         meld.kernel gemm(%[[K]],
// FULL-NEXT:    ^bb0
// FULL-NEXT:      meld.matmul
// FULL-NEXT:      meld.yield
func.func @reduce_then_gemm(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %m = meld.reduce max %x dims = [1] keep_dims : tensor<8x64xf32> -> tensor<8x1xf32>
  %mb = meld.broadcast_in_dim %m, dims = [0, 1] : tensor<8x1xf32> -> tensor<8x64xf32>
  %d = meld.sub %x, %mb : tensor<8x64xf32>
  %y = meld.matmul %d, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
