"""The source viewer's pages under keys pressed faster than pages render: each key steps from the page
last asked for, and a render that arrives after a newer one is dropped, never painted over it."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.knowledge.sources import CitedPassage, PageView, SourceFile
from mira_desktop.ui.chat.source_viewer import DEFAULT_ZOOM, SourceViewer
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.support.documents import make_pdf


def test_keys_pressed_before_a_page_renders_show_the_last_page_asked_not_an_older_render(
    qtbot: QtBot,
    app_services: AppServices,
    runner: OperationRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    manual = make_pdf(
        tmp_path / "manual.pdf", ["Chapter one.", "Chapter two: the launch code is 7741.", "Chapter three."]
    )
    passage = CitedPassage(
        1, SourceFile(manual, "manual.pdf", 2, "p. 2"), {"page": 2}, "the launch code is 7741", "pdf", ".pdf"
    )
    sources = app_services.sources
    first = sources.page_view(passage, None, DEFAULT_ZOOM)
    assert (first.page, first.pages) == (2, 3)
    page_three_may_finish = threading.Event()
    render = sources.page_view

    def held_page_three(
        passage: CitedPassage, page: int | None = None, zoom: float = DEFAULT_ZOOM
    ) -> PageView:
        if page == 3:  # slow to render: it finishes only after the page asked for next is shown
            assert page_three_may_finish.wait(30)
        return render(passage, page, zoom)

    monkeypatch.setattr(sources, "page_view", held_page_three)
    try:
        dialog = SourceViewer(app_services, runner, passage, first)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)

        qtbot.keyClick(dialog.area, Qt.Key.Key_Right)  # page 3, still rendering…
        qtbot.keyClick(dialog.area, Qt.Key.Key_Left)  # …when the person goes back to page 2
        qtbot.waitUntil(lambda: dialog.view is not first)
        assert dialog.view is not None
        assert dialog.view.page == 2  # a step back from page 3, the page last asked for: not page 1
        page_three_may_finish.set()
        qtbot.waitUntil(lambda: runner.settled, timeout=30_000)  # page 3's render has arrived

        assert dialog.view.page == 2
        assert dialog.page_label.text() == "Page 2 of 3"
        assert dialog.note.text() == "The cited passage is marked."
        dialog.close()
    finally:
        page_three_may_finish.set()  # a failed check leaves no render waiting
