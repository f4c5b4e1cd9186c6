"""torch.nn.functional through the compiler, and small models written as plain functions taking
their weights as arrays (an MLP, a CNN, a transformer encoder block). See cases_tensor.py for
how these functions are run."""
import numpy as np
import torch
import torch.nn.functional as F

from torch_case_types import B, F32, I64, IM2, M2, M3, M4, V1  # noqa: F401


def activations(x: M3) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a = torch.from_numpy(x)
    return (F.gelu(a).numpy(), F.gelu(a, approximate="tanh").numpy(), F.silu(a).numpy(), F.relu(a).numpy(),
            F.leaky_relu(a).numpy(), F.leaky_relu(a, 0.2).numpy(), F.sigmoid(a).numpy(), F.tanh(a).numpy(),
            F.softmax(a, dim=-1).numpy(), F.log_softmax(a, dim=1).numpy(), a.softmax(0).numpy(),
            F.dropout(a, p=0.1, training=False).numpy(), torch.log_softmax(a, -1).numpy())


def norms(x: M3, w: V1, b: V1) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32]:
    a = torch.from_numpy(x)
    weight, bias = torch.from_numpy(w), torch.from_numpy(b)
    C = a.size(-1)
    channels = a.transpose(1, 2)  # (N, C, L)
    mean, var = weight * 0.1, bias.abs() + 0.5
    return (F.layer_norm(a, (C,), weight, bias).numpy(), F.layer_norm(a, [a.size(1), C]).numpy(),
            F.group_norm(channels, 1).numpy(), F.group_norm(channels, C, weight, bias, eps=1e-3).numpy(),
            F.batch_norm(channels, mean, var, weight, bias, False).numpy(),
            F.batch_norm(channels, mean, var).numpy(), F.normalize(a, dim=-1).numpy(),
            F.cosine_similarity(a, a * 2 + 1, dim=-1).numpy())


def embeddings(ids: IM2, table: M2) -> tuple[F32, F32]:
    i, w = torch.from_numpy(ids), torch.from_numpy(table)
    return F.embedding(i, w).numpy(), F.embedding(i[0], w, padding_idx=0).numpy()


def linear_pad(x: M3, w: M2, b: V1) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32]:
    a, weight, bias = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(b)
    return (F.linear(a, weight, bias).numpy(), F.linear(a, weight).numpy(), F.pad(a, (1, 2)).numpy(),
            F.pad(a, (0, 0, 2, 1), value=-1.0).numpy(), F.pad(a, (-1, 1, 1, 0, 1, 1)).numpy(),
            F.pad(a, (1, 0), mode="reflect").numpy(), F.pad(a, (2, 1, 1, 0), mode="replicate").numpy(),
            F.pad(a[None], (0, 1, 1, 1), mode="reflect")[0].numpy())


def convolutions(x: M4, w: M4, b: V1, w1: M3, b1: V1) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a, weight, bias, weight1 = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(b), torch.from_numpy(w1)
    C = a.size(1)
    seq = a.flatten(2)  # (N, C, H*W)
    return (F.conv2d(a, weight, bias).numpy(), F.conv2d(a, weight, stride=2, padding=1).numpy(),
            F.conv2d(a, weight, bias, padding=(2, 1), dilation=2).numpy(),
            F.conv2d(a, weight[:, :1].repeat(C, 1, 1, 1)[:C], groups=C, padding="valid").numpy(),
            F.conv1d(seq, weight1, torch.from_numpy(b1)).numpy(),
            F.conv1d(seq, weight1, stride=2, padding=1, dilation=2).numpy(), F.conv2d(a[0], weight, bias).numpy(),
            F.conv2d(a, weight, padding="same", dilation=(1, 2)).numpy(), F.conv1d(seq, weight1[..., :2], padding="same").numpy())


def pooling(x: M4) -> tuple[F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32, F32]:
    a = torch.from_numpy(x)
    return (F.max_pool2d(a, 2).numpy(), F.max_pool2d(a, 3, stride=2, padding=1).numpy(),
            F.max_pool2d(a, (2, 3), stride=1, dilation=(1, 2)).numpy(),
            F.max_pool2d(a, 2, ceil_mode=True).numpy(), F.avg_pool2d(a, 2).numpy(),
            F.avg_pool2d(a, 3, stride=2, padding=1).numpy(),
            F.avg_pool2d(a, 3, stride=2, padding=1, count_include_pad=False).numpy(),
            F.adaptive_avg_pool2d(a, 1).numpy(), F.adaptive_avg_pool2d(a, (3, 2)).numpy(),
            F.interpolate(a, scale_factor=2).numpy(), F.interpolate(a, size=(5, 3), mode="bilinear").numpy(),
            F.interpolate(a, size=(7, 4), mode="bilinear", align_corners=True).numpy())


