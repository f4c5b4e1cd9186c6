"""itertools, functools.reduce/partial/cmp_to_key, iter()/next(), the lazy builtins over
iterators and next(genexp), compiled through the generator
(tests/stdlib/programs/itertools_functions.py) and compared with CPython: values and their types
exactly, and the same exception where CPython raises (r < 0, islice's bounds, next() of an
exhausted iterator, reduce() of an empty list, a ZeroDivisionError a lazy generator reaches).
Edge cases: empty inputs, r > n, r == 0, negative counts, shared iterators that two consumers
read, groups read after their groupby moved on, a zip/map/filter held in a name and read twice,
operands that each read the same iterator (Python evaluates them left to right).
"""
import random

import pytest

from stdlib_testing import assert_rejected_at_the_call, check, load_program, targets

PROGRAM = "itertools_functions"
FUNCTIONS = [n for n, v in vars(load_program(PROGRAM)).items()
             if callable(v) and getattr(v, "__module__", "").startswith("stdlib_")]
rng = random.Random(1414)


def ints(n, scale=5):
    return [rng.randint(-scale, scale) for _ in range(n)]


def floats(n):
    return [rng.choice((0.0, -0.0, 1.5, -2.25, 3.0, 0.1)) for _ in range(n)]


def words(n):
    return [rng.choice(("a", "bb", "ab", "", "ccc", "é", "dddd", "日本", "bb")) for _ in range(n)]


INT_LISTS = [[], [0], [7], [1, 2], [-1, -2, 3, 0, 4]] + [ints(rng.randint(2, 12)) for _ in range(8)]
FLOAT_LISTS = [[], [1.0], [-0.0, 0.0]] + [floats(rng.randint(2, 10)) for _ in range(6)]
WORD_LISTS = [[], ["x"], ["", ""]] + [words(rng.randint(2, 9)) for _ in range(6)]
STRS = ["", "a", "aab", "aaabccdd", "mississippi", "日本日本語"]
SMALL = [[], [1], [1, 2], [3, 1, 2], [1, 1, 2, 3]]


