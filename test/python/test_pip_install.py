"""``pip install .``: the wheel that pyproject.toml (scikit-build-core over
the CMake build) makes holds the Python package with its extension,
libMeld.so and the tools; installed in a fresh virtual environment, it
registers the ``meld`` TorchDynamo backend through its
``torch_dynamo_backends`` entry point, so ``torch.compile(model,
backend="meld")`` works with no import of meld and no PYTHONPATH, and
meld-opt runs from the environment's bin/.

The wheel is built without build isolation (scikit-build-core, nanobind and
numpy from the test venv) into build-wheel/ beside build/, incremental
after the first time. That first time is a full CMake build (5-13 minutes
on 2 cores) unless ccache is installed (scripts/install-deps.sh), which
build/ was compiled through too (scripts/build.sh): with the checkout as
ccache's base directory, a build directory at build/'s depth hashes the
same command lines, and the wheel's compiles come from the cache. torch
comes from the test venv through a .pth file, not a second download.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

import scikit_build_core  # noqa: E402,F401  (scripts/requirements-test.txt)
import torch  # noqa: E402,F401


def run(cmd, extra_env=None, **kwargs):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(extra_env or {})
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, **kwargs)
    assert out.returncode == 0, f"{cmd}\n{out.stdout[-4000:]}\n{out.stderr[-4000:]}"
    return out.stdout


@pytest.mark.skipif(shutil.which("clang++-22") is None, reason="needs clang-22 (install-deps.sh)")
def test_pip_install_registers_the_backend_and_the_tools(tmp_path):
    dist = tmp_path / "dist"
    cmake = ["-C", f"build-dir={ROOT / 'build-wheel'}"]
    env = {}
    if shutil.which("ccache"):
        cmake += ["-C", "cmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache",
                  "-C", "cmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache"]
        env["CCACHE_BASEDIR"] = str(ROOT)
    run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "-w", str(dist), "-q", *cmake], timeout=3600, extra_env=env)
    (wheel,) = dist.glob("meld-*.whl")

    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    site = run([str(python), "-c", "import site; print(site.getsitepackages()[0])"]).strip()
    ours = run([sys.executable, "-c", "import site; print(site.getsitepackages()[0])"]).strip()
    Path(site, "test_venv.pth").write_text(ours + "\n")  # torch, numpy
    run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)])

    script = textwrap.dedent("""
        import sys
        import torch
        from torch._dynamo.backends.registry import list_backends
        assert "meld" in list_backends(exclude_tags=()), list_backends(exclude_tags=())
        assert "meld" not in sys.modules  # found through the entry point
        model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.GELU())
        x = torch.randn(4, 8)
        with torch.no_grad():
            got = torch.compile(model, backend="meld")(x)
            err = float((got - model(x)).abs().max())
        import meld, meld.torch
        assert err < 1e-5, err
        assert meld.torch.reports and meld.torch.reports[-1].compiled, meld.torch.reports
        assert not meld.torch.reports[-1].fallback
        print(meld.__file__)
    """)
    where = run([str(python), "-c", script], cwd=tmp_path)
    assert where.startswith(site), where  # the installed package, not the build tree
    version = run([str(venv / "bin" / "meld-opt"), "--version"])
    assert "LLVM" in version
