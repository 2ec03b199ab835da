"""A character card's JSON (V1, V2 or V3) → a role document plus everything else it carried.

The document goes through the same schema as any other role; what Mira does not use is kept in
``extensions["card"]`` (see :func:`mira_desktop.cards.export.card_of`) so the card exports again
with every field it had. Text is sanitized (:mod:`mira_desktop.cards.sanitize`); each field that
changed is reported as a warning.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.fields import (
    CARD_TO_ROLE,
    ENTRY_FIELDS,
    LIST_FIELDS,
    MIRA_EXTENSION,
    MIRRORED,
    SPEC_V2,
    SPEC_V3,
    V1_ALIASES,
    V2_DATA_FIELDS,
)
from mira_desktop.cards.sanitize import plain_text, sanitize_text
from mira_desktop.core.phrases import Phrase, said

MAX_KEPT_BYTES = 8 * 1024 * 1024  # what a card carries beyond the role (extensions, assets, …)


@dataclass(frozen=True)
class ImportedCard:
    document: dict[str, Any]  # a role document, still to be validated by the role schema
    extensions: dict[str, Any]  # the role's extensions: {"card": what the card kept}
    spec: str  # "v1", "v2" or "v3"
    warnings: tuple[Phrase, ...] = ()


def import_card(card: Any, source: str = "the file") -> ImportedCard:
    """Map ``card`` onto a role document; ``source`` names where it came from in errors."""
    if not isinstance(card, dict):
        raise CardError.said("cards.not_object", source=source)
    spec = card.get("spec")
    if spec in (SPEC_V2, SPEC_V3):
        return _import_spec_card(card, str(spec))
    if isinstance(spec, str) and spec.startswith("lorebook"):
        raise CardError.said("cards.lorebook", source=source)
    if spec is not None:
        raise CardError.said("cards.unknown_spec", spec=str(spec)[:40], v2=SPEC_V2, v3=SPEC_V3)
    if "name" not in card:
        if "entries" in card:
            raise CardError.said("cards.world_info", source=source)
        raise CardError.said("cards.not_a_card", source=source)
    return _import_v1(card)


class _Builder:
    """Collects the role document, the kept fields and the warnings of one import."""

    def __init__(self) -> None:
        self.document: dict[str, Any] = {"prompt": {}, "status": "active"}
        self.warnings: list[Phrase] = []

    def map_field(self, card_key: str, value: Any, where: str) -> bool:
        """Put ``value`` into the role; False when it is null (kept as it is, for export)."""
        if value is None:
            return False
        path = CARD_TO_ROLE[card_key]
        if card_key in LIST_FIELDS:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise CardError.said("cards.text_list", where=where, card_key=card_key)
            cleaned = [self.clean(v, f"{where}{card_key}", plain=card_key == "tags") for v in value]
            value = [v for v in cleaned if v] if card_key == "tags" else cleaned
        elif not isinstance(value, str):
            raise CardError.said("cards.text", where=where, card_key=card_key)
        else:
            value = self.clean(value, f"{where}{card_key}", plain=card_key == "name")
        target = self.document
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
        return True

    def clean(self, text: str, where: str, *, plain: bool = False) -> str:
        cleaned = plain_text(text) if plain else sanitize_text(text)
        if cleaned != (" ".join(text.split()) if plain else text):
            self.warnings.append(said("cards.sanitized", where=where))
        return cleaned

    def lorebook(self, book: dict[str, Any], where: str) -> dict[str, Any]:
        entries = book.get("entries", [])
        if not isinstance(entries, list):
            raise CardError.said("cards.entries_list", where=where)
        lore = []
        for index, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise CardError.said("cards.entry_object", where=where, index=index)
            lore.append(self._entry(entry, f"{where}character_book.entries[{index}]"))
        self.document["lorebook"] = lore
        return {k: v for k, v in book.items() if k != "entries"}

    def _entry(self, entry: dict[str, Any], where: str) -> dict[str, Any]:
        mapped: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, value in entry.items():
            if not _usable(key, value):
                extra[key] = value  # not used by Mira (or not in a form it can use): kept for export
            elif key == "content":
                mapped[key] = self.clean(value, f"{where}.content")
            elif isinstance(value, list):
                mapped[key] = [self.clean(v, f"{where}.{key}") for v in value]
            else:
                mapped[key] = value
        return {**mapped, "extra": extra}

    def extensions(self, extensions: dict[str, Any], where: str) -> dict[str, Any]:
        """Read Mira's own extension (an earlier export) and return the others, unchanged."""
        mira = extensions.get(MIRA_EXTENSION)
        if not isinstance(mira, dict):
            return extensions
        rest = {k: v for k, v in mira.items() if k not in {"worldview", "llm_profile"}}
        if "worldview" in mira:
            if not isinstance(mira["worldview"], str):
                raise CardError.said("cards.worldview_text", where=where, extension=MIRA_EXTENSION)
            self.document["prompt"]["worldview"] = self.clean(mira["worldview"], "worldview")
        if "llm_profile" in mira:
            self.document["llm_profile"] = mira["llm_profile"]
        kept = {k: v for k, v in extensions.items() if k != MIRA_EXTENSION}
        if rest:
            kept[MIRA_EXTENSION] = rest
        return kept


