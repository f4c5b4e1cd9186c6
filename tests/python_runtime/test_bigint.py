"""muna::python::BigInt (include/muna/python/bigint.hpp) against CPython's int: every operator on
values around the limb and int64 boundaries, powers of two and random values of up to 600 bits,
both signs. The oracle is CPython itself; the C++ side is a driver reading one operation a line
(ints in hex, which CPython writes at any length)."""
import os
import random
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import drivers  # noqa: E402


@pytest.fixture(scope="module")
def driver():
    return drivers.build("bigint_driver.cpp")


def interesting_values(rng):
    edges = [0, 1, 2, 3, 7, 10, 2**31 - 1, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 2**53 - 1, 2**53 + 1,
             2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**64 + 1, 2**96 - 1, 2**128, 10**18, 10**19, 10**40,
             0xcbf29ce484222325, 0x100000001b3, 3**100, 2**1023, 2**1024 - 2**970, 2**1024,
             10**4299, 10**4300 - 1, 10**4300, 2**14300]
    values = edges + [rng.getrandbits(rng.choice([8, 33, 64, 65, 100, 200, 600])) for _ in range(60)]
    return values + [-v for v in values]


def cpython(op, a, b):
    ops = {
        "add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "floordiv": lambda: a // b,
        "mod": lambda: a % b, "divmod": lambda: divmod(a, b), "pow": lambda: a ** b, "lshift": lambda: a << b,
        "rshift": lambda: a >> b, "and": lambda: a & b, "or": lambda: a | b, "xor": lambda: a ^ b,
        "invert": lambda: ~a, "neg": lambda: -a, "abs": lambda: abs(a), "lt": lambda: a < b,
        "le": lambda: a <= b, "eq": lambda: a == b, "hash": lambda: hash(a), "bit_length": lambda: a.bit_length(),
        "float": lambda: "%.17g" % float(a),
    }
    try:
        return str(ops[op]())
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def cases(rng):
    values = interesting_values(rng)
    out = []
    for _ in range(4000):
        a, b = rng.choice(values), rng.choice(values)
        op = rng.choice(["add", "sub", "mul", "floordiv", "mod", "divmod", "and", "or", "xor", "lt", "le", "eq"])
        out.append((op, a, b))
    for a in values:
        out += [("invert", a, 0), ("neg", a, 0), ("abs", a, 0), ("hash", a, 0), ("bit_length", a, 0), ("float", a, 0),
                ("eq", a, a), ("lt", a, a)]
        for n in (0, 1, 5, 31, 32, 33, 63, 64, 65, 100, -1):
            out += [("lshift", a, n), ("rshift", a, n)]
        out += [("divmod", a, 0), ("mod", a, 0), ("floordiv", a, 0)]
    for a in values[:30] + values[-60:-30]:
        for e in (0, 1, 2, 3, 7, 20):
            out.append(("pow", a, e))
    return out


def run(driver, lines):
    proc = subprocess.run([str(driver)], input="".join(lines), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_operators_match_cpython(driver):
    rng = random.Random(20261207)
    todo = cases(rng)
    got = run(driver, [f"{op} {hex(a)} {hex(b)}\n" for op, a, b in todo])
    assert len(got) == len(todo)
    bad = [f"{op}({hex(a)}, {hex(b)}): CPython {cpython(op, a, b)[:300]!r}, muna {g[:300]!r}"
           for (op, a, b), g in zip(todo, got) if g != cpython(op, a, b)]
    assert not bad, f"{len(bad)} of {len(todo)} differ:\n" + "\n".join(bad[:20])


def test_literals_and_from_bytes_match_cpython(driver):
    rng = random.Random(7)
    todo, want = [], []
    for text in ("0xffffffffffffffff", "0XFFFF_FFFF_FFFF_FFFF_1", "0o777777777777777777777777", "0b" + "1" * 70,
                 "-18446744073709551616", "123_456_789_012_345_678_901_234", "0", "-0"):
        todo.append(f"add {text} 0\n")
        want.append(str(int(text, 0)))
    for _ in range(300):
        data = bytes(rng.getrandbits(8) for _ in range(rng.choice([0, 1, 4, 7, 8, 9, 16, 33])))
        for order in ("little", "big"):
            for signed in (False, True):
                todo.append(f"from_bytes_{order}_{'signed' if signed else 'unsigned'} {data.hex() or '-'} 0\n")
                want.append(str(int.from_bytes(data, order, signed=signed)))
    got = run(driver, todo)
    bad = [f"{line.strip()}: CPython {w!r}, muna {g!r}" for line, w, g in zip(todo, want, got) if w != g]
    assert not bad, f"{len(bad)} differ:\n" + "\n".join(bad[:20])
