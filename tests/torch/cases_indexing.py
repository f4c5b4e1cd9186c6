"""Selections, index writes, grids and losses (test_torch_indexing.py runs them beside torch):
nonzero/argwhere/masked_select/bincount, scatter/scatter_add/index_add/index_put_/fill_diagonal_,
as_tensor/meshgrid/pad_sequence, nll_loss/cross_entropy; `fail` raises one error per branch."""
import numpy as np
import torch
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

from torch_case_types import B, BM2, F32, F64, I32, I64, IM2, IV, M2, M3, V1  # noqa: F401


def selections(x: M2, m: BM2, c: IV, w: V1) -> tuple[I64, I64, I64, I64, I64, I64, I64, I64, I64, F32, F32, F32,
                                                     I64, I64, F32, F64, F64, I64, I64, I64, F32]:
    a, mask, counts, weights = torch.from_numpy(x), torch.from_numpy(m), torch.from_numpy(c), torch.from_numpy(w)
    rows, cols = torch.nonzero(a, as_tuple=True)
    (only,) = torch.nonzero(torch.tensor(2.5), as_tuple=True)
    return (torch.nonzero(a).numpy(), a.nonzero().numpy(), rows.numpy(), cols.numpy(),
            a.nonzero(as_tuple=True)[1].numpy(), torch.argwhere(mask).numpy(), mask.argwhere().numpy(),
            torch.nonzero(torch.tensor(0.0)).numpy(), torch.argwhere(torch.tensor(1)).numpy(),
            torch.masked_select(a, mask).numpy(), a.masked_select(mask[0]).numpy(),
            torch.masked_select(a[0, 0], mask).numpy(),
            torch.bincount(counts).numpy(), counts.bincount(minlength=12).numpy(),
            torch.bincount(counts, weights).numpy(), torch.bincount(counts, weights.double()).numpy(),
            torch.bincount(counts, counts).numpy(), torch.bincount(counts[:0], minlength=3).numpy(),
            torch.bincount(counts.int()).numpy(), (a[:, :0].nonzero() + only.sum()).numpy(),
            a[:0].masked_select(mask[:0]).numpy())


def scatters(x: M2, i: IM2, j: IV) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, I64, F32, F32,
                                            F32, F32, F32, F32, I64, F32, B]:
    """x is (3, 4); i is (2, 4) in [0, 3); j is 1-D in [0, 3) (repeats give ties)."""
    a, idx, rows = torch.from_numpy(x), torch.from_numpy(i), torch.from_numpy(j)
    src = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    k = rows.numel()
    s3 = a.clone()
    s3.scatter_(1, idx[:, :2], src)
    s4 = a.clone()
    s4.scatter_(0, idx, value=-1.0)
    s6 = a.clone()
    s6.scatter_add_(-2, idx, src)
    ic = a.clone()
    ic.index_add_(0, rows.int(), torch.ones(k, 4))
    ai = a.long()
    ai.index_add_(1, rows, torch.ones(3, k, dtype=torch.long), alpha=3)
    wrapped = torch.zeros(7, 3)
    wrapped.fill_diagonal_(5.0, wrap=True)
    tall = torch.zeros(7, 3)
    tall.fill_diagonal_(2)
    wide = a.clone()
    wide.fill_diagonal_(-1.5)
    cube = torch.zeros(3, 3, 3)
    cube.fill_diagonal_(1)
    ip = a.clone()
    ip.index_put_((rows, rows), torch.tensor(7.0))
    iq = a.clone()
    iq.index_put_((rows,), torch.ones(4), accumulate=True)
    ir = a.long()
    ir.index_put_((rows, -1 - rows), torch.arange(k))
    zero_d = torch.tensor(2.0).scatter(0, torch.tensor(0), torch.tensor(5.0))
    return (a.scatter(0, idx, src).numpy(), torch.scatter(a, -1, idx, 9.5).numpy(), s3.numpy(), s4.numpy(),
            a.scatter_add(0, idx, src).numpy(), torch.scatter_add(a, 1, idx, src).numpy(), s6.numpy(),
            torch.index_add(a, 0, rows, torch.arange(k * 4, dtype=torch.float32).reshape(k, 4), alpha=2).numpy(),
            a.index_add(1, rows, torch.ones(3, k)).numpy(), ic.numpy(), a[0].index_add(0, rows, torch.ones(k)).numpy(),
            ai.numpy(), wrapped.numpy(), tall.numpy(), wide.numpy(), cube.numpy(), ip.numpy(), iq.numpy(), ir.numpy(),
            (a.scatter(0, idx[:0], src) + zero_d).numpy(), (a > 0).scatter(1, idx, True).numpy())


def grids(x: M2, v: V1, n: IV) -> tuple[I64, F32, F64, F32, F64, I32, I64, I64, F32, F32, F32, F32, F32, F32, F32,
                                        F32, I64, F32]:
    a, b, c = torch.from_numpy(x), torch.from_numpy(v), torch.from_numpy(n)
    shared = torch.as_tensor(x)
    shared[0, 0] = 42.0  # writes through to x, as torch's as_tensor shares the array
    gi, gj = torch.meshgrid(b, b[:2])
    hx, hy = torch.meshgrid([b, b[:2]], indexing="xy")
    p, q, r = torch.meshgrid(c, c[:1], torch.tensor(7), indexing="ij")
    seqs = [a, a[:1], a[:0]]
    return (torch.as_tensor([[1, 2], [3, 4]]).numpy(), torch.as_tensor([1, 2.5]).numpy(),
            torch.as_tensor(x, dtype=torch.float64).numpy(), torch.as_tensor(b).numpy(),
            torch.as_tensor(b, dtype=torch.float64).numpy(), torch.as_tensor(n.astype(np.int32)).numpy(),
            torch.as_tensor(3).numpy(), torch.as_tensor(c, dtype=torch.int64).numpy(),
            (a + 0).numpy(), gi.numpy(), gj.numpy(), hx.numpy(), hy.numpy(), (p + q + r).float().numpy(),
            pad_sequence(seqs).numpy(), pad_sequence(seqs, batch_first=True, padding_value=-1.5).numpy(),
            pad_sequence((c, c[1:]), True, 2.5).numpy(), pad_sequence([b, b[:1]]).numpy())


