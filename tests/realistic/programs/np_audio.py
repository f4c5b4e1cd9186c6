"""Audio front-end features in NumPy: framing, windowing, STFT, mel filterbanks, MFCC-ish features.

Waveforms are mono float32 arrays in [-1, 1] unless stated otherwise.
"""
import math
from typing import Dict, Optional, Tuple

import numpy as np
import numpy.typing as npt

SAMPLE_RATE = 16000
N_FFT = 512
HOP_LENGTH = 160
WIN_LENGTH = 400


def pre_emphasis(signal: np.ndarray, coeff: float = 0.97) -> np.ndarray:
    """y[n] = x[n] - coeff * x[n-1]."""
    if signal.size == 0:
        return signal.astype(np.float32)
    return np.append(signal[0], signal[1:] - coeff * signal[:-1]).astype(np.float32)


def pcm16_to_float(pcm: np.ndarray) -> np.ndarray:
    """int16 PCM -> float32 in [-1, 1)."""
    if pcm.dtype != np.int16:
        raise TypeError(f"expected int16 PCM, got {pcm.dtype}")
    return pcm.astype(np.float32) / 32768.0


def frame_signal(
    signal: np.ndarray,
    frame_length: int = WIN_LENGTH,
    hop_length: int = HOP_LENGTH,
    pad_end: bool = True,
) -> np.ndarray:
    """Split a 1-D signal into overlapping frames, shape (n_frames, frame_length)."""
    n = len(signal)
    if n < frame_length:
        if not pad_end:
            return np.zeros((0, frame_length), dtype=signal.dtype)
        n_frames = 1
    else:
        n_frames = 1 + int(math.ceil((n - frame_length) / hop_length)) if pad_end else 1 + (n - frame_length) // hop_length
    total = (n_frames - 1) * hop_length + frame_length
    padded = np.zeros(total, dtype=signal.dtype)
    padded[: min(n, total)] = signal[:total]
    idx = np.arange(frame_length)[None, :] + hop_length * np.arange(n_frames)[:, None]
    return padded[idx]


def hann_window(length: int, periodic: bool = True) -> npt.NDArray[np.float32]:
    if length <= 0:
        return np.zeros(0, dtype=np.float32)
    if length == 1:
        return np.ones(1, dtype=np.float32)
    denom = length if periodic else length - 1
    n = np.arange(length)
    return (0.5 - 0.5 * np.cos(2 * np.pi * n / denom)).astype(np.float32)


def rms_energy(signal: np.ndarray, frame_length: int = 400, hop_length: int = 160) -> np.ndarray:
    """Per-frame RMS energy."""
    frames = frame_signal(signal.astype(np.float32), frame_length, hop_length)
    return np.sqrt(np.mean(frames ** 2, axis=1))


def zero_crossing_rate(signal: np.ndarray, frame_length: int = 400, hop_length: int = 160) -> np.ndarray:
    """Fraction of sign changes per frame."""
    frames = frame_signal(signal, frame_length, hop_length)
    signs = np.signbit(frames)
    crossings = np.abs(np.diff(signs.astype(np.int8), axis=1))
    return crossings.sum(axis=1) / float(frame_length)


def power_spectrogram(
    signal: np.ndarray,
    n_fft: int = N_FFT,
    hop_length: int = HOP_LENGTH,
    win_length: Optional[int] = None,
) -> np.ndarray:
    """|STFT|^2, shape (n_frames, n_fft // 2 + 1), float32."""
    win_length = win_length or n_fft
    if win_length > n_fft:
        raise ValueError("win_length must be <= n_fft")
    frames = frame_signal(signal.astype(np.float32), win_length, hop_length)
    window = hann_window(win_length)
    frames = frames * window
    if win_length < n_fft:
        left = (n_fft - win_length) // 2
        frames = np.pad(frames, ((0, 0), (left, n_fft - win_length - left)))
    spec = np.fft.rfft(frames, n=n_fft, axis=1)
    return (np.abs(spec) ** 2).astype(np.float32)


