"""Concurrency stress: processes and threads compiling, running, capturing
and replaying the same and different programs through one on-disk cache
while another process corrupts its entries. Nothing may crash, hang, or
hand out a wrong program: every result is checked against the reference
interpreter (Executable.interpret) of the program the worker asked for.

The C++ side of the same (eight threads on one JIT and its caches) is
unittests/JIT (JitCache.EightThreadsCompileAndRun), and the runtime's
handles, streams and graphs under ThreadSanitizer are
scripts/sanitize-runtime.sh (RuntimeThreads.EightThreadsShareExecutables).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import meldtest

WORKER = textwrap.dedent(r"""
    import os, random, sys, threading
    import numpy as np
    import meld

    cache, seed, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    root = os.path.join(os.environ["MELD_REPO"], "examples")
    # Different programs (a mixed-up cache entry gives a wrong signature or
    # result) that every thread of both processes asks for.
    programs = {name: open(os.path.join(root, name + ".mlir")).read()
                for name in ("gelu", "softmax", "layernorm", "rmsnorm", "mlp",
                             "attention", "softmax_dynamic")}
    failures = []

    def inputs_for(exe, rng):
        sig = exe.signature("main")
        arrays = []
        for dtype, shape in sig.inputs:
            shape = tuple(3 if d is None else d for d in shape)
            arrays.append(rng.uniform(-1, 1, shape).astype(np.float32))
        return arrays

    def check(name, got, want, what):
        for g, w in zip(got, want):
            if not np.allclose(g, w, rtol=5e-4, atol=5e-5):
                failures.append(f"{name}: {what} differs from the interpreter")

    def work(thread):
        rng = np.random.default_rng(seed * 100 + thread)
        for step in range(rounds):
            name = random.Random(seed * 1000 + thread * 10 + step).choice(sorted(programs))
            try:
                if step % 3 == 0:
                    # Through the disk cache, which the corrupter attacks.
                    meld.clear_memory_cache(cache_dir=cache)
                exe = meld.compile(programs[name], cache_dir=cache)
                args = inputs_for(exe, rng)
                want = exe.interpret(*args)
                check(name, exe(*args), want, "run")
                graph = exe.capture(*args)
                check(name, graph.replay(), want, "replay")
                other = inputs_for(exe, rng)
                check(name, graph(*other), exe.interpret(*other), "replay on new inputs")
            except meld.Error as e:
                failures.append(f"{name}: {type(e).__name__}: {e}")

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stats = meld.cache_stats(cache_dir=cache)
    print("stats", stats)
    if failures:
        print("\n".join(failures[:20]))
        sys.exit(1)
""")

CORRUPTER = textwrap.dedent(r"""
    import os, random, sys, time
    cache, seconds = sys.argv[1], float(sys.argv[2])
    rng = random.Random(7)
    end = time.time() + seconds
    damaged = 0
    while time.time() < end:
        files = []
        for dirpath, _, names in os.walk(cache):
            files += [os.path.join(dirpath, n) for n in names]
        if not files:
            time.sleep(0.05)
            continue
        path = rng.choice(files)
        try:
            data = open(path, "rb").read()
            how = rng.randrange(4)
            if how == 0:
                data = data[: rng.randrange(max(1, len(data)))]
            elif how == 1 and data:
                i = rng.randrange(len(data))
                data = data[:i] + bytes([data[i] ^ 0x5A]) + data[i + 1:]
            elif how == 2:
                data = os.urandom(rng.randrange(1, 4096))
            else:
                os.remove(path)
                damaged += 1
                continue
            with open(path, "wb") as f:
                f.write(data)
            damaged += 1
        except OSError:
            pass
        time.sleep(0.01)
    print("damaged", damaged)
""")


def test_processes_and_threads_share_a_cache_another_process_corrupts(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(meldtest.build_dir() / "python-bindings"), env.get("PYTHONPATH", "")])
    env["MELD_REPO"] = str(meldtest.REPO_ROOT)
    workers = [subprocess.Popen([sys.executable, "-c", WORKER, str(cache), str(seed), "30"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                env=env)
               for seed in (1, 2)]
    corrupter = subprocess.Popen([sys.executable, "-c", CORRUPTER, str(cache), "120"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 env=env)
    outputs = [w.communicate(timeout=900)[0] for w in workers]
    corrupter.kill()
    corrupter.communicate()
    for w, out in zip(workers, outputs):
        assert w.returncode == 0, f"worker failed ({w.returncode}):\n{out[-4000:]}"
    assert all("stats" in out for out in outputs)
    print("".join(line for out in outputs for line in out.splitlines(True)
                  if line.startswith("stats")))
