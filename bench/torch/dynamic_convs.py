"""Convolutions over static and dynamic image sizes, through the Python JIT.

`meld.conv` takes dynamic spatial dims (docs/dialect.md), but its host
kernels are tuned for static image sizes: this measures what a dynamic
image costs, one convolution (+ ReLU) compiled twice in one process, with
the image's height and width static and dynamic, run on the same input in
interleaved rounds. The results must agree (the same sums in the same
order: compared exactly). Prints the CPU and a markdown table; docs/
frontends.md ("Convolutions over dynamic spatial dims") has a run.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/dynamic_convs.py
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from machine import cpu_name, isa, timeit  # noqa: E402  (bench/machine.py)

import meld  # noqa: E402

# name, kernel, input channels, output channels, stride, padding, image, groups
CASES = [
    ("3x3, 64 channels, 56 x 56", 3, 64, 64, 1, 1, 56, 1),
    ("1x1, 256 -> 64, 56 x 56", 1, 256, 64, 1, 0, 56, 1),
    ("3x3 stride 2, 128 channels, 56 x 56", 3, 128, 128, 2, 1, 56, 1),
    ("depthwise 3x3, 128 channels, 28 x 28", 3, 128, 128, 1, 1, 28, 128),
]


def program(image: str, out: str, k, cin, cout, stride, pad, groups) -> str:
    w = f"tensor<{cout}x{cin // groups}x{k}x{k}xf32>"
    return f"""
func.func @main(%x: tensor<1x{cin}x{image}xf32>, %w: {w}) -> tensor<1x{cout}x{out}xf32> {{
  %c = meld.conv %x, %w strides = [{stride}, {stride}] dilations = [1, 1]
      padding_low = [{pad}, {pad}] padding_high = [{pad}, {pad}] groups = {groups}
      : (tensor<1x{cin}x{image}xf32>, {w}) -> tensor<1x{cout}x{out}xf32>
  %r = meld.relu %c : tensor<1x{cout}x{out}xf32>
  return %r : tensor<1x{cout}x{out}xf32>
}}"""


def main() -> int:
    print(f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()}); one run, "
          "medians of 5 interleaved rounds")
    print("| convolution + ReLU | static ms | dynamic ms | dynamic / static |")
    print("| --- | --- | --- | --- |")
    rng = np.random.default_rng(0)
    for name, k, cin, cout, stride, pad, hw, groups in CASES:
        o = (hw + 2 * pad - k) // stride + 1
        x = rng.standard_normal((1, cin, hw, hw)).astype(np.float32)
        w = rng.standard_normal((cout, cin // groups, k, k)).astype(np.float32)
        static = meld.compile(program(f"{hw}x{hw}", f"{o}x{o}", k, cin, cout, stride, pad,
                                      groups))
        dynamic = meld.compile(program("?x?", "?x?", k, cin, cout, stride, pad, groups))
        (a,), (b,) = static(x, w), dynamic(x, w)
        if not np.array_equal(a, b):
            raise SystemExit(f"{name}: the dynamic kernel differs from the static one")
        times = {"static": [], "dynamic": []}
        for _ in range(5):
            times["static"].append(timeit(lambda: static(x, w), 3, 10))
            times["dynamic"].append(timeit(lambda: dynamic(x, w), 3, 10))
        s, d = (statistics.median(times[which]) * 1e3 for which in ("static", "dynamic"))
        print(f"| {name} | {s:.3f} | {d:.3f} | {d / s:.1f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
