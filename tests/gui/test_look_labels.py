"""Labels that follow what is shown: the composer's placeholder, the author and avatar of an answer
being written and of a greeting, the thread's title after its first message is edited, the
Knowledge window's progress while a job embeds."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mira_desktop.core.changes import Topic
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.services.knowledge.indexing.progress import IndexProgress
from mira_desktop.store.index_jobs import IndexJobRepository, JobState
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.support import open_window
from tests.support.scripted import RELEASE, release

ROLE = "中文写作助手"


def _role(services: AppServices, name: str = ROLE) -> str:
    return next(r.id for r in services.roles.list() if r.name == name)


def _last(window: MainWindow):  # type: ignore[no-untyped-def]
    order = window.chat_view._order
    return window.chat_view.widgets[order[-1]] if order else None


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _choose_role(qtbot: QtBot, window: MainWindow, name: str = ROLE) -> None:
    picker = window.header.role_picker
    qtbot.waitUntil(lambda: picker.findText(name) >= 0)
    index = picker.findText(name)
    picker.setCurrentIndex(index)
    picker.activated.emit(index)


def test_choosing_a_role_repaints_the_composer_with_its_name(qtbot: QtBot, app_services: AppServices) -> None:
    window = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: "Mira" in window.composer.editor.placeholderText())
    paints = _Paints()
    window.composer.editor.viewport().installEventFilter(paints)
    QApplication.processEvents()  # the paints already queued are counted, then forgotten
    paints.count = 0
    _choose_role(qtbot, window)
    qtbot.waitUntil(lambda: ROLE in window.composer.editor.placeholderText(), timeout=5000)
    # The placeholder is on screen, not only in the property: the empty editor painted again.
    qtbot.waitUntil(lambda: paints.count > 0, timeout=2000)
    window.close()


def test_opening_a_roles_thread_from_the_switcher_names_the_role_in_the_composer(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    app_services.models.set_default(script({"text": "好的。"}))
    handle = app_services.chat.send(None, "你好", SendOptions(role_id=_role(app_services)))
    assert handle.wait(30).value == "completed"
    window = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    assert "Mira" in window.composer.editor.placeholderText()
    window.open_switcher()
    window.switcher.query.setText("你好")
    qtbot.keyClick(window.switcher.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_thread_id == handle.thread_id)
    qtbot.waitUntil(lambda: ROLE in window.composer.editor.placeholderText(), timeout=5000)
    window.close()


def test_a_roles_answer_is_labelled_with_the_role_while_it_streams(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    slow = {"text": " ".join(f"字{i}" for i in range(200)), "hold_after": 20, "release_when": RELEASE}
    ref = script(slow)
    app_services.models.set_default(ref)
    window = open_window(qtbot, app_services, ready=True)
    _choose_role(qtbot, window)
    qtbot.waitUntil(lambda: ROLE in window.composer.editor.placeholderText(), timeout=5000)
    window.composer.editor.setPlainText("写一首诗")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: _last(window) is not None and _last(window).message.role == "assistant")
    assert _last(window).message.status == "streaming"
    assert _last(window).who.text() == ROLE  # from the first frame, not "Mira" until it ends
    qtbot.waitUntil(lambda: len(_last(window).message.content) > 10, timeout=10_000)
    assert _last(window).message.status == "streaming"
    assert _last(window).who.text() == ROLE
    release(ref)
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=30_000)
    assert _last(window).who.text() == ROLE
    window.close()


def test_a_greeting_shows_the_roles_avatar_before_the_first_send(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    picture = tmp_path / "face.png"
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(QColor("#4f46e5"))
    assert image.save(str(picture))
    role_id = _role(app_services)
    saved = app_services.roles.to_json(app_services.roles.get(role_id))
    saved["prompt"]["first_message"] = "你好，我是写作助手。"
    app_services.roles.update(role_id, {**saved, "version": saved["version"]}, avatar=picture)
    window = open_window(qtbot, app_services, ready=True)
    _choose_role(qtbot, window)
    qtbot.waitUntil(lambda: _last(window) is not None and "greeting" in _last(window).message.flags, timeout=5000)
    greeting = _last(window)
    assert greeting.who.text() == ROLE
    assert greeting.avatar.isVisibleTo(greeting)
    assert not greeting.avatar.pixmap().isNull()
    window.close()


def test_editing_the_first_message_offers_to_retitle_the_thread(
    qtbot: QtBot, app_services: AppServices, script
) -> None:
    app_services.models.set_default(script({"text": "One."}, {"text": "Two."}))
    window = open_window(qtbot, app_services, ready=True)
    window.composer.editor.setPlainText("Plan a trip to Kyoto")
    window.composer.send_button.click()
    qtbot.waitUntil(lambda: not window.controller.state.busy and window.current_thread_id is not None, timeout=20_000)
    thread_id = window.current_thread_id
    qtbot.waitUntil(lambda: window.header.title.text() == "Plan a trip to Kyoto", timeout=5000)
    question = next(w for w in window.chat_view.widgets.values() if w.message.role == "user")
    question.begin_edit()
    assert question.editor is not None
    question.editor.setPlainText("Plan a trip to Osaka")
    question.save_edit.click()
    notice = window.undo_notice
    qtbot.waitUntil(notice.isVisible, timeout=5000)
    assert "Plan a trip to Osaka" in notice.label.text()
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    notice.button.click()
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).title == "Plan a trip to Osaka", timeout=5000)
    qtbot.waitUntil(lambda: window.header.title.text() == "Plan a trip to Osaka", timeout=5000)
    window.close()


def test_a_retitled_thread_is_not_offered_a_title_again(qtbot: QtBot, app_services: AppServices, script) -> None:
    app_services.models.set_default(script({"text": "One."}, {"text": "Two."}))
    handle = app_services.chat.send(None, "Plan a trip to Kyoto", SendOptions())
    assert handle.wait(30).value == "completed"
    app_services.threads.rename(handle.thread_id, "Holidays")
    window = open_window(qtbot, app_services, ready=True)
    window.open_thread(handle.thread_id)
    qtbot.waitUntil(lambda: window.header.title.text() == "Holidays", timeout=5000)
    qtbot.waitUntil(lambda: handle.user_message_id in window.chat_view.widgets, timeout=5000)
    window.chat_view.edit_submitted.emit(handle.user_message_id, "Plan a trip to Osaka")
    qtbot.waitUntil(lambda: not window.controller.state.busy, timeout=20_000)
    assert not window.undo_notice.isVisible()
    window.close()


@pytest.mark.usefixtures("heavy_libraries_loaded")  # LanceDB's loop thread starts before the leak check
def test_the_knowledge_progress_bar_moves_while_a_job_embeds(
    qtbot: QtBot, app_services: AppServices, runner, changes, tmp_path: Path
) -> None:
    from mira_desktop.ui.knowledge.page import KnowledgePage

    # The page starts the real indexer, which would run the job to its end before the steps below
    # are seen: it stays paused, and the test publishes what the builder publishes while embedding.
    with app_services.knowledge.indexer.paused():
        kb = app_services.knowledge_bases.create("notes")
        note = tmp_path / "note.txt"
        note.write_text("Some text to index.\n" * 50)
        app_services.knowledge.queue.add(kb.id, [str(note)])
        jobs = IndexJobRepository(app_services.database)
        job = app_services.knowledge_bases.jobs(kb.id)[0]
        # What the builder writes when embedding starts; the next write is at a 512-chunk checkpoint.
        jobs.update(job.id, state=JobState.EMBEDDING, progress=0.05)
        page = KnowledgePage(app_services, runner, changes)
        qtbot.addWidget(page)
        page.show()
        page.refresh_knowledge_bases(kb.id)
        qtbot.waitUntil(lambda: page.overall.value() == 5, timeout=30_000)
        step = IndexProgress(kb.id, "embedding 60 of 100 chunks", 0, 1, 60, 100, None, "embedding")
        app_services.changes.publish(Topic.INDEX, kb.id, progress=step)
        qtbot.waitUntil(lambda: page.overall.value() == 59, timeout=30_000)  # 5 % + 90 % × 60/100
        bar = page.jobs_tab.table.cellWidget(0, 2)
        assert bar.value() == 59
        page.close()
