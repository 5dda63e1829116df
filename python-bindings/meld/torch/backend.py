"""The ``meld`` TorchDynamo backend: ATen graphs through the shared op table.

``backend(gm, example_inputs)`` is what ``torch.compile(..., backend="meld")``
calls for every graph TorchDynamo captures:

1. trace ``gm`` to ATen with AOTAutograd and torch's core ATen
   decompositions (``_decompositions``: one replaced, flash attention's):
   a forward graph, and a backward graph when gradients are needed (both
   go through the steps below);
2. mark the nodes Meld can take (``ATEN_OPS``, dtypes Meld has, host
   tensors; torch.cond and while_loop when their subgraphs are) and let
   torch's ``CapabilityBasedPartitioner`` group them into partitions;
3. translate each partition to meld IR with ``meld.frontend`` (Builder and
   the ``lowerings`` op table the ONNX importer uses too) and compile it
   with ``meld.compile``; a partition whose translation or compilation
   fails runs eagerly, like the unsupported nodes between partitions.

Symbolic sizes (dynamic shapes) become dynamic dims: see "symbolic sizes"
below. Every graph leaves a :class:`Report` in ``reports``;
:func:`explain` runs a model once and returns them. :func:`export` writes
a ``torch.export`` program as meld IR.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import math
import operator
import os
import warnings
import weakref
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

import numpy as np
import sympy  # (a dependency of torch: its symbolic sizes)
import torch
from torch.utils._sympy import functions as F

from .. import CompileError
from .. import compile as meld_compile
from ..frontend import Builder, Dim, FrontendError, TensorType, Unsupported, Value, numpy_dtype
from ..frontend import complexmath as CX
from ..frontend import linalg as LA
from ..frontend import spectral as SP
from ..frontend import lowerings as L

aten = torch.ops.aten

# torch dtypes Meld carries. bf16 crosses the call boundary as uint16 bit
# patterns (numpy has no bfloat16), see _to_numpy / _from_numpy.
_ELEM = {
    torch.float32: "f32",
    torch.float64: "f64",
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.int64: "i64",
    torch.int32: "i32",
    torch.int8: "i8",
    torch.bool: "i1",
}

# Narrow integer dtypes, carried widened as the ONNX importer carries them
# (lowerings.NARROW_TYPES): every op's result of such a dtype is wrapped
# into its range, as the narrow type's arithmetic wraps, and tensors are
# converted at a partition's boundary.
_NARROW = {torch.uint8: "u8", torch.int16: "i16"}

_FLOAT_ELEMS = ("f16", "bf16", "f32", "f64")
_HALF_DTYPES = (torch.bfloat16, torch.float16)


def _elem_of(dtype) -> Optional[str]:
    """Meld's element type for a torch dtype (a narrow one's carrier)."""
    narrow = _NARROW.get(dtype)
    return L.narrow_carrier(narrow) if narrow else _ELEM.get(dtype)


_TORCH_DTYPE = {elem: dtype for dtype, elem in _ELEM.items()}

# Complex dtypes, carried as their real view [..., 2] (torch.view_as_real's
# layout) by the ops of _COMPLEX_OPS only.
_COMPLEX = {torch.complex64: "f32", torch.complex128: "f64", torch.complex32: "f16"}

reports: List["Report"] = []


def _to_numpy(tensor: torch.Tensor) -> np.ndarray:
    """A numpy view of a contiguous CPU tensor; bf16 as uint16 bit patterns
    (what Meld takes for bf16)."""
    if tensor.dtype == torch.bfloat16:
        return tensor.view(torch.int16).numpy().view(np.uint16)
    return tensor.numpy()


def _from_numpy(array: np.ndarray, elem: str) -> torch.Tensor:
    """A tensor sharing a result's memory; bf16 results are uint16 bit
    patterns."""
    # (np.ascontiguousarray would make a rank-0 result rank 1)
    tensor = torch.from_numpy(np.require(array, requirements="C"))
    if elem == "bf16":
        return tensor.view(torch.int16).view(torch.bfloat16)
    return tensor


@dataclass
class Report:
    """What the backend did with one captured graph."""

    nodes: int = 0
    compiled: List[List[str]] = field(default_factory=list)  # ops per partition
    fallback: Dict[str, str] = field(default_factory=dict)  # node -> reason
    failed: Dict[str, str] = field(default_factory=dict)  # partition -> reason
    partitions: List["CompiledPartition"] = field(default_factory=list)
    fallback_ops: Dict[str, str] = field(default_factory=dict)  # node -> op
    # partitions compiled once per input shape -> why not once for all
    specialized: Dict[str, str] = field(default_factory=dict)

    @property
    def compiled_nodes(self) -> int:
        return sum(len(p) for p in self.compiled)

    def __str__(self) -> str:
        lines = [f"graph of {self.nodes} ATen ops: {len(self.compiled)} partition(s) "
                 f"compiled by Meld ({self.compiled_nodes} ops), "
                 f"{len(self.fallback)} op(s) left to eager PyTorch"]
        for i, ops in enumerate(self.compiled):
            lines.append(f"  meld partition {i}: {len(ops)} ops ({', '.join(ops[:8])}"
                         f"{', ...' if len(ops) > 8 else ''})")
        for name, reason in self.fallback.items():
            lines.append(f"  eager: {name}: {reason}")
        for name, reason in self.failed.items():
            lines.append(f"  eager partition {name}: {reason}")
        for name, reason in self.specialized.items():
            lines.append(f"  meld partition {name} compiled per input shape: {reason}")
        return "\n".join(lines)


# -- the ATen op table ---------------------------------------------------------------
# Each entry takes (builder, node, args) with fx nodes replaced by meld Values
# (tuples for multi-output ops) and returns a Value or a tuple of Values.

ATEN_OPS: Dict[object, Callable] = {}


def _op(*targets):
    def register(fn):
        for t in targets:
            ATEN_OPS[t] = fn
        return fn
    return register


def _out_type(node) -> TensorType:
    return _tensor_type(node.meta["val"], node.name)


# While a complex op runs its real lowering on each part (_partwise), a
# complex result's type is that of one part.
_LOWERING_PARTS = [False]


def _tensor_type(val, what: str) -> TensorType:
    """The meld type of a (fake) tensor: a symbolic size is a dynamic dim;
    a complex tensor is its real view, [..., 2] (meld.frontend.spectral),
    or one part's type in a lowering of the parts."""
    if not isinstance(val, torch.Tensor):
        raise Unsupported(f"{what}: not a tensor ({type(val).__name__})")
    if val.dtype in _COMPLEX:
        pair = () if _LOWERING_PARTS[0] else (2,)
        return TensorType(_COMPLEX[val.dtype], tuple(_static_size(d) for d in val.shape) + pair)
    elem = _elem_of(val.dtype)
    if elem is None:
        raise Unsupported(f"{what}: dtype {val.dtype}")
    return TensorType(elem, tuple(_static_size(d) for d in val.shape))


# -- symbolic sizes ----------------------------------------------------------------------
# Under dynamic shapes (``dynamic=True``, ``mark_dynamic``) sizes are SymInts:
# sympy expressions over symbols that TorchDynamo binds to input sizes. A
# partition translates every size from its expression (never from the op
# that computed it): each symbol is read off a dynamic dim of a tensor
# argument (``meld.dim``) and the expression becomes ``arith`` index ops.

def _static_size(d) -> Optional[int]:
    """A size as an int, or None when it is symbolic."""
    if isinstance(d, int):
        return d
    expr = d.node.expr
    return int(expr) if expr.is_Integer else None


def _is_size_scalar(val) -> bool:
    """Whether a node's value is a size (shape arithmetic, not a tensor)."""
    return isinstance(val, (int, torch.SymInt)) and not isinstance(val, bool)


def _is_float_scalar(val) -> bool:
    """A Python float computed from sizes (a SymFloat under dynamic
    shapes): it crosses into a partition as a rank-0 f64 argument."""
    return isinstance(val, (float, torch.SymFloat))


def _expr_dim(b: Builder, expr) -> Dim:
    """A sympy size expression as a Dim over the partition's bound symbols."""
    syms = b.torch_syms
    if expr in syms:
        return syms[expr]
    if isinstance(expr, int) or expr.is_Integer:
        return Dim(static=int(expr))
    if isinstance(expr, sympy.Symbol):
        raise Unsupported(f"size {expr} is not a size of any tensor the partition takes")
    folds = {sympy.Add: "addi", sympy.Mul: "muli", F.Max: "maxsi", F.Min: "minsi",
             sympy.Max: "maxsi", sympy.Min: "minsi"}
    pairs = {F.FloorDiv: "floordivsi", F.CeilDiv: "ceildivsi", F.Mod: "remsi",
             F.PythonMod: "remsi", F.CleanDiv: "floordivsi"}
    kind = type(expr)
    if kind in folds:
        args = [_expr_dim(b, a) for a in expr.args]
        out = args[0]
        for a in args[1:]:
            out = b.index_arith(folds[kind], out, a)
    elif kind in pairs:
        out = b.index_arith(pairs[kind], _expr_dim(b, expr.args[0]), _expr_dim(b, expr.args[1]))
    elif kind in (sympy.Pow, F.PowByNatural) and expr.args[1].is_Integer and \
            0 <= int(expr.args[1]) <= 8:
        # (a patch grid's count: (H // 16) ** 2 when duck sizing ties H and W)
        base, out = _expr_dim(b, expr.args[0]), Dim(static=1)
        for _ in range(int(expr.args[1])):
            out = b.index_arith("muli", out, base)
    else:
        raise Unsupported(f"size expression {expr}")
    syms[expr] = out
    return out


def _size_dim(b: Builder, d) -> Dim:
    """An int, SymInt or sympy size expression as a Dim."""
    if isinstance(d, Dim):
        return d
    if isinstance(d, int):
        return Dim(static=d)
    if isinstance(d, torch.SymInt):
        d = d.node.expr
    return _expr_dim(b, d)


def _out_dims(b: Builder, node) -> List[Dim]:
    """The sizes of ``node``'s (first) tensor result."""
    val = node.meta["val"]
    val = val[0] if isinstance(val, (tuple, list)) else val
    return [_size_dim(b, d) for d in val.shape]


def _name_sizes(b: Builder, value, val) -> None:
    """Gives ``value``'s dynamic dims the partition's SSA names of their
    sizes (from torch's meta ``val``), so that every shape is a formula of
    the arguments' sizes and ``meld.dim`` of an intermediate never appears
    (code generation could not size a kernel by it)."""
    if isinstance(value, (tuple, list)):
        for v, m in zip(value, val if isinstance(val, (tuple, list)) else []):
            _name_sizes(b, v, m)
        return
    if not isinstance(value, Value) or not isinstance(val, torch.Tensor):
        return
    for axis, d in enumerate(val.shape):
        if value.shape[axis] is None and (b._scope_ids[-1], axis) not in value._dims:
            try:
                dim = _size_dim(b, d)
            except Unsupported:
                continue
            if dim.ssa is not None:
                value._dims[(b._scope_ids[-1], axis)] = dim.ssa


def _bind_sizes(b: Builder, arg: Value, val) -> None:
    """Binds the symbols that are whole sizes of a tensor argument."""
    for axis, d in enumerate(val.shape):
        if isinstance(d, torch.SymInt):
            expr = d.node.expr
            if isinstance(expr, sympy.Symbol) and expr not in b.torch_syms:
                b.torch_syms[expr] = b.dim(arg, axis)


def _tensor(b: Builder, x, elem: str) -> Value:
    """``x`` as a Value of element type ``elem``: a Python number becomes a
    scalar constant (broadcast by the ops), a Value is cast when needed."""
    if isinstance(x, Value):
        return L.cast(b, x, elem)
    if isinstance(x, Dim):  # a size (SymInt) as an operand
        return L.cast(b, L.size_value(b, x), elem)
    return b.constant(np.asarray(x, numpy_dtype(elem)), elem)


def _binary(opname: str):
    def lower(b, node, x, y, *rest, alpha=1):
        elem = _out_type(node).dtype
        if rest:
            alpha = rest[0]
        x, y = _tensor(b, x, elem), _tensor(b, y, elem)
        if elem == "i1" and opname in _BOOLEAN_ARITH:
            # torch's arithmetic on booleans is logic (True + True is True)
            return L.logical(b, _BOOLEAN_ARITH[opname], *L.broadcast_all(b, [x, y]))
        if alpha != 1:
            y = L.binary(b, "mul", y, _tensor(b, alpha, elem))
        return L.binary(b, opname, x, y)
    return lower


_BOOLEAN_ARITH = {"mul": "and", "add": "or", "max": "or", "min": "and"}


for _name, _targets in {
    "add": (aten.add.Tensor, aten.add.Scalar),
    "sub": (aten.sub.Tensor, aten.sub.Scalar),
    "mul": (aten.mul.Tensor, aten.mul.Scalar),
    "div": (aten.div.Tensor, aten.div.Scalar, aten.true_divide.Tensor),
    "max": (aten.maximum.default,),
    "min": (aten.minimum.default,),
}.items():
    _op(*_targets)(_binary(_name))


def _unary(opname: str, attrs: str = ""):
    def lower(b, node, x):
        elem = _out_type(node).dtype
        if L.is_float(elem) and not L.is_float(x.dtype):  # (torch.tanh(int) is a float)
            x = L.cast(b, x, elem)
        return L.unary(b, opname, x, attrs)
    return lower


for _name, _target in {
    "relu": aten.relu.default, "tanh": aten.tanh.default, "sigmoid": aten.sigmoid.default,
    "exp": aten.exp.default, "log": aten.log.default, "sqrt": aten.sqrt.default,
    "rsqrt": aten.rsqrt.default, "neg": aten.neg.default, "abs": aten.abs.default,
    "erf": aten.erf.default, "sin": aten.sin.default, "cos": aten.cos.default,
    "floor": aten.floor.default, "ceil": aten.ceil.default, "silu": aten.silu.default,
}.items():
    _op(_target)(_unary(_name))


@_op(aten.reciprocal.default)
def _reciprocal(b, node, x):
    return L.reciprocal(b, x)


def _fma(b, node, x, y, z):
    elem = _out_type(node).dtype
    return L.fma(b, _tensor(b, x, elem), _tensor(b, y, elem), _tensor(b, z, elem))


# prims.fma (a * b + c rounded once) is Inductor's: compiled optimizer steps
# (addcdiv, lerp) reach it through its decompositions, which TorchDynamo
# loads. Registered with them.
try:
    from torch._inductor import inductor_prims as _inductor_prims  # noqa: F401
    _op(torch.ops.prims.fma.default)(_fma)
except (ImportError, AttributeError):  # a torch without it
    pass


@_op(aten.copy.default)
def _copy(b, node, dst, src, non_blocking=False):
    # The functional copy_: `src` in `dst`'s dtype and shape.
    ty = _out_type(node)
    return L.broadcast_to(b, _tensor(b, src, ty.dtype), ty.shape, _out_dims(b, node))


