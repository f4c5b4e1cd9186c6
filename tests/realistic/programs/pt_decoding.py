"""Decoding loops over a tiny character-level GRU language model: greedy, beam search,
top-k / top-p sampling, repetition penalty, batched greedy with left padding, scoring."""
import math
import string
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

SPECIALS = ["<pad>", "<bos>", "<eos>"]
CHARS = list(string.ascii_lowercase + " .,'")
ITOS = SPECIALS + CHARS
STOI = {s: i for i, s in enumerate(ITOS)}
PAD_ID, BOS_ID, EOS_ID = 0, 1, 2
VOCAB_SIZE = len(ITOS)


class CharGRU(nn.Module):
    def __init__(self, vocab_size: int, emb_dim: int = 16, hidden: int = 32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, emb_dim, padding_idx=PAD_ID)
        self.rnn = nn.GRU(emb_dim, hidden, batch_first=True)
        self.lm_head = nn.Linear(hidden, vocab_size)

    def forward(self, input_ids: torch.Tensor, hidden: Optional[torch.Tensor] = None):
        out, hidden = self.rnn(self.embed(input_ids), hidden)
        return self.lm_head(out), hidden


torch.manual_seed(0)
LM = CharGRU(VOCAB_SIZE).eval()
with torch.no_grad():
    LM.lm_head.bias[EOS_ID] -= 0.5  # untrained weights: keep <eos> from dominating


def _encode(text: str) -> List[int]:
    return [BOS_ID] + [STOI[c] for c in text.lower() if c in STOI]


def _decode(ids: List[int]) -> str:
    return "".join(ITOS[i] for i in ids if i > EOS_ID)


def next_token_logits(input_ids: torch.Tensor) -> torch.Tensor:
    """Logits for the token after the last position, (B, vocab)."""
    if input_ids.dim() == 1:
        input_ids = input_ids.unsqueeze(0)
    if input_ids.size(1) == 0:
        raise ValueError("input_ids must contain at least one token")
    with torch.no_grad():
        logits, _ = LM(input_ids)
    return logits[:, -1, :]


def greedy_decode(prompt: str, max_new_tokens: int = 12) -> str:
    """Argmax decoding, feeding the GRU state forward one token at a time."""
    ids = _encode(prompt)
    generated: List[int] = []
    with torch.no_grad():
        logits, h = LM(torch.tensor([ids]))
        for _ in range(max_new_tokens):
            next_id = int(logits[0, -1].argmax())
            if next_id == EOS_ID:
                break
            generated.append(next_id)
            logits, h = LM(torch.tensor([[next_id]]), h)
    return prompt + _decode(generated)


def top_k_top_p_filtering(
    logits: torch.Tensor,
    top_k: int = 0,
    top_p: float = 1.0,
    filter_value: float = -float("inf"),
    min_tokens_to_keep: int = 1,
) -> torch.Tensor:
    """Mask logits (B, V) outside the top-k and/or the nucleus of mass top_p."""
    logits = logits.clone()
    if top_k > 0:
        top_k = min(max(top_k, min_tokens_to_keep), logits.size(-1))
        indices_to_remove = logits < torch.topk(logits, top_k)[0][..., -1, None]
        logits[indices_to_remove] = filter_value
    if top_p < 1.0:
        sorted_logits, sorted_indices = torch.sort(logits, descending=True)
        cumulative_probs = torch.cumsum(F.softmax(sorted_logits, dim=-1), dim=-1)
        sorted_indices_to_remove = cumulative_probs > top_p
        if min_tokens_to_keep > 1:
            sorted_indices_to_remove[..., :min_tokens_to_keep] = 0
        sorted_indices_to_remove[..., 1:] = sorted_indices_to_remove[..., :-1].clone()
        sorted_indices_to_remove[..., 0] = 0
        indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
        logits[indices_to_remove] = filter_value
    return logits


