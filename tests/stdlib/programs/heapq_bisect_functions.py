"""Functions calling heapq, bisect, operator.itemgetter/attrgetter and the string constants,
compiled by tests/stdlib/test_heapq_bisect.py and compared with CPython running them. The heap
functions return the list they changed, so the order CPython leaves it in is compared too."""
import bisect
import numpy as np
import heapq
import operator
import string
from bisect import insort
from heapq import nsmallest as imported_nsmallest


def push_all(xs: list[float]) -> list[float]:
    heap: list[float] = []
    for x in xs:
        heapq.heappush(heap, x)
    return heap


def push_pop_all(xs: list[float]) -> list[float]:
    heap: list[float] = []
    for x in xs:
        heapq.heappush(heap, x)
    out = []
    while heap:
        out.append(heapq.heappop(heap))
    return out


def heapify_float(xs: list[float]) -> list[float]:
    heapq.heapify(xs)
    return xs


def heapify_int(xs: list[int]) -> list[int]:
    heapq.heapify(xs)
    return xs


def heapify_str(xs: list[str]) -> list[str]:
    heapq.heapify(xs)
    return xs


def heapify_tuple(xs: list[tuple[int, str]]) -> list[tuple[int, str]]:
    heapq.heapify(xs)
    return xs


def heapify_float_tuple(xs: list[tuple[float, int]]) -> list[tuple[float, int]]:
    heapq.heapify(xs)
    return xs


def pop_int(xs: list[int]) -> tuple[int, list[int]]:
    top = heapq.heappop(xs)
    return (top, xs)


def pushpop_int(xs: list[int], x: int) -> tuple[int, list[int]]:
    heapq.heapify(xs)
    top = heapq.heappushpop(xs, x)
    return (top, xs)


def replace_int(xs: list[int], x: int) -> tuple[int, list[int]]:
    top = heapq.heapreplace(xs, x)
    return (top, xs)


def replace_str(xs: list[str], x: str) -> tuple[str, list[str]]:
    heapq.heapify(xs)
    top = heapq.heapreplace(xs, x)
    return (top, xs)


def push_int_into_float(xs: list[float], x: int) -> list[float]:
    heapq.heappush(xs, x)
    return [v * 1.0 for v in xs]  # CPython's list holds the int itself


