"""Optimizer steps: Meld (meld.optim, state donated and updated in place)
against torch eager foreach, torch fused=True, torch.compile of the foreach
step, jax.jit of optax (when installed: `pip install jax optax` into the
same environment) and a copy of the same bytes.

One step of Adagrad, Adam, AdamW and SGD with momentum over N parameters of
mixed sizes (meld.optim.mixed_shapes: 1 to 300,000 elements, vectors and
matrices), f32. Every contender updates its own copy of the same data in
place. Each contender runs in a process of its own, twice, alternating
with the others (as bench/gemm/gemm.py does): torch's OpenMP threads spin
after its calls and took the cores from whichever ran next in a shared
process. The 2026-11-28 morning runs measured Meld's Adagrad step at
0.13-0.16 ms alone and 0.21-0.31 ms right after torch's steps. Times are
medians over both processes' rounds; ratios are "contender time / Meld
time" (above 1: Meld is faster). ``--same-process`` times everything
interleaved in one process, as the runs before that did. The copy reads
and writes the bytes the step must move (parameter, gradient and state
read, parameter and state written) with torch's multi-threaded copy.

The optax column needs jax and optax (bash bench/optim/setup.sh installs
them into .venv); without them it reads n/a.

Usage: PYTHONPATH=build/python-bindings python bench/optim/optimizers.py
           [--params 64 200] [--optimizers adagrad adam adamw sgd]
           [--compile-curve 25 50 100 200 400] [--markdown FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
import machine  # noqa: E402

import meld  # noqa: E402
import meld.optim as mo  # noqa: E402
import torch  # noqa: E402

LR, WD = 1e-3, 0.01


def torch_optimizer(name, params, **kw):
    if name == "adagrad":
        return torch.optim.Adagrad(params, lr=LR, **kw)
    if name == "sgd":
        return torch.optim.SGD(params, lr=LR, momentum=0.9, **kw)
    if name == "adam":
        return torch.optim.Adam(params, lr=LR, **kw)
    return torch.optim.AdamW(params, lr=LR, weight_decay=WD, **kw)


def make_torch(name, shapes, rng, **kw):
    params = [torch.tensor(rng.standard_normal(s).astype(np.float32),
                           requires_grad=True) for s in shapes]
    for p in params:
        p.grad = torch.tensor(rng.standard_normal(p.shape).astype(np.float32))
    opt = torch_optimizer(name, params, **kw)
    opt.step()  # creates the state
    return opt


def make_meld(name, shapes, rng):
    t = time.perf_counter()
    exe = meld.compile(mo.program(name, shapes), name=f"bench-{name}-{len(shapes)}")
    compile_s = time.perf_counter() - t
    args = [np.array(x, np.float32)
            for x in mo.scalars(name, 3, lr=LR, weight_decay=WD)]
    for s in shapes:
        args += [rng.standard_normal(s).astype(np.float32)
                 for _ in mo.STATE[name]]
    if name == "adagrad":  # a sum of squares is not negative
        for i in range(len(mo.SCALARS[name]) + 2, len(args), 3):
            np.abs(args[i], out=args[i])
    if name in ("adam", "adamw"):
        for i in range(len(mo.SCALARS[name]) + 3, len(args), 4):
            np.abs(args[i], out=args[i])
    return exe, args, compile_s


def make_optax(name, shapes, rng):
    try:
        import jax
        import jax.numpy as jnp
        import optax
    except ImportError:
        return None
    tx = {"adagrad": optax.adagrad(LR), "sgd": optax.sgd(LR, momentum=0.9),
          "adam": optax.adam(LR), "adamw": optax.adamw(LR, weight_decay=WD)}[name]
    params = [jnp.asarray(rng.standard_normal(s).astype(np.float32)) for s in shapes]
    grads = [jnp.asarray(rng.standard_normal(s).astype(np.float32)) for s in shapes]
    state = tx.init(params)

    @jax.jit
    def step(params, state, grads):
        updates, state = tx.update(grads, state, params)
        return optax.apply_updates(params, updates), state

    box = {"p": params, "s": state}
    t = time.perf_counter()
    jax.block_until_ready(step(params, state, grads))
    compile_s = time.perf_counter() - t

    def run():
        box["p"], box["s"] = step(box["p"], box["s"], grads)
        jax.block_until_ready(box["p"])
    return run, compile_s


def interleaved(fns: dict, rounds: int, inner: int, keep_all: bool = False) -> dict:
    times = {k: [] for k in fns}
    for f in fns.values():
        f()
    for _ in range(rounds):
        for k, f in fns.items():
            t = time.perf_counter()
            for _ in range(inner):
                f()
            times[k].append((time.perf_counter() - t) / inner)
    return times if keep_all else {k: statistics.median(v) for k, v in times.items()}


CONTENDERS = ["meld", "eager foreach", "fused=True", "torch.compile", "copy",
              "jax.jit (optax)"]


def moved_bytes(name, shapes):
    elements = sum(int(np.prod(s)) for s in shapes)
    state = len(mo.STATE[name]) - 2
    return elements * 4 * (2 + 2 * state + 1)  # read p, g, state; write p, state


def make_contender(contender, name, shapes):
    """(callable, facts) for one contender, on data seeded as every other
    contender's; None where it does not run (jax not installed)."""
    rng = np.random.default_rng(0)
    if contender == "meld":
        exe, args, meld_compile = make_meld(name, shapes, rng)
        exe(*args)
        return (lambda: exe(*args)), {
            "meld_compile": meld_compile, "launches": exe.last_run_stats()["launches"]}
    if contender == "eager foreach":
        return make_torch(name, shapes, rng, foreach=True).step, {}
    if contender == "fused=True":
        return make_torch(name, shapes, rng, fused=True).step, {}
    if contender == "torch.compile":
        compiled_step = torch.compile(make_torch(name, shapes, rng, foreach=True).step)
        t = time.perf_counter()
        compiled_step()
        return compiled_step, {"inductor_compile": time.perf_counter() - t}
    if contender == "copy":
        # Written data on both sides: a source never written reads the
        # kernel's shared zero page (no memory traffic at all), which had
        # made the copy of 76.6 MB take 0.8 ms where one of written data
        # takes 1.6-1.7 ms on the Intel Xeon VM (2026-11-30).
        src = torch.rand(moved_bytes(name, shapes) // 8, dtype=torch.float32)
        dst = torch.rand_like(src)
        return (lambda: dst.copy_(src)), {}
    optax_run = make_optax(name, shapes, rng)
    if optax_run is None:
        return None
    return optax_run[0], {"optax_compile": optax_run[1]}


def worker(contender, name, count, rounds, inner):
    """Times one contender in this process: prints {"times": [...], facts}."""
    import json
    made = make_contender(contender, name, mo.mixed_shapes(count))
    if made is None:
        print(json.dumps(None))
        return
    fn, facts = made
    times = interleaved({contender: fn}, rounds, inner, keep_all=True)[contender]
    print(json.dumps(dict(facts, times=times)))


def bench(name, count, rounds, inner, same_process=False):
    import json
    import subprocess
    shapes = mo.mixed_shapes(count)
    result = {"optimizer": name, "params": count,
              "elements": sum(int(np.prod(s)) for s in shapes),
              "bytes": moved_bytes(name, shapes), "optax_compile": None}
    if same_process:
        fns = {}
        for contender in CONTENDERS:
            made = make_contender(contender, name, shapes)
            if made is not None:
                fns[contender] = made[0]
                result.update(made[1])
        result["times"] = interleaved(fns, rounds, inner)
        return result
    times = {}
    for _ in range(2):
        for contender in CONTENDERS:
            out = subprocess.run(
                [sys.executable, __file__, "--worker", contender, "--optimizers", name,
                 "--params", str(count), "--rounds", str(rounds), "--inner", str(inner)],
                capture_output=True, text=True)
            if out.returncode != 0:
                raise SystemExit(f"{contender} worker failed:\n{out.stderr[-3000:]}")
            got = json.loads(out.stdout.strip().splitlines()[-1])
            if got is None:
                continue
            times.setdefault(contender, []).extend(got.pop("times"))
            result.update(got)
    result["times"] = {k: statistics.median(v) for k, v in times.items()}
    return result


def compile_curve(counts):
    rows = []
    for n in counts:
        text = mo.program("adam", mo.mixed_shapes(n, seed=n))
        t = time.perf_counter()
        meld.compile(text, name=f"curve-{n}-{time.time()}")
        rows.append((n, time.perf_counter() - t))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--params", type=int, nargs="+", default=[64, 200])
    ap.add_argument("--optimizers", nargs="+",
                    default=["adagrad", "adam", "adamw", "sgd"])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--inner", type=int, default=20)
    ap.add_argument("--compile-curve", type=int, nargs="*",
                    default=[25, 50, 100, 200, 400])
    ap.add_argument("--markdown")
    ap.add_argument("--same-process", action="store_true",
                    help="time every contender interleaved in this process")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    a = ap.parse_args()
    torch.set_num_threads(os.cpu_count() or 1)
    if a.worker:
        return worker(a.worker, a.optimizers[0], a.params[0], a.rounds, a.inner)
    lines = [f"Machine: {machine.cpu_name()} ({machine.isa()}), "
             f"{os.cpu_count()} threads; torch {torch.__version__}; "
             + ("one process." if a.same_process else "a process per contender."), ""]
    header = ("| optimizer | params | MB moved | Meld ms | launches | eager foreach | "
              "fused=True | torch.compile | jax (optax) | Meld % of copy | "
              "Meld compile s | Inductor compile s |")
    lines += [header, "|" + "---|" * header.count("|")[:-1] if False else
              "|" + "|".join(["---"] * (header.count("|") - 1)) + "|"]
    for count in a.params:
        for name in a.optimizers:
            r = bench(name, count, a.rounds, a.inner, a.same_process)
            t = r["times"]
            m = t["meld"]
            ratio = lambda k: f"{t[k] / m:.2f}x" if k in t else "n/a"
            lines.append(
                f"| {name} | {count} | {r['bytes'] / 1e6:.1f} | {m * 1e3:.3f} | "
                f"{r['launches']} | {ratio('eager foreach')} | {ratio('fused=True')} | "
                f"{ratio('torch.compile')} | {ratio('jax.jit (optax)')} | "
                f"{100 * t['copy'] / m:.0f}% | {r['meld_compile']:.2f} | "
                f"{r['inductor_compile']:.1f} |")
            print(lines[-1], flush=True)
    if a.compile_curve:
        lines += ["", "Meld compile time of an Adam step (seconds):", "",
                  "| parameters | compile s |", "|---|---|"]
        for n, s in compile_curve(a.compile_curve):
            lines.append(f"| {n} | {s:.2f} |")
            print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
