// RUN: meld-opt %s --meld-map-to-gpu --verify-diagnostics

// An intermediate whose size has no constant bound cannot live in
// workgroup memory.
func.func private @unbounded(%x: memref<?xf32>, %y: memref<?xf32>, %b: index, %e: index) attributes {meld.kernel = "pointwise"} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  // expected-error @+1 {{kernel 'unbounded' needs an intermediate buffer of unbounded size, which a GPU kernel cannot place in workgroup memory}}
  %t = memref.alloc(%n) : memref<?xf32>
  linalg.copy ins(%x : memref<?xf32>) outs(%t : memref<?xf32>)
  linalg.copy ins(%t : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}
