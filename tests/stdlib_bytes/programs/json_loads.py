"""json.loads against CPython 3.11's: values of every JSON kind (a value of run-time type:
dicts, lists, str, int, float, bool, None), string escapes and surrogate pairs, numbers as
CPython reads them (ints beyond 64 bits are muna's OverflowError), and JSONDecodeError with
CPython's message, line, column and position: every prefix of a document, every one-character
change of it, and the classic malformed inputs. Then the typical uses: indexing, .get with a
default, loops over a list of dicts, isinstance."""
import json
import random
from typing import Any


def parse(text: str) -> Any:
    return json.loads(text)


def code_points(text: str) -> list[int]:
    """The characters of a decoded str (lone surrogates cannot cross as str)."""
    return [ord(c) for c in str(json.loads(text))]


def caught(text: str) -> str:
    try:
        return repr(json.loads(text))
    except json.JSONDecodeError as e:
        return "JSONDecodeError " + str(e)


def as_value_error(text: str) -> str:
    try:
        json.loads(text)
        return "ok"
    except ValueError as e:
        return str(e)


def labels(text: str) -> list[tuple[str, float, bool]]:
    data = json.loads(text)
    out = []
    for item in data["predictions"]:
        out.append((str(item["label"]), float(item.get("score", 0.0)), "box" in item))
    return out


def summary(text: str) -> tuple[int, int, int, float, str]:
    data = json.loads(text)
    dicts = lists = 0
    total = 0.0
    for v in data.values():
        if isinstance(v, dict):
            dicts += 1
        elif isinstance(v, list):
            lists += 1
            total += sum(v)
    name = data.get("name", "unnamed")
    return dicts, lists, len(data), total, str(name)


def round_trip(text: str) -> str:
    return json.dumps(json.loads(text)["config"]["threshold"])


_DOC = ('{"name": "det\\u00e9ctor \\ud83d\\ude00", "version": 3, "scores": [0.5, -1e-3, 2E+2, 0],\n'
        ' "nested": {"empty": {}, "list": [], "flags": [true, false, null]}, "big": -9223372036854775808}')
_rng = random.Random(7)


def _mutations(doc, n):
    out = []
    for _ in range(n):
        i = _rng.randrange(len(doc))
        out.append(doc[:i] + _rng.choice('{}[]:,"\\ 0-.eE\nxtn\x01') + doc[i + 1:])
    return out


_VALID = ["0", "-0", "-0.0", "1", "-1", "12345678901234567", "9223372036854775807", "-9223372036854775808",
          "9223372036854775808", "1" * 30, "0.1", "1.5e-10", "1E5", "1e400", "-1e400", "5e-324", "1e-400",
          "2.2250738585072014e-308", "1.7976931348623157e308", "123.456e-2", "NaN", "Infinity", "-Infinity",
          "true", "false", "null", '""', '"a"', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\u0000\\u001f\\u007f\\u00ff\\u0100"',
          '"\\uD834\\uDD1E"', '"\\ud83d\\ude00x"', '"é€😀"', '"\\u2028"', "[]", "{}", " [ ] ", "[1,2,[3,[4,[]]]]",
          '{"a":1,"a":2}', '{"b":1,"a":2}', '{"": null}', '[1, "two", 3.0, [true], {"k": [null]}]', "\t\n\r 7 \r\n\t",
          '{"x": {"y": {"z": [1, {"w": -2.5}]}}}', _DOC]
_INVALID = ["", " ", "\n\n  ", "x", "-", "-x", "+1", "01", "1.", ".5", "1e", "1e+", "1.e5", "0x10", "--1", "nul", "tru",
            "True", "None", "nan", "inf", "-Inf", "[", "]", "{", "}", "[1", "[1,", "[1,]", "[,1]", "[1 2]", '{"a"}',
            '{"a":}', '{"a":1,}', '{"a" 1}', "{1: 2}", "{'a': 1}", '{"a":1 "b":2}', '"abc', '"\\', '"\\x"', '"\\u12"',
            '"\\u12"   ', '"\\u12g4"', '"\\ud83d\\u12x4"', '"a\nb"', '"a\tb"', '"\x7f"', "[1] [2]", "1 2", "\ufeff1",
            "[\n1,\n2\n", '{"a": [1, 2}', "[1]x", "é", '"é" é', "[" * 5 + "]" * 4, '["\\ud800"]x']
_LONE = ['"\\ud800"', '"\\udc00"', '"\\ud83dx"', '"\\ud83d\\u0041"', '"\\ud83d\\ud83d"', '"\\ud83d\\"', '"\\udc00\\ud800"']

CASES = {
    "parse": [(t,) for t in _VALID + _INVALID] + [(_DOC[:i],) for i in range(len(_DOC))]
    + [(t,) for t in _mutations(_DOC, 150)] + [("[" * 200 + "]" * 200,), ("[" * 5000 + "]" * 5000,), ('{"a":' * 5000 + "1" + "}" * 5000,), ("1" * 4301,), ("-" + "2" * 4300,)],
    "code_points": [(t,) for t in _LONE + ['"\\ud83d\\ude00"', '""']],
    "caught": [(t,) for t in ("[1, 2]", '{"a": }', "", '"\\q"', "[1,\n 2,\n x]")],
    "as_value_error": [(t,) for t in ("{}", "[", "1 1", "tru")],
    "labels": [('{"predictions": [{"label": "cat", "score": 0.9, "box": [1, 2]}, {"label": "dog"}]}',),
               ('{"predictions": []}',), ('{"predictions": [{"label": 3, "score": 1}]}',), ('{"other": 1}',),
               ('{"predictions": [{"label": "x", "score": "high"}]}',), ('[1]',)],
    "summary": [('{"name": "m", "a": {}, "b": [1, 2.5], "c": [], "d": 3}',), ("{}",), ('{"l": [1, "x"]}',)],
    "round_trip": [('{"config": {"threshold": 0.25}}',), ('{"config": {"threshold": [1, "a", null]}}',),
                   ('{"config": {"threshold": {"b": 1e300, "a": true}}}',), ('{"config": {}}',)],
}
