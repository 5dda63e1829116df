"""The graph builder under both frontends: meld IR text, one op at a time.

A ``Builder`` makes one ``func.func``: arguments, ops and results. Every op
goes through :meth:`Builder.op`, which names the result, writes the op in the
dialect's assembly format with the current location (the ONNX node or FX node
it came from), and returns a :class:`Value` that knows its tensor type.
Values also remember what is statically known of them:

- ``const``: the whole value as a numpy array (initializers, folded shapes),
  so that shape operands (Reshape's shape, Slice's starts) can be read at
  import time;
- ``sym``: for a 1-D integer tensor that holds sizes, its elements as
  :class:`Dim` (an int, or an ``index`` SSA value for a dynamic size), so
  that ``Shape -> Gather -> Concat -> Reshape`` chains over dynamic
  dimensions become ``meld.dim`` and ``arith`` index arithmetic.

Shape rules (numpy broadcasting, matmul batching, reductions) live in
lowerings.py; this file only knows how to write ops and sizes.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np


class FrontendError(Exception):
    """A program the frontend cannot translate. The message names the node
    (``where``), its op and the attribute or dtype at fault."""


class Unsupported(FrontendError):
    """An op, attribute value or dtype that Meld does not support (yet)."""


class NeedsValue(Unsupported):
    """An operand that Meld must know at compile time (a shape, axes, pads,
    sizes) is a run-time value. ``inputs`` names the graph inputs it is, when
    it is one directly. A caller that knows their values can bind them as
    constants and translate again (meld.onnx.compile specializes so)."""

    def __init__(self, message: str, inputs: Sequence[str] = ()):
        super().__init__(message)
        self.inputs = tuple(inputs)


# Element types: MLIR spelling <-> numpy dtype. bf16 has no numpy dtype of its
# own; ml_dtypes.bfloat16 is used when it is installed.
_NP_OF: Dict[str, object] = {
    "f64": np.float64, "f32": np.float32, "f16": np.float16,
    "i64": np.int64, "i32": np.int32, "i8": np.int8, "i1": np.bool_,
}
try:  # pragma: no cover - depends on the environment
    import ml_dtypes as _ml_dtypes

    _NP_OF["bf16"] = _ml_dtypes.bfloat16
except ImportError:  # pragma: no cover
    _ml_dtypes = None

FLOAT_TYPES = ("f64", "f32", "f16", "bf16")
INT_TYPES = ("i64", "i32", "i8")
ELEMENT_TYPES = FLOAT_TYPES + INT_TYPES + ("i1",)


def numpy_dtype(elem: str):
    try:
        return np.dtype(_NP_OF[elem])
    except KeyError:
        raise Unsupported(f"element type {elem} has no numpy dtype here") from None


def element_type_of(dtype) -> Optional[str]:
    """The meld element type of a numpy dtype, or None."""
    dtype = np.dtype(dtype)
    for elem, np_type in _NP_OF.items():
        if dtype == np.dtype(np_type):
            return elem
    return None


def is_float(elem: str) -> bool:
    return elem in FLOAT_TYPES


@dataclass(frozen=True)
class TensorType:
    dtype: str
    shape: Tuple[Optional[int], ...]

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def static(self) -> bool:
        return all(d is not None for d in self.shape)

    def numel(self) -> Optional[int]:
        if not self.static:
            return None
        return int(np.prod(self.shape, dtype=np.int64))

    def with_shape(self, shape) -> "TensorType":
        return TensorType(self.dtype, tuple(shape))

    def with_dtype(self, dtype: str) -> "TensorType":
        return TensorType(dtype, self.shape)

    def mlir(self) -> str:
        dims = "".join(("?" if d is None else str(d)) + "x" for d in self.shape)
        return f"tensor<{dims}{self.dtype}>"

    def __str__(self) -> str:
        return self.mlir()


class Dim:
    """One size: a Python int, or an ``index`` SSA name for a dynamic one."""

    __slots__ = ("static", "ssa")

    def __init__(self, static: Optional[int] = None, ssa: Optional[str] = None):
        assert (static is None) != (ssa is None)
        self.static = static
        self.ssa = ssa

    def __repr__(self) -> str:
        return str(self.static) if self.ssa is None else self.ssa

    def __int__(self) -> int:
        """A static size as an int (a lowering that needs a number, a pad
        or a repeat count, takes a size computed by the program this way);
        a dynamic one is unsupported there."""
        if self.static is None:
            raise Unsupported(f"a dynamic size ({self.ssa}) where Meld needs a number")
        return self.static

    __index__ = __int__


DimLike = Union[int, Dim]


@dataclass(eq=False)
class Value:
    name: str
    type: TensorType
    const: Optional[np.ndarray] = None
    sym: Optional[List[Dim]] = None
    # the narrow integer type this value stands for ("u8", "u16", "u32",
    # "i16"), held widened in ``dtype`` (see lowerings.NARROW_TYPES)
    narrow: Optional[str] = None
    # index SSA names of this value's dynamic dims, per region scope
    _dims: Dict[Tuple[int, int], str] = field(default_factory=dict)

    @property
    def dtype(self) -> str:
        return self.type.dtype

    @property
    def shape(self) -> Tuple[Optional[int], ...]:
        return self.type.shape

    @property
    def rank(self) -> int:
        return self.type.rank


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def dense_literal(array: np.ndarray, elem: str) -> str:
    """A ``dense<...>`` attribute for ``array`` (already of ``elem``'s dtype):
    a hex blob of the little-endian bytes (one element's worth is a splat),
    booleans as a list."""
    if array.size == 0:
        return "dense<>"
    if elem == "i1":
        flat = array.reshape(-1)
        if bool(flat.all()) or not bool(flat.any()):
            return "dense<true>" if bool(flat[0]) else "dense<false>"

        def nested(a):
            if a.ndim == 0:
                return "true" if bool(a) else "false"
            return "[" + ", ".join(nested(sub) for sub in a) + "]"
        return f"dense<{nested(np.asarray(array))}>"
    flat = np.ascontiguousarray(array.reshape(-1))
    if flat.size > 1 and bool((flat.view(np.uint8).reshape(flat.size, -1)
                               == flat[:1].view(np.uint8)).all()):
        flat = flat[:1]
    data = flat.astype(flat.dtype.newbyteorder("<"), copy=False).tobytes()
    return f'dense<"0x{data.hex().upper()}">'


class Builder:
    """Writes one ``func.func`` of meld IR."""

    def __init__(self, name: str = "main"):
        self.name = name
        self.args: List[Tuple[Value, str]] = []
        self.results: List[Value] = []
        self._blocks: List[List[str]] = [[]]
        self._scope_ids: List[int] = [0]
        self._next_scope = 1
        self._next = 0
        self._index_consts: Dict[Tuple[int, int], str] = {}
        self.loc: Optional[str] = None

    # -- locations and scopes ------------------------------------------------
    @contextlib.contextmanager
    def location(self, loc: Optional[str]):
        saved, self.loc = self.loc, loc
        try:
            yield
        finally:
            self.loc = saved

    def _loc(self) -> str:
        return f' loc("{_escape(self.loc)}")' if self.loc else ""

    @contextlib.contextmanager
    def region(self):
        """Ops written inside go to a new region body, returned as the list
        of lines (the caller wraps them)."""
        lines: List[str] = []
        self._blocks.append(lines)
        self._scope_ids.append(self._next_scope)
        self._next_scope += 1
        try:
            yield lines
        finally:
            self._blocks.pop()
            self._scope_ids.pop()

    def _visible_scopes(self):
        return set(self._scope_ids)

    def fresh(self, hint: str = "v") -> str:
        self._next += 1
        return f"%{hint}{self._next}"

    def line(self, text: str) -> None:
        self._blocks[-1].append(text)

    # -- values ----------------------------------------------------------------
    def arg(self, ty: TensorType, hint: str = "arg") -> Value:
        name = self.fresh("arg")
        value = Value(name, ty)
        self.args.append((value, hint))
        return value

    def op(self, text: str, result: TensorType, **known) -> Value:
        """Writes ``%r = <text> loc(...)`` and returns ``%r`` of type
        ``result``; ``known`` may give ``const`` or ``sym``."""
        if result.numel() == 0 and not text.startswith("meld.constant"):
            # An empty result is known whatever the op computes: a constant
            # keeps zero-size computations out of code generation.
            return self.constant(np.zeros(result.shape, numpy_dtype(result.dtype)),
                                 result.dtype)
        name = self.fresh()
        self.line(f"{name} = {text}{self._loc()}")
        return Value(name, result, **known)

    def ops(self, text: str, results: Sequence[TensorType]) -> List[Value]:
        """An op with several results."""
        if not results:
            self.line(f"{text}{self._loc()}")
            return []
        base = self.fresh("m")
        self.line(f"{base}:{len(results)} = {text}{self._loc()}")
        return [Value(f"{base}#{i}", t) for i, t in enumerate(results)]

    # -- sizes -------------------------------------------------------------------
    def index(self, value: int) -> str:
        for scope in reversed(self._scope_ids):
            hit = self._index_consts.get((scope, value))
            if hit is not None:
                return hit
        name = self.fresh("c")
        self.line(f"{name} = arith.constant {int(value)} : index")
        self._index_consts[(self._scope_ids[-1], value)] = name
        return name

    def dim(self, value: Value, axis: int) -> Dim:
        """The size of ``value``'s dimension ``axis``."""
        size = value.shape[axis]
        if size is not None:
            return Dim(static=size)
        for scope in reversed(self._scope_ids):
            hit = value._dims.get((scope, axis))
            if hit is not None:
                return Dim(ssa=hit)
        name = self.fresh("d")
        self.line(f"{name} = meld.dim {value.name}, {axis} : {value.type}{self._loc()}")
        value._dims[(self._scope_ids[-1], axis)] = name
        return Dim(ssa=name)

    def dims(self, value: Value) -> List[Dim]:
        return [self.dim(value, i) for i in range(value.rank)]

    def ssa(self, d: DimLike) -> str:
        if isinstance(d, Dim):
            return d.ssa if d.ssa is not None else self.index(d.static)
        return self.index(int(d))

    def index_arith(self, opname: str, a: DimLike, b: DimLike) -> Dim:
        """``arith.<opname>`` on two sizes, folded when both are static."""
        a = a if isinstance(a, Dim) else Dim(static=int(a))
        b = b if isinstance(b, Dim) else Dim(static=int(b))
        if a.static is not None and b.static is not None:
            x, y = a.static, b.static
            folded = {
                "addi": lambda: x + y, "subi": lambda: x - y, "muli": lambda: x * y,
                "floordivsi": lambda: x // y if y else None,
                "ceildivsi": lambda: -((-x) // y) if y else None,
                "maxsi": lambda: max(x, y), "minsi": lambda: min(x, y),
                "divsi": lambda: int(x / y) if y else None,
                "remsi": lambda: (abs(x) % abs(y)) * (1 if x >= 0 else -1) if y else None,
            }[opname]()
            if folded is not None:
                return Dim(static=folded)
        if opname == "muli" and (a.static == 1 or b.static == 1):
            return b if a.static == 1 else a
        if opname in ("addi", "subi") and b.static == 0:
            return a
        name = self.fresh("s")
        self.line(f"{name} = arith.{opname} {self.ssa(a)}, {self.ssa(b)} : index")
        return Dim(ssa=name)

    def sizes_clause(self, ty: TensorType, sizes: Sequence[DimLike]) -> str:
        """`` sizes(%a, %b)`` for the dynamic dims of ``ty`` (empty when
        static)."""
        dyn = [self.ssa(s) for d, s in zip(ty.shape, sizes) if d is None]
        return f" sizes({', '.join(dyn)})" if dyn else ""

    # -- constants ----------------------------------------------------------------
    def constant(self, array, elem: Optional[str] = None) -> Value:
        array = np.asarray(array)
        if elem is None:
            elem = element_type_of(array.dtype)
            if elem is None:
                raise Unsupported(f"constant of dtype {array.dtype}")
        array = array.astype(numpy_dtype(elem), copy=False)
        ty = TensorType(elem, tuple(int(d) for d in array.shape))
        sym = None
        if array.ndim == 1 and elem in INT_TYPES:
            sym = [Dim(static=int(v)) for v in array]
        return self.op(f"meld.constant {dense_literal(array, elem)} : {ty}", ty,
                       const=array, sym=sym)

    # -- the function ---------------------------------------------------------------
    def text(self) -> str:
        assert len(self._blocks) == 1, "unclosed region"
        args = ", ".join(f"{v.name}: {v.type}" for v, _ in self.args)
        results = ", ".join(str(v.type) for v in self.results)
        lines = [f"func.func @{self.name}({args}) -> ({results}) {{"]
        lines += ["  " + line for line in self._blocks[0]]
        if self.results:
            names = ", ".join(v.name for v in self.results)
            lines.append(f"  return {names} : {results}")
        else:
            lines.append("  return")
        lines.append("}")
        return "\n".join(lines) + "\n"
