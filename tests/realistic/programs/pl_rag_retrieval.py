"""Minimal RAG retrieval helper: overlapping word-window chunking, hashing-trick
embeddings (blake2b, signed, TF-log + IDF-free), cosine top-k and prompt assembly."""

from __future__ import annotations

import hashlib
import heapq
import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

EMBED_DIM = 256
NGRAM_RANGE = (1, 2)
STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been "
    "it its this that these those i you he she we they not no do does did so than then".split()
)

PROMPT_TEMPLATE = """You are a helpful assistant. Answer the question using only the context below.
If the answer is not in the context, say "I don't know."

Context:
{context}

Question: {question}
Answer:"""

_TOKEN_RE = re.compile(r"[\w']+", re.UNICODE)


class Chunk(NamedTuple):
    doc_id: str
    chunk_id: int
    text: str
    start_word: int
    end_word: int


@dataclass
class VectorIndex:
    chunks: List[Chunk]
    matrix: np.ndarray  # [n_chunks, EMBED_DIM] float32, L2-normalised
    meta: Dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.chunks)


def _normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).casefold()
    return text


def _terms(text: str) -> List[str]:
    words = [w for w in _TOKEN_RE.findall(_normalize(text)) if w not in STOPWORDS]
    terms = list(words)
    lo, hi = NGRAM_RANGE
    for n in range(max(2, lo), hi + 1):
        terms.extend(" ".join(words[i:i + n]) for i in range(len(words) - n + 1))
    return terms


def _hash_bucket(term: str, dim: int) -> Tuple[int, float]:
    digest = hashlib.blake2b(term.encode("utf-8"), digest_size=8).digest()
    h = int.from_bytes(digest, "little")
    sign = 1.0 if (h >> 63) & 1 == 0 else -1.0
    return h % dim, sign


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def chunk_text(text: str, chunk_size: int = 40, overlap: int = 10, doc_id: str = "doc") -> List[Chunk]:
    """Split text into windows of `chunk_size` words, consecutive windows sharing `overlap` words."""
    if chunk_size <= 0:
        raise ValueError("chunk_size must be positive")
    if not 0 <= overlap < chunk_size:
        raise ValueError("overlap must satisfy 0 <= overlap < chunk_size")
    words = text.split()
    if not words:
        return []
    step = chunk_size - overlap
    chunks: List[Chunk] = []
    for start in range(0, len(words), step):
        end = min(start + chunk_size, len(words))
        chunks.append(Chunk(doc_id, len(chunks), " ".join(words[start:end]), start, end))
        if end == len(words):
            break
    return chunks


def hash_embed(text: str, dim: int = EMBED_DIM) -> np.ndarray:
    """Signed feature-hashing embedding with sublinear TF, L2-normalised (float32)."""
    vec = np.zeros(dim, dtype=np.float32)
    for term, count in Counter(_terms(text)).items():
        idx, sign = _hash_bucket(term, dim)
        weight = 1.0 + math.log(count)
        if " " in term:
            weight *= 0.5  # down-weight bigrams
        vec[idx] += sign * weight
    norm = float(np.linalg.norm(vec))
    if norm > 0:
        vec /= norm
    return vec


def build_index(documents: Dict[str, str], chunk_size: int = 40, overlap: int = 10) -> VectorIndex:
    """Chunk and embed a {doc_id: text} collection."""
    chunks: List[Chunk] = []
    for doc_id in sorted(documents):
        chunks.extend(chunk_text(documents[doc_id], chunk_size, overlap, doc_id=doc_id))
    if chunks:
        matrix = np.stack([hash_embed(c.text) for c in chunks])
    else:
        matrix = np.zeros((0, EMBED_DIM), dtype=np.float32)
    return VectorIndex(chunks, matrix, {"chunk_size": chunk_size, "overlap": overlap, "n_docs": len(documents)})


def cosine_top_k(query_vec: np.ndarray, matrix: np.ndarray, k: int = 3,
                 min_score: float = -1.0) -> List[Tuple[int, float]]:
    """Indices and cosine scores of the k rows of `matrix` closest to `query_vec`."""
    if matrix.ndim != 2 or query_vec.shape[-1] != matrix.shape[1]:
        raise ValueError(f"shape mismatch: query {query_vec.shape}, matrix {matrix.shape}")
    if matrix.shape[0] == 0 or k <= 0:
        return []
    q = query_vec.astype(np.float64)
    qn = np.linalg.norm(q)
    if qn == 0:
        return []
    m = matrix.astype(np.float64)
    norms = np.linalg.norm(m, axis=1)
    norms[norms == 0] = 1.0
    scores = (m @ q) / (norms * qn)
    best = heapq.nlargest(k, range(len(scores)), key=lambda i: (scores[i], -i))
    return [(int(i), float(scores[i])) for i in best if scores[i] >= min_score]


