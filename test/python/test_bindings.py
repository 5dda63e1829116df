"""The Python bindings (python-bindings/, `import meld`) against numpy and the
reference interpreter.

The package is imported from ``$MELD_BUILD_DIR/python-bindings`` (conftest.py
puts it on sys.path). The tests fail, never skip, when it is missing: a build
without the bindings must not look green.

Tolerances: compiled code against the interpreter uses the code generation
suite's bound (docs/codegen.md): f32/f64 ``|a - e| <= 5e-5 + 5e-4 |e|``
(compiled code accumulates in f32 and approximates transcendental
functions; the reference computes in double and rounds once per op),
f16/bf16 ``1e-2 + 1e-2 |e|``, integers and booleans exact.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import threading

import numpy as np
import pytest

import meldtest as mt
import test_examples as ex

try:
    import meld
except ImportError as e:  # reported as a failure, never a skip
    pytest.fail(f"cannot import meld from {mt.build_dir() / 'python-bindings'}: {e}; "
                "build the _meld target (needs nanobind in .venv)", pytrace=False)

EXAMPLES = ex.EXAMPLES

F_TOL = (5e-4, 5e-5)  # rtol, atol for f32/f64 compiled vs reference
H_TOL = (1e-2, 1e-2)  # f16/bf16


def assert_matches(got, want, msg=""):
    """Compiled result `got` against reference `want` (same dtype/shape)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, f"dtype {got.dtype} != {want.dtype} {msg}"
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape} {msg}"
    if got.dtype in (np.float32, np.float64):
        # Tolerance: the codegen suite's f32/f64 bound (module docstring).
        mt.assert_close(got, want, rtol=F_TOL[0], atol=F_TOL[1], msg=msg)
    elif got.dtype == np.float16:
        # Tolerance: the codegen suite's f16 bound (module docstring).
        mt.assert_close(got, want, rtol=H_TOL[0], atol=H_TOL[1], msg=msg)
    else:
        # Exact: integers and booleans (and bf16 bit patterns, compared
        # through meld.bf16_to_float32 by the callers).
        np.testing.assert_array_equal(got, want, err_msg=msg)


def compile_example(name, **kw):
    return meld.compile_file(mt.EXAMPLES_DIR / name, **kw)


ADD2 = """
func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = meld.add %a, %b : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}
"""


@pytest.fixture(scope="module")
def add2():
    return meld.compile(ADD2)


def rand(shape, seed=0, dtype=np.float32):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------
# Basics
# ---------------------------------------------------------------------------

def test_version_and_exports():
    assert meld.version.startswith("0.6.0"), meld.version
    assert issubclass(meld.CompileError, meld.Error)
    assert issubclass(meld.ExecutionError, meld.Error)
    assert issubclass(meld.ExecutionError, RuntimeError)


def test_add_against_numpy(add2):
    a, b = rand((4, 8), 1), rand((4, 8), 2)
    out = add2(a, b)
    assert isinstance(out, tuple) and len(out) == 1
    (c,) = out
    assert c.dtype == np.float32 and c.shape == (4, 8)
    # Exact: one correctly rounded f32 addition.
    np.testing.assert_array_equal(c, a + b)
    assert add2.device == "host"
    assert add2.signature() == meld.Signature(
        "main", (("f32", (4, 8)), ("f32", (4, 8))), (("f32", (4, 8)),))
    assert [f.name for f in add2.functions] == ["main"]


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", EXAMPLES)
def test_example_vs_interpreter(name, seed):
    exe = compile_example(name)
    inputs = ex.inputs_for(name, seed)
    got = exe(*inputs)
    want = exe.interpret(*inputs)
    assert len(got) == len(want) == len(exe.signature().outputs)
    for i, (g, w) in enumerate(zip(got, want)):
        assert_matches(g, w, msg=f"{name} result #{i}")


@pytest.mark.parametrize("name", ["mlp.mlir", "softmax.mlir", "layernorm.mlir",
                                  "attention.mlir", "branch_and_loop.mlir"])
def test_example_vs_numpy(name):
    exe = compile_example(name)
    inputs = ex.inputs_for(name, 3)
    got = exe(*inputs)
    want = ex.reference(name, inputs)
    for i, (g, w) in enumerate(zip(got, want)):
        if w is None:
            continue
        # Tolerance: the codegen bound (module docstring) against a float64
        # numpy model.
        mt.assert_close(g, w, rtol=F_TOL[0], atol=F_TOL[1], msg=f"{name} #{i}")


