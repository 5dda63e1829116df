"""Host GEMM tiles from Python: meld.compile(host_tuning=...) takes a tuning
table's path, "none" (the heuristic) or the tiles themselves; every choice
computes the same product (docs/codegen.md, "Host GEMM tiles")."""

from __future__ import annotations

import json

import numpy as np
import pytest

import meldtest  # noqa: F401  (puts the bindings on sys.path)

import meld

M, K, N = 77, 300, 90

IR = f"""
func.func @main(%x: tensor<{M}x{K}xf32>, %w: tensor<{K}x{N}xf32>) -> tensor<{M}x{N}xf32> {{
  %h = meld.matmul %x, %w : tensor<{M}x{K}xf32>, tensor<{K}x{N}xf32> -> tensor<{M}x{N}xf32>
  return %h : tensor<{M}x{N}xf32>
}}
"""


@pytest.fixture(scope="module")
def operands():
    rng = np.random.default_rng(0)
    return (rng.standard_normal((M, K)).astype(np.float32),
            rng.standard_normal((K, N)).astype(np.float32))


def check(exe, x, w):
    (y,) = exe(x, w)
    # f32 sums of 300 products of unit normals, blocked differently per
    # tiling: well within 1e-3 of the double product.
    np.testing.assert_allclose(y, x.astype(np.float64) @ w, rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("tiles", [
    {"tile_rows": 8, "tile_cols": 32, "k_block": 256, "block_rows": 64},
    {"tile_rows": 6, "tile_cols": 16, "k_block": 100, "block_rows": 30},
    {"tile_rows": 12, "tile_cols": 48, "k_block": 64, "block_rows": 96},
])
def test_given_tiles_compute_the_product(operands, tiles):
    check(meld.compile(IR, host_tuning=tiles), *operands)


def test_table_and_heuristic(operands, tmp_path):
    check(meld.compile(IR, host_tuning="none"), *operands)
    table = tmp_path / "table.json"
    # A table for another CPU: the heuristic, no warning needed.
    table.write_text(json.dumps({
        "format": "meld-host-tuning", "version": 1,
        "entries": [{"cpu": "not-this-cpu", "isa": "avx2",
                     "gemm": {"tile_rows": 6, "tile_cols": 16, "k_block": 64,
                              "block_rows": 60}}]}))
    check(meld.compile(IR, host_tuning=table), *operands)
    # A corrupt table is ignored: the program still compiles and runs.
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    check(meld.compile(IR, host_tuning=str(bad)), *operands)


def test_bad_tiles_are_errors():
    with pytest.raises(ValueError, match="tile_rows"):
        meld.compile(IR, host_tuning={"tile_rows": 8})
    with pytest.raises(meld.CompileError, match="tile_cols must be a multiple"):
        meld.compile(IR, host_tuning={"tile_rows": 8, "tile_cols": 20,
                                      "k_block": 256, "block_rows": 64})


def _host_flags():
    try:
        with open("/proc/cpuinfo") as f:
            return set(next(line for line in f if line.startswith("flags")).split())
    except (OSError, StopIteration):
        return set()


@pytest.mark.skipif("avx2" not in _host_flags(), reason="needs an AVX2 host")
def test_host_cpu_compiles_for_a_narrower_isa(operands):
    """host_cpu picks the CPU the JIT compiles for: AVX2 code (x86-64-v3)
    runs on any AVX2 or AVX-512 machine, with its own tiles and cache key."""
    x, w = operands
    native = meld.compile(IR)
    avx2 = meld.compile(IR, host_cpu="x86-64-v3")
    check(avx2, x, w)
    assert b"x86-64-v3" in avx2.bundle_bytes()
    assert b"x86-64-v3" not in native.bundle_bytes()
    if "avx512f" in _host_flags():  # (AVX2 code: no zmm register)
        assert avx2.bundle_bytes() != native.bundle_bytes()
    check(meld.compile(IR, host_cpu="x86-64-v3", host_features="-fma"), x, w)


def test_host_cpu_the_jit_cannot_run_or_llvm_does_not_know_is_an_error():
    with pytest.raises(meld.Error, match="unknown host CPU 'no-such-cpu'"):
        meld.compile(IR, host_cpu="no-such-cpu")
    with pytest.raises(meld.Error, match="unknown host CPU feature 'nope'"):
        meld.compile(IR, host_features="+nope")
    if "amx_tile" not in _host_flags():
        with pytest.raises(meld.Error, match="needs .*amx-tile.*which this machine"):
            meld.compile(IR, host_cpu="sapphirerapids")


def _gemm_tiles(exe) -> dict:
    """The host binary's GEMM tiles, as its bundle records them."""
    import re

    text = exe.bundle_bytes().decode("latin-1")
    return json.loads(re.search(r'"gemm_tiles":(\{[^}]*\})', text).group(1))


def test_a_rewritten_table_is_read_again(operands, tmp_path):
    """Tables are read once and kept while the file stays the same; a
    table rewritten in place is read again (its size or time changed)."""
    import re

    bundle = meld.compile(IR, host_tuning="none").bundle_bytes().decode("latin-1")
    cpu = re.search(r'"cpu":"([^"]*)"', bundle).group(1)
    table = tmp_path / "table.json"

    def write(rows, block_rows):
        table.write_text(json.dumps({
            "format": "meld-host-tuning", "version": 1,
            "entries": [{"cpu": cpu, "isa": isa,
                         "gemm": {"tile_rows": rows, "tile_cols": 16, "k_block": 64,
                                  "block_rows": block_rows}}
                        for isa in ("sse", "avx2", "avx512", "amx")]}))

    write(6, 60)
    first = meld.compile(IR + "\n// a\n", host_tuning=str(table))
    assert _gemm_tiles(first)["tile_rows"] == 6, _gemm_tiles(first)
    check(first, *operands)
    write(4, 400)
    second = meld.compile(IR + "\n// b\n", host_tuning=str(table))
    assert _gemm_tiles(second)["tile_rows"] == 4, _gemm_tiles(second)
    check(second, *operands)
