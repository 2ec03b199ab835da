"""DOCX through python-docx: paragraphs and tables in body order, under their heading path.

The body is walked as XML rather than through python-docx's table objects, which refuse tables that
lack optional elements (``<w:tblPr>``) that Word itself tolerates.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mira_desktop.ingest.limits import ReaderLimits, check_chars, check_zip_container
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_HEADING_STYLE = re.compile(r"^(?:heading|überschrift|titre|标题)\s*(\d)$", re.IGNORECASE)


def read_docx(path: Path, limits: ReaderLimits) -> ParsedDocument:
    import docx

    check_zip_container(path, limits, "DOCX")
    try:
        document = docx.Document(str(path))
    except Exception as exc:
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_docx", name=path.name, error=exc) from exc
    styles = _style_levels(document)
    blocks: list[Block] = []
    headings: list[str] = []
    chars = 0
    title = ""
    for index, element in enumerate(_body_elements(document.element.body), start=1):
        if element.tag == _W + "p":
            text = _paragraph_text(element).strip()
            if not text:
                continue
            level = styles.get(_style_id(element))
            if level is not None:
                headings = [*headings[: max(level - 1, 0)], text] if level > 0 else [text]
                title = title or (text if level == 0 else "")
            location = Location(paragraph=index, heading=tuple(headings))
        elif element.tag == _W + "tbl":
            text = _table_text(element)
            if not text:
                continue
            location = Location(paragraph=index, heading=tuple(headings))
        else:
            continue
        chars += len(text)
        check_chars(path.name, chars, limits)
        blocks.append(Block(text, location, " › ".join(headings)))
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_text_no_ocr", name=path.name)
    core_title = ""
    try:
        core_title = (document.core_properties.title or "").strip()
    except Exception:  # a document without core properties still has its text
        core_title = ""
    return ParsedDocument(blocks, "docx", title=core_title or title)


def _body_elements(body: Any) -> list[Any]:
    """Paragraphs and tables of the body, including those inside content controls (``w:sdt``)."""
    found: list[Any] = []
    for child in body.iterchildren():
        if child.tag in (_W + "p", _W + "tbl"):
            found.append(child)
        elif child.tag == _W + "sdt":
            content = child.find(_W + "sdtContent")
            if content is not None:
                found.extend(_body_elements(content))
    return found


def _style_levels(document: Any) -> dict[str, int]:
    """Style id → heading level (0 for Title), from the styles' names and outline levels."""
    levels: dict[str, int] = {}
    try:
        styles = list(document.styles)
    except Exception:  # an unreadable styles part: the built-in heading names still mark headings
        return {"Title": 0, **{f"Heading{n}": n for n in range(1, 10)}}
    for style in styles:
        try:
            name = (style.name or "").strip()
            style_id = style.style_id
        except Exception:  # a style python-docx cannot describe is not a heading style
            continue
        match = _HEADING_STYLE.match(name)
        if name.lower() == "title":
            levels[style_id] = 0
        elif match:
            levels[style_id] = int(match.group(1))
    for n in range(1, 10):
        levels.setdefault(f"Heading{n}", n)
    levels.setdefault("Title", 0)
    return levels


def _style_id(paragraph: Any) -> str:
    style = paragraph.find(f"{_W}pPr/{_W}pStyle")
    return "" if style is None else str(style.get(_W + "val", ""))


def _paragraph_text(paragraph: Any) -> str:
    parts: list[str] = []
    for node in paragraph.iter(_W + "t", _W + "tab", _W + "br", _W + "cr"):
        if node.tag == _W + "t":
            parts.append(node.text or "")
        elif node.tag == _W + "tab":
            parts.append("\t")
        else:
            parts.append("\n")
    return "".join(parts)


def _table_text(table: Any) -> str:
    """One line per row, cells joined by `` | ``; nested tables are flattened into their cell."""
    lines: list[str] = []
    for row in table.iterchildren(_W + "tr"):
        cells = []
        for cell in row.iterchildren(_W + "tc"):
            text = " ".join(
                t for p in cell.iter(_W + "p") if (t := _paragraph_text(p).strip().replace("\n", " "))
            )
            cells.append(text)
        if any(cells):
            lines.append(" | ".join(cells))
    return "\n".join(lines)
