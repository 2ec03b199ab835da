"""Adding a file to the composer: the limit and the whitelist by content, read on add, refused at once
with the reason — and a refused file leaves nothing stored, in the database or on disk."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from mira_desktop.core.errors import ConflictError, InvalidInputError, NotFoundError
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.views import WELCOME_DRAFT
from tests.integration.attachments.support import (
    DOCS,
    make_docx,
    make_docx_bomb,
    make_pdf,
    make_png,
    png_bytes,
    stored_files,
)


def _refused(services: AppServices, path: Path, match: str) -> None:
    with pytest.raises(InvalidInputError, match=match) as caught:
        services.attachments.add_to_draft(None, path)
    assert "\n" not in str(caught.value)  # one line
    assert services.attachments.draft(None) is None
    assert services.attachments.list() == []
    assert stored_files(services) == []


def test_a_pdf_is_read_on_add_and_shown_with_its_size_pages_and_tokens(
    services: AppServices, tmp_path: Path
) -> None:
    pdf = make_pdf(
        tmp_path / "manual.pdf", ["The station has four docking ports.", "The greenhouse needs water."]
    )
    view = services.attachments.add_to_draft(None, pdf)
    assert (view.name, view.kind, view.mime, view.label) == ("manual.pdf", "file", "application/pdf", "PDF")
    assert view.size == pdf.stat().st_size
    assert view.places == 2
    assert 10 < view.tokens < 100
    assert view.draft_key == WELCOME_DRAFT
    assert services.attachments.draft(None) == view
    stored = Path(view.path)
    assert stored.read_bytes() == pdf.read_bytes()
    assert stored.name == hashlib.sha256(pdf.read_bytes()).hexdigest()  # content-addressed


@pytest.mark.parametrize(
    ("name", "kind", "label"),
    [
        ("notes.md", "file", "Markdown text"),
        ("table.csv", "file", "CSV table"),
        ("config.yaml", "file", "YAML text"),
        ("data.json", "file", "JSON text"),
        ("script.py", "file", "PY code"),
        ("server.log", "file", "a log"),
    ],
)
def test_text_files_of_the_whitelist_are_accepted(
    services: AppServices, tmp_path: Path, name: str, kind: str, label: str
) -> None:
    path = tmp_path / name
    path.write_text('{"a": 1}\n' if name.endswith(".json") else "alpha: 1\nbeta, gamma\nprint('x')\n")
    view = services.attachments.add_to_draft(None, path)
    assert (view.kind, view.label) == (kind, label)


def test_images_of_the_whitelist_are_accepted_as_images(services: AppServices, tmp_path: Path) -> None:
    from PIL import Image

    for fmt, suffix in (("PNG", ".png"), ("JPEG", ".jpg"), ("WEBP", ".webp"), ("GIF", ".gif")):
        path = tmp_path / f"picture{suffix}"
        Image.new("RGB", (20, 10), (1, 2, 3)).save(path, format=fmt)
        view = services.attachments.add_to_draft(None, path)
        assert (view.kind, view.tokens) == ("image", 0)
        assert services.attachments.remove_from_draft(None)


def test_office_documents_are_told_apart_by_their_parts_not_their_names(
    services: AppServices, tmp_path: Path
) -> None:
    docx = make_docx(tmp_path / "letter.docx", ["Dear crew, the capsule code is 7741."])
    assert services.attachments.add_to_draft(None, docx).label == "Word document (DOCX)"


def test_a_file_over_the_limit_is_refused_before_it_is_read(services: AppServices, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * (9 * 1024 * 1024))
    _refused(services, big, r"big\.txt is 9\.0 MB, above the 8 MB limit")


def test_a_renamed_executable_is_refused_whatever_its_name(services: AppServices, tmp_path: Path) -> None:
    fake = tmp_path / "report.pdf"
    shutil.copyfile("/bin/ls", fake)
    _refused(services, fake, r"report\.pdf is a program \(ELF executable\), not a document or an image")


def test_an_encrypted_pdf_is_refused_with_the_fix(services: AppServices) -> None:
    _refused(
        services,
        DOCS / "pdf/encrypted/pypdf__r6-user-password.pdf",
        r"encrypted with a password: remove the password",
    )


def test_a_scan_in_which_ocr_finds_no_text_is_refused(services: AppServices) -> None:
    _refused(services, DOCS / "pdf/scanned/pypdf__imagemagick-CCITTFaxDecode.pdf", r"a scan in which OCR found no text")


def test_a_damaged_pdf_is_refused(services: AppServices, tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n" + b"\x8f\x00garbage" * 50)
    _refused(services, broken, r"broken\.pdf (is damaged|has no pages|contains no text)")


def test_a_password_protected_office_file_is_refused(services: AppServices, tmp_path: Path) -> None:
    locked = tmp_path / "budget.xlsx"
    shutil.copyfile(DOCS / "xlsx/calamine__pass_protected.xlsx", locked)
    _refused(services, locked, r"budget\.xlsx is not an Excel workbook|password-protected")


def test_an_image_that_is_not_an_image_is_refused(services: AppServices, tmp_path: Path) -> None:
    text = tmp_path / "photo.png"
    text.write_text("this is just text")
    _refused(services, text, r"photo\.png is not a PNG image: its content is plain text")
    truncated = tmp_path / "cut.png"
    truncated.write_bytes(png_bytes((200, 200))[:120])
    _refused(services, truncated, r"cut\.png is not a valid PNG image: it is damaged or cut short")


def test_a_zip_bomb_disguised_as_docx_is_refused(services: AppServices, tmp_path: Path) -> None:
    bomb = make_docx_bomb(tmp_path / "quarterly.docx")
    assert bomb.stat().st_size < 1024 * 1024
    _refused(services, bomb, r"quarterly\.docx contains word/document\.xml that expands \d+ times over")


def test_unknown_binary_content_is_refused_with_the_whitelist(services: AppServices, tmp_path: Path) -> None:
    blob = tmp_path / "data.bin"
    blob.write_bytes(bytes(range(256)) * 10)
    _refused(services, blob, r"data\.bin is not a supported type: attach an image")


def test_two_files_at_once_are_refused_and_the_draft_keeps_one(services: AppServices, tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text("first")
    second.write_text("second")
    with pytest.raises(InvalidInputError, match="One file per message: 2 were given"):
        services.attachments.add_files_to_draft(None, [first, second])
    assert stored_files(services) == []
    services.attachments.add_to_draft(None, first)
    with pytest.raises(ConflictError, match=r"already has a file \(a\.txt\): one file per message"):
        services.attachments.add_to_draft(None, second)
    assert [u.attachment.name for u in services.attachments.list()] == ["a.txt"]


def test_a_missing_file_or_a_folder_is_refused(services: AppServices, tmp_path: Path) -> None:
    with pytest.raises(NotFoundError, match="does not exist"):
        services.attachments.add_to_draft(None, tmp_path / "gone.pdf")
    with pytest.raises(InvalidInputError, match="is a folder"):
        services.attachments.add_to_draft(None, tmp_path)
    assert stored_files(services) == []


def test_a_pasted_image_is_added_from_its_bytes(services: AppServices) -> None:
    view = services.attachments.add_bytes_to_draft(None, "pasted.png", png_bytes())
    assert (view.name, view.kind, view.mime) == ("pasted.png", "image", "image/png")


def test_the_same_content_twice_is_stored_once(services: AppServices, tmp_path: Path) -> None:
    png = make_png(tmp_path / "one.png")
    copy = tmp_path / "two.png"
    shutil.copyfile(png, copy)
    first = services.attachments.add_to_draft(None, png)
    second = services.attachments.add_to_draft(None, copy, draft_key="cli-test")
    assert first.id == second.id
    assert second.name == "two.png"
    assert len([p for p in stored_files(services) if ".scratch" not in p.parts]) == 1
