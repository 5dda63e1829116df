"""docs/python.md's examples are complete and correct: every ```python block
runs, in order and in one namespace, in a temporary directory; a block
followed by "prints" and a ```text block must print exactly that text."""

from __future__ import annotations

import contextlib
import io
import os
import re

import pytest

import meldtest as mt

DOC = mt.REPO_ROOT / "docs" / "python.md"

FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def blocks():
    """(language, code, text between this block and the next) per fence."""
    text = DOC.read_text()
    found = list(FENCE.finditer(text))
    result = []
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(text)
        result.append((m.group(1), m.group(2), text[m.end():end]))
    return result


def test_docs_have_python_examples():
    langs = [lang for lang, _, _ in blocks()]
    assert langs.count("python") >= 8
    assert "BENCH_TABLE" not in DOC.read_text(), "fill in the benchmark numbers"


def test_python_examples_run(tmp_path, monkeypatch):
    import meld  # noqa: F401  (fails here, not in exec, when missing)

    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__docs__"}
    items = blocks()
    ran = 0
    for i, (lang, code, after) in enumerate(items):
        if lang != "python":
            continue
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(code, f"{DOC.name} block {i}", "exec"), namespace)
            except Exception as e:  # noqa: BLE001 - reported with the block
                pytest.fail(f"docs/python.md python block {i} failed: "
                            f"{type(e).__name__}: {e}\n---\n{code}")
        ran += 1
        # "prints" + a text block: the exact output.
        if after.strip() == "prints" and i + 1 < len(items) and items[i + 1][0] == "text":
            assert out.getvalue() == items[i + 1][1], (
                f"block {i} printed:\n{out.getvalue()}\nthe docs say:\n{items[i + 1][1]}")
    assert ran >= 8
    assert os.path.exists(tmp_path / "relu_linear.meldb")
