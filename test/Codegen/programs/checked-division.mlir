// Integer division whose divisor the random inputs never make zero (b + 9
// with b in [-8, 7]), in a fused kernel of several row blocks with a row
// sum. meld-conformance-data finds inputs that make it zero (b = -9 in the
// last element) and the runtime conformance test checks that every backend
// reports them as the interpreter does, eagerly and replayed; the
// compiled and interpreted results on the random inputs must match
// exactly.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --random-inputs --seed 5 > %t.ref
// RUN: meld-run %t.meldb --random-inputs --seed 5 > %t.out
// RUN: diff %t.ref %t.out
func.func @main(%a: tensor<300x70xi32>, %b: tensor<300x70xi32>)
    -> (tensor<300x70xi32>, tensor<300xi32>) {
  %nine = meld.constant dense<9> : tensor<300x70xi32>
  %den = meld.add %b, %nine : tensor<300x70xi32>
  %q = meld.div %a, %den : tensor<300x70xi32>
  %r = meld.add %q, %a : tensor<300x70xi32>
  %s = meld.reduce sum %r dims = [1] : tensor<300x70xi32> -> tensor<300xi32>
  return %r, %s : tensor<300x70xi32>, tensor<300xi32>
}