def apply_repetition_penalty(logits: torch.Tensor, input_ids: torch.Tensor, penalty: float = 1.2) -> torch.Tensor:
    """CTRL-style penalty on tokens already present in input_ids (both (B, ·))."""
    if penalty <= 0:
        raise ValueError(f"penalty must be strictly positive, got {penalty}")
    score = torch.gather(logits, 1, input_ids)
    score = torch.where(score < 0, score * penalty, score / penalty)
    return logits.scatter(1, input_ids, score)


def sample_decode(
    prompt: str,
    seed: int = 0,
    temperature: float = 1.0,
    top_k: int = 5,
    top_p: float = 0.9,
    max_new_tokens: int = 10,
) -> str:
    """Seeded multinomial sampling with temperature, top-k/top-p and a repetition penalty."""
    if temperature <= 0:
        raise ValueError("temperature must be > 0; use greedy_decode for argmax")
    gen = torch.Generator().manual_seed(seed)
    ids = torch.tensor([_encode(prompt)])
    with torch.no_grad():
        logits, h = LM(ids)
        out: List[int] = []
        for _ in range(max_new_tokens):
            step = apply_repetition_penalty(logits[:, -1, :], ids, 1.3) / temperature
            step = top_k_top_p_filtering(step, top_k=top_k, top_p=top_p)
            probs = F.softmax(step, dim=-1)
            next_id = torch.multinomial(probs, num_samples=1, generator=gen)
            tok = next_id.item()
            if tok == EOS_ID:
                break
            out.append(tok)
            ids = torch.cat([ids, next_id], dim=1)
            logits, h = LM(next_id, h)
    return prompt + _decode(out)


def beam_search(
    prompt_ids: List[int],
    beam_size: int = 3,
    max_new_tokens: int = 8,
    length_penalty: float = 1.0,
) -> List[Tuple[List[int], float]]:
    """Plain beam search; returns finished hypotheses (new ids, normalized log-prob), best first."""
    if beam_size < 1:
        raise ValueError("beam_size must be >= 1")
    prefix = [BOS_ID] + list(prompt_ids)
    beams: List[Tuple[List[int], float]] = [([], 0.0)]
    finished: List[Tuple[List[int], float]] = []
    with torch.no_grad():
        for _ in range(max_new_tokens):
            batch = torch.tensor([prefix + seq for seq, _ in beams], dtype=torch.long)
            logits, _ = LM(batch)
            log_probs = F.log_softmax(logits[:, -1, :], dim=-1)
            totals = log_probs + torch.tensor([score for _, score in beams]).unsqueeze(1)
            flat_scores, flat_idx = totals.view(-1).topk(min(2 * beam_size, totals.numel()))
            new_beams: List[Tuple[List[int], float]] = []
            for score, idx in zip(flat_scores.tolist(), flat_idx.tolist()):
                beam_id, token = divmod(idx, VOCAB_SIZE)
                seq = beams[beam_id][0] + [token]
                if token == EOS_ID:
                    finished.append((seq, score / (len(seq) ** length_penalty)))
                else:
                    new_beams.append((seq, score))
                if len(new_beams) == beam_size:
                    break
            beams = new_beams
            if len(finished) >= beam_size or not beams:
                break
    for seq, score in beams:
        finished.append((seq, score / (max(len(seq), 1) ** length_penalty)))
    finished.sort(key=lambda x: x[1], reverse=True)
    return [(seq, round(score, 6)) for seq, score in finished[:beam_size]]


