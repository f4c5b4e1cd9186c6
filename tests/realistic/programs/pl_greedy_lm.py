"""Character-level language model decoding: a tiny seeded PyTorch LM
(embedding -> context mixing -> linear head) with greedy, seeded top-k sampling and
beam-search decoding loops, plus sequence scoring."""

import math
import string
from typing import Dict, List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

BOS, EOS, UNK = "<bos>", "<eos>", "<unk>"
CHARS = list(string.ascii_lowercase + " .,!?'\n")
ITOS: List[str] = [BOS, EOS, UNK] + CHARS
STOI: Dict[str, int] = {s: i for i, s in enumerate(ITOS)}
BOS_ID, EOS_ID, UNK_ID = STOI[BOS], STOI[EOS], STOI[UNK]
VOCAB_SIZE = len(ITOS)
CONTEXT = 4
MAX_LENGTH_LIMIT = 256


class TinyCharLM(nn.Module):
    """Embeds the last CONTEXT tokens, mixes them with learned position weights, projects to vocab."""

    def __init__(self, vocab_size: int, d_model: int = 24, context: int = CONTEXT) -> None:
        super().__init__()
        self.context = context
        self.embed = nn.Embedding(vocab_size, d_model)
        self.pos_mix = nn.Parameter(torch.linspace(0.2, 1.0, context))
        self.hidden = nn.Linear(d_model, d_model)
        self.lm_head = nn.Linear(d_model, vocab_size)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        # input_ids: [B, T] -> logits for the next token [B, V]
        ctx = input_ids[:, -self.context:]
        if ctx.size(1) < self.context:
            pad = torch.full((ctx.size(0), self.context - ctx.size(1)), BOS_ID,
                             dtype=ctx.dtype, device=ctx.device)
            ctx = torch.cat([pad, ctx], dim=1)
        h = (self.embed(ctx) * self.pos_mix[None, :, None]).sum(dim=1)
        h = torch.tanh(self.hidden(h))
        return self.lm_head(h)


def _build_model() -> TinyCharLM:
    torch.manual_seed(0)
    model = TinyCharLM(VOCAB_SIZE)
    with torch.no_grad():
        model.lm_head.weight.mul_(4.0)
        # nudge the model towards ending after sentence punctuation
        model.lm_head.bias[EOS_ID] = -1.0
        model.lm_head.bias[BOS_ID] = -1e4  # never generate BOS
        model.lm_head.bias[UNK_ID] = -8.0
        model.embed.weight[STOI["."]] = model.lm_head.weight[EOS_ID] * 0.5
        model.embed.weight[STOI["!"]] = model.lm_head.weight[EOS_ID] * 0.5
    return model.eval()


MODEL = _build_model()


def _check_max(max_new_tokens: int) -> None:
    if not 0 <= max_new_tokens <= MAX_LENGTH_LIMIT:
        raise ValueError(f"max_new_tokens must be in [0, {MAX_LENGTH_LIMIT}], got {max_new_tokens}")


# --------------------------------------------------------------------------- #
# Entry points
# --------------------------------------------------------------------------- #

def encode_prompt(text: str, add_bos: bool = True) -> torch.Tensor:
    """Lower-case text -> int64 id tensor of shape [1, T]; unknown characters map to <unk>."""
    ids = [STOI.get(ch, UNK_ID) for ch in text.lower()]
    if add_bos:
        ids = [BOS_ID] + ids
    return torch.tensor([ids], dtype=torch.long)


def decode_ids(ids: List[int], skip_special: bool = True) -> str:
    """Ids -> string, stopping at the first <eos>."""
    out = []
    for i in ids:
        if i == EOS_ID:
            break
        tok = ITOS[i] if 0 <= i < VOCAB_SIZE else UNK
        if skip_special and tok in (BOS, UNK):
            continue
        out.append(tok)
    return "".join(out)


@torch.no_grad()
def next_token_logits(input_ids: torch.Tensor) -> torch.Tensor:
    """One forward step: [B, T] int64 ids -> [B, V] float32 logits for the next token."""
    if input_ids.dim() == 1:
        input_ids = input_ids.unsqueeze(0)
    if input_ids.dtype not in (torch.int64, torch.int32):
        raise TypeError(f"input_ids must be an integer tensor, got {input_ids.dtype}")
    if input_ids.numel() == 0:
        raise ValueError("input_ids is empty")
    return MODEL(input_ids.long())


@torch.no_grad()
def greedy_decode(prompt: str, max_new_tokens: int = 32, stop_token: Optional[str] = EOS,
                  repetition_penalty: float = 1.0) -> str:
    """Greedy argmax decoding until stop_token or max_new_tokens; returns only the continuation."""
    _check_max(max_new_tokens)
    if repetition_penalty <= 0:
        raise ValueError("repetition_penalty must be > 0")
    stop_id = STOI.get(stop_token) if stop_token is not None else None
    ids = encode_prompt(prompt)
    generated: List[int] = []
    for _ in range(max_new_tokens):
        logits = MODEL(ids)[0]
        if repetition_penalty != 1.0 and generated:
            seen = torch.tensor(sorted(set(generated)), dtype=torch.long)
            vals = logits[seen]
            logits[seen] = torch.where(vals > 0, vals / repetition_penalty, vals * repetition_penalty)
        next_id = int(torch.argmax(logits).item())
        if stop_id is not None and next_id == stop_id:
            break
        generated.append(next_id)
        ids = torch.cat([ids, torch.tensor([[next_id]], dtype=torch.long)], dim=1)
    return decode_ids(generated)


