"""Parsing free-form LLM output into structured values.

Numbers, key=value pairs, fenced JSON blocks, multiple-choice letters, yes/no answers,
ratings, bullet lists and sentence splitting, using `re` and `json`.
"""

import json
import re
from typing import Any, Dict, List, Optional, Sequence

ALLOWED_LABELS = ("positive", "negative", "neutral")

_NUMBER_RE = re.compile(
    r"(?<![\w.])[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][-+]?\d+)?%?(?![\w])"
)
_KV_RE = re.compile(r"""(?P<key>[A-Za-z_][\w.\-]*)\s*[=:]\s*(?P<value>"[^"]*"|'[^']*'|[^,;\n]*)""")
_FENCE_RE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_BULLET_RE = re.compile(r"^\s*(?:[-*\u2022+]|\d+[.)]|[a-zA-Z][.)])\s+(.*\S)\s*$")
_ABBREVIATIONS = {"mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "etc", "e.g", "i.e", "fig", "no", "approx"}
_YES = {"yes", "y", "true", "correct", "yeah", "yep", "affirmative", "oui", "ja", "sí", "si"}
_NO = {"no", "n", "false", "incorrect", "nope", "negative", "non", "nein"}


def extract_numbers(text: str, as_fraction_for_percent: bool = False) -> List[float]:
    """All numbers in the text, handling signs, thousands separators, decimals, exponents, %."""
    values: List[float] = []
    for match in _NUMBER_RE.finditer(text):
        token = match.group(0)
        if not any(ch.isdigit() for ch in token):
            continue
        is_percent = token.endswith("%")
        token = token.rstrip("%").replace(",", "")
        try:
            value = float(token)
        except ValueError:
            continue
        if is_percent and as_fraction_for_percent:
            value /= 100.0
        values.append(value)
    return values


def parse_key_values(text: str, lowercase_keys: bool = True) -> Dict[str, str]:
    """Parse 'key=value' / 'key: value' pairs separated by commas, semicolons or newlines."""
    result: Dict[str, str] = {}
    for m in _KV_RE.finditer(text):
        key = m.group("key")
        value = m.group("value").strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        if lowercase_keys:
            key = key.lower()
        result[key] = value
    return result


def _first_balanced_object(text: str) -> Optional[str]:
    start = text.find("{")
    while start != -1:
        depth = 0
        in_str = False
        escape = False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if escape:
                    escape = False
                elif ch == "\\":
                    escape = True
                elif ch == '"':
                    in_str = False
                continue
            if ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return text[start : i + 1]
        start = text.find("{", start + 1)
    return None


def extract_json_block(text: str) -> Optional[Dict[str, Any]]:
    """Find a JSON object in model output: fenced ```json blocks first, then the first {...}."""
    candidates = [m.strip() for m in _FENCE_RE.findall(text)]
    obj = _first_balanced_object(text)
    if obj is not None:
        candidates.append(obj)
    for cand in candidates:
        try:
            parsed = json.loads(cand)
        except json.JSONDecodeError:
            # Common LLM slip: trailing commas before a closing brace/bracket.
            try:
                parsed = json.loads(re.sub(r",\s*([}\]])", r"\1", cand))
            except json.JSONDecodeError:
                continue
        if isinstance(parsed, dict):
            return parsed
    return None


def parse_prediction_json(raw: str) -> Dict[str, Any]:
    """Validate a classifier response like {"label": "positive", "score": 0.93}.

    Raises ValueError on malformed JSON, unknown labels or out-of-range scores.
    """
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object")
    label = str(data.get("label", "")).strip().lower()
    if label not in ALLOWED_LABELS:
        raise ValueError(f"label must be one of {ALLOWED_LABELS}, got {label!r}")
    score = data.get("score", 1.0)
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        raise ValueError("score must be a number")
    score = float(score)
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"score {score} outside [0, 1]")
    rationale = data.get("rationale")
    return {
        "label": label,
        "score": round(score, 4),
        "rationale": rationale.strip() if isinstance(rationale, str) else None,
    }


def split_sentences(text: str) -> List[str]:
    """Rule-based sentence splitter that knows a few abbreviations and decimal numbers."""
    text = " ".join(text.split())
    if not text:
        return []
    sentences: List[str] = []
    start = 0
    for m in re.finditer(r"[.!?]+[\"')\]]*(?=\s+|$)", text):
        end = m.end()
        preceding = text[start : m.start()].split()
        last_word = preceding[-1].lower().rstrip(".") if preceding else ""
        if m.group(0).startswith(".") and len(m.group(0)) == 1:
            if last_word in _ABBREVIATIONS or (len(last_word) == 1 and last_word.isalpha()):
                continue
        nxt = text[end:].lstrip()
        if nxt and nxt[0].islower():
            continue
        sentences.append(text[start:end].strip())
        start = end
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def parse_choice_answer(text: str, choices: str = "ABCD") -> Optional[str]:
    """Extract a multiple-choice letter from answers like 'The answer is (B).'"""
    letters = re.escape(choices)
    patterns = [
        rf"answer\s*(?:is|:)?\s*[\(\[]?([{letters}])[\)\]]?(?![A-Za-z])",
        rf"^\s*[\(\[]?([{letters}])[\)\].:]?(?![A-Za-z])",
        rf"[\(\[]([{letters}])[\)\]]",
        rf"\b([{letters}])\b",
    ]
    for pat in patterns:
        m = re.search(pat, text, flags=re.IGNORECASE | re.MULTILINE)
        if m and m.group(1).upper() in choices.upper():
            return m.group(1).upper()
    return None


