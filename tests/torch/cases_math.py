"""torch math through the compiler: operators and functions with torch's promotion, in-place
forms, where/clamp/masked_fill, reductions, sort/topk/cumsum/gather/index_select, matmul/einsum.
See cases_tensor.py for how these functions are run."""
import numpy as np
import torch

from torch_case_types import B, D2, F32, F64, I32, I32M2, I64, IM2, IV, M2, M3, V1  # noqa: F401

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


def non_finite(x: M2, d: D2, i: IM2) -> tuple[F32, F32, F32, F64, I64]:
    a, b = torch.from_numpy(x), torch.from_numpy(d)
    return (torch.nan_to_num(a).numpy(), a.nan_to_num(nan=-1.0, posinf=5.0).numpy(),
            torch.nan_to_num(a, neginf=-7).numpy(), torch.nan_to_num(b, 2.5).numpy(),
            torch.nan_to_num(torch.from_numpy(i)).numpy())


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


def ordering_ties(x: M2) -> tuple[F32, I64, F32, I64, I64, I64, I64]:
    """topk where values tie: torch's CPU kernel decides which positions come first (partial_sort
    for small k, nth_element otherwise, and its own unsorted order)."""
    a = (torch.from_numpy(x) * 2).round()  # few distinct values
    z = torch.zeros(3, 200)
    v, i = torch.topk(a, 2)
    w, j = a.topk(3, dim=-1, largest=False, sorted=False)
    return (v.numpy(), i.numpy(), w.numpy(), j.numpy(), torch.topk(z, 2).indices.numpy(),
            torch.topk(z, 150).indices.numpy(), torch.topk(z, 150, sorted=False).indices.numpy())


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


def spellings(x: M2, y: M2, i: IM2, j: IM2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32,
                                                    F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    """Every function and method name torch code uses for these ops, each called once (operators
    reach the same rules through python_ops)."""
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    m, n = torch.from_numpy(i), torch.from_numpy(j)
    f = torch.add(a, b) + a.add(b) + torch.sub(a, b) + a.sub(b) + torch.subtract(a, b) + a.subtract(b)
    g = torch.mul(a, b) + a.mul(b) + torch.multiply(a, b) + a.multiply(b) + torch.divide(a, b) + a.divide(b)
    h = torch.true_divide(a, b) + a.true_divide(b) + torch.pow(a, 2) + a.pow(3) + torch.neg(a) + a.neg()
    k = torch.negative(a) + a.negative() + torch.positive(a) + torch.abs(a) + torch.sign(a) + torch.erf(a)
    p = (torch.floor_divide(m, n) + m.floor_divide(n) + torch.remainder(m, n) + m.remainder(n)).float()
    q = (torch.bitwise_and(m, n) + m.bitwise_and(n) + torch.bitwise_or(m, n) + m.bitwise_or(n)
         + torch.bitwise_xor(m, n) + m.bitwise_xor(n) + torch.bitwise_not(m) + m.bitwise_not()).float()
    r = (torch.eq(a, b).float() + a.eq(b).float() + torch.ne(a, b).float() + a.ne(b).float()
         + torch.not_equal(a, b).float() + a.not_equal(b).float() + torch.lt(a, b).float() + a.lt(b).float())
    s = (torch.le(a, b).float() + a.le(b).float() + torch.gt(a, b).float() + a.gt(b).float()
         + torch.ge(a, b).float() + a.ge(b).float() + torch.greater(a, b).float() + a.greater(b).float())
    t = (torch.greater_equal(a, b).float() + a.greater_equal(b).float() + torch.less(a, b).float()
         + a.less(b).float() + torch.less_equal(a, b).float() + a.less_equal(b).float())
    u = (torch.logical_or(a > 0, b > 0).float() + (a > 0).logical_or(b > 0).float()
         + torch.logical_xor(a > 0, b > 0).float() + (a > 0).logical_xor(b > 0).float()
         + torch.isnan(a).float() + a.isnan().float())
    pos = a.abs() + 0.5
    v = torch.log(pos) + torch.rsqrt(pos) + torch.sin(a) + torch.floor(a) + torch.ceil(a) + torch.trunc(a)
    w = a.clone()
    w.masked_fill_(a > b, 2.0)
    w.relu_()
    w2 = torch.empty_like(a)
    w2.copy_(b)
    c = torch.masked_fill(a, a < 0, 0.5)
    d = torch.concat([a, b], 0) + torch.cat(torch.chunk(torch.cat([a, b], 0), 2), 0)
    e = torch.transpose(a, 0, 1) + torch.t(a) + a.T + b.view_as(a).t() + b[:1].expand_as(a).t()
    sq = torch.unsqueeze(a, 0)
    sq2 = torch.squeeze(sq) + sq.squeeze(0) + torch.clone(a) + a.detach()
    red = (torch.amax(a, 1) + torch.amin(a, 1) + torch.var(a, 1) + torch.all(a > -9, 1).float()
           + torch.any(a > 0, 1).float() + torch.argsort(a, 1)[:, 0].float())
    sizes = torch.numel(a) + a.byte().short().char().size(0)
    return (f.numpy(), g.numpy(), h.numpy(), k.numpy(), p.numpy(), q.numpy(), r.numpy(), s.numpy(), t.numpy(),
            u.numpy(), v.numpy(), w.numpy(), w2.numpy(), c.numpy(), d.numpy(), e.numpy(), sq2.numpy(), red.numpy(),
            (a * sizes).numpy(), a.numpy(), b.numpy(), m.float().numpy(), n.float().numpy(), (a + 0).numpy())


def products_of(x: M3, i: IM2) -> tuple[F32, F32, F32, I64, I64]:
    a, c = torch.from_numpy(x), torch.from_numpy(i)
    return (a.prod().numpy(), torch.prod(a, 1).numpy(), a.prod(dim=-1, keepdim=True).numpy(), c.prod(0).numpy(),
            (c > 0).prod().numpy())


def named_results(x: M3) -> tuple[F32, I64, F32, I64, F32, I64]:
    """torch's named tuples: fields by name, directly and through a variable."""
    a = torch.from_numpy(x)
    m = a.max(dim=-1)
    s = torch.sort(a, dim=1, descending=True)
    return (m.values.numpy(), m.indices.numpy(), a.min(0).values.numpy(), s.indices.numpy(),
            torch.topk(a, 1).values.numpy(), a.topk(1, dim=0).indices.numpy())


def spectrogram(x: V1, y: M2) -> tuple[F32, F32, F32, F64]:
    """torch.stft (return_complex=True) and the magnitudes of its frames: a Hann window, centred
    with reflect padding; a batch, unnormalised, no window; two-sided, constant padding, a
    shorter window; normalised, in float64."""
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    s1 = torch.stft(a, 16, hop_length=4, window=torch.hann_window(16), return_complex=True)
    s2 = torch.stft(b, 8, return_complex=True, center=False)
    s3 = torch.stft(a, 8, hop_length=3, win_length=6, pad_mode="constant", onesided=False, return_complex=True)
    s4 = torch.stft(a.double(), 12, hop_length=5, normalized=True, return_complex=True)
    return (s1.abs() ** 2).numpy(), s2[..., :-1].abs().numpy(), s3.abs().numpy(), s4.abs().numpy()


def membership(x: M2, y: IM2) -> tuple[bool, bool, bool, bool]:
    """`v in t`: (t == v).any(), for a float and an int tensor."""
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    first = float(a[0, 0])
    return first in a, 1234.5 in a, 3 in b, -100 in b
