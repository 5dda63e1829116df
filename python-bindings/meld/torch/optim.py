"""A torch.optim optimizer's step through Meld: one in-place launch.

    opt = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.01)
    step = meld.torch.optim.fused_step(opt)   # compiles meld.optim's program
    loss.backward()
    step()                                    # instead of opt.step()

The step is meld.optim's program for the optimizer's class over the shapes
of its parameters, compiled once (strict_fp=True gives eager PyTorch's
foreach bits; see docs/optimizers.md): every parameter and its state in the
optimizer's own `state` dict are updated in place, through donated buffers
(no copies), and the state stays where torch keeps it, so `opt.step()` and
the fused step can alternate. What the programs do not cover raises
NotImplementedError naming the setting: several parameter groups,
amsgrad, maximize, nesterov, dampening, Adam/Adagrad/SGD weight decay,
non-f32 or non-CPU parameters, sparse or missing gradients.
"""

from __future__ import annotations

import numpy as np
import torch

import meld
import meld.optim as mo

_KINDS = {torch.optim.Adagrad: "adagrad", torch.optim.AdamW: "adamw",
          torch.optim.Adam: "adam", torch.optim.SGD: "sgd"}
# The optimizer's state tensors per parameter, in the program's order.
_STATE_KEYS = {"adagrad": ("sum",), "sgd": ("momentum_buffer",),
               "adam": ("exp_avg", "exp_avg_sq"),
               "adamw": ("exp_avg", "exp_avg_sq")}


def _kind(optimizer) -> str:
    for cls, name in _KINDS.items():
        if type(optimizer) is cls:
            return name
    raise NotImplementedError(
        f"{type(optimizer).__name__} has no Meld program (Adagrad, Adam, AdamW "
        f"and SGD do)")


def _check(name: str, group: dict) -> None:
    def refuse(setting: str):
        raise NotImplementedError(f"{name} with {setting} has no Meld program")
    if group.get("maximize"):
        refuse("maximize=True")
    if group.get("amsgrad"):
        refuse("amsgrad=True")
    if group.get("differentiable"):
        refuse("differentiable=True")
    if name in ("adam", "adagrad", "sgd") and group.get("weight_decay", 0) != 0:
        refuse("weight_decay (write AdamW, or add it to the gradient)")
    if name == "sgd":
        if group.get("nesterov"):
            refuse("nesterov=True")
        if group.get("dampening", 0) != 0:
            refuse("dampening")
        if group.get("momentum", 0) == 0:
            refuse("momentum=0 (the program keeps a momentum buffer)")
    if name == "adagrad" and group.get("initial_accumulator_value", 0) != 0:
        refuse("initial_accumulator_value")
    if isinstance(group.get("lr"), torch.Tensor):
        refuse("a tensor learning rate")


def fused_step(optimizer, *, strict_fp: bool = False):
    """Compiles `optimizer`'s step into one Meld launch; returns a function
    that performs one step, like optimizer.step()."""
    name = _kind(optimizer)
    if len(optimizer.param_groups) != 1:
        raise NotImplementedError(
            "several parameter groups have no Meld program (one group does)")
    group = optimizer.param_groups[0]
    _check(name, group)
    params = list(group["params"])
    for i, p in enumerate(params):
        if p.dtype != torch.float32 or p.device.type != "cpu":
            raise NotImplementedError(
                f"parameter {i} is {p.dtype} on {p.device}: the programs take "
                f"float32 CPU tensors")
        if not p.is_contiguous():
            raise NotImplementedError(f"parameter {i} is not contiguous")
    shapes = [tuple(p.shape) or (1,) for p in params]
    exe = meld.compile(mo.program(name, shapes), strict_fp=strict_fp,
                       name=f"meld.torch.optim.{name}")

    def state_of(p):
        """The optimizer's state tensors for `p`, created as torch does on
        its first step (zeros; SGD's momentum starts at 0, which gives the
        clone torch makes of the first gradient)."""
        state = optimizer.state[p]
        if name == "adagrad":
            state.setdefault("step", torch.tensor(0.0))
            state.setdefault("sum", torch.zeros_like(p, memory_format=torch.preserve_format))
            return [state["sum"]]
        if name == "sgd":
            if state.get("momentum_buffer") is None:
                state["momentum_buffer"] = torch.zeros_like(p)
            return [state["momentum_buffer"]]
        state.setdefault("step", torch.tensor(0.0))
        state.setdefault("exp_avg", torch.zeros_like(p, memory_format=torch.preserve_format))
        state.setdefault("exp_avg_sq", torch.zeros_like(p, memory_format=torch.preserve_format))
        return [state["exp_avg"], state["exp_avg_sq"]]

    def flat(t: torch.Tensor) -> torch.Tensor:
        t = t.detach()
        return t.reshape(1) if t.dim() == 0 else t

    @torch.no_grad()
    def step():
        args = []
        step_count = None
        for i, p in enumerate(params):
            if p.grad is None:
                raise NotImplementedError(
                    f"parameter {i} has no gradient (the program updates every "
                    f"parameter)")
            if p.grad.is_sparse:
                raise NotImplementedError(f"parameter {i} has a sparse gradient")
            state = state_of(p)
            for what, t in [("gradient", p.grad), *zip(
                    ("state " + repr(k) for k in _STATE_KEYS[name]), state)]:
                if t.shape != p.shape or t.dtype != p.dtype or t.device != p.device:
                    raise ValueError(
                        f"parameter {i} ({tuple(p.shape)}, {p.dtype}): its {what} is "
                        f"{tuple(t.shape)}, {t.dtype} on {t.device}; it must match "
                        f"the parameter")
                if what != "gradient" and not t.is_contiguous():
                    raise ValueError(f"parameter {i}: its {what} is not contiguous "
                                     f"(it is updated in place)")
            args += [flat(p), flat(p.grad.contiguous()), *(flat(s) for s in state)]
        # Every tensor checked: count the step, as torch does per parameter.
        if name != "sgd":
            for p in params:
                optimizer.state[p]["step"] += 1
            step_count = int(optimizer.state[params[0]]["step"].item())
        kw = {"lr": group["lr"]}
        if name in ("adam", "adamw"):
            kw.update(betas=group["betas"], eps=group["eps"],
                      weight_decay=group.get("weight_decay", 0.0))
        elif name == "adagrad":
            kw.update(eps=group["eps"], lr_decay=group["lr_decay"])
        else:
            kw.update(momentum=group["momentum"])
        scalars = [np.asarray(np.float32(x))
                   for x in mo.scalars(name, step_count or 1, **kw)]
        exe(*scalars, *args)

    step.executable = exe
    return step
