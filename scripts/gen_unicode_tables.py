#!/usr/bin/python3
"""Generate muna's Unicode tables, the one database both Unicode stacks read, from the CPython
that runs this script (Debian 12's Python 3.11.2: Unicode 14.0.0).

    /usr/bin/python3 scripts/gen_unicode_tables.py [--check]

Every property is read from CPython itself, from its str methods and its unicodedata module on
one-character strings, never from the Unicode data files, so the runtime agrees with the
CPython the tests compare against, quirks included. Outputs (each a header of its own, so a
library includes only the data it reads):

- include/muna/python/unicode/tables.hpp: per-code-point records (str predicates, decimal and
  digit values, numeric value, general category, combining class, bidirectional class, East
  Asian width, mirrored, case mappings) behind a three-stage index; the character
  decompositions behind a second index; the canonical composition pairs.
  Read by str methods (muna/python/unicode/ctype.hpp), unicodedata and the tokenizers.
- include/muna/python/unicode/name_tables.hpp: character names (unicodedata.name/lookup only).
- include/muna/text/hf_categories.hpp: the three classes Hugging Face's BERT components take
  from an older crate (codegen/muna/text/hf_categories.py, see gen_hf_categories.py).

Name aliases and named sequences (unicodedata.lookup accepts them; unicodedata cannot list
them) come from scripts/unicode_aliases.txt, checked here against CPython's lookup; it was
written once by `gen_unicode_tables.py --aliases-from /usr/share/perl/5.36.0/unicore/Name.pl`
(Perl's copy of the same Unicode 14 names), keeping only what CPython's lookup accepts.

--check compares the committed files with a fresh generation and exits 1 when one is stale.
The output is deterministic: the same Python gives the same bytes.
"""
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
from muna.text import hf_categories  # noqa: E402

MAX_CP = 0x110000
HANGUL_FIRST, HANGUL_LAST = 0xAC00, 0xD7A3

FLAGS = [
    "kAlpha", "kDecimal", "kDigit", "kNumeric", "kSpace", "kLower", "kUpper", "kTitle",
    "kCased", "kCaseIgnorable", "kPrintable", "kLinebreak", "kExtendedCase", "kMirrored",
]
BIT = {name: 1 << i for i, name in enumerate(FLAGS)}
# Cn first, so that a zero record means unassigned; the letter, mark and number classes are
# contiguous (the tokenizers test `Lu <= k && k <= Lo`).
CATEGORIES = ["Cn", "Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "No", "Pc", "Pd",
              "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Zl", "Zp", "Cc", "Cf",
              "Cs", "Co"]
BIDIRECTIONAL = ["", "L", "LRE", "LRO", "R", "AL", "RLE", "RLO", "PDF", "EN", "ES", "ET", "AN",
                 "CS", "NSM", "BN", "B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI"]
EAST_ASIAN_WIDTH = ["F", "H", "W", "Na", "A", "N"]
DECOMPOSITION_TAGS = ["", "<font>", "<noBreak>", "<initial>", "<medial>", "<final>", "<isolated>",
                      "<circle>", "<super>", "<sub>", "<vertical>", "<wide>", "<narrow>", "<small>",
                      "<square>", "<fraction>", "<compat>"]


# ---------------------------------------------------------------------------------------------
# Reading CPython


def is_case_ignorable(c, cased):
    # CPython does not expose Case_Ignorable; its final-sigma rule skips exactly the
    # case-ignorable characters, so probe that rule from each side.
    if cased:
        return ("1" + c + "\u03a3").lower()[-1] == "\u03c3"
    return ("A\u03a3" + c + "A").lower()[1] == "\u03c3"


def str_flags(c):
    flags = 0
    if c.isalpha(): flags |= BIT["kAlpha"]
    if c.isdecimal(): flags |= BIT["kDecimal"]
    if c.isdigit(): flags |= BIT["kDigit"]
    if c.isnumeric(): flags |= BIT["kNumeric"]
    if c.isspace(): flags |= BIT["kSpace"]
    if c.islower(): flags |= BIT["kLower"]
    if c.isupper(): flags |= BIT["kUpper"]
    if unicodedata.category(c) == "Lt": flags |= BIT["kTitle"]
    # title() keeps the next letter lower exactly when the previous character is cased.
    cased = (c + "a").title()[-1] == "a"
    if cased: flags |= BIT["kCased"]
    if is_case_ignorable(c, cased): flags |= BIT["kCaseIgnorable"]
    if c.isprintable(): flags |= BIT["kPrintable"]
    if len(("a" + c + "b").splitlines()) == 2: flags |= BIT["kLinebreak"]
    if unicodedata.mirrored(c): flags |= BIT["kMirrored"]
    return flags


