// Before any fusion pass ran, every edge is one a pass would fuse or refuse.
// RUN: meld-opt %s --meld-explain-fusion -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// After fusion (all passes but horizontal packing), the reasons for what is
// left apart.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise,meld-fuse-reductions,meld-fuse-gemm-epilogue,meld-outline-singletons,meld-explain-fusion))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED
// The same limits given to the passes and to the explainer.
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-pointwise{max-group-ops=2},meld-fuse-reductions{max-persistent-row=16},meld-explain-fusion{max-group-ops=2 max-persistent-row=16}))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=SMALL
// The explainer checks its options like the passes do.
// RUN: not meld-opt %s -pass-pipeline='builtin.module(func.func(meld-explain-fusion{max-persistent-row=0}))' -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: fusion option max-persistent-row=0 is out of range; it must be at least 1

// Kept last so that the checks above still run.
// Regression (fixed): after the documented `--meld-fuse --meld-explain-fusion`, edges into
// or out of a horizontal kernel get no remark at all (see @packed_producers).
// RUN: meld-opt %s --meld-fuse --meld-explain-fusion -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=PACKED

// A chain the pointwise pass fuses: before, it says it would; after, there
// is nothing to explain.
// FUSED-NOT: remark
// SMALL-NOT: remark
func.func @chain(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %e = meld.exp %x : tensor<8x64xf32>
  // BEFORE: :[[@LINE+2]]:8: remark: not fused with its pointwise producer 'exp': meld-fuse-pointwise would fuse them; it has not run since they were formed
  // BEFORE: :[[@LINE-2]]:8: note: producer is here
  %n = meld.neg %e : tensor<8x64xf32>
  return %n : tensor<8x64xf32>
}

// A -> reduce -> B with A also feeding B: merging A into B's group would
// create a cycle through the reduction's group.
func.func @cycle(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %a = meld.exp %x : tensor<8x64xf32>
  // BEFORE: :[[@LINE+1]]:8: remark: not fused with its pointwise producer 'exp': meld-fuse-reductions would fuse them; it has not run since they were formed
  %s = meld.reduce sum %a dims = [1] keep_dims : tensor<8x64xf32> -> tensor<8x1xf32>
  // BEFORE: :[[@LINE+4]]:9: remark: not fused with its reduction producer 'reduce': meld-fuse-reductions would fuse them; it has not run since they were formed
  // With rows too long for one block, exp joins the sum as its prologue and
  // the row-wise division stays apart.
  // SMALL: :[[@LINE+1]]:9: remark: not fused with its reduction producer 'exp, reduce': incompatible iteration space: the epilogue works on whole rows, which needs a persistent-row reduction, but rows of 64 elements exceed max-persistent-row=16
  %sb = meld.broadcast_in_dim %s, dims = [0, 1] : tensor<8x1xf32> -> tensor<8x64xf32>
  // BEFORE: :[[@LINE+2]]:8: remark: not fused with its pointwise producer 'exp': cycle: a path between the groups runs through 'meld.broadcast_in_dim' outside both
  // BEFORE: :[[@LINE+1]]:8: remark: not fused with its pointwise producer 'broadcast_in_dim': meld-fuse-pointwise would fuse them; it has not run since they were formed
  %b = meld.div %a, %sb : tensor<8x64xf32>
  return %b : tensor<8x64xf32>
}

