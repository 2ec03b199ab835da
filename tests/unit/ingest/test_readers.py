"""Every reader on the shared robustness corpus: locations for good files, a named reason for bad ones."""

from __future__ import annotations

import re
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from mira_desktop.ingest.limits import MB, ReaderLimits
from mira_desktop.ingest.registry import read_file
from mira_desktop.ingest.types import ReadError, ReadErrorKind
from tests.conftest import SHARED_DATA

DOCS = SHARED_DATA / "docs"


def _all_files() -> list[Path]:
    assert DOCS.is_dir(), f"the shared document corpus is missing: {DOCS} (see shared/data/README.md)"
    return sorted(p for p in DOCS.rglob("*") if p.is_file() and p.parent != DOCS)


def _outcome(path: Path) -> str:
    try:
        parsed = read_file(path)
    except ReadError as error:
        message = str(error)
        assert path.name in message or path.suffix in message, message
        assert "\n" not in message
        return error.kind.value
    assert parsed.blocks, path
    assert all(b.text.strip() for b in parsed.blocks), path
    return "read"


def test_every_shared_file_is_read_or_refused_with_a_named_reason() -> None:
    outcomes = {path.name: _outcome(path) for path in _all_files()}
    assert len(outcomes) >= 100
    assert sum(1 for v in outcomes.values() if v == "read") >= 70


@pytest.mark.parametrize(
    "name",
    [
        "pdf/encrypted/pdfjs__issue6010_1.pdf",
        "pdf/encrypted/pdfminer__aes-256-r6.pdf",
        "pdf/encrypted/pypdf__r2-user-password.pdf",
        "pdf/encrypted/unstructured__password.pdf",
        "xlsx/calamine__pass_protected.xlsx",
        "xlsx/unstructured__password_protected.xlsx",
    ],
)
def test_encrypted_files_are_refused_as_encrypted(name: str) -> None:
    with pytest.raises(ReadError, match="password") as raised:
        read_file(DOCS / name)
    assert raised.value.kind is ReadErrorKind.ENCRYPTED


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("pdf/scanned/pdfjs__issue5475.pdf", ReadErrorKind.SCANNED),
        ("pdf/scanned/pypdf__imagemagick-CCITTFaxDecode.pdf", ReadErrorKind.SCANNED),
        ("pdf/edge/pdfjs__empty.pdf", ReadErrorKind.EMPTY),
        ("pptx/pptx__no-slides.pptx", ReadErrorKind.EMPTY),
        ("xlsx/calamine__empty_sheet.xlsx", ReadErrorKind.EMPTY),
        ("docx/pydocx__having-images.docx", ReadErrorKind.EMPTY),
        ("docx/wordext__badfile-01-bad-header.doc", ReadErrorKind.UNSUPPORTED),
        ("xlsx/calamine__too_small.xls", ReadErrorKind.UNSUPPORTED),
        # A picture of text is read with OCR, which read_file is not given here.
        ("other/unstructured__chi_sim_image.jpeg", ReadErrorKind.SCANNED),
    ],
)
def test_scanned_empty_and_unsupported_files_name_their_reason(name: str, kind: ReadErrorKind) -> None:
    with pytest.raises(ReadError) as raised:
        read_file(DOCS / name)
    assert raised.value.kind is kind


def test_a_scan_with_an_ocr_layer_is_read() -> None:
    parsed = read_file(DOCS / "pdf/scanned/pypdf__Seige_of_Vicksburg_Sample_OCR.pdf")
    assert "VICKSBURG" in parsed.blocks[0].text.upper()


def test_pdf_blocks_are_located_by_page_and_outline_heading() -> None:
    parsed = read_file(DOCS / "pdf/normal/pdfjs__tracemonkey.pdf")
    pages = {b.location.page for b in parsed.blocks}
    assert pages == set(range(1, 15))
    assert parsed.blocks[0].location.label() == "p. 1"
    assert any("Trace" in b.text for b in parsed.blocks if b.location.page == 1)


def test_malformed_pdfs_that_mupdf_repairs_are_read() -> None:
    parsed = read_file(DOCS / "pdf/malformed/pdfjs__helloworld-bad.pdf")
    assert parsed.blocks[0].text == "Hello, world!"


def test_chinese_pdf_text_is_extracted() -> None:
    parsed = read_file(DOCS / "pdf/cjk/pymupdf__chinese-tables.pdf")
    assert any("募集说明书" in b.text for b in parsed.blocks)


def test_docx_keeps_heading_paths_and_tables_without_optional_elements() -> None:
    parsed = read_file(DOCS / "docx/wordext__bigfile-01.docx")
    assert parsed.blocks[0].location.heading == ("BlogCFC",)
    assert any(len(b.location.heading) >= 2 for b in parsed.blocks)
    assert all(b.location.paragraph is not None for b in parsed.blocks)
    ragged = read_file(DOCS / "docx/unstructured__tables-with-incomplete-rows.docx")
    assert any(" | " in b.text for b in ragged.blocks)


