"""Mixed-precision training through ``torch.compile(backend="meld")``: a
step under ``torch.autocast("cpu", dtype=bf16 or f16)``, as PyTorch users
train on CPUs. Autocast leaves the normalizations with a half-precision
input and float32 weights and statistics; their ATen kernels compute in
float32 and return float32 statistics, where torch's meta functions say
half precision. The backend traces them as the kernels compute (the
statistics float32, so the backward graph reads them unrounded), lowers
mixed-dtype normalizations in float32, gives every other result the dtype
its node was traced with, and converts a float argument that an eager
op returned in another dtype. Each step's output, gradients and running
statistics are compared with float64 eager's, against float32 eager under
the same autocast.
"""
from __future__ import annotations

import copy

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402
import torch.nn.functional as F  # noqa: E402

mtorch = mt.meld_torch()


class Block(torch.nn.Module):
    """A transformer block: layer norms before attention and the MLP, and
    one after the attention's projection (a "sandwich" norm, as Gemma 2's),
    whose input autocast leaves in half precision; causal attention, a
    GELU MLP, residuals."""

    def __init__(self, d=64, heads=4):
        super().__init__()
        self.heads = heads
        self.ln1, self.ln2, self.ln3 = (torch.nn.LayerNorm(d) for _ in range(3))
        self.qkv, self.out = torch.nn.Linear(d, 3 * d), torch.nn.Linear(d, d)
        self.fc, self.proj = torch.nn.Linear(d, 4 * d), torch.nn.Linear(4 * d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2)
                   for z in self.qkv(self.ln1(x)).split(d, -1))
        a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.ln3(self.out(a.transpose(1, 2).reshape(b, t, d)))
        return x + self.proj(F.gelu(self.fc(self.ln2(x))))


class SmallCNN(torch.nn.Module):
    """Convolutions with batch norms (one of stride 2), a group norm, a
    pooled linear head."""

    def __init__(self):
        super().__init__()
        self.c1, self.b1 = torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16)
        self.c2, self.b2 = torch.nn.Conv2d(16, 32, 3, 2, 1), torch.nn.BatchNorm2d(32)
        self.gn, self.fc = torch.nn.GroupNorm(4, 32), torch.nn.Linear(32, 10)

    def forward(self, x):
        x = F.relu(self.b1(self.c1(x)))
        x = self.gn(F.relu(self.b2(self.c2(x))))
        return self.fc(x.mean((2, 3)))


class NormOfTwo(torch.nn.Module):
    """A batch norm over 2 values per channel (2 images of one pixel, a
    small ResNet's last stage), whose gradients amplify any rounding of
    its statistics: kept half precision as torch's meta function has
    them, the convolution's weight gradient was 2.2 from float64's
    (relative), eager's 0.16."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(16, 16, 3, padding=1, bias=False)
        self.bn = torch.nn.BatchNorm2d(16)
        with torch.no_grad():
            self.bn.weight.uniform_(0.5, 1.5)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


MODELS = {"block": (Block, (2, 16, 64)), "cnn": (SmallCNN, (4, 3, 16, 16)),
          "norm_of_two": (NormOfTwo, (2, 16, 1, 1))}
DTYPES = {"bf16": torch.bfloat16, "f16": torch.float16}


def _step(model, x, dtype):
    """One step's output, each gradient and each buffer, as float64 tensors
    (dtype None: no autocast)."""
    model.zero_grad(set_to_none=True)
    with torch.autocast("cpu", dtype=dtype or torch.bfloat16, enabled=dtype is not None):
        out = model(x)
    weights = torch.randn(out.shape, generator=torch.Generator().manual_seed(1))
    (out.float() * weights).sum().backward()
    return out, [out.detach().double()] + [p.grad.double() for p in model.parameters()] + \
        [t.double() for t in model.buffers() if t.is_floating_point()]


def _distance(got, want):
    return float((got - want).norm() / want.norm().clamp_min(1e-6))


def _check_step(model, x, dtype):
    """The compiled step against float32 eager's under the same autocast,
    each tensor's distance from float64 eager's at most twice eager's (or
    2e-3). Returns the backend's reports of the compiled step."""
    eager, exact = copy.deepcopy(model), copy.deepcopy(model).double()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    out, got = _step(torch.compile(model, backend="meld"), x, dtype)
    reports = mtorch.reports[start:]
    eager_out, eager_got = _step(eager, x, dtype)
    _, want = _step(exact, x.double(), None)
    assert out.dtype == eager_out.dtype
    for g, e, w in zip(got, eager_got, want):
        assert _distance(g, w) <= max(2e-3, 2 * _distance(e, w)), \
            (_distance(g, w), _distance(e, w))
    return reports


@pytest.mark.parametrize("dtype", sorted(DTYPES))
@pytest.mark.parametrize("name", sorted(MODELS))
def test_a_training_step_under_cpu_autocast_runs_through_meld(name, dtype):
    torch.manual_seed(0)
    make, shape = MODELS[name]
    reports = _check_step(make().train(), torch.randn(shape), DTYPES[dtype])
    (report,) = reports
    # (the forward's and the backward's partitions)
    assert len(report.partitions) == 2 and not report.fallback and not report.failed, \
        str(report)


def test_an_eager_op_returning_another_dtype_than_traced_is_converted(monkeypatch):
    """A layer norm left to eager PyTorch under autocast, and traced as
    torch's meta function has it (the backend's decomposition of mixed
    norms, which traces float32 statistics, taken away), returns float32
    statistics where its traced node says bf16; the backward partition
    that reads them converts them (it had failed: "argument 4 has dtype
    float32, expected ... bfloat16")."""
    import sys

    backend = sys.modules["meld.torch.backend"]
    monkeypatch.delitem(backend.ATEN_OPS, torch.ops.aten.native_layer_norm.default)
    monkeypatch.setattr(backend, "_MIXED_NORMS", ())
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(),
                                torch.nn.LayerNorm(128), torch.nn.Linear(128, 10))
    reports = _check_step(model, torch.randn(32, 64), torch.bfloat16)
    assert [op for r in reports for op in r.fallback_ops.values()] == \
        ["aten.native_layer_norm.default"], [str(r) for r in reports]
