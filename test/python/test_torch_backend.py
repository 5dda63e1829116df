"""``torch.compile(model, backend="meld")`` (meld.torch) against eager
PyTorch: the ResNet-style CNN and GPT-2-style decoder of test/onnx/models.py
compile entirely through Meld (explain reports no eager op) and match eager
within rtol = atol = 1e-4; a training step's forward and backward graphs
compile through Meld and give eager's gradients; an op Meld has no
lowering for stays with PyTorch, reported by explain with the reason,
while the ops around it are still compiled by Meld; and a partition Meld
compiled is meld IR that the reference interpreter agrees with.
"""

from __future__ import annotations

import math
import numpy as np
import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402

mtorch = mt.meld_torch()
models = mt.onnx_test_models()
import meld  # noqa: E402
from meld.frontend import Unsupported  # noqa: E402


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


class WithUnsupportedOp(torch.nn.Module):
    """A linear layer, an op Meld's table lacks (UNSUPPORTED: the
    eigenvalues of a general matrix, complex), then GELU. When Meld gains
    the op, another one takes its place here (torch.mode did, then
    linalg.matrix_sqrth, then the LDL factorization, until 2026-11-29)."""

    UNSUPPORTED = "aten.linalg_eig"

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(16, 8)

    def forward(self, x):
        y = torch.relu(self.linear(x))
        g = y[:, :4]
        ev = torch.linalg.eigvals(g.mT @ g + torch.eye(4)).real
        y = y - ev.sum()
        return torch.nn.functional.gelu(y * 0.5)


def test_unsupported_ops_stay_with_pytorch_and_are_reported():
    torch.manual_seed(1)
    model = WithUnsupportedOp().eval()
    op = WithUnsupportedOp.UNSUPPORTED
    x = torch.randn(4, 16)
    got, want, reports = compiled_and_eager(model, x)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    (report,) = reports
    assert len(report.compiled) == 2, str(report)  # before and after the op
    assert any(op in reason for reason in report.fallback.values()), str(report)
    explanation = mtorch.explain(model, x)
    assert [name for name, _ in explanation.fallbacks] == [op + ".default"]
    assert "no Meld lowering for " + op in explanation.fallbacks[0][1]
    assert explanation.kernels >= 2
    assert f"| {op}.default | no Meld lowering" in str(explanation)


def test_a_defect_in_a_lowering_leaves_only_its_op_to_pytorch(monkeypatch):
    """A lowering that fails with an unexpected Python error (a defect,
    not a refusal) costs only its op: that op runs eagerly and explain
    names the error; the ops around it still compile (the error had
    escaped the partition's translation and sent the whole graph back,
    reported as a failure of AOTAutograd's tracing)."""
    import sys

    backend = sys.modules["meld.torch.backend"]

    def broken(b, node, x):
        return 1 % 0

    monkeypatch.setitem(backend.ATEN_OPS, torch.ops.aten.tanh.default, broken)
    torch.manual_seed(2)
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh(), torch.nn.Linear(8, 4),
                                torch.nn.ReLU()).eval()
    x = torch.randn(3, 8)
    got, want, reports = compiled_and_eager(model, x)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    (report,) = reports
    assert not report.failed and len(report.compiled) == 2, str(report)
    explanation = mtorch.explain(model, x)
    assert [name for name, _ in explanation.fallbacks] == ["aten.tanh.default"]
    assert "internal error in Meld's lowering: ZeroDivisionError" in \
        explanation.fallbacks[0][1]


def test_explain_counts_kernels_and_no_fallbacks():
    model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.Tanh()).eval()
    explanation = mtorch.explain(model, torch.randn(3, 8))
    assert explanation.fallbacks == []
    # the matmul with its bias and tanh epilogue: one kernel
    assert explanation.kernels == 1, str(explanation)
    assert "0 op(s) ran in eager PyTorch" in str(explanation)