def test_pptx_reads_each_slide_with_its_notes() -> None:
    parsed = read_file(DOCS / "pptx/unstructured__fake-power-point-many-pages.pptx")
    slides = [b.location.slide for b in parsed.blocks if not b.location.notes]
    assert slides == [1, 2]
    notes = read_file(DOCS / "pptx/pptx__prs-notes.pptx").blocks
    assert [b.location.label() for b in notes] == ["slide 1 (notes)"]
    table = read_file(DOCS / "pptx/unstructured__fake-power-point-table.pptx").blocks[0]
    assert "Red | Green | Blue" in table.text


def test_xlsx_rows_are_located_by_sheet_and_row() -> None:
    parsed = read_file(DOCS / "xlsx/calamine__table-multiple.xlsx")
    first = parsed.blocks[1]
    assert first.location.sheet == "Sheet1"
    assert first.location.row_start == 2
    assert first.text == "1 | Apple | 50"
    assert first.location.heading == ("Sheet1", "Item | Type | Quantity")


def test_a_sheet_declaring_a_million_empty_rows_stops_reading_soon_after_its_data() -> None:
    parsed = read_file(DOCS / "xlsx/calamine__issue_174.xlsx")
    assert len(parsed.blocks) == 2
    assert len(parsed.notes) == 1
    stopped = re.search(r"stopped after [\d,]+ empty rows at row ([\d,]+)", str(parsed.notes[0]))
    assert stopped, parsed.notes[0]
    assert int(stopped.group(1).replace(",", "")) < 100_000  # far from the million rows it declares


def test_markdown_headings_and_line_ranges(tmp_path: Path) -> None:
    path = tmp_path / "notes.md"
    path.write_text(
        "# Guide\n\nIntro line.\n\n## Setup\n\n```\n# not a heading\n```\n\nStep one.\nStep two.\n"
    )
    parsed = read_file(path)
    last = parsed.blocks[-1]
    assert last.location.heading == ("Guide", "Setup")
    assert last.location.line_start == 11
    assert last.location.line_end == 12
    assert parsed.title == "Guide"


def test_text_in_a_legacy_encoding_is_decoded(tmp_path: Path) -> None:
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Température 25 °C".encode("cp1252"))
    assert read_file(latin).blocks[0].text == "Température 25 °C"
    chinese = tmp_path / "gbk.txt"
    chinese.write_bytes("知识库支持中文检索。这是一段用于测试的文本。".encode("gb18030"))
    assert read_file(chinese).blocks[0].text.startswith("知识库")


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "a": 1,\n  "b": \n}\n')
    with pytest.raises(ReadError, match="line 4") as raised:
        read_file(path)
    assert raised.value.kind is ReadErrorKind.CORRUPT


def test_csv_rows_and_code_definitions_are_located(tmp_path: Path) -> None:
    table = tmp_path / "people.csv"
    table.write_text("name,city\nAda,London\nLin,Beijing\n")
    rows = read_file(table).blocks
    assert [b.location.row_start for b in rows] == [1, 2, 3]
    assert rows[2].text == "Lin | Beijing"
    code = tmp_path / "tool.py"
    code.write_text("import os\n\n\ndef run():\n    return os.getcwd()\n")
    blocks = read_file(code).blocks
    assert blocks[-1].location.heading == ("run",)
    assert blocks[-1].location.label() == "lines 4–5, § run"


def test_a_zip_bomb_is_refused_before_it_is_unpacked(tmp_path: Path) -> None:
    path = tmp_path / "bomb.docx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", b"\0" * (24 * MB))
    tracemalloc.start()
    try:
        with pytest.raises(ReadError, match="zip bomb") as raised:
            read_file(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert raised.value.kind is ReadErrorKind.TOO_LARGE
    assert peak < 4 * MB, f"{peak / MB:.1f} MB held: the 24 MB member was unpacked"


def test_size_and_page_limits_apply(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match="285 pages") as raised:
        read_file(DOCS / "pdf/long/pymupdf__mupdf_explored.pdf", ReaderLimits(max_pages=100))
    assert raised.value.kind is ReadErrorKind.TOO_LARGE
    big = tmp_path / "big.txt"
    big.write_text("word " * 300_000)
    with pytest.raises(ReadError, match="limit") as too_big:
        read_file(big, ReaderLimits(max_file_bytes=1 * MB))
    assert too_big.value.kind is ReadErrorKind.TOO_LARGE


def test_a_damaged_office_file_is_refused_as_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "report.docx"
    path.write_bytes(b"PK\x03\x04 this is not really a zip archive")
    with pytest.raises(ReadError) as raised:
        read_file(path)
    assert raised.value.kind is ReadErrorKind.CORRUPT
