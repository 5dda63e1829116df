// RUN: meld-opt %s --meld-outline-singletons --meld-fuse-horizontal | FileCheck %s
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-outline-singletons,meld-fuse-horizontal{max-horizontal-kernels=2}))' | FileCheck %s --check-prefix=MAX2
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-outline-singletons,meld-fuse-horizontal{max-kernel-param-bytes=64}))' | FileCheck %s --check-prefix=PARAM64
// RUN: not meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-horizontal{max-horizontal-kernels=0}))' -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ERR

// Packing must not change results.
// RUN: meld-opt %s --meld-outline-singletons --meld-fuse-horizontal -o %t.mlir
// RUN: meld-run %s --entry shared_input --random-inputs --seed 1 --print-threshold=100000 > %t.a.unfused
// RUN: meld-run %t.mlir --entry shared_input --random-inputs --seed 1 --print-threshold=100000 > %t.a.fused
// RUN: diff %t.a.unfused %t.a.fused
// RUN: meld-run %s --entry partly_dependent --random-inputs --seed 2 --print-threshold=100000 > %t.b.unfused
// RUN: meld-run %t.mlir --entry partly_dependent --random-inputs --seed 2 --print-threshold=100000 > %t.b.fused
// RUN: diff %t.b.unfused %t.b.fused

// Every compute op is first a kernel of its own (meld-outline-singletons);
// the horizontal pass then packs independent ones.

