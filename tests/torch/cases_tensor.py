"""torch tensor creation, dtype conversions, shapes, views, cat/stack/split/chunk and subscripts.

Each function is compiled once (one library) and run by test_torch_ops.py on several inputs
beside torch 1.13 running the same source; every result comes back as a NumPy array so dtype and
shape are compared exactly. Inputs arrive as NumPy arrays (their annotations carry dtype and
rank) and become tensors through torch.from_numpy.
"""
import numpy as np
import torch
import torch.nn.functional as F

from torch_case_types import B, D2, F32, F64, I32, I32M2, I64, IM2, IV, M2, M3, U8, V1  # noqa: F401


def creation(n: int) -> tuple[F32, F32, I64, F64, F32, I64, B, F32, I64, F32, I64, F32, I32, F32]:
    a = torch.zeros(2, n)
    b = torch.ones((n, 3))
    c = torch.full((2, 2), 7)
    d = torch.zeros(n, dtype=torch.float64)
    e = torch.arange(n, dtype=torch.float32)
    f = torch.arange(1, n, 2)
    g = torch.ones(3, n, dtype=torch.bool)
    h = torch.arange(0.5, 2.0, 0.25)
    i = torch.tensor([[1, 2, 3], [4, 5, 6]])
    j = torch.tensor([1.5, -2.0])
    k = torch.zeros_like(f)
    m = torch.full_like(h, 3.5)
    o = torch.ones_like(i, dtype=torch.int32)
    p = torch.empty(0, 3)
    return (a.numpy(), b.numpy(), c.numpy(), d.numpy(), e.numpy(), f.numpy(), g.numpy(), h.numpy(),
            i.numpy(), j.numpy(), k.numpy(), m.numpy(), o.numpy(), p.numpy())


def conversions(x: M2) -> tuple[F64, I64, I32, B, F32, F32, I64, F32, F32]:
    t = torch.from_numpy(x)
    a = t.double()
    b = t.long()
    c = t.int()
    d = t.bool()
    e = t.to(torch.bfloat16).float()
    f = t.to(torch.int64).to(torch.float32)
    g = (t * 100).to(torch.int16).long()
    h = t.clone()
    k = t.float()
    return a.numpy(), b.numpy(), c.numpy(), d.numpy(), e.numpy(), f.numpy(), g.numpy(), h.numpy(), k.numpy()


def conversions_like(x: M2, device: str) -> tuple[I64, F32, F32, F32]:
    """.to(other tensor) takes its dtype; .to(device) of a device str given at run time;
    .type(y.type()) of the type string."""
    t = torch.from_numpy(x)
    i = (t * 10).long()
    return t.to(i).numpy(), i.to(t).numpy(), t.to(device).numpy(), (t > 0).type(t.type()).numpy()


def views(x: M3) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    t = torch.from_numpy(x)
    B_, T, C = t.shape
    a = t.view(B_ * T, C)
    b = t.reshape(-1)
    c = t.permute(2, 0, 1)
    d = t.transpose(0, 2).contiguous().view(C, -1)
    e = t.unsqueeze(1)
    f = t.unsqueeze(-1).squeeze(-1)
    g = t.flatten(1)
    h = t[:, :1].expand(B_, 3, C)
    i = t.repeat(2, 1, 3)
    j = t[0].t()
    k = t.transpose(-2, -1)
    m = torch.reshape(t, (C, B_ * T))
    o = torch.permute(t, (1, 0, 2)).reshape(T, -1)
    p = torch.flatten(t)
    return (a.numpy(), b.numpy(), c.numpy(), d.numpy(), e.numpy(), f.numpy(), g.numpy(), h.numpy(), i.numpy(),
            j.numpy(), k.numpy(), m.numpy(), o.numpy(), p.numpy())


def sizes(x: M3) -> tuple[int, int, int, int, int, float]:
    t = torch.from_numpy(x)
    return t.size(0), t.size(-1), t.dim(), t.numel(), t.ndim, t[0, 0, 0].item()


def joins(x: M2, y: M2) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a, b = torch.from_numpy(x), torch.from_numpy(y)
    c = torch.cat([a, b], dim=0)
    d = torch.cat((a, b), dim=1)
    e = torch.stack([a, b])
    f = torch.stack((a, b), dim=-1)
    p, q = a.chunk(2, dim=1)
    r, s = torch.split(b, [1, b.size(1) - 1], dim=1)
    parts = a.split(1, dim=0)
    g = torch.cat(parts, dim=1)
    return c.numpy(), d.numpy(), e.numpy(), f.numpy(), p.numpy(), q.numpy(), r.numpy(), s.numpy(), g.numpy(), \
        torch.cat([p, q], 1).numpy()


