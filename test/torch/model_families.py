"""More model families than the issue's five through
``torch.compile(backend="meld", dynamic=True)``: tiny configurations of
``transformers`` models (random weights, no downloads), each compiled once
and run at two input shapes (batch and sequence length, or image batch,
both change), compared with eager.

A family is

- ``pass``: no ATen op ran in eager PyTorch and the outputs match eager
  within rtol = atol = 1e-4; ``per shape`` lists the partitions that Meld
  compiles once per input shape (an op that needs static sizes, such as a
  convolution over dynamic image sizes: still Meld, not eager);
- ``fallback``: the outputs match, but some op ran eagerly (listed);
- ``wrong`` or ``error``: a defect.

    PYTHONPATH=build/python-bindings .venv/bin/python test/torch/model_families.py \\
        [names ...] [--markdown table.md]

test/python/test_torch_models.py runs ``CI_FAMILIES`` and needs every one
to pass.

``--train`` runs one training step of each family instead (train mode,
dropout, stochastic depth and SpecAugment off, the first input shape,
static shapes): the loss ``(output * R).sum()`` for a fixed random ``R``
(every gradient meaningful, unlike a normalized output's sum of squares)
backpropagated through the compiled model and through eager copies in
float32 and float64. Each parameter's gradient is compared with float64
eager's, ``|g - g_64| / max(|g_64|, 1e-4 |all of g_64|)`` (the floor for
gradients that are zero but for rounding, such as an attention key's
bias), and must be at most 1e-3 or no more than twice float32 eager's
(a batch norm over a few pixels amplifies rounding: a tiny ResNet's last
stage normalizes 2 values per channel); against float32 eager's, within
1e-3, where an op has no float64 kernel (Mixtral's grouped matmuls).
``max diff`` is the largest.

``--train --autocast bf16`` (or ``f16``) runs the compiled and the
float32 eager step under ``torch.autocast("cpu", dtype=...)``, float64
eager without it (Mixtral: float32 eager without it). There a gradient
within 5% of float64's passes too (half precision's errors, and the ReLU
masks its rounding flips, vary from layer to layer, eager's too), and all
of them together, as one vector, must be no further from float64's than
twice eager's.

``--export`` runs each family through ``torch.export`` and
``meld.torch.export`` instead (the dims that differ between the two input
shapes marked dynamic; transformers' ``use_cache`` fixed to False): the
.mlir text compiled by ``meld.compile``, run at both shapes, compared with
eager. There ``unsupported`` is an export that Meld refuses, naming what
(whole-program: no op can stay with PyTorch).
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from typing import Optional

import numpy as np
import torch
import torch._dynamo

TEXT = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
            num_attention_heads=4, vocab_size=128, max_position_embeddings=64)
TOKENS = dict(pad_token_id=0, bos_token_id=0, eos_token_id=0)


def _ids(batch, length):
    return (torch.randint(0, 128, (batch, length)),)


def _images(batch, _):
    return (torch.randn(batch, 3, 32, 32),)


def _families():
    import transformers as T

    def text(cls, config, **kw):
        return lambda: (cls(config(**{**TEXT, **kw})), _ids)

    return {
        "mistral": text(T.MistralForCausalLM, T.MistralConfig, num_key_value_heads=2),
        "gemma2": text(T.Gemma2ForCausalLM, T.Gemma2Config, num_key_value_heads=2, head_dim=16),
        "phi3": text(T.Phi3ForCausalLM, T.Phi3Config, num_key_value_heads=2, pad_token_id=0),
        "qwen3": text(T.Qwen3ForCausalLM, T.Qwen3Config, num_key_value_heads=2, head_dim=16),
        "gpt_neox": text(T.GPTNeoXForCausalLM, T.GPTNeoXConfig),
        "opt": lambda: (T.OPTForCausalLM(T.OPTConfig(
            hidden_size=64, ffn_dim=128, num_hidden_layers=2, num_attention_heads=4,
            vocab_size=128, max_position_embeddings=64, word_embed_proj_dim=64, **TOKENS)),
            _ids),
        "bloom": lambda: (T.BloomForCausalLM(T.BloomConfig(
            hidden_size=64, n_layer=2, n_head=4, vocab_size=128, **TOKENS)), _ids),
        "falcon": lambda: (T.FalconForCausalLM(T.FalconConfig(
            hidden_size=64, num_hidden_layers=2, num_attention_heads=4, vocab_size=128,
            **TOKENS)), _ids),
        "gptj": lambda: (T.GPTJForCausalLM(T.GPTJConfig(
            n_embd=64, n_layer=2, n_head=4, vocab_size=128, n_positions=64, rotary_dim=8,
            **TOKENS)), _ids),
        "t5_encoder": lambda: (T.T5EncoderModel(T.T5Config(
            d_model=64, d_ff=128, num_layers=2, num_heads=4, d_kv=16, vocab_size=128)), _ids),
        "roberta": text(T.RobertaModel, T.RobertaConfig, pad_token_id=0),
        "distilbert": lambda: (T.DistilBertModel(T.DistilBertConfig(
            dim=64, hidden_dim=128, n_layers=2, n_heads=4, vocab_size=128,
            max_position_embeddings=64)), _ids),
        "albert": text(T.AlbertModel, T.AlbertConfig, embedding_size=32),
        "deberta_v2": text(T.DebertaV2Model, T.DebertaV2Config),
        "mobilebert": lambda: (T.MobileBertModel(T.MobileBertConfig(
            hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
            vocab_size=128, embedding_size=32, intra_bottleneck_size=32,
            true_hidden_size=32)), _ids),
        "clip_text": text(T.CLIPTextModel, T.CLIPTextConfig, **TOKENS),
        "bart": lambda: (T.BartModel(T.BartConfig(
            d_model=64, encoder_layers=1, decoder_layers=1, encoder_attention_heads=4,
            decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128,
            vocab_size=128, max_position_embeddings=64, **TOKENS)), _ids),
        "whisper_encoder": lambda: (T.WhisperModel(T.WhisperConfig(
            d_model=64, encoder_layers=1, decoder_layers=1, encoder_attention_heads=4,
            decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128,
            vocab_size=128, num_mel_bins=16, max_source_positions=32,
            max_target_positions=32, decoder_start_token_id=0, **TOKENS)).get_encoder(),
            lambda batch, _: (torch.randn(batch, 16, 64),)),
        "wav2vec2": lambda: (T.Wav2Vec2Model(T.Wav2Vec2Config(
            hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
            conv_dim=(16, 16), conv_kernel=(10, 3), conv_stride=(5, 2),
            num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4)),
            lambda batch, length: (torch.randn(batch, 400 + 37 * length),)),
        "mixtral": text(T.MixtralForCausalLM, T.MixtralConfig, num_key_value_heads=2,
                        num_local_experts=4, num_experts_per_tok=2),
        "clip_vision": lambda: (T.CLIPVisionModel(T.CLIPVisionConfig(
            hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
            image_size=32, patch_size=8)), _images),
        "deit": lambda: (T.DeiTModel(T.DeiTConfig(
            hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
            image_size=32, patch_size=8)), _images),
        "dinov2": lambda: (T.Dinov2Model(T.Dinov2Config(
            hidden_size=64, num_hidden_layers=2, num_attention_heads=4, image_size=32,
            patch_size=8)), _images),
        "beit": lambda: (T.BeitModel(T.BeitConfig(
            hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
            image_size=32, patch_size=8, use_relative_position_bias=True)), _images),
        "convnext": lambda: (T.ConvNextModel(T.ConvNextConfig(
            hidden_sizes=[8, 16, 32, 64], depths=[1, 1, 1, 1])), _images),
        "resnet": lambda: (T.ResNetModel(T.ResNetConfig(
            hidden_sizes=[8, 16, 32, 64], depths=[1, 1, 1, 1], embedding_size=8)), _images),
        "mobilenet_v2": lambda: (T.MobileNetV2Model(T.MobileNetV2Config(
            image_size=32, depth_multiplier=0.25)), _images),
        "efficientnet": lambda: (T.EfficientNetModel(T.EfficientNetConfig(
            image_size=32, width_coefficient=0.25, depth_coefficient=0.25, hidden_dim=320)),
            _images),  # (its pooler's kernel, 320, is longer than its 1 x 1 map)
        "segformer": lambda: (T.SegformerModel(T.SegformerConfig(
            hidden_sizes=[8, 16, 32, 64], depths=[1, 1, 1, 1], num_attention_heads=[1, 1, 2, 2],
            decoder_hidden_size=32)), _images),
        # (swin: TorchDynamo alone takes minutes to trace it with dynamic
        # shapes here, whatever the backend; not in the list)
    }


CI_FAMILIES = ["mistral", "opt", "roberta", "clip_text", "t5_encoder", "whisper_encoder",
               "convnext", "beit"]
SHAPES = ((2, 16), (3, 9))


def _output(out):
    for name in ("logits", "last_hidden_state"):
        if hasattr(out, name):
            return getattr(out, name)
    return out[0] if isinstance(out, tuple) else out


def _error_row(name: str) -> dict:
    """A family's row before it has run (an error, until it runs)."""
    return dict(name=name, status="error", max_diff=None, fallbacks=[], per_shape=[],
                kernels=0, graphs=0, error="")


