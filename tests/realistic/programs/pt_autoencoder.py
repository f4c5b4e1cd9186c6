"""Autoencoders for inference: a dense autoencoder for sensor-feature anomaly detection,
a convolutional denoising autoencoder for 28x28 images, and a small VAE."""
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt
import torch
import torch.nn as nn
import torch.nn.functional as F

N_FEATURES = 16
LATENT_DIM = 4
_rng = np.random.default_rng(0)
FEATURE_MEAN = _rng.normal(0.0, 1.0, size=N_FEATURES).astype(np.float32)
FEATURE_STD = (_rng.uniform(0.5, 2.0, size=N_FEATURES)).astype(np.float32)


class DenseAutoencoder(nn.Module):
    def __init__(self, n_in: int, latent: int):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(n_in, 8), nn.ReLU(), nn.Linear(8, latent))
        self.decoder = nn.Sequential(nn.Linear(latent, 8), nn.ReLU(), nn.Linear(8, n_in))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.decoder(self.encoder(x))


class ConvDenoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Sequential(
            nn.Conv2d(1, 8, 3, stride=2, padding=1), nn.ReLU(),   # 14x14
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(),  # 7x7
        )
        self.dec = nn.Sequential(
            nn.ConvTranspose2d(16, 8, 3, stride=2, padding=1, output_padding=1), nn.ReLU(),
            nn.ConvTranspose2d(8, 1, 3, stride=2, padding=1, output_padding=1),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.dec(self.enc(x)))