class WithGraphBreaks(torch.nn.Module):
    """`.item()` and a boolean mask: TorchDynamo breaks the graph at each
    (by default), and the code there runs in eager PyTorch."""

    def forward(self, x):
        y = x.relu()
        k = int(y.sum().item() > 0)
        return y * 2 + k, x[x > 0].sum()


def test_explain_reports_graph_breaks_as_fallbacks():
    x = torch.randn(8, 4)
    explanation = mtorch.explain(WithGraphBreaks(), x)
    reasons = [why for op, why in explanation.fallbacks if op == "graph break"]
    assert len(reasons) == 2, str(explanation)
    assert any("item()" in why for why in reasons)
    assert any("aten.nonzero" in why for why in reasons)
    assert "and the code at 2 graph break(s)" in str(explanation)


def test_training_step_gradients_match_eager():
    """Forward and backward graphs both compile through Meld; one step's
    loss and gradients match eager."""
    import copy

    torch.manual_seed(3)
    model = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(),
                                torch.nn.LayerNorm(32), torch.nn.Linear(32, 4))
    reference = copy.deepcopy(model)
    x, target = torch.randn(8, 16), torch.randn(8, 4)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    loss = ((torch.compile(model, backend="meld")(x) - target) ** 2).mean()
    loss.backward()
    want = ((reference(x) - target) ** 2).mean()
    want.backward()
    (report,) = mtorch.reports[start:]
    assert len(report.partitions) == 2 and not report.fallback, str(report)  # fw, bw
    np.testing.assert_allclose(loss.item(), want.item(), rtol=1e-6)
    for (name, p), q in zip(model.named_parameters(), reference.parameters()):
        np.testing.assert_allclose(p.grad.numpy(), q.grad.numpy(), rtol=1e-4, atol=1e-6,
                                   err_msg=name)


@pytest.mark.parametrize("groups, cin, cout, kernel, stride, padding, dilation", [
    (4, 8, 8, 3, 1, 1, 1),    # grouped
    (8, 8, 8, 7, 1, 3, 1),    # depthwise 7 x 7 (ConvNeXt's)
    (2, 4, 6, 3, 2, 0, 2),    # strided, dilated, unpadded
    (8, 8, 8, 3, 2, 1, 1),    # depthwise, stride 2 (MobileNetV2's)
    (1, 4, 6, 3, (2, 3), (1, 0), 1),  # uneven strides: rows and columns dilated apart
    (1, 3, 5, 3, 1, 1, 1)])
def test_convolution_gradients_match_eager(groups, cin, cout, kernel, stride, padding,
                                           dilation):
    """The input's, the weights' (a grouped convolution with batch and
    channels swapped, all groups at once) and the bias's gradients, with no
    op in eager PyTorch."""
    import copy

    torch.manual_seed(0)
    model = torch.nn.Conv2d(cin, cout, kernel, stride, padding, dilation, groups=groups)
    twin = copy.deepcopy(model)
    x = torch.randn(2, cin, 11, 9, requires_grad=True)
    x2 = x.detach().clone().requires_grad_()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(twin, backend="meld")
    out = model(x)
    weights = torch.arange(1.0, 1 + out.numel()).reshape(out.shape).sin()
    (out * weights).sum().backward()
    (compiled(x2) * weights).sum().backward()
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    for got, want, what in ((twin.weight.grad, model.weight.grad, "weight"),
                            (twin.bias.grad, model.bias.grad, "bias"), (x2.grad, x.grad, "x")):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-4,
                                   err_msg=what)


