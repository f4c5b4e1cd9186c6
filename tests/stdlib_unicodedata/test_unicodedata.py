"""unicodedata through the generator against the CPython running this file: every code point
for the per-character properties (one library call per function), CPython's names both ways,
normalization of hand-picked and random strings in all four forms, and the exceptions.

    /usr/bin/python3 -m pytest tests/stdlib_unicodedata -q -p no:cacheprovider
"""
import math
import os
import random
import sys
import unicodedata

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from muna_testing import compile_library  # noqa: E402

import muna  # noqa: E402  (muna_testing puts codegen/ on the path)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import unicodedata_functions as py  # noqa: E402

SOURCE = "tests/stdlib_unicodedata/unicodedata_functions.py"
FUNCTIONS = [n for n in vars(py) if not n.startswith("_") and callable(getattr(py, n))
             and getattr(py, n).__module__ == py.__name__]
# Every code point a str can hold in UTF-8: all but the surrogates.
ALL = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)


# Two libraries (one would have a file name longer than the file system takes): the functions
# over every code point or many strings, and the ones called once per case.
BULK = FUNCTIONS[:FUNCTIONS.index("category")]


@pytest.fixture(scope="module")
def lib():
    loaded = {}
    for group in (BULK, FUNCTIONS[len(BULK):]):
        # Tables, not kernels: one instruction-set target is enough (and one compile, not three).
        path = compile_library(SOURCE, ",".join(group), "--target", "x86-64-v2")
        loaded.update({n: muna.load(path, n) for n in group})
    return loaded


def outcome(fn, *args):
    try:
        value = fn(*args)
        return ("value", type(value).__name__, value)
    except muna.MunaError as e:
        return ("raise", e.type, e.message)
    except Exception as e:  # CPython's side
        return ("raise", type(e).__name__, str(e))


@pytest.mark.parametrize("function", ["categories", "bidirectionals", "combinings", "east_asian_widths",
                                      "mirroreds", "decompositions", "numeric_values",
                                      "decimal_and_digit_values", "names"])
def test_every_code_point(lib, function):
    native, expected = lib[function](ALL), getattr(py, function)(ALL)
    if native != expected:
        sep = "\n" if function == "names" else ","
        n, e = native.split(sep), expected.split(sep)
        bad = [f"U+{ord(ALL[i]):04X}: {a!r} != {b!r}" for i, (a, b) in enumerate(zip(n, e)) if a != b]
        pytest.fail(f"{function}: {len(bad)} code points differ, {len(n)} vs {len(e)} results:\n" + "\n".join(bad[:20]))


