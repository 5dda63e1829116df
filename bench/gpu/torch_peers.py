"""Times the GPU benchmark models (bench/models, bench/gpu) in PyTorch on
the same GPU, for docs/gpu-results.md: eager torch (cuBLAS for the
matmuls) and torch.compile (Inductor's Triton kernels), each captured into
a CUDA graph and replayed with a synchronize per iteration, the way
meld-bench-bundles times Meld's bundles. Run on the device machine after
`scripts/gpu-suite.sh run bench`:

    python3 bench/gpu/torch_peers.py [--json out.json]

Prints one row per model: median microseconds over 3 repetitions of 200
replays each. Needs a CUDA device; exits with a message without one.
"""

import argparse
import json
import math
import statistics
import sys
import time

import torch
import torch.nn.functional as F


def gelu(x):
    return F.gelu(x, approximate="tanh")


def rmsnorm(x, w):
    return x * torch.rsqrt((x * x).mean(dim=1, keepdim=True) + 1e-6) * w


def layernorm(x, g, b):
    m = x.mean(dim=1, keepdim=True)
    xc = x - m
    v = (xc * xc).mean(dim=1, keepdim=True)
    return xc * torch.rsqrt(v + 1e-5) * g + b


def softmax(x):
    e = torch.exp(x - x.amax(dim=1, keepdim=True))
    return e / e.sum(dim=1, keepdim=True)


def mlp(x, w, b):
    return gelu(x @ w + b)


def attention(q, k, v):
    s = (q @ k.t()) * 0.125
    return softmax(s) @ v


def row_sums(x):
    return x.sum(dim=1)


def conv3x3(x, w):
    return torch.relu(F.conv2d(x, w, padding=1))


def models():
    f32, f16 = torch.float32, torch.float16

    def r(*shape, dtype=f32):
        return torch.randn(*shape, device="cuda", dtype=dtype)

    return [
        ("gelu", gelu, lambda: (r(4096, 1024),)),
        ("rmsnorm", rmsnorm, lambda: (r(4096, 1024), r(1024))),
        ("layernorm", layernorm, lambda: (r(4096, 1024), r(1024), r(1024))),
        ("softmax", softmax, lambda: (r(4096, 1024),)),
        ("mlp_epilogue", mlp, lambda: (r(512, 1024), r(1024, 1024), r(1024))),
        ("mlp_odd", mlp, lambda: (r(500, 1000), r(1000, 1000), r(1000))),
        ("mlp_decode", mlp, lambda: (r(1, 1024), r(1024, 1024), r(1024))),
        ("attention", attention, lambda: (r(256, 64), r(256, 64), r(256, 64))),
        ("gelu_f16", gelu, lambda: (r(4096, 1024, dtype=f16),)),
        ("gelu_large", gelu, lambda: (r(16384, 1024),)),
        ("mlp_f16", mlp, lambda: (r(512, 1024, dtype=f16),
                                  r(1024, 1024, dtype=f16),
                                  r(1024, dtype=f16))),
        ("row_sums_long", row_sums, lambda: (r(16, 1 << 20),)),
        ("conv3x3", conv3x3, lambda: (r(8, 64, 56, 56), r(64, 64, 3, 3))),
    ]


def time_graph(fn, args, reps=3, iters=200):
    """Median microseconds per replay of fn(*args) captured in a graph."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):  # warm up (and compile) outside the capture
            fn(*args)
    torch.cuda.current_stream().wait_stream(stream)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn(*args)
    graph.replay()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        for _ in range(iters):
            graph.replay()
            torch.cuda.synchronize()
        times.append((time.perf_counter() - start) / iters * 1e6)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", help="write the results here")
    opts = parser.parse_args()
    if not torch.cuda.is_available():
        sys.exit("torch_peers: no CUDA device")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    props = torch.cuda.get_device_properties(0)
    print(f"device: {props.name}, torch {torch.__version__}")
    results = {}
    print(f"{'model':<16}{'eager us':>10}{'compile us':>12}")
    for name, fn, make in models():
        args = make()
        eager = time_graph(fn, args)
        try:
            compiled = time_graph(torch.compile(fn), args)
        except Exception as error:  # noqa: BLE001 - report and go on
            print(f"{name}: torch.compile failed: {error}", file=sys.stderr)
            compiled = math.nan
        results[name] = {"eager_us": eager, "compile_us": compiled}
        print(f"{name:<16}{eager:>10.1f}{compiled:>12.1f}")
    if opts.json:
        with open(opts.json, "w") as out:
            json.dump({"device": props.name, "torch": torch.__version__,
                       "models": results}, out, indent=1)


if __name__ == "__main__":
    main()
