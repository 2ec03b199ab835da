"""Reading an attachment when it is added: images are decoded whole, everything else goes through the
knowledge-base readers, so a file that cannot be read (encrypted, damaged, a zip bomb) is refused at
once with the reader's reason, before anything is stored.

Scanned PDF pages and TIFF pictures are read with OCR (Tesseract, English and simplified Chinese).
The text of a PNG, JPEG, GIF or WebP picture is read with OCR too, and kept beside it: a model that
cannot see images is sent that text instead of nothing. A picture without text, or a machine without
Tesseract, still attaches (a model that sees gets it); the reason is kept for the composer to show.

The text is kept as the readers' located blocks (JSON beside the stored file): sending puts it in
the request whole, or retrieves its passages with their page, slide or rows for citations.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from mira_desktop.core.token_estimate import estimate_tokens
from mira_desktop.ingest.image_reader import read_image
from mira_desktop.ingest.limits import MB, ReaderLimits
from mira_desktop.ingest.ocr import OcrOptions, Tesseract
from mira_desktop.ingest.registry import read_file
from mira_desktop.ingest.types import Block, Location, ReadError
from mira_desktop.services.attachments.sniff import AttachmentRefusedError, Kind, Sniffed, sniff

MAX_IMAGE_PIXELS = 50_000_000  # a larger picture is a decompression bomb or useless to a model
# An Office file that unpacks to more than this is refused (the knowledge base allows far more).
LIMITS = ReaderLimits(max_unpacked_bytes=96 * MB, max_member_ratio=100, max_chars=20_000_000)
_UNSAFE = re.compile(r"[^\w.\- ]+")
OCR_MAX_PAGES = 20  # a scan attached to one message: more pages belong in a knowledge base
OCR_PAGE_TIMEOUT_S = 60.0
OCR_KEY = "ocr"  # in an image's detail: why its text could not be read ("" when it was)


def attachment_ocr() -> OcrOptions:
    return OcrOptions(engine=Tesseract(page_timeout_s=OCR_PAGE_TIMEOUT_S), max_pages=OCR_MAX_PAGES)


@dataclass(frozen=True)
class Extracted:
    """An attachment's text as located blocks, in reading order."""

    format: str
    title: str
    blocks: tuple[Block, ...]

    @property
    def chars(self) -> int:
        return sum(len(b.text) for b in self.blocks)

    @property
    def places(self) -> int:
        """Pages, slides or sheets the text spans (1 for text without such places)."""
        seen = {(b.location.page, b.location.slide, b.location.sheet) for b in self.blocks}
        return max(1, len(seen - {(None, None, None)}))


def examine(name: str, data: bytes, scratch: Path) -> tuple[Sniffed, dict[str, Any], str | None]:
    """What the file is, what it holds, and its located text as JSON (of an image: the text OCR read
    in it, or None); raises :class:`AttachmentRefusedError` with the reason when it cannot be attached."""
    sniffed = sniff(name, data)
    detail: dict[str, Any] = {"label": sniffed.label, "kind": sniffed.kind.value}
    if sniffed.kind is Kind.IMAGE:
        detail |= check_image(name, data, sniffed)
        text, why = image_text(name, data, sniffed, scratch)
        if text is not None:
            detail |= {"ocr_chars": text.chars, "ocr_tokens": estimate_tokens(inline_text(name, text))}
        return sniffed, detail | {OCR_KEY: why}, None if text is None else to_json(text)
    extracted = extract_text(name, data, sniffed, scratch)
    detail |= {"format": extracted.format, "places": extracted.places, "chars": extracted.chars,
               "tokens": estimate_tokens(inline_text(name, extracted))}  # fmt: skip
    return sniffed, detail, to_json(extracted)


def check_image(name: str, data: bytes, sniffed: Sniffed) -> dict[str, Any]:
    """Decode the whole picture; its size, or :class:`AttachmentRefusedError` naming why not."""
    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    raise AttachmentRefusedError.said(
                        "attach.too_many_pixels",
                        name=name,
                        width=width,
                        height=height,
                        limit=MAX_IMAGE_PIXELS // 1_000_000,
                    )
                image.load()
    except AttachmentRefusedError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise AttachmentRefusedError.said("attach.bomb", name=name) from None
    except Exception as exc:  # Pillow raises OSError, SyntaxError, ValueError… on broken data
        raise AttachmentRefusedError.said(
            "attach.damaged", name=name, label=sniffed.label, error=exc
        ) from None
    return {"width": width, "height": height}


