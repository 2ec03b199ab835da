"""Scanned PDFs and pictures in a knowledge base, with the real Tesseract, embedder, LanceDB and
Tantivy: found by search and cited with their page marked OCR; progress per page, a cancel, a resume
after kill -9 that reads only the pages not read yet, the caps, and a machine without Tesseract."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from mira_desktop.ingest.ocr_store import read_pages
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.indexing.ocr_pages import OcrSettings
from mira_desktop.services.knowledge.indexing.progress import IndexProgress
from tests.conftest import SHARED_DATA, needs_shared_corpus
from tests.support.cli import Mira
from tests.support.fixtures import OpenServices
from tests.support.scans import picture_of, scan_of

DOCS = SHARED_DATA / "docs"
VICKSBURG = DOCS / "pdf/scanned/pypdf__Seige_of_Vicksburg_Sample_OCR.pdf"  # a real scanned book, 6 pages
pytestmark = [*needs_shared_corpus(DOCS), pytest.mark.slow]


def _vicksburg_scan(folder: Path) -> Path:
    """The real scan without the OCR layer another program gave it: only OCR can read it now."""
    return scan_of(VICKSBURG, [1, 2, 3, 4, 5, 6], folder / "vicksburg.pdf", dpi=150)


def _counting_tesseract(folder: Path) -> tuple[Path, Path]:
    """A ``tesseract`` that logs each page it is asked to read, then runs the real one."""
    log = folder / "pages.log"
    program = folder / "tesseract"
    program.write_text(
        "#!/bin/sh\n"
        f'case "$*" in *--list-langs*) ;; *) echo page >> "{log}" ;; esac\n'
        'exec /usr/bin/tesseract "$@"\n'
    )
    program.chmod(program.stat().st_mode | stat.S_IEXEC)
    return program, log


def _with_ocr(services: AppServices, **settings: object) -> None:
    builder = services.knowledge.queue.builder
    builder.settings = dataclasses.replace(builder.settings, ocr=OcrSettings(**settings))  # type: ignore[arg-type]


def test_a_scanned_pdf_and_a_photo_are_found_and_cited_with_page_and_ocr(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Scans")
    photo = picture_of(DOCS / "pdf/normal/pdfjs__tracemonkey.pdf", 1, tmp_path / "photo-of-a-page.jpg", dpi=150)
    paths = [_vicksburg_scan(tmp_path), DOCS / "pdf/scanned/pdfjs__scan-bad.pdf", photo,
             DOCS / "other/unstructured__chi_sim_image.jpeg"]  # fmt: skip
    services.knowledge.queue.add(kb.id, [str(p) for p in paths])
    steps: list[IndexProgress] = []
    report = services.knowledge.queue.run(kb.id, on_progress=steps.append)
    assert report.published == 4, report.errors

    search = services.knowledge.search
    siege = search.search(kb.id, "Sunday no bells to ring us to church one day in seven for rest", 3)
    assert (siege[0].document, siege[0].location_label) == ("vicksburg.pdf", "p. 4, OCR")
    assert siege[0].location == {"page": 4, "ocr": True}
    assert "No bells to ring us to church" in siege[0].text
    scan = search.search(kb.id, "pdf.js", 1, "bm25")[0]
    assert (scan.document, scan.location_label) == ("pdfjs__scan-bad.pdf", "p. 1, OCR")
    page = search.search(kb.id, "Trace-based Just-in-Time Type Specialization", 1)[0]
    assert (page.document, page.location_label) == ("photo-of-a-page.jpg", "p. 1, OCR")
    chinese = search.search(kb.id, "甘草黄酮", 1, "bm25")[0]
    assert (chinese.document, chinese.location_label) == ("unstructured__chi_sim_image.jpeg", "p. 1, OCR")
    assert "OCR: vicksburg.pdf, page 4 (4 of 6)" in [s.message for s in steps]


def test_a_job_cancelled_during_ocr_ends_cancelled_and_publishes_nothing(
    services: AppServices, tmp_path: Path
) -> None:
    kb = services.knowledge_bases.create("Cancelled")
    services.knowledge.queue.add(kb.id, [str(_vicksburg_scan(tmp_path))])

    def cancel_on_page_two(progress: IndexProgress) -> None:
        if "page 2 (2 of 6)" in progress.message:
            services.knowledge_bases.cancel_jobs(kb.id, "cancelled by the test")

    report = services.knowledge.queue.run(kb.id, on_progress=cancel_on_page_two)
    assert (report.published, report.cancelled) == (0, 1)
    assert [j.state for j in services.knowledge_bases.jobs(kb.id)] == ["cancelled"]
    assert services.knowledge.search.search(kb.id, "Vicksburg", 3) == []


_RUN_AND_REPORT = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from mira_desktop.app import build_services

    services = build_services(Path(sys.argv[1]))

    def report(progress):
        print(json.dumps({"message": progress.message}), flush=True)

    services.knowledge.queue.run(sys.argv[2], on_progress=report)
    """
)


