"""OCR with the real Tesseract on pages rendered from the shared documents (the true text is their
text layer), English and Chinese, PDF scans and pictures; its caps, its cancel, its page store, and
what a machine without Tesseract says."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from mira_desktop.core.cancel import Cancelled, CancelToken
from mira_desktop.ingest.ocr import OcrOptions, Tesseract
from mira_desktop.ingest.ocr_store import FilePageStore, read_pages
from mira_desktop.ingest.registry import is_supported, read_file
from mira_desktop.ingest.types import Block, ReadError, ReadErrorKind
from tests.conftest import SHARED_DATA, needs_shared_corpus
from tests.support.scans import characters_found, picture_of, scan_of, text_layer

DOCS = SHARED_DATA / "docs"
TRACEMONKEY = DOCS / "pdf/normal/pdfjs__tracemonkey.pdf"
XIAOBIAOSONG = DOCS / "pdf/cjk/pdfjs__XiaoBiaoSong.pdf"
pytestmark = needs_shared_corpus(DOCS)


def _text(blocks: Sequence[Block]) -> str:
    return "\n".join(b.text for b in blocks)


@pytest.mark.slow
def test_an_english_scan_reads_back_its_text_layer_with_pages_marked_ocr(tmp_path: Path) -> None:
    scan = scan_of(TRACEMONKEY, [1, 2], tmp_path / "scan.pdf")
    pages: list[tuple[int, int, int]] = []
    parsed = read_file(scan, ocr=OcrOptions(on_page=lambda *step: pages.append(step)))

    assert {b.location.page for b in parsed.blocks} == {1, 2}
    assert all(b.location.ocr and b.location.label().endswith(", OCR") for b in parsed.blocks)
    first = _text([b for b in parsed.blocks if b.location.page == 1])
    assert "Trace-based Just-in-Time Type Specialization for Dynamic" in first
    assert characters_found(text_layer(TRACEMONKEY, 1), first) > 0.97
    assert pages == [(0, 2, 1), (1, 2, 2), (2, 2, 2)]  # before each page, and once when done


@pytest.mark.slow
def test_a_chinese_scan_reads_back_its_text_layer(tmp_path: Path) -> None:
    scan = scan_of(XIAOBIAOSONG, [1], tmp_path / "scan.pdf", dpi=300)
    parsed = read_file(scan, ocr=OcrOptions())
    read = _text(parsed.blocks)
    assert "红军作战的原则" in read
    assert "一九三七年八月一日" in read
    assert "对国防问题的意见" in read
    assert characters_found(text_layer(XIAOBIAOSONG, 1), read) > 0.85


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".png", ".jpg", ".tiff"])
def test_a_picture_of_a_page_is_read_page_by_page(tmp_path: Path, suffix: str) -> None:
    picture = picture_of(TRACEMONKEY, 1, tmp_path / f"page{suffix}", dpi=150)
    assert is_supported(picture)
    parsed = read_file(picture, ocr=OcrOptions())
    assert parsed.format == "image"
    assert "Trace-based Just-in-Time" in _text(parsed.blocks)
    pages = {b.location.page for b in parsed.blocks}
    assert pages == ({1, 2} if suffix == ".tiff" else {1})  # the TIFF holds the page twice
    assert all(b.location.ocr for b in parsed.blocks)


def test_the_real_chinese_photo_of_text_is_read() -> None:
    parsed = read_file(DOCS / "other/unstructured__chi_sim_image.jpeg", ocr=OcrOptions())
    read = _text(parsed.blocks)
    assert "甘草黄酮" in read
    assert "适合任何肌肤" in read
    assert parsed.blocks[0].location.label() == "p. 1, OCR"


def test_without_ocr_a_scan_is_still_refused_as_a_scan(tmp_path: Path) -> None:
    with pytest.raises(ReadError) as raised:
        read_file(DOCS / "pdf/scanned/pdfjs__issue5475.pdf")
    assert raised.value.kind is ReadErrorKind.SCANNED


def test_a_machine_without_tesseract_says_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract on this PATH
    with pytest.raises(ReadError, match=r"scan-bad\.pdf needs OCR: install tesseract-ocr") as raised:
        read_file(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", ocr=OcrOptions())
    assert raised.value.kind is ReadErrorKind.NEEDS_OCR
    with pytest.raises(ReadError, match="needs OCR: install tesseract-ocr"):
        read_file(DOCS / "other/unstructured__chi_sim_image.jpeg", ocr=OcrOptions())


def test_missing_language_data_names_the_packages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tessdata").mkdir()
    monkeypatch.setenv("TESSDATA_PREFIX", str(tmp_path / "tessdata"))  # no .traineddata there
    with pytest.raises(ReadError, match="tesseract-ocr-eng tesseract-ocr-chi-sim") as raised:
        read_file(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", ocr=OcrOptions())
    assert raised.value.kind is ReadErrorKind.NEEDS_OCR


def test_a_page_over_the_time_cap_is_skipped_with_the_reason(tmp_path: Path) -> None:
    scan = scan_of(TRACEMONKEY, [1], tmp_path / "scan.pdf")
    with pytest.raises(ReadError, match=r"page 1 took longer than 0\.01 s to OCR and was skipped"):
        read_file(scan, ocr=OcrOptions(engine=Tesseract(page_timeout_s=0.01)))


def test_pages_past_the_cap_are_left_out_with_the_reason(tmp_path: Path) -> None:
    scan = scan_of(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", [1, 1, 1], tmp_path / "three.pdf", dpi=100)
    parsed = read_file(scan, ocr=OcrOptions(max_pages=2))
    assert {b.location.page for b in parsed.blocks} == {1, 2}
    assert [str(note) for note in parsed.notes] == ["OCR read the first 2 of 3 scanned pages (the limit is 2 per document)"]


def test_a_cancel_between_pages_stops_the_reading(tmp_path: Path) -> None:
    scan = scan_of(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", [1, 1], tmp_path / "two.pdf", dpi=100)
    token = CancelToken()
    store = FilePageStore(tmp_path / "pages.jsonl")

    def on_page(done: int, total: int, page: int) -> None:
        if done == 1:
            token.cancel()

    with pytest.raises(Cancelled):
        read_file(scan, ocr=OcrOptions(store=store, on_page=on_page, cancel=token))
    assert set(read_pages(tmp_path / "pages.jsonl")) == {1}  # the page read before the cancel is kept


def test_a_cancel_stops_tesseract_inside_a_page(tmp_path: Path) -> None:
    picture = picture_of(TRACEMONKEY, 1, tmp_path / "page.png", dpi=300).read_bytes()
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        Tesseract().read(picture, token)


def test_stored_pages_are_not_read_again_and_a_cut_line_is_ignored(tmp_path: Path) -> None:
    scan = scan_of(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", [1, 1], tmp_path / "two.pdf", dpi=100)
    path = tmp_path / "pages.jsonl"
    first = read_file(scan, ocr=OcrOptions(store=FilePageStore(path)))
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"page": 3, "lines": []})[:12])  # what a kill mid-write leaves
    again = FilePageStore(path)
    missing = str(tmp_path / "nowhere")  # Tesseract cannot run now: every page must come from the file
    second = read_file(scan, ocr=OcrOptions(engine=Tesseract(program=missing), store=again))
    assert [b.text for b in second.blocks] == [b.text for b in first.blocks]
    assert again.reused == 2
    assert os.path.getsize(path) > 0
