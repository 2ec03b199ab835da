"""The names GGUF files are published under: a model split into parts by llama.cpp's ``gguf-split``
is ``STEM-0000K-of-0000N.gguf``, and every place that lists, downloads or names a model reads a part's
name through this module (the Hub listing, the downloads, a local model's display name)."""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPLIT = re.compile(r"^(?P<stem>.+)-(?P<part>\d{5})-of-(?P<parts>\d{5})\.gguf$", re.IGNORECASE)


@dataclass(frozen=True)
class SplitName:
    """What a split model's file name says: ``STEM-0000K-of-0000N.gguf`` is part K of N of STEM."""

    stem: str  # the path without the part suffix: the same for every part of one model
    part: int
    parts: int


def split_name(path: str) -> SplitName | None:
    """The split a file's path names (llama.cpp's ``gguf-split`` naming), or None for a whole file."""
    found = _SPLIT.match(path)
    if found is None or not 1 <= int(found["part"]) <= int(found["parts"]):
        return None
    return SplitName(found["stem"], int(found["part"]), int(found["parts"]))


def model_name(path: str) -> str:
    """The name of the model a file holds: its own name, or for a part of a split model the name
    without the part suffix (``qwen2.5-7b-instruct-q4_k_m.gguf``), the same for every part."""
    split = split_name(path)
    return (split.stem + ".gguf" if split else path).rsplit("/", 1)[-1]
