#!/usr/bin/python3
"""Writes docs/coverage.md: the NumPy and PyTorch names real inference code uses most (the
ranked lists in docs/coverage/, counted by scripts/count_api_usage.py), each with muna's status
today, read from the registry (codegen/muna, REGISTRY.ops) and, for torch.nn modules and the few
names the frontend handles itself, from compiling the probes of scripts/coverage_probes.py.

Run: /usr/bin/python3 scripts/gen_coverage_doc.py [--check]
tests/test_coverage_doc.py checks the committed page is what this writes now, so the page
follows the registry as ops are added.
"""
from __future__ import annotations

import csv
import importlib
import json
import os
import sys
import tempfile
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "codegen"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
DATA = os.path.join(ROOT, "docs", "coverage")
OUT = os.path.join(ROOT, "docs", "coverage.md")

TOP = {"numpy": 300, "torch": 400}  # the headline: how many of the most used names muna has
WORK_LIST = 50                      # missing names listed first, most used first
LIBRARY = {"numpy": "NumPy", "torch": "PyTorch"}

# Torch entries that work with a restriction an inference program can meet (their registry
# notes and docs/torch_ops.md's Limits say more). NumPy's list is gen_ops_doc.PARTIAL.
TORCH_PARTIAL = {
    "torch.Tensor.to": "dtypes and 'cpu' only",
    "torch.Tensor.repeat_interleave": "int repeats only",
    "torch.repeat_interleave": "int repeats only",
    "torch.einsum": "1 to 3 operands, no '...'",
    "torch.nn.functional.interpolate": "4-D input, 'nearest' and 'bilinear' only",
    "torch.nn.functional.pad": "modes 'constant', 'reflect', 'replicate'",
    "torch.tensor": "from a number or nested lists of numbers",
    "torch.Tensor.__getitem__": "one tensor per subscript, slice steps > 0",
}


def read_tsv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def numpy_partial():
    import gen_ops_doc  # the NumPy page's own list of restricted entries
    return dict(gen_ops_doc.PARTIAL)


def python_object(name):
    """The object a dotted numpy/torch name names in the installed library, or None."""
    with warnings.catch_warnings():  # np.int0, numpy.matlib: deprecated names warn when read
        warnings.simplefilter("ignore")
        return _python_object(name)


def _python_object(name):
    parts = name.split(".")
    try:
        obj = importlib.import_module(parts[0])
    except ImportError:
        return None
    for i, p in enumerate(parts[1:], 1):
        if hasattr(obj, p):
            obj = getattr(obj, p)
            continue
        try:
            obj = importlib.import_module(".".join(parts[:i + 1]))
        except ImportError:
            return None
    return obj


def run_probes():
    """name -> (compiled, message) for every probe of scripts/coverage_probes.py."""
    import coverage_probes
    from muna import emit, frontend, passes
    from muna.diagnostics import CompileError
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "coverage_probes_program.py")
        with open(path, "w") as f:
            f.write(coverage_probes.render())
        for name in coverage_probes.names():
            try:
                program = passes.lower(frontend.build_program(path, [coverage_probes.probe_name(name)]))
                emit.emit_program(program, os.path.join(tmp, "probe.weights.bin"))
                results[name] = (True, "")
            except CompileError as e:
                results[name] = (False, e.message if hasattr(e, "message") else str(e))
            except Exception as e:  # a muna bug is a missing name here, and says which
                results[name] = (False, f"internal error: {type(e).__name__}: {e}")
    return results


def short(message: str) -> str:
    """A diagnostic's text without its location, to one line, for a table cell."""
    text = message.strip().splitlines()[0] if message.strip() else ""
    if ": error: " in text:
        text = text.split(": error: ", 1)[1]
    text = text.replace("|", "\\|")
    return text if len(text) <= 110 else text[:107] + "..."


