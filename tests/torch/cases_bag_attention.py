"""nn.EmbeddingBag and nn.MultiheadAttention held at module level, as models hold them (the text
classification tutorial's model, a transformer encoder block with a padding mask), and the
options they take. See tests/torch/test_torch_modules.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from torch_case_types import F32, IV, M3, V1


# --- nn.EmbeddingBag -------------------------------------------------------------------------------
class TextClassificationModel(nn.Module):
    """The PyTorch text classification tutorial's model: EmbeddingBag (mean) over a flat batch of
    token ids split at offsets, then a linear layer."""

    def __init__(self, vocab_size=60, embed_dim=8, num_class=4):
        super().__init__()
        self.embedding = nn.EmbeddingBag(vocab_size, embed_dim, sparse=False)
        self.fc = nn.Linear(embed_dim, num_class)

    def forward(self, text, offsets):
        return self.fc(self.embedding(text, offsets))


torch.manual_seed(2)
TEXT_MODEL = TextClassificationModel().eval()
BAG_SUM = nn.EmbeddingBag(20, 5, mode="sum", padding_idx=3).eval()
BAG_MAX = nn.EmbeddingBag(20, 5, mode="max", include_last_offset=True).eval()
BAG_MEAN_PAD = nn.EmbeddingBag(20, 5, mode="mean", padding_idx=-1).eval()


def text_classifier(text: IV, offsets: IV) -> F32:
    with torch.no_grad():
        return TEXT_MODEL(torch.from_numpy(text), torch.from_numpy(offsets)).numpy()


def embedding_bags(ids: IV, offsets: IV, weights: V1) -> tuple[F32, F32, F32, F32, F32]:
    """ids (N,) in [0, 20), offsets (B,) starting at 0; weights (N,)."""
    with torch.no_grad():
        i = torch.from_numpy(ids)
        o = torch.from_numpy(offsets)
        w = torch.from_numpy(weights)
        s = BAG_SUM(i, o)
        sw = BAG_SUM(i, o, per_sample_weights=w)
        m = BAG_MAX(i, torch.cat([o, torch.tensor([i.size(0)])]))
        mp = BAG_MEAN_PAD(i.int(), o.int())
        fixed = F.embedding_bag(i[:4].reshape(2, 2), BAG_SUM.weight, mode="max")
    return s.numpy(), sw.numpy(), m.numpy(), mp.numpy(), fixed.numpy()


def embedding_bag_errors(ids: IV, offsets: IV) -> F32:
    with torch.no_grad():
        return BAG_SUM(torch.from_numpy(ids), torch.from_numpy(offsets)).numpy()


# --- nn.MultiheadAttention ------------------------------------------------------------------------
class EncoderBlock(nn.Module):
    """A pre-norm transformer encoder block as tutorials write it, with a padding mask."""

    def __init__(self, dim=16, heads=4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, dropout=0.1, batch_first=True)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.ReLU(inplace=True), nn.Linear(2 * dim, dim))

    def forward(self, x, padding):
        h = self.norm1(x)
        a, _ = self.attn(h, h, h, key_padding_mask=padding, need_weights=False)
        x = x + a
        return x + self.mlp(self.norm2(x))


torch.manual_seed(3)
BLOCK = EncoderBlock().eval()
MHA_SEQ = nn.MultiheadAttention(8, 2).eval()  # time-major (L, N, E)
MHA_ODD = nn.MultiheadAttention(9, 3, batch_first=True, bias=False).eval()
MHA_KV = nn.MultiheadAttention(8, 2, kdim=5, vdim=3, batch_first=True).eval()


def encoder_block(x: M3, lengths: IV) -> F32:
    """x (B, T, 16); lengths (B,) >= 1: positions at or past a sequence's length are padding."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        padding = torch.arange(a.size(1)).unsqueeze(0) >= torch.from_numpy(lengths).unsqueeze(1)
        return BLOCK(a, padding).numpy()


def attention(q: M3, kv: M3) -> tuple[F32, F32, F32, F32, F32, F32]:
    """q (L, N, 8), kv (S, N, 8) time-major: cross-attention with the head-averaged weights, a
    causal bool mask, a float mask, per-head weights, unbatched input."""
    with torch.no_grad():
        query = torch.from_numpy(q)
        memory = torch.from_numpy(kv)
        out, w = MHA_SEQ(query, memory, memory)
        L = query.size(0)
        causal = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
        out2, w2 = MHA_SEQ(query, query, query, attn_mask=causal)
        bias = torch.arange(L * L, dtype=torch.float32).view(L, L) * -0.1
        out3, w3 = MHA_SEQ(query, query, query, attn_mask=bias, average_attn_weights=False)
        out4, w4 = MHA_SEQ(query[:, 0], memory[:, 0], memory[:, 0])
    return out.numpy(), w.numpy(), (out2 + out3).numpy(), (w2.sum(0) + w3.sum(1).sum(0)).numpy(), out4.numpy(), w4.numpy()


def attention_batch_first(x: M3, y: M3) -> tuple[F32, F32, F32, F32]:
    """x (B, T, 9), y (B, S, 9) batch-first, 3 heads, no biases; key_padding_mask masks y's last."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        b = torch.from_numpy(y)
        padding = torch.zeros(b.size(0), b.size(1), dtype=torch.bool)
        padding[:, -1] = True
        out, w = MHA_ODD(a, b, b, key_padding_mask=padding)
        self_out, _ = MHA_ODD(a, a, a)
        # kdim=5, vdim=3: separate projection weights.
        kv_out, kv_w = MHA_KV(a[:, :, :8], b[:, :, :5], b[:, :, 4:7])
    return (out + self_out).numpy(), w.numpy(), kv_out.numpy(), kv_w.numpy()
