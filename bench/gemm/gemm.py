"""Host GEMMs against the machine's limits and the peers, in one run.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/gemm/gemm.py \
        [--threads 2] [--quick] [--no-compile] [--max-autotune] \
        [--json out.json] [--markdown out.md]

For every shape (issue 26's, the decode GEMVs, odd and batched ones; f32,
and bf16/f16) it times, interleaved round by round so that the machine's
drift hits all of them alike:
  meld         the program compiled by meld.compile(device="host");
  torch        torch.matmul (oneDNN/MKL), or F.linear for `x @ W^T`;
  inductor     torch.compile of the same function (default mode), and with
               --max-autotune its max-autotune mode (C++ GEMM templates);
  numpy        numpy's matmul (OpenBLAS), f32 only;
  jax          jax.jit of the same function, when jax is installed.
Each library runs in a process of its own (twice, alternating): the
runtimes' idle threads spin after their calls (OpenMP, OpenBLAS, Eigen) and
on a small machine took the cores from whichever ran next in a shared
process. Meld's results are checked against an f64 product first.
It prints GFLOP/s, Meld's speed over each peer's (above 1: Meld faster), and
the fraction of the limit that bounds the shape: the FMA peak for GEMMs (the
AMX tiles' tdpbf16ps peak for bf16 ones on a CPU with AMX), the memory read
bandwidth for few-row products (which stream their weight), all measured by
bench/gemm/peak.cpp on this machine with the same threads.
The machine (CPU model, ISA) is printed first. Tests never run this.

``--isa avx2`` measures an AVX2 machine on a wider one: Meld compiles for
``x86-64-v3`` (meld.compile's host_cpu: AVX2 and FMA, no AVX-512), the peers
are held to AVX2 (ONEDNN_MAX_CPU_ISA, MKL_ENABLE_INSTRUCTIONS,
ATEN_CPU_CAPABILITY, OPENBLAS_CORETYPE, XLA's --xla_cpu_max_isa) and the
FMA peak is measured with AVX2 code. The cores are the wider machine's
(their caches, clocks and FMA units), so this shows the AVX2 code paths
against AVX2 peers, not a particular AVX2 machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import machine  # noqa: E402

DTYPES = {"f32": "float32", "bf16": "bfloat16", "f16": "float16"}


# --isa avx2: the CPU Meld and the peak probe compile for, and the peers'
# settings that hold them to AVX2
AVX2_CPU = "x86-64-v3"
AVX2_ENV = {"ONEDNN_MAX_CPU_ISA": "AVX2", "MKL_ENABLE_INSTRUCTIONS": "AVX2",
            "ATEN_CPU_CAPABILITY": "avx2", "OPENBLAS_CORETYPE": "Haswell",
            "XLA_FLAGS": "--xla_cpu_max_isa=AVX2"}


def measure_limits(threads: int, isa: str = "native") -> dict:
    """Builds peak.cpp for this CPU (or for AVX2) and runs it."""
    cxx = os.environ.get("CXX", "clang++-22")
    march = f"-march={AVX2_CPU}" if isa == "avx2" else "-march=native"
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "peak"
        subprocess.run([cxx, "-O3", march, "-pthread",
                        str(HERE / "peak.cpp"), "-o", str(exe)], check=True)
        out = subprocess.run([str(exe), str(threads)], check=True,
                             capture_output=True, text=True).stdout
    return json.loads(out)


class Case:
    """One benchmark: C = A @ B (optionally B transposed, batched, or with a
    bias + tanh-GELU epilogue)."""

    def __init__(self, m, k, n, dtype="f32", batch=0, transpose_rhs=False,
                 epilogue=False):
        self.m, self.k, self.n = m, k, n
        self.dtype, self.batch = dtype, batch
        self.transpose_rhs, self.epilogue = transpose_rhs, epilogue

    @property
    def name(self):
        s = f"{self.batch}x" if self.batch else ""
        s += f"{self.m}x{self.k}x{self.n}"
        if self.transpose_rhs:
            s += " W^T"
        if self.epilogue:
            s += " +bias+GELU"
        return f"{s} {self.dtype}"

    @property
    def flops(self):
        return 2.0 * max(self.batch, 1) * self.m * self.k * self.n

    @property
    def weight_bytes(self):
        size = 4 if self.dtype == "f32" else 2
        return max(self.batch, 1) * self.k * self.n * size

    def bandwidth_bound(self):
        return self.m <= 16 and not self.batch

    def shapes(self):
        b = (self.batch,) if self.batch else ()
        rhs = (self.n, self.k) if self.transpose_rhs else (self.k, self.n)
        shapes = [b + (self.m, self.k), b + rhs]
        if self.epilogue:
            shapes.append((self.n,))
        return shapes

    def meld_ir(self):
        t = self.dtype
        b = f"{self.batch}x" if self.batch else ""
        ty = lambda s: "tensor<" + "x".join(map(str, s)) + f"x{t}>"  # noqa
        a, w = self.shapes()[:2]
        out = ty(tuple(a[:-1]) + (self.n,))
        op = "meld.batch_matmul" if self.batch else "meld.matmul"
        tr = " transpose_rhs" if self.transpose_rhs else ""
        args = f"%x: {ty(a)}, %w: {ty(w)}"
        body = f"  %h = {op} %x, %w{tr} : {ty(a)}, {ty(w)} -> {out}\n"
        result = "%h"
        if self.epilogue:
            args += f", %bias: tensor<{self.n}x{t}>"
            rank = len(a)
            body += (f"  %bb = meld.broadcast_in_dim %bias, dims = [{rank - 1}]"
                     f" : tensor<{self.n}x{t}> -> {out}\n"
                     f"  %s = meld.add %h, %bb : {out}\n"
                     f"  %y = meld.gelu %s approximate = tanh : {out}\n")
            result = "%y"
        del b
        return (f"func.func @main({args}) -> {out} {{\n{body}"
                f"  return {result} : {out}\n}}\n")


def torch_fn(case):
    import torch
    import torch.nn.functional as F

    def f(x, w, *bias):
        if case.transpose_rhs:
            h = F.linear(x, w) if w.dim() == 2 else torch.matmul(x, w.transpose(-1, -2))
        else:
            h = torch.matmul(x, w)
        if case.epilogue:
            h = F.gelu(h + bias[0], approximate="tanh")
        return h
    return f


def jax_fn(case):
    import jax
    import jax.numpy as jnp

    def f(x, w, *bias):
        h = jnp.matmul(x, jnp.swapaxes(w, -1, -2) if case.transpose_rhs else w)
        if case.epilogue:
            h = jax.nn.gelu(h + bias[0], approximate=True)
        return h
    return jax.jit(f)


def inputs(case):
    """The case's operands, the same in every worker: numpy arrays of the
    case's dtype (bf16 as ml_dtypes.bfloat16)."""
    import numpy as np
    rng = np.random.default_rng(0)
    arrays = [(rng.random(s, dtype=np.float32) - 0.5) for s in case.shapes()]
    if case.dtype == "f32":
        return arrays
    import ml_dtypes
    dt = {"bf16": ml_dtypes.bfloat16, "f16": np.float16}[case.dtype]
    return [a.astype(dt) for a in arrays]


