"""Writes a model into a folder in Hugging Face's layout of google/embeddinggemma-300m, so the
loader can be tested without the real (undownloadable) checkpoint."""

import json

from safetensors import save_file


def write_checkpoint(folder, model, config, prefix="model.", dtype=None, edit=None):
    """folder/config.json, model.safetensors (names prefixed with `prefix`), 2_Dense/, 3_Dense/.
    dtype converts every tensor (e.g. torch.bfloat16); edit(dict) may alter the encoder tensors
    before they are written (to test missing or mis-shaped ones)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config))

    def convert(tensor):
        return tensor.detach() if dtype is None else tensor.detach().to(dtype)

    tensors = {prefix + name: convert(t) for name, t in model.encoder.named_parameters()}
    if edit is not None:
        edit(tensors)
    save_file(tensors, folder / "model.safetensors", metadata={"format": "pt"})
    for sub, weight in (("2_Dense", model.dense1.weight), ("3_Dense", model.dense2.weight)):
        (folder / sub).mkdir(exist_ok=True)
        (folder / sub / "config.json").write_text(json.dumps({
            "in_features": weight.shape[1], "out_features": weight.shape[0], "bias": False,
            "activation_function": "torch.nn.modules.linear.Identity"}))
        save_file({"linear.weight": convert(weight)}, folder / sub / "model.safetensors")
    return folder
