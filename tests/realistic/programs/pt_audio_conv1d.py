"""Audio front-end and 1D-conv models on frames: PCM conversion, framing, log-mel features,
a keyword-spotting CNN, a frame-level VAD, and a tiny CTC acoustic model with greedy decoding."""
import math
from typing import Any, Dict, List, Tuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

SAMPLE_RATE = 16000
N_FFT = 400
HOP_LENGTH = 160
N_MELS = 20
KEYWORDS = ["_silence_", "_unknown_", "yes", "no", "up", "down", "stop", "go"]
CTC_ALPHABET = ["<blank>", " ", "'"] + [chr(c) for c in range(ord("a"), ord("z") + 1)]


def _hz_to_mel(f):
    return 2595.0 * np.log10(1.0 + f / 700.0)


def _mel_to_hz(m):
    return 700.0 * (10 ** (m / 2595.0) - 1.0)


def _mel_filterbank(n_mels: int, n_fft: int, sr: int) -> np.ndarray:
    n_freqs = n_fft // 2 + 1
    fft_freqs = np.linspace(0, sr / 2, n_freqs)
    mel_pts = np.linspace(_hz_to_mel(0.0), _hz_to_mel(sr / 2), n_mels + 2)
    hz_pts = _mel_to_hz(mel_pts)
    fb = np.zeros((n_mels, n_freqs), dtype=np.float32)
    for m in range(1, n_mels + 1):
        left, center, right = hz_pts[m - 1], hz_pts[m], hz_pts[m + 1]
        up = (fft_freqs - left) / (center - left)
        down = (right - fft_freqs) / (right - center)
        fb[m - 1] = np.maximum(0.0, np.minimum(up, down))
    return fb


MEL_FB = torch.from_numpy(_mel_filterbank(N_MELS, N_FFT, SAMPLE_RATE))  # (n_mels, n_freqs)
WINDOW = torch.hann_window(N_FFT)


class KeywordCNN(nn.Module):
    def __init__(self, n_mels: int, n_classes: int):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, 32, kernel_size=5, padding=2)
        self.bn1 = nn.BatchNorm1d(32)
        self.conv2 = nn.Conv1d(32, 32, kernel_size=3, padding=2, dilation=2)
        self.bn2 = nn.BatchNorm1d(32)
        self.fc = nn.Linear(32, n_classes)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:  # (B, n_mels, T)
        x = F.relu(self.bn1(self.conv1(feats)))
        x = F.relu(self.bn2(self.conv2(x)))
        return self.fc(x.mean(dim=-1))


class FrameVAD(nn.Module):
    def __init__(self, n_mels: int):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, 16, kernel_size=3, padding=1)
        self.out = nn.Conv1d(16, 1, kernel_size=1)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        return self.out(torch.tanh(self.conv(feats))).squeeze(1)  # (B, T) logits


class TinyCTC(nn.Module):
    def __init__(self, n_mels: int, n_tokens: int):
        super().__init__()
        self.conv1 = nn.Conv1d(n_mels, 48, kernel_size=3, padding=1)
        self.conv2 = nn.Conv1d(48, 48, kernel_size=3, stride=2, padding=1)
        self.proj = nn.Linear(48, n_tokens)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        x = F.gelu(self.conv1(feats))
        x = F.gelu(self.conv2(x))
        return F.log_softmax(self.proj(x.transpose(1, 2)), dim=-1)  # (B, T', V)


torch.manual_seed(0)
KWS_MODEL = KeywordCNN(N_MELS, len(KEYWORDS)).eval()
VAD_MODEL = FrameVAD(N_MELS).eval()
with torch.no_grad():
    # hand-set "energy detector" head: unit 0 averages the mel bands, the output reads it
    VAD_MODEL.conv.weight[0].fill_(1.0 / (N_MELS * 3))
    VAD_MODEL.conv.bias[0] = 0.0
    VAD_MODEL.out.weight.mul_(0.1)
    VAD_MODEL.out.weight[0, 0, 0] = 4.0
    VAD_MODEL.out.bias.fill_(-0.5)
CTC_MODEL = TinyCTC(N_MELS, len(CTC_ALPHABET)).eval()


