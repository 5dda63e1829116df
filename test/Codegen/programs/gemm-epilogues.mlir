// Matmuls with the epilogues of a Gemm node or a Linear layer with a
// broadcast operand: a 1 x N bias (dims = [0, 1]), an N bias (dims = [1]),
// an M x 1 column (dims = [0, 1]) and a scalar (dims = []), with static and
// dynamic rows, in f32 and f16, and the product scaled by the broadcast of a
// kept-dims column maximum. The ONNX frontend found that the 1 x N and
// M x 1 forms did not compile for the host: elementwise fusion propagated
// the unit-dim view of the operand into the epilogue and from there into
// the matmul, whose loops became a 4-loop nest (meld-fuse-elementwise-ops
// keeps them rows x columns x k). unittests/Codegen compares every function
// with the interpreter, fused and unfused, on the host and through the
// emulated GPU mapping.
//
// RUN: meld-compile %s --targets=host -o %t.meldb \
// RUN:   --mlir-print-ir-after=meld-fuse-elementwise-ops 2>&1 | FileCheck %s
// CHECK-NOT: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-NOT: error

func.func @bias_1xn_static_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<1x4xf32>) -> tensor<3x4xf32> {
  %y = meld.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1]
      : tensor<1x4xf32> -> tensor<3x4xf32>
  %z = meld.add %y, %cb : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

func.func @bias_n_static_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<4xf32>) -> tensor<3x4xf32> {
  %y = meld.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [1]
      : tensor<4xf32> -> tensor<3x4xf32>
  %z = meld.add %y, %cb : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

func.func @column_static_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<3x1xf32>) -> tensor<3x4xf32> {
  %y = meld.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1]
      : tensor<3x1xf32> -> tensor<3x4xf32>
  %z = meld.mul %y, %cb : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

func.func @scalar_static_f32(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<f32>) -> tensor<3x4xf32> {
  %y = meld.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = []
      : tensor<f32> -> tensor<3x4xf32>
  %z = meld.mul %y, %cb : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

func.func @bias_1xn_dynamic_f32(%a: tensor<?x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<1x4xf32>) -> tensor<?x4xf32> {
  %n = meld.dim %a, 0 : tensor<?x5xf32>
  %y = meld.matmul %a, %b : tensor<?x5xf32>, tensor<5x4xf32> -> tensor<?x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1] sizes(%n)
      : tensor<1x4xf32> -> tensor<?x4xf32>
  %z = meld.add %y, %cb : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

func.func @bias_n_dynamic_f32(%a: tensor<?x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<4xf32>) -> tensor<?x4xf32> {
  %n = meld.dim %a, 0 : tensor<?x5xf32>
  %y = meld.matmul %a, %b : tensor<?x5xf32>, tensor<5x4xf32> -> tensor<?x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [1] sizes(%n)
      : tensor<4xf32> -> tensor<?x4xf32>
  %z = meld.add %y, %cb : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

func.func @column_dynamic_f32(%a: tensor<?x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<?x1xf32>) -> tensor<?x4xf32> {
  %n = meld.dim %a, 0 : tensor<?x5xf32>
  %y = meld.matmul %a, %b : tensor<?x5xf32>, tensor<5x4xf32> -> tensor<?x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1] sizes(%n)
      : tensor<?x1xf32> -> tensor<?x4xf32>
  %z = meld.mul %y, %cb : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

func.func @scalar_dynamic_f32(%a: tensor<?x5xf32>, %b: tensor<5x4xf32>,
    %c: tensor<f32>) -> tensor<?x4xf32> {
  %n = meld.dim %a, 0 : tensor<?x5xf32>
  %y = meld.matmul %a, %b : tensor<?x5xf32>, tensor<5x4xf32> -> tensor<?x4xf32>
  %cb = meld.broadcast_in_dim %c, dims = [] sizes(%n)
      : tensor<f32> -> tensor<?x4xf32>
  %z = meld.mul %y, %cb : tensor<?x4xf32>
  return %z : tensor<?x4xf32>
}

func.func @bias_1xn_static_f16(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<1x4xf16>) -> tensor<3x4xf16> {
  %y = meld.matmul %a, %b : tensor<3x5xf16>, tensor<5x4xf16> -> tensor<3x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1]
      : tensor<1x4xf16> -> tensor<3x4xf16>
  %z = meld.add %y, %cb : tensor<3x4xf16>
  return %z : tensor<3x4xf16>
}

func.func @bias_n_static_f16(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<4xf16>) -> tensor<3x4xf16> {
  %y = meld.matmul %a, %b : tensor<3x5xf16>, tensor<5x4xf16> -> tensor<3x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [1]
      : tensor<4xf16> -> tensor<3x4xf16>
  %z = meld.add %y, %cb : tensor<3x4xf16>
  return %z : tensor<3x4xf16>
}

func.func @column_static_f16(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<3x1xf16>) -> tensor<3x4xf16> {
  %y = meld.matmul %a, %b : tensor<3x5xf16>, tensor<5x4xf16> -> tensor<3x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1]
      : tensor<3x1xf16> -> tensor<3x4xf16>
  %z = meld.mul %y, %cb : tensor<3x4xf16>
  return %z : tensor<3x4xf16>
}

