#!/usr/bin/env python3
"""Latency of real ONNX models through Meld against onnxruntime, in one run.

The models are test/onnx/models.py's (a ResNet-style CNN and a GPT-2-style
decoder, random weights, exported by torch.onnx.export). Each is compiled
once by meld.onnx (host, all cores) and loaded once by onnxruntime (CPU
execution provider, all cores, full graph optimization); then each runs the
same inputs, interleaved in rounds, and the median per-call time is kept.
Results are checked against onnxruntime before timing.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/onnx/models.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "test", "onnx"))
sys.path.insert(0, os.path.join(HERE, ".."))

from machine import cpu_name, isa, timeit  # noqa: E402  (bench/machine.py)


def main() -> int:
    import onnxruntime as ort

    import meld.onnx as mo
    import models

    print(f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()})")
    print(f"onnxruntime {ort.__version__}; one run, median of interleaved rounds")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        made = models.export(tmp)
        for name, (path, example) in made.items():
            t = time.perf_counter()
            compiled = mo.compile(path)
            compile_s = time.perf_counter() - t
            opts = ort.SessionOptions()
            opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            sess = ort.InferenceSession(path, opts, providers=["CPUExecutionProvider"])
            feed = {sess.get_inputs()[0].name: example}
            want = sess.run(None, feed)[0]
            got = compiled(example)
            err = float(np.max(np.abs(got - want)))
            meld_s = ort_s = 0.0
            for _ in range(3):  # interleave to share the machine's state
                meld_s += timeit(lambda: compiled(example), 5, 10)
                ort_s += timeit(lambda: sess.run(None, feed), 5, 10)
            rows.append((name, list(example.shape), meld_s / 3 * 1e3, ort_s / 3 * 1e3,
                         compile_s, err))
    print("| model | input | Meld ms | onnxruntime ms | Meld speed vs onnxruntime | "
          "Meld compile s | max abs diff |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, shape, m, o, c, err in rows:
        print(f"| {name} | {shape} | {m:.3f} | {o:.3f} | {o / m:.2f}x | {c:.1f} | {err:.1e} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
