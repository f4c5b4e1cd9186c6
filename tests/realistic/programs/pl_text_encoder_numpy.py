"""Sentence embedding pipeline in plain NumPy: NFKC cleanup, WordPiece tokenizer,
embedding lookup, a two-layer MLP, masked mean pooling and L2 normalisation."""

from __future__ import annotations

import re
import unicodedata
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

# --------------------------------------------------------------------------- #
# Vocabulary / config
# --------------------------------------------------------------------------- #

PAD_TOKEN = "[PAD]"
UNK_TOKEN = "[UNK]"
CLS_TOKEN = "[CLS]"
SEP_TOKEN = "[SEP]"
SPECIAL_TOKENS = [PAD_TOKEN, UNK_TOKEN, CLS_TOKEN, SEP_TOKEN]

_BASE_WORDS = [
    "the", "a", "an", "is", "are", "was", "of", "to", "and", "in", "on", "for",
    "with", "this", "that", "it", "i", "you", "we", "they", "not", "no", "yes",
    "cat", "dog", "bird", "fish", "car", "bike", "train", "city", "house", "tree",
    "good", "bad", "great", "small", "big", "fast", "slow", "happy", "sad",
    "run", "walk", "eat", "sleep", "play", "read", "write", "love", "like", "hate",
    "model", "data", "text", "token", "vector", "search", "query", "cafe", "resume",
    "hello", "world", "machine", "learn", "deep", "net", "work",
]
_SUFFIXES = ["##s", "##es", "##ed", "##ing", "##er", "##ly", "##ness", "##ion", "##ful", "##y"]
_CHARS = list("abcdefghijklmnopqrstuvwxyz0123456789")
_CHAR_CONT = ["##" + c for c in _CHARS]
_PUNCT = list(".,!?;:'\"()-")

VOCAB: Dict[str, int] = {}
for _tok in SPECIAL_TOKENS + _BASE_WORDS + _SUFFIXES + _CHARS + _CHAR_CONT + _PUNCT:
    if _tok not in VOCAB:
        VOCAB[_tok] = len(VOCAB)
ID_TO_TOKEN: Dict[int, str] = {i: t for t, i in VOCAB.items()}

CONFIG = {
    "vocab_size": len(VOCAB),
    "embed_dim": 32,
    "hidden_dim": 64,
    "output_dim": 24,
    "max_length": 32,
    "max_chars_per_word": 40,
}

# --------------------------------------------------------------------------- #
# Weights (seeded, in place of a checkpoint)
# --------------------------------------------------------------------------- #

_rng = np.random.default_rng(0)
EMBEDDINGS: npt.NDArray[np.float32] = (
    _rng.standard_normal((CONFIG["vocab_size"], CONFIG["embed_dim"])) * 0.1
).astype(np.float32)
EMBEDDINGS[VOCAB[PAD_TOKEN]] = 0.0
POSITIONS: npt.NDArray[np.float32] = (
    _rng.standard_normal((CONFIG["max_length"], CONFIG["embed_dim"])) * 0.02
).astype(np.float32)
W1 = (_rng.standard_normal((CONFIG["embed_dim"], CONFIG["hidden_dim"])) / np.sqrt(CONFIG["embed_dim"])).astype(np.float32)
B1 = np.zeros(CONFIG["hidden_dim"], dtype=np.float32)
W2 = (_rng.standard_normal((CONFIG["hidden_dim"], CONFIG["output_dim"])) / np.sqrt(CONFIG["hidden_dim"])).astype(np.float32)
B2 = (_rng.standard_normal(CONFIG["output_dim"]) * 0.01).astype(np.float32)
LN_GAMMA = np.ones(CONFIG["hidden_dim"], dtype=np.float32)
LN_BETA = np.zeros(CONFIG["hidden_dim"], dtype=np.float32)


# --------------------------------------------------------------------------- #
# Text normalisation + tokenizer
# --------------------------------------------------------------------------- #

_CONTROL_RE = re.compile(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\ufeff]")
_WS_RE = re.compile(r"\s+")


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


