"""Making text from an untrusted card safe to keep and show.

Cards carry HTML for greetings and status panels, and hostile ones carry scripts. Mira never runs
them (Qt's rich text has no script engine), but the text may later be shown by other tools, so
active content is removed on import: script-capable elements with their content, event-handler
attributes, and ``javascript:``/``vbscript:``/``data:text/html`` links. Harmless markup (``<p>``,
``<span class=…>``, ``<img src=…>``) and roleplay markup such as ``<START>`` or ``*waves*`` are
kept exactly. Control characters other than tab and newlines are dropped.
"""

from __future__ import annotations

import re

_ACTIVE = "script|iframe|object|embed|applet|frame|frameset|noscript|meta|link|base|svg|math|form"
_ELEMENT_WITH_BODY = re.compile(rf"<\s*({_ACTIVE})\b[^>]*>.*?<\s*/\s*\1\s*>", re.IGNORECASE | re.DOTALL)
_LONE_TAG = re.compile(rf"<\s*/?\s*({_ACTIVE})\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<[a-zA-Z][^<>]*>")
_HANDLER = re.compile(r"""\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)""", re.IGNORECASE)
_BAD_URL = re.compile(
    r"""\s+[\w:-]+\s*=\s*(["']?)\s*(?:javascript|vbscript|data\s*:\s*text/html)[^>]*?\1(?=[\s>/]|$)""",
    re.IGNORECASE,
)
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ANY_TAG = re.compile(r"<[^<>]*>")


def sanitize_text(text: str) -> str:
    """``text`` without active content; unchanged when it had none."""
    previous = None
    while previous != text:  # until nothing changes: removal can join pieces into a new tag
        previous = text
        text = _CONTROL.sub("", text)
        text = _ELEMENT_WITH_BODY.sub("", text)
        text = _LONE_TAG.sub("", text)
        text = _TAG.sub(_clean_tag, text)
    return text


def plain_text(text: str) -> str:
    """One line of text with no markup at all (names and tags)."""
    text = sanitize_text(text)
    previous = None
    while previous != text:
        previous = text
        text = _ANY_TAG.sub("", text)
    return " ".join(text.split())


def _clean_tag(match: re.Match[str]) -> str:
    tag = match.group(0)
    tag = _HANDLER.sub("", tag)
    return _BAD_URL.sub("", tag)
