"""tokenizer.json normalizers, pre-tokenizers, post-processors and decoders.

Each component is a small frozen record: `kind` (its code in the binary table, see blob.py),
`fields` (what the table stores), and the pure-Python behavior. `Sequence` components are
flattened into plain lists, which is all HF's Sequence does. Parsing refuses anything it does
not implement with UnsupportedComponent naming the JSON path and type.
"""
import base64
import re
import struct
import unicodedata
from typing import Any, List, Optional, Sequence, Tuple

from . import unicode as uc
from .byte_level import CHAR_TO_BYTE, KNOWN_SPLIT_REGEXES, gpt2_split, llama3_split, to_byte_chars
from .errors import UnsupportedComponent
from .splitting import BEHAVIORS, char_matches, split_spans, string_matches

Piece = Tuple[str, bool]  # (text, starts at offset 0 of the original input)

# Codes shared with include/muna/text/blob.hpp. Never renumber; append.
(N_REPLACE, N_PREPEND, N_LOWERCASE, N_NFD, N_NFKD, N_STRIP_ACCENTS, N_STRIP, N_BERT, N_REPLACE_RUN, N_PRECOMPILED, N_NFC,
 N_NFKC) = range(1, 13)
P_SPLIT, P_METASPACE, P_BYTE_LEVEL, P_BERT, P_WHITESPACE_SPLIT, P_PUNCTUATION, P_DIGITS, P_WHITESPACE, P_SPLIT_LLAMA3 = range(1, 10)
D_REPLACE, D_BYTE_FALLBACK, D_FUSE, D_STRIP, D_METASPACE, D_BYTE_LEVEL, D_WORDPIECE, D_BPE = range(1, 9)
PREPEND_ALWAYS, PREPEND_FIRST, PREPEND_NEVER = range(3)


class Component:
    kind = 0

    def __init__(self, *fields: Any):
        self.fields = fields

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self.fields!r}"


def _string_pattern(where: str, spec: dict) -> str:
    pattern = spec.get("pattern")
    if isinstance(pattern, dict) and "String" in pattern:
        return pattern["String"]
    raise UnsupportedComponent(where, spec.get("type", "?"), f"only String patterns are supported (and, in Split, the Llama 3 and Qwen 2 regexes), got {pattern!r}")


_REGEX_RUN = re.compile(r"^([^\\.^$|?*+()\[\]{}]|\\[.^$|?*+()\[\]{}\\ ])(\{(\d+),(\d*)\}|\{(\d+)\}|\+)$")


def _regex_run(where: str, spec: dict, regex: str) -> Tuple[str, int, int]:
    """The regexes muna handles: one literal character repeated, as "X{n,}", "X{n,m}", "X{n}", "X+"."""
    m = _REGEX_RUN.match(regex)
    if not m:
        raise UnsupportedComponent(where, spec.get("type", "?"), f"regex {regex!r}: only a repeated literal character "
                                   "such as ' {2,}' is supported")
    char = m.group(1)[-1]
    if m.group(2) == "+":
        return char, 1, -1
    if m.group(5):
        return char, int(m.group(5)), int(m.group(5))
    low, high = int(m.group(3)), m.group(4)
    if low == 0 or (high and int(high) < low):
        raise UnsupportedComponent(where, spec.get("type", "?"), f"regex {regex!r} can match empty or nothing")
    return char, low, int(high) if high else -1


def _require(where: str, spec: dict, key: str):
    if key not in spec:
        raise UnsupportedComponent(where, spec.get("type", "?"), f"missing field {key!r}")
    return spec[key]


def _flatten(where: str, spec: dict, key: str, parse) -> List[Component]:
    """A Sequence component is just its members' steps in order."""
    out: List[Component] = []
    for i, sub in enumerate(_require(where, spec, key)):
        out += parse(sub, f"{where}.{key}[{i}]")
    return out


# ---------------------------------------------------------------- normalizers (str -> str)