def test_pointwise_convolution_weight_gradient_over_many_pixels():
    """A 1x1 convolution's weight gradient sums over the batch's pixels
    (16 x 96 over 4 x 32 x 32 here): a product of few rows, split over the
    threads by columns, taking dot products along the pixels."""
    import copy

    torch.manual_seed(1)
    model = torch.nn.Conv2d(16, 96, 1)
    twin = copy.deepcopy(model)
    x = torch.randn(4, 16, 32, 32)
    torch._dynamo.reset()
    weights = torch.randn(4, 96, 32, 32)
    (model(x) * weights).sum().backward()
    (torch.compile(twin, backend="meld")(x) * weights).sum().backward()
    np.testing.assert_allclose(twin.weight.grad.numpy(), model.weight.grad.numpy(),
                               rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(twin.bias.grad.numpy(), model.bias.grad.numpy(),
                               rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("dim", [0, 2])
def test_weight_norm_gradients_match_eager(dim):
    """torch.nn.utils.weight_norm (wav2vec2's positional convolution, over
    dim 2): its backward (``_weight_norm_interface_backward``) through
    Meld."""
    import warnings

    def make():
        torch.manual_seed(0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (weight_norm is deprecated)
            return torch.nn.utils.weight_norm(torch.nn.Conv1d(4, 6, 3, padding=1), dim=dim)

    model, twin = make(), make()
    x, w = torch.randn(2, 4, 10), torch.randn(2, 6, 10)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    (model(x) * w).sum().backward()
    (torch.compile(twin, backend="meld")(x) * w).sum().backward()
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    for (name, p), q in zip(model.named_parameters(), twin.parameters()):
        np.testing.assert_allclose(q.grad.numpy(), p.grad.numpy(), rtol=1e-4, atol=1e-5,
                                   err_msg=name)


def test_slice_scatter_from_the_end():
    # (the backward of Mistral's sliding-window slice x[:, -4095:])
    def fn(x, src):
        return torch.slice_scatter(x, src, 1, -3) * 2 + torch.slice_scatter(x, src[:, :2], 1,
                                                                            -4, -2)

    x, src = torch.randn(4, 5), torch.randn(4, 3)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    got = torch.compile(fn, backend="meld")(x, src)
    torch.testing.assert_close(got, fn(x, src))
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)


def test_partitions_agree_with_the_interpreter(tmp_path):
    """The IR of a compiled partition, run by meld-run (the reference
    interpreter) on the arrays the partition was called with, gives the
    compiled partition's results."""
    torch.manual_seed(2)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3, padding=1), torch.nn.BatchNorm2d(4),
                                torch.nn.ReLU(), torch.nn.AvgPool2d(2)).eval()
    x = torch.randn(2, 3, 8, 8)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    fast = torch.compile(model, backend="meld")
    with torch.no_grad():
        fast(x)
    (report,) = mtorch.reports[start:]
    (part,) = report.partitions
    calls = []
    forward = part.forward

    def spy(*args):
        outs = forward(*args)
        listed = outs if isinstance(outs, tuple) else (outs,)
        calls.append(([a.detach().numpy().copy() for a in args],
                      [o.numpy().copy() for o in listed]))
        return outs

    part.forward = spy
    with torch.no_grad():
        fast(x)
    part.forward = forward
    (arrays, got), = calls
    want = mt.run(part.text, arrays, tmp_path)
    assert len(want) == len(got)
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_dropout_and_rand_run_through_meld_with_torchs_seed(tmp_path):
    """Dropout in training and rand_like: a counter-based generator in meld
    integer ops, seeded per call from torch's generator. Kept with
    probability 1 - p and scaled by 1 / (1 - p); repeatable under
    torch.manual_seed, fresh on every call; the backward reads the
    forward's mask; uniform numbers in [0, 1) with the uniform law's mean
    and variance; and the reference interpreter draws the same numbers as
    the compiled code from the same seed."""

    def fn(x):
        return torch.nn.functional.dropout(x * 2, p=0.3, training=True) + 1

    x = torch.randn(400, 500)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(fn, backend="meld")
    torch.manual_seed(1)
    first = compiled(x)
    torch.manual_seed(1)
    again = compiled(x)
    other = compiled(x)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    assert torch.equal(first, again) and not torch.equal(first, other)
    kept = (first - 1) != 0
    assert abs(kept.float().mean().item() - 0.7) < 0.005  # (200,000 draws: sigma 0.001)
    torch.testing.assert_close((first - 1)[kept], (x * 2 / 0.7)[kept], rtol=1e-5, atol=1e-5)

    def masked(v):
        return torch.nn.functional.dropout(v, p=0.25, training=True)

    v = torch.randn(300, 70, requires_grad=True)
    out = torch.compile(masked, backend="meld")(v)
    (out * 3).sum().backward()
    torch.testing.assert_close(v.grad, (out != 0).float() * 3 / 0.75)

    u = torch.compile(lambda t: torch.rand_like(t), backend="meld")(torch.empty(1000, 1000))
    assert 0.0 <= u.min().item() and u.max().item() < 1.0
    assert abs(u.mean().item() - 0.5) < 0.002 and abs(u.var().item() - 1 / 12) < 0.002

    (part,) = mtorch.reports[start].partitions
    arrays = [np.random.default_rng(0).standard_normal((400, 500)).astype(np.float32),
              np.asarray(123456789, np.int64)]
    host = meld.compile(part.text)(*arrays)
    reference = mt.run(part.text, arrays, tmp_path)
    for h, r in zip(host, reference):
        np.testing.assert_allclose(h, r, rtol=1e-6, atol=1e-6)
    assert 0 < (host[0] != 1).mean() < 1


