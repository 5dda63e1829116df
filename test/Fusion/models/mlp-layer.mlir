// RUN: meld-opt %s --meld-fuse --meld-fusion-report -o /dev/null | FileCheck %s
// RUN: meld-opt %s --meld-fuse | FileCheck %s --check-prefix=IR
// RUN: meld-opt %s --meld-fuse -o %t.mlir
// RUN: meld-run %s --random-inputs --seed 21 --print-threshold=1000000 > %t.unfused
// RUN: meld-run %t.mlir --random-inputs --seed 21 --print-threshold=1000000 > %t.fused
// RUN: diff %t.unfused %t.fused

// One transformer MLP up-projection: y = gelu(x W + b), as
// torch.nn.functional.gelu(torch.nn.Linear(128, 512)(x)) with the weight
// stored [in, out], on 16 tokens.

// Unfused, 4 launches: matmul reads x and W (8192 + 262144 B) and writes
// 32768 B; the bias broadcast reads 2048 B and writes 32768 B; add reads
// 65536 B; gelu reads 32768 B; each writes 32768 B: 501760 bytes.
// Fused, the bias and GELU are the matmul's epilogue: one gemm kernel
// reading x, W and b (272384 B) and writing y (32768 B).
// CHECK-LABEL: meld fusion report: @main
// CHECK-NEXT:  group 0: gemm, 4 ops (matmul, broadcast_in_dim, add, gelu), reads 272384 B, writes 32768 B
// CHECK-NEXT:  before fusion: 4 launches, 501760 bytes
// CHECK-NEXT:  after fusion:  1 launches, 305152 bytes (4.00x fewer launches, 1.64x fewer bytes)

// IR-LABEL: func.func @main(
// IR-SAME:      %[[X:[^:]+]]: tensor<16x128xf32>, %[[W:[^:]+]]: tensor<128x512xf32>, %[[B:[^:]+]]: tensor<512xf32>)
// IR-NEXT:    %[[K:.+]] = meld.kernel gemm(%[[X]], %[[W]], %[[B]]) : (tensor<16x128xf32>, tensor<128x512xf32>, tensor<512xf32>) -> tensor<16x512xf32> {
// IR-NEXT:    ^bb0
// IR-NEXT:      meld.matmul
// IR-NEXT:      meld.broadcast_in_dim
// IR-NEXT:      meld.add
// IR-NEXT:      meld.gelu
// IR-NEXT:      meld.yield
// IR-NEXT:    }
// IR-NEXT:    return %[[K]]
func.func @main(%x: tensor<16x128xf32>, %w: tensor<128x512xf32>,
                %b: tensor<512xf32>) -> tensor<16x512xf32> {
  %h = meld.matmul %x, %w
      : tensor<16x128xf32>, tensor<128x512xf32> -> tensor<16x512xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1]
      : tensor<512xf32> -> tensor<16x512xf32>
  %a = meld.add %h, %bb : tensor<16x512xf32>
  %y = meld.gelu %a : tensor<16x512xf32>
  return %y : tensor<16x512xf32>
}
