"""pytest configuration for Meld's numerical tests.

The tools come from ``$MELD_BUILD_DIR/bin`` (default ``<repo>/build/bin``);
the tests fail (rather than skip) when they are missing, so a broken build
can never look like a green run.
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import meldtest  # noqa: E402

# The Python bindings build into $MELD_BUILD_DIR/python-bindings/meld.
sys.path.insert(0, str(meldtest.build_dir() / "python-bindings"))


# meld.torch keeps compiled partitions on disk (~/.cache/meld by default):
# the tests use a directory of their own, removed at exit, so that no run
# reads another's entries.
if "MELD_CACHE_DIR" not in os.environ:
    os.environ["MELD_CACHE_DIR"] = tempfile.mkdtemp(prefix="meld-test-cache-")
    atexit.register(shutil.rmtree, os.environ["MELD_CACHE_DIR"], ignore_errors=True)


def pytest_report_header(config):
    return f"meld tools: {meldtest.build_dir() / 'bin'}"


@pytest.fixture(scope="session", autouse=True)
def _meld_tools_exist():
    missing = [name for name in ("meld-run", "meld-opt")
               if not meldtest.tool(name).is_file()]
    if missing:
        pytest.fail(f"missing {', '.join(missing)} in {meldtest.build_dir() / 'bin'}; "
                    "build Meld or set MELD_BUILD_DIR", pytrace=False)
