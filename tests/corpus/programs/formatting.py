"""Reports, prompts and log lines: f-strings with conversions and format specs, str() and
repr() of floats exactly as Python prints them."""
from typing import Optional


def format_score(label: str, score: float) -> str:
    return f"{label}: {score:.3f}"


def format_row(name: str, count: int, share: float) -> str:
    return f"{name:<10}|{count:>5}|{share:8.2f}|{share:.1%}"


def format_progress(i: int, total: int) -> str:
    return f"[{i:03d}/{total:03d}] {i * 100 // total}%"


def debug_line(name: str, value: float, count: int) -> str:
    return f"{name!r}={value!r} n={count!s} ascii={name!a}"


def float_text(x: float) -> tuple[str, str, str]:
    return str(x), repr(x), f"{x}"


def scientific(x: float) -> str:
    return f"{x:e}|{x:.2e}|{x:g}|{x:.3g}|{x:+.1f}|{x:10.4f}|{x:<9.2f}|"


def int_formats(n: int) -> str:
    return f"{n:x}|{n:#x}|{n:b}|{n:o}|{n:,}|{n:+d}|{n:08d}|{n:^9}|{n:_}"


def centered_title(title: str, width: int) -> str:
    return f"{title:^{width}}|{title:*>{width}}|{title:.2}"


def progress_bar(done: int, total: int, width: int) -> str:
    filled = width * done // total
    bar = "#" * filled + "-" * (width - filled)
    return f"[{bar}] {done}/{total}"


def build_prompt(system: str, question: str, history: list[str]) -> str:
    turns = "\n".join([f"- {h}" for h in history])
    return f"<system>{system}</system>\n{turns}\nUser: {question!s}\nAssistant:"


def report(labels: list[str], scores: list[float], flag: bool, extra: Optional[int]) -> str:
    lines = [f"flag={flag} extra={extra} n={len(labels)}"]
    for label, score in zip(labels, scores):
        lines.append(f"{label:>8} {score:7.4f} {score!r}")
    return "\n".join(lines)


def str_conversions(n: int, x: float, b: bool, s: str) -> str:
    return str(n) + "," + str(x) + "," + str(b) + "," + str(s) + "," + repr(s) + "," + repr(n)


CASES = {
    "format_score": [("cat", 0.98765), ("dog", 0.0), ("x", -1.0005), ("", 1e10), ("é", float("inf")), ("n", float("nan"))],
    "format_row": [("alpha", 3, 0.5), ("a-very-long-name", 12345, 0.12345), ("", -1, -0.004), ("日本", 0, 1.0)],
    "format_progress": [(1, 10), (10, 10), (0, 7), (-3, 7), (1234, 99), (1, 0)],
    "debug_line": [("lr", 0.1, 3), ("it's", 1e-7, -1), ("", 1e16, 0), ("naïve", -0.0, 7), ("tab\t", 2.5, 1)],
    "float_text": [(0.1,), (1.0,), (-0.0,), (1e16,), (1e-5,), (123456789.123,), (2.5e-300,), (float("inf"),),
                   (float("-inf"),), (float("nan"),), (1 / 3,), (5e-324,), (1.7976931348623157e308,)],
    "scientific": [(12345.6789,), (0.0001234,), (-1.5,), (0.0,), (1e100,), (float("nan"),), (100000.0,), (1e-7,)],
    "int_formats": [(255,), (0,), (-42,), (1234567,), (9007199254740993,)],
    "centered_title": [("Report", 12), ("Report", 3), ("", 4), ("日本", 7)],
    "progress_bar": [(3, 10, 20), (0, 5, 10), (5, 5, 4), (1, 3, 0), (1, 0, 10)],
    "build_prompt": [("Be brief.", "What is 2+2?", ["hi", "hello"]), ("", "", []), ("sys", "¿qué?", ["a\nb"])],
    "report": [(["cat", "dog"], [0.9, 0.1], True, None), ([], [], False, 3), (["long_label_name"], [1 / 3], True, -1)],
    "str_conversions": [(42, 0.5, True, "x"), (-1, 1e22, False, "it's"), (0, -0.0, True, 'say "hi"'),
                        (7, 1e-4, False, "\n\t\\"), (123, 3.0, True, "é😀")],
}
