# Harvested unchanged from https://github.com/abetlen/llama-cpp-python/blob/3691546f1c9e0c1bf93323dff02230bd959cf562/llama_cpp/llama_chat_format.py
# function: _format_llama2
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


def _format_llama2(
    system_message: str, messages: List[Tuple[str, Optional[str]]], sep: str, sep2: str
) -> str:
    """Format the prompt with the llama2 style."""
    seps = [sep, sep2]
    ret = system_message + sep
    for i, (role, message) in enumerate(messages):
        if system_message and i == 0:
            m = message or ""
            ret += m + seps[i % 2]
        elif message:
            ret += role + message + " " + seps[i % 2]
        else:
            ret += role + " "
    return ret


EXPORT = "_format_llama2"
_sys = "<s>[INST] <<SYS>>\nYou are a helpful assistant.\n<</SYS>>"
CASES = [
    (_sys, [("<s>[INST]", "Hi there"), ("[/INST]", "Hello! How can I help?"), ("<s>[INST]", "Tell me a joke."), ("[/INST]", None)], " ", "</s>"),
    ("", [("<s>[INST]", "What is 2+2?"), ("[/INST]", None)], " ", "</s>"),
    (_sys, [("<s>[INST]", None)], " ", "</s>"),
]
