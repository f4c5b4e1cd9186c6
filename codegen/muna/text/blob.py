"""to_blob: a Tokenizer as the compact little-endian table the native tokenizer loads.

Layout (docs/tokenizers.md has the full description; include/muna/text/blob.hpp reads it):
  header   "MUNATOK\\0", u32 version, u32 section count, then per section
           {char tag[4], u32 0, u64 offset, u64 size}; sections start 16-byte aligned.
  CONF     the pipeline: normalizer steps, pre-tokenizer steps, model kind and options,
           post-processor template, decoder steps (codes in components.py / models.py).
  VOCB     model vocab: u32 n, u32 0, u32 offsets[n + 1], token bytes.
  VHSH     token -> id: u32 size, u32 0, i32 slots[size] (-1 empty), linear probing.
  MRGS     BPE merges: u32 size, u32 ranks, u32 id_bits, u32 rank_bits, u64 slots[size]
           (left << (id_bits + rank_bits) | right << rank_bits | rank; all ones = empty),
           u32 merged[ranks] (the merged token's id by rank).
  SCOR     Unigram: f64 score per id.
  ADDT     added tokens in match priority: u32 n, then {i32 id, u32 flags, str content,
           str match_content}; str = u32 byte length + bytes.
  ATRI     byte trie of the added tokens matched in raw text, NTRI of those matched after
           normalization: u32 nodes, u32 edges, {u32 begin, u32 end, i32 token} per node
           (node 0 is the root; token indexes ADDT, -1 if none), u32 child[edges],
           u8 label[edges] (each node's edges sorted by label).
Everything the native side needs at load is precomputed here (hash tables included), so
loading is a few pointer assignments plus a small index over the added tokens.
"""
import struct
from typing import Dict, List, Sequence, Tuple

from .added_tokens import NORMALIZED
from .models import BPE, Unigram, WordLevel, WordPiece
from .tokenizer import Tokenizer

MAGIC = b"MUNATOK\0"
VERSION = 1
MASK64 = (1 << 64) - 1
FNV_OFFSET, FNV_PRIME, MIX = 0xCBF29CE484222325, 0x100000001B3, 0x9E3779B97F4A7C15


def fnv1a(data: bytes) -> int:
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & MASK64
    return h


def slot_of(h: int, size: int) -> int:
    """The first probe for a 64-bit hash: its mixed high 32 bits scaled to [0, size)."""
    return ((((h * MIX) & MASK64) >> 32) * size) >> 32


def table_size(count: int, load: float) -> int:
    return max(16, int(count / load) + 1)


class Writer:
    def __init__(self):
        self.parts: List[bytes] = []

    def u32(self, v: int):
        self.parts.append(struct.pack("<I", v))

    def i32(self, v: int):
        self.parts.append(struct.pack("<i", v))

    def f64(self, v: float):
        self.parts.append(struct.pack("<d", v))

    def str(self, s: str):
        data = s.encode("utf-8")
        self.u32(len(data))
        self.parts.append(data)

    def field(self, v):
        if isinstance(v, bool):
            self.u32(int(v))
        elif isinstance(v, int):
            self.i32(v)
        elif isinstance(v, float):
            self.f64(v)
        elif isinstance(v, str):
            self.str(v)
        elif isinstance(v, bytes):
            self.u32(len(v))
            self.parts.append(v)
        else:
            raise TypeError(f"cannot store {v!r} in a tokenizer blob")

    def steps(self, steps):
        self.u32(len(steps))
        for step in steps:
            self.u32(step.kind)
            for v in step.fields:
                self.field(v)

    def bytes(self) -> bytes:
        return b"".join(self.parts)


def _model_fields(model) -> list:
    if isinstance(model, BPE):
        return [model.unk_id, model.fuse_unk, model.byte_fallback, model.ignore_merges, model.prefix, model.suffix,
                *model.byte_ids]
    if isinstance(model, WordPiece):
        return [model.unk_id, model.prefix, model.max_chars]
    if isinstance(model, Unigram):
        max_bytes = max((len(t.encode("utf-8")) for t in model.vocab), default=0)
        return [model.unk_id, model.byte_fallback, float(model.min_score), max_bytes, *model.byte_ids]
    if isinstance(model, WordLevel):
        return [model.unk_id]
    raise TypeError(f"no blob layout for model {type(model).__name__}")


def _conf(tok: Tokenizer) -> bytes:
    w = Writer()
    w.steps(tok.normalizer)
    w.steps(tok.pre_tokenizer)
    w.u32(tok.model.kind)
    for v in _model_fields(tok.model):
        w.field(v)
    w.u32(len(tok.template))
    for special, ids in tok.template:
        w.u32(int(special))
        w.u32(len(ids))
        for i in ids:
            w.i32(i)
    w.steps(tok.decoder)
    return w.bytes()


