"""EmbeddingGemma in plain PyTorch: the Gemma 3 text encoder (bidirectional) and the
sentence-transformers head (mean pooling, two bias-free Dense layers, L2 normalization).

The architecture follows ../../../shared/reference/embeddinggemma.md. Parameter names follow
Hugging Face's Gemma3TextModel (embed_tokens, layers.N.self_attn.q_proj, ...), so a checkpoint's
state dict loads without renaming.

The muna compiler walks these forward() methods as source, so they are written in a plain,
statically typed style: every weight is reached through self.<name>.weight and applied with a
torch.nn.functional call, every number the forward needs is a typed attribute set in __init__
(no config lookups, caches or hooks at run time), and every shape comes from tensor.shape.
"""

from typing import List

import torch
import torch.nn.functional as F
from torch import Tensor, nn

# Added to the attention logits of keys a query must not see. Finite (not -inf) so that a
# padded query row whose whole window is padding still gets a finite softmax: a NaN there
# would reach real rows through 0 * NaN in the next layer's attention.
MASK_VALUE = -1.0e30


class Weight(nn.Module):
    """Holds one weight matrix under the name `weight`, so parameter names match Hugging Face's
    (q_proj.weight, embed_tokens.weight, ...). Unlike nn.Linear and nn.Embedding it allocates
    without initializing: weights.load_model always fills it (from a checkpoint or a seeded
    generator), and skipping a default init of 300M values saves seconds of cold start."""

    def __init__(self, rows: int, cols: int):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(rows, cols))


class RMSNorm(nn.Module):
    """Gemma's RMSNorm: computed in float32, and the stored weight is an offset from 1."""

    def __init__(self, dim: int, eps: float):
        super().__init__()
        self.weight = nn.Parameter(torch.zeros(dim))
        self.eps: float = eps

    def forward(self, x: Tensor) -> Tensor:
        h = x.float()
        h = h * torch.rsqrt(torch.mean(h * h, dim=-1, keepdim=True) + self.eps)
        h = h * (1.0 + self.weight.float())
        return h.to(x.dtype)


class Attention(nn.Module):
    """Multi-query self-attention: num_heads query heads share num_kv_heads key/value heads;
    q and k get a per-head RMSNorm before rotary position embedding."""

    def __init__(self, hidden: int, num_heads: int, num_kv_heads: int, head_dim: int,
                 eps: float, query_pre_attn_scalar: float, rope_theta: float):
        super().__init__()
        self.q_proj = Weight(num_heads * head_dim, hidden)
        self.k_proj = Weight(num_kv_heads * head_dim, hidden)
        self.v_proj = Weight(num_kv_heads * head_dim, hidden)
        self.o_proj = Weight(hidden, num_heads * head_dim)
        self.q_norm = RMSNorm(head_dim, eps)
        self.k_norm = RMSNorm(head_dim, eps)
        self.num_heads: int = num_heads
        self.num_kv_heads: int = num_kv_heads
        self.head_dim: int = head_dim
        self.scaling: float = query_pre_attn_scalar ** -0.5
        self.rope_theta: float = rope_theta

    def rotary(self, x: Tensor) -> Tensor:
        """Rotate-half RoPE over positions 0..T-1 of x: (batch, heads, T, head_dim). The angles
        are computed in float32 as Hugging Face does, then cast to x's dtype."""
        half = self.head_dim // 2
        exponents = torch.arange(0, self.head_dim, 2, dtype=torch.int64).float() / self.head_dim
        inv_freq = 1.0 / torch.pow(self.rope_theta, exponents)
        positions = torch.arange(x.shape[2], dtype=torch.int64).float()
        freqs = positions.unsqueeze(1) * inv_freq.unsqueeze(0)
        angles = torch.cat([freqs, freqs], dim=-1)
        cos = torch.cos(angles).to(x.dtype)
        sin = torch.sin(angles).to(x.dtype)
        x1 = x[:, :, :, :half]
        x2 = x[:, :, :, half:]
        rotated = torch.cat([-x2, x1], dim=-1)
        return x * cos + rotated * sin

    def forward(self, x: Tensor, blocked: Tensor) -> Tensor:
        """x: (batch, T, hidden); blocked: bool, broadcastable to (batch, 1, T, T), True where a
        query may not attend to a key."""
        batch = x.shape[0]
        tokens = x.shape[1]
        q = F.linear(x, self.q_proj.weight).view(batch, tokens, self.num_heads, self.head_dim)
        k = F.linear(x, self.k_proj.weight).view(batch, tokens, self.num_kv_heads, self.head_dim)
        v = F.linear(x, self.v_proj.weight).view(batch, tokens, self.num_kv_heads, self.head_dim)
        q = self.rotary(self.q_norm(q).transpose(1, 2))
        k = self.rotary(self.k_norm(k).transpose(1, 2))
        v = v.transpose(1, 2)
        # Each key/value head serves num_heads // num_kv_heads consecutive query heads: fold
        # those query heads into the row dimension so one matmul per kv head covers them.
        group = self.num_heads // self.num_kv_heads
        q = q.reshape(batch, self.num_kv_heads, group * tokens, self.head_dim)
        scores = torch.matmul(q, k.transpose(2, 3)).float() * self.scaling
        scores = scores.view(batch, self.num_heads, tokens, tokens)
        scores = scores.masked_fill(blocked, MASK_VALUE)
        probs = F.softmax(scores, dim=-1).to(v.dtype)
        probs = probs.view(batch, self.num_kv_heads, group * tokens, tokens)
        out = torch.matmul(probs, v).view(batch, self.num_heads, tokens, self.head_dim)
        out = out.transpose(1, 2).reshape(batch, tokens, self.num_heads * self.head_dim)
        return F.linear(out, self.o_proj.weight)


