"""The ``meld`` TorchDynamo backend: ATen graphs through the shared op table.

``backend(gm, example_inputs)`` is what ``torch.compile(..., backend="meld")``
calls for every graph TorchDynamo captures:

1. trace ``gm`` to ATen with AOTAutograd and torch's core ATen
   decompositions: a forward graph, and a backward graph when gradients
   are needed (both go through the steps below);
2. mark the nodes Meld can take (``ATEN_OPS``, dtypes Meld has, static
   shapes, host tensors) and let torch's ``CapabilityBasedPartitioner``
   group them into partitions;
3. translate each partition to meld IR with ``meld.frontend`` (Builder and
   the ``lowerings`` op table the ONNX importer uses too) and compile it
   with ``meld.compile``; a partition whose translation or compilation
   fails runs eagerly, like the unsupported nodes between partitions.

Every graph leaves a :class:`Report` in ``reports``; :func:`explain` runs a
model once and returns them.
"""

from __future__ import annotations

import operator
import weakref
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

import numpy as np
import torch

from .. import CompileError
from .. import compile as meld_compile
from ..frontend import Builder, Dim, FrontendError, TensorType, Unsupported, Value, numpy_dtype
from ..frontend import lowerings as L

aten = torch.ops.aten

# torch dtypes Meld carries (bf16 needs a numpy type at the call boundary:
# not yet)
_ELEM = {
    torch.float32: "f32",
    torch.float64: "f64",
    torch.float16: "f16",
    torch.int64: "i64",
    torch.int32: "i32",
    torch.int8: "i8",
    torch.bool: "i1",
}

reports: List["Report"] = []


@dataclass
class Report:
    """What the backend did with one captured graph."""

    nodes: int = 0
    compiled: List[List[str]] = field(default_factory=list)  # ops per partition
    fallback: Dict[str, str] = field(default_factory=dict)  # node -> reason
    failed: Dict[str, str] = field(default_factory=dict)  # partition -> reason
    partitions: List["CompiledPartition"] = field(default_factory=list)
    fallback_ops: Dict[str, str] = field(default_factory=dict)  # node -> op

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


def _tensor_type(val, what: str) -> TensorType:
    if not isinstance(val, torch.Tensor):
        raise Unsupported(f"{what}: not a tensor ({type(val).__name__})")
    elem = _ELEM.get(val.dtype)
    if elem is None:
        raise Unsupported(f"{what}: dtype {val.dtype}")
    shape = []
    for d in val.shape:
        if not isinstance(d, int):
            raise Unsupported(f"{what}: symbolic shape {tuple(val.shape)}")
        shape.append(d)
    return TensorType(elem, tuple(shape))


def _tensor(b: Builder, x, elem: str) -> Value:
    """``x`` as a Value of element type ``elem``: a Python number becomes a
    scalar constant (broadcast by the ops), a Value is cast when needed."""
    if isinstance(x, Value):
        return L.cast(b, x, elem)
    return b.constant(np.asarray(x, numpy_dtype(elem)), elem)


def _binary(opname: str):
    def lower(b, node, x, y, *rest, alpha=1):
        elem = _out_type(node).dtype
        if rest:
            alpha = rest[0]
        x, y = _tensor(b, x, elem), _tensor(b, y, elem)
        if alpha != 1:
            y = L.binary(b, "mul", y, _tensor(b, alpha, elem))
        return L.binary(b, opname, x, y)
    return lower


for _name, _targets in {
    "add": (aten.add.Tensor, aten.add.Scalar),
    "sub": (aten.sub.Tensor, aten.sub.Scalar),
    "mul": (aten.mul.Tensor, aten.mul.Scalar),
    "div": (aten.div.Tensor, aten.div.Scalar),
    "max": (aten.maximum.default,),
    "min": (aten.minimum.default,),
}.items():
    _op(*_targets)(_binary(_name))


def _unary(opname: str, attrs: str = ""):
    def lower(b, node, x):
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


