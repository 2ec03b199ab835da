"""OCR'd pages kept in a file beside the document they came from, one JSON line per page.

A line is appended (and flushed to disk) as soon as its page is read, so an index job killed on page
40 of 60 resumes at page 41; a line cut short by the kill is ignored. The viewer reads the same file
to find a cited passage's words on an OCR'd page.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from mira_desktop.ingest.ocr import OcrLine, OcrPage, OcrWord

PREFIX = "ocr-"


def store_path(folder: Path, languages: tuple[str, ...], dpi: int) -> Path:
    """Where the pages read in ``languages`` at ``dpi`` are kept (another choice reads them again)."""
    return folder / f"{PREFIX}{'+'.join(languages)}-{dpi}.jsonl"


class FilePageStore:
    """A ``PageStore`` in a JSON-lines file: one line a page, appended as each is read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.pages = read_pages(path)
        self.reused = 0  # pages a run found read already

    def get(self, page: int) -> OcrPage | None:
        found = self.pages.get(page)
        if found is not None:
            self.reused += 1
        return found

    def put(self, page: int, result: OcrPage) -> None:
        self.pages[page] = result
        self.path.parent.mkdir(parents=True, exist_ok=True)
        line = json.dumps({"page": page, **to_data(result)}, ensure_ascii=False)
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(line + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def read_pages(path: Path) -> dict[int, OcrPage]:
    """The pages in the file at ``path`` (none if it is missing); broken lines are skipped."""
    pages: dict[int, OcrPage] = {}
    try:
        text = path.read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return pages
    for raw in text.splitlines():
        try:
            data = json.loads(raw)
            pages[int(data["page"])] = from_data(data)
        except (ValueError, KeyError, TypeError):
            continue  # the last line of a killed run, cut short
    return pages


def latest_pages(folder: Path) -> dict[int, OcrPage]:
    """The pages of the newest OCR file in ``folder`` (the viewer does not know the languages used)."""
    files = sorted(folder.glob(f"{PREFIX}*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    return read_pages(files[0]) if files else {}


def to_data(page: OcrPage) -> dict[str, Any]:
    return {
        "seconds": round(page.seconds, 3),
        "timed_out": page.timed_out,
        "lines": [
            [line.paragraph, [[w.text, *(round(v, 2) for v in w.box)] for w in line.words]]
            for line in page.lines
        ],
    }


def from_data(data: dict[str, Any]) -> OcrPage:
    lines = tuple(
        OcrLine(
            tuple(OcrWord(str(w[0]), (float(w[1]), float(w[2]), float(w[3]), float(w[4]))) for w in words),
            int(par),
        )
        for par, words in data.get("lines", [])
    )
    return OcrPage(lines, float(data.get("seconds", 0.0)), bool(data.get("timed_out", False)))
