from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole, MessageStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from tests.gui.support import open_window


def test_window_opens_on_the_welcome_page_with_composer_waiting_for_the_model(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    assert window.chat_view.currentWidget() is window.chat_view.empty_state
    assert window.current_thread_id is None
    assert window.composer.editor.isEnabled()  # it takes typing while the model loads
    assert not window.composer.ready
    assert str(app_services.folder.root) in window.data_label.text()
    qtbot.waitUntil(lambda: window.header.workspace_picker.currentText() == "Mira BASE")
    assert not window.header.workspace_picker.isVisible()  # shown with agent mode
    assert window.sidebar.list_stack.currentWidget() is window.sidebar.empty_label
    # The welcome page is a draft: opening it created no thread.
    assert app_services.threads.list(None) == []
    window.close()


def test_composer_is_enabled_once_the_default_model_is_ready(qtbot: QtBot, app_services: AppServices) -> None:
    window = open_window(qtbot, app_services)
    with qtbot.waitSignal(window.model_readiness_changed, timeout=60_000) as signal:
        window.start_model_check()
    readiness = signal.args[0]
    assert readiness.ready, readiness.problem
    assert window.composer.ready
    assert "ready" in window.model_label.text()
    assert window.model_progress.isHidden()
    window.close()


def test_threads_appear_in_the_sidebar_and_open_with_their_messages(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread = ThreadRepository(app_services.database).create(title="Kyoto trip")
    messages = MessageRepository(app_services.database)
    question = messages.add(thread.id, MessageRole.USER, "Where should we stay?")
    messages.add(
        thread.id, MessageRole.ASSISTANT, "Near Gion", parent_id=question.id, status=MessageStatus.CANCELLED
    )
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    item = window.sidebar.thread_list.item(0)
    assert "Kyoto trip" in item.text()
    window.sidebar.thread_list.itemClicked.emit(item)
    assert window.current_thread_id == thread.id
    qtbot.waitUntil(lambda: window.thread_title.text() == "Kyoto trip")
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 2)
    question, answer = (window.chat_view.widgets[i] for i in window.chat_view._order)
    assert question.message.content == "Where should we stay?"
    assert answer.message.content == "Near Gion"
    assert "Stopped" in answer.status.text()
    window.sidebar.search_box.setText("no such thing")
    qtbot.waitUntil(lambda: window.sidebar.list_stack.currentWidget() is window.sidebar.empty_label)
    window.sidebar.search_box.setText("Gion")  # found in a message, not the title
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    window.sidebar.search_box.clear()
    window.sidebar.status_tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 0)
    assert window.sidebar.empty_label.text() == "No archived conversations."
    window.close()


