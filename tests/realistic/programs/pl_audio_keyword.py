"""Keyword-spotting style audio pipeline: float32 waveform -> frames -> Hann window ->
power spectrum -> mel filterbank -> log-mel -> small Conv1d classifier (PyTorch)."""

import math
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass(frozen=True)
class FeatureConfig:
    sample_rate: int = 16000
    n_fft: int = 512
    win_length: int = 400  # 25 ms
    hop_length: int = 160  # 10 ms
    n_mels: int = 40
    f_min: float = 20.0
    f_max: Optional[float] = None
    preemphasis: float = 0.97
    log_floor: float = 1e-10


CFG = FeatureConfig()
LABELS = ["_silence_", "_unknown_", "yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]


def hz_to_mel(f: np.ndarray) -> np.ndarray:
    return 2595.0 * np.log10(1.0 + np.asarray(f, dtype=np.float64) / 700.0)


def mel_to_hz(m: np.ndarray) -> np.ndarray:
    return 700.0 * (10.0 ** (np.asarray(m, dtype=np.float64) / 2595.0) - 1.0)


# --------------------------------------------------------------------------- #
# Classifier
# --------------------------------------------------------------------------- #

class KWSNet(nn.Module):
    def __init__(self, n_mels: int, n_classes: int, channels: int = 32) -> None:
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, channels, kernel_size=5, padding=2)
        self.bn1 = nn.BatchNorm1d(channels)
        self.conv2 = nn.Conv1d(channels, channels, kernel_size=3, padding=2, dilation=2)
        self.bn2 = nn.BatchNorm1d(channels)
        self.fc = nn.Linear(2 * channels, n_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # x: [B, n_mels, T]
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(self.bn2(self.conv2(x)))
        stats = torch.cat([x.mean(dim=-1), x.amax(dim=-1)], dim=-1)
        return self.fc(stats)


torch.manual_seed(0)
MODEL = KWSNet(CFG.n_mels, len(LABELS)).eval()
# Per-mel-bin normalisation statistics (would come from the training set)
_rng = np.random.default_rng(0)
FEATURE_MEAN = (-8.0 + _rng.standard_normal(CFG.n_mels) * 0.5).astype(np.float32)
FEATURE_STD = (2.0 + np.abs(_rng.standard_normal(CFG.n_mels)) * 0.3).astype(np.float32)


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def frame_signal(
    waveform: npt.NDArray[np.float32],
    frame_length: int = CFG.win_length,
    hop_length: int = CFG.hop_length,
    center: bool = True,
) -> npt.NDArray[np.float32]:
    """Slice a 1-D waveform into overlapping frames -> [n_frames, frame_length]."""
    x = np.asarray(waveform, dtype=np.float32)
    if x.ndim != 1:
        raise ValueError(f"waveform must be mono 1-D, got shape {x.shape}")
    if frame_length <= 0 or hop_length <= 0:
        raise ValueError("frame_length and hop_length must be positive")
    if center:
        pad = frame_length // 2
        mode = "reflect" if x.size > pad else "constant"
        x = np.pad(x, (pad, pad), mode=mode)
    if x.size < frame_length:
        x = np.pad(x, (0, frame_length - x.size))
    n_frames = 1 + (x.size - frame_length) // hop_length
    idx = np.arange(frame_length)[None, :] + hop_length * np.arange(n_frames)[:, None]
    return x[idx]


def power_spectrum(frames: np.ndarray, n_fft: int = CFG.n_fft, window: str = "hann") -> np.ndarray:
    """Window each frame and return |rfft|^2 -> [n_frames, n_fft // 2 + 1] float32."""
    if frames.ndim != 2:
        raise ValueError("frames must be [n_frames, frame_length]")
    frame_len = frames.shape[1]
    if frame_len > n_fft:
        raise ValueError(f"frame_length {frame_len} > n_fft {n_fft}")
    if window == "hann":
        win = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(frame_len) / frame_len)
    elif window == "hamming":
        win = 0.54 - 0.46 * np.cos(2 * np.pi * np.arange(frame_len) / frame_len)
    elif window in ("rect", "none"):
        win = np.ones(frame_len)
    else:
        raise ValueError(f"unknown window {window!r}")
    spec = np.fft.rfft(frames * win.astype(np.float32), n=n_fft, axis=-1)
    return (spec.real ** 2 + spec.imag ** 2).astype(np.float32)


