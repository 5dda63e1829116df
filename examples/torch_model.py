"""A PyTorch model through Meld with ``torch.compile(model, backend="meld")``:

  1. build the ResNet-style CNN and GPT-2-style decoder of test/onnx/models.py
     in plain torch (random weights, no downloads);
  2. compile each with ``backend="meld"`` (importing meld.torch registers the
     backend): TorchDynamo captures the graph, AOTAutograd lowers it to core
     ATen, and Meld compiles what its op table takes (here: everything);
  3. print meld.torch.explain's table (ATen ops, Meld kernels, anything left
     to eager PyTorch) and check the outputs against eager PyTorch.

    .venv/bin/python examples/torch_model.py

Exits 1 when a result disagrees with eager or an op fell back.
"""

import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "onnx"))

import meld.torch  # noqa: E402  (registers backend="meld")
import models  # noqa: E402

TOLERANCE = dict(rtol=1e-4, atol=1e-4)


def main():
    torch.manual_seed(0)
    ok = True
    for name, model, x in [
        ("ResNet-style CNN", models.resnet_style().eval(), torch.randn(2, 3, 32, 32)),
        ("GPT-2-style decoder", models.gpt2_style().eval(), torch.randint(0, 256, (2, 16))),
    ]:
        explanation = meld.torch.explain(model, x)
        with torch.no_grad():
            got = torch.compile(model, backend="meld")(x)
            want = model(x)
        good = torch.allclose(got, want, **TOLERANCE) and not explanation.fallbacks
        ok &= good
        print(f"--- {name}, input {list(x.shape)}: max |Meld - eager| = "
              f"{(got - want).abs().max().item():.2e}  {'ok' if good else 'MISMATCH'}")
        print(str(explanation))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
