// meld.if, meld.while and func.call in the reference interpreter.
//
// RUN: %python -c "import numpy as np; np.save('%t.t.npy', np.array(True)); np.save('%t.f.npy', np.array(False)); np.save('%t.n27.npy', np.array(27, dtype=np.int64)); np.save('%t.n6.npy', np.array(6, dtype=np.int64)); np.save('%t.n1.npy', np.array(1, dtype=np.int64)); np.save('%t.x.npy', np.array([1.0, -2.0, 3.0], dtype=np.float32))"
// RUN: meld-run %s --entry choose --input %t.t.npy --input %t.x.npy | FileCheck %s --check-prefix=TRUE
// RUN: meld-run %s --entry choose --input %t.f.npy --input %t.x.npy | FileCheck %s --check-prefix=FALSE
// RUN: meld-run %s --entry collatz --input %t.n27.npy | FileCheck %s --check-prefix=C27
// RUN: meld-run %s --entry collatz --input %t.n6.npy | FileCheck %s --check-prefix=C6
// RUN: meld-run %s --entry collatz --input %t.n1.npy | FileCheck %s --check-prefix=C1
// RUN: meld-run %s --entry alternating | FileCheck %s --check-prefix=ALT
// RUN: meld-run %s --entry fibonacci | FileCheck %s --check-prefix=FIB
// RUN: meld-run %s --entry nested_loops | FileCheck %s --check-prefix=NEST
// RUN: meld-run %s --entry factorial_main | FileCheck %s --check-prefix=FACT
// RUN: meld-run %s --entry side_effect_free_if | FileCheck %s --check-prefix=NORES
//
// The iteration limit allows exactly that many iterations: collatz(27) takes
// 111 iterations.
// RUN: meld-run %s --entry collatz --input %t.n27.npy --max-while-iterations=111 | FileCheck %s --check-prefix=C27
// RUN: not meld-run %s --entry collatz --input %t.n27.npy --max-while-iterations=110 2>&1 | FileCheck %s --check-prefix=LIMIT

// TRUE: result #0: tensor<3xf32>
// TRUE-NEXT: {{^}}[2, -4, 6]{{$}}
// TRUE-NEXT: result #1: tensor<i32>
// TRUE-NEXT: {{^}}1{{$}}
// FALSE: result #0: tensor<3xf32>
// FALSE-NEXT: {{^}}[-1, 2, -3]{{$}}
// FALSE-NEXT: result #1: tensor<i32>
// FALSE-NEXT: {{^}}0{{$}}
func.func @choose(%p: tensor<i1>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %r:2 = meld.if %p -> (tensor<3xf32>, tensor<i32>) {
    %d = meld.add %x, %x : tensor<3xf32>
    %one = meld.constant dense<1> : tensor<i32>
    meld.yield %d, %one : tensor<3xf32>, tensor<i32>
  } else {
    %n = meld.neg %x : tensor<3xf32>
    %zero = meld.constant dense<0> : tensor<i32>
    meld.yield %n, %zero : tensor<3xf32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<3xf32>, tensor<i32>
}

// A data-dependent trip count: the number of Collatz steps from n to 1.
// C27: result #0: tensor<i64>
// C27-NEXT: {{^}}111{{$}}
// C27-NEXT: result #1: tensor<i64>
// C27-NEXT: {{^}}1{{$}}
// C6: result #0: tensor<i64>
// C6-NEXT: {{^}}8{{$}}
// C1: result #0: tensor<i64>
// C1-NEXT: {{^}}0{{$}}
// LIMIT: control-flow.mlir:[[@LINE+7]]:10: error: 'meld.while' op ran more than 110 iterations; raise the limit (meld-run --max-while-iterations) if the loop is meant to run longer
func.func @collatz(%n: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  %zero = meld.constant dense<0> : tensor<i64>
  %one = meld.constant dense<1> : tensor<i64>
  %two = meld.constant dense<2> : tensor<i64>
  %three = meld.constant dense<3> : tensor<i64>
  // while n != 1: n = n even ? n / 2 : 3 n + 1; steps += 1
  %r:2 = meld.while (%n, %zero : tensor<i64>, tensor<i64>) cond {
  ^bb0(%v: tensor<i64>, %steps: tensor<i64>):
    %p = meld.compare ne, %v, %one : tensor<i64>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%v: tensor<i64>, %steps: tensor<i64>):
    %half = meld.div %v, %two : tensor<i64>
    %twice = meld.mul %half, %two : tensor<i64>
    %even = meld.compare eq, %twice, %v : tensor<i64>
    %t = meld.mul %v, %three : tensor<i64>
    %odd = meld.add %t, %one : tensor<i64>
    %next = meld.select %even, %half, %odd : tensor<i1>, tensor<i64>
    %s = meld.add %steps, %one : tensor<i64>
    meld.yield %next, %s : tensor<i64>, tensor<i64>
  }
  return %r#1, %r#0 : tensor<i64>, tensor<i64>
}

