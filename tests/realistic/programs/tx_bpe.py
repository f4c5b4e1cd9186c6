"""Byte-level BPE (GPT-2 style) implemented with plain dicts and a small merge table.

Text is pre-tokenized with a regex, mapped byte-by-byte onto printable unicode
characters, then merged pair-by-pair following the merge ranks.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Dict, Iterable, List, Optional, Tuple


def bytes_to_unicode() -> dict[int, str]:
    """The reversible byte -> printable-char table used by GPT-2."""
    bs = (
        list(range(ord("!"), ord("~") + 1))
        + list(range(ord("\u00a1"), ord("\u00ac") + 1))
        + list(range(ord("\u00ae"), ord("\u00ff") + 1))
    )
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


BYTE_ENCODER: dict[int, str] = bytes_to_unicode()
BYTE_DECODER: dict[str, int] = {v: k for k, v in BYTE_ENCODER.items()}

# Merge table in rank order ("Ġ" is the byte-level encoding of a leading space).
MERGES: list[tuple[str, str]] = [
    ("Ġ", "t"), ("h", "e"), ("Ġ", "a"), ("i", "n"), ("Ġt", "he"), ("e", "r"),
    ("o", "n"), ("Ġ", "s"), ("r", "e"), ("e", "d"), ("in", "g"), ("Ġ", "w"),
    ("o", "u"), ("a", "n"), ("Ġ", "c"), ("Ġ", "o"), ("Ġ", "m"), ("o", "r"),
    ("Ġ", "i"), ("e", "s"), ("l", "l"), ("a", "t"), ("Ġ", "b"), ("Ġ", "f"),
    ("Ġ", "p"), ("e", "n"), ("i", "s"), ("Ġo", "f"), ("Ġa", "n"), ("Ġan", "d"),
    ("Ġ", "d"), ("i", "t"), ("Ġ", "l"), ("Ġm", "o"), ("d", "e"), ("Ġmo", "de"),
    ("Ġmode", "l"), ("Ġt", "o"), ("k", "en"), ("Ġto", "ken"), ("Ġw", "or"),
    ("l", "d"), ("Ġwor", "ld"), ("e", "ll"), ("h", "ell"), ("Ġh", "ell"),
    ("Ġh", "e"), ("Ġhell", "o"), ("hell", "o"), ("Ġi", "s"), ("Ġ", "h"), ("Ġ", "1"), ("0", "0"),
]
BPE_RANKS: dict[tuple[str, str], int] = {pair: i for i, pair in enumerate(MERGES)}


def _build_vocab() -> dict[str, int]:
    vocab = {ch: i for i, ch in enumerate(BYTE_ENCODER.values())}
    for a, b in MERGES:
        merged = a + b
        if merged not in vocab:
            vocab[merged] = len(vocab)
    vocab["<|endoftext|>"] = len(vocab)
    return vocab


ENCODER: dict[str, int] = _build_vocab()
DECODER: dict[int, str] = {v: k for k, v in ENCODER.items()}
EOS_ID = ENCODER["<|endoftext|>"]

# Python's `re` lacks \p{L}; [^\W\d_] is the usual stand-in for "letters".
PRETOKENIZE_RE = re.compile(
    r"""'s|'t|'re|'ve|'m|'ll|'d| ?[^\W\d_]+| ?\d+| ?[^\s\w]+|\s+(?!\S)|\s+""",
    re.UNICODE,
)


def _get_pairs(word: Tuple[str, ...]) -> set[tuple[str, str]]:
    return {(word[i], word[i + 1]) for i in range(len(word) - 1)}


def _bpe(token: str) -> Tuple[str, ...]:
    word = tuple(token)
    if len(word) < 2:
        return word
    pairs = _get_pairs(word)
    while True:
        best = min(pairs, key=lambda p: BPE_RANKS.get(p, float("inf")))
        if best not in BPE_RANKS:
            break
        first, second = best
        new_word: List[str] = []
        i = 0
        while i < len(word):
            if i < len(word) - 1 and word[i] == first and word[i + 1] == second:
                new_word.append(first + second)
                i += 2
            else:
                new_word.append(word[i])
                i += 1
        word = tuple(new_word)
        if len(word) == 1:
            break
        pairs = _get_pairs(word)
    return word


def pre_tokenize(text: str) -> List[str]:
    """Split text into GPT-2 pre-tokens (words keep their leading space)."""
    return PRETOKENIZE_RE.findall(text)


def byte_encode(text: str) -> List[str]:
    """Pre-tokenize and map each pre-token's UTF-8 bytes to the printable byte alphabet."""
    return ["".join(BYTE_ENCODER[b] for b in tok.encode("utf-8")) for tok in pre_tokenize(text)]


def bpe_word(token: str) -> List[str]:
    """Apply the merge table to one byte-encoded pre-token."""
    return list(_bpe(token))


def encode_bpe(text: str, add_eos: bool = False) -> List[int]:
    """Encode text into token ids."""
    ids: List[int] = []
    for tok in byte_encode(text):
        ids.extend(ENCODER[piece] for piece in _bpe(tok))
    if add_eos:
        ids.append(EOS_ID)
    return ids


