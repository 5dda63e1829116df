// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg | FileCheck %s
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=strict-fp=true' | FileCheck %s --check-prefix=STRICT

// The only fast-math freedoms compiled code takes: float sums may be
// reassociated (partial sums per vector lane), a product and its sum may be
// one fused multiply-add (contract), and a division may multiply by the
// divisor's reciprocal, so a row's 1/sum is computed once per row. Strict
// floating point takes none of them.

// CHECK-LABEL: func.func private @main_kernel_0
// CHECK:         arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32
// CHECK:         arith.divf %{{.*}}, %{{.*}} fastmath<arcp,contract> : f32

// STRICT-LABEL: func.func private @main_kernel_0
// STRICT:         arith.addf %{{.*}}, %{{.*}} : f32
// STRICT-NOT:     fastmath
// STRICT:         arith.divf %{{.*}}, %{{.*}} : f32
// STRICT-NOT:     fastmath
func.func @main(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %sum = meld.reduce sum %x dims = [1] keep_dims
      : tensor<4x8xf32> -> tensor<4x1xf32>
  %sumb = meld.broadcast_in_dim %sum, dims = [0, 1]
      : tensor<4x1xf32> -> tensor<4x8xf32>
  %y = meld.div %x, %sumb : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// CHECK-LABEL: func.func private @matmul_kernel_0
// CHECK:         arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:         arith.addf %{{.*}}, %{{.*}} fastmath<reassoc,contract> : f32

// STRICT-LABEL: func.func private @matmul_kernel_0
// STRICT:         arith.mulf %{{.*}}, %{{.*}} : f32
// STRICT-NOT:     fastmath
// STRICT:         arith.addf %{{.*}}, %{{.*}} : f32
// STRICT-NOT:     fastmath
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %c = meld.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %c : tensor<4x16xf32>
}

// Two divisions stay divisions outside strict-fp too: one by a constant
// (x * (1/255) is not x / 255), and one whose quotient is rounded to an
// integer (quantization's round(x / scale), where one ulp moves a tie).
// CHECK-LABEL: func.func private @exact_quotients_kernel_0
// CHECK:         arith.divf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK:         arith.divf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK-NOT:     arcp
func.func @exact_quotients(%x: tensor<6xf32>, %s: tensor<f32>) -> (tensor<6xf32>, tensor<6xi32>) {
  %c = meld.constant dense<255.0> : tensor<6xf32>
  %by_constant = meld.div %x, %c : tensor<6xf32>
  %sb = meld.broadcast_in_dim %s, dims = [] : tensor<f32> -> tensor<6xf32>
  %q = meld.div %x, %sb : tensor<6xf32>
  %r = meld.round %q : tensor<6xf32>
  %i = meld.cast %r : tensor<6xf32> to tensor<6xi32>
  return %by_constant, %i : tensor<6xf32>, tensor<6xi32>
}
