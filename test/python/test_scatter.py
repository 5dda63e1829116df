"""meld.scatter against numpy (a loop over the updates in row-major order,
the semantics ONNX ScatterElements and torch.scatter_reduce give when no
two updates share a position; with shared positions "none" keeps the last
and the reductions combine them all), through the reference interpreter
(meld-run) and the host JIT, for every reduction on f32, f64, i32 and i64,
negative indices, duplicate positions, a middle axis and a dynamic batch.
Exact: every reduction is a single IEEE operation (or an integer one that
wraps) per update, applied in the same order.
"""

from __future__ import annotations

import numpy as np
import pytest

import meldtest as mt

try:
    import meld
except ImportError as e:  # reported as a failure, never a skip
    pytest.fail(f"cannot import meld from {mt.build_dir() / 'python-bindings'}: {e}",
                pytrace=False)

OPS = {"none": lambda old, u: u, "add": np.add, "mul": np.multiply,
       "max": np.maximum, "min": np.minimum}


def reference(x, indices, updates, axis, reduction):
    out = x.copy()
    with np.errstate(over="ignore"):
        for p in np.ndindex(*updates.shape):
            q = list(p)
            q[axis] = int(indices[p]) % x.shape[axis]
            out[tuple(q)] = OPS[reduction](out[tuple(q)], updates[p])
    return out


def program(xshape, ushape, axis, reduction, elem, ielem, dynamic=False):
    lead = "?" if dynamic else None
    xt = mt.tensor_type([lead or xshape[0], *xshape[1:]], elem)
    it = mt.tensor_type([lead or ushape[0], *ushape[1:]], ielem)
    ut = mt.tensor_type([lead or ushape[0], *ushape[1:]], elem)
    return (f"func.func @main(%x: {xt}, %i: {it}, %u: {ut}) -> {xt} {{\n"
            f'  %r = meld.scatter %x, %i, %u axis = {axis} reduction = "{reduction}" : '
            f"({xt}, {it}, {ut}) -> {xt}\n  return %r : {xt}\n}}\n")


CASES = [((8, 5), (12, 5), 0), ((3, 7, 4), (3, 9, 2), 1), ((4, 6), (4, 10), 1)]


def inputs(xshape, ushape, axis, elem, ielem, seed):
    rng = np.random.default_rng(seed)
    dtype = mt.NPY_DTYPE[elem]
    if elem.startswith("f"):
        x = rng.standard_normal(xshape).astype(dtype)
        u = rng.standard_normal(ushape).astype(dtype)
    else:
        x = rng.integers(-50, 50, xshape).astype(dtype)
        u = rng.integers(-50, 50, ushape).astype(dtype)
    n = xshape[axis]
    i = rng.integers(-n, n, ushape).astype(mt.NPY_DTYPE[ielem])
    return x, i, u


@pytest.mark.parametrize("reduction", sorted(OPS))
@pytest.mark.parametrize("elem", ["f32", "f64", "i32", "i64"])
def test_interpreter_and_compiled_match_numpy(reduction, elem, tmp_path):
    for k, (xshape, ushape, axis) in enumerate(CASES):
        ielem = "i64" if k % 2 == 0 else "i32"
        x, i, u = inputs(xshape, ushape, axis, elem, ielem, k + len(reduction))
        want = reference(x, i, u, axis, reduction)
        src = program(xshape, ushape, axis, reduction, elem, ielem)
        (interp,) = mt.run(src, [x, i, u], tmp_path)
        np.testing.assert_array_equal(interp, want, err_msg=f"interpreter {xshape} {axis}")
        (got,) = meld.compile(src)(x, i, u)
        np.testing.assert_array_equal(got, want, err_msg=f"compiled {xshape} {axis}")


def test_dynamic_batch_one_program():
    compiled = meld.compile(program((2, 8), (2, 5), 1, "add", "f32", "i64", dynamic=True))
    for batch in (2, 5):
        x, i, u = inputs((batch, 8), (batch, 5), 1, "f32", "i64", batch)
        (got,) = compiled(x, i, u)
        np.testing.assert_array_equal(got, reference(x, i, u, 1, "add"))


def test_index_out_of_bounds_is_an_error(tmp_path):
    src = program((8, 5), (12, 5), 0, "add", "f32", "i64")
    x, i, u = inputs((8, 5), (12, 5), 0, "f32", "i64", 1)
    i[3, 2] = 8
    with pytest.raises(mt.MeldError, match="out of bounds"):
        mt.run(src, [x, i, u], tmp_path)
    with pytest.raises(Exception, match="index"):
        meld.compile(src)(x, i, u)
