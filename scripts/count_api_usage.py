#!/usr/bin/python3
"""Counts which NumPy and PyTorch names real inference code uses, from local copies of public
repositories, and writes the ranked lists under docs/coverage/ (numpy.tsv, torch.tsv,
by_repo.tsv, sources.tsv, stats.json). docs/coverage.md says how to read them and
scripts/gen_coverage_doc.py turns them into that page.

Inputs (nothing here reaches the network):
  --mirrors DIR  git directories of the repositories in SOURCES, as the search tool's fetch
                 leaves them (DIR/<owner>+<name>/repo); each is read at the commit pinned below
                 with `git cat-file`, so later fetches do not change the counts.
  --debs DIR     Debian packages unpacked with `dpkg-deb -x` (torchvision, torchaudio and
                 scikit-learn: their repositories are over fetch's size limit); --download-debs
                 gets them first with `apt-get download` at the pinned versions.

How a use is counted (docs/coverage.md has the long form):
- Every .py file and the code cells of every .ipynb (lines starting with % or ! dropped) is
  parsed with `ast`; tests, docs, setup.py and a few vendored copies are skipped (EXCLUDE).
- Library names are resolved through the file's own imports: `import numpy as np`,
  `import torch.nn.functional as F`, `from torch import nn`, `from numpy import zeros`,
  `from torch.nn.modules.conv import Conv2d` all lead to the imported object, and the name is
  the public one (`torch.nn.Conv2d`, `torch.einsum` for torch.functional.einsum). `jnp` (jax),
  `tf`, `cp` (cupy) resolve to their own libraries and are not counted.
- A function, nn.Module class or other class counts when called (`np.mean(x)`, `nn.Linear(4, 4)`,
  `torch.device("cpu")`); functions and nn.Module classes also count when passed as values
  (`act=nn.GELU`, `F.relu` as an argument), except as isinstance/issubclass arguments, base
  classes and annotations. dtypes and constants (`np.float32` not called, `torch.long`, `np.pi`)
  are not counted.
- `recv.m(...)` is an ndarray or Tensor method only if `m` is a public method of the installed
  np.ndarray / torch.Tensor (NumPy 1.24, torch 1.13); `recv.p` (no call) likewise for their
  properties (`.shape`, `.T`, `.dtype`). Which of the two: see `Methods`, below.
- Identical functions are counted once: each top-level function and each method of a top-level
  class is hashed (its ast without positions); a body seen before in the corpus (transformers'
  and diffusers' "Copied from" copies, yolov7's copy of yolov5's utils) adds to `raw_count` only.
"""
from __future__ import annotations

import argparse
import ast
import builtins
import collections
import hashlib
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
import warnings
from dataclasses import dataclass

import numpy
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "docs", "coverage")


@dataclass(frozen=True)
class Source:
    repo: str            # owner/name on GitHub
    what: str            # one line: what in it is inference code
    mirror: str = ""     # folder under --mirrors (default: owner+name)
    commit: str = ""     # pinned commit of a git source
    deb: str = ""        # Debian package name=version (for repositories too big to fetch)
    deb_root: str = ""   # the package's Python package folder inside the .deb
    only: str = ""       # regex: count only the paths it matches
    skip: str = ""       # regex: paths not to count (beyond EXCLUDE)
    note: str = ""