class Interner:
    """Distinct values in order of first appearance (deterministic), each with its index."""

    def __init__(self, first=None):
        self.values, self.index = [], {}
        if first is not None:
            self.add(first)

    def add(self, value):
        if value not in self.index:
            self.index[value] = len(self.values)
            self.values.append(value)
        return self.index[value]


def properties():
    """Per code point: a record index; plus the records, case mappings and numeric values."""
    records = Interner((0, -1, -1, 0, 0, 0, EAST_ASIAN_WIDTH.index("N"), 0, 0))
    casings = Interner((0, 0, 0, 0))
    case_pool, case_pool_index = [], {}
    numerics = Interner()
    per_cp = []
    for cp in range(MAX_CP):
        c = chr(cp)
        flags = str_flags(c)
        maps = (c.lower(), c.upper(), c.title(), c.casefold())
        if any(len(m) != 1 for m in maps):
            flags |= BIT["kExtendedCase"]
            fields = []
            for m in maps:
                key = tuple(ord(x) for x in m)
                assert len(key) <= 3
                if key not in case_pool_index:
                    case_pool_index[key] = len(case_pool)
                    case_pool.extend(key)
                fields.append(case_pool_index[key] << 2 | len(key))
        else:
            fields = [ord(m) - cp for m in maps]
        numeric = unicodedata.numeric(c, None)
        record = (flags, unicodedata.decimal(c, -1), unicodedata.digit(c, -1),
                  CATEGORIES.index(unicodedata.category(c)), unicodedata.combining(c),
                  BIDIRECTIONAL.index(unicodedata.bidirectional(c)),
                  EAST_ASIAN_WIDTH.index(unicodedata.east_asian_width(c)),
                  0 if numeric is None else numerics.add(numeric) + 1,
                  casings.add(tuple(fields)))
        per_cp.append(records.add(record))
    assert len(numerics.values) < 255 and len(casings.values) < 65536
    return per_cp, records.values, casings.values, case_pool, numerics.values


def decompositions():
    """Per code point an offset into the pool (0: none). A pool entry is a header word,
    tag << 8 | length, then the code points, exactly as unicodedata.decomposition spells it."""
    pool, at, per_cp = [0], {}, []
    for cp in range(MAX_CP):
        text = unicodedata.decomposition(chr(cp))
        if not text:
            per_cp.append(0)
            continue
        parts = text.split()
        tag = DECOMPOSITION_TAGS.index(parts[0]) if parts[0].startswith("<") else 0
        cps = tuple(int(p, 16) for p in parts[1 if tag else 0:])
        assert 0 < len(cps) < 256
        entry = (tag << 8 | len(cps),) + cps
        if entry not in at:
            at[entry] = len(pool)
            pool.extend(entry)
        per_cp.append(at[entry])
    return per_cp, pool


def compositions():
    """(first << 21 | second, composite), sorted: the pairs CPython's NFC recombines. Reading
    them from NFC itself leaves out the composition exclusions and non-starter decompositions."""
    pairs = []
    for cp in range(MAX_CP):
        if HANGUL_FIRST <= cp <= HANGUL_LAST:
            continue
        d = unicodedata.decomposition(chr(cp))
        if not d or d.startswith("<"):
            continue
        parts = [int(x, 16) for x in d.split()]
        if len(parts) == 2 and unicodedata.normalize("NFC", chr(parts[0]) + chr(parts[1])) == chr(cp):
            pairs.append(((parts[0] << 21) | parts[1], cp))
    return sorted(pairs)


# ---------------------------------------------------------------------------------------------
# Names


def names():
    """Names as unicodedata.name gives them, split into what a table must hold and what is a
    prefix plus the code point in hex (Hangul syllables are left to the algorithm)."""
    listed, ranged = [], {}
    for cp in range(MAX_CP):
        name = unicodedata.name(chr(cp), None)
        if name is None or HANGUL_FIRST <= cp <= HANGUL_LAST:
            continue
        m = re.fullmatch(r"(.*-)%04X" % cp, name)
        if m:
            ranged.setdefault(m.group(1), []).append(cp)
        listed.append((cp, name))
    # A prefix names a whole block (CJK, Nushu, Khitan): keep it as ranges, not as names.
    ranged = {p: cps for p, cps in ranged.items() if len(cps) >= 100}
    in_range = {cp for cps in ranged.values() for cp in cps}
    listed = [(cp, n) for cp, n in listed if cp not in in_range]
    ranges = []
    for prefix in sorted(ranged):
        for lo, hi in runs_of(ranged[prefix]):
            ranges.append((lo, hi, sorted(ranged).index(prefix)))
    return listed, sorted(ranges), sorted(ranged)


