"""Card files: the card JSON inside a PNG or a JSON file, and back.

The kind of file is decided by its bytes, not its name. In a PNG, ``ccv3`` wins over ``chara``; the
text is base64 of UTF-8 JSON as the specs say, or plain JSON as some tools write in iTXt chunks.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.png import (
    SIGNATURE,
    read_chunks,
    solid_png,
    text_chunks,
    with_card_chunks,
    without_card_chunks,
)

MAX_JSON_BYTES = 16 * 1024 * 1024
ZIP_SIGNATURE = b"PK\x03\x04"


@dataclass(frozen=True)
class CardFile:
    card: Any  # the parsed JSON, still to be checked by card import
    image: bytes | None  # the PNG without its card chunks (the role's avatar), for PNG cards
    source: str = "the file"  # where the card was found, for error messages


def read_card_file(data: bytes) -> CardFile:
    if data.startswith(SIGNATURE):
        chunks = read_chunks(data)
        texts = text_chunks(chunks)
        keyword = next((k for k in ("ccv3", "chara") if k in texts), None)
        if keyword is None:
            raise CardError.said("cards.png_no_card")
        source = f"the PNG's {keyword} chunk"
        return CardFile(
            _json(_chunk_text(keyword, texts[keyword]), source), without_card_chunks(data), source
        )
    if data.startswith(ZIP_SIGNATURE):
        raise CardError.said("cards.charx")
    if len(data) > MAX_JSON_BYTES:
        raise CardError.said(
            "cards.json_too_big", size=f"{len(data) / 2**20:.1f}", limit=MAX_JSON_BYTES // 2**20
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardError.said("cards.neither") from exc
    return CardFile(_json(text, "the file"), None)


def card_json_bytes(card: dict[str, Any]) -> bytes:
    return (json.dumps(card, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def card_png_bytes(image: bytes | None, cards: dict[str, dict[str, Any]]) -> bytes:
    """``image`` (or a plain square) with one text chunk per ``keyword → card``."""
    texts = {
        keyword: base64.b64encode(json.dumps(card, ensure_ascii=False).encode("utf-8")).decode("ascii")
        for keyword, card in cards.items()
    }
    return with_card_chunks(image or solid_png(256, 256, (0x5B, 0x6C, 0xC4)), texts)


def _chunk_text(keyword: str, text: str) -> str:
    stripped = text.strip()
    if stripped.startswith("{"):
        return stripped
    try:
        raw = base64.b64decode("".join(stripped.split()), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise CardError.said("cards.chunk_base64", keyword=keyword) from exc
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardError.said("cards.chunk_utf8", keyword=keyword) from exc


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardError.said(
            "cards.bad_json", where=where, problem=exc.msg, line=exc.lineno, column=exc.colno
        ) from exc
    except RecursionError as exc:
        raise CardError.said("cards.json_deep", where=where) from exc