SOURCES = [
    Source("huggingface/transformers", "modeling, image/feature processing, pipelines, generation",
           mirror="F4biian+transformers-v4.47.1-and-internal-states",
           commit="9feae5fb0164e89d4998e5776897c16f7330d3df", only=r"^src/",
           note="upstream commit (Dec 2024, 4.48.0.dev0), read from a fork that holds its history "
                "(the upstream snapshot is over the 500 MiB fetch limit)"),
    Source("ultralytics/ultralytics", "YOLO models, NMS and result post-processing",
           mirror="DeGirum+ultralytics_yolov8", commit="149dd26afe280e9893db4e94f8bd7e8a9d1bb845",
           only=r"^(ultralytics|examples)/",
           note="upstream commit (May 2025, 8.3.127), read from a fork that holds its history"),
    Source("pytorch/vision", "torchvision models, ops (nms, roi_align), transforms",
           deb="python3-torchvision=0.14.1-2", deb_root="usr/lib/python3/dist-packages/torchvision",
           note="tag v0.14.1 as Debian 12 ships it (the repository is over the fetch limit)"),
    Source("pytorch/audio", "torchaudio models, functional, transforms, pipelines",
           deb="python3-torchaudio=0.13.1-1", deb_root="usr/lib/python3/dist-packages/torchaudio",
           note="tag v0.13.1 as Debian 12 ships it"),
    Source("scikit-learn/scikit-learn", "preprocessing, decomposition, neighbors, metrics (NumPy)",
           deb="python3-sklearn=1.2.1+dfsg-1", deb_root="usr/lib/python3/dist-packages/sklearn",
           note="tag 1.2.1 as Debian 12 ships it"),
    Source("UKPLab/sentence-transformers", "embedding models, pooling, similarity",
           commit="85ec64559f4414aa536eca4bf53538291e0a333f"),
    Source("openai/whisper", "audio front end, model, decoding",
           commit="c0d2f624c09dc18e709e37c2ad90c039a4eb72a2"),
    Source("SYSTRAN/faster-whisper", "NumPy feature extraction, VAD, decoding",
           commit="65882eee9f5cdbeeb2d877f1131d48cf241b327d"),
    Source("huggingface/pytorch-image-models", "timm models and layers",
           commit="aa4b5850c1543fa488abf260f18390eda46cf85d"),
    Source("huggingface/diffusers", "diffusion models, schedulers, pipelines",
           commit="58eb52c0803ea9af3abec60841c2a093bdf1f951"),
    Source("huggingface/text-generation-inference", "server-side model code and sampling",
           commit="db931fcf42da018a3657580c64bf2720f167f9ab"),
    Source("quic/efficient-transformers", "inference rewrites of transformers models",
           commit="ebf55e8159c8b87bff6d8028541b824244b16c81"),
    Source("ggerganov/llama.cpp", "Python conversion scripts (convert_hf_to_gguf.py, gguf-py)",
           commit="c392e5094deaf2d1a7c18683214f007fad3fe42b"),
    Source("meta-llama/llama", "reference Llama inference", commit="689c7f261b9c5514636ecc3c5fefefcbb3e6eed7"),
    Source("mistralai/mistral-inference", "reference Mistral inference",
           commit="2557e12d0e1878a1562ece30434820f80aa3e12a"),
    Source("karpathy/nanoGPT", "GPT model and sampling", commit="3adf61e154c3fe3fca428ad6bc3818b27a3b8291"),
    Source("Lightning-AI/litgpt", "LLM model code and generation", commit="26857050fe3ff627cd714fe92f5838f51a3d5efa"),
    Source("openai/CLIP", "CLIP model and preprocessing", commit="d05afc436d78f1c48dc0dbf8e5980a9d471f35f6"),
    Source("mlfoundations/open_clip", "CLIP models, tokenizer, transforms",
           commit="89fb801f1e6087880e951fc8354b8a2077b79c6d"),
    Source("facebookresearch/segment-anything", "SAM model, predictor, mask post-processing",
           commit="dca509fe793f601edb92606367a655c15ac00fdf"),
    Source("facebookresearch/sam2", "SAM 2 model and predictors", commit="2b90b9f5ceec907a1c18123530e92e794ad901a4"),
    Source("facebookresearch/dinov2", "DINOv2 models", commit="b8931f7bf91576930313be2c6d6af376033b35f0"),
    Source("facebookresearch/detectron2", "detection models, boxes, post-processing",
           commit="02b5c4e295e990042a714712c21dc79b731e8833"),
    Source("IDEA-Research/GroundingDINO", "open-set detection model and inference",
           commit="856dde20aee659246248e20734ef9ba5214f5e44"),
    Source("ultralytics/yolov5", "YOLOv5 models, NMS, inference scripts",
           commit="5081342f04fb287fc2e5f2b5a4e06752b7937b1c"),
    Source("WongKinYiu/yolov7", "YOLOv7 models, NMS, notebooks", commit="a207844b1ce82d204ab36d87d496728d3d2348e7"),
    Source("AllanKamimura/yolo11", "a YOLO11 TFLite inference script (NumPy post-processing)",
           commit="3fc89fdd8284b8f09a9b2a578cf005884fe1f821", skip=r"^ultralytics/",
           note="its vendored copy of ultralytics/ is skipped"),
    Source("facebookresearch/fairseq", "sequence models, beam search", commit="3d262bb25690e4eb2e7d3c1309b1e9c406ca4b99"),
    Source("facebookresearch/audiocraft", "MusicGen/EnCodec models", commit="896ec7c47f5e5d1e5aa1e4b260c4405328bf009d"),
    Source("speechbrain/speechbrain", "speech models, features, decoders",
           commit="9c826ef3937bac885c8a6ca86c6889a30f256fb5"),
    Source("pyannote/pyannote-audio", "diarization models and pipelines",
           commit="b749285c5cdd4636b2edc7f766f1352c8dde9369"),
    Source("coqui-ai/TTS", "TTS models and audio processing", commit="dbf1a08a0d4e47fdad6172e433eeb34bc6b13b4e"),
    Source("snakers4/silero-vad", "VAD inference (torch and ONNX)", commit="806dcba3f0b5d95282d0889a074954a2f8c6397b"),
    Source("Stability-AI/generative-models", "SDXL/SVD sampling code", commit="0ad7de9a5cb53fd63d6d30a4f385485e72e08597"),
    Source("kornia/kornia", "differentiable image processing on tensors",
           commit="b4f5a78a13891c7ac4c1cd9695941380273e981d"),
    Source("JaidedAI/EasyOCR", "OCR models and NumPy post-processing", commit="c4f3cd7225efd4f85451bd8b4a7646ae9a092420"),
    Source("RapidAI/RapidOCR", "ONNX OCR pipeline, NumPy pre/post-processing",
           commit="9ceb3420f551643d6daaf2ae9e06d09c37edca6a"),
    Source("deepinsight/insightface", "face detection/recognition, NumPy post-processing",
           commit="7fadd420c2351d0ffa8cac403421c1a3ed733365"),
    Source("opencv/opencv_zoo", "ONNX model demos, NumPy pre/post-processing",
           commit="966be4cb6eefc2a4f586ed0581bf4bbaa2533070"),
    Source("openvinotoolkit/open_model_zoo", "model demos and converters, NumPy post-processing",
           commit="7ef5b91f75115a5eec5a67921453d7faaff8f78b"),
    Source("microsoft/onnxruntime-inference-examples", "ONNX Runtime Python inference examples",
           commit="428b0399b871c258683ccfa9e9eb9e449ef01843"),
    Source("librosa/librosa", "audio features (NumPy)", commit="b7e7bf486353821311f68d756e487f65d09cf319"),
    Source("scikit-image/scikit-image", "image processing (NumPy)", commit="cd0a3d22b9f359f05618d75d5c7a29b91b4951ca"),
]

# Not inference code: tests, docs, packaging. transformers' modular_*.py are the sources its
# modeling_*.py are generated from (the generated files are what runs, and are counted).
EXCLUDE = re.compile(r"(^|/)(tests?|testing|unittests?|docs?)/|(^|/)test_[^/]*$|_tests?\.py$|"
                     r"(^|/)conftest\.py$|(^|/)setup\.py$|(^|/)modular_[^/]*\.py$")

