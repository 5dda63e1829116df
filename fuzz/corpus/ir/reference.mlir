
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>)
    -> (tensor<4x4xf32>, tensor<4xf32>) {
  %m = meld.matmul %x, %w : tensor<4x8xf32>, tensor<8x4xf32> -> tensor<4x4xf32>
  %s = meld.reduce sum %m dims = [0, 1] : tensor<4x4xf32> -> tensor<f32>
  %zero = meld.constant dense<0.0> : tensor<f32>
  %p = meld.compare gt, %s, %zero : tensor<f32>
  %r = meld.if %p -> (tensor<4x4xf32>) {
    %t = meld.tanh %m : tensor<4x4xf32>
    meld.yield %t : tensor<4x4xf32>
  } else {
    %e = meld.exp %m : tensor<4x4xf32>
    meld.yield %e : tensor<4x4xf32>
  }
  %row = meld.reduce max %r dims = [1] : tensor<4x4xf32> -> tensor<4xf32>
  return %r, %row : tensor<4x4xf32>, tensor<4xf32>
}

func.func @dyn(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %e = meld.exp %x : tensor<?x8xf32>
  return %e : tensor<?x8xf32>
}
