"""muna.text.Tokenizer: Hugging Face tokenizer.json in plain Python.

This is what a user's function calls when it runs uncompiled; the compiler replaces it with
include/muna/text/tokenizer.hpp fed by to_blob(). Both follow HF tokenizers 0.22:
added tokens split out of the raw text -> normalizer per remaining piece -> normalized added
tokens split out -> pre-tokenizer -> model per word -> post-processor template.
"""
import json
from typing import List, Optional, Sequence, Union

from .added_tokens import NORMALIZED, SPECIAL, LSTRIP, RSTRIP, SINGLE_WORD, AddedToken, Matcher
from .components import (decode_tokens, normalize, parse_decoder, parse_normalizer, parse_post_processor,
                         parse_pre_tokenizer, pre_tokenize)
from .models import parse_model


class Tokenizer:
    """A tokenizer.json pipeline. Ids are plain ints; the API mirrors HF's `tokenizers`."""

    def __init__(self, spec: dict):
        self.spec = spec
        self.normalizer = parse_normalizer(spec.get("normalizer"))
        self.pre_tokenizer = parse_pre_tokenizer(spec.get("pre_tokenizer"))
        self.model = parse_model(spec["model"])
        self.decoder = parse_decoder(spec.get("decoder"))
        self.added_tokens = self._read_added_tokens(spec.get("added_tokens") or [])
        self.template = parse_post_processor(spec.get("post_processor"), self.token_to_id)
        self.num_special_tokens_to_add = sum(len(ids) for special, ids in self.template if special)
        self._raw_matcher = Matcher([t for t in self.added_tokens if not t.flags & NORMALIZED])
        self._normalized_matcher = Matcher([t for t in self.added_tokens if t.flags & NORMALIZED])

    @classmethod
    def from_file(cls, path: str) -> "Tokenizer":
        with open(path, "r", encoding="utf-8") as f:
            return cls(json.load(f))

    @classmethod
    def from_str(cls, text: str) -> "Tokenizer":
        return cls(json.loads(text))

    def _read_added_tokens(self, entries: list) -> List[AddedToken]:
        # HF re-adds each entry through add_tokens: the id is the model's if the content is in
        # the model vocab, else the next free id; the search order is specials first.
        self._added_by_content = {}
        self._added_by_id = {}
        next_id = len(self.model.id_to_token_list)
        specials, others = [], []
        for e in entries:
            content = e["content"]
            if not content or content in self._added_by_content:
                continue
            tid = self.model.vocab.get(content)
            if tid is None:
                tid = next_id
                next_id += 1
            flags = ((SPECIAL if e.get("special") else 0) | (LSTRIP if e.get("lstrip") else 0)
                     | (RSTRIP if e.get("rstrip") else 0) | (SINGLE_WORD if e.get("single_word") else 0)
                     | (NORMALIZED if e.get("normalized", not e.get("special")) else 0))
            match = normalize(self.normalizer, content) if flags & NORMALIZED else content
            token = AddedToken(tid, content, flags, match)
            self._added_by_content[content] = token
            self._added_by_id[tid] = token
            (specials if flags & SPECIAL else others).append(token)
        self._special_contents = {t.content for t in specials}
        return specials + others

    # ------------------------------------------------------------------ vocabulary

    def token_to_id(self, token: str) -> Optional[int]:
        """The id of a token string, or None (HF returns None too)."""
        added = self._added_by_content.get(token)
        if added is not None:
            return added.id
        return self.model.vocab.get(token)

    def id_to_token(self, id: int) -> Optional[str]:
        added = self._added_by_id.get(id)
        if added is not None:
            return added.content
        return self.model.id_to_token(id)

    def get_vocab_size(self) -> int:
        return max(len(self.model.id_to_token_list), max(self._added_by_id, default=-1) + 1)

    # ------------------------------------------------------------------ encoding

    def _encode_text(self, text: str) -> List[int]:
        if not isinstance(text, str):
            raise TypeError(f"encode() expects str, got {type(text).__name__}")
        text.encode("utf-8")  # lone surrogates raise UnicodeEncodeError, as native raises UnicodeError
        ids: List[int] = []
        model = self.model
        for start, stop, tok in self._raw_matcher.split(text):
            if tok is not None:
                ids.append(tok.id)
                continue
            normalized = normalize(self.normalizer, text[start:stop])
            first = start == 0
            for nstart, nstop, ntok in self._normalized_matcher.split(normalized):
                if ntok is not None:
                    ids.append(ntok.id)
                    continue
                piece = normalized[nstart:nstop]
                for word, _ in pre_tokenize(self.pre_tokenizer, [(piece, first and nstart == 0)]):
                    ids += model.tokenize(word)
        return ids

    def _apply_template(self, ids: List[int], add_special_tokens: bool) -> List[int]:
        if not add_special_tokens:
            return ids
        out: List[int] = []
        for special, item_ids in self.template:
            out += item_ids if special else ids
        return out

    def encode(self, text: str, add_special_tokens: bool = True) -> List[int]:
        """Token ids of one text, with the post-processor's special tokens if asked."""
        return self._apply_template(self._encode_text(text), add_special_tokens)

    def encode_batch(self, texts: Sequence[str], add_special_tokens: bool = True, max_length: Optional[int] = None,
                     truncation: bool = False, padding: Union[bool, str] = False, pad_id: int = 0,
                     padding_side: str = "right") -> List[List[int]]:
        """Ids of several texts, optionally truncated and padded like HF's encode_batch.

        truncation=True cuts each text's own tokens so that, with the special tokens added,
        at most max_length remain (HF's default "longest_first" on one sequence, from the right).
        padding=True (or "longest") pads to the longest result; padding="max_length" pads to
        max_length. pad_id fills; padding_side is "right" or "left".
        """
        if truncation and max_length is None:
            raise ValueError("truncation=True needs max_length")
        if padding not in (False, True, "longest", "max_length", "do_not_pad"):
            raise ValueError(f"padding must be False, True, 'longest' or 'max_length', got {padding!r}")
        if padding_side not in ("right", "left"):
            raise ValueError(f"padding_side must be 'right' or 'left', got {padding_side!r}")
        if padding == "max_length" and max_length is None:
            raise ValueError("padding='max_length' needs max_length")
        out = []
        for text in texts:
            ids = self._encode_text(text)
            if truncation:
                added = self.num_special_tokens_to_add if add_special_tokens else 0
                if max_length < added:
                    raise ValueError(f"max_length {max_length} is shorter than the {added} special tokens added")
                ids = ids[: max_length - added]
            out.append(self._apply_template(ids, add_special_tokens))
        if padding in (True, "longest", "max_length"):
            target = max_length if padding == "max_length" else max((len(x) for x in out), default=0)
            for i, ids in enumerate(out):
                fill = [pad_id] * max(0, target - len(ids))
                out[i] = ids + fill if padding_side == "right" else fill + ids
        return out

    # ------------------------------------------------------------------ decoding

    def decode(self, ids: Sequence[int], skip_special_tokens: bool = False) -> str:
        """Text of ids: unknown ids are dropped, as HF does."""
        tokens: List[str] = []
        for i in ids:
            token = self.id_to_token(int(i))
            if token is None or (skip_special_tokens and token in self._special_contents):
                continue
            tokens.append(token)
        return decode_tokens(self.decoder, tokens)
