"""The one form text is indexed, shown and searched in.

PDFs often store "difficult" as "di" + the ligature "ﬃ" + "cult", break words with soft hyphens,
and Asian documents write Latin letters and digits full-width ("ＰＤＦ２０２４"): the same word
then has several spellings and a search for one misses the others. :func:`normal_form` is applied
once when a document is read (so passages are stored, indexed and quoted in it) and to every
query, so both sides always meet.

It is Unicode NFKC (ligatures, full-width and other compatibility forms, composed accents), minus
the soft hyphen and invisible zero-width characters, with two exceptions kept as written because
they are how Chinese text is meant to look and never part of a word: full-width punctuation
(，！：（）…) and the ideographic space.
"""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE = re.compile("[\u00ad\u200b\u2060\ufeff]")  # soft hyphen, zero-width space, word joiner, BOM
# Full-width punctuation (U+FF01–FF0F, FF1A–FF20, FF3B–FF40, FF5B–FF65) and the ideographic space.
_KEPT_RANGES = ((0xFF01, 0xFF0F), (0xFF1A, 0xFF20), (0xFF3B, 0xFF40), (0xFF5B, 0xFF65))
_KEPT = frozenset([chr(c) for low, high in _KEPT_RANGES for c in range(low, high + 1)] + ["\u3000"])


def normal_form(text: str) -> str:
    """``text`` in the form Mira indexes, shows and searches (idempotent)."""
    text = _INVISIBLE.sub("", text)
    if text.isascii():
        return text
    if not any(char in _KEPT for char in text):
        return unicodedata.normalize("NFKC", text)
    return "".join(
        piece if piece in _KEPT else unicodedata.normalize("NFKC", piece) for piece in _pieces(text)
    )


def _pieces(text: str) -> list[str]:
    """``text`` cut before and after each kept character, so NFKC still sees whole runs between
    them (it composes a letter with the accents that follow it)."""
    pieces: list[str] = []
    run: list[str] = []
    for char in text:
        if char in _KEPT:
            if run:
                pieces.append("".join(run))
                run = []
            pieces.append(char)
        else:
            run.append(char)
    if run:
        pieces.append("".join(run))
    return pieces
