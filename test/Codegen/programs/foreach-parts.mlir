// Horizontal kernels of many pointwise parts (optimizer steps): the host
// compiles one body per distinct computation over a flattened tensor<?xT>
// and runs the parts from a table (docs/codegen.md, "Foreach kernels").
// Parts here have 1 to 70,000 elements and ranks 1 to 3, read shared and
// per-part rank-0 tensors, hold splat constants, and come in two
// computations, one of them also on f16 values. unittests/Codegen compares
// every function with the interpreter, fused and unfused, on the host and
// through the emulated GPU mapping.
//
// Launches are made to cost 1 us and sharing nothing, so that every set of
// parts shares a launch whatever this machine's launch costs.
// RUN: meld-compile %s --targets=host --host-launch-costs=1000,0,85000 --host-asm=%t.s -o %t.meldb --print-metadata | FileCheck %s --check-prefix=META
// RUN: FileCheck %s --input-file=%t.s
// Two bodies for @sgd (the momentum and the plain update), two for @mixed
// (its f32 parts share one whatever their shapes and splats' shapes; the
// f16 part is a computation of its own); a table for each.
// CHECK-DAG: {{^}}sgd_kernel_0_each0:
// CHECK-DAG: {{^}}sgd_kernel_0_each1:
// CHECK-DAG: {{^}}meld_kernel_sgd_kernel_0:
// CHECK-DAG: __meld_foreach_sgd_kernel_0_starts:
// CHECK-DAG: {{^}}mixed_kernel_0_each1:
// CHECK-NOT: {{^}}sgd_kernel_0_each2:
// CHECK-NOT: {{^}}mixed_kernel_0_each2:
// The block count of each is the sum of its parts' blocks, as the table's.
// META: "host_blocks":
// Strict floating point computes exactly what the interpreter does.
// RUN: meld-compile %s --targets=host --host-launch-costs=1000,0,85000 --strict-fp -o %t.strict.meldb
// RUN: meld-run %t.strict.meldb --entry=sgd --random-inputs --seed 5 > %t.compiled
// RUN: meld-run %s --entry=sgd --random-inputs --seed 5 > %t.interpreted
// RUN: diff %t.compiled %t.interpreted

// SGD with momentum on three parameters, a plain step on two more:
//   b' = mu b + g;  p' = p - lr b'      (momentum)
//   p' = p - lr g                        (plain)
func.func @sgd(%lr: tensor<f32>, %mu: tensor<f32>,
               %p0: tensor<70000xf32>, %g0: tensor<70000xf32>, %b0: tensor<70000xf32>,
               %p1: tensor<3x7xf32>, %g1: tensor<3x7xf32>, %b1: tensor<3x7xf32>,
               %p2: tensor<1xf32>, %g2: tensor<1xf32>, %b2: tensor<1xf32>,
               %p3: tensor<2x3x5xf32>, %g3: tensor<2x3x5xf32>,
               %p4: tensor<4099xf32>, %g4: tensor<4099xf32>)
    -> (tensor<70000xf32>, tensor<70000xf32>, tensor<3x7xf32>, tensor<3x7xf32>,
        tensor<1xf32>, tensor<1xf32>, tensor<2x3x5xf32>, tensor<4099xf32>) {
  %lr0 = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> tensor<70000xf32>
  %mu0 = meld.broadcast_in_dim %mu, dims = [] : tensor<f32> -> tensor<70000xf32>
  %m0 = meld.mul %mu0, %b0 : tensor<70000xf32>
  %n0 = meld.add %m0, %g0 : tensor<70000xf32>
  %s0 = meld.mul %lr0, %n0 : tensor<70000xf32>
  %q0 = meld.sub %p0, %s0 : tensor<70000xf32>
  %lr1 = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> tensor<3x7xf32>
  %mu1 = meld.broadcast_in_dim %mu, dims = [] : tensor<f32> -> tensor<3x7xf32>
  %m1 = meld.mul %mu1, %b1 : tensor<3x7xf32>
  %n1 = meld.add %m1, %g1 : tensor<3x7xf32>
  %s1 = meld.mul %lr1, %n1 : tensor<3x7xf32>
  %q1 = meld.sub %p1, %s1 : tensor<3x7xf32>
  %lr2 = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> tensor<1xf32>
  %mu2 = meld.broadcast_in_dim %mu, dims = [] : tensor<f32> -> tensor<1xf32>
  %m2 = meld.mul %mu2, %b2 : tensor<1xf32>
  %n2 = meld.add %m2, %g2 : tensor<1xf32>
  %s2 = meld.mul %lr2, %n2 : tensor<1xf32>
  %q2 = meld.sub %p2, %s2 : tensor<1xf32>
  %lr3 = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> tensor<2x3x5xf32>
  %s3 = meld.mul %lr3, %g3 : tensor<2x3x5xf32>
  %q3 = meld.sub %p3, %s3 : tensor<2x3x5xf32>
  %lr4 = meld.broadcast_in_dim %lr, dims = [] : tensor<f32> -> tensor<4099xf32>
  %s4 = meld.mul %lr4, %g4 : tensor<4099xf32>
  %q4 = meld.sub %p4, %s4 : tensor<4099xf32>
  return %q0, %n0, %q1, %n1, %q2, %n2, %q3, %q4
      : tensor<70000xf32>, tensor<70000xf32>, tensor<3x7xf32>, tensor<3x7xf32>,
        tensor<1xf32>, tensor<1xf32>, tensor<2x3x5xf32>, tensor<4099xf32>
}

