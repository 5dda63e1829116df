"""Meld's main job, end to end, through the embedded JIT:

for each program (examples/*.mlir, or the files given):
  1. compile it in-process with fusion for the best device present
     (cuda, then hip, else the host CPU);
  2. show the fusion report;
  3. capture one run into a graph, then replay the graph on new random
     inputs (control flow stays inside the graph);
  4. check every replayed result against Meld's reference interpreter.

    .venv/bin/python examples/main_job.py [program.mlir ...]

Exits 1 when anything fails to compile or disagrees with the interpreter.
"""

import glob
import os
import sys

import numpy as np

import meld

TOLERANCE = dict(rtol=1e-3, atol=1e-4)
DYNAMIC_DIM = 16
NUMPY_DTYPES = {"f64": np.float64, "f32": np.float32, "f16": np.float16,
                "i64": np.int64, "i32": np.int32, "i8": np.int8, "i1": np.bool_}


def random_inputs(signature, rng):
    inputs = []
    for dtype, shape in signature.inputs:
        shape = tuple(DYNAMIC_DIM if d is None else d for d in shape)
        if dtype == "bf16":
            values = rng.uniform(-1, 1, shape).astype(np.float32)
            inputs.append(meld.float32_to_bf16(values))
        elif dtype == "i1":
            inputs.append(rng.integers(0, 2, shape).astype(np.bool_))
        elif dtype.startswith("i"):
            inputs.append(rng.integers(-8, 8, shape).astype(NUMPY_DTYPES[dtype]))
        else:
            inputs.append(rng.uniform(-1, 1, shape).astype(NUMPY_DTYPES[dtype]))
    return inputs


def check(expected, actual):
    if len(expected) != len(actual):
        return False
    for e, a in zip(expected, actual):
        if e.shape != a.shape or e.dtype != a.dtype:
            return False
        if e.dtype.kind == "f":
            if not np.allclose(a, e, equal_nan=True, **TOLERANCE):
                return False
        elif not np.array_equal(a, e):
            return False
    return True


def main(paths):
    rng = np.random.default_rng(2026)
    failures = 0
    for path in paths:
        name = os.path.basename(path)
        exe = meld.compile_file(path, device="best")
        print(f"=== {name}: compiled with fusion for {exe.device}")
        print(exe.fusion_report(), end="")
        for function in exe.functions:
            signature = exe.signature(function.name)
            graph = exe.capture(*random_inputs(signature, rng),
                                function=function.name)
            for replay in range(3):
                inputs = random_inputs(signature, rng)
                actual = graph(*inputs)
                expected = exe.interpret(*inputs, function=function.name)
                ok = check(expected, actual)
                failures += not ok
                print(f"@{function.name}: graph of {graph.num_kernel_nodes} "
                      f"kernel nodes, replay {replay + 1} on new inputs: "
                      f"{'matches the interpreter' if ok else 'MISMATCH'}")
    return 1 if failures else 0


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    files = sys.argv[1:] or sorted(glob.glob(os.path.join(here, "*.mlir")))
    sys.exit(main(files))
