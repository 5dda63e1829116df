"""ONNX graphs to meld IR, through the shared op table (meld.frontend).

The shape of torch-mlir's onnx_importer: a :class:`GraphInfo` per graph
(initializers, inputs, outputs by name), a node importer that walks the
nodes in order with a name-to-value map, and a location per op that names
the ONNX node. Op knowledge lives in the lowerings table; this file only
reads ONNX attributes and inputs and calls it. An ONNX op that has no entry
here but has a function body in ``onnx.defs`` (LayerNormalization, Gelu,
Softplus, ...) is expanded from that body, node by node.

Anything Meld cannot compile faithfully raises :class:`OnnxImportError`
naming the file or node, the op and the attribute or dtype: never a
program that computes something else.
"""

from __future__ import annotations

import os
import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..frontend import linalg as LA
from ..frontend import spectral as SP
from ..frontend import lowerings as L
from ..frontend.builder import (
    FLOAT_TYPES,
    INT_TYPES,
    Builder,
    Dim,
    FrontendError,
    NeedsValue,
    TensorType,
    Unsupported,
    Value,
    is_float,
    numpy_dtype,
)

try:
    import onnx
    from onnx import helper, numpy_helper
except ImportError as e:  # pragma: no cover
    raise ImportError("meld.onnx needs the onnx package: pip install onnx") from e

MIN_OPSET = 13
# ONNX's own preview domains (version 1): FlexAttention is expanded from its
# function body; the training ops (Adagrad, Adam, Momentum) are mapped.
_PREVIEW_DOMAINS = ("ai.onnx.preview", "ai.onnx.preview.training")
# Ops whose result has the type of their (first) inputs.
_SAME_TYPE = frozenset((
    "Add", "Sub", "Mul", "Div", "Mod", "Neg", "Abs", "Sum", "Mean", "BitShift",
    "BitwiseAnd", "BitwiseOr", "BitwiseXor", "BitwiseNot", "ReduceSum", "ReduceProd",
    "CumSum", "CastLike"))
# Ops whose results are elements of their inputs: a narrow integer type's
# range is kept, no wrap needed.
_KEEPS_RANGE = frozenset((
    "Identity", "Reshape", "Transpose", "Squeeze", "Unsqueeze", "Flatten", "Concat",
    "Slice", "Split", "Gather", "GatherElements", "GatherND", "Expand", "Tile", "Where",
    "Max", "Min", "ReduceMax", "ReduceMin", "TopK", "Compress", "Clip", "Pad",
    "ReverseSequence", "DepthToSpace", "SpaceToDepth", "Trilu", "MaxPool", "QuantizeLinear"))


class OnnxImportError(FrontendError):
    """An ONNX model that Meld cannot import: the message names the file or
    node, its op, and the attribute or dtype at fault."""


class OnnxUnsupported(OnnxImportError, Unsupported):
    """The model is valid ONNX, but uses something Meld does not support."""


class OnnxNeedsValue(OnnxUnsupported, NeedsValue):
    """An operand Meld needs at compile time (a shape, axes, pads) is a
    run-time value; ``inputs`` names the graph inputs it is, when it is one.
    Binding those inputs (``import_model(bind=...)``) imports the model for
    their values; ``meld.onnx.compile`` does so by itself, per call."""

    def __init__(self, message: str, inputs=()):
        super().__init__(message)
        self.inputs = tuple(inputs)


def _unsupported(e: Unsupported, message: str) -> OnnxUnsupported:
    """``e`` as an OnnxUnsupported with ``message``, keeping what a
    NeedsValue says of the inputs."""
    if isinstance(e, NeedsValue):
        return OnnxNeedsValue(message, e.inputs)
    return OnnxUnsupported(message)


# ONNX element types (TensorProto.DataType) that Meld has.
_ELEM_OF = {
    onnx.TensorProto.FLOAT: "f32",
    onnx.TensorProto.DOUBLE: "f64",
    onnx.TensorProto.FLOAT16: "f16",
    onnx.TensorProto.BFLOAT16: "bf16",
    onnx.TensorProto.INT64: "i64",
    onnx.TensorProto.INT32: "i32",
    onnx.TensorProto.INT8: "i8",
    onnx.TensorProto.BOOL: "i1",
}


def onnx_dtype_name(code: int) -> str:
    try:
        return onnx.TensorProto.DataType.Name(code).lower()
    except ValueError:
        return f"data type {code}"


# Narrow integer types, held widened (lowerings.NARROW_TYPES).
_NARROW_OF = {
    onnx.TensorProto.UINT8: "u8",
    onnx.TensorProto.UINT16: "u16",
    onnx.TensorProto.UINT32: "u32",
    onnx.TensorProto.INT16: "i16",
}


# float8 and float4 types, held in f32 (lowerings.NARROW_FLOATS)
_NARROW_OF.update({
    onnx.TensorProto.FLOAT8E4M3FN: "f8e4m3fn",
    onnx.TensorProto.FLOAT8E4M3FNUZ: "f8e4m3fnuz",
    onnx.TensorProto.FLOAT8E5M2: "f8e5m2",
    onnx.TensorProto.FLOAT8E5M2FNUZ: "f8e5m2fnuz",
    onnx.TensorProto.FLOAT4E2M1: "f4e2m1fn",
})


def element_type(code: int, what: str) -> str:
    """Meld's element type for an ONNX one: the carrier of a narrow one."""
    narrow = _NARROW_OF.get(code)
    if narrow is not None:
        return L.narrow_carrier(narrow)
    elem = _ELEM_OF.get(code)
    if elem is None:
        raise Unsupported(f"{what} has dtype {onnx_dtype_name(code)}; Meld supports "
                          "float, double, float16, bfloat16, the float8 types but e8m0, "
                          "float4e2m1, int64, int32, int16, int8, uint32, uint16, uint8 "
                          "and bool")
    return elem


def _narrowed_as(v: Value, narrow: Optional[str]) -> Value:
    """``v`` marked as standing for ``narrow`` (a copy when that changes:
    Values are shared, an op that changes nothing returns its input)."""
    if v is None or v.narrow == narrow:
        return v
    return dataclasses.replace(v, narrow=narrow)


# -- the op table's ONNX side -------------------------------------------------

Handler = Callable[["NodeContext"], Sequence[Optional[Value]]]
ONNX_OPS: Dict[str, Handler] = {}


def onnx_op(*names: str):
    def register(fn: Handler) -> Handler:
        for name in names:
            ONNX_OPS[name] = fn
        return fn
    return register


@dataclass
class NodeContext:
    """One node being imported: its inputs as Values (None where omitted),
    its attributes, and the builder."""

    b: Builder
    node: "onnx.NodeProto"
    inputs: List[Optional[Value]]
    opset: int
    importer: "GraphImporter"
    used: set = field(default_factory=set)

    @property
    def op(self) -> str:
        return self.node.op_type

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.node.attribute)

    def attr(self, name: str, default=None):
        self.used.add(name)
        for a in self.node.attribute:
            if a.name == name:
                if a.ref_attr_name:
                    raise OnnxImportError(f"attribute '{name}' refers to '{a.ref_attr_name}' "
                                          "outside a function")
                value = helper.get_attribute_value(a)
                if isinstance(value, bytes):
                    value = value.decode("utf-8")
                return value
        return default

    def ignore(self, *names: str):
        """Attributes that do not change the result here."""
        self.used.update(names)

    def input(self, i: int, required: bool = True) -> Optional[Value]:
        v = self.inputs[i] if i < len(self.inputs) else None
        if v is None and required:
            raise OnnxImportError(f"input {i} is required")
        return v

    def const_input(self, i: int, what: str) -> Optional[np.ndarray]:
        """An input whose value Meld needs at compile time (a shape, axes)."""
        v = self.input(i, required=False)
        if v is None:
            return None
        if v.const is None:
            raise NeedsValue(f"input {i} ({what}) must be a constant (an initializer "
                             "or computed from static shapes), not a run-time value",
                             self.importer.graph_inputs_of(v))
        return v.const

    def sizes_input(self, i: int, what: str) -> List[Dim]:
        """A 1-D integer input holding sizes, constant or symbolic (from
        Shape of a dynamic tensor)."""
        v = self.input(i)
        elems = L._sym_elements(v)
        if elems is None:
            raise NeedsValue(f"input {i} ({what}) must be known at compile time: a "
                             "constant or sizes computed from the inputs' shapes",
                             self.importer.graph_inputs_of(v))
        return elems

    def int_list(self, i: int, what: str) -> Optional[List[int]]:
        c = self.const_input(i, what)
        return None if c is None else [int(v) for v in np.asarray(c).reshape(-1)]


def _float_attr(value) -> float:
    return float(np.float32(value))


# Elementwise ------------------------------------------------------------------

_BINARY = {"Add": "add", "Sub": "sub", "Mul": "mul", "Div": "div", "Pow": "pow"}


@onnx_op("Add", "Sub", "Mul", "Div")
def _binary(ctx: NodeContext):
    x, y = ctx.input(0), ctx.input(1)
    if x.dtype == "i1":
        raise Unsupported(f"{ctx.op} on bool")
    return [L.binary(ctx.b, _BINARY[ctx.op], x, y)]


@onnx_op("Pow")
def _pow(ctx: NodeContext):
    x, y = ctx.input(0), ctx.input(1)
    if x.dtype in INT_TYPES and x.narrow is None and (is_float(y.dtype) or y.dtype in INT_TYPES):
        # an integer power in f64 (exact below 2^53): rounded for an integer
        # exponent, truncated toward zero for a float one, as numpy does
        b = ctx.b
        p = L.binary(b, "pow", L.cast(b, x, "f64"), L.cast(b, y, "f64"))
        if y.dtype in INT_TYPES:
            p = L.unary(b, "round", p)
        return [L.cast(b, p, x.dtype)]
    if not is_float(x.dtype):
        raise Unsupported(f"Pow with a {x.narrow or x.dtype} base")
    if y.dtype != x.dtype:
        y = L.cast(ctx.b, y, x.dtype)
    return [L.binary(ctx.b, "pow", x, y)]


@onnx_op("Max", "Min", "Sum", "Mean")
def _variadic(ctx: NodeContext):
    xs = [v for v in ctx.inputs if v is not None]
    if not xs:
        raise OnnxImportError("no inputs")
    name = {"Max": "max", "Min": "min", "Sum": "add", "Mean": "add"}[ctx.op]
    if xs[0].dtype == "i1":
        raise Unsupported(f"{ctx.op} on bool")
    out = xs[0]
    for x in xs[1:]:
        out = L.binary(ctx.b, name, out, x)
    if len(xs) == 1 and ctx.op in ("Max", "Min", "Sum"):
        return [out]
    if ctx.op == "Mean":
        if not is_float(out.dtype):
            raise Unsupported(f"Mean of {out.dtype}")
        out = L.binary(ctx.b, "div", out, L.scalar_like(ctx.b, float(len(xs)), out))
    return [out]


_UNARY = {"Neg": "neg", "Abs": "abs", "Relu": "relu", "Exp": "exp", "Log": "log",
          "Tanh": "tanh", "Sigmoid": "sigmoid", "Erf": "erf", "Sqrt": "sqrt",
          "Sin": "sin", "Cos": "cos", "Floor": "floor", "Ceil": "ceil", "Round": "round"}


@onnx_op(*_UNARY)
def _unary(ctx: NodeContext):
    return [L.unary(ctx.b, _UNARY[ctx.op], ctx.input(0))]


@onnx_op("Mod")
def _mod(ctx: NodeContext):
    x, y = ctx.input(0), ctx.input(1)
    fmod = int(ctx.attr("fmod", 0))
    return [L.remainder(ctx.b, x, y, floor=not fmod)]


@onnx_op("BitwiseAnd", "BitwiseOr", "BitwiseXor")
def _bitwise(ctx: NodeContext):
    name = ctx.op[len("Bitwise"):].lower()
    return [L.bitwise(ctx.b, name, ctx.input(0), ctx.input(1))]


@onnx_op("BitShift")
def _bit_shift(ctx: NodeContext):
    x, n = ctx.input(0), ctx.input(1)
    direction = ctx.attr("direction")
    if direction not in ("LEFT", "RIGHT"):
        raise OnnxImportError(f"attribute 'direction' = '{direction}'")
    if not (x.dtype in INT_TYPES and n.dtype == x.dtype):
        raise Unsupported(f"BitShift of {x.dtype} by {n.dtype}")
    # meld's shifts define every amount as ONNX does (0 past the width,
    # the sign fill to the right); a narrow type's carrier holds it in
    # range, so a right shift is exact and a left one is wrapped afterwards
    return [L.binary(ctx.b, "shift_left" if direction == "LEFT" else "shift_right", x, n)]


@onnx_op("BitwiseNot")
def _bitwise_not(ctx: NodeContext):
    return [L.bitwise(ctx.b, "not", ctx.input(0))]


@onnx_op("Tan", "Sinh", "Cosh")
def _trig_hyperbolic(ctx: NodeContext):
    x = ctx.input(0)
    if not is_float(x.dtype):
        raise Unsupported(f"{ctx.op} of {x.dtype}")
    return [{"Tan": L.tan, "Sinh": L.sinh, "Cosh": L.cosh}[ctx.op](ctx.b, x)]


@onnx_op("Reciprocal")
def _reciprocal(ctx: NodeContext):
    return [L.reciprocal(ctx.b, ctx.input(0))]


@onnx_op("Sign")
def _sign(ctx: NodeContext):
    x = ctx.input(0)
    if x.dtype == "i1":
        raise Unsupported("Sign of bool")
    return [L.sign(ctx.b, x)]


@onnx_op("Identity")
def _identity(ctx: NodeContext):
    return [ctx.input(0)]


@onnx_op("Gelu")
def _gelu(ctx: NodeContext):
    approx = ctx.attr("approximate", "none")
    if approx not in ("none", "tanh"):
        raise Unsupported(f"attribute 'approximate' = '{approx}'")
    attrs = " approximate = tanh" if approx == "tanh" else ""
    return [L.unary(ctx.b, "gelu", ctx.input(0), attrs)]


@onnx_op("LeakyRelu")
def _leaky_relu(ctx: NodeContext):
    return [L.leaky_relu(ctx.b, ctx.input(0), _float_attr(ctx.attr("alpha", 0.01)))]


@onnx_op("Softplus")
def _softplus(ctx: NodeContext):
    x = ctx.input(0)
    if not is_float(x.dtype):
        raise Unsupported(f"Softplus of {x.dtype}")
    return [L.softplus(ctx.b, x)]


