"""PDF (and EPUB) through PyMuPDF: one block per text block, located by page and outline heading."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

# Fewer non-space characters than this on pages that carry images: a scan without a text layer.
_SCANNED_TEXT_CHARS = 20
_HYPHEN_BREAK = re.compile(r"(\w)-\n(\w)")


def read_pdf(path: Path, limits: ReaderLimits, password: str | None = None) -> ParsedDocument:
    """``password`` opens an encrypted PDF for this read (it is kept nowhere)."""
    import pymupdf as typed_pymupdf

    pymupdf: Any = typed_pymupdf  # partly annotated: used untyped, like the other readers
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.TOOLS.mupdf_display_warnings(False)
    kind = "EPUB" if path.suffix.lower() == ".epub" else "PDF"
    try:
        document = pymupdf.open(path)
    except Exception as exc:  # PyMuPDF raises FileDataError, RuntimeError, ValueError…
        raise ReadError(
            ReadErrorKind.CORRUPT, f"{path.name} is damaged or not a {kind} file ({exc})."
        ) from exc
    try:
        if document.needs_pass:
            _unlock(document, path, password)
        return _read(document, path, kind, limits)
    except ReadError:
        raise
    except Exception as exc:  # the page count or the outline of a damaged file (an EPUB's is laid out)
        raise ReadError(ReadErrorKind.CORRUPT, f"{path.name} is damaged: reading it failed ({exc}).") from exc
    finally:
        document.close()


def _unlock(document: Any, path: Path, password: str | None) -> None:
    if password and document.authenticate(password):
        return
    if password:
        raise ReadError(
            ReadErrorKind.ENCRYPTED, f"The password did not open {path.name}: check it and give it again."
        )


def _read(document: Any, path: Path, kind: str, limits: ReaderLimits) -> ParsedDocument:
    # is_encrypted first: reading needs_pass after authenticate() gives pages without text (PyMuPDF 2.0)
    if document.is_encrypted and document.needs_pass:
        raise ReadError(
            ReadErrorKind.ENCRYPTED,
            f"{path.name} is encrypted with a password: remove the password (or print it to a new PDF) "
            "and add it again.",
        )
    pages = document.page_count
    if pages > limits.max_pages:
        raise ReadError(
            ReadErrorKind.TOO_LARGE,
            f"{path.name} has {pages:,} pages, above the {limits.max_pages:,}-page limit.",
        )
    if pages == 0:
        raise ReadError(ReadErrorKind.EMPTY, f"{path.name} has no pages.")
    headings = _headings_by_page(document, pages)
    blocks: list[Block] = []
    chars = 0
    image_pages = 0
    try:
        for number, page in enumerate(document, start=1):
            heading = headings.get(number, ())
            for raw in page.get_text("blocks"):
                if raw[6] != 0:  # an image block
                    continue
                text = _clean(raw[4])
                if text:
                    chars += len(text)
                    blocks.append(Block(text, Location(page=number, heading=heading), " › ".join(heading)))
            if page.get_images(full=False):
                image_pages += 1
            check_chars(path.name, chars, limits)
    except ReadError:
        raise
    except Exception as exc:
        raise ReadError(
            ReadErrorKind.CORRUPT, f"{path.name} is damaged: reading its pages failed ({exc})."
        ) from exc
    visible = sum(len(b.text.replace(" ", "")) for b in blocks)
    if visible < _SCANNED_TEXT_CHARS and image_pages:
        raise ReadError(
            ReadErrorKind.SCANNED,
            f"{path.name} is a scan without a text layer: run OCR on it (e.g. ocrmypdf) and add it again.",
        )
    if not blocks:
        raise ReadError(ReadErrorKind.EMPTY, f"{path.name} contains no text.")
    title = str((document.metadata or {}).get("title") or "").strip()
    return ParsedDocument(blocks, kind.lower(), title=title)


def _headings_by_page(document: Any, pages: int) -> dict[int, tuple[str, ...]]:
    """For each page, the outline (bookmark) path in force there: the last entry started on or before it."""
    try:
        toc = document.get_toc(simple=True)
    except Exception:  # a broken outline is no reason to refuse the text
        return {}
    starts: dict[int, tuple[str, ...]] = {}
    stack: list[str] = []
    for level, title, page in toc:
        if not isinstance(page, int) or page < 1 or page > pages:
            continue
        stack = [*stack[: max(level - 1, 0)], str(title).strip()]
        starts[page] = tuple(stack)
    result: dict[int, tuple[str, ...]] = {}
    current: tuple[str, ...] = ()
    for number in range(1, pages + 1):
        current = starts.get(number, current)
        result[number] = current
    return result


def _clean(text: str) -> str:
    """Join a block's lines into running text, undoing end-of-line hyphenation."""
    text = _HYPHEN_BREAK.sub(r"\1\2", text.strip())
    return " ".join(line.strip() for line in text.splitlines() if line.strip())
