"""Builds an EmbeddingGemma model: from a checkpoint folder in Hugging Face's layout of
google/embeddinggemma-300m, or with deterministic random weights of the real or a tiny config.

Checkpoint layout read here:
    config.json                  Gemma3TextConfig
    model.safetensors            Gemma3TextModel tensors, names with or without "model."
                                 (or model.safetensors.index.json + shards)
    2_Dense/config.json, 2_Dense/model.safetensors   linear.weight (3072, 768)
    3_Dense/config.json, 3_Dense/model.safetensors   linear.weight (768, 3072)
"""

import json
from pathlib import Path
from typing import Dict, Optional, Tuple, Union

import torch
from torch import nn

from model import EmbeddingGemma
from safetensors import load_file

# google/embeddinggemma-300m's config (see shared/reference/embeddinggemma.md).
FULL_CONFIG = {
    "architectures": ["Gemma3TextModel"],
    "model_type": "gemma3_text",
    "vocab_size": 262144,
    "hidden_size": 768,
    "intermediate_size": 1152,
    "num_hidden_layers": 24,
    "num_attention_heads": 3,
    "num_key_value_heads": 1,
    "head_dim": 256,
    "rms_norm_eps": 1e-6,
    "rope_theta": 1000000.0,
    "rope_local_base_freq": 10000.0,
    "sliding_window": 512,
    "layer_types": ["full_attention" if (i + 1) % 6 == 0 else "sliding_attention"
                    for i in range(24)],
    "query_pre_attn_scalar": 256,
    "max_position_embeddings": 2048,
    "pad_token_id": 0,
    "eos_token_id": 1,
    "bos_token_id": 2,
    "hidden_activation": "gelu_pytorch_tanh",
    "use_bidirectional_attention": True,
    "attn_logit_softcapping": None,
    "rope_scaling": None,
}
FULL_DENSE = (3072, 768)

# A small model for tests. The vocabulary stays 262144 because the real Gemma 3 tokenizer feeds
# it; a window of 8 (radius 5) makes the sliding layers differ from full ones at ~6+ tokens; the
# last Dense outputs 768 so embed()'s Matryoshka dimensions mean the same as on the real model.
TINY_CONFIG = dict(
    FULL_CONFIG,
    hidden_size=64,
    intermediate_size=96,
    num_hidden_layers=3,
    num_attention_heads=3,
    num_key_value_heads=1,
    head_dim=16,
    sliding_window=8,
    layer_types=["sliding_attention", "full_attention", "sliding_attention"],
    query_pre_attn_scalar=16,
)
TINY_DENSE = (256, 768)

# Random weights: std 0.02 for matrices (the usual Gemma init) keeps logits and residuals well
# scaled; RMSNorm offsets are small so each norm stays close to a plain RMS normalization.
WEIGHT_STD = 0.02
NORM_STD = 0.05

PathLike = Union[str, Path]


def load_model(path: Optional[PathLike] = None, tiny: bool = False,
               dtype: torch.dtype = torch.float32, seed: int = 0) -> EmbeddingGemma:
    """The inference-ready model (eval mode, no gradients) in `dtype`: loaded from the
    checkpoint folder `path`, or random (seeded) of the tiny or full config when path is None."""
    if path is not None:
        model = _load_checkpoint(Path(path))
    else:
        config, dense = (TINY_CONFIG, TINY_DENSE) if tiny else (FULL_CONFIG, FULL_DENSE)
        model = EmbeddingGemma(config, dense[0], dense[1])
        _randomize(model, seed)
    model = model.to(dtype)
    model.requires_grad_(False)
    return model.eval()


def _randomize(model: EmbeddingGemma, seed: int) -> None:
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for name, param in model.named_parameters():
            is_norm = name.endswith("norm.weight")
            std = NORM_STD if is_norm else WEIGHT_STD
            # In place: a temporary of the 805 MB embedding table would double the page faults.
            param.normal_(0.0, std, generator=generator)