def search(index: VectorIndex, query: str, k: int = 3) -> List[Dict[str, Any]]:
    """Top-k chunks for a query as [{'doc_id', 'chunk_id', 'score', 'text'}]."""
    hits = cosine_top_k(hash_embed(query), index.matrix, k=k, min_score=1e-6)
    results = []
    for i, score in hits:
        c = index.chunks[i]
        results.append({"doc_id": c.doc_id, "chunk_id": c.chunk_id, "score": round(score, 4), "text": c.text})
    return results


def build_prompt(question: str, contexts: Sequence[str], max_chars: int = 1200) -> str:
    """Fill the prompt template with numbered context passages, staying under max_chars of context."""
    question = " ".join(question.split())
    if not question:
        raise ValueError("question must not be empty")
    parts: List[str] = []
    used = 0
    for n, ctx in enumerate(contexts, start=1):
        block = f"[{n}] {ctx.strip()}"
        if used + len(block) > max_chars:
            remaining = max_chars - used
            if remaining > 20:
                parts.append(block[: remaining - 3].rstrip() + "...")
            break
        parts.append(block)
        used += len(block) + 1
    context = "\n".join(parts) if parts else "(no relevant context found)"
    return PROMPT_TEMPLATE.format(context=context, question=question)


def retrieve_and_prompt(question: str, documents: Dict[str, str], k: int = 3,
                        chunk_size: int = 40, overlap: int = 10) -> Dict[str, Any]:
    """Full pipeline: documents + question -> {'prompt', 'sources'}."""
    index = build_index(documents, chunk_size=chunk_size, overlap=overlap)
    hits = search(index, question, k=k)
    prompt = build_prompt(question, [h["text"] for h in hits])
    sources = [f"{h['doc_id']}#{h['chunk_id']}" for h in hits]
    return {"prompt": prompt, "sources": sources, "num_chunks": len(index)}


# --------------------------------------------------------------------------- #
# Cases
# --------------------------------------------------------------------------- #

_DOCS = {
    "python": (
        "Python is a high-level programming language. Its design philosophy emphasizes code "
        "readability with the use of significant indentation. Python is dynamically typed and "
        "garbage-collected. It supports multiple programming paradigms, including structured, "
        "object-oriented and functional programming. Guido van Rossum began working on Python "
        "in the late 1980s as a successor to the ABC programming language."
    ),
    "numpy": (
        "NumPy is a library for the Python programming language, adding support for large, "
        "multi-dimensional arrays and matrices, along with a large collection of high-level "
        "mathematical functions to operate on these arrays. NumPy was created in 2005 by Travis "
        "Oliphant by incorporating features of Numarray into Numeric."
    ),
    "coffee": (
        "Coffee is a beverage brewed from roasted coffee beans. Café culture spread across Europe "
        "in the 17th century. Espresso is made by forcing hot water through finely ground beans."
    ),
    "empty": "",
}
_INDEX = build_index(_DOCS, chunk_size=20, overlap=5)
_EMPTY_INDEX = build_index({})

CASES = {
    "chunk_text": [
        (_DOCS["python"], 20, 5, "python"),
        ("",),
        ("one two three", 10, 0),
        ("a b c d e f g h i j", 4, 2),
        ("some words here", 5, 5),
        ("x", 0, 0),
    ],
    "hash_embed": [
        ("NumPy arrays and matrices",),
        ("",),
        ("the and of",),
        ("Café ＣＡＦÉ café", 32),
    ],
    "build_index": [
        (_DOCS, 20, 5),
        ({},),
        ({"a": "alpha beta gamma"}, 2, 1),
        ({"a": "alpha"}, 2, 2),
    ],
    "cosine_top_k": [
        (hash_embed("python language"), _INDEX.matrix, 3),
        (hash_embed("espresso"), _INDEX.matrix, 1, 0.1),
        (np.zeros(EMBED_DIM, dtype=np.float32), _INDEX.matrix, 3),
        (hash_embed("x"), _EMPTY_INDEX.matrix, 5),
        (np.ones(4, dtype=np.float32), np.eye(4, dtype=np.float32)[:3], 2),
        (np.ones(3, dtype=np.float32), _INDEX.matrix, 2),
    ],
    "search": [
        (_INDEX, "Who created NumPy?", 2),
        (_INDEX, "how is espresso made", 3),
        (_EMPTY_INDEX, "anything", 3),
        (_INDEX, "", 3),
    ],
    "build_prompt": [
        ("What is NumPy?", ["NumPy is a library.", "It adds arrays."]),
        ("Any context?", []),
        ("Long one", ["word " * 100, "second passage"], 200),
        ("   ", ["ctx"]),
    ],
    "retrieve_and_prompt": [
        ("When was NumPy created?", _DOCS, 2, 20, 5),
        ("What is café culture?", _DOCS),
        ("irrelevant quantum gravity", {"a": "tea and biscuits"}, 3),
        ("q", _DOCS, 3, 10, 10),
    ],
}
