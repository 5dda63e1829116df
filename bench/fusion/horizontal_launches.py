"""Horizontal launches on the host: does the time model join when joining pays?

For sets of independent flat pointwise kernels (n squarings of f32 vectors of
about `size` elements, sizes distinct), times three compilations of the same
program through Program::run (`_bench_run`: the C++ loop, results in fresh
memory, no Python per call):

- joined: every set one horizontal launch (a tuning table whose launches
  cost 1 ms and sharing nothing),
- apart: every kernel its own launch (launches free, sharing 1 ms),
- model: the launch costs meld-tune-host measures on this machine now.

and says which the model picked and how far it is from the faster of the
two. Run: PYTHONPATH=build/python-bindings python bench/fusion/horizontal_launches.py
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
import machine  # noqa: E402

import meld  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def program(n: int, size: int) -> str:
    sizes = [size + 16 * i for i in range(n)]
    types = [f"tensor<{s}xf32>" for s in sizes]
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(types))
    body = "\n".join(f"  %r{i} = meld.mul %a{i}, %a{i} : {t}"
                     for i, t in enumerate(types))
    rets = ", ".join(f"%r{i}" for i in range(n))
    return (f"func.func @main({args}) -> ({', '.join(types)}) {{\n{body}\n"
            f"  return {rets} : {', '.join(types)}\n}}\n")


def tables(build: pathlib.Path, tmp: pathlib.Path):
    """The measured table, and the two forcing ones made from it."""
    measured = tmp / "measured.json"
    out = subprocess.run([str(build / "bin" / "meld-tune-host"), "--launches-only",
                          f"--output={measured}"], capture_output=True, text=True,
                         check=True).stdout
    table = json.loads(measured.read_text())
    made = {"model": measured}
    for name, launch in [("joined", {"launch_ns": 1000000, "share_ns": 0}),
                         ("apart", {"launch_ns": 0, "share_ns": 1000000})]:
        t = json.loads(json.dumps(table))
        for e in t["entries"]:
            e["launch"].update(launch)
        path = tmp / f"{name}.json"
        path.write_text(json.dumps(t))
        made[name] = path
    return made, table["entries"][0]["launch"], out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--markdown", type=pathlib.Path)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    build = pathlib.Path(os.environ.get("MELD_BUILD_DIR", ROOT / "build"))
    with tempfile.TemporaryDirectory() as d:
        paths, launch, tune_out = tables(build, pathlib.Path(d))
        print(tune_out.strip().splitlines()[-2])
        lines = [f"CPU: {machine.cpu_name()} ({machine.isa()}); measured launch "
                 f"costs: launch {launch['launch_ns']} ns, sharing "
                 f"{launch['share_ns']} ns, {launch['bytes_per_us']} B/us", "",
                 "| kernels | elements each | joined us | apart us | model's choice | "
                 "model us | model / best |", "|---|---|---|---|---|---|---|"]
        for n in (2, 4, 8, 64):
            for size in (16, 1024, 16384, 262144):
                ir = program(n, size)
                inputs = [np.random.rand(size + 16 * i).astype(np.float32)
                          for i in range(n)]
                exes = {k: meld.compile(ir, host_tuning=str(p)) for k, p in paths.items()}
                launches = {}
                for k, exe in exes.items():
                    exe(*inputs)
                    launches[k] = exe.last_run_stats()["launches"]
                iters = max(20, min(20000, 4_000_000 // (n * size + 1000)))
                best = {k: float("inf") for k in exes}
                for _ in range(args.rounds):
                    for k, exe in exes.items():  # interleaved
                        best[k] = min(best[k], exe._bench_run(*inputs, iterations=iters) / 1e3)
                choice = ("joined" if launches["model"] == launches["joined"]
                          else "apart" if launches["model"] == launches["apart"]
                          else f"{launches['model']} launches")
                lines.append(
                    f"| {n} | {size} | {best['joined']:.2f} | {best['apart']:.2f} | "
                    f"{choice} | {best['model']:.2f} | "
                    f"{best['model'] / min(best['joined'], best['apart']):.2f} |")
                print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)


if __name__ == "__main__":
    main()
