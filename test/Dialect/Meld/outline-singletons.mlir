// The main checks run without the functions between the CRASH-BEGIN and
// CRASH-END lines (blocks holding only a terminator, which once crashed the
// planner); the last RUN line checks those on their own.
// RUN: sed -e '/^\/\/ CRASH-BEGIN$/,/^\/\/ CRASH-END$/d' %s > %t.input.mlir
// RUN: meld-opt %t.input.mlir --meld-outline-singletons | FileCheck %s
// RUN: meld-opt %t.input.mlir --meld-outline-singletons --meld-outline-singletons | FileCheck %s

// Outlining must not change results.
// RUN: meld-opt %t.input.mlir --meld-outline-singletons -o %t.mlir
// RUN: meld-run %s --entry control_flow --random-inputs --seed 1 --print-threshold=100000 > %t.unfused
// RUN: meld-run %t.mlir --entry control_flow --random-inputs --seed 1 --print-threshold=100000 > %t.fused
// RUN: diff %t.unfused %t.fused

// Kept last so that the checks above still run: the whole file, crash
// cases included.
// RUN: meld-opt %s --meld-outline-singletons | FileCheck %s --check-prefixes=CHECK,FIXED

// Each compute op becomes a kernel of its own kind: contractions gemm,
// reductions reduction, everything else (elementwise, data movement, iota)
// pointwise. Nothing is merged.
// CHECK-LABEL: func.func @kinds(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<8x64xf32>, %[[W:[^:]+]]: tensor<64x32xf32>, %[[B:[^:]+]]: tensor<4x8x16xf32>)
// CHECK-NEXT:    %[[M:.+]] = meld.kernel gemm(%[[X]], %[[W]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.matmul
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[BM:.+]] = meld.kernel gemm(%[[B]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.batch_matmul
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[R:.+]] = meld.kernel reduction(%[[M]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.reduce max
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[T:.+]] = meld.kernel pointwise(%[[M]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.transpose
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[I:.+]] = meld.kernel pointwise() : () -> tensor<32x8xf32>
// CHECK-NEXT:      meld.iota
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[E:.+]] = meld.kernel pointwise(%[[T]], %[[I]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.add
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[E]], %[[R]], %[[BM]]
func.func @kinds(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>, %b: tensor<4x8x16xf32>)
    -> (tensor<32x8xf32>, tensor<8xf32>, tensor<4x8x8xf32>) {
  %m = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %bm = meld.batch_matmul %b, %b transpose_rhs : tensor<4x8x16xf32>, tensor<4x8x16xf32> -> tensor<4x8x8xf32>
  %r = meld.reduce max %m dims = [1] : tensor<8x32xf32> -> tensor<8xf32>
  %t = meld.transpose %m, perm = [1, 0] : tensor<8x32xf32> -> tensor<32x8xf32>
  %i = meld.iota dim = 0 : tensor<32x8xf32>
  %e = meld.add %t, %i : tensor<32x8xf32>
  return %e, %r, %bm : tensor<32x8xf32>, tensor<8xf32>, tensor<4x8x8xf32>
}

// Constants are data: a dense one stays outside and is an input; a splat
// one is cloned into every kernel reading it and its outer copy goes away.
// meld.dim and index arithmetic stay outside; the index value is a kernel
// input (the dynamic size of the iota).
// CHECK-LABEL: func.func @data_and_index(
// CHECK-SAME:      %[[X:[^:]+]]: tensor<?x4xf32>)
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:    %[[D:.+]] = meld.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>
// CHECK-NEXT:    %[[N:.+]] = meld.dim %[[X]], 0
// CHECK-NEXT:    %[[N1:.+]] = arith.addi %[[N]], %[[C1]]
// CHECK-NEXT:    %[[I:.+]] = meld.kernel pointwise(%[[N1]]) : (index) -> tensor<?xf32> {
// CHECK-NEXT:    ^bb0(%[[KN:.+]]: index):
// CHECK-NEXT:      meld.iota dim = 0 sizes(%[[KN]])
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[A:.+]] = meld.kernel pointwise(%[[D]]) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0(%[[KD:.+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[H:.+]] = meld.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-NEXT:      meld.mul %[[KD]], %[[H]]
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[B:.+]] = meld.kernel pointwise(%[[A]]) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0(%[[KA:.+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[H2:.+]] = meld.constant dense<5.000000e-01> : tensor<4xf32>
// CHECK-NEXT:      meld.add %[[KA]], %[[H2]]
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[I]], %[[B]]
func.func @data_and_index(%x: tensor<?x4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  %d = meld.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %half = meld.constant dense<0.5> : tensor<4xf32>
  %n = meld.dim %x, 0 : tensor<?x4xf32>
  %n1 = arith.addi %n, %c1 : index
  %i = meld.iota dim = 0 sizes(%n1) : tensor<?xf32>
  %a = meld.mul %d, %half : tensor<4xf32>
  %b = meld.add %a, %half : tensor<4xf32>
  return %i, %b : tensor<?xf32>, tensor<4xf32>
}

// A splat constant that is also returned stays outside as well.
// CHECK-LABEL: func.func @splat_also_returned(
// CHECK-NEXT:    %[[C:.+]] = meld.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %[[K:.+]] = meld.kernel pointwise(%{{.+}}) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.constant dense<2.000000e+00>
// CHECK-NEXT:      meld.mul
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]], %[[C]]
func.func @splat_also_returned(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %c = meld.constant dense<2.0> : tensor<4xf32>
  %m = meld.mul %x, %c : tensor<4xf32>
  return %m, %c : tensor<4xf32>, tensor<4xf32>
}

// Calls and control flow stay outside; the regions of meld.if and
// meld.while are processed, and so is the callee.
// CHECK-LABEL: func.func @callee(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel pointwise
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.neg
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = meld.neg %x : tensor<4xf32>
  return %y : tensor<4xf32>
}

// CHECK-LABEL: func.func @control_flow(
// CHECK-SAME:      %[[P:[^:]+]]: tensor<i1>, %[[X:[^:]+]]: tensor<4xf32>)
// CHECK-NEXT:    %[[A:.+]] = meld.kernel pointwise(%[[X]])
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.abs
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[C:.+]] = call @callee(%[[A]])
// CHECK-NEXT:    %[[Q:.+]] = meld.if %[[P]] -> (tensor<4xf32>) {
// CHECK-NEXT:      %[[T:.+]] = meld.kernel pointwise(%[[C]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.tanh
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[T]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.+]] = meld.kernel pointwise(%[[C]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.exp
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[E]]
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[W:.+]] = meld.while(%[[Q]] : tensor<4xf32>) cond {
// CHECK-NEXT:    ^bb0(%[[S:.+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[SUM:.+]] = meld.kernel reduction(%[[S]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.reduce sum
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[AS:.+]] = meld.kernel pointwise(%[[SUM]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.abs
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[GO:.+]] = meld.kernel pointwise(%[[AS]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.constant dense<1.000000e+02>
// CHECK-NEXT:        meld.compare lt
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[GO]] : tensor<i1>
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%[[S2:.+]]: tensor<4xf32>):
// CHECK-NEXT:      %[[M2:.+]] = meld.kernel pointwise(%[[S2]])
// CHECK-NEXT:      ^bb0
// CHECK-NEXT:        meld.constant dense<2.000000e+00>
// CHECK-NEXT:        meld.mul
// CHECK-NEXT:        meld.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      meld.yield %[[M2]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[W]]
func.func @control_flow(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %a = meld.abs %x : tensor<4xf32>
  %c = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %q = meld.if %p -> (tensor<4xf32>) {
    %t = meld.tanh %c : tensor<4xf32>
    meld.yield %t : tensor<4xf32>
  } else {
    %e = meld.exp %c : tensor<4xf32>
    meld.yield %e : tensor<4xf32>
  }
  %z = meld.while (%q : tensor<4xf32>) cond {
  ^bb0(%s: tensor<4xf32>):
    %sum = meld.reduce sum %s dims = [0] : tensor<4xf32> -> tensor<f32>
    %as = meld.abs %sum : tensor<f32>
    %lim = meld.constant dense<100.0> : tensor<f32>
    %go = meld.compare lt, %as, %lim : tensor<f32>
    meld.yield %go : tensor<i1>
  } do {
  ^bb0(%s: tensor<4xf32>):
    %two = meld.constant dense<2.0> : tensor<4xf32>
    %s2 = meld.mul %s, %two : tensor<4xf32>
    meld.yield %s2 : tensor<4xf32>
  }
  return %z : tensor<4xf32>
}

// Existing kernels are left as they are, not wrapped again.
// CHECK-LABEL: func.func @existing_kernel(
// CHECK-NEXT:    %[[K:.+]] = meld.kernel pointwise(%{{.+}}) : (tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT:    ^bb0
// CHECK-NEXT:      meld.exp
// CHECK-NEXT:      meld.neg
// CHECK-NEXT:      meld.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[K]]
func.func @existing_kernel(%x: tensor<4xf32>) -> tensor<4xf32> {
  %k = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %e = meld.exp %a : tensor<4xf32>
    %n = meld.neg %e : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %k : tensor<4xf32>
}

// CRASH-BEGIN
// Regression (fixed): every fusion pass that plans a block (pointwise, reductions,
// gemm-epilogue, outline-singletons) segfaults on a block holding nothing
// but its terminator: a function that only returns, or a meld.if / meld.while
// region that only yields, like the else branch below. (FusionPlanner's
// group list starts at `head = 0` even when the block has no group, and
// outline() walks it.) Expected: such blocks are left as they are.
// FIXED-LABEL: func.func @empty()
// FIXED-NEXT:    return
// FIXED-NEXT:  }
func.func @empty() {
  return
}

// FIXED-LABEL: func.func @forward(
// FIXED-NEXT:    return %{{.+}} : tensor<4xf32>
// FIXED-NEXT:  }
func.func @forward(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// FIXED-LABEL: func.func @pass_through_branch(
// FIXED:         meld.if
// FIXED-NEXT:      %[[T:.+]] = meld.kernel pointwise
// FIXED-NEXT:      ^bb0
// FIXED-NEXT:        meld.tanh
// FIXED-NEXT:        meld.yield
// FIXED-NEXT:      }
// FIXED-NEXT:      meld.yield %[[T]]
// FIXED-NEXT:    } else {
// FIXED-NEXT:      meld.yield %{{.+}} : tensor<4xf32>
// FIXED-NEXT:    }
func.func @pass_through_branch(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = meld.if %p -> (tensor<4xf32>) {
    %t = meld.tanh %x : tensor<4xf32>
    meld.yield %t : tensor<4xf32>
  } else {
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
// CRASH-END
