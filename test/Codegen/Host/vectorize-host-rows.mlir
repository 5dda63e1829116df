// RUN: meld-opt %s --split-input-file --meld-vectorize-host-rows --canonicalize --cse | FileCheck %s
// RUN: meld-opt %s --split-input-file --meld-vectorize-host-rows=vector-bits=256 --canonicalize --cse | FileCheck %s --check-prefix=AVX2

// A convolution's input gradient cut from its padded form (rows of 20 of
// each 22 pixels), masked and scaled per channel: one row per iteration
// of the other loops, read, computed and written as a vector of 20 (the
// mask's bytes too; the per-channel scale broadcast).

// CHECK-LABEL: func.func @rows(
// CHECK:         scf.for %[[N:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT:      scf.for %[[C:.*]] = %c0 to %c192 step %c1 {
// CHECK-NEXT:        scf.for %[[H:.*]] = %c0 to %c20 step %c1 {
// CHECK:               %[[XR:.*]] = vector.transfer_read {{.*}} {in_bounds = [true, true, true, true]} : memref<1x1x1x20xf32, strided<[92928, 484, 22, 1], offset: ?>>, vector<1x1x1x20xf32>
// CHECK:               %[[MR:.*]] = vector.transfer_read {{.*}} : memref<1x1x1x20xi8, {{.*}}>, vector<1x1x1x20xi8>
// CHECK:               %[[SR:.*]] = vector.transfer_read {{.*}}permutation_map = {{.*}} : memref<1xf32, {{.*}}>, vector<1x1x1x20xf32>
// CHECK:               %[[BIT:.*]] = arith.trunci %[[MR]] : vector<1x1x1x20xi8> to vector<1x1x1x20xi1>
// CHECK:               %[[V:.*]] = arith.mulf %[[XR]], %[[SR]] : vector<1x1x1x20xf32>
// CHECK:               %[[R:.*]] = arith.select %[[BIT]], %{{.*}}, %[[V]]
// CHECK:               vector.transfer_write %[[R]], {{.*}} : vector<1x1x1x20xf32>, memref<1x1x1x20xf32
// CHECK-NOT:     linalg.generic
// AVX2-LABEL: func.func @rows(
// AVX2:         vector<1x1x1x20xf32>
func.func @rows(%x: memref<4x192x22x22xf32>, %m: memref<4x192x20x20xi8>, %s: memref<192xf32>, %y: memref<4x192x20x20xf32>) {
  %zero = arith.constant 0.0 : f32
  %xs = memref.subview %x[0, 0, 1, 1] [4, 192, 20, 20] [1, 1, 1, 1] : memref<4x192x22x22xf32> to memref<4x192x20x20xf32, strided<[92928, 484, 22, 1], offset: 23>>
  linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>,
                       affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%xs, %m, %s : memref<4x192x20x20xf32, strided<[92928, 484, 22, 1], offset: 23>>, memref<4x192x20x20xi8>, memref<192xf32>)
      outs(%y : memref<4x192x20x20xf32>) {
  ^bb0(%a: f32, %b: i8, %c: f32, %o: f32):
    %bit = arith.trunci %b : i8 to i1
    %v = arith.mulf %a, %c : f32
    %r = arith.select %bit, %zero, %v : f32
    linalg.yield %r : f32
  }
  return
}

// -----

// A batch norm's statistics over 5 x 5 images (merged into rows of 25):
// its adds may reassociate, so each row is one vector, reduced by one
// vector.multi_reduction into its channel's sum.

// CHECK-LABEL: func.func @channel_sums(
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             %[[ROW:.*]] = vector.transfer_read {{.*}} : memref<1x1x25xf32, {{.*}}>, vector<1x1x25xf32>
// CHECK:             vector.multi_reduction <add>, %[[ROW]], %{{.*}} [0, 2] : vector<1x1x25xf32> to vector<1xf32>
// CHECK:             vector.transfer_write
// CHECK-NOT:     linalg.generic
func.func @channel_sums(%x: memref<4x40x25xf32>, %sum: memref<40xf32>) {
  linalg.generic {
      indexing_maps = [affine_map<(n, c, p) -> (n, c, p)>,
                       affine_map<(n, c, p) -> (c)>],
      iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : memref<4x40x25xf32>) outs(%sum : memref<40xf32>) {
  ^bb0(%a: f32, %s: f32):
    %t = arith.addf %a, %s fastmath<reassoc, contract> : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Left to LLVM: a row that is a multiple of the lanes (16 f32 in 512 bits,
// 8 in 256), a row longer than max-row, a row that an operand reads with a
// stride (every other element), a transposed operand, and a reduction
// whose adds may not reassociate (its sum in the loop's order).

// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT:     vector.transfer_read
// CHECK-COUNT-5: linalg.generic
// AVX2-LABEL: func.func @left_alone(
// AVX2-NOT:     vector.transfer_read
// AVX2-COUNT-5: linalg.generic
func.func @left_alone(%a: memref<8x32xf32>, %b: memref<8x100xf32>,
                      %c: memref<8x20xf32, strided<[40, 2]>>, %d: memref<20x20xf32>,
                      %e: memref<8xf32>, %f: memref<8x20xf32>, %g: memref<20x20xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%a : memref<8x32xf32>) {
  ^bb0(%o: f32):
    %t = arith.addf %o, %o : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      outs(%b : memref<8x100xf32>) {
  ^bb0(%o: f32):
    %t = arith.addf %o, %o : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<8x20xf32, strided<[40, 2]>>) outs(%f : memref<8x20xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%d : memref<20x20xf32>) outs(%g : memref<20x20xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%f : memref<8x20xf32>) outs(%e : memref<8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.addf %x, %o : f32
    linalg.yield %t : f32
  }
  return
}

// -----

// Left to LLVM too: masks held as i1 (a vector of i1 in memory is packed
// in bits, the buffer holds a byte per element), a body with side
// effects (a division's check of its divisor), and a sum of bf16 (LLVM
// cannot legalize a vector sum of halves on every target).

// CHECK-LABEL: func.func @bits_and_checks(
// CHECK-NOT:     vector.transfer_read
// CHECK-COUNT-3: linalg.generic
func.func @bits_and_checks(%a: memref<6x5xi32>, %b: memref<6x5xi32>, %m: memref<6x5xi1>, %q: memref<6x5xi32>,
                           %h: memref<6x33xbf16>, %hs: memref<6xf32>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%h : memref<6x33xbf16>) outs(%hs : memref<6xf32>) {
  ^bb0(%x: bf16, %o: f32):
    %w = arith.extf %x : bf16 to f32
    %t = arith.addf %w, %o fastmath<reassoc> : f32
    linalg.yield %t : f32
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<6x5xi32>, memref<6x5xi32>) outs(%m : memref<6x5xi1>) {
  ^bb0(%x: i32, %y: i32, %o: i1):
    %lt = arith.cmpi slt, %x, %y : i32
    linalg.yield %lt : i1
  }
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : memref<6x5xi32>, memref<6x5xi32>) outs(%q : memref<6x5xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %zero = arith.constant 0 : i32
    %nz = arith.cmpi ne, %y, %zero : i32
    cf.assert %nz, "integer division by zero"
    %d = arith.divsi %x, %y : i32
    linalg.yield %d : i32
  }
  return
}
