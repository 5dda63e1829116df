"""Dense linear algebra (meld.frontend.linalg: LU with partial pivoting,
triangular solves, Cholesky, Householder QR, Jacobi rotations, and what
is built on them) through ``torch.compile(backend="meld")``: every case runs entirely
through Meld (explain reports no eager op) and matches eager PyTorch, and
the ``_ex`` ops' error codes raise torch's own errors.
"""

from __future__ import annotations

import math

import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402

mtorch = mt.meld_torch()


through_meld = mt.through_meld


def _gen(seed=0):
    return torch.Generator().manual_seed(seed)


A = torch.randn(3, 5, 5, generator=_gen(1))
B = torch.randn(3, 5, 2, generator=_gen(2))
SPD = A @ A.mT + 5 * torch.eye(5)
# a zero leading entry: LU must pivot, and a naive elimination divides by 0
NEEDS_PIVOT = torch.tensor([[0.0, 2.0, 1.0], [1.0, 1.0, 0.0], [3.0, -1.0, 2.0]])
# a symmetric matrix with a zero diagonal: Bunch-Kaufman takes 2 x 2 pivots
ZERO_DIAGONAL = torch.tensor([[0.0, 1.0, 2.0, 0.5], [1.0, 0.0, 3.0, -1.0],
                              [2.0, 3.0, 0.0, 0.25], [0.5, -1.0, 0.25, 0.0]])


