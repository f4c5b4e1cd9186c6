"""collections.deque compiled through the generator (tests/stdlib/programs/deque_functions.py)
and compared with CPython: BFS over grids, maxlen windows, every method, and the edge cases
(empty deques, maxlen 0, rotations beyond the length, indices past either end, a deque changed
inside its own loop)."""
import random

import pytest

from stdlib_testing import check, load_program, targets

PROGRAM = "deque_functions"
FUNCTIONS = [n for n, v in vars(load_program(PROGRAM)).items()
             if callable(v) and getattr(v, "__module__", "").startswith("stdlib_") and v.__name__ == n]
rng = random.Random(1729)


def grid(h, w, p):
    rows = ["".join("." if rng.random() > p else "#" for _ in range(w)) for _ in range(h)]
    return ["." + rows[0][1:]] + rows[1:-1] + [rows[-1][:-1] + "."] if h > 1 else ["." * w]


INTS = [[], [3], [1, 2], [1, 2, 3], [3, 3, 1, 3], [5, -1, 3, 0, 3, 8]] + [
    [rng.randint(-4, 4) for _ in range(rng.randint(1, 12))] for _ in range(6)]


def cases_of(function):
    return {
        "bfs_steps": [(grid(h, w, 0.3),) for h, w in ((1, 1), (1, 5), (3, 3), (6, 9), (12, 12), (20, 7))] + [
            (["..#", "##.", "..."],)],
        "moving_average": [(xs, n) for xs in ([], [1.0], [1.0, 2.0, 4.0, 0.5, -3.0]) for n in (1, 2, 3, 10)],
        "bounded": [(xs, n) for xs in INTS[:6] for n in (0, 1, 2, 5)] + [([1, 2], -1)],
        "both_ends": [(xs, k) for xs in INTS for k in (0, 1, -2, 9)],
        "pops": [(["a", "b", "c", "d"], n) for n in (0, 1, 3, 4, 5)] + [([], 1)],
        "index_at": [([1.5, -0.0, 2.0], i) for i in (-4, -3, -1, 0, 2, 3)] + [([], 0)],
        "set_item": [([1, 2, 3], i, 9) for i in (-4, -1, 0, 2, 3)],
        "rotations": [(xs,) for xs in INTS],
        "others": [(xs, x) for xs in ([1, 2, 3], [3, 3, 1, 3], [5, 0]) for x in (3, 5, 7)],
        "cleared": [(xs,) for xs in INTS[:5]],
        "walks": [(xs,) for xs in INTS],
        "mutated_in_loop": [(xs, g) for xs in ([1, 2, 3], [3], [1, 3, 5], [1, 2]) for g in (True, False)],
        "full_insert": [([],), ([1],), ([1, 2],)],
        "negative_maxlen": [(-1,), (0,), (3,)],
        "zero_maxlen": [([],), ([1, 2],)],
        "empty_first": [([],), (["a"],), (["x", "yz"],)],
    }[function]


def test_every_function_has_cases():
    assert all(cases_of(n) for n in FUNCTIONS)


@pytest.mark.parametrize("target", targets())
@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_matches_cpython(target, function):
    check(PROGRAM, FUNCTIONS, target, function, cases_of(function))