def _load_checkpoint(folder: Path) -> EmbeddingGemma:
    config = _read_json(folder / "config.json")
    dense1, dense1_shape = _load_dense(folder / "2_Dense")
    dense2, dense2_shape = _load_dense(folder / "3_Dense")
    if dense1_shape[1] != config.get("hidden_size") or dense2_shape[1] != dense1_shape[0]:
        raise ValueError(f"{folder}: Dense shapes {dense1_shape} and {dense2_shape} do not chain "
                         f"from hidden_size {config.get('hidden_size')}")
    model = EmbeddingGemma(config, dense1_shape[0], dense2_shape[0])

    tensors = _read_encoder_tensors(folder)
    expected = dict(model.encoder.named_parameters())
    missing = sorted(set(expected) - set(tensors))
    unexpected = sorted(set(tensors) - set(expected))
    if missing or unexpected:
        raise ValueError(f"{folder}: checkpoint does not match config.json: missing tensors "
                         f"{missing[:8]}{' ...' if len(missing) > 8 else ''}, unexpected tensors "
                         f"{unexpected[:8]}{' ...' if len(unexpected) > 8 else ''}")
    for name, param in expected.items():
        _check_shape(folder / "model.safetensors", name, tensors[name], param.shape)
        _replace(model.encoder, name, tensors[name])
    _replace(model, "dense1.weight", dense1)
    _replace(model, "dense2.weight", dense2)
    return model


def _read_encoder_tensors(folder: Path) -> Dict[str, torch.Tensor]:
    """Gemma3TextModel tensors by name without the "model." prefix some exports add."""
    index = folder / "model.safetensors.index.json"
    if index.exists():
        shards = sorted(set(_read_json(index)["weight_map"].values()))
        tensors = {}
        for shard in shards:
            tensors.update(load_file(folder / shard))
    else:
        single = folder / "model.safetensors"
        if not single.exists():
            raise FileNotFoundError(f"{folder}: no model.safetensors (or its index)")
        tensors = load_file(single)
    return {name[len("model."):] if name.startswith("model.") else name: tensor
            for name, tensor in tensors.items()}


def _load_dense(folder: Path) -> Tuple[torch.Tensor, Tuple[int, int]]:
    """A sentence-transformers Dense module: only bias-free, identity-activation layers occur
    in EmbeddingGemma, so anything else is rejected rather than computed wrongly."""
    config = _read_json(folder / "config.json")
    if config.get("bias", True):
        raise ValueError(f"{folder}: Dense with bias is not supported")
    activation = config.get("activation_function", "torch.nn.modules.linear.Identity")
    if not activation.endswith("Identity"):
        raise ValueError(f"{folder}: Dense activation {activation!r} is not supported")
    tensors = load_file(folder / "model.safetensors")
    if "linear.weight" not in tensors:
        raise ValueError(f"{folder / 'model.safetensors'}: missing tensor 'linear.weight'")
    shape = (int(config["out_features"]), int(config["in_features"]))
    weight = tensors["linear.weight"]
    _check_shape(folder / "model.safetensors", "linear.weight", weight, shape)
    return weight, shape


def _check_shape(file: Path, name: str, tensor: torch.Tensor, shape) -> None:
    if tuple(tensor.shape) != tuple(shape):
        raise ValueError(f"{file}: tensor {name!r} has shape {tuple(tensor.shape)}, "
                         f"expected {tuple(shape)}")


def _replace(root: nn.Module, name: str, tensor: torch.Tensor) -> None:
    """Makes the file's tensor the parameter itself (float32 files stay memory-mapped, so the
    embedding table is paged in only where rows are used); other dtypes become float32 here
    and load_model casts to the requested dtype."""
    owner, _, leaf = name.rpartition(".")
    module = root.get_submodule(owner) if owner else root
    value = tensor if tensor.dtype == torch.float32 else tensor.float()
    setattr(module, leaf, nn.Parameter(value, requires_grad=False))


def _read_json(file: Path) -> dict:
    if not file.exists():
        raise FileNotFoundError(f"{file}: not found (expected the Hugging Face layout of "
                                f"google/embeddinggemma-300m)")
    with open(file, encoding="utf-8") as f:
        return json.load(f)
