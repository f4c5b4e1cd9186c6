"""A tiny transformer encoder written by hand (multi-head attention, LayerNorm, GELU MLP,
pre-norm residuals) plus the functional pieces it is built from."""
import math
from typing import Any, Dict, List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "vocab_size": 64,
    "d_model": 32,
    "n_heads": 4,
    "d_ff": 64,
    "n_layers": 2,
    "max_len": 32,
    "pad_id": 0,
    "cls_id": 1,
    "sep_id": 2,
}
SEQ_LABELS = ["contradiction", "neutral", "entailment"]
TAGS = ["O", "B-PER", "I-PER", "B-LOC", "I-LOC"]


def gelu(x: torch.Tensor) -> torch.Tensor:
    """GELU, tanh approximation (as in the original BERT / GPT-2 code)."""
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def layer_norm(
    x: torch.Tensor,
    weight: Optional[torch.Tensor] = None,
    bias: Optional[torch.Tensor] = None,
    eps: float = 1e-5,
) -> torch.Tensor:
    """LayerNorm over the last dimension, written out explicitly."""
    mean = x.mean(dim=-1, keepdim=True)
    var = (x - mean).pow(2).mean(dim=-1, keepdim=True)
    y = (x - mean) / torch.sqrt(var + eps)
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return y


def scaled_dot_product_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    mask: Optional[torch.Tensor] = None,
) -> Tuple[torch.Tensor, torch.Tensor]:
    """softmax(q k^T / sqrt(d)) v. `mask` is boolean, True where attention is allowed,
    broadcastable to (..., Tq, Tk). Returns (output, attention weights)."""
    d = q.size(-1)
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = F.softmax(scores, dim=-1)
    # rows that are fully masked produce NaN; zero them like most implementations do
    weights = torch.nan_to_num(weights, nan=0.0)
    return torch.matmul(weights, v), weights


class MultiHeadSelfAttention(nn.Module):
    def __init__(self, d_model: int, n_heads: int, dropout: float = 0.1):
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.head_dim = d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.attn_drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q = q.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_heads, self.head_dim).transpose(1, 2)
        if mask is not None and mask.dim() == 2:  # (B, T) key padding mask
            mask = mask[:, None, None, :]
        out, attn = scaled_dot_product_attention(q, k, v, mask)
        out = out.transpose(1, 2).contiguous().view(B, T, C)
        return self.proj(out), attn


class FeedForward(nn.Module):
    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1):
        super().__init__()
        self.fc1 = nn.Linear(d_model, d_ff)
        self.fc2 = nn.Linear(d_ff, d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.drop(self.fc2(gelu(self.fc1(x))))


class EncoderBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, d_ff: int):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = MultiHeadSelfAttention(d_model, n_heads)
        self.ln2 = nn.LayerNorm(d_model)
        self.mlp = FeedForward(d_model, d_ff)

    def forward(self, x: torch.Tensor, mask: Optional[torch.Tensor] = None):
        a, attn = self.attn(self.ln1(x), mask)
        x = x + a
        x = x + self.mlp(self.ln2(x))
        return x, attn


class TinyEncoder(nn.Module):
    def __init__(self, cfg: Dict[str, int]):
        super().__init__()
        self.tok_emb = nn.Embedding(cfg["vocab_size"], cfg["d_model"], padding_idx=cfg["pad_id"])
        self.pos_emb = nn.Embedding(cfg["max_len"], cfg["d_model"])
        self.blocks = nn.ModuleList(
            [EncoderBlock(cfg["d_model"], cfg["n_heads"], cfg["d_ff"]) for _ in range(cfg["n_layers"])]
        )
        self.ln_f = nn.LayerNorm(cfg["d_model"])
        self.cls_head = nn.Linear(cfg["d_model"], len(SEQ_LABELS))
        self.tag_head = nn.Linear(cfg["d_model"], len(TAGS))

    def forward(self, input_ids: torch.Tensor, attention_mask: Optional[torch.Tensor] = None,
                output_attentions: bool = False):
        B, T = input_ids.shape
        pos = torch.arange(T, device=input_ids.device).unsqueeze(0).expand(B, T)
        x = self.tok_emb(input_ids) + self.pos_emb(pos)
        attns = []
        for block in self.blocks:
            x, attn = block(x, attention_mask)
            attns.append(attn)
        x = self.ln_f(x)
        if output_attentions:
            return x, attns
        return x


torch.manual_seed(0)
ENCODER = TinyEncoder(CONFIG).eval()
BLOCK = EncoderBlock(32, 4, 64).eval()
CAUSAL_ATTN = MultiHeadSelfAttention(32, 4).eval()


