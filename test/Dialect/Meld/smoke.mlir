// RUN: meld-opt %s | meld-opt | FileCheck %s

// CHECK-LABEL: func.func @add
func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: meld.add %{{.*}}, %{{.*}} : tensor<4xf32>
  %0 = meld.add %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}
