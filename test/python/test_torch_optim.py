"""meld.torch.optim.fused_step: a torch.optim optimizer's step through one
Meld launch on the model's real parameters, in place.

Compared with the same optimizer's own step (foreach=True) on a copy of the
model over 20 training steps: bit for bit in strict floating point (with a
correctly rounded sqrt on torch's side, see test_optim.py and
docs/optimizers.md), within rtol 2e-5 in the default fast mode.
"""

from __future__ import annotations

import copy

import pytest

import meldtest as mt  # noqa: F401

torch = pytest.importorskip("torch")
import meld.torch.optim as mto  # noqa: E402


def model():
    torch.manual_seed(0)
    return torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.LayerNorm(32),
                               torch.nn.GELU(), torch.nn.Linear(32, 4))


def make(name, params, foreach):
    kw = {"foreach": True} if foreach else {}
    if name == "adagrad":
        return torch.optim.Adagrad(params, lr=1e-2, **kw)
    if name == "sgd":
        return torch.optim.SGD(params, lr=1e-2, momentum=0.9, **kw)
    if name == "adam":
        return torch.optim.Adam(params, lr=1e-2, **kw)
    return torch.optim.AdamW(params, lr=1e-2, weight_decay=0.05, **kw)


@pytest.mark.parametrize("name", ["adagrad", "adam", "adamw", "sgd"])
@pytest.mark.parametrize("strict_fp", [True, False])
def test_fused_step_follows_torch(name, strict_fp, monkeypatch):
    monkeypatch.setattr(torch, "_foreach_sqrt",
                        lambda ts: [t.double().sqrt().float() for t in ts])
    ours, theirs = model(), model()
    theirs.load_state_dict(copy.deepcopy(ours.state_dict()))
    opt_ours = make(name, ours.parameters(), foreach=False)
    opt_theirs = make(name, theirs.parameters(), foreach=True)
    step = mto.fused_step(opt_ours, strict_fp=strict_fp)
    data = torch.randn(20, 8, 16)
    for x in data:
        for m, opt in ((ours, None), (theirs, opt_theirs)):
            m.zero_grad()
            m(x).square().mean().backward()
        step()
        opt_theirs.step()
    for a, b in zip(ours.parameters(), theirs.parameters()):
        if strict_fp:
            assert torch.equal(a.view(torch.int32), b.view(torch.int32)), name
        else:
            torch.testing.assert_close(a, b, rtol=2e-5, atol=2e-6)
    # The state is the optimizer's own: torch's step can take over.
    opt_ours.step()


def test_unsupported_settings_are_refused():
    m = model()
    with pytest.raises(NotImplementedError, match="amsgrad"):
        mto.fused_step(torch.optim.Adam(m.parameters(), amsgrad=True))
    with pytest.raises(NotImplementedError, match="nesterov"):
        mto.fused_step(torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9,
                                       nesterov=True))
    with pytest.raises(NotImplementedError, match="RMSprop"):
        mto.fused_step(torch.optim.RMSprop(m.parameters()))
    params = list(m.parameters())
    with pytest.raises(NotImplementedError, match="parameter groups"):
        mto.fused_step(torch.optim.Adam([{"params": params[:2]},
                                         {"params": params[2:], "lr": 0.1}]))
    step = mto.fused_step(torch.optim.Adam(m.parameters()))
    with pytest.raises(NotImplementedError, match="no gradient"):
        step()


def test_state_that_disagrees_with_its_parameter_is_named():
    m = model()
    opt = torch.optim.Adam(m.parameters(), lr=1e-2)
    step = mto.fused_step(opt)
    m(torch.randn(4, 16)).sum().backward()
    step()
    first = next(iter(m.parameters()))
    opt.state[first]["exp_avg_sq"] = torch.zeros(3)
    with pytest.raises(ValueError, match=r"parameter 0 .*state 'exp_avg_sq' is \(3,\)"):
        step()
    # A state tensor viewed with strides cannot be updated in place.
    opt.state[first]["exp_avg_sq"] = torch.zeros(first.shape[::-1]).t()
    with pytest.raises(ValueError, match="not contiguous"):
        step()


@pytest.mark.parametrize("name", ["adagrad", "adam", "adamw", "sgd"])
def test_compiled_step_runs_through_meld(name):
    """torch.compile(optimizer.step, backend="meld"): TorchDynamo traces the
    foreach step, every ATen op of it (reciprocal, prims.fma, copy among
    them) is compiled by Meld, and 10 training steps follow the optimizer's
    own step."""
    from meld.torch import reports

    ours, theirs = model(), model()
    theirs.load_state_dict(copy.deepcopy(ours.state_dict()))
    opt_ours = make(name, ours.parameters(), foreach=True)
    opt_theirs = make(name, theirs.parameters(), foreach=True)
    torch._dynamo.reset()
    first = len(reports)
    step = torch.compile(opt_ours.step, backend="meld")
    for x in torch.randn(10, 8, 16):
        for m in (ours, theirs):
            m.zero_grad()
            m(x).square().mean().backward()
        step()
        opt_theirs.step()
    ran = reports[first:]
    assert ran and all(r.compiled_nodes > 0 for r in ran), name
    assert not any(r.fallback or r.failed for r in ran), [str(r) for r in ran]
    for a, b in zip(ours.parameters(), theirs.parameters()):
        torch.testing.assert_close(a, b, rtol=2e-5, atol=2e-6)
