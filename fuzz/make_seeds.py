"""Writes the seed corpora of the fuzz targets (fuzz/corpus/<target>/).

Run from the repository root after a build (it uses build/bin/meld-compile):
    .venv/bin/python fuzz/make_seeds.py
The seeds are committed; rerun this when the bundle format or the reference
program (fuzz/FuzzSupport.cpp) changes. Bundle checksums are left zero: the
bundle and cache fuzzers recompute them.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "fuzz" / "corpus"
BUILD = Path(os.environ.get("MELD_BUILD_DIR", ROOT / "build"))


def reference_program() -> str:
    source = (ROOT / "fuzz" / "FuzzSupport.cpp").read_text()
    return re.search(r'R"mlir\((.*?)\)mlir"', source, re.S).group(1)


def bundle_bytes(metadata: dict, blobs) -> bytes:
    text = json.dumps(metadata).encode()
    body = text + b"".join(struct.pack("<Q", len(b)) + b for b in blobs)
    return b"MELDBNDL" + struct.pack("<IIQQ", 3, len(blobs), len(text), 0) + body


def read_bundle(data: bytes):
    _, blobs, size, _ = struct.unpack("<IIQQ", data[8:32])
    body = data[32:]
    metadata = json.loads(body[:size])
    rest, out = body[size:], []
    for _ in range(blobs):
        (n,) = struct.unpack("<Q", rest[:8])
        out.append(rest[8:8 + n])
        rest = rest[8 + n:]
    return metadata, out


def ir_seeds():
    d = CORPUS / "ir"
    for f in sorted((ROOT / "examples").glob("*.mlir")):
        if f.stat().st_size <= 8192:
            shutil.copy(f, d / f.name)
    (d / "reference.mlir").write_text(reference_program())
    (d / "dynamic.mlir").write_text(
        "func.func @main(%x: tensor<?x4xf32>, %y: tensor<4xf32>) -> tensor<?x4xf32> {\n"
        "  %n = meld.dim %x, 0 : tensor<?x4xf32>\n"
        "  %b = meld.broadcast_in_dim %y, dims = [1] : tensor<4xf32> -> tensor<?x4xf32>\n"
        "  %s = meld.add %x, %b : tensor<?x4xf32>\n"
        "  return %s : tensor<?x4xf32>\n}\n")


def npy_seeds():
    d = CORPUS / "npy"
    arrays = {
        "f32_2x3": np.arange(6, dtype=np.float32).reshape(2, 3),
        "f64_scalar": np.array(1.5),
        "i64_4": np.arange(4, dtype=np.int64),
        "i32_big_endian": np.arange(3, dtype=">i4"),
        "bool_2x2": np.array([[True, False], [False, True]]),
        "f16_3": np.array([1, 2, 3], np.float16),
        "u2_bf16_bits": np.array([0x3F80, 0x4000], np.uint16),
        "i8_fortran": np.asfortranarray(np.arange(6, dtype=np.int8).reshape(2, 3)),
        "empty_0x3": np.zeros((0, 3), np.float32),
    }
    for name, a in arrays.items():
        np.save(d / f"{name}.npy", a)


def compile_reference(tmp: Path) -> bytes:
    src = tmp / "reference.mlir"
    src.write_text(reference_program())
    out = tmp / "reference.meldb"
    subprocess.run([str(BUILD / "bin" / "meld-compile"), "--targets=host", "-o", str(out),
                    str(src)], check=True)
    return out.read_bytes()


def bundle_and_cache_seeds(tmp: Path):
    data = compile_reference(tmp)
    metadata, blobs = read_bundle(data)
    (CORPUS / "bundle" / "reference.meldb").write_bytes(bundle_bytes(metadata, blobs))
    (CORPUS / "bundle" / "reference-metadata.json").write_text(json.dumps(metadata))
    small = dict(metadata, functions=metadata["functions"][:1])
    (CORPUS / "bundle" / "one-function-metadata.json").write_text(json.dumps(small))
    # The key CacheFuzzer.cpp asks for.
    cache_meta = dict(metadata, jit={
        "cache_key": "00112233445566778899aabbccddeeff",
        "description": "fuzz description",
        "source": "func.func @main() {\n  return\n}\n",
        "fusion_report": ""})
    (CORPUS / "cache" / "entry.meldb").write_bytes(bundle_bytes(cache_meta, blobs))
    other = dict(cache_meta, jit=dict(cache_meta["jit"], cache_key="ffeeddccbbaa99887766554433221100"))
    (CORPUS / "cache" / "other-key.meldb").write_bytes(bundle_bytes(other, blobs))


class Calls:
    """Encodes C API calls the way RuntimeApiFuzzer.cpp reads them."""

    def __init__(self):
        self.b = bytearray()

    def op(self, code, *args):
        self.b.append(code)
        for a in args:
            if isinstance(a, (bytes, bytearray)):
                self.b += a
            else:
                self.b.append(a)
        return self

    @staticmethod
    def below(value):
        return struct.pack(">I", value)

    def tensor(self, buffer, shape, dtype=1):
        dims = [d + 1 for d in shape] + [0] * (8 - len(shape))
        return bytes([buffer, 0, dtype, len(shape)] + dims)

    def tensors(self, *ts):
        return bytes([len(ts)]) + b"".join(ts)


def runtime_api_seeds():
    d = CORPUS / "runtime-api"
    c = Calls()
    c.op(0, 1, 1)                                   # device_open("host", 0)
    c.op(10, 0)                                     # stream_create(device 0)
    for size in (128, 128, 64, 16):                 # x, w, r, row
        c.op(3, 0, Calls.below(size), 0, 0)         # buffer_alloc
    c.op(18, 0)                                     # executable_load(reference)
    c.op(7, 0, 0, Calls.below(0), Calls.below(128))  # buffer_write
    ins = c.tensors(c.tensor(0, [4, 8]), c.tensor(1, [8, 4]))
    outs = c.tensors(c.tensor(2, [4, 4]), c.tensor(3, [4]))
    c.op(24, 0, 0, 0, ins, outs)                    # run main
    c.op(25, 0, 0, 0, ins, outs)                    # capture main
    c.op(31, 0, 0)                                  # graph_exec_launch
    c.op(12, 0)                                     # stream_synchronize
    c.op(32, 0, ins, outs)                          # rebind
    c.op(31, 0, 0).op(12, 0)
    (d / "run-and-capture").write_bytes(bytes(c.b))
    misuse = Calls()
    misuse.b += c.b
    misuse.op(4, 0).op(4, 0)                        # double release of a buffer
    misuse.op(24, 0, 0, 0, ins, outs)               # run on a released buffer
    misuse.op(11, 0).op(12, 0)                      # use a stream after release
    misuse.op(26, 0).op(26, 0).op(27, 0)            # nested capture, end
    misuse.op(20, 0).op(21, 0)                      # executable after release
    (d / "misuse").write_bytes(bytes(misuse.b))
    capture = Calls()
    capture.op(0, 1, 1).op(10, 0).op(26, 0)         # begin capture
    capture.op(3, 0, Calls.below(64), 0, 0)         # alloc while capturing
    capture.op(12, 0).op(27, 0).op(29, 0).op(31, 0, 0)  # sync, end, instantiate, launch
    (d / "capture").write_bytes(bytes(capture.b))


def differential_seeds():
    d = CORPUS / "differential"
    for i, seed in enumerate([bytes([0, 0, 0, 1, 10, 5, 70, 0]),
                              bytes([0, 0, 1, 7, 23, 8, 30, 2]),
                              bytes([1, 2, 3, 4, 4, 1, 100, 5])]):
        (d / f"program-{i}").write_bytes(seed)


def main():
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        ir_seeds()
        npy_seeds()
        bundle_and_cache_seeds(Path(tmp))
        runtime_api_seeds()
        differential_seeds()
    print("seeds written to", CORPUS)


if __name__ == "__main__":
    sys.exit(main())
