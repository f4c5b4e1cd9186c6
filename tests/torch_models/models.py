"""Models written as nn.Module classes, as users write them, held at module level: an MLP, a
small CNN and a transformer encoder block. The compiler walks their forward methods (and
torch's own nn.Linear/Conv2d/BatchNorm2d/... forwards) with self resolved at compile time."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Dropout(0.1), nn.Linear(64, 64),
                                 nn.ReLU(), nn.Linear(64, 10))

    def forward(self, x):
        return F.log_softmax(self.net(x), dim=-1)


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(8, 16, kernel_size=3, stride=1, padding=1, groups=2), nn.BatchNorm2d(16), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(16, 5)

    def forward(self, x):
        x = self.features(x)
        return self.head(torch.flatten(x, 1))


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)
        self.heads = heads
        self.head_dim = dim // heads

    def forward(self, x, mask):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        k = k.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        v = v.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        scores = torch.matmul(q, k.transpose(-2, -1)) / (self.head_dim ** 0.5)
        scores = scores.masked_fill(mask.unsqueeze(1).unsqueeze(2) == 0, float("-inf"))
        attn = F.softmax(scores, dim=-1)
        y = torch.matmul(attn, v).transpose(1, 2).reshape(b, t, d)
        return self.out(y)


class EncoderBlock(nn.Module):
    def __init__(self, dim=32, heads=4, hidden=64):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(approximate="tanh"), nn.Linear(hidden, dim))

    def forward(self, x, mask):
        x = x + self.attn(self.norm1(x), mask)
        return x + self.mlp(self.norm2(x))


MLP_MODEL = MLP().eval()
CNN_MODEL = SmallCNN().eval()
with torch.no_grad():  # non-trivial running statistics, as a trained model has
    for m in CNN_MODEL.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.uniform_(-0.5, 0.5)
            m.running_var.uniform_(0.5, 2.0)
ENCODER = nn.ModuleList([EncoderBlock(), EncoderBlock()]).eval()


def mlp(x: np.ndarray) -> np.ndarray:
    with torch.no_grad():
        return MLP_MODEL(torch.from_numpy(x)).numpy()


def cnn(x: np.ndarray) -> np.ndarray:
    with torch.no_grad():
        return CNN_MODEL(torch.from_numpy(x)).numpy()


def encoder(x: np.ndarray, mask: np.ndarray[tuple[int, int], np.dtype[np.int64]]) -> np.ndarray:
    h = torch.from_numpy(x)
    m = torch.from_numpy(mask)
    with torch.no_grad():
        for block in ENCODER:
            h = block(h, m)
    return h.numpy()
