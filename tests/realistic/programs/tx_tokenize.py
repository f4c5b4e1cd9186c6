"""A small pure-Python BERT-style tokenizer: basic tokenization plus greedy WordPiece.

The vocabulary is tiny and hard-coded so the module is self-contained; the algorithms
match the reference BERT implementation (lower-casing, accent stripping, punctuation and
CJK splitting, longest-match-first subword lookup).
"""

import re
import unicodedata
from typing import Dict, List, Optional, Sequence, Tuple

PAD, UNK, CLS, SEP, MASK = "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"
SPECIAL_TOKENS = [PAD, UNK, CLS, SEP, MASK]

_WORDS = [
    "the", "a", "an", "is", "was", "to", "of", "and", "in", "it", "i", "you", "this",
    "that", "model", "token", "text", "play", "run", "jump", "walk", "talk", "un",
    "believ", "able", "happy", "new", "york", "city", "hello", "world", "good", "bad",
    "movie", "film", "great", "not", "very", "cafe", "re", "do", "work", "learn",
    "machine", "deep", "net", "transform", "er", "data", "set",
]
_SUFFIXES = [
    "##s", "##ing", "##ed", "##er", "##ers", "##ly", "##able", "##ness", "##ize",
    "##ation", "##al", "##ment", "##ie", "##y", "##e", "##d", "##n", "##t", "##r",
    "##believ", "##set", "##former",
]
_PUNCT_AND_CHARS = list(".,!?;:'\"()-") + list("abcdefghijklmnopqrstuvwxyz0123456789")
_CHAR_PIECES = ["##" + c for c in "abcdefghijklmnopqrstuvwxyz0123456789"]
_CJK = ["日", "本", "語", "中", "文"]


def _build_vocab() -> Dict[str, int]:
    vocab: Dict[str, int] = {}
    for tok in SPECIAL_TOKENS + _WORDS + _SUFFIXES + _PUNCT_AND_CHARS + _CHAR_PIECES + _CJK:
        if tok not in vocab:
            vocab[tok] = len(vocab)
    return vocab


VOCAB: Dict[str, int] = _build_vocab()
ID_TO_TOKEN: Dict[int, str] = {i: t for t, i in VOCAB.items()}

_PUNCT_SPLIT_RE = re.compile(r"\w+|[^\w\s]", re.UNICODE)


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    # Treat all non-letter/number ASCII as punctuation, like BERT does ("$", "^", "`").
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x4E00 <= cp <= 0x9FFF
        or 0x3400 <= cp <= 0x4DBF
        or 0x20000 <= cp <= 0x2A6DF
        or 0xF900 <= cp <= 0xFAFF
    )


def _clean_text(text: str) -> str:
    out = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD:
            continue
        if ch in (" ", "\t", "\n", "\r") or unicodedata.category(ch) == "Zs":
            out.append(" ")
        elif unicodedata.category(ch).startswith("C"):
            continue
        else:
            out.append(ch)
    return "".join(out)


def whitespace_tokenize(text: str) -> List[str]:
    """Split on runs of whitespace; returns [] for blank input."""
    text = text.strip()
    if not text:
        return []
    return text.split()


def basic_tokenize(text: str, do_lower_case: bool = True) -> List[str]:
    """BERT BasicTokenizer: clean, pad CJK chars, lower/strip accents, split punctuation."""
    text = _clean_text(text)
    text = "".join(f" {ch} " if _is_cjk(ch) else ch for ch in text)
    tokens: List[str] = []
    for word in whitespace_tokenize(text):
        if do_lower_case:
            word = word.lower()
            word = "".join(
                c for c in unicodedata.normalize("NFD", word) if unicodedata.category(c) != "Mn"
            )
        current: List[str] = []
        for ch in word:
            if _is_punctuation(ch):
                if current:
                    tokens.append("".join(current))
                    current = []
                tokens.append(ch)
            else:
                current.append(ch)
        if current:
            tokens.append("".join(current))
    return tokens