def status_of(name, kind, registry, partial, probes):
    """('supported' | 'partial' | 'missing', note)."""
    def judged(op_name, via=""):
        if op_name in partial:
            return "partial", (via + "; " if via else "") + partial[op_name]
        return "supported", via

    if name in registry.ops:
        return judged(name)
    if kind in ("method", "property"):
        cls, member = name.rsplit(".", 1)
        op = registry.methods.get((cls, member))
        if op:
            return judged(op, f"as {op}")
    if name in probes:
        ok, message = probes[name]
        return ("supported", "") if ok else ("missing", short(message))
    obj = python_object(name)
    if obj is None:
        lib = name.split(".")[0]
        return "missing", f"not in {'NumPy 1.24' if lib == 'numpy' else 'torch 1.13'} (the oracle muna tests against)"
    alias = registry.lookup_object(obj)
    if alias:
        return judged(alias, f"as {alias}")
    if kind == "module":
        return "missing", "no probe yet (scripts/coverage_probes.py)"
    return "missing", ""


def rows_for(lib, registry, partial, probes):
    out = []
    for r in read_tsv(os.path.join(DATA, f"{lib}.tsv")):
        status, note = status_of(r["name"], r["kind"], registry, partial, probes)
        out.append({**r, "status": status, "note": note})
    return out


def render(registry, probes) -> str:
    partial = {**numpy_partial(), **TORCH_PARTIAL}
    tables = {lib: rows_for(lib, registry, partial, probes) for lib in ("numpy", "torch")}
    stats = json.load(open(os.path.join(DATA, "stats.json")))
    sources = read_tsv(os.path.join(DATA, "sources.tsv"))
    check = read_tsv(os.path.join(DATA, "attribution_check.tsv"))

    def headline(lib):
        top = tables[lib][:TOP[lib]]
        n = {s: sum(1 for r in top if r["status"] == s) for s in ("supported", "partial", "missing")}
        return n, len(top)

    lines = [
        "# NumPy and PyTorch coverage",
        "",
        "Generated by `scripts/gen_coverage_doc.py` from the ranked lists in `docs/coverage/` and the",
        "registry; do not edit by hand. `tests/test_coverage_doc.py` fails when this page is not what",
        "the script writes now, so adding an op means regenerating it:",
        "`/usr/bin/python3 scripts/gen_coverage_doc.py`.",
        "",
    ]
    for lib in ("numpy", "torch"):
        n, total = headline(lib)
        lines.append(f"**{LIBRARY[lib]}: muna supports {n['supported']} of the {total} names inference "
                     f"code uses most** ({n['partial']} more partially, {n['missing']} missing).")
        lines.append("")
    lines += method_section(stats, sources, check, tables)
    for lib in ("numpy", "torch"):
        missing = [r for r in tables[lib] if r["status"] == "missing"][:WORK_LIST]
        lines += [f"## {LIBRARY[lib]}: the {len(missing)} most used missing names", "",
                  "The work list, most used first (rank in the full list, uses).", "",
                  ", ".join(f"`{r['name']}` ({r['rank']}, {r['count']})" for r in missing), ""]
    for lib in ("numpy", "torch"):
        lines += [f"## {LIBRARY[lib]}: the top {TOP[lib]}", "",
                  f"The full list ({len(tables[lib])} names) is `docs/coverage/{lib}.tsv`; uses by "
                  "repository are in `docs/coverage/by_repo.tsv`.", "",
                  "| rank | name | kind | uses | repos | muna |", "|---|---|---|---|---|---|"]
        for r in tables[lib][:TOP[lib]]:
            cell = r["status"] + (f": {r['note']}" if r["note"] else "")
            lines.append(f"| {r['rank']} | `{r['name']}` | {r['kind']} | {r['count']} | {r['repos']} | {cell} |")
        lines.append("")
    lines += ["## Sources", "",
              "Each repository read at the commit shown (or the Debian 12 package, for three whose",
              "repositories are over the fetch size limit); lines are those of the files counted.", "",
              "| repository | commit / version | files | lines | what is counted |", "|---|---|---|---|---|"]
    for s in sources:
        commit = s["commit_or_version"]
        commit = commit[:12] if len(commit) == 40 else commit
        note = f" ({s['note']})" if s["note"] else ""
        lines.append(f"| {s['repo']} | `{commit}` | {s['files']} | {int(s['lines']):,} | {s['what']}{note} |")
    lines.append("")
    return "\n".join(lines)