def reference(case, arrays):
    """The case's result in f64 (the check of Meld's result)."""
    import numpy as np
    x, w = (a.astype(np.float64) for a in arrays[:2])
    h = np.matmul(x, np.swapaxes(w, -1, -2) if case.transpose_rhs else w)
    if case.epilogue:
        h = h + arrays[2].astype(np.float64)
        h = 0.5 * h * (1 + np.tanh(0.7978845608028654 * (h + 0.044715 * h ** 3)))
    return h


def make_fn(library, case, arrays, max_autotune):
    """A zero-argument callable running the case once, or None where the
    library does not take it."""
    import numpy as np
    if library == "meld":
        import meld
        exe = meld.compile(case.meld_ir(), device="host",
                           host_cpu=os.environ.get("MELD_BENCH_HOST_CPU"))
        return lambda: exe(*arrays)
    if library in ("torch", "inductor", "inductor-max-autotune"):
        import torch
        dt = getattr(torch, DTYPES[case.dtype])
        args = [torch.from_numpy(a.astype(np.float32)).to(dt) for a in arrays]
        f = torch_fn(case)
        if library.startswith("inductor"):
            # each case's own static compile (as Meld's is): after three
            # shapes of one function TorchDynamo recompiles it with dynamic
            # shapes, and that build crashed ("double free or corruption")
            # with torch 2.15 on the AMD EPYC VM, 2026-11-28
            import torch._dynamo
            torch._dynamo.reset()
        if library == "inductor":
            f = torch.compile(f)
        elif library == "inductor-max-autotune":
            if not max_autotune:
                return None
            f = torch.compile(f, mode="max-autotune")
        return lambda: f(*args)
    if library == "numpy":
        if case.dtype != "f32" or case.epilogue:
            return None
        a, w = arrays[0], arrays[1]
        if case.transpose_rhs:
            w = w.swapaxes(-1, -2)
        return lambda: np.matmul(a, w)
    if library == "jax":
        try:
            import jax
        except ImportError:
            return None
        jf = jax_fn(case)
        jargs = [jax.device_put(a) for a in arrays]
        return lambda: jf(*jargs).block_until_ready()
    raise ValueError(library)


