"""Choosing the reader for a file by its extension, with limits checked first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from mira_desktop.core.phrases import said
from mira_desktop.core.text_form import normal_form
from mira_desktop.ingest.docx_reader import read_docx
from mira_desktop.ingest.html_reader import read_html
from mira_desktop.ingest.image_reader import read_image
from mira_desktop.ingest.limits import ReaderLimits, check_file_size
from mira_desktop.ingest.ocr import OcrOptions, image_suffixes
from mira_desktop.ingest.pdf_reader import read_pdf
from mira_desktop.ingest.pptx_reader import read_pptx
from mira_desktop.ingest.text_reader import (
    read_beir_entry,
    read_code,
    read_csv,
    read_json,
    read_markdown,
    read_text,
    read_yaml,
)
from mira_desktop.ingest.types import ParsedDocument, ReadError, ReadErrorKind
from mira_desktop.ingest.xlsx_reader import read_xlsx

Reader = Callable[[Path, ReaderLimits], ParsedDocument]

CODE_SUFFIXES = frozenset(
    [
        ".py",
        ".pyi",
        ".js",
        ".jsx",
        ".mjs",
        ".ts",
        ".tsx",
        ".java",
        ".kt",
        ".kts",
        ".scala",
        ".go",
        ".rs",
        ".c",
        ".h",
        ".cc",
        ".cpp",
        ".cxx",
        ".hpp",
        ".hh",
        ".cs",
        ".swift",
        ".m",
        ".mm",
        ".rb",
        ".php",
        ".pl",
        ".lua",
        ".r",
        ".jl",
        ".dart",
        ".sh",
        ".bash",
        ".zsh",
        ".fish",
        ".ps1",
        ".bat",
        ".sql",
        ".css",
        ".scss",
        ".less",
        ".xml",
        ".vue",
        ".svelte",
        ".toml",
        ".ini",
        ".cfg",
        ".conf",
        ".gradle",
        ".cmake",
        ".make",
        ".mk",
        ".proto",
        ".graphql",
        ".tex",
    ]
)

_READERS: dict[str, Reader] = {
    ".pdf": read_pdf,
    ".epub": read_pdf,
    ".docx": read_docx,
    ".pptx": read_pptx,
    ".pptm": read_pptx,
    ".xlsx": read_xlsx,
    ".xlsm": read_xlsx,
    ".md": read_markdown,
    ".markdown": read_markdown,
    ".txt": read_text,
    ".text": read_text,
    ".rst": read_text,
    ".log": read_text,
    ".csv": read_csv,
    ".tsv": read_csv,
    ".json": read_json,
    ".jsonl": read_json,
    ".ndjson": read_json,
    ".yaml": read_yaml,
    ".yml": read_yaml,
    **dict.fromkeys(CODE_SUFFIXES, read_code),
    ".html": read_html,
    ".htm": read_html,
    ".xhtml": read_html,
    **dict.fromkeys(image_suffixes(), read_image),
}
# Readers that OCR what has no text layer when asked to (the others never need it).
_OCR_READERS = {".pdf": read_pdf, **dict.fromkeys(image_suffixes(), read_image)}

# Formats people will try, with what to do instead.
_UNSUPPORTED_ADVICE = {  # the phrase of core.phrases that says it
    ".doc": "read.advice.doc",
    ".xls": "read.advice.xls",
    ".xlsb": "read.advice.xlsb",
    ".ods": "read.advice.ods",
    ".odt": "read.advice.odt",
    ".ppt": "read.advice.ppt",
    ".rtf": "read.advice.rtf",
}
_IMAGE_SUFFIXES = frozenset([".gif", ".bmp", ".webp", ".heic"])  # pictures OCR does not take


BEIR_ENTRY_SUFFIX = ".beir.json"


def is_supported(path: Path) -> bool:
    return path.suffix.lower() in _READERS


def _reader(path: Path) -> Reader | None:
    if path.name.lower().endswith(BEIR_ENTRY_SUFFIX):
        return read_beir_entry
    return _READERS.get(path.suffix.lower())


def read_file(
    path: Path,
    limits: ReaderLimits | None = None,
    ocr: OcrOptions | None = None,
    *,
    password: str | None = None,
) -> ParsedDocument:
    """Read ``path`` into located blocks, or raise :class:`ReadError` naming why it cannot be read.

    With ``ocr``, scanned PDF pages and pictures (PNG, JPEG, TIFF) are read with Tesseract; without
    it they are refused as scans. The text comes in Mira's one form
    (:func:`~mira_desktop.core.text_form.normal_form`: no ligatures, soft hyphens or full-width
    letters), as it is then stored, indexed and quoted. ``password`` opens an encrypted PDF; it is
    used for this read only.
    """
    return _normalised(_read(path, limits or ReaderLimits(), ocr, password))


def _normalised(parsed: ParsedDocument) -> ParsedDocument:
    blocks = [
        replace(
            block,
            text=normal_form(block.text),
            section=normal_form(block.section),
            location=replace(block.location, heading=tuple(normal_form(h) for h in block.location.heading)),
        )
        for block in parsed.blocks
    ]
    return replace(parsed, blocks=blocks, title=normal_form(parsed.title))


def _read(path: Path, limits: ReaderLimits, ocr: OcrOptions | None, password: str | None) -> ParsedDocument:
    suffix = path.suffix.lower()
    reader = _reader(path)
    if reader is None:
        if suffix in _IMAGE_SUFFIXES:
            advice = said("read.advice.picture")
        elif suffix in _UNSUPPORTED_ADVICE:
            advice = said(_UNSUPPORTED_ADVICE[suffix])
        else:
            advice = said("read.advice.format", suffix=suffix) if suffix else said("read.advice.no_suffix")
        raise ReadError.said(ReadErrorKind.UNSUPPORTED, "read.unsupported", name=path.name, advice=advice)
    try:
        check_file_size(path, limits)
    except OSError as exc:
        raise ReadError.said(
            ReadErrorKind.CORRUPT, "read.unreadable", name=path.name, reason=exc.strerror or exc
        ) from exc
    if reader is read_pdf:
        return read_pdf(path, limits, ocr, password=password)
    ocr_reader = _OCR_READERS.get(suffix)
    if ocr_reader is not None:
        return ocr_reader(path, limits, ocr)
    return reader(path, limits)
