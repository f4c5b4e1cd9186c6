"""A deterministic corpus of hard tokenizer inputs (>= 2000 strings), shared by tests and bench.

Fixed seed, no files: the same strings every run. Categories: English prose, source code, CJK,
Arabic, Hindi, emoji and ZWJ sequences, combining marks, whitespace runs, very long words and
lines, digits, the empty string, special tokens' spellings, and random mixes of all of them.
"""
import random
from typing import List

PROSE = (
    "The quick brown fox jumps over the lazy dog. It's a well-known pangram, isn't it? "
    "Tokenizers split text into pieces; models don't read characters. We'll see what they've "
    "done: \"quoted\", (parenthesized) and [bracketed] words, e-mail addresses like jane.doe@example.com, "
    "URLs such as https://example.org/path?q=1&r=2#frag, and prices of $3.50 or €12,000.00. "
    "Mr. O'Neil said: I'm sure you're right, they'd agree, we've tried, you'll see."
).split(" ")

CODE = [
    "def f(x):\n    return x ** 2  # square\n",
    "for (int i = 0; i < n; ++i) {\n\tsum += a[i] * b[i];\n}\n",
    "const re = /^\\s*(\\w+)\\s*=\\s*\"([^\"]*)\"$/gm;",
    "SELECT id, name FROM users WHERE age >= 18 ORDER BY name DESC;",
    "#include <vector>\nstd::vector<int32_t> v{1, 2, 3};",
    "<div class=\"x\"><span>hi</span></div>",
    "if __name__ == '__main__':\n\tmain()\r\n",
    "x=[i for i in range(10) if i%2==0]; print(f\"{x!r:>10}\")",
    "fn main() { println!(\"{:?}\", vec![1u8; 4]); }",
    "    indented    by    spaces\n\t\ttabs\t\tand\ttabs",
]

CJK = ["我爱自然语言处理。", "東京は日本の首都です。", "한국어 텍스트를 토큰화합니다.", "漢字とひらがなとカタカナ、そして한글。",
       "第二十三条：本法自公布之日起施行。", "𠀀𠀁𪚲 rare ideographs", "ｆｕｌｌｗｉｄｔｈ　ＡＢＣ　１２３"]
ARABIC = ["مرحبا بالعالم", "اللغة العربية جميلة جداً.", "السَّلَامُ عَلَيْكُمْ", "١٢٣٤٥ أرقام عربية"]
HINDI = ["नमस्ते दुनिया", "हिन्दी भाषा बहुत सुंदर है।", "क्षत्रिय ज्ञान श्री", "०१२३ अंक"]
OTHER_SCRIPTS = ["Здравствуй, мир! ЁЖИК", "Γειά σου Κόσμε ΣΟΦΟΣ ὀδυσσεύς", "שָׁלוֹם עוֹלָם", "สวัสดีชาวโลก",
                 "Ἀρχιμήδης", "İstanbul ıi ŞĞ", "ß ẞ ﬁ ﬀ Å Å", "Ⅻ ½ ² ⁴ ①"]
EMOJI = ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵🇫🇷", "❤️", "🧑🏻‍💻", "🫠🥹🪿", "1️⃣", "🤗 hugging face"]
COMBINING = ["e\u0301", "a\u0300\u0316", "n\u0303o\u0308", "Z\u0351\u0362\u0334a\u0336\u0321l\u0358g\u0315o\u035c",
             "\u0915\u094d\u0937", "\u1100\u1161\u11a8", "A\u030a", "o\u0338", "\uff25\u0301", "\ufb01\u0301",
             "\u0600 12", "\u00c5\u0301", "a\u0303\u0301", "x\r\ny\r\n\r\n", "\u2460\u0308"]
SPACES = [" ", "  ", "   ", "\t", "\n", "\r\n", "\n\n\n", " \t \n ", "\u00a0", "\u2003", "\u3000", "\u200b", "\ufeff",
          "\u200d", "\x00", "\x07", "\x1f", "\u2028"]