@pytest.mark.parametrize("name,fn,args", [
    ("inv", torch.linalg.inv, (A,)),
    ("inv_pivot", torch.linalg.inv, (NEEDS_PIVOT,)),
    ("det", torch.linalg.det, (A,)),
    ("det_pivot", torch.linalg.det, (NEEDS_PIVOT,)),
    ("slogdet", torch.linalg.slogdet, (A,)),
    ("logdet", torch.logdet, (SPD,)),
    ("solve", torch.linalg.solve, (A, B)),
    ("solve_vector", torch.linalg.solve, (A[0], B[0, :, 0])),
    ("solve_batched_vector", torch.linalg.solve, (A, B[..., 0])),
    ("solve_broadcast", torch.linalg.solve, (A[0], B)),
    ("solve_right", lambda a, b: torch.linalg.solve(a, b, left=False), (A, B.mT)),
    ("cholesky", torch.linalg.cholesky, (SPD,)),
    ("cholesky_upper", lambda s: torch.linalg.cholesky(s, upper=True), (SPD,)),
    ("lu_factor", torch.linalg.lu_factor, (A,)),
    ("lu_wide", torch.linalg.lu, (torch.randn(2, 3, 5, generator=_gen(3)),)),
    ("lu_tall", torch.linalg.lu, (torch.randn(2, 6, 4, generator=_gen(4)),)),
    ("lu_unpack", lambda a: torch.lu_unpack(*torch.linalg.lu_factor(a)), (A,)),
    ("lu_solve", lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b), (A, B)),
    ("lu_solve_adjoint",
     lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, adjoint=True), (A, B)),
    ("lu_solve_right",
     lambda a, b: torch.linalg.lu_solve(*torch.linalg.lu_factor(a), b, left=False), (A, B.mT)),
    ("solve_triangular_upper",
     lambda a, b: torch.linalg.solve_triangular(a + 5 * torch.eye(5), b, upper=True), (A, B)),
    ("solve_triangular_lower_right_unit",
     lambda a, b: torch.linalg.solve_triangular(a, b, upper=False, left=False,
                                                unitriangular=True), (A, B.mT)),
    ("triangular_solve_transpose",
     lambda a, b: torch.triangular_solve(b, a + 5 * torch.eye(5), transpose=True), (A, B)),
    ("cholesky_solve", lambda s, b: torch.cholesky_solve(b, torch.linalg.cholesky(s)),
     (SPD, B)),
    ("cholesky_solve_upper",
     lambda s, b: torch.cholesky_solve(b, torch.linalg.cholesky(s, upper=True), upper=True),
     (SPD, B)),
    ("cholesky_inverse", lambda s: torch.cholesky_inverse(torch.linalg.cholesky(s)), (SPD,)),
    ("tensorinv", lambda a: torch.linalg.tensorinv(a, ind=1),
     (torch.randn(6, 2, 3, generator=_gen(5)),)),
    ("matrix_power_negative", lambda a: torch.linalg.matrix_power(a, -2), (A,)),
    # Householder QR, as LAPACK's geqrf / orgqr / ormqr
    ("geqrf_tall", torch.geqrf, (torch.randn(2, 6, 4, generator=_gen(6)),)),
    ("geqrf_wide", torch.geqrf, (torch.randn(4, 6, generator=_gen(7)),)),
    ("qr", torch.linalg.qr, (A,)),
    ("qr_complete_tall", lambda a: torch.linalg.qr(a, mode="complete"),
     (torch.randn(6, 3, generator=_gen(8)),)),
    ("qr_r_wide", lambda a: torch.linalg.qr(a, mode="r"), (torch.randn(3, 3, 5, generator=_gen(9)),)),
    ("householder_product", lambda a: torch.linalg.householder_product(*torch.geqrf(a)),
     (torch.randn(6, 4, generator=_gen(10)),)),
    ("ormqr_transpose_right",
     lambda a, c: torch.ormqr(*torch.geqrf(a), c, left=False, transpose=True), (A, B.mT)),
    # Jacobi: singular values, symmetric eigenvalues, pseudo-inverses
    ("svdvals_tall", torch.linalg.svdvals, (torch.randn(2, 7, 4, generator=_gen(11)),)),
    ("svdvals_wide", torch.linalg.svdvals, (torch.randn(4, 7, generator=_gen(12)),)),
    ("svd_values_only", lambda a: torch.linalg.svd(a)[1], (A,)),
    ("eigvalsh", torch.linalg.eigvalsh, (A,)),
    ("eigvalsh_upper", lambda a: torch.linalg.eigvalsh(a, UPLO="U"), (A,)),
    ("matrix_rank", torch.linalg.matrix_rank, (A[:, :, :3] @ A[:, :3, :],)),
    ("nuclear_norm", lambda a: torch.linalg.matrix_norm(a, "nuc"), (A,)),
    ("cond", torch.linalg.cond, (SPD,)),
    ("pinv_wide", torch.linalg.pinv, (torch.randn(3, 4, 6, generator=_gen(13)),)),
    ("pinv_rank_deficient", torch.linalg.pinv, (A[:, :, :2] @ A[:, :2, :],)),
    ("pinv_hermitian", lambda s: torch.linalg.pinv(s, hermitian=True, atol=0.5), (SPD - 6,)),
    # from the Jacobi vectors, independent of their signs
    ("matrix_sqrth", torch.linalg.matrix_sqrth, (SPD,)),
    # only the lower triangle is read, and negative eigenvalues count as 0
    ("matrix_sqrth_lower_indefinite", torch.linalg.matrix_sqrth,
     (torch.tril(SPD - 8) + torch.triu(A, 1),)),
    ("polar_square", torch.linalg.polar, (A,)),
    ("polar_tall", torch.linalg.polar, (torch.randn(2, 7, 4, generator=_gen(14)),)),
    # Bunch-Kaufman LDL^T as LAPACK's sytf2 / sytrs: the same pivots (1 x 1
    # and 2 x 2 blocks), factors, info; only the lower triangle is read
    ("ldl_factor", torch.linalg.ldl_factor, (A + A.mT,)),
    ("ldl_factor_lower_only", torch.linalg.ldl_factor, (torch.tril(A) + torch.triu(B[0, 0, 0] + A, 1),)),
    ("ldl_factor_ex_2x2_blocks", torch.linalg.ldl_factor_ex, (ZERO_DIAGONAL,)),
    ("ldl_factor_ex_zero_pivot", torch.linalg.ldl_factor_ex, (torch.zeros(2, 4, 4),)),
    ("ldl_solve", lambda a, b: torch.linalg.ldl_solve(*torch.linalg.ldl_factor(a), b), (A + A.mT, B)),
    ("ldl_solve_2x2_blocks",
     lambda a, b: torch.linalg.ldl_solve(*torch.linalg.ldl_factor(a), b), (ZERO_DIAGONAL, B[0, :4])),
])
@pytest.mark.filterwarnings("ignore:torch.triangular_solve is deprecated")
def test_matches_eager(name, fn, args):
    through_meld(fn, *args, rtol=1e-4, atol=1e-4)


