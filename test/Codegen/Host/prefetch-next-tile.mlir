// RUN: meld-opt %s --split-input-file --meld-prefetch-next-tile --cse | FileCheck %s
// RUN: meld-opt %s --split-input-file --meld-prefetch-next-tile=strip-lines=16 | FileCheck %s --check-prefix=STRIP16

// Softmax's row tile in loop form: a max pass streams the tile of %x, the
// exp pass reads it again (from the cache) and the last pass writes the
// tile of %y. The exp pass prefetches the next tile: %x's lines for
// reading, %y's for writing, 4 lines (64 f32) per strip, on the memrefs at
// the next tile's offset; that offset stays the current one where the next
// tile would not fit (the last iteration). The reduction and the last pass
// are left alone.

// CHECK-LABEL: func.func @softmax_tile(
// CHECK-SAME:    %[[X:[^:]*]]: memref<64x256xf32>, %[[Y:[^:]*]]: memref<64x256xf32>
// CHECK:         scf.for %[[T:.*]] = %{{.*}} to %{{.*}} step %[[C2:[^ ]*]] {
// CHECK:           %[[XT:.*]] = memref.subview %[[X]][%[[T]], 0] [2, 256]
// The max pass: untouched.
// CHECK:           scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK-NEXT:        scf.for %{{.*}} = %c0 to %c256 step %c1 {
// CHECK-NOT:           memref.prefetch
// CHECK:               arith.maximumf
// The next tile's offset, if both tiles fit there.
// CHECK:           %[[NEXT:.*]] = arith.addi %[[T]], %[[C2]]
// CHECK:           %[[XROWS:.*]] = memref.dim %[[X]], %c0
// CHECK:           %[[LAST:.*]] = arith.addi %[[NEXT]], %[[C2]]
// CHECK:           %[[XFITS:.*]] = arith.cmpi sle, %[[LAST]], %[[XROWS]]
// CHECK:           %[[YROWS:.*]] = memref.dim %[[Y]], %c0
// CHECK:           %[[YFITS:.*]] = arith.cmpi sle, %[[LAST]], %[[YROWS]]
// CHECK:           %[[FITS:.*]] = arith.andi %[[XFITS]], %[[YFITS]]
// CHECK:           %[[N:.*]] = arith.select %[[FITS]], %[[NEXT]], %[[T]]
// The exp pass: strips of 64 elements, each starting with its prefetches.
// CHECK:           scf.for %[[R:.*]] = %c0 to %c2 step %c1 {
// CHECK:             scf.for %[[S:.*]] = %c0 to %c256 step %[[C64:[^ ]*]] {
// CHECK:               %[[SEND:.*]] = arith.addi %[[S]], %[[C64]]
// CHECK:               scf.for %[[L:.*]] = %[[S]] to %[[SEND]] step %[[C16:[^ ]*]] {
// CHECK-NEXT:            %[[ROW:.*]] = arith.addi %[[N]], %[[R]]
// CHECK-NEXT:            %[[COL:.*]] = arith.addi %c0, %[[L]]
// CHECK-NEXT:            memref.prefetch %[[X]][%[[ROW]], %[[COL]]], read, locality<3>, data
// CHECK-NEXT:            memref.prefetch %[[Y]][%[[ROW]], %[[COL]]], write, locality<3>, data
// CHECK-NEXT:          }
// CHECK:               scf.for %[[J:.*]] = %[[S]] to %[[SEND]] step %c1 {
// CHECK:                 memref.load %[[XT]][%[[R]], %[[J]]]
// CHECK:                 math.exp
// The last pass: untouched.
// CHECK:           %[[YT:.*]] = memref.subview %[[Y]][%[[T]], 0] [2, 256]
// CHECK:           scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK-NEXT:        scf.for %{{.*}} = %c0 to %c256 step %c1 {
// CHECK-NOT:           memref.prefetch
// CHECK:               arith.divf

// With 16-line strips, a 256-element row is one strip: nothing to overlap.
// STRIP16-LABEL: func.func @softmax_tile(
// STRIP16-NOT:   memref.prefetch
func.func @softmax_tile(%x: memref<64x256xf32>, %y: memref<64x256xf32>,
                        %begin: index, %end: index) attributes {meld.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %ninf = arith.constant 0xFF800000 : f32
  %max = memref.alloc() : memref<2xf32>
  %e = memref.alloc() : memref<2x256xf32>
  scf.for %t = %begin to %end step %c2 {
    %xt = memref.subview %x[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %m = memref.load %max[%r] : memref<2xf32>
        %n = arith.maximumf %m, %v : f32
        memref.store %n, %max[%r] : memref<2xf32>
      }
    }
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %m = memref.load %max[%r] : memref<2xf32>
        %s = arith.subf %v, %m : f32
        %x1 = math.exp %s : f32
        memref.store %x1, %e[%r, %j] : memref<2x256xf32>
      }
    }
    %yt = memref.subview %y[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %e[%r, %j] : memref<2x256xf32>
        %m = memref.load %max[%r] : memref<2xf32>
        %q = arith.divf %v, %m : f32
        memref.store %q, %yt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
      }
    }
  }
  memref.dealloc %max : memref<2xf32>
  memref.dealloc %e : memref<2x256xf32>
  return
}