# Namespaces of infrastructure (devices, distributed, compilation, autograd, training, I/O):
# used by inference programs around the math, never inside a compiled function.
TORCH_SKIP = re.compile(
    r"^torch\.((cuda|distributed|utils|jit|onnx|backends|fx|compiler|autograd|optim|testing|hub|"
    r"nn\.init|nn\.utils|nn\.parallel|nn\.attention|nn\.DataParallel|nn\.SyncBatchNorm|nn\.quantized|nn\.quantizable|nn\.intrinsic|nn\.qat|amp|cpu|profiler|multiprocessing|quantization|"
    r"ao|package|overrides|library|export|mps|xpu|npu|serialization|random|version|types|storage|"
    r"futures|monitor|masked|nested|sparse|contrib)(\.|$)|"
    r"(save|load|compile|manual_seed|seed|initial_seed|set_printoptions|set_num_threads|"
    r"get_num_threads|set_default_dtype|get_default_dtype|set_default_tensor_type|"
    r"set_float32_matmul_precision|get_float32_matmul_precision|use_deterministic_algorithms|"
    r"set_grad_enabled|is_grad_enabled|enable_grad|\w*autocast\w*|"
    r"set_default_device|get_rng_state|set_rng_state|set_flush_denormal|set_num_interop_threads|"
    r"is_tensor|is_storage|typename|set_anomaly_enabled|Generator|get_default_device|"
    r"is_autocast_enabled|nn\.Module)$)")
NUMPY_SKIP = re.compile(
    r"^numpy\.((testing|distutils|f2py|typing|compat|lib\.npyio)(\.|$)|"
    r"(save|savez|savez_compressed|load|loadtxt|savetxt|genfromtxt|fromfile|memmap|"
    r"set_printoptions|get_printoptions|printoptions|seterr|geterr|errstate|show_config|"
    r"deprecate|get_include|lookfor|info|source|who|asscalar|set_string_function)$)")
# Tensor members of training and device plumbing.
TENSOR_SKIP = {"normal_", "uniform_", "bernoulli_", "exponential_", "geometric_", "cauchy_",
               "log_normal_", "random_", "backward", "register_hook", "retain_grad", "requires_grad_", "grad", "grad_fn",
               "requires_grad", "is_leaf", "retains_grad", "data_ptr", "pin_memory", "is_pinned",
               "share_memory_", "record_stream", "storage", "untyped_storage", "volatile",
               "output_nr", "is_ipu", "is_ort", "is_vulkan", "is_mkldnn", "is_xpu", "is_mps",
               "is_meta", "is_nested", "register_post_accumulate_grad_hook"}
NDARRAY_SKIP = {"tofile", "dump", "dumps", "ctypes", "setflags", "getfield", "setfield"}
# Loss modules: training only.
LOSS = re.compile(r"^torch\.nn\.(functional\.)?\w*(Loss|_loss)$|^torch\.nn\.functional\.(cross_entropy|"
                  r"nll_loss|binary_cross_entropy\w*|kl_div|ctc_loss|mse_loss|l1_loss|smooth_l1_loss)$")
# Members whose names other objects share so often (dict.values, str.split, set.add, obj.name,
# list.sort, dict.copy, obj.data, PIL's Image.resize) that a receiver of unknown type is not
# taken for an array: counted only where the code shows the receiver is one.
AMBIGUOUS = {"name", "names", "data", "values", "base", "split", "sort", "add", "copy", "resize",
             "put", "flags", "apply_", "map_", "rename", "mode", "align_to", "refine_names"}

# Public namespaces a name is reported under (an object found in a private module, say
# torch.nn.modules.conv.Conv2d, is named by its place here).
PUBLIC = ["numpy", "numpy.linalg", "numpy.fft", "numpy.random", "numpy.lib.stride_tricks", "numpy.ma",
          "torch", "torch.nn", "torch.nn.functional", "torch.linalg", "torch.fft", "torch.special",
          "torch.distributions"]


def _members(cls, skip):
    methods, props = set(), set()
    for n in dir(cls):
        if n.startswith("_") or n in skip:
            continue
        (methods if callable(getattr(cls, n, None)) else props).add(n)
    return methods, props


NP_METHODS, NP_PROPS = _members(numpy.ndarray, NDARRAY_SKIP)
T_METHODS, T_PROPS = _members(torch.Tensor, TENSOR_SKIP)
MEMBERS = {"numpy": (NP_METHODS, NP_PROPS), "torch": (T_METHODS, T_PROPS)}
CLASS_OF = {"numpy": "numpy.ndarray", "torch": "torch.Tensor"}

# Results of a call on an array that are not arrays.
NON_ARRAY_RESULT = {"tolist", "item", "dim", "numel", "nelement", "element_size", "stride",
                    "data_ptr", "get_device", "is_contiguous", "is_floating_point", "storage_offset",
                    "tobytes", "tostring", "__len__", "ndimension", "is_complex", "type"}
BUILTIN_NAMES = set(dir(builtins))
ARRAYISH_BUILTINS = {"max", "min", "sum", "abs", "round", "pow", "next", "getattr", "reversed", "sorted"}
# A third-party library whose functions return NumPy arrays.
NUMPY_RETURNING = ("cv2.",)
# Receivers named like nn.Module instances (their .to/.half/.cuda/.float are Module methods).
MODULE_NAME = re.compile(r"(model|module|net|encoder|decoder|backbone|transformer|unet|vae|pipeline|pipe|"
                         r"accelerator)s?$", re.I)
# Other array libraries: a file importing one holds arrays of it too (transformers' TF and Flax
# files import numpy), so there an unknown receiver is not taken for NumPy's or torch's.
OTHER_ARRAYS = {"jax", "jaxlib", "flax", "tensorflow", "keras", "cupy", "paddle", "mxnet", "mlx",
                "oneflow", "tinygrad"}


# ---------------------------------------------------------------- resolving library names

@dataclass(frozen=True)
class Api:
    name: str      # public dotted name, e.g. numpy.mean, torch.nn.Conv2d, torch.Tensor.view
    kind: str      # function, method, property, module, class, constant
    lib: str       # numpy or torch
    known: bool    # found in the installed NumPy 1.24 / torch 1.13


