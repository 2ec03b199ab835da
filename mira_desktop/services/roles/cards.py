"""Importing character card files as roles and exporting roles as cards."""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.export import card_of
from mira_desktop.cards.fields import SPEC_V2, SPEC_V3, card_field_name
from mira_desktop.cards.files import MAX_JSON_BYTES, card_json_bytes, card_png_bytes, read_card_file
from mira_desktop.cards.importer import import_card
from mira_desktop.cards.png import MAX_PNG_BYTES
from mira_desktop.core.phrases import Phrase
from mira_desktop.core.roles.records import Role
from mira_desktop.core.roles.schema import RoleDocument
from mira_desktop.core.roles.validation import InvalidRoleError, validate_document
from mira_desktop.services.roles.files import read_user_file

MAX_CARD_FILE_BYTES = max(MAX_PNG_BYTES, MAX_JSON_BYTES)


class CardFormat(StrEnum):
    V2 = "card-v2"
    V3 = "card-v3"


@dataclass(frozen=True)
class LoadedCard:
    document: RoleDocument
    extensions: dict[str, object]
    image: bytes | None  # the PNG card's picture, without its card chunks
    spec: str  # v1, v2, v3
    warnings: tuple[Phrase, ...]


def load_card(path: Path) -> LoadedCard:
    """Read and check the card at ``path``; raises :class:`CardError` naming the field and reason."""
    data = read_user_file(path, limit=MAX_CARD_FILE_BYTES, what="character card")
    card_file = read_card_file(data)
    imported = import_card(card_file.card, card_file.source)
    try:
        document = validate_document(imported.document, what="card")
    except InvalidRoleError as exc:
        first = exc.errors[0]
        field = card_field_name(first.field) or first.field
        raise CardError.said("roles.card_field", field=field, message=first.phrase or first.message) from exc
    return LoadedCard(document, imported.extensions, card_file.image, imported.spec, imported.warnings)


def card_bytes(role: Role, card_format: CardFormat, *, png: bool, image: bytes | None) -> bytes:
    """The card file of ``role``: JSON, or ``image`` (or a plain square) with the card inside.

    A V3 PNG also carries a V2 ``chara`` chunk for applications that read only V2, as the V3 spec
    recommends; V3-aware readers take the ``ccv3`` chunk.
    """
    now = int(time.time())
    spec = SPEC_V3 if card_format is CardFormat.V3 else SPEC_V2
    card = card_of(role, spec, now=now)
    if not png:
        return card_json_bytes(card)
    if spec == SPEC_V3:
        return card_png_bytes(image, {"ccv3": card, "chara": card_of(role, SPEC_V2, now=now, backfill=True)})
    return card_png_bytes(image, {"chara": card})
