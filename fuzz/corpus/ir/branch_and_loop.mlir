// Data-dependent control flow for graph capture: a meld.if whose predicate
// is computed on the device picks one of two transforms, then a meld.while
// halves the result until every element is small; the trip count depends
// on the data. Captured once, this replays as conditional IF and WHILE
// graph nodes (the runtime's conformance and control-flow tests run it on
// several inputs without re-capturing).
//
//   r = tanh(x) if sum(x) > 0 else exp(-x)
//   k = 0
//   while max(|r|) >= 0.01: r = 0.5 * r; k += 1
//   return r, k
//
// PyTorch (eager):
//   r = torch.tanh(x) if x.sum() > 0 else torch.exp(-x)
//   k = 0
//   while r.abs().max() >= 0.01: r = 0.5 * r; k += 1
//
// Shapes: x 4x32 -> r 4x32, k (iterations, i32 scalar).
func.func @main(%x: tensor<4x32xf32>) -> (tensor<4x32xf32>, tensor<i32>) {
  %s = meld.reduce sum %x dims = [0, 1] : tensor<4x32xf32> -> tensor<f32>
  %zero = meld.constant dense<0.0> : tensor<f32>
  %pos = meld.compare gt, %s, %zero : tensor<f32>
  %r = meld.if %pos -> (tensor<4x32xf32>) {
    %t = meld.tanh %x : tensor<4x32xf32>
    meld.yield %t : tensor<4x32xf32>
  } else {
    %n = meld.neg %x : tensor<4x32xf32>
    %e = meld.exp %n : tensor<4x32xf32>
    meld.yield %e : tensor<4x32xf32>
  }
  %k0 = meld.constant dense<0> : tensor<i32>
  %y, %k = meld.while (%r, %k0 : tensor<4x32xf32>, tensor<i32>) cond {
  ^bb0(%yc: tensor<4x32xf32>, %kc: tensor<i32>):
    %a = meld.abs %yc : tensor<4x32xf32>
    %m = meld.reduce max %a dims = [0, 1] : tensor<4x32xf32> -> tensor<f32>
    %tol = meld.constant dense<0.01> : tensor<f32>
    %go = meld.compare ge, %m, %tol : tensor<f32>
    meld.yield %go : tensor<i1>
  } do {
  ^bb0(%yb: tensor<4x32xf32>, %kb: tensor<i32>):
    %half = meld.constant dense<0.5> : tensor<4x32xf32>
    %yn = meld.mul %yb, %half : tensor<4x32xf32>
    %one = meld.constant dense<1> : tensor<i32>
    %kn = meld.add %kb, %one : tensor<i32>
    meld.yield %yn, %kn : tensor<4x32xf32>, tensor<i32>
  }
  return %y, %k : tensor<4x32xf32>, tensor<i32>
}
