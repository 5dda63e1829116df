// How meld-run prints results: numpy-style nested brackets, summarized with
// "..." above --print-threshold elements (3 edge items per dimension, as in
// numpy.array2string(x, separator=', ', threshold=N)).
// (Regression test: the summary used to lose the separator before "...",
// printing "[0, 1, 2..., 7, 8, 9]" and gluing rows together.)
//
// RUN: meld-run %s --print-threshold=6 | FileCheck %s --check-prefix=SUMMARY
// RUN: meld-run %s | FileCheck %s --check-prefix=FULL
// RUN: meld-run %s --print=false | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %python -c "import numpy as np; np.save('%t.a.npy', np.array([[1.5, 2.0], [-3.0, 0.25]], dtype=np.float32))"
// RUN: meld-run %s --entry echo --input %t.a.npy --print-inputs | FileCheck %s --check-prefix=INPUTS

// SUMMARY: result #0: tensor<10xi32>
// SUMMARY-NEXT: {{^}}[0, 1, 2, ..., 7, 8, 9]{{$}}
// SUMMARY-NEXT: result #1: tensor<8x8xi32>
// SUMMARY-NEXT: {{^\[\[}}0, 1, 2, ..., 5, 6, 7],
// SUMMARY-NEXT: {{^}} [0, 1, 2, ..., 5, 6, 7],
// SUMMARY-NEXT: {{^}} [0, 1, 2, ..., 5, 6, 7],
// SUMMARY-NEXT: {{^}} ...,
// SUMMARY-NEXT: {{^}} [0, 1, 2, ..., 5, 6, 7],
// SUMMARY-NEXT: {{^}} [0, 1, 2, ..., 5, 6, 7],
// SUMMARY-NEXT: {{^}} [0, 1, 2, ..., 5, 6, 7]]{{$}}
// Tensors of at most --print-threshold elements are printed whole.
// SUMMARY-NEXT: result #2: tensor<6xi32>
// SUMMARY-NEXT: {{^}}[0, 1, 2, 3, 4, 5]{{$}}
// SUMMARY-NEXT: result #3: tensor<7xi32>
// SUMMARY-NEXT: {{^}}[0, 1, 2, ..., 4, 5, 6]{{$}}

// FULL: result #0: tensor<10xi32>
// FULL-NEXT: {{^}}[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]{{$}}
// FULL-NEXT: result #1: tensor<8x8xi32>
// FULL-NEXT: {{^\[\[}}0, 1, 2, 3, 4, 5, 6, 7],
// FULL-COUNT-6: {{^}} [0, 1, 2, 3, 4, 5, 6, 7],
// FULL-NEXT: {{^}} [0, 1, 2, 3, 4, 5, 6, 7]]{{$}}

// QUIET-NOT: result
func.func @main() -> (tensor<10xi32>, tensor<8x8xi32>, tensor<6xi32>, tensor<7xi32>) {
  %0 = meld.iota dim = 0 : tensor<10xi32>
  %1 = meld.iota dim = 1 : tensor<8x8xi32>
  %2 = meld.iota dim = 0 : tensor<6xi32>
  %3 = meld.iota dim = 0 : tensor<7xi32>
  return %0, %1, %2, %3 : tensor<10xi32>, tensor<8x8xi32>, tensor<6xi32>, tensor<7xi32>
}

// INPUTS: argument #0: tensor<2x2xf32>
// INPUTS-NEXT: {{^\[\[}}1.5, 2],
// INPUTS-NEXT: {{^}} [-3, 0.25]]
// INPUTS-NEXT: result #0: tensor<2x2xf32>
// INPUTS-NEXT: {{^\[\[}}1.5, 2],
// INPUTS-NEXT: {{^}} [-3, 0.25]]
func.func @echo(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  return %a : tensor<2x2xf32>
}
