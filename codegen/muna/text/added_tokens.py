"""Added tokens: the spans of text that bypass the model (HF's AddedVocabulary).

HF matches them with Aho-Corasick in leftmost-longest mode: the earliest start wins, then the
longest token there. Non-normalized tokens are matched in the raw text, normalized ones in each
normalized piece. The C++ matcher (include/muna/text/added_tokens.hpp) is the same walk.
"""
from typing import Dict, List, Optional, Tuple

from . import unicode as uc

SPECIAL, LSTRIP, RSTRIP, SINGLE_WORD, NORMALIZED = 1, 2, 4, 8, 16  # flag bits, shared with C++


class AddedToken:
    __slots__ = ("id", "content", "flags", "match_content")

    def __init__(self, tid: int, content: str, flags: int, match_content: str):
        self.id = tid
        self.content = content
        self.flags = flags
        self.match_content = match_content  # what is searched for: normalized if NORMALIZED


class Matcher:
    """Leftmost-longest search over a fixed set of strings, first one added winning ties."""

    def __init__(self, tokens: List[AddedToken]):
        self.tokens = tokens
        self.by_content: Dict[str, AddedToken] = {}
        lengths: Dict[str, set] = {}
        for t in tokens:
            if t.match_content and t.match_content not in self.by_content:
                self.by_content[t.match_content] = t
                lengths.setdefault(t.match_content[0], set()).add(len(t.match_content))
        self.lengths = {c: sorted(ls, reverse=True) for c, ls in lengths.items()}

    def find(self, s: str, pos: int) -> Optional[Tuple[int, int, AddedToken]]:
        lengths, by_content = self.lengths, self.by_content
        for i in range(pos, len(s)):
            ls = lengths.get(s[i])
            if ls is None:
                continue
            for n in ls:
                if i + n > len(s):
                    continue  # a shorter slice could equal some other, shorter token
                t = by_content.get(s[i : i + n])
                if t is not None:
                    return i, i + n, t
        return None

    def split(self, s: str) -> List[Tuple[int, int, Optional[AddedToken]]]:
        """HF's find_matches: spans covering s, each either plain text or an added token."""
        out: List[Tuple[int, int, Optional[AddedToken]]] = []
        if not self.by_content:
            return [(0, len(s), None)] if s else []
        start_offset = 0
        pos = 0
        while True:
            m = self.find(s, pos)
            if m is None:
                break
            start, stop, tok = m
            pos = stop  # the automaton resumes after the raw match, whatever strip does
            if tok.flags & SINGLE_WORD:
                before_ok = start == 0 or not uc.is_word_char(s[start - 1])
                after_ok = stop == len(s) or not uc.is_word_char(s[stop])
                if not (before_ok and after_ok):
                    continue
            if tok.flags & LSTRIP:
                k = start
                while k > 0 and uc.is_whitespace(s[k - 1]):
                    k -= 1
                start = max(k, start_offset)
            if tok.flags & RSTRIP:
                while stop < len(s) and uc.is_whitespace(s[stop]):
                    stop += 1
            if start_offset < start:
                out.append((start_offset, start, None))
            out.append((start, stop, tok))
            start_offset = stop
        if start_offset != len(s):
            out.append((start_offset, len(s), None))
        return out