def sequence_log_prob(input_ids: List[int]) -> float:
    """Sum of log p(token_t | tokens_<t) for a sequence that starts with <bos>."""
    if len(input_ids) < 2:
        raise ValueError("need at least two tokens to score")
    ids = torch.tensor(input_ids, dtype=torch.long).unsqueeze(0)
    with torch.no_grad():
        logits, _ = LM(ids[:, :-1])
    log_probs = F.log_softmax(logits, dim=-1)
    token_lp = log_probs.gather(-1, ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    return float(token_lp.sum())


def perplexity(text: str) -> float:
    """exp(mean NLL) of text + <eos> under the LM."""
    ids = _encode(text) + [EOS_ID]
    ids_t = torch.tensor([ids])
    with torch.no_grad():
        logits, _ = LM(ids_t[:, :-1])
    nll = F.cross_entropy(logits.reshape(-1, VOCAB_SIZE), ids_t[:, 1:].reshape(-1), reduction="mean")
    return math.exp(nll.item())


def batched_greedy(prompts: List[str], max_new_tokens: int = 8) -> List[str]:
    """Greedy decoding for a batch: left-pad prompts, track which rows have finished."""
    if not prompts:
        return []
    encoded = [_encode(p) for p in prompts]
    T = max(len(e) for e in encoded)
    input_ids = torch.full((len(prompts), T), PAD_ID, dtype=torch.long)
    for i, e in enumerate(encoded):
        input_ids[i, T - len(e):] = torch.tensor(e)
    finished = torch.zeros(len(prompts), dtype=torch.bool)
    outputs = [[] for _ in prompts]
    with torch.no_grad():
        logits, h = LM(input_ids)
        for _ in range(max_new_tokens):
            next_ids = logits[:, -1].argmax(dim=-1)
            next_ids = torch.where(finished, torch.full_like(next_ids, PAD_ID), next_ids)
            for i, tok in enumerate(next_ids.tolist()):
                if not finished[i] and tok != EOS_ID:
                    outputs[i].append(tok)
            finished |= next_ids == EOS_ID
            if bool(finished.all()):
                break
            logits, h = LM(next_ids.unsqueeze(1), h)
    return [p + _decode(o) for p, o in zip(prompts, outputs)]


_g = torch.Generator().manual_seed(0)
_logits = torch.randn(2, VOCAB_SIZE, generator=_g)

CASES = {
    "next_token_logits": [
        (torch.tensor([[1, 10, 11, 12]]),),
        (torch.tensor([1]),),
        (torch.tensor([[1, 5, 6], [1, 0, 7]]),),
        (torch.zeros(1, 0, dtype=torch.long),),
    ],
    "greedy_decode": [
        ("the ",),
        ("",),
        ("Hello, World", 5),
        ("ünïcode", 0),
    ],
    "top_k_top_p_filtering": [
        (_logits, 5),
        (_logits, 0, 0.9),
        (_logits, 3, 0.5, -1e4, 2),
        (torch.zeros(1, 4), 0, 0.3),
        (_logits, 100),
    ],
    "apply_repetition_penalty": [
        (_logits, torch.tensor([[1, 5, 5, 9], [2, 3, 4, 30]])),
        (_logits, torch.tensor([[0], [0]]), 1.0),
        (_logits[:1], torch.tensor([[7, 8]]), 0.5),
        (_logits, torch.tensor([[1], [1]]), 0.0),
    ],
    "sample_decode": [
        ("the ",),
        ("once upon", 42, 0.7),
        ("", 1, 1.5, 0, 1.0),
        ("abc", 3, 1.0, 1, 0.5, 4),
        ("x", 0, 0.0),
    ],
    "beam_search": [
        ([STOI["t"], STOI["h"]],),
        ([], 1, 4),
        ([STOI["a"]], 4, 6, 0.0),
        ([5, 6], 0),
    ],
    "sequence_log_prob": [
        ([BOS_ID, STOI["h"], STOI["i"], EOS_ID],),
        ([BOS_ID, EOS_ID],),
        ([BOS_ID] + [STOI[c] for c in "hello world"],),
        ([BOS_ID],),
    ],
    "perplexity": [
        ("hello world",),
        ("",),
        ("zzzz qqqq",),
        ("The Quick, Brown Fox.",),
    ],
    "batched_greedy": [
        (["the ", "a", "hello there"],),
        ([""], 3),
        ([],),
        (["same", "same"], 0),
    ],
}