class Replace(Component):
    kind = N_REPLACE

    def __call__(self, s: str) -> str:
        pattern, content = self.fields
        return s.replace(pattern, content) if pattern else s


class ReplaceRun(Component):
    """Replace with a regex: runs of one character between min and max long (max -1: unbounded)."""

    kind = N_REPLACE_RUN

    def __call__(self, s: str) -> str:
        char, low, high, content = self.fields
        quant = f"{{{low},}}" if high < 0 else f"{{{low},{high}}}"
        return re.sub(re.escape(char) + quant, lambda _: content, s) if low > 0 else s


class Precompiled(Component):
    """SentencePiece's precompiled_charsmap: a darts-clone double-array trie of rewrite rules.

    HF (spm_precompiled) rewrites each grapheme shorter than 6 bytes whose bytes start with a key,
    using the *shortest* key found; other graphemes are rewritten char by char.
    """

    kind = N_PRECOMPILED

    def __init__(self, charsmap: bytes, where: str = "normalizer"):
        super().__init__(charsmap)
        if len(charsmap) < 4:
            raise ValueError(f"{where}: precompiled_charsmap is truncated")
        size = struct.unpack_from("<I", charsmap)[0]
        if size % 4 or 4 + size > len(charsmap) or size == 0:
            raise ValueError(f"{where}: precompiled_charsmap has a bad trie size")
        self.units = struct.unpack_from(f"<{size // 4}I", charsmap, 4)
        self.normalized = charsmap[4 + size :]
        self.normalized.decode("utf-8")  # HF refuses a table whose strings are not UTF-8

    def transform(self, key: bytes) -> Optional[str]:
        units, pos = self.units, 0

        def offset(u: int) -> int:
            return (u >> 10) << ((u & (1 << 9)) >> 6)

        pos ^= offset(units[0])
        for c in key:
            if c == 0:
                break
            pos ^= c
            if pos >= len(units):
                return None
            unit = units[pos]
            if unit & ((1 << 31) | 0xFF) != c:
                return None
            pos ^= offset(unit)
            if (unit >> 8) & 1:  # the first (shortest) key that is a prefix wins
                start = units[pos] & ((1 << 31) - 1)
                end = self.normalized.find(b"\0", start)
                return self.normalized[start : len(self.normalized) if end < 0 else end].decode("utf-8")
        return None

    def __call__(self, s: str) -> str:
        out = []
        for grapheme in uc.graphemes(s):
            encoded = grapheme.encode("utf-8")
            if len(encoded) < 6:
                norm = self.transform(encoded)
                if norm is not None:
                    out.append(norm)
                    continue
            for c in grapheme:
                norm = self.transform(c.encode("utf-8"))
                out.append(c if norm is None else norm)
        return "".join(out)


class Prepend(Component):
    kind = N_PREPEND

    def __call__(self, s: str) -> str:
        return self.fields[0] + s if s else s


class Lowercase(Component):
    kind = N_LOWERCASE

    def __call__(self, s: str) -> str:
        return uc.lowercase(s)


class _UnicodeForm(Component):
    form = ""

    def __call__(self, s: str) -> str:
        return unicodedata.normalize(self.form, s)


class NFD(_UnicodeForm):
    kind, form = N_NFD, "NFD"


class NFKD(_UnicodeForm):
    kind, form = N_NFKD, "NFKD"


class NFC(_UnicodeForm):
    kind, form = N_NFC, "NFC"


class NFKC(_UnicodeForm):
    kind, form = N_NFKC, "NFKC"


class StripAccents(Component):
    kind = N_STRIP_ACCENTS

    def __call__(self, s: str) -> str:
        return "".join(c for c in s if not uc.is_combining_mark(c))


def _strip(s: str, left: bool, right: bool) -> str:
    ws = "".join(uc.WHITE_SPACE)
    if left:
        s = s.lstrip(ws)
    if right:
        s = s.rstrip(ws)
    return s


