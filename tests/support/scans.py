"""Scans made from real documents, so the true text of each page is known: its text layer.

``scan_of`` renders pages of a PDF to pictures and puts only the pictures in a new PDF (what a
scanner makes; of a scanned book with an OCR layer, the scan without that layer); ``picture_of``
gives one page as a PNG, JPEG or TIFF.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any


def _pymupdf() -> Any:
    import pymupdf

    return pymupdf


def scan_of(source: Path, pages: list[int], target: Path, dpi: int = 200) -> Path:
    """``pages`` (1-based) of ``source`` as an image-only PDF at ``target``."""
    pymupdf = _pymupdf()
    out = pymupdf.open()
    with pymupdf.open(source) as document:
        for number in pages:
            page = document[number - 1]
            picture = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY).tobytes("png")
            blank = out.new_page(width=page.rect.width, height=page.rect.height)
            blank.insert_image(blank.rect, stream=picture)
    out.save(target)
    out.close()
    return target


def text_layer(source: Path, page: int) -> str:
    pymupdf = _pymupdf()
    with pymupdf.open(source) as document:
        return str(document[page - 1].get_text())


def picture_of(source: Path, page: int, target: Path, dpi: int = 200) -> Path:
    """Page ``page`` of ``source`` as a picture; the format follows ``target``'s suffix (a .tiff
    holds the page twice, as a two-page TIFF)."""
    from PIL import Image

    pymupdf = _pymupdf()
    with pymupdf.open(source) as document:
        png = document[page - 1].get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY).tobytes("png")
    image = Image.open(io.BytesIO(png))
    suffix = target.suffix.lower()
    if suffix in (".tif", ".tiff"):
        image.save(target, "TIFF", save_all=True, append_images=[image.copy()])
    elif suffix in (".jpg", ".jpeg"):
        image.save(target, "JPEG", quality=90)
    else:
        image.save(target, "PNG")
    return target


def characters_found(truth: str, read: str) -> float:
    """The share of the true text's letters, digits and Chinese characters that the reading has,
    counted as multisets (reading order aside: OCR and a text layer order columns differently)."""
    import unicodedata
    from collections import Counter

    def letters(text: str) -> Counter[str]:
        return Counter(c for c in unicodedata.normalize("NFKC", text).lower() if c.isalnum())

    want, got = letters(truth), letters(read)
    return sum((want & got).values()) / max(sum(want.values()), 1)
