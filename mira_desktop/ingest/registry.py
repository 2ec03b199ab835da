"""Choosing the reader for a file by its extension, with limits checked first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from mira_desktop.core.text_form import normal_form
from mira_desktop.ingest.docx_reader import read_docx
from mira_desktop.ingest.html_reader import read_html
from mira_desktop.ingest.limits import ReaderLimits, check_file_size
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
}

# Formats people will try, with what to do instead.
_UNSUPPORTED_ADVICE = {
    ".doc": "legacy Word .doc files are not read: save it as .docx",
    ".xls": "legacy Excel .xls files are not read: save it as .xlsx",
    ".xlsb": "binary Excel .xlsb files are not read: save it as .xlsx",
    ".ods": "OpenDocument spreadsheets are not read: save it as .xlsx",
    ".odt": "OpenDocument text files are not read: save it as .docx",
    ".ppt": "legacy PowerPoint .ppt files are not read: save it as .pptx",
    ".rtf": "RTF files are not read: save it as .docx",
}
_IMAGE_SUFFIXES = frozenset([".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp", ".heic"])


def supported_suffixes() -> frozenset[str]:
    return frozenset(_READERS)


BEIR_ENTRY_SUFFIX = ".beir.json"


def is_supported(path: Path) -> bool:
    return path.suffix.lower() in _READERS


def _reader(path: Path) -> Reader | None:
    if path.name.lower().endswith(BEIR_ENTRY_SUFFIX):
        return read_beir_entry
    return _READERS.get(path.suffix.lower())


def read_file(
    path: Path, limits: ReaderLimits | None = None, *, password: str | None = None
) -> ParsedDocument:
    """Read ``path`` into located blocks, or raise :class:`ReadError` naming why it cannot be read.

    The text comes in Mira's one form (:func:`~mira_desktop.core.text_form.normal_form`: no
    ligatures, soft hyphens or full-width letters), as it is then stored, indexed and quoted.
    ``password`` opens an encrypted PDF; it is used for this read only.
    """
    return _normalised(_read(path, limits or ReaderLimits(), password))


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


def _read(path: Path, limits: ReaderLimits, password: str | None) -> ParsedDocument:
    suffix = path.suffix.lower()
    reader = _reader(path)
    if reader is None:
        if suffix in _IMAGE_SUFFIXES:
            advice = "images are not read (no OCR)"
        else:
            advice = _UNSUPPORTED_ADVICE.get(
                suffix, f"{suffix or 'files without an extension'} is not a supported format"
            )
        raise ReadError(ReadErrorKind.UNSUPPORTED, f"{path.name}: {advice}.")
    try:
        check_file_size(path, limits)
    except OSError as exc:
        raise ReadError(
            ReadErrorKind.CORRUPT, f"{path.name} cannot be read ({exc.strerror or exc})."
        ) from exc
    if password is not None and reader is read_pdf:
        return read_pdf(path, limits, password=password)
    return reader(path, limits)
