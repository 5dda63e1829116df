// A program of 1 x 1 and 1-element tensors (found by the differential
// fuzzer, meld-fuzz-differential): code generation folds the unit dims to
// rank 0, and a row block's slice of a rank-0 tensor's reshape has a
// dynamic size. meld-tile-host-blocks moved such a slice above the
// reshape, which made an expand_shape of a rank-0 buffer to a dynamic dim
// that bufferization rejects; it no longer moves slices above reshapes of
// rank-0 tensors. unittests/Codegen compares the function with the
// interpreter, fused and unfused, for the host and the emulated GPU
// mapping.
//
// RUN: meld-compile %s --targets=host -o %t.meldb

func.func @main(%arg0: tensor<1x1xf32>, %arg1: tensor<1x1xf32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>) -> (tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %0 = meld.mul %arg0, %arg1 : tensor<1x1xf32>
  %1 = meld.sub %arg2, %arg3 : tensor<1xf32>
  %2 = meld.constant dense<1.000000e+00> : tensor<1x1xf32>
  %3 = meld.matmul %0, %2 : tensor<1x1xf32>, tensor<1x1xf32> -> tensor<1x1xf32>
  %4 = meld.transpose %0, perm = [1, 0] : tensor<1x1xf32> -> tensor<1x1xf32>
  %5 = meld.sub %0, %arg1 : tensor<1x1xf32>
  %6 = meld.cos %arg3 : tensor<1xf32>
  %7 = meld.add %0, %3 : tensor<1x1xf32>
  %8 = meld.constant dense<5.000000e-01> : tensor<1xf32>
  %9 = meld.mul %arg2, %8 : tensor<1xf32>
  %10 = meld.add %1, %1 : tensor<1xf32>
  %11 = meld.add %7, %7 : tensor<1x1xf32>
  %12 = meld.max %4, %arg0 : tensor<1x1xf32>
  %13 = meld.transpose %11, perm = [1, 0] : tensor<1x1xf32> -> tensor<1x1xf32>
  return %5, %6, %9, %10, %12, %13 : tensor<1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}
