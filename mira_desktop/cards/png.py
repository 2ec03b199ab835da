"""PNG chunks, in pure Python: reading a card's text chunks and writing them into an image.

Character cards ride in PNG text chunks: ``chara`` (V2, base64 JSON) and ``ccv3`` (V3). Reading is
defensive (the file is untrusted): the signature, every chunk's length and checksum are checked,
compressed text is inflated with a size cap, and bytes after ``IEND`` are ignored. Writing keeps every
other chunk byte for byte, so the picture (``IDAT``) never changes.
"""

from __future__ import annotations

import struct
import zlib
from typing import NamedTuple

from mira_desktop.cards.errors import CardError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CARD_KEYWORDS = ("ccv3", "chara")
MAX_PNG_BYTES = 32 * 1024 * 1024
MAX_TEXT_BYTES = 16 * 1024 * 1024
_TEXT_TYPES = {b"tEXt", b"zTXt", b"iTXt"}


class Chunk(NamedTuple):
    type: bytes
    data: bytes


def read_chunks(png: bytes) -> list[Chunk]:
    """Every chunk up to and including ``IEND``; anything after it is ignored."""
    if len(png) > MAX_PNG_BYTES:
        raise CardError.said(
            "cards.png_too_big", size=f"{len(png) / 2**20:.1f}", limit=MAX_PNG_BYTES // 2**20
        )
    if not png.startswith(SIGNATURE):
        raise CardError.said("cards.not_png")
    chunks: list[Chunk] = []
    pos = len(SIGNATURE)
    while True:
        if pos + 8 > len(png):
            raise CardError.said("cards.png.no_iend")
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        end = pos + 12 + length
        if end > len(png):
            raise CardError.said("cards.png.truncated", chunk=kind.decode("latin-1"), length=length)
        data = png[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", png[pos + 8 + length : end])
        if zlib.crc32(kind + data) != crc:
            raise CardError.said("cards.png.bad_crc", chunk=kind.decode("latin-1"))
        if not chunks and kind != b"IHDR":
            raise CardError.said("cards.png.no_ihdr")
        chunks.append(Chunk(kind, data))
        pos = end
        if kind == b"IEND":
            return chunks


def text_chunks(chunks: list[Chunk]) -> dict[str, str]:
    """``keyword → text`` of the tEXt, zTXt and iTXt chunks (the first of each keyword wins)."""
    found: dict[str, str] = {}
    for chunk in chunks:
        if chunk.type in _TEXT_TYPES:
            keyword, text = _decode_text(chunk)
            found.setdefault(keyword, text)
    return found


def build_png(chunks: list[Chunk]) -> bytes:
    parts = [SIGNATURE]
    for kind, data in chunks:
        parts.append(struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data)))
    return b"".join(parts)


def without_card_chunks(png: bytes) -> bytes:
    """The image with its card text chunks and anything after ``IEND`` removed."""
    return build_png([c for c in read_chunks(png) if not _is_card_chunk(c)])


def with_card_chunks(png: bytes, texts: dict[str, str]) -> bytes:
    """The image with its card chunks replaced by one tEXt chunk per ``keyword → text``."""
    chunks = [c for c in read_chunks(png) if not _is_card_chunk(c)]
    new = [Chunk(b"tEXt", k.encode("latin-1") + b"\0" + v.encode("latin-1")) for k, v in texts.items()]
    return build_png([chunks[0], *new, *chunks[1:]])


def solid_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A plain image of one colour, for exporting a role that has no avatar as a PNG card."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    row = b"\0" + bytes(rgb) * width
    pixels = zlib.compress(row * height, 9)
    return build_png([Chunk(b"IHDR", header), Chunk(b"IDAT", pixels), Chunk(b"IEND", b"")])


def _is_card_chunk(chunk: Chunk) -> bool:
    if chunk.type not in _TEXT_TYPES:
        return False
    keyword = chunk.data.split(b"\0", 1)[0].decode("latin-1")
    return keyword in CARD_KEYWORDS


def _decode_text(chunk: Chunk) -> tuple[str, str]:
    keyword_bytes, sep, rest = chunk.data.partition(b"\0")
    keyword = keyword_bytes.decode("latin-1")
    if not sep:
        raise CardError.said("cards.png.no_separator", keyword=keyword)
    if chunk.type == b"tEXt":
        return keyword, rest.decode("latin-1")
    if chunk.type == b"zTXt":
        return keyword, _inflate(keyword, rest[1:]).decode("latin-1")
    # iTXt: compression flag, method, language tag\0, translated keyword\0, UTF-8 text
    if len(rest) < 2:
        raise CardError.said("cards.png.itxt_truncated", keyword=keyword)
    compressed = rest[0] == 1
    parts = rest[2:].split(b"\0", 2)
    if len(parts) != 3:
        raise CardError.said("cards.png.itxt_malformed", keyword=keyword)
    body = _inflate(keyword, parts[2]) if compressed else parts[2]
    try:
        return keyword, body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardError.said("cards.png.itxt_utf8", keyword=keyword) from exc


def _inflate(keyword: str, data: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, MAX_TEXT_BYTES + 1)
    except zlib.error as exc:
        raise CardError.said("cards.png.compressed_damaged", keyword=keyword, error=exc) from exc
    if len(out) > MAX_TEXT_BYTES or inflater.unconsumed_tail:
        raise CardError.said("cards.png.inflates", keyword=keyword, limit=MAX_TEXT_BYTES // 2**20)
    return out
