"""Card macros ("curly braced syntaxes") in role text, expanded only in the request.

Supported, case-insensitively: ``{{char}}`` (the role's name), ``{{user}}`` (the user's display
name), the legacy V1 forms ``<BOT>``, ``<CHAR>`` and ``<USER>``, ``{{original}}`` (empty: Mira has
no global prompt for a card to wrap), comments ``{{// …}}``, ``{{comment: …}}`` and
``{{hidden_key: …}}`` (removed), ``{{reverse:A}}``, and ``{{random:A,B}}``, ``{{pick:A,B}}`` and
``{{roll:N}}``. The random ones draw from a seed (the role's id and version), so the request preview
and the request itself always agree. Anything else in double braces is left as written.
"""

from __future__ import annotations

import hashlib
import itertools
import re

_MACRO = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)
_LEGACY = re.compile(r"<(bot|char|user)>", re.IGNORECASE)
_SPLIT = re.compile(r"(?<!\\),")


def expand_macros(text: str, *, char: str, user: str, seed: str = "") -> str:
    if "{{" not in text and "<" not in text:
        return text
    text = _LEGACY.sub(lambda m: user if m.group(1).lower() == "user" else char, text)
    draws = itertools.count()

    def replace(match: re.Match[str]) -> str:
        name, colon, argument = match.group(1).partition(":")
        key = name.strip().lower()
        fixed = {"char": char, "user": user, "original": "", "comment": "", "hidden_key": ""}
        if key in fixed and (colon == "" or key in {"comment", "hidden_key"}):
            return fixed[key]
        if key.startswith("//"):
            return ""
        expanded = _with_argument(key, argument, seed, next(draws)) if colon else None
        return match.group(0) if expanded is None else expanded

    return _MACRO.sub(replace, text)


def _with_argument(key: str, argument: str, seed: str, draw: int) -> str | None:
    if key == "reverse":
        return argument[::-1]
    if key in {"random", "pick"}:
        options = [o.replace("\\,", ",") for o in _SPLIT.split(argument)]
        return options[_draw(seed, draw, len(options))]
    sides = argument.strip().lower().removeprefix("d")
    if key == "roll" and sides.isdigit() and int(sides) > 0:
        return str(1 + _draw(seed, draw, int(sides)))
    return None


def _draw(seed: str, index: int, count: int) -> int:
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count
