"""Loan-application scoring pipeline: feature dict -> encoded vector (one-hot,
standardised numerics, missing-value indicators) -> logistic regression in NumPy ->
isotonic-calibrated default probability -> approve/review/decline decision with reasons."""

import math
from enum import Enum
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np

# --------------------------------------------------------------------------- #
# Feature schema (what the training job exported)
# --------------------------------------------------------------------------- #

NUMERIC_FEATURES: Dict[str, Dict[str, float]] = {
    # name: {median (imputation), mean, std, clip_low, clip_high}
    "age": {"median": 38.0, "mean": 39.4, "std": 11.8, "lo": 18.0, "hi": 90.0},
    "annual_income": {"median": 52000.0, "mean": 61000.0, "std": 38000.0, "lo": 0.0, "hi": 500000.0},
    "loan_amount": {"median": 12000.0, "mean": 15500.0, "std": 11000.0, "lo": 500.0, "hi": 100000.0},
    "debt_to_income": {"median": 0.28, "mean": 0.31, "std": 0.15, "lo": 0.0, "hi": 1.5},
    "credit_history_years": {"median": 9.0, "mean": 10.5, "std": 7.2, "lo": 0.0, "hi": 60.0},
    "num_late_payments": {"median": 0.0, "mean": 0.7, "std": 1.6, "lo": 0.0, "hi": 30.0},
}
LOG_FEATURES = {"annual_income", "loan_amount"}

CATEGORICAL_FEATURES: Dict[str, List[str]] = {
    "employment": ["salaried", "self_employed", "unemployed", "retired", "student"],
    "home_ownership": ["own", "mortgage", "rent", "other"],
    "purpose": ["debt_consolidation", "car", "home_improvement", "education", "medical", "other"],
}

# Transformed stats for log-scaled features
_LOG_STATS = {"annual_income": (10.7, 0.65), "loan_amount": (9.3, 0.75)}


def _feature_names() -> List[str]:
    names: List[str] = []
    for n in NUMERIC_FEATURES:
        names.append(n)
        names.append(f"{n}__missing")
    for cat, levels in CATEGORICAL_FEATURES.items():
        names.extend(f"{cat}={lvl}" for lvl in levels)
        names.append(f"{cat}=__unknown__")
    return names


FEATURE_NAMES: List[str] = _feature_names()
FEATURE_INDEX: Dict[str, int] = {n: i for i, n in enumerate(FEATURE_NAMES)}
N_FEATURES = len(FEATURE_NAMES)

# Logistic-regression weights: hand-set signs on key features + seeded noise
_rng = np.random.default_rng(0)
COEF = _rng.normal(0.0, 0.08, size=N_FEATURES)
for _name, _w in {
    "age": -0.25, "annual_income": -0.7, "loan_amount": 0.45, "debt_to_income": 0.9,
    "credit_history_years": -0.4, "num_late_payments": 0.8, "annual_income__missing": 0.6,
    "employment=unemployed": 1.1, "employment=student": 0.4, "employment=salaried": -0.3,
    "home_ownership=own": -0.35, "home_ownership=rent": 0.2, "purpose=medical": 0.3,
}.items():
    COEF[FEATURE_INDEX[_name]] = _w
INTERCEPT = -1.6

# Isotonic calibration map (raw score -> observed default rate) from the validation set
CALIB_X = np.array([0.0, 0.05, 0.10, 0.20, 0.35, 0.50, 0.70, 0.90, 1.0])
CALIB_Y = np.array([0.0, 0.02, 0.06, 0.15, 0.30, 0.48, 0.71, 0.92, 1.0])

APPROVE_BELOW = 0.12
DECLINE_ABOVE = 0.40

REASON_TEXT = {
    "debt_to_income": "High debt-to-income ratio",
    "num_late_payments": "History of late payments",
    "annual_income": "Low reported income",
    "annual_income__missing": "Income not provided",
    "loan_amount": "Large requested amount",
    "credit_history_years": "Short credit history",
    "age": "Applicant age profile",
    "employment=unemployed": "Not currently employed",
    "employment=student": "Student applicant",
    "home_ownership=rent": "Renting residence",
    "purpose=medical": "Loan purpose",
}


class Decision(str, Enum):
    APPROVE = "approve"
    REVIEW = "manual_review"
    DECLINE = "decline"


