// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=padded-conv-columns' --meld-fold-unit-extent-dims --canonicalize --linalg-fuse-elementwise-ops --canonicalize --cse --meld-kernel-to-dps '--meld-tile-host-blocks=tile-elements=2048 fit-small-outputs balance-threads=2' | FileCheck %s

// A scan's rows are a loop over blocks of rows that meld-tile-host-blocks
// shares between the threads. Built with blocks of one row, it survives
// canonicalization for any number of rows: built with blocks of 8, the
// loop over these 8 rows was a single iteration, folded away, and the 8
// rows ran on one thread.

// CHECK-LABEL: func.func private @eight_rows_kernel_0
// CHECK-SAME:    meld.rows_per_block = 4
// CHECK:         %[[FOUR:.*]] = arith.constant 4 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[FOUR]]
// CHECK:           meld.serial
func.func @eight_rows(%x: tensor<8x50257xf32>) -> tensor<8x50257xf32> {
  %c = meld.cumulative sum %x axis = 1 : tensor<8x50257xf32>
  return %c : tensor<8x50257xf32>
}

// CHECK-LABEL: func.func private @two_rows_kernel_0
// CHECK-SAME:    meld.rows_per_block = 1
func.func @two_rows(%x: tensor<2x1000xf32>) -> tensor<2x1000xi64> {
  %i = meld.argsort %x axis = 1 : (tensor<2x1000xf32>) -> tensor<2x1000xi64>
  return %i : tensor<2x1000xi64>
}