SPECIALS = ["<bos>", "<eos>", "<pad>", "<unk>", "<mask>", "<start_of_turn>", "<end_of_turn>", "<start_of_image>",
            "[CLS]", "[SEP]", "[UNK]", "[MASK]", "<s>", "</s>", "<|endoftext|>", "<unused0>", "<0x41>", "<0xZZ>",
            "user", "model", "▁", "▁▁", "Ġ", "##ing", "<start_of_turn", "bos>", "<<bos>>", "<ent>", "x<ent>y",
            "<ent>_", "Tokenizer", "TOKENIZER", "tokenizers", "<sep/>", "<sep/>   x", "ＴＯＫＥＮＩＺＥＲ"]
DIGITS = ["0", "7", "42", "3.14159", "1,234,567", "2026-11-30", "0x1F", "1e-9", "99999999999999999999",
          "+1 (555) 010-9999", "١٢٣", "१२३"]


def _word(rng: random.Random) -> str:
    pool = rng.choice([PROSE, PROSE, CJK, ARABIC, HINDI, OTHER_SCRIPTS, EMOJI, COMBINING, SPECIALS, DIGITS, CODE])
    return rng.choice(pool)


def _mix(rng: random.Random, n: int) -> str:
    parts = []
    for _ in range(n):
        parts.append(_word(rng))
        parts.append(rng.choice([" ", " ", " ", "", "  ", "\n", "\t", ", ", ". ", " \n"]))
    return "".join(parts)


def build_corpus(seed: int = 1234) -> List[str]:
    rng = random.Random(seed)
    corpus: List[str] = ["", " ", "a", "task: search result | query: What is the capital of France?",
                         "title: none | text: The Eiffel Tower is in Paris."]
    for pool in (CODE, CJK, ARABIC, HINDI, OTHER_SCRIPTS, EMOJI, COMBINING, SPACES, SPECIALS, DIGITS):
        corpus += pool
        corpus += [f"x{s}y" for s in pool] + [f" {s} " for s in pool] + [s + s for s in pool]
    for i in range(len(PROSE) - 8):
        corpus.append(" ".join(PROSE[i : i + 8]))
    for s in SPECIALS:  # special spellings glued to text, repeated, and at the edges
        corpus += [f"Hello{s}world", f"{s}{s} x", f"a {s} b", f"{s}", f"\n{s}\n"]
    corpus += [
        "a" * 1000, "ab" * 700, "🙂" * 300, "好" * 500, " " * 200, "\n" * 120, "\t" * 50, "▁" * 40,
        "supercalifragilisticexpialidocious" * 20, "x" + " " * 33 + "y", "-" * 300, "0123456789" * 50,
        " ".join(PROSE) * 5, "\u0301" * 20, "e" + "\u0301" * 40, "a\u200db\u200dc",
        "".join(chr(c) for c in range(0x20, 0x7F)), "".join(chr(c) for c in range(0xA0, 0x250)),
    ]
    while len(corpus) < 2200:
        corpus.append(_mix(rng, rng.randint(1, 25)))
    for _ in range(40):  # long lines
        corpus.append(_mix(rng, rng.randint(150, 400)))
    for _ in range(60):  # random code points from interesting blocks
        blocks = [(0x20, 0x7F), (0xA0, 0x2FF), (0x300, 0x36F), (0x370, 0x52F), (0x600, 0x6FF), (0x900, 0x97F),
                  (0x1100, 0x11FF), (0x2000, 0x206F), (0x3000, 0x30FF), (0x4E00, 0x9FFF), (0xAC00, 0xD7A3),
                  (0xFF00, 0xFFEF), (0x1F300, 0x1FAFF), (0x10000, 0x1007F), (0xE000, 0xE0FF)]
        chars = []
        for _ in range(rng.randint(1, 60)):
            lo, hi = rng.choice(blocks)
            chars.append(chr(rng.randint(lo, hi)))
        corpus.append("".join(chars))
    return corpus


# Byte strings that are not UTF-8: native encode must raise UnicodeError for each.
INVALID_UTF8 = [b"\xff", b"abc\x80", b"\xc3", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                b"\xc0\xaf", b"\xf8\x88\x80\x80\x80", b"ok\xe0\x80\xaf", b"<bos>\xfe", b"\xf0\x9f\x98",
                b"\xe2\x82\x28", b"\xf0\x9f\x98(", b"fine \xe2\x82 then more", "caf\u00e9".encode("latin-1")]