// A pointwise producer also returned, with another iteration space.
func.func @incompatible(%x: tensor<8x64xf32>, %v: tensor<64xf32>) -> (tensor<8x64xf32>, tensor<64xf32>) {
  %p = meld.exp %v : tensor<64xf32>
  // BEFORE: :[[@LINE+5]]:9: remark: not fused with its pointwise producer 'exp': incompatible iteration space: the producer's tensor<64xf32> is also used elsewhere and would be an extra output of a kernel iterating over tensor<8x64xf32>
  // FUSED: :[[@LINE+4]]:9: remark: not fused with its pointwise producer 'exp': incompatible iteration space: the producer's tensor<64xf32> is also used elsewhere and would be an extra output of a kernel iterating over tensor<8x64xf32>
  // SMALL: :[[@LINE+3]]:9: remark: not fused with its pointwise producer 'exp': incompatible iteration space: the producer's tensor<64xf32> is also used elsewhere and would be an extra output of a kernel iterating over tensor<8x64xf32>
  // FUSED: :[[@LINE-4]]:8: note: producer is here
  // SMALL: :[[@LINE-5]]:8: note: producer is here
  %pb = meld.broadcast_in_dim %p, dims = [1] : tensor<64xf32> -> tensor<8x64xf32>
  %y = meld.add %x, %pb : tensor<8x64xf32>
  return %y, %p : tensor<8x64xf32>, tensor<64xf32>
}

// Kinds: a transpose is no elementwise prologue, and contractions never
// fuse with reductions in either direction.
// FUSED-NOT: remark
func.func @kinds(%x: tensor<8x64xf32>, %w: tensor<32x64xf32>) -> tensor<8x32xf32> {
  %t = meld.transpose %w, perm = [1, 0] : tensor<32x64xf32> -> tensor<64x32xf32>
  // FUSED: :[[@LINE+1]]:8: remark: not fused with its pointwise producer 'transpose': kinds: only elementwise prologues fuse into a contraction
  %y = meld.matmul %x, %t : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  // FUSED: :[[@LINE+1]]:8: remark: not fused with its gemm producer 'matmul': kinds: a gemm producer and a reduction consumer are not a contraction with an elementwise epilogue or prologue
  %s = meld.reduce sum %y dims = [1] keep_dims : tensor<8x32xf32> -> tensor<8x1xf32>
  // FUSED: :[[@LINE+1]]:8: remark: not fused with its reduction producer 'reduce': kinds: a reduction producer and a gemm consumer are not a contraction with an elementwise epilogue or prologue
  %z = meld.matmul %s, %s transpose_rhs : tensor<8x1xf32>, tensor<8x1xf32> -> tensor<8x8xf32>
  return %y : tensor<8x32xf32>
}

// Cost: the converted weight is also returned, so fusing the cast into the
// matmul would recompute it per tile and still write it.
func.func @cost(%x: tensor<8x64xf32>, %w: tensor<64x32xf16>) -> (tensor<8x32xf32>, tensor<64x32xf32>) {
  %wf = meld.cast %w : tensor<64x32xf16> to tensor<64x32xf32>
  // FUSED: :[[@LINE+2]]:8: remark: not fused with its pointwise producer 'cast': cost: the prologue's result is also used elsewhere, so it would be recomputed for every tile and still written
  // FUSED: :[[@LINE-2]]:9: note: producer is here
  %y = meld.matmul %x, %wf : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %y, %wf : tensor<8x32xf32>, tensor<64x32xf32>
}

// An epilogue that leaves the product's iteration space.
func.func @epilogue_shape(%x: tensor<8x64xf32>, %w: tensor<64x32xf32>) -> tensor<256xf32> {
  %y = meld.matmul %x, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  // FUSED: :[[@LINE+1]]:8: remark: not fused with its gemm producer 'matmul': incompatible iteration space: 'meld.reshape' moves elements of the product across tiles
  %r = meld.reshape %y : tensor<8x32xf32> -> tensor<256xf32>
  return %r : tensor<256xf32>
}

// Reductions over different rows.
func.func @rows(%x: tensor<8x64xf32>) -> tensor<f32> {
  %r = meld.reduce sum %x dims = [1] : tensor<8x64xf32> -> tensor<8xf32>
  // FUSED: :[[@LINE+1]]:8: remark: not fused with its reduction producer 'reduce': incompatible iteration space: the reductions work on different rows
  %t = meld.reduce max %r dims = [0] : tensor<8xf32> -> tensor<f32>
  return %t : tensor<f32>
}