# (law, sampler, mean, variance, support check); 400,000 draws each, so a
# mean is within 5 sigma (sqrt(var / n) * 5 = 0.008 sqrt(var)) of the law's
# unless the law is wrong: exact for the counter-based generator and its
# seed, so the test is deterministic.
_LAWS = [
    ("uniform", lambda t: t.uniform_(-2.0, 6.0), 2.0, 64 / 12,
     lambda u: (u >= -2).all() and (u <= 6).all()),
    ("randn", lambda t: torch.randn(t.shape), 0.0, 1.0, lambda u: torch.isfinite(u).all()),
    ("randn_like", lambda t: torch.randn_like(t), 0.0, 1.0, lambda u: torch.isfinite(u).all()),
    ("normal", lambda t: torch.normal(torch.full_like(t, 3.0), 0.5), 3.0, 0.25,
     lambda u: torch.isfinite(u).all()),
    ("normal_", lambda t: t.normal_(-1.0, 2.0), -1.0, 4.0, lambda u: torch.isfinite(u).all()),
    ("exponential", lambda t: t.exponential_(4.0), 0.25, 1 / 16, lambda u: (u >= 0).all()),
    ("geometric", lambda t: t.geometric_(0.25), 4.0, 0.75 / 0.0625,
     lambda u: (u >= 1).all() and (u == u.floor()).all()),
    ("log_normal", lambda t: t.log_normal_(0.0, 0.5), math.exp(0.125),
     (math.exp(0.25) - 1) * math.exp(0.25), lambda u: (u > 0).all()),
    ("bernoulli", lambda t: t.bernoulli_(0.3), 0.3, 0.21,
     lambda u: ((u == 0) | (u == 1)).all()),
    ("randint", lambda t: torch.randint(3, 13, t.shape).float(), 7.5, (10 ** 2 - 1) / 12,
     lambda u: (u >= 3).all() and (u <= 12).all() and len(u.unique()) == 10),
]


@pytest.mark.parametrize("law", _LAWS, ids=[law[0] for law in _LAWS])
def test_random_laws_run_through_meld(law):
    """uniform_, randn, normal, exponential_, geometric_, log_normal_,
    bernoulli_(p) and randint through Meld's generator (Box-Muller for the
    normal laws, the inverse distribution for the others): every draw in
    the law's support, the sample's mean and variance the law's, and a
    second call draws afresh. Not eager's random stream, as rand's."""
    name, sample, mean, var, support = law
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(lambda t: sample(t.clone()), backend="meld")
    x = torch.zeros(400, 1000)
    torch.manual_seed(0)
    u = compiled(x)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [] and explanation.kernels >= 1, str(explanation)
    assert support(u), name
    assert abs(u.double().mean().item() - mean) < 0.008 * math.sqrt(var) + 1e-9, name
    assert abs(u.double().var().item() / var - 1) < 0.02, name
    assert not torch.equal(u, compiled(x))


