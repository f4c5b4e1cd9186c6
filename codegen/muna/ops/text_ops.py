"""muna.text.Tokenizer in compiled functions: a module-level tokenizer is baked into the
library as its native table (muna.text.to_blob, read by include/muna/text/tokenizer.hpp with no
JSON parsing at load), and its methods map onto the native implementation."""
from __future__ import annotations

from ..build_ir import convert
from ..registry import REGISTRY, ObjectKind, Resolved, op
from ..types import BOOL, INT, NONE, STR, ListT, OptionalT, Str, strip_literal

KIND = "muna.text.Tokenizer"
HEADER = "muna/text/python_api.hpp"
IDS = ListT(INT)


def register():
    try:
        from ..text import Tokenizer, to_blob
    except ImportError:  # the text package is optional for the compiler itself
        return
    REGISTRY.object_kinds[Tokenizer] = ObjectKind(Tokenizer, KIND, "muna::text::Tokenizer", HEADER, to_blob)

    def method(name, params, rule):
        op(f"{KIND}.{name}", params, method_of=KIND, kind="method",
           emit=lambda args, r, _n=name: f"muna::text::python_api::{_n}({', '.join(args)})")(rule)
        REGISTRY[f"{KIND}.{name}"].header = HEADER

    def flag(b, name):
        if strip_literal(b.type(name)) != BOOL:
            b.fail(f"{name} must be a bool")
        return b.args[name]

    def texts(b):
        t = strip_literal(b.type("texts"))
        if t != ListT(STR):
            b.fail(f"encode_batch() takes a list of str, got {t}")
        return b.args["texts"]

    method("encode", "self, text, add_special_tokens=True",
           lambda b: Resolved(IDS, (b.args["self"], _str(b, "text"), flag(b, "add_special_tokens"))))

    def encode_batch(b):
        padding = b.const("padding")
        side = b.const("padding_side")
        if padding not in (False, True, "longest", "max_length"):
            b.fail("padding must be False, True, 'longest' or 'max_length'")
        if side not in ("right", "left"):
            b.fail("padding_side must be 'right' or 'left'")
        max_length = b.args["max_length"]
        if strip_literal(max_length.type) == NONE:
            from ..build_ir import const
            max_length = const(-1, b.loc)
        padding_cpp = {False: 0, True: 1, "longest": 1, "max_length": 2}[padding]
        from ..build_ir import const
        return Resolved(ListT(IDS), (b.args["self"], texts(b), flag(b, "add_special_tokens"),
                                     convert(max_length, INT), flag(b, "truncation"),
                                     const(padding_cpp, b.loc), convert(b.args["pad_id"], INT),
                                     const(side == "left", b.loc)))
    method("encode_batch", "self, texts, add_special_tokens=True, max_length=None, truncation=False, "
           "padding=False, pad_id=0, padding_side='right'", encode_batch)

    def decode(b):
        if strip_literal(b.type("ids")) != IDS:
            b.fail(f"decode() takes a list of int, got {b.type('ids')}")
        return Resolved(STR, (b.args["self"], b.args["ids"], flag(b, "skip_special_tokens")))
    method("decode", "self, ids, skip_special_tokens=False", decode)
    method("token_to_id", "self, token", lambda b: Resolved(OptionalT(INT), (b.args["self"], _str(b, "token"))))
    method("id_to_token", "self, id", lambda b: Resolved(OptionalT(STR), (b.args["self"], convert(b.args["id"], INT))))


def _str(b, name):
    if not isinstance(strip_literal(b.type(name)), Str):
        b.fail(f"{name} must be a str, got {b.type(name)}")
    return b.args[name]


register()
