"""Functions calling the math module, compiled by tests/stdlib/test_math.py and compared with
CPython running them: one per function and argument type (f_: float arguments, i_: int)."""
import math
from math import sqrt as imported_sqrt

import numpy as np
import numpy.typing as npt


def constants() -> tuple[float, float, float, float, float]:
    return (math.pi, math.e, math.tau, math.inf, math.nan)


def from_import(x: float) -> float:
    return imported_sqrt(x)

def f_sqrt(x: float) -> float:
    return math.sqrt(x)


def i_sqrt(x: int) -> float:
    return math.sqrt(x)

def f_exp(x: float) -> float:
    return math.exp(x)


def i_exp(x: int) -> float:
    return math.exp(x)

def f_exp2(x: float) -> float:
    return math.exp2(x)


def i_exp2(x: int) -> float:
    return math.exp2(x)

def f_expm1(x: float) -> float:
    return math.expm1(x)


def i_expm1(x: int) -> float:
    return math.expm1(x)

def f_log(x: float) -> float:
    return math.log(x)


def i_log(x: int) -> float:
    return math.log(x)

def f_log2(x: float) -> float:
    return math.log2(x)


def i_log2(x: int) -> float:
    return math.log2(x)

def f_log10(x: float) -> float:
    return math.log10(x)


def i_log10(x: int) -> float:
    return math.log10(x)

def f_log1p(x: float) -> float:
    return math.log1p(x)


def i_log1p(x: int) -> float:
    return math.log1p(x)

def f_sin(x: float) -> float:
    return math.sin(x)


def i_sin(x: int) -> float:
    return math.sin(x)

def f_cos(x: float) -> float:
    return math.cos(x)


def i_cos(x: int) -> float:
    return math.cos(x)

def f_tan(x: float) -> float:
    return math.tan(x)


def i_tan(x: int) -> float:
    return math.tan(x)

def f_asin(x: float) -> float:
    return math.asin(x)


def i_asin(x: int) -> float:
    return math.asin(x)

def f_acos(x: float) -> float:
    return math.acos(x)


def i_acos(x: int) -> float:
    return math.acos(x)

def f_atan(x: float) -> float:
    return math.atan(x)


def i_atan(x: int) -> float:
    return math.atan(x)

def f_sinh(x: float) -> float:
    return math.sinh(x)


def i_sinh(x: int) -> float:
    return math.sinh(x)

def f_cosh(x: float) -> float:
    return math.cosh(x)


def i_cosh(x: int) -> float:
    return math.cosh(x)

def f_tanh(x: float) -> float:
    return math.tanh(x)


def i_tanh(x: int) -> float:
    return math.tanh(x)

def f_asinh(x: float) -> float:
    return math.asinh(x)


def i_asinh(x: int) -> float:
    return math.asinh(x)

def f_acosh(x: float) -> float:
    return math.acosh(x)


def i_acosh(x: int) -> float:
    return math.acosh(x)

def f_atanh(x: float) -> float:
    return math.atanh(x)


def i_atanh(x: int) -> float:
    return math.atanh(x)

def f_fabs(x: float) -> float:
    return math.fabs(x)


def i_fabs(x: int) -> float:
    return math.fabs(x)

def f_erf(x: float) -> float:
    return math.erf(x)


def i_erf(x: int) -> float:
    return math.erf(x)

def f_erfc(x: float) -> float:
    return math.erfc(x)


def i_erfc(x: int) -> float:
    return math.erfc(x)

def f_gamma(x: float) -> float:
    return math.gamma(x)


def i_gamma(x: int) -> float:
    return math.gamma(x)

def f_lgamma(x: float) -> float:
    return math.lgamma(x)


def i_lgamma(x: int) -> float:
    return math.lgamma(x)

def f_cbrt(x: float) -> float:
    return math.cbrt(x)


def i_cbrt(x: int) -> float:
    return math.cbrt(x)

def f_degrees(x: float) -> float:
    return math.degrees(x)


def i_degrees(x: int) -> float:
    return math.degrees(x)

def f_radians(x: float) -> float:
    return math.radians(x)


def i_radians(x: int) -> float:
    return math.radians(x)

def f_ulp(x: float) -> float:
    return math.ulp(x)


def i_ulp(x: int) -> float:
    return math.ulp(x)

def f_atan2(x: float, y: float) -> float:
    return math.atan2(x, y)


def i_atan2(x: int, y: int) -> float:
    return math.atan2(x, y)

def f_pow(x: float, y: float) -> float:
    return math.pow(x, y)


def i_pow(x: int, y: int) -> float:
    return math.pow(x, y)

def f_fmod(x: float, y: float) -> float:
    return math.fmod(x, y)


def i_fmod(x: int, y: int) -> float:
    return math.fmod(x, y)

def f_remainder(x: float, y: float) -> float:
    return math.remainder(x, y)


def i_remainder(x: int, y: int) -> float:
    return math.remainder(x, y)

def f_copysign(x: float, y: float) -> float:
    return math.copysign(x, y)


