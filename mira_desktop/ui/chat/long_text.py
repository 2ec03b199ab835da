"""Text that wraps anywhere once a word is wider than the column.

A label's narrowest width is its longest unbreakable word: a timestamp, a URL or a hash with no
space would widen the whole chat column past the window (and Qt's rich text has no
``word-break``). So runs of :data:`LONG_RUN` or more characters without a break opportunity get
zero-width spaces — after URL punctuation, and at least every :data:`PIECE` characters — which Qt
wraps at and draws as nothing. Chinese and other CJK text already wraps between characters and is
left alone. What is copied never carries them (:func:`without_breaks`).
"""

from __future__ import annotations

import html
import re

from mira_desktop.core.cjk import PUNCTUATION_RANGES, WIDE_CLASS, character_class

ZWSP = "\u200b"
LONG_RUN = 24  # characters without a break opportunity before break points are added
PIECE = 12  # at most this many characters between two break points
_AFTER = frozenset("/\\?&=-_.,:;#@+|~")  # break after these, as browsers do in URLs and paths
# A run of characters that are neither spaces, zero-width spaces nor CJK (those break anywhere).
_RUN = re.compile(f"[^\\s{ZWSP}{WIDE_CLASS}{character_class(PUNCTUATION_RANGES)}]{{{LONG_RUN},}}")
_TAG = re.compile(r"(<[^>]*>)")


def _split(run: str) -> str:
    out: list[str] = []
    since = 0
    for char in run:
        out.append(char)
        since += 1
        if char in _AFTER or since >= PIECE:
            out.append(ZWSP)
            since = 0
    if out and out[-1] == ZWSP:
        out.pop()
    return "".join(out)


def breakable(text: str) -> str:
    """Plain ``text`` with break points inside its overlong runs."""
    return _RUN.sub(lambda match: _split(match.group(0)), text)


def breakable_html(markup: str) -> str:
    """HTML with break points in the overlong runs of its text (never inside a tag or an entity,
    never inside ``<pre>``: code blocks scroll instead of wrapping)."""
    pieces = _TAG.split(markup)
    in_pre = 0
    for index, piece in enumerate(pieces):
        if index % 2:  # a tag
            name = piece[1:].split(None, 1)[0].lower().rstrip(">") if len(piece) > 1 else ""
            if name == "pre":
                in_pre += 1
            elif name == "/pre":
                in_pre = max(in_pre - 1, 0)
            continue
        if not in_pre and _RUN.search(html.unescape(piece)):
            pieces[index] = html.escape(breakable(html.unescape(piece)), quote=False)
    return "".join(pieces)


def without_breaks(text: str) -> str:
    """What a person copies: the text without the break points added for display."""
    return text.replace(ZWSP, "")
