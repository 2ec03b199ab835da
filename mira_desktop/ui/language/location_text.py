"""Where a passage sits in its file (``p. 3``, ``lines 1–3``, ``slide 2``, ``p. 3, OCR``), in the window's language.

The same reading as :meth:`mira_desktop.ingest.types.Location.label`, whose English the services
store and the command prints; the window writes the stored location again with its own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mira_desktop.ui.language.i18n import tr


def location_text(location: Mapping[str, Any] | None, fallback: str = "") -> str:
    """``location`` (a stored ``Location.to_dict()``) as the window says it; ``fallback`` (the stored
    English label) when there is no location to read."""
    if not location:
        return fallback
    parts: list[str] = []
    page, slide, sheet = location.get("page"), location.get("slide"), location.get("sheet")
    if page is not None:
        parts.append(_span("page", page, location.get("page_end")))
    if slide is not None:
        parts.append(tr("look.loc.slide", n=slide) + (tr("look.loc.notes") if location.get("notes") else ""))
    rows = location.get("row_start"), location.get("row_end")
    if sheet is not None:
        parts.append(f"{sheet}, {_span('row', *rows)}" if rows[0] is not None else str(sheet))
    elif rows[0] is not None:
        parts.append(_span("row", *rows))
    if location.get("line_start") is not None:
        parts.append(_span("line", location["line_start"], location.get("line_end")))
    heading = location.get("heading") or []
    if heading and page is None and slide is None and sheet is None:
        parts.append("§ " + " › ".join(str(h) for h in heading))
    if location.get("paragraph") is not None and not parts:
        parts.append(_span("paragraph", location["paragraph"], location.get("paragraph_end")))
    if not parts:
        return tr("look.loc.whole")
    if location.get("ocr"):
        parts.append(tr("look.loc.ocr"))  # the text was read from a picture of the page
    return tr("look.loc.separator").join(parts)


def _span(noun: str, start: object, end: object) -> str:
    if end is None or end == start:
        return tr(f"look.loc.{noun}", n=start)
    return tr(f"look.loc.{noun}s", start=start, end=end)