class Strip(Component):
    kind = N_STRIP

    def __call__(self, s: str) -> str:
        return _strip(s, bool(self.fields[0]), bool(self.fields[1]))


class BertNormalizer(Component):
    kind = N_BERT

    def __call__(self, s: str) -> str:
        clean_text, chinese, strip_accents, lowercase = self.fields
        if clean_text:
            s = "".join(
                " " if (c in "\t\n\r" or uc.is_whitespace(c)) else c
                for c in s
                if not (c == "\0" or c == "\ufffd" or (c not in "\t\n\r" and uc.is_other(c)))
            )
        if chinese:
            s = "".join(f" {c} " if uc.is_chinese_char(c) else c for c in s)
        if strip_accents:
            s = "".join(c for c in uc.nfd(s) if not uc.is_mark_nonspacing(c))
        if lowercase:
            s = uc.lowercase(s)
        return s


def parse_normalizer(spec: Optional[dict], where: str = "normalizer") -> List[Component]:
    if spec is None:
        return []
    t = spec.get("type")
    if t == "Sequence":
        return _flatten(where, spec, "normalizers", parse_normalizer)
    if t == "Replace":
        pattern = spec.get("pattern")
        if isinstance(pattern, dict) and "Regex" in pattern:
            return [ReplaceRun(*_regex_run(where, spec, pattern["Regex"]), spec["content"])]
        return [Replace(_string_pattern(where, spec), spec["content"])]
    if t == "Precompiled":
        return [Precompiled(base64.b64decode(spec.get("precompiled_charsmap") or ""), where)]
    if t == "Prepend":
        return [Prepend(spec["prepend"])]
    if t == "Lowercase":
        return [Lowercase()]
    if t == "NFD":
        return [NFD()]
    if t == "NFKD":
        return [NFKD()]
    if t == "NFC":
        return [NFC()]
    if t == "NFKC":
        return [NFKC()]
    if t == "StripAccents":
        return [StripAccents()]
    if t == "Strip":
        return [Strip(bool(spec.get("strip_left", True)), bool(spec.get("strip_right", True)))]
    if t == "BertNormalizer":
        lower = bool(spec.get("lowercase", True))
        accents = spec.get("strip_accents")
        return [BertNormalizer(bool(spec.get("clean_text", True)), bool(spec.get("handle_chinese_chars", True)),
                               lower if accents is None else bool(accents), lower)]
    raise UnsupportedComponent(where, str(t))


def normalize(steps: Sequence[Component], s: str) -> str:
    for step in steps:
        s = step(s)
    return s


# ---------------------------------------------------------- pre-tokenizers (Piece -> [Piece])


def _pieces(s: str, orig0: bool, ranges) -> List[Piece]:
    # Only a piece that starts where its parent starts can still sit at original offset 0.
    return [(s[a:b], orig0 and a == 0) for a, b in ranges if b > a]


class Split(Component):
    kind = P_SPLIT

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        pattern, behavior, invert = self.fields
        spans = string_matches(s, pattern)
        if invert:
            spans = [(a, b, not m) for a, b, m in spans]
        return _pieces(s, orig0, split_spans(spans, behavior))


class SplitLlama3(Component):
    """Split on the Llama 3 / Qwen 2 regex (fields: digits per number piece, behavior, invert)."""

    kind = P_SPLIT_LLAMA3

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        digits, behavior, invert = self.fields
        spans = [(a, b, not invert) for a, b in llama3_split(s, digits)]
        return _pieces(s, orig0, split_spans(spans, behavior))


class Metaspace(Component):
    kind = P_METASPACE

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        replacement, scheme, split = self.fields
        s = s.replace(" ", replacement)
        if not s.startswith(replacement) and (scheme == PREPEND_ALWAYS or (scheme == PREPEND_FIRST and orig0)):
            s = replacement + s
        if not split:
            return [(s, orig0)]
        return _pieces(s, orig0, split_spans(char_matches(s, lambda c: c == replacement), 3))


