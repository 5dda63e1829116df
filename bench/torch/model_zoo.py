"""The models of issue 24's benchmarks, with random weights and no
downloads: transformers configurations at realistic sizes and a
ResNet-50-style CNN in plain torch. Shared by bench/torch/transformers_models.py
(this CPU, against Inductor) and bench/gpu/frontend_models.py (the GPU
machine), so both time the same programs. Needs torch and transformers only.
"""

from __future__ import annotations

import torch

VOCAB = 50257


def gpt2_small(layers: int = 2):
    import transformers as T

    return T.GPT2LMHeadModel(T.GPT2Config(n_embd=768, n_head=12, n_layer=layers,
                                          vocab_size=VOCAB, n_positions=1024))


def llama_1b_layer():
    import transformers as T

    return T.LlamaForCausalLM(T.LlamaConfig(
        hidden_size=2048, intermediate_size=8192, num_hidden_layers=1,
        num_attention_heads=32, num_key_value_heads=8, vocab_size=8192,
        max_position_embeddings=1024))


def olmoe_layer():
    """One OLMoE-1B-7B-style decoder layer: 64 experts of MLP 1024, 8 per
    token (transformers' grouped-matmul experts: meld.grouped_matmul)."""
    import transformers as T

    return T.OlmoeForCausalLM(T.OlmoeConfig(
        hidden_size=2048, intermediate_size=1024, num_hidden_layers=1,
        num_attention_heads=16, num_key_value_heads=16, num_experts=64,
        num_experts_per_tok=8, vocab_size=8192, max_position_embeddings=1024))


def vit_b16():
    import transformers as T

    return T.ViTModel(T.ViTConfig(hidden_size=768, num_hidden_layers=12, num_attention_heads=12,
                                  intermediate_size=3072, image_size=224, patch_size=16),
                      add_pooling_layer=False)


class Bottleneck(torch.nn.Module):
    def __init__(self, cin: int, width: int, stride: int):
        super().__init__()
        cout = width * 4
        self.body = torch.nn.Sequential(
            torch.nn.Conv2d(cin, width, 1, bias=False), torch.nn.BatchNorm2d(width),
            torch.nn.ReLU(),
            torch.nn.Conv2d(width, width, 3, stride, 1, bias=False), torch.nn.BatchNorm2d(width),
            torch.nn.ReLU(),
            torch.nn.Conv2d(width, cout, 1, bias=False), torch.nn.BatchNorm2d(cout))
        self.skip = (torch.nn.Identity() if cin == cout and stride == 1 else torch.nn.Sequential(
            torch.nn.Conv2d(cin, cout, 1, stride, bias=False), torch.nn.BatchNorm2d(cout)))

    def forward(self, x):
        return torch.relu(self.body(x) + self.skip(x))


def resnet50_style():
    layers = [torch.nn.Conv2d(3, 64, 7, 2, 3, bias=False), torch.nn.BatchNorm2d(64),
              torch.nn.ReLU(), torch.nn.MaxPool2d(3, 2, 1)]
    cin = 64
    for width, blocks, stride in ((64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)):
        for i in range(blocks):
            layers.append(Bottleneck(cin, width, stride if i == 0 else 1))
            cin = width * 4
    layers += [torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(), torch.nn.Linear(cin, 1000)]
    return torch.nn.Sequential(*layers)


class Decode(torch.nn.Module):
    """One decode step: the next token's logits given a KV cache of the
    prompt (rebuilt from fixed tensors each call, so every call is the same
    step)."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, ids, keys, values):
        from transformers import DynamicCache

        cache = DynamicCache()
        for layer, (k, v) in enumerate(zip(keys, values)):
            cache.update(k, v, layer)
        return self.model(ids, past_key_values=cache, use_cache=True).logits


def kv_cache(model, batch: int, length: int):
    with torch.no_grad():
        ids = torch.randint(0, 1000, (batch, length), device=next(model.parameters()).device)
        out = model(ids, use_cache=True)
    cache = out.past_key_values
    layers = getattr(cache, "layers", None)
    if layers is not None:
        keys = [l.keys for l in layers]
        values = [l.values for l in layers]
    else:
        keys = [k for k, _ in cache.to_legacy_cache()]
        values = [v for _, v in cache.to_legacy_cache()]
    return tuple(keys), tuple(values)
