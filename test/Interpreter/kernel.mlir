// meld.kernel fusion groups run their body like the ops they hold.
//
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.array([[1, -2, 3], [-4, 5, -6]], dtype=np.float32)); np.save('%t.b.npy', np.array([1, 1, -1], dtype=np.float32))"
// RUN: meld-run %s --input %t.x.npy --input %t.b.npy | FileCheck %s

// relu(x + b)
// CHECK: result #0: tensor<2x3xf32>
// CHECK-NEXT: {{^\[\[}}2, 0, 2],
// CHECK-NEXT: {{^}} [0, 6, 0]]
// CHECK-NEXT: result #1: tensor<2xf32>
// CHECK-NEXT: {{^}}[2, 6]{{$}}
// x x^T
// CHECK-NEXT: result #2: tensor<2x2xf32>
// CHECK-NEXT: {{^\[\[}}14, -32],
// CHECK-NEXT: {{^}} [-32, 77]]
// An index input: 2 * dim(x, 1) elements.
// CHECK-NEXT: result #3: tensor<6xi32>
// CHECK-NEXT: {{^}}[0, 1, 2, 3, 4, 5]{{$}}
func.func @main(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<?xi32>) {
  %y = meld.kernel pointwise (%x, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>) {
  ^bb0(%a: tensor<2x3xf32>, %c: tensor<3xf32>):
    %bb = meld.broadcast_in_dim %c, dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
    %s = meld.add %a, %bb : tensor<2x3xf32>
    %r = meld.relu %s : tensor<2x3xf32>
    meld.yield %r : tensor<2x3xf32>
  }
  %r = meld.kernel reduction (%y) : (tensor<2x3xf32>) -> (tensor<2xf32>) {
  ^bb0(%a: tensor<2x3xf32>):
    %s = meld.reduce max %a dims = [1] : tensor<2x3xf32> -> tensor<2xf32>
    meld.yield %s : tensor<2xf32>
  }
  %n = meld.dim %x, 1 : tensor<2x3xf32>
  %h:2 = meld.kernel horizontal (%x, %n) : (tensor<2x3xf32>, index) -> (tensor<2x2xf32>, tensor<?xi32>) {
  ^bb0(%a: tensor<2x3xf32>, %m: index):
    %g = meld.kernel gemm (%a) : (tensor<2x3xf32>) -> (tensor<2x2xf32>) {
    ^bb0(%z: tensor<2x3xf32>):
      %mm = meld.matmul %z, %z transpose_rhs : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x2xf32>
      meld.yield %mm : tensor<2x2xf32>
    }
    %i = meld.kernel pointwise (%m) : (index) -> (tensor<?xi32>) {
    ^bb0(%k: index):
      %c2 = arith.constant 2 : index
      %kk = arith.muli %k, %c2 : index
      %io = meld.iota dim = 0 sizes(%kk) : tensor<?xi32>
      meld.yield %io : tensor<?xi32>
    }
    meld.yield %g, %i : tensor<2x2xf32>, tensor<?xi32>
  }
  return %y, %r, %h#0, %h#1 : tensor<2x3xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<?xi32>
}
