"""Dynamic shapes and partial support in the meld TorchDynamo backend.

- Ops over dynamic dims that real models use (position ids from a
  cumsum of the mask, a sliding window's slice from the end, padding, an
  index picking each row's last token, MoE's integer division and
  gathers, sizes used as values): one compiled graph serves two shapes,
  every op through Meld, results equal to eager's.
- Convolutions and pooling over dynamic image sizes and audio lengths:
  one graph (by default), or per shape
  (MELD_TORCH_DYNAMIC_CONVOLUTIONS=per-shape: static kernels). A partition that Meld can compile only at
  static sizes (an adaptive pooling to 2 x 2 over dynamic image sizes) is compiled
  once per input shape, reported as such, never run eagerly.
- An op whose lowering refuses it (found only when the partition is
  translated) runs eagerly alone: the ops around it stay in Meld.
- Bad or unusual input never breaks the caller: a shape whose
  specialization fails runs eagerly and is reported.
"""

from __future__ import annotations

import importlib

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402

mtorch = mt.meld_torch()
backend = importlib.import_module("meld.torch.backend")


def compiled_at(fn, inputs, dynamic=True):
    """``fn`` compiled once (``dynamic``), run on each of ``inputs``
    (tuples of arguments) and checked against eager; the Explanation."""
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(fn, backend="meld", dynamic=dynamic)
    with torch.no_grad():
        for args in inputs:
            torch.testing.assert_close(compiled(*args), fn(*args), rtol=1e-5, atol=1e-5)
    return mtorch.Explanation(mtorch.reports[start:])


def entirely_dynamic(fn, *inputs):
    """One graph for every shape, every op through Meld, no per-shape
    partition."""
    explanation = compiled_at(fn, inputs)
    assert len(explanation.reports) == 1, "a second shape compiled a second graph"
    assert explanation.fallbacks == [], str(explanation)
    assert not explanation.reports[0].specialized, str(explanation.reports[0])
    assert explanation.kernels > 0
    return explanation


def test_cumsum_and_cumprod_over_a_dynamic_dim():
    # (RoBERTa's and OPT's position ids: a cumsum of the attention mask)
    entirely_dynamic(lambda x: x.cumsum(1) * 2, (torch.randn(3, 5),), (torch.randn(2, 11),))
    entirely_dynamic(lambda x: (x > 0).long().cumsum(-1) * 2 - 1,
                     (torch.randn(3, 5),), (torch.randn(2, 11),))
    entirely_dynamic(lambda x: x.cumprod(0) + 1, (torch.rand(4, 3) + 0.5,),
                     (torch.rand(7, 2) + 0.5,))
    entirely_dynamic(lambda x: torch.flip(torch.flip(x, [1]).cumsum(1), [1]),
                     (torch.randn(2, 6),), (torch.randn(3, 4),))


def test_sorts_over_a_dynamic_dim():
    # (a mixture-of-experts layer sorts its token-expert pairs by expert:
    # they compiled per shape, now by rank, in one graph): values and
    # indices exactly eager's, ties in index order, NaN the greatest,
    # ascending and descending, floats, integers and booleans.
    def fn(x):
        v, i = torch.sort(x, dim=-1, stable=True)
        w, j = torch.sort(x, dim=0, descending=True, stable=True)
        return v, i, w, j

    def floats(rows, cols):
        x = torch.randint(-3, 3, (rows, cols)).float()
        x[0, 1] = x[1, 2] = float("nan")
        x[2, 0] = -0.0
        return (x,)

    def no_nan(x):  # (NaN compared as a number)
        v, i, w, j = fn(x)
        return torch.nan_to_num(v, nan=99.0), i, torch.nan_to_num(w, nan=99.0), j

    entirely_dynamic(no_nan, floats(5, 7), floats(3, 11))
    entirely_dynamic(fn, (torch.randint(-4, 4, (4, 6)),), (torch.randint(-4, 4, (6, 3)),))
    entirely_dynamic(lambda x: torch.sort(x > 0, stable=True), (torch.randn(3, 5),),
                     (torch.randn(2, 9),))
    entirely_dynamic(lambda e: torch.sort(e.reshape(-1), stable=True), (torch.randint(0, 8, (16, 2)),),
                     (torch.randint(0, 8, (9, 2)),))


