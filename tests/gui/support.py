"""Helpers the GUI tests share: opening the main window, an agent draft in a workspace, dropping files
on a widget."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.services.app.first_look import read_first_look
from mira_desktop.ui.shell.main_window import MainWindow
from mira_desktop.ui.shell.sidebar import PAGE


def open_window(qtbot: QtBot, services: AppServices, *, ready: bool = False) -> MainWindow:
    """The main window shown with the data folder's first look (as the app starts it) and attached to
    ``services``; ``ready`` skips the model check."""
    window = MainWindow(str(services.folder.root), read_first_look(services.folder.root, PAGE))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.attach(services)
    if ready:
        window.composer.set_ready(True)
    return window


def agent_draft_in(qtbot: QtBot, window: MainWindow, workspace_id: str) -> None:
    """Agent mode on the window's draft, in the workspace ``workspace_id``, picked as a person picks it."""
    picker = window.header.workspace_picker
    qtbot.waitUntil(lambda: picker.findData(workspace_id) >= 0)
    window.header.agent_button.click()
    index = picker.findData(workspace_id)
    picker.setCurrentIndex(index)
    picker.activated.emit(index)


def drop_files(widget: QWidget, paths: list[Path]) -> None:
    """What dropping ``paths`` from a file manager onto ``widget`` does."""
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    event = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    widget.dropEvent(event)
