"""A mixture-of-experts layer's training step through
torch.compile(backend="meld") against eager PyTorch and Inductor, in one
run on this CPU.

The model: one OLMoE-style decoder layer (transformers' OlmoeForCausalLM;
d 1024, 16 heads, 16 experts of MLP 512, 4 per token, vocab 4096) with
random weights, f32, a batch of 4 sequences of 128 tokens. A step is the
forward pass with the language-model loss, the backward pass (AOTAutograd
compiles it through the same backend) and an SGD update (eager, foreach).
The experts' forward and input gradient are grouped matmuls of groups of
rows; their weight gradient one of groups of the contraction
(docs/codegen.md, "Grouped matmuls"). Every parameter's gradient is
checked against eager's first (relative to its largest, 1e-3).

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/moe_training.py [--rounds N]

Interleaved rounds (eager, Inductor, Meld); the median of each round's
time per step, and Meld's speed over Inductor as the median of the rounds'
ratios (this VM's speed drifts between rounds).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import torch
import torch._dynamo

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from machine import cpu_name, isa  # noqa: E402  (bench/machine.py)

import meld.torch  # noqa: E402  (registers the backend)


def make_model():
    import transformers as T

    torch.manual_seed(0)
    return T.OlmoeForCausalLM(T.OlmoeConfig(
        hidden_size=1024, intermediate_size=512, num_hidden_layers=1,
        num_attention_heads=16, num_key_value_heads=16, num_experts=16,
        num_experts_per_tok=4, vocab_size=4096, max_position_embeddings=512))


def step_fn(model, forward, ids, lr=1e-3):
    def step():
        for p in model.parameters():
            p.grad = None
        loss = forward(ids, labels=ids).loss
        loss.backward()
        with torch.no_grad():
            torch._foreach_add_([p for p in model.parameters()],
                                [p.grad for p in model.parameters()], alpha=-lr)
        return loss
    return step


def grads_of(model, forward, ids):
    for p in model.parameters():
        p.grad = None
    forward(ids, labels=ids).loss.backward()
    return {n: p.grad.detach().clone() for n, p in model.named_parameters()}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=3, help="timed steps per library per round")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()}); torch {torch.__version__}, "
          f"{torch.get_num_threads()} threads; f32")
    ids = torch.randint(0, 4096, (4, 128), generator=torch.Generator().manual_seed(1))
    models = {name: make_model().train() for name in ("eager", "inductor", "meld")}
    want = grads_of(models["eager"], models["eager"], ids)
    steps, compile_s = {"eager": step_fn(models["eager"], models["eager"], ids)}, {}
    for backend in ("inductor", "meld"):
        torch._dynamo.reset()
        model = models[backend]
        forward = torch.compile(model, backend=backend)
        start = len(meld.torch.reports)
        t = time.perf_counter()
        got = grads_of(model, forward, ids)
        compile_s[backend] = time.perf_counter() - t
        if backend == "meld":
            explanation = meld.torch.Explanation(meld.torch.reports[start:])
            print(f"meld: {explanation.kernels} kernels, ops left to eager: "
                  f"{sorted({op for op, _ in explanation.fallbacks}) or 'none'}")
        worst = max(float((got[n] - w).abs().max() / (w.abs().max() + 1e-12))
                    for n, w in want.items())
        print(f"{backend}: largest gradient difference from eager {worst:.2e} (relative)")
        if backend == "meld" and worst > 1e-3:
            raise SystemExit(f"meld's gradients differ from eager's by {worst}")
        steps[backend] = step_fn(model, forward, ids)
    for fn in steps.values():
        fn()  # (a first update: every library then times the same kind of step)
    times = {name: [] for name in steps}
    for _ in range(args.rounds):
        for name, fn in steps.items():
            t = time.perf_counter()
            for _ in range(args.steps):
                fn()
            times[name].append((time.perf_counter() - t) / args.steps)
    ratio = statistics.median(i / m for i, m in zip(times["inductor"], times["meld"]))
    ms = {name: statistics.median(v) * 1e3 for name, v in times.items()}
    print("| case | eager ms | Inductor ms | Meld ms | Meld vs Inductor | Inductor compile s | Meld compile s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print(f"| OLMoE-style layer training step, 4 x 128 tokens | {ms['eager']:.1f} | "
          f"{ms['inductor']:.1f} | {ms['meld']:.1f} | {ratio:.2f}x | "
          f"{compile_s['inductor']:.1f} | {compile_s['meld']:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
