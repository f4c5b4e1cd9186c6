"""Small sentence-transformer style encoder in PyTorch: SentencePiece-like tokenizer,
padding collate, one pre-norm transformer block, masked mean pooling."""

import math
import unicodedata
from typing import Any, Dict, List, Optional, Sequence, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

SPACE = "\u2581"  # "▁", SentencePiece word-boundary marker

_PIECES = [
    "the", "a", "is", "of", "and", "to", "in", "it", "for", "on", "with", "as",
    "cat", "dog", "sat", "mat", "ran", "park", "sun", "rain", "cloud", "sky",
    "good", "bad", "very", "not", "movie", "film", "book", "story", "plot",
    "love", "hate", "boring", "fun", "great", "terrible", "price", "cheap",
    "phone", "battery", "screen", "fast", "slow", "work", "ing", "ed", "er",
    "s", "ly", "un", "re", "pre", "tion", "able", "ment", "est",
]


def _build_vocab() -> Dict[str, int]:
    vocab: Dict[str, int] = {"<pad>": 0, "<unk>": 1, "<s>": 2, "</s>": 3}
    # byte-fallback pieces for every byte value
    for b in range(256):
        vocab[f"<0x{b:02X}>"] = len(vocab)
    for p in _PIECES:
        for form in (SPACE + p, p):
            if form not in vocab:
                vocab[form] = len(vocab)
    for ch in "abcdefghijklmnopqrstuvwxyz0123456789.,!?'-":
        for form in (SPACE + ch, ch):
            if form not in vocab:
                vocab[form] = len(vocab)
    vocab[SPACE] = len(vocab)
    return vocab


class SentencePieceLikeTokenizer:
    """Greedy longest-match segmentation with SentencePiece conventions and byte fallback."""

    def __init__(self, vocab: Dict[str, int], max_piece_len: int = 16) -> None:
        self.vocab = vocab
        self.inv_vocab = {i: p for p, i in vocab.items()}
        self.max_piece_len = max_piece_len
        self.pad_id = vocab["<pad>"]
        self.unk_id = vocab["<unk>"]
        self.bos_id = vocab["<s>"]
        self.eos_id = vocab["</s>"]

    def preprocess(self, text: str) -> str:
        text = unicodedata.normalize("NFKC", text).lower()
        text = " ".join(text.split())
        if not text:
            return ""
        return SPACE + text.replace(" ", SPACE)

    def pieces(self, text: str) -> List[str]:
        s = self.preprocess(text)
        out: List[str] = []
        i = 0
        while i < len(s):
            match = None
            for j in range(min(len(s), i + self.max_piece_len), i, -1):
                if s[i:j] in self.vocab:
                    match = s[i:j]
                    break
            if match is None:
                # byte fallback for unknown characters
                for b in s[i].encode("utf-8"):
                    out.append(f"<0x{b:02X}>")
                i += 1
            else:
                out.append(match)
                i += len(match)
        return out

    def encode(self, text: str, add_bos: bool = True, add_eos: bool = True) -> List[int]:
        ids = [self.vocab.get(p, self.unk_id) for p in self.pieces(text)]
        if add_bos:
            ids = [self.bos_id] + ids
        if add_eos:
            ids = ids + [self.eos_id]
        return ids

    def decode(self, ids: Sequence[int]) -> str:
        buf = bytearray()
        out: List[str] = []
        for i in ids:
            piece = self.inv_vocab.get(int(i), "<unk>")
            if piece in ("<pad>", "<s>", "</s>"):
                continue
            if piece.startswith("<0x") and piece.endswith(">"):
                buf.append(int(piece[3:-1], 16))
                continue
            if buf:
                out.append(buf.decode("utf-8", errors="replace"))
                buf = bytearray()
            out.append(piece if piece != "<unk>" else "\ufffd")
        if buf:
            out.append(buf.decode("utf-8", errors="replace"))
        return "".join(out).replace(SPACE, " ").strip()


