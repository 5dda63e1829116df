"""meld.conv against an independent numpy convolution (a sum over kernel
taps of strided windows of the zero-padded input, in float64), through
the reference interpreter (meld-run) and the host JIT (``meld.compile``),
for 1-, 2- and 3-D convolutions with strides, dilations, uneven padding,
groups (depthwise too), f32 and f64, and a dynamic batch.

Tolerances: the interpreter sums in double and rounds once, so it is
within one rounding of the float64 reference for f32 (2^-24 relative to
the sum of the terms' magnitudes, plus an ulp of the result), and for f64
within a double sum's error in another order than numpy's; the compiled
kernel sums in the element type in another order, so within
(K + 2) * 2^-24 of the terms' magnitudes for f32 (K taps; f64 likewise
with 2^-53).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt

try:
    import meld
except ImportError as e:  # reported as a failure, never a skip
    pytest.fail(f"cannot import meld from {mt.build_dir() / 'python-bindings'}: {e}; "
                "build the _meld target (needs nanobind in .venv)", pytrace=False)


def reference(x, w, strides, dilations, lo, hi, groups, absolute=False):
    """float64 convolution (or, with ``absolute``, the sum of the terms'
    magnitudes), written independently of Meld: windows of the padded
    input, one tap at a time."""
    x = np.abs(x) if absolute else x
    w = np.abs(w) if absolute else w
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    d = x.ndim - 2
    n, c = x.shape[:2]
    f = w.shape[0]
    xp = np.pad(x, [(0, 0), (0, 0)] + list(zip(lo, hi)))
    out = [(xp.shape[2 + j] - dilations[j] * (w.shape[2 + j] - 1) - 1) // strides[j] + 1
           for j in range(d)]
    y = np.zeros((n, f, *out))
    cg, fg = c // groups, f // groups
    for tap in np.ndindex(*w.shape[2:]):
        window = tuple(slice(t * dil, t * dil + (o - 1) * s + 1, s)
                       for t, dil, o, s in zip(tap, dilations, out, strides))
        v = xp[(slice(None), slice(None)) + window]  # [n, c, *out]
        for g in range(groups):
            wg = w[g * fg:(g + 1) * fg, :, *tap]  # [fg, cg]
            y[:, g * fg:(g + 1) * fg] += np.einsum("fc,nc...->nf...", wg,
                                                   v[:, g * cg:(g + 1) * cg])
    return y


CASES = {
    # name: (x shape, w shape, strides, dilations, padding low, high, groups)
    "stem_3x3": ((2, 3, 12, 12), (8, 3, 3, 3), [1, 1], [1, 1], [1, 1], [1, 1], 1),
    "strided": ((2, 8, 9, 9), (16, 8, 3, 3), [2, 2], [1, 1], [1, 1], [1, 1], 1),
    "pointwise_1x1": ((3, 16, 5, 7), (8, 16, 1, 1), [1, 1], [1, 1], [0, 0], [0, 0], 1),
    "dilated_uneven": ((1, 4, 11, 10), (5, 4, 3, 2), [1, 2], [2, 1], [2, 0], [1, 3], 1),
    "depthwise": ((2, 6, 8, 8), (6, 1, 3, 3), [1, 1], [1, 1], [1, 1], [1, 1], 6),
    "grouped": ((2, 8, 7, 6), (6, 4, 2, 3), [2, 1], [1, 2], [1, 0], [0, 1], 2),
    "conv1d": ((2, 4, 20), (6, 4, 5), [2], [1], [2], [2], 1),
    "conv3d": ((1, 2, 5, 4, 6), (3, 2, 2, 3, 2), [1, 1, 2], [1, 1, 1], [0, 1, 1],
               [1, 1, 0], 1),
}


def program(xs, ws, strides, dilations, lo, hi, groups, elem, dynamic_batch=False):
    d = len(strides)
    out = [(xs[2 + j] + lo[j] + hi[j] - dilations[j] * (ws[2 + j] - 1) - 1) // strides[j] + 1
           for j in range(d)]
    batch = "?" if dynamic_batch else xs[0]
    xt = mt.tensor_type([batch, *xs[1:]], elem)
    wt = mt.tensor_type(ws, elem)
    yt = mt.tensor_type([batch, ws[0], *out], elem)
    return (f"func.func @main(%x: {xt}, %w: {wt}) -> {yt} {{\n"
            f"  %y = meld.conv %x, %w strides = {strides} dilations = {dilations} "
            f"padding_low = {lo} padding_high = {hi} groups = {groups} : "
            f"({xt}, {wt}) -> {yt}\n"
            f"  return %y : {yt}\n}}\n")


def inputs(name, xs, ws, elem):
    rng = np.random.default_rng(sum(map(ord, name + elem)))
    dtype = mt.NPY_DTYPE[elem]
    return (rng.standard_normal(xs).astype(dtype), rng.standard_normal(ws).astype(dtype))


def check(got, x, w, spec, elem, per_term, msg):
    want = reference(x, w, *spec)
    bound = reference(x, w, *spec, absolute=True) * per_term
    bound += np.abs(want) * np.finfo(mt.NPY_DTYPE[elem]).eps
    assert got.shape == want.shape, msg
    err = np.abs(got.astype(np.float64) - want)
    assert np.all(err <= bound), f"{msg}: max error {err.max()} over bound {bound[err > bound]}"


@pytest.mark.parametrize("elem", ["f32", "f64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_interpreter_matches_numpy(name, elem, tmp_path):
    xs, ws, *spec = CASES[name]
    x, w = inputs(name, xs, ws, elem)
    (got,) = mt.run(program(xs, ws, *spec, elem), [x, w], tmp_path)
    eps = np.finfo(mt.NPY_DTYPE[elem]).eps / 2
    # f32: a double sum rounded once; f64: a double sum in its own order
    per_term = eps if elem == "f32" else (int(np.prod(ws[1:])) + 2) * eps
    check(got, x, w, spec, elem, per_term, f"interpreter {name} {elem}")


@pytest.mark.parametrize("elem", ["f32", "f64"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_compiled_matches_numpy(name, elem):
    xs, ws, *spec = CASES[name]
    x, w = inputs(name, xs, ws, elem)
    dynamic = name in ("stem_3x3", "grouped")
    compiled = meld.compile(program(xs, ws, *spec, elem, dynamic_batch=dynamic))
    (got,) = compiled(x, w)
    taps = int(np.prod(ws[1:]))
    eps = np.finfo(mt.NPY_DTYPE[elem]).eps / 2
    check(np.asarray(got), x, w, spec, elem, (taps + 2) * eps, f"compiled {name} {elem}")
    if dynamic:  # another batch size through the same program
        x2 = np.concatenate([x, x[:1] * 0.5])
        (got2,) = compiled(x2, w)
        check(np.asarray(got2), x2, w, spec, elem, (taps + 2) * eps,
              f"compiled {name} {elem}, batch {x2.shape[0]}")


def random_grouped_cases(count, seed):
    """Grouped convolutions of random rank (1 to 3), groups, channels and
    filters per group, taps, strides, dilations and uneven padding."""
    rng = np.random.default_rng(seed)
    cases = []
    while len(cases) < count:
        d = int(rng.choice([1, 2, 2, 3]))
        groups = int(rng.choice([2, 3, 4, 8]))
        cg, fg = int(rng.choice([1, 1, 2, 3, 5])), int(rng.choice([1, 2, 3]))
        k = [int(rng.choice([1, 2, 3, 5, 7])) for _ in range(d)]
        strides = [int(rng.choice([1, 1, 2, 3])) for _ in range(d)]
        dilations = [int(rng.choice([1, 1, 2])) for _ in range(d)]
        lo = [int(rng.integers(0, 4)) for _ in range(d)]
        hi = [int(rng.integers(0, 4)) for _ in range(d)]
        size = [int(rng.integers(1, {1: 41, 2: 21, 3: 9}[d])) for _ in range(d)]
        if any(s + a + b - dil * (t - 1) - 1 < 0
               for s, a, b, dil, t in zip(size, lo, hi, dilations, k)):
            continue
        xs = (int(rng.integers(1, 4)), groups * cg, *size)
        ws = (groups * fg, cg, *k)
        cases.append((xs, ws, strides, dilations, lo, hi, groups))
    return cases


@pytest.mark.parametrize("case", range(40))
def test_random_grouped_convolutions_match_numpy(case):
    # Every grouped convolution takes the direct form on the host (its sums
    # in registers, meld-vectorize-host-windows; row tiles of whole groups
    # of filters or inside one, meld-tile-host-blocks): 2 groups of 3
    # filters sliced 3 at a time, and a 1-D one whose sliding window the
    # register tiles had taken, read the wrong groups before.
    xs, ws, *spec = random_grouped_cases(40, 29)[case]
    x, w = inputs(f"grouped{case}", xs, ws, "f32")
    compiled = meld.compile(program(xs, ws, *spec, "f32", dynamic_batch=case % 3 == 0))
    (got,) = compiled(x, w)
    taps = int(np.prod(ws[1:]))
    check(np.asarray(got), x, w, spec, "f32", (taps + 2) * np.finfo(np.float32).eps / 2,
          f"grouped case {case}: {xs} {ws} {spec}")


def test_epilogue_fuses_into_the_convolution_kernel(tmp_path):
    """A bias + ReLU after the convolution is one kernel with it (its fusion
    class is a contraction's), and the fused program still matches."""
    xs, ws = (2, 3, 8, 8), (4, 3, 3, 3)
    src = f"""func.func @main(%x: tensor<2x3x8x8xf32>, %w: tensor<4x3x3x3xf32>,
                         %b: tensor<4x1x1xf32>) -> tensor<2x4x8x8xf32> {{
  %y = meld.conv %x, %w strides = [1, 1] dilations = [1, 1] padding_low = [1, 1] padding_high = [1, 1] groups = 1 : (tensor<2x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x8x8xf32>
  %bb = meld.broadcast_in_dim %b, dims = [1, 2, 3] : tensor<4x1x1xf32> -> tensor<2x4x8x8xf32>
  %s = meld.add %y, %bb : tensor<2x4x8x8xf32>
  %r = meld.relu %s : tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}}"""
    fused = mt.meld_opt(src, tmp_path, "--meld-fuse")
    assert fused.count("meld.kernel gemm") == 1 and "meld.kernel pointwise" not in fused
    x, w = inputs("epilogue", xs, ws, "f32")
    b = np.linspace(-1, 1, 4, dtype=np.float32).reshape(4, 1, 1)
    (got,) = meld.compile(src)(x, w, b)
    want = np.maximum(reference(x, w, [1, 1], [1, 1], [1, 1], [1, 1], 1) + b, 0)
    bound = reference(x, w, [1, 1], [1, 1], [1, 1], [1, 1], 1, absolute=True) * 29 * 2.0**-24
    assert np.all(np.abs(got - want) <= bound + 1e-7)


VALID = dict(x="2x4x6x6", w="8x4x3x3", y="2x8x6x6", strides="[1, 1]", low="[1, 1]",
             groups="1")


@pytest.mark.parametrize("change, message", [
    (dict(w="8x2x3x3"), "must have C / groups = 4 input channels"),
    (dict(strides="[0, 1]"), "strides must be at least 1"),
    (dict(low="[-1, 1]"), "padding_low must be at least 0"),
    (dict(groups="3"), "must divide the input channels (4) and the filters (8)"),
    (dict(y="2x8x5x6"), "does not match the convolution's shape, expected 'tensor<2x8x6x6xf32>'"),
])
def test_verifier_names_the_problem(change, message, tmp_path):
    p = {**VALID, **change}
    xt, wt, yt = (f"tensor<{p[k]}xf32>" for k in ("x", "w", "y"))
    src = (f"func.func @main(%x: {xt}, %w: {wt}) -> {yt} {{\n"
           f"  %y = meld.conv %x, %w strides = {p['strides']} dilations = [1, 1] "
           f"padding_low = {p['low']} padding_high = [1, 1] groups = {p['groups']} : "
           f"({xt}, {wt}) -> {yt}\n  return %y : {yt}\n}}\n")
    with pytest.raises(mt.MeldError) as error:
        mt.run(src, [], tmp_path)
    assert message in str(error.value)
