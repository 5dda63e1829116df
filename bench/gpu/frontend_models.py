"""Issue 24's models (and issue 27's optimizer steps) on the GPU machine:
Meld's programs of them against torch eager and torch.compile on the same
GPU (docs/gpu-results.md).

The GPU machine has no Meld compiler, so the work is split in two:

    python bench/gpu/frontend_models.py export DIR     # here, with Meld
        Runs each model once through torch.compile(backend="meld") on the
        CPU and writes the meld program of each partition the backend
        compiled to DIR/<case>.mlir (weights are the program's arguments,
        as the backend passes them), and meld.optim's steps over 200 mixed
        parameters to DIR/<optimizer>_200.mlir. `scripts/gpu-suite.sh
        prepare` compiles them for host,nvptx into the suite's bundles,
        which `scripts/gpu-suite.sh run bench` times with meld-bench-bundles
        (captured once, replayed with a synchronize per replay).

    python3 bench/gpu/frontend_models.py peers [--json F]   # there
        Times the same models in torch on the GPU, eager and torch.compile
        (Inductor), each captured into a CUDA graph and replayed with a
        synchronize per replay, and the optimizer steps with
        torch.optim's fused=True (capturable) kernels, likewise.

The models come from bench/torch/model_zoo.py (random weights, no
downloads); f32 throughout, TF32 off.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "torch"))
sys.path.insert(0, HERE)

from model_zoo import (  # noqa: E402
    Decode, gpt2_small, kv_cache, llama_1b_layer, resnet50_style, vit_b16)

PROMPT = 128
OPTIMIZERS = ("adam", "sgd")
OPTIMIZER_PARAMS = 200


def cases(device: str):
    """(name, model, inputs) for each timed model, on `device`."""
    torch.manual_seed(0)

    def ids(batch, length):
        return torch.randint(0, 1000, (batch, length), device=device)

    gpt2 = gpt2_small().eval().to(device)
    yield "gpt2_prefill_b1", gpt2, (ids(1, PROMPT),)
    del gpt2
    llama = llama_1b_layer().eval().to(device)
    yield "llama_prefill_b1", llama, (ids(1, PROMPT),)
    yield "llama_prefill_b8", llama, (ids(8, PROMPT),)
    keys, values = kv_cache(llama, 1, PROMPT)
    yield "llama_decode_b1", Decode(llama).eval(), (ids(1, 1), keys, values)
    del llama
    yield "vit_b1", vit_b16().eval().to(device), (torch.randn(1, 3, 224, 224, device=device),)
    yield "resnet50_b1", resnet50_style().eval().to(device), \
        (torch.randn(1, 3, 224, 224, device=device),)


def export(outdir: str) -> int:
    import importlib

    import meld.optim as mo
    import meld.torch

    backend = importlib.import_module("meld.torch.backend")
    os.makedirs(outdir, exist_ok=True)
    texts = []
    original = backend.meld_compile

    def recording(text, **kw):
        texts.append(text)
        return original(text, **kw)

    backend.meld_compile = recording
    try:
        for name, model, inputs in cases("cpu"):
            torch._dynamo.reset()
            del texts[:]
            start = len(meld.torch.reports)
            with torch.no_grad():
                torch.compile(model, backend="meld")(*inputs)
            fallbacks = meld.torch.Explanation(meld.torch.reports[start:]).fallbacks
            if fallbacks or len(texts) != 1:
                print(f"{name}: skipped ({len(texts)} partitions, fallbacks {fallbacks})",
                      file=sys.stderr)
                continue
            with open(os.path.join(outdir, f"{name}.mlir"), "w", encoding="utf-8") as f:
                f.write(texts[0])
            print(f"{name}: {len(texts[0]) // 1024} KiB of meld IR")
    finally:
        backend.meld_compile = original
    for name in OPTIMIZERS:
        path = os.path.join(outdir, f"{name}_{OPTIMIZER_PARAMS}.mlir")
        with open(path, "w", encoding="utf-8") as f:
            f.write(mo.program(name, mo.mixed_shapes(OPTIMIZER_PARAMS)))
    return 0


def optim_module():
    """python-bindings/meld/optim.py loaded from its file: it needs only the
    standard library, and the GPU machine has no compiled Meld for the
    `meld` package to import."""
    import importlib.util

    path = os.path.join(HERE, "..", "..", "python-bindings", "meld", "optim.py")
    spec = importlib.util.spec_from_file_location("meld_optim_source", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peers(json_path: str | None, only: str | None) -> int:
    from torch_peers import time_graph

    if not torch.cuda.is_available():
        sys.exit("frontend_models: no CUDA device")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    props = torch.cuda.get_device_properties(0)
    print(f"device: {props.name}, torch {torch.__version__}", flush=True)
    results = {}
    print(f"{'case':<20}{'eager us':>12}{'compile us':>12}{'compile s':>11}", flush=True)
    with torch.no_grad():
        for name, model, inputs in cases("cuda"):
            if only and name not in only.split(","):
                continue
            eager = time_graph(model, inputs, iters=50)
            try:
                torch._dynamo.reset()
                compiled = torch.compile(model)
                t = time.perf_counter()
                compiled(*inputs)
                compile_s = time.perf_counter() - t
                inductor = time_graph(compiled, inputs, iters=50)
            except Exception as error:  # noqa: BLE001 - report and go on
                print(f"{name}: torch.compile failed: {error}", file=sys.stderr)
                inductor, compile_s = math.nan, math.nan
            results[name] = {"eager_us": eager, "compile_us": inductor, "compile_s": compile_s}
            print(f"{name:<20}{eager:>12.1f}{inductor:>12.1f}{compile_s:>11.1f}", flush=True)
    shapes = optim_module().mixed_shapes(OPTIMIZER_PARAMS)
    for name in OPTIMIZERS:
        if only and f"{name}_{OPTIMIZER_PARAMS}" not in only.split(","):
            continue
        params = [torch.randn(s, device="cuda", requires_grad=True) for s in shapes]
        for p in params:
            p.grad = torch.randn_like(p)
        if name == "adam":
            opt = torch.optim.Adam(params, lr=1e-3, fused=True, capturable=True)
        else:
            opt = torch.optim.SGD(params, lr=1e-3, momentum=0.9, fused=True)
        fused = time_graph(lambda: opt.step(), ())
        key = f"{name}_{OPTIMIZER_PARAMS}"
        results[key] = {"fused_us": fused}
        print(f"{key:<20}{'fused=True':>12}{fused:>12.1f}", flush=True)
    if json_path:
        with open(json_path, "w") as out:
            json.dump({"device": props.name, "torch": torch.__version__, "cases": results},
                      out, indent=1)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("export").add_argument("dir")
    peer = sub.add_parser("peers")
    peer.add_argument("--json")
    peer.add_argument("--cases", help="comma-separated case names (default: all)")
    opts = parser.parse_args()
    if opts.command == "export":
        return export(opts.dir)
    return peers(opts.json, opts.cases)


if __name__ == "__main__":
    sys.exit(main())
