"""Case generation for the differential test of muna's Python runtime headers.

Each case is (op, args): `op` names the C++ function (str.find -> muna::python::str::find),
`args` are Python values passed positionally both to CPython and, through the driver, to C++.
"""
import math
import random
import struct
import sys

# Alphabet with the characters whose handling differs between naive and correct Unicode code:
# final sigma, Turkish dotted/dotless i, ß and ligatures that expand, titlecase digraphs,
# combining marks, non-ASCII whitespace and line breaks, decimal digits of other scripts,
# astral code points, quotes and controls for repr.
SPECIAL = (
    "ΣσςΑαΒβΌΐΰ" "İıIi" "ßẞﬁﬂﬀﬃﬆŉǰ" "ǅǄǆǈǋǲ" "\u0301\u0345\u0307\u200d"
    "\u00a0\u1680\u2000\u2028\u2029\u3000\u0085\x1c\x1d\x1e\x1f\x0b\x0c\r\n\t"
    "٣٤۵߁४৫੬௭４１０²³½Ⅻ〇" "中文字日本語한국어" "😀👍🏽🇯🇵𝐀𝔸𐐀𐐨" "Ꭰꭰ\u13f8ᏸ"
    "'\"\\\x00\x07\x7f\x80\x9f\xad\u200b\ufeff\U000e0001" "ǈǊǋ" "ﬓ" "Ωω" "ÆæŒœ" "ⅰⅱ"
)
ASCII = "abcxyzABCXYZ0123456789 ,.-_+e"


def rand_str(rng, max_len=12, alphabet=None):
    n = rng.randint(0, max_len)
    out = []
    for _ in range(n):
        r = rng.random()
        if alphabet is not None:
            out.append(rng.choice(alphabet))
        elif r < 0.5:
            out.append(rng.choice(ASCII))
        elif r < 0.85:
            out.append(rng.choice(SPECIAL))
        else:
            cp = rng.randint(0x80, 0x10FFFF)
            while 0xD800 <= cp < 0xE000:
                cp = rng.randint(0x80, 0x10FFFF)
            out.append(chr(cp))
    return "".join(out)


def sub_of(rng, s):
    """A needle that often occurs in s."""
    if s and rng.random() < 0.7:
        i = rng.randint(0, len(s))
        j = rng.randint(i, min(len(s), i + 3))
        return s[i:j]
    return rand_str(rng, 3)


def rand_index(rng, n):
    r = rng.random()
    if r < 0.15:
        return None
    if r < 0.25:
        return rng.choice([-(2**63), 2**63 - 1, -100, 100])
    return rng.randint(-n - 2, n + 2)


INT64_EDGES = [0, 1, -1, 2, -2, 7, -7, 10, 255, 256, 2**31, -2**31, 2**53, 2**53 + 1, -2**53 - 1,
               2**62, 2**63 - 1, -2**63, -2**63 + 1, 10**18, -10**18, 999999999999999999]


def rand_int(rng):
    r = rng.random()
    if r < 0.2:
        return rng.choice(INT64_EDGES)
    if r < 0.5:
        return rng.randint(-1000, 1000)
    if r < 0.7:
        return rng.randint(-10**9, 10**9)
    return rng.randint(-2**63, 2**63 - 1)


FLOAT_EDGES = [0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 1.5, 2.5, -2.5, 0.125, 2.675, 1e16, 1e15, 1e17,
               9999999999999998.0, 1e-4, 1e-5, 1.5e-5, 123.456, 1e22, 1e23, 5e-324, 2.2250738585072014e-308,
               1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.0**53, 2.0**63, -2.0**63,
               9.5, 0.05, 0.15, 0.25, 0.35, 1.005, 1234.5678, 1e100, 3.141592653589793, 1/3]


def rand_float(rng):
    r = rng.random()
    if r < 0.2:
        return rng.choice(FLOAT_EDGES)
    if r < 0.45:
        bits = rng.getrandbits(64)
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if r < 0.65:
        return round(rng.uniform(-1000, 1000), rng.randint(0, 6))
    if r < 0.8:
        return rng.randint(-10**6, 10**6) / 8  # exact halves and eighths
    return rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30)


