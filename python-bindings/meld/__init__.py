"""Meld from Python: compile meld IR in-process and run it on numpy arrays.

    import numpy as np
    import meld

    exe = meld.compile(ir_text, device="host")
    (y,) = exe(x, w)                 # a tuple of numpy arrays, always
    print(exe.fusion_report())
    g = exe.capture(x, w)            # one captured run: a graph
    (y2,) = g(x2, w2)                # replayed on new inputs

docs/python.md is the guide. The compiled work is done by the ``_meld``
extension (nanobind) over the C++ JIT API (include/meld/JIT/JIT.h).

Arrays
  Inputs are numpy arrays or any object with ``__dlpack__`` in host memory,
  of exactly the argument's dtype and shape (dynamic dims take any size).
  C-contiguous arrays whose data is 16-byte aligned are passed without a
  copy; others (slices, transposes, misaligned views, big-endian arrays)
  are copied into an aligned, contiguous temporary first.  Results are
  numpy arrays that own the runtime's result buffers (no copy); they
  export ``__dlpack__`` (``np.from_dlpack`` shares their memory).

dtypes
  f64, f32, f16, i64, i32, i8 and i1 are float64, float32, float16, int64,
  int32, int8 and bool.  numpy has no bfloat16: bf16 arguments take uint16
  arrays of bf16 bit patterns, DLPack tensors of dtype bfloat16 (e.g. from
  torch) or ml_dtypes.bfloat16 arrays; bf16 results are uint16 bit patterns
  (``meld.bf16_to_float32`` / ``meld.float32_to_bf16`` convert).
"""

from __future__ import annotations

import os
from typing import Mapping, NamedTuple, Optional, Sequence, Tuple

from . import _meld
from ._meld import (  # noqa: F401  (re-exported)
    CompileError,
    Error,
    Executable,
    ExecutionError,
    Graph,
)

version: str = _meld.version
__version__ = version

__all__ = [
    "CompileError",
    "Error",
    "Executable",
    "ExecutionError",
    "Graph",
    "Signature",
    "bf16_to_float32",
    "cache_stats",
    "compile",
    "compile_file",
    "clear_memory_cache",
    "float32_to_bf16",
    "version",
]


class Signature(NamedTuple):
    """A function's signature: ``inputs`` and ``outputs`` are tuples of
    ``(dtype, shape)`` with dtype the MLIR spelling ("f32") and shape a
    tuple whose dynamic dims are ``None``."""

    name: str
    inputs: Tuple[Tuple[str, Tuple[Optional[int], ...]], ...]
    outputs: Tuple[Tuple[str, Tuple[Optional[int], ...]], ...]


def _targets(targets: Optional[Sequence[str]]):
    if targets is None:
        return None
    if isinstance(targets, str):
        targets = [t for t in targets.split(",") if t]
    return [str(t) for t in targets]


def _cache_dir(cache_dir):
    return None if cache_dir is None else os.fspath(cache_dir)


def compile(  # noqa: A001  (the natural name; shadows a rarely used builtin)
    ir: str,
    device: str = "host",
    *,
    fuse: bool = True,
    strict_fp: bool = False,
    targets: Optional[Sequence[str]] = None,
    cache_dir=None,
    opt_level: int = 3,
    name: str = "<ir>",
    limits: Optional[Mapping[str, int]] = None,
    host_tuning=None,
    host_cpu: Optional[str] = None,
    host_features: Optional[str] = None,
) -> Executable:
    """Compiles meld IR text into an Executable loaded on ``device``
    ("host", "cuda", "hip" or "best").

    One JIT per (device, cache_dir) is created on first use and reused, so
    compiling the same text twice is a memory-cache hit. ``targets`` lists
    the bundle's targets (default: the device's own); ``fuse=False`` gives
    one kernel per op; ``strict_fp`` evaluates float sums in program order
    with C library math (host only). ``name`` names the text in diagnostics.
    ``limits`` raises or lowers the bounds a program must stay within
    (``max_nesting``, ``max_ops``, ``max_tensor_elements``,
    ``max_constant_bytes``; 0 disables one; docs/limits.md). Raises
    CompileError with every diagnostic on invalid IR, a NUL byte in the text
    or a program beyond a limit. ``host_tuning`` picks the host GEMM tiles:
    None for the default tuning table (``meld-tune-host``; the heuristic
    without one), ``"none"`` for the heuristic, a table's path, or a mapping
    ``{"tile_rows", "tile_cols", "k_block", "block_rows"}`` (docs/codegen.md).
    ``host_cpu`` (an LLVM CPU name: ``"haswell"``, ``"x86-64-v3"``) and
    ``host_features`` (``"+name,-name"``) compile host code for a narrower
    CPU than this machine's (AVX2 code on an AVX-512 machine); one needing
    a feature this machine lacks raises :class:`Error`, since the code runs
    here.
    """
    if not isinstance(ir, str):
        if isinstance(ir, (bytes, bytearray)):
            ir = bytes(ir).decode("utf-8")
        else:
            raise TypeError(f"meld.compile takes IR text (str), got {type(ir).__name__}")
    _save_program(ir)
    return _meld._compile(ir, device, bool(fuse), bool(strict_fp), _targets(targets),
                          _cache_dir(cache_dir), int(opt_level), name, _limits(limits),
                          *_host_tuning(host_tuning), host_cpu=host_cpu or "",
                          host_features=host_features or "")


