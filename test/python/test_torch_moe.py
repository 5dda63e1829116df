"""Mixture-of-experts layers through ``torch.compile(backend="meld")``:
torch's grouped matmul (``torch._grouped_mm``) and transformers'
``grouped_mm_fallback`` custom op with its backward, all lowered to
``meld.grouped_matmul``, and whole MoE models (Mixtral, Qwen2-MoE, OLMoE;
tiny configs, random weights) with no op in eager.

Experts receive tokens sorted by expert; the offsets end each expert's rows.
The cases take empty experts, a first expert with no rows and rows past the
last offset (``_grouped_mm`` leaves those undefined, so only the rows that
belong to an expert are compared; Meld gives them 0, as transformers'
fallback does).
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt

torch = pytest.importorskip("torch")
import torch._dynamo  # noqa: E402
import transformers  # noqa: E402
import transformers.integrations.moe  # noqa: E402,F401  (registers transformers::grouped_mm_fallback)

from test_torch_models import check_training_step  # noqa: E402

mtorch = mt.meld_torch()

# (offsets, rows): an empty expert in the middle, a first expert with no
# rows and the last one ending before the rows do, every row in one expert.
OFFSETS = [([3, 3, 9, 16], 16), ([0, 5, 11, 12], 16), ([4, 8, 12, 16], 16)]


def _compiled_once(fn, *args):
    torch._dynamo.reset()
    start = len(mtorch.reports)
    got = torch.compile(fn, backend="meld")(*args)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    return got


@pytest.mark.parametrize("offsets,rows", OFFSETS)
@pytest.mark.parametrize("transposed", [False, True])
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_grouped_mm_matches_eager_on_each_experts_rows(offsets, rows, transposed, dtype):
    torch.manual_seed(0)
    x = torch.randn(rows, 16).to(dtype)
    w = torch.randn(4, 24, 16).to(dtype)  # [experts, out, in], as nn.Linear stores it
    offs = torch.tensor(offsets, dtype=torch.int32)

    def f(x, w, offs):
        weights = w.transpose(-2, -1) if transposed else w[:, :16, :].transpose(-2, -1).contiguous()
        return torch._grouped_mm(x, weights, offs=offs)

    got, want = _compiled_once(f, x, w, offs), f(x, w, offs)
    assert got.dtype == want.dtype
    end = offsets[-1]
    tol = 1e-5 if dtype == torch.float32 else 2e-2
    torch.testing.assert_close(got[:end].float(), want[:end].float(), rtol=tol, atol=tol)
    assert not got[end:].any(), "rows in no expert are 0"


@pytest.mark.parametrize("offsets,rows", OFFSETS)
def test_grouped_mm_over_the_contraction_matches_eager(offsets, rows):
    # each expert's weight gradient: x^T dy over its rows (2-D x 2-D)
    torch.manual_seed(1)
    x = torch.randn(rows, 16, dtype=torch.bfloat16)
    dy = torch.randn(rows, 24, dtype=torch.bfloat16)
    offs = torch.tensor(offsets, dtype=torch.int32)

    def f(x, dy, offs):
        return torch._grouped_mm(x.t(), dy, offs=offs)

    got, want = _compiled_once(f, x, dy, offs), f(x, dy, offs)
    assert got.shape == (4, 16, 24)
    torch.testing.assert_close(got.float(), want.float(), rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("offsets,rows", OFFSETS)
def test_transformers_grouped_mm_fallback_and_its_gradients(offsets, rows):
    """transformers' custom op (f32 experts under torch.compile) forward and
    backward through Meld: the output, the input and weight gradients."""
    torch.manual_seed(2)
    op = torch.ops.transformers.grouped_mm_fallback
    x = torch.randn(rows, 16, requires_grad=True)
    w = torch.randn(4, 24, 16, requires_grad=True)
    offs = torch.tensor(offsets, dtype=torch.int32)

    def forward(x, w):
        return op(x, w.transpose(-2, -1), offs)

    def step(fn, x, w):
        y = fn(x, w)
        (y * torch.arange(24.0)).square().sum().backward()
        return y.detach()

    x2, w2 = x.detach().clone().requires_grad_(), w.detach().clone().requires_grad_()
    want = step(forward, x, w)
    torch._dynamo.reset()
    start = len(mtorch.reports)
    got = step(torch.compile(forward, backend="meld"), x2, w2)
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)
    assert "grouped_mm_fallback_backward" in str(mtorch.reports[start:])  # compiled
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(x2.grad, x.grad, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(w2.grad, w.grad, rtol=1e-4, atol=1e-4)


TEXT = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
            num_attention_heads=4, num_key_value_heads=2, vocab_size=128,
            max_position_embeddings=64)


def make(name: str):
    T = transformers
    if name == "mixtral":
        return T.MixtralForCausalLM(T.MixtralConfig(num_local_experts=4, num_experts_per_tok=2,
                                                    **TEXT))
    if name == "qwen2_moe":
        return T.Qwen2MoeForCausalLM(T.Qwen2MoeConfig(
            num_experts=4, num_experts_per_tok=2, moe_intermediate_size=32,
            shared_expert_intermediate_size=64, **TEXT))
    return T.OlmoeForCausalLM(T.OlmoeConfig(num_experts=8, num_experts_per_tok=2, **TEXT))


@pytest.mark.parametrize("name", ["mixtral", "qwen2_moe", "olmoe"])
def test_moe_models_at_two_shapes_entirely_through_meld(name):
    torch.manual_seed(0)
    model = make(name).eval()
    torch._dynamo.reset()
    start = len(mtorch.reports)
    compiled = torch.compile(model, backend="meld", dynamic=True)
    with torch.no_grad():
        for shape in ((2, 16), (3, 9)):
            ids = torch.randint(0, 128, shape)
            got, want = compiled(ids).logits, model(ids).logits
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-4)
    reports = mtorch.reports[start:]
    assert len(reports) == 1, "the second shape compiled a second graph"
    explanation = mtorch.Explanation(reports)
    assert explanation.fallbacks == [], str(explanation)


def test_mixtral_training_step_gradients_match_eager():
    torch.manual_seed(0)
    check_training_step(make("mixtral"), (torch.randint(0, 128, (2, 16)),))


def test_bf16_mixtral_through_torch_grouped_mm():
    """In bf16 transformers calls torch's grouped_mm (aten._grouped_mm), not
    its fallback; the logits match eager bf16 within the bf16 tolerance of
    test_torch_models (measured: at most 0.046 for logits up to 0.65)."""
    torch.manual_seed(0)
    model = make("mixtral").to(torch.bfloat16).eval()
    lowered = []
    real = mtorch.ATEN_OPS[torch.ops.aten._grouped_mm.default]
    mtorch.ATEN_OPS[torch.ops.aten._grouped_mm.default] = \
        lambda *a, **k: lowered.append(1) or real(*a, **k)
    try:
        torch._dynamo.reset()
        start = len(mtorch.reports)
        compiled = torch.compile(model, backend="meld", dynamic=True)
        with torch.no_grad():
            for shape in ((2, 16), (3, 9)):
                ids = torch.randint(0, 128, shape)
                got, want = compiled(ids).logits.float(), model(ids).logits.float()
                np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=0, atol=0.1)
                assert (got.argmax(-1) == want.argmax(-1)).float().mean() > 0.9
    finally:
        mtorch.ATEN_OPS[torch.ops.aten._grouped_mm.default] = real
    assert lowered, "aten._grouped_mm did not reach Meld"
    explanation = mtorch.Explanation(mtorch.reports[start:])
    assert explanation.fallbacks == [], str(explanation)


@pytest.mark.parametrize("groups", [6, 32])
def test_grouped_matmul_program_at_many_row_counts_matches_numpy(groups):
    """meld.grouped_matmul itself through the JIT, dynamic rows: 1 to 700
    rows (one block of rows to six, shared by the threads), sorted and
    unsorted offsets, negative ones and ones past the rows, and offsets
    that end early (rows in no group are 0). 32 groups: the group loop's
    bound once equalled the row blocks' first step, and took the threads'
    step with it (reading offsets and matrices past the groups)."""
    import meld

    exe = meld.compile(f"""
