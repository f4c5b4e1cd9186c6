"""The differential fuzzer in CI: a fixed seed's programs (CI_PROGRAMS of them, one library)
compiled by muna and compared with CPython; any wrong result or crash fails, except the
programs KNOWN to hit a bug already in tests/fuzz/found/. Plus the fuzzer's own checks: the
comparison is exact, the oracle's int64 overflow, the generator is deterministic and
well-typed, a planted miscompilation is found, and the found/ repros (regression tests once
marked FIXED). Long campaigns: tests/fuzz/campaign.py."""
import collections
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import harness  # noqa: E402
import minimize  # noqa: E402
import repros  # noqa: E402
from fuzz_types import FLOAT, INT, STR, Tuple  # noqa: E402
from generator import Program, generate, module_source  # noqa: E402

CI_SEED = 7
CI_PROGRAMS = 60
# Program index of the CI seed -> the found/ repro of the muna bug it hits (same outcome today).
KNOWN = {}
WORK = os.path.join(harness.ROOT, "build", "fuzz", "ci")


def test_comparison_is_exact():
    d = harness.differ
    assert d(0.0, -0.0) and d(-0.0, 0.0) and not d(-0.0, -0.0)
    assert not d(float("nan"), float("nan")) and d(float("nan"), 1.0)
    assert d(1, 1.0) and d(True, 1) and d([1, 2], (1, 2)) and d({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert d(np.float32(1.5), 1.5) and not d(np.float32(1.5), np.float32(1.5))
    a = np.array([1.0, np.nan], np.float32)
    assert not d(a, a.copy()) and d(a, a.astype(np.float64)) and d(a, a.reshape(2, 1))
    assert d(np.array([0.0]), np.array([-0.0]))
    assert harness.as_declared(3, FLOAT) == 3.0 and type(harness.as_declared(np.int64(3), INT)) is int
    own = ("raise", "ValueError", "bad 3", True)
    assert harness.compare(own, ("raise", "ValueError", "bad 3"), INT) is None
    assert harness.compare(own, ("raise", "ValueError", "bad"), INT)
    assert harness.compare(("raise", "IndexError", "list index out of range", False),
                           ("raise", "IndexError", "index 3 is out of range"), INT) is None
    assert harness.compare(("value", 1), ("raise", "OverflowError", ""), INT)


def _oracle(tmp_path, source, cases):
    path = os.path.join(tmp_path, "m.py")
    with open(path, "w") as f:
        f.write(source)
    return harness.run_oracle(path, cases, str(tmp_path))


def test_oracle_raises_overflow_past_int64(tmp_path):
    """muna's int is 64-bit (docs/language.md): the oracle raises OverflowError where CPython's
    int would pass it, at that point, so the program's own except sees it there."""
    source = """
def f(x: int) -> int:
    return x * 2 // 2

def g(x: int) -> str:
    n = 1
    try:
        n += x
        n <<= 1
    except OverflowError:
        return "caught " + str(n)
    return str(n)

def h(xs: list[int]) -> int:
    xs[0] -= 1
    return abs(xs[0]) + sum(xs[1:])
"""
    got = _oracle(tmp_path, source, [("f", (2**61,)), ("f", (2**62,)), ("g", (2**62 - 1,)), ("g", (1,)),
                                     ("h", ([-2**63 + 1],)), ("h", ([5, 2**62, 2**62],)), ("h", ([5, 2],))])
    assert got[0] == ("value", 2**61) and got[1][:2] == ("raise", "OverflowError")
    assert got[2] == ("value", "caught 4611686018427387904") and got[3] == ("value", "4")
    assert got[4][:2] == ("raise", "OverflowError") and got[5][:2] == ("raise", "OverflowError")
    assert got[6] == ("value", 6)


def test_generator_is_deterministic_and_well_typed(tmp_path):
    """Programs depend on (seed, index) only, and CPython runs them as well-typed programs (the
    rare invalid ones are excluded from every count)."""
    assert generate(3, 41).source == generate(3, 41).source != generate(4, 41).source
    programs = [generate(11, i) for i in range(120)]
    cases = [(p.entry, a) for p in programs for a in p.arg_sets]
    got = _oracle(tmp_path, module_source(programs), cases)
    kinds = collections.Counter(o[0] for o in got)
    invalid = [o for o in got if o[0] in ("invalid", "timeout")]
    assert len(invalid) <= len(got) // 50, invalid[:5]
    assert kinds["value"] >= len(got) // 2, kinds
    lines = [len(p.source.splitlines()) for p in programs]
    assert 5 <= min(lines) and sum(lines) / len(lines) < 45


def test_minimizer_edits_every_generated_program():
    """minimize.py's edits apply to whatever the generator makes (helpers without a return
    annotation, classes, constants): each program has edits, and its first one unparses."""
    import ast
    for i in range(120):
        tree = ast.parse(generate(11, i).source)
        found = minimize.edits(tree)
        assert found and minimize.apply(tree, found[:1]) is not None, i


def test_planted_miscompilation_is_found(tmp_path):
    """The whole path (build, run in a child, compare) reports a library whose function differs
    from the source CPython runs: here the library's `-0.0` in place of `0.0`, and an int for a
    float, the smallest differences the comparison must see."""
    declared = Tuple(FLOAT, STR)
    compiled = Program(0, 0, "p0_f", [], declared, "def p0_f(x: float) -> tuple[float, str]:\n"
                       "    return (x * -0.0, str(1))\n", [(2.0,), (0.0,)])
    cpython = Program(0, 0, "p0_f", [], declared, "def p0_f(x: float) -> tuple[float, str]:\n"
                      "    return (x * 0.0, str(1.0))\n", [(2.0,), (0.0,)])
    lib_path = os.path.join(tmp_path, "planted.py")
    with open(lib_path, "w") as f:
        f.write(module_source([compiled]))
    library, why, _ = harness.build(lib_path, ["p0_f"], os.path.join(harness.ROOT, "build", "fuzz", "cache"),
                                    harness.default_target())
    assert library, why
    cases = [("p0_f", a) for a in cpython.arg_sets]
    expected = _oracle(tmp_path, module_source([cpython]), cases)
    got = harness.run_compiled(library, cases, str(tmp_path))
    outcome = harness.judge(cpython, expected, got)
    assert outcome.status == "wrong" and "result[0]: -0.0, expected 0.0" in outcome.detail, outcome.detail
    assert harness.differ(expected[0][1], got[0][1])


@pytest.fixture(scope="module")
def ci_outcomes():
    programs = [generate(CI_SEED, i) for i in range(CI_PROGRAMS)]
    return harness.run_batch(programs, WORK)


def test_fixed_seed_programs_match_cpython(ci_outcomes):
    counts = collections.Counter(o.status for o in ci_outcomes)
    print(f"\nseed {CI_SEED}, {CI_PROGRAMS} programs: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    bad = [o for o in ci_outcomes if o.status in ("wrong", "crash") and o.program.index not in KNOWN]
    fixed = [i for i, o in enumerate(ci_outcomes) if i in KNOWN and o.status == "pass"]
    if fixed:
        print(f"programs {fixed} pass now: remove them from KNOWN and mark their found/ repros FIXED")
    if bad:
        lines = [f"{o.status} {o.program.entry}{'' if o.case is None else repr(o.case)}: {o.detail[:300]}" for o in bad]
        pytest.fail(f"{len(bad)} of {CI_PROGRAMS} programs fail (sources in {WORK}; minimize with "
                    f"tests/fuzz/campaign.py --seed {CI_SEED} --start N --programs 1):\n" + "\n".join(lines),
                    pytrace=False)
    assert counts["pass"] >= CI_PROGRAMS // 2, counts  # the fuzzer still compiles most of what it makes


@pytest.fixture(scope="module")
def found_outcomes():
    if not repros.paths():
        return {}
    return repros.run(os.path.join(harness.ROOT, "build", "fuzz", "found"))


@pytest.mark.parametrize("name", [os.path.basename(p) for p in repros.paths()])
def test_found_repro(name, found_outcomes):
    outcome, fixed = found_outcomes[name]
    if outcome.status == "pass":
        return
    if outcome.status == "invalid":
        pytest.fail(f"CPython no longer runs the repro: {outcome.detail}", pytrace=False)
    if fixed:
        pytest.fail(f"regression: {outcome.status}: {outcome.detail}", pytrace=False)
    pytest.xfail(f"open muna bug: {outcome.status}: {outcome.detail[:200]}")