@_op(aten.gelu.default)
def _gelu(b, node, x, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise Unsupported(f"gelu approximate = '{approximate}'")
    return L.unary(b, "gelu", x, " approximate = tanh" if approximate == "tanh" else "")


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
    """(matrix, transposed): the untransposed source of a 2-D transpose."""
    src = _TRANSPOSED_OF.get(v)
    return (src, True) if src is not None else (v, False)


@_op(aten.mm.default)
def _mm(b, node, x, y):
    (x, tx), (y, ty) = _matrix_operand(x), _matrix_operand(y)
    return L.gemm(b, x, y, None, 1.0, 0.0, tx, ty)


@_op(aten.bmm.default, aten.matmul.default)
def _bmm(b, node, x, y):
    return L.matmul(b, x, y)


@_op(aten.addmm.default)
def _addmm(b, node, bias, x, w, beta=1, alpha=1):
    (x, tx), (w, tw) = _matrix_operand(x), _matrix_operand(w)
    return L.gemm(b, x, w, bias, float(alpha), float(beta), tx, tw)


def _transposed(b, x: Value, perm) -> Value:
    y = L.transpose(b, x, perm)
    if x.rank == 2 and list(perm) == [1, 0]:
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
    return L.reshape(b, x, [Dim(static=d) for d in _out_type(node).shape])


@_op(aten.expand.default)
def _expand(b, node, x, sizes):
    shape = _out_type(node).shape
    return L.broadcast_to(b, x, shape, [Dim(static=d) for d in shape])


@_op(aten.unsqueeze.default)
def _unsqueeze(b, node, x, dim):
    return L.unsqueeze(b, x, [dim % (x.rank + 1)])


@_op(aten.squeeze.dim, aten.squeeze.dims)
def _squeeze(b, node, x, dims):
    dims = [dims] if isinstance(dims, int) else list(dims)
    return L.squeeze(b, x, [d % x.rank for d in dims if x.shape[d % x.rank] == 1])


@_op(aten.clone.default, aten.alias.default, aten.detach.default)
def _identity(b, node, x, **_):
    return x


@_op(aten._to_copy.default)
def _to_copy(b, node, x, **kwargs):
    return L.cast(b, x, _out_type(node).dtype)


@_op(aten.cat.default)
def _cat(b, node, xs, dim=0):
    return L.concat(b, list(xs), dim)


@_op(aten.slice.Tensor)
def _slice(b, node, x, dim=0, start=None, end=None, step=1):
    size = x.shape[dim % x.rank]
    start = 0 if start is None else start
    end = size if end is None else min(end, size)
    return L.slice_numpy(b, x, [dim], [start], [end], [step])


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
    if elem in ("f32", "f64", "f16"):
        q = L.binary(b, "div", x, y)
        if rounding_mode == "floor":
            return L.unary(b, "floor", q)
        # trunc: toward zero
        negative = L.compare(b, "lt", q, _tensor(b, 0, elem))
        return L.select(b, negative, L.unary(b, "ceil", q), L.unary(b, "floor", q))
    if rounding_mode == "trunc":
        return L.binary(b, "div", x, y)  # meld.div truncates integers
    raise Unsupported(f"integer division with rounding_mode = '{rounding_mode}'")


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


def _per_channel(b, v: Value, rank: int) -> Value:
    """A [C] vector shaped to broadcast over dim 1 of a rank-``rank`` tensor."""
    return L.reshape(b, v, [Dim(static=v.shape[0])] + [Dim(static=1)] * (rank - 2))


@_op(aten._native_batch_norm_legit_no_training.default)
def _batch_norm_inference(b, node, x, w, bias, mean, var, momentum, eps):
    inv = L.unary(b, "rsqrt", L.binary(b, "add", var, _tensor(b, eps, var.dtype)))
    scale = inv if w is None else L.binary(b, "mul", inv, w)
    shift = L.binary(b, "mul", mean, scale)
    shift = L.unary(b, "neg", shift) if bias is None else L.binary(b, "sub", bias, shift)
    y = L.binary(b, "add", L.binary(b, "mul", x, _per_channel(b, scale, x.rank)),
                 _per_channel(b, shift, x.rank))
    return (y, None, None)


@_op(aten.native_batch_norm.default)
def _batch_norm(b, node, x, w, bias, mean, var, training, momentum, eps):
    if training:
        raise Unsupported("batch norm in training mode")
    return _batch_norm_inference(b, node, x, w, bias, mean, var, momentum, eps)


@_op(aten.native_layer_norm.default)
def _layer_norm(b, node, x, normalized_shape, w, bias, eps):
    axis = x.rank - len(normalized_shape)
    y = L.layer_norm(b, x, axis, w, bias, eps)
    axes = list(range(axis, x.rank))
    mean = L.reduce(b, "mean", x, axes, True)
    centered = L.binary(b, "sub", x, mean)
    var = L.reduce(b, "mean", L.binary(b, "mul", centered, centered), axes, True)
    rstd = L.unary(b, "rsqrt", L.binary(b, "add", var, _tensor(b, eps, var.dtype)))
    return (y, mean, rstd)


@_op(aten.max_pool2d_with_indices.default)
def _max_pool(b, node, x, kernel, stride=(), padding=(0,), dilation=(1,), ceil_mode=False):
    kernel = list(kernel) * (2 if len(kernel) == 1 else 1)
    stride = list(stride or kernel) * (2 if len(stride or kernel) == 1 else 1)
    padding = list(padding) * (2 if len(padding) == 1 else 1)
    dilation = list(dilation) * (2 if len(dilation) == 1 else 1)
    y = L.pool(b, x, "max", kernel, stride, dilation, padding, padding, ceil_mode=ceil_mode)
    return (y, None)


@_op(aten.avg_pool2d.default)
def _avg_pool(b, node, x, kernel, stride=(), padding=(0,), ceil_mode=False,
              count_include_pad=True, divisor_override=None):
    if divisor_override is not None:
        raise Unsupported("avg_pool2d divisor_override")
    kernel = list(kernel) * (2 if len(kernel) == 1 else 1)
    stride = list(stride or kernel) * (2 if len(stride or kernel) == 1 else 1)
    padding = list(padding) * (2 if len(padding) == 1 else 1)
    return L.pool(b, x, "avg", kernel, stride, [1, 1], padding, padding,
                  count_include_pad=count_include_pad, ceil_mode=ceil_mode)


@_op(aten.embedding.default)
def _embedding(b, node, weight, indices, *rest):
    return L.gather(b, weight, indices, 0)


@_op(aten.index_select.default)
def _index_select(b, node, x, dim, index):
    return L.gather(b, x, index, dim)


def _compare(direction: str):
    def lower(b, node, x, y):
        if isinstance(x, Value) and isinstance(y, Value) and x.dtype != y.dtype:
            raise Unsupported(f"comparison of {x.dtype} and {y.dtype}")
        like = x if isinstance(x, Value) else y
        x, y = _tensor(b, x, like.dtype), _tensor(b, y, like.dtype)
        return L.compare(b, direction, *L.broadcast_all(b, [x, y]))
    return lower


for _dir in ("eq", "ne", "lt", "le", "gt", "ge"):
    _op(getattr(aten, _dir).Tensor, getattr(aten, _dir).Scalar)(_compare(_dir))


@_op(aten.logical_and.default, aten.logical_or.default, aten.logical_xor.default)
def _logical(b, node, x, y):
    opname = str(node.target).split(".")[1].split("_")[1]
    return L.logical(b, opname, *L.broadcast_all(b, [x, y]))


@_op(aten.logical_not.default)
def _logical_not(b, node, x):
    return L.logical(b, "not", x)


@_op(aten.bitwise_not.default)
def _bitwise_not(b, node, x):
    return L.logical(b, "not", x) if x.dtype == "i1" else L.bitwise(b, "not", x)


def _constant(b, node, value_fn):
    ty = _out_type(node)
    return b.constant(np.asarray(value_fn(), numpy_dtype(ty.dtype)).reshape(ty.shape), ty.dtype)


@_op(aten.arange.start_step, aten.arange.start, aten.arange.default)
def _arange(b, node, *args, **kwargs):
    bounds = [a for a in args if isinstance(a, (int, float))]
    return _constant(b, node, lambda: np.arange(*bounds))


@_op(aten.full.default)
def _full(b, node, size, value, **kwargs):
    ty = _out_type(node)
    return L.full(b, value, ty.dtype, ty.shape)


@_op(aten.scalar_tensor.default)
def _scalar_tensor(b, node, value, **kwargs):
    return _constant(b, node, lambda: value)


@_op(aten.split_with_sizes.default)
def _split_with_sizes(b, node, x, sizes, dim=0):
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


@_op(aten.scatter_reduce.two)
def _scatter_reduce(b, node, x, dim, index, src, reduce, include_self=True):
    kinds = {"sum": "add", "prod": "mul", "amax": "max", "amin": "min"}
    if reduce not in kinds or not include_self:
        raise Unsupported(f"scatter_reduce '{reduce}' with include_self={include_self}")
    return L.scatter(b, x, index, _scatter_updates(b, index, src, x.dtype), dim, kinds[reduce])


# -- which nodes Meld takes ------------------------------------------------------------

def _unsupported_reason(node) -> Optional[str]:
    """Why Meld cannot take ``node`` (None when it can)."""
    if node.op != "call_function":
        return f"{node.op} nodes stay with PyTorch"
    if node.target is operator.getitem:
        src = node.args[0]
        if node.args[1] != 0 and src.target in (aten.max_pool2d_with_indices.default,
                                                aten.native_batch_norm.default,
                                                aten._native_batch_norm_legit_no_training.default):
            return f"output {node.args[1]} of {src.target} is not computed by Meld"
        return _unsupported_reason(src)
    if node.target not in ATEN_OPS:
        return f"no Meld lowering for {node.target}"
    vals = node.meta.get("val")
    for v in (vals if isinstance(vals, (tuple, list)) else [vals]):
        if v is None:
            continue
        if not isinstance(v, torch.Tensor):
            return f"result of type {type(v).__name__}"
        if v.device.type != "cpu":
            return f"a {v.device.type} tensor (the backend compiles for the host)"
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
    return None


def _support(reasons: Dict[str, str]):
    from torch.fx.passes.operator_support import OperatorSupportBase

    class MeldSupport(OperatorSupportBase):
        def is_node_supported(self, submodules, node) -> bool:
            reason = _unsupported_reason(node)
            if reason is not None and node.op == "call_function":
                reasons[node.name] = reason
            return reason is None

    return MeldSupport()


# -- partitions -------------------------------------------------------------------------

def _translate(gm: torch.fx.GraphModule):
    """meld IR text for a partition's graph, and whether it returns a tuple."""
    b = Builder("main")
    env: Dict[torch.fx.Node, object] = {}

    def value(a):
        if isinstance(a, torch.fx.Node):
            v = env[a]
            if v is None:
                raise Unsupported(f"{a.name} is not computed by Meld")
            return v
        if isinstance(a, (list, tuple)):
            return type(a)(value(x) for x in a)
        return a

    outputs, as_tuple = [], False
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            env[node] = b.arg(_tensor_type(node.meta["val"], node.name), node.name)
        elif node.op == "call_function":
            with b.location(node.name):
                if node.target is operator.getitem:
                    env[node] = env[node.args[0]][node.args[1]]
                    continue
                args = [value(a) for a in node.args]
                kwargs = {k: value(v) for k, v in node.kwargs.items()}
                env[node] = ATEN_OPS[node.target](b, node, *args, **kwargs)
        elif node.op == "output":
            result = node.args[0]
            as_tuple = isinstance(result, (tuple, list))
            outputs = [value(r) for r in (result if as_tuple else [result])]
        else:
            raise Unsupported(f"{node.op} node {node.name} in a partition")
    results = []
    for v in outputs:
        results.append(L.own_result(b, v, results))
    b.results = results
    return b.text(), as_tuple


def _kernels(executable) -> int:
    """The kernels one run of ``executable`` launches (its fusion report)."""
    for line in executable.fusion_report().splitlines():
        if "after fusion:" in line:
            return int(line.split("after fusion:")[1].split()[0])
    return 0


class CompiledPartition(torch.nn.Module):
    """A partition of an ATen graph compiled by Meld: tensors in, tensors
    out, through numpy arrays that share the tensors' memory."""

    def __init__(self, text: str, as_tuple: bool, ops: Sequence[str]):
        super().__init__()
        self.text = text
        self.ops = list(ops)
        self.executable = meld_compile(text, name="torch partition")
        self.kernels = _kernels(self.executable)
        self._as_tuple = as_tuple
        self._graph = None  # captured on the first call (shapes are static)

    def forward(self, *args):
        arrays = [a.detach().contiguous().numpy() for a in args]
        # The partition's schedule is captured once and replayed on each
        # call's arrays (one launch of the whole graph, as meld.onnx does).
        if self._graph is None:
            self._graph = self.executable.capture(*arrays)
        # (np.ascontiguousarray would make a rank-0 result rank 1)
        outs = [torch.from_numpy(np.require(o, requirements="C")) for o in self._graph(*arrays)]
        return tuple(outs) if self._as_tuple else outs[0]


def _compile_aten(graph: torch.fx.GraphModule, example_inputs, report: "Report"):
    """Partitions an ATen graph and compiles the partitions Meld takes."""
    from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner

    # unused results (batch statistics, pooling indices, their buffers)
    graph.graph.eliminate_dead_code()
    graph.recompile()
    report.nodes += sum(1 for n in graph.graph.nodes if n.op == "call_function"
                        and n.target is not operator.getitem)
    reasons: Dict[str, str] = {}
    partitioner = CapabilityBasedPartitioner(graph, _support(reasons),
                                             allows_single_node_partition=True)
    partitioned = partitioner.partition_and_fuse()
    for node in list(partitioned.graph.nodes):
        if node.op != "call_module" or not node.target.startswith("fused_"):
            continue
        sub = getattr(partitioned, node.target)
        ops = [str(n.target).replace("aten.", "") for n in sub.graph.nodes
               if n.op == "call_function" and n.target is not operator.getitem]
        try:
            text, as_tuple = _translate(sub)
            part = CompiledPartition(text, as_tuple, ops)
            setattr(partitioned, node.target, part)
            report.compiled.append(ops)
            report.partitions.append(part)
        except (FrontendError, Unsupported, CompileError, RuntimeError, ValueError,
                KeyError) as e:
            report.failed[node.target] = f"{type(e).__name__}: {e}"
    in_partitions = {n.name for n in graph.graph.nodes} - set(reasons)
    targets = {n.name: str(n.target) for n in graph.graph.nodes}
    for name, reason in reasons.items():
        if name not in in_partitions:
            report.fallback[name] = reason
            report.fallback_ops[name] = targets.get(name, name)
    partitioned.recompile()
    return partitioned


def backend(gm: torch.fx.GraphModule, example_inputs):
    """The TorchDynamo backend ``"meld"`` (see the module's docstring):
    AOTAutograd traces ``gm`` to core ATen (a forward graph, and a backward
    graph when gradients are needed), and each graph is partitioned and
    compiled by Meld."""
    from torch._decomp import core_aten_decompositions
    from torch._functorch.aot_autograd import aot_module_simplified

    report = Report()
    reports.append(report)

    def compiler(graph, inputs):
        return _compile_aten(graph, inputs, report)

    try:
        return aot_module_simplified(gm, example_inputs, fw_compiler=compiler,
                                     bw_compiler=compiler,
                                     decompositions=core_aten_decompositions())
    except Exception as e:  # noqa: BLE001 - the graph stays with PyTorch, reported
        report.failed["<whole graph>"] = f"AOTAutograd could not trace it: {e}"
        return gm.forward


@dataclass
class Explanation:
    """What ``torch.compile(model, backend="meld")`` did with a model:
    ``fallbacks`` lists (op, reason) for every ATen op left to eager
    PyTorch (empty when everything ran through Meld), ``kernels`` counts the
    Meld kernels one call launches, ``reports`` has each captured graph's
    :class:`Report` (a forward and, when training, a backward)."""

    reports: List[Report]

    @property
    def fallbacks(self):
        out = []
        for r in self.reports:
            out += [(r.fallback_ops.get(n, n), why) for n, why in r.fallback.items()]
            out += [(f"partition {n}", why) for n, why in r.failed.items()]
        return out

    @property
    def kernels(self) -> int:
        return sum(p.kernels for r in self.reports for p in r.partitions)

    def __str__(self) -> str:
        ops = sum(r.compiled_nodes for r in self.reports)
        parts = sum(len(r.partitions) for r in self.reports)
        lines = [f"Meld compiled {ops} ATen ops in {parts} partition(s), "
                 f"{self.kernels} kernel(s); {len(self.fallbacks)} op(s) ran in eager "
                 f"PyTorch",
                 "",
                 "| graph | partition | ATen ops | Meld kernels |",
                 "| --- | --- | --- | --- |"]
        for g, r in enumerate(self.reports):
            for i, (p, ops) in enumerate(zip(r.partitions, r.compiled)):
                lines.append(f"| {g} | {i} | {len(ops)} | {p.kernels} |")
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
    compiled = torch.compile(model, backend=backend)
    with torch.no_grad():
        compiled(*args, **kwargs)
    return Explanation(reports[start:])
