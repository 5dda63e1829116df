// meld.grouped_matmul: groups of rows (an expert layer's forward pass and
// its input gradient, with transposed expert matrices) and groups of the
// contraction (its weight gradient), with static and dynamic rows, and
// bf16 operands summed in f32. The random integer offsets lie in [-8, 7]:
// they are unsorted, some negative, some past the rows, so groups come out
// empty, partial and whole, and some rows belong to no group.
// unittests/Codegen compares every function with the interpreter at two
// sizes of the '?' dims, fused and unfused, for the host (a loop over the
// groups, each a tiled matmul) and through the emulated GPU mapping (each
// element's group matrix read at its index); here every target compiles,
// the host's groups of rows and of the contraction (in chunks of a static
// length, zero-padded) run on register tiles (vector.fma), and the bundle
// runs.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %t.meldb --entry experts --random-inputs --seed 7 | FileCheck %s --check-prefix=OUT
// RUN: meld-compile %s --targets=host --cpu=znver4 -o %t.host.meldb \
// RUN:   --mlir-print-ir-after=meld-vectorize-host-contractions 2>&1 | FileCheck %s
// OUT: result #0: tensor<8x24xf32>
// (24 columns: tiles 16 and 8 wide; 36: 32 and 4. The tiles of a Zen 4's
// AVX-512 heuristic, on any machine: an AVX2 host's are at most 16 wide.)
// CHECK-DAG: vector.fma {{.*}} : vector<4x16xf32>
// CHECK-DAG: vector.fma {{.*}} : vector<4x8xf32>
// CHECK-DAG: vector.fma {{.*}} : vector<4x32xf32>
// CHECK-DAG: vector.fma {{.*}} : vector<4x4xf32>

func.func @experts(%x: tensor<8x16xf32>, %w: tensor<4x16x24xf32>, %offs: tensor<4xi32>) -> tensor<8x24xf32> {
  %y = meld.grouped_matmul %x, %w, %offs : (tensor<8x16xf32>, tensor<4x16x24xf32>, tensor<4xi32>) -> tensor<8x24xf32>
  return %y : tensor<8x24xf32>
}

func.func @experts_transposed(%x: tensor<?x40xf32>, %w: tensor<3x36x40xf32>, %offs: tensor<3xi64>) -> tensor<?x36xf32> {
  %y = meld.grouped_matmul %x, %w, %offs transpose_rhs : (tensor<?x40xf32>, tensor<3x36x40xf32>, tensor<3xi64>) -> tensor<?x36xf32>
  %g = meld.gelu %y approximate = tanh : tensor<?x36xf32>
  return %g : tensor<?x36xf32>
}

// 100 rows in blocks that threads share (meld-tile-host-blocks: 32 rows or
// more each), 5 experts ending near rows 23, 46, 69, 92 and 115 (the
// random jitter in [-8, 7] added to 23 (g + 1)): every block meets groups
// that start and end inside it, and the last rows may belong to none.
func.func @experts_in_blocks(%x: tensor<100x24xf32>, %w: tensor<5x40x24xf32>, %jitter: tensor<5xi64>) -> tensor<100x40xf32> {
  %g = meld.iota dim = 0 : tensor<5xi64>
  %one = meld.constant dense<1> : tensor<5xi64>
  %step = meld.constant dense<23> : tensor<5xi64>
  %next = meld.add %g, %one : tensor<5xi64>
  %ends = meld.mul %next, %step : tensor<5xi64>
  %offs = meld.add %ends, %jitter : tensor<5xi64>
  %y = meld.grouped_matmul %x, %w, %offs transpose_rhs : (tensor<100x24xf32>, tensor<5x40x24xf32>, tensor<5xi64>) -> tensor<100x40xf32>
  return %y : tensor<100x40xf32>
}