def test_cauchy_quartiles_and_every_normal_overload():
    """cauchy_ (no mean: its quartiles are median -+ sigma) and the normal
    overloads of a tensor mean and std, a number mean and a tensor std,
    and two numbers with a size: each standardized draw has mean 0 and
    variance 1 (400,000 draws)."""
    torch._dynamo.reset()
    start = len(mtorch.reports)
    x = torch.zeros(400, 1000)
    c = torch.compile(lambda t: t.clone().cauchy_(1.0, 2.0), backend="meld")(x)
    q = torch.quantile(c.flatten()[:200000].double(), torch.tensor([0.25, 0.5, 0.75],
                                                                 dtype=torch.float64))
    torch.testing.assert_close(q, torch.tensor([-1.0, 1.0, 3.0], dtype=torch.float64),
                               atol=0.05, rtol=0)
    mean = torch.linspace(-3, 3, 1000).expand(400, 1000)
    std = torch.full((400, 1000), 2.0)
    draws = {
        "Tensor_Tensor": (torch.compile(lambda m, s: torch.normal(m, s), backend="meld")(
            mean, std) - mean) / 2,
        "float_Tensor": (torch.compile(lambda s: torch.normal(2.0, s), backend="meld")(
            std) - 2) / 2,
        "float_float": (torch.compile(lambda t: torch.normal(2.0, 3.0, t.shape),
                                      backend="meld")(x) - 2) / 3,
    }
    assert mtorch.Explanation(mtorch.reports[start:]).fallbacks == []
    for name, z in draws.items():
        assert abs(z.double().mean().item()) < 0.008, name
        assert abs(z.double().var().item() - 1) < 0.02, name


def test_multinomial_draws_by_the_weights():
    """multinomial with replacement: each category drawn in proportion to
    its weight, never one of weight 0; without: distinct categories of
    positive weight, the first draw of each row again by the weights
    (Gumbel-top-k)."""
    weights = torch.tensor([[0.0, 1.0, 3.0, 0.0, 4.0]] * 2000)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    with_ = torch.compile(lambda w: torch.multinomial(w, 100, replacement=True),
                          backend="meld")(weights)
    without = torch.compile(lambda w: torch.multinomial(w, 3), backend="meld")(weights)
    assert mtorch.Explanation(mtorch.reports[start:]).fallbacks == []
    assert with_.shape == (2000, 100) and with_.dtype == torch.int64
    counts = torch.bincount(with_.flatten(), minlength=5).double() / with_.numel()
    torch.testing.assert_close(counts, torch.tensor([0, 0.125, 0.375, 0, 0.5],
                                                    dtype=torch.float64), atol=0.003, rtol=0)
    assert without.shape == (2000, 3)
    assert all(sorted(row) == [1, 2, 4] for row in without.tolist())
    first = torch.bincount(without[:, 0], minlength=5).double() / 2000
    torch.testing.assert_close(first, torch.tensor([0, 0.125, 0.375, 0, 0.5],
                                                   dtype=torch.float64), atol=0.04, rtol=0)


