"""Recurrent modules held at module level, as models hold them, with options other than the
defaults: nn.RNN/LSTM/GRU (batch_first, bidirectional, num_layers > 1, proj_size, bias=False,
relu), their cells stepped in a Python loop, initial states given or not, unbatched input, and
the torch._VF functions they reach called directly. See tests/torch/test_torch_modules.py."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from torch_case_types import F32, I64, IM2, IV, M2, M3

torch.manual_seed(0)
GRU = nn.GRU(6, 10, num_layers=2, bidirectional=True, batch_first=True).eval()
GRU_NO_BIAS = nn.GRU(6, 7, bias=False).eval()
LSTM = nn.LSTM(6, 9, num_layers=2).eval()
LSTM_PROJ = nn.LSTM(6, 8, proj_size=5, bidirectional=True, batch_first=True).eval()
RNN_RELU = nn.RNN(6, 10, num_layers=2, nonlinearity="relu", bidirectional=True).eval()
RNN_TANH = nn.RNN(6, 5, bias=False, batch_first=True).eval()
GRU_CELL = nn.GRUCell(6, 10).eval()
LSTM_CELL = nn.LSTMCell(6, 10, bias=False).eval()
RNN_CELL = nn.RNNCell(6, 10, nonlinearity="relu").eval()
TANH_CELL = nn.RNNCell(6, 4).eval()


def gru(x: M3, h0: M3) -> tuple[F32, F32, F32, F32, F32, F32]:
    """x (B, T, 6) batch-first; h0 (4, B, 10)."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        y, h = GRU(a)
        y2, h2 = GRU(a, torch.from_numpy(h0))
        # Time-major, no bias, unbatched (T, 6).
        y3, h3 = GRU_NO_BIAS(a.transpose(0, 1))
        y4, h4 = GRU_NO_BIAS(a[0])
    return y.numpy(), h.numpy(), y2.numpy(), (h2 + h3.sum()).numpy(), y3.numpy(), (y4.sum(0) + h4).numpy()


def lstm(x: M3, h0: M3, c0: M3) -> tuple[F32, F32, F32, F32, F32, F32, F32]:
    """x (T, B, 6) time-major; h0, c0 (2, B, 9)."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        y, (h, c) = LSTM(a)
        y2, (h2, c2) = LSTM(a, (torch.from_numpy(h0), torch.from_numpy(c0)))
        # proj_size: h is (2, B, 5), c is (2, B, 8); batch-first input.
        y3, (h3, c3) = LSTM_PROJ(a.transpose(0, 1))
    return y.numpy(), (h + c).numpy(), y2.numpy(), (h2 * c2).numpy(), y3.numpy(), h3.numpy(), c3.numpy()


def vanilla_rnn(x: M3, h0: M3) -> tuple[F32, F32, F32, F32, F32]:
    """x (T, B, 6); h0 (4, B, 10)."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        y, h = RNN_RELU(a, torch.from_numpy(h0))
        y2, h2 = RNN_RELU(a)
        y3, h3 = RNN_TANH(a)
    return y.numpy(), h.numpy(), (y2.sum(0)[:, :10] + h2.sum(0)).numpy(), y3.numpy(), h3.numpy()


def cells(x: M3, h0: M2) -> tuple[F32, F32, F32, F32, F32]:
    """A decoder loop: x (T, B, 6) stepped through each cell; h0 (B, 10)."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        h = torch.from_numpy(h0)
        hl = torch.zeros(a.size(1), 10)
        cl = torch.zeros(a.size(1), 10)
        hr = h
        outs = []
        for t in range(a.size(0)):
            h = GRU_CELL(a[t], h)
            hl, cl = LSTM_CELL(a[t], (hl, cl))
            hr = RNN_CELL(a[t], hr)
            outs.append(h + hl)
        first = GRU_CELL(a[0])  # no state: zeros
        hs, cs = LSTM_CELL(a[0, 0])  # unbatched
        ht = TANH_CELL(a[0])
    return torch.stack(outs).numpy(), (cl + hr).numpy(), first.numpy(), (hs + cs).numpy(), ht.numpy()


def vf_direct(x: M3, h0: M3) -> tuple[F32, F32, F32, F32, F32, F32]:
    """The functions the modules reach, called as torch.gru(...) with a module's weights."""
    with torch.no_grad():
        a = torch.from_numpy(x)  # (B, T, 6)
        h = torch.from_numpy(h0)  # (4, B, 10)
        y, hn = torch.gru(a, h, GRU._flat_weights, True, 2, 0.0, False, True, True)
        t = a.transpose(0, 1).contiguous()
        y2, hn2 = torch.rnn_relu(t, h, RNN_RELU._flat_weights, True, 2, 0.0, False, True, False)
        zeros = torch.zeros(1, a.size(0), 5)
        y3, hn3 = torch.rnn_tanh(a, zeros, RNN_TANH._flat_weights, False, 1, 0.0, False, False, True)
        c0 = torch.zeros(2, a.size(0), 9)
        y4, h4, c4 = torch.lstm(t, (c0, c0 + 0.5), LSTM._flat_weights, True, 2, 0.0, False, False, False)
        g = torch.gru_cell(a[:, 0], h[0], GRU_CELL.weight_ih, GRU_CELL.weight_hh, GRU_CELL.bias_ih, GRU_CELL.bias_hh)
        r = torch.rnn_tanh_cell(a[:, 0], h[0, :, :4], TANH_CELL.weight_ih, TANH_CELL.weight_hh)
        r2 = torch.rnn_relu_cell(a[:, 0], h[0], RNN_CELL.weight_ih, RNN_CELL.weight_hh, RNN_CELL.bias_ih, None)
        lh, lc = torch.lstm_cell(a[:, 0], (h[0], h[1]), LSTM_CELL.weight_ih, LSTM_CELL.weight_hh)
    return (y.numpy(), (hn.sum(0) + g + r2 + lh * lc).numpy(), y2.numpy(), (hn2.sum(0) + hn3.sum(0)[:, :1] + r.sum(1, keepdim=True)).numpy(),
            y3.numpy(), (y4.sum(0) + h4.sum(0) + c4.sum(0)).numpy())