def pcm16_to_float(pcm: np.ndarray) -> torch.Tensor:
    """int16 PCM samples (mono, or (n, channels) interleaved) -> mono float32 in [-1, 1)."""
    if pcm.dtype != np.int16:
        raise TypeError(f"expected int16 PCM, got {pcm.dtype}")
    audio = torch.from_numpy(pcm.astype(np.float32) / 32768.0)
    if audio.dim() == 2:
        audio = audio.mean(dim=1)
    return audio


def frame_signal(signal: torch.Tensor, frame_length: int = N_FFT, hop_length: int = HOP_LENGTH) -> torch.Tensor:
    """Slice a 1-D waveform into overlapping frames (n_frames, frame_length); zero-pads the tail."""
    if frame_length <= 0 or hop_length <= 0:
        raise ValueError("frame_length and hop_length must be positive")
    n = signal.numel()
    n_frames = 1 + max(0, math.ceil((n - frame_length) / hop_length))
    total = (n_frames - 1) * hop_length + frame_length
    padded = F.pad(signal.flatten(), (0, total - n))
    return padded.unfold(0, frame_length, hop_length)


def log_mel_spectrogram(waveform: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """(num_samples,) float waveform -> (N_MELS, n_frames) log-mel features."""
    if waveform.dim() != 1:
        raise ValueError("expected a mono 1-D waveform")
    if waveform.numel() < N_FFT:
        waveform = F.pad(waveform, (0, N_FFT - waveform.numel()))
    spec = torch.stft(waveform.float(), n_fft=N_FFT, hop_length=HOP_LENGTH, window=WINDOW,
                      center=True, return_complex=True)
    power = spec.abs() ** 2  # (n_freqs, frames)
    mel = MEL_FB @ power
    return torch.log(mel + eps)


def normalize_peak(waveform: torch.Tensor, target_dbfs: float = -1.0) -> torch.Tensor:
    """Scale so the absolute peak sits at target_dbfs; silence is returned unchanged."""
    peak = waveform.abs().max() if waveform.numel() else torch.tensor(0.0)
    if peak.item() == 0.0:
        return waveform.clone()
    target = 10.0 ** (target_dbfs / 20.0)
    return waveform * (target / peak)


def resample_linear(waveform: torch.Tensor, orig_sr: int, target_sr: int) -> torch.Tensor:
    """Cheap linear-interpolation resampler for a 1-D waveform."""
    if orig_sr <= 0 or target_sr <= 0:
        raise ValueError("sample rates must be positive")
    if orig_sr == target_sr or waveform.numel() == 0:
        return waveform
    new_len = max(1, int(round(waveform.numel() * target_sr / orig_sr)))
    out = F.interpolate(waveform.view(1, 1, -1), size=new_len, mode="linear", align_corners=False)
    return out.view(-1)


def spot_keyword(pcm: np.ndarray, top_k: int = 3) -> Dict[str, Any]:
    """Keyword spotting on an int16 clip: returns the best keyword and the top-k scores."""
    audio = pcm16_to_float(pcm)
    feats = log_mel_spectrogram(audio)
    feats = (feats - feats.mean(dim=1, keepdim=True)) / (feats.std(dim=1, keepdim=True) + 1e-5)
    with torch.no_grad():
        probs = F.softmax(KWS_MODEL(feats.unsqueeze(0)), dim=-1)[0]
    scores, idx = probs.topk(min(top_k, len(KEYWORDS)))
    return {
        "keyword": KEYWORDS[int(idx[0])],
        "top": [(KEYWORDS[i], round(s, 5)) for i, s in zip(idx.tolist(), scores.tolist())],
    }


def detect_speech(waveform: torch.Tensor, threshold: float = 0.5, min_frames: int = 2) -> List[Tuple[float, float]]:
    """Frame-level VAD -> list of (start_sec, end_sec) speech segments."""
    feats = log_mel_spectrogram(waveform)
    feats = feats - feats.mean()
    with torch.no_grad():
        probs = torch.sigmoid(VAD_MODEL(feats.unsqueeze(0)))[0]
    active = (probs > threshold).tolist()
    segments: List[Tuple[float, float]] = []
    start = None
    for i, is_speech in enumerate(active + [False]):
        if is_speech and start is None:
            start = i
        elif not is_speech and start is not None:
            if i - start >= min_frames:
                segments.append((start * HOP_LENGTH / SAMPLE_RATE, i * HOP_LENGTH / SAMPLE_RATE))
            start = None
    return segments


def ctc_greedy_decode(log_probs: torch.Tensor, blank: int = 0) -> List[List[int]]:
    """Best-path CTC decoding of (B, T, V) log-probs: argmax, collapse repeats, drop blanks."""
    if log_probs.dim() == 2:
        log_probs = log_probs.unsqueeze(0)
    best = log_probs.argmax(dim=-1)
    results = []
    for path in best:
        keep = torch.ones_like(path, dtype=torch.bool)
        keep[1:] = path[1:] != path[:-1]
        keep &= path != blank
        results.append(path[keep].tolist())
    return results


def transcribe(waveform: torch.Tensor) -> Dict[str, Any]:
    """Tiny CTC acoustic model -> greedy transcript and mean frame confidence."""
    feats = log_mel_spectrogram(waveform)
    feats = (feats - feats.mean()) / (feats.std() + 1e-5)
    with torch.no_grad():
        log_probs = CTC_MODEL(feats.unsqueeze(0))
    tokens = ctc_greedy_decode(log_probs)[0]
    text = "".join(CTC_ALPHABET[t] for t in tokens)
    confidence = log_probs.max(dim=-1).values.exp().mean().item()
    return {"text": " ".join(text.split()), "confidence": confidence, "num_frames": int(log_probs.shape[1])}


_rng = np.random.default_rng(0)
_t = np.arange(SAMPLE_RATE // 2) / SAMPLE_RATE
_tone = (0.3 * np.sin(2 * np.pi * 440.0 * _t)).astype(np.float32)
_pcm = (_tone * 32767).astype(np.int16)
_pcm_noise = _rng.integers(-2000, 2000, size=4000, dtype=np.int16)
_stereo = np.stack([_pcm[:3200], _pcm_noise[:3200]], axis=1)
_burst = np.zeros(8000, dtype=np.float32)
_burst[2000:5000] = _rng.normal(0, 0.5, size=3000)
_lp = torch.log_softmax(torch.randn(2, 12, len(CTC_ALPHABET), generator=torch.Generator().manual_seed(0)), dim=-1)

CASES = {
    "pcm16_to_float": [
        (_pcm[:1000],),
        (_stereo,),
        (np.array([-32768, 0, 32767], dtype=np.int16),),
        (np.zeros(0, dtype=np.int16),),
        (_tone[:10],),
    ],
    "frame_signal": [
        (torch.from_numpy(_tone[:1600]),),
        (torch.from_numpy(_tone[:100]), 400, 160),
        (torch.arange(10, dtype=torch.float32), 4, 2),
        (torch.zeros(0), 4, 4),
        (torch.ones(8), 0, 2),
    ],
    "log_mel_spectrogram": [
        (torch.from_numpy(_tone),),
        (torch.zeros(800),),
        (torch.from_numpy(_tone[:50]),),
        (torch.zeros(2, 800),),
    ],
    "normalize_peak": [
        (torch.from_numpy(_tone),),
        (torch.zeros(100), -3.0),
        (torch.tensor([0.1, -0.5, 0.25]), 0.0),
        (torch.zeros(0),),
    ],
    "resample_linear": [
        (torch.from_numpy(_tone[:4410]), 44100, 16000),
        (torch.arange(8, dtype=torch.float32), 8000, 16000),
        (torch.ones(5), 16000, 16000),
        (torch.ones(5), 0, 16000),
    ],
    "spot_keyword": [
        (_pcm,),
        (_pcm_noise, 1),
        (np.zeros(16000, dtype=np.int16), 10),
        (_stereo,),
    ],
    "detect_speech": [
        (torch.from_numpy(_burst),),
        (torch.from_numpy(_tone), 0.3, 1),
        (torch.zeros(4000), 0.5),
        (torch.from_numpy(_burst), 0.99, 5),
    ],
    "ctc_greedy_decode": [
        (_lp,),
        (_lp[0], 0),
        (torch.log_softmax(torch.tensor([[[0.0, 5.0, 0.0], [0.0, 5.0, 0.0], [5.0, 0.0, 0.0],
                                         [0.0, 5.0, 0.0], [0.0, 0.0, 5.0]]]), dim=-1),),
        (torch.zeros(1, 0, 4),),
    ],
    "transcribe": [
        (torch.from_numpy(_tone),),
        (torch.from_numpy(_burst),),
        (torch.zeros(1600),),
    ],
}
