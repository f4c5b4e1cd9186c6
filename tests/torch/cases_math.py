"""torch math through the compiler: operators and functions with torch's promotion, in-place
forms, where/clamp/masked_fill, reductions, sort/topk/cumsum/gather/index_select, matmul/einsum.
See cases_tensor.py for how these functions are run."""
import numpy as np
import torch

from case_types import B, D2, F32, F64, I32, I32M2, I64, IM2, IV, M2, M3, V1  # noqa: F401

NEG_INF = float("-inf")


def arith_float(x: M2, y: M2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    return ((a + b).numpy(), (a - b).numpy(), (a * b).numpy(), (a / b).numpy(), (a // b).numpy(),
            (a % b).numpy(), (-a).numpy(), (a ** 2).numpy(), (2.5 - a).numpy(), (1 / b).numpy(),
            torch.maximum(a, b).numpy(), torch.minimum(a, b).numpy())


def arith_int(x: IM2, y: IM2, z: I32M2) -> tuple[I64, I64, I64, F32, I64, I64, F32, I64, I32, I64, F32, I64, I64]:
    a, b, c = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(z)
    return ((a + b).numpy(), (a - 3).numpy(), (a * b).numpy(), (a / b).numpy(), (a // b).numpy(),
            (a % b).numpy(), (a + 0.5).numpy(), (a + c).numpy(), (c * 2).numpy(), (a ** 2).numpy(),
            torch.div(a, 4).numpy(), torch.div(a, b, rounding_mode="floor").numpy(), (a & b).numpy())


def arith_mixed(x: M2, d: D2, i: IM2) -> tuple[F64, F32, F64, F32, F32, F64]:
    a, b, c = torch.from_numpy(x), torch.from_numpy(d), torch.from_numpy(i)
    # float32 + float64 tensor -> float64; int tensor + float32 tensor -> float32; 0-d ranks lower.
    return ((a + b).numpy(), (c * a).numpy(), (b - c).numpy(), (a + b.sum().float()).numpy(),
            (a * torch.tensor(2.0, dtype=torch.float64)).numpy(), (c / b).numpy())


def compare(x: M2, y: M2) -> tuple[B, B, B, B, B, B, B, B, B, B, B]:
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    m, n = a > 0, b > 0
    return ((a == b).numpy(), (a != b).numpy(), (a < b).numpy(), (a <= b).numpy(), (a > 0.5).numpy(),
            (a >= b).numpy(), (m & n).numpy(), (m | n).numpy(), (m ^ n).numpy(), (~m).numpy(),
            torch.logical_and(m, torch.logical_not(n)).numpy())


def unary(x: M2, i: IM2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, I64, F32]:
    a, c = torch.from_numpy(x), torch.from_numpy(i)
    pos = a.abs() + 0.1
    return (torch.exp(a).numpy(), pos.log().numpy(), torch.sqrt(pos).numpy(), pos.rsqrt().numpy(),
            a.sin().numpy(), torch.cos(a).numpy(), torch.tanh(a).numpy(), torch.sigmoid(a).numpy(),
            torch.relu(a).numpy(), a.abs().numpy(), a.floor().numpy(), a.ceil().numpy(), torch.round(a).numpy(),
            a.sign().numpy(), a.erf().numpy(), torch.reciprocal(pos).numpy(), a.trunc().numpy(), c.abs().numpy(),
            torch.exp(c).numpy())


def inplace(x: M2, y: M2) -> tuple[F32, F32, F32, F32, I64]:
    a = torch.from_numpy(x).clone()
    b = torch.from_numpy(y)
    v = a[0]
    v.add_(b[0])
    a.mul_(2)
    c = a.clone()
    c.sub_(1).div_(4)
    d = torch.zeros(2, 3)
    d.fill_(1.5)
    d[0].zero_()
    e = a.clone()
    e.clamp_(min=-0.5, max=0.5)
    n = torch.arange(6).view(2, 3)
    n.mul_(3)
    n += 1
    n -= torch.ones(2, 3, dtype=torch.int64)
    return a.numpy(), c.numpy(), d.numpy(), e.numpy(), n.numpy()


def select(x: M2, y: M2) -> tuple[F32, F32, F32, F32, F32, F32, I64, F32, F32]:
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    mask = a > b
    return (torch.where(mask, a, b).numpy(), torch.where(mask, a, 0.0).numpy(), a.clamp(-0.5, 0.5).numpy(),
            torch.clamp(a, min=0.0).numpy(), a.clamp(max=0.25).numpy(), a.masked_fill(mask, -1e9).numpy(),
            torch.clamp(torch.arange(6), 1, 4).numpy(), a.masked_fill(~mask, NEG_INF).numpy(),
            torch.clip(a, -1.0, 1.0).numpy())


def reductions(x: M3) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a = torch.from_numpy(x)
    return (a.sum().numpy(), a.sum(dim=1).numpy(), torch.sum(a, (0, 2), keepdim=True).numpy(),
            a.mean(-1).numpy(), a.mean(dim=(0, 1)).numpy(), torch.mean(a).numpy(),
            a.var(dim=1).numpy(), a.var(2, unbiased=False, keepdim=True).numpy(), a.std(dim=-1).numpy(),
            torch.std(a).numpy(), a.amax(dim=1).numpy(), a.amin(dim=(1, 2), keepdim=True).numpy(),
            a.norm(dim=-1).numpy(), torch.norm(a).numpy(), a.max().numpy())


def reductions_int(i: IM2, m: B) -> tuple[I64, I64, I64, I64, B, B, B, I64, I64]:
    c = torch.from_numpy(i)
    k = torch.from_numpy(m)
    return (c.sum().numpy(), c.sum(1).numpy(), k.sum(dim=0).numpy(), c.amax(0).numpy(), k.any(dim=1).numpy(),
            k.all().numpy(), (c > 0).any().numpy(), c.min().numpy(), torch.argmax(c).numpy())


def with_indices(x: M3) -> tuple[F32, I64, F32, I64, I64, I64, I64, F32, I64]:
    a = torch.from_numpy(x)
    v, i = a.max(dim=1)
    w, j = torch.min(a, -1, keepdim=True)
    mx = torch.max(a, torch.zeros_like(a))
    return (v.numpy(), i.numpy(), w.numpy(), j.numpy(), a.argmax(dim=2).numpy(), torch.argmin(a, 0).numpy(),
            a.argmax(dim=1, keepdim=True).numpy(), mx.numpy(), a.argmin().numpy())


def ordering(x: M2) -> tuple[F32, I64, F32, I64, F32, I64, F32, I64, I64, F32, I64]:
    a = torch.from_numpy(x)
    s, i = torch.sort(a)
    t, j = a.sort(dim=0, descending=True)
    v, k = torch.topk(a, 2)
    w, m = a.topk(1, dim=0, largest=False)
    c = torch.cumsum(a, dim=1)
    n = torch.arange(6).view(2, 3).cumsum(0)
    return (s.numpy(), i.numpy(), t.numpy(), j.numpy(), v.numpy(), k.numpy(), w.numpy(), m.numpy(),
            a.argsort(dim=-1, descending=True).numpy(), c.numpy(), n.numpy())


def gathering(x: M2, idx: IM2) -> tuple[F32, F32, F32, F32]:
    a, i = torch.from_numpy(x), torch.from_numpy(idx)
    rows = torch.tensor([1, 0, 1])
    return (torch.gather(a, 1, i).numpy(), a.gather(0, i[:1]).numpy(), torch.index_select(a, 0, rows).numpy(),
            a.index_select(1, i[0]).numpy())


def products(x: M3, y: M3, v: M2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a, b, w = torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(v)
    bt = b.transpose(1, 2)
    return (torch.matmul(a, bt).numpy(), (a @ bt).numpy(), torch.bmm(a, bt).numpy(), (a[0] @ w).numpy(),
            torch.mm(a[0], w).numpy(), (a[0, 0] @ w).numpy(), (w.t() @ a[0, 0]).numpy(),
            (a[0, 0] @ a[0, 0]).numpy(), torch.einsum("bij,bkj->bik", a, b).numpy(),
            torch.einsum("ij,jk", a[0], w).numpy())


def attention(q_: M3, k_: M3, v_: M3, keep: B) -> F32:
    """Scaled dot-product attention written out, with a padding mask."""
    q, k, v = torch.from_numpy(q_), torch.from_numpy(k_), torch.from_numpy(v_)
    mask = torch.from_numpy(keep)
    B_, T, D = q.shape
    scores = q @ k.transpose(-2, -1) / D ** 0.5
    scores = scores.masked_fill(~mask[:, None, :], NEG_INF)
    weights = torch.softmax(scores, dim=-1)
    out = weights @ v
    return out.numpy()


def bfloat16_ops(x: M2, y: M2) -> tuple[F32, F32, F32, F32, F32, F32]:
    a, b = torch.from_numpy(x).bfloat16(), torch.from_numpy(y).to(torch.bfloat16)
    return ((a + b).float().numpy(), (a * b).float().numpy(), torch.exp(a).float().numpy(),
            a.sum(dim=1).float().numpy(), (a @ b.t()).float().numpy(), torch.softmax(a, dim=-1).float().numpy())
