"""Sentence-embedding utilities in the style of sentence-transformers: pooling, cosine
similarity, semantic search, paraphrase dedup, CLIP-like zero-shot scoring, quantization."""
import hashlib
import unicodedata
from typing import Dict, List, Optional, Tuple, Union

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

NUM_BUCKETS = 512
EMBED_DIM = 32
NGRAM_RANGE = (2, 3)


def _char_ngrams(text: str) -> List[str]:
    text = unicodedata.normalize("NFKC", text).lower().strip()
    padded = f"<{text}>"
    grams = []
    for n in range(NGRAM_RANGE[0], NGRAM_RANGE[1] + 1):
        grams.extend(padded[i:i + n] for i in range(len(padded) - n + 1))
    return grams


def _bucket(gram: str) -> int:
    digest = hashlib.md5(gram.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "little") % NUM_BUCKETS


class HashingEncoder(nn.Module):
    """Char n-gram hashing -> embedding table -> mean pool -> projection."""

    def __init__(self, num_buckets: int, dim: int):
        super().__init__()
        self.emb = nn.Embedding(num_buckets + 1, dim, padding_idx=num_buckets)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        tok = self.emb(ids)
        pooled = mean_pooling(tok, mask)
        return self.proj(torch.tanh(pooled))


torch.manual_seed(0)
ENCODER = HashingEncoder(NUM_BUCKETS, EMBED_DIM).eval()
IMAGE_PROJ = nn.Linear(64, EMBED_DIM, bias=False).eval()
LOGIT_SCALE = 100.0


def mean_pooling(token_embeddings: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """Average token embeddings (B, T, D) over the positions where attention_mask is 1."""
    input_mask_expanded = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).float()
    sum_embeddings = torch.sum(token_embeddings * input_mask_expanded, 1)
    sum_mask = torch.clamp(input_mask_expanded.sum(1), min=1e-9)
    return sum_embeddings / sum_mask


def max_pooling(token_embeddings: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """Max over the unmasked positions; padded positions are set to -1e9 first."""
    mask = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).bool()
    masked = token_embeddings.masked_fill(~mask, -1e9)
    return torch.max(masked, dim=1).values