def test_interpreter_matches_meld_run(tmp_path):
    # exe.interpret is the reference interpreter: bit-identical to meld-run.
    name = "gelu.mlir"
    inputs = ex.inputs_for(name, 4)
    want = mt.run(mt.EXAMPLES_DIR / name, inputs, tmp_path)
    got = compile_example(name).interpret(*inputs)
    for g, w in zip(got, want):
        mt.assert_same_floats(g, w)


@pytest.mark.parametrize("rows", [0, 1, 3, 17])
def test_dynamic_shapes(rows):
    exe = compile_example("softmax_dynamic.mlir")
    assert exe.signature().inputs == (("f32", (None, 128)),)
    (x,) = ex.make_softmax_dynamic(np.random.default_rng(rows), rows=rows)
    (y,) = exe(x)
    assert y.shape == (rows, 128)
    (w,) = exe.interpret(x)
    assert_matches(y, w)


def test_fuse_false_and_options():
    fused = compile_example("mlp.mlir")
    unfused = compile_example("mlp.mlir", fuse=False)
    strict = compile_example("mlp.mlir", strict_fp=True, opt_level=1)
    inputs = ex.inputs_for("mlp.mlir", 0)
    (a,) = fused(*inputs)
    launches_fused = fused.last_run_stats()["launches"]
    (b,) = unfused(*inputs)
    launches_unfused = unfused.last_run_stats()["launches"]
    (c,) = strict(*inputs)
    (w,) = fused.interpret(*inputs)
    for r in (a, b, c):
        assert_matches(r, w)
    # mlp has 7 ops; fused it is 2 kernels (see its fusion report), unfused
    # one kernel per op.
    assert launches_fused < launches_unfused, (launches_fused, launches_unfused)


def test_fusion_report(tmp_path):
    exe = compile_example("attention.mlir")
    report = exe.fusion_report()
    assert isinstance(report, str) and report.strip()
    # The same report meld-opt prints for the fused program.
    proc = mt.run_raw(["meld-opt", mt.EXAMPLES_DIR / "attention.mlir", "--meld-fuse",
                       "--meld-fusion-report", "-o", tmp_path / "out.mlir"], timeout=60)
    assert proc.returncode == 0, proc.stderr
    cli = proc.stderr + proc.stdout
    assert report == cli, f"binding:\n{report}\nmeld-opt:\n{cli}"
    assert report.startswith("meld fusion report: @main")
    assert "after fusion:  3 launches" in report


def test_memory_cache_hit():
    text = ADD2.replace("%c", "%cached")
    first = meld.compile(text)
    second = meld.compile(text)
    assert first.cache_outcome in ("compiled", "memory")
    assert second.cache_outcome == "memory"
    stats = meld.cache_stats()
    assert stats["memory_hits"] >= 1 and stats["compiles"] >= 1


def test_save_programs(tmp_path, monkeypatch):
    """MELD_SAVE_PROGRAMS=DIR: every text meld.compile takes lands in DIR,
    named by its SHA-1, whether it compiles or comes from the cache, and
    compiles again from there with meld-compile's input."""
    import hashlib

    out = tmp_path / "programs"
    monkeypatch.setenv("MELD_SAVE_PROGRAMS", str(out))
    text = ADD2.replace("%c", "%saved")
    meld.compile(text)
    meld.compile(text)  # a memory-cache hit is saved too (the same file)
    digest = hashlib.sha1(text.encode()).hexdigest()
    assert sorted(p.name for p in out.iterdir()) == [digest + ".mlir"]
    assert (out / (digest + ".mlir")).read_text() == text
    again = meld.compile_file(out / (digest + ".mlir"))
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    np.testing.assert_array_equal(again(x, x)[0], meld.compile(text)(x, x)[0])
    monkeypatch.delenv("MELD_SAVE_PROGRAMS")
    meld.compile(ADD2.replace("%c", "%unsaved"))
    assert len(list(out.iterdir())) == 1


def test_disk_cache_across_processes(tmp_path):
    text = ADD2.replace("%c", "%disk")
    exe = meld.compile(text, cache_dir=tmp_path)
    assert exe.cache_outcome == "compiled"
    code = ("import sys, meld; "
            "exe = meld.compile(sys.stdin.read(), cache_dir=sys.argv[1]); "
            "print(exe.cache_outcome)")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], input=text,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ,
                               "PYTHONPATH": str(mt.build_dir() / "python-bindings")})
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "disk"