def rnn_errors(x: M3) -> F32:
    """A feature count that is not the module's input_size: torch's RuntimeError."""
    with torch.no_grad():
        y, h = GRU(torch.from_numpy(x))
    return y.numpy()


# --- models as the tutorials write them ---------------------------------------------------------
class GRUClassifier(nn.Module):
    """A text classifier: embedding, a bidirectional GRU, the last states of both directions."""

    def __init__(self, vocab=50, dim=8, hidden=12, classes=3):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim, padding_idx=0)
        self.rnn = nn.GRU(dim, hidden, num_layers=2, batch_first=True, bidirectional=True)
        self.head = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.ReLU(inplace=True), nn.Dropout(0.1),
                                  nn.Linear(hidden, classes))

    def forward(self, tokens):
        _, h = self.rnn(self.embedding(tokens))
        return self.head(torch.cat([h[-2], h[-1]], dim=1))


class LSTMTagger(nn.Module):
    """The PyTorch tutorial's part-of-speech tagger: per-token scores, log_softmax."""

    def __init__(self, vocab=40, dim=6, hidden=10, tags=5):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, dim)
        self.lstm = nn.LSTM(dim, hidden)
        self.hidden2tag = nn.Linear(hidden, tags)

    def forward(self, sentence):
        embeds = self.word_embeddings(sentence)
        lstm_out, _ = self.lstm(embeds.view(len(sentence), 1, -1))
        tag_space = self.hidden2tag(lstm_out.view(len(sentence), -1))
        return F.log_softmax(tag_space, dim=1)


class Decoder(nn.Module):
    """A greedy seq2seq decoder step: GRUCell over the previous token's embedding."""

    def __init__(self, vocab=30, dim=8, hidden=16):
        super().__init__()
        self.embedding = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, token, h):
        h = self.cell(self.embedding(token), h)
        return F.log_softmax(self.out(h), dim=-1), h


class Forecaster(nn.Module):
    """A time-series regressor: a 2-layer LSTM over features, batch first, its last output."""

    def __init__(self, features=4, hidden=16):
        super().__init__()
        self.lstm = nn.LSTM(features, hidden, num_layers=2, batch_first=True, dropout=0.2)
        self.fc = nn.Sequential(nn.Linear(hidden, 8), nn.LeakyReLU(0.1, inplace=True), nn.Linear(8, 1))

    def forward(self, x, state=None):
        out, (h, c) = self.lstm(x, state)
        return self.fc(out[:, -1, :]), h, c


class InplaceMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(6, 16), nn.ReLU(inplace=True), nn.Linear(16, 16), nn.SiLU(inplace=True),
                                 nn.Dropout(0.5, inplace=True), nn.Linear(16, 4), nn.LeakyReLU(inplace=True))

    def forward(self, x):
        return self.net(x)


torch.manual_seed(1)
CLASSIFIER = GRUClassifier().eval()
TAGGER = LSTMTagger().eval()
DECODER = Decoder().eval()
FORECASTER = Forecaster().eval()
MLP = InplaceMLP().eval()
LSTM_CELL_B = nn.LSTMCell(6, 7).eval()


def gru_classifier(tokens: IM2) -> F32:
    with torch.no_grad():
        return CLASSIFIER(torch.from_numpy(tokens)).numpy()


def lstm_tagger(sentence: IV) -> F32:
    with torch.no_grad():
        return TAGGER(torch.from_numpy(sentence)).numpy()


def greedy_decode(h0: M2) -> tuple[I64, F32]:
    """h0 (1, 16): ten greedy steps from token 1."""
    with torch.no_grad():
        h = torch.from_numpy(h0)
        token = torch.ones(1, dtype=torch.long)
        tokens = []
        for _ in range(10):
            scores, h = DECODER(token, h)
            token = scores.argmax(dim=-1)
            tokens.append(token)
        return torch.cat(tokens).numpy(), h.numpy()


def forecaster(x: M3, h0: M3, c0: M3) -> tuple[F32, F32, F32, F32]:
    with torch.no_grad():
        a = torch.from_numpy(x)
        y, h, c = FORECASTER(a)
        y2, h2, c2 = FORECASTER(a, (torch.from_numpy(h0), torch.from_numpy(c0)))
    return y.numpy(), (h + c).numpy(), y2.numpy(), (h2 - c2).numpy()


def inplace_mlp(x: M2) -> F32:
    with torch.no_grad():
        return MLP(torch.from_numpy(x)).numpy()


def inplace_functional(x: M2) -> tuple[F32, F32]:
    """F.relu(x, inplace=True) on the caller's array writes through it, as in torch."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        y = F.leaky_relu(a * 2.0, 0.2, inplace=True)
        F.relu(a, inplace=True)
        z = F.silu(y + 1.0, inplace=True)
    return (a + y).numpy(), z.numpy()


def lstm_cell_loop(x: M3) -> tuple[F32, F32]:
    """LSTMCell without a state, then stepped with (h, c): x (T, B, 6)."""
    with torch.no_grad():
        a = torch.from_numpy(x)
        h, c = LSTM_CELL_B(a[0])
        for t in range(1, a.size(0)):
            h, c = LSTM_CELL_B(a[t], (h, c))
    return h.numpy(), c.numpy()