// Per-part rank-0 inputs (a step size per parameter), splat constants, and
// parts on f16 values, whose element type makes them a body of their own:
//   p' = p - s (g / (sqrt(v) + 1e-3))
func.func @mixed(%s0: tensor<f32>, %p0: tensor<999xf32>, %g0: tensor<999xf32>, %v0: tensor<999xf32>,
                 %s1: tensor<f32>, %p1: tensor<17x3xf32>, %g1: tensor<17x3xf32>, %v1: tensor<17x3xf32>,
                 %s2: tensor<f16>, %p2: tensor<40xf16>, %g2: tensor<40xf16>, %v2: tensor<40xf16>)
    -> (tensor<999xf32>, tensor<17x3xf32>, tensor<40xf16>) {
  %e0 = meld.constant dense<1.0e-3> : tensor<999xf32>
  %a0 = meld.abs %v0 : tensor<999xf32>
  %r0 = meld.sqrt %a0 : tensor<999xf32>
  %d0 = meld.add %r0, %e0 : tensor<999xf32>
  %u0 = meld.div %g0, %d0 : tensor<999xf32>
  %b0 = meld.broadcast_in_dim %s0, dims = [] : tensor<f32> -> tensor<999xf32>
  %t0 = meld.mul %b0, %u0 : tensor<999xf32>
  %q0 = meld.sub %p0, %t0 : tensor<999xf32>
  %e1 = meld.constant dense<1.0e-3> : tensor<17x3xf32>
  %a1 = meld.abs %v1 : tensor<17x3xf32>
  %r1 = meld.sqrt %a1 : tensor<17x3xf32>
  %d1 = meld.add %r1, %e1 : tensor<17x3xf32>
  %u1 = meld.div %g1, %d1 : tensor<17x3xf32>
  %b1 = meld.broadcast_in_dim %s1, dims = [] : tensor<f32> -> tensor<17x3xf32>
  %t1 = meld.mul %b1, %u1 : tensor<17x3xf32>
  %q1 = meld.sub %p1, %t1 : tensor<17x3xf32>
  %e2 = meld.constant dense<1.0e-3> : tensor<40xf16>
  %a2 = meld.abs %v2 : tensor<40xf16>
  %r2 = meld.sqrt %a2 : tensor<40xf16>
  %d2 = meld.add %r2, %e2 : tensor<40xf16>
  %u2 = meld.div %g2, %d2 : tensor<40xf16>
  %b2 = meld.broadcast_in_dim %s2, dims = [] : tensor<f16> -> tensor<40xf16>
  %t2 = meld.mul %b2, %u2 : tensor<40xf16>
  %q2 = meld.sub %p2, %t2 : tensor<40xf16>
  return %q0, %q1, %q2 : tensor<999xf32>, tensor<17x3xf32>, tensor<40xf16>
}
