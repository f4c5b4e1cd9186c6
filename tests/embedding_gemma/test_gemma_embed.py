"""embed.py end to end: prompts, <bos>/<eos>, truncation, padding, Matryoshka, errors.

The Gemma 3 tokenizer (muna.text) is written elsewhere; these tests give embed.py a byte-level
stand-in with the same API, so the checks here are about embed.py's own logic. The model comes
from a tiny checkpoint in a temporary EMBEDDINGGEMMA_PATH folder, which also exercises the
environment handling. The last test uses the real tokenizer when it is installed."""

import importlib.util
import sys
import types
from pathlib import Path

import numpy as np
import pytest
import torch

from . import gemma_reference as ref
from checkpoint import save_checkpoint

EMBED_PY = Path(__file__).resolve().parents[2] / "examples" / "embedding_gemma" / "embed.py"


class ByteTokenizer:
    """Same API as muna.text.Tokenizer: <bos>=2, then one id per UTF-8 byte (3 + byte)."""
    opened = []

    @classmethod
    def from_file(cls, path):
        cls.opened.append(path)
        return cls()

    def encode(self, text, add_special_tokens=True):
        return ([2] if add_special_tokens else []) + [3 + b for b in text.encode("utf-8")]

    def encode_batch(self, texts, add_special_tokens=True):
        return [self.encode(t, add_special_tokens) for t in texts]


