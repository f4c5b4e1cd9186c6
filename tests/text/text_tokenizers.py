"""Small tokenizer.json files for the model families besides Gemma, built from a fixed text.

Each is a faithful miniature of a real family's pipeline (vocab learned here, deterministically):
  wordpiece.json   BERT uncased: BertNormalizer, BertPreTokenizer, WordPiece, [CLS] $A [SEP]
  unigram.json     SentencePiece/T5 style: Metaspace, Unigram (Viterbi), $A </s>, byte fallback off
  t5_unigram.json  the same behind T5/XLM-R's normalizer: Precompiled charsmap, Strip, Replace " {2,}"
  gpt2_bpe.json    GPT-2: ByteLevel pre-tokenizer/decoder, byte-level BPE, <|endoftext|>
  roberta_bpe.json RoBERTa: as GPT-2 plus add_prefix_space, <s> $A </s>, <mask> with lstrip
  wordlevel.json   WordLevel behind NFKC, Lowercase, NFD, StripAccents and the Whitespace pre-tokenizer
  llama3_bpe.json  Llama 3: Split on its regex, ByteLevel without regex, BPE with ignore_merges
  qwen2_bpe.json   Qwen 2: the same with NFC and one digit per number piece
  suffix_bpe.json  character BPE with "</w>" word ends, unfused <unk>, BPEDecoder (CLIP style)
Vocabularies deliberately miss characters so unknown-token paths run too.
"""
import collections
import json
import math
import os
from typing import Dict, List

from text_corpus import ARABIC, CJK, CODE, EMOJI, HINDI, OTHER_SCRIPTS, PROSE

TRAINING_TEXT = "\n".join([" ".join(PROSE)] * 3 + CODE + CJK[:3] + ARABIC[:2] + HINDI[:2] + OTHER_SCRIPTS[:4] + EMOJI[:4])


def _added(content: str, tid: int, special: bool = True, lstrip: bool = False, normalized: bool = False) -> dict:
    return {"id": tid, "content": content, "single_word": False, "lstrip": lstrip, "rstrip": False,
            "normalized": normalized, "special": special}


def wordpiece() -> dict:
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    text = TRAINING_TEXT.lower()
    words = collections.Counter(w.strip(".,;:!?\"'()[]{}") for w in text.split())
    chars = sorted({c for c in text if not c.isspace()})
    vocab: List[str] = list(specials)
    vocab += chars + ["##" + c for c in chars]
    vocab += sorted(w for w, n in words.items() if n >= 3 and len(w) > 1)
    vocab += ["##ing", "##ed", "##s", "##er", "##ly", "##tion", "un", "##able", "re", "##'s", "token", "##izer"]
    vocab = list(dict.fromkeys(vocab))
    return {
        "version": "1.0", "truncation": None, "padding": None,
        # Beyond the specials: a normalized token (matched after lowercasing), a single_word one
        # and an lstrip/rstrip one, so every AddedToken flag meets the corpus.
        "added_tokens": [_added(t, i) for i, t in enumerate(specials)] + [
            {"id": len(vocab), "content": "Tokenizer", "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": True, "special": False},
            {"id": len(vocab) + 1, "content": "<ent>", "single_word": True, "lstrip": False, "rstrip": False,
             "normalized": False, "special": False},
            {"id": len(vocab) + 2, "content": "<sep/>", "single_word": False, "lstrip": True, "rstrip": True,
             "normalized": False, "special": True}],
        "normalizer": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
                       "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "TemplateProcessing",
                           "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                                      {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
                           "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
                           "special_tokens": {"[CLS]": {"id": "[CLS]", "ids": [2], "tokens": ["[CLS]"]},
                                              "[SEP]": {"id": "[SEP]", "ids": [3], "tokens": ["[SEP]"]}}},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                  "max_input_chars_per_word": 100, "vocab": {t: i for i, t in enumerate(vocab)}},
    }


