"""One function using 20 different NumPy ops: compiled by compile_time.py to time one
translation unit at -O2 (the issue's budget: under 15 s on this machine)."""
import numpy as np
import numpy.typing as npt


def twenty(x: npt.NDArray[np.float32], w: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    h = np.matmul(x, w)                                      # 1 matmul
    h = np.maximum(h, 0.0)                                   # 2 maximum
    m = np.mean(h, axis=-1, keepdims=True)                   # 3 mean
    v = np.var(h, axis=-1, keepdims=True)                    # 4 var
    h = (h - m) / np.sqrt(v + 1e-5)                          # 5 subtract 6 divide 7 sqrt 8 add
    e = np.exp(h - np.max(h, axis=-1, keepdims=True))        # 9 exp 10 max
    p = e / np.sum(e, axis=-1, keepdims=True)                # 11 sum
    p = np.clip(p, 1e-6, 1.0)                                # 12 clip
    q = np.log(p) * np.tanh(h)                               # 13 log 14 tanh 15 multiply
    q = np.where(q > 0, q, np.abs(q))                        # 16 where 17 greater 18 absolute
    q = np.concatenate((q, np.transpose(q)), axis=0)         # 19 concatenate 20 transpose
    return np.reshape(q, (-1,))