class SchemaError(ValueError):
    """Raised when a record cannot be encoded."""


def _is_missing(v: Any) -> bool:
    if v is None:
        return True
    if isinstance(v, float) and math.isnan(v):
        return True
    if isinstance(v, str) and v.strip() in ("", "NA", "N/A", "null", "None"):
        return True
    return False


def _to_float(name: str, v: Any) -> float:
    if isinstance(v, bool):
        raise SchemaError(f"{name}: boolean is not a valid numeric value")
    try:
        return float(str(v).replace(",", "").strip()) if isinstance(v, str) else float(v)
    except (TypeError, ValueError):
        raise SchemaError(f"{name}: cannot parse {v!r} as a number") from None


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return np.where(z >= 0, 1.0 / (1.0 + np.exp(-np.abs(z))), np.exp(-np.abs(z)) / (1.0 + np.exp(-np.abs(z))))


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def vectorize_record(record: Dict[str, Any]) -> np.ndarray:
    """Encode one application into the model's float64 feature vector."""
    if not isinstance(record, Mapping):
        raise SchemaError(f"record must be a mapping, got {type(record).__name__}")
    x = np.zeros(N_FEATURES, dtype=np.float64)
    for name, st in NUMERIC_FEATURES.items():
        raw = record.get(name)
        if _is_missing(raw):
            value = st["median"]
            x[FEATURE_INDEX[f"{name}__missing"]] = 1.0
        else:
            value = _to_float(name, raw)
            if math.isinf(value):
                value = st["hi"] if value > 0 else st["lo"]
        value = min(max(value, st["lo"]), st["hi"])
        if name in LOG_FEATURES:
            mu, sd = _LOG_STATS[name]
            x[FEATURE_INDEX[name]] = (math.log1p(value) - mu) / sd
        else:
            x[FEATURE_INDEX[name]] = (value - st["mean"]) / st["std"]
    for cat, levels in CATEGORICAL_FEATURES.items():
        raw = record.get(cat)
        level = str(raw).strip().lower().replace(" ", "_").replace("-", "_") if not _is_missing(raw) else None
        key = f"{cat}={level}" if level in levels else f"{cat}=__unknown__"
        x[FEATURE_INDEX[key]] = 1.0
    return x


def vectorize_batch(records: Sequence[Dict[str, Any]]) -> np.ndarray:
    """Encode many records -> [n, n_features] float64 matrix."""
    if len(records) == 0:
        return np.zeros((0, N_FEATURES), dtype=np.float64)
    return np.vstack([vectorize_record(r) for r in records])


def predict_raw(features: np.ndarray) -> np.ndarray:
    """Uncalibrated logistic-regression probability for [n, d] or [d] inputs."""
    X = np.atleast_2d(np.asarray(features, dtype=np.float64))
    if X.shape[1] != N_FEATURES:
        raise ValueError(f"expected {N_FEATURES} features, got {X.shape[1]}")
    if np.isnan(X).any():
        raise ValueError("features contain NaN; run vectorize_record first")
    return _sigmoid(X @ COEF + INTERCEPT)


def calibrate(raw_scores: np.ndarray) -> np.ndarray:
    """Map raw scores through the isotonic calibration curve (piecewise-linear)."""
    s = np.clip(np.asarray(raw_scores, dtype=np.float64), 0.0, 1.0)
    return np.interp(s, CALIB_X, CALIB_Y)


def explain(features: np.ndarray, top_n: int = 3) -> List[Tuple[str, float]]:
    """Features that push the score up the most (coef * value), largest first."""
    x = np.asarray(features, dtype=np.float64).ravel()
    if x.shape[0] != N_FEATURES:
        raise ValueError(f"expected {N_FEATURES} features, got {x.shape[0]}")
    contrib = COEF * x
    order = np.argsort(-contrib, kind="stable")
    out: List[Tuple[str, float]] = []
    for i in order[:top_n]:
        if contrib[i] <= 0:
            break
        out.append((FEATURE_NAMES[i], round(float(contrib[i]), 4)))
    return out