VOCAB = _build_vocab()
TOKENIZER = SentencePieceLikeTokenizer(VOCAB)
MAX_LEN = 48


class TransformerBlock(nn.Module):
    def __init__(self, d_model: int, n_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        assert d_model % n_heads == 0
        self.n_heads = n_heads
        self.d_head = d_model // n_heads
        self.ln1 = nn.LayerNorm(d_model)
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.ln2 = nn.LayerNorm(d_model)
        self.ff = nn.Sequential(nn.Linear(d_model, d_ff), nn.GELU(), nn.Linear(d_ff, d_model))
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, key_padding_mask: torch.Tensor) -> torch.Tensor:
        b, t, d = x.shape
        h = self.ln1(x)
        q, k, v = self.qkv(h).chunk(3, dim=-1)
        q = q.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        k = k.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        v = v.view(b, t, self.n_heads, self.d_head).transpose(1, 2)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d_head)
        scores = scores.masked_fill(~key_padding_mask[:, None, None, :], float("-inf"))
        attn = torch.softmax(scores, dim=-1)
        attn = torch.nan_to_num(attn, nan=0.0)  # fully padded rows
        ctx = (attn @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.drop(self.proj(ctx))
        x = x + self.drop(self.ff(self.ln2(x)))
        return x


class SentenceEncoder(nn.Module):
    def __init__(self, vocab_size: int, d_model: int = 32, n_heads: int = 4,
                 d_ff: int = 64, max_len: int = MAX_LEN, out_dim: int = 16) -> None:
        super().__init__()
        self.tok_emb = nn.Embedding(vocab_size, d_model, padding_idx=0)
        self.pos_emb = nn.Embedding(max_len, d_model)
        self.block = TransformerBlock(d_model, n_heads, d_ff)
        self.ln_f = nn.LayerNorm(d_model)
        self.head = nn.Linear(d_model, out_dim)

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        positions = torch.arange(input_ids.size(1), device=input_ids.device)
        x = self.tok_emb(input_ids) + self.pos_emb(positions)[None]
        x = self.block(x, attention_mask)
        x = self.ln_f(x)
        m = attention_mask.unsqueeze(-1).to(x.dtype)
        pooled = (x * m).sum(1) / m.sum(1).clamp(min=1e-9)
        return self.head(pooled)


MODEL = SentenceEncoder(len(VOCAB)).eval()


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def encode(text: str, max_length: int = MAX_LEN) -> List[int]:
    """Text -> token ids with <s> ... </s>, truncated to max_length."""
    ids = TOKENIZER.encode(text)
    if len(ids) > max_length:
        ids = ids[: max_length - 1] + [TOKENIZER.eos_id]
    return ids


def decode(ids: List[int]) -> str:
    """Token ids -> text (special tokens dropped, byte pieces reassembled)."""
    return TOKENIZER.decode(ids)


def collate_batch(batch: List[List[int]], pad_id: int = 0) -> Dict[str, torch.Tensor]:
    """Right-pad variable-length id lists into a batch dict."""
    if not batch:
        raise ValueError("cannot collate an empty batch")
    max_len = max(len(seq) for seq in batch)
    if max_len > MAX_LEN:
        raise ValueError(f"sequence of length {max_len} exceeds model max length {MAX_LEN}")
    input_ids = torch.full((len(batch), max_len), pad_id, dtype=torch.long)
    attention_mask = torch.zeros((len(batch), max_len), dtype=torch.bool)
    for i, seq in enumerate(batch):
        if seq:
            input_ids[i, : len(seq)] = torch.tensor(seq, dtype=torch.long)
            attention_mask[i, : len(seq)] = True
    lengths = attention_mask.sum(dim=1)
    return {"input_ids": input_ids, "attention_mask": attention_mask, "lengths": lengths}


@torch.no_grad()
def embed(input_ids: torch.Tensor, attention_mask: torch.Tensor, normalize: bool = True) -> torch.Tensor:
    """Forward pass on a padded batch -> [B, out_dim] float32 embeddings."""
    if input_ids.dim() != 2:
        raise ValueError("input_ids must be [batch, seq_len]")
    if attention_mask.dtype != torch.bool:
        attention_mask = attention_mask != 0
    out = MODEL(input_ids.long(), attention_mask)
    if normalize:
        out = F.normalize(out, p=2, dim=-1)
    return out


def encode_sentences(sentences: List[str], batch_size: int = 8) -> torch.Tensor:
    """Full pipeline: strings -> normalised embeddings, processed in mini-batches."""
    if batch_size < 1:
        raise ValueError("batch_size must be >= 1")
    if len(sentences) == 0:
        return torch.empty(0, MODEL.head.out_features)
    chunks = []
    for start in range(0, len(sentences), batch_size):
        ids = [encode(s) for s in sentences[start:start + batch_size]]
        batch = collate_batch(ids)
        chunks.append(embed(batch["input_ids"], batch["attention_mask"]))
    return torch.cat(chunks, dim=0)


def cosine_matrix(a: torch.Tensor, b: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Pairwise cosine similarity between rows of a and rows of b (or a with itself)."""
    if b is None:
        b = a
    if a.size(-1) != b.size(-1):
        raise ValueError(f"dimension mismatch: {a.size(-1)} vs {b.size(-1)}")
    return F.normalize(a, dim=-1) @ F.normalize(b, dim=-1).T


def semantic_search(query: str, corpus: List[str], top_k: int = 5) -> List[Dict[str, Any]]:
    """Rank corpus sentences by similarity to query; returns [{'corpus_id', 'text', 'score'}]."""
    if not corpus:
        return []
    q = encode_sentences([query])
    c = encode_sentences(corpus)
    scores = cosine_matrix(q, c)[0]
    k = min(top_k, len(corpus))
    values, indices = torch.topk(scores, k)
    return [
        {"corpus_id": int(i), "text": corpus[int(i)], "score": round(float(v), 5)}
        for v, i in zip(values, indices)
    ]


_b2 = collate_batch([encode("the cat sat on the mat"), encode("good movie")])
_b1 = collate_batch([encode("")])
_rng = torch.Generator().manual_seed(1)

CASES = {
    "encode": [
        ("The cat sat on the mat.",),
        ("",),
        ("Großartig 😀 film",),
        ("a very very very very very very very very very long boring plot " * 3, 16),
    ],
    "decode": [
        (encode("The cat sat on the mat."),),
        ([],),
        (encode("Großartig 😀 film"),),
        ([2, 0, 0, 3],),
    ],
    "collate_batch": [
        ([[2, 300, 301, 3], [2, 3]],),
        ([[2, 3]],),
        ([[], [2, 5, 3]], 0),
        ([],),
        ([list(range(60))],),
    ],
    "embed": [
        (_b2["input_ids"], _b2["attention_mask"]),
        (_b1["input_ids"], _b1["attention_mask"], False),
        (_b2["input_ids"], _b2["attention_mask"].long()),
        (torch.tensor([2, 3]), torch.tensor([True, True])),
    ],
    "encode_sentences": [
        (["great phone, fast screen", "terrible battery", "cheap price"],),
        ([],),
        (["one"] * 5, 2),
        (["x"], 0),
    ],
    "cosine_matrix": [
        (torch.randn(3, 16, generator=_rng), torch.randn(4, 16, generator=_rng)),
        (torch.randn(2, 8, generator=_rng), None),
        (torch.zeros(2, 4), torch.ones(1, 4)),
        (torch.randn(2, 8, generator=_rng), torch.randn(2, 6, generator=_rng)),
    ],
    "semantic_search": [
        ("fun movie", ["boring film", "great story", "cheap phone", "rain in the park"], 2),
        ("anything", [], 5),
        ("love it", ["i love it"], 10),
    ],
}
