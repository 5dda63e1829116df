// meld.cumulative: running sums, products, maxima, minima and log-sum-exps
// (NaNs from square roots of negatives, ties and -0 from floored and negated
// values: an extreme moves on to a tie and stays at a NaN) along the last
// axis (a top-p sampler's probabilities, a fused producer before and a
// consumer after), along the first and a middle axis, of a dynamic row count
// and a dynamic 1-D axis, of integers (i32 sums that wrap, i64 products, i8)
// and of halves (carried in f32, each position rounded) and f64.
// unittests/Codegen compares every function with the interpreter at two
// sizes of the '?' dims, fused and unfused, for the host and through the
// emulated GPU mapping (where the rows run on thread 0), and checks the
// PTX and HSACO; here two must match exactly through the tools (f32 sums
// in index order, as the interpreter's).
//
// RUN: meld-compile %s --targets=host,nvptx,amdgpu -o %t.meldb
// RUN: meld-run %s --entry top_p --random-inputs --seed 7 > %t.ref
// RUN: meld-run %t.meldb --entry top_p --random-inputs --seed 7 > %t.out
// RUN: diff %t.ref %t.out
// RUN: meld-run %s --entry ints --random-inputs --seed 3 > %t.ref2
// RUN: meld-run %t.meldb --entry ints --random-inputs --seed 3 > %t.out2
// RUN: diff %t.ref2 %t.out2

func.func @top_p(%p: tensor<8x1000xf32>) -> tensor<8x1000xf32> {
  %e = meld.exp %p : tensor<8x1000xf32>
  %c = meld.cumulative sum %e axis = 1 : tensor<8x1000xf32>
  %h = meld.mul %c, %p : tensor<8x1000xf32>
  return %h : tensor<8x1000xf32>
}

func.func @axes(%x: tensor<5x7x3xf32>) -> (tensor<5x7x3xf32>, tensor<5x7x3xf32>, tensor<5x7x3xf32>) {
  %a = meld.cumulative sum %x axis = 0 : tensor<5x7x3xf32>
  %b = meld.cumulative sum %x axis = 1 : tensor<5x7x3xf32>
  %c = meld.cumulative prod %x axis = 2 : tensor<5x7x3xf32>
  return %a, %b, %c : tensor<5x7x3xf32>, tensor<5x7x3xf32>, tensor<5x7x3xf32>
}

func.func @dynamic(%x: tensor<?x33xf32>, %y: tensor<?xf32>) -> (tensor<?x33xf32>, tensor<?xf32>) {
  %a = meld.cumulative sum %x axis = 1 : tensor<?x33xf32>
  %b = meld.cumulative sum %y axis = 0 : tensor<?xf32>
  return %a, %b : tensor<?x33xf32>, tensor<?xf32>
}

func.func @ints(%x: tensor<4x50xi32>, %y: tensor<3x9xi64>, %z: tensor<2x70xi8>) -> (tensor<4x50xi32>, tensor<3x9xi64>, tensor<2x70xi8>) {
  %big = meld.constant dense<100000000> : tensor<4x50xi32>
  %s = meld.mul %x, %big : tensor<4x50xi32>
  %a = meld.cumulative sum %s axis = 1 : tensor<4x50xi32>
  %b = meld.cumulative prod %y axis = 1 : tensor<3x9xi64>
  %c = meld.cumulative sum %z axis = 1 : tensor<2x70xi8>
  return %a, %b, %c : tensor<4x50xi32>, tensor<3x9xi64>, tensor<2x70xi8>
}

func.func @halves(%x: tensor<3x300xbf16>, %y: tensor<5x6xf16>, %z: tensor<2x5x3xf64>) -> (tensor<3x300xbf16>, tensor<5x6xf16>, tensor<2x5x3xf64>) {
  %a = meld.cumulative sum %x axis = 1 : tensor<3x300xbf16>
  %b = meld.cumulative prod %y axis = 1 : tensor<5x6xf16>
  %c = meld.cumulative sum %z axis = 1 : tensor<2x5x3xf64>
  return %a, %b, %c : tensor<3x300xbf16>, tensor<5x6xf16>, tensor<2x5x3xf64>
}