def cos_sim(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Cosine similarity matrix between every row of a and every row of b."""
    if a.dim() == 1:
        a = a.unsqueeze(0)
    if b.dim() == 1:
        b = b.unsqueeze(0)
    a_norm = F.normalize(a, p=2, dim=1)
    b_norm = F.normalize(b, p=2, dim=1)
    return torch.mm(a_norm, b_norm.transpose(0, 1))


def embed_texts(texts: List[str], normalize: bool = True) -> torch.Tensor:
    """Encode texts to (N, EMBED_DIM) float32 embeddings."""
    bucket_lists = [[_bucket(g) for g in _char_ngrams(t)] for t in texts]
    T = max([len(b) for b in bucket_lists] + [1])
    ids = torch.full((len(texts), T), NUM_BUCKETS, dtype=torch.long)
    mask = torch.zeros(len(texts), T, dtype=torch.long)
    for i, b in enumerate(bucket_lists):
        ids[i, : len(b)] = torch.tensor(b, dtype=torch.long)
        mask[i, : len(b)] = 1
    with torch.no_grad():
        emb = ENCODER(ids, mask)
    if normalize:
        emb = F.normalize(emb, p=2, dim=-1)
    return emb


def semantic_search(
    query_embeddings: torch.Tensor,
    corpus_embeddings: torch.Tensor,
    top_k: int = 5,
) -> List[List[Dict[str, Union[int, float]]]]:
    """For every query: the top_k corpus entries as {"corpus_id", "score"}, best first."""
    scores = cos_sim(query_embeddings, corpus_embeddings)
    k = min(top_k, scores.size(1))
    top_scores, top_idx = torch.topk(scores, k, dim=1, largest=True, sorted=True)
    results = []
    for q in range(scores.size(0)):
        hits = [{"corpus_id": int(i), "score": float(s)} for s, i in zip(top_scores[q], top_idx[q])]
        results.append(hits)
    return results


def most_similar_pair(texts: List[str]) -> Tuple[int, int, float]:
    """Indices (i < j) of the two most similar texts and their cosine score."""
    if len(texts) < 2:
        raise ValueError("need at least two texts")
    emb = embed_texts(texts)
    sim = emb @ emb.T
    sim.fill_diagonal_(-float("inf"))
    flat = int(torch.argmax(sim))
    i, j = divmod(flat, sim.size(1))
    i, j = min(i, j), max(i, j)
    return i, j, round(float(sim[i, j]), 6)


def deduplicate(texts: List[str], threshold: float = 0.9) -> List[int]:
    """Greedy near-duplicate removal: keep a text unless it is too similar to a kept one."""
    if not texts:
        return []
    emb = embed_texts(texts)
    kept: List[int] = []
    for i in range(len(texts)):
        if kept:
            sims = emb[i] @ emb[kept].T
            if bool((sims >= threshold).any()):
                continue
        kept.append(i)
    return kept


def zero_shot_image_labels(
    image_features: np.ndarray,
    labels: List[str],
    template: str = "a photo of a {}",
) -> Dict[str, float]:
    """CLIP-style: project image features, compare to prompt embeddings, softmax over labels."""
    if not labels:
        raise ValueError("labels must not be empty")
    img = torch.from_numpy(np.asarray(image_features, dtype=np.float32)).reshape(1, -1)
    with torch.no_grad():
        img_emb = F.normalize(IMAGE_PROJ(img), dim=-1)
    txt_emb = embed_texts([template.format(l) for l in labels])
    logits = LOGIT_SCALE * img_emb @ txt_emb.t()
    probs = logits.softmax(dim=-1).squeeze(0)
    return {label: float(p) for label, p in zip(labels, probs)}


def quantize_embeddings(embeddings: torch.Tensor, precision: str = "int8",
                        ranges: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Scalar (int8/uint8) or binary quantization of float embeddings."""
    if precision == "binary":
        bits = (embeddings > 0).numpy().astype(np.uint8)
        return torch.from_numpy(np.packbits(bits, axis=-1).astype(np.int16) - 128).to(torch.int8)
    if precision == "ubinary":
        return torch.from_numpy(np.packbits((embeddings > 0).numpy(), axis=-1))
    if precision not in ("int8", "uint8"):
        raise ValueError(f"unsupported precision {precision!r}")
    if ranges is None:
        ranges = torch.stack([embeddings.min(dim=0).values, embeddings.max(dim=0).values])
    starts = ranges[0]
    steps = (ranges[1] - ranges[0]) / 255
    steps = torch.where(steps == 0, torch.ones_like(steps), steps)
    q = ((embeddings - starts) / steps).round()
    if precision == "uint8":
        return q.clamp(0, 255).to(torch.uint8)
    return (q - 128).clamp(-128, 127).to(torch.int8)


_g = torch.Generator().manual_seed(0)
_tok = torch.randn(2, 4, 6, generator=_g)
_mask = torch.tensor([[1, 1, 1, 0], [1, 0, 0, 0]])
_corpus = ["How do I reset my password?", "Shipping takes 3-5 business days.",
           "You can return items within 30 days.", "Reset your password from the login page.",
           "Our store opens at 9am."]
_corpus_emb = embed_texts(_corpus)
_rng = np.random.default_rng(0)

CASES = {
    "mean_pooling": [
        (_tok, _mask),
        (_tok, torch.ones(2, 4, dtype=torch.long)),
        (_tok, torch.zeros(2, 4, dtype=torch.long)),
        (_tok[:1], torch.tensor([[True, False, True, False]])),
    ],
    "max_pooling": [
        (_tok, _mask),
        (_tok, torch.ones(2, 4, dtype=torch.long)),
        (torch.zeros(1, 3, 2), torch.tensor([[1, 1, 0]])),
    ],
    "cos_sim": [
        (_corpus_emb[:2], _corpus_emb),
        (torch.tensor([1.0, 0.0]), torch.tensor([[0.0, 1.0], [1.0, 1.0], [-2.0, 0.0]])),
        (torch.zeros(1, 3), torch.ones(2, 3)),
        (torch.randn(3, 5, generator=_g, dtype=torch.float64), torch.randn(4, 5, generator=_g, dtype=torch.float64)),
    ],
    "embed_texts": [
        (["hello world", "Hello, World!"],),
        ([""],),
        (["Grüße aus Köln", "東京タワー"], False),
        ([],),
    ],
    "semantic_search": [
        (embed_texts(["forgot password"]), _corpus_emb, 3),
        (embed_texts(["when do you open", "refund policy"]), _corpus_emb),
        (_corpus_emb[0], _corpus_emb, 10),
        (torch.zeros(1, EMBED_DIM), _corpus_emb, 1),
    ],
    "most_similar_pair": [
        (_corpus,),
        (["same text", "same text"],),
        (["a", "b", "c"],),
        (["only one"],),
    ],
    "deduplicate": [
        (["The cat sat.", "the cat sat", "A dog barked.", "The cat  sat."],),
        (_corpus, 0.5),
        ([],),
        (["x"], 0.0),
    ],
    "zero_shot_image_labels": [
        (_rng.normal(size=64), ["cat", "dog", "car"]),
        (np.zeros(64, dtype=np.float32), ["cat", "dog"]),
        (_rng.normal(size=(1, 64)).astype(np.float32), ["sunset over the sea"], "{}"),
        (_rng.normal(size=64), []),
    ],
    "quantize_embeddings": [
        (_corpus_emb,),
        (_corpus_emb, "uint8"),
        (_corpus_emb, "binary"),
        (_corpus_emb, "ubinary"),
        (_corpus_emb, "int8", torch.tensor([[-0.5] * EMBED_DIM, [0.5] * EMBED_DIM])),
        (_corpus_emb, "float4"),
    ],
}
