"""Annotation aliases the torch case modules share: NumPy array types with the dtype (and, where
an op needs it, the rank) that the compiled functions take and return."""
import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
B = npt.NDArray[np.bool_]
V1 = np.ndarray[tuple[int], np.dtype[np.float32]]
M2 = np.ndarray[tuple[int, int], np.dtype[np.float32]]
M3 = np.ndarray[tuple[int, int, int], np.dtype[np.float32]]
M4 = np.ndarray[tuple[int, int, int, int], np.dtype[np.float32]]
D2 = np.ndarray[tuple[int, int], np.dtype[np.float64]]
IV = np.ndarray[tuple[int], np.dtype[np.int64]]
IM2 = np.ndarray[tuple[int, int], np.dtype[np.int64]]
I32M2 = np.ndarray[tuple[int, int], np.dtype[np.int32]]
I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
U8 = npt.NDArray[np.uint8]
I8M2 = np.ndarray[tuple[int, int], np.dtype[np.int8]]
I16M2 = np.ndarray[tuple[int, int], np.dtype[np.int16]]
U8M2 = np.ndarray[tuple[int, int], np.dtype[np.uint8]]
BM2 = np.ndarray[tuple[int, int], np.dtype[np.bool_]]
