"""Every examples/*.mlir checked against a numpy implementation of the same
model, and against its own `meld-opt --canonicalize --cse` output.

The numpy models compute in float64 without intermediate rounding; the
interpreter rounds every op's result to f32.  Each tolerance below is stated
next to its assertion with the reason for its size.
"""

import math

import numpy as np
import pytest

import meldtest as mt

EXAMPLES = sorted(p.name for p in mt.EXAMPLES_DIR.glob("*.mlir"))


# ---------------------------------------------------------------------------
# numpy models
# ---------------------------------------------------------------------------

def gelu_erf(x):
    return 0.5 * x * (1.0 + np.vectorize(math.erf)(x / math.sqrt(2.0)))


def gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def f32(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def make_mlp(rng):
    x = f32(rng, 8, 64)
    w1 = f32(rng, 64, 256, scale=1 / math.sqrt(64))
    b1 = f32(rng, 256, scale=0.1)
    w2 = f32(rng, 256, 64, scale=1 / math.sqrt(256))
    b2 = f32(rng, 64, scale=0.1)
    return [x, w1, b1, w2, b2]


def model_mlp(x, w1, b1, w2, b2):
    h = gelu_tanh(x @ w1 + b1)
    return [h @ w2 + b2]


def make_layernorm(rng):
    # A non-zero mean and a non-unit scale make the normalization matter.
    x = f32(rng, 16, 64, scale=3.0) + np.float32(2.0)
    return [x, f32(rng, 64), f32(rng, 64)]


def model_layernorm(x, gamma, beta):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return [(x - mu) / np.sqrt(var + 1e-5) * gamma + beta]


def make_rmsnorm(rng):
    return [f32(rng, 16, 64, scale=2.0), f32(rng, 64)]


def model_rmsnorm(x, w):
    return [x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-6) * w]


def make_softmax(rng):
    # Large logits: without the max subtraction exp() would overflow in f32.
    x = f32(rng, 8, 64, scale=4.0)
    x[0, :] += np.float32(200.0)
    return [x]


def model_softmax(x):
    return [softmax(x)]


def make_attention(rng):
    return [f32(rng, 4, 16, 32) for _ in range(3)]


def model_attention(q, k, v):
    s = q @ np.swapaxes(k, 1, 2) / math.sqrt(32)
    causal = np.tril(np.ones((16, 16), dtype=bool))
    s = np.where(causal, s, -np.inf)
    return [softmax(s) @ v]


def make_gelu(rng):
    x = f32(rng, 8, 64, scale=3.0)
    x[0, :8] = [0.0, -0.0, 10.0, -10.0, 1e-3, -1e-3, 5.0, -5.0]
    return [x]


def model_gelu(x):
    return [gelu_erf(x), gelu_tanh(x), gelu_erf(x), gelu_tanh(x)]


def make_while(rng):
    x = rng.uniform(-1, 1, (8, 16)).astype(np.float32)
    return [x]


def while_f32(x):
    """The loop of while_loop.mlir replayed in float32.  Every op in it is a
    correctly rounded IEEE f32 operation both in numpy and in the interpreter
    (double arithmetic rounded once is exact for + - * /), so the replay is
    bit-exact, iteration count included."""
    a = np.abs(x) * np.float32(100.0) + np.float32(1.0)
    y = a.copy()
    n = 0
    while np.max(np.abs(y * y - a) / a) >= np.float32(1e-5):
        y = np.float32(0.5) * (y + a / y)
        n += 1
        assert n < 1000, "the numpy replay did not converge"
    return y, n


def model_while(x):
    a = 1.0 + 100.0 * np.abs(x.astype(np.float64))
    return [np.sqrt(a), None]


def make_branch_and_loop(rng):
    return [rng.uniform(-1, 1, (4, 32)).astype(np.float32)]


def model_branch_and_loop(x):
    r = np.tanh(x) if x.sum() > 0 else np.exp(-x)
    k = 0
    while np.abs(r).max() >= 0.01:
        r = 0.5 * r  # exact in binary: the count k is checked through r
        k += 1
    return [r, None]