def test_host_threads_from_the_environment():
    # MELD_HOST_THREADS sets the host device's threads (read when the JIT
    # starts, so in a process of its own); the results do not change.
    code = ("import sys, numpy as np, meld; "
            "exe = meld.compile(sys.stdin.read()); "
            "x = np.arange(32, dtype=np.float32).reshape(4, 8); "
            "np.testing.assert_array_equal(exe(x, x)[0], 2 * x); "
            "print(exe.device_name)")
    text = ADD2.replace("%c", "%threads")
    for threads in ("1", "3"):
        proc = subprocess.run([sys.executable, "-c", code], input=text,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "MELD_HOST_THREADS": threads,
                                   "PYTHONPATH": str(mt.build_dir() / "python-bindings")})
        assert proc.returncode == 0, proc.stderr
        assert f", {threads} threads)" in proc.stdout, proc.stdout


def test_disk_cache_size_from_the_environment(tmp_path, monkeypatch):
    # MELD_CACHE_MAX_MB bounds the directory: a 2 MiB entry used long ago
    # goes when a new program is written past 1 MiB; the new entry stays.
    stale = tmp_path / "cache" / ("0" * 32 + ".meldb")
    stale.parent.mkdir()
    stale.write_bytes(b"\0" * (2 << 20))
    os.utime(stale, (1e9, 1e9))
    monkeypatch.setenv("MELD_CACHE_MAX_MB", "1")
    exe = meld.compile(ADD2.replace("%c", "%bounded"), cache_dir=stale.parent)
    assert exe.cache_outcome == "compiled"
    assert [p.suffix for p in stale.parent.iterdir()] == [".meldb"]
    assert not stale.exists()
    assert meld.cache_stats(cache_dir=stale.parent)["disk_evicted"] == 1
    monkeypatch.setenv("MELD_CACHE_MAX_MB", "lots")
    with pytest.raises(ValueError, match="MELD_CACHE_MAX_MB must be a whole number"):
        meld.compile(ADD2, cache_dir=tmp_path / "other")


def test_bundle_bytes_run_by_meld_run(tmp_path):
    exe = compile_example("rmsnorm.mlir")
    data = exe.bundle_bytes()
    assert isinstance(data, bytes) and len(data) > 64
    path = tmp_path / "rmsnorm.meldb"
    path.write_bytes(data)
    inputs = ex.inputs_for("rmsnorm.mlir", 0)
    args = ["meld-run", path, "--print=false", "--output", tmp_path / "y.npy"]
    for i, x in enumerate(inputs):
        np.save(tmp_path / f"x{i}.npy", x)
        args += ["--input", tmp_path / f"x{i}.npy"]
    proc = mt.run_raw(args, timeout=60)
    assert proc.returncode == 0, proc.stderr
    (want,) = exe(*inputs)
    # Exact: the same compiled code on the same inputs.
    np.testing.assert_array_equal(np.load(tmp_path / "y.npy"), want)


# ---------------------------------------------------------------------------
# dtypes
# ---------------------------------------------------------------------------

DTYPE_PROGRAM = """
func.func @main(%a: tensor<4x8xT>, %b: tensor<4x8xT>, %p: tensor<4x8xi1>)
    -> (tensor<4x8xT>, tensor<4x8xi1>, tensor<4x8xT>) {
  %s = meld.add %a, %b : tensor<4x8xT>
  %c = meld.compare gt, %a, %b : tensor<4x8xT>
  %m = meld.select %p, %a, %b : tensor<4x8xi1>, tensor<4x8xT>
  return %s, %c, %m : tensor<4x8xT>, tensor<4x8xi1>, tensor<4x8xT>
}
"""

NP_DTYPE = {"f64": np.float64, "f32": np.float32, "f16": np.float16,
            "i64": np.int64, "i32": np.int32, "i8": np.int8, "bf16": np.uint16}


def dtype_inputs(t, seed):
    rng = np.random.default_rng(seed)
    if t == "bf16":
        a = meld.float32_to_bf16(rng.standard_normal((4, 8)).astype(np.float32))
        b = meld.float32_to_bf16(rng.standard_normal((4, 8)).astype(np.float32))
    elif t.startswith("f"):
        a = rng.standard_normal((4, 8)).astype(NP_DTYPE[t])
        b = rng.standard_normal((4, 8)).astype(NP_DTYPE[t])
    else:
        lo, hi = mt.int_range(t)
        a = rng.integers(lo, hi, (4, 8), endpoint=True).astype(NP_DTYPE[t])
        b = rng.integers(lo, hi, (4, 8), endpoint=True).astype(NP_DTYPE[t])
    p = rng.integers(0, 2, (4, 8)).astype(bool)
    return a, b, p


