"""What a file is, decided from its bytes; its name only picks among kinds of text.

The whitelist: PNG, JPEG, WebP and GIF images; TIFF pictures (read with OCR); plain text of any kind (TXT, Markdown, CSV, JSON,
YAML, code, logs); PDF, DOCX, PPTX and XLSX. A program (ELF, PE, Mach-O, Java class, WebAssembly)
is refused whatever it is called, and so is a file whose name promises an image, a PDF or an
Office document that its content is not ("photo.png" that is text, "report.pdf" that is a program):
the person meant something else, and should know.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from enum import StrEnum
from pathlib import PurePath

from mira_desktop.core.errors import InvalidInputError
from mira_desktop.ingest.registry import CODE_SUFFIXES


class AttachmentRefusedError(InvalidInputError):
    """The file cannot be attached; ``str(error)`` names the file and the reason in one sentence."""


class Kind(StrEnum):
    IMAGE = "image"  # sent to models that see images
    FILE = "file"  # read into text


@dataclass(frozen=True)
class Sniffed:
    kind: Kind
    mime: str
    label: str  # what a person calls it: "PNG image", "PDF", "Word document (DOCX)", "text"
    suffix: str  # the suffix the reader for this content expects


_IMAGES = (
    (b"\x89PNG\r\n\x1a\n", Sniffed(Kind.IMAGE, "image/png", "PNG image", ".png")),
    (b"\xff\xd8\xff", Sniffed(Kind.IMAGE, "image/jpeg", "JPEG image", ".jpg")),
    (b"GIF87a", Sniffed(Kind.IMAGE, "image/gif", "GIF image", ".gif")),
    (b"GIF89a", Sniffed(Kind.IMAGE, "image/gif", "GIF image", ".gif")),
)
_WEBP = Sniffed(Kind.IMAGE, "image/webp", "WebP image", ".webp")
_PDF = Sniffed(Kind.FILE, "application/pdf", "PDF", ".pdf")
# A TIFF (a scanner's format) is read into text with OCR: models are not sent TIFF pictures.
_TIFF = Sniffed(Kind.FILE, "image/tiff", "TIFF image", ".tiff")
_OFFICE = (  # the part that makes a zip package this kind of Office file
    ("word/document.xml", Sniffed(Kind.FILE, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Word document (DOCX)", ".docx")),
    ("ppt/presentation.xml", Sniffed(Kind.FILE, "application/vnd.openxmlformats-officedocument.presentationml.presentation", "PowerPoint deck (PPTX)", ".pptx")),
    ("xl/workbook.xml", Sniffed(Kind.FILE, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "Excel workbook (XLSX)", ".xlsx")),
)  # fmt: skip
_PROGRAMS = (
    (b"\x7fELF", "a program (ELF executable)"),
    (b"MZ", "a Windows program (EXE or DLL)"),
    (b"\xfe\xed\xfa\xce", "a macOS program (Mach-O)"),
    (b"\xfe\xed\xfa\xcf", "a macOS program (Mach-O)"),
    (b"\xce\xfa\xed\xfe", "a macOS program (Mach-O)"),
    (b"\xcf\xfa\xed\xfe", "a macOS program (Mach-O)"),
    (b"\xca\xfe\xba\xbe", "a compiled program (Java class or Mach-O)"),
    (b"\x00asm", "a WebAssembly program"),
)
_OTHER_BINARY = (
    (b"\xd0\xcf\x11\xe0", "a password-protected Office file or an old binary Office file (.doc, .xls, .ppt): "
     "open it in its application and save it unprotected as .docx, .xlsx or .pptx"),
    (b"BM", "a BMP image: convert it to PNG or JPEG"),
    (b"\x1f\x8b", "a gzip archive: attach the file inside it"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive: attach the file inside it"),
    (b"Rar!", "a RAR archive: attach the file inside it"),
    (b"PK\x03\x04", "a ZIP archive that is not an Office document: attach the file inside it"),
    (b"PK\x05\x06", "an empty ZIP archive"),
)  # fmt: skip
TEXT_SUFFIXES = frozenset(
    {
        ".txt",
        ".text",
        ".md",
        ".markdown",
        ".csv",
        ".tsv",
        ".json",
        ".jsonl",
        ".ndjson",
        ".yaml",
        ".yml",
        ".log",
    }
    | set(CODE_SUFFIXES)
)
_CLAIMS = {  # a name that promises one of these must have that content
    ".png": "a PNG image", ".jpg": "a JPEG image", ".jpeg": "a JPEG image", ".gif": "a GIF image",
    ".webp": "a WebP image", ".tif": "a TIFF image", ".tiff": "a TIFF image", ".pdf": "a PDF", ".docx": "a Word document", ".pptx": "a PowerPoint deck",
    ".xlsx": "an Excel workbook",
}  # fmt: skip
_PROBE = 64 * 1024


def sniff(name: str, data: bytes) -> Sniffed:
    """What ``data`` (a file called ``name``) is; raises :class:`AttachmentRefusedError`."""
    if not data:
        raise AttachmentRefusedError.said("attach.empty", name=name)
    claimed = _CLAIMS.get(PurePath(name).suffix.lower())
    found = _binary(name, data)
    if found is None:
        try:
            found = _text(name, data)
        except AttachmentRefusedError:
            if claimed is None:
                raise
            raise AttachmentRefusedError.said("attach.unknown_content", name=name, claimed=claimed) from None
    if claimed is not None and found.suffix != _normal(PurePath(name).suffix.lower()):
        raise AttachmentRefusedError.said(
            "attach.mislabelled", name=name, claimed=claimed, label=_article(found.label)
        )
    return found


def _binary(name: str, data: bytes) -> Sniffed | None:
    for magic, image in _IMAGES:
        if data.startswith(magic):
            return image
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _WEBP
    if b"%PDF-" in data[:1024]:
        return _PDF
    if data.startswith((b"II*\x00", b"MM\x00*")):
        return _TIFF
    if data.startswith(b"PK\x03\x04"):
        office = _office(data)
        if office is not None:
            return office
    # Two-letter magics ("MZ", "BM") start ordinary text too; real headers have NUL bytes at once.
    binary_head = b"\x00" in data[:64]
    for magic, what in _PROGRAMS:
        if data.startswith(magic) and (len(magic) > 2 or binary_head):
            raise AttachmentRefusedError.said("attach.refused_kind", name=name, what=what)
    for magic, what in _OTHER_BINARY:
        if data.startswith(magic) and (len(magic) > 2 or binary_head):
            raise AttachmentRefusedError.said("attach.is_kind", name=name, what=what)
    return None


def _office(data: bytes) -> Sniffed | None:
    """The Office kind of a zip package, from its part names (nothing is unpacked here)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, ValueError, OSError):
        return None  # a damaged package: refused below as a ZIP archive
    if "[Content_Types].xml" not in names:
        return None
    return next((kind for part, kind in _OFFICE if part in names), None)


