"""What muna rejects around bytes and the standard library, each a `file:line:col` diagnostic at
the user's line saying what to change (built in this process, through the same frontend and
passes as `muna compile`; no C++ is built)."""
import textwrap

import pytest

from muna.diagnostics import CompileError
from muna.frontend import build_program
from muna.passes import lower

# (source of f, line, col, message fragment)
REJECT = [
    ("import struct\ndef f(fmt: str, b: bytes) -> list:\n    return list(struct.iter_unpack(fmt, b))\n", 3, 17,
     "struct.iter_unpack() needs its format as a constant str"),
    ("import struct\ndef f(fmt: str, x: list[str]) -> bytes:\n    return struct.pack(fmt, *x)\n", 3, 12,
     "struct.pack(): a list of str packed"),
    ("import struct\ndef f(x: int) -> bytes:\n    return struct.pack('<q', x, x)\n", 3, 12,
     "pack expected 1 items for packing (got 2)"),
    ("import struct\ndef f(x: float) -> bytes:\n    return struct.pack('<i', x)\n", 3, 12,
     "required argument is not an integer"),
    ("import struct\ndef f(b: bytes) -> tuple[int]:\n    return struct.unpack('<y', b)\n", 3, 12,
     "bad struct format '<y': bad char in struct format"),
    ("import struct\ndef f(b: bytes) -> tuple[int]:\n    return struct.unpack('P', b)\n", 3, 12,
     "the 'P' (pointer) format is not supported"),
    ("def f(s: str, enc: str) -> bytes:\n    return s.encode(enc)\n", 2, 12,
     "the encoding must be a str constant"),
    ("def f(s: str) -> bytes:\n    return s.encode('utf-16')\n", 2, 12,
     "the encoding 'utf-16' is not supported; muna implements 'utf-8', 'ascii' and 'latin-1'"),
    ("def f(b: bytes) -> str:\n    return b.decode('no-such-codec')\n", 2, 12, "unknown encoding: no-such-codec"),
    ("def f(s: str) -> bytes:\n    return bytes(s)\n", 2, 12, "string argument without an encoding"),
    ("def f(x: float) -> bytes:\n    return bytes(x)\n", 2, 12, "cannot convert 'float' object to bytes"),
    ("def f(b: bytes) -> bytes:\n    return b + 'x'\n", 2, 12, "unsupported operand types for add: 'bytes' and 'str'"),
    ("def f(b: bytes) -> bool:\n    return 'a' in b\n", 2, 12, "a bytes-like object is required, not 'str'"),
    ("def f(b: bytes) -> int:\n    return b['a']\n", 2, 12, "byte indices must be integers or slices, not str"),
    ("def f(b: bytes) -> bytes:\n    b[0] = 1\n    return b\n", 2, 5, "item assignment on bytes is not supported"),
    ("BUF = bytearray(b'x')\ndef f() -> bytearray:\n    return BUF\n", 3, 12, "as a value is not supported"),
    ("import hashlib\ndef f(b: bytes) -> str:\n    return hashlib.new('sha3_256', b).hexdigest()\n", 3, 12,
     "hashlib.new('sha3_256') is not supported"),
    ("import hashlib\ndef f(s: str) -> str:\n    return hashlib.sha256(s).hexdigest()\n", 3, 12,
     "encode it first"),
    ("import json\ndef f(b: bytes) -> str:\n    return json.dumps([b])\n", 3, 12,
     "Object of type bytes is not JSON serializable"),
    ("import json\ndef f(d: dict[bytes, int]) -> str:\n    return json.dumps(d)\n", 3, 12,
     "keys must be str, int, float, bool or None, not bytes"),
    ("import base64\ndef f(s: str) -> bytes:\n    return base64.b64encode(s)\n", 3, 12,
     "encode the str first"),
    ("import numpy as np\ndef f(a: np.ndarray) -> bytes:\n    return a.tobytes('F')\n", 3, 12,
     "takes only order='C'"),
]


@pytest.mark.parametrize("source,line,col,message", REJECT, ids=[r[3][:40] for r in REJECT])
def test_rejected_with_location(tmp_path, source, line, col, message):
    path = tmp_path / "user_code.py"
    path.write_text(textwrap.dedent(source))
    with pytest.raises(CompileError) as err:
        lower(build_program(str(path), "f"))
    e = err.value
    assert (e.loc.file, e.loc.line, e.loc.col) == (str(path), line, col), e.render()
    assert message in e.message, e.render()
