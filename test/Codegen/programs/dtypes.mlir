// Every element type through compiled host code: halves computed in f32 and
// rounded per op, f64, integer arithmetic with wrap-around and truncating
// division (by non-zero divisors: division by zero is an error, which
// unittests/Codegen checks), booleans from comparisons, selects and
// casts. unittests/Codegen compares every function with the interpreter
// within tolerances; here the integer function must match exactly through
// the tools, and the program must compile for every target.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry integers --random-inputs --seed 3 > %t.ref
// RUN: meld-run %t.meldb --entry integers --random-inputs --seed 3 > %t.out
// RUN: diff %t.ref %t.out
func.func @halves(%a: tensor<4x8xf16>, %b: tensor<4x8xbf16>) -> (tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4xf32>) {
  %e = meld.exp %a : tensor<4x8xf16>
  %s = meld.add %e, %a : tensor<4x8xf16>
  %t = meld.tanh %b : tensor<4x8xbf16>
  %m = meld.mul %t, %b : tensor<4x8xbf16>
  %c = meld.cast %s : tensor<4x8xf16> to tensor<4x8xf32>
  %r = meld.reduce sum %c dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %s, %m, %r : tensor<4x8xf16>, tensor<4x8xbf16>, tensor<4xf32>
}

func.func @doubles(%a: tensor<16xf64>, %b: tensor<16xf64>) -> tensor<16xf64> {
  %p = meld.mul %a, %b : tensor<16xf64>
  %l = meld.log %p : tensor<16xf64>
  %q = meld.sqrt %p : tensor<16xf64>
  %r = meld.add %l, %q : tensor<16xf64>
  return %r : tensor<16xf64>
}

func.func @integers(%a: tensor<6x5xi32>, %b: tensor<6x5xi32>, %c: tensor<6x5xi8>) -> (tensor<6x5xi32>, tensor<6x5xi1>, tensor<6x5xi8>, tensor<6xi32>) {
  %one = meld.constant dense<1> : tensor<6x5xi32>
  %bb = meld.mul %b, %b : tensor<6x5xi32>
  %den = meld.add %bb, %one : tensor<6x5xi32>
  %d = meld.div %a, %den : tensor<6x5xi32>
  %s = meld.sub %d, %b : tensor<6x5xi32>
  %lt = meld.compare lt, %a, %b : tensor<6x5xi32>
  %sel = meld.select %lt, %a, %s : tensor<6x5xi1>, tensor<6x5xi32>
  %w = meld.mul %c, %c : tensor<6x5xi8>
  %m = meld.reduce max %sel dims = [1] : tensor<6x5xi32> -> tensor<6xi32>
  return %sel, %lt, %w, %m : tensor<6x5xi32>, tensor<6x5xi1>, tensor<6x5xi8>, tensor<6xi32>
}

// meld.bitcast both ways: a float's sign bit (negative zero's too) and the
// next float away from zero read through its bits; f64 bits round trip.
// RUN: meld-run %s --entry bits --random-inputs --seed 5 > %t.bits.ref
// RUN: meld-run %t.meldb --entry bits --random-inputs --seed 5 > %t.bits.out
// RUN: diff %t.bits.ref %t.bits.out
func.func @bits(%x: tensor<16xf32>, %y: tensor<8xf64>) -> (tensor<16xi1>, tensor<16xf32>, tensor<8xi64>, tensor<8xf64>) {
  %b = meld.bitcast %x : tensor<16xf32> to tensor<16xi32>
  %zero = meld.constant dense<0> : tensor<16xi32>
  %negative = meld.compare lt, %b, %zero : tensor<16xi32>
  %one = meld.constant dense<1> : tensor<16xi32>
  %up = meld.add %b, %one : tensor<16xi32>
  %next = meld.bitcast %up : tensor<16xi32> to tensor<16xf32>
  %yb = meld.bitcast %y : tensor<8xf64> to tensor<8xi64>
  %back = meld.bitcast %yb : tensor<8xi64> to tensor<8xf64>
  return %negative, %next, %yb, %back : tensor<16xi1>, tensor<16xf32>, tensor<8xi64>, tensor<8xf64>
}