def decide(probability: float, approve_below: float = APPROVE_BELOW,
           decline_above: float = DECLINE_ABOVE) -> str:
    """Threshold a calibrated probability into a decision string."""
    if not approve_below <= decline_above:
        raise ValueError("approve_below must not exceed decline_above")
    if math.isnan(probability):
        return Decision.REVIEW.value
    if probability < approve_below:
        return Decision.APPROVE.value
    if probability > decline_above:
        return Decision.DECLINE.value
    return Decision.REVIEW.value


def score_record(record: dict, max_reasons: int = 3) -> dict:
    """Full pipeline: one application -> {'probability', 'decision', 'reasons', 'raw_score'}."""
    x = vectorize_record(record)
    raw = float(predict_raw(x)[0])
    prob = float(calibrate(np.array([raw]))[0])
    decision = decide(prob)
    reasons: List[str] = []
    if decision != Decision.APPROVE.value:
        for name, _ in explain(x, top_n=max_reasons):
            text = REASON_TEXT.get(name, name.replace("_", " ").capitalize())
            if text not in reasons:
                reasons.append(text)
    return {
        "probability": round(prob, 4),
        "raw_score": round(raw, 4),
        "decision": decision,
        "reasons": reasons,
    }


def score_portfolio(records: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Score a batch; returns per-record probabilities and summary counts."""
    X = vectorize_batch(records)
    if X.shape[0] == 0:
        return {"n": 0, "probabilities": [], "counts": {d.value: 0 for d in Decision}, "mean_probability": None}
    probs = calibrate(predict_raw(X))
    counts = {d.value: 0 for d in Decision}
    for p in probs:
        counts[decide(float(p))] += 1
    return {
        "n": int(X.shape[0]),
        "probabilities": [round(float(p), 4) for p in probs],
        "counts": counts,
        "mean_probability": round(float(probs.mean()), 4),
    }


# --------------------------------------------------------------------------- #
# Cases
# --------------------------------------------------------------------------- #

_good = {"age": 45, "annual_income": 95000, "loan_amount": 8000, "debt_to_income": 0.12,
         "credit_history_years": 20, "num_late_payments": 0, "employment": "salaried",
         "home_ownership": "own", "purpose": "car"}
_risky = {"age": 22, "annual_income": "14,500", "loan_amount": 40000.0, "debt_to_income": 0.85,
          "credit_history_years": 1, "num_late_payments": 6, "employment": "Unemployed",
          "home_ownership": "rent", "purpose": "medical"}
_sparse = {"age": None, "annual_income": float("nan"), "employment": "N/A", "purpose": "vacation"}
_mid = {"age": 33, "annual_income": 40000, "loan_amount": 15000, "debt_to_income": 0.35,
        "credit_history_years": 6, "num_late_payments": 1, "employment": "self-employed",
        "home_ownership": "Mortgage", "purpose": "debt consolidation"}
_bad_type = {"age": "thirty", "annual_income": 50000}
_inf = {"annual_income": float("inf"), "loan_amount": -5.0, "debt_to_income": 3.0}

CASES = {
    "vectorize_record": [
        (_good,),
        (_sparse,),
        ({},),
        (_inf,),
        (_bad_type,),
        (["age", 30],),
    ],
    "vectorize_batch": [
        ([_good, _risky, _mid],),
        ([],),
        ([_sparse],),
        ([_good, {"num_late_payments": True}],),
    ],
    "predict_raw": [
        (vectorize_batch([_good, _risky]),),
        (vectorize_record(_mid),),
        (np.zeros((3, N_FEATURES)),),
        (np.zeros((2, 5)),),
        (np.full(N_FEATURES, np.nan),),
    ],
    "calibrate": [
        (np.array([0.0, 0.03, 0.5, 0.99, 1.0]),),
        (np.array([]),),
        (np.array([-0.2, 1.7]),),
        (np.linspace(0, 1, 11, dtype=np.float32),),
    ],
    "explain": [
        (vectorize_record(_risky),),
        (vectorize_record(_good), 5),
        (np.zeros(N_FEATURES), 3),
        (np.zeros(4), 3),
    ],
    "decide": [
        (0.05,),
        (0.25,),
        (0.9,),
        (float("nan"),),
        (0.3, 0.5, 0.2),
    ],
    "score_record": [
        (_good,),
        (_risky,),
        (_sparse, 1),
        (_mid,),
        (_bad_type,),
    ],
    "score_portfolio": [
        ([_good, _risky, _mid, _sparse],),
        ([],),
        ([_good],),
    ],
}
