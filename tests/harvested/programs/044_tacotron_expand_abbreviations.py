# Harvested unchanged from https://github.com/keithito/tacotron/blob/d26c763342518d4e432e9c4036a1aff3b4fdaa1e/text/cleaners.py
# function: expand_abbreviations
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2017 Keith Ito
import re


# List of (regular expression, replacement) pairs for abbreviations:
_abbreviations = [(re.compile('\\b%s\\.' % x[0], re.IGNORECASE), x[1]) for x in [
  ('mrs', 'misess'),
  ('mr', 'mister'),
  ('dr', 'doctor'),
  ('st', 'saint'),
  ('co', 'company'),
  ('jr', 'junior'),
  ('maj', 'major'),
  ('gen', 'general'),
  ('drs', 'doctors'),
  ('rev', 'reverend'),
  ('lt', 'lieutenant'),
  ('hon', 'honorable'),
  ('sgt', 'sergeant'),
  ('capt', 'captain'),
  ('esq', 'esquire'),
  ('ltd', 'limited'),
  ('col', 'colonel'),
  ('ft', 'fort'),
]]


def expand_abbreviations(text: str):
  for regex, replacement in _abbreviations:
    text = re.sub(regex, replacement, text)
  return text


EXPORT = "expand_abbreviations"
CASES = [
    ("Dr. Smith met Mrs. Jones on St. Patrick's day.",),
    ("the capt. and lt. col. saluted gen. grant",),
    ("no abbreviations here",),
]
