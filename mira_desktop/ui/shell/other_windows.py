"""The windows and dialogs the main window opens: Roles, Knowledge, Settings, the quick switcher, the
shortcuts sheet, the trash, a backup, and a cited source. Built by :class:`MainWindow` once its
services are attached (before then its menus are disabled)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget
from shiboken6 import isValid

from mira_desktop.ui.language.i18n import explain, tr

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.chat.thread_actions import ThreadActions
    from mira_desktop.ui.knowledge.page import KnowledgePage
    from mira_desktop.ui.roles.workbench import RoleWorkbench
    from mira_desktop.ui.runtime.changes import ChangeSignal
    from mira_desktop.ui.runtime.operations import OperationRunner
    from mira_desktop.ui.settings.dialog import SettingsDialog
    from mira_desktop.ui.shell.quick_switcher import QuickSwitcher
    from mira_desktop.ui.shell.sidebar import ThreadSidebar
    from mira_desktop.ui.shell.trash_dialog import TrashDialog


# Shortcuts that make no sense as a command typed into Ctrl+K (it is Ctrl+K; Esc stops an answer).
PALETTE_SKIPS = {"shortcuts.switcher", "shortcuts.stop", "shortcuts.send"}


class OtherWindows:
    """Opens the windows and dialogs, one of each at a time (opened again: the open one comes to the
    front), and keeps them under the names the window's tests and scripts use."""

    def __init__(
        self,
        window: QMainWindow,
        *,
        services: AppServices,
        runner: OperationRunner,
        changes: ChangeSignal,
        sidebar: ThreadSidebar,
        header: ChatHeader,
        composer: Composer,
        thread_actions: ThreadActions,
        current: Callable[[], str | None],
        open_thread: Callable[[str], None],
        start_chat_with_role: Callable[[str], None],
        notice: Callable[[str], None],
    ) -> None:
        self._window = window
        self._services = services
        self._runner = runner
        self._changes = changes
        self._sidebar = sidebar
        self._header = header
        self._composer = composer
        self._thread_actions = thread_actions
        self._current = current
        self._open_thread = open_thread
        self._start_chat_with_role = start_chat_with_role
        self._notice = notice
        self.role_workbench: RoleWorkbench | None = None
        self.knowledge_page: KnowledgePage | None = None
        self.settings_dialog: SettingsDialog | None = None
        self.switcher: QuickSwitcher | None = None
        self.shortcuts_sheet: QMessageBox | None = None
        self.trash_dialog: TrashDialog | None = None
        self.source_dialog: QWidget | None = None

    def _host(self) -> QMainWindow:
        return self._window

    def open_roles(self) -> None:
        from mira_desktop.ui.roles.workbench import RoleWorkbench

        if _raised(self.role_workbench):
            return  # pressed again: the open window comes to the front, no second one
        workbench = RoleWorkbench(self._services, self._runner, self._changes)
        workbench.setWindowTitle(tr("menu.roles").rstrip("…"))
        workbench.resize(1100, 760)
        workbench.start_chat_requested.connect(self._start_chat_with_role)
        self.role_workbench = workbench
        _own_window(workbench, self._host())
        workbench.show()

    def open_knowledge(self) -> None:
        from mira_desktop.ui.knowledge.page import KnowledgePage

        if _raised(self.knowledge_page):
            return
        page = KnowledgePage(self._services, self._runner, self._changes)
        page.setWindowTitle(tr("menu.knowledge").rstrip("…"))
        page.resize(1100, 760)
        self.knowledge_page = page
        _own_window(page, self._host())
        page.show()

    def open_settings(self) -> SettingsDialog:
        from mira_desktop.ui.settings.dialog import SettingsDialog

        if self.settings_dialog is not None and _raised(self.settings_dialog):
            return self.settings_dialog
        dialog = SettingsDialog(self._services, self._runner, self._host(), self._changes)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        def use(name: str) -> None:
            dialog.close()
            self.use_skill(name)

        dialog.capabilities_page.use_skill.connect(use)
        self.settings_dialog = dialog
        dialog.show()
        return dialog

    def open_capabilities(self) -> None:
        """Settings → Capabilities: every skill and tool, what it needs and whether it is ready."""
        dialog = self.open_settings()
        dialog.show_page(dialog.capabilities_page)

    def use_skill(self, name: str) -> None:
        """``/name`` in front of the draft: the next message sends that skill's instructions."""
        from mira_desktop.ui.chat.skill_picker import pick_skill

        self._host().activateWindow()
        pick_skill(self._composer, name)

    def open_get_models(self) -> None:
        """Settings → Get models, at once: where a person finds, fits and downloads a model."""
        self.open_settings().open_get_models()

    def open_switcher(self) -> None:
        """Ctrl+K: a thread, a project or a command, by a few letters of its name. Every thread, active
        or archived, whatever the sidebar's search shows — only the project's while the sidebar's
        search is kept to one ("Project: NAME" keeps it to that one): the sidebar's rows at once, the
        rest read in the background and added as they come."""
        from mira_desktop.ui.shell.project_groups import PROJECT_ROLE, is_thread
        from mira_desktop.ui.shell.quick_switcher import QuickSwitcher

        entries = self.palette_commands()
        listed: set[str] = set()
        scope = self._sidebar.scope
        for row in range(self._sidebar.thread_list.count()):
            item = self._sidebar.thread_list.item(row)
            thread_id = item.data(Qt.ItemDataRole.UserRole)
            if not is_thread(thread_id) or (scope is not None and item.data(PROJECT_ROLE) != scope):
                continue
            listed.add(str(thread_id))
            title = item.text().split("\n", 1)[0].strip()
            entries.append((tr("switcher.thread", title=title), partial(self._open_thread, str(thread_id))))
        entries += [
            (tr("switcher.project", name=p.workspace.name), partial(self._sidebar.set_scope, p.workspace.id))
            for p in self._sidebar.projects
        ]
        switcher = QuickSwitcher(entries, self._host())
        self.switcher = switcher
        switcher.show()
        threads = self._services.threads

        skills = self._services.skills

        def load() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
            every = threads.in_project(scope) if scope is not None else threads.list(None)
            rest = [(t.id, t.title) for t in every if t.id not in listed]
            return rest, [(s.name, s.description) for s in skills.enabled()]

        def add(found: tuple[list[tuple[str, str]], list[tuple[str, str]]]) -> None:
            rest, on = found
            entries: list[tuple[str, Callable[[], None]]] = [
                (tr("switcher.skill", name=name, description=description), partial(self.use_skill, name))
                for name, description in on
            ]
            entries += [
                (tr("switcher.thread", title=title or tr("thread.untitled")), partial(self._open_thread, tid))
                for tid, title in rest
            ]
            switcher.add_entries(entries)

        self._runner.op(switcher, load).success(add).run()

    def palette_commands(self) -> list[tuple[str, Callable[[], None]]]:
        """The commands Ctrl+K offers: every named action and shortcut of the window (menus, new chat,
        attach, …) with its keys, and the chat's switches (agent mode, speak answers)."""
        from PySide6.QtGui import QAction, QShortcut

        from mira_desktop.ui.desktop.shortcuts import HELP, bound_keys, key_text
        from mira_desktop.ui.shell.quick_switcher import KEYS_GAP

        host = self._host()
        commands: list[tuple[str, Callable[[], None]]] = []
        seen: set[str] = set()
        targets = [*host.findChildren(QAction), *host.findChildren(QShortcut)]
        for target in targets:
            help_key = target.property(HELP)
            if not help_key or help_key in seen or help_key in PALETTE_SKIPS:
                continue
            seen.add(str(help_key))
            keys = key_text(bound_keys(target))
            label = tr(str(help_key)) + (f"{KEYS_GAP}{keys}" if keys else "")
            run = target.trigger if isinstance(target, QAction) else cast("QShortcut", target).activated.emit
            commands.append((label, run))
        commands.append((tr("look.command.agent"), self._toggle_agent))
        commands.append((tr("look.command.speak"), self._toggle_speech))
        return commands

    def _toggle_agent(self) -> None:
        self._header.agent_button.toggle()

    def _toggle_speech(self) -> None:
        self._thread_actions.toggle_speech(self._current())

    def show_shortcuts(self) -> None:
        from mira_desktop.ui.desktop.shortcuts import sheet_html

        box = QMessageBox(
            QMessageBox.Icon.NoIcon, tr("menu.shortcuts"), sheet_html(self._host()), parent=self._host()
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.shortcuts_sheet = box
        box.show()

    def open_trash(self) -> None:
        from mira_desktop.ui.shell.trash_dialog import TrashDialog

        if self.trash_dialog is None:
            self.trash_dialog = TrashDialog(self._services, self._runner, self._changes, self._host())
        self.trash_dialog.show()
        self.trash_dialog.raise_()
        self.trash_dialog.activateWindow()

    def back_up(self) -> None:
        from mira_desktop.ui.shell.backup_dialog import start_backup

        start_backup(self._host(), self._services, self._runner)

    def open_source(self, message_id: str, number: int) -> None:
        """Open source [number] of an answer in Mira's viewer, the cited passage marked."""
        from mira_desktop.ui.chat.source_viewer import open_source_viewer

        def opened(dialog: QWidget) -> None:
            self.source_dialog = dialog

        open_source_viewer(
            self._host(), self._services, self._runner, message_id, number,
            on_failure=lambda exc: self._notice(explain(exc)), on_opened=opened,
        )  # fmt: skip


def _own_window(window: QWidget, host: QWidget) -> None:
    """A window of its own (Roles, Knowledge) that behaves like Settings: it opens centred over the
    main window (kept on its screen), and Esc closes it."""
    from PySide6.QtGui import QKeySequence, QShortcut

    area = host.screen().availableGeometry()
    size = window.size().boundedTo(area.size())
    window.resize(size)
    place = window.geometry()
    place.moveCenter(host.frameGeometry().center())
    x = min(max(place.left(), area.left()), area.right() - size.width() + 1)
    y = min(max(place.top(), area.top()), area.bottom() - size.height() + 1)
    window.move(x, y)
    QShortcut(QKeySequence(Qt.Key.Key_Escape), window, window.close)


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
