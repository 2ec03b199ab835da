"""OCR accuracy and speed: character error rate and seconds per page, English and Chinese, against
the text layer of the same pages.

Pages of real text PDFs from the shared corpus are rendered to grey pictures at each resolution and
put in image-only pages (a scan whose true text is known: the page's text layer). Two engines read
them: Mira's (the ``tesseract`` program, TSV with word boxes, one thread per process — what
``pytesseract`` runs) and, as the baseline, PyMuPDF's OCR text page (``get_textpage_ocr``, Tesseract
linked into MuPDF). The error is counted line by line: each printed line of the text layer against the OCR'd
words that lie on it (so reading order, e.g. of two columns, does not count);
words go to the line their box overlaps most, words outside every line count as insertions; letters, digits and Chinese characters only (NFKC, case
folded; spaces and punctuation aside). Goals: CER ≤ 3 % English, ≤ 8 % Chinese.

Run: ``.venv/bin/python benchmarks/ocr.py [--runs N] [--dpi 200 300]``; results in
``benchmarks/results/ocr.json``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reporting import Spread, machine, machine_load, table, write_results
from mira_desktop.ingest.ocr import Tesseract

DOCS = Path(__file__).resolve().parents[2] / "shared" / "data" / "docs"
PAGES = {  # (file, page) whose text layer is clean
    "en": [("pdf/normal/pdfjs__tracemonkey.pdf", 1), ("pdf/normal/pdfjs__tracemonkey.pdf", 2),
           ("pdf/normal/unstructured__multi-column-2p.pdf", 1), ("pdf/normal/pymupdf__2201.00069.pdf", 1)],
    "zh": [("pdf/cjk/pdfjs__XiaoBiaoSong.pdf", 1), ("pdf/cjk/pymupdf__chinese-tables.pdf", 1)],
}  # fmt: skip
LANGUAGES = {"en": ("eng", "chi_sim"), "zh": ("eng", "chi_sim")}  # a base's default, for both
GOALS = {"en": 0.03, "zh": 0.08}
TESSDATA = "/usr/share/tesseract-ocr/5/tessdata"
Line = tuple[str, tuple[float, float, float, float]]


def letters(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", text).casefold() if c.isalnum())


def distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
        previous = current
    return previous[-1]


def truth_lines(page: Any) -> list[Line]:
    """The text layer's printed lines: its own lines, those side by side on one baseline merged (a
    Chinese layer may hold each character as a line of its own)."""
    pieces = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            text = "".join(span["text"] for span in line["spans"])
            if letters(text):
                pieces.append((text, tuple(line["bbox"])))
    pieces.sort(key=lambda p: (round(p[1][1]), p[1][0]))
    merged: list[Line] = []
    for text, box in pieces:
        if merged:
            last_text, last = merged[-1]
            height = min(box[3] - box[1], last[3] - last[1])
            overlap = min(box[3], last[3]) - max(box[1], last[1])
            if height > 0 and overlap > 0.5 * height and last[0] <= box[0] <= last[2] + 1.5 * height:
                merged[-1] = (last_text + text, (last[0], min(last[1], box[1]), max(last[2], box[2]), max(last[3], box[3])))
                continue
        merged.append((text, box))
    return merged


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    width = min(a[2], b[2]) - max(a[0], b[0])
    height = min(a[3], b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def errors(truth: list[Line], words: list[Line]) -> tuple[int, int]:
    """(character errors, true characters) of ``words`` (text and box in page points) against ``truth``."""
    taken: dict[int, list[Line]] = {i: [] for i in range(len(truth))}
    stray = 0
    for word in words:  # to the line its box overlaps most (a word glued to dot leaders runs past it)
        overlaps = [_overlap(word[1], box) for _, box in truth]
        best = max(range(len(truth)), key=overlaps.__getitem__, default=None)
        if best is None or overlaps[best] <= 0:
            stray += len(letters(word[0]))
        else:
            taken[best].append(word)
    wrong = stray
    for index, (text, _) in enumerate(truth):
        read = "".join(w[0] for w in sorted(taken[index], key=lambda w: w[1][0]))
        wrong += distance(letters(text), letters(read))
    return wrong, sum(len(letters(t)) for t, _ in truth)


def scanned(pymupdf: Any, page: Any, dpi: int) -> tuple[bytes, Any, Any]:
    """The page as a grey PNG, and an image-only page holding it (for PyMuPDF's OCR)."""
    png = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY).tobytes("png")
    holder = pymupdf.open()
    blank = holder.new_page(width=page.rect.width, height=page.rect.height)
    blank.insert_image(blank.rect, stream=png)
    return png, holder, blank


