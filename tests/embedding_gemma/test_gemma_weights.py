"""Loading a checkpoint folder in Hugging Face's layout, and the loader's errors."""

import json

import pytest
import torch

from checkpoint import save_checkpoint
from safetensors import load_file, save_file


def write_checkpoint(folder, model, config, prefix="model.", dtype=None, edit=None):
    """save_checkpoint, then edit(tensors) may alter model.safetensors (drop or reshape)."""
    save_checkpoint(model, config, folder, prefix=prefix, dtype=dtype)
    if edit is not None:
        # Cloned: the loaded tensors map the file that is about to be rewritten.
        tensors = {k: v.clone() for k, v in load_file(folder / "model.safetensors").items()}
        edit(tensors)
        save_file(tensors, folder / "model.safetensors")
    return folder


@pytest.fixture
def tiny_config():
    from weights import TINY_CONFIG
    return dict(TINY_CONFIG)


@pytest.mark.parametrize("prefix", ["model.", ""])
def test_loads_checkpoint_with_or_without_model_prefix(tmp_path, tiny_model, tiny_config, prefix):
    from weights import load_model
    folder = write_checkpoint(tmp_path / "ckpt", tiny_model, tiny_config, prefix=prefix)
    loaded = load_model(folder)
    source = tiny_model.state_dict()
    assert set(loaded.state_dict()) == set(source)
    for name, tensor in loaded.state_dict().items():
        assert torch.equal(tensor, source[name]), name
    ids = torch.tensor([[2, 100, 200000, 300, 1]])
    assert torch.equal(loaded(ids, torch.ones_like(ids)), tiny_model(ids, torch.ones_like(ids)))


def test_loads_bfloat16_checkpoint(tmp_path, tiny_model, tiny_config):
    from weights import load_model
    folder = write_checkpoint(tmp_path / "bf16", tiny_model, tiny_config, dtype=torch.bfloat16)
    as_float = load_model(folder)
    as_bf16 = load_model(folder, dtype=torch.bfloat16)
    for name, tensor in tiny_model.state_dict().items():
        rounded = tensor.to(torch.bfloat16)
        assert as_float.state_dict()[name].dtype == torch.float32
        assert torch.equal(as_float.state_dict()[name], rounded.float()), name
        assert torch.equal(as_bf16.state_dict()[name], rounded), name


def test_missing_tensor_is_named(tmp_path, tiny_model, tiny_config):
    from weights import load_model
    folder = write_checkpoint(tmp_path / "c", tiny_model, tiny_config,
                              edit=lambda t: t.pop("model.layers.1.self_attn.k_norm.weight"))
    with pytest.raises(ValueError, match=r"missing tensors \['layers.1.self_attn.k_norm.weight'\]"):
        load_model(folder)


def test_misshaped_tensor_is_named(tmp_path, tiny_model, tiny_config):
    from weights import load_model

    def shrink(tensors):
        tensors["model.layers.0.mlp.up_proj.weight"] = torch.zeros(95, 64)

    folder = write_checkpoint(tmp_path / "c", tiny_model, tiny_config, edit=shrink)
    with pytest.raises(ValueError, match=r"'layers.0.mlp.up_proj.weight' has shape \(95, 64\), "
                                         r"expected \(96, 64\)"):
        load_model(folder)


def test_config_and_checkpoint_must_agree(tmp_path, tiny_model, tiny_config):
    from weights import load_model
    fewer_layers = dict(tiny_config, num_hidden_layers=2,
                        layer_types=["sliding_attention", "full_attention"])
    folder = write_checkpoint(tmp_path / "c", tiny_model, fewer_layers)
    with pytest.raises(ValueError, match="unexpected tensors \\['layers.2"):
        load_model(folder)


def test_dense_with_bias_or_activation_is_rejected(tmp_path, tiny_model, tiny_config):
    from weights import load_model
    folder = write_checkpoint(tmp_path / "c", tiny_model, tiny_config)
    dense = folder / "2_Dense" / "config.json"
    original = json.loads(dense.read_text())
    dense.write_text(json.dumps(dict(original, bias=True)))
    with pytest.raises(ValueError, match="bias"):
        load_model(folder)
    dense.write_text(json.dumps(dict(original, activation_function="torch.nn.Tanh")))
    with pytest.raises(ValueError, match="activation"):
        load_model(folder)


def test_missing_files_are_explained(tmp_path, tiny_model, tiny_config):
    from weights import load_model
    with pytest.raises(FileNotFoundError, match="config.json"):
        load_model(tmp_path)
    folder = write_checkpoint(tmp_path / "c", tiny_model, tiny_config)
    (folder / "model.safetensors").unlink()
    with pytest.raises(FileNotFoundError, match="model.safetensors"):
        load_model(folder)
