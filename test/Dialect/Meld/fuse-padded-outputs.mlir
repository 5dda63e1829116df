// meld-fuse-pointwise's padded-outputs: a consumer that pads a producer's
// values (concatenations along dims they are shorter in, the same leading
// dim) takes the producer even though its values stay outputs of their own
// shape. PyTorch's training forward: a batch norm's output, its ReLU6 mask
// (saved for the backward) and the ReLU6 padded for a depthwise
// convolution. Without the option (the default, and GPU compiles) they are
// two kernels, the unpadded activation written and read back.
// RUN: meld-opt %s --meld-fuse-pointwise | FileCheck %s --check-prefix=APART
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise{padded-outputs=true}))' | FileCheck %s
//
// Fusion must not change results.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise{padded-outputs=true}))' -o %t.mlir
// RUN: meld-run %s --entry padded_relu6 --random-inputs --seed 1 --print-threshold=100000 > %t.unfused
// RUN: meld-run %t.mlir --entry padded_relu6 --random-inputs --seed 1 --print-threshold=100000 > %t.fused
// RUN: diff %t.unfused %t.fused
// RUN: meld-run %s --entry mask_first --random-inputs --seed 2 --print-threshold=100000 > %t.first.unfused
// RUN: meld-run %t.mlir --entry mask_first --random-inputs --seed 2 --print-threshold=100000 > %t.first.fused
// RUN: diff %t.first.unfused %t.first.fused

// APART-LABEL: func.func @padded_relu6(
// APART-COUNT-2: meld.kernel pointwise
// CHECK-LABEL: func.func @padded_relu6(
// CHECK:         %[[K:.+]]:2 = meld.kernel pointwise
// CHECK-SAME:      -> (tensor<2x4x7x7xf32>, tensor<2x4x6x6xi1>)
// CHECK-NOT:     meld.kernel
// CHECK:         return %[[K]]#0, %[[K]]#1
func.func @padded_relu6(%x: tensor<2x4x6x6xf32>, %mean: tensor<4xf32>, %scale: tensor<4xf32>) -> (tensor<2x4x7x7xf32>, tensor<2x4x6x6xi1>) {
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<4xf32> -> tensor<2x4x6x6xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] : tensor<4xf32> -> tensor<2x4x6x6xf32>
  %c = meld.sub %x, %m : tensor<2x4x6x6xf32>
  %n = meld.mul %c, %s : tensor<2x4x6x6xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<2x4x6x6xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<2x4x6x6xf32>
  %r = meld.max %n, %zero : tensor<2x4x6x6xf32>
  %r6 = meld.min %r, %six : tensor<2x4x6x6xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<2x4x1x6xf32>
  %p0 = meld.concat %r6, %row dim = 2 : (tensor<2x4x6x6xf32>, tensor<2x4x1x6xf32>) -> tensor<2x4x7x6xf32>
  %col = meld.constant dense<0.000000e+00> : tensor<2x4x7x1xf32>
  %p1 = meld.concat %p0, %col dim = 3 : (tensor<2x4x7x6xf32>, tensor<2x4x7x1xf32>) -> tensor<2x4x7x7xf32>
  %low = meld.compare le, %n, %zero : tensor<2x4x6x6xf32>
  %high = meld.compare ge, %n, %six : tensor<2x4x6x6xf32>
  %mask = meld.or %low, %high : tensor<2x4x6x6xi1>
  return %p1, %mask : tensor<2x4x7x7xf32>, tensor<2x4x6x6xi1>
}

// The mask computed first: the ops group in another order (the producer
// pads beside a consumer of its unpadded values), to the same kernel.
// APART-LABEL: func.func @mask_first(
// APART-COUNT-2: meld.kernel pointwise
// CHECK-LABEL: func.func @mask_first(
// CHECK:         %[[K:.+]]:2 = meld.kernel pointwise
// CHECK-NOT:     meld.kernel
// CHECK:         return %[[K]]#{{[01]}}, %[[K]]#{{[01]}}
func.func @mask_first(%x: tensor<2x4x6x6xf32>, %mean: tensor<4xf32>, %scale: tensor<4xf32>) -> (tensor<2x4x7x7xf32>, tensor<2x4x6x6xi1>) {
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<4xf32> -> tensor<2x4x6x6xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] : tensor<4xf32> -> tensor<2x4x6x6xf32>
  %c = meld.sub %x, %m : tensor<2x4x6x6xf32>
  %n = meld.mul %c, %s : tensor<2x4x6x6xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<2x4x6x6xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<2x4x6x6xf32>
  %low = meld.compare le, %n, %zero : tensor<2x4x6x6xf32>
  %high = meld.compare ge, %n, %six : tensor<2x4x6x6xf32>
  %mask = meld.or %low, %high : tensor<2x4x6x6xi1>
  %r = meld.max %n, %zero : tensor<2x4x6x6xf32>
  %r6 = meld.min %r, %six : tensor<2x4x6x6xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<2x4x1x6xf32>
  %p0 = meld.concat %r6, %row dim = 2 : (tensor<2x4x6x6xf32>, tensor<2x4x1x6xf32>) -> tensor<2x4x7x6xf32>
  %col = meld.constant dense<0.000000e+00> : tensor<2x4x7x1xf32>
  %p1 = meld.concat %p0, %col dim = 3 : (tensor<2x4x7x6xf32>, tensor<2x4x7x1xf32>) -> tensor<2x4x7x7xf32>
  return %p1, %mask : tensor<2x4x7x7xf32>, tensor<2x4x6x6xi1>
}

// Padded along the leading dim (the dim host blocks split): the exp, also
// an output, stays apart.
// CHECK-LABEL: func.func @padded_leading(
// CHECK-NEXT:    %[[E:.+]] = meld.exp
// CHECK-NEXT:    meld.kernel pointwise(%[[E]])
func.func @padded_leading(%x: tensor<6x4xf32>) -> (tensor<7x4xf32>, tensor<6x4xf32>) {
  %e = meld.exp %x : tensor<6x4xf32>
  %n = meld.neg %e : tensor<6x4xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<1x4xf32>
  %p = meld.concat %n, %zero dim = 0 : (tensor<6x4xf32>, tensor<1x4xf32>) -> tensor<7x4xf32>
  return %p, %e : tensor<7x4xf32>, tensor<6x4xf32>
}