def i_copysign(x: int, y: int) -> float:
    return math.copysign(x, y)

def f_nextafter(x: float, y: float) -> float:
    return math.nextafter(x, y)


def i_nextafter(x: int, y: int) -> float:
    return math.nextafter(x, y)

def f_isfinite(x: float) -> bool:
    return math.isfinite(x)


def i_isfinite(x: int) -> bool:
    return math.isfinite(x)

def f_isinf(x: float) -> bool:
    return math.isinf(x)


def i_isinf(x: int) -> bool:
    return math.isinf(x)

def f_isnan(x: float) -> bool:
    return math.isnan(x)


def i_isnan(x: int) -> bool:
    return math.isnan(x)

def f_floor(x: float) -> int:
    return math.floor(x)


def i_floor(x: int) -> int:
    return math.floor(x)

def f_ceil(x: float) -> int:
    return math.ceil(x)


def i_ceil(x: int) -> int:
    return math.ceil(x)

def f_trunc(x: float) -> int:
    return math.trunc(x)


def i_trunc(x: int) -> int:
    return math.trunc(x)

def f_log_base(x: float, base: float) -> float:
    return math.log(x, base)


def i_log_base(x: int, base: int) -> float:
    return math.log(x, base)


def f_frexp(x: float) -> tuple[float, int]:
    return math.frexp(x)


def f_modf(x: float) -> tuple[float, float]:
    return math.modf(x)


def f_ldexp(x: float, i: int) -> float:
    return math.ldexp(x, i)


def f_isclose(a: float, b: float) -> bool:
    return math.isclose(a, b)


def f_isclose_tol(a: float, b: float, rel: float, abs_: float) -> bool:
    return math.isclose(a, b, rel_tol=rel, abs_tol=abs_)


def i_isclose(a: int, b: int) -> bool:
    return math.isclose(a, b, abs_tol=1)


def f_fsum(xs: list[float]) -> float:
    return math.fsum(xs)


def i_fsum(xs: list[int]) -> float:
    return math.fsum(xs)


def t_fsum(a: float, b: float, c: int) -> float:
    return math.fsum((a, b, c))


def f_prod(xs: list[float]) -> float:
    return math.prod(xs)


def f_prod_start(xs: list[float], start: float) -> float:
    return math.prod(xs, start=start)


def i_prod(xs: list[int]) -> int:
    return math.prod(xs)


def i_prod_start(xs: list[int], start: int) -> int:
    return math.prod(xs, start=start)


def i_gcd0() -> int:
    return math.gcd()


def i_gcd1(a: int) -> int:
    return math.gcd(a)


def i_gcd2(a: int, b: int) -> int:
    return math.gcd(a, b)


def i_gcd3(a: int, b: int, c: int) -> int:
    return math.gcd(a, b, c)


def i_lcm0() -> int:
    return math.lcm()


def i_lcm1(a: int) -> int:
    return math.lcm(a)


def i_lcm2(a: int, b: int) -> int:
    return math.lcm(a, b)


def i_lcm3(a: int, b: int, c: int) -> int:
    return math.lcm(a, b, c)


def i_comb(n: int, k: int) -> int:
    return math.comb(n, k)


def i_perm(n: int, k: int) -> int:
    return math.perm(n, k)


def i_perm1(n: int) -> int:
    return math.perm(n)


def i_factorial(n: int) -> int:
    return math.factorial(n)


def b_factorial(b: bool) -> int:
    return math.factorial(b)


def i_isqrt(n: int) -> int:
    return math.isqrt(n)


def f_hypot0() -> float:
    return math.hypot()


def f_hypot1(x: float) -> float:
    return math.hypot(x)


def f_hypot2(x: float, y: float) -> float:
    return math.hypot(x, y)


def f_hypot3(x: float, y: float, z: float) -> float:
    return math.hypot(x, y, z)


def i_hypot2(x: int, y: int) -> float:
    return math.hypot(x, y)


def f_dist(p: list[float], q: list[float]) -> float:
    return math.dist(p, q)


def i_dist(p: list[int], q: list[int]) -> float:
    return math.dist(p, q)


def t_dist(p: tuple[float, float, float], q: tuple[int, float, float]) -> float:
    return math.dist(p, q)


def caught(x: float) -> str:
    try:
        return str(math.sqrt(x)) + " " + str(math.log(x))
    except ValueError as e:
        return "ValueError " + str(e)
    except OverflowError:
        return "OverflowError"


def numpy_scalars(x: np.ndarray, n: npt.NDArray[np.int64]) -> tuple[float, int, int, float, int, float]:
    s = np.sum(x)  # a numpy.float32
    k = np.sum(n)  # a numpy.int64
    return (math.sqrt(s), math.floor(s), math.ceil(k), math.exp(k), math.gcd(k, 6), math.hypot(s, k))


def numpy_float64(x: npt.NDArray[np.float64]) -> tuple[int, float]:
    s = np.max(x)  # a numpy.float64
    return (math.trunc(s), math.log1p(s))
