"""The thread menu and its summary dialog: every read and write runs in the background (the
UI-thread check of tests/gui/conftest.py fails these tests otherwise), and what they show is what the
database holds."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole, ThreadStatus
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.chat.summary_dialog import SummaryDialog
from mira_desktop.ui.language.i18n import tr
from mira_desktop.ui.runtime.operations import OperationRunner
from tests.gui.support import open_window


def _thread(services: AppServices, title: str) -> str:
    thread = ThreadRepository(services.database).create(title=title)
    MessageRepository(services.database).add(thread.id, MessageRole.USER, "hello")
    return thread.id


def test_the_summary_dialog_shows_the_saved_summary_then_saves_and_clears_it(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    thread_id = _thread(app_services, "Kyoto trip")
    app_services.summaries.set(thread_id, "They plan a trip to Kyoto in May.")
    dialog = SummaryDialog(app_services, runner, thread_id)
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.editor.toPlainText() == "They plan a trip to Kyoto in May.")

    dialog.editor.setPlainText("They plan a trip to Kyoto in April.")
    with qtbot.waitSignal(dialog.finished_work):
        dialog.save_button.click()
    assert dialog.status.text() == tr("summary.saved")
    assert app_services.summaries.get(thread_id) == "They plan a trip to Kyoto in April."

    with qtbot.waitSignal(dialog.finished_work):
        dialog.clear_button.click()
    assert dialog.status.text() == tr("summary.cleared")
    assert dialog.editor.toPlainText() == ""
    assert app_services.summaries.get(thread_id) is None


def test_the_summary_dialog_of_a_thread_deleted_meanwhile_says_so(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner
) -> None:
    thread_id = _thread(app_services, "Gone soon")
    app_services.threads.delete(thread_id)
    dialog = SummaryDialog(app_services, runner, thread_id)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.finished_work):
        pass
    assert dialog.status.text() not in ("", tr("summary.loading"))
    assert dialog.save_button.isEnabled()


def test_the_thread_menu_shows_the_threads_switches_once_read_and_archives_it(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread_id = _thread(app_services, "Kyoto trip")
    app_services.threads.set_flag(thread_id, "memory", False)
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    menu = window.thread_actions.menu
    with qtbot.waitSignal(window.thread_actions.state_shown) as shown:
        window.thread_actions.fill(menu, thread_id)
    assert shown.args == [thread_id]
    actions = {a.text(): a for a in menu.actions()}
    assert actions[tr("thread.memory")].isEnabled()
    assert not actions[tr("thread.memory")].isChecked()

    actions[tr("thread.memory")].trigger()
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).memory_enabled)
    actions[tr("thread.archive")].trigger()
    qtbot.waitUntil(lambda: app_services.threads.get(thread_id).status is ThreadStatus.ARCHIVED)

    with qtbot.waitSignal(window.thread_actions.state_shown):
        window.thread_actions.fill(menu, thread_id)
    assert tr("thread.unarchive") in [a.text() for a in menu.actions()]
    window.close()


def test_a_menu_filled_again_before_its_read_came_back_shows_only_the_latest_thread(
    qtbot: QtBot, app_services: AppServices
) -> None:
    first = _thread(app_services, "First")
    app_services.threads.set_flag(first, "memory", False)
    second = _thread(app_services, "Second")
    window = open_window(qtbot, app_services)
    menu = window.thread_actions.menu
    window.thread_actions.fill(menu, first)  # its actions are gone once the menu is filled again
    with qtbot.waitSignal(window.thread_actions.state_shown) as shown:
        window.thread_actions.fill(menu, second)
    assert shown.args == [second]
    memory = next(a for a in menu.actions() if a.text() == tr("thread.memory"))
    assert memory.isChecked()  # the second thread's switch, not the first's
    window.close()
