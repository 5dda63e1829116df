"""ONNX models through Meld.

    import meld.onnx
    model = meld.onnx.compile("model.onnx")        # or an onnx.ModelProto
    (y,) = model(x)                                # numpy in, numpy out

``import_model`` gives the meld IR text (what ``meld-import-onnx`` writes).
Everything runs through Meld's compiler: an op, attribute or dtype that Meld
cannot compile raises :class:`OnnxUnsupported` naming the node; nothing is
handed to another runtime. docs/frontends.md is the guide.
"""

from __future__ import annotations

import collections
import os
from typing import Optional

import numpy as np

from .importer import (  # noqa: F401
    MIN_OPSET,
    ONNX_OPS,
    ImportedModel,
    OnnxImportError,
    OnnxNeedsValue,
    OnnxUnsupported,
    graph_inputs,
    import_model,
    load,
)
from ..frontend.builder import numpy_dtype
from ..frontend.lowerings import narrow_numpy

__all__ = ["CompiledModel", "ImportedModel", "OnnxImportError", "OnnxNeedsValue",
           "OnnxUnsupported", "compile", "import_model"]


class CompiledModel:
    """An ONNX model compiled by Meld: call it with the graph's inputs (in
    order, or by name as keywords); it returns one numpy array, or a tuple
    when the graph has several outputs.

    A graph may feed an input into an operand that Meld needs at compile
    time (Reshape's shape, a reduction's axes, Pad's pads, Resize's sizes).
    Such a model is *specialized*: each call looks its values of those
    inputs (``specialized_inputs``) up in a cache of compiled versions, and
    compiles a version for new values, as torch.compile specializes on
    Python ints. Every version is compiled by Meld; ``versions`` counts them.
    """

    # compiled versions kept per model (least recently used ones go first)
    MAX_VERSIONS = 32
    # captured graphs kept per version, one per input shape
    MAX_GRAPHS = 8

    def __init__(self, imported: Optional[ImportedModel], executable, *,
                 specializer: Optional["_Specializer"] = None, graphs: bool = True):
        self.imported = imported
        self.executable = executable
        self._specializer = specializer
        self._versions = collections.OrderedDict()
        # (executable, input shapes) -> its run captured as a graph
        self._use_graphs = graphs
        self._graphs = collections.OrderedDict()
        if specializer is not None:
            self.input_names = list(specializer.input_names)
            self.input_types = list(specializer.input_types)
            self._input_narrow = list(specializer.input_narrow)
            self.output_names = list(specializer.output_names)
            self.specialized_inputs = specializer.first_guess
        else:
            self.input_names = list(imported.input_names)
            self.input_types = list(imported.input_types)
            self._input_narrow = list(imported.input_narrow)
            self.output_names = list(imported.output_names)
            self.specialized_inputs = ()

    def _last(self):
        if self.imported is None:
            raise RuntimeError("this model is compiled per value of its inputs "
                               f"{list(self.specialized_inputs) or '(found on the first call)'}"
                               ": call it first")
        return self.imported, self.executable

    @property
    def ir(self) -> str:
        """The meld IR (of the version compiled last, when specialized)."""
        return self._last()[0].text

    @property
    def versions(self) -> int:
        """How many compiled versions the model holds (1 unless specialized)."""
        return len(self._versions) if self._specializer is not None else 1

    def fusion_report(self) -> str:
        return self._last()[1].fusion_report()

    def _named(self, args, kwargs):
        if kwargs:
            args = list(args)
            for name in self.input_names[len(args):]:
                if name not in kwargs:
                    raise TypeError(f"missing input '{name}'")
                args.append(kwargs.pop(name))
            if kwargs:
                raise TypeError(f"unknown inputs {sorted(kwargs)}")
        if len(args) != len(self.input_names):
            raise TypeError(f"the model takes {len(self.input_names)} inputs "
                            f"({', '.join(self.input_names)}), got {len(args)}")
        named = {}
        for name, ty, narrow, a in zip(self.input_names, self.input_types,
                                       self._input_narrow, args):
            want = np.dtype(narrow_numpy(narrow) if narrow else numpy_dtype(ty.dtype))
            a = np.asarray(a)
            if a.dtype != want:
                raise TypeError(f"input '{name}' must be {want}, got {a.dtype}")
            named[name] = a
        return named

    def _version(self, named):
        """The (imported, executable) pair for these inputs' values."""
        if self._specializer is None:
            return self.imported, self.executable
        key = tuple((n, named[n].shape, named[n].tobytes()) for n in self.specialized_inputs)
        found = self._versions.get(key)
        if found is None:
            imported, exe, names = self._specializer(named, self.specialized_inputs)
            if names != self.specialized_inputs:  # this version needed more inputs bound
                self.specialized_inputs = names
                self._versions.clear()
                key = tuple((n, named[n].shape, named[n].tobytes()) for n in names)
            found = (imported, exe)
            self._versions[key] = found
            while len(self._versions) > self.MAX_VERSIONS:
                _, (_, old) = self._versions.popitem(last=False)
                for k in [k for k in self._graphs if k[0] == id(old)]:
                    del self._graphs[k]
        else:
            self._versions.move_to_end(key)
        self.imported, self.executable = found
        return found

    def _arguments(self, args, kwargs):
        named = self._named(args, kwargs)
        imported, exe = self._version(named)
        arrays = []
        for name, ty, narrow in zip(imported.input_names, imported.input_types,
                                    imported.input_narrow):
            a = named[name]
            # narrow integers are passed widened (their carrier)
            arrays.append(a.astype(numpy_dtype(ty.dtype)) if narrow else a)
        return imported, exe, arrays + list(imported.weights)

    @staticmethod
    def _results(imported, outs):
        # exact: the program rounded every narrow value into its type
        outs = [o.astype(narrow_numpy(n)) if n else o
                for o, n in zip(outs, imported.output_narrow)]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def __call__(self, *args, **kwargs):
        imported, exe, arrays = self._arguments(args, kwargs)
        if not self._use_graphs:
            return self._results(imported, exe(*arrays))
        # The schedule is captured once per input shape and replayed on
        # each call's arrays: one launch of the whole graph instead of one
        # per kernel (the runtime's graphs, with meld.if / meld.while as
        # conditional nodes).
        key = (id(exe), tuple(a.shape for a in arrays))
        graph = self._graphs.get(key)
        if graph is None:
            graph = exe.capture(*arrays)
            self._graphs[key] = graph
            while len(self._graphs) > self.MAX_GRAPHS:
                self._graphs.popitem(last=False)
        else:
            self._graphs.move_to_end(key)
        return self._results(imported, graph(*arrays))

    def interpret(self, *args, **kwargs):
        """The same call through the reference interpreter (the oracle)."""
        imported, exe, arrays = self._arguments(args, kwargs)
        return self._results(imported, exe.interpret(*arrays))