class MLP(nn.Module):
    """Gated feed-forward: down(gelu_tanh(gate(x)) * up(x))."""

    def __init__(self, hidden: int, intermediate: int):
        super().__init__()
        self.gate_proj = Weight(intermediate, hidden)
        self.up_proj = Weight(intermediate, hidden)
        self.down_proj = Weight(hidden, intermediate)

    def forward(self, x: Tensor) -> Tensor:
        gate = F.gelu(F.linear(x, self.gate_proj.weight), approximate="tanh")
        return F.linear(gate * F.linear(x, self.up_proj.weight), self.down_proj.weight)


class DecoderLayer(nn.Module):
    """One Gemma 3 layer with "sandwich" norms around both attention and MLP."""

    def __init__(self, hidden: int, intermediate: int, num_heads: int, num_kv_heads: int,
                 head_dim: int, eps: float, query_pre_attn_scalar: float, rope_theta: float,
                 is_sliding: bool):
        super().__init__()
        self.self_attn = Attention(hidden, num_heads, num_kv_heads, head_dim, eps,
                                   query_pre_attn_scalar, rope_theta)
        self.mlp = MLP(hidden, intermediate)
        self.input_layernorm = RMSNorm(hidden, eps)
        self.post_attention_layernorm = RMSNorm(hidden, eps)
        self.pre_feedforward_layernorm = RMSNorm(hidden, eps)
        self.post_feedforward_layernorm = RMSNorm(hidden, eps)
        self.is_sliding: bool = is_sliding

    def forward(self, x: Tensor, full_blocked: Tensor, sliding_blocked: Tensor) -> Tensor:
        blocked = full_blocked
        if self.is_sliding:
            blocked = sliding_blocked
        x = x + self.post_attention_layernorm(self.self_attn(self.input_layernorm(x), blocked))
        x = x + self.post_feedforward_layernorm(self.mlp(self.pre_feedforward_layernorm(x)))
        return x


class Gemma3TextEncoder(nn.Module):
    """Gemma3TextModel used as a bidirectional encoder: token ids -> final hidden states."""

    def __init__(self, config: dict):
        super().__init__()
        check_config(config)
        hidden = config["hidden_size"]
        eps = float(config["rms_norm_eps"])
        self.embed_tokens = Weight(config["vocab_size"], hidden)
        self.layers = nn.ModuleList([
            DecoderLayer(hidden, config["intermediate_size"], config["num_attention_heads"],
                         config["num_key_value_heads"], config["head_dim"], eps,
                         float(config["query_pre_attn_scalar"]),
                         float(config["rope_local_base_freq"] if kind == "sliding_attention"
                               else config["rope_theta"]),
                         kind == "sliding_attention")
            for kind in layer_types(config)
        ])
        self.norm = RMSNorm(hidden, eps)
        # sqrt(hidden) as a Python float; forward rounds it to the weights' dtype first, as
        # Gemma does (27.7128 in float32, 27.75 in bfloat16).
        self.embed_scale: float = float(hidden) ** 0.5
        # Bidirectional Gemma 3 turns the configured window W into the exclusive radius
        # W // 2 + 1: query i sees key j iff |i - j| < radius.
        self.sliding_radius: int = config["sliding_window"] // 2 + 1

    def forward(self, input_ids: Tensor, attention_mask: Tensor) -> Tensor:
        """input_ids, attention_mask: int64 (batch, T), mask 1 for real tokens and 0 for padding.
        Returns (batch, T, hidden) in the weights' dtype."""
        tokens = input_ids.shape[1]
        x = F.embedding(input_ids, self.embed_tokens.weight)
        x = x * torch.tensor(self.embed_scale, dtype=x.dtype)
        # Padding keys are hidden from every query; sliding layers also hide keys outside the
        # window. Shapes (batch, 1, 1, T) and (batch, 1, T, T) broadcast over heads.
        padding = (attention_mask == 0).unsqueeze(1).unsqueeze(2)
        positions = torch.arange(tokens, dtype=torch.int64)
        distance = torch.abs(positions.unsqueeze(1) - positions.unsqueeze(0))
        outside = (distance >= self.sliding_radius).unsqueeze(0).unsqueeze(0)
        sliding_blocked = torch.logical_or(padding, outside)
        for layer in self.layers:
            x = layer(x, padding, sliding_blocked)
        return self.norm(x)


