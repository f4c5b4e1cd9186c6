"""heapq, bisect, operator.itemgetter/attrgetter and the string constants compiled through the
generator (tests/stdlib/programs/heapq_bisect_functions.py) and compared with CPython: the
heap functions return the list they changed, so every item's position must be CPython's;
nlargest/nsmallest/merge run on data full of ties (equal keys, 0.0 and -0.0), so the order of
equal items is checked too; heaps beyond 2500 items take CPython's other heapify loop.
"""
import math
import random

import numpy as np
import pytest

from stdlib_testing import check, load_program, targets

PROGRAM = "heapq_bisect_functions"
FUNCTIONS = [n for n, v in vars(load_program(PROGRAM)).items()
             if callable(v) and getattr(v, "__module__", "").startswith("stdlib_")]
rng = random.Random(2718)


def floats(n, ties=False):
    if ties:
        return [rng.choice((0.0, -0.0, 1.0, -1.0, 2.5, 1.0, -2.5)) for _ in range(n)]
    return [rng.uniform(-100, 100) for _ in range(n)]


def ints(n, scale=10):
    return [rng.randint(-scale, scale) for _ in range(n)]


def words(n):
    return [rng.choice(("a", "bb", "b", "ccc", "é", "ab", "", "zz", "日本", "b")) for _ in range(n)]


FLOAT_LISTS = [[], [1.0], [0.0, -0.0], [-0.0, 0.0, -0.0]] + [floats(rng.randint(2, 40), ties=k % 2 == 0) for k in range(40)]
FLOAT_LISTS += [floats(3000, ties=True), floats(2600)]  # beyond 2500: CPython's cache-friendly heapify
INT_LISTS = [[], [5], [2, 1]] + [ints(rng.randint(2, 40), rng.choice((3, 100, 2**62))) for _ in range(30)] + [ints(2700, 50)]
STR_LISTS = [[], ["b", "a"]] + [words(rng.randint(2, 30)) for _ in range(20)]
PAIRS = [[(rng.choice(("x", "y", "z", "w")), rng.randint(-3, 3)) for _ in range(rng.randint(0, 30))] for _ in range(25)]
INT_STR = [[(rng.randint(-3, 3), rng.choice(("p", "q", "r"))) for _ in range(rng.randint(0, 30))] for _ in range(20)]
NS = (-1, 0, 1, 2, 3, 5, 10, 100)


def sorted_floats():
    return [sorted(xs) for xs in FLOAT_LISTS[:30]]


