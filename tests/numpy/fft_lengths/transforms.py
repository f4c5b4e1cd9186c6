"""The transforms test_fft_lengths.py sweeps over many lengths (compiled once)."""
import numpy as np
import numpy.typing as npt


def fft64(x: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    return np.fft.fft(x)


def cfft(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.complex128]:
    return np.fft.fft(np.fft.ifft(y) + x)


def rfft32(x: npt.NDArray[np.float32]) -> npt.NDArray[np.complex128]:
    return np.fft.rfft(x)


def irfft64(x: npt.NDArray[np.float64], n: int) -> npt.NDArray[np.float64]:
    return np.fft.irfft(np.fft.rfft(x), n)