def test_slices_from_the_end_of_a_dynamic_dim():
    # (Mistral's sliding window: mask[:, -4095:] of a shorter sequence)
    def window(x):
        return x[:, -4095:] * 2

    def last_two(x):
        return x[:, -4:-2] + 1

    entirely_dynamic(window, (torch.randn(3, 5),), (torch.randn(2, 9),))
    explanation = compiled_at(last_two, [(torch.randn(3, 5),), (torch.randn(2, 9),)])
    assert explanation.fallbacks == [], str(explanation)


def test_constant_pad_repeat_and_sizes_as_values_over_dynamic_dims():
    entirely_dynamic(lambda x: torch.nn.functional.pad(x, (1, 2, 3, 0), value=0.5) * 3,
                     (torch.randn(3, 5),), (torch.randn(2, 9),))
    entirely_dynamic(lambda x: x.repeat(2, x.shape[0]) + 1,
                     (torch.randn(3, 5),), (torch.randn(2, 9),))
    # a size as an operand, a fill value and a float computed from sizes
    entirely_dynamic(lambda x: x * x.shape[1] + torch.full_like(x, x.shape[0]),
                     (torch.randn(3, 5),), (torch.randn(2, 9),))
    entirely_dynamic(lambda x: x * (x.shape[1] ** 0.5) / x.shape[0],
                     (torch.randn(3, 5),), (torch.randn(2, 9),))


def test_gathers_over_dynamic_dims():
    # CLIP's pooled output: each row's token at its argmax
    entirely_dynamic(lambda x: x[torch.arange(x.shape[0]), x.argmax(-1)] * 2,
                     (torch.randn(3, 5),), (torch.randn(2, 9),))
    entirely_dynamic(lambda x: x[torch.tensor([0, -1]), :, torch.tensor([1, 0])] + 1,
                     (torch.randn(3, 4, 5),), (torch.randn(2, 9, 3),))
    entirely_dynamic(lambda x: torch.gather(x, 1, (x.abs() * 100).long() % x.shape[1]) + 1,
                     (torch.randn(3, 5),), (torch.randn(4, 9),))


def test_integer_floor_division():
    def fn(a, b):
        return torch.div(a, b, rounding_mode="floor") * 2 + a // 3

    a = torch.tensor([7, -7, 7, -7, 0, 6, -6, 5], dtype=torch.int64)
    b = torch.tensor([2, 2, -2, -2, 3, 3, -3, 1], dtype=torch.int64)
    entirely_dynamic(fn, (a, b), (a[:5].clone(), b[:5].clone()))


def test_as_strided_of_a_contiguous_tensor():
    def fn(x):
        return torch.as_strided(x * 2, (3, 2, 2), (4, 1, 2), 1) + \
            torch.as_strided(x + 1, (2, 3), (0, 2)).sum()

    explanation = compiled_at(fn, [(torch.randn(4, 4),)], dynamic=False)
    assert explanation.fallbacks == [], str(explanation)


@pytest.fixture
def symbolic_convolutions(monkeypatch):
    """Convolutions over dynamic spatial dims compiled once for every shape
    (MELD_TORCH_DYNAMIC_CONVOLUTIONS=symbolic), not per shape."""
    monkeypatch.setattr(backend, "DYNAMIC_CONVOLUTIONS", "symbolic")


