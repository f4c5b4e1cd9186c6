"""Calls into math, statistics, heapq, bisect and operator that CPython would refuse with a
TypeError, or that muna cannot type, are compile errors at the user's line and column (the
frontend, in process: nothing reaches C++)."""
import pytest

from stdlib_testing import assert_rejected_at_the_call

HEADER = "import bisect, heapq, math, operator, statistics\nCONST = [3, 1, 2]\n"
# (body of `def f(x: float, n: int, s: str, xs: list[float]) -> ...`, return type, col, message)
REJECT = [
    ("return math.factorial(x)", "int", 12, "'float' object cannot be interpreted as an integer"),
    ("return math.gcd(n, x)", "int", 12, "'float' object cannot be interpreted as an integer"),
    ("return math.sqrt(s)", "float", 12, "math.sqrt() argument 'x' must be a real number, not str"),
    ("return math.ldexp(x, x)", "float", 12, "Expected an int as second argument to ldexp."),
    ("return math.floor(s)", "int", 12, "math.floor() of str is not supported"),
    ("return math.fsum(s)", "float", 12, "math.fsum() takes an iterable: a list or tuple of numbers, not str"),
    ("return math.prod([s])", "float", 12, "math.prod() of list[str] is not supported"),
    ("return statistics.mean([s])", "float", 12, "statistics.mean() takes a list of numbers, not list[str]"),
    ("return statistics.variance(xs, s)", "float", 12, "argument 'xbar' must be a number or None, not str"),
    ("return statistics.quantiles(xs, n=n, method=n)", "list[float]", 12, "method must be a str"),
    ("heapq.heappush(xs, s)\n    return xs", "list[float]", 24, "expected float, got str"),
    ("return heapq.nlargest(n, [{s: 1}])", "list[dict[str, int]]", 12, "needs a list of numbers, strs or tuples"),
    ("return heapq.nlargest(n, xs, key=lambda v: {s: v})", "list[float]", 12, "key= must return numbers, strs"),
    ("return list(heapq.merge(xs, [s]))", "list[float]", 17, "lists of one type"),
    ("return bisect.bisect_left(xs, s)", "int", 12, "compares str with float"),
    ("return sorted(xs, key=operator.itemgetter(n))", "list[float]", 27, "must be constants"),
    ("return sorted([s], key=operator.attrgetter(1))", "list[str]", 28, "attribute names as constant strs"),
    ("heapq.heapify(CONST)\n    return xs", "list[float]", 5, "modifying the module-level constant 'CONST'"),
    ("bisect.insort(CONST, 4)\n    return xs", "list[float]", 5, "modifying the module-level constant 'CONST'"),
]


@pytest.mark.parametrize("body,returns,col,message", REJECT, ids=[r[3][:40] for r in REJECT])
def test_rejected_at_the_call(tmp_path, body, returns, col, message):
    assert_rejected_at_the_call(tmp_path, HEADER, body, returns, col, message)