func.func @extremes(%x: tensor<6x40xf32>, %i: tensor<?x12xi32>) -> (tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>, tensor<?x12xi32>) {
  %s = meld.sqrt %x : tensor<6x40xf32>
  %a = meld.cumulative max %s axis = 1 : tensor<6x40xf32>
  %f = meld.floor %x : tensor<6x40xf32>
  %z = meld.constant dense<0.0> : tensor<6x40xf32>
  %n = meld.min %f, %z : tensor<6x40xf32>
  %m = meld.neg %n : tensor<6x40xf32>
  %b = meld.cumulative min %m axis = 1 : tensor<6x40xf32>
  %c = meld.cumulative max %n axis = 0 : tensor<6x40xf32>
  %d = meld.cumulative min %i axis = 1 : tensor<?x12xi32>
  return %a, %b, %c, %d : tensor<6x40xf32>, tensor<6x40xf32>, tensor<6x40xf32>, tensor<?x12xi32>
}

// The running log-sum-exp (torch.logcumsumexp) of values spread over
// [-30, 30], of rows that meet -inf (x < -0.8), +inf (x > 0.9) and NaN
// (x in (0.2, 0.22): a NaN stays), in f64, of halves (carried in f32)
// along a middle axis, and of a dynamic row count.
func.func @logsumexp(%x: tensor<6x40xf32>, %h: tensor<3x20x4xbf16>, %d: tensor<?x17xf64>) -> (tensor<6x40xf32>, tensor<6x40xf32>, tensor<3x20x4xbf16>, tensor<?x17xf64>) {
  %k = meld.constant dense<30.0> : tensor<6x40xf32>
  %s = meld.mul %x, %k : tensor<6x40xf32>
  %a = meld.cumulative logsumexp %s axis = 1 : tensor<6x40xf32>
  %lo = meld.constant dense<-0.8> : tensor<6x40xf32>
  %hi = meld.constant dense<0.9> : tensor<6x40xf32>
  %n0 = meld.constant dense<0.2> : tensor<6x40xf32>
  %n1 = meld.constant dense<0.22> : tensor<6x40xf32>
  %ninf = meld.constant dense<0xFF800000> : tensor<6x40xf32>
  %pinf = meld.constant dense<0x7F800000> : tensor<6x40xf32>
  %nan = meld.constant dense<0x7FC00000> : tensor<6x40xf32>
  %isLo = meld.compare lt, %x, %lo : tensor<6x40xf32>
  %isHi = meld.compare gt, %x, %hi : tensor<6x40xf32>
  %above = meld.compare gt, %x, %n0 : tensor<6x40xf32>
  %below = meld.compare lt, %x, %n1 : tensor<6x40xf32>
  %isNan = meld.and %above, %below : tensor<6x40xi1>
  %e0 = meld.select %isLo, %ninf, %s : tensor<6x40xi1>, tensor<6x40xf32>
  %e1 = meld.select %isHi, %pinf, %e0 : tensor<6x40xi1>, tensor<6x40xf32>
  %e2 = meld.select %isNan, %nan, %e1 : tensor<6x40xi1>, tensor<6x40xf32>
  %b = meld.cumulative logsumexp %e2 axis = 1 : tensor<6x40xf32>
  %c = meld.cumulative logsumexp %h axis = 1 : tensor<3x20x4xbf16>
  %e = meld.cumulative logsumexp %d axis = 1 : tensor<?x17xf64>
  return %a, %b, %c, %e : tensor<6x40xf32>, tensor<6x40xf32>, tensor<3x20x4xbf16>, tensor<?x17xf64>
}