def mlp(x: M2, w1: M2, b1: V1, w2: M2, b2: V1) -> F32:
    h = F.gelu(F.linear(torch.from_numpy(x), torch.from_numpy(w1), torch.from_numpy(b1)))
    return F.log_softmax(F.linear(h, torch.from_numpy(w2), torch.from_numpy(b2)), dim=-1).numpy()


def cnn(x: M4, k1: M4, c1: V1, k2: M4, c2: V1, mean: V1, var: V1, w: M2, b: V1) -> F32:
    """conv -> batchnorm (eval) -> relu -> maxpool -> conv -> relu -> global average -> linear."""
    a = torch.from_numpy(x)
    h = F.conv2d(a, torch.from_numpy(k1), torch.from_numpy(c1), padding=1)
    h = F.batch_norm(h, torch.from_numpy(mean), torch.from_numpy(var), training=False)
    h = F.max_pool2d(F.relu(h), 2)
    h = F.relu(F.conv2d(h, torch.from_numpy(k2), torch.from_numpy(c2), padding=1))
    h = F.adaptive_avg_pool2d(h, 1).flatten(1)
    return F.linear(h, torch.from_numpy(w), torch.from_numpy(b)).numpy()


def encoder_block(x: M3, keep: B, wqkv: M2, wo: M2, ln: M2, w1: M2, w2: M2) -> F32:
    """Pre-norm transformer encoder block: multi-head attention with a padding mask, GELU MLP."""
    with torch.no_grad():
        h = torch.from_numpy(x)
        mask = torch.from_numpy(keep)
        norm = torch.from_numpy(ln)
        B_, T, C = h.shape
        heads = 2
        y = F.layer_norm(h, (C,), norm[0], norm[1])
        q, k, v = F.linear(y, torch.from_numpy(wqkv)).chunk(3, dim=-1)
        q = q.view(B_, T, heads, C // heads).transpose(1, 2)
        k = k.view(B_, T, heads, C // heads).transpose(1, 2)
        v = v.view(B_, T, heads, C // heads).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / (C // heads) ** 0.5
        scores = scores.masked_fill(mask[:, None, None, :] == 0, -1e9)
        att = F.softmax(scores, dim=-1)
        out = (att @ v).transpose(1, 2).contiguous().view(B_, T, C)
        h = h + F.linear(out, torch.from_numpy(wo))
        y = F.layer_norm(h, (C,), norm[2], norm[3])
        h = h + F.linear(F.gelu(F.linear(y, torch.from_numpy(w1)), approximate="tanh"), torch.from_numpy(w2))
    return h.numpy()



torch.manual_seed(3)
UPSAMPLE = torch.nn.ConvTranspose2d(3, 2, 3, stride=2, padding=1, output_padding=1).eval()


def transposed_convolutions(x: M4, w: M4, b: V1, x1: M3, w1: M3) -> tuple[F32, F32, F32, F32, F32]:
    """F.conv_transpose2d / 1d (stride, padding, output_padding, groups, dilation, bias or not),
    and nn.ConvTranspose2d's forward (torch's own, through its _output_padding)."""
    a, k, bias = torch.from_numpy(x), torch.from_numpy(w), torch.from_numpy(b)
    a1, k1 = torch.from_numpy(x1), torch.from_numpy(w1)
    with torch.no_grad():
        up = UPSAMPLE(a)
    return (F.conv_transpose2d(a, k, bias).numpy(),
            F.conv_transpose2d(a, k, None, stride=2, padding=1, output_padding=1, dilation=1).numpy(),
            F.conv_transpose2d(a, k, bias, stride=(1, 2), padding=(0, 1), dilation=2).numpy(),
            F.conv_transpose1d(a1, k1, None, stride=3, padding=1, output_padding=2, groups=2).numpy(),
            up.numpy())


torch.manual_seed(4)
HARD = torch.nn.Sequential(torch.nn.ReLU6(inplace=True), torch.nn.Hardswish(), torch.nn.Hardsigmoid(),
                           torch.nn.Hardtanh(-0.25, 0.75)).eval()


def hard_activations(x: M2) -> tuple[F32, F32, F32, F32, F32, F32]:
    """F.hardtanh / relu6 / hardswish / hardsigmoid (NaN kept) and their modules, in place too."""
    a = torch.from_numpy(x)
    b = a * 4
    F.relu6(b, inplace=True)
    return (F.hardtanh(a * 3, -2.0, 2.5).numpy(), F.relu6(a * 10).numpy(), F.hardswish(a * 4).numpy(),
            F.hardsigmoid(a * 4).numpy(), HARD(a.clone()).numpy(), b.numpy())
