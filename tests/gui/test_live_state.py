"""Every view follows the services: lists, counts, the context meter and quitting tell the truth."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from mira_desktop.core.changes import Change, Topic
from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.chat.service import SendOptions
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.knowledge.page import KnowledgePage
from mira_desktop.ui.look.theme import current_is_dark
from mira_desktop.ui.runtime.changes import ChangeSignal, Follow
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.gui.conftest import Speak
from tests.gui.support import open_window


def _thread(services: AppServices, title: str) -> str:
    thread = ThreadRepository(services.database).create(title=title)
    MessageRepository(services.database).add(thread.id, MessageRole.USER, "hello")
    return thread.id


def test_archiving_and_deleting_update_the_sidebar_without_a_click(
    qtbot: QtBot, app_services: AppServices
) -> None:
    first, second = _thread(app_services, "Kyoto trip"), _thread(app_services, "Osaka food")
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 2)
    app_services.threads.archive(first)  # e.g. from the thread menu, or `mira threads archive`
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    app_services.threads.delete(second)
    qtbot.waitUntil(lambda: window.sidebar.list_stack.currentWidget() is window.sidebar.empty_label)
    window.sidebar.status_tabs.setCurrentIndex(1)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    window.close()


def test_what_the_mira_command_changes_beside_the_window_shows_without_a_click(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread_id = _thread(app_services, "Kyoto trip")
    window = open_window(qtbot, app_services)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: window.thread_title.text() == "Kyoto trip")
    data_dir = str(app_services.folder.root)
    mira = [sys.executable, "-m", "mira_desktop.app", "--data-dir", data_dir]
    subprocess.run([*mira, "threads", "rename", thread_id, "Kyoto and Nara"], check=True, capture_output=True)
    qtbot.waitUntil(lambda: window.thread_title.text() == "Kyoto and Nara", timeout=10_000)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.item(0).text().startswith("Kyoto and Nara"))
    subprocess.run([*mira, "threads", "archive", thread_id], check=True, capture_output=True)
    qtbot.waitUntil(
        lambda: window.sidebar.list_stack.currentWidget() is window.sidebar.empty_label, timeout=10_000
    )
    window.close()


def test_a_command_writing_elsewhere_leaves_the_sidebar_scroll_and_the_open_thread_alone(
    qtbot: QtBot, app_services: AppServices, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [_thread(app_services, f"Trip {n}") for n in range(60)]
    window = open_window(qtbot, app_services)
    with qtbot.waitSignal(window.sidebar.listed, timeout=10_000):
        pass  # the services' first read of the list (the first frame showed the first look's)
    window.open_thread(ids[0])
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 60 and ids[0] in window.controller.stamps)
    bar = window.sidebar.thread_list.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    bar.setValue(bar.maximum() // 2)
    reloads: list[int] = []
    monkeypatch.setattr(window.controller, "reload", lambda: reloads.append(1))
    listed: list[int] = []
    window.sidebar.listed.connect(lambda: listed.append(1))
    followed: list[bool] = []
    window.thread_followed.connect(followed.append)
    elsewhere: list[Change] = []
    app_services.changes.subscribe(
        lambda change: elsewhere.append(change) if change.data.get("source") == "another process" else None
    )
    # A follow of every topic, with the window's delay: once it has fired, the change was delivered on
    # the window's thread and every follow of the window it started has had its turn.
    delivered: list[Change] = []
    Follow(window, window.changes, set(Topic), delivered.extend)
    mira = [sys.executable, "-m", "mira_desktop.app", "--data-dir", str(app_services.folder.root)]
    for n, fact in enumerate(["I prefer trains", "I prefer window seats"]):
        subprocess.run([*mira, "memory", "add", fact], check=True, capture_output=True)
        # The command recorded just what it changed (one memory fact): only that is announced…
        qtbot.waitUntil(lambda n=n: len(elsewhere) > n, timeout=10_000)
        assert [c.topic for c in elsewhere] == [Topic.MEMORY] * (n + 1)
        qtbot.waitUntil(lambda n=n: len(delivered) > n, timeout=10_000)
        assert (listed, followed, reloads) == ([], [], [])  # …so the list and the open thread are left alone
        assert bar.value() == bar.maximum() // 2  # the sidebar stays where it was
    window.close()


def test_deleting_the_open_thread_returns_to_the_welcome_page(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread_id = _thread(app_services, "Doomed")
    window = open_window(qtbot, app_services)
    window.open_thread(thread_id)
    qtbot.waitUntil(lambda: window.thread_title.text() == "Doomed")
    app_services.threads.delete(thread_id)
    qtbot.waitUntil(lambda: window.current_thread_id is None)
    window.close()


@pytest.mark.usefixtures("heavy_libraries_loaded")
def test_the_knowledge_window_shows_counts_and_progress_as_indexing_goes(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal, tmp_path: Path
) -> None:
    page = KnowledgePage(app_services, runner, changes)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: "No knowledge bases yet" in page.summary.text())
    assert not page.cancel_button.isEnabled()
    kb = app_services.knowledge_bases.create("Papers")  # made elsewhere: the window follows
    qtbot.waitUntil(lambda: page.kb_list.count() == 1 and "Papers" in page.summary.text())
    note = tmp_path / "note.md"
    note.write_text("# Tides\n\nThe moon pulls the sea twice a day.\n")
    app_services.knowledge.queue.add(kb.id, [str(note)])
    qtbot.waitUntil(lambda: page.jobs.rowCount() == 1)
    qtbot.waitUntil(lambda: page.kb_list.item(0).text() == "Papers (1)", timeout=60_000)
    assert "1 document" in page.summary.text()
    qtbot.waitUntil(lambda: page.overall.value() == 100)
    assert not page.cancel_button.isEnabled()
    page.close()


def test_the_context_meter_follows_answers_branches_and_models(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"replies": [{"text": "one two three four five six"}, {"text": "seven"}]}))
    small = tmp_path / "small.json"
    small.write_text(json.dumps({"replies": [], "profile": {"context_window": 2048}}))
    app_services.models.set_default(f"scripted:{script}")
    window = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: "/ 8,192" in window.composer.meter.text())
    window.composer.send_requested.emit("Count please")
    qtbot.waitUntil(
        lambda: window.current_thread_id is not None and not window.controller.state.busy, timeout=20_000
    )

    def used() -> int:
        return int(window.composer.meter.text().split(":")[1].split("/")[0].replace(",", "").strip())

    qtbot.waitUntil(lambda: used() > 8)  # the answer is in the next request now
    after_answer = used()
    assert "Conversation" in window.composer.meter.toolTip()
    answer_id = window.chat_view._order[-1]
    window.chat_view.regenerate_requested.emit(answer_id)
    qtbot.waitUntil(
        lambda: (
            not window.controller.state.busy
            and len(app_services.threads.show(window.current_thread_id or "").messages) == 3
        ),
        timeout=20_000,
    )
    qtbot.waitUntil(lambda: used() < after_answer)  # the shorter branch is the visible one
    window.chat_view.sibling_requested.emit(answer_id)
    qtbot.waitUntil(lambda: used() == after_answer)
    window.header.model_picker.addItem("small", f"scripted:{small}")
    window.header.model_picker.activated.emit(window.header.model_picker.findData(f"scripted:{small}"))
    qtbot.waitUntil(lambda: "/ 2,048" in window.composer.meter.text(), timeout=10_000)
    window.close()


def test_the_welcome_pages_context_meter_counts_the_chosen_role(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"replies": []}))
    app_services.models.set_default(f"scripted:{script}")
    role = app_services.roles.create(
        {"name": "Historian", "prompt": {"description": "{{char}} explains history at length. " * 40}}
    )
    window = open_window(qtbot, app_services, ready=True)
    qtbot.waitUntil(lambda: "/ 8,192" in window.composer.meter.text())

    def used() -> int:
        return int(window.composer.meter.text().split(":")[1].split("/")[0].replace(",", "").strip())

    without = used()
    window.header.select_role(role.id)
    qtbot.waitUntil(lambda: used() > without + 200, timeout=10_000)  # the role's prompt is in the count
    window.header.select_role(None)
    qtbot.waitUntil(lambda: used() == without, timeout=10_000)
    window.close()


def test_quit_closes_every_mira_window_even_from_the_roles_window(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    window.open_roles()
    window.open_knowledge()
    assert window.role_workbench.isVisible()
    window.close()  # what Ctrl+Q does, wherever the focus is (an application-wide shortcut)
    opened = (window, window.role_workbench, window.knowledge_page)
    qtbot.waitUntil(lambda: not any(w.isVisible() for w in opened), timeout=2000)
    quit_action = next(
        a for a in window.findChildren(type(window.menuBar().actions()[0])) if a.text() == "Quit"
    )
    assert quit_action.shortcutContext().name == "ApplicationShortcut"


def test_the_dark_theme_can_be_chosen_and_applies_to_every_window(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    window.open_settings()
    page = window.settings_dialog.appearance_page
    qtbot.waitUntil(lambda: page.loaded)
    assert page.theme_box.currentData() == "system"
    page.theme_box.setCurrentIndex(page.theme_box.findData("dark"))
    qtbot.waitUntil(lambda: app_services.preferences.theme() == "dark")
    assert current_is_dark()
    assert "#16181d" in QApplication.instance().styleSheet()  # type: ignore[union-attr]
    window.open_knowledge()  # a window of its own: painted from the palette, not the main window's sheet
    knowledge = window.knowledge_page.window()
    assert knowledge.palette().color(QPalette.ColorRole.Window).name() == "#16181d"
    assert knowledge.palette().color(QPalette.ColorRole.ButtonText).name() == "#e5e7eb"
    knowledge.close()
    page.theme_box.setCurrentIndex(page.theme_box.findData("light"))
    qtbot.waitUntil(lambda: app_services.preferences.theme() == "light")
    assert not current_is_dark()
    assert QApplication.palette().color(QPalette.ColorRole.Window).name() == "#ffffff"
    page.theme_box.setCurrentIndex(page.theme_box.findData("system"))  # offscreen Qt's system is light
    qtbot.waitUntil(lambda: app_services.preferences.theme() == "system")
    assert not current_is_dark()
    window.settings_dialog.close()
    window.close()


@pytest.fixture
def english(speak: Speak) -> None:
    """The English translation installed (its plural forms), the source text back after."""
    speak("en")


@pytest.mark.usefixtures("heavy_libraries_loaded", "english")
def test_a_knowledge_answer_says_it_was_cut_off_and_which_sentences_no_source_supports(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path
) -> None:
    base = app_services.knowledge_bases.create("Crew")
    crew = tmp_path / "crew.md"
    crew.write_text("# Crew\n\nThe commander of the station is Aiko Tanaka. The engineer is Lars Berg.\n")
    added = app_services.knowledge.queue.add(base.id, [str(crew)])
    app_services.knowledge.queue.run_until_done(base.id, added.jobs)
    script = tmp_path / "s.json"
    answer = "The commander of the station is Aiko Tanaka. She flies a purple dragon over the moon and"
    script.write_text(json.dumps({"replies": [{"text": answer, "finish": "length"}]}))
    window = open_window(qtbot, app_services, ready=True)
    handle = app_services.chat.send(
        None, "Who is the commander?", SendOptions(model_ref=f"scripted:{script}", knowledge_base_id=base.id)
    )
    handle.wait(30)
    window.open_thread(handle.thread_id)
    qtbot.waitUntil(lambda: handle.assistant_message_id in window.chat_view.widgets, timeout=10_000)
    widget = window.chat_view.widgets[handle.assistant_message_id]
    qtbot.waitUntil(lambda: widget.citations.isVisibleTo(window), timeout=10_000)
    assert widget.citations.text() == (
        "1 sentence of this answer is not found in the sources shown. "
        "Mira tied 1 sentence to its source: the model did not cite it."
    )
    assert "purple dragon" in widget.citations.toolTip()
    assert widget.status.text().startswith("Cut off")
    assert widget.sources.text().count("crew.md") == 1
    window.close()


def test_the_sidebar_lists_the_newest_page_and_shows_older_threads_on_request(
    qtbot: QtBot, app_services: AppServices, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mira_desktop.ui.shell import sidebar

    monkeypatch.setattr(sidebar, "PAGE", 3)  # pages of 3 instead of 200, same code
    for n in range(5):
        _thread(app_services, f"Trip {n}")
    window = open_window(qtbot, app_services)
    window.sidebar.shown = sidebar.PAGE
    window.sidebar.refresh()
    listed = window.sidebar.thread_list
    qtbot.waitUntil(lambda: listed.count() == 4)  # three threads and "Show older conversations…"
    assert listed.item(3).data(Qt.ItemDataRole.UserRole) == sidebar.MORE
    window.sidebar._item_clicked(listed.item(3))
    qtbot.waitUntil(lambda: listed.count() == 5)  # all five, nothing older left
    assert all(listed.item(r).data(Qt.ItemDataRole.UserRole) != sidebar.MORE for r in range(5))
    window.close()
