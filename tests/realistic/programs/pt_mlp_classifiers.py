"""MLP classifiers over tabular features, with the inference wrappers a model card would ship.

Covers a 3-class iris-style classifier, a multi-label ticket tagger and a binary churn scorer.
"""
import math
from typing import Dict, List, Optional, Tuple

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

IRIS_LABELS = ["setosa", "versicolor", "virginica"]
IRIS_FEATURES = ["sepal_length", "sepal_width", "petal_length", "petal_width"]
IRIS_MEAN = torch.tensor([5.843, 3.057, 3.758, 1.199])
IRIS_STD = torch.tensor([0.828, 0.436, 1.765, 0.762])

TICKET_TAGS = ["urgent", "billing", "technical", "spam", "feedback"]

CHURN_FEATURES = [
    "tenure_months",
    "monthly_charges",
    "support_calls",
    "num_products",
    "is_active",
    "age",
]
CHURN_DEFAULTS = {
    "tenure_months": 24.0,
    "monthly_charges": 65.0,
    "support_calls": 1.0,
    "num_products": 2.0,
    "is_active": 1.0,
    "age": 40.0,
}
CHURN_SCALE = {
    "tenure_months": 24.0,
    "monthly_charges": 30.0,
    "support_calls": 2.0,
    "num_products": 1.0,
    "is_active": 1.0,
    "age": 12.0,
}


class MLPClassifier(nn.Module):
    def __init__(self, in_features: int, hidden: int, num_classes: int, dropout: float = 0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_features, hidden),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(hidden, num_classes),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.net(x)


class MultiLabelMLP(nn.Module):
    def __init__(self, in_features: int, hidden: int, num_labels: int):
        super().__init__()
        self.fc1 = nn.Linear(in_features, hidden)
        self.bn1 = nn.BatchNorm1d(hidden)
        self.fc2 = nn.Linear(hidden, num_labels)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.relu(self.bn1(self.fc1(x)))
        return self.fc2(h)