def test_a_convolution_over_dynamic_image_sizes_compiles_per_shape_when_asked(monkeypatch):
    # (MELD_TORCH_DYNAMIC_CONVOLUTIONS=per-shape: static kernels, compiled
    # for each new size)
    monkeypatch.setattr(backend, "DYNAMIC_CONVOLUTIONS", "per-shape")
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8),
                                torch.nn.ReLU(), torch.nn.Conv2d(8, 4, 3, stride=2)).eval()
    # (height != width: duck sizing would tie them, and recompile at 12 x 20)
    shapes = [(2, 3, 16, 12), (3, 3, 12, 20), (2, 3, 16, 12)]
    explanation = compiled_at(model, [(torch.randn(*s),) for s in shapes])
    assert explanation.fallbacks == [], str(explanation)
    (report,) = explanation.reports
    assert "convolution over dynamic spatial dims" in next(iter(report.specialized.values()))
    assert "compiled per input shape" in str(explanation)
    (part,) = report.partitions
    assert isinstance(part, backend.SpecializedPartition)
    assert len(part._parts) == 2  # (the third call reused the first shape's)


def test_a_cnn_over_dynamic_image_sizes_is_one_graph(symbolic_convolutions):
    # meld.conv over dynamic spatial dims: convolutions (padded, strided,
    # dilated), max and average pooling (padding not counted) and a global
    # average pool over a dynamic batch and image, one executable
    torch.manual_seed(0)
    nn = torch.nn
    model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                          nn.MaxPool2d(3, 2, 1), nn.Conv2d(8, 6, 3, stride=2, dilation=(2, 1)),
                          nn.AvgPool2d(2, 1, padding=1, count_include_pad=False),
                          nn.Conv2d(6, 6, 3, padding=1, groups=3), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten()).eval()
    # (height != width: duck sizing would tie them)
    entirely_dynamic(model, (torch.randn(2, 3, 16, 12),), (torch.randn(3, 3, 13, 20),),
                     (torch.randn(2, 3, 31, 17),))


def test_an_audio_encoder_over_a_dynamic_length_is_one_graph(symbolic_convolutions):
    # wav2vec2's feature encoder and positional convolution over a dynamic
    # audio length: a strided 1-D convolution, a group norm over time, a
    # grouped convolution with even padding (one output more, cut off)
    torch.manual_seed(0)
    nn = torch.nn

    class Encoder(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv0 = nn.Conv1d(1, 8, 10, stride=5, bias=False)
            self.norm = nn.GroupNorm(8, 8)
            self.conv1 = nn.Conv1d(8, 8, 3, stride=2, bias=False)
            self.pos = nn.Conv1d(8, 8, 4, padding=2, groups=4)

        def forward(self, x):
            h = nn.functional.gelu(self.norm(self.conv0(x[:, None])))
            h = nn.functional.gelu(self.conv1(h))
            return h + nn.functional.gelu(self.pos(h)[:, :, :-1])

    entirely_dynamic(Encoder().eval(), (torch.randn(2, 400),), (torch.randn(3, 333),))


def test_max_pooling_indices_and_gradients_over_dynamic_image_sizes(symbolic_convolutions):
    # the training forward computes the maxima's places over the dynamic
    # image, and its backward scatters the gradient there; the
    # convolutions' input and weight gradients over the dynamic image too:
    # one graph each
    torch.manual_seed(0)
    nn = torch.nn
    conv = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.MaxPool2d(3, 2, 1),
                         nn.Conv2d(4, 4, 3, padding=1), nn.MaxPool2d(2))
    pools = nn.Sequential(nn.MaxPool2d(3, 2, 1), nn.Tanh(), nn.MaxPool2d(2))
    for model in (conv, pools):
        torch._dynamo.reset()
        start = len(mtorch.reports)
        compiled = torch.compile(model, backend="meld", dynamic=True)
        for shape in [(2, 3, 12, 9), (3, 3, 11, 16)]:
            x = torch.randn(*shape, requires_grad=True)
            want = model(x)
            (wx,) = torch.autograd.grad(want.square().sum(), x)
            got = compiled(x)
            (gx,) = torch.autograd.grad(got.square().sum(), x)
            torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
            torch.testing.assert_close(gx, wx, rtol=1e-4, atol=1e-4)
        explanation = mtorch.Explanation(mtorch.reports[start:])
        assert explanation.fallbacks == [], str(explanation)
        (report,) = explanation.reports  # (its forward and backward graphs)
        assert not report.specialized, str(report)


