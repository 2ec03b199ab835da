"""Workspaces in the window: Settings → Workspaces adds, renames, opens and trashes them with the
checks of `mira workspaces`, and the agent's workspace picker adds a folder on the spot."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.chat.header import ADD_FOLDER
from mira_desktop.ui.runtime.changes import ChangeSignal
from mira_desktop.ui.runtime.operations import OperationRunner
from mira_desktop.ui.settings.workspaces_page import WorkspacesPage
from tests.gui.support import open_window


@pytest.fixture
def page(
    qtbot: QtBot, app_services: AppServices, runner: OperationRunner, changes: ChangeSignal
) -> WorkspacesPage:
    widget = WorkspacesPage(app_services, runner, changes)
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitUntil(lambda: widget.list.count() == 1)
    return widget


def _names(page: WorkspacesPage) -> list[str]:
    return page.names()


def test_a_folder_added_in_settings_is_a_workspace_and_can_be_renamed(
    qtbot: QtBot, page: WorkspacesPage, app_services: AppServices, tmp_path: Path
) -> None:
    folder = tmp_path / "website"
    folder.mkdir()
    page.pick = lambda _parent: str(folder)
    page.name = lambda _parent, _title, suggested: suggested  # the folder's name, as offered
    page.add_button.click()
    qtbot.waitUntil(lambda: _names(page) == ["Mira BASE (default)", "website"])
    assert page.selected() is not None
    assert page.selected().root_path == str(folder.resolve())
    assert "Added the workspace website" in page.message.text()

    page.name = lambda _parent, _title, _suggested: "Company site"
    page.rename_button.click()
    qtbot.waitUntil(lambda: _names(page) == ["Mira BASE (default)", "Company site"])
    assert [w.name for w in app_services.workspaces.list()] == ["Mira BASE", "Company site"]


def test_settings_refuses_what_the_command_refuses_and_changes_nothing(
    qtbot: QtBot, page: WorkspacesPage, app_services: AppServices, tmp_path: Path
) -> None:
    page.pick = lambda _parent: str(Path.home())
    page.name = lambda _parent, _title, _suggested: "Home"
    page.add_button.click()
    qtbot.waitUntil(lambda: page.message.text() != "")
    assert "home folder" in page.message.text()
    folder = tmp_path / "notes"
    folder.mkdir()
    page.pick = lambda _parent: str(folder)
    page.name = lambda _parent, _title, _suggested: "   "
    page.add_button.click()
    qtbot.waitUntil(lambda: "needs a name" in page.message.text())
    assert [w.name for w in app_services.workspaces.list()] == ["Mira BASE"]
    page.list.setCurrentRow(0)
    assert not page.delete_button.isEnabled()  # Mira BASE cannot be deleted


def test_delete_moves_the_workspace_to_the_trash_and_keeps_its_folder(
    qtbot: QtBot, page: WorkspacesPage, app_services: AppServices, tmp_path: Path, monkeypatch
) -> None:
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    added = app_services.workspaces.add("Project", str(folder))
    qtbot.waitUntil(lambda: page.list.count() == 2)  # followed: added by the service, shown here
    page.select(added.id)
    asked: list[str] = []
    monkeypatch.setattr(page, "confirm", lambda text: asked.append(text) or True)
    page.delete_button.click()
    qtbot.waitUntil(lambda: page.list.count() == 1)
    assert "not touched" in asked[0]
    assert (folder / "keep.txt").read_text() == "mine"
    assert [e.kind for e in app_services.trash.list()] == ["workspace"]


class _FileManager(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url.toLocalFile())


def test_open_shows_the_folder_in_the_file_manager(qtbot: QtBot, page: WorkspacesPage) -> None:
    manager = _FileManager()
    QDesktopServices.setUrlHandler("file", manager, "open")
    try:
        page.list.setCurrentRow(0)
        page.open_button.click()
        assert manager.opened == [page.selected().root_path]
    finally:
        QDesktopServices.unsetUrlHandler("file")


def test_the_agent_picker_adds_a_folder_and_works_in_it(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch
) -> None:
    from mira_desktop.ui.settings import workspaces_page

    folder = tmp_path / "scripts"
    folder.mkdir()
    monkeypatch.setattr(workspaces_page, "choose_folder", lambda _parent: str(folder))
    monkeypatch.setattr(workspaces_page, "ask_name", lambda _parent, _title, suggested: suggested)
    window = open_window(qtbot, app_services)
    header = window.header
    header.agent_button.click()
    qtbot.waitUntil(header.workspace_picker.isVisible)
    qtbot.waitUntil(lambda: header.workspace_picker.findData(ADD_FOLDER) >= 0)
    assert header.workspace_picker.itemText(header.workspace_picker.count() - 1) == "Add a folder…"
    header.workspace_picker.activated.emit(header.workspace_picker.findData(ADD_FOLDER))
    qtbot.waitUntil(lambda: len(app_services.workspaces.list()) == 2)
    added = next(w for w in app_services.workspaces.list() if not w.is_default)
    assert added.name == "scripts"
    qtbot.waitUntil(lambda: header.workspace_picker.currentData() == added.id)
    assert header.draft.workspace_id == added.id
    assert window.send_options().workspace_id == added.id
    window.close()