def rand_spec(rng, kind):
    parts = []
    if rng.random() < 0.3:
        if rng.random() < 0.5:
            parts.append(rng.choice("*0x é中"))
        parts.append(rng.choice("<>^="))
    if rng.random() < 0.3:
        parts.append(rng.choice("+- "))
    if rng.random() < 0.08:
        parts.append("z")
    if rng.random() < 0.2:
        parts.append("#")
    if rng.random() < 0.2:
        parts.append("0")
    if rng.random() < 0.5:
        parts.append(str(rng.randint(0, 25)))
    if rng.random() < 0.2:
        parts.append(rng.choice(",_"))
    if rng.random() < 0.4:
        parts.append("." + str(rng.randint(0, 20)))
    if rng.random() < 0.7:
        types = {"int": "bcdoxXneEfFgG%s", "float": "eEfFgGn%d", "str": "ssssd", "bool": "dxcs"}[kind]
        parts.append(rng.choice(types))
    return "".join(parts)


FIXED_SPECS = ["", ".3f", ">5", "03d", ",", "e", "^10", "!", "10.4", ".0f", ".0e", ".1%", "#x",
               "#o", "#b", "#X", "_x", "_b", "_", ",.2f", "+", " ", "=+10", "010,", "012,.3f",
               "g", ".17g", ".3g", "#.3g", "#.0f", "#.0e", "n", "c", "*^12,", "<", "=", "z.2f",
               "z", ".3", ".0", "010", "-010.3e", "#10x", "08.3%", "G", "E", "F", "%", ".2s",
               "x<6", "é^7", ".5", "abc", ".", ",_", ",s", "_c", "+s", " s", "#s", "=5s", "zd",
               "+c", "#c", "99999999999999999999", "\x01", ",x", "_o", ".2d", ".1500f", "#.1100e",
               ".1200g", "2000.1100"]


def int_text_cases(rng):
    texts = ["42", " -7 ", "0x1f", "0X1F", "0o17", "0b101", "1_000", "1__0", "_1", "1_", "0_7",
             "00", "0_0", "010", "0x_1f", "0x", "", "  ", "+5", "-0", "٣", "１２", "\u20001\u2000",
             "1e3", "1.0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
             "-9223372036854775809", "99999999999999999999999", "\x1c5", "5\x1c", "\t12\n",
             "z", "Z", "zz", "ff", "0b2", "٣x", "1 2", "+-1", "é", "a'b", "x" * 300, "1" * 4301,
             "0" * 5000 + "1", "ᏸ", "𝟙"]
    cases = []
    for t in texts:
        cases.append(("builtins.int", (t,)))
        for base in (0, 2, 8, 16, 36):
            cases.append(("builtins.int", (t, base)))
    for base in (1, 37, -1):
        cases.append(("builtins.int", ("1", base)))
    for _ in range(600):
        base = rng.choice([0, 2, 8, 10, 16, 36, rng.randint(2, 36)])
        n = rand_int(rng)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"
        b = base or 10
        mag, text = abs(n), ""
        while True:
            text = digits[mag % b] + text
            mag //= b
            if not mag:
                break
        if rng.random() < 0.3 and len(text) > 1:
            k = rng.randint(1, len(text) - 1)
            text = text[:k] + "_" + text[k:]
        if rng.random() < 0.3:
            text = text.upper()
        prefix = {2: "0b", 8: "0o", 16: "0x"}.get(base if base else 10, "")
        if base in (2, 8, 16) and rng.random() < 0.5:
            text = prefix + text
        text = ("-" if n < 0 else rng.choice(["", "+"])) + text
        text = rng.choice(["", " ", "\t", "\u3000"]) + text + rng.choice(["", " ", "\n"])
        cases.append(("builtins.int", (text, base)))
    return cases