@pytest.mark.parametrize("pool", [
    torch.nn.MaxPool2d(3, 2, 1),                       # a ResNet's stem
    torch.nn.MaxPool2d((3, 2), (1, 2), (1, 1)),        # uneven, padding = k - 1
    torch.nn.MaxPool2d(2),
    torch.nn.MaxPool2d(3, 1, 1, dilation=(1, 2)),      # dilated: padded views
    torch.nn.MaxPool2d((5, 1), (3, 1), (2, 0)),
    torch.nn.MaxPool3d((2, 3, 3), (1, 2, 2), (0, 1, 1)),
    torch.nn.MaxPool2d(2, ceil_mode=True),
    torch.nn.MaxPool2d(3, 2, ceil_mode=True),             # GoogLeNet's
    torch.nn.MaxPool2d((3, 2), (2, 3), (1, 1), ceil_mode=True),
    torch.nn.MaxPool2d(2, 2, 1, ceil_mode=True),  # at 7: no window in the padding
], ids=["stem", "uneven", "2x2", "dilated", "5x1", "3d", "ceil-2x2", "ceil-3x3",
        "ceil-uneven", "ceil-padded"])
def test_max_pooling_over_dynamic_sizes_matches_eager_with_nans_and_infinities(pool):
    # Along a dynamic dim each kernel offset gathers its positions clamped
    # into the input (no padded copy): a window at the edge sees an edge
    # element twice, which must leave its maximum, a NaN and -inf as eager
    # has them; in ceil mode the partial windows at the end too.
    d = 3 if isinstance(pool, torch.nn.MaxPool3d) else 2
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(pool, backend="meld", dynamic=True)
    # (in ceil mode torch guards on the sizes modulo the strides: odd
    # both times, and widths of 3 n)
    for i, size in enumerate([(7, 9, 5)[:d], (13, 15, 7)[:d]]):
        x = torch.randn(2, 3, *size)
        x.view(-1)[5] = float("nan")
        x.view(-1)[17 + i] = float("-inf")
        x[1, 2] = float("-inf")  # a whole plane of -inf
        with torch.no_grad():
            torch.testing.assert_close(compiled(x), pool(x), rtol=0, atol=0, equal_nan=True)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert len(explanation.reports) == 1, "a second shape compiled a second graph"
    assert explanation.fallbacks == [], str(explanation)
    assert not explanation.reports[0].specialized, str(explanation.reports[0])


@pytest.mark.parametrize("pool", [
    torch.nn.AvgPool2d(2, ceil_mode=True),
    torch.nn.AvgPool2d(3, 2, 1, ceil_mode=True),                          # counts the padding
    torch.nn.AvgPool2d(3, 2, 1, ceil_mode=True, count_include_pad=False),
    torch.nn.AvgPool2d((3, 2), (2, 3), (1, 0), ceil_mode=True, count_include_pad=False),
    torch.nn.AvgPool2d(3, 2, 1, ceil_mode=True, divisor_override=4),
    torch.nn.AvgPool1d(4, 3, 2, ceil_mode=True, count_include_pad=False),
    torch.nn.AvgPool3d(2, 2, 1, ceil_mode=True),
], ids=["2x2", "3x3-pad", "3x3-pad-excluded", "uneven", "divisor", "1d", "3d"])
def test_ceil_mode_average_pooling_over_dynamic_sizes_is_one_graph(pool):
    # The partial windows at the end, each divided by its own count (inside
    # the input, or the declared padding too): the input padded by
    # stride - 1 more zeros, the windows counted at run time.
    d = {torch.nn.AvgPool1d: 1, torch.nn.AvgPool2d: 2, torch.nn.AvgPool3d: 3}[type(pool)]
    sizes = [(7, 9, 5)[:d], (13, 16, 7)[:d], (8, 12, 6)[:d]]
    torch.manual_seed(0)
    explanation = compiled_at(pool, [(torch.randn(2, 3, *s),) for s in sizes])
    assert explanation.fallbacks == [], str(explanation)
    assert all(not r.specialized for r in explanation.reports), str(explanation)


