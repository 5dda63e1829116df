// RUN: meld-opt %s --meld-fuse-pointwise --meld-fuse-gemm-epilogue | FileCheck %s
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-gemm-epilogue{max-prologue-ops=5}))' | FileCheck %s --check-prefix=PRO5
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-gemm-epilogue{max-prologue-ops=0}))' | FileCheck %s --check-prefix=PRO0
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-gemm-epilogue{row-view-epilogues=false}))' | FileCheck %s --check-prefix=NOROWS

// Fusion must not change results.
// RUN: meld-opt %s --meld-fuse -o %t.mlir
// RUN: meld-run %s --entry bias_gelu --random-inputs --seed 1 --print-threshold=100000 > %t.a.unfused
// RUN: meld-run %t.mlir --entry bias_gelu --random-inputs --seed 1 --print-threshold=100000 > %t.a.fused
// RUN: diff %t.a.unfused %t.a.fused
// RUN: meld-run %s --entry cast_prologue --random-inputs --seed 2 --print-threshold=100000 > %t.b.unfused
// RUN: meld-run %t.mlir --entry cast_prologue --random-inputs --seed 2 --print-threshold=100000 > %t.b.fused
// RUN: diff %t.b.unfused %t.b.fused
// RUN: meld-run %s --entry batch_scale --random-inputs --seed 3 --print-threshold=100000 > %t.c.unfused
// RUN: meld-run %t.mlir --entry batch_scale --random-inputs --seed 3 --print-threshold=100000 > %t.c.fused
// RUN: diff %t.c.unfused %t.c.fused
// RUN: meld-run %s --entry bias_gelu_views --random-inputs --seed 4 --print-threshold=100000 > %t.d.unfused
// RUN: meld-run %t.mlir --entry bias_gelu_views --random-inputs --seed 4 --print-threshold=100000 > %t.d.fused
// RUN: diff %t.d.unfused %t.d.fused

// Known bug, kept last so that the checks above still run.
// Regression (fixed): epilogues that rearrange the product (see @transposed_epilogue,
// @swapped_halves_epilogue).
// RUN: meld-opt %s --meld-fuse | FileCheck %s --check-prefix=FIXED

//===----------------------------------------------------------------------===//
// Epilogues
//===----------------------------------------------------------------------===//

// Linear layer with bias and GELU: the pointwise group {broadcast, add,
// gelu} is the matmul's epilogue, one gemm kernel in all.
// CHECK-LABEL: func.func @bias_gelu(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>, %[[W:[^:]+]]: tensor<64x32xf32>, %[[B:[^:]+]]: tensor<32xf32>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(%[[X]], %[[W]], %[[B]]) : (tensor<8x64xf32>, tensor<64x32xf32>, tensor<32xf32>) -> tensor<8x32xf32> {
// CHECK-NEXT:    ^bb0(%[[KX:.+]]: tensor<8x64xf32>, %[[KW:.+]]: tensor<64x32xf32>, %[[KB:.+]]: tensor<32xf32>):
// CHECK-NEXT:      %[[Y:.+]] = meld.matmul %[[KX]], %[[KW]]
// CHECK-NEXT:      %[[BB:.+]] = meld.broadcast_in_dim %[[KB]], dims = [1]
// CHECK-NEXT:      %[[A:.+]] = meld.add %[[Y]], %[[BB]]
// CHECK-NEXT:      %[[G:.+]] = meld.gelu %[[A]]
// CHECK-NEXT:      meld.yield %[[G]] : tensor<8x32xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @bias_gelu(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %a = meld.add %y, %bb : tensor<8x32xf32>
  %g = meld.gelu %a : tensor<8x32xf32>
  return %g : tensor<8x32xf32>
}

// Attention scores: a batched product scaled by a splat constant (embedded
// in the kernel).
// PyTorch's linear layer between 3-D activations: the product is viewed
// as [1, 8, 32] for GELU and back as [8, 32]. Reshapes that only add or
// drop unit dims move no element across tiles: one gemm kernel.
// CHECK-LABEL: func.func @bias_gelu_views(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(
// CHECK:           meld.matmul
// CHECK:           meld.reshape {{.*}} -> tensor<1x8x32xf32>
// CHECK:           meld.gelu
// CHECK:           meld.reshape {{.*}} -> tensor<8x32xf32>
// CHECK:           meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @bias_gelu_views(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %a = meld.add %y, %bb : tensor<8x32xf32>
  %v = meld.reshape %a : tensor<8x32xf32> -> tensor<1x8x32xf32>
  %g = meld.gelu %v : tensor<1x8x32xf32>
  %r = meld.reshape %g : tensor<1x8x32xf32> -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// Reshapes that regroup the product's rows and keep its columns (PyTorch's