def method_section(stats, sources, check, tables):
    rec = stats["member_receivers"]
    att = stats["attribution"]
    members = sum(v for k, v in att.items() if k.startswith(("method/", "property/")))
    fallback = sum(v for k, v in att.items() if k.endswith("/fallback"))
    agree = rec.get("torch_fallback_agrees", 0) + rec.get("numpy_fallback_agrees", 0)
    disagree = rec.get("torch_fallback_disagrees", 0) + rec.get("numpy_fallback_disagrees", 0)
    judged = {how: [r for r in check if r["how"] == how and r["verdict"] in ("right", "wrong")]
              for how in ("fallback", "inferred")}
    right = {how: sum(1 for r in rs if r["verdict"] == "right") for how, rs in judged.items()}
    lines = [
        "## Method",
        "",
        f"**Corpus.** {stats['repositories']} public repositories of model and pipeline code, "
        f"{stats['files']:,} files, {stats['lines']:,} lines (table at the end): Hugging Face "
        "transformers (modeling, image and feature processing, pipelines, generation), diffusers, "
        "sentence-transformers, text-generation-inference, timm, torchvision, torchaudio, whisper and "
        "faster-whisper, ultralytics, YOLOv5/v7, detectron2, SAM and SAM 2, CLIP and open_clip, "
        "llama.cpp's conversion scripts, reference Llama/Mistral/nanoGPT/litgpt code, speech "
        "(speechbrain, pyannote, coqui TTS, silero-vad), scikit-learn, scikit-image, librosa, and "
        "NumPy-heavy ONNX/OpenVINO inference code (open_model_zoo demos, opencv_zoo, RapidOCR, "
        "insightface, onnxruntime-inference-examples, EasyOCR). Tests, docs and setup files are not "
        "counted; notebooks' code cells are.",
        "",
        "**Counting** (`scripts/count_api_usage.py`, re-run it with the mirrors in place). Each file "
        "is parsed with Python's `ast` (no regular expressions over text). Library names are resolved "
        "through the file's own imports, whatever the alias: `np.`, `numpy.`, `import numpy as onp`, "
        "`from numpy import zeros`, `torch.`, `import torch.nn.functional as F`, `from torch import "
        "nn`, `from torch.nn.modules.conv import Conv2d` all lead to the imported object, and a use "
        "is reported under the object's public name (`torch.nn.Conv2d`; `torch.einsum` for "
        "`torch.functional.einsum`); `jnp`, `tf`, `cupy` are other libraries and not counted. A "
        "function or class counts where it is called; a function or nn.Module class also where it is "
        "passed as a value (`act_layer=nn.GELU`). dtypes and constants (`np.float32` as a dtype, "
        "`torch.long`, `np.pi`) are not counted; `np.float32(x)` is. Infrastructure outside any "
        "compiled function is left out: `torch.cuda`, `torch.distributed`, `torch.jit`, "
        "`torch.utils`, autograd, optimizers, `nn.init`, losses, `torch.load`/`save`, `np.load`/"
        "`save`, printing options, random-initialisation methods (`normal_`, `uniform_`).",
        "",
        "**Methods and properties.** `recv.m(...)` counts as an ndarray or Tensor method only when "
        "`m` is a public method of the installed `np.ndarray` / `torch.Tensor` (NumPy 1.24, torch "
        "1.13), and `recv.p` as a property likewise (`.shape`, `.T`, `.dtype`). Which library: where "
        "the code shows what `recv` holds, that decides (*inferred*): a variable assigned from a "
        "NumPy or torch call, an array method, arithmetic or indexing on one; a parameter annotated "
        "`torch.Tensor`/`np.ndarray`; the inputs of `forward` and the outputs of `self.layer(...)` in "
        "an nn.Module subclass; `cv2` results are ndarrays; `x.numpy()` is NumPy. A receiver known "
        "not to be an array (a string, list, dict, module alias, `self`, an nn.Module, an instance of "
        "a class, `SomeModel(...)`, a variable named like a model or pipeline, `unet`, `vae`, "
        "`text_encoder`) is not counted. Otherwise (*fallback*) the file decides: a "
        "file importing only torch gives a Tensor method, only NumPy an ndarray method; in a file "
        "importing both, a name only one class has goes to it, else an nn.Module class's code goes to "
        "torch, else the library the enclosing function names more often; a file that also imports "
        "jax, TensorFlow, CuPy or Paddle has no fallback (its unknown receivers may be their "
        "arrays: transformers' TF and Flax files import NumPy). Names that other objects "
        "share too often (`split`, `copy`, `sort`, `add`, `values`, `data`, `name`, `resize`, ...) "
        "are counted only when inferred, so their counts are lower bounds.",
        "",
        f"**Its error.** Of {members:,} member uses counted, {fallback:,} "
        f"({100 * fallback / max(members, 1):.0f}%) are fallback attributions. Where the receiver was "
        f"inferred, the fallback rule would have named the same library {agree:,} times out of "
        f"{agree + disagree:,} ({100 * agree / max(agree + disagree, 1):.1f}%): the library choice is "
        "rarely wrong. The larger error is a receiver that is no array at all (an nn.Module's `.to()`, "
        "a pipeline's `.dtype`, a tokenizer output's `.to()`): a hand check of a random sample "
        "(`docs/coverage/attribution_check.tsv`, seed 0; each row names the file and line at the "
        "commit of the sources table, and why a wrong one is wrong) found "
        f"{right['fallback']} of {len(judged['fallback'])} fallback attributions right "
        f"({100 * right['fallback'] / max(len(judged['fallback']), 1):.0f}%) and "
        f"{right['inferred']} of {len(judged['inferred'])} inferred ones "
        f"({100 * right['inferred'] / max(len(judged['inferred']), 1):.0f}%). The TSVs' "
        "`inferred_share` column gives, per member, the share of its uses that were inferred.",
        "",
        f"**Copies.** Identical functions are counted once: each top-level function and method is "
        f"hashed (its ast), and a body seen before in the corpus adds to `raw_count` only "
        f"(transformers' and diffusers' \"Copied from\" code, yolov7's copy of yolov5). "
        f"{stats['uses_distinct']:,} distinct uses of {stats['uses_raw']:,} in all. Lists are "
        "ranked by `count` (distinct uses), then by repositories.",
        "",
        "**Status** (from the registry now, so this page follows it): *supported* — the name is a "
        "registry entry (`numpy.mean`, `torch.Tensor.view`, `torch.nn.functional.gelu`), or an alias "
        "the registry knows by its object (`numpy.round_` is `numpy.around`); *partial* — an entry "
        "with a documented restriction (NumPy: `scripts/gen_ops_doc.py`'s list; torch: the "
        "restrictions listed in this script); *missing* — neither. torch.nn modules are not registry "
        "entries: muna compiles their own `forward`, so a module is supported when a program using it "
        "in a common configuration compiles (the probes in `scripts/coverage_probes.py`, also checked "
        "against torch by `tests/test_coverage_doc.py`); a missing module's cell says what stopped it. "
        "Names torch 1.13 lacks (`F.scaled_dot_product_attention`, newer than the torch muna tests "
        "against) are missing. Operators (`+`, `@`, `x[i]`) are not in these lists: they are counted "
        "by no name here and docs/ops.md covers them.",
        "",
    ]
    return lines


def main():
    import muna.frontend  # noqa: F401  (registers every op)
    from muna.registry import REGISTRY
    text = render(REGISTRY, run_probes())
    if "--check" in sys.argv:
        current = open(OUT).read() if os.path.exists(OUT) else ""
        sys.exit(0 if current == text else 1)
    with open(OUT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
