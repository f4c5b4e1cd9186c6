"""Small tokenizer.json files for the model families besides Gemma, built from a fixed text.

Each is a faithful miniature of a real family's pipeline (vocab learned here, deterministically):
  wordpiece.json   BERT uncased: BertNormalizer, BertPreTokenizer, WordPiece, [CLS] $A [SEP]
  unigram.json     SentencePiece/T5 style: Metaspace, Unigram (Viterbi), $A </s>, byte fallback off
  t5_unigram.json  the same behind T5/XLM-R's normalizer: Precompiled charsmap, Strip, Replace " {2,}"
  gpt2_bpe.json    GPT-2: ByteLevel pre-tokenizer/decoder, byte-level BPE, <|endoftext|>
  roberta_bpe.json RoBERTa: as GPT-2 plus add_prefix_space, <s> $A </s>, <mask> with lstrip
Vocabularies deliberately miss characters so unknown-token paths run too.
"""
import collections
import json
import math
import os
from typing import Dict, List

from corpus import ARABIC, CJK, CODE, EMOJI, HINDI, OTHER_SCRIPTS, PROSE

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
        "added_tokens": [_added(t, i) for i, t in enumerate(specials)],
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

    from charsmap import build_charsmap, nfkc_rules

    spec = unigram()
    spec["normalizer"] = {"type": "Sequence", "normalizers": [
        {"type": "Precompiled", "precompiled_charsmap": base64.b64encode(build_charsmap(nfkc_rules())).decode()},
        {"type": "Strip", "strip_left": False, "strip_right": True},
        {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": "▁"}]}
    return spec


def _train_byte_bpe(n_merges: int):
    """A tiny greedy BPE trainer over GPT-2 pre-tokenized, byte-mapped words."""
    from muna.text.byte_level import BYTE_TO_CHAR, gpt2_split, to_byte_chars

    text = TRAINING_TEXT
    words = collections.Counter(to_byte_chars(text[a:b]) for a, b in gpt2_split(text))
    split = {w: list(w) for w in words}
    vocab = [BYTE_TO_CHAR[b] for b in range(256)]
    merges = []
    for _ in range(n_merges):
        pairs: Dict[tuple, int] = collections.Counter()
        for w, n in words.items():
            s = split[w]
            for a, b in zip(s, s[1:]):
                pairs[(a, b)] += n
        if not pairs:
            break
        best = min(pairs, key=lambda p: (-pairs[p], p))
        merges.append(best)
        vocab.append(best[0] + best[1])
        for w in words:
            s, out, i = split[w], [], 0
            while i < len(s):
                if i + 1 < len(s) and (s[i], s[i + 1]) == best:
                    out.append(s[i] + s[i + 1])
                    i += 2
                else:
                    out.append(s[i])
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


def write_all(directory: str) -> Dict[str, str]:
    """Writes the files (only when their content changed) and returns name -> path."""
    os.makedirs(directory, exist_ok=True)
    specs = {"wordpiece": wordpiece(), "unigram": unigram(), "t5_unigram": t5_unigram(), "gpt2_bpe": byte_bpe(False),
             "roberta_bpe": byte_bpe(True)}
    paths = {}
    for name, spec in specs.items():
        path = os.path.join(directory, f"{name}.json")
        data = json.dumps(spec, ensure_ascii=False, indent=1)
        if not os.path.exists(path) or open(path, encoding="utf-8").read() != data:
            with open(path, "w", encoding="utf-8") as f:
                f.write(data)
        paths[name] = path
    return paths