def unigram() -> dict:
    specials = ["<pad>", "</s>", "<unk>"]
    words = ["\u2581" + w for w in TRAINING_TEXT.split()]
    counts: Dict[str, int] = collections.Counter()
    for w in words:
        for i in range(len(w)):
            for j in range(i + 1, min(len(w), i + 6) + 1):
                counts[w[i:j]] += 1
    singles = sorted({c for w in words for c in w})
    multi = sorted((p for p, n in counts.items() if n >= 3 and len(p) > 1), key=lambda p: (-counts[p], p))[:1500]
    total = sum(counts.values())
    pieces = [[t, 0.0] for t in specials]
    for p in singles + multi:
        pieces.append([p, math.log(counts[p] / total) - (2.0 if len(p) == 1 else 0.0)])
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [_added(t, i) for i, t in enumerate(specials)],
        "normalizer": None,
        "pre_tokenizer": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
        "post_processor": {"type": "TemplateProcessing",
                           "single": [{"Sequence": {"id": "A", "type_id": 0}}, {"SpecialToken": {"id": "</s>", "type_id": 0}}],
                           "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
                           "special_tokens": {"</s>": {"id": "</s>", "ids": [1], "tokens": ["</s>"]}}},
        "decoder": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always", "split": True},
        "model": {"type": "Unigram", "unk_id": 2, "vocab": pieces, "byte_fallback": False},
    }


def t5_unigram() -> dict:
    """unigram() behind the normalizer HF's converter gives SentencePiece models (T5, XLM-R):
    Precompiled charsmap, right strip, runs of spaces to one "▁"."""
    import base64

    from text_charsmap import build_charsmap, nfkc_rules

    spec = unigram()
    spec["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(build_charsmap(nfkc_rules())).decode()},
        {"type": "Strip", "strip_left": False, "strip_right": True},
        {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "▁"}]}
    return spec


def wordlevel() -> dict:
    """A word-level model behind NFKC + Lowercase + NFD + StripAccents and the Whitespace regex
    pre-tokenizer, with no post-processor and no decoder (ids joined by spaces)."""
    import unicodedata

    words = collections.Counter()
    for a in TRAINING_TEXT.split():
        stripped = "".join(c for c in unicodedata.normalize("NFD", a.lower()) if unicodedata.category(c)[0] != "M")
        words.update(w for w in stripped.replace("'", " ' ").split() if w)
    vocab = ["[UNK]", "[PAD]"] + sorted(w for w, n in words.items() if n >= 2) + [".", ",", "?", "!", "(", ")"]
    vocab = list(dict.fromkeys(vocab))
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [_added("[UNK]", 0), _added("[PAD]", 1)],
        "normalizer": {"type": "Sequence", "normalizers": [{"type": "NFKC"}, {"type": "Lowercase"}, {"type": "NFD"},
                                                           {"type": "StripAccents"}]},
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": None,
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": {t: i for i, t in enumerate(vocab)}, "unk_token": "[UNK]"},
    }


def _train_byte_bpe(n_merges: int, pre_split=None):
    """A tiny greedy BPE trainer over pre-tokenized (GPT-2 regex by default), byte-mapped words."""
    from muna.text.byte_level import BYTE_TO_CHAR, gpt2_split, to_byte_chars

    text = TRAINING_TEXT
    words = collections.Counter(to_byte_chars(text[a:b]) for a, b in (pre_split or gpt2_split)(text))
    split = {w: list(w) for w in words}
    return _learn_merges(words, split, [BYTE_TO_CHAR[b] for b in range(256)], n_merges)


def _learn_merges(words, split, vocab, n_merges):
    """Greedy BPE: merge the most frequent adjacent pair (ties by the pair itself) n times.
    Symbols outside vocab (unknown characters) never merge."""
    known = set(vocab)
    merges = []
    for _ in range(n_merges):
        pairs: Dict[tuple, int] = collections.Counter()
        for w, n in words.items():
            sym = split[w]
            for a, b in zip(sym, sym[1:]):
                if a in known and b in known:
                    pairs[(a, b)] += n
        if not pairs:
            break
        best = min(pairs, key=lambda p: (-pairs[p], p))
        merges.append(best)
        vocab.append(best[0] + best[1])
        known.add(best[0] + best[1])
        for w in words:
            sym, out, i = split[w], [], 0
            while i < len(sym):
                if i + 1 < len(sym) and (sym[i], sym[i + 1]) == best:
                    out.append(sym[i] + sym[i + 1])
                    i += 2
                else:
                    out.append(sym[i])
                    i += 1
            split[w] = out
    return list(dict.fromkeys(vocab)), merges


