"""Pictures of text (PNG, JPEG, TIFF) read with OCR: each picture, or each frame of a TIFF, is a page.

The boxes of the words stay in the picture's pixels: that is how the viewer shows the picture.
"""

from __future__ import annotations

import functools
import io
import warnings
from pathlib import Path

from mira_desktop.ingest.limits import ReaderLimits, check_chars
from mira_desktop.ingest.ocr import OcrOptions
from mira_desktop.ingest.types import Block, Location, ParsedDocument, ReadError, ReadErrorKind

MAX_PIXELS = 60_000_000  # per frame; a larger picture is a decompression bomb or a poster


def read_image(path: Path, limits: ReaderLimits, ocr: OcrOptions | None = None) -> ParsedDocument:
    if ocr is None:
        raise ReadError(ReadErrorKind.SCANNED, f"{path.name} is a picture: its text is read only with OCR.")
    frames = _frames(path, limits)
    pages = frames[: ocr.max_pages]
    notes = []
    if len(frames) > len(pages):
        notes.append(
            f"OCR read the first {len(pages)} of {len(frames)} pages (the limit is {ocr.max_pages} per document)"
        )
    blocks: list[Block] = []
    chars = 0
    for done, png in enumerate(pages):
        number = done + 1
        if ocr.on_page is not None:
            ocr.on_page(done, len(pages), number)
        result = ocr.read_page(number, functools.partial(_as_is, png), path.name)
        if result.timed_out:
            notes.append(
                f"page {number} took longer than {ocr.engine.page_timeout_s:g} s to OCR and was skipped"
            )
            continue
        for text in result.paragraphs():
            blocks.append(Block(text, Location(page=number, ocr=True), f"#ocr-page-{number}"))
            chars += len(text)
        check_chars(path.name, chars, limits)
    if ocr.on_page is not None and pages:
        ocr.on_page(len(pages), len(pages), len(pages))
    if not blocks:
        reason = f" ({'; '.join(notes)})" if notes else ""
        raise ReadError(ReadErrorKind.EMPTY, f"{path.name} is a picture in which OCR found no text{reason}.")
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
                        raise ReadError(
                            ReadErrorKind.TOO_LARGE,
                            f"{path.name} is {frame.width}×{frame.height} pixels, above the "
                            f"{MAX_PIXELS // 1_000_000}-megapixel limit for OCR.",
                        )
                    out = io.BytesIO()
                    frame.convert("L").save(out, "PNG")
                    frames.append(out.getvalue())
                    if len(frames) >= limits.max_pages:
                        break
    except ReadError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ReadError(
            ReadErrorKind.TOO_LARGE, f"{path.name} is too large a picture to decode safely."
        ) from None
    except Exception as exc:  # Pillow raises OSError, SyntaxError, ValueError… on broken data
        raise ReadError(
            ReadErrorKind.CORRUPT,
            f"{path.name} is not a readable picture: it is damaged or cut short ({exc}).",
        ) from None
    if not frames:
        raise ReadError(ReadErrorKind.EMPTY, f"{path.name} holds no picture.")
    return frames
