"""``torch.hash_tensor`` (mode 0: the XOR of every element's 64 bits)
through ``torch.compile(backend="meld")``: bit for bit equal to eager over
floats (NaN, infinities, -0.0, subnormals), integers of both signs and
booleans, over every dim or some, with and without keepdim; explain reports
no op left to PyTorch, and the result is a uint64 tensor. A consumer of the
uint64 result (which Meld does not compute with) stays with PyTorch."""

from __future__ import annotations

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402

mtorch = mt.meld_torch()


def _inputs():
    g = torch.Generator().manual_seed(0)
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), -0.0, 0.0,
                            1e-45, -3.5, 2.0 ** 100, 7.0, -1e-30, 0.1, 1.0])
    return {
        "f32": torch.randn(3, 5, 7, generator=g),
        "f32_special": special.reshape(3, 4),
        "f64": torch.randn(4, 6, generator=g, dtype=torch.float64),
        "bf16": torch.randn(5, 8, generator=g).to(torch.bfloat16),
        "i64": torch.randint(-2**62, 2**62, (4, 9), generator=g),
        "i32": torch.randint(-2**31, 2**31 - 1, (6, 3), generator=g, dtype=torch.int32),
        "bool": torch.rand(5, 4, generator=g) > 0.5,
        "scalar": torch.tensor(-2.5),
    }


CASES = [((), False), ((0,), False), ((-1,), True), ((0, 1), False), ((), True)]


@pytest.mark.parametrize("name", sorted(_inputs()))
@pytest.mark.parametrize("dim,keepdim", CASES)
def test_hash_tensor_matches_eager_bits(name, dim, keepdim):
    x = _inputs()[name]
    if x.dim() == 0 and len(dim) > 1:
        pytest.skip("a scalar has one dim to name (0 or -1), reduced to itself")

    def f(t):
        return torch.hash_tensor(t, list(dim), keepdim=keepdim)

    torch._dynamo.reset()
    want = f(x)
    explanation = mtorch.explain(f, x)
    assert explanation.fallbacks == [], str(explanation)
    got = torch.compile(f, backend="meld")(x)
    assert got.dtype == torch.uint64 and want.dtype == torch.uint64
    assert got.shape == want.shape
    assert torch.equal(got.view(torch.int64), want.view(torch.int64))


def test_a_consumer_of_the_hash_stays_with_pytorch():
    def f(a, b):
        return torch.hash_tensor(a) == torch.hash_tensor(b)

    x = torch.randn(8, 3)
    torch._dynamo.reset()
    explanation = mtorch.explain(f, x, x.clone())
    assert [op for op, _ in explanation.fallbacks] == ["aten.eq.Tensor"], str(explanation)
    assert bool(torch.compile(f, backend="meld")(x, x.clone()))
    assert not bool(torch.compile(f, backend="meld")(x, x + 1))
