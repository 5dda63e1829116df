"""PyTorch programs through Meld: ``torch.compile(model, backend="meld")``.

    import meld.torch            # registers the "meld" backend (an installed
                                 # wheel registers it through its entry point)
    fast = torch.compile(model, backend="meld", dynamic=True)
    y = fast(x)
    print(meld.torch.explain(model, x))   # what Meld compiled, what it did not
    meld.torch.export(torch.export.export(model, (x,)), "model.mlir")

The backend traces the graph TorchDynamo hands it to core ATen
(AOTAutograd with torch's core ATen decompositions; backward graphs too, so
training steps run through Meld), partitions it with torch's
``CapabilityBasedPartitioner`` into the parts Meld's op table
(``meld.frontend.lowerings``, the table the ONNX frontend uses too)
supports and the rest, compiles every supported part through Meld and
leaves the rest to eager PyTorch. That fallback is the only place anything
runs outside Meld, and :func:`explain` reports every node it kept, with the
reason. Compiled partitions are kept on disk (:func:`cache_dir`,
``MELD_CACHE_DIR``) for the next process. Symbolic sizes become dynamic dims, torch.cond and
torch.while_loop become meld.if and meld.while. docs/frontends.md is the
guide; its main limit: host tensors.
"""

from __future__ import annotations

import atexit

from .backend import (  # noqa: F401
    ATEN_OPS,
    CompiledPartition,
    Explanation,
    Report,
    backend,
    cache_dir,
    explain,
    export,
    reports,
)

__all__ = ["ATEN_OPS", "CompiledPartition", "Explanation", "Report", "backend", "cache_dir",
           "explain", "export", "reports"]


def _register() -> None:
    from torch._dynamo import register_backend
    from torch._dynamo.backends.registry import list_backends

    if "meld" not in list_backends(exclude_tags=()):
        register_backend(name="meld")(backend)


def _release() -> None:
    # Compiled partitions live in TorchDynamo's caches until exit; drop them
    # while the extension is still loaded (nanobind reports executables
    # still alive at its own teardown as leaks).
    import gc

    import torch._dynamo

    torch._dynamo.reset()
    reports.clear()
    gc.collect()


_register()
atexit.register(_release)