def losses(x: M2, t: IV, p: M2, w: V1, y: M3, ty: IM2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32,
                                                               F32, F32, F32, F32, F32, F32, F64, F32, F32]:
    """x (N, C) logits, t (N,) classes with t[0] == 1, p (N, C) probabilities, w (C,) weights,
    y (N, C, D) with ty (N, D) classes."""
    a, target, prob, weight = torch.from_numpy(x), torch.from_numpy(t), torch.from_numpy(p), torch.from_numpy(w)
    logp = torch.log_softmax(a, 1)
    return (F.nll_loss(logp, target).numpy(), F.nll_loss(logp, target, weight=weight, reduction="sum").numpy(),
            F.nll_loss(logp, target, weight, ignore_index=1, reduction="none").numpy(),
            F.nll_loss(logp, target, ignore_index=1).numpy(), F.nll_loss(logp[0], target[0]).numpy(),
            F.cross_entropy(a, target).numpy(), F.cross_entropy(a, target, weight=weight, ignore_index=1).numpy(),
            F.cross_entropy(a, target, reduction="none", label_smoothing=0.2).numpy(),
            F.cross_entropy(a, target, weight, ignore_index=1, label_smoothing=0.3).numpy(),
            F.cross_entropy(a, target, weight, reduction="sum", label_smoothing=0.1).numpy(),
            F.cross_entropy(a, prob).numpy(), F.cross_entropy(a, prob, weight=weight, reduction="none").numpy(),
            F.cross_entropy(a, prob, reduction="sum", label_smoothing=0.25).numpy(),
            F.cross_entropy(torch.from_numpy(y), torch.from_numpy(ty)).numpy(),
            F.cross_entropy(torch.from_numpy(y), torch.from_numpy(ty), reduction="none", label_smoothing=0.1).numpy(),
            F.cross_entropy(a[:0], target[:0]).numpy(), F.cross_entropy(a.double(), prob.double()).numpy(),
            F.cross_entropy(a[0], target[0], label_smoothing=0.5).numpy(),
            F.nll_loss(logp, torch.full_like(target, -100)).numpy())


def fail(which: str, x: M2, i: IM2, n: int) -> F32:
    """x (3, 4), i (2, 4) in [0, 3)."""
    a, idx = torch.from_numpy(x), torch.from_numpy(i)
    src = torch.ones(3, 4)
    rows = idx[0]
    if which == "masked_select":
        return torch.masked_select(a, a[:, :2] > 0).numpy()
    if which == "bincount_negative":
        return torch.bincount(rows - 5).float().numpy()
    if which == "bincount_2d":
        return torch.bincount(idx).float().numpy()
    if which == "bincount_minlength":
        return torch.bincount(rows, minlength=n).float().numpy()
    if which == "bincount_weights":
        return torch.bincount(rows, weights=src[0, :n]).numpy()
    if which == "scatter_high":
        return a.scatter(0, idx + n, src).numpy()
    if which == "scatter_shape":
        return a.scatter(0, idx.repeat(1, 2), src).numpy()
    if which == "scatter_rank":
        return a.scatter(0, rows, src).numpy()
    if which == "scatter_src":
        return a.scatter(0, idx, src[:1]).numpy()
    if which == "scatter_dim":
        return a.scatter(n, idx, src).numpy()
    if which == "scatter_add_high":
        return a.scatter_add(1, idx + n, src).numpy()
    if which == "index_add_high":
        return a.index_add(0, rows + n, torch.ones(4, 4)).numpy()
    if which == "index_add_count":
        return a.index_add(0, rows, torch.ones(n, 4)).numpy()
    if which == "index_add_broadcast":
        return a.index_add(1, rows, torch.ones(2, 4)).numpy()
    if which == "fill_diagonal":
        return torch.zeros(3, 4, 3).fill_diagonal_(1.0).sum(0).numpy()
    if which == "index_put_high":
        return a.index_put_((rows + n,), torch.tensor(1.0)).numpy()
    if which == "index_put_values":
        return a.index_put_((rows,), torch.ones(n)).numpy()
    if which == "meshgrid_rank":
        return torch.meshgrid(a.squeeze(), a[0])[0].numpy()
    if which == "pad_sequence":
        return pad_sequence([a, a[:, :n]]).numpy()
    if which == "pad_sequence_0d":
        return pad_sequence([a[0, 0], a[0, 1]]).numpy()
    if which == "nll_target":
        return F.nll_loss(a, rows[:3] + n).numpy()
    if which == "nll_batch":
        return F.nll_loss(a, rows).numpy()
    if which == "nll_weight":
        return F.nll_loss(a, rows[:3], weight=src[0, :n]).numpy()
    if which == "cross_entropy_probabilities":
        return F.cross_entropy(a, src[:, :n]).numpy()
    if which == "cross_entropy_ignore":
        return F.cross_entropy(a, src, ignore_index=n).numpy()
    if which == "cross_entropy_smoothing":
        return F.cross_entropy(a, rows[:3], label_smoothing=n / 2).numpy()
    if which == "cross_entropy_same_shape":
        return F.cross_entropy(a, idx.repeat(2, 1)[:3]).numpy()
    return a.numpy()