def wordpiece_tokenize(word: str, max_input_chars_per_word: int = 100) -> List[str]:
    """Greedy longest-match-first WordPiece split of a single (already basic-tokenized) word."""
    if len(word) > max_input_chars_per_word:
        return [UNK]
    pieces: List[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        match: Optional[str] = None
        while start < end:
            candidate = word[start:end]
            if start > 0:
                candidate = "##" + candidate
            if candidate in VOCAB:
                match = candidate
                break
            end -= 1
        if match is None:
            return [UNK]
        pieces.append(match)
        start = end
    return pieces


def bert_tokenize(text: str, do_lower_case: bool = True) -> List[str]:
    """Full tokenization: basic tokenizer followed by WordPiece on each word."""
    out: List[str] = []
    for word in basic_tokenize(text, do_lower_case=do_lower_case):
        out.extend(wordpiece_tokenize(word))
    return out


def encode(text: str, max_length: int = 16, add_special_tokens: bool = True) -> Dict[str, List[int]]:
    """Encode to ids with [CLS]/[SEP], truncation and right padding to ``max_length``."""
    if max_length < 2 and add_special_tokens:
        raise ValueError("max_length must leave room for [CLS] and [SEP]")
    tokens = bert_tokenize(text)
    budget = max_length - 2 if add_special_tokens else max_length
    tokens = tokens[:budget]
    if add_special_tokens:
        tokens = [CLS] + tokens + [SEP]
    ids = [VOCAB.get(t, VOCAB[UNK]) for t in tokens]
    attention = [1] * len(ids)
    pad_len = max_length - len(ids)
    ids += [VOCAB[PAD]] * pad_len
    attention += [0] * pad_len
    return {"input_ids": ids, "attention_mask": attention, "token_type_ids": [0] * max_length}


def encode_pair(text_a: str, text_b: str, max_length: int = 24) -> Dict[str, List[int]]:
    """Encode a sentence pair, truncating the longer side first (``longest_first``)."""
    a = bert_tokenize(text_a)
    b = bert_tokenize(text_b)
    budget = max_length - 3
    if budget < 0:
        raise ValueError(f"max_length={max_length} is too small for a pair")
    while len(a) + len(b) > budget:
        if len(a) >= len(b):
            a.pop()
        else:
            b.pop()
    tokens = [CLS] + a + [SEP] + b + [SEP]
    segment = [0] * (len(a) + 2) + [1] * (len(b) + 1)
    ids = [VOCAB.get(t, VOCAB[UNK]) for t in tokens]
    mask = [1] * len(ids)
    pad = max_length - len(ids)
    return {
        "input_ids": ids + [VOCAB[PAD]] * pad,
        "attention_mask": mask + [0] * pad,
        "token_type_ids": segment + [0] * pad,
    }


def decode(ids: Sequence[int], skip_special_tokens: bool = True) -> str:
    """Turn ids back into text, gluing '##' continuation pieces onto the previous word."""
    words: List[str] = []
    for i in ids:
        tok = ID_TO_TOKEN.get(int(i), UNK)
        if skip_special_tokens and tok in SPECIAL_TOKENS and tok != UNK:
            continue
        if tok.startswith("##") and words:
            words[-1] += tok[2:]
        else:
            words.append(tok)
    text = " ".join(words)
    # Undo the spaces BERT puts before punctuation.
    text = re.sub(r" ([.,!?;:)])", r"\1", text)
    text = re.sub(r"\( ", "(", text)
    return text


def char_ngrams(word: str, n_min: int = 3, n_max: int = 5) -> List[str]:
    """fastText-style character n-grams of '<word>' (boundary markers included)."""
    if n_min < 1 or n_max < n_min:
        raise ValueError(f"invalid n-gram range ({n_min}, {n_max})")
    padded = f"<{word}>"
    grams = []
    for n in range(n_min, n_max + 1):
        for i in range(len(padded) - n + 1):
            grams.append(padded[i : i + n])
    return grams


def word_ngrams(tokens: Sequence[str], n: int = 2) -> List[Tuple[str, ...]]:
    """Contiguous n-grams over a token sequence."""
    if n <= 0:
        raise ValueError("n must be positive")
    return [tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)]


def pad_batch(
    batch: List[List[int]], pad_id: int = 0, max_len: Optional[int] = None
) -> Tuple[List[List[int]], List[List[int]]]:
    """Right-pad (and truncate) a ragged batch of id lists; also returns the attention mask."""
    if not batch:
        return [], []
    target = max_len if max_len is not None else max(len(seq) for seq in batch)
    padded, masks = [], []
    for seq in batch:
        seq = list(seq[:target])
        n = len(seq)
        padded.append(seq + [pad_id] * (target - n))
        masks.append([1] * n + [0] * (target - n))
    return padded, masks


CASES = {
    "whitespace_tokenize": [
        ("  the quick\tbrown\nfox ",),
        ("",),
        ("one",),
    ],
    "basic_tokenize": [
        ("Hello, World! It's a new-york city.",),
        ("Café déjà vu", False),
        ("日本語テキスト and text",),
        ("",),
        ("tab\tnull\x00char$^`",),
    ],
    "wordpiece_tokenize": [
        ("unbelievable",),
        ("playing",),
        ("xyzzy",),
        ("a" * 120,),
        ("€uro",),
    ],
    "bert_tokenize": [
        ("The model is playing with tokens!",),
        ("Unbelievable, the movie was NOT good.",),
        ("",),
        ("Transformers learn new datasets",),
    ],
    "encode": [
        ("hello world",),
        ("The movie was very very very good and the film was great too", 8),
        ("", 4),
        ("no specials", 5, False),
        ("x", 1),
    ],
    "encode_pair": [
        ("is this a good movie?", "yes it is", 16),
        ("the model learns data", "the data set is new and very good", 10),
        ("", "", 4),
        ("a", "b", 2),
    ],
    "decode": [
        ([2, 5, 38, 9, 41, 36, 79, 3, 0, 0],),
        ([2, 27, 74, 61, 53, 75, 55, 3, 0, 0], False),
        ([],),
        ([85, 34, 86, 24, 56, 1, 999],),
    ],
    "char_ngrams": [
        ("where",),
        ("a", 1, 2),
        ("", 3, 3),
        ("word", 4, 2),
    ],
    "word_ngrams": [
        (["the", "cat", "sat", "on", "the", "mat"], 2),
        (["single"], 3),
        ([], 1),
        (["a", "b"], 0),
    ],
    "pad_batch": [
        ([[2, 5, 3], [2, 3], [2, 7, 8, 9, 3]],),
        ([[1, 2, 3, 4]], -100, 2),
        ([],),
        ([[], [4]], 0, 3),
    ],
}