@pytest.mark.parametrize("pool", [
    torch.nn.AvgPool2d(3, ceil_mode=True),
    torch.nn.MaxPool2d(3, ceil_mode=True),
    torch.nn.AvgPool2d(5, 2, 2, ceil_mode=True, count_include_pad=False),
], ids=["avg-3x3", "max-3x3", "avg-5x5-padded"])
def test_ceil_mode_pooling_of_inputs_shorter_than_the_kernel(pool):
    # Ceil mode has one window over an input shorter than the kernel (2
    # elements, a kernel of 3): its count along a dynamic dim had been
    # negative there, and the run refused. The same executable for every
    # size.
    sizes = [(7, 9), (4, 5), (2, 3), (1, 2)]
    torch.manual_seed(0)
    explanation = compiled_at(pool, [(torch.randn(2, 3, *s),) for s in sizes])
    assert explanation.fallbacks == [], str(explanation)
    assert all(not r.specialized for r in explanation.reports), str(explanation)


def test_pooling_with_a_window_longer_than_the_input_is_compiled_per_shape():
    # EfficientNet's pooler (a 320 x 320 window, ceil mode) over a dynamic
    # image: a view per kernel offset would be 102,400 views (minutes to
    # compile), so the partition compiles per shape, where the window is
    # cut to the input.
    pool = torch.nn.AvgPool2d(320, ceil_mode=True)
    explanation = compiled_at(pool, [(torch.randn(2, 8, *s),) for s in [(2, 2), (3, 1)]])
    assert explanation.fallbacks == [], str(explanation)
    assert any(r.specialized for r in explanation.reports), str(explanation)


@pytest.mark.parametrize("conv", [
    torch.nn.ConvTranspose2d(4, 3, 2, stride=2),                          # a U-Net's up-step
    torch.nn.ConvTranspose2d(4, 3, 3, stride=2, padding=1, output_padding=1),
    torch.nn.ConvTranspose2d(4, 6, 3, padding=1, groups=2),
    torch.nn.ConvTranspose1d(4, 3, 4, stride=3, padding=1, dilation=2),
], ids=["2x2-stride-2", "output-padding", "grouped", "1d-dilated"])
def test_transposed_convolutions_over_dynamic_sizes_are_one_graph(conv, symbolic_convolutions):
    # The input dilated by the strides over its dynamic extent (a gather of
    # i / s, zero where s does not divide i), then a convolution over
    # dynamic dims.
    torch.manual_seed(0)
    d = 1 if isinstance(conv, torch.nn.ConvTranspose1d) else 2
    sizes = [(5, 8)[:d], (9, 12)[:d], (12, 7)[:d]]
    explanation = compiled_at(conv.eval(), [(torch.randn(2, 4, *s),) for s in sizes])
    assert explanation.fallbacks == [], str(explanation)
    assert all(not r.specialized for r in explanation.reports), str(explanation)


