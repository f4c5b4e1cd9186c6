# Harvested unchanged from https://github.com/abetlen/llama-cpp-python/blob/3691546f1c9e0c1bf93323dff02230bd959cf562/llama_cpp/llama_chat_format.py
# function: _format_chatml
# licence: MIT (the repository's LICENSE at that commit)
# changes: none
# Copyright (c) 2023 Andrei Betlen
from typing import (
    Any,
    Dict,
    Iterator,
    List,
    Literal,
    Optional,
    Tuple,
    Union,
    Protocol,
    cast,
)


def _format_chatml(
    system_message: str, messages: List[Tuple[str, Optional[str]]], sep: str
) -> str:
    """Format the prompt with the chatml style."""
    ret = "" if system_message == "" else system_message + sep + "\n"
    for role, message in messages:
        if message:
            ret += role + "\n" + message + sep + "\n"
        else:
            ret += role + "\n"
    return ret


EXPORT = "_format_chatml"
CASES = [
    ("<|im_start|>system\nYou are a helpful assistant.", [("<|im_start|>user", "Hi"), ("<|im_start|>assistant", "Hello!"), ("<|im_start|>user", "Summarise RLHF."), ("<|im_start|>assistant", None)], "<|im_end|>"),
    ("", [("<|im_start|>user", "ping"), ("<|im_start|>assistant", None)], "<|im_end|>"),
    ("<|im_start|>system\nBe terse.", [], "<|im_end|>"),
]