class VAE(nn.Module):
    def __init__(self, n_in: int = 16, hidden: int = 12, latent: int = 2):
        super().__init__()
        self.fc = nn.Linear(n_in, hidden)
        self.fc_mu = nn.Linear(hidden, latent)
        self.fc_logvar = nn.Linear(hidden, latent)
        self.dec = nn.Sequential(nn.Linear(latent, hidden), nn.ReLU(), nn.Linear(hidden, n_in))

    def encode(self, x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        h = F.relu(self.fc(x))
        return self.fc_mu(h), self.fc_logvar(h)

    def decode(self, z: torch.Tensor) -> torch.Tensor:
        return self.dec(z)


torch.manual_seed(0)
AE = DenseAutoencoder(N_FEATURES, LATENT_DIM).eval()
DENOISER = ConvDenoiser().eval()
VAE_MODEL = VAE().eval()
DEFAULT_THRESHOLD = 1.5


def _standardize(x: np.ndarray) -> torch.Tensor:
    x = np.asarray(x, dtype=np.float32)
    if x.ndim == 1:
        x = x[None, :]
    if x.shape[-1] != N_FEATURES:
        raise ValueError(f"expected {N_FEATURES} features, got {x.shape[-1]}")
    # impute missing readings with the training mean (i.e. zero after scaling)
    x = np.where(np.isnan(x), FEATURE_MEAN, x)
    return torch.from_numpy((x - FEATURE_MEAN) / FEATURE_STD)


def reconstruct(x: torch.Tensor) -> torch.Tensor:
    """Run already-standardized (N, 16) features through the autoencoder."""
    with torch.no_grad():
        return AE(x.float())


def reconstruction_error(x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """Per-sample mean squared reconstruction error on raw (un-standardized) features."""
    inputs = _standardize(x)
    with torch.no_grad():
        recon = AE(inputs)
    return ((recon - inputs) ** 2).mean(dim=1).numpy()


def detect_anomalies(x: np.ndarray, threshold: Optional[float] = None) -> Dict[str, Any]:
    """Flag rows whose reconstruction error exceeds the threshold."""
    thr = DEFAULT_THRESHOLD if threshold is None else threshold
    scores = reconstruction_error(x)
    flags = scores > thr
    return {
        "scores": [round(float(s), 6) for s in scores],
        "is_anomaly": flags.tolist(),
        "num_anomalies": int(flags.sum()),
        "threshold": float(thr),
    }


def encode_latent(x: np.ndarray) -> torch.Tensor:
    """Latent codes (N, LATENT_DIM) for raw feature rows."""
    with torch.no_grad():
        return AE.encoder(_standardize(x))


def interpolate_latents(a: torch.Tensor, b: torch.Tensor, steps: int = 5) -> torch.Tensor:
    """Decode `steps` evenly spaced points on the line between latent codes a and b."""
    if steps < 2:
        raise ValueError("steps must be at least 2")
    alphas = torch.linspace(0.0, 1.0, steps).unsqueeze(1)
    z = (1 - alphas) * a.reshape(1, -1) + alphas * b.reshape(1, -1)
    with torch.no_grad():
        return AE.decoder(z)


def denoise_image(img: np.ndarray) -> np.ndarray:
    """uint8 (28, 28) image -> denoised uint8 (28, 28) image."""
    if img.dtype != np.uint8:
        raise TypeError(f"expected uint8 image, got {img.dtype}")
    x = torch.from_numpy(img).float().div(255.0)[None, None]
    with torch.no_grad():
        y = DENOISER(x)[0, 0]
    return (y * 255.0).round().clamp(0, 255).to(torch.uint8).numpy()


def vae_encode(x: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """(mu, logvar) of the approximate posterior for standardized features."""
    with torch.no_grad():
        return VAE_MODEL.encode(x)


def vae_anomaly_score(x: np.ndarray, n_samples: int = 8, seed: int = 0) -> List[float]:
    """Negative ELBO per row: Monte-Carlo reconstruction error + KL(q(z|x) || N(0, I))."""
    inputs = _standardize(x)
    gen = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        mu, logvar = VAE_MODEL.encode(inputs)
        std = torch.exp(0.5 * logvar)
        recon_err = torch.zeros(inputs.shape[0])
        for _ in range(n_samples):
            eps = torch.randn(mu.shape, generator=gen)
            recon = VAE_MODEL.decode(mu + eps * std)
            recon_err += F.mse_loss(recon, inputs, reduction="none").sum(dim=1)
        recon_err /= max(n_samples, 1)
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1)
    return (recon_err + kl).tolist()


_raw = (FEATURE_MEAN + FEATURE_STD * _rng.normal(size=(5, N_FEATURES))).astype(np.float32)
_raw_outlier = _raw.copy()
_raw_outlier[2] += 25.0
_raw_nan = _raw.astype(np.float64)
_raw_nan[1, [0, 3, 7]] = np.nan
_img = np.zeros((28, 28), dtype=np.uint8)
_img[8:20, 8:20] = 200
_noisy = np.clip(_img.astype(np.int16) + _rng.integers(-40, 40, size=(28, 28)), 0, 255).astype(np.uint8)

CASES = {
    "reconstruct": [
        (torch.from_numpy((_raw - FEATURE_MEAN) / FEATURE_STD),),
        (torch.zeros(1, N_FEATURES),),
        (torch.zeros(0, N_FEATURES),),
    ],
    "reconstruction_error": [
        (_raw,),
        (_raw[0],),
        (_raw_nan,),
        (np.zeros((2, 10), dtype=np.float32),),
    ],
    "detect_anomalies": [
        (_raw_outlier,),
        (_raw, 0.1),
        (_raw_nan, 100.0),
        (np.ones((1, 15)),),
    ],
    "encode_latent": [
        (_raw,),
        (FEATURE_MEAN,),
        (_raw_nan,),
    ],
    "interpolate_latents": [
        (torch.zeros(LATENT_DIM), torch.ones(LATENT_DIM)),
        (torch.tensor([1.0, -1.0, 0.5, 2.0]), torch.tensor([-1.0, 1.0, 0.5, -2.0]), 2),
        (torch.zeros(1, LATENT_DIM), torch.zeros(1, LATENT_DIM), 10),
        (torch.zeros(LATENT_DIM), torch.ones(LATENT_DIM), 1),
    ],
    "denoise_image": [
        (_noisy,),
        (np.zeros((28, 28), dtype=np.uint8),),
        (np.full((28, 28), 255, dtype=np.uint8),),
        (np.zeros((28, 28), dtype=np.float32),),
    ],
    "vae_encode": [
        (torch.from_numpy((_raw - FEATURE_MEAN) / FEATURE_STD),),
        (torch.zeros(1, N_FEATURES),),
        (torch.randn(3, N_FEATURES, generator=torch.Generator().manual_seed(1)),),
    ],
    "vae_anomaly_score": [
        (_raw,),
        (_raw_outlier, 4, 123),
        (_raw_nan[1], 1),
        (np.zeros((2, 4)),),
    ],
}