def _public_index():
    """id(object) -> the public name it is reported under, first namespace first."""
    index = {}
    for ns in PUBLIC:
        try:
            mod = importlib.import_module(ns)
        except Exception:
            continue
        for n in dir(mod):
            if n.startswith("_"):
                continue
            try:
                obj = getattr(mod, n)
            except Exception:
                continue
            if inspect.ismodule(obj) or isinstance(obj, (int, float, str, bool, type(None))):
                continue
            index.setdefault(id(obj), f"{ns}.{n}")
    return index


PUBLIC_INDEX = _public_index()
PUBLIC_SET = set(PUBLIC)


def _kind(obj, lib):
    if inspect.isclass(obj):
        if issubclass(obj, torch.nn.Module):
            return "module"
        if issubclass(obj, numpy.generic):
            return "dtype"  # counted when called, np.float32(x), as the function it then is
        return "class"
    if callable(obj):
        return "function"
    return "constant"


_resolve_cache = {}
_MISSING = object()  # (np.newaxis is None: None is a value here)


def resolve(parts: tuple):
    """(Api, rest) for a dotted name starting with numpy or torch, or None for a module."""
    hit = _resolve_cache.get(parts)
    if hit is None:
        hit = _resolve_cache[parts] = _resolve(parts)
    return hit


def _resolve(parts):
    lib = parts[0]
    obj = importlib.import_module(lib)
    for i in range(1, len(parts)):
        attr = parts[i]
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                nxt = getattr(obj, attr)
        except Exception:
            nxt = _MISSING
            if inspect.ismodule(obj):
                try:
                    nxt = importlib.import_module(".".join(parts[:i + 1]))
                except Exception:
                    pass
        if nxt is _MISSING:
            # Not in this NumPy/torch (newer, or not a name at all): kept, flagged unknown.
            name = ".".join(parts[:i + 1])
            kind = ("module" if lib == "torch" and ".nn." in name + "." and attr[:1].isupper()
                    else "class" if attr[:1].isupper() else "function")
            return Api(name, kind, lib, False), parts[i + 1:]
        obj = nxt
        if inspect.ismodule(obj):
            continue
        rest = parts[i + 1:]
        if obj is numpy.ndarray or obj is torch.Tensor:
            if rest and not rest[0].startswith("_"):
                methods, props = MEMBERS[lib]
                m = rest[0]
                kind = "method" if m in methods else "property" if m in props else None
                if kind:
                    return Api(f"{CLASS_OF[lib]}.{m}", kind, lib, True), rest[1:]
            return Api(CLASS_OF[lib], "class", lib, True), rest
        ns = ".".join(parts[:i])
        name = ".".join(parts[:i + 1])
        if ns not in PUBLIC_SET:
            name = PUBLIC_INDEX.get(id(obj), name)
        return Api(name, _kind(obj, lib), lib, True), rest
    return None, ()


def skipped(name: str) -> bool:
    if any(p.startswith("_") for p in name.split(".")):
        return True
    if LOSS.match(name):
        return True
    return bool(TORCH_SKIP.match(name) if name.startswith("torch") else NUMPY_SKIP.match(name))


# ---------------------------------------------------------------- one file

def import_aliases(tree):
    """name -> dotted path for every import in the file (anywhere in it: imports guarded by
    `if is_torch_available():` or inside functions count the same)."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname:
                    aliases[a.asname] = a.name
                else:
                    top = a.name.split(".")[0]
                    aliases[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for a in node.names:
                if a.name != "*":
                    aliases[a.asname or a.name] = f"{node.module}.{a.name}"
    return aliases


def chain(node):
    """['np', 'linalg', 'norm'] for np.linalg.norm, or None when the base is not a name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


LIBS = ("numpy", "torch")


