"""A role → a Character Card V2 or V3 object.

The role's fields are written where :mod:`mira_desktop.cards.fields` maps them, on top of what an
imported card kept (``extensions["card"]``): unknown fields, extensions, lorebook settings, assets.
So importing a card and exporting it in the same version gives back every field it had, with the
role's edits applied; V3 exports also set ``modification_date`` as the spec asks.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from mira_desktop.cards.fields import (
    CARD_TO_ROLE,
    MIRA_EXTENSION,
    MIRRORED,
    SPEC_V2,
    SPEC_V3,
    SPEC_VERSIONS,
    V3_BACKFILL_NOTE,
)
from mira_desktop.core.roles.records import Role
from mira_desktop.core.roles.schema import LorebookEntry, document_of

OPTIONAL_ENTRY_FIELDS = (
    "constant",
    "case_sensitive",
    "use_regex",
    "selective",
    "secondary_keys",
    "priority",
    "name",
)


def card_of(role: Role, spec: str, *, now: int, backfill: bool = False) -> dict[str, Any]:
    """The card of ``role`` in ``spec`` (``chara_card_v2`` or ``chara_card_v3``).

    Args:
        now: the export time, Unix seconds (V3 ``modification_date``).
        backfill: a V2 card written beside a V3 one in the same PNG; its creator notes say so.
    """
    if spec not in SPEC_VERSIONS:
        raise ValueError(f"unknown card spec {spec!r}")
    kept: dict[str, Any] = role.extensions.get("card") or {}
    document = document_of(role).to_json()
    data: dict[str, Any] = dict(kept.get("data") or {})
    for card_key, path in CARD_TO_ROLE.items():
        value: Any = document
        for part in path:
            value = value[part]
        if value in ("", []) and data.get(card_key, "") is None:
            continue  # the card had null here and the role left it empty: keep the null
        data[card_key] = value
    _write_extensions(data, document)
    entries = [_entry(LorebookEntry.model_validate(e), spec) for e in document["lorebook"]]
    if entries or "book" in kept:
        book = {**(kept.get("book") or {}), "entries": entries}
        book.setdefault("extensions", {})
        data["character_book"] = book
    data.setdefault("creator", "")
    data.setdefault("character_version", "")
    if spec == SPEC_V3:
        data.setdefault("group_only_greetings", [])
        data.setdefault("creation_date", _epoch(role.created_at))
        data["modification_date"] = now
    if backfill:
        notes = str(data.get("creator_notes") or "")
        data["creator_notes"] = f"{V3_BACKFILL_NOTE}\n\n{notes}" if notes else V3_BACKFILL_NOTE
    card: dict[str, Any] = dict(kept.get("top") or {})
    for top_key in kept.get("mirrored") or []:
        card[top_key] = data.get(MIRRORED[top_key])
    card["spec"] = spec
    card["spec_version"] = (
        kept["spec_version"] if kept.get("spec") == spec and kept.get("spec_version") else SPEC_VERSIONS[spec]
    )
    card["data"] = data
    return card


def _write_extensions(data: dict[str, Any], document: dict[str, Any]) -> None:
    mira: dict[str, Any] = {}
    extensions = data.get("extensions")
    if isinstance(extensions, dict) and isinstance(extensions.get(MIRA_EXTENSION), dict):
        mira = dict(extensions[MIRA_EXTENSION])
    if document["prompt"]["worldview"]:
        mira["worldview"] = document["prompt"]["worldview"]
    profile = {k: v for k, v in document["llm_profile"].items() if v is not None}
    if profile:
        mira["llm_profile"] = profile
    if extensions is None and "extensions" in data and not mira:
        return  # the card had null extensions; nothing of Mira's to add
    extensions = dict(extensions) if isinstance(extensions, dict) else {}
    if mira:
        extensions[MIRA_EXTENSION] = mira
    data["extensions"] = extensions


def _entry(entry: LorebookEntry, spec: str) -> dict[str, Any]:
    out: dict[str, Any] = dict(entry.extra)
    out["keys"] = list(entry.keys)
    out["content"] = entry.content
    out.setdefault("extensions", {})
    out["enabled"] = entry.enabled
    out["insertion_order"] = entry.insertion_order
    for name in OPTIONAL_ENTRY_FIELDS:
        value = getattr(entry, name)
        if value is not None:
            out[name] = list(value) if isinstance(value, list) else value
    if spec == SPEC_V3:
        out.setdefault("use_regex", False)
    return out


def _epoch(timestamp: str) -> int:
    return int(datetime.fromisoformat(timestamp.replace("Z", "+00:00")).timestamp())


__all__ = ["SPEC_V2", "SPEC_V3", "card_of"]