// Three independent kernels of three kinds read the same x: one horizontal
// launch with three sub-kernels and three results.
// CHECK-LABEL: func.func @shared_input(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>)
// CHECK-NEXT:    %[[H:.+]]:3 = meld.kernel horizontal(%[[X]]) : (tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>, tensor<8xf32>) {
// CHECK-NEXT:    ^bb0(%[[HX:.+]]: tensor<8x64xf32>):
// CHECK-NEXT:      %[[A:.+]] = meld.kernel pointwise(%[[HX]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.exp
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[B:.+]] = meld.kernel pointwise(%[[HX]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.tanh
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[C:.+]] = meld.kernel reduction(%[[HX]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.reduce sum
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[A]], %[[B]], %[[C]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[H]]#0, %[[H]]#1, %[[H]]#2
func.func @shared_input(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>, tensor<8xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %b = meld.tanh %x : tensor<8x64xf32>
  %c = meld.reduce sum %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  return %a, %b, %c : tensor<8x64xf32>, tensor<8x64xf32>, tensor<8xf32>
}

// A kernel and the one reading its result are never packed together.
// CHECK-LABEL: func.func @dependent(
// CHECK-NOT:     horizontal
// CHECK:         %[[A:.+]] = meld.kernel pointwise
// CHECK:         meld.kernel reduction(%[[A]])
// CHECK-NOT:     horizontal
// CHECK:         return
func.func @dependent(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %c = meld.reduce sum %a dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  return %a, %c : tensor<8x64xf32>, tensor<8xf32>
}

// exp and tanh of x are independent and packed; the reduction of exp's
// result runs after the horizontal launch.
// CHECK-LABEL: func.func @partly_dependent(
// CHECK-NEXT:    %[[H:.+]]:2 = meld.kernel horizontal(
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.kernel pointwise
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.exp
// CHECK:           meld.kernel pointwise
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.tanh
// CHECK:           meld.yield %{{.+}}, %{{.+}} : tensor<8x64xf32>, tensor<8x64xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.+]] = meld.kernel reduction(%[[H]]#0)
// CHECK:         return %[[H]]#1, %[[R]]
func.func @partly_dependent(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %b = meld.tanh %x : tensor<8x64xf32>
  %c = meld.reduce sum %a dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  return %b, %c : tensor<8x64xf32>, tensor<8xf32>
}

// Independent flat pointwise kernels (elementwise ops over one static
// shape), sharing neither an input nor a result shape: packed, like an
// optimizer step's updates of parameters of many sizes.
// CHECK-LABEL: func.func @unrelated(
// CHECK-NEXT:    meld.kernel horizontal
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel pointwise
// CHECK:         return
func.func @unrelated(%x: tensor<8x64xf32>, %y: tensor<16xf32>) -> (tensor<8x64xf32>, tensor<16xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %b = meld.exp %y : tensor<16xf32>
  return %a, %b : tensor<8x64xf32>, tensor<16xf32>
}

// Independent, sharing neither an input nor a result shape, and one of them
// moves data (a transpose): not packed.
// CHECK-LABEL: func.func @unrelated_moves(
// CHECK-NOT:     horizontal
// CHECK:         meld.kernel pointwise
// CHECK:         meld.kernel pointwise
// CHECK-NOT:     horizontal
// CHECK:         return
func.func @unrelated_moves(%x: tensor<8x64xf32>, %y: tensor<16x4xf32>) -> (tensor<8x64xf32>, tensor<4x16xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %t = meld.transpose %y, perm = [1, 0] : tensor<16x4xf32> -> tensor<4x16xf32>
  %b = meld.exp %t : tensor<4x16xf32>
  return %a, %b : tensor<8x64xf32>, tensor<4x16xf32>
}

// No shared input but the same iteration space (a foreach-style update):
// packed.
// CHECK-LABEL: func.func @same_space(
// CHECK-NEXT:    %[[H:.+]]:2 = meld.kernel horizontal(%{{.+}}, %{{.+}}) : (tensor<16xf32>, tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK:         return %[[H]]#0, %[[H]]#1
func.func @same_space(%x: tensor<16xf32>, %y: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %a = meld.exp %x : tensor<16xf32>
  %b = meld.neg %y : tensor<16xf32>
  return %a, %b : tensor<16xf32>, tensor<16xf32>
}

// Kernels inside a meld.if region are packed there, not with the kernel
// outside (which shares x too); a lone kernel in the other region stays
// as it is.
// CHECK-LABEL: func.func @in_region(
// CHECK-NEXT:    %[[O:.+]] = meld.kernel pointwise
// CHECK-NOT:     horizontal
// CHECK:         meld.if
// CHECK-NEXT:      %[[H:.+]]:2 = meld.kernel horizontal(
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.kernel pointwise
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:          meld.exp
// CHECK:             meld.kernel pointwise
// CHECK-NEXT:        ^bb0
// CHECK-NEXT:          meld.tanh
// CHECK:           %[[S:.+]] = meld.kernel pointwise(%[[H]]#0, %[[H]]#1)
// CHECK:           meld.yield %[[S]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[N:.+]] = meld.kernel pointwise(
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.neg
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[N]]
// CHECK-NEXT:    }
func.func @in_region(%p: tensor<i1>, %x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %o = meld.abs %x : tensor<16xf32>
  %r = meld.if %p -> (tensor<16xf32>) {
    %a = meld.exp %x : tensor<16xf32>
    %b = meld.tanh %x : tensor<16xf32>
    %s = meld.add %a, %b : tensor<16xf32>
    meld.yield %s : tensor<16xf32>
  } else {
    %n = meld.neg %x : tensor<16xf32>
    meld.yield %n : tensor<16xf32>
  }
  return %o, %r : tensor<16xf32>, tensor<16xf32>
}

// Five kernels sharing x. By default one launch; with at most two
// sub-kernels per launch, 2 + 2 + 1 (the last one stays a plain kernel);
// with 64 parameter bytes (8 per input or result), three fit (x, y0..y2
// and three results: 56 bytes) and two more take a second launch.
// CHECK-LABEL: func.func @five(
// CHECK-NEXT:    %[[H:.+]]:5 = meld.kernel horizontal(
// CHECK-COUNT-5: meld.kernel pointwise
// CHECK:         return %[[H]]#0, %[[H]]#1, %[[H]]#2, %[[H]]#3, %[[H]]#4
// MAX2-LABEL: func.func @five(
// MAX2-NEXT:    %[[H0:.+]]:2 = meld.kernel horizontal(
// MAX2-COUNT-2:   meld.kernel pointwise
// MAX2:         %[[H1:.+]]:2 = meld.kernel horizontal(
// MAX2-COUNT-2:   meld.kernel pointwise
// MAX2:         %[[K:.+]] = meld.kernel pointwise(
// MAX2-NOT:     horizontal
// MAX2:         return
// PARAM64-LABEL: func.func @five(
// PARAM64-NEXT:    %[[H0:.+]]:3 = meld.kernel horizontal(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) :
// PARAM64-COUNT-3:   meld.kernel pointwise
// PARAM64:         %[[H1:.+]]:2 = meld.kernel horizontal(%{{.+}}, %{{.+}}, %{{.+}}) :
// PARAM64-COUNT-2:   meld.kernel pointwise
// PARAM64-NOT:     meld.kernel
// PARAM64:         return
func.func @five(%x: tensor<16xf32>, %y0: tensor<16xf32>, %y1: tensor<16xf32>,
                %y2: tensor<16xf32>, %y3: tensor<16xf32>, %y4: tensor<16xf32>)
    -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %a0 = meld.add %x, %y0 : tensor<16xf32>
  %a1 = meld.add %x, %y1 : tensor<16xf32>
  %a2 = meld.add %x, %y2 : tensor<16xf32>
  %a3 = meld.add %x, %y3 : tensor<16xf32>
  %a4 = meld.add %x, %y4 : tensor<16xf32>
  return %a0, %a1, %a2, %a3, %a4
      : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// ERR: error: fusion option max-horizontal-kernels=0 is out of range; it must be at least 1
