"""The safetensors reader against files assembled byte by byte here (struct + json, not our
writer), the writer against the format's rules, and the round trip."""

import json
import struct

import numpy as np
import pytest
import torch

from safetensors import SafetensorsError, load_file, read_header, save_file


def assemble(path, entries, data, pad_to=8):
    """A safetensors file: u64 LE header length, JSON header (space padded), raw data."""
    header = json.dumps(entries).encode("utf-8")
    header += b" " * (-(8 + len(header)) % pad_to)
    path.write_bytes(struct.pack("<Q", len(header)) + header + data)
    return path


def test_reads_hand_built_file_of_every_common_dtype(tmp_path):
    f32 = struct.pack("<6f", 1.0, -2.5, 3.25, 0.0, 1e-3, -7.0)
    i64 = struct.pack("<3q", -1, 2**40, 7)
    f16 = struct.pack("<2e", 0.5, -1.5)
    # bfloat16 is the top half of a float32: 0x3F80 = 1.0, 0xC020 = -2.5, 0x4049 ~ 3.140625.
    bf16 = struct.pack("<3H", 0x3F80, 0xC020, 0x4049)
    u8 = bytes([0, 255])
    layout = [("w", "F32", [2, 3], f32), ("ids", "I64", [3], i64), ("h", "F16", [2], f16),
              ("b", "BF16", [3, 1], bf16), ("flags", "U8", [2], u8)]
    entries, data = {"__metadata__": {"format": "pt"}}, b""
    for name, dtype, shape, blob in layout:
        entries[name] = {"dtype": dtype, "shape": shape,
                         "data_offsets": [len(data), len(data) + len(blob)]}
        data += blob
    tensors = load_file(assemble(tmp_path / "a.safetensors", entries, data))
    assert set(tensors) == {"w", "ids", "h", "b", "flags"}
    assert tensors["w"].dtype == torch.float32
    assert tensors["w"].tolist() == [[1.0, -2.5, 3.25], [0.0, np.float32(1e-3), -7.0]]
    assert tensors["ids"].tolist() == [-1, 2**40, 7]
    assert tensors["h"].dtype == torch.float16 and tensors["h"].tolist() == [0.5, -1.5]
    assert tensors["b"].dtype == torch.bfloat16 and tensors["b"].shape == (3, 1)
    assert tensors["b"].float().flatten().tolist() == [1.0, -2.5, 3.140625]
    assert tensors["flags"].tolist() == [0, 255]
    assert read_header(tmp_path / "a.safetensors")["__metadata__"] == {"format": "pt"}


def test_tensor_at_a_misaligned_offset_and_empty_tensor(tmp_path):
    # Other writers may not align: 3 bytes of U8, then a float32 starting at byte 3.
    data = bytes([1, 2, 3]) + struct.pack("<2f", 4.5, -1.0)
    entries = {"u": {"dtype": "U8", "shape": [3], "data_offsets": [0, 3]},
               "x": {"dtype": "F32", "shape": [2], "data_offsets": [3, 11]},
               "none": {"dtype": "F32", "shape": [0, 4], "data_offsets": [11, 11]}}
    tensors = load_file(assemble(tmp_path / "m.safetensors", entries, data, pad_to=1))
    assert tensors["x"].tolist() == [4.5, -1.0]
    assert tensors["none"].shape == (0, 4)


@pytest.mark.parametrize("entries, data, message", [
    ({"x": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, b"\0" * 4, "past the end"),
    ({"x": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}, b"\0" * 8, "expected 12"),
    ({"x": {"dtype": "F8_E4M3", "shape": [1], "data_offsets": [0, 1]}}, b"\0", "not supported"),
    ({"x": {"dtype": "F32", "shape": [1]}}, b"\0" * 4, "needs dtype"),
    ({"x": {"dtype": "F32", "shape": [1], "data_offsets": [4, 0]}}, b"\0" * 4, "data_offsets"),
])
def test_rejects_inconsistent_entries(tmp_path, entries, data, message):
    path = assemble(tmp_path / "bad.safetensors", entries, data)
    with pytest.raises(SafetensorsError, match=message):
        load_file(path)


def test_rejects_broken_framing(tmp_path):
    short = tmp_path / "short.safetensors"
    short.write_bytes(b"\1\0\0")
    with pytest.raises(SafetensorsError, match="too short"):
        load_file(short)
    huge = tmp_path / "huge.safetensors"
    huge.write_bytes(struct.pack("<Q", 1 << 40) + b"{}")
    with pytest.raises(SafetensorsError, match="header length"):
        load_file(huge)
    not_json = tmp_path / "text.safetensors"
    not_json.write_bytes(struct.pack("<Q", 4) + b"nope")
    with pytest.raises(SafetensorsError, match="JSON"):
        load_file(not_json)


def test_writer_layout_follows_the_format(tmp_path):
    tensors = {"small": torch.tensor([1, 2], dtype=torch.int8),
               "big": torch.arange(6, dtype=torch.float64).reshape(2, 3),
               "mid": torch.tensor([1.5, -2.0], dtype=torch.bfloat16)}
    path = tmp_path / "w.safetensors"
    save_file(tensors, path, metadata={"who": "test"})
    raw = path.read_bytes()
    (length,) = struct.unpack("<Q", raw[:8])
    assert (8 + length) % 8 == 0
    header = json.loads(raw[8:8 + length])
    assert header["__metadata__"] == {"who": "test"}
    data = raw[8 + length:]
    begin, end = header["big"]["data_offsets"]
    assert struct.unpack("<6d", data[begin:end]) == (0.0, 1.0, 2.0, 3.0, 4.0, 5.0)
    begin, end = header["mid"]["data_offsets"]
    assert header["mid"]["dtype"] == "BF16"
    assert struct.unpack("<2H", data[begin:end]) == (0x3FC0, 0xC000)
    assert header["small"] == {"dtype": "I8", "shape": [2], "data_offsets": [end, end + 2]}


def test_round_trip_keeps_values_and_dtypes(tmp_path):
    generator = torch.Generator().manual_seed(3)
    tensors = {
        "f32": torch.randn(4, 5, generator=generator),
        "bf16": torch.randn(7, generator=generator).to(torch.bfloat16),
        "f16": torch.randn(2, 2, generator=generator).half(),
        "i64": torch.arange(-3, 3),
        "i32": torch.arange(5, dtype=torch.int32),
        "bool": torch.tensor([True, False, True]),
        "scalar": torch.tensor(2.5),
        "strided": torch.arange(12.0).reshape(3, 4).t(),
    }
    path = tmp_path / "rt.safetensors"
    save_file(tensors, path)
    loaded = load_file(path)
    assert set(loaded) == set(tensors)
    for name, tensor in tensors.items():
        assert loaded[name].dtype == tensor.dtype, name
        assert torch.equal(loaded[name], tensor), name
    # Loaded tensors are writable views (copy-on-write): writing must not touch the file.
    loaded["f32"].zero_()
    assert torch.equal(load_file(path)["f32"], tensors["f32"])
