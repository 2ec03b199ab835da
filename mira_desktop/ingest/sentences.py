"""Splitting text into sentences (English and CJK punctuation) and into token-bounded pieces."""

from __future__ import annotations

import re
from collections.abc import Callable

from mira_desktop.core.cjk import CJK_CLASS

TokenCounter = Callable[[str], int]

# After a CJK full stop/exclamation/question/semicolon (and closing quotes), or after . ! ? followed
# by a space: that is where a sentence ends.
_SENTENCE_END = re.compile(r"(?<=[。！？；!?…])[”’」』)）]*|(?<=[.!?])[\"')\]]*\s+")
_WORD_OR_CJK = re.compile(rf"[{CJK_CLASS}]|\S+\s*")


def split_sentences(text: str) -> list[str]:
    pieces: list[str] = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
        if end > start:
            pieces.append(text[start:end])
        start = end
    if start < len(text):
        pieces.append(text[start:])
    return [p for p in pieces if p.strip()]


def split_by_tokens(text: str, budget: int, count: TokenCounter) -> list[str]:
    """Cut text with no usable sentence ends into pieces of at most ``budget`` tokens, between words."""
    pieces: list[str] = []
    current = ""
    current_tokens = 0
    for match in _WORD_OR_CJK.finditer(text):
        word = match.group(0)
        tokens = count(word)
        if current and current_tokens + tokens > budget:
            pieces.append(current)
            current, current_tokens = "", 0
        current += word
        current_tokens += tokens
    if current.strip():
        pieces.append(current)
    return pieces
