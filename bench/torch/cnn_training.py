"""CNN training steps through torch.compile(backend="meld") against
Inductor and eager, in one process on this CPU: MobileNetV2 (transformers
config, random weights), a small ResNet-style CNN (3x3 convolutions with
batch norm, one of stride 2) and single depthwise convolution layers, each step
a forward and backward of a sum-of-squares loss (zero_grad included).
The gradients are checked first: all of them, as one vector, no further
from float64 eager's than float32 eager's are (twice). Best of 3 rounds.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/cnn_training.py [--layers-only] [--autocast bf16]

docs/frontends.md ("CNN training speed") has the table.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import torch
import torch._dynamo

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import machine  # noqa: E402

import meld.torch  # noqa: E402,F401  (registers the backend)

LAYERS = [  # name, channels, image, kernel
    ("3x3 depthwise + ReLU, 144 ch at 56x56, batch 8", 144, 56, 3),
    ("3x3 depthwise + ReLU, 576 ch at 14x14, batch 8", 576, 14, 3),
    ("7x7 depthwise + ReLU, 96 ch at 56x56, batch 8", 96, 56, 7),
]


AUTOCAST = {"bf16": torch.bfloat16, "f16": torch.float16}


def _output(out):
    """A model's output tensor: transformers' pooled or last hidden state."""
    for name in ("pooler_output", "last_hidden_state"):
        if getattr(out, name, None) is not None:
            return getattr(out, name)
    return out


def trainer(make_model, x, backend, dtype=torch.float32, autocast=None):
    """A training step of ``make_model()`` (its forward under CPU autocast
    to ``autocast``, if given); with ``gradients=True`` it returns them, as
    one float64 vector."""
    torch.manual_seed(0)
    model = make_model().train().to(dtype)
    run = torch.compile(model, backend=backend) if backend else model
    x = x.to(dtype) if x.is_floating_point() else x

    def step(gradients=False):
        model.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=AUTOCAST.get(autocast, torch.bfloat16),
                            enabled=autocast is not None):
            out = _output(run(x))
        out = out.float() if out.dtype in (torch.bfloat16, torch.float16) else out
        out.square().mean().backward()
        # (the timed steps stop here: gathering the gradients into one
        # float64 vector, for the check only, would add the same copies to
        # every contender's time)
        if gradients:
            return torch.cat([p.grad.flatten().double() for p in model.parameters()])
    return step


def best_ms(step, calls, rounds=3):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(calls):
            step()
        best = min(best, (time.perf_counter() - t) / calls * 1e3)
    return best


def compare(name, make_model, x, calls, autocast=None):
    # (each case compiles afresh: TorchDynamo would otherwise recompile the
    # next case's Sequential.forward with dynamic sizes, as it does for a
    # function called at a second shape)
    torch._dynamo.reset()
    steps = {b or "eager": trainer(make_model, x, b, autocast=autocast)
             for b in ("meld", "inductor", None)}
    # The check: every gradient at once against float64 eager, no further
    # from it than eager's float32 is (twice, plus a little), or 5e-5: a
    # training batch norm over few images amplifies rounding, so single
    # gradients of either may be 10% off float64 (Meld in float64 matches
    # it to 1e-11), and Meld's f32 sums run serially in vector lanes, where
    # ATen's batch norm sums cascade (the small CNN's 16K-pixel channels:
    # 1e-5 against eager's 3e-7). Under autocast, eager's error is that of
    # its half-precision products.
    want = trainer(make_model, x, None, torch.float64)(gradients=True)
    errors = {k: ((steps[k](gradients=True) - want).norm() / want.norm()).item() for k in ("meld", "eager")}
    assert errors["meld"] <= max(2 * errors["eager"] + 1e-6, 5e-5), \
        f"{name}: gradients {errors}"
    times = {k: [] for k in steps}
    for _ in range(3):  # alternating rounds
        for k, s in steps.items():
            times[k].append(best_ms(s, calls, 1))
    t = {k: min(v) for k, v in times.items()}
    print(machine.inductor_row(name, t["meld"], t["inductor"], t["eager"], 1), flush=True)


def parse_args(parser):
    """The options with ``--autocast``; 2 threads, and the machine and the
    table's header printed."""
    parser.add_argument("--autocast", choices=sorted(AUTOCAST),
                        help="each step's forward under CPU autocast to this dtype")
    opts = parser.parse_args()
    torch.set_num_threads(2)
    print(f"machine: {machine.cpu_name()} ({machine.isa()}), torch {torch.__version__}, "
          f"{torch.get_num_threads()} threads, autocast {opts.autocast or 'off'}")
    print("| case | Meld ms | Inductor ms | eager ms | Meld vs Inductor |")
    print("|---|---|---|---|---|")
    return opts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--layers-only", action="store_true")
    opts = parse_args(parser)
    for name, c, hw, k in LAYERS:
        def layer(c=c, k=k):
            return torch.nn.Sequential(torch.nn.Conv2d(c, c, k, 1, k // 2, groups=c),
                                       torch.nn.ReLU())
        compare(name, layer, torch.randn(8, c, hw, hw), 5, opts.autocast)
    if opts.layers_only:
        return

    def small_cnn():
        bn = torch.nn.BatchNorm2d
        return torch.nn.Sequential(
            torch.nn.Conv2d(3, 32, 3, padding=1), bn(32), torch.nn.ReLU(),
            torch.nn.Conv2d(32, 64, 3, stride=2, padding=1), bn(64), torch.nn.ReLU(),
            torch.nn.Conv2d(64, 64, 3, padding=1), bn(64), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(64, 10))
    compare("small CNN (3 convolutions + batch norm), batch 16 at 64x64", small_cnn,
            torch.randn(16, 3, 64, 64), 5, opts.autocast)
    import transformers as T
    compare("MobileNetV2 (transformers), batch 4 at 160x160",
            lambda: T.MobileNetV2Model(T.MobileNetV2Config()), torch.randn(4, 3, 160, 160), 3,
            opts.autocast)


if __name__ == "__main__":
    main()