@onnx_op("Clip")
def _clip(ctx: NodeContext):
    x = ctx.input(0)
    if x.dtype == "i1":
        raise Unsupported("Clip of bool")
    lo, hi = ctx.input(1, False), ctx.input(2, False)
    return [L.clamp(ctx.b, x, lo, hi)]


@onnx_op("Cast")
def _cast(ctx: NodeContext):
    ctx.ignore("saturate")  # only for float8 targets, which Meld has not
    if ctx.has("round_mode"):
        mode = ctx.attr("round_mode")
        if mode != "up":
            raise Unsupported(f"attribute 'round_mode' = '{mode}'")
    to = element_type(int(ctx.attr("to")), "attribute 'to'")
    x = ctx.input(0)
    _check_cast(x.dtype, to)
    return [L.cast(ctx.b, x, to)]


def _check_cast(src: str, dst: str):
    # meld.cast saturates float -> int where ONNX leaves out-of-range values
    # undefined, so every pair Meld has is a faithful cast.
    return None


@onnx_op("CastLike")
def _cast_like(ctx: NodeContext):
    ctx.ignore("saturate")
    x, like = ctx.input(0), ctx.input(1)
    return [L.cast(ctx.b, x, like.dtype)]


_COMPARE = {"Equal": "eq", "Less": "lt", "LessOrEqual": "le", "Greater": "gt",
            "GreaterOrEqual": "ge"}


@onnx_op(*_COMPARE)
def _compare(ctx: NodeContext):
    return [L.compare(ctx.b, _COMPARE[ctx.op], ctx.input(0), ctx.input(1))]


@onnx_op("Where")
def _where(ctx: NodeContext):
    return [L.select(ctx.b, ctx.input(0), ctx.input(1), ctx.input(2))]


@onnx_op("Not")
def _not(ctx: NodeContext):
    return [L.logical(ctx.b, "not", ctx.input(0))]


@onnx_op("And", "Or", "Xor")
def _logical(ctx: NodeContext):
    return [L.logical(ctx.b, ctx.op.lower(), ctx.input(0), ctx.input(1))]


# Creation -------------------------------------------------------------------------

@onnx_op("Constant")
def _constant(ctx: NodeContext):
    node = ctx.node
    if len(node.attribute) != 1:
        raise OnnxImportError("Constant needs exactly one value attribute")
    a = node.attribute[0]
    ctx.used.add(a.name)
    if a.ref_attr_name:
        raise OnnxImportError(f"attribute '{a.name}' refers to '{a.ref_attr_name}' "
                              "outside a function")
    if a.name == "value":
        return [ctx.importer.tensor_constant(a.t, "attribute 'value'")]
    if a.name == "sparse_value":
        raise Unsupported("attribute 'sparse_value'")
    value = helper.get_attribute_value(a)
    if a.name == "value_float":
        return [ctx.b.constant(np.float32(value), "f32")]
    if a.name == "value_floats":
        return [ctx.b.constant(np.asarray(value, np.float32), "f32")]
    if a.name == "value_int":
        return [ctx.b.constant(np.int64(value), "i64")]
    if a.name == "value_ints":
        return [ctx.b.constant(np.asarray(value, np.int64), "i64")]
    raise Unsupported(f"attribute '{a.name}'")


@onnx_op("ConstantOfShape")
def _constant_of_shape(ctx: NodeContext):
    sizes = ctx.sizes_input(0, "shape")
    value = ctx.attr("value")
    if value is None:
        array = np.zeros((), np.float32)
    else:
        array = numpy_helper.to_array(value).reshape(-1)
        if array.size != 1:
            raise OnnxImportError("attribute 'value' must hold one element")
    elem = element_type(value.data_type if value is not None else onnx.TensorProto.FLOAT,
                        "attribute 'value'")
    shape = [s.static for s in sizes]
    return [L.full(ctx.b, array.reshape(()), elem, shape, sizes)]


