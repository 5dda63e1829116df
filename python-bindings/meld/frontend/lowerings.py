"""The op table both frontends share: framework-neutral tensor ops with
numpy/ATen semantics (implicit broadcasting, negative axes, numpy matmul),
each written as meld ops on a :class:`~meld.frontend.builder.Builder`.

The ONNX importer and the PyTorch frontend translate their own op names and
attributes into calls of these functions, and nothing else writes meld ops:
broadcasting, type promotion rules, decompositions (softmax, layer norm,
clip, ...) and constant folding of shape computations live here once.

Every function takes already-imported :class:`Value` operands and returns
Values. Errors are :class:`Unsupported` (Meld cannot do it) or
:class:`FrontendError` (the program is wrong); the importer adds the node's
name and op to the message.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple, Union

from dataclasses import dataclass

import itertools
import math

import numpy as np

from .builder import (
    INT_TYPES,
    Builder,
    Dim,
    DimLike,
    FrontendError,
    TensorType,
    Unsupported,
    Value,
    is_float,
    numpy_dtype,
)

# Ops of meld whose operand types the dialect restricts.
_FLOAT_ONLY_UNARY = {"exp", "log", "tanh", "sigmoid", "erf", "silu", "sqrt",
                     "rsqrt", "gelu", "sin", "cos", "floor", "ceil", "round"}
_NUMERIC_ONLY = {"add", "sub", "mul", "div", "max", "min", "neg", "abs", "relu", "rem"}
# integer and boolean ops (shifts: signed integers only)
_INT_ONLY = {"and", "or", "xor", "not", "shift_left", "shift_right"}
# Constant folding of shape-sized values: at most this many elements are
# evaluated at import time (the rest becomes code).
_FOLD_LIMIT = 4096


def normalize_axis(axis: int, rank: int, what: str = "axis") -> int:
    if not -rank <= axis < max(rank, 1):
        raise FrontendError(f"{what} {axis} is out of range for rank {rank}")
    return axis % rank if rank else 0


def _check_elem(opname: str, x: Value):
    if opname in _FLOAT_ONLY_UNARY or opname == "pow":
        if not is_float(x.dtype):
            raise Unsupported(f"{opname} on {x.dtype} (meld.{opname} takes floats)")
    elif opname in _NUMERIC_ONLY and x.dtype == "i1":
        raise Unsupported(f"{opname} on booleans")
    elif opname in _INT_ONLY and (is_float(x.dtype) or
                                  (opname.startswith("shift") and x.dtype == "i1")):
        raise Unsupported(f"{opname} on {x.dtype}")


def _fold(x: Value) -> bool:
    return x.const is not None and x.const.size <= _FOLD_LIMIT


# -- shapes -------------------------------------------------------------------

def broadcast_shape(b: Builder, values: Sequence[Value]):
    """numpy broadcasting: the result's static shape and its sizes."""
    rank = max(v.rank for v in values)
    shape: List[Optional[int]] = []
    sizes: List[Dim] = []
    for i in range(rank):
        static: Optional[int] = 1
        size: Optional[Dim] = None
        for v in values:
            j = i - (rank - v.rank)
            if j < 0:
                continue
            d = v.shape[j]
            if d == 1:
                continue
            if d is None:
                if static == 1:
                    static = None
                    size = b.dim(v, j)
                continue
            if static not in (1, None) and static != d:
                raise FrontendError(
                    f"shapes {[list(v.shape) for v in values]} do not broadcast")
            static = d
            size = Dim(static=d)
        shape.append(static)
        sizes.append(size if size is not None else Dim(static=1))
    return tuple(shape), sizes


def broadcast_to(b: Builder, x: Value, shape, sizes: Sequence[DimLike]) -> Value:
    """``x`` broadcast (numpy rules, aligned on the right) to ``shape``."""
    shape = tuple(shape)
    # Dynamic dims of equal position are taken to be equal (checked at run
    # time by the interpreter); a dynamic size of 1 does not broadcast.
    if x.shape == shape:
        return x
    rank = len(shape)
    if x.rank > rank:
        raise FrontendError(f"cannot broadcast rank {x.rank} to rank {rank}")
    if _fold(x) and all(d is not None for d in shape) and np.prod(shape) <= _FOLD_LIMIT:
        return b.constant(np.broadcast_to(x.const, shape), x.dtype)
    ty = TensorType(x.dtype, shape)
    dims = list(range(rank - x.rank, rank))
    out = b.op(f"meld.broadcast_in_dim {x.name}, dims = [{', '.join(map(str, dims))}]"
               f"{b.sizes_clause(ty, sizes)} : {x.type} -> {ty}", ty)
    _record_sizes(b, out, sizes)
    return out


def _record_sizes(b: Builder, out: Value, sizes: Sequence[DimLike]) -> None:
    """Remembers the index values that sized ``out``'s dynamic dims."""
    for i, (d, s) in enumerate(zip(out.shape, sizes)):
        if d is None and isinstance(s, Dim) and s.ssa is not None:
            out._dims[(b._scope_ids[-1], i)] = s.ssa


def broadcast_all(b: Builder, values: Sequence[Value]) -> List[Value]:
    shape, sizes = broadcast_shape(b, values)
    return [broadcast_to(b, v, shape, sizes) for v in values]


def full(b: Builder, value, elem: str, shape, sizes: Optional[Sequence[DimLike]] = None) -> Value:
    """A tensor of ``shape`` filled with ``value`` (a splat constant,
    broadcast when the shape is dynamic)."""
    scalar = np.asarray(value).astype(numpy_dtype(elem))
    shape = tuple(shape)
    if all(d is not None for d in shape):
        return b.constant(np.broadcast_to(scalar, shape), elem)
    c = b.constant(scalar, elem)
    return broadcast_to(b, c, shape, sizes)


def scalar_like(b: Builder, value, like: Value) -> Value:
    return full(b, value, like.dtype, like.shape, b.dims(like))


# -- elementwise -----------------------------------------------------------------

def cast(b: Builder, x: Value, elem: str) -> Value:
    if x.dtype == elem:
        return x
    if _fold(x):
        return b.constant(_np_cast(x.const, x.dtype, elem), elem)
    ty = x.type.with_dtype(elem)
    out = b.op(f"meld.cast {x.name} : {x.type} to {ty}", ty)
    out._dims.update(x._dims)
    return out


def _np_cast(array: np.ndarray, src: str, dst: str) -> np.ndarray:
    """numpy mirror of meld.cast's rules, for folding."""
    if dst == "i1":
        return array != 0
    if is_float(src) and dst in INT_TYPES:
        info = np.iinfo(numpy_dtype(dst))
        with np.errstate(invalid="ignore"):
            t = np.trunc(array.astype(np.float64))
            t = np.where(np.isnan(t), 0, np.clip(t, info.min, info.max))
        return t.astype(numpy_dtype(dst))
    return array.astype(numpy_dtype(dst))


def _same_dims(out: Value, like: Value) -> Value:
    """``out`` has ``like``'s shape: it reuses ``like``'s meld.dim values."""
    if out.shape == like.shape:
        out._dims.update(like._dims)
    return out


# integer unary ops folded on constants (shape arithmetic: Neg of an axis)
_FOLD_INT_UNARY = {"neg": np.negative, "abs": np.abs, "not": np.invert}


def unary(b: Builder, opname: str, x: Value, attrs: str = "") -> Value:
    _check_elem(opname, x)
    if opname in _FOLD_INT_UNARY and not attrs and x.dtype in INT_TYPES and _fold(x):
        # wrapping as meld's integers do
        return b.constant(_FOLD_INT_UNARY[opname](x.const).astype(numpy_dtype(x.dtype)),
                          x.dtype)
    return _same_dims(b.op(f"meld.{opname} {x.name}{attrs} : {x.type}", x.type), x)


def _trunc_div(a, b):
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


_NP_BINARY = {"add": np.add, "sub": np.subtract, "mul": np.multiply,
              "max": np.maximum, "min": np.minimum, "div": _trunc_div}


def binary(b: Builder, opname: str, x: Value, y: Value) -> Value:
    if x.dtype != y.dtype:
        raise FrontendError(f"{opname} of {x.dtype} and {y.dtype}")
    _check_elem(opname, x)
    if opname in _NP_BINARY and _fold(x) and _fold(y) and x.dtype in INT_TYPES and \
            not (opname == "div" and (y.const == 0).any()):
        # shape arithmetic, folded with meld's integer semantics (wrapping,
        # truncating division; a zero divisor is left for run time)
        with np.errstate(over="ignore"):
            out = _NP_BINARY[opname](x.const.astype(np.int64), y.const.astype(np.int64))
        out = np.asarray(out).astype(numpy_dtype(x.dtype))
        sym = _sym_binary(b, opname, x, y)
        if out.size <= _FOLD_LIMIT:
            folded = b.constant(out, x.dtype)
            return folded
    sym = _sym_binary(b, opname, x, y)
    x, y = broadcast_all(b, [x, y])
    return _same_dims(b.op(f"meld.{opname} {x.name}, {y.name} : {x.type}", x.type, sym=sym), x)


def fma(b: Builder, x: Value, y: Value, z: Value) -> Value:
    """``x * y + z`` rounded once (meld.fma; floats only)."""
    if not x.dtype == y.dtype == z.dtype:
        raise FrontendError(f"fma of {x.dtype}, {y.dtype} and {z.dtype}")
    if not is_float(x.dtype):
        raise Unsupported(f"fma of {x.dtype}")
    x, y, z = broadcast_all(b, [x, y, z])
    return _same_dims(b.op(f"meld.fma {x.name}, {y.name}, {z.name} : {x.type}", x.type), x)


_SYM_ARITH = {"add": "addi", "sub": "subi", "mul": "muli", "div": "divsi",
              "max": "maxsi", "min": "minsi"}


def _sym_binary(b: Builder, opname: str, x: Value, y: Value):
    """Index arithmetic on symbolic shape vectors (Shape -> Mul -> Reshape)."""
    if opname not in _SYM_ARITH or x.rank > 1 or y.rank > 1:
        return None
    xs = _sym_elements(x)
    ys = _sym_elements(y)
    if xs is None or ys is None:
        return None
    n = max(len(xs), len(ys))
    if len(xs) not in (1, n) or len(ys) not in (1, n):
        return None
    xs = xs * n if len(xs) == 1 else xs
    ys = ys * n if len(ys) == 1 else ys
    return [b.index_arith(_SYM_ARITH[opname], p, q) for p, q in zip(xs, ys)]


def _sym_elements(x: Value):
    if x.dtype not in INT_TYPES:
        return None
    if x.sym is not None:
        return list(x.sym)
    if x.const is not None and x.const.ndim <= 1:
        return [Dim(static=int(v)) for v in x.const.reshape(-1)]
    return None


def compare(b: Builder, direction: str, x: Value, y: Value) -> Value:
    if x.dtype != y.dtype:
        raise FrontendError(f"comparison of {x.dtype} and {y.dtype}")
    if _fold(x) and _fold(y) and x.dtype in INT_TYPES + ("i1",):
        # shape tests (rank or size checks in function bodies) fold here
        fn = {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
              "gt": np.greater, "ge": np.greater_equal}[direction]
        return b.constant(fn(x.const, y.const), "i1")
    x, y = broadcast_all(b, [x, y])
    out = b.op(f"meld.compare {direction}, {x.name}, {y.name} : {x.type}",
               x.type.with_dtype("i1"))
    out._dims.update(x._dims)
    return out


def select(b: Builder, pred: Value, x: Value, y: Value) -> Value:
    if pred.dtype != "i1":
        raise FrontendError(f"select predicate of {pred.dtype}")
    if x.dtype != y.dtype:
        raise FrontendError(f"select of {x.dtype} and {y.dtype}")
    if _fold(pred) and _fold(x) and _fold(y):
        out = np.where(pred.const, x.const, y.const)
        if out.size <= _FOLD_LIMIT:
            return b.constant(out.astype(numpy_dtype(x.dtype)), x.dtype)
    if _fold(pred) and pred.const.size == 1 and pred.rank == 0:
        taken = x if bool(pred.const) else y
        other = y if bool(pred.const) else x
        if taken.shape == broadcast_shape(b, [pred, x, y])[0]:
            return taken
    pred, x, y = broadcast_all(b, [pred, x, y])
    return _same_dims(b.op(f"meld.select {pred.name}, {x.name}, {y.name} : {pred.type}, "
                           f"{x.type}", x.type), x)


def logical(b: Builder, opname: str, x: Value, y: Optional[Value] = None) -> Value:
    """``and``, ``or``, ``xor``, ``not`` on booleans (``meld.and`` ...)."""
    if x.dtype != "i1" or (y is not None and y.dtype != "i1"):
        raise Unsupported(f"logical {opname} on non-boolean tensors")
    if _fold(x) and (y is None or _fold(y)):
        fn = {"not": lambda a, _: ~a, "and": np.logical_and, "or": np.logical_or,
              "xor": np.logical_xor}[opname]
        return b.constant(np.asarray(fn(x.const, None if y is None else y.const)), "i1")
    if opname == "not":
        return unary(b, "not", x)
    return binary(b, opname, x, y)


def bitwise(b: Builder, opname: str, x: Value, y: Optional[Value] = None) -> Value:
    """Bitwise ``and``, ``or``, ``xor``, ``not`` and arithmetic shifts on
    integers (two's complement)."""
    if x.dtype not in INT_TYPES:
        raise Unsupported(f"bitwise {opname} on {x.dtype}")
    return unary(b, opname, x) if y is None else binary(b, opname, x, y)


def remainder(b: Builder, x: Value, y: Value, floor: bool) -> Value:
    """Remainder: truncated (C ``fmod``, torch.fmod: the sign of the
    dividend) or floored (Python ``%``, torch.remainder: the sign of the
    divisor). Integer division by zero is a run-time error."""
    if x.dtype != y.dtype or x.dtype == "i1":
        raise Unsupported(f"remainder of {x.dtype} and {y.dtype}")
    if _fold(x) and _fold(y) and x.dtype in INT_TYPES and not (y.const == 0).any():
        xs, ys = x.const.astype(np.int64), y.const.astype(np.int64)
        r = np.fmod(xs, ys) if not floor else np.mod(xs, ys)
        return b.constant(r.astype(numpy_dtype(x.dtype)), x.dtype)
    r = binary(b, "rem", x, y)
    if not floor:
        return r
    x, y = broadcast_all(b, [x, y])
    zero = scalar_like(b, 0, r)
    fix = logical(b, "and", compare(b, "ne", r, zero),
                  compare(b, "ne", compare(b, "lt", r, zero), compare(b, "lt", y, zero)))
    return select(b, fix, binary(b, "add", r, y), r)


def floor_div(b: Builder, x: Value, y: Value) -> Value:
    """Integer division rounded down (Python ``//``, torch's
    ``rounding_mode="floor"``): meld.div truncates, so a quotient with a
    nonzero remainder of the divisor's opposite sign is one less."""
    if x.dtype != y.dtype or x.dtype not in INT_TYPES:
        raise Unsupported(f"floor division of {x.dtype} and {y.dtype}")
    if _fold(x) and _fold(y) and not (y.const == 0).any():
        q = np.floor_divide(x.const.astype(np.int64), y.const.astype(np.int64))
        return b.constant(q.astype(numpy_dtype(x.dtype)), x.dtype)
    x, y = broadcast_all(b, [x, y])
    q, r = binary(b, "div", x, y), binary(b, "rem", x, y)
    zero = scalar_like(b, 0, r)
    fix = logical(b, "and", compare(b, "ne", r, zero),
                  compare(b, "ne", compare(b, "lt", r, zero), compare(b, "lt", y, zero)))
    return select(b, fix, binary(b, "sub", q, scalar_like(b, 1, q)), q)


def reciprocal(b: Builder, x: Value) -> Value:
    if not is_float(x.dtype):
        raise Unsupported(f"reciprocal of {x.dtype}")
    return binary(b, "div", scalar_like(b, 1.0, x), x)


def clamp(b: Builder, x: Value, lo: Optional[Value], hi: Optional[Value]) -> Value:
    """``min(max(x, lo), hi)`` (numpy.clip's order: hi wins when lo > hi)."""
    if lo is not None:
        x = binary(b, "max", x, lo)
    if hi is not None:
        x = binary(b, "min", x, hi)
    return x


def sign(b: Builder, x: Value) -> Value:
    zero = scalar_like(b, 0, x)
    pos = select(b, compare(b, "gt", x, zero), scalar_like(b, 1, x), zero)
    out = select(b, compare(b, "lt", x, zero), scalar_like(b, -1, x), pos)
    if is_float(x.dtype):  # NaN stays NaN
        out = select(b, compare(b, "ne", x, x), x, out)
    return out


def leaky_relu(b: Builder, x: Value, alpha: float) -> Value:
    zero = scalar_like(b, 0.0, x)
    return select(b, compare(b, "lt", x, zero),
                  binary(b, "mul", x, scalar_like(b, alpha, x)), x)


def softplus(b: Builder, x: Value) -> Value:
    """``log(1 + exp(x))``, computed as ``max(x, 0) + log(1 + exp(-|x|))``
    so that it does not overflow."""
    one = scalar_like(b, 1.0, x)
    t = unary(b, "log", binary(b, "add", one, unary(b, "exp", unary(b, "neg", unary(b, "abs", x)))))
    return binary(b, "add", unary(b, "relu", x), t)


# -- data movement ------------------------------------------------------------------

def reshape(b: Builder, x: Value, sizes: Sequence[DimLike]) -> Value:
    sizes = [s if isinstance(s, Dim) else Dim(static=int(s)) for s in sizes]
    shape = tuple(s.static for s in sizes)
    if x.shape == shape and all(d is not None or s.ssa == b.dim(x, i).ssa
                                for i, (d, s) in enumerate(zip(shape, sizes))):
        return x  # the same sizes: no reshape
    if _fold(x) and all(d is not None for d in shape):
        return b.constant(x.const.reshape(shape), x.dtype)
    ty = x.type.with_shape(shape)
    sym = x.sym if (x.sym is not None and len(shape) == 1) else None
    if x.sym is not None and len(shape) == 0 and len(x.sym) == 1:
        sym = list(x.sym)
    out = b.op(f"meld.reshape {x.name}{b.sizes_clause(ty, sizes)} : {x.type} -> {ty}",
               ty, sym=sym)
    _record_sizes(b, out, sizes)
    return out


def numel(b: Builder, x: Value) -> Dim:
    return _dim_product(b, b.dims(x))


def flatten(b: Builder, x: Value, axis: int) -> Value:
    axis = axis % (x.rank + 1) if axis < 0 else axis
    left: DimLike = Dim(static=1)
    right: DimLike = Dim(static=1)
    for i in range(x.rank):
        if i < axis:
            left = b.index_arith("muli", left, b.dim(x, i))
        else:
            right = b.index_arith("muli", right, b.dim(x, i))
    return reshape(b, x, [left, right])


def unsqueeze(b: Builder, x: Value, axes: Sequence[int]) -> Value:
    rank = x.rank + len(axes)
    axes = sorted(normalize_axis(a, rank, "unsqueeze axis") for a in axes)
    if len(set(axes)) != len(axes):
        raise FrontendError(f"repeated unsqueeze axes {axes}")
    sizes: List[Dim] = []
    src = iter(range(x.rank))
    for i in range(rank):
        sizes.append(Dim(static=1) if i in axes else b.dim(x, next(src)))
    out = reshape(b, x, sizes)
    if x.sym is not None and x.rank == 0:
        out.sym = list(x.sym)
    return out


def squeeze(b: Builder, x: Value, axes: Optional[Sequence[int]]) -> Value:
    if axes is None:
        if not x.type.static:
            raise Unsupported("squeeze without axes of a tensor with dynamic dims")
        axes = [i for i, d in enumerate(x.shape) if d == 1]
    axes = {normalize_axis(a, x.rank, "squeeze axis") for a in axes}
    for a in axes:
        if x.shape[a] not in (1, None):
            raise FrontendError(f"cannot squeeze dimension {a} of size {x.shape[a]}")
    out = reshape(b, x, [b.dim(x, i) for i in range(x.rank) if i not in axes])
    if x.sym is not None and out.rank == 0:
        out.sym = list(x.sym)
    return out


def transpose(b: Builder, x: Value, perm: Sequence[int]) -> Value:
    perm = [normalize_axis(p, x.rank, "perm entry") for p in perm]
    if sorted(perm) != list(range(x.rank)):
        raise FrontendError(f"perm {perm} is not a permutation of {x.rank} dims")
    if perm == list(range(x.rank)):
        return x
    if _fold(x):
        return b.constant(np.transpose(x.const, perm), x.dtype)
    ty = x.type.with_shape([x.shape[p] for p in perm])
    return b.op(f"meld.transpose {x.name}, perm = [{', '.join(map(str, perm))}] : "
                f"{x.type} -> {ty}", ty)


def axis_to_last(b: Builder, x: Value, axis: int) -> Value:
    """``x`` with dim ``axis`` moved to the end (the others in order)."""
    return transpose(b, x, [a for a in range(x.rank) if a != axis] + [axis])


def axis_from_last(b: Builder, x: Value, axis: int) -> Value:
    """The inverse of ``axis_to_last``: the last dim moved back to ``axis``."""
    perm = list(range(x.rank - 1))
    perm.insert(axis, x.rank - 1)
    return transpose(b, x, perm)


