// A batch norm's output padded after its ReLU6 for a depthwise convolution,
// beside its ReLU6 mask (PyTorch's training forward): on the host one
// kernel (meld-fuse-pointwise's padded-outputs), whose two outputs, neither
// computed from the other, take row blocks of their own, each computing
// the normalization (meld-tile-host-blocks; it had been one block on one
// thread), fused into the ReLU6 and into the mask, not into a scratch
// tile read back. The unpadded activation is no longer written and read
// back: MobileNetV2's [4, 96, 80, 80] pair took 0.85 ms cold, the kernel
// 0.43-0.45 (Zen 5 VM). With the batch norm's mean saved beside them (a
// horizontal kernel) the same. unittests/Codegen compares every function
// with the interpreter, fused and unfused, for the host and the emulated
// GPU mapping.
// The checks read the module as code generation left it, before its
// conversion to LLVM (one dump): the dumps after meld-tile-host-blocks are
// per function, in the order the pass manager's threads finish them,
// which under load is not the functions' order.
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-before=convert-to-llvm 2>&1 | FileCheck %s
//
// CHECK-LABEL: IR Dump Before ConvertToLLVMPass
// CHECK:       func.func private @padded_relu6_kernel_0(
// CHECK-SAME:    meld.host_parts = {{\[}}[{{[01]}}, {{[1-9][0-9]*}}, {{[0-9]+}}, 0], [{{[01]}}, {{[1-9][0-9]*}}, {{[0-9]+}}, 0]]
// CHECK-NOT:     memref.alloc
// CHECK:         return
// CHECK:       func.func private @with_mean_kernel_0(
// CHECK-SAME:    meld.host_parts = {{\[}}[{{[01]}}, {{[1-9][0-9]*}}, {{[0-9]+}}, 0], [{{[01]}}, {{[1-9][0-9]*}}, {{[0-9]+}}, 0], [2, 0, 1, 0]]
// CHECK-NOT:     memref.alloc
// CHECK:         return

func.func @padded_relu6(%x: tensor<4x32x40x40xf32>, %mean: tensor<32xf32>, %scale: tensor<32xf32>) -> (tensor<4x32x41x41xf32>, tensor<4x32x40x40xi1>) {
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %c = meld.sub %x, %m : tensor<4x32x40x40xf32>
  %n = meld.mul %c, %s : tensor<4x32x40x40xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<4x32x40x40xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<4x32x40x40xf32>
  %r = meld.max %n, %zero : tensor<4x32x40x40xf32>
  %r6 = meld.min %r, %six : tensor<4x32x40x40xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<4x32x1x40xf32>
  %p0 = meld.concat %r6, %row dim = 2 : (tensor<4x32x40x40xf32>, tensor<4x32x1x40xf32>) -> tensor<4x32x41x40xf32>
  %col = meld.constant dense<0.000000e+00> : tensor<4x32x41x1xf32>
  %p1 = meld.concat %p0, %col dim = 3 : (tensor<4x32x41x40xf32>, tensor<4x32x41x1xf32>) -> tensor<4x32x41x41xf32>
  %low = meld.compare le, %n, %zero : tensor<4x32x40x40xf32>
  %high = meld.compare ge, %n, %six : tensor<4x32x40x40xf32>
  %mask = meld.or %low, %high : tensor<4x32x40x40xi1>
  return %p1, %mask : tensor<4x32x41x41xf32>, tensor<4x32x40x40xi1>
}

func.func @with_mean(%x: tensor<4x32x40x40xf32>, %mean: tensor<32xf32>, %scale: tensor<32xf32>) -> (tensor<4x32x41x41xf32>, tensor<4x32x40x40xi1>, tensor<1x32x1x1xf32>) {
  %m = meld.broadcast_in_dim %mean, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %s = meld.broadcast_in_dim %scale, dims = [1] : tensor<32xf32> -> tensor<4x32x40x40xf32>
  %c = meld.sub %x, %m : tensor<4x32x40x40xf32>
  %n = meld.mul %c, %s : tensor<4x32x40x40xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<4x32x40x40xf32>
  %six = meld.constant dense<6.000000e+00> : tensor<4x32x40x40xf32>
  %low = meld.compare le, %n, %zero : tensor<4x32x40x40xf32>
  %high = meld.compare ge, %n, %six : tensor<4x32x40x40xf32>
  %mask = meld.or %low, %high : tensor<4x32x40x40xi1>
  %r = meld.max %n, %zero : tensor<4x32x40x40xf32>
  %r6 = meld.min %r, %six : tensor<4x32x40x40xf32>
  %row = meld.constant dense<0.000000e+00> : tensor<4x32x1x40xf32>
  %p0 = meld.concat %r6, %row dim = 2 : (tensor<4x32x40x40xf32>, tensor<4x32x1x40xf32>) -> tensor<4x32x41x40xf32>
  %col = meld.constant dense<0.000000e+00> : tensor<4x32x41x1xf32>
  %p1 = meld.concat %p0, %col dim = 3 : (tensor<4x32x41x40xf32>, tensor<4x32x41x1xf32>) -> tensor<4x32x41x41xf32>
  %saved = meld.reshape %mean : tensor<32xf32> -> tensor<1x32x1x1xf32>
  return %p1, %mask, %saved : tensor<4x32x41x41xf32>, tensor<4x32x40x40xi1>, tensor<1x32x1x1xf32>
}
