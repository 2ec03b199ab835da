"""What the attachment and media tests share: files they make (PDFs with text on chosen pages,
images, Office packages, a zip bomb), the stored files, and waiting for work done after an answer."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from tests.conftest import SHARED_DATA
from tests.support.documents import make_pdf  # noqa: F401 (the tests here import it from here)
from tests.support.waiting import wait_for

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices

DOCS = SHARED_DATA / "docs"
CAPSULE = "The emergency launch code for the escape capsule is 7741."


def manual_pages(count: int = 12, secret_page: int = 7) -> list[str]:
    """A long manual: filler on every page, the capsule code on ``secret_page`` only."""
    pages = []
    for number in range(1, count + 1):
        filler = " ".join(
            f"Greenhouse note {number}.{i}: the tomatoes and beans need water every morning."
            for i in range(30)
        )
        pages.append(f"Chapter {number}. {CAPSULE if number == secret_page else ''} {filler}")
    return pages


def make_png(path: Path, size: tuple[int, int] = (32, 24)) -> Path:
    from PIL import Image

    Image.new("RGB", size, (200, 40, 40)).save(path, format="PNG")
    return path


def png_bytes(size: tuple[int, int] = (16, 16)) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", size, (10, 120, 200)).save(buffer, format="PNG")
    return buffer.getvalue()


def make_docx_bomb(path: Path, unpacked_mb: int = 40) -> Path:
    """A DOCX-shaped package whose document part inflates to ``unpacked_mb`` MB of zeros."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("[Content_Types].xml", '<?xml version="1.0"?><Types/>')
        archive.writestr("word/document.xml", b"0" * (unpacked_mb * 1024 * 1024))
    return path


def make_docx(path: Path, paragraphs: list[str]) -> Path:
    import docx

    document = docx.Document()
    for text in paragraphs:
        document.add_paragraph(text)
    document.save(str(path))
    return path


def stored_files(services: AppServices) -> list[Path]:
    """Every file in the attachments folder (the scratch folder's included: it must be empty)."""
    root = services.folder.attachments_dir
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


def settled(services: AppServices) -> None:
    """Wait until the run's thread has finished what follows an answer (its listeners run there)."""
    wait_for(lambda: not any(t.name.startswith("run-") for t in services.tasks.active()), what="the run's thread")