class ByteLevel(Component):
    kind = P_BYTE_LEVEL

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        add_prefix_space, use_regex = self.fields
        if add_prefix_space and not s.startswith(" "):
            s = " " + s
        pieces = _pieces(s, orig0, gpt2_split(s)) if use_regex else [(s, orig0)]
        return [(to_byte_chars(p), o) for p, o in pieces]


class BertPreTokenizer(Component):
    kind = P_BERT

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        out: List[Piece] = []
        for word, o in _pieces(s, orig0, split_spans(char_matches(s, uc.is_whitespace), 0)):
            out += _pieces(word, o, split_spans(char_matches(word, uc.is_bert_punctuation), 1))
        return out


class WhitespaceSplit(Component):
    kind = P_WHITESPACE_SPLIT

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        return _pieces(s, orig0, split_spans(char_matches(s, uc.is_whitespace), 0))


class Whitespace(Component):
    """The regex \\w+|[^\\w\\s]+ : runs of word characters and runs of other non-spaces."""

    kind = P_WHITESPACE

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        ranges, start, prev = [], 0, None
        for i, c in enumerate(s):
            cls = 0 if uc.is_whitespace(c) else (1 if uc.is_word_char(c) else 2)
            if cls != prev:
                if prev:
                    ranges.append((start, i))
                start, prev = i, cls
        if prev:
            ranges.append((start, len(s)))
        return _pieces(s, orig0, ranges)


class Punctuation(Component):
    kind = P_PUNCTUATION

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        return _pieces(s, orig0, split_spans(char_matches(s, uc.is_bert_punctuation), self.fields[0]))


class Digits(Component):
    kind = P_DIGITS

    def __call__(self, s: str, orig0: bool) -> List[Piece]:
        behavior = 1 if self.fields[0] else 4  # individual digits: Isolated, else Contiguous
        return _pieces(s, orig0, split_spans(char_matches(s, uc.is_number), behavior))


_SCHEMES = {"always": PREPEND_ALWAYS, "first": PREPEND_FIRST, "never": PREPEND_NEVER}


def _metaspace_scheme(where: str, spec: dict) -> int:
    if spec.get("add_prefix_space") is False:
        return PREPEND_NEVER
    scheme = spec.get("prepend_scheme", "always")
    if scheme not in _SCHEMES:
        raise UnsupportedComponent(where, "Metaspace", f"prepend_scheme {scheme!r}")
    return _SCHEMES[scheme]


def _metaspace_replacement(where: str, spec: dict) -> str:
    replacement = spec.get("replacement", "\u2581")
    if len(replacement) != 1:
        raise UnsupportedComponent(where, spec["type"], f"replacement must be one character, got {replacement!r}")
    return replacement


def parse_pre_tokenizer(spec: Optional[dict], where: str = "pre_tokenizer") -> List[Component]:
    if spec is None:
        return []
    t = spec.get("type")
    if t == "Sequence":
        return _flatten(where, spec, "pretokenizers", parse_pre_tokenizer)
    if t == "Split":
        behavior = spec.get("behavior")
        if behavior not in BEHAVIORS:
            raise UnsupportedComponent(where, "Split", f"behavior {behavior!r}")
        pattern = spec.get("pattern")
        if isinstance(pattern, dict) and pattern.get("Regex") in KNOWN_SPLIT_REGEXES:
            return [SplitLlama3(KNOWN_SPLIT_REGEXES[pattern["Regex"]], BEHAVIORS[behavior], bool(spec.get("invert", False)))]
        return [Split(_string_pattern(where, spec), BEHAVIORS[behavior], bool(spec.get("invert", False)))]
    if t == "Metaspace":
        return [Metaspace(_metaspace_replacement(where, spec), _metaspace_scheme(where, spec), bool(spec.get("split", True)))]
    if t == "ByteLevel":
        return [ByteLevel(bool(spec.get("add_prefix_space", True)), bool(spec.get("use_regex", True)))]
    if t == "BertPreTokenizer":
        return [BertPreTokenizer()]
    if t == "WhitespaceSplit":
        return [WhitespaceSplit()]
    if t == "Whitespace":
        return [Whitespace()]
    if t == "Punctuation":
        behavior = spec.get("behavior", "Isolated")
        if behavior not in BEHAVIORS:
            raise UnsupportedComponent(where, "Punctuation", f"behavior {behavior!r}")
        return [Punctuation(BEHAVIORS[behavior])]
    if t == "Digits":
        return [Digits(bool(spec.get("individual_digits", False)))]
    raise UnsupportedComponent(where, str(t))


