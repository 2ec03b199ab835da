"""Focus and keys as a person meets them: a header picker or the "⋯" menu closed with Esc gives the
keyboard back to the composer; Pause hands the focus to Resume, never to Cancel, and Cancel asks;
Esc closes the Roles and Knowledge windows, which open centred over the main window; selecting an MCP
server leaves Test and Remove where the pointer is."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.downloads import DownloadState
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.tools_page import ToolsPage
from mira_desktop.ui.shell.main_window import MainWindow
from tests.gui.conftest import QtMessages
from tests.gui.support import open_window
from tests.gui.test_get_models_ui import TINY, hub_services, stand_in  # noqa: F401 (fixtures)
from tests.support.hub_server import StandInHub


def _active_window(qtbot: QtBot, services: AppServices) -> MainWindow:
    window = open_window(qtbot, services, ready=True)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(lambda: window.header.kb_picker.count() > 0)
    return window


def test_a_header_picker_closed_with_esc_gives_the_keyboard_back_to_the_composer(
    qtbot: QtBot, app_services: AppServices, qt_messages: QtMessages
) -> None:
    window = _active_window(qtbot, app_services)
    picker = window.header.kb_picker
    picker.setFocus(Qt.FocusReason.MouseFocusReason)  # a click on it: it takes the focus and opens
    picker.showPopup()
    qtbot.waitUntil(picker.view().isVisible)
    qtbot.keyClick(picker.view(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not picker.view().isVisible())
    qtbot.waitUntil(lambda: window.focusWidget() is window.composer.editor)
    window.activateWindow()  # what the desktop does once the list's window is gone
    qtbot.waitUntil(window.composer.editor.hasFocus)
    qtbot.keyClicks(window.focusWidget(), "hello")
    assert window.composer.editor.toPlainText() == "hello"
    window.close()
    qt_messages.expect("This plugin does not support grabbing the keyboard")  # offscreen: no grab


def test_the_thread_menu_closed_with_esc_gives_the_keyboard_back_to_the_composer(
    qtbot: QtBot, app_services: AppServices, qt_messages: QtMessages
) -> None:
    window = _active_window(qtbot, app_services)
    window.header.model_picker.setFocus()  # where the last choice left it
    menu = window.thread_actions.menu
    QTimer.singleShot(100, lambda: qtbot.keyClick(menu, Qt.Key.Key_Escape))
    window.header.menu_button.showMenu()  # returns once Esc closed it
    qtbot.waitUntil(lambda: window.focusWidget() is window.composer.editor)
    window.activateWindow()  # what the desktop does once the menu's window is gone
    qtbot.waitUntil(window.composer.editor.hasFocus)
    qtbot.keyClicks(window.focusWidget(), "hi")
    assert window.composer.editor.toPlainText() == "hi"
    window.close()
    qt_messages.expect("This plugin does not support grabbing the keyboard")  # offscreen: no grab


def test_pause_hands_the_focus_to_resume_and_cancel_asks_first(
    qtbot: QtBot,
    hub_services: AppServices,  # noqa: F811 (the fixture of test_get_models_ui)
    stand_in: StandInHub,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    window.settings_dialog.activateWindow()
    qtbot.waitUntil(window.settings_dialog.isActiveWindow)
    with qtbot.waitSignal(page.models_shown, timeout=10_000):
        page.show_repo(TINY)
    page.files.selectRow(0)
    stand_in.hold(after=1_000_000)  # it cannot finish before the pause, however loaded the machine
    with qtbot.waitSignal(page.download_started, timeout=10_000) as started:
        page.download_button.click()
    download_id = started.args[0]
    qtbot.waitUntil(lambda: download_id in page.downloads.rows, timeout=10_000)
    row = page.downloads.rows[download_id]
    qtbot.waitUntil(lambda: row.pause_button.isVisibleTo(row), timeout=10_000)
    assert page.notice.text() == "Downloading tiny-chat-Q4_K_M.gguf: it goes on while you chat."
    row.pause_button.setFocus()
    qtbot.keyClick(row.pause_button, Qt.Key.Key_Space)  # as a person pressing it
    qtbot.waitUntil(lambda: row.resume_button.isVisibleTo(row), timeout=20_000)
    assert row.resume_button.hasFocus()
    qtbot.waitUntil(lambda: page.notice.text() == "", timeout=5_000)  # no longer downloading
    assert not row.cancel_button.hasFocus()
    asked: list[str] = []

    def answer(_parent, _title, text, *_args):  # type: ignore[no-untyped-def]
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", answer)
    row.cancel_button.click()
    assert "tiny-chat-Q4_K_M.gguf" in asked[0]
    assert "deleted" in asked[0]
    assert hub_services.hub.downloads.get(download_id).state is DownloadState.PAUSED  # declined: kept
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    row.cancel_button.click()
    qtbot.waitUntil(
        lambda: hub_services.hub.downloads.get(download_id).state is DownloadState.CANCELLED, timeout=10_000
    )
    window.settings_dialog.close()
    window.close()


def test_a_window_of_its_own_opens_centred_over_the_main_window(
    qtbot: QtBot, app_services: AppServices
) -> None:
    from PySide6.QtWidgets import QWidget

    from mira_desktop.ui.shell.other_windows import _own_window

    window = _active_window(qtbot, app_services)
    window.move(0, 0)
    other = QWidget()
    qtbot.addWidget(other)
    other.resize(400, 300)
    _own_window(other, window)
    other.show()
    qtbot.waitExposed(other)
    offset = other.geometry().center() - window.frameGeometry().center()
    assert abs(offset.x()) <= 2
    assert abs(offset.y()) <= 2
    window.close()


@pytest.mark.parametrize("which", ["roles", "knowledge"])
def test_esc_closes_the_roles_and_knowledge_windows_as_it_does_settings(
    qtbot: QtBot, app_services: AppServices, which: str
) -> None:
    window = _active_window(qtbot, app_services)
    if which == "roles":
        window.open_roles()
        other = window.role_workbench
    else:
        window.open_knowledge()
        other = window.knowledge_page
    qtbot.waitExposed(other)
    other.activateWindow()
    qtbot.waitUntil(other.isActiveWindow)
    qtbot.keyClick(other.focusWidget() or other, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not other.isVisible())
    window.close()


def test_selecting_an_mcp_server_leaves_test_and_remove_in_place(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> None:
    app_services.mcp.add_stdio("exits", sys.executable, ["-c", "import sys; sys.exit(1)"])
    page = ToolsPage(app_services, runner, changes)
    qtbot.addWidget(page)
    # As tall as the settings dialog's scroll area lets it be: shorter, the boxes below (the web research
    # box fills in when its settings are read) squeeze the servers' list while the test measures.
    page.resize(800, 1200)
    page.show()
    qtbot.waitUntil(lambda: page.servers.topLevelItemCount() == 1)
    page.servers.setCurrentItem(None)
    qtbot.waitUntil(lambda: not page.detail.isVisible())
    before = page.test_button.mapTo(page, page.test_button.rect().topLeft())
    page.servers.setCurrentItem(page.servers.topLevelItem(0))
    detail, servers = page.detail, page.servers
    qtbot.waitUntil(lambda: detail.isVisible() and detail.geometry().top() > servers.geometry().bottom())
    after = page.test_button.mapTo(page, page.test_button.rect().topLeft())
    assert after == before
    page.close()


def test_the_memory_needed_column_header_is_whole_before_a_repository_is_picked(
    qtbot: QtBot,
    hub_services: AppServices,  # noqa: F811 (the fixture of test_get_models_ui)
) -> None:
    window = open_window(qtbot, hub_services)
    window.open_get_models()
    page = window.settings_dialog.get_models_page
    header = page.files.horizontalHeader()
    font = header.font()
    font.setPointSize(font.pointSize() + 4)  # a desktop's larger font: "Memory needed" is wider than 100 px
    header.setFont(font)
    assert page.files.rowCount() == 0
    qtbot.waitUntil(lambda: header.sectionSize(3) > 0)
    for column in range(1, page.files.columnCount()):
        title = page.files.horizontalHeaderItem(column).text()
        assert header.sectionSize(column) >= header.fontMetrics().horizontalAdvance(title), title
    window.settings_dialog.close()
    window.close()
