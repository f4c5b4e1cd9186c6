"""collections.deque in the ways programs use it (BFS queues over grids, sliding windows bounded
by maxlen, undo stacks), compiled by tests/stdlib/test_deque.py and compared with CPython:
every method, indexing from both ends, maxlen dropping from the other end, and CPython's
exceptions (an empty pop, an index out of range, a deque changed inside its own loop)."""
from collections import deque
from typing import Optional


def bfs_steps(grid: list[str]) -> int:
    h, w = len(grid), len(grid[0])
    seen = {(0, 0)}
    q = deque([(0, 0, 0)])
    while q:
        r, c, d = q.popleft()
        if (r, c) == (h - 1, w - 1):
            return d
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < h and 0 <= nc < w and grid[nr][nc] == "." and (nr, nc) not in seen:
                seen.add((nr, nc))
                q.append((nr, nc, d + 1))
    return -1


def moving_average(xs: list[float], n: int) -> list[float]:
    window = deque(maxlen=n)
    out = []
    for x in xs:
        window.append(x)
        out.append(sum(window) / len(window))
    return out


def bounded(xs: list[int], n: int) -> tuple[list[int], list[int], Optional[int], int]:
    right = deque(xs, n)
    left = deque(maxlen=n)
    for x in xs:
        left.appendleft(x)
    return list(right), list(left), right.maxlen, len(left)


def both_ends(xs: list[int], k: int) -> tuple[list[int], int, int, int, int, bool, bool]:
    d = deque(xs)
    d.rotate(k)
    d.appendleft(-1)
    d.extendleft([7, 8])
    d.extend(d)
    last = d.pop()
    first = d.popleft()
    return list(d), d[0], d[-1], last, first, 3 in d, 99 not in d


def pops(xs: list[str], n: int) -> list[str]:
    d = deque(xs)
    out = []
    for i in range(n):
        out.append(d.pop() if i % 2 else d.popleft())
    return out


def index_at(xs: list[float], i: int) -> float:
    return deque(xs)[i]


def set_item(xs: list[int], i: int, v: int) -> list[int]:
    d = deque(xs)
    d[i] = v
    return list(d)


def rotations(xs: list[int]) -> list[list[int]]:
    out = []
    for k in (-7, -1, 0, 1, 2, 3, 10):
        d = deque(xs)
        d.rotate(k)
        out.append(list(d))
    d = deque(xs)
    d.rotate()
    out.append(list(d))
    return out


def others(xs: list[int], x: int) -> tuple[int, int, list[int], list[int], bool, bool]:
    d = deque(xs)
    n = d.count(x)
    i = d.index(x)
    d.remove(x)
    d.insert(1, 100)
    d.insert(-100, -100)
    d.insert(100, 1000)
    c = d.copy()
    c.reverse()
    return n, i, list(d), list(c), c == d, c != d


def cleared(xs: list[int]) -> tuple[int, bool, bool, str, str]:
    d = deque(xs, maxlen=len(xs) + 1)
    before = bool(d)
    text = f"{d}"
    d.clear()
    return len(d), before, not d, text, repr(d)


def walks(xs: list[int]) -> tuple[list[int], list[int], int, int, list[tuple[int, int]], list[int]]:
    d = deque(x * 2 for x in xs)
    seen = []
    for v in d:
        seen.append(v + 1)
    return seen, [v for v in d if v > 0], max(d, default=0), min(d, default=0), list(enumerate(d)), sorted(d)


def mutated_in_loop(xs: list[int], grow: bool) -> int:
    d = deque(xs)
    total = 0
    for v in d:
        total += v
        if v == 3:
            if grow:
                d.append(0)
            else:
                d.popleft()
    return total


def full_insert(xs: list[int]) -> list[int]:
    d = deque(xs, maxlen=len(xs))
    d.insert(0, 5)
    return list(d)


def negative_maxlen(n: int) -> int:
    return len(deque([1, 2], maxlen=n))


def zero_maxlen(xs: list[int]) -> tuple[list[int], int]:
    d = deque(xs, maxlen=0)
    d.append(1)
    d.appendleft(2)
    return list(d), len(d)


def empty_first(words: list[str]) -> tuple[list[str], str]:
    undo = deque()
    for w in words:
        undo.append(w.upper())
    return list(undo), undo.pop() if undo else ""
