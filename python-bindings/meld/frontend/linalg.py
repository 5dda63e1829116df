"""Dense linear algebra for both frontends, written with the shared op
table's functions (:mod:`meld.frontend.lowerings`): LU with partial
pivoting, triangular solves, Cholesky, and what is built on them
(determinants, inverses, general, LU and Cholesky solves).

Each factorization is a ``meld.while`` over the pivot steps, and each step
is whole-matrix elementwise work and reductions under masks (the pivot's
row and column are picked out by comparing an iota with the step), so a
batch of matrices is one loop and every step fuses into a few kernels.
Steps are O(n^2) for an n x n matrix and there are n of them: O(n^3), as
LAPACK's unblocked algorithms (``getf2``, ``potf2``, ``trsm``) are, whose
pivot choice, scaling by the pivot's reciprocal and error codes (``info``)
these follow. The operation order differs from a blocked LAPACK's, so
results agree to rounding, not bit for bit.

Matrices are the last two dims (static sizes); leading dims are a batch,
which may be dynamic.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

import numpy as np

from .builder import Builder, Dim, FrontendError, Unsupported, Value, is_float
from .lowerings import (
    _any_true,
    sort,
    numel,
    unsqueeze,
    copysign,
    hypot,
    pad,
    sign as _sign,
    slice_static,
    take_along_axis,
    triangle,
    _batch_broadcast,
    binary,
    broadcast_to,
    cast,
    compare,
    full,
    iota,
    logical,
    matmul,
    reduce,
    remainder,
    reshape,
    scalar_like,
    select,
    transpose,
    unary,
    while_op,
)


def _matrix(what: str, x: Value, square: bool = False) -> Tuple[int, int]:
    if x.rank < 2:
        raise FrontendError(f"{what} takes matrices (rank >= 2), not rank {x.rank}")
    if not is_float(x.dtype) or x.dtype in ("f16", "bf16"):
        raise Unsupported(f"{what} of {x.dtype} (f32 and f64 only)")
    m, n = x.shape[-2:]
    if m is None or n is None:
        raise Unsupported(f"{what} of a matrix of dynamic size")
    if square and m != n:
        raise FrontendError(f"{what} takes square matrices, not {m} x {n}")
    return m, n


def transpose_matrix(b: Builder, x: Value) -> Value:
    """x with its last two dims exchanged."""
    perm = list(range(x.rank))
    perm[-2], perm[-1] = perm[-1], perm[-2]
    return transpose(b, x, perm)


def _axis_iota(b: Builder, x: Value, axis: int) -> Value:
    return iota(b, "i64", x.shape, b.dims(x), axis % x.rank)


def _pick(b: Builder, x: Value, mask: Value, axis: int) -> Value:
    """The sum along ``axis`` (kept) of ``x`` where ``mask`` holds: with a
    one-hot mask, the row or column it marks (other entries, NaN or inf
    too, do not reach it)."""
    return reduce(b, "sum", select(b, mask, x, scalar_like(b, 0, x)), [axis % x.rank], True)


def _and(b: Builder, x: Value, y: Value) -> Value:
    return logical(b, "and", x, y)


def _counter(b: Builder) -> Value:
    return b.constant(np.asarray(0, dtype=np.int64), "i64")


def _below(b: Builder, k: Value, n: int) -> Value:
    return compare(b, "lt", k, scalar_like(b, n, k))


def _step(b: Builder, k: Value) -> Value:
    return binary(b, "add", k, scalar_like(b, 1, k))


def _batch(b: Builder, x: Value, lead: int = 2):
    return tuple(x.shape[:-lead]), b.dims(x)[:-lead]


def _to_batch(b: Builder, x: Value, shape, sizes) -> Value:
    """``x`` [..., r, c] broadcast to the batch ``shape``."""
    return broadcast_to(b, x, tuple(shape) + tuple(x.shape[-2:]),
                        list(sizes) + b.dims(x)[-2:])


def lu_factor(b: Builder, a: Value) -> Tuple[Value, Value, Value, Value]:
    """LU with partial pivoting of ``a`` [..., m, n] (LAPACK's ``getrf``):
    (LU, pivots, info, perm). LU holds U and the unit lower L below its
    diagonal; ``pivots`` [..., min(m, n)] (i32) are LAPACK's 1-based row
    interchanges; ``info`` [...] (i32) is 0, or the 1-based index of the
    first zero pivot (the factorization is completed, as LAPACK's);
    ``perm`` [..., m] (i64) is the row order the interchanges give:
    row i of L U is row perm[i] of ``a``."""
    m, n = _matrix("LU factorization", a)
    steps = min(m, n)
    bshape, bsizes = _batch(b, a)
    rows, cols = _axis_iota(b, a, -2), _axis_iota(b, a, -1)
    col_shape, col_sizes = bshape + (m, 1), bsizes + [Dim(static=m), Dim(static=1)]
    row_shape, row_sizes = bshape + (1, n), bsizes + [Dim(static=1), Dim(static=n)]
    col_rows = iota(b, "i64", col_shape, col_sizes, a.rank - 2)
    row_cols = iota(b, "i64", row_shape, row_sizes, a.rank - 1)
    piv_index = iota(b, "i64", bshape + (steps,), bsizes + [Dim(static=steps)], a.rank - 2)
    perm_index = iota(b, "i64", bshape + (m,), bsizes + [Dim(static=m)], a.rank - 2)
    one_per_matrix = bsizes + [Dim(static=1)]
    inits = [_counter(b), a,
             full(b, 0, "i32", bshape + (steps,), bsizes + [Dim(static=steps)]),
             full(b, 0, "i32", bshape, bsizes), perm_index]

    def body(args):
        k, x, piv, info, perm = args
        at_col = compare(b, "eq", cols, k)
        col = _pick(b, x, at_col, -1)  # [..., m, 1]
        # the pivot: the first largest magnitude on or below the diagonal
        cand = select(b, compare(b, "ge", col_rows, k), unary(b, "abs", col),
                      scalar_like(b, -1, col))
        p = reduce(b, "argmax", cand, [a.rank - 2], True)  # [..., 1, 1]
        at_k, at_p = compare(b, "eq", rows, k), compare(b, "eq", rows, p)
        row_k, row_p = _pick(b, x, at_k, -2), _pick(b, x, at_p, -2)  # [..., 1, n]
        x = select(b, at_k, row_p, select(b, at_p, row_k, x))
        pivot = _pick(b, row_p, compare(b, "eq", row_cols, k), -1)  # [..., 1, 1]
        col = _pick(b, x, at_col, -1)
        nonzero = compare(b, "ne", pivot, scalar_like(b, 0, pivot))
        # scaled by the pivot's reciprocal, as getf2 does (a zero pivot
        # leaves its column, all zeros below it, unscaled)
        inv = binary(b, "div", scalar_like(b, 1, pivot), pivot)
        lcol = select(b, nonzero, binary(b, "mul", col, inv), col)
        below = compare(b, "gt", rows, k)
        x = select(b, _and(b, below, compare(b, "gt", cols, k)),
                   binary(b, "sub", x, binary(b, "mul", lcol, row_p)),
                   select(b, _and(b, below, at_col), lcol, x))
        p_flat = reshape(b, p, one_per_matrix)
        piv = select(b, compare(b, "eq", piv_index, k),
                     cast(b, binary(b, "add", p_flat, scalar_like(b, 1, p_flat)), "i32"), piv)
        zero_pivot = logical(b, "not", reshape(b, nonzero, bsizes))
        k1 = cast(b, _step(b, k), "i32")
        info = select(b, _and(b, compare(b, "eq", info, scalar_like(b, 0, info)), zero_pivot),
                      k1, info)
        perm = _swap(b, perm, perm_index, k, p_flat)
        return [_step(b, k), x, piv, info, perm]

    _, lu, piv, info, perm = while_op(b, inits, lambda args: _below(b, args[0], steps), body)
    return lu, piv, info, perm


def _swap(b: Builder, v: Value, index: Value, k: Value, p: Value) -> Value:
    """``v`` [..., m] with its entries k and p (a scalar and [..., 1])
    exchanged."""
    at_k, at_p = compare(b, "eq", index, k), compare(b, "eq", index, p)
    vk, vp = _pick(b, v, at_k, -1), _pick(b, v, at_p, -1)
    return select(b, at_k, vp, select(b, at_p, vk, v))


def permutation(b: Builder, pivots: Value, m: int) -> Value:
    """The row order [..., m] (i64) that LAPACK's 1-based interchanges
    ``pivots`` [..., k] give (row i of L U is row perm[i] of A)."""
    if pivots.rank < 1 or pivots.shape[-1] is None:
        raise Unsupported("pivots of a dynamic length")
    steps = pivots.shape[-1]
    if steps > m:
        raise FrontendError(f"{steps} pivots for {m} rows")
    bshape, bsizes = _batch(b, pivots, 1)
    index = iota(b, "i64", bshape + (m,), bsizes + [Dim(static=m)], pivots.rank - 1)
    piv_index = iota(b, "i64", pivots.shape, b.dims(pivots), pivots.rank - 1)
    piv = cast(b, pivots, "i64")

    def body(args):
        k, perm = args
        p = binary(b, "sub", _pick(b, piv, compare(b, "eq", piv_index, k), -1),
                   scalar_like(b, 1, k))
        return [_step(b, k), _swap(b, perm, index, k, p)]

    return while_op(b, [_counter(b), index], lambda args: _below(b, args[0], steps), body)[1]


def _inverse_permutation(b: Builder, perm: Value) -> Value:
    """inv with inv[perm[i]] = i."""
    m = perm.shape[-1]
    cols = reshape(b, perm, b.dims(perm) + [Dim(static=1)])  # [..., m, 1]: perm[i]
    shape = perm.shape[:-1] + (m, m)
    sizes = b.dims(perm)[:-1] + [Dim(static=m), Dim(static=m)]
    j = iota(b, "i64", shape, sizes, perm.rank)
    i = iota(b, "i64", shape, sizes, perm.rank - 1)
    return reduce(b, "sum", select(b, compare(b, "eq", cols, j), i, scalar_like(b, 0, i)),
                  [perm.rank - 1], False)


def _rows_in_order(b: Builder, x: Value, order: Value) -> Value:
    """Row i of the result is row order[i] of ``x`` [..., m, r] (``order``
    [..., m] of the same batch): one gather."""
    idx = reshape(b, order, b.dims(order) + [Dim(static=1)])
    idx = broadcast_to(b, idx, x.shape, b.dims(x))
    return take_along_axis(b, x, idx, x.rank - 2)


def permutation_matrix(b: Builder, perm: Value, elem: str) -> Value:
    """P [..., m, m] with A = P L U: P[perm[j], j] = 1."""
    m = perm.shape[-1]
    shape = perm.shape[:-1] + (m, m)
    sizes = b.dims(perm)[:-1] + [Dim(static=m), Dim(static=m)]
    rows = iota(b, "i64", shape, sizes, perm.rank - 1)
    at = reshape(b, perm, b.dims(perm)[:-1] + [Dim(static=1), Dim(static=m)])
    return cast(b, compare(b, "eq", rows, at), elem)


def lu_unpack(b: Builder, lu: Value):
    """(L, U) of a packed LU [..., m, n]: L [..., m, k] unit lower, U
    [..., k, n] upper, k = min(m, n)."""
    m, n = lu.shape[-2:]
    k = min(m, n)
    lead = [0] * (lu.rank - 2)
    full_lead = list(lu.shape[:-2])
    if any(d is None for d in full_lead):
        raise Unsupported("unpacking an LU of a dynamic batch")
    lower = slice_static(b, lu, lead + [0, 0], full_lead + [m, k], [1] * lu.rank)
    upper = slice_static(b, lu, lead + [0, 0], full_lead + [k, n], [1] * lu.rank)
    rows, cols = _axis_iota(b, lower, -2), _axis_iota(b, lower, -1)
    lower = select(b, compare(b, "eq", rows, cols), scalar_like(b, 1, lower),
                   triangle(b, lower, False, -1))
    return lower, triangle(b, upper, True, 0)


def triangular_solve(b: Builder, t: Value, rhs: Value, lower: bool,
                     unit: bool = False) -> Value:
    """X with T X = B for a triangular T [..., n, n] (only its ``lower``
    or upper triangle is read; a ``unit`` diagonal is not read) and B
    [..., n, r] of the same batch: substitution row by row (a
    ``meld.while``), forward for a lower T, backward for an upper one."""
    n = t.shape[-1]
    rows, cols = _axis_iota(b, t, -2), _axis_iota(b, t, -1)
    x_rows = _axis_iota(b, rhs, -2)
    diag = _pick(b, t, compare(b, "eq", rows, cols), -1)  # [..., n, 1]
    diag_rows = _axis_iota(b, diag, -2)

    def body(args):
        k, x = args
        i = k if lower else binary(b, "sub", scalar_like(b, n - 1, k), k)
        off = compare(b, "lt" if lower else "gt", cols, i)
        row = _pick(b, t, _and(b, compare(b, "eq", rows, i), off), -2)  # [..., 1, n]
        at = compare(b, "eq", x_rows, i)
        xi = binary(b, "sub", _pick(b, rhs, at, -2), matmul(b, row, x))
        if not unit:
            xi = binary(b, "div", xi, _pick(b, diag, compare(b, "eq", diag_rows, i), -2))
        return [_step(b, k), select(b, at, xi, x)]

    zero = scalar_like(b, 0, rhs)
    return while_op(b, [_counter(b), zero], lambda args: _below(b, args[0], n), body)[1]


def _broadcast_pair(b: Builder, a: Value, rhs: Value):
    shape, sizes = _batch_broadcast(b, a, rhs)
    return _to_batch(b, a, shape, sizes), _to_batch(b, rhs, shape, sizes), shape, sizes


def solve_triangular(b: Builder, a: Value, rhs: Value, upper: bool, left: bool = True,
                     unit: bool = False) -> Value:
    """torch.linalg.solve_triangular: X with A X = B (``left``) or X A = B,
    A's batch broadcast with B's."""
    n, _ = _matrix("a triangular solve", a, square=True)
    _matrix("a triangular solve", rhs)
    if a.dtype != rhs.dtype:
        raise FrontendError(f"a triangular solve of {a.dtype} and {rhs.dtype}")
    if not left:
        return transpose_matrix(b, solve_triangular(b, transpose_matrix(b, a), transpose_matrix(b, rhs), not upper, True, unit))
    if rhs.shape[-2] != n:
        raise FrontendError(f"a triangular solve of {n} x {n} with {rhs.shape[-2]} rows")
    a, rhs, _, _ = _broadcast_pair(b, a, rhs)
    return triangular_solve(b, a, rhs, lower=not upper, unit=unit)


def lu_solve(b: Builder, lu: Value, perm: Value, rhs: Value, left: bool = True,
             adjoint: bool = False) -> Value:
    """X with A X = B (A^T X = B when ``adjoint``; X A = B or X A^T = B
    when not ``left``) for A = P L U given as its packed ``lu`` and row
    order ``perm``; batches broadcast."""
    n, _ = _matrix("an LU solve", lu, square=True)
    _matrix("an LU solve", rhs)
    if not left:
        return transpose_matrix(b, lu_solve(b, lu, perm, transpose_matrix(b, rhs), True, not adjoint))
    if rhs.shape[-2] != n:
        raise FrontendError(f"an LU solve of {n} x {n} with {rhs.shape[-2]} rows")
    perm2 = reshape(b, perm, b.dims(perm) + [Dim(static=1)])  # [..., n, 1]
    lu, rhs, shape, sizes = _broadcast_pair(b, lu, rhs)
    perm2 = broadcast_to(b, perm2, tuple(shape) + (n, 1), list(sizes) + [Dim(static=n),
                                                                          Dim(static=1)])
    perm = reshape(b, perm2, list(sizes) + [Dim(static=n)])
    if not adjoint:
        # L U X = P^T B
        y = triangular_solve(b, lu, _rows_in_order(b, rhs, perm), lower=True, unit=True)
        return triangular_solve(b, lu, y, lower=False)
    # U^T L^T P^T X = B
    lu_t = transpose_matrix(b, lu)
    y = triangular_solve(b, lu_t, rhs, lower=True)
    z = triangular_solve(b, lu_t, y, lower=False, unit=True)
    return _rows_in_order(b, z, _inverse_permutation(b, perm))


def _lu_for_determinant(b: Builder, a: Value):
    """(LU, pivots, U's diagonal, the interchanges' sign: -1 for an odd
    number of them, else 1, in a's type) of a square ``a``."""
    _matrix("a determinant", a, square=True)
    lu, piv, _, _ = lu_factor(b, a)
    steps = iota(b, "i32", piv.shape, b.dims(piv), piv.rank - 1)
    swapped = compare(b, "ne", piv, binary(b, "add", steps, scalar_like(b, 1, steps)))
    count = reduce(b, "sum", cast(b, swapped, "i32"), [piv.rank - 1], False)
    odd = cast(b, remainder(b, count, scalar_like(b, 2, count), floor=True), a.dtype)
    sign = binary(b, "sub", scalar_like(b, 1, odd), binary(b, "mul", scalar_like(b, 2, odd), odd))
    return lu, piv, _diagonal(b, lu), sign


def det(b: Builder, a: Value):
    """(det, LU, pivots) of ``a`` [..., n, n]: the product of U's diagonal,
    negated for an odd number of interchanges."""
    lu, piv, diag, sign = _lu_for_determinant(b, a)
    return binary(b, "mul", reduce(b, "prod", diag, [diag.rank - 1], False), sign), lu, piv


def slogdet(b: Builder, a: Value):
    """(sign, log|det|, LU, pivots): sign 0 and -inf for a singular matrix."""
    lu, piv, diag, sign = _lu_for_determinant(b, a)
    signs = reduce(b, "prod", _sign(b, diag), [diag.rank - 1], False)
    logabs = reduce(b, "sum", unary(b, "log", unary(b, "abs", diag)), [diag.rank - 1], False)
    return binary(b, "mul", signs, sign), logabs, lu, piv


def identity(b: Builder, like: Value) -> Value:
    """Ones on the diagonal, zeros elsewhere, in ``like``'s shape [..., m, n]
    and type (the identity matrices when square)."""
    rows, cols = _axis_iota(b, like, -2), _axis_iota(b, like, -1)
    return cast(b, compare(b, "eq", rows, cols), like.dtype)


def inverse(b: Builder, a: Value):
    """(A^-1, info) through LU (``info`` as ``lu_factor``'s)."""
    _matrix("an inverse", a, square=True)
    lu, _, info, perm = lu_factor(b, a)
    return lu_solve(b, lu, perm, identity(b, a)), info


def solve(b: Builder, a: Value, rhs: Value, left: bool = True, lu_of_transpose: bool = False):
    """torch's ``_linalg_solve_ex``: (X, LU, pivots, info) with A X = B
    (X A = B when not ``left``). ``rhs`` is [..., n, r] (a vector
    right-hand side is unsqueezed by the caller). With ``lu_of_transpose``
    the factorization is of A^T, which torch before 2.15 returned for a
    contiguous A (its backward reads it)."""
    _matrix("a solve", a, square=True)
    if lu_of_transpose:
        lu, piv, info, perm = lu_factor(b, transpose_matrix(b, a))
        x = lu_solve(b, lu, perm, rhs, left, adjoint=True)
    else:
        lu, piv, info, perm = lu_factor(b, a)
        x = lu_solve(b, lu, perm, rhs, left)
    return x, lu, piv, info


def cholesky(b: Builder, a: Value, upper: bool = False):
    """(L, info) with A = L L^T from A's lower triangle (``upper``: U with
    A = U^T U from its upper triangle), column by column as LAPACK's
    ``potf2``. ``info`` [...] (i32) is 0, or the order of the first leading
    minor that is not positive-definite (the columns from there on are not
    defined)."""
    n, _ = _matrix("a Cholesky factorization", a, square=True)
    if upper:
        low, info = cholesky(b, transpose_matrix(b, a), upper=False)
        return transpose_matrix(b, low), info
    bshape, bsizes = _batch(b, a)
    rows, cols = _axis_iota(b, a, -2), _axis_iota(b, a, -1)
    col_rows = iota(b, "i64", bshape + (n, 1), bsizes + [Dim(static=n), Dim(static=1)],
                    a.rank - 2)

    def body(args):
        j, low, info = args
        row = _pick(b, low, compare(b, "eq", rows, j), -2)  # [..., 1, n]
        col = _pick(b, a, compare(b, "eq", cols, j), -1)  # [..., n, 1]
        v = binary(b, "sub", col, matmul(b, low, transpose_matrix(b, row)))
        d = _pick(b, v, compare(b, "eq", col_rows, j), -2)  # [..., 1, 1]
        root = unary(b, "sqrt", d)
        new = select(b, compare(b, "gt", col_rows, j), binary(b, "div", v, root),
                     select(b, compare(b, "eq", col_rows, j), root, scalar_like(b, 0, v)))
        low = select(b, compare(b, "eq", cols, j), new, low)
        failed = logical(b, "not", reshape(b, compare(b, "gt", d, scalar_like(b, 0, d)),
                                           bsizes))
        info = select(b, _and(b, compare(b, "eq", info, scalar_like(b, 0, info)), failed),
                      cast(b, _step(b, j), "i32"), info)
        return [_step(b, j), low, info]

    inits = [_counter(b), scalar_like(b, 0, a), full(b, 0, "i32", bshape, bsizes)]
    _, low, info = while_op(b, inits, lambda args: _below(b, args[0], n), body)
    return low, info


def cholesky_solve(b: Builder, rhs: Value, factor: Value, upper: bool = False) -> Value:
    """X with A X = B for A = L L^T (``factor`` L) or A = U^T U (``upper``)."""
    _matrix("a Cholesky solve", factor, square=True)
    _matrix("a Cholesky solve", rhs)
    factor, rhs, _, _ = _broadcast_pair(b, factor, rhs)
    low = transpose_matrix(b, factor) if upper else factor
    y = triangular_solve(b, low, rhs, lower=True)
    return triangular_solve(b, transpose_matrix(b, low), y, lower=False)


def cholesky_inverse(b: Builder, factor: Value, upper: bool = False) -> Value:
    """A^-1 for A = L L^T (or U^T U)."""
    return cholesky_solve(b, identity(b, factor), factor, upper)


# -- QR: Householder reflections, in LAPACK's compact form ------------------------------

def _reflector(b: Builder, packed: Value, i: Value, rows: Value) -> Value:
    """v [..., m, 1] of reflector i, stored below the diagonal of column i
    of ``packed`` (LAPACK's compact form): 1 at row i, 0 above."""
    cols = _axis_iota(b, packed, -1)
    col = _pick(b, packed, compare(b, "eq", cols, i), -1)
    return select(b, compare(b, "gt", rows, i), col,
                  select(b, compare(b, "eq", rows, i), scalar_like(b, 1, col),
                         scalar_like(b, 0, col)))


def geqrf(b: Builder, a: Value) -> Tuple[Value, Value]:
    """QR of ``a`` [..., m, n] by Householder reflections, as LAPACK's
    ``geqrf``: (packed, tau) with R on and above the diagonal, reflector
    i's vector below it (its leading 1 implied) and tau [..., min(m, n)].
    Reflector i maps column i's x to beta e_i with beta = -sign(x_0) |x|
    (tau 0, H = I, when x has nothing below its first entry)."""
    m, n = _matrix("a QR factorization", a)
    steps = min(m, n)
    bshape, bsizes = _batch(b, a)
    rows, cols = _axis_iota(b, a, -2), _axis_iota(b, a, -1)
    col_rows = iota(b, "i64", bshape + (m, 1), bsizes + [Dim(static=m), Dim(static=1)],
                    a.rank - 2)
    tau_index = iota(b, "i64", bshape + (steps,), bsizes + [Dim(static=steps)], a.rank - 2)

    def body(args):
        k, x, taus = args
        at_col = compare(b, "eq", cols, k)
        col = _pick(b, x, at_col, -1)  # [..., m, 1]
        below = compare(b, "gt", col_rows, k)
        alpha = _pick(b, col, compare(b, "eq", col_rows, k), -2)  # [..., 1, 1]
        xnorm = unary(b, "sqrt", reduce(b, "sum", select(
            b, below, binary(b, "mul", col, col), scalar_like(b, 0, col)), [a.rank - 2], True))
        keep = compare(b, "eq", xnorm, scalar_like(b, 0, xnorm))
        beta = unary(b, "neg", copysign(b, hypot(b, alpha, xnorm), alpha))
        tau = select(b, keep, scalar_like(b, 0, beta),
                     binary(b, "div", binary(b, "sub", beta, alpha), beta))
        scale = binary(b, "div", scalar_like(b, 1, beta), binary(b, "sub", alpha, beta))
        v = select(b, below, binary(b, "mul", col, scale),
                   select(b, compare(b, "eq", col_rows, k), scalar_like(b, 1, col),
                          scalar_like(b, 0, col)))
        # H = I - tau v v^T on the columns right of k
        w = reduce(b, "sum", binary(b, "mul", v, x), [a.rank - 2], True)  # [..., 1, n]
        updated = binary(b, "sub", x, binary(b, "mul", binary(b, "mul", tau, v), w))
        x = select(b, compare(b, "gt", cols, k), updated, x)
        new_col = select(b, compare(b, "eq", col_rows, k), beta, select(b, below, v, col))
        x = select(b, _and(b, at_col, logical(b, "not", keep)), new_col, x)
        taus = select(b, compare(b, "eq", tau_index, k), reshape(b, tau, bsizes + [Dim(static=1)]),
                      taus)
        return [_step(b, k), x, taus]

    inits = [_counter(b), a, full(b, 0, a.dtype, bshape + (steps,), bsizes + [Dim(static=steps)])]
    _, packed, taus = while_op(b, inits, lambda args: _below(b, args[0], steps), body)
    return packed, taus


def apply_reflectors(b: Builder, packed: Value, tau: Value, c: Value, left: bool = True,
                     transpose: bool = False) -> Value:
    """Q C, Q^T C (``transpose``), C Q or C Q^T (not ``left``) for Q = H_0
    H_1 ... H_(k-1) given as ``geqrf``'s (packed, tau), k = tau's length
    (LAPACK's ``ormqr``). ``packed`` is [..., m, k'] (k' >= k) with m the
    rows of C (its columns when not ``left``)."""
    m, _ = _matrix("applying reflectors", packed)
    _matrix("applying reflectors", c)
    if tau.shape[-1] is None:
        raise Unsupported("reflectors of a dynamic count")
    count = tau.shape[-1]
    if not left:
        return transpose_matrix(b, apply_reflectors(b, packed, tau, transpose_matrix(b, c),
                                                    True, not transpose))
    if c.shape[-2] != m:
        raise FrontendError(f"reflectors of {m} rows applied to {c.shape[-2]} rows")
    rows = iota(b, "i64", packed.shape[:-1] + (1,), b.dims(packed)[:-1] + [Dim(static=1)],
                packed.rank - 2)
    tau_index = _axis_iota(b, tau, -1)
    # Q C = H_0 (H_1 (... H_(k-1) C)): the last reflector first; Q^T C the first
    order_down = not transpose

    def body(args):
        t, x = args
        i = binary(b, "sub", scalar_like(b, count - 1, t), t) if order_down else t
        v = _reflector(b, packed, i, rows)  # [..., m, 1]
        ti = reshape(b, _pick(b, tau, compare(b, "eq", tau_index, i), -1),
                     b.dims(tau)[:-1] + [Dim(static=1), Dim(static=1)])
        w = reduce(b, "sum", binary(b, "mul", v, x), [x.rank - 2], True)  # v^T C
        return [_step(b, t), binary(b, "sub", x, binary(b, "mul", binary(b, "mul", ti, v), w))]

    return while_op(b, [_counter(b), c], lambda args: _below(b, args[0], count), body)[1]


def householder_product(b: Builder, packed: Value, tau: Value) -> Value:
    """The first n columns of Q = H_0 ... H_(k-1) for ``packed`` [..., m, n]
    (LAPACK's ``orgqr``)."""
    m, n = _matrix("a Householder product", packed)
    if n > m:
        raise FrontendError(f"a Householder product of {m} x {n} (needs rows >= columns)")
    return apply_reflectors(b, packed, tau, identity(b, packed))


def qr(b: Builder, a: Value, mode: str = "reduced") -> Tuple[Optional[Value], Value]:
    """torch.linalg.qr: (Q, R) with Q [..., m, k] and R [..., k, n], k =
    min(m, n) ("reduced"), Q [..., m, m] and R [..., m, n] ("complete"),
    or R alone ("r": Q is None)."""
    if mode not in ("reduced", "complete", "r"):
        raise FrontendError(f"qr mode '{mode}'")
    m, n = _matrix("a QR factorization", a)
    k = min(m, n)
    packed, tau = geqrf(b, a)
    lead = [0] * (a.rank - 2)
    batch = list(a.shape[:-2])
    if any(d is None for d in batch):
        raise Unsupported("QR of a dynamic batch")
    r_rows = m if mode == "complete" else k
    r = triangle(b, slice_static(b, packed, lead + [0, 0], batch + [r_rows, n],
                                 [1] * a.rank), True, 0)
    if mode == "r":
        return None, r
    q_cols = m if mode == "complete" else k
    if q_cols <= n:
        vs = slice_static(b, packed, lead + [0, 0], batch + [m, q_cols], [1] * a.rank)
    else:  # (a tall matrix's complete Q: the reflectors padded with zero columns)
        vs = pad(b, packed, [0] * a.rank, [0] * (a.rank - 1) + [q_cols - n], "constant")
    return householder_product(b, vs, tau), r


# -- Jacobi rotations: singular values, symmetric eigenvalues -------------------------
#
# Cyclic Jacobi: every pair of columns (p, q) in turn, one rotation a step,
# sweeps until a sweep rotates nothing (every pair is orthogonal, or the
# off-diagonal entry negligible, to the type's epsilon) or 40 sweeps pass.
# Its values are accurate to the type's rounding; its vectors' signs are
# its own (LAPACK's are another algorithm's). Eigenvectors and singular
# vectors are unique only up to sign (torch's documentation: "different
# hardware and software may compute different eigenvectors"), so eigh's and
# svd's vectors are valid results that may differ from eager's in the signs
# of whole columns; PyTorch's own samples compare them through |V| and U Vh.

_MAX_SWEEPS = 40


def _epsilon(elem: str) -> float:
    return float(np.finfo(np.float64 if elem == "f64" else np.float32).eps)


def _pair_tables(b: Builder, n: int):
    pairs = [(p, q) for p in range(n - 1) for q in range(p + 1, n)]
    ps = b.constant(np.asarray([p for p, _ in pairs], np.int64), "i64")
    qs = b.constant(np.asarray([q for _, q in pairs], np.int64), "i64")
    return len(pairs), ps, qs


def _pair_at(b: Builder, table: Value, t: Value, count: int) -> Value:
    """Entry t mod count of the 1-D ``table``, as a rank-0 i64."""
    j = remainder(b, t, scalar_like(b, count, t), floor=True)
    index = iota(b, "i64", table.shape, b.dims(table), 0)
    return reduce(b, "sum", select(b, compare(b, "eq", index, j), table,
                                   scalar_like(b, 0, table)), [0], False)


def _any(b: Builder, mask: Value) -> Value:
    return _any_true(b, mask)


def _rotation(b: Builder, alpha: Value, beta: Value, gamma: Value):
    """(c, s) of the rotation that zeroes gamma in [[alpha, gamma], [gamma,
    beta]]: t = sign(z) / (|z| + sqrt(1 + z^2)), z = (beta - alpha) /
    (2 gamma), c = 1 / sqrt(1 + t^2), s = c t."""
    one = scalar_like(b, 1, alpha)
    z = binary(b, "div", binary(b, "sub", beta, alpha), binary(b, "mul", scalar_like(b, 2, gamma),
                                                             gamma))
    t = binary(b, "div", copysign(b, one, z), binary(b, "add", unary(b, "abs", z),
                                                     hypot(b, one, z)))
    c = binary(b, "div", one, hypot(b, one, t))
    return c, binary(b, "mul", c, t)


def _rotate_pair(b: Builder, x: Value, at_p: Value, at_q: Value, axis: int, c: Value, s: Value,
                 on: Value) -> Value:
    """``x`` with its slices p and q along ``axis`` (marked by ``at_p``,
    ``at_q``) replaced by c x_p - s x_q and s x_p + c x_q where ``on``."""
    xp, xq = _pick(b, x, at_p, axis), _pick(b, x, at_q, axis)
    new_p = binary(b, "sub", binary(b, "mul", c, xp), binary(b, "mul", s, xq))
    new_q = binary(b, "add", binary(b, "mul", s, xp), binary(b, "mul", c, xq))
    return select(b, _and(b, on, at_p), new_p, select(b, _and(b, on, at_q), new_q, x))


def _jacobi(b: Builder, inits: List[Value], n: int, step):
    """The sweep loop: ``step(p, q, values)`` does the rotation of pair
    (p, q) and returns (the new values, a boolean of whether it rotated
    anything). Returns the final values."""
    count, ps, qs = _pair_tables(b, n)
    if count == 0:
        return inits
    true = b.constant(np.asarray(True), "i1")
    false = b.constant(np.asarray(False), "i1")
    limit = count * _MAX_SWEEPS

    def cond(args):
        t, rotated, done = args[:3]
        return _and(b, logical(b, "not", done), _below(b, t, limit))

    def body(args):
        t, rotated, done = args[:3]
        p, q = _pair_at(b, ps, t, count), _pair_at(b, qs, t, count)
        values, turned = step(p, q, args[3:])
        rotated = logical(b, "or", rotated, turned)
        last = compare(b, "eq", remainder(b, t, scalar_like(b, count, t), floor=True),
                       scalar_like(b, count - 1, t))
        done = _and(b, last, logical(b, "not", rotated))
        rotated = _and(b, rotated, logical(b, "not", last))
        return [_step(b, t), rotated, done] + list(values)

    return while_op(b, [_counter(b), false, false] + list(inits), cond, body)[3:]


def _one_sided(b: Builder, a: Value, with_v: bool):
    """One-sided Jacobi (Hestenes) on ``a`` [..., m, n], m >= n: (X, V)
    with X = A V of orthogonal columns (their norms the singular values)
    and V [..., n, n] orthogonal (None unless ``with_v``)."""
    m, n = a.shape[-2:]
    eps = _epsilon(a.dtype)
    cols = _axis_iota(b, a, -1)
    inits = [a]
    if with_v:
        inits.append(identity(b, full(b, 0, a.dtype, a.shape[:-2] + (n, n),
                                      b.dims(a)[:-2] + [Dim(static=n), Dim(static=n)])))
    v_cols = _axis_iota(b, inits[-1], -1) if with_v else None

    def step(p, q, values):
        x = values[0]
        at_p, at_q = compare(b, "eq", cols, p), compare(b, "eq", cols, q)
        xp, xq = _pick(b, x, at_p, -1), _pick(b, x, at_q, -1)  # [..., m, 1]
        dot = lambda u, w: reduce(b, "sum", binary(b, "mul", u, w), [x.rank - 2], True)  # noqa
        alpha, beta, gamma = dot(xp, xp), dot(xq, xq), dot(xp, xq)  # [..., 1, 1]
        bound = binary(b, "mul", scalar_like(b, eps, alpha),
                       unary(b, "sqrt", binary(b, "mul", alpha, beta)))
        on = compare(b, "gt", unary(b, "abs", gamma), bound)
        c, s = _rotation(b, alpha, beta, gamma)
        out = [_rotate_pair(b, x, at_p, at_q, -1, c, s, on)]
        if with_v:
            out.append(_rotate_pair(b, values[1], compare(b, "eq", v_cols, p),
                                    compare(b, "eq", v_cols, q), -1, c, s, on))
        return out, _any(b, on)

    out = _jacobi(b, inits, n, step)
    return out[0], (out[1] if with_v else None)


def _column_norms(b: Builder, x: Value) -> Value:
    return unary(b, "sqrt", reduce(b, "sum", binary(b, "mul", x, x), [x.rank - 2], False))


def svd(b: Builder, a: Value, full_matrices: bool = False) -> Tuple[Value, Value, Value]:
    """torch.linalg.svd: (U, S, Vh) with A = U diag(S) Vh, S [..., k]
    descending (k = min(m, n)), U [..., m, k] and Vh [..., k, n] (with
    ``full_matrices``, U [..., m, m] and Vh [..., n, n]). One-sided Jacobi
    gives A V = X of orthogonal columns (S their norms, V orthogonal);
    U is X's columns normalized, taken from the Householder QR X = Q R
    (R diagonal up to rounding: U = Q diag(sign(R_jj))), which also stays
    orthonormal for a zero singular value and completes U to m columns.
    A wide matrix is done as its transpose. The signs of matching columns
    of U and V are Jacobi's (torch's are LAPACK's)."""
    m, n = _matrix("a singular value decomposition", a)
    if m < n:
        u, s, vh = svd(b, transpose_matrix(b, a), full_matrices)
        return transpose_matrix(b, vh), s, transpose_matrix(b, u)
    batch = list(a.shape[:-2])
    if any(d is None for d in batch):
        raise Unsupported("singular vectors of a dynamic batch")
    x, v = _one_sided(b, a, True)
    norms = _column_norms(b, x)
    s, order = sort(b, norms, norms.rank - 1, descending=True)
    x, v = _columns_in_order(b, x, order), _columns_in_order(b, v, order)
    q, r = qr(b, x, "complete" if full_matrices else "reduced")
    # sign(R_jj), 1 where R_jj is 0; 1 for Q's completing columns past n
    rd = _diagonal(b, slice_static(b, r, [0] * a.rank, batch + [n, n], [1] * a.rank))
    one = scalar_like(b, 1, rd)
    signs = select(b, compare(b, "lt", rd, scalar_like(b, 0, rd)), unary(b, "neg", one), one)
    if q.shape[-1] > n:
        signs = pad(b, signs, [0] * signs.rank, [0] * (signs.rank - 1) + [q.shape[-1] - n],
                    "constant", full(b, 1, rd.dtype, ()))
    return _scale_columns(b, q, signs), s, transpose_matrix(b, v)


def singular_values(b: Builder, a: Value) -> Value:
    """The singular values [..., min(m, n)] of ``a``, largest first."""
    m, n = _matrix("singular values", a)
    if m < n:
        a = transpose_matrix(b, a)
    x, _ = _one_sided(b, a, False)
    norms = _column_norms(b, x)
    return sort(b, norms, norms.rank - 1, descending=True)[0]


def _symmetric(b: Builder, a: Value, upper: bool) -> Value:
    """The symmetric matrix of ``a``'s lower (``upper``: upper) triangle."""
    part = triangle(b, a, upper, 0)
    strict = triangle(b, a, upper, 1 if upper else -1)
    return binary(b, "add", part, transpose_matrix(b, strict))


def _symmetric_jacobi(b: Builder, s: Value, with_v: bool):
    """Two-sided Jacobi on a symmetric ``s`` [..., n, n]: (D, Q) with D
    (nearly) diagonal, its diagonal the eigenvalues, and Q the rotations'
    product (columns the eigenvectors; None unless ``with_v``)."""
    n = s.shape[-1]
    eps = _epsilon(s.dtype)
    rows, cols = _axis_iota(b, s, -2), _axis_iota(b, s, -1)
    inits = [s] + ([identity(b, s)] if with_v else [])

    def step(p, q, values):
        x = values[0]
        at_rp, at_rq = compare(b, "eq", rows, p), compare(b, "eq", rows, q)
        at_cp, at_cq = compare(b, "eq", cols, p), compare(b, "eq", cols, q)
        entry = lambda r, c: _pick(b, _pick(b, x, r, -2), c, -1)  # noqa: E731
        app, aqq, apq = entry(at_rp, at_cp), entry(at_rq, at_cq), entry(at_rp, at_cq)
        bound = binary(b, "mul", scalar_like(b, eps, app),
                       unary(b, "sqrt", unary(b, "abs", binary(b, "mul", app, aqq))))
        on = compare(b, "gt", unary(b, "abs", apq), bound)
        c, sn = _rotation(b, app, aqq, apq)
        x = _rotate_pair(b, x, at_rp, at_rq, -2, c, sn, on)
        x = _rotate_pair(b, x, at_cp, at_cq, -1, c, sn, on)
        out = [x]
        if with_v:
            out.append(_rotate_pair(b, values[1], at_cp, at_cq, -1, c, sn, on))
        return out, _any(b, on)

    out = _jacobi(b, inits, n, step)
    return out[0], (out[1] if with_v else None)


def _diagonal(b: Builder, x: Value) -> Value:
    rows, cols = _axis_iota(b, x, -2), _axis_iota(b, x, -1)
    return reduce(b, "sum", select(b, compare(b, "eq", rows, cols), x, scalar_like(b, 0, x)),
                  [x.rank - 1], False)


def _columns_in_order(b: Builder, x: Value, order: Value) -> Value:
    """Column j of the result is column order[j] of ``x`` [..., m, n]
    (``order`` [..., n] of the same batch): one gather."""
    idx = reshape(b, order, b.dims(order)[:-1] + [Dim(static=1), b.dims(order)[-1]])
    idx = broadcast_to(b, idx, x.shape, b.dims(x))
    return take_along_axis(b, x, idx, x.rank - 1)


def symmetric_eigenvalues(b: Builder, a: Value, upper: bool = False) -> Value:
    """The eigenvalues [..., n] of the symmetric matrix of ``a``'s lower
    (``upper``: upper) triangle, ascending."""
    return symmetric_eigen(b, a, upper, False)[0]


def symmetric_eigen(b: Builder, a: Value, upper: bool = False,
                    vectors: bool = True) -> Tuple[Value, Optional[Value]]:
    """torch.linalg.eigh: (w, Q), the eigenvalues [..., n] of the symmetric
    matrix of ``a``'s lower (``upper``: upper) triangle, ascending, and its
    orthonormal eigenvectors as Q's columns [..., n, n] in the same order
    (None unless ``vectors``), each column's sign Jacobi's own."""
    _matrix("eigenvalues", a, square=True)
    d, q = _symmetric_jacobi(b, _symmetric(b, a, upper), vectors)
    w = _diagonal(b, d)
    w, order = sort(b, w, w.rank - 1)
    return w, (_columns_in_order(b, q, order) if vectors else None)


def _scale_columns(b: Builder, x: Value, scale: Value) -> Value:
    """``x`` [..., m, n] with column j times ``scale`` [..., n]'s j-th."""
    n = x.shape[-1]
    return binary(b, "mul", x, reshape(b, scale, b.dims(scale)[:-1] + [Dim(static=1),
                                                                       Dim(static=n)]))


def matrix_sqrth(b: Builder, a: Value) -> Value:
    """torch.linalg.matrix_sqrth: Q diag(sqrt(max(w, 0))) Q^T over the
    eigenvalues w and eigenvectors Q of the symmetric matrix of ``a``'s
    lower triangle (torch's eigh; negative eigenvalues count as 0).
    Independent of the vectors' signs and order."""
    _matrix("a matrix square root", a, square=True)
    d, q = _symmetric_jacobi(b, _symmetric(b, a, False), True)
    w = _diagonal(b, d)
    root = unary(b, "sqrt", binary(b, "max", w, scalar_like(b, 0, w)))
    return matmul(b, _scale_columns(b, q, root), transpose_matrix(b, q))


def polar(b: Builder, a: Value) -> Tuple[Value, Value]:
    """torch.linalg.polar of ``a`` [..., m, n], m >= n: (U, H) with A = U H,
    U's columns orthonormal and H symmetric positive semi-definite. From
    one-sided Jacobi, A V = X = W diag(s): U = W V^T = X diag(1/s) V^T and
    H = V diag(s) V^T, independent of the vectors' signs (U is unique only
    where A has full rank, as torch's is)."""
    m, n = _matrix("a polar decomposition", a)
    if m < n:
        raise FrontendError(f"linalg.polar: input must have at least as many rows as "
                            f"columns, but got {m} by {n} matrices")
    x, v = _one_sided(b, a, True)
    s = _column_norms(b, x)  # [..., n]
    vt = transpose_matrix(b, v)
    u = matmul(b, _scale_columns(b, x, binary(b, "div", scalar_like(b, 1, s), s)), vt)
    h = matmul(b, _scale_columns(b, v, s), vt)
    return u, h


def _pinv_cutoff(b: Builder, s: Value, atol: Optional[Value], rtol: Optional[Value],
                 m: int, n: int) -> Value:
    """torch.linalg.pinv's cutoff [..., 1] for the singular values (or the
    eigenvalues' magnitudes) ``s`` [..., k]: max(atol, rtol * max(s)); an
    rtol not given is eps * max(m, n), or 0 where a given atol is > 0."""
    top = reduce(b, "max", s, [s.rank - 1], True)
    # (atol and rtol: scalars or one per matrix, made [..., 1] as torch does)
    col = lambda x: unsqueeze(b, cast(b, x, s.dtype), [x.rank])  # noqa: E731
    eps_rtol = scalar_like(b, _epsilon(s.dtype) * max(m, n), top)
    zero = scalar_like(b, 0, top)
    atol_v = zero if atol is None else col(atol)
    if rtol is not None:
        rtol_v = col(rtol)
    elif atol is None:
        rtol_v = eps_rtol
    else:
        rtol_v = select(b, compare(b, "gt", atol_v, zero), zero, eps_rtol)
    return binary(b, "max", atol_v, binary(b, "mul", rtol_v, top))


def pinv(b: Builder, a: Value, atol: Optional[Value] = None, rtol: Optional[Value] = None,
         hermitian: bool = False) -> Value:
    """torch.linalg.pinv: V diag(1/s) U^T over the singular values above
    the cutoff (``hermitian``: Q diag(1/w) Q^T over the eigenvalues of the
    lower triangle's symmetric matrix). Independent of the vectors' signs."""
    m, n = _matrix("a pseudo-inverse", a)
    if hermitian:
        if m != n:
            raise FrontendError(f"a Hermitian pseudo-inverse of {m} x {n}")
        d, q = _symmetric_jacobi(b, _symmetric(b, a, False), True)
        w = _diagonal(b, d)  # [..., n]
        cut = _pinv_cutoff(b, unary(b, "abs", w), atol, rtol, m, n)
        keep = compare(b, "gt", unary(b, "abs", w), cut)
        inv = select(b, keep, binary(b, "div", scalar_like(b, 1, w), w), scalar_like(b, 0, w))
        return matmul(b, _scale_columns(b, q, inv), transpose_matrix(b, q))
    if m < n:
        return transpose_matrix(b, pinv(b, transpose_matrix(b, a), atol, rtol, False))
    x, v = _one_sided(b, a, True)  # A V = X = U diag(s)
    s = _column_norms(b, x)  # [..., n]
    cut = _pinv_cutoff(b, s, atol, rtol, m, n)
    keep = compare(b, "gt", s, cut)
    # V diag(1/s) U^T = V diag(1/s^2) X^T (no division by a zero s)
    inv2 = select(b, keep, binary(b, "div", scalar_like(b, 1, s), binary(b, "mul", s, s)),
                  scalar_like(b, 0, s))
    return matmul(b, _scale_columns(b, v, inv2), transpose_matrix(b, x))


def matrix_exp(b: Builder, a: Value) -> Value:
    """e^A of ``a`` [..., n, n] by scaling and squaring, in float64 (then
    rounded once): B = A / 2^s with s = ceil(log2 ||A||_1) (at least 0),
    e^B by its Taylor polynomial of degree 18 (Horner's scheme; ||B||_1 <= 1
    leaves a remainder below 1 / 19!), then s squarings, each matrix of a
    batch squared as many times as its own s (a ``meld.while`` to the
    batch's largest s)."""
    n, _ = _matrix("a matrix exponential", a, square=True)
    x = cast(b, a, "f64")
    col_sums = reduce(b, "sum", unary(b, "abs", x), [x.rank - 2], True)  # [..., 1, n]
    norm = reduce(b, "max", col_sums, [x.rank - 1], True)  # [..., 1, 1]
    log2 = binary(b, "div", unary(b, "log", norm), scalar_like(b, float(np.log(2.0)), norm))
    s = unary(b, "ceil", binary(b, "max", log2, scalar_like(b, 0, log2)))
    s = binary(b, "min", s, scalar_like(b, 1100.0, s))  # (NaN and inf norms: bounded)
    s = select(b, compare(b, "eq", s, s), s, scalar_like(b, 0, s))
    scaled = binary(b, "mul", x, binary(b, "pow", scalar_like(b, 2.0, s), unary(b, "neg", s)))
    eye = identity(b, x)
    t = eye
    for k in range(18, 0, -1):
        t = binary(b, "add", eye, binary(b, "div", matmul(b, scaled, t),
                                         scalar_like(b, float(k), eye)))
    steps = cast(b, s, "i64")
    most = reduce(b, "max", reshape(b, steps, [numel(b, steps)]), [0], False)

    def body(args):
        i, m = args
        squared = matmul(b, m, m)
        return [_step(b, i), select(b, compare(b, "lt", i, steps), squared, m)]

    _, out = while_op(b, [_counter(b), t],
                      lambda args: compare(b, "lt", args[0], most), body)
    return cast(b, out, a.dtype)


__all__: List[str] = [
    "lu_factor", "transpose_matrix", "permutation", "permutation_matrix", "lu_unpack", "triangular_solve",
    "solve_triangular", "lu_solve", "det", "slogdet", "identity", "inverse", "solve",
    "cholesky", "cholesky_solve", "cholesky_inverse", "geqrf", "apply_reflectors",
    "householder_product", "qr", "singular_values", "symmetric_eigenvalues", "pinv",
    "matrix_exp",
]