func.func @f(%x: tensor<?x16xf32>, %w: tensor<{groups}x24x16xf32>, %offs: tensor<{groups}xi64>) -> tensor<?x24xf32> {{
  %y = meld.grouped_matmul %x, %w, %offs transpose_rhs : (tensor<?x16xf32>, tensor<{groups}x24x16xf32>, tensor<{groups}xi64>) -> tensor<?x24xf32>
  return %y : tensor<?x24xf32>
}}""")
    rng = np.random.default_rng(groups)
    w = rng.standard_normal((groups, 24, 16)).astype(np.float32)
    cases = []
    for trial in range(24):
        rows = int(rng.integers(1, 700))
        offs = rng.integers(-5, rows + 20, groups)
        cases.append((rows, np.sort(offs) if trial % 3 else offs))
    cases.append((40, np.minimum(np.arange(groups), 20)))  # rows 20-39 in no group
    cases.append((300, np.minimum(np.arange(groups) * 7, 150)))
    for rows, offs in cases:
        x = rng.standard_normal((rows, 16)).astype(np.float32)
        got = np.asarray(exe(x, w, offs.astype(np.int64))[0])
        want = np.zeros((rows, 24), np.float32)
        for r in range(rows):
            g = next((g for g in range(groups) if offs[g] > r), groups)
            if g < groups:
                want[r] = x[r] @ w[g].T
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5, err_msg=f"{rows} rows, {offs}")


@pytest.mark.parametrize("flags", ["transpose_lhs", "transpose_lhs transpose_rhs", "", "transpose_rhs"])
def test_grouped_contraction_and_its_transpose_match_numpy(flags):
    """Groups of the contraction (the weight gradient) through the JIT,
    against numpy: positions in chunks of 256 and a last chunk padded to
    16, 64 or 256, empty groups, unsorted offsets and ones past the end;
    and the same product permuted [0, 2, 1] (canonicalized into the
    grouped matmul of the exchanged operands, each one's flag the other's
    negated), for every pair of transpose flags."""
    import meld

    tl, tr = "transpose_lhs" in flags, "transpose_rhs" in flags
    m, n, groups = 24, 40, 5
    lhs_t = "?x24" if tl else "24x?"
    rhs_t = "40x?" if tr else "?x40"
    exe = meld.compile(f"""
