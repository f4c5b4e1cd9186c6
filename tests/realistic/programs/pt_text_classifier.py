"""Bag-of-embeddings sentiment classifier: a word-level tokenizer, nn.Embedding + masked mean
pooling + linear head, and a fastText-style nn.EmbeddingBag variant."""
import re
import unicodedata
from typing import Any, Dict, List, Optional, Sequence, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

PAD, UNK = "[PAD]", "[UNK]"
_WORDS = (
    "the a an and or but not no very really so too is was are were be been it this that "
    "i you he she we they movie film book food service staff place story plot acting "
    "good great excellent amazing love loved like liked nice fine okay ok "
    "bad terrible awful boring hate hated worst poor slow rude dirty "
    "price cheap expensive time again never always would will recommend "
    "café naïve 好 ! ? . ,"
).split()
VOCAB: Dict[str, int] = {PAD: 0, UNK: 1}
for _w in _WORDS:
    VOCAB.setdefault(_w, len(VOCAB))
ID_TO_TOKEN = {i: t for t, i in VOCAB.items()}
LABELS = ["negative", "neutral", "positive"]

_TOKEN_RE = re.compile(r"\w+|[^\w\s]", re.UNICODE)


class WordTokenizer:
    def __init__(self, vocab: Dict[str, int], lowercase: bool = True):
        self.vocab = vocab
        self.lowercase = lowercase
        self.pad_id = vocab[PAD]
        self.unk_id = vocab[UNK]

    def tokenize(self, text: str) -> List[str]:
        text = unicodedata.normalize("NFKC", text)
        if self.lowercase:
            text = text.lower()
        return _TOKEN_RE.findall(text)

    def convert_tokens_to_ids(self, tokens: Sequence[str]) -> List[int]:
        return [self.vocab.get(t, self.unk_id) for t in tokens]


TOKENIZER = WordTokenizer(VOCAB)


