"""Complex arithmetic (meld.frontend.complexmath) through
``torch.compile(backend="meld")``: a complex tensor is carried as its real
view, each op runs on the parts, and the results match eager PyTorch,
edge cases (zeros, huge and tiny magnitudes, signed zeros) included.
"""

from __future__ import annotations

import math

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")

mtorch = mt.meld_torch()

GEN = torch.Generator().manual_seed(0)
Z = torch.randn(3, 4, dtype=torch.complex64, generator=GEN)
W = torch.randn(3, 4, dtype=torch.complex64, generator=GEN)
X = torch.randn(3, 4, generator=GEN)
# zeros, signed zeros, negative reals, huge and tiny magnitudes
EDGE = torch.tensor([0j, complex(-0.0, 0.0), -4 + 0j, complex(-4.0, -0.0), 3e30 + 4e30j,
                     1e-30 - 2e-30j, 1 + 0j, -1j, complex(2.0, -0.0), 5 - 12j],
                    dtype=torch.complex64)


def through_meld(fn, *args, rtol=1e-5, atol=1e-5):
    return mt.through_meld(fn, *args, rtol=rtol, atol=atol, same_dtype=True)


@pytest.mark.parametrize("name,fn,args", [
    ("mul", torch.mul, (Z, W)),
    ("div", torch.div, (Z, W)),
    ("add_alpha", lambda a, b: torch.add(a, b, alpha=2.5), (Z, W)),
    ("sub_complex_scalar", lambda a: a - (1 - 2j), (Z,)),
    ("mul_imaginary_unit", lambda a: a * 1j, (Z,)),
    ("mul_real_tensor", torch.mul, (Z, X)),
    ("div_by_real", torch.div, (Z, X)),
    ("real_by_complex", torch.div, (X, Z)),
    ("broadcast", torch.mul, (Z, W[:1])),
    ("neg", torch.neg, (Z,)),
    ("reciprocal", torch.reciprocal, (Z,)),
    ("abs", torch.abs, (Z,)),
    ("exp", torch.exp, (Z,)),
    ("log", torch.log, (Z,)),
    ("sqrt", torch.sqrt, (Z,)),
    ("sgn", torch.sgn, (Z,)),
    ("sum_dim", lambda a: a.sum(-1), (Z,)),
    ("sum_all", torch.sum, (Z,)),
    ("mean_dim", lambda a: a.mean(0, keepdim=True), (Z,)),
    ("mm", lambda a, b: a @ b.mT, (Z, W)),
    ("bmm", torch.bmm, (Z.reshape(1, 3, 4), W.reshape(1, 4, 3))),
    ("mm_of_cast", lambda x, b: x.to(torch.complex64) @ b.mT, (X, W)),
    ("where", lambda a, b: torch.where(a.real > 0, a, b), (Z, W)),
    ("where_scalar", lambda a: torch.where(a.imag > 0, a, 0), (Z,)),
    ("cat", lambda a, b: torch.cat([a, b], -1), (Z, W)),
    ("eq_ne", lambda a, b: torch.stack([a == b, a != a[0], a == 1]), (Z, torch.where(X > 0, Z, W))),
    ("complex128", lambda a: (a * a.conj() / (a + 1)).sqrt(), (Z.to(torch.complex128),)),
    ("promote_to_complex128", torch.mul, (Z, X.double())),
    ("full", lambda a: a + torch.full((3, 4), 2 - 1j), (Z,)),
])
def test_matches_eager(name, fn, args):
    through_meld(fn, *args)


@pytest.mark.parametrize("name,fn", [
    ("abs", torch.abs), ("sqrt", torch.sqrt), ("sgn", torch.sgn),
    ("reciprocal", torch.reciprocal), ("log", torch.log),
])
def test_edge_values(name, fn):
    # no overflow in |z| or 1/z at 1e30, the principal root's sign from -0
    got = through_meld(fn, EDGE, rtol=1e-5, atol=1e-30)
    if name == "sqrt":
        assert got[3].imag < 0 < got[2].imag


def test_division_by_zero_and_by_huge_values():
    num = torch.tensor([1 + 1j, 1 + 1j, 1e30 + 1e30j, 2 + 0j], dtype=torch.complex64)
    den = torch.tensor([0j, 1e-30 + 0j, 1e30 - 1e30j, 1e38 + 1e38j], dtype=torch.complex64)
    got = mt.through_meld(torch.div, num, den, rtol=1e-5, atol=0)
    assert math.isfinite(got[2].real) and got[2].imag == pytest.approx(1.0)


