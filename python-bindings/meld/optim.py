"""Optimizer steps as meld programs: Adagrad, Adam, AdamW and SGD.

``program(name, shapes)`` writes one step over parameters of the given
shapes as a meld function ``@step``. The hyper-parameters, and what PyTorch
derives from them and the step count on the host (a bias-corrected step
size, a decayed learning rate), are rank-0 inputs, so one compiled program
serves every step. Each parameter's state is donated to its new value
(``meld.donate``): compiled code updates it in place.

The operations, their order and their roundings are those of PyTorch's
``foreach`` implementation on the CPU (``torch.optim``, ``foreach=True``),
including the fused multiply-adds its CPU kernels compute (``addcmul``,
``lerp`` and ``add`` with ``alpha`` round once; ``addcdiv`` computes
``self + (value * t1) / t2``). Compiled with ``strict_fp=True`` a step is
bit for bit PyTorch's; ``scalars(name, step, ...)`` gives the rank-0 inputs
as PyTorch computes them (in double precision, rounded to the parameter
dtype where its kernels take them).

Inputs of ``@step``: the scalars (``SCALARS[name]``, in order), then for
each parameter its tensors (``STATE[name]``: the parameter, its gradient,
then its state). Results: for each parameter, the new parameter and the new
state, in the order of the inputs (the gradient excepted).
"""

from __future__ import annotations

import math
from typing import Sequence

SCALARS = {
    # -lr / (1 + (step - 1) * lr_decay), eps
    "adagrad": ("neg_clr", "eps"),
    # 1 - beta1 (lerp weight), beta2, 1 - beta2, sqrt(1 - beta2^step),
    # eps, -lr / (1 - beta1^step)
    "adam": ("lerp_w", "beta2", "omb2", "bc2_sqrt", "eps", "step_size"),
    # adam's, after p *= 1 - lr * weight_decay
    "adamw": ("decay", "lerp_w", "beta2", "omb2", "bc2_sqrt", "eps",
              "step_size"),
    # momentum, -lr
    "sgd": ("momentum", "neg_lr"),
}

STATE = {
    "adagrad": ("p", "g", "sum"),
    "adam": ("p", "g", "m", "v"),
    "adamw": ("p", "g", "m", "v"),
    "sgd": ("p", "g", "buf"),
}


def scalars(name: str, step: int, *, lr: float = 1e-3, betas=(0.9, 0.999),
            eps: float | None = None, weight_decay: float = 0.0,
            lr_decay: float = 0.0, momentum: float = 0.9) -> list[float]:
    """The rank-0 inputs of step `step` (1-based), as PyTorch computes them."""
    if name == "adagrad":
        return [-lr / (1 + (step - 1) * lr_decay), 1e-10 if eps is None else eps]
    if name == "sgd":
        return [momentum, -lr]
    if name in ("adam", "adamw"):
        beta1, beta2 = betas
        bc1 = 1 - beta1 ** step
        bc2 = 1 - beta2 ** step
        values = [1 - beta1, beta2, 1 - beta2, bc2 ** 0.5,
                  1e-8 if eps is None else eps, (lr / bc1) * -1]
        if name == "adamw":
            values.insert(0, 1 - lr * weight_decay)
        return values
    raise ValueError(f"unknown optimizer {name!r} (expected one of "
                     f"{', '.join(SCALARS)})")


def _tensor(shape: Sequence[int], dtype: str) -> str:
    dims = "x".join(str(d) for d in shape)
    return f"tensor<{dims}x{dtype}>" if dims else f"tensor<{dtype}>"