// An if nested in a while body, on a predicate computed in the loop:
// 0 - 1 + 2 - 3 + 4 - 5 + 6 = 3.
// ALT: result #0: tensor<i32>
// ALT-NEXT: {{^}}3{{$}}
// ALT-NEXT: result #1: tensor<i32>
// ALT-NEXT: {{^}}7{{$}}
func.func @alternating() -> (tensor<i32>, tensor<i32>) {
  %zero = meld.constant dense<0> : tensor<i32>
  %one = meld.constant dense<1> : tensor<i32>
  %two = meld.constant dense<2> : tensor<i32>
  %seven = meld.constant dense<7> : tensor<i32>
  %r:2 = meld.while (%zero, %zero : tensor<i32>, tensor<i32>) cond {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>):
    %p = meld.compare lt, %i, %seven : tensor<i32>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<i32>):
    %h = meld.div %i, %two : tensor<i32>
    %h2 = meld.mul %h, %two : tensor<i32>
    %even = meld.compare eq, %h2, %i : tensor<i32>
    %next = meld.if %even -> (tensor<i32>) {
      %a = meld.add %acc, %i : tensor<i32>
      meld.yield %a : tensor<i32>
    } else {
      %s = meld.sub %acc, %i : tensor<i32>
      meld.yield %s : tensor<i32>
    }
    %j = meld.add %i, %one : tensor<i32>
    meld.yield %j, %next : tensor<i32>, tensor<i32>
  }
  return %r#1, %r#0 : tensor<i32>, tensor<i32>
}

// Loop-carried values swap places every iteration: (a, b) -> (b, a + b).
// FIB: result #0: tensor<i64>
// FIB-NEXT: {{^}}55{{$}}
// FIB-NEXT: result #1: tensor<i64>
// FIB-NEXT: {{^}}89{{$}}
// FIB-NEXT: result #2: tensor<2xf32>
// FIB-NEXT: {{^}}[1, 2]{{$}}
func.func @fibonacci() -> (tensor<i64>, tensor<i64>, tensor<2xf32>) {
  %a = meld.constant dense<0> : tensor<i64>
  %b = meld.constant dense<1> : tensor<i64>
  %n = meld.constant dense<10> : tensor<i64>
  %one = meld.constant dense<1> : tensor<i64>
  %r:3 = meld.while (%a, %b, %n : tensor<i64>, tensor<i64>, tensor<i64>) cond {
  ^bb0(%x: tensor<i64>, %y: tensor<i64>, %k: tensor<i64>):
    %zero = meld.constant dense<0> : tensor<i64>
    %p = meld.compare gt, %k, %zero : tensor<i64>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<i64>, %y: tensor<i64>, %k: tensor<i64>):
    %s = meld.add %x, %y : tensor<i64>
    %k1 = meld.sub %k, %one : tensor<i64>
    meld.yield %y, %s, %k1 : tensor<i64>, tensor<i64>, tensor<i64>
  }
  // A loop whose condition is false at once returns its initial values.
  %v = meld.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %f = meld.constant dense<false> : tensor<i1>
  %w = meld.while (%v : tensor<2xf32>) cond {
  ^bb0(%x: tensor<2xf32>):
    meld.yield %f : tensor<i1>
  } do {
  ^bb0(%x: tensor<2xf32>):
    %y = meld.neg %x : tensor<2xf32>
    meld.yield %y : tensor<2xf32>
  }
  return %r#0, %r#1, %w : tensor<i64>, tensor<i64>, tensor<2xf32>
}

