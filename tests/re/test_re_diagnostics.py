"""Patterns known at compile time are checked when the library is built: one CPython rejects is
a CompileError at its own line and column with CPython's message; so is a bad replacement
template or group of a known pattern, and a Match crossing the library's interface.

    /usr/bin/python3 -m pytest tests/re/test_re_diagnostics.py -q -p no:cacheprovider

These run the frontend in this process (no C++ is built)."""
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "codegen"))

import re_cases  # noqa: E402
from muna.diagnostics import CompileError  # noqa: E402
from muna.frontend import build_program  # noqa: E402


def cpython_message(pattern, flags=0):
    try:
        re.compile(pattern, flags)
    except Exception as e:
        return f"{type(e).__name__}: {e}".replace("error: ", "re.error: ", 1)
    raise AssertionError(f"CPython accepts {pattern!r}")


def rejected(tmp_path, source, function="f"):
    path = tmp_path / f"m{abs(hash(source))}.py"
    path.write_text(source)
    with pytest.raises(CompileError) as info:
        build_program(str(path), [function])
    return info.value


@pytest.mark.parametrize("pattern", [p for p in re_cases.INVALID])
def test_invalid_literal_pattern(tmp_path, pattern):
    source = f"import re\n\n\ndef f(s: str) -> bool:\n    return re.search({pattern!r}, s) is not None\n"
    e = rejected(tmp_path, source)
    assert (e.loc.line, e.loc.col) == (5, 22), e.render()
    assert e.message == "invalid regular expression: " + cpython_message(pattern), e.message


def test_invalid_flags(tmp_path):
    e = rejected(tmp_path, "import re\n\n\ndef f(s: str) -> bool:\n    return re.match(r'(?a)x', s, re.U) is not None\n")
    assert e.message == "invalid regular expression: ValueError: ASCII and UNICODE flags are incompatible"


def test_module_level_pattern(tmp_path):
    e = rejected(tmp_path, "import re\nOK = re.compile('a')\nBAD = re.compile('(?P<x>a)(?P<x>b)')\n\n\n"
                           "def f(s: str) -> bool:\n    return OK.match(s) is not None\n")
    assert e.loc.line == 3
    assert "redefinition of group name 'x' as group 2; was group 1 at position 12" in e.message


@pytest.mark.parametrize("template", re_cases.INVALID_TEMPLATES)
def test_invalid_template_of_a_known_pattern(tmp_path, template):
    source = f"import re\n\n\ndef f(s: str) -> str:\n    return re.sub(r'(?P<word>\\w+) (\\d)?', {template!r}, s)\n"
    e = rejected(tmp_path, source)
    assert e.loc.line == 5 and e.message.startswith("invalid replacement template: "), e.render()
    from re import _parser
    try:
        _parser.parse_template(template, re.compile(r"(?P<word>\w+) (\d)?"))
    except Exception as want:
        assert e.message.endswith(f"{type(want).__name__}: {want}".replace("error: ", "re.error: ", 1))


@pytest.mark.parametrize("access", ["m.group(3)", "m.group('nope')", "m[4]", "m.start('x')", "m.span(9)"])
def test_no_such_group(tmp_path, access):
    source = ("import re\n\n\ndef f(s: str) -> int:\n    m = re.match(r'(a)(b)?', s)\n    if m is None:\n"
              f"        return 0\n    return len(str({access}))\n")
    e = rejected(tmp_path, source)
    assert e.loc.line == 8 and "no such group" in e.message, e.render()


def test_match_cannot_leave_the_library(tmp_path):
    e = rejected(tmp_path, "import re\nfrom typing import Optional\n\n\ndef f(s: str) -> Optional[re.Match]:\n"
                           "    return re.match('a', s)\n")
    assert "as the return value of a compiled function" in e.message


def test_groups_of_a_run_time_pattern(tmp_path):
    e = rejected(tmp_path, "import re\n\n\ndef f(p: str, s: str) -> int:\n    m = re.match(p, s)\n"
                           "    return len(m.groups()) if m else 0\n")
    assert "m.groups() needs the pattern known at compile time" in e.message


def test_typed_groups(tmp_path):
    """Groups every match sets are str; others Optional[str]: a str method of one compiles,
    raising CPython's AttributeError for None (corpus optionals:shouted_choice runs it), and
    int() of one raises CPython's TypeError for None."""
    ok = "import re\n\n\ndef f(s: str) -> str:\n    m = re.match(r'(\\d+)(?:x(\\d+))?', s)\n"
    path = tmp_path / "ok.py"
    path.write_text(ok + "    return m.group(1).upper() if m else ''\n")
    build_program(str(path), ["f"])
    path.write_text(ok + "    return m.group(2).upper() if m else ''\n")
    build_program(str(path), ["f"])
