// RUN: meld-opt %s --meld-fuse --meld-fusion-dot -o /dev/null | FileCheck %s
// RUN: meld-opt %s --meld-fusion-dot -o /dev/null | FileCheck %s --check-prefix=UNFUSED

// The DOT printer leaves the IR alone.
// RUN: meld-opt %s --meld-fuse -o %t.fused.mlir
// RUN: meld-opt %s --meld-fuse --meld-fusion-dot -o %t.dotted.mlir > /dev/null
// RUN: diff %t.fused.mlir %t.dotted.mlir

// Kept last so that the checks above still run.
// Regression (fixed): values passed through meld.if (and func.call) results get no edge
// (see @branches), and function names are not escaped in the digraph
// header (see @"layer\"0\""). One label each, so FileCheck reports both.
// RUN: meld-opt %s --meld-fuse --meld-fusion-dot -o /dev/null | FileCheck %s --check-prefix=FIXED

// One digraph per function with a body: arguments are ellipses, fusion
// groups filled boxes labelled "kind\nops", one edge per value passed.
// CHECK-NOT:   digraph "external"
// UNFUSED-NOT: digraph "external"
func.func private @external(tensor<4xf32>) -> tensor<4xf32>

// CHECK-LABEL: digraph "mlp" {
// CHECK-NEXT:    node [shape=box, fontname="monospace"];
// CHECK-NEXT:    arg0 [shape=ellipse, label="%arg0"];
// CHECK-NEXT:    arg1 [shape=ellipse, label="%arg1"];
// CHECK-NEXT:    arg2 [shape=ellipse, label="%arg2"];
// CHECK-NEXT:    arg3 [shape=ellipse, label="%arg3"];
// CHECK-NEXT:    n0 [label="gemm\nmatmul, broadcast_in_dim, add, gelu", style=filled, fillcolor="#dde8f7"];
// CHECK-NEXT:    arg0 -> n0;
// CHECK-NEXT:    arg1 -> n0;
// CHECK-NEXT:    arg2 -> n0;
// CHECK-NEXT:    n1 [label="gemm\nmatmul", style=filled, fillcolor="#dde8f7"];
// CHECK-NEXT:    n0 -> n1;
// CHECK-NEXT:    arg3 -> n1;
// CHECK-NEXT:  }
// Unfused: one plain node per op, named in full, and the edges between ops.
// UNFUSED-LABEL: digraph "mlp" {
// UNFUSED-NEXT:    node [shape=box, fontname="monospace"];
// UNFUSED-COUNT-4: [shape=ellipse
// UNFUSED-NEXT:    n0 [label="meld.matmul"];
// UNFUSED-NEXT:    arg0 -> n0;
// UNFUSED-NEXT:    arg1 -> n0;
// UNFUSED-NEXT:    n1 [label="meld.broadcast_in_dim"];
// UNFUSED-NEXT:    arg2 -> n1;
// UNFUSED-NEXT:    n2 [label="meld.add"];
// UNFUSED-NEXT:    n0 -> n2;
// UNFUSED-NEXT:    n1 -> n2;
// UNFUSED-NEXT:    n3 [label="meld.gelu"];
// UNFUSED-NEXT:    n2 -> n3;
// UNFUSED-NEXT:    n4 [label="meld.matmul"];
// UNFUSED-NEXT:    n3 -> n4;
// UNFUSED-NEXT:    arg3 -> n4;
// UNFUSED-NEXT:  }
func.func @mlp(%x: tensor<8x64xf32>, %w1: tensor<64x256xf32>, %b1: tensor<256xf32>,
               %w2: tensor<256x64xf32>) -> tensor<8x64xf32> {
  %h0 = meld.matmul %x, %w1 : tensor<8x64xf32>, tensor<64x256xf32> -> tensor<8x256xf32>
  %b1r = meld.broadcast_in_dim %b1, dims = [1] : tensor<256xf32> -> tensor<8x256xf32>
  %h1 = meld.add %h0, %b1r : tensor<8x256xf32>
  %h = meld.gelu %h1 approximate = tanh : tensor<8x256xf32>
  %y = meld.matmul %h, %w2 : tensor<8x256xf32>, tensor<256x64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// A kernel with two results both read by the next one: two edges.
// CHECK-LABEL: digraph "two_values" {
// CHECK:         n0 [label="pointwise\nexp, neg", style=filled
// CHECK-NEXT:    arg0 -> n0;
// CHECK-NEXT:    n1 [label="gemm\nmatmul", style=filled
// CHECK-NEXT:    n0 -> n1;
// CHECK-NEXT:    n0 -> n1;
// CHECK-NEXT:  }
func.func @two_values(%x: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %a = meld.exp %x : tensor<8x8xf32>
  %b = meld.neg %a : tensor<8x8xf32>
  %m = meld.matmul %a, %b : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  return %a, %m : tensor<8x8xf32>, tensor<8x8xf32>
}

// A horizontal launch is one node naming its sub-kernels.
// CHECK-LABEL: digraph "packed" {
// FIXED-LABEL:   digraph "packed" {
// CHECK:         n0 [label="horizontal\n[pointwise: exp], [pointwise: tanh]", style=filled
// CHECK-NEXT:    arg0 -> n0;
// CHECK-NEXT:  }
func.func @packed(%x: tensor<8x64xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
  %a = meld.exp %x : tensor<8x64xf32>
  %b = meld.tanh %x : tensor<8x64xf32>
  return %a, %b : tensor<8x64xf32>, tensor<8x64xf32>
}

// Regression (fixed): a symbol name with a quote makes the header invalid DOT
// (`digraph "layer"0"" {`); it must be escaped. (The check sits in the
// block of the "packed" label, which comes just before.)
// FIXED:       digraph "layer\"0\"" {
func.func @"layer\"0\""(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = meld.exp %x : tensor<4xf32>
  return %e : tensor<4xf32>
}

// Kernels inside control-flow regions are nodes of the function's graph,
// with edges from the values they read outside.
// CHECK-LABEL: digraph "branches" {
// CHECK:         n[[E:[0-9]+]] [label="pointwise\nexp"
// CHECK-NEXT:    arg1 -> n[[E]];
// CHECK:         n[[T:[0-9]+]] [label="pointwise\nneg, abs"
// CHECK-NEXT:    n[[E]] -> n[[T]];
// CHECK:         n[[F:[0-9]+]] [label="pointwise\ntanh"
// CHECK-NEXT:    n[[E]] -> n[[F]];
// CHECK:         [label="pointwise\nsqrt"
// Regression (fixed): the kernel after the meld.if reads the value one of the branch
// kernels computed, but no edge leads into it (neither from n1/n2 nor from
// a node for the meld.if): the graph shows it as independent.
// FIXED-LABEL: digraph "branches" {
// FIXED:         n[[Z:[0-9]+]] [label="pointwise\nsqrt"
// FIXED-NEXT:    {{n[0-9]+}} -> n[[Z]];
func.func @branches(%p: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %y = meld.exp %x : tensor<4xf32>
  %r = meld.if %p -> (tensor<4xf32>) {
    %a = meld.neg %y : tensor<4xf32>
    %b = meld.abs %a : tensor<4xf32>
    meld.yield %b : tensor<4xf32>
  } else {
    %c = meld.tanh %y : tensor<4xf32>
    meld.yield %c : tensor<4xf32>
  }
  %z = meld.sqrt %r : tensor<4xf32>
  return %z : tensor<4xf32>
}
