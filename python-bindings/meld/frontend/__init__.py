"""The translation layer shared by Meld's frontends (ONNX, PyTorch).

``builder`` writes meld IR (types, sizes, constants, locations);
``lowerings`` is the one op table: numpy/ATen-semantics ops written as meld
ops. A frontend reads its own graph format and calls into the table.
"""

from .builder import (  # noqa: F401
    Builder,
    Dim,
    FrontendError,
    NeedsValue,
    TensorType,
    Unsupported,
    Value,
    element_type_of,
    numpy_dtype,
)
from . import lowerings  # noqa: F401
