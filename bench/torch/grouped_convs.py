"""Grouped and depthwise convolutions through torch.compile(backend="meld")
against Inductor and eager, in one process on this CPU: the layers
(MobileNetV2's 3x3 depthwise, ConvNeXt's 7x7 depthwise, ResNeXt's groups
of 4 channels, a 14 x 14 depthwise that keeps the columns) and two whole
models that are made of them, MobileNetV2 and a ConvNeXt-T-like network
(depths 2-2-6-2) from transformers configs at 224, batch 1. Random
weights, no downloads; each output checked against eager first; the best
of 5 (layers) or 3 (models) rounds.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/grouped_convs.py [--models-only]

docs/performance.md has the table (codegen.md, "Grouped and depthwise
convolutions on the host, directly").
"""

from __future__ import annotations

import argparse
import time

import os
import sys

import torch
import torch._dynamo

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import machine  # noqa: E402

import meld.torch  # noqa: E402,F401  (registers the backend)

LAYERS = [  # name, channels, image, kernel, stride, groups
    ("MobileNetV2 3x3 dw 144@56", 144, 56, 3, 1, 144),
    ("MobileNetV2 3x3 dw s2 144@56", 144, 56, 3, 2, 144),
    ("ConvNeXt 7x7 dw 96@56", 96, 56, 7, 1, 96),
    ("ResNeXt 3x3 32 groups of 4, 128@28", 128, 28, 3, 1, 32),
    ("3x3 dw 576@14", 576, 14, 3, 1, 576),
    ("ResNeXt 3x3 32 groups of 8, 256@28", 256, 28, 3, 1, 32),
    ("ResNeXt 3x3 32 groups of 16, 512@14", 512, 14, 3, 1, 32),
    ("ResNeXt 3x3 32 groups of 32, 1024@7", 1024, 7, 3, 1, 32),
    ("3x3 2 groups of 64, 128@28", 128, 28, 3, 1, 2),
]


def best_ms(f, x, calls, rounds):
    for _ in range(2):
        f(x)
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            f(x)
        best = min(best, (time.perf_counter() - start) / calls * 1e3)
    return best


def compare(name, model, x, calls, rounds, rtol):
    with torch.no_grad():
        want = model(x)
        torch._dynamo.reset()
        meld_fn = torch.compile(model, backend="meld")
        got = meld_fn(x)
        pick = (lambda o: o.last_hidden_state) if hasattr(want, "last_hidden_state") else \
            (lambda o: o)
        torch.testing.assert_close(pick(got), pick(want), rtol=rtol, atol=rtol)
        meld_ms = best_ms(meld_fn, x, calls, rounds)
        torch._dynamo.reset()
        inductor = torch.compile(model)
        inductor(x)
        inductor_ms = best_ms(inductor, x, calls, rounds)
        eager_ms = best_ms(model, x, calls, rounds)
    print(machine.inductor_row(name, meld_ms, inductor_ms, eager_ms), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models-only", action="store_true")
    opts = parser.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(2)
    print(f"machine: {machine.cpu_name()}, torch {torch.__version__}, {torch.get_num_threads()} threads")
    print("| case | Meld ms | Inductor ms | eager ms | Meld vs Inductor |")
    print("|---|---|---|---|---|")
    if not opts.models_only:
        for name, c, hw, k, s, groups in LAYERS:
            layer = torch.nn.Sequential(torch.nn.Conv2d(c, c, k, s, k // 2, groups=groups),
                                        torch.nn.ReLU()).eval()
            compare(name + " + ReLU", layer, torch.randn(1, c, hw, hw), 30, 5, 1e-4)
    import transformers as T

    x = torch.randn(1, 3, 224, 224)
    compare("MobileNetV2 (transformers, 224)", T.MobileNetV2Model(T.MobileNetV2Config()).eval(),
            x, 10, 3, 1e-3)
    compare("ConvNeXt-T-like (depths 2-2-6-2, 224)",
            T.ConvNextModel(T.ConvNextConfig(depths=[2, 2, 6, 2])).eval(), x, 10, 3, 1e-3)


if __name__ == "__main__":
    main()
