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

if TYPE_CHECKING:
    from mira_desktop.services.app.bundle import AppServices
    from mira_desktop.ui.changes import ChangeSignal
    from mira_desktop.ui.chat.composer import Composer
    from mira_desktop.ui.chat.header import ChatHeader
    from mira_desktop.ui.chat.thread_actions import ThreadActions
    from mira_desktop.ui.chat.view import ChatView
    from mira_desktop.ui.operations import OperationRunner
    from mira_desktop.ui.shell.sidebar import ThreadSidebar


# Shortcuts that make no sense as a command typed into Ctrl+K (it is Ctrl+K; Esc stops an answer).
PALETTE_SKIPS = {"shortcuts.switcher", "shortcuts.stop", "shortcuts.send"}


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
    header: ChatHeader
    thread_actions: ThreadActions
    current_thread_id: str | None
    composer: Composer

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
        _own_window(workbench, self._host())
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
        _own_window(page, self._host())
        page.show()

    def open_settings(self) -> None:
        from mira_desktop.ui.settings.dialog import SettingsDialog

        assert self.services is not None
        if _raised(getattr(self, "settings_dialog", None)):
            return
        dialog = SettingsDialog(self.services, self.background, self._host(), self.changes)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        def use(name: str) -> None:
            dialog.close()
            self.use_skill(name)

        dialog.capabilities_page.use_skill.connect(use)
        self.settings_dialog = dialog
        dialog.show()

    def open_capabilities(self) -> None:
        """Settings → Capabilities: every skill and tool, what it needs and whether it is ready."""
        self.open_settings()
        self.settings_dialog.show_page(self.settings_dialog.capabilities_page)

    def use_skill(self, name: str) -> None:
        """``/name`` in front of the draft: the next message sends that skill's instructions."""
        from mira_desktop.ui.chat.skill_picker import pick_skill

        self._host().activateWindow()
        pick_skill(self.composer, name)

    def open_get_models(self) -> None:
        """Settings → Get models, at once: where a person finds, fits and downloads a model."""
        self.open_settings()
        self.settings_dialog.open_get_models()

    def open_switcher(self) -> None:
        """Ctrl+K: a thread, a project or a command, by a few letters of its name. Every thread, active
        or archived, whatever the sidebar's search shows — only the project's while the sidebar's
        search is kept to one ("Project: NAME" keeps it to that one): the sidebar's rows at once, the
        rest read in the background and added as they come."""
        from mira_desktop.ui.shell.project_groups import PROJECT_ROLE, is_thread
        from mira_desktop.ui.shell.quick_switcher import QuickSwitcher

        entries = self.palette_commands()
        listed: set[str] = set()
        scope = self.sidebar.scope
        for row in range(self.sidebar.thread_list.count()):
            item = self.sidebar.thread_list.item(row)
            thread_id = item.data(Qt.ItemDataRole.UserRole)
            if not is_thread(thread_id) or (scope is not None and item.data(PROJECT_ROLE) != scope):
                continue
            listed.add(str(thread_id))
            title = item.text().split("\n", 1)[0].strip()
            entries.append((tr("switcher.thread", title=title), partial(self.open_thread, str(thread_id))))
        entries += [
            (tr("switcher.project", name=p.workspace.name), partial(self.sidebar.set_scope, p.workspace.id))
            for p in self.sidebar.projects
        ]
        switcher = QuickSwitcher(entries, self._host())
        self.switcher = switcher
        switcher.show()
        if self.services is None:
            return
        threads = self.services.threads

        skills = self.services.skills

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
                (tr("switcher.thread", title=title or tr("thread.untitled")), partial(self.open_thread, tid))
                for tid, title in rest
            ]
            switcher.add_entries(entries)

        self.background.op(switcher, load).success(add).run()

    def palette_commands(self) -> list[tuple[str, Callable[[], None]]]:
        """The commands Ctrl+K offers: every named action and shortcut of the window (menus, new chat,
        attach, …) with its keys, and the chat's switches (agent mode, speak answers)."""
        from PySide6.QtGui import QAction, QShortcut

        from mira_desktop.ui.shell.quick_switcher import KEYS_GAP
        from mira_desktop.ui.shortcuts import HELP, bound_keys, key_text

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
        self.header.agent_button.toggle()

    def _toggle_speech(self) -> None:
        self.thread_actions.toggle_speech(self.current_thread_id)

    def show_shortcuts(self) -> None:
        from mira_desktop.ui.shortcuts import sheet_html

        box = QMessageBox(
            QMessageBox.Icon.NoIcon, tr("menu.shortcuts"), sheet_html(self._host()), parent=self._host()
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
        """Open source [number] of an answer in Mira's viewer, the cited passage marked."""
        from mira_desktop.ui.chat.source_viewer import open_source_viewer

        assert self.services is not None

        def opened(dialog: QWidget) -> None:
            self.source_dialog = dialog

        open_source_viewer(
            self._host(), self.services, self.background, message_id, number,
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
