"""The window's first moments, before its services are attached: a listed thread opens on a click
(read-only, its visible branch), what is typed on each page is kept, Enter queues the message, and
the attached window takes all of it over."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation import chat_state
from mira_desktop.core.conversation.threads import MessageRole, Thread
from mira_desktop.core.phrases import ENGLISH, said
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.app.first_look import read_first_look
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.language.i18n import say, tr
from mira_desktop.ui.shell import first_moments
from mira_desktop.ui.shell.main_window import MainWindow
from mira_desktop.ui.shell.sidebar import PAGE


def _first_frame(qtbot: QtBot, root: Path) -> MainWindow:
    """The window as the app shows it before its services exist (attached when the test says)."""
    window = MainWindow(str(root), read_first_look(root, PAGE))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _thread_with_two_branches(services: AppServices) -> tuple[Thread, list[str]]:
    """A question answered twice: the first answer is the visible branch. Its messages' ids."""
    thread = ThreadRepository(services.database).create(title="Kyoto trip")
    messages = MessageRepository(services.database)
    question = messages.add(thread.id, MessageRole.USER, "Where should we stay?")
    first = messages.add(thread.id, MessageRole.ASSISTANT, "A ryokan near Gion.", parent_id=question.id)
    messages.add(thread.id, MessageRole.ASSISTANT, "A hotel by the station.", parent_id=question.id)
    ThreadRepository(services.database).set_active_leaf(thread.id, first.id)
    return thread, [question.id, first.id]


def _click_first_thread(qtbot: QtBot, window: MainWindow) -> None:
    listed = window.sidebar.thread_list
    qtbot.mouseClick(listed.viewport(), Qt.MouseButton.LeftButton, pos=listed.visualItemRect(listed.item(0)).center())


def _shown(window: MainWindow) -> list[tuple[str, str]]:
    view = window.chat_view
    return [(view.widgets[i].message.role, view.widgets[i].message.content) for i in view._order if i in view.widgets]


def _script(tmp_path: Path, text: str = "Hello back.") -> str:
    path = tmp_path / "script.json"
    path.write_text(json.dumps({"replies": [{"text": text}] * 3}))
    return f"scripted:{path}"


def test_a_thread_clicked_before_the_services_shows_its_visible_branch_and_draft_at_once(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread, _ids = _thread_with_two_branches(app_services)
    app_services.threads.save_draft(thread.id, "and near a bath house?")
    window = _first_frame(qtbot, app_services.folder.root)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000) as shown:
        _click_first_thread(qtbot, window)
    assert shown.args == [thread.id]
    assert window.services is None  # nothing was built: the data folder was read, read-only
    assert _shown(window) == [("user", "Where should we stay?"), ("assistant", "A ryokan near Gion.")]
    second = window.chat_view.widgets[_ids[1]].message
    assert (second.sibling_index, second.sibling_count) == (1, 2)  # the other answer is one arrow away
    assert window.thread_title.text() == "Kyoto trip"
    assert window.composer.editor.toPlainText() == "and near a bath house?"
    assert window.composer.editor.hasFocus()
    window.close()


