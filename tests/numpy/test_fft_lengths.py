"""muna's FFT against NumPy's pocketfft over many lengths: every path of the mixed-radix plan
(radix 2, 3, 4, 5 and the generic odd butterflies), Bluestein for large prime factors, and the
real transforms of even and odd lengths. The largest error relative to the largest output must
stay within the FFT ops' registered tolerance; bench/numpy/fft_accuracy.py reports the measured
errors over 1..4096 and the primes to 20011 (docs/fft.md)."""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import muna  # noqa: E402
from muna_testing import compile_library  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "fft_lengths"))
import transforms  # noqa: E402

FUNCTIONS = ["fft64", "cfft", "rfft32", "irfft64"]
PRIMES = [p for p in range(2, 5000) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
LENGTHS = sorted(set(range(1, 400)) | set(PRIMES[::7]) | {512, 1000, 1024, 2048, 2187, 3125, 4096, 4093, 4097})
BOUND = 1e-13  # the measured worst case is ~2e-15 (docs/fft.md)


def test_fft_matches_numpy_over_lengths():
    lib = compile_library("tests/numpy/fft_lengths/transforms.py", ",".join(FUNCTIONS), "--target", "x86-64-v3")
    native = {name: muna.load(lib, name) for name in FUNCTIONS}
    rng = np.random.RandomState(7)
    worst = {}
    for n in LENGTHS:
        x, y = rng.standard_normal(n), rng.standard_normal(n)
        for name in FUNCTIONS:
            args = (x, y) if name == "cfft" else (x, n) if name == "irfft64" else \
                (x.astype(np.float32),) if name == "rfft32" else (x,)
            got, want = native[name](*args), getattr(transforms, name)(*args)
            assert got.dtype == want.dtype and got.shape == want.shape, (name, n)
            err = float(np.max(np.abs(got - want)) / np.max(np.abs(want)))
            worst[name] = max(worst.get(name, (0.0, 0)), (err, n))
    assert all(err <= BOUND for err, _ in worst.values()), worst
