#!/usr/bin/env python3
"""Time the CPU peers Meld is compared against on the bench/models programs.

For each model (same shapes and math as bench/models/<model>.mlir, same
inputs: numpy's default_rng(seed) normal f32) this times

  numpy   eager numpy, the sanity reference
  torch   torch.compile (Inductor's C++ CPU backend, mode="default")
  jax     jax.jit on the CPU backend (block_until_ready)
  iree    the JAX function lowered to StableHLO text, compiled by IREE for
          llvm-cpu (--iree-llvmcpu-target-cpu=host), run on the local-task
          driver

and checks every result against a float64 numpy evaluation of the same
formula (rtol 1e-3, atol 1e-4). A mismatch is reported (ok: false) with the
error, never hidden. Each (model, peer) runs in its own subprocess so a peer
that fails to import, compile or even crashes becomes an error entry, and so
that one runtime's idle worker threads (OpenMP spin-waits) cannot slow down
the next peer on a small machine.

Times are the median wall time per call over --reps calls after warm-up;
compile_s is the compile time (torch: the first call, which compiles and runs
once, with a fresh Inductor cache so nothing is reused from an earlier run;
jax: lower + compile; iree: jax lowering to StableHLO + compile_str).

Run inside the venv made by bench/peers/setup.sh:

  bench/.venv-peers/bin/python bench/peers/peers.py --out /tmp/peers.json
  bench/.venv-peers/bin/python bench/peers/peers.py --models softmax,gelu --reps 50

--dump-inputs DIR writes each model's inputs and float64-reference output as
.npy files (DIR/<model>.in<i>.npy, DIR/<model>.ref.npy) so that the Meld
program can be run on the very same data:

  build/bin/meld-run bench/models/softmax.mlir --input DIR/softmax.in0.npy \\
      --output /tmp/y.npy
"""

import argparse
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

PEERS = ["numpy", "torch", "jax", "iree"]
RTOL, ATOL = 1e-3, 1e-4
MARK = "@@PEERS-RESULT@@ "

# ---------------------------------------------------------------------------
# Models: input shapes and one formula per framework. `xp` is numpy or
# jax.numpy; the same function serves numpy (eager), the float64 reference,
# jax.jit and (through jax's StableHLO lowering) IREE.
# ---------------------------------------------------------------------------

GELU_K = math.sqrt(2.0 / math.pi)


def _gelu_tanh(xp, x):
    return 0.5 * x * (1.0 + xp.tanh(GELU_K * (x + 0.044715 * x * x * x)))


def layernorm_xp(xp, x, gamma, beta):
    mu = xp.mean(x, axis=-1, keepdims=True)
    xc = x - mu
    var = xp.mean(xc * xc, axis=-1, keepdims=True)
    return xc / xp.sqrt(var + 1e-5) * gamma + beta


def rmsnorm_xp(xp, x, weight):
    ms = xp.mean(x * x, axis=-1, keepdims=True)
    return x / xp.sqrt(ms + 1e-6) * weight


def softmax_xp(xp, x):
    e = xp.exp(x - xp.max(x, axis=-1, keepdims=True))
    return e / xp.sum(e, axis=-1, keepdims=True)


def mlp_epilogue_xp(xp, x, w, bias):
    return _gelu_tanh(xp, x @ w + bias)


def gelu_xp(xp, x):
    return _gelu_tanh(xp, x)


def attention_xp(xp, q, k, v):
    return softmax_xp(xp, (q @ k.T) / 8.0) @ v


# What a PyTorch user would write (the PyTorch line of each model's header).
def layernorm_torch(torch, x, gamma, beta):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), gamma, beta, 1e-5)


def rmsnorm_torch(torch, x, weight):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * weight


def softmax_torch(torch, x):
    return torch.softmax(x, dim=-1)


def mlp_epilogue_torch(torch, x, w, bias):
    return torch.nn.functional.gelu(x @ w + bias, approximate="tanh")


def gelu_torch(torch, x):
    return torch.nn.functional.gelu(x, approximate="tanh")


def attention_torch(torch, q, k, v):
    return torch.softmax(q @ k.T / 8.0, dim=-1) @ v