// A row-wise epilogue needs a persistent row: fine for rows of 64 by
// default (fused, no remark), refused with max-persistent-row=16.
// FUSED-NOT: remark: {{.*}}persistent
func.func @row_epilogue(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %max = meld.reduce max %x dims = [1] keep_dims : tensor<8x64xf32> -> tensor<8x1xf32>
  // SMALL: :[[@LINE+1]]:11: remark: not fused with its reduction producer 'reduce': incompatible iteration space: the epilogue works on whole rows, which needs a persistent-row reduction, but rows of 64 elements exceed max-persistent-row=16
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<8x1xf32> -> tensor<8x64xf32>
  %y = meld.sub %x, %maxb : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// The same over columns: not the trailing dimension.
func.func @column_epilogue(%x: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %max = meld.reduce max %x dims = [0] keep_dims : tensor<64x8xf32> -> tensor<1x8xf32>
  // FUSED: :[[@LINE+1]]:11: remark: not fused with its reduction producer 'reduce': incompatible iteration space: the epilogue works on whole rows, which needs a persistent-row reduction, but the reduced dimensions are not the trailing ones
  %maxb = meld.broadcast_in_dim %max, dims = [0, 1] : tensor<1x8xf32> -> tensor<64x8xf32>
  %y = meld.sub %x, %maxb : tensor<64x8xf32>
  return %y : tensor<64x8xf32>
}

// Limits: with max-group-ops=2 the chain is {exp} and {neg, abs}; the pass
// and the explainer agree why.
// FUSED-NOT: remark
func.func @limit(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = meld.exp %x : tensor<4xf32>
  // SMALL: :[[@LINE+2]]:8: remark: not fused with its pointwise producer 'exp': limit: the group would hold 3 ops (max-group-ops=2)
  // SMALL: :[[@LINE-2]]:8: note: producer is here
  %b = meld.neg %a : tensor<4xf32>
  %c = meld.abs %b : tensor<4xf32>
  return %c : tensor<4xf32>
}

// Regression (fixed): Q and K projections of one input are packed into a horizontal
// kernel by meld-fuse; the scores matmul reads both, and neither edge is
// explained (FusionPlanner treats horizontal kernels as non-nodes, so
// `producers()` skips them). Expected: a remark at the scores matmul, as
// without horizontal packing ("kinds: a gemm producer and a gemm consumer
// ...").
func.func @packed_producers(%x: tensor<16x64xf32>, %wq: tensor<64x64xf32>, %wk: tensor<64x64xf32>) -> tensor<16x16xf32> {
  %q = meld.matmul %x, %wq : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  %k = meld.matmul %x, %wk : tensor<16x64xf32>, tensor<64x64xf32> -> tensor<16x64xf32>
  // FUSED-COUNT-2: :[[@LINE+2]]:8: remark: not fused with its gemm producer 'matmul': kinds: a gemm producer and a gemm consumer are not a contraction with an elementwise epilogue or prologue
  // PACKED: :[[@LINE+1]]:8: remark: not fused with its {{.*}}producer
  %s = meld.matmul %q, %k transpose_rhs : tensor<16x64xf32>, tensor<16x64xf32> -> tensor<16x16xf32>
  return %s : tensor<16x16xf32>
}

// A gather's operand is never computed in the gather's kernel: before and
// after fusion, the reason is given.
func.func @gather_of_computed(%t: tensor<256x64xf32>, %ids: tensor<?xi64>) -> tensor<?x64xf32> {
  %s = meld.exp %t : tensor<256x64xf32>
  // BEFORE: :[[@LINE+3]]:8: remark: not fused with its pointwise producer 'exp': incompatible iteration space: a meld.gather would read, at data-dependent positions, a tensor the kernel computes block by block
  // FUSED: :[[@LINE+2]]:8: remark: not fused with its pointwise producer 'exp': incompatible iteration space: a meld.gather would read, at data-dependent positions, a tensor the kernel computes block by block
  // FUSED-NOT: remark
  %e = meld.gather %s, %ids axis = 0 : (tensor<256x64xf32>, tensor<?xi64>) -> tensor<?x64xf32>
  %n = meld.neg %e : tensor<?x64xf32>
  return %n : tensor<?x64xf32>
}
