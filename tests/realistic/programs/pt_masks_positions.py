"""Attention masks and position encodings as found in transformer codebases: padding and
causal masks, additive masks, sinusoidal / rotary embeddings, ALiBi and T5 relative buckets."""
import math
from typing import Optional, Tuple

import torch


def lengths_to_mask(lengths: torch.Tensor, max_len: Optional[int] = None) -> torch.Tensor:
    """(B,) int64 lengths -> (B, max_len) bool mask, True on real tokens."""
    if lengths.dim() != 1:
        raise ValueError("lengths must be 1-D")
    if (lengths < 0).any():
        raise ValueError("lengths must be non-negative")
    if max_len is None:
        max_len = int(lengths.max().item()) if lengths.numel() > 0 else 0
    positions = torch.arange(max_len, device=lengths.device)
    return positions.unsqueeze(0) < lengths.unsqueeze(1)


def causal_mask(size: int, diagonal: int = 0) -> torch.Tensor:
    """(size, size) bool lower-triangular mask; diagonal > 0 lets tokens peek ahead."""
    return torch.ones(size, size, dtype=torch.bool).tril(diagonal=diagonal)


def to_additive_mask(attention_mask: torch.Tensor, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    """HF-style extended mask: (B, T) 1/0 -> (B, 1, 1, T) with 0 for keep and finfo.min for drop."""
    if attention_mask.dim() != 2:
        raise ValueError(f"expected (batch, seq_len) mask, got {tuple(attention_mask.shape)}")
    extended = attention_mask[:, None, None, :].to(dtype)
    return (1.0 - extended) * torch.finfo(dtype).min


def combined_causal_padding_mask(attention_mask: torch.Tensor) -> torch.Tensor:
    """Decoder mask: (B, T) padding mask -> (B, 1, T, T) bool, causal AND key-is-real."""
    B, T = attention_mask.shape
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool, device=attention_mask.device))
    return causal[None, None, :, :] & attention_mask.bool()[:, None, None, :]


def position_ids_from_mask(attention_mask: torch.Tensor) -> torch.Tensor:
    """Positions for left-padded batches (as in generate()): cumsum of the mask minus one,
    with padded slots set to 1."""
    position_ids = attention_mask.long().cumsum(-1) - 1
    position_ids.masked_fill_(attention_mask == 0, 1)
    return position_ids


def sinusoidal_position_embedding(num_positions: int, dim: int) -> torch.Tensor:
    """The 'Attention Is All You Need' table: sin on even, cos on odd channels."""
    if dim % 2 != 0:
        raise ValueError(f"dim must be even, got {dim}")
    position = torch.arange(num_positions, dtype=torch.float32).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, dim, 2, dtype=torch.float32) * (-math.log(10000.0) / dim))
    pe = torch.zeros(num_positions, dim)
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe


def rotary_cos_sin(seq_len: int, dim: int, base: float = 10000.0) -> Tuple[torch.Tensor, torch.Tensor]:
    """cos/sin caches of shape (seq_len, dim) for rotary embeddings (GPT-NeoX layout)."""
    inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
    t = torch.arange(seq_len, dtype=inv_freq.dtype)
    freqs = torch.einsum("i,j->ij", t, inv_freq)
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos(), emb.sin()


def _rotate_half(x: torch.Tensor) -> torch.Tensor:
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(
    q: torch.Tensor,
    k: torch.Tensor,
    position_ids: Optional[torch.Tensor] = None,
) -> Tuple[torch.Tensor, torch.Tensor]:
    """Rotate q and k, each (B, H, T, D), by their positions."""
    T, D = q.shape[-2], q.shape[-1]
    if position_ids is None:
        position_ids = torch.arange(T).unsqueeze(0)
    max_pos = int(position_ids.max().item()) + 1 if position_ids.numel() else 1
    cos, sin = rotary_cos_sin(max(max_pos, T), D)
    cos = cos[position_ids].unsqueeze(1).to(q.dtype)
    sin = sin[position_ids].unsqueeze(1).to(q.dtype)
    q_embed = (q * cos) + (_rotate_half(q) * sin)
    k_embed = (k * cos) + (_rotate_half(k) * sin)
    return q_embed, k_embed