def decode_bpe(ids: Iterable[int], errors: str = "replace") -> str:
    """Decode ids back to text; unknown ids raise KeyError, special tokens are dropped."""
    pieces = []
    for i in ids:
        i = int(i)
        if i not in DECODER:
            raise KeyError(f"unknown token id {i}")
        if i == EOS_ID:
            continue
        pieces.append(DECODER[i])
    raw = bytes(BYTE_DECODER[ch] for ch in "".join(pieces))
    return raw.decode("utf-8", errors=errors)


def merge_pair(symbols: List[str], pair: Tuple[str, str]) -> List[str]:
    """Merge every non-overlapping occurrence of ``pair`` in a symbol list (left to right)."""
    out: List[str] = []
    i = 0
    while i < len(symbols):
        if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == pair:
            out.append(symbols[i] + symbols[i + 1])
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def learn_merges(corpus: List[str], num_merges: int) -> List[Tuple[str, str]]:
    """Train a tiny character-level BPE: repeatedly merge the most frequent adjacent pair.

    Ties are broken lexicographically so the result is deterministic.
    """
    if num_merges < 0:
        raise ValueError("num_merges must be non-negative")
    word_freqs: Counter[str] = Counter()
    for line in corpus:
        word_freqs.update(line.split())
    splits: Dict[str, List[str]] = {w: list(w) + ["</w>"] for w in word_freqs}
    merges: List[Tuple[str, str]] = []
    for _ in range(num_merges):
        pair_counts: Counter[tuple[str, str]] = Counter()
        for word, freq in word_freqs.items():
            syms = splits[word]
            for a, b in zip(syms, syms[1:]):
                pair_counts[(a, b)] += freq
        if not pair_counts:
            break
        # max() keeps the first maximum, so sorting first breaks ties lexicographically.
        best = max(sorted(pair_counts), key=lambda p: pair_counts[p])
        merges.append(best)
        for word in splits:
            splits[word] = merge_pair(splits[word], best)
    return merges


def tokenize_with_offsets(text: str) -> List[Dict[str, object]]:
    """BPE tokens with (start, end) character offsets into the original string."""
    result: List[Dict[str, object]] = []
    for match in PRETOKENIZE_RE.finditer(text):
        chunk = match.group(0)
        start = match.start()
        raw = chunk.encode("utf-8")
        encoded = "".join(BYTE_ENCODER[b] for b in raw)
        byte_pos = 0
        for piece in _bpe(encoded):
            n_bytes = len(piece)
            piece_bytes = raw[byte_pos : byte_pos + n_bytes]
            char_start = start + len(raw[:byte_pos].decode("utf-8", errors="ignore"))
            char_end = start + len(raw[: byte_pos + n_bytes].decode("utf-8", errors="ignore"))
            result.append(
                {
                    "token": piece,
                    "id": ENCODER[piece],
                    "start": char_start,
                    "end": char_end,
                    "text": piece_bytes.decode("utf-8", errors="replace"),
                }
            )
            byte_pos += n_bytes
    return result


def compression_ratio(text: str, unit: Optional[str] = "chars") -> float:
    """Characters (or UTF-8 bytes) per BPE token; 0.0 for empty text."""
    ids = encode_bpe(text)
    if not ids:
        return 0.0
    if unit == "chars":
        size = len(text)
    elif unit == "bytes":
        size = len(text.encode("utf-8"))
    else:
        raise ValueError(f"unknown unit {unit!r}")
    return size / len(ids)


CASES = {
    "pre_tokenize": [
        ("Hello world, it's 2024!",),
        ("  leading and   multiple spaces  ",),
        ("",),
        ("naïve café 日本",),
    ],
    "byte_encode": [
        ("the model",),
        ("café",),
        ("",),
        ("tab\tnew\nline",),
    ],
    "bpe_word": [
        ("Ġthe",),
        ("Ġmodel",),
        ("x",),
        ("Ġtokenizing",),
    ],
    "encode_bpe": [
        ("hello world, the model is a token",),
        ("", True),
        ("Ünïcode ✓ 100%", True),
        ("the the the",),
    ],
    "decode_bpe": [
        ([257, 276, 78, 298, 11, 260, 292, 305, 258, 295],),
        ([66, 64, 69, 127, 102, 309],),
        ([],),
        ([127],),
        ([127], "ignore"),
        ([99999],),
    ],
    "merge_pair": [
        (["t", "h", "e", "t", "h"], ("t", "h")),
        (["a", "a", "a"], ("a", "a")),
        ([], ("x", "y")),
        (["l", "o", "w"], ("o", "x")),
    ],
    "learn_merges": [
        (["low lower lowest", "new newer newest", "wide wider widest"], 5),
        (["aaa aaa", "aa"], 3),
        ([], 2),
        (["hug pug pun bun hugs"], 0),
        (["x"], -1),
    ],
    "tokenize_with_offsets": [
        ("hello world",),
        ("café au lait",),
        ("",),
        ("日本",),
    ],
    "compression_ratio": [
        ("the model is a token model and the world",),
        ("café ✓", "bytes"),
        ("",),
        ("abc", "words"),
    ],
}
