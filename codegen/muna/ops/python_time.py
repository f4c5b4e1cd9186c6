"""Python's time module: its clocks (include/muna/python/time/clock.hpp). A function that times
its own stages (`t0 = time.time()`, a deadline in a loop) reads the clock as CPython does."""
from __future__ import annotations

import time

from ..registry import Resolved, op
from ..types import FLOAT, INT

HEADER = "muna/python/time/clock.hpp"

for _name, _result, _doc in (("time", FLOAT, "seconds since the epoch, the system clock"),
                             ("time_ns", INT, "nanoseconds since the epoch, the system clock"),
                             ("perf_counter", FLOAT, "seconds of a steady clock"),
                             ("perf_counter_ns", INT, "nanoseconds of a steady clock"),
                             ("monotonic", FLOAT, "seconds of a steady clock"),
                             ("monotonic_ns", INT, "nanoseconds of a steady clock")):
    op(f"time.{_name}", "", obj=getattr(time, _name), header=HEADER, cpp=f"muna::python::time::{_name}",
       doc=_doc)(lambda b, _result=_result: Resolved(_result, ()))
