#!/usr/bin/python3
"""Prints the LogTable specialisations of kernels/muna/kernels/log_f32.hpp (float32 logarithms).

x = 2^k z with z in [0.69921875, 1.3984375) (glibc's logf reduction), split by the float's bits
into N subintervals (16 for 16-lane vectors, 8 for 8-lane ones: one permute per table either
way); per subinterval invc ~ 1/centre (exactly 1 on the one holding 1.0, so that log(1) is 0 and
results near 1 keep their relative accuracy), and log_b(1/invc) for b = e, 2, 10 in two parts:
hi, a multiple of 2^-16 (so that k log_b(2)_hi + hi is exact in float), and lo, the float
nearest the rest. g(r) ~ (log(1 + r) - r) / r^2 on the range of r = z invc - 1: a Chebyshev-node
least-squares fit with float32 coefficients, of the lowest degree whose r + r^2 g(r) is within
2^-29.5 relative of log(1 + r) (the error is printed).

Run: /usr/bin/python3 scripts/gen_log_table.py
"""
import struct
from decimal import Decimal, getcontext

import numpy as np

getcontext().prec = 60
OFF = 0x3F330000
BASES = [("e", Decimal(1).exp()), ("2", Decimal(2)), ("10", Decimal(10))]


def bits_to_float(b):
    return struct.unpack("<f", struct.pack("<I", b & 0xFFFFFFFF))[0]


def subintervals(n):
    """(low, high, invc) per subinterval."""
    shift = 23 - (n.bit_length() - 1)
    out = []
    for i in range(n):
        lo = bits_to_float(OFF + (i << shift))
        hi = bits_to_float(OFF + ((i + 1) << shift) - 1)
        invc = 1.0 if lo <= 1.0 <= hi else float(np.float32(2.0 / (lo + hi)))
        out.append((lo, hi, invc))
    return out


def split(v):
    """(hi, lo): hi a multiple of 2^-16, lo the float nearest v - hi."""
    hi = Decimal(round(v * 65536)) / 65536
    return float(hi), float(np.float32(float(v - hi)))


def fmt(values, per_line=4, indent=8):
    items = [f"{float(np.float32(v))!r}f" for v in values]
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return (",\n" + " " * indent).join(lines)


def fit_g(r_lo, r_hi):
    r = (r_lo + r_hi) / 2 + (r_hi - r_lo) / 2 * np.cos(np.pi * (np.arange(4000) + 0.5) / 4000)
    g = sum((-1) ** (n + 1) * r ** (n - 2) / n for n in range(2, 40))  # the series: no cancellation
    for degree in range(2, 8):
        coeffs = np.polynomial.polynomial.polyfit(r, g, degree).astype(np.float32)
        approx = r + r * r * np.polynomial.polynomial.polyval(r, coeffs.astype(np.float64))
        error = np.max(np.abs(approx / np.log1p(r) - 1))
        if error < 2 ** -29.5:
            return coeffs, error
    raise RuntimeError("no fit")


def table(n):
    rows = subintervals(n)
    r_lo = min(lo * invc - 1 for lo, _, invc in rows)
    r_hi = max(hi * invc - 1 for _, hi, invc in rows)
    g, error = fit_g(r_lo, r_hi)
    lines = [f"template <>", f"struct LogTable<{n}> {{",
             f"  static constexpr float invc[{n}] = {{\n        {fmt(row[2] for row in rows)}}};",
             f"  // r in [{r_lo:.4f}, {r_hi:.4f}]; r + r^2 g(r) within 2^{np.log2(error):.1f} of log(1 + r)",
             f"  static constexpr float g[{len(g)}] = {{{fmt(g, 5)}}};",
             "  // log_b(1 / invc) for b = e, 2, 10"]
    parts = [[split(-Decimal(row[2]).ln() / base.ln()) for row in rows] for _, base in BASES]
    for name, part in (("c_hi", 0), ("c_lo", 1)):
        lines.append(f"  static constexpr float {name}[3][{n}] = {{\n      " +
                     ",\n      ".join(f"{{{fmt(p[part] for p in ps)}}}" for ps in parts) + "};")
    lines.append("};")
    return "\n".join(lines)


def bases():
    lines = []
    for index, (name, base) in enumerate(BASES):
        two = split(Decimal(2).ln() / base.ln())
        inv_ln = 1 / base.ln()
        inv_hi = float(np.float32(float(inv_ln)))
        inv_lo = float(np.float32(float(inv_ln - Decimal(inv_hi))))
        lines.append(f"// base {name}: index {index}; log_b(2) hi, lo: {fmt(two)}; 1 / ln(b) hi, lo: {fmt((inv_hi, inv_lo))}")
    return "\n".join(lines)


def main():
    print(table(16))
    print(table(8))
    print(bases())


if __name__ == "__main__":
    main()
