"""Choosing the lorebook entries a request carries: keyword triggers and a token budget.

An enabled entry with content is triggered when it is ``constant``, or when one of its ``keys``
appears in the recent messages (case-insensitively unless ``case_sensitive``; as regular expressions
when ``use_regex``) and, for a ``selective`` entry, one of its ``secondary_keys`` does too.
Triggered entries are admitted by importance (``priority``, then ``insertion_order``, higher first)
while they fit the budget, and inserted in ``insertion_order`` (lower first).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# A quantified group that itself contains a quantifier, e.g. "(a+)+": the shape of patterns that
# backtrack catastrophically. Cards are untrusted, so such keys are matched as plain text instead.
_NESTED_QUANTIFIER = re.compile(r"\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)\s*[*+{]")
_SLASHED = re.compile(r"^/(.+)/([a-z]*)$", re.DOTALL)
MAX_PATTERN_CHARS = 300


@dataclass(frozen=True)
class LoreEntry:
    index: int  # position in the role's lorebook
    name: str
    content: str  # as inserted (decorators removed, macros expanded)
    tokens: int
    trigger: str  # "constant", or the key that matched


@dataclass(frozen=True)
class LoreSelection:
    inserted: tuple[LoreEntry, ...] = ()
    over_budget: tuple[LoreEntry, ...] = ()  # triggered, left out because the budget was spent

    @property
    def tokens(self) -> int:
        return sum(e.tokens for e in self.inserted)


def select_lore(
    entries: Sequence[dict[str, Any]],
    recent_messages: Sequence[str],
    *,
    count_tokens: Callable[[str], int],
    budget: int,
    render: Callable[[str], str] = lambda text: text,
) -> LoreSelection:
    haystack = "\n".join(recent_messages)
    triggered: list[tuple[dict[str, Any], LoreEntry]] = []
    for index, entry in enumerate(entries):
        content = strip_decorators(str(entry.get("content") or "")).strip()
        if entry.get("enabled") is False or not content:
            continue
        trigger = _trigger(entry, haystack)
        if trigger is None:
            continue
        text = render(content)
        name = str(entry.get("name") or "")
        triggered.append((entry, LoreEntry(index, name, text, count_tokens(text), trigger)))

    def importance(item: tuple[dict[str, Any], LoreEntry]) -> tuple[float, float, int]:
        entry, lore = item
        return (-float(entry.get("priority") or 0), -float(entry.get("insertion_order") or 0), lore.index)

    inserted: list[tuple[dict[str, Any], LoreEntry]] = []
    over: list[LoreEntry] = []
    spent = 0
    for entry, lore in sorted(triggered, key=importance):
        if spent + lore.tokens > budget:
            over.append(lore)
            continue
        inserted.append((entry, lore))
        spent += lore.tokens
    inserted.sort(key=lambda item: (float(item[0].get("insertion_order") or 0), item[1].index))
    return LoreSelection(tuple(lore for _, lore in inserted), tuple(sorted(over, key=lambda e: e.index)))


def strip_decorators(content: str) -> str:
    """Remove the ``@@decorator`` lines a V3 entry may start with (Mira applies none of them)."""
    lines = content.split("\n")
    while lines and lines[0].lstrip().startswith("@@"):
        lines.pop(0)
    return "\n".join(lines)


def _trigger(entry: dict[str, Any], haystack: str) -> str | None:
    if entry.get("constant"):
        return "constant"
    case_sensitive = bool(entry.get("case_sensitive"))
    regex = bool(entry.get("use_regex"))
    primary = _first_match(entry.get("keys") or [], haystack, case_sensitive, regex)
    if primary is None:
        return None
    secondary = entry.get("secondary_keys") or []
    if (
        entry.get("selective")
        and secondary
        and _first_match(secondary, haystack, case_sensitive, regex) is None
    ):
        return None
    return primary


def _first_match(keys: Sequence[Any], haystack: str, case_sensitive: bool, regex: bool) -> str | None:
    for raw in keys:
        key = str(raw)
        if not key.strip():
            continue
        if regex and _regex_matches(key, haystack, case_sensitive):
            return key
        if not regex or _risky(key):
            found = key in haystack if case_sensitive else key.casefold() in haystack.casefold()
            if found:
                return key
    return None


def _risky(key: str) -> bool:
    return len(key) > MAX_PATTERN_CHARS or _NESTED_QUANTIFIER.search(key) is not None


def _regex_matches(key: str, haystack: str, case_sensitive: bool) -> bool:
    if _risky(key):
        return False
    pattern, flags = key, 0 if case_sensitive else re.IGNORECASE
    slashed = _SLASHED.match(key)
    if slashed:
        pattern = slashed.group(1)
        flags |= re.IGNORECASE if "i" in slashed.group(2) else 0
        flags |= re.MULTILINE if "m" in slashed.group(2) else 0
        flags |= re.DOTALL if "s" in slashed.group(2) else 0
    try:
        return re.search(pattern, haystack, flags) is not None
    except re.error:
        return False  # the spec: an invalid pattern never matches