def test_float64_agrees_to_float64_rounding():
    a, b = A.double(), B.double()
    got = through_meld(torch.linalg.solve, a, b, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(a @ got, b, rtol=1e-12, atol=1e-12)


def test_a_dynamic_batch_serves_every_size():
    fn = torch.linalg.inv
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="meld", dynamic=True)
    for n in (2, 5):
        a = torch.randn(n, 4, 4, generator=_gen(n)) + 4 * torch.eye(4)
        torch.testing.assert_close(compiled(a), fn(a), rtol=1e-4, atol=1e-4)


def test_singular_matrices_report_as_torch_does():
    sing = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
    # the _ex ops return LAPACK's info: the 1-based index of the zero pivot
    # (the inverse of a singular matrix is not defined: compared is info)
    info = through_meld(lambda a: torch.linalg.inv_ex(a)[1], sing)
    assert int(info) == 2
    through_meld(torch.linalg.det, sing)
    sign, logabs = through_meld(torch.linalg.slogdet, sing)
    assert float(sign) == 0.0 and logabs.item() == -math.inf
    # the checked ops raise torch's error with torch's message
    for fn, arg, words in [
        (torch.linalg.inv, sing, "The diagonal element 2 is zero"),
        (lambda a: torch.linalg.solve(a, torch.ones(2)), sing, "input matrix is singular"),
        (torch.linalg.cholesky, -torch.eye(2), "leading minor of order 1"),
        (torch.linalg.inv, torch.stack([torch.eye(2), sing]), "(Batch element 1)"),
    ]:
        torch._dynamo.reset()
        with pytest.raises(torch.linalg.LinAlgError) as eager:
            fn(arg)
        with pytest.raises(torch.linalg.LinAlgError) as meld:
            torch.compile(fn, backend="meld")(arg)
        assert words in str(meld.value) and str(meld.value) == str(eager.value)
    info = through_meld(lambda a: torch.linalg.cholesky_ex(a)[1], -torch.eye(3))
    assert int(info) == 1


def test_the_check_is_not_reported_as_a_fallback():
    e = mtorch.explain(torch.linalg.inv, A)
    assert e.fallbacks == [] and e.kernels > 0, str(e)


def _eigh_gauge(a, upper=False):
    w, v = torch.linalg.eigh(a, UPLO="U" if upper else "L")
    return w, v.abs()


def _svd_gauge(a, full=False):
    # as PyTorch's own samples compare them: |U|, S, |Vh| and U Vh over the
    # k = min(m, n) singular vectors (their signs are each library's own)
    u, s, vh = torch.linalg.svd(a, full_matrices=full)
    k = s.shape[-1]
    return u[..., :k].abs(), s, vh[..., :k, :].abs(), u[..., :k] @ vh[..., :k, :]


@pytest.mark.parametrize("name,fn,args", [
    ("eigh", _eigh_gauge, (A,)),
    ("eigh_upper", lambda a: _eigh_gauge(a, True), (A,)),
    ("eigh_1x1", _eigh_gauge, (A[:, :1, :1],)),
    ("eigh_empty_batch", _eigh_gauge, (A[:0],)),
    ("svd_tall", _svd_gauge, (torch.randn(2, 7, 4, generator=_gen(15)),)),
    ("svd_wide", _svd_gauge, (torch.randn(4, 7, generator=_gen(16)),)),
    ("svd_square_full", lambda a: _svd_gauge(a, True), (A,)),
    ("svd_tall_full", lambda a: _svd_gauge(a, True), (torch.randn(6, 3, generator=_gen(17)),)),
    ("svd_wide_full", lambda a: _svd_gauge(a, True), (torch.randn(2, 3, 6, generator=_gen(18)),)),
    ("svd_column", lambda a: _svd_gauge(a, True), (torch.randn(5, 1, generator=_gen(19)),)),
    ("svd_no_columns", lambda a: _svd_gauge(a, True), (torch.randn(3, 0),)),
    ("torch_svd", lambda a: (lambda u, s, v: (u.abs(), s, v.abs(), u @ v.mT))(*torch.svd(a)),
     (torch.randn(2, 6, 4, generator=_gen(20)),)),
])
def test_vectors_match_eager_up_to_their_signs(name, fn, args):
    through_meld(fn, *args, rtol=1e-4, atol=1e-4)


