"""An independent EmbeddingGemma forward in float64 numpy, written straight from the formulas
in shared/reference/embeddinggemma.md: one unpadded sequence at a time, attention as explicit
loops over heads and query positions with the |i - j| < sliding_window // 2 + 1 window, RoPE
one frequency pair at a time. It shares no code with model.py; tests compare the two."""

import math

import numpy as np


def rms_norm(x, offset, eps):
    """x * rsqrt(mean(x^2) + eps) * (1 + offset) over the last axis."""
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * (1.0 + offset)


def rope(vector, position, theta):
    """Rotate-half RoPE: pairs (m, m + d/2) rotate by position * theta^(-2m/d)."""
    d = vector.shape[0]
    half = d // 2
    out = np.empty_like(vector)
    for m in range(half):
        angle = position * theta ** (-2.0 * m / d)
        c, s = math.cos(angle), math.sin(angle)
        out[m] = vector[m] * c - vector[m + half] * s
        out[m + half] = vector[m + half] * c + vector[m] * s
    return out


def gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def encoder(params, config, ids):
    """Final hidden states (T, hidden) for one sequence of token ids (no padding).
    params: name -> float64 array, Hugging Face Gemma3TextModel names."""
    p = params
    eps = config["rms_norm_eps"]
    heads = config["num_attention_heads"]
    kv_heads = config["num_key_value_heads"]
    d = config["head_dim"]
    radius = config["sliding_window"] // 2 + 1
    # The scale is rounded to the weights' dtype (float32 here) before multiplying.
    x = p["embed_tokens.weight"][ids] * float(np.float32(math.sqrt(config["hidden_size"])))
    T = len(ids)
    for n, kind in enumerate(config["layer_types"]):
        sliding = kind == "sliding_attention"
        theta = config["rope_local_base_freq"] if sliding else config["rope_theta"]
        pre = f"layers.{n}."
        h = rms_norm(x, p[pre + "input_layernorm.weight"], eps)
        q = (h @ p[pre + "self_attn.q_proj.weight"].T).reshape(T, heads, d)
        k = (h @ p[pre + "self_attn.k_proj.weight"].T).reshape(T, kv_heads, d)
        v = (h @ p[pre + "self_attn.v_proj.weight"].T).reshape(T, kv_heads, d)
        q = rms_norm(q, p[pre + "self_attn.q_norm.weight"], eps)
        k = rms_norm(k, p[pre + "self_attn.k_norm.weight"], eps)
        attended = np.zeros((T, heads, d))
        for head in range(heads):
            kv = head // (heads // kv_heads)
            keys = [rope(k[j, kv], j, theta) for j in range(T)]
            for i in range(T):
                query = rope(q[i, head], i, theta)
                visible = [j for j in range(T) if not sliding or abs(i - j) < radius]
                scores = np.array([query @ keys[j] for j in visible])
                scores *= config["query_pre_attn_scalar"] ** -0.5
                weights = np.exp(scores - scores.max())
                weights /= weights.sum()
                attended[i, head] = sum(w * v[j, kv] for w, j in zip(weights, visible))
        attn = attended.reshape(T, heads * d) @ p[pre + "self_attn.o_proj.weight"].T
        x = x + rms_norm(attn, p[pre + "post_attention_layernorm.weight"], eps)
        h = rms_norm(x, p[pre + "pre_feedforward_layernorm.weight"], eps)
        gate = gelu_tanh(h @ p[pre + "mlp.gate_proj.weight"].T)
        mlp = (gate * (h @ p[pre + "mlp.up_proj.weight"].T)) @ p[pre + "mlp.down_proj.weight"].T
        x = x + rms_norm(mlp, p[pre + "post_feedforward_layernorm.weight"], eps)
    return rms_norm(x, p["norm.weight"], eps)


def embedding(params, dense1, dense2, config, ids):
    """Sentence embedding of one sequence: mean over its tokens, two Dense, L2 normalize."""
    pooled = encoder(params, config, ids).mean(axis=0)
    out = dense2 @ (dense1 @ pooled)
    return out / np.linalg.norm(out)


def params_of(model):
    """(encoder params, dense1, dense2) of an EmbeddingGemma as float64 numpy arrays."""
    encoder_params = {name: t.detach().double().numpy()
                      for name, t in model.encoder.named_parameters()}
    return (encoder_params, model.dense1.weight.detach().double().numpy(),
            model.dense2.weight.detach().double().numpy())