# name -> (input shapes, xp formula, torch formula, input scales)
# Inputs are standard normal times the scale; W is scaled by 1/sqrt(K) so
# the pre-activation has unit variance, as an initialized Linear layer would.
MODELS = {
    "layernorm": ([(4096, 1024), (1024,), (1024,)], layernorm_xp,
                  layernorm_torch, [1.0, 1.0, 1.0]),
    "rmsnorm": ([(4096, 1024), (1024,)], rmsnorm_xp, rmsnorm_torch,
                [1.0, 1.0]),
    "softmax": ([(4096, 1024)], softmax_xp, softmax_torch, [1.0]),
    "mlp_epilogue": ([(512, 1024), (1024, 1024), (1024,)], mlp_epilogue_xp,
                     mlp_epilogue_torch, [1.0, 1.0 / 32.0, 1.0]),
    "mlp_odd": ([(500, 1000), (1000, 1000), (1000,)], mlp_epilogue_xp,
                mlp_epilogue_torch, [1.0, 1.0 / 1000.0 ** 0.5, 1.0]),
    "mlp_decode": ([(1, 1024), (1024, 1024), (1024,)], mlp_epilogue_xp,
                   mlp_epilogue_torch, [1.0, 1.0 / 32.0, 1.0]),
    "gelu": ([(4096, 1024)], gelu_xp, gelu_torch, [1.0]),
    "attention": ([(256, 64), (256, 64), (256, 64)], attention_xp,
                  attention_torch, [1.0, 1.0, 1.0]),
}


def make_inputs(np, model, seed):
    shapes, _, _, scales = MODELS[model]
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal(s, dtype=np.float32) * np.float32(c))
            .astype(np.float32) for s, c in zip(shapes, scales)]


def reference(np, model, inputs):
    f = MODELS[model][1]
    out = f(np, *[a.astype(np.float64) for a in inputs])
    return out.astype(np.float32)


def check(np, out, ref):
    out = np.asarray(out, dtype=np.float32)
    if out.shape != ref.shape:
        return False, f"shape {out.shape} != reference {ref.shape}", None
    err = np.abs(out.astype(np.float64) - ref.astype(np.float64))
    max_abs = float(np.max(err)) if err.size else 0.0
    if not np.all(np.isfinite(out)):
        return False, "non-finite values in the result", max_abs
    ok = bool(np.allclose(out, ref, rtol=RTOL, atol=ATOL))
    if ok:
        return True, None, max_abs
    bad = int(np.sum(err > ATOL + RTOL * np.abs(ref)))
    return False, (f"mismatch: {bad} of {ref.size} elements outside "
                   f"rtol={RTOL}/atol={ATOL}, max abs err {max_abs:.3g}"), max_abs


def time_calls(call, reps, warmup):
    for _ in range(warmup):
        call()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return times


# ---------------------------------------------------------------------------
# Workers: one (model, peer) per process.
# ---------------------------------------------------------------------------


def run_numpy(np, model, inputs, reps, warmup, threads):
    f = MODELS[model][1]
    t0 = time.perf_counter()
    out = f(np, *inputs)
    first = time.perf_counter() - t0
    times = time_calls(lambda: f(np, *inputs), reps, warmup)
    return out, times, 0.0, {"first_call_s": first}


def run_torch(np, model, inputs, reps, warmup, threads):
    import torch
    torch.set_num_threads(threads)
    tf = MODELS[model][2]
    args = [torch.from_numpy(a) for a in inputs]

    def fn(*xs):
        return tf(torch, *xs)

    compiled = torch.compile(fn, mode="default", backend="inductor")
    with torch.no_grad():
        t0 = time.perf_counter()
        out = compiled(*args)
        compile_s = time.perf_counter() - t0
        times = time_calls(lambda: compiled(*args), reps, warmup)
        out = compiled(*args)
    return out.numpy(), times, compile_s, {
        "threads": torch.get_num_threads(),
        "note": "compile_s is the first call (compile + one run), cold cache"}


def _jax_fn(model):
    import jax.numpy as jnp
    f = MODELS[model][1]
    return lambda *xs: f(jnp, *xs)


def run_jax(np, model, inputs, reps, warmup, threads):
    import jax
    cpu = jax.devices("cpu")[0]
    args = [jax.device_put(a, cpu) for a in inputs]
    jitted = jax.jit(_jax_fn(model))
    t0 = time.perf_counter()
    exe = jitted.lower(*args).compile()
    compile_s = time.perf_counter() - t0
    out = exe(*args).block_until_ready()
    times = time_calls(lambda: exe(*args).block_until_ready(), reps, warmup)
    return np.asarray(out), times, compile_s, {"device": str(cpu)}