class MeanPoolClassifier(nn.Module):
    def __init__(self, vocab_size: int, dim: int, num_classes: int, pad_id: int = 0):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, dim, padding_idx=pad_id)
        self.dropout = nn.Dropout(0.1)
        self.head = nn.Linear(dim, num_classes)

    def pool(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        emb = self.embedding(input_ids)
        mask = attention_mask.unsqueeze(-1).to(emb.dtype)
        summed = (emb * mask).sum(dim=1)
        counts = mask.sum(dim=1).clamp(min=1.0)
        return summed / counts

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.head(self.dropout(self.pool(input_ids, attention_mask)))


class FastTextClassifier(nn.Module):
    def __init__(self, vocab_size: int, dim: int, num_classes: int):
        super().__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, dim, mode="mean")
        self.fc = nn.Linear(dim, num_classes)

    def forward(self, text: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        return self.fc(self.embedding(text, offsets))


torch.manual_seed(0)
MODEL = MeanPoolClassifier(len(VOCAB), 24, len(LABELS)).eval()
FASTTEXT = FastTextClassifier(len(VOCAB), 16, len(LABELS)).eval()


def tokenize(text: str) -> List[str]:
    """NFKC-normalize, lowercase and split into word and punctuation tokens."""
    return TOKENIZER.tokenize(text)


def encode(text: str, max_len: int = 16, add_padding: bool = False) -> List[int]:
    """Token ids for one text, truncated to max_len (optionally right-padded to it)."""
    if max_len <= 0:
        raise ValueError("max_len must be positive")
    ids = TOKENIZER.convert_tokens_to_ids(TOKENIZER.tokenize(text))[:max_len]
    if add_padding:
        ids = ids + [TOKENIZER.pad_id] * (max_len - len(ids))
    return ids


def encode_batch(texts: List[str], max_len: Optional[int] = None) -> Tuple[torch.Tensor, torch.Tensor]:
    """Pad a batch to its longest member; returns (input_ids int64, attention_mask bool)."""
    encoded = [TOKENIZER.convert_tokens_to_ids(TOKENIZER.tokenize(t)) for t in texts]
    if max_len is not None:
        encoded = [ids[:max_len] for ids in encoded]
    longest = max((len(ids) for ids in encoded), default=0)
    longest = max(longest, 1)
    input_ids = torch.full((len(encoded), longest), TOKENIZER.pad_id, dtype=torch.long)
    attention_mask = torch.zeros((len(encoded), longest), dtype=torch.bool)
    for i, ids in enumerate(encoded):
        if ids:
            input_ids[i, : len(ids)] = torch.tensor(ids, dtype=torch.long)
            attention_mask[i, : len(ids)] = True
    return input_ids, attention_mask


def logits_from_ids(input_ids: torch.Tensor, attention_mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    """Model logits for a padded batch of ids; the mask defaults to ids != pad."""
    if input_ids.dtype not in (torch.int64, torch.int32):
        raise TypeError(f"input_ids must be an integer tensor, got {input_ids.dtype}")
    if input_ids.dim() == 1:
        input_ids = input_ids.unsqueeze(0)
        if attention_mask is not None:
            attention_mask = attention_mask.unsqueeze(0)
    if attention_mask is None:
        attention_mask = input_ids.ne(TOKENIZER.pad_id)
    with torch.no_grad():
        return MODEL(input_ids.long(), attention_mask)


def classify_sentiment(text: str) -> Dict[str, float]:
    """label -> probability for one text."""
    ids, mask = encode_batch([text])
    with torch.no_grad():
        probs = F.softmax(MODEL(ids, mask), dim=-1)[0]
    return dict(zip(LABELS, probs.tolist()))


def classify_batch(texts: Sequence[str], return_all_scores: bool = False) -> List[Any]:
    """HF-pipeline-like output: [{"label", "score"}] per text, or all scores per text."""
    if not texts:
        return []
    ids, mask = encode_batch(list(texts))
    with torch.no_grad():
        probs = MODEL(ids, mask).softmax(dim=-1)
    results: List[Any] = []
    for row in probs:
        if return_all_scores:
            results.append([{"label": l, "score": float(s)} for l, s in zip(LABELS, row)])
        else:
            idx = int(row.argmax())
            results.append({"label": LABELS[idx], "score": float(row[idx])})
    return results


def fasttext_predict(texts: List[str]) -> List[str]:
    """EmbeddingBag classifier: flat id tensor + offsets, one label per text."""
    flat: List[int] = []
    offsets: List[int] = []
    for t in texts:
        offsets.append(len(flat))
        ids = TOKENIZER.convert_tokens_to_ids(TOKENIZER.tokenize(t)) or [TOKENIZER.unk_id]
        flat.extend(ids)
    if not texts:
        return []
    with torch.no_grad():
        logits = FASTTEXT(torch.tensor(flat, dtype=torch.int64), torch.tensor(offsets, dtype=torch.int64))
    return [LABELS[i] for i in logits.argmax(1).tolist()]


def token_attributions(text: str, k: int = 3) -> List[Tuple[str, float]]:
    """Mean pooling + linear is linear, so each token's contribution to the predicted class
    logit is exact: W[c] . e_t / n. Return the k tokens with the largest contribution."""
    tokens = TOKENIZER.tokenize(text)
    if not tokens:
        return []
    ids = torch.tensor(TOKENIZER.convert_tokens_to_ids(tokens))
    with torch.no_grad():
        emb = MODEL.embedding(ids)
        logits = MODEL.head(emb.mean(dim=0))
        cls = int(logits.argmax())
        contrib = emb @ MODEL.head.weight[cls] / len(tokens)
    order = torch.argsort(contrib, descending=True)[:k]
    return [(tokens[i], round(float(contrib[i]), 6)) for i in order.tolist()]


CASES = {
    "tokenize": [
        ("The food was GREAT, really!",),
        ("",),
        ("Café naïve 好！ ﬁne",),
        ("   multiple   spaces\tand\nnewlines ",),
    ],
    "encode": [
        ("I loved this movie",),
        ("bad bad bad bad bad", 3),
        ("", 4, True),
        ("unknown words everywhere", 8, True),
        ("hello", 0),
    ],
    "encode_batch": [
        (["good film", "the service was really slow and rude"],),
        ([""],),
        (["a b c d e f g", "ok"], 3),
        ([],),
    ],
    "logits_from_ids": [
        (torch.tensor([[5, 20, 31, 0, 0], [7, 8, 9, 10, 11]]),),
        (torch.tensor([4, 40, 41], dtype=torch.int64), torch.tensor([True, True, False])),
        (torch.zeros(2, 3, dtype=torch.long),),
        (torch.tensor([[1.0, 2.0]]),),
    ],
    "classify_sentiment": [
        ("I really loved this movie, great acting!",),
        ("terrible service and rude staff",),
        ("",),
        ("好 好 好",),
    ],
    "classify_batch": [
        (["great food", "awful", "it was okay I guess"],),
        (["never again"], True),
        ([],),
        (("single",),),
    ],
    "fasttext_predict": [
        (["loved it", "hated it", "meh"],),
        ([""],),
        ([],),
        (["the plot was slow but the acting was excellent"],),
    ],
    "token_attributions": [
        ("the plot was boring but the acting was amazing",),
        ("good", 5),
        ("", 3),
        ("Naïve café food , very cheap !", 2),
    ],
}