def test_rrelu_in_training_takes_a_slope_per_negative_element():
    """rrelu in training: x where x >= 0, else x times a slope uniform in
    [lower, upper] (the slopes have that law's mean); in eval, the mean
    slope."""
    x = torch.linspace(-5, 5, 200001)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    fn = torch.compile(lambda t: torch.nn.functional.rrelu(t, 0.1, 0.3, training=True),
                       backend="meld")
    y = fn(x)
    assert mtorch.Explanation(mtorch.reports[start:]).fallbacks == []
    positive = x >= 0
    assert torch.equal(y[positive], x[positive])
    slopes = y[~positive] / x[~positive]
    assert slopes.min().item() >= 0.1 - 1e-6 and slopes.max().item() <= 0.3 + 1e-6
    assert abs(slopes.double().mean().item() - 0.2) < 0.001
    evaluated = torch.compile(lambda t: torch.nn.functional.rrelu(t, 0.1, 0.3),
                              backend="meld")(x)
    torch.testing.assert_close(evaluated, torch.nn.functional.rrelu(x, 0.1, 0.3))
    # An element at 0 takes a slope, as in torch's kernel: its gradient is
    # the slope, not 1.
    v = torch.tensor([-1.0, 0.0, 0.0, 2.0], requires_grad=True)
    torch.compile(lambda t: torch.nn.functional.rrelu(t, 0.25, 0.25, training=True),
                  backend="meld")(v).sum().backward()
    torch.testing.assert_close(v.grad, torch.tensor([0.25, 0.25, 0.25, 1.0]))


def test_export_writes_meld_ir_that_compiles_and_matches(tmp_path):
    """meld.torch.export: a torch.export program (dynamic batch) as a .mlir
    file with the weights embedded; meld.compile_file runs it at two batch
    sizes and matches eager."""
    torch.manual_seed(0)
    model = models.gpt2_style().eval()
    x = torch.randint(0, 256, (2, 16))
    arg = next(iter(__import__("inspect").signature(model.forward).parameters))
    program = torch.export.export(model, (x,), dynamic_shapes={
        arg: {0: torch.export.Dim("batch", min=1, max=64)}})
    path = tmp_path / "gpt2.mlir"
    text = mtorch.export(program, path)
    assert path.read_text() == text
    assert "tensor<?x16xi64>" in text.splitlines()[0]  # the batch stays dynamic
    exe = meld.compile_file(path)
    for batch in (2, 5):
        x = torch.randint(0, 256, (batch, 16))
        (got,) = exe(x.numpy())
        with torch.no_grad():
            np.testing.assert_allclose(got, model(x).numpy(), rtol=1e-4, atol=1e-4)


def test_export_of_a_cnn_over_dynamic_image_sizes(tmp_path):
    """meld.torch.export of a CNN whose batch, height and width are
    dynamic: one program (its convolutions and poolings over dynamic
    spatial dims) runs at three image sizes and matches eager; an image
    smaller than a kernel is refused at run time, not computed."""
    torch.manual_seed(0)
    nn = torch.nn
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                          nn.MaxPool2d(3, 2, 1), nn.Conv2d(8, 8, 3, stride=2, groups=2),
                          nn.AvgPool2d(2, 1, padding=1, count_include_pad=False),
                          nn.Conv2d(8, 4, 1), nn.AdaptiveAvgPool2d(1), nn.Flatten()).eval()
    dim = torch.export.Dim
    program = torch.export.export(model, (torch.randn(2, 3, 20, 16),), dynamic_shapes=(
        {0: dim("batch", max=64), 2: dim("height", min=12, max=512),
         3: dim("width", min=12, max=512)},))
    text = mtorch.export(program, tmp_path / "cnn.mlir")
    assert "tensor<?x3x?x?xf32>" in text.splitlines()[0]
    exe = meld.compile_file(tmp_path / "cnn.mlir")
    for shape in [(2, 3, 20, 16), (3, 3, 13, 33), (1, 3, 64, 12)]:
        x = torch.randn(*shape)
        (got,) = exe(x.numpy())
        with torch.no_grad():
            np.testing.assert_allclose(got, model(x).numpy(), rtol=1e-4, atol=1e-4)
    with pytest.raises(meld.ExecutionError, match="negative"):
        exe(torch.randn(1, 3, 3, 3).numpy())


def test_export_names_the_ops_meld_cannot_take():
    program = torch.export.export(WithUnsupportedOp().eval(), (torch.randn(4, 16),))
    with pytest.raises(Unsupported, match=WithUnsupportedOp.UNSUPPORTED):
        mtorch.export(program)


