"""Strided transposed convolutions by phases, and convolution gradients,
through ``torch.compile(backend="meld")`` against eager PyTorch in
float64: forward transposed convolutions (1-D to 3-D, strides, padding,
dilation, output padding, groups) and the input and weight gradients of
strided convolutions (docs/frontends.md, "CNN training speed")."""

from __future__ import annotations

import random

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402
import torch.nn.functional as F  # noqa: E402

CONV_T = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}
CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}


def random_case(seed: int):
    """Spatial rank, per-dim stride, padding, dilation, output padding and
    kernel, groups and sizes of a valid strided transposed convolution."""
    rng = random.Random(seed)
    d = rng.choice([1, 2, 2, 2, 3])
    stride = [rng.choice([1, 2, 2, 3, 4]) for _ in range(d)]
    if all(s == 1 for s in stride):
        stride[0] = 2
    dilation = [rng.choice([1, 1, 2, 3]) for _ in range(d)]
    kernel = [rng.choice([1, 2, 3, 4, 5]) if d < 3 else rng.choice([1, 2, 3]) for _ in range(d)]
    padding = [rng.randint(0, dl * (k - 1)) for dl, k in zip(dilation, kernel)]
    out_pad = [rng.randint(0, max(s, dl) - 1) for s, dl in zip(stride, dilation)]
    groups = rng.choice([1, 1, 2])
    size = [rng.randint(2, 7) if d < 3 else rng.randint(2, 4) for _ in range(d)]
    return d, stride, padding, dilation, out_pad, kernel, groups, size


def phases_text(n: int) -> str:
    """The Meld programs that the backend compiled since report ``n``."""
    mtorch = mt.meld_torch()
    return "".join(p.text for r in mtorch.reports[n:] for p in r.partitions)


@pytest.mark.parametrize("seed", range(24))
def test_random_strided_transposed_convolutions_match_torch(seed):
    # One stride-1 transposed convolution per phase (the output positions
    # s j + r), by the taps that reach it; a phase that no tap reaches is
    # zeros and the bias. The dilated form multiplied the dilation's zeros.
    d, stride, padding, dilation, out_pad, kernel, groups, size = random_case(seed)
    gen = torch.Generator().manual_seed(seed)
    cin, cout = 16 * groups, 3 * groups  # (16 channels per group take phases)
    x = torch.randn(2, cin, *size, generator=gen, dtype=torch.float64)
    w = torch.randn(cin, cout // groups, *kernel, generator=gen, dtype=torch.float64)
    bias = torch.randn(cout, generator=gen, dtype=torch.float64)

    def f(x, w, bias):
        return CONV_T[d](x, w, bias, stride, padding, out_pad, groups, dilation)
    try:
        f(x, w, bias)
    except RuntimeError:
        pytest.skip("torch refuses these sizes")
    n = len(mt.meld_torch().reports)
    mt.through_meld(f, x, w, bias, rtol=1e-10, atol=1e-10)
    text = phases_text(n)
    assert "meld.conv" in text
    # every convolution of the program has stride 1: no input was dilated
    assert "strides = [" + ", ".join(["1"] * d) + "]" in text
    assert all(f"strides = [{', '.join(['1'] * d)}]" in line
               for line in text.splitlines() if "meld.conv " in line)


@pytest.mark.parametrize("stride,kernel,padding,size", [
    (2, 3, 1, 16),   # a ResNet's strided 3x3
    (2, 1, 0, 15),   # a 1x1 projection of stride 2: three phases of zeros
    (3, 5, 2, 17),   # the input's tail past the last window unread
    (2, 4, 1, 9),
])
def test_strided_convolution_gradients_match_float64_eager(stride, kernel, padding, size):
    # The input gradient is a transposed convolution by phases; the weight
    # gradient one convolution of the input (batch and channels swapped) by
    # the output gradient dilated by the stride, its high padding cut by
    # the input's unread tail, so that its result is the kernel's size.
    gen = torch.Generator().manual_seed(stride * 100 + kernel)
    x = torch.randn(4, 16, size, size + 1, generator=gen, dtype=torch.float64)
    w = torch.randn(16, 16, kernel, kernel, generator=gen, dtype=torch.float64)
    g = torch.randn_like(F.conv2d(x, w, None, stride, padding))

    def grads(x, w, g):
        return torch.ops.aten.convolution_backward(
            g, x, w, [16], [stride] * 2, [padding] * 2, [1, 1], False, [0, 0], 1,
            [True, True, True])
    n = len(mt.meld_torch().reports)
    torch._dynamo.reset()
    got = torch.compile(grads, backend="meld")(x, w, g)
    want = grads(x, w, g)
    for r in mt.meld_torch().reports[n:]:
        assert r.compiled and not r.fallback and not r.failed, str(r)
    for a, b in zip(got, want):
        torch.testing.assert_close(a, b, rtol=1e-10, atol=1e-10)
    text = phases_text(n)
    # no result larger than the kernel was cut to it (no meld.slice of the
    # weight gradient), and no convolution is strided
    assert "strides = [2, 2]" not in text and "strides = [3, 3]" not in text


@pytest.mark.parametrize("dynamic", [False, True])
def test_cnn_training_step_matches_eager_with_strided_convolutions(dynamic):
    # A small CNN's training step (strided convolutions, batch norm, a 1x1
    # projection of stride 2, a transposed convolution, whose backward is a
    # convolution and a weight gradient with the roles of its input and
    # output gradient swapped), every gradient against float64 eager; under
    # dynamic=True at a second batch and image size through the same graphs
    # (a training batch norm's running variance had compiled per shape).
    def make():
        torch.manual_seed(0)
        return torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
            torch.nn.Conv2d(8, 16, 3, stride=2, padding=1), torch.nn.ReLU(),
            torch.nn.Conv2d(16, 16, 1, stride=2), torch.nn.ReLU(),
            torch.nn.ConvTranspose2d(16, 8, 4, stride=2, padding=1),
            torch.nn.Conv2d(8, 8, 3, stride=2, padding=1, groups=8),  # (dilated)
            torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(8, 5))
    sizes = [(4, 20, 18), (3, 17, 22)] if dynamic else [(4, 20, 18)]

    def grads(model, run, x):
        model.zero_grad()
        run(x).square().sum().backward()
        return [p.grad.clone() for p in model.parameters()]
    reference, model = make().double(), make()
    n = len(mt.meld_torch().reports)
    torch._dynamo.reset()
    compiled = torch.compile(model, backend="meld", dynamic=dynamic)
    counts = []
    for batch, h, w in sizes:
        x = torch.randn(batch, 3, h, w, generator=torch.Generator().manual_seed(h))
        grads(reference, reference, x.double())
        want = grads(reference, reference, x.double())
        grads(model, compiled, x)
        got = grads(model, compiled, x)  # (the second call replays)
        for a, b in zip(got, want):
            torch.testing.assert_close(a.double(), b, rtol=2e-4, atol=2e-5)
        # the batch norm's running statistics (the variance unbiased by the
        # count of the batch's pixels, at run time under dynamic shapes)
        for a, b in zip(model.buffers(), reference.buffers()):
            torch.testing.assert_close(a.double(), b.double(), rtol=1e-5, atol=1e-6)
        counts.append(len(mt.meld_torch().reports))
    assert counts[-1] == counts[0]  # (no recompile for the second size)
    reports = mt.meld_torch().reports[n:]
    for r in reports:
        assert r.compiled and not r.fallback and not r.failed, str(r)
