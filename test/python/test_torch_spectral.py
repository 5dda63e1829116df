"""FFTs and complex tensors (meld.frontend.spectral) through
``torch.compile(backend="meld")``: complex tensors cross a partition as
their real view and every transform runs through Meld, matching eager
PyTorch (complex arithmetic: test_torch_complex.py).
"""

from __future__ import annotations

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")

mtorch = mt.meld_torch()


def through_meld(fn, *args, rtol=1e-5, atol=1e-5):
    return mt.through_meld(fn, *args, rtol=rtol, atol=atol, same_dtype=True)


GEN = torch.Generator().manual_seed(0)
X = torch.randn(3, 10, generator=GEN)
Z = torch.randn(3, 10, dtype=torch.complex64, generator=GEN)
X3 = torch.randn(2, 6, 5, generator=GEN)


@pytest.mark.parametrize("name,fn,arg", [
    ("rfft", torch.fft.rfft, X),
    ("rfft_odd_n", lambda t: torch.fft.rfft(t, n=7), X),
    ("fft_of_real", torch.fft.fft, X),
    ("fft", torch.fft.fft, Z),
    ("fft_padded", lambda t: torch.fft.fft(t, n=13), Z),
    ("ifft_ortho", lambda t: torch.fft.ifft(t, norm="ortho"), Z),
    ("irfft", torch.fft.irfft, Z[:, :6]),
    ("irfft_odd", lambda t: torch.fft.irfft(t, n=9), Z[:, :5]),
    ("hfft", torch.fft.hfft, Z[:, :6]),
    ("ihfft", torch.fft.ihfft, X),
    ("fft2", torch.fft.fft2, X3),
    ("rfftn_forward", lambda t: torch.fft.rfftn(t, norm="forward"), X3),
    ("irfftn", lambda t: torch.fft.irfftn(torch.fft.rfftn(t), s=t.shape[-2:]), X3),
    ("ifftn_dims", lambda t: torch.fft.ifftn(t, dim=(0, 2)), X3.to(torch.complex64)),
    ("fftshift", lambda t: torch.fft.fftshift(torch.fft.fft(t)), X),
    ("float64", torch.fft.fft, X.double()),
    ("to_complex", lambda t: t.to(torch.complex64), X),
    ("polar_angle", lambda t: torch.angle(torch.polar(t.abs() + 1, t)), X),
    ("stft", lambda t: torch.stft(t, 8, hop_length=2, window=torch.hann_window(8),
                                  return_complex=True), torch.randn(2, 40, generator=GEN)),
])
def test_matches_eager(name, fn, arg):
    through_meld(fn, arg)


def test_float32_transforms_are_summed_in_float64():
    # a long transform: the f32 result is the float64 one rounded once
    x = torch.randn(2048, generator=GEN)
    got = through_meld(torch.fft.rfft, x, rtol=1e-4, atol=1e-3)
    exact = torch.fft.rfft(x.double())
    ours = (got.to(torch.complex128) - exact).abs().max()
    eager = (torch.fft.rfft(x).to(torch.complex128) - exact).abs().max()
    assert ours <= eager


def test_spectral_products_run_through_meld():
    # a convolution by FFTs: the product of two spectra is complex arithmetic
    through_meld(lambda z: torch.fft.ifft(torch.fft.fft(z) * torch.fft.fft(z)), Z)


def test_export_embeds_a_complex_constant_as_its_real_view():
    """meld.torch.export of a program with a complex buffer: the constant is
    embedded as its [..., 2] real view, and the exported program runs."""
    import meld

    class Filter(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("spectrum", torch.randn(8, dtype=torch.complex64,
                                                        generator=torch.Generator().manual_seed(1)))

        def forward(self, x):
            return torch.fft.ifft(self.spectrum).real + x

    model = Filter().eval()
    x = torch.randn(3, 8, generator=GEN)
    text = mtorch.export(torch.export.export(model, (x,)))
    (got,) = meld.compile(text)(x.numpy())
    torch.testing.assert_close(torch.from_numpy(got), model(x), rtol=1e-5, atol=1e-5)