def test_tensor_metadata_checks_hold_on_the_traced_tensor_or_refuse():
    """aten._assert_tensor_metadata (torch.export's check before a `.to()`)
    computes nothing when the traced tensor agrees, and is refused, naming
    what differs, when it does not."""
    from types import SimpleNamespace

    from meld.torch.backend import _assert_tensor_metadata

    traced = SimpleNamespace(meta={"val": torch.empty(2, 3)})
    node = SimpleNamespace(args=(traced,))
    assert _assert_tensor_metadata(None, node, None, size=[2, 3], dtype=torch.float32,
                                   device=torch.device("cpu"), layout=torch.strided) is None
    with pytest.raises(Unsupported, match="dtype torch.float64, traced as torch.float32"):
        _assert_tensor_metadata(None, node, None, dtype=torch.float64)
    with pytest.raises(Unsupported, match=r"sizes \[2, 4\], traced as \[2, 3\]"):
        _assert_tensor_metadata(None, node, None, size=[2, 4])


class Interpolations(torch.nn.Module):
    """F.interpolate in each mode: torch.export keeps them whole
    (``upsample_bilinear2d.vec``, ...), where torch.compile's AOTAutograd
    decomposes them."""

    def forward(self, x, y, z):
        F = torch.nn.functional
        return (F.interpolate(x, scale_factor=2, mode="bilinear"),
                F.interpolate(x, size=(7, 5), mode="nearest"),
                F.interpolate(x, size=(9, 6), mode="bicubic", align_corners=True),
                F.interpolate(x, scale_factor=1.5, mode="nearest-exact"),
                F.interpolate(y, size=11, mode="linear"),
                F.interpolate(z, scale_factor=2, mode="trilinear"))


def test_export_takes_the_interpolations_torch_export_keeps_whole():
    torch.manual_seed(0)
    inputs = (torch.randn(2, 3, 4, 6), torch.randn(2, 3, 5), torch.randn(1, 2, 3, 4, 5))
    model = Interpolations()
    text = mtorch.export(torch.export.export(model, inputs))
    got = meld.compile(text)(*[t.numpy() for t in inputs])
    for g, w in zip(got, model(*inputs)):
        np.testing.assert_allclose(g, w.numpy(), rtol=1e-5, atol=1e-5)