def cases_of(function):
    table = {
        "push_all": [(xs,) for xs in FLOAT_LISTS], "push_pop_all": [(xs,) for xs in FLOAT_LISTS],
        "heapify_float": [(xs,) for xs in FLOAT_LISTS], "heapify_int": [(xs,) for xs in INT_LISTS],
        "heapify_str": [(xs,) for xs in STR_LISTS], "heapify_tuple": [(xs,) for xs in INT_STR],
        "heapify_float_tuple": [([(rng.choice((0.0, -0.0, 1.0, 1.0, float("nan"))), rng.randint(0, 3)) for _ in range(12)],)
                                for _ in range(15)],
        "pop_int": [(sorted(xs),) for xs in INT_LISTS],
        "pushpop_int": [(xs, x) for xs in INT_LISTS[:25] for x in (-5, 0, 3, 2**62)],
        "replace_int": [(sorted(xs), x) for xs in INT_LISTS[:25] for x in (-5, 0, 3)],
        "replace_str": [(xs, x) for xs in STR_LISTS for x in ("", "b", "zzz")],
        "push_int_into_float": [(sorted(xs), 3) for xs in FLOAT_LISTS[:20]],
        "heap_sort_tuples": [(xs,) for xs in PAIRS],
        "nlargest_float": [(n, xs) for xs in FLOAT_LISTS for n in NS],
        "nsmallest_float": [(n, xs) for xs in FLOAT_LISTS for n in NS],
        "nlargest_int": [(n, xs) for xs in INT_LISTS for n in NS],
        "nsmallest_str": [(n, xs) for xs in STR_LISTS for n in NS],
        "nlargest_abs": [(n, xs) for xs in FLOAT_LISTS for n in NS],
        "nsmallest_abs": [(n, xs) for xs in FLOAT_LISTS for n in NS],
        "nlargest_len": [(n, xs) for xs in STR_LISTS for n in NS],
        "nsmallest_len": [(n, xs) for xs in STR_LISTS for n in NS],
        "nlargest_second": [(n, xs) for xs in PAIRS for n in NS],
        "nsmallest_second": [(n, xs) for xs in PAIRS for n in NS],
        "nlargest_tuples": [(n, xs) for xs in INT_STR for n in NS],
        "merge_floats": [(a, b, c) for a, b, c in zip(sorted_floats(), sorted_floats()[1:], sorted_floats()[2:])]
                        + [(FLOAT_LISTS[5], FLOAT_LISTS[6], [])] + [([], [], [])],  # unsorted inputs too
        "merge_reverse": [(sorted(a, reverse=True), sorted(b, reverse=True)) for a, b in zip(INT_LISTS, INT_LISTS[1:])],
        "merge_key": [(sorted(a, key=len), sorted(b, key=len), sorted(c, key=len))
                      for a, b, c in zip(STR_LISTS, STR_LISTS[1:], STR_LISTS[2:])],
        "merge_key_reverse": [(sorted(a, key=lambda t: -t[1]), sorted(b, key=lambda t: -t[1])) for a, b in zip(PAIRS, PAIRS[1:])],
        "merge_one": [(xs,) for xs in INT_LISTS[:10]],
        "bisect_left_float": [(a, x) for a in sorted_floats() for x in (-1e9, -0.0, 0.0, 1.0, 2.5, 50.0, math.inf)],
        "bisect_right_float": [(a, x) for a in sorted_floats() for x in (-1e9, -0.0, 0.0, 1.0, 2.5, 50.0, math.inf)],
        "bisect_alias": [(a, x) for a in sorted_floats()[:10] for x in (0.0, 1.0)],
        "bisect_left_int_float": [(sorted(a), x) for a in INT_LISTS[:20] for x in (-2.5, 0.0, 1.5, 3.0)],
        "bisect_left_bounds": [([1, 2, 2, 3, 5, 8], x, lo, hi) for x in (0, 2, 4, 9) for lo in (-1, 0, 2, 6, 9)
                               for hi in (-2, -1, 0, 3, 6, 7, 100)],
        "bisect_right_bounds": [([1, 2, 2, 3, 5, 8], x, lo, hi) for x in (0, 2, 4, 9) for lo in (-1, 0, 2, 6, 9)
                                for hi in (-2, -1, 0, 3, 6, 7, 100)],
        "bisect_right_lo": [([1, 2, 2, 3], x, lo) for x in (0, 2, 5) for lo in (-3, 0, 1, 4, 10)],
        "bisect_str": [(sorted(a), x) for a in STR_LISTS for x in ("", "b", "bb", "é", "日本", "zzz")],
        "bisect_tuple": [(sorted(a), x) for a in INT_STR for x in ((0, "q"), (-3, "a"), (3, "z"))],
        "bisect_key": [(sorted(a, key=lambda t: t[1]), x) for a in PAIRS for x in (-4, 0, 2, 4)],
        "insort_float": [(sorted(a), b) for a, b in zip(FLOAT_LISTS[:30], FLOAT_LISTS[1:31])],
        "insort_left_right": [(sorted(a), x) for a in FLOAT_LISTS[:30] for x in (0.0, -0.0, 1.0, math.nan)],
        "insort_bounds": [([1, 2, 2, 3, 5, 8], x, lo, hi) for x in (0, 2, 9) for lo in (-1, 0, 2, 9) for hi in (-1, 0, 3, 100)],
        "insort_key": [(sorted(a, key=lambda t: t[1]), x) for a in PAIRS for x in (("new", 0), ("new", 9))],
        "insort_str": [(sorted(a), x) for a in STR_LISTS for x in ("", "bb", "é")],
        "sorted_by_items": [([(rng.choice("abc"), rng.randint(0, 3), rng.choice((0.5, 1.5, -0.0, 0.0))) for _ in range(20)],)
                            for _ in range(10)],
        "min_max_by_item": [(xs,) for xs in PAIRS if xs],
        "sort_rows": [([[rng.randint(0, 3) for _ in range(3)] for _ in range(8)],) for _ in range(10)] + [([[1]],)],
        "by_dict_key": [([{"age": rng.randint(0, 5), "id": i} for i in range(8)],), ([{"id": 1}],)],
        "mapped_items": [(xs,) for xs in PAIRS],
        "shapes": [(list(zip(ints(10, 3), ints(10, 3))),) for _ in range(10)],
        "top_indices": [(k, xs) for xs in FLOAT_LISTS[:20] for k in (0, 1, 3, 50)],
        "top_labels": [(k, {w: rng.choice((0.5, 1.0, 2.0)) for w in words(12)}) for k in (1, 2, 3, 20)],
        "smallest_rows": [(k, [ints(rng.randint(0, 3), 2) for _ in range(12)]) for k in (1, 2, 5, 20)],
        "sort_lists": [([ints(rng.randint(0, 3), 2) for _ in range(15)],) for _ in range(10)],
        "heapify_rows": [([ints(rng.randint(0, 3), 2) for _ in range(15)],) for _ in range(10)],
        "sorted_characters": [("",), ("héllo wörld",), ("日本語 text",)],
        "string_constants": [()],
        "strip_punctuation": [("Hello, world! (It's 3:00pm.)",), ("",), ("naïve — café; «ok»",)],
        "classify": [("Hello World 123\t\n",), ("",), ("ÀÉ ßx\x0b\x0c9",)],
        "largest_array": [([np.zeros((2, 3), np.float32), np.zeros((7,), np.float32), np.zeros((1, 7), np.float32)],),
                          ([],)],
        "by_ndim": [([np.zeros((2, 3), np.float32), np.zeros((7,), np.float32), np.zeros((1, 1, 1), np.float32)],)],
    }
    return table[function]


@pytest.mark.parametrize("target", targets())
@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_matches_cpython(target, function):
    check(PROGRAM, FUNCTIONS, target, function, cases_of(function))