def _update(name: str, i: int, t: str, s: str, dtype: str) -> list[str]:
    """The ops updating parameter `i` (of type `t`; rank-0 type `s`)."""
    def bcast(scalar: str) -> str:
        return (f"    %{scalar}_{i} = meld.broadcast_in_dim %{scalar}, dims = [] "
                f": {s} -> {t}")

    if name == "adagrad":
        # torch: addcmul_(sum, g, g, 1); std = sqrt(sum) + eps;
        # addcdiv_(p, g * neg_clr, std)
        return [
            bcast("neg_clr"), bcast("eps"),
            f"    %sum{i}n = meld.fma %g{i}, %g{i}, %sum{i} : {t}",
            f"    %std{i} = meld.sqrt %sum{i}n : {t}",
            f"    %den{i} = meld.add %std{i}, %eps_{i} : {t}",
            f"    %num{i} = meld.mul %g{i}, %neg_clr_{i} : {t}",
            f"    %q{i} = meld.div %num{i}, %den{i} : {t}",
            f"    %p{i}n = meld.add %p{i}, %q{i} : {t}",
        ]
    if name == "sgd":
        # torch: buf *= momentum; buf += g; p += -lr * buf (one rounding)
        return [
            bcast("momentum"), bcast("neg_lr"),
            f"    %bm{i} = meld.mul %buf{i}, %momentum_{i} : {t}",
            f"    %buf{i}n = meld.add %bm{i}, %g{i} : {t}",
            f"    %p{i}n = meld.fma %neg_lr_{i}, %buf{i}n, %p{i} : {t}",
        ]
    ops = []
    p = f"%p{i}"
    if name == "adamw":
        # torch: p *= 1 - lr * weight_decay
        ops += [bcast("decay"), f"    %pd{i} = meld.mul %p{i}, %decay_{i} : {t}"]
        p = f"%pd{i}"
    # lerp_(m, g, w): fma(w, g - m, m) for |w| < 0.5, else
    # fma(w - 1, g - m, g) (ATen's lerp_vec)
    ops += [
        bcast("lerp_w"), bcast("beta2"), bcast("omb2"), bcast("bc2_sqrt"),
        bcast("eps"), bcast("step_size"),
        f"    %one{i} = meld.constant dense<1.0> : {t}",
        f"    %half{i} = meld.constant dense<0.5> : {t}",
        f"    %wabs{i} = meld.abs %lerp_w_{i} : {t}",
        f"    %small{i} = meld.compare lt, %wabs{i}, %half{i} : {t}",
        f"    %wm1{i} = meld.sub %lerp_w_{i}, %one{i} : {t}",
        f"    %coef{i} = meld.select %small{i}, %lerp_w_{i}, %wm1{i} : "
        f"{t.replace(dtype, 'i1')}, {t}",
        f"    %base{i} = meld.select %small{i}, %m{i}, %g{i} : "
        f"{t.replace(dtype, 'i1')}, {t}",
        f"    %gm{i} = meld.sub %g{i}, %m{i} : {t}",
        f"    %m{i}n = meld.fma %coef{i}, %gm{i}, %base{i} : {t}",
        # v *= beta2; addcmul_(v, g, g, 1 - beta2): fma(omb2 g, g, v)
        f"    %vb{i} = meld.mul %v{i}, %beta2_{i} : {t}",
        f"    %og{i} = meld.mul %omb2_{i}, %g{i} : {t}",
        f"    %v{i}n = meld.fma %og{i}, %g{i}, %vb{i} : {t}",
        # denom = sqrt(v) / bc2_sqrt + eps; addcdiv_(p, m, denom, step_size)
        f"    %sq{i} = meld.sqrt %v{i}n : {t}",
        f"    %sc{i} = meld.div %sq{i}, %bc2_sqrt_{i} : {t}",
        f"    %den{i} = meld.add %sc{i}, %eps_{i} : {t}",
        f"    %sm{i} = meld.mul %step_size_{i}, %m{i}n : {t}",
        f"    %q{i} = meld.div %sm{i}, %den{i} : {t}",
        f"    %p{i}n = meld.add {p}, %q{i} : {t}",
    ]
    return ops


def program(name: str, shapes: Sequence[Sequence[int]], *,
            dtype: str = "f32") -> str:
    """One step of optimizer `name` over parameters of `shapes` (meld text)."""
    if name not in SCALARS:
        raise ValueError(f"unknown optimizer {name!r} (expected one of "
                         f"{', '.join(SCALARS)})")
    if not shapes:
        raise ValueError("an optimizer step needs at least one parameter")
    s = _tensor((), dtype)
    args = [f"%{k}: {s}" for k in SCALARS[name]]
    body, results = [], []
    state = STATE[name]
    for i, shape in enumerate(shapes):
        if any(int(d) < 1 for d in shape):
            raise ValueError(f"parameter {i} has shape {tuple(shape)}: every "
                             f"dimension must be at least 1")
        t = _tensor(shape, dtype)
        for k in state:
            donate = ""
            if k != "g":
                index = len(results) + [x for x in state if x != "g"].index(k)
                donate = f" {{meld.donate = {index} : i64}}"
            args.append(f"%{k}{i}: {t}{donate}")
        body += _update(name, i, t, s, dtype)
        results += [(f"%{k}{i}n", t) for k in state if k != "g"]
    signature = ",\n    ".join(args)
    types = ", ".join(t for _, t in results)
    return (f"// One {name} step over {len(shapes)} parameters "
            f"(meld.optim.program).\n"
            f"func.func @step(\n    {signature})\n    -> ({types}) {{\n"
            + "\n".join(body) + "\n"
            f"    return {', '.join(v for v, _ in results)}\n        : {types}\n}}\n")


def mixed_shapes(count: int, *, largest: int = 300_000, seed: int = 0) -> list[tuple[int, ...]]:
    """`count` parameter shapes of 1 to `largest` elements, log-uniform, as
    a model has them: vectors (biases, norms) and matrices."""
    import random
    rng = random.Random(seed)
    shapes = []
    for _ in range(count):
        n = max(1, int(math.exp(rng.uniform(0, math.log(largest)))))
        if n >= 64 and rng.random() < 0.6:
            cols = rng.choice([16, 32, 64, 96, 128])
            shapes.append((max(1, n // cols), cols))
        else:
            shapes.append((n,))
    return shapes
