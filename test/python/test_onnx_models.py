"""Real models through the ONNX frontend: a ResNet-style CNN and a
GPT-2-style decoder built in torch with random weights (test/onnx/models.py),
exported by torch.onnx.export with dynamic batch (and sequence) dims,
imported with meld-import-onnx and meld.onnx, and compared with onnxruntime
at two input shapes through one compiled model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import meldtest

torch = pytest.importorskip("torch")  # installed by scripts/install-deps.sh
ort = pytest.importorskip("onnxruntime")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "test" / "onnx"))
import models  # noqa: E402

import meld.onnx as mo  # noqa: E402

# f32 models; Meld's fused kernels and onnxruntime sum (GEMMs, softmax,
# layer norm, conv windows) in different orders: a few f32 ulp of the
# largest values, relative to outputs of size ~1-10.
RTOL, ATOL = 1e-4, 1e-4


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return models.export(str(tmp_path_factory.mktemp("models")))


def _other_shape(example):
    rng = np.random.default_rng(7)
    if example.dtype == np.int64:  # token ids: batch x sequence
        return rng.integers(0, 256, (3, example.shape[1] + 7)).astype(np.int64)
    return rng.standard_normal((example.shape[0] + 3,) + example.shape[1:]).astype(np.float32)


@pytest.mark.parametrize("name", ["resnet", "gpt2"])
def test_model_matches_onnxruntime_at_two_shapes(exported, name):
    path, example = exported[name]
    compiled = mo.compile(path)
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    feed_name = sess.get_inputs()[0].name
    assert "?x" in compiled.ir  # the batch dim is dynamic in the IR
    for x in (example, _other_shape(example)):
        (want,) = sess.run(None, {feed_name: x})
        got = compiled(x)
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL)


def test_cnn_over_dynamic_image_sizes_matches_onnxruntime(tmp_path):
    """The CNN with dynamic batch, height and width: one compiled model at
    three image sizes (odd, and height != width), its convolutions and
    poolings over dynamic spatial dims."""
    path, example = models.export_dynamic_image(str(tmp_path))
    compiled = mo.compile(path)
    assert "tensor<?x3x?x?xf32>" in compiled.ir
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(3)
    for shape in [example.shape, (3, 3, 17, 41), (1, 3, 64, 9)]:
        x = rng.standard_normal(shape).astype(np.float32)
        (want,) = sess.run(None, {"x": x})
        got = compiled(x)
        assert got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("name", ["resnet", "gpt2"])
def test_meld_import_onnx_output_runs_in_meld_run(exported, name, tmp_path):
    path, example = exported[name]
    out = tmp_path / f"{name}.mlir"
    proc = subprocess.run([str(meldtest.tool("meld-import-onnx")), path, "-o", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    np.save(tmp_path / "x.npy", example)
    run = meldtest.run_raw([str(meldtest.tool("meld-run")), str(out), "--input",
                            str(tmp_path / "x.npy"), "--output", str(tmp_path / "y.npy")],
                           timeout=600)
    assert run.returncode == 0, run.stderr
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    (want,) = sess.run(None, {sess.get_inputs()[0].name: example})
    # meld-run is the reference interpreter (double accumulation)
    np.testing.assert_allclose(np.load(tmp_path / "y.npy"), want, rtol=RTOL, atol=ATOL)
