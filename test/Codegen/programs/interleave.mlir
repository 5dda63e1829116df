// Concatenations along the last dim of inputs one element long there:
// interleaves. meld-convert-to-linalg lowers each to one generic that picks
// input k at position k, and meld-vectorize-host-copies turns a power of two
// of them into vector reads of each input and vector.interleave (the
// phases of a stride-2 convolution's input gradient, put together by
// PyTorch's backward, had been copied element by element into strided
// slices). unittests/Codegen compares every function with the interpreter,
// fused and unfused, for the host and the emulated GPU mapping.
//
// The kernels are printed in no fixed order: one check prefix each.
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHUFFLE
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOUR
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BYTES
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DYN
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THREE
// RUN: meld-compile %s --targets=host --host-threads=2 -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-copies 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STACK
//
// The pixel shuffle of four 5 x 6 phases into 10 x 12 images: two 2-way
// interleaves of 16-lane rows (6 pixels: one masked vector each), then
// the relu's gradient and a batch norm's product.
// SHUFFLE-LABEL: func.func private @pixel_shuffle_kernel_0(
// SHUFFLE-COUNT-2: vector.interleave {{.*}} : vector<16xf32> -> vector<32xf32>
// SHUFFLE-NOT:     vector.interleave
// SHUFFLE:         return
// Four inputs: two rounds of interleaves.
// FOUR-LABEL: func.func private @four_way_kernel_0(
// FOUR:         vector.interleave {{.*}} : vector<16xf32> -> vector<32xf32>
// FOUR:         vector.interleave {{.*}} : vector<16xf32> -> vector<32xf32>
// FOUR:         vector.interleave {{.*}} : vector<32xf32> -> vector<64xf32>
// BYTES-LABEL: func.func private @bytes_kernel_0(
// BYTES:         vector.interleave {{.*}} : vector<64xi8> -> vector<128xi8>
// DYN-LABEL: func.func private @dynamic_rows_kernel_0(
// DYN:         vector.interleave {{.*}} : vector<16xf32> -> vector<32xf32>
// Three inputs are no power of two, and an interleave that an elementwise
// consumer reads directly is fused into it: both stay generics that pick
// by their index.
// THREE-LABEL: func.func private @three_way_kernel_0(
// THREE-NOT:     vector.interleave
// THREE:         linalg.index
// STACK-LABEL: func.func private @stacked_exp_kernel_0(
// STACK-NOT:     vector.interleave
// STACK:         linalg.index

func.func @pixel_shuffle(%p00: tensor<2x3x5x6xf32>, %p01: tensor<2x3x5x6xf32>, %p10: tensor<2x3x5x6xf32>, %p11: tensor<2x3x5x6xf32>, %act: tensor<2x3x10x12xf32>, %mean: tensor<1x3x1x1xf32>, %x: tensor<2x3x10x12xf32>) -> (tensor<2x3x10x12xf32>, tensor<2x3x10x12xf32>) {
  %0 = meld.reshape %p00 : tensor<2x3x5x6xf32> -> tensor<2x3x5x6x1xf32>
  %1 = meld.reshape %p01 : tensor<2x3x5x6xf32> -> tensor<2x3x5x6x1xf32>
  %2 = meld.concat %0, %1 dim = 4 : (tensor<2x3x5x6x1xf32>, tensor<2x3x5x6x1xf32>) -> tensor<2x3x5x6x2xf32>
  %3 = meld.reshape %p10 : tensor<2x3x5x6xf32> -> tensor<2x3x5x6x1xf32>
  %4 = meld.reshape %p11 : tensor<2x3x5x6xf32> -> tensor<2x3x5x6x1xf32>
  %5 = meld.concat %3, %4 dim = 4 : (tensor<2x3x5x6x1xf32>, tensor<2x3x5x6x1xf32>) -> tensor<2x3x5x6x2xf32>
  %6 = meld.reshape %2 : tensor<2x3x5x6x2xf32> -> tensor<2x3x5x1x12xf32>
  %7 = meld.reshape %5 : tensor<2x3x5x6x2xf32> -> tensor<2x3x5x1x12xf32>
  %8 = meld.concat %6, %7 dim = 3 : (tensor<2x3x5x1x12xf32>, tensor<2x3x5x1x12xf32>) -> tensor<2x3x5x2x12xf32>
  %9 = meld.reshape %8 : tensor<2x3x5x2x12xf32> -> tensor<2x3x10x12xf32>
  %zero = meld.constant dense<0.000000e+00> : tensor<2x3x10x12xf32>
  %off = meld.compare le, %act, %zero : tensor<2x3x10x12xf32>
  %g = meld.select %off, %zero, %9 : tensor<2x3x10x12xi1>, tensor<2x3x10x12xf32>
  %m = meld.broadcast_in_dim %mean, dims = [0, 1, 2, 3] : tensor<1x3x1x1xf32> -> tensor<2x3x10x12xf32>
  %c = meld.sub %x, %m : tensor<2x3x10x12xf32>
  %p = meld.mul %g, %c : tensor<2x3x10x12xf32>
  return %g, %p : tensor<2x3x10x12xf32>, tensor<2x3x10x12xf32>
}

