"""Prompt construction for chat / instruction-tuned LLMs.

Chat templates (ChatML, Llama-2), few-shot and RAG prompts, simple variable templating
and history truncation, all done with f-strings and str.join.
"""

import json
import math
import re
import string
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Optional, Sequence, Tuple


class Role(str, Enum):
    SYSTEM = "system"
    USER = "user"
    ASSISTANT = "assistant"
    TOOL = "tool"


@dataclass(frozen=True)
class Message:
    role: Role
    content: str

    @classmethod
    def from_dict(cls, d: Dict[str, Any]) -> "Message":
        if "role" not in d or "content" not in d:
            raise ValueError(f"message must have 'role' and 'content': {d!r}")
        try:
            role = Role(d["role"])
        except ValueError:
            raise ValueError(f"unknown role {d['role']!r}") from None
        return cls(role=role, content=str(d["content"]))


DEFAULT_SYSTEM_PROMPT = "You are a helpful assistant."
B_INST, E_INST = "[INST]", "[/INST]"
B_SYS, E_SYS = "<<SYS>>\n", "\n<</SYS>>\n\n"
_PLACEHOLDER_RE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def format_chatml(messages: List[Dict[str, str]], add_generation_prompt: bool = True) -> str:
    """Render messages with the ChatML template (<|im_start|>role ... <|im_end|>)."""
    parsed = [Message.from_dict(m) for m in messages]
    parts = [f"<|im_start|>{m.role.value}\n{m.content.strip()}<|im_end|>\n" for m in parsed]
    if add_generation_prompt:
        parts.append("<|im_start|>assistant\n")
    return "".join(parts)


def format_llama2(messages: List[Dict[str, str]], system_prompt: Optional[str] = None) -> str:
    """Render a conversation in the Llama-2 chat format. Must alternate user/assistant."""
    parsed = [Message.from_dict(m) for m in messages]
    if parsed and parsed[0].role is Role.SYSTEM:
        system_prompt = parsed[0].content
        parsed = parsed[1:]
    turns = list(parsed)
    for i, m in enumerate(turns):
        expected = Role.USER if i % 2 == 0 else Role.ASSISTANT
        if m.role is not expected:
            raise ValueError(f"turn {i} should be {expected.value}, got {m.role.value}")
    out: List[str] = []
    for i in range(0, len(turns), 2):
        user = turns[i].content.strip()
        if i == 0 and system_prompt:
            user = f"{B_SYS}{system_prompt.strip()}{E_SYS}{user}"
        segment = f"<s>{B_INST} {user} {E_INST}"
        if i + 1 < len(turns):
            segment += f" {turns[i + 1].content.strip()} </s>"
        out.append(segment)
    return "".join(out)


def build_few_shot_prompt(
    instruction: str,
    examples: Sequence[Tuple[str, str]],
    query: str,
    input_prefix: str = "Input",
    output_prefix: str = "Output",
) -> str:
    """Instruction, k solved examples, then the query with an open output slot."""
    blocks = [instruction.strip()] if instruction.strip() else []
    for x, y in examples:
        blocks.append(f"{input_prefix}: {x.strip()}\n{output_prefix}: {y.strip()}")
    blocks.append(f"{input_prefix}: {query.strip()}\n{output_prefix}:")
    return "\n\n".join(blocks)


def format_classification_prompt(text: str, labels: Sequence[str], multi_label: bool = False) -> str:
    """Zero-shot classification prompt listing the allowed labels as letters."""
    if not labels:
        raise ValueError("at least one label is required")
    if len(labels) > 26:
        raise ValueError("too many labels to enumerate with letters")
    options = "\n".join(f"{string.ascii_uppercase[i]}. {lab}" for i, lab in enumerate(labels))
    ask = (
        "Answer with all letters that apply, separated by commas."
        if multi_label
        else "Answer with a single letter."
    )
    return f"Classify the following text.\n\nText: {text.strip()}\n\nOptions:\n{options}\n\n{ask}\nAnswer:"


def render_template(template: str, variables: Dict[str, Any], strict: bool = True) -> str:
    """Fill ``{name}`` placeholders. Missing variables raise KeyError when ``strict``."""
    missing = [name for name in _PLACEHOLDER_RE.findall(template) if name not in variables]
    if missing and strict:
        raise KeyError(f"missing template variables: {sorted(set(missing))}")

    def _sub(match: "re.Match[str]") -> str:
        name = match.group(1)
        if name not in variables:
            return match.group(0)
        value = variables[name]
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        if isinstance(value, float):
            return f"{value:g}"
        return str(value)

    return _PLACEHOLDER_RE.sub(_sub, template)


def estimate_tokens(text: str) -> int:
    """Rough token count: max of chars/4 and words*4/3 (an OpenAI rule of thumb)."""
    if not text:
        return 0
    by_chars = math.ceil(len(text) / 4)
    by_words = math.ceil(len(text.split()) * 4 / 3)
    return max(by_chars, by_words)


def truncate_history(messages: List[Dict[str, str]], max_tokens: int) -> List[Dict[str, str]]:
    """Keep the system message plus as many of the most recent turns as fit the budget."""
    if max_tokens <= 0:
        raise ValueError("max_tokens must be positive")
    system = [m for m in messages if m.get("role") == "system"][:1]
    rest = [m for m in messages if m.get("role") != "system"]
    used = sum(estimate_tokens(m["content"]) + 4 for m in system)
    kept: List[Dict[str, str]] = []
    for m in reversed(rest):
        cost = estimate_tokens(m["content"]) + 4
        if used + cost > max_tokens:
            break
        kept.append(m)
        used += cost
    kept.reverse()
    # Don't start the window on an assistant turn with no question.
    while kept and kept[0].get("role") == "assistant":
        kept.pop(0)
    return [dict(m) for m in system + kept]


