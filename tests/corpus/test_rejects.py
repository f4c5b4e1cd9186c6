"""Programs the compiler must reject, beyond tests/frontend/test_diagnostics.py: each gives
exit status 1 and `file:line:col: error: <message>` at the offending node's start in the
user's own file, then the source line and a caret under the column; never a traceback and
never the C++ compiler's output."""
import textwrap
from dataclasses import dataclass

import pytest

from muna_testing import run_muna


@dataclass(frozen=True)
class Reject:
    name: str
    source: str
    line: int
    col: int
    fragments: tuple  # each must appear in the first line of the message
    function: str = "f"


def R(name, source, line, col, *fragments, function="f"):
    return Reject(name, textwrap.dedent(source).lstrip("\n"), line, col, fragments, function)


REJECTS = [
    # --- generators, async, classes, nested scopes --------------------------------------------
    R("yield_from", """
        def f(xs: list[int]) -> list[int]:
            yield from xs
        """, 2, 5, "generators and yield is not supported"),
    R("yield_in_loop", """
        def f(n: int) -> int:
            for i in range(n):
                yield i
            return 0
        """, 3, 9, "generators and yield is not supported"),
    R("yield_in_helper", """
        def tokens(text: str) -> list[str]:
            for w in text.split():
                yield w

        def f(text: str) -> list[str]:
            return tokens(text)
        """, 3, 9, "generators and yield is not supported"),
    R("async_helper", """
        async def fetch(x: int) -> int:
            return x

        def f(x: int) -> int:
            return fetch(x)
        """, 1, 1, "async code is not supported"),
    R("class_in_branch", """
        def f(x: int) -> int:
            if x > 0:
                class Box:
                    pass
            return x
        """, 3, 9, "classes defined inside the function is not supported"),
    R("method_called_in_init", """
        class Window:
            def __init__(self, size):
                self.size = size
                self.reset()

            def reset(self):
                self.items = []

        def f(n: int) -> int:
            return Window(n).size
        """, 4, 9, "calling the method 'reset' of Window in its __init__ is not supported yet"),
    R("augmented_buffer_of_a_module", """
        import torch

        class Running(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("total", torch.zeros(3))

            def forward(self, x):
                self.total += x
                return self.total

        MODEL = Running()

        def f(x: torch.Tensor) -> torch.Tensor:
            return MODEL(x)
        """, 9, 9, "augmented assignment to an attribute of an object compiled into the library"),
    R("attribute_read_before_set", """
        class Counter:
            def __init__(self, start):
                self.total = self.offset + start
                self.offset = 1

        def f(n: int) -> int:
            return Counter(n).total
        """, 3, 22, "'self.offset'"),
    R("nonlocal_in_closure", """
        def make_counter():
            total = 0

            def f(x: int) -> int:
                nonlocal total
                total += x
                return total
            return f


        f = make_counter()
        """, 5, 9, "nonlocal is not supported"),
    R("returned_closure_rebinding", """
        def make_counter():
            count = 0

            def bump():
                nonlocal count
                count += 1
                return count
            return bump


        def f(n: int) -> int:
            tick = make_counter()
            return tick() + n
        """, 8, 5, "returning bump, which rebinds names of this function (nonlocal) is not supported"),
    R("global_in_helper", """
        TOTAL = 0


        def bump(x: int) -> int:
            global TOTAL
            TOTAL += x
            return TOTAL


        def f(x: int) -> int:
            return bump(x)
        """, 5, 5, "assigning the module-level 'TOTAL' is not supported"),
    # --- eval/exec and dynamic builtins ---------------------------------------------------------
    R("eval_nested", """
        def f(expr: str) -> int:
            return int(eval(expr)) + 1
        """, 2, 16, "calling eval is not supported"),
    R("dunder_import", """
        def f(name: str) -> str:
            mod = __import__(name)
            return name
        """, 2, 11, "calling __import__ is not supported"),
    R("globals_call", """
        def f(name: str) -> int:
            return len(globals())
        """, 2, 16, "calling globals is not supported"),
    R("open_file", """
        def f(path: str) -> str:
            text = open(path).read()
            return text
        """, 2, 12, "calling open is not supported"),
    R("input_call", """
        def f(prompt: str) -> str:
            return input(prompt)
        """, 2, 12, "calling input is not supported"),
    # --- *args / **kwargs -----------------------------------------------------------------------
    R("varargs_after_param", """
        def f(x: int, *rest: int) -> int:
            return x
        """, 1, 16, "*args and **kwargs in an exported function is not supported"),
    R("kwargs_after_param", """
        def f(x: int, **options: str) -> int:
            return x
        """, 1, 17, "*args and **kwargs in an exported function is not supported"),
    R("double_star_in_call", """
        def scale(x: float, factor: float = 2.0) -> float:
            return x * factor


        def f(x: float, opts: dict[str, float]) -> float:
            return scale(x, **opts)
        """, 6, 21, "**", "is not supported"),
    # --- modules muna does not know -------------------------------------------------------------
    R("random_module", """
        import random


        def f(xs: list[int]) -> int:
            return random.choice(xs)
        """, 5, 12, "calling random.choice is not supported"),
    R("time_module", """
        import time


        def f(x: int) -> float:
            start = time.sleep(x)
            return start
        """, 5, 13, "calling time.sleep is not supported"),
    R("from_import_function", """
        from os.path import join


        def f(root: str, name: str) -> str:
            return join(root, name)
        """, 5, 12, "calling join is not supported"),
    R("os_environ", """
        import os


        def f(key: str) -> str:
            return os.environ[key]
        """, 5, 12, "os.environ", "is not supported"),
    # --- attributes on unknown objects, unknown methods -----------------------------------------
    R("logger_method", """
        import logging

        LOG = logging.getLogger("inference")


        def f(x: int) -> int:
            LOG.info("called")
            return x
        """, 7, 5, "LOG.info", "is not supported"),
    R("list_attribute", """
        def f(xs: list[float]) -> int:
            return xs.shape
        """, 2, 12, "shape", "is not supported"),
    R("tuple_append", """
        def f(t: tuple[int, int]) -> int:
            t.append(3)
            return 0
        """, 2, 5, "append", "is not supported"),
    # --- variables re-bound to another type -----------------------------------------------------
    # --- containers mixing types; empty containers ----------------------------------------------
    R("append_wrong_type", """
        def f(n: int) -> int:
            xs: list[int] = []
            xs.append("a")
            return n
        """, 3, 15, "str", "int"),
    R("append_float_to_int_list", """
        def f(n: int) -> int:
            ids = [1, 2]
            ids.append(0.5)
            return n
        """, 3, 16, "float", "int"),
    R("empty_dict_never_used", """
        def f(n: int) -> int:
            cache = {}
            return len(cache) + n
        """, 2, 13, "annotate", "cache"),
    R("empty_list_argument", """
        def f(n: int) -> int:
            return len(sorted([])) + n
        """, 2, 23, "annotate"),
    # --- lambdas outside sorted/min/max/map/filter ----------------------------------------------
    # --- statements outside the language --------------------------------------------------------
    R("del_item", """
        def f(xs: list[int]) -> int:
            del xs[0]
            return len(xs)
        """, 2, 5, "del is not supported"),
    R("catch_unknown_exception", """
        def f(path: str) -> int:
            try:
                return int(path)
            except ConnectionError:
                return -1
        """, 4, 12, "ConnectionError", "is not supported"),
    # --- annotations and constants --------------------------------------------------------------
    R("bytes_plus_str", """
        def f(x: bytes) -> bytes:
            return x + "a"
        """, 2, 12, "unsupported operand types for add: 'bytes' and 'str'"),
    R("struct_pack_into_format_at_run_time", """
        import struct


        def f(fmt: str, x: int) -> bytearray:
            buf = bytearray(8)
            struct.pack_into(fmt, buf, 0, x)
            return buf
        """, 6, 5, "needs its format as a constant"),
    R("int_literal_too_large", """
        def f(x: int) -> int:
            return x + 123456789012345678901234567890
        """, 2, 16, "64-bit"),
    R("literal_default_outside", """
        from typing import Literal


        def f(mode: Literal["a", "b"] = "c") -> str:
            return mode
        """, 4, 33, "default 'c' is not one of"),
    # --- type errors Python would raise at run time ---------------------------------------------
    R("str_times_float", """
        def f(s: str) -> str:
            return s * 1.5
        """, 2, 12, "unsupported operand types for mul"),
    R("sum_of_strings", """
        def f(words: list[str]) -> str:
            return sum(words)
        """, 2, 12, "sum", "str"),
    R("len_of_int", """
        def f(n: int) -> int:
            return len(n)
        """, 2, 12, "has no len()"),
    R("list_index_str", """
        def f(xs: list[int]) -> int:
            return xs["a"]
        """, 2, 15, "list indices must be integers"),
    R("dict_key_type", """
        def f(d: dict[str, int]) -> int:
            return d[1]
        """, 2, 14, "int", "str"),
    R("tuple_index_out_of_range", """
        def f(t: tuple[int, int]) -> int:
            return t[2]
        """, 2, 12, "tuple index out of range"),
    R("unpack_str_into_two", """
        def f(d: dict[str, int]) -> int:
            for k, v in d:
                pass
            return 0
        """, 2, 9, "cannot unpack str into 2 names"),
    R("helper_too_many_arguments", """
        def add(a: int, b: int) -> int:
            return a + b


        def f(x: int) -> int:
            return add(x, 1, 2)
        """, 6, 12, "add", "argument"),
    R("helper_unknown_keyword", """
        def add(a: int, b: int) -> int:
            return a + b


        def f(x: int) -> int:
            return add(x, scale=2)
        """, 6, 12, "'scale'"),
    R("recursive_helper_unannotated", """
        def depth(n):
            if n <= 0:
                return 0
            return 1 + depth(n - 1)


        def f(n: int) -> int:
            return depth(n)
        """, 4, 16, "needs a return annotation"),
]