def check(case, arrays, result):
    """Meld's result against the f64 one: a benchmark of wrong code would be
    worthless."""
    import numpy as np
    got = np.asarray(result[0])
    if case.dtype == "bf16":  # bf16 results are uint16 bit patterns
        import ml_dtypes
        got = got.view(ml_dtypes.bfloat16)
    ref = reference(case, arrays)
    tol = 2e-3 if case.dtype == "f32" else 5e-2
    err = np.max(np.abs(got.astype(np.float64) - ref)) / max(1.0, np.max(np.abs(ref)))
    if not err <= tol:
        raise SystemExit(f"{case.name}: Meld differs from f64 by {err:.3g}")


def worker(library, case_list, rounds, threads, max_autotune):
    """Times every case with one library, in a process of its own: the
    runtimes' idle threads spin after their calls (OpenMP, OpenBLAS, Eigen)
    and took the cores from whichever ran next in a shared process (Meld
    ran 77x384x1536 at 140 instead of 169 GFLOP/s after one torch call).
    Prints {case: [seconds per call, per round]} as JSON."""
    if library.startswith("torch") or library.startswith("inductor"):
        import torch
        torch.set_num_threads(threads)
    out = {}
    for case in case_list:
        arrays = inputs(case)
        fn = make_fn(library, case, arrays, max_autotune)
        if fn is None:
            continue
        result = fn()  # warm-up, compiles
        if library == "meld":
            check(case, arrays, result)
        t = time.perf_counter()
        fn()
        once = max(time.perf_counter() - t, 1e-6)
        inner = max(1, min(200, int(0.05 / once)))
        times = []
        for _ in range(rounds):
            t = time.perf_counter()
            for _ in range(inner):
                fn()
            times.append((time.perf_counter() - t) / inner)
        out[case.name] = times
    print(json.dumps(out))


LIBRARIES = ["meld", "torch", "inductor", "inductor-max-autotune", "numpy", "jax"]


def run_all(case_list, args):
    """{case: {library: median seconds}}: each library in its own process,
    twice, alternating, so that drift over the run hits all alike."""
    times = {c.name: {} for c in case_list}
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads),
               MELD_HOST_THREADS=str(args.threads))
    if args.isa == "avx2":
        env.update(AVX2_ENV, MELD_BENCH_HOST_CPU=AVX2_CPU)
    for _ in range(2):
        for library in LIBRARIES:
            cmd = [sys.executable, __file__, "--worker", library,
                   "--threads", str(args.threads), "--rounds", str(args.rounds)]
            if args.quick:
                cmd.append("--quick")
            if args.max_autotune:
                cmd.append("--max-autotune")
            for spec in args.case:
                cmd += ["--case", spec]
            if args.library and library != "meld" and library not in args.library:
                continue
            if library.startswith("inductor") and args.no_compile:
                continue
            # numpy's OpenBLAS threads spin after each call too: outside the
            # numpy worker (where numpy only makes inputs and the f64 check)
            # it gets one thread.
            blas = str(args.threads) if library == "numpy" else "1"
            out = subprocess.run(cmd, env=dict(env, OPENBLAS_NUM_THREADS=blas),
                                 capture_output=True, text=True)
            if out.returncode != 0:
                raise SystemExit(f"{library} worker failed:\n{out.stderr[-3000:]}")
            for name, ts in json.loads(out.stdout.strip().splitlines()[-1]).items():
                times[name].setdefault(library, []).extend(ts)
    return {name: {lib: statistics.median(ts) for lib, ts in libs.items()}
            for name, libs in times.items()}


