"""Where a cited passage is, in the window's language: "p. 3, OCR" / "第 3 页，OCR"."""

from __future__ import annotations

from typing import Any

from mira_desktop.ui.i18n import tr


def location_text(location: dict[str, Any], fallback: str = "") -> str:
    """The place ``location`` (a citation's location dict) names; ``fallback`` (the English label
    the service wrote) for places without a translation here (headings, paragraphs)."""
    parts: list[str] = []
    page, page_end = location.get("page"), location.get("page_end")
    if isinstance(page, int):
        if isinstance(page_end, int) and page_end != page:
            parts.append(tr("location.pages", start=page, end=page_end))
        else:
            parts.append(tr("location.page", n=page))
    slide = location.get("slide")
    if isinstance(slide, int):
        parts.append(tr("location.slide_notes" if location.get("notes") else "location.slide", n=slide))
    sheet, start, end = location.get("sheet"), location.get("row_start"), location.get("row_end")
    if isinstance(sheet, str) and isinstance(start, int):
        key = "location.rows" if isinstance(end, int) and end != start else "location.row"
        parts.append(tr(key, sheet=sheet, n=start, start=start, end=end))
    line, line_end = location.get("line_start"), location.get("line_end")
    if isinstance(line, int):
        key = "location.lines" if isinstance(line_end, int) and line_end != line else "location.line"
        parts.append(tr(key, n=line, start=line, end=line_end))
    heading = location.get("heading") or []
    if parts and heading and not isinstance(page, int) and not isinstance(slide, int) and not sheet:
        parts.append("§ " + " › ".join(str(h) for h in heading))
    if not parts:
        return fallback
    if location.get("ocr"):
        parts.append(tr("location.ocr"))
    return tr("location.separator").join(parts)
