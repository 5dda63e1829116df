// Horizontal fusion joins a packed set only when one launch is estimated
// faster by the target's launch costs (meld::LaunchCosts). The defaults
// are a GPU's, where a launch saved always pays; HOST gives the costs
// meld-tune-host measured on the 2-core Intel VM (the compiler's defaults
// for the host): a launch of one block 450 ns, handing blocks to the
// worker 1200 ns more, 85000 bytes per us over 2 threads, blocks of 16384
// elements.

// RUN: meld-opt %s --meld-outline-singletons --meld-fuse-horizontal | FileCheck %s --check-prefix=GPU
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-outline-singletons,meld-fuse-horizontal{launch-ns=450 share-ns=1200 bytes-per-us=85000 cost-threads=2 block-elements=16384}))' | FileCheck %s --check-prefix=HOST
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-outline-singletons,meld-fuse-horizontal{launch-ns=450 share-ns=1200 bytes-per-us=85000 cost-threads=2 block-elements=16384}),meld-fusion-report)' -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: meld-opt %s -pass-pipeline='builtin.module(func.func(meld-outline-singletons,meld-fuse-horizontal{launch-ns=450 share-ns=1200 bytes-per-us=85000 cost-threads=2 block-elements=16384},meld-explain-fusion{launch-ns=450 share-ns=1200 bytes-per-us=85000 cost-threads=2 block-elements=16384}))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: not meld-opt %s -pass-pipeline='builtin.module(func.func(meld-fuse-horizontal{bytes-per-us=0}))' -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ERR

// Two kernels of one block each. Apart, each runs on the launching thread:
// 450 ns + 128 B (or 256 B) at half the bandwidth, 909 ns in all. As one
// launch of two blocks the worker takes one: 450 + 1200 + 384 B / 85 B/ns,
// 1655 ns (whole ns; the report prints microseconds). So on the host they keep their launches.
// GPU-LABEL: func.func @two_small
// GPU: meld.kernel horizontal
// HOST-LABEL: func.func @two_small
// HOST-SAME: meld.horizontal_launches = [{apart_ns = 909 : i64, depth = 0 : i64, joined = false, joined_ns = 1655 : i64, kernels = 2 : i64}]
// HOST-NOT: horizontal
// HOST: meld.kernel pointwise
// HOST: meld.kernel pointwise
// HOST: return
// REPORT-LABEL: meld fusion report: @two_small
// REPORT: horizontal: 2 independent kernels at depth 0 keep their launches: about 1.66 us as one launch against 0.91 us apart by the target's launch costs
// REPORT-NEXT: before fusion: 2 launches
// REPORT-NEXT: after fusion:  2 launches
// EXPLAIN: fuse-horizontal-costs.mlir:[[@LINE+2]]:8: remark: launched alone: it and 1 other kernel(s) at its depth would take about 1.66 us as one launch against 0.91 us apart by the target's launch costs (launch 450 ns, sharing 1200 ns, 85000 B/us, 2 thread(s), blocks of 16384 elements)
func.func @two_small(%a: tensor<16xf32>, %b: tensor<32xf32>) -> (tensor<16xf32>, tensor<32xf32>) {
  %x = meld.mul %a, %a : tensor<16xf32>
  %y = meld.mul %b, %b : tensor<32xf32>
  return %x, %y : tensor<16xf32>, tensor<32xf32>
}

// Eight such kernels: eight launches (3.7 us) against one hand-off.
// HOST-LABEL: func.func @eight_small
// HOST-SAME: joined = true
// HOST: meld.kernel horizontal
// HOST-NOT: meld.kernel horizontal
// HOST: return
// REPORT-LABEL: meld fusion report: @eight_small
// REPORT: horizontal: 8 independent kernels at depth 0 share a launch: about 1.70 us as one launch against 3.71 us apart
func.func @eight_small(%a: tensor<16xf32>, %b: tensor<32xf32>, %c: tensor<48xf32>, %d: tensor<64xf32>,
                       %e: tensor<80xf32>, %f: tensor<96xf32>, %g: tensor<112xf32>, %h: tensor<128xf32>)
    -> (tensor<16xf32>, tensor<32xf32>, tensor<48xf32>, tensor<64xf32>,
        tensor<80xf32>, tensor<96xf32>, tensor<112xf32>, tensor<128xf32>) {
  %0 = meld.mul %a, %a : tensor<16xf32>
  %1 = meld.mul %b, %b : tensor<32xf32>
  %2 = meld.mul %c, %c : tensor<48xf32>
  %3 = meld.mul %d, %d : tensor<64xf32>
  %4 = meld.mul %e, %e : tensor<80xf32>
  %5 = meld.mul %f, %f : tensor<96xf32>
  %6 = meld.mul %g, %g : tensor<112xf32>
  %7 = meld.mul %h, %h : tensor<128xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<16xf32>, tensor<32xf32>, tensor<48xf32>, tensor<64xf32>,
      tensor<80xf32>, tensor<96xf32>, tensor<112xf32>, tensor<128xf32>
}

// Kernels of several blocks each hand blocks to the worker anyway: one
// launch saves a launch and a hand-off. A small kernel with a large one
// saves its launch and adds no hand-off.
// HOST-LABEL: func.func @large
// HOST-SAME: joined = true
// HOST-SAME: joined = true
// HOST: meld.kernel horizontal
// HOST: meld.kernel horizontal
// EXPLAIN: fuse-horizontal-costs.mlir:[[@LINE+2]]:8: remark: launched horizontally: 4 kernels, all flat pointwise (independent loops over their own elements: any of them join); about 32.49 us as one launch against 36.24 us apart (launch 450 ns, sharing 1200 ns, 85000 B/us, 2 thread(s), blocks of 16384 elements)
func.func @large(%a: tensor<65536xf32>, %b: tensor<65552xf32>, %c: tensor<8xf32>, %d: tensor<3x65536xf32>) -> (tensor<65536xf32>, tensor<65552xf32>, tensor<8xf32>, tensor<3x65536xf32>) {
  %x = meld.mul %a, %a : tensor<65536xf32>
  %y = meld.mul %b, %b : tensor<65552xf32>
  %z = meld.add %c, %c : tensor<8xf32>
  %w = meld.exp %d : tensor<3x65536xf32>
  %u = meld.exp %x : tensor<65536xf32>
  %v = meld.neg %y : tensor<65552xf32>
  return %u, %v, %z, %w : tensor<65536xf32>, tensor<65552xf32>, tensor<8xf32>, tensor<3x65536xf32>
}

// ERR: fusion option bytes-per-us=0 is out of range; it must be at least 1