class WordPieceTokenizer:
    """Greedy longest-match-first WordPiece, BERT style."""

    def __init__(self, vocab: Dict[str, int], unk_token: str = UNK_TOKEN,
                 max_chars_per_word: int = 100, lowercase: bool = True) -> None:
        self.vocab = vocab
        self.unk_token = unk_token
        self.max_chars_per_word = max_chars_per_word
        self.lowercase = lowercase

    def normalize(self, text: str) -> str:
        text = unicodedata.normalize("NFKC", text)
        text = _CONTROL_RE.sub("", text)
        if self.lowercase:
            text = text.lower()
            text = _strip_accents(text)
        return _WS_RE.sub(" ", text).strip()

    def pre_tokenize(self, text: str) -> List[str]:
        words: List[str] = []
        for chunk in text.split(" "):
            if not chunk:
                continue
            buf = []
            for ch in chunk:
                if _is_punctuation(ch):
                    if buf:
                        words.append("".join(buf))
                        buf = []
                    words.append(ch)
                else:
                    buf.append(ch)
            if buf:
                words.append("".join(buf))
        return words

    def wordpiece(self, word: str) -> List[str]:
        if len(word) > self.max_chars_per_word:
            return [self.unk_token]
        pieces: List[str] = []
        start = 0
        while start < len(word):
            end = len(word)
            cur = None
            while start < end:
                sub = word[start:end]
                if start > 0:
                    sub = "##" + sub
                if sub in self.vocab:
                    cur = sub
                    break
                end -= 1
            if cur is None:
                return [self.unk_token]
            pieces.append(cur)
            start = end
        return pieces

    def tokenize(self, text: str) -> List[str]:
        out: List[str] = []
        for word in self.pre_tokenize(self.normalize(text)):
            out.extend(self.wordpiece(word))
        return out

    def convert_tokens_to_ids(self, tokens: Sequence[str]) -> List[int]:
        unk = self.vocab[self.unk_token]
        return [self.vocab.get(t, unk) for t in tokens]

    def encode(self, text: str, max_length: int, add_special_tokens: bool = True) -> List[int]:
        ids = self.convert_tokens_to_ids(self.tokenize(text))
        if add_special_tokens:
            ids = ids[: max_length - 2]
            return [self.vocab[CLS_TOKEN]] + ids + [self.vocab[SEP_TOKEN]]
        return ids[:max_length]


TOKENIZER = WordPieceTokenizer(VOCAB, max_chars_per_word=CONFIG["max_chars_per_word"])


# --------------------------------------------------------------------------- #
# Model pieces
# --------------------------------------------------------------------------- #

def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))


def _layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta


def _l2_normalize(x: np.ndarray, axis: int = -1, eps: float = 1e-12) -> np.ndarray:
    norm = np.linalg.norm(x, axis=axis, keepdims=True)
    return x / np.maximum(norm, eps)


def _forward(input_ids: np.ndarray, attention_mask: np.ndarray) -> np.ndarray:
    seq_len = input_ids.shape[1]
    h = EMBEDDINGS[input_ids] + POSITIONS[:seq_len][None, :, :]
    h = _gelu(h @ W1 + B1)
    h = _layer_norm(h, LN_GAMMA, LN_BETA)
    h = h @ W2 + B2
    mask = attention_mask.astype(np.float32)[:, :, None]
    summed = (h * mask).sum(axis=1)
    counts = np.clip(mask.sum(axis=1), 1e-9, None)
    return summed / counts


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def normalize_text(text: str) -> str:
    """NFKC-normalise, strip control characters and accents, collapse whitespace."""
    return TOKENIZER.normalize(text)


def tokenize(text: str) -> List[str]:
    """Split text into WordPiece tokens (no special tokens)."""
    return TOKENIZER.tokenize(text)


