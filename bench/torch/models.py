"""torch.compile(backend="meld") against eager PyTorch and torch.compile
(Inductor) on this CPU, in one run: latency (median of interleaved rounds),
compile time (the first call) and Meld's kernel count, for the ResNet-style
CNN and GPT-2-style decoder of test/onnx/models.py at two sizes each.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/models.py

Outputs are checked against eager first. docs/frontends.md has the table.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import torch
import torch._dynamo

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test" / "onnx"))
sys.path.insert(0, str(ROOT / "bench"))

from machine import cpu_name, isa, timeit  # noqa: E402  (bench/machine.py)

from models import gpt2_style, resnet_style  # noqa: E402

import meld.torch  # noqa: E402,F401  (registers the backend)


def cases():
    torch.manual_seed(0)
    yield "resnet (16 ch)", resnet_style().eval(), torch.randn(2, 3, 32, 32)
    yield "resnet (32 ch)", resnet_style(channels=32).eval(), torch.randn(8, 3, 64, 64)
    yield "gpt2 (d 64, 2 layers)", gpt2_style().eval(), torch.randint(0, 256, (2, 16))
    yield ("gpt2 (d 256, 4 layers)", gpt2_style(d=256, heads=8, layers=4, max_len=128).eval(),
           torch.randint(0, 256, (4, 128)))


def main() -> int:
    print(f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()}); torch {torch.__version__}, "
          f"{torch.get_num_threads()} threads")
    rows = []
    for name, model, x in cases():
        with torch.no_grad():
            want = model(x)
            compiled = {}
            compile_s = {}
            for backend in ("inductor", "meld"):
                torch._dynamo.reset()
                fn = torch.compile(model, backend=backend)
                t = time.perf_counter()
                got = fn(x)
                compile_s[backend] = time.perf_counter() - t
                err = float((got - want).abs().max())
                if err > 1e-3:
                    raise SystemExit(f"{name}: {backend} differs from eager by {err}")
                compiled[backend] = fn
            kernels = meld.torch.explain(model, x).kernels
            fns = {"eager": lambda: model(x), **{k: (lambda f=f: f(x)) for k, f in
                                                  compiled.items()}}
            total = {k: 0.0 for k in fns}
            for _ in range(3):  # interleaved, to share the machine's state
                for k, f in fns.items():
                    total[k] += timeit(f)
        ms = {k: v / 3 * 1e3 for k, v in total.items()}
        rows.append((name, list(x.shape), ms, compile_s, kernels))
    print("| model | input | eager ms | Inductor ms | Meld ms | Meld vs Inductor | "
          "Inductor compile s | Meld compile s | Meld kernels |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, shape, ms, cs, kernels in rows:
        print(f"| {name} | {shape} | {ms['eager']:.3f} | {ms['inductor']:.3f} | "
              f"{ms['meld']:.3f} | {ms['inductor'] / ms['meld']:.2f}x | {cs['inductor']:.1f} | "
              f"{cs['meld']:.1f} | {kernels} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