@_op(aten.gelu.default)
def _gelu(b, node, x, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise Unsupported(f"gelu approximate = '{approximate}'")
    return L.unary(b, "gelu", x, " approximate = tanh" if approximate == "tanh" else "")


@_op(aten.pow.Tensor_Tensor, aten.pow.Scalar)
def _pow_tensor(b, node, x, e):
    elem = _out_type(node).dtype
    if not L.is_float(elem):
        raise Unsupported(f"pow of {elem}")
    return L.binary(b, "pow", *L.broadcast_all(b, [_tensor(b, x, elem), _tensor(b, e, elem)]))


@_op(aten.pow.Tensor_Scalar)
def _pow(b, node, x, e):
    if e == 2:
        return L.binary(b, "mul", x, x)
    if e == 0.5:
        return L.unary(b, "sqrt", x)
    return L.binary(b, "pow", x, _tensor(b, e, x.dtype))


@_op(aten.clamp.default)
def _clamp(b, node, x, lo=None, hi=None):
    return L.clamp(b, x, None if lo is None else _tensor(b, lo, x.dtype),
                   None if hi is None else _tensor(b, hi, x.dtype))


@_op(aten.where.self)
def _where(b, node, pred, x, y):
    elem = _out_type(node).dtype
    pred, x, y = L.broadcast_all(b, [pred, _tensor(b, x, elem), _tensor(b, y, elem)])
    return L.select(b, pred, x, y)


# A linear layer's weight reaches its matmul transposed (permute or t of
# the [out, in] weight): the matmul reads the weight as it is instead
# (transpose_rhs / transpose_lhs) rather than copying it every call.
_TRANSPOSED_OF: "weakref.WeakKeyDictionary[Value, Value]" = weakref.WeakKeyDictionary()


def _matrix_operand(v: Value):
    """(matrix, transposed): the untransposed source of a transpose of the
    last two dims (of a matrix, or of a stack of them)."""
    src = _TRANSPOSED_OF.get(v)
    return (src, True) if src is not None else (v, False)


@_op(aten.mm.default)
def _mm(b, node, x, y):
    (x, tx), (y, ty) = _matrix_operand(x), _matrix_operand(y)
    return L.gemm(b, x, y, None, 1.0, 0.0, tx, ty)


@_op(aten.bmm.default, aten.matmul.default)
def _bmm(b, node, x, y):
    return L.matmul(b, x, y)


# Mixture-of-experts layers: tokens sorted by expert, offsets ending each
# expert's rows. transformers calls torch's grouped_mm (bf16 under
# torch.compile) or its own grouped_mm_fallback custom op (other dtypes),
# and that op's backward; all three become meld.grouped_matmul.
@_op(aten._grouped_mm.default)
def _grouped_mm(b, node, x, w, offs=None, bias=None, out_dtype=None):
    if bias is not None:
        raise Unsupported("grouped_mm with a bias")
    if offs is None or x.rank != 2 or w.rank not in (2, 3):
        raise Unsupported("grouped_mm other than 2-D x 3-D or 2-D x 2-D with offsets")
    (x, tx), (w, tw) = _matrix_operand(x), _matrix_operand(w)
    if w.rank == 3 and tx:
        x = L.transpose(b, x, [1, 0])
        tx = False
    # an f32 out_dtype of half operands: the f32 sums themselves
    wide = "f32" if _out_type(node).dtype == "f32" and x.dtype in ("f16", "bf16") else None
    return L.cast(b, L.grouped_matmul(b, x, w, offs, tx, tw, wide), _out_type(node).dtype)


def _grouped_mm_fallback(b, node, x, w, offs):
    (w, tw) = _matrix_operand(w)
    return L.cast(b, L.grouped_matmul(b, x, w, offs, False, tw), _out_type(node).dtype)


def _grouped_mm_fallback_backward(b, node, x, w, offs, dy):
    # dx = dy @ w[g]^T over each group's rows; dw[g] = x^T dy over them.
    (w, tw) = _matrix_operand(w)
    dx = L.grouped_matmul(b, dy, w, offs, False, not tw)
    dw = L.grouped_matmul(b, x, dy, offs, True, False)  # [g, k, n], as w
    return tuple(L.cast(b, v, _tensor_type(t, node.name).dtype)
                 for v, t in zip((dx, dw), node.meta["val"]))


# Ops of other libraries, by qualified name: registered (in ATEN_OPS) when
# a graph first holds them, so that Meld needs none of those libraries.
_LIBRARY_OPS = {
    "transformers::grouped_mm_fallback": _grouped_mm_fallback,
    "transformers::grouped_mm_fallback_backward": _grouped_mm_fallback_backward,
}


def _has_lowering(target) -> bool:
    if target in ATEN_OPS:
        return True
    name = target.name() if isinstance(target, torch._ops.OpOverload) else None
    if name in _LIBRARY_OPS and target.overloadpacket.overloads() == ["default"]:
        ATEN_OPS[target] = _LIBRARY_OPS[name]
        return True
    return False


@_op(aten.addmm.default)
def _addmm(b, node, bias, x, w, beta=1, alpha=1):
    (x, tx), (w, tw) = _matrix_operand(x), _matrix_operand(w)
    return L.gemm(b, x, w, bias, float(alpha), float(beta), tx, tw)


def _transposed(b, x: Value, perm) -> Value:
    y = L.transpose(b, x, perm)
    if list(perm) in ([1, 0], [0, 2, 1]):
        _TRANSPOSED_OF[y] = x
    return y


@_op(aten.permute.default)
def _permute(b, node, x, dims):
    return _transposed(b, x, [d % max(x.rank, 1) for d in dims])


@_op(aten.t.default)
def _t(b, node, x):
    return x if x.rank < 2 else _transposed(b, x, [1, 0])


@_op(aten.transpose.int)
def _transpose(b, node, x, d0, d1):
    perm = list(range(x.rank))
    d0, d1 = d0 % x.rank, d1 % x.rank
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return L.transpose(b, x, perm)


@_op(aten.view.default, aten._unsafe_view.default, aten.reshape.default)
def _view(b, node, x, shape):
    return L.reshape(b, x, _out_dims(b, node))


@_op(aten.expand.default)
def _expand(b, node, x, sizes):
    return L.broadcast_to(b, x, _out_type(node).shape, _out_dims(b, node))


@_op(aten.unsqueeze.default)
def _unsqueeze(b, node, x, dim):
    return L.unsqueeze(b, x, [dim % (x.rank + 1)])


@_op(aten.squeeze.dim, aten.squeeze.dims)
def _squeeze(b, node, x, dims):
    dims = [dims] if isinstance(dims, int) else list(dims)
    sizes = node.args[0].meta["val"].shape
    if x.rank == 0:  # (dim 0 or -1 of a 0-d tensor: itself)
        return x
    return L.squeeze(b, x, [d % x.rank for d in dims if _static_size(sizes[d % x.rank]) == 1])


@_op(aten.clone.default, aten.alias.default, aten.detach.default,
     aten.lift_fresh_copy.default)
def _identity(b, node, x, **_):
    return x


@_op(aten._assert_tensor_metadata.default)
def _assert_tensor_metadata(b, node, x, size=None, stride=None, dtype=None, *,
                            device=None, layout=None):
    """torch.export's check (before a ``.to()``, say) that a tensor has the
    dtype, device, layout and sizes it was traced with. Meld's tensor types
    fix the dtype and the rank, and its arguments are host arrays, so the
    check holds for every input that reaches the program when it holds for
    the traced tensor; checked against that tensor here, it computes
    nothing. (Strides are not Meld's: its tensors are values.)"""
    val = node.args[0].meta.get("val")
    if not isinstance(val, torch.Tensor):
        raise Unsupported("a metadata check of a value that is not a tensor")
    wrong = []
    if dtype is not None and dtype != val.dtype:
        wrong.append(f"dtype {dtype}, traced as {val.dtype}")
    if device is not None and torch.device(device).type != val.device.type:
        wrong.append(f"device {device}, traced on {val.device}")
    if layout is not None and layout != val.layout:
        wrong.append(f"layout {layout}, traced as {val.layout}")
    if size is not None:
        traced = list(val.shape)
        if len(size) != len(traced) or any(
                isinstance(s, int) and isinstance(t, int) and s != t
                for s, t in zip(size, traced)):
            wrong.append(f"sizes {list(size)}, traced as {traced}")
    if wrong:
        raise Unsupported("a tensor metadata check fails on the traced program: "
                          + "; ".join(wrong))
    return None


@_op(aten._to_copy.default)
def _to_copy(b, node, x, **kwargs):
    elem = _out_type(node).dtype
    into, outof = _is_complex(node), _is_complex(node.args[0])
    if into and not outof:  # (a real tensor: a zero imaginary part)
        return SP.join_pairs(b, L.cast(b, x, elem), None)
    if outof and not into:  # (torch keeps the real part)
        x = SP.split_pairs(b, x)[0]
    return L.cast(b, x, elem)


@_op(aten.cat.default)
def _cat(b, node, xs, dim=0):
    # torch.cat skips 1-D empty tensors whatever the others' rank (an empty
    # KV cache starts as one)
    rank = _out_type(node).rank
    kept = [x for x in xs if not (x.rank == 1 and x.shape[0] == 0 and rank != 1)]
    return L.concat(b, kept or list(xs), dim % rank)


@_op(aten.slice.Tensor)
def _slice(b, node, x, dim=0, start=None, end=None, step=1):
    dim = dim % x.rank
    if isinstance(start, Dim) and start.static is None:
        # a symbolic start: its sign, from the ranges torch's shape env
        # knows its symbols in, says whether it counts from the end
        val = node.args[2].meta.get("val") if isinstance(node.args[2], torch.fx.Node) else None
        span = _range(val)
        if span is None or (span.lower < 0 and span.upper >= 0):
            raise Unsupported(f"slice from a symbolic start ({val}) that may be negative")
        if span.upper < 0:  # from the end: max(size + start, 0)
            start = b.index_arith("maxsi", b.index_arith("addi", b.dim(x, dim), start), 0)
    return _slice_dim(b, x, dim, start, end, step, _out_dims(b, node)[dim])


def _range(val):
    """The values a SymInt can take (sympy's ValueRanges), or None."""
    if not isinstance(val, torch.SymInt):
        return None
    try:
        return val.node.shape_env.bound_sympy(val.node.expr)
    except Exception:  # noqa: BLE001 - no shape env, or an expression it cannot bound
        return None


def _slice_dim(b, x: Value, dim: int, start, end, step: int, count: Dim) -> Value:
    """``x`` sliced along ``dim`` as torch does, ``count`` elements long."""
    size = x.shape[dim]
    start = 0 if start is None else start
    start = start.static if isinstance(start, Dim) and start.static is not None else start
    end = end.static if isinstance(end, Dim) and end.static is not None else end
    if size is not None and isinstance(start, int) and isinstance(end, (int, type(None))):
        end = size if end is None else min(end, size)
        return L.slice_numpy(b, x, [dim], [start], [end], [step])
    # A dynamic dim (or bound): gather the elements start, start + step, ...
    # (a negative start counts from the end, as meld.gather's indices do).
    if count.static is not None and count.static == size:
        return x
    idx = L.iota(b, "i64", (count.static,), [count], 0)
    if step != 1:
        idx = L.binary(b, "mul", idx, _tensor(b, step, "i64"))
    if isinstance(start, int) and start < 0 and count.static != -start:
        # from the end of a dynamic dim: the first element taken is at
        # max(size + start, 0), a size computed at run time
        start = b.index_arith("maxsi", b.index_arith("addi", b.dim(x, dim), start), 0)
    if isinstance(start, Dim) and start.static is None:
        idx = L.binary(b, "add", idx, L.size_value(b, start))
    elif int(start) != 0:  # (a negative one counts from the end, as in meld.gather)
        idx = L.binary(b, "add", idx, _tensor(b, int(start), "i64"))
    return L.gather(b, x, idx, dim)


@_op(aten.slice_scatter.default)
def _slice_scatter(b, node, x, src, dim=0, start=None, end=None, step=1):
    """``x`` with ``x[start:end:step]`` along ``dim`` replaced by ``src``:
    the pieces before and after, concatenated around it (step 1); with a
    larger step (the backward of Swin's patch merging, ``x[:, 0::2]``),
    ``x`` and ``src`` concatenated and gathered by constant indices (static
    sizes)."""
    dim = dim % x.rank
    start = 0 if start is None else start
    if isinstance(start, int) and start < 0 and x.shape[dim] is not None:
        start = max(start + x.shape[dim], 0)  # (from the end, as torch counts)
    if isinstance(step, int) and step > 1 and isinstance(start, int) and start >= 0:
        n, m = x.shape[dim], src.shape[dim]
        if n is None or m is None:
            raise Unsupported(f"slice_scatter by step {step} over a dynamic dim")
        picks = np.arange(n, dtype=np.int64)
        taken = np.arange(start, n, step)[:m]
        picks[taken] = n + np.arange(len(taken))
        both = L.concat(b, [x, L.cast(b, src, x.dtype)], dim)
        return L.gather(b, both, b.constant(picks, "i64"), dim)
    if step != 1 or not isinstance(start, int) or start < 0:
        raise Unsupported(f"slice_scatter from {start} by step {step}")
    def size(v):
        d = v.meta["val"].shape[dim]
        return d.node.expr if isinstance(d, torch.SymInt) else d

    pieces = []
    if start > 0:
        pieces.append(_slice_dim(b, x, dim, 0, start, 1, Dim(static=start)))
    pieces.append(src)
    # what follows src: its size, symbolically (often 0 or a constant)
    rest = _size_dim(b, sympy.expand(size(node.args[0]) - start - size(node.args[1])))
    if rest.static != 0:
        stop = b.index_arith("addi", start, b.dim(src, dim))
        if stop.static is None:
            raise Unsupported("slice_scatter ending at a symbolic size")
        pieces.append(_slice_dim(b, x, dim, stop.static, None, 1, rest))
    return L.concat(b, pieces, dim)


@_op(aten.select.int)
def _select(b, node, x, dim, index):
    if not isinstance(index, int):
        raise Unsupported("select at a symbolic index")
    return L.gather(b, x, _tensor(b, index, "i64"), dim % x.rank)


def _reduction(kind: str):
    def lower(b, node, x, dims=None, keepdim=False, **kwargs):
        x = L.cast(b, x, _out_type(node).dtype)  # sum(dtype=...), of booleans
        if x.rank == 0:  # torch reduces a scalar over dim 0 or -1 to itself
            return x
        axes = None if dims is None or len(dims) == 0 else list(dims)
        return L.reduce(b, kind, x, axes, keepdim)
    return lower


_op(aten.sum.dim_IntList)(_reduction("sum"))
_op(aten.mean.dim)(_reduction("mean"))
_op(aten.amax.default)(_reduction("max"))
_op(aten.amin.default)(_reduction("min"))


@_op(aten.sum.default)
def _sum_all(b, node, x, **kwargs):
    x = L.cast(b, x, _out_type(node).dtype)
    return x if x.rank == 0 else L.reduce(b, "sum", x, None, False)


@_op(aten.mean.default)
def _mean_all(b, node, x, **kwargs):
    return x if x.rank == 0 else L.reduce(b, "mean", x, None, False)


@_op(aten.div.Tensor_mode)
def _div_mode(b, node, x, y, rounding_mode=None):
    elem = _out_type(node).dtype
    x, y = _tensor(b, x, elem), _tensor(b, y, elem)
    if rounding_mode is None:
        return L.binary(b, "div", x, y)
    if L.is_float(elem):
        q = L.binary(b, "div", x, y)
        if rounding_mode == "floor":
            return L.unary(b, "floor", q)
        # trunc: toward zero
        negative = L.compare(b, "lt", q, _tensor(b, 0, elem))
        return L.select(b, negative, L.unary(b, "ceil", q), L.unary(b, "floor", q))
    if rounding_mode == "trunc":
        return L.binary(b, "div", x, y)  # meld.div truncates integers
    return L.floor_div(b, x, y)


@_op(aten.clamp.Tensor)
def _clamp_tensor(b, node, x, lo=None, hi=None):
    elem = _out_type(node).dtype
    x = _tensor(b, x, elem)
    if lo is not None:
        x = L.binary(b, "max", x, _tensor(b, lo, elem))
    if hi is not None:
        x = L.binary(b, "min", x, _tensor(b, hi, elem))
    return x


@_op(aten._softmax.default)
def _softmax(b, node, x, dim, half_to_float=False):
    return L.softmax(b, x, dim)


@_op(aten._log_softmax.default)
def _log_softmax(b, node, x, dim, half_to_float=False):
    return L.softmax(b, x, dim, log=True)


@_op(aten.convolution.default)
def _convolution(b, node, x, w, bias, stride, padding, dilation, transposed,
                 output_padding, groups):
    spatial = w.rank - 2
    stride, padding, dilation = (list(v) * (spatial if len(v) == 1 else 1)
                                 for v in (stride, padding, dilation))
    if transposed:
        return L.conv_transpose(b, x, w, bias, stride, dilation, padding, padding,
                                list(output_padding), groups)
    return L.conv(b, x, w, bias, stride, dilation, padding, padding, groups)


@_op(aten.convolution_backward.default)
def _convolution_backward(b, node, grad, x, w, bias_sizes, stride, padding, dilation,
                          transposed, output_padding, groups, output_mask):
    """The gradients of a convolution: the input's is a transposed
    convolution of ``grad`` with the weights; the weights' is a convolution
    of the input (batch and channels swapped) with ``grad`` as its kernel,
    strides and dilations swapped (:func:`_conv_weight_grad`); the bias's
    is a sum. A transposed convolution's: the input's is the convolution of
    ``grad`` by the same weights, and the weights' that of a convolution of
    ``grad`` whose output gradient is the input (the two swap roles)."""
    spatial = w.rank - 2
    stride, padding, dilation = (list(v) * (spatial if len(v) == 1 else 1)
                                 for v in (stride, padding, dilation))
    grad_input = grad_weight = grad_bias = None
    if transposed:
        if output_mask[0]:
            grad_input = L.conv(b, grad, w, None, stride, dilation, padding, padding,
                                int(groups))
            # (its length is the input's, (n - 1) s + op over s rounded
            # down, plus one, unless an output padding of a stride or more,
            # past a dilated kernel's last tap, adds rows past the input)
            if any(op >= s for op, s in zip(list(output_padding) * (
                    spatial if len(output_padding) == 1 else 1), stride)):
                if any(n is None for n in x.shape[2:]):
                    raise Unsupported("the backward of a transposed convolution with an "
                                      "output padding of its stride or more over a "
                                      "dynamic size")
                grad_input = L.slice_static(b, grad_input, [0] * x.rank,
                                            [None if n is None else n
                                             for n in x.shape[:2]] + list(x.shape[2:]),
                                            [1] * x.rank)
        if output_mask[1]:
            grad_weight = _conv_weight_grad(b, grad, w, x, stride, padding, dilation,
                                            int(groups))
    else:
        if output_mask[0]:
            in_size = _out_type(node.args[1]).shape[2:]
            # The output padding is the input's extent past the last window.
            # Over a dynamic dim it depends on the size, (n + 2p - span) mod s:
            # the most, s - 1, then the first n positions kept.
            dynamic = [n is None or g is None for n, g in zip(in_size, grad.shape[2:])]
            extra = [s - 1 if dyn else n - ((g - 1) * s - 2 * p + d * (k - 1) + 1)
                     for n, g, s, p, d, k, dyn in zip(in_size, grad.shape[2:], stride,
                                                     padding, dilation, w.shape[2:], dynamic)]
            grad_input = L.conv_transpose(b, grad, w, None, stride, dilation, padding,
                                          padding, extra, groups)
            for i, dyn in enumerate(dynamic):
                if dyn and stride[i] > 1:
                    keep = L.iota(b, "i64", (None,), [b.dim(x, 2 + i)], 0)
                    grad_input = L.gather(b, grad_input, keep, 2 + i)
        if output_mask[1]:
            grad_weight = _conv_weight_grad(b, x, w, grad, stride, padding, dilation,
                                            int(groups))
    if output_mask[2]:
        grad_bias = L.reduce(b, "sum", grad, [0] + list(range(2, grad.rank)), False)
    return (grad_input, grad_weight, grad_bias)


def _conv_weight_grad(b, x: Value, w: Value, grad: Value, stride, padding, dilation,
                      groups: int) -> Value:
    """The weight gradient of the convolution of ``x`` by ``w`` (``[F,
    C/G, k...]``) whose output gradient is ``grad``: over static sizes one
    convolution of the input, batch and channels swapped, by ``grad`` as its
    kernel, strides and dilations swapped, cropped to the kernel (grouped:
    one grouped convolution); over dynamic ones by kernel offsets.

    Without groups, half-precision operands (a training step under CPU
    autocast) are summed in f32 over f32 copies, the result rounded to
    their type, as ATen rounds its own: the host's fast forms of such a
    weight gradient (sums of outer products, pixel rows) take f32, and in
    bf16 the small CNN's 3 x 3 gradients took 126 of its step's 154 ms
    (32 ms after; Inductor's whole step 21-30 ms). A depthwise one stays
    in bf16 (in f32 copies MobileNetV2's 144-channel layer ran 1.5x
    slower)."""
    if x.dtype in ("bf16", "f16") and grad.dtype == x.dtype and groups == 1:
        wide = _conv_weight_grad(b, L.cast(b, x, "f32"), w, L.cast(b, grad, "f32"), stride,
                                 padding, dilation, groups)
        return L.cast(b, wide, x.dtype)
    if not x.type.static or not grad.type.static:
        return _conv_weight_grad_by_offsets(b, x, w, grad, stride, padding, dilation, groups)
    swap = [1, 0] + list(range(2, x.rank))
    # Per group g: x_g with batch and channels swapped, convolved with
    # grad_g likewise. All groups in one grouped convolution: its input
    # [C_in/G, G*N, ...] (channel g*N + n), its kernel [G*C_out/G, N,
    # ...], so that output channel g*C_out/G + o reads group g's images.
    n, g = x.shape[0], groups
    # (Plain transposes of the two leading dims where they serve: code
    # generation for the host reads a 1x1 convolution's and a depthwise
    # one's operands in place, meld-fuse-gemm-epilogue's
    # transposed-conv-operands. [g, F/g, n] is [F, n] for any g.)
    gs = L.transpose(b, grad, swap)
    if g == 1:
        xs = L.transpose(b, x, swap)
    elif x.shape[1] == g:
        xs = L.reshape(b, L.transpose(b, x, swap), [1, g * n] + list(x.shape[2:]))
    else:
        xs = L.reshape(b, x, [n, g, x.shape[1] // g] + list(x.shape[2:]))
        xs = L.transpose(b, xs, [2, 1, 0] + list(range(3, xs.rank)))
        xs = L.reshape(b, xs, [x.shape[1] // g, g * n] + list(x.shape[2:]))
    # The input's tail that no window of a strided convolution reads
    # (n + 2p - span - (o - 1) s: (n + 2p - span) mod s, or a transposed
    # convolution's output padding) is cut from the high padding, so that
    # the result is the kernel's size, [C_in/G, C_out, k...] (it was up to
    # s - 1 taps larger and cropped: a 3 x 3 gradient of stride 2 kept 9
    # of 16 products).
    tail = [n_ + 2 * p - d * (k - 1) - 1 - (o - 1) * s
            for n_, p, d, k, s, o in zip(x.shape[2:], padding, dilation, w.shape[2:],
                                         stride, grad.shape[2:])]
    full = L.conv(b, xs, gs, None, dilation, stride, padding,
                  [p - t for p, t in zip(padding, tail)], g)
    return L.transpose(b, full, swap)


def _conv_weight_grad_by_offsets(b, x: Value, w: Value, grad: Value, stride, padding,
                                 dilation, groups: int) -> Value:
    """A convolution's weight gradient over a dynamic batch or dynamic
    spatial dims (the static form convolves the input by ``grad`` as a
    kernel, which would need dynamic channels): per kernel offset, the
    window view of the padded input that the offset reads (strided slices
    along static dims, gathers along dynamic ones), contracted with
    ``grad`` over the images and output pixels, ``[F, C/G]`` per offset
    (one batched product per group), stacked into ``[F, C/G, k...]``."""
    spatial = w.rank - 2
    kernel = list(w.shape[2:])
    padded = L.pad(b, x, [0, 0] + list(padding), [0, 0] + list(padding))
    counts = [b.dim(grad, 2 + i) if grad.shape[2 + i] is None else None
              for i in range(spatial)]
    views, _ = L._window_views(b, padded, kernel, stride, dilation, counts)
    n, fg, cg = b.dim(x, 0), w.shape[0] // groups, w.shape[1]
    px = "hwd"[:spatial]
    gs = L.reshape(b, grad, [n, Dim(static=groups), Dim(static=fg)] + b.dims(grad)[2:])
    per_offset = []
    for _, view in views:
        vs = L.reshape(b, view, [n, Dim(static=groups), Dim(static=cg)] + b.dims(view)[2:])
        dw = L.einsum(b, f"ngf{px},ngc{px}->gfc", [gs, vs])  # [G, F/G, C/G]
        per_offset.append(L.reshape(b, dw, [Dim(static=w.shape[0]), Dim(static=cg),
                                            Dim(static=1)]))
    stacked = per_offset[0] if len(per_offset) == 1 else L.concat(b, per_offset, 2)
    return L.reshape(b, stacked, [Dim(static=d) for d in w.shape])


def _mixed_floats(b, *values):
    """A normalization's operands in one float type: where they differ (a
    half-precision input by float weights and statistics, as CPU autocast
    leaves batch, layer and group norms), all in f32 (f64 if one is), as
    ATen's mixed-type kernels compute; the results are then cast to their
    traced dtypes (_as_traced_float)."""
    floats = [v for v in values if isinstance(v, Value) and v.dtype in _FLOAT_ELEMS]
    if len({v.dtype for v in floats}) < 2:
        return values
    wide = "f64" if any(v.dtype == "f64" for v in floats) else "f32"
    return tuple(L.cast(b, v, wide) if isinstance(v, Value) and
                 v.dtype in _FLOAT_ELEMS and v.dtype != wide else v for v in values)


def _per_channel(b, v: Value, rank: int) -> Value:
    """A [C] vector shaped to broadcast over dim 1 of a rank-``rank`` tensor."""
    return L.reshape(b, v, [b.dim(v, 0)] + [Dim(static=1)] * (rank - 2))


@_op(aten._native_batch_norm_legit_no_training.default)
def _batch_norm_inference(b, node, x, w, bias, mean, var, momentum, eps):
    x, w, bias, mean, var = _mixed_floats(b, x, w, bias, mean, var)
    inv = L.unary(b, "rsqrt", L.binary(b, "add", var, _tensor(b, eps, var.dtype)))
    scale = inv if w is None else L.binary(b, "mul", inv, w)
    shift = L.binary(b, "mul", mean, scale)
    shift = L.unary(b, "neg", shift) if bias is None else L.binary(b, "sub", bias, shift)
    y = L.binary(b, "add", L.binary(b, "mul", x, _per_channel(b, scale, x.rank)),
                 _per_channel(b, shift, x.rank))
    # (the saved statistics of inference are empty tensors)
    return (y, *_saved_statistics(b, node, None, None))


def _saved_statistics(b, node, mean, rstd):
    """Outputs 1 and 2 of a batch norm: the batch's mean and 1 / std in
    training, torch's empty tensors in inference."""
    if mean is not None:
        return mean, rstd
    if any(v.numel() != 0 for v in node.meta["val"][1:3]):
        raise Unsupported("batch norm statistics saved in inference")
    return _empty_outputs(b, node, (1, 2))[1:3]


@_op(aten.native_batch_norm.default)
def _batch_norm(b, node, x, w, bias, mean, var, training, momentum, eps):
    if training:  # (the running statistics' update is not an output here)
        y, m, rstd, _, _ = _batch_norm_functional(b, node, x, w, bias, mean, var, True,
                                                  momentum, eps)
        return y, m, rstd
    return _batch_norm_inference(b, node, x, w, bias, mean, var, momentum, eps)


@_op(aten._native_batch_norm_legit.default)
def _batch_norm_legit(b, node, x, w, bias, mean, var, training, momentum, eps):
    return _batch_norm(b, node, x, w, bias, mean, var, training, momentum, eps)


@_op(aten._native_batch_norm_legit.no_stats)
def _batch_norm_no_stats(b, node, x, w, bias, training, momentum, eps):
    if not training:
        raise FrontendError("batch norm without running statistics needs training=True")
    return _batch_norm_functional(b, node, x, w, bias, None, None, True, momentum, eps)[:3]


@_op(aten._batch_norm_with_update_functional.default)
def _batch_norm_with_update(b, node, x, w, bias, running_mean, running_var, momentum, eps):
    y, mean, rstd, new_mean, new_var = _batch_norm_functional(
        b, node, x, w, bias, running_mean, running_var, True, momentum, eps)
    reserve = node.meta["val"][3]
    if reserve.numel() != 0:
        raise Unsupported("a batch norm reserve (cuDNN's) of nonzero size")
    return (y, mean, rstd, L.full(b, 0, _tensor_type(reserve, node.name).dtype,
                                  tuple(reserve.shape)), new_mean, new_var)


@_op(aten._native_batch_norm_legit_functional.default)
def _batch_norm_functional(b, node, x, w, bias, running_mean, running_var, training,
                           momentum, eps):
    """Batch norm as training runs it: the batch's statistics normalize, and
    the running statistics come back updated (the variance unbiased)."""
    x, w, bias, running_mean, running_var = _mixed_floats(b, x, w, bias, running_mean,
                                                          running_var)
    if not training:
        y, m, rstd = _batch_norm_inference(b, node, x, w, bias, running_mean, running_var,
                                           momentum, eps)
        return (y, m, rstd, running_mean, running_var)
    axes = [0] + list(range(2, x.rank))
    mean = L.reduce(b, "mean", x, axes, False)
    centered = L.binary(b, "sub", x, _per_channel(b, mean, x.rank))
    var = L.reduce(b, "mean", L.binary(b, "mul", centered, centered), axes, False)
    rstd = L.unary(b, "rsqrt", L.binary(b, "add", var, _tensor(b, eps, var.dtype)))
    scale = rstd if w is None else L.binary(b, "mul", rstd, w)
    y = L.binary(b, "mul", centered, _per_channel(b, scale, x.rank))
    if bias is not None:
        y = L.binary(b, "add", y, _per_channel(b, bias, x.rank))
    if running_mean is None:  # (no running statistics to update)
        return (y, mean, rstd, None, None)
    n = Dim(static=1)
    for i in axes:
        n = b.index_arith("muli", n, b.dim(x, i))
    keep = _tensor(b, 1.0 - momentum, x.dtype)
    new_mean = L.binary(b, "add", L.binary(b, "mul", running_mean, keep),
                        L.binary(b, "mul", mean, _tensor(b, momentum, x.dtype)))
    if n.static is not None:
        unbiased = _tensor(b, momentum * n.static / max(n.static - 1, 1), x.dtype)
    else:
        # over a dynamic batch or image: momentum n / max(n - 1, 1), at run
        # time (n's i64 count, as a float)
        count = L.cast(b, L.size_value(b, n), "f64")
        less = L.binary(b, "max", L.binary(b, "sub", count, _tensor(b, 1.0, "f64")),
                        _tensor(b, 1.0, "f64"))
        unbiased = L.cast(b, L.binary(b, "div", L.binary(b, "mul", count, _tensor(
            b, float(momentum), "f64")), less), x.dtype)
    new_var = L.binary(b, "add", L.binary(b, "mul", running_var, keep),
                       L.binary(b, "mul", var, unbiased))
    return (y, mean, rstd, new_mean, new_var)


@_op(aten.native_layer_norm.default)
def _layer_norm(b, node, x, normalized_shape, w, bias, eps):
    axis = x.rank - len(normalized_shape)
    x, w, bias = _mixed_floats(b, x, w, bias)
    y = L.layer_norm(b, x, axis, w, bias, eps)
    axes = list(range(axis, x.rank))
    mean = L.reduce(b, "mean", x, axes, True)
    centered = L.binary(b, "sub", x, mean)
    var = L.reduce(b, "mean", L.binary(b, "mul", centered, centered), axes, True)
    rstd = L.unary(b, "rsqrt", L.binary(b, "add", var, _tensor(b, eps, var.dtype)))
    return (y, mean, rstd)


def _per_dim(values, n: int) -> List[int]:
    """A pooling argument (one value, or one per spatial dim) per dim."""
    values = list(values)
    return values * n if len(values) == 1 else values


@_op(aten.max_pool2d_with_indices.default, aten.max_pool3d_with_indices.default)
def _max_pool(b, node, x, kernel, stride=(), padding=(0,), dilation=(1,), ceil_mode=False):
    n = 3 if node.target is aten.max_pool3d_with_indices.default else 2
    kernel = _per_dim(kernel, n)
    stride = _per_dim(stride or kernel, n)
    padding = _per_dim(padding, n)
    dilation = _per_dim(dilation, n)
    if any(u.target is operator.getitem and u.args[1] == 1 for u in node.users):
        # the indices are read (by the backward): compute them too
        return L.pool(b, x, "max", kernel, stride, dilation, padding, padding,
                      ceil_mode=ceil_mode, with_indices=True)
    y = L.pool(b, x, "max", kernel, stride, dilation, padding, padding, ceil_mode=ceil_mode)
    return (y, None)


@_op(aten.fractional_max_pool2d.default, aten.fractional_max_pool3d.default)
def _fractional_max_pool(b, node, x, kernel, output_size, samples):
    n = 3 if node.target is aten.fractional_max_pool3d.default else 2
    return L.fractional_max_pool(b, x, _per_dim(kernel, n), _per_dim(output_size, n), samples)


def _scatter_to_maxima(b, grad, x, indices, spatial: int):
    """The gradient of a max pooling over ``x``'s trailing ``spatial``
    dims: each output's gradient added at its maximum's place, ``indices``
    (flat in its plane, as torch made them), one scatter-add per plane."""
    lead = b.dims(x)[:x.rank - spatial]
    plane = L._dim_product(b, b.dims(x)[x.rank - spatial:])
    outs = L._dim_product(b, b.dims(grad)[grad.rank - spatial:])
    zeros = L.full(b, 0, x.dtype, tuple(x.shape[:x.rank - spatial]) + (plane.static,),
                   lead + [plane])
    updates = L.reshape(b, grad, lead + [outs])
    where = L.reshape(b, indices, lead + [outs])
    summed = L.scatter(b, zeros, where, updates, len(lead), "add")
    return L.reshape(b, summed, b.dims(x))


@_op(aten.fractional_max_pool2d_backward.default, aten.fractional_max_pool3d_backward.default)
def _fractional_max_pool_backward(b, node, grad, x, kernel, output_size, indices):
    return _scatter_to_maxima(b, grad, x, indices, len(kernel))


@_op(aten.max_pool2d_with_indices_backward.default,
     aten.max_pool3d_with_indices_backward.default)
def _max_pool_backward(b, node, grad, x, kernel, stride, padding, dilation, ceil_mode,
                       indices):
    return _scatter_to_maxima(b, grad, x, indices, len(kernel))


@_op(aten.adaptive_max_pool2d_backward.default, aten.adaptive_max_pool3d_backward.default)
def _adaptive_max_pool_backward(b, node, grad, x, indices):
    spatial = 3 if node.target is aten.adaptive_max_pool3d_backward.default else 2
    return _scatter_to_maxima(b, grad, x, indices, spatial)


@_op(aten.avg_pool2d.default, aten.avg_pool3d.default)
def _avg_pool(b, node, x, kernel, stride=(), padding=(0,), ceil_mode=False,
              count_include_pad=True, divisor_override=None):
    n = 3 if node.target is aten.avg_pool3d.default else 2
    kernel = _per_dim(kernel, n)
    return L.pool(b, x, "avg", kernel, _per_dim(stride or kernel, n), [1] * n,
                  _per_dim(padding, n), _per_dim(padding, n),
                  count_include_pad=count_include_pad, ceil_mode=ceil_mode,
                  divisor=divisor_override)


@_op(aten.avg_pool2d_backward.default, aten.avg_pool3d_backward.default)
def _avg_pool_backward(b, node, grad, x, kernel, stride, padding, ceil_mode,
                       count_include_pad, divisor_override=None):
    n = 3 if node.target is aten.avg_pool3d_backward.default else 2
    kernel = _per_dim(kernel, n)
    return L.avg_pool_backward(b, grad, x, kernel, _per_dim(stride or kernel, n),
                               _per_dim(padding, n), count_include_pad, divisor_override)


@_op(aten._adaptive_avg_pool2d_backward.default, aten._adaptive_avg_pool3d_backward.default)
def _adaptive_avg_pool_backward(b, node, grad, x):
    """Each output's gradient spread evenly over its window: per resized
    axis the averaging matrix's transpose (``interpolate_axis``: each input
    reads the few windows that hold it); over a dynamic axis pooled to one
    element, the gradient over its size."""
    spatial = 3 if node.target is aten._adaptive_avg_pool3d_backward.default else 2
    g = L.cast(b, grad, x.dtype)
    for i in range(spatial):
        axis = x.rank - spatial + i
        n, m = x.shape[axis], grad.shape[axis]
        if n is None or m is None:
            if m != 1:
                raise Unsupported("adaptive average pooling's gradient over a dynamic "
                                  "dimension to more than one element")
            size = b.dim(x, axis)
            dims = b.dims(g)
            dims[axis] = size
            g = L.broadcast_to(b, g, tuple(d.static for d in dims), dims)
            g = L.binary(b, "div", g, _tensor(b, size, g.dtype))
        elif n != m:
            g = L.interpolate_axis(b, g, axis, L.adaptive_avg_weights(n, m).T)
    return g


@_op(aten.replication_pad1d_backward.default, aten.replication_pad2d_backward.default,
     aten.replication_pad3d_backward.default)
def _replication_pad_backward(b, node, grad, x, padding):
    """Each output's gradient added to the input it copies: along each
    padded axis (``padding`` is (before, after) pairs from the last axis)
    output j copies input clamp(j - before, 0, n - 1), a 0/1 matrix whose
    transpose ``interpolate_axis`` applies."""
    g = L.cast(b, grad, x.dtype)
    for k in range(len(padding) // 2):
        lo, hi = int(padding[2 * k]), int(padding[2 * k + 1])
        axis = x.rank - 1 - k
        n = x.shape[axis]
        if lo == 0 and hi == 0:
            continue
        if n is None:
            raise Unsupported("replication padding's gradient over a dynamic dimension")
        copies = np.zeros((n + lo + hi, n))
        copies[np.arange(n + lo + hi), np.clip(np.arange(n + lo + hi) - lo, 0, n - 1)] = 1.0
        g = L.interpolate_axis(b, g, axis, copies.T)
    return g


@_op(aten.embedding.default)
def _embedding(b, node, weight, indices, *rest):
    return L.gather(b, weight, indices, 0)


@_op(aten.gather.default)
def _gather(b, node, x, dim, index, sparse_grad=False):
    return L.take_along_axis(b, x, index, dim)


@_op(aten.index_select.default)
def _index_select(b, node, x, dim, index):
    if x.rank == 0:  # a scalar indexes as one element
        y = L.gather(b, L.reshape(b, x, [1]), L.reshape(b, index, [L.numel(b, index)]), 0)
        return L.reshape(b, y, _out_dims(b, node))
    return L.gather(b, x, index, dim)


def _compare(direction: str):
    def lower(b, node, x, y):
        like = x if isinstance(x, Value) else y
        elem = like.dtype
        if isinstance(x, Value) and isinstance(y, Value) and x.dtype != y.dtype:
            # torch's promotion (a 0-dim tensor defers to a dimensioned one)
            vals = [a.meta.get("val") for a in node.args[:2]]
            elem = _elem_of(torch.result_type(*vals))
            if elem is None:
                raise Unsupported(f"comparison of {x.dtype} and {y.dtype}")
        x, y = _tensor(b, x, elem), _tensor(b, y, elem)
        return L.compare(b, direction, *L.broadcast_all(b, [x, y]))
    return lower


for _dir in ("eq", "ne", "lt", "le", "gt", "ge"):
    _op(getattr(aten, _dir).Tensor, getattr(aten, _dir).Scalar)(_compare(_dir))


@_op(aten.logical_and.default, aten.logical_or.default, aten.logical_xor.default)
def _logical(b, node, x, y):
    opname = str(node.target).split(".")[1].split("_")[1]
    return L.logical(b, opname, *L.broadcast_all(b, [_truth(b, x), _truth(b, y)]))


def _truth(b, x: Value) -> Value:
    """A tensor as booleans, as torch's logical ops read it (non-zero)."""
    return x if x.dtype == "i1" else L.compare(b, "ne", x, _tensor(b, 0, x.dtype))


@_op(aten.bitwise_and.Tensor, aten.bitwise_or.Tensor, aten.bitwise_xor.Tensor,
     aten.bitwise_and.Scalar, aten.bitwise_or.Scalar, aten.bitwise_xor.Scalar)
def _bitwise(b, node, x, y):
    opname = str(node.target).split(".")[1].split("_")[1]
    elem = _out_type(node).dtype
    x, y = L.broadcast_all(b, [_tensor(b, x, elem), _tensor(b, y, elem)])
    return L.logical(b, opname, x, y) if elem == "i1" else L.bitwise(b, opname, x, y)


@_op(aten.index_put.default)
def _index_put(b, node, x, indices, values, accumulate=False):
    """``x[idx] = values`` (or ``+=``). One index tensor on dim 0 is a
    scatter of whole rows (embedding backward is one), of dynamic size too;
    the general form (static shapes) is the shared table's index_put."""
    if len(indices) != 1 or indices[0] is None or indices[0].dtype == "i1":
        return L.index_put(b, x, indices, values, accumulate)
    idx = indices[0]
    row = list(x.shape[1:])
    row_dims = [b.dim(x, d) for d in range(1, x.rank)]
    values = L.broadcast_to(b, L.cast(b, values, x.dtype), tuple(idx.shape) + tuple(row),
                            b.dims(idx) + row_dims)
    # one scatter of whole rows: the index flattened, the values with it
    m = L.numel(b, idx)
    idx = L.reshape(b, idx, [m] + [Dim(static=1)] * len(row))
    values = L.reshape(b, values, [m] + row_dims)
    idx = L.broadcast_to(b, idx, values.shape, b.dims(values))
    return L.scatter(b, x, idx, values, 0, "add" if accumulate else "none")


@_op(aten.logical_not.default)
def _logical_not(b, node, x):
    return L.logical(b, "not", _truth(b, x))


@_op(aten.bitwise_not.default)
def _bitwise_not(b, node, x):
    return L.logical(b, "not", x) if x.dtype == "i1" else L.bitwise(b, "not", x)


def _constant(b, node, value_fn):
    ty = _out_type(node)
    if not ty.static:
        raise Unsupported(f"{node.target} of symbolic size {ty.shape}")
    return b.constant(np.asarray(value_fn(), numpy_dtype(ty.dtype)).reshape(ty.shape), ty.dtype)


@_op(aten.arange.start_step, aten.arange.start, aten.arange.default)
def _arange(b, node, *args, **kwargs):
    bounds = [a for a in args if isinstance(a, (int, float, Dim))]
    if all(isinstance(a, (int, float)) for a in bounds):
        return _constant(b, node, lambda: np.arange(*bounds))
    # symbolic bounds: start + step * iota, as long as torch's meta says
    # (a size as start or step is its value)
    start, step = (0, 1) if len(bounds) == 1 else (bounds[0], bounds[2] if len(bounds) > 2 else 1)
    ty = _out_type(node)
    out = L.iota(b, ty.dtype, ty.shape, _out_dims(b, node), 0)
    if step != 1:
        out = L.binary(b, "mul", out, _tensor(b, step, ty.dtype))
    if start != 0:
        out = L.binary(b, "add", out, _tensor(b, start, ty.dtype))
    return out


def _filled(b, node, value) -> Value:
    """``node``'s result filled with ``value``: a number, or a size."""
    ty = _out_type(node)
    if isinstance(value, Dim):
        return L.broadcast_to(b, _tensor(b, value, ty.dtype), ty.shape, _out_dims(b, node))
    return L.full(b, value, ty.dtype, ty.shape, _out_dims(b, node))


@_op(aten.full_like.default)
def _full_like(b, node, x, value, **kwargs):
    return _filled(b, node, value)


@_op(torch.ops.prims.convert_element_type.default)
def _convert_element_type(b, node, x, dtype):
    return L.cast(b, x, _out_type(node).dtype)


def _boolean_reduction(kind: str):
    def lower(b, node, x, dims=None, keepdim=False):
        dims = [dims] if isinstance(dims, int) else dims
        as_int = L.cast(b, _truth(b, x), "i32")
        if as_int.rank == 0:
            return L.cast(b, as_int, "i1")
        axes = None if not dims else list(dims)
        return L.cast(b, L.reduce(b, kind, as_int, axes, keepdim), "i1")
    return lower


_op(aten.any.dim, aten.any.dims, aten.any.default)(_boolean_reduction("max"))
_op(aten.all.dim, aten.all.dims, aten.all.default)(_boolean_reduction("min"))


@_op(aten.full.default)
def _full(b, node, size, value, **kwargs):
    return _filled(b, node, value)


@_op(aten._efficientzerotensor.default)
def _efficient_zero_tensor(b, node, size, **kwargs):
    """The zeros autograd stands in for a gradient known to be zero."""
    return _filled(b, node, 0)


@_op(aten.scalar_tensor.default)
def _scalar_tensor(b, node, value, **kwargs):
    if isinstance(value, Dim):
        return _filled(b, node, value)
    return _constant(b, node, lambda: value)


@_op(aten.split_with_sizes.default)
def _split_with_sizes(b, node, x, sizes, dim=0):
    if not all(isinstance(n, int) for n in sizes):
        raise Unsupported("split into symbolic sizes")
    return tuple(L.split(b, x, dim, list(sizes)))


@_op(aten.split.Tensor)
def _split(b, node, x, size, dim=0):
    n = x.shape[dim % x.rank]
    return tuple(L.split(b, x, dim, [min(size, n - i) for i in range(0, n, size)]))


def _scatter_updates(b, index: Value, src, dtype: str) -> Value:
    """torch.scatter's ``src`` cut to ``index``'s shape (or a scalar filled)."""
    if not isinstance(src, Value):
        return L.full(b, src, dtype, index.shape)
    if src.shape != index.shape:
        src = L.slice_static(b, src, [0] * src.rank, list(index.shape), [1] * src.rank)
    return src


@_op(aten.scatter.src, aten.scatter.value)
def _scatter(b, node, x, dim, index, src):
    return L.scatter(b, x, index, _scatter_updates(b, index, src, x.dtype), dim, "none")


@_op(aten.scatter_add.default)
def _scatter_add(b, node, x, dim, index, src):
    return L.scatter(b, x, index, _scatter_updates(b, index, src, x.dtype), dim, "add")


@_op(aten.scatter.reduce, aten.scatter.value_reduce)
def _scatter_with_reduce(b, node, x, dim, index, src, reduce):
    kinds = {"add": "add", "multiply": "mul"}
    if reduce not in kinds:
        raise FrontendError(f"scatter reduce '{reduce}'")
    return L.scatter(b, x, index, _scatter_updates(b, index, src, x.dtype), dim, kinds[reduce])


@_op(aten.scatter_reduce.two)
def _scatter_reduce(b, node, x, dim, index, src, reduce, include_self=True):
    """torch.scatter_reduce: ``include_self=False`` reduces each position
    that an update reaches over its updates only (the others keep x's
    value); ``mean`` divides by the number of values reduced."""
    kinds = {"sum": "add", "prod": "mul", "amax": "max", "amin": "min", "mean": "add"}
    if reduce not in kinds:
        raise FrontendError(f"scatter_reduce '{reduce}'")
    if reduce == "mean" and not L.is_float(x.dtype):
        raise Unsupported(f"scatter_reduce 'mean' of {x.dtype} (a rounded integer mean)")
    updates = _scatter_updates(b, index, src, x.dtype)
    if include_self and reduce != "mean":
        return L.scatter(b, x, index, updates, dim, kinds[reduce])
    dims = b.dims(x)
    count = L.scatter(b, L.full(b, 0, "i32", x.shape, dims), index,
                      L.full(b, 1, "i32", index.shape, b.dims(index)), dim, "add")
    touched = L.compare(b, "gt", count, _tensor(b, 0, "i32"))
    if include_self:  # mean with x: (x + the sum) / (1 + count)
        total = L.scatter(b, x, index, updates, dim, "add")
        return L.binary(b, "div", total, L.cast(b, L.binary(b, "add", count,
                                                           _tensor(b, 1, "i32")), x.dtype))
    if reduce in ("amax", "amin"):
        start = L.extreme_identity(x.dtype, reduce[1:])
    else:
        start = 1 if reduce == "prod" else 0
    reduced = L.scatter(b, L.full(b, start, x.dtype, x.shape, dims), index, updates, dim,
                        kinds[reduce])
    if reduce == "mean":
        reduced = L.binary(b, "div", reduced, L.cast(b, L.binary(b, "max", count, _tensor(
            b, 1, "i32")), x.dtype))
    return L.select(b, touched, reduced, x)


# -- elementwise functions of the shared table ------------------------------------------

def _float_unary(fn):
    def lower(b, node, x):
        return fn(b, L.cast(b, x, _out_type(node).dtype))
    return lower


for _fn, _target in {
    L.log1p: aten.log1p.default, L.expm1: aten.expm1.default, L.sinh: aten.sinh.default,
    L.cosh: aten.cosh.default, L.tan: aten.tan.default, L.atan: aten.atan.default,
    L.asin: aten.asin.default, L.acos: aten.acos.default, L.asinh: aten.asinh.default,
    L.acosh: aten.acosh.default, L.atanh: aten.atanh.default, L.trunc: aten.trunc.default,
    L.erfc: aten.erfc.default, L.lgamma: aten.lgamma.default, L.digamma: aten.digamma.default,
}.items():
    _op(_target)(_float_unary(_fn))


@_op(aten.round.default)
def _round(b, node, x):
    return L.unary(b, "round", x) if L.is_float(x.dtype) else x


@_op(aten.round.decimals)
def _round_decimals(b, node, x, decimals=0):
    return L.round_decimals(b, x, int(decimals))


def _scaled_log(base: float):
    def lower(b, node, x):
        x = L.cast(b, x, _out_type(node).dtype)
        xs = L.cast(b, x, "f32") if x.dtype in ("f16", "bf16") else x
        y = L.binary(b, "mul", L.unary(b, "log", xs), _tensor(b, 1.0 / np.log(base), xs.dtype))
        return L.cast(b, y, x.dtype)
    return lower


_op(aten.log2.default)(_scaled_log(2.0))
_op(aten.log10.default)(_scaled_log(10.0))


@_op(aten.exp2.default)
def _exp2(b, node, x):
    elem = _out_type(node).dtype
    return L.binary(b, "pow", _tensor(b, 2.0, elem), L.cast(b, x, elem))


@_op(aten.isnan.default)
def _isnan(b, node, x):
    return L.isnan(b, x)


@_op(aten.isinf.default)
def _isinf(b, node, x):
    return L.isinf(b, x)


@_op(aten.sign.default, aten.sgn.default)
def _sign(b, node, x):
    if x.dtype == "i1":
        return x
    out = L.sign(b, x)
    if not L.is_float(x.dtype):
        return out
    # torch's sign of NaN is 0 (numpy's and ONNX's is NaN)
    return L.select(b, L.isnan(b, x), _tensor(b, 0, x.dtype), out)


@_op(aten.atan2.default)
def _atan2(b, node, y, x):
    elem = _out_type(node).dtype
    return L.atan2(b, _tensor(b, y, elem), _tensor(b, x, elem))


@_op(aten.hypot.default)
def _hypot(b, node, x, y):
    elem = _out_type(node).dtype
    return L.hypot(b, _tensor(b, x, elem), _tensor(b, y, elem))


@_op(aten.fmax.default, aten.fmin.default)
def _fmax(b, node, x, y):
    elem = _out_type(node).dtype
    opname = "max" if node.target is aten.fmax.default else "min"
    return L.nan_ignoring(b, opname, _tensor(b, x, elem), _tensor(b, y, elem))


@_op(aten.remainder.Tensor, aten.remainder.Scalar, aten.fmod.Tensor, aten.fmod.Scalar)
def _remainder(b, node, x, y):
    elem = _out_type(node).dtype
    floor = node.target in (aten.remainder.Tensor, aten.remainder.Scalar)
    return L.remainder(b, _tensor(b, x, elem), _tensor(b, y, elem), floor=floor)


@_op(aten.elu.default)
def _elu(b, node, x, alpha=1.0, scale=1.0, input_scale=1.0):
    elem = x.dtype
    neg = L.expm1(b, L.binary(b, "mul", x, _tensor(b, float(input_scale), elem)))
    neg = L.binary(b, "mul", neg, _tensor(b, float(alpha) * float(scale), elem))
    pos = L.binary(b, "mul", x, _tensor(b, float(scale), elem)) if scale != 1 else x
    return L.select(b, L.compare(b, "gt", x, _tensor(b, 0, elem)), pos, neg)


@_op(aten.hardtanh.default)
def _hardtanh(b, node, x, lo=-1.0, hi=1.0):
    return L.clamp(b, x, _tensor(b, lo, x.dtype), _tensor(b, hi, x.dtype))


@_op(aten.leaky_relu.default)
def _leaky_relu(b, node, x, slope=0.01):
    return L.leaky_relu(b, x, float(slope))


# -- reductions -------------------------------------------------------------------------

@_op(aten.prod.default, aten.prod.dim_int)
def _prod(b, node, x, dim=None, keepdim=False, **kwargs):
    x = L.cast(b, x, _out_type(node).dtype)
    if x.rank == 0:
        return x
    return L.reduce(b, "prod", x, None if dim is None else [dim], keepdim)


@_op(aten.argmax.default, aten.argmin.default)
def _arg_extreme(b, node, x, dim=None, keepdim=False):
    kind = "argmax" if node.target is aten.argmax.default else "argmin"
    if x.dtype == "i1":
        x = L.cast(b, x, "i32")
    if x.rank == 0:
        return L.full(b, 0, "i64", ())
    if dim is None:
        flat = L.reshape(b, x, [L.numel(b, x)])
        out = L.reduce(b, kind, flat, [0], False)
        return L.reshape(b, out, [Dim(static=1)] * x.rank) if keepdim else out
    return L.reduce(b, kind, x, [dim], keepdim)


@_op(aten.max.dim, aten.min.dim)
def _extreme_with_index(b, node, x, dim, keepdim=False):
    big = node.target is aten.max.dim
    if x.rank == 0:
        return (x, L.full(b, 0, "i64", ()))
    xi = L.cast(b, x, "i32") if x.dtype == "i1" else x
    values = L.reduce(b, "max" if big else "min", xi, [dim], keepdim)
    indices = L.reduce(b, "argmax" if big else "argmin", xi, [dim], keepdim)
    return (L.cast(b, values, x.dtype), indices)


@_op(aten.max.default, aten.min.default)
def _extreme_all(b, node, x):
    kind = "max" if node.target is aten.max.default else "min"
    xi = L.cast(b, x, "i32") if x.dtype == "i1" else x
    return L.cast(b, xi if xi.rank == 0 else L.reduce(b, kind, xi, None, False), x.dtype)


def _correction(correction, unbiased=True) -> float:
    return float(correction) if correction is not None else (1.0 if unbiased else 0.0)


@_op(aten.var.correction)
def _var(b, node, x, dims=None, correction=None, keepdim=False):
    axes = None if not dims else list(dims)
    return L.variance(b, x, axes, _correction(correction), keepdim)[0]


@_op(aten.var_mean.correction)
def _var_mean(b, node, x, dims=None, correction=None, keepdim=False):
    axes = None if not dims else list(dims)
    return L.variance(b, x, axes, _correction(correction), keepdim)


@_op(aten.cumsum.default, aten.cumprod.default)
def _cumulative(b, node, x, dim, dtype=None):
    x = L.cast(b, x, _out_type(node).dtype)
    if x.rank == 0:
        return x
    kind = "sum" if node.target is aten.cumsum.default else "prod"
    return L.cumulative(b, x, dim, kind)


@_op(aten.cummax.default, aten.cummin.default)
def _cumulative_extreme(b, node, x, dim):
    kind = "max" if node.target is aten.cummax.default else "min"
    if x.rank == 0:
        return x, b.constant(np.int64(0), "i64")
    return L.cumulative_extreme(b, x, dim, kind)


@_op(aten.mode.default)
def _mode(b, node, x, dim=-1, keepdim=False):
    if x.rank == 0:
        return x, L.full(b, 0, "i64", ())
    return L.mode(b, x, dim, bool(keepdim))


@_op(aten.topk.default)
def _topk(b, node, x, k, dim=-1, largest=True, sorted=True):
    if x.rank == 0:
        return (x, L.full(b, 0, "i64", ()))
    return L.top_k(b, x, int(k), dim, bool(largest))


@_op(aten.sort.default)
def _sort(b, node, x, dim=-1, descending=False):
    if x.rank == 0:
        return (x, L.full(b, 0, "i64", ()))
    return L.sort(b, x, dim, bool(descending))


@_op(aten.sort.stable)
def _sort_stable(b, node, x, stable=None, dim=-1, descending=False):
    return _sort(b, node, x, dim, descending)  # (Meld's sort is stable)


# -- linear algebra (meld.frontend.linalg) ---------------------------------------------
# The ``_ex`` ops return LAPACK's ``info``; torch checks it (and raises
# LinAlgError) in ``_linalg_check_errors``, which the graph calls through
# ``with_effects`` and the backend runs itself (_check_linalg_errors).

def _no_check(what: str, check_errors: bool):
    if check_errors:
        raise Unsupported(f"{what} with check_errors=True")


@_op(aten.linalg_lu_factor_ex.default)
def _lu_factor_ex(b, node, a, *, pivot=True, check_errors=False):
    if not pivot:
        raise Unsupported("LU without pivoting (torch runs it on CUDA only)")
    _no_check("linalg_lu_factor_ex", check_errors)
    lu, piv, info, _ = LA.lu_factor(b, a)
    return lu, piv, info


@_op(aten.linalg_lu.default)
def _linalg_lu(b, node, a, *, pivot=True):
    if not pivot:
        raise Unsupported("LU without pivoting (torch runs it on CUDA only)")
    lu, _, _, perm = LA.lu_factor(b, a)
    low, up = LA.lu_unpack(b, lu)
    return LA.permutation_matrix(b, perm, a.dtype), low, up


@_op(aten.lu_unpack.default)
def _lu_unpack(b, node, lu, pivots, unpack_data=True, unpack_pivots=True):
    empty = _empty_outputs(b, node, ((1, 2) if not unpack_data else ())
                           + ((0,) if not unpack_pivots else ()))
    low, up = LA.lu_unpack(b, lu) if unpack_data else empty[1:]
    p = LA.permutation_matrix(b, LA.permutation(b, pivots, lu.shape[-2]), lu.dtype) \
        if unpack_pivots else empty[0]
    return p, low, up


@_op(aten.linalg_lu_solve.default)
def _linalg_lu_solve(b, node, lu, pivots, rhs, *, left=True, adjoint=False):
    perm = LA.permutation(b, pivots, lu.shape[-2])
    return LA.lu_solve(b, lu, perm, rhs, bool(left), bool(adjoint))


def _as_torch_factors(b, node, a):
    """``a``, or its transpose where torch's kernel of ``node``'s op
    factors A^T (a contiguous real A): the LU and pivots a determinant
    returns are the ones its backward solves with."""
    val = node.args[0].meta["val"]
    if _factors_transpose(node.target) and val.is_contiguous() and not val.is_complex():
        return LA.transpose_matrix(b, a)
    return a


@_op(aten._linalg_det.default)
def _linalg_det(b, node, a):
    return LA.det(b, _as_torch_factors(b, node, a))


@_op(aten._linalg_slogdet.default)
def _linalg_slogdet(b, node, a):
    return LA.slogdet(b, _as_torch_factors(b, node, a))


@_op(aten.linalg_inv_ex.default)
def _linalg_inv_ex(b, node, a, *, check_errors=False):
    _no_check("linalg_inv_ex", check_errors)
    return LA.inverse(b, a)


@functools.lru_cache(maxsize=None)
def _factors_transpose(op) -> bool:
    """Whether this torch's kernel of ``op`` (``_linalg_solve_ex``,
    ``_linalg_det``, ``_linalg_slogdet``) returns the LU of A^T for a
    contiguous A, as its backward expects: torch 2.15's determinants do,
    its solve does not (earlier versions' did). Asked of the kernel once,
    on a matrix whose two factorizations differ."""
    from torch._subclasses.fake_tensor import unset_fake_temporarily

    with unset_fake_temporarily(), torch.no_grad():  # (lowerings run under tracing)
        a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
        args = (a, torch.ones(2)) if op is aten._linalg_solve_ex.default else (a,)
        outs = op(*args)
        lu = outs[2] if op is aten._linalg_slogdet.default else outs[1]
        return bool(lu[0, 0] == 2.0)  # (A's LU has the pivot 3 there, A^T's 2)


@_op(aten._linalg_solve_ex.default)
def _linalg_solve_ex(b, node, a, rhs, *, left=True, check_errors=False):
    _no_check("linalg_solve_ex", check_errors)
    # numpy's vector right-hand side, as linalg_solve_is_vector_rhs decides
    vector = rhs.rank == 1 or (rhs.rank == a.rank - 1 and rhs.shape == a.shape[:-1])
    if vector:
        rhs = L.unsqueeze(b, rhs, [rhs.rank if left else rhs.rank - 1])
    # the LU that torch's kernel returns (its backward reads it)
    a_val = node.args[0].meta["val"]
    x, lu, piv, info = LA.solve(b, a, rhs, bool(left), lu_of_transpose=(
        _factors_transpose(node.target) and a_val.is_contiguous() and not a_val.is_complex()))
    if vector:
        x = L.squeeze(b, x, [x.rank - 1 if left else x.rank - 2])
    return x, lu, piv, info


@_op(aten.linalg_cholesky_ex.default)
def _linalg_cholesky_ex(b, node, a, *, upper=False, check_errors=False):
    _no_check("linalg_cholesky_ex", check_errors)
    return LA.cholesky(b, a, bool(upper))


@_op(aten.linalg_solve_triangular.default)
def _linalg_solve_triangular(b, node, a, rhs, *, upper, left=True, unitriangular=False):
    return LA.solve_triangular(b, a, rhs, bool(upper), bool(left), bool(unitriangular))


@_op(aten.triangular_solve.default)
def _triangular_solve(b, node, rhs, a, upper=True, transpose=False, unitriangular=False):
    coef = a
    if transpose:
        a, upper = LA.transpose_matrix(b, a), not upper
    x = LA.solve_triangular(b, a, rhs, bool(upper), True, bool(unitriangular))
    coef_val = node.meta["val"][1]
    return x, L.broadcast_to(b, coef, tuple(coef_val.shape), b.dims(x)[:-2] + b.dims(coef)[-2:])


@_op(aten.cholesky_solve.default)
def _cholesky_solve(b, node, rhs, factor, upper=False):
    return LA.cholesky_solve(b, rhs, factor, bool(upper))


@_op(aten.geqrf.default)
def _geqrf(b, node, a):
    return LA.geqrf(b, a)


@_op(aten.linalg_householder_product.default)
def _householder_product(b, node, packed, tau):
    return LA.householder_product(b, packed, tau)


@_op(aten.ormqr.default)
def _ormqr(b, node, packed, tau, c, left=True, transpose=False):
    return LA.apply_reflectors(b, packed, tau, c, bool(left), bool(transpose))


@_op(aten.linalg_qr.default)
def _linalg_qr(b, node, a, mode="reduced"):
    q, r = LA.qr(b, a, mode)
    if q is None:  # (mode "r": torch returns an empty Q)
        q = L.full(b, 0, a.dtype, tuple(node.meta["val"][0].shape))
    return q, r


@_op(aten.linalg_matrix_exp.default)
def _matrix_exp(b, node, a):
    return LA.matrix_exp(b, a)


def _empty_outputs(b, node, indices):
    """Zeros of the (empty) shapes of outputs `indices`, the outputs an op
    leaves empty (U and Vh without compute_uv); None for the others, whose
    shapes are never read (reading a symbolic size would specialize it)."""
    vals = node.meta["val"]
    return [L.full(b, 0, _tensor_type(v, node.name).dtype, tuple(v.shape))
            if i in indices and isinstance(v, torch.Tensor) else None
            for i, v in enumerate(vals)]


@_op(aten._linalg_svd.default)
def _linalg_svd(b, node, a, full_matrices=False, compute_uv=True, driver=None):
    # (the singular vectors' column signs are Jacobi's, not LAPACK's: both
    # are valid, as torch documents)
    if compute_uv:
        return LA.svd(b, a, bool(full_matrices))
    u, _, vh = _empty_outputs(b, node, (0, 2))
    return u, LA.singular_values(b, a), vh


@_op(aten._linalg_eigh.default)
def _linalg_eigh(b, node, a, UPLO="L", compute_v=True):  # noqa: N803 (ATen's name)
    if compute_v:
        return LA.symmetric_eigen(b, a, UPLO == "U")
    _, q = _empty_outputs(b, node, (1,))
    return LA.symmetric_eigenvalues(b, a, UPLO == "U"), q


@_op(aten.linalg_matrix_sqrth.default)
def _linalg_matrix_sqrth(b, node, a):
    return LA.matrix_sqrth(b, a)


@_op(aten.linalg_polar.default)
def _linalg_polar(b, node, a):
    return LA.polar(b, a)


@_op(aten.linalg_pinv.atol_rtol_tensor, aten.linalg_pinv.atol_rtol_float)
def _linalg_pinv(b, node, a, *, atol=None, rtol=None, hermitian=False):
    atol = None if atol is None else _tensor(b, atol, a.dtype)
    rtol = None if rtol is None else _tensor(b, rtol, a.dtype)
    return LA.pinv(b, a, atol, rtol, bool(hermitian))


# -- complex tensors and FFTs (meld.frontend.spectral) ---------------------------------

def _is_complex(node) -> bool:
    v = node.meta.get("val") if isinstance(node, torch.fx.Node) else None
    return isinstance(v, torch.Tensor) and v.is_complex()


def _fft_dims(x: Value, dim) -> List[int]:
    """The transform's dims of ``x`` (a real signal or a complex one's
    part), ascending."""
    return sorted(L.normalize_axis(int(d), x.rank) for d in dim)


def _norm_factor(normalization: int, n: int) -> float:
    """torch's fft_norm_mode: none, by 1/sqrt(n), by 1/n."""
    return {0: 1.0, 1: 1.0 / math.sqrt(n), 2: 1.0 / n}[int(normalization)]


@_op(aten._fft_r2c.default)
def _fft_r2c(b, node, x, dim, normalization, onesided):
    # (the last dim one-sided first, then the others; the normalization in
    # the last transform)
    dims = _fft_dims(x, dim)
    factor = _norm_factor(normalization, SP.sizes_of(x, dims))
    pair = SP.dft(b, x, None, dims[-1], True, bool(onesided),
                  factor if len(dims) == 1 else 1.0)
    for i, d in enumerate(dims[:-1]):
        pair = SP.dft(b, *pair, d, True, factor=factor if i == len(dims) - 2 else 1.0)
    return SP.join_pairs(b, *pair)


@_op(aten._fft_c2c.default)
def _fft_c2c(b, node, x, dim, normalization, forward):
    pair = SP.split_pairs(b, x)
    dims = _fft_dims(pair[0], dim)
    factor = _norm_factor(normalization, SP.sizes_of(pair[0], dims))
    for i, d in enumerate(dims):
        pair = SP.dft(b, *pair, d, bool(forward), factor=factor if i == len(dims) - 1 else 1.0)
    return SP.join_pairs(b, *pair)


@_op(aten._fft_c2r.default)
def _fft_c2r(b, node, x, dim, normalization, last_dim_size):
    pair = SP.split_pairs(b, x)
    dims = _fft_dims(pair[0], dim)
    for d in dims[:-1]:
        pair = SP.dft(b, *pair, d, False)
    n = SP.sizes_of(pair[0], dims[:-1]) * int(last_dim_size)
    return SP.real_inverse(b, *pair, dims[-1], int(last_dim_size),
                           _norm_factor(normalization, n))


@_op(aten._conj.default, aten.conj_physical.default, aten._conj_physical.default)
def _conj(b, node, x):
    if not _is_complex(node.args[0]):
        return x
    return SP.join_pairs(b, *CX.conj(b, SP.split_pairs(b, x)))


@_op(aten.view_as_real.default, aten.view_as_complex.default)
def _view_as_real(b, node, x):
    return x  # (the carrier is the real view)


@_op(aten.complex.default)
def _complex(b, node, re, im):
    re, im = L.broadcast_all(b, [re, im])
    return SP.join_pairs(b, re, im)


@_op(aten.polar.default)
def _polar(b, node, r, theta):
    r, theta = L.broadcast_all(b, [r, theta])
    return SP.join_pairs(b, L.binary(b, "mul", r, L.unary(b, "cos", theta)),
                         L.binary(b, "mul", r, L.unary(b, "sin", theta)))


@_op(aten.angle.default)
def _angle(b, node, x):
    if _is_complex(node.args[0]):
        re, im = SP.split_pairs(b, x)
        return L.atan2(b, im, re)
    x = L.cast(b, x, _out_type(node).dtype)
    zero = L.scalar_like(b, 0, x)
    angle = L.select(b, L.compare(b, "lt", x, zero), L.scalar_like(b, math.pi, x), zero)
    return L.select(b, L.isnan(b, x), x, angle)  # (NaN stays NaN)


# ops that take or give complex tensors (their real view)
_COMPLEX_OPS = {aten._fft_r2c.default, aten._fft_c2c.default, aten._fft_c2r.default,
                aten._conj.default, aten.conj_physical.default, aten._conj_physical.default,
                aten.view_as_real.default,
                aten.view_as_complex.default, aten.complex.default, aten.polar.default,
                aten.angle.default, aten._to_copy.default, aten.clone.default,
                aten.alias.default}


def _check_linalg_errors(token, info, api_name, *, is_matrix):
    """What ``aten._linalg_check_errors`` does with the ``info`` a Meld
    kernel computed (the graph calls it through ``with_effects``): raises
    torch's error, with torch's message, for the first failed matrix;
    returns the effect token. It reads the codes and raises, and computes
    nothing, so it is the backend's, not an op left to eager PyTorch."""
    codes = info.reshape(-1).tolist()
    first = next((i for i, c in enumerate(codes) if c != 0), None)
    if first is not None:
        code = codes[first]
        where = "" if is_matrix else f": (Batch element {first})"
        head = f"{api_name}{where}"
        if code < 0:
            raise RuntimeError(f"{head}: Argument {-code} has illegal value.")
        if "inv" in api_name:
            raise torch.linalg.LinAlgError(
                f"{head}: The diagonal element {code} is zero, the inversion could not be "
                "completed because the input matrix is singular.")
        if "solve" in api_name:
            raise torch.linalg.LinAlgError(
                f"{head}: The solver failed because the input matrix is singular.")
        if "cholesky" in api_name:
            raise torch.linalg.LinAlgError(
                f"{head}: The factorization could not be completed because the input is not "
                f"positive-definite (the leading minor of order {code} is not "
                "positive-definite).")
        if "lu_factor" in api_name:
            raise RuntimeError(
                f"{head}: U[{code},{code}] is zero and using it on lu_solve would result in a "
                "division by zero. If you still want to perform the factorization, consider "
                "calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)")
        raise RuntimeError(f"{head}: error code {code}")
    return (token,)


def _take_linalg_checks(graph: torch.fx.GraphModule) -> None:
    """Replaces ``with_effects(token, aten._linalg_check_errors, info,
    api_name, is_matrix=...)`` with a call of ``_check_linalg_errors``."""
    effects = getattr(torch.ops.higher_order, "with_effects", None)
    for node in graph.graph.nodes:
        if node.op == "call_function" and effects is not None and node.target is effects \
                and len(node.args) == 4 and node.args[1] is aten._linalg_check_errors.default:
            token, _, info, api_name = node.args
            node.target = _check_linalg_errors
            node.args = (token, info, api_name)


@_op(aten.cholesky_inverse.default)
def _cholesky_inverse(b, node, factor, upper=False):
    return LA.cholesky_inverse(b, factor, bool(upper))


def _order_statistic(b, x: Value, dim: int, keepdim: bool, which: str, k: int = 0):
    """(value, index) of one element of each sorted row along ``dim``:
    the ``k``-th smallest, the median (the lower one; NaN where the row has
    one) or the median of the numbers (nanmedian). NaN sorts last."""
    if x.rank == 0:
        return (x, L.full(b, 0, "i64", ()))
    axis = dim % x.rank
    n = x.shape[axis]
    values, indices = L.sort(b, x, axis)
    if which == "kth":
        if not 1 <= k <= (n or 0):
            raise FrontendError(f"kthvalue {k} of {n} elements")
        pos = L.full(b, k - 1, "i64", (), None)
    else:
        pos = L.full(b, (n - 1) // 2, "i64", ())
        if L.is_float(x.dtype):
            nans = L.reduce(b, "sum", L.cast(b, L.isnan(b, x), "i64"), [axis], True)
            numbers = L.binary(b, "sub", _tensor(b, n, "i64"), nans)
            if which == "median":  # the first NaN, if any
                pos = L.select(b, L.compare(b, "gt", nans, _tensor(b, 0, "i64")), numbers,
                               L.broadcast_to(b, pos, nans.shape, b.dims(nans)))
            else:
                half = L.binary(b, "div", L.binary(b, "sub", numbers, _tensor(b, 1, "i64")),
                                _tensor(b, 2, "i64"))
                # a row of NaN only: the middle one, as torch picks
                pos = L.select(b, L.compare(b, "eq", numbers, _tensor(b, 0, "i64")),
                               L.broadcast_to(b, pos, nans.shape, b.dims(nans)), half)
    shape = list(x.shape)
    shape[axis] = 1
    dims = b.dims(x)
    dims[axis] = Dim(static=1)
    pos = L.broadcast_to(b, L.reshape(b, pos, [Dim(static=1)] * pos.rank) if pos.rank == 0
                         else pos, shape, dims)
    value = L.take_along_axis(b, values, pos, axis)
    index = L.take_along_axis(b, indices, pos, axis)
    if not keepdim:
        value, index = L.squeeze(b, value, [axis]), L.squeeze(b, index, [axis])
    return (value, index)


@_op(aten.median.dim, aten.nanmedian.dim)
def _median_dim(b, node, x, dim=-1, keepdim=False):
    which = "median" if node.target is aten.median.dim else "nanmedian"
    return _order_statistic(b, x, dim, keepdim, which)


@_op(aten.median.default, aten.nanmedian.default)
def _median_all(b, node, x):
    which = "median" if node.target is aten.median.default else "nanmedian"
    flat = L.reshape(b, x, [L.numel(b, x)]) if x.rank != 1 else x
    return _order_statistic(b, flat, 0, False, which)[0]


@_op(aten.kthvalue.default)
def _kthvalue(b, node, x, k, dim=-1, keepdim=False):
    return _order_statistic(b, x, dim, keepdim, "kth", int(k))


# -- normalizations ---------------------------------------------------------------------

@_op(aten.native_group_norm.default)
def _group_norm(b, node, x, w, bias, n, c, hw, groups, eps):
    x, w, bias = _mixed_floats(b, x, w, bias)
    return L.group_norm(b, x, int(groups), w, bias, float(eps))


@_op(aten._adaptive_avg_pool2d.default, aten._adaptive_avg_pool3d.default)
def _adaptive_avg_pool(b, node, x, output_size):
    return L.adaptive_avg_pool(b, x, [int(s) for s in output_size])


@_op(aten.searchsorted.Tensor, aten.searchsorted.Scalar)
def _searchsorted(b, node, seq, values, *, out_int32=False, right=False, side=None,
                  sorter=None):
    if sorter is not None:
        seq = L.gather(b, seq, sorter, 0) if seq.rank == 1 else \
            L.take_along_axis(b, seq, sorter, seq.rank - 1)
    values = _tensor(b, values, seq.dtype)
    out = L.searchsorted(b, seq, values, right=bool(right) or side == "right")
    return L.cast(b, out, _out_type(node).dtype)


@_op(aten.index_reduce.default)
def _index_reduce(b, node, x, dim, index, source, reduce, include_self=True):
    """torch.index_reduce: scatter_reduce with the index vector broadcast
    over the source's other dims."""
    if x.rank == 0:  # (as a 1-element vector)
        one = [Dim(static=1)]
        out = _index_reduce(b, node, L.reshape(b, x, one), 0, L.reshape(b, index, one),
                            L.reshape(b, source, one), reduce, include_self)
        return L.reshape(b, out, [])
    dim = dim % x.rank
    ones = [Dim(static=1)]
    idx = L.reshape(b, L.cast(b, index, "i64"), ones * dim + [b.dim(index, 0)] +
                    ones * (source.rank - dim - 1))
    idx = L.broadcast_to(b, idx, source.shape, b.dims(source))
    return _scatter_reduce(b, node, x, dim, idx, source, reduce, include_self)


@_op(aten.polygamma.default)
def _polygamma(b, node, n, x):
    x = L.cast(b, x, _out_type(node).dtype)
    return L.digamma(b, x) if int(n) == 0 else L.polygamma(b, int(n), x)


@_op(aten.copysign.Tensor, aten.copysign.Scalar)
def _copysign(b, node, x, y):
    elem = _out_type(node).dtype
    return L.copysign(b, _tensor(b, x, elem), _tensor(b, y, elem))


@_op(aten.unbind_copy.int, aten.unbind.int)
def _unbind(b, node, x, dim=0):
    dim = dim % x.rank
    n = x.shape[dim]
    if n is None:
        raise Unsupported("unbind along a dynamic dim")
    return tuple(L.gather(b, x, b.constant(np.int64(i), "i64"), dim) for i in range(n))


@_op(aten.put.default)
def _put(b, node, x, index, source, accumulate=False):
    """torch.put: x viewed flat, source's elements written (added) at the
    flat indices (negative ones from the end)."""
    if any(d is None for d in x.shape):
        raise Unsupported("put into a tensor of dynamic shape")
    n = int(np.prod(x.shape, dtype=np.int64))
    flat = L.reshape(b, x, [Dim(static=n)])
    idx = L.normalized_index(b, L.reshape(b, index, [L.numel(b, index)]), n)
    src = L.reshape(b, L.cast(b, source, x.dtype), [L.numel(b, source)])
    out = L.scatter(b, flat, idx, src, 0, "add" if accumulate else "none")
    return L.reshape(b, out, b.dims(x))


@_op(aten.frexp.Tensor)
def _frexp(b, node, x):
    """Mantissa in [0.5, 1) (with x's sign) and exponent: x = m 2^e, in
    float64 (exact for float32's subnormals too): e = floor(log2 |x|) + 1,
    moved by one where log2 rounded across a power of two. Zeros, infinities
    and NaN are their own mantissa, with exponent 0, as torch gives them."""
    if x.dtype not in ("f32", "f16", "bf16"):
        raise Unsupported(f"frexp of {x.dtype}")
    xs = L.cast(b, x, "f64")
    mag = L.unary(b, "abs", xs)
    log2 = L.binary(b, "mul", L.unary(b, "log", mag), L.scalar_like(b, 1.0 / math.log(2.0), mag))
    e = L.binary(b, "add", L.unary(b, "floor", log2), L.scalar_like(b, 1.0, mag))
    two = L.scalar_like(b, 2.0, e)
    m = L.binary(b, "mul", xs, L.binary(b, "pow", two, L.unary(b, "neg", e)))
    big = L.compare(b, "ge", L.unary(b, "abs", m), L.scalar_like(b, 1.0, m))
    m = L.select(b, big, L.binary(b, "mul", m, L.scalar_like(b, 0.5, m)), m)
    e = L.select(b, big, L.binary(b, "add", e, L.scalar_like(b, 1.0, e)), e)
    small = L.compare(b, "lt", L.unary(b, "abs", m), L.scalar_like(b, 0.5, m))
    m = L.select(b, small, L.binary(b, "mul", m, two), m)
    e = L.select(b, small, L.binary(b, "sub", e, L.scalar_like(b, 1.0, e)), e)
    # zeros, infinities, NaN: x itself, exponent 0
    plain = L.logical(b, "or", L.compare(b, "eq", mag, L.scalar_like(b, 0.0, mag)),
                      L.logical(b, "not", L.compare(b, "lt", mag,
                                                    L.scalar_like(b, np.inf, mag))))
    m = L.select(b, plain, xs, m)
    e = L.select(b, plain, L.scalar_like(b, 0.0, e), e)
    return L.cast(b, m, x.dtype), L.cast(b, e, "i32")


# The modified Bessel functions: (shared lowering, order, scaled by e^-|x|
# for I, by e^x for K).
_BESSEL_IK = {aten.i0.default: (L.bessel_i, 0, False),
              aten.special_i0e.default: (L.bessel_i, 0, True),
              aten.special_i1.default: (L.bessel_i, 1, False),
              aten.special_i1e.default: (L.bessel_i, 1, True),
              aten.special_modified_bessel_i0.default: (L.bessel_i, 0, False),
              aten.special_modified_bessel_i1.default: (L.bessel_i, 1, False),
              aten.special_modified_bessel_k0.default: (L.bessel_k, 0, False),
              aten.special_modified_bessel_k1.default: (L.bessel_k, 1, False),
              aten.special_scaled_modified_bessel_k0.default: (L.bessel_k, 0, True),
              aten.special_scaled_modified_bessel_k1.default: (L.bessel_k, 1, True)}


@_op(*_BESSEL_IK)
def _bessel_ik(b, node, x):
    lower, order, scaled = _BESSEL_IK[node.target]
    return lower(b, order, L.cast(b, x, _out_type(node).dtype), scaled)


_ORTHOGONAL = {
    f"special_{prefix}{family}_polynomial_{letter}": f"{prefix}{family}_{letter}"
    for prefix, family, letters in (("", "chebyshev", "tuvw"), ("shifted_", "chebyshev", "tuvw"),
                                    ("", "hermite", ("h", "he")), ("", "laguerre", "l"),
                                    ("", "legendre", "p"))
    for letter in letters}
_ORTHOGONAL_OPS = {getattr(getattr(aten, name), overload): kind
                   for name, kind in _ORTHOGONAL.items()
                   for overload in ("default", "x_scalar", "n_scalar")}


@_op(*_ORTHOGONAL_OPS)
def _orthogonal_polynomial(b, node, x, n):
    """torch.special's orthogonal polynomials: x and n promoted to the
    result's float type, as ATen's kernels take them (n truncated there)."""
    elem = _out_type(node).dtype
    return L.orthogonal_polynomial(b, _ORTHOGONAL_OPS[node.target], _tensor(b, x, elem),
                                   _tensor(b, n, elem))


_BESSEL_JY = {aten.special_bessel_j0.default: ("j", 0), aten.special_bessel_j1.default: ("j", 1),
              aten.special_bessel_y0.default: ("y", 0), aten.special_bessel_y1.default: ("y", 1)}


@_op(*_BESSEL_JY)
def _bessel_jy(b, node, x):
    kind, order = _BESSEL_JY[node.target]
    return L.bessel_jy(b, kind, order, L.cast(b, x, _out_type(node).dtype))


@_op(aten.special_zeta.default, aten.special_zeta.self_scalar, aten.special_zeta.other_scalar)
def _zeta(b, node, x, q):
    elem = _out_type(node).dtype
    return L.hurwitz_zeta(b, _tensor(b, x, elem), _tensor(b, q, elem))


@_op(aten.special_spherical_bessel_j0.default)
def _spherical_bessel_j0(b, node, x):
    return L.spherical_bessel_j0(b, L.cast(b, x, _out_type(node).dtype))


@_op(aten.special_airy_ai.default)
def _airy_ai(b, node, x):
    return L.airy_ai(b, L.cast(b, x, _out_type(node).dtype))


@_op(aten.special_erfcx.default)
def _erfcx(b, node, x):
    return L.erfcx(b, L.cast(b, x, _out_type(node).dtype))


@_op(aten.erfinv.default)
def _erfinv(b, node, x):
    return L.erfinv(b, L.cast(b, x, _out_type(node).dtype))


@_op(aten.special_ndtri.default)
def _ndtri(b, node, x):
    return L.ndtri(b, L.cast(b, x, _out_type(node).dtype))


@_op(aten.logcumsumexp.default)
def _logcumsumexp(b, node, x, dim):
    x = L.cast(b, x, _out_type(node).dtype)
    if x.rank == 0:
        return x
    return L.logcumsumexp(b, x, dim)


@_op(aten.ldexp.Tensor)
def _ldexp(b, node, x, other):
    """x * 2^other, as torch computes it (in the result's float type)."""
    elem = _out_type(node).dtype
    x, other = _tensor(b, x, elem), _tensor(b, other, elem)
    return L.binary(b, "mul", x, L.binary(b, "pow", L.scalar_like(b, 2.0, other), other))


@_op(aten.bucketize.Tensor, aten.bucketize.Scalar)
def _bucketize(b, node, values, boundaries, *, out_int32=False, right=False):
    """torch.bucketize: searchsorted of the values in 1-D boundaries."""
    values = _tensor(b, values, boundaries.dtype)
    out = L.searchsorted(b, boundaries, values, right=bool(right))
    return L.cast(b, out, _out_type(node).dtype)


@_op(aten.dist.default)
def _dist(b, node, x, y, p=2):
    elem = _out_type(node).dtype
    d = L.binary(b, "sub", _tensor(b, x, elem), _tensor(b, y, elem))
    return L.p_norm(b, d, float(p), None)


@_op(aten._cdist_forward.default)
def _cdist(b, node, x1, x2, p, compute_mode=None):
    """Pairwise p-norm distances of the rows of x1 [..., P, M] and x2
    [..., R, M]: [..., P, R], through their [..., P, R, M] differences; the
    batch dims broadcast (an operand of lower rank gains leading unit
    dims)."""
    if x1.rank < 2 or x2.rank < 2:
        raise Unsupported("cdist of an operand of rank below 2")
    if x1.rank < x2.rank:
        x1 = L.unsqueeze(b, x1, list(range(x2.rank - x1.rank)))
    elif x2.rank < x1.rank:
        x2 = L.unsqueeze(b, x2, list(range(x1.rank - x2.rank)))
    return _pairwise_distances(b, x1, x2, p)


def _pair_differences(b, x1, x2):
    """x1 [..., P, M], x2 [..., R, M] of one rank -> their rows'
    differences x1[p] - x2[r], [..., P, R, M]."""
    one = [Dim(static=1)]
    a = L.reshape(b, x1, b.dims(x1)[:-1] + one + [b.dim(x1, -1)])
    c = L.reshape(b, x2, b.dims(x2)[:-2] + one + b.dims(x2)[-2:])
    return L.binary(b, "sub", a, c)


def _pairwise_distances(b, x1, x2, p):
    """x1 [..., P, M], x2 [..., R, M] of one rank -> [..., P, R]."""
    d = _pair_differences(b, x1, x2)
    return L.p_norm(b, d, float(p), [d.rank - 1])


@_op(aten._pdist_forward.default)
def _pdist(b, node, x, p=2.0):
    """The p-norm distances of the rows i < j of x [N, M], in row-major
    order: [N(N-1)/2], the upper triangle of cdist(x, x) gathered by
    constant indices."""
    if x.rank != 2 or not isinstance(x.shape[0], int):
        raise Unsupported("pdist of other than a matrix of static rows")
    n = x.shape[0]
    x = L.cast(b, x, _out_type(node).dtype)
    square = _pairwise_distances(b, x, x, p)
    i, j = np.triu_indices(n, 1)
    flat = L.reshape(b, square, [Dim(static=n * n)])
    return L.gather(b, flat, b.constant((i * n + j).astype(np.int64), "i64"), 0)


def _distance_gradient(b, diff, grad, dist, p: float):
    """d dist / d x1 times ``grad`` for one pair's coordinate difference
    ``diff`` = x1 - x2 (dist = ||diff||_p), as ATen's distance kernels
    take it: 0 for p = 0; sign(diff) for p = 1; sign(diff) where |diff| is
    the distance for p = inf (every tie); otherwise sign(diff) |diff|^(p-1)
    / dist^(p-1), which is 0 where the distance is 0 (and, for p < 1, where
    diff is 0)."""
    zero = L.scalar_like(b, 0.0, diff)
    if p == 0:
        return zero
    sign = L.sign(b, diff)
    if p == 1:
        return L.binary(b, "mul", sign, grad)
    if math.isinf(p):
        tie = L.compare(b, "eq", L.unary(b, "abs", diff), dist)
        return L.select(b, tie, L.binary(b, "mul", sign, grad), zero)
    if p == 2:
        term = L.binary(b, "div", L.binary(b, "mul", diff, grad), dist)
    else:
        mag = L.unary(b, "abs", diff)
        scale = L.binary(b, "pow", L.binary(b, "div", mag, dist),
                         L.scalar_like(b, p - 1, mag))
        term = L.binary(b, "mul", L.binary(b, "mul", sign, scale), grad)
    void = L.compare(b, "eq", dist, L.scalar_like(b, 0.0, dist))
    if p < 1:
        void = L.logical(b, "or", void, L.compare(b, "eq", diff, zero))
    return L.select(b, void, zero, term)


@_op(aten._cdist_backward.default)
def _cdist_backward(b, node, grad, x1, x2, p, dist):
    """The gradient of cdist(x1, x2) [..., P, R] with respect to x1 [...,
    P, M], over the broadcast batch dims as ATen gives it (autograd sums
    them to x1's): each pair's ``_distance_gradient`` over the [..., P, R,
    M] differences, summed over R. Autograd asks the same of (x2, x1) for
    x2's."""
    if x1.rank < 2 or x2.rank < 2:
        raise Unsupported("cdist's gradient of an operand of rank below 2")
    elem = _out_type(node).dtype
    rank = max(x1.rank, x2.rank)
    a = L.cast(b, x1 if x1.rank == rank else L.unsqueeze(b, x1, list(range(rank - x1.rank))),
               elem)
    c = L.cast(b, x2 if x2.rank == rank else L.unsqueeze(b, x2, list(range(rank - x2.rank))),
               elem)
    diff = _pair_differences(b, a, c)
    g, d = (L.reshape(b, L.cast(b, v, elem), b.dims(v) + [Dim(static=1)])
            for v in (grad, dist))
    term = _distance_gradient(b, diff, g, d, float(p))
    return L.reduce(b, "sum", term, [diff.rank - 2], False)


@_op(aten._pdist_backward.default)
def _pdist_backward(b, node, grad, x, p, dist):
    """The gradient of pdist(x) [N(N-1)/2] with respect to x [N, M]: the
    pairs' gradients and distances spread over the symmetric N x N
    matrices (0 on the diagonal, by constant indices), then cdist's
    gradient of (x, x): pair (i, j) adds its term to row i and its
    negation, the term of (j, i), to row j."""
    if x.rank != 2 or not isinstance(x.shape[0], int):
        raise Unsupported("pdist's gradient of other than a matrix of static rows")
    n, elem = x.shape[0], _out_type(node).dtype
    if n < 2:
        return L.full(b, 0, elem, x.shape, b.dims(x))
    i, j = np.triu_indices(n, 1)
    pair = np.full((n, n), len(i), np.int64)  # the diagonal reads the appended 0
    pair[i, j] = pair[j, i] = np.arange(len(i))
    where = b.constant(pair.reshape(-1), "i64")
    square = []
    for v in (grad, dist):
        v = L.cast(b, v, elem)
        padded = L.concat(b, [v, L.full(b, 0, elem, (1,))], 0)
        square.append(L.reshape(b, L.gather(b, padded, where, 0),
                                [Dim(static=n), Dim(static=n), Dim(static=1)]))
    x = L.cast(b, x, elem)
    diff = _pair_differences(b, x, x)
    term = _distance_gradient(b, diff, square[0], square[1], float(p))
    return L.reduce(b, "sum", term, [1], False)


@_op(aten._trilinear.default)
def _trilinear(b, node, i1, i2, i3, expand1, expand2, expand3, sumdim, unroll_dim=1):
    """The product of three operands, each unsqueezed at its `expand` dims
    and broadcast to the others, summed over `sumdim` (nn.Bilinear's
    x1^T W x2)."""
    dtype = _out_type(node).dtype
    parts = [L.cast(b, L.unsqueeze(b, v, list(e)) if e else v, dtype)
             for v, e in ((i1, expand1), (i2, expand2), (i3, expand3))]
    prod = L.binary(b, "mul", L.binary(b, "mul", parts[0], parts[1]), parts[2])
    return L.reduce(b, "sum", prod, list(sumdim), False) if sumdim else prod


@_op(aten.diagonal_scatter.default)
def _diagonal_scatter(b, node, x, src, offset=0, dim1=0, dim2=1):
    """x with its diagonal (``offset``; dims ``dim1``, ``dim2``) replaced by
    src, whose last dim runs along the diagonal and whose other dims are
    x's others in order."""
    dim1, dim2 = dim1 % x.rank, dim2 % x.rank
    if any(d is None for d in x.shape):
        raise Unsupported("diagonal_scatter over dynamic dims")
    i = L.iota(b, "i64", x.shape, b.dims(x), dim1)
    j = L.iota(b, "i64", x.shape, b.dims(x), dim2)
    on = L.compare(b, "eq", L.binary(b, "sub", j, i), L.scalar_like(b, int(offset), i))
    # src's element k sits at (i, j) = (k - min(offset, 0), k + max(offset, 0))
    k = i if offset >= 0 else j
    length = src.shape[-1]
    k = L.binary(b, "min", k, L.scalar_like(b, max(length - 1, 0), k))
    rest = [d for d in range(x.rank) if d not in (dim1, dim2)]
    # src [rest..., n] moved to x's layout: the diagonal along dim1, a unit
    # dim at dim2, then broadcast and picked by k along dim1
    order = sorted(rest + [dim1])
    placed = L.transpose(b, src, [rest.index(d) if d != dim1 else len(rest) for d in order])
    sizes = b.dims(placed)
    sizes.insert(dim2 if dim2 < dim1 else dim2, Dim(static=1))
    placed = L.reshape(b, placed, sizes)
    full_shape = list(x.shape)
    full_shape[dim1] = length
    placed = L.broadcast_to(b, placed, tuple(full_shape), [Dim(static=s) for s in full_shape])
    picked = L.take_along_axis(b, placed, k, dim1)
    return L.select(b, on, L.cast(b, picked, x.dtype), x)


@_op(aten.masked_scatter.default)
def _masked_scatter(b, node, x, mask, source):
    """x with its masked elements replaced, in row-major order, by the
    first elements of source: element e takes source's element
    (count of masked elements before e)."""
    shape = _out_type(node).shape  # (self and mask broadcast together)
    if any(d is None for d in shape):
        raise Unsupported("masked_scatter over dynamic dims")
    dims = [Dim(static=d) for d in shape]
    x = L.broadcast_to(b, x, shape, dims)
    mask = L.broadcast_to(b, mask, shape, dims)
    n = int(np.prod(x.shape, dtype=np.int64))
    flat_mask = L.reshape(b, L.cast(b, mask, "i64"), [Dim(static=n)])
    before = L.cumulative(b, flat_mask, 0, "sum", exclusive=True)
    total = int(np.prod(source.shape, dtype=np.int64))
    if total == 0:
        return x
    before = L.binary(b, "min", before, L.scalar_like(b, total - 1, before))
    values = L.gather(b, L.reshape(b, source, [Dim(static=total)]), before, 0)
    values = L.reshape(b, values, b.dims(x))
    return L.select(b, mask, L.cast(b, values, x.dtype), x)


@_op(aten.masked_scatter_backward.default)
def _masked_scatter_backward(b, node, grad, mask, sizes):
    """The gradient of masked_scatter's source (of ``sizes``): the output
    gradient at the masked elements, in row-major order, and zeros past
    them: one scatter-add, each masked element to its count of masked
    elements before it."""
    if any(d is None for d in grad.shape):
        raise Unsupported("masked_scatter's gradient over dynamic dims")
    elem = _out_type(node).dtype
    total = int(np.prod(_out_type(node).shape, dtype=np.int64))
    n = int(np.prod(grad.shape, dtype=np.int64))
    zeros = L.full(b, 0, elem, (total,))
    if total == 0 or n == 0:
        return L.reshape(b, zeros, [Dim(static=s) for s in _out_type(node).shape])
    flat_mask = L.reshape(b, L.broadcast_to(b, mask, grad.shape, b.dims(grad)),
                          [Dim(static=n)])
    before = L.cumulative(b, L.cast(b, flat_mask, "i64"), 0, "sum", exclusive=True)
    where = L.select(b, flat_mask, L.binary(b, "min", before, _tensor(b, total - 1, "i64")),
                     _tensor(b, 0, "i64"))
    values = L.select(b, flat_mask, L.reshape(b, L.cast(b, grad, elem), [Dim(static=n)]),
                      _tensor(b, 0, elem))
    out = L.scatter(b, zeros, where, values, 0, "add")
    return L.reshape(b, out, [Dim(static=s) for s in _out_type(node).shape])


@_op(aten.adaptive_max_pool2d.default, aten.adaptive_max_pool3d.default)
def _adaptive_max_pool(b, node, x, output_size):
    sizes = [int(s) for s in output_size]
    return (L.adaptive_max_pool(b, x, sizes), L.adaptive_max_pool_indices(b, x, sizes))


@_op(aten.grid_sampler_2d.default, aten.grid_sampler_3d.default)
def _grid_sampler(b, node, x, grid, interpolation, padding, align_corners):
    modes, paddings = ("linear", "nearest", "cubic"), ("zeros", "border", "reflection")
    if interpolation not in (0, 1, 2) or padding not in (0, 1, 2):
        raise FrontendError(f"grid_sampler mode {interpolation}, padding {padding}")
    return L.grid_sample(b, x, grid, modes[interpolation], paddings[padding],
                         bool(align_corners))


@_op(aten.grid_sampler_2d_backward.default, aten.grid_sampler_3d_backward.default)
def _grid_sampler_backward(b, node, grad, x, grid, interpolation, padding, align_corners,
                           output_mask):
    modes, paddings = ("linear", "nearest", "cubic"), ("zeros", "border", "reflection")
    if interpolation not in (0, 1, 2) or padding not in (0, 1, 2):
        raise FrontendError(f"grid_sampler mode {interpolation}, padding {padding}")
    return L.grid_sample_backward(b, grad, x, grid, modes[interpolation], paddings[padding],
                                  bool(align_corners), bool(output_mask[0]),
                                  bool(output_mask[1]))


def _antialiased_weights(n_in: int, n_out: int, align_corners: bool, scale_factor,
                         cubic: bool) -> np.ndarray:
    """ATen's antialiased resampling along one axis (UpSampleKernel.cpp,
    `_compute_indices_min_size_weights_aa`) as an (n_out x n_in) matrix, in
    float64 as ATen computes it: output i is centred at scale (i + 0.5) and
    reads the inputs within `support` of it, weighted by the filter at
    (j - centre + 0.5) / scale (a triangle for bilinear, Keys' cubic with a
    = -0.5 for bicubic) and normalized to sum 1. The filter widens with the
    scale when downsampling, which is the antialiasing."""
    if align_corners:
        scale = (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
    elif scale_factor is not None and scale_factor > 0:
        scale = 1.0 / scale_factor
    else:
        scale = n_in / n_out
    interp = 4 if cubic else 2
    support = interp * 0.5 * scale if scale >= 1.0 else interp * 0.5
    invscale = 1.0 / scale if scale >= 1.0 else 1.0
    max_size = int(math.ceil(support)) * 2 + 1

    def filt(x):
        x = abs(x)
        if not cubic:
            return 1.0 - x if x < 1.0 else 0.0
        a = -0.5
        if x < 1.0:
            return ((a + 2) * x - (a + 3)) * x * x + 1
        if x < 2.0:
            return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
        return 0.0

    w = np.zeros((n_out, n_in))
    for i in range(n_out):
        center = scale * (i + 0.5)
        xmin = max(int(center - support + 0.5), 0)
        xsize = min(max(min(int(center + support + 0.5), n_in) - xmin, 0), max_size)
        taps = [filt((j + xmin - center + 0.5) * invscale) for j in range(xsize)]
        total = sum(taps)
        if total != 0.0:
            taps = [t / total for t in taps]
        w[i, xmin:xmin + xsize] = taps
    return w


def _resample_aa(b, x, sizes, align_corners, scales, cubic, backward=False):
    """The antialiased resize of x's last two axes to ``sizes`` (or, for its
    backward, of the gradient back to ``sizes`` of the input: the weights'
    transpose), the width first as ATen does; an axis whose size stays is
    not touched."""
    if x.dtype not in ("f32", "f64"):
        # (as eager, whose CPU kernels take float and double only)
        raise Unsupported(f"antialiased resizing of {x.dtype}")
    out = x
    for axis, n_to, scale in ((x.rank - 1, sizes[1], scales[1]), (x.rank - 2, sizes[0], scales[0])):
        n_from = out.shape[axis]
        if n_to is None or n_from is None:
            raise Unsupported("antialiased resizing of a dynamic size")
        if backward:
            n_in, n_out = n_to, n_from
        else:
            n_in, n_out = n_from, n_to
        if n_in == n_out:
            continue
        w = _antialiased_weights(int(n_in), int(n_out), bool(align_corners), scale, cubic)
        out = L.interpolate_axis(b, out, axis, w.T.copy() if backward else w)
    return L.cast(b, out, x.dtype)


@_op(aten._upsample_bilinear2d_aa.default, aten._upsample_bicubic2d_aa.default)
def _upsample_aa(b, node, x, output_size, align_corners, scales_h=None, scales_w=None):
    cubic = node.target is aten._upsample_bicubic2d_aa.default
    return _resample_aa(b, x, [int(s) for s in output_size], align_corners,
                        (scales_h, scales_w), cubic)


@_op(aten._upsample_bilinear2d_aa_backward.default,
     aten._upsample_bicubic2d_aa_backward.default)
def _upsample_aa_backward(b, node, grad, output_size, input_size, align_corners,
                          scales_h=None, scales_w=None):
    cubic = node.target is aten._upsample_bicubic2d_aa_backward.default
    return _resample_aa(b, grad, [int(s) for s in input_size[-2:]], align_corners,
                        (scales_h, scales_w), cubic, backward=True)


# -- contractions -----------------------------------------------------------------------

def _scaled_sum(b, elem: str, acc: Value, bias, beta, alpha) -> Value:
    """``beta * bias + alpha * acc`` with torch's rule that beta = 0 ignores
    bias (NaN included)."""
    if alpha != 1:
        acc = L.binary(b, "mul", acc, _tensor(b, alpha, elem))
    if beta == 0:
        return L.broadcast_to(b, acc, acc.shape, b.dims(acc))
    if beta != 1:
        bias = L.binary(b, "mul", _tensor(b, bias, elem), _tensor(b, beta, elem))
    return L.binary(b, "add", *L.broadcast_all(b, [_tensor(b, bias, elem), acc]))


@_op(aten.addmv.default)
def _addmv(b, node, bias, mat, vec, beta=1, alpha=1):
    return _scaled_sum(b, _out_type(node).dtype, L.matmul(b, mat, vec), bias, beta, alpha)


@_op(aten.addbmm.default)
def _addbmm(b, node, bias, x, y, beta=1, alpha=1):
    acc = L.reduce(b, "sum", L.matmul(b, x, y), [0], False)
    return _scaled_sum(b, _out_type(node).dtype, acc, bias, beta, alpha)


# -- data movement ----------------------------------------------------------------------

@_op(aten.empty.memory_format, aten.empty_permuted.default, aten.empty_strided.default,
     aten.new_empty_strided.default, aten.new_empty.default)
def _empty(b, node, *args, **kwargs):
    # uninitialized memory in torch: zeros here
    ty = _out_type(node)
    return L.full(b, 0, ty.dtype, ty.shape, _out_dims(b, node))


@_op(aten.flip.default)
def _flip(b, node, x, dims):
    for d in dims:
        x = L.reverse(b, x, d % x.rank)
    return x


@_op(aten.constant_pad_nd.default)
def _constant_pad(b, node, x, pad, value=0):
    before, after = [0] * x.rank, [0] * x.rank
    for i in range(len(pad) // 2):  # (last dim's before, after), then the one before ...
        before[x.rank - 1 - i], after[x.rank - 1 - i] = int(pad[2 * i]), int(pad[2 * i + 1])
    return L.pad(b, x, before, after, "constant", _tensor(b, value, x.dtype))


@_op(aten.repeat.default)
def _repeat(b, node, x, repeats):
    extra = len(repeats) - x.rank
    if extra:
        x = L.reshape(b, x, [Dim(static=1)] * extra + b.dims(x))
    return L.tile(b, x, [_size_dim(b, r) for r in repeats])


@_op(aten.diagonal.default)
def _diagonal(b, node, x, offset=0, dim1=0, dim2=1):
    return L.diagonal(b, x, int(offset), dim1, dim2)


@_op(aten._weight_norm_interface_backward.default)
def _weight_norm_backward(b, node, grad_w, v, g, norms, dim):
    """The backward of w = g * v / |v| (norms over every dim but ``dim``,
    kept as g's shape), as torch computes it: grad_g = sum(grad_w * v) /
    norms, grad_v = g / norms * (grad_w - v * grad_g / norms)."""
    axes = [a for a in range(v.rank) if a != dim % v.rank]
    dims = b.dims(v)
    kept = [dims[a] if a == dim % v.rank else Dim(static=1) for a in range(v.rank)]
    n = L.reshape(b, norms, kept)
    gk = L.reshape(b, g, kept)
    grad_g = L.binary(b, "div", L.reduce(b, "sum", L.binary(b, "mul", grad_w, v), axes, True), n)
    grad_v = L.binary(b, "mul", L.binary(b, "div", gk, n),
                      L.binary(b, "sub", grad_w,
                               L.binary(b, "mul", v, L.binary(b, "div", grad_g, n))))
    return (grad_v, L.reshape(b, grad_g, b.dims(g)))


def _seed(b: Builder) -> Value:
    """The partition's random seed (a rank-0 i64 argument, created by the
    first random op; the wrapper draws it from torch's generator on every
    call, so ``torch.manual_seed`` makes a run repeatable) and a fresh
    stream number for the op."""
    if getattr(b, "torch_seed", None) is None:
        b.torch_seed = b.arg(TensorType("i64", ()), "seed")
    b.torch_streams = getattr(b, "torch_streams", 0) + 1
    return b.torch_seed, b.torch_streams


@_op(aten.rand.default, aten.rand_like.default)
def _rand(b, node, *args, **kwargs):
    ty = _out_type(node)
    if not L.is_float(ty.dtype):
        raise Unsupported(f"rand of {ty.dtype}")
    seed, stream = _seed(b)
    return L.cast(b, L.uniform(b, ty.shape, _out_dims(b, node), seed, stream), ty.dtype)


def _uniform_of(b, node, low=0.0, high=1.0, elem: str = "f32") -> Value:
    """Uniform numbers in [low, high) (``low + (high - low) * u``, as
    torch's kernels scale theirs) with the shape of ``node``'s (first)
    result, scaled in ``elem`` (f64 for f64 results: bounds past f32's
    range, and no rounding of them to f32)."""
    val = node.meta["val"]
    val = val[0] if isinstance(val, (tuple, list)) else val
    seed, stream = _seed(b)
    u = L.uniform(b, _tensor_type(val, node.name).shape, _out_dims(b, node), seed, stream)
    low, high = float(low), float(high)
    if (low, high) == (0.0, 1.0):
        return u
    u = L.cast(b, u, elem)
    return L.binary(b, "add", _tensor(b, low, elem),
                    L.binary(b, "mul", u, _tensor(b, high - low, elem)))


def _scale_elem(ty: TensorType) -> str:
    """What a random law of ``ty`` is scaled in: f64 for f64, else f32."""
    return "f64" if ty.dtype == "f64" else "f32"


def _open_uniform(b, node) -> Value:
    """Uniform f32 numbers in (0, 1]: ``1 - u``, so that their logarithm is
    finite."""
    return L.binary(b, "sub", _tensor(b, 1.0, "f32"), _uniform_of(b, node))


def _standard_normal(b, node) -> Value:
    """Standard normal f32 numbers with the shape of ``node``'s result:
    Box-Muller, ``sqrt(-2 log(1 - u1)) cos(2 pi u2)`` from two streams."""
    radius = L.unary(b, "sqrt", L.binary(b, "mul", _tensor(b, -2.0, "f32"),
                                         L.unary(b, "log", _open_uniform(b, node))))
    angle = L.binary(b, "mul", _uniform_of(b, node), _tensor(b, 2 * math.pi, "f32"))
    return L.binary(b, "mul", radius, L.unary(b, "cos", angle))


def _random_float(node, what: str) -> TensorType:
    ty = _out_type(node)
    if not L.is_float(ty.dtype):
        raise Unsupported(f"{what} of {ty.dtype}")
    return ty


# Random numbers of the other laws, from the same generator as rand (the
# partition's seed, a stream per op): not eager's random stream, the law is
# eager's (test/torch/opinfo.py judges each by its support).
@_op(aten.uniform.default)
def _uniform(b, node, x, low=0.0, high=1.0, generator=None):
    ty = _random_float(node, "uniform")
    return L.cast(b, _uniform_of(b, node, low, high, _scale_elem(ty)), ty.dtype)


@_op(aten.randn.default, aten.randn_like.default)
def _randn(b, node, *args, **kwargs):
    ty = _random_float(node, "randn")
    return L.cast(b, _standard_normal(b, node), ty.dtype)


def _scaled_normal(b, node, mean, std) -> Value:
    """``mean + std * z`` in the result's type; mean and std numbers or
    tensors that broadcast to it."""
    ty = _random_float(node, "normal")
    z = L.cast(b, _standard_normal(b, node), ty.dtype)  # (f64: scaled in f64)
    return L.binary(b, "add", _tensor(b, mean, ty.dtype),
                    L.binary(b, "mul", _tensor(b, std, ty.dtype), z))


@_op(aten.normal_functional.default)
def _normal_functional(b, node, x, mean=0.0, std=1.0, generator=None):
    return _scaled_normal(b, node, mean, std)


@_op(aten.normal.Tensor_Tensor, aten.normal.Tensor_float, aten.normal.float_Tensor)
def _normal(b, node, mean, std=1.0, generator=None):
    return _scaled_normal(b, node, mean, std)


@_op(aten.normal.float_float)
def _normal_of_size(b, node, mean, std, size, generator=None, **kwargs):
    return _scaled_normal(b, node, mean, std)


@_op(aten.log_normal.default)
def _log_normal(b, node, x, mean=1.0, std=2.0, generator=None):
    return L.unary(b, "exp", _scaled_normal(b, node, mean, std))


@_op(aten.exponential.default)
def _exponential(b, node, x, lambd=1.0, generator=None):
    """``-log(1 - u) / lambda``."""
    ty = _random_float(node, "exponential")
    elem = _scale_elem(ty)
    e = L.binary(b, "mul", L.cast(b, L.unary(b, "log", _open_uniform(b, node)), elem),
                 _tensor(b, -1.0 / float(lambd), elem))
    return L.cast(b, e, ty.dtype)


@_op(aten.cauchy.default)
def _cauchy(b, node, x, median=0.0, sigma=1.0, generator=None):
    """``median + sigma * tan(pi (u - 1/2))``, u kept off 0 as torch
    clips it (pi times -1/2 in f32 lies past -pi/2, where tan flips
    sign)."""
    ty = _random_float(node, "cauchy")
    elem = _scale_elem(ty)
    u = L.binary(b, "max", _uniform_of(b, node), _tensor(b, 2.0 ** -24, "f32"))
    t = L.tan(b, L.binary(b, "mul", L.binary(b, "sub", L.cast(b, u, elem),
                                             _tensor(b, 0.5, elem)),
                          _tensor(b, math.pi, elem)))
    c = L.binary(b, "add", _tensor(b, float(median), elem),
                 L.binary(b, "mul", _tensor(b, float(sigma), elem), t))
    return L.cast(b, c, ty.dtype)


@_op(aten.geometric.default)
def _geometric(b, node, x, p, generator=None):
    """Trials up to the first success: ``ceil(log(1 - u) / log(1 - p))``,
    at least 1."""
    ty = _random_float(node, "geometric")
    p = float(p)
    if not 0.0 < p < 1.0:
        raise Unsupported(f"geometric with p = {p}")
    k = L.unary(b, "ceil", L.binary(b, "mul", L.unary(b, "log", _open_uniform(b, node)),
                                    _tensor(b, 1.0 / math.log1p(-p), "f32")))
    return L.cast(b, L.binary(b, "max", k, _tensor(b, 1.0, "f32")), ty.dtype)


@_op(aten.bernoulli.p)
def _bernoulli_p(b, node, x, p=0.5, generator=None):
    """1 where ``u < p``, else 0, in ``x``'s type."""
    ty = _random_float(node, "bernoulli")
    hit = L.compare(b, "lt", _uniform_of(b, node), _tensor(b, float(p), "f32"))
    return L.cast(b, hit, ty.dtype)


@_op(aten.randint.default, aten.randint.low, aten.randint_like.default,
     aten.randint_like.low_dtype, aten.randint_like.Tensor)
def _randint(b, node, *args, **kwargs):
    """Integers in [low, high): ``low + floor(u * (high - low))``, clamped
    below high, u of 48 bits from two streams (each value's chance within
    2^-48 * (high - low) of uniform: ranges up to 2^32 values)."""
    ty = _out_type(node)
    target = node.target
    if target in (aten.randint.default, aten.randint.low):
        low, high = (0, args[0]) if target == aten.randint.default else args[:2]
    else:
        bounds = args[1:]
        low, high = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    if isinstance(low, (Value, torch.fx.Node)) or isinstance(high, (Value, torch.fx.Node)):
        raise Unsupported("randint with tensor bounds")
    low, high = int(low), int(high)
    if not 0 < high - low <= 1 << 32:
        raise Unsupported(f"randint over {high - low} values")
    fine = L.binary(b, "mul", L.cast(b, _uniform_of(b, node), "f64"),
                    _tensor(b, 2.0 ** -24, "f64"))
    u = L.binary(b, "add", L.cast(b, _uniform_of(b, node), "f64"), fine)
    k = L.unary(b, "floor", L.binary(b, "mul", u, _tensor(b, float(high - low), "f64")))
    k = L.binary(b, "min", k, _tensor(b, float(high - low - 1), "f64"))
    k = L.binary(b, "add", L.cast(b, k, "i64"), _tensor(b, low, "i64"))
    return L.cast(b, k, ty.dtype)


@_op(aten.multinomial.default)
def _multinomial(b, node, p, num_samples, replacement=False, generator=None):
    """Categories drawn by the weights in each row of ``p``. With
    replacement each draw is the first category whose running sum of
    weights exceeds u times the row's sum (a category of weight 0 is never
    drawn); without, the ``num_samples`` largest of log(p) + Gumbel noise,
    -log(-log u): the Gumbel-top-k trick, a draw without replacement in
    its order."""
    if not L.is_float(p.dtype) or p.rank not in (1, 2):
        raise Unsupported(f"multinomial of a rank-{p.rank} {p.dtype} tensor")
    n, k, axis = p.shape[-1], int(num_samples), p.rank - 1
    if n is None:
        raise Unsupported("multinomial over a dynamic number of categories")
    w = L.cast(b, p, "f32")
    if replacement:
        running = L.cumulative(b, w, axis, "sum")
        total = L.slice_numpy(b, running, [axis], [n - 1], [n], [1])
        drawn = L.binary(b, "mul", _uniform_of(b, node), total)
        index = L.searchsorted(b, running, drawn, right=True)
        index = L.binary(b, "min", index, L.scalar_like(b, n - 1, index))
    else:
        if k > n:
            raise Unsupported(f"multinomial of {k} draws from {n} categories "
                              f"without replacement")
        seed, stream = _seed(b)
        u = L.uniform(b, w.shape, b.dims(w), seed, stream)
        gumbel = L.unary(b, "neg", L.unary(b, "log", L.unary(b, "neg", L.unary(b, "log", u))))
        _, index = L.top_k(b, L.binary(b, "add", L.unary(b, "log", w), gumbel), k, axis, True)
    return L.cast(b, index, _out_type(node).dtype)


@_op(aten.rrelu_with_noise_functional.default)
def _rrelu_with_noise(b, node, x, noise, lower=0.125, upper=1.0 / 3.0, training=False,
                      generator=None):
    """RReLU: an element at most 0 times a slope, uniform in [lower, upper]
    in training (else their mean); the slopes are the second result (1 for
    the rest), which the backward reads."""
    if not L.is_float(x.dtype):
        raise Unsupported(f"rrelu of {x.dtype}")
    lower, upper = float(lower), float(upper)
    if training:
        slope = L.cast(b, _uniform_of(b, node, lower, upper), x.dtype)
    else:
        slope = L.full(b, (lower + upper) / 2, x.dtype, x.shape, b.dims(x))
    # (x <= 0 takes a slope, as torch's kernel: a zero's gradient is scaled)
    negative = L.compare(b, "le", x, L.scalar_like(b, 0, x))
    slopes = L.select(b, negative, slope, L.full(b, 1.0, x.dtype, x.shape, b.dims(x)))
    return L.binary(b, "mul", x, slopes), slopes


@_op(aten.native_dropout.default)
def _native_dropout(b, node, x, p, train):
    """Dropout: each element kept with probability 1 - p (``uniform`` >=
    p) and scaled by 1 / (1 - p); the mask is the second result, which the
    backward reads. Not eager's random stream: the masks differ from
    eager's, their law does not."""
    if train is False:
        return x, L.full(b, True, "i1", x.shape, b.dims(x))
    p = float(p)
    zeros = L.scalar_like(b, 0, x)
    if p >= 1.0:
        return zeros, L.full(b, False, "i1", x.shape, b.dims(x))
    seed, stream = _seed(b)
    keep = L.compare(b, "ge", L.uniform(b, x.shape, b.dims(x), seed, stream),
                     _tensor(b, p, "f32"))
    scaled = L.binary(b, "mul", x, _tensor(b, 1.0 / (1.0 - p), x.dtype))
    return L.select(b, keep, scaled, zeros), keep


@_op(aten.histc.default)
def _histc(b, node, x, bins=100, min=0, max=0):
    """torch.histc: counts in ``bins`` equal bins over [min, max] (the
    data's own range when min == max, widened by 1 each way if that is one
    value); values outside and NaNs are not counted. An element's bin is
    (x - min) * bins / (max - min), truncated, as torch's CPU kernel
    computes it; max itself falls in the last bin. One comparison of each
    element with every bin, summed."""
    elem = _out_type(node).dtype
    if not L.is_float(elem):
        raise Unsupported(f"histc of {elem}")
    bins = int(bins)
    flat = L.reshape(b, x, [L.numel(b, x)])
    if float(min) == float(max):
        lo = L.reduce(b, "min", flat, [0], False)
        hi = L.reduce(b, "max", flat, [0], False)
        same = L.compare(b, "eq", lo, hi)
        lo = L.select(b, same, L.binary(b, "sub", lo, _tensor(b, 1, elem)), lo)
        hi = L.select(b, same, L.binary(b, "add", hi, _tensor(b, 1, elem)), hi)
    else:
        lo, hi = _tensor(b, float(min), elem), _tensor(b, float(max), elem)
    scaled = L.binary(b, "div", L.binary(b, "mul", L.binary(b, "sub", flat, lo),
                                         _tensor(b, bins, elem)), L.binary(b, "sub", hi, lo))
    pos = L.cast(b, scaled, "i64")  # (truncates; only values >= min are counted)
    pos = L.binary(b, "min", pos, _tensor(b, bins - 1, "i64"))
    counted = L.logical(b, "and", L.compare(b, "ge", flat, lo), L.compare(b, "le", flat, hi))
    return _bin_counts(b, L.select(b, counted, pos, _tensor(b, bins, "i64")), bins, elem)


def _bin_counts(b, pos, bins: int, elem: str, weight=None):
    """The (weighted) count of each bin 0..bins-1 among the positions
    ``pos`` (1-D i64; one outside that range counts nowhere): each position
    compared with every bin, summed."""
    n = b.dim(pos, 0)
    column = L.reshape(b, pos, [n, Dim(static=1)])
    grid = L.iota(b, "i64", (1, bins), [Dim(static=1), Dim(static=bins)], 1)
    hits = L.cast(b, L.compare(b, "eq", column, grid), elem)
    if weight is not None:
        hits = L.binary(b, "mul", hits, L.reshape(b, L.cast(b, weight, elem),
                                                  [n, Dim(static=1)]))
    return L.reduce(b, "sum", hits, [0], False)


@_op(aten.histogram.bin_ct)
def _histogram(b, node, x, bins=100, *, range=None, weight=None, density=False):  # noqa: A002
    """torch.histogram with a bin count: (hist, bin_edges), the edges
    torch's linspace over the range (the data's own when none is given,
    widened by 1/2 each way if that is one value)."""
    elem = _tensor_type(node.meta["val"][0], node.name).dtype
    if not L.is_float(elem):
        raise Unsupported(f"histogram of {elem}")
    bins = int(bins)
    if bins <= 0:
        raise FrontendError(f"histogram of {bins} bins")
    flat = L.reshape(b, x, [L.numel(b, x)])
    if range is None:
        lo = L.reduce(b, "min", flat, [0], False)
        hi = L.reduce(b, "max", flat, [0], False)
    else:
        lo, hi = _tensor(b, float(range[0]), elem), _tensor(b, float(range[1]), elem)
    edges = _uniform_edges(b, lo, hi, bins, elem)
    return _histogramdd_of(b, [flat], [edges], weight, density), edges


def _uniform_edges(b, lo, hi, bins: int, elem: str):
    """The ``bins + 1`` edges of torch's histograms over [lo, hi] (rank-0),
    widened by 1/2 each way when lo == hi: torch's linspace, from the start
    for the first half and from the end after."""
    same = L.compare(b, "eq", lo, hi)
    half = _tensor(b, 0.5, elem)
    lo = L.select(b, same, L.binary(b, "sub", lo, half), lo)
    hi = L.select(b, same, L.binary(b, "add", hi, half), hi)
    i = L.iota(b, elem, (bins + 1,), [Dim(static=bins + 1)], 0)
    step = L.binary(b, "div", L.binary(b, "sub", hi, lo), _tensor(b, bins, elem))
    from_start = L.binary(b, "add", lo, L.binary(b, "mul", step, i))
    from_end = L.binary(b, "sub", hi, L.binary(b, "mul", step, L.binary(
        b, "sub", _tensor(b, bins, elem), i)))
    return L.select(b, L.compare(b, "lt", i, _tensor(b, (bins + 1) // 2, elem)),
                    from_start, from_end)


def _dd_columns(b, x, what):
    """The D columns (each [M]) of histogramdd's input [..., D]."""
    if not L.is_float(x.dtype) or not x.type.static or x.rank < 1:
        raise Unsupported(f"{what} of {x.type}")
    d = x.shape[-1]
    m = int(np.prod(x.shape[:-1]))
    flat = L.reshape(b, x, [Dim(static=m), Dim(static=d)])
    return [L.reshape(b, L.slice_static(b, flat, [0, k], [m, k + 1], [1, 1]), [Dim(static=m)])
            for k in range(d)]


def _dd_edges(b, x, bins, range, what):  # noqa: A002 (ATen's name)
    """histogramdd's bin edges from bin counts: each dim's over the given
    range (range[2d], range[2d + 1]) or its data's min and max (0 and 0 for
    no data), as torch's select_outer_bin_edges."""
    cols = _dd_columns(b, x, what)
    counts = [int(n) for n in bins]
    if len(counts) != len(cols) or min(counts, default=1) <= 0:
        raise FrontendError(f"{what}: {len(counts)} bin counts for {len(cols)} dims")
    edges = []
    for k, (col, n) in enumerate(zip(cols, counts)):
        if range is not None:
            lo, hi = _tensor(b, float(range[2 * k]), x.dtype), _tensor(b, float(range[2 * k + 1]),
                                                                      x.dtype)
        elif col.shape[0] == 0:
            lo = hi = _tensor(b, 0.0, x.dtype)
        else:
            lo = L.reduce(b, "min", col, [0], False)
            hi = L.reduce(b, "max", col, [0], False)
        edges.append(_uniform_edges(b, lo, hi, n, x.dtype))
    return cols, edges


@_op(aten._histogramdd_bin_edges.default)
def _histogramdd_bin_edges(b, node, x, bins, range=None, weight=None,  # noqa: A002
                           density=False):
    return _dd_edges(b, x, bins, range, "histogramdd")[1]


@_op(aten._histogramdd_from_bin_cts.default)
def _histogramdd_from_bin_cts(b, node, x, bins, range=None, weight=None,  # noqa: A002
                              density=False):
    cols, edges = _dd_edges(b, x, bins, range, "histogramdd")
    return _histogramdd_of(b, cols, edges, _dd_weight(b, weight, cols), density)


@_op(aten._histogramdd_from_bin_tensors.default)
def _histogramdd_from_bin_tensors(b, node, x, bins, weight=None, density=False):
    cols = _dd_columns(b, x, "histogramdd")
    if len(bins) != len(cols) or any(e.rank != 1 or e.shape[0] is None for e in bins):
        raise Unsupported("histogramdd by edges of dynamic or mismatched shapes")
    edges = [L.cast(b, e, x.dtype) for e in bins]
    return _histogramdd_of(b, cols, edges, _dd_weight(b, weight, cols), density)


def _dd_weight(b, weight, cols):
    if weight is None:
        return None
    return L.reshape(b, weight, [Dim(static=cols[0].shape[0])])


@_op(aten.histogram.bins_tensor)
def _histogram_edges(b, node, x, bins, *, weight=None, density=False):
    """torch.histogram with its bin edges given."""
    if not L.is_float(x.dtype) or bins.rank != 1 or bins.shape[0] is None:
        raise Unsupported(f"histogram of {x.type} by edges {bins.type}")
    flat = L.reshape(b, x, [L.numel(b, x)])
    return _histogramdd_of(b, [flat], [L.cast(b, bins, x.dtype)], weight, density), bins


def _histogramdd_of(b, cols, edges, weight, density):
    """The (weighted) counts of the points whose coordinates are ``cols``
    (D of [M]) in the bins between each dim's ``edges``, [bins_1, ...,
    bins_D]: a coordinate's bin is found among its dim's edges themselves (a
    binary search, as torch's CPU kernel's local search ends), the last
    edge in the last bin; a point outside any dim's edges, or with a NaN,
    is not counted. ``density`` divides by the total, then by each dim's
    bin widths, as torch does. One comparison of each point with every bin,
    summed."""
    elem = cols[0].dtype
    counts = [e.shape[0] - 1 for e in edges]
    if min(counts) <= 0:
        raise FrontendError(f"histogram of {min(counts)} bins")
    flat_pos = counted = None
    for col, e, n in zip(cols, edges, counts):
        lo = L.slice_static(b, e, [0], [1], [1])
        hi = L.slice_static(b, e, [n], [n + 1], [1])
        pos = L.binary(b, "sub", L.searchsorted(b, e, col, right=True), _tensor(b, 1, "i64"))
        pos = L.binary(b, "min", pos, _tensor(b, n - 1, "i64"))
        inside = L.logical(b, "and", L.compare(b, "ge", col, lo), L.compare(b, "le", col, hi))
        counted = inside if counted is None else L.logical(b, "and", counted, inside)
        flat_pos = pos if flat_pos is None else L.binary(
            b, "add", L.binary(b, "mul", flat_pos, _tensor(b, n, "i64")), pos)
    total_bins = int(np.prod(counts))
    flat_pos = L.select(b, counted, flat_pos, _tensor(b, total_bins, "i64"))  # (no bin)
    hist = _bin_counts(b, flat_pos, total_bins, elem, weight)
    hist = L.reshape(b, hist, [Dim(static=n) for n in counts])
    if density:
        total = L.reduce(b, "sum", hist, list(range(len(counts))), True)
        hist = L.binary(b, "div", hist, total)
        for k, (e, n) in enumerate(zip(edges, counts)):
            widths = L.binary(b, "sub", L.slice_static(b, e, [1], [n + 1], [1]),
                              L.slice_static(b, e, [0], [n], [1]))
            shape = [Dim(static=1)] * len(counts)
            shape[k] = Dim(static=n)
            hist = L.binary(b, "div", hist, L.reshape(b, widths, shape))
    return hist


def _reads_storage(node, val) -> bool:
    """Whether placeholder ``node`` is a view (not contiguous from its
    storage's start, of static sizes) that an as_strided reads: the view's
    storage is then the partition's argument (as_strided addresses the
    storage, past the view's own elements)."""
    if val.is_contiguous() and _static_size(val.storage_offset()) == 0 or \
            val.is_complex() or val.dtype in _NARROW:
        return False
    if any(_static_size(d) is None for d in (*val.shape, *val.stride(), val.storage_offset())):
        return False
    try:
        _storage_elements(val)
    except Exception:  # noqa: BLE001 - (a storage of symbolic size)
        return False
    return any(u.op == "call_function" and u.target in (aten.as_strided.default,
                                                        aten.as_strided_copy.default)
               and u.args[0] is node for u in node.users)


def _storage_elements(t: torch.Tensor) -> int:
    return int(t.untyped_storage().nbytes()) // t.element_size()


def _gather_strided(b, flat, sizes, strides, offset):
    """The elements of 1-D ``flat`` at offset + sum(i_k * stride_k) over
    ``sizes``: one gather."""
    dims = [Dim(static=v) for v in sizes]
    index = L.strided_sum(b, [None if d == 1 else L.iota(b, "i64", tuple(sizes), dims, k)
                              for k, d in enumerate(sizes)], strides)
    if index is None:
        index = L.full(b, 0, "i64", tuple(sizes))
    if offset:
        index = L.binary(b, "add", index, _tensor(b, offset, "i64"))
    index = L.broadcast_to(b, index, tuple(sizes), dims)
    return L.gather(b, flat, index, 0)


def _strided_view(node, x, size, stride, storage_offset, what):
    """The sizes, strides and offset of a strided view of ``x``, and x's
    element count, where ``what`` (as_strided, as_strided_scatter) can take
    them: x contiguous from its start, of static shape, the view inside it."""
    base = node.args[0].meta.get("val")
    if not (isinstance(base, torch.Tensor) and base.is_contiguous()
            and _static_size(base.storage_offset()) == 0):
        raise Unsupported(f"{what} of a tensor that is not contiguous from its start")
    sizes = [int(d) for d in size]
    strides = [int(d) for d in stride]
    offset = 0 if storage_offset is None else int(storage_offset)
    n = int(np.prod(x.shape)) if x.type.static else None
    if n is None:
        raise Unsupported(f"{what} of a tensor with dynamic dims")
    last = offset + sum((d - 1) * st for d, st in zip(sizes, strides)) if all(sizes) else offset
    if offset < 0 or min(strides, default=0) < 0 or (all(sizes) and last >= n):
        raise Unsupported(f"{what} reaching outside the tensor's {n} elements")
    return sizes, strides, offset, n


@_op(aten.as_strided.default, aten.as_strided_copy.default)
def _as_strided(b, node, x, size, stride, storage_offset=None):
    """A strided view of a contiguous tensor's elements (what functionalized
    view replays and some decompositions leave): one gather of the flat
    elements at offset + sum(i_k * stride_k)."""
    base = node.args[0]
    storage = getattr(b, "torch_storage", {}).get(getattr(base, "name", None))
    if storage is not None and isinstance(base, torch.fx.Node) and base.op == "placeholder":
        # a view passed as its storage: offsets into that storage
        val = base.meta["val"]
        n = _storage_elements(val)
        sizes, strides = [int(d) for d in size], [int(d) for d in stride]
        offset = int(val.storage_offset()) if storage_offset is None else int(storage_offset)
        last = offset + sum((d - 1) * st for d, st in zip(sizes, strides)) if all(sizes) \
            else offset
        if offset < 0 or min(strides, default=0) < 0 or (all(sizes) and last >= n):
            raise Unsupported(f"as_strided reaching outside the storage's {n} elements")
        return _gather_strided(b, storage, sizes, strides, offset)
    sizes, strides, offset, n = _strided_view(node, x, size, stride, storage_offset,
                                              "as_strided")
    return _gather_strided(b, L.reshape(b, x, [n]), sizes, strides, offset)


@_op(aten.as_strided_scatter.default)
def _as_strided_scatter(b, node, x, src, size, stride, storage_offset=None):
    """``x`` (contiguous from its start) with its strided view's elements
    (offset + sum(i_k * stride_k)) replaced by ``src``'s: a scatter of the
    flat elements at those constant positions (the backward of an
    as_strided view); positions a view reaches twice are refused (torch
    leaves which write wins unspecified)."""
    sizes, strides, offset, n = _strided_view(node, x, size, stride, storage_offset,
                                              "as_strided_scatter")
    grids = np.meshgrid(*[np.arange(d, dtype=np.int64) for d in sizes], indexing="ij")
    positions = (offset + sum((g * st for g, st in zip(grids, strides)),
                              np.zeros(sizes, np.int64))).reshape(-1)
    if len(np.unique(positions)) != positions.size:
        raise Unsupported("as_strided_scatter through a view that overlaps itself")
    flat = L.reshape(b, x, [Dim(static=n)])
    values = L.reshape(b, L.cast(b, src, x.dtype), [Dim(static=int(positions.size))])
    out = L.scatter(b, flat, b.constant(positions, "i64"), values, 0, "none")
    return L.reshape(b, out, b.dims(x))


@_op(aten.unfold.default)
def _unfold(b, node, x, dim, size, step):
    return L.windows(b, x, dim, int(size), int(step))


@_op(aten.view_copy.default)
def _view_copy(b, node, x, shape):
    return _view(b, node, x, shape)


@_op(aten.permute_copy.default)
def _permute_copy(b, node, x, dims):
    return _permute(b, node, x, dims)


@_op(aten.narrow_copy.default)
def _narrow_copy(b, node, x, dim, start, length):
    return _slice(b, node, x, dim, start, start + length)


@_op(aten.igamma.default, aten.igammac.default)
def _igamma(b, node, a, x):
    elem = _out_type(node).dtype
    return L.incomplete_gamma(b, L.cast(b, a, elem), L.cast(b, x, elem),
                              upper=node.target is aten.igammac.default)


def _bag_members(b, indices, offsets, bags: int, padding_idx):
    """An embedding bag's bookkeeping over its ``n`` static positions: each
    position's bag ``[n]`` (i64, from ``offsets``) and the bags as a 0/1
    matrix ``[bags, n]`` (i1) over the positions, those of ``padding_idx``
    left out."""
    n = indices.shape[0]
    pos = L.iota(b, "i64", (n,), [Dim(static=n)], 0)
    bag = L.binary(b, "sub", L.searchsorted(b, L.cast(b, offsets, "i64"), pos, right=True),
                   _tensor(b, 1, "i64"))
    keep = L.compare(b, "ne", L.cast(b, indices, "i64"), _tensor(b, int(padding_idx), "i64"))
    grid = L.iota(b, "i64", (bags, n), [Dim(static=bags), Dim(static=n)], 0)
    member = L.logical(b, "and", L.compare(b, "eq", grid, L.reshape(b, bag, [1, n])),
                       L.reshape(b, keep, [1, n]))
    return bag, member


@_op(aten._embedding_bag_forward_only.default, aten._embedding_bag.default)
def _embedding_bag(b, node, weight, indices, offsets, scale_grad_by_freq=False, mode=0,
                   sparse=False, per_sample_weights=None, include_last_offset=False,
                   padding_idx=-1):
    """nn.EmbeddingBag's pooled rows: bag j sums (mode 0), averages (1) or
    takes the max (2) of the rows of indices[offsets[j]:offsets[j + 1]],
    rows of ``padding_idx`` left out, each scaled by its per-sample weight
    (sum only). One row gather, and the bags as a 0/1 matrix over the
    positions: a product for sum and mean, a masked max for max; an empty
    bag is zeros. The bookkeeping outputs for the backward, in the shapes
    ATen's meta function gives them: each position's bag (or nothing, on
    ATen's fast path of sums), each bag's rows (padding left out) and, in
    max mode, the row each maximum came from (-1 in an empty bag)."""
    if indices.rank != 1 or offsets.rank != 1 or weight.rank != 2:
        raise Unsupported("embedding_bag of indices that are not 1-D")
    n, bags = indices.shape[0], offsets.shape[0]
    if n is None or bags is None:
        raise Unsupported("embedding_bag of a dynamic number of indices or bags")
    if include_last_offset:
        bags -= 1
    mode = int(mode)
    if mode not in (0, 1, 2):
        raise FrontendError(f"embedding_bag mode {mode}")
    elem = weight.dtype
    rows = L.gather(b, weight, indices, 0)  # [n, d]
    bag, member = _bag_members(b, indices, offsets, bags, padding_idx)
    weights = L.cast(b, member, elem)
    count = L.reduce(b, "sum", weights, [1], True)  # [bags, 1]
    if mode == 2:
        d = weight.shape[1]
        lowest = _tensor(b, -math.inf, elem)
        picked = L.select(b, L.reshape(b, member, [bags, n, 1]),
                          L.reshape(b, rows, [1, n, d]), lowest)
        out = L.reduce(b, "max", picked, [1], False)
        out = L.select(b, L.compare(b, "gt", count, _tensor(b, 0, elem)), out,
                       _tensor(b, 0, elem))
        at = L.reduce(b, "argmax", picked, [1], False)  # [bags, d]: a position
        source = L.gather(b, L.cast(b, indices, "i64"), at, 0)
        argmax = L.select(b, L.compare(b, "gt", count, _tensor(b, 0, elem)), source,
                          _tensor(b, -1, "i64"))
    else:
        if per_sample_weights is not None:
            if mode != 0:
                raise FrontendError("per_sample_weights need embedding_bag's sum mode")
            weights = L.binary(b, "mul", weights,
                               L.reshape(b, L.cast(b, per_sample_weights, elem), [1, n]))
        out = L.matmul(b, weights, rows)
        if mode == 1:
            out = L.binary(b, "div", out, L.binary(b, "max", count, _tensor(b, 1, elem)))
    vals = node.meta.get("val")
    if not isinstance(vals, (tuple, list)) or len(vals) != 4:
        return (out, None, None, None)
    kinds = [_tensor_type(v, node.name) for v in vals[1:]]
    offset2bag = L.cast(b, bag, kinds[0].dtype) if kinds[0].shape == (n,) else \
        L.full(b, 0, kinds[0].dtype, kinds[0].shape)
    sizes = L.cast(b, L.reshape(b, count, [Dim(static=bags)]), kinds[1].dtype)
    bag_size = sizes if kinds[1].shape == (bags,) else \
        L.full(b, 0, kinds[1].dtype, kinds[1].shape)
    if mode == 2 and kinds[2].shape == (bags, weight.shape[1]):
        max_indices = L.cast(b, argmax, kinds[2].dtype)
    else:  # (read by no backward but max mode's)
        max_indices = L.full(b, 0, kinds[2].dtype, kinds[2].shape)
    return (out, offset2bag, bag_size, max_indices)


@_op(aten._embedding_bag_backward.default)
def _embedding_bag_backward(b, node, grad, indices, offsets, offset2bag, bag_size,
                            max_indices, num_weights, scale_grad_by_freq, mode, sparse,
                            per_sample_weights=None, padding_idx=-1):
    """The gradient of ``_embedding_bag``'s pooled rows with respect to its
    weight (dense): in sum and mean modes each position's bag gradient
    (times its per-sample weight, or over its bag's rows) added to its
    row, positions of ``padding_idx`` left out, the bags found from
    ``offsets`` again, and with ``scale_grad_by_freq`` over the count of
    the positions that name its row; in max mode each bag's gradient added
    to the row its maximum came from (``max_indices``; -1, an empty bag,
    adds nothing)."""
    if sparse:
        raise Unsupported("embedding_bag's sparse gradient")
    if scale_grad_by_freq and int(mode) == 2:
        raise FrontendError("embedding_bag's scale_grad_by_freq in max mode")
    if indices.rank != 1 or offsets.rank != 1 or grad.rank != 2 or \
            None in (indices.shape[0], offsets.shape[0], grad.shape[0], grad.shape[1]):
        raise Unsupported("embedding_bag's gradient over dynamic or multi-dim indices")
    n, (bags, d), mode = indices.shape[0], grad.shape, int(mode)
    elem = _out_type(node).dtype
    grad = L.cast(b, grad, elem)
    zeros = L.full(b, 0, elem, (int(num_weights), d))
    if mode == 2:
        where = L.cast(b, max_indices, "i64")
        taken = L.compare(b, "ge", where, _tensor(b, 0, "i64"))
        return L.scatter(b, zeros, L.select(b, taken, where, _tensor(b, 0, "i64")),
                         L.select(b, taken, grad, _tensor(b, 0, elem)), 0, "add")
    ids = L.cast(b, indices, "i64")
    bag, member = _bag_members(b, indices, offsets, bags, padding_idx)
    keep = L.cast(b, L.compare(b, "ne", ids, _tensor(b, int(padding_idx), "i64")), elem)
    scale = keep  # [n]
    if per_sample_weights is not None:
        scale = L.binary(b, "mul", scale, L.cast(b, per_sample_weights, elem))
    if mode == 1:
        count = L.reduce(b, "sum", L.cast(b, member, elem), [1], False)  # [bags]
        count = L.binary(b, "max", count, _tensor(b, 1, elem))
        scale = L.binary(b, "div", scale, L.gather(b, count, bag, 0))
    if scale_grad_by_freq:  # each row's positions counted by one scatter-add
        ones = L.full(b, 1, elem, (n,))
        freq = L.scatter(b, L.full(b, 0, elem, (int(num_weights),)), ids, ones, 0, "add")
        scale = L.binary(b, "div", scale, L.gather(b, freq, ids, 0))
    rows = L.gather(b, grad, bag, 0)  # [n, d]
    rows = L.binary(b, "mul", rows, L.reshape(b, scale, [n, 1]))
    return L.scatter_nd(b, zeros, L.reshape(b, ids, [n, 1]), rows, "add")


@_op(aten._embedding_bag_per_sample_weights_backward.default)
def _embedding_bag_per_sample_weights_backward(b, node, grad, weight, indices, offsets,
                                               offset2bag, mode, padding_idx=-1):
    """The gradient of a sum bag's per-sample weights: each position's bag
    gradient dotted with the row it names (0 at ``padding_idx``)."""
    if int(mode) != 0:
        raise FrontendError("per_sample_weights need embedding_bag's sum mode")
    if indices.rank != 1 or None in (indices.shape[0], grad.shape[0]):
        raise Unsupported("embedding_bag's gradient over dynamic or multi-dim indices")
    elem = _out_type(node).dtype
    ids = L.cast(b, indices, "i64")
    bag, _ = _bag_members(b, indices, offsets, grad.shape[0], padding_idx)
    rows = L.gather(b, L.cast(b, weight, elem), ids, 0)  # [n, d]
    dots = L.reduce(b, "sum", L.binary(b, "mul", L.gather(b, L.cast(b, grad, elem), bag, 0),
                                       rows), [1], False)
    keep = L.compare(b, "ne", ids, _tensor(b, int(padding_idx), "i64"))
    return L.select(b, keep, dots, _tensor(b, 0, elem))


@_op(aten.embedding_renorm.default)
def _embedding_renorm(b, node, weight, indices, max_norm, norm_type):
    """The functional form of nn.Embedding's max_norm: each row that
    ``indices`` reference and whose ``norm_type``-norm passes ``max_norm``
    scaled by max_norm / (norm + 1e-7), as ATen scales it."""
    if weight.rank != 2 or weight.shape[0] is None:
        raise Unsupported("embedding_renorm of a weight of dynamic rows")
    rows = weight.shape[0]
    flat = L.cast(b, L.reshape(b, indices, [L.numel(b, indices)]), "i64")
    n = b.dim(flat, 0)
    ids = L.iota(b, "i64", (rows, 1), [Dim(static=rows), Dim(static=1)], 0)
    hit = L.compare(b, "eq", ids, L.reshape(b, flat, [Dim(static=1), n]))  # [rows, n]
    used = L.compare(b, "gt", L.reduce(b, "sum", L.cast(b, hit, "i32"), [1], True),
                     _tensor(b, 0, "i32"))  # [rows, 1]
    norm = L.p_norm(b, weight, float(norm_type), [1], keepdims=True)
    cap = _tensor(b, float(max_norm), weight.dtype)
    scale = L.binary(b, "div", cap, L.binary(b, "add", norm, _tensor(b, 1e-7, weight.dtype)))
    over = L.logical(b, "and", used, L.compare(b, "gt", norm, cap))
    return L.select(b, over, L.binary(b, "mul", weight, scale), weight)


@_op(aten.segment_reduce.default)
def _segment_reduce(b, node, data, reduce, *, lengths=None, indices=None, offsets=None, axis=0,
                    unsafe=False, initial=None):
    """torch.segment_reduce along dim 0: each segment (``lengths``, or
    consecutive ``offsets``) summed, multiplied, averaged or reduced to its
    max or min, ``initial`` taking part as ATen's kernel takes it (a mean
    of initial + sum over the segment's count; an empty segment is
    ``initial``, else 0, 1, NaN, -inf or +inf). The segments are a 0/1
    matrix over the rows, and each reduction a masked one."""
    segs, member = _segments(b, data, reduce, lengths, indices, offsets, axis)
    n, rest = data.shape[0], list(data.shape[1:])
    ones = [Dim(static=1)] * len(rest)
    mask = L.reshape(b, member, [Dim(static=segs), Dim(static=n)] + ones)  # [segs, n, 1...]
    values = L.reshape(b, data, [Dim(static=1)] + b.dims(data))  # [1, n, rest...]
    fill = {"sum": 0.0, "mean": 0.0, "prod": 1.0, "max": -math.inf, "min": math.inf}[reduce]
    kind = {"mean": "sum"}.get(reduce, reduce)
    out = L.reduce(b, kind, L.select(b, mask, values, _tensor(b, fill, data.dtype)), [1], False)
    init = None if initial is None else _tensor(b, float(initial), data.dtype)
    if reduce == "mean":
        count = L.reshape(b, L.cast(b, L.reduce(b, "sum", L.cast(b, member, "i64"), [1], False),
                                    data.dtype), [Dim(static=segs)] + ones)
        if init is not None:
            out = L.select(b, L.compare(b, "eq", count, _tensor(b, 0.0, data.dtype)),
                           L.binary(b, "add", out, init),
                           L.binary(b, "div", L.binary(b, "add", out, init), count))
        else:
            out = L.binary(b, "div", out, count)
    elif init is not None:
        op = {"sum": "add", "prod": "mul", "max": "max", "min": "min"}[reduce]
        out = L.binary(b, op, out, init)
    return out


@_op(aten.nonzero_static.default)
def _nonzero_static(b, node, x, *, size, fill_value=-1):
    return L.nonzero_static(b, x, int(size), int(fill_value))


def _segments(b, data, reduce, lengths, indices, offsets, axis):
    """segment_reduce's segments along dim 0 of ``data`` [n, ...], from
    ``lengths`` or consecutive ``offsets``: (their count, the 0/1 matrix
    [segs, n] (i1) of the rows each holds)."""
    if indices is not None or int(axis) != 0 or data.rank < 1:
        raise Unsupported("segment_reduce by indices or along another axis than 0")
    if reduce not in ("sum", "prod", "mean", "max", "min"):
        raise FrontendError(f"segment_reduce '{reduce}'")
    if not L.is_float(data.dtype):
        raise Unsupported(f"segment_reduce of {data.dtype}")
    bounds = lengths if lengths is not None else offsets
    if bounds is None or bounds.rank != 1 or bounds.shape[0] is None or data.shape[0] is None:
        raise Unsupported("segment_reduce needs 1-D lengths or offsets of static size")
    n = data.shape[0]
    bounds = L.cast(b, bounds, "i64")
    if lengths is not None:
        segs = bounds.shape[0]
        ends = L.cumulative(b, bounds, 0, "sum")
        starts = L.binary(b, "sub", ends, bounds)
    else:
        segs = bounds.shape[0] - 1
        starts = L.slice_static(b, bounds, [0], [segs], [1])
        ends = L.slice_static(b, bounds, [1], [segs + 1], [1])
    row = L.iota(b, "i64", (1, n), [Dim(static=1), Dim(static=n)], 1)
    member = L.logical(b, "and",
                       L.compare(b, "ge", row, L.reshape(b, starts, [Dim(static=segs), 1])),
                       L.compare(b, "lt", row, L.reshape(b, ends, [Dim(static=segs), 1])))
    return segs, member


@_op(aten._segment_reduce_backward.default)
def _segment_reduce_backward(b, node, grad, output, data, reduce, lengths=None, offsets=None,
                             axis=0, initial=None):
    """segment_reduce's gradient along dim 0, as ATen's kernel takes it:
    each row gets its segment's gradient (sum), over the segment's length
    (mean); for max and min the rows equal to the result (or NaN) get it,
    a positive one shared among them when there are several; for prod
    grad * out / x, or where x is 0 or NaN grad times the product of the
    segment's other rows and ``initial``. Rows in no segment get 0."""
    segs, member = _segments(b, data, reduce, lengths, None, offsets, axis)
    elem = _out_type(node).dtype
    n, rest = data.shape[0], list(data.shape[1:])
    ones = [Dim(static=1)] * len(rest)
    mask = L.reshape(b, member, [Dim(static=segs), Dim(static=n)] + ones)  # [segs, n, 1...]
    x = L.cast(b, data, elem)
    values = L.reshape(b, x, [Dim(static=1)] + b.dims(x))  # [1, n, rest...]
    zero, one = _tensor(b, 0, elem), _tensor(b, 1, elem)

    def per_segment(kind, v, fill):  # [segs, rest...] over each segment's rows
        return L.reduce(b, kind, L.select(b, mask, v, _tensor(b, fill, v.dtype)), [1], False)

    def per_row(v):  # a [segs, rest...] value at each row's segment: [n, rest...]
        return L.gather(b, v, seg, 0)

    seg_ids = L.iota(b, "i64", (segs, n), [Dim(static=segs), Dim(static=n)], 0)
    seg = L.reduce(b, "sum", L.select(b, member, seg_ids, _tensor(b, 0, "i64")), [0], False)
    inside = L.reshape(b, L.reduce(b, "max", L.cast(b, member, "i32"), [0], False),
                       [Dim(static=n)] + ones)
    g = per_row(L.cast(b, grad, elem))
    if reduce == "sum":
        out = g
    elif reduce == "mean":
        count = L.cast(b, L.reduce(b, "sum", L.cast(b, member, "i64"), [1], False), elem)
        out = L.binary(b, "div", g, L.reshape(b, per_row(count), [Dim(static=n)] + ones))
    else:
        o = per_row(L.cast(b, output, elem))
        nan = L.compare(b, "ne", x, x)
        if reduce in ("max", "min"):
            hit = L.logical(b, "or", nan, L.compare(b, "eq", x, o))
            count = per_row(per_segment("sum", L.reshape(b, L.cast(b, hit, elem), [Dim(
                static=1)] + b.dims(x)), 0))
            shared = L.logical(b, "and", L.compare(b, "ge", count, _tensor(b, 2, elem)),
                               L.compare(b, "gt", g, zero))
            out = L.select(b, hit, L.select(b, shared, L.binary(b, "div", g, count), g), zero)
        else:  # prod
            special = L.logical(b, "or", nan, L.compare(b, "eq", x, zero))
            wide = [Dim(static=1)] + b.dims(x)
            plain = L.select(b, L.reshape(b, special, wide), one, values)
            rest_prod = per_row(per_segment("prod", plain, 1))
            if initial is not None:
                rest_prod = L.binary(b, "mul", rest_prod, _tensor(b, float(initial), elem))
            specials = per_row(per_segment("sum", L.reshape(b, L.cast(b, special, elem), wide),
                                           0))
            nans = per_row(per_segment("sum", L.reshape(b, L.cast(b, nan, elem), wide), 0))
            other_nan = L.compare(b, "gt", L.binary(b, "sub", nans, L.cast(b, nan, elem)), zero)
            others = L.select(b, L.compare(b, "eq", specials, one), rest_prod, L.binary(
                b, "mul", rest_prod, L.select(b, other_nan, _tensor(b, math.nan, elem), zero)))
            out = L.select(b, special, L.binary(b, "mul", g, others),
                           L.binary(b, "div", L.binary(b, "mul", g, o), x))
    return L.select(b, L.compare(b, "gt", inside, _tensor(b, 0, "i32")), out, zero)


@_op(aten.index.Tensor)
def _index(b, node, x, indices):
    return L.advanced_index(b, x, indices)


# -- layout ops on complex tensors ------------------------------------------------------
# Each part (real, imaginary) goes through the op's own lowering, which sees
# the tensor's logical dims (the carrier's trailing 2 would shift negative
# ones), and the results are joined again. Every complex operand (a list's
# too) is split; real ones (indices, masks) go to both parts unchanged, and
# a real floating-point tensor beside complex ones is refused (its
# imaginary part would be read as itself). A number at one of ``values``'
# positions is a value (a fill): its parts go to the parts' lowerings; any
# other number (a dim, an index) goes to both.

def _partwise(lower, values=()):
    def parts_of(b, arg, x, k, position):
        if isinstance(arg, (list, tuple)) and isinstance(x, (list, tuple)):
            return type(x)(parts_of(b, a, v, k, position) for a, v in zip(arg, x))
        if isinstance(arg, torch.fx.Node) and _is_complex(arg):
            return SP.split_pairs(b, x)[k]
        if isinstance(arg, torch.fx.Node) and isinstance(arg.meta.get("val"), torch.Tensor) \
                and arg.meta["val"].is_floating_point():
            raise Unsupported("a real tensor beside complex ones in a layout op")
        if position in values and isinstance(x, (int, float, complex)):  # (bool too)
            return complex(x).imag if k else complex(x).real
        return x

    def on_parts(b, node, *args, **kwargs):
        if not _touches_complex(node):
            return lower(b, node, *args, **kwargs)
        outs = []
        _LOWERING_PARTS[0] = True
        try:
            for k in (0, 1):
                part_args = [parts_of(b, a, x, k, i)
                             for i, (a, x) in enumerate(zip(node.args, args))]
                part_kwargs = {n: parts_of(b, node.kwargs.get(n), x, k, n)
                               for n, x in kwargs.items()}
                outs.append(lower(b, node, *part_args, **part_kwargs))
        finally:
            _LOWERING_PARTS[0] = False
        if isinstance(outs[0], (list, tuple)):
            return type(outs[0])(SP.join_pairs(b, re, im) for re, im in zip(*outs))
        return SP.join_pairs(b, *outs)
    return on_parts


_PARTWISE = {
    # views and copies
    aten.slice.Tensor: (), aten.squeeze.dim: (), aten.squeeze.dims: (),
    aten.unsqueeze.default: (), aten.permute.default: (), aten.view.default: (),
    aten.reshape.default: (), aten._unsafe_view.default: (), aten.select.int: (),
    aten.expand.default: (), aten.flip.default: (), aten.roll.default: (),
    aten.index_select.default: (), aten.narrow.default: (), aten.clone.default: (),
    aten.alias.default: (), aten.lift_fresh_copy.default: (), aten.copy.default: (),
    aten.diagonal.default: (), aten.unfold.default: (), aten.repeat.default: (),
    aten.transpose.int: (), aten.t.default: (), aten.stack.default: (),
    aten.split_with_sizes.default: (), aten.split.Tensor: (), aten.unbind.int: (),
    aten.tril.default: (), aten.triu.default: (), aten.as_strided.default: (),
    aten.constant_pad_nd.default: (2,), aten.reflection_pad1d.default: (),
    aten.reflection_pad2d.default: (), aten.replication_pad1d.default: (),
    aten.replication_pad2d.default: (), aten.pixel_shuffle.default: (),
    aten.pixel_unshuffle.default: (),
    # gathers and scatters (real indices and masks)
    aten.index.Tensor: (), aten.gather.default: (), aten.index_put.default: (),
    aten.slice_scatter.default: (), aten.select_scatter.default: (),
    aten.diagonal_scatter.default: (), aten.masked_scatter.default: (),
    aten.scatter.src: (), aten.scatter_add.default: (), aten.index_add.default: (),
    aten.index_copy.default: (), aten.masked_fill.Scalar: (2,),
    aten.index_fill.int_Scalar: (3,), aten.masked_fill.Tensor: (),
    # fills, and sums (linear: each part's own)
    aten.full_like.default: (1,), aten.fill.Scalar: (1,), aten.zeros_like.default: (),
    aten.empty.memory_format: (), aten.empty_permuted.default: (),
    aten.empty_strided.default: (), aten.new_empty_strided.default: (),
    aten.new_empty.default: (), aten.cumsum.default: (),
}
for _target, _values in _PARTWISE.items():
    if _target in ATEN_OPS:
        ATEN_OPS[_target] = _partwise(ATEN_OPS[_target], _values)
        _COMPLEX_OPS.add(_target)


# -- complex arithmetic ------------------------------------------------------------------
# An op with a complex operand or result goes to its complex lowering
# (meld.frontend.complexmath on the parts); the others keep the real one.

def _complex_elem(node) -> str:
    """The parts' element type: that of the widest complex type among the
    op's operands and result."""
    vals = node.meta.get("val")
    vals = list(vals) if isinstance(vals, (tuple, list)) else [vals]
    vals += [a.meta.get("val") for a in node.all_input_nodes]
    types = [v.dtype for v in vals if isinstance(v, torch.Tensor) and v.is_complex()]
    return _COMPLEX[functools.reduce(torch.promote_types, types)]


def _complex_operand(b, arg, x, elem: str):
    """(re, im) of operand ``x`` (``arg`` its graph node or number) in
    ``elem``; im None for a real one."""
    if isinstance(arg, torch.fx.Node) and _is_complex(arg):
        re, im = SP.split_pairs(b, x)
        return L.cast(b, re, elem), L.cast(b, im, elem)
    if isinstance(x, complex):
        return _tensor(b, x.real, elem), _tensor(b, x.imag, elem)
    if isinstance(x, Value) and x.dtype == "i1":  # (True is 1)
        x = L.cast(b, x, "i32")
    return _tensor(b, x, elem), None


def _with_complex(*targets):
    """Registers the decorated function for ``targets``' complex cases,
    keeping their real lowerings for the others."""
    def register(lower_complex):
        for target in targets:
            real = ATEN_OPS[target]

            def lower(b, node, *args, _real=real, **kwargs):
                if _touches_complex(node):
                    return lower_complex(b, node, *args, **kwargs)
                return _real(b, node, *args, **kwargs)
            ATEN_OPS[target] = lower
            _COMPLEX_OPS.add(target)
        return lower_complex
    return register


def _complex_result(b, pair):
    re, im = pair
    return SP.join_pairs(b, *L.broadcast_all(b, [re, im]) if im is not None else (re, None))


def _complex_binary(fn):
    def lower(b, node, x, y, *rest, alpha=1):
        if rest:
            alpha = rest[0]
        elem = _complex_elem(node)
        xs = _complex_operand(b, node.args[0], x, elem)
        ys = _complex_operand(b, node.args[1], y, elem)
        if alpha != 1:
            ys = CX.mul(b, ys, _complex_operand(b, alpha, alpha, elem))
        return _complex_result(b, fn(b, xs, ys))
    return lower


for _fn, _targets in ((CX.add, (aten.add.Tensor, aten.add.Scalar)),
                      (CX.sub, (aten.sub.Tensor, aten.sub.Scalar)),
                      (CX.mul, (aten.mul.Tensor, aten.mul.Scalar)),
                      (CX.div, (aten.div.Tensor, aten.div.Scalar, aten.true_divide.Tensor))):
    _with_complex(*_targets)(_complex_binary(_fn))


def _complex_unary(fn):
    def lower(b, node, x):
        pair = _complex_operand(b, node.args[0], x, _complex_elem(node))
        out = fn(b, pair)
        return _complex_result(b, out) if isinstance(out, tuple) else out
    return lower


def _scaled_complex_log(base: float):
    def fn(b, x):
        re, im = CX.log(b, x)
        k = L.scalar_like(b, 1.0 / math.log(base), re)
        return L.binary(b, "mul", re, k), L.binary(b, "mul", im, k)
    return fn


for _fn, _target in ((CX.neg, aten.neg.default), (CX.reciprocal, aten.reciprocal.default),
                     (CX.magnitude, aten.abs.default), (CX.exp, aten.exp.default),
                     (CX.log, aten.log.default), (CX.sqrt, aten.sqrt.default),
                     (CX.sgn, aten.sgn.default), (CX.sin, aten.sin.default),
                     (CX.cos, aten.cos.default), (CX.sinh_pair, aten.sinh.default),
                     (CX.cosh_pair, aten.cosh.default), (CX.tanh, aten.tanh.default),
                     (CX.sigmoid, aten.sigmoid.default),
                     (lambda b, x: CX.reciprocal(b, CX.sqrt(b, x)), aten.rsqrt.default),
                     (_scaled_complex_log(2.0), aten.log2.default),
                     (_scaled_complex_log(10.0), aten.log10.default),
                     (CX.is_nan, aten.isnan.default), (lambda b, x: L.logical(
                         b, "not", CX.truth(b, x)), aten.logical_not.default)):
    _with_complex(_target)(_complex_unary(_fn))


_with_complex(aten.pow.Tensor_Tensor, aten.pow.Tensor_Scalar, aten.pow.Scalar)(
    _complex_binary(CX.power))


@_with_complex(aten.logical_and.default, aten.logical_or.default, aten.logical_xor.default)
def _complex_logical(b, node, x, y):
    opname = str(node.target).split(".")[1].split("_")[1]
    elem = _complex_elem(node)
    truths = [CX.truth(b, _complex_operand(b, a, v, elem)) if _is_complex(a) else _truth(b, v)
              for a, v in zip(node.args, (x, y))]
    return L.logical(b, opname, *L.broadcast_all(b, truths))


def _complex_variance(b, node, x, dims, correction, keepdim):
    """var(z) = var(re) + var(im), and the mean's parts."""
    axes = None if not dims else list(dims)
    (vr, mr), (vi, mi) = (L.variance(b, part, axes, _correction(correction), keepdim)
                          for part in SP.split_pairs(b, x))
    return L.binary(b, "add", vr, vi), SP.join_pairs(b, mr, mi)


@_with_complex(aten.var.correction)
def _complex_var(b, node, x, dims=None, correction=None, keepdim=False):
    return _complex_variance(b, node, x, dims, correction, keepdim)[0]


@_with_complex(aten.var_mean.correction)
def _complex_var_mean(b, node, x, dims=None, correction=None, keepdim=False):
    return _complex_variance(b, node, x, dims, correction, keepdim)


@_with_complex(aten.addmm.default)
def _complex_addmm(b, node, bias, x, w, beta=1, alpha=1):
    elem = _complex_elem(node)
    pairs = [_complex_operand(b, a, v, elem) for a, v in zip(node.args[:3], (bias, x, w))]
    prod = CX.matmul_pairs(b, pairs[1], pairs[2])
    if alpha != 1:
        prod = CX.mul(b, prod, _complex_operand(b, alpha, alpha, elem))
    if beta == 0:
        return _complex_result(b, prod)
    scaled = pairs[0] if beta == 1 else CX.mul(b, pairs[0], _complex_operand(b, beta, beta, elem))
    return _complex_result(b, CX.add(b, prod, scaled))


def _complex_compare(negate: bool):
    def lower(b, node, x, y):
        elem = _complex_elem(node)
        return CX.equal(b, _complex_operand(b, node.args[0], x, elem),
                        _complex_operand(b, node.args[1], y, elem), negate)
    return lower


_with_complex(aten.eq.Tensor, aten.eq.Scalar)(_complex_compare(False))
_with_complex(aten.ne.Tensor, aten.ne.Scalar)(_complex_compare(True))


@_with_complex(aten.mm.default, aten.bmm.default, aten.matmul.default)
def _complex_matmul(b, node, x, y):
    elem = _complex_elem(node)
    return _complex_result(b, CX.matmul_pairs(b, _complex_operand(b, node.args[0], x, elem),
                                              _complex_operand(b, node.args[1], y, elem)))


@_with_complex(aten.where.self)
def _complex_where(b, node, pred, x, y):
    elem = _complex_elem(node)
    (xr, xi), (yr, yi) = (_complex_operand(b, node.args[1], x, elem),
                          _complex_operand(b, node.args[2], y, elem))
    zero = L.scalar_like(b, 0.0, xr)
    xi, yi = (zero if xi is None else xi), (zero if yi is None else yi)
    return SP.join_pairs(b, L.select(b, *L.broadcast_all(b, [pred, xr, yr])),
                         L.select(b, *L.broadcast_all(b, [pred, xi, yi])))


@_with_complex(aten.cat.default)
def _complex_cat(b, node, xs, dim=0):
    elem = _complex_elem(node)
    pairs = [_complex_operand(b, a, x, elem) for a, x in zip(node.args[0], xs)]
    rank = pairs[0][0].rank
    return SP.join_pairs(b, L.concat(b, [re for re, _ in pairs], dim % rank),
                         L.concat(b, [L.scalar_like(b, 0.0, re) if im is None else im
                                      for re, im in pairs], dim % rank))


@_with_complex(aten.full.default, aten.scalar_tensor.default)
def _complex_filled(b, node, *args, **kwargs):
    value = args[-1] if node.target is aten.full.default else args[0]
    ty = _out_type(node)
    if isinstance(value, Dim) or not ty.static:
        raise Unsupported(f"{node.target} of a complex symbolic value or size")
    value = complex(value)
    return b.constant(np.broadcast_to(np.asarray([value.real, value.imag],
                                                 numpy_dtype(ty.dtype)), ty.shape).copy(),
                      ty.dtype)


for _target in (aten.sum.dim_IntList, aten.sum.default, aten.mean.dim, aten.mean.default):
    ATEN_OPS[_target] = _partwise(ATEN_OPS[_target])
    _COMPLEX_OPS.add(_target)


@_op(aten.hash_tensor.default)
def _hash_tensor(b, node, x, dim=(), keepdim=False, mode=0):
    """torch.hash_tensor's mode 0: the XOR of every element's 64 bits (a
    float as its f64 value's bits, an integer sign-extended to 64) over
    ``dim`` (every dim when empty), a uint64 tensor carried as i64 bits
    (the partition's output is viewed back as uint64). Meld has no XOR
    reduction: each of the 64 bits of the XOR is the parity of that bit's
    count, counted by one sum over [..., 64] (bits taken by shifts)."""
    if mode != 0:
        raise Unsupported(f"hash_tensor mode {mode} (only 0, the XOR sum, exists)")
    if L.is_float(x.dtype):
        bits = L.bitcast(b, L.cast(b, x, "f64"), "i64")
    else:
        bits = L.cast(b, x, "i64")
    shift = b.constant(np.arange(64, dtype=np.int64), "i64")
    shape = tuple(bits.shape) + (64,)
    sizes = list(b.dims(bits)) + [Dim(static=64)]
    wide = L.broadcast_to(b, L.unsqueeze(b, bits, [bits.rank]), shape, sizes)
    shifts = L.broadcast_to(b, shift, shape, sizes)
    one = L.scalar_like(b, 1, wide)
    set_bits = L.bitwise(b, "and", L.bitwise(b, "shift_right", wide, shifts), one)
    axes = list(range(bits.rank)) if dim is None or len(dim) == 0 else \
        [d % max(bits.rank, 1) for d in dim]
    counts = L.reduce(b, "sum", set_bits, axes, keepdim) if bits.rank else set_bits
    parity = L.bitwise(b, "and", counts, L.scalar_like(b, 1, counts))
    placed = L.bitwise(b, "shift_left", parity, L.broadcast_to(
        b, shift, counts.shape, b.dims(counts)))
    # (distinct bits: their sum is their OR, bit 63 included)
    return L.reduce(b, "sum", placed, [counts.rank - 1], False)


@_op(aten.signbit.default)
def _signbit(b, node, x):
    if x.dtype == "i1":  # (a boolean has no sign)
        return L.compare(b, "ne", x, x)
    return L.sign_bit(b, x)


@_op(aten.nextafter.default)
def _nextafter(b, node, x, y):
    elem = _out_type(node).dtype
    return L.next_after(b, L.cast(b, x, elem), L.cast(b, y, elem))


# -- which nodes Meld takes ------------------------------------------------------------

# Multi-output ops whose lowering computes only some outputs (the others
# are None): a graph that reads another one keeps the op in PyTorch.
_COMPUTED_OUTPUTS = {
    aten._embedding_bag_forward_only.default: {0},
}


# Higher-order ops whose subgraphs Meld translates into regions.
_HIGHER_ORDER = (torch.ops.higher_order.cond, torch.ops.higher_order.while_loop)


def _touches_complex(node) -> bool:
    vals = node.meta.get("val")
    vals = list(vals) if isinstance(vals, (tuple, list)) else [vals]
    vals += [a.meta.get("val") for a in node.all_input_nodes]
    return any(isinstance(v, torch.Tensor) and v.is_complex() for v in vals)


# Ops whose uint64 result Meld computes as the same 64 bits in i64 (no other
# op takes uint64: its comparisons, divisions and shifts differ from i64's).
_UINT64_BITS_RESULTS = {aten.hash_tensor.default}


def _unsupported_reason(node) -> Optional[str]:
    """Why Meld cannot take ``node`` (None when it can)."""
    if node.op != "call_function":
        return f"{node.op} nodes stay with PyTorch"
    if _is_size_scalar(node.meta.get("val")):
        return None  # a size: translated from its symbolic expression
    if node.target is operator.getitem:
        return _unsupported_reason(node.args[0])
    if not _has_lowering(node.target):
        return f"no Meld lowering for {node.target}"
    if node.target in _HIGHER_ORDER:
        owner = node.graph.owning_module
        for a in node.args:
            if isinstance(a, torch.fx.Node) and a.op == "get_attr":
                for sub in getattr(owner, a.target).graph.nodes:
                    if sub.op == "call_function":
                        reason = _unsupported_reason(sub)
                        if reason is not None:
                            return f"its {a.target} has {sub.target}: {reason}"
    if node.target not in _COMPLEX_OPS and _touches_complex(node):
        return "a complex tensor (Meld takes them in FFTs and complex arithmetic only)"
    computed = _COMPUTED_OUTPUTS.get(node.target)
    if computed is not None:
        for user in node.users:
            if user.target is operator.getitem and user.args[1] not in computed:
                return f"output {user.args[1]} is used and Meld does not compute it"
    vals = node.meta.get("val")
    for v in (vals if isinstance(vals, (tuple, list)) else [vals]):
        if v is None:
            continue
        if not isinstance(v, torch.Tensor):
            return f"result of type {type(v).__name__}"
        if v.device.type != "cpu":
            return f"a {v.device.type} tensor (the backend compiles for the host)"
        if v.dtype == torch.uint64 and node.target in _UINT64_BITS_RESULTS:
            continue  # (its i64 bits, viewed back as uint64 when returned)
        try:
            _tensor_type(v, node.name)
        except Unsupported as e:
            return str(e)
    for a in node.all_input_nodes:
        v = a.meta.get("val")
        if isinstance(v, torch.Tensor):
            try:
                _tensor_type(v, a.name)
            except Unsupported as e:
                return f"operand {e}"
        elif not (v is None or _is_size_scalar(v) or _is_float_scalar(v)):
            return f"operand {a.name} of type {type(v).__name__}"
    return None


def _support(reasons: Dict[str, str], refused: Dict[str, str]):
    """Which nodes the partitioner may give Meld: those with a lowering,
    less ``refused`` (nodes whose lowering raised, with its reason)."""
    from torch.fx.passes.operator_support import OperatorSupportBase

    class MeldSupport(OperatorSupportBase):
        def is_node_supported(self, submodules, node) -> bool:
            if node.target is _check_linalg_errors:
                return False  # (the backend's own check, between partitions)
            reason = refused.get(node.name) or _unsupported_reason(node)
            # (shape arithmetic left to Python is not an op that fell back)
            # (getitem is part of its source op, reported there)
            if reason is not None and node.op == "call_function" and \
                    node.target is not operator.getitem and \
                    not isinstance(node.meta.get("val"), (torch.SymFloat, torch.SymBool)):
                reasons[node.name] = reason
            return reason is None

    return MeldSupport()


# -- partitions -------------------------------------------------------------------------

def _env_value(env, a):
    """An fx argument with its nodes replaced by what they translated to."""
    if isinstance(a, torch.fx.Node):
        v = env[a]
        if v is None:
            raise Unsupported(f"{a.name} is not computed by Meld")
        return v
    if isinstance(a, (list, tuple)):
        return type(a)(_env_value(env, x) for x in a)
    return a


def _translate_nodes(b: Builder, gm: torch.fx.GraphModule, env):
    """Translates ``gm``'s call_function nodes (its placeholders are in
    ``env``) and returns its output argument (fx nodes, to look up)."""
    for node in gm.graph.nodes:
        if node.op == "call_function":
            with b.location(node.name):
                if _is_size_scalar(node.meta.get("val")):
                    env[node] = _size_dim(b, node.meta["val"])
                elif node.target is operator.getitem:
                    env[node] = env[node.args[0]][node.args[1]]
                else:
                    args = [_env_value(env, a) for a in node.args]
                    kwargs = {k: _env_value(env, v) for k, v in node.kwargs.items()}
                    try:
                        env[node] = ATEN_OPS[node.target](b, node, *args, **kwargs)
                    except FrontendError as e:  # (Unsupported too) name the node
                        named = type(e)(f"{node.name} ({node.target}): {e}")
                        # (the partitioner leaves the node out, with the reason)
                        named.node, named.reason = node.name, str(e)
                        raise named from e
                    except Exception as e:  # noqa: BLE001 - a defect of the lowering:
                        # that op runs eagerly, reported, not the whole graph
                        why = f"internal error in Meld's lowering: {type(e).__name__}: {e}"
                        named = FrontendError(f"{node.name} ({node.target}): {why}")
                        named.node, named.reason = node.name, why
                        raise named from e
                    env[node] = _wrap_narrow(b, env[node], node.meta.get("val"))
                    env[node] = _as_traced_float(b, env[node], node.meta.get("val"))
                    _name_sizes(b, env[node], node.meta.get("val"))
        elif node.op == "output":
            return node.args[0]
        elif node.op == "get_attr":
            env[node] = getattr(gm, node.target)
        elif node.op != "placeholder":
            raise Unsupported(f"{node.op} node {node.name} in a partition")
    raise Unsupported("a graph without an output")


def _wrap_narrow(b: Builder, value, val):
    """An op's result brought into its narrow dtype's range (uint8, int16),
    as that dtype's arithmetic wraps; other results as they are."""
    if isinstance(value, (tuple, list)) and isinstance(val, (tuple, list)):
        return type(value)(_wrap_narrow(b, v, m) for v, m in zip(value, val))
    if isinstance(value, Value) and isinstance(val, torch.Tensor) and val.dtype in _NARROW:
        return L.wrap_narrow(b, value, _NARROW[val.dtype])
    return value


def _as_traced_float(b: Builder, value, val):
    """A floating result cast to the float dtype its node was traced with,
    where the lowering computed another. ATen's kernels and its meta
    functions can disagree: under CPU autocast, ``native_layer_norm`` of a
    bf16 input by f32 weights returns f32 statistics from its kernel but
    bf16 ones by its meta function, and the backward graph that reads them
    was traced with the meta's. The graph's traced dtypes are the contract
    between partitions."""
    if isinstance(value, (tuple, list)) and isinstance(val, (tuple, list)):
        return type(value)(_as_traced_float(b, v, m) for v, m in zip(value, val))
    if isinstance(value, Value) and isinstance(val, torch.Tensor) and \
            not _LOWERING_PARTS[0] and val.dtype in _ELEM:
        want = _ELEM[val.dtype]
        if want in _FLOAT_ELEMS and value.dtype in _FLOAT_ELEMS and value.dtype != want:
            return L.cast(b, value, want)
    return value


def _inline(b: Builder, gm: torch.fx.GraphModule, args: Sequence) -> List[Value]:
    """The values a subgraph (a torch.cond branch, a while_loop condition or
    body) computes from ``args``, written at the builder's current place.
    Sizes it names inside its region stay there."""
    outer_syms = dict(b.torch_syms)
    env: Dict[torch.fx.Node, object] = {}
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    if len(placeholders) != len(args):
        raise Unsupported(f"a subgraph of {len(placeholders)} inputs called with {len(args)}")
    for node, a in zip(placeholders, args):
        env[node] = a if isinstance(a, Value) else _size_dim(b, a)
        _name_sizes(b, env[node], node.meta.get("val"))
    try:
        result = _translate_nodes(b, gm, env)
        result = result if isinstance(result, (tuple, list)) else [result]
        return [_env_value(env, r) for r in result]
    finally:
        b.torch_syms = outer_syms


@_op(torch.ops.higher_order.cond)
def _cond(b, node, pred, true_graph, false_graph, operands, *rest):
    """torch.cond: a ``meld.if`` (a conditional node when captured)."""
    operands = list(operands)
    if not isinstance(pred, Value):
        # a Python or size predicate TorchDynamo left: one branch
        return tuple(_inline(b, true_graph if pred else false_graph, operands))
    return tuple(L.if_op(b, L.cast(b, pred, "i1"), lambda: _inline(b, true_graph, operands),
                         lambda: _inline(b, false_graph, operands)))


@_op(torch.ops.higher_order.while_loop)
def _while_loop(b, node, cond_graph, body_graph, carried, additional=(), *rest):
    """torch.while_loop: a ``meld.while`` over the carried tensors; the
    additional inputs are read from the enclosing scope."""
    carried, additional = list(carried), list(additional)
    if not all(isinstance(v, Value) for v in carried):
        raise Unsupported("a while_loop carrying a value that is not a tensor")
    return tuple(L.while_op(b, carried, lambda args: _inline(b, cond_graph,
                                                             list(args) + additional)[0],
                            lambda args: _inline(b, body_graph, list(args) + additional)))


_SEED = -1  # (in _Translation.tensor_args: a fresh random seed, not an argument)


class _Translation:
    """A partition's graph as meld IR text, with what its runtime wrapper
    needs: which arguments are tensors (sizes are not passed to Meld), which
    results are sizes (evaluated from the argument shapes), and where each
    symbol of those sizes is bound."""

    def __init__(self, gm: torch.fx.GraphModule, constants: Optional[Dict[str, object]] = None,
                 name: str = "main", subgraphs: Optional[Dict[str, object]] = None):
        constants = constants or {}
        subgraphs = subgraphs or {}
        b = Builder(name)
        b.torch_syms = {}
        b.torch_storage = {}  # placeholder name -> its storage's flat argument
        env: Dict[torch.fx.Node, object] = {}
        self.tensor_args: List[int] = []
        # arg -> (storage elements, sizes, strides, offset) of a view passed
        # as its storage (_reads_storage)
        self.storage_args: Dict[int, tuple] = {}
        self.bindings: Dict[object, tuple] = {}  # symbol -> (arg, axis or None)
        self.results: List[object] = []  # an output index, or a size expression
        self.output_dtypes: List[object] = []  # each output's torch dtype

        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        for i, node in enumerate(placeholders):
            val = node.meta.get("val")
            if node.name in subgraphs:  # a branch or loop body of torch.cond/while_loop
                env[node] = subgraphs[node.name]
            elif node.name in constants and not isinstance(constants[node.name],
                                                           torch.Tensor):
                # a constant input (meld.torch.export): its traced value
                env[node] = constants[node.name]
            elif node.name in constants:  # a weight, embedded (meld.torch.export)
                tensor = constants[node.name].detach().cpu().contiguous()
                ty = _tensor_type(tensor, node.name)
                if tensor.is_complex():  # (its real view, as the type says)
                    tensor = torch.view_as_real(tensor.resolve_conj()).contiguous()
                array = _to_numpy(tensor)
                if tensor.dtype in _NARROW:
                    array = array.astype(numpy_dtype(ty.dtype))
                if ty.dtype == "bf16":
                    array = array.view(numpy_dtype("bf16"))
                env[node] = b.constant(array, ty.dtype)
            elif isinstance(val, torch.Tensor) and _reads_storage(node, val):
                # a view that as_strided reads past: its whole storage in
                # (flat), the view gathered from it
                ty = _tensor_type(val, node.name)
                n = _storage_elements(val)
                storage = b.arg(TensorType(ty.dtype, (n,)), f"{node.name}_storage")
                b.torch_storage[node.name] = storage
                env[node] = _gather_strided(b, storage, list(val.shape), list(val.stride()),
                                            int(val.storage_offset()))
                self.tensor_args.append(i)
                self.storage_args[i] = (n, tuple(val.shape), tuple(val.stride()),
                                        int(val.storage_offset()))
            elif isinstance(val, torch.Tensor):
                env[node] = b.arg(_tensor_type(val, node.name), node.name)
                self.tensor_args.append(i)
                self._bind(val.shape, i)
            elif _is_float_scalar(val):
                env[node] = b.arg(TensorType("f64", ()), node.name)
                self.tensor_args.append(i)
            elif not _is_size_scalar(val):
                raise Unsupported(f"argument {node.name} of type {type(val).__name__}")
        for i, node in enumerate(placeholders):
            val = node.meta.get("val")
            if isinstance(val, torch.SymInt):
                self._bind([val], i, scalar=True)
        # symbols first bound by tensor arguments (meld.dim)
        for i, node in enumerate(placeholders):
            if isinstance(node.meta.get("val"), torch.Tensor) and node.name not in constants \
                    and i not in self.storage_args:
                _bind_sizes(b, env[node], node.meta["val"])
        # A symbol that only a size argument carries (a KV cache's length
        # passed as an int): an extra i8 argument of that length binds it
        # (at run time a zero-stride view, no memory).
        self.size_args: Dict[int, object] = {}
        for i, node in enumerate(placeholders):
            val = node.meta.get("val")
            if isinstance(val, torch.SymInt) and isinstance(val.node.expr, sympy.Symbol) and \
                    val.node.expr not in b.torch_syms:
                carrier = b.arg(TensorType("i8", (None,)), f"{node.name}_size")
                b.torch_syms[val.node.expr] = b.dim(carrier, 0)
                self.tensor_args.append(i)
                self.size_args[i] = val.node.expr
        for node in placeholders:
            _name_sizes(b, env.get(node), node.meta.get("val"))
        for node in placeholders:
            if _is_size_scalar(node.meta.get("val")):
                env[node] = _size_dim(b, node.meta["val"])

        b.torch_seed = None
        result = _translate_nodes(b, gm, env)
        if b.torch_seed is not None:  # (a random op made it: drawn per call)
            self.tensor_args.append(_SEED)
        outputs, as_tuple = [], isinstance(result, (tuple, list))
        for r in (result if as_tuple else [result]):
            val = r.meta.get("val") if isinstance(r, torch.fx.Node) else r
            if _is_size_scalar(val):
                # (a sympy expression: an int here is an output's index)
                self.results.append(val.node.expr if isinstance(val, torch.SymInt)
                                    else sympy.Integer(val))
            else:
                self.results.append(len(outputs))
                outputs.append(_env_value(env, r))
                self.output_dtypes.append(val.dtype if isinstance(val, torch.Tensor) else None)
        for expr in self.results:
            if not isinstance(expr, int):
                missing = expr.free_symbols - set(self.bindings)
                if missing:
                    raise Unsupported(f"size {expr} of unbound symbols")
        results = []
        for v in outputs:
            results.append(L.own_result(b, v, results))
        b.results = results
        self.as_tuple = as_tuple
        self.text = b.text() if results else None

    def _bind(self, sizes, arg: int, scalar: bool = False) -> None:
        for axis, d in enumerate(sizes):
            if isinstance(d, torch.SymInt) and isinstance(d.node.expr, sympy.Symbol):
                self.bindings.setdefault(d.node.expr, (arg, None if scalar else axis))

    def sizes(self, args) -> Dict[object, int]:
        """The symbols' values for one call's arguments."""
        out = {}
        for sym, (arg, axis) in self.bindings.items():
            out[sym] = int(args[arg]) if axis is None else int(args[arg].shape[axis])
        return out


@functools.lru_cache(maxsize=None)
def _usable_cache_dir(path: str) -> Optional[str]:
    try:
        os.makedirs(path, exist_ok=True)
        if os.access(path, os.W_OK | os.X_OK):
            return path
    except OSError:
        pass
    warnings.warn(f"meld.torch: cannot write the compile cache {path!r}; "
                  "compiling without it (set MELD_CACHE_DIR)", RuntimeWarning, stacklevel=3)
    return None


def cache_dir() -> Optional[str]:
    """Where compiled partitions are kept across processes (the JIT's disk
    cache, docs/embedding.md): ``$MELD_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/meld`` (``~/.cache/meld``); ``MELD_CACHE_DIR=""``
    turns it off. A directory that cannot be written is skipped with a
    warning."""
    path = os.environ.get("MELD_CACHE_DIR")
    if path is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"),
                                                                 ".cache")
        path = os.path.join(base, "meld")
    return _usable_cache_dir(os.path.abspath(path)) if path else None


def _kernels(executable) -> int:
    """The kernels one run of ``executable`` launches (its fusion report)."""
    for line in executable.fusion_report().splitlines():
        if "after fusion:" in line:
            return int(line.split("after fusion:")[1].split()[0])
    return 0


class CompiledPartition(torch.nn.Module):
    """A partition of an ATen graph compiled by Meld: tensors in, tensors
    out, through numpy arrays that share the tensors' memory. Under dynamic
    shapes one executable serves every size; each size's run is captured
    into a graph once (the last few kept) and replayed."""

    MAX_GRAPHS = 8

    def __init__(self, translation: "_Translation", ops: Sequence[str]):
        super().__init__()
        self.translation = translation
        self.text = translation.text
        self.ops = list(ops)
        self.executable = meld_compile(self.text, name="torch partition",
                                       cache_dir=cache_dir())
        signature = self.executable.signature()
        self.result_elems = [dtype for dtype, _ in signature.outputs]
        # each tensor argument's float dtype, where it has one: an eager op
        # before this partition (a fallback) may return another than it was
        # traced with (ATen's kernel and its meta function disagreeing)
        self.arg_floats = {i: _TORCH_DTYPE[elem] for i, (elem, _) in
                           zip(translation.tensor_args, signature.inputs)
                           if elem in _FLOAT_ELEMS}
        self.kernels = _kernels(self.executable)
        self._graphs: Dict[tuple, object] = {}
        self.eager = None  # the partition's ATen graph, for what Meld refuses at run time

    def forward(self, *args):
        t = self.translation
        arrays = []
        for i in t.tensor_args:
            if i == _SEED:
                arrays.append(np.asarray(torch.randint(0, 2**31 - 1, ()).item(), np.int64))
                continue
            a = args[i]
            if i in t.size_args:  # (a size's carrier, see _Translation)
                if int(a) < 0:
                    if self.eager is None:
                        raise ValueError(f"a negative size {int(a)} for {t.size_args[i]}")
                    return self.eager(*args)
                arrays.append(np.broadcast_to(np.zeros(1, np.int8), (int(a),)))
            elif i in t.storage_args:
                n, size, stride, offset = t.storage_args[i]
                if not isinstance(a, torch.Tensor) or _storage_elements(a) != n or \
                        tuple(a.shape) != size or tuple(a.stride()) != stride or \
                        a.storage_offset() != offset or a.dtype in _NARROW or a.is_complex():
                    if self.eager is None:
                        raise ValueError("a view unlike the one compiled for")
                    return self.eager(*args)
                arrays.append(_to_numpy(torch.as_strided(a.detach(), (n,), (1,), 0)))
            elif isinstance(a, torch.Tensor):
                if a.dtype in _NARROW:  # (widened to its carrier)
                    a = a.to(_TORCH_DTYPE[_elem_of(a.dtype)])
                elif a.is_complex():  # (its real view)
                    a = torch.view_as_real(a.resolve_conj())
                elif a.is_floating_point() and a.dtype != self.arg_floats.get(i, a.dtype):
                    a = a.to(self.arg_floats[i])
                arrays.append(_to_numpy(a.detach().contiguous()))
            else:
                arrays.append(np.asarray(float(a), np.float64))
        key = tuple(a.shape for a in arrays)
        graph = self._graphs.pop(key, None)
        if graph is None:
            if len(self._graphs) >= self.MAX_GRAPHS:
                self._graphs.pop(next(iter(self._graphs)))
            graph = self.executable.capture(*arrays)
        self._graphs[key] = graph  # (most recently used last)
        outs = [_from_numpy(o, elem) for o, elem in zip(graph(*arrays), self.result_elems)]
        outs = [o.to(d) if d in _NARROW else torch.view_as_complex(o) if d in _COMPLEX else
                o.view(torch.uint64) if d == torch.uint64 else o
                for o, d in zip(outs, t.output_dtypes)]
        sizes = None
        results = []
        for r in t.results:
            if isinstance(r, int):
                results.append(outs[r])
            else:
                if sizes is None:
                    sizes = t.sizes(args)
                results.append(int(r.xreplace(sizes)))
        return tuple(results) if t.as_tuple else results[0]


def _hint(d):
    """A size's (or a SymFloat's) value in the example the graph was
    traced with."""
    if isinstance(d, (torch.SymInt, torch.SymFloat)):
        hint = d.node.hint
        if hint is None:
            raise Unsupported(f"size {d} has no example value (it depends on data)")
        return float(hint) if isinstance(d, torch.SymFloat) else int(hint)
    return d


def _specialize(gm: torch.fx.GraphModule, args) -> torch.fx.GraphModule:
    """A copy of the partition ``gm`` with the sizes of ``args`` (tensors,
    real or fake, and ints): its nodes' values propagated again in a fake
    mode without symbols, so every size is static."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp

    graph = torch.fx.Graph()
    graph.output(graph.graph_copy(gm.graph, {}))  # (copies of the nodes' meta dicts)
    static = torch.fx.GraphModule(gm, graph)
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    with mode:
        fakes = [torch.empty_strided(a.shape, a.stride(), dtype=a.dtype)
                 if isinstance(a, torch.Tensor) else a for a in args]
    FakeTensorProp(static, mode).propagate_dont_convert_inputs(*fakes)
    return static


def _example_args(gm: torch.fx.GraphModule) -> list:
    """The partition's arguments at the traced example's sizes: meta
    tensors (no memory) and numbers."""
    out = []
    for node in gm.graph.nodes:
        if node.op != "placeholder":
            continue
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor):
            out.append(torch.empty_strided([_hint(d) for d in val.shape],
                                           [_hint(d) for d in val.stride()],
                                           dtype=val.dtype, device="meta"))
        elif _is_size_scalar(val) or _is_float_scalar(val):
            out.append(_hint(val))
        else:
            raise Unsupported(f"argument {node.name} of type {type(val).__name__}")
    return out


def _shape_key(args) -> tuple:
    """What a specialization depends on: the tensors' shapes and the sizes
    (not the floats, which are arguments)."""
    return tuple(tuple(a.shape) if isinstance(a, torch.Tensor) else
                 None if isinstance(a, float) else int(a) for a in args)


@dataclass
class _Plan:
    """What a proposed partition becomes: ``translation`` of its symbolic
    graph (one executable for every size), or ``specialized`` (why not,
    and its translation at the example's sizes: one executable per input
    shape), or ``refuse`` (a node whose lowering raised even at static
    sizes, with the reason: it goes to eager PyTorch and the graph is
    partitioned again), or ``failed`` (the partition runs eagerly)."""

    translation: Optional["_Translation"] = None
    specialized: Optional[str] = None
    example: Optional[tuple] = None
    refuse: Optional[tuple] = None
    failed: Optional[str] = None
    signature: tuple = ()


# (TypeError and IndexError too: a lowering's bug must not fail the user's
# program; the partition runs eagerly and the report names the error)
_TRANSLATION_ERRORS = (FrontendError, RuntimeError, ValueError, KeyError, TypeError,
                       IndexError)


def _signature(gm: torch.fx.GraphModule) -> tuple:
    """A partition's inputs and outputs by name: a translation of one
    proposal serves the fused submodule when these agree."""
    out = [n for n in gm.graph.nodes if n.op == "output"][0].args[0]
    outs = out if isinstance(out, (tuple, list)) else [out]
    return (tuple(n.name for n in gm.graph.nodes if n.op == "placeholder"),
            tuple(getattr(o, "name", repr(o)) for o in outs))


# How torch.compile takes a partition holding a convolution over dynamic
# spatial dims (dynamic image sizes, an audio length): "symbolic" (the
# default) compiles it once for every shape, "per-shape" once per input
# shape (a SpecializedPartition) with static kernels, compiled again for
# each new size (a ResNet-50 at 224: 66.9 ms symbolic, 67.0 per shape,
# Inductor's dynamic 70.0, interleaved on the AMD EPYC Zen 4 VM;
# docs/frontends.md, "Convolutions over dynamic spatial dims").
# MELD_TORCH_DYNAMIC_CONVOLUTIONS picks. meld.torch.export always writes the
# symbolic program.
DYNAMIC_CONVOLUTIONS = os.environ.get("MELD_TORCH_DYNAMIC_CONVOLUTIONS", "symbolic")


def _convolves_over_dynamic_spatial_dims(gm: torch.fx.GraphModule) -> bool:
    """Whether ``gm`` has a convolution whose input has a symbolic size past
    its batch and channels."""
    for n in gm.graph.nodes:
        if n.op == "call_function" and n.target is aten.convolution.default:
            val = getattr(n.args[0], "meta", {}).get("val")
            if val is not None and any(isinstance(d, torch.SymInt) for d in val.shape[2:]):
                return True
    return False


def _plan(gm: torch.fx.GraphModule, subgraphs) -> _Plan:
    plan = _Plan(signature=_signature(gm))
    # (a partition faster per shape is not translated symbolically first,
    # unless its specialization fails)
    per_shape = DYNAMIC_CONVOLUTIONS != "symbolic" and _convolves_over_dynamic_spatial_dims(gm)
    symbolic = None
    if not per_shape:
        try:
            plan.translation = _Translation(gm, subgraphs=subgraphs)
            return plan
        except _TRANSLATION_ERRORS as e:
            symbolic = e
    dynamic = any(isinstance(n.meta.get("val"), torch.SymInt) or any(
        isinstance(d, torch.SymInt) for d in getattr(n.meta.get("val"), "shape", ()))
        for n in gm.graph.nodes if n.op == "placeholder")
    uses_subgraphs = any(n.op == "get_attr" or n.name in subgraphs for n in gm.graph.nodes)
    error = symbolic
    if dynamic and not uses_subgraphs:
        try:
            args = _example_args(gm)
            plan.translation = _Translation(_specialize(gm, args))
            plan.specialized = f"{type(symbolic).__name__}: {symbolic}" if symbolic else \
                "a convolution over dynamic spatial dims, compiled per shape " \
                "(MELD_TORCH_DYNAMIC_CONVOLUTIONS=per-shape; symbolic for one executable)"
            plan.example = _shape_key(args)
            return plan
        except _TRANSLATION_ERRORS as e:
            error = e
        except Exception as e:  # noqa: BLE001 - torch's propagation of the sizes failed
            error = symbolic if getattr(symbolic, "node", None) else e
    if per_shape:
        try:  # (specializing failed: the symbolic translation)
            plan.translation = _Translation(gm, subgraphs=subgraphs)
            return plan
        except _TRANSLATION_ERRORS as e:
            error = e
    node = getattr(error, "node", None)
    if node is not None:
        plan.refuse = (node, error.reason)
    else:
        plan.failed = f"{type(error).__name__}: {error}"
    return plan


class SpecializedPartition(torch.nn.Module):
    """A partition that Meld compiles at static sizes only (a convolution
    over dynamic image sizes, say): translated and compiled once for each
    input shape it is called with (the last ``MAX_SHAPES`` kept). A shape
    whose translation or compilation fails runs eagerly, reported in the
    graph's :class:`Report` (``failed``), never an error to the caller."""

    MAX_SHAPES = 8

    def __init__(self, gm: torch.fx.GraphModule, ops: Sequence[str], reason: str,
                 example: tuple, first: "CompiledPartition", report: "Report", name: str):
        super().__init__()
        self.gm, self.ops, self.reason = gm, list(ops), reason
        self.report, self.name = report, name
        self._parts: Dict[tuple, Optional[CompiledPartition]] = {example: first}
        self.kernels = first.kernels
        self.text = first.text

    def forward(self, *args):
        key = _shape_key(args)
        if key in self._parts:
            part = self._parts.pop(key)
        else:
            if len(self._parts) >= self.MAX_SHAPES:
                self._parts.pop(next(iter(self._parts)))
            try:
                part = CompiledPartition(_Translation(_specialize(self.gm, args)), self.ops)
            except (CompileError, *_TRANSLATION_ERRORS) as e:
                self.report.failed[f"{self.name} at shapes {key}"] = f"{type(e).__name__}: {e}"
                part = None
        self._parts[key] = part  # (most recently used last)
        if part is None:
            return self.gm(*args)
        self.kernels = part.kernels
        return part(*args)


_MAX_REFINEMENTS = 64


def _compile_aten(graph: torch.fx.GraphModule, example_inputs, report: "Report"):
    """Partitions an ATen graph and compiles the partitions Meld takes.

    Each proposed partition is translated before it is fused: a node whose
    lowering refuses it (at static sizes too) is taken out and the graph
    partitioned again, so one such op runs eagerly, not its whole
    partition. A partition that translates only at static sizes is
    compiled per input shape (:class:`SpecializedPartition`)."""
    from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
    from torch.fx.passes.utils.fuser_utils import fuse_as_graphmodule, topo_sort

    _take_linalg_checks(graph)
    # unused results (batch statistics, pooling indices, their buffers)
    graph.graph.eliminate_dead_code()
    graph.recompile()
    report.nodes += sum(1 for n in graph.graph.nodes if n.op == "call_function"
                        and n.target is not operator.getitem
                        and not _is_size_scalar(n.meta.get("val")))
    # torch.cond / while_loop subgraphs, which partitions take as arguments
    subgraphs = {n.name: getattr(graph, n.target) for n in graph.graph.nodes
                 if n.op == "get_attr" and isinstance(getattr(graph, n.target, None),
                                                      torch.fx.GraphModule)}
    reasons: Dict[str, str] = {}
    refused: Dict[str, str] = {}
    plans: Dict[frozenset, _Plan] = {}

    def members(nodes) -> frozenset:
        return frozenset(n.name for n in nodes if n.op not in ("placeholder", "output"))

    for _ in range(_MAX_REFINEMENTS):
        reasons.clear()
        partitioner = CapabilityBasedPartitioner(graph, _support(reasons, refused),
                                                 allows_single_node_partition=True)
        partitions = partitioner.propose_partitions()
        again = False
        for p in partitions:
            key = members(p.nodes)
            if key not in plans:
                sub = fuse_as_graphmodule(graph, topo_sort(list(p.nodes)), "proposal")[0]
                plans[key] = _plan(sub, subgraphs)
            if plans[key].refuse is not None:
                node, why = plans[key].refuse
                refused[node] = why
                again = True
        if not again:
            break
    partitioned = partitioner.fuse_partitions(partitions)
    for node in list(partitioned.graph.nodes):
        if node.op != "call_module" or not node.target.startswith("fused_"):
            continue
        sub = getattr(partitioned, node.target)
        ops = [str(n.target).replace("aten.", "") for n in sub.graph.nodes
               if n.op == "call_function" and n.target is not operator.getitem
               and not _is_size_scalar(n.meta.get("val"))]
        if not ops:
            continue  # only shape arithmetic: it stays Python
        plan = plans.get(members(sub.graph.nodes))
        if plan is None or plan.signature != _signature(sub):
            plan = _plan(sub, subgraphs)  # (inputs renamed by an earlier fusion)
        try:
            if plan.failed is not None or plan.refuse is not None:
                raise Unsupported(plan.failed or f"{plan.refuse[0]}: {plan.refuse[1]}")
            if plan.translation.text is None:
                continue
            part = CompiledPartition(plan.translation, ops)
            part.eager = sub
            if plan.specialized is not None:
                part = SpecializedPartition(sub, ops, plan.specialized, plan.example, part,
                                            report, node.target)
                report.specialized[node.target] = plan.specialized
            setattr(partitioned, node.target, part)
            report.compiled.append(ops)
            report.partitions.append(part)
        except (CompileError, *_TRANSLATION_ERRORS) as e:
            report.failed[node.target] = f"{type(e).__name__}: {e}"
    in_partitions = {n.name for n in graph.graph.nodes} - set(reasons)
    targets = {n.name: str(n.target) for n in graph.graph.nodes}
    for name, reason in reasons.items():
        if name not in in_partitions:
            report.fallback[name] = reason
            report.fallback_ops[name] = targets.get(name, name)
    partitioned.recompile()
    return partitioned


def _attention_scores(query, key, value, is_causal, attn_mask, scale):
    """The scaled, masked scores of attention (keys and values repeated
    for each query head of a group under grouped-query attention), with
    the key, value and scale they used."""
    import math

    heads, kv_heads = query.size(1), key.size(1)
    if heads != kv_heads:
        key = key.repeat_interleave(heads // kv_heads, dim=1)
        value = value.repeat_interleave(heads // kv_heads, dim=1)
    scale = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    scores = torch.matmul(query, key.transpose(-2, -1)) * scale
    if is_causal:
        keep = torch.ones(query.size(-2), key.size(-2), dtype=torch.bool).tril()
        scores = scores.masked_fill(~keep, float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, float("-inf"))
        else:
            scores = scores + attn_mask
    return scores, key, value, scale


def _flash_attention_for_cpu(query, key, value, dropout_p=0.0, is_causal=False, *,
                            attn_mask=None, scale=None):
    """``aten._scaled_dot_product_flash_attention_for_cpu`` in core ATen.

    torch's own decomposition returns the attention weights where the op
    returns the log-sum-exp of the scores, which its backward reads: fine
    for inference, wrong gradients when training. This one returns the
    log-sum-exp (of the scaled, masked scores, per query row). A row that
    sees no key (every score -inf: a left-padded batch's padding) gives 0
    and a log-sum-exp of 0, as torch's kernel does, not NaN."""
    if dropout_p != 0.0:
        return NotImplemented  # (torch keeps the op)
    dtype = query.dtype
    query, key, value, attn_mask = _attention_in_float(query, key, value, attn_mask)
    scores, _, value, _ = _attention_scores(query, key, value, is_causal, attn_mask, scale)
    lse = _finite_lse(torch.logsumexp(scores, dim=-1))
    out = torch.matmul(torch.exp(scores - lse.unsqueeze(-1)), value)
    return out.to(dtype), lse


def _attention_in_float(*tensors):
    """Half-precision attention operands as float32: ATen's CPU flash
    attention computes the scores, their softmax and its log-sum-exp
    (which it returns as float32) and sums the products in float32, and
    rounds only the results. Done in bf16 (a training step under CPU
    autocast), each of them rounded, the step's gradients were up to 2x
    further from float64's than eager's."""
    return tuple(t.float() if t is not None and t.dtype in _HALF_DTYPES else t
                 for t in tensors)


def _finite_lse(lse):
    """The log-sum-exp of a row of -inf scores as 0: exp(-inf - 0) is 0
    where exp(-inf - -inf) is NaN."""
    return torch.where(lse == float("-inf"), torch.zeros_like(lse), lse)


def _flash_attention_for_cpu_backward(grad_out, query, key, value, out, lse, dropout_p,
                                     is_causal, *, attn_mask=None, scale=None):
    """Its backward in core ATen, from the log-sum-exp the forward saved:
    P = exp(S - lse), dV = P^T dO, dS = P (dO V^T - rowsum(dO O)),
    dQ = scale dS K, dK = scale dS^T Q (summed over a query group's heads
    under grouped-query attention)."""
    if dropout_p != 0.0:
        return NotImplemented
    dtype = query.dtype
    grad_out, query, key, value, out, attn_mask = _attention_in_float(
        grad_out, query, key, value, out, attn_mask)
    kv_heads = key.size(1)
    group = query.size(1) // kv_heads
    scores, key, value, scale = _attention_scores(query, key, value, is_causal, attn_mask,
                                                  scale)
    p = torch.exp(scores - _finite_lse(lse).unsqueeze(-1))
    grad_value = torch.matmul(p.transpose(-2, -1), grad_out)
    grad_p = torch.matmul(grad_out, value.transpose(-2, -1))
    grad_s = p * (grad_p - (grad_out * out).sum(-1, keepdim=True))
    grad_query = torch.matmul(grad_s, key) * scale
    grad_key = torch.matmul(grad_s.transpose(-2, -1), query) * scale
    if group != 1:
        shape = (grad_key.size(0), kv_heads, group) + tuple(grad_key.shape[2:])
        grad_key = grad_key.reshape(shape).sum(2)
        grad_value = grad_value.reshape(shape).sum(2)
    return grad_query.to(dtype), grad_key.to(dtype), grad_value.to(dtype)


def _fast_path_attention(x, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight,
                         proj_bias, mask, mask_type, key=None, value=None):
    """Self-attention (cross-attention with ``key`` and ``value``) of
    PyTorch's fused fast paths, batch first: the packed QKV projection,
    SDPA and the output projection. A bool mask marks the keys to skip; a
    float one is added to the scores. ``mask_type``: 0 an [L, S] mask, 1 a
    key padding mask [B, S], 2 a merged [B, H or 1, L, S] one."""
    import torch.nn.functional as F

    batch, length = x.shape[0], x.shape[1]
    heads_dim = embed_dim // num_heads
    if key is None:
        q, k, v = F.linear(x, qkv_weight, qkv_bias).chunk(3, dim=-1)
    else:
        wq, wk, wv = qkv_weight.chunk(3)
        bq, bk, bv = qkv_bias.chunk(3)
        q, k, v = F.linear(x, wq, bq), F.linear(key, wk, bk), F.linear(value, wv, bv)

    def heads(t):
        return t.reshape(t.shape[0], t.shape[1], num_heads, heads_dim).transpose(1, 2)

    if mask is not None:
        if mask_type == 1:
            mask = mask.reshape(mask.shape[0], 1, 1, mask.shape[-1])
        if mask.dtype == torch.bool:
            mask = ~mask  # (SDPA's bool mask marks the keys to attend)
    out = F.scaled_dot_product_attention(heads(q), heads(k), heads(v), attn_mask=mask)
    out = out.transpose(1, 2).reshape(batch, length, embed_dim)
    return F.linear(out, proj_weight, proj_bias)


def _transformer_encoder_layer(src, embed_dim, num_heads, qkv_weight, qkv_bias, proj_weight,
                               proj_bias, use_gelu, norm_first, eps, norm_weight_1,
                               norm_bias_1, norm_weight_2, norm_bias_2, ffn_weight_1,
                               ffn_bias_1, ffn_weight_2, ffn_bias_2, mask=None,
                               mask_type=None):
    """``aten._transformer_encoder_layer_fwd``, nn.TransformerEncoderLayer's
    fused fast path (eval, batch first), in core ATen: attention, feed
    forward and their layer norms, before (``norm_first``) or after the
    residual adds."""
    import torch.nn.functional as F

    def attention(x):
        return _fast_path_attention(x, embed_dim, num_heads, qkv_weight, qkv_bias,
                                    proj_weight, proj_bias, mask, mask_type)

    def feed_forward(x):
        hidden = F.linear(x, ffn_weight_1, ffn_bias_1)
        hidden = F.gelu(hidden) if use_gelu else F.relu(hidden)
        return F.linear(hidden, ffn_weight_2, ffn_bias_2)

    shape = (embed_dim,)
    if norm_first:
        x = src + attention(F.layer_norm(src, shape, norm_weight_1, norm_bias_1, eps))
        return x + feed_forward(F.layer_norm(x, shape, norm_weight_2, norm_bias_2, eps))
    x = F.layer_norm(src + attention(src), shape, norm_weight_1, norm_bias_1, eps)
    return F.layer_norm(x + feed_forward(x), shape, norm_weight_2, norm_bias_2, eps)


def _native_multi_head_attention(query, key, value, embed_dim, num_head, qkv_weight,
                                 qkv_bias, proj_weight, proj_bias, mask=None,
                                 need_weights=True, average_attn_weights=True,
                                 mask_type=None):
    """``aten._native_multi_head_attention``, nn.MultiheadAttention's fast
    path, without the attention weights (torch keeps the op when they are
    asked for)."""
    if need_weights:
        return NotImplemented
    self_attention = key is query and value is query
    out = _fast_path_attention(query, embed_dim, num_head, qkv_weight, qkv_bias, proj_weight,
                               proj_bias, mask, mask_type,
                               *(() if self_attention else (key, value)))
    return out, out.new_empty(0)


def _mkldnn_rnn_layer(input, w0, w1, w2, w3, hx, cx, reverse, batch_sizes, mode, hidden_size,
                      num_layers, has_biases, bidirectional, batch_first, train):
    """``aten.mkldnn_rnn_layer``, one LSTM layer in inference (torch's
    decomposition of ``aten.lstm`` on the CPU picks it) in core ATen: torch's
    own step-by-step ``one_layer_lstm``, over time-major input. The
    workspace is oneDNN's, empty."""
    from torch._decomp.decompositions import one_layer_lstm

    if mode != 2 or batch_sizes or bidirectional or batch_first or num_layers != 1 or train:
        return NotImplemented
    params = [w0, w1, w2, w3] if has_biases else [w0, w1]
    out, (hy, cy) = one_layer_lstm(input, (hx.squeeze(0), cx.squeeze(0)), params, has_biases,
                                   reverse)
    return out, hy.unsqueeze(0), cy.unsqueeze(0), input.new_empty(0, dtype=torch.uint8)


def _foreach_decomposition(foreach, op):
    """``torch._foreach_<op>`` (the overload ``foreach``) as ``aten.<op>`` on
    each tensor of its lists: an argument that is a list gives each call its
    element, any other is passed to every call. Arguments past those ``op``
    takes by position (addcmul's ``value``) go by name. The ATen op picks
    its overload by the arguments, as a call from Python does. Optimizer
    steps traced with ``foreach=True`` are made of these; the per-tensor
    ops then decompose to core ATen like any other."""
    names = [a.name for a in foreach._schema.arguments]
    positional = max(sum(not a.kwarg_only for a in getattr(op, o)._schema.arguments)
                     for o in op.overloads())

    def decomposition(*args, **kwargs):
        kwargs = dict(kwargs, **dict(zip(names[positional:], args[positional:])))
        args = args[:positional]
        lists = [a for a in (*args, *kwargs.values()) if isinstance(a, (list, tuple))]
        pick = lambda a, i: a[i] if isinstance(a, (list, tuple)) else a  # noqa: E731
        return [op(*(pick(a, i) for a in args), **{k: pick(v, i) for k, v in kwargs.items()})
                for i in range(len(lists[0]))]
    return decomposition


@functools.lru_cache(maxsize=None)
def _foreach_decompositions() -> dict:
    """Every functional overload of every ``aten._foreach_<op>`` whose
    ``aten.<op>`` exists: ``_foreach_decomposition`` (built once)."""
    table = {}
    for name in dir(aten):
        if not name.startswith("_foreach_") or name.endswith("_"):
            continue
        per_tensor = getattr(aten, name[len("_foreach_"):], None)
        if not isinstance(per_tensor, torch._ops.OpOverloadPacket):
            continue
        packet = getattr(aten, name)
        for overload in packet.overloads():
            if not overload.endswith("out"):
                foreach = getattr(packet, overload)
                table[foreach] = _foreach_decomposition(foreach, per_tensor)
    return table


def _rows_swapped(x, i, j):
    """`x` ([..., n, m]) with rows `i` and `j` ([...] integer tensors)
    exchanged, by a gather (a permutation by products would turn an
    infinite entry into NaNs)."""
    n = x.size(-2)
    rows = torch.arange(n, device=x.device)
    i, j = i.unsqueeze(-1), j.unsqueeze(-1)
    perm = torch.where(rows == i, j, torch.where(rows == j, i, rows))
    return torch.gather(x, -2, perm.unsqueeze(-1).expand(x.shape))


def _per_matrix(flags):
    """A batch of per-matrix flags, broadcastable over the matrices."""
    return flags.unsqueeze(-1).unsqueeze(-1)


def _ldl_factor_ex(a, *, hermitian=False, check_errors=False):
    """``aten.linalg_ldl_factor_ex`` (real matrices, hermitian=False): LAPACK's
    unblocked Bunch-Kaufman ``sytf2`` on the lower triangle, as torch's
    ``sytrf`` computes it for these sizes (block size 64 and up use the
    same pivots), unrolled over the columns with every choice a ``where``:
    a 1 x 1 pivot, or the 2 x 2 one whose columns a carried flag then skips.
    Interchanges touch only the trailing matrix (LAPACK's storage: earlier
    columns of L are not permuted), `pivots` are LAPACK's (1-based,
    negative for both columns of a 2 x 2 block), `info` the first column
    whose pivot was exactly zero. Matrices of more than 64 rows stay in
    torch (the unrolled steps grow as n^3 ops)."""
    n = a.size(-1)
    if a.is_complex() or check_errors or n > 64:
        return NotImplemented
    batch = a.shape[:-2]
    pivots = torch.zeros(*batch, n, dtype=torch.int32, device=a.device)
    info = torch.zeros(batch, dtype=torch.int32, device=a.device)
    if n == 0:
        return a.clone(), pivots, info
    alpha = (1.0 + 17.0 ** 0.5) / 8.0
    low = torch.tril(a)
    w = low + torch.tril(a, -1).transpose(-2, -1)  # symmetric from the lower
    idx = torch.arange(n, device=a.device)
    skip = torch.zeros(batch, dtype=torch.bool, device=a.device)
    for k in range(n):
        col = w[..., :, k]
        absakk = col[..., k].abs()
        below = torch.where(idx > k, col.abs(), torch.full_like(col, -1.0))
        imax = torch.argmax(below, dim=-1)
        colmax = below.amax(-1).clamp(min=0.0) if k < n - 1 else torch.zeros_like(absakk)
        onehot = (idx == imax.unsqueeze(-1)).to(w.dtype)
        row = (onehot.unsqueeze(-1) * w).sum(-2)  # row imax
        rowmax = torch.where((idx >= k) & (idx != imax.unsqueeze(-1)), row.abs(),
                             torch.zeros_like(row)).amax(-1)
        aimax = (onehot * torch.diagonal(w, dim1=-2, dim2=-1)).sum(-1).abs()
        zero = (torch.maximum(absakk, colmax) == 0) | torch.isnan(absakk)
        keep = absakk >= alpha * colmax
        keep = keep | (absakk >= alpha * colmax * (colmax / rowmax))
        take = ~keep & (aimax >= alpha * rowmax)
        two = ~keep & ~take & ~zero & ~skip
        kk = torch.full_like(imax, k) + two.long()
        kp = torch.where(keep | zero, torch.full_like(imax, k), imax)
        active = ~skip & ~zero
        # The interchange of kk and kp, in the trailing matrix only.
        trail = (idx >= k).unsqueeze(-1) & (idx >= k)
        swapped = _rows_swapped(_rows_swapped(w, kk, kp).transpose(-2, -1), kk, kp)
        w = torch.where((active & (kp != kk)).unsqueeze(-1).unsqueeze(-1) & trail,
                        swapped.transpose(-2, -1), w)
        # A 1 x 1 pivot.
        x = torch.where(idx > k, w[..., :, k], torch.zeros_like(col))
        d = w[..., k, k].unsqueeze(-1)
        rest = (idx > k).unsqueeze(-1) & (idx > k)
        one_w = torch.where(rest, w - x.unsqueeze(-1) * x.unsqueeze(-2) / d.unsqueeze(-1), w)
        one_w = torch.where(((idx > k) & (idx.unsqueeze(-1) == k)).transpose(-2, -1),
                            (x / d).unsqueeze(-1).expand_as(w), one_w)
        # A 2 x 2 pivot (k, k + 1).
        if k < n - 1:
            ca, cb = w[..., :, k], w[..., :, k + 1]
            d21 = w[..., k + 1, k]
            d11 = w[..., k + 1, k + 1] / d21
            d22 = w[..., k, k] / d21
            t = 1.0 / (d11 * d22 - 1.0)
            d21 = (t / d21).unsqueeze(-1)
            after = idx > k + 1
            wk = torch.where(after, d21 * (d11.unsqueeze(-1) * ca - cb), torch.zeros_like(ca))
            wk1 = torch.where(after, d21 * (d22.unsqueeze(-1) * cb - ca), torch.zeros_like(cb))
            rest2 = after.unsqueeze(-1) & after
            two_w = torch.where(rest2, w - (ca.unsqueeze(-1) * wk.unsqueeze(-2)
                                            + cb.unsqueeze(-1) * wk1.unsqueeze(-2)), w)
            colk = (idx.unsqueeze(-1) > k + 1) & (idx == k)
            colk1 = (idx.unsqueeze(-1) > k + 1) & (idx == k + 1)
            two_w = torch.where(colk, wk.unsqueeze(-1).expand_as(w), two_w)
            two_w = torch.where(colk1, wk1.unsqueeze(-1).expand_as(w), two_w)
        else:
            two_w = w
        w = torch.where(_per_matrix(active & two), two_w,
                        torch.where(_per_matrix(active), one_w, w))
        info = torch.where(zero & ~skip & (info == 0), torch.full_like(info, k + 1), info)
        piv = torch.where(two, -(kp + 1), kp + 1).to(torch.int32)
        at = idx == k
        at2 = (idx == k + 1) & two.unsqueeze(-1)
        pivots = torch.where(~skip.unsqueeze(-1) & (at | at2), piv.unsqueeze(-1), pivots)
        skip = two
    return torch.tril(w), pivots, info


def _ldl_solve(ld, pivots, b, *, hermitian=False):
    """``aten.linalg_ldl_solve`` (real, hermitian=False): LAPACK's ``sytrs``
    on the factors of `_ldl_factor_ex`, unrolled over the rows like it:
    L D Y = P B down the rows, then L^T X = Y up them, each 2 x 2 block of
    D solved in closed form (LAPACK's own formulas)."""
    n = ld.size(-1)
    if ld.is_complex() or n > 64:
        return NotImplemented
    batch = torch.broadcast_shapes(ld.shape[:-2], b.shape[:-2])
    ld = ld.expand(*batch, n, n)
    pivots = pivots.expand(*batch, n).long()
    x = b.expand(*batch, *b.shape[-2:]).clone()
    if n == 0:
        return x
    idx = torch.arange(n, device=ld.device)
    rows = lambda m: m.unsqueeze(-1)  # noqa: E731
    col = lambda j: ld[..., :, j].unsqueeze(-1)  # noqa: E731
    skip = torch.zeros(batch, dtype=torch.bool, device=ld.device)
    for k in range(n):
        p = pivots[..., k]
        one = ~skip & (p > 0)
        two = ~skip & (p < 0) if k < n - 1 else torch.zeros_like(skip)
        kp = torch.where(p > 0, p - 1, -p - 1)
        # 1 x 1: interchange k and kp, eliminate below, divide by D.
        y = _rows_swapped(x, torch.full_like(kp, k), kp)
        xk = y[..., k:k + 1, :]
        y = torch.where(rows(idx > k), y - col(k) * xk, y)
        y1 = torch.where(rows(idx == k), y / ld[..., k, k].unsqueeze(-1).unsqueeze(-1), y)
        if k < n - 1:
            # 2 x 2: interchange k + 1 and kp, eliminate below both, solve.
            z = _rows_swapped(x, torch.full_like(kp, k + 1), kp)
            zk, zk1 = z[..., k:k + 1, :], z[..., k + 1:k + 2, :]
            z = torch.where(rows(idx > k + 1), z - col(k) * zk - col(k + 1) * zk1, z)
            akm1k = ld[..., k + 1, k].unsqueeze(-1).unsqueeze(-1)
            akm1 = ld[..., k, k].unsqueeze(-1).unsqueeze(-1) / akm1k
            ak = ld[..., k + 1, k + 1].unsqueeze(-1).unsqueeze(-1) / akm1k
            denom = akm1 * ak - 1.0
            bkm1, bk = zk / akm1k, zk1 / akm1k
            z = torch.where(rows(idx == k), (ak * bkm1 - bk) / denom, z)
            z = torch.where(rows(idx == k + 1), (akm1 * bk - bkm1) / denom, z)
        else:
            z = x
        x = torch.where(_per_matrix(two), z, torch.where(_per_matrix(one), y1, x))
        skip = two
    skip = torch.zeros(batch, dtype=torch.bool, device=ld.device)
    for k in reversed(range(n)):
        p = pivots[..., k]
        one = ~skip & (p > 0)
        two = ~skip & (p < 0) if k > 0 else torch.zeros_like(skip)
        kp = torch.where(p > 0, p - 1, -p - 1)
        below = rows(idx > k)
        rowk = (torch.where(below, col(k) * x, torch.zeros_like(x))).sum(-2, keepdim=True)
        y = torch.where(rows(idx == k), x - rowk, x)
        if k > 0:
            rowk1 = (torch.where(below, col(k - 1) * x, torch.zeros_like(x))).sum(-2, keepdim=True)
            z = torch.where(rows(idx == k - 1), y - rowk1, y)
        else:
            z = y
        y = _rows_swapped(y, torch.full_like(kp, k), kp)
        z = _rows_swapped(z, torch.full_like(kp, k), kp)
        x = torch.where(_per_matrix(two), z, torch.where(_per_matrix(one), y, x))
        skip = two
    return x


def _narrow_by_tensor(x, dim, start, length):
    """``aten.narrow.Tensor`` (a 0-dim tensor start): eager reads the start
    with ``.item()``, which AOTAutograd cannot trace; here the ``length``
    positions from it (a negative start counted from the end) are gathered,
    so a start out of range is the gather's run-time error."""
    n = x.size(dim)
    s = start.reshape(()).to(torch.int64)
    s = torch.where(s < 0, s + n, s)
    return torch.index_select(x, dim, s + torch.arange(length, device=x.device))


def _class_weighted_rows(target, weight, ignore_index, num_classes, dtype):
    """Linear cross-entropy's per-row weight of index targets (the class
    weight of each row's target, 0 on ignored rows) and the targets with
    ignored rows pointed at class 0, as torch's chunked op computes them."""
    ignored = target == ignore_index
    target = torch.where(ignored, 0, target)
    w = torch.ones((), dtype=dtype) if weight is None else \
        weight.to(dtype).index_select(0, target)
    return torch.where(ignored, 0, w).to(dtype), target


def _class_weighted_targets(target, weight, dtype):
    """Linear cross-entropy's probability targets times the class weights."""
    wt = target.to(dtype)
    return wt if weight is None else wt * weight.to(dtype)


def _linear_logits(input, linear_weight, linear_bias, acc_dtype):
    logits = input.to(acc_dtype) @ linear_weight.to(acc_dtype).t()
    return logits if linear_bias is None else logits + linear_bias.to(acc_dtype)


def _linear_cross_entropy(input, linear_weight, target, linear_bias, weight, reduction,
                          ignore_index, label_smoothing, batch_chunk_size, acc_policy,
                          acc_dtype, allow_retain_graph, compute_input_grad,
                          compute_linear_weight_grad, compute_linear_bias_grad):
    """``torch_nn._linear_cross_entropy_batch_chunked`` (F.linear_cross_entropy
    with a mean or sum reduction): the loss of ``input @ linear_weight^T +
    linear_bias`` and, as torch's op does in its forward, the gradients its
    backward scales by the upstream gradient. Unchunked, in ``acc_dtype``:
    with G the loss's gradient in the logits, ``G @ W``, ``G^T @ x`` and
    ``G``'s column sums. Index targets: G = r (softmax - onehot) with r the
    row's class weight over the weights' sum (mean) or 1 (sum); probability
    targets: G = s (softmax * sum(w t) - w t), s = 1/N (mean) or 1.
    (AOTAutograd differentiates the decomposed loss itself; these serve
    where the op's registered backward runs.)"""
    if label_smoothing > 0.0:
        raise NotImplementedError("linear_cross_entropy does not support label smoothing")
    dtype = input.dtype
    n, classes = input.size(0), linear_weight.size(0)
    logits = _linear_logits(input, linear_weight, linear_bias, acc_dtype)
    logp = torch.log_softmax(logits, dim=1)
    if target.dtype.is_floating_point:
        wt = _class_weighted_targets(target, weight, acc_dtype)
        scale = (1.0 / n if n else float("nan")) if reduction == "mean" else 1.0
        loss = -(wt * logp).sum() * scale
        grad = (logp.exp() * wt.sum(1, keepdim=True) - wt) * scale
    else:
        r, t = _class_weighted_rows(target, weight, ignore_index, classes, acc_dtype)
        if reduction == "mean":
            d = r.sum()
            r = r / torch.where(d == 0, torch.nan, d)
        loss = -(r * logp.gather(1, t.unsqueeze(1)).squeeze(1)).sum()
        # (not F.one_hot: its range checks are asserts Meld has no op for)
        onehot = (t.unsqueeze(1) == torch.arange(classes, device=t.device)).to(acc_dtype)
        grad = r.unsqueeze(1) * (logp.exp() - onehot)
    empty = input.new_empty
    grad_input = (grad @ linear_weight.to(acc_dtype)).to(dtype) \
        if compute_input_grad else empty((0, 0))
    grad_weight = (grad.t() @ input.to(acc_dtype)).to(dtype) \
        if compute_linear_weight_grad else empty((0, 0))
    grad_bias = grad.sum(0).to(dtype) if compute_linear_bias_grad else empty((0,))
    return loss.to(dtype), grad_input, grad_weight, grad_bias


def _linear_cross_entropy_rows(input, linear_weight, target, linear_bias, weight,
                               ignore_index, batch_chunk_size, acc_policy, acc_dtype):
    """``torch_nn._linear_cross_entropy_batch_chunked_no_reduction``: each
    row's loss (its class weight times log-sum-exp minus the target's logit;
    probability targets: the weighted targets' mass times log-sum-exp minus
    their dot with the logits)."""
    logits = _linear_logits(input, linear_weight, linear_bias, acc_dtype)
    lse = torch.logsumexp(logits, dim=1)
    if target.dtype.is_floating_point:
        wt = _class_weighted_targets(target, weight, acc_dtype)
        rows = wt.sum(1) * lse - (wt * logits).sum(1)
    else:
        r, t = _class_weighted_rows(target, weight, ignore_index, linear_weight.size(0),
                                    acc_dtype)
        rows = r * (lse - logits.gather(1, t.unsqueeze(1)).squeeze(1))
    return rows.to(input.dtype)


def _narrows_by_tensor(gm: torch.fx.GraphModule) -> None:
    """TorchDynamo's graph with each ``narrow`` whose start is a tensor made
    a call of ``_narrow_by_tensor``: AOTAutograd would expand it to
    ``.item()`` first, a value it cannot trace."""
    changed = False
    for node in gm.graph.nodes:
        if node.op == "call_function" and node.target is torch.narrow:
            x, dim, start, length = node.args[:4]
        elif node.op == "call_method" and node.target == "narrow":
            x, dim, start, length = node.args[:4]
        else:
            continue
        if isinstance(start, torch.fx.Node) and \
                isinstance(start.meta.get("example_value"), torch.Tensor):
            node.op, node.target = "call_function", _narrow_by_tensor
            node.args, node.kwargs = (x, dim, start, length), {}
            changed = True
    if changed:
        gm.recompile()


# The normalizations whose ATen kernels take a half-precision input with
# float weights and statistics (as CPU autocast leaves them) and return
# float statistics, where their meta functions say half.
_MIXED_NORMS = ("native_layer_norm.default", "native_group_norm.default",
                "native_batch_norm.default", "_native_batch_norm_legit.default",
                "_native_batch_norm_legit.no_stats",
                "_native_batch_norm_legit_functional.default",
                "_native_batch_norm_legit_no_training.default")


def _norm_of_mixed_floats(op):
    """``op`` of a half-precision input by float weights as the same op of
    the input in float, its output cast back: its statistics float, as
    ATen's kernel returns them. Traced as torch's meta function has it, the
    statistics were half precision, and the backward graph, which reads
    them, rounded them: a batch norm over 2 values per channel (a small
    ResNet's last stage, 2 images under bf16 autocast) then gave its
    convolution's weight a gradient 2.2 from float64's (relative; eager
    and Inductor 0.16)."""
    def decomposition(x, *args, **kwargs):
        floats = {a.dtype for a in args if isinstance(a, torch.Tensor) and
                  a.is_floating_point()}
        if x.dtype not in _HALF_DTYPES or len(floats) != 1 or floats & set(_HALF_DTYPES):
            return NotImplemented  # (torch keeps the op: one float type, or several)
        out = op(x.to(floats.pop()), *args, **kwargs)
        return (out[0].to(x.dtype),) + tuple(out[1:])
    return decomposition


def _decompositions():
    from torch._decomp import core_aten_decompositions

    table = core_aten_decompositions()
    table.update(_foreach_decompositions())
    table[aten._scaled_dot_product_flash_attention_for_cpu.default] = _flash_attention_for_cpu
    table[aten._scaled_dot_product_flash_attention_for_cpu_backward.default] = \
        _flash_attention_for_cpu_backward
    table[aten._transformer_encoder_layer_fwd.default] = _transformer_encoder_layer
    table[aten._native_multi_head_attention.default] = _native_multi_head_attention
    table[aten.mkldnn_rnn_layer.default] = _mkldnn_rnn_layer
    table[aten.linalg_ldl_factor_ex.default] = _ldl_factor_ex
    # (the training batch norm's backward: torch's own decomposition)
    from torch._decomp import decomposition_table
    if aten.batch_norm_backward.default in decomposition_table:
        table[aten.batch_norm_backward.default] = \
            decomposition_table[aten.batch_norm_backward.default]
    table[aten.linalg_ldl_solve.default] = _ldl_solve
    for name in _MIXED_NORMS:
        packet, overload = name.split(".")
        op = getattr(getattr(aten, packet), overload)
        table[op] = _norm_of_mixed_floats(op)
    chunked = getattr(torch.ops, "torch_nn", None)
    if chunked is not None and hasattr(chunked, "_linear_cross_entropy_batch_chunked"):
        table[chunked._linear_cross_entropy_batch_chunked.default] = _linear_cross_entropy
        table[chunked._linear_cross_entropy_batch_chunked_no_reduction.default] = \
            _linear_cross_entropy_rows
    return table


def _export_decompositions():
    """The backend's table, and the interpolations that torch.export keeps
    whole as core ATen (``upsample_bilinear2d.vec``, say), where AOTAutograd
    decomposes them before Meld sees the graph: decomposed here too."""
    from torch._decomp import decomposition_table

    table = _decompositions()
    for name in ("upsample_nearest1d", "upsample_nearest2d", "upsample_nearest3d",
                 "_upsample_nearest_exact1d", "_upsample_nearest_exact2d",
                 "_upsample_nearest_exact3d", "upsample_linear1d", "upsample_bilinear2d",
                 "upsample_bicubic2d", "upsample_trilinear3d"):
        packet = getattr(aten, name, None)
        for overload in ("vec", "default"):
            op = getattr(packet, overload, None) if packet is not None else None
            if op is not None and op in decomposition_table and op not in ATEN_OPS:
                table[op] = decomposition_table[op]
    return table


def backend(gm: torch.fx.GraphModule, example_inputs):
    """The TorchDynamo backend ``"meld"`` (see the module's docstring):
    AOTAutograd traces ``gm`` to core ATen (a forward graph, and a backward
    graph when gradients are needed), and each graph is partitioned and
    compiled by Meld."""
    from torch._dynamo.exc import RestartAnalysis
    from torch._functorch.aot_autograd import aot_module_simplified, make_boxed_func
    from torch._functorch.partitioners import min_cut_rematerialization_partition

    report = Report()
    reports.append(report)
    _narrows_by_tensor(gm)

    def compiler(graph, inputs):
        return make_boxed_func(_compile_aten(graph, inputs, report))

    try:
        return aot_module_simplified(gm, example_inputs, fw_compiler=compiler,
                                     bw_compiler=compiler,
                                     partition_fn=min_cut_rematerialization_partition,
                                     decompositions=_decompositions())
    except RestartAnalysis:
        reports.remove(report)
        raise  # TorchDynamo's signal to trace the frame again, not a failure
    except Exception as e:  # noqa: BLE001 - the graph stays with PyTorch, reported
        report.failed["<whole graph>"] = f"AOTAutograd could not trace it: {type(e).__name__}: {e}"
        return gm.forward


@dataclass
class Explanation:
    """What ``torch.compile(model, backend="meld")`` did with a model:
    ``fallbacks`` lists (op, reason) for every ATen op left to eager
    PyTorch (empty when everything ran through Meld), ``kernels`` counts the
    Meld kernels one call launches, ``reports`` has each captured graph's
    :class:`Report` (a forward and, when training, a backward).
    ``graph_breaks`` has TorchDynamo's reason for each graph break of the
    run (``explain`` fills it): the code between two graphs runs in eager
    PyTorch, so each break is a fallback too."""

    reports: List[Report]
    graph_breaks: List[str] = field(default_factory=list)

    @property
    def fallbacks(self):
        out = []
        for r in self.reports:
            out += [(r.fallback_ops.get(n, n), why) for n, why in r.fallback.items()]
            out += [(f"partition {n}", why) for n, why in r.failed.items()]
        out += [("graph break", why) for why in self.graph_breaks]
        return out

    @property
    def kernels(self) -> int:
        return sum(p.kernels for r in self.reports for p in r.partitions)

    def __str__(self) -> str:
        ops = sum(r.compiled_nodes for r in self.reports)
        parts = sum(len(r.partitions) for r in self.reports)
        eager = len(self.fallbacks) - len(self.graph_breaks)
        lines = [f"Meld compiled {ops} ATen ops in {parts} partition(s), "
                 f"{self.kernels} kernel(s); {eager} op(s) ran in eager PyTorch"
                 + (f", and the code at {len(self.graph_breaks)} graph break(s)"
                    if self.graph_breaks else ""),
                 "",
                 "| graph | partition | ATen ops | Meld kernels |",
                 "| --- | --- | --- | --- |"]
        for g, r in enumerate(self.reports):
            for i, (p, ops) in enumerate(zip(r.partitions, r.compiled)):
                lines.append(f"| {g} | {i} | {len(ops)} | {p.kernels} |")
        per_shape = [(n, why) for r in self.reports for n, why in r.specialized.items()]
        if per_shape:
            lines += ["", "| partition compiled per input shape | why |", "| --- | --- |"]
            lines += [f"| {n} | {why} |" for n, why in per_shape]
        if self.fallbacks:
            lines += ["", "| eager op | reason |", "| --- | --- |"]
            lines += [f"| {op} | {why} |" for op, why in self.fallbacks]
        return "\n".join(lines)


def explain(model, *args, **kwargs) -> Explanation:
    """Compiles ``model`` with the meld backend, runs it once on ``args``
    (without autograd) and says what Meld compiled and what it left to
    eager PyTorch (:class:`Explanation`)."""
    import torch._dynamo

    torch._dynamo.reset()
    start = len(reports)
    with graph_breaks() as breaks:
        compiled = torch.compile(model, backend=backend)
        with torch.no_grad():
            compiled(*args, **kwargs)
    return Explanation(reports[start:], breaks)


@contextlib.contextmanager
def graph_breaks():
    """Collects, into the list it yields, TorchDynamo's reason for each
    graph break inside the block (its first two lines: what and why; the
    rest is hints and links), one entry per break."""
    from torch._dynamo.utils import counters

    before = collections.Counter(counters["graph_break"])
    found: List[str] = []
    try:
        yield found
    finally:
        breaks = collections.Counter(counters["graph_break"]) - before
        found += [" ".join(line.strip() for line in why.splitlines()[:2] if line.strip())
                  for why, count in breaks.items() for _ in range(count)]


def export(exported_program, path=None, *, name: str = "main") -> str:
    """meld IR for a ``torch.export`` program, written to ``path`` when given
    (a ``.mlir`` file for ``meld-opt``, ``meld-compile`` and ``meld-run``).

    The program is decomposed to core ATen as the backend does; its
    parameters, buffers and constants become ``meld.constant`` ops, its
    user inputs the function's arguments (dynamic dims from
    ``torch.export.Dim`` are ``?``). Export is whole-program: an op Meld
    cannot take raises :class:`meld.frontend.Unsupported` naming every such
    op, with no partial result."""
    ep = exported_program.run_decompositions(_export_decompositions())
    gm = ep.graph_module
    sig = ep.graph_signature
    weights = {**ep.state_dict, **getattr(ep, "constants", {})}
    constants = {}
    for spec in sig.input_specs:
        target = getattr(spec, "target", None)
        if target is not None and target in weights:
            constants[spec.arg.name] = weights[target]
        elif isinstance(spec.arg, torch.export.graph_signature.ConstantArgument):
            # (a user input torch.export fixed, a flag such as use_cache)
            constants[spec.arg.name] = spec.arg.value
    missing = {}
    for node in gm.graph.nodes:
        if node.op == "call_function":
            reason = _unsupported_reason(node)
            if reason is not None and node.target is not operator.getitem:
                missing[node.name] = f"{node.target}: {reason}"
    if missing:
        raise Unsupported("Meld cannot export this program: " +
                          "; ".join(f"{n} ({why})" for n, why in missing.items()))
    text = _Translation(gm, constants, name=name).text
    if text is None:
        raise Unsupported("the program computes no tensor")
    if path is not None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return text