def import_embed(name):
    spec = importlib.util.spec_from_file_location(name, EMBED_PY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def embed_module(tmp_path_factory):
    from weights import TINY_CONFIG, load_model
    folder = tmp_path_factory.mktemp("embeddinggemma")
    # A different seed from the default random model, so loading from the folder is visible.
    save_checkpoint(load_model(None, tiny=True, seed=5), TINY_CONFIG, folder)
    (folder / "tokenizer.json").write_text("{}")
    fake = types.ModuleType("muna.text")
    fake.Tokenizer = ByteTokenizer
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EMBEDDINGGEMMA_PATH", str(folder))
        patch.setitem(sys.modules, "muna.text", fake)
        module = import_embed("embed_under_test")
    assert ByteTokenizer.opened[-1] == str(folder / "tokenizer.json")
    return module


def expected(module, text, prompt, dims=768):
    """The reference embedding of <bos> + bytes(prompt + text) + <eos>, cut to dims."""
    from weights import TINY_CONFIG
    params, dense1, dense2 = ref.params_of(module.model)
    ids = [2] + [3 + b for b in (prompt + text).encode("utf-8")] + [1]
    full = ref.embedding(params, dense1, dense2, TINY_CONFIG, ids)
    return full[:dims] / np.linalg.norm(full[:dims])


def test_weights_come_from_embeddinggemma_path(embed_module):
    from weights import load_model
    seeded = load_model(None, tiny=True, seed=5)
    assert torch.equal(embed_module.model.dense2.weight, seeded.dense2.weight)


def test_query_and_document_prompts_match_reference(embed_module):
    got = embed_module.embed(["Paris?"], task="query")
    assert got.dtype == np.float32 and got.shape == (1, 768)
    np.testing.assert_allclose(got[0], expected(embed_module, "Paris?",
                                                "task: search result | query: "),
                               rtol=1e-4, atol=1e-6)
    doc = embed_module.embed(["Paris."])
    np.testing.assert_allclose(doc[0], expected(embed_module, "Paris.", "title: none | text: "),
                               rtol=1e-4, atol=1e-6)


def test_every_task_has_its_prompt(embed_module):
    assert embed_module.PROMPTS["query"] == "task: search result | query: "
    assert embed_module.PROMPTS["document"] == "title: none | text: "
    for task in ("classification", "clustering", "code retrieval", "question answering",
                 "fact checking", "sentence similarity", "summarization"):
        assert embed_module.PROMPTS[task] == f"task: {task} | query: "
        assert embed_module.embed(["x"], task=task).shape == (1, 768)


def test_batch_of_mixed_lengths_equals_one_by_one(embed_module):
    texts = ["a", "a much longer text than the others, past the window", "mid length"]
    batch = embed_module.embed(texts, task="query")
    for row, text in zip(batch, texts):
        np.testing.assert_allclose(row, embed_module.embed([text], task="query")[0],
                                   rtol=0, atol=2e-6)


@pytest.mark.parametrize("dims", [768, 512, 256, 128])
def test_matryoshka_truncates_then_renormalizes(embed_module, dims):
    texts = ["one", "two words"]
    full = embed_module.embed(texts)
    cut = embed_module.embed(texts, dimensions=dims)
    assert cut.shape == (2, dims)
    np.testing.assert_allclose(np.linalg.norm(cut, axis=1), 1.0, rtol=1e-6)
    prefix = full[:, :dims] / np.linalg.norm(full[:, :dims], axis=1, keepdims=True)
    np.testing.assert_allclose(cut, prefix, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(cut[1], expected(embed_module, "two words",
                                                "title: none | text: ", dims),
                               rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("dims", [0, 64, 100, 767, 1024, -768])
def test_other_dimensions_raise(embed_module, dims):
    with pytest.raises(ValueError, match="dimensions"):
        embed_module.embed(["x"], dimensions=dims)


def test_unknown_task_and_empty_input_raise(embed_module):
    with pytest.raises(ValueError, match="task"):
        embed_module.embed(["x"], task="translation")
    with pytest.raises(ValueError, match="empty"):
        embed_module.embed([])


def test_long_text_is_truncated_to_2048_keeping_eos(embed_module, monkeypatch):
    seen = []
    real = embed_module.model

    def recording(input_ids, attention_mask):
        seen.append((input_ids, attention_mask))
        return real(input_ids, attention_mask)

    monkeypatch.setattr(embed_module, "model", recording)
    text = "x" * 3000
    embed_module.embed([text, "short"], task="document")
    input_ids, mask = seen[0]
    assert input_ids.shape == (2, 2048) and input_ids.dtype == torch.int64
    prompt_ids = [3 + b for b in b"title: none | text: "]
    assert input_ids[0].tolist() == [2] + prompt_ids + [3 + ord("x")] * (2046 - len(prompt_ids)) + [1]
    assert mask[0].tolist() == [1] * 2048
    short = [2] + prompt_ids + [3 + b for b in b"short"] + [1]
    assert input_ids[1].tolist() == short + [0] * (2048 - len(short))
    assert mask[1].tolist() == [1] * len(short) + [0] * (2048 - len(short))


# "task: search result | query: What is the capital of France?" through Hugging Face's own
# tokenizers (from shared/reference/embeddinggemma.md).
HF_IDS = [2, 8071, 236787, 3927, 1354, 1109, 7609, 236787, 2900, 563, 506, 5279, 529, 7001,
          236881]


def test_real_gemma_tokenizer_gives_hugging_face_ids(monkeypatch):
    root = Path(__file__).resolve().parents[2]
    tokenizer_json = (root / ".deps" / "node_modules" / "@lenml" / "tokenizer-gemma3" / "models"
                      / "tokenizer.json")
    sys.path.insert(0, str(root / "codegen"))
    try:
        from muna.text import Tokenizer  # noqa: F401
    except ImportError:
        pytest.skip("muna.text is not in this checkout yet")
    finally:
        sys.path.remove(str(root / "codegen"))
    if not tokenizer_json.exists():
        pytest.skip("run scripts/fetch_tokenizers.sh for the Gemma 3 tokenizer.json")
    monkeypatch.delenv("EMBEDDINGGEMMA_PATH", raising=False)
    monkeypatch.setenv("EMBEDDINGGEMMA_CONFIG", "tiny")
    module = import_embed("embed_real_tokenizer")
    prompt = module.PROMPTS["query"]
    assert module.tokenizer.encode(prompt + "What is the capital of France?") == HF_IDS
    got = module.embed(["What is the capital of France?"], task="query")
    from weights import TINY_CONFIG
    params, dense1, dense2 = ref.params_of(module.model)
    want = ref.embedding(params, dense1, dense2, TINY_CONFIG, HF_IDS + [1])
    np.testing.assert_allclose(got[0], want, rtol=1e-4, atol=1e-6)
