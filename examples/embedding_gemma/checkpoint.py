"""Saves an EmbeddingGemma model as a folder in Hugging Face's layout of
google/embeddinggemma-300m (the layout weights.load_model and EMBEDDINGGEMMA_PATH read).

The real weights cannot be downloaded here; a folder of random weights lets the loading path
(and a compiled library built from it) be exercised at full size:

    /usr/bin/python3 examples/embedding_gemma/checkpoint.py build/gemma-random --config full
    EMBEDDINGGEMMA_PATH=build/gemma-random python3 examples/embedding_gemma/embed.py

A tokenizer.json is not written; copy the Gemma 3 one into the folder to use it with embed.py.
"""

import argparse
import json
from pathlib import Path

import torch

from safetensors import save_file


def save_checkpoint(model, config: dict, folder, prefix: str = "model.", dtype=None) -> Path:
    """Writes folder/config.json, model.safetensors (encoder tensors named `prefix` + the
    Gemma3TextModel name), 2_Dense/ and 3_Dense/ (config.json + linear.weight). `dtype`
    converts the tensors on the way out (e.g. torch.bfloat16, as the published files are)."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config, indent=2) + "\n")

    def convert(tensor):
        return tensor.detach() if dtype is None else tensor.detach().to(dtype)

    save_file({prefix + name: convert(t) for name, t in model.encoder.named_parameters()},
              folder / "model.safetensors", metadata={"format": "pt"})
    for sub, weight in (("2_Dense", model.dense1.weight), ("3_Dense", model.dense2.weight)):
        (folder / sub).mkdir(exist_ok=True)
        (folder / sub / "config.json").write_text(json.dumps({
            "in_features": weight.shape[1], "out_features": weight.shape[0], "bias": False,
            "activation_function": "torch.nn.modules.linear.Identity"}, indent=2) + "\n")
        save_file({"linear.weight": convert(weight)}, folder / sub / "model.safetensors")
    return folder


def main():
    from weights import FULL_CONFIG, TINY_CONFIG, load_model
    parser = argparse.ArgumentParser(description="Write random EmbeddingGemma weights in the "
                                                 "Hugging Face layout.")
    parser.add_argument("folder")
    parser.add_argument("--config", choices=["tiny", "full"], default="tiny")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bf16", action="store_true", help="store tensors as bfloat16")
    args = parser.parse_args()
    tiny = args.config == "tiny"
    model = load_model(None, tiny=tiny, seed=args.seed)
    save_checkpoint(model, TINY_CONFIG if tiny else FULL_CONFIG, args.folder,
                    dtype=torch.bfloat16 if args.bf16 else None)
    print(f"wrote {args.folder}")


if __name__ == "__main__":
    main()
