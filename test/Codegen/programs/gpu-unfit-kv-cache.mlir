// RUN: meld-compile %s --targets=host,nvptx,amdgpu --fusion-report -o %t.meldb 2>&1 | FileCheck %s
// RUN: meld-compile %s --targets=host --fusion-report -o %t.host.meldb 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: meld-compile %s --emulate-gpu-on-host -o %t.emu.meldb
// RUN: meld-run %s --random-inputs --seed 5 > %t.ref
// RUN: meld-run %t.emu.meldb --random-inputs --seed 5 > %t.out
// RUN: diff %t.ref %t.out

// A Llama decode step's new key (the kv projection's output viewed as 8
// heads, rotated by RoPE) appended to the 128-token cache, expanded to the
// 32 query heads (grouped-query attention) and transposed for the scores,
// as the PyTorch frontend writes it: fusion makes it one group of 23 ops,
// whose row blocks cannot follow the concatenation along the sequence and
// the expansion, so a GPU kernel would hold the whole 1 MiB expansion in
// its 48 KiB of workgroup memory. For GPU targets compileToBundle unfuses
// the group (fitKernelsToGpu): first into the parts computing ops and the
// data movement after them fall into, then, where a part still does not
// fit, into single ops; the host alone keeps it whole. Run by
// unittests/Codegen on the host and the emulated GPU mapping, fused and
// unfused, against the interpreter.

// CHECK: group 0: pointwise, {{.*}}, unfused for the GPU
// CHECK: group 1: pointwise, {{.*}}, unfused for the GPU
// CHECK: after fusion:  4 launches
// HOST: group 0: pointwise, 23 ops
// HOST-NOT: unfused
// HOST: after fusion:  1 launches
func.func @main(%kv: tensor<1x512xf32>, %cos: tensor<1x1x64xf32>, %sin: tensor<1x1x64xf32>, %cache: tensor<1x8x128x64xf32>) -> tensor<32x64x129xf32> {
    %36 = meld.reshape %kv : tensor<1x512xf32> -> tensor<1x1x512xf32>
    %37 = meld.reshape %kv : tensor<1x512xf32> -> tensor<1x1x512xf32>
    %38 = meld.reshape %37 : tensor<1x1x512xf32> -> tensor<1x1x8x64xf32>
    %39 = meld.reshape %36 : tensor<1x1x512xf32> -> tensor<1x1x8x64xf32>
    %40 = meld.transpose %39, perm = [0, 2, 1, 3] : tensor<1x1x8x64xf32> -> tensor<1x8x1x64xf32>
    %41 = meld.constant dense<1.000000e+00> : tensor<1x1x64xf32>
    %42 = meld.mul %cos, %41 : tensor<1x1x64xf32>
    %43 = meld.reshape %42 : tensor<1x1x64xf32> -> tensor<1x1x1x64xf32>
    %44 = meld.constant dense<1.000000e+00> : tensor<1x1x64xf32>
    %45 = meld.mul %sin, %44 : tensor<1x1x64xf32>
    %46 = meld.reshape %45 : tensor<1x1x64xf32> -> tensor<1x1x1x64xf32>
    %47 = meld.broadcast_in_dim %43, dims = [0, 1, 2, 3] : tensor<1x1x1x64xf32> -> tensor<1x8x1x64xf32>
    %48 = meld.transpose %38, perm = [0, 2, 1, 3] : tensor<1x1x8x64xf32> -> tensor<1x8x1x64xf32>
    %49 = meld.mul %48, %47 : tensor<1x8x1x64xf32>
    %50 = meld.reshape %kv : tensor<1x512xf32> -> tensor<1x1x512xf32>
    %51 = meld.reshape %50 : tensor<1x1x512xf32> -> tensor<1x1x8x64xf32>
    %52 = meld.transpose %51, perm = [0, 2, 1, 3] : tensor<1x1x8x64xf32> -> tensor<1x8x1x64xf32>
    %53 = meld.slice %52 start = [0, 0, 0, 0] limit = [1, 8, 1, 32] : tensor<1x8x1x64xf32> -> tensor<1x8x1x32xf32>
    %54 = meld.slice %40 start = [0, 0, 0, 32] limit = [1, 8, 1, 64] : tensor<1x8x1x64xf32> -> tensor<1x8x1x32xf32>
    %55 = meld.neg %54 : tensor<1x8x1x32xf32>
    %56 = meld.concat %55, %53 dim = 3 : (tensor<1x8x1x32xf32>, tensor<1x8x1x32xf32>) -> tensor<1x8x1x64xf32>
    %57 = meld.broadcast_in_dim %46, dims = [0, 1, 2, 3] : tensor<1x1x1x64xf32> -> tensor<1x8x1x64xf32>
    %58 = meld.mul %56, %57 : tensor<1x8x1x64xf32>
    %59 = meld.add %49, %58 : tensor<1x8x1x64xf32>
    %60 = meld.concat %cache, %59 dim = 2 : (tensor<1x8x128x64xf32>, tensor<1x8x1x64xf32>) -> tensor<1x8x129x64xf32>
    %61 = meld.reshape %60 : tensor<1x8x129x64xf32> -> tensor<1x8x1x129x64xf32>
    %62 = meld.broadcast_in_dim %61, dims = [0, 1, 2, 3, 4] : tensor<1x8x1x129x64xf32> -> tensor<1x8x4x129x64xf32>
    %63 = meld.reshape %62 : tensor<1x8x4x129x64xf32> -> tensor<1x32x129x64xf32>
    %64 = meld.transpose %63, perm = [0, 1, 3, 2] : tensor<1x32x129x64xf32> -> tensor<1x32x64x129xf32>
    %65 = meld.reshape %64 : tensor<1x32x64x129xf32> -> tensor<32x64x129xf32>
    return %65 : tensor<32x64x129xf32>
}
