"""Helpers for checking Meld programs against numpy.

* Locating the tools: ``$MELD_BUILD_DIR/bin`` (default ``<repo>/build/bin``).
* :func:`run` writes the inputs as ``.npy`` files, runs ``meld-run`` and reads
  the results back.
* bf16 has no numpy dtype: Meld reads and writes bf16 tensors as ``uint16``
  bit patterns (``'<u2'``).  :func:`f32_to_bf16_bits`, :func:`bf16_bits_to_f32`
  and :func:`round_to` convert with round-to-nearest-even.
* :func:`round_to` rounds float64 reference values once to a Meld element
  type, the way the reference interpreter does (it computes in double and
  rounds once).
"""

from __future__ import annotations

import os
import subprocess
import uuid
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = REPO_ROOT / "examples"


def build_dir() -> Path:
    return Path(os.environ.get("MELD_BUILD_DIR", REPO_ROOT / "build")).resolve()


def tool(name: str) -> Path:
    return build_dir() / "bin" / name


def meld_torch():
    """``meld.torch``, or a test failure (never a skip) when the built
    package cannot import it."""
    import pytest

    try:
        import meld.torch
    except ImportError as e:
        pytest.fail(f"cannot import meld.torch from {build_dir() / 'python-bindings'}: {e}",
                    pytrace=False)
    return meld.torch


def through_meld(fn, *args, rtol=1e-5, atol=1e-5, dynamic=False, same_dtype=False):
    """``fn`` compiled by ``torch.compile(backend="meld")`` and run on
    ``args``: the backend was called, no op fell back to eager PyTorch and
    no partition failed, and the result is eager's within the tolerances
    (NaNs equal; of eager's dtype too with ``same_dtype``). Returns it."""
    import torch
    import torch._dynamo

    mtorch = meld_torch()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    with torch.no_grad():
        got = torch.compile(fn, backend="meld", dynamic=dynamic)(*args)
        want = fn(*args)
    reports = mtorch.reports[start:]
    assert reports, "the meld backend was not called"
    for r in reports:
        assert r.compiled and not r.fallback and not r.failed, str(r)
    if same_dtype:
        assert got.dtype == want.dtype
    torch.testing.assert_close(got, want, rtol=rtol, atol=atol, equal_nan=True)
    return got


def onnx_test_models():
    """test/onnx/models.py: the ResNet-style CNN and GPT-2-style decoder
    that the frontends' tests share."""
    import importlib
    import sys

    folder = str(REPO_ROOT / "test" / "onnx")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module("models")


class MeldError(RuntimeError):
    """A Meld tool exited with a non-zero status; ``stderr`` holds its report."""

    def __init__(self, cmd: Sequence[str], returncode: int, stderr: str):
        self.cmd = list(cmd)
        self.returncode = returncode
        self.stderr = stderr
        super().__init__(
            f"{Path(cmd[0]).name} failed with exit code {returncode}:\n{stderr}"
        )


# ---------------------------------------------------------------------------
# Element types
# ---------------------------------------------------------------------------

FLOAT_TYPES = ["f64", "f32", "f16", "bf16"]
INT_TYPES = ["i64", "i32", "i8"]
NUMERIC_TYPES = FLOAT_TYPES + INT_TYPES
ALL_TYPES = NUMERIC_TYPES + ["i1"]

# numpy dtype of the .npy file meld-run reads/writes for each element type.
NPY_DTYPE = {
    "f64": np.dtype("<f8"),
    "f32": np.dtype("<f4"),
    "f16": np.dtype("<f2"),
    "bf16": np.dtype("<u2"),  # bit patterns
    "i64": np.dtype("<i8"),
    "i32": np.dtype("<i4"),
    "i8": np.dtype("i1"),
    "i1": np.dtype("?"),
}

INT_BITS = {"i64": 64, "i32": 32, "i8": 8}


def is_float(t: str) -> bool:
    return t in FLOAT_TYPES


def int_range(t: str) -> tuple[int, int]:
    if t == "i1":
        return 0, 1
    b = INT_BITS[t]
    return -(1 << (b - 1)), (1 << (b - 1)) - 1


def tensor_type(shape: Iterable, elem: str) -> str:
    """``tensor<4x?x8xf32>`` from a shape (None or '?' for dynamic dims)."""
    dims = ["?" if d is None or d == "?" else str(int(d)) for d in shape]
    return "tensor<" + "".join(d + "x" for d in dims) + elem + ">"


