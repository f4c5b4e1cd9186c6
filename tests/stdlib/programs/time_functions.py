"""Functions that read Python's clocks, as code that times its own stages does."""
import time


def stamps() -> tuple:
    """Each clock once: the caller brackets the call with CPython's own readings."""
    return time.time(), time.time_ns(), time.perf_counter(), time.perf_counter_ns(), time.monotonic(), time.monotonic_ns()


def elapsed(n: int) -> tuple:
    """A stage timed with each clock, and a deadline checked in a loop."""
    t0, p0, m0 = time.time(), time.perf_counter(), time.monotonic_ns()
    total = 0
    deadline = time.perf_counter() + 60.0
    for i in range(n):
        total += i * i
        if time.perf_counter() > deadline:
            break
    return time.time() - t0, time.perf_counter() - p0, time.monotonic_ns() - m0, total