def indexing(x: M3, idx: IV, m: B) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    t = torch.from_numpy(x)
    mask = torch.from_numpy(m)
    i = torch.from_numpy(idx)
    a = t[0]
    b = t[-1, 1:]
    c = t[:, ::2, 1]
    d = t[..., 0]
    e = t[None, :, 0]
    f = t[:, None]
    g = t[i]
    h = t[:, i]
    k = t[mask]
    n = t[0][i]
    o = t[1:, -2:, :-1]
    p = t[..., 1:, None]
    return (a.numpy(), b.numpy(), c.numpy(), d.numpy(), e.numpy(), f.numpy(), g.numpy(), h.numpy(), k.numpy(),
            n.numpy(), o.numpy(), p.numpy())


def assignment(x: M3, idx: IV, m: B) -> tuple[F32, F32, F32, F32]:
    t = torch.from_numpy(x).clone()
    t[0] = 1.5
    t[:, 1:, 0] = -2.0
    t[torch.from_numpy(m)] = 0.0
    u = torch.zeros(4, 3)
    u[idx] = 7
    u[1:3] = torch.ones(2, 3) * 3
    u[0] = torch.full((1, 3), 5.0)
    v = t.clone()
    w = v[0]
    w += 1  # in place on the view, as torch's __iadd__: v[0] changes too
    w.mul_(2)
    w = w + 1  # a new tensor: v is unchanged
    return t.numpy(), u.numpy(), v.numpy(), w.numpy()


def extras(x: M3, v: V1) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, I64, F32, F32, F64, B]:
    t, w = torch.from_numpy(x), torch.from_numpy(v)
    T = t.size(1)
    causal = torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)
    return (torch.tril(t[0]).numpy(), t.triu(1).numpy(), t.tril(-1).numpy(), torch.eye(3).numpy(),
            torch.eye(2, 4).numpy(), torch.linspace(0, 1, 7).numpy(), torch.linspace(-2.0, 3.0, w.size(0)).numpy(),
            torch.flip(t, (0, 2)).numpy(), t.flip(1).numpy(), torch.eye(3, dtype=torch.int64).numpy(),
            torch.outer(w, w).numpy(), w.outer(torch.arange(w.size(0)) * 2).numpy(), w.type_as(torch.zeros(1, dtype=torch.float64)).numpy(),
            causal.numpy())


def windows(x: M3, n: int) -> tuple[F32, F32, F32, F32, F32, F32]:
    """Pads computed at run time (every mode, negative amounts crop) and unfold (framing)."""
    t = torch.from_numpy(x)
    frames = F.pad(t.flatten(), (0, n)).unfold(0, 3, 2)
    return (F.pad(t, (n, 1)).numpy(), F.pad(t, (1 - n, n, n, 0), value=-2.5).numpy(),
            F.pad(t, (n - 1, 1), mode="reflect").numpy(), F.pad(t, (0, n, 2 - n, 1), mode="replicate").numpy(),
            frames.numpy(), t.unfold(2, n, 1).numpy())


def python_seams(x: M2) -> tuple[F32, F32, F32, U8]:
    """Tensors meeting Python values: bool() of a one-element tensor, .cpu(), .tolist() back
    into a tensor, torch.frombuffer of a bytearray."""
    t = torch.from_numpy(x)
    flag = bool((t > 0).any())
    rows = t.cpu().tolist()
    raw = torch.frombuffer(bytearray(b"\x01\x02\xff"), dtype=torch.uint8)
    return (t.cpu().numpy(), torch.tensor([1.0 if flag else 0.0]).numpy(), torch.tensor(rows).numpy(), raw.numpy())


def rope_rmsnorm(x: M3, weight: V1) -> tuple[F32, F32]:
    """Gemma-style pieces: RMSNorm in float32 with (1 + weight), and rotary embedding in
    rotate-half form over positions 0..T-1."""
    h = torch.from_numpy(x)
    w = torch.from_numpy(weight)
    B_, T, D = h.shape
    normed = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * (1.0 + w)
    inv_freq = 1.0 / (10000.0 ** (torch.arange(0, D, 2, dtype=torch.float32) / D))
    freqs = torch.arange(T, dtype=torch.float32)[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos(), emb.sin()
    x1 = normed[..., : normed.shape[-1] // 2]
    x2 = normed[..., normed.shape[-1] // 2:]
    rotated = torch.cat((-x2, x1), dim=-1)
    return normed.numpy(), (normed * cos + rotated * sin).numpy()