func.func @f(%x: tensor<{lhs_t}xf32>, %dy: tensor<{rhs_t}xf32>, %offs: tensor<{groups}xi64>)
    -> (tensor<{groups}x{m}x{n}xf32>, tensor<{groups}x{n}x{m}xf32>) {{
  %g = meld.grouped_matmul %x, %dy, %offs {flags} : (tensor<{lhs_t}xf32>, tensor<{rhs_t}xf32>, tensor<{groups}xi64>) -> tensor<{groups}x{m}x{n}xf32>
  %h = meld.grouped_matmul %x, %dy, %offs {flags} : (tensor<{lhs_t}xf32>, tensor<{rhs_t}xf32>, tensor<{groups}xi64>) -> tensor<{groups}x{m}x{n}xf32>
  %t = meld.transpose %h, perm = [0, 2, 1] : tensor<{groups}x{m}x{n}xf32> -> tensor<{groups}x{n}x{m}xf32>
  return %g, %t : tensor<{groups}x{m}x{n}xf32>, tensor<{groups}x{n}x{m}xf32>
}}""")
    rng = np.random.default_rng(len(flags))
    for positions, offs in ((700, [300, 300, 620, 950, 640]), (90, [-3, 40, 17, 41, 89]),
                            (5, [2, 2, 7, 0, 9])):
        x = rng.standard_normal((positions, m)).astype(np.float32)
        dy = rng.standard_normal((positions, n)).astype(np.float32)
        got, got_t = exe(np.ascontiguousarray(x if tl else x.T),
                         np.ascontiguousarray(dy.T if tr else dy), np.asarray(offs, np.int64))
        want = np.zeros((groups, m, n), np.float32)
        start = 0
        for g, off in enumerate(offs):
            end = min(max(off, start), positions)
            want[g] = x[start:end].T @ dy[start:end]
            start = end
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, err_msg=f"{positions}, {offs}")
        np.testing.assert_allclose(got_t, want.transpose(0, 2, 1), rtol=1e-4, atol=1e-4,
                                   err_msg=f"{positions}, {offs} (transposed)")