def run_iree(np, model, inputs, reps, warmup, threads):
    import jax
    import iree.compiler as ireec
    import iree.runtime as ireert

    t0 = time.perf_counter()
    text = jax.jit(_jax_fn(model)).lower(*inputs).as_text()
    lower_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    vmfb = ireec.compile_str(
        text, target_backends=["llvm-cpu"], input_type="stablehlo",
        extra_args=["--iree-llvmcpu-target-cpu=host"])
    compile_s = time.perf_counter() - t0

    # Bound the local-task worker pool to --threads.
    try:
        ireert.flags.parse_flags(f"--task_topology_max_group_count={threads}")
    except Exception:  # older/newer runtimes without the flag: default pool
        pass
    config = ireert.Config("local-task")
    ctx = ireert.SystemContext(config=config)
    vm_module = ireert.VmModule.copy_buffer(ctx.instance, vmfb)
    ctx.add_vm_module(vm_module)
    main = ctx.modules[vm_module.name]["main"]
    args = [ireert.asdevicearray(config.device, a) for a in inputs]
    out = main(*args)
    times = time_calls(lambda: main(*args), reps, warmup)
    out = main(*args)
    host = out.to_host() if hasattr(out, "to_host") else np.asarray(out)
    return host, times, lower_s + compile_s, {
        "stablehlo_lower_s": lower_s, "iree_compile_s": compile_s,
        "vmfb_bytes": len(vmfb)}


RUNNERS = {"numpy": run_numpy, "torch": run_torch, "jax": run_jax,
           "iree": run_iree}


def worker(args):
    res = {}
    try:
        import numpy as np
        inputs = make_inputs(np, args.model, args.seed)
        ref = reference(np, args.model, inputs)
        out, times, compile_s, extra = RUNNERS[args.peer](
            np, args.model, inputs, args.reps, args.warmup, args.threads)
        ok, why, max_abs = check(np, out, ref)
        res = {"median_ms": statistics.median(times) * 1e3,
               "min_ms": min(times) * 1e3,
               "compile_s": compile_s, "ok": ok, "max_abs_err": max_abs,
               "reps": len(times)}
        if why:
            res["mismatch"] = why
        res.update(extra)
    except BaseException as e:  # noqa: BLE001 - report anything, never crash
        res = {"error": f"{type(e).__name__}: {e}".strip()[:2000],
               "traceback": traceback.format_exc()[-4000:], "ok": False}
    sys.stdout.flush()
    print(MARK + json.dumps(res), flush=True)


# ---------------------------------------------------------------------------
# Driver.
# ---------------------------------------------------------------------------


def thread_env(threads, cache_dir):
    env = dict(os.environ)
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        env[var] = str(threads)
    # XLA's CPU client has no thread-count knob short of single-threaded.
    if threads == 1:
        env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                            " --xla_cpu_multi_thread_eigen=false"
                            " intra_op_parallelism_threads=1").strip()
    env["JAX_PLATFORMS"] = "cpu"
    env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir
    env["TRITON_CACHE_DIR"] = os.path.join(cache_dir, "triton")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def run_one(model, peer, opts):
    cache = tempfile.mkdtemp(prefix="peers-cache-")
    cmd = [sys.executable, os.path.abspath(__file__), "--worker",
           "--model", model, "--peer", peer, "--reps", str(opts.reps),
           "--warmup", str(opts.warmup), "--threads", str(opts.threads),
           "--seed", str(opts.seed)]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, env=thread_env(opts.threads, cache),
                           capture_output=True, text=True,
                           timeout=opts.timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {opts.timeout}s", "ok": False}
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    wall = time.perf_counter() - t0
    for line in reversed(p.stdout.splitlines()):
        if line.startswith(MARK):
            res = json.loads(line[len(MARK):])
            res["worker_wall_s"] = round(wall, 2)
            return res
    tail = (p.stderr or p.stdout or "")[-2000:]
    return {"error": f"worker exited with status {p.returncode} and no "
                     f"result", "stderr_tail": tail, "ok": False}


def machine_info():
    cpu = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    return {"platform": platform.platform(), "machine": platform.machine(),
            "cpu_model": cpu, "cores": os.cpu_count(),
            "usable_cores": affinity,
            "python": platform.python_version(),
            "loadavg_at_start": list(os.getloadavg())}


def versions():
    import importlib.metadata as md
    out = {}
    for p in ["numpy", "torch", "jax", "jaxlib", "iree-base-compiler",
              "iree-base-runtime"]:
        try:
            out[p] = md.version(p)
        except md.PackageNotFoundError:
            out[p] = None
    return out


def cell(r):
    if r is None:
        return "-"
    if "error" in r:
        return "ERROR"
    s = f"{r['median_ms']:.3f}"
    return s if r["ok"] else s + " MISMATCH"


