# Harvested unchanged from https://github.com/google-research/bert/blob/eedf5716ce1268e56f0a50264a88cafad334ac61/tokenization.py
# function: _is_punctuation
# licence: Apache-2.0 (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright 2018 The Google AI Language Team Authors.
import unicodedata


def _is_punctuation(char: str):
  """Checks whether `chars` is a punctuation character."""
  cp = ord(char)
  # We treat all non-letter/number ASCII as punctuation.
  # Characters such as "^", "$", and "`" are not in the Unicode
  # Punctuation class but we treat them as punctuation anyways, for
  # consistency.
  if ((cp >= 33 and cp <= 47) or (cp >= 58 and cp <= 64) or
      (cp >= 91 and cp <= 96) or (cp >= 123 and cp <= 126)):
    return True
  cat = unicodedata.category(char)
  if cat.startswith("P"):
    return True
  return False


EXPORT = "_is_punctuation"
CASES = [
    ("!",),
    ("a",),
    ("\u3002",),
    ("$",),
]
