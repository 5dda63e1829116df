"""docs/embedding.md shows complete, tested examples: its CMake and C++
listings are examples/embed/CMakeLists.txt and examples/embed/main.cpp
(which the Meld.Install.EmbedExample CTest builds against the installed
package and runs), and its sample output is what that program prints."""

import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("MELD_BUILD_DIR", os.path.join(ROOT, "build"))
DOC = os.path.join(ROOT, "docs", "embedding.md")


def blocks(language):
    with open(DOC) as f:
        text = f.read()
    return re.findall(r"```" + language + r"\n(.*?)```", text, re.S)


def read(*parts):
    with open(os.path.join(ROOT, *parts)) as f:
        return f.read()


def test_cmake_listing_is_the_example():
    code = [line for line in read("examples", "embed", "CMakeLists.txt").splitlines()
            if not line.startswith("#")]
    assert "\n".join(code).strip() in [b.strip() for b in blocks("cmake")]


def test_cpp_listing_is_the_example():
    assert read("examples", "embed", "main.cpp") in blocks("cpp")


def test_sample_output_is_what_the_example_prints():
    binary = os.path.join(BUILD, "embed-test", "meld-embed")
    if not os.path.exists(binary):
        pytest.skip("examples/embed not built (the Meld.Install.EmbedExample "
                    "CTest builds it)")
    run = subprocess.run([binary], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    sample = [b for b in blocks("text") if "meld fusion report" in b][0]
    lines = sample.strip().splitlines()
    assert re.match(r"meld \S+ on host CPU", run.stdout)
    # Everything after the version line is deterministic.
    assert run.stdout.strip().splitlines()[1:] == lines[1:]