@pytest.mark.parametrize("t", ["f64", "f32", "f16", "bf16", "i64", "i32", "i8"])
def test_dtypes(t):
    exe = meld.compile(DTYPE_PROGRAM.replace("xT>", f"x{t}>"))
    a, b, p = dtype_inputs(t, 5)
    s, c, m = exe(a, b, p)
    ws, wc, wm = exe.interpret(a, b, p)
    assert s.dtype == NP_DTYPE[t] and c.dtype == np.bool_ and m.dtype == NP_DTYPE[t]
    if t == "bf16":
        # Tolerance: f16/bf16 bound (module docstring), on the decoded values.
        mt.assert_close(meld.bf16_to_float32(s), meld.bf16_to_float32(ws),
                        rtol=H_TOL[0], atol=H_TOL[1])
        fa, fb = meld.bf16_to_float32(a), meld.bf16_to_float32(b)
        np.testing.assert_array_equal(c, fa > fb)
    else:
        assert_matches(s, ws)
        np.testing.assert_array_equal(c, a > b)
        if t.startswith("i"):
            # Exact: two's complement wrap-around, as numpy does.
            with np.errstate(over="ignore"):
                np.testing.assert_array_equal(s, a + b)
    np.testing.assert_array_equal(c, wc)
    np.testing.assert_array_equal(m, np.where(p, a, b))
    np.testing.assert_array_equal(m, wm)


def test_bf16_helpers_round_trip():
    x = np.array([1.0, -2.5, 3.140625, 0.0, np.inf, 1e-40], np.float32)
    bits = meld.float32_to_bf16(x)
    assert bits.dtype == np.uint16
    np.testing.assert_array_equal(meld.bf16_to_float32(bits)[:5], x[:5])
    assert np.isnan(meld.bf16_to_float32(meld.float32_to_bf16(np.float32("nan"))))
    # Round to nearest even: 1 + 2^-8 is a tie between 1 and 1 + 2^-7.
    assert meld.bf16_to_float32(meld.float32_to_bf16(np.float32(1 + 2 ** -8))) == 1.0


def test_bf16_through_ml_dtypes():
    ml_dtypes = pytest.importorskip("ml_dtypes")
    exe = meld.compile(DTYPE_PROGRAM.replace("xT>", "xbf16>"))
    a, b, p = dtype_inputs("bf16", 6)
    s, _, _ = exe(a.view(ml_dtypes.bfloat16), b.view(ml_dtypes.bfloat16), p)
    (s2, _, _) = exe(a, b, p)
    np.testing.assert_array_equal(s, s2)


# ---------------------------------------------------------------------------
# Capture and replay
# ---------------------------------------------------------------------------

def branch_inputs():
    """Inputs of branch_and_loop.mlir taking both branches with different
    trip counts."""
    rng = np.random.default_rng(9)
    xs = [
        rng.uniform(0.1, 1.0, (4, 32)).astype(np.float32),     # tanh, ~7 halvings
        rng.uniform(-1.0, -0.1, (4, 32)).astype(np.float32),   # exp(-x) up to e
        rng.uniform(-0.01, 0.0, (4, 32)).astype(np.float32),   # exp(-x) ~ 1
        np.full((4, 32), 0.001, np.float32),                   # tanh small: 0 trips
        rng.uniform(-3.0, -2.0, (4, 32)).astype(np.float32),   # exp(-x) up to e^3
    ]
    return xs


def test_capture_replay_branch_and_loop():
    exe = compile_example("branch_and_loop.mlir")
    xs = branch_inputs()
    graph = exe.capture(xs[0])
    assert graph.function == "main"
    assert graph.num_kernel_nodes >= 1 and graph.num_graphs >= 1
    # Replay on the captured inputs: the eager results.
    r0, k0 = graph.replay()
    e0, ek0 = exe(xs[0])
    np.testing.assert_array_equal(r0, e0)
    assert int(k0) == int(ek0)
    trips = set()
    for x in xs:
        r, k = graph(x)
        er, ek = exe(x)
        wr, wk = exe.interpret(x)
        # Exact: the replay runs the eager run's kernels on the same data.
        np.testing.assert_array_equal(r, er)
        assert int(k) == int(ek) == int(wk), "trip count differs"
        assert_matches(r, wr)
        trips.add(int(k))
    assert len(trips) >= 3, f"the inputs should give different trip counts: {trips}"
    assert 0 in trips


