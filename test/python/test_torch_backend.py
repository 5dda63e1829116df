"""``torch.compile(model, backend="meld")`` (meld.torch) against eager
PyTorch: the ResNet-style CNN and GPT-2-style decoder of test/onnx/models.py
compile entirely through Meld (explain reports no eager op) and match eager
within rtol = atol = 1e-4; an op Meld has no lowering for stays with
PyTorch, reported by explain with the reason, while the ops around it are
still compiled by Meld; and every partition Meld compiled is meld IR that
the reference interpreter agrees with.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402

try:
    import meld.torch as mtorch
except ImportError as e:  # reported as a failure, never a skip
    pytest.fail(f"cannot import meld.torch from {mt.build_dir() / 'python-bindings'}: {e}",
                pytrace=False)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "onnx"))
import models  # noqa: E402  (test/onnx/models.py)


def compiled_and_eager(model, *args):
    torch._dynamo.reset()
    start = len(mtorch.reports)
    with torch.no_grad():
        got = torch.compile(model, backend="meld")(*args)
        want = model(*args)
    return got, want, mtorch.reports[start:]


@pytest.mark.parametrize("name", ["resnet", "gpt2"])
def test_models_compile_entirely_through_meld(name):
    torch.manual_seed(0)
    if name == "resnet":
        model, inputs = models.resnet_style().eval(), (torch.randn(2, 3, 32, 32),)
    else:
        model, inputs = models.gpt2_style().eval(), (torch.randint(0, 256, (2, 16)),)
    got, want, reports = compiled_and_eager(model, *inputs)
    assert reports, "the meld backend was not called"
    for r in reports:
        assert r.compiled and not r.fallback and not r.failed, str(r)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-4)


class WithCumsum(torch.nn.Module):
    """A linear layer, an op Meld's table lacks (cumsum), then GELU."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(16, 8)

    def forward(self, x):
        y = torch.relu(self.linear(x))
        y = torch.cumsum(y, dim=1)
        return torch.nn.functional.gelu(y * 0.5)


def test_unsupported_ops_stay_with_pytorch_and_are_reported():
    torch.manual_seed(1)
    model = WithCumsum().eval()
    x = torch.randn(4, 16)
    got, want, reports = compiled_and_eager(model, x)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    (report,) = reports
    assert len(report.compiled) == 2, str(report)  # before and after the cumsum
    assert any("cumsum" in reason for reason in report.fallback.values()), str(report)
    text = mtorch.explain(model, x)
    assert "left to eager PyTorch" in text and "no Meld lowering for aten.cumsum" in text


def test_explain_names_what_meld_compiled():
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh()).eval()
    text = mtorch.explain(model, torch.randn(3, 8))
    assert "1 partition(s) compiled by Meld" in text and "0 op(s) left to eager" in text
    assert "addmm" in text and "tanh" in text


def test_partitions_agree_with_the_interpreter(tmp_path):
    """The IR of a compiled partition, run by meld-run (the reference
    interpreter) on the same inputs, gives the compiled partition's
    results."""
    torch.manual_seed(2)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.BatchNorm2d(4),
                                torch.nn.ReLU(), torch.nn.AvgPool2d(2)).eval()
    x = torch.randn(2, 3, 8, 8)
    torch._dynamo.reset()
    captured = []

    def spy(gm, example_inputs):
        compiled = mtorch.backend(gm, example_inputs)
        captured.append((compiled, example_inputs))
        return compiled

    with torch.no_grad():
        torch.compile(model, backend=spy)(x)
    (compiled, example_inputs), = captured
    parts = [m for m in compiled.modules() if isinstance(m, mtorch.CompiledPartition)]
    assert len(parts) == 1
    part = parts[0]
    args = [a.detach().numpy() for a in example_inputs]
    (want,) = mt.run(part.text, args, tmp_path)
    got = part(*example_inputs)
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