def mel_filterbank(
    n_mels: int = CFG.n_mels,
    n_fft: int = CFG.n_fft,
    sample_rate: int = CFG.sample_rate,
    f_min: float = CFG.f_min,
    f_max: Optional[float] = None,
) -> npt.NDArray[np.float32]:
    """Triangular, Slaney-area-normalised mel filters -> [n_mels, n_fft // 2 + 1]."""
    if f_max is None:
        f_max = sample_rate / 2.0
    if not 0 <= f_min < f_max <= sample_rate / 2.0:
        raise ValueError(f"invalid frequency range [{f_min}, {f_max}] for sr={sample_rate}")
    n_bins = n_fft // 2 + 1
    fft_freqs = np.linspace(0.0, sample_rate / 2.0, n_bins)
    mel_pts = np.linspace(hz_to_mel(f_min), hz_to_mel(f_max), n_mels + 2)
    hz_pts = mel_to_hz(mel_pts)
    fb = np.zeros((n_mels, n_bins), dtype=np.float64)
    for m in range(n_mels):
        lo, mid, hi = hz_pts[m], hz_pts[m + 1], hz_pts[m + 2]
        up = (fft_freqs - lo) / max(mid - lo, 1e-9)
        down = (hi - fft_freqs) / max(hi - mid, 1e-9)
        fb[m] = np.maximum(0.0, np.minimum(up, down))
        fb[m] *= 2.0 / (hi - lo)
    return fb.astype(np.float32)


MEL_FB = mel_filterbank()


def log_mel_spectrogram(waveform: np.ndarray, sample_rate: int = 16000) -> np.ndarray:
    """Full front-end: waveform -> log-mel features [n_frames, n_mels] float32."""
    if sample_rate != CFG.sample_rate:
        raise ValueError(f"expected {CFG.sample_rate} Hz audio, got {sample_rate} Hz (resample first)")
    x = np.asarray(waveform, dtype=np.float32)
    if x.ndim == 2:  # [channels, samples] -> mono
        x = x.mean(axis=0)
    x = np.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0)
    if CFG.preemphasis and x.size > 1:
        x = np.concatenate([x[:1], x[1:] - CFG.preemphasis * x[:-1]])
    frames = frame_signal(x)
    spec = power_spectrum(frames)
    mel = spec @ MEL_FB.T
    return np.log(np.maximum(mel, CFG.log_floor)).astype(np.float32)


def frame_energy_vad(waveform: np.ndarray, threshold_db: float = -40.0) -> List[Tuple[int, int]]:
    """Very simple energy VAD: returns (start_sample, end_sample) speech regions."""
    x = np.asarray(waveform, dtype=np.float32)
    if x.size == 0:
        return []
    frames = frame_signal(x, center=False)
    rms = np.sqrt(np.mean(frames.astype(np.float64) ** 2, axis=1) + 1e-12)
    ref = rms.max()
    db = 20.0 * np.log10(rms / max(ref, 1e-12))
    active = (db > threshold_db) & (rms > 1e-4)
    regions: List[Tuple[int, int]] = []
    start = None
    for i, a in enumerate(active.tolist()):
        if a and start is None:
            start = i
        elif not a and start is not None:
            regions.append((start * CFG.hop_length, min(x.size, (i - 1) * CFG.hop_length + CFG.win_length)))
            start = None
    if start is not None:
        regions.append((start * CFG.hop_length, x.size))
    return regions