def test_capture_replays_a_branch_on_a_predicate_that_is_also_a_result():
    """The predicate of a meld.if that the function also returns lives in
    the caller's result buffer, which every replay binds anew: the captured
    conditional must read the new one (it read the capture's, so replays
    took the captured branch)."""
    exe = meld.compile("""
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<i1>) {
  %s = meld.reduce sum %x dims = [0] : tensor<4xf32> -> tensor<f32>
  %z = meld.constant dense<0.0> : tensor<f32>
  %p = meld.compare gt, %s, %z : tensor<f32>
  %r = meld.if %p -> (tensor<4xf32>) {
    %a = meld.sin %x : tensor<4xf32>
    meld.yield %a : tensor<4xf32>
  } else {
    %b = meld.cos %x : tensor<4xf32>
    meld.yield %b : tensor<4xf32>
  }
  return %r, %p : tensor<4xf32>, tensor<i1>
}
""")
    x = np.array([1, 2, 3, 4], np.float32)
    graph = exe.capture(x)
    for v in (x, -x, x):
        r, p = graph(v)
        assert bool(p) == (v.sum() > 0)
        np.testing.assert_allclose(r, np.sin(v) if v.sum() > 0 else np.cos(v), rtol=1e-6)


def test_capture_static_buffers_and_replay():
    exe = compile_example("branch_and_loop.mlir")
    xs = branch_inputs()
    graph = exe.capture(xs[0])
    (xin,) = graph.inputs
    assert xin.shape == (4, 32) and xin.dtype == np.float32
    # The capture copied the inputs: writing the original changes nothing.
    np.testing.assert_array_equal(xin, xs[0])
    for x in xs[1:]:
        xin[...] = x  # write into the captured buffer, then replay
        r, k = graph.replay()
        er, ek = exe(x)
        np.testing.assert_array_equal(r, er)
        assert int(k) == int(ek)
        outs = graph.outputs
        np.testing.assert_array_equal(outs[0], er)


def test_graphs_write_results_that_no_kernel_computes():
    """A result that is a constant or an input has no kernel: the graph
    copies it into its own output buffer, so replays into new outputs
    return it (they returned uninitialized memory before)."""
    import meld

    exe = meld.compile("""
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = meld.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = meld.exp %x : tensor<4xf32>
  return %c, %x, %y : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}""")
    x = np.arange(4, dtype=np.float32)
    graph = exe.capture(x)
    for shift in (10.0, -3.0):
        new = x + np.float32(shift)
        c, same, y = graph(new)
        np.testing.assert_array_equal(c, [1, 2, 3, 4])
        np.testing.assert_array_equal(same, new)
        np.testing.assert_allclose(y, np.exp(new), rtol=1e-6)
    c, same, _ = graph.replay()
    np.testing.assert_array_equal(c, [1, 2, 3, 4])
    np.testing.assert_array_equal(same, x)


def test_capture_mlp_many_inputs():
    exe = compile_example("mlp.mlir")
    graph = exe.capture(*ex.inputs_for("mlp.mlir", 0))
    for seed in range(1, 6):
        inputs = ex.inputs_for("mlp.mlir", seed)
        (y,) = graph(*inputs)
        (e,) = exe(*inputs)
        np.testing.assert_array_equal(y, e)
    with pytest.raises(TypeError, match="takes 5 inputs"):
        graph(inputs[0])


# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------

def test_invalid_ir_raises_compile_error_with_location():
    bad = ("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
           "  %y = meld.add %x, %x : tensor<4xf32>\n"
           "  %z = meld.frobnicate %y : tensor<4xf32>\n"
           "  return %z : tensor<4xf32>\n"
           "}\n")
    with pytest.raises(meld.CompileError) as info:
        meld.compile(bad, name="bad.mlir")
    text = str(info.value)
    assert "bad.mlir:3:" in text, text
    assert "error" in text
    assert info.value.diagnostics == text


