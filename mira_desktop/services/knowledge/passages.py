"""Fitting retrieved passages into a model's window: fewer or shorter passages, never an overflow.

The passages of a RAG request are the part that grows with the knowledge base, and in Chinese a
1,200-character quote costs SmolLM2 about as many tokens as a 5,000-character English one: five of
them overflowed its 4,096-token window. :func:`fit_passages` takes the passages best first, each
as its best-matching quote, until the token budget is spent; the first that does not fit whole is
cut to the room left (around the part that matches the question), and the rest are dropped.
Tokens are counted with the answering model's own tokenizer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mira_desktop.core.cjk import han_pattern

TokenCounter = Callable[[str], int]
MIN_QUOTE_TOKENS = 48  # a passage cut shorter than this says too little to be worth its header
_SENTENCE_START = re.compile(r"(?<=[.!?。！？；\n])\s*")
_QUERY_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class FittedPassage:
    index: int  # into the passages given
    quote: str
    tokens: int  # of the header and the quote as they are sent
    shortened: bool


def fit_passages(
    headers: Sequence[str],
    texts: Sequence[str],
    query: str,
    budget: int,
    count: TokenCounter,
    *,
    quote_chars: int = 1200,
    separator: str = "\n\n",
) -> list[FittedPassage]:
    """The passages (``header`` + newline + quote) that fit in ``budget`` tokens, best first."""
    fitted: list[FittedPassage] = []
    remaining = budget
    sep = count(separator) if separator else 0
    for index, (header, text) in enumerate(zip(headers, texts, strict=True)):
        quote = best_quote(text, query, quote_chars)
        head = count(header + "\n") + sep
        tokens = head + count(quote)
        if tokens <= remaining:
            fitted.append(FittedPassage(index, quote, tokens, len(quote) < len(text)))
            remaining -= tokens
            continue
        room = remaining - head
        if room >= MIN_QUOTE_TOKENS:
            quote = shorten(text, query, room, count)
            if quote:
                tokens = head + count(quote)
                fitted.append(FittedPassage(index, quote, tokens, True))
        break
    return fitted


def shorten(text: str, query: str, tokens: int, count: TokenCounter) -> str:
    """The best-matching part of ``text`` that costs at most ``tokens`` tokens ("" if none does)."""
    total = max(count(text), 1)
    chars = max(1, int(len(text) * tokens / total * 0.95))
    while chars >= 8:
        quote = best_quote(text, query, chars)
        if count(quote) <= tokens:
            return quote
        chars = int(chars * 0.8)
    return ""


def best_quote(text: str, query: str, limit: int) -> str:
    """The part of ``text`` (at most ``limit`` characters) that shares the most words with ``query``.

    A passage merged from sibling chunks can be long; the quote shown under the answer should be the
    part that matched, not the passage's first lines. Windows start at sentence starts; Chinese
    queries count their characters' pairs, since Chinese has no spaces.
    """
    if len(text) <= limit:
        return text
    terms = _query_terms(query)
    starts = [0] + [m.end() for m in _SENTENCE_START.finditer(text) if 0 < m.end() < len(text)]
    best_start, best_score = 0, -1
    for start in dict.fromkeys(starts):
        window = text[start : start + limit].lower()
        score = sum(window.count(term) for term in terms)
        if score > best_score:
            best_start, best_score = start, score
    return text[best_start : best_start + limit].strip()


def _query_terms(query: str) -> set[str]:
    words = {w for w in _QUERY_WORD.findall(query.lower()) if len(w) > 2 or not w.isascii()}
    terms = {w for w in words if not han_pattern().search(w)}
    for word in words - terms:  # a run of Chinese characters: its character pairs
        terms |= {word[i : i + 2] for i in range(len(word) - 1)} or {word}
    return terms