def cpython_names():
    """Every name unicodedata.name gives, then the aliases and named sequences lookup takes
    (unicodedata cannot list those: the candidates are the generator's list, and CPython's
    lookup, not the list, is the oracle)."""
    out = []
    for c in ALL:
        n = unicodedata.name(c, None)
        if n is not None:
            out.append((n, c))
    with open(os.path.join(HERE, "..", "..", "scripts", "unicode_aliases.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                n = line.rstrip("\n").split(";")[1]
                out.append((n, unicodedata.lookup(n)))
    return out


def test_lookup_of_every_name(lib):
    pairs = cpython_names()
    # Most names ignore ASCII case; Hangul syllables and CJK unified ideographs do not (CPython
    # matches those two prefixes exactly).
    rng = random.Random(7)
    mixed = [(n.lower() if i % 2 else n.title(), c) for i, (n, c) in enumerate(rng.sample(pairs, 3000))
             if not n.startswith(("HANGUL SYLLABLE", "CJK UNIFIED IDEOGRAPH-"))]
    names = [n for n, _ in pairs + mixed]
    assert lib["lookups"]("\n".join(names)) == "".join(c for _, c in pairs + mixed) == py.lookups("\n".join(names))


LOOKUP_CASES = [
    "LATIN SMALL LETTER A", "latin small letter a", "LATIN CAPITAL LETTER GHA", "latin capital letter gha",
    "KEYCAP NUMBER SIGN", "Keycap Number Sign", "NULL", "BYTE ORDER MARK", "KEYCAP NUMBER SIGN ", "Latin Small Letter Sharp S", "SPACE", "space",
    "HANGUL SYLLABLE GA", "HANGUL SYLLABLE GAG", "HANGUL SYLLABLE PWILH", "HANGUL SYLLABLE", "HANGUL SYLLABLE ",
    "HANGUL SYLLABLE GAGG", "hangul syllable ga", "HANGUL SYLLABLE A", "HANGUL SYLLABLE YI",
    "CJK UNIFIED IDEOGRAPH-4E00", "CJK UNIFIED IDEOGRAPH-04E00", "CJK UNIFIED IDEOGRAPH-4e00",
    "cjk unified ideograph-4E00", "CJK UNIFIED IDEOGRAPH-4E0", "CJK UNIFIED IDEOGRAPH-2A6DF",
    "CJK UNIFIED IDEOGRAPH-2A6E0", "CJK UNIFIED IDEOGRAPH-F900", "CJK UNIFIED IDEOGRAPH-30000",
    "CJK COMPATIBILITY IDEOGRAPH-F900", "cjk compatibility ideograph-f900", "CJK COMPATIBILITY IDEOGRAPH-0F900",
    "NUSHU CHARACTER-1B170", "nushu character-1b170", "NUSHU CHARACTER-01B170", "NUSHU CHARACTER-1B16F",
    "KHITAN SMALL SCRIPT CHARACTER-18B00", "TANGUT IDEOGRAPH-17000", "", " ", "LATIN SMALL LETTER",
    "LATIN  SMALL LETTER A", "LATIN SMALL LETTER A ", "no such character", "\u00e9", "it's \"quoted\"",
    "x" * 256, "x" * 257, "\u00e9" * 128, "\u00e9" * 129,
]


@pytest.mark.parametrize("name", LOOKUP_CASES)
def test_lookup(lib, name):
    assert outcome(lib["lookup"], name) == outcome(py.lookup, name)


CHAR_CASES = ["a", "A", "0", "\u00bd", "\u00b2", "\u0660", "\u2155", "\u5146", "\U0001F10C", "\u0301",
              "\uac00", "\ud7a3", "\u4e00", "\U00020000", "\U0010FFFF", "\U000E0001", "\x00", "\u0378",
              "\uf900", "\U0001B170", "\U00018B00", "\ufb01", "", "ab", "\u00e9\u0301", "\U0001F600x"]


@pytest.mark.parametrize("c", CHAR_CASES)
def test_per_character_functions_and_their_errors(lib, c):
    for f in ["category", "bidirectional", "combining", "east_asian_width", "mirrored", "decomposition",
              "numeric", "numeric_or_none", "decimal", "decimal_or_none", "digit", "name", "name_or_none"]:
        assert outcome(lib[f], c) == outcome(getattr(py, f), c), f
    assert outcome(lib["digit_or"], c, 42) == outcome(py.digit_or, c, 42)
    assert outcome(lib["name_or"], c, "none") == outcome(py.name_or, c, "none")


def test_version(lib):
    assert lib["version"]() == unicodedata.unidata_version


# Strings of the kinds CPython's own normalization tests probe: composition exclusions and
# singletons, non-starter decompositions, reordering of marks, Hangul L V T and LV T, the
# blocked/unblocked cases, compatibility characters, and code points beyond the BMP.
NORMALIZATION_CASES = [
    "", "abc", "\u00e9", "e\u0301", "\u00c5", "A\u030a", "\u212b", "\u2126", "\u1e9b\u0323",
    "\u0344", "\u0340", "\u0f73", "\u0f71\u0f72", "\u0958", "\u2adc", "\U0001d15e", "\U0001d15f\U0001d165",
    "\u0041\u0301\u0302", "\u0041\u0302\u0301", "a\u0323\u0302", "a\u0302\u0323", "a\u0301\u0323\u0302\u0316",
    "\u0061\u05ae\u0300\u0301\u0315\u0062", "\u00e0\u05ae", "e\u0301\u0301", "\u1100\u1161", "\u1100\u1161\u11a8",
    "\uac00\u11a8", "\uac01", "\u1100\u0301\u1161", "\u1112\u1175\u11c2", "\u1113\u1161", "\u1100\u1176",
    "\u11a8", "\uac00\u11a7", "\uac00\u11c3", "\ufb01", "\ufdfa", "\u3392", "\u2460", "\uff21", "\u00bd",
    "\u1e0a\u0323", "\u1e0c\u0307", "D\u0307\u0323", "\u0b47\u0b3e", "\u0b47\u0300\u0b3e", "\u09c7\u09be",
    "\u0dd9\u0dcf\u0dca", "\u1025\u102e", "\U000110a5\U000110ba", "\U00011131\U00011127", "\u3099\u309a",
    "\u304b\u3099", "\u306f\u309a", "\uff76\uff9e", "\U0002f800", "\U0001f1e6\U0001f1e8", "\u0338", "=\u0338",
    "\u2260", "<\u0338", "\u00a8\u0301", "\u1fee", "\u0385", "\u03d3", "\u03d2\u0301", "\u1f71", "\u03ac",
    "\u0626\u0627", "\u0627\u0653", "\u05d9\u05b4", "\ufb1d", "\u0e33", "\u0eb3", "\u2000", "\u3000\u3000",
    "\U0001d400\U0001d7ce", "\U0001f100", "\ufeff", "x\u034fy", "\u00c7\u0301", "C\u0327\u0301",
    "\u0041\u0300\u0041\u0300", "\u1e63\u0307", "\u0073\u0323\u0307", "\u0073\u0307\u0323",
    "\u05b8\u05b9\u05b1\u0591\u05c3\u05b0\u05ac\u059f", "\u0592\u05b7\u05bc\u05a5\u05b0\u05c0\u05c4\u05ad",
]

MARKS = [0x300, 0x301, 0x302, 0x308, 0x323, 0x327, 0x328, 0x338, 0x345, 0x35c, 0x5b0, 0x5c4, 0x93c,
         0x94d, 0xe48, 0x3099, 0x309a, 0x1d165, 0x1d16d, 0x302a, 0x1ab0, 0x20d2, 0x0f72, 0x0f74, 0x0f80]


def random_strings(count, seed=12345):
    """Mixes of starters that compose, marks of many classes in any order, Hangul jamo and
    syllables, compatibility characters and astral code points."""
    rng = random.Random(seed)
    composable = sorted({ord(unicodedata.normalize("NFD", chr(cp))[0]) for cp in range(0x3000)
                         if len(unicodedata.normalize("NFD", chr(cp))) > 1})
    compat = [cp for cp in range(0x110000) if not 0xD800 <= cp < 0xE000
              and unicodedata.decomposition(chr(cp)).startswith("<")]
    canonical = [cp for cp in range(0x110000) if unicodedata.decomposition(chr(cp))[:1] not in ("", "<")]
    pools = [
        lambda: rng.choice(composable), lambda: rng.choice(MARKS), lambda: rng.choice(MARKS),
        lambda: rng.randrange(0x1100, 0x1113), lambda: rng.randrange(0x1161, 0x1176),
        lambda: rng.randrange(0x11a7, 0x11c3), lambda: rng.randrange(0xac00, 0xd7a4),
        lambda: rng.choice(compat), lambda: rng.choice(canonical), lambda: rng.randrange(0x20, 0x7f),
        lambda: rng.randrange(0x10000, 0x110000),
    ]
    out = []
    for _ in range(count):
        cps = [rng.choice(pools)() for _ in range(rng.randrange(1, 12))]
        out.append("".join(chr(cp) for cp in cps if not 0xD800 <= cp < 0xE000))
    return out


def single_characters():
    """Every character that normalization can touch: a decomposition, a combining class, a
    composition partner, Hangul; alone and between a letter and a mark."""
    cps = [cp for cp in range(0x110000) if not 0xD800 <= cp < 0xE000 and
           (unicodedata.decomposition(chr(cp)) or unicodedata.combining(chr(cp)) or 0x1100 <= cp < 0x1200
            or unicodedata.normalize("NFC", "a" + chr(cp)) != "a" + chr(cp))]
    return [chr(cp) for cp in cps] + ["a" + chr(cp) + "\u0301" for cp in cps]


def test_normalize_all_forms(lib):
    strings = NORMALIZATION_CASES + random_strings(20000) + single_characters()
    native, expected = lib["all_normalized"](strings), py.all_normalized(strings)
    bad = [f"{s!r}: {a!r} != {b!r}" for s, a, b in zip(strings, native, expected) if a != b]
    assert not bad, f"{len(bad)} of {len(strings)} differ:\n" + "\n".join(bad[:20])


def test_is_normalized_agrees(lib):
    strings = NORMALIZATION_CASES + random_strings(20000, seed=99) + single_characters()
    strings += [unicodedata.normalize(f, s) for f in ("NFC", "NFD", "NFKC", "NFKD") for s in strings[:3000]]
    native, expected = lib["all_is_normalized"](strings), py.all_is_normalized(strings)
    bad = [f"{s!r}: {a:04b} != {b:04b}" for s, a, b in zip(strings, native, expected) if a != b]
    assert not bad, f"{len(bad)} of {len(strings)} differ:\n" + "\n".join(bad[:20])


@pytest.mark.parametrize("form", ["NFC", "NFD", "NFKC", "NFKD", "nfc", "NFX", "", "NFC "])
def test_normalization_forms(lib, form):
    for s in ["", "a", "\u00e9", "\uac00"]:
        assert outcome(lib["normalize"], form, s) == outcome(py.normalize, form, s)
        assert outcome(lib["is_normalized"], form, s) == outcome(py.is_normalized, form, s)


DIAGNOSTICS = {
    "category(3)": "unicodedata.category() argument 'chr' must be str",
    "numeric(c, 1)": "pass a default of type float (e.g. -1.0) or None",
    "decimal(c, 1.5)": "pass a default of type int (e.g. -1) or None",
    "name(c, 3)": "pass a default of type str",
    "normalize(c, 3)": "argument 'unistr' must be str",
}


@pytest.mark.parametrize("call", sorted(DIAGNOSTICS))
def test_unsupported_calls_are_diagnostics(tmp_path, call):
    # The frontend in this process (what `muna compile` runs first): no C++ is involved.
    from muna.diagnostics import CompileError
    from muna.frontend import build_program
    src = tmp_path / f"bad_{abs(hash(call))}.py"
    src.write_text(f"import unicodedata\n\n\ndef f(c: str) -> str:\n    return unicodedata.{call}\n")
    with pytest.raises(CompileError) as raised:
        build_program(str(src), ["f"])
    message = raised.value.render()
    assert ":5:" in message and DIAGNOSTICS[call] in message, message