def _text(name: str, data: bytes) -> Sniffed:
    probe = data[:_PROBE]
    if probe.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with a byte-order mark
        probe = probe[2:].replace(b"\x00", b"")
    controls = sum(1 for b in probe if b < 9 or (13 < b < 32 and b != 27))
    if b"\x00" in probe or controls > len(probe) // 100:
        raise AttachmentRefusedError.said("attach.unsupported", name=name)
    suffix = PurePath(name).suffix.lower()
    suffix = suffix if suffix in TEXT_SUFFIXES else ".txt"
    mime = {".md": "text/markdown", ".markdown": "text/markdown", ".csv": "text/csv", ".json": "application/json",
            ".yaml": "application/yaml", ".yml": "application/yaml"}.get(suffix, "text/plain")  # fmt: skip
    named = {".txt": "text", ".text": "text", ".log": "a log", ".md": "Markdown text",
             ".markdown": "Markdown text", ".csv": "CSV table", ".tsv": "TSV table"}  # fmt: skip
    kind = "code" if suffix in CODE_SUFFIXES else "text"
    label = named.get(suffix, f"{suffix[1:].upper()} {kind}")
    return Sniffed(Kind.FILE, mime, label, suffix)


def _normal(suffix: str) -> str:
    return {".jpeg": ".jpg", ".tif": ".tiff"}.get(suffix, suffix)


def _article(label: str) -> str:
    if label.startswith(("a ", "an ")) or label == "text":
        return "plain text" if label == "text" else label
    return f"an {label}" if label[0].lower() in "aeiou" else f"a {label}"