ALIASES = os.path.join(ROOT, "scripts", "unicode_aliases.txt")


def aliases():
    """(name, code points) of the aliases and named sequences, each checked against lookup."""
    out = []
    with open(ALIASES, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            hexes, name = line.rstrip("\n").split(";")
            cps = tuple(int(h, 16) for h in hexes.split())
            assert unicodedata.lookup(name) == "".join(map(chr, cps)), (name, "CPython disagrees")
            out.append((name, cps))
    return out


def write_aliases(perl_names):
    """The names in Perl's Name.pl that CPython's lookup accepts and its name() does not give."""
    text = open(perl_names, encoding="utf-8").read()
    body = text.split("return <<'END';\n", 1)[1].split("\nEND\n", 1)[0]
    lines = ["# Name aliases and named sequences unicodedata.lookup accepts (Unicode %s): code points;name"
             % unicodedata.unidata_version,
             "# Written by scripts/gen_unicode_tables.py --aliases-from Perl's unicore/Name.pl."]
    for block in body.strip().split("\n\n"):
        hexes, name = block.split("\n")
        chars = "".join(chr(int(h, 16)) for h in hexes.split())
        try:
            if unicodedata.lookup(name) != chars:
                continue
        except KeyError:
            continue
        if len(chars) == 1 and unicodedata.name(chars, None) == name:
            continue
        lines.append("%s;%s" % (" ".join("%04X" % ord(c) for c in chars), name))
    with open(ALIASES, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def runs_of(cps):
    out = []
    for cp in sorted(cps):
        if out and out[-1][1] == cp - 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return [tuple(r) for r in out]


def encode_names(listed):
    """Words by frequency; a name is its word numbers, one byte for the commonest, two for the
    rest (as CPython's phrasebook). Entry k's bytes follow a length byte; every 16th entry's
    offset is kept (the others are found by skipping)."""
    counts = {}
    for _, name in listed:
        for w in name.split(" "):
            counts[w] = counts.get(w, 0) + 1
    words = sorted(counts, key=lambda w: (-counts[w], w))
    number = {w: i for i, w in enumerate(words)}
    short = (65536 - len(words)) // 255  # one-byte numbers: [0, short); two bytes cover the rest
    assert short > 0 and short + (256 - short) * 256 >= len(words)
    book, offsets = [], []
    for k, (_, name) in enumerate(listed):
        if k % 16 == 0:
            offsets.append(len(book))
        code = []
        for w in name.split(" "):
            i = number[w]
            code += [i] if i < short else [short + (i - short) // 256, (i - short) % 256]
        assert len(code) < 256
        book += [len(code)] + code
    lexicon, word_offsets = [], []
    for i, w in enumerate(words):
        if i % 16 == 0:
            word_offsets.append(len(lexicon))
        lexicon += [ord(ch) for ch in w[:-1]] + [ord(w[-1]) | 0x80]  # last letter marked
    return short, book, offsets, lexicon, word_offsets


# ---------------------------------------------------------------------------------------------
# Multi-stage tables


def split(values, shift):
    size, blocks, upper, lower = 1 << shift, {}, [], []
    for start in range(0, len(values), size):
        block = tuple(values[start:start + size])
        if block not in blocks:
            blocks[block] = len(blocks)
            lower.extend(block)
        upper.append(blocks[block])
    return upper, lower


def elem_bytes(values):
    return 1 if max(values) < 256 else 2 if max(values) < 65536 else 4


def c_type(values):
    return {1: "uint8_t", 2: "uint16_t", 4: "uint32_t"}[elem_bytes(values)]


def three_stages(values):
    """value(cp) = stage3[(stage2[(stage1[cp >> (s2 + s3)] << s2) + (cp >> s3 & m2)] << s3) + (cp & m3)],
    with the block sizes that take the fewest bytes (CPython's splitbins, one stage more)."""
    best = None
    for s3 in range(2, 10):
        mid, stage3 = split(values, s3)
        for s2 in range(2, 10):
            stage1, stage2 = split(mid, s2)
            cost = sum(len(a) * elem_bytes(a) for a in (stage1, stage2, stage3))
            if best is None or cost < best[0]:
                best = (cost, s2, s3, stage1, stage2, stage3)
    return best[1:]


# ---------------------------------------------------------------------------------------------
# C++ text


def wrap(items, width=100):
    lines, line = [], ""
    for item in items:
        if len(line) + len(item) + 1 > width:
            lines.append(line.rstrip())
            line = ""
        line += item + ","
    if line:
        lines.append(line)
    return "\n".join("    " + l for l in lines)


def array(name, ctype, values, fmt=str):
    values = list(values)
    return "inline constexpr %s %s[%d] = {\n%s\n};" % (ctype, name, len(values), wrap(fmt(v) for v in values))


def stages_cpp(prefix, values):
    s2, s3, stage1, stage2, stage3 = three_stages(values)
    return [
        "inline constexpr unsigned %sShift2 = %d, %sShift3 = %d;" % (prefix, s2, prefix, s3),
        array(prefix + "Stage1", c_type(stage1), stage1),
        array(prefix + "Stage2", c_type(stage2), stage2),
        array(prefix + "Stage3", c_type(stage3), stage3),
    ]


def strings(name, values):
    return "inline constexpr const char* %s[%d] = {%s};" % (
        name, len(values), ", ".join('"%s"' % v for v in values))


def header(what):
    return [
        "// GENERATED by scripts/gen_unicode_tables.py from CPython %s (Unicode %s). Do not edit."
        % (sys.version.split()[0], unicodedata.unidata_version),
        "// " + what,
        "#pragma once",
        "#include <cstdint>",
        "",
    ]


def render_tables():
    per_cp, records, casings, case_pool, numerics = properties()
    decomposition_per_cp, decomposition_pool = decompositions()
    pairs = compositions()
    out = header("The Unicode database of muna's str methods, unicodedata and tokenizers.")
    out += [
        "namespace muna::python::unicode::tables {",
        "",
        'inline constexpr char kUnicodeVersion[] = "%s";' % unicodedata.unidata_version,
        "",
        "enum Flag : uint16_t {",
        *["  %s = 1u << %d," % (name, i) for i, name in enumerate(FLAGS)],
        "};",
        "",
        "enum Category : uint8_t { %s };" % ", ".join(CATEGORIES),
        strings("kCategoryNames", CATEGORIES),
        strings("kBidirectionalNames", BIDIRECTIONAL),
        strings("kEastAsianWidthNames", EAST_ASIAN_WIDTH),
        strings("kDecompositionTags", DECOMPOSITION_TAGS),
        "",
        "// decimal and digit are -1 where absent; numeric is 1 + an index of kNumericValues, or 0;",
        "// casing indexes kCasings.",
        "struct Record {",
        "  uint16_t flags;",
        "  int8_t decimal, digit;",
        "  uint8_t category, combining, bidirectional, east_asian_width, numeric;",
        "  uint16_t casing;",
        "};",
        "",
        "// Code point deltas, or with kExtendedCase (kCasePool offset << 2 | length).",
        "struct Casing {",
        "  int32_t lower, upper, title, fold;",
        "};",
        "",
        "inline constexpr Record kRecords[%d] = {" % len(records),
        wrap("{%d,%d,%d,%d,%d,%d,%d,%d,%d}" % r for r in records),
        "};",
        "inline constexpr Casing kCasings[%d] = {" % len(casings),
        wrap("{%d,%d,%d,%d}" % c for c in casings),
        "};",
        array("kCasePool", "char32_t", case_pool),
        array("kNumericValues", "double", numerics, repr),
        "",
        "// Record of code point cp: three stages (see record() in ctype.hpp).",
        *stages_cpp("kRecord", per_cp),
        "",
        "// Decomposition of cp: kDecompositionPool[offset] = tag << 8 | length, then the code",
        "// points; offset 0 means none.",
        array("kDecompositionPool", "uint32_t", decomposition_pool),
        *stages_cpp("kDecomposition", decomposition_per_cp),
        "",
        "// Canonical composition (NFC, NFKC): first << 21 | second, sorted, and the composite.",
        "// Hangul syllables are computed.",
        array("kCompositionKeys", "uint64_t", [k for k, _ in pairs]),
        array("kCompositionValues", "uint32_t", [v for _, v in pairs]),
        "",
        "}  // namespace muna::python::unicode::tables",
    ]
    return "\n".join(out) + "\n"


def render_names():
    listed, ranges, prefixes = names()
    extra = aliases()
    short, book, offsets, lexicon, word_offsets = encode_names(listed + [(None, n) for n, _ in extra])
    # Entries are in code point order: runs of consecutive code points map entries to code
    # points and back (a binary search over some 700 runs, not a table over every code point).
    entry_runs, k = [], 0
    for lo, hi in runs_of([cp for cp, _ in listed]):
        entry_runs.append((k, lo))
        k += hi - lo + 1
    every_name = [n for _, n in listed] + [n for n, _ in extra]
    by_name = sorted(range(len(every_name)), key=lambda k: every_name[k])
    assert len(every_name) < 65536 and len(set(every_name)) == len(every_name)
    sequence_pool, sequence_offsets = [], [0]
    for _, cps in extra:
        sequence_pool += cps
        sequence_offsets.append(len(sequence_pool))
    out = header("Character names, for unicodedata.name and unicodedata.lookup only.")
    out += [
        "namespace muna::python::unicode::name_tables {",
        "",
        "// The longest name unicodedata.name gives (lookup refuses longer ones up front).",
        "inline constexpr unsigned kLongestName = %d;" % max(len(n) for _, n in listed),
        "",
        "// Word numbers below kShortWords take one byte, the others two:",
        "// kShortWords + (n - kShortWords) / 256, (n - kShortWords) % 256.",
        "inline constexpr unsigned kShortWords = %d;" % short,
        "// Words, the last letter of each with 0x80 added; kWordOffsets holds every 16th start.",
        array("kLexicon", "uint8_t", lexicon),
        array("kWordOffsets", "uint32_t", word_offsets),
        "// Names: a length byte, then the word numbers; kNameOffsets holds every 16th start.",
        array("kPhrasebook", "uint8_t", book),
        array("kNameOffsets", "uint32_t", offsets),
        "",
        "// {first entry, its code point} of every run of consecutive named code points, and an",
        "// end marker {entries, 0x110000}.",
        array("kEntryRuns", "uint32_t", [x for r in entry_runs + [(len(listed), MAX_CP)] for x in r]),
        "// Entries from kCharacterEntries on are aliases and named sequences (lookup only):",
        "// entry kCharacterEntries + i is kSequencePool[kSequenceOffsets[i] .. kSequenceOffsets[i + 1]).",
        "inline constexpr unsigned kCharacterEntries = %d;" % len(listed),
        array("kSequencePool", "uint32_t", sequence_pool),
        array("kSequenceOffsets", "uint16_t", sequence_offsets),
        "// Entries sorted by name, for lookup.",
        array("kEntriesByName", "uint16_t", by_name),
        "",
        "// Blocks named PREFIX-XXXX (the code point in hex): {first, last, prefix}.",
        strings("kRangePrefixes", prefixes),
        array("kRanges", "uint32_t", [x for r in ranges for x in r]),
        "",
        "}  // namespace muna::python::unicode::name_tables",
    ]
    return "\n".join(out) + "\n"


def render_hf():
    out = header("The classes of the unicode_categories 0.1.1 crate HF's BERT components use: "
                 "sorted inclusive ranges.")
    out += ["namespace muna::text::hf {", ""]
    for name in ("PUNCTUATION", "MARK_NONSPACING", "OTHER"):
        out.append(array(name.lower(), "uint32_t", [x for r in getattr(hf_categories, name) for x in r]))
    out += ["", "}  // namespace muna::text::hf"]
    return "\n".join(out) + "\n"


OUTPUTS = {
    "include/muna/python/unicode/tables.hpp": render_tables,
    "include/muna/python/unicode/name_tables.hpp": render_names,
    "include/muna/text/hf_categories.hpp": render_hf,
}


def main():
    if sys.argv[1:2] == ["--aliases-from"]:
        write_aliases(sys.argv[2])
        return
    check = sys.argv[1:] == ["--check"]
    stale = []
    for rel, render in OUTPUTS.items():
        path = os.path.join(ROOT, rel)
        text = render()
        if check:
            with open(path, encoding="utf-8") as f:
                if f.read() != text:
                    stale.append(rel)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    if stale:
        sys.exit("stale (run /usr/bin/python3 scripts/gen_unicode_tables.py): " + ", ".join(stale))


if __name__ == "__main__":
    main()