func.func @scalar_static_f16(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<f16>) -> tensor<3x4xf16> {
  %y = meld.matmul %a, %b : tensor<3x5xf16>, tensor<5x4xf16> -> tensor<3x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = []
      : tensor<f16> -> tensor<3x4xf16>
  %z = meld.mul %y, %cb : tensor<3x4xf16>
  return %z : tensor<3x4xf16>
}

func.func @bias_1xn_dynamic_f16(%a: tensor<?x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<1x4xf16>) -> tensor<?x4xf16> {
  %n = meld.dim %a, 0 : tensor<?x5xf16>
  %y = meld.matmul %a, %b : tensor<?x5xf16>, tensor<5x4xf16> -> tensor<?x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1] sizes(%n)
      : tensor<1x4xf16> -> tensor<?x4xf16>
  %z = meld.add %y, %cb : tensor<?x4xf16>
  return %z : tensor<?x4xf16>
}

func.func @bias_n_dynamic_f16(%a: tensor<?x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<4xf16>) -> tensor<?x4xf16> {
  %n = meld.dim %a, 0 : tensor<?x5xf16>
  %y = meld.matmul %a, %b : tensor<?x5xf16>, tensor<5x4xf16> -> tensor<?x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [1] sizes(%n)
      : tensor<4xf16> -> tensor<?x4xf16>
  %z = meld.add %y, %cb : tensor<?x4xf16>
  return %z : tensor<?x4xf16>
}

func.func @column_dynamic_f16(%a: tensor<?x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<?x1xf16>) -> tensor<?x4xf16> {
  %n = meld.dim %a, 0 : tensor<?x5xf16>
  %y = meld.matmul %a, %b : tensor<?x5xf16>, tensor<5x4xf16> -> tensor<?x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [0, 1] sizes(%n)
      : tensor<?x1xf16> -> tensor<?x4xf16>
  %z = meld.mul %y, %cb : tensor<?x4xf16>
  return %z : tensor<?x4xf16>
}

func.func @scalar_dynamic_f16(%a: tensor<?x5xf16>, %b: tensor<5x4xf16>,
    %c: tensor<f16>) -> tensor<?x4xf16> {
  %n = meld.dim %a, 0 : tensor<?x5xf16>
  %y = meld.matmul %a, %b : tensor<?x5xf16>, tensor<5x4xf16> -> tensor<?x4xf16>
  %cb = meld.broadcast_in_dim %c, dims = [] sizes(%n)
      : tensor<f16> -> tensor<?x4xf16>
  %z = meld.mul %y, %cb : tensor<?x4xf16>
  return %z : tensor<?x4xf16>
}

func.func @column_max_scale(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>,
    %x: tensor<6x4xf32>) -> tensor<3x4xf32> {
  %y = meld.matmul %a, %b : tensor<3x5xf32>, tensor<5x4xf32> -> tensor<3x4xf32>
  %m = meld.reduce max %x dims = [0] keep_dims
      : tensor<6x4xf32> -> tensor<1x4xf32>
  %mb = meld.broadcast_in_dim %m, dims = [0, 1]
      : tensor<1x4xf32> -> tensor<3x4xf32>
  %z = meld.mul %y, %mb : tensor<3x4xf32>
  return %z : tensor<3x4xf32>
}

// An f32 `x @ W^T + b` of more rows than a block (300) in whole 256-column
// blocks: with Intel's AVX-512 tiles its threads split the columns, each
// block computing all 300 rows (f32-column-block-rows); elsewhere row
// blocks. Either way the interpreter's result.
func.func @linear_all_rows(%x: tensor<300x72xf32>, %w: tensor<512x72xf32>, %b: tensor<512xf32>) -> tensor<300x512xf32> {
  %p = meld.matmul %x, %w transpose_rhs : tensor<300x72xf32>, tensor<512x72xf32> -> tensor<300x512xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1] : tensor<512xf32> -> tensor<300x512xf32>
  %y = meld.add %p, %bb : tensor<300x512xf32>
  return %y : tensor<300x512xf32>
}