@onnx_op("Range")
def _range(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    start, delta = ctx.const_input(0, "start"), ctx.const_input(2, "delta")
    limit = ctx.input(1)
    if limit.const is not None:
        out = np.arange(start.item(), limit.const.item(), delta.item())
        return [b.constant(out.astype(numpy_dtype(x.dtype)), x.dtype)]
    # a limit computed from a dynamic size (torch.arange(seq_len)): an iota
    # of ceil((limit - start) / delta) elements
    elems = L._sym_elements(limit)
    if elems is None or len(elems) != 1 or x.dtype not in INT_TYPES:
        raise NeedsValue("Range with a run-time limit that is not a size",
                         ctx.importer.graph_inputs_of(limit))
    s0, d0 = int(start.item()), int(delta.item())
    if d0 <= 0:
        raise Unsupported("Range over a dynamic size with a non-positive delta")
    count = b.index_arith("ceildivsi", b.index_arith("subi", elems[0], s0), d0)
    count = b.index_arith("maxsi", count, 0)
    out = L.iota(b, x.dtype, (count.static,), [count], 0)
    if d0 != 1:
        out = L.binary(b, "mul", out, L.scalar_like(b, d0, out))
    if s0:
        out = L.binary(b, "add", out, L.scalar_like(b, s0, out))
    return [out]


@onnx_op("EyeLike")
def _eye_like(ctx: NodeContext):
    x = ctx.input(0)
    if not x.type.static or x.rank != 2:
        raise Unsupported("EyeLike of a non-static or non-2-D tensor")
    code = ctx.attr("dtype")
    elem = element_type(code, "attribute 'dtype'") if code is not None else x.dtype
    k = int(ctx.attr("k", 0))
    return [ctx.b.constant(np.eye(x.shape[0], x.shape[1], k), elem)]


# Shapes -------------------------------------------------------------------------------

@onnx_op("Shape")
def _shape(ctx: NodeContext):
    x = ctx.input(0)
    start = int(ctx.attr("start", 0))
    end = ctx.attr("end")
    dims = ctx.b.dims(x)
    dims = dims[slice(start, None if end is None else int(end))]
    if all(d.static is not None for d in dims):
        return [ctx.b.constant(np.asarray([d.static for d in dims], np.int64), "i64")]
    return [_sizes_tensor(ctx.b, dims)]


def _sizes_tensor(b: Builder, dims: List[Dim]) -> Value:
    """A 1-D i64 tensor holding ``dims`` (some dynamic), which also keeps
    them symbolically for later shape consumers."""
    parts = [L.reshape(b, L.size_value(b, d), [1]) for d in dims]
    out = L.concat(b, parts, 0) if len(parts) > 1 else parts[0]
    out.sym = list(dims)
    return out


@onnx_op("Size")
def _size(ctx: NodeContext):
    x = ctx.input(0)
    n = L.numel(ctx.b, x)
    if n.static is not None:
        return [ctx.b.constant(np.int64(n.static), "i64")]
    out = L.reshape(ctx.b, _sizes_tensor(ctx.b, [n]), [])
    out.sym = [n]
    return [out]


@onnx_op("Reshape")
def _reshape(ctx: NodeContext):
    x = ctx.input(0)
    allowzero = int(ctx.attr("allowzero", 0))
    target = ctx.sizes_input(1, "shape")
    sizes: List[Optional[Dim]] = []
    infer = None
    for i, t in enumerate(target):
        if t.static == -1:
            if infer is not None:
                raise OnnxImportError("shape has more than one -1")
            infer = i
            sizes.append(None)
        elif t.static == 0 and not allowzero:
            if i >= x.rank:
                raise OnnxImportError(f"shape entry {i} is 0 but the input has rank {x.rank}")
            sizes.append(ctx.b.dim(x, i))
        else:
            sizes.append(t)
    if infer is not None:
        known: Dim = Dim(static=1)
        for s in sizes:
            if s is not None:
                known = ctx.b.index_arith("muli", known, s)
        total = L.numel(ctx.b, x)
        if known.static == 0:
            raise OnnxImportError("shape with -1 and a 0 size")
        if known.static is not None and total.static is not None and total.static % known.static:
            raise OnnxImportError(f"cannot reshape {list(x.shape)} to {target}")
        sizes[infer] = ctx.b.index_arith("divsi", total, known)
    out = L.reshape(ctx.b, x, sizes)
    return [out]


@onnx_op("Flatten")
def _flatten(ctx: NodeContext):
    x = ctx.input(0)
    axis = int(ctx.attr("axis", 1))
    if not -x.rank <= axis <= x.rank:
        raise OnnxImportError(f"attribute 'axis' = {axis} is out of range for rank {x.rank}")
    return [L.flatten(ctx.b, x, axis + x.rank if axis < 0 else axis)]


def _axes(ctx: NodeContext, index: int, attr_before: int) -> Optional[List[int]]:
    """Axes given as an input (newer opsets) or an attribute (older)."""
    if ctx.opset >= attr_before:
        return ctx.int_list(index, "axes")
    value = ctx.attr("axes")
    return None if value is None else [int(v) for v in value]


@onnx_op("Squeeze")
def _squeeze(ctx: NodeContext):
    return [L.squeeze(ctx.b, ctx.input(0), _axes(ctx, 1, 13))]


@onnx_op("Unsqueeze")
def _unsqueeze(ctx: NodeContext):
    axes = _axes(ctx, 1, 13)
    if axes is None:
        raise OnnxImportError("Unsqueeze needs axes")
    return [L.unsqueeze(ctx.b, ctx.input(0), axes)]


@onnx_op("Transpose")
def _transpose(ctx: NodeContext):
    x = ctx.input(0)
    perm = ctx.attr("perm")
    perm = list(reversed(range(x.rank))) if perm is None else [int(p) for p in perm]
    return [L.transpose(ctx.b, x, perm)]


@onnx_op("Concat")
def _concat(ctx: NodeContext):
    xs = [v for v in ctx.inputs if v is not None]
    return [L.concat(ctx.b, xs, int(ctx.attr("axis")))]


@onnx_op("Slice")
def _slice(ctx: NodeContext):
    x = ctx.input(0)
    starts = ctx.int_list(1, "starts")
    ends = ctx.int_list(2, "ends")
    axes = ctx.int_list(3, "axes")
    steps = ctx.int_list(4, "steps")
    if axes is None:
        axes = list(range(len(starts)))
    if steps is None:
        steps = [1] * len(starts)
    if not len(starts) == len(ends) == len(axes) == len(steps):
        raise OnnxImportError("starts, ends, axes and steps differ in length")
    if len({L.normalize_axis(a, x.rank) for a in axes}) != len(axes):
        raise OnnxImportError(f"repeated axes {axes}")
    if x.sym is not None and x.rank == 1 and x.shape[0] is not None:
        full = x.sym
        s, e, k = slice(starts[0], ends[0], steps[0]).indices(len(full))
        sym = full[s:e:k]
        out = L.slice_numpy(ctx.b, x, axes, starts, ends, steps)
        out.sym = sym
        return [out]
    return [L.slice_numpy(ctx.b, x, axes, starts, ends, steps)]


@onnx_op("Split")
def _split(ctx: NodeContext):
    x = ctx.input(0)
    axis = L.normalize_axis(int(ctx.attr("axis", 0)), x.rank)
    n_out = len(ctx.node.output)
    if ctx.opset >= 13:
        sizes = ctx.int_list(1, "split")
    else:
        sizes = ctx.attr("split")
    if sizes is None:
        size = x.shape[axis]
        if size is None:
            raise Unsupported("Split of a dynamic dimension")
        num = ctx.attr("num_outputs", n_out)
        chunk = -(-size // int(num))
        sizes = [min(chunk, size - i * chunk) for i in range(int(num))]
    elif ctx.has("num_outputs"):
        raise OnnxImportError("both 'split' and 'num_outputs'")
    return L.split(ctx.b, x, axis, [int(s) for s in sizes])


@onnx_op("Expand")
def _expand(ctx: NodeContext):
    return [L.expand(ctx.b, ctx.input(0), ctx.sizes_input(1, "shape"))]


@onnx_op("Tile")
def _tile(ctx: NodeContext):
    return [L.tile(ctx.b, ctx.input(0), ctx.int_list(1, "repeats"))]


@onnx_op("Gather")
def _gather(ctx: NodeContext):
    x, idx = ctx.input(0), ctx.input(1)
    return [L.gather(ctx.b, x, idx, int(ctx.attr("axis", 0)))]


@onnx_op("GatherElements")
def _gather_elements(ctx: NodeContext):
    return [L.take_along_axis(ctx.b, ctx.input(0), ctx.input(1), int(ctx.attr("axis", 0)))]


@onnx_op("GridSample")
def _grid_sample(ctx: NodeContext):
    mode = ctx.attr("mode", "bilinear" if ctx.opset < 20 else "linear")
    mode = {"bilinear": "linear", "bicubic": "cubic"}.get(mode, mode)
    return [L.grid_sample(ctx.b, ctx.input(0), ctx.input(1), mode,
                          ctx.attr("padding_mode", "zeros"),
                          bool(ctx.attr("align_corners", 0)))]


@onnx_op("Resize")
def _resize(ctx: NodeContext):
    x = ctx.input(0)
    mode = ctx.attr("mode", "nearest")
    ctm = ctx.attr("coordinate_transformation_mode", "half_pixel")
    if ctm == "tf_crop_and_resize":
        raise Unsupported("coordinate_transformation_mode 'tf_crop_and_resize'")
    ctx.ignore("extrapolation_value")  # only used by tf_crop_and_resize
    if not is_float(x.dtype) and mode != "nearest":
        raise Unsupported(f"{mode} Resize of {x.dtype}")
    scales = ctx.const_input(2, "scales")
    sizes = ctx.const_input(3, "sizes")
    axes = ctx.attr("axes")
    policy = ctx.attr("keep_aspect_ratio_policy", "stretch")
    rank = x.rank
    axes = [L.normalize_axis(int(a), rank) for a in axes] if axes is not None else \
        list(range(rank))
    scales = None if scales is None or scales.size == 0 else [float(v) for v in scales]
    sizes = None if sizes is None or sizes.size == 0 else [int(v) for v in sizes]
    if (scales is None) == (sizes is None):
        raise OnnxImportError("Resize needs exactly one of scales and sizes")
    in_sizes = [x.shape[a] for a in axes]
    if any(d is None for d in in_sizes):
        raise Unsupported("Resize of a dynamic dimension")
    if sizes is not None:
        factors = [o / i for o, i in zip(sizes, in_sizes)]
        out_sizes = list(sizes)
        if policy != "stretch":
            pick = min if policy == "not_larger" else max
            f = pick(factors)
            factors = [f] * len(axes)
            out_sizes = [int(f * i + 0.5) for i in in_sizes]
    else:
        factors = scales
        out_sizes = [int(f * i) for f, i in zip(factors, in_sizes)]
    y = x
    for a, f, n, m in zip(axes, factors, in_sizes, out_sizes):
        if m == n and abs(f - 1.0) < 1e-12:
            continue
        weights = _resize_weights(ctx, n, m, f, mode, ctm)
        y = L.interpolate_axis(ctx.b, y, a, weights)
    return [y]


def _resize_weights(ctx: NodeContext, n: int, m: int, scale: float, mode: str, ctm: str):
    """The (m x n) matrix of ONNX Resize along one axis, from onnx's own
    reference coefficients applied to the identity (Resize is linear and
    separable per axis): the constants follow onnx's definition exactly."""
    try:
        from onnx.reference.ops import op_resize as R
    except ImportError as e:
        raise Unsupported(f"Resize needs onnx.reference ({e})") from None
    antialias = int(ctx.attr("antialias", 0))
    exclude = int(ctx.attr("exclude_outside", 0))
    if mode == "nearest":
        nearest_mode = ctx.attr("nearest_mode", "round_prefer_floor")

        def fct(r, s):
            return R._nearest_coeffs(r, mode=nearest_mode)
    elif mode == "linear":
        fct = R._linear_coeffs_antialias if antialias else R._linear_coeffs
    elif mode == "cubic":
        a = float(ctx.attr("cubic_coeff_a", -0.75))
        base = R._cubic_coeffs_antialias if antialias else R._cubic_coeffs

        def fct(r, s):
            return base(r, s, A=a)
    else:
        raise Unsupported(f"Resize mode '{mode}'")
    try:
        w = R._interpolate_1d_along_axis(np.eye(n), 0, scale, m, fct,
                                         coordinate_transformation_mode=ctm,
                                         exclude_outside=bool(exclude))
    except Exception as e:
        raise Unsupported(f"Resize coefficients ({type(e).__name__}: {e})") from None
    return np.asarray(w, np.float64)


@onnx_op("Dropout")
def _dropout(ctx: NodeContext):
    ctx.ignore("seed")
    x = ctx.input(0)
    training = ctx.input(2, False)
    if training is not None and (training.const is None or bool(training.const)):
        raise Unsupported("Dropout in training mode")
    outs = [x]
    if len(ctx.node.output) > 1:
        outs.append(L.full(ctx.b, True, "i1", x.shape, ctx.b.dims(x)))
    return outs


# Reductions ------------------------------------------------------------------------------

_REDUCE = {"ReduceSum": "sum", "ReduceMean": "mean", "ReduceMax": "max",
           "ReduceMin": "min", "ReduceProd": "prod"}
# The opset in which each reduction's axes became an input.
_AXES_INPUT_SINCE = {"ReduceSum": 13}


def _reduce_axes(ctx: NodeContext, x: Value) -> Optional[List[int]]:
    since = _AXES_INPUT_SINCE.get(ctx.op, 18)
    axes = _axes(ctx, 1, since)
    noop = int(ctx.attr("noop_with_empty_axes", 0))
    if not axes:
        return [] if noop else None
    return axes


@onnx_op(*_REDUCE)
def _reduce(ctx: NodeContext):
    x = ctx.input(0)
    keep = bool(ctx.attr("keepdims", 1))
    axes = _reduce_axes(ctx, x)
    kind = _REDUCE[ctx.op]
    if x.dtype == "i1" and kind in ("max", "min"):
        # ONNX 20 allows bool max/min: any / all
        y = L.cast(ctx.b, x, "i32")
        return [L.cast(ctx.b, L.reduce(ctx.b, kind, y, axes, keep), "i1")]
    return [L.reduce(ctx.b, kind, x, axes, keep)]


@onnx_op("ReduceL1", "ReduceL2", "ReduceSumSquare", "ReduceLogSum", "ReduceLogSumExp")
def _reduce_composite(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    keep = bool(ctx.attr("keepdims", 1))
    # with no axes to reduce (axes == []), ONNX still applies the
    # elementwise part: each branch below skips only the reduction
    axes = _reduce_axes(ctx, x)
    op = ctx.op
    if op == "ReduceL1":
        return [L.reduce(b, "sum", L.unary(b, "abs", x), axes, keep) if axes != []
                else L.unary(b, "abs", x)]
    if op in ("ReduceL2", "ReduceSumSquare"):
        sq = L.binary(b, "mul", x, x)
        s = L.reduce(b, "sum", sq, axes, keep) if axes != [] else sq
        if op == "ReduceSumSquare":
            return [s]
        if not is_float(x.dtype):
            raise Unsupported(f"ReduceL2 of {x.dtype}")
        return [L.unary(b, "sqrt", s)]
    if not is_float(x.dtype):
        raise Unsupported(f"{op} of {x.dtype}")
    if op == "ReduceLogSum":
        s = L.reduce(b, "sum", x, axes, keep) if axes != [] else x
        return [L.unary(b, "log", s)]
    # ReduceLogSumExp
    e = L.unary(b, "exp", x)
    s = L.reduce(b, "sum", e, axes, keep) if axes != [] else e
    return [L.unary(b, "log", s)]


@onnx_op("ArgMax", "ArgMin")
def _arg_reduce(ctx: NodeContext):
    x = ctx.input(0)
    axis = int(ctx.attr("axis", 0))
    keep = bool(ctx.attr("keepdims", 1))
    if x.dtype == "i1":
        raise Unsupported(f"{ctx.op} of bool")
    if int(ctx.attr("select_last_index", 0)):
        # the first extreme of the reversed axis is the last one
        axis = L.normalize_axis(axis, x.rank)
        n = x.shape[axis]
        if n is None:
            raise Unsupported("select_last_index over a dynamic dimension")
        first = L.reduce(ctx.b, ctx.op.lower(), L.reverse(ctx.b, x, axis), [axis], keep)
        return [L.binary(ctx.b, "sub", L.scalar_like(ctx.b, n - 1, first), first)]
    return [L.reduce(ctx.b, ctx.op.lower(), x, [axis], keep)]


@onnx_op("Softmax", "LogSoftmax")
def _softmax(ctx: NodeContext):
    x = ctx.input(0)
    axis = int(ctx.attr("axis", -1))
    log = ctx.op == "LogSoftmax"
    if ctx.opset < 13:
        # coerced to 2-D at axis: rows are the flattened trailing dims
        flat = L.flatten(ctx.b, x, L.normalize_axis(axis, x.rank))
        y = L.softmax(ctx.b, flat, 1, log)
        return [L.reshape(ctx.b, y, ctx.b.dims(x))]
    return [L.softmax(ctx.b, x, axis, log)]


@onnx_op("LayerNormalization")
def _layer_norm(ctx: NodeContext):
    x, scale, bias = ctx.input(0), ctx.input(1), ctx.input(2, False)
    if not is_float(x.dtype):
        raise Unsupported(f"LayerNormalization of {x.dtype}")
    stash = int(ctx.attr("stash_type", 1))
    if stash not in (1,):
        raise Unsupported(f"attribute 'stash_type' = {stash}")
    eps = _float_attr(ctx.attr("epsilon", 1e-5))
    axis = int(ctx.attr("axis", -1))
    if len(ctx.node.output) == 1:
        return [L.layer_norm(ctx.b, x, axis, scale, bias, eps)]
    # Mean and InvStdDev (the training outputs), in f32 as stash_type says
    b = ctx.b
    xs = L.cast(b, x, "f32")
    axis = L.normalize_axis(axis, x.rank)
    axes = list(range(axis, x.rank))
    mean = L.reduce(b, "mean", xs, axes, True)
    centered = L.binary(b, "sub", xs, mean)
    var = L.reduce(b, "mean", L.binary(b, "mul", centered, centered), axes, True)
    inv = L.unary(b, "rsqrt", L.binary(b, "add", var, L.scalar_like(b, eps, var)))
    y = L.cast(b, L.binary(b, "mul", centered, inv), x.dtype)
    if scale is not None:
        y = L.binary(b, "mul", y, scale)
    if bias is not None:
        y = L.binary(b, "add", y, bias)
    return [y, mean, inv]


# Contractions -------------------------------------------------------------------------------

@onnx_op("MatMul")
def _matmul(ctx: NodeContext):
    return [L.matmul(ctx.b, ctx.input(0), ctx.input(1))]


@onnx_op("Gemm")
def _gemm(ctx: NodeContext):
    a, w, c = ctx.input(0), ctx.input(1), ctx.input(2, False)
    return [L.gemm(ctx.b, a, w, c, _float_attr(ctx.attr("alpha", 1.0)),
                   _float_attr(ctx.attr("beta", 1.0)), bool(ctx.attr("transA", 0)),
                   bool(ctx.attr("transB", 0)))]


# Larger ops, decomposed in the shared table ---------------------------------------------

@onnx_op("Pad")
def _pad(ctx: NodeContext):
    x = ctx.input(0)
    mode = ctx.attr("mode", "constant")
    pads = ctx.int_list(1, "pads")
    value = ctx.input(2, False)
    axes = ctx.int_list(3, "axes")
    if axes is None:
        axes = list(range(x.rank))
    axes = [L.normalize_axis(a, x.rank) for a in axes]
    if len(pads) != 2 * len(axes):
        raise OnnxImportError(f"{len(pads)} pads for {len(axes)} axes")
    before, after = [0] * x.rank, [0] * x.rank
    for i, a in enumerate(axes):
        before[a], after[a] = pads[i], pads[i + len(axes)]
    if value is not None and value.type.numel() == 0:
        value = None
    return [L.pad(ctx.b, x, before, after, mode, value)]


@onnx_op("Trilu")
def _trilu(ctx: NodeContext):
    k = ctx.input(1, False)
    upper = bool(ctx.attr("upper", 1))
    if k is None or k.const is not None:
        kv = int(np.asarray(k.const).reshape(-1)[0]) if k is not None else 0
        return [L.triangle(ctx.b, ctx.input(0), upper, kv)]
    # a run-time diagonal: k only changes values, not shapes
    return [L.triangle(ctx.b, ctx.input(0), upper, L.reshape(ctx.b, L.cast(ctx.b, k, "i64"), []))]


@onnx_op("CumSum")
def _cumsum(ctx: NodeContext):
    axis = ctx.int_list(1, "axis")
    return [L.cumulative(ctx.b, ctx.input(0), axis[0], "sum", bool(ctx.attr("exclusive", 0)),
                         bool(ctx.attr("reverse", 0)))]


@onnx_op("CumProd")
def _cumprod(ctx: NodeContext):
    axis = ctx.int_list(1, "axis")
    return [L.cumulative(ctx.b, ctx.input(0), axis[0], "prod", bool(ctx.attr("exclusive", 0)),
                         bool(ctx.attr("reverse", 0)))]


def _spatial_attrs(ctx: NodeContext, x: Value, kernel: List[int]):
    n = len(kernel)
    strides = [int(v) for v in ctx.attr("strides", [1] * n)]
    dilations = [int(v) for v in ctx.attr("dilations", [1] * n)]
    pads = [int(v) for v in ctx.attr("pads", [0] * (2 * n))]
    auto_pad = ctx.attr("auto_pad", "NOTSET")
    spatial = [x.shape[2 + i] for i in range(n)]
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        if any(d is None for d in spatial):
            raise Unsupported("auto_pad over dynamic spatial dims")
        pads = [0] * (2 * n)
        for i in range(n):
            out = -(-spatial[i] // strides[i])
            total = max(0, (out - 1) * strides[i] + dilations[i] * (kernel[i] - 1) + 1 - spatial[i])
            small, big = total // 2, total - total // 2
            pads[i], pads[i + n] = (small, big) if auto_pad == "SAME_UPPER" else (big, small)
    elif auto_pad == "VALID":
        pads = [0] * (2 * n)
    elif auto_pad != "NOTSET":
        raise Unsupported(f"attribute 'auto_pad' = '{auto_pad}'")
    return strides, dilations, pads[:n], pads[n:]


@onnx_op("MaxPool", "AveragePool")
def _pool(ctx: NodeContext):
    x = ctx.input(0)
    kernel = [int(k) for k in ctx.attr("kernel_shape")]
    if len(ctx.node.output) > 1 and ctx.node.output[1]:
        raise Unsupported("MaxPool's Indices output")
    if int(ctx.attr("storage_order", 0)):
        raise Unsupported("attribute 'storage_order' = 1")
    strides, dilations, before, after = _spatial_attrs(ctx, x, kernel)
    kind = "max" if ctx.op == "MaxPool" else "avg"
    return [L.pool(ctx.b, x, kind, kernel, strides, dilations, before, after,
                   bool(ctx.attr("count_include_pad", 0)), bool(ctx.attr("ceil_mode", 0)))]


@onnx_op("GlobalAveragePool", "GlobalMaxPool")
def _global_pool(ctx: NodeContext):
    x = ctx.input(0)
    kind = "mean" if ctx.op == "GlobalAveragePool" else "max"
    return [L.reduce(ctx.b, kind, x, list(range(2, x.rank)), True)]


@onnx_op("Conv")
def _conv(ctx: NodeContext):
    x, w, bias = ctx.input(0), ctx.input(1), ctx.input(2, False)
    kernel = ctx.attr("kernel_shape")
    kernel = [int(k) for k in kernel] if kernel is not None else list(w.shape[2:])
    if list(w.shape[2:]) != kernel:
        raise OnnxImportError(f"kernel_shape {kernel} does not match the weights {list(w.shape)}")
    strides, dilations, before, after = _spatial_attrs(ctx, x, kernel)
    return [L.conv(ctx.b, x, w, bias, strides, dilations, before, after,
                   int(ctx.attr("group", 1)))]


@onnx_op("ConvTranspose")
def _conv_transpose(ctx: NodeContext):
    x, w, bias = ctx.input(0), ctx.input(1), ctx.input(2, False)
    kernel = ctx.attr("kernel_shape")
    kernel = [int(k) for k in kernel] if kernel is not None else list(w.shape[2:])
    n = len(kernel)
    strides = [int(v) for v in ctx.attr("strides", [1] * n)]
    dilations = [int(v) for v in ctx.attr("dilations", [1] * n)]
    output_padding = [int(v) for v in ctx.attr("output_padding", [0] * n)]
    pads = ctx.attr("pads")
    output_shape = ctx.attr("output_shape")
    auto_pad = ctx.attr("auto_pad", "NOTSET")
    spatial = [x.shape[2 + i] for i in range(n)]
    if any(d is None for d in spatial):
        raise Unsupported("ConvTranspose over dynamic spatial dims")
    if output_shape is not None or auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        target = [int(v) for v in output_shape] if output_shape is not None else \
            [spatial[i] * strides[i] for i in range(n)]
        pads = [0] * (2 * n)
        for i in range(n):
            total = strides[i] * (spatial[i] - 1) + output_padding[i] + \
                ((kernel[i] - 1) * dilations[i] + 1) - target[i]
            if auto_pad == "SAME_UPPER":
                pads[i], pads[i + n] = total // 2, total - total // 2
            else:
                pads[i], pads[i + n] = total - total // 2, total // 2
    elif auto_pad not in ("NOTSET", "VALID"):
        raise Unsupported(f"attribute 'auto_pad' = '{auto_pad}'")
    pads = [int(v) for v in (pads if pads is not None else [0] * (2 * n))]
    return [L.conv_transpose(ctx.b, x, w, bias, strides, dilations, pads[:n], pads[n:],
                             output_padding, int(ctx.attr("group", 1)))]


@onnx_op("Col2Im")
def _col2im(ctx: NodeContext):
    """Col2Im: the blocks of column l added back at their places in the
    image. That is a transposed convolution with one group per channel whose
    kernel picks, for input channel c * K + k, kernel offset k (one-hot)."""
    b = ctx.b
    x = ctx.input(0)
    image = ctx.int_list(1, "image_shape")
    block = ctx.int_list(2, "block_shape")
    n = len(block)
    if len(image) != n or x.rank != 3 or x.shape[1] is None or x.shape[2] is None:
        raise OnnxImportError("Col2Im takes [N, C * prod(block), L] and matching shapes")
    dilations = [int(v) for v in ctx.attr("dilations", [1] * n)]
    strides = [int(v) for v in ctx.attr("strides", [1] * n)]
    pads = [int(v) for v in ctx.attr("pads", [0] * (2 * n))]
    k = int(np.prod(block))
    if x.shape[1] % k:
        raise OnnxImportError(f"Col2Im: {x.shape[1]} rows are not a multiple of the "
                              f"block's {k} elements")
    channels = x.shape[1] // k
    blocks = [(image[i] + pads[i] + pads[n + i] - dilations[i] * (block[i] - 1) - 1)
              // strides[i] + 1 for i in range(n)]
    if int(np.prod(blocks)) != x.shape[2]:
        raise OnnxImportError(f"Col2Im: {x.shape[2]} columns, the image and block shapes "
                              f"give {int(np.prod(blocks))}")
    cols = L.reshape(b, x, [b.dim(x, 0), Dim(static=x.shape[1])] +
                     [Dim(static=v) for v in blocks])
    w = np.zeros([channels * k, 1] + list(block), numpy_dtype(x.dtype))
    for c in range(channels):
        for j, offset in enumerate(np.ndindex(*block)):
            w[(c * k + j, 0) + offset] = 1
    out_padding = [image[i] - ((blocks[i] - 1) * strides[i] + dilations[i] *
                               (block[i] - 1) + 1 - pads[i] - pads[n + i]) for i in range(n)]
    return [L.conv_transpose(b, cols, b.constant(w, x.dtype), None, strides, dilations,
                             pads[:n], pads[n:], out_padding, channels)]


@onnx_op("TensorScatter")
def _tensor_scatter(ctx: NodeContext):
    """The KV-cache write of opset 24: ``update`` written into the cache
    from each batch entry's write index on (0 when omitted)."""
    b = ctx.b
    cache, update, idx = ctx.input(0), ctx.input(1), ctx.input(2, False)
    mode = ctx.attr("mode", "linear")
    if mode not in ("linear", "circular"):
        raise Unsupported(f"attribute 'mode' = '{mode}'")
    if idx is None:
        idx = L.full(b, 0, "i64", (cache.shape[0],), [b.dim(cache, 0)])
    return [L.write_window(b, cache, update, idx, int(ctx.attr("axis", -2)),
                           circular=mode == "circular")]


@onnx_op("LpPool")
def _lp_pool(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    kernel = [int(k) for k in ctx.attr("kernel_shape")]
    p = int(ctx.attr("p", 2))
    strides, dilations, before, after = _spatial_attrs(ctx, x, kernel)
    ceil_mode = bool(ctx.attr("ceil_mode", 0))
    if not is_float(x.dtype):
        raise Unsupported(f"LpPool of {x.dtype}")
    ax = L.unary(b, "abs", x)
    powered = ax if p == 1 else L.binary(b, "pow", ax, L.scalar_like(b, float(p), ax))
    # sum over each window = average with count_include_pad times the size
    window = float(np.prod(kernel))
    avg = L.pool(b, powered, "avg", kernel, strides, dilations, before, after, True, ceil_mode)
    total = L.binary(b, "mul", avg, L.scalar_like(b, window, avg))
    if p == 1:
        return [total]
    return [L.binary(b, "pow", total, L.scalar_like(b, 1.0 / p, total))]


@onnx_op("RMSNormalization")
def _rms_norm(ctx: NodeContext):
    b = ctx.b
    x, scale = ctx.input(0), ctx.input(1)
    if not is_float(x.dtype):
        raise Unsupported(f"RMSNormalization of {x.dtype}")
    stash = int(ctx.attr("stash_type", 1))
    if stash != 1:
        raise Unsupported(f"attribute 'stash_type' = {stash}")
    eps = _float_attr(ctx.attr("epsilon", 1e-5))
    axis = L.normalize_axis(int(ctx.attr("axis", -1)), x.rank)
    xs = L.cast(b, x, "f32")
    ms = L.reduce(b, "mean", L.binary(b, "mul", xs, xs), list(range(axis, x.rank)), True)
    inv = L.unary(b, "rsqrt", L.binary(b, "add", ms, L.scalar_like(b, eps, ms)))
    y = L.cast(b, L.binary(b, "mul", xs, inv), x.dtype)
    return [L.binary(b, "mul", y, L.cast(b, scale, x.dtype))]


# Recurrent layers, unrolled over a static sequence length ----------------------------------

_RNN_ACTIVATIONS = {"Sigmoid": "sigmoid", "Tanh": "tanh", "Relu": "relu"}


def _rnn_common(ctx: NodeContext, gates: int, default_acts: List[str]):
    b = ctx.b
    x, w, r = ctx.input(0), ctx.input(1), ctx.input(2)
    bias, seq_lens = ctx.input(3, False), ctx.input(4, False)
    h0 = ctx.input(5, False)
    hidden = int(ctx.attr("hidden_size"))
    direction = ctx.attr("direction", "forward")
    layout = int(ctx.attr("layout", 0))
    if ctx.attr("clip") is not None:
        raise Unsupported("attribute 'clip'")
    dirs = {"forward": 1, "reverse": 1, "bidirectional": 2}.get(direction)
    if dirs is None:
        raise Unsupported(f"attribute 'direction' = '{direction}'")
    acts = ctx.attr("activations")
    acts = [a if isinstance(a, str) else a.decode() for a in acts] if acts else \
        default_acts * dirs
    for name in ("activation_alpha", "activation_beta"):
        if ctx.attr(name) is not None:
            raise Unsupported(f"attribute '{name}'")
    try:
        acts = [_RNN_ACTIVATIONS[a] for a in acts]
    except KeyError as e:
        raise Unsupported(f"activation {e}") from None
    if not is_float(x.dtype):
        raise Unsupported(f"{ctx.op} of {x.dtype}")
    if layout:
        x = L.transpose(b, x, [1, 0, 2])
    seq, batch, _ = x.shape
    if seq is None:
        raise Unsupported(f"{ctx.op} over a dynamic sequence length")
    if seq_lens is not None:
        if seq_lens.const is None or (np.asarray(seq_lens.const) != seq).any():
            raise Unsupported("sequence_lens shorter than the sequence (masking)")
    if h0 is not None and layout:
        h0 = L.transpose(b, h0, [1, 0, 2])
    return x, w, r, bias, h0, hidden, direction, dirs, acts, layout, seq


def _per_direction(b, v: Value, d: int) -> Value:
    """v[d] of a [directions, ...] tensor."""
    lo = [0] * v.rank
    hi = list(v.shape)
    lo[0], hi[0] = d, d + 1
    return L.squeeze(b, L.slice_static(b, v, lo, hi, [1] * v.rank), [0])


def _gate(b, v: Value, k: int, hidden: int) -> Value:
    """Columns [k*hidden, (k+1)*hidden) of a [..., gates*hidden] tensor."""
    return L._slice_axis(b, v, v.rank - 1, k * hidden, (k + 1) * hidden)


def _rnn_outputs(ctx, b, ys, hs, cs, layout):
    """Y [seq, dirs, batch, hidden] (or batch-major), Y_h and Y_c."""
    outs = []
    # per direction [seq, 1, batch, hidden], then directions side by side
    per_dir = [L.unsqueeze(b, L.concat(b, [L.unsqueeze(b, h, [0]) for h in per_t], 0), [1])
               for per_t in ys]
    y = L.concat(b, per_dir, 1) if len(per_dir) > 1 else per_dir[0]
    yh = L.concat(b, [L.unsqueeze(b, h, [0]) for h in hs], 0)
    yc = L.concat(b, [L.unsqueeze(b, c, [0]) for c in cs], 0) if cs else None
    if layout:
        y = L.transpose(b, y, [2, 0, 1, 3])
        yh = L.transpose(b, yh, [1, 0, 2])
        yc = L.transpose(b, yc, [1, 0, 2]) if yc is not None else None
    outs = [y, yh] + ([yc] if yc is not None else [])
    return outs[:len(ctx.node.output)]


def _run_recurrence(ctx, gates, default_acts, step):
    b = ctx.b
    x, w, r, bias, h0, hidden, direction, dirs, acts, layout, seq = \
        _rnn_common(ctx, gates, default_acts)
    n_acts = len(acts) // dirs
    ys, hs, cs = [], [], []
    for d in range(dirs):
        wd, rd = _per_direction(b, w, d), _per_direction(b, r, d)
        # every step's input projection in one GEMM: [seq*batch, gates*hidden]
        x2 = L.reshape(b, x, [b.index_arith("muli", seq, b.dim(x, 1)), b.dim(x, 2)])
        xw = L.gemm(b, x2, wd, None, 1.0, 0.0, False, True)
        if bias is not None:
            bd = _per_direction(b, bias, d)
            wb = L._slice_axis(b, bd, 0, 0, gates * hidden)
            rb = L._slice_axis(b, bd, 0, gates * hidden, 2 * gates * hidden)
        else:
            wb = rb = None
        xw = L.reshape(b, xw, [seq, b.dim(x, 1), gates * hidden])
        shape = [x.shape[1], hidden]
        sizes = [b.dim(x, 1), Dim(static=hidden)]
        h = _per_direction(b, h0, d) if h0 is not None else L.full(b, 0.0, x.dtype, shape, sizes)
        state = step.init(ctx, b, d, shape, sizes, x.dtype)
        order = range(seq) if (direction == "forward" or (direction == "bidirectional" and d == 0)) \
            else range(seq - 1, -1, -1)
        outs_t = [None] * seq
        for t in order:
            xt = L.squeeze(b, L._slice_axis(b, xw, 0, t, t + 1), [0])
            hr = L.gemm(b, h, rd, None, 1.0, 0.0, False, True)
            h, state = step(ctx, b, xt, hr, h, state, wb, rb, rd, hidden,
                            acts[d * n_acts:(d + 1) * n_acts], d)
            outs_t[t] = h
        ys.append(outs_t)
        hs.append(h)
        if state is not None and hasattr(state, "dtype"):
            cs.append(state)
    return _rnn_outputs(ctx, b, ys, hs, cs, layout)


class _RnnStep:
    @staticmethod
    def init(ctx, b, d, shape, sizes, dtype):
        return None

    def __call__(self, ctx, b, xt, hr, h, state, wb, rb, rd, hidden, acts, d):
        z = L.binary(b, "add", xt, hr)
        if wb is not None:
            z = L.binary(b, "add", L.binary(b, "add", z, wb), rb)
        return L.unary(b, acts[0], z), None


class _GruStep:
    @staticmethod
    def init(ctx, b, d, shape, sizes, dtype):
        return None

    def __call__(self, ctx, b, xt, hr, h, state, wb, rb, rd, hidden, acts, d):
        f, g = acts[0], acts[1]
        lbr = int(ctx.attr("linear_before_reset", 0))
        gx = [_gate(b, xt, k, hidden) for k in range(3)]       # z, r, h
        if wb is not None:
            gx = [L.binary(b, "add", v, _gate(b, wb, k, hidden)) for k, v in enumerate(gx)]
        rbs = [_gate(b, rb, k, hidden) if rb is not None else None for k in range(3)]
        gh = [_gate(b, hr, k, hidden) for k in range(3)]

        def with_rb(v, k):
            return v if rbs[k] is None else L.binary(b, "add", v, rbs[k])
        zt = L.unary(b, f, L.binary(b, "add", gx[0], with_rb(gh[0], 0)))
        rt = L.unary(b, f, L.binary(b, "add", gx[1], with_rb(gh[1], 1)))
        if lbr:
            cand = L.binary(b, "add", gx[2], L.binary(b, "mul", rt, with_rb(gh[2], 2)))
        else:
            rh = L.gemm(b, L.binary(b, "mul", rt, h), _gate_rows(b, rd, 2, hidden), None,
                        1.0, 0.0, False, True)
            cand = L.binary(b, "add", gx[2], with_rb(rh, 2))
        ht = L.unary(b, g, cand)
        one = L.scalar_like(b, 1.0, zt)
        new_h = L.binary(b, "add", L.binary(b, "mul", L.binary(b, "sub", one, zt), ht),
                         L.binary(b, "mul", zt, h))
        return new_h, None


def _gate_rows(b, w: Value, k: int, hidden: int) -> Value:
    """Rows [k*hidden, (k+1)*hidden) of a [gates*hidden, n] weight."""
    return L._slice_axis(b, w, 0, k * hidden, (k + 1) * hidden)


class _LstmStep:
    @staticmethod
    def init(ctx, b, d, shape, sizes, dtype):
        c0 = ctx.input(6, False)
        if int(ctx.attr("input_forget", 0)):
            raise Unsupported("attribute 'input_forget' = 1")
        if c0 is not None:
            if int(ctx.attr("layout", 0)):
                c0 = L.transpose(b, c0, [1, 0, 2])
            return _per_direction(b, c0, d)
        return L.full(b, 0.0, dtype, shape, sizes)

    def __call__(self, ctx, b, xt, hr, h, c, wb, rb, rd, hidden, acts, d):
        f, g, hact = acts[0], acts[1], acts[2]
        p = ctx.input(7, False)
        z = L.binary(b, "add", xt, hr)
        if wb is not None:
            z = L.binary(b, "add", L.binary(b, "add", z, wb), rb)
        i_, o_, f_, c_ = (_gate(b, z, k, hidden) for k in range(4))
        if p is not None:
            pd = _per_direction(b, p, d)
            pi, po, pf = (L._slice_axis(b, pd, 0, k * hidden, (k + 1) * hidden) for k in range(3))
            i_ = L.binary(b, "add", i_, L.binary(b, "mul", pi, c))
            f_ = L.binary(b, "add", f_, L.binary(b, "mul", pf, c))
        it, ft = L.unary(b, f, i_), L.unary(b, f, f_)
        ct = L.unary(b, g, c_)
        new_c = L.binary(b, "add", L.binary(b, "mul", ft, c), L.binary(b, "mul", it, ct))
        if p is not None:
            o_ = L.binary(b, "add", o_, L.binary(b, "mul", po, new_c))
        ot = L.unary(b, f, o_)
        return L.binary(b, "mul", ot, L.unary(b, hact, new_c)), new_c


@onnx_op("RNN")
def _rnn(ctx: NodeContext):
    return _run_recurrence(ctx, 1, ["Tanh"], _RnnStep())


@onnx_op("GRU")
def _gru(ctx: NodeContext):
    return _run_recurrence(ctx, 3, ["Sigmoid", "Tanh"], _GruStep())


@onnx_op("LSTM")
def _lstm(ctx: NodeContext):
    return _run_recurrence(ctx, 4, ["Sigmoid", "Tanh", "Tanh"], _LstmStep())


_INVERSE_TRIG = {"Atan": L.atan, "Asin": L.asin, "Acos": L.acos, "Asinh": L.asinh,
                 "Acosh": L.acosh, "Atanh": L.atanh}


@onnx_op(*_INVERSE_TRIG)
def _inverse_trig(ctx: NodeContext):
    x = ctx.input(0)
    if not is_float(x.dtype):
        raise Unsupported(f"{ctx.op} of {x.dtype}")
    return [_INVERSE_TRIG[ctx.op](ctx.b, x)]


@onnx_op("Shrink")
def _shrink(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    lambd = _float_attr(ctx.attr("lambd", 0.5))
    bias = _float_attr(ctx.attr("bias", 0.0))
    if x.dtype == "i1":
        raise Unsupported("Shrink of bool")
    if is_float(x.dtype):
        lo, hi = L.scalar_like(b, -lambd, x), L.scalar_like(b, lambd, x)
        bb = L.scalar_like(b, bias, x)
    else:
        if lambd != int(lambd) or bias != int(bias):
            raise Unsupported(f"Shrink of {x.dtype} with fractional lambd or bias")
        lo, hi = L.scalar_like(b, -int(lambd), x), L.scalar_like(b, int(lambd), x)
        bb = L.scalar_like(b, int(bias), x)
    zero = L.scalar_like(b, 0, x)
    return [L.select(b, L.compare(b, "lt", x, lo), L.binary(b, "add", x, bb),
                     L.select(b, L.compare(b, "gt", x, hi), L.binary(b, "sub", x, bb), zero))]


@onnx_op("LRN")
def _lrn(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    size = ctx.attr("size")
    if size is None:
        raise OnnxImportError("attribute 'size' is required")
    size = int(size)
    alpha = _float_attr(ctx.attr("alpha", 1e-4))
    beta = _float_attr(ctx.attr("beta", 0.75))
    bias = _float_attr(ctx.attr("bias", 1.0))
    if not is_float(x.dtype) or x.rank < 3:
        raise Unsupported(f"LRN of {x.dtype} rank {x.rank}")
    c = x.shape[1]
    if c is None:
        raise Unsupported("LRN over a dynamic channel dim")
    xs = L.cast(b, x, "f32") if x.dtype in ("f16", "bf16") else x
    sq = L.binary(b, "mul", xs, xs)
    lo, hi = (size - 1) // 2, size - 1 - (size - 1) // 2
    before, after = [0] * x.rank, [0] * x.rank
    before[1], after[1] = lo, hi
    padded = L.pad(b, sq, before, after)
    total = None
    for i in range(size):
        part = L._slice_axis(b, padded, 1, i, i + c)
        total = part if total is None else L.binary(b, "add", total, part)
    scale = L.binary(b, "add", L.scalar_like(b, bias, total),
                     L.binary(b, "mul", total, L.scalar_like(b, alpha / size, total)))
    y = L.binary(b, "div", xs, L.binary(b, "pow", scale, L.scalar_like(b, beta, scale)))
    return [L.cast(b, y, x.dtype)]


@onnx_op("GatherND")
def _gather_nd(ctx: NodeContext):
    return [L.gather_nd(ctx.b, ctx.input(0), ctx.input(1), int(ctx.attr("batch_dims", 0)))]


@onnx_op("ScatterND")
def _scatter_nd(ctx: NodeContext):
    return [L.scatter_nd(ctx.b, ctx.input(0), ctx.input(1), ctx.input(2),
                         ctx.attr("reduction", "none"))]


@onnx_op("ScatterElements", "Scatter")
def _scatter_elements(ctx: NodeContext):
    return [L.scatter_elements(ctx.b, ctx.input(0), ctx.input(1), ctx.input(2),
                               int(ctx.attr("axis", 0)), ctx.attr("reduction", "none"))]


@onnx_op("TopK")
def _top_k(ctx: NodeContext):
    x = ctx.input(0)
    k = ctx.int_list(1, "k")
    if not k or len(k) != 1:
        raise OnnxImportError("input 1 (k) must hold one value")
    ctx.attr("sorted")  # sorted output is also one valid unsorted order
    values, indices = L.top_k(ctx.b, x, int(k[0]), int(ctx.attr("axis", -1)),
                              bool(ctx.attr("largest", 1)))
    return [values, indices]


@onnx_op("Compress")
def _compress(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    cond = ctx.input(1).const
    if cond is None:
        # the result's shape would depend on run-time data: not specialized
        # on (that would be the whole op evaluated at compile time)
        raise Unsupported("Compress with a run-time condition (a data-dependent shape)")
    axis = ctx.attr("axis")
    if axis is None:
        x = L.reshape(b, x, [L.numel(b, x)])
        axis = 0
    axis = L.normalize_axis(int(axis), x.rank)
    picked = np.nonzero(np.asarray(cond).reshape(-1).astype(bool))[0]
    if x.shape[axis] is not None and len(picked) and picked[-1] >= x.shape[axis]:
        raise OnnxImportError("Compress condition is longer than the axis")
    return [L.gather(b, x, b.constant(picked.astype(np.int64), "i64"), axis)]


@onnx_op("ReverseSequence")
def _reverse_sequence(ctx: NodeContext):
    b = ctx.b
    x, lens = ctx.input(0), ctx.input(1)
    batch_axis = int(ctx.attr("batch_axis", 1))
    time_axis = int(ctx.attr("time_axis", 0))
    if not x.type.static:
        raise Unsupported("ReverseSequence with dynamic dims")
    sizes = [Dim(static=s) for s in x.shape]
    t = L.iota(b, "i64", x.shape, sizes, time_axis)
    shape = [1] * x.rank
    shape[batch_axis] = x.shape[batch_axis]
    n = L.broadcast_to(b, L.reshape(b, L.cast(b, lens, "i64"), shape), x.shape, sizes)
    # the first len[b] steps reversed, the rest in place
    rev = L.binary(b, "sub", L.binary(b, "sub", n, L.scalar_like(b, 1, n)), t)
    idx = L.select(b, L.compare(b, "lt", t, n), rev, t)
    return [L.take_along_axis(b, x, idx, time_axis)]


@onnx_op("NonZero")
def _non_zero(ctx: NodeContext):
    if ctx.input(0).const is None:
        raise Unsupported("NonZero of a run-time tensor (a data-dependent shape)")
    x = np.asarray(ctx.input(0).const)
    if x.ndim == 0:
        raise Unsupported("NonZero of a scalar")
    return [ctx.b.constant(np.stack(np.nonzero(x)).astype(np.int64), "i64")]


# Optimizer steps (ai.onnx.preview.training) ------------------------------------------
#
# Each takes the learning rate R and the step count T (scalars), then n
# tensors each of X (weights), G (gradients) and the optimizer's state, and
# returns the new weights, then the new states. Elementwise, so one fused
# kernel updates every tensor's elements.

def _optimizer_groups(ctx: NodeContext, per_tensor: int):
    inputs = ctx.inputs
    n = (len(inputs) - 2) // per_tensor
    if n < 1 or len(inputs) != 2 + per_tensor * n:
        raise OnnxImportError(f"{ctx.op} takes R, T and {per_tensor} tensors per weight")
    r, t = ctx.input(0), ctx.input(1)
    groups = [[inputs[2 + k * n + i] for k in range(per_tensor)] for i in range(n)]
    for g in groups:
        if any(v is None or not is_float(v.dtype) for v in g):
            raise Unsupported(f"{ctx.op} of non-float tensors")
    return r, t, groups


def _step_scalars(b, r: Value, t: Value, like: Value):
    """R in the weights' type and T > 0 as rank-0 values."""
    r = L.reshape(b, L.cast(b, r, like.dtype), [])
    t = L.reshape(b, L.cast(b, t, "i64"), [])
    return r, t, L.compare(b, "gt", t, L.full(b, 0, "i64", ()))


def _regularized(b, x: Value, g: Value, norm: float) -> Value:
    """The gradient with the L2 term: norm_coefficient * x + g."""
    return L.binary(b, "add", L.binary(b, "mul", x, L.scalar_like(b, norm, x)), g)


@onnx_op("Adagrad")
def _adagrad(ctx: NodeContext):
    b = ctx.b
    eps = _float_attr(ctx.attr("epsilon", 0.0))
    decay = _float_attr(ctx.attr("decay_factor", 0.0))
    norm = _float_attr(ctx.attr("norm_coefficient", 0.0))
    r, t, groups = _optimizer_groups(ctx, 3)
    xs, hs = [], []
    for x, g, h in groups:
        rr, tt, _ = _step_scalars(b, r, t, x)
        tf = L.cast(b, tt, x.dtype)
        # r / (1 + t * decay)
        rr = L.binary(b, "div", rr, L.binary(b, "add", L.scalar_like(b, 1.0, rr),
                                              L.binary(b, "mul", tf, L.scalar_like(b, decay, tf))))
        gr = _regularized(b, x, g, norm)
        h_new = L.binary(b, "add", h, L.binary(b, "mul", gr, gr))
        denom = L.binary(b, "add", L.unary(b, "sqrt", h_new), L.scalar_like(b, eps, h_new))
        xs.append(L.binary(b, "sub", x, L.binary(b, "div", L.binary(b, "mul", rr, gr), denom)))
        hs.append(h_new)
    return xs + hs


@onnx_op("Momentum")
def _momentum(ctx: NodeContext):
    b = ctx.b
    for name in ("alpha", "beta", "norm_coefficient"):
        if ctx.attr(name) is None:
            raise OnnxImportError(f"attribute '{name}' is required")
    alpha = _float_attr(ctx.attr("alpha"))
    beta = _float_attr(ctx.attr("beta"))
    norm = _float_attr(ctx.attr("norm_coefficient"))
    mode = ctx.attr("mode", "standard")
    if mode not in ("standard", "nesterov"):
        raise Unsupported(f"attribute 'mode' = '{mode}'")
    r, t, groups = _optimizer_groups(ctx, 3)
    xs, vs = [], []
    for x, g, v in groups:
        rr, _, started = _step_scalars(b, r, t, x)
        gr = _regularized(b, x, g, norm)
        # the first step (T = 0) takes the gradient whole
        beta_t = L.select(b, started, L.full(b, beta, x.dtype, ()), L.full(b, 1.0, x.dtype, ()))
        v_new = L.binary(b, "add", L.binary(b, "mul", v, L.scalar_like(b, alpha, v)),
                         L.binary(b, "mul", gr, beta_t))
        step = v_new if mode == "standard" else \
            L.binary(b, "add", gr, L.binary(b, "mul", v_new, L.scalar_like(b, alpha, v_new)))
        xs.append(L.binary(b, "sub", x, L.binary(b, "mul", step, rr)))
        vs.append(v_new)
    return xs + vs


@onnx_op("Adam")
def _adam(ctx: NodeContext):
    b = ctx.b
    alpha = _float_attr(ctx.attr("alpha", 0.9))
    beta = _float_attr(ctx.attr("beta", 0.999))
    eps = _float_attr(ctx.attr("epsilon", 0.0))
    norm = _float_attr(ctx.attr("norm_coefficient", 0.0))
    post = _float_attr(ctx.attr("norm_coefficient_post", 0.0))
    r, t, groups = _optimizer_groups(ctx, 4)
    xs, vs, hs = [], [], []
    for x, g, v, h in groups:
        rr, tt, started = _step_scalars(b, r, t, x)
        gr = _regularized(b, x, g, norm)
        v_new = L.binary(b, "add", L.binary(b, "mul", v, L.scalar_like(b, alpha, v)),
                         L.binary(b, "mul", gr, L.scalar_like(b, 1.0 - alpha, gr)))
        h_new = L.binary(b, "add", L.binary(b, "mul", h, L.scalar_like(b, beta, h)),
                         L.binary(b, "mul", L.binary(b, "mul", gr, gr),
                                  L.scalar_like(b, 1.0 - beta, gr)))
        denom = L.binary(b, "add", L.unary(b, "sqrt", h_new), L.scalar_like(b, eps, h_new))
        # bias correction r * sqrt(1 - beta^T) / (1 - alpha^T) once T > 0
        tf = L.cast(b, tt, x.dtype)
        one = L.scalar_like(b, 1.0, tf)
        corr = L.binary(b, "div",
                        L.unary(b, "sqrt", L.binary(b, "sub", one, L.binary(
                            b, "pow", L.scalar_like(b, beta, tf), tf))),
                        L.binary(b, "sub", one, L.binary(b, "pow", L.scalar_like(b, alpha, tf), tf)))
        r_adj = L.select(b, started, L.binary(b, "mul", rr, corr), rr)
        x_new = L.binary(b, "sub", x, L.binary(b, "mul", L.binary(b, "div", v_new, denom), r_adj))
        if post:
            x_new = L.binary(b, "mul", x_new, L.scalar_like(b, 1.0 - post, x_new))
        xs.append(x_new)
        vs.append(v_new)
        hs.append(h_new)
    return xs + vs + hs


# Linear quantization ------------------------------------------------------------------

_QUANT_OF = {onnx.TensorProto.INT8: "i8", onnx.TensorProto.UINT8: "u8",
             onnx.TensorProto.INT16: "i16", onnx.TensorProto.UINT16: "u16"}


def _quant_type_of(v: Optional[Value], code: Optional[int], what: str) -> str:
    if code:
        narrow = _QUANT_OF.get(code) or _NARROW_OF.get(code)
        if narrow is None or not (narrow in L.QUANT_RANGES or narrow in L.NARROW_FLOATS or
                                  narrow == "i8"):
            raise Unsupported(f"{what} quantized to {onnx_dtype_name(code)}")
        return narrow
    if v is None:
        return "u8"
    if v.narrow in L.QUANT_RANGES or v.narrow in L.NARROW_FLOATS or v.dtype == "i8":
        return v.narrow or v.dtype
    raise Unsupported(f"{what} quantized to {v.narrow or v.dtype}")


@onnx_op("QuantizeLinear")
def _quantize_linear(ctx: NodeContext):
    x, scale, zp = ctx.input(0), ctx.input(1), ctx.input(2, False)
    saturate = bool(int(ctx.attr("saturate", 1)))
    precision = ctx.attr("precision")
    if precision:
        raise Unsupported("attribute 'precision'")
    out_code = ctx.attr("output_dtype")
    target = _quant_type_of(zp, None, "QuantizeLinear") if zp is not None else \
        _quant_type_of(None, out_code, "QuantizeLinear")
    if not saturate and target not in L.NARROW_FLOATS:
        raise Unsupported("attribute 'saturate' = 0 for an integer type")
    return [L.quantize(ctx.b, x, scale, zp,
                       int(ctx.attr("axis", 1)), int(ctx.attr("block_size", 0)), target,
                       saturate)]


@onnx_op("DequantizeLinear")
def _dequantize_linear(ctx: NodeContext):
    x, scale, zp = ctx.input(0), ctx.input(1), ctx.input(2, False)
    _quant_type_of(x, None, "DequantizeLinear")  # int8/16, uint8/16 data only
    out_code = ctx.attr("output_dtype")
    out = element_type(int(out_code), "attribute 'output_dtype'") if out_code else scale.dtype
    return [L.dequantize(ctx.b, x, scale, zp, int(ctx.attr("axis", 1)),
                         int(ctx.attr("block_size", 0)), out)]


@onnx_op("Einsum")
def _einsum(ctx: NodeContext):
    return [L.einsum(ctx.b, ctx.attr("equation"), [v for v in ctx.inputs if v is not None])]


@onnx_op("Det")
def _det(ctx: NodeContext):
    x = ctx.input(0)
    if x.dtype in ("f16", "bf16"):  # (through f32, rounded once)
        return [L.cast(ctx.b, LA.det(ctx.b, L.cast(ctx.b, x, "f32"))[0], x.dtype)]
    return [LA.det(ctx.b, x)[0]]


def _signal_parts(b, x: Value, what: str):
    """(re, im) of an ONNX signal [..., 1] (real) or [..., 2] (complex)."""
    if x.rank < 2 or x.shape[-1] not in (1, 2):
        raise OnnxImportError(f"{what} takes a signal of [..., 1] or [..., 2], not {x.type}")
    if x.shape[-1] == 2:
        return SP.split_pairs(b, x)
    return L.squeeze(b, x, [x.rank - 1]), None


def _scalar_const(ctx: NodeContext, i: int, what: str) -> Optional[int]:
    v = ctx.const_input(i, what)
    return None if v is None else int(np.asarray(v).reshape(-1)[0])


@onnx_op("DFT")
def _dft(ctx: NodeContext):
    b, x = ctx.b, ctx.input(0)
    length = _scalar_const(ctx, 1, "dft_length")
    axis = int(ctx.attr("axis", 1)) if ctx.opset < 20 else _scalar_const(ctx, 2, "axis")
    axis = -2 if axis is None else axis
    inverse, onesided = bool(int(ctx.attr("inverse", 0))), bool(int(ctx.attr("onesided", 0)))
    if not -x.rank <= axis < x.rank or axis % x.rank == x.rank - 1:
        raise OnnxImportError(f"DFT axis {axis} of a rank-{x.rank} signal (not its last dim)")
    axis %= x.rank
    re, im = _signal_parts(b, x, "DFT")
    if inverse and onesided:  # numpy's irfft: a real signal of n points, as [..., 1]
        n = length if length is not None else 2 * (re.shape[axis] - 1)
        re = SP.resize(b, re, axis, n // 2 + 1)
        im = None if im is None else SP.resize(b, im, axis, n // 2 + 1)
        y = SP.real_inverse(b, re, im, axis, n, 1.0 / n)
        return [L.unsqueeze(b, y, [y.rank])]
    n = length if length is not None else re.shape[axis]
    re = SP.resize(b, re, axis, n)
    im = None if im is None else SP.resize(b, im, axis, n)
    pair = SP.dft(b, re, im, axis, not inverse, onesided, 1.0 / n if inverse else 1.0)
    return [SP.join_pairs(b, *pair)]


@onnx_op("STFT")
def _stft(ctx: NodeContext):
    b, x = ctx.b, ctx.input(0)
    step = _scalar_const(ctx, 1, "frame_step")
    window = ctx.input(2, False)
    length = _scalar_const(ctx, 3, "frame_length")
    onesided = bool(int(ctx.attr("onesided", 1)))
    re, im = _signal_parts(b, x, "STFT")
    if re.rank != 2 or re.shape[1] is None:
        raise Unsupported(f"STFT of a signal {x.type} (needs [batch, length, 1 or 2])")
    if length is None:
        length = re.shape[1] if window is None else window.shape[0]
    if step is None or step <= 0:
        raise OnnxImportError(f"STFT frame_step {step}")
    # frames [batch, count, length], weighted by the window
    frames = [None if v is None else L.windows(b, v, 1, length, step) for v in (re, im)]
    if window is not None:
        w = L.cast(b, window, re.dtype)
        frames = [None if f is None else L.binary(b, "mul", f, w) for f in frames]
    return [SP.join_pairs(b, *SP.dft(b, frames[0], frames[1], 2, True, onesided))]


@onnx_op("BitCast")
def _bitcast(ctx: NodeContext):
    """Each element's bits read as the type ``to`` names, of the same width:
    floats through ``meld.bitcast`` (f32/i32, f64/i64; uint32 by its low 32
    bits), integers and booleans by wrapping their carriers."""
    b, x = ctx.b, ctx.input(0)
    code = int(ctx.attr("to"))
    to = element_type(code, "attribute 'to'")
    narrow = _NARROW_OF.get(code)
    src = x.narrow or x.dtype
    width = {"f32": 32, "f64": 64, "i32": 32, "u32": 32, "i64": 64, "i8": 8, "u8": 8,
             "i16": 16, "u16": 16, "i1": 8}
    if src not in width or (narrow or to) not in width:
        raise OnnxUnsupported(f"BitCast of {src} to {narrow or to}")
    if width[src] != width[narrow or to]:
        raise OnnxImportError(f"BitCast of {src} to {narrow or to}: the widths differ")
    if is_float(to) or is_float(x.dtype):
        if src == "u32" or narrow == "u32":  # (a u32 is held in i64)
            x = L.cast(b, x, "i32") if src == "u32" else L.bitcast(b, x, "i32")
            return [L.wrap_narrow(b, L.cast(b, x, "i64"), "u32") if narrow == "u32"
                    else L.bitcast(b, x, to)]
        return [L.bitcast(b, x, to)]
    y = L.cast(b, x, to)
    return [L.wrap_narrow(b, y, narrow) if narrow else y]


@onnx_op("BatchNormalization")
def _batch_norm(ctx: NodeContext):
    training = bool(int(ctx.attr("training_mode", 0)))
    momentum = _float_attr(ctx.attr("momentum", 0.9))
    b = ctx.b
    x, scale, bias, mean, var = (ctx.input(i) for i in range(5))
    eps = _float_attr(ctx.attr("epsilon", 1e-5))
    shape = [x.shape[1]] + [1] * (x.rank - 2)
    if not is_float(x.dtype):
        raise Unsupported(f"BatchNormalization of {x.dtype}")

    def per_channel(v):
        return L.reshape(b, L.cast(b, v, x.dtype), shape)
    running = []
    if training:
        # the batch's own statistics (population variance), and the running
        # ones moved toward them by (1 - momentum)
        axes = [0] + list(range(2, x.rank))
        batch_mean = L.reduce(b, "mean", x, axes, False)
        centered = L.binary(b, "sub", x, L.reshape(b, batch_mean, shape))
        batch_var = L.reduce(b, "mean", L.binary(b, "mul", centered, centered), axes, False)

        def moved(old, new):
            old = L.cast(b, old, x.dtype)
            return L.binary(b, "add", L.binary(b, "mul", old, L.scalar_like(b, momentum, old)),
                            L.binary(b, "mul", new, L.scalar_like(b, 1.0 - momentum, new)))
        running = [moved(mean, batch_mean), moved(var, batch_var)]
        mean, var = batch_mean, batch_var
    inv = L.unary(b, "rsqrt", L.binary(b, "add", per_channel(var),
                                       L.scalar_like(b, eps, per_channel(var))))
    y = L.binary(b, "mul", L.binary(b, "sub", x, per_channel(mean)), inv)
    return [L.binary(b, "add", L.binary(b, "mul", y, per_channel(scale)), per_channel(bias))] + \
        running


@onnx_op("InstanceNormalization")
def _instance_norm(ctx: NodeContext):
    b = ctx.b
    x, scale, bias = ctx.input(0), ctx.input(1), ctx.input(2)
    eps = _float_attr(ctx.attr("epsilon", 1e-5))
    axes = list(range(2, x.rank))
    mean = L.reduce(b, "mean", x, axes, True)
    c = L.binary(b, "sub", x, mean)
    var = L.reduce(b, "mean", L.binary(b, "mul", c, c), axes, True)
    y = L.binary(b, "mul", c, L.unary(b, "rsqrt", L.binary(b, "add", var,
                                                           L.scalar_like(b, eps, var))))
    shape = [x.shape[1]] + [1] * (x.rank - 2)
    return [L.binary(b, "add", L.binary(b, "mul", y, L.reshape(b, scale, shape)),
                     L.reshape(b, bias, shape))]


@onnx_op("LpNormalization")
def _lp_norm(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    axis = int(ctx.attr("axis", -1))
    p = int(ctx.attr("p", 2))
    if p not in (1, 2):
        raise Unsupported(f"attribute 'p' = {p}")
    norm = L.p_norm(b, x, p, [axis], keepdims=True)
    zero = L.scalar_like(b, 0, norm)
    norm = L.select(b, L.compare(b, "eq", norm, zero), L.scalar_like(b, 1, norm), norm)
    return [L.binary(b, "div", x, norm)]  # a zero vector stays zero


@onnx_op("OneHot")
def _one_hot(ctx: NodeContext):
    b = ctx.b
    idx, depth, values = ctx.input(0), ctx.const_input(1, "depth"), ctx.input(2)
    depth = int(np.asarray(depth).reshape(-1)[0])
    axis = int(ctx.attr("axis", -1))
    rank = idx.rank + 1
    axis = L.normalize_axis(axis, rank)
    if idx.dtype not in INT_TYPES:
        if not is_float(idx.dtype):
            raise Unsupported(f"OneHot indices of {idx.dtype}")
        idx = L.cast(b, idx, "i64")
    idx = L.cast(b, idx, "i64")
    # negative indices count from the end
    idx = L.select(b, L.compare(b, "lt", idx, L.scalar_like(b, 0, idx)),
                   L.binary(b, "add", idx, L.scalar_like(b, depth, idx)), idx)
    shape = list(idx.shape)
    shape.insert(axis, depth)
    sizes = b.dims(idx)
    sizes.insert(axis, Dim(static=depth))
    pos = L.iota(b, "i64", shape, sizes, axis)
    hit = L.compare(b, "eq", pos, L.unsqueeze(b, idx, [axis]))
    off = L.reshape(b, L.slice_static(b, values, [0], [1], [1]), [])
    on = L.reshape(b, L.slice_static(b, values, [1], [2], [1]), [])
    return [L.select(b, hit, on, off)]


@onnx_op("Hardmax")
def _hardmax(ctx: NodeContext):
    b = ctx.b
    x = ctx.input(0)
    axis = L.normalize_axis(int(ctx.attr("axis", -1)), x.rank)
    am = L.reduce(b, "argmax", x, [axis], True)
    pos = L.iota(b, "i64", x.shape, b.dims(x), axis)
    return [L.cast(b, L.compare(b, "eq", pos, am), x.dtype)]


@onnx_op("IsNaN")
def _isnan(ctx: NodeContext):
    x = ctx.input(0)
    if not is_float(x.dtype):
        raise Unsupported(f"IsNaN of {x.dtype}")
    return [L.isnan(ctx.b, x)]


@onnx_op("IsInf")
def _isinf(ctx: NodeContext):
    x = ctx.input(0)
    if not is_float(x.dtype):
        raise Unsupported(f"IsInf of {x.dtype}")
    return [L.isinf(ctx.b, x, bool(ctx.attr("detect_positive", 1)),
                    bool(ctx.attr("detect_negative", 1)))]


def _integer_operand(ctx: NodeContext, x: Value, zp: Optional[Value], rows: bool) -> Value:
    """An 8-bit matmul operand in i32 less its zero point: a scalar, or one
    per row (of the left operand) or per column (of the right)."""
    b = ctx.b
    if (x.narrow or x.dtype) not in ("i8", "u8"):
        raise Unsupported(f"{ctx.op} of {x.narrow or x.dtype}")
    v = L.cast(b, x, "i32")
    if zp is None:
        return v
    z = L.cast(b, zp, "i32")
    if z.rank == 1 and not (z.type.static and z.type.numel() == 1):
        z = L.reshape(b, z, [b.dim(z, 0), Dim(static=1)]) if rows else z
    elif z.rank >= 1:
        z = L.reshape(b, z, [])
    return L.binary(b, "sub", v, z)


@onnx_op("MatMulInteger")
def _matmul_integer(ctx: NodeContext):
    a = _integer_operand(ctx, ctx.input(0), ctx.input(2, False), True)
    w = _integer_operand(ctx, ctx.input(1), ctx.input(3, False), False)
    return [L.matmul(ctx.b, a, w)]


@onnx_op("QLinearMatMul")
def _qlinear_matmul(ctx: NodeContext):
    """(a - a_zp) @ (b - b_zp) exactly in i32, scaled by a_scale * b_scale /
    y_scale (in the scales' type) in f64, rounded to nearest even, plus
    y_zp, saturated: onnx's definition step by step."""
    b = ctx.b
    a = _integer_operand(ctx, ctx.input(0), ctx.input(2), True)
    w = _integer_operand(ctx, ctx.input(3), ctx.input(5), False)
    a_scale, b_scale, y_scale = ctx.input(1), ctx.input(4), ctx.input(6)
    y_zp = ctx.input(7, False)
    target = (y_zp.narrow or y_zp.dtype) if y_zp is not None else \
        (ctx.input(0).narrow or ctx.input(0).dtype)
    if target not in ("i8", "u8") or any(s.type.numel() != 1 for s in (a_scale, b_scale, y_scale)
                                          if s.type.static):
        raise Unsupported(f"QLinearMatMul to {target} with per-axis scales")
    acc = L.matmul(b, a, w)
    scalar = [L.reshape(b, s, []) for s in (a_scale, b_scale, y_scale)]
    m = L.binary(b, "div", L.binary(b, "mul", scalar[0], scalar[1]), scalar[2])
    d = L.binary(b, "mul", L.cast(b, acc, "f64"), L.cast(b, m, "f64"))
    if y_zp is not None:
        d = L.binary(b, "add", d, L.cast(b, L.reshape(b, y_zp, []), "f64"))
    lo, hi = L.QUANT_RANGES[target]
    q = L.clamp(b, L.unary(b, "round", d), L.scalar_like(b, float(lo), d),
                L.scalar_like(b, float(hi), d))
    out = L.cast(b, q, "i8" if target == "i8" else "i32")
    return [out]


@onnx_op("ConvInteger")
def _conv_integer(ctx: NodeContext):
    """An 8-bit convolution less its zero points, exactly: every product and
    sum is an integer far below 2^53, so it runs as an f64 convolution and
    is converted back to i32."""
    b = ctx.b
    x = _integer_operand(ctx, ctx.input(0), ctx.input(2, False), False)
    w_in, w_zp = ctx.input(1), ctx.input(3, False)
    if w_zp is not None and w_zp.rank == 1 and not (w_zp.type.static and
                                                    w_zp.type.numel() == 1):
        # one zero point per output channel
        w = L.binary(b, "sub", _integer_operand(ctx, w_in, None, False),
                     L.reshape(b, L.cast(b, w_zp, "i32"), [b.dim(w_zp, 0)] +
                               [Dim(static=1)] * (w_in.rank - 1)))
    else:
        w = _integer_operand(ctx, w_in, w_zp, False)
    kernel = [int(k) for k in ctx.attr("kernel_shape", list(w.shape[2:]))]
    strides, dilations, before, after = _spatial_attrs(ctx, x, kernel)
    y = L.conv(b, L.cast(b, x, "f64"), L.cast(b, w, "f64"), None, strides, dilations,
               before, after, int(ctx.attr("group", 1)))
    return [L.cast(b, y, "i32")]


# Control flow is in GraphImporter (If, Loop): it needs the subgraphs.


# -- graphs --------------------------------------------------------------------------------------

@dataclass
class ImportedModel:
    """A translated model: meld IR text and how to call it."""

    text: str
    input_names: List[str]
    output_names: List[str]
    # initializers passed as arguments (constants="arguments"), in order
    weight_names: List[str]
    weights: List[np.ndarray]
    input_types: List[TensorType]
    output_types: List[TensorType]
    # graph inputs bound to constants (import_model's ``bind``), not arguments
    bound_names: Tuple[str, ...] = ()
    # the narrow integer type ("u8", "u16", "u32", "i16") each input and
    # output stands for (None: its own type); the IR holds them widened
    input_narrow: Tuple[Optional[str], ...] = ()
    output_narrow: Tuple[Optional[str], ...] = ()


class GraphImporter:
    """Imports one ONNX graph (the main one, or an If/Loop body sharing the
    outer graph's names) into a builder."""

    def __init__(self, b: Builder, opset: int, source: str,
                 scope: Optional[Dict[str, Value]] = None):
        self.b = b
        self.opset = opset
        self.source = source
        self.values: Dict[str, Value] = dict(scope or {})
        # ONNX element types of the graph's values (shape inference), by name
        self.declared: Dict[str, int] = {}

    def graph_inputs_of(self, v: Value) -> Tuple[str, ...]:
        """The name of the graph input ``v`` is, if it is one."""
        return tuple(name for a, name in self.b.args if a.name == v.name)

    # -- values -------------------------------------------------------------
    def tensor_constant(self, tensor: "onnx.TensorProto", what: str) -> Value:
        elem = element_type(tensor.data_type, what)
        if tensor.data_location == onnx.TensorProto.EXTERNAL:
            raise Unsupported(f"{what} keeps its data in an external file; load the model "
                              "with its external data first")
        try:
            array = numpy_helper.to_array(tensor)
        except Exception as e:  # malformed raw data
            raise OnnxImportError(f"{what}: cannot read tensor data ({e})") from None
        if elem == "bf16":
            array = np.asarray(array).astype(numpy_dtype("bf16"))
        return _narrowed_as(self.b.constant(array, elem), _NARROW_OF.get(tensor.data_type))

    def lookup(self, name: str, node_desc: str) -> Optional[Value]:
        if name == "":
            return None
        v = self.values.get(name)
        if v is None:
            raise OnnxImportError(f"{node_desc}: input '{name}' is not produced by any "
                                  "earlier node, graph input or initializer")
        return v

    # -- nodes -----------------------------------------------------------------
    def import_nodes(self, nodes, prefix: str = ""):
        for index, node in enumerate(nodes):
            label = node.name or f"{node.op_type}_{index}"
            self.import_node(node, prefix + label)

    def import_node(self, node, label: str):
        desc = f"node '{label}' ({node.op_type})"
        if node.domain not in ("", "ai.onnx") + _PREVIEW_DOMAINS:
            raise OnnxUnsupported(f"{self.source}: {desc}: domain '{node.domain}' is not "
                                  "supported")
        inputs = [self.lookup(n, f"{self.source}: {desc}") for n in node.input]
        with self.b.location(f"{label}"):
            try:
                outs = self._dispatch(node, inputs, label)
            except OnnxImportError as e:
                if str(e).startswith(self.source):
                    raise
                if isinstance(e, Unsupported):
                    raise _unsupported(e, f"{self.source}: {desc}: {e}") from None
                raise type(e)(f"{self.source}: {desc}: {e}") from None
            except Unsupported as e:
                raise _unsupported(e, f"{self.source}: {desc}: {e}") from None
            except FrontendError as e:
                raise OnnxImportError(f"{self.source}: {desc}: {e}") from None
        names = list(node.output)
        if len(outs) < len([n for n in names if n]):
            raise OnnxUnsupported(f"{self.source}: {desc}: output "
                                  f"{len(outs)} is not supported")
        for name, value in zip(names, outs):
            if name:
                with self.b.location(f"{label}"):
                    self.values[name] = self._narrowed(node, name, value, inputs)

    def _narrowed(self, node, name: str, value: Optional[Value], inputs) -> Optional[Value]:
        """A node's result as the narrow integer type ONNX says it has
        (shape inference; else that of an input of the same carrier),
        brought into its range when the op may leave it."""
        if value is None:
            return value
        code = int(self._attr(node, "to")) if node.op_type == "Cast" else \
            self.declared.get(name)
        if code is not None:
            narrow = _NARROW_OF.get(code)
        elif node.op_type in _KEEPS_RANGE or node.op_type in _SAME_TYPE:
            # no inferred type (a function body's values): an op whose
            # result has its inputs' type has their narrow type
            narrow = next((v.narrow for v in inputs if v is not None and v.narrow and
                           L.narrow_carrier(v.narrow) == value.dtype), None)
        else:
            narrow = None
        if narrow is None:
            return _narrowed_as(value, None)
        if L.narrow_carrier(narrow) != value.dtype:
            raise OnnxImportError(f"{self.source}: '{name}' is {narrow}, computed as "
                                  f"{value.dtype}")
        # an op that only moves elements keeps them in range when they are
        # already of this type (the value itself, or all its same-carrier inputs)
        same = [v for v in inputs if v is not None and v.dtype == value.dtype]
        if node.op_type in _KEEPS_RANGE and (value.narrow == narrow or (
                same and all(v.narrow == narrow for v in same))):
            return _narrowed_as(value, narrow)
        saturate = self._attr(node, "saturate")
        return L.to_narrow(self.b, value, narrow, saturate is None or bool(saturate))

    @staticmethod
    def _attr(node, name):
        for a in node.attribute:
            if a.name == name:
                return helper.get_attribute_value(a)
        return None

    def _dispatch(self, node, inputs, label):
        handler = ONNX_OPS.get(node.op_type)
        if node.op_type in ("If", "Loop", "Scan"):
            handler = getattr(self, f"_import_{node.op_type.lower()}")
        if handler is None:
            return self._expand_function(node, inputs, label)
        ctx = NodeContext(self.b, node, inputs, self.opset, self)
        outs = handler(ctx)
        for a in node.attribute:
            if a.name not in ctx.used:
                raise Unsupported(f"attribute '{a.name}' is not supported")
        return list(outs)

    def _expand_function(self, node, inputs, label):
        """Expands an op that ONNX defines as a function from its body."""
        try:
            version = 1 if node.domain in _PREVIEW_DOMAINS else self.opset
            schema = onnx.defs.get_schema(node.op_type, version, node.domain)
        except Exception:
            raise OnnxUnsupported(f"op '{node.op_type}' is not an ONNX op of opset "
                                  f"{self.opset}") from None
        body = None
        if schema.has_function:
            versions = [v for v in schema.function_opset_versions if v <= self.opset]
            if versions:
                body = schema.get_function_with_opset_version(max(versions))
        if body is None and schema.has_context_dependent_function:
            types = []
            for v in inputs:
                if v is None:
                    types.append(onnx.TypeProto().SerializeToString())
                    continue
                code = {e: c for c, e in _ELEM_OF.items()}[v.dtype]
                types.append(helper.make_tensor_type_proto(
                    code, [d if d is not None else None for d in v.shape]).SerializeToString())
            versions = [v for v in schema.context_dependent_function_opset_versions
                        if v <= self.opset]
            try:
                raw = schema.get_context_dependent_function_with_opset_version(
                    max(versions) if versions else self.opset, node.SerializeToString(), types)
            except Exception as e:
                raise OnnxUnsupported(f"op '{node.op_type}' could not be expanded ({e})") from None
            if raw:
                body = onnx.FunctionProto()
                body.ParseFromString(raw)
        if isinstance(body, (bytes, str)):
            fp = onnx.FunctionProto()
            fp.ParseFromString(body)
            body = fp
        if body is None or not len(body.node):
            raise OnnxUnsupported(f"op '{node.op_type}' is not supported")
        return self._inline(node, body, inputs, label, schema)

    def _inline(self, node, body, inputs, label, schema=None):
        attrs = {a.name: a for a in node.attribute}
        known = set(body.attribute) | {a.name for a in body.attribute_proto}
        if schema is not None:
            known |= set(schema.attributes)
        for name in attrs:
            if name not in known:
                raise Unsupported(f"attribute '{name}' is not supported")
        # an omitted attribute takes the op's default (the schema's), then
        # the function's own
        defaults = {}
        if schema is not None:
            for name, a in schema.attributes.items():
                if a.default_value is not None and a.default_value.type:
                    defaults[name] = a.default_value
        defaults.update({a.name: a for a in body.attribute_proto})
        sub = GraphImporter(self.b, self.opset, self.source)
        for formal, v in zip(body.input, inputs):
            if v is not None:
                sub.values[formal] = v
        for n in body.node:
            inner = onnx.NodeProto()
            inner.CopyFrom(n)
            del inner.attribute[:]
            for a in n.attribute:
                if a.ref_attr_name:
                    src = attrs.get(a.ref_attr_name) or defaults.get(a.ref_attr_name)
                    if src is None:
                        continue  # the attribute is omitted: the op's default
                    copy = onnx.AttributeProto()
                    copy.CopyFrom(src)
                    copy.name = a.name
                    inner.attribute.append(copy)
                else:
                    inner.attribute.append(a)
            inner_label = f"{label}/{n.op_type}"
            try:
                sub.import_node(inner, inner_label)
            except OnnxImportError as e:
                message = f"expanded from its function body: {e}"
                raise (_unsupported(e, message) if isinstance(e, Unsupported)
                       else OnnxUnsupported(message)) from None
        outs = []
        for name, wanted in zip(body.output, node.output):
            if not wanted:
                outs.append(None)  # an output the node leaves out
                continue
            v = sub.values.get(name)
            if v is None:
                raise OnnxUnsupported(f"function body of {node.op_type} has no output '{name}'")
            outs.append(v)
        return outs

    # -- control flow ----------------------------------------------------------------
    def _subgraph(self, graph, args: Sequence[Value]) -> List[Value]:
        sub = GraphImporter(self.b, self.opset, self.source, self.values)
        sub.declared = self.declared
        for formal, v in zip(graph.input, args):
            sub.values[formal.name] = v
        for init in graph.initializer:
            sub.values[init.name] = sub.tensor_constant(init, f"initializer '{init.name}'")
        sub.import_nodes(graph.node, prefix="")
        return [sub.lookup(o.name, f"subgraph '{graph.name}' output") for o in graph.output]

    def _import_if(self, ctx: NodeContext):
        b = ctx.b
        cond = ctx.input(0)
        then_g, else_g = ctx.attr("then_branch"), ctx.attr("else_branch")
        if cond.dtype != "i1" or (cond.type.numel() not in (1,)):
            raise OnnxImportError("If condition must be one bool")
        if cond.const is not None:
            # a condition known at import time (often a static rank or size
            # test in a function body) takes one branch; the other may not
            # even be valid for these shapes
            taken = then_g if bool(np.asarray(cond.const).reshape(-1)[0]) else else_g
            return self._subgraph(taken, [])
        return L.if_op(b, cond, lambda: self._subgraph(then_g, []),
                       lambda: self._subgraph(else_g, []))

    def _import_scan(self, ctx: NodeContext):
        """Scan, unrolled over its static sequence length: the body is
        imported once per step, on that step's slices."""
        b = ctx.b
        graph = ctx.attr("body")
        m = int(ctx.attr("num_scan_inputs"))
        inputs = ctx.inputs
        n = len(inputs) - m
        states, scans = inputs[:n], inputs[n:]
        if any(v is None for v in inputs):
            raise OnnxImportError("Scan inputs must be given")
        in_axes = [int(a) for a in ctx.attr("scan_input_axes", [0] * m)]
        in_dirs = [int(a) for a in ctx.attr("scan_input_directions", [0] * m)]
        k = len(graph.output) - n
        out_axes = [int(a) for a in ctx.attr("scan_output_axes", [0] * k)]
        out_dirs = [int(a) for a in ctx.attr("scan_output_directions", [0] * k)]
        lengths = set()
        for v, a in zip(scans, in_axes):
            a = L.normalize_axis(a, v.rank)
            lengths.add(v.shape[a])
        if len(lengths) != 1 or None in lengths:
            raise Unsupported("Scan over a dynamic or unequal sequence length")
        steps = lengths.pop()
        if steps > 256:
            raise Unsupported(f"Scan of {steps} steps (unrolled; at most 256)")
        collected = [[] for _ in range(k)]
        for t in range(steps):
            slices = []
            for v, a, d in zip(scans, in_axes, in_dirs):
                a = L.normalize_axis(a, v.rank)
                i = steps - 1 - t if d else t
                slices.append(L.squeeze(b, L._slice_axis(b, v, a, i, i + 1), [a]))
            outs = self._subgraph(graph, list(states) + slices)
            states = outs[:n]
            for j, o in enumerate(outs[n:]):
                collected[j].append(o)
        results = list(states)
        for j, (per_t, a, d) in enumerate(zip(collected, out_axes, out_dirs)):
            if d:
                per_t = per_t[::-1]
            rank = per_t[0].rank + 1
            a = L.normalize_axis(a, rank)
            results.append(L.concat(b, [L.unsqueeze(b, o, [a]) for o in per_t], a))
        return results

    def _import_loop(self, ctx: NodeContext):
        b = ctx.b
        graph = ctx.attr("body")
        m, cond0 = ctx.input(0, False), ctx.input(1, False)
        carried = [v for v in ctx.inputs[2:]]
        if any(v is None for v in carried):
            raise OnnxImportError("Loop-carried inputs must be given")
        n_scan = len(graph.output) - 1 - len(carried)
        if n_scan:
            raise Unsupported("Loop scan outputs")
        i0 = b.constant(np.int64(0), "i64")
        trip = L.reshape(b, m, []) if m is not None else None
        c0 = L.reshape(b, cond0, []) if cond0 is not None else b.constant(np.bool_(True), "i1")
        inits = [i0, c0] + carried

        def keep_going(args):
            if trip is None:
                return args[1]
            return L.logical(b, "and", L.compare(b, "lt", args[0], trip), args[1])

        def body(args):
            # body inputs: iteration number, condition, carried values
            outs = self._subgraph(graph, [args[0], args[1]] + args[2:])
            next_i = L.binary(b, "add", args[0], L.full(b, 1, "i64", ()))
            return [next_i, L.reshape(b, outs[0], [])] + list(outs[1:])

        return L.while_op(b, inits, keep_going, body)[2:]



# -- models ---------------------------------------------------------------------------------------

def load(model, source: Optional[str] = None):
    """An ``onnx.ModelProto`` from a ModelProto, a path or bytes, checked."""
    if isinstance(model, onnx.ModelProto):
        source = source or (model.graph.name or "<model>")
    elif isinstance(model, (bytes, bytearray)):
        source = source or "<bytes>"
        m = onnx.ModelProto()
        try:
            m.ParseFromString(bytes(model))
        except Exception as e:
            raise OnnxImportError(f"{source}: not an ONNX model ({e})") from None
        model = m
    else:
        path = os.fspath(model)
        source = source or path
        if not os.path.exists(path):
            raise OnnxImportError(f"{source}: no such file")
        try:
            model = onnx.load(path)
        except Exception as e:
            raise OnnxImportError(f"{source}: not a readable ONNX model "
                                  f"({type(e).__name__}: {e})") from None
    try:
        onnx.checker.check_model(model)
    except Exception as e:
        msg = str(e).strip().splitlines()
        raise OnnxImportError(f"{source}: invalid ONNX model: {msg[0] if msg else e}") from None
    return model, source


def model_opset(model, source: str) -> int:
    opset = None
    for imp in model.opset_import:
        if imp.domain in ("", "ai.onnx"):
            opset = int(imp.version)
        elif imp.domain not in _PREVIEW_DOMAINS and \
                imp.domain not in {f.domain for f in model.functions}:
            raise OnnxUnsupported(f"{source}: opset domain '{imp.domain}' is not supported")
    if opset is None:
        if not any(imp.domain in _PREVIEW_DOMAINS for imp in model.opset_import):
            raise OnnxImportError(f"{source}: the model imports no ai.onnx opset")
        opset = onnx.defs.onnx_opset_version()  # preview ops only
    newest = onnx.defs.onnx_opset_version()
    if opset > newest:
        raise OnnxUnsupported(f"{source}: opset {opset} is newer than this onnx package "
                              f"knows ({newest})")
    return opset


def _upgrade(model, opset: int, source: str):
    """Models older than opset 13 are converted with onnx's own version
    converter (its adapters rewrite attributes that became inputs)."""
    from onnx import version_converter

    try:
        upgraded = version_converter.convert_version(model, MIN_OPSET)
    except Exception as e:
        first = str(e).strip().splitlines()
        raise OnnxUnsupported(f"{source}: opset {opset} is older than {MIN_OPSET} and "
                              f"onnx.version_converter cannot upgrade it "
                              f"({first[0] if first else type(e).__name__})") from None
    def signature(g):
        return [(vi.name, str(vi.type)) for vi in list(g.input) + list(g.output)]
    if signature(upgraded.graph) != signature(model.graph):
        raise OnnxUnsupported(f"{source}: opset {opset} is older than {MIN_OPSET}, and "
                              "onnx.version_converter changes the graph's signature")
    return upgraded, MIN_OPSET


def _value_type(vi, what: str) -> TensorType:
    t = vi.type
    if not t.HasField("tensor_type"):
        raise OnnxUnsupported(f"{what} is not a tensor (sequences, maps and optionals are "
                              "not supported)")
    tt = t.tensor_type
    elem = element_type(tt.elem_type, what)
    if not tt.HasField("shape"):
        raise OnnxUnsupported(f"{what} has no shape (its rank must be known)")
    dims = []
    for d in tt.shape.dim:
        dims.append(int(d.dim_value) if d.HasField("dim_value") else None)
    return TensorType(elem, tuple(dims))


def graph_inputs(model: "onnx.ModelProto", source: str):
    """The names, types and narrow types of the inputs a call passes
    (initializers listed as inputs excluded)."""
    inits = {t.name for t in model.graph.initializer}
    vis = [vi for vi in model.graph.input if vi.name not in inits]
    try:
        types = [_value_type(vi, f"{source}: graph input '{vi.name}'") for vi in vis]
    except Unsupported as e:
        raise _unsupported(e, str(e)) from None
    narrow = [_NARROW_OF.get(vi.type.tensor_type.elem_type) for vi in vis]
    return [vi.name for vi in vis], types, narrow


def _declared_types(model: "onnx.ModelProto") -> Dict[str, int]:
    """The element type of every value ONNX's shape inference knows, in the
    graph and its subgraphs, by name."""
    try:
        model = onnx.shape_inference.infer_shapes(model)
    except Exception:
        pass  # types of values then come from their inputs
    declared: Dict[str, int] = {}

    def walk(g):
        for vi in list(g.input) + list(g.value_info) + list(g.output):
            if vi.type.HasField("tensor_type") and vi.type.tensor_type.elem_type:
                declared[vi.name] = vi.type.tensor_type.elem_type
        for node in g.node:
            for a in node.attribute:
                if a.HasField("g"):
                    walk(a.g)
                for sub in a.graphs:
                    walk(sub)
    walk(model.graph)
    return declared


def import_model(model, *, constants: str = "inline", func_name: str = "main",
                 source: Optional[str] = None,
                 bind: Optional[Dict[str, np.ndarray]] = None) -> ImportedModel:
    """Translates an ONNX model (ModelProto, path or bytes) into meld IR.

    ``constants="inline"`` makes initializers ``meld.constant`` ops;
    ``constants="arguments"`` passes float initializers as trailing function
    arguments (integer ones, which hold shapes and axes, stay constants).
    ``bind`` maps graph input names to values: those inputs become
    constants of that value (the IR is specialized for it) instead of
    arguments. Raises OnnxUnsupported or OnnxImportError, never another
    exception for a bad model; OnnxNeedsValue when an operand Meld needs at
    compile time is a run-time value (binding the inputs it names helps).
    """
    try:
        return _import_model(model, constants, func_name, source, dict(bind or {}))
    except OnnxImportError:
        raise
    except Unsupported as e:
        raise _unsupported(e, str(e)) from None
    except FrontendError as e:
        raise OnnxImportError(str(e)) from None
    except RecursionError:
        raise OnnxUnsupported(f"{source or 'model'}: graph nests too deeply") from None


def _bound_constant(b: Builder, array, ty: TensorType, what: str,
                    narrow: Optional[str] = None) -> Value:
    """A graph input's bound value as a constant of its declared type."""
    array = np.asarray(array)
    want = L.narrow_numpy(narrow) if narrow else numpy_dtype(ty.dtype)
    if array.dtype != want:
        raise OnnxImportError(f"{what} is bound to a {array.dtype} array; it is "
                              f"declared {np.dtype(want).name}")
    if array.ndim != ty.rank or any(d is not None and d != n
                                    for d, n in zip(ty.shape, array.shape)):
        raise OnnxImportError(f"{what} is bound to an array of shape {array.shape}; it "
                              f"is declared {ty}")
    return b.constant(np.ascontiguousarray(array), ty.dtype)


def _import_model(model, constants: str, func_name: str,
                  source: Optional[str], bind: Dict[str, np.ndarray]) -> ImportedModel:
    if constants not in ("inline", "arguments"):
        raise ValueError(f"constants must be 'inline' or 'arguments', not {constants!r}")
    model, source = load(model, source)
    opset = model_opset(model, source)
    if opset < MIN_OPSET:
        model, opset = _upgrade(model, opset, source)
    if len(model.functions):
        try:
            from onnx import inliner

            model = inliner.inline_local_functions(model)
        except Exception as e:
            raise OnnxImportError(f"{source}: cannot inline model-local functions ({e})") from None
    graph = model.graph
    b = Builder(func_name)
    gi = GraphImporter(b, opset, source)
    gi.declared = _declared_types(model)
    init_names = {t.name for t in graph.initializer}
    input_names, input_types, bound, input_narrow = [], [], [], []
    for vi in graph.input:
        if vi.name in init_names:
            continue  # an initializer listed as an input: a constant here
        what = f"{source}: graph input '{vi.name}'"
        ty = _value_type(vi, what)
        narrow = _NARROW_OF.get(vi.type.tensor_type.elem_type)
        if vi.name in bind:
            gi.values[vi.name] = _narrowed_as(
                _bound_constant(b, bind.pop(vi.name), ty, what, narrow), narrow)
            bound.append(vi.name)
            continue
        gi.values[vi.name] = _narrowed_as(b.arg(ty, vi.name), narrow)
        input_names.append(vi.name)
        input_types.append(ty)
        input_narrow.append(narrow)
    if bind:
        raise OnnxImportError(f"{source}: bound inputs {sorted(bind)} are not graph inputs")
    weight_names, weights = [], []
    for init in graph.initializer:
        what = f"{source}: initializer '{init.name}'"
        if constants == "arguments":
            try:
                elem = element_type(init.data_type, what)
            except Unsupported as e:
                raise OnnxUnsupported(str(e)) from None
            if is_float(elem) and init.data_location != onnx.TensorProto.EXTERNAL:
                array = numpy_helper.to_array(init)
                if elem == "bf16":
                    array = array.astype(numpy_dtype("bf16"))
                ty = TensorType(elem, tuple(int(d) for d in array.shape))
                gi.values[init.name] = b.arg(ty, init.name)
                weight_names.append(init.name)
                weights.append(np.ascontiguousarray(array))
                continue
        try:
            gi.values[init.name] = gi.tensor_constant(init, what)
        except Unsupported as e:
            raise OnnxUnsupported(f"{what}: {e}") from None
    try:
        gi.import_nodes(graph.node)
    except FrontendError:
        raise
    outs, out_types, out_names, out_narrow = [], [], [], []
    for vi in graph.output:
        v = gi.lookup(vi.name, f"{source}: graph output")
        narrow = None
        if vi.type.HasField("tensor_type") and vi.type.tensor_type.elem_type:
            code = vi.type.tensor_type.elem_type
            declared = element_type(code, f"{source}: graph output '{vi.name}'")
            if declared != v.dtype:
                raise OnnxImportError(f"{source}: graph output '{vi.name}' is declared "
                                      f"{declared} but computes {v.dtype}")
            narrow = _NARROW_OF.get(code)
            if narrow is not None and v.narrow != narrow:
                v = L.to_narrow(b, v, narrow)
        v = L.own_result(b, v, outs)
        outs.append(v)
        out_types.append(v.type)
        out_names.append(vi.name)
        out_narrow.append(narrow)
    b.results = outs
    text = f"// Imported from {source} (ONNX opset {opset}) by meld.onnx\n" + b.text()
    return ImportedModel(text, input_names, out_names, weight_names, weights, input_types,
                         out_types, tuple(bound), tuple(input_narrow), tuple(out_narrow))