@pytest.mark.parametrize("kwargs", [
    dict(kernel_size=3, padding=1), dict(kernel_size=3, stride=2, padding=1),
    dict(kernel_size=1, stride=2), dict(kernel_size=7, stride=2, padding=3),
    dict(kernel_size=3, stride=2, padding=1, groups=4), dict(kernel_size=2, stride=3, dilation=2),
], ids=["3x3", "3x3-stride-2", "1x1-stride-2", "stem", "grouped", "dilated"])
def test_a_convolutions_input_gradient_over_dynamic_sizes_is_one_graph(
        kwargs, symbolic_convolutions):
    # Its output padding, (n + 2p - span) mod s, depends on the size: the
    # transposed convolution takes the most, s - 1, and keeps the first n
    # positions. (Sizes of every remainder modulo the strides.)
    torch.manual_seed(0)
    conv = torch.nn.Conv2d(4, 8, **kwargs).requires_grad_(False)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(conv, backend="meld", dynamic=True)
    for shape in [(2, 4, 12, 9), (3, 4, 11, 16), (2, 4, 17, 10)]:
        x = torch.randn(*shape, requires_grad=True)
        (want,) = torch.autograd.grad(conv(x).square().sum(), x)
        (got,) = torch.autograd.grad(compiled(x).square().sum(), x)
        torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    assert all(not r.specialized for r in explanation.reports), str(explanation)


@pytest.mark.parametrize("batch_only", [False, True], ids=["image", "batch"])
@pytest.mark.parametrize("kwargs", [
    dict(kernel_size=3, padding=1), dict(kernel_size=3, stride=2, padding=1),
    dict(kernel_size=7, stride=2, padding=3), dict(kernel_size=3, stride=2, padding=1, groups=4),
    dict(kernel_size=2, stride=3, dilation=2),
], ids=["3x3", "3x3-stride-2", "stem", "grouped", "dilated"])
def test_a_convolutions_weight_gradient_over_a_dynamic_batch_or_image_is_one_graph(
        kwargs, batch_only, symbolic_convolutions):
    # Per kernel offset the input's window view contracted with the output
    # gradient over the images and pixels, [F, C/G] each, stacked: a
    # training step over a dynamic batch (or image) in one graph.
    torch.manual_seed(0)
    conv = torch.nn.Conv2d(4, 8, **kwargs)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    if batch_only:
        compiled = torch.compile(conv, backend="meld", dynamic=False)
        xs = [torch.randn(n, 4, 12, 9) for n in (2, 3, 5)]
        for x in xs:
            torch._dynamo.mark_dynamic(x, 0)
    else:
        compiled = torch.compile(conv, backend="meld", dynamic=True)
        xs = [torch.randn(*s) for s in [(2, 4, 12, 9), (3, 4, 11, 16), (5, 4, 17, 10)]]
    for x in xs:
        x.requires_grad_(True)
        params = [x, conv.weight, conv.bias]
        want = torch.autograd.grad(conv(x).square().sum(), params)
        got = torch.autograd.grad(compiled(x).square().sum(), params)
        for g, w in zip(got, want):
            torch.testing.assert_close(g, w, rtol=1e-4, atol=1e-3)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    assert len(explanation.reports) == 1, str(explanation)
    assert not explanation.reports[0].specialized, str(explanation)


def test_an_adaptive_pooling_to_2x2_over_dynamic_image_sizes_compiles_per_shape(
        symbolic_convolutions):
    # (its windows' bounds are floor and ceil of i n / 2 at static sizes)
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(),
                                torch.nn.AdaptiveAvgPool2d(2)).eval()
    shapes = [(2, 3, 16, 11), (3, 3, 13, 20), (2, 3, 16, 11)]
    explanation = compiled_at(model, [(torch.randn(*s),) for s in shapes])
    assert explanation.fallbacks == [], str(explanation)
    (report,) = explanation.reports
    assert report.specialized, str(report)
    assert "adaptive pooling" in next(iter(report.specialized.values()))
    assert "compiled per input shape" in str(explanation)
    (part,) = report.partitions
    assert isinstance(part, backend.SpecializedPartition)
    assert len(part._parts) == 2  # (the third call reused the first shape's)