def split_heads(x: torch.Tensor, num_heads: int) -> torch.Tensor:
    """(B, T, C) -> (B, num_heads, T, C // num_heads)."""
    B, T, C = x.shape
    if C % num_heads != 0:
        raise ValueError(f"hidden size {C} is not divisible by num_heads={num_heads}")
    return x.reshape(B, T, num_heads, C // num_heads).permute(0, 2, 1, 3)


def encoder_block_forward(x: torch.Tensor, attention_mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Run a single pre-norm encoder block on float32 hidden states (B, T, 32)."""
    with torch.no_grad():
        out, _ = BLOCK(x, attention_mask)
    return out


def causal_self_attention(x: torch.Tensor) -> torch.Tensor:
    """Decoder-style self-attention: each position attends only to itself and the past."""
    T = x.size(1)
    causal = torch.tril(torch.ones(T, T, dtype=torch.bool))
    with torch.no_grad():
        out, _ = CAUSAL_ATTN(x, causal[None, None])
    return out


def encode_tokens(input_ids: torch.Tensor, attention_mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Last hidden states of the tiny encoder, (B, T, d_model)."""
    if input_ids.dim() == 1:
        input_ids = input_ids.unsqueeze(0)
    if input_ids.size(1) > CONFIG["max_len"]:
        raise ValueError(f"sequence length {input_ids.size(1)} exceeds max_len={CONFIG['max_len']}")
    if attention_mask is None:
        attention_mask = input_ids != CONFIG["pad_id"]
    with torch.no_grad():
        return ENCODER(input_ids, attention_mask.bool())


def classify_pair(premise_ids: List[int], hypothesis_ids: List[int]) -> Dict[str, Any]:
    """[CLS] premise [SEP] hypothesis [SEP] -> NLI label from the CLS vector."""
    ids = [CONFIG["cls_id"]] + premise_ids + [CONFIG["sep_id"]] + hypothesis_ids + [CONFIG["sep_id"]]
    ids = ids[: CONFIG["max_len"]]
    input_ids = torch.tensor([ids], dtype=torch.long)
    with torch.no_grad():
        hidden = ENCODER(input_ids, torch.ones_like(input_ids, dtype=torch.bool))
        probs = F.softmax(ENCODER.cls_head(hidden[:, 0]), dim=-1)[0]
    idx = probs.argmax().item()
    return {"label": SEQ_LABELS[idx], "score": probs[idx].item(),
            "scores": {l: round(p, 4) for l, p in zip(SEQ_LABELS, probs.tolist())}}


def attention_maps(input_ids: torch.Tensor) -> List[torch.Tensor]:
    """Per-layer attention weights averaged over heads: a list of (B, T, T) tensors."""
    mask = input_ids != CONFIG["pad_id"]
    with torch.no_grad():
        _, attns = ENCODER(input_ids, mask, output_attentions=True)
    return [a.mean(dim=1) for a in attns]


def tag_tokens(batch_ids: List[List[int]]) -> List[List[str]]:
    """Token classification over ragged lists: pad, run, argmax, then strip the padding."""
    if not batch_ids:
        return []
    lengths = [len(s) for s in batch_ids]
    T = max(max(lengths), 1)
    input_ids = torch.zeros(len(batch_ids), T, dtype=torch.long)
    for i, seq in enumerate(batch_ids):
        input_ids[i, : len(seq)] = torch.tensor(seq, dtype=torch.long)
    mask = torch.arange(T)[None, :] < torch.tensor(lengths)[:, None]
    with torch.no_grad():
        logits = ENCODER.tag_head(ENCODER(input_ids, mask))
    preds = logits.argmax(-1)
    return [[TAGS[t] for t in preds[i, :n].tolist()] for i, n in enumerate(lengths)]


_g = torch.Generator().manual_seed(0)
_h = torch.randn(2, 5, 32, generator=_g)
_q = torch.randn(1, 2, 4, 8, generator=_g)
_kv = torch.randn(1, 2, 6, 8, generator=_g)
_ids = torch.randint(3, 64, (2, 7), generator=_g)
_ids[1, 4:] = 0

CASES = {
    "gelu": [
        (torch.linspace(-4, 4, 9),),
        (torch.zeros(3, 3),),
        (torch.tensor([float("nan"), float("inf"), -float("inf")]),),
        (torch.randn(2, 3, 4, generator=_g, dtype=torch.float64),),
    ],
    "layer_norm": [
        (_h,),
        (_h, torch.ones(32), torch.zeros(32)),
        (torch.ones(2, 4), torch.tensor([1.0, 2.0, 3.0, 4.0]), None, 1e-6),
        (torch.tensor([[1.0, 2.0, 3.0]]), None, torch.tensor([0.5, 0.5, 0.5])),
    ],
    "scaled_dot_product_attention": [
        (_q, _kv, _kv),
        (_q, _kv, _kv, torch.tensor([True, True, True, False, False, True])),
        (_q, _q, _q, torch.tril(torch.ones(4, 4, dtype=torch.bool))),
        (_q, _kv, _kv, torch.zeros(4, 6, dtype=torch.bool)),
    ],
    "split_heads": [
        (_h, 4),
        (_h, 1),
        (torch.zeros(1, 0, 12), 3),
        (_h, 5),
    ],
    "encoder_block_forward": [
        (_h,),
        (_h, torch.tensor([[True] * 5, [True, True, True, False, False]])),
        (torch.zeros(1, 1, 32),),
    ],
    "causal_self_attention": [
        (_h,),
        (_h[:1, :1],),
        (torch.ones(3, 4, 32),),
    ],
    "encode_tokens": [
        (_ids,),
        (torch.tensor([1, 10, 11, 2]),),
        (_ids, torch.ones(2, 7, dtype=torch.bool)),
        (torch.ones(1, 40, dtype=torch.long),),
    ],
    "classify_pair": [
        ([10, 11, 12], [13, 14]),
        ([], []),
        (list(range(3, 40)), [5, 6, 7]),
    ],
    "attention_maps": [
        (_ids,),
        (torch.tensor([[1, 5, 2]]),),
        (torch.tensor([[7]]),),
    ],
    "tag_tokens": [
        ([[5, 6, 7, 8], [9, 10]],),
        ([[42]],),
        ([],),
        ([[], [3, 4, 5]],),
    ],
}