def hz_to_mel(freq: np.ndarray) -> np.ndarray:
    return 2595.0 * np.log10(1.0 + np.asarray(freq, dtype=np.float64) / 700.0)


def mel_to_hz(mel: np.ndarray) -> np.ndarray:
    return 700.0 * (10.0 ** (np.asarray(mel, dtype=np.float64) / 2595.0) - 1.0)


def mel_filterbank(
    n_mels: int = 40,
    n_fft: int = N_FFT,
    sample_rate: int = SAMPLE_RATE,
    fmin: float = 0.0,
    fmax: Optional[float] = None,
) -> np.ndarray:
    """Triangular HTK mel filterbank, shape (n_mels, n_fft // 2 + 1)."""
    fmax = fmax if fmax is not None else sample_rate / 2
    if fmax > sample_rate / 2 or fmin >= fmax:
        raise ValueError("invalid frequency range")
    n_bins = n_fft // 2 + 1
    fft_freqs = np.linspace(0, sample_rate / 2, n_bins)
    mel_points = np.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    hz_points = mel_to_hz(mel_points)
    fb = np.zeros((n_mels, n_bins), dtype=np.float32)
    for m in range(1, n_mels + 1):
        left, center, right = hz_points[m - 1], hz_points[m], hz_points[m + 1]
        up = (fft_freqs - left) / max(center - left, 1e-10)
        down = (right - fft_freqs) / max(right - center, 1e-10)
        fb[m - 1] = np.maximum(0.0, np.minimum(up, down))
    return fb


def log_mel_spectrogram(
    waveform: npt.NDArray[np.float32],
    n_mels: int = 40,
    sample_rate: int = SAMPLE_RATE,
    n_fft: int = N_FFT,
    hop_length: int = HOP_LENGTH,
) -> npt.NDArray[np.float32]:
    """Log-mel features (n_frames, n_mels), Whisper-like clamping to max - 8 dB (log10)."""
    spec = power_spectrogram(waveform, n_fft=n_fft, hop_length=hop_length, win_length=min(WIN_LENGTH, n_fft))
    fb = mel_filterbank(n_mels, n_fft, sample_rate)
    mel = spec @ fb.T
    log_spec = np.log10(np.maximum(mel, 1e-10))
    log_spec = np.maximum(log_spec, log_spec.max() - 8.0)
    return ((log_spec + 4.0) / 4.0).astype(np.float32)


def mfcc(
    waveform: np.ndarray,
    n_mfcc: int = 13,
    n_mels: int = 40,
    sample_rate: int = SAMPLE_RATE,
) -> np.ndarray:
    """MFCCs via a DCT-II (orthonormal) of log-mel energies."""
    spec = power_spectrogram(pre_emphasis(waveform), n_fft=N_FFT, hop_length=HOP_LENGTH, win_length=WIN_LENGTH)
    mel = spec @ mel_filterbank(n_mels, N_FFT, sample_rate).T
    log_mel = np.log(mel + 1e-6)
    n = np.arange(n_mels)
    k = np.arange(n_mfcc)[:, None]
    dct = np.cos(np.pi / n_mels * (n + 0.5) * k) * np.sqrt(2.0 / n_mels)
    dct[0] *= 1.0 / np.sqrt(2.0)
    return (log_mel @ dct.T).astype(np.float32)


def normalize_loudness(waveform: np.ndarray, target_dbfs: float = -20.0, eps: float = 1e-9) -> Tuple[np.ndarray, float]:
    """Scale waveform to a target RMS level in dBFS; returns (scaled, gain_db)."""
    rms = float(np.sqrt(np.mean(np.square(waveform, dtype=np.float64)))) if waveform.size else 0.0
    current_db = 20.0 * math.log10(rms + eps)
    gain_db = target_dbfs - current_db
    if rms < eps:
        return waveform.astype(np.float32), 0.0
    scaled = waveform * (10.0 ** (gain_db / 20.0))
    return np.clip(scaled, -1.0, 1.0).astype(np.float32), round(gain_db, 4)


