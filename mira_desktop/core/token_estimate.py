"""Counting tokens without a tokenizer, for previews when no model is loaded."""

from __future__ import annotations

import math
import re

_WIDE_CHARACTER = re.compile(
    r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]"
)


def estimate_tokens(text: str) -> int:
    """One token per CJK character, one per four UTF-8 bytes of the rest.

    BPE vocabularies average about four bytes a token on English text and about one a character on
    Chinese, Japanese and Korean text (the same estimate the remote adapter uses); it is for a
    preview and budgets with a margin, not for exact limits.
    """
    wide = len(_WIDE_CHARACTER.findall(text))
    rest = len(_WIDE_CHARACTER.sub("", text).encode("utf-8"))
    return wide + math.ceil(rest / 4)
