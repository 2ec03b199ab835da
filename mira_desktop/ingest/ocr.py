"""Reading text from pictures with Tesseract: one page at a time, its words with their boxes.

Tesseract runs as its own process (``tesseract - - -l eng+chi_sim tsv``), as ``pytesseract`` runs
it, so a page that takes too long is killed at its deadline and a cancel stops it within a tenth of
a second. PyMuPDF's in-process OCR text page was measured against it (``benchmarks/ocr.py``): it was
less accurate here and cannot be interrupted.

A page's words come back grouped into lines and paragraphs, with boxes in the picture's pixels; the
readers scale them to the page (PDF points), so a cited passage can be marked on an OCR'd page too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Protocol

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.core.cjk import cjk_writing_pattern
from mira_desktop.core.phrases import said
from mira_desktop.ingest.types import ReadError, ReadErrorKind

DEFAULT_LANGUAGES = ("eng", "chi_sim")
CJK_LANGUAGES = frozenset({"chi_sim", "chi_tra", "chi_sim_vert", "chi_tra_vert", "jpn", "kor"})
_CJK_PAGE = 0.3  # a page whose letters are at least this share Chinese is read in Chinese alone
_LATIN_NOISE = 40  # see parse_tsv
# What to install for each language (Debian package names); the one line a missing OCR shows.
PACKAGES = {
    "eng": "tesseract-ocr-eng",
    "chi_sim": "tesseract-ocr-chi-sim",
    "chi_tra": "tesseract-ocr-chi-tra",
}
# Tesseract's confidence (0-100): a line without one word above the first and whose words average
# below the second is texture read as letters (a photo's windows and bricks), not text. Words are not
# filtered one by one: real words score as low as 12 on a clean scan ("to church." on the Vicksburg
# page), and a lone e-mail address 61; leaving them out lost text.
_LINE_NEEDS_CONFIDENCE = 80
_LINE_MEAN_CONFIDENCE = 50

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class OcrWord:
    text: str
    box: Box


@dataclass(frozen=True)
class OcrLine:
    words: tuple[OcrWord, ...]
    paragraph: int  # lines of one paragraph share this number, in reading order

    @property
    def text(self) -> str:
        return join_words([w.text for w in self.words])

    @property
    def box(self) -> Box:
        return (
            min(w.box[0] for w in self.words),
            min(w.box[1] for w in self.words),
            max(w.box[2] for w in self.words),
            max(w.box[3] for w in self.words),
        )


@dataclass(frozen=True)
class OcrPage:
    """What OCR read on one page: lines in reading order, or why nothing was read."""

    lines: tuple[OcrLine, ...] = ()
    seconds: float = 0.0
    timed_out: bool = False

    def paragraphs(self) -> list[str]:
        """The page's text, one string per paragraph (its lines joined into running text)."""
        groups: dict[int, list[str]] = {}
        for line in self.lines:
            groups.setdefault(line.paragraph, []).append(line.text)
        return [joined for lines in groups.values() if (joined := join_words(lines).strip())]

    def scaled(self, sx: float, sy: float) -> OcrPage:
        """The same page with its boxes multiplied (pixels to points)."""

        def scale(box: Box) -> Box:
            return (box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy)

        lines = tuple(
            OcrLine(tuple(OcrWord(w.text, scale(w.box)) for w in line.words), line.paragraph)
            for line in self.lines
        )
        return OcrPage(lines, self.seconds, self.timed_out)


def _cjk(char: str) -> bool:
    return cjk_writing_pattern().fullmatch(char) is not None


def _tight(before: str, after: str) -> bool:
    """No space between these two characters: Chinese, or Chinese beside punctuation."""
    punct_before = unicodedata.category(before).startswith("P")
    punct_after = unicodedata.category(after).startswith("P")
    return (_cjk(before) or _cjk(after)) and (_cjk(before) or punct_before) and (_cjk(after) or punct_after)


def join_words(words: Sequence[str]) -> str:
    """Words joined as the language writes them: a space between Latin words, none between Chinese."""
    out = ""
    for word in words:
        if not word:
            continue
        if out and not _tight(out[-1], word[0]):
            out += " "
        out += word
    return out


class OcrUnavailableError(ReadError):
    """Tesseract (or a language it needs) is not installed: the sentence says what to install
    (its kind is always ``needs_ocr``)."""