def pre_tokenize(steps: Sequence[Component], pieces: List[Piece]) -> List[Piece]:
    for step in steps:
        out: List[Piece] = []
        for s, orig0 in pieces:
            out += step(s, orig0)
        pieces = out
    return pieces


# ------------------------------------------------------------ decoders ([str] -> [str])


def _fix_byte_token(token: str) -> Optional[int]:
    # ByteFallback accepts exactly "<0xHH>" where HH parses as u8::from_str_radix(_, 16).
    if len(token) != 6 or not token.startswith("<0x") or not token.endswith(">"):
        return None
    digits = token[3:5]
    body = digits[1:] if digits[0] == "+" else digits
    if not body or any(c not in "0123456789abcdefABCDEF" for c in body):
        return None
    return int(body, 16)


class DReplace(Component):
    kind = D_REPLACE

    def __call__(self, tokens: List[str]) -> List[str]:
        pattern, content = self.fields
        return [t.replace(pattern, content) for t in tokens] if pattern else tokens


class DByteFallback(Component):
    kind = D_BYTE_FALLBACK

    def __call__(self, tokens: List[str]) -> List[str]:
        out: List[str] = []
        pending = bytearray()

        def flush():
            if pending:
                try:
                    out.append(pending.decode("utf-8"))
                except UnicodeDecodeError:
                    out.extend("\ufffd" * len(pending))
                pending.clear()

        for t in tokens:
            b = _fix_byte_token(t)
            if b is None:
                flush()
                out.append(t)
            else:
                pending.append(b)
        flush()
        return out


class DFuse(Component):
    kind = D_FUSE

    def __call__(self, tokens: List[str]) -> List[str]:
        return ["".join(tokens)]


class DStrip(Component):
    kind = D_STRIP

    def __call__(self, tokens: List[str]) -> List[str]:
        content, left, right = self.fields
        out = []
        for t in tokens:
            start = 0
            while start < min(left, len(t)) and t[start] == content:
                start += 1
            stop = len(t)
            for _ in range(right):
                if stop > start and t[stop - 1] == content:
                    stop -= 1
                else:
                    break
            out.append(t[start:stop])
        return out


class DMetaspace(Component):
    kind = D_METASPACE

    def __call__(self, tokens: List[str]) -> List[str]:
        replacement, prepends = self.fields
        out = []
        for i, t in enumerate(tokens):
            out.append(t.replace(replacement, "" if (i == 0 and prepends) else " "))
        return out


class DByteLevel(Component):
    kind = D_BYTE_LEVEL

    def __call__(self, tokens: List[str]) -> List[str]:
        data = bytearray()
        for t in tokens:
            if all(c in CHAR_TO_BYTE for c in t):
                data += bytes(CHAR_TO_BYTE[c] for c in t)
            else:
                data += t.encode("utf-8")
        return [data.decode("utf-8", errors="replace")]


