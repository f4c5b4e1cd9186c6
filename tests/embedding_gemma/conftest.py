"""Puts the example's modules (model, weights, safetensors, embed) on sys.path, as embed.py
itself does, and shares the tiny random model between tests."""

import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "embedding_gemma"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))


@pytest.fixture(scope="session")
def tiny_model():
    from weights import load_model
    return load_model(None, tiny=True)