def float_text_cases(rng):
    texts = ["1e-3", " inf ", "nan", "-nan", "+Infinity", "iNf", "infinit", "1_000.5", "1__0", "1_.5",
             "1._5", ".5", "5.", ".", "e5", "1e", "1e+", "0x10", "1e500", "-1e500", "1e-500", "-1e-500",
             "2.5e-324", "2.4703282292062328e-324", "4.9406564584124654e-324", "٣.٥", "1.5é",
             "", " ", "\u20001.5\u2000", "1_0e1_0", "1e1_0", "0.000000000000000000000000001e30",
             "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999",
             "1" * 400, "0." + "0" * 400 + "1", "nan(1)", "++1", "1 2", "1\x1c"]
    cases = [("builtins.float", (t,)) for t in texts]
    for _ in range(800):
        x = rand_float(rng)
        t = repr(x) if rng.random() < 0.5 else format(x, rng.choice([".17g", ".3e", ".20f", "g", ".30g"]))
        if rng.random() < 0.2:
            t = t.upper()
        if rng.random() < 0.2:
            t = " " + t + "\n"
        cases.append(("builtins.float", (t,)))
    return cases


def string_cases(rng, n):
    cases = []
    for _ in range(n):
        s = rand_str(rng)
        for op in ("lower", "upper", "casefold", "title", "capitalize", "swapcase", "isalpha",
                   "isdecimal", "isdigit", "isnumeric", "isspace", "isalnum", "isupper",
                   "islower", "istitle", "isprintable", "isascii", "len"):
            cases.append(("str." + op, (s,)))
        chars = rand_str(rng, 4) if rng.random() < 0.6 else None
        for op in ("strip", "lstrip", "rstrip"):
            cases.append(("str." + op, (s,)))
            cases.append(("str." + op, (s, chars)))
            cases.append(("str." + op, (" \t" + s + "\u3000\n", None)))
        sep = rng.choice([None, None, sub_of(rng, s), " ", ",", ""])
        maxsplit = rng.choice([-1, -1, 0, 1, 2, 5])
        # Runs of separators and whitespace are where split/rsplit differ.
        t = s if rng.random() < 0.5 else "  ".join([s, sub_of(rng, s), " " + s + " "])
        for op in ("split", "rsplit"):
            cases.append(("str." + op, (t,)))
            cases.append(("str." + op, (t, sep, maxsplit)))
        cases.append(("str.splitlines", (t,)))
        cases.append(("str.splitlines", (t, rng.random() < 0.5)))
        cases.append(("str.join", (sub_of(rng, s), [rand_str(rng, 4) for _ in range(rng.randint(0, 4))])))
        old = sub_of(rng, s)
        cases.append(("str.replace", (s, old, rand_str(rng, 3))))
        cases.append(("str.replace", (s, old, rand_str(rng, 3), rng.choice([-1, 0, 1, 2, 100]))))
        n_cp = len(s)
        for op in ("find", "rfind", "index", "rindex", "count"):
            sub = sub_of(rng, s)
            cases.append(("str." + op, (s, sub)))
            cases.append(("str." + op, (s, sub, rand_index(rng, n_cp), rand_index(rng, n_cp))))
        for op in ("startswith", "endswith"):
            affix = sub_of(rng, s) if rng.random() < 0.7 else tuple(sub_of(rng, s) for _ in range(rng.randint(0, 3)))
            cases.append(("str." + op, (s, affix)))
            cases.append(("str." + op, (s, affix, rand_index(rng, n_cp), rand_index(rng, n_cp))))
        width = rng.randint(-2, n_cp + 6)
        cases.append(("str.zfill", (rng.choice(["", "+", "-"]) + s, width)))
        fill = rng.choice([" ", "*", "é", "中", "😀", "ab", ""])
        for op in ("center", "ljust", "rjust"):
            cases.append(("str." + op, (s, width)))
            cases.append(("str." + op, (s, width, fill)))
        for op in ("partition", "rpartition"):
            cases.append(("str." + op, (s, sub_of(rng, s))))
        cases.append(("str.removeprefix", (s, sub_of(rng, s))))
        cases.append(("str.removesuffix", (s, sub_of(rng, s))))
        tabbed = s.replace(" ", "\t") + "\tx\ty\r\tz"
        cases.append(("str.expandtabs", (tabbed,)))
        cases.append(("str.expandtabs", (tabbed, rng.randint(-1, 9))))
        cases.append(("str.getitem", (s, rng.randint(-n_cp - 2, n_cp + 2))))
        step = rng.choice([None, 1, 2, -1, -2, 3, -3, 0, 2**63 - 1, -(2**63)])
        cases.append(("str.slice", (s, rand_index(rng, n_cp), rand_index(rng, n_cp), step)))
        cases.append(("str.contains", (s, sub_of(rng, s))))
        cases.append(("str.mul", (sub_of(rng, s), rng.randint(-2, 4))))
        cases.append(("str.iter", (s,)))
        cases.append(("builtins.repr", (s,)))
        cases.append(("builtins.ascii", (s,)))
        cases.append(("builtins.len", (s,)))
        cases.append(("builtins.str", (s,)))
        cases.append(("builtins.bool", (s,)))
        cases.append(("builtins.ord", (s[:rng.choice([0, 1, 1, 1, 2])],)))
        cases.append(("builtins.format", (s, rand_spec(rng, "str"))))
    return cases