class EmbeddingGemma(nn.Module):
    """The sentence embedding model: encoder, mean pooling over real tokens, Dense, Dense,
    L2 normalization. Returns float32 (batch, dense2 out_features)."""

    def __init__(self, config: dict, dense1_out: int, dense2_out: int):
        super().__init__()
        self.encoder = Gemma3TextEncoder(config)
        self.dense1 = Weight(dense1_out, config["hidden_size"])
        self.dense2 = Weight(dense2_out, dense1_out)

    def forward(self, input_ids: Tensor, attention_mask: Tensor) -> Tensor:
        hidden = self.encoder(input_ids, attention_mask)
        # Pool in float32 so bf16 runs do not lose the average to bf16 rounding.
        weights = attention_mask.unsqueeze(2).float()
        summed = torch.sum(hidden.float() * weights, dim=1)
        counts = torch.clamp(torch.sum(weights, dim=1), min=1e-9)
        pooled = (summed / counts).to(hidden.dtype)
        out = F.linear(F.linear(pooled, self.dense1.weight), self.dense2.weight)
        return F.normalize(out.float(), p=2.0, dim=1)


def layer_types(config: dict) -> List[str]:
    """Each layer's kind: the config's layer_types if given, else Gemma 3's default pattern
    (every sixth layer full attention, counting from 1)."""
    count = config["num_hidden_layers"]
    kinds = config.get("layer_types")
    if kinds is None:
        pattern = config.get("sliding_window_pattern", 6)
        kinds = ["full_attention" if (i + 1) % pattern == 0 else "sliding_attention"
                 for i in range(count)]
    if len(kinds) != count:
        raise ValueError(f"config: layer_types has {len(kinds)} entries for {count} layers")
    for kind in kinds:
        if kind not in ("sliding_attention", "full_attention"):
            raise ValueError(f"config: unknown layer type {kind!r}")
    return list(kinds)


REQUIRED_KEYS = ("vocab_size", "hidden_size", "intermediate_size", "num_hidden_layers",
                 "num_attention_heads", "num_key_value_heads", "head_dim", "rms_norm_eps",
                 "rope_theta", "rope_local_base_freq", "sliding_window",
                 "query_pre_attn_scalar")


def check_config(config: dict) -> None:
    """Rejects configs this implementation would silently compute wrongly."""
    missing = [key for key in REQUIRED_KEYS if key not in config]
    if missing:
        raise ValueError(f"config: missing keys {missing}")
    if config["num_attention_heads"] % config["num_key_value_heads"] != 0:
        raise ValueError("config: num_attention_heads must be a multiple of num_key_value_heads")
    if config["head_dim"] % 2 != 0:
        raise ValueError("config: head_dim must be even for rotary embeddings")
    activation = config.get("hidden_activation", "gelu_pytorch_tanh")
    if activation not in ("gelu_pytorch_tanh", "gelu_tanh"):
        raise ValueError(f"config: hidden_activation {activation!r} is not supported")
    if config.get("use_bidirectional_attention", True) is not True:
        raise ValueError("config: only bidirectional attention (an encoder) is supported")
    # Both change the attention math; EmbeddingGemma sets them to null.
    for key in ("attn_logit_softcapping", "rope_scaling"):
        if config.get(key) is not None:
            raise ValueError(f"config: {key} is not supported")
