"""numpy.frombuffer, ndarray.tobytes and torch.frombuffer against NumPy and torch: every dtype,
count and offset, the errors, and round trips with struct and hashlib."""
import hashlib
import struct

import numpy as np
import numpy.typing as npt
import torch


def frombuffer_u8(b: bytes) -> npt.NDArray[np.uint8]:
    return np.frombuffer(b, dtype=np.uint8)


def frombuffer_dtypes(b: bytes) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int32],
                                         npt.NDArray[np.float32], npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    return (np.frombuffer(b, dtype=np.int8), np.frombuffer(b, dtype=np.int16), np.frombuffer(b, dtype=np.int32),
            np.frombuffer(b, dtype=np.float32), np.frombuffer(b, dtype=np.float64), np.frombuffer(b, dtype=np.int64))


def frombuffer_default(b: bytes) -> npt.NDArray[np.float64]:
    return np.frombuffer(b)


def frombuffer_bool(b: bytes) -> npt.NDArray[np.bool_]:
    return np.frombuffer(b, dtype=np.bool_)


def frombuffer_window(b: bytes, count: int, offset: int) -> npt.NDArray[np.int16]:
    return np.frombuffer(b, dtype=np.int16, count=count, offset=offset)


def frombuffer_bytearray(b: bytearray) -> np.ndarray:
    return np.frombuffer(b, dtype="float32") * 2


def frombuffer_readonly(b: bytes) -> npt.NDArray[np.uint8]:
    a = np.frombuffer(b, dtype=np.uint8)
    a[0] = 1
    return a


def tobytes(a: npt.NDArray[np.float32]) -> bytes:
    return a.tobytes()


def tobytes_int(a: npt.NDArray[np.int64]) -> tuple[bytes, bytes]:
    return (a.tobytes(), a[::-1].tobytes())


def tobytes_view(a: npt.NDArray[np.int16]) -> bytes:
    return a.T.tobytes()


def roundtrip(a: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.frombuffer(a.tobytes(), dtype=np.float64)


def digest_of_array(a: npt.NDArray[np.float32]) -> str:
    return hashlib.sha256(a.tobytes()).hexdigest()


def struct_header(a: npt.NDArray[np.float32]) -> bytes:
    return struct.pack("<II", a.shape[0], a.shape[1]) + a.tobytes()


def torch_frombuffer(b: bytes) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # A torch.Tensor result is float32: the integer tensors are converted to be returned.
    return (torch.frombuffer(b, dtype=torch.uint8).float(), (torch.frombuffer(b, dtype=torch.int16) + 1).float(),
            torch.frombuffer(b, dtype=torch.float32))


def torch_window(b: bytearray, count: int, offset: int) -> torch.Tensor:
    return torch.frombuffer(b, dtype=torch.int16, count=count, offset=offset).float()


CASES = {
    "frombuffer_u8": [(b"",), (b"\x00\xff\x80",), (bytes(range(256)),)],
    "frombuffer_dtypes": [(bytes(range(8)),), (b"",), (bytes(range(24)),), (bytes(range(7)),)],
    "frombuffer_default": [(struct.pack("<2d", 1.5, -2.0),), (b"abc",)],
    "frombuffer_bool": [(b"\x00\x01",), (b"",)],
    "frombuffer_window": [(bytes(range(8)), c, o) for c in (-1, 0, 1, 3, 4) for o in (0, 1, 2, 8, 9, -1)],
    "frombuffer_bytearray": [(bytearray(struct.pack("<2f", 1.5, 3.0)),), (bytearray(3),)],
    "frombuffer_readonly": [(b"abc",), (b"",)],
    "tobytes": [(np.array([1.5, -0.0, np.nan], np.float32),), (np.zeros((2, 3), np.float32),), (np.zeros(0, np.float32),)],
    "tobytes_int": [(np.array([1, -1, 2**40], np.int64),), (np.array([], np.int64),)],
    "tobytes_view": [(np.arange(6, dtype=np.int16).reshape(2, 3),), (np.arange(4, dtype=np.int16),)],
    "roundtrip": [(np.array([0.1, 1e300, -np.inf]),), (np.array([]),)],
    "digest_of_array": [(np.arange(10, dtype=np.float32),), (np.zeros(0, np.float32),)],
    "struct_header": [(np.ones((2, 2), np.float32),), (np.zeros((0, 3), np.float32),)],
    "torch_frombuffer": [(bytes(range(8)),), (b"",), (bytes(range(6)),)],
    "torch_window": [(bytearray(range(8)), c, o) for c in (-1, 0, 1, 2, 4, 5) for o in (0, 1, 2, 7, 8, -1)],
}