def mira_words(png: bytes, languages: tuple[str, ...], factor: float) -> list[Line]:
    read = Tesseract(languages, page_timeout_s=600).read(png).scaled(factor, factor)
    return [(w.text, w.box) for line in read.lines for w in line.words]


def pymupdf_words(blank: Any, languages: tuple[str, ...], dpi: int) -> list[Line]:
    textpage = blank.get_textpage_ocr(language="+".join(languages), dpi=dpi, full=True, tessdata=TESSDATA)
    return [(str(w[4]), (w[0], w[1], w[2], w[3])) for w in blank.get_text("words", textpage=textpage)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="readings of each page per engine and resolution")
    parser.add_argument("--dpi", type=int, nargs="+", default=[200, 300])
    parser.add_argument("--languages", nargs="+", choices=sorted(PAGES), default=sorted(PAGES))
    args = parser.parse_args()
    if not DOCS.is_dir():
        print(f"the shared document corpus is not at {DOCS}", file=sys.stderr)
        return 1
    import pymupdf

    os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # PyMuPDF's Tesseract, like Mira's, on one thread
    load_before = machine_load()
    results: list[dict[str, Any]] = []
    rows = []
    for language, pages in [(k, v) for k, v in PAGES.items() if k in args.languages]:
        for dpi in args.dpi:
            for engine in ("mira (tesseract CLI)", "pymupdf get_textpage_ocr"):
                wrong = total = 0
                seconds: list[float] = []
                for name, number in pages:
                    with pymupdf.open(DOCS / name) as document:
                        page = document[number - 1]
                        truth = truth_lines(page)
                        png, holder, blank = scanned(pymupdf, page, dpi)
                        for _ in range(args.runs):
                            started = time.perf_counter()
                            if engine.startswith("mira"):
                                words = mira_words(png, LANGUAGES[language], 72 / dpi)
                            else:
                                words = pymupdf_words(blank, LANGUAGES[language], dpi)
                            seconds.append(time.perf_counter() - started)
                        holder.close()
                        page_wrong, page_total = errors(truth, words)
                        wrong, total = wrong + page_wrong, total + page_total
                cer = wrong / max(total, 1)
                spread = Spread.of(seconds)
                verdict = "meets" if cer <= GOALS[language] else "misses"
                results.append({"language": language, "dpi": dpi, "engine": engine, "pages": len(pages),
                                "true_chars": total, "errors": wrong, "cer": cer,
                                "seconds_per_page": spread.to_json(seconds), "goal": GOALS[language],
                                "verdict": verdict})  # fmt: skip
                rows.append([language, str(dpi), engine, str(len(pages)), f"{cer * 100:.1f} %",
                             f"≤ {GOALS[language] * 100:.0f} %", verdict, *spread.cells(1, 1)])  # fmt: skip
                print(f"  {language} {dpi} dpi {engine}: CER {cer * 100:.1f} %, {spread.median:.1f} s/page", flush=True)
    header = ["lang", "dpi", "engine", "pages", "CER", "goal", "verdict", "s/page", "low", "high"]
    print()
    print(table(header, rows))
    print(f"\n{args.runs} reading(s) of each page; load before {load_before['loadavg'][0]:.1f}, "
          f"after {machine_load()['loadavg'][0]:.1f} (2 cores, shared).")  # fmt: skip
    path = write_results("ocr", {"machine": machine(), "load_before": load_before, "load_after": machine_load(),
                                 "runs": args.runs, "pages": PAGES, "cases": results})  # fmt: skip
    print(f"results: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
