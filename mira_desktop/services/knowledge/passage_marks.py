"""Where a cited passage is on its page, or in its file: what the viewer marks.

On a PDF page with a text layer the words come from PyMuPDF (``get_text("words")``); on an OCR'd
page or a picture, from the page store OCR wrote beside the stored copy. The passage is aligned with
the page's text by the characters they share (letters, digits and Chinese characters; spaces,
punctuation, hyphenation and OCR's small slips aside), and the words it covers are merged into one
rectangle per line. Other files open as text: their lines, or the reader's blocks, with the cited
ones marked.
"""

from __future__ import annotations

import difflib
import os
import tempfile
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mira_desktop.ingest.ocr import Box, OcrPage
from mira_desktop.ingest.ocr_store import latest_pages
from mira_desktop.ingest.registry import CODE_SUFFIXES, read_file
from mira_desktop.ingest.types import Location

_MIN_RUN = 3  # characters in a row that must agree for a stretch of the page to count as the passage
LINE_SUFFIXES = frozenset({".txt", ".text", ".md", ".markdown", ".rst", ".log", ".csv", ".tsv", ".json",
                           ".jsonl", ".ndjson", ".yaml", ".yml"}) | CODE_SUFFIXES  # fmt: skip


@dataclass(frozen=True)
class Word:
    text: str
    box: Box
    line: tuple[int, ...]  # words of one printed line share this key


def _letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", text).lower() if c.isalnum())


def mark_passage(words: Sequence[Word], passage: str) -> list[Box]:
    """One rectangle per line over the words of ``words`` that ``passage`` covers (none if absent)."""
    page_text, owner = "", []
    for index, word in enumerate(words):
        letters = _letters(word.text)
        page_text += letters
        owner.extend([index] * len(letters))
    wanted = _letters(passage)
    if not page_text or not wanted:
        return []
    matcher = difflib.SequenceMatcher(None, page_text, wanted, autojunk=False)
    runs = [b for b in matcher.get_matching_blocks() if b.size >= _MIN_RUN]
    runs = _densest(runs, int(len(wanted) * 1.3) + 20)
    if sum(r.size for r in runs) < min(len(wanted), 12) * 0.5:
        return []  # a few stray agreements: the passage is not on this page
    covered = sorted({owner[i] for r in runs for i in range(r.a, r.a + r.size)})
    return _line_boxes([words[i] for i in covered])


def _densest(runs: list[Any], width: int) -> list[Any]:
    """The runs inside the stretch of the page (at most ``width`` characters) that holds the most
    agreeing characters: the passage, not the words it shares with the rest of the page."""
    best: list[Any] = []
    best_size = 0
    for start, first in enumerate(runs):
        inside = [r for r in runs[start:] if r.a + r.size <= first.a + width]
        size = sum(r.size for r in inside)
        if size > best_size:
            best, best_size = inside, size
    return best


def _line_boxes(words: list[Word]) -> list[Box]:
    boxes: dict[tuple[int, ...], Box] = {}
    for word in words:
        x0, y0, x1, y1 = word.box
        if word.line in boxes:
            a0, b0, a1, b1 = boxes[word.line]
            boxes[word.line] = (min(a0, x0), min(b0, y0), max(a1, x1), max(b1, y1))
        else:
            boxes[word.line] = word.box
    return list(boxes.values())


def pdf_words(document: Any, page: int) -> list[Word]:
    """The words of a PDF page's text layer (``document`` is an open PyMuPDF document)."""
    return [
        Word(str(w[4]), (float(w[0]), float(w[1]), float(w[2]), float(w[3])), (int(w[5]), int(w[6])))
        for w in document[page - 1].get_text("words")
    ]


def ocr_words(page: OcrPage) -> list[Word]:
    return [
        Word(word.text, word.box, (line.paragraph, number))
        for number, line in enumerate(page.lines)
        for word in line.words
    ]


def ocr_pages_beside(path: Path) -> dict[int, OcrPage]:
    """The OCR'd pages kept beside a knowledge base's stored copy (none for other files)."""
    return latest_pages(path.parent)


@dataclass(frozen=True)
class TextPassage:
    """A file shown as text: its lines (or blocks), those to mark, and the first to scroll to."""

    lines: list[str]
    marked: list[int]  # 0-based indices into ``lines``

    @property
    def first(self) -> int:
        return self.marked[0] if self.marked else 0


def text_passage(path: Path, location: Location, passage: str, suffix: str = "") -> TextPassage:
    """``path`` (a file of type ``suffix``, by default its own) as text with the cited lines, rows,
    slide or paragraphs marked."""
    suffix = suffix or path.suffix.lower()
    if suffix != path.suffix.lower():  # a stored attachment, named by its hash: read it by its type
        with tempfile.TemporaryDirectory(prefix="mira-source-") as folder:
            named = Path(folder) / f"source{suffix}"
            os.symlink(path, named)
            return text_passage(named, location, passage)
    if suffix in LINE_SUFFIXES:
        lines = path.read_text("utf-8", errors="replace").splitlines()
        if location.line_start is not None:
            end = location.line_end or location.line_start
            return TextPassage(lines, list(range(location.line_start - 1, min(end, len(lines)))))
        return TextPassage(lines, _by_text([lines], passage))
    parsed = read_file(path)
    blocks = [b for b in parsed.blocks if b.text.strip()]
    marked = [i for i, b in enumerate(blocks) if _overlaps(b.location, location)]
    texts = [b.text for b in blocks]
    if not marked or len(marked) > 40:
        marked = _by_text([texts], passage) or marked
    return TextPassage(texts, marked)


def _by_text(groups: list[list[str]], passage: str) -> list[int]:
    """The entries whose letters the passage contains (or that contain a long part of it)."""
    wanted = _letters(passage)
    found = []
    for index, text in enumerate(groups[0]):
        letters = _letters(text)
        if len(letters) >= 4 and (letters in wanted or wanted[:40] in letters):
            found.append(index)
    return found


def _overlaps(block: Location, cited: Location) -> bool:
    def meets(a0: int | None, a1: int | None, b0: int | None, b1: int | None) -> bool:
        if a0 is None or b0 is None:
            return False
        return a0 <= (b1 or b0) and b0 <= (a1 or a0)

    if cited.slide is not None:
        return block.slide == cited.slide and block.notes == cited.notes
    if cited.sheet is not None:
        return block.sheet == cited.sheet and meets(
            block.row_start, block.row_end, cited.row_start, cited.row_end
        )
    if cited.paragraph is not None:
        return meets(block.paragraph, block.paragraph_end, cited.paragraph, cited.paragraph_end)
    if cited.line_start is not None:
        return meets(block.line_start, block.line_end, cited.line_start, cited.line_end)
    if cited.page is not None:
        return meets(block.page, block.page_end, cited.page, cited.page_end)
    return bool(cited.heading) and block.heading == cited.heading
