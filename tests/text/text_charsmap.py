"""Builds SentencePiece precompiled_charsmap tables (darts-clone double arrays) for the tests.

Real T5 / XLM-R files carry Google's nmt_nfkc table; muna cannot ship that here, so the tests
build one with the same structure from CPython's NFKC: single characters whose NFKC differs
(full-width forms, ligatures, superscripts, circled digits...), composable letter + mark pairs,
whitespace and control characters. Hugging Face parses the result with its own code, so a
mistake in this builder shows up as a disagreement with the oracle, not as a silent pass.
"""
import struct
import unicodedata
from typing import Dict


def nfkc_rules() -> Dict[bytes, bytes]:
    rules: Dict[str, str] = {}
    for lo, hi in [(0x00A0, 0x00BF), (0x2000, 0x215F), (0x2160, 0x2188), (0x2460, 0x24FF), (0x3000, 0x3000),
                   (0x3300, 0x33FF), (0xFB00, 0xFB06), (0xFE30, 0xFE6B), (0xFF01, 0xFFEE), (0x1D400, 0x1D4FF)]:
        for cp in range(lo, hi + 1):
            c = chr(cp)
            if unicodedata.category(c) != "Cn" and unicodedata.normalize("NFKC", c) != c:
                rules[c] = unicodedata.normalize("NFKC", c)
    for base in "AEIOUNCaeiouncyY":
        for mark in range(0x300, 0x328):
            pair = base + chr(mark)
            composed = unicodedata.normalize("NFC", pair)
            if len(composed) == 1:
                rules[pair] = composed
    for c in "\t\n\r\x0b\x0c\u00a0\u3000\u2028":
        rules[c] = " "
    for cp in list(range(0x01, 0x09)) + list(range(0x0E, 0x20)) + [0x7F, 0x200B, 0xFEFF]:
        rules[chr(cp)] = ""
    rules["\u2026"] = "..."
    return {k.encode("utf-8"): v.encode("utf-8") for k, v in rules.items()}


def build_charsmap(rules: Dict[bytes, bytes]) -> bytes:
    """[u32 trie bytes][u32 units][replacements, each NUL-terminated], as spm_precompiled reads it."""
    normalized = bytearray()
    value_of: Dict[bytes, int] = {}
    for key in sorted(rules):
        value_of[key] = len(normalized)
        normalized += rules[key] + b"\0"
    root: dict = {}
    for key in sorted(rules):
        node = root
        for b in key:
            node = node.setdefault(b, {})
        node[-1] = value_of[key]

    units = [0] * 256
    used = {0}
    used_bases = set()
    queue = [(root, 0)]
    while queue:
        node, pos = queue.pop(0)
        labels = sorted(k for k in node if k != -1)
        need = ([0] if -1 in node else []) + labels
        off = 1
        while True:  # a free base: its children's slots unused and no other node sharing it
            base = pos ^ off
            if base not in used_bases and all((base ^ c) not in used for c in need):
                break
            off += 1
        assert off < (1 << 21), "offset does not fit darts' 21-bit field"
        used_bases.add(base)
        top = max(base ^ c for c in need) if need else base
        if top >= len(units):
            units += [0] * (top + 256 - len(units))
        units[pos] |= off << 10
        if -1 in node:
            units[base] = (1 << 31) | node[-1]
            used.add(base)
        for c in labels:
            child = node[c]
            q = base ^ c
            units[q] = c | ((1 << 8) if -1 in child else 0)
            used.add(q)
            queue.append((child, q))
    units += [0] * (-len(units) % 256)  # darts-clone's 256-unit blocks: base ^ byte stays in range
    return struct.pack("<I", 4 * len(units)) + struct.pack(f"<{len(units)}I", *units) + bytes(normalized)