def heap_sort_tuples(xs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    heap: list[tuple[str, int]] = []
    for x in xs:
        heapq.heappush(heap, x)
    return [heapq.heappop(heap) for _ in range(len(heap))]


def nlargest_float(n: int, xs: list[float]) -> list[float]:
    return heapq.nlargest(n, xs)


def nsmallest_float(n: int, xs: list[float]) -> list[float]:
    return heapq.nsmallest(n, xs)


def nlargest_int(n: int, xs: list[int]) -> list[int]:
    return heapq.nlargest(n, xs)


def nsmallest_str(n: int, xs: list[str]) -> list[str]:
    return imported_nsmallest(n, xs)


def nlargest_abs(n: int, xs: list[float]) -> list[float]:
    return heapq.nlargest(n, xs, key=abs)


def nsmallest_abs(n: int, xs: list[float]) -> list[float]:
    return heapq.nsmallest(n, xs, key=lambda x: abs(x))


def nlargest_len(n: int, xs: list[str]) -> list[str]:
    return heapq.nlargest(n, xs, key=len)


def nsmallest_len(n: int, xs: list[str]) -> list[str]:
    return heapq.nsmallest(n, xs, key=len)


def nlargest_second(n: int, xs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return heapq.nlargest(n, xs, key=operator.itemgetter(1))


def nsmallest_second(n: int, xs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return heapq.nsmallest(n, xs, key=operator.itemgetter(1))


def nlargest_tuples(n: int, xs: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return heapq.nlargest(n, xs)


def merge_floats(a: list[float], b: list[float], c: list[float]) -> list[float]:
    return list(heapq.merge(a, b, c))


def merge_reverse(a: list[int], b: list[int]) -> list[int]:
    return list(heapq.merge(a, b, reverse=True))


def merge_key(a: list[str], b: list[str], c: list[str]) -> list[str]:
    return list(heapq.merge(a, b, c, key=len))


def merge_key_reverse(a: list[tuple[str, int]], b: list[tuple[str, int]]) -> list[tuple[str, int]]:
    return list(heapq.merge(a, b, key=operator.itemgetter(1), reverse=True))


def merge_one(a: list[int]) -> list[int]:
    out = []
    for x in heapq.merge(a):
        out.append(x * 2)
    return out


def bisect_left_float(a: list[float], x: float) -> int:
    return bisect.bisect_left(a, x)


def bisect_right_float(a: list[float], x: float) -> int:
    return bisect.bisect_right(a, x)


def bisect_alias(a: list[float], x: float) -> int:
    return bisect.bisect(a, x)


def bisect_left_int_float(a: list[int], x: float) -> int:
    return bisect.bisect_left(a, x)


def bisect_left_bounds(a: list[int], x: int, lo: int, hi: int) -> int:
    return bisect.bisect_left(a, x, lo, hi)


def bisect_right_bounds(a: list[int], x: int, lo: int, hi: int) -> int:
    return bisect.bisect_right(a, x, lo=lo, hi=hi)


def bisect_right_lo(a: list[int], x: int, lo: int) -> int:
    return bisect.bisect_right(a, x, lo)


def bisect_str(a: list[str], x: str) -> tuple[int, int]:
    return (bisect.bisect_left(a, x), bisect.bisect_right(a, x))


def bisect_tuple(a: list[tuple[int, str]], x: tuple[int, str]) -> tuple[int, int]:
    return (bisect.bisect_left(a, x), bisect.bisect_right(a, x))


def bisect_key(a: list[tuple[str, int]], x: int) -> tuple[int, int]:
    return (bisect.bisect_left(a, x, key=operator.itemgetter(1)), bisect.bisect_right(a, x, key=lambda t: t[1]))


def insort_float(a: list[float], xs: list[float]) -> list[float]:
    for x in xs:
        bisect.insort(a, x)
    return a


def insort_left_right(a: list[float], x: float) -> tuple[list[float], list[float]]:
    left = list(a)
    right = list(a)
    bisect.insort_left(left, x)
    bisect.insort_right(right, x)
    return (left, right)


def insort_bounds(a: list[int], x: int, lo: int, hi: int) -> list[int]:
    bisect.insort_left(a, x, lo, hi)
    return a


def insort_key(a: list[tuple[str, int]], x: tuple[str, int]) -> list[tuple[str, int]]:
    insort(a, x, key=operator.itemgetter(1))
    bisect.insort_left(a, x, key=operator.itemgetter(1))
    return a


def insort_str(a: list[str], x: str) -> list[str]:
    bisect.insort_right(a, x)
    return a


def sorted_by_items(xs: list[tuple[str, int, float]]) -> list[tuple[str, int, float]]:
    return sorted(xs, key=operator.itemgetter(2, 0))


def min_max_by_item(xs: list[tuple[str, int]]) -> tuple[tuple[str, int], tuple[str, int]]:
    return (min(xs, key=operator.itemgetter(1)), max(xs, key=operator.itemgetter(-1)))


def sort_rows(rows: list[list[int]]) -> list[list[int]]:
    rows.sort(key=operator.itemgetter(1), reverse=True)
    return rows


def by_dict_key(ds: list[dict[str, int]]) -> list[dict[str, int]]:
    return sorted(ds, key=operator.itemgetter("age"))


def mapped_items(xs: list[tuple[str, int]]) -> list[str]:
    return list(map(operator.itemgetter(0), xs))


def shapes(arrays: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return sorted(arrays, key=operator.itemgetter(1, 0))


def string_constants() -> tuple[str, str, str, str, str, str, str, str, str]:
    return (string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase, string.digits,
            string.hexdigits, string.octdigits, string.punctuation, string.printable, string.whitespace)


def strip_punctuation(text: str) -> str:
    return "".join([c for c in text if c not in string.punctuation])


def classify(text: str) -> list[int]:
    counts = [0, 0, 0, 0]
    for c in text:
        if c in string.ascii_uppercase:
            counts[0] += 1
        elif c in string.ascii_lowercase:
            counts[1] += 1
        elif c in string.digits:
            counts[2] += 1
        elif c in string.whitespace:
            counts[3] += 1
    return counts


def largest_array(arrays: list[np.ndarray]) -> int:
    return max(arrays, key=operator.attrgetter("size")).size


def by_ndim(arrays: list[np.ndarray]) -> list[int]:
    return [a.ndim for a in sorted(arrays, key=operator.attrgetter("ndim"))]


def top_indices(k: int, scores: list[float]) -> list[int]:
    return heapq.nlargest(k, range(len(scores)), key=lambda i: (scores[i], -i))


def top_labels(k: int, scores: dict[str, float]) -> list[tuple[str, float]]:
    return heapq.nlargest(k, scores.items(), key=lambda kv: (kv[1], [-ord(c) for c in kv[0]]))


def smallest_rows(k: int, rows: list[list[int]]) -> list[list[int]]:
    return heapq.nsmallest(k, rows)


def heapify_rows(rows: list[list[int]]) -> list[list[int]]:
    heapq.heapify(rows)
    return rows


def sort_lists(rows: list[list[int]]) -> list[list[int]]:
    return sorted(rows, reverse=True)


def sorted_characters(text: str) -> tuple[list[str], int]:
    return (sorted(list(text)), len(set(text)))
