"""Pathological programs through the Python bindings and the frontends: a
located CompileError, never a dead interpreter (docs/limits.md).

The deepest programs run in a child process, so that a regression shows as
this test failing (with the child's signal) rather than as pytest dying.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

import meldtest

import meld

PATHOLOGICAL = meldtest.REPO_ROOT / "test" / "tools" / "Inputs" / "pathological.py"


def pathological(kind: str, arg) -> str:
    out = subprocess.run([sys.executable, str(PATHOLOGICAL), kind, str(arg)],
                         check=True, capture_output=True)
    return out.stdout.decode()


def run_child(code: str) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(meldtest.build_dir() / "python-bindings"), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=600)


@pytest.mark.parametrize("kind", ["deep-if", "deep-scf", "deep-type", "deep-attr"])
def test_deep_program_is_a_compile_error_not_a_crash(kind):
    child = run_child(f"""
import subprocess, sys, meld
text = subprocess.run([sys.executable, {str(PATHOLOGICAL)!r}, {kind!r}, "20000"],
                      check=True, capture_output=True).stdout.decode()
try:
    meld.compile(text)
except meld.CompileError as e:
    print("CompileError:", str(e).splitlines()[0])
""")
    assert child.returncode == 0, f"child died ({child.returncode}): {child.stderr[-2000:]}"
    assert "CompileError: <ir>:" in child.stdout
    assert "nests deeper than 256 levels" in child.stdout


def test_deep_program_within_a_raised_limit_runs():
    text = pathological("deep-if", 300)
    with pytest.raises(meld.CompileError, match="nests deeper than 256"):
        meld.compile(text)
    exe = meld.compile(text, limits={"max_nesting": 400})
    a = np.linspace(-1, 1, 4, dtype=np.float32)
    # Every predicate true reaches the innermost exp; the first false one
    # takes that level's tanh.
    np.testing.assert_allclose(exe(np.ones(300, bool), a)[0], np.exp(a), rtol=1e-6)
    np.testing.assert_allclose(exe(np.arange(300) < 7, a)[0], np.tanh(a), rtol=1e-6,
                               atol=1e-7)


@pytest.mark.parametrize("where", ["comment", "string", "end"])
def test_nul_byte_is_an_error_with_a_location(where):
    text = pathological("nul", where)
    with pytest.raises(meld.CompileError, match=r"<ir>:\d+:\d+: error: the program text "
                                                r"holds a NUL byte"):
        meld.compile(text)


def test_nul_byte_in_a_file(tmp_path):
    path = tmp_path / "nul.mlir"
    path.write_text(pathological("nul", "end"))
    with pytest.raises(meld.CompileError, match=r"nul.mlir:4:1: error: the program "
                                                r"text holds a NUL byte"):
        meld.compile_file(path)


def test_op_and_size_limits():
    text = pathological("many-ops", 100)
    with pytest.raises(meld.CompileError, match="more than 50 operations"):
        meld.compile(text, limits={"max_ops": 50})
    meld.compile(text, limits={"max_ops": 200})
    big = """func.func @f(%a: tensor<70000x70000xf32>) -> tensor<70000x70000xf32> {
  return %a : tensor<70000x70000xf32>
}"""
    with pytest.raises(meld.CompileError, match=r"<ir>:1:14: error: 'tensor<70000x70000xf32>' "
                                                r"has 4900000000 elements"):
        meld.compile(big)


def test_bad_limits_are_rejected():
    with pytest.raises(ValueError, match="unknown limit 'depth'"):
        meld.compile("func.func @f() {\n  return\n}", limits={"depth": 3})
    with pytest.raises(ValueError, match="must not be negative"):
        meld.compile("func.func @f() {\n  return\n}", limits={"max_ops": -1})


def test_deeply_nested_onnx_if_compiles():
    """Protobuf itself refuses messages nested deeper than 100 (an If level
    is three: node, attribute, graph), so an ONNX model cannot reach the
    nesting limit; the deepest one it can hold compiles and runs."""
    pytest.importorskip("onnx")
    from onnx import TensorProto as T
    from onnx import helper as h

    import meld.onnx as mo

    def vi(name, shape):
        return h.make_tensor_value_info(name, T.FLOAT, shape)

    levels = 30
    graph = h.make_graph([h.make_node("Neg", ["x"], ["y0"])], "leaf", [], [vi("y0", [4])])
    for depth in range(1, levels):
        other = h.make_graph([h.make_node("Exp", ["x"], [f"e{depth}"])], f"else{depth}", [],
                             [vi(f"e{depth}", [4])])
        node = h.make_node("If", ["p"], [f"y{depth}"], then_branch=graph, else_branch=other)
        graph = h.make_graph([node], f"then{depth}", [], [vi(f"y{depth}", [4])])
    top = h.make_graph(list(graph.node), "top",
                       [h.make_tensor_value_info("p", T.BOOL, []), vi("x", [4])],
                       [vi(f"y{levels - 1}", [4])])
    compiled = mo.compile(h.make_model(top, opset_imports=[h.make_opsetid("", 18)]))
    assert compiled.ir.count("meld.if") == levels - 1
    x = np.linspace(-1, 1, 4, dtype=np.float32)
    np.testing.assert_array_equal(compiled(np.array(True), x), -x)
    np.testing.assert_allclose(compiled(np.array(False), x), np.exp(x), rtol=1e-6)
