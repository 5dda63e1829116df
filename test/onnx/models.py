"""Small real models for the ONNX frontend's tests and benchmarks, built in
plain torch with random weights (no downloads) and exported with
``torch.onnx.export``: a ResNet-style CNN and a GPT-2-style decoder.

    python test/onnx/models.py out_dir     # writes resnet.onnx, gpt2.onnx
"""

from __future__ import annotations

import math
import os
import sys


def _torch():
    import torch

    return torch


def resnet_style(channels=16, blocks=2, classes=10):
    """conv-bn-relu stem, basic residual blocks (one strided), max and
    global average pooling, a linear head."""
    torch = _torch()
    nn = torch.nn

    class Block(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.b1 = nn.BatchNorm2d(cout)
            self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.b2 = nn.BatchNorm2d(cout)
            self.down = None
            if stride != 1 or cin != cout:
                self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                          nn.BatchNorm2d(cout))

        def forward(self, x):
            y = torch.relu(self.b1(self.c1(x)))
            y = self.b2(self.c2(y))
            return torch.relu(y + (x if self.down is None else self.down(x)))

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.stem = nn.Sequential(nn.Conv2d(3, channels, 3, 1, 1, bias=False),
                                      nn.BatchNorm2d(channels), nn.ReLU(),
                                      nn.MaxPool2d(2))
            layers = []
            c = channels
            for i in range(blocks):
                layers.append(Block(c, c * (2 if i else 1), 2 if i else 1))
                c *= 2 if i else 1
            self.layers = nn.Sequential(*layers)
            self.head = nn.Linear(c, classes)

        def forward(self, x):
            y = self.layers(self.stem(x))
            return self.head(torch.flatten(nn.functional.adaptive_avg_pool2d(y, 1), 1))

    torch.manual_seed(0)
    net = Net().eval()
    # non-trivial batch-norm statistics
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 1.5)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.2, 0.2)
    return net


def gpt2_style(vocab=256, d=64, heads=4, layers=2, max_len=64):
    """Token and position embeddings, pre-norm blocks of causal multi-head
    attention and a tanh-GELU MLP, a final layer norm and a tied LM head."""
    torch = _torch()
    nn = torch.nn
    F = nn.functional

    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.qkv = nn.Linear(d, 3 * d)
            self.proj = nn.Linear(d, d)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = self.qkv(x).split(d, dim=2)
            q = q.view(b, t, heads, d // heads).transpose(1, 2)
            k = k.view(b, t, heads, d // heads).transpose(1, 2)
            v = v.view(b, t, heads, d // heads).transpose(1, 2)
            s = (q @ k.transpose(-2, -1)) / math.sqrt(d // heads)
            mask = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
            s = s.masked_fill(~mask, float("-inf"))
            y = F.softmax(s, dim=-1) @ v
            return self.proj(y.transpose(1, 2).reshape(b, t, d))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(d)
            self.attn = Attention()
            self.ln2 = nn.LayerNorm(d)
            self.fc = nn.Linear(d, 4 * d)
            self.out = nn.Linear(4 * d, d)

        def forward(self, x):
            x = x + self.attn(self.ln1(x))
            return x + self.out(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte = nn.Embedding(vocab, d)
            self.wpe = nn.Embedding(max_len, d)
            self.blocks = nn.ModuleList(Block() for _ in range(layers))
            self.ln_f = nn.LayerNorm(d)

        def forward(self, ids):
            t = ids.shape[1]
            pos = torch.arange(t, device=ids.device).unsqueeze(0)
            x = self.wte(ids) + self.wpe(pos)
            for blk in self.blocks:
                x = blk(x)
            return self.ln_f(x) @ self.wte.weight.t()

    torch.manual_seed(0)
    return GPT().eval()


def export(out_dir: str, dynamic: bool = True) -> dict:
    """Exports both models with torch.onnx.export (the torch.export-based
    exporter, torch's default); the batch (and sequence) dims are dynamic
    unless ``dynamic`` is False. Returns {name: (path, example input)}."""
    import logging
    import warnings

    torch = _torch()
    os.makedirs(out_dir, exist_ok=True)
    made = {}
    batch = torch.export.Dim("batch", max=1024)
    seq = torch.export.Dim("seq", max=64)
    specs = {
        "resnet": (resnet_style(), torch.randn(2, 3, 32, 32), "x", {0: batch}),
        "gpt2": (gpt2_style(), torch.randint(0, 256, (2, 16)), "ids", {0: batch, 1: seq}),
    }
    logging.getLogger("torch.onnx").setLevel(logging.ERROR)
    for name, (model, example, input_name, dims) in specs.items():
        path = os.path.join(out_dir, f"{name}.onnx")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(model, (example,), path, input_names=[input_name],
                              output_names=["y"], dynamo=True, verbose=False,
                              dynamic_shapes=({k: v for k, v in dims.items()},)
                              if dynamic else None)
        made[name] = (path, example.numpy())
    return made


def export_dynamic_image(out_dir: str):
    """The ResNet-style CNN exported with a dynamic batch, height and width
    (its convolutions and poolings over dynamic spatial dims). Returns the
    path and an example input."""
    import logging
    import warnings

    torch = _torch()
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "resnet_image.onnx")
    dim = torch.export.Dim
    example = torch.randn(2, 3, 32, 24)
    logging.getLogger("torch.onnx").setLevel(logging.ERROR)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(resnet_style(), (example,), path, input_names=["x"],
                          output_names=["y"], dynamo=True, verbose=False,
                          dynamic_shapes=({0: dim("batch", max=1024),
                                           2: dim("height", min=8, max=1024),
                                           3: dim("width", min=8, max=1024)},))
    return path, example.numpy()


if __name__ == "__main__":
    for name, (path, _) in export(sys.argv[1] if len(sys.argv) > 1 else ".").items():
        print(name, path)
