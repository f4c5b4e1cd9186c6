"""Functions using itertools, functools.reduce/partial/cmp_to_key, iter()/next(), the lazy
zip/map/filter/enumerate of iterators and next(genexp), compiled by tests/stdlib/test_itertools.py
and compared with CPython running them. Several share one iterator between two consumers, stop
early or read a group after its groupby moved on: what each consumer sees depends on CPython's
exact order of reads, which muna reproduces."""
import functools
import itertools
import operator
from functools import cmp_to_key, partial, reduce
from itertools import accumulate, chain, groupby, islice


# --- infinite iterators, bounded ---------------------------------------------------------------
def count_islice(start: int, step: int, n: int) -> list[int]:
    return list(islice(itertools.count(start, step), n))


def count_float_steps(start: float, n: int) -> list[float]:
    return [x for x in islice(itertools.count(start, 0.25), n)]


def count_mixed(n: int) -> list[int | float]:
    # count(0, 0.5): the first item is the int 0, the rest floats.
    return list(islice(itertools.count(0, 0.5), n))


def number_lines(lines: list[str]) -> list[str]:
    return [f"{i}: {line}" for i, line in zip(itertools.count(1), lines)]


def cycle_labels(labels: list[str], n: int) -> list[str]:
    return list(islice(itertools.cycle(labels), n))


def round_robin(xs: list[int], k: int) -> list[list[int]]:
    buckets: list[list[int]] = []
    for _ in range(k):
        buckets.append([])
    for b, x in zip(itertools.cycle(range(k)), xs):
        buckets[b].append(x)
    return buckets


def repeat_times(word: str, n: int) -> list[str]:
    return list(itertools.repeat(word, n))


def repeat_zip(xs: list[float], scale: float) -> list[float]:
    return [a * b for a, b in zip(xs, itertools.repeat(scale))]


# --- iterators ending at the shortest input -----------------------------------------------------
def accumulate_sums(xs: list[int]) -> list[int]:
    return list(accumulate(xs))


def accumulate_max(xs: list[float]) -> list[float]:
    return list(accumulate(xs, max))


def accumulate_initial(xs: list[int], initial: int) -> list[int]:
    return list(accumulate(xs, operator.mul, initial=initial))


def running_balance(amounts: list[float]) -> list[float]:
    return list(accumulate(amounts, lambda total, x: total + x if total + x > 0 else 0.0, initial=0.0))


def chain_lists(a: list[int], b: list[int], c: list[int]) -> list[int]:
    return list(chain(a, b, c))


def chain_words(words: list[str]) -> str:
    return "".join(chain.from_iterable(words))


def flatten(rows: list[list[int]]) -> list[int]:
    return list(itertools.chain.from_iterable(rows))


def compress_flags(names: list[str], flags: list[bool]) -> list[str]:
    return list(itertools.compress(names, flags))


def dropwhile_leading(xs: list[int]) -> list[int]:
    return list(itertools.dropwhile(lambda x: x < 0, xs))


def takewhile_prefix(xs: list[int], limit: int) -> list[int]:
    return list(itertools.takewhile(lambda x: x <= limit, xs))


def filterfalse_odd(xs: list[int]) -> list[int]:
    return list(itertools.filterfalse(lambda x: x % 2, xs))


def filterfalse_none(xs: list[int]) -> list[int]:
    return list(itertools.filterfalse(None, xs))


def strip_comments(lines: list[str]) -> list[str]:
    body = itertools.dropwhile(lambda s: s.startswith("#"), lines)
    return list(itertools.takewhile(lambda s: s != "END", body))


def groupby_runs(s: str) -> list[tuple[str, int]]:
    return [(k, len(list(g))) for k, g in groupby(s)]


def groupby_key(words: list[str]) -> list[tuple[int, list[str]]]:
    return [(k, list(g)) for k, g in groupby(sorted(words, key=len), key=len)]


def groupby_keys_only(xs: list[int]) -> list[int]:
    return [k for k, _ in groupby(xs)]


def groupby_stale_groups(s: str) -> list[list[str]]:
    # Groups read after groupby moved on are empty in CPython: list() of groupby first.
    groups = [g for _, g in groupby(s)]
    return [list(g) for g in groups]


def islice_ranges(xs: list[int], start: int, stop: int, step: int) -> list[int]:
    return list(islice(xs, start, stop, step))


def islice_open(xs: list[str], start: int) -> list[str]:
    return list(islice(xs, start, None))


def islice_stop(xs: list[int], stop: int) -> list[int]:
    return list(islice(xs, stop))


def pairwise_diffs(xs: list[float]) -> list[float]:
    return [b - a for a, b in itertools.pairwise(xs)]


def pairwise_text(s: str) -> list[str]:
    return [a + b for a, b in itertools.pairwise(s)]


def starmap_pow(pairs: list[tuple[int, int]]) -> list[int]:
    return list(itertools.starmap(operator.pow, pairs))


def starmap_lambda(pairs: list[tuple[str, int]]) -> list[str]:
    return list(itertools.starmap(lambda s, n: s * n, pairs))