@dataclass(frozen=True)
class Tesseract:
    """The ``tesseract`` program with the languages to read.

    Attributes:
        languages: Tesseract language codes (``eng``, ``chi_sim``); those not installed are left
            out, and none installed is an :class:`OcrUnavailableError`.
        program: the command (found on ``PATH`` unless a path is given).
        page_timeout_s: a page that takes longer is stopped and counted as timed out.
    """

    languages: tuple[str, ...] = DEFAULT_LANGUAGES
    program: str = "tesseract"
    page_timeout_s: float = 90.0

    def check(self, name: str = "") -> tuple[str, ...]:
        """The installed languages of those asked for; raises :class:`OcrUnavailableError`."""
        subject = said("read.ocr.named", name=name) if name else said("read.ocr.needs")
        found = shutil.which(self.program)
        if found is None:
            raise OcrUnavailableError.said(ReadErrorKind.NEEDS_OCR, "read.ocr.missing", subject=subject)
        installed = _installed_languages(found, os.environ.get("TESSDATA_PREFIX", ""))
        usable = tuple(lang for lang in self.languages if lang in installed)
        if not usable:
            wanted = " ".join(PACKAGES.get(lang, f"tesseract-ocr-{lang}") for lang in self.languages)
            raise OcrUnavailableError.said(
                ReadErrorKind.NEEDS_OCR, "read.ocr.no_languages", subject=subject, packages=wanted
            )
        return usable

    def read(self, image: bytes, cancel: CancelToken | None = None, name: str = "") -> OcrPage:
        """OCR one picture (PNG, JPEG or TIFF bytes); its boxes are in the picture's pixels.

        A page read mostly as Chinese is read again in the Chinese languages alone: measured on
        Chinese pages, ``eng+chi_sim`` lost 3-4 times as many characters as ``chi_sim`` (it reads
        dot leaders and table rules as Latin letters), while on English pages ``eng+chi_sim`` did
        as well as ``eng`` (``benchmarks/ocr.py``).
        """
        languages = self.check(name)
        started = time.perf_counter()
        deadline = started + self.page_timeout_s
        with tempfile.TemporaryDirectory(prefix="mira-ocr-") as folder:
            picture = Path(folder) / "page.img"
            picture.write_bytes(image)
            chinese = tuple(lang for lang in languages if lang in CJK_LANGUAGES)
            alone = bool(chinese) and chinese == languages
            lines = self._run(picture, languages, cancel, deadline, name, chinese_page=alone)
            if lines is not None and chinese and not alone and cjk_share(lines) >= _CJK_PAGE:
                lines = self._run(picture, chinese, cancel, deadline, name, chinese_page=True)
        if lines is None:
            return OcrPage(seconds=time.perf_counter() - started, timed_out=True)
        return OcrPage(lines, time.perf_counter() - started)

    def _run(
        self,
        picture: Path,
        languages: tuple[str, ...],
        cancel: CancelToken | None,
        deadline: float,
        name: str,
        *,
        chinese_page: bool = False,
    ) -> tuple[OcrLine, ...] | None:
        """The lines Tesseract reads in ``picture``; None when it ran past ``deadline``."""
        program = shutil.which(self.program) or self.program
        # One thread per process: on a busy machine Tesseract's OpenMP threads made pages 2-3x slower.
        env = {**os.environ, "OMP_THREAD_LIMIT": "1"}
        command = [program, str(picture), "stdout", "-l", "+".join(languages), "--psm", "3", "tsv"]
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
        )
        while True:
            try:
                output, errors = process.communicate(timeout=0.1)
                break
            except subprocess.TimeoutExpired:
                if cancel is not None and cancel.cancelled:
                    _kill(process)
                    raise Cancelled(cancel.reason) from None
                if time.perf_counter() > deadline:
                    _kill(process)
                    return None
        if process.returncode != 0:
            detail = errors.decode("utf-8", "replace").strip().splitlines()
            raise ReadError.said(
                ReadErrorKind.CORRUPT,
                "read.ocr_failed",
                name=name or said("read.the_picture"),
                reason=detail[-1] if detail else process.returncode,
            )
        return parse_tsv(output.decode("utf-8", "replace"), chinese_page)