// [B*S, N] product viewed as [B, S, N] activations) move no element across
// row tiles either: the bias, GELU and the view back fuse, and so does a
// view of the product that is the kernel's result (a language-model head's
// logits). Without row-view-epilogues (code generation for GPUs) the
// epilogue is a kernel of its own.
// CHECK-LABEL: func.func @bias_gelu_row_views(
// CHECK-NEXT:    %[[K:.+]]:2 = meld.kernel gemm(
// CHECK:           meld.matmul
// CHECK:           meld.reshape {{.*}} -> tensor<2x4x32xf32>
// CHECK:           meld.gelu
// CHECK:           meld.reshape {{.*}} -> tensor<8x32xf32>
// CHECK:           meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]#{{[01]}}, %[[K]]#{{[01]}}
// NOROWS-LABEL: func.func @bias_gelu_row_views(
// NOROWS-NEXT:    %[[Y:.+]] = meld.matmul
// NOROWS-NEXT:    meld.kernel pointwise(%{{.+}}, %[[Y]])
func.func @bias_gelu_row_views(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32xf32>) -> (tensor<8x32xf32>, tensor<2x4x32xf32>) {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %a = meld.add %y, %bb : tensor<8x32xf32>
  %v = meld.reshape %a : tensor<8x32xf32> -> tensor<2x4x32xf32>
  %g = meld.gelu %v : tensor<2x4x32xf32>
  %r = meld.reshape %g : tensor<2x4x32xf32> -> tensor<8x32xf32>
  return %r, %g : tensor<8x32xf32>, tensor<2x4x32xf32>
}

// A reshape that splits the columns moves elements across column tiles:
// the epilogue stays a kernel of its own.
// CHECK-LABEL: func.func @column_split_view(
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul
// CHECK-NEXT:    meld.kernel pointwise(%[[Y]])
func.func @column_split_view(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<8x2x16xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %v = meld.reshape %y : tensor<8x32xf32> -> tensor<8x2x16xf32>
  %g = meld.relu %v : tensor<8x2x16xf32>
  return %g : tensor<8x2x16xf32>
}

// CHECK-LABEL: func.func @batch_scale(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(%{{.+}}, %{{.+}}) : (tensor<4x16x32xf32>, tensor<4x16x32xf32>) -> tensor<4x16x16xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      %[[S:.+]] = meld.batch_matmul %{{.+}}, %{{.+}} transpose_rhs
// CHECK-NEXT:      %[[C:.+]] = meld.constant dense<1.250000e-01> : tensor<4x16x16xf32>
// CHECK-NEXT:      %[[R:.+]] = meld.mul %[[S]], %[[C]]
// CHECK-NEXT:      meld.yield %[[R]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @batch_scale(%q: tensor<4x16x32xf32>, %k: tensor<4x16x32xf32>) -> tensor<4x16x16xf32> {
  %s = meld.batch_matmul %q, %k transpose_rhs : tensor<4x16x32xf32>, tensor<4x16x32xf32> -> tensor<4x16x16xf32>
  %c = meld.constant dense<0.125> : tensor<4x16x16xf32>
  %r = meld.mul %s, %c : tensor<4x16x16xf32>
  return %r : tensor<4x16x16xf32>
}

// A residual add of the layer's own input is an epilogue too.
// CHECK-LABEL: func.func @residual(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>, %[[W:[^:]+]]: tensor<64x64xf32>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(%[[X]], %[[W]]) : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32> {
// CHECK-NEXT:    ^bb0(%[[KX:.+]]: tensor<8x64xf32>, %[[KW:.+]]: tensor<64x64xf32>):
// CHECK-NEXT:      %[[Y:.+]] = meld.matmul %[[KX]], %[[KW]]
// CHECK-NEXT:      %[[R:.+]] = meld.add %[[Y]], %[[KX]]
// CHECK-NEXT:      meld.yield %[[R]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @residual(%x: tensor<8x64xf32>, %w: tensor<64x64xf32>) -> tensor<8x64xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x64xf32> -> tensor<8x64xf32>
  %r = meld.add %y, %x : tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// An epilogue whose result is not in the product's shape (a reshape to
