"""EmbeddingGemma as one plain Python function: texts in, L2-normalized embeddings out.

This is the function muna compiles (`./muna compile examples/embedding_gemma/embed.py:embed`),
and it runs as-is in Python. Module-level state is built at import:

- the model: weights from the folder named by EMBEDDINGGEMMA_PATH (Hugging Face layout of
  google/embeddinggemma-300m), else deterministic random weights of the config named by
  EMBEDDINGGEMMA_CONFIG: "tiny" (default, for tests and quick runs) or "full" (real shapes);
- the Gemma 3 tokenizer: EMBEDDINGGEMMA_PATH/tokenizer.json, else the copy that
  scripts/fetch_tokenizers.sh installs under .deps/.
"""

import os
import sys
from pathlib import Path
from typing import Literal

import numpy as np
import torch
import torch.nn.functional as F

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
# The example's sibling modules and the muna package (codegen/) import without installation.
for _path in (str(HERE), str(ROOT / "codegen")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from muna.text import Tokenizer  # noqa: E402  (needs the sys.path entries above)
from weights import load_model  # noqa: E402

# Task prompts prepended to every text (from the model card's sentence-transformers config).
PROMPTS = {
    "query": "task: search result | query: ",
    "document": "title: none | text: ",
    "classification": "task: classification | query: ",
    "clustering": "task: clustering | query: ",
    "code retrieval": "task: code retrieval | query: ",
    "question answering": "task: question answering | query: ",
    "fact checking": "task: fact checking | query: ",
    "sentence similarity": "task: sentence similarity | query: ",
    "summarization": "task: summarization | query: ",
}
# Matryoshka sizes the model was trained for; a prefix of the 768-d vector, re-normalized.
DIMENSIONS = [768, 512, 256, 128]
MAX_TOKENS = 2048
PAD_ID = 0
EOS_ID = 1


def _load_model_from_env():
    path = os.environ.get("EMBEDDINGGEMMA_PATH") or None
    size = os.environ.get("EMBEDDINGGEMMA_CONFIG", "tiny")
    if size not in ("tiny", "full"):
        raise ValueError(f"EMBEDDINGGEMMA_CONFIG must be 'tiny' or 'full', not {size!r}")
    return load_model(path, tiny=size == "tiny")


def _tokenizer_path() -> Path:
    folder = os.environ.get("EMBEDDINGGEMMA_PATH")
    if folder:
        return Path(folder) / "tokenizer.json"
    return ROOT / ".deps" / "node_modules" / "@lenml" / "tokenizer-gemma3" / "models" / "tokenizer.json"


model = _load_model_from_env()
tokenizer = Tokenizer.from_file(str(_tokenizer_path()))


def embed(
    texts: list[str],
    task: Literal["query", "document", "classification", "clustering", "code retrieval",
                  "question answering", "fact checking", "sentence similarity",
                  "summarization"] = "document",
    dimensions: int = 768,
) -> np.ndarray:
    """Embeds each text for `task` as a float32 row of `dimensions` (768, 512, 256 or 128)
    values with unit L2 norm. A text's row does not depend on the rest of the batch."""
    if dimensions not in DIMENSIONS:
        raise ValueError(f"dimensions must be one of 768, 512, 256, 128, not {dimensions}")
    if task not in PROMPTS:
        raise ValueError(f"unknown task {task!r}")
    if len(texts) == 0:
        raise ValueError("texts must not be empty")
    prompt = PROMPTS[task]
    # The tokenizer adds only <bos>; the model also expects <eos>, which must survive truncation.
    encoded = tokenizer.encode_batch([prompt + text for text in texts], add_special_tokens=True)
    rows = [ids[:MAX_TOKENS - 1] + [EOS_ID] for ids in encoded]
    length = max([len(row) for row in rows])
    input_ids = torch.tensor([row + [PAD_ID] * (length - len(row)) for row in rows],
                             dtype=torch.int64)
    attention_mask = torch.tensor([[1] * len(row) + [0] * (length - len(row)) for row in rows],
                                  dtype=torch.int64)
    vectors = model(input_ids, attention_mask)
    vectors = F.normalize(vectors[:, :dimensions], p=2.0, dim=1)
    return vectors.numpy()


def token_rows(texts: list[str], task: str) -> list[list[int]]:
    """The ids the model sees for each text: <bos> prompt+text <eos>, truncated to MAX_TOKENS
    with <eos> kept last."""
    prompt = PROMPTS[task]
    encoded = tokenizer.encode_batch([prompt + text for text in texts], add_special_tokens=True)
    return [ids[:MAX_TOKENS - 1] + [EOS_ID] for ids in encoded]


def count_tokens(
    texts: list[str],
    task: Literal["query", "document", "classification", "clustering", "code retrieval",
                  "question answering", "fact checking", "sentence similarity",
                  "summarization"] = "document",
) -> list[int]:
    """How many tokens embed() runs the model on for each text (OpenAI's usage counts)."""
    return [len(row) for row in token_rows(texts, task)]


def embed_tokens(input_ids: np.ndarray[tuple[int, int], np.dtype[np.int64]],
                 attention_mask: np.ndarray[tuple[int, int], np.dtype[np.int64]],
                 dimensions: int = 768) -> np.ndarray:
    """embed() from token ids on: the model, pooling, Dense layers and normalization (for
    benchmarks at exact batch x token shapes)."""
    if dimensions not in DIMENSIONS:
        raise ValueError(f"dimensions must be one of 768, 512, 256, 128, not {dimensions}")
    vectors = model(torch.from_numpy(input_ids), torch.from_numpy(attention_mask))
    vectors = F.normalize(vectors[:, :dimensions], p=2.0, dim=1)
    return vectors.numpy()


if __name__ == "__main__":
    # A quick look: each query's cosine similarity to each document.
    queries = ["Which planet is known as the Red Planet?", "How do I bake bread?"]
    documents = ["Mars is often called the Red Planet because of its reddish surface.",
                 "Mix flour, water, salt and yeast, let it rise, then bake it hot."]
    similarity = embed(queries, task="query") @ embed(documents, task="document").T
    for query, row in zip(queries, similarity):
        print(query, " ".join(f"{value:+.4f}" for value in row))