def tee_lag(xs: list[int]) -> list[tuple[int, int]]:
    a, b = itertools.tee(xs)
    next(b, 0)
    return list(zip(a, b))


def tee_three(xs: list[str]) -> tuple[list[str], list[str], list[str]]:
    a, b, c = itertools.tee(xs, 3)
    first = list(islice(a, 2))
    return (first, list(b), list(c))


def zip_longest_fill(a: list[int], b: list[int]) -> list[tuple[int, int]]:
    return list(itertools.zip_longest(a, b, fillvalue=-1))


def zip_longest_strs(a: list[str], b: list[str], c: list[str]) -> list[str]:
    return ["".join(t) for t in itertools.zip_longest(a, b, c, fillvalue="_")]


def zip_longest_none(a: list[int], b: list[int]) -> list[int]:
    out = []
    for x, y in itertools.zip_longest(a, b):
        out.append((x if x is not None else 0) + (y if y is not None else 0))
    return out


# --- combinatorics ----------------------------------------------------------------------------
def product_pairs(a: list[int], b: list[str]) -> list[tuple[int, str]]:
    return list(itertools.product(a, b))


def product_repeat(s: str) -> list[str]:
    return ["".join(t) for t in itertools.product(s, repeat=2)]


def product_repeat_n(xs: list[int], n: int) -> list[int]:
    return [sum(t) for t in itertools.product(xs, repeat=n)]


def permutations_all(xs: list[int]) -> list[list[int]]:
    return [list(p) for p in itertools.permutations(xs)]


def permutations_r(s: str, r: int) -> list[str]:
    return ["".join(p) for p in itertools.permutations(s, r)]


def combinations_r(xs: list[int], r: int) -> list[tuple[int, ...]]:
    return list(itertools.combinations(xs, r))


def combinations_two(xs: list[str]) -> list[tuple[str, str]]:
    return list(itertools.combinations(xs, 2))


def combinations_replacement(xs: list[int], r: int) -> int:
    return sum(1 for _ in itertools.combinations_with_replacement(xs, r))


def combinations_replacement_two(s: str) -> list[str]:
    return [a + b for a, b in itertools.combinations_with_replacement(s, 2)]


def closest_pair(points: list[float]) -> float:
    return min(abs(a - b) for a, b in itertools.combinations(points, 2))


# --- functools ----------------------------------------------------------------------------------
def reduce_sum(xs: list[int]) -> int:
    return reduce(operator.add, xs)


def reduce_initial(xs: list[float], start: float) -> float:
    return reduce(lambda acc, x: acc * 0.5 + x, xs, start)


def reduce_int_to_float(xs: list[int]) -> float:
    return functools.reduce(lambda acc, x: acc / 2 + x, xs, 0)


def reduce_strings(words: list[str]) -> str:
    return reduce(lambda a, b: a + "-" + b, words)


def reduce_max_len(words: list[str]) -> str:
    return reduce(lambda a, b: b if len(b) > len(a) else a, words, "")


def scaled(x: float, factor: float, offset: float = 0.0) -> float:
    return x * factor + offset


def partial_map(xs: list[float], factor: float) -> list[float]:
    f = partial(scaled, factor=factor)
    return [f(x) for x in xs]


def partial_positional(xs: list[float]) -> list[float]:
    double = functools.partial(scaled, factor=2.0, offset=1.0)
    return list(map(double, xs))


def partial_builtin(xs: list[int]) -> list[int]:
    at_least_zero = partial(max, 0)
    return [at_least_zero(x) for x in xs]


def by_length_then_reverse(a: str, b: str) -> int:
    if len(a) != len(b):
        return len(a) - len(b)
    return (a < b) - (a > b)


def cmp_sort(words: list[str]) -> list[str]:
    return sorted(words, key=cmp_to_key(by_length_then_reverse))


def cmp_sort_lambda(xs: list[int]) -> list[int]:
    return sorted(xs, key=functools.cmp_to_key(lambda a, b: (a % 3) - (b % 3)))


def cmp_max(xs: list[int]) -> int:
    return max(xs, key=cmp_to_key(lambda a, b: abs(a) - abs(b)))


# --- iter() and next() --------------------------------------------------------------------------
def first_and_rest(xs: list[int]) -> tuple[int, list[int]]:
    it = iter(xs)
    head = next(it)
    return (head, list(it))


def next_default(xs: list[str]) -> str:
    it = iter(xs)
    return next(it, "<none>")


def pairs_by_hand(xs: list[int]) -> list[tuple[int, int]]:
    it = iter(xs)
    out = []
    while True:
        try:
            a = next(it)
            b = next(it)
        except StopIteration:
            break
        out.append((a, b))
    return out


def stop_iteration_caught(xs: list[int]) -> int:
    it = iter(xs)
    total = 0
    try:
        for _ in range(3):
            total += next(it)
    except StopIteration:
        return -total
    return total


def next_of_exhausted(xs: list[int]) -> int:
    it = iter(xs)
    for _ in it:
        pass
    return next(it)


