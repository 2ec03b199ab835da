"""Opening things: a file the system cannot open is said in the window, and the shortcuts of the
Roles and Knowledge windows bring the open one to the front instead of a second one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QAction, QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from mira_desktop.services.app.bundle import AppServices
from mira_desktop.ui.desktop.external_open import FAILED_BOX, open_externally
from tests.gui.conftest import QtMessages
from tests.gui.support import open_window

OPEN_REFUSED = r"does not support QPlatformServices::openDocument"  # the offscreen platform has no opener


def _failure_boxes() -> list[QMessageBox]:
    return [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, QMessageBox) and w.objectName() == FAILED_BOX
    ]


class _Opener(QObject):
    """Stands in for the desktop's program for ``file:`` URLs (what a desktop with xdg-open does)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url.toLocalFile())


def test_a_file_no_program_opens_is_said_in_the_window_with_its_path_to_copy(
    qtbot: QtBot, tmp_path: Path, qt_messages: QtMessages
) -> None:
    # The offscreen platform, like a desktop without xdg-open, has no launcher: openUrl returns False.
    note = tmp_path / "notes.docx"
    note.write_bytes(b"PK")
    assert open_externally(note) is False
    qt_messages.expect(OPEN_REFUSED)
    qtbot.waitUntil(lambda: len(_failure_boxes()) == 1)
    box = _failure_boxes()[0]
    assert "notes.docx" in box.text()
    assert str(note) in box.text()
    copy = next(b for b in box.findChildren(QPushButton) if b.text() == "Copy the path")
    copy.click()
    assert QGuiApplication.clipboard().text() == str(note)
    qtbot.waitUntil(lambda: not _failure_boxes())  # the button closed it


def test_a_file_the_desktop_opens_goes_to_its_program_and_says_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    opener = _Opener()
    QDesktopServices.setUrlHandler("file", opener, "open")
    try:
        note = tmp_path / "report.txt"
        note.write_text("hello")
        assert open_externally(note) is True
        assert opener.opened == [str(note)]
        assert not _failure_boxes()
    finally:
        QDesktopServices.unsetUrlHandler("file")


def test_a_cited_text_file_the_system_cannot_open_is_said_not_silently_dropped(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, qt_messages: QtMessages
) -> None:
    from mira_desktop.services.knowledge.sources import SourceFile
    from mira_desktop.ui.chat.source_viewer import open_in_system_viewer

    window = open_window(qtbot, app_services)
    cited = tmp_path / "guide.md"
    cited.write_text("# Guide\n")
    assert open_in_system_viewer(SourceFile(cited, "guide.md", None, "lines 1–1"), window) is False
    qt_messages.expect(OPEN_REFUSED)
    qtbot.waitUntil(lambda: len(_failure_boxes()) == 1)
    assert _failure_boxes()[0].parent() is window
    _failure_boxes()[0].close()
    window.close()


def _press(window: QWidget, shortcut: str) -> None:
    """What the shortcut does: the window's action bound to it, triggered."""
    wanted = QKeySequence(shortcut)
    action = next(a for a in window.findChildren(QAction) if wanted in a.shortcuts())
    action.trigger()


def test_the_roles_and_knowledge_shortcuts_raise_the_open_window_instead_of_a_second(
    qtbot: QtBot, app_services: AppServices
) -> None:
    window = open_window(qtbot, app_services)
    _press(window, "Ctrl+Shift+R")
    qtbot.waitUntil(lambda: getattr(window, "role_workbench", None) is not None)
    roles = window.role_workbench
    qtbot.waitExposed(roles)
    roles.showMinimized()
    window.activateWindow()
    _press(window, "Ctrl+Shift+R")
    assert window.role_workbench is roles
    assert not roles.isMinimized()

    _press(window, "Ctrl+Shift+K")
    qtbot.waitUntil(lambda: getattr(window, "knowledge_page", None) is not None)
    knowledge = window.knowledge_page
    _press(window, "Ctrl+Shift+K")
    assert window.knowledge_page is knowledge
    open_windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w is not window]
    assert sum(1 for w in open_windows if type(w) is type(knowledge)) == 1
    assert sum(1 for w in open_windows if type(w) is type(roles)) == 1

    knowledge.close()  # closed: the shortcut opens a new one
    window.open_knowledge()
    assert window.knowledge_page is not knowledge
    window.close()
