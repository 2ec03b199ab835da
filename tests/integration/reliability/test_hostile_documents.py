"""Found by the document fuzzing (reliability/doc_fuzz.py): files that made a reader raise something
other than a ReadError, so `mira kb add` failed them as an internal error (a reader bug) instead of
saying what is wrong with the file. Each is now a failure with a reason, through the real indexer."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from mira_desktop.services.app.bundle import AppServices


def _indexed(services: AppServices, path: Path) -> dict[str, str]:
    """Add ``path`` to a new knowledge base as `mira kb add` does; the failure of its version."""
    kb = services.knowledge_bases.create("hostile")
    added = services.knowledge.queue.add(kb.id, [str(path)])
    services.knowledge.queue.run_until_done(kb.id, added.jobs)
    [job] = services.knowledge_bases.jobs(kb.id)
    assert job.state == "failed"
    [row] = services.database.query("SELECT error_json FROM document_versions")
    return dict(json.loads(row["error_json"]))


def test_json_nested_thousands_deep_fails_with_a_reason(services: AppServices, tmp_path: Path) -> None:
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "1" + "]" * 100_000, encoding="utf-8")

    error = _indexed(services, nested)

    assert error["kind"] == "too_large"
    assert error["message"] == "nested.json nests its JSON too deeply to be read (thousands of levels)."


def _epub_with_a_broken_chapter(target: Path) -> Path:
    """A small EPUB whose chapter's deflated data is damaged (the CRC no longer matches)."""
    chapter = (
        "<html xmlns='http://www.w3.org/1999/xhtml'><body>"
        + "<p>Lighthouses and keepers.</p>" * 400
        + "</body></html>"
    )
    opf = (
        "<?xml version='1.0'?><package xmlns='http://www.idpf.org/2007/opf' version='3.0' unique-identifier='id'>"
        "<metadata xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:identifier id='id'>x</dc:identifier>"
        "<dc:title>T</dc:title></metadata><manifest><item id='c1' href='chapter.xhtml' "
        "media-type='application/xhtml+xml'/></manifest><spine><itemref idref='c1'/></spine></package>"
    )
    container = (
        "<?xml version='1.0'?><container version='1.0' xmlns='urn:oasis:names:tc:opendocument:xmlns:container'>"
        "<rootfiles><rootfile full-path='content.opf' media-type='application/oebps-package+xml'/></rootfiles></container>"
    )
    with zipfile.ZipFile(target, "w") as out:
        out.writestr("mimetype", "application/epub+zip", zipfile.ZIP_STORED)
        out.writestr("META-INF/container.xml", container, zipfile.ZIP_DEFLATED)
        out.writestr("content.opf", opf, zipfile.ZIP_DEFLATED)
        out.writestr("chapter.xhtml", chapter, zipfile.ZIP_DEFLATED)
    data = bytearray(target.read_bytes())
    with zipfile.ZipFile(target) as archive:
        member = archive.getinfo("chapter.xhtml")
    start = member.header_offset + 30 + len(member.filename) + len(member.extra)
    for offset in range(start + 20, start + member.compress_size - 20, 7):
        data[offset] ^= 0xFF
    target.write_bytes(bytes(data))
    return target


def test_an_epub_whose_chapter_cannot_be_inflated_fails_with_a_reason(
    services: AppServices, tmp_path: Path
) -> None:
    book = _epub_with_a_broken_chapter(tmp_path / "book.epub")

    error = _indexed(services, book)

    assert error["kind"] == "corrupt"
    assert error["message"].startswith("book.epub is damaged: reading it failed (")
