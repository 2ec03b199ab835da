"""Which script a text is mostly written in: enough to pick Chinese or English scaffolding."""

from __future__ import annotations

from mira_desktop.core.cjk import cjk_pattern


def mostly_cjk(text: str, share: float = 0.3) -> bool:
    """True when at least ``share`` of the letters and digits are Chinese, Japanese or Korean."""
    letters = sum(1 for c in text if c.isalnum())
    return bool(letters) and len(cjk_pattern().findall(text)) >= share * letters
