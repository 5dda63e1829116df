// RUN: meld-opt %s --split-input-file --meld-relax-extrema-zero-sign | FileCheck %s

// Softmax's row maximum is subtracted and exponentiated: exp(x - (+0)) and
// exp(x - (-0)) are equal, so the maximum's combiner may ignore the sign of
// zeros (nsz); NaN still propagates.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax_max
// CHECK:         arith.maximumf %{{.*}}, %{{.*}} fastmath<nsz> : f32
// CHECK:         arith.subf
func.func @softmax_max(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %max = linalg.generic {indexing_maps = [#id, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<4x8xf32>, tensor<4xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.subf %in, %m : f32
    %e = math.exp %s : f32
    linalg.yield %e : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// A minimum that is returned, or divided by (1 / -0 is -inf), or stored
// through a yield keeps its zero ordering.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @observed
// CHECK-NOT:     nsz
// CHECK:         return
func.func @observed(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %inf = arith.constant 0x7F800000 : f32
  %e0 = tensor.empty() : tensor<4xf32>
  %init = linalg.fill ins(%inf : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %min = linalg.generic {indexing_maps = [#id, #row],
                         iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %min2 = linalg.generic {indexing_maps = [#id, #row],
                          iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %min3 = linalg.generic {indexing_maps = [#id, #row],
                          iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %out : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %q = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %min2 : tensor<4x8xf32>, tensor<4xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %d = arith.divf %in, %m : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%x, %min3 : tensor<4x8xf32>, tensor<4xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%in: f32, %m: f32, %out: f32):
    %s = arith.subf %in, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %min, %q, %r : tensor<4xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}