// -----

// RMSNorm's row tile: the normalization reads %x's tile again and writes
// %y's itself; it prefetches both, %y's for writing.

// CHECK-LABEL: func.func @rmsnorm_tile(
// CHECK-SAME:    %[[X:[^:]*]]: memref<64x256xf32>, %[[Y:[^:]*]]: memref<64x256xf32>
// CHECK:         scf.for %[[L:.*]] = %{{.*}} step %c16 {
// CHECK-NEXT:      %[[ROW:.*]] = arith.addi
// CHECK-NEXT:      %[[COL:.*]] = arith.addi %c0, %[[L]]
// CHECK-NEXT:      memref.prefetch %[[X]][%[[ROW]], %[[COL]]], read
// CHECK-NEXT:      memref.prefetch %[[Y]][%[[ROW]], %[[COL]]], write
// CHECK-NEXT:    }
// CHECK:         arith.mulf
// CHECK:         memref.store
func.func @rmsnorm_tile(%x: memref<64x256xf32>, %y: memref<64x256xf32>,
                        %begin: index, %end: index) attributes {meld.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %acc = memref.alloc() : memref<2xf32>
  scf.for %t = %begin to %end step %c2 {
    %xt = memref.subview %x[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    %yt = memref.subview %y[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %a = memref.load %acc[%r] : memref<2xf32>
        %d = arith.mulf %v, %v : f32
        %s = arith.addf %a, %d : f32
        memref.store %s, %acc[%r] : memref<2xf32>
      }
    }
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %a = memref.load %acc[%r] : memref<2xf32>
        %n = arith.mulf %v, %a : f32
        memref.store %n, %yt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
      }
    }
  }
  memref.dealloc %acc : memref<2xf32>
  return
}

// -----

// A pointwise kernel's tile: its one pass streams %x's tile and writes
// %y's; it prefetches the next tile of both (the hardware prefetcher alone
// left GELU's loads waiting on memory).

// CHECK-LABEL: func.func @elementwise_tile(
// CHECK-SAME:    %[[X:[^:]*]]: memref<64x256xf32>, %[[Y:[^:]*]]: memref<64x256xf32>
// CHECK:         scf.for %[[L:.*]] = %{{.*}} step %c16 {
// CHECK-NEXT:      %[[ROW:.*]] = arith.addi
// CHECK-NEXT:      %[[COL:.*]] = arith.addi %c0, %[[L]]
// CHECK-NEXT:      memref.prefetch %[[X]][%[[ROW]], %[[COL]]], read
// CHECK-NEXT:      memref.prefetch %[[Y]][%[[ROW]], %[[COL]]], write
// CHECK-NEXT:    }
// CHECK:         math.exp
// CHECK:         memref.store
func.func @elementwise_tile(%x: memref<64x256xf32>, %y: memref<64x256xf32>,
                            %begin: index, %end: index)
    attributes {meld.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  scf.for %t = %begin to %end step %c2 {
    %xt = memref.subview %x[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    %yt = memref.subview %y[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %e = math.exp %v : f32
        memref.store %e, %yt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
      }
    }
  }
  return
}

// -----

// A nest that reads the tile but reduces it (LayerNorm's mean and
// variance) is not strip-mined, nor is a function that is not a kernel.

// CHECK-LABEL: func.func @variance_tile(
// CHECK-NOT:     memref.prefetch
// CHECK-LABEL: func.func @not_a_kernel(
// CHECK-NOT:     memref.prefetch
func.func @variance_tile(%x: memref<64x256xf32>, %begin: index, %end: index)
    attributes {meld.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  %acc = memref.alloc() : memref<2xf32>
  scf.for %t = %begin to %end step %c2 {
    %xt = memref.subview %x[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %a = memref.load %acc[%r] : memref<2xf32>
        %s = arith.addf %a, %v : f32
        memref.store %s, %acc[%r] : memref<2xf32>
      }
    }
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %a = memref.load %acc[%r] : memref<2xf32>
        %d = arith.mulf %v, %v : f32
        %s = arith.addf %a, %d : f32
        memref.store %s, %acc[%r] : memref<2xf32>
      }
    }
  }
  memref.dealloc %acc : memref<2xf32>
  return
}

func.func @not_a_kernel(%x: memref<64x256xf32>, %y: memref<64x256xf32>,
                        %begin: index, %end: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c256 = arith.constant 256 : index
  scf.for %t = %begin to %end step %c2 {
    %xt = memref.subview %x[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    %yt = memref.subview %y[%t, 0] [2, 256] [1, 1]
        : memref<64x256xf32> to memref<2x256xf32, strided<[256, 1], offset: ?>>
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        memref.store %v, %yt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
      }
    }
    scf.for %r = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c256 step %c1 {
        %v = memref.load %xt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
        %e = math.exp %v : f32
        memref.store %e, %yt[%r, %j] : memref<2x256xf32, strided<[256, 1], offset: ?>>
      }
    }
  }
  return
}