def byte_bpe(roberta: bool) -> dict:
    vocab, merges = _train_byte_bpe(600)
    if roberta:
        specials = ["<s>", "<pad>", "</s>", "<unk>"]
        vocab = specials + vocab + ["<mask>"]
        added = [_added(t, i) for i, t in enumerate(specials)] + [_added("<mask>", len(vocab) - 1, lstrip=True)]
        post = {"type": "RobertaProcessing", "sep": ["</s>", 2], "cls": ["<s>", 0], "trim_offsets": True,
                "add_prefix_space": True}
    else:
        vocab = vocab + ["<|endoftext|>"]
        added = [_added("<|endoftext|>", len(vocab) - 1)]
        post = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": added, "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": roberta, "trim_offsets": True, "use_regex": True},
        "post_processor": post,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": "",
                  "end_of_word_suffix": "", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {t: i for i, t in enumerate(vocab)}, "merges": [[a, b] for a, b in merges]},
    }


def suffix_bpe() -> dict:
    """Character BPE in the style of CLIP and early subword models: lowercase, whitespace split,
    "</w>" marking word ends, an unknown token that does not fuse, BPEDecoder."""
    words = collections.Counter(TRAINING_TEXT.lower().split())
    chars = sorted({c for w in words for c in w if ord(c) < 0x250})  # the rest becomes <unk>
    vocab = ["<unk>"] + chars + [c + "</w>" for c in chars]
    split = {w: [c for c in w[:-1]] + [w[-1] + "</w>"] for w in words}
    vocab, merges = _learn_merges(words, split, vocab, 300)
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": [_added("<unk>", 0)],
        "normalizer": {"type": "Lowercase"}, "pre_tokenizer": {"type": "WhitespaceSplit"},
        "post_processor": None, "decoder": {"type": "BPEDecoder", "suffix": "</w>"},
        "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
                  "end_of_word_suffix": "</w>", "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {t: i for i, t in enumerate(vocab)}, "merges": [[a, b] for a, b in merges]},
    }


def llama3_bpe(qwen: bool) -> dict:
    """Llama 3 (Qwen 2 when qwen): Split on the family's regex, then ByteLevel without its own
    regex, byte-level BPE with ignore_merges; Qwen adds an NFC normalizer."""
    from muna.text.byte_level import LLAMA3_PATTERN, QWEN2_PATTERN, llama3_split

    digits = 1 if qwen else 3
    vocab, merges = _train_byte_bpe(500, lambda text: llama3_split(text, digits))
    specials = ["<|endoftext|>", "<|im_start|>"] if qwen else ["<|begin_of_text|>", "<|end_of_text|>"]
    first = len(vocab)
    vocab = vocab + specials
    post = ({"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False} if qwen else
            {"type": "TemplateProcessing",
             "single": [{"SpecialToken": {"id": specials[0], "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
             "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
             "special_tokens": {specials[0]: {"id": specials[0], "ids": [first], "tokens": [specials[0]]}}})
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [_added(t, first + i) for i, t in enumerate(specials)],
        "normalizer": {"type": "NFC"} if qwen else None,
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": QWEN2_PATTERN if qwen else LLAMA3_PATTERN}, "behavior": "Isolated",
             "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]},
        "post_processor": post,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False, "ignore_merges": True,
                  "vocab": {t: i for i, t in enumerate(vocab)}, "merges": [[a, b] for a, b in merges]},
    }


def write_all(directory: str) -> Dict[str, str]:
    """Writes the files (only when their content changed) and returns name -> path."""
    os.makedirs(directory, exist_ok=True)
    specs = {"wordpiece": wordpiece(), "unigram": unigram(), "t5_unigram": t5_unigram(), "gpt2_bpe": byte_bpe(False),
             "roberta_bpe": byte_bpe(True), "wordlevel": wordlevel(), "llama3_bpe": llama3_bpe(False),
             "qwen2_bpe": llama3_bpe(True), "suffix_bpe": suffix_bpe()}
    paths = {}
    for name, spec in specs.items():
        path = os.path.join(directory, f"{name}.json")
        data = json.dumps(spec, ensure_ascii=False, indent=1)
        if not os.path.exists(path) or open(path, encoding="utf-8").read() != data:
            with open(path, "w", encoding="utf-8") as f:
                f.write(data)
        paths[name] = path
    return paths
