"""The user's classes as data, as post-processing code writes them: NamedTuples for spans,
dataclasses for entities (defaults, factories, __post_init__, properties, methods, fields set),
Enums for labels and roles; passed in, built, returned (the caller gets instances back)."""
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import List, NamedTuple, Optional


class Span(NamedTuple):
    start: int
    end: int
    label: str = "O"


class Kind(Enum):
    PERSON = "PER"
    PLACE = "LOC"


class Role(str, Enum):
    USER = "user"
    ASSISTANT = "assistant"


class Level(IntEnum):
    LOW = 0
    HIGH = 5


@dataclass
class Entity:
    text: str
    score: float
    tags: List[str] = field(default_factory=list)
    kind: Optional[str] = None

    def __post_init__(self):
        self.text = self.text.strip()

    @property
    def length(self) -> int:
        return len(self.text)

    def tag(self, t: str) -> None:
        self.tags.append(t)


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    def area(self) -> float:
        return max(0.0, self.x1 - self.x0) * max(0.0, self.y1 - self.y0)


def spans(xs: list[int]) -> list[Span]:
    out = []
    for i, x in enumerate(xs):
        out.append(Span(i, i + x, "B" if x > 1 else "O"))
    return out


def span_lengths(sp: list[Span]) -> list[int]:
    return [s.end - s.start for s in sp] + [len(sp)]


def unpack_span(s: Span) -> str:
    start, end, label = s
    return f"{label}:{start}-{end} {s[0]} {s == (start, end, label)} {s}"


def entities(words: list[str]) -> list[Entity]:
    out = []
    for w in words:
        e = Entity(w, len(w) / 10)
        if e.length > 2:
            e.tag("long")
            e.kind = "word"
        out.append(e)
    return out


def shared_instance(w: str) -> list[str]:
    e = Entity(w, 1.0)
    same = e
    same.tag("seen")
    return e.tags + [repr(e)]


def boxes(coords: list[tuple[float, float, float, float]]) -> list[float]:
    return [Box(*c).area() for c in coords]


def kinds(codes: list[str]) -> list[str]:
    out = []
    for c in codes:
        k = Kind(c)
        out.append(f"{k.name}:{k.value}:{k}:{k == Kind.PERSON}")
    return out


def best_kind(scores: list[float]) -> Kind:
    return Kind.PERSON if scores[0] >= scores[1] else Kind.PLACE


def prompt(role: Role, text: str) -> str:
    return f"<{role.value}> {text} {role.upper()}" + role


def levels(prefix: str) -> list[str]:
    return [f"{prefix}{level.name}={int(level)}" for level in Level]


CASES = {
    "spans": [([1, 3, 2],), ([],)],
    "span_lengths": [([Span(0, 2), Span(3, 7, "B")],), ([],)],
    "unpack_span": [(Span(1, 4, "B"),), (Span(0, 0),)],
    "entities": [([" ab ", "hello"],), ([],)],
    "shared_instance": [(" x ",), ("",)],
    "boxes": [([(0.0, 0.0, 2.0, 3.0), (1.0, 1.0, 0.5, 4.0)],), ([],)],
    "kinds": [(["PER", "LOC"],), (["XX"],)],
    "best_kind": [([0.9, 0.1],), ([0.2, 0.8],)],
    "prompt": [(Role.USER, "hi"), (Role.ASSISTANT, "")],
    "levels": [("",), ("L.",)],
}
