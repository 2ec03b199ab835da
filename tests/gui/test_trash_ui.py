"""The trash in the window: delete with Undo, the sidebar's count, the Trash dialog, a backup from the menu."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from mira_desktop.core.conversation.threads import MessageRole
from mira_desktop.services.app.bundle import AppServices
from mira_desktop.store.messages import MessageRepository
from mira_desktop.store.threads import ThreadRepository
from mira_desktop.ui.shell.backup_dialog import start_backup
from mira_desktop.ui.shell.trash_dialog import TrashDialog
from tests.gui.support import open_window


def _thread(services: AppServices, title: str, **bindings: str) -> str:
    thread = ThreadRepository(services.database).create(title=title, **bindings)  # type: ignore[arg-type]
    MessageRepository(services.database).add(thread.id, MessageRole.USER, "hello")
    return thread.id


def test_a_deleted_thread_goes_to_the_trash_with_undo_and_the_count_follows(
    qtbot: QtBot, app_services: AppServices
) -> None:
    thread_id = _thread(app_services, "Kyoto trip")
    window = open_window(qtbot, app_services)
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    window.thread_actions.delete(thread_id)  # the thread menu's "Move to trash": no question asked
    qtbot.waitUntil(window.undo_notice.isVisible)
    assert "Kyoto trip" in window.undo_notice.label.text()
    qtbot.waitUntil(lambda: window.sidebar.trash_button.text().endswith("(1)"))
    assert window.sidebar.list_stack.currentWidget() is window.sidebar.empty_label
    window.undo_notice.button.click()
    qtbot.waitUntil(lambda: window.sidebar.thread_list.count() == 1)
    qtbot.waitUntil(lambda: window.sidebar.trash_button.text().endswith("(0)"))
    assert not window.undo_notice.isVisible()
    window.close()


def test_the_trash_dialog_restores_with_notes_and_empties_after_asking(
    qtbot: QtBot, app_services: AppServices, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    role = app_services.roles.list()[0]
    kept = _thread(app_services, "Bound", role_id=role.id)
    gone = _thread(app_services, "Gone")
    window = open_window(qtbot, app_services)
    dialog = TrashDialog(app_services, window.background, window.changes, window)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.empty_label.isVisible() and not dialog.empty_button.isEnabled())
    app_services.threads.delete(kept)  # from anywhere: the dialog follows the trash
    app_services.roles.delete(role.id)
    app_services.threads.delete(gone)
    qtbot.waitUntil(lambda: dialog.entries.topLevelItemCount() == 3)
    labels = [dialog.entries.topLevelItem(i).text(0) for i in range(3)]
    assert labels == ["Gone", role.name, "Bound"]  # newest first
    assert dialog.entries.topLevelItem(1).text(1) == "Role"
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _parent, _title, text: shown.append(text))
    dialog.entries.topLevelItem(2).setSelected(True)  # the thread, whose role is in the trash
    dialog.restore_selected()
    qtbot.waitUntil(lambda: dialog.entries.topLevelItemCount() == 2)
    qtbot.waitUntil(lambda: bool(shown))
    assert "is in the trash" in shown[0]
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.No)
    dialog.empty_trash()
    assert dialog.entries.topLevelItemCount() == 2  # "No": nothing was deleted
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: QMessageBox.StandardButton.Yes)
    dialog.empty_trash()
    qtbot.waitUntil(dialog.empty_label.isVisible)
    assert app_services.trash.list() == []
    assert [t.title for t in app_services.threads.list()] == ["Bound"]
    dialog.close()
    window.close()


def test_back_up_from_the_menu_saves_a_verified_archive(
    qtbot: QtBot, app_services: AppServices, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    _thread(app_services, "Saved")
    window = open_window(qtbot, app_services)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _parent, _title, text: shown.append(text))
    target = tmp_path / "from-menu.zip"
    start_backup(window, app_services, window.background, target)
    qtbot.waitUntil(lambda: bool(shown), timeout=30000)
    assert str(target) in shown[0]
    assert app_services.backup.verify(target).kind == "full"
    window.close()


def test_restore_notes_are_said_in_the_windows_language(
    qtbot: QtBot, app_services: AppServices, chinese: None, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    role = app_services.roles.list()[0]
    kept = _thread(app_services, "Bound", role_id=role.id)
    app_services.threads.delete(kept)
    app_services.roles.delete(role.id)
    window = open_window(qtbot, app_services)
    dialog = TrashDialog(app_services, window.background, window.changes, window)  # type: ignore[arg-type]
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.entries.topLevelItemCount() == 2)
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _parent, _title, text: shown.append(text))
    thread_row = next(
        dialog.entries.topLevelItem(i) for i in range(2) if dialog.entries.topLevelItem(i).text(0) == "Bound"
    )
    thread_row.setSelected(True)
    dialog.restore_selected()
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [f"它的角色 {role.name!r} 在回收站中：恢复该角色即可重新绑定。"]
    dialog.close()
    window.close()
