// RUN: meld-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(gpu.module(meld-lower-gpu-checks))'

// Only GPU kernels have a status cell to report a failed check to.
gpu.module @meld_kernels {
  gpu.func @helper(%ok: i1) {
    // expected-error @below {{'cf.assert' op is a runtime check outside a GPU kernel}}
    cf.assert %ok, "integer division by zero"
    gpu.return
  }
}

// -----

// A check the runtime would not know how to report.
gpu.module @meld_kernels {
  gpu.func @kernel(%ok: i1) kernel {
    // expected-error @below {{'cf.assert' op is not a runtime check kernels report ('shape mismatch'; known: 'integer division by zero', 'gather index out of bounds', 'convolution input shorter than its kernel')}}
    cf.assert %ok, "shape mismatch"
    gpu.return
  }
}