def test_llama_rotary_embedding_in_complex_runs_through_meld():
    """Meta's Llama (apply_rotary_emb): the rotation as a complex product of
    the queries and keys viewed as complex with the cis of their positions."""
    def rotate(xq, xk, freqs_cis):
        q = torch.view_as_complex(xq.float().reshape(*xq.shape[:-1], -1, 2))
        k = torch.view_as_complex(xk.float().reshape(*xk.shape[:-1], -1, 2))
        freqs = freqs_cis.view(1, q.shape[1], 1, q.shape[-1])
        return (torch.view_as_real(q * freqs).flatten(3).type_as(xq),
                torch.view_as_real(k * freqs).flatten(3).type_as(xk))

    def attention(x, wq, wk, freqs_cis):
        b, s, _ = x.shape
        xq, xk = (x @ wq).view(b, s, 4, 8), (x @ wk).view(b, s, 4, 8)
        xq, xk = rotate(xq, xk, freqs_cis)
        scores = torch.einsum("bshd,bthd->bhst", xq, xk) / math.sqrt(8)
        return scores.softmax(-1)

    dim, seq = 8, 6
    freqs = 1.0 / (10000 ** (torch.arange(0, dim, 2)[: dim // 2].float() / dim))
    freqs_cis = torch.polar(torch.ones(seq, dim // 2), torch.outer(torch.arange(seq), freqs))
    x = torch.randn(2, seq, 32, generator=GEN)
    wq, wk = torch.randn(32, 32, generator=GEN), torch.randn(32, 32, generator=GEN)
    through_meld(attention, x, wq, wk, freqs_cis, rtol=1e-4, atol=1e-5)
    e = mtorch.explain(attention, x, wq, wk, freqs_cis)
    assert not e.fallbacks, str(e)


def test_complex_ops_meld_does_not_take_stay_with_torch_and_say_why():
    e = mtorch.explain(lambda z: torch.cumprod(z * z, 0), Z)
    assert any("complex tensor" in why for _, why in e.fallbacks), str(e)


@pytest.mark.parametrize("name,fn", [
    ("sin", torch.sin), ("cos", torch.cos), ("sinh", torch.sinh), ("cosh", torch.cosh),
    ("tanh", torch.tanh), ("sigmoid", torch.sigmoid), ("rsqrt", torch.rsqrt),
    ("log10", torch.log10), ("square", torch.square), ("pow_scalar", lambda z: z ** 2.5),
    ("pow_tensor", lambda z: torch.pow(z, z.flip(0))), ("isnan", torch.isnan),
    ("logical_not", torch.logical_not), ("var", lambda z: torch.var(z, 1)),
    ("var_mean", lambda z: torch.stack([torch.var_mean(z, 0)[1], torch.var(z, 0)])),
])
def test_elementary_functions_match_eager(name, fn):
    through_meld(fn, Z, rtol=1e-4, atol=1e-5)


def test_tanh_far_from_the_origin_is_finite():
    z = torch.tensor([30 + 1j, -40 - 2j, 0.5 + 100j], dtype=torch.complex64)
    got = through_meld(torch.tanh, z, rtol=1e-4, atol=1e-6)
    assert torch.isfinite(torch.view_as_real(got)).all()


@pytest.mark.parametrize("name,fn", [
    ("index_put", lambda z, w: z.index_put((torch.tensor([0, 2]),), w[:2])),
    ("masked_fill", lambda z, w: z.masked_fill(z.real > 0, 2 - 3j)),
    ("fill_true", lambda z, w: torch.fill(z, True)),
    ("full_like", lambda z, w: torch.full_like(z, 1 + 1j)),
    ("slice_scatter", lambda z, w: torch.slice_scatter(z, w[:, :2], 1, 0, 2)),
    ("split", lambda z, w: torch.split(z, 2, 1)[1] * w[:, :2]),
    ("cumsum", lambda z, w: torch.cumsum(z, 1)),
    ("gather", lambda z, w: torch.gather(z, 1, torch.tensor([[0, 3], [1, 1], [2, 0]]))),
    ("expand", lambda z, w: z[:, None, :1].expand(3, 2, 4)),
    ("addmm", lambda z, w: torch.addmm(z[:, :3], z, w.mT, beta=0.5, alpha=2 - 1j)),
])
def test_layout_and_scatter_ops_on_parts(name, fn):
    through_meld(fn, Z, W)


def test_circular_padding_of_a_complex_tensor():
    # its decomposition writes into an empty complex tensor
    through_meld(lambda z: torch.nn.functional.pad(z[None], (2, 1), mode="circular")[0], Z)
