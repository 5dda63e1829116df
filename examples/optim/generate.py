"""Writes the optimizer-step examples: one step of Adagrad, Adam, AdamW and
SGD with momentum over 200 parameters of mixed sizes (1 to 300,000
elements), f32, as meld programs (meld.optim.program; docs/optimizers.md).

Usage: PYTHONPATH=build/python-bindings python examples/optim/generate.py
test/python/test_optim.py checks that the committed files are current.
"""

from __future__ import annotations

import os

import meld.optim as mo

PARAMS = 200


def texts() -> dict[str, str]:
    shapes = mo.mixed_shapes(PARAMS)
    return {f"{name}.mlir": mo.program(name, shapes) for name in mo.SCALARS}


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    for file, text in texts().items():
        with open(os.path.join(here, file), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