def batch_encode_ids(
    texts: Sequence[str], max_length: Optional[int] = None
) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Tokenise a batch and right-pad to the longest sequence.

    Returns (input_ids [B, T] int64, attention_mask [B, T] bool).
    """
    if max_length is None:
        max_length = CONFIG["max_length"]
    if max_length < 2 or max_length > CONFIG["max_length"]:
        raise ValueError(f"max_length must be in [2, {CONFIG['max_length']}], got {max_length}")
    encoded = [TOKENIZER.encode(t, max_length) for t in texts]
    width = max((len(e) for e in encoded), default=0)
    ids = np.full((len(encoded), width), VOCAB[PAD_TOKEN], dtype=np.int64)
    mask = np.zeros((len(encoded), width), dtype=bool)
    for i, seq in enumerate(encoded):
        ids[i, : len(seq)] = seq
        mask[i, : len(seq)] = True
    return ids, mask


def embed_ids(input_ids: npt.NDArray[np.int64], attention_mask: npt.NDArray[np.bool_]) -> npt.NDArray[np.float32]:
    """Run the encoder on pre-tokenised ids; returns L2-normalised [B, D] float32."""
    if input_ids.ndim != 2:
        raise ValueError(f"input_ids must be 2-D [batch, seq], got shape {input_ids.shape}")
    if input_ids.shape != attention_mask.shape:
        raise ValueError("input_ids and attention_mask must have the same shape")
    if input_ids.shape[1] > CONFIG["max_length"]:
        raise ValueError("sequence longer than max_length")
    if input_ids.size and (input_ids.min() < 0 or input_ids.max() >= CONFIG["vocab_size"]):
        raise IndexError("token id out of vocabulary range")
    if input_ids.shape[0] == 0:
        return np.zeros((0, CONFIG["output_dim"]), dtype=np.float32)
    pooled = _forward(input_ids, attention_mask)
    return _l2_normalize(pooled).astype(np.float32)


def encode_batch(texts: List[str], normalize: bool = True) -> np.ndarray:
    """Full pipeline: list of strings -> [B, D] sentence embeddings."""
    if not texts:
        return np.zeros((0, CONFIG["output_dim"]), dtype=np.float32)
    ids, mask = batch_encode_ids(texts)
    pooled = _forward(ids, mask)
    if normalize:
        pooled = _l2_normalize(pooled)
    return pooled.astype(np.float32)


def similarity(a: str, b: str) -> float:
    """Cosine similarity between two sentences."""
    emb = encode_batch([a, b])
    return float(np.dot(emb[0], emb[1]))


def rank_candidates(query: str, candidates: List[str], top_k: int = 3) -> List[Tuple[str, float]]:
    """Return the top_k candidates most similar to the query, best first."""
    if top_k <= 0:
        raise ValueError("top_k must be positive")
    if not candidates:
        return []
    emb = encode_batch([query] + list(candidates))
    scores = emb[1:] @ emb[0]
    order = np.argsort(-scores, kind="stable")[:top_k]
    return [(candidates[i], round(float(scores[i]), 6)) for i in order]


# --------------------------------------------------------------------------- #
# Test cases
# --------------------------------------------------------------------------- #

_ids_a, _mask_a = batch_encode_ids(["the cat is happy", "dogs run fast"])
_ids_single, _mask_single = batch_encode_ids(["hello world"])

CASES = {
    "normalize_text": [
        ("  Héllo\tWörld  ",),
        ("ｆｕｌｌｗｉｄｔｈ　ＴＥＸＴ①",),
        ("",),
        ("zero\u200bwidth\u0007bell Café",),
    ],
    "tokenize": [
        ("The cats are running fast!",),
        ("",),
        ("Café résumé, naïve?",),
        ("supercalifragilisticexpialidociousandmoreandmoreletters",),
        ("日本語 text",),
    ],
    "batch_encode_ids": [
        (["the cat", "a big dog is running"],),
        ([],),
        (["hello world"] * 3, 4),
        (["x"], 1),
    ],
    "embed_ids": [
        (_ids_a, _mask_a),
        (_ids_single, _mask_single),
        (np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0), dtype=bool)),
        (np.array([1, 2, 3], dtype=np.int64), np.array([True, True, True])),
        (np.array([[2, 9999, 3]], dtype=np.int64), np.ones((1, 3), dtype=bool)),
    ],
    "encode_batch": [
        (["the cat sat on the mat", "a dog"],),
        ([""],),
        ([],),
        (["Machine learning is great", "deep nets work"], False),
    ],
    "similarity": [
        ("the cat is happy", "the cat is happy"),
        ("the cat is happy", "trains are slow"),
        ("", "hello"),
        ("Ｃａｆé", "cafe"),
    ],
    "rank_candidates": [
        ("fast car", ["a slow bike", "the fast car", "happy dog", "big city"], 2),
        ("hello", [], 3),
        ("data search", ["vector search", "text model"], 5),
        ("cat", ["dog"], 0),
    ],
}
