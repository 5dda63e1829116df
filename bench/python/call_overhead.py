#!/usr/bin/env python3
"""Per-call overhead of the Python binding against the C API, in one run.

Compiles a tiny program (one f32 add of two 4x8 tensors: the kernel itself
takes well under a microsecond) with ``meld.compile``, writes its bundle,
and times

* ``meld-bench-capi-call`` (bench/python/capi_call.cpp): the same bundle
  through the C API, ``meld_executable_run`` + ``meld_stream_synchronize``
  on preallocated buffers, in a C++ loop;
* ``jit::Program::run`` (the C++ JIT API the binding calls, host arrays in,
  results in fresh host memory) in a C++ loop inside the extension;
* ``exe(a, b)`` from Python (results in fresh numpy arrays);
* ``exe(a, b, out=[c])`` (results written into a preallocated array);
* ``graph(a, b)`` and ``graph.replay()`` of a captured run.

Each is the best of several rounds of many calls; the rounds interleave
the variants. Prints a table and the
ratios to the C API; ``--json`` prints the numbers as JSON instead.

    MELD_BUILD_DIR=build .venv/bin/python bench/python/call_overhead.py
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BUILD = Path(os.environ.get("MELD_BUILD_DIR", REPO / "build")).resolve()
sys.path.insert(0, str(BUILD / "python-bindings"))

import numpy as np  # noqa: E402

import meld  # noqa: E402

TINY = """
func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = meld.add %a, %b : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
"""


def ns_per_call(fn, iterations):
    start = time.perf_counter_ns()
    for _ in range(iterations):
        fn()
    return (time.perf_counter_ns() - start) / iterations


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    exe = meld.compile(TINY)
    a = np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32)
    b = np.random.default_rng(1).standard_normal((4, 8)).astype(np.float32)
    (check,) = exe(a, b)
    np.testing.assert_array_equal(check, a + b)

    tool = BUILD / "python-bindings" / "meld-bench-capi-call"
    out = np.empty((4, 8), np.float32)
    graph = exe.capture(a, b)
    n = args.iterations
    variants = {
        "C++ jit::Program::run": lambda: exe._bench_run(a, b, iterations=n),
        "exe(a, b)": lambda: ns_per_call(lambda: exe(a, b), n),
        "exe(a, b, out=[c])": lambda: ns_per_call(lambda: exe(a, b, out=[out]), n),
        "graph(a, b)": lambda: ns_per_call(lambda: graph(a, b), n),
        "graph.replay()": lambda: ns_per_call(graph.replay, n),
    }
    for fn in variants.values():  # warm up
        fn()
    results = {"C API meld_executable_run": float("inf")}
    results.update({name: float("inf") for name in variants})
    with tempfile.TemporaryDirectory() as tmp:
        bundle = Path(tmp) / "tiny.meldb"
        bundle.write_bytes(exe.bundle_bytes())
        # Rounds interleave the variants so that a busy moment of the
        # machine hits all of them alike; each keeps its best round.
        for _ in range(args.repeats):
            proc = subprocess.run([str(tool), str(bundle), str(n), "1"],
                                  capture_output=True, text=True, check=False)
            if proc.returncode != 0:
                sys.exit(f"{tool} failed:\n{proc.stderr}")
            results["C API meld_executable_run"] = min(
                results["C API meld_executable_run"],
                json.loads(proc.stdout)["ns_per_call"])
            for name, fn in variants.items():
                results[name] = min(results[name], fn())
    capi = results["C API meld_executable_run"]
    machine = (f"{platform.node()}: {platform.machine()}, {os.cpu_count()} CPUs, "
               f"Python {platform.python_version()}, numpy {np.__version__}, "
               f"meld {meld.version}")
    if args.json:
        print(json.dumps({"machine": machine, "ns_per_call": results}, indent=2))
        return
    print(f"per-call time of a 4x8 f32 add on the host device ({machine})")
    print(f"{'call':<28} {'us/call':>9} {'x C API':>8}")
    for name, ns in results.items():
        print(f"{name:<28} {ns / 1000:9.2f} {ns / capi:8.2f}")
    print(f"Python binding overhead over the C API: "
          f"{(results['exe(a, b)'] - capi) / 1000:.2f} us per call")


if __name__ == "__main__":
    main()