def unicode_sweep_cases():
    """Every code point of planes 0-2 and the tag/variation block of plane 14, in chunks,
    through the case maps and repr; predicates one code point at a time for a subset."""
    cps = [c for c in list(range(0x30000)) + list(range(0xE0000, 0xE1000)) if not 0xD800 <= c < 0xE000]
    cases = []
    for k in range(0, len(cps), 48):
        chunk = "".join(chr(c) for c in cps[k:k + 48])
        for op in ("lower", "upper", "casefold", "title", "swapcase"):
            cases.append(("str." + op, (chunk,)))
        cases.append(("builtins.repr", (chunk,)))
    rng = random.Random(7)
    single = list(range(0x3000)) + rng.sample(cps, 6000)
    for c in single:
        if 0xD800 <= c < 0xE000:
            continue
        cases.append(("test.predicates", (chr(c),)))
    return cases


def number_cases(rng, n):
    cases = []
    for _ in range(n):
        i, j = rand_int(rng), rand_int(rng)
        x, y = rand_float(rng), rand_float(rng)
        small = rng.randint(-50, 50)
        cases += [("builtins.str", (i,)), ("builtins.repr", (i,)), ("builtins.str", (x,)),
                  ("builtins.repr", (x,)), ("builtins.bool", (i,)), ("builtins.bool", (x,)),
                  ("builtins.abs", (i,)), ("builtins.abs", (x,)), ("builtins.neg", (i,)),
                  ("builtins.hex", (i,)), ("builtins.oct", (i,)), ("builtins.bin", (i,)),
                  ("builtins.int", (x,)), ("builtins.float", (i,)), ("builtins.round", (x,)),
                  ("builtins.round", (x, rng.choice([0, 1, 2, 3, -1, -2, 5, 10, 15, 17, 20, 300, 323, 324,
                                                     -300, -308, -309, rng.randint(-30, 30)]))),
                  ("builtins.round", (i,)), ("builtins.round", (i, rng.randint(-20, 3))),
                  ("builtins.round", (rng.randint(-10**6, 10**6) * 5, rng.randint(-4, -1))),
                  ("builtins.format", (i, rand_spec(rng, "int"))),
                  ("builtins.format", (x, rand_spec(rng, "float"))),
                  ("builtins.format", (rng.random() < 0.5, rand_spec(rng, "bool"))),
                  ("builtins.format", (x, rng.choice(FIXED_SPECS))),
                  ("builtins.format", (i, rng.choice(FIXED_SPECS))),
                  ("builtins.chr", (rng.choice([rng.randint(0, 0x10FFFF), rng.randint(-5, 200), 0x110000]),))]
        if 0xD800 <= cases[-1][1][0] < 0xE000:
            cases.pop()
        for op in ("floordiv", "mod", "truediv", "divmod", "add", "sub", "mul"):
            jj = rng.choice([j, small, 0, -1, 1]) if op not in ("add", "sub", "mul") else j
            cases.append(("builtins." + op, (i, jj)))
            yy = rng.choice([y, float(small), 0.0, -0.0, math.inf, -math.inf])
            cases.append(("builtins." + op, (x, yy)))
        shift = rng.choice([rng.randint(0, 70), -1, 0, 1, 62, 63, 64])
        cases.append(("builtins.lshift", (rng.choice([i, small, 1, -1, 0]), shift)))
        cases.append(("builtins.rshift", (rng.choice([i, small, 1, -1, 0]), shift)))
        e = rng.randint(0, 70)
        cases.append(("builtins.pow", (rng.choice([i, small, 2, -2, 3, 10]), e)))
        cases.append(("builtins.pow", (i, rng.randint(-5, 2**63 - 1), rng.choice([j, small or 7, 1, -1, 0]))))
        base = rng.choice([x, abs(x), 0.0, -0.0, 1.0, -1.0, 2.0, 10.0, math.inf, -math.inf, math.nan])
        ex = rng.choice([y, float(small), 0.5, -0.5, 2.0, 3.0, -3.0, 400.0, -400.0, math.inf, -math.inf, math.nan, 0.0])
        cases.append(("builtins.pow", (base, ex)))
    for x in FLOAT_EDGES:
        for spec in FIXED_SPECS:
            cases.append(("builtins.format", (x, spec)))
        cases.append(("builtins.repr", (x,)))
    for i in INT64_EDGES:
        for spec in FIXED_SPECS:
            cases.append(("builtins.format", (i, spec)))
    for flag in (True, False):
        for spec in FIXED_SPECS:
            cases.append(("builtins.format", (flag, spec)))
    return cases





