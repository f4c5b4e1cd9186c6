"""Names that change what they hold, as Python code really writes them: the "not found yet"
None, int totals that become floats, rebinding to a converted value, values a loop carries
from one iteration to the next, constants that a loop or a branch changes (the soundness
cases: a compiler that folds these returns a wrong number), and Python 3's scopes of
comprehensions and generator expressions."""
from typing import Optional


def count_in_loop(xs: list[int]) -> int:
    n = 0
    for _ in xs:
        n += 1
    return n


def count_matching(xs: list[str], prefix: str) -> int:
    n = 0
    for x in xs:
        if x.startswith(prefix):
            n += 1
    return n


def constant_changed_in_while(k: int) -> int:
    done = False
    steps = 0
    while not done:
        steps += 1
        if steps >= k:
            done = True
    return steps


def constant_changed_in_branch(flag: bool) -> str:
    mode = "fast"
    if flag:
        mode = "slow"
    return mode + "!"


def constant_changed_in_try(text: str) -> int:
    value = -1
    try:
        value = int(text)
    except ValueError:
        pass
    return value


def flag_set_in_nested_loop(grid: list[list[int]]) -> tuple[bool, int]:
    found = False
    where = -1
    for i, row in enumerate(grid):
        for x in row:
            if x == 0:
                found = True
                where = i
                break
        if found:
            break
    return found, where


def longest(words: list[str]) -> Optional[str]:
    best = None
    for w in words:
        if best is None or len(w) > len(best):
            best = w
    return best


def first_negative(xs: list[float]) -> Optional[int]:
    found = None
    for i, x in enumerate(xs):
        if x < 0:
            found = i
            break
    return found


def running_total(xs: list[float]):
    total = 0
    for x in xs:
        total += x
    return total


def mean_or_zero(xs: list[float]):
    if not xs:
        return 0
    return sum(xs) / len(xs)


def rebound(text: str) -> int:
    parts = text.split(",")
    parts = [p.strip() for p in parts if p.strip()]
    count = len(parts)
    count = str(count)
    return len(count)


def last_seen(xs: list[int]) -> int:
    last = -1
    for x in xs:
        last = x
    return last


def previous_in_loop(xs: list[int]) -> list[int]:
    out = []
    prev = 0
    for x in xs:
        out.append(x - prev)
        prev = x
    return out


def bound_on_one_path(flag: bool) -> int:
    # CPython: UnboundLocalError when flag is False (muna folded y to 3 once)
    if flag:
        y = 3
    return y


def bound_in_one_branch(xs: list[int], limit: int) -> str:
    for x in xs:
        if x > limit:
            found = f"first over: {x}"
            break
    return found


def read_above_its_binding(xs: list[int]) -> int:
    total = 0
    for x in xs:
        if x < 0:
            total += prev  # bound further down, in an earlier iteration
        prev = x
    return total


def bound_in_another_branch(seps: list[tuple[int, str]]) -> list[tuple[int, int]]:
    # the shape of a harvested text segmenter: a start remembered in one branch, used in another
    spans = []
    for at, kind in seps:
        if kind == "open":
            start = at
        elif kind == "close":
            spans.append((start, at))
    return spans


def loop_variable_after_loop(xs: list[float]) -> float:
    for x in xs:
        pass
    return x * 2


