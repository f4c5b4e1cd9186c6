"""Functional tensor helpers that show up around model inference: one-hot, padding,
gather/scatter, sorting by length, NMS for detections, confusion matrices, sub-word alignment."""
from typing import List, Optional, Sequence, Tuple

import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence


def one_hot_labels(labels: List[int], num_classes: Optional[int] = None) -> torch.Tensor:
    """Class ids -> (N, num_classes) float32 one-hot matrix."""
    if any(l < 0 for l in labels):
        raise ValueError("labels must be non-negative")
    if not labels:
        return torch.zeros(0, num_classes or 0)
    t = torch.tensor(labels, dtype=torch.long)
    if num_classes is None:
        num_classes = int(t.max()) + 1
    return F.one_hot(t, num_classes=num_classes).float()


def pad_batch(
    sequences: List[torch.Tensor],
    padding_value: float = 0.0,
    padding_side: str = "right",
) -> Tuple[torch.Tensor, torch.Tensor]:
    """Pad variable-length 1-D tensors into (B, T); returns (padded, lengths)."""
    if padding_side not in ("left", "right"):
        raise ValueError(f"padding_side must be 'left' or 'right', got {padding_side!r}")
    lengths = torch.tensor([len(s) for s in sequences], dtype=torch.long)
    if padding_side == "right":
        padded = pad_sequence(sequences, batch_first=True, padding_value=padding_value)
    else:
        flipped = [s.flip(0) for s in sequences]
        padded = pad_sequence(flipped, batch_first=True, padding_value=padding_value).flip(1)
    return padded, lengths


