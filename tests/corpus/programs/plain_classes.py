"""Plain classes, as inference code writes them: a tracker whose methods change its state, a
tokenizer whose __init__ builds its vocabulary, a smoothing filter, class constants and static
methods, properties, instances kept in lists and handed back to the caller."""
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


CASES = {
    "running_stats": [([1.0, 2.0, 4.0, 8.0],), ([3.5],), ([],)],
    "tokenize": [(["Hello", "world", "the", "cat"], "the cat, the HAT hello", True),
                 (["Hello", "world"], "Hello hello world", False), ([], "", True)],
    "smooth": [([1.0, 2.0, 3.0, 10.0], 0.5), ([4.0], 1.0), ([1.0], 0.0), ([1.0, 2.0], 1.5)],
    "track": [([[(0.0, 0.0, 2.0, 2.0)], [(0.1, 0.0, 2.1, 2.0), (5.0, 5.0, 6.0, 6.0)], [(5.1, 5.0, 6.1, 6.0)]], 0.3),
              ([], 0.5), ([[], [(1.0, 1.0, 2.0, 2.0)]], 0.1)],
    "scaled": [([0.5, 1.0, -1.0],), ([],)],
    "running_totals": [([[1.0, 20.0], [3.0], [4.0, 8.0]],), ([],)],
    "meter": [(3, [0.5, 2.0]), (1, []), (0, [2.0])],
    "stats_object": [([1.0, 2.0],), ([],)],
}
