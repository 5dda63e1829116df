"""A CI slice of PyTorch's OpInfo samples through torch.compile(backend=
"meld") (test/torch/opinfo.py, which runs every OpInfo): the float32 ops the
frontend claims, two samples each, must all match eager, with no error; a
sample may still fall back to eager for a variant Meld does not take (a
pooling divisor override, max pooling's indices), which explain reports.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
pytest.importorskip("expecttest")  # torch's OpInfo database imports it

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "torch"))
import opinfo  # noqa: E402  (test/torch/opinfo.py)

mt.meld_torch()


def run_slice(ops, dtype=torch.float32, grad=False):
    """Two samples of each of ``ops`` (their gradients with ``grad``): no
    wrong result and no error, and most samples entirely through Meld.
    Returns the per-op counts."""
    results = opinfo.run(ops, samples=2, dtype=dtype, grad=grad)
    total = collections.Counter()
    for counts in results.values():
        total.update(counts)
    problems = {name: lines for name, lines in opinfo.run.details.items()
                if any(line.startswith(("wrong", "error")) for line in lines)}
    assert not problems, problems
    assert total["wrong"] == 0 and total["error"] == 0
    # every claimed op compiled through Meld on most samples
    assert total["pass"] >= 0.9 * (total["pass"] + total["fallback"]), dict(total)
    return results


def test_claimed_ops_match_eager():
    assert len(run_slice(opinfo.CI_OPS)) >= len(opinfo.CI_OPS)


def test_claimed_gradients_match_eager():
    """The gradients of two samples of each op of ``GRAD_CI_OPS`` (the
    forward and the backward graph through Meld) are eager's."""
    results = run_slice(opinfo.GRAD_CI_OPS, grad=True)
    assert len(results) >= len(opinfo.GRAD_CI_OPS)
    assert sum(c["pass"] for c in results.values()) >= 80


def test_a_wrong_gradient_is_found(monkeypatch):
    """The gradient comparison can fail: with cos lowered as sin, sin's
    forward stays right and its gradient (grad * cos x) goes wrong, and the
    sample counts as wrong; with the right lowering it passes."""
    from torch.testing._internal.opinfo.core import SampleInput

    backend = sys.modules["meld.torch.backend"]
    aten = torch.ops.aten

    class Sin:
        op = staticmethod(torch.sin)

    sample = SampleInput(torch.randn(4, 3, requires_grad=True))
    assert opinfo.run_grad_sample(Sin, sample)[0] == "pass"
    monkeypatch.setitem(backend.ATEN_OPS, aten.cos.default, backend.ATEN_OPS[aten.sin.default])
    assert opinfo.run_grad_sample(Sin, sample)[0] == "wrong"


def test_a_result_off_by_more_than_eager_is_wrong():
    """The float64 check that lets a fused attention's rounding pass does
    not let a wrong result pass: Meld's result must be no more than twice
    as far from the float64 result as eager's."""
    exact = torch.linspace(-3, 3, 97, dtype=torch.float64)
    eager = exact.float() + 1e-6
    assert opinfo._as_accurate_as_eager(exact.float() + 1.5e-6, eager, exact)
    assert not opinfo._as_accurate_as_eager(exact.float() + 1e-3, eager, exact)
    assert not opinfo._as_accurate_as_eager(exact.float()[:-1], eager, exact)
    assert opinfo._as_accurate_as_eager([exact.float()], (eager,), [exact])


def test_only_a_gauge_is_forgiven():
    """Vectors that differ from eager's only in their columns' signs pass
    through the sample's own projection (|V| for eigh); other differences,
    and any difference for a sample without one, do not."""
    from torch.testing._internal.opinfo.core import SampleInput

    w = torch.tensor([1.0, 2.0])
    v = torch.tensor([[0.6, 0.8], [0.8, -0.6]])
    flipped = v * torch.tensor([-1.0, 1.0])
    gauge = SampleInput(torch.eye(2), output_process_fn_grad=lambda o: (o[0], o[1].abs()))
    assert opinfo._equal_up_to_gauge(gauge, (w, flipped), (w, v))
    assert not opinfo._equal_up_to_gauge(gauge, (w, v * 1.01), (w, v))
    assert not opinfo._equal_up_to_gauge(gauge, (w + 1e-3, flipped), (w, v))
    plain = SampleInput(torch.eye(2))
    assert not opinfo._equal_up_to_gauge(plain, (w, flipped), (w, v))


def test_claimed_complex_ops_match_eager():
    """complex64 samples of the ops that take complex tensors (the real
    view's parts through complexmath and the layout ops)."""
    run_slice(opinfo.COMPLEX_CI_OPS, torch.complex64)