class WithControlFlow(torch.nn.Module):
    """torch.cond on the data, then a while_loop whose trip count depends
    on the data."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 8)

    def forward(self, x):
        y = self.linear(x)
        y = torch.cond(y.sum() > 0, lambda t: (t.sin() * 2,), lambda t: (t.cos() + 1,), (y,))[0]

        def keep_going(i, v):
            return v.abs().sum() < 1000.0

        def step(i, v):
            return i + 1, v * 2.0 + 0.5

        count, y = torch.while_loop(keep_going, step, (torch.zeros((), dtype=torch.int64), y))
        return y, count


def test_cond_and_while_loop_become_meld_if_and_meld_while():
    torch.manual_seed(0)
    model = WithControlFlow().eval()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(model, backend="meld")
    branches = set()
    with torch.no_grad():
        for scale in (1.0, -1.0, 0.01, 5.0):
            x = torch.randn(4, 8) * scale
            (got, got_count), (want, want_count) = compiled(x), model(x)
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-5)
            assert int(got_count) == int(want_count)
            branches.add(bool(model.linear(x).sum() > 0))
    assert branches == {True, False}, "the inputs did not take both branches"
    reports = mtorch.reports[start:]
    explanation = mtorch.Explanation(reports)
    assert explanation.fallbacks == [], str(explanation)
    text = "".join(p.text for r in reports for p in r.partitions)
    assert "meld.if" in text and "meld.while" in text


def test_training_through_cond_matches_eager():
    """torch.cond's backward is a cond too: both branches' gradients match
    eager (replays of the captured graphs take the branch of each call)."""
    torch.manual_seed(0)

    class Branchy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(8, 8)

        def forward(self, x):
            y = self.linear(x)
            return torch.cond(y.sum() > 0, lambda t: (t.sin() * 2,),
                              lambda t: (t.cos() + 1,), (y,))[0]

    model = Branchy()
    twin = __import__("copy").deepcopy(model)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(twin, backend="meld")
    taken = set()
    x0 = torch.randn(4, 8)
    for scale in (5.0, -5.0, 5.0):
        x = x0 * scale
        taken.add(bool(model.linear(x).sum() > 0))
        model.zero_grad()
        twin.zero_grad()
        model(x).square().sum().backward()
        compiled(x).square().sum().backward()
        for p, q in zip(model.parameters(), twin.parameters()):
            np.testing.assert_allclose(q.grad.numpy(), p.grad.numpy(), rtol=1e-4, atol=1e-5)
    assert taken == {True, False}, "the inputs did not take both branches"
    assert mtorch.Explanation(mtorch.reports[start:]).fallbacks == []


def test_inputs_outside_a_compiled_guard_recompile_or_fall_back():
    """One compiled function called with other dtypes, ranks, layouts
    (transposed, strided views), an empty batch and gradients: Dynamo's
    guards recompile it; uint8 runs on Meld's i32 carrier (tanh of an
    integer is a float, as in torch); every result is eager's."""
    def f(x, y):
        return torch.tanh(x) * 2 + y.sum(-1, keepdim=True)

    torch._dynamo.reset()
    compiled = torch.compile(f, backend="meld")
    ints = torch.randint(0, 9, (4, 5), dtype=torch.uint8)
    cases = [
        (torch.randn(4, 5), torch.randn(4, 5)),
        (torch.randn(4, 5, dtype=torch.float64), torch.randn(4, 5, dtype=torch.float64)),
        (torch.randn(4, 5).half(), torch.randn(4, 5).half()),
        (torch.randn(2, 4, 5), torch.randn(2, 4, 5)),
        (torch.randn(5, 4).t(), torch.randn(4, 5)),
        (torch.randn(4, 10)[:, ::2], torch.randn(4, 5)),
        (torch.randn(4, 5), torch.randn(4, 5, dtype=torch.float64)),
        (torch.randn(0, 5), torch.randn(0, 5)),
        (torch.randn(4, 5, requires_grad=True), torch.randn(4, 5)),
        (ints, ints),
    ]
    with torch._dynamo.config.patch(recompile_limit=32):
        for x, y in cases:
            start = len(mtorch.reports)
            got, want = compiled(x, y), f(x, y)
            assert got.dtype == want.dtype and got.shape == want.shape
            torch.testing.assert_close(got, want, rtol=2e-3, atol=2e-3)
            for r in mtorch.reports[start:]:
                assert not r.failed and not r.fallback, str(r)


def test_compiled_partitions_are_kept_on_disk_for_the_next_process(tmp_path, monkeypatch):
    """meld.torch compiles through the JIT's disk cache (MELD_CACHE_DIR,
    default ~/.cache/meld): a later process (here: the memory cache
    dropped, TorchDynamo reset) loads the partitions it compiled before
    instead of compiling them, with the same results."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("MELD_CACHE_DIR", str(cache))
    assert mtorch.cache_dir() == str(cache)
    torch.manual_seed(4)
    model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(),
                                torch.nn.Linear(16, 4)).eval()
    x = torch.randn(5, 8)
    first, want, _ = compiled_and_eager(model, x)
    before = meld.cache_stats("host", str(cache))
    assert before["disk_writes"] >= 1 and list(cache.glob("*.meldb")), before
    meld.clear_memory_cache("host", str(cache))
    second, _, reports = compiled_and_eager(model, x)
    after = meld.cache_stats("host", str(cache))
    assert after["disk_hits"] > before["disk_hits"], after
    assert after["compiles"] == before["compiles"], after
    torch.testing.assert_close(second, want, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(second, first, rtol=0, atol=0)
    # MELD_CACHE_DIR="" turns the disk cache off
    monkeypatch.setenv("MELD_CACHE_DIR", "")
    assert mtorch.cache_dir() is None
