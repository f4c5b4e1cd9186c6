"""Hugging Face tokenizer.json tokenizers: pure Python here, native C++ once compiled."""
from .blob import to_blob
from .errors import UnsupportedComponent
from .tokenizer import Tokenizer

__all__ = ["Tokenizer", "UnsupportedComponent", "to_blob"]
