"""PPTX through python-pptx: one block per slide (titles, text, tables, groups, charts) and its notes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mira_desktop.ingest.limits import ReaderLimits, check_chars, check_zip_container
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind


def read_pptx(path: Path, limits: ReaderLimits) -> ParsedDocument:
    import pptx

    check_zip_container(path, limits, "PowerPoint")
    try:
        presentation = pptx.Presentation(str(path))
        slides = list(presentation.slides)
    except Exception as exc:
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_pptx", name=path.name, error=exc) from exc
    if not slides:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_slides", name=path.name)
    blocks: list[Block] = []
    chars = 0
    for number, slide in enumerate(slides, start=1):
        title = _slide_title(slide)
        heading = (title,) if title else ()
        section = f"slide {number}"
        lines = [line for shape in slide.shapes for line in _shape_lines(shape)]
        body = "\n".join(lines).strip()
        if body:
            blocks.append(Block(body, Location(slide=number, heading=heading), section))
        notes = _notes(slide)
        if notes:
            blocks.append(Block(notes, Location(slide=number, notes=True, heading=heading), section))
        chars += len(body) + len(notes)
        check_chars(path.name, chars, limits)
    if not blocks:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_slide_text", name=path.name)
    return ParsedDocument(blocks, "pptx", title=_core_title(presentation))


def _slide_title(slide: Any) -> str:
    try:
        shape = slide.shapes.title
    except Exception:  # python-pptx raises on a damaged placeholder: the slide's text is read without it
        return ""
    if shape is None or not shape.has_text_frame:
        return ""
    return " ".join(str(shape.text_frame.text).split())


def _shape_lines(shape: Any) -> list[str]:
    lines: list[str] = []
    try:
        if hasattr(shape, "shapes"):  # a group shape
            for child in shape.shapes:
                lines.extend(_shape_lines(child))
            return lines
        if getattr(shape, "has_text_frame", False) and shape.has_text_frame:
            text = str(shape.text_frame.text).strip()
            if text:
                lines.append(text)
        if getattr(shape, "has_table", False) and shape.has_table:
            for row in shape.table.rows:
                cells = [" ".join(str(cell.text).split()) for cell in row.cells]
                if any(cells):
                    lines.append(" | ".join(cells))
        if getattr(shape, "has_chart", False) and shape.has_chart:
            lines.extend(_chart_lines(shape.chart))
    except Exception:  # one broken shape does not hide the rest of the slide
        return lines
    return lines


def _chart_lines(chart: Any) -> list[str]:
    lines: list[str] = []
    if chart.has_title and chart.chart_title.has_text_frame:
        title = str(chart.chart_title.text_frame.text).strip()
        if title:
            lines.append(title)
    for plot in chart.plots:
        categories = [str(c) for c in plot.categories]
        for series in plot.series:
            values = ", ".join(
                f"{c}: {v}" if c else str(v)
                for c, v in zip(categories or [""] * len(series.values), series.values, strict=False)
            )
            lines.append(f"{series.name}: {values}")
    return lines


def _notes(slide: Any) -> str:
    try:
        if not slide.has_notes_slide:
            return ""
        frame = slide.notes_slide.notes_text_frame
    except Exception:  # damaged speaker notes: the slide itself is still read
        return ""
    return "" if frame is None else str(frame.text).strip()


def _core_title(presentation: Any) -> str:
    try:
        return str(presentation.core_properties.title or "").strip()
    except Exception:  # damaged core properties: the document is read without a title of its own
        return ""
