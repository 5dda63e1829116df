"""Host GEMMs over dynamic sizes against the same GEMMs over static ones.

A program compiled with `?` sizes (torch.compile's `dynamic=True`, an ONNX
model with a dynamic sequence length or image size) runs the same sums as
one compiled for the sizes it meets; this measures what the dynamic sizes
cost. Each case is compiled twice in one process, static and dynamic, and
run on the same inputs in interleaved rounds; the results must agree
(compared exactly where the sums are the same, else to 1e-4 relative).
Prints the CPU and a markdown table; docs/performance.md has a run.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/dynamic_shapes.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from machine import static_dynamic_header, static_dynamic_row  # noqa: E402  (bench/machine.py)

import meld  # noqa: E402


def attention(s: str, heads: int, d: int) -> str:
    q = f"tensor<{heads}x{s}x{d}xf32>"
    sc = f"tensor<{heads}x{s}x{s}xf32>"
    return f"""
func.func @main(%q: {q}, %k: {q}, %v: {q}) -> {q} {{
  %s = meld.batch_matmul %q, %k transpose_rhs : {q}, {q} -> {sc}
  %e = meld.exp %s : {sc}
  %o = meld.batch_matmul %e, %v : {sc}, {q} -> {q}
  return %o : {q}
}}"""


def matmul(m: str, k: str, n: str) -> str:
    a, b, c = (f"tensor<{m}x{k}xf32>", f"tensor<{k}x{n}xf32>",
               f"tensor<{m}x{n}xf32>")
    return f"""
func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %c = meld.matmul %a, %b : {a}, {b} -> {c}
  %r = meld.relu %c : {c}
  return %r : {c}
}}"""


def linear(m: str, k: int, n: int) -> str:
    """A linear layer without bias: `x @ W^T`, W `[n, k]` (a decode step's
    projection when m is a few rows)."""
    x, w, y = f"tensor<{m}x{k}xf32>", f"tensor<{n}x{k}xf32>", f"tensor<{m}x{n}xf32>"
    return f"""
func.func @main(%x: {x}, %w: {w}) -> {y} {{
  %y = meld.matmul %x, %w transpose_rhs : {x}, {w} -> {y}
  return %y : {y}
}}"""


def conv(image: str, out: str, k: int, cin: int, cout: int) -> str:
    x, w, y = (f"tensor<1x{cin}x{image}xf32>", f"tensor<{cout}x{cin}x{k}x{k}xf32>",
               f"tensor<1x{cout}x{out}xf32>")
    p = k // 2
    return f"""
func.func @main(%x: {x}, %w: {w}) -> {y} {{
  %c = meld.conv %x, %w strides = [1, 1] dilations = [1, 1]
      padding_low = [{p}, {p}] padding_high = [{p}, {p}] groups = 1 : ({x}, {w}) -> {y}
  %r = meld.relu %c : {y}
  return %r : {y}
}}"""


def cases(rng):
    def normal(*shape):
        return rng.standard_normal(shape).astype(np.float32) * 0.1

    for s in (128, 77):
        args = [normal(12, s, 64) for _ in range(3)]
        yield (f"attention 12 heads x {s} x 64 (QK^T, exp, PV)",
               attention(str(s), 12, 64), attention("?", 12, 64), args)
    yield ("64 x 576 @ 576 x ? (3136 columns) + ReLU", matmul("64", "576", "3136"),
           matmul("64", "576", "?"), [normal(64, 576), normal(576, 3136)])
    yield ("? x ? @ ? x 64 (256 x 200 @ 200 x 64) + ReLU", matmul("256", "200", "64"),
           matmul("?", "?", "64"), [normal(256, 200), normal(200, 64)])
    for rows in (1, 8, 16):
        yield (f"? x 2048 @ (8192 x 2048)^T, {rows} rows (a decode step's MLP)",
               linear(str(rows), 2048, 8192), linear("?", 2048, 8192),
               [normal(rows, 2048), normal(8192, 2048)])
    yield ("conv 3x3, 64 channels, 56 x 56 + ReLU", conv("56x56", "56x56", 3, 64, 64),
           conv("?x?", "?x?", 3, 64, 64), [normal(1, 64, 56, 56), normal(64, 64, 3, 3)])


def main() -> int:
    print(static_dynamic_header("case"))
    rng = np.random.default_rng(0)
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    for name, static_text, dynamic_text, args in cases(rng):
        if only not in name:
            continue
        static, dynamic = meld.compile(static_text), meld.compile(dynamic_text)
        (a,), (b,) = static(*args), dynamic(*args)
        if not np.allclose(a, b, rtol=1e-4, atol=1e-5):
            raise SystemExit(f"{name}: the dynamic kernel differs from the static one "
                             f"(max error {np.abs(a - b).max()})")
        print(static_dynamic_row(name, lambda: static(*args), lambda: dynamic(*args)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