# ---------------------------------------------------------------------------
# bf16 and rounding
# ---------------------------------------------------------------------------


def f32_to_bf16_bits(x) -> np.ndarray:
    """float32 -> bf16 bit patterns (uint16), round to nearest even.

    NaNs stay NaNs (quietened, sign kept); infinities and overflow to inf
    follow from the integer rounding of the bit pattern.
    """
    x = np.asarray(x, dtype=np.float32)
    bits = np.ascontiguousarray(np.atleast_1d(x)).view(np.uint32).reshape(x.shape)
    bits = bits.astype(np.uint64)
    lsb = (bits >> 16) & 1
    rounded = ((bits + 0x7FFF + lsb) >> 16).astype(np.uint16)
    nan = np.isnan(x)
    quiet = ((bits >> 16) | 0x0040).astype(np.uint16)
    return np.where(nan, quiet, rounded).astype(np.uint16)


def bf16_bits_to_f32(bits) -> np.ndarray:
    bits = np.asarray(bits, dtype=np.uint16)
    wide = np.ascontiguousarray(np.atleast_1d(bits).astype(np.uint32) << 16)
    return wide.view(np.float32).reshape(bits.shape)


def _f64_to_f32_round_to_odd(x: np.ndarray) -> np.ndarray:
    """float64 -> float32 rounding to odd: truncate toward zero and set the
    last bit when inexact.  Rounding that result to nearest-even at a precision
    of 2+ fewer bits (bf16 has 16 fewer) equals one correct rounding of x, so
    f64 -> bf16 does not suffer from double rounding."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        y = x.astype(np.float32)
        too_far = np.isfinite(x) & (np.abs(y.astype(np.float64)) > np.abs(x))
        y = np.where(too_far, np.nextafter(y, np.float32(0)), y).astype(np.float32)
        inexact = np.isfinite(x) & (y.astype(np.float64) != x)
    bits = np.ascontiguousarray(np.atleast_1d(y)).view(np.uint32).copy()
    bits[np.atleast_1d(inexact)] |= 1
    return bits.view(np.float32).reshape(x.shape)


def f64_to_bf16_bits(x) -> np.ndarray:
    """float64 -> bf16 bit patterns with a single round-to-nearest-even."""
    return f32_to_bf16_bits(_f64_to_f32_round_to_odd(x))


def bf16(x) -> np.ndarray:
    """Values (any float dtype) -> bf16 bit patterns, to pass as an input."""
    x = np.asarray(x)
    if x.dtype == np.float64:
        return f64_to_bf16_bits(x)
    return f32_to_bf16_bits(x.astype(np.float32))


def round_to(x, elem: str) -> np.ndarray:
    """Rounds float64 values once to float element type `elem`; returns the
    rounded values as float64 (exactly representable in `elem`)."""
    x = np.asarray(x, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        if elem == "f64":
            return x.copy()
        if elem == "f32":
            return x.astype(np.float32).astype(np.float64)
        if elem == "f16":
            # numpy converts double -> half directly (one rounding).
            return x.astype(np.float16).astype(np.float64)
        if elem == "bf16":
            return bf16_bits_to_f32(f64_to_bf16_bits(x)).astype(np.float64)
    raise ValueError(f"not a float element type: {elem}")


def wrap_to(x, elem: str) -> np.ndarray:
    """Wraps integers (two's complement) to integer element type `elem`,
    returned as int64."""
    x = np.asarray(x)
    if elem == "i1":
        return (x.astype(np.int64) & 1).astype(np.int64)
    return x.astype(np.int64).astype(NPY_DTYPE[elem]).astype(np.int64)


def encode(values, elem: str) -> np.ndarray:
    """Values -> the array to write as a .npy input of element type `elem`.
    Floats are rounded once to `elem` (bf16 as bit patterns); integers wrap."""
    values = np.asarray(values)
    if elem == "bf16":
        if values.dtype == np.uint16:
            return values
        return f64_to_bf16_bits(values.astype(np.float64))
    if is_float(elem):
        return round_to(values, elem).astype(NPY_DTYPE[elem])
    if elem == "i1":
        return values.astype(bool)
    return wrap_to(values, elem).astype(NPY_DTYPE[elem])


def decode(array: np.ndarray, elem: str) -> np.ndarray:
    """A meld-run output (or an :func:`encode`d input) -> float64 for float
    types, int64 for integers, bool for i1."""
    if elem == "bf16":
        return bf16_bits_to_f32(array).astype(np.float64)
    if is_float(elem):
        return np.asarray(array).astype(np.float64)
    if elem == "i1":
        return np.asarray(array).astype(bool)
    return np.asarray(array).astype(np.int64)


# ---------------------------------------------------------------------------
# MLIR text
# ---------------------------------------------------------------------------


def float_literal(value: float, elem: str) -> str:
    """An MLIR float literal for `value` in element type `elem`.  Finite
    values print with 17 significant digits (exact for a double); infinities
    and NaN use the hexadecimal bit pattern of `elem`."""
    v = float(value)
    if np.isfinite(v):
        return "%.17e" % v
    if elem == "f64":
        bits = np.array([v], dtype=np.float64).view(np.uint64)[0]
        return "0x%016X" % int(bits)
    if elem == "f32":
        bits = np.array([v], dtype=np.float32).view(np.uint32)[0]
        return "0x%08X" % int(bits)
    if elem == "f16":
        bits = np.array([v], dtype=np.float16).view(np.uint16)[0]
        return "0x%04X" % int(bits)
    if elem == "bf16":
        return "0x%04X" % int(f64_to_bf16_bits(np.array([v]))[0])
    raise ValueError(elem)


def literal(value, elem: str) -> str:
    if is_float(elem):
        return float_literal(value, elem)
    if elem == "i1":
        return "true" if bool(value) else "false"
    return str(int(value))


def dense(values, elem: str) -> str:
    """``dense<...>`` text for a numpy array (nested brackets by shape)."""
    arr = np.asarray(values)

    def rec(a):
        if a.ndim == 0:
            return literal(a.item(), elem)
        return "[" + ", ".join(rec(s) for s in a) + "]"

    return f"dense<{rec(arr)}>"


def func(args: Sequence[str], results: Sequence[str], body: str,
         name: str = "main") -> str:
    """A module with one function. `args` and `results` are MLIR types; the
    arguments are named %arg0, %arg1, ... and `body` must end with a
    ``return``."""
    params = ", ".join(f"%arg{i}: {t}" for i, t in enumerate(args))
    res = ", ".join(results)
    if len(results) != 1:
        res = f"({res})"
    indented = "\n".join("  " + line if line.strip() else line
                         for line in body.strip("\n").splitlines())
    return f"func.func @{name}({params}) -> {res} {{\n{indented}\n}}\n"


# ---------------------------------------------------------------------------
# Running the tools
# ---------------------------------------------------------------------------


def _program_path(program, tmp_path: Path) -> Path:
    if isinstance(program, Path):
        return program
    if isinstance(program, str) and "\n" not in program and program.endswith(".mlir") \
            and Path(program).exists():
        return Path(program)
    path = Path(tmp_path) / f"prog_{uuid.uuid4().hex[:8]}.mlir"
    path.write_text(program)
    return path


def run(program, inputs: Sequence[np.ndarray], tmp_path, *, entry: str | None = None,
        extra_args: Sequence[str] = (), timeout: float = 60) -> list[np.ndarray]:
    """Runs `program` (MLIR text or a path) with meld-run on `inputs`.

    Each input is written as a .npy file in `tmp_path` (bf16 arguments must be
    passed as uint16 bit patterns, see :func:`bf16`); the results come back as
    the arrays meld-run wrote (bf16 results as uint16 bit patterns).
    Raises :class:`MeldError`, carrying meld-run's stderr, on failure.
    """
    tmp_path = Path(tmp_path)
    tag = uuid.uuid4().hex[:8]
    prog = _program_path(program, tmp_path)
    cmd = [str(tool("meld-run")), str(prog), "--print=false"]
    if entry:
        cmd.append(f"--entry={entry}")
    for i, x in enumerate(inputs):
        p = tmp_path / f"in{i}_{tag}.npy"
        np.save(p, np.asarray(x, order="C"), allow_pickle=False)
        cmd += ["--input", str(p)]
    nres = count_results(prog, entry)
    outs = [tmp_path / f"out{i}_{tag}.npy" for i in range(nres)]
    for p in outs:
        cmd += ["--output", str(p)]
    cmd += list(extra_args)
    proc = _subprocess(cmd, timeout)
    if proc.returncode != 0:
        raise MeldError(cmd, proc.returncode, proc.stderr)
    return [np.load(p, allow_pickle=False) for p in outs]


def _subprocess(cmd, timeout):
    """subprocess.run, retrying briefly while the binary is being replaced by
    a concurrent rebuild (ETXTBSY / EACCES / ENOENT for a moment)."""
    import time

    for attempt in range(40):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except OSError:
            if attempt == 39:
                raise
            time.sleep(0.25)


def run_raw(args: Sequence[str], timeout: float = 60) -> subprocess.CompletedProcess:
    """Runs a tool (`args[0]` is 'meld-run' or 'meld-opt') without checking."""
    cmd = [str(tool(args[0]))] + [str(a) for a in args[1:]]
    return _subprocess(cmd, timeout)


def meld_opt(program, tmp_path, *passes: str) -> str:
    """Runs meld-opt with `passes` (e.g. '--canonicalize', '--cse') and
    returns the printed module."""
    prog = _program_path(program, Path(tmp_path))
    cmd = [str(tool("meld-opt")), str(prog), *passes]
    proc = _subprocess(cmd, 60)
    if proc.returncode != 0:
        raise MeldError(cmd, proc.returncode, proc.stderr)
    return proc.stdout


def count_results(prog: Path, entry: str | None) -> int:
    """Number of results of the entry function, read from its signature."""
    import re

    text = prog.read_text()
    funcs = list(re.finditer(r"func\.func\s+(?:private\s+)?@([\w$.]+)\s*\(", text))
    if not funcs:
        raise ValueError(f"no func.func in {prog}")
    wanted = entry or "main"
    match = next((m for m in funcs if m.group(1) == wanted), None)
    if match is None:
        if entry or len(funcs) != 1:
            raise ValueError(f"no function @{wanted} in {prog}")
        match = funcs[0]
    # Skip the balanced argument list, then read the result list.
    i, depth = match.end(), 1
    while depth:
        c = text[i]
        depth += (c == "(") - (c == ")")
        i += 1
    rest = text[i:].lstrip()
    if not rest.startswith("->"):
        return 0
    rest = rest[2:].lstrip()
    if rest.startswith("("):
        depth, j = 1, 1
        while depth:
            depth += (rest[j] == "(") - (rest[j] == ")")
            j += 1
        inner = rest[1:j - 1].strip()
        return _split_types(inner)
    return 1


def _split_types(s: str) -> int:
    if not s:
        return 0
    depth, n = 0, 1
    for c in s:
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif c == "," and depth == 0:
            n += 1
    return n


# ---------------------------------------------------------------------------
# Assertions
# ---------------------------------------------------------------------------


def assert_same_floats(got, want, *, check_zero_sign: bool = True, msg: str = ""):
    """Exact comparison of float arrays: equal values, NaN where NaN, and (by
    default) the same sign on zeros."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape} {msg}"
    bad = ~((got == want) | (np.isnan(got) & np.isnan(want)))
    if check_zero_sign:
        bad |= (got == 0) & (want == 0) & (np.signbit(got) != np.signbit(want))
    if bad.any():
        idx = np.argwhere(bad)[:8]
        details = ", ".join(f"{tuple(int(v) for v in i)}: got {got[tuple(i)]!r} want {want[tuple(i)]!r}"
                            for i in idx)
        raise AssertionError(f"{int(bad.sum())} mismatching element(s) {msg}: {details}")


def assert_close(got, want, *, rtol: float, atol: float = 0.0, msg: str = ""):
    """np.testing.assert_allclose with NaN == NaN and infinities matched
    exactly."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape} {msg}"
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want),
                                  err_msg=f"NaN positions differ {msg}")
    inf = np.isinf(want) | np.isinf(got)
    np.testing.assert_array_equal(got[inf], want[inf],
                                  err_msg=f"infinities differ {msg}")
    fin = ~(np.isnan(want) | inf)
    np.testing.assert_allclose(got[fin], want[fin], rtol=rtol, atol=atol,
                               err_msg=msg)


def assert_same_ints(got, want, msg: str = ""):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.shape == want.shape, f"shape {got.shape} != {want.shape} {msg}"
    np.testing.assert_array_equal(got.astype(np.int64), want.astype(np.int64),
                                  err_msg=msg)