def rounding_cases(rng):
    """Decimal ties and near-ties, where round() and fixed/exponent formatting must use the
    exact binary value (2.675 -> 2.67) and ties-to-even, plus long precisions."""
    cases = []
    for _ in range(3000):
        digits = rng.randint(1, 17)
        text = str(rng.randint(0, 10**digits)) + "5"
        point = rng.randint(0, len(text))
        text = (text[:point] or "0") + "." + text[point:]
        x = float(text) * rng.choice([1, -1]) * 10.0 ** rng.randint(-5, 5)
        n = len(text) - text.index(".") - 2 + rng.randint(-3, 3)
        cases.append(("builtins.round", (x, n)))
        cases.append(("builtins.format", (x, "." + str(max(n, 0)) + rng.choice("feEg%"))))
        k = rng.randint(0, 60)
        y = rng.randint(-2**53, 2**53) / 2.0 ** k  # exact binary fractions: true ties exist
        cases.append(("builtins.round", (y, rng.randint(-3, k))))
        cases.append(("builtins.round", (y,)))
        cases.append(("builtins.format", (y, "." + str(rng.randint(0, 70)) + rng.choice("fegG"))))
        cases.append(("builtins.format", (rand_float(rng), rng.choice(["#", ""]) + "." + str(rng.randint(0, 120)) + rng.choice("feEgGn%"))))
        cases.append(("builtins.repr", (rand_float(rng),)))
    return cases


def utf8_validation_cases(rng):
    """Byte strings near valid UTF-8: truncated, overlong, surrogate and out-of-range forms."""
    fixed = [b"", b"abc", b"\xc0\x80", b"\xc1\xbf", b"\xc2\x80", b"\xe0\x80\x80", b"\xe0\xa0\x80",
             b"\xed\xa0\x80", b"\xed\x9f\xbf", b"\xf0\x8f\xbf\xbf", b"\xf0\x90\x80\x80",
             b"\xf4\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xf5\x80\x80\x80", b"\xff", b"\x80",
             b"\xe2\x82", b"\xf0\x9f\x98", b"a\xc3", b"\xc3\xa9"]
    cases = [("unicode.is_valid_utf8", (b,)) for b in fixed]
    for _ in range(3000):
        data = bytearray(rand_str(rng, 6).encode("utf-8"))
        for _ in range(rng.randint(0, 2)):
            if data and rng.random() < 0.5:
                data[rng.randrange(len(data))] = rng.randrange(256)
            elif data:
                del data[rng.randrange(len(data)):]
            else:
                data.append(rng.randrange(256))
        cases.append(("unicode.is_valid_utf8", (bytes(data),)))
    return cases
