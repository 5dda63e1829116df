"""The README's main job (examples/main_job.py) passes on every example:
compiled with fusion through the Python bindings, captured, replayed on new
inputs and checked against the interpreter. It must also fail when a result
is wrong: a program whose interpreter and compiled code disagree cannot be
made here, so the check itself is tested on a corrupted result."""

import os
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("MELD_BUILD_DIR", os.path.join(ROOT, "build"))
BINDINGS = os.path.join(BUILD, "python-bindings")

pytestmark = pytest.mark.skipif(
    not os.path.isdir(os.path.join(BINDINGS, "meld")),
    reason="Python bindings not built")


def test_main_job_on_every_example():
    env = dict(os.environ, PYTHONPATH=BINDINGS)
    run = subprocess.run([sys.executable, os.path.join(ROOT, "examples", "main_job.py")],
                         env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    examples = [f for f in os.listdir(os.path.join(ROOT, "examples")) if f.endswith(".mlir")]
    for name in examples:
        assert f"=== {name}: compiled with fusion" in run.stdout
    assert "meld fusion report: @main" in run.stdout
    assert run.stdout.count("matches the interpreter") >= 3 * len(examples)
    assert "MISMATCH" not in run.stdout


def test_main_job_check_rejects_wrong_results():
    sys.path.insert(0, BINDINGS)
    sys.path.insert(0, os.path.join(ROOT, "examples"))
    import main_job
    e = [np.ones((2, 3), np.float32), np.array(3, np.int32)]
    assert main_job.check(e, [x.copy() for x in e])
    assert not main_job.check(e, [e[0] * 1.01, e[1]])
    assert not main_job.check(e, [e[0], e[1] + 1])
    assert not main_job.check(e, [e[0].astype(np.float64), e[1]])
    assert not main_job.check(e, e[:1])
