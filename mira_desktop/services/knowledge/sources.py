"""Opening a cited source: the stored copy of the document version an answer quoted, at its page,
with the passage found on it (:mod:`.passage_marks`) — for Mira's viewer and `mira kb show-source`.

A source is a knowledge base's document, or a passage of the file the question was sent with
(``origin: attachment``): that opens from the stored copy of the attachment, the same way.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mira_desktop.core.errors import NotFoundError
from mira_desktop.ingest.ocr import Box, is_image
from mira_desktop.ingest.types import Location
from mira_desktop.services.knowledge.files import KnowledgeFiles
from mira_desktop.services.knowledge.passage_marks import (
    TextPassage,
    mark_passage,
    ocr_pages_beside,
    ocr_words,
    pdf_words,
    text_passage,
)
from mira_desktop.store.documents import DocumentRepository
from mira_desktop.store.messages import MessageRepository


@dataclass(frozen=True)
class SourceFile:
    path: Path
    document: str
    page: int | None  # 1-based, for PDF sources
    label: str


@dataclass(frozen=True)
class CitedPassage:
    """Source ``[n]`` of an answer: its stored copy, where the passage is, and the passage."""

    n: int
    source: SourceFile
    location: dict[str, Any]
    quote: str
    kind: str  # "pdf" and "image" open as pages; "text" as lines or blocks
    suffix: str = ""  # the document's own (a stored attachment is named by its hash alone)

    @property
    def ocr(self) -> bool:
        return bool(self.location.get("ocr"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "document": self.source.document,
            "location": self.location,
            "location_label": self.source.label,
            "page": self.source.page,
            "ocr": self.ocr,
            "path": str(self.source.path),
            "quote": self.quote,
        }


@dataclass(frozen=True)
class PageView:
    """One page rendered for the viewer, with the passage's rectangles in the PNG's pixels."""

    page: int
    pages: int
    png: bytes
    width: int
    height: int
    marks: list[Box] = field(default_factory=list)
    cited_from: int = 1  # the pages the passage is cited on
    cited_to: int = 1
    zoom: float = 1.0  # pixels per point


class SourceService:
    def __init__(
        self,
        messages: MessageRepository,
        documents: DocumentRepository,
        files: KnowledgeFiles,
        attachment_path: Callable[[str], Path] | None = None,
    ) -> None:
        self._messages = messages
        self._documents = documents
        self._files = files
        self._attachment_path = attachment_path

    def passage(self, message_id: str, number: int) -> CitedPassage:
        """Source ``[number]`` of an answer with its passage, from a knowledge base or an attached file."""
        source = self._source(message_id, number)
        if source.get("origin") == "attachment" and self._attachment_path is not None:
            path = self._attachment_path(str(source.get("attachment_id", "")))
            location = dict(source.get("location") or {})
            paged = _kind(Path(str(source.get("document", ""))).suffix.lower()) != "text"
            page = location.get("page") if paged else None
            found = SourceFile(path, str(source.get("document")), page if isinstance(page, int) else None,
                               str(source.get("location_label", "")))  # fmt: skip
        else:
            found = self.cited(message_id, number)
        location = dict(source.get("location") or {})
        suffix = Path(found.document).suffix.lower() or found.path.suffix.lower()
        return CitedPassage(number, found, location, str(source.get("quote", "")), _kind(suffix), suffix)

    def page_view(self, passage: CitedPassage, page: int | None = None, zoom: float = 1.5) -> PageView:
        """Page ``page`` rendered at ``zoom`` — by default the cited page where the passage is found
        (a passage may run over pages); the cited pages carry the passage's rectangles (found in
        their text layer, or in the words OCR read there)."""
        pymupdf: Any = importlib.import_module("pymupdf")  # untyped library
        first = passage.source.page or 1
        last = int(passage.location.get("page_end") or first)
        with pymupdf.open(passage.source.path, filetype=passage.suffix.lstrip(".") or None) as document:
            cited = range(first, min(last, document.page_count) + 1)
            number = min(max(page or first, 1), document.page_count)
            boxes: list[Box] = []
            if passage.quote and page is None:  # the cited page that holds most of the passage
                found = {n: self._passage_boxes(passage, document, n) for n in list(cited)[:_MAX_CITED_PAGES]}
                best = max(found, key=lambda n: _area(found[n]), default=number)
                if found.get(best):
                    number, boxes = best, found[best]
            elif passage.quote and number in cited:
                boxes = self._passage_boxes(passage, document, number)
            shown = document[number - 1]
            pixmap = shown.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
            scale = pixmap.width / max(shown.rect.width, 1)
            marks = [(x0 * scale, y0 * scale, x1 * scale, y1 * scale) for x0, y0, x1, y1 in boxes]
            return PageView(number, document.page_count, bytes(pixmap.tobytes("png")),
                            pixmap.width, pixmap.height, marks, first, cited.stop - 1, zoom)  # fmt: skip

    def _passage_boxes(self, passage: CitedPassage, document: Any, number: int) -> list[Box]:
        """The passage's rectangles in the page's points."""
        found = mark_passage(pdf_words(document, number), passage.quote) if passage.kind == "pdf" else []
        if found:
            return found
        page = ocr_pages_beside(passage.source.path).get(number)
        if page is None:
            return []
        boxes = mark_passage(ocr_words(page), passage.quote)
        if passage.kind == "image":  # OCR read the picture in its pixels; the page is in points
            factor = document[number - 1].rect.width / max(_picture_width(passage.source.path), 1)
            boxes = [(x0 * factor, y0 * factor, x1 * factor, y1 * factor) for x0, y0, x1, y1 in boxes]
        return boxes

    @staticmethod
    def text_view(passage: CitedPassage) -> TextPassage:
        """A non-PDF source as text, with the cited lines, rows, slide or paragraphs marked."""
        return text_passage(
            passage.source.path, Location.from_dict(passage.location), passage.quote, passage.suffix
        )

    def _source(self, message_id: str, number: int) -> dict[str, Any]:
        message = self._messages.get(message_id)
        if message is None:
            raise NotFoundError.said("kb.no_message", message_id=message_id)
        sources: list[dict[str, Any]] = message.metadata.get("sources") or []
        source = next((s for s in sources if s.get("n") == number), None)
        if source is None:
            count = len(sources)
            if count:
                raise NotFoundError.said("kb.no_source", number=number, count=count)
            raise NotFoundError.said("kb.no_sources", number=number)
        return source

    def cited(self, message_id: str, number: int) -> SourceFile:
        """Where source ``[number]`` of an answer lives on disk (the copy Mira indexed)."""
        source = self._source(message_id, number)
        version = self._documents.version(str(source.get("version_id", "")))
        kb_id = str(source.get("knowledge_base_id") or "")
        if version is None or not version.stored_path or not kb_id:
            raise NotFoundError.said("kb.source_gone", document=source.get("document"))
        path = self._files.source_path(kb_id, version.stored_path)
        if not path.exists():
            raise NotFoundError.said("kb.copy_missing", document=source.get("document"), path=path)
        location = source.get("location") or {}
        page = location.get("page") if path.suffix.lower() == ".pdf" or is_image(path) else None
        return SourceFile(path, str(source.get("document")), page if isinstance(page, int) else None,
                          str(source.get("location_label", "")))  # fmt: skip

    @staticmethod
    def render_pdf_page(path: Path, page: int, zoom: float = 1.5) -> bytes:
        """PNG bytes of one PDF page (1-based): shown in the app, no external viewer needed."""
        pymupdf: Any = importlib.import_module("pymupdf")  # untyped library
        with pymupdf.open(path) as document:
            index = min(max(page, 1), document.page_count) - 1
            pixmap = document[index].get_pixmap(matrix=pymupdf.Matrix(zoom, zoom))
            return bytes(pixmap.tobytes("png"))


_MAX_CITED_PAGES = 6  # a passage cited over more pages opens at the best of its first six


def _area(boxes: list[Box]) -> float:
    return sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)


def _kind(suffix: str) -> str:
    if suffix == ".pdf":
        return "pdf"
    return "image" if is_image(Path(f"x{suffix}")) else "text"


def _picture_width(path: Path) -> int:
    from PIL import Image

    with Image.open(path) as picture:
        return int(picture.width)
