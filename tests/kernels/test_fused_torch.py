"""The fused kernels (SIMD and scalar) against the unfused torch 1.13 expressions they replace.

torch makes the inputs, fused_driver (tests/kernels/fused_driver.cpp) runs the kernels, and
each result is compared with what the model code would compute in eager PyTorch, in fp32.

    MUNA_FUSED_DRIVER=build/fused_driver /usr/bin/python3 -m pytest -q tests/kernels/test_fused_torch.py
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest
import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def built_driver() -> str:
    """MUNA_FUSED_DRIVER, else fused_driver.cpp compiled once into build/ (rebuilt when older
    than its source or the kernels it includes)."""
    if os.environ.get("MUNA_FUSED_DRIVER"):
        return os.environ["MUNA_FUSED_DRIVER"]
    source = os.path.join(ROOT, "tests", "kernels", "fused_driver.cpp")
    exe = os.path.join(ROOT, "build", "kernels", "fused_driver")
    kernels = [os.path.join(ROOT, "kernels", "muna", "kernels", f) for f in os.listdir(os.path.join(ROOT, "kernels", "muna", "kernels"))]
    if not os.path.exists(exe) or os.path.getmtime(exe) < max(os.path.getmtime(p) for p in [source] + kernels):
        os.makedirs(os.path.dirname(exe), exist_ok=True)
        subprocess.run(["g++", "-O2", "-std=c++17", "-march=x86-64-v3", "-maes", "-mpclmul", "-fopenmp",
                        f"-I{ROOT}/include", f"-I{ROOT}/kernels", source, "-o", exe], check=True)
    return exe


DRIVER = built_driver()

# Row lengths around 4-, 8- and 16-lane vectors, plus the model's own (768 hidden, 1152 MLP,
# 256 head_dim).
LENGTHS = [1, 3, 15, 16, 17, 33, 256, 768, 1152]


def run(kernel, inputs, *args, outputs=("simd", "scalar")):
    with tempfile.TemporaryDirectory() as tmp:
        for name, array in inputs.items():
            array.tofile(os.path.join(tmp, name + ".bin"))
        subprocess.run([DRIVER, tmp, kernel, *map(str, args)], check=True)
        return {name: np.fromfile(os.path.join(tmp, name + ".bin"), dtype=np.float32) for name in outputs}


def assert_close(got, want, rtol, atol, what):
    want = want.detach().numpy().reshape(-1)
    assert got.shape == want.shape, what
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True, err_msg=what)


@pytest.mark.parametrize("cols", LENGTHS)
@pytest.mark.parametrize("offset", [1.0, 0.0])
def test_rms_norm(cols, offset):
    torch.manual_seed(cols)
    x = torch.randn(7, cols) * 3
    w = torch.randn(cols) * 0.5
    eps = 1e-6
    # Gemma3RMSNorm.forward (offset 1) and the plain form (offset 0), as written in transformers.
    want = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * (offset + w)
    out = run("rms_norm", {"x": x.numpy(), "weight": w.numpy()}, 7, cols, eps, offset)
    for name, got in out.items():
        # torch sums the squares in a different order: a few ulp.
        assert_close(got, want, 1e-5, 1e-6, f"rms_norm {name}")


@pytest.mark.parametrize("cols", LENGTHS)
@pytest.mark.parametrize("kind", ["gelu_tanh_mul", "silu_mul"])
def test_gated(cols, kind):
    torch.manual_seed(cols + 1000)
    gate = torch.randn(5, cols) * 4
    up = torch.randn(5, cols)
    gate[0, 0] = -100.0
    gate[-1, -1] = 100.0
    act = (lambda g: F.gelu(g, approximate="tanh")) if kind == "gelu_tanh_mul" else F.silu
    want = act(gate) * up
    out = run(kind, {"gate": gate.numpy(), "up": up.numpy()}, 5, cols)
    for name, got in out.items():
        # torch's own 1 + tanh(u) cancels for negative gates (its error there is ~1e-7 * |gate * up|,
        # up to ~2e-6 here); muna's x / (1 + exp(-2u)) does not.
        assert_close(got, want, 1e-5, 2e-6, f"{kind} {name}")


@pytest.mark.parametrize("cols", LENGTHS)
@pytest.mark.parametrize("masks", ["none", "add", "keep", "both"])
def test_softmax(cols, masks):
    torch.manual_seed(cols + 2000)
    rows, scale = 6, 256 ** -0.5
    x = torch.randn(rows, cols) * 8
    add = torch.randn(rows, cols)
    keep = torch.rand(rows, cols) > 0.3
    keep[:, 0] = True  # every row attends somewhere; the all-masked row is below
    if cols > 1:
        keep[-1, :] = False
    z = x * scale
    if masks in ("add", "both"):
        z = z + add
    if masks in ("keep", "both"):
        z = z.masked_fill(~keep, float("-inf"))
    want = torch.softmax(z, dim=-1)
    inputs = {"x": x.numpy(), "add": add.numpy(), "keep": keep.numpy().astype(np.uint8)}
    out = run("softmax", inputs, rows, cols, scale, int(masks in ("add", "both")), int(masks in ("keep", "both")))
    for name, got in out.items():
        assert_close(got, want, 1e-5, 1e-7, f"softmax {name}")


def hf_rope(x, positions, theta):
    """transformers' Gemma3RotaryEmbedding + apply_rotary_pos_emb, for x [tokens, heads, dim]."""
    dim = x.shape[-1]
    inv_freq = 1.0 / (theta ** (torch.arange(0, dim, 2, dtype=torch.int64).float() / dim))
    freqs = (inv_freq[:, None].float() @ positions[None, :].float()).T  # [tokens, dim / 2]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos()[:, None, :], emb.sin()[:, None, :]

    def rotate_half(t):
        return torch.cat((-t[..., dim // 2:], t[..., : dim // 2]), dim=-1)

    return x * cos + rotate_half(x) * sin, emb.cos()[:, : dim // 2], emb.sin()[:, : dim // 2]


@pytest.mark.parametrize("head_dim", [2, 6, 32, 34, 256])
@pytest.mark.parametrize("theta", [10000.0, 1000000.0])
def test_rotary(head_dim, theta):
    torch.manual_seed(head_dim)
    tokens, heads = 40, 3
    positions = torch.cat([torch.arange(30), torch.tensor([257, 511, 1000, 1500, 2000, 2045, 2046, 2047, 100, 5])])
    x = torch.randn(tokens, heads, head_dim)
    want, cos, sin = hf_rope(x, positions, theta)
    out = run("rotary", {"x": x.numpy(), "positions": positions.numpy()}, tokens, heads, head_dim, theta,
              outputs=("simd", "scalar", "cos", "sin"))
    # Both sides round inv_freq and the angle inv_freq * position to fp32 in the same order;
    # measured here the tables agree to 6e-8 and the outputs to 5e-7. (A libm whose powf were
    # an ulp off torch's would move the angle at position 2047 by ~1.2e-4 and fail this: that
    # would be a real mismatch with the model, not noise.)
    assert_close(out["cos"], cos, 0, 1e-6, "cos table")
    assert_close(out["sin"], sin, 0, 1e-6, "sin table")
    for name in ("simd", "scalar"):
        assert_close(out[name], want, 1e-5, 4e-6, f"rotary {name}")


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"] + sys.argv[1:]))