def parse_yes_no(text: str) -> Optional[bool]:
    """Map the first word of a response to True/False; None when ambiguous."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    if not words:
        return None
    first = words[0]
    if first in _YES:
        return True
    if first in _NO:
        return False
    has_yes = any(w in _YES for w in words)
    has_no = any(w in _NO for w in words)
    if has_yes != has_no:
        return has_yes
    return None


def parse_rating(text: str, default_scale: float = 10.0) -> Optional[float]:
    """Turn 'Score: 7/10', '4 out of 5' or '8.5' into a value in [0, 1]."""
    m = re.search(r"(-?\d+(?:\.\d+)?)\s*(?:/|out\s+of)\s*(\d+(?:\.\d+)?)", text, re.IGNORECASE)
    if m:
        value, scale = float(m.group(1)), float(m.group(2))
    else:
        nums = extract_numbers(text)
        if not nums:
            return None
        value, scale = nums[0], default_scale
    if scale <= 0:
        return None
    return min(max(value / scale, 0.0), 1.0)


def parse_bullet_list(text: str) -> List[str]:
    """Items of a markdown-ish list ('- a', '* b', '1. c', 'a) d'); falls back to lines."""
    items = []
    for line in text.splitlines():
        m = _BULLET_RE.match(line)
        if m:
            items.append(m.group(1))
    if items:
        return items
    return [line.strip() for line in text.splitlines() if line.strip()]


def to_json_lines(records: Sequence[Dict[str, Any]], required: Sequence[str] = ()) -> str:
    """Serialize records as JSONL with sorted keys; raises KeyError if a required field is missing."""
    lines = []
    for i, rec in enumerate(records):
        for field in required:
            if field not in rec:
                raise KeyError(f"record {i} is missing {field!r}")
        lines.append(json.dumps(rec, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    return "\n".join(lines)


CASES = {
    "extract_numbers": [
        ("Accuracy rose from 87.5% to 91.2%, over 1,024 samples and -3 epochs (lr=3e-4).",),
        ("Growth was 12% vs 8%", True),
        ("no digits at all",),
        ("",),
        ("v2.0 model_7 x1.5",),
    ],
    "parse_key_values": [
        ("temperature=0.7, top_p: 0.9; max_tokens=256",),
        ('Name: "Ada Lovelace"\nRole: engineer\nTeam=ML', False),
        ("nothing here",),
        ("",),
    ],
    "extract_json_block": [
        ('Sure! Here is the result:\n```json\n{"label": "positive", "score": 0.91}\n```',),
        ('The answer is {"items": [1, 2, 3,], "ok": true,} as requested.',),
        ("no json here {not: valid}",),
        ('text {"a": "brace } inside", "b": {"c": 1}} more',),
        ("",),
    ],
    "parse_prediction_json": [
        ('{"label": "Positive", "score": 0.93, "rationale": " great product "}',),
        ('{"label": "neutral"}',),
        ('{"label": "angry", "score": 0.5}',),
        ('{"label": "negative", "score": 1.7}',),
        ("not json",),
    ],
    "split_sentences": [
        ("Dr. Smith arrived at 3.30 p.m. today. He was late! Was he? Yes.",),
        ("",),
        ("One sentence without a period",),
        ('She said "Stop." Then left. e.g. this one continues. Fine.',),
    ],
    "parse_choice_answer": [
        ("The answer is (B).",),
        ("C) because the others are wrong",),
        ("I think it's [d]",),
        ("None of these apply.",),
        ("Answer: E", "ABCDE"),
    ],
    "parse_yes_no": [
        ("Yes, the statement is correct.",),
        ("No.",),
        ("I'm not sure, maybe.",),
        ("",),
        ("Well... the answer is yes",),
    ],
    "parse_rating": [
        ("Score: 7/10",),
        ("I'd give it 4 out of 5 stars",),
        ("8.5", 10.0),
        ("no rating",),
        ("Rating: 12/10 amazing",),
        ("3/0",),
    ],
    "parse_bullet_list": [
        ("Here are the steps:\n1. Tokenize\n2. Embed\n3) Classify",),
        ("- apples\n* pears\n\u2022 plums",),
        ("first line\n\nsecond line",),
        ("",),
    ],
    "to_json_lines": [
        ([{"id": 1, "text": "héllo", "score": 0.5}, {"id": 2, "text": "world", "score": None}],),
        ([],),
        ([{"id": 3}], ["id", "text"]),
        ([{"b": [1, 2], "a": {"z": 1}}], ["a"]),
    ],
}