def header_and_rows(lines: list[str]) -> tuple[list[str], list[list[str]]]:
    it = iter(lines)
    header = next(it, "").split(",")
    return (header, [line.split(",") for line in it])


def shared_iterator_zip(xs: list[int]) -> list[tuple[int, int]]:
    it = iter(xs)
    return list(zip(it, it))  # consecutive pairs; an odd last item is dropped


def shared_iterator_chunks(xs: list[int], n: int) -> list[list[int]]:
    it = iter(xs)
    out = []
    while True:
        chunk = list(islice(it, n))
        if not chunk:
            break
        out.append(chunk)
    return out


def iter_of_str(s: str) -> list[str]:
    it = iter(s)
    first = next(it, "")
    return [first] + [c.upper() for c in it]


def iter_of_dict(d: dict[str, int]) -> list[str]:
    it = iter(d)
    return [next(it, "")] + sorted(it)


# --- lazy builtins over iterators ------------------------------------------------------------------
def lazy_map_next(xs: list[int]) -> tuple[int, int]:
    squares = map(lambda x: x * x, iter(xs))
    first = next(squares, -1)
    return (first, sum(squares))


def lazy_filter_next(xs: list[int], threshold: int) -> int:
    big = filter(lambda x: x > threshold, iter(xs))
    return next(big, -1)


def lazy_filter_none(xs: list[int]) -> list[int]:
    return list(filter(None, iter(xs)))


def lazy_enumerate(words: list[str]) -> list[tuple[int, str]]:
    it = enumerate(iter(words), start=10)
    next(it, (0, ""))
    return list(it)


def lazy_zip_count(xs: list[str]) -> dict[str, int]:
    return dict(zip(xs, itertools.count()))


def lazy_zip_uneven(a: list[int], b: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    it = iter(a)
    pairs = list(zip(it, b))
    return (pairs, list(it))  # zip read one more item of `it` when b ended first


def sum_of_iterator(xs: list[int]) -> int:
    return sum(itertools.takewhile(lambda x: x != 0, xs))


def min_max_of_iterator(xs: list[float]) -> tuple[float, float]:
    return (min(islice(xs, 1, None)), max(itertools.chain(xs, [0.0])))


def any_all_of_iterator(xs: list[int]) -> tuple[bool, bool, list[int]]:
    it = iter(xs)
    found = any(x > 2 for x in it)
    return (found, all(x > 0 for x in itertools.chain(xs, [1])), list(it))


def sorted_iterator(xs: list[int]) -> list[int]:
    return sorted(itertools.filterfalse(lambda x: x < 0, xs), reverse=True)


# --- next(genexp) -------------------------------------------------------------------------------
def first_negative(xs: list[float]) -> float:
    return next(x for x in xs if x < 0)


def first_index(words: list[str], prefix: str) -> int:
    return next((i for i, w in enumerate(words) if w.startswith(prefix)), -1)


def first_long_word(words: list[str]) -> str:
    return next((w.upper() for w in words if len(w) > 3), "")


def first_pair_sum(xs: list[int], target: int) -> tuple[int, int]:
    return next(((a, b) for a in xs for b in xs if a < b and a + b == target), (0, 0))


def first_ratio(xs: list[int]) -> float:
    # Lazy: 1 / x is never computed for items after the first match (x == 0 would raise).
    return next(1 / x for x in xs if x != 0 and x % 2 == 0)


def first_lazy_error(xs: list[int]) -> int:
    # The generator stops at the first item: 10 // x of a later 0 never runs; an earlier 0 raises.
    return next((10 // x for x in xs), 0)


def order_of_reads(xs: list[float]) -> tuple[float, float, tuple[float, float], list[float]]:
    # Python evaluates operands left to right; each next() takes the following item.
    it = iter(xs)
    diff = next(it, 0.0) - next(it, 0.0)
    larger = max(next(it, 0.0), next(it, 0.0) * 2)
    pair = (next(it, -1.0), next(it, -1.0))
    return (diff, larger, pair, [next(it, 9.0)] + list(it))


# --- a name holding zip/map/filter/enumerate/reversed: Python's one-pass iterator ------------------
def zip_read_twice(a: list[int], b: list[str]) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    pairs = zip(a, b)
    first = list(pairs)
    return (first, list(pairs))


def map_read_twice(xs: list[int]) -> tuple[int, list[int]]:
    doubled = map(lambda x: 2 * x, xs)
    return (sum(doubled), list(doubled))


def filter_then_next(xs: list[int]) -> tuple[int, list[int]]:
    evens = filter(lambda x: x % 2 == 0, xs)
    return (next(evens, -1), list(evens))


def enumerate_twice(words: list[str]) -> tuple[list[tuple[int, str]], int]:
    numbered = enumerate(words, start=1)
    first = [p for p in numbered]
    return (first, len(list(numbered)))


def reversed_twice(xs: list[int]) -> tuple[list[int], list[int]]:
    backwards = reversed(xs)
    return (list(backwards), list(backwards))