def test_verifier_error_and_parse_error():
    mismatched = ADD2.replace("%c = meld.add %a, %b : tensor<4x8xf32>",
                              "%c = meld.add %a, %b : tensor<4x9xf32>")
    with pytest.raises(meld.CompileError, match=r"<ir>:\d+:\d+: error"):
        meld.compile(mismatched)
    with pytest.raises(meld.CompileError, match=r"<ir>:\d+:\d+: error"):
        meld.compile("func.func @main(")
    with pytest.raises(TypeError):
        meld.compile(42)


def test_compile_file_errors(tmp_path):
    path = tmp_path / "broken.mlir"
    path.write_text("func.func @main() {\n  meld.nope\n}\n")
    with pytest.raises(meld.CompileError, match="broken.mlir:2:"):
        meld.compile_file(path)
    with pytest.raises(meld.Error):
        meld.compile_file(tmp_path / "missing.mlir")


def test_runtime_errors_carry_status():
    with pytest.raises(meld.ExecutionError) as info:
        meld.compile(ADD2, device="no-such-backend")
    assert info.value.status.startswith("MELD_ERROR_")
    assert info.value.status in str(info.value)
    assert isinstance(info.value.code, int) and info.value.code > 0
    # A bundle without the device's target cannot load on it.
    with pytest.raises(meld.Error) as info:
        meld.compile(ADD2, targets=["nvptx"])
    assert "host" in str(info.value) or "nvptx" in str(info.value)


def test_wrong_argument_count_dtype_shape(add2):
    a = rand((4, 8))
    with pytest.raises(TypeError, match="takes 2 inputs, got 1"):
        add2(a)
    with pytest.raises(TypeError, match="takes 2 inputs, got 3"):
        add2(a, a, a)
    with pytest.raises(TypeError, match="dtype float64, expected float32"):
        add2(a, a.astype(np.float64))
    with pytest.raises(TypeError, match="dtype int32"):
        add2(a.astype(np.int32), a)
    with pytest.raises(ValueError, match=r"shape \(4,9\), expected tensor<4x8xf32>"):
        add2(a, rand((4, 9)))
    with pytest.raises(ValueError, match="shape"):
        add2(a, rand((32,)))
    with pytest.raises(TypeError, match="must be a float32 array"):
        add2(a, [[1.0] * 8] * 4)
    with pytest.raises(TypeError):
        add2(a, None)
    with pytest.raises(ValueError, match="no function @nope"):
        add2(a, a, function="nope")
    # Still usable after every error.
    (c,) = add2(a, a)
    np.testing.assert_array_equal(c, a + a)


def test_interpreter_errors_raise():
    prog = """
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %c = meld.div %a, %b : tensor<4xi32>
  return %c : tensor<4xi32>
}
"""
    exe = meld.compile(prog)
    a = np.arange(4, dtype=np.int32)
    with pytest.raises(meld.ExecutionError, match="integer division by zero") as info:
        exe.interpret(a, np.array([1, 0, 2, 3], np.int32))
    assert info.value.status == "MELD_ERROR_EXECUTION"
    assert ":3:8: error" in str(info.value)  # the op's location
    np.testing.assert_array_equal(exe.interpret(a, np.ones(4, np.int32))[0], a)


def test_compiled_division_by_zero_raises():
    """Compiled host code fails where the interpreter fails: eagerly and in a
    graph replay, naming the kernel; the executable and graph still work."""
    prog = """
func.func @main(%a: tensor<64x32xi32>, %b: tensor<64x32xi32>) -> tensor<64x32xi32> {
  %q = meld.div %a, %b : tensor<64x32xi32>
  %r = meld.mul %q, %b : tensor<64x32xi32>
  return %r : tensor<64x32xi32>
}
"""
    exe = meld.compile(prog)
    a = np.arange(64 * 32, dtype=np.int32).reshape(64, 32)
    ones = np.ones_like(a)
    bad = ones.copy()
    bad[50, 7] = 0
    with pytest.raises(meld.ExecutionError, match="integer division by zero") as info:
        exe(a, bad)
    assert info.value.status == "MELD_ERROR_EXECUTION"
    assert "kernel 'main_kernel_0'" in str(info.value)
    np.testing.assert_array_equal(exe(a, ones)[0], a)
    graph = exe.capture(a, ones)
    np.testing.assert_array_equal(graph.replay()[0], a)
    graph.inputs[1][...] = bad
    with pytest.raises(meld.ExecutionError, match="integer division by zero"):
        graph.replay()
    graph.inputs[1][...] = ones
    np.testing.assert_array_equal(graph.replay()[0], a)


