"""Plain classes, as inference code writes them: a tracker whose methods change its state, a
tokenizer whose __init__ builds its vocabulary, a smoothing filter, class constants and static
methods, properties, instances kept in lists and handed back to the caller."""
import dataclasses
import math


class RunningStats:
    """Welford's online mean and variance."""

    def __init__(self):
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def push(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def variance(self) -> float:
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    def std(self) -> float:
        return math.sqrt(self.variance)


class WordTokenizer:
    PAD = 0
    UNK = 1

    def __init__(self, words, lowercase=True):
        self.lowercase = lowercase
        self.vocab = {"<pad>": self.PAD, "<unk>": self.UNK}
        for w in words:
            key = w.lower() if lowercase else w
            if key not in self.vocab:
                self.vocab[key] = len(self.vocab)
        self.inverse = {i: w for w, i in self.vocab.items()}

    @staticmethod
    def split(text):
        return [t for t in text.replace(",", " ").split() if t]

    def encode(self, text, max_len=8):
        ids = []
        for tok in self.split(text):
            key = tok.lower() if self.lowercase else tok
            ids.append(self.vocab.get(key, self.UNK))
        ids = ids[:max_len]
        return ids + [self.PAD] * (max_len - len(ids))

    def decode(self, ids):
        return " ".join(self.inverse[i] for i in ids if i != self.PAD)


class Smoother:
    def __init__(self, alpha: float):
        if not 0.0 < alpha <= 1.0:
            raise ValueError(f"alpha must be in (0, 1], got {alpha}")
        self.alpha = alpha
        self.state = None
        self.history = []

    def step(self, x: float) -> float:
        if self.state is None:
            self.state = x
        else:
            self.state = self.alpha * x + (1 - self.alpha) * self.state
        self.history.append(self.state)
        return self.state


def _area(b):
    return (b[2] - b[0]) * (b[3] - b[1])


class Track:
    next_id = 100

    def __init__(self, box, score):
        self.box = box
        self.score = score
        self.hits = 1
        self.age = 0

    def iou(self, other_box):
        x0 = max(self.box[0], other_box[0])
        y0 = max(self.box[1], other_box[1])
        x1 = min(self.box[2], other_box[2])
        y1 = min(self.box[3], other_box[3])
        inter = max(0.0, x1 - x0) * max(0.0, y1 - y0)
        union = _area(self.box) + _area(other_box) - inter
        return inter / union if union > 0 else 0.0

    def update(self, box, score):
        self.box = box
        self.score = score
        self.hits += 1
        self.age = 0


class Scaler:
    """No __init__: the class holds only constants and methods."""
    OFFSET = 0.5
    FACTOR = 2.0

    def apply(self, values):
        return [(v - self.OFFSET) * self.FACTOR for v in values]


class Meter:
    """Fields that methods give another type than __init__ did: an int total that floats are
    added to, a count that becomes a float mean."""

    def __init__(self, start):
        self.total = start
        self.count = 0

    def add(self, x):
        self.total += x
        self.count += 1

    def close(self):
        self.count = self.total / self.count if self.count else 0.0


def meter(start: int, xs: list[float]) -> str:
    m = Meter(start)
    for x in xs:
        m.add(x)
    before = f"{m.total!r} {m.count!r}"
    m.close()
    return f"{before} -> {m.total!r} {m.count!r}"


class Vocab:
    """A container class: len(), indexing, `in` and printing go to its own dunder methods."""

    def __init__(self, words):
        self.words = sorted(set(words))
        self.index = {w: i for i, w in enumerate(self.words)}

    def __len__(self):
        return len(self.words)

    def __getitem__(self, i):
        return self.words[i]

    def __contains__(self, word):
        return word in self.index

    def __repr__(self):
        return f"Vocab({len(self.words)} words, first={self.words[0] if self.words else None!r})"


class Interval:
    def __init__(self, lo, hi):
        self.lo, self.hi = min(lo, hi), max(lo, hi)

    def __add__(self, other):
        return Interval(min(self.lo, other.lo), max(self.hi, other.hi))

    def __lt__(self, other):
        return self.hi - self.lo < other.hi - other.lo

    def __str__(self):
        return f"[{self.lo}, {self.hi}]"


class Switch:
    def __init__(self, on):
        self.on = on

    def __bool__(self):
        return self.on


def truthiness(words: list[str], on: bool) -> list[bool]:
    v = Vocab(words)  # false when empty, by its __len__
    out = [bool(v), not v, bool(Switch(on)), not Switch(on), bool(Interval(1, 2))]
    if v:
        out.append(len(v) > 1)
    while len(out) < 8 and bool(Switch(on)):
        out.append(on)
    return out


def vocab_queries(words: list[str], queries: list[str]) -> list[str]:
    v = Vocab(words)
    out = [f"{v}", str(len(v))]
    for q in queries:
        out.append(f"{q}:{q in v}")
    if len(v) > 1:
        out.append(v[1])
    return out


def widest(bounds: list[tuple[float, float]]) -> str:
    spans = [Interval(a, b) for a, b in bounds]
    total = spans[0]
    for s in spans[1:]:
        total = total + s
    smallest = spans[0]
    for s in spans:
        if s < smallest:
            smallest = s
    return f"{total} {smallest}"


class Detector:
    """A base class and its subclasses: super().__init__, Base.__init__(self, ...), an
    inherited __init__, overridden methods calling super(), class constants overridden."""
    STRIDE = 8

    def __init__(self, name, threshold):
        self.name = name
        self.threshold = threshold
        self.calls = 0

    def keep(self, scores):
        self.calls += 1
        return [i for i, s in enumerate(scores) if s >= self.threshold]

    def describe(self):
        return f"{self.name}@{self.threshold} stride {self.STRIDE}"


class TopK(Detector):
    STRIDE = 16

    def __init__(self, name, threshold, k):
        super().__init__(name, threshold)
        self.k = k

    def keep(self, scores):
        kept = super().keep(scores)
        return sorted(kept, key=lambda i: -scores[i])[:self.k]


class Strict(Detector):
    def __init__(self, threshold):
        Detector.__init__(self, "strict", threshold)
        self.threshold += 0.25


class Plain(Detector):
    pass


def _report(d, scores):
    return f"{d.describe()} {d.keep(scores)} {d.calls}"


def run_detectors(scores: list[float]) -> list[str]:
    out = [_report(Detector("base", 0.5), scores), _report(Plain("plain", 0.1), scores)]
    top = TopK("top", 0.2, 2)
    out.append(f"{top.describe()} {top.keep(scores)} {top.calls} {isinstance(top, Detector)}")
    strict = Strict(0.5)
    out.append(f"{strict.describe()} {strict.keep(scores)} {isinstance(strict, TopK)}")
    return out


class Pipeline:
    """A module-level pipeline of fitted steps, called as a function."""

    def __init__(self, mean, scale, weights, bias):
        self.mean = mean
        self.scale = scale
        self.weights = weights
        self.bias = bias

    def transform(self, row):
        return [(x - m) / s for x, m, s in zip(row, self.mean, self.scale)]

    def __call__(self, row):
        z = sum(w * x for w, x in zip(self.weights, self.transform(row))) + self.bias
        return 1.0 / (1.0 + math.exp(-z))


PIPELINE = Pipeline([1.0, 2.0], [0.5, 4.0], [0.25, -1.5], 0.1)
TOKENIZER = WordTokenizer(["the", "cat", "sat", "on", "mat"])


def predict(rows: list[list[float]]) -> list[float]:
    return [round(PIPELINE(r), 12) for r in rows]


def encode_with_module_tokenizer(text: str) -> list[int]:
    return TOKENIZER.encode(text, max_len=5)


def running_stats(xs: list[float]) -> tuple[int, float, float]:
    stats = RunningStats()
    for x in xs:
        stats.push(x)
    return stats.n, round(stats.mean, 9), round(stats.std(), 9)


def tokenize(corpus: list[str], text: str, lowercase: bool) -> tuple[list[int], str]:
    tok = WordTokenizer(corpus, lowercase=lowercase)
    ids = tok.encode(text)
    return ids, tok.decode(ids)


def smooth(xs: list[float], alpha: float) -> list[float]:
    s = Smoother(alpha)
    for x in xs:
        s.step(x)
    return s.history


def track(frames: list[list[tuple[float, float, float, float]]], threshold: float) -> list[tuple[int, int]]:
    tracks = []  # its items' type is decided by the append below the loop that reads them
    for boxes in frames:
        for t in tracks:
            t.age += 1
        for box in boxes:
            best, best_iou = None, threshold
            for t in tracks:
                overlap = t.iou(box)
                if overlap > best_iou:
                    best, best_iou = t, overlap
            if best is None:
                tracks.append(Track(box, 1.0))
            else:
                best.update(box, best_iou)
    return [(t.hits, t.age) for t in tracks]


def running_totals(rows: list[list[float]]) -> list[float]:
    out = []
    for row in rows:
        if out and out[-1] > 10.0:
            out[-1] = out[-1] / 2
        out.append(sum(row))
    return out


def scaled(values: list[float]) -> list[float]:
    return Scaler().apply(values)


def stats_object(xs: list[float]) -> RunningStats:
    stats = RunningStats()
    for x in xs:
        stats.push(x)
    return stats


@dataclasses.dataclass
class _Point:
    x: float
    y: float


@dataclasses.dataclass
class _Labelled:
    label: str
    at: _Point
    score: float = 0.0


def as_records(labels: list[str], xs: list[float]) -> list[dict]:
    return [dataclasses.asdict(_Labelled(lab, _Point(x, -x), x / 2)) for lab, x in zip(labels, xs)]


CASES = {
    "as_records": [(["a", "b"], [1.0, 2.5]), ([], [])],
    "running_stats": [([1.0, 2.0, 4.0, 8.0],), ([3.5],), ([],)],
    "tokenize": [(["Hello", "world", "the", "cat"], "the cat, the HAT hello", True),
                 (["Hello", "world"], "Hello hello world", False), ([], "", True)],
    "smooth": [([1.0, 2.0, 3.0, 10.0], 0.5), ([4.0], 1.0), ([1.0], 0.0), ([1.0, 2.0], 1.5)],
    "track": [([[(0.0, 0.0, 2.0, 2.0)], [(0.1, 0.0, 2.1, 2.0), (5.0, 5.0, 6.0, 6.0)], [(5.1, 5.0, 6.1, 6.0)]], 0.3),
              ([], 0.5), ([[], [(1.0, 1.0, 2.0, 2.0)]], 0.1)],
    "scaled": [([0.5, 1.0, -1.0],), ([],)],
    "run_detectors": [([0.1, 0.9, 0.3, 0.75, 0.6],), ([],)],
    "truthiness": [([], True), (["a", "b"], False), (["a"], True)],
    "vocab_queries": [(["b", "a", "c", "a"], ["a", "z"]), ([], ["x"])],
    "widest": [([(0.0, 2.0), (5.0, 1.0), (3.0, 3.5)],), ([(1.0, 1.0)],)],
    "predict": [([[1.0, 2.0], [3.0, -2.0]],), ([],)],
    "encode_with_module_tokenizer": [("The cat sat on the mat",), ("dog",)],
    "running_totals": [([[1.0, 20.0], [3.0], [4.0, 8.0]],), ([],)],
    "meter": [(3, [0.5, 2.0]), (1, []), (0, [2.0])],
    "stats_object": [([1.0, 2.0],), ([],)],
}
