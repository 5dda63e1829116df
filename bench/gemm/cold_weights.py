"""`x @ W^T` (nn.Linear's layout, f32) with the weight cold, as in a model
whose weights stream from memory on every call: Meld against
`torch.nn.functional.linear` (MKL) in one process, each call on the next
of enough copies of W to pass 600 MB (more than this VM's share of L3),
rounds interleaved.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/cold_weights.py 197x768x3072 128x2048x512
    # one copy of W (warm, as bench/gemm/interleaved.py times it):
    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/cold_weights.py 197x768x3072 --copies 1
    # Meld compiled under an environment too (a code path switched by it), against Meld:
    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/cold_weights.py 128x2048x8192 --variant K=V

Meld's result is checked against an f64 product first. Both use 2
threads; Meld's workers sleep between calls (MELD_HOST_SPIN_US=0) and
torch's OpenMP threads are passive, as in interleaved.py.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import machine  # noqa: E402  (bench/machine.py)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("shapes", nargs="+", help="MxKxN: x is M x K, W is N x K")
    parser.add_argument("--copies", type=int, default=0,
                        help="copies of W (default: enough for 600 MB)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--variant", default="",
                        help="also time Meld compiled under K=V ... (another code path: "
                             "its ratio to Meld's default is printed)")
    args = parser.parse_args()
    os.environ.setdefault("MELD_HOST_SPIN_US", "0")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import torch
    import meld
    torch.set_num_threads(2)
    print(f"{machine.cpu_name()}, 2 threads")
    for shape in args.shapes:
        m, k, n = map(int, shape.split("x"))
        copies = args.copies or max(1, int(600e6 // (k * n * 4)))
        rng = np.random.default_rng(0)
        x = rng.standard_normal((m, k)).astype(np.float32)
        ws = [(rng.standard_normal((n, k)) * 0.05).astype(np.float32)
              for _ in range(copies)]
        ir = f"""
func.func @main(%x: tensor<{m}x{k}xf32>, %w: tensor<{n}x{k}xf32>) -> tensor<{m}x{n}xf32> {{
  %h = meld.matmul %x, %w transpose_rhs : tensor<{m}x{k}xf32>, tensor<{n}x{k}xf32> -> tensor<{m}x{n}xf32>
  return %h : tensor<{m}x{n}xf32>
}}"""
        exe = meld.compile(ir, device="host")
        exes = {"meld": exe}
        if args.variant:
            saved = dict(os.environ)
            os.environ.update(kv.split("=", 1) for kv in args.variant.split())
            try:  # (tagged: the JIT's in-memory cache holds the default's)
                exes["variant"] = meld.compile(ir + "\n// variant\n", device="host")
            finally:
                os.environ.clear()
                os.environ.update(saved)
        want = x.astype(np.float64) @ ws[0].T.astype(np.float64)
        for e in exes.values():
            got = np.asarray(e(x, ws[0]))
            assert np.abs(got - want).max() <= 1e-4 * np.abs(want).max() + 1e-5
        tx, tws = torch.from_numpy(x), [torch.from_numpy(w) for w in ws]

        def run(e):
            def calls():
                for w in ws:
                    e(x, w)
            return calls

        def run_torch():
            for w in tws:
                torch.nn.functional.linear(tx, w)

        fns = {"torch": run_torch, **{name: run(e) for name, e in exes.items()}}
        for f in fns.values():
            f()
        times = {name: [] for name in fns}
        for r in range(args.rounds):
            order = list(fns)
            for name in order[r % len(order):] + order[:r % len(order)]:
                start = time.perf_counter()
                fns[name]()
                times[name].append((time.perf_counter() - start) / copies)
        flops = 2 * m * k * n
        speed = {name: flops / statistics.median(t) / 1e9 for name, t in times.items()}
        ratio = statistics.median(a / b for a, b in zip(times["torch"], times["meld"]))
        line = (f"{shape} W^T, {copies} copies of W: torch {speed['torch']:.1f}, "
                f"Meld {speed['meld']:.1f} GFLOP/s, Meld/torch {ratio:.3f}")
        if args.variant:
            ratios = sorted(a / b for a, b in zip(times["meld"], times["variant"]))
            line += (f"; variant {speed['variant']:.1f} GFLOP/s, variant/Meld "
                     f"{statistics.median(ratios):.3f} [{ratios[0]:.2f}-{ratios[-1]:.2f}]")
        print(line, flush=True)


if __name__ == "__main__":
    main()