def test_an_op_refused_by_its_lowering_leaves_only_itself_to_eager():
    # index_put by a boolean mask with a value per picked element depends on
    # the data's count: its lowering refuses it, once the partition is
    # translated. The ops before and after it still run through Meld.
    def fn(x, mask, values):
        y = torch.tanh(x) * 2
        y = y.index_put((mask,), values)
        return torch.exp(y) + 1

    x = torch.randn(6)
    mask = torch.tensor([True, False, True, False, False, True])
    explanation = compiled_at(fn, [(x, mask, torch.randn(3))], dynamic=False)
    (report,) = explanation.reports
    assert [op for op, _ in explanation.fallbacks] == ["aten.index_put.default"], \
        str(explanation)
    assert "data-dependent" in explanation.fallbacks[0][1]
    assert len(report.compiled) == 2, str(report)  # (tanh * 2) and (exp + 1)
    assert not report.failed


def test_a_shape_whose_specialization_fails_runs_eagerly_and_is_reported(monkeypatch):
    # (an adaptive pooling to 2 x 2 compiles per shape)
    model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3),
                                torch.nn.AdaptiveAvgPool2d(2)).eval()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(model, backend="meld", dynamic=True)
    with torch.no_grad():
        x = torch.randn(2, 3, 8, 6)
        torch.testing.assert_close(compiled(x), model(x))

        def refuse(*args, **kwargs):
            raise backend.Unsupported("refused for the test")

        monkeypatch.setattr(backend, "_specialize", refuse)
        y = torch.randn(3, 3, 9, 7)  # (a batch of 1 would recompile)
        torch.testing.assert_close(compiled(y), model(y))
    (report,) = mtorch.reports[start:]
    assert any("at shapes" in k and "refused for the test" in v
               for k, v in report.failed.items()), str(report)


@pytest.mark.parametrize("bounds", [(0.0, 3.0), (0.0, 0.0), (-1.0, 0.5)])
def test_histc(bounds):
    # (Mixtral counts the tokens routed to each expert with histc.) Float
    # bounds: TorchDynamo would make int ones symbolic, and a symbol that
    # is no tensor's size is a limit of the backend.
    lo, hi = bounds

    def fn(x):
        return torch.histc(x, bins=4, min=lo, max=hi) * 2

    ids = torch.tensor([0, 3, 1, 1, 2, 3, 3, 0], dtype=torch.float32)
    values = torch.tensor([-2.0, -1.0, -0.25, 0.0, 0.49, 0.5, 0.7, float("nan")])
    if lo == hi:  # (the data's own range: torch refuses a NaN there)
        values = values[:-1].clone()
    entirely_dynamic(fn, (ids,), (values,), (torch.full((5,), 2.0),))


def test_a_symbol_only_a_size_argument_carries():
    # (a KV cache's length passed as an int: no tensor of the partition has
    # that size, so an extra argument of that length carries it)
    def fn(x, n):
        return x[:, :n] * n + 1

    explanation = compiled_at(fn, [(torch.randn(3, 9), 4), (torch.randn(2, 7), 6)])
    assert explanation.fallbacks == [], str(explanation)
    for r in explanation.reports:
        assert not r.specialized, str(r)


def test_a_slice_from_a_symbolic_start_counting_from_the_end():
    # (Mistral's cache mask: mask[:, 1 - length:], a start below zero)
    def fn(x, y):
        return x[:, 1 - y.shape[1]:] * 2

    entirely_dynamic(fn, (torch.randn(3, 9), torch.randn(2, 4)),
                     (torch.randn(2, 11), torch.randn(3, 6)))


def test_arange_from_symbolic_start_and_step():
    """XLNet's relative positions, torch.arange(klen, -qlen, -1.0), with
    sizes from a dynamic dim: a size as start or step is its value."""
    def f(x):
        n = x.shape[1]
        return x + torch.arange(n, -n, -2.0)[:n] + torch.arange(1, 2 * n, 2)[:n]

    for length in (8, 11):
        mt.through_meld(f, torch.randn(2, length), dynamic=True)
