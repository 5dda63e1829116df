// GELU in its two standard forms, as the fused op and spelled out.
//
//   erf form:   0.5 * x * (1 + erf(x / sqrt(2)))
//   tanh form:  0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3)))
//
// PyTorch:
//   #0  torch.nn.functional.gelu(x)                       (approximate="none")
//   #1  torch.nn.functional.gelu(x, approximate="tanh")
//   #2  0.5 * x * (1 + torch.erf(x / math.sqrt(2)))       (#0 from primitives)
//   #3  0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi)
//                                 * (x + 0.044715 * x ** 3)))  (#1 from primitives)
//
// Shapes: x 8x64 -> four 8x64 results.
func.func @main(%x: tensor<8x64xf32>)
    -> (tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>,
        tensor<8x64xf32>) {
  %g_erf = meld.gelu %x : tensor<8x64xf32>
  %g_tanh = meld.gelu %x approximate = tanh : tensor<8x64xf32>

  %half = meld.constant dense<0.5> : tensor<8x64xf32>
  %one = meld.constant dense<1.0> : tensor<8x64xf32>
  %hx = meld.mul %half, %x : tensor<8x64xf32>

  // erf form from primitives.
  %inv_sqrt2 = meld.constant dense<0.70710678118654752> : tensor<8x64xf32>
  %xs = meld.mul %x, %inv_sqrt2 : tensor<8x64xf32>
  %erf = meld.erf %xs : tensor<8x64xf32>
  %erf1 = meld.add %one, %erf : tensor<8x64xf32>
  %e_erf = meld.mul %hx, %erf1 : tensor<8x64xf32>

  // tanh form from primitives.
  %c = meld.constant dense<0.044715> : tensor<8x64xf32>
  %k = meld.constant dense<0.79788456080286536> : tensor<8x64xf32>
  %x2 = meld.mul %x, %x : tensor<8x64xf32>
  %x3 = meld.mul %x2, %x : tensor<8x64xf32>
  %cx3 = meld.mul %c, %x3 : tensor<8x64xf32>
  %inner = meld.add %x, %cx3 : tensor<8x64xf32>
  %arg = meld.mul %k, %inner : tensor<8x64xf32>
  %t = meld.tanh %arg : tensor<8x64xf32>
  %t1 = meld.add %one, %t : tensor<8x64xf32>
  %e_tanh = meld.mul %hx, %t1 : tensor<8x64xf32>

  return %g_erf, %g_tanh, %e_erf, %e_tanh
      : tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>, tensor<8x64xf32>
}