def cases_of(function):
    table = {
        "count_islice": [(s, st, n) for s in (0, -3, 10) for st in (1, -2, 0) for n in (0, 1, 5)] + [(0, 1, -1)],
        "count_float_steps": [(s, n) for s in (0.0, -1.5, 2.5) for n in (0, 4)],
        "count_mixed": [(n,) for n in (0, 1, 5)],
        "number_lines": [(xs,) for xs in WORD_LISTS],
        "cycle_labels": [(xs, n) for xs in WORD_LISTS[:5] for n in (0, 1, 7)] + [(["a"], -2)],
        "round_robin": [(xs, k) for xs in INT_LISTS[:8] for k in (1, 2, 3)],
        "repeat_times": [(w, n) for w in ("", "ab") for n in (-3, 0, 1, 4)],
        "repeat_zip": [(xs, s) for xs in FLOAT_LISTS for s in (0.5, -2.0)],
        "accumulate_sums": [(xs,) for xs in INT_LISTS],
        "accumulate_max": [(xs,) for xs in FLOAT_LISTS],
        "accumulate_initial": [(xs, i) for xs in INT_LISTS for i in (1, -2)],
        "running_balance": [(xs,) for xs in FLOAT_LISTS],
        "chain_lists": [(a, b, c) for a, b, c in zip(INT_LISTS, INT_LISTS[1:], INT_LISTS[2:])] + [([], [], [])],
        "chain_words": [(xs,) for xs in WORD_LISTS],
        "flatten": [([],), ([[]],), ([[1], [], [2, 3]],), ([ints(3), ints(0), ints(4)],)],
        "compress_flags": [(xs, [rng.random() < 0.5 for _ in range(rng.randint(0, 10))]) for xs in WORD_LISTS]
                          + [([], [True]), (["a", "b"], [])],
        "dropwhile_leading": [(xs,) for xs in INT_LISTS],
        "takewhile_prefix": [(xs, lim) for xs in INT_LISTS for lim in (-1, 2)],
        "filterfalse_odd": [(xs,) for xs in INT_LISTS],
        "filterfalse_none": [(xs,) for xs in INT_LISTS],
        "strip_comments": [([],), (["# a", "#b"],), (["# h", "x", "# not a comment", "END", "y"],), (["x", "END"],)],
        "groupby_runs": [(s,) for s in STRS],
        "groupby_key": [(xs,) for xs in WORD_LISTS],
        "groupby_keys_only": [(sorted(xs),) for xs in INT_LISTS] + [(xs,) for xs in INT_LISTS],
        "groupby_stale_groups": [(s,) for s in STRS],
        "islice_ranges": [(list(range(10)), a, b, c) for a in (0, 2, 12) for b in (0, 5, 20) for c in (1, 3)]
                         + [([1, 2], -1, 2, 1), ([1, 2], 0, -1, 1), ([1, 2], 0, 2, 0), ([1, 2], 0, 2, -1)],
        "islice_open": [(xs, s) for xs in WORD_LISTS for s in (0, 2)] + [(["a"], -1)],
        "islice_stop": [(xs, s) for xs in INT_LISTS[:6] for s in (0, 1, 3, 100)] + [([1], -5)],
        "pairwise_diffs": [(xs,) for xs in FLOAT_LISTS],
        "pairwise_text": [(s,) for s in STRS],
        "starmap_pow": [([],), ([(2, 3), (5, 0), (-3, 3), (0, 0)],), ([(2, -1)],), ([(10, 30)],)],
        "starmap_lambda": [([],), ([("ab", 2), ("x", 0), ("é", -1)],)],
        "tee_lag": [(xs,) for xs in INT_LISTS],
        "tee_three": [(xs,) for xs in WORD_LISTS],
        "zip_longest_fill": [(a, b) for a, b in zip(INT_LISTS, INT_LISTS[3:])] + [([], [])],
        "zip_longest_strs": [(a, b, c) for a, b, c in zip(WORD_LISTS, WORD_LISTS[2:], WORD_LISTS[4:])],
        "zip_longest_none": [(a, b) for a, b in zip(INT_LISTS, INT_LISTS[5:])],
        "product_pairs": [(a, b) for a in SMALL[:4] for b in WORD_LISTS[:4]],
        "product_repeat": [(s,) for s in STRS[:4]],
        "product_repeat_n": [(xs, n) for xs in SMALL[:4] for n in (-1, 0, 1, 3)],
        "permutations_all": [(xs,) for xs in SMALL],
        "permutations_r": [(s, r) for s in STRS[:4] for r in (-1, 0, 1, 2, 5)],
        "combinations_r": [(xs, r) for xs in SMALL for r in (-2, 0, 1, 2, 3, 6)],
        "combinations_two": [(xs,) for xs in WORD_LISTS],
        "combinations_replacement": [(xs, r) for xs in SMALL for r in (-1, 0, 1, 2, 4)],
        "combinations_replacement_two": [(s,) for s in STRS[:5]],
        "closest_pair": [(xs,) for xs in FLOAT_LISTS[1:]] + [([5.0, 1.0, 3.5, 9.0],)],
        "reduce_sum": [(xs,) for xs in INT_LISTS] + [([2**62, 2**62],)],
        "reduce_initial": [(xs, s) for xs in FLOAT_LISTS for s in (0.0, -1.0)],
        "reduce_int_to_float": [(xs,) for xs in INT_LISTS],
        "reduce_strings": [(xs,) for xs in WORD_LISTS],
        "reduce_max_len": [(xs,) for xs in WORD_LISTS],
        "scaled": [(1.5, 2.0), (-0.0, 3.0, 0.0), (2.0, 0.5, -1.0)],
        "partial_map": [(xs, f) for xs in FLOAT_LISTS for f in (2.0, -0.5)],
        "partial_positional": [(xs,) for xs in FLOAT_LISTS],
        "partial_builtin": [(xs,) for xs in INT_LISTS],
        "by_length_then_reverse": [("a", "bb"), ("b", "a"), ("a", "a"), ("", "x")],
        "cmp_sort": [(xs,) for xs in WORD_LISTS],
        "cmp_sort_lambda": [(xs,) for xs in INT_LISTS],
        "cmp_max": [(xs,) for xs in INT_LISTS],
        "first_and_rest": [(xs,) for xs in INT_LISTS],
        "next_default": [(xs,) for xs in WORD_LISTS],
        "pairs_by_hand": [(xs,) for xs in INT_LISTS],
        "stop_iteration_caught": [(xs,) for xs in INT_LISTS],
        "next_of_exhausted": [(xs,) for xs in INT_LISTS[:3]],
        "header_and_rows": [([],), (["a,b"],), (["a,b", "1,2", "3,"],)],
        "shared_iterator_zip": [(xs,) for xs in INT_LISTS],
        "shared_iterator_chunks": [(xs, n) for xs in INT_LISTS for n in (1, 3)],
        "iter_of_str": [(s,) for s in STRS],
        "iter_of_dict": [({},), ({"b": 1, "a": 2, "c": 3},)],
        "lazy_map_next": [(xs,) for xs in INT_LISTS],
        "lazy_filter_next": [(xs, t) for xs in INT_LISTS for t in (0, 4)],
        "lazy_filter_none": [(xs,) for xs in INT_LISTS],
        "lazy_enumerate": [(xs,) for xs in WORD_LISTS],
        "lazy_zip_count": [(xs,) for xs in WORD_LISTS],
        "lazy_zip_uneven": [(a, b) for a, b in zip(INT_LISTS, INT_LISTS[4:])] + [([1, 2, 3], [9])],
        "sum_of_iterator": [(xs,) for xs in INT_LISTS],
        "min_max_of_iterator": [(xs,) for xs in FLOAT_LISTS],
        "any_all_of_iterator": [(xs,) for xs in INT_LISTS],
        "sorted_iterator": [(xs,) for xs in INT_LISTS],
        "first_negative": [(xs,) for xs in FLOAT_LISTS],
        "first_index": [(xs, p) for xs in WORD_LISTS for p in ("", "b", "z")],
        "first_long_word": [(xs,) for xs in WORD_LISTS],
        "first_pair_sum": [(xs, t) for xs in INT_LISTS for t in (0, 3)],
        "first_ratio": [(xs,) for xs in INT_LISTS] + [([3, 0, 4, 0],)],
        "first_lazy_error": [([],), ([5, 0],), ([0, 5],), ([-3],)],
        "zip_read_twice": [(a, b) for a, b in zip(INT_LISTS, WORD_LISTS)],
        "map_read_twice": [(xs,) for xs in INT_LISTS],
        "filter_then_next": [(xs,) for xs in INT_LISTS],
        "enumerate_twice": [(xs,) for xs in WORD_LISTS],
        "reversed_twice": [(xs,) for xs in INT_LISTS],
        "order_of_reads": [(xs,) for xs in FLOAT_LISTS] + [([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0],)],
    }
    return table[function]


