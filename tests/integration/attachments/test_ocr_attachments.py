"""Attached scans and pictures of text, read with the real Tesseract: a model that cannot see images
is sent the picture's text; a scanned PDF or a TIFF goes as text with its pages; without Tesseract a
scan is refused saying what to install, while a picture still attaches."""

from __future__ import annotations

from pathlib import Path

import pytest

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.attachments.sniff import AttachmentRefusedError
from mira_desktop.services.attachments.views import SendMode
from mira_desktop.services.chat.service import SendOptions
from tests.conftest import needs_shared_corpus
from tests.integration.attachments.support import DOCS
from tests.support.fixtures import Script
from tests.support.scans import picture_of, scan_of
from tests.support.scripted import requests_sent

TRACEMONKEY = DOCS / "pdf/normal/pdfjs__tracemonkey.pdf"
TITLE = "Trace-based Just-in-Time Type Specialization"
pytestmark = needs_shared_corpus(DOCS)


def _send(services: AppServices, model: str, text: str, draft: str | None):  # type: ignore[no-untyped-def]
    handle = services.chat.send(None, text, SendOptions(model_ref=model, attachment=draft))
    assert handle.wait(30).value == "completed"
    return services.chat._messages.get(handle.user_message_id)


@pytest.mark.slow
def test_a_picture_of_text_goes_to_a_blind_model_as_the_text_ocr_read(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "A paper about tracing JITs."}, profile={"supports_vision": False})
    picture = picture_of(TRACEMONKEY, 1, tmp_path / "photo.png", dpi=150)
    view = bm25_only.attachments.add_to_draft(None, picture)
    plan = bm25_only.attachments.plan(None, "What is this paper about?", model_ref=model)
    assert plan is not None
    assert (plan.mode, plan.warning) == (SendMode.IMAGE_TEXT, None)
    question = _send(bm25_only, model, "What is this paper about?", view.draft_key)
    sent = requests_sent(bm25_only, model)[0].messages[-1]
    assert TITLE in sent.content
    assert '[Attached file "photo.png" (image)]' in sent.content
    assert "--- page 1 ---" in sent.content
    assert sent.images == ()
    assert question.parts[0]["type"] == "image"
    assert question.parts[0]["mode"] == "image_text"


@pytest.mark.slow
def test_a_picture_goes_to_a_model_that_sees_as_the_picture(
    bm25_only: AppServices, tmp_path: Path, script: Script
) -> None:
    model = script({"text": "A paper."}, profile={"supports_vision": True})
    view = bm25_only.attachments.add_to_draft(None, picture_of(TRACEMONKEY, 1, tmp_path / "photo.jpg", dpi=100))
    _send(bm25_only, model, "What is it?", view.draft_key)
    sent = requests_sent(bm25_only, model)[0].messages[-1]
    assert sent.content == "What is it?"
    assert len(sent.images) == 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["scan.pdf", "scan.tiff"])
def test_a_scanned_pdf_or_tiff_is_attached_as_its_text_with_pages(
    bm25_only: AppServices, tmp_path: Path, script: Script, name: str
) -> None:
    scan = (
        scan_of(TRACEMONKEY, [1], tmp_path / name)
        if name.endswith(".pdf")
        else picture_of(TRACEMONKEY, 1, tmp_path / name, dpi=150)
    )
    model = script({"text": "Tracing."})
    view = bm25_only.attachments.add_to_draft(None, scan)
    assert view.kind == "file"
    assert view.tokens > 500
    _send(bm25_only, model, "Summarise it.", view.draft_key)
    sent = requests_sent(bm25_only, model)[0].messages[-1].content
    assert TITLE in sent
    assert "--- page 1 ---" in sent


def test_without_tesseract_a_scan_is_refused_saying_to_install_it_and_a_picture_still_attaches(
    bm25_only: AppServices, tmp_path: Path, script: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no tesseract here
    with pytest.raises(AttachmentRefusedError, match=r"scan-bad\.pdf needs OCR: install tesseract-ocr"):
        bm25_only.attachments.add_to_draft(None, DOCS / "pdf/scanned/pdfjs__scan-bad.pdf")
    assert bm25_only.attachments.draft(None) is None
    view = bm25_only.attachments.add_to_draft(None, DOCS / "other/unstructured__chi_sim_image.jpeg")
    model = script({"text": "?"}, profile={"supports_vision": False})
    question = _send(bm25_only, model, "这是什么？", view.draft_key)
    assert question.parts[0]["mode"] == "image_not_sent"
    assert "needs OCR: install tesseract-ocr" in question.parts[0]["note"]
    assert requests_sent(bm25_only, model)[0].messages[-1].content == "这是什么？"