func.func @four_way(%a: tensor<3x37xf32>, %b: tensor<3x37xf32>, %c: tensor<3x37xf32>, %d: tensor<3x37xf32>) -> tensor<3x37x4xf32> {
  %a1 = meld.reshape %a : tensor<3x37xf32> -> tensor<3x37x1xf32>
  %b1 = meld.reshape %b : tensor<3x37xf32> -> tensor<3x37x1xf32>
  %c1 = meld.reshape %c : tensor<3x37xf32> -> tensor<3x37x1xf32>
  %d1 = meld.reshape %d : tensor<3x37xf32> -> tensor<3x37x1xf32>
  %s = meld.concat %a1, %b1, %c1, %d1 dim = 2 : (tensor<3x37x1xf32>, tensor<3x37x1xf32>, tensor<3x37x1xf32>, tensor<3x37x1xf32>) -> tensor<3x37x4xf32>
  return %s : tensor<3x37x4xf32>
}

func.func @bytes(%a: tensor<5x70x1xi8>, %b: tensor<5x70x1xi8>) -> tensor<5x140xi8> {
  %s = meld.concat %a, %b dim = 2 : (tensor<5x70x1xi8>, tensor<5x70x1xi8>) -> tensor<5x70x2xi8>
  %r = meld.reshape %s : tensor<5x70x2xi8> -> tensor<5x140xi8>
  return %r : tensor<5x140xi8>
}

func.func @dynamic_rows(%a: tensor<?x20x1xf32>, %b: tensor<?x20x1xf32>) -> tensor<?x20x2xf32> {
  %s = meld.concat %a, %b dim = 2 : (tensor<?x20x1xf32>, tensor<?x20x1xf32>) -> tensor<?x20x2xf32>
  return %s : tensor<?x20x2xf32>
}

func.func @three_way(%a: tensor<4x9x1xf32>, %b: tensor<4x9x1xf32>, %c: tensor<4x9x1xf32>) -> tensor<4x9x3xf32> {
  %s = meld.concat %a, %b, %c dim = 2 : (tensor<4x9x1xf32>, tensor<4x9x1xf32>, tensor<4x9x1xf32>) -> tensor<4x9x3xf32>
  return %s : tensor<4x9x3xf32>
}

func.func @stacked_exp(%a: tensor<6x33x1xf32>, %b: tensor<6x33x1xf32>) -> tensor<6x33x2xf32> {
  %s = meld.concat %a, %b dim = 2 : (tensor<6x33x1xf32>, tensor<6x33x1xf32>) -> tensor<6x33x2xf32>
  %e = meld.exp %s : tensor<6x33x2xf32>
  return %e : tensor<6x33x2xf32>
}