def test_every_function_has_cases():
    assert sorted(FUNCTIONS) == sorted(n for n in FUNCTIONS if cases_of(n))


@pytest.mark.parametrize("target", targets())
@pytest.mark.parametrize("function", FUNCTIONS)
def test_function_matches_cpython(target, function):
    check(PROGRAM, FUNCTIONS, target, function, cases_of(function))


HEADER = "import functools, itertools, operator\n\n"
INFINITE = "never ends; bound it first (itertools.islice, takewhile or zip with a finite iterable)"
# (body of `def f(x: float, n: int, s: str, xs: list[float]) -> ...`, return type, col, message):
# what CPython would loop forever on, or muna cannot type, is a compile error at the call.
REJECT = [
    ("return list(itertools.count(n))", "list[int]", 12, INFINITE),
    ("return sum(itertools.cycle(xs))", "float", 12, INFINITE),
    ("return [v for v in itertools.repeat(x)]", "list[float]", 24, INFINITE),
    ("return list(map(operator.add, xs, xs))", "list[float]", 17, "builtins.map takes at most 2 arguments"),
    ("return next(xs)", "float", 12, "'list[float]' object is not an iterator; call iter() on it first"),
    ("return list(itertools.tee(xs, n)[0])", "list[float]", 17, "tee() n must be an int known at compile time"),
    ("return list(itertools.product(xs, [s], repeat=n))", "list[float]", 17, "needs iterables of one item type"),
    ("f = functools.partial(lambda a, b: a + b, 1)\n    return f(2)", "int", 9, "needs a function known at compile"),
    ("return list(itertools.accumulate(xs, initial=None if n else x))", "list[float]", 17, "initial= that may be None"),
]


@pytest.mark.parametrize("body,returns,col,message", REJECT, ids=[r[0][:40] for r in REJECT])
def test_rejected_at_the_call(tmp_path, body, returns, col, message):
    assert_rejected_at_the_call(tmp_path, HEADER, body, returns, col, message)