def detect_voice_activity(
    waveform: np.ndarray,
    threshold_db: float = -35.0,
    frame_ms: float = 25.0,
    hop_ms: float = 10.0,
    sample_rate: int = SAMPLE_RATE,
) -> Dict[str, object]:
    """Energy-based VAD: returns speech flags per frame and merged (start_s, end_s) segments."""
    frame_len = int(sample_rate * frame_ms / 1000)
    hop = int(sample_rate * hop_ms / 1000)
    energy = rms_energy(waveform, frame_len, hop)
    db = 20 * np.log10(energy + 1e-10)
    flags = db > threshold_db
    segments = []
    start = None
    for i, f in enumerate(flags):
        if f and start is None:
            start = i
        elif not f and start is not None:
            segments.append((round(start * hop / sample_rate, 3), round((i - 1) * hop / sample_rate + frame_ms / 1000, 3)))
            start = None
    if start is not None:
        segments.append((round(start * hop / sample_rate, 3), round((len(flags) - 1) * hop / sample_rate + frame_ms / 1000, 3)))
    return {"flags": flags.tolist(), "segments": segments, "speech_ratio": float(flags.mean()) if flags.size else 0.0}


# ---------------------------------------------------------------------------
_rng = np.random.default_rng(0)
_t = np.arange(4000) / SAMPLE_RATE
_SINE = (0.5 * np.sin(2 * np.pi * 440 * _t)).astype(np.float32)
_NOISE = (0.1 * _rng.standard_normal(3200)).astype(np.float32)
_SILENCE = np.zeros(1600, dtype=np.float32)
_BURST = np.concatenate([_SILENCE, _SINE[:2400], _SILENCE]).astype(np.float32)
_SHORT = _rng.uniform(-1, 1, 100).astype(np.float32)
_PCM = (_SINE * 32767).astype(np.int16)

CASES = {
    "pre_emphasis": [
        (_SINE,),
        (_NOISE, 0.95),
        (np.zeros(0, dtype=np.float32),),
        (np.array([1.0], dtype=np.float32),),
    ],
    "pcm16_to_float": [
        (_PCM,),
        (np.array([-32768, 0, 32767], dtype=np.int16),),
        (np.zeros(0, dtype=np.int16),),
        (_SINE,),
    ],
    "frame_signal": [
        (_SINE,),
        (_NOISE, 256, 128, False),
        (_SHORT, 400, 160),
        (_SHORT, 400, 160, False),
        (np.arange(10, dtype=np.float64), 4, 2),
    ],
    "zero_crossing_rate": [
        (_SINE,),
        (_NOISE, 256, 128),
        (_SILENCE,),
        (_SHORT, 20, 10),
    ],
    "power_spectrogram": [
        (_SINE,),
        (_NOISE, 256, 128),
        (_SHORT, 64, 32, 48),
        (_SINE, 256, 128, 400),
    ],
    "mel_filterbank": [
        (),
        (26, 256, 8000),
        (10, 512, 16000, 300.0, 4000.0),
        (40, 512, 16000, 0.0, 9000.0),
    ],
    "log_mel_spectrogram": [
        (_SINE,),
        (_NOISE, 64),
        (_SILENCE, 40),
        (_SHORT, 20, 8000, 256, 64),
    ],
    "mfcc": [
        (_SINE,),
        (_NOISE, 20),
        (_BURST, 13, 26, 16000),
        (_SHORT,),
    ],
    "normalize_loudness": [
        (_SINE,),
        (_NOISE, -10.0),
        (_SILENCE,),
        (np.zeros(0, dtype=np.float32),),
    ],
    "detect_voice_activity": [
        (_BURST,),
        (_SILENCE,),
        (_NOISE, -30.0, 20.0, 10.0),
        (_SINE, -10.0, 25.0, 10.0, 8000),
    ],
}
