"""Documents made for a test."""

from __future__ import annotations

from pathlib import Path


def make_pdf(path: Path, pages: list[str]) -> Path:
    """A PDF at ``path`` with one page per text (PyMuPDF, 9 pt in a page-sized box)."""
    import pymupdf

    document = pymupdf.open()
    for text in pages:
        page = document.new_page()
        page.insert_textbox(pymupdf.Rect(40, 40, 560, 820), text, fontsize=9)
    document.save(path)
    document.close()
    return path