class FileCounter:
    """Walks one module: counts library names and array methods, tagging expressions with the
    library of the array they hold where the code shows it."""

    def __init__(self, tree, aliases, sink, stats):
        self.aliases = aliases
        self.sink = sink          # (unit, Api, how) -> counted
        self.stats = stats
        roots = {v.split(".")[0] for v in aliases.values()}
        self.file_libs = roots & set(LIBS)
        self.other_arrays = bool(roots & OTHER_ARRAYS)
        self.unit = None
        self.line = 0
        self.torch_class = False  # inside an nn.Module subclass
        self.self_attrs = {}
        self.func_refs = collections.Counter()  # library references in the current function
        self.file_refs = collections.Counter()
        for n in ast.walk(tree):  # the file's own balance of numpy and torch names
            if isinstance(n, (ast.Name, ast.Attribute)):
                r = self.lib_ref(n)
                if r:
                    self.file_refs[r[0].lib] += 1

    # -- names
    def dotted(self, node):
        parts = chain(node)
        if not parts or parts[0] not in self.aliases:
            return None
        return tuple(self.aliases[parts[0]].split(".")) + tuple(parts[1:])

    def lib_ref(self, node):
        """(Api, rest) when node names something of numpy/torch, else None."""
        full = self.dotted(node)
        if not full or full[0] not in LIBS:
            return None
        api, rest = resolve(full)
        if api is None or rest:
            return None  # a module, or an attribute of a library object (np.finfo(...).eps)
        return api, rest

    # -- what an expression holds
    def tag(self, node, env):
        """'numpy' / 'torch' (an array of that library), 'module' (an nn.Module), 'other'
        (known not to be an array), or None (unknown)."""
        if isinstance(node, ast.Constant):
            return "other"
        if isinstance(node, (ast.JoinedStr, ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp,
                             ast.SetComp, ast.GeneratorExp, ast.Tuple, ast.Lambda)):
            return "other"
        if isinstance(node, ast.Compare):  # x > 0 of an array is an array
            tags = {self.tag(n, env) for n in [node.left] + node.comparators}
            return "torch" if "torch" in tags else "numpy" if "numpy" in tags else None
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            if node.id in self.aliases:
                return "other"
            if MODULE_NAME.search(node.id):
                return "module"
            return None
        if isinstance(node, ast.Attribute):
            full = self.dotted(node)
            if full is not None:
                return "other"
            base = self.tag(node.value, env)
            if node.attr in ("shape", "dtype", "device", "ndim", "size", "strides", "itemsize", "layout"):
                return "other" if base in LIBS else None
            if node.attr in ("T", "mT", "H", "real", "imag", "data", "flat"):
                return base if base in LIBS else None
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                hit = self.self_attrs.get(node.attr)
                if hit:
                    return hit
            if MODULE_NAME.search(node.attr):
                return "module"
            return None
        if isinstance(node, ast.Subscript):
            base = self.tag(node.value, env)
            return base if base in LIBS else None
        if isinstance(node, ast.BinOp):
            tags = {self.tag(node.left, env), self.tag(node.right, env)}
            return "torch" if "torch" in tags else "numpy" if "numpy" in tags else None
        if isinstance(node, ast.UnaryOp):
            t = self.tag(node.operand, env)
            return t if t in LIBS else None
        if isinstance(node, ast.IfExp):
            t = self.tag(node.body, env)
            return t if t is not None else self.tag(node.orelse, env)
        if isinstance(node, ast.Call):
            return self.call_tag(node, env)
        if isinstance(node, ast.Starred):
            return self.tag(node.value, env)
        return None

    def call_tag(self, node, env):
        func = node.func
        ref = self.lib_ref(func)
        if ref:
            api = ref[0]
            if skipped(api.name):
                return None  # torch.load(...) may give a model, a dict, a tensor
            if api.kind == "module":
                return "module"
            if api.kind == "class" and api.name not in ("torch.Tensor", "torch.nn.Parameter",
                                                        "torch.FloatTensor", "torch.LongTensor"):
                return "other"
            if api.name in ("numpy.dtype", "numpy.finfo", "numpy.iinfo", "numpy.random.default_rng",
                            "numpy.random.RandomState", "torch.finfo", "torch.iinfo", "torch.device",
                            "torch.is_tensor", "torch.numel", "torch.no_grad", "torch.inference_mode"):
                return "other"
            return api.lib
        full = self.dotted(func)
        if full is not None:
            return "numpy" if ".".join(full).startswith(NUMPY_RETURNING) else "other"
        if isinstance(func, ast.Name):
            if func.id in env:
                return None
            if func.id in BUILTIN_NAMES and func.id not in ARRAYISH_BUILTINS:
                return "other"
            if func.id[:1].isupper():
                return "other"  # an instance of a class (a model, a config), not an array
            return None
        if isinstance(func, ast.Attribute):
            recv = func.value
            if isinstance(recv, ast.Name) and recv.id == "self" and self.torch_class:
                return "torch"  # self.proj(x), self.attention(h): a layer's output
            rt = self.tag(recv, env)
            if rt in LIBS:
                if func.attr == "numpy":
                    return "numpy"
                if func.attr in NON_ARRAY_RESULT or (rt == "torch" and func.attr == "size"):
                    return "other"
                if func.attr in MEMBERS[rt][0]:
                    return rt
                return None
            if rt == "module":
                if func.attr in ("to", "eval", "cuda", "cpu", "half", "float", "double", "train",
                                 "requires_grad_", "bfloat16"):
                    return "module"
                if func.attr == "forward":
                    return "torch"
            if isinstance(recv, ast.Constant):
                return "other"
            if func.attr[:1].isupper():
                return "other"  # models.Encoder(...): an instance of a class
        return None

    def annotation_tag(self, ann):
        if ann is None:
            return None
        text = ann.value if isinstance(ann, ast.Constant) and isinstance(ann.value, str) else ast.unparse(ann)
        if re.search(r"\b(Tensor|FloatTensor|LongTensor|BoolTensor|IntTensor|HalfTensor)\b", text):
            return "torch"
        if re.search(r"\b(ndarray|NDArray|ArrayLike)\b", text):
            return "numpy"
        if re.search(r"\b(str|int|float|bool|dict|list|Dict|List|Tuple|tuple)\b", text) and \
                not re.search(r"(Tensor|ndarray)", text):
            return "other"
        return None

    # -- walking
    def run(self, tree):
        env = {}
        self.unit = ("module",)
        self.func_refs = self.file_refs
        self.block(tree.body, env, depth=0)

    def block(self, stmts, env, depth):
        for st in stmts:
            self.stmt(st, env, depth)

    def unit_hash(self, node):
        return hashlib.sha1(ast.dump(node, annotate_fields=False).encode()).hexdigest()

    def function(self, node, env, depth, in_class, is_unit):
        saved = (self.unit, self.func_refs)
        if is_unit:  # top-level functions and methods of top-level classes
            self.unit = ("fn", self.unit_hash(node))
        refs = collections.Counter()
        for n in ast.walk(node):
            if isinstance(n, (ast.Name, ast.Attribute)):
                r = self.lib_ref(n)
                if r:
                    refs[r[0].lib] += 1
        self.func_refs = refs
        for d in node.decorator_list:
            self.expr(d, env)
        local = dict(env)
        args = node.args
        for a in args.posonlyargs + args.args + args.kwonlyargs + [x for x in (args.vararg, args.kwarg) if x]:
            t = self.annotation_tag(a.annotation)
            if t is None and in_class and self.torch_class and node.name == "forward" and a.arg != "self":
                t = "torch"
            if a.arg == "self":
                t = "self"
            if t:
                local[a.arg] = t
            else:
                local.pop(a.arg, None)
        for dflt in args.defaults + [d for d in args.kw_defaults if d is not None]:
            self.expr(dflt, env)
        self.block(node.body, local, depth + 1)
        self.unit, self.func_refs = saved

    def klass(self, node, env, depth):
        for b in node.bases:
            self.expr(b, env, count_refs=False)
        for k in node.keywords:
            self.expr(k.value, env)
        for d in node.decorator_list:
            self.expr(d, env)
        saved = (self.torch_class, self.self_attrs)
        self.torch_class = any(self.is_torch_base(b) for b in node.bases)
        self.self_attrs = self.scan_self_attrs(node)
        for st in node.body:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.function(st, env, depth + 1, in_class=True, is_unit=depth == 0)
            else:
                self.stmt(st, dict(env), depth + 1)
        self.torch_class, self.self_attrs = saved

    def is_torch_base(self, b):
        ref = self.lib_ref(b)
        if ref and ref[0].kind == "module":
            return True
        text = ast.unparse(b)
        return bool(re.search(r"(Module|Model|Layer|Block|PreTrainedModel|ModelMixin)\b", text)) and \
            "torch" in self.file_libs

    def scan_self_attrs(self, cls):
        attrs = {}
        for n in ast.walk(cls):
            if isinstance(n, ast.Assign) and len(n.targets) == 1:
                t = n.targets[0]
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                    tag = self.tag(n.value, {})
                    if tag:
                        attrs.setdefault(t.attr, tag)
            elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                  and n.func.attr == "register_buffer" and n.args
                  and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str)):
                attrs[n.args[0].value] = "torch"
        return attrs

    def bind(self, target, tag, env, value=None):
        if isinstance(target, ast.Name):
            if tag:
                env[target.id] = tag
            else:
                env.pop(target.id, None)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
                for t, v in zip(target.elts, value.elts):
                    self.bind(t, self.tag(v, env), env, v)
                return
            shapeish = isinstance(value, ast.Attribute) and value.attr in ("shape", "strides") or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute)
                and value.func.attr == "size")
            sub = tag if tag in LIBS and not shapeish else ("other" if shapeish else None)
            for t in target.elts:
                self.bind(t, sub, env)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, tag, env)
        else:
            self.expr(target, env)

    def stmt(self, st, env, depth):
        if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self.function(st, env, depth, in_class=False, is_unit=depth == 0)
            env.pop(st.name, None)
        elif isinstance(st, ast.ClassDef):
            self.klass(st, env, depth)
        elif isinstance(st, ast.Assign):
            self.expr(st.value, env)
            t = self.tag(st.value, env)
            for target in st.targets:
                self.bind(target, t, env, st.value)
        elif isinstance(st, ast.AnnAssign):
            if st.value is not None:
                self.expr(st.value, env)
            t = self.annotation_tag(st.annotation) or (self.tag(st.value, env) if st.value else None)
            self.bind(st.target, t, env)
        elif isinstance(st, ast.AugAssign):
            self.expr(st.value, env)
            self.expr(st.target, env)
        elif isinstance(st, (ast.For, ast.AsyncFor)):
            self.expr(st.iter, env)
            t = self.tag(st.iter, env)
            self.bind(st.target, t if t in LIBS else None, env)
            self.block(st.body, env, depth)
            self.block(st.orelse, env, depth)
        elif isinstance(st, (ast.With, ast.AsyncWith)):
            for item in st.items:
                self.expr(item.context_expr, env)
                if item.optional_vars is not None:
                    self.bind(item.optional_vars, None, env)
            self.block(st.body, env, depth)
        elif isinstance(st, (ast.Import, ast.ImportFrom)):
            pass
        elif isinstance(st, ast.Try) or type(st).__name__ == "TryStar":
            self.block(st.body, env, depth)
            for h in st.handlers:
                if h.type is not None:
                    self.expr(h.type, env, count_refs=False)
                self.block(h.body, env, depth)
            self.block(st.orelse, env, depth)
            self.block(st.finalbody, env, depth)
        elif isinstance(st, (ast.If, ast.While)):
            self.expr(st.test, env)
            self.block(st.body, env, depth)
            self.block(st.orelse, env, depth)
        elif type(st).__name__ == "Match":
            self.expr(st.subject, env)
            for case in st.cases:
                self.block(case.body, env, depth)
        else:
            for child in ast.iter_child_nodes(st):
                if isinstance(child, ast.expr):
                    self.expr(child, env)

    def count(self, api, how):
        if skipped(api.name):
            return
        self.sink(self.unit, api, how, self.line)

    def method(self, name, recv, env, called):
        """Counts recv.name as an ndarray or Tensor member when it is one."""
        idx = 0 if called else 1
        in_np = name in MEMBERS["numpy"][idx]
        in_t = name in MEMBERS["torch"][idx]
        if not (in_np or in_t):
            return
        rt = self.tag(recv, env)
        guess = self.fallback(name, in_np, in_t)
        if rt in LIBS:
            lib = rt if (in_np if rt == "numpy" else in_t) else None
            how = "inferred"
            if lib and guess is not None:  # how often the fallback would have been right
                self.stats[f"{lib}_fallback_agrees" if guess == lib else f"{lib}_fallback_disagrees"] += 1
        elif rt is None:
            if name in AMBIGUOUS:
                self.stats["ambiguous_name_unknown_receiver"] += 1
                return
            lib, how = guess, "fallback"
        else:
            self.stats["receiver_not_an_array"] += 1
            return
        if lib is None:
            self.stats["member_of_neither_library_here"] += 1
            return
        self.stats[f"{lib}_{how}"] += 1
        kind = "method" if called else "property"
        self.line = recv.lineno
        self.count(Api(f"{CLASS_OF[lib]}.{name}", kind, lib, True), how)

    def fallback(self, name, in_np, in_t):
        if self.other_arrays:
            return None
        libs = self.file_libs
        if libs == {"torch"}:
            return "torch" if in_t else None
        if libs == {"numpy"}:
            return "numpy" if in_np else None
        if not libs:
            return None
        if in_np != in_t:
            return "numpy" if in_np else "torch"
        if self.torch_class:
            return "torch"
        f = self.func_refs
        if f["torch"] != f["numpy"]:
            return "torch" if f["torch"] > f["numpy"] else "numpy"
        g = self.file_refs
        return "torch" if g["torch"] >= g["numpy"] else "numpy"

    def expr(self, node, env, count_refs=True):
        """Counts every use inside one expression."""
        if node is None:
            return
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("isinstance", "issubclass") and len(node.args) == 2:
                self.expr(node.args[0], env)
                self.expr(node.args[1], env, count_refs=False)
                return
            ref = self.lib_ref(func)
            if ref:
                if ref[0].kind != "constant":
                    self.count(ref[0], "called")
            elif self.dotted(func) is not None:
                pass  # another library's function (os.path.join, cv2.resize, jnp.mean)
            elif isinstance(func, ast.Attribute):
                self.method(func.attr, func.value, env, called=True)
                self.expr(func.value, env)
            else:
                self.expr(func, env)
            for a in node.args:
                self.expr(a, env)
            for k in node.keywords:
                self.expr(k.value, env)
            return
        if isinstance(node, (ast.Attribute, ast.Name)):
            if not isinstance(node.ctx, ast.Load):
                if isinstance(node, ast.Attribute):
                    self.expr(node.value, env)
                return
            ref = self.lib_ref(node)
            if ref:
                # A name this torch/NumPy lacks counts only when called: not called, it may as
                # well be a dtype (torch.float8_e4m3fn) or a constant.
                if count_refs and ref[0].kind in ("function", "module", "method") and ref[0].known:
                    self.count(ref[0], "reference")
                return
            if self.dotted(node) is not None:
                return
            if isinstance(node, ast.Attribute):
                self.method(node.attr, node.value, env, called=False)
                self.expr(node.value, env)
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            local = dict(env)
            for gen in node.generators:
                self.expr(gen.iter, local)
                t = self.tag(gen.iter, local)
                self.bind(gen.target, t if t in LIBS else None, local)
                for cond in gen.ifs:
                    self.expr(cond, local)
            if isinstance(node, ast.DictComp):
                self.expr(node.key, local)
                self.expr(node.value, local)
            else:
                self.expr(node.elt, local)
            return
        if isinstance(node, ast.Lambda):
            local = dict(env)
            for a in node.args.args:
                local.pop(a.arg, None)
            self.expr(node.body, local)
            return
        if isinstance(node, ast.NamedExpr):
            self.expr(node.value, env)
            self.bind(node.target, self.tag(node.value, env), env)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expr(child, env)
            elif isinstance(child, ast.keyword):
                self.expr(child.value, env)