def test_app_process_opens_paints_and_exits_cleanly(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(tmp_path / "d"), "--exit-after-paint"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    first = json.loads(result.stdout.strip().splitlines()[-1])
    assert first["first_paint_s"] > 0
    assert first["composer_takes_typing_at_first_paint"] is True
    assert (tmp_path / "d" / "mira.db").is_file()


def test_app_process_reports_when_the_window_is_usable_and_each_step_before_it_then_exits(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(tmp_path / "d"), "--exit-when-ready"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    ready = json.loads(result.stdout.strip().splitlines()[-1])
    assert ready["model_ready"]
    assert ready["composer_enabled"]
    assert ready["threads_listed"] == 0  # a new data folder
    assert ready["ready_s"] >= ready["first_paint_s"] > 0
    # The steps the start-up benchmark prints, in the order the start takes them.
    steps = ["first_paint", "build_started", "services_built", "attach_started", "services_attached"]
    moments = [ready[f"{step}_epoch"] for step in steps]
    assert moments == sorted(moments)


def test_app_process_refuses_an_unusable_data_folder(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(blocker), "--exit-after-paint"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 1
    assert "is a file, not a folder" in result.stderr


def test_roles_and_knowledge_windows_open_from_the_main_window(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    window.open_roles()
    window.open_knowledge()
    assert window.role_workbench.isVisible()
    assert window.knowledge_page.isVisible()
    window.role_workbench.close()
    window.knowledge_page.close()
    window.close()


def test_starting_a_chat_with_a_role_binds_the_new_thread(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    script = tmp_path / "s.json"
    script.write_text('{"replies": [{"text": "Reviewed."}]}')
    app_services.models.set_default(f"scripted:{script}")
    role = next(r for r in app_services.roles.list() if r.name == "Code Reviewer")
    window = open_window(qtbot, app_services)
    window.composer.set_ready(True)
    window.start_chat_with_role(role.id)
    qtbot.waitUntil(lambda: window.bindings.role_picker.currentData() == role.id)
    window.composer.send_requested.emit("Please review")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )
    assert app_services.threads.get(window.current_thread_id or "").role_id == role.id
    window.close()


def test_the_app_resumes_indexing_in_the_background_and_stops_it_on_close(
    qtbot: QtBot, heavy_libraries_loaded: None, app_services: AppServices, tmp_path: Path
) -> None:
    # A job queued before the window opens (as a killed app or a `mira` command leaves it) …
    kb = app_services.knowledge_bases.create("Notes")
    note = tmp_path / "note.txt"
    note.write_text("The ferry to Ischia leaves at nine.")
    queued = app_services.knowledge.queue.add(kb.id, [str(note)])
    assert [j.state for j in app_services.knowledge_bases.jobs(kb.id)] == ["queued"]
    window = open_window(qtbot, app_services)
    assert app_services.knowledge.indexer.running
    # … is run to publication by the app, with nobody asking.
    qtbot.waitUntil(
        lambda: [j.state for j in app_services.knowledge_bases.jobs(kb.id)] == ["published"], timeout=60_000
    )
    assert len(queued.jobs) == 1
    assert app_services.knowledge.search.search(kb.id, "ferry Ischia", 1)[0].document == "note.txt"
    window.close()
    assert not app_services.knowledge.indexer.running


def test_the_agent_toggle_in_the_header_turns_agent_mode_off_again(
    qtbot: QtBot, app_services: AppServices
) -> None:
    workspace = app_services.workspaces.default()
    thread = ThreadRepository(app_services.database).create(
        title="Tidy the notes", agent_enabled=True, workspace_id=workspace.id
    )
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    window.open_thread(thread.id)
    qtbot.waitUntil(window.header.agent_button.isChecked)
    assert window.header.workspace_picker.isVisible()
    assert window.header.workspace_picker.currentData() == workspace.id
    window.header.agent_button.click()
    qtbot.waitUntil(lambda: not app_services.threads.get(thread.id).agent_enabled)
    assert not window.header.workspace_picker.isVisible()
    assert app_services.threads.get(thread.id).workspace_id == workspace.id
    window.close()


def test_a_chat_started_with_a_role_opens_with_its_greeting_and_answers_in_its_name(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    script = tmp_path / "s.json"
    script.write_text('{"replies": [{"text": "Room 4 is free."}]}')
    app_services.models.set_default(f"scripted:{script}")
    role = app_services.roles.create(
        {
            "name": "Innkeeper",
            "prompt": {
                "description": "{{char}} runs the inn.",
                "first_message": "Welcome! A room for the night?",
                "alternate_greetings": ["Back again?"],
            },
        }
    )
    window = open_window(qtbot, app_services, ready=True)
    window.start_chat_with_role(role.id)
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 1)
    greeting = next(iter(window.chat_view.widgets.values()))
    assert greeting.body.text()  # rendered
    assert "Welcome! A room for the night?" in greeting.message.content
    assert greeting.who.text() == "Innkeeper"
    assert "Innkeeper" in window.composer.editor.placeholderText()
    greeting.next_button.click()  # the alternate greeting
    qtbot.waitUntil(lambda: next(iter(window.chat_view.widgets.values())).message.content == "Back again?")
    window.composer.send_requested.emit("A room, please.")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )
    messages = app_services.threads.show(window.current_thread_id or "").messages
    assert [m.content for m in messages] == ["Back again?", "A room, please.", "Room 4 is free."]
    qtbot.waitUntil(lambda: len(window.chat_view.widgets) == 3)
    answer = window.chat_view.widgets[window.chat_view._order[-1]]
    qtbot.waitUntil(lambda: answer.who.text() == "Innkeeper")
    window.close()


def test_a_long_thread_list_scrolls_with_a_bar_drawn_in_the_theme_not_in_black(
    qtbot: QtBot, app_services: AppServices
) -> None:
    """Seen on a real X screen: without its own rules the scroll bar's track was painted black."""
    from PySide6.QtCore import QPoint

    for n in range(60):
        ThreadRepository(app_services.database).create(title=f"Trip {n}")
    window = open_window(qtbot, app_services)
    listed = window.sidebar.thread_list
    qtbot.waitUntil(lambda: listed.count() == 60)
    bar = listed.verticalScrollBar()
    qtbot.waitUntil(bar.isVisible)
    frame = window.grab().toImage()
    corner = bar.mapTo(window, QPoint(0, 0))
    column = [frame.pixelColor(corner.x() + bar.width() // 2, corner.y() + y).name() for y in range(bar.height())]
    assert "#000000" not in column
    window.close()
