"""Window text: Mira's source viewer (the places citations name are in ``look``). The
translations are in ``ui/translations``."""

from __future__ import annotations

from mira_desktop.ui.strings.source import Source, translate

STRINGS: dict[str, Source] = {
    # The viewer (ui/chat/source_viewer.py).
    "viewer.page_of": translate("viewer", "Page {page} of {pages}", "viewer.page_of"),
    "viewer.previous": translate("viewer", "Previous page", "viewer.previous"),
    "viewer.next": translate("viewer", "Next page", "viewer.next"),
    "viewer.zoom_in": translate("viewer", "Zoom in", "viewer.zoom_in"),
    "viewer.zoom_out": translate("viewer", "Zoom out", "viewer.zoom_out"),
    "viewer.zoom": translate("viewer", "{percent}%", "viewer.zoom"),
    "viewer.open_system": translate("viewer", "Open in system viewer", "viewer.open_system"),
    "viewer.open_failed": translate(
        "viewer",
        "The system has no program that opens {name}: install one, or open it from {folder}.",
        "viewer.open_failed",
    ),
    "viewer.marked": translate("viewer", "The cited passage is marked.", "viewer.marked"),
    "viewer.marked_ocr": translate(
        "viewer", "The cited passage is marked where OCR read it on this scanned page.", "viewer.marked_ocr"
    ),
    "viewer.not_found": translate(
        "viewer",
        "The passage could not be found on this page (the file may have changed); its text is below the answer.",
        "viewer.not_found",
    ),
    "viewer.other_page": translate("viewer", "The passage is cited on {place}.", "viewer.other_page"),
    "viewer.loading": translate("viewer", "Opening the page…", "viewer.loading"),
}