# ---------------------------------------------------------------- reading sources

def git_files(gitdir, commit):
    """(path, text) of the .py and .ipynb files of one commit."""
    listing = subprocess.run(["git", "-C", gitdir, "ls-tree", "-r", "-z", commit],
                             capture_output=True, check=True).stdout.decode()
    blobs = []
    for entry in filter(None, listing.split("\0")):
        meta, path = entry.split("\t", 1)
        mode, typ, sha = meta.split()
        # Symbolic links (mode 120000) hold a path, not code: their target is counted itself.
        if typ == "blob" and mode != "120000" and path.endswith((".py", ".ipynb")):
            blobs.append((path, sha))
    proc = subprocess.Popen(["git", "-C", gitdir, "cat-file", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    for path, sha in blobs:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) < 3:  # "<sha> missing": a snapshot leaves out files of 4 MiB and more
            continue
        size = int(header[2])
        data = proc.stdout.read(size)
        proc.stdout.read(1)
        yield path, data.decode("utf-8", "replace")
    proc.stdin.close()
    proc.wait()


def dir_files(root):
    for base, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".py", ".ipynb")):
                full = os.path.join(base, f)
                with open(full, encoding="utf-8", errors="replace") as fh:
                    yield os.path.relpath(full, root), fh.read()


def notebook_code(text):
    try:
        nb = json.loads(text)
    except ValueError:
        return None
    cells = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            src = "".join(src) if isinstance(src, list) else src
            lines = [ln for ln in src.splitlines() if not ln.lstrip().startswith(("%", "!", "?"))]
            cells.append("\n".join(lines))
    good = []
    for c in cells:  # a cell Python cannot parse is dropped, the others kept
        try:
            ast.parse(c)
            good.append(c)
        except SyntaxError:
            pass
    return "\n\n".join(good)