def cjk_share(lines: Sequence[OcrLine]) -> float:
    """The share of Chinese (wide) characters among the letters and digits read."""
    chars = [c for line in lines for w in line.words for c in w.text if c.isalnum()]
    return sum(1 for c in chars if _cjk(c)) / len(chars) if chars else 0.0


def _kill(process: subprocess.Popen[bytes]) -> None:
    process.kill()
    process.communicate()


@cache
def _installed_languages(program: str, tessdata: str) -> frozenset[str]:
    del tessdata  # part of the cache key: another TESSDATA_PREFIX lists other languages
    try:
        listed = subprocess.run(
            [program, "--list-langs"], capture_output=True, text=True, timeout=20, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    lines = (listed.stdout + listed.stderr).splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and " " not in line.strip())


def parse_tsv(tsv: str, chinese_page: bool = False) -> tuple[OcrLine, ...]:
    """Tesseract's TSV (one row per word, numbered by block, paragraph and line) as lines.

    On a ``chinese_page`` a "word" without a Chinese character or a digit that Tesseract is unsure
    of is dot leaders or table rules read as Latin letters (``pp``, ``.pe``, ``ee`` at 13-31), and is
    left out."""
    lines: dict[tuple[int, int, int], list[OcrWord]] = {}
    confidences: dict[tuple[int, int, int], list[float]] = {}
    paragraphs: dict[tuple[int, int], int] = {}
    for row in tsv.splitlines()[1:]:
        cells = row.split("\t")
        if len(cells) < 12 or cells[0] != "5":
            continue
        text = cells[11].strip()
        try:
            block, par, line = int(cells[2]), int(cells[3]), int(cells[4])
            left, top, width, height = (int(c) for c in cells[6:10])
            confidence = float(cells[10])
        except ValueError:
            continue
        if not text or confidence < 0:
            continue
        if chinese_page and confidence < _LATIN_NOISE and not any(_cjk(c) or c.isdigit() for c in text):
            continue
        paragraphs.setdefault((block, par), len(paragraphs))
        lines.setdefault((block, par, line), []).append(
            OcrWord(text, (float(left), float(top), float(left + width), float(top + height)))
        )
        confidences.setdefault((block, par, line), []).append(confidence)
    return tuple(
        OcrLine(tuple(words), paragraphs[key[:2]])
        for key, words in lines.items()
        if max(confidences[key]) >= _LINE_NEEDS_CONFIDENCE
        or sum(confidences[key]) / len(confidences[key]) >= _LINE_MEAN_CONFIDENCE
    )


PageCallback = Callable[[int, int, int], None]  # (pages done, pages to read, the page's number)


class PageStore(Protocol):
    """Pages read before (by a run that was killed or cancelled): read once, kept beside the file
    (``ocr_store.FilePageStore``)."""

    def get(self, page: int) -> OcrPage | None:
        """The page read before, or None."""
        ...

    def put(self, page: int, result: OcrPage) -> None:
        """Keep a page just read."""
        ...


@dataclass
class OcrOptions:
    """How a reader OCRs what has no text layer.

    Attributes:
        engine: Tesseract with the base's languages.
        max_pages: pages OCR'd in one document; the rest are left out with the reason noted.
        dpi: the resolution a PDF page is rendered at for OCR.
        store: pages read before, and where a page read now is kept; None keeps nothing.
        on_page: told before each page is read (for progress).
        cancel: stops the work between pages and inside one.
    """

    engine: Tesseract = field(default_factory=Tesseract)
    max_pages: int = 300
    dpi: int = 300
    store: PageStore | None = None
    on_page: PageCallback | None = None
    cancel: CancelToken | None = None

    def read_page(self, number: int, render: Callable[[], tuple[bytes, float]], name: str) -> OcrPage:
        """Page ``number`` from the store, else rendered and OCR'd, its boxes scaled by the factor
        ``render`` returns with the picture (pixels to points), and then stored."""
        if self.cancel is not None:
            self.cancel.raise_if_cancelled()
        known = self.store.get(number) if self.store is not None else None
        if known is not None:
            return known
        image, factor = render()
        result = self.engine.read(image, self.cancel, name).scaled(factor, factor)
        if self.store is not None:
            self.store.put(number, result)
        return result


def image_suffixes() -> frozenset[str]:
    return frozenset([".png", ".jpg", ".jpeg", ".tif", ".tiff"])


def is_image(path: Path) -> bool:
    return path.suffix.lower() in image_suffixes()
