"""time's clocks compiled (tests/stdlib/programs/time_functions.py) against CPython's own clocks
read around the call: the system clock within the bracket CPython reads, the steady clocks
never going back and measuring what CPython measures around them."""
import time

import pytest

import muna
from muna_testing import compile_library

SRC = "tests/stdlib/programs/time_functions.py"


@pytest.fixture(scope="module")
def library():
    return compile_library(SRC, "stamps,elapsed")


def test_clocks_read_what_cpython_reads(library):
    stamps = muna.load(library, "stamps")
    before = (time.time(), time.perf_counter_ns())
    t, t_ns, p, p_ns, m, m_ns = stamps()
    after = (time.time(), time.perf_counter_ns())
    assert before[0] - 1e-3 <= t <= after[0] + 1e-3
    assert abs(t_ns * 1e-9 - t) < 1.0
    assert type(t) is float and type(t_ns) is int and type(p) is float and type(p_ns) is int
    # The steady clocks have no fixed zero: they advance as CPython's do over the same call.
    t2, _, p2, p2_ns, m2, m2_ns = stamps()
    assert t2 >= t and p2 >= p and p2_ns >= p_ns and m2 >= m and m2_ns >= m_ns
    assert 0 <= p2_ns - p_ns <= time.perf_counter_ns() - before[1] + 10**6


def test_a_timed_stage(library):
    elapsed = muna.load(library, "elapsed")
    start = time.perf_counter()
    wall, steady, steady_ns, total = elapsed(200000)
    outside = time.perf_counter() - start
    assert total == sum(i * i for i in range(200000))
    assert 0 <= steady <= outside and 0 <= steady_ns <= outside * 1e9 + 1e6
    assert -1e-3 <= wall <= outside + 1e-3
