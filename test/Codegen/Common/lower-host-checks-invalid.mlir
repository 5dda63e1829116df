// RUN: meld-opt %s --split-input-file --verify-diagnostics --meld-lower-host-checks

// Only host kernels have a status to report a failed check to.
func.func @not_a_kernel(%ok: i1) {
  // expected-error @below {{'cf.assert' op is a runtime check outside a host kernel}}
  cf.assert %ok, "integer division by zero"
  return
}

// -----

// A check the runtime would not know how to report.
func.func @kernel(%ok: i1) attributes {meld.kernel} {
  // expected-error @below {{'cf.assert' op is not a runtime check kernels report ('shape mismatch'; known: 'integer division by zero', 'gather index out of bounds', 'convolution input shorter than its kernel')}}
  cf.assert %ok, "shape mismatch"
  return
}
