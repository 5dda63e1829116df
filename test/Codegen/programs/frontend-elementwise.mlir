// The elementwise ops a frontend (ONNX, PyTorch) needs beyond arithmetic:
// sin and cos (f32 on [-100, 100], f16 and f64 too), floor, ceil and
// round half to even (on exact halves), fmod-style remainders of floats
// and integers (integer divisors made odd, never zero: division by zero is
// an error, which unittests/Codegen checks), and the bitwise ops with shift
// amounts negative, in range and past the bit width. unittests/Codegen
// compares every function with the interpreter, fused and unfused, for the
// host and through the emulated GPU mapping, and assembles the PTX and
// checks the HSACO; here the integer functions must match exactly through
// the tools.
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry bits --random-inputs --seed 3 > %t.ref
// RUN: meld-run %t.meldb --entry bits --random-inputs --seed 3 > %t.out
// RUN: diff %t.ref %t.out
// RUN: meld-run %s --entry remainders --random-inputs --seed 4 > %t.ref2
// RUN: meld-run %t.meldb --entry remainders --random-inputs --seed 4 > %t.out2
// RUN: diff %t.ref2 %t.out2

func.func @trig(%x: tensor<33x70xf32>, %h: tensor<4x40xf16>, %d: tensor<50xf64>) -> (tensor<33x70xf32>, tensor<33x70xf32>, tensor<4x40xf16>, tensor<50xf64>) {
  %k = meld.constant dense<100.0> : tensor<33x70xf32>
  %w = meld.mul %x, %k : tensor<33x70xf32>
  %s = meld.sin %w : tensor<33x70xf32>
  %c = meld.cos %w : tensor<33x70xf32>
  %hs = meld.sin %h : tensor<4x40xf16>
  %hc = meld.cos %hs : tensor<4x40xf16>
  %dk = meld.constant dense<30.0> : tensor<50xf64>
  %dw = meld.mul %d, %dk : tensor<50xf64>
  %ds = meld.sin %dw : tensor<50xf64>
  %dc = meld.cos %ds : tensor<50xf64>
  return %s, %c, %hc, %dc : tensor<33x70xf32>, tensor<33x70xf32>, tensor<4x40xf16>, tensor<50xf64>
}

func.func @rounding(%x: tensor<9x31xf32>, %h: tensor<9x31xbf16>) -> (tensor<9x31xf32>, tensor<9x31xf32>, tensor<9x31xf32>, tensor<9x31xbf16>) {
  %eight = meld.constant dense<8.0> : tensor<9x31xf32>
  %half = meld.constant dense<0.5> : tensor<9x31xf32>
  %x8 = meld.mul %x, %eight : tensor<9x31xf32>
  %f = meld.floor %x8 : tensor<9x31xf32>
  %c = meld.ceil %x8 : tensor<9x31xf32>
  // Multiples of 0.5: every tie of round-half-to-even.
  %halves = meld.mul %f, %half : tensor<9x31xf32>
  %r = meld.round %halves : tensor<9x31xf32>
  %h8 = meld.constant dense<8.0> : tensor<9x31xbf16>
  %hx = meld.mul %h, %h8 : tensor<9x31xbf16>
  %hr = meld.round %hx : tensor<9x31xbf16>
  return %f, %c, %r, %hr : tensor<9x31xf32>, tensor<9x31xf32>, tensor<9x31xf32>, tensor<9x31xbf16>
}

func.func @remainders(%x: tensor<40x9xf32>, %y: tensor<40x9xf32>, %a: tensor<40x9xi32>, %b: tensor<40x9xi32>, %c: tensor<40x9xi8>, %d: tensor<40x9xi8>) -> (tensor<40x9xf32>, tensor<40x9xi32>, tensor<40x9xi8>) {
  %k = meld.constant dense<8.0> : tensor<40x9xf32>
  %xk = meld.mul %x, %k : tensor<40x9xf32>
  %fr = meld.rem %xk, %y : tensor<40x9xf32>
  // b | 1 is odd, never zero: division by zero is tested apart.
  %one = meld.constant dense<1> : tensor<40x9xi32>
  %bo = meld.or %b, %one : tensor<40x9xi32>
  %ir = meld.rem %a, %bo : tensor<40x9xi32>
  %one8 = meld.constant dense<1> : tensor<40x9xi8>
  %do = meld.or %d, %one8 : tensor<40x9xi8>
  %cr = meld.rem %c, %do : tensor<40x9xi8>
  return %fr, %ir, %cr : tensor<40x9xf32>, tensor<40x9xi32>, tensor<40x9xi8>
}

func.func @bits(%a: tensor<20x13xi32>, %b: tensor<20x13xi32>, %c: tensor<20x13xi8>, %d: tensor<20x13xi8>, %e: tensor<20x13xi64>, %p: tensor<20x13xi1>, %q: tensor<20x13xi1>) -> (tensor<20x13xi32>, tensor<20x13xi32>, tensor<20x13xi8>, tensor<20x13xi8>, tensor<20x13xi64>, tensor<20x13xi1>) {
  %and = meld.and %a, %b : tensor<20x13xi32>
  %xor = meld.xor %and, %a : tensor<20x13xi32>
  %not = meld.not %xor : tensor<20x13xi32>
  // Amounts in [-40, 35]: negative, in range and past the width.
  %five = meld.constant dense<5> : tensor<20x13xi32>
  %n = meld.mul %b, %five : tensor<20x13xi32>
  %shl = meld.shift_left %not, %n : tensor<20x13xi32>
  %shr = meld.shift_right %a, %n : tensor<20x13xi32>
  %five8 = meld.constant dense<5> : tensor<20x13xi8>
  %n8 = meld.mul %d, %five8 : tensor<20x13xi8>
  %shl8 = meld.shift_left %c, %n8 : tensor<20x13xi8>
  %shr8 = meld.shift_right %c, %n8 : tensor<20x13xi8>
  %n64 = meld.cast %n : tensor<20x13xi32> to tensor<20x13xi64>
  %twelve = meld.constant dense<12> : tensor<20x13xi64>
  %n64b = meld.mul %n64, %twelve : tensor<20x13xi64>
  %shr64 = meld.shift_right %e, %n64b : tensor<20x13xi64>
  %por = meld.or %p, %q : tensor<20x13xi1>
  %pnot = meld.not %por : tensor<20x13xi1>
  %pxor = meld.xor %pnot, %p : tensor<20x13xi1>
  %pand = meld.and %pxor, %q : tensor<20x13xi1>
  return %shl, %shr, %shl8, %shr8, %shr64, %pand : tensor<20x13xi32>, tensor<20x13xi32>, tensor<20x13xi8>, tensor<20x13xi8>, tensor<20x13xi64>, tensor<20x13xi1>
}