// A while nested in a while: sum over i < 4, j <= i of 1 = 10 iterations of
// the inner body; the inner loop restarts from its init every outer iteration.
// NEST: result #0: tensor<i32>
// NEST-NEXT: {{^}}10{{$}}
// NEST-NEXT: result #1: tensor<i32>
// NEST-NEXT: {{^}}4{{$}}
func.func @nested_loops() -> (tensor<i32>, tensor<i32>) {
  %zero = meld.constant dense<0> : tensor<i32>
  %one = meld.constant dense<1> : tensor<i32>
  %four = meld.constant dense<4> : tensor<i32>
  %r:2 = meld.while (%zero, %zero : tensor<i32>, tensor<i32>) cond {
  ^bb0(%i: tensor<i32>, %count: tensor<i32>):
    %p = meld.compare lt, %i, %four : tensor<i32>
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %count: tensor<i32>):
    %inner:2 = meld.while (%zero, %count : tensor<i32>, tensor<i32>) cond {
    ^bb0(%j: tensor<i32>, %c: tensor<i32>):
      %q = meld.compare le, %j, %i : tensor<i32>
      meld.yield %q : tensor<i1>
    } do {
    ^bb0(%j: tensor<i32>, %c: tensor<i32>):
      %j1 = meld.add %j, %one : tensor<i32>
      %c1 = meld.add %c, %one : tensor<i32>
      meld.yield %j1, %c1 : tensor<i32>, tensor<i32>
    }
    %i1 = meld.add %i, %one : tensor<i32>
    meld.yield %i1, %inner#1 : tensor<i32>, tensor<i32>
  }
  return %r#1, %r#0 : tensor<i32>, tensor<i32>
}

// Recursion through func.call and meld.if: 10! = 3628800.
// FACT: result #0: tensor<i64>
// FACT-NEXT: {{^}}3628800{{$}}
// FACT-NEXT: result #1: tensor<i64>
// FACT-NEXT: {{^}}1{{$}}
func.func @factorial(%n: tensor<i64>) -> tensor<i64> {
  %one = meld.constant dense<1> : tensor<i64>
  %p = meld.compare le, %n, %one : tensor<i64>
  %r = meld.if %p -> (tensor<i64>) {
    meld.yield %one : tensor<i64>
  } else {
    %m = meld.sub %n, %one : tensor<i64>
    %f = func.call @factorial(%m) : (tensor<i64>) -> tensor<i64>
    %g = meld.mul %n, %f : tensor<i64>
    meld.yield %g : tensor<i64>
  }
  return %r : tensor<i64>
}

func.func @factorial_main() -> (tensor<i64>, tensor<i64>) {
  %ten = meld.constant dense<10> : tensor<i64>
  %zero = meld.constant dense<0> : tensor<i64>
  %0 = func.call @factorial(%ten) : (tensor<i64>) -> tensor<i64>
  %1 = func.call @factorial(%zero) : (tensor<i64>) -> tensor<i64>
  return %0, %1 : tensor<i64>, tensor<i64>
}

// An if without results runs fine and leaves the values alone.
// NORES: result #0: tensor<2xi8>
// NORES-NEXT: {{^}}[1, 2]{{$}}
func.func @side_effect_free_if() -> tensor<2xi8> {
  %t = meld.constant dense<true> : tensor<i1>
  %v = meld.constant dense<[1, 2]> : tensor<2xi8>
  meld.if %t {
    %n = meld.neg %v : tensor<2xi8>
    meld.yield
  } else {
    meld.yield
  }
  return %v : tensor<2xi8>
}