def bound_in_try(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        pass
    return n + 1


def comprehension_scope(values: list[float]) -> tuple[float, list[float]]:
    v = 10.0
    squares = [v * v for v in values]
    return v, squares


def genexp_scope(xs: list[int]) -> tuple[int, int]:
    x = 100
    total = sum(x * 2 for x in xs)
    return x, total


def any_short_circuits(xs: list[int]) -> bool:
    return any(12 // x > 3 for x in xs)


def all_short_circuits(xs: list[int]) -> bool:
    return all(12 // x > 3 for x in xs)


def join_generator(words: list[str]) -> str:
    return "-".join(w.upper() for w in words if w)


def for_else(xs: list[int], target: int) -> str:
    for i, x in enumerate(xs):
        if x == target:
            result = f"found at {i}"
            break
    else:
        result = "missing"
    return result


def while_else(n: int) -> list[int]:
    out = []
    i = 0
    while i < n:
        if i == 7:
            break
        out.append(i)
        i += 1
    else:
        out.append(-1)
    return out


def star_unpack(xs: list[int]) -> tuple[int, list[int], int]:
    first, *middle, last = xs
    return first, middle, last


def chained(a: int, b: int, c: int) -> bool:
    return a < b <= c != a


def walrus_condition(words: list[str]) -> list[int]:
    out = []
    for w in words:
        if (n := len(w)) > 2:
            out.append(n)
    return out


def swap_types(flag: bool):
    x = 1
    if flag:
        x = "one"
    return x


def optional_argument(limit: Optional[int] = None) -> int:
    if limit is None:
        limit = 10
    return limit * 2


def segments(flags: list[bool], hop: int) -> list[tuple[int, int]]:
    """A name None before a loop and an int inside it: the first pass sees it as None only."""
    out = []
    start = None
    for i, f in enumerate(flags):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start * hop, (i - 1) * hop))
            start = None
    if start is not None:
        out.append((start * hop, (len(flags) - 1) * hop))
    return out


def mixed_appends(n: int, names: list[str], ages: list[int]) -> tuple:
    """An empty list that takes items of several types holds them all, as Python's does: ints
    and floats, strs and ints and None."""
    xs = []
    for i in range(n):
        if i % 2:
            xs.append(i)
        else:
            xs.append(i * 0.5)
    row = []
    for name, age in zip(names, ages):
        row.append(name)
        row.append(age)
    row.insert(0, None)
    return xs, row


CASES = {
    "mixed_appends": [(5, ["a", "b"], [3, 4]), (0, [], [])],
    "segments": [([False, True, True, False, True], 3), ([], 1), ([True, True], 2)],
    "count_in_loop": [([],), ([1, 2, 3],), ([5] * 40,)],
    "count_matching": [(["ab", "ac", "b"], "a"), ([], "x"), (["x"] * 5, "x")],
    "constant_changed_in_while": [(1,), (5,), (0,)],
    "constant_changed_in_branch": [(True,), (False,)],
    "constant_changed_in_try": [("42",), ("x",), ("-7",)],
    "flag_set_in_nested_loop": [([[1, 2], [3, 0], [0]],), ([[1]],), ([],)],
    "longest": [(["a", "abc", "ab"],), ([],), (["", "x"],)],
    "first_negative": [([1.0, -2.0, -3.0],), ([1.0],), ([],)],
    "running_total": [([],), ([1.5, 2.0],), ([0.25],)],
    "mean_or_zero": [([],), ([1.0, 2.0],)],
    "rebound": [("a, b,, c",), ("",), ("x,y,z,w,v,u,t,s,r,q,p",)],
    "last_seen": [([],), ([3, 4],)],
    "previous_in_loop": [([1, 4, 9, 16],), ([],)],
    "bound_on_one_path": [(True,), (False,)],
    "bound_in_one_branch": [([1, 5, 9], 4), ([1, 2], 4), ([], 0)],
    "read_above_its_binding": [([1, 2, -1, -4],), ([-1, 2],), ([],)],
    "bound_in_another_branch": [([(1, "open"), (4, "close"), (6, "open"), (9, "close")],), ([(3, "close")],), ([],)],
    "loop_variable_after_loop": [([1.0, 2.5],), ([],)],
    "bound_in_try": [("41",), ("x",)],
    "comprehension_scope": [([1.0, 2.0],), ([],)],
    "genexp_scope": [([1, 2, 3],), ([],)],
    "any_short_circuits": [([1, 0],), ([5, 0],), ([5, 6],), ([],)],
    "all_short_circuits": [([1, 0],), ([5, 0],), ([2, 3],), ([],)],
    "join_generator": [(["a", "", "bc"],), ([],)],
    "for_else": [([1, 2, 3], 2), ([1, 2, 3], 5), ([], 1)],
    "while_else": [(3,), (10,), (0,)],
    "star_unpack": [([1, 2],), ([1, 2, 3, 4],), ([1],)],
    "chained": [(1, 2, 3), (1, 2, 1), (3, 2, 1), (1, 1, 1)],
    "walrus_condition": [(["a", "abc", "abcd"],), ([],)],
    "swap_types": [(True,), (False,)],
    "optional_argument": [(None,), (3,)],
}