def make_softmax_dynamic(rng, rows=5):
    return [f32(rng, rows, 128, scale=3.0)]


def model_softmax_dynamic(x):
    return [softmax(x)]


MODELS = {
    "mlp.mlir": (make_mlp, model_mlp),
    "layernorm.mlir": (make_layernorm, model_layernorm),
    "rmsnorm.mlir": (make_rmsnorm, model_rmsnorm),
    "softmax.mlir": (make_softmax, model_softmax),
    "attention.mlir": (make_attention, model_attention),
    "gelu.mlir": (make_gelu, model_gelu),
    "while_loop.mlir": (make_while, model_while),
    "branch_and_loop.mlir": (make_branch_and_loop, model_branch_and_loop),
    "softmax_dynamic.mlir": (make_softmax_dynamic, model_softmax_dynamic),
}

# Tolerances of each example's results against the float64 model.
# (rtol, atol, reason)
TOLERANCES = {
    "mlp.mlir": (2e-6, 2e-6,
                 "f32 rounding of 64- and 256-term dot products (~sqrt(K) * 6e-8 "
                 "relative to the term magnitudes) plus f32 GELU; cancellation makes "
                 "an absolute term necessary for outputs near 0"),
    "layernorm.mlir": (2e-6, 2e-6,
                       "two f32 mean reductions (accumulated in double, rounded once), "
                       "rsqrt and four f32 elementwise roundings: a few ulp (~1e-6); "
                       "atol for outputs near 0"),
    "rmsnorm.mlir": (2e-6, 1e-6,
                     "mean of squares (double accumulation), rsqrt and two f32 "
                     "multiplies: a few ulp"),
    "softmax.mlir": (1e-5, 1e-9,
                     "exp of an f32-rounded difference (error ~|x| * 6e-8, |x| <= 20) "
                     "and one f32 division; tiny probabilities need a tiny atol"),
    "attention.mlir": (1e-5, 1e-6,
                       "f32 scores (32-term dot products), softmax, then a 16-term "
                       "weighted sum in f32: a few ulp relative to |v| ~ 1"),
    "gelu.mlir": (2e-6, 2e-7,
                  "the fused ops round once (~6e-8); the spelled-out forms round after "
                  "each of ~8 f32 ops, so up to ~1e-6 relative (seen: 7.5e-7); "
                  "atol for x ~ 0"),
    "while_loop.mlir": (1e-5, 0.0,
                        "the loop stops once |y^2 - a| / a < 1e-5, so y is within "
                        "~5e-6 relative of sqrt(a)"),
    "branch_and_loop.mlir": (1e-6, 0.0,
                             "one f32 tanh or exp (a few ulp), then exact "
                             "halvings; a wrong trip count would be off by 2x"),
    "softmax_dynamic.mlir": (1e-5, 1e-9, "as softmax.mlir"),
}


def inputs_for(name, seed):
    make, _ = MODELS[name]
    return make(np.random.default_rng(seed))


def reference(name, inputs):
    _, model = MODELS[name]
    return model(*[x.astype(np.float64) for x in inputs])


# ---------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------

def test_every_example_has_a_model():
    # Every example must be checked numerically; a new example without a
    # numpy model fails here.
    assert EXAMPLES, "no examples/*.mlir found"
    assert sorted(MODELS) == EXAMPLES
    assert sorted(TOLERANCES) == EXAMPLES


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_has_header_and_main(name):
    text = (mt.EXAMPLES_DIR / name).read_text()
    header = text.split("func.func")[0]
    assert header.count("//") >= 3, "the example needs a header comment"
    assert "PyTorch" in header or "torch" in header, \
        "the header should name the PyTorch expression it mirrors"
    assert "func.func @main(" in text