// 256 elements) is refused: the matmul stays alone.
// CHECK-LABEL: func.func @epilogue_other_shape(
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul
// CHECK-NEXT:    %[[K:.+]] = meld.kernel pointwise(%[[Y]]) : (tensor<8x32xf32>) -> tensor<256xf32> {
// CHECK-NOT:       meld.matmul
// CHECK:           meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @epilogue_other_shape(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<256xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %r = meld.reshape %y : tensor<8x32xf32> -> tensor<256xf32>
  %e = meld.exp %r : tensor<256xf32>
  return %e : tensor<256xf32>
}

// Regression (fixed): a gemm epilogue is applied to each output tile in registers, so it
// must be elementwise on the product; the kind says so too ("gemm: ... with
// elementwise prologue and epilogue ops"). The policy only compares the
// epilogue's output shape with the product's, so on a square product a
// transpose (output tile (i, j) needs product tile (j, i)) is taken in,
// and so is a slice/concat that swaps halves. Expected: the matmul's kernel
// holds no transpose, slice or concat.
// FIXED-LABEL: func.func @transposed_epilogue(
// FIXED:         meld.kernel gemm
// FIXED-NOT:       meld.transpose
// FIXED:           meld.yield
// FIXED-NEXT:    }
func.func @transposed_epilogue(%x: tensor<16x64xf32>, %w: tensor<64x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %y = meld.matmul %x, %w : tensor<16x64xf32>, tensor<64x16xf32> -> tensor<16x16xf32>
  %t = meld.transpose %y, perm = [1, 0] : tensor<16x16xf32> -> tensor<16x16xf32>
  %z = meld.add %t, %c : tensor<16x16xf32>
  return %z : tensor<16x16xf32>
}
// FIXED-LABEL: func.func @swapped_halves_epilogue(
// FIXED:         meld.kernel gemm
// FIXED-NOT:       meld.concat
// FIXED:           meld.yield
// FIXED-NEXT:    }
func.func @swapped_halves_epilogue(%x: tensor<16x64xf32>, %w: tensor<64x16xf32>) -> tensor<16x16xf32> {
  %y = meld.matmul %x, %w : tensor<16x64xf32>, tensor<64x16xf32> -> tensor<16x16xf32>
  %a = meld.slice %y start = [0, 0] limit = [8, 16] : tensor<16x16xf32> -> tensor<8x16xf32>
  %b = meld.slice %y start = [8, 0] limit = [16, 16] : tensor<16x16xf32> -> tensor<8x16xf32>
  %z = meld.concat %b, %a dim = 0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  return %z : tensor<16x16xf32>
}

