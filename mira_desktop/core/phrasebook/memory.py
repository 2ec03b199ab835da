"""Phrases of memory: the English of the sentences (see ``core/phrases.py``)."""

from __future__ import annotations

ENGLISH: dict[str, str] = {
    "memory.empty": "A memory fact needs some text.",
    "memory.no_message": "No message with id {message_id}.",
    "memory.not_found": "No memory fact with id {fact_id}: see `mira memory list`.",
    "memory.nothing_proposed": "This answer proposes nothing to remember.",
    "memory.too_long": "A memory fact may be at most {most} characters (it has {count}).",
}
