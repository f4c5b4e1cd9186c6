"""float32 remainder, floor_divide, fmod, divmod and hypot bit for bit against NumPy 1.24 on
random operands across all magnitudes: quotients |a/b| from 2^-30 to 2^62 (the vector forms
take |a/b| < 2^29, the scalar form the rest), a = k*b exactly and a few ulp off it, quotients
just below an integer (where a double quotient rounds up beyond 2^29), tiny and subnormal
operands, signed zeros, b = 0, NaN and infinities (random bit patterns); x86-64-v3 and v4.
Each group is sorted by |a/b| so that most vectors lie wholly inside or outside the vector
forms' range: one lane outside sends its whole vector to the scalar form, which would leave the
vector form untested."""
import numpy as np
import pytest

import muna
from muna.build import host_target
from muna_testing import compile_library

SRC = "tests/numpy/divmod_cases.py"
NAMES = ("remainder", "floor_divide", "fmod", "hypot", "divmod_pair")
N = 1 << 18  # per group


def operands():
    rng = np.random.default_rng(7)
    sign = lambda: rng.choice([-1.0, 1.0], N)  # noqa: E731
    groups = []
    # random bit patterns: every exponent, subnormals, zeros, NaN, infinities
    groups.append([rng.integers(0, 2**32, N, dtype=np.uint64).astype(np.uint32).view(np.float32)
                   for _ in range(2)])
    # |a/b| = 2^k, k in [-30, 62], b over the float32 exponents
    b = rng.uniform(0.5, 2, N) * 2.0 ** rng.integers(-140, 100, N) * sign()
    with np.errstate(over="ignore"):
        groups.append([(b * 2.0 ** rng.uniform(-30, 62, N) * sign()).astype(np.float32), b.astype(np.float32)])
    # a = k*b rounded, then moved by -2..2 ulp; integer k up to 2^31
    b = (rng.uniform(-2, 2, N) * 2.0 ** rng.integers(-20, 20, N)).astype(np.float32)
    a = (np.floor(2.0 ** rng.uniform(0, 31, N)) * sign() * b).astype(np.float32)
    a = (a.view(np.int32) + rng.integers(-2, 3, N).astype(np.int32) * (a != 0)).view(np.float32)
    groups.append([a, b])
    # tiny and subnormal operands, signed zeros
    b = (rng.uniform(-1, 1, N) * 2.0 ** rng.integers(-149, -110, N)).astype(np.float32)
    a = (rng.uniform(-1, 1, N) * 2.0 ** rng.integers(-149, -90, N)).astype(np.float32)
    z = rng.random(N)
    a[z < 0.05] = -0.0
    a[(z >= 0.05) & (z < 0.1)] = 0.0
    b[(z > 0.5) & (z < 0.52)] = -0.0
    groups.append([a, b])
    # a/b just below an integer n (n + 1 - c/b, c = 1..3 units of b's last place, b odd 24-bit
    # mantissa): the double quotient rounds up to n + 1 once n passes about 2^29 c, so the vector
    # forms' range must stop there; quotients 2^0 .. 2^40 (m_a 2^t = -c mod m_b)
    mb = [int(v) | 1 for v in rng.integers(1 << 23, 1 << 24, N)]
    t = rng.integers(0, 41, N)
    c = rng.integers(1, 4, N)
    ma = np.array([(-int(ci) * pow(2, -int(ti), m)) % m for m, ti, ci in zip(mb, t, c)], np.float64)
    scale = 2.0 ** rng.integers(-60, 40, N)
    groups.append([(ma * 2.0 ** t * scale * sign()).astype(np.float32),
                   (np.array(mb, np.float64) * scale * sign()).astype(np.float32)])
    # moderate values
    groups.append([rng.uniform(-100, 100, N).astype(np.float32), rng.uniform(-3, 3, N).astype(np.float32)])
    with np.errstate(all="ignore"):
        for g in groups:
            order = np.argsort(np.abs(g[0].astype(np.float64) / g[1].astype(np.float64)))
            g[0], g[1] = g[0][order], g[1][order]
    return np.concatenate([g[0] for g in groups]), np.concatenate([g[1] for g in groups])


def identical(got, want):
    assert got.dtype == want.dtype == np.float32
    same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
    bad = np.nonzero(~same)[0]
    return bad


@pytest.mark.parametrize("target", ["x86-64-v3", "x86-64-v4"])
def test_bit_identical_to_numpy(target):
    if host_target(target) is None:
        pytest.skip(f"this CPU cannot run {target} code")
    library = compile_library(SRC, ",".join(NAMES), "--target", target)
    a, b = operands()
    with np.errstate(all="ignore"):
        for name in NAMES:
            got = muna.load(library, name)(a, b)
            if name == "divmod_pair":
                want = np.divmod(a, b)
            else:
                got, want = (got,), (getattr(np, name)(a, b),)
            for g, w in zip(got, want):
                bad = identical(g, w)
                assert bad.size == 0, (name, a[bad[:5]], b[bad[:5]], g[bad[:5]], w[bad[:5]])