def _save_program(ir: str) -> None:
    """With ``MELD_SAVE_PROGRAMS=DIR`` in the environment, writes every text
    that :func:`compile` takes to ``DIR/<sha1 of the text>.mlir``: the
    programs a frontend (``meld.torch``, ``meld.onnx``) hands to Meld, for
    ``meld-compile`` and ``meld-opt`` (scripts/gpu-compile-sweep.sh compiles
    a test suite's programs for the GPU targets so)."""
    directory = os.environ.get("MELD_SAVE_PROGRAMS")
    if not directory:
        return
    import hashlib

    os.makedirs(directory, exist_ok=True)
    digest = hashlib.sha1(ir.encode("utf-8")).hexdigest()
    with open(os.path.join(directory, digest + ".mlir"), "w", encoding="utf-8") as f:
        f.write(ir)


def compile_file(
    path,
    device: str = "host",
    *,
    fuse: bool = True,
    strict_fp: bool = False,
    targets: Optional[Sequence[str]] = None,
    cache_dir=None,
    opt_level: int = 3,
    limits: Optional[Mapping[str, int]] = None,
    host_tuning=None,
    host_cpu: Optional[str] = None,
    host_features: Optional[str] = None,
) -> Executable:
    """Like :func:`compile`, for a ``.mlir`` file (diagnostics name it)."""
    return _meld._compile_file(os.fspath(path), device, bool(fuse), bool(strict_fp),
                               _targets(targets), _cache_dir(cache_dir), int(opt_level),
                               _limits(limits), *_host_tuning(host_tuning),
                               host_cpu=host_cpu or "", host_features=host_features or "")


_TILE_KEYS = ("tile_rows", "tile_cols", "k_block", "block_rows")


def _host_tuning(host_tuning):
    """(table path, tiles) for _meld._compile."""
    if host_tuning is None:
        return "", None
    if isinstance(host_tuning, Mapping):
        missing = [k for k in _TILE_KEYS if k not in host_tuning]
        unknown = [k for k in host_tuning if k not in _TILE_KEYS]
        if missing or unknown:
            raise ValueError(f"host_tuning tiles need exactly {', '.join(_TILE_KEYS)}"
                             f" (missing {missing}, unknown {unknown})")
        return "", [int(host_tuning[k]) for k in _TILE_KEYS]
    return os.fspath(host_tuning), None


def _limits(limits):
    if limits is None:
        return None
    result = {}
    for key, value in dict(limits).items():
        value = int(value)
        if value < 0:
            raise ValueError(f"limits[{key!r}] must not be negative, got {value}")
        result[str(key)] = value
    return result


def cache_stats(device: str = "host", cache_dir=None) -> dict:
    """Compile-cache counters of the JIT for (device, cache_dir)."""
    return _meld._cache_stats(device, _cache_dir(cache_dir))


def clear_memory_cache(device: str = "host", cache_dir=None) -> None:
    """Drops the compiled programs the JIT for (device, cache_dir) keeps in
    memory (Executables already returned stay valid); the next compile of
    the same text loads from the disk cache, or compiles."""
    _meld._clear_memory_cache(device, _cache_dir(cache_dir))


def bf16_to_float32(bits):
    """uint16 bf16 bit patterns -> float32 array (exact)."""
    import numpy as np

    bits = np.asarray(bits, dtype=np.uint16)
    return (bits.astype(np.uint32) << 16).view(np.float32)


def float32_to_bf16(values):
    """float32 values -> uint16 bf16 bit patterns, rounded to nearest even
    (NaNs stay NaNs)."""
    import numpy as np

    x = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32)
    rounded = ((x + 0x7FFF + ((x >> 16) & 1)) >> 16).astype(np.uint16)
    nan = (x & 0x7FFFFFFF) > 0x7F800000
    return np.where(nan, ((x >> 16) | 0x40).astype(np.uint16), rounded)