def source_files(src: Source, args):
    if src.deb:
        root = os.path.join(args.debs, src.deb.split("=")[0], src.deb_root)
        if not os.path.isdir(root):
            raise SystemExit(f"{root} missing: run with --download-debs (or unpack {src.deb} there)")
        return dir_files(root), src.deb.split("=")[1]
    gitdir = os.path.join(args.mirrors, src.mirror or src.repo.replace("/", "+"), "repo")
    if os.path.isdir(os.path.join(gitdir, ".git")):
        gitdir = os.path.join(gitdir, ".git")
    if not os.path.isdir(gitdir):
        raise SystemExit(f"{gitdir} missing: fetch {src.repo} (search tool's fetch) first")
    return git_files(gitdir, src.commit), src.commit


def download_debs(debs_dir):
    os.makedirs(debs_dir, exist_ok=True)
    for src in SOURCES:
        if not src.deb:
            continue
        name = src.deb.split("=")[0]
        target = os.path.join(debs_dir, name)
        if os.path.isdir(target):
            continue
        subprocess.run(["apt-get", "download", src.deb], cwd=debs_dir, check=True)
        deb = next(f for f in os.listdir(debs_dir) if f.startswith(name + "_") and f.endswith(".deb"))
        subprocess.run(["dpkg-deb", "-x", os.path.join(debs_dir, deb), target], check=True)


# ---------------------------------------------------------------- the corpus