# ---------------------------------------------------------------------------
# Memory: copies, zero copy, DLPack
# ---------------------------------------------------------------------------

def test_non_contiguous_inputs_are_copied(add2):
    base = rand((8, 16), 3)
    a = base[::2, ::2]          # strided
    b = rand((8, 4), 4).T       # transposed (Fortran order)
    assert not a.flags.c_contiguous and not b.flags.c_contiguous
    before = meld._meld._input_copies()
    (c,) = add2(a, b)
    assert meld._meld._input_copies() - before == 2
    np.testing.assert_array_equal(c, a + b)


def test_misaligned_and_readonly_inputs(add2):
    raw = np.zeros(4 * 8 * 4 + 16, np.uint8)
    a = raw[4:4 + 128].view(np.float32).reshape(4, 8)  # 4 bytes off alignment
    if a.ctypes.data % 16 == 0:
        a = raw[8:8 + 128].view(np.float32).reshape(4, 8)
    assert a.ctypes.data % 16 != 0
    a[...] = rand((4, 8), 7)
    b = rand((4, 8), 8)
    b.flags.writeable = False
    before = meld._meld._input_copies()
    (c,) = add2(a, b)
    assert meld._meld._input_copies() - before == 1
    np.testing.assert_array_equal(c, a + b)


def test_big_endian_input_is_converted(add2):
    a = rand((4, 8), 1)
    (c,) = add2(a.astype(">f4"), a)
    np.testing.assert_array_equal(c, a + a)


def test_contiguous_inputs_are_not_copied(add2):
    a, b = rand((4, 8), 1), rand((4, 8), 2)
    assert a.ctypes.data % 16 == 0 and b.ctypes.data % 16 == 0
    before = meld._meld._input_copies()
    for _ in range(10):
        add2(a, b)
    assert meld._meld._input_copies() == before


def test_outputs_own_their_memory_and_export_dlpack():
    exe = meld.compile(ADD2.replace("%c", "%own"))
    a = rand((4, 8), 1)
    (c,) = exe(a, a)
    assert c.flags.owndata is False  # a view of the runtime's buffer
    assert c.flags.writeable and c.flags.c_contiguous
    d = np.from_dlpack(c)
    assert np.shares_memory(c, d)
    del exe
    gc.collect()
    # The array keeps the runtime buffer alive after the executable is gone.
    np.testing.assert_array_equal(c, a + a)
    np.testing.assert_array_equal(d, a + a)


def test_out_arrays_are_written_in_place(add2):
    a, b = rand((4, 8), 1), rand((4, 8), 2)
    out = np.empty((4, 8), np.float32)
    (c,) = add2(a, b, out=[out])
    assert c is out
    np.testing.assert_array_equal(out, a + b)
    with pytest.raises(ValueError, match="C-contiguous"):
        add2(a, b, out=[np.empty((8, 4), np.float32).T])
    with pytest.raises(TypeError, match="out="):
        add2(a, b, out=[])
    readonly = np.empty((4, 8), np.float32)
    readonly.flags.writeable = False
    with pytest.raises(TypeError, match="writable"):
        add2(a, b, out=[readonly])
    with pytest.raises(TypeError, match="dtype float64"):
        add2(a, b, out=[np.empty((4, 8), np.float64)])
    with pytest.raises(ValueError, match="shape"):
        add2(a, b, out=[np.empty((4, 9), np.float32)])


