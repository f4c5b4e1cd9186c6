"""model.py against the independent float64 reference, and the invariants the spec demands:
batch independence, the sliding window's exact radius, Gemma's config handling."""

import numpy as np
import pytest
import torch

from . import gemma_reference as ref

# Token ids spread over the whole 262144 vocabulary, starting with <bos> and ending with <eos>.
RNG = np.random.default_rng(7)


def sequence(length):
    return [2] + [int(i) for i in RNG.integers(3, 262144, size=length - 2)] + [1]


def run(model, sequences):
    """Right-padded batch through the model, as embed.py builds it."""
    width = max(len(s) for s in sequences)
    ids = torch.tensor([s + [0] * (width - len(s)) for s in sequences])
    mask = torch.tensor([[1] * len(s) + [0] * (width - len(s)) for s in sequences])
    return model(ids, mask)


def test_encoder_matches_reference_past_the_window(tiny_model):
    # 14 tokens: the tiny radius is 5, so sliding and full layers see different keys.
    from weights import TINY_CONFIG
    ids = sequence(14)
    params, _, _ = ref.params_of(tiny_model)
    expected = ref.encoder(params, TINY_CONFIG, ids)
    got = tiny_model.encoder(torch.tensor([ids]), torch.ones(1, len(ids), dtype=torch.int64))
    np.testing.assert_allclose(got[0].double().numpy(), expected, rtol=1e-4, atol=1e-5)


def test_embeddings_match_reference_in_a_padded_batch(tiny_model):
    from weights import TINY_CONFIG
    sequences = [sequence(4), sequence(13), sequence(9)]
    params, dense1, dense2 = ref.params_of(tiny_model)
    got = run(tiny_model, sequences).double().numpy()
    for row, ids in zip(got, sequences):
        expected = ref.embedding(params, dense1, dense2, TINY_CONFIG, ids)
        np.testing.assert_allclose(row, expected, rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(got, axis=1), 1.0, rtol=1e-6)


def test_a_text_alone_equals_the_text_in_a_mixed_batch(tiny_model):
    sequences = [sequence(3), sequence(17), sequence(8), sequence(12)]
    batch = run(tiny_model, sequences)
    for n, ids in enumerate(sequences):
        alone = run(tiny_model, [ids])
        np.testing.assert_allclose(batch[n].numpy(), alone[0].numpy(), rtol=0, atol=2e-6)


def one_sliding_layer_model():
    from model import EmbeddingGemma
    from weights import TINY_CONFIG, load_model
    model = load_model(None, tiny=True)
    config = dict(TINY_CONFIG, num_hidden_layers=1, layer_types=["sliding_attention"])
    single = EmbeddingGemma(config, 256, 768)
    state = {k: v for k, v in model.state_dict().items() if not k.startswith("encoder.layers.")
             or k.startswith("encoder.layers.0.")}
    single.load_state_dict(state)
    return single.eval().requires_grad_(False)


def test_sliding_window_radius_is_exclusive_half_window_plus_one():
    # Window 8 -> radius 8 // 2 + 1 = 5: with one sliding layer, a changed token reaches the
    # hidden states less than 5 positions away and nothing further.
    model = one_sliding_layer_model()
    ids = sequence(12)
    other = [ids[0], 12345] + ids[2:]
    ones = torch.ones(1, 12, dtype=torch.int64)
    a = model.encoder(torch.tensor([ids]), ones)[0]
    b = model.encoder(torch.tensor([other]), ones)[0]
    change = (a - b).abs().amax(dim=1)
    # Token 1 changed: positions 0..5 (|i - 1| < 5) see it, 6.. do not.
    assert torch.all(change[:6] > 1e-4), change
    assert torch.all(change[6:] < 1e-6), change


def test_sliding_layers_differ_from_full_only_past_the_radius(tiny_model):
    from model import EmbeddingGemma
    from weights import TINY_CONFIG
    full = EmbeddingGemma(dict(TINY_CONFIG, layer_types=["full_attention"] * 3), 256, 768)
    full.load_state_dict(tiny_model.state_dict())
    full.requires_grad_(False)
    # The full-attention copy also uses the global rope theta everywhere: put the local one back
    # so that only the mask differs.
    for layer, original in zip(full.encoder.layers, tiny_model.encoder.layers):
        layer.self_attn.rope_theta = original.self_attn.rope_theta
    short, long = sequence(5), sequence(12)
    np.testing.assert_allclose(run(full, [short]).numpy(), run(tiny_model, [short]).numpy(),
                               rtol=0, atol=1e-6)
    assert (run(full, [long]) - run(tiny_model, [long])).abs().max() > 1e-3


def test_bfloat16_model_stays_close_to_float32(tiny_model):
    from weights import load_model
    half = load_model(None, tiny=True, dtype=torch.bfloat16)
    sequences = [sequence(6), sequence(15)]
    cosine = (run(half, sequences) * run(tiny_model, sequences)).sum(dim=1)
    assert torch.all(cosine > 0.99), cosine


def test_random_weights_are_deterministic_and_seeded():
    from weights import load_model
    a, b, c = (load_model(None, tiny=True, seed=s) for s in (0, 0, 1))
    assert torch.equal(a.encoder.layers[0].self_attn.q_proj.weight,
                       b.encoder.layers[0].self_attn.q_proj.weight)
    assert not torch.equal(a.dense1.weight, c.dense1.weight)


def test_default_layer_pattern_and_config_checks():
    from model import check_config, layer_types
    from weights import FULL_CONFIG
    derived = dict(FULL_CONFIG)
    del derived["layer_types"]
    kinds = layer_types(derived)
    assert [i for i, k in enumerate(kinds) if k == "full_attention"] == [5, 11, 17, 23]
    assert kinds == FULL_CONFIG["layer_types"]
    with pytest.raises(ValueError, match="hidden_activation"):
        check_config(dict(FULL_CONFIG, hidden_activation="silu"))
    with pytest.raises(ValueError, match="bidirectional"):
        check_config(dict(FULL_CONFIG, use_bidirectional_attention=False))
    with pytest.raises(ValueError, match="missing keys"):
        check_config({k: v for k, v in FULL_CONFIG.items() if k != "head_dim"})


def test_full_config_has_the_published_parameter_count():
    # MTEB lists 307,581,696 parameters; counted from shapes, without allocating the model.
    from weights import FULL_CONFIG, FULL_DENSE
    c = FULL_CONFIG
    h, d, heads, kv = c["hidden_size"], c["head_dim"], c["num_attention_heads"], c["num_key_value_heads"]
    per_layer = (h * heads * d * 2 + h * kv * d * 2 + 3 * h * c["intermediate_size"]
                 + 4 * h + 2 * d)
    total = c["vocab_size"] * h + c["num_hidden_layers"] * per_layer + h
    total += h * FULL_DENSE[0] + FULL_DENSE[0] * FULL_DENSE[1]
    assert total == 307_581_696
