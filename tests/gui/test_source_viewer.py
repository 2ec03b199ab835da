"""Mira's source viewer: a citation opens its page with the passage's words marked (a text PDF, and
a real scan read by OCR), pages and zoom, a text source scrolled to its marked lines, a failing
system opener said in the window, and the places named in Chinese."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.runs import RunStatus
from mira_desktop.ingest.ocr_store import latest_pages
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.knowledge.passage_marks import Word, ocr_words, pdf_words
from mira_desktop.ui.chat.source_viewer import SourceViewer
from mira_desktop.ui.shell.main_window import MainWindow
from tests.conftest import SHARED_DATA
from tests.gui.conftest import QtMessages
from tests.gui.support import open_window
from tests.support.documents import make_pdf
from tests.support.fixtures import Script
from tests.support.scans import scan_of

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("heavy_libraries_loaded")]
VICKSBURG = SHARED_DATA / "docs/pdf/scanned/pypdf__Seige_of_Vicksburg_Sample_OCR.pdf"


def _cited(services: AppServices, paths: list[Path], question: str, script: Script) -> tuple[str, str]:
    """A knowledge base of ``paths`` and an answer citing it: (thread id, answer id)."""
    kb = services.knowledge_bases.create("Manuals")
    services.knowledge.queue.add(kb.id, [str(p) for p in paths])
    services.knowledge.queue.run(kb.id)
    handle = services.chat.send(
        None, question, SendOptions(model_ref=script({"text": "See [1]."}), knowledge_base_id=kb.id)
    )
    assert handle.wait(120) is RunStatus.COMPLETED
    return handle.thread_id, services.threads.show(handle.thread_id).messages[-1].id


def _viewer(qtbot: QtBot, window: MainWindow, thread_id: str, answer_id: str) -> SourceViewer:
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: answer_id in window.chat_view.widgets, timeout=15_000)
    window.open_source(answer_id, 1)
    qtbot.waitUntil(lambda: getattr(window, "source_dialog", None) is not None, timeout=30_000)
    dialog = window.source_dialog
    assert isinstance(dialog, SourceViewer)
    return dialog


def _covered(dialog: SourceViewer, words: list[Word]) -> bool:
    """Every word's box (page points, scaled by the zoom) lies in a marked rectangle, and the page
    picture shown is painted there."""
    assert dialog.view is not None
    zoom, marks, image = dialog.view.zoom, dialog.marks(), dialog.page.pixmap().toImage()
    for word in words:
        x0, y0, x1, y1 = (v * zoom for v in word.box)
        if not any(m.adjusted(-1, -1, 1, 1).contains(x0, y0) and m.adjusted(-1, -1, 1, 1).contains(x1, y1) for m in marks):
            return False
        colour = QColor(image.pixel(int(x0) + 1, int((y0 + y1) / 2)))
        if colour.blue() > colour.red() - 30:  # the mark's yellow over white paper and black ink
            return False
    return True


def _run_of(words: list[Word], phrase: str) -> list[Word]:
    wanted = phrase.lower().split()
    texts = [w.text.lower().strip(".,;:") for w in words]
    start = next(i for i in range(len(texts)) if texts[i : i + len(wanted)] == wanted)
    return words[start : start + len(wanted)]


def test_a_citation_opens_its_pdf_page_with_the_passage_marked_and_pages_and_zoom_work(  # noqa: PLR0917
    qtbot: QtBot,
    app_services: AppServices,
    tmp_path: Path,
    script: Script,
    monkeypatch: pytest.MonkeyPatch,
    qt_messages: QtMessages,
) -> None:
    def filler(topic: str) -> str:
        return " ".join(f"{topic} note {i}: the crew checks it every morning." for i in range(30))

    manual = make_pdf(
        tmp_path / "manual.pdf",
        [f"Chapter one. The station has four docking ports. {filler('Greenhouse')}",
         f"Chapter two. The emergency launch code for the escape capsule is 7741. Keep it secret. {filler('Capsule')}",
         f"Chapter three. The galley serves soup on Fridays. {filler('Galley')}"],
    )  # fmt: skip
    thread_id, answer_id = _cited(app_services, [manual], "What is the emergency launch code?", script)
    window = open_window(qtbot, app_services, ready=True)
    dialog = _viewer(qtbot, window, thread_id, answer_id)
    assert dialog.windowTitle() == f"manual.pdf — {dialog.label}"
    assert dialog.label.startswith("p")  # the cited page or pages, as the answer names them
    assert dialog.view is not None
    assert (dialog.view.page, dialog.view.pages) == (2, 3)
    assert dialog.page_label.text() == "Page 2 of 3"
    import pymupdf

    with pymupdf.open(dialog.passage.source.path) as document:
        words = _run_of(pdf_words(document, 2), "emergency launch code for the escape capsule is 7741")
    assert _covered(dialog, words)
    assert dialog.note.text() == "The cited passage is marked."

    dialog.next.click()
    qtbot.waitUntil(lambda: dialog.view is not None and dialog.view.page == 3)
    assert dialog.marks() == []
    assert dialog.note.text() == f"The passage is cited on {dialog.label}."
    assert not dialog.next.isEnabled()
    dialog.previous.click()
    qtbot.waitUntil(lambda: dialog.view is not None and dialog.view.page == 2)
    width = dialog.view.width
    dialog.larger.click()
    qtbot.waitUntil(lambda: dialog.view is not None and dialog.view.width > width)
    assert dialog.zoom_label.text() == "200%"
    assert _covered(dialog, words)  # the marks follow the zoom

    monkeypatch.setenv("PATH", str(tmp_path))  # no xdg-open: the system cannot open the file
    assert dialog.open_in_system_viewer() is False
    qt_messages.expect(r"does not support QPlatformServices::openDocument")  # offscreen has no opener
    assert dialog.note.text().startswith("The system has no program that opens manual.pdf")
    dialog.close()
    window.close()


def test_a_citation_of_a_scanned_page_marks_the_words_ocr_read(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    scan = scan_of(VICKSBURG, [4], tmp_path / "siege.pdf")
    thread_id, answer_id = _cited(app_services, [scan], "Were there church bells on Sunday?", script)
    window = open_window(qtbot, app_services, ready=True)
    dialog = _viewer(qtbot, window, thread_id, answer_id)
    assert dialog.windowTitle() == "siege.pdf — p. 1, OCR"
    assert dialog.note.text() == "The cited passage is marked where OCR read it on this scanned page."
    page = latest_pages(dialog.passage.source.path.parent)[1]
    assert _covered(dialog, _run_of(ocr_words(page), "No bells to ring us"))
    dialog.close()
    window.close()


def test_a_markdown_citation_opens_as_text_scrolled_to_its_marked_lines(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    notes = tmp_path / "crew.md"
    filler = "\n".join(f"Filler line {i} about the mess hall menu." for i in range(80))
    notes.write_text(f"# Crew\n\n{filler}\n\n## Command\n\nThe commander of the station is Aiko Tanaka.\n")
    thread_id, answer_id = _cited(app_services, [notes], "Who is the commander of the station?", script)
    window = open_window(qtbot, app_services, ready=True)
    dialog = _viewer(qtbot, window, thread_id, answer_id)
    lines = notes.read_text().splitlines()
    commander = lines.index("The commander of the station is Aiko Tanaka.")
    assert commander in dialog.marked_blocks
    marked = [s.cursor.block().blockNumber() for s in dialog.text.extraSelections()]
    assert commander in marked
    first = dialog.text.firstVisibleBlock().blockNumber()
    assert first <= min(dialog.marked_blocks) <= first + 60  # scrolled to the cited lines
    assert first > 0
    dialog.close()
    window.close()


def test_the_citation_and_the_viewer_speak_chinese(
    qtbot: QtBot, chinese: None, app_services: AppServices, tmp_path: Path, script: Script
) -> None:
    scan = scan_of(VICKSBURG, [4], tmp_path / "siege.pdf")
    thread_id, answer_id = _cited(app_services, [scan], "Were there church bells on Sunday?", script)
    window = open_window(qtbot, app_services, ready=True)
    dialog = _viewer(qtbot, window, thread_id, answer_id)
    sources = window.chat_view.widgets[answer_id].sources.text()
    assert "第 1 页，OCR" in sources
    assert dialog.windowTitle() == "siege.pdf — 第 1 页，OCR"
    assert dialog.page_label.text() == "第 1 / 1 页"
    assert dialog.open_button.text() == "用系统查看器打开"
    dialog.close()
    window.close()