def _vocab(tokens: Sequence) -> Tuple[bytes, List[bytes]]:
    encoded = [t.encode("utf-8") if t is not None else b"" for t in tokens]
    offsets = [0]
    for e in encoded:
        offsets.append(offsets[-1] + len(e))
    head = struct.pack("<II", len(encoded), 0) + struct.pack(f"<{len(offsets)}I", *offsets)
    return head + b"".join(encoded), encoded


def _vocab_hash(vocab: Dict[str, int], encoded: List[bytes]) -> bytes:
    # Half full: a miss (frequent in WordPiece and Unigram searches) ends after ~2.5 probes.
    size = table_size(len(vocab), 0.5)
    slots = [-1] * size
    for token, tid in vocab.items():  # the id HF's dict holds (later duplicates already won)
        i = slot_of(fnv1a(encoded[tid]), size)
        while slots[i] != -1:
            i = i + 1 if i + 1 < size else 0
        slots[i] = tid
    return struct.pack("<II", size, 0) + struct.pack(f"<{size}i", *slots)


def _merges(merges: Dict[Tuple[int, int], Tuple[int, int]], vocab_size: int) -> bytes:
    # 8-byte slots, 3/4 full: a probe sequence mostly stays within one cache line.
    ranks = max((r for r, _ in merges.values()), default=-1) + 1
    id_bits = max(1, (vocab_size - 1).bit_length())
    rank_bits = max(1, (ranks - 1).bit_length())
    if 2 * id_bits + rank_bits > 63:
        raise ValueError(f"BPE table too large to pack: {vocab_size} tokens, {ranks} merges")
    empty = (1 << 64) - 1
    size = table_size(len(merges), 0.75)
    slots = [empty] * size
    merged_by_rank = [0] * ranks
    for (a, b), (rank, merged) in merges.items():
        i = slot_of((a << 32) | b, size)
        while slots[i] != empty:
            i = i + 1 if i + 1 < size else 0
        slots[i] = (a << (id_bits + rank_bits)) | (b << rank_bits) | rank
        merged_by_rank[rank] = merged
    return (struct.pack("<IIII", size, ranks, id_bits, rank_bits) + struct.pack(f"<{size}Q", *slots)
            + struct.pack(f"<{ranks}I", *merged_by_rank))


def _trie(tok: Tokenizer, normalized: bool) -> bytes:
    children: List[Dict[int, int]] = [{}]
    token = [-1]
    for index, t in enumerate(tok.added_tokens):
        if bool(t.flags & NORMALIZED) != normalized or not t.match_content:
            continue
        node = 0
        for b in t.match_content.encode("utf-8"):
            nxt = children[node].get(b)
            if nxt is None:
                nxt = children[node][b] = len(children)
                children.append({})
                token.append(-1)
            node = nxt
        if token[node] < 0:  # the first of identical spellings wins, as in HF
            token[node] = index
    nodes, child, label = [], [], []
    for node, edges in enumerate(children):
        begin = len(child)
        for b in sorted(edges):
            label.append(b)
            child.append(edges[b])
        nodes += (begin, len(child), token[node])
    return (struct.pack("<II", len(children), len(child)) + struct.pack(f"<{len(nodes)}i", *nodes)
            + struct.pack(f"<{len(child)}I", *child) + bytes(label))


def _added(tok: Tokenizer) -> bytes:
    w = Writer()
    w.u32(len(tok.added_tokens))
    for t in tok.added_tokens:
        w.i32(t.id)
        w.u32(t.flags)
        w.str(t.content)
        w.str(t.match_content)
    return w.bytes()


def to_blob(tokenizer: Tokenizer) -> bytes:
    """The native table for a Tokenizer (raises UnsupportedComponent earlier, at from_file)."""
    model = tokenizer.model
    vocab_bytes, encoded = _vocab(model.id_to_token_list)
    sections = [(b"CONF", _conf(tokenizer)), (b"VOCB", vocab_bytes), (b"VHSH", _vocab_hash(model.vocab, encoded))]
    if isinstance(model, BPE):
        sections.append((b"MRGS", _merges(model.merges, len(model.id_to_token_list))))
    if isinstance(model, Unigram):
        sections.append((b"SCOR", struct.pack(f"<{len(model.scores)}d", *model.scores)))
    sections += [(b"ADDT", _added(tokenizer)), (b"ATRI", _trie(tokenizer, False)), (b"NTRI", _trie(tokenizer, True))]

    header_size = 16 + 24 * len(sections)
    out = bytearray()
    table = []
    offset = (header_size + 15) & ~15
    for tag, data in sections:
        table.append(struct.pack("<4sIQQ", tag, 0, offset, len(data)))
        offset = (offset + len(data) + 15) & ~15
    out += MAGIC + struct.pack("<II", VERSION, len(sections)) + b"".join(table)
    for tag, data in sections:
        out += b"\0" * (-len(out) % 16)
        out += data
    return bytes(out)
