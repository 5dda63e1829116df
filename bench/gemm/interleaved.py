"""Two GEMM implementations timed in one process, call sets interleaved, for
ratios that hold on a VM whose speed drifts by 15-40% between processes
minutes apart (the Emerald Rapids Xeon's, docs/performance.md).

    # Meld against torch.matmul / F.linear (MKL) in the same process:
    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/interleaved.py \\
        128x768x50257,t 1024x1024x1024 --against torch
    # Meld under two environments (a tuning table, say) against each other:
    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/interleaved.py \\
        2048x2048x2048 --env-a MELD_HOST_TUNING=none --env-b MELD_HOST_TUNING=t.json
    # Meld's code for another CPU (here AVX2's x86-64-v3) against native code:
    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/interleaved.py \\
        1024x1024x1024 --env-b MELD_BENCH_HOST_CPU=x86-64-v3

Cases are bench/gemm/gemm.py's `MxKxN[,t][,gelu][,batch=B][,bf16|f16]`.
Each round times a set of calls (about 50 ms) of A and of B, in turn
(A first on even rounds, B first on odd ones); the line per case gives
both medians in GFLOP/s and the median of the rounds' B/A speed ratios
with their range. Meld's results are checked against an f64 product
first. Against torch, Meld's workers sleep between calls
(MELD_HOST_SPIN_US=0) and torch's OpenMP threads are passive, so that
neither spins on the other's cores; both use `--threads` threads (Meld's
through MELD_HOST_THREADS).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import gemm  # noqa: E402  (bench/gemm/gemm.py)


def env_pairs(text: str) -> dict:
    return dict(kv.split("=", 1) for kv in text.split())


def meld_under(case, arrays, env: dict, tag: str):
    """Meld's executable for `case`, compiled with `env` set (tagged so that
    the JIT's in-memory cache does not hand back the other variant's)."""
    import meld
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        exe = meld.compile(case.meld_ir() + f"\n// variant {tag}\n",
                           device="host",
                           host_cpu=os.environ.get("MELD_BENCH_HOST_CPU"))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    gemm.check(case, arrays, exe(*arrays))
    return lambda: exe(*arrays)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="+")
    parser.add_argument("--against", choices=["torch"],
                        help="B is Meld, A this library")
    parser.add_argument("--env-a", default="", help="A: Meld under K=V ...")
    parser.add_argument("--env-b", default="", help="B: Meld under K=V ...")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    # Meld's host device takes its threads from here when the JIT starts.
    os.environ["MELD_HOST_THREADS"] = str(args.threads)
    if args.against:
        os.environ.setdefault("MELD_HOST_SPIN_US", "0")
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        import torch
        torch.set_num_threads(args.threads)
    names = (args.against or "A", "Meld") if args.against else ("A", "B")
    print(f"{gemm.machine.cpu_name()}, {args.threads} threads; "
          f"A = {args.against or 'Meld ' + repr(args.env_a)}, "
          f"B = Meld {'' if args.against else repr(args.env_b)}")
    for spec in args.cases:
        case = gemm.parse_case(spec)
        arrays = gemm.inputs(case)
        fns = {"B": meld_under(case, arrays, env_pairs(args.env_b), "B")}
        if args.against:
            fns["A"] = gemm.make_fn(args.against, case, arrays, False)
        else:
            fns["A"] = meld_under(case, arrays, env_pairs(args.env_a), "A")
        for f in fns.values():
            f()
        start = time.perf_counter()
        fns["B"]()
        inner = max(1, min(200, int(0.05 / max(time.perf_counter() - start,
                                                1e-6))))
        times = {"A": [], "B": []}
        for r in range(args.rounds):
            for v in ("AB" if r % 2 == 0 else "BA"):
                start = time.perf_counter()
                for _ in range(inner):
                    fns[v]()
                times[v].append((time.perf_counter() - start) / inner)
        ratios = [a / b for a, b in zip(times["A"], times["B"])]
        speed = {v: case.flops / statistics.median(t) / 1e9
                 for v, t in times.items()}
        print(f"{case.name:30s} {names[0]} {speed['A']:7.1f}  "
              f"{names[1]} {speed['B']:7.1f} GFLOP/s  B/A "
              f"{statistics.median(ratios):.3f} "
              f"[{min(ratios):.2f}-{max(ratios):.2f}]", flush=True)


if __name__ == "__main__":
    main()
