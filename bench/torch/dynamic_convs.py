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

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from machine import static_dynamic_header, static_dynamic_row  # noqa: E402  (bench/machine.py)

import meld  # noqa: E402

# name, kernel, input channels, output channels, stride, padding, image, groups
CASES = [
    ("3x3, 64 channels, 56 x 56", 3, 64, 64, 1, 1, 56, 1),
    ("1x1, 256 -> 64, 56 x 56", 1, 256, 64, 1, 0, 56, 1),
    ("3x3 stride 2, 128 channels, 56 x 56", 3, 128, 128, 2, 1, 56, 1),
    ("3x3, 128 channels, 28 x 28", 3, 128, 128, 1, 1, 28, 1),
    ("3x3, 256 channels, 14 x 14", 3, 256, 256, 1, 1, 14, 1),
    ("3x3, 512 channels, 7 x 7", 3, 512, 512, 1, 1, 7, 1),
    ("depthwise 3x3, 128 channels, 28 x 28", 3, 128, 128, 1, 1, 28, 128),
    ("7x7 stride 2, 3 -> 64, 224 x 224 (a ResNet's stem)", 7, 3, 64, 2, 3, 224, 1),
    ("1x1 stride 2, 256 -> 512, 56 x 56", 1, 256, 512, 2, 0, 56, 1),
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
    print(static_dynamic_header("convolution + ReLU"))
    rng = np.random.default_rng(0)
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    for name, k, cin, cout, stride, pad, hw, groups in CASES:
        if only not in name:
            continue
        o = (hw + 2 * pad - k) // stride + 1
        x = rng.standard_normal((1, cin, hw, hw)).astype(np.float32)
        w = rng.standard_normal((cout, cin // groups, k, k)).astype(np.float32)
        static = meld.compile(program(f"{hw}x{hw}", f"{o}x{o}", k, cin, cout, stride, pad,
                                      groups))
        dynamic = meld.compile(program("?x?", "?x?", k, cin, cout, stride, pad, groups))
        (a,), (b,) = static(x, w), dynamic(x, w)
        if not np.array_equal(a, b):
            raise SystemExit(f"{name}: the dynamic kernel differs from the static one")
        print(static_dynamic_row(name, lambda: static(x, w), lambda: dynamic(x, w)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