def image_text(name: str, data: bytes, sniffed: Sniffed, scratch: Path) -> tuple[Extracted | None, str]:
    """The picture's text read by OCR, or None and why not (no text in it, no Tesseract here)."""
    with _scratch_copy(name, data, sniffed, scratch) as path:
        try:
            parsed = read_image(path, LIMITS, attachment_ocr())
        except ReadError as exc:
            return None, _named(str(exc), path, name)
    blocks = tuple(b for b in parsed.blocks if b.text.strip())
    return Extracted("image", "", blocks), ""


def extract_text(name: str, data: bytes, sniffed: Sniffed, scratch: Path) -> Extracted:
    """Read ``data`` with the reader its content calls for (in a private scratch folder, removed after)."""
    assert sniffed.kind is Kind.FILE
    with _scratch_copy(name, data, sniffed, scratch) as path:
        try:
            parsed = read_file(path, LIMITS, attachment_ocr())
        except ReadError as exc:
            raise AttachmentRefusedError(_named(str(exc), path, name)) from None
        except Exception as exc:  # a reader's own failure on hostile input is still a refusal
            raise AttachmentRefusedError.said(
                "attach.read_failed",
                name=name,
                error_type=type(exc).__name__,
                error=_named(str(exc), path, name),
            ) from None
    blocks = tuple(b for b in parsed.blocks if b.text.strip())
    if not blocks:
        raise AttachmentRefusedError.said("attach.no_text", name=name)
    return Extracted(parsed.format, parsed.title, blocks)


@contextlib.contextmanager
def _scratch_copy(name: str, data: bytes, sniffed: Sniffed, scratch: Path) -> Iterator[Path]:
    """``data`` as a file a reader can open, in a private scratch folder removed after."""
    scratch.mkdir(parents=True, exist_ok=True)
    stem = _UNSAFE.sub("_", PurePath(name).stem)[:80] or "attachment"
    with tempfile.TemporaryDirectory(prefix="reading-", dir=scratch) as folder:
        path = Path(folder) / f"{stem}{sniffed.suffix}"
        path.write_bytes(data)
        yield path


# The lines around a file's text in a request, in the language the person writes in (a Chinese
# question gets a Chinese wrapper, so the model is not pulled into English).
WRAPPERS = {
    "en": ('[Attached file "{name}" ({format})]', '[End of "{name}"]'),
    "zh": ("[附件「{name}」（{format}）]", "[附件「{name}」结束]"),
}


def inline_text(name: str, extracted: Extracted, language: str = "en") -> str:
    """The whole text as it goes into a request: a header, then the blocks with their places marked.
    ``language`` (``en`` or ``zh``) is the language of the header, the end line and the places."""
    opening, closing = WRAPPERS["zh" if language == "zh" else "en"]
    lines = [opening.format(name=name, format=extracted.format)]
    last = ""
    for block in extracted.blocks:
        place = _place(block.location, language)
        if place and place != last:
            lines.append(f"--- {place} ---")
            last = place
        lines.append(block.text)
    lines.append(closing.format(name=name))
    return "\n".join(lines)


def to_json(extracted: Extracted) -> str:
    return json.dumps(
        {
            "format": extracted.format,
            "title": extracted.title,
            "blocks": [[b.text, b.location.to_dict(), b.section] for b in extracted.blocks],
        },
        ensure_ascii=False,
    )


def from_json(text: str) -> Extracted:
    data = json.loads(text)
    blocks = tuple(Block(t, Location.from_dict(loc), section) for t, loc, section in data["blocks"])
    return Extracted(str(data["format"]), str(data["title"]), blocks)


def _place(location: Location, language: str = "en") -> str:
    chinese = language == "zh"
    if location.page is not None:
        return f"第 {location.page} 页" if chinese else f"page {location.page}"
    if location.slide is not None:
        return f"第 {location.slide} 张幻灯片" if chinese else f"slide {location.slide}"
    if location.sheet is not None:
        return f"工作表 {location.sheet}" if chinese else f"sheet {location.sheet}"
    return ""


def _named(message: str, path: Path, name: str) -> str:
    """A reader's message about the scratch copy, told about the file the person chose."""
    return message.replace(str(path), name).replace(path.name, name)
