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
    return [piece for piece, _ in split_counted(text, budget, count)]


def split_counted(text: str, budget: int, count: TokenCounter) -> list[tuple[str, int]]:
    """:func:`split_by_tokens` with each piece's tokens (the sum of its words' counts).

    ``count`` is called once per word: give it a :class:`WordCounts` when many texts are cut."""
    pieces: list[tuple[str, int]] = []
    current = ""
    current_tokens = 0
    for match in _WORD_OR_CJK.finditer(text):
        word = match.group(0)
        tokens = count(word)
        if current and current_tokens + tokens > budget:
            pieces.append((current, current_tokens))
            current, current_tokens = "", 0
        current += word
        current_tokens += tokens
    if current.strip():
        pieces.append((current, current_tokens))
    return pieces


def surely_over(text: str, budget: int) -> bool:
    """True when ``text`` has more words (CJK characters counted one by one) than ``budget``: a
    tokenizer gives each at least one token, so the text is over without being counted."""
    if len(text) <= budget:
        return False
    return sum(1 for _ in _WORD_OR_CJK.finditer(text)) > budget


class WordCounts:
    """``count`` remembered per word: a long text without full stops is cut word by word, and its
    words repeat (a tokenizer call per word made 2,500 such paragraphs take 16 s to chunk)."""

    def __init__(self, count: TokenCounter, limit: int = 200_000) -> None:
        self._count = count
        self._known: dict[str, int] = {}
        self._limit = limit

    def __call__(self, word: str) -> int:
        tokens = self._known.get(word)
        if tokens is None:
            tokens = self._count(word)
            if len(self._known) < self._limit:
                self._known[word] = tokens
        return tokens
