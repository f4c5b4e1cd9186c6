"""muna.text against Hugging Face's own tokenizers (the oracle), for every tokenizer family.

    /usr/bin/python3 -m pytest tests/text -q

Each family runs the same >= 2000-string corpus through the pure-Python tokenizer, the native
C++ tokenizer (tests/text/driver.cpp over the to_blob table) and HF's Rust tokenizers in Node;
ids and decodes must be identical. Skips only when .deps is missing (scripts/fetch_tokenizers.sh).
"""
import random

import pytest

import text_harness as harness
import text_tokenizers as make_tokenizers
from text_corpus import INVALID_UTF8, build_corpus

pytestmark = pytest.mark.skipif(harness.deps_missing() is not None, reason=str(harness.deps_missing()))

from muna.text import Tokenizer, UnsupportedComponent, to_blob  # noqa: E402  (harness puts codegen/ on the path)

FAMILIES = ["gemma3", "wordpiece", "unigram", "t5_unigram", "gpt2_bpe", "roberta_bpe", "wordlevel", "llama3_bpe",
            "qwen2_bpe", "suffix_bpe"]
CORPUS = build_corpus()


def _path(name: str) -> str:
    if name == "gemma3":
        return harness.GEMMA_JSON
    return make_tokenizers.write_all(harness.BUILD)[name]


class Family:
    """Everything one tokenizer's tests compare, computed once."""

    def __init__(self, name: str):
        self.name = name
        self.path = _path(name)
        self.tok = Tokenizer.from_file(self.path)
        self.table = to_blob(self.tok)
        self.oracle = harness.run_oracle(self.path, CORPUS)
        self.oracle_plain = harness.run_oracle(self.path, CORPUS, add_special_tokens=False)
        # Arbitrary id lists too: byte-fallback runs, special ids, ids past the vocab.
        rng = random.Random(7)
        size = self.tok.get_vocab_size()
        self.random_ids = [[rng.randrange(0, size + 5) for _ in range(rng.randrange(0, 12))] for _ in range(300)]
        self.random_ids += [[i for i in range(b, b + 8)] for b in range(0, min(size, 600), 8)]
        self.oracle_random = harness.run_oracle(self.path, [], decode_ids=self.random_ids)
        decode_ids = self.oracle["ids"] + self.random_ids
        self.native = harness.run_native(self.table, [t.encode("utf-8") for t in CORPUS] + INVALID_UTF8, decode_ids)


_cache = {}


def _family(name: str) -> Family:
    if name not in _cache:
        _cache[name] = Family(name)
    return _cache[name]


@pytest.fixture(scope="module", params=FAMILIES)
def family(request) -> Family:
    return _family(request.param)


def _mismatches(got, want, texts):
    bad = [i for i in range(len(want)) if got[i] != want[i]]
    return [f"{len(bad)} of {len(want)} differ; first: {texts[i]!r:.80} -> {got[i]!r:.200} != {want[i]!r:.200}"
            for i in bad[:3]]


def test_corpus_is_big_and_varied():
    assert len(CORPUS) >= 2000 and "" in CORPUS
    assert any("<start_of_turn>" in t for t in CORPUS) and any("\u200d" in t for t in CORPUS)


def test_gemma3_reference_ids():
    tok = _family("gemma3").tok
    text = "task: search result | query: What is the capital of France?"
    want = [2, 8071, 236787, 3927, 1354, 1109, 7609, 236787, 2900, 563, 506, 5279, 529, 7001, 236881]
    assert tok.encode(text) == want == harness.run_oracle(harness.GEMMA_JSON, [text])["ids"][0]


def test_python_ids_match_oracle(family):
    got = [family.tok.encode(t) for t in CORPUS]
    assert not _mismatches(got, family.oracle["ids"], CORPUS)
    got = [family.tok.encode(t, add_special_tokens=False) for t in CORPUS]
    assert not _mismatches(got, family.oracle_plain["ids"], CORPUS)


def test_native_ids_match_oracle(family):
    n = len(CORPUS)
    assert not _mismatches(family.native["ids"][:n], [("ids", x) for x in family.oracle["ids"]], CORPUS)
    assert not _mismatches(family.native["ids_plain"][:n], [("ids", x) for x in family.oracle_plain["ids"]], CORPUS)


def test_python_decode_matches_oracle(family):
    ids = family.oracle["ids"] + family.random_ids
    want = family.oracle["decoded"] + family.oracle_random["decoded"]
    want_skip = family.oracle["decoded_skip"] + family.oracle_random["decoded_skip"]
    assert not _mismatches([family.tok.decode(x) for x in ids], want, ids)
    assert not _mismatches([family.tok.decode(x, skip_special_tokens=True) for x in ids], want_skip, ids)


def test_native_decode_matches_oracle(family):
    ids = family.oracle["ids"] + family.random_ids
    want = [("text", s) for s in family.oracle["decoded"] + family.oracle_random["decoded"]]
    want_skip = [("text", s) for s in family.oracle["decoded_skip"] + family.oracle_random["decoded_skip"]]
    assert not _mismatches(family.native["decoded"], want, ids)
    assert not _mismatches(family.native["decoded_skip"], want_skip, ids)