@torch.no_grad()
def sample_decode(prompt: str, max_new_tokens: int = 32, temperature: float = 0.8,
                  top_k: int = 5, seed: int = 0) -> str:
    """Top-k sampling with a fixed torch.Generator seed (reproducible)."""
    _check_max(max_new_tokens)
    if temperature <= 0:
        raise ValueError("temperature must be > 0; use greedy_decode for argmax")
    gen = torch.Generator().manual_seed(seed)
    ids = encode_prompt(prompt)
    out: List[int] = []
    for _ in range(max_new_tokens):
        logits = MODEL(ids)[0] / temperature
        k = min(max(top_k, 1), VOCAB_SIZE)
        vals, idx = torch.topk(logits, k)
        probs = F.softmax(vals, dim=-1)
        choice = int(idx[torch.multinomial(probs, 1, generator=gen)].item())
        if choice == EOS_ID:
            break
        out.append(choice)
        ids = torch.cat([ids, torch.tensor([[choice]])], dim=1)
    return decode_ids(out)


@torch.no_grad()
def beam_search(prompt: str, beam_width: int = 3, max_new_tokens: int = 16,
                length_penalty: float = 1.0) -> List[Tuple[str, float]]:
    """Beam search; returns (continuation, normalised log-prob) pairs, best first."""
    _check_max(max_new_tokens)
    if beam_width < 1:
        raise ValueError("beam_width must be >= 1")
    start = encode_prompt(prompt)[0].tolist()
    beams: List[Tuple[List[int], float]] = [([], 0.0)]
    finished: List[Tuple[List[int], float]] = []
    for _ in range(max_new_tokens):
        if not beams:
            break
        batch = torch.tensor([start + seq for seq, _ in beams], dtype=torch.long)
        logp = F.log_softmax(MODEL(batch), dim=-1)
        candidates: List[Tuple[List[int], float]] = []
        for (seq, score), row in zip(beams, logp):
            top_v, top_i = torch.topk(row, beam_width)
            for v, i in zip(top_v.tolist(), top_i.tolist()):
                candidates.append((seq + [i], score + v))
        candidates.sort(key=lambda c: c[1], reverse=True)
        beams = []
        for seq, score in candidates:
            if seq[-1] == EOS_ID:
                finished.append((seq[:-1], score))
            else:
                beams.append((seq, score))
            if len(beams) == beam_width:
                break
    finished.extend(beams)

    def norm(item: Tuple[List[int], float]) -> float:
        seq, score = item
        return score / (max(len(seq), 1) ** length_penalty)

    finished.sort(key=norm, reverse=True)
    return [(decode_ids(seq), round(norm((seq, s)), 5)) for seq, s in finished[:beam_width]]


@torch.no_grad()
def sequence_log_prob(text: str, include_eos: bool = True) -> float:
    """Sum of log p(token | prefix) over the text (teacher forcing)."""
    ids = encode_prompt(text)[0].tolist()
    if include_eos:
        ids.append(EOS_ID)
    if len(ids) < 2:
        return 0.0
    prefixes = [torch.tensor([ids[:t]], dtype=torch.long) for t in range(1, len(ids))]
    total = 0.0
    for t, prefix in enumerate(prefixes, start=1):
        logp = F.log_softmax(MODEL(prefix)[0], dim=-1)
        total += float(logp[ids[t]])
    return total


def perplexity(text: str) -> float:
    """exp(-mean log-prob) per predicted character (including <eos>)."""
    n = len(text) + 1
    return math.exp(-sequence_log_prob(text) / n)


CASES = {
    "encode_prompt": [
        ("hello world",),
        ("",),
        ("Héllo, Wörld!", False),
        ("line one\nline two",),
    ],
    "decode_ids": [
        (encode_prompt("hello there")[0].tolist(),),
        ([],),
        ([STOI["h"], STOI["i"], EOS_ID, STOI["x"]],),
        ([BOS_ID, UNK_ID, STOI["a"], 999], False),
    ],
    "next_token_logits": [
        (encode_prompt("the cat"),),
        (torch.tensor([BOS_ID], dtype=torch.long),),
        (torch.cat([encode_prompt("ab"), encode_prompt("cd")], dim=0),),
        (torch.tensor([[1.0, 2.0]]),),
        (torch.zeros((1, 0), dtype=torch.long),),
    ],
    "greedy_decode": [
        ("once upon a time",),
        ("", 10),
        ("hello", 20, " "),
        ("the end.", 8, None, 1.3),
        ("x", 0),
        ("x", 1000),
    ],
    "sample_decode": [
        ("once upon a time", 20, 0.8, 5, 0),
        ("once upon a time", 20, 0.8, 5, 1),
        ("", 10, 1.5, 1, 42),
        ("hi", 10, 0.0),
    ],
    "beam_search": [
        ("the quick brown", 3, 10),
        ("", 1, 5),
        ("ok!", 4, 6, 0.0),
        ("x", 0),
    ],
    "sequence_log_prob": [
        ("hello",),
        ("",),
        ("", False),
        ("unknown ümlaut",),
    ],
    "perplexity": [
        ("the cat sat.",),
        ("",),
        ("zzzzzz",),
    ],
}
