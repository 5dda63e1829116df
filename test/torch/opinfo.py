"""PyTorch's OpInfo samples through torch.compile(backend="meld").

For each OpInfo of ``torch.testing._internal.common_methods_invocations.op_db``
(float32 samples on the CPU; ``--dtype complex64`` for complex arithmetic),
every sample is compiled with
``backend="meld"`` (static shapes, a fresh compile per sample) and compared
with eager PyTorch. A sample is

- ``pass``: every ATen op ran through Meld and the results match eager
  (``torch.testing.assert_close`` with float32's default tolerances, NaNs
  equal);
- ``fallback``: the results match, but some ATen op ran in eager PyTorch
  (the partitioner's fallback, or the code at a TorchDynamo graph break:
  ``.item()``, a size from data; both reported by meld.torch.explain);
- ``wrong``: the results differ from eager (a defect), and Meld's are
  further than eager's from the op's float64 result (a float32 result no
  more than twice as far from it as eager's differs by rounding order, as
  a fused attention's sums do, and passes);
- ``error``: compiling or running raised (a defect, unless eager raises
  too, then the sample is skipped).

A random op (OpInfo seeds it inside the function, which TorchDynamo cannot
trace) is run unseeded and judged by its law instead of eager's numbers
(``RANDOM_LAWS``): Meld's generator is its own.

A mismatch that torch's own decompositions reproduce (the sample traced as
the meld backend traces it, AOTAutograd with the core ATen
decompositions, and run by eager PyTorch gives Meld's result) is skipped
as torch's: the decomposition differs from the eager kernel. Ops
whose results are uninitialized memory (``empty*``) are not run.

    PYTHONPATH=build/python-bindings .venv/bin/python test/torch/opinfo.py \\
        [--ops add,mul,...] [--samples N] [--dtype complex64] [--markdown table.md] \\
        [--json out.json]

Without --ops every OpInfo runs (slow: minutes to hours on 2 cores).
test/python/test_torch_opinfo.py runs a CI slice and needs no wrong and no
error there.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import sys
import warnings
from pathlib import Path
from typing import Dict, Iterable, List, Optional

import torch
import torch._dynamo

# A cache directory of the run's own for meld.torch's compiled partitions
# (thousands of small programs; ~/.cache/meld by default), removed at exit.
if "MELD_CACHE_DIR" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["MELD_CACHE_DIR"] = tempfile.mkdtemp(prefix="meld-opinfo-cache-")
    atexit.register(shutil.rmtree, os.environ["MELD_CACHE_DIR"], ignore_errors=True)

# the ops of the CI slice: what the frontend claims for float32 today
CI_OPS = [
    "abs", "add", "sub", "mul", "div", "neg", "exp", "log", "sqrt", "rsqrt", "tanh",
    "sigmoid", "sin", "cos", "floor", "ceil", "erf", "maximum", "minimum", "clamp",
    "where", "mm", "bmm", "addmm", "matmul", "t", "permute", "transpose", "reshape",
    "view", "unsqueeze", "squeeze", "cat", "sum", "mean", "amax", "amin", "softmax",
    "log_softmax", "nn.functional.relu", "nn.functional.gelu", "nn.functional.silu",
    "nn.functional.layer_norm", "nn.functional.conv2d", "nn.functional.linear",
    "nn.functional.avg_pool2d", "nn.functional.max_pool2d", "nn.functional.embedding",
    "scatter", "scatter_add", "scatter_reduce",
    # claimed with dynamic shapes, training and the transformers models
    "gather", "index_select", "select", "narrow", "index_put", "slice_scatter",
    "select_scatter", "split", "split_with_sizes", "arange", "full_like", "masked_fill",
    "tril", "any", "all", "logical_and", "logical_or", "logical_not", "pow",
    "nn.functional.batch_norm", "nn.functional.scaled_dot_product_attention",
    # the shared table's functions, reductions, indexing and pools
    "log1p", "expm1", "sinh", "cosh", "tan", "atan", "asin", "acos", "asinh", "acosh",
    "atanh", "atan2", "trunc", "round", "log2", "log10", "exp2", "isnan", "isinf", "sign",
    "hypot", "fmax", "fmin", "remainder", "fmod", "nn.functional.elu",
    "nn.functional.hardtanh", "nn.functional.leaky_relu", "prod", "argmax", "argmin", "max",
    "min", "var", "var_mean", "std", "cumsum", "cumprod", "topk", "sort", "median",
    "kthvalue", "nn.functional.group_norm", "nn.functional.adaptive_avg_pool2d",
    "nn.functional.max_pool3d", "addmv", "addbmm", "flip", "nn.functional.pad", "repeat",
    "diagonal", "unfold", "__getitem__",
    # special functions, searches and reductions by index
    "erfc", "copysign", "lgamma", "digamma", "mvlgamma", "searchsorted", "index_reduce",
    "nn.functional.adaptive_max_pool2d", "histc", "as_strided", "cummax", "cummin",
    "special.erfcx", "logcumsumexp", "ldexp", "bucketize", "dist", "cdist",
    "diagonal_scatter", "masked_scatter", "polygamma", "frexp", "put", "unbind_copy",
    "i0", "special.i0e", "special.i1", "special.i1e", "special.log_ndtr", "erfinv",
    "special.ndtri", "nn.functional.pdist", "nn.functional.bilinear", "as_strided_scatter",
    # dense linear algebra (meld.frontend.linalg: LU, triangular solves, Cholesky)
    "linalg.inv", "linalg.solve", "linalg.det", "linalg.slogdet", "linalg.cholesky",
    "linalg.lu_factor", "linalg.lu_solve", "linalg.solve_triangular", "lu_unpack",
    "cholesky_solve", "cholesky_inverse", "byte", "short", "linalg.qr", "geqrf", "ormqr",
    "linalg.householder_product", "linalg.svdvals", "linalg.eigvalsh", "linalg.pinv",
    "linalg.svd", "svd", "linalg.eigh", "histogramdd", "_upsample_bilinear2d_aa",
    "linalg.matrix_rank",
    # FFTs and complex tensors (meld.frontend.spectral)
    "fft.fft", "fft.rfft", "fft.irfft", "fft.ifft", "fft.fft2", "fft.hfft", "fft.ihfft",
    "cfloat", "complex", "polar", "angle", "stft",
    # long sorts (a bitonic network), nonzero_static, pooling indices, batch norms
    "argsort", "msort", "nonzero_static", "combinations", "nn.functional.adaptive_max_pool1d",
    "native_batch_norm", "_batch_norm_with_update", "chalf", "matrix_exp", "igamma", "igammac",
    "histogram", "nn.functional.embedding_bag", "signbit", "nextafter", "_segment_reduce",
    # orthogonal polynomials (a meld.while over their recurrence)
    "special.chebyshev_polynomial_t", "special.shifted_chebyshev_polynomial_w",
    "special.hermite_polynomial_h", "special.legendre_polynomial_p",
    "special.modified_bessel_k0", "special.scaled_modified_bessel_k1",
    "special.spherical_bessel_j0", "special.bessel_j0", "special.bessel_y1", "special.zeta",
    # uint64 results as i64 bits
    "hash_tensor",
    # random laws, judged by their support (RANDOM_LAWS)
    "bernoulli", "uniform", "exponential", "geometric", "log_normal", "cauchy", "normal",
    "randn", "randn_like", "rand_like", "randint", "randint_like", "multinomial",
    "nn.functional.dropout", "nn.functional.rrelu", "nn.functional.alpha_dropout",
    "svd_lowrank", "nn.functional.fractional_max_pool2d",
    "nn.functional.fractional_max_pool3d",
]


# the gradient CI slice (--grad): what training steps differentiate, and
# the gradients found in eager or wrong by the first full --grad run
GRAD_CI_OPS = [
    "add", "mul", "div", "exp", "tanh", "sigmoid", "mm", "bmm", "addmm", "matmul",
    "softmax", "log_softmax", "nn.functional.relu", "nn.functional.gelu",
    "nn.functional.silu", "nn.functional.layer_norm", "nn.functional.group_norm",
    "nn.functional.batch_norm", "_batch_norm_with_update", "nn.functional.conv2d",
    "nn.functional.linear", "nn.functional.max_pool2d", "nn.functional.avg_pool2d",
    "nn.functional.adaptive_avg_pool2d", "nn.functional.adaptive_avg_pool3d",
    "nn.functional.embedding", "nn.functional.embedding_bag",
    "nn.functional.scaled_dot_product_attention", "nn.functional.cross_entropy", "gather",
    "index_select", "cat", "sum", "mean", "var", "cumsum", "sort", "topk", "median",
    "cdist", "nn.functional.pdist", "nn.functional.grid_sample", "nn.functional.pad",
    "masked_scatter", "linalg.solve", "sgn",
]


# the complex64 CI slice: complex arithmetic and layout ops on complex tensors
COMPLEX_CI_OPS = [
    "add", "sub", "mul", "div", "neg", "reciprocal", "abs", "exp", "log", "sqrt", "sgn",
    "sin", "cos", "tanh", "sigmoid", "rsqrt", "pow", "sum", "mean", "var", "matmul", "mm",
    "addmm", "where", "cat", "eq", "isnan", "logical_not", "conj", "view_as_real", "expand",
    "index_select", "index_put", "masked_fill", "gather", "cumsum", "tril", "diagonal",
    "fill", "fft.fft", "fft.ifft",
]


# ops whose results are uninitialized memory (eager and compiled alike)
UNDEFINED = {"empty", "empty_like", "new_empty", "new_empty_strided", "empty_strided",
             "empty_permuted"}


def _decomposed_eagerly(gm, example_inputs):
    """The meld backend's own tracing (AOTAutograd with torch's core ATen
    decompositions), run by eager PyTorch."""
    from torch._decomp import core_aten_decompositions
    from torch._functorch.aot_autograd import aot_module_simplified

    return aot_module_simplified(gm, example_inputs, fw_compiler=lambda g, _: g,
                                 decompositions=core_aten_decompositions())


def _compare(got, want) -> Optional[str]:
    try:
        torch.testing.assert_close(got, want, equal_nan=True, check_dtype=True)
    except AssertionError as e:
        return str(e).splitlines()[0][:200]
    return None


_WIDER = {torch.float32: torch.float64, torch.complex64: torch.complex128}


def _float64_reference(fn, args, kwargs):
    """The eager result computed in float64 (complex128) from the same
    float32 (complex64) inputs, or None when the op does not take them."""
    def widen(x):
        if isinstance(x, torch.Tensor) and x.dtype in _WIDER:
            return x.to(_WIDER[x.dtype])
        if isinstance(x, (list, tuple)):
            return type(x)(widen(v) for v in x)
        return x
    try:
        with torch.no_grad():
            return fn(*widen(list(args)), **{k: widen(v) for k, v in kwargs.items()})
    except Exception:  # noqa: BLE001
        return None


def _as_accurate_as_eager(got, want, exact, factor: float = 2.0) -> bool:
    """Meld's float32 result is no further from the float64 result than
    eager's float32 result is (``factor`` times its error, or float32's
    tolerance): the two differ by rounding in another order, not by a
    wrong formula."""
    outs = [got, want, exact]
    if all(isinstance(o, torch.Tensor) for o in outs):
        outs = [[o] for o in outs]
    if not all(isinstance(o, (list, tuple)) for o in outs) or \
            len({len(o) for o in outs}) != 1:
        return False
    for g, w, e in zip(*outs):
        if not all(isinstance(t, torch.Tensor) for t in (g, w, e)) or \
                not (g.is_floating_point() or g.is_complex()) or g.shape != e.shape:
            return False
        e32 = e.to(g.dtype)
        if _compare(g, e32) is None:
            continue
        meld_error = (g.to(e.dtype) - e).abs().nan_to_num(0).max().item()
        eager_error = (w.to(e.dtype) - e).abs().nan_to_num(0).max().item()
        if meld_error > factor * eager_error:
            return False
    return True


def _equal_up_to_gauge(sample, got, want) -> bool:
    """Whether results unique only up to a gauge (eigenvectors' and
    singular vectors' signs: torch documents that libraries differ in them)
    are equal as PyTorch's own samples compare them, through the sample's
    output_process_fn_grad (|V|, U Vh). It is the identity for every other
    op, whose mismatch it leaves as it is."""
    try:
        return _compare(sample.output_process_fn_grad(got),
                        sample.output_process_fn_grad(want)) is None
    except Exception:  # noqa: BLE001
        return False


def _key(op) -> str:
    """An OpInfo's name in the tables: its op's, and its variant's."""
    return op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")


def _fresh(x):
    """``x`` with every tensor in a storage of its own, copied, with the
    same size, strides and offset (a partial view stays one)."""
    if isinstance(x, torch.Tensor) and x.layout == torch.strided and not x.is_meta:
        copy = torch.empty(0, dtype=x.dtype, device=x.device)
        copy.set_(x.untyped_storage().clone(), x.storage_offset(), x.size(), x.stride())
        if x.is_conj():  # (a lazily conjugated or negated view: the flag
            copy = copy.conj()  # is not in the storage)
        if x.is_neg():
            copy = copy._neg_view()
        return copy.requires_grad_(x.requires_grad) if x.is_leaf else copy
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a named tuple
        return type(x)(*(_fresh(v) for v in x))
    if isinstance(x, (list, tuple)):
        return type(x)(_fresh(v) for v in x)
    return x


def _randint_bounds(sample):
    """(low, high) of a randint / randint_like sample: ``randint(high,
    size)``, ``randint(low, high, size)``, ``randint_like(t, high)``,
    ``randint_like(t, low, high)``."""
    ints = [a for a in [sample.input, *sample.args] if isinstance(a, int)]
    return (0, ints[0]) if len(ints) == 1 else (ints[0], ints[1])


def _finite(sample, got) -> bool:
    return bool(got.isfinite().all())


def _within_randint_bounds(sample, got) -> bool:
    low, high = _randint_bounds(sample)
    return bool(((got >= low) & (got < high)).all())


def _dropped_or_scaled(sample, got) -> bool:
    """Dropout: every element 0 or the input's over 1 - p (the input's
    when not training or p is 0)."""
    p, x = float(sample.kwargs.get("p", 0.5)), sample.input
    if not sample.kwargs.get("training", True) or p == 0:
        return _compare(got, x) is None
    scaled = x / (1 - p)
    return bool(((got == 0) | torch.isclose(got, scaled)).all())


def _rrelu_slopes(sample, got) -> bool:
    x, kw = sample.input, sample.kwargs
    lower, upper = float(kw.get("lower", 1 / 8)), float(kw.get("upper", 1 / 3))
    if not kw.get("training", False):
        return _compare(got, torch.nn.functional.rrelu(x, lower, upper)) is None
    slopes = got[x < 0] / x[x < 0]
    return bool(torch.equal(got[x >= 0], x[x >= 0]) and
                ((slopes >= lower - 1e-6) & (slopes <= upper + 1e-6)).all())


def _multinomial_draws(sample, got) -> bool:
    """Categories of positive weight; without replacement, no category
    twice in a row of draws."""
    weights = sample.input if sample.input.dim() == 2 else sample.input[None]
    draws = got if got.dim() == 2 else got[None]
    if not (draws >= 0).all() or not (draws < weights.shape[-1]).all():
        return False
    if not (weights.gather(-1, draws) > 0).all():
        return False
    replacement = sample.args[1] if len(sample.args) > 1 else \
        sample.kwargs.get("replacement", False)
    return replacement or all(len(set(row.tolist())) == len(row) for row in draws)


def _alpha_dropped(sample, got, features: bool) -> bool:
    """Alpha dropout (torch's formula): each element a x + b, or a alpha' +
    b where dropped (a whole feature map at once for the feature variant);
    the input itself when not training or p is 0."""
    p, x = float(sample.kwargs.get("p", 0.5)), sample.input
    if not sample.kwargs.get("training", False) or p == 0:
        return _compare(got, x) is None
    alpha = -1.7580993408473766
    a = ((1 - p) * (1 + p * alpha ** 2)) ** -0.5
    kept = torch.isclose(got, a * x - a * alpha * p, atol=1e-5)
    dropped = torch.isclose(got, torch.full_like(got, a * alpha - a * alpha * p), atol=1e-5)
    if features and x.dim() > 2:  # a feature map is kept or dropped whole
        maps = kept.flatten(2).all(-1) | dropped.flatten(2).all(-1)
        return bool(maps.all())
    return bool((kept | dropped).all())


def _low_rank_reconstructs(sample, got, center: bool) -> bool:
    """svd_lowrank / pca_lowrank of the rank-q product the sample builds:
    U diag(S) V^T gives it back (centered for pca_lowrank), whatever the
    random projection."""
    a = sample.input @ sample.args[0].mT
    if center:
        a = a - a.mean(dim=-2, keepdim=True)
    u, s, v = got
    return _compare(u @ torch.diag_embed(s) @ v.mT, a) is None


def _fractional_maxima(sample, got, dims: int) -> bool:
    """Fractional max pooling places its windows by random samples, but
    every dim's first window starts at 0 and its last at n - k: the first
    and last outputs are the maxima of the input's two corner windows; each
    output is an element of its input plane, and with indices the element
    at its index (in the plane's range)."""
    x = sample.input
    kernel = sample.args[0]
    kernel = [kernel] * dims if isinstance(kernel, int) else list(kernel)
    values = got[0] if sample.kwargs.get("return_indices") else got

    def corner(last: bool):
        window = x[(...,) + tuple(slice(n - k, n) if last else slice(0, k)
                                  for n, k in zip(x.shape[-dims:], kernel))]
        flat = window.flatten(-dims)
        return torch.where(flat.isnan().any(-1), torch.nan, flat.amax(-1))

    for last in (False, True):
        want = corner(last)
        have = values[(...,) + (-1 if last else 0,) * dims]
        if not bool(((have == want) | (have.isnan() & want.isnan())).all()):
            return False
    planes = x.flatten(-dims)
    if sample.kwargs.get("return_indices"):
        flat = got[1].flatten(-dims)
        if not bool(((flat >= 0) & (flat < planes.shape[-1])).all()):
            return False
        at = planes.gather(-1, flat)
        values = values.flatten(-dims)
        return bool(((at == values) | (at.isnan() & values.isnan())).all())
    values = values.flatten(-dims)
    same = values[..., :, None] == planes[..., None, :]
    return bool((same.any(-1) | (values.isnan() & planes.isnan().any(-1, keepdim=True))).all())


# OpInfo runs its random ops through `wrapper_set_seed`, which seeds torch's
# generator inside the function: TorchDynamo breaks the graph there, and
# the whole sample ran in eager PyTorch (a fallback). These OpInfos run
# without it. Meld draws its own numbers (a counter-based generator seeded
# from torch's: eager's law, not eager's stream), so each sample is judged
# by its law: every draw in the law's support (an integer law's draws
# integers), the result's shape and dtype eager's. test_torch_backend.py's
# test_random_laws_run_through_meld checks the laws' moments on 400,000
# draws. A sample no law judges (attention with dropout) is skipped.
# Fractional max pooling's windows come from random samples too
# (test_torch_ops.py checks it bit for bit against eager on given samples).
RANDOM_LAWS = {
    "bernoulli": lambda s, g: bool((((g == 0) | (g == 1)) & ((s.input != 0) | (g == 0)) &
                                    ((s.input != 1) | (g == 1))).all()),
    "uniform": lambda s, g: bool(((g >= s.args[0]) & (g <= s.args[1])).all()),
    "exponential": lambda s, g: bool((g >= 0).all()),
    "geometric": lambda s, g: bool(((g >= 1) & (g == g.floor())).all()),
    "log_normal": lambda s, g: bool((g > 0).all()),
    "cauchy": lambda s, g: not bool(g.isnan().any()),
    "normal": _finite,
    "normal.in_place": _finite,
    "normal.number_mean": _finite,
    "randn": _finite,
    "randn_like": _finite,
    "rand_like": lambda s, g: bool(((g >= 0) & (g < 1)).all()),
    "randint": _within_randint_bounds,
    "randint_like": _within_randint_bounds,
    "nn.functional.dropout": _dropped_or_scaled,
    "nn.functional.dropout2d": _dropped_or_scaled,
    "nn.functional.dropout3d": _dropped_or_scaled,
    "nn.functional.rrelu": _rrelu_slopes,
    "multinomial": _multinomial_draws,
    "nn.functional.alpha_dropout": lambda s, g: _alpha_dropped(s, g, features=False),
    "nn.functional.feature_alpha_dropout.with_train":
        lambda s, g: _alpha_dropped(s, g, features=True),
    "nn.functional.feature_alpha_dropout.without_train":
        lambda s, g: _alpha_dropped(s, g, features=True),
    "nn.functional.scaled_dot_product_attention":
        lambda s, g: None if s.kwargs.get("dropout_p", 0.0) > 0 else False,
    "nn.functional.multi_head_attention_forward":  # (dropout_p: the 10th argument)
        lambda s, g: None if s.kwargs.get("training", True) and s.args[9] > 0 else False,
    # (with M, the factored A - M is not of rank q: no law to judge by)
    "svd_lowrank": lambda s, g: None if s.kwargs.get("M") is not None else
    _low_rank_reconstructs(s, g, center=False),
    "pca_lowrank": lambda s, g: _low_rank_reconstructs(s, g,
                                                      center=s.kwargs.get("center", True)),
    "nn.functional.fractional_max_pool2d": lambda s, g: _fractional_maxima(s, g, 2),
    "nn.functional.fractional_max_pool3d": lambda s, g: _fractional_maxima(s, g, 3),
}


@contextlib.contextmanager
def _unseeded():
    """OpInfo's seeding wrapper replaced by a plain call (its lambdas look
    it up when called)."""
    import torch.testing._internal.common_methods_invocations as cmi

    seeded = cmi.wrapper_set_seed
    cmi.wrapper_set_seed = lambda fn, *args, **kwargs: fn(*args, **kwargs)
    try:
        yield
    finally:
        cmi.wrapper_set_seed = seeded


def _judged_by_law(law, sample, got, want) -> Optional[str]:
    """None when ``got`` is a draw of the law eager's ``want`` was drawn
    from (same shapes and dtypes, every element in the law's support), ""
    when the law cannot judge the sample, else what differs."""
    gots = list(got) if isinstance(got, (tuple, list)) else [got]
    wants = list(want) if isinstance(want, (tuple, list)) else [want]
    if len(gots) != len(wants) or not all(
            isinstance(g, torch.Tensor) and g.shape == w.shape and g.dtype == w.dtype
            for g, w in zip(gots, wants)):
        return (f"results of {[getattr(g, 'shape', type(g).__name__) for g in gots]} "
                f"where eager gives {[getattr(w, 'shape', '?') for w in wants]}")
    verdict = law(sample, got)
    if verdict is None:
        return ""
    return None if verdict else "a draw outside the law's support"


def _fallbacks(reports, breaks) -> List[str]:
    """What ran in eager PyTorch, as meld.torch.explain reports it: ops
    and partitions the backend left there, and TorchDynamo's graph breaks
    (data-dependent sizes, .item())."""
    fallbacks = [f"{r.fallback_ops.get(n, n)}: {why}" for r in reports
                 for n, why in r.fallback.items()]
    fallbacks += [f"partition {n}: {why}" for r in reports for n, why in r.failed.items()]
    return fallbacks + [f"graph break: {why}" for why in breaks]


def run_sample(op, sample) -> (str, str):
    """(outcome, detail) for one sample."""
    import meld.torch as mtorch

    args = [sample.input, *sample.args]
    kwargs = dict(sample.kwargs)

    def fn(*a):
        return op.op(*a, **kwargs)

    try:
        with torch.no_grad():
            # (on copies: an in-place op returns its input, so eager and
            # compiled runs on the same tensors would compare one tensor
            # with itself)
            want = fn(*_fresh(args))
    except Exception:  # noqa: BLE001 - eager rejects it: nothing to compare
        return "skip", "eager raised"
    from meld.torch.backend import graph_breaks

    law = RANDOM_LAWS.get(_key(op))
    torch._dynamo.reset()
    start = len(mtorch.reports)
    try:
        with torch.no_grad(), warnings.catch_warnings(), graph_breaks() as breaks, \
                (_unseeded() if law else contextlib.nullcontext()):
            warnings.simplefilter("ignore")
            got = torch.compile(fn, backend="meld", dynamic=False)(*_fresh(args))
    except Exception as e:  # noqa: BLE001 - reported, counted as a defect
        return "error", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    mismatch = _compare(got, want)
    if mismatch and law:
        mismatch = _judged_by_law(law, sample, got, want)
        if mismatch == "":
            return "skip", "random: no law to judge this sample by"
        if mismatch:
            return "wrong", mismatch
    if mismatch:
        # torch's own decompositions, run eagerly: when they give Meld's
        # result, the difference is torch's (a decomposition that differs
        # from the eager kernel), not Meld's
        torch._dynamo.reset()
        try:
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                decomposed = torch.compile(fn, backend=_decomposed_eagerly,
                                           dynamic=False)(*_fresh(args))
        except Exception:  # noqa: BLE001
            decomposed = None
        if decomposed is not None and _compare(got, decomposed) is None:
            return "skip", f"torch's decomposition differs from eager: {mismatch}"
        if _equal_up_to_gauge(sample, got, want):
            mismatch = None
    if mismatch:
        exact = _float64_reference(op.op, args, kwargs)
        if exact is None or not _as_accurate_as_eager(got, want, exact):
            return "wrong", mismatch
    reports = mtorch.reports[start:]
    fallbacks = _fallbacks(reports, breaks)
    if not any(r.compiled for r in reports) and not fallbacks:
        # nothing reached the backend (a graph of no tensor ops)
        return "pass", "no graph"
    if fallbacks:
        return "fallback", fallbacks[0]
    return "pass", ""


def _grad_leaves(args) -> List[torch.Tensor]:
    """The float tensors among ``args`` (nested in lists) that ask for a
    gradient, in order."""
    leaves = []

    def visit(x):
        if isinstance(x, torch.Tensor):
            if x.requires_grad and x.is_leaf and x.is_floating_point():
                leaves.append(x)
        elif isinstance(x, (list, tuple)):
            for v in x:
                visit(v)
    visit(args)
    return leaves


def _gradients(fn, args, post=None):
    """The gradients of a fixed random weighting of ``fn``'s float outputs
    (the same weights on every call; through ``post``, the sample's
    output_process_fn_grad, which makes results unique only up to a gauge,
    eigenvectors' signs, comparable) with respect to the float inputs of
    ``args`` that ask for one: a tuple with None for an input the outputs
    do not reach, or None when no output has a gradient."""
    leaves = _grad_leaves(args)
    out = fn(*args)
    if post is not None:
        out = post(out)
    outs = list(out) if isinstance(out, (tuple, list)) else [out]
    gen = torch.Generator().manual_seed(11)
    loss = None
    for o in outs:
        if isinstance(o, torch.Tensor) and o.is_floating_point() and o.requires_grad:
            w = torch.randn(o.shape, generator=gen, dtype=torch.float64).to(o.dtype)
            term = (o * w).sum()
            loss = term if loss is None else loss + term
    if loss is None or not leaves:
        return None
    return torch.autograd.grad(loss, leaves, allow_unused=True)


def _widened(args):
    """``args`` in float64, the float leaves that asked for a gradient
    still asking."""
    if isinstance(args, torch.Tensor) and args.dtype in _WIDER:
        wide = args.detach().to(_WIDER[args.dtype])
        return wide.requires_grad_(args.requires_grad and args.is_floating_point())
    if isinstance(args, (list, tuple)):
        return type(args)(_widened(v) for v in args)
    return args


def run_grad_sample(op, sample) -> (str, str):
    """(outcome, detail) for one sample's gradients: the op compiled with
    the meld backend, its outputs weighted and summed, and the gradients
    with respect to the sample's float inputs (the backward graph compiled
    by Meld too) compared with eager's, as :func:`run_sample` compares
    results (float64 gradients judge a mismatch)."""
    import meld.torch as mtorch
    from meld.torch.backend import graph_breaks

    args = [sample.input, *sample.args]
    kwargs = dict(sample.kwargs)

    def fn(*a):
        return op.op(*a, **kwargs)

    post = sample.output_process_fn_grad
    try:
        want = _gradients(fn, _fresh(args), post)
    except Exception:  # noqa: BLE001 - eager rejects it: nothing to compare
        return "skip", "eager raised"
    if want is None:
        return "skip", "no gradient"
    torch._dynamo.reset()
    start = len(mtorch.reports)
    try:
        with warnings.catch_warnings(), graph_breaks() as breaks:
            warnings.simplefilter("ignore")
            got = _gradients(torch.compile(fn, backend="meld", dynamic=False), _fresh(args),
                             post)
    except Exception as e:  # noqa: BLE001 - reported, counted as a defect
        return "error", f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    pairs = [(g, w) for g, w in zip(got, want) if g is not None or w is not None]
    mismatch = _compare([g for g, _ in pairs], [w for _, w in pairs])
    if mismatch:
        torch._dynamo.reset()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                decomposed = _gradients(torch.compile(fn, backend=_decomposed_eagerly,
                                                      dynamic=False), _fresh(args), post)
        except Exception:  # noqa: BLE001
            decomposed = None
        if decomposed is not None and _compare(list(got), list(decomposed)) is None:
            return "skip", f"torch's decomposition differs from eager: {mismatch}"
        try:
            exact = _gradients(fn, _widened(args), post)
            torch._dynamo.reset()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                wide = _gradients(torch.compile(fn, backend="meld", dynamic=False),
                                  _widened(args), post)
        except Exception:  # noqa: BLE001
            exact = wide = None
        # A gradient is a longer chain of decomposed ops than eager's fused
        # backward kernels: one whose formula is right (Meld's float64
        # gradient is the float64 gradient) and whose float32 error is
        # within 4x eager's differs by rounding
        right = exact is not None and wide is not None and _compare(
            [v for v in wide if v is not None], [v for v in exact if v is not None]) is None
        if not right or not _as_accurate_as_eager(
                [g for g, _ in pairs], [w for _, w in pairs],
                [e for e in exact if e is not None], factor=4.0):
            return "wrong", mismatch
    fallbacks = _fallbacks(mtorch.reports[start:], breaks)
    if fallbacks:
        return "fallback", fallbacks[0]
    return "pass", ""


def run(names: Optional[Iterable[str]] = None, samples: int = 4,
        dtype=torch.float32, grad: bool = False) -> Dict[str, collections.Counter]:
    from torch.testing._internal.common_methods_invocations import op_db

    wanted = set(names) if names else None
    results: Dict[str, collections.Counter] = {}
    details: Dict[str, List[str]] = collections.defaultdict(list)
    for op in op_db:
        if wanted is not None and op.name not in wanted:
            continue
        if op.name in UNDEFINED:
            continue
        if dtype not in op.supported_dtypes("cpu"):
            continue
        key = _key(op)
        if grad and (not op.supports_autograd or key in RANDOM_LAWS or
                     dtype not in op.supported_backward_dtypes("cpu")):
            continue
        counts = results.setdefault(key, collections.Counter())
        try:
            it = op.sample_inputs("cpu", dtype, requires_grad=grad)
            for i, sample in enumerate(it):
                if i >= samples:
                    break
                outcome, detail = (run_grad_sample if grad else run_sample)(op, sample)
                counts[outcome] += 1
                if detail and outcome != "pass":
                    details[key].append(f"{outcome}: {detail}")
        except Exception as e:  # noqa: BLE001 - the OpInfo's own sample generator
            counts["error"] += 1
            details[key].append(f"error: samples: {e}")
    run.details = details
    return results


def markdown(results) -> str:
    lines = ["| op | samples | pass | fallback | wrong | error |",
             "| --- | --- | --- | --- | --- | --- |"]
    total = collections.Counter()
    for name in sorted(results):
        c = results[name]
        n = sum(v for k, v in c.items() if k != "skip")
        total.update(c)
        lines.append(f"| {name} | {n} | {c['pass']} | {c['fallback']} | {c['wrong']} | "
                     f"{c['error']} |")
    n = sum(v for k, v in total.items() if k != "skip")
    lines.append(f"| **all** | {n} | {total['pass']} | {total['fallback']} | "
                 f"{total['wrong']} | {total['error']} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ops", help="comma-separated OpInfo names (default: all)")
    parser.add_argument("--ci", action="store_true", help="the CI slice's ops")
    parser.add_argument("--samples", type=int, default=4, help="samples per OpInfo")
    parser.add_argument("--dtype", default="float32",
                        help="the samples' dtype (float32; complex64 for complex arithmetic)")
    parser.add_argument("--grad", action="store_true",
                        help="compare the samples' gradients (forward and backward "
                             "graphs through Meld) instead of their results")
    parser.add_argument("--markdown", help="write the per-op table here")
    parser.add_argument("--json", help="write counts and details here")
    parser.add_argument("-v", "--verbose", action="store_true")
    opts = parser.parse_args()
    names = CI_OPS if opts.ci else (opts.ops.split(",") if opts.ops else None)
    results = run(names, opts.samples, getattr(torch, opts.dtype), opts.grad)
    table = markdown(results)
    print(table)
    if opts.verbose:
        for name, lines in sorted(run.details.items()):
            for line in lines:
                print(f"{name}: {line}")
    if opts.markdown:
        Path(opts.markdown).write_text(table + "\n")
    if opts.json:
        Path(opts.json).write_text(json.dumps(
            {"counts": {k: dict(v) for k, v in results.items()},
             "details": run.details}, indent=1))
    total = collections.Counter()
    for c in results.values():
        total.update(c)
    return 1 if total["wrong"] or total["error"] else 0


if __name__ == "__main__":
    sys.exit(main())
