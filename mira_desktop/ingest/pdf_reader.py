"""PDF (and EPUB) through PyMuPDF: one block per text block, located by page and outline heading.

A page without a text layer (a scan: images and fewer than a few characters) is read with OCR when
the caller passes :class:`~mira_desktop.ingest.ocr.OcrOptions`: rendered at its resolution, one page
at a time, each paragraph a block marked ``ocr`` in its own section (so chunks never mix OCR'd text
with the text layer of another page).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

from mira_desktop.core.cancel import Cancelled
from mira_desktop.core.phrases import Phrase, joined, said
from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.ocr import OcrOptions, OcrUnavailableError
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

# Fewer non-space characters than this on pages that carry images: a scan without a text layer.
_SCANNED_TEXT_CHARS = 20
_HYPHEN_BREAK = re.compile(r"(\w)-\n(\w)")
_MAX_OCR_PIXELS = 40_000_000  # a page rendered for OCR larger than this is rendered smaller


def read_pdf(
    path: Path, limits: ReaderLimits, ocr: OcrOptions | None = None, password: str | None = None
) -> ParsedDocument:
    """``ocr`` reads pages without a text layer; ``password`` opens an encrypted PDF for this read
    (it is kept nowhere)."""
    import pymupdf as typed_pymupdf

    pymupdf: Any = typed_pymupdf  # partly annotated: used untyped, like the other readers
    pymupdf.TOOLS.mupdf_display_errors(False)
    pymupdf.TOOLS.mupdf_display_warnings(False)
    kind = "EPUB" if path.suffix.lower() == ".epub" else "PDF"
    try:
        document = pymupdf.open(path)
    except Exception as exc:  # PyMuPDF raises FileDataError, RuntimeError, ValueError…
        raise ReadError.said(
            ReadErrorKind.CORRUPT, "read.damaged_or_not", name=path.name, kind=kind, error=exc
        ) from exc
    try:
        if document.needs_pass:
            _unlock(document, path, password)
        return _read(document, path, kind, limits, ocr)
    except (ReadError, Cancelled):  # a cancel is not damage
        raise
    except Exception as exc:  # the page count or the outline of a damaged file (an EPUB's is laid out)
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.damaged", name=path.name, error=exc) from exc
    finally:
        document.close()


def _unlock(document: Any, path: Path, password: str | None) -> None:
    if password and document.authenticate(password):
        return
    if password:
        raise ReadError.said(ReadErrorKind.ENCRYPTED, "read.wrong_password", name=path.name)


def _read(
    document: Any, path: Path, kind: str, limits: ReaderLimits, ocr: OcrOptions | None
) -> ParsedDocument:
    # is_encrypted first: reading needs_pass after authenticate() gives pages without text (PyMuPDF 2.0)
    if document.is_encrypted and document.needs_pass:
        raise ReadError.said(ReadErrorKind.ENCRYPTED, "read.encrypted", name=path.name)
    pages = document.page_count
    if pages > limits.max_pages:
        raise ReadError.said(
            ReadErrorKind.TOO_LARGE,
            "read.too_many_pages",
            name=path.name,
            pages=f"{pages:,}",
            most=f"{limits.max_pages:,}",
        )
    if pages == 0:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_pages", name=path.name)
    headings = _headings_by_page(document, pages)
    try:
        blocks, scans, image_pages = _text_layer(document, path, headings, limits, ocr is not None)
    except (ReadError, Cancelled):  # a cancel is not damage
        raise
    except Exception as exc:
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.damaged_pages", name=path.name, error=exc) from exc
    notes: list[Phrase | str] = []
    if ocr is None:
        visible = sum(len(b.text.replace(" ", "")) for b in blocks)
        if visible < _SCANNED_TEXT_CHARS and image_pages:
            raise ReadError.said(ReadErrorKind.SCANNED, "read.scan", name=path.name)
    elif scans:
        blocks, notes = _with_ocr(document, path, blocks, scans, headings=headings, ocr=ocr, limits=limits)
        if not blocks:
            reason = said("read.notes", notes=joined(notes)) if notes else ""
            raise ReadError.said(ReadErrorKind.EMPTY, "read.scan_no_text", name=path.name, reason=reason)
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_text", name=path.name)
    title = str((document.metadata or {}).get("title") or "").strip()
    return ParsedDocument(blocks, kind.lower(), title=title, notes=notes)


def _text_layer(
    document: Any, path: Path, headings: dict[int, tuple[str, ...]], limits: ReaderLimits, drop_scans: bool
) -> tuple[list[Block], list[int], int]:
    """Each page's text blocks; the pages that are scans (images, almost no text: OCR reads them,
    and ``drop_scans`` leaves out their stray characters); how many pages carry images."""
    kind = "EPUB" if path.suffix.lower() == ".epub" else "PDF"
    blocks: list[Block] = []
    scans: list[int] = []
    chars = image_pages = 0
    for number, page in enumerate(document, start=1):
        heading = headings.get(number, ())
        found = []
        for raw in page.get_text("blocks"):
            text = _clean(raw[4]) if raw[6] == 0 else ""  # type 1: an image block
            if text:
                chars += len(text)
                found.append(Block(text, Location(page=number, heading=heading), " › ".join(heading)))
        has_images = bool(page.get_images(full=False))
        image_pages += has_images
        visible = sum(len(b.text.replace(" ", "")) for b in found)
        if has_images and visible < _SCANNED_TEXT_CHARS and kind == "PDF":
            scans.append(number)
            found = [] if drop_scans else found
        blocks.extend(found)
        check_chars(path.name, chars, limits)
    return blocks, scans, image_pages


def _with_ocr(
    document: Any,
    path: Path,
    blocks: list[Block],
    scans: list[int],
    *,
    headings: dict[int, tuple[str, ...]],
    ocr: OcrOptions,
    limits: ReaderLimits,
) -> tuple[list[Block], list[Phrase | str]]:
    """``blocks`` with the OCR'd text of the ``scans`` pages put in page order, and notes on what
    OCR left out."""
    notes: list[Phrase | str] = []
    read = scans[: ocr.max_pages]
    if len(scans) > len(read):
        notes.append(said("read.note.first_scans", read=len(read), total=len(scans), most=ocr.max_pages))
    by_page: dict[int, list[Block]] = {}
    chars = sum(len(b.text) for b in blocks)
    for done, number in enumerate(read):
        if ocr.on_page is not None:
            ocr.on_page(done, len(read), number)
        page = document[number - 1]
        try:
            result = ocr.read_page(number, functools.partial(_render, page, ocr.dpi), path.name)
        except OcrUnavailableError:
            if not blocks and not by_page:
                raise  # nothing else to index: the document needs OCR
            notes.append(said("read.note.not_read", count=len(read) - done))
            break
        if result.timed_out:
            notes.append(said("read.note.timed_out", page=number, seconds=f"{ocr.engine.page_timeout_s:g}"))
            continue
        heading = headings.get(number, ())
        section = f"{' › '.join(heading)}#ocr-page-{number}"
        found = [
            Block(text, Location(page=number, heading=heading, ocr=True), section)
            for text in result.paragraphs()
        ]
        chars += sum(len(b.text) for b in found)
        check_chars(path.name, chars, limits)
        by_page[number] = found
    if ocr.on_page is not None and read:
        ocr.on_page(len(read), len(read), read[-1])
    merged: list[Block] = []
    pages = sorted({b.location.page or 0 for b in blocks} | set(by_page))
    text_by_page: dict[int, list[Block]] = {}
    for block in blocks:
        text_by_page.setdefault(block.location.page or 0, []).append(block)
    for number in pages:
        merged.extend(text_by_page.get(number, []))
        merged.extend(by_page.get(number, []))
    return merged, notes


def _render(page: Any, dpi: int) -> tuple[bytes, float]:
    """The page as a grey PNG at ``dpi`` (less for a page so large it would pass the pixel cap), and
    the factor from its pixels to the page's points."""
    import pymupdf

    width, height = page.rect.width / 72 * dpi, page.rect.height / 72 * dpi
    if width * height > _MAX_OCR_PIXELS:
        dpi = max(int(dpi * (_MAX_OCR_PIXELS / (width * height)) ** 0.5), 1)
    pixmap = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    return bytes(pixmap.tobytes("png")), page.rect.width / max(pixmap.width, 1)


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