func.func @weight_grad(%x: tensor<8x16xf32>, %dy: tensor<8x24xf32>, %offs: tensor<4xi32>) -> tensor<4x16x24xf32> {
  %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs : (tensor<8x16xf32>, tensor<8x24xf32>, tensor<4xi32>) -> tensor<4x16x24xf32>
  return %dw : tensor<4x16x24xf32>
}

func.func @weight_grad_dynamic(%x: tensor<?x12xf32>, %dy: tensor<20x?xf32>, %offs: tensor<2xi64>) -> tensor<2x12x20xf32> {
  %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs transpose_rhs : (tensor<?x12xf32>, tensor<20x?xf32>, tensor<2xi64>) -> tensor<2x12x20xf32>
  return %dw : tensor<2x12x20xf32>
}

func.func @bf16_experts(%x: tensor<?x32xbf16>, %w: tensor<2x32x16xbf16>, %offs: tensor<2xi32>) -> tensor<?x16xf32> {
  %y = meld.grouped_matmul %x, %w, %offs : (tensor<?x32xbf16>, tensor<2x32x16xbf16>, tensor<2xi32>) -> tensor<?x16xf32>
  return %y : tensor<?x16xf32>
}

// Groups of the contraction on the host take chunks of 256 positions, then
// their last ones zero-padded to 16, 64 or 256 (static reductions for the
// register tiles), in blocks of groups shared between threads: about 300,
// 300, 300, 100 and 0 positions (ends near 300 (g + 1), jittered by
// [-8, 7], the last clamped to the 1000 rows).
func.func @weight_grad_chunks(%x: tensor<1000x24xf32>, %dy: tensor<1000x40xf32>, %jitter: tensor<5xi64>) -> tensor<5x24x40xf32> {
  %g = meld.iota dim = 0 : tensor<5xi64>
  %one = meld.constant dense<1> : tensor<5xi64>
  %step = meld.constant dense<300> : tensor<5xi64>
  %next = meld.add %g, %one : tensor<5xi64>
  %ends = meld.mul %next, %step : tensor<5xi64>
  %offs = meld.add %ends, %jitter : tensor<5xi64>
  %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs : (tensor<1000x24xf32>, tensor<1000x40xf32>, tensor<5xi64>) -> tensor<5x24x40xf32>
  return %dw : tensor<5x24x40xf32>
}

// bf16 operands and result: the sums kept in f32 over the chunks and
// rounded once; a left operand read along its columns (no transpose_lhs).
func.func @weight_grad_bf16(%x: tensor<?x32xbf16>, %dy: tensor<?x16xbf16>, %offs: tensor<3xi32>) -> tensor<3x32x16xbf16> {
  %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs : (tensor<?x32xbf16>, tensor<?x16xbf16>, tensor<3xi32>) -> tensor<3x32x16xbf16>
  return %dw : tensor<3x32x16xbf16>
}

func.func @weight_grad_columns(%x: tensor<12x?xf32>, %dy: tensor<?x20xf32>, %offs: tensor<2xi32>) -> tensor<2x12x20xf32> {
  %dw = meld.grouped_matmul %x, %dy, %offs : (tensor<12x?xf32>, tensor<?x20xf32>, tensor<2xi32>) -> tensor<2x12x20xf32>
  return %dw : tensor<2x12x20xf32>
}

// The weight gradient permuted to the weight's [out, in] layout (as
// transformers' experts read it): canonicalized into the grouped matmul of
// the exchanged operands, checked against the interpreter's product and
// transpose.
func.func @weight_grad_transposed(%x: tensor<?x12xf32>, %dy: tensor<?x20xf32>, %offs: tensor<3xi32>) -> tensor<3x20x12xf32> {
  %dw = meld.grouped_matmul %x, %dy, %offs transpose_lhs : (tensor<?x12xf32>, tensor<?x20xf32>, tensor<3xi32>) -> tensor<3x12x20xf32>
  %t = meld.transpose %dw, perm = [0, 2, 1] : tensor<3x12x20xf32> -> tensor<3x20x12xf32>
  return %t : tensor<3x20x12xf32>
}