def slice_static(b: Builder, x: Value, starts, limits, strides) -> Value:
    """``x[starts:limits:strides]`` with normalized (in range, positive
    stride) per-dimension bounds."""
    if all(s == 0 for s in starts) and all(st == 1 for st in strides) and \
            all(l == d for l, d in zip(limits, x.shape)):
        return x
    shape = []
    starts, limits = list(starts), list(limits)
    # a limit of None keeps a dynamic dimension whole (meld.slice's -1)
    whole = [l is None for l in limits]
    for d, (s, l, st) in enumerate(zip(starts, limits, strides)):
        if whole[d]:
            if x.shape[d] is not None or s != 0 or st != 1:
                raise Unsupported("a slice of a dynamic dimension that is not all of it")
            shape.append(None)
            limits[d] = -1
            continue
        shape.append(max(0, -(-(l - s) // st)))
        if shape[-1] == 0:
            starts[d] = limits[d] = 0  # an empty slice starts anywhere
    if x.sym is not None and x.rank == 1:
        sym = x.sym[starts[0]:limits[0]:strides[0]]
    else:
        sym = None
    if _fold(x):
        index = tuple(slice(s, l, st) for s, l, st in zip(starts, limits, strides))
        out = b.constant(x.const[index], x.dtype)
        return out
    ty = x.type.with_shape(shape)
    text = (f"meld.slice {x.name} start = [{', '.join(map(str, starts))}] "
            f"limit = [{', '.join(map(str, limits))}]")
    if any(st != 1 for st in strides):
        text += f" strides = [{', '.join(map(str, strides))}]"
    out = b.op(f"{text} : {x.type} -> {ty}", ty, sym=sym)
    if any(whole):
        _record_sizes(b, out, [b.dim(x, d) if whole[d] else Dim(static=shape[d])
                               for d in range(x.rank)])
    return out


def slice_numpy(b: Builder, x: Value, axes, starts, ends, steps) -> Value:
    """numpy/ONNX slicing: negative and out-of-range starts and ends are
    clamped like Python's; negative steps walk backwards."""
    lo = [0] * x.rank
    hi = list(x.shape)
    st = [1] * x.rank
    flips = []
    for axis, start, end, step in zip(axes, starts, ends, steps):
        axis = normalize_axis(int(axis), x.rank)
        size = x.shape[axis]
        if size is None:
            raise Unsupported(f"slice of dynamic dimension {axis}")
        if step == 0:
            raise FrontendError("slice step 0")
        s, e, k = slice(int(start), int(end), int(step)).indices(size)
        if k < 0:
            # walk forward over the same elements, then flip
            count = len(range(s, e, k))
            if count == 0:
                s, e, k = 0, 0, 1
            else:
                last = s + (count - 1) * k
                s, e, k = last, s + 1, -k
                flips.append(axis)
        lo[axis], hi[axis], st[axis] = s, max(e, s), k
    out = slice_static(b, x, lo, hi, st)
    for axis in flips:
        out = reverse(b, out, axis)
    return out


def reverse(b: Builder, x: Value, axis: int) -> Value:
    """``x`` reversed along ``axis`` (numpy.flip): a gather of the indices
    n-1, ..., 0."""
    n = x.shape[axis]
    if n is None:
        # -1, -2, ..., -n: meld.gather counts negative indices from the end
        ramp = iota(b, "i64", (None,), [b.dim(x, axis)], 0)
        return gather(b, x, binary(b, "sub", scalar_like(b, -1, ramp), ramp), axis)
    if n <= 1:
        return x
    if _fold(x):
        return b.constant(np.flip(x.const, axis), x.dtype)
    return gather(b, x, b.constant(np.arange(n - 1, -1, -1, dtype=np.int64), "i64"), axis)


def concat(b: Builder, xs: Sequence[Value], axis: int) -> Value:
    if not xs:
        raise FrontendError("concat of no tensors")
    rank = xs[0].rank
    axis = normalize_axis(axis, rank)
    if any(x.dtype != xs[0].dtype or x.rank != rank for x in xs):
        raise FrontendError("concat operands differ in dtype or rank")
    syms = [_sym_elements(x) for x in xs] if rank == 1 else None
    sym = sum(syms, []) if syms and all(s is not None for s in syms) else None
    nonempty = [x for x in xs if x.shape[axis] != 0]
    if not nonempty:
        nonempty = xs[:1]
    if len(nonempty) == 1:
        out = nonempty[0]
        if sym is not None and out.sym is None:
            out.sym = sym
        return out
    if all(_fold(x) for x in nonempty):
        out = b.constant(np.concatenate([x.const for x in nonempty], axis), xs[0].dtype)
        out.sym = sym if sym is not None else out.sym
        return out
    shape = list(nonempty[0].shape)
    total: Optional[int] = 0
    for x in nonempty:
        total = None if (total is None or x.shape[axis] is None) else total + x.shape[axis]
    shape[axis] = total
    for i in range(rank):
        if i != axis and shape[i] is None:
            shape[i] = next((x.shape[i] for x in nonempty if x.shape[i] is not None), None)
    ty = nonempty[0].type.with_shape(shape)
    names = ", ".join(x.name for x in nonempty)
    types = ", ".join(str(x.type) for x in nonempty)
    return b.op(f"meld.concat {names} dim = {axis} : ({types}) -> {ty}", ty, sym=sym)


def split(b: Builder, x: Value, axis: int, sizes: Sequence[int]) -> List[Value]:
    axis = normalize_axis(axis, x.rank)
    if x.shape[axis] is None:
        raise Unsupported("split of a dynamic dimension")
    if sum(sizes) != x.shape[axis]:
        raise FrontendError(f"split sizes {list(sizes)} do not add up to {x.shape[axis]}")
    outs = []
    offset = 0
    for n in sizes:
        lo = [0] * x.rank
        hi = list(x.shape)
        lo[axis], hi[axis] = offset, offset + n
        outs.append(slice_static(b, x, lo, hi, [1] * x.rank))
        offset += n
    return outs


def expand(b: Builder, x: Value, sizes: Sequence[Dim]) -> Value:
    """numpy ``broadcast_to(x, broadcast_shapes(x.shape, sizes))`` (ONNX
    Expand: a size of 1 keeps x's size)."""
    rank = max(x.rank, len(sizes))
    target = [Dim(static=1)] * (rank - len(sizes)) + list(sizes)
    shape: List[Optional[int]] = []
    out_sizes: List[Dim] = []
    for i in range(rank):
        j = i - (rank - x.rank)
        t = target[i]
        xd = x.shape[j] if j >= 0 else 1
        if t.static == 1:
            shape.append(xd)
            out_sizes.append(b.dim(x, j) if j >= 0 else Dim(static=1))
        else:
            if t.static is not None and xd not in (1, None, t.static):
                raise FrontendError(f"cannot expand {list(x.shape)} to {sizes}")
            shape.append(t.static)
            out_sizes.append(t)
    return broadcast_to(b, x, shape, out_sizes)


def size_value(b: Builder, d: DimLike) -> Value:
    """A rank-0 i64 tensor holding the size ``d`` (an index, perhaps
    dynamic): a static one is a constant, a dynamic one the element count
    of a tensor of ones of that size (meld has no index-to-tensor op). The
    value keeps the size symbolically (``sym``) for later shape consumers."""
    d = d if isinstance(d, Dim) else Dim(static=int(d))
    if d.static is not None:
        out = b.constant(np.int64(d.static), "i64")
    else:
        out = reduce(b, "sum", full(b, 1, "i64", (None,), [d]), [0], False)
    out.sym = [d]
    return out


def tile(b: Builder, x: Value, repeats: Sequence[DimLike]) -> Value:
    """numpy.tile: broadcast into a new leading axis per dim, then merge.
    Sizes and repeat counts may be dynamic."""
    if len(repeats) != x.rank:
        raise FrontendError(f"tile repeats {list(repeats)} for rank {x.rank}")
    reps = [r if isinstance(r, Dim) else Dim(static=int(r)) for r in repeats]
    dims = b.dims(x)
    one = Dim(static=1)
    expanded_in = reshape(b, x, [s for d in dims for s in (one, d)])
    inter = [s for r, d in zip(reps, dims) for s in (r, d)]
    expanded = broadcast_to(b, expanded_in, tuple(s.static for s in inter), inter)
    return reshape(b, expanded, [b.index_arith("muli", r, d) for r, d in zip(reps, dims)])


# -- reductions ------------------------------------------------------------------------

_REDUCE_IDENTITY = {"sum": 0, "prod": 1, "max": -np.inf, "min": np.inf}


def reduce(b: Builder, kind: str, x: Value, axes: Optional[Sequence[int]],
           keepdims: bool) -> Value:
    if x.dtype == "i1":
        raise Unsupported(f"reduce {kind} on booleans")
    if kind == "mean" and not is_float(x.dtype):
        raise Unsupported(f"reduce mean on {x.dtype}")
    if axes is None:
        axes = list(range(x.rank))
    axes = sorted({normalize_axis(a, x.rank, "reduction axis") for a in axes})
    if not axes:
        return x
    if kind in ("argmax", "argmin") and len(axes) != 1:
        raise FrontendError(f"{kind} over {len(axes)} axes")
    if kind in ("max", "min") and not is_float(x.dtype) and any(x.shape[a] == 0 for a in axes):
        raise Unsupported(f"reduce {kind} of an empty integer extent")
    shape = []
    for i, d in enumerate(x.shape):
        if i in axes:
            if keepdims:
                shape.append(1)
        else:
            shape.append(d)
    elem = "i64" if kind in ("argmax", "argmin") else x.dtype
    ty = TensorType(elem, tuple(shape))
    keep = " keep_dims" if keepdims else ""
    return b.op(f"meld.reduce {kind} {x.name} dims = [{', '.join(map(str, axes))}]{keep}"
                f" : {x.type} -> {ty}", ty)


def softmax(b: Builder, x: Value, axis: int, log: bool = False) -> Value:
    if not is_float(x.dtype):
        raise Unsupported(f"softmax of {x.dtype}")
    if x.dtype in ("f16", "bf16"):
        # in f32, rounded once (torch's half softmax accumulates in f32 too):
        # the same in fused kernels and in the interpreter
        return cast(b, softmax(b, cast(b, x, "f32"), axis, log), x.dtype)
    axis = normalize_axis(axis, x.rank)
    m = reduce(b, "max", x, [axis], True)
    # a row of -inf gives NaN, as in numpy and torch
    shifted = binary(b, "sub", x, m)
    e = unary(b, "exp", shifted)
    s = reduce(b, "sum", e, [axis], True)
    if log:
        return binary(b, "sub", shifted, unary(b, "log", s))
    return binary(b, "div", e, s)


def p_norm(b: Builder, x: Value, p: float, axes: Optional[Sequence[int]],
           keepdims: bool = False) -> Value:
    """The p-norm of ``x`` over ``axes`` (all: None): the count of nonzeros
    for p = 0, the largest (smallest) magnitude for p = inf (-inf),
    sqrt(sum(x^2)) for p = 2, sum(|x|^p)^(1/p) otherwise."""
    mag = unary(b, "abs", x)
    if p == 0:
        nonzero = compare(b, "ne", x, scalar_like(b, 0.0, x))
        return reduce(b, "sum", cast(b, nonzero, x.dtype), axes, keepdims)
    if math.isinf(p):
        return reduce(b, "max" if p > 0 else "min", mag, axes, keepdims)
    if p == 1:
        return reduce(b, "sum", mag, axes, keepdims)
    if p == 2:
        return unary(b, "sqrt", reduce(b, "sum", binary(b, "mul", x, x), axes, keepdims))
    total = reduce(b, "sum", binary(b, "pow", mag, scalar_like(b, p, mag)), axes, keepdims)
    return binary(b, "pow", total, scalar_like(b, 1.0 / p, total))


def layer_norm(b: Builder, x: Value, axis: int, scale: Optional[Value],
               bias: Optional[Value], eps: float) -> Value:
    axis = normalize_axis(axis, x.rank)
    axes = list(range(axis, x.rank))
    mean = reduce(b, "mean", x, axes, True)
    centered = binary(b, "sub", x, mean)
    var = reduce(b, "mean", binary(b, "mul", centered, centered), axes, True)
    inv = unary(b, "rsqrt", binary(b, "add", var, scalar_like(b, eps, var)))
    y = binary(b, "mul", centered, inv)
    if scale is not None:
        y = binary(b, "mul", y, scale)
    if bias is not None:
        y = binary(b, "add", y, bias)
    return y


# -- contractions -------------------------------------------------------------------------

def matmul(b: Builder, x: Value, y: Value) -> Value:
    """numpy.matmul: 1-D operands are promoted and the added dim removed;
    batch dims broadcast."""
    if x.dtype != y.dtype:
        raise FrontendError(f"matmul of {x.dtype} and {y.dtype}")
    if x.dtype == "i1":
        raise Unsupported("matmul of booleans")
    if x.rank == 0 or y.rank == 0:
        raise FrontendError("matmul of a scalar")
    squeeze_axes = []
    if x.rank == 1:
        x = unsqueeze(b, x, [0])
        squeeze_axes.append(-2)
    if y.rank == 1:
        y = unsqueeze(b, y, [1])
        squeeze_axes.append(-1)
    kx, ky = x.shape[-1], y.shape[-2]
    if kx is not None and ky is not None and kx != ky:
        raise FrontendError(f"matmul contracting dims differ: {kx} and {ky}")
    if x.rank == 2 and y.rank == 2:
        ty = TensorType(x.dtype, (x.shape[0], y.shape[1]))
        out = b.op(f"meld.matmul {x.name}, {y.name} : {x.type}, {y.type} -> {ty}", ty)
    elif y.rank == 2:
        # activations @ weight: the leading dims are rows of one matmul
        lead = [b.dim(x, i) for i in range(x.rank - 1)]
        rows: DimLike = Dim(static=1)
        for s in lead:
            rows = b.index_arith("muli", rows, s)
        x2 = reshape(b, x, [rows, b.dim(x, x.rank - 1)])
        out2 = matmul(b, x2, y)
        out = reshape(b, out2, lead + [b.dim(out2, 1)])
    else:
        # batch shape of the result: numpy broadcasting of the batch dims
        bshape, bsizes = _batch_broadcast(b, x, y)
        xs = broadcast_to(b, x, bshape + x.shape[-2:],
                          bsizes + [b.dim(x, x.rank - 2), b.dim(x, x.rank - 1)])
        ys = broadcast_to(b, y, bshape + y.shape[-2:],
                          bsizes + [b.dim(y, y.rank - 2), b.dim(y, y.rank - 1)])
        batch: DimLike = Dim(static=1)
        for s in bsizes:
            batch = b.index_arith("muli", batch, s)
        x3 = reshape(b, xs, [batch, b.dim(xs, xs.rank - 2), b.dim(xs, xs.rank - 1)])
        y3 = reshape(b, ys, [batch, b.dim(ys, ys.rank - 2), b.dim(ys, ys.rank - 1)])
        ty = TensorType(x.dtype, (x3.shape[0], x3.shape[1], y3.shape[2]))
        out3 = b.op(f"meld.batch_matmul {x3.name}, {y3.name} : {x3.type}, {y3.type} -> {ty}",
                    ty)
        out = reshape(b, out3, list(bsizes) + [b.dim(out3, 1), b.dim(out3, 2)])
    if squeeze_axes:
        out = squeeze(b, out, [a % out.rank for a in squeeze_axes])
    return out


def grouped_matmul(b: Builder, x: Value, y: Value, offsets: Value,
                   transpose_lhs: bool = False, transpose_rhs: bool = False,
                   result_dtype: Optional[str] = None) -> Value:
    """meld.grouped_matmul (torch's grouped_mm with offsets): ``y`` of rank
    3 holds a matrix per group of ``x``'s rows, [m, n] result; ``y`` of
    rank 2 groups the contraction, [groups, m, n] result. The result has
    the operands' element type (low-precision floats summed in f32), or
    ``result_dtype`` (f32 for f16/bf16 operands: the sums unrounded)."""
    if x.dtype != y.dtype:
        raise FrontendError(f"grouped matmul of {x.dtype} and {y.dtype}")
    if not is_float(x.dtype):
        raise Unsupported(f"grouped matmul of {x.dtype}")
    if offsets.rank != 1 or offsets.shape[0] is None or offsets.dtype not in ("i32", "i64"):
        raise Unsupported(f"grouped matmul offsets {offsets.type} (a static count of "
                          "i32 or i64 offsets)")
    if x.rank != 2 or y.rank not in (2, 3) or (y.rank == 3 and transpose_lhs):
        raise Unsupported(f"grouped matmul of ranks {x.rank} and {y.rank}")
    m = x.shape[1] if transpose_lhs else x.shape[0]
    mat = y.shape[1:] if y.rank == 3 else y.shape
    n = mat[0] if transpose_rhs else mat[1]
    shape = (m, n) if y.rank == 3 else (offsets.shape[0], m, n)
    ty = TensorType(result_dtype or x.dtype, shape)
    flags = (" transpose_lhs" if transpose_lhs else "") + (" transpose_rhs" if transpose_rhs else "")
    return b.op(f"meld.grouped_matmul {x.name}, {y.name}, {offsets.name}{flags}"
                f" : ({x.type}, {y.type}, {offsets.type}) -> {ty}", ty)


def _batch_broadcast(b: Builder, x: Value, y: Value):
    rank = max(x.rank, y.rank) - 2
    shape: List[Optional[int]] = []
    sizes: List[Dim] = []
    for i in range(rank):
        cands = []
        for v in (x, y):
            j = i - (rank - (v.rank - 2))
            if j >= 0:
                cands.append((v.shape[j], v, j))
        static = 1
        size = Dim(static=1)
        for d, v, j in cands:
            if d == 1:
                continue
            if d is None:
                if static == 1:
                    static, size = None, b.dim(v, j)
                continue
            if static not in (1, None) and static != d:
                raise FrontendError(f"matmul batch dims {list(x.shape)} and {list(y.shape)}")
            static, size = d, Dim(static=d)
        shape.append(static)
        sizes.append(size)
    return tuple(shape), sizes


def gemm(b: Builder, a: Value, w: Value, c: Optional[Value], alpha: float, beta: float,
         trans_a: bool, trans_b: bool) -> Value:
    """``alpha * op(a) @ op(w) + beta * c`` (ONNX Gemm, torch addmm)."""
    if a.rank != 2 or w.rank != 2:
        raise FrontendError("gemm operands must be matrices")
    ta = " transpose_lhs" if trans_a else ""
    tb = " transpose_rhs" if trans_b else ""
    m = a.shape[1] if trans_a else a.shape[0]
    n = w.shape[0] if trans_b else w.shape[1]
    ty = TensorType(a.dtype, (m, n))
    y = b.op(f"meld.matmul {a.name}, {w.name}{ta}{tb} : {a.type}, {w.type} -> {ty}", ty)
    if alpha != 1.0:
        y = binary(b, "mul", y, scalar_like(b, alpha, y))
    if c is not None and beta != 0.0:
        if beta != 1.0:
            c = binary(b, "mul", c, scalar_like(b, beta, c))
        y = binary(b, "add", y, c)
    return y


def iota(b: Builder, elem: str, shape, sizes, dim: int) -> Value:
    ty = TensorType(elem, tuple(shape))
    return b.op(f"meld.iota dim = {dim}{b.sizes_clause(ty, sizes)} : {ty}", ty)


def gather(b: Builder, x: Value, indices: Value, axis: int) -> Value:
    """numpy.take(x, indices, axis): negative indices count from the end;
    an index out of range is a run-time error (``meld.gather``)."""
    axis = normalize_axis(axis, x.rank)
    if indices.dtype not in ("i64", "i32"):
        if indices.dtype in INT_TYPES:
            indices = cast(b, indices, "i32")
        else:
            raise Unsupported(f"gather indices of {indices.dtype}")
    if _fold(x) and _fold(indices):
        n = x.shape[axis]
        idx = indices.const.astype(np.int64)
        if ((idx >= -n) & (idx < n)).all():
            out = b.constant(np.take(x.const, np.where(idx < 0, idx + n, idx), axis=axis),
                             x.dtype)
            if x.sym is not None and x.rank == 1 and out.rank <= 1:
                out.sym = [x.sym[int(i)] for i in np.where(idx < 0, idx + n, idx).reshape(-1)]
            return out
    shape = x.shape[:axis] + indices.shape + x.shape[axis + 1:]
    ty = TensorType(x.dtype, tuple(shape))
    out = b.op(f"meld.gather {x.name}, {indices.name} axis = {axis} : ({x.type}, "
               f"{indices.type}) -> {ty}", ty)
    sizes = [b.dim(x, i) for i in range(axis)] + b.dims(indices) + \
        [b.dim(x, i) for i in range(axis + 1, x.rank)]
    _record_sizes(b, out, sizes)
    if x.sym is not None and x.rank == 1 and indices.const is not None and out.rank <= 1:
        # sizes picked from a shape vector stay known symbolically
        n = x.shape[0]
        idx = indices.const.astype(np.int64).reshape(-1)
        if ((idx >= -n) & (idx < n)).all():
            out.sym = [x.sym[int(i)] for i in np.where(idx < 0, idx + n, idx)]
    return out


def _size_operand(b: Builder, d: DimLike, like: Value) -> Value:
    """The size ``d`` as an operand of ``like``'s element type (a splat
    constant, or for a dynamic size a rank-0 tensor that ops broadcast)."""
    d = d if isinstance(d, Dim) else Dim(static=int(d))
    if d.static is not None:
        return scalar_like(b, d.static, like)
    return cast(b, size_value(b, d), like.dtype)


def _dim_product(b: Builder, dims: Sequence[Dim]) -> Dim:
    out = Dim(static=1)
    for d in dims:
        out = b.index_arith("muli", out, d)
    return out


def strided_sum(b: Builder, terms: Sequence[Optional[Value]],
                 strides: Sequence[DimLike]) -> Optional[Value]:
    """The i64 sum of ``terms[k] * strides[k]`` (flat offsets: a stride
    may be dynamic), leaving out None terms and zero strides; None when
    nothing is left."""
    flat = None
    for term, stride in zip(terms, strides):
        stride = stride if isinstance(stride, Dim) else Dim(static=int(stride))
        if term is None or stride.static == 0:
            continue
        if stride.static != 1:
            term = binary(b, "mul", term, _size_operand(b, stride, term))
        flat = term if flat is None else binary(b, "add", flat, term)
    return flat


def _row_major_strides(b: Builder, dims: Sequence[Dim]) -> List[Dim]:
    return [_dim_product(b, dims[k + 1:]) for k in range(len(dims))]


def extreme_identity(elem: str, kind: str):
    """The identity of ``max`` (``elem``'s lowest value: -inf, or the
    integer minimum) or of ``min`` (its highest)."""
    if is_float(elem):
        return -np.inf if kind == "max" else np.inf
    info = np.iinfo(numpy_dtype(elem))
    return info.min if kind == "max" else info.max


def _flat_index(b: Builder, idx: Value, n: Dim, total: Dim) -> Value:
    """An index into a dim of ``n`` (negative from the end) made
    nonnegative; one out of [-n, n) is sent to ``total``, past the end of
    the flattened tensor, so that the gather still reports it."""
    n_t = _size_operand(b, n, idx)
    idx = select(b, compare(b, "lt", idx, scalar_like(b, 0, idx)),
                 binary(b, "add", idx, n_t), idx)
    bad = logical(b, "or", compare(b, "lt", idx, scalar_like(b, 0, idx)),
                  compare(b, "ge", idx, n_t))
    return select(b, bad, _size_operand(b, total, idx), idx)


def take_along_axis(b: Builder, x: Value, indices: Value, axis: int) -> Value:
    """numpy.take_along_axis (ONNX GatherElements, torch.gather): one gather
    from x flattened, at ``indices`` turned into flat offsets (x's sizes,
    dynamic ones too, make the strides). As torch takes them (and
    :func:`scatter` too): an empty index of another rank picks nothing, and
    a scalar is a vector of one element."""
    if indices.type.static and indices.type.numel() == 0:
        return full(b, 0, x.dtype, indices.shape)
    if x.rank == 0 and indices.rank <= 1 and indices.type.static:
        one = [Dim(static=1)]
        picked = take_along_axis(b, reshape(b, x, one), reshape(b, indices, one), 0)
        return reshape(b, picked, b.dims(indices))
    axis = normalize_axis(axis, x.rank)
    if x.rank != indices.rank:
        raise FrontendError("take_along_axis operands differ in rank")
    dims = b.dims(x)
    total = _dim_product(b, dims)
    idx = _flat_index(b, cast(b, indices, "i64"), dims[axis], total)
    terms = [idx if d == axis else iota(b, "i64", indices.shape, b.dims(indices), d)
             for d in range(x.rank)]
    flat = strided_sum(b, terms, _row_major_strides(b, dims))
    return gather(b, reshape(b, x, [total]), flat, 0)


def interpolate_axis(b: Builder, x: Value, axis: int, weights: np.ndarray) -> Value:
    """``x`` resampled along ``axis`` by a constant (out x in) weight matrix
    with few nonzeros per row: one gather and one weighted sum per tap, so
    that only the taps' values meet (a dense product would spread a NaN or
    an infinity through the zeros)."""
    m, n = weights.shape
    if x.shape[axis] != n:
        raise FrontendError("interpolation weights do not match the axis size")
    compute = "f32" if x.dtype in ("f16", "bf16") else x.dtype
    xs = cast(b, x, compute)
    rows = [np.nonzero(weights[j])[0] for j in range(m)]
    taps = max([len(r) for r in rows] + [1])
    acc = None
    for k in range(taps):
        idx = np.array([r[k] if k < len(r) else (r[0] if len(r) else 0) for r in rows],
                       np.int64)
        w = np.array([weights[j, r[k]] if k < len(r) else 0.0 for j, r in enumerate(rows)])
        picked = gather(b, xs, b.constant(idx, "i64"), axis)
        if np.all(w == 1.0):
            term = picked
        else:
            shape = [1] * x.rank
            shape[axis] = m
            wc = b.constant(w.reshape(shape).astype(numpy_dtype(compute)), compute)
            term = binary(b, "mul", picked, wc)
        acc = term if acc is None else binary(b, "add", acc, term)
    return cast(b, acc, x.dtype)


def own_result(b: Builder, v: Value, earlier: Sequence[Value]) -> Value:
    """``v`` as a function result: a fresh op when it is a constant, an
    argument or one of the ``earlier`` results, since the runtime gives
    every result a buffer of its own."""
    if v.const is None and not any(v.name == o.name for o in earlier) and \
            not any(v.name == a.name for a, _ in b.args):
        return v
    if v.const is not None and v.const.size <= _FOLD_LIMIT:
        return b.constant(v.const, v.dtype)
    return b.op(f"meld.reshape {v.name}{b.sizes_clause(v.type, b.dims(v))} : {v.type} -> "
                f"{v.type}", v.type)


def where(b: Builder, pred: Value, x: Value, y: Value) -> Value:
    return select(b, pred, x, y)




# -- decompositions of larger ops -------------------------------------------------------
# These are written in the ops above; they are correct for every input, and
# fuse like any other elementwise and data-movement ops. Where speed needs
# more (convolutions on large images), they are the first to become ops of
# their own.

def pad(b: Builder, x: Value, before: Sequence[int], after: Sequence[int],
        mode: str = "constant", value: Optional[Value] = None) -> Value:
    """numpy.pad: ``constant`` (with ``value``, default 0), ``edge``,
    ``reflect`` and ``wrap``; negative pads crop."""
    if len(before) != x.rank or len(after) != x.rank:
        raise FrontendError(f"pads for rank {len(before)}, input rank {x.rank}")
    out = x
    for axis in range(x.rank):
        lo, hi = int(before[axis]), int(after[axis])
        if lo == 0 and hi == 0:
            continue
        n = out.shape[axis]
        if n is None and (mode != "constant" or lo < 0 or hi < 0):
            # (a constant pad of a dynamic dim concatenates static fillers)
            raise Unsupported(f"{mode} padding (or cropping) of dynamic dimension {axis}")
        # crop first (negative pads), then pad
        if lo < 0 or hi < 0:
            start, stop = max(0, -lo), n - max(0, -hi)
            if stop < start:
                raise FrontendError("pads crop away more than the whole dimension")
            out = _slice_axis(b, out, axis, start, stop)
            n = stop - start
            lo, hi = max(lo, 0), max(hi, 0)
        if lo == 0 and hi == 0:
            continue
        parts = []
        if mode == "constant":
            fill = value if value is not None else b.constant(np.zeros((), numpy_dtype(x.dtype)), x.dtype)
            fill = reshape(b, fill, []) if fill.rank else fill

            def filler(count):
                shape = list(out.shape)
                shape[axis] = count
                sizes = [b.dim(out, i) if i != axis else Dim(static=count) for i in range(out.rank)]
                return broadcast_to(b, fill, shape, sizes)
            if lo:
                parts.append(filler(lo))
            parts.append(out)
            if hi:
                parts.append(filler(hi))
        elif mode == "edge":
            if n == 0:
                raise FrontendError("edge padding of an empty dimension")
            def edge(index, count):
                piece = _slice_axis(b, out, axis, index, index + 1)
                shape = list(out.shape)
                shape[axis] = count
                sizes = [b.dim(out, i) if i != axis else Dim(static=count) for i in range(out.rank)]
                return broadcast_to(b, piece, shape, sizes) if count > 1 else piece
            if lo:
                parts.append(edge(0, lo))
            parts.append(out)
            if hi:
                parts.append(edge(n - 1, hi))
        elif mode == "reflect":
            if lo >= n or hi >= n:
                raise Unsupported(f"reflect padding of {max(lo, hi)} on a dimension of {n}")
            if lo:
                parts.append(reverse(b, _slice_axis(b, out, axis, 1, lo + 1), axis))
            parts.append(out)
            if hi:
                parts.append(reverse(b, _slice_axis(b, out, axis, n - 1 - hi, n - 1), axis))
        elif mode == "wrap":
            if lo > n or hi > n:
                raise Unsupported(f"wrap padding of {max(lo, hi)} on a dimension of {n}")
            if lo:
                parts.append(_slice_axis(b, out, axis, n - lo, n))
            parts.append(out)
            if hi:
                parts.append(_slice_axis(b, out, axis, 0, hi))
        else:
            raise Unsupported(f"pad mode '{mode}'")
        out = concat(b, parts, axis)
    return out


def _slice_axis(b: Builder, x: Value, axis: int, start: int, stop: int, step: int = 1) -> Value:
    lo = [0] * x.rank
    hi = list(x.shape)
    st = [1] * x.rank
    lo[axis], hi[axis], st[axis] = start, stop, step
    return slice_static(b, x, lo, hi, st)


def triangle(b: Builder, x: Value, upper: bool, k) -> Value:
    """numpy.triu / tril over the last two dims; ``k`` (the diagonal) an
    int or a rank-0 i64 Value."""
    if x.rank < 2:
        raise FrontendError("triangle of a tensor of rank < 2")
    r, c = x.rank - 2, x.rank - 1
    sizes = b.dims(x)
    rows = iota(b, "i64", x.shape, sizes, r)
    cols = iota(b, "i64", x.shape, sizes, c)
    # keep where col - row >= k (upper) or <= k (lower)
    diff = binary(b, "sub", cols, rows)
    kk = scalar_like(b, k, diff) if not isinstance(k, Value) else k
    keep = compare(b, "ge" if upper else "le", diff, kk)
    return select(b, keep, x, scalar_like(b, 0, x))


def _shifted(b: Builder, x: Value, axis: int, shift: int, fill) -> Value:
    """``x`` moved ``shift`` places along ``axis``, ``fill`` in the places
    it leaves at the front: the scans' earlier neighbours."""
    n = x.shape[axis]
    assert shift >= 0 and (n is None or shift <= n), (shift, n)
    if n is None:
        # (at run time shift <= n too: every caller shifts by 1 a non-empty
        # row, and an empty row gathers nothing)
        # a gather of the indices -shift, .., n - 1 - shift (the negative
        # ones wrap to the end: the fill replaces them)
        k = iota(b, "i64", x.shape, b.dims(x), axis)
        at = iota(b, "i64", (None,), [b.dim(x, axis)], 0)
        earlier = gather(b, x, binary(b, "sub", at, scalar_like(b, shift, at)), axis)
        return select(b, compare(b, "lt", k, scalar_like(b, shift, k)),
                      b.constant(np.asarray(fill, numpy_dtype(x.dtype)), x.dtype), earlier)
    lo = [0] * x.rank
    lo[axis] = shift
    return pad(b, _slice_axis(b, x, axis, 0, n - shift), lo, [0] * x.rank, "constant",
               b.constant(np.asarray(fill, numpy_dtype(x.dtype)), x.dtype))


def _scan(b: Builder, x: Value, kind: str, axis: int) -> Value:
    """``meld.cumulative``: the running ``kind`` of ``x`` along ``axis``."""
    out = b.op(f"meld.cumulative {kind} {x.name} axis = {axis} : {x.type}", x.type)
    return _same_dims(out, x)


def cumulative_extreme(b: Builder, x: Value, axis: int, kind: str) -> tuple:
    """torch.cummax / cummin: the running max (min) along ``axis`` and the
    index where it was found, as torch's kernel updates its running pair:
    the later element wins when it is NaN or not beyond the running one
    (ties: the last index; once a NaN is seen it stays, with the last NaN's
    index). The values are one ``meld.cumulative``; an element took over
    exactly where it equals its running value (or is NaN), so the index is
    the running max of those positions."""
    axis = normalize_axis(axis, x.rank)
    if x.dtype == "i1":
        raise Unsupported(f"cum{kind} of booleans")
    v = _scan(b, x, kind, axis)
    k = iota(b, "i64", x.shape, b.dims(x), axis)
    took = compare(b, "eq", x, v)
    if is_float(x.dtype):
        took = logical(b, "or", took, compare(b, "ne", x, x))
    at = select(b, took, k, scalar_like(b, -1, k))
    idx = _scan(b, at, "max", axis)
    return v, idx


def cumulative(b: Builder, x: Value, axis: int, kind: str = "sum", exclusive: bool = False,
               reverse_: bool = False) -> Value:
    """Inclusive (or exclusive) running sum or product along ``axis``:
    ``meld.cumulative``, one pass along each row in index order, carried
    in f64 (halves in f32) as PyTorch's CPU kernels do.
    Exclusive, the identity first and the row shifted by one; reversed, the
    row flipped around it (over a dynamic axis both are gathers)."""
    axis = normalize_axis(axis, x.rank)
    n = x.shape[axis]
    if x.dtype == "i1":
        raise Unsupported(f"cumulative {kind} of booleans")
    ident = 0 if kind == "sum" else 1
    y = reverse(b, x, axis) if reverse_ else x
    if exclusive and n != 0:
        y = _shifted(b, y, axis, 1, ident)  # (the identity first)
    y = _scan(b, y, kind, axis)
    return reverse(b, y, axis) if reverse_ else y


# Pooling windows of more elements than this that tile their input are
# reduced as [.., O, K, ..] blocks (_reduce_tiled_windows), not summed over
# one view per kernel offset (EfficientNet's 320 x 320 average pooling was
# 102,400 views).
_MAX_WINDOW_VIEWS = 16
# Views of a pooling over dynamic spatial dims, at most (more: compiled per shape).
_MAX_DYNAMIC_WINDOW_VIEWS = 256


def _tiled_windows(x: Value, kernel, strides, dilations) -> bool:
    """Whether the windows tile ``x``'s trailing spatial dims: no dilation,
    and each dim's stride is its kernel (or it has a single window)."""
    lead = x.rank - len(kernel)
    for i, (k, s, d) in enumerate(zip(kernel, strides, dilations)):
        n = x.shape[lead + i]
        if n is None or n < k or (d != 1 and k > 1):
            return False
        if s != k and (n - k) // s + 1 != 1:
            return False
    return True


def _reduce_tiled_windows(b: Builder, x: Value, kind: str, kernel, strides):
    """Max or sum of each window of windows that tile ``x``
    (_tiled_windows): ``x`` cut to the windows' extent, reshaped to [..,
    O_1, K_1, .., O_d, K_d] and reduced over the K dims."""
    lead = x.rank - len(kernel)
    outs = [(x.shape[lead + i] - k) // s + 1 if s == k else 1
            for i, (k, s) in enumerate(zip(kernel, strides))]
    hi = list(x.shape[:lead]) + [o * k for o, k in zip(outs, kernel)]
    x = slice_static(b, x, [0] * x.rank, hi, [1] * x.rank)
    blocks = b.dims(x)[:lead]
    for o, k in zip(outs, kernel):
        blocks += [Dim(static=o), Dim(static=k)]
    y = reduce(b, "max" if kind == "max" else "sum", reshape(b, x, blocks),
               [lead + 2 * i + 1 for i in range(len(kernel))], False)
    return y, outs


def _windows_along(b: Builder, n: Dim, span: int, stride: int, ceil: bool = False) -> Dim:
    """How many windows of ``span`` elements, ``stride`` apart, fit in a
    dynamic extent ``n``: ``(n - span) // stride + 1``, as ``min(ceildiv(n -
    span + 1, stride), 2 (n - span) + 1)``, the same for ``n >= span`` and
    negative (a size the runtime refuses) for a shorter ``n``, as
    ``meld.conv``'s result formula. ``ceil``: a partial window at the end
    counts too, ``ceildiv(n - span, stride) + 1``, as ``min(c, 2 c - 1)``:
    the same where there is a window, also for an ``n`` shorter than the
    span (torch's one window over 2 elements with a kernel of 3), and
    negative where there is none."""
    f = b.index_arith("subi", n, span)
    if ceil:
        count = b.index_arith("addi", b.index_arith("ceildivsi", f, stride), 1)
        return b.index_arith("minsi", count, b.index_arith(
            "subi", b.index_arith("muli", count, 2), 1))
    count = b.index_arith("ceildivsi", b.index_arith("addi", f, 1), stride)
    return b.index_arith("minsi", count, b.index_arith("addi", b.index_arith("muli", f, 2), 1))


def _ceil_windows_along(b: Builder, size: Dim, lo: int, hi: int, span: int,
                        stride: int) -> Dim:
    """Ceil-mode windows along a dynamic extent ``size`` padded by ``lo`` and
    ``hi``: the partial window at the end counts, but none starts past the
    input (torch's rule)."""
    count = _windows_along(b, b.index_arith("addi", size, lo + hi), span, stride, True)
    return b.index_arith("minsi", count, b.index_arith(
        "ceildivsi", b.index_arith("addi", size, lo), stride))


def _sum_of_views(b: Builder, views) -> Value:
    """The elementwise sum of ``_window_views``' views."""
    acc = None
    for _, v in views:
        acc = v if acc is None else binary(b, "add", acc, v)
    return acc


def _window_views(b: Builder, x: Value, kernel, strides, dilations, counts=None):
    """For each kernel offset, the strided view of ``x``'s trailing spatial
    dims that the offset reads: ``[(offset, view)]``, and the number of
    windows along each dim (an int, or a ``Dim`` along a dynamic dim; a
    dynamic dim's from ``counts`` when it gives one).
    Along a static dim the view is a strided slice; along a dynamic one, a
    gather of the positions ``o * stride + offset * dilation`` for ``o`` up
    to ``(n - span) // stride + 1`` (computed at run time: an input shorter
    than the window gives a negative count, which the runtime refuses)."""
    spatial = len(kernel)
    lead = x.rank - spatial
    out_sizes = []
    for i, (k, s, d) in enumerate(zip(kernel, strides, dilations)):
        n = x.shape[lead + i]
        span = d * (k - 1) + 1
        if n is None:
            given = counts[i] if counts else None
            out_sizes.append(given if given is not None else
                             _windows_along(b, b.dim(x, lead + i), span, s))
            continue
        out_sizes.append(max(0, (n - span) // s + 1))
    ramps = {}  # (dim, offset) -> the positions a dynamic dim's view reads

    def positions(i, o):
        if (i, o) not in ramps:
            ramp = iota(b, "i64", (None,), [out_sizes[i]], 0)
            if strides[i] != 1:
                ramp = binary(b, "mul", ramp, scalar_like(b, strides[i], ramp))
            if o * dilations[i]:
                ramp = binary(b, "add", ramp, scalar_like(b, o * dilations[i], ramp))
            ramps[(i, o)] = ramp
        return ramps[(i, o)]

    views = []
    for offset in np.ndindex(*kernel):
        lo = [0] * x.rank
        hi = list(x.shape)
        st = [1] * x.rank
        for i, (o, s, d, m) in enumerate(zip(offset, strides, dilations, out_sizes)):
            if isinstance(m, Dim):
                continue
            lo[lead + i] = o * d
            hi[lead + i] = o * d + (m - 1) * s + 1 if m else o * d
            st[lead + i] = s
        view = slice_static(b, x, lo, hi, st)
        for i, (o, m) in enumerate(zip(offset, out_sizes)):
            if isinstance(m, Dim):
                view = gather(b, view, positions(i, o), lead + i)
        views.append((offset, view))
    return views, out_sizes


def pool(b: Builder, x: Value, kind: str, kernel, strides, dilations, pads_before,
         pads_after, count_include_pad: bool = False, ceil_mode: bool = False,
         with_indices: bool = False, divisor: Optional[float] = None):
    """Max or average pooling over the trailing ``len(kernel)`` dims
    (N, C, *spatial). ``with_indices`` (max only) also returns where each
    maximum is, as torch's max_pool does: the flat index into its input
    plane (i64) of the first maximum of the window, or of a NaN, which
    wins. ``divisor`` (average only): every window's sum is divided by it
    instead of by its element count (torch's divisor_override)."""
    if not is_float(x.dtype) and kind == "avg":
        raise Unsupported(f"average pooling of {x.dtype}")
    if kind == "avg" and x.dtype in ("f16", "bf16"):
        y = pool(b, cast(b, x, "f32"), kind, kernel, strides, dilations, pads_before,
                 pads_after, count_include_pad, ceil_mode, divisor=divisor)
        return cast(b, y, x.dtype)
    spatial = len(kernel)
    lead = x.rank - spatial
    pads_before = list(pads_before)
    pads_after = list(pads_after)
    declared_after = list(pads_after)
    dynamic = any(d is None for d in x.shape[lead:])
    if kind == "max" and dynamic and not with_indices and _clamped_max_pool_fits(
            x, kernel, dilations, pads_before, pads_after):
        return _clamped_max_pool(b, x, kernel, strides, dilations, pads_before, pads_after,
                                 ceil_mode)
    if dynamic and int(np.prod(kernel)) > _MAX_DYNAMIC_WINDOW_VIEWS:
        # (one view per kernel offset over a dynamic dim: EfficientNet's
        # 320 x 320 pooler took minutes to compile; at static sizes the
        # windows are blocks, or cut to the input)
        raise Unsupported(f"pooling with a {'x'.join(map(str, kernel))} window over a "
                          "dynamic spatial dimension")
    if ceil_mode and dynamic:
        if kind != "avg":
            raise Unsupported("ceil-mode max pooling over a dynamic spatial dimension "
                              "with dilations or padding as long as the window")
        return _ceil_avg_pool(b, x, kernel, strides, dilations, pads_before, pads_after,
                              count_include_pad, divisor)
    if ceil_mode:
        kernel = _clip_ceil_mode_kernel(x.shape[lead:], kernel, dilations, pads_before,
                                        pads_after)
        for i, (k, s, d) in enumerate(zip(kernel, strides, dilations)):
            pads_after[i] += _ceil_mode_extra_pad(x.shape[lead + i], pads_before[i],
                                                  pads_after[i], k, s, d)
    padded = x
    if any(pads_before) or any(pads_after):
        if kind == "max":
            fill = extreme_identity(x.dtype, "max")
        else:
            fill = 0
        padded = pad(b, x, [0] * lead + pads_before, [0] * lead + pads_after, "constant",
                     b.constant(np.asarray(fill, numpy_dtype(x.dtype)), x.dtype))
    tiled = not with_indices and int(np.prod(kernel)) > _MAX_WINDOW_VIEWS and \
        _tiled_windows(padded, kernel, strides, dilations)
    if tiled:
        # windows that tile the input (a global pooling's one window, or
        # stride = kernel): the input cut into [.., O, K, ..] and reduced
        # over the K dims, not one view per kernel offset
        acc, out_sizes = _reduce_tiled_windows(b, padded, kind, kernel, strides)
    else:
        views, out_sizes = _window_views(b, padded, kernel, strides, dilations)
    if with_indices:
        if kind != "max":
            raise FrontendError("indices of a pooling other than max")
        best = where_ = None
        for offset, v in views:
            here = _window_flat_index(b, x, v, offset, out_sizes, strides, dilations,
                                      pads_before)
            best, where_ = _keep_max(b, best, where_, v, here)
        return best, where_
    if not tiled:
        acc = None
        for _, v in views:
            acc = v if acc is None else binary(b, "max" if kind == "max" else "add", acc, v)
    if kind == "max":
        return acc
    if divisor is not None:
        return binary(b, "div", acc, scalar_like(b, float(divisor), acc))
    if dynamic:
        return binary(b, "div", acc, _dynamic_window_counts(
            b, x, kernel, strides, dilations, pads_before, declared_after, count_include_pad))
    counts = _window_counts(x.shape[lead:], out_sizes, kernel, strides, dilations,
                            pads_before, declared_after, count_include_pad)
    c = b.constant(counts.astype(numpy_dtype(x.dtype)), x.dtype)
    return binary(b, "div", acc, c)


def _ceil_avg_pool(b: Builder, x: Value, kernel, strides, dilations, pads_before,
                   pads_after, count_include_pad: bool, divisor: Optional[float]) -> Value:
    """Ceil-mode average pooling over dynamic spatial dims: the partial
    windows at the end count, as long as they start inside the input or its
    leading padding (torch's rule). Along a dynamic dim the input is padded
    with ``stride - 1`` more zeros at the end, the most a partial window can
    reach past the declared padding, and the windows are counted at run
    time (``_windows_along(.., ceil)`` less those starting past the input);
    along a static dim, by ``_ceil_mode_extra_pad``. Each sum is divided by
    its elements inside the input (and the declared padding, with
    ``count_include_pad``), the same windows summed over a tensor of ones,
    as torch divides (or by ``divisor``)."""
    lead = x.rank - len(kernel)
    counts, extra = [], []
    for i, (k, s, d, lo, hi) in enumerate(zip(kernel, strides, dilations, pads_before,
                                              pads_after)):
        n = x.shape[lead + i]
        if n is not None:
            counts.append(None)
            extra.append(_ceil_mode_extra_pad(n, lo, hi, k, s, d))
            continue
        counts.append(_ceil_windows_along(b, b.dim(x, lead + i), lo, hi, d * (k - 1) + 1, s))
        extra.append(s - 1)
    zeros_after = [0] * lead + [hi + e for hi, e in zip(pads_after, extra)]
    before = [0] * lead + list(pads_before)
    views, _ = _window_views(b, pad(b, x, before, zeros_after), kernel, strides, dilations,
                             counts)
    acc = _sum_of_views(b, views)
    if divisor is not None:
        return binary(b, "div", acc, scalar_like(b, float(divisor), acc))
    ones = full(b, 1, x.dtype, [1] * lead + list(x.shape[lead:]),
                [1] * lead + b.dims(x)[lead:])
    if count_include_pad:
        one = b.constant(np.asarray(1, numpy_dtype(x.dtype)), x.dtype)
        ones = pad(b, ones, before, [0] * lead + list(pads_after), "constant", one)
        ones = pad(b, ones, [0] * x.rank, [0] * lead + extra)
    else:
        ones = pad(b, ones, before, zeros_after)
    total = _sum_of_views(b, _window_views(b, ones, kernel, strides, dilations, counts)[0])
    # (at least 1, as _window_counts)
    return binary(b, "div", acc, binary(b, "max", total, scalar_like(b, 1.0, total)))


def _clip_ceil_mode_kernel(sizes, kernel, dilations, pads_before, pads_after) -> list:
    """A ceil-mode pooling's kernel cut, along each static dim where its
    span is longer than the input and its padding, to the taps that reach
    them: there it has one window (torch's ceil-mode rule), whose taps past
    them read only the zeros the partial window is padded with, which count
    in neither its sum nor its divisor (EfficientNet pools a 2 x 2 map with
    a 2560 x 2560 kernel, which had been padded to 2560 x 2560)."""
    kernel = list(kernel)
    for i, (n, k, d) in enumerate(zip(sizes, kernel, dilations)):
        full = None if n is None else n + pads_before[i] + pads_after[i]
        if full is not None and d * (k - 1) + 1 > full:
            kernel[i] = -(-full // d)
    return kernel


def _ceil_mode_extra_pad(n: int, lo: int, hi: int, k: int, s: int, d: int) -> int:
    """The padding a ceil-mode pooling adds after a static extent ``n`` (its
    own ``lo`` and ``hi`` around it) so that the partial windows at the end
    count; the last window must start inside the input or its leading
    padding."""
    full = n + lo + hi
    span = d * (k - 1) + 1
    out = -(-(full - span) // s) + 1
    if (out - 1) * s >= n + lo:
        out -= 1
    return max(0, (out - 1) * s + span - full)


def _clamped_max_pool_fits(x: Value, kernel, dilations, pads_before, pads_after) -> bool:
    """Whether ``_clamped_max_pool`` takes this max pooling: along each
    dynamic dim an undilated window whose padding is shorter than it, so
    that a position in the padding, clamped into the input, is one of the
    window's own."""
    lead = x.rank - len(kernel)
    return all(x.shape[lead + i] is not None or
               (d == 1 and 0 <= lo < k and 0 <= hi < k)
               for i, (k, d, lo, hi) in enumerate(zip(kernel, dilations, pads_before,
                                                      pads_after)))


def _clamped_max_pool(b: Builder, x: Value, kernel, strides, dilations, pads_before,
                      pads_after, ceil_mode: bool = False) -> Value:
    """Max pooling over dynamic spatial dims, one dim at a time (a maximum
    over a box is the maximum along each of its dims in turn). Along a
    dynamic dim, each kernel offset gathers the positions ``o * stride +
    offset - pad`` clamped into the input, with no padded copy: a clamped
    position is in the window (``_clamped_max_pool_fits``), where it counts
    once more, which leaves the maximum (and a NaN) as it is. Along a static
    dim, strided slices of the input padded with -inf. Over a dynamic image
    the views of every offset along both dims had been gathers from a
    padded copy: a ResNet's 3 x 3 stride 2 pooling at 112 x 112 ran 3.6 ms
    so, 0.41 at a static size (AMD EPYC Zen 4, 2 threads). ``ceil_mode``:
    the partial windows at the end count too, as long as they start inside
    the input or its leading padding (torch's rule), so that each holds
    an input element that its clamped positions land on."""
    lead = x.rank - len(kernel)
    y = x
    for i, (k, s, d, lo, hi) in enumerate(zip(kernel, strides, dilations, pads_before,
                                              pads_after)):
        axis = lead + i
        if k == 1 and s == 1 and lo == 0 and hi == 0:
            continue
        n = y.shape[axis]
        if n is not None:
            if ceil_mode:
                hi += _ceil_mode_extra_pad(n, lo, hi, k, s, d)
            before, after = [0] * y.rank, [0] * y.rank
            before[axis], after[axis] = lo, hi
            one = [1] * len(kernel)
            one[i], st = k, [1] * len(kernel)
            st[i] = s
            dl = [1] * len(kernel)
            dl[i] = d
            padded = y if not (lo or hi) else pad(
                b, y, before, after, "constant",
                b.constant(np.asarray(extreme_identity(y.dtype, "max"),
                                      numpy_dtype(y.dtype)), y.dtype))
            views, _ = _window_views(b, padded, one, st, dl)
        else:
            size = b.dim(y, axis)
            count = _ceil_windows_along(b, size, lo, hi, k, s) if ceil_mode else \
                _windows_along(b, b.index_arith("addi", size, lo + hi), k, s)
            starts = iota(b, "i64", (None,), [count], 0)
            if s != 1:
                starts = binary(b, "mul", starts, scalar_like(b, s, starts))
            last = None  # (n - 1, for the offsets that can pass the end)
            views = []
            for offset in range(k):
                at = starts
                if offset != lo:
                    at = binary(b, "add", at, scalar_like(b, offset - lo, at))
                if offset < lo:
                    at = binary(b, "max", at, scalar_like(b, 0, at))
                if offset > k - 1 - hi or ceil_mode:
                    if last is None:
                        last = broadcast_to(b, binary(b, "sub", size_value(b, size),
                                                      b.constant(np.int64(1), "i64")),
                                            (None,), [count])
                    at = binary(b, "min", at, last)
                views.append((offset, gather(b, y, at, axis)))
        acc = None
        for _, v in views:
            acc = v if acc is None else binary(b, "max", acc, v)
        y = acc
    return y


def _keep_max(b: Builder, best: Optional[Value], where_: Optional[Value], v: Value,
              here: Value):
    """One step of a max pooling's scan with indices: ``v`` (at ``here``)
    replaces the running ``best`` (at ``where_``) when greater or NaN, so the
    first maximum or the last NaN stays, as ATen's loops keep them."""
    if best is None:
        return v, here
    take = compare(b, "gt", v, best)
    if is_float(v.dtype):
        take = logical(b, "or", take, compare(b, "ne", v, v))
    return select(b, take, v, best), select(b, take, here, where_)


def _window_flat_index(b: Builder, x: Value, view: Value, offset, out_sizes, strides,
                       dilations, pads_before) -> Value:
    """Where each element of the window view ``view`` (kernel offset
    ``offset``) lies in its plane of ``x`` (the unpadded input), as a flat
    i64 index: a constant over static dims, else the sum of each spatial
    dim's positions ``o * stride + offset * dilation - pad`` times its
    row-major stride."""
    spatial = len(out_sizes)
    lead = x.rank - spatial
    starts = [o * d - pb for o, d, pb in zip(offset, dilations, pads_before)]
    if all(d is not None for d in x.shape[lead:]):
        plane = np.cumprod((tuple(x.shape[lead + 1:]) + (1,))[::-1])[::-1]
        grids = np.meshgrid(*[np.arange(m) * st + s0 for m, st, s0 in
                              zip(out_sizes, strides, starts)], indexing="ij")
        flat = sum(g * int(plane[i]) for i, g in enumerate(grids))
        return broadcast_to(b, b.constant(np.asarray(flat, np.int64), "i64"), view.shape,
                            b.dims(view))
    terms = []
    for i, (m, st, s0) in enumerate(zip(out_sizes, strides, starts)):
        m = m if isinstance(m, Dim) else Dim(static=m)
        ramp = iota(b, "i64", (m.static,), [m], 0)
        pos = binary(b, "add", binary(b, "mul", ramp, scalar_like(b, st, ramp)),
                     scalar_like(b, s0, ramp))
        pos = reshape(b, pos, [m] + [Dim(static=1)] * (spatial - 1 - i))
        terms.append(broadcast_to(b, pos, view.shape, b.dims(view)))
    return strided_sum(b, terms, _row_major_strides(b, b.dims(x)[lead:]))


def _dynamic_window_counts(b: Builder, x: Value, kernel, strides, dilations, pads_before,
                           pads_after, count_include_pad: bool) -> Value:
    """What average pooling over dynamic spatial dims (no ceil mode: every
    window inside the declared padding) divides each window by: the kernel's
    size when padding counts or there is none, else each window's elements
    inside the input, summed over the same windows of ones."""
    lead = x.rank - len(kernel)
    if count_include_pad or not any(pads_before) and not any(pads_after):
        return scalar_like(b, float(np.prod(kernel)), x)
    shape = [1] * lead + list(x.shape[lead:])
    ones = full(b, 1, x.dtype, shape, [1] * lead + b.dims(x)[lead:])
    ones = pad(b, ones, [0] * lead + list(pads_before), [0] * lead + list(pads_after))
    counts = _sum_of_views(b, _window_views(b, ones, kernel, strides, dilations)[0])
    # (at least 1, as _window_counts: a window wholly in the padding sums 0)
    return binary(b, "max", counts, scalar_like(b, 1.0, counts))


def _window_counts(sizes, out_sizes, kernel, strides, dilations, pads_before,
                   pads_after, count_include_pad: bool) -> np.ndarray:
    """What average pooling divides each window by: the number of its
    elements inside the input (or inside the declared padding too, with
    ``count_include_pad``). Per spatial dim, how many of a window's offsets
    land inside, and their outer product (the window is a box); at least 1."""
    counts = np.ones((), np.float64)
    for n, m, k, st, d, pb, pa in zip(sizes, out_sizes, kernel, strides, dilations,
                                      pads_before, pads_after):
        ix = np.arange(m)[:, None] * st + np.arange(k)[None, :] * d - pb
        lo_lim, hi_lim = (-pb, n + pa) if count_include_pad else (0, n)
        counts = np.multiply.outer(counts, ((ix >= lo_lim) & (ix < hi_lim)).sum(1))
    return np.maximum(counts, 1)


def avg_pool_backward(b: Builder, grad: Value, x: Value, kernel, strides, pads,
                      count_include_pad: bool, divisor: Optional[float] = None) -> Value:
    """The gradient of average pooling (``pool(.., "avg")``, symmetric
    padding ``pads``) with respect to its input ``x``: each window's
    gradient divided by what the window was divided by, and spread over the
    window: a transposed depthwise convolution with a kernel of ones,
    cropped or extended to ``x``'s size (ceil mode's last windows)."""
    spatial = len(kernel)
    lead = x.rank - spatial
    sizes, out_sizes = x.shape[lead:], grad.shape[lead:]
    if any(d is None for d in list(sizes) + list(out_sizes)) or x.shape[1] is None:
        raise Unsupported("average pooling's gradient over dynamic dims")
    # (a ceil-mode kernel longer than the input and its padding: one window,
    # its taps past them spread nothing that is kept)
    kernel = _clip_ceil_mode_kernel(sizes, kernel, [1] * spatial, pads, pads)
    if divisor is not None:
        g = binary(b, "div", grad, scalar_like(b, float(divisor), grad))
    else:
        counts = _window_counts(sizes, out_sizes, kernel, strides, [1] * spatial, pads, pads,
                                count_include_pad)
        g = binary(b, "div", grad, b.constant(counts.astype(numpy_dtype(x.dtype)), x.dtype))
    channels = x.shape[1]
    ones = b.constant(np.ones((channels, 1, *kernel), numpy_dtype(x.dtype)), x.dtype)
    output_padding = [n - ((m - 1) * s - 2 * p + k)
                      for n, m, s, p, k in zip(sizes, out_sizes, strides, pads, kernel)]
    y = conv_transpose(b, g, ones, None, strides, [1] * spatial, pads, pads, output_padding,
                       channels)
    return cast(b, y, x.dtype)


def conv(b: Builder, x: Value, w: Value, bias: Optional[Value], strides, dilations,
         pads_before, pads_after, groups: int) -> Value:
    """N-d convolution (1 to 3 spatial dims), NC* layout, weights
    O x (C/groups) x k*: one ``meld.conv``, plus the bias. Halves are
    summed in f32 (``meld.conv`` of halves gives f32), the bias added
    there, and the result rounded once, as a conv kernel (and torch) does."""
    if not is_float(x.dtype):
        raise Unsupported(f"convolution of {x.dtype}")
    sum_dtype = "f32" if x.dtype in ("f16", "bf16") else x.dtype
    spatial = w.rank - 2
    if x.rank != spatial + 2:
        raise FrontendError(f"convolution input of rank {x.rank} with weights of rank {w.rank}")
    if not 1 <= spatial <= 3:
        raise Unsupported(f"convolution with {spatial} spatial dims")
    if not w.type.static or x.shape[1] is None:
        raise Unsupported("convolution with dynamic channels (or weights)")
    w = cast(b, w, x.dtype)
    cin, cout = x.shape[1], w.shape[0]
    if cin % groups or cout % groups or w.shape[1] * groups != cin:
        raise FrontendError(f"channels {cin} -> {cout} do not split into {groups} groups")
    strides, dilations = list(map(int, strides)), list(map(int, dilations))
    lo, hi = list(map(int, pads_before)), list(map(int, pads_after))
    if any(p < 0 for p in lo + hi):
        # negative pads crop the input first
        x = pad(b, x, [0, 0] + [min(p, 0) for p in lo], [0, 0] + [min(p, 0) for p in hi])
        lo, hi = [max(p, 0) for p in lo], [max(p, 0) for p in hi]
    out, sizes = [x.shape[0], cout], [b.dim(x, 0), Dim(static=cout)]
    for j in range(spatial):
        span = dilations[j] * (w.shape[2 + j] - 1) + 1
        if x.shape[2 + j] is None:
            # a dynamic extent; the runtime refuses an input whose padding
            # cannot hold the kernel, as torch does
            out.append(None)
            sizes.append(_windows_along(b, b.index_arith("addi", b.dim(x, 2 + j), lo[j] + hi[j]),
                                        span, strides[j]))
            continue
        padded = x.shape[2 + j] + lo[j] + hi[j]
        if padded < span:
            raise FrontendError(f"convolution window {span} larger than the padded input "
                                f"{padded} along spatial dim {j}")
        out.append((padded - span) // strides[j] + 1)
        sizes.append(Dim(static=out[-1]))
    ty = TensorType(sum_dtype, tuple(out))
    y = b.op(f"meld.conv {x.name}, {w.name} strides = {strides} dilations = {dilations} "
             f"padding_low = {lo} padding_high = {hi} groups = {int(groups)} : "
             f"({x.type}, {w.type}) -> {ty}", ty)
    # the sizes come from the input's: epilogues sized by them stay
    # independent of the convolution's result, so they fuse into its kernel
    _record_sizes(b, y, sizes)
    if bias is not None:
        y = binary(b, "add", y, reshape(b, cast(b, bias, sum_dtype), [cout] + [1] * spatial))
    return cast(b, y, x.dtype)


def conv_transpose(b: Builder, x: Value, w: Value, bias: Optional[Value], strides,
                   dilations, pads_before, pads_after, output_padding, groups: int) -> Value:
    """Transposed convolution (the gradient of ``conv``), NC* layout, weights
    C x (O/groups) x k*: the input dilated by the strides and padded, then a
    plain convolution with the kernel flipped and its channels swapped.
    Over dynamic spatial dims too (the dilation a gather, the convolution
    over dynamic dims), padding no larger than the dilated kernel. Strided
    along static dims, with 16 input channels per group or more, it is
    computed by phases instead (:func:`_conv_transpose_by_phases`): no
    product with the zeros of the dilation."""
    spatial = w.rank - 2
    if not w.type.static or x.shape[1] is None:
        raise Unsupported("transposed convolution with dynamic channels or weights")
    cin = x.shape[1]
    cout_g = w.shape[1]
    if cin % groups:
        raise FrontendError(f"{cin} channels do not split into {groups} groups")
    strides, dilations = list(map(int, strides)), list(map(int, dilations))
    pads_before, pads_after = list(map(int, pads_before)), list(map(int, pads_after))
    output_padding = list(map(int, output_padding))
    # (Depthwise and narrow groups keep the dilated input: their direct form
    # is bound by memory, not by the zeros' products, and the phases' four
    # kernels and their interleaving ran a depthwise 3x3 gradient of stride
    # 2, 96 channels at 80 x 80, 7x slower.)
    if any(s > 1 for s in strides) and cin // groups >= 16 and \
            all(x.shape[2 + i] is not None for i, s in enumerate(strides) if s > 1):
        return _conv_transpose_by_phases(b, x, w, bias, strides, dilations, pads_before,
                                         pads_after, output_padding, groups)
    # dilate the input: (stride - 1) zeros between elements, each element
    # gathered to its place in one pass (a concatenation with zeros,
    # reshaped and cut, had copied it three times)
    xd = x
    for i, s in enumerate(strides):
        if s > 1:
            xd = _dilate(b, xd, 2 + i, s)
    kernel = list(w.shape[2:])
    before, after = [], []
    for i, k in enumerate(kernel):
        span = dilations[i] * (k - 1)
        before.append(span - pads_before[i])
        after.append(span - pads_after[i] + output_padding[i])
    # weights: [Cin, Cout_g, k*] -> per group [Cout_g, Cin_g, k*], flipped:
    # [G, Cin_g, Cout_g, k*] with the channel dims swapped (one transpose
    # for every group: a depthwise convolution's gradient had been a slice,
    # a transpose and a reverse per channel)
    cin_g = cin // groups
    k_dims = [Dim(static=k) for k in kernel]
    wf = reshape(b, w, [Dim(static=groups), Dim(static=cin_g), Dim(static=cout_g)] + k_dims)
    wf = transpose(b, wf, [0, 2, 1] + list(range(3, w.rank + 1)))
    wf = reshape(b, wf, [Dim(static=groups * cout_g), Dim(static=cin_g)] + k_dims)
    for i in range(spatial):
        wf = reverse(b, wf, 2 + i)
    # negative "before"/"after" (large pads) crop; the rest is the
    # convolution's own padding, which its lowering reads in place
    xd = pad(b, xd, [0, 0] + [min(p, 0) for p in before], [0, 0] + [min(p, 0) for p in after])
    return conv(b, xd, wf, bias, [1] * spatial, dilations, [max(p, 0) for p in before],
                [max(p, 0) for p in after], groups)


def _conv_transpose_by_phases(b: Builder, x: Value, w: Value, bias: Optional[Value],
                              strides, dilations, pads_before, pads_after,
                              output_padding, groups: int) -> Value:
    """A transposed convolution strided along static spatial dims, by
    phases: output position ``i = s j + r`` (``r < s``) takes only the taps
    ``k`` with ``r + pad - d k`` a multiple of ``s``, every ``t = s /
    gcd(s, d)``-th tap from the first, at input ``j + c - e m`` (``c`` that
    multiple over ``s``, ``e = d / gcd(s, d)``): per phase a transposed
    convolution with stride 1 and dilation ``e`` by that slice of the
    kernel, padded to ``ceil(n / s)`` outputs; the phases interleaved (a
    concatenation along a new dim, merged by a reshape) and the result cut
    to ``n``. The dilated form multiplied ``s - 1`` zeros of ``s`` per
    strided dim (3 of 4 products of a 2-D stride-2 gradient) through an
    input ``s^2`` times the size. A phase with no tap is zeros (and the
    bias)."""
    spatial = w.rank - 2
    strided = [i for i in range(spatial) if strides[i] > 1]
    out_len, phases = {}, {}
    for i in strided:
        s, d, k, lo = strides[i], dilations[i], w.shape[2 + i], pads_before[i]
        n = ((x.shape[2 + i] - 1) * s - lo - pads_after[i] + d * (k - 1) +
             output_padding[i] + 1)
        if n <= 0:
            raise FrontendError(f"transposed convolution with an empty output along "
                                f"spatial dim {i}")
        out_len[i] = n
        g = math.gcd(s, d)
        count = -(-n // s)  # outputs per phase
        phases[i] = []
        for r in range(s):
            taps = [t for t in range(k) if (r + lo - d * t) % s == 0]
            if not taps:
                phases[i].append(None)
                continue
            q = (r + lo - d * taps[0]) // s
            e = d // g
            # the stride-1 transposed convolution's length is
            # (n_in - 1) - q - q_hi + e (m - 1) + 1: q_hi for `count`
            q_hi = x.shape[2 + i] - 1 - q + e * (len(taps) - 1) + 1 - count
            phases[i].append((taps[0], s // g, len(taps), e, q, q_hi))
    results, zero_keys = {}, []
    for key in itertools.product(*(range(strides[i]) for i in strided)):
        picked = {i: phases[i][r] for i, r in zip(strided, key)}
        if any(p is None for p in picked.values()):
            zero_keys.append(key)
            continue
        starts, limits, steps = [0] * w.rank, list(w.shape), [1] * w.rank
        st, dil, lo, hi, op = ([1] * spatial, list(dilations), list(pads_before),
                               list(pads_after), list(output_padding))
        for i, (k0, t, m, e, q, q_hi) in picked.items():
            starts[2 + i], limits[2 + i], steps[2 + i] = k0, k0 + t * (m - 1) + 1, t
            dil[i], lo[i], hi[i], op[i] = e, q, q_hi, 0
        wk = slice_static(b, w, starts, limits, steps)
        results[key] = conv_transpose(b, x, wk, bias, st, dil, lo, hi, op, groups)
    like = next(iter(results.values()))
    for key in zero_keys:
        zero = broadcast_to(b, b.constant(np.zeros((), numpy_dtype(like.dtype)), like.dtype),
                            list(like.shape), b.dims(like))
        if bias is not None:
            cout = like.shape[1]
            zero = binary(b, "add", zero, reshape(b, cast(b, bias, like.dtype),
                                                  [cout] + [1] * spatial))
        results[key] = zero
    # interleave, the last strided dim first: [.., J, ..] pieces r = 0..s-1
    # as [.., J, s, ..], merged to [.., J s, ..]
    for pos in reversed(range(len(strided))):
        axis, s = 2 + strided[pos], strides[strided[pos]]
        merged = {}
        for key in sorted({k[:pos] for k in results}):
            pieces = []
            for r in range(s):
                v = results[key + (r,)]
                dims = b.dims(v)
                pieces.append(reshape(b, v, dims[:axis + 1] + [Dim(static=1)] +
                                      dims[axis + 1:]))
            both = concat(b, pieces, axis + 1)
            dims = b.dims(both)
            merged[key] = reshape(b, both, dims[:axis] +
                                  [Dim(static=dims[axis].static * s)] + dims[axis + 2:])
        results = merged
    out = results[()]
    limits = list(out.shape)  # (None: a dynamic dim, whole)
    for i in strided:
        limits[2 + i] = out_len[i]
    return slice_static(b, out, [0] * out.rank, limits, [1] * out.rank)


def _dilate(b: Builder, x: Value, axis: int, s: int) -> Value:
    """``x`` with ``s - 1`` zeros between its elements along ``axis``:
    element ``i`` of the result is ``x[i / s]`` where ``s`` divides ``i``,
    else 0 (along a dynamic dim, ``i`` from an iota of ``(n - 1) s + 1``)."""
    if x.shape[axis] is None:
        length = b.index_arith("addi", b.index_arith(
            "muli", b.index_arith("subi", b.dim(x, axis), 1), s), 1)
        at = iota(b, "i64", (None,), [length], 0)
        stride = scalar_like(b, s, at)
        picked = gather(b, x, binary(b, "div", at, stride), axis)
        keep = compare(b, "eq", binary(b, "rem", at, stride), scalar_like(b, 0, at))
        shape, sizes = [1] * x.rank, [Dim(static=1)] * x.rank
        shape[axis], sizes[axis] = None, length
        keep = reshape(b, keep, sizes)
        return select(b, keep, picked, b.constant(np.zeros((), numpy_dtype(x.dtype)), x.dtype))
    at = np.arange((x.shape[axis] - 1) * s + 1)
    picked = gather(b, x, b.constant((at // s).astype(np.int64), "i64"), axis)
    shape = [1] * x.rank
    shape[axis] = at.size
    keep = b.constant((at % s == 0).reshape(shape), "i1")
    return select(b, keep, picked, b.constant(np.zeros((), numpy_dtype(x.dtype)), x.dtype))


def einsum(b: Builder, equation: str, xs: Sequence[Value]) -> Value:
    """numpy.einsum for one or two operands without ellipses: transposes,
    diagonal-free reductions, and one batch matmul."""
    eq = equation.replace(" ", "")
    if "..." in eq:
        raise Unsupported("einsum with an ellipsis")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs = eq
        counts = {}
        for ch in lhs.replace(",", ""):
            counts[ch] = counts.get(ch, 0) + 1
        out = "".join(sorted(ch for ch, n in counts.items() if n == 1))
    terms = lhs.split(",")
    if len(terms) != len(xs):
        raise FrontendError(f"einsum '{equation}' for {len(xs)} operands")
    for t, x in zip(terms, xs):
        if len(t) != x.rank or len(set(t)) != len(t):
            raise Unsupported(f"einsum term '{t}' (repeated letters or rank mismatch)")
    if len(xs) == 1:
        (t,), (x,) = terms, xs
        summed = [i for i, ch in enumerate(t) if ch not in out]
        y = reduce(b, "sum", x, summed, False) if summed else x
        rest = [ch for ch in t if ch in out]
        return transpose(b, y, [rest.index(ch) for ch in out])
    if len(xs) != 2:
        raise Unsupported("einsum of more than two operands")
    (ta, tb), (a, bb) = terms, xs
    # letters only in one operand and not in the output are summed first
    for idx, (t, x) in enumerate(((ta, a), (tb, bb))):
        other = tb if idx == 0 else ta
        lone = [i for i, ch in enumerate(t) if ch not in out and ch not in other]
        if lone:
            x = reduce(b, "sum", x, lone, False)
            t = "".join(ch for i, ch in enumerate(t) if i not in lone)
        if idx == 0:
            ta, a = t, x
        else:
            tb, bb = t, x
    batch = [ch for ch in ta if ch in tb and ch in out]
    contract = [ch for ch in ta if ch in tb and ch not in out]
    m_letters = [ch for ch in ta if ch not in tb]
    n_letters = [ch for ch in tb if ch not in ta]
    size = {}
    for t, x in ((ta, a), (tb, bb)):
        for i, ch in enumerate(t):
            size[ch] = b.dim(x, i)

    def prod(letters):
        p: DimLike = Dim(static=1)
        for ch in letters:
            p = b.index_arith("muli", p, size[ch])
        return p
    a3 = reshape(b, transpose(b, a, [ta.index(ch) for ch in batch + m_letters + contract]),
                 [prod(batch), prod(m_letters), prod(contract)])
    b3 = reshape(b, transpose(b, bb, [tb.index(ch) for ch in batch + contract + n_letters]),
                 [prod(batch), prod(contract), prod(n_letters)])
    ty = TensorType(a.dtype, (a3.shape[0], a3.shape[1], b3.shape[2]))
    c3 = b.op(f"meld.batch_matmul {a3.name}, {b3.name} : {a3.type}, {b3.type} -> {ty}", ty)
    letters = batch + m_letters + n_letters
    c = reshape(b, c3, [size[ch] for ch in letters])
    return transpose(b, c, [letters.index(ch) for ch in out])


TABLE = {
    name: fn for name, fn in list(globals().items())
    if callable(fn) and not name.startswith("_") and fn.__module__ == __name__
}
"""The op table: every framework-neutral lowering, by name."""


# -- inverse trigonometric and hyperbolic functions ------------------------------
#
# Written with meld's elementwise ops: atan by Cephes' atanf (range reduction
# to |x| <= tan(pi/8), then a degree-9 odd polynomial), accurate to a few f32
# ulp; the others by their identities. Half inputs are computed in f32; f64
# inputs get f32 accuracy (documented in docs/frontends.md).

def _in_f32(b: Builder, x: Value):
    compute = "f32" if x.dtype in ("f16", "bf16") else x.dtype
    return cast(b, x, compute)


# Cephes' double-precision atan: P(z) / Q(z) (Q monic).
_ATAN_P = (-8.750608600031904122785e-1, -1.615753718733365076637e1,
           -7.500855792314704667340e1, -1.228866684490136173410e2,
           -6.485021904942025371773e1)
_ATAN_Q = (2.485846490142306297962e1, 1.650270098316988542046e2,
           4.328810604912902668951e2, 4.853903996359136964868e2,
           1.945506571482613964425e2)


def atan(b: Builder, x: Value) -> Value:
    if not is_float(x.dtype):
        raise Unsupported(f"atan of {x.dtype}")
    xs = _in_f32(b, x)

    def c(v):
        return scalar_like(b, v, xs)
    double = xs.dtype == "f64"
    ax = unary(b, "abs", xs)
    big = compare(b, "gt", ax, c(2.414213562373095))      # tan(3 pi / 8)
    # tan(pi / 8) for float (Cephes' atanf), 0.66 for double (its atan)
    mid = compare(b, "gt", ax, c(0.66 if double else 0.4142135623730950))
    # the reduced argument and the angle it is measured from
    r_big = unary(b, "neg", reciprocal(b, ax))
    r_mid = binary(b, "div", binary(b, "sub", ax, c(1.0)), binary(b, "add", ax, c(1.0)))
    r = select(b, big, r_big, select(b, mid, r_mid, ax))
    base = select(b, big, c(np.pi / 2), select(b, mid, c(np.pi / 4), c(0.0)))
    z = binary(b, "mul", r, r)
    if double:
        # Cephes' atan: r + r z P(z) / Q(z), and the low bits of pi / 2
        # (pi / 4) added to the reduced part
        p = _horner(b, _ATAN_P, z)
        q = _horner(b, (1.0,) + _ATAN_Q, z)
        t = binary(b, "add", binary(b, "mul", r, binary(b, "div", binary(b, "mul", z, p), q)), r)
        more = select(b, big, c(6.123233995736765886130e-17),
                      select(b, mid, c(0.5 * 6.123233995736765886130e-17), c(0.0)))
        y = binary(b, "add", base, binary(b, "add", t, more))
    else:
        p = _horner(b, (8.05374449538e-2, -1.38776856032e-1, 1.99777106478e-1,
                        -3.33329491539e-1), z)
        y = binary(b, "add", base,
                   binary(b, "add", binary(b, "mul", binary(b, "mul", p, z), r), r))
    neg = compare(b, "lt", xs, c(0.0))
    return cast(b, select(b, neg, unary(b, "neg", y), y), x.dtype)


def asin(b: Builder, x: Value) -> Value:
    """asin(x) = atan(x / sqrt((1 - x)(1 + x))): NaN outside [-1, 1]."""
    xs = _in_f32(b, x)
    one = scalar_like(b, 1.0, xs)
    root = unary(b, "sqrt", binary(b, "mul", binary(b, "sub", one, xs), binary(b, "add", one, xs)))
    return cast(b, atan(b, binary(b, "div", xs, root)), x.dtype)


def acos(b: Builder, x: Value) -> Value:
    """acos(x) = 2 atan(sqrt((1 - x) / (1 + x))), exact at both ends."""
    xs = _in_f32(b, x)
    one = scalar_like(b, 1.0, xs)
    q = unary(b, "sqrt", binary(b, "div", binary(b, "sub", one, xs), binary(b, "add", one, xs)))
    t = atan(b, q)
    return cast(b, binary(b, "add", t, t), x.dtype)


def _odd_series(b: Builder, x: Value, coefs) -> Value:
    """x (1 + c1 x^2 + c2 x^4 + ...): the small-argument form of an odd
    function, where its log form would cancel to nothing."""
    z = binary(b, "mul", x, x)
    p = scalar_like(b, coefs[-1], x)
    for c in reversed(coefs[:-1]):
        p = binary(b, "add", binary(b, "mul", p, z), scalar_like(b, c, x))
    return binary(b, "mul", x, binary(b, "add", binary(b, "mul", p, z), scalar_like(b, 1.0, x)))


_SMALL = 1.0 / 64   # below it the series (three terms) is exact to f32
_HUGE = 1.0e18      # above it x^2 overflows f32: log(2|x|) is exact there


def _log_2x(b: Builder, ax: Value) -> Value:
    return binary(b, "add", unary(b, "log", ax), scalar_like(b, float(np.log(2.0)), ax))


def asinh(b: Builder, x: Value) -> Value:
    """sign(x) log(|x| + sqrt(x^2 + 1)); its series near 0 and log(2|x|)
    for huge |x|."""
    xs = _in_f32(b, x)
    ax = unary(b, "abs", xs)
    r = unary(b, "sqrt", binary(b, "add", binary(b, "mul", ax, ax), scalar_like(b, 1.0, ax)))
    y = unary(b, "log", binary(b, "add", ax, r))
    y = select(b, compare(b, "gt", ax, scalar_like(b, _HUGE, ax)), _log_2x(b, ax), y)
    y = select(b, compare(b, "lt", ax, scalar_like(b, _SMALL, ax)),
               _odd_series(b, ax, [-1.0 / 6, 3.0 / 40, -5.0 / 112]), y)
    return cast(b, select(b, compare(b, "lt", xs, scalar_like(b, 0.0, xs)),
                          unary(b, "neg", y), y), x.dtype)


def acosh(b: Builder, x: Value) -> Value:
    """log(x + sqrt(x^2 - 1)), log(2x) for huge x: NaN below 1."""
    xs = _in_f32(b, x)
    r = unary(b, "sqrt", binary(b, "sub", binary(b, "mul", xs, xs), scalar_like(b, 1.0, xs)))
    y = unary(b, "log", binary(b, "add", xs, r))
    y = select(b, compare(b, "gt", xs, scalar_like(b, _HUGE, xs)), _log_2x(b, xs), y)
    return cast(b, y, x.dtype)


def atanh(b: Builder, x: Value) -> Value:
    """log((1 + x) / (1 - x)) / 2; its series near 0."""
    xs = _in_f32(b, x)
    one = scalar_like(b, 1.0, xs)
    q = binary(b, "div", binary(b, "add", one, xs), binary(b, "sub", one, xs))
    y = binary(b, "mul", unary(b, "log", q), scalar_like(b, 0.5, xs))
    small = compare(b, "lt", unary(b, "abs", xs), scalar_like(b, _SMALL, xs))
    y = select(b, small, _odd_series(b, xs, [1.0 / 3, 1.0 / 5, 1.0 / 7]), y)
    return cast(b, y, x.dtype)


# -- indexing: gather_nd, scatter, top-k -----------------------------------------

def normalized_index(b: Builder, idx: Value, n: int) -> Value:
    """An i64 index with negative values counted from the end (``+ n``)."""
    idx = cast(b, idx, "i64")
    return select(b, compare(b, "lt", idx, scalar_like(b, 0, idx)),
                  binary(b, "add", idx, scalar_like(b, n, idx)), idx)


def gather_nd(b: Builder, x: Value, indices: Value, batch_dims: int = 0) -> Value:
    """ONNX GatherND / numpy ``x[tuple(indices.T)]`` with leading batch
    dims: a gather from ``x`` flattened over the batch and indexed dims, at
    offsets computed from the index tuples. Out-of-range indices stay a
    run-time error (they are mapped past the end)."""
    if not x.type.static or not indices.type.static:
        raise Unsupported("gather_nd with dynamic dims")
    if indices.rank == 0:
        raise FrontendError("gather_nd indices must have rank >= 1")
    k = indices.shape[-1]
    bd = batch_dims
    if bd + k > x.rank:
        raise FrontendError("gather_nd index tuples are longer than the data's rank")
    batch = x.shape[:bd]
    indexed = x.shape[bd:bd + k]
    rest = x.shape[bd + k:]
    nb, ni = int(np.prod(batch)), int(np.prod(indexed))
    flat_x = reshape(b, x, [nb * ni] + list(rest))
    lead = indices.shape[:-1]
    idx = cast(b, indices, "i64")
    flat = None
    bad = None
    strides = np.cumprod((indexed[1:] + (1,))[::-1])[::-1]
    for j in range(k):
        col = squeeze(b, _slice_axis(b, idx, idx.rank - 1, j, j + 1), [idx.rank - 1])
        col = normalized_index(b, col, indexed[j])
        out_of_range = logical(b, "or", compare(b, "lt", col, scalar_like(b, 0, col)),
                               compare(b, "ge", col, scalar_like(b, indexed[j], col)))
        bad = out_of_range if bad is None else logical(b, "or", bad, out_of_range)
        term = col if strides[j] == 1 else binary(b, "mul", col, scalar_like(b, int(strides[j]), col))
        flat = term if flat is None else binary(b, "add", flat, term)
    if flat is None:
        flat = full(b, 0, "i64", lead)
        bad = full(b, False, "i1", lead)
    if bd:
        bflat = None
        bstrides = np.cumprod((batch[1:] + (1,))[::-1])[::-1]
        for d in range(bd):
            term = iota(b, "i64", lead, [Dim(static=s) for s in lead], d)
            term = binary(b, "mul", term, scalar_like(b, int(bstrides[d]) * ni, term))
            bflat = term if bflat is None else binary(b, "add", bflat, term)
        flat = binary(b, "add", flat, bflat)
    flat = select(b, bad, scalar_like(b, nb * ni, flat), flat)
    return gather(b, flat_x, flat, 0)


_SCATTER_REDUCE = {"none": None, "add": "add", "mul": "mul", "max": "max", "min": "min"}


def _check_static(what: str, *values: Value):
    for v in values:
        if not v.type.static:
            raise Unsupported(f"{what} with dynamic dims")


def _in_range_rows(b: Builder, rows: Value, n: int) -> Value:
    """Rows out of [0, n) made a run-time error (a gather past the end)."""
    bad = logical(b, "or", compare(b, "lt", rows, scalar_like(b, 0, rows)),
                  compare(b, "ge", rows, scalar_like(b, n, rows)))
    probe = gather(b, full(b, 0, "i64", (n,)), select(b, bad, scalar_like(b, n, rows), rows), 0)
    # adding the gathered zeros keeps the check in the program
    return binary(b, "add", rows, probe)


def scatter(b: Builder, data: Value, indices: Value, updates: Value, axis: int,
            reduction: str = "none") -> Value:
    """``meld.scatter``: ONNX ScatterElements / torch.scatter(_reduce):
    ``data[..., indices[p], ...] (op)= updates[p]`` along ``axis``, in
    row-major order of the updates (with ``none`` the last update of a
    position wins); an index out of range is a run-time error."""
    if reduction not in _SCATTER_REDUCE:
        raise Unsupported(f"scatter reduction '{reduction}'")
    if data.rank == 0 and indices.rank <= 1 and indices.shape == updates.shape and \
            indices.type.static:
        # a scalar (torch's dim 0 or -1 of one, its index a scalar or a
        # vector of one): as a vector of one element
        one, n = [Dim(static=1)], [Dim(static=max(indices.type.numel(), 1))]
        out = scatter(b, reshape(b, data, one), reshape(b, indices, n),
                      reshape(b, updates, n), 0, reduction)
        return reshape(b, out, [])
    if indices.type.static and updates.type.static and indices.type.numel() == 0 and \
            updates.type.numel() == 0:
        return data  # (no update; torch lets an empty index differ in rank)
    axis = normalize_axis(axis, data.rank)
    if indices.shape != updates.shape or indices.rank != data.rank:
        raise FrontendError("scatter: indices and updates must have one shape, "
                            "of the data's rank")
    updates = cast(b, updates, data.dtype)
    if data.dtype == "i1" and reduction in ("add", "mul"):
        raise Unsupported(f"scatter reduction '{reduction}' on booleans")
    if indices.dtype not in ("i32", "i64"):
        indices = cast(b, indices, "i64")
    if updates.type.numel() == 0:
        return data
    out = b.op(f'meld.scatter {data.name}, {indices.name}, {updates.name} axis = {axis} '
               f'reduction = "{reduction}" : ({data.type}, {indices.type}, {updates.type}) '
               f'-> {data.type}', data.type)
    return _same_dims(out, data)


def scatter_nd(b: Builder, data: Value, indices: Value, updates: Value,
               reduction: str = "none") -> Value:
    """ONNX ScatterND (and torch index_put): ``data`` with the slices that
    the index tuples (last dim of ``indices``) name replaced by, or reduced
    with (add, mul, max, min), ``updates``: the indexed dims flattened into
    one, and a ``meld.scatter`` of whole rows along it. Tuples apply in
    order (a duplicate tuple's last update wins with ``none``)."""
    if reduction not in _SCATTER_REDUCE:
        raise Unsupported(f"scatter reduction '{reduction}'")
    _check_static("scatter_nd", data, indices, updates)
    if indices.rank == 0:
        raise FrontendError("scatter_nd indices must have rank >= 1")
    k = indices.shape[-1]
    indexed, rest = data.shape[:k], data.shape[k:]
    n, r = int(np.prod(indexed)), int(np.prod(rest))
    m = int(np.prod(indices.shape[:-1]))
    if m == 0:
        return data  # no updates
    idx = reshape(b, cast(b, indices, "i64"), [m, k])
    rows = None
    strides = np.cumprod((indexed[1:] + (1,))[::-1])[::-1]
    for j in range(k):
        col = reshape(b, _slice_axis(b, idx, 1, j, j + 1), [m])
        # each index in range of its own dim (a flat row in range is not enough)
        col = _in_range_rows(b, normalized_index(b, col, indexed[j]), indexed[j])
        term = col if strides[j] == 1 else binary(b, "mul", col, scalar_like(b, int(strides[j]), col))
        rows = term if rows is None else binary(b, "add", rows, term)
    if rows is None:
        rows = full(b, 0, "i64", (m,))
    rows2 = broadcast_to(b, reshape(b, rows, [m, 1]), (m, r), [Dim(static=m), Dim(static=r)])
    out = scatter(b, reshape(b, data, [n, r]), rows2, reshape(b, updates, [m, r]), 0,
                  reduction)
    return reshape(b, out, list(data.shape))


def scatter_elements(b: Builder, data: Value, indices: Value, updates: Value, axis: int,
                     reduction: str = "none") -> Value:
    """ONNX ScatterElements / torch.scatter(_reduce): one ``meld.scatter``."""
    return scatter(b, data, indices, updates, axis, reduction)


def argsort(b: Builder, x: Value, axis: int, descending: bool = False) -> Value:
    """``meld.argsort``: the i64 indices that sort ``x`` along ``axis``,
    equal elements in index order (stable), NaN as the greatest
    (torch.sort; ONNX TopK's order)."""
    axis = normalize_axis(axis, x.rank)
    ty = TensorType("i64", x.shape)
    order = " descending" if descending else ""
    out = b.op(f"meld.argsort {x.name} axis = {axis}{order} : ({x.type}) -> {ty}", ty)
    return _same_dims(out, x)


def top_k(b: Builder, x: Value, k: int, axis: int, largest: bool = True):
    """The k largest (or smallest) elements along ``axis``, sorted, with
    their i64 indices; equal elements in index order, NaN the largest. One
    arg-reduction for k = 1 (it fuses into its producer's kernel); else the
    first k of ``meld.argsort``'s order."""
    axis = normalize_axis(axis, x.rank)
    n = x.shape[axis]
    if n is None:
        raise Unsupported("top_k over a dynamic dimension")
    if not 0 <= k <= n:
        raise FrontendError(f"top_k of {k} elements from {n}")
    if k == 0:
        if not x.type.static:
            raise Unsupported("top_k of no elements from a tensor with dynamic dims")
        shape = list(x.shape)
        shape[axis] = 0
        return (b.constant(np.zeros(shape, numpy_dtype(x.dtype)), x.dtype),
                b.constant(np.zeros(shape, np.int64), "i64"))
    if k == 1 and x.dtype != "i1":
        i = reduce(b, "argmax" if largest else "argmin", x, [axis], True)
        return take_along_axis(b, x, i, axis), i
    indices = argsort(b, x, axis, descending=largest)
    if k < n:
        limits = list(x.shape)
        limits[axis] = k
        indices = slice_static(b, indices, [0] * x.rank, limits, [1] * x.rank)
    return take_along_axis(b, x, indices, axis), indices


def sort(b: Builder, x: Value, axis: int, descending: bool = False):
    """(values, i64 indices) of ``x`` sorted along ``axis``, equal elements
    in index order (stable), NaN as the greatest (torch.sort):
    ``meld.argsort`` and the values at its order."""
    axis = normalize_axis(axis, x.rank)
    indices = argsort(b, x, axis, descending)
    # The values as two scatters (kernels of their own: inverse[indices[p]]
    # = p, then values[inverse[p]] = x[p]), not a gather: a gather fuses
    # into its readers, and the log-step scans that follow a sort (mode's
    # runs, a top-p cumsum) recompute their inputs per step, so a fused
    # gather was copied hundreds of times (mode of 4 x 300: a kernel of
    # 80K lines that LLVM did not finish compiling in minutes).
    positions = iota(b, "i64", x.shape, b.dims(x), axis)
    inverse = scatter(b, positions, indices, positions, axis)
    return scatter(b, x, inverse, x, axis), indices

def mode(b: Builder, x: Value, axis: int, keepdims: bool = False):
    """torch.mode along ``axis``: (the most frequent value, the last index
    where it occurs); of equally frequent values the smallest, and each NaN
    counted once (NaN != NaN), as ATen's kernel counts the runs of its sort.
    The stable sort puts equal values in runs in index order, so a run's
    last element holds its value's last index; ``k - start(k)`` is largest,
    first, at the end of the first longest run."""
    axis = normalize_axis(axis, x.rank)
    if not x.type.static:
        raise Unsupported("mode of a tensor with dynamic dims")
    if x.dtype == "i1":
        values, indices = mode(b, cast(b, x, "i32"), axis, keepdims)
        return cast(b, values, "i1"), indices
    s, perm = sort(b, x, axis)
    k = iota(b, "i64", s.shape, b.dims(s), axis)
    first = compare(b, "eq", k, scalar_like(b, 0, k))
    starts = logical(b, "or", first, compare(b, "ne", s, _shifted(b, s, axis, 1, 0)))
    start = cumulative_extreme(b, select(b, starts, k, scalar_like(b, 0, k)), axis, "max")[0]
    at = reduce(b, "argmax", binary(b, "sub", k, start), [axis], True)
    values, indices = take_along_axis(b, s, at, axis), take_along_axis(b, perm, at, axis)
    if not keepdims:
        values, indices = squeeze(b, values, [axis]), squeeze(b, indices, [axis])
    return values, indices


# -- narrow integers ---------------------------------------------------------------
#
# Meld's integers are i8, i32 and i64, signed. A frontend's uint8, uint16,
# uint32 and int16 values are held widened ("carried") in i32 or i64, each
# op computing on the carrier, and brought back into the narrow type's range
# after every op that can leave it: a mask for unsigned types (two's
# complement arithmetic modulo 2^64 keeps the low bits exact, so add, sub,
# mul and shifts wrap as the narrow type does), a sign extension for int16.
# Comparisons, division, remainders, max/min, casts to float and data
# movement are exact on in-range carriers. The frontend's call boundary
# converts arrays to and from the carriers.

# narrow type -> (carrier, bits, signed, numpy dtype)
NARROW_TYPES = {
    "u8": ("i32", 8, False, np.uint8),
    "u16": ("i32", 16, False, np.uint16),
    "u32": ("i64", 32, False, np.uint32),
    "i16": ("i32", 16, True, np.int16),
}


def wrap_narrow(b: Builder, x: Value, narrow: str) -> Value:
    """``x`` (a carrier) brought into ``narrow``'s range, as the narrow
    type's arithmetic wraps."""
    carrier, bits, signed, np_type = NARROW_TYPES[narrow]
    if x.dtype != carrier:
        raise FrontendError(f"{narrow} held in {x.dtype}, not {carrier}")
    if _fold(x):
        out = b.constant(x.const.astype(np_type).astype(numpy_dtype(carrier)), carrier)
    elif signed:
        shift = scalar_like(b, int(np.iinfo(numpy_dtype(carrier)).bits) - bits, x)
        out = binary(b, "shift_right", binary(b, "shift_left", x, shift), shift)
    else:
        out = binary(b, "and", x, scalar_like(b, (1 << bits) - 1, x))
    out.narrow = narrow
    return out


# -- linear quantization -------------------------------------------------------------

# quantized type (meld element type or narrow type) -> its range
QUANT_RANGES = {"i8": (-128, 127), "u8": (0, 255), "i16": (-32768, 32767),
                "u16": (0, 65535)}


def _quant_param(b: Builder, v: Value, x: Value, axis: int, block_size: int) -> Value:
    """A scale or zero point made to broadcast against ``x``: a scalar,
    one per slice along ``axis``, or one per block of ``block_size``
    elements along it."""
    if v.rank == 0:
        return v
    if v.type.static and v.type.numel() == 1:
        return reshape(b, v, [])
    axis = normalize_axis(axis, x.rank)
    if not block_size:
        if v.rank != 1:
            raise FrontendError("a per-axis scale or zero point must be 1-D")
        shape = [Dim(static=1)] * x.rank
        shape[axis] = b.dim(v, 0)
        return reshape(b, v, shape)
    n = x.shape[axis]
    if n is None or v.rank != x.rank:
        raise Unsupported("blocked quantization over a dynamic axis")
    picks = np.arange(n, dtype=np.int64) // block_size
    return gather(b, v, b.constant(picks, "i64"), axis)


def quantize(b: Builder, x: Value, scale: Value, zero_point: Optional[Value], axis: int,
             block_size: int, target: str, saturate: bool = True) -> Value:
    """saturate(round_half_even(x / scale) + zero_point) in ``target`` (a
    key of QUANT_RANGES), as ONNX QuantizeLinear: the result in its
    carrier (i8, or i32 for the narrow types), marked narrow."""
    if not is_float(x.dtype) or scale.dtype != x.dtype:
        raise Unsupported(f"quantizing {x.dtype} by a {scale.dtype} scale")
    if target in NARROW_FLOATS:
        # x / scale rounded into the type; float8 zero points must be 0 and
        # are not read (as onnx's reference), float4's are added
        q = binary(b, "div", cast(b, x, "f32"),
                   cast(b, _quant_param(b, scale, x, axis, block_size), "f32"))
        if zero_point is not None and not NARROW_FLOATS[target].has_nan:
            q = binary(b, "add", q, cast(b, _quant_param(b, zero_point, x, axis, block_size),
                                         "f32"))
        return round_narrow_float(b, q, target, saturate)
    lo, hi = QUANT_RANGES[target]
    # (compiled code divides exactly here: a quotient rounded to an integer
    # never becomes a reciprocal multiply, see meld-convert-to-linalg)
    q = unary(b, "round", binary(b, "div", x, _quant_param(b, scale, x, axis, block_size)))
    qi = cast(b, q, "i32")
    if zero_point is not None:
        qi = binary(b, "add", qi, cast(b, _quant_param(b, zero_point, x, axis, block_size), "i32"))
    qi = clamp(b, qi, scalar_like(b, lo, qi), scalar_like(b, hi, qi))
    if target == "i8":
        return cast(b, qi, "i8")
    qi.narrow = target
    return qi


def dequantize(b: Builder, x: Value, scale: Value, zero_point: Optional[Value], axis: int,
               block_size: int, out: str) -> Value:
    """(x - zero_point) * scale, as ONNX DequantizeLinear: in f32 (f64 for
    a double scale), rounded once to ``out``."""
    compute = "f64" if scale.dtype == "f64" else "f32"
    dx = cast(b, x, compute)
    if zero_point is not None:
        dx = binary(b, "sub", dx, cast(b, _quant_param(b, zero_point, x, axis, block_size),
                                        compute))
    y = binary(b, "mul", dx, cast(b, _quant_param(b, scale, x, axis, block_size), compute))
    return cast(b, y, out)


# -- narrow floats (float8, float4) -----------------------------------------------------
#
# Every float8 and float4 value is exactly an f32, so these types are carried
# in f32 like the narrow integers, and a result of theirs is rounded into the
# type's value set with meld ops: round to nearest even at the binade's
# quantum (a power of two, picked by comparisons with exact constants, so the
# division and multiplication by it are exact), then the type's overflow rule.

@dataclass(frozen=True)
class NarrowFloat:
    mantissa_bits: int
    min_exp: int          # the smallest normal is 2^min_exp
    max_exp: int          # the largest binade is [2^max_exp, 2^(max_exp+1))
    max_value: float
    has_inf: bool         # overflow without saturation: inf (else NaN)
    has_nan: bool
    np_name: str          # the ml_dtypes type


NARROW_FLOATS = {
    "f8e4m3fn": NarrowFloat(3, -6, 8, 448.0, False, True, "float8_e4m3fn"),
    "f8e4m3fnuz": NarrowFloat(3, -7, 7, 240.0, False, True, "float8_e4m3fnuz"),
    "f8e5m2": NarrowFloat(2, -14, 15, 57344.0, True, True, "float8_e5m2"),
    "f8e5m2fnuz": NarrowFloat(2, -15, 15, 57344.0, False, True, "float8_e5m2fnuz"),
    "f4e2m1fn": NarrowFloat(1, 0, 2, 6.0, False, False, "float4_e2m1fn"),
}


def narrow_float_numpy(narrow: str):
    import ml_dtypes

    return getattr(ml_dtypes, NARROW_FLOATS[narrow].np_name)


def round_narrow_float(b: Builder, x: Value, narrow: str, saturate: bool = True) -> Value:
    """``x`` (f32) rounded to the nearest value of ``narrow`` (ties to
    even), as ONNX Cast does: with ``saturate`` an overflow (infinities
    included) gives the largest finite value of its sign; without it
    infinity where the type has one, else NaN. NaN stays NaN."""
    t = NARROW_FLOATS[narrow]
    if x.dtype != "f32":
        raise FrontendError(f"{narrow} held in {x.dtype}, not f32")
    if not t.has_nan and not t.has_inf:
        saturate = True  # nothing else to overflow to (ONNX: saturate has no effect)

    def c(v):
        return scalar_like(b, float(v), x)
    a = unary(b, "abs", x)
    quantum = c(2.0 ** (t.min_exp - t.mantissa_bits))
    for e in range(t.min_exp + 1, t.max_exp + 1):
        quantum = select(b, compare(b, "ge", a, c(2.0 ** e)), c(2.0 ** (e - t.mantissa_bits)),
                         quantum)
    r = binary(b, "mul", unary(b, "round", binary(b, "div", a, quantum)), quantum)
    over = compare(b, "gt", r, c(t.max_value))
    if saturate:
        r = select(b, over, c(t.max_value), r)
    else:
        r = select(b, over, c(np.inf if t.has_inf else np.nan), r)
    out = select(b, compare(b, "lt", x, c(0.0)), unary(b, "neg", r), r)
    out.narrow = narrow
    return out


def narrow_carrier(narrow: str) -> str:
    """The meld type a narrow integer or float type is carried in."""
    return "f32" if narrow in NARROW_FLOATS else NARROW_TYPES[narrow][0]


def narrow_numpy(narrow: str):
    """The numpy dtype of a narrow type (ml_dtypes' for the floats)."""
    return narrow_float_numpy(narrow) if narrow in NARROW_FLOATS else NARROW_TYPES[narrow][3]


def to_narrow(b: Builder, x: Value, narrow: str, saturate: bool = True) -> Value:
    """``x`` (in the carrier) brought into ``narrow``'s value set."""
    if narrow in NARROW_FLOATS:
        return round_narrow_float(b, x, narrow, saturate)
    return wrap_narrow(b, x, narrow)


# -- run-time windows along one axis (KV caches) --------------------------------------

def _window_start(b: Builder, x: Value, starts: Value) -> Value:
    """Run-time start positions (a scalar, or one per leading index: [B]
    for a batch) as i64 broadcast to ``x``'s shape."""
    s = cast(b, starts, "i64")
    if s.rank == 0:
        s = reshape(b, s, [Dim(static=1)] * x.rank)
    elif s.rank == 1:
        s = reshape(b, s, [b.dim(s, 0)] + [Dim(static=1)] * (x.rank - 1))
    else:
        raise FrontendError("window starts must be a scalar or one per batch entry")
    return broadcast_to(b, s, x.shape, b.dims(x))


def write_window(b: Builder, cache: Value, update: Value, starts: Value, axis: int,
                 circular: bool = False) -> Value:
    """``cache`` with ``update`` written along ``axis`` from the run-time
    position ``starts`` on (per batch entry when it is 1-D): a
    dynamic_update_slice along one axis, as a KV cache append is. With
    ``circular`` positions wrap modulo the cache's length. Elementwise with
    one gather, so it fuses; the start may change every call without a
    recompilation."""
    axis = normalize_axis(axis, cache.rank)
    n, m = cache.shape[axis], update.shape[axis]
    if n is None or m is None:
        raise Unsupported("a window write along a dynamic axis")
    if update.rank != cache.rank or update.dtype != cache.dtype:
        raise FrontendError("a window write needs an update of the cache's rank and type")
    pos = iota(b, "i64", cache.shape, b.dims(cache), axis)
    rel = binary(b, "sub", pos, _window_start(b, cache, starts))
    if circular:
        rel = remainder(b, rel, scalar_like(b, n, rel), floor=True)
    inside = logical(b, "and", compare(b, "ge", rel, scalar_like(b, 0, rel)),
                     compare(b, "lt", rel, scalar_like(b, m, rel)))
    src = clamp(b, rel, scalar_like(b, 0, rel), scalar_like(b, m - 1, rel))
    return select(b, inside, take_along_axis(b, update, src, axis), cache)


def read_window(b: Builder, x: Value, starts: Value, size: int, axis: int) -> Value:
    """``size`` elements along ``axis`` from the run-time position
    ``starts`` on (per batch entry when it is 1-D), the start clamped to
    [0, n - size] as XLA's dynamic_slice does: one gather."""
    axis = normalize_axis(axis, x.rank)
    n = x.shape[axis]
    if n is None or not 0 <= size <= n:
        raise Unsupported(f"a window of {size} along an axis of {n}")
    shape = list(x.shape)
    shape[axis] = size
    sizes = b.dims(x)
    sizes[axis] = Dim(static=size)
    like = full(b, 0, "i64", shape, sizes)
    start = clamp(b, _window_start(b, like, starts), scalar_like(b, 0, like),
                  scalar_like(b, n - size, like))
    src = binary(b, "add", start, iota(b, "i64", shape, sizes, axis))
    return take_along_axis(b, x, src, axis)


# -- control flow -------------------------------------------------------------------

def _region_op(b: Builder, lines: List[str], types: List[TensorType]) -> List[Value]:
    """Writes a region op's ``lines`` (its header first) with results of
    ``types``; the location goes on the last line."""
    if not types:
        for line in lines[:-1]:
            b.line(line)
        b.line(lines[-1] + b._loc())
        return []
    base = b.fresh("r")
    b.line(f"{base}:{len(types)} = {lines[0]}" if len(types) > 1 else f"{base} = {lines[0]}")
    for line in lines[1:-1]:
        b.line(line)
    b.line(lines[-1] + b._loc())
    if len(types) == 1:
        return [Value(base, types[0])]
    return [Value(f"{base}#{i}", t) for i, t in enumerate(types)]


def _yield(values: Sequence[Value]) -> str:
    if not values:
        return "meld.yield"
    return (f"meld.yield {', '.join(v.name for v in values)} : "
            f"{', '.join(str(v.type) for v in values)}")


def if_op(b: Builder, pred: Value, then_fn, else_fn) -> List[Value]:
    """``meld.if``: ``then_fn()`` and ``else_fn()`` build each branch in its
    region and return the values it yields (of equal types)."""
    if pred.dtype != "i1" or pred.type.numel() != 1:
        raise FrontendError(f"a condition must be one boolean, not {pred.type}")
    pred = reshape(b, pred, [])
    with b.region() as then_lines:
        t_outs = list(then_fn())
    with b.region() as else_lines:
        e_outs = list(else_fn())
    if len(t_outs) != len(e_outs):
        raise FrontendError(f"the branches yield {len(t_outs)} and {len(e_outs)} values")
    for i, (t, e) in enumerate(zip(t_outs, e_outs)):
        if t.type != e.type:
            raise Unsupported(f"branch output {i} is {t.type} in one branch and {e.type} "
                              "in the other; meld.if needs equal types")
    types = [t.type for t in t_outs]
    type_list = ", ".join(str(t) for t in types)
    body = [f"meld.if {pred.name} -> ({type_list}) {{" if types else f"meld.if {pred.name} {{"]
    body += ["  " + line for line in then_lines] + ["  " + _yield(t_outs), "} else {"]
    body += ["  " + line for line in else_lines] + ["  " + _yield(e_outs), "}"]
    return _region_op(b, body, types)


def while_op(b: Builder, inits: Sequence[Value], cond_fn, body_fn) -> List[Value]:
    """``meld.while`` over the loop-carried ``inits``: ``cond_fn(args)``
    returns the one-boolean predicate, ``body_fn(args)`` the next values
    (of the same types), each built in its region on the block arguments."""
    types = [v.type for v in inits]
    args = [Value(b.fresh("it"), t) for t in types]
    type_list = ", ".join(str(t) for t in types)
    with b.region() as cond_lines:
        keep_going = cond_fn(args)
        if keep_going.dtype != "i1" or keep_going.type.numel() != 1:
            raise FrontendError(f"a loop condition must be one boolean, not {keep_going.type}")
        keep_going = reshape(b, keep_going, [])
    with b.region() as body_lines:
        nexts = list(body_fn(args))
        if len(nexts) != len(types):
            raise FrontendError(f"the loop body yields {len(nexts)} values for "
                                f"{len(types)} carried")
        for k, (v, t) in enumerate(zip(nexts, types)):
            if v.type != t:
                raise Unsupported(f"loop-carried value {k} changes type from {t} to {v.type}")
    arg_list = ", ".join(f"{a.name}: {t}" for a, t in zip(args, types))
    body = [f"meld.while ({', '.join(v.name for v in inits)} : {type_list}) cond {{",
            f"^bb0({arg_list}):"]
    body += ["  " + line for line in cond_lines]
    body.append(f"  meld.yield {keep_going.name} : tensor<i1>")
    body += ["} do {", f"^bb0({arg_list}):"]
    body += ["  " + line for line in body_lines]
    body += ["  " + _yield(nexts), "}"]
    return _region_op(b, body, types)


# -- more elementwise functions -----------------------------------------------------
#
# Written with meld's elementwise ops in the forms libm uses where the plain
# formula loses digits (log1p, expm1, sinh near 0); half inputs are computed
# in f32 and rounded once.

def _float_only(what: str, x: Value):
    if not is_float(x.dtype):
        raise Unsupported(f"{what} of {x.dtype}")


def _is_inf(b: Builder, x: Value) -> Value:
    return compare(b, "eq", unary(b, "abs", x), scalar_like(b, np.inf, x))


_ERFC_SERIES = (-1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806, 0.27886807,
                -1.13520398, 1.48851587, -0.82215223, 0.17087277)


def _erfc_series(b: Builder, x: Value, what: str):
    """x in float64, z = |x|, t = 1 / (1 + z / 2) and the sum P(t) of
    erfcc's series (erfc(z) = t exp(-z^2 + P(t))); float64 input is
    refused: the series has float32's accuracy."""
    _float_only(what, x)
    if x.dtype == "f64":
        raise Unsupported(f"{what} in float64 (the series has float32's accuracy)")
    xs = cast(b, x, "f64")
    z = unary(b, "abs", xs)
    one = scalar_like(b, 1.0, xs)
    t = binary(b, "div", one, binary(b, "add", one, binary(b, "mul", z, scalar_like(b, 0.5, z))))
    poly = scalar_like(b, _ERFC_SERIES[-1], t)
    for coef in reversed(_ERFC_SERIES[:-1]):
        poly = binary(b, "add", binary(b, "mul", poly, t), scalar_like(b, coef, t))
    return xs, z, t, poly


def erfc(b: Builder, x: Value) -> Value:
    """1 - erf(x) with its relative accuracy kept where it is tiny (x past
    4, where 1 - erf(x) is 0 in float32): t exp(-z^2 + P(t)), t = 1 / (1 +
    z / 2), z = |x| (Numerical Recipes' erfcc, fractional error below
    1.2e-7 everywhere), and 2 minus that for negative x. Evaluated in
    float64 (in float32, -z^2 loses the tail's digits: 1.4e-6 at x = 6);
    float64 input is refused: the series has float32's accuracy."""
    xs, z, t, poly = _erfc_series(b, x, "erfc")
    # (poly is the series' sum; the exponent is -z^2 + it)
    ans = binary(b, "mul", t, unary(b, "exp", binary(b, "sub", poly, binary(b, "mul", z, z))))
    out = select(b, compare(b, "lt", xs, scalar_like(b, 0.0, xs)),
                 binary(b, "sub", scalar_like(b, 2.0, ans), ans), ans)
    return cast(b, out, x.dtype)


def erfcx(b: Builder, x: Value) -> Value:
    """exp(x^2) erfc(x), the scaled complementary error function: for x >= 0
    erfc's series without its exp(-x^2) factor (t exp(P(t)), no overflow
    however large x is; same relative accuracy as erfc), for x < 0
    2 exp(x^2) minus that (infinite once exp(x^2) is)."""
    xs, _, t, poly = _erfc_series(b, x, "erfcx")
    scaled = binary(b, "mul", t, unary(b, "exp", poly))
    twice = binary(b, "mul", scalar_like(b, 2.0, xs), unary(b, "exp", binary(b, "mul", xs, xs)))
    out = select(b, compare(b, "lt", xs, scalar_like(b, 0.0, xs)),
                 binary(b, "sub", twice, scaled), scaled)
    return cast(b, out, x.dtype)


# Giles' approximation of erfinv (M. Giles, "Approximating the erfinv
# function", GPU Computing Gems, 2011; single-precision coefficients) in
# w = -log((1 - y)(1 + y)): one polynomial below w = 5, one in sqrt(w) - 3
# above.
_ERFINV_CENTRAL = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                   0.00021858087, -0.00125372503, -0.00417768164, 0.246640727,
                   1.50140941)
_ERFINV_TAIL = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)


def _horner(b: Builder, coefs, t: Value) -> Value:
    poly = scalar_like(b, coefs[0], t)
    for coef in coefs[1:]:
        poly = binary(b, "add", binary(b, "mul", poly, t), scalar_like(b, coef, t))
    return poly


def _giles_erfinv(b: Builder, y: Value, w: Value) -> Value:
    """Giles' erfinv(y) (relative error about 1e-7), w = -log((1-y)(1+y))."""
    central = _horner(b, _ERFINV_CENTRAL, binary(b, "sub", w, scalar_like(b, 2.5, w)))
    tail = _horner(b, _ERFINV_TAIL,
                   binary(b, "sub", unary(b, "sqrt", w), scalar_like(b, 3.0, w)))
    poly = select(b, compare(b, "lt", w, scalar_like(b, 5.0, w)), central, tail)
    return binary(b, "mul", poly, y)


def _erfinv_newton(b: Builder, x: Value, y: Value) -> Value:
    """One Newton step on erf(x) = y: x - (erf(x) - y) / (2/sqrt(pi) e^-x^2)."""
    slope = binary(b, "mul", scalar_like(b, 2.0 / np.sqrt(np.pi), x),
                   unary(b, "exp", unary(b, "neg", binary(b, "mul", x, x))))
    return binary(b, "sub", x, binary(b, "div", binary(b, "sub", unary(b, "erf", x), y), slope))


def _erfinv64(b: Builder, y: Value) -> Value:
    """erfinv(y) of a float64 y strictly inside (-1, 1): Giles' start in
    w = -log((1 - y)(1 + y)), then two Newton steps on erf."""
    one = scalar_like(b, 1.0, y)
    w = unary(b, "neg", unary(b, "log", binary(b, "mul", binary(b, "sub", one, y),
                                                binary(b, "add", one, y))))
    return _erfinv_newton(b, _erfinv_newton(b, _giles_erfinv(b, y, w), y), y)


def erfinv(b: Builder, x: Value) -> Value:
    """The inverse error function: Giles' approximation, then two Newton
    steps on erf, in float64 (an f32 input is within a float64 rounding of
    1 - |y| >= 6e-8 of +-1, where erf(x) - y keeps its digits); +-inf at
    +-1, NaN beyond. Float64 input is refused: Giles' start and two steps
    do not reach float64's accuracy everywhere."""
    _float_only("erfinv", x)
    if x.dtype == "f64":
        raise Unsupported("erfinv in float64 (computed to float32's accuracy)")
    y = cast(b, x, "f64")
    edge = compare(b, "eq", unary(b, "abs", y), scalar_like(b, 1.0, y))
    r = select(b, edge, binary(b, "mul", y, scalar_like(b, np.inf, y)), _erfinv64(b, y))
    return cast(b, r, x.dtype)


def _ndtri_tail(b: Builder, s: Value) -> Value:
    """The normal quantile of a small probability s (float64): Abramowitz
    and Stegun's 26.2.23 start (error below 4.5e-4), then three Newton
    steps on log Phi(x) = log s, with Phi(x) = erfc(z) / 2, z = -x/sqrt(2),
    from erfc's series in log form (log t - z^2 + P(t): relative accuracy
    1.2e-7 however small Phi is)."""
    t0 = unary(b, "sqrt", binary(b, "mul", scalar_like(b, -2.0, s), unary(b, "log", s)))
    num = _horner(b, (0.010328, 0.802853, 2.515517), t0)
    den = _horner(b, (0.001308, 0.189269, 1.432788, 1.0), t0)
    x = binary(b, "sub", binary(b, "div", num, den), t0)
    log_s = unary(b, "log", s)
    one = scalar_like(b, 1.0, s)
    for _ in range(3):
        z = binary(b, "mul", x, scalar_like(b, -1.0 / np.sqrt(2.0), x))
        t = binary(b, "div", one, binary(b, "add", one, binary(b, "mul", z, scalar_like(b, 0.5, z))))
        poly = _horner(b, _ERFC_SERIES[::-1], t)
        log_phi_cdf = binary(b, "add", binary(b, "sub", unary(b, "log", t), binary(b, "mul", z, z)),
                             binary(b, "add", poly, scalar_like(b, np.log(0.5), poly)))
        # d log Phi / dx = phi(x) / Phi(x)
        slope = binary(b, "mul", scalar_like(b, 1.0 / np.sqrt(2.0 * np.pi), x), unary(
            b, "exp", binary(b, "sub", binary(b, "mul", binary(b, "mul", x, x),
                                              scalar_like(b, -0.5, x)), log_phi_cdf)))
        x = binary(b, "sub", x, binary(b, "div", binary(b, "sub", log_phi_cdf, log_s), slope))
    return x


def ndtri(b: Builder, p: Value) -> Value:
    """The standard normal quantile: sqrt(2) erfinv(2p - 1) as erfinv
    computes it, except where p or 1 - p is below 1e-6 (2p - 1 rounds to -1
    for p below 1e-16, and Giles' polynomial is fitted for float32's
    1 - |y| >= 6e-8 only): there Newton on log Phi (_ndtri_tail) for
    min(p, 1 - p), negated for the upper tail. -inf at 0, inf at 1, NaN
    outside [0, 1]. Float64 input is refused, as for erfinv."""
    _float_only("ndtri", p)
    if p.dtype == "f64":
        raise Unsupported("ndtri in float64 (computed to float32's accuracy)")
    ps = cast(b, p, "f64")
    one = scalar_like(b, 1.0, ps)
    q = binary(b, "sub", one, ps)
    y = binary(b, "sub", binary(b, "mul", scalar_like(b, 2.0, ps), ps), one)
    central = binary(b, "mul", _erfinv64(b, y), scalar_like(b, np.sqrt(2.0), ps))
    lower = compare(b, "lt", ps, q)
    small = select(b, lower, ps, q)
    # (the tail's start needs 0 < s < 1: other lanes, p outside [0, 1]
    # among them, take the central value, and the tail computes a harmless
    # 0.5 there)
    tiny = logical(b, "and", compare(b, "lt", small, scalar_like(b, 1e-6, ps)),
                   compare(b, "gt", small, scalar_like(b, 0.0, ps)))
    tail = _ndtri_tail(b, select(b, tiny, small, scalar_like(b, 0.5, ps)))
    tail = select(b, lower, tail, unary(b, "neg", tail))
    r = select(b, tiny, tail, central)
    edge = logical(b, "or", compare(b, "eq", ps, scalar_like(b, 0.0, ps)),
                   compare(b, "eq", q, scalar_like(b, 0.0, ps)))
    r = select(b, edge, binary(b, "mul", y, scalar_like(b, np.inf, ps)), r)
    return cast(b, r, p.dtype)


def logcumsumexp(b: Builder, x: Value, axis: int) -> Value:
    """log(cumsum(exp(x))) along ``axis``, stably: ``meld.cumulative
    logsumexp``, one pass along each row taking each element into the
    running value as PyTorch's CPU kernel does (``log1p(exp(min - max)) +
    max``, carried in f64, halves in f32); -inf where every x[j] so far is
    -inf, +inf where one is, NaN from a NaN on."""
    _float_only("logcumsumexp", x)
    return _scan(b, x, "logsumexp", normalize_axis(axis, x.rank))


_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028,
            771.32342877765313, -176.61502916214059, 12.507343278686905,
            -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7)


def _pi_frac(b: Builder, x: Value) -> Value:
    """pi times x's signed distance to its nearest integer (the distance is
    exact in floating point): sin(pi x) and tan(pi x) of large arguments
    keep their digits through it (up to sign for sin)."""
    r = binary(b, "sub", x, unary(b, "round", x))
    return binary(b, "mul", r, scalar_like(b, np.pi, r))


def _sin_pi_abs(b: Builder, x: Value) -> Value:
    """|sin(pi x)| for any x."""
    return unary(b, "abs", unary(b, "sin", _pi_frac(b, x)))


def lgamma(b: Builder, x: Value) -> Value:
    """log |Gamma(x)| in float64: Lanczos' series (g = 7, 9 terms; about
    1e-15 relative) for x >= 1/2, the reflection log(pi / |sin(pi x)|) -
    lgamma(1 - x) below; +inf at the poles (0, -1, ...) and at +-inf, as
    torch gives."""
    _float_only("lgamma", x)
    xs = cast(b, x, "f64")
    one = scalar_like(b, 1.0, xs)
    small = compare(b, "lt", xs, scalar_like(b, 0.5, xs))
    w = select(b, small, binary(b, "sub", one, xs), xs)
    z = binary(b, "sub", w, one)
    a = scalar_like(b, _LANCZOS[0], z)
    for i, coef in enumerate(_LANCZOS[1:], start=1):
        a = binary(b, "add", a, binary(b, "div", scalar_like(b, coef, z),
                                       binary(b, "add", z, scalar_like(b, float(i), z))))
    t = binary(b, "add", z, scalar_like(b, 7.5, z))
    lanczos = binary(b, "add", binary(b, "sub", binary(b, "mul", binary(
        b, "add", z, scalar_like(b, 0.5, z)), unary(b, "log", t)), t), unary(b, "log", a))
    lanczos = binary(b, "add", lanczos, scalar_like(b, 0.5 * np.log(2 * np.pi), z))
    reflected = binary(b, "sub", binary(b, "sub", scalar_like(b, np.log(np.pi), xs),
                                        unary(b, "log", _sin_pi_abs(b, xs))), lanczos)
    out = select(b, small, reflected, lanczos)
    out = select(b, _is_inf(b, xs), scalar_like(b, np.inf, out), out)
    return cast(b, out, x.dtype)


def digamma(b: Builder, x: Value) -> Value:
    """The digamma function in float64: six steps of psi(x) = psi(x + 1) -
    1 / x, then the asymptotic series at x + 6 (terms to x^-10, about
    1e-11), and for x < 0 the reflection psi(1 - x) - pi / tan(pi x). As
    torch: -inf at +0, +inf at -0, NaN at the negative integers and -inf."""
    _float_only("digamma", x)
    xs = cast(b, x, "f64")
    one = scalar_like(b, 1.0, xs)
    negative = compare(b, "lt", xs, scalar_like(b, 0.0, xs))
    w = select(b, negative, binary(b, "sub", one, xs), xs)
    y = binary(b, "add", w, scalar_like(b, 6.0, w))
    inv = binary(b, "div", scalar_like(b, 1.0, y), y)
    inv2 = binary(b, "mul", inv, inv)
    series = scalar_like(b, -1.0 / 132, inv2)
    for coef in (1.0 / 240, -1.0 / 252, 1.0 / 120, -1.0 / 12):
        series = binary(b, "add", binary(b, "mul", series, inv2), scalar_like(b, coef, inv2))
    psi = binary(b, "add", binary(b, "sub", unary(b, "log", y),
                                  binary(b, "mul", inv, scalar_like(b, 0.5, inv))),
                 binary(b, "mul", series, inv2))
    for k in range(6):
        psi = binary(b, "sub", psi, binary(b, "div", scalar_like(b, 1.0, w),
                                          binary(b, "add", w, scalar_like(b, float(k), w))))
    pi_r = _pi_frac(b, xs)
    cot = binary(b, "div", unary(b, "cos", pi_r), unary(b, "sin", pi_r))
    psi = select(b, negative, binary(b, "sub", psi, binary(b, "mul", cot,
                                                            scalar_like(b, np.pi, cot))), psi)
    integer = logical(b, "and", negative, compare(b, "eq", xs, unary(b, "round", xs)))
    psi = select(b, integer, scalar_like(b, np.nan, psi), psi)
    zero = compare(b, "eq", xs, scalar_like(b, 0.0, xs))
    signed_inf = select(b, sign_bit(b, xs), scalar_like(b, np.inf, psi),
                        scalar_like(b, -np.inf, psi))
    psi = select(b, zero, signed_inf, psi)
    return cast(b, psi, x.dtype)


def bessel_i(b: Builder, order: int, x: Value, scaled: bool = False) -> Value:
    """The modified Bessel function I0 or I1 (``order``), times exp(-|x|)
    when ``scaled`` (i0e, i1e), in float64: the power series (60 terms)
    for |x| <= 15, and past it the asymptotic series e^|x| / sqrt(2 pi |x|)
    sum_k (-1)^k prod_j (mu - (2j - 1)^2) / (k! (8|x|)^k), mu = 4 order^2
    (18 terms). I1 is odd."""
    _float_only("bessel_i", x)
    if order not in (0, 1):
        raise Unsupported(f"modified Bessel function of order {order}")
    xs = cast(b, x, "f64")
    ax = unary(b, "abs", xs)
    # power series at min(|x|, 15) (the other branch is selected past it)
    small = binary(b, "min", ax, scalar_like(b, 15.0, ax))
    half = binary(b, "mul", small, scalar_like(b, 0.5, small))
    q = binary(b, "mul", half, half)
    term = scalar_like(b, 1.0, q) if order == 0 else half
    series = term
    for k in range(1, 60):
        term = binary(b, "mul", term, binary(b, "div", q, scalar_like(b, float(k * (k + order)), q)))
        series = binary(b, "add", series, term)
    if scaled:
        series = binary(b, "mul", series, unary(b, "exp", unary(b, "neg", small)))
    # asymptotic series at max(|x|, 15)
    big = binary(b, "max", ax, scalar_like(b, 15.0, ax))
    inv = binary(b, "div", scalar_like(b, 1.0, big), binary(b, "mul", big, scalar_like(b, 8.0, big)))
    mu = 4.0 * order * order
    coef, total, power = 1.0, scalar_like(b, 1.0, inv), scalar_like(b, 1.0, inv)
    for k in range(1, 18):
        coef *= -(mu - (2 * k - 1) ** 2) / k
        power = binary(b, "mul", power, inv)
        total = binary(b, "add", total, binary(b, "mul", power, scalar_like(b, coef, power)))
    root = unary(b, "rsqrt", binary(b, "mul", big, scalar_like(b, 2.0 * np.pi, big)))
    asym = binary(b, "mul", total, root)
    if not scaled:
        asym = binary(b, "mul", asym, unary(b, "exp", big))
    out = select(b, compare(b, "le", ax, scalar_like(b, 15.0, ax)), series, asym)
    if order == 1:
        out = select(b, compare(b, "lt", xs, scalar_like(b, 0.0, xs)), unary(b, "neg", out), out)
    out = select(b, compare(b, "ne", xs, xs), xs, out)  # NaN
    return cast(b, out, x.dtype)


# The orthogonal polynomials (torch.special's chebyshev_polynomial_t ...):
# each one's value at n = 0 and 1 and its three-term recurrence
# p_{j+1} = step(j, p_{j-1}, p_j) for j = 1, 2, ..., as ATen's Math.h
# computes them.
def _any_true(b: Builder, mask: Value) -> Value:
    """Whether any element of the boolean ``mask`` is true, as one boolean
    (a loop's condition over elements that run on; false when empty)."""
    flag = cast(b, mask, "f32")
    if flag.rank != 0:
        flag = reduce(b, "max", reshape(b, flag, [numel(b, flag)]), [0], False)
    return compare(b, "gt", flag, scalar_like(b, 0.5, flag))


_ORTHOGONAL_KINDS = ("chebyshev_t", "chebyshev_u", "chebyshev_v", "chebyshev_w",
                     "shifted_chebyshev_t", "shifted_chebyshev_u",
                     "shifted_chebyshev_v", "shifted_chebyshev_w",
                     "hermite_h", "hermite_he", "laguerre_l", "legendre_p")


# The degrees past which ATen takes the Chebyshev polynomials' trigonometric
# forms inside (-1, 1).
_TRIG_FROM = {"chebyshev_t": 6, "chebyshev_u": 8, "chebyshev_v": 8, "chebyshev_w": 8}
_SHIFTED_TRIG_FROM = {"chebyshev_t": 6, "chebyshev_u": 6, "chebyshev_v": 6, "chebyshev_w": 4}


def orthogonal_polynomial(b: Builder, kind: str, x: Value, n: Value) -> Value:
    """The orthogonal polynomial ``kind`` of degree ``n`` at ``x`` (float x;
    n of any type, truncated toward zero, a non-finite n counting as
    negative), as ATen computes it: 0 for n < 0, the polynomial's closed
    values at x = +-1 (0 and 1 for the shifted ones), the trigonometric
    form of the Chebyshev polynomials past degree 6 (T; and the shifted U
    and V), 8 (U, V, W) or 4 (shifted W) for |2x - 1| or |x| < 1, NaN past
    degree 128 (float) or 512 (double) for the Hermite ones, else the
    three-term recurrence, run in a ``meld.while`` for as many steps as the
    largest degree that needs it (an element stops at its own degree, all
    stop once every one still running is NaN)."""
    if kind not in _ORTHOGONAL_KINDS:
        raise FrontendError(f"unknown orthogonal polynomial {kind}")
    _float_only(kind, x)
    x, n = broadcast_all(b, [x, n])
    xs = _in_f32(b, x)
    T = xs.dtype
    c = lambda v: scalar_like(b, float(v), xs)  # noqa: E731
    if is_float(n.dtype):
        finite = compare(b, "lt", unary(b, "abs", n), scalar_like(b, np.inf, n))
        nn = select(b, finite, cast(b, n, "i64"), scalar_like(b, -1, cast(b, n, "i64")))
    else:
        nn = cast(b, n, "i64")
    ci = lambda v: scalar_like(b, v, nn)  # noqa: E731
    nf = cast(b, nn, T)
    add, sub, mul, div = (lambda u, v, o=o: binary(b, o, u, v)
                          for o in ("add", "sub", "mul", "div"))
    shifted = kind.startswith("shifted_")
    base = kind[len("shifted_"):] if shifted else kind
    # y: the argument of the (unshifted) Chebyshev recurrence
    y = sub(add(xs, xs), c(1.0)) if shifted else xs
    two_y = add(y, y)
    one = c(1.0)
    first = {"chebyshev_t": y, "chebyshev_u": two_y, "chebyshev_v": sub(two_y, one),
             "chebyshev_w": add(two_y, one), "hermite_h": add(xs, xs), "hermite_he": xs,
             "laguerre_l": sub(one, xs), "legendre_p": xs}[base]

    def step(j: Value, p: Value, q: Value) -> Value:
        jf = cast(b, j, T)
        if base.startswith("chebyshev"):
            return sub(mul(two_y, q), p)
        if base == "hermite_h":  # k = 2j
            return sub(mul(add(xs, xs), q), mul(add(jf, jf), p))
        if base == "hermite_he":
            return sub(mul(xs, q), mul(jf, p))
        k1 = add(jf, c(1.0))
        if base == "laguerre_l":
            return div(sub(mul(add(add(jf, jf), sub(one, xs)), q), mul(jf, p)), k1)
        return div(sub(mul(mul(add(add(jf, jf), c(1.0)), xs), q), mul(jf, p)), k1)

    # Closed forms, in ATen's order of precedence (later ones win here).
    out_special = []  # (condition, value), lowest precedence first
    if base.startswith("chebyshev"):
        trig_from = (_SHIFTED_TRIG_FROM if shifted else _TRIG_FROM)[base]
        inside = compare(b, "lt", unary(b, "abs", y), one)
        # acos rounded from float64, as a correctly rounded acosf: n times
        # its error is the polynomial's phase error at a high degree
        theta = cast(b, acos(b, cast(b, binary(b, "min", binary(b, "max", y, c(-1.0)), one),
                                     "f64")), T)
        half = mul(theta, c(0.5))
        n1 = add(nf, one)
        nh = add(nf, c(0.5))
        odd = compare(b, "ne", remainder(b, nn, ci(2), floor=False), ci(0))
        sign = lambda v: select(b, odd, unary(b, "neg", v), v)  # noqa: E731
        two_n1 = add(add(nf, nf), one)
        if base == "chebyshev_t":
            trig = unary(b, "cos", mul(nf, theta))
        elif base == "chebyshev_u":
            s = unary(b, "sin", theta)
            trig = select(b, compare(b, "ne", s, c(0.0)),
                          div(unary(b, "sin", mul(n1, theta)), s),
                          div(mul(n1, unary(b, "cos", mul(n1, theta))), y))
        elif base == "chebyshev_v":
            trig = select(b, compare(b, "ne", unary(b, "sin", half), one),
                          div(unary(b, "cos", mul(nh, theta)), unary(b, "cos", half)),
                          sign(two_n1))
        else:
            w = div(unary(b, "sin", mul(nh, theta)), unary(b, "sin", half))
            # (at cos(theta / 2) == 1, which rounding reaches near y = 1,
            # ATen's shifted W gives +-1 and its W 2n + 1)
            edge = sign(one) if shifted else \
                select(b, compare(b, "gt", y, c(0.0)), two_n1, sign(one))
            trig = select(b, compare(b, "ne", unary(b, "cos", half), one), w, edge)
        out_special.append((logical(b, "and", compare(b, "gt", nn, ci(trig_from)), inside),
                            trig))
        # at the ends: y = +-1 (x = 1 and x = 0 for the shifted ones)
        at_one = {"chebyshev_t": one, "chebyshev_u": n1, "chebyshev_v": one,
                  "chebyshev_w": two_n1}[base]
        at_minus = {"chebyshev_t": sign(one), "chebyshev_u": sign(n1),
                    "chebyshev_v": sign(two_n1), "chebyshev_w": sign(one)}[base]
        if shifted:
            out_special.append((compare(b, "eq", xs, c(0.0)), at_minus))
            out_special.append((compare(b, "eq", xs, one), at_one))
        else:
            out_special.append((compare(b, "eq", unary(b, "abs", xs), one),
                                select(b, compare(b, "gt", xs, c(0.0)), at_one, at_minus)))
    elif base == "legendre_p":
        odd = compare(b, "ne", remainder(b, nn, ci(2), floor=False), ci(0))
        out_special.append((compare(b, "eq", unary(b, "abs", xs), one),
                            select(b, logical(b, "and", compare(b, "lt", xs, c(0.0)), odd),
                                   c(-1.0), one)))
    elif base == "laguerre_l":
        out_special.append((compare(b, "eq", xs, c(0.0)), one))
    # The recurrence, for the elements no closed form takes.
    need = compare(b, "ge", nn, ci(2))
    for cond, _ in out_special:
        need = logical(b, "and", need, logical(b, "not", cond))
    # ATen's Hermite polynomials are NaN past this degree
    hermite_limit = (128 if T == "f32" else 512) if base.startswith("hermite") else None
    if hermite_limit is not None:
        need = logical(b, "and", need, compare(b, "le", nn, ci(hermite_limit)))

    def running(j: Value, q: Value) -> Value:
        return logical(b, "and", logical(b, "and", need, compare(b, "lt", j, nn)),
                       compare(b, "eq", q, q))

    def keep_going(args):
        j, _, q = args
        return _any_true(b, running(j, q))

    def body(args):
        j, p, q = args
        live = running(j, q)
        r = step(j, p, q)
        return [binary(b, "add", j, scalar_like(b, 1, j)), select(b, live, q, p),
                select(b, live, r, q)]

    j0 = b.constant(np.asarray(1, dtype=np.int64), "i64")
    _, _, rec = while_op(b, [j0, one, first], keep_going, body)
    out = select(b, compare(b, "eq", nn, ci(1)), first, rec)
    out = select(b, compare(b, "eq", nn, ci(0)), one, out)
    if hermite_limit is not None:
        out = select(b, compare(b, "gt", nn, ci(hermite_limit)), c(np.nan), out)
    for cond, value in out_special:
        out = select(b, cond, value, out)
    out = select(b, compare(b, "lt", nn, ci(0)), c(0.0), out)
    return cast(b, out, x.dtype)


# Cephes' Chebyshev coefficients of the modified Bessel functions of the
# second kind (k0.c, k1.c): A on [0, 2] in x^2 - 2, B past 2 in 8 / x - 2.
_BESSEL_K0_A = (
    1.37446543561352307156e-16, 4.25981614279661018399e-14, 1.03496952576338420167e-11,
    1.90451637722020886025e-09, 2.53479107902614945675e-07, 2.28621210311945178607e-05,
    1.26461541144692592338e-03, 3.59799365153615016266e-02, 3.44289899924628486886e-01,
    -5.35327393233902768720e-01)
_BESSEL_K0_B = (
    5.30043377268626276149e-18, -1.64758043015242134646e-17, 5.21039150503902756861e-17,
    -1.67823109680541210385e-16, 5.51205597852431940784e-16, -1.84859337734377901440e-15,
    6.34007647740507060557e-15, -2.22751332699166985548e-14, 8.03289077536357521100e-14,
    -2.98009692317273043925e-13, 1.14034058820847496303e-12, -4.51459788337394416547e-12,
    1.85594911495471785253e-11, -7.95748924447710747776e-11, 3.57739728140030116597e-10,
    -1.69753450938905987466e-09, 8.57403401741422608519e-09, -4.66048989768794782956e-08,
    2.76681363944501510342e-07, -1.83175552271911948767e-06, 1.39498137188764993662e-05,
    -1.28495495816278026384e-04, 1.56988388573005337491e-03, -3.14481013119645005427e-02,
    2.44030308206595545468e+00)
_BESSEL_K1_A = (
    -7.02386347938628759343e-18, -2.42744985051936593393e-15, -6.66690169419932900609e-13,
    -1.41148839263352776110e-10, -2.21338763073472585583e-08, -2.43340614156596823496e-06,
    -1.73028895751305206302e-04, -6.97572385963986435018e-03, -1.22611180822657148235e-01,
    -3.53155960776544875667e-01, 1.52530022733894777053e+00)
_BESSEL_K1_B = (
    -5.75674448366501715755e-18, 1.79405087314755922667e-17, -5.68946255844285935196e-17,
    1.83809354436663880070e-16, -6.05704724837331885336e-16, 2.03870316562433424052e-15,
    -7.01983709041831346144e-15, 2.47715442448130437068e-14, -8.97670518232499435011e-14,
    3.34841966607842919884e-13, -1.28917396095102890680e-12, 5.13963967348173025100e-12,
    -2.12996783842756842877e-11, 9.21831518760500529508e-11, -4.19035475934189648750e-10,
    2.01504975519703286596e-09, -1.03457624656780970260e-08, 5.74108412545004946722e-08,
    -3.50196060308781257119e-07, 2.40648494783721712015e-06, -1.93619797416608296024e-05,
    1.95215518471351631108e-04, -2.85781685962277938680e-03, 1.03923736576817238437e-01,
    2.72062619048444266945e+00)


def _chebyshev_series(b: Builder, coefs, t: Value) -> Value:
    """Cephes' chbevl: sum' c_k T_k(t / 2) by Clenshaw's recurrence."""
    b0, b1, b2 = scalar_like(b, coefs[0], t), scalar_like(b, 0.0, t), None
    for c in coefs[1:]:
        b2, b1 = b1, b0
        b0 = binary(b, "add", binary(b, "sub", binary(b, "mul", t, b1), b2),
                    scalar_like(b, c, t))
    return binary(b, "mul", binary(b, "sub", b0, b2), scalar_like(b, 0.5, t))


def bessel_k(b: Builder, order: int, x: Value, scaled: bool = False) -> Value:
    """The modified Bessel function of the second kind K0 or K1
    (``order``), times exp(x) when ``scaled``, in float64 as Cephes and
    ATen compute it: on (0, 2] a Chebyshev series in x^2 - 2 plus the
    log(x / 2) I_order(x) term, past 2 exp(-x) / sqrt(x) times a series in
    8 / x - 2. Infinite at 0, NaN below."""
    _float_only("bessel_k", x)
    if order not in (0, 1):
        raise Unsupported(f"modified Bessel function of the second kind of order {order}")
    xs = cast(b, x, "f64")
    c = lambda v: scalar_like(b, v, xs)  # noqa: E731
    two = c(2.0)
    # (0, 2]: each branch on its own clamped argument, the other selected away
    small = binary(b, "max", binary(b, "min", xs, two), c(1e-300))
    near = _chebyshev_series(b, _BESSEL_K0_A if order == 0 else _BESSEL_K1_A,
                             binary(b, "sub", binary(b, "mul", small, small), two))
    log_half = unary(b, "log", binary(b, "mul", small, c(0.5)))
    i_small = bessel_i(b, order, small)
    if order == 0:
        near = binary(b, "sub", near, binary(b, "mul", log_half, i_small))
    else:
        near = binary(b, "add", binary(b, "mul", log_half, i_small),
                      binary(b, "div", near, small))
    if scaled:
        near = binary(b, "mul", near, unary(b, "exp", small))
    big = binary(b, "max", xs, two)
    far = _chebyshev_series(b, _BESSEL_K0_B if order == 0 else _BESSEL_K1_B,
                            binary(b, "sub", binary(b, "div", c(8.0), big), two))
    far = binary(b, "mul", far, unary(b, "rsqrt", big))
    if not scaled:
        far = binary(b, "mul", far, unary(b, "exp", unary(b, "neg", big)))
    out = select(b, compare(b, "le", xs, two), near, far)
    out = select(b, compare(b, "eq", xs, c(0.0)), c(np.inf), out)
    out = select(b, logical(b, "not", compare(b, "ge", xs, c(0.0))), c(np.nan), out)
    return cast(b, out, x.dtype)


# Cephes' rational approximations of the Bessel functions of the first and
# second kind (j0.c, j1.c): R on [0, 5] in x^2, Y the second kind's there,
# and past 5 the modulus P and phase Q in 25 / x^2 (the same for J and Y).
# As in ATen, every denominator is the table's own polynomial (Cephes'
# p1evl adds a leading 1, which moves the value by about 5e-8).
_BESSEL_J0_PP = (
    7.96936729297347051624e-04, 8.28352392107440799803e-02, 1.23953371646414299388e+00,
    5.44725003058768775090e+00, 8.74716500199817011941e+00, 5.30324038235394892183e+00,
    9.99999999999999997821e-01)
_BESSEL_J0_PQ = (
    9.24408810558863637013e-04, 8.56288474354474431428e-02, 1.25352743901058953537e+00,
    5.47097740330417105182e+00, 8.76190883237069594232e+00, 5.30605288235394617618e+00,
    1.00000000000000000218e+00)
_BESSEL_J0_QP = (
    -1.13663838898469149931e-02, -1.28252718670509318512e+00, -1.95539544257735972385e+01,
    -9.32060152123768231369e+01, -1.77681167980488050595e+02, -1.47077505154951170175e+02,
    -5.14105326766599330220e+01, -6.05014350600728481186e+00)
_BESSEL_J0_QQ = (
    6.43178256118178023184e+01, 8.56430025976980587198e+02, 3.88240183605401609683e+03,
    7.24046774195652478189e+03, 5.93072701187316984827e+03, 2.06209331660327847417e+03,
    2.42005740240291393179e+02)
_BESSEL_J0_RP = (
    -4.79443220978201773821e+09, 1.95617491946556577543e+12, -2.49248344360967716204e+14,
    9.70862251047306323952e+15)
_BESSEL_J0_RQ = (
    4.99563147152651017219e+02, 1.73785401676374683123e+05, 4.84409658339962045305e+07,
    1.11855537045356834862e+10, 2.11277520115489217587e+12, 3.10518229857422583814e+14,
    3.18121955943204943306e+16, 1.71086294081043136091e+18)
_BESSEL_Y0_YP = (
    1.55924367855235737965e+04, -1.46639295903971606143e+07, 5.43526477051876500413e+09,
    -9.82136065717911466409e+11, 8.75906394395366999549e+13, -3.46628303384729719441e+15,
    4.42733268572569800351e+16, -1.84950800436986690637e+16)
_BESSEL_Y0_YQ = (
    1.04128353664259848412e+03, 6.26107330137134956842e+05, 2.68919633393814121987e+08,
    8.64002487103935000337e+10, 2.02979612750105546709e+13, 3.17157752842975028269e+15,
    2.50596256172653059228e+17)
_BESSEL_J1_PP = (
    7.62125616208173112003e-04, 7.31397056940917570436e-02, 1.12719608129684925192e+00,
    5.11207951146807644818e+00, 8.42404590141772420927e+00, 5.21451598682361504063e+00,
    1.00000000000000000254e+00)
_BESSEL_J1_PQ = (
    5.71323128072548699714e-04, 6.88455908754495404082e-02, 1.10514232634061696926e+00,
    5.07386386128601488557e+00, 8.39985554327604159757e+00, 5.20982848682361821619e+00,
    9.99999999999999997461e-01)
_BESSEL_J1_QP = (
    5.10862594750176621635e-02, 4.98213872951233449420e+00, 7.58238284132545283818e+01,
    3.66779609360150777800e+02, 7.10856304998926107277e+02, 5.97489612400613639965e+02,
    2.11688757100572135698e+02, 2.52070205858023719784e+01)
_BESSEL_J1_QQ = (
    7.42373277035675149943e+01, 1.05644886038262816351e+03, 4.98641058337653607651e+03,
    9.56231892404756170795e+03, 7.99704160447350683650e+03, 2.82619278517639096600e+03,
    3.36093607810698293419e+02)
_BESSEL_J1_RP = (
    -8.99971225705559398224e+08, 4.52228297998194034323e+11, -7.27494245221818276015e+13,
    3.68295732863852883286e+15)
_BESSEL_J1_RQ = (
    6.20836478118054335476e+02, 2.56987256757748830383e+05, 8.35146791431949253037e+07,
    2.21511595479792499675e+10, 4.74914122079991414898e+12, 7.84369607876235854894e+14,
    8.95222336184627338078e+16, 5.32278620332680085395e+18)
_BESSEL_Y1_YP = (
    1.26320474790178026440e+09, -6.47355876379160291031e+11, 1.14509511541823727583e+14,
    -8.12770255501325109621e+15, 2.02439475713594898196e+17, -7.78877196265950026825e+17)
_BESSEL_Y1_YQ = (
    5.94301592346128195359e+02, 2.35564092943068577943e+05, 7.34811944459721705660e+07,
    1.87601316108706159478e+10, 3.88231277496238566008e+12, 6.20557727146953693363e+14,
    6.87141087355300489866e+16, 3.97270608116560655612e+18)


def bessel_jy(b: Builder, kind: str, order: int, x: Value) -> Value:
    """The Bessel function of the first (``kind`` "j") or second ("y") kind
    of order 0 or 1, in float64 as Cephes and ATen compute it: rational
    approximations in x^2 up to |x| = 5 (the second kind's plus
    2/pi log(x) J(x)), past it the modulus and phase in 25 / x^2 times
    cos or sin of x - pi/4 (3 pi/4 for order 1). J0 is even and J1 odd;
    Y is -inf at 0 and NaN below."""
    _float_only(f"bessel_{kind}{order}", x)
    if kind not in ("j", "y") or order not in (0, 1):
        raise Unsupported(f"Bessel function {kind}{order}")
    xs = cast(b, x, "f64")
    c = lambda v: scalar_like(b, v, xs)  # noqa: E731
    add, sub, mul, div = (lambda u, v, o=o: binary(b, o, u, v)
                          for o in ("add", "sub", "mul", "div"))
    ax = unary(b, "abs", xs) if kind == "j" else xs
    five = c(5.0)
    small = binary(b, "max", binary(b, "min", ax, five), c(1e-300))
    z = mul(small, small)

    def j_small(order):
        if order == 0:
            r = div(_horner(b, _BESSEL_J0_RP, z), _horner(b, _BESSEL_J0_RQ, z))
            r = mul(mul(sub(z, c(5.78318596294678452118e+00)),
                        sub(z, c(3.04712623436620863991e+01))), r)
            tiny = sub(c(1.0), div(z, c(4.0)))
            return select(b, compare(b, "lt", small, c(1e-5)), tiny, r)
        r = div(_horner(b, _BESSEL_J1_RP, z), _horner(b, _BESSEL_J1_RQ, z))
        return mul(mul(mul(r, small), sub(z, c(1.46819706421238932572e+01))),
                   sub(z, c(4.92184563216946036703e+01)))

    if kind == "j":
        near = j_small(order)
    elif order == 0:
        near = add(div(_horner(b, _BESSEL_Y0_YP, z), _horner(b, _BESSEL_Y0_YQ, z)),
                   mul(mul(c(2.0 / np.pi), unary(b, "log", small)), j_small(0)))
    else:
        near = add(mul(small, div(_horner(b, _BESSEL_Y1_YP, z),
                                  _horner(b, _BESSEL_Y1_YQ, z))),
                   mul(c(2.0 / np.pi), sub(mul(j_small(1), unary(b, "log", small)),
                                          div(c(1.0), small))))
    big = binary(b, "max", ax, five)
    w = div(c(25.0), mul(big, big))
    pp, pq, qp, qq = ((_BESSEL_J0_PP, _BESSEL_J0_PQ, _BESSEL_J0_QP, _BESSEL_J0_QQ) if order == 0
                      else (_BESSEL_J1_PP, _BESSEL_J1_PQ, _BESSEL_J1_QP, _BESSEL_J1_QQ))
    modulus = div(_horner(b, pp, w), _horner(b, pq, w))
    phase = mul(div(five, big), div(_horner(b, qp, w), _horner(b, qq, w)))
    angle = sub(big, c(np.pi / 4 if order == 0 else 3 * np.pi / 4))
    cos, sin = unary(b, "cos", angle), unary(b, "sin", angle)
    wave = sub(mul(modulus, cos), mul(phase, sin)) if kind == "j" else \
        add(mul(modulus, sin), mul(phase, cos))
    far = mul(mul(wave, c(0.797884560802865355879892119868763737)), unary(b, "rsqrt", big))
    out = select(b, compare(b, "le", ax, five), near, far)
    if kind == "j" and order == 1:
        out = select(b, compare(b, "lt", xs, c(0.0)), unary(b, "neg", out), out)
    if kind == "y":
        out = select(b, compare(b, "eq", xs, c(0.0)), c(-np.inf), out)
        out = select(b, compare(b, "lt", xs, c(0.0)), c(np.nan), out)
    out = select(b, compare(b, "ne", xs, xs), xs, out)
    return cast(b, out, x.dtype)


def spherical_bessel_j0(b: Builder, x: Value) -> Value:
    """sin(x) / x as ATen computes it: its Taylor series below |x| = 1/2,
    0 at infinity."""
    _float_only("spherical_bessel_j0", x)
    xs = _in_f32(b, x)
    c = lambda v: scalar_like(b, v, xs)  # noqa: E731
    z = binary(b, "mul", xs, xs)
    series = _horner(b, (1.0 / 6227020800.0, -1.0 / 39916800.0, 1.0 / 362880.0,
                         -1.0 / 5040.0, 1.0 / 120.0, -1.0 / 6.0), z)
    series = binary(b, "add", c(1.0), binary(b, "mul", z, series))
    out = select(b, compare(b, "lt", unary(b, "abs", xs), c(0.5)), series,
                 binary(b, "div", unary(b, "sin", xs), xs))
    out = select(b, _is_inf(b, xs), c(0.0), out)
    return cast(b, out, x.dtype)


# Cephes' Airy function tables (airy.c), as ATen's airy_ai_forward uses
# them: past 2.09 the rational AN / AD in 1 / zeta; below -2.09 the
# modulus AFN / AFD and phase AGN / AGD in 1 / zeta^2.
_AIRY_AN = (3.46538101525629032477e-01, 1.20075952739645805542e+01,
            7.62796053615234516538e+01, 1.68089224934630576269e+02,
            1.59756391350164413639e+02, 7.05360906840444183113e+01,
            1.40264691163389668864e+01, 9.99999999999999995305e-01)
_AIRY_AD = (5.67594532638770212846e-01, 1.47562562584847203173e+01,
            8.45138970141474626562e+01, 1.77318088145400459522e+02,
            1.64234692871529701831e+02, 7.14778400825575695274e+01,
            1.40959135607834029598e+01, 1.00000000000000000470e+00)
_AIRY_AFN = (-1.31696323418331795333e-01, -6.26456544431912369773e-01,
             -6.93158036036933542233e-01, -2.79779981545119124951e-01,
             -4.91900132609500318020e-02, -4.06265923594885404393e-03,
             -1.59276496239262096340e-04, -2.77649108155232920844e-06,
             -1.67787698489114633780e-08)
_AIRY_AFD = (1.33560420706553243746e+01, 3.26825032795224613948e+01,
             2.67367040941499554804e+01, 9.18707402907259625840e+00,
             1.47529146771666414581e+00, 1.15687173795188044134e-01,
             4.40291641615211203805e-03, 7.54720348287414296618e-05,
             4.51850092970580378464e-07)
_AIRY_AGN = (1.97339932091685679179e-02, 3.91103029615688277255e-01,
             1.06579897599595591108e+00, 9.39169229816650230044e-01,
             3.51465656105547619242e-01, 6.33888919628925490927e-02,
             5.85804113048388458567e-03, 2.82851600836737019778e-04,
             6.98793669997260967291e-06, 8.11789239554389293311e-08,
             3.41551784765923618484e-10)
_AIRY_AGD = (9.30892908077441974853e+00, 1.98352928718312140417e+01,
             1.55646628932864612953e+01, 5.47686069422975497931e+00,
             9.54293611618961883998e-01, 8.64580826352392193095e-02,
             4.12656523824222607191e-03, 1.01259085116509135510e-04,
             1.17166733214413521882e-06, 4.91834570062930015649e-09)
# Terms of the power series below |x| = 2.09: |x|^3 < 9.2, so the 25th
# term is under 1e-40 of the first (ATen stops at a relative 1.1e-16).
_AIRY_SERIES_TERMS = 25


def airy_ai(b: Builder, x: Value) -> Value:
    """The Airy function Ai in float64 as Cephes and ATen compute it: below
    -2.09 an oscillating asymptotic form, from 2.09 a decaying one (0 past
    103.892), between them the power series c1 f(x) - c2 g(x) of its two
    solutions, summed to a fixed number of terms; NaN at both
    infinities."""
    _float_only("airy_ai", x)
    xs = cast(b, x, "f64")
    c = lambda v: scalar_like(b, v, xs)  # noqa: E731
    add, sub, mul, div = (lambda u, v, o=o: binary(b, o, u, v)
                          for o in ("add", "sub", "mul", "div"))
    inv_sqrt_pi = c(5.64189583547756286948e-01)
    # x < -2.09, on its own clamped argument (the others selected away)
    neg = binary(b, "min", xs, c(-2.09))
    root = unary(b, "sqrt", unary(b, "neg", neg))
    zeta = div(mul(mul(c(-2.0), neg), root), c(3.0))
    z = div(c(1.0), zeta)
    z2 = mul(z, z)
    modulus = add(c(1.0), div(mul(z2, _horner(b, _AIRY_AFN, z2)), _horner(b, _AIRY_AFD, z2)))
    phase = div(mul(z, _horner(b, _AIRY_AGN, z2)), _horner(b, _AIRY_AGD, z2))
    t = add(zeta, c(0.25 * 3.14159265358979323846))
    wave = sub(mul(unary(b, "sin", t), modulus), mul(unary(b, "cos", t), phase))
    oscillating = mul(div(inv_sqrt_pi, unary(b, "sqrt", root)), wave)
    # x >= 2.09
    pos = binary(b, "max", binary(b, "min", xs, c(103.892)), c(2.09))
    zeta = div(mul(mul(c(2.0), pos), unary(b, "sqrt", pos)), c(3.0))
    w = div(c(1.0), zeta)
    decaying = div(mul(inv_sqrt_pi, div(_horner(b, _AIRY_AN, w), _horner(b, _AIRY_AD, w))),
                   mul(mul(c(2.0), unary(b, "sqrt", unary(b, "sqrt", pos))),
                       unary(b, "exp", zeta)))
    # |x| < 2.09: the series, in ATen's order of operations
    mid = binary(b, "max", binary(b, "min", xs, c(2.09)), c(-2.09))
    cube = mul(mul(mid, mid), mid)
    f, g, k, m, n = c(1.0), mid, c(1.0), c(1.0), mid
    for _ in range(_AIRY_SERIES_TERMS):
        m = mul(m, cube)
        k = add(k, c(1.0))
        m = div(m, k)
        n = mul(n, cube)
        k = add(k, c(1.0))
        n = div(n, k)
        m = div(m, k)
        f = add(f, m)
        k = add(k, c(1.0))
        n = div(n, k)
        g = add(g, n)
    series = sub(mul(c(0.355028053887817239260), f), mul(c(0.258819403792806798405), g))
    out = select(b, compare(b, "lt", xs, c(-2.09)), oscillating,
                 select(b, compare(b, "ge", xs, c(2.09)), decaying, series))
    out = select(b, compare(b, "gt", xs, c(103.892)), c(0.0), out)
    out = select(b, _is_inf(b, xs), c(np.nan), out)
    out = select(b, compare(b, "ne", xs, xs), xs, out)
    return cast(b, out, x.dtype)


# B_2j / (2j)!, j = 1..8: the Euler-Maclaurin tail of the Hurwitz zeta
_ZETA_TAIL = (1.0 / 12, -1.0 / 720, 1.0 / 30240, -1.0 / 1209600, 1.0 / 47900160,
              -691.0 / 1307674368000, 1.0 / 74724249600, -3617.0 / 10670622842880000)


def polygamma(b: Builder, n: int, x: Value) -> Value:
    """The polygamma function of order ``n`` >= 1 in float64:
    (-1)^(n+1) n! zeta(n + 1, x), the Hurwitz zeta as ten terms of its
    series and the Euler-Maclaurin tail at x + 10 (terms to the eighth
    Bernoulli number); for x < 0 the reflection (-1)^n psi_n(1 - x) -
    pi d^n/dx^n cot(pi x), the derivative a polynomial in cot(pi x) built
    here. Where torch's kernels give infinities and NaNs (poles, +-inf),
    the same ones; at the negative integers trigamma (n = 1) is +inf where
    torch's sine of a rounded pi x gives a large finite number."""
    _float_only("polygamma", x)
    if n < 1:
        raise FrontendError(f"polygamma of order {n} (use digamma for 0)")
    xs = cast(b, x, "f64")
    s_ = float(n + 1)
    sign = -1.0 if n % 2 == 0 else 1.0
    fact = float(math.factorial(n))
    negative = compare(b, "lt", xs, scalar_like(b, 0.0, xs))
    w = select(b, negative, binary(b, "sub", scalar_like(b, 1.0, xs), xs), xs)

    def power(v: Value, e: float) -> Value:
        return binary(b, "pow", v, scalar_like(b, e, v))

    zeta = None
    for k in range(10):
        term = power(binary(b, "add", w, scalar_like(b, float(k), w)), -s_)
        zeta = term if zeta is None else binary(b, "add", zeta, term)
    v = binary(b, "add", w, scalar_like(b, 10.0, w))
    tail = binary(b, "add", binary(b, "div", power(v, 1.0 - s_), scalar_like(b, s_ - 1.0, v)),
                  binary(b, "mul", power(v, -s_), scalar_like(b, 0.5, v)))
    rising = s_  # s (s + 1) ... (s + 2j - 2)
    for j, coef in enumerate(_ZETA_TAIL, start=1):
        term = binary(b, "mul", power(v, -s_ - 2 * j + 1), scalar_like(b, coef * rising, v))
        tail = binary(b, "add", tail, term)
        rising *= (s_ + 2 * j - 1) * (s_ + 2 * j)
    psi = binary(b, "mul", binary(b, "add", zeta, tail), scalar_like(b, sign * fact, zeta))
    # d^n/dx^n cot(pi x) = P_n(cot(pi x)), P_0 = c, P_k+1 = -pi (1 + c^2) P_k'
    poly = np.polynomial.Polynomial([0.0, 1.0])
    for _ in range(n):
        poly = -np.pi * np.polynomial.Polynomial([1.0, 0.0, 1.0]) * poly.deriv()
    pi_r = _pi_frac(b, xs)
    cot = binary(b, "div", unary(b, "cos", pi_r), unary(b, "sin", pi_r))
    dcot = scalar_like(b, float(poly.coef[-1]), cot)
    for coef in reversed(poly.coef[:-1]):
        dcot = binary(b, "add", binary(b, "mul", dcot, cot), scalar_like(b, float(coef), cot))
    reflected = binary(b, "sub", binary(b, "mul", psi, scalar_like(b, (-1.0) ** n, psi)),
                       binary(b, "mul", dcot, scalar_like(b, np.pi, dcot)))
    psi = select(b, negative, reflected, psi)
    pole_value = scalar_like(b, sign * np.inf, psi)
    pole = logical(b, "and", compare(b, "le", xs, scalar_like(b, 0.0, xs)),
                   compare(b, "eq", xs, unary(b, "round", xs)))
    psi = select(b, pole, pole_value, psi)
    inf = compare(b, "eq", unary(b, "abs", xs), scalar_like(b, np.inf, xs))
    if n == 1:  # trigamma: 0 at +inf, NaN at -inf
        at_inf = select(b, negative, scalar_like(b, np.nan, psi), scalar_like(b, 0.0, psi))
    else:  # the zeta's tail at +inf is NaN; -inf is a pole
        at_inf = select(b, negative, pole_value, scalar_like(b, np.nan, psi))
    psi = select(b, inf, at_inf, psi)
    return cast(b, psi, x.dtype)


# (2j)! / B_2j, j = 1..12: the divisors of Cephes' Hurwitz zeta tail
_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
           7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
           -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18)


def _shorthands(b: Builder, like: Value):
    """For formulas: c(v), a constant v shaped and typed as ``like``, and
    add, sub, mul, div of two Values."""
    return ((lambda v: scalar_like(b, v, like)),
            *(lambda u, v, o=o: binary(b, o, u, v) for o in ("add", "sub", "mul", "div")))


def hurwitz_zeta(b: Builder, x: Value, q: Value) -> Value:
    """The Hurwitz zeta function sum_k (q + k)^-x in float64, as Cephes and
    ATen compute it: the terms one by one (a ``meld.while``) until at least
    nine are summed and q + k passes 9, then the Euler-Maclaurin tail at
    that point (twelve Bernoulli terms). inf at x = 1 and at the
    non-positive integer q, NaN for x < 1 and for a negative q with a
    fractional x, and at x = +inf what ATen's loop gives. (ATen stops early once a term is below 1.1e-16 of the
    sum; the terms past that point move the float64 sum by about that much.)"""
    _float_only("zeta", x)
    x, q = broadcast_all(b, [x, q])
    xs, qs = cast(b, x, "f64"), cast(b, q, "f64")
    c, add, sub, mul, div = _shorthands(b, xs)
    pole = logical(b, "and", compare(b, "le", qs, c(0.0)),
                   compare(b, "eq", qs, unary(b, "floor", qs)))
    domain = logical(b, "and", compare(b, "le", qs, c(0.0)),
                     compare(b, "ne", xs, unary(b, "floor", xs)))
    # the elements the sum is for (the others' values are selected away;
    # their q moved to 1 so that the loop ends)
    live = logical(b, "not", logical(b, "or", logical(b, "or", pole, domain),
                                     logical(b, "not", compare(b, "gt", xs, c(1.0)))))
    live = logical(b, "and", live, compare(b, "lt", unary(b, "abs", qs), c(np.inf)))
    q1 = select(b, live, qs, c(1.0))
    start = binary(b, "pow", q1, unary(b, "neg", xs))
    zero_i = b.constant(np.asarray(0, dtype=np.int64), "i64")

    def more(i: Value, a: Value) -> Value:
        return logical(b, "or", compare(b, "lt", i, scalar_like(b, 9, i)),
                       compare(b, "le", a, c(9.0)))

    def keep_going(args):
        i, a, _, _ = args
        return _any_true(b, more(i, a))

    def body(args):
        i, a, total, last = args
        go = more(i, a)
        a2 = add(a, c(1.0))
        term = binary(b, "pow", a2, unary(b, "neg", xs))
        return [binary(b, "add", i, scalar_like(b, 1, i)), select(b, go, a2, a),
                select(b, go, add(total, term), total), select(b, go, term, last)]

    _, w, total, last = while_op(b, [zero_i, q1, start, start], keep_going, body)
    total = add(total, div(mul(last, w), sub(xs, c(1.0))))
    total = sub(total, mul(c(0.5), last))
    a, k, term_b = c(1.0), 0.0, last
    for coef in _ZETA_A:
        a = mul(a, add(xs, c(k)))
        term_b = div(term_b, w)
        total = add(total, div(mul(a, term_b), c(coef)))
        k += 1.0
        a = mul(a, add(xs, c(k)))
        term_b = div(term_b, w)
        k += 1.0
    # (q = +inf is NaN, as ATen's tail multiplies its last term, 0, by it)
    out = select(b, live, total, c(np.nan))
    # x = +inf: each of ATen's terms (q + k)^-inf is inf inside (-1, 1),
    # which a q below 1 reaches, 1 at q + k = 1 (then the next term, 0,
    # ends its sum), else 0, and its tail of zeros times inf is NaN
    at_inf = select(b, compare(b, "lt", qs, c(1.0)), c(np.inf),
                    select(b, compare(b, "eq", qs, c(1.0)), c(1.0), c(np.nan)))
    out = select(b, compare(b, "eq", xs, c(np.inf)), at_inf, out)
    out = select(b, pole, c(np.inf), out)
    out = select(b, compare(b, "lt", xs, c(1.0)), c(np.nan), out)
    out = select(b, compare(b, "eq", xs, c(1.0)), c(np.inf), out)
    return cast(b, out, x.dtype)


def incomplete_gamma(b: Builder, a: Value, x: Value, upper: bool = False) -> Value:
    """The regularized incomplete gamma function P(a, x) (torch.igamma), or
    Q(a, x) = 1 - P (``upper``: torch.igammac), in float64: the series of
    P for x < a + 1, else the continued fraction of Q (modified Lentz),
    each summed (a ``meld.while``) until the term moves the sum by less
    than float64's epsilon or 2000 terms; the edge values as ATen gives
    them (NaN for a negative argument, a = 0, x = 0 and infinities)."""
    _float_only("igamma", a)
    a, x = broadcast_all(b, [a, x])
    av, xv = cast(b, a, "f64"), cast(b, x, "f64")
    c, add, sub, mul, div = _shorthands(b, av)
    eps, tiny = c(2.2e-16), c(1e-300)
    series = compare(b, "lt", xv, add(av, c(1.0)))
    # (elements with an edge value run the loop on a = x = 1, which ends)
    edge = logical(b, "or", logical(b, "or", compare(b, "le", av, c(0.0)),
                                    compare(b, "le", xv, c(0.0))),
                   logical(b, "or", _is_inf(b, av), _is_inf(b, xv)))
    edge = logical(b, "or", edge, logical(b, "or", isnan(b, av), isnan(b, xv)))
    a1, x1 = select(b, edge, c(1.0), av), select(b, edge, c(1.0), xv)
    # series: sum = del = 1 / a, del *= x / (a + k); fraction: Lentz's b, c, d, h
    inv_a = div(c(1.0), a1)
    bf = add(sub(x1, a1), c(1.0))
    d0 = div(c(1.0), bf)
    one_i = b.constant(np.asarray(1, dtype=np.int64), "i64")

    def keep_going(args):
        i, fin = args[0], args[-1]
        return logical(b, "and", compare(b, "lt", i, scalar_like(b, 2000, i)),
                       _any_true(b, logical(b, "not", fin)))

    def body(args):
        i, ap, term, total, bb, cc, dd, h, fin = args
        # the series' next term, x / (a + k) times the last
        ap2 = add(ap, c(1.0))
        term2 = mul(term, div(x1, ap2))
        total2 = add(total, term2)
        s_done = compare(b, "lt", unary(b, "abs", term2), mul(unary(b, "abs", total2), eps))
        # the continued fraction's next step (Lentz: b, c, d, h)
        fi = cast(b, i, "f64")
        an = mul(unary(b, "neg", fi), sub(fi, a1))
        bb2 = add(bb, c(2.0))
        dd2 = add(mul(an, dd), bb2)
        dd2 = div(c(1.0), select(b, compare(b, "lt", unary(b, "abs", dd2), tiny), tiny, dd2))
        cc2 = add(bb2, div(an, cc))
        cc2 = select(b, compare(b, "lt", unary(b, "abs", cc2), tiny), tiny, cc2)
        delta = mul(dd2, cc2)
        f_done = compare(b, "lt", unary(b, "abs", sub(delta, c(1.0))), eps)
        live = logical(b, "not", fin)
        keep = lambda new, old: select(b, live, new, old)  # noqa: E731
        return [binary(b, "add", i, scalar_like(b, 1, i)), keep(ap2, ap), keep(term2, term),
                keep(total2, total), keep(bb2, bb), keep(cc2, cc), keep(dd2, dd),
                keep(mul(h, delta), h), logical(b, "or", fin, select(b, series, s_done, f_done))]

    outs = while_op(b, [one_i, a1, inv_a, inv_a, bf, c(1e300), d0, d0,
                        scalar_like(b, False, series)], keep_going, body)
    total, h = outs[3], outs[7]
    log_front = sub(sub(mul(a1, unary(b, "log", x1)), x1), lgamma(b, a1))
    front = unary(b, "exp", log_front)
    p = mul(total, front)
    q = mul(h, front)
    lower_v = select(b, series, p, sub(c(1.0), q))
    upper_v = select(b, series, sub(c(1.0), p), q)
    out = upper_v if upper else lower_v
    # ATen's edge values, in its order
    one, zero, nan = c(1.0), c(0.0), c(np.nan)
    if upper:
        out = select(b, _is_inf(b, xv), zero, out)
        out = select(b, _is_inf(b, av), select(b, _is_inf(b, xv), nan, one), out)
        out = select(b, compare(b, "eq", xv, zero), one, out)
        out = select(b, compare(b, "eq", av, zero),
                     select(b, compare(b, "gt", xv, zero), zero, nan), out)
    else:
        out = select(b, _is_inf(b, xv), one, out)
        out = select(b, _is_inf(b, av), select(b, _is_inf(b, xv), nan, zero), out)
        out = select(b, compare(b, "eq", xv, zero), zero, out)
        out = select(b, compare(b, "eq", av, zero),
                     select(b, compare(b, "gt", xv, zero), one, nan), out)
    out = select(b, logical(b, "or", compare(b, "lt", xv, zero), compare(b, "lt", av, zero)),
                 nan, out)
    out = select(b, logical(b, "or", isnan(b, av), isnan(b, xv)), nan, out)
    return cast(b, out, a.dtype)


def copysign(b: Builder, x: Value, y: Value) -> Value:
    """|x| with the sign bit of y (-0.0 and a negative NaN's sign read as
    torch reads them: ``sign_bit``)."""
    x, y = broadcast_all(b, [x, y])
    ax = unary(b, "abs", x)
    return select(b, sign_bit(b, y), unary(b, "neg", ax), ax)


def log1p(b: Builder, x: Value) -> Value:
    """log(1 + x), exact to a few ulp for tiny x: log(u) * x / (u - 1) with
    u = 1 + x (Goldberg), and x itself where u rounds to 1."""
    _float_only("log1p", x)
    xs = _in_f32(b, x)
    one = scalar_like(b, 1.0, xs)
    u = binary(b, "add", one, xs)
    d = binary(b, "sub", u, one)
    r = binary(b, "mul", unary(b, "log", u), binary(b, "div", xs, d))
    r = select(b, compare(b, "eq", d, scalar_like(b, 0.0, d)), xs, r)
    r = select(b, compare(b, "eq", u, scalar_like(b, np.inf, u)), u, r)
    return cast(b, r, x.dtype)


def expm1(b: Builder, x: Value) -> Value:
    """exp(x) - 1, exact to a few ulp for tiny x: (u - 1) * x / log(u) with
    u = exp(x) (Kahan), x itself where u rounds to 1."""
    _float_only("expm1", x)
    xs = _in_f32(b, x)
    u = unary(b, "exp", xs)
    um1 = binary(b, "sub", u, scalar_like(b, 1.0, u))
    r = binary(b, "div", binary(b, "mul", um1, xs), unary(b, "log", u))
    r = select(b, compare(b, "eq", u, scalar_like(b, 1.0, u)), xs, r)
    r = select(b, compare(b, "eq", um1, scalar_like(b, -1.0, um1)), um1, r)
    r = select(b, compare(b, "eq", u, scalar_like(b, np.inf, u)), u, r)
    return cast(b, r, x.dtype)


_EXP_HALVED = 20.0  # beyond it exp(-|x|) is below an ulp of exp(|x|)


def _half_exp_abs(b: Builder, xs: Value) -> Value:
    """exp(|x|) / 2 without overflowing before the result does."""
    h = unary(b, "exp", binary(b, "mul", unary(b, "abs", xs), scalar_like(b, 0.5, xs)))
    return binary(b, "mul", h, binary(b, "mul", h, scalar_like(b, 0.5, h)))


def sinh(b: Builder, x: Value) -> Value:
    """(expm1(x) - expm1(-x)) / 2, which keeps its digits near 0; beyond
    |x| = 20, sign(x) exp(|x|) / 2."""
    _float_only("sinh", x)
    xs = _in_f32(b, x)
    small = binary(b, "mul", binary(b, "sub", expm1(b, xs), expm1(b, unary(b, "neg", xs))),
                   scalar_like(b, 0.5, xs))
    big = _half_exp_abs(b, xs)
    big = select(b, compare(b, "lt", xs, scalar_like(b, 0.0, xs)), unary(b, "neg", big), big)
    far = compare(b, "gt", unary(b, "abs", xs), scalar_like(b, _EXP_HALVED, xs))
    return cast(b, select(b, far, big, small), x.dtype)


def cosh(b: Builder, x: Value) -> Value:
    """(exp(x) + exp(-x)) / 2; beyond |x| = 20, exp(|x|) / 2."""
    _float_only("cosh", x)
    xs = _in_f32(b, x)
    near = binary(b, "mul", binary(b, "add", unary(b, "exp", xs),
                                   unary(b, "exp", unary(b, "neg", xs))),
                  scalar_like(b, 0.5, xs))
    far = compare(b, "gt", unary(b, "abs", xs), scalar_like(b, _EXP_HALVED, xs))
    return cast(b, select(b, far, _half_exp_abs(b, xs), near), x.dtype)


def tan(b: Builder, x: Value) -> Value:
    _float_only("tan", x)
    xs = _in_f32(b, x)
    return cast(b, binary(b, "div", unary(b, "sin", xs), unary(b, "cos", xs)), x.dtype)


def isnan(b: Builder, x: Value) -> Value:
    if not is_float(x.dtype):
        return full(b, False, "i1", x.shape, b.dims(x))
    return compare(b, "ne", x, x)


def isinf(b: Builder, x: Value, positive: bool = True, negative: bool = True) -> Value:
    if not is_float(x.dtype) or not (positive or negative):
        return full(b, False, "i1", x.shape, b.dims(x))
    if positive and negative:
        return _is_inf(b, x)
    return compare(b, "eq", x, scalar_like(b, np.inf if positive else -np.inf, x))


def trunc(b: Builder, x: Value) -> Value:
    """Rounded toward zero."""
    if not is_float(x.dtype):
        return x
    negative = compare(b, "lt", x, scalar_like(b, 0, x))
    return select(b, negative, unary(b, "ceil", x), unary(b, "floor", x))


def round_decimals(b: Builder, x: Value, decimals: int) -> Value:
    """torch.round(x, decimals=d): half to even at 10^-d, scaled as torch
    scales (by 10^d for d > 0, by 1/10^-d below)."""
    _float_only("round", x)
    if decimals == 0:
        return unary(b, "round", x)
    scale = scalar_like(b, float(10.0 ** abs(decimals)), x)
    if decimals > 0:
        return binary(b, "div", unary(b, "round", binary(b, "mul", x, scale)), scale)
    return binary(b, "mul", unary(b, "round", binary(b, "div", x, scale)), scale)


def nan_ignoring(b: Builder, opname: str, x: Value, y: Value) -> Value:
    """fmax / fmin: ``max`` / ``min`` where a NaN operand gives the other."""
    x, y = broadcast_all(b, [x, y])
    out = binary(b, opname, x, y)
    if not is_float(out.dtype):
        return out
    out = select(b, isnan(b, y), x, out)
    return select(b, isnan(b, x), y, out)


_BITS_OF = {"f32": "i32", "f64": "i64", "i32": "f32", "i64": "f64"}


def bitcast(b: Builder, x: Value, elem: str) -> Value:
    """``x``'s element bits read as ``elem`` (``meld.bitcast``: f32 and
    i32, f64 and i64)."""
    if _BITS_OF.get(x.dtype) != elem:
        raise Unsupported(f"reading {x.dtype} bits as {elem} (f32/i32, f64/i64)")
    if _fold(x):
        # (np.array keeps a rank-0 constant rank 0; ascontiguousarray would not)
        return b.constant(np.array(x.const, copy=True).view(numpy_dtype(elem)), elem)
    ty = x.type.with_dtype(elem)
    return _same_dims(b.op(f"meld.bitcast {x.name} : {x.type} to {ty}", ty), x)


def sign_bit(b: Builder, x: Value) -> Value:
    """True where x's sign bit is set: negative numbers, -0.0 and NaNs with
    their sign bit set, read through the bits (halves widened to f32 first,
    which keeps the sign, a NaN's too)."""
    zero = scalar_like(b, 0, x)
    if not is_float(x.dtype):
        return compare(b, "lt", x, zero)
    if x.dtype in ("f16", "bf16"):
        x = cast(b, x, "f32")
    bits = bitcast(b, x, _BITS_OF[x.dtype])
    return compare(b, "lt", bits, scalar_like(b, 0, bits))


def next_after(b: Builder, x: Value, y: Value) -> Value:
    """C's nextafter: the next float after x toward y, through x's bits
    (one step of the integer that holds them, away from or toward zero);
    y where they are equal, the smallest subnormal with y's sign from zero,
    NaN when either is. f32 and f64."""
    x, y = broadcast_all(b, [x, y])
    if x.dtype not in ("f32", "f64"):
        raise Unsupported(f"nextafter of {x.dtype} (f32 and f64)")
    ity = _BITS_OF[x.dtype]
    bits = bitcast(b, x, ity)
    zero = scalar_like(b, 0.0, x)
    away = logical(b, "xor", compare(b, "lt", x, y), compare(b, "lt", x, zero))
    stepped = select(b, away, binary(b, "add", bits, scalar_like(b, 1, bits)),
                     binary(b, "sub", bits, scalar_like(b, 1, bits)))
    out = bitcast(b, stepped, x.dtype)
    tiny = bitcast(b, scalar_like(b, 1, bits), x.dtype)  # (the smallest subnormal)
    out = select(b, compare(b, "eq", x, zero), copysign(b, tiny, y), out)
    out = select(b, compare(b, "eq", x, y), y, out)
    return select(b, logical(b, "or", isnan(b, x), isnan(b, y)),
                  binary(b, "add", x, y), out)


def hypot(b: Builder, x: Value, y: Value) -> Value:
    """sqrt(x^2 + y^2) without overflow or underflow: m sqrt(1 + (n/m)^2)
    with m, n the larger and smaller magnitude; inf when either is."""
    _float_only("hypot", x)
    dtype = x.dtype
    x, y = broadcast_all(b, [_in_f32(b, x), _in_f32(b, y)])
    ax, ay = unary(b, "abs", x), unary(b, "abs", y)
    m, n = binary(b, "max", ax, ay), binary(b, "min", ax, ay)
    r = binary(b, "div", n, m)
    one = scalar_like(b, 1.0, r)
    h = binary(b, "mul", m, unary(b, "sqrt", binary(b, "add", one, binary(b, "mul", r, r))))
    h = select(b, compare(b, "eq", m, scalar_like(b, 0.0, m)), m, h)
    h = select(b, logical(b, "or", _is_inf(b, x), _is_inf(b, y)),
               scalar_like(b, np.inf, h), h)
    return cast(b, h, dtype)


def atan2(b: Builder, y: Value, x: Value) -> Value:
    """The angle of (x, y) in [-pi, pi], with C's atan2 at zeros (the signs
    of both zeros pick the quadrant) and infinities."""
    _float_only("atan2", y)
    dtype = y.dtype
    y, x = broadcast_all(b, [_in_f32(b, y), _in_f32(b, x)])
    ay, ax = unary(b, "abs", y), unary(b, "abs", x)
    t = atan(b, binary(b, "div", ay, ax))  # in [0, pi/2]
    both_zero = logical(b, "and", compare(b, "eq", ay, scalar_like(b, 0.0, ay)),
                        compare(b, "eq", ax, scalar_like(b, 0.0, ax)))
    t = select(b, both_zero, scalar_like(b, 0.0, t), t)
    both_inf = logical(b, "and", _is_inf(b, y), _is_inf(b, x))
    t = select(b, both_inf, scalar_like(b, float(np.pi / 4), t), t)
    t = select(b, sign_bit(b, x), binary(b, "sub", scalar_like(b, float(np.pi), t), t), t)
    t = select(b, sign_bit(b, y), unary(b, "neg", t), t)
    return cast(b, t, dtype)


# -- normalizations and statistics ---------------------------------------------------

def variance(b: Builder, x: Value, axes: Optional[Sequence[int]], correction: float,
             keepdims: bool):
    """(variance, mean) over ``axes`` (all when None): the sum of squared
    deviations over N - correction (torch.var; NaN where that is <= 0 as in
    torch, inf for N = correction with a nonzero sum)."""
    _float_only("variance", x)
    axes = list(range(x.rank)) if axes is None else \
        sorted({normalize_axis(a, x.rank, "reduction axis") for a in axes})
    dynamic = any(x.shape[a] is None for a in axes)
    if dynamic and correction != 0:
        raise Unsupported("variance with a correction over a dynamic dimension")
    mean = reduce(b, "mean", x, axes, True)
    c = binary(b, "sub", x, mean)
    if dynamic:
        # the mean of the squared deviations: no count needed
        var = reduce(b, "mean", binary(b, "mul", c, c), axes, keepdims)
    else:
        n = int(np.prod([x.shape[a] for a in axes]))
        ss = reduce(b, "sum", binary(b, "mul", c, c), axes, keepdims)
        var = binary(b, "div", ss, scalar_like(b, float(max(n - correction, 0.0)), ss))
    if not keepdims:
        mean = squeeze(b, mean, axes)
    return var, mean


def group_norm(b: Builder, x: Value, groups: int, scale: Optional[Value],
               bias: Optional[Value], eps: float):
    """(y, mean, 1/std): x [N, C, *] normalized over each group of C/groups
    channels and the spatial dims, then scaled and shifted per channel;
    mean and 1/std are [N, groups]."""
    _float_only("group_norm", x)
    if x.rank < 2 or x.shape[1] is None or x.shape[1] % groups:
        raise FrontendError(f"group_norm of {groups} groups over {x.shape[1]} channels")
    dims = b.dims(x)
    per = _dim_product(b, [Dim(static=x.shape[1] // groups)] + dims[2:])
    xs = _in_f32(b, x)
    g = reshape(b, xs, [dims[0], Dim(static=groups), per])
    var, mean = variance(b, g, [2], 0.0, True)
    inv = unary(b, "rsqrt", binary(b, "add", var, scalar_like(b, eps, var)))
    y = reshape(b, binary(b, "mul", binary(b, "sub", g, mean), inv), dims)
    y = cast(b, y, x.dtype)
    channel = [x.shape[1]] + [1] * (x.rank - 2)
    if scale is not None:
        y = binary(b, "mul", y, reshape(b, scale, channel))
    if bias is not None:
        y = binary(b, "add", y, reshape(b, bias, channel))
    return y, squeeze(b, mean, [2]), squeeze(b, inv, [2])


# -- data movement ---------------------------------------------------------------------

def diagonal(b: Builder, x: Value, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Value:
    """numpy.diagonal: the diagonal of dims ``dim1`` and ``dim2`` (shifted
    by ``offset``) as a new last dim: a strided slice of the two dims
    flattened."""
    d1, d2 = normalize_axis(dim1, x.rank), normalize_axis(dim2, x.rank)
    if d1 == d2:
        raise FrontendError("diagonal of one dimension with itself")
    n, m = x.shape[d1], x.shape[d2]
    if n is None or m is None:
        raise Unsupported("diagonal of dynamic dimensions")
    rest = [a for a in range(x.rank) if a not in (d1, d2)]
    moved = transpose(b, x, rest + [d1, d2])
    count = max(0, min(n, m - offset) if offset >= 0 else min(n + offset, m))
    lead = [b.dim(x, a) for a in rest]
    flat = reshape(b, moved, lead + [Dim(static=n * m)])
    if count == 0:
        return slice_static(b, flat, [0] * len(rest) + [0], list(flat.shape[:-1]) + [0],
                            [1] * flat.rank)
    start = offset if offset >= 0 else -offset * m
    stop = start + (count - 1) * (m + 1) + 1
    return slice_static(b, flat, [0] * len(rest) + [start], list(flat.shape[:-1]) + [stop],
                        [1] * len(rest) + [m + 1])


def windows(b: Builder, x: Value, axis: int, size: int, step: int) -> Value:
    """torch.Tensor.unfold: the windows of ``size`` elements every ``step``
    along ``axis``, the window count in its place and the window as a new
    last dim (one gather)."""
    axis = normalize_axis(axis, x.rank) if x.rank else 0
    if x.rank == 0:
        return reshape(b, x, [1])
    n = x.shape[axis]
    if n is None:
        raise Unsupported("windows over a dynamic dimension")
    if size > n or step <= 0:
        raise FrontendError(f"windows of {size} every {step} over {n} elements")
    count = (n - size) // step + 1
    idx = (np.arange(count)[:, None] * step + np.arange(size)[None, :]).astype(np.int64)
    g = gather(b, x, b.constant(idx, "i64"), axis)  # ... count, size ...
    perm = [a for a in range(g.rank) if a != axis + 1] + [axis + 1]
    return transpose(b, g, perm)


def _adaptive_window(j: int, n: int, m: int) -> tuple:
    """Output j's window of an adaptive pool from n to m, as torch takes
    it: [floor(j n / m), ceil((j + 1) n / m))."""
    return (j * n) // m, -((-(j + 1) * n) // m)


def _adaptive_axes(x: Value, out_sizes: Sequence[int]):
    """(axis, n, m) for each trailing axis an adaptive pool resizes."""
    for i, m in enumerate(out_sizes):
        axis = x.rank - len(out_sizes) + i
        n = x.shape[axis]
        if n is None:
            raise Unsupported("adaptive pooling over a dynamic dimension to more than one "
                              "element")
        if n != m:
            yield axis, n, m


def _pool_dynamic_axes_to_one(b: Builder, x: Value, out_sizes: Sequence[int], kind: str):
    """``x`` reduced (``mean`` or ``max``, kept as a dim of 1) along each
    dynamic trailing axis that an adaptive pool takes to one element (a
    global pooling over a dynamic image)."""
    axes = [x.rank - len(out_sizes) + i for i, m in enumerate(out_sizes)
            if m == 1 and x.shape[x.rank - len(out_sizes) + i] is None]
    return reduce(b, kind, x, axes, True) if axes else x


def adaptive_avg_weights(n: int, m: int) -> np.ndarray:
    """The (m x n) averaging matrix of an adaptive average pool from n to m."""
    w = np.zeros((m, n))
    for i in range(m):
        lo, hi = _adaptive_window(i, n, m)
        w[i, lo:hi] = 1.0 / (hi - lo)
    return w


def adaptive_avg_pool(b: Builder, x: Value, out_sizes: Sequence[int]) -> Value:
    """Average pool of the trailing ``len(out_sizes)`` dims to those sizes,
    one axis after another (the window is a product of 1-D windows)."""
    _float_only("adaptive average pool", x)
    y = _pool_dynamic_axes_to_one(b, x, out_sizes, "mean")
    for axis, n, m in _adaptive_axes(y, out_sizes):
        if n % m == 0 and n // m > 1:  # equal windows: a reshape and a mean
            dims = b.dims(y)
            split = dims[:axis] + [Dim(static=m), Dim(static=n // m)] + dims[axis + 1:]
            y = reduce(b, "mean", reshape(b, y, split), [axis + 1], False)
            continue
        y = interpolate_axis(b, y, axis, adaptive_avg_weights(n, m))
    return y


def adaptive_max_pool(b: Builder, x: Value, out_sizes: Sequence[int]) -> Value:
    """Max pool of the trailing ``len(out_sizes)`` dims to those sizes
    (torch's adaptive windows), one axis after another (the max over a
    box is the max over each axis in turn): per axis one gather of every
    window's elements, a window shorter than the longest repeating its
    last element, and a max."""
    y = _pool_dynamic_axes_to_one(b, x, out_sizes, "max")
    for axis, n, m in _adaptive_axes(y, out_sizes):
        if m > n:
            raise Unsupported(f"adaptive max pooling from {n} up to {m}")
        windows = [_adaptive_window(j, n, m) for j in range(m)]
        width = max(hi - lo for lo, hi in windows)
        idx = np.array([[min(lo + t, hi - 1) for t in range(width)] for lo, hi in windows],
                       np.int64)
        picked = gather(b, y, b.constant(idx, "i64"), axis)  # [..., m, width, ...]
        y = reduce(b, "max", picked, [axis + 1], False)  # (meld's max keeps NaN)
    return y


def _fractional_starts(b: Builder, samples: Value, n: int, m: int, k: int) -> Value:
    """Where each of the ``m`` windows of ``k`` elements along a dim of
    ``n`` starts, per plane, from the plane's ``samples`` u (``[N, C]``):
    ATen's ``generate_intervals``, ``trunc((i + u) alpha) - trunc(u alpha)``
    with ``alpha = (n - k) / (m - 1)``, in the samples' type, and ``n - k``
    for the last window. i64 ``[N, C, m]``."""
    dtype = samples.dtype
    lead = b.dims(samples)
    shape = tuple(samples.shape) + (m,)
    sizes = lead + [Dim(static=m)]
    last = full(b, n - k, "i64", shape, sizes)
    if m == 1:
        return last
    real = np.dtype(numpy_dtype(dtype)).type
    alpha = real(n - k) / real(m - 1)
    u = reshape(b, samples, lead + [Dim(static=1)])
    ramp = broadcast_to(b, b.constant(np.arange(m, dtype=numpy_dtype(dtype)), dtype), shape, sizes)
    a = scalar_like(b, float(alpha), u)
    moved = cast(b, binary(b, "mul", binary(b, "add", ramp, broadcast_to(b, u, shape, sizes)),
                           broadcast_to(b, a, shape, sizes)), "i64")
    starts = binary(b, "sub", moved, broadcast_to(b, cast(b, binary(b, "mul", u, a), "i64"),
                                                 shape, sizes))
    is_last = broadcast_to(b, b.constant(np.arange(m) == m - 1, "i1"), shape, sizes)
    return select(b, is_last, last, starts)


def fractional_max_pool(b: Builder, x: Value, kernel: Sequence[int], out_sizes: Sequence[int],
                        samples: Value):
    """(values, indices) of torch's fractional max pooling over the
    trailing 2 or 3 dims of ``x`` (``[N, C, *S]`` or ``[C, *S]``): each
    plane's windows of ``kernel`` start where ``samples`` (``[N, C, d]``,
    in [0, 1)) place them (_fractional_starts; ATen reads a 2-D plane's
    samples as (W, H), a 3-D one's as (T, H, W)); each output is its
    window's first maximum or its last NaN, as ATen's loop keeps them, and
    its flat index in the plane."""
    d = len(kernel)
    if d not in (2, 3) or x.rank not in (d + 1, d + 2):
        raise FrontendError(f"fractional max pooling of rank {x.rank} over {d} dims")
    if x.dtype not in ("f32", "f64") or samples.dtype != x.dtype:
        raise Unsupported(f"fractional max pooling of {x.dtype} (ATen's windows are placed "
                          "in the input's type)")
    spatial = list(x.shape[x.rank - d:])
    if any(n is None for n in spatial) or x.rank == d + 2 and x.shape[1] is None:
        raise Unsupported("fractional max pooling over dynamic channels or spatial dims")
    for n, m, k in zip(spatial, out_sizes, kernel):
        if not 0 < k <= n or m < 1 or m + k - 1 > n:
            raise FrontendError(f"fractional max pooling of {n} by windows of {k} to {m}")
    unbatched = x.rank == d + 1
    if unbatched:
        x = reshape(b, x, [Dim(static=1)] + b.dims(x))
    planes = reshape(b, x, b.dims(x)[:2] + [Dim(static=int(np.prod(spatial)))])
    lead = b.dims(planes)[:2]
    out_shape = tuple(x.shape[:2]) + tuple(out_sizes)
    out_dims = lead + [Dim(static=m) for m in out_sizes]
    strides = [int(np.prod(spatial[j + 1:])) for j in range(d)]
    # each dim's window starts, [N, C, m_j] broadcast over the others
    order = [1, 0] if d == 2 else [0, 1, 2]  # (sample index of each dim)
    flat = None
    for j in range(d):
        u = reshape(b, slice_static(b, samples, [0, 0, order[j]],
                                    [samples.shape[0], samples.shape[1], order[j] + 1],
                                    [1, 1, 1]), b.dims(samples)[:2])
        starts = _fractional_starts(b, u, spatial[j], out_sizes[j], kernel[j])
        starts = reshape(b, starts, lead + [Dim(static=1) if i != j else Dim(static=out_sizes[j])
                                            for i in range(d)])
        term = binary(b, "mul", broadcast_to(b, starts, out_shape, out_dims),
                      scalar_like(b, strides[j], starts))
        flat = term if flat is None else binary(b, "add", flat, term)
    # one gather from all planes: plane (n, c) starts at (n * C + c) * P
    channels, p = x.shape[1], int(np.prod(spatial))
    base = binary(b, "add",
                  binary(b, "mul", iota(b, "i64", out_shape, out_dims, 0),
                         scalar_like(b, channels * p, flat)),
                  binary(b, "mul", iota(b, "i64", out_shape, out_dims, 1),
                         scalar_like(b, p, flat)))
    values = reshape(b, planes, [_dim_product(b, b.dims(planes))])
    best = where_ = None
    for offset in np.ndindex(*kernel):
        shift = int(sum(o * st for o, st in zip(offset, strides)))
        here = binary(b, "add", flat, scalar_like(b, shift, flat)) if shift else flat
        v = gather(b, values, binary(b, "add", base, here), 0)
        best, where_ = _keep_max(b, best, where_, v, here)
    if unbatched:
        best = reshape(b, best, b.dims(best)[1:])
        where_ = reshape(b, where_, b.dims(where_)[1:])
    return best, where_


def adaptive_max_pool_indices(b: Builder, x: Value, out_sizes: Sequence[int]) -> Value:
    """The i64 indices of an adaptive max pool's maxima, flat over the
    pooled trailing dims (torch's ``return_indices``): each output's box
    of elements is one gather by a constant table of flat positions (a box
    shorter than the longest repeats its last element), and the first
    maximum's position is picked."""
    k = len(out_sizes)
    sizes = list(x.shape[x.rank - k:])
    if any(n is None for n in sizes):
        raise Unsupported("adaptive pooling over a dynamic dimension")
    boxes = []
    for n, m in zip(sizes, out_sizes):
        if m > n:
            raise Unsupported(f"adaptive max pooling from {n} up to {m}")
        windows = [_adaptive_window(j, n, m) for j in range(m)]
        width = max(hi - lo for lo, hi in windows)
        boxes.append(np.array([[min(lo + t, hi - 1) for t in range(width)]
                               for lo, hi in windows], np.int64))  # [m, width]
    # flat[j_1.., t_1..] = sum_i box_i[j_i, t_i] * stride_i
    strides = [int(np.prod(sizes[i + 1:])) for i in range(k)]
    flat = np.zeros([len(bx) for bx in boxes] + [bx.shape[1] for bx in boxes], np.int64)
    for i, bx in enumerate(boxes):
        shape = [1] * (2 * k)
        shape[i], shape[k + i] = bx.shape
        flat = flat + bx.reshape(shape) * strides[i]
    flat = flat.reshape(list(out_sizes) + [-1])  # [m_1.., box]
    lead = b.dims(x)[:x.rank - k]
    plane = reshape(b, x, lead + [Dim(static=int(np.prod(sizes)))])
    table = b.constant(flat, "i64")
    picked = gather(b, plane, table, plane.rank - 1)  # [..., m_1.., box]
    best = reduce(b, "argmax", picked, [picked.rank - 1], True)
    positions = broadcast_to(b, table, picked.shape, b.dims(picked))
    return squeeze(b, take_along_axis(b, positions, best, picked.rank - 1), [picked.rank - 1])


_MASK32 = 0xFFFFFFFF


def uniform(b: Builder, shape, sizes: Sequence[DimLike], seed: Value, stream: int) -> Value:
    """Uniform f32 numbers in [0, 1), one per element of ``shape``: a
    counter-based generator (no state), the element's flat index and the
    rank-0 i64 ``seed`` (one per call, from the caller) mixed with
    ``stream`` (one per random op of a program) and hashed by the
    'lowbias32' integer hash (two multiply-xorshift rounds, Wellons), in
    i64 with the low 32 bits kept. The top 24 bits make the float. Pure
    integer ops: every target and the interpreter draw the same numbers."""
    sizes = [d if isinstance(d, Dim) else Dim(static=int(d)) for d in sizes]
    shape = tuple(shape)
    flat = strided_sum(b, [iota(b, "i64", shape, sizes, k) for k in range(len(shape))],
                        _row_major_strides(b, sizes))
    if flat is None:  # (rank 0)
        flat = b.constant(np.int64(0), "i64")

    def c(v):
        return scalar_like(b, v, flat)
    key = binary(b, "add", binary(b, "mul", binary(b, "and", cast(b, seed, "i64"),
                                                   b.constant(np.int64(_MASK32), "i64")),
                                  b.constant(np.int64(0x9E3779B1), "i64")),
                 b.constant(np.int64((stream * 0x632BE5AB) & _MASK32), "i64"))
    x = binary(b, "and", binary(b, "add", flat, key), c(_MASK32))
    for shift, mult in ((16, 0x7FEB352D), (15, 0x846CA68B)):
        x = binary(b, "xor", x, binary(b, "shift_right", x, c(shift)))
        x = binary(b, "and", binary(b, "mul", x, c(mult)), c(_MASK32))
    x = binary(b, "xor", x, binary(b, "shift_right", x, c(16)))
    top = binary(b, "shift_right", x, c(8))
    return binary(b, "mul", cast(b, top, "f32"), full(b, 2.0 ** -24, "f32", shape, sizes))


def searchsorted(b: Builder, seq: Value, values: Value, right: bool = False) -> Value:
    """torch.searchsorted: for each value, where it would go in ``seq``
    (sorted along its last axis; 1-D, or with ``values``' leading dims).
    The binary search itself, as torch's kernel runs it (so that NaNs, in
    the values or sorted last in ``seq``, land where torch puts them):
    bit_length(n) steps, each a gather of the midpoints and a compare;
    the left side moves past mid while !(seq[mid] >= value) (right side:
    !(seq[mid] > value))."""
    n = seq.shape[-1]
    if n is None:
        raise Unsupported("searchsorted in a sequence of dynamic length")
    if seq.rank > 1 and seq.rank != values.rank:
        raise FrontendError(f"searchsorted of rank {values.rank} values in a rank {seq.rank} "
                            f"sequence")
    values = cast(b, values, seq.dtype)
    lo = full(b, 0, "i64", values.shape, b.dims(values))
    hi = full(b, n, "i64", values.shape, b.dims(values))
    one = scalar_like(b, 1, lo)
    for _ in range(int(n).bit_length()):
        active = compare(b, "lt", lo, hi)
        mid = binary(b, "div", binary(b, "add", lo, hi), scalar_like(b, 2, lo))
        at = binary(b, "min", mid, scalar_like(b, max(n - 1, 0), mid))
        picked = gather(b, seq, at, 0) if seq.rank == 1 else \
            take_along_axis(b, seq, at, seq.rank - 1)
        stop = compare(b, "gt" if right else "ge", picked, values)
        go = logical(b, "and", active, logical(b, "not", stop))
        lo = select(b, go, binary(b, "add", mid, one), lo)
        hi = select(b, logical(b, "and", active, stop), mid, hi)
    return lo


def nonzero_static(b: Builder, x: Value, size: int, fill: int = -1) -> Value:
    """torch.nonzero_static: the [size, rank] i64 coordinates of the first
    ``size`` nonzero elements in row-major order, the rows past their count
    ``fill``. The r-th nonzero element is where the running count of
    nonzero elements first passes r (a binary search of it)."""
    if not x.type.static:
        raise Unsupported("nonzero_static of a tensor with dynamic dims")
    if size < 0:
        raise FrontendError(f"nonzero_static of size {size}")
    shape = list(x.shape)
    total = int(np.prod(shape)) if shape else 1
    if size == 0 or total == 0:
        return b.constant(np.full((size, x.rank), fill, np.int64), "i64")
    nz = x if x.dtype == "i1" else compare(b, "ne", x, scalar_like(b, 0, x))
    flat = reshape(b, cast(b, nz, "i64"), [Dim(static=total)])
    running = cumulative(b, flat, 0, "sum")
    r = iota(b, "i64", (size,), [Dim(static=size)], 0)
    pos = searchsorted(b, running, r, right=True)  # [size]
    count = reduce(b, "sum", flat, [0], True)
    valid = compare(b, "lt", r, count)
    coords = []
    stride = total
    for d in shape:
        stride //= d
        c = binary(b, "div", pos, scalar_like(b, stride, pos)) if stride > 1 else pos
        coords.append(unsqueeze(b, remainder(b, c, scalar_like(b, d, c), floor=True), [1]))
    out = concat(b, coords, 1) if coords else full(b, 0, "i64", (size, 0))
    return select(b, unsqueeze(b, valid, [1]), out, scalar_like(b, fill, out))


def advanced_index(b: Builder, x: Value, indices: Sequence[Optional[Value]]) -> Value:
    """numpy advanced indexing ``x[i0, i1, ...]`` by integer tensors (None:
    the whole dim): the index tensors broadcast together; their dims replace
    the indexed dims in place when those are adjacent, and lead otherwise."""
    indices = list(indices) + [None] * (x.rank - len(indices))
    if len(indices) > x.rank:
        raise FrontendError(f"{len(indices)} indices for a tensor of rank {x.rank}")
    picked = [i for i, t in enumerate(indices) if t is not None]
    if not picked:
        return x
    for i in picked:
        if indices[i].dtype == "i1":
            raise Unsupported("indexing by a boolean mask (its result's shape depends on "
                              "the data)")
        if indices[i].dtype not in INT_TYPES:
            raise FrontendError(f"an index tensor of {indices[i].dtype}")
    if len(picked) == 1:
        return gather(b, x, indices[picked[0]], picked[0])
    adjacent = picked == list(range(picked[0], picked[-1] + 1))
    idx = broadcast_all(b, [cast(b, indices[i], "i64") for i in picked])
    rest = [a for a in range(x.rank) if a not in picked]
    moved = transpose(b, x, picked + rest)
    # negative indices count from the end; one flat index into the picked dims
    total = _dim_product(b, [b.dim(x, i) for i in picked])
    flat = None
    stride = Dim(static=1)
    for i, t in reversed(list(zip(picked, idx))):
        n = b.dim(x, i)
        t = _flat_index(b, t, n, total)
        term = t if stride.static == 1 else binary(b, "mul", t, _size_operand(b, stride, t))
        flat = term if flat is None else binary(b, "add", flat, term)
        stride = b.index_arith("muli", stride, n)
    merged = reshape(b, moved, [stride] + [b.dim(x, a) for a in rest])
    out = gather(b, merged, flat, 0)  # idx dims, then the rest
    if not adjacent or picked[0] == 0:
        return out
    k, p = flat.rank, picked[0]
    # the index dims go where the first indexed dim was
    perm = list(range(k, k + p)) + list(range(k)) + list(range(k + p, out.rank))
    return transpose(b, out, perm)


def _masked_put(b: Builder, x: Value, at: int, mask: Value, values: Value,
                accumulate: bool) -> Value:
    """``x[..., mask, ...] = values`` (``+=``) for values that every picked
    element takes alike (broadcast over the dims after the mask's): a
    select, since no position is picked twice. Values with a dim per picked
    element depend on how many the mask picks at run time."""
    trailing = x.rank - at - mask.rank
    if trailing < 0 or list(mask.shape) != list(x.shape[at:at + mask.rank]):
        raise FrontendError(f"a mask of shape {list(mask.shape)} for dims {at}.. of "
                            f"{list(x.shape)}")
    shape = list(values.shape)
    while shape and shape[0] == 1:
        shape.pop(0)
    if len(shape) > trailing:
        raise Unsupported("index_put by a boolean mask of values with a dim per picked "
                          "element (a data-dependent count)")
    values = reshape(b, values, [Dim(static=d) for d in shape]) if shape != list(values.shape) \
        else values
    dims = b.dims(x)
    values = broadcast_to(b, cast(b, values, x.dtype), x.shape, dims)
    m = reshape(b, mask, [Dim(static=1)] * at + b.dims(mask) + [Dim(static=1)] * trailing)
    m = broadcast_to(b, m, x.shape, dims)
    if accumulate:
        return binary(b, "add", x, select(b, m, values, scalar_like(b, 0, x)))
    return select(b, m, values, x)


def index_put(b: Builder, x: Value, indices: Sequence[Optional[Value]], values: Value,
              accumulate: bool = False) -> Value:
    """``x[i0, i1, ...] = values`` (``+=`` with ``accumulate``), the indices
    as ``advanced_index`` reads them and ``values`` broadcast to that
    result: the indexed dims moved first and one ``scatter_nd``."""
    indices = list(indices) + [None] * (x.rank - len(indices))
    if len(indices) > x.rank:
        raise FrontendError(f"{len(indices)} indices for a tensor of rank {x.rank}")
    picked = [i for i, t in enumerate(indices) if t is not None]
    if not picked:
        raise Unsupported("index_put without an index tensor")
    if len(picked) == 1 and indices[picked[0]].dtype == "i1":
        return _masked_put(b, x, picked[0], indices[picked[0]], values, accumulate)
    for i in picked:
        if indices[i].dtype == "i1":
            raise Unsupported("index_put by a boolean mask among other indices")
    _check_static("index_put", x, values, *[indices[i] for i in picked])
    idx = broadcast_all(b, [cast(b, indices[i], "i64") for i in picked])
    s = list(idx[0].shape)
    rest = [a for a in range(x.rank) if a not in picked]
    p = picked[0]
    in_place = picked == list(range(p, picked[-1] + 1)) and p > 0
    if in_place:
        shape = list(x.shape[:p]) + s + list(x.shape[picked[-1] + 1:])
    else:
        shape = s + [x.shape[a] for a in rest]
    values = broadcast_to(b, cast(b, values, x.dtype), shape, [Dim(static=d) for d in shape])
    if in_place:  # the index dims first, as scatter_nd takes them
        k = len(s)
        values = transpose(b, values, list(range(p, p + k)) + list(range(p)) +
                           list(range(p + k, values.rank)))
    order = picked + rest
    moved = transpose(b, x, order)
    tuples = concat(b, [unsqueeze(b, t, [t.rank]) for t in idx], len(s))
    out = scatter_nd(b, moved, tuples, values, "add" if accumulate else "none")
    return transpose(b, out, [order.index(a) for a in range(x.rank)])


# -- grid sampling ---------------------------------------------------------------------

_CUBIC_A = -0.75  # Keys' cubic convolution, as torch and ONNX use it


def _cubic_weights(b: Builder, t: Value) -> List[Value]:
    """The four weights of taps at -1, 0, 1, 2 for a fraction ``t`` (torch's
    get_cubic_upsample_coefficients)."""
    a = _CUBIC_A

    def near(x):  # ((A + 2) x - (A + 3)) x x + 1, for |x| <= 1
        p = binary(b, "sub", binary(b, "mul", x, scalar_like(b, a + 2, x)), scalar_like(b, a + 3, x))
        return binary(b, "add", binary(b, "mul", binary(b, "mul", p, x), x), scalar_like(b, 1.0, x))

    def far(x):  # ((A x - 5A) x + 8A) x - 4A, for 1 <= |x| <= 2
        p = binary(b, "sub", binary(b, "mul", x, scalar_like(b, a, x)), scalar_like(b, 5 * a, x))
        p = binary(b, "add", binary(b, "mul", p, x), scalar_like(b, 8 * a, x))
        return binary(b, "sub", binary(b, "mul", p, x), scalar_like(b, 4 * a, x))

    one = scalar_like(b, 1.0, t)
    u = binary(b, "sub", one, t)
    return [far(binary(b, "add", t, one)), near(t), near(u), far(binary(b, "add", u, one))]


def _reflect(b: Builder, x: Value, twice_low: int, twice_high: int, slope: bool):
    """torch's reflect_coordinates: x folded into [low, high] by
    reflections; with it (``slope``: else None) d fold / d x, +1 or -1 (0
    for a single point), as reflect_coordinates_set_grad gives it."""
    if twice_low == twice_high:
        zero = scalar_like(b, 0.0, x)
        return zero, zero if slope else None
    lo, span = twice_low / 2.0, (twice_high - twice_low) / 2.0
    shifted = binary(b, "sub", x, scalar_like(b, lo, x))
    d = unary(b, "abs", shifted)
    extra = binary(b, "rem", d, scalar_like(b, span, d))
    flips = unary(b, "floor", binary(b, "div", d, scalar_like(b, span, d)))
    even = compare(b, "eq", binary(b, "rem", flips, scalar_like(b, 2.0, flips)),
                   scalar_like(b, 0.0, flips))
    folded = select(b, even, binary(b, "add", extra, scalar_like(b, lo, extra)),
                    binary(b, "sub", scalar_like(b, span + lo, extra), extra))
    if not slope:
        return folded, None
    one, minus = scalar_like(b, 1.0, x), scalar_like(b, -1.0, x)
    outward = select(b, compare(b, "lt", shifted, scalar_like(b, 0.0, x)), minus, one)
    return folded, select(b, even, outward, unary(b, "neg", outward))


def _pad_coordinate(b: Builder, x: Value, size: int, padding: str, align_corners: bool,
                    with_slope: bool = False):
    """torch's compute_coordinates: border clips into [0, size - 1];
    reflection reflects (about the corner pixels' centres or edges) and
    then clips. With it (``with_slope``) d padded / d x, None for 1, as
    compute_coordinates_set_grad gives it: 0 where the clip holds the
    coordinate at or past an end."""
    if padding == "zeros":
        return x, None
    slope = None
    if padding == "reflection":
        twice = (0, 2 * (size - 1)) if align_corners else (-1, 2 * size - 1)
        x, slope = _reflect(b, x, *twice, with_slope)
    zero, high = scalar_like(b, 0.0, x), scalar_like(b, float(size - 1), x)
    if not with_slope:
        return clamp(b, x, zero, high), None
    inside = logical(b, "and", compare(b, "gt", x, zero), compare(b, "lt", x, high))
    slope = select(b, inside, scalar_like(b, 1.0, x) if slope is None else slope, zero)
    return clamp(b, x, zero, high), slope


def _cubic_slopes(b: Builder, t: Value) -> List[Value]:
    """d w / d t of :func:`_cubic_weights`' four weights."""
    a = _CUBIC_A

    def near(x):  # 3 (A + 2) x^2 - 2 (A + 3) x
        return binary(b, "mul", binary(b, "sub", binary(b, "mul", x, scalar_like(
            b, 3 * (a + 2), x)), scalar_like(b, 2 * (a + 3), x)), x)

    def far(x):  # 3 A x^2 - 10 A x + 8 A
        p = binary(b, "sub", binary(b, "mul", x, scalar_like(b, 3 * a, x)),
                   scalar_like(b, 10 * a, x))
        return binary(b, "add", binary(b, "mul", p, x), scalar_like(b, 8 * a, x))

    one = scalar_like(b, 1.0, t)
    u = binary(b, "sub", one, t)
    return [far(binary(b, "add", t, one)), near(t), unary(b, "neg", near(u)),
            unary(b, "neg", far(binary(b, "add", u, one)))]


@dataclass
class _GridTaps:
    """The taps of a grid sampling of ``x`` [N, C, *S] at ``grid`` [N, *O,
    r]: ``rows`` [N P, C], x's C-vectors; per tap combination (one tap
    per spatial dim) the row each output (n, j) reads, [N, Q], whether it
    is in range, and each dim's weight and d weight / d coordinate (None:
    nearest); per dim, d coordinate / d grid (a constant or [N, Q])."""
    compute: str
    n: int
    c: int
    q: int
    p: int
    out_sp: List[int]
    rows: Value
    combos: List[Tuple[Value, Value, List[Optional[Value]], List[Optional[Value]]]]
    slopes: List[Union[float, Value]]


def _grid_taps(b: Builder, what: str, x: Value, grid: Value, mode: str, padding: str,
               align_corners: bool, with_slopes: bool = False) -> _GridTaps:
    _float_only(what, x)
    r = x.rank - 2
    if r < 1 or grid.rank != r + 2 or grid.shape[-1] != r:
        raise FrontendError(f"{what} of a rank-{x.rank} input by a grid of shape "
                            f"{list(grid.shape)}")
    if mode not in ("nearest", "linear", "cubic") or \
            padding not in ("zeros", "border", "reflection"):
        raise Unsupported(f"{what} mode '{mode}', padding '{padding}'")
    if mode == "cubic" and r != 2:
        raise Unsupported(f"cubic grid sampling in {r} dims (2 only)")
    _check_static(what, x, grid)
    compute = "f32" if x.dtype in ("f16", "bf16") else x.dtype
    xs = cast(b, x, compute)
    g = cast(b, grid, compute)
    n, c, spatial = x.shape[0], x.shape[1], list(x.shape[2:])
    out_sp = list(grid.shape[1:-1])
    q = int(np.prod(out_sp))
    p = int(np.prod(spatial))
    g = reshape(b, g, [n, q, r])
    # rows of C values: [N * P, C]; tap t of output (n, j) reads row n P + flat
    rows = reshape(b, transpose(b, reshape(b, xs, [n, c, p]), [0, 2, 1]), [n * p, c])
    coords, slopes = [], []  # per spatial dim (in x's order), [N, Q]
    for d in range(r):
        size = spatial[d]
        v = reshape(b, _slice_axis(b, g, 2, r - 1 - d, r - d), [n, q])
        scale = (size - 1) / 2.0 if align_corners else size / 2.0
        if align_corners:
            v = binary(b, "mul", binary(b, "add", v, scalar_like(b, 1.0, v)),
                       scalar_like(b, (size - 1) / 2.0, v))
        else:
            v = binary(b, "mul", binary(b, "sub", binary(b, "mul", binary(
                b, "add", v, scalar_like(b, 1.0, v)), scalar_like(b, float(size), v)),
                scalar_like(b, 1.0, v)), scalar_like(b, 0.5, v))
        slope = None
        if mode != "cubic":
            v, slope = _pad_coordinate(b, v, size, padding, align_corners, with_slopes)
        coords.append(v)
        slopes.append(scale if slope is None else
                      binary(b, "mul", slope, scalar_like(b, scale, slope)))
    # per dim: a list of (integer index [N, Q] as a float, weight, its slope)
    taps_per_dim = []
    for d, v in enumerate(coords):
        if mode == "nearest":
            taps_per_dim.append([(unary(b, "round", v), None, None)])
            continue
        f = unary(b, "floor", v)
        t = binary(b, "sub", v, f)
        if mode == "linear":
            up, down = (scalar_like(b, 1.0, t), scalar_like(b, -1.0, t)) if with_slopes \
                else (None,) * 2
            taps_per_dim.append([(f, binary(b, "sub", scalar_like(b, 1.0, t), t), down),
                                 (binary(b, "add", f, scalar_like(b, 1.0, f)), t, up)])
        else:
            ws = _cubic_weights(b, t)
            dws = _cubic_slopes(b, t) if with_slopes else [None] * 4
            taps_per_dim.append([(binary(b, "add", f, scalar_like(b, float(k - 1), f)),
                                  ws[k], dws[k]) for k in range(4)])
    strides = [int(np.prod(spatial[d + 1:])) for d in range(r)]
    # the first row of each output's image in `rows`: n P
    image = binary(b, "mul", iota(b, "i64", (n, q), [Dim(static=n), Dim(static=q)], 0),
                   full(b, p, "i64", ()))
    combos = []
    for combo in np.ndindex(*[len(t) for t in taps_per_dim]):
        flat, ok, weights, dweights = None, None, [], []
        for d, k in enumerate(combo):
            pos, w, dw = taps_per_dim[d][k]
            if mode == "cubic":  # each tap clipped or reflected on its own
                pos, _ = _pad_coordinate(b, pos, spatial[d], padding, align_corners)
            inside = logical(b, "and", compare(b, "ge", pos, scalar_like(b, 0.0, pos)),
                             compare(b, "le", pos, scalar_like(b, float(spatial[d] - 1), pos)))
            i = cast(b, select(b, inside, pos, scalar_like(b, 0.0, pos)), "i64")
            term = i if strides[d] == 1 else binary(b, "mul", i, scalar_like(b, strides[d], i))
            flat = term if flat is None else binary(b, "add", flat, term)
            ok = inside if ok is None else logical(b, "and", ok, inside)
            weights.append(w)
            dweights.append(dw)
        combos.append((binary(b, "add", image, flat), ok, weights, dweights))
    return _GridTaps(compute, n, c, q, p, out_sp, rows, combos, slopes)


def _product(b: Builder, factors: Sequence[Optional[Value]]) -> Optional[Value]:
    out = None
    for f in factors:
        if f is not None:
            out = f if out is None else binary(b, "mul", out, f)
    return out


def grid_sample(b: Builder, x: Value, grid: Value, mode: str = "linear",
                padding: str = "zeros", align_corners: bool = False) -> Value:
    """torch.nn.functional.grid_sample (ONNX GridSample): ``x`` [N, C, *S]
    sampled at ``grid`` [N, *O, r] (normalized coordinates in [-1, 1], the
    last spatial dim first) by ``nearest`` (half to even), ``linear`` or
    ``cubic`` (2-D) interpolation; out-of-range taps read zeros, or the
    coordinates are clipped (``border``) or reflected (``reflection``) as
    torch does. One gather of C-vectors per tap; a tap out of range adds
    nothing (its weight does not meet a NaN or infinity)."""
    taps = _grid_taps(b, "grid_sample", x, grid, mode, padding, align_corners)
    n, q = taps.n, taps.q
    acc = None
    for where, ok, weights, _ in taps.combos:
        picked = gather(b, taps.rows, where, 0)  # [N, Q, C]
        weight = _product(b, weights)
        if weight is not None:
            picked = binary(b, "mul", picked, reshape(b, weight, [n, q, 1]))
        picked = select(b, reshape(b, ok, [n, q, 1]), picked, scalar_like(b, 0.0, picked))
        acc = picked if acc is None else binary(b, "add", acc, picked)
    out = reshape(b, transpose(b, acc, [0, 2, 1]), [n, taps.c] + taps.out_sp)
    return cast(b, out, x.dtype)


def grid_sample_backward(b: Builder, grad: Value, x: Value, grid: Value, mode: str,
                         padding: str, align_corners: bool, need_input: bool = True,
                         need_grid: bool = True) -> Tuple[Optional[Value], Optional[Value]]:
    """The gradients of :func:`grid_sample` with respect to ``x`` and
    ``grid`` for the output gradient ``grad`` [N, C, *O], as torch's
    grid_sampler_*_backward computes them. The input's: each tap's share
    (its weight times ``grad``) added at the row it read, one scatter-add
    of every tap. The grid's, per spatial dim: over the taps, the read
    C-vector dotted with ``grad``, times the other dims' weights and this
    dim's d weight / d coordinate, times d coordinate / d grid (the
    unnormalizing scale, and the clip's or reflection's slope); 0 for
    nearest."""
    taps = _grid_taps(b, "grid_sample's gradient", x, grid, mode, padding, align_corners,
                      need_grid)
    n, c, q, r = taps.n, taps.c, taps.q, x.rank - 2
    g = reshape(b, cast(b, grad, taps.compute), [n, c, q])
    g = transpose(b, g, [0, 2, 1])  # [N, Q, C]
    grad_input = grad_grid = None
    if need_input:
        where_all, share_all = [], []
        for where, ok, weights, _ in taps.combos:
            share = g
            weight = _product(b, weights)
            if weight is not None:
                share = binary(b, "mul", share, reshape(b, weight, [n, q, 1]))
            share = select(b, reshape(b, ok, [n, q, 1]), share, scalar_like(b, 0.0, share))
            where_all.append(broadcast_to(b, reshape(b, where, [n * q, 1]), (n * q, c),
                                          [Dim(static=n * q), Dim(static=c)]))
            share_all.append(reshape(b, share, [n * q, c]))
        zeros = full(b, 0.0, taps.compute, (n * taps.p, c))
        summed = scatter(b, zeros, concat(b, where_all, 0), concat(b, share_all, 0), 0, "add")
        grad_input = cast(b, reshape(b, transpose(b, reshape(b, summed, [n, taps.p, c]),
                                                  [0, 2, 1]), list(x.shape)), x.dtype)
    if need_grid:
        per_dim = [None] * r
        if mode != "nearest":
            for where, ok, weights, dweights in taps.combos:
                picked = gather(b, taps.rows, where, 0)  # [N, Q, C]
                dot = reduce(b, "sum", binary(b, "mul", picked, g), [2], False)
                dot = select(b, ok, dot, scalar_like(b, 0.0, dot))
                for d in range(r):
                    term = binary(b, "mul", dot, _product(
                        b, [dweights[d]] + [w for e, w in enumerate(weights) if e != d]))
                    per_dim[d] = term if per_dim[d] is None else \
                        binary(b, "add", per_dim[d], term)
        chans = []
        for k in range(r):  # grid's channel k is spatial dim r - 1 - k
            d = r - 1 - k
            v = per_dim[d]
            if v is None:
                v = full(b, 0.0, taps.compute, (n, q))
            else:
                slope = taps.slopes[d]
                v = binary(b, "mul", v, scalar_like(b, slope, v) if isinstance(slope, float)
                           else slope)
            chans.append(reshape(b, v, [n, q, 1]))
        grad_grid = cast(b, reshape(b, concat(b, chans, 2), list(grid.shape)), grid.dtype)
    return grad_input, grad_grid
