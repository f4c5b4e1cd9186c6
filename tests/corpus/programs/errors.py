"""Input validation and error handling in inference wrappers: assert, raise of the builtin
exception types, try/except/else/finally, exceptions raised by builtins and containers."""


def check_probability(p: float) -> float:
    assert 0.0 <= p <= 1.0, f"probability out of range: {p}"
    return 1.0 - p


def first_token(ids: list[int]) -> int:
    assert ids
    return ids[0]


def require_positive(n: int, name: str) -> int:
    if n <= 0:
        raise ValueError(f"{name} must be positive, got {n}")
    return n


def check_dtype(dtype: str) -> str:
    if dtype not in ("float32", "float16", "bfloat16"):
        raise TypeError("unsupported dtype '" + dtype + "'")
    return dtype


def require_loaded(loaded: bool, name: str) -> str:
    if not loaded:
        raise RuntimeError(f"model {name!r} is not loaded")
    return name


def label_id(labels: dict[str, int], label: str) -> int:
    if label not in labels:
        raise KeyError(label)
    return labels[label]


def token_at(tokens: list[str], i: int) -> str:
    if i >= len(tokens):
        raise IndexError("token index out of range")
    return tokens[i]


def parse_int_or(text: str, default: int) -> int:
    try:
        return int(text)
    except ValueError:
        return default


def parse_log(text: str) -> list[str]:
    log = []
    try:
        n = int(text)
    except ValueError as e:
        log.append("error: " + str(e))
    else:
        log.append(f"parsed {n}")
    finally:
        log.append("done")
    return log


def lookup_any(table: dict[str, list[int]], key: str, i: int) -> str:
    try:
        value = table[key][i]
    except KeyError as e:
        return "missing key " + str(e)
    except IndexError as e:
        return "bad index: " + str(e)
    return str(value)


def wrap_error(text: str) -> int:
    try:
        return int(text) * 2
    except (ValueError, TypeError):
        raise RuntimeError("could not parse " + repr(text))


def uncaught(values: list[int], i: int) -> int:
    try:
        return values[i]
    except KeyError:
        return -1
    finally:
        values.append(0)


def validate_batch(batch: list[str], max_len: int) -> int:
    total = 0
    for i, text in enumerate(batch):
        try:
            if not text:
                raise ValueError("empty text")
            if len(text) > max_len:
                raise IndexError(f"text {i} longer than {max_len}")
            total += len(text)
        except ValueError:
            total -= 1
    return total


def parse_until_bad(items: list[str], stop_on_error: bool) -> str:
    """`except ... as e` leaving the handler by break or continue (Python deletes e either way)."""
    out = []
    for text in items:
        try:
            out.append(str(int(text) * 2))
        except ValueError as e:
            out.append("bad: " + str(e))
            if stop_on_error:
                break
            continue
        out.append(";")
    return "".join(out)


def open_checked(path: str, exists: bool) -> str:
    """IOError and EnvironmentError are OSError's other names: raised and caught as it."""
    try:
        if not exists:
            raise IOError(f"no such file: {path}")
    except EnvironmentError as e:
        return "caught " + str(e)
    if path.endswith(".tmp"):
        raise OSError("temporary file")
    return path


CASES = {
    "open_checked": [("a.txt", False), ("b.txt", True), ("c.tmp", True)],
    "parse_until_bad": [(["1", "x", "3"], True), (["1", "x", "3"], False), ([], True)],
    "check_probability": [(0.25,), (1.0,), (1.5,), (-0.1,), (float("nan"),)],
    "first_token": [([5, 6],), ([],)],
    "require_positive": [(3, "batch_size"), (0, "batch_size"), (-2, "top_k")],
    "check_dtype": [("float32",), ("int8",), ("",)],
    "require_loaded": [(True, "bert"), (False, "bert"), (False, "it's")],
    "label_id": [({"pos": 1, "neg": 0}, "pos"), ({"pos": 1}, "neutral"), ({}, "")],
    "token_at": [(["a", "b"], 1), (["a", "b"], 2), ([], 0), (["a", "b"], -3)],
    "parse_int_or": [("42", 0), ("4x", -1), ("", 7), (" -3 ", 0), ("٣", 0)],
    "parse_log": [("12",), ("twelve",), ("",)],
    "lookup_any": [({"a": [1, 2]}, "a", 1), ({"a": [1, 2]}, "b", 0), ({"a": [1, 2]}, "a", 5), ({}, "", 0)],
    "wrap_error": [("21",), ("x",), ("1.5",)],
    "uncaught": [([1, 2, 3], 1), ([1], 4), ([], 0)],
    "validate_batch": [(["ab", "", "cde"], 5), ([], 3), (["ok", "much too long"], 4)],
}