def build_rag_prompt(
    question: str,
    passages: List[Dict[str, Any]],
    max_passages: int = 3,
    max_chars_per_passage: int = 300,
) -> str:
    """Question-answering prompt with the top retrieved passages, cited by number."""
    ranked = sorted(passages, key=lambda p: float(p.get("score", 0.0)), reverse=True)[:max_passages]
    if not ranked:
        context = "(no relevant documents found)"
    else:
        lines = []
        for i, p in enumerate(ranked, start=1):
            body = " ".join(str(p.get("text", "")).split())
            if len(body) > max_chars_per_passage:
                body = body[: max_chars_per_passage - 3].rstrip() + "..."
            title = p.get("title")
            header = f"[{i}] {title}" if title else f"[{i}]"
            lines.append(f"{header}\n{body}")
        context = "\n\n".join(lines)
    return (
        "Answer the question using only the context below. Cite sources like [1].\n\n"
        f"Context:\n{context}\n\nQuestion: {question.strip()}\nAnswer:"
    )


def extract_assistant_reply(transcript: str) -> Optional[str]:
    """Return the content of the last assistant turn in a ChatML transcript, if any."""
    pattern = re.compile(r"<\|im_start\|>assistant\n(.*?)(?:<\|im_end\|>|\Z)", re.DOTALL)
    replies = pattern.findall(transcript)
    if not replies:
        return None
    reply = replies[-1].strip()
    return reply or None


def format_tool_call(name: str, arguments: Dict[str, Any], call_id: Optional[str] = None) -> str:
    """Serialize a function/tool call the way an assistant message would carry it."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_\-]{0,63}", name):
        raise ValueError(f"invalid tool name {name!r}")
    payload: Dict[str, Any] = {"name": name, "arguments": arguments}
    if call_id is not None:
        payload["id"] = call_id
    return f"<tool_call>{json.dumps(payload, ensure_ascii=False, sort_keys=True)}</tool_call>"


CASES = {
    "format_chatml": [
        ([{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi there!"}],),
        ([{"role": "user", "content": "What is 2+2?"}, {"role": "assistant", "content": "4"}], False),
        ([],),
        ([{"role": "bot", "content": "oops"}],),
    ],
    "format_llama2": [
        ([{"role": "user", "content": "Tell me a joke."}], "You are funny."),
        (
            [
                {"role": "system", "content": "Answer in French."},
                {"role": "user", "content": "Hello"},
                {"role": "assistant", "content": "Bonjour"},
                {"role": "user", "content": "How are you?"},
            ],
        ),
        ([],),
        ([{"role": "assistant", "content": "I start?"}],),
    ],
    "build_few_shot_prompt": [
        (
            "Translate English to French.",
            [("cheese", "fromage"), ("sea otter", "loutre de mer")],
            "peppermint",
        ),
        ("Classify sentiment.", [], "I loved it", "Review", "Sentiment"),
        ("", [("1+1", "2")], "2+2"),
    ],
    "format_classification_prompt": [
        ("The battery died after an hour.", ["positive", "negative", "neutral"]),
        ("Goal in the 90th minute!", ["sports", "politics", "tech"], True),
        ("anything", []),
        ("x", ["only"]),
    ],
    "render_template": [
        ("Summarize the {doc_type} in {n} words:\n{text}", {"doc_type": "email", "n": 20, "text": "Hi team..."}),
        ("Tags: {tags}; temp={t}", {"tags": ["a", "b"], "t": 0.7}),
        ("Hello {name}, you are {age}", {"name": "Ada"}, False),
        ("Hello {name}", {}),
        ("no placeholders {0} {}", {}),
    ],
    "estimate_tokens": [
        ("The quick brown fox jumps over the lazy dog.",),
        ("",),
        ("supercalifragilisticexpialidocious",),
        ("日本語のテキスト",),
    ],
    "truncate_history": [
        (
            [
                {"role": "system", "content": "You are helpful."},
                {"role": "user", "content": "First question about the weather in Paris today?"},
                {"role": "assistant", "content": "It is sunny and warm, around 25 degrees."},
                {"role": "user", "content": "And tomorrow?"},
            ],
            30,
        ),
        ([{"role": "user", "content": "hi"}], 1000),
        ([], 10),
        ([{"role": "user", "content": "hi"}], 0),
    ],
    "build_rag_prompt": [
        (
            "When was the Eiffel Tower built?",
            [
                {"title": "Eiffel Tower", "text": "The tower was built from 1887 to 1889.", "score": 0.92},
                {"title": "Paris", "text": "Paris is the capital of France.", "score": 0.41},
                {"text": "Gustave Eiffel's company designed it.", "score": 0.77},
            ],
            2,
        ),
        ("Anything?", []),
        ("Long one", [{"text": "word " * 100, "score": 1}], 1, 40),
    ],
    "extract_assistant_reply": [
        ("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nHello! How can I help?<|im_end|>\n",),
        ("<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\nPartial answer still streaming",),
        ("no chatml here",),
        ("<|im_start|>assistant\n   <|im_end|>",),
    ],
    "format_tool_call": [
        ("get_weather", {"city": "Zürich", "unit": "celsius"}),
        ("search", {"query": "llm", "top_k": 5, "filters": None}, "call_1"),
        ("bad name!", {}),
        ("noop", {}),
    ],
}
