"""An ONNX model through Meld, end to end:

  1. build a small ResNet-style CNN and a GPT-2-style decoder in torch
     (random weights, no downloads) and export them with torch.onnx.export
     (test/onnx/models.py);
  2. import each with meld.onnx (the same translation as meld-import-onnx),
     compile it for the host and show its fusion summary;
  3. run it at two input shapes through the one compiled model (the batch
     and sequence dims stay dynamic) and check the results against
     onnxruntime and against Meld's own reference interpreter.

    .venv/bin/python examples/onnx_model.py [model.onnx ...]

Exits 1 when a model fails to import or compile, or a result disagrees.
"""

import os
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "onnx"))

import meld.onnx  # noqa: E402

# f32 throughout; Meld's fused kernels and onnxruntime sum in other orders
TOLERANCE = dict(rtol=1e-4, atol=1e-4)


def shapes_for(name, example):
    """The example input, and one of another batch (and sequence) size."""
    if example.dtype == np.int64:  # token ids: batch x sequence
        rng = np.random.default_rng(1)
        return [example, rng.integers(0, 256, (1, example.shape[1] + 5)).astype(np.int64)]
    rng = np.random.default_rng(1)
    other = rng.standard_normal((example.shape[0] + 1,) + example.shape[1:]).astype(np.float32)
    return [example, other]


def run(name, path, example):
    import onnxruntime as ort

    compiled = meld.onnx.compile(path)
    report = compiled.fusion_report().strip().splitlines()
    print(f"--- {name}: {os.path.basename(path)} -> {len(compiled.ir.splitlines())} lines "
          f"of meld IR; {report[0] if report else ''}")
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    ok = True
    for x in shapes_for(name, example):
        got = compiled(x)
        (want,) = sess.run(None, {sess.get_inputs()[0].name: x})
        oracle = compiled.interpret(x)
        good = np.allclose(got, want, **TOLERANCE) and np.allclose(got, oracle, **TOLERANCE)
        ok &= bool(good)
        print(f"    input {list(x.shape)} -> output {list(got.shape)}: max |Meld - onnxruntime| "
              f"= {np.max(np.abs(got - want)):.2e}, max |Meld - interpreter| = "
              f"{np.max(np.abs(got - oracle)):.2e}  {'ok' if good else 'MISMATCH'}")
    return ok


def main(paths):
    import models

    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        if paths:
            raise SystemExit("usage: onnx_model.py (exports its own models)")
        for name, (path, example) in models.export(tmp).items():
            try:
                ok &= run(name, path, example)
            except meld.onnx.OnnxImportError as e:
                print(f"--- {name}: not supported yet: {e}")
                ok = False
    print("all ONNX models match onnxruntime and the interpreter" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
