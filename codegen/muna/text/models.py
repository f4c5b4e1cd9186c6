"""The tokenizer.json models (word -> ids): BPE, WordPiece, Unigram, WordLevel.

Each follows the Rust implementation of Hugging Face tokenizers 0.22 step by step, including
its tie-breaking, so that ids match exactly.
"""
import heapq
from typing import Dict, List, Optional, Tuple

from .errors import UnsupportedComponent

M_BPE, M_WORDPIECE, M_UNIGRAM, M_WORDLEVEL = range(1, 5)  # codes shared with blob.hpp


class Model:
    kind = 0

    def __init__(self, vocab: Dict[str, int]):
        self.vocab = vocab
        size = max(vocab.values(), default=-1) + 1
        self.id_to_token_list: List[Optional[str]] = [None] * size
        for token, i in vocab.items():
            self.id_to_token_list[i] = token

    def id_to_token(self, i: int) -> Optional[str]:
        return self.id_to_token_list[i] if 0 <= i < len(self.id_to_token_list) else None


def byte_token(b: int) -> str:
    return f"<0x{b:02X}>"


class BPE(Model):
    kind = M_BPE

    def __init__(self, spec: dict, where: str = "model"):
        if spec.get("dropout") not in (None, 0, 0.0):
            raise UnsupportedComponent(where, "BPE", "dropout is random; only dropout=null is supported")
        super().__init__(spec["vocab"])
        self.unk_token: Optional[str] = spec.get("unk_token")
        self.fuse_unk = bool(spec.get("fuse_unk", False))
        self.byte_fallback = bool(spec.get("byte_fallback", False))
        self.ignore_merges = bool(spec.get("ignore_merges", False))
        self.prefix: str = spec.get("continuing_subword_prefix") or ""
        self.suffix: str = spec.get("end_of_word_suffix") or ""
        vocab = self.vocab
        self.merges: Dict[Tuple[int, int], Tuple[int, int]] = {}
        plen = len(self.prefix)
        for rank, merge in enumerate(spec["merges"]):
            a, b = merge if isinstance(merge, list) else merge.split(" ", 1)
            if a not in vocab or b not in vocab:
                raise ValueError(f"BPE merge #{rank} ({a!r}, {b!r}) uses a token missing from the vocab")
            # The merged token drops the continuing-subword prefix of the right part.
            merged = a + (b[plen:] if plen and b.startswith(self.prefix) else b)
            if merged not in vocab:
                raise ValueError(f"BPE merge #{rank} gives {merged!r}, missing from the vocab")
            self.merges[(vocab[a], vocab[b])] = (rank, vocab[merged])
        self.unk_id = vocab.get(self.unk_token, -1) if self.unk_token is not None else -1
        if self.unk_token is not None and self.unk_id < 0:
            self.unk_id = -2  # HF errors (UnkTokenOutOfVocabulary) only when unk is needed
        self.byte_ids = [vocab.get(byte_token(b), -1) for b in range(256)]

    def _symbols(self, word: str) -> List[Tuple[int, int]]:
        """Initial symbols (id, byte length) per char, with byte fallback and fused unk."""
        vocab, out = self.vocab, []
        unk: Optional[List[int]] = None
        n = len(word)
        for i, c in enumerate(word):
            s = c
            if i and self.prefix:
                s = self.prefix + s
            if i == n - 1 and self.suffix:
                s = s + self.suffix
            blen = len(c.encode("utf-8"))
            tid = vocab.get(s)
            if tid is not None:
                if unk is not None:
                    out.append((unk[0], unk[1]))
                    unk = None
                out.append((tid, blen))
                continue
            if self.byte_fallback:
                ids = [self.byte_ids[b] for b in s.encode("utf-8")]
                if all(x >= 0 for x in ids):
                    out.extend((x, 1) for x in ids)
                    continue
            if self.unk_token is not None:
                if self.unk_id == -2:
                    raise ValueError(f"BPE unk_token {self.unk_token!r} is not in the vocab")
                if unk is not None and self.fuse_unk:
                    unk[1] += blen
                else:
                    if unk is not None:
                        out.append((unk[0], unk[1]))
                    unk = [self.unk_id, blen]
        if unk is not None:
            out.append((unk[0], unk[1]))
        return out

    def tokenize(self, word: str) -> List[int]:
        if not word:
            return []
        if self.ignore_merges and word in self.vocab:
            return [self.vocab[word]]
        ids = [s[0] for s in self._symbols(word)]
        n = len(ids)
        if n < 2:
            return ids
        merges = self.merges
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))
        alive = [True] * n
        heap = []
        for i in range(n - 1):
            m = merges.get((ids[i], ids[i + 1]))
            if m is not None:
                heap.append((m[0], i, m[1]))
        heapq.heapify(heap)
        while heap:
            rank, pos, new_id = heapq.heappop(heap)
            if not alive[pos] or nxt[pos] >= n:
                continue
            right = nxt[pos]
            m = merges.get((ids[pos], ids[right]))
            if m is None or m[1] != new_id:
                continue  # stale entry: one side already merged into something else
            ids[pos] = new_id
            alive[right] = False
            nxt[pos] = nxt[right]
            if nxt[right] < n:
                prv[nxt[right]] = pos
            p = prv[pos]
            if p >= 0:
                m = merges.get((ids[p], new_id))
                if m is not None:
                    heapq.heappush(heap, (m[0], p, m[1]))
            q = nxt[pos]
            if q < n:
                m = merges.get((new_id, ids[q]))
                if m is not None:
                    heapq.heappush(heap, (m[0], pos, m[1]))
        return [ids[i] for i in range(n) if alive[i]]


