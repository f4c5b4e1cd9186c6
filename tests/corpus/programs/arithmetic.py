"""Arithmetic glue around inference: bucketing positions, batch counts, score scaling and
rounding, bit flags and numeric conversions, with Python's semantics for negatives."""


def bucket_index(position: int, width: int) -> int:
    """Relative-position bucket: floor division rounds toward minus infinity."""
    return position // width


def wrap_position(position: int, length: int) -> int:
    """Index into a ring buffer; the result takes the sign of the divisor."""
    return position % length


def float_bucket(value: float, step: float) -> tuple[float, float]:
    return value // step, value % step


def mean_score(total: float, count: int) -> float:
    return total / count


def split_batches(n_items: int, batch_size: int) -> tuple[int, int]:
    full, rest = divmod(n_items, batch_size)
    return full, rest


def decay_weights(rate: float, steps: int, base: int) -> tuple[list[float], int]:
    return [rate ** i for i in range(steps)], base ** steps


def geometric_mean(values: list[float]) -> float:
    product = 1.0
    for v in values:
        product *= v
    return product ** (1.0 / len(values))


def round_scores(score: float, digits: int) -> tuple[int, float, float]:
    return round(score), round(score, digits), round(score, 0)


def round_count(n: int) -> tuple[int, int, int]:
    return round(n), round(n, -1), round(n, -2)


def abs_error(predicted: float, target: int) -> tuple[float, int]:
    return abs(predicted - target), abs(target)


def flag_bits(flags: int, mask: int) -> tuple[int, int, int, int, int, int]:
    return flags & mask, flags | mask, flags ^ mask, ~flags, flags << 3, flags >> 2


def parse_numbers(count: str, scale: str) -> float:
    return int(count) * float(scale)


def convert_score(x: float) -> tuple[int, bool, str, float]:
    return int(x), bool(x), str(int(x)), float(int(x))


def clamp_total(counts: list[int], lo: int, hi: int) -> tuple[int, int]:
    total = sum(counts)
    return max(lo, min(hi, total)), sum(counts, 100)


def share(part: int, total: int, bonus: bool) -> tuple[float, float]:
    """int / int divides exactly and rounds once, also past 2**53 (CPython's long division)."""
    return part / total, (part + bonus) / (total - bonus)



def number_methods(x: float, n: int) -> tuple[bool, int, int]:
    return x.is_integer(), n.bit_length(), n.bit_count()


def mixed_numbers(n: int, x: float) -> str:
    """Displays and max/min of ints beside floats keep each item's own kind, as Python's do."""
    d = {"id": n, "score": x}
    xs = [n, x, True]
    hi, lo = max(n, x), min(0, x)
    return f"{d} {xs} {hi!r} {lo!r} {sum(xs)!r} {sorted(xs)} {max(xs)!r} {abs(min(-1, x))!r} {hi * 2!r}"


CASES = {
    "mixed_numbers": [(3, 2.5), (1, 2.5), (-4, -0.5), (2, 2.0)],
    "share": [(1, 9223372033817775295, False), (2**62 + 1, 3, True), (-(2**63), 7, False), (9007199254740993, 1, True),
              (5, -2**63, False), (7, 2, True), (0, -5, False), (1, 0, False)],
    "bucket_index": [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (5, 0)],
    "wrap_position": [(7, 3), (-7, 3), (7, -3), (-1, 10), (0, 4), (3, 0)],
    "float_bucket": [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (0.3, 0.1), (-0.0, 1.0), (1.0, 0.0)],
    "mean_score": [(10.0, 4), (1.0, 3), (-2.5, 2), (0.0, 7), (1.0, 0)],
    "split_batches": [(100, 32), (0, 8), (-5, 4), (5, -4), (31, 32), (1, 0)],
    "decay_weights": [(0.5, 5, 2), (0.9, 0, 3), (1.1, 3, -3), (-2.0, 4, 10), (0.0, 3, 0)],
    "geometric_mean": [([1.0, 2.0, 4.0],), ([3.0],), ([0.5, 0.5],), ([2.0, 8.0, 0.0],), ([],)],
    "round_scores": [(0.5, 1), (1.5, 0), (2.5, 2), (2.675, 2), (-0.5, 1), (0.125, 2), (1234.5678, -2), (-2.5, 3)],
    "round_count": [(0,), (15,), (25,), (-25,), (1250,), (1350,), (-149,)],
    "abs_error": [(0.25, 1), (-3.5, -2), (2.0, 2), (-0.0, 0), (1e300, -7)],
    "flag_bits": [(0b1010, 0b0110), (0, 0), (-1, 255), (-8, 3), (12345, -256)],
    "parse_numbers": [("42", "1e-3"), ("-7", "2.5"), (" 12 ", "  -0.5"), ("0", "inf"), ("1_000", "1_0.5"),
                      ("abc", "1.0"), ("3", "x"), ("4.0", "1")],
    "convert_score": [(3.7,), (-3.7,), (0.0,), (-0.0,), (1e15,), (float("nan"),)],
    "clamp_total": [([1, 2, 3], 0, 5), ([], -1, 1), ([-10, 3], -4, 4), ([5], 0, 100)],
    "number_methods": [(2.0, 0), (2.5, 1), (-0.0, -1), (float("inf"), 255), (float("nan"), -2**63), (1e300, 2**62),
                       (-3.0, 2**63 - 1)],
}