def test_native_rejects_invalid_utf8_as_python_does(family):
    n = len(CORPUS)
    for bad, got, got_plain in zip(INVALID_UTF8, family.native["ids"][n:], family.native["ids_plain"][n:]):
        with pytest.raises(UnicodeDecodeError) as err:
            bad.decode("utf-8")
        assert got == got_plain == ("error", f"UnicodeError: {err.value}")


def test_python_rejects_what_is_not_text(family):
    with pytest.raises(UnicodeError):
        family.tok.encode("lone surrogate \ud800")
    with pytest.raises(TypeError):
        family.tok.encode(b"bytes")


def test_vocab_lookups_match_oracle(family):
    tok = family.tok
    size = tok.get_vocab_size()
    ids = list(range(0, min(size, 300))) + list(range(max(0, size - 300), size + 3)) + [-1]
    tokens = [tok.id_to_token(i) for i in ids if tok.id_to_token(i) is not None]
    tokens += ["\u0000no such token", "", "hello", "<bos>", "[CLS]", "\u2581the", "##ing", "<0x41>"]
    want = harness.run_oracle(family.path, [], lookup={"tokens": tokens, "ids": [i for i in ids if i >= 0]})
    assert [tok.token_to_id(t) for t in tokens] == want["token_to_id"]
    assert [tok.id_to_token(i) for i in ids if i >= 0] == want["id_to_token"]
    to_id, to_token = harness.run_native_lookup(family.table, tokens, ids)
    assert to_id == [-1 if x is None else x for x in want["token_to_id"]]
    assert to_token == want["id_to_token"] + [None]


BATCH_CASES = [
    dict(),
    dict(padding=True, pad_id=0),
    dict(padding=True, pad_id=0, padding_side="left"),
    dict(truncation=True, max_length=7),
    dict(truncation=True, max_length=5, padding="max_length", pad_id=1),
    dict(truncation=True, max_length=9, padding=True, pad_id=0, padding_side="left", add_special_tokens=False),
]


@pytest.mark.parametrize("case", BATCH_CASES, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "plain")
def test_encode_batch_matches_oracle(case):
    fam = _family("gemma3")
    texts = CORPUS[:40] + ["a", "", "<start_of_turn>user\nhi<end_of_turn>"]
    add = case.get("add_special_tokens", True)
    batch = {"max_length": case.get("max_length"), "truncation": case.get("truncation", False),
             "padding": case.get("padding", False), "pad_id": case.get("pad_id", 0),
             "padding_side": case.get("padding_side", "right")}
    want = harness.run_oracle(fam.path, texts, add_special_tokens=add, batch=batch)["ids"]
    assert fam.tok.encode_batch(texts, **case) == want
    assert harness.run_native_batch(fam.table, texts, **case) == want


def test_encode_batch_errors_name_the_problem():
    fam = _family("gemma3")
    with pytest.raises(ValueError, match="needs max_length"):
        fam.tok.encode_batch(["a"], truncation=True)
    with pytest.raises(ValueError, match="shorter than"):
        fam.tok.encode_batch(["a"], truncation=True, max_length=0)
    kind, message = harness.run_native_batch(fam.table, ["a"], truncation=True, max_length=0)
    assert kind == "error" and message.startswith("ValueError:") and "shorter than" in message


@pytest.mark.parametrize("where, spec, words", [
    ("normalizer", {"type": "Nmt"}, ["normalizer", "Nmt"]),
    ("normalizer", {"type": "Replace", "pattern": {"Regex": "\\s+"}, "content": " "}, ["normalizer", "Replace", "regex"]),
    ("normalizer", {"type": "Sequence", "normalizers": [{"type": "ByteLevel"}]}, ["normalizer.normalizers[0]", "ByteLevel"]),
    ("pre_tokenizer", {"type": "Split", "pattern": {"Regex": "\\d+"}, "behavior": "Isolated", "invert": False},
     ["pre_tokenizer", "Split", "String patterns"]),
    ("decoder", {"type": "CTC"}, ["decoder", "CTC"]),
    ("post_processor", {"type": "Mystery"}, ["post_processor", "Mystery"]),
])
def test_unsupported_component_is_named(where, spec, words):
    base = make_tokenizers.wordpiece()
    base[where] = spec
    with pytest.raises(UnsupportedComponent) as err:
        Tokenizer(base)
    for w in words:
        assert w in str(err.value)


def test_bpe_dropout_is_refused():
    spec = make_tokenizers.byte_bpe(False)
    spec["model"]["dropout"] = 0.1
    with pytest.raises(UnsupportedComponent, match="dropout"):
        Tokenizer(spec)


def test_table_is_deterministic():
    spec = make_tokenizers.unigram()
    assert to_blob(Tokenizer(spec)) == to_blob(Tokenizer(spec))
