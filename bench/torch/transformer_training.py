"""Transformer training steps through torch.compile(backend="meld")
against Inductor and eager, in one process on this CPU: GPT-2 small's
shapes (2 layers, d 768, 12 heads) and one Llama-3.2-1B layer (d 2048,
32 query and 8 key-value heads, MLP 8192), transformers models with random
weights, each step a forward and backward of the last hidden state's mean
square (zero_grad included), in float32 or with the forward under CPU
autocast (``--autocast bf16``, as CPU training in half precision runs).
The gradients are checked first, as bench/torch/cnn_training.py checks
them (all at once against float64 eager's, no further than eager's own
twice). Best of 3 alternating rounds.

    PYTHONPATH=build/python-bindings .venv/bin/python bench/torch/transformer_training.py [--autocast bf16] [-k NAME]

docs/frontends.md ("Transformer training speed") has the table.
"""

from __future__ import annotations

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(__file__))
from cnn_training import compare, parse_args  # noqa: E402


def cases():
    import transformers as T

    def gpt2():
        return T.GPT2Model(T.GPT2Config(n_layer=2, n_embd=768, n_head=12, vocab_size=50257,
                                        resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0))

    def llama():
        return T.LlamaModel(T.LlamaConfig(
            hidden_size=2048, intermediate_size=8192, num_hidden_layers=1,
            num_attention_heads=32, num_key_value_heads=8, vocab_size=32000,
            max_position_embeddings=512))

    ids = torch.Generator().manual_seed(0)
    return [
        ("GPT-2 (2 layers, d 768), batch 4 x 128 tokens", gpt2,
         torch.randint(0, 50257, (4, 128), generator=ids), 3),
        ("Llama-3.2-1B layer, batch 1 x 128 tokens", llama,
         torch.randint(0, 32000, (1, 128), generator=ids), 2),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-k", default="", help="run the cases whose name contains this")
    opts = parse_args(parser)
    for name, make, ids, calls in cases():
        if opts.k in name:
            compare(name, make, ids, calls, opts.autocast)


if __name__ == "__main__":
    main()
