// RUN: meld-opt %s -split-input-file -verify-diagnostics

// Every verifier error of the meld ops, and the ODS constraints they rely on.
// One case per split; each expects exactly the diagnostic it names.

//===----------------------------------------------------------------------===//
// Element-type constraints (ODS)
//===----------------------------------------------------------------------===//

func.func @float_op_on_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.exp' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xi32>'}}
  %0 = meld.exp %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @pow_on_int(%a: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'meld.pow' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xi8>'}}
  %0 = meld.pow %a, %a : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @gelu_on_int(%a: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'meld.gelu' op operand #0 must be ranked tensor of 64-bit float}}
  %0 = meld.gelu %a approximate = tanh : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @sin_on_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.sin' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type values, but got 'tensor<4xi32>'}}
  %0 = meld.sin %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @round_on_int(%a: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'meld.round' op operand #0 must be ranked tensor of 64-bit float}}
  %0 = meld.round %a : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @rem_on_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'meld.rem' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer values, but got 'tensor<4xi1>'}}
  %0 = meld.rem %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @and_on_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.and' op operand #0 must be ranked tensor of 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = meld.and %a, %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_on_float(%a: tensor<4xbf16>) -> tensor<4xbf16> {
  // expected-error @+1 {{'meld.not' op operand #0 must be ranked tensor of 64-bit signless integer or 32-bit signless integer or 8-bit signless integer or 1-bit signless integer values, but got 'tensor<4xbf16>'}}
  %0 = meld.not %a : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @shift_on_i1(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'meld.shift_left' op operand #0 must be ranked tensor of 64-bit signless integer or 32-bit signless integer or 8-bit signless integer values, but got 'tensor<4xi1>'}}
  %0 = meld.shift_left %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @shift_amount_type(%a: tensor<4xi32>, %n: tensor<4xi8>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.shift_right' op requires the same type for all operands and results}}
  %0 = "meld.shift_right"(%a, %n) : (tensor<4xi32>, tensor<4xi8>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @gather_float_indices(%a: tensor<4x8xf32>, %i: tensor<2xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'meld.gather' op operand #1 must be ranked tensor of 64-bit signless integer or 32-bit signless integer values, but got 'tensor<2xf32>'}}
  %0 = meld.gather %a, %i axis = 0 : (tensor<4x8xf32>, tensor<2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @gather_i8_indices(%a: tensor<4x8xf32>, %i: tensor<2xi8>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'meld.gather' op operand #1 must be ranked tensor of 64-bit signless integer or 32-bit signless integer values, but got 'tensor<2xi8>'}}
  %0 = meld.gather %a, %i axis = 0 : (tensor<4x8xf32>, tensor<2xi8>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @i1_in_arithmetic(%a: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{'meld.add' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer values, but got 'tensor<4xi1>'}}
  %0 = meld.add %a, %a : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @i1_neg(%a: tensor<i1>) -> tensor<i1> {
  // expected-error @+1 {{'meld.neg' op operand #0 must be ranked tensor of}}
  %0 = meld.neg %a : tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @unsupported_element_type(%a: tensor<4xi16>) -> tensor<4xi16> {
  // expected-error @+1 {{'meld.neg' op operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer values, but got 'tensor<4xi16>'}}
  %0 = meld.neg %a : tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @unsigned_element_type(%a: tensor<4xui8>) -> tensor<4xui8> {
  // expected-error @+1 {{but got 'tensor<4xui8>'}}
  %0 = meld.abs %a : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{custom op 'meld.neg' invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = meld.neg %a : tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @unranked_generic(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'meld.neg' op operand #0 must be ranked tensor of}}
  %0 = "meld.neg"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

func.func @iota_i1(%n: index) -> tensor<4xi1> {
  // expected-error @+1 {{'meld.iota' op result #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type or 64-bit signless integer or 32-bit signless integer or 8-bit signless integer values, but got 'tensor<4xi1>'}}
  %0 = meld.iota dim = 0 : tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @iota_size_not_index(%n: i64) -> tensor<?xi32> {
  // expected-error @+1 {{'meld.iota' op operand #0 must be variadic of index, but got 'i64'}}
  %0 = "meld.iota"(%n) <{dim = 0 : i64}> : (i64) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}

// -----

func.func @reduce_i1(%a: tensor<4xi1>) -> tensor<i1> {
  // expected-error @+1 {{'meld.reduce' op operand #0 must be ranked tensor of}}
  %0 = meld.reduce sum %a dims = [0] : tensor<4xi1> -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @matmul_i1(%a: tensor<2x2xi1>) -> tensor<2x2xi1> {
  // expected-error @+1 {{'meld.matmul' op operand #0 must be ranked tensor of}}
  %0 = meld.matmul %a, %a : tensor<2x2xi1>, tensor<2x2xi1> -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @dim_not_index(%a: tensor<4xf32>) -> i64 {
  // expected-error @+1 {{'meld.dim' op result #0 must be index, but got 'i64'}}
  %0 = "meld.dim"(%a) <{index = 0 : i64}> : (tensor<4xf32>) -> i64
  return %0 : i64
}

//===----------------------------------------------------------------------===//
// Elementwise type agreement
//===----------------------------------------------------------------------===//

// -----

func.func @binary_mismatched_types(%a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.add' op requires the same type for all operands and results}}
  %0 = "meld.add"(%a, %b) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// SameOperandsAndResultType only checks that the shapes are compatible; the
// meld trait requires a static and a dynamic size to match exactly.
func.func @binary_mismatched_shapes(%a: tensor<4xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.mul' op}}
  %0 = "meld.mul"(%a, %b) : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unary_result_type(%a: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'meld.exp' op requires the same type for all operands and results}}
  %0 = "meld.exp"(%a) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// expected-note @+1 {{prior use here}}
func.func @binary_custom_form_type_mismatch(%a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'tensor<4xf32>' vs 'tensor<4xf16>'}}
  %0 = meld.sub %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cast_static_shape_mismatch(%a: tensor<4xf32>) -> tensor<5xf16> {
  // expected-error @+1 {{'meld.cast' op all non-scalar operands/results must have the same shape and base type}}
  %0 = meld.cast %a : tensor<4xf32> to tensor<5xf16>
  return %0 : tensor<5xf16>
}

// -----

func.func @cast_dynamic_shape_mismatch(%a: tensor<?xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'meld.cast' op operand shape 'tensor<?xf32>' and result shape 'tensor<4xf16>' differ; meld.cast only changes the element type}}
  %0 = meld.cast %a : tensor<?xf32> to tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @bitcast_widths(%a: tensor<4xf16>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.bitcast' op reinterprets 'f16' as 'i32'; meld.bitcast takes f32 and i32, or f64 and i64, either way}}
  %0 = meld.bitcast %a : tensor<4xf16> to tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @bitcast_same_kind(%a: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{'meld.bitcast' op reinterprets 'i64' as 'i64'}}
  %0 = meld.bitcast %a : tensor<4xi64> to tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @compare_operand_types(%a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xi1> {
  // expected-error @+1 {{'meld.compare' op requires all operands to have the same type}}
  %0 = "meld.compare"(%a, %b) <{direction = 0 : i32}> : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_result_shape(%a: tensor<4xf32>) -> tensor<3xi1> {
  // expected-error @+1 {{'meld.compare' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "meld.compare"(%a, %a) <{direction = 0 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_result_not_i1(%a: tensor<4xi8>) -> tensor<4xi8> {
  // expected-error @+1 {{'meld.compare' op result #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = "meld.compare"(%a, %a) <{direction = 0 : i32}> : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @compare_dynamic_result(%a: tensor<4xf32>) -> tensor<?xi1> {
  // expected-error @+2 {{'meld.compare' op inferred type(s) 'tensor<4xi1>' are incompatible with return type(s) of operation 'tensor<?xi1>'}}
  // expected-error @+1 {{'meld.compare' op failed to infer returned types}}
  %0 = "meld.compare"(%a, %a) <{direction = 0 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<?xi1>
  return %0 : tensor<?xi1>
}

// -----

func.func @select_branch_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf16>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.select' op failed to verify that all of {on_true, on_false, result} have same type}}
  %0 = "meld.select"(%p, %a, %b) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf16>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_pred_not_i1(%p: tensor<4xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.select' op operand #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = meld.select %p, %a, %a : tensor<4xf32>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_scalar_pred(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = meld.select %p, %a, %a : tensor<i1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}


//===----------------------------------------------------------------------===//
// meld.constant
//===----------------------------------------------------------------------===//

// -----

func.func @constant_type_mismatch() -> tensor<3xf32> {
  // expected-error @+1 {{'meld.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "meld.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @constant_element_type_mismatch() -> tensor<2xf16> {
  // expected-error @+1 {{'meld.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "meld.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @constant_not_dense() -> tensor<2xf32> {
  // expected-error @+1 {{'meld.constant' op value must be a dense elements attribute (dense<...>)}}
  %0 = meld.constant sparse<[[0]], [1.0]> : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_unsupported_element_type() -> tensor<2xi16> {
  // expected-error @+1 {{'meld.constant' op result #0 must be ranked tensor of}}
  %0 = meld.constant dense<1> : tensor<2xi16>
  return %0 : tensor<2xi16>
}

//===----------------------------------------------------------------------===//
// meld.iota, meld.dim
//===----------------------------------------------------------------------===//

// -----

func.func @iota_dim_out_of_range() -> tensor<4x8xi32> {
  // expected-error @+1 {{'meld.iota' op dim 2 is out of range for 'tensor<4x8xi32>'}}
  %0 = meld.iota dim = 2 : tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @iota_dim_negative() -> tensor<4xi32> {
  // expected-error @+1 {{'meld.iota' op dim -1 is out of range for 'tensor<4xi32>'}}
  %0 = meld.iota dim = -1 : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @iota_rank0() -> tensor<i32> {
  // expected-error @+1 {{'meld.iota' op dim 0 is out of range for 'tensor<i32>'}}
  %0 = meld.iota dim = 0 : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @iota_missing_size() -> tensor<?xi64> {
  // expected-error @+1 {{'meld.iota' op result type 'tensor<?xi64>' has 1 dynamic dimension(s) but 0 size operand(s) were given; pass one index per '?' with sizes(...)}}
  %0 = meld.iota dim = 0 : tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @iota_extra_size(%n: index) -> tensor<4xi64> {
  // expected-error @+1 {{'meld.iota' op result type 'tensor<4xi64>' has 0 dynamic dimension(s) but 1 size operand(s) were given}}
  %0 = meld.iota dim = 0 sizes(%n) : tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @dim_out_of_range(%a: tensor<?x4xf32>) -> index {
  // expected-error @+1 {{'meld.dim' op index 2 is out of range for 'tensor<?x4xf32>'}}
  %0 = meld.dim %a, 2 : tensor<?x4xf32>
  return %0 : index
}

// -----

func.func @dim_negative(%a: tensor<?x4xf32>) -> index {
  // expected-error @+1 {{'meld.dim' op index -1 is out of range for 'tensor<?x4xf32>'}}
  %0 = meld.dim %a, -1 : tensor<?x4xf32>
  return %0 : index
}

// -----

func.func @dim_rank0(%a: tensor<f32>) -> index {
  // expected-error @+1 {{'meld.dim' op index 0 is out of range for 'tensor<f32>'}}
  %0 = meld.dim %a, 0 : tensor<f32>
  return %0 : index
}

//===----------------------------------------------------------------------===//
// meld.broadcast_in_dim
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_element_type(%a: tensor<4xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op operand element type 'f32' differs from result element type 'f16'}}
  %0 = meld.broadcast_in_dim %a, dims = [1] : tensor<4xf32> -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @broadcast_dims_count(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op dims has 2 entries but the operand has rank 1; give one result dimension per operand dimension}}
  %0 = meld.broadcast_in_dim %a, dims = [0, 1] : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_dims_out_of_range(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op dims[0] = 2 is out of range for result rank 2}}
  %0 = meld.broadcast_in_dim %a, dims = [2] : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_dims_negative(%a: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op dims[0] = -1 is out of range for result rank 2}}
  %0 = meld.broadcast_in_dim %a, dims = [-1] : tensor<4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_dims_not_increasing(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op dims must be strictly increasing, but dims[1] = 0 follows 1}}
  %0 = meld.broadcast_in_dim %a, dims = [1, 0] : tensor<4x4xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_dims_repeated(%a: tensor<1x1xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op dims must be strictly increasing, but dims[1] = 1 follows 1}}
  %0 = meld.broadcast_in_dim %a, dims = [1, 1] : tensor<1x1xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_bad_size(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op operand dimension 0 of size 3 cannot broadcast to result dimension 1 of size 4; it must be 1 or equal}}
  %0 = meld.broadcast_in_dim %a, dims = [1] : tensor<3xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_missing_size(%a: tensor<4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op result type 'tensor<?x4xf32>' has 1 dynamic dimension(s) but 0 size operand(s) were given; pass one index per '?' with sizes(...)}}
  %0 = meld.broadcast_in_dim %a, dims = [1] : tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @broadcast_extra_size(%a: tensor<4xf32>, %n: index) -> tensor<?x4xf32> {
  // expected-error @+1 {{'meld.broadcast_in_dim' op result type 'tensor<?x4xf32>' has 1 dynamic dimension(s) but 2 size operand(s) were given}}
  %0 = meld.broadcast_in_dim %a, dims = [1] sizes(%n, %n) : tensor<4xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

//===----------------------------------------------------------------------===//
// meld.reshape
//===----------------------------------------------------------------------===//

// -----

func.func @reshape_element_type(%a: tensor<4xf32>) -> tensor<2x2xi32> {
  // expected-error @+1 {{'meld.reshape' op operand element type 'f32' differs from result element type 'i32'}}
  %0 = meld.reshape %a : tensor<4xf32> -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @reshape_element_count(%a: tensor<4x8xf32>) -> tensor<30xf32> {
  // expected-error @+1 {{'meld.reshape' op cannot reshape 'tensor<4x8xf32>' (32 elements) into 'tensor<30xf32>' (30 elements)}}
  %0 = meld.reshape %a : tensor<4x8xf32> -> tensor<30xf32>
  return %0 : tensor<30xf32>
}

// -----

func.func @reshape_missing_size(%a: tensor<?x8xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'meld.reshape' op result type 'tensor<?xf32>' has 1 dynamic dimension(s) but 0 size operand(s) were given; pass one index per '?' with sizes(...)}}
  %0 = meld.reshape %a : tensor<?x8xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @reshape_extra_size(%a: tensor<?x8xf32>, %n: index) -> tensor<8x2xf32> {
  // expected-error @+1 {{'meld.reshape' op result type 'tensor<8x2xf32>' has 0 dynamic dimension(s) but 1 size operand(s) were given}}
  %0 = meld.reshape %a sizes(%n) : tensor<?x8xf32> -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

//===----------------------------------------------------------------------===//
// meld.transpose
//===----------------------------------------------------------------------===//

// -----

func.func @transpose_element_type(%a: tensor<2x3xf32>) -> tensor<3x2xbf16> {
  // expected-error @+1 {{'meld.transpose' op operand element type 'f32' differs from result element type 'bf16'}}
  %0 = meld.transpose %a, perm = [1, 0] : tensor<2x3xf32> -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// -----

func.func @transpose_perm_size(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'meld.transpose' op perm has 3 entries for an operand of rank 2}}
  %0 = meld.transpose %a, perm = [1, 0, 2] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_perm_repeated(%a: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{'meld.transpose' op perm must be a permutation of 0..1, but contains 1}}
  %0 = meld.transpose %a, perm = [1, 1] : tensor<2x3xf32> -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @transpose_perm_out_of_range(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'meld.transpose' op perm must be a permutation of 0..1, but contains 2}}
  %0 = meld.transpose %a, perm = [2, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_perm_negative(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'meld.transpose' op perm must be a permutation of 0..1, but contains -1}}
  %0 = meld.transpose %a, perm = [-1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_result_rank(%a: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{'meld.transpose' op result rank 1 differs from operand rank 2}}
  %0 = meld.transpose %a, perm = [1, 0] : tensor<2x3xf32> -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @transpose_result_dim(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'meld.transpose' op result dimension 0 is 2 but operand dimension 1 is 3}}
  %0 = meld.transpose %a, perm = [1, 0] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_result_dim_dynamic(%a: tensor<2x?xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{'meld.transpose' op result dimension 0 is 3 but operand dimension 1 is ?}}
  %0 = meld.transpose %a, perm = [1, 0] : tensor<2x?xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

//===----------------------------------------------------------------------===//
// meld.slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_element_type(%a: tensor<4xf32>) -> tensor<2xf64> {
  // expected-error @+1 {{'meld.slice' op operand element type 'f32' differs from result element type 'f64'}}
  %0 = meld.slice %a start = [0] limit = [2] : tensor<4xf32> -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @slice_start_size(%a: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.slice' op start, limit and strides need 2 entries each (the operand rank)}}
  %0 = meld.slice %a start = [0] limit = [2, 4] : tensor<4x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_strides_size(%a: tensor<4x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.slice' op start, limit and strides need 2 entries each (the operand rank)}}
  %0 = meld.slice %a start = [0, 0] limit = [2, 4] strides = [1] : tensor<4x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @slice_result_rank(%a: tensor<4x4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'meld.slice' op result rank 1 differs from operand rank 2}}
  %0 = meld.slice %a start = [0, 0] limit = [2, 4] : tensor<4x4xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @slice_zero_stride(%a: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'meld.slice' op strides[0] = 0 must be positive}}
  %0 = meld.slice %a start = [0] limit = [2] strides = [0] : tensor<4xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @slice_negative_stride(%a: tensor<4x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'meld.slice' op strides[1] = -1 must be positive}}
  %0 = meld.slice %a start = [0, 0] limit = [4, 2] strides = [1, -1] : tensor<4x4xf32> -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @slice_negative_start(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 0: need 0 <= start <= limit, got start -1 and limit 2}}
  %0 = meld.slice %a start = [-1] limit = [2] : tensor<4xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_start_after_limit(%a: tensor<4x4xf32>) -> tensor<4x0xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 1: need 0 <= start <= limit, got start 3 and limit 2}}
  %0 = meld.slice %a start = [0, 3] limit = [4, 2] : tensor<4x4xf32> -> tensor<4x0xf32>
  return %0 : tensor<4x0xf32>
}

// -----

func.func @slice_limit_too_large(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 0: limit 5 exceeds the operand size 4}}
  %0 = meld.slice %a start = [0] limit = [5] : tensor<4xf32> -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @slice_result_dim(%a: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.slice' op result dimension 0 is 4 but the slice selects 3 element(s)}}
  %0 = meld.slice %a start = [1] limit = [8] strides = [3] : tensor<8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @slice_result_dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'meld.slice' op result dimension 0 is ? but the slice selects 2 element(s)}}
  %0 = meld.slice %a start = [0] limit = [2] : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @slice_whole_static_dim(%a: tensor<4x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 0: limit -1 keeps a dynamic dimension whole, but the operand's has the static size 4; write limit 4 instead}}
  %0 = meld.slice %a start = [0, 0] limit = [-1, 8] : tensor<4x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @slice_whole_dim_start(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 0: limit -1 (the whole dimension) needs start 0 and stride 1, got start 1 and stride 1}}
  %0 = meld.slice %a start = [1, 0] limit = [-1, 8] : tensor<?x8xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @slice_whole_dim_stride(%a: tensor<?x8xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'meld.slice' op dimension 0: limit -1 (the whole dimension) needs start 0 and stride 1, got start 0 and stride 2}}
  %0 = meld.slice %a start = [0, 0] limit = [-1, 8] strides = [2, 2] : tensor<?x8xf32> -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @slice_whole_dim_static_result(%a: tensor<?x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'meld.slice' op result dimension 0 is 4 but the slice keeps the dynamic operand dimension whole; make it '?'}}
  %0 = meld.slice %a start = [0, 0] limit = [-1, 8] : tensor<?x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @slice_dynamic_result_hint(%a: tensor<?x8xf32>) -> tensor<?x?xf32> {
  // expected-error @+1 {{'meld.slice' op result dimension 1 is ? but the slice selects 4 element(s); only start = 0, limit = -1, stride = 1 on a dynamic operand dimension gives a dynamic result dimension}}
  %0 = meld.slice %a start = [0, 0] limit = [-1, 4] : tensor<?x8xf32> -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

//===----------------------------------------------------------------------===//
// meld.gather
//===----------------------------------------------------------------------===//

// -----

func.func @gather_axis_out_of_range(%a: tensor<4x8xf32>, %i: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'meld.gather' op axis 2 is out of range for the operand 'tensor<4x8xf32>'; it names one of its dimensions, 0 to 1}}
  %0 = meld.gather %a, %i axis = 2 : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gather_axis_negative(%a: tensor<4x8xf32>, %i: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'meld.gather' op axis -1 is out of range}}
  %0 = meld.gather %a, %i axis = -1 : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gather_element_type(%a: tensor<4x8xf32>, %i: tensor<2xi64>) -> tensor<2x8xf16> {
  // expected-error @+1 {{'meld.gather' op operand element type 'f32' differs from result element type 'f16'}}
  %0 = meld.gather %a, %i axis = 0 : (tensor<4x8xf32>, tensor<2xi64>) -> tensor<2x8xf16>
  return %0 : tensor<2x8xf16>
}

// -----

func.func @gather_result_shape(%a: tensor<4x8xf32>, %i: tensor<2x3xi32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{'meld.gather' op result type 'tensor<4x6xf32>' does not match operand.shape[:axis] + indices.shape + operand.shape[axis + 1:], expected 'tensor<4x2x3xf32>'}}
  %0 = meld.gather %a, %i axis = 1 : (tensor<4x8xf32>, tensor<2x3xi32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @gather_result_dynamic_mismatch(%a: tensor<?x8xf32>, %i: tensor<2xi64>) -> tensor<4x2xf32> {
  // expected-error @+1 {{'meld.gather' op result type 'tensor<4x2xf32>' does not match operand.shape[:axis] + indices.shape + operand.shape[axis + 1:], expected 'tensor<?x2xf32>'}}
  %0 = meld.gather %a, %i axis = 1 : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

//===----------------------------------------------------------------------===//
// meld.concat
//===----------------------------------------------------------------------===//

// -----

func.func @concat_no_inputs() -> tensor<4xf32> {
  // expected-error @+1 {{'meld.concat' op needs at least one input}}
  %0 = meld.concat dim = 0 : () -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @concat_dim_out_of_range(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'meld.concat' op dim 2 is out of range for result rank 2}}
  %0 = meld.concat %a dim = 2 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @concat_dim_negative(%a: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // expected-error @+1 {{'meld.concat' op dim -1 is out of range for result rank 2}}
  %0 = meld.concat %a dim = -1 : (tensor<2x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @concat_element_type(%a: tensor<2x8xf32>, %b: tensor<2x8xf16>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'meld.concat' op operand element type 'f16' differs from result element type 'f32'}}
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<2x8xf16>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @concat_input_rank(%a: tensor<2x8xf32>, %b: tensor<8xf32>) -> tensor<3x8xf32> {
  // expected-error @+1 {{'meld.concat' op input #1 has rank 1 but the result has rank 2}}
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<8xf32>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @concat_other_dim(%a: tensor<2x8xf32>, %b: tensor<2x4xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'meld.concat' op input #1 has size 4 in dimension 1 but the result has 8; only dimension 0 may differ}}
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<2x4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @concat_total(%a: tensor<2x8xf32>, %b: tensor<3x8xf32>) -> tensor<6x8xf32> {
  // expected-error @+1 {{'meld.concat' op result dimension 0 is 6 but the inputs add up to 5}}
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<3x8xf32>) -> tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

func.func @concat_must_be_dynamic(%a: tensor<2x8xf32>, %b: tensor<?x8xf32>) -> tensor<5x8xf32> {
  // expected-error @+1 {{'meld.concat' op result dimension 0 must be dynamic because an input's is}}
  %0 = meld.concat %a, %b dim = 0 : (tensor<2x8xf32>, tensor<?x8xf32>) -> tensor<5x8xf32>
  return %0 : tensor<5x8xf32>
}

//===----------------------------------------------------------------------===//
// meld.reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_no_dims(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.reduce' op dims must name at least one dimension to reduce}}
  %0 = meld.reduce sum %a dims = [] : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_out_of_range(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.reduce' op reduction dimension 2 is out of range for 'tensor<4x8xf32>'}}
  %0 = meld.reduce sum %a dims = [2] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_negative(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.reduce' op reduction dimension -1 is out of range for 'tensor<4x8xf32>'}}
  %0 = meld.reduce sum %a dims = [-1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_dim_repeated(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.reduce' op reduction dimension 1 is repeated}}
  %0 = meld.reduce max %a dims = [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_mean_int(%a: tensor<4x8xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.reduce' op mean needs a float operand, got 'tensor<4x8xi32>'}}
  %0 = meld.reduce mean %a dims = [1] : tensor<4x8xi32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_argmax_two_dims(%a: tensor<4x8xf32>) -> tensor<i64> {
  // expected-error @+1 {{'meld.reduce' op argmax reduces exactly one dimension, got 2}}
  %0 = meld.reduce argmax %a dims = [0, 1] : tensor<4x8xf32> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @reduce_argmin_two_dims(%a: tensor<4x8xf32>) -> tensor<i64> {
  // expected-error @+1 {{'meld.reduce' op argmin reduces exactly one dimension, got 2}}
  %0 = meld.reduce argmin %a dims = [1, 0] : tensor<4x8xf32> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @reduce_argmax_result_type(%a: tensor<4x8xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{'meld.reduce' op argmax returns i64 indices, but the result element type is 'i32'}}
  %0 = meld.reduce argmax %a dims = [1] : tensor<4x8xf32> -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_argmin_result_type(%a: tensor<4x8xi64>) -> tensor<8xf32> {
  // expected-error @+1 {{'meld.reduce' op argmin returns i64 indices, but the result element type is 'f32'}}
  %0 = meld.reduce argmin %a dims = [0] : tensor<4x8xi64> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_element_type(%a: tensor<4x8xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{'meld.reduce' op operand element type 'f32' differs from result element type 'f64'}}
  %0 = meld.reduce sum %a dims = [1] : tensor<4x8xf32> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @reduce_shape(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'meld.reduce' op result type 'tensor<4x1xf32>' does not match the reduced shape, expected 'tensor<4xf32>' (add keep_dims to keep size-1 dims)}}
  %0 = meld.reduce sum %a dims = [1] : tensor<4x8xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @reduce_shape_keep_dims(%a: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error-re @+1 {{'meld.reduce' op result type 'tensor<4xf32>' does not match the reduced shape, expected 'tensor<4x1xf32>'{{$}}}}
  %0 = meld.reduce sum %a dims = [1] keep_dims : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_shape_dynamic(%a: tensor<?x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.reduce' op result type 'tensor<4xf32>' does not match the reduced shape, expected 'tensor<?xf32>'}}
  %0 = meld.reduce sum %a dims = [1] : tensor<?x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// meld.matmul, meld.batch_matmul
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_lhs_rank(%a: tensor<8xf32>, %b: tensor<8x4xf32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{'meld.matmul' op lhs must have rank 2, got 'tensor<8xf32>'}}
  %0 = meld.matmul %a, %b : tensor<8xf32>, tensor<8x4xf32> -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @matmul_rhs_rank(%a: tensor<2x8xf32>, %b: tensor<1x8x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.matmul' op rhs must have rank 2, got 'tensor<1x8x4xf32>'}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<1x8x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @matmul_result_rank(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'meld.matmul' op result must have rank 2, got 'tensor<8xf32>'}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @batch_matmul_rank(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.batch_matmul' op lhs must have rank 3, got 'tensor<2x8xf32>'}}
  %0 = meld.batch_matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @matmul_element_types(%a: tensor<2x8xf32>, %b: tensor<8x4xf16>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.matmul' op lhs and rhs element types differ: 'f32' vs 'f16'; insert a meld.cast}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf16> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @matmul_accumulator_f16(%a: tensor<2x8xf16>, %b: tensor<8x4xf16>) -> tensor<2x4xf64> {
  // expected-error @+1 {{'meld.matmul' op result element type 'f64' is not valid for 'f16' operands; use the operand type (or f32 for f16/bf16, i32 for i8)}}
  %0 = meld.matmul %a, %b : tensor<2x8xf16>, tensor<8x4xf16> -> tensor<2x4xf64>
  return %0 : tensor<2x4xf64>
}

// -----

func.func @matmul_accumulator_i8(%a: tensor<2x8xi8>, %b: tensor<8x4xi8>) -> tensor<2x4xi64> {
  // expected-error @+1 {{'meld.matmul' op result element type 'i64' is not valid for 'i8' operands}}
  %0 = meld.matmul %a, %b : tensor<2x8xi8>, tensor<8x4xi8> -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// -----

func.func @matmul_accumulator_f32(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x4xf16> {
  // expected-error @+1 {{'meld.matmul' op result element type 'f16' is not valid for 'f32' operands}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

func.func @batch_matmul_accumulator_bf16(%a: tensor<3x2x8xbf16>, %b: tensor<3x8x4xbf16>) -> tensor<3x2x4xf16> {
  // expected-error @+1 {{'meld.batch_matmul' op result element type 'f16' is not valid for 'bf16' operands}}
  %0 = meld.batch_matmul %a, %b : tensor<3x2x8xbf16>, tensor<3x8x4xbf16> -> tensor<3x2x4xf16>
  return %0 : tensor<3x2x4xf16>
}

// -----

func.func @matmul_contracting(%a: tensor<2x8xf32>, %b: tensor<7x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'meld.matmul' op contracting dimensions differ: lhs has 8, rhs has 7}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<7x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @matmul_contracting_transposed(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // transpose_lhs reads lhs as [k, m]: k is 2.
  // expected-error @+1 {{'meld.matmul' op contracting dimensions differ: lhs has 2, rhs has 8}}
  %0 = meld.matmul %a, %b transpose_lhs : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @matmul_contracting_transposed_rhs(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x8xf32> {
  // transpose_rhs reads rhs as [n, k]: k is 4.
  // expected-error @+1 {{'meld.matmul' op contracting dimensions differ: lhs has 8, rhs has 4}}
  %0 = meld.matmul %a, %b transpose_rhs : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

func.func @matmul_result_shape(%a: tensor<2x8xf32>, %b: tensor<8x4xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'meld.matmul' op result shape 'tensor<2x5xf32>' does not match the product shape 2x4}}
  %0 = meld.matmul %a, %b : tensor<2x8xf32>, tensor<8x4xf32> -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @matmul_result_shape_dynamic(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{'meld.matmul' op result shape 'tensor<?x8xf32>' does not match the product shape ?x4}}
  %0 = meld.matmul %a, %b : tensor<?x8xf32>, tensor<8x4xf32> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @batch_matmul_batch(%a: tensor<3x2x8xf32>, %b: tensor<4x8x4xf32>) -> tensor<3x2x4xf32> {
  // expected-error @+1 {{'meld.batch_matmul' op batch dimensions differ: lhs has 3, rhs has 4}}
  %0 = meld.batch_matmul %a, %b : tensor<3x2x8xf32>, tensor<4x8x4xf32> -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}

// -----

func.func @batch_matmul_result_batch(%a: tensor<3x2x8xf32>, %b: tensor<?x8x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{'meld.batch_matmul' op result batch dimension 5 differs from the operands' 3}}
  %0 = meld.batch_matmul %a, %b : tensor<3x2x8xf32>, tensor<?x8x4xf32> -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @batch_matmul_contracting(%a: tensor<3x2x8xf32>, %b: tensor<3x8x4xf32>) -> tensor<3x2x8xf32> {
  // expected-error @+1 {{'meld.batch_matmul' op contracting dimensions differ: lhs has 8, rhs has 4}}
  %0 = meld.batch_matmul %a, %b transpose_rhs : tensor<3x2x8xf32>, tensor<3x8x4xf32> -> tensor<3x2x8xf32>
  return %0 : tensor<3x2x8xf32>
}

// -----

func.func @batch_matmul_result_shape(%a: tensor<3x2x8xf32>, %b: tensor<3x8x4xf32>) -> tensor<3x4x2xf32> {
  // expected-error @+1 {{'meld.batch_matmul' op result shape 'tensor<3x4x2xf32>' does not match the product shape 2x4}}
  %0 = meld.batch_matmul %a, %b : tensor<3x2x8xf32>, tensor<3x8x4xf32> -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

//===----------------------------------------------------------------------===//
// meld.if
//===----------------------------------------------------------------------===//

// -----

func.func @if_pred_not_rank0(%p: tensor<1xi1>) {
  // expected-error @+1 {{'meld.if' op operand #0 must be 0D tensor of 1-bit signless integer values, but got 'tensor<1xi1>'}}
  "meld.if"(%p) ({
    meld.yield
  }, {
    meld.yield
  }) : (tensor<1xi1>) -> ()
  return
}

// -----

func.func @if_pred_not_i1(%p: tensor<i32>) {
  // expected-error @+1 {{'meld.if' op operand #0 must be 0D tensor of 1-bit signless integer values, but got 'tensor<i32>'}}
  "meld.if"(%p) ({
    meld.yield
  }, {
    meld.yield
  }) : (tensor<i32>) -> ()
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @if_pred_custom_form(%p: tensor<2xi1>) {
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: 'tensor<i1>' vs 'tensor<2xi1>'}}
  meld.if %p {
    meld.yield
  } else {
    meld.yield
  }
  return
}

// -----

func.func @if_then_yield_types(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf16> {
  %r = meld.if %p -> (tensor<4xf16>) {
    // expected-error @+1 {{'meld.yield' op in the then region of meld.if yields (tensor<4xf32>) but (tensor<4xf16>) is expected}}
    meld.yield %a : tensor<4xf32>
  } else {
    %h = meld.cast %a : tensor<4xf32> to tensor<4xf16>
    meld.yield %h : tensor<4xf16>
  }
  return %r : tensor<4xf16>
}

// -----

func.func @if_else_yield_count(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %r = meld.if %p -> (tensor<4xf32>) {
    meld.yield %a : tensor<4xf32>
  } else {
    // expected-error @+1 {{'meld.yield' op in the else region of meld.if yields (tensor<4xf32>, tensor<4xf32>) but (tensor<4xf32>) is expected}}
    meld.yield %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @if_no_results_yields_value(%p: tensor<i1>, %a: tensor<4xf32>) {
  meld.if %p {
    // expected-error @+1 {{'meld.yield' op in the then region of meld.if yields (tensor<4xf32>) but () is expected}}
    meld.yield %a : tensor<4xf32>
  } else {
    meld.yield
  }
  return
}

// -----

func.func @if_yield_missing_value(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  %r = meld.if %p -> (tensor<4xf32>) {
    // expected-error @+1 {{'meld.yield' op in the then region of meld.if yields () but (tensor<4xf32>) is expected}}
    meld.yield
  } else {
    meld.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @if_then_not_yield(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.if' op then region must end with meld.yield}}
  %r = meld.if %p -> (tensor<4xf32>) {
    func.return %a : tensor<4xf32>
  } else {
    meld.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @if_else_not_yield(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.if' op else region must end with meld.yield}}
  %r = meld.if %p -> (tensor<4xf32>) {
    meld.yield %a : tensor<4xf32>
  } else {
    %n = meld.neg %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @if_empty_region(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  %r = meld.if %p -> (tensor<4xf32>) {
  } else {
    meld.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An empty block in a region of meld.if is an error, not a crash.
func.func @if_empty_block(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{then region must end with meld.yield}}
  %r = "meld.if"(%p) ({
  ^bb0:
  }, {
    "meld.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The same for meld.while.
func.func @while_empty_block(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cond region must end with meld.yield}}
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @if_region_arguments(%p: tensor<i1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.if' op region #0 should have no arguments}}
  %r = meld.if %p -> (tensor<4xf32>) {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  } else {
    meld.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// meld.while
//===----------------------------------------------------------------------===//

// -----

func.func @while_cond_args(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op cond region takes 1 argument(s) of types ('tensor<4xf16>') but the loop carries ('tensor<4xf32>')}}
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf16>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_body_arg_count(%a: tensor<4xf32>, %b: tensor<i32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op body region takes 1 argument(s) of types ('tensor<4xf32>') but the loop carries ('tensor<4xf32>', 'tensor<i32>')}}
  %r:2 = meld.while (%a, %b : tensor<4xf32>, tensor<i32>) cond {
  ^bb0(%x: tensor<4xf32>, %i: tensor<i32>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x, %b : tensor<4xf32>, tensor<i32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

func.func @while_cond_no_args(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op cond region takes 0 argument(s) of types () but the loop carries ('tensor<4xf32>')}}
  %r = meld.while (%a : tensor<4xf32>) cond {
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_cond_yields_vector(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
    %c = meld.compare gt, %x, %x : tensor<4xf32>
    // expected-error @+1 {{'meld.yield' op in the cond region of meld.while yields (tensor<4xi1>) but (tensor<i1>) is expected}}
    meld.yield %c : tensor<4xi1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_cond_yields_carried(%a: tensor<i32>) -> tensor<i32> {
  %r = meld.while (%a : tensor<i32>) cond {
  ^bb0(%x: tensor<i32>):
    // expected-error @+1 {{'meld.yield' op in the cond region of meld.while yields (tensor<i32>) but (tensor<i1>) is expected}}
    meld.yield %x : tensor<i32>
  } do {
  ^bb0(%x: tensor<i32>):
    meld.yield %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

func.func @while_cond_yields_nothing(%a: tensor<i32>) -> tensor<i32> {
  %r = meld.while (%a : tensor<i32>) cond {
  ^bb0(%x: tensor<i32>):
    // expected-error @+1 {{'meld.yield' op in the cond region of meld.while yields () but (tensor<i1>) is expected}}
    meld.yield
  } do {
  ^bb0(%x: tensor<i32>):
    meld.yield %x : tensor<i32>
  }
  return %r : tensor<i32>
}

// -----

func.func @while_body_yield_types(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    %h = meld.cast %x : tensor<4xf32> to tensor<4xf64>
    // expected-error @+1 {{'meld.yield' op in the body region of meld.while yields (tensor<4xf64>) but (tensor<4xf32>) is expected}}
    meld.yield %h : tensor<4xf64>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_body_yield_count(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    // expected-error @+1 {{'meld.yield' op in the body region of meld.while yields () but (tensor<4xf32>) is expected}}
    meld.yield
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_cond_not_yield(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op cond region must end with meld.yield}}
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
    %n = meld.neg %x : tensor<4xf32>
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_body_not_yield(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op body region must end with meld.yield}}
  %r = meld.while (%a : tensor<4xf32>) cond {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %p : tensor<i1>
  } do {
  ^bb0(%x: tensor<4xf32>):
    func.return %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_empty_region(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.while' op region #0 ('cond') failed to verify constraint: region with 1 blocks}}
  %r = meld.while (%a : tensor<4xf32>) cond {
  } do {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @while_result_types(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<5xf32> {
  // expected-error @+2 {{'meld.while' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  // expected-error @+1 {{'meld.while' op failed to infer returned types}}
  %r = "meld.while"(%a) ({
  ^bb0(%x: tensor<4xf32>):
    meld.yield %p : tensor<i1>
  }, {
  ^bb0(%x: tensor<4xf32>):
    meld.yield %x : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<5xf32>
  return %r : tensor<5xf32>
}

//===----------------------------------------------------------------------===//
// meld.yield
//===----------------------------------------------------------------------===//

// -----

func.func @yield_outside(%a: tensor<4xf32>) {
  // expected-error @+1 {{'meld.yield' op expects parent op to be one of 'meld.if, meld.while}}
  meld.yield %a : tensor<4xf32>
}

// -----

func.func @yield_in_func_body() {
  // expected-error @+1 {{'meld.yield' op expects parent op to be one of 'meld.if, meld.while}}
  meld.yield
}

//===----------------------------------------------------------------------===//
// Unknown enum keywords are parse errors
//===----------------------------------------------------------------------===//

// -----

func.func @unknown_compare_direction(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{custom op 'meld.compare' expected string or keyword containing one of the following enum values for attribute 'direction' [eq, ne, lt, le, gt, ge]}}
  %0 = meld.compare less, %a, %a : tensor<4xf32>
  return %0 : tensor<4xi1>
}

// -----

func.func @unknown_reduce_kind(%a: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{custom op 'meld.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [sum, prod, max, min, mean, argmax, argmin, logsumexp]}}
  %0 = meld.reduce avg %a dims = [0] : tensor<4xf32> -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @unknown_gelu_approximation(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'meld.gelu' expected string or keyword containing one of the following enum values for attribute 'approximate' [erf, tanh]}}
  %0 = meld.gelu %a approximate = fast : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_enum_value_generic(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{invalid properties {direction = 9 : i32} for op meld.compare: Invalid attribute `direction` in property conversion: 9 : i32}}
  %0 = "meld.compare"(%a, %a) <{direction = 9 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

//===----------------------------------------------------------------------===//
// meld.kernel
//===----------------------------------------------------------------------===//

// -----

func.func @kernel_body_args(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.kernel' op body takes ('tensor<4xf16>') but the inputs are ('tensor<4xf32>')}}
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf16>):
    %c = meld.cast %a : tensor<4xf16> to tensor<4xf32>
    meld.yield %c : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_yield_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %c = meld.cast %a : tensor<4xf32> to tensor<4xf16>
    // expected-error @+1 {{'meld.yield' op in the body region of meld.kernel yields (tensor<4xf16>) but (tensor<4xf32>) is expected}}
    meld.yield %c : tensor<4xf16>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_no_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{block with no terminator}}
    %n = meld.neg %a : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_isolated(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'meld.neg' op using value defined outside the region}}
    %n = meld.neg %x : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_input_type(%x: i32) {
  // expected-error @+1 {{'meld.kernel' op operand #0 must be variadic of ranked tensor of}}
  meld.kernel pointwise (%x) : (i32) -> () {
  ^bb0(%a: i32):
    meld.yield
  }
  return
}

// -----

func.func @kernel_unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'meld.kernel' expected string or keyword containing one of the following enum values for attribute 'kind' [pointwise, reduction, gemm, horizontal]}}
  %0 = meld.kernel fancy (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    meld.yield %a : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_control_flow(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x, %p) : (tensor<4xf32>, tensor<i1>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %q: tensor<i1>):
    // expected-error @+1 {{'meld.if' op cannot be inside a meld.kernel; control flow and nested groups stay in the schedule}}
    %r = meld.if %q -> (tensor<4xf32>) {
      meld.yield %a : tensor<4xf32>
    } else {
      meld.yield %a : tensor<4xf32>
    }
    meld.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_while(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x, %p) : (tensor<4xf32>, tensor<i1>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %q: tensor<i1>):
    // expected-error @+1 {{'meld.while' op cannot be inside a meld.kernel; control flow and nested groups stay in the schedule}}
    %r = meld.while (%a : tensor<4xf32>) cond {
    ^bb0(%v: tensor<4xf32>):
      meld.yield %q : tensor<i1>
    } do {
    ^bb0(%v: tensor<4xf32>):
      meld.yield %v : tensor<4xf32>
    }
    meld.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_nested_non_horizontal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'meld.kernel' op cannot be inside a meld.kernel; control flow and nested groups stay in the schedule}}
    %i = meld.kernel pointwise (%a) : (tensor<4xf32>) -> (tensor<4xf32>) {
    ^bb0(%b: tensor<4xf32>):
      meld.yield %b : tensor<4xf32>
    }
    meld.yield %i : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

func.func @kernel_foreign_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'func.call' op cannot be inside a meld.kernel: only meld ops and arith index arithmetic can}}
    %r = func.call @callee(%a) : (tensor<4xf32>) -> tensor<4xf32>
    meld.yield %r : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_horizontal_plain_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel horizontal (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'meld.neg' op cannot be in a horizontal meld.kernel, which holds only non-horizontal meld.kernel ops}}
    %n = meld.neg %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_horizontal_nested_horizontal(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel horizontal (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'meld.kernel' op cannot be in a horizontal meld.kernel, which holds only non-horizontal meld.kernel ops}}
    %i = meld.kernel horizontal (%a) : (tensor<4xf32>) -> (tensor<4xf32>) {
    ^bb0(%b: tensor<4xf32>):
      %p = meld.kernel pointwise (%b) : (tensor<4xf32>) -> (tensor<4xf32>) {
      ^bb0(%c: tensor<4xf32>):
        meld.yield %c : tensor<4xf32>
      }
      meld.yield %p : tensor<4xf32>
    }
    meld.yield %i : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_pointwise_reduce(%x: tensor<4xf32>) -> tensor<f32> {
  // expected-error @+1 {{'meld.kernel' op pointwise kernel cannot hold reductions or contractions}}
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<f32>) {
  ^bb0(%a: tensor<4xf32>):
    %s = meld.reduce sum %a dims = [0] : tensor<4xf32> -> tensor<f32>
    meld.yield %s : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @kernel_pointwise_matmul(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'meld.kernel' op pointwise kernel cannot hold reductions or contractions}}
  %0 = meld.kernel pointwise (%x) : (tensor<2x2xf32>) -> (tensor<2x2xf32>) {
  ^bb0(%a: tensor<2x2xf32>):
    %m = meld.matmul %a, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
    meld.yield %m : tensor<2x2xf32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

func.func @kernel_reduction_without_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'meld.kernel' op reduction kernel needs at least one meld.reduce}}
  %0 = meld.kernel reduction (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    %n = meld.neg %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @kernel_reduction_matmul(%x: tensor<2x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'meld.kernel' op reduction kernel cannot hold contractions}}
  %0 = meld.kernel reduction (%x) : (tensor<2x2xf32>) -> (tensor<2xf32>) {
  ^bb0(%a: tensor<2x2xf32>):
    %m = meld.matmul %a, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
    %s = meld.reduce sum %m dims = [1] : tensor<2x2xf32> -> tensor<2xf32>
    meld.yield %s : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @kernel_gemm_without_matmul(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'meld.kernel' op gemm kernel needs exactly one meld.matmul or meld.batch_matmul, found 0}}
  %0 = meld.kernel gemm (%x) : (tensor<2x2xf32>) -> (tensor<2x2xf32>) {
  ^bb0(%a: tensor<2x2xf32>):
    %n = meld.neg %a : tensor<2x2xf32>
    meld.yield %n : tensor<2x2xf32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

func.func @kernel_gemm_two_matmuls(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{'meld.kernel' op gemm kernel needs exactly one meld.matmul or meld.batch_matmul, found 2}}
  %0 = meld.kernel gemm (%x) : (tensor<2x2xf32>) -> (tensor<2x2xf32>) {
  ^bb0(%a: tensor<2x2xf32>):
    %m = meld.matmul %a, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
    %n = meld.matmul %m, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
    meld.yield %n : tensor<2x2xf32>
  }
  return %0 : tensor<2x2xf32>
}

// -----

func.func @kernel_gemm_reduce(%x: tensor<2x2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'meld.kernel' op gemm kernel cannot hold reductions}}
  %0 = meld.kernel gemm (%x) : (tensor<2x2xf32>) -> (tensor<2xf32>) {
  ^bb0(%a: tensor<2x2xf32>):
    %m = meld.matmul %a, %a : tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
    %s = meld.reduce sum %m dims = [1] : tensor<2x2xf32> -> tensor<2xf32>
    meld.yield %s : tensor<2xf32>
  }
  return %0 : tensor<2xf32>
}

// -----

// Only index arithmetic from arith may sit in a meld.kernel, not arith ops on
// tensors.
func.func @kernel_arith_on_tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = meld.kernel pointwise (%x) : (tensor<4xf32>) -> (tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{cannot be inside a meld.kernel}}
    %n = arith.addf %a, %a : tensor<4xf32>
    meld.yield %n : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @conv_result_shape(%x: tensor<2x4x6x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x5x6xf32> {
  // expected-error @+1 {{result type 'tensor<2x8x5x6xf32>' does not match the convolution's shape, expected 'tensor<2x8x6x6xf32>'}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x5x6xf32>
  return %y : tensor<2x8x5x6xf32>
}

// -----

func.func @conv_groups(%x: tensor<2x4x6x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32> {
  // expected-error @+1 {{groups = 3 must divide the input channels (4) and the filters (8)}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 3 : (tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32>
  return %y : tensor<2x8x6x6xf32>
}

// -----

func.func @conv_dynamic_channels(%x: tensor<2x?x6x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32> {
  // expected-error @+1 {{the filter and the input's channels must be static}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x?x6x6xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32>
  return %y : tensor<2x8x6x6xf32>
}

// -----

func.func @conv_dynamic_filter(%x: tensor<2x4x6x6xf32>, %w: tensor<8x4x?x3xf32>) -> tensor<2x8x6x6xf32> {
  // expected-error @+1 {{the filter and the input's channels must be static}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x6x6xf32>, tensor<8x4x?x3xf32>) -> tensor<2x8x6x6xf32>
  return %y : tensor<2x8x6x6xf32>
}

// -----

// A dynamic spatial dim of the input gives a dynamic one in the result.
func.func @conv_dynamic_spatial_static_result(%x: tensor<2x4x?x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32> {
  // expected-error @+1 {{result type 'tensor<2x8x6x6xf32>' does not match the convolution's shape, expected 'tensor<2x8x?x6xf32>'}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x?x6xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32>
  return %y : tensor<2x8x6x6xf32>
}

// -----

func.func @conv_static_spatial_dynamic_result(%x: tensor<2x4x6x6xf32>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x?x6xf32> {
  // expected-error @+1 {{expected 'tensor<2x8x6x6xf32>'}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x6x6xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x?x6xf32>
  return %y : tensor<2x8x?x6xf32>
}

// -----

func.func @conv_halves(%x: tensor<2x4x6x6xf16>, %w: tensor<8x4x3x3xf16>) -> tensor<2x8x6x6xf16> {
  // expected-error @+1 {{result element type 'f16' is not valid for 'f16' operands; use the operand type (or f32 for f16/bf16)}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x6x6xf16>, tensor<8x4x3x3xf16>) -> tensor<2x8x6x6xf16>
  return %y : tensor<2x8x6x6xf16>
}

// -----

func.func @conv_mixed_halves(%x: tensor<2x4x6x6xbf16>, %w: tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32> {
  // expected-error @+1 {{input and filter element types differ: 'bf16' vs 'f32'; insert a meld.cast}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x4x6x6xbf16>, tensor<8x4x3x3xf32>) -> tensor<2x8x6x6xf32>
  return %y : tensor<2x8x6x6xf32>
}

// -----

func.func @conv_window_too_large(%x: tensor<2x4x2x6xf32>, %w: tensor<8x4x5x3xf32>) -> tensor<2x8x1x6xf32> {
  // expected-error @+1 {{spatial dim 0: the padded input (2) is smaller than the dilated kernel (5)}}
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [0, 1] padding_high = [0, 1] groups = 1 : (tensor<2x4x2x6xf32>, tensor<8x4x5x3xf32>) -> tensor<2x8x1x6xf32>
  return %y : tensor<2x8x1x6xf32>
}

// -----

func.func @scatter_reduction(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{reduction 'sum' is not one of none, add, mul, max, min}}
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "sum" : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

func.func @scatter_shapes(%x: tensor<8x4xf32>, %i: tensor<2x4xi64>, %u: tensor<2x3xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{must have one shape, of the operand's rank 2}}
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "none" : (tensor<8x4xf32>, tensor<2x4xi64>, tensor<2x3xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

func.func @scatter_too_wide(%x: tensor<8x4xf32>, %i: tensor<2x5xi64>, %u: tensor<2x5xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{are larger than the operand 'tensor<8x4xf32>' in dimension 1}}
  %r = meld.scatter %x, %i, %u axis = 0 reduction = "none" : (tensor<8x4xf32>, tensor<2x5xi64>, tensor<2x5xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

func.func @grouped_matmul_ranks(%x: tensor<8x16xf32>, %w: tensor<2x4x16x8xf32>, %o: tensor<4xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{takes lhs of rank 2 and rhs of rank 3 (groups of rows) or 2 (groups of the contraction)}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<2x4x16x8xf32>, tensor<4xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_dynamic_groups(%x: tensor<8x16xf32>, %w: tensor<4x16x8xf32>, %o: tensor<?xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{offsets must have rank 1 and a static size (the number of groups, at least 1)}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<4x16x8xf32>, tensor<?xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_transposed_rows(%x: tensor<16x8xf32>, %w: tensor<4x16x8xf32>, %o: tensor<4xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{transpose_lhs is only for groups of the contraction}}
  %y = meld.grouped_matmul %x, %w, %o transpose_lhs : (tensor<16x8xf32>, tensor<4x16x8xf32>, tensor<4xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_groups(%x: tensor<8x16xf32>, %w: tensor<3x16x8xf32>, %o: tensor<4xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{rhs has 3 matrices for 4 offsets}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<3x16x8xf32>, tensor<4xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_contraction(%x: tensor<8x16xf32>, %w: tensor<4x12x8xf32>, %o: tensor<4xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{contracting dimensions differ: lhs has 16, rhs has 12}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<4x12x8xf32>, tensor<4xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_result(%x: tensor<8x16xf32>, %dy: tensor<8x24xf32>, %o: tensor<4xi32>) -> tensor<16x24xf32> {
  // expected-error @+1 {{result shape 'tensor<16x24xf32>' does not match the product shape 4x16x24}}
  %y = meld.grouped_matmul %x, %dy, %o transpose_lhs : (tensor<8x16xf32>, tensor<8x24xf32>, tensor<4xi32>) -> tensor<16x24xf32>
  return %y : tensor<16x24xf32>
}

// -----

func.func @grouped_matmul_ints(%x: tensor<8x16xi32>, %w: tensor<4x16x8xi32>, %o: tensor<4xi32>) -> tensor<8x8xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of 64-bit float or 32-bit float or 16-bit float or bfloat16 type values}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xi32>, tensor<4x16x8xi32>, tensor<4xi32>) -> tensor<8x8xi32>
  return %y : tensor<8x8xi32>
}

// -----

func.func @grouped_matmul_no_groups(%x: tensor<8x16xf32>, %w: tensor<0x16x8xf32>, %o: tensor<0xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{offsets must have rank 1 and a static size (the number of groups, at least 1)}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<0x16x8xf32>, tensor<0xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @grouped_matmul_dynamic_matrices(%x: tensor<8x16xf32>, %w: tensor<?x16x8xf32>, %o: tensor<4xi32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{rhs has ? matrices for 4 offsets}}
  %y = meld.grouped_matmul %x, %w, %o : (tensor<8x16xf32>, tensor<?x16x8xf32>, tensor<4xi32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

func.func @cumulative_axis(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{axis 2 is out of range for the operand 'tensor<8x16xf32>'; it names one of its dimensions, 0 to 1}}
  %r = meld.cumulative sum %x axis = 2 : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

func.func @cumulative_kind(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{kind mean has no running form (sum, prod, max, min, logsumexp)}}
  %r = meld.cumulative mean %x axis = 1 : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

func.func @cumulative_logsumexp_ints(%x: tensor<8x16xi32>) -> tensor<8x16xi32> {
  // expected-error @+1 {{logsumexp needs a float operand, got 'tensor<8x16xi32>'}}
  %r = meld.cumulative logsumexp %x axis = 1 : tensor<8x16xi32>
  return %r : tensor<8x16xi32>
}

// -----

func.func @reduce_logsumexp(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{logsumexp is a running form only (meld.cumulative); reduce with max, sub, exp, sum and log}}
  %r = meld.reduce logsumexp %x dims = [1] : tensor<8x16xf32> -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @argsort_axis(%x: tensor<8x16xf32>) -> tensor<8x16xi64> {
  // expected-error @+1 {{axis 2 is out of range for the operand 'tensor<8x16xf32>'; it names one of its dimensions, 0 to 1}}
  %r = meld.argsort %x axis = 2 : (tensor<8x16xf32>) -> tensor<8x16xi64>
  return %r : tensor<8x16xi64>
}

// -----

func.func @argsort_shape(%x: tensor<8x16xf32>) -> tensor<8x?xi64> {
  // expected-error @+1 {{result type 'tensor<8x?xi64>' must have the operand's shape, 'tensor<8x16xi64>'}}
  %r = meld.argsort %x axis = 1 : (tensor<8x16xf32>) -> tensor<8x?xi64>
  return %r : tensor<8x?xi64>
}

// -----

func.func @argsort_i32(%x: tensor<8xf32>) -> tensor<8xi32> {
  // expected-error @+1 {{result #0 must be ranked tensor of 64-bit signless integer values}}
  %r = meld.argsort %x axis = 0 : (tensor<8xf32>) -> tensor<8xi32>
  return %r : tensor<8xi32>
}

// -----

func.func @cumulative_negative_axis(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-error @+1 {{axis -1 is out of range for the operand 'tensor<8x16xf32>'; it names one of its dimensions, 0 to 1}}
  %r = meld.cumulative sum %x axis = -1 : tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}