# an input this small may be bound when the graph needs a value at compile
# time and does not say which input it comes from
_SPECIALIZE_MAX_ELEMENTS = 64


class _Specializer:
    """Imports and compiles a model for given values of some of its inputs,
    finding which inputs must be bound: the ones an OnnxNeedsValue names,
    else the small integer scalar and vector inputs (shapes, axes)."""

    def __init__(self, model, first_error: OnnxNeedsValue, options):
        self.model = model
        self.options = options
        source = options["import"]["source"]
        self.input_names, self.input_types, self.input_narrow = graph_inputs(model, source)
        # (an error may name a weight passed as an argument: not bindable)
        self.first_guess = tuple(n for n in first_error.inputs if n in self.input_names)
        self.output_names = [vi.name for vi in model.graph.output]

    def __call__(self, named, names):
        import meld

        names = tuple(names)
        while True:
            try:
                imported = import_model(self.model, bind={n: named[n] for n in names},
                                        **self.options["import"])
                break
            except OnnxNeedsValue as e:
                more = [n for n in e.inputs if n not in names and n in self.input_names]
                if not more:
                    # a value computed from inputs: bind the shape-like ones
                    # (integer scalars and vectors), never data
                    more = [n for n in self.input_names if n not in names and
                            named[n].dtype.kind in "iu" and named[n].ndim <= 1 and
                            named[n].size <= _SPECIALIZE_MAX_ELEMENTS]
                if not more:
                    raise
                names = names + tuple(more)
        exe = meld.compile(imported.text, **self.options["compile"])
        return imported, exe, names


def compile(model, *, constants: str = "inline", device: str = "host",  # noqa: A001
            fuse: bool = True, strict_fp: bool = False, cache_dir=None,
            source: Optional[str] = None, bind=None,
            specialize: bool = True, graphs: bool = True) -> CompiledModel:
    """Imports an ONNX model (``onnx.ModelProto``, a path, or bytes) and
    compiles it with Meld for ``device``.

    ``bind`` maps graph inputs to fixed values (they become constants and
    are no longer passed). With ``specialize`` (the default), a model that
    needs the value of an input at compile time compiles on its first call
    and once per new value of those inputs (see CompiledModel); without it,
    such a model raises OnnxNeedsValue naming the input. With ``graphs``
    (the default) each input shape's run is captured into a graph once and
    replayed on later calls."""
    import meld

    if source is None and isinstance(model, (str, os.PathLike)):
        source = os.fspath(model)
    model, source = load(model, source)
    options = {
        "import": {"constants": constants, "source": source},
        "compile": {"device": device, "fuse": fuse, "strict_fp": strict_fp,
                    "cache_dir": cache_dir, "name": source or "<onnx>"},
    }
    try:
        imported = import_model(model, bind=bind, **options["import"])
    except OnnxNeedsValue as e:
        if not specialize or bind:
            raise
        return CompiledModel(None, None, specializer=_Specializer(model, e, options),
                             graphs=graphs)
    exe = meld.compile(imported.text, **options["compile"])
    return CompiledModel(imported, exe, graphs=graphs)