def _compiled_through_meld(fn, *args):
    """``fn`` compiled by the meld backend, after explain says that every
    op of it runs through Meld."""
    e = mtorch.explain(fn, *args)
    assert e.fallbacks == [] and e.kernels > 0, str(e)
    torch._dynamo.reset()
    return torch.compile(fn, backend="meld")(*args)


@pytest.mark.parametrize("full", [False, True])
def test_singular_vectors_reconstruct_and_stay_orthonormal(full):
    # a rank-2 matrix: the columns of U of its zero singular values are
    # still orthonormal (from the QR of A V), and U diag(S) Vh is A
    a = A[:, :, :2] @ A[:, :2, :4]  # [3, 5, 4], rank 2
    u, s, vh = _compiled_through_meld(lambda x: torch.linalg.svd(x, full_matrices=full), a)
    eye = lambda n: torch.eye(n).expand(3, n, n)  # noqa: E731
    torch.testing.assert_close(u.mT @ u, eye(u.shape[-1]), rtol=0, atol=1e-5)
    torch.testing.assert_close(vh @ vh.mT, eye(vh.shape[-2]), rtol=0, atol=1e-5)
    torch.testing.assert_close((u[..., :4] * s.unsqueeze(-2)) @ vh[..., :4, :], a,
                               rtol=0, atol=1e-4)
    torch.testing.assert_close(s, torch.linalg.svdvals(a), rtol=1e-4, atol=1e-4)


def test_eigenvectors_reconstruct_the_matrix():
    w, v = _compiled_through_meld(torch.linalg.eigh, SPD)
    torch.testing.assert_close(v.mT @ v, torch.eye(5).expand(3, 5, 5), rtol=0, atol=1e-5)
    torch.testing.assert_close((v * w.unsqueeze(-2)) @ v.mT, SPD, rtol=0, atol=1e-4)


def test_matrix_exp_scales_each_matrix_by_its_own_norm():
    # a batch of a tiny, a moderate and a large-norm matrix: each squared
    # as many times as its own norm needs, summed in float64
    a = torch.stack([A[0] * 1e-3, A[1], A[2] * 4])
    got = through_meld(torch.linalg.matrix_exp, a, rtol=1e-4, atol=1e-4)
    exact = torch.linalg.matrix_exp(a.double())
    assert ((got.double() - exact).abs().max() / exact.abs().max()) < 1e-6
    through_meld(torch.linalg.matrix_exp, torch.zeros(3, 3))


@pytest.mark.parametrize("contiguous", [True, False])
@pytest.mark.parametrize("name", ["solve", "det", "slogdet"])
def test_factorizing_ops_return_torchs_lu_and_train(name, contiguous):
    """``_linalg_solve_ex``, ``_linalg_det`` and ``_linalg_slogdet`` return
    the LU and pivots torch's own kernels return for a contiguous and a
    transposed A (their backwards solve with them: torch 2.15's
    determinants factor A^T for a contiguous A, its solve A), and the
    gradients of linalg.solve, det and slogdet are eager's. Found by
    OpInfo's gradients: both had been wrong for a contiguous A."""
    a = A if contiguous else A.mT.contiguous().mT
    raw, fn, args = {
        "solve": (torch.ops.aten._linalg_solve_ex.default, torch.linalg.solve, (a, B)),
        "det": (torch.ops.aten._linalg_det.default, torch.linalg.det, (a,)),
        "slogdet": (torch.ops.aten._linalg_slogdet.default,
                    lambda m: torch.linalg.slogdet(m)[1], (a,)),
    }[name]
    through_meld(raw, *args, rtol=1e-4, atol=1e-4)
    args = tuple(t.clone().requires_grad_() for t in args)
    w = torch.randn(fn(*args).shape, generator=_gen(15))
    torch._dynamo.reset()
    start = len(mtorch.reports)
    got = torch.autograd.grad((torch.compile(fn, backend="meld")(*args) * w).sum(), args)
    want = torch.autograd.grad((fn(*args) * w).sum(), args)
    torch.testing.assert_close(got, want, rtol=1e-4, atol=1e-4)
    assert mtorch.Explanation(mtorch.reports[start:]).fallbacks == []
