"""Small CNN image classifiers (MNIST-style 1x28x28 and CIFAR-style 3x32x32) with preprocessing
and post-processing wrappers like the ones in tutorial notebooks and model cards."""
from typing import Any, Dict, List, Union

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

MNIST_MEAN, MNIST_STD = 0.1307, 0.3081
CIFAR_MEAN = torch.tensor([0.4914, 0.4822, 0.4465]).view(3, 1, 1)
CIFAR_STD = torch.tensor([0.2470, 0.2435, 0.2616]).view(3, 1, 1)
CIFAR_CLASSES = (
    "airplane", "automobile", "bird", "cat", "deer",
    "dog", "frog", "horse", "ship", "truck",
)


class MnistNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 8, kernel_size=3, padding=1)
        self.conv2 = nn.Conv2d(8, 16, kernel_size=3, padding=1)
        self.dropout = nn.Dropout(0.25)
        self.fc1 = nn.Linear(16 * 7 * 7, 64)
        self.fc2 = nn.Linear(64, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = self.dropout(F.relu(self.fc1(x)))
        return self.fc2(x)


class CifarNet(nn.Module):
    def __init__(self, num_classes: int = 10):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 16, 3, padding=1, bias=False),
            nn.BatchNorm2d(16),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1, bias=False),
            nn.BatchNorm2d(32),
            nn.ReLU(inplace=True),
            nn.MaxPool2d(2),
            nn.Conv2d(32, 32, 3, padding=1),
            nn.ReLU(inplace=True),
        )
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Linear(32, num_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.features(x)
        x = self.pool(x).flatten(1)
        return self.classifier(x)


torch.manual_seed(0)
MNIST_MODEL = MnistNet().eval()
CIFAR_MODEL = CifarNet().eval()


def preprocess_mnist(img: np.ndarray) -> torch.Tensor:
    """uint8 (28, 28) grayscale image -> normalized (1, 1, 28, 28) float32 tensor."""
    if img.ndim == 3 and img.shape[0] == 1:
        img = img[0]
    if img.shape != (28, 28):
        raise ValueError(f"expected a 28x28 image, got {img.shape}")
    x = torch.from_numpy(img.astype(np.float32) / 255.0)
    x = (x - MNIST_MEAN) / MNIST_STD
    return x.unsqueeze(0).unsqueeze(0)


def classify_digit(img: np.ndarray, invert: bool = False) -> Dict[str, Any]:
    """Classify one handwritten digit; set invert=True for dark-on-light scans."""
    if invert:
        img = 255 - img
    x = preprocess_mnist(img)
    with torch.no_grad():
        probs = F.softmax(MNIST_MODEL(x), dim=1)[0]
    conf, pred = torch.max(probs, dim=0)
    return {"digit": pred.item(), "confidence": round(conf.item(), 5),
            "probs": [round(p, 5) for p in probs.tolist()]}


def classify_digits_batch(images: torch.Tensor, batch_size: int = 4) -> List[int]:
    """Classify a stack of uint8 digits shaped (N, 28, 28) or (N, 1, 28, 28), in mini-batches."""
    if images.dim() == 3:
        images = images.unsqueeze(1)
    if images.dim() != 4 or images.shape[1:] != (1, 28, 28):
        raise ValueError(f"bad batch shape {tuple(images.shape)}")
    preds: List[int] = []
    with torch.no_grad():
        for start in range(0, images.shape[0], batch_size):
            chunk = images[start:start + batch_size].float().div(255.0)
            chunk = (chunk - MNIST_MEAN) / MNIST_STD
            preds.extend(MNIST_MODEL(chunk).argmax(dim=1).tolist())
    return preds


def preprocess_cifar(img: Union[np.ndarray, torch.Tensor]) -> torch.Tensor:
    """HWC uint8 image (numpy or tensor) -> normalized CHW float32, resized to 32x32 if needed."""
    if isinstance(img, np.ndarray):
        img = torch.from_numpy(np.ascontiguousarray(img))
    if img.dim() != 3 or img.shape[-1] != 3:
        raise ValueError("expected an HxWx3 image")
    x = img.permute(2, 0, 1).float() / 255.0
    if x.shape[1:] != (32, 32):
        x = F.interpolate(x.unsqueeze(0), size=(32, 32), mode="bilinear", align_corners=False)[0]
    return (x - CIFAR_MEAN) / CIFAR_STD


def classify_cifar(img: np.ndarray, top_k: int = 3) -> List[Dict[str, Any]]:
    """Pipeline-style output: [{"label": ..., "score": ...}, ...] sorted by score."""
    x = preprocess_cifar(img).unsqueeze(0)
    with torch.no_grad():
        probs = CIFAR_MODEL(x).softmax(-1).squeeze(0)
    top_k = min(top_k, len(CIFAR_CLASSES))
    scores, ids = probs.topk(top_k)
    return [{"label": CIFAR_CLASSES[i], "score": s} for s, i in zip(scores.tolist(), ids.tolist())]


def cifar_logits(batch: torch.Tensor) -> torch.Tensor:
    """Raw logits for an already-normalized float32 NCHW batch."""
    if batch.dim() == 3:
        batch = batch.unsqueeze(0)
    with torch.no_grad():
        return CIFAR_MODEL(batch)


def classify_cifar_tta(img: torch.Tensor) -> Dict[str, Any]:
    """Test-time augmentation: average softmax over the image and its horizontal flip."""
    x = preprocess_cifar(img)
    views = torch.stack([x, torch.flip(x, dims=[2])])
    with torch.no_grad():
        view_probs = F.softmax(CIFAR_MODEL(views), dim=1)
    probs = view_probs.mean(dim=0)
    best = int(torch.argmax(probs))
    agreement = F.cosine_similarity(view_probs[0], view_probs[1], dim=0)
    return {
        "label": CIFAR_CLASSES[best],
        "score": float(probs[best]),
        "flip_agreement": float(agreement),
    }


def first_layer_activations(img: np.ndarray) -> Dict[str, List[float]]:
    """Per-channel mean and max of the first conv layer's ReLU activations for a digit image."""
    x = preprocess_mnist(img)
    with torch.no_grad():
        act = F.relu(MNIST_MODEL.conv1(x))[0]
    flat = act.flatten(1)
    return {
        "mean": [float(v) for v in flat.mean(dim=1)],
        "max": [float(v) for v in flat.max(dim=1).values],
        "active_fraction": [float(v) for v in (flat > 0).float().mean(dim=1)],
    }


_rng = np.random.default_rng(0)
_digit = np.zeros((28, 28), dtype=np.uint8)
_digit[4:24, 12:16] = 255  # a "1"
_noise_digit = _rng.integers(0, 256, size=(28, 28), dtype=np.uint8)
_cifar_img = _rng.integers(0, 256, size=(32, 32, 3), dtype=np.uint8)
_cifar_big = _rng.integers(0, 256, size=(40, 48, 3), dtype=np.uint8)
_digit_batch = torch.from_numpy(_rng.integers(0, 256, size=(6, 28, 28), dtype=np.uint8))

CASES = {
    "preprocess_mnist": [
        (_digit,),
        (_noise_digit[None],),
        (np.full((28, 28), 255, dtype=np.uint8),),
        (np.zeros((32, 32), dtype=np.uint8),),
    ],
    "classify_digit": [
        (_digit,),
        (_noise_digit, False),
        (255 - _digit, True),
        (np.zeros((28, 28), dtype=np.uint8),),
        (np.zeros((27, 28), dtype=np.uint8),),
    ],
    "classify_digits_batch": [
        (_digit_batch,),
        (_digit_batch.unsqueeze(1), 2),
        (torch.zeros(0, 28, 28, dtype=torch.uint8),),
        (torch.from_numpy(_digit)[None],),
        (torch.zeros(2, 3, 28, 28, dtype=torch.uint8),),
    ],
    "preprocess_cifar": [
        (_cifar_img,),
        (torch.from_numpy(_cifar_big),),
        (np.zeros((32, 32, 3), dtype=np.uint8),),
        (np.zeros((32, 32), dtype=np.uint8),),
    ],
    "classify_cifar": [
        (_cifar_img,),
        (_cifar_big, 1),
        (np.full((32, 32, 3), 128, dtype=np.uint8), 20),
        (_cifar_img[:, ::-1, :], 5),
    ],
    "cifar_logits": [
        (preprocess_cifar(_cifar_img),),
        (torch.stack([preprocess_cifar(_cifar_img), preprocess_cifar(_cifar_big)]),),
        (torch.zeros(1, 3, 16, 16),),
    ],
    "classify_cifar_tta": [
        (torch.from_numpy(_cifar_img),),
        (torch.from_numpy(_cifar_big),),
        (torch.zeros(32, 32, 3, dtype=torch.uint8),),
    ],
    "first_layer_activations": [
        (_digit,),
        (_noise_digit,),
        (np.zeros((28, 28), dtype=np.uint8),),
        (np.zeros((28, 28, 3), dtype=np.uint8),),
    ],
}
