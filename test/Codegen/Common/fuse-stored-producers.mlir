// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-fuse-stored-producers))' | FileCheck %s

// An elementwise producer whose other uses are stores fuses into its
// elementwise reader; the fused op yields it too, for its stores.

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// A row tile of an Adagrad step: the new sum of squares is stored and read
// by the parameter's update. One generic computes and yields both.
// CHECK-LABEL: func.func @row_tile
// CHECK:         %[[F:.*]]:2 = linalg.generic
// CHECK:           %[[SUM:.*]] = math.fma
// CHECK:           math.sqrt %[[SUM]]
// CHECK:           %[[P:.*]] = arith.addf
// CHECK:           linalg.yield %[[SUM]], %[[P]]
// CHECK-NOT:     linalg.generic
// CHECK:         tensor.insert_slice %[[F]]#1 into
// CHECK:         tensor.insert_slice %[[F]]#0 into
func.func @row_tile(%g: tensor<?xf32>, %s: tensor<?xf32>, %p: tensor<?xf32>,
                    %lr: tensor<f32>, %pout: tensor<?xf32>,
                    %sout: tensor<?xf32>, %at: index, %n: index)
    -> (tensor<?xf32>, tensor<?xf32>) {
  %e0 = tensor.empty(%n) : tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%g, %s : tensor<?xf32>, tensor<?xf32>) outs(%e0 : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = math.fma %a, %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %e1 = tensor.empty(%n) : tensor<?xf32>
  %new = linalg.generic {indexing_maps = [#id, #id, #scalar, #id, #id], iterator_types = ["parallel"]}
      ins(%p, %g, %lr, %sum : tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<?xf32>)
      outs(%e1 : tensor<?xf32>) {
  ^bb0(%pp: f32, %gg: f32, %l: f32, %ss: f32, %o: f32):
    %0 = math.sqrt %ss : f32
    %1 = arith.mulf %gg, %l : f32
    %2 = arith.divf %1, %0 : f32
    %3 = arith.addf %pp, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<?xf32>
  %r0 = tensor.insert_slice %new into %pout[%at] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  %r1 = tensor.insert_slice %sum into %sout[%at] [%n] [1] : tensor<?xf32> into tensor<?xf32>
  return %r0, %r1 : tensor<?xf32>, tensor<?xf32>
}

// A producer that another op also reads (here the return itself, not a
// store) stays: fusing it would compute it twice.
// CHECK-LABEL: func.func @read_elsewhere
// CHECK:         linalg.generic
// CHECK:           math.fma
// CHECK:         linalg.generic
// CHECK:           math.sqrt
func.func @read_elsewhere(%g: tensor<8xf32>, %s: tensor<8xf32>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %e0 = tensor.empty() : tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%g, %s : tensor<8xf32>, tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %0 = math.fma %a, %a, %b : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %e1 = tensor.empty() : tensor<8xf32>
  %root = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%sum : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = math.sqrt %a : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  return %sum, %root : tensor<8xf32>, tensor<8xf32>
}

// A reduction reader keeps its stored producer apart: its loops are not
// all parallel.
// CHECK-LABEL: func.func @reduction_reader
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["parallel"]
// CHECK:         linalg.generic
// CHECK-SAME:      iterator_types = ["reduction"]
func.func @reduction_reader(%x: tensor<8xf32>, %out: tensor<8xf32>,
                            %acc: tensor<f32>) -> (tensor<8xf32>, tensor<f32>) {
  %e0 = tensor.empty() : tensor<8xf32>
  %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%e0 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.mulf %a, %a : f32
    linalg.yield %0 : f32
  } -> tensor<8xf32>
  %sum = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%sq : tensor<8xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.addf %a, %o : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  %r = tensor.insert_slice %sq into %out[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  return %r, %sum : tensor<8xf32>, tensor<f32>
}