// Two matmuls feeding one elementwise group (a gated MLP): the group
// becomes the epilogue of the first matmul; the second stays out (a
// gemm kernel never holds two contractions).
// CHECK-LABEL: func.func @gated(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>, %[[W1:[^:]+]]: tensor<64x32xf32>, %[[W3:[^:]+]]: tensor<64x32xf32>)
// CHECK-NEXT:    %[[B:.+]] = meld.matmul %[[X]], %[[W3]]
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(%[[X]], %[[W1]], %[[B]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.matmul
// CHECK-NEXT:      meld.silu
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @gated(%x: tensor<8x64xf32>, %w1: tensor<64x32xf32>, %w3: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %a = meld.matmul %x, %w1 : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %b = meld.matmul %x, %w3 : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %s = meld.silu %a : tensor<8x32xf32>
  %g = meld.mul %s, %b : tensor<8x32xf32>
  return %g : tensor<8x32xf32>
}

//===----------------------------------------------------------------------===//
// Prologues
//===----------------------------------------------------------------------===//

// An f16 weight converted to f32 for an f32 matmul: the cast is a cheap
// prologue with no other user, so the kernel reads the f16 weight.
// CHECK-LABEL: func.func @cast_prologue(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>, %[[W:[^:]+]]: tensor<64x32xf16>)
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(%[[W]], %[[X]]) : (tensor<64x32xf16>, tensor<8x64xf32>) -> tensor<8x32xf32> {
// CHECK-NEXT:    ^bb0(%[[KW:.+]]: tensor<64x32xf16>, %[[KX:.+]]: tensor<8x64xf32>):
// CHECK-NEXT:      %[[WF:.+]] = meld.cast %[[KW]] : tensor<64x32xf16> to tensor<64x32xf32>
// CHECK-NEXT:      %[[Y:.+]] = meld.matmul %[[KX]], %[[WF]]
// CHECK-NEXT:      meld.yield %[[Y]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @cast_prologue(%x: tensor<8x64xf32>, %w: tensor<64x32xf16>) -> tensor<8x32xf32> {
  %wf = meld.cast %w : tensor<64x32xf16> to tensor<64x32xf32>
  %y = meld.matmul %x, %wf : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// Prologue and epilogue together: dequantize-and-scale on the weight, bias
// after the product.
// CHECK-LABEL: func.func @prologue_and_epilogue(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel gemm(
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.cast
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.matmul
// CHECK-NEXT:      meld.broadcast_in_dim
// CHECK-NEXT:      meld.add
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @prologue_and_epilogue(%x: tensor<8x64xf32>, %w: tensor<64x32xf16>,
                                 %s: tensor<64x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %wf = meld.cast %w : tensor<64x32xf16> to tensor<64x32xf32>
  %ws = meld.mul %wf, %s : tensor<64x32xf32>
  %y = meld.matmul %x, %ws : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %r = meld.add %y, %bb : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// The converted weight is also returned: fusing the cast would recompute it
// per tile and still write it, so it is refused. (The matmul stays alone:
// the pass does not outline singletons.)
// CHECK-LABEL: func.func @prologue_other_user(
// CHECK-NEXT:    %[[WF:.+]] = meld.cast
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul %{{.+}}, %[[WF]]
// CHECK-NEXT:    return %[[Y]], %[[WF]]
func.func @prologue_other_user(%x: tensor<8x64xf32>, %w: tensor<64x32xf16>)
    -> (tensor<8x32xf32>, tensor<64x32xf32>) {
  %wf = meld.cast %w : tensor<64x32xf16> to tensor<64x32xf32>
  %y = meld.matmul %x, %wf : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y, %wf : tensor<8x32xf32>, tensor<64x32xf32>
}

// A five-op prologue: above the default max-prologue-ops=4 it stays a
// pointwise kernel of its own; with max-prologue-ops=5 it fuses.
// CHECK-LABEL: func.func @long_prologue(
// CHECK-NEXT:    %[[P:.+]] = meld.kernel pointwise(
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.cast
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.abs
// CHECK-NEXT:      meld.neg
// CHECK-NEXT:      meld.tanh
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul %{{.+}}, %[[P]]
// CHECK-NEXT:    return %[[Y]]
// PRO5-LABEL: func.func @long_prologue(
// PRO5-NEXT:    %[[K:.+]] = meld.kernel gemm(
// PRO5-NEXT:    ^bb0
// PRO5-NEXT:      meld.cast
// PRO5-NEXT:      meld.mul
// PRO5-NEXT:      meld.abs
// PRO5-NEXT:      meld.neg
// PRO5-NEXT:      meld.tanh
// PRO5-NEXT:      meld.matmul
// PRO5-NEXT:      meld.yield
// PRO5-NEXT:    }
// PRO5-NEXT:    return %[[K]]
func.func @long_prologue(%x: tensor<8x64xf32>, %w: tensor<64x32xf16>, %s: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %wf = meld.cast %w : tensor<64x32xf16> to tensor<64x32xf32>
  %ws = meld.mul %wf, %s : tensor<64x32xf32>
  %wa = meld.abs %ws : tensor<64x32xf32>
  %wn = meld.neg %wa : tensor<64x32xf32>
  %wt = meld.tanh %wn : tensor<64x32xf32>
  %y = meld.matmul %x, %wt : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// max-prologue-ops=0 turns prologues off (the cast stays outside) but keeps
// epilogues.
// PRO0-LABEL: func.func @prologue_and_epilogue(
// PRO0-NEXT:    %[[P:.+]] = meld.kernel pointwise(
// PRO0-NEXT:    ^bb0
// PRO0-NEXT:      meld.cast
// PRO0-NEXT:      meld.mul
// PRO0-NEXT:      meld.yield
// PRO0-NEXT:    }
// PRO0-NEXT:    %[[K:.+]] = meld.kernel gemm(%{{.+}}, %[[P]], %{{.+}})
// PRO0-NEXT:    ^bb0
// PRO0-NEXT:      meld.matmul
// PRO0-NEXT:      meld.broadcast_in_dim
// PRO0-NEXT:      meld.add
// PRO0-NEXT:      meld.yield
// PRO0-NEXT:    }
// PRO0-NEXT:    return %[[K]]

// A transpose is not an elementwise prologue: it stays out.
// CHECK-LABEL: func.func @transpose_operand(
// CHECK-NEXT:    %[[T:.+]] = meld.transpose
// CHECK-NEXT:    %[[Y:.+]] = meld.matmul %{{.+}}, %[[T]]
// CHECK-NEXT:    return %[[Y]]
func.func @transpose_operand(%x: tensor<8x64xf32>, %w: tensor<32x64xf32>) -> tensor<8x32xf32> {
  %t = meld.transpose %w, perm = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  %y = meld.matmul %x, %t : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}