@pytest.mark.parametrize("seed", [0, 1, 7])
@pytest.mark.parametrize("name", EXAMPLES)
def test_example_random_inputs(name, seed, tmp_path):
    # meld-run's own --random-inputs (uniform in [-1, 1)) must run every
    # example to finite results.
    path = mt.EXAMPLES_DIR / name
    nres = mt.count_results(path, None)
    outs = [tmp_path / f"r{i}.npy" for i in range(nres)]
    args = ["meld-run", path, "--random-inputs", f"--seed={seed}", "--print=false"]
    for o in outs:
        args += ["--output", o]
    proc = mt.run_raw(args, timeout=60)
    assert proc.returncode == 0, proc.stderr
    for o in outs:
        r = np.load(o)
        if r.dtype.kind == "f":
            assert np.isfinite(r).all(), f"{o.name} has non-finite values"


@pytest.mark.parametrize("seed", [0, 1])
@pytest.mark.parametrize("name", EXAMPLES)
def test_example_vs_numpy(name, seed, tmp_path):
    inputs = inputs_for(name, seed)
    got = mt.run(mt.EXAMPLES_DIR / name, inputs, tmp_path)
    want = reference(name, inputs)
    rtol, atol, reason = TOLERANCES[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if w is None:
            continue
        assert g.dtype == np.float32
        # Tolerance: see TOLERANCES[name] (reason in `reason`).
        mt.assert_close(g, w, rtol=rtol, atol=atol,
                        msg=f"{name} result #{i}: tolerance because {reason}")


def test_softmax_rows_sum_to_one(tmp_path):
    x = inputs_for("softmax.mlir", 3)[0]
    (y,) = mt.run(mt.EXAMPLES_DIR / "softmax.mlir", [x], tmp_path)
    # Row 0 has logits ~200: a softmax without the max subtraction would give
    # inf / inf = NaN there.
    assert np.isfinite(y).all()
    # 64 f32 probabilities, each within an ulp: the sum is within ~64 ulp of 1.
    np.testing.assert_allclose(y.astype(np.float64).sum(-1), 1.0, rtol=0, atol=1e-5)
    assert (y >= 0).all()


def test_attention_is_causal(tmp_path):
    q, k, v = inputs_for("attention.mlir", 5)
    (o,) = mt.run(mt.EXAMPLES_DIR / "attention.mlir", [q, k, v], tmp_path)
    # Query 0 sees only key 0: its weights are exactly [1, 0, ..., 0]
    # (exp(0) / 1 and exp(-inf) = 0), so the output row is exactly V[:, 0].
    np.testing.assert_array_equal(o[:, 0, :], v[:, 0, :])
    # Changing the last key/value must not change any earlier query's output.
    k2, v2 = k.copy(), v.copy()
    k2[:, -1, :] += np.float32(3.0)
    v2[:, -1, :] -= np.float32(5.0)
    (o2,) = mt.run(mt.EXAMPLES_DIR / "attention.mlir", [q, k2, v2], tmp_path)
    np.testing.assert_array_equal(o2[:, :-1, :], o[:, :-1, :])
    assert not np.array_equal(o2[:, -1, :], o[:, -1, :])


def test_gelu_fused_matches_primitives(tmp_path):
    (x,) = inputs_for("gelu.mlir", 11)
    g_erf, g_tanh, e_erf, e_tanh = mt.run(mt.EXAMPLES_DIR / "gelu.mlir", [x], tmp_path)
    # Fused vs spelled-out: the spelled-out form rounds each of its ~8 f32
    # ops, so they agree to ~1e-6 relative (plus a tiny atol near 0).
    mt.assert_close(g_erf, e_erf, rtol=2e-6, atol=1e-7)
    mt.assert_close(g_tanh, e_tanh, rtol=2e-6, atol=1e-7)
    # The two approximations differ by up to ~1e-3 but must not be identical.
    assert not np.array_equal(g_erf, g_tanh)
    assert np.max(np.abs(g_erf.astype(np.float64) - g_tanh)) < 2e-3


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_while_loop_bit_exact_replay(seed, tmp_path):
    rng = np.random.default_rng(100 + seed)
    x = rng.uniform(-1, 1, (8, 16)).astype(np.float32)
    if seed == 3:
        x[:] = 0.0  # a = 1 everywhere: converged at once, zero iterations.
    y, n = mt.run(mt.EXAMPLES_DIR / "while_loop.mlir", [x], tmp_path)
    y_ref, n_ref = while_f32(x)
    assert n.dtype == np.int32 and n.shape == ()
    # Exact: the replay does the same correctly rounded f32 ops in order.
    assert int(n) == n_ref
    mt.assert_same_floats(y, y_ref)
    if seed == 3:
        assert n_ref == 0


def test_while_loop_trip_count_depends_on_data(tmp_path):
    small = np.full((8, 16), 0.01, np.float32)
    large = np.full((8, 16), 0.99, np.float32)
    _, n_small = mt.run(mt.EXAMPLES_DIR / "while_loop.mlir", [small], tmp_path)
    _, n_large = mt.run(mt.EXAMPLES_DIR / "while_loop.mlir", [large], tmp_path)
    # Exact: iteration counts are integers, and Newton from y0 = a needs more
    # steps for larger a.
    assert int(n_small) == while_f32(small)[1]
    assert int(n_large) == while_f32(large)[1]
    assert int(n_large) > int(n_small)


@pytest.mark.parametrize("rows", [0, 1, 3, 17])
def test_softmax_dynamic_rows(rows, tmp_path):
    (x,) = make_softmax_dynamic(np.random.default_rng(rows), rows=rows)
    (y,) = mt.run(mt.EXAMPLES_DIR / "softmax_dynamic.mlir", [x], tmp_path)
    assert y.shape == (rows, 128)
    # Same tolerance as softmax.mlir: one exp and one division in f32.
    mt.assert_close(y, softmax(x.astype(np.float64)), rtol=1e-5, atol=1e-9)
    # Rows are independent: permuting the input rows permutes the output rows
    # exactly.
    if rows > 1:
        perm = np.random.default_rng(0).permutation(rows)
        (yp,) = mt.run(mt.EXAMPLES_DIR / "softmax_dynamic.mlir", [x[perm]], tmp_path)
        np.testing.assert_array_equal(yp, y[perm])


def test_softmax_dynamic_matches_static(tmp_path):
    # The dynamic program and a static-shape copy of it (tensor<8x128xf32>,
    # no meld.dim / sizes) run the same ops and must agree exactly.
    text = (mt.EXAMPLES_DIR / "softmax_dynamic.mlir").read_text()
    static = (text.replace("tensor<?x128xf32>", "tensor<8x128xf32>")
                  .replace("tensor<?xf32>", "tensor<8xf32>")
                  .replace(" sizes(%n)", "")
                  .replace("%n = meld.dim %x, 0 : tensor<8x128xf32>", ""))
    (x,) = make_softmax_dynamic(np.random.default_rng(42), rows=8)
    (yd,) = mt.run(mt.EXAMPLES_DIR / "softmax_dynamic.mlir", [x], tmp_path)
    (ys,) = mt.run(static, [x], tmp_path)
    # Exact: identical ops on identical data.
    np.testing.assert_array_equal(yd, ys)


@pytest.mark.parametrize("name", EXAMPLES)
def test_canonicalized_example_is_equivalent(name, tmp_path):
    path = mt.EXAMPLES_DIR / name
    canon = mt.meld_opt(path, tmp_path, "--canonicalize", "--cse")
    assert "func.func @main" in canon
    # The canonical form must itself be stable and parseable.
    again = mt.meld_opt(canon, tmp_path, "--canonicalize", "--cse")
    assert again == canon, "canonicalize+cse is not idempotent"
    for seed in (0, 1):
        inputs = inputs_for(name, seed)
        want = mt.run(path, inputs, tmp_path)
        got = mt.run(canon, inputs, tmp_path)
        assert len(got) == len(want)
        for g, w in zip(got, want):
            # Exact: folding evaluates the same reference kernels the
            # interpreter runs, and reordering commutative operands or merging
            # identical ops cannot change an IEEE result.
            assert g.dtype == w.dtype and g.shape == w.shape
            mt.assert_same_floats(g, w) if g.dtype.kind == "f" else \
                np.testing.assert_array_equal(g, w)
