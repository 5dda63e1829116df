"""Discrete Fourier transforms for both frontends, written with the shared
op table's functions (:mod:`meld.frontend.lowerings`).

Meld has no complex element type: a complex tensor is carried as a real
one with a trailing dim of 2 (real, imaginary), the layout of ONNX's DFT
and of torch's ``view_as_real``. Inside, the two parts are separate
Values (``re``, ``im``; ``im`` None for a real signal).

A transform along an axis of n points is a product with the n x m tables
of cos and sin (2 pi j k / n), built at import time with j k reduced mod
n so that the angles are exact, and summed in float64 whatever the
signal's type (then rounded once): O(n m) work per transform, where an FFT
does O(n log n), but more accurate than an FFT in the signal's own type.
The tables are constants, so a transform is limited to
``MAX_TABLE_ENTRIES`` points of n x m.
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np

from .builder import Builder, FrontendError, Unsupported, Value, is_float
from .lowerings import (
    axis_from_last,
    axis_to_last,
    binary,
    cast,
    concat,
    matmul,
    normalize_axis,
    pad,
    scalar_like,
    slice_static,
    squeeze,
    unary,
    unsqueeze,
)

# n x m entries of one transform's cos (and sin) table
MAX_TABLE_ENTRIES = 1 << 22

Pair = Tuple[Value, Optional[Value]]


def split_pairs(b: Builder, x: Value) -> Pair:
    """(re, im) of a complex tensor carried as [..., 2]."""
    if x.rank < 1 or x.shape[-1] != 2:
        raise FrontendError(f"a complex tensor carried as [..., 2], not {x.type}")
    lead = list(x.shape[:-1])
    if any(d is None for d in lead):
        raise Unsupported("complex tensors of dynamic shape")
    parts = []
    for k in (0, 1):
        part = slice_static(b, x, [0] * (x.rank - 1) + [k], lead + [k + 1], [1] * x.rank)
        parts.append(_drop_last(b, part))
    return parts[0], parts[1]


def _drop_last(b: Builder, x: Value) -> Value:
    return squeeze(b, x, [x.rank - 1])


def join_pairs(b: Builder, re: Value, im: Optional[Value]) -> Value:
    """[..., 2] of the parts (a zero imaginary part when ``im`` is None)."""
    if im is None:
        im = scalar_like(b, 0, re)
    return concat(b, [unsqueeze(b, re, [re.rank]), unsqueeze(b, im, [im.rank])], re.rank)


def _tables(n: int, m: int, half: bool = False):
    """cos and sin of 2 pi j k / n for j < n, k < m (float64, [n, m]), with
    the angles reduced exactly and the zeros and ones of the quarter turns
    exact. With ``half`` the rows are k < m and the columns j < n, each
    row weighted as a one-sided spectrum's term counts in a real inverse:
    2, but 1 for k = 0 and k = n / 2."""
    if n * m > MAX_TABLE_ENTRIES:
        raise Unsupported(f"a transform of {n} x {m} points (at most {MAX_TABLE_ENTRIES})")
    j = np.arange(n, dtype=np.int64)[:, None]
    k = np.arange(m, dtype=np.int64)[None, :]
    r = (j * k) % n
    cos = np.cos(2 * np.pi * r / n)
    sin = np.sin(2 * np.pi * r / n)
    quarter = (4 * r) % n == 0
    q = np.where(quarter, (4 * r) // n, -1)
    cos = np.where(quarter, np.select([q == 0, q == 1, q == 2, q == 3], [1.0, 0.0, -1.0, 0.0]),
                   cos)
    sin = np.where(quarter, np.select([q == 0, q == 1, q == 2, q == 3], [0.0, 1.0, 0.0, -1.0]),
                   sin)
    if half:
        cos, sin = cos.T, sin.T  # [m, n]: row k, column j
        weight = np.full((m, 1), 2.0)
        weight[0] = 1.0
        if n % 2 == 0 and m > n // 2:
            weight[n // 2] = 1.0
        cos, sin = cos * weight, sin * weight
    return cos, sin


def _product(b: Builder, x: Value, table: np.ndarray) -> Value:
    """x [..., n] (f64) times a table [n, m]."""
    return matmul(b, x, b.constant(np.ascontiguousarray(table), "f64"))


def resize(b: Builder, x: Value, axis: int, size: int) -> Value:
    """``x`` cut or zero-padded along ``axis`` to ``size`` (numpy.fft's n)."""
    n = x.shape[axis]
    if n is None:
        raise Unsupported("a transform along a dynamic axis")
    if size == n:
        return x
    if size < n:
        starts, limits = [0] * x.rank, list(x.shape)
        if any(d is None for d in limits):
            raise Unsupported("cutting a signal of dynamic shape")
        limits[axis] = size
        return slice_static(b, x, starts, limits, [1] * x.rank)
    after = [0] * x.rank
    after[axis] = size - n
    return pad(b, x, [0] * x.rank, after, "constant")


def _check(x: Value, axis: int, what: str) -> int:
    if not is_float(x.dtype) or x.dtype in ("f16", "bf16"):
        raise Unsupported(f"{what} of {x.dtype} (f32 and f64)")
    n = x.shape[axis]
    if n is None:
        raise Unsupported(f"{what} along a dynamic axis")
    if n == 0:
        raise FrontendError(f"{what} of 0 points")
    return n


def dft(b: Builder, re: Value, im: Optional[Value], axis: int, forward: bool = True,
        onesided: bool = False, factor: float = 1.0) -> Pair:
    """The transform of the signal (re, im) along ``axis``: X_k = factor
    sum_j x_j e^(-+2 pi i j k / n) (minus ``forward``), for k < n, or
    k <= n / 2 when ``onesided`` (the normalization ``factor`` applied in
    float64, before the one rounding)."""
    axis = normalize_axis(axis, re.rank)
    n = _check(re, axis, "a DFT")
    m = n // 2 + 1 if onesided else n
    cos, sin = _tables(n, m)
    elem = re.dtype
    xr = cast(b, axis_to_last(b, re, axis), "f64")
    xi = None if im is None else cast(b, axis_to_last(b, im, axis), "f64")
    sign = -1.0 if forward else 1.0
    # (xr + i xi)(cos + i sign sin)
    yr = _product(b, xr, cos)
    yi = _product(b, xr, sign * sin)
    if xi is not None:
        yr = binary(b, "sub", yr, _product(b, xi, sign * sin))
        yi = binary(b, "add", yi, _product(b, xi, cos))
    yr, yi = _times(b, yr, factor), _times(b, yi, factor)
    return (axis_from_last(b, cast(b, yr, elem), axis), axis_from_last(b, cast(b, yi, elem), axis))


def _times(b: Builder, x: Value, factor: float) -> Value:
    return x if factor == 1.0 else binary(b, "mul", x, scalar_like(b, factor, x))


def real_inverse(b: Builder, re: Value, im: Optional[Value], axis: int, n: int,
                 factor: float = 1.0) -> Value:
    """The real signal of n points whose spectrum's first n // 2 + 1 terms
    along ``axis`` are (re, im), the rest their conjugate mirror (the
    imaginary parts of the terms 0 and n / 2 do not count), times
    ``factor``: x_j = factor sum_k X_k e^(2 pi i j k / n)."""
    axis = normalize_axis(axis, re.rank)
    h = _check(re, axis, "an inverse real DFT")
    if h != n // 2 + 1:
        raise FrontendError(f"an inverse real DFT of {n} points from {h} terms "
                            f"(needs {n // 2 + 1})")
    cos, sin = _tables(n, h, half=True)
    elem = re.dtype
    y = _product(b, cast(b, axis_to_last(b, re, axis), "f64"), cos)
    if im is not None:
        y = binary(b, "sub", y, _product(b, cast(b, axis_to_last(b, im, axis), "f64"), sin))
    return axis_from_last(b, cast(b, _times(b, y, factor), elem), axis)


def sizes_of(x: Value, axes: Sequence[int]) -> int:
    total = 1
    for a in axes:
        d = x.shape[a]
        if d is None:
            raise Unsupported("a transform along a dynamic axis")
        total *= d
    return total


__all__ = ["split_pairs", "join_pairs", "dft", "real_inverse", "resize", "conj",
           "sizes_of", "MAX_TABLE_ENTRIES"]
