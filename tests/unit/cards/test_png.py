"""PNG chunks: reading cards defensively, writing them without touching the picture."""

from __future__ import annotations

import struct
import tracemalloc
import zlib

import pytest

from mira_desktop.cards.errors import CardError
from mira_desktop.cards.png import (
    MAX_TEXT_BYTES,
    Chunk,
    build_png,
    read_chunks,
    solid_png,
    text_chunks,
    with_card_chunks,
    without_card_chunks,
)
from tests.conftest import SHARED_DATA

CARDS = SHARED_DATA / "cards"


def idat(png: bytes) -> list[bytes]:
    return [c.data for c in read_chunks(png) if c.type == b"IDAT"]


def test_a_real_card_reads_its_chara_chunk() -> None:
    png = (CARDS / "examples" / "default_Seraphina.png").read_bytes()
    texts = text_chunks(read_chunks(png))
    assert set(texts) == {"chara"}
    assert texts["chara"].startswith("eyJ")


def test_writing_cards_replaces_old_ones_and_keeps_the_picture_byte_for_byte() -> None:
    png = (CARDS / "fixtures_synthetic" / "dual_chunk.png").read_bytes()
    written = with_card_chunks(png, {"ccv3": "bmV3"})
    assert text_chunks(read_chunks(written)) == {"ccv3": "bmV3"}
    assert idat(written) == idat(png)
    assert read_chunks(written)[0].type == b"IHDR"


def test_stripping_cards_drops_text_chunks_and_garbage_after_iend() -> None:
    png = (CARDS / "fixtures_synthetic" / "garbage_after_iend.png").read_bytes()
    clean = without_card_chunks(png)
    assert clean.endswith(b"IEND\xaeB`\x82")
    assert text_chunks(read_chunks(clean)) == {}
    assert idat(clean) == idat(png)


def test_ztxt_and_itxt_chunks_are_read() -> None:
    ztxt = text_chunks(read_chunks((CARDS / "fixtures_synthetic" / "ztxt_sample.png").read_bytes()))
    itxt = text_chunks(read_chunks((CARDS / "fixtures_synthetic" / "itxt_sample.png").read_bytes()))
    assert "zTXt compressed chunk sample" in ztxt["ccv3"]
    assert "中文测试" in itxt["ccv3"]


def test_a_plain_square_is_a_valid_png() -> None:
    chunks = read_chunks(solid_png(4, 2, (1, 2, 3)))
    assert [c.type for c in chunks] == [b"IHDR", b"IDAT", b"IEND"]
    assert struct.unpack(">II", chunks[0].data[:8]) == (4, 2)


def base() -> bytes:
    return solid_png(2, 2, (0, 0, 0))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"GIF89a....", "not a PNG image"),
        (base()[:-5], "truncated"),
        (base()[:20], "truncated"),
        (base()[:20] + b"\xff" + base()[21:], "bad checksum"),
        (build_png([Chunk(b"IDAT", b"x"), Chunk(b"IEND", b"")]), "does not start with IHDR"),
    ],
    ids=["signature", "cut-in-iend", "cut-in-ihdr", "bad-crc", "no-ihdr"],
)
def test_damaged_pngs_are_refused_with_the_reason(data: bytes, reason: str) -> None:
    with pytest.raises(CardError, match=reason):
        read_chunks(data)


def test_a_chunk_claiming_more_bytes_than_the_file_has_is_refused() -> None:
    png = base()
    lying = png[:8] + struct.pack(">I", 2**31 - 1) + png[12:]
    with pytest.raises(CardError, match="truncated"):
        read_chunks(lying)


def test_a_compression_bomb_is_refused_before_it_fills_memory() -> None:
    packer = zlib.compressobj(9)
    zeros = b"\0" * 2**20
    bomb = b"".join(packer.compress(zeros) for _ in range(256)) + packer.flush()  # 256 MB inflated
    chunks = read_chunks(
        build_png([*read_chunks(base())[:1], Chunk(b"zTXt", b"ccv3\0\0" + bomb), Chunk(b"IEND", b"")])
    )
    tracemalloc.start()
    try:
        with pytest.raises(CardError, match="inflates past 16 MB"):
            text_chunks(chunks)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_TEXT_BYTES, f"{peak / 2**20:.0f} MB held while inflating a 256 MB bomb"


@pytest.mark.parametrize(
    ("chunk", "reason"),
    [
        (Chunk(b"tEXt", b"chara-without-separator"), "no separator"),
        (Chunk(b"zTXt", b"ccv3\0\0not zlib"), "damaged"),
        (Chunk(b"iTXt", b"ccv3\0\0\0only-one-part"), "malformed"),
        (Chunk(b"iTXt", b"ccv3\0\0\0en\0\0\xff\xfe"), "not UTF-8"),
    ],
)
def test_malformed_text_chunks_are_refused(chunk: Chunk, reason: str) -> None:
    with pytest.raises(CardError, match=reason):
        text_chunks([chunk])
