"""The Node client's raw ABI layer (`load(path).call(name, args)`): every kind of value in and
out of a compiled function, checked against the same function run in Python."""
import numpy as np
import pytest

from muna_testing import compile_library

from .abi_kinds import echo


@pytest.fixture(scope="module")
def kinds(run_node):
    return run_node("client_scenarios.js", compile_library("tests/clients/abi_kinds.py", "echo"), "kinds")


def expected(note=None):
    x = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    args = (x, 2.0, True, {"a": 1, "b": 2}, (3, "x"), 2**60, {1: "one", 2: "two"})
    return echo(*args) if note is None else echo(*args, note)


@pytest.mark.parametrize("case, note", [("plain", None), ("noted", "hi")])
def test_every_kind_round_trips(kinds, case, note):
    tensor, quarter, flag, counts, pair, big, ids, text, floats = kinds[case]
    want = expected(note)
    assert tensor["dtype"] == "float32" and tensor["shape"] == [2, 3]
    np.testing.assert_array_equal(np.float32(tensor["data"]["Float32Array"]), want[0].ravel())
    assert quarter == want[1] and flag is want[2]
    assert counts == want[3]                       # dict[str, int] -> a plain object
    assert pair == list(want[4])                   # tuple -> an array
    assert big == {"bigint": str(want[5])}         # beyond 2**53 -> a BigInt, exactly
    assert ids == {"map": [[k, v] for k, v in want[6].items()]}  # non-string keys -> a Map
    assert text == want[7] and floats == want[8]


def test_wrong_type_is_the_functions_type_error(kinds):
    err = kinds["wrongType"]
    assert err["name"] == "MunaError" and err["type"] == "TypeError"
    assert err["detail"].startswith("argument 'x': got str") and "ndarray[float32]" in err["detail"]
