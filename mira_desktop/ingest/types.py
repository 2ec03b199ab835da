"""What readers produce: blocks of text, each with the place in the file it came from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any

from mira_desktop.core.phrases import Phrase, said


@dataclass(frozen=True)
class Location:
    """Where a piece of text sits in its file; every field is optional and 1-based.

    Ranges (``page``–``page_end``, ``row_start``–``row_end``, ``line_start``–``line_end``) are
    inclusive. ``heading`` is the path of headings above the text (document title first).
    """

    page: int | None = None
    page_end: int | None = None
    slide: int | None = None
    notes: bool = False
    sheet: str | None = None
    row_start: int | None = None
    row_end: int | None = None
    line_start: int | None = None
    line_end: int | None = None
    paragraph: int | None = None
    paragraph_end: int | None = None
    heading: tuple[str, ...] = ()
    ocr: bool = False  # the text was read from a picture of the page (Tesseract), not its text layer

    def to_dict(self) -> dict[str, Any]:
        """The fields that are set, as JSON-ready data (``heading`` as a list)."""
        data: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None or value == () or value is False:
                continue
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Location:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        if "heading" in values:
            values["heading"] = tuple(values["heading"])
        return cls(**values)

    def label(self) -> str:
        """A short human label such as ``p. 3``, ``slide 2 (notes)``, ``Sheet1, rows 2–9``."""
        parts: list[str] = []
        if self.page is not None:
            end = self.page_end or self.page
            parts.append(f"p. {self.page}" if end == self.page else f"pp. {self.page}–{end}")
        if self.slide is not None:
            parts.append(f"slide {self.slide}" + (" (notes)" if self.notes else ""))
        if self.sheet is not None:
            parts.append(self.sheet + _range(", row", self.row_start, self.row_end))
        elif self.row_start is not None:
            parts.append(_range("row", self.row_start, self.row_end).strip(", "))
        if self.line_start is not None:
            parts.append(_range("line", self.line_start, self.line_end).strip(", "))
        if self.heading and self.page is None and self.slide is None and self.sheet is None:
            parts.append("§ " + " › ".join(self.heading))
        if self.paragraph is not None and not parts:
            parts.append(_range("¶", self.paragraph, self.paragraph_end).strip(", "))
        if self.ocr:
            parts.append("OCR")
        return ", ".join(parts) if parts else "whole document"


def _range(noun: str, start: int | None, end: int | None) -> str:
    if start is None:
        return ""
    if end is None or end == start:
        return f"{noun} {start}".replace("¶ ", "¶")
    return f"{noun}s {start}–{end}".replace("¶s ", "¶")


def span(locations: Iterable[Location]) -> Location:
    """The smallest location covering all of ``locations`` (ranges widened, the first heading kept)."""
    items = list(locations)
    if not items:
        return Location()
    first = items[0]

    def lo(name: str) -> int | None:
        values = [getattr(x, name) for x in items if getattr(x, name) is not None]
        return min(values) if values else None

    def hi(start: str, end: str) -> int | None:
        values = [getattr(x, end) or getattr(x, start) for x in items if getattr(x, start) is not None]
        return max(values) if values else None

    merged = replace(
        first,
        page=lo("page"),
        page_end=hi("page", "page_end"),
        row_start=lo("row_start"),
        row_end=hi("row_start", "row_end"),
        line_start=lo("line_start"),
        line_end=hi("line_start", "line_end"),
        paragraph=lo("paragraph"),
        paragraph_end=hi("paragraph", "paragraph_end"),
        ocr=any(x.ocr for x in items),
    )
    if merged.page is not None and merged.page_end == merged.page:
        merged = replace(merged, page_end=None)
    return merged


@dataclass(frozen=True)
class Block:
    """A paragraph, table rows, a slide's text or a few lines of code, with its location.

    ``section`` groups blocks that belong together (a slide, a sheet, the text under one heading):
    chunks never cross from one section into the next.
    """

    text: str
    location: Location
    section: str = ""


class ReadErrorKind(Enum):
    ENCRYPTED = "encrypted"
    CORRUPT = "corrupt"
    EMPTY = "empty"
    SCANNED = "scanned"
    NEEDS_OCR = "needs_ocr"  # a scan or a picture, and Tesseract is not installed
    TOO_LARGE = "too_large"
    UNSUPPORTED = "unsupported"


class ReadError(Exception):
    """A file that cannot be read; ``str(error)`` is one sentence naming the reason, and ``phrase``
    that sentence for the window when it was made with :meth:`said`."""

    phrase: Phrase | None = None

    def __init__(self, kind: ReadErrorKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind

    @classmethod
    def said(cls, kind: ReadErrorKind, key: str, /, **values: Any) -> ReadError:
        """The error of ``kind`` whose sentence is the phrase ``key`` of ``core.phrases``."""
        phrase = said(key, **values)
        error = cls(kind, phrase.english)
        error.phrase = phrase
        return error


@dataclass(frozen=True)
class ParsedDocument:
    """A file's text as blocks in reading order; ``title`` is the document's own title, if any."""

    blocks: list[Block]
    format: str
    title: str = ""
    notes: list[Phrase | str] = field(default_factory=list)

