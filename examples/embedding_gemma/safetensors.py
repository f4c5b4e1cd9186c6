"""A small reader and writer for the safetensors format, with no dependency beyond numpy and torch.

The `safetensors` package cannot be installed here (no PyPI), and the format is simple enough to
own: an unsigned 64-bit little-endian header length N, N bytes of UTF-8 JSON mapping each tensor
name to {"dtype", "shape", "data_offsets": [begin, end]} (offsets relative to the end of the
header) plus an optional "__metadata__" dict of strings, then the raw little-endian tensor bytes.

Reading maps the file copy-on-write, so tensors are views of pages the OS loads on first touch
(the 805 MB embedding table of EmbeddingGemma is never read whole) and torch can treat them as
writable without copying or warning.
"""

import json
import mmap
import struct
from pathlib import Path
from typing import Dict, Optional, Union

import numpy as np
import torch

# safetensors dtype name -> (numpy dtype used to view the bytes, torch dtype of the result).
# BF16 has no numpy dtype: its bytes are viewed as int16 and reinterpreted by torch.
_DTYPES = {
    "F64": (np.float64, torch.float64),
    "F32": (np.float32, torch.float32),
    "F16": (np.float16, torch.float16),
    "BF16": (np.int16, torch.bfloat16),
    "I64": (np.int64, torch.int64),
    "I32": (np.int32, torch.int32),
    "I16": (np.int16, torch.int16),
    "I8": (np.int8, torch.int8),
    "U8": (np.uint8, torch.uint8),
    "BOOL": (np.bool_, torch.bool),
}
_NAMES = {torch_dtype: name for name, (_, torch_dtype) in _DTYPES.items()}

# The reference implementation refuses headers above 100 MB; a larger value means a corrupt or
# foreign file, and refusing early avoids trying to parse gigabytes of tensor data as JSON.
_MAX_HEADER = 100 * 1024 * 1024

PathLike = Union[str, Path]


class SafetensorsError(ValueError):
    """A file that is not valid safetensors, or a tensor this reader cannot represent."""


def read_header(path: PathLike) -> Dict[str, dict]:
    """Returns the parsed JSON header (tensor entries and "__metadata__", if any) without
    touching the tensor data."""
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        f.seek(0)
        header, _ = _parse_header(f.read(min(size, 8 + _MAX_HEADER)), size, path)
    return header


def load_file(path: PathLike) -> Dict[str, torch.Tensor]:
    """Loads every tensor of a .safetensors file, keeping its stored dtype (BF16 stays
    torch.bfloat16). Tensors share copy-on-write pages of one mapping of the file."""
    with open(path, "rb") as f:
        size = f.seek(0, 2)
        if size < 8:
            raise SafetensorsError(f"{path}: {size} bytes is too short for a safetensors file")
        mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
    header, data_start = _parse_header(mapped, size, path)
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        tensors[name] = _tensor(mapped, data_start, name, entry, size - data_start, path)
    return tensors


def save_file(tensors: Dict[str, torch.Tensor], path: PathLike,
              metadata: Optional[Dict[str, str]] = None) -> None:
    """Writes tensors in the layout the reference writer uses: larger element sizes first (so
    each tensor starts aligned to its element size), then by name, with the header padded by
    spaces so the data starts on an 8-byte boundary."""
    order = sorted(tensors, key=lambda n: (-tensors[n].element_size(), n))
    header: Dict[str, dict] = {}
    if metadata is not None:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    blobs = []
    offset = 0
    for name in order:
        tensor = tensors[name].detach().cpu().contiguous()
        if tensor.dtype not in _NAMES:
            raise SafetensorsError(f"tensor {name!r}: dtype {tensor.dtype} is not supported")
        # bfloat16 has no numpy equivalent: write its raw 16-bit patterns.
        raw = tensor.view(torch.int16) if tensor.dtype == torch.bfloat16 else tensor
        blob = raw.numpy().tobytes()
        header[name] = {"dtype": _NAMES[tensor.dtype], "shape": list(tensor.shape),
                        "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-(8 + len(text)) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for blob in blobs:
            f.write(blob)


def _parse_header(buffer, file_size: int, path: PathLike):
    """Validates the length prefix and JSON header; returns (header dict, data start)."""
    if file_size < 8:
        raise SafetensorsError(f"{path}: {file_size} bytes is too short for a safetensors file")
    (length,) = struct.unpack("<Q", bytes(buffer[:8]))
    if length > _MAX_HEADER or 8 + length > file_size:
        raise SafetensorsError(f"{path}: header length {length} does not fit in a file of "
                               f"{file_size} bytes")
    try:
        header = json.loads(bytes(buffer[8:8 + length]).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SafetensorsError(f"{path}: header is not UTF-8 JSON ({exc})") from None
    if not isinstance(header, dict):
        raise SafetensorsError(f"{path}: header is not a JSON object")
    return header, 8 + length


def _tensor(mapped, data_start: int, name: str, entry, data_size: int,
            path: PathLike) -> torch.Tensor:
    """Builds one tensor over the mapping after checking its entry against the data size."""
    where = f"{path}: tensor {name!r}"
    if not isinstance(entry, dict) or not {"dtype", "shape", "data_offsets"} <= entry.keys():
        raise SafetensorsError(f"{where}: entry needs dtype, shape and data_offsets")
    if entry["dtype"] not in _DTYPES:
        raise SafetensorsError(f"{where}: dtype {entry['dtype']!r} is not supported")
    np_dtype, torch_dtype = _DTYPES[entry["dtype"]]
    shape = entry["shape"]
    offsets = entry["data_offsets"]
    if not (isinstance(shape, list) and all(isinstance(d, int) and d >= 0 for d in shape)):
        raise SafetensorsError(f"{where}: bad shape {shape!r}")
    if not (isinstance(offsets, list) and len(offsets) == 2
            and all(isinstance(o, int) for o in offsets) and 0 <= offsets[0] <= offsets[1]):
        raise SafetensorsError(f"{where}: bad data_offsets {offsets!r}")
    if offsets[1] > data_size:
        raise SafetensorsError(f"{where}: data_offsets {offsets} run past the end of the file")
    count = int(np.prod(shape, dtype=np.int64))
    itemsize = np.dtype(np_dtype).itemsize
    if offsets[1] - offsets[0] != count * itemsize:
        raise SafetensorsError(f"{where}: {offsets[1] - offsets[0]} bytes for shape {shape} "
                               f"of {entry['dtype']} (expected {count * itemsize})")
    array = np.frombuffer(mapped, dtype=np_dtype, count=count,
                          offset=data_start + offsets[0])
    # Files from other writers may place a tensor at an offset that is not a multiple of its
    # element size; torch needs aligned storage, so such a tensor is copied instead of mapped.
    if array.ctypes.data % itemsize != 0:
        array = array.copy()
    tensor = torch.from_numpy(array).reshape(shape)
    if torch_dtype == torch.bfloat16:
        tensor = tensor.view(torch.bfloat16)
    return tensor