def test_a_killed_ocr_job_resumes_reading_only_the_pages_not_read(
    data_dir: Path, tmp_path: Path, open_services: OpenServices
) -> None:
    with open_services() as services:
        kb = services.knowledge_bases.create("Killed")
        services.knowledge.queue.add(kb.id, [str(_vicksburg_scan(tmp_path))])
    child = subprocess.Popen(
        [sys.executable, "-c", _RUN_AND_REPORT, str(data_dir), kb.id],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "HF_HUB_OFFLINE": "1"},
        cwd=Path(__file__).resolve().parents[3],
    )
    assert child.stdout is not None
    killed = False
    for line in child.stdout:
        if "page 3 (3 of 6)" in json.loads(line)["message"]:  # pages 1 and 2 are read and kept
            child.send_signal(signal.SIGKILL)
            killed = True
            break
    child.stdout.close()
    child.wait(timeout=60)
    assert killed, "the child finished before it could be killed"
    kept = list((data_dir / "knowledge" / kb.id / "sources").rglob("ocr-*.jsonl"))
    assert len(kept) == 1
    before = set(read_pages(kept[0]))
    assert {1, 2} <= before

    program, log = _counting_tesseract(tmp_path)
    with open_services() as services:
        _with_ocr(services, program=str(program))
        report = services.knowledge.queue.run(kb.id)
        assert report.published == 1
        assert len(log.read_text().splitlines()) == 6 - len(before)
        hit = services.knowledge.search.search(kb.id, "Sunday no bells to ring us to church", 1)[0]
        assert hit.location_label == "p. 4, OCR"


def test_the_page_cap_is_noted_on_the_published_job(services: AppServices, tmp_path: Path) -> None:
    _with_ocr(services, max_pages=2)
    kb = services.knowledge_bases.create("Capped")
    services.knowledge.queue.add(kb.id, [str(_vicksburg_scan(tmp_path))])
    services.knowledge.queue.run(kb.id)
    job = services.knowledge_bases.jobs(kb.id)[0]
    assert job.state == "published"
    assert "OCR read the first 2 of 6 scanned pages (the limit is 2 per document)" in job.message
    assert {h.location["page"] for h in services.knowledge.search.search(kb.id, "Vicksburg siege", 10)} <= {1, 2}


def test_without_tesseract_a_scan_fails_saying_it_needs_ocr(
    services: AppServices, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kb = services.knowledge_bases.create("No OCR")
    services.knowledge.queue.add(kb.id, [str(DOCS / "pdf/scanned/pdfjs__scan-bad.pdf")])
    monkeypatch.setenv("PATH", str(tmp_path))  # a machine where tesseract-ocr is not installed
    report = services.knowledge.queue.run(kb.id)
    assert report.failed == 1
    document = services.knowledge_bases.documents(kb.id)[0]
    assert document.error_kind == "needs_ocr"
    assert document.error == "pdfjs__scan-bad.pdf needs OCR: install tesseract-ocr (and tesseract-ocr-chi-sim for Chinese), then add it again."


def test_the_ocr_languages_of_a_base_are_shown_set_and_checked(mira: Mira) -> None:
    assert mira("kb", "create", "Scans").code == 0
    assert mira("kb", "ocr", "Scans").out.strip() == "Scans: scans and pictures are read in eng+chi_sim"
    changed = mira("--json", "kb", "ocr", "Scans", "chi_sim,eng")
    assert changed.code == 0
    assert changed.json()["languages"] == ["chi_sim", "eng"]
    assert mira("kb", "ocr", "Scans").out.strip() == "Scans: scans and pictures are read in chi_sim+eng"
    bad = mira("kb", "ocr", "Scans", "english")
    assert bad.code == 2
    assert bad.err.strip() == (
        "mira: error: english is not a Tesseract language code: use e.g. eng+chi_sim "
        "(`tesseract --list-langs` lists the installed ones)."
    )
