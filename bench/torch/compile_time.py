"""Meld's host compile time on the programs real models hand it: the host
code in one part against in parts on this machine's threads
(`meld-compile --host-codegen-parts`, docs/codegen.md "Host code in
parts"), interleaved in one run.

The programs are those `torch.compile(backend="meld")` gives Meld for the
models of bench/torch/model_zoo.py (saved through MELD_SAVE_PROGRAMS, one
directory per model); each is then compiled by `meld-compile` with
`--host-codegen-parts=1` and with the default (as many parts as its size
pays for, up to this machine's threads), alternately for `--rounds`
rounds. Reports the median wall time of each and their ratio, the parts
the default chose, and the machine.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/compile_time.py [--rounds 7] [-k NAME]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench" / "torch"))

import torch  # noqa: E402

from machine import cpu_name, isa  # noqa: E402  (bench/machine.py)
import model_zoo  # noqa: E402  (bench/torch/model_zoo.py)


def models():
    ids = torch.randint(0, 1000, (1, 128))
    image = torch.randn(1, 3, 224, 224)
    yield "GPT-2 small (2 layers), prefill 128", model_zoo.gpt2_small, (ids,)
    yield "Llama-1B layer, prefill 128", model_zoo.llama_1b_layer, (ids,)
    yield "OLMoE-1B-7B layer, prefill 128", model_zoo.olmoe_layer, (ids,)
    yield "ViT-B/16 at 224", model_zoo.vit_b16, (image,)
    yield "ResNet-50-style CNN at 224", model_zoo.resnet50_style, (image,)


def save_programs(make, inputs, directory: str) -> list[Path]:
    import meld.torch  # noqa: F401  (registers the backend)

    torch._dynamo.reset()
    os.environ["MELD_SAVE_PROGRAMS"] = directory
    try:
        with torch.no_grad():
            torch.compile(make().eval(), backend="meld")(*inputs)
    finally:
        del os.environ["MELD_SAVE_PROGRAMS"]
    return sorted(Path(directory).glob("*.mlir"))


def compile_s(tool: Path, program: Path, parts: int, out: Path) -> float:
    t = time.perf_counter()
    subprocess.run([str(tool), str(program), "--targets=host", f"--host-codegen-parts={parts}",
                    "-o", str(out)], check=True)
    return time.perf_counter() - t


def parts_of(tool: Path, program: Path, out: Path) -> int:
    dump = out.parent / f"{program.stem}.dump"  # (one per program)
    subprocess.run([str(tool), str(program), "--targets=host", f"--dump-binaries={dump}",
                    "-o", str(out)], check=True)
    if (dump / "host.o").exists():
        return 1
    data = (dump / "host.a").read_bytes()
    return data.count(b".o/")  # GNU ar member names end in "/"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("-k", default="", help="the models whose name contains this")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--tool", default=str(ROOT / "build" / "bin" / "meld-compile"))
    args = parser.parse_args()
    tool = Path(args.tool)
    print(f"machine: {os.cpu_count()} cores, {cpu_name()} ({isa()}); "
          f"{args.rounds} interleaved rounds, median wall time of meld-compile")
    rows = []
    with tempfile.TemporaryDirectory(prefix="meld-compile-time-") as work:
        for name, make, inputs in models():
            if args.k and args.k not in name:
                continue
            torch.manual_seed(0)
            directory = Path(work) / f"m{len(rows)}"
            programs = save_programs(make, inputs, str(directory))
            out = directory / "out.meldb"
            parts = [parts_of(tool, p, out) for p in programs]
            one, auto = [], []
            for _ in range(args.rounds):
                one.append(sum(compile_s(tool, p, 1, out) for p in programs))
                auto.append(sum(compile_s(tool, p, 0, out) for p in programs))
            ratios = [a / b for a, b in zip(one, auto)]
            rows.append((name, len(programs), "+".join(map(str, parts)), statistics.median(one),
                         statistics.median(auto), statistics.median(ratios)))
            print(rows[-1], flush=True)
    print()
    print("| model | programs | parts | one part s | in parts s | speed-up |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, count, parts, one, auto, ratio in rows:
        print(f"| {name} | {count} | {parts} | {one:.2f} | {auto:.2f} | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