class ChurnScorer(nn.Module):
    def __init__(self, in_features: int):
        super().__init__()
        self.hidden = nn.Linear(in_features, 8)
        self.out = nn.Linear(8, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.out(torch.tanh(self.hidden(x))).squeeze(-1)


torch.manual_seed(0)
IRIS_MODEL = MLPClassifier(4, 16, 3).eval()
TAG_MODEL = MultiLabelMLP(8, 32, len(TICKET_TAGS))
with torch.no_grad():
    TAG_MODEL.bn1.running_mean.copy_(torch.randn(32) * 0.1)
    TAG_MODEL.bn1.running_var.copy_(torch.rand(32) + 0.5)
TAG_MODEL.eval()
CHURN_MODEL = ChurnScorer(len(CHURN_FEATURES)).eval()
ENSEMBLE = []
for _seed in (1, 2, 3):
    torch.manual_seed(_seed)
    ENSEMBLE.append(MLPClassifier(4, 16, 3, dropout=0.2).eval())


def _normalize_iris(x: torch.Tensor) -> torch.Tensor:
    return (x - IRIS_MEAN) / IRIS_STD


def predict_iris(features: List[float]) -> Dict[str, float]:
    """Return a label -> probability mapping for a single flower."""
    if len(features) != len(IRIS_FEATURES):
        raise ValueError(f"expected {len(IRIS_FEATURES)} features, got {len(features)}")
    x = torch.tensor(features, dtype=torch.float32).unsqueeze(0)
    with torch.no_grad():
        logits = IRIS_MODEL(_normalize_iris(x))
        probs = F.softmax(logits, dim=-1)[0]
    return {label: round(float(p), 6) for label, p in zip(IRIS_LABELS, probs)}


def predict_iris_batch(x: torch.Tensor) -> List[str]:
    """Predict a label for every row of an (N, 4) float tensor (a 1-D tensor is one sample)."""
    if x.dim() == 1:
        x = x.unsqueeze(0)
    if x.size(-1) != 4:
        raise ValueError(f"expected last dim 4, got shape {tuple(x.shape)}")
    with torch.no_grad():
        logits = IRIS_MODEL(_normalize_iris(x.float()))
    return [IRIS_LABELS[i] for i in logits.argmax(dim=-1).tolist()]


def iris_topk(x: np.ndarray, k: int = 2) -> List[List[Tuple[str, float]]]:
    """Top-k (label, prob) pairs per row, from a numpy feature matrix."""
    k = max(1, min(k, len(IRIS_LABELS)))
    inputs = torch.from_numpy(np.atleast_2d(x).astype(np.float32))
    with torch.no_grad():
        probs = F.softmax(IRIS_MODEL(_normalize_iris(inputs)), dim=-1)
    values, indices = probs.topk(k, dim=-1)
    results = []
    for row_vals, row_idx in zip(values, indices):
        results.append([(IRIS_LABELS[int(i)], float(v)) for v, i in zip(row_vals, row_idx)])
    return results


def predict_tags(x: torch.Tensor, threshold: float = 0.5) -> List[List[str]]:
    """Multi-label tagging: every tag whose sigmoid score is over the threshold."""
    if not 0.0 <= threshold <= 1.0:
        raise ValueError("threshold must be in [0, 1]")
    if x.dim() == 1:
        x = x[None, :]
    with torch.no_grad():
        scores = torch.sigmoid(TAG_MODEL(x.to(torch.float32)))
    hits = scores > threshold
    out: List[List[str]] = []
    for row in hits:
        out.append([TICKET_TAGS[j] for j in torch.nonzero(row, as_tuple=False).flatten().tolist()])
    return out


def tag_probabilities(x: np.ndarray) -> np.ndarray:
    """Sigmoid scores for each tag as a float32 numpy array of shape (N, num_tags)."""
    t = torch.as_tensor(x, dtype=torch.float32)
    if t.ndim == 1:
        t = t.unsqueeze(0)
    with torch.no_grad():
        probs = torch.sigmoid(TAG_MODEL(t))
    return probs.numpy()


def churn_score(features: Dict[str, float]) -> float:
    """Probability that a customer churns; missing features fall back to defaults."""
    unknown = set(features) - set(CHURN_FEATURES)
    if unknown:
        raise ValueError(f"unknown features: {sorted(unknown)}")
    row = []
    for name in CHURN_FEATURES:
        value = features.get(name, CHURN_DEFAULTS[name])
        if value is None or (isinstance(value, float) and math.isnan(value)):
            value = CHURN_DEFAULTS[name]
        row.append((float(value) - CHURN_DEFAULTS[name]) / CHURN_SCALE[name])
    with torch.no_grad():
        logit = CHURN_MODEL(torch.tensor([row]))
    return torch.sigmoid(logit).item()


def calibrated_probs(logits: torch.Tensor, temperature: float = 1.5) -> torch.Tensor:
    """Temperature-scaled softmax, as used after post-hoc calibration."""
    if temperature <= 0:
        raise ValueError("temperature must be positive")
    return F.softmax(logits / temperature, dim=-1)


def ensemble_predict(x: torch.Tensor, weights: Optional[List[float]] = None) -> Dict[str, torch.Tensor]:
    """Average the probabilities of the ensemble members; also report predictive entropy."""
    if weights is None:
        weights = [1.0] * len(ENSEMBLE)
    if len(weights) != len(ENSEMBLE):
        raise ValueError("need one weight per ensemble member")
    w = torch.tensor(weights, dtype=torch.float32)
    w = w / w.sum()
    xs = _normalize_iris(x.float().reshape(-1, 4))
    with torch.no_grad():
        member_probs = torch.stack([F.softmax(m(xs), dim=-1) for m in ENSEMBLE], dim=0)
    probs = (member_probs * w[:, None, None]).sum(dim=0)
    entropy = -(probs * torch.log(probs.clamp_min(1e-12))).sum(dim=-1)
    return {"probs": probs, "pred": probs.argmax(dim=-1), "entropy": entropy}


_rng = np.random.default_rng(0)
_tag_x = _rng.normal(size=(4, 8)).astype(np.float32)

CASES = {
    "predict_iris": [
        ([5.1, 3.5, 1.4, 0.2],),
        ([6.7, 3.0, 5.2, 2.3],),
        ([0.0, 0.0, 0.0, 0.0],),
        ([5.9, 3.0, 4.2],),
    ],
    "predict_iris_batch": [
        (torch.tensor([[5.1, 3.5, 1.4, 0.2], [6.3, 2.5, 5.0, 1.9], [5.7, 2.8, 4.1, 1.3]]),),
        (torch.tensor([4.9, 3.0, 1.4, 0.2]),),
        (torch.zeros(0, 4),),
        (torch.ones(2, 3),),
    ],
    "iris_topk": [
        (np.array([[5.1, 3.5, 1.4, 0.2], [7.7, 2.6, 6.9, 2.3]]), 2),
        (np.array([6.0, 2.2, 5.0, 1.5]), 1),
        (np.array([[5.0, 3.4, 1.5, 0.2]]), 5),
        (np.array([[-1.0, 0.0, 100.0, 3.0]], dtype=np.float64), 3),
    ],
    "predict_tags": [
        (torch.from_numpy(_tag_x),),
        (torch.from_numpy(_tag_x[0]), 0.3),
        (torch.zeros(2, 8), 0.9),
        (torch.ones(1, 8), 1.5),
    ],
    "tag_probabilities": [
        (_tag_x,),
        (_tag_x[1].astype(np.float64),),
        (np.zeros((3, 8)),),
    ],
    "churn_score": [
        ({"tenure_months": 2.0, "monthly_charges": 99.5, "support_calls": 6.0},),
        ({},),
        ({"tenure_months": 60.0, "monthly_charges": 20.0, "support_calls": 0.0,
          "num_products": 3.0, "is_active": 1.0, "age": 55.0},),
        ({"age": float("nan"), "is_active": 0.0},),
        ({"favourite_colour": 1.0},),
    ],
    "calibrated_probs": [
        (torch.tensor([[2.0, 0.5, -1.0], [0.0, 0.0, 0.0]]),),
        (torch.tensor([10.0, -10.0]), 0.5),
        (torch.tensor([[1.0, 2.0, 3.0]]), 1.0),
        (torch.tensor([1.0, 2.0]), 0.0),
    ],
    "ensemble_predict": [
        (torch.tensor([[5.1, 3.5, 1.4, 0.2], [6.9, 3.1, 5.4, 2.1]]),),
        (torch.tensor([5.8, 2.7, 4.1, 1.0]), [0.5, 0.25, 0.25]),
        (torch.zeros(3, 4), [1.0, 0.0, 0.0]),
        (torch.ones(1, 4), [1.0, 1.0]),
    ],
}