def _alibi_slopes(num_heads: int) -> torch.Tensor:
    def power_of_2_slopes(n: int):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start ** i for i in range(n)]

    if math.log2(num_heads).is_integer():
        slopes = power_of_2_slopes(num_heads)
    else:
        closest = 2 ** math.floor(math.log2(num_heads))
        slopes = power_of_2_slopes(closest)
        slopes += power_of_2_slopes(2 * closest)[0::2][: num_heads - closest]
    return torch.tensor(slopes)


def alibi_bias(num_heads: int, seq_len: int) -> torch.Tensor:
    """ALiBi additive bias (num_heads, seq_len, seq_len): -slope * distance to the key."""
    if num_heads <= 0:
        raise ValueError("num_heads must be positive")
    slopes = _alibi_slopes(num_heads)
    pos = torch.arange(seq_len)
    distance = (pos[None, :] - pos[:, None]).clamp(max=0).float()  # <= 0 for past keys
    return slopes[:, None, None] * distance[None, :, :]


def relative_position_bucket(
    query_len: int,
    key_len: int,
    bidirectional: bool = True,
    num_buckets: int = 32,
    max_distance: int = 128,
) -> torch.Tensor:
    """T5 relative position buckets, (query_len, key_len) int64."""
    context_position = torch.arange(query_len, dtype=torch.long)[:, None]
    memory_position = torch.arange(key_len, dtype=torch.long)[None, :]
    relative_position = memory_position - context_position
    relative_buckets = torch.zeros_like(relative_position)
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    rel_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    rel_if_large = torch.min(rel_if_large, torch.full_like(rel_if_large, num_buckets - 1))
    relative_buckets += torch.where(is_small, relative_position, rel_if_large)
    return relative_buckets


_g = torch.Generator().manual_seed(0)
_q = torch.randn(2, 2, 5, 8, generator=_g)
_k = torch.randn(2, 2, 5, 8, generator=_g)

CASES = {
    "lengths_to_mask": [
        (torch.tensor([3, 1, 0, 5]),),
        (torch.tensor([2, 2]), 4),
        (torch.tensor([], dtype=torch.long),),
        (torch.tensor([4, 7]), 3),
        (torch.tensor([2, -1]),),
    ],
    "causal_mask": [
        (4,),
        (1,),
        (0,),
        (5, 1),
    ],
    "to_additive_mask": [
        (torch.tensor([[1, 1, 0], [1, 0, 0]]),),
        (torch.tensor([[True, True, True]]), torch.float16),
        (torch.ones(2, 4, dtype=torch.long), torch.float64),
        (torch.ones(4, dtype=torch.long),),
    ],
    "combined_causal_padding_mask": [
        (torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]]),),
        (torch.tensor([[True]]),),
        (torch.zeros(1, 3, dtype=torch.long),),
    ],
    "position_ids_from_mask": [
        (torch.tensor([[0, 0, 1, 1, 1], [1, 1, 1, 1, 1]]),),
        (torch.tensor([[1]]),),
        (torch.zeros(2, 3, dtype=torch.long),),
        (torch.tensor([[False, True, True]]),),
    ],
    "sinusoidal_position_embedding": [
        (8, 16),
        (1, 2),
        (0, 4),
        (50, 64),
        (4, 7),
    ],
    "rotary_cos_sin": [
        (6, 8),
        (1, 2, 500.0),
        (16, 32, 1e6),
    ],
    "apply_rotary_pos_emb": [
        (_q, _k),
        (_q, _k, torch.tensor([[3, 4, 5, 6, 7], [0, 1, 2, 3, 4]])),
        (_q[:, :, :1], _k[:, :, :1], torch.tensor([[9], [0]])),
        (torch.zeros(1, 1, 3, 4, dtype=torch.float64), torch.ones(1, 1, 3, 4, dtype=torch.float64)),
    ],
    "alibi_bias": [
        (8, 5),
        (6, 4),
        (1, 1),
        (0, 3),
    ],
    "relative_position_bucket": [
        (5, 5),
        (4, 10, False),
        (3, 200, True, 32, 128),
        (1, 1, False, 8, 16),
    ],
}