def _family(name: str):
    """(the family's model in eval mode, its inputs maker), seeded."""
    torch.manual_seed(0)
    model, make = _families()[name]()
    return model.eval(), make


def _record(row: dict, start: int, status: str, diff: float):
    """``row`` updated from the backend's reports since ``start``: its
    largest difference, kernels, graphs and eager ops, and its status
    (``fallback`` where it passed with ops in eager). Returns the
    Explanation."""
    from meld import torch as mtorch

    explanation = mtorch.Explanation(mtorch.reports[start:])
    row.update(max_diff=diff, kernels=explanation.kernels,
               graphs=len(mtorch.reports) - start,
               fallbacks=[f"{op}: {why}" for op, why in explanation.fallbacks])
    row["status"] = "fallback" if status == "pass" and row["fallbacks"] else status
    return explanation


def run_family(name: str) -> dict:
    """One family: its status, largest difference from eager, fallbacks,
    partitions compiled per shape, kernels and seconds."""
    from meld import torch as mtorch

    t0 = time.time()
    row = _error_row(name)
    try:
        model, make = _family(name)
        torch._dynamo.reset()
        start = len(mtorch.reports)
        compiled = torch.compile(model, backend="meld", dynamic=True)
        diff = 0.0
        status = "pass"
        with torch.no_grad():
            for batch, length in SHAPES:
                inputs = make(batch, length)
                got, want = _output(compiled(*inputs)), _output(model(*inputs))
                diff = max(diff, float((got - want).abs().max()))
                if not np.allclose(got.numpy(), want.numpy(), rtol=1e-4, atol=1e-4):
                    status = "wrong"
        explanation = _record(row, start, status, diff)
        row["per_shape"] = [why for r in explanation.reports for why in r.specialized.values()]
    except Exception as e:  # noqa: BLE001 - reported as the family's error
        row["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    row["seconds"] = round(time.time() - t0, 1)
    return row


def _no_dropout(model):
    """``model`` with every dropout, stochastic depth and SpecAugment off
    (their masks come from different generators in eager and Meld)."""
    for key in ("dropout", "hidden_dropout", "attention_dropout", "activation_dropout",
                "hidden_dropout_prob", "attention_probs_dropout_prob", "drop_path_rate",
                "drop_connect_rate", "classifier_dropout_prob", "layerdrop"):
        if isinstance(getattr(model.config, key, None), float):
            setattr(model.config, key, 0.0)
    if getattr(model.config, "apply_spec_augment", False):  # (Wav2Vec2's random masks)
        model.config.apply_spec_augment = False
    for module in model.modules():
        if isinstance(module, torch.nn.Dropout):
            module.p = 0.0
        elif isinstance(getattr(module, "dropout", None), float):
            module.dropout = 0.0
        name = type(module).__name__
        if "DropPath" in name or "StochasticDepth" in name:
            module.forward = lambda x, *args, **kwargs: x
    return model


AUTOCAST = {"bf16": torch.bfloat16, "f16": torch.float16}


def run_training(name: str, autocast: Optional[str] = None) -> dict:
    """One family's training step through Meld against eager's: the worst
    parameter gradient's relative difference from float64 eager's, where
    float32 eager's is no closer (see the module's doc). With ``autocast``
    (``bf16`` or ``f16``) the compiled and the float32 eager step run under
    CPU autocast to that dtype, and float64 eager without it."""
    import contextlib
    import copy

    from meld import torch as mtorch

    t0 = time.time()
    row = _error_row(name)
    try:
        model, make = _family(name)
        model = _no_dropout(model.train())
        # (batch norms' and layer norms' scales away from 1 and 0, as in
        # a trained model: some families start with zero scales, whose
        # outputs and gradients are zeros)
        for module in model.modules():
            if isinstance(module, (torch.nn.BatchNorm2d, torch.nn.LayerNorm,
                                   torch.nn.GroupNorm)) and module.weight is not None:
                with torch.no_grad():
                    module.weight.uniform_(0.5, 1.5)
        eager, exact = copy.deepcopy(model), copy.deepcopy(model).double()
        inputs = make(*SHAPES[0])
        torch._dynamo.reset()
        start = len(mtorch.reports)

        def mixed():
            return torch.autocast("cpu", dtype=AUTOCAST[autocast]) if autocast \
                else contextlib.nullcontext()
        with mixed():
            got = _output(torch.compile(model, backend="meld")(*inputs))
        weights = torch.randn(got.shape, generator=torch.Generator().manual_seed(1))
        (got.float() * weights).sum().backward()
        with mixed():
            out = _output(eager(*inputs))
        (out.float() * weights).sum().backward()
        try:
            (_output(exact(*[t.double() if t.is_floating_point() else t for t in inputs]))
             * weights.double()).sum().backward()
        except RuntimeError:  # (an op without float64: Mixtral's grouped matmul)
            if autocast:  # (float32 without autocast: the reference)
                exact = copy.deepcopy(model).float()
                exact.zero_grad(set_to_none=True)
                (_output(exact(*inputs)) * weights).sum().backward()
            else:
                exact = eager  # (then within 1e-3 of float32 eager's)
        triples = [(p.grad, q.grad, r.grad.double()) for p, q, r in
                   zip(model.parameters(), eager.parameters(), exact.parameters())
                   if r.grad is not None]
        floor = 1e-4 * float(torch.cat([r.flatten() for _, _, r in triples]).norm())

        def distance(g, want):
            g = torch.zeros_like(want) if g is None else g.double()
            return float((g - want).norm()) / max(float(want.norm()), floor)

        distances = [(distance(g, want), distance(g_eager, want))
                     for g, g_eager, want in triples]
        diff = max(d for d, _ in distances)
        eager_diff = max(d_eager for _, d_eager in distances)
        # (under autocast a gradient's error is that of its half-precision
        # products and of the ReLU masks their rounding flips, which is
        # luck: under f16 eager's errors on MobileBERT's layers spread over
        # 0.04-1.6%, Meld's over 0.9-2.4%. A gradient within 5% of float64's
        # passes; further, it may be no more than twice eager's. All of them
        # together, as one vector, are held to twice eager's.)
        bound = 0.05 if autocast else 0
        status = "pass"
        if any(d > max(1e-3, 2 * d_eager if exact is not eager else 0, bound)
               for d, d_eager in distances):
            status = "wrong"
        if autocast:
            def whole(grads):
                return torch.cat([torch.zeros_like(w).flatten() if g is None else
                                  g.double().flatten() for g, w in grads])
            want = torch.cat([w.flatten() for _, _, w in triples])
            ours = whole([(g, w) for g, _, w in triples])
            theirs = whole([(g, w) for _, g, w in triples])
            if float((ours - want).norm()) > max(1e-3 * float(want.norm()),
                                                 2 * float((theirs - want).norm())):
                status = "wrong"
        _record(row, start, status, diff)
        row["eager_diff"] = eager_diff
    except Exception as e:  # noqa: BLE001 - reported as the family's error
        row["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    row["seconds"] = round(time.time() - t0, 1)
    return row


def run_export(name: str) -> dict:
    """One family through torch.export and meld.torch.export, as run_family."""
    import inspect

    import meld
    from meld import torch as mtorch
    from meld.frontend import Unsupported
    from meld.torch.backend import _kernels as kernels_of

    t0 = time.time()
    row = _error_row(name)
    try:
        model, make = _family(name)
        shapes = [make(batch, length) for batch, length in SHAPES]
        params = list(inspect.signature(model.forward).parameters)
        kwargs = {"use_cache": False} if "use_cache" in params else {}
        first = shapes[0][0]
        dims = {d: torch.export.Dim.AUTO for d in range(first.dim())
                if first.shape[d] != shapes[1][0].shape[d]}
        dynamic = {params[0]: dims, **{k: None for k in kwargs}}
        program = torch.export.export(model, shapes[0], kwargs=kwargs, dynamic_shapes=dynamic)
        try:
            exe = meld.compile(mtorch.export(program))
        except Unsupported as e:
            row.update(status="unsupported", error=str(e)[:300])
            return row
        diff, status = 0.0, "pass"
        with torch.no_grad():
            for inputs in shapes:
                got = exe(*[t.numpy() for t in inputs])[0]
                want = _output(model(*inputs, **kwargs)).numpy()
                diff = max(diff, float(np.abs(got - want).max()))
                if got.shape != want.shape or not np.allclose(got, want, rtol=1e-4, atol=1e-4):
                    status = "wrong"
        row.update(status=status, max_diff=diff, kernels=kernels_of(exe), graphs=1)
    except Exception as e:  # noqa: BLE001 - reported as the family's error
        row["error"] = f"{type(e).__name__}: {str(e)[:300]}"
    finally:
        row["seconds"] = round(time.time() - t0, 1)
    return row


def markdown(rows, export: bool = False) -> str:
    if export:
        lines = ["| family | status | max diff | Meld kernels | what Meld refused |",
                 "| --- | --- | --- | --- | --- |"]
        for r in rows:
            diff = "" if r["max_diff"] is None else f"{r['max_diff']:.1e}"
            lines.append(f"| {r['name']} | {r['status']} | {diff} | {r['kernels']} | "
                         f"{r['error']} |")
        return "\n".join(lines)
    lines = ["| family | status | max diff | Meld kernels | per-shape partitions | eager ops |",
             "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        diff = "" if r["max_diff"] is None else f"{r['max_diff']:.1e}"
        per_shape = "; ".join(sorted({w.split(": ", 2)[-1] for w in r["per_shape"]}))
        eager = "; ".join(sorted(set(r["fallbacks"]))) or r["error"]
        lines.append(f"| {r['name']} | {r['status']} | {diff} | {r['kernels']} | "
                     f"{per_shape} | {eager} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--markdown")
    parser.add_argument("--export", action="store_true",
                        help="torch.export and meld.torch.export instead of torch.compile")
    parser.add_argument("--train", action="store_true",
                        help="a training step's gradients against eager's")
    parser.add_argument("--autocast", choices=sorted(AUTOCAST),
                        help="with --train: the step under CPU autocast to this dtype")
    args = parser.parse_args(argv)
    names = args.names or list(_families())
    rows = []
    run = run_export if args.export else run_training if args.train else run_family
    if args.autocast:
        if not args.train:
            parser.error("--autocast needs --train")
        run = functools.partial(run_training, autocast=args.autocast)
    for name in names:
        row = run(name)
        rows.append(row)
        print(f"{name}: {row['status']} diff={row['max_diff']} "
              f"eager_diff={row.get('eager_diff')} kernels={row['kernels']} "
              f"per_shape={row['per_shape']} fallbacks={row['fallbacks']} {row['error']} "
              f"[{row['seconds']} s]", flush=True)
    table = markdown(rows, args.export)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(table + "\n")
    print(table)
    return 0 if all(r["status"] in ("pass", "fallback", "unsupported") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