class DLPackOnly:
    """An object that exports only the DLPack protocol (like a tensor of
    another framework)."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()


def test_dlpack_inputs(add2):
    a, b = rand((4, 8), 1), rand((4, 8), 2)
    before = meld._meld._input_copies()
    (c,) = add2(DLPackOnly(a), DLPackOnly(b))
    assert meld._meld._input_copies() == before  # zero copy
    np.testing.assert_array_equal(c, a + b)
    # Raw DLPack capsules too (each is consumed by the call).
    (e,) = add2(a.__dlpack__(), b.__dlpack__())
    assert meld._meld._input_copies() == before
    np.testing.assert_array_equal(e, a + b)
    # A round trip: a result fed back through DLPack.
    (d,) = add2(DLPackOnly(c), np.from_dlpack(c))
    np.testing.assert_array_equal(d, (a + b) * 2)


# ---------------------------------------------------------------------------
# Threads
# ---------------------------------------------------------------------------

def run_in_threads(worker, count=8):
    """Runs worker(i) for i in range(count) on that many threads and
    re-raises the first exception any of them raised."""
    errors = []

    def guarded(i):
        try:
            worker(i)
        except Exception as e:  # noqa: BLE001 - collected and re-raised below
            errors.append(e)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]


def test_eight_threads_share_an_executable():
    exe = compile_example("layernorm.mlir")
    graph_lock = threading.Lock()
    graph = exe.capture(*ex.inputs_for("layernorm.mlir", 0))
    expected = {}
    for seed in range(8):
        inputs = ex.inputs_for("layernorm.mlir", seed)
        expected[seed] = (inputs, exe(*inputs)[0])
    barrier = threading.Barrier(8)

    def worker(seed):
        inputs, want = expected[seed]
        barrier.wait()
        for i in range(25):
            (got,) = exe(*inputs)
            # Exact: the same kernels on the same inputs.
            np.testing.assert_array_equal(got, want)
            if i % 5 == 0:
                with graph_lock:  # one thread at a time per graph (documented)
                    (g,) = graph(*inputs)
                np.testing.assert_array_equal(g, want)

    run_in_threads(worker)


def test_concurrent_compiles_of_one_program():
    # Eight threads compile the same new text at once: one compile, the
    # rest share it (memory-cache hits), and every executable works.
    text = ADD2.replace("%c", "%concurrent")
    results = []
    barrier = threading.Barrier(8)

    def worker(_):
        barrier.wait()
        results.append(meld.compile(text))

    run_in_threads(worker)
    outcomes = sorted(e.cache_outcome for e in results)
    assert outcomes.count("compiled") == 1, outcomes
    a = rand((4, 8), 3)
    for exe in results:
        np.testing.assert_array_equal(exe(a, a)[0], a + a)


def test_graph_is_safe_without_a_lock():
    # A Graph serializes its own replays: concurrent use gives correct
    # results (just no parallelism).
    exe = meld.compile(ADD2.replace("%c", "%graphlock"))
    a = rand((4, 8), 1)
    graph = exe.capture(a, a)

    def worker(seed):
        x = rand((4, 8), seed)
        for _ in range(50):
            (y,) = graph(x, x)
            np.testing.assert_array_equal(y, x + x)

    run_in_threads(worker)


# ---------------------------------------------------------------------------
# The per-call overhead benchmark still runs (a smoke test, not a timing).
# ---------------------------------------------------------------------------

def test_call_overhead_bench_runs():
    script = mt.REPO_ROOT / "bench" / "python" / "call_overhead.py"
    proc = subprocess.run([sys.executable, str(script), "--iterations", "50",
                           "--repeats", "1", "--json"], capture_output=True, text=True,
                          timeout=300,
                          env={**os.environ,
                               "MELD_BUILD_DIR": str(mt.build_dir())})
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    times = result["ns_per_call"]
    assert set(times) == {"C API meld_executable_run", "C++ jit::Program::run",
                          "exe(a, b)", "exe(a, b, out=[c])", "graph(a, b)",
                          "graph.replay()"}
    assert all(0 < t < 1e8 for t in times.values()), times


def test_graph_of_dynamic_program_keeps_captured_shapes():
    exe = compile_example("softmax_dynamic.mlir")
    (x3,) = ex.make_softmax_dynamic(np.random.default_rng(0), rows=3)
    graph = exe.capture(x3)
    (y,) = graph(x3 * 2)
    np.testing.assert_array_equal(y, exe(x3 * 2)[0])
    (x5,) = ex.make_softmax_dynamic(np.random.default_rng(1), rows=5)
    with pytest.raises(meld.ExecutionError, match="captured with") as info:
        graph(x5)
    assert info.value.status == "MELD_ERROR_INVALID_ARGUMENT"
    # The graph still works after the error.
    (y,) = graph(x3)
    np.testing.assert_array_equal(y, exe(x3)[0])


def test_device_best_runs_anywhere():
    # "best": cuda, then hip, else the host; results are host arrays either
    # way (a GPU device copies them back).
    exe = meld.compile(ADD2, device="best")
    assert exe.device in ("host", "cuda", "hip")
    a = rand((4, 8), 4)
    (c,) = exe(a, a)
    np.testing.assert_array_equal(c, a + a)
    (g,) = exe.capture(a, a).replay()
    np.testing.assert_array_equal(g, a + a)
