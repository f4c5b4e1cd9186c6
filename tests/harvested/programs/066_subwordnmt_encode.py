# Harvested unchanged from https://github.com/rsennrich/subword-nmt/blob/92d6139d07d30e12735a0af9e7f7f925ebe62c54/subword_nmt/apply_bpe.py
# function: encode
# licence: MIT (the repository's LICENSE at that commit)
# changes: annotations added to the exported signature
# Copyright (c) 2015 University of Edinburgh
import random


def encode(orig: str, bpe_codes: dict[tuple[str, str], int], bpe_codes_reverse: dict[str, tuple[str, str]], vocab, separator: str, version: tuple[int, int], cache: dict, glossaries_regex=None, is_bytes: bool = False, dropout: float = 0):
    """Encode word based on list of BPE merge operations, which are applied consecutively
    """

    if not dropout and orig in cache:
        return cache[orig]

    if glossaries_regex and glossaries_regex.match(orig):
        cache[orig] = (orig,)
        return (orig,)

    if len(orig) == 1:
        return (orig,)

    eow = b'</w>' if is_bytes else '</w>'

    if is_bytes:
        word = list(map(lambda b: bytes([b]), orig[:-1])) + [orig[-1:] + eow]
    elif version == (0, 1):
        word = list(orig) + ['</w>']
    elif version == (0, 2): # more consistent handling of word-final segments
        word = list(orig[:-1]) + [orig[-1] + eow]
    else:
        raise NotImplementedError

    while len(word) > 1:

        # get list of symbol pairs; optionally apply dropout
        pairs = [(bpe_codes[pair],i,pair) for (i,pair) in enumerate(zip(word, word[1:])) if (not dropout or random.random() > dropout) and pair in bpe_codes]

        if not pairs:
            break

        #get first merge operation in list of BPE codes
        bigram = min(pairs)[2]

        # find start position of all pairs that we want to merge
        positions = [i for (rank,i,pair) in pairs if pair == bigram]

        i = 0
        new_word = []
        if is_bytes:
            bigram = b''.join(bigram)
        else:
            bigram = ''.join(bigram)
        for j in positions:
            # merges are invalid if they start before current position. This can happen if there are overlapping pairs: (x x x -> xx x)
            if j < i:
                continue
            new_word.extend(word[i:j]) # all symbols before merged pair
            new_word.append(bigram) # merged pair
            i = j+2 # continue after merged pair
        new_word.extend(word[i:]) # add all symbols until end of word
        word = new_word

    # don't print end-of-word symbols
    if word[-1] == eow:
        word = word[:-1]
    elif word[-1].endswith(eow):
        word[-1] = word[-1][:-4]

    word = tuple(word)
    if vocab:
        word = check_vocab_and_split(word, bpe_codes_reverse, vocab, separator)

    cache[orig] = word
    return word

def recursive_split(segment, bpe_codes, vocab, separator, final=False):
    """Recursively split segment into smaller units (by reversing BPE merges)
    until all units are either in-vocabulary, or cannot be split futher."""

    try:
        if final:
            left, right = bpe_codes[segment + '</w>']
            right = right[:-4]
        else:
            left, right = bpe_codes[segment]
    except:
        #sys.stderr.write('cannot split {0} further.\n'.format(segment))
        yield segment
        return

    if left + separator in vocab:
        yield left
    else:
        for item in recursive_split(left, bpe_codes, vocab, separator, False):
            yield item

    if (final and right in vocab) or (not final and right + separator in vocab):
        yield right
    else:
        for item in recursive_split(right, bpe_codes, vocab, separator, final):
            yield item

def check_vocab_and_split(orig, bpe_codes, vocab, separator):
    """Check for each segment in word if it is in-vocabulary,
    and segment OOV segments into smaller units by reversing the BPE merge operations"""

    out = []

    for segment in orig[:-1]:
        if segment + separator in vocab:
            out.append(segment)
        else:
            #sys.stderr.write('OOV: {0}\n'.format(segment))
            for item in recursive_split(segment, bpe_codes, vocab, separator, False):
                out.append(item)

    segment = orig[-1]
    if segment in vocab:
        out.append(segment)
    else:
        #sys.stderr.write('OOV: {0}\n'.format(segment))
        for item in recursive_split(segment, bpe_codes, vocab, separator, True):
            out.append(item)

    return out


EXPORT = "encode"
_merges = [('l', 'o'), ('lo', 'w'), ('e', 'r</w>'), ('low', 'er</w>'), ('n', 'e'), ('ne', 'w'), ('e', 's'), ('es', 't</w>'), ('new', 'est</w>')]
_codes = dict([(code, i) for (i, code) in enumerate(_merges)])
_codes_reverse = dict([(pair[0] + pair[1], pair) for pair, i in _codes.items()])
CASES = [
    ("lower", _codes, _codes_reverse, None, "@@", (0, 2), {}),
    ("newest", _codes, _codes_reverse, {"new@@", "est", "lo@@", "w"}, "@@", (0, 2), {}),
    ("slowest", _codes, _codes_reverse, None, "@@", (0, 2), {}),
    ("x", _codes, _codes_reverse, None, "@@", (0, 2), {}),
]
