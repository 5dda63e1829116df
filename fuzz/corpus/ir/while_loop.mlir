// Elementwise square roots by Newton's method, iterated until every element
// has converged: a data-dependent meld.while whose trip count depends on the
// input (larger |x| needs more iterations from the starting guess y0 = a).
//
//   a = 1 + 100 * |x|                      (a >= 1, so no division by zero)
//   y = a; n = 0
//   while max(|y*y - a| / a) >= 1e-5:
//       y = 0.5 * (y + a / y); n += 1
//   return y, n
//
// PyTorch (eager, with a host loop):
//   a = 1 + 100 * x.abs(); y = a.clone(); n = torch.tensor(0, dtype=torch.int32)
//   while ((y * y - a).abs() / a).max() >= 1e-5:
//       y = 0.5 * (y + a / y); n += 1
//
// Newton's iteration converges quadratically from above; in f32 it ends
// within an ulp or two of sqrt(a), where the relative residual is ~4e-7, far
// below the tolerance, so the loop terminates for every finite input.
//
// Shapes: x 8x16 -> y 8x16 (~= sqrt(1 + 100|x|)), n (iterations, i32 scalar).
func.func @main(%x: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<i32>) {
  %ax = meld.abs %x : tensor<8x16xf32>
  %hundred = meld.constant dense<100.0> : tensor<8x16xf32>
  %one = meld.constant dense<1.0> : tensor<8x16xf32>
  %sx = meld.mul %ax, %hundred : tensor<8x16xf32>
  %a = meld.add %sx, %one : tensor<8x16xf32>
  %n0 = meld.constant dense<0> : tensor<i32>
  %y, %n = meld.while (%a, %n0 : tensor<8x16xf32>, tensor<i32>) cond {
  ^bb0(%yc: tensor<8x16xf32>, %nc: tensor<i32>):
    %y2 = meld.mul %yc, %yc : tensor<8x16xf32>
    %d = meld.sub %y2, %a : tensor<8x16xf32>
    %ad = meld.abs %d : tensor<8x16xf32>
    %rel = meld.div %ad, %a : tensor<8x16xf32>
    %worst = meld.reduce max %rel dims = [0, 1]
        : tensor<8x16xf32> -> tensor<f32>
    %tol = meld.constant dense<1.0e-05> : tensor<f32>
    %go = meld.compare ge, %worst, %tol : tensor<f32>
    meld.yield %go : tensor<i1>
  } do {
  ^bb0(%yb: tensor<8x16xf32>, %nb: tensor<i32>):
    %q = meld.div %a, %yb : tensor<8x16xf32>
    %s = meld.add %yb, %q : tensor<8x16xf32>
    %half = meld.constant dense<0.5> : tensor<8x16xf32>
    %yn = meld.mul %half, %s : tensor<8x16xf32>
    %inc = meld.constant dense<1> : tensor<i32>
    %nn = meld.add %nb, %inc : tensor<i32>
    meld.yield %yn, %nn : tensor<8x16xf32>, tensor<i32>
  }
  return %y, %n : tensor<8x16xf32>, tensor<i32>
}
