"""pytest configuration for Meld's numerical tests.

The tools come from ``$MELD_BUILD_DIR/bin`` (default ``<repo>/build/bin``);
the tests fail (rather than skip) when they are missing, so a broken build
can never look like a green run.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import meldtest  # noqa: E402

# The Python bindings build into $MELD_BUILD_DIR/python-bindings/meld.
sys.path.insert(0, str(meldtest.build_dir() / "python-bindings"))


def pytest_report_header(config):
    return f"meld tools: {meldtest.build_dir() / 'bin'}"


@pytest.fixture(scope="session", autouse=True)
def _meld_tools_exist():
    missing = [name for name in ("meld-run", "meld-opt")
               if not meldtest.tool(name).is_file()]
    if missing:
        pytest.fail(f"missing {', '.join(missing)} in {meldtest.build_dir() / 'bin'}; "
                    "build Meld or set MELD_BUILD_DIR", pytrace=False)