def count_source(job):
    """Everything one repository contributes: (row for sources.tsv, per-file event lists, stats,
    sampled lines). Run in a worker process; the merge, in SOURCES order, removes copies."""
    src, args = job
    files, version = source_files(src, args)
    n_files = n_lines = n_failed = 0
    stats = collections.Counter()
    per_file = []
    for path, text in files:
        if EXCLUDE.search(path) or (src.only and not re.search(src.only, path)) or \
                (src.skip and re.search(src.skip, path)):
            continue
        if path.endswith(".ipynb"):
            text = notebook_code(text)
            if text is None:
                continue
        n_files += 1
        n_lines += text.count("\n") + 1
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                tree = ast.parse(text)
        except (SyntaxError, ValueError):
            n_failed += 1
            continue
        aliases = import_aliases(tree)
        if not any(v.split(".")[0] in LIBS for v in aliases.values()):
            continue
        events = []
        FileCounter(tree, aliases, lambda *event: events.append(event), stats).run(tree)
        lines = text.splitlines() if args.sample else ()
        per_file.append((path, [(unit, api, how, line, lines[line - 1].strip()[:160] if 0 < line <= len(lines) else "")
                                for unit, api, how, line in events]))
    return (src, version, n_files, n_lines, n_failed), per_file, stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--debs", default="/tmp/coverage-debs")
    ap.add_argument("--download-debs", action="store_true")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (one repository each)")
    ap.add_argument("--only", help="count one repository (owner/name), for a quick look")
    ap.add_argument("--sample", help="write a random sample of attributed member uses, with their "
                                     "source lines, to this file (to check the attribution by hand)")
    args = ap.parse_args(argv)
    if args.download_debs:
        download_debs(args.debs)

    dedup = collections.Counter()       # name -> uses in distinct code
    raw = collections.Counter()         # name -> every use
    inferred = collections.Counter()    # name -> uses whose receiver the code shows is an array
    per_repo = collections.defaultdict(collections.Counter)  # name -> repo -> raw uses
    apis = {}
    how_counts = collections.Counter()
    stats = collections.Counter()
    seen_units = set()
    sources_rows = []
    samples = {"inferred": [], "fallback": []}

    jobs = [(src, args) for src in SOURCES if not args.only or src.repo == args.only]
    import multiprocessing
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        # imap keeps SOURCES order, so which copy of a function counts is the same every run.
        for row, per_file, src_stats in pool.imap(count_source, jobs):
            src = row[0]
            stats.update(src_stats)
            for path, events in per_file:
                new_units = set()
                for unit, api, how, line, text in events:
                    if args.sample and how in ("inferred", "fallback") and text:
                        samples[how].append((src.repo, path, line, api.name, text))
                    apis.setdefault(api.name, api)
                    raw[api.name] += 1
                    per_repo[api.name][src.repo] += 1
                    if how == "inferred":
                        inferred[api.name] += 1
                    how_counts[(api.kind, how)] += 1
                    if unit[0] == "module" or unit not in seen_units:
                        dedup[api.name] += 1
                        if unit[0] != "module":
                            new_units.add(unit)
                seen_units |= new_units
            sources_rows.append(row)
            print(f"{src.repo:45} {row[2]:6} files {row[3]:9} lines {row[4]:4} unparsed", file=sys.stderr)

    os.makedirs(args.out, exist_ok=True)
    if args.sample:
        write_samples(args.sample, samples)
    write_outputs(args.out, apis, dedup, raw, inferred, per_repo, sources_rows, how_counts, stats)


def write_samples(path, samples):
    """A seeded random sample of member attributions, each with its source line, for judging by
    hand (docs/coverage/attribution_check.tsv is one, judged, with the source column dropped:
    the repositories' code is read here, not copied into this one)."""
    import random
    rng = random.Random(0)
    with open(path, "w") as f:
        f.write("how\trepo\tpath\tline\tcounted_as\tsource\tverdict\n")
        for how, n in (("fallback", 200), ("inferred", 100)):
            for repo, p, line, name, text in rng.sample(samples[how], min(n, len(samples[how]))):
                f.write(f"{how}\t{repo}\t{p}\t{line}\t{name}\t{text}\t-\n")


def write_outputs(out, apis, dedup, raw, inferred, per_repo, sources_rows, how_counts, stats):
    os.makedirs(out, exist_ok=True)
    for lib in LIBS:
        names = [n for n in raw if apis[n].lib == lib]
        # A name the installed library lacks is kept when two repositories use it (newer API,
        # torch.nn.functional.scaled_dot_product_attention), not when one does (a typo, a
        # repository's own monkey-patch).
        names = [n for n in names if apis[n].known or len(per_repo[n]) >= 2]
        names.sort(key=lambda n: (-dedup[n], -len(per_repo[n]), n))
        with open(os.path.join(out, f"{lib}.tsv"), "w") as f:
            f.write("rank\tname\tkind\tcount\trepos\traw_count\tinferred_share\tin_installed\n")
            for i, n in enumerate(names, 1):
                a = apis[n]
                kind = "function" if a.kind == "dtype" else a.kind
                share = f"{inferred[n] / raw[n]:.2f}" if a.kind in ("method", "property") else "-"
                f.write(f"{i}\t{n}\t{kind}\t{dedup[n]}\t{len(per_repo[n])}\t{raw[n]}\t{share}\t"
                        f"{'yes' if a.known else 'no'}\n")
    with open(os.path.join(out, "by_repo.tsv"), "w") as f:
        f.write("name\trepo\traw_count\n")
        for n in sorted(raw):
            if apis[n].known or len(per_repo[n]) >= 2:
                for repo, c in sorted(per_repo[n].items()):
                    f.write(f"{n}\t{repo}\t{c}\n")
    with open(os.path.join(out, "sources.tsv"), "w") as f:
        f.write("repo\tcommit_or_version\tfiles\tlines\tunparsed_files\twhat\tnote\n")
        for src, version, n_files, n_lines, n_failed in sources_rows:
            where = f"debian:{src.deb}" if src.deb else version
            f.write(f"{src.repo}\t{where}\t{n_files}\t{n_lines}\t{n_failed}\t{src.what}\t{src.note}\n")
    summary = {
        "files": sum(r[2] for r in sources_rows), "lines": sum(r[3] for r in sources_rows),
        "unparsed_files": sum(r[4] for r in sources_rows), "repositories": len(sources_rows),
        "uses_raw": sum(raw.values()), "uses_distinct": sum(dedup.values()),
        "attribution": {f"{k}/{h}": v for (k, h), v in sorted(how_counts.items())},
        "member_receivers": dict(sorted(stats.items())),
        "interpreters": {"python": sys.version.split()[0], "numpy": numpy.__version__,
                         "torch": torch.__version__},
    }
    with open(os.path.join(out, "stats.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