def test_the_attached_window_reads_the_open_thread_again_through_the_services_without_clearing_it(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread, ids = _thread_with_two_branches(app_services)
    window = _first_frame(qtbot, app_services.folder.root)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    early = {i: window.chat_view.widgets[i] for i in ids}
    window.attach(app_services)
    assert window.current_thread_id == thread.id
    assert [w.message.id for w in early.values()] == ids
    assert all(window.chat_view.widgets.get(i) is w for i, w in early.items())  # kept, not cleared and redrawn
    assert tuple(m.id for m in window.controller.state.history) == tuple(ids)  # the chat state has them
    qtbot.waitUntil(lambda: thread.id in window.controller.stamps)  # read again through the services
    assert _shown(window) == [("user", "Where should we stay?"), ("assistant", "A ryokan near Gion.")]
    other = window.chat_view.widgets[ids[1]].message.next_sibling
    assert other is not None
    window.chat_view.sibling_requested.emit(other)  # a branch switch works: the services act on it
    qtbot.waitUntil(lambda: [c for _r, c in _shown(window)] == ["Where should we stay?", "A hotel by the station."])
    window.close()


def test_enter_on_a_thread_opened_before_the_services_queues_the_message_and_sends_it_once(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    app_services.models.set_default(_script(tmp_path))
    thread, _ids = _thread_with_two_branches(app_services)
    window = _first_frame(qtbot, app_services.folder.root)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    qtbot.keyClicks(window.composer.editor, "Which area is quiet?")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.composer.queued
    assert window.composer.wait_note.text() == tr("startup.queued")
    assert window.composer.wait_note.isVisibleTo(window)
    window.attach(app_services)
    assert window.composer.queued  # the attached window keeps it queued, on the same thread
    assert window.composer.editor.toPlainText() == "Which area is quiet?"
    with qtbot.waitSignal(window.model_readiness_changed, timeout=30_000):
        window.start_model_check()
    messages = MessageRepository(app_services.database)
    qtbot.waitUntil(lambda: len(messages.list_for_thread(thread.id)) == 5 and not window.controller.state.busy, timeout=20_000)
    sent = [m for m in messages.list_for_thread(thread.id) if m.content == "Which area is quiet?"]
    assert len(sent) == 1  # sent exactly once, into the thread it was typed in
    assert app_services.threads.get(thread.id).active_leaf_id is not None
    assert window.composer.editor.toPlainText() == ""
    assert [t.id for t in app_services.threads.list()] == [thread.id]  # no new thread
    window.close()


def test_escape_before_the_services_keeps_the_message_unsent_after_they_attach(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    app_services.models.set_default(_script(tmp_path))
    thread, _ids = _thread_with_two_branches(app_services)
    window = _first_frame(qtbot, app_services.folder.root)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    qtbot.keyClicks(window.composer.editor, "Which area is quiet?")
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Escape)  # Esc: out of the queue, not a Stop
    assert not window.composer.queued
    window.attach(app_services)
    with qtbot.waitSignal(window.model_readiness_changed, timeout=30_000):
        window.start_model_check()
    assert window.composer.ready
    assert window.composer.editor.toPlainText() == "Which area is quiet?"  # there, unsent
    assert len(MessageRepository(app_services.database).list_for_thread(thread.id)) == 3
    qtbot.waitUntil(lambda: app_services.threads.get(thread.id).draft == "Which area is quiet?")  # kept as its draft
    window.close()


def test_what_is_typed_on_each_page_before_the_services_is_kept_and_saved_as_its_draft(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread, _ids = _thread_with_two_branches(app_services)
    window = _first_frame(qtbot, app_services.folder.root)
    qtbot.keyClicks(window.composer.editor, "a new question")
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    assert window.composer.editor.toPlainText() == ""  # the thread's own (empty) draft
    qtbot.keyClicks(window.composer.editor, "more about Gion")
    window.new_chat()
    assert window.composer.editor.toPlainText() == "a new question"  # the welcome page's text again
    assert window.chat_view.widgets == {} or not window.chat_view.scroll_area.isVisibleTo(window)
    _click_first_thread(qtbot, window)
    assert window.composer.editor.toPlainText() == "more about Gion"
    window.attach(app_services)
    assert window.current_thread_id == thread.id
    assert window.composer.editor.toPlainText() == "more about Gion"
    qtbot.waitUntil(lambda: app_services.threads.get(thread.id).draft == "more about Gion")
    qtbot.waitUntil(lambda: app_services.threads.welcome_draft() == "a new question")
    window.new_chat()
    qtbot.waitUntil(lambda: window.composer.editor.toPlainText() == "a new question")
    window.close()


def test_a_thread_opened_before_the_services_speaks_chinese_in_a_chinese_window(
    qtbot: QtBot, app_services: AppServices, chinese: None
) -> None:
    thread = ThreadRepository(app_services.database).create(title="京都之旅")
    messages = MessageRepository(app_services.database)
    question = messages.add(thread.id, MessageRole.USER, "住在哪里好？")
    busy = said("chat.busy")
    messages.add(
        thread.id,
        MessageRole.ASSISTANT,
        "",
        parent_id=question.id,
        error={"kind": "busy", "message": ENGLISH["chat.busy"], "phrase": busy.to_dict()},
    )
    window = _first_frame(qtbot, app_services.folder.root)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    assert window.thread_title.text() == "京都之旅"
    shown = [window.chat_view.widgets[i].message for i in window.chat_view._order]
    assert shown[0].content == "住在哪里好？"
    assert shown[1].error == say(busy) != ENGLISH["chat.busy"]  # the saved failure, in Chinese
    window.composer.editor.insertPlainText("安静一点的地方")  # as an input method commits it
    qtbot.keyClick(window.composer.editor, Qt.Key.Key_Return)
    assert window.composer.wait_note.text() == tr("startup.queued")
    assert "模型" in window.composer.wait_note.text()
    window.close()


def test_the_first_moments_name_the_welcome_page_as_the_chat_state_does() -> None:
    assert first_moments.WELCOME == chat_state.WELCOME  # kept apart only so the first frame need not import it


def test_the_app_process_clicks_the_newest_thread_at_first_paint_and_reports_when_it_showed(tmp_path: Path) -> None:
    """What the start-up benchmark counts as usable: the clicked thread's messages on screen."""
    import os
    import subprocess
    import sys

    from mira_desktop.app import build_services

    folder = tmp_path / "d"
    setup = build_services(folder)
    try:
        thread = ThreadRepository(setup.database).create(title="Kyoto trip")
        MessageRepository(setup.database).add(thread.id, MessageRole.USER, "Where should we stay?")
    finally:
        setup.close()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    command = [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(folder), "--exit-when-ready"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    ready = json.loads(result.stdout.strip().splitlines()[-1])
    assert ready["threads_listed"] == 1
    assert ready["first_paint_epoch"] <= ready["thread_clicked_epoch"] <= ready["thread_shown_epoch"]
    assert isinstance(ready["thread_shown_before_attach"], bool)


def test_a_long_thread_opened_before_the_services_offers_its_earlier_messages_across_the_attach(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread = ThreadRepository(app_services.database).create(title="Long")
    messages = MessageRepository(app_services.database)
    parent = None
    for i in range(34):
        role = MessageRole.USER if i % 2 == 0 else MessageRole.ASSISTANT
        parent = messages.add(thread.id, role, f"message {i}", parent_id=parent.id if parent else None)
    window = _first_frame(qtbot, app_services.folder.root)
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    earlier = window.chat_view.earlier_button
    assert earlier.isVisibleTo(window)  # 30 read of 34 (and the oldest of those not built yet)
    offered = earlier.text()
    window.attach(app_services)
    assert earlier.isVisibleTo(window)  # not hidden while the services read it again
    assert earlier.text() == offered
    qtbot.waitUntil(lambda: thread.id in window.controller.stamps)
    assert earlier.text() == offered  # the services count the same earlier messages
    window.close()


def test_a_right_click_on_a_thread_before_the_services_opens_no_menu_and_the_thread_still_opens(
    qtbot: QtBot, app_services: AppServices
) -> None:
    _thread_with_two_branches(app_services)
    window = _first_frame(qtbot, app_services.folder.root)
    listed = window.sidebar.thread_list
    listed.customContextMenuRequested.emit(listed.visualItemRect(listed.item(0)).center())  # raised before
    with qtbot.waitSignal(window.thread_shown, timeout=10_000):
        _click_first_thread(qtbot, window)
    assert len(window.chat_view.widgets) == 2
    window.close()


def test_a_thread_clicked_in_the_first_look_is_shown_without_importing_any_service(tmp_path: Path) -> None:
    """The click must not wait for the services' modules (the build imports them meanwhile)."""
    import os
    import subprocess
    import sys

    from mira_desktop.app import build_services

    folder = tmp_path / "d"
    setup = build_services(folder)
    try:
        _thread_with_two_branches(setup)
    finally:
        setup.close()
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from mira_desktop.services.app.first_look import read_first_look\n"
        "from mira_desktop.ui.shell.main_window import MainWindow\n"
        "from mira_desktop.ui.shell.sidebar import PAGE\n"
        "app = QApplication(sys.argv[:1])\n"
        f"root = Path({str(folder)!r})\n"
        "window = MainWindow(str(root), read_first_look(root, PAGE))\n"
        "window.show()\n"
        "shown = []\n"
        "window.thread_shown.connect(lambda thread_id: (shown.append(thread_id), app.quit()))\n"
        "listed = window.sidebar.thread_list\n"
        "listed.setCurrentItem(listed.item(0))\n"
        "listed.itemClicked.emit(listed.item(0))\n"
        "app.exec()\n"
        "window.background.shutdown()\n"
        "first_look = {'mira_desktop.services.app', 'mira_desktop.services.threads',"
        " 'mira_desktop.services.threads.drafts'}  # what the first look itself imports\n"
        "print(len(shown), ','.join(m for m in sys.modules if m.startswith('mira_desktop.services.')"
        " and m not in first_look and not m.startswith('mira_desktop.services.app.')))\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1"]  # shown, and no service module imported
