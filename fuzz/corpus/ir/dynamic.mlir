func.func @main(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x4xf32> {
  %n = meld.dim %x, 0 : tensor<?x4xf32>
  %b = meld.broadcast_in_dim %y, dims = [1] : tensor<4xf32> -> tensor<?x4xf32>
  %s = meld.add %x, %b : tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}