@torch.no_grad()
def predict_proba(features: torch.Tensor) -> torch.Tensor:
    """Log-mel features [T, n_mels] or [B, T, n_mels] -> class probabilities [B, n_classes]."""
    if features.dim() == 2:
        features = features.unsqueeze(0)
    if features.dim() != 3 or features.shape[-1] != CFG.n_mels:
        raise ValueError(f"expected [..., T, {CFG.n_mels}] features, got {tuple(features.shape)}")
    mean = torch.from_numpy(FEATURE_MEAN)
    std = torch.from_numpy(FEATURE_STD)
    x = (features.float() - mean) / std
    logits = MODEL(x.transpose(1, 2))
    return torch.softmax(logits, dim=-1)


def classify_audio(waveform: np.ndarray, sample_rate: int = 16000,
                   min_confidence: float = 0.0) -> Dict[str, object]:
    """Full pipeline: waveform -> {'label', 'confidence', 'num_frames'}."""
    feats = log_mel_spectrogram(waveform, sample_rate)
    probs = predict_proba(torch.from_numpy(feats))[0]
    conf, idx = probs.max(dim=-1)
    label = LABELS[int(idx)]
    confidence = float(conf)
    if confidence < min_confidence:
        label = "_unknown_"
    return {"label": label, "confidence": round(confidence, 5), "num_frames": int(feats.shape[0])}


def top_k_labels(waveform: np.ndarray, k: int = 3) -> List[Tuple[str, float]]:
    """Return the k most likely keywords with probabilities."""
    if k < 1:
        raise ValueError("k must be >= 1")
    probs = predict_proba(torch.from_numpy(log_mel_spectrogram(waveform)))[0].numpy()
    order = np.argsort(probs)[::-1][:k]
    return [(LABELS[i], float(probs[i])) for i in order]


# --------------------------------------------------------------------------- #
# Cases
# --------------------------------------------------------------------------- #

_sr = CFG.sample_rate
_t = np.arange(int(0.25 * _sr), dtype=np.float32) / _sr
_tone = (0.5 * np.sin(2 * np.pi * 440.0 * _t)).astype(np.float32)
_noise = np.random.default_rng(1).standard_normal(4000).astype(np.float32) * 0.1
_silence = np.zeros(3200, dtype=np.float32)
_burst = np.concatenate([_silence[:1600], _tone[:1600], _silence[:1600]]).astype(np.float32)
_stereo = np.stack([_tone[:2000], _noise[:2000]]).astype(np.float32)
_short = np.array([0.1, -0.2, 0.3], dtype=np.float32)
_with_nan = _noise.copy()
_with_nan[10:20] = np.nan

CASES = {
    "frame_signal": [
        (_tone,),
        (_short, 4, 2),
        (np.zeros(0, dtype=np.float32), 400, 160, False),
        (_noise, 256, 128, False),
        (_stereo,),
    ],
    "power_spectrum": [
        (frame_signal(_tone),),
        (frame_signal(_noise, 256, 128), 256, "hamming"),
        (frame_signal(_short, 4, 2), 8, "rect"),
        (frame_signal(_tone), 256),
        (frame_signal(_tone), 512, "kaiser"),
    ],
    "mel_filterbank": [
        (),
        (20, 256, 8000),
        (64, 1024, 22050, 0.0, 8000.0),
        (40, 512, 16000, 100.0, 9000.0),
    ],
    "log_mel_spectrogram": [
        (_tone,),
        (_silence,),
        (_stereo, 16000),
        (_with_nan,),
        (_tone, 44100),
    ],
    "frame_energy_vad": [
        (_burst,),
        (_silence,),
        (np.zeros(0, dtype=np.float32),),
        (_noise, -10.0),
    ],
    "predict_proba": [
        (torch.from_numpy(log_mel_spectrogram(_tone)),),
        (torch.from_numpy(np.stack([log_mel_spectrogram(_noise), log_mel_spectrogram(_noise)])),),
        (torch.zeros(1, 5, 40, dtype=torch.float64),),
        (torch.zeros(10, 13),),
    ],
    "classify_audio": [
        (_tone,),
        (_noise, 16000, 0.9),
        (_silence,),
        (_short,),
        (_tone, 8000),
    ],
    "top_k_labels": [
        (_tone,),
        (_burst, 1),
        (_noise, 12),
        (_tone, 0),
    ],
}