class WordPiece(Model):
    kind = M_WORDPIECE

    def __init__(self, spec: dict, where: str = "model"):
        super().__init__(spec["vocab"])
        self.unk_token: str = spec.get("unk_token", "[UNK]")
        self.prefix: str = spec.get("continuing_subword_prefix", "##")
        self.max_chars = int(spec.get("max_input_chars_per_word", 100))
        self.unk_id = self.vocab.get(self.unk_token, -1)

    def _unk(self) -> List[int]:
        if self.unk_id < 0:
            raise ValueError(f"WordPiece unk_token {self.unk_token!r} is not in the vocab")
        return [self.unk_id]

    def tokenize(self, word: str) -> List[int]:
        if len(word) > self.max_chars:
            return self._unk()
        vocab, out, start, n = self.vocab, [], 0, len(word)
        while start < n:
            end = n
            while start < end:
                sub = word[start:end]
                if start > 0:
                    sub = self.prefix + sub
                tid = vocab.get(sub)
                if tid is not None:
                    out.append(tid)
                    break
                end -= 1
            else:
                return self._unk()
            start = end
        return out


class WordLevel(Model):
    kind = M_WORDLEVEL

    def __init__(self, spec: dict, where: str = "model"):
        super().__init__(spec["vocab"])
        self.unk_token: str = spec.get("unk_token", "<unk>")
        self.unk_id = self.vocab.get(self.unk_token, -1)

    def tokenize(self, word: str) -> List[int]:
        tid = self.vocab.get(word)
        if tid is not None:
            return [tid]
        if self.unk_id < 0:
            raise ValueError(f"WordLevel unk_token {self.unk_token!r} is not in the vocab")
        return [self.unk_id]


class Unigram(Model):
    kind = M_UNIGRAM
    UNK_PENALTY = 10.0

    def __init__(self, spec: dict, where: str = "model"):
        pieces = spec["vocab"]
        vocab: Dict[str, int] = {}
        for i, (token, _) in enumerate(pieces):
            vocab[token] = i  # later duplicates win, as in HF's token_to_ids
        super().__init__(vocab)
        self.id_to_token_list = [p[0] for p in pieces]
        self.scores = [float(p[1]) for p in pieces]
        self.unk_id = spec.get("unk_id")
        self.unk_id = -1 if self.unk_id is None else int(self.unk_id)
        self.byte_fallback = bool(spec.get("byte_fallback", False))
        self.min_score = min(self.scores, default=float("inf"))
        self.max_len = max((len(p[0]) for p in pieces), default=0)
        self.byte_ids = [vocab.get(byte_token(b), -1) for b in range(256)]

    def _pieces(self, s: str) -> List[str]:
        """HF's encode_optimized: Viterbi over char positions, unk runs fused."""
        n = len(s)
        vocab, scores = self.vocab, self.scores
        unk_score = self.min_score - self.UNK_PENALTY
        best = [0.0] * (n + 1)
        start_at = [-1] * (n + 1)
        best_id = [0] * (n + 1)
        for i in range(n):
            base = best[i]
            has_single = False
            for j in range(i + 1, min(n, i + self.max_len) + 1):
                tid = vocab.get(s[i:j])
                if tid is None:
                    continue
                cand = base + scores[tid]
                if start_at[j] < 0 or cand > best[j]:
                    best[j], start_at[j], best_id[j] = cand, i, tid
                if j == i + 1:
                    has_single = True
            if not has_single:
                if self.unk_id < 0:
                    raise ValueError("Unigram model has no unk_id but the text needs it")
                cand = base + unk_score
                if start_at[i + 1] < 0 or cand > best[i + 1]:
                    best[i + 1], start_at[i + 1], best_id[i + 1] = cand, i, self.unk_id
        out: List[str] = []
        unk_run: List[str] = []
        end = n
        while end > 0:
            start = start_at[end]
            if self.unk_id >= 0 and best_id[end] == self.unk_id:
                unk_run.append(s[start:end])
            else:
                if unk_run:
                    out.append("".join(reversed(unk_run)))
                    unk_run = []
                out.append(s[start:end])
            end = start
        if unk_run:
            out.append("".join(reversed(unk_run)))
        out.reverse()
        return out

    def tokenize(self, word: str) -> List[int]:
        if not word:
            return []
        out: List[int] = []
        for piece in self._pieces(word):
            tid = self.vocab.get(piece)
            if tid is not None:
                out.append(tid)
                continue
            if self.byte_fallback:
                ids = [self.byte_ids[b] for b in piece.encode("utf-8")]
                if all(x >= 0 for x in ids):
                    out += ids
                    continue
            out.append(self.unk_id)
        return out


def parse_model(spec: dict, where: str = "model") -> Model:
    t = spec.get("type")
    if t is None:  # old files name the model by its fields only
        t = "BPE" if "merges" in spec else ("Unigram" if isinstance(spec.get("vocab"), list) else "WordPiece")
    classes = {"BPE": BPE, "WordPiece": WordPiece, "Unigram": Unigram, "WordLevel": WordLevel}
    if t not in classes:
        raise UnsupportedComponent(where, str(t))
    return classes[t](spec, where)
