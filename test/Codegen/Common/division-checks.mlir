// RUN: meld-opt %s --meld-fuse --meld-outline-kernels '--meld-convert-to-linalg=division-checks=true' | FileCheck %s
// RUN: meld-opt %s --meld-fuse --meld-outline-kernels --meld-convert-to-linalg | FileCheck %s --check-prefix=UNCHECKED

// With division-checks (the host and GPU pipelines), an integer division
// checks its divisor with a cf.assert that meld-lower-host-checks or
// meld-lower-gpu-checks turns into the kernel's error status; float
// divisions are not checked. Without it there is no check, and x / 0 is 0.

// CHECK-LABEL: func.func private @main_kernel_0
// CHECK:         linalg.generic
// CHECK:         ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// CHECK:           %[[NZ:.*]] = arith.cmpi ne, %[[B]], %{{.*}} : i32
// CHECK:           cf.assert %[[NZ]], "integer division by zero"
// CHECK-NOT:     cf.assert

// UNCHECKED-NOT: cf.assert
func.func @main(%a: tensor<4x8xi32>, %b: tensor<4x8xi32>, %x: tensor<4x8xf32>)
    -> (tensor<4x8xi32>, tensor<4x8xf32>) {
  %q = meld.div %a, %b : tensor<4x8xi32>
  %r = meld.add %q, %a : tensor<4x8xi32>
  %y = meld.div %x, %x : tensor<4x8xf32>
  return %r, %y : tensor<4x8xi32>, tensor<4x8xf32>
}
