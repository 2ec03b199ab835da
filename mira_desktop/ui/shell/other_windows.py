"""The windows and dialogs the main window opens: Roles, Knowledge, Settings, the quick switcher, the
shortcuts sheet, the trash, a backup, and a cited source. A mixin of :class:`MainWindow`, which
holds the services, the operation runner and the change signal they need."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget
from shiboken6 import isValid

from mira_desktop.ui.i18n import explain, tr
from mira_desktop.ui.shell.sidebar import MORE

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.operations import OperationRunner
    from mira_desktop.ui.shell.sidebar import ThreadSidebar


class OtherWindows:
    services: AppServices | None
    background: OperationRunner
    changes: ChangeSignal | None
    sidebar: ThreadSidebar
    chat_view: ChatView
    new_chat: Callable[[], None]
    open_thread: Callable[[str], None]
    start_chat_with_role: Callable[[str], None]
    _notice: Callable[[str], None]
    trash_dialog: Any

    def _host(self) -> QMainWindow:
        """The main window this mixin is part of."""
        return cast("QMainWindow", self)

    def open_roles(self) -> None:
        from mira_desktop.ui.roles.workbench import RoleWorkbench

        assert self.services is not None
        if _raised(getattr(self, "role_workbench", None)):
            return  # pressed again: the open window comes to the front, no second one
        workbench = RoleWorkbench(self.services, self.background, self.changes)
        workbench.setWindowTitle(tr("menu.roles").rstrip("…"))
        workbench.resize(1100, 760)
        workbench.start_chat_requested.connect(self.start_chat_with_role)
        self.role_workbench = workbench
        workbench.show()

    def open_knowledge(self) -> None:
        from mira_desktop.ui.knowledge.page import KnowledgePage

        assert self.services is not None
        assert self.changes is not None
        if _raised(getattr(self, "knowledge_page", None)):
            return
        page = KnowledgePage(self.services, self.background, self.changes)
        page.setWindowTitle(tr("menu.knowledge").rstrip("…"))
        page.resize(1100, 760)
        self.knowledge_page = page
        page.show()

    def open_settings(self) -> None:
        from mira_desktop.ui.settings.dialog import SettingsDialog

        assert self.services is not None
        if _raised(getattr(self, "settings_dialog", None)):
            return
        dialog = SettingsDialog(self.services, self.background, self._host(), self.changes)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.settings_dialog = dialog
        dialog.show()

    def open_models_page(self) -> None:
        """Where every "pick a model that can …" leads: Settings → Models today; point it at the
        page that gets new models once there is one."""
        self.open_settings()
        self.settings_dialog.show_page(self.settings_dialog.models_page)

    def open_switcher(self) -> None:
        """Ctrl+K: a thread or a command, by a few letters of its name."""
        from mira_desktop.ui.shell.quick_switcher import QuickSwitcher

        entries: list[tuple[str, Callable[[], None]]] = [
            (tr("sidebar.new_chat"), self.new_chat),
            (tr("menu.settings").rstrip("…"), self.open_settings),
            (tr("menu.roles").rstrip("…"), self.open_roles),
            (tr("menu.knowledge").rstrip("…"), self.open_knowledge),
            (tr("menu.shortcuts"), self.show_shortcuts),
        ]
        for row in range(self.sidebar.thread_list.count()):
            item = self.sidebar.thread_list.item(row)
            thread_id = str(item.data(Qt.ItemDataRole.UserRole))
            if thread_id == MORE:
                continue
            title = item.text().split("\n", 1)[0]
            entries.append((tr("switcher.thread", title=title), partial(self.open_thread, thread_id)))
        self.switcher = QuickSwitcher(entries, self._host())
        self.switcher.show()

    def show_shortcuts(self) -> None:
        from mira_desktop.ui.shell.quick_switcher import shortcuts_html

        box = QMessageBox(
            QMessageBox.Icon.NoIcon, tr("menu.shortcuts"), shortcuts_html(), parent=self._host()
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.shortcuts_sheet = box
        box.show()

    def open_trash(self) -> None:
        if self.services is None or self.changes is None:
            return
        from mira_desktop.ui.shell.trash_dialog import TrashDialog

        if getattr(self, "trash_dialog", None) is None:
            self.trash_dialog = TrashDialog(self.services, self.background, self.changes, self._host())
        self.trash_dialog.show()
        self.trash_dialog.raise_()
        self.trash_dialog.activateWindow()

    def back_up(self) -> None:
        if self.services is not None:
            from mira_desktop.ui.shell.backup_dialog import start_backup

            start_backup(self._host(), self.services, self.background)

    def open_source(self, message_id: str, number: int) -> None:
        """Open source [number] of an answer: a PDF at its page inside Mira, anything else outside."""
        from mira_desktop.services.knowledge.sources import SourceFile
        from mira_desktop.ui.chat.source_viewer import PdfPageDialog, load_source, open_in_system_viewer

        assert self.services is not None
        services, widget = self.services, self.chat_view.widgets.get(message_id)
        ref = next((s for s in widget.message.sources if s.n == number), None) if widget else None

        def load() -> tuple[SourceFile, bytes | None]:
            return load_source(services, message_id, number, ref)

        def shown(result: tuple[SourceFile, bytes | None]) -> None:
            source, png = result
            if png is None:
                open_in_system_viewer(source, self._host())
                return
            dialog = PdfPageDialog(source, png, self._host())
            self.source_dialog = dialog
            dialog.show()

        self.background.op(self._host(), load).success(shown).failure(
            lambda exc: self._notice(explain(exc))
        ).run()


def _raised(window: QWidget | None) -> bool:
    """Bring ``window`` to the front if it is still open (shown, minimised or not); False if there
    is none to raise (never opened, or closed: a closed one is built anew)."""
    if window is None or not isValid(window) or not window.isVisible():
        return False  # never opened, or closed (a dialog deleted on close is gone)
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()
    return True
