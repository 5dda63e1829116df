// RUN: meld-opt %s --pass-pipeline='builtin.module(func.func(meld-vectorize-host-contractions),canonicalize)' | FileCheck %s

// A zero fill of a contraction's output just before it: the register
// tiles start their sums at zero (startSumsAtZero) and the fill goes,
// where it had written the whole output for the tiles to read back. In
// several k blocks the tiles start at zero in the first and read the
// output in the others. test/Codegen/programs/zero-filled-sums.mlir runs
// such GEMMs against the interpreter.

#mA = affine_map<(i, j, k) -> (i, k)>
#mB = affine_map<(i, j, k) -> (k, j)>
#mC = affine_map<(i, j, k) -> (i, j)>

// One k block (k = 32, the default k-block): zeros, no fill.
// CHECK-LABEL: func.func @one_block
// CHECK-NOT:     linalg.fill
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<8x32xf32>
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args(%{{.*}} = %[[ZERO]]) -> (vector<8x32xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         return
func.func @one_block(%a: memref<16x32xf32>, %b: memref<32x64xf32>,
                     %c: memref<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x32xf32>, memref<32x64xf32>)
      outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// Blocks of 32 along k = 512: zeros in the block at k = 0, the sums the
// block before wrote in the other.
// CHECK-LABEL: func.func @k_blocks
// CHECK-NOT:     linalg.fill
// CHECK:         scf.for %[[KK:.*]] = %c0 to %c512 step %c32
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[KK]], %c0
// CHECK-NEXT:      %[[SUMS:.*]] = scf.if %[[FIRST]] -> (vector<8x32xf32>) {
// CHECK-NEXT:        scf.yield %{{.*}} : vector<8x32xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[OLD:.*]] = vector.transfer_read %arg2
// CHECK-NEXT:        scf.yield %[[OLD]] : vector<8x32xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.for %{{.*}} iter_args(%{{.*}} = %[[SUMS]]) -> (vector<8x32xf32>)
// CHECK-NOT:     linalg.fill
// CHECK:         return
func.func @k_blocks(%a: memref<16x512xf32>, %b: memref<512x32xf32>,
                    %c: memref<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x32xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x512xf32>, memref<512x32xf32>)
      outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// k = 101 (prime): blocks of 32 and a last partial one of 5, whose
// single-iteration loop folds away; its tiles read the fill, which stays
// (the whole blocks' tiles still start at zero).
// CHECK-LABEL: func.func @partial_k_block
// CHECK:         linalg.fill
// CHECK:         scf.if
// CHECK:         return
func.func @partial_k_block(%a: memref<16x101xf32>, %b: memref<101x32xf32>,
                           %c: memref<16x32xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x32xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x101xf32>, memref<101x32xf32>)
      outs(%c : memref<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A fill of another value (or of -0.0) stays, and the tiles read it.
// CHECK-LABEL: func.func @ones
// CHECK:         linalg.fill
// CHECK-NOT:     scf.if
// CHECK:         vector.transfer_read %arg2
// CHECK:         return
func.func @ones(%a: memref<16x32xf32>, %b: memref<32x64xf32>,
                %c: memref<16x64xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%c : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x32xf32>, memref<32x64xf32>)
      outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// Dynamic rows are versioned by their count (row tiles of 1, 4 and 8): the
// fill goes with each version and no version keeps it.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-NOT:     linalg.fill
// CHECK:         return
func.func @dynamic_rows(%a: memref<?x32xf32>, %b: memref<32x64xf32>,
                        %c: memref<?x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<?x64xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<?x32xf32>, memref<32x64xf32>)
      outs(%c : memref<?x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// A dynamic k may be 0: no k block runs, and only the fill writes the
// output, so it stays.
// CHECK-LABEL: func.func @dynamic_depth
// CHECK:         linalg.fill
// CHECK:         return
func.func @dynamic_depth(%a: memref<16x?xf32>, %b: memref<?x64xf32>,
                         %c: memref<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x?xf32>, memref<?x64xf32>)
      outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}

// -0.0 stays: -0.0 + -0.0 is -0.0, a sum started at +0.0 would be +0.0.
// CHECK-LABEL: func.func @negative_zero
// CHECK:         linalg.fill
// CHECK-NOT:     scf.if
// CHECK:         return
func.func @negative_zero(%a: memref<16x32xf32>, %b: memref<32x64xf32>,
                         %c: memref<16x64xf32>) {
  %zero = arith.constant -0.0 : f32
  linalg.fill ins(%zero : f32) outs(%c : memref<16x64xf32>)
  linalg.generic {indexing_maps = [#mA, #mB, #mC],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x32xf32>, memref<32x64xf32>)
      outs(%c : memref<16x64xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p fastmath<reassoc> : f32
    linalg.yield %s : f32
  }
  return
}