def _wordpiece_cleanup(s: str) -> str:
    for a, b in ((" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
                 (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re")):
        s = s.replace(a, b)
    return s


class DWordPiece(Component):
    kind = D_WORDPIECE

    def __call__(self, tokens: List[str]) -> List[str]:
        prefix, cleanup = self.fields
        out = []
        for i, t in enumerate(tokens):
            if i != 0:
                t = t.replace(prefix, "", 1) if t.startswith(prefix) else " " + t
            out.append(_wordpiece_cleanup(t) if cleanup else t)
        return out


class DBPE(Component):
    kind = D_BPE

    def __call__(self, tokens: List[str]) -> List[str]:
        suffix = self.fields[0]
        n = len(tokens)
        return [t.replace(suffix, "" if i == n - 1 else " ") for i, t in enumerate(tokens)]


def parse_decoder(spec: Optional[dict], where: str = "decoder") -> List[Component]:
    if spec is None:
        return []
    t = spec.get("type")
    if t == "Sequence":
        return _flatten(where, spec, "decoders", parse_decoder)
    if t == "Replace":
        return [DReplace(_string_pattern(where, spec), spec["content"])]
    if t == "ByteFallback":
        return [DByteFallback()]
    if t == "Fuse":
        return [DFuse()]
    if t == "Strip":
        content = spec.get("content", " ")
        if len(content) != 1:
            raise UnsupportedComponent(where, "Strip", f"content must be one character, got {content!r}")
        return [DStrip(content, int(spec.get("start", 0)), int(spec.get("stop", 0)))]
    if t == "Metaspace":
        scheme = _metaspace_scheme(where, spec)
        return [DMetaspace(_metaspace_replacement(where, spec), scheme != PREPEND_NEVER)]
    if t == "ByteLevel":
        return [DByteLevel()]
    if t == "WordPiece":
        return [DWordPiece(spec.get("prefix", "##"), bool(spec.get("cleanup", True)))]
    if t == "BPEDecoder":
        return [DBPE(spec.get("suffix", "</w>"))]
    raise UnsupportedComponent(where, str(t))


def decode_tokens(steps: Sequence[Component], tokens: List[str]) -> str:
    if not steps:
        return " ".join(tokens)
    for step in steps:
        tokens = step(tokens)
    return "".join(tokens)


# ------------------------------------------------- post-processors (a template for one text)


def parse_post_processor(spec: Optional[dict], token_to_id, where: str = "post_processor") -> List[Tuple[bool, Tuple[int, ...]]]:
    """The single-sequence template: items (is_special, ids); (False, ()) marks the text itself."""
    if spec is None:
        return [(False, ())]
    t = spec.get("type")
    if t == "Sequence":
        template = [(False, ())]
        for i, sub in enumerate(_require(where, spec, "processors")):
            sub_template = parse_post_processor(sub, token_to_id, f"{where}.processors[{i}]")
            if sub_template != [(False, ())]:
                if template != [(False, ())]:
                    raise UnsupportedComponent(where, "Sequence", "more than one processor adds tokens")
                template = sub_template
        return template
    if t == "ByteLevel":
        return [(False, ())]  # only trims offsets; ids are untouched
    if t in ("BertProcessing", "RobertaProcessing"):
        cls_token, cls_id = spec["cls"]
        sep_token, sep_id = spec["sep"]
        return [(True, (int(cls_id),)), (False, ()), (True, (int(sep_id),))]
    if t == "TemplateProcessing":
        specials = spec.get("special_tokens", {})
        template = []
        for item in _require(where, spec, "single"):
            if "Sequence" in item:
                if item["Sequence"].get("id") != "A":
                    raise UnsupportedComponent(where, t, "single template may only use sequence A")
                template.append((False, ()))
            elif "SpecialToken" in item:
                name = item["SpecialToken"]["id"]
                if name not in specials:
                    raise UnsupportedComponent(where, t, f"special token {name!r} missing from special_tokens")
                template.append((True, tuple(int(i) for i in specials[name]["ids"])))
            else:
                raise UnsupportedComponent(where, t, f"template item {item!r}")
        return template
    raise UnsupportedComponent(where, str(t))
