"""Every signature form published code writes, and decorators: keyword-only settings of an
audio front end, positional-only parameters, helpers taking *args and **kwargs, a forwarding
helper, settings spread from a module-level dict or a dict display, a timing decorator that
wraps with functools.wraps, a decorator factory without it, a decorator on a helper."""
import functools
import math

DEFAULTS = {"n_fft": 400, "hop": 160}


def _frames(n_samples: int, *, n_fft: int = 512, hop: int = 256, center: bool = True) -> int:
    if center:
        n_samples += 2 * (n_fft // 2)
    return 1 + max(0, n_samples - n_fft) // hop


def _clip(x: float, lo: float, hi: float, /) -> float:
    return min(max(x, lo), hi)


def _weighted_sum(*values, weights=None) -> float:
    if weights is None:
        return sum(values)
    return sum(v * w for v, w in zip(values, weights))


def _describe(name: str, **fields) -> str:
    parts = [f"{k}={v}" for k, v in fields.items()]
    return name + "(" + ", ".join(parts) + ")"


def _call(fn, *args, **kwargs):
    return fn(*args, **kwargs)


def _counted(f):
    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        return (f(*args, **kwargs), f.__name__)
    return wrapper


def _times(n):
    def deco(f):
        def run(*args):
            out = []
            for i in range(n):
                out.append(f(*args) + i)
            return out
        return run
    return deco


@_counted
def _area(w: float, h: float) -> float:
    return w * h


def frame_counts(n_samples: int) -> list[int]:
    return [_frames(n_samples), _frames(n_samples, n_fft=256), _frames(n_samples, hop=100, center=False),
            _frames(n_samples, **DEFAULTS), _frames(n_samples, **{"n_fft": 64, "center": False})]


def clipped(xs: list[float], lo: float, hi: float, /) -> list[float]:
    return [_clip(x, lo, hi) for x in xs]


def weighted(a: float, b: float, c: float) -> tuple[float, float, float]:
    return _weighted_sum(a, b, c), _weighted_sum(a, b, weights=(0.5, 2.0)), _weighted_sum()


def described(w: int, h: int) -> str:
    return _describe("Box", width=w, height=h, area=w * h) + " " + _describe("Empty")


def forwarded(x: float) -> float:
    return _call(math.hypot, x, 4.0) + _call(_clip, x, 0.0, 1.0) + _call(_frames, 1000, hop=500)


def areas(w: float, h: float) -> tuple[float, str]:
    return _area(w, h=h)


@_counted
def perimeter(w: float, h: float) -> float:
    return 2 * (w + h)


@_times(3)
def _ramp(start: int, step: int) -> int:
    return start * step


def ramps(start: int, step: int) -> list[int]:
    return _ramp(start, step)


def _hann(n: int) -> list:
    return [0.5 - 0.5 * math.cos(2 * math.pi * i / n) for i in range(n)]


def window_frames(sig: list[float], frame_len: int, winfunc=lambda x: [1.0] * x, taper=_hann) -> list:
    """Functions as defaults of the exported function (a lambda, a module function): the body
    calls them; callers leave them out."""
    w = winfunc(frame_len)
    t = taper(frame_len)
    return [s * w[i % frame_len] * t[i % frame_len] for i, s in enumerate(sig)]


CASES = {
    "window_frames": [([1.0, 2.0, 3.0], 2), ([], 3), ([0.5] * 5, 4)],
    "frame_counts": [(16000,), (0,), (513,)],
    "clipped": [([-1.0, 0.5, 2.0], 0.0, 1.0), ([], 0.0, 1.0)],
    "weighted": [(1.0, 2.0, 3.0), (0.5, -0.5, 0.0)],
    "described": [(2, 3), (0, 0)],
    "forwarded": [(3.0,), (0.25,)],
    "areas": [(2.0, 3.5), (0.0, 1.0)],
    "perimeter": [(2.0, 3.5), (1.0, 1.0)],
    "ramps": [(2, 5), (0, 1)],
}
