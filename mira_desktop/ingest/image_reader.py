"""Pictures of text (PNG, JPEG, TIFF) read with OCR: each picture, or each frame of a TIFF, is a page.

The boxes of the words stay in the picture's pixels: that is how the viewer shows the picture.
"""

from __future__ import annotations

import functools
import io
import warnings
from pathlib import Path

from mira_desktop.core.phrases import Phrase, joined, said
from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.ocr import OcrOptions
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

MAX_PIXELS = 60_000_000  # per frame; a larger picture is a decompression bomb or a poster


def read_image(path: Path, limits: ReaderLimits, ocr: OcrOptions | None = None) -> ParsedDocument:
    if ocr is None:
        raise ReadError.said(ReadErrorKind.SCANNED, "read.picture_needs_ocr", name=path.name)
    frames = _frames(path, limits)
    pages = frames[: ocr.max_pages]
    notes: list[Phrase | str] = []
    if len(frames) > len(pages):
        notes.append(said("read.note.first_pages", read=len(pages), total=len(frames), most=ocr.max_pages))
    blocks: list[Block] = []
    chars = 0
    for done, png in enumerate(pages):
        number = done + 1
        if ocr.on_page is not None:
            ocr.on_page(done, len(pages), number)
        result = ocr.read_page(number, functools.partial(_as_is, png), path.name)
        if result.timed_out:
            notes.append(said("read.note.timed_out", page=number, seconds=f"{ocr.engine.page_timeout_s:g}"))
            continue
        for text in result.paragraphs():
            blocks.append(Block(text, Location(page=number, ocr=True), f"#ocr-page-{number}"))
            chars += len(text)
        check_chars(path.name, chars, limits)
    if ocr.on_page is not None and pages:
        ocr.on_page(len(pages), len(pages), len(pages))
    if not blocks:
        reason = said("read.notes", notes=joined(notes)) if notes else ""
        raise ReadError.said(ReadErrorKind.EMPTY, "read.picture_no_text", name=path.name, reason=reason)
    return ParsedDocument(blocks, "image", notes=notes)


def _as_is(png: bytes) -> tuple[bytes, float]:
    return png, 1.0  # the boxes stay in the picture's pixels


def _frames(path: Path, limits: ReaderLimits) -> list[bytes]:
    """Each frame as PNG bytes (a TIFF may hold many pages); a damaged picture is a ReadError."""
    from PIL import Image, ImageSequence

    frames: list[bytes] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                for frame in ImageSequence.Iterator(image):
                    if frame.width * frame.height > MAX_PIXELS:
                        raise ReadError.said(
                            ReadErrorKind.TOO_LARGE,
                            "read.picture_too_big",
                            name=path.name,
                            width=frame.width,
                            height=frame.height,
                            most=MAX_PIXELS // 1_000_000,
                        )
                    out = io.BytesIO()
                    frame.convert("L").save(out, "PNG")
                    frames.append(out.getvalue())
                    if len(frames) >= limits.max_pages:
                        break
    except ReadError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ReadError.said(ReadErrorKind.TOO_LARGE, "read.picture_bomb", name=path.name) from None
    except Exception as exc:  # Pillow raises OSError, SyntaxError, ValueError… on broken data
        raise ReadError.said(ReadErrorKind.CORRUPT, "read.bad_picture", name=path.name, error=exc) from None
    if not frames:
        raise ReadError.said(ReadErrorKind.EMPTY, "read.no_picture", name=path.name)
    return frames