def problems(case, path, proc, out):
    """What is wrong with the compiler's answer to a must-reject program, as a list of lines."""
    lines = proc.stderr.splitlines()
    wrong = []
    if proc.returncode != 1:
        wrong.append(f"exit status {proc.returncode}, expected 1")
    if "Traceback" in proc.stderr or "internal compiler error" in proc.stderr or "g++" in proc.stderr:
        wrong.append("a traceback or C++ compiler output reached the user")
    if sum("error:" in line for line in lines) != 1:
        wrong.append("expected exactly one error line")
    where = f"{path}:{case.line}:{case.col}: error: "
    if not lines or not lines[0].startswith(where):
        wrong.append(f"expected the first line to start with {where!r}")
    missing = [f for f in case.fragments if not lines or f not in lines[0]]
    if missing:
        wrong.append(f"the message lacks {missing}")
    source_line = case.source.splitlines()[case.line - 1]
    stripped = source_line.strip()
    if len(lines) < 3 or lines[1].strip() != stripped or lines[2].strip() != "^":
        wrong.append("expected the source line, then a caret line")
    elif lines[2].index("^") - lines[1].index(stripped) != case.col - 1 - (len(source_line) - len(source_line.lstrip())):
        wrong.append("the caret is not under the column")
    if out.exists():
        wrong.append("a library was written")
    return wrong


@pytest.mark.parametrize("case", REJECTS, ids=[r.name for r in REJECTS])
def test_rejected_with_location(tmp_path, case):
    path = tmp_path / "user_code.py"
    path.write_text(case.source)
    out = tmp_path / "out.so"
    proc = run_muna("compile", f"{path}:{case.function}", "-o", str(out))
    wrong = problems(case, path, proc, out)
    if wrong:
        pytest.fail("; ".join(wrong) + f"\nexpected {case.line}:{case.col} {list(case.fragments)}, got (status "
                    f"{proc.returncode}):\n{proc.stderr.strip()}", pytrace=False)
