"""Functions calling the statistics module, compiled by tests/stdlib/test_statistics.py and
compared with CPython running them (f_: list[float] data, i_: list[int], s_: list[str])."""
import statistics
from statistics import StatisticsError


def f_mean(xs: list[float]) -> float:
    return statistics.mean(xs)


def i_mean(xs: list[int]) -> float:
    return statistics.mean(xs)


def f_fmean(xs: list[float]) -> float:
    return statistics.fmean(xs)


def i_fmean(xs: list[int]) -> float:
    return statistics.fmean(xs)


def f_median(xs: list[float]) -> float:
    return statistics.median(xs)


def i_median(xs: list[int]) -> float:
    return statistics.median(xs)


def f_variance(xs: list[float]) -> float:
    return statistics.variance(xs)


def i_variance(xs: list[int]) -> float:
    return statistics.variance(xs)


def f_pvariance(xs: list[float]) -> float:
    return statistics.pvariance(xs)


def i_pvariance(xs: list[int]) -> float:
    return statistics.pvariance(xs)


def f_stdev(xs: list[float]) -> float:
    return statistics.stdev(xs)


def i_stdev(xs: list[int]) -> float:
    return statistics.stdev(xs)


def f_pstdev(xs: list[float]) -> float:
    return statistics.pstdev(xs)


def i_pstdev(xs: list[int]) -> float:
    return statistics.pstdev(xs)


def f_median_low(xs: list[float]) -> float:
    return statistics.median_low(xs)


def i_median_low(xs: list[int]) -> int:
    return statistics.median_low(xs)


def s_median_low(xs: list[str]) -> str:
    return statistics.median_low(xs)


def f_median_high(xs: list[float]) -> float:
    return statistics.median_high(xs)


def i_median_high(xs: list[int]) -> int:
    return statistics.median_high(xs)


def s_median_high(xs: list[str]) -> str:
    return statistics.median_high(xs)


def f_mode(xs: list[float]) -> float:
    return statistics.mode(xs)


def i_mode(xs: list[int]) -> int:
    return statistics.mode(xs)


def s_mode(xs: list[str]) -> str:
    return statistics.mode(xs)


def f_multimode(xs: list[float]) -> list[float]:
    return statistics.multimode(xs)


def i_multimode(xs: list[int]) -> list[int]:
    return statistics.multimode(xs)


def s_multimode(xs: list[str]) -> list[str]:
    return statistics.multimode(xs)


def f_variance_xbar(xs: list[float], c: float) -> float:
    return statistics.variance(xs, xbar=c)


def i_variance_xbar(xs: list[int], c: int) -> float:
    return statistics.variance(xs, xbar=c)


def if_variance_xbar(xs: list[int], c: float) -> float:
    return statistics.variance(xs, xbar=c)


def fi_variance_xbar(xs: list[float], c: int) -> float:
    return statistics.variance(xs, xbar=c)


def f_pvariance_mu(xs: list[float], c: float) -> float:
    return statistics.pvariance(xs, mu=c)


def i_pvariance_mu(xs: list[int], c: int) -> float:
    return statistics.pvariance(xs, mu=c)


def if_pvariance_mu(xs: list[int], c: float) -> float:
    return statistics.pvariance(xs, mu=c)


def fi_pvariance_mu(xs: list[float], c: int) -> float:
    return statistics.pvariance(xs, mu=c)


def f_stdev_xbar(xs: list[float], c: float) -> float:
    return statistics.stdev(xs, xbar=c)


def i_stdev_xbar(xs: list[int], c: int) -> float:
    return statistics.stdev(xs, xbar=c)


def if_stdev_xbar(xs: list[int], c: float) -> float:
    return statistics.stdev(xs, xbar=c)


def fi_stdev_xbar(xs: list[float], c: int) -> float:
    return statistics.stdev(xs, xbar=c)


def f_pstdev_mu(xs: list[float], c: float) -> float:
    return statistics.pstdev(xs, mu=c)


def i_pstdev_mu(xs: list[int], c: int) -> float:
    return statistics.pstdev(xs, mu=c)


def if_pstdev_mu(xs: list[int], c: float) -> float:
    return statistics.pstdev(xs, mu=c)


def fi_pstdev_mu(xs: list[float], c: int) -> float:
    return statistics.pstdev(xs, mu=c)


def f_fmean_weights(xs: list[float], ws: list[float]) -> float:
    return statistics.fmean(xs, ws)


def i_fmean_weights(xs: list[int], ws: list[int]) -> float:
    return statistics.fmean(xs, weights=ws)


def f_quantiles(xs: list[float], n: int, method: str) -> list[float]:
    return statistics.quantiles(xs, n=n, method=method)


def i_quantiles(xs: list[int], n: int, method: str) -> list[float]:
    return statistics.quantiles(xs, n=n, method=method)


def f_quartiles(xs: list[float]) -> list[float]:
    return statistics.quantiles(xs)


def caught(xs: list[float]) -> str:
    try:
        return str(statistics.mean(xs))
    except statistics.StatisticsError as e:
        return "StatisticsError: " + str(e)


def caught_as_value_error(xs: list[float]) -> str:
    try:
        return str(statistics.variance(xs))
    except ValueError as e:
        return "ValueError: " + str(e)


def caught_by_name(xs: list[int]) -> str:
    try:
        return str(statistics.median_low(xs))
    except StatisticsError as e:
        return "caught " + str(e)


def raising(x: float) -> float:
    if x < 0:
        raise statistics.StatisticsError("negative: " + str(x))
    return x


def range_mean(n: int) -> float:
    return statistics.mean(range(n))


def tuple_median(a: float, b: float, c: float) -> float:
    return statistics.median((a, b, c))


def str_mode(text: str) -> str:
    return statistics.mode(text)
