"""Which script a text is mostly written in: enough to pick Chinese or English scaffolding."""

from __future__ import annotations

import re

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def mostly_cjk(text: str, share: float = 0.3) -> bool:
    """True when at least ``share`` of the letters and digits are Chinese, Japanese or Korean."""
    letters = sum(1 for c in text if c.isalnum())
    return bool(letters) and len(_CJK.findall(text)) >= share * letters