def parse_case(spec):
    """A case from `MxKxN` with options after commas: `t` (W^T), `gelu`
    (bias + GELU epilogue), `batch=B`, a dtype (`bf16`, `f16`)."""
    m, k, n = (int(v) for v in spec.split(",")[0].split("x"))
    kw = {}
    for opt in spec.split(",")[1:]:
        if opt == "t":
            kw["transpose_rhs"] = True
        elif opt == "gelu":
            kw["epilogue"] = True
        elif opt.startswith("batch="):
            kw["batch"] = int(opt[6:])
        elif opt in DTYPES:
            kw["dtype"] = opt
        else:
            raise SystemExit(f"--case {spec}: unknown option '{opt}'")
    return Case(m, k, n, **kw)


def cases(quick, specs=()):
    if specs:
        return [parse_case(s) for s in specs]
    f32 = [
        Case(77, 384, 1536), Case(512, 1024, 1024), Case(1024, 1024, 1024),
        Case(2048, 2048, 2048), Case(1, 4096, 4096), Case(8, 4096, 4096),
        Case(16, 4096, 4096), Case(1, 4096, 4096, transpose_rhs=True),
        Case(77, 1000, 1009), Case(256, 768, 3072, transpose_rhs=True),
        # Llama-3.2-1B's MLP in a 128-token prefill (nn.Linear: x @ W^T)
        Case(128, 2048, 8192, transpose_rhs=True),
        Case(128, 8192, 2048, transpose_rhs=True),
        Case(128, 64, 128, batch=12, transpose_rhs=True),  # attention Q K^T
        Case(128, 128, 64, batch=12),                      # attention P V
        Case(77, 768, 3072, epilogue=True), Case(512, 1024, 1024, epilogue=True),
    ]
    halves = [Case(512, 1024, 1024, "bf16"), Case(512, 1024, 1024, "f16"),
              Case(1024, 1024, 1024, "bf16"), Case(2048, 2048, 2048, "bf16"),
              Case(77, 768, 3072, "bf16", epilogue=True),
              # nn.Linear in bf16 (x @ W^T): GPT-2's MLP, Llama-3.2-1B's
              # MLP in a prefill, decode steps; attention's Q K^T
              Case(256, 768, 3072, "bf16", transpose_rhs=True),
              Case(128, 2048, 8192, "bf16", transpose_rhs=True),
              Case(1, 4096, 4096, "bf16", transpose_rhs=True),
              Case(8, 4096, 4096, "bf16", transpose_rhs=True),
              Case(1, 4096, 4096, "bf16"),
              # 33-64 rows (W x^T)^T on AVX512-BF16 dots; GPT-2's head
              Case(64, 4096, 4096, "bf16", transpose_rhs=True),
              Case(128, 768, 50257, "bf16", transpose_rhs=True),
              Case(128, 64, 128, "bf16", batch=12, transpose_rhs=True)]
    if quick:
        return [f32[0], f32[1], f32[4], f32[12], halves[0]]
    return f32 + halves


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--threads", type=int, default=os.cpu_count())
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--quick", action="store_true")
    p.add_argument("--no-compile", action="store_true",
                   help="skip torch.compile (Inductor)")
    p.add_argument("--max-autotune", action="store_true",
                   help="also Inductor's max-autotune mode (slow to compile)")
    p.add_argument("--case", action="append", default=[],
                   help="run this case instead of the list (repeatable): "
                        "MxKxN[,t][,gelu][,batch=B][,bf16|f16]")
    p.add_argument("--library", action="append", default=[],
                   help="run only these libraries (repeatable; meld always runs)")
    p.add_argument("--isa", choices=("native", "avx2"), default="native",
                   help="avx2: Meld, the peers and the peak held to AVX2 (see above)")
    p.add_argument("--json")
    p.add_argument("--markdown")
    p.add_argument("--worker", help=argparse.SUPPRESS)
    a = p.parse_args()
    if a.worker:
        return worker(a.worker, cases(a.quick, a.case), a.rounds, a.threads,
                      a.max_autotune)

    limits = measure_limits(a.threads, a.isa)
    isa = machine.isa() if a.isa == "native" else \
        f"{machine.isa()} held to AVX2: Meld for {AVX2_CPU}, peers' AVX2 paths"
    head = (f"{machine.cpu_name()} ({isa}), {a.threads} threads; "
            f"FMA peak {limits['fma_gflops']:.0f} GFLOP/s, memcpy "
            f"{limits['copy_gbs']:.1f} GB/s, streaming read "
            f"{limits['read_gbs']:.1f} GB/s"
            + (f", AMX bf16 peak {limits['amx_bf16_gflops']:.0f} GFLOP/s"
               if limits.get("amx_bf16_gflops") else "")
            + (f", vdpbf16ps peak {limits['dot_bf16_gflops']:.0f} GFLOP/s"
               if limits.get("dot_bf16_gflops") else "")
            + " (bench/gemm/peak.cpp)")
    print(head, flush=True)
    rows = []
    case_list = cases(a.quick, a.case)
    medians = run_all(case_list, a)
    for case in case_list:
        t = medians[case.name]
        gf = {name: case.flops / s / 1e9 for name, s in t.items()}
        if case.bandwidth_bound():
            limit = case.weight_bytes / t["meld"] / 1e9 / limits["read_gbs"]
            limit_name = "of read bandwidth"
        elif case.dtype == "bf16" and limits.get("amx_bf16_gflops"):
            limit = gf["meld"] / limits["amx_bf16_gflops"]
            limit_name = "of AMX peak"
        elif case.dtype == "bf16" and limits.get("dot_bf16_gflops"):
            limit = gf["meld"] / limits["dot_bf16_gflops"]
            limit_name = "of vdpbf16ps peak"
        else:
            limit = gf["meld"] / limits["fma_gflops"]
            limit_name = "of FMA peak"
        row = {"case": case.name, "ms": {k: v * 1e3 for k, v in t.items()},
               "gflops": gf,
               "speedup": {k: t[k] / t["meld"] for k in t if k != "meld"},
               "limit_fraction": limit, "limit": limit_name}
        rows.append(row)
        peers = "  ".join(f"{k} {v:.2f}x" for k, v in row["speedup"].items())
        print(f"{case.name:32s} meld {gf['meld']:7.1f} GFLOP/s "
              f"({100 * limit:.0f}% {limit_name}); Meld vs {peers}", flush=True)
    if a.json:
        Path(a.json).write_text(json.dumps(
            {"machine": head, "limits": limits, "rows": rows}, indent=1))
    if a.markdown:
        names = sorted({k for r in rows for k in r["gflops"] if k != "meld"})
        lines = [head, "",
                 "| case | Meld GFLOP/s | limit | " +
                 " | ".join(f"{n} GFLOP/s" for n in names) + " | " +
                 " | ".join(f"vs {n}" for n in names) + " |",
                 "|---" * (3 + 2 * len(names)) + "|"]
        for r in rows:
            g = r["gflops"]
            lines.append(
                f"| {r['case']} | {g['meld']:.1f} | "
                f"{100 * r['limit_fraction']:.0f}% {r['limit']} | " +
                " | ".join(f"{g[n]:.1f}" if n in g else "-" for n in names) +
                " | " + " | ".join(f"{r['speedup'][n]:.2f}x"
                                   if n in r["speedup"] else "-"
                                   for n in names) + " |")
        Path(a.markdown).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
