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

import os
from typing import Optional

import numpy as np

from .importer import (  # noqa: F401
    MIN_OPSET,
    ONNX_OPS,
    ImportedModel,
    OnnxImportError,
    OnnxUnsupported,
    import_model,
)
from ..frontend.builder import numpy_dtype

__all__ = ["CompiledModel", "ImportedModel", "OnnxImportError", "OnnxUnsupported",
           "compile", "import_model"]


class CompiledModel:
    """An ONNX model compiled by Meld: call it with the graph's inputs (in
    order, or by name as keywords); it returns one numpy array, or a tuple
    when the graph has several outputs."""

    def __init__(self, imported: ImportedModel, executable):
        self.imported = imported
        self.executable = executable
        self.input_names = list(imported.input_names)
        self.output_names = list(imported.output_names)
        self._weights = list(imported.weights)

    @property
    def ir(self) -> str:
        return self.imported.text

    def fusion_report(self) -> str:
        return self.executable.fusion_report()

    def _arguments(self, args, kwargs):
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
        arrays = []
        for name, ty, a in zip(self.input_names, self.imported.input_types, args):
            want = numpy_dtype(ty.dtype)
            a = np.asarray(a)
            if a.dtype != want:
                raise TypeError(f"input '{name}' must be {want}, got {a.dtype}")
            arrays.append(a)
        return arrays + self._weights

    def __call__(self, *args, **kwargs):
        outs = self.executable(*self._arguments(args, kwargs))
        return outs[0] if len(outs) == 1 else tuple(outs)

    def interpret(self, *args, **kwargs):
        """The same call through the reference interpreter (the oracle)."""
        outs = self.executable.interpret(*self._arguments(args, kwargs))
        return outs[0] if len(outs) == 1 else tuple(outs)


def compile(model, *, constants: str = "inline", device: str = "host",  # noqa: A001
            fuse: bool = True, strict_fp: bool = False, cache_dir=None,
            source: Optional[str] = None) -> CompiledModel:
    """Imports an ONNX model (``onnx.ModelProto``, a path, or bytes) and
    compiles it with Meld for ``device``."""
    import meld

    if source is None and isinstance(model, (str, os.PathLike)):
        source = os.fspath(model)
    imported = import_model(model, constants=constants, source=source)
    exe = meld.compile(imported.text, device=device, fuse=fuse, strict_fp=strict_fp,
                       cache_dir=cache_dir, name=source or "<onnx>")
    return CompiledModel(imported, exe)