def print_table(results, peers):
    w0 = max([len("model")] + [len(m) for m in results])
    cols = [max(len(p), 16) for p in peers]
    print("\nmedian wall time per call, ms (lower is better)")
    print("model".ljust(w0) + "  " + "  ".join(p.rjust(c) for p, c in zip(peers, cols)))
    for m, row in results.items():
        print(m.ljust(w0) + "  " + "  ".join(cell(row.get(p)).rjust(c)
                                          for p, c in zip(peers, cols)))
    print("\ncompile time, s")
    print("model".ljust(w0) + "  " + "  ".join(p.rjust(c) for p, c in zip(peers, cols)))
    for m, row in results.items():
        vals = []
        for p in peers:
            r = row.get(p)
            vals.append("-" if not r or "error" in r else f"{r['compile_s']:.2f}")
        print(m.ljust(w0) + "  " + "  ".join(v.rjust(c) for v, c in zip(vals, cols)))
    problems = [(m, p, r) for m, row in results.items() for p, r in row.items()
                if "error" in r or not r.get("ok")]
    if problems:
        print("\nproblems:")
        for m, p, r in problems:
            print(f"  {m}/{p}: {r.get('error') or r.get('mismatch')}")


def dump_inputs(models, seed, outdir):
    import numpy as np
    os.makedirs(outdir, exist_ok=True)
    for m in models:
        inputs = make_inputs(np, m, seed)
        for i, a in enumerate(inputs):
            np.save(os.path.join(outdir, f"{m}.in{i}.npy"), a)
        np.save(os.path.join(outdir, f"{m}.ref.npy"), reference(np, m, inputs))
        print(f"wrote {outdir}/{m}.in*.npy and {m}.ref.npy")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=",".join(MODELS),
                    help="comma list (default: all): " + ",".join(MODELS))
    ap.add_argument("--peers", default=",".join(PEERS),
                    help="comma list (default: all): " + ",".join(PEERS))
    ap.add_argument("--threads", type=int, default=os.cpu_count(),
                    help="threads per peer (default: number of cores)")
    ap.add_argument("--reps", type=int, default=20,
                    help="timed calls per model and peer (default 20)")
    ap.add_argument("--warmup", type=int, default=3,
                    help="untimed calls before timing (default 3)")
    ap.add_argument("--seed", type=int, default=0,
                    help="numpy default_rng seed for the inputs (default 0)")
    ap.add_argument("--timeout", type=int, default=1800,
                    help="seconds allowed for one model/peer (default 1800)")
    ap.add_argument("--out", help="write the results as JSON here")
    ap.add_argument("--dump-inputs", metavar="DIR",
                    help="write inputs and reference outputs as .npy and exit")
    # Internal: one (model, peer) measurement in this process.
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--model", help=argparse.SUPPRESS)
    ap.add_argument("--peer", help=argparse.SUPPRESS)
    opts = ap.parse_args()

    if opts.worker:
        worker(opts)
        return 0

    models = [m.strip() for m in opts.models.split(",") if m.strip()]
    peers = [p.strip() for p in opts.peers.split(",") if p.strip()]
    bad = [m for m in models if m not in MODELS] + [p for p in peers if p not in PEERS]
    if bad:
        ap.error(f"unknown model/peer: {', '.join(bad)}")
    if opts.threads < 1 or opts.reps < 1:
        ap.error("--threads and --reps must be at least 1")
    if opts.dump_inputs:
        dump_inputs(models, opts.seed, opts.dump_inputs)
        return 0

    report = {"machine": machine_info(), "versions": versions(),
              "settings": {"threads": opts.threads, "reps": opts.reps,
                           "warmup": opts.warmup, "seed": opts.seed,
                           "rtol": RTOL, "atol": ATOL},
              "results": {}}
    load1 = report["machine"]["loadavg_at_start"][0]
    if load1 > 0.5:
        print(f"warning: 1-minute load average is {load1:.2f}; other work on "
              "this machine makes the timings noisy (OpenMP barriers in "
              "particular stall when a core is taken)", flush=True)
    for m in models:
        report["results"][m] = {}
        for p in peers:
            print(f"[{m}] {p} ...", end=" ", flush=True)
            r = run_one(m, p, opts)
            report["results"][m][p] = r
            if "error" in r:
                print("ERROR: " + r["error"].splitlines()[0][:200], flush=True)
            else:
                print(f"{r['median_ms']:.3f} ms, compile {r['compile_s']:.2f} s"
                      + ("" if r["ok"] else f"  ({r['mismatch']})"), flush=True)
            if opts.out:  # keep partial results if the run is interrupted
                with open(opts.out, "w") as f:
                    json.dump(report, f, indent=2)

    print(f"\nmachine: {report['machine']['cpu_model']}, "
          f"{report['machine']['cores']} cores; threads={opts.threads}, "
          f"reps={opts.reps}")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in report["versions"].items()))
    print_table(report["results"], peers)
    if opts.out:
        with open(opts.out, "w") as f:
            json.dump(report, f, indent=2)
        print(f"\nwrote {opts.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