def _import_spec_card(card: dict[str, Any], spec: str) -> ImportedCard:
    data = card.get("data")
    if not isinstance(data, dict):
        raise CardError.said("cards.needs_data", spec=spec)
    builder = _Builder()
    version = card.get("spec_version")
    if spec == SPEC_V3 and _newer(version, 3.0):
        builder.warnings.append(said("cards.newer_spec", version=version))
    top = {k: v for k, v in card.items() if k not in {"spec", "spec_version", "data"}}
    mirrored = [k for k in MIRRORED if k in top and top[k] == data.get(MIRRORED[k])]
    for key in mirrored:
        del top[key]
    kept_data = _map_data(builder, data, "data.")
    kept = {"spec": spec, "spec_version": version, "top": top, "mirrored": mirrored, **kept_data}
    return _finish(builder, kept, "v3" if spec == SPEC_V3 else "v2")


def _import_v1(card: dict[str, Any]) -> ImportedCard:
    flat: dict[str, Any] = {}
    for key, value in card.items():
        canonical = V1_ALIASES.get(key, key)
        flat[key if canonical in card and canonical != key else canonical] = value
    builder = _Builder()
    kept_data = _map_data(builder, flat, "")
    data = kept_data.pop("data")
    top = {k: v for k, v in data.items() if k not in V2_DATA_FIELDS}
    kept_data["data"] = {k: v for k, v in data.items() if k in V2_DATA_FIELDS}
    return _finish(
        builder, {"spec": None, "spec_version": None, "top": top, "mirrored": [], **kept_data}, "v1"
    )


def _map_data(builder: _Builder, data: dict[str, Any], where: str) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    book: dict[str, Any] | None = None
    for key, value in data.items():
        if key in CARD_TO_ROLE:
            if not builder.map_field(key, value, where):
                kept[key] = value
        elif key == "character_book" and isinstance(value, dict):
            book = builder.lorebook(value, where)
        elif key == "extensions" and isinstance(value, dict):
            kept[key] = builder.extensions(value, where)
        else:
            kept[key] = value
    if not builder.document.get("name"):
        raise CardError.said("cards.no_name", where=where)
    result: dict[str, Any] = {"data": kept}
    if book is not None:
        result["book"] = book
    return result


def _finish(builder: _Builder, kept: dict[str, Any], spec: str) -> ImportedCard:
    size = len(json.dumps(kept, ensure_ascii=False).encode("utf-8"))
    if size > MAX_KEPT_BYTES:
        raise CardError.said(
            "cards.extras_too_big", size=f"{size / 2**20:.1f}", limit=MAX_KEPT_BYTES // 2**20
        )
    return ImportedCard(builder.document, {"card": kept}, spec, tuple(builder.warnings))


def _usable(key: str, value: Any) -> bool:
    """Whether an entry's field has the type Mira uses (JSON true is not a number here)."""
    types = ENTRY_FIELDS.get(key)
    if types is None or not isinstance(value, types) or isinstance(value, bool) != (bool in types):
        return False
    return not isinstance(value, list) or all(isinstance(v, str) for v in value)


def _newer(version: Any, than: float) -> bool:
    try:
        return float(version) > than
    except (TypeError, ValueError):
        return False