def gather_last_token(hidden_states: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
    """Hidden state of the last non-pad token of each row (right padding), (B, D)."""
    last_idx = attention_mask.long().sum(dim=1) - 1
    last_idx = last_idx.clamp(min=0)
    index = last_idx.view(-1, 1, 1).expand(-1, 1, hidden_states.size(-1))
    return hidden_states.gather(1, index).squeeze(1)


def segment_mean(values: torch.Tensor, segment_ids: torch.Tensor, num_segments: int) -> torch.Tensor:
    """Mean of rows of `values` (N, D) grouped by segment id; empty segments give zeros."""
    if segment_ids.numel() and int(segment_ids.max()) >= num_segments:
        raise IndexError("segment id out of range")
    sums = torch.zeros(num_segments, values.size(1), dtype=values.dtype)
    sums.index_add_(0, segment_ids, values)
    counts = torch.zeros(num_segments, dtype=values.dtype).scatter_add_(
        0, segment_ids, torch.ones_like(segment_ids, dtype=values.dtype)
    )
    return sums / counts.clamp(min=1).unsqueeze(1)


def sort_by_length(lengths: Sequence[int]) -> Tuple[List[int], List[int]]:
    """Order that sorts a batch by decreasing length (stable), and its inverse permutation."""
    lens = torch.tensor(list(lengths), dtype=torch.long)
    _, order = torch.sort(-lens, stable=True)
    inverse = torch.empty_like(order)
    inverse[order] = torch.arange(order.numel())
    return order.tolist(), inverse.tolist()


def box_iou(boxes1: torch.Tensor, boxes2: torch.Tensor) -> torch.Tensor:
    area1 = (boxes1[:, 2] - boxes1[:, 0]).clamp(min=0) * (boxes1[:, 3] - boxes1[:, 1]).clamp(min=0)
    area2 = (boxes2[:, 2] - boxes2[:, 0]).clamp(min=0) * (boxes2[:, 3] - boxes2[:, 1]).clamp(min=0)
    lt = torch.max(boxes1[:, None, :2], boxes2[None, :, :2])
    rb = torch.min(boxes1[:, None, 2:], boxes2[None, :, 2:])
    wh = (rb - lt).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    union = area1[:, None] + area2[None, :] - inter
    return inter / union.clamp(min=1e-9)


def nms(boxes: torch.Tensor, scores: torch.Tensor, iou_threshold: float = 0.5) -> List[int]:
    """Greedy non-maximum suppression on (N, 4) xyxy boxes; returns kept indices by score."""
    if boxes.numel() == 0:
        return []
    if boxes.dim() != 2 or boxes.size(1) != 4:
        raise ValueError("boxes must have shape (N, 4)")
    order = torch.argsort(scores, descending=True)
    keep: List[int] = []
    suppressed = torch.zeros(boxes.size(0), dtype=torch.bool)
    ious = box_iou(boxes, boxes)
    for idx in order.tolist():
        if suppressed[idx]:
            continue
        keep.append(idx)
        suppressed |= ious[idx] > iou_threshold
    return keep


def smoothed_targets(
    labels: torch.Tensor,
    num_classes: int,
    smoothing: float = 0.1,
    ignore_index: int = -100,
) -> torch.Tensor:
    """Label-smoothed target distributions (N, C); rows with ignore_index are all zero."""
    if not 0.0 <= smoothing < 1.0:
        raise ValueError("smoothing must be in [0, 1)")
    valid = labels != ignore_index
    safe = labels.masked_fill(~valid, 0)
    targets = torch.full((labels.numel(), num_classes), smoothing / num_classes)
    targets.scatter_(1, safe.view(-1, 1), 1.0 - smoothing + smoothing / num_classes)
    return targets * valid.view(-1, 1).float()


def confusion_matrix(preds: torch.Tensor, targets: torch.Tensor, num_classes: int) -> torch.Tensor:
    """(num_classes, num_classes) int64 counts; rows = true class, cols = prediction."""
    if preds.shape != targets.shape:
        raise ValueError("preds and targets must have the same shape")
    idx = targets.flatten().long() * num_classes + preds.flatten().long()
    return torch.bincount(idx, minlength=num_classes * num_classes).reshape(num_classes, num_classes)


def word_level_predictions(
    logits: torch.Tensor,
    word_ids: List[Optional[int]],
    strategy: str = "first",
) -> List[int]:
    """Map sub-token logits (T, C) to one label per word: take the first sub-token's argmax,
    or average the sub-tokens' logits ("average"). Special tokens have word id None."""
    if strategy not in ("first", "average"):
        raise ValueError(f"unknown strategy {strategy!r}")
    n_words = max((w for w in word_ids if w is not None), default=-1) + 1
    preds: List[int] = []
    for w in range(n_words):
        positions = [i for i, wid in enumerate(word_ids) if wid == w]
        if not positions:
            preds.append(0)
            continue
        if strategy == "first":
            preds.append(int(logits[positions[0]].argmax()))
        else:
            preds.append(int(logits[positions].mean(dim=0).argmax()))
    return preds


_g = torch.Generator().manual_seed(0)
_hidden = torch.randn(3, 5, 4, generator=_g)
_tok_logits = torch.randn(7, 5, generator=_g)

CASES = {
    "one_hot_labels": [
        ([0, 2, 1, 2],),
        ([3], 5),
        ([],),
        ([], 4),
        ([1, -1],),
    ],
    "pad_batch": [
        ([torch.tensor([5, 6, 7]), torch.tensor([8]), torch.tensor([9, 10])],),
        ([torch.tensor([1.0, 2.0]), torch.tensor([3.0])], -1.0, "left"),
        ([torch.tensor([4, 4, 4])], 0.0, "right"),
        ([torch.tensor([1]), torch.tensor([], dtype=torch.long)], 0, "left"),
        ([torch.tensor([1])], 0.0, "center"),
    ],
    "gather_last_token": [
        (_hidden, torch.tensor([[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]])),
        (_hidden, torch.ones(3, 5, dtype=torch.bool)),
        (_hidden, torch.zeros(3, 5, dtype=torch.long)),
    ],
    "segment_mean": [
        (torch.arange(12, dtype=torch.float32).view(6, 2), torch.tensor([0, 0, 1, 2, 2, 2]), 3),
        (torch.ones(2, 3), torch.tensor([1, 1]), 4),
        (torch.zeros(0, 2), torch.tensor([], dtype=torch.long), 2),
        (torch.ones(2, 2), torch.tensor([0, 5]), 3),
    ],
    "sort_by_length": [
        ([3, 7, 1, 7, 2],),
        ([],),
        ((5,),),
        ([0, 0, 0],),
    ],
    "nms": [
        (torch.tensor([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30], [0, 0, 9, 9]], dtype=torch.float32),
         torch.tensor([0.9, 0.8, 0.7, 0.95])),
        (torch.tensor([[0.0, 0.0, 1.0, 1.0]]), torch.tensor([0.1]), 0.3),
        (torch.zeros(0, 4), torch.zeros(0)),
        (torch.tensor([[0.0, 0.0, 10.0, 10.0], [5.0, 0.0, 15.0, 10.0]]), torch.tensor([0.5, 0.6]), 0.2),
        (torch.ones(3, 3), torch.ones(3)),
    ],
    "smoothed_targets": [
        (torch.tensor([0, 2, 1]), 3),
        (torch.tensor([1, -100, 0]), 2, 0.2),
        (torch.tensor([4]), 5, 0.0),
        (torch.tensor([0]), 2, 1.0),
    ],
    "confusion_matrix": [
        (torch.tensor([0, 1, 1, 2, 2]), torch.tensor([0, 1, 2, 2, 0]), 3),
        (torch.tensor([[1, 0], [0, 0]]), torch.tensor([[1, 1], [0, 0]]), 2),
        (torch.tensor([], dtype=torch.long), torch.tensor([], dtype=torch.long), 2),
        (torch.tensor([0, 1]), torch.tensor([0]), 2),
    ],
    "word_level_predictions": [
        (_tok_logits, [None, 0, 0, 1, 2, 2, None]),
        (_tok_logits, [None, 0, 0, 1, 2, 2, None], "average"),
        (_tok_logits[:2], [None, None]),
        (_tok_logits, [None, 0, 1, 1, 1, 2, None], "max"),
    ],
}
